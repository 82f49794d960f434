//! The language's functions, each defined once.
//!
//! A function that computes a word from words ([`WordFunction`]: `clz`, `bswap`, `pext`, …)
//! has one [`Definition`] here: the names it is called by, what its arguments and its value
//! are, the step it records, its value, its form for the prover, its WebAssembly, and its C
//! and Rust spellings. Every stage (evaluation, steps, prover, compiler, exporter) reads the
//! definition, so adding a function is one entry in `word_functions!` below, and a part left
//! out is a missing field: a compile error. A stage that needs a new kind of form (a new
//! [`Symbolic`], [`Wasm`], [`CSpelling`] or [`RustSpelling`]) gets a compile error where it
//! matches on it.
//!
//! The geometry's functions (`bit`, `file`, `ray`, …) read a table for a square and fault on a
//! number that is no square: each stage reads them as the core's `Mask`. `C64(x)` and the
//! type names used as casts give their argument.

use sliders::trace::{Op, Scan};
use sliders::Line;

use super::instructions::{Helper, Instr};

/// What a function's value is, which says how its step shows it and how it holds the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gives {
    /// A number (a scan's index, a count), shown as one.
    Count,
    /// A set in the order its argument holds the board (`ls1b` of a byte-swapped word is
    /// byte-swapped still).
    ArgumentsOrder,
    /// The argument turned: a byte swap turns the board round, and back.
    BytesSwapped,
    /// A set on the board as it stands.
    Board,
}

/// What a function's second argument is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Second {
    /// A number of places, shown as a number (`rotl(x, n)`).
    Amount,
    /// A set of squares (`pext(x, mask)`).
    Mask,
}

/// A function's value as the prover builds it from the argument's 64 bits.
#[derive(Clone, Copy, Debug)]
pub enum Symbolic {
    /// The number of zero bits above the highest one (64 for zero).
    LeadingZeros,
    /// The number of zero bits below the lowest one, which is also its index (64 for zero).
    TrailingZeros,
    /// The highest one bit's index (64 for zero).
    HighestIndex,
    Popcount,
    /// Bit i of the result is bit `from(i)` of the argument.
    Permute(fn(usize) -> usize),
    /// Rotation by the second argument mod 64: 1 to the left, -1 to the right.
    Rotate(i32),
    LowestBitAlone,
    HighestBitAlone,
    Pext,
    Pdep,
}

/// A function in WebAssembly, after its arguments.
#[derive(Clone, Copy, Debug)]
pub enum Wasm {
    /// These instructions, in line.
    Instructions(&'static [Instr]),
    /// Instructions in line that read the argument twice, given a scratch local to keep it in.
    WithScratch(fn(u32) -> [Instr; 5]),
    /// A call of a helper function the module carries once.
    Helper(Helper),
}

/// A function in C, for an engine.
#[derive(Clone, Copy, Debug)]
pub enum CSpelling {
    /// A compiler builtin called as it is: defined for every argument.
    Builtin(&'static str),
    /// A compiler builtin that gives an `int`, cast to the 64-bit word.
    CastBuiltin(&'static str),
    /// A `static inline` helper `formula_<name>`, since C's builtin is undefined for zero or C
    /// has none: what it does (its comment) and its body.
    Helper { what: &'static str, parameters: &'static str, body: &'static str },
    /// BMI2's instruction where the build targets BMI2, else a portable loop.
    Bmi2 { intrinsic: &'static str, portable: &'static str },
}

impl CSpelling {
    /// Whether the spelling calls one of GCC's and Clang's `__builtin` functions.
    pub fn calls_a_compiler_builtin(self) -> bool {
        match self {
            CSpelling::Builtin(_) | CSpelling::CastBuiltin(_) => true,
            CSpelling::Helper { body, .. } => body.contains("__builtin_"),
            CSpelling::Bmi2 { .. } => false,
        }
    }
}

/// A function in Rust, for an engine.
#[derive(Clone, Copy, Debug)]
pub enum RustSpelling {
    /// A method of u64 that gives a u32, widened: `u64::from(x.leading_zeros())`.
    CountMethod(&'static str),
    /// A method of u64 that gives a u64: `x.swap_bytes()`.
    Method(&'static str),
    /// A method of u64 that takes an amount as u32: `x.rotate_left(n)`, the amount mod 64.
    AmountMethod(&'static str),
    /// A helper `formula_<name>`, with its doc comment, written once.
    Helper(&'static str),
    /// BMI2's instruction where the build targets BMI2, else a portable loop.
    Bmi2 { what: &'static str, portable: &'static str },
}

/// Everything the language knows of one function.
#[derive(Debug)]
pub struct Definition {
    /// The language's own name first (its helpers are named for it), then C's, compilers'
    /// and Rust's spellings.
    pub names: &'static [&'static str],
    /// The names (C's builtins) under which a zero argument is undefined behaviour: a run that
    /// gives one zero faults there. Under the others zero has a value, as under `tzcnt`.
    pub undefined_at_zero: &'static [&'static str],
    /// How it is called, for messages: `rotl(x, n)`.
    pub signature: &'static str,
    pub second: Option<Second>,
    pub gives: Gives,
    /// The step it records, which sliders-explain narrates.
    pub op: Op,
    /// Its value, given both arguments (the second 0 where there is none).
    pub value: fn(u64, u64) -> u64,
    pub symbolic: Symbolic,
    pub wasm: Wasm,
    pub c: CSpelling,
    pub rust: RustSpelling,
}

/// What a call of a word function gives for a zero argument, by the name it was called by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AtZero {
    /// A value: 64 for a count of zeros or a scan, as lzcnt and tzcnt give.
    Defined,
    /// Undefined behaviour in C (`__builtin_ctzll(0)`): a run that reaches it faults.
    Undefined,
}

/// A word function as a call names it: which one, and what its name says of zero.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Called {
    pub function: WordFunction,
    pub at_zero: AtZero,
    /// The name it was called by.
    pub name: &'static str,
}

impl WordFunction {
    /// The function as called by `name`, one of its names (its own if `name` is none of them).
    pub fn called(self, name: &str) -> Called {
        let definition = self.definition();
        let name = definition.names.iter().copied().find(|n| *n == name).unwrap_or(definition.name());
        let at_zero = match definition.undefined_at_zero.contains(&name) {
            true => AtZero::Undefined,
            false => AtZero::Defined,
        };
        Called { function: self, at_zero, name }
    }
}

impl Definition {
    pub const fn arity(&self) -> usize {
        match self.second {
            Some(_) => 2,
            None => 1,
        }
    }

    /// The name its helpers are named for: `bsr` in `formula_bsr`.
    pub fn name(&self) -> &'static str {
        self.names[0]
    }
}

/// Declares the word functions: the enum, every one of them, and each one's definition, from
/// one list.
macro_rules! word_functions {
    ($( $(#[$doc:meta])* $function:ident => $definition:expr, )*) => {
        /// A function of the language that computes a word from words.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum WordFunction {
            $( $(#[$doc])* $function, )*
        }

        impl WordFunction {
            /// Every one, in the order the language lists them.
            pub const ALL: &'static [WordFunction] = &[$(WordFunction::$function),*];

            pub const fn definition(self) -> &'static Definition {
                match self {
                    $( WordFunction::$function => {
                        const DEFINITION: Definition = $definition;
                        &DEFINITION
                    } )*
                }
            }
        }
    };
}

word_functions! {
    /// Leading zero count (`lzcnt`, `i64.clz`).
    Clz => Definition {
        names: &["clz", "lzcnt", "__builtin_clzll", "__builtin_clzl", "_lzcnt_u64", "__lzcnt64"],
        undefined_at_zero: &["__builtin_clzll", "__builtin_clzl"],
        signature: "clz(x)",
        second: None,
        gives: Gives::Count,
        op: Op::Scan(Scan::LeadingZeros),
        value: |x, _| u64::from(x.leading_zeros()),
        symbolic: Symbolic::LeadingZeros,
        wasm: Wasm::Instructions(&[Instr::I64Clz]),
        // __builtin_clzll(0) is undefined: the helper gives the language's 64.
        c: CSpelling::Helper {
            what: "clz(x): the zero bits above x's highest one bit; 64 when x is zero.",
            parameters: "uint64_t x",
            body: "return x ? (uint64_t)__builtin_clzll(x) : 64;",
        },
        rust: RustSpelling::CountMethod("leading_zeros"),
    },
    /// Trailing zero count (`tzcnt`, `i64.ctz`).
    Ctz => Definition {
        names: &["ctz", "tzcnt", "__builtin_ctzll", "__builtin_ctzl", "_tzcnt_u64"],
        undefined_at_zero: &["__builtin_ctzll", "__builtin_ctzl"],
        signature: "ctz(x)",
        second: None,
        gives: Gives::Count,
        op: Op::Scan(Scan::TrailingZeros),
        value: |x, _| u64::from(x.trailing_zeros()),
        symbolic: Symbolic::TrailingZeros,
        wasm: Wasm::Instructions(&[Instr::I64Ctz]),
        c: CSpelling::Helper {
            what: "ctz(x): the zero bits below x's lowest one bit; 64 when x is zero.",
            parameters: "uint64_t x",
            body: "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        },
        rust: RustSpelling::CountMethod("trailing_zeros"),
    },
    /// The lowest one bit's index. A scan of the empty set finds no bit: this language says
    /// 64, as lzcnt and tzcnt do.
    Bsf => Definition {
        names: &["bsf"],
        undefined_at_zero: &[],
        signature: "bsf(x)",
        second: None,
        gives: Gives::Count,
        op: Op::Scan(Scan::Forward),
        value: |x, _| u64::from(x.trailing_zeros()),
        symbolic: Symbolic::TrailingZeros,
        wasm: Wasm::Instructions(&[Instr::I64Ctz]),
        c: CSpelling::Helper {
            what: "bsf(x): the index of x's lowest one bit; 64 when x is zero.",
            parameters: "uint64_t x",
            body: "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        },
        rust: RustSpelling::CountMethod("trailing_zeros"),
    },
    /// The highest one bit's index, 63 - clz; 64 for the empty set.
    Bsr => Definition {
        names: &["bsr"],
        undefined_at_zero: &[],
        signature: "bsr(x)",
        second: None,
        gives: Gives::Count,
        op: Op::Scan(Scan::Reverse),
        value: |x, _| if x == 0 { 64 } else { 63 - u64::from(x.leading_zeros()) },
        symbolic: Symbolic::HighestIndex,
        wasm: Wasm::Helper(Helper::Bsr),
        c: CSpelling::Helper {
            what: "bsr(x): the index of x's highest one bit; 64 when x is zero.",
            parameters: "uint64_t x",
            body: "return x ? 63 - (uint64_t)__builtin_clzll(x) : 64;",
        },
        rust: RustSpelling::Helper(
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
    },
    /// The number of one bits (`i64.popcnt`).
    Popcount => Definition {
        names: &["popcount", "popcnt", "__builtin_popcountll", "__builtin_popcountl", "_mm_popcnt_u64", "__popcnt64"],
        undefined_at_zero: &[],
        signature: "popcount(x)",
        second: None,
        gives: Gives::Count,
        op: Op::Popcount,
        value: |x, _| u64::from(x.count_ones()),
        symbolic: Symbolic::Popcount,
        wasm: Wasm::Instructions(&[Instr::I64Popcnt]),
        c: CSpelling::CastBuiltin("__builtin_popcountll"),
        rust: RustSpelling::CountMethod("count_ones"),
    },
    /// Byte swap: rank 1 trades places with rank 8, rank 2 with rank 7, …
    Bswap => Definition {
        names: &["bswap", "__builtin_bswap64", "_byteswap_uint64", "swap_bytes"],
        undefined_at_zero: &[],
        signature: "bswap(x)",
        second: None,
        gives: Gives::BytesSwapped,
        op: Op::ByteSwap,
        value: |x, _| sliders::swap_bytes(x),
        symbolic: Symbolic::Permute(|i| (7 - i / 8) * 8 + i % 8),
        wasm: Wasm::Helper(Helper::Bswap),
        c: CSpelling::Builtin("__builtin_bswap64"),
        rust: RustSpelling::Method("swap_bytes"),
    },
    /// Rotation left, the amount mod 64.
    Rotl => Definition {
        names: &["rotl", "_rotl64"],
        undefined_at_zero: &[],
        signature: "rotl(x, n)",
        second: Some(Second::Amount),
        gives: Gives::Board,
        op: Op::RotateLeft,
        value: |x, n| x.rotate_left((n % 64) as u32),
        symbolic: Symbolic::Rotate(1),
        wasm: Wasm::Instructions(&[Instr::I64Rotl]),
        c: CSpelling::Helper {
            what: "rotl(x, n): x rotated left by n mod 64 places.",
            parameters: "uint64_t x, uint64_t n",
            body: "n &= 63;\nreturn (x << n) | (x >> ((64 - n) & 63));",
        },
        rust: RustSpelling::AmountMethod("rotate_left"),
    },
    /// Rotation right, the amount mod 64.
    Rotr => Definition {
        names: &["rotr", "_rotr64"],
        undefined_at_zero: &[],
        signature: "rotr(x, n)",
        second: Some(Second::Amount),
        gives: Gives::Board,
        op: Op::RotateRight,
        value: |x, n| x.rotate_right((n % 64) as u32),
        symbolic: Symbolic::Rotate(-1),
        wasm: Wasm::Instructions(&[Instr::I64Rotr]),
        c: CSpelling::Helper {
            what: "rotr(x, n): x rotated right by n mod 64 places.",
            parameters: "uint64_t x, uint64_t n",
            body: "n &= 63;\nreturn (x >> n) | (x << ((64 - n) & 63));",
        },
        rust: RustSpelling::AmountMethod("rotate_right"),
    },
    /// The lowest one bit alone, x & -x.
    Ls1b => Definition {
        names: &["ls1b", "_blsi_u64"],
        undefined_at_zero: &[],
        signature: "ls1b(x)",
        second: None,
        gives: Gives::ArgumentsOrder,
        op: Op::LowestBit,
        value: |x, _| x & x.wrapping_neg(),
        symbolic: Symbolic::LowestBitAlone,
        wasm: Wasm::WithScratch(|x| [Instr::LocalTee(x), Instr::I64Const(0), Instr::LocalGet(x), Instr::I64Sub, Instr::I64And]),
        c: CSpelling::Helper {
            what: "ls1b(x): x's lowest one bit alone; zero when x is zero.",
            parameters: "uint64_t x",
            body: "return x & (0 - x);",
        },
        rust: RustSpelling::Helper(
            "/// ls1b(x): x's lowest one bit alone; zero when x is zero.
#[inline]
fn formula_ls1b(x: u64) -> u64 {
    x & x.wrapping_neg()
}",
        ),
    },
    /// The highest one bit alone; zero for the empty set.
    Ms1b => Definition {
        names: &["ms1b"],
        undefined_at_zero: &[],
        signature: "ms1b(x)",
        second: None,
        gives: Gives::ArgumentsOrder,
        op: Op::HighestBit,
        value: |x, _| if x == 0 { 0 } else { 1 << (63 - x.leading_zeros()) },
        symbolic: Symbolic::HighestBitAlone,
        wasm: Wasm::Helper(Helper::Ms1b),
        c: CSpelling::Helper {
            what: "ms1b(x): x's highest one bit alone; zero when x is zero.",
            parameters: "uint64_t x",
            body: "return x ? UINT64_C(1) << (63 - __builtin_clzll(x)) : 0;",
        },
        rust: RustSpelling::Helper(
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
    },
    /// Parallel bit extract: the bits under a mask, gathered into the low bits.
    Pext => Definition {
        names: &["pext", "_pext_u64"],
        undefined_at_zero: &[],
        signature: "pext(x, mask)",
        second: Some(Second::Mask),
        gives: Gives::Board,
        op: Op::Pext,
        value: sliders::pext_loop,
        symbolic: Symbolic::Pext,
        wasm: Wasm::Helper(Helper::Pext),
        c: CSpelling::Bmi2 {
            intrinsic: "_pext_u64",
            portable: "uint64_t result = 0;
uint64_t out = 1;
while (mask != 0) {
    uint64_t lowest = mask & (0 - mask);
    if (x & lowest) {
        result |= out;
    }
    out <<= 1;
    mask ^= lowest;
}
return result;",
        },
        rust: RustSpelling::Bmi2 {
            what: "the bits of x under mask's one bits, gathered to the bottom, lowest first",
            portable: "let mut rest = mask;
let mut out = 1;
let mut result = 0;
while rest != 0 {
    let lowest = rest & rest.wrapping_neg();
    if x & lowest != 0 {
        result |= out;
    }
    out <<= 1;
    rest ^= lowest;
}
result",
        },
    },
    /// Parallel bit deposit: the low bits, scattered to the mask's one bits.
    Pdep => Definition {
        names: &["pdep", "_pdep_u64"],
        undefined_at_zero: &[],
        signature: "pdep(x, mask)",
        second: Some(Second::Mask),
        gives: Gives::Board,
        op: Op::Pdep,
        value: sliders::pdep_loop,
        symbolic: Symbolic::Pdep,
        wasm: Wasm::Helper(Helper::Pdep),
        c: CSpelling::Bmi2 {
            intrinsic: "_pdep_u64",
            portable: "uint64_t result = 0;
while (mask != 0) {
    uint64_t lowest = mask & (0 - mask);
    if (x & 1) {
        result |= lowest;
    }
    x >>= 1;
    mask ^= lowest;
}
return result;",
        },
        rust: RustSpelling::Bmi2 {
            what: "x's low bits, lowest first, spread onto mask's one bits",
            portable: "let mut rest = mask;
let mut bits = x;
let mut result = 0;
while rest != 0 {
    let lowest = rest & rest.wrapping_neg();
    if bits & 1 != 0 {
        result |= lowest;
    }
    bits >>= 1;
    rest ^= lowest;
}
result",
        },
    },
}

/// What a function's name stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Function {
    Word(WordFunction),
    /// A mask from the board's geometry, read for a square; a ray's direction is its second
    /// argument, a word.
    Geometry(Geometry),
    /// C's `C64(x)`, and the type names used as casts: the value itself.
    Identity,
}

/// The functions that read the board's geometry for a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Geometry {
    Bit,
    Line(Line),
    Ray,
}

impl Geometry {
    /// Every one, in the order the language lists them.
    const ALL: [Geometry; 6] = [
        Geometry::Bit,
        Geometry::Line(Line::Rank),
        Geometry::Line(Line::File),
        Geometry::Line(Line::Diagonal),
        Geometry::Line(Line::AntiDiagonal),
        Geometry::Ray,
    ];

    /// Its name, and how it is called.
    pub const fn spelled(self) -> (&'static str, &'static str) {
        match self {
            Geometry::Bit => ("bit", "bit(s)"),
            Geometry::Line(Line::Rank) => ("rank", "rank(s)"),
            Geometry::Line(Line::File) => ("file", "file(s)"),
            Geometry::Line(Line::Diagonal) => ("diagonal", "diagonal(s)"),
            Geometry::Line(Line::AntiDiagonal) => ("antidiagonal", "antidiagonal(s)"),
            Geometry::Ray => ("ray", "ray(s, north)"),
        }
    }
}

/// The names `C64(x)` is also called by.
const IDENTITY_NAMES: [&str; 4] = ["C64", "U64", "u64", "uint64_t"];

impl Function {
    pub fn arity(self) -> usize {
        match self {
            Function::Word(function) => function.definition().arity(),
            Function::Geometry(Geometry::Ray) => 2,
            Function::Geometry(Geometry::Bit | Geometry::Line(_)) | Function::Identity => 1,
        }
    }

    /// How the function is called, for messages: `rotl(x, n)`.
    pub fn signature(self) -> &'static str {
        match self {
            Function::Word(function) => function.definition().signature,
            Function::Geometry(geometry) => geometry.spelled().1,
            Function::Identity => "C64(x)",
        }
    }
}

/// Every function's names with what each stands for: the word functions', each its own name
/// first, then the geometry's, then the identity's.
pub fn every_name() -> impl Iterator<Item = (&'static str, Function)> {
    let words = WordFunction::ALL
        .iter()
        .flat_map(|&function| function.definition().names.iter().map(move |&name| (name, Function::Word(function))));
    let geometry = Geometry::ALL.into_iter().map(|geometry| (geometry.spelled().0, Function::Geometry(geometry)));
    let identity = IDENTITY_NAMES.into_iter().map(|name| (name, Function::Identity));
    words.chain(geometry).chain(identity)
}

/// The compilers' 32-bit intrinsics, each with the 64-bit one a bitboard needs: a call of one
/// is an error that names the other, never a quiet reading as the 64-bit function.
pub const THIRTY_TWO_BIT: [(&str, &str); 11] = [
    ("__builtin_ctz", "__builtin_ctzll"),
    ("__builtin_clz", "__builtin_clzll"),
    ("__builtin_popcount", "__builtin_popcountll"),
    ("__builtin_bswap32", "__builtin_bswap64"),
    ("_tzcnt_u32", "_tzcnt_u64"),
    ("_lzcnt_u32", "_lzcnt_u64"),
    ("__lzcnt", "__lzcnt64"),
    ("_mm_popcnt_u32", "_mm_popcnt_u64"),
    ("__popcnt", "__popcnt64"),
    ("_pext_u32", "_pext_u64"),
    ("_pdep_u32", "_pdep_u64"),
];

/// The function a name calls, if the language has one by that name.
pub fn function(name: &str) -> Option<Function> {
    every_name().find(|(n, _)| *n == name).map(|(_, function)| function)
}
