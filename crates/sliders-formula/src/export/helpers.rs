//! The generated helpers' source: a function for each builtin the formula uses, and the mask tables.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::naming::{mask_of, Use};
use super::{Export, Lang};
use crate::functions::{CSpelling, RustSpelling, WordFunction};
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
        let functions: Vec<WordFunction> = self.word_functions().collect();
        for function in functions {
            let definition = function.definition();
            let CSpelling::Helper { what, parameters, body } = definition.c else { continue };
            self.c_helper(what, definition.name(), parameters, body);
        }
        if self.uses.contains(&Use::Mask(Mask::Bit)) {
            self.c_helper(
                "bit(s): square s's own bit. s must be a square, 0 (a1) to 63 (h8): the formula\n\
                 // faults on a larger number, and so does the assert here.",
                "bit",
                "uint64_t s",
                "assert(s < 64);\nreturn UINT64_C(1) << s;",
            );
        }
        let bmi2: Vec<(&str, &str, &str)> = self
            .word_functions()
            .filter_map(|function| match function.definition().c {
                CSpelling::Bmi2 { intrinsic, portable } => Some((function.definition().name(), intrinsic, portable)),
                CSpelling::Builtin(_) | CSpelling::CastBuiltin(_) | CSpelling::Helper { .. } => None,
            })
            .collect();
        if bmi2.is_empty() {
            return;
        }
        self.line(0, "// pext(x, mask) gathers the bits of x under mask's one bits to the bottom, lowest first;");
        self.line(0, "// pdep(x, mask) spreads x's low bits, lowest first, onto mask's one bits. BMI2's");
        self.line(0, "// instructions where the build targets BMI2 (-mbmi2, -march=native), else a loop.");
        self.line(0, "#ifdef __BMI2__");
        self.line(0, "#include <immintrin.h>");
        for &(name, intrinsic, _) in &bmi2 {
            self.line(0, &format!("static inline uint64_t {}(uint64_t x, uint64_t mask)", self.prefix.of(name)));
            self.line(0, "{");
            self.line(1, &format!("return {intrinsic}(x, mask);"));
            self.line(0, "}");
        }
        self.line(0, "#else");
        for &(name, _, portable) in &bmi2 {
            self.line(0, &format!("static inline uint64_t {}(uint64_t x, uint64_t mask)", self.prefix.of(name)));
            self.line(0, "{");
            self.lines(1, portable);
            self.line(0, "}");
        }
        self.line(0, "#endif");
        self.line(0, "");
    }

    /// C: a `static inline` helper, its comment above it.
    fn c_helper(&mut self, what: &str, name: &str, parameters: &str, body: &str) {
        self.lines(0, &format!("// {what}"));
        self.line(0, &format!("static inline uint64_t {}({parameters})", self.prefix.of(name)));
        self.line(0, "{");
        self.lines(1, body);
        self.line(0, "}");
        self.line(0, "");
    }

    /// The word functions the formula uses, in the order their helpers are written.
    fn word_functions(&self) -> impl Iterator<Item = WordFunction> + '_ {
        self.uses.iter().filter_map(|use_| match use_ {
            Use::Word(function) => Some(*function),
            Use::Mask(_) => None,
        })
    }

    fn rust_helpers(&mut self) {
        let functions: Vec<WordFunction> = self.word_functions().collect();
        for &function in &functions {
            if let RustSpelling::Helper(text) = function.definition().rust {
                // Written for the default prefix: the name it defines, with the export's.
                let text = text.replace("formula_", &self.prefix.of(""));
                self.lines(0, &text);
                self.line(0, "");
            }
        }
        if self.uses.contains(&Use::Mask(Mask::Bit)) {
            let helper = self.prefix.of("bit");
            self.lines(
                0,
                &format!(
                    "/// bit(s): square s's own bit. s is a square, 0 (a1) to 63 (h8): a larger number panics
/// here, where the formula faults.
#[inline]
fn {helper}(s: u64) -> u64 {{
    assert!(s < 64, \"bit(s): s is not a square\");
    1 << s
}}"
                ),
            );
            self.line(0, "");
        }
        let bmi2 = "#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]";
        let portable_only = "#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]";
        for &function in &functions {
            let definition = function.definition();
            let RustSpelling::Bmi2 { what, portable } = definition.rust else { continue };
            let (helper, signature) = (self.prefix.of(definition.name()), definition.signature);
            let CSpelling::Bmi2 { intrinsic, .. } = definition.c else { continue };
            self.lines(
                0,
                &format!(
                    "/// {signature}: {what}:
/// BMI2's instruction where the build targets BMI2 (-C target-feature=+bmi2, target-cpu=native).
{bmi2}
#[inline]
fn {helper}(x: u64, mask: u64) -> u64 {{
    // SAFETY: compiled only for a target with BMI2, so the instruction exists.
    unsafe {{ core::arch::x86_64::{intrinsic}(x, mask) }}
}}

/// {signature} without BMI2: mask's one bits, lowest first.
{portable_only}
#[inline]
fn {helper}(x: u64, mask: u64) -> u64 {{"
                ),
            );
            self.lines(1, portable);
            self.line(0, "}");
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
                let table = self.prefix.table(name);
                self.line(0, &format!("// {what}"));
                self.line(0, &format!("static const uint64_t {table}[64] = {{"));
                for row in &rows {
                    self.line(1, row);
                }
                self.line(0, "};");
                self.line(0, &format!("static inline uint64_t {}(uint64_t s)", self.prefix.of(name)));
                self.line(0, "{");
                self.line(1, "assert(s < 64);");
                self.line(1, &format!("return {table}[s];"));
                self.line(0, "}");
            }
            Lang::Rust => {
                self.line(0, &format!("/// {what}"));
                self.line(0, "#[inline]");
                self.line(0, &format!("fn {}(s: u64) -> u64 {{", self.prefix.of(name)));
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
