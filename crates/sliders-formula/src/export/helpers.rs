//! The generated helpers' source: a function for each builtin the formula uses, and the mask tables.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::naming::{mask_of, Use};
use super::{Export, Lang};
use crate::names::Builtin;
use sliders::trace::Mask;
use sliders::Square;

impl Export<'_> {
    pub(super) fn helpers(&mut self) {
        match self.lang {
            Lang::C => self.c_helpers(),
            Lang::Rust => self.rust_helpers(),
        }
        let masks: Vec<(Mask, String, String)> = self.uses.iter().filter_map(|&use_| mask_of(use_)).collect();
        if masks.is_empty() {
            return;
        }
        match self.lang {
            Lang::C => {
                self.line(0, "// The masks, each a table by square (a1 = 0, b1 = 1, ..., h8 = 63) read by a function.");
                self.line(0, "// Their square s must be 0 to 63: the formula faults on a larger number, and so does");
                self.line(0, "// the assert (without it, the read would run past the table).");
            }
            Lang::Rust => {
                self.line(0, "// The masks, each a table by square (a1 = 0, b1 = 1, ..., h8 = 63) read by a function.");
                self.line(0, "// Their square s must be 0 to 63: a larger number panics, where the formula faults.");
            }
        }
        self.line(0, "");
        for (mask, name, what) in masks {
            self.mask_helper(mask, &name, &what);
        }
    }

    fn c_helpers(&mut self) {
        for use_ in self.uses.clone() {
            let Use::Builtin(builtin) = use_ else { continue };
            let Some((what, body)) = c_helper(builtin) else { continue };
            let name = builtin.signature().split('(').next().unwrap_or("x").to_string();
            let parameters = match builtin {
                Builtin::Rotl | Builtin::Rotr => "uint64_t x, uint64_t n",
                Builtin::Bit => "uint64_t s",
                _ => "uint64_t x",
            };
            self.lines(0, &format!("// {what}"));
            self.line(0, &format!("static inline uint64_t formula_{name}({parameters})"));
            self.line(0, "{");
            self.lines(1, body);
            self.line(0, "}");
            self.line(0, "");
        }
        if !self.uses(Builtin::Pext) && !self.uses(Builtin::Pdep) {
            return;
        }
        self.line(0, "// pext(x, mask) gathers the bits of x under mask's one bits to the bottom, lowest first;");
        self.line(0, "// pdep(x, mask) spreads x's low bits, lowest first, onto mask's one bits. BMI2's");
        self.line(0, "// instructions where the build targets BMI2 (-mbmi2, -march=native), else a loop.");
        self.line(0, "#ifdef __BMI2__");
        self.line(0, "#include <immintrin.h>");
        for (builtin, name) in [(Builtin::Pext, "pext"), (Builtin::Pdep, "pdep")] {
            if self.uses(builtin) {
                self.line(0, &format!("static inline uint64_t formula_{name}(uint64_t x, uint64_t mask)"));
                self.line(0, "{");
                self.line(1, &format!("return _{name}_u64(x, mask);"));
                self.line(0, "}");
            }
        }
        self.line(0, "#else");
        if self.uses(Builtin::Pext) {
            self.lines(
                0,
                "static inline uint64_t formula_pext(uint64_t x, uint64_t mask)
{
    uint64_t result = 0;
    uint64_t out = 1;
    while (mask != 0) {
        uint64_t lowest = mask & (0 - mask);
        if (x & lowest) {
            result |= out;
        }
        out <<= 1;
        mask ^= lowest;
    }
    return result;
}",
            );
        }
        if self.uses(Builtin::Pdep) {
            self.lines(
                0,
                "static inline uint64_t formula_pdep(uint64_t x, uint64_t mask)
{
    uint64_t result = 0;
    while (mask != 0) {
        uint64_t lowest = mask & (0 - mask);
        if (x & 1) {
            result |= lowest;
        }
        x >>= 1;
        mask ^= lowest;
    }
    return result;
}",
            );
        }
        self.line(0, "#endif");
        self.line(0, "");
    }

    fn rust_helpers(&mut self) {
        let simple: [(Builtin, &str); 4] = [
            (
                Builtin::Bsr,
                "/// bsr(x): the index of x's highest one bit; 64 when x is zero.
#[inline]
fn formula_bsr(x: u64) -> u64 {
    if x == 0 {
        64
    } else {
        63 - u64::from(x.leading_zeros())
    }
}",
            ),
            (
                Builtin::Ls1b,
                "/// ls1b(x): x's lowest one bit alone; zero when x is zero.
#[inline]
fn formula_ls1b(x: u64) -> u64 {
    x & x.wrapping_neg()
}",
            ),
            (
                Builtin::Ms1b,
                "/// ms1b(x): x's highest one bit alone; zero when x is zero.
#[inline]
fn formula_ms1b(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}",
            ),
            (
                Builtin::Bit,
                "/// bit(s): square s's own bit. s is a square, 0 (a1) to 63 (h8): a larger number panics
/// here, where the formula faults.
#[inline]
fn formula_bit(s: u64) -> u64 {
    assert!(s < 64, \"bit(s): s is not a square\");
    1 << s
}",
            ),
        ];
        for (builtin, text) in simple {
            if self.uses(builtin) {
                self.lines(0, text);
                self.line(0, "");
            }
        }
        let bmi2 = "#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]";
        let portable = "#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]";
        if self.uses(Builtin::Pext) {
            self.lines(
                0,
                &format!(
                    "/// pext(x, mask): the bits of x under mask's one bits, gathered to the bottom, lowest first:
/// BMI2's instruction where the build targets BMI2 (-C target-feature=+bmi2, target-cpu=native).
{bmi2}
#[inline]
fn formula_pext(x: u64, mask: u64) -> u64 {{
    // SAFETY: compiled only for a target with BMI2, so the instruction exists.
    unsafe {{ core::arch::x86_64::_pext_u64(x, mask) }}
}}

/// pext(x, mask) without BMI2: mask's one bits, lowest first.
{portable}
#[inline]
fn formula_pext(x: u64, mask: u64) -> u64 {{
    let mut rest = mask;
    let mut out = 1;
    let mut result = 0;
    while rest != 0 {{
        let lowest = rest & rest.wrapping_neg();
        if x & lowest != 0 {{
            result |= out;
        }}
        out <<= 1;
        rest ^= lowest;
    }}
    result
}}"
                ),
            );
            self.line(0, "");
        }
        if self.uses(Builtin::Pdep) {
            self.lines(
                0,
                &format!(
                    "/// pdep(x, mask): x's low bits, lowest first, spread onto mask's one bits: BMI2's
/// instruction where the build targets BMI2 (-C target-feature=+bmi2, target-cpu=native).
{bmi2}
#[inline]
fn formula_pdep(x: u64, mask: u64) -> u64 {{
    // SAFETY: compiled only for a target with BMI2, so the instruction exists.
    unsafe {{ core::arch::x86_64::_pdep_u64(x, mask) }}
}}

/// pdep(x, mask) without BMI2: mask's one bits, lowest first.
{portable}
#[inline]
fn formula_pdep(x: u64, mask: u64) -> u64 {{
    let mut rest = mask;
    let mut bits = x;
    let mut result = 0;
    while rest != 0 {{
        let lowest = rest & rest.wrapping_neg();
        if bits & 1 != 0 {{
            result |= lowest;
        }}
        bits >>= 1;
        rest ^= lowest;
    }}
    result
}}"
                ),
            );
            self.line(0, "");
        }
    }

    /// A mask's table, from the core's masks, and the function that reads it.
    fn mask_helper(&mut self, mask: Mask, name: &str, what: &str) {
        let values: Vec<u64> = (0..64).map(|s| mask.of(Square::from_index(s)).0).collect();
        let mut rows = Vec::new();
        for row in values.chunks(4) {
            let row: Vec<String> = row.iter().map(|value| format!("{value:#018x},")).collect();
            rows.push(row.join(" "));
        }
        let call = what.split(':').next().unwrap_or(name).to_string();
        match self.lang {
            Lang::C => {
                let table = format!("FORMULA_{}", name.to_ascii_uppercase());
                self.line(0, &format!("// {what}"));
                self.line(0, &format!("static const uint64_t {table}[64] = {{"));
                for row in &rows {
                    self.line(1, row);
                }
                self.line(0, "};");
                self.line(0, &format!("static inline uint64_t formula_{name}(uint64_t s)"));
                self.line(0, "{");
                self.line(1, "assert(s < 64);");
                self.line(1, &format!("return {table}[s];"));
                self.line(0, "}");
            }
            Lang::Rust => {
                self.line(0, &format!("/// {what}"));
                self.line(0, "#[inline]");
                self.line(0, &format!("fn formula_{name}(s: u64) -> u64 {{"));
                self.line(1, &format!("const {}: [u64; 64] = [", name.to_ascii_uppercase()));
                for row in &rows {
                    self.line(2, row);
                }
                self.line(1, "];");
                self.line(1, &format!("assert!(s < 64, \"{call}: s is not a square\");"));
                self.line(1, &format!("{}[s as usize]", name.to_ascii_uppercase()));
                self.line(0, "}");
            }
        }
        self.line(0, "");
    }
}

/// C: what a builtin's helper does, and its body.
fn c_helper(builtin: Builtin) -> Option<(&'static str, &'static str)> {
    Some(match builtin {
        Builtin::Clz => (
            "clz(x): the zero bits above x's highest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_clzll(x) : 64;",
        ),
        Builtin::Ctz => (
            "ctz(x): the zero bits below x's lowest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        ),
        Builtin::Bsf => (
            "bsf(x): the index of x's lowest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        ),
        Builtin::Bsr => (
            "bsr(x): the index of x's highest one bit; 64 when x is zero.",
            "return x ? 63 - (uint64_t)__builtin_clzll(x) : 64;",
        ),
        Builtin::Rotl => {
            ("rotl(x, n): x rotated left by n mod 64 places.", "n &= 63;\nreturn (x << n) | (x >> ((64 - n) & 63));")
        }
        Builtin::Rotr => {
            ("rotr(x, n): x rotated right by n mod 64 places.", "n &= 63;\nreturn (x >> n) | (x << ((64 - n) & 63));")
        }
        Builtin::Ls1b => ("ls1b(x): x's lowest one bit alone; zero when x is zero.", "return x & (0 - x);"),
        Builtin::Ms1b => (
            "ms1b(x): x's highest one bit alone; zero when x is zero.",
            "return x ? UINT64_C(1) << (63 - __builtin_clzll(x)) : 0;",
        ),
        Builtin::Bit => (
            "bit(s): square s's own bit. s must be a square, 0 (a1) to 63 (h8): the formula\n\
             // faults on a larger number, and so does the assert here.",
            "assert(s < 64);\nreturn UINT64_C(1) << s;",
        ),
        _ => return None,
    })
}
