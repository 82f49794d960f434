//! The registry of techniques: names, articles, explanations, sources, and dispatch.
//! Each technique lives in its own file, and that file is what the page's code panel shows.

pub mod classical_branchless;
pub mod classical_conditional;
pub mod classical_generalized;
pub mod classical_in_one_run;
pub mod classical_zero_count;
mod compose;
pub mod dumb7fill;
mod fill;
mod filled_table;
pub mod first_rank;
pub mod hyperbola_quintessence;
pub mod hyperbola_quintessence_rbit;
pub mod hyperbola_quintessence_simd;
pub mod kindergarten;
pub mod kogge_stone;
pub mod magic;
mod magic_numbers;
pub mod obstruction_difference;
pub mod obstruction_difference_hoffmann;
pub mod obstruction_masks;
pub mod pext;
pub mod reference;
pub mod sbamg;
pub mod subtraction;

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::trace::{name_union_operands, NoTrace, Recorder, Trace, Tracer};
use crate::{Bitboard, Direction, Slider, Square};

/// One of the chessprogramming-wiki articles the techniques come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Article {
    Reference,
    ClassicalApproach,
    SubtractingARook,
    ObstructionDifference,
    Sbamg,
    HyperbolaQuintessence,
    KoggeStone,
    Dumb7Fill,
    Kindergarten,
    Magic,
    Pext,
}

impl Article {
    pub const fn title(self) -> &'static str {
        match self {
            Article::Reference => "Reference ray walk",
            Article::ClassicalApproach => "Classical Approach",
            Article::SubtractingARook => "Subtracting a Rook from a Blocking Piece",
            Article::ObstructionDifference => "Obstruction Difference",
            Article::Sbamg => "SBAMG",
            Article::HyperbolaQuintessence => "Hyperbola Quintessence",
            Article::KoggeStone => "Kogge-Stone Algorithm",
            Article::Dumb7Fill => "Dumb7Fill",
            Article::Kindergarten => "Kindergarten Bitboards",
            Article::Magic => "Magic Bitboards",
            Article::Pext => "BMI2: PEXT Bitboards",
        }
    }

    /// The article on the chessprogramming wiki (none for the reference walk).
    pub const fn url(self) -> Option<&'static str> {
        match self {
            Article::Reference => None,
            Article::ClassicalApproach => Some("https://www.chessprogramming.org/Classical_Approach"),
            Article::SubtractingARook => {
                Some("https://www.chessprogramming.org/Subtracting_a_Rook_from_a_Blocking_Piece")
            }
            Article::ObstructionDifference => Some("https://www.chessprogramming.org/Obstruction_Difference"),
            Article::Sbamg => Some("https://www.chessprogramming.org/SBAMG"),
            Article::HyperbolaQuintessence => Some("https://www.chessprogramming.org/Hyperbola_Quintessence"),
            Article::KoggeStone => Some("https://www.chessprogramming.org/Kogge-Stone_Algorithm"),
            Article::Dumb7Fill => Some("https://www.chessprogramming.org/Dumb7Fill"),
            Article::Kindergarten => Some("https://www.chessprogramming.org/Kindergarten_Bitboards"),
            Article::Magic => Some("https://www.chessprogramming.org/Magic_Bitboards"),
            Article::Pext => Some("https://www.chessprogramming.org/BMI2#PEXTBitboards"),
        }
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $module:ident, $article:ident, $title:literal $(, wasm $feature:literal)?;)*) => {
        /// A way of computing sliding attacks. The kebab-case names are a public interface.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum Technique {
            $($variant,)*
        }

        impl Technique {
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            pub const fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// A short human title, the variant inside its article.
            pub const fn title(self) -> &'static str {
                match self { $(Technique::$variant => $title,)* }
            }

            pub const fn article(self) -> Article {
                match self { $(Technique::$variant => Article::$article,)* }
            }

            /// The technique's own source file, shown beside the trace.
            pub const fn source(self) -> &'static str {
                match self { $(Technique::$variant => include_str!(concat!(stringify!($module), ".rs")),)* }
            }

            /// The name of the technique's source file, e.g. `sbamg.rs`.
            pub const fn source_file(self) -> &'static str {
                match self { $(Technique::$variant => concat!(stringify!($module), ".rs"),)* }
            }

            /// XORs the queen attacks of every (occupancy, square) pair together: the timed loop
            /// of the benchmark, with the choice of technique made once, outside the loop, so
            /// each technique's lookup inlines into its own copy of the loop.
            pub fn xor_queen_attacks(self, occupancies: &[u64], squares: &[u8]) -> u64 {
                match self { $(Technique::$variant => queen_loops::$module(occupancies, squares),)* }
            }

            /// Runs the technique, reporting each step to `tracer`.
            #[inline(always)]
            pub fn run<T: Tracer>(self, tracer: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
                match self { $(Technique::$variant => $module::attacks(tracer, slider, square, occupied),)* }
            }
        }

        /// Each technique's benchmark loop, a function of its own so that a technique written
        /// with a WebAssembly feature (`wasm "simd128"`) is compiled with it, lookups and loop
        /// together: the feature's code inlines only into functions that have it, and the
        /// other techniques stay without it (with simd128, LLVM vectorises across their
        /// lookups and they run slower).
        mod queen_loops {
            use super::*;
            $(
                $(#[cfg_attr(target_arch = "wasm32", target_feature(enable = $feature))])?
                pub fn $module(occupancies: &[u64], squares: &[u8]) -> u64 {
                    crate::workload::xor_all(occupancies, squares, |square, occupied| {
                        $module::attacks(&mut NoTrace, Slider::Queen, square, occupied)
                    })
                }
            )*
        }
    };
}

techniques! {
    Reference => "reference", reference, Reference, "Reference ray walk";
    ClassicalConditional => "classical-conditional", classical_conditional, ClassicalApproach, "Conditional bit scan";
    ClassicalBranchless => "classical-branchless", classical_branchless, ClassicalApproach, "Branchless bit scan";
    ClassicalGeneralized => "classical-generalized", classical_generalized, ClassicalApproach, "Generalized bit scan";
    ClassicalZeroCount => "classical-zero-count", classical_zero_count, ClassicalApproach, "Zero count";
    ClassicalInOneRun => "classical-in-one-run", classical_in_one_run, ClassicalApproach, "In one run";
    Subtraction => "subtraction", subtraction, SubtractingARook, "o^(o-2r)";
    ObstructionDifference => "obstruction-difference", obstruction_difference, ObstructionDifference, "Infuehr's improvement";
    ObstructionDifferenceHoffmann => "obstruction-difference-hoffmann", obstruction_difference_hoffmann, ObstructionDifference, "Hoffmann's original";
    Sbamg => "sbamg", sbamg, Sbamg, "o^(o-3cbn)";
    HyperbolaQuintessence => "hyperbola-quintessence", hyperbola_quintessence, HyperbolaQuintessence, "o^(o-2r) both ways, by byte swap", wasm "simd128";
    HyperbolaQuintessenceSimd => "hyperbola-quintessence-simd", hyperbola_quintessence_simd, HyperbolaQuintessence, "o^(o-2r) both ways, lines in SIMD lanes", wasm "simd128";
    HyperbolaQuintessenceRbit => "hyperbola-quintessence-rbit", hyperbola_quintessence_rbit, HyperbolaQuintessence, "o^(o-2r) both ways, by bit reversal in SIMD lanes", wasm "simd128";
    KoggeStone => "kogge-stone", kogge_stone, KoggeStone, "Occluded fill in three doublings";
    Dumb7Fill => "dumb7fill", dumb7fill, Dumb7Fill, "Seven one-step shifts";
    Kindergarten => "kindergarten", kindergarten, Kindergarten, "Gather by multiply, then look up";
    Magic => "magic", magic, Magic, "Fancy magic bitboards";
    Pext => "pext", pext, Pext, "pext(occupied, mask) as the index";
}

impl Technique {
    /// The attack set, with the tracer compiled out.
    #[inline]
    pub fn attacks(self, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        self.run(&mut NoTrace, slider, square, occupied)
    }

    /// Every step of the technique on this input, and its result.
    pub fn trace(self, slider: Slider, square: Square, occupied: Bitboard) -> Trace {
        let mut recorder = Recorder::new();
        let result = self.run_one(&mut recorder, slider, square, occupied);
        name_union_operands(&mut recorder.steps);
        Trace { technique: Some(self), slider, square, sliders: square.bit(), occupied, steps: recorder.steps, result }
    }

    /// [`Technique::run`] out of line: the techniques written to inline into their callers (the
    /// SIMD ones, for their benchmark loop) would otherwise be copied into each caller that
    /// traces, about 16 KB of the page's wasm a copy.
    #[inline(never)]
    fn run_one<T: Tracer>(self, tracer: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        self.run(tracer, slider, square, occupied)
    }

    /// True for the techniques that compute the attacks of any number of `slider`s at once:
    /// the fills for every slider, and o^(o-2r) for rooks, whose set-wise form (the article's)
    /// finds the east attacks of every rook on every rank with one subtraction.
    pub const fn takes_many_sliders(self, slider: Slider) -> bool {
        match self {
            Technique::KoggeStone | Technique::Dumb7Fill => true,
            Technique::Subtraction => matches!(slider, Slider::Rook),
            _ => false,
        }
    }

    /// Every step on a set of sliders of one kind: the union of their attacks, each slider
    /// counted as occupied. Only the set-wise techniques take more than one slider.
    pub fn trace_many(self, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Result<Trace, OneSliderOnly> {
        let square = self.check_sliders(slider, sliders)?;
        if sliders.count() == 1 {
            return Ok(self.trace(slider, square, occupied));
        }
        let mut recorder = Recorder::new();
        let result = self.run_many(&mut recorder, slider, sliders, occupied);
        name_union_operands(&mut recorder.steps);
        Ok(Trace { technique: Some(self), slider, square, sliders, occupied, steps: recorder.steps, result })
    }

    /// Every step on the sliders `sliders`: the union of their attacks for a technique that
    /// takes several ([`Technique::trace_many`]), and the lowest slider's alone for one that
    /// takes one.
    pub fn trace_sliders(self, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Trace {
        let lowest = sliders.squares().next().unwrap_or(Square::A1);
        self.trace_many(slider, sliders, occupied).unwrap_or_else(|_| self.trace(slider, lowest, occupied))
    }

    /// The attacks of a set of sliders (see [`Technique::trace_many`]), with the tracer compiled out.
    pub fn attacks_many(
        self,
        slider: Slider,
        sliders: Bitboard,
        occupied: Bitboard,
    ) -> Result<Bitboard, OneSliderOnly> {
        let square = self.check_sliders(slider, sliders)?;
        if sliders.count() == 1 {
            return Ok(self.attacks(slider, square, occupied));
        }
        Ok(self.run_many(&mut NoTrace, slider, sliders, occupied))
    }

    /// What [`Technique::attacks_many`] must compute: each slider's expected set on the board
    /// with every slider occupied; for several rooks by o^(o-2r), each rook's east ray.
    pub fn expected_many(self, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
        let each = |square| {
            let rays = self.rays(slider, sliders.count());
            rays.fold(Bitboard::EMPTY, |all, direction| all | reference::ray(square, direction, occupied | sliders))
        };
        sliders.squares().fold(Bitboard::EMPTY, |all, square| all | each(square))
    }

    /// The lowest slider, if this technique can take this many sliders.
    fn check_sliders(self, slider: Slider, sliders: Bitboard) -> Result<Square, OneSliderOnly> {
        match sliders.squares().next() {
            Some(first) if sliders.count() == 1 || self.takes_many_sliders(slider) => Ok(first),
            _ => Err(OneSliderOnly { technique: self, slider, sliders }),
        }
    }

    fn run_many<T: Tracer>(self, t: &mut T, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
        match self {
            Technique::KoggeStone => kogge_stone::attacks_of_set(t, slider, sliders, occupied),
            Technique::Dumb7Fill => dumb7fill::attacks_of_set(t, slider, sliders, occupied),
            Technique::Subtraction if slider == Slider::Rook => subtraction::east_attacks_of_set(t, sliders, occupied),
            // check_sliders lets only one slider through to the others.
            _ => self.run_one(t, slider, Square::from_index(sliders.0.trailing_zeros()), occupied),
        }
    }

    /// True when `step` was made by a line of this technique's own source file (and not,
    /// say, by the shared rook = file | rank composition).
    pub fn made(self, step: &crate::Step) -> bool {
        step.place.file().is_some_and(|file| is_file(file, self.source_file()))
    }

    /// The large attack table the technique reads (841 KiB), if it reads one. With the core's
    /// `lazy-tables` feature (the page) a table is filled on its first use.
    pub const fn large_table(self) -> Option<LargeTable> {
        match self {
            Technique::Magic => Some(LargeTable::Magic),
            Technique::Pext => Some(LargeTable::Pext),
            Technique::Reference
            | Technique::ClassicalConditional
            | Technique::ClassicalBranchless
            | Technique::ClassicalGeneralized
            | Technique::ClassicalZeroCount
            | Technique::ClassicalInOneRun
            | Technique::Subtraction
            | Technique::ObstructionDifference
            | Technique::ObstructionDifferenceHoffmann
            | Technique::Sbamg
            | Technique::HyperbolaQuintessence
            | Technique::HyperbolaQuintessenceSimd
            | Technique::HyperbolaQuintessenceRbit
            | Technique::KoggeStone
            | Technique::Dumb7Fill
            | Technique::Kindergarten => None,
        }
    }

    /// The lines (1-based, inclusive) of the statement that starts on `line` of the source.
    pub fn statement_lines(self, line: u32) -> (u32, u32) {
        statement_lines(self.source(), line)
    }

    /// The file that made `step` and its source: the technique's own, or the shared file
    /// (the line composition, the rank's table read) whose function it calls.
    pub fn source_of(self, step: &crate::Step) -> (&'static str, &'static str) {
        match SharedFile::of(step) {
            Some(shared) if !self.made(step) => (shared.name(), shared.source()),
            _ => (self.source_file(), self.source()),
        }
    }

    /// Bytes of precomputed tables the technique reads (the reference walk reads none).
    pub fn table_bytes(self) -> usize {
        use core::mem::{size_of, size_of_val};
        // `[..]`: the table's own bytes, whether it is a static or computed on first read.
        let rays = size_of_val(&crate::RAYS[..]);
        match self {
            Technique::Reference => 0,
            Technique::ClassicalConditional | Technique::ClassicalBranchless | Technique::ClassicalGeneralized => rays,
            Technique::ClassicalZeroCount => rays + size_of_val(&classical_zero_count::RAYS_BY_COUNT[..]),
            Technique::ClassicalInOneRun => {
                rays + size_of_val(&classical_in_one_run::ROOK_EMPTY[..])
                    + size_of_val(&classical_in_one_run::BISHOP_EMPTY[..])
                    + size_of_val(&classical_in_one_run::RAYS_WITH_STOP[..])
            }
            Technique::Subtraction => size_of_val(&subtraction::LINE_MASKS[..]),
            Technique::ObstructionDifference | Technique::ObstructionDifferenceHoffmann => {
                size_of_val(&obstruction_masks::OBSTRUCTION_MASKS[..])
            }
            Technique::Sbamg => size_of_val(&sbamg::SBAMG_MASKS[..]),
            Technique::HyperbolaQuintessence | Technique::HyperbolaQuintessenceSimd => {
                size_of_val(&crate::geometry::LINE_EX[..]) + size_of_val(&first_rank::FIRST_RANK_ATTACKS[..])
            }
            // The two nibble tables sit in registers while the lookups run.
            Technique::HyperbolaQuintessenceRbit => {
                size_of_val(&crate::geometry::LINE_EX[..])
                    + size_of_val(&hyperbola_quintessence_rbit::REVERSED_INTO_HIGH)
                    + size_of_val(&hyperbola_quintessence_rbit::REVERSED_INTO_LOW)
            }
            Technique::KoggeStone | Technique::Dumb7Fill => 0,
            Technique::Kindergarten => {
                size_of_val(&crate::geometry::LINE_EX[..])
                    + size_of_val(&kindergarten::FILL_UP_ATTACKS[..])
                    + size_of_val(&kindergarten::A_FILE_ATTACKS[..])
            }
            Technique::Magic => {
                size_of_val(&magic::ROOK[..])
                    + size_of_val(&magic::BISHOP[..])
                    + magic::TABLE_ENTRIES * size_of::<Bitboard>()
            }
            Technique::Pext => {
                size_of_val(&pext::ROOK[..])
                    + size_of_val(&pext::BISHOP[..])
                    + pext::TABLE_ENTRIES * size_of::<Bitboard>()
            }
        }
    }

    /// True when the technique only computes the positive rays (towards higher bits).
    pub const fn positive_rays_only(self) -> bool {
        matches!(self, Technique::Subtraction)
    }

    /// What the technique computes for this slider: its attacks, or for a positive-rays-only
    /// technique only the rays towards higher bits. The set `reference` must agree with.
    pub fn expected(self, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        self.rays(slider, 1).fold(Bitboard::EMPTY, |all, direction| all | reference::ray(square, direction, occupied))
    }

    /// The rays the technique computes for `count` sliders of this kind: every ray of the
    /// slider, the positive rays alone for o^(o-2r), and east alone for several rooks (the
    /// set-wise o^(o-2r)).
    pub fn rays(self, slider: Slider, count: u32) -> impl Iterator<Item = Direction> {
        let reach = self.reach(slider, count);
        let all = slider.lines().iter().flat_map(|line| [line.positive(), line.negative()]);
        all.filter(move |&direction| match reach {
            Reach::Whole => true,
            Reach::PositiveRays => direction.is_positive(),
            Reach::East => direction == Direction::East,
        })
    }

    /// Which of the slider's rays the technique computes for `count` sliders of its kind.
    pub fn reach(self, slider: Slider, count: u32) -> Reach {
        match self {
            Technique::Subtraction if count > 1 && self.takes_many_sliders(slider) => Reach::East,
            _ if self.positive_rays_only() => Reach::PositiveRays,
            _ => Reach::Whole,
        }
    }
}

/// Which lines of a technique's `source` stand beside its algorithm, for the code panel to fold
/// away until the reader asks for the whole file. The algorithm is each `#[traced]` function
/// with the doc comment above it; its attribute lines, the tracer's bookkeeping calls, the
/// imports, tables, helpers and tests are beside it.
pub fn aside_lines(source: &str) -> Vec<bool> {
    let lines: Vec<&str> = source.lines().collect();
    let mut aside = vec![true; lines.len()];
    let mut index = 0;
    while index < lines.len() {
        if lines[index].trim() != "#[traced]" {
            index += 1;
            continue;
        }
        let mut doc = index;
        while doc > 0 && lines[doc - 1].trim_start().starts_with("///") {
            doc -= 1;
            aside[doc] = false;
        }
        // The function runs to the closing brace that starts a line.
        index += 1;
        while index < lines.len() {
            let line = lines[index];
            let statement = line.trim();
            // Attributes, and the tracer's bookkeeping (`t.focus(…)`, `t.word_order(…)`, the
            // `// shown as: 2r` that names a value in the step's grids), which says where the
            // steps work and what they are called, not what the algorithm computes.
            aside[index] = statement.starts_with("#[")
                || (statement.starts_with("t.") && statement.ends_with(';'))
                || statement.starts_with("// shown as:");
            index += 1;
            if line == "}" {
                break;
            }
        }
    }
    aside
}

/// A file of traced steps that several techniques call, shown beside the technique's own.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SharedFile {
    /// The composition of line attacks into piece attacks (rook = file | rank, …).
    Compose,
    /// A rank's attacks read from the first-rank table, which both Hyperbola Quintessences use.
    FirstRank,
}

impl SharedFile {
    pub const ALL: [SharedFile; 2] = [SharedFile::Compose, SharedFile::FirstRank];

    /// The file's name, e.g. `compose.rs`.
    pub const fn name(self) -> &'static str {
        match self {
            SharedFile::Compose => "compose.rs",
            SharedFile::FirstRank => "first_rank.rs",
        }
    }

    pub const fn source(self) -> &'static str {
        match self {
            SharedFile::Compose => include_str!("compose.rs"),
            SharedFile::FirstRank => include_str!("first_rank.rs"),
        }
    }

    /// What the file's steps are, for a sentence: "the shared composition".
    pub const fn role(self) -> &'static str {
        match self {
            SharedFile::Compose => "the shared composition",
            SharedFile::FirstRank => "the shared rank read",
        }
    }

    /// The shared file whose line made `step`, if one did.
    pub fn of(step: &crate::Step) -> Option<SharedFile> {
        let file = step.place.file()?;
        SharedFile::ALL.into_iter().find(|shared| is_file(file, shared.name()))
    }
}

/// A large attack table, indexed by a hash of the relevant pieces ([`Technique::large_table`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LargeTable {
    Magic,
    Pext,
}

impl LargeTable {
    /// Whether the table is there to read: filled, or built in.
    pub fn ready(self) -> bool {
        match self {
            LargeTable::Magic => magic::table_built(),
            LargeTable::Pext => pext::table_built(),
        }
    }

    /// Fills the table if it is still empty.
    pub fn fill(self) {
        match self {
            LargeTable::Magic => drop(magic::attack_table()),
            LargeTable::Pext => drop(pext::attack_table()),
        }
    }
}

/// Every file a technique's step can be taken in, by name: each technique's own, in the order
/// of [`Technique::ALL`], then the shared ones. A module that traces for the page sends a step's
/// file as its place in this list ([`step_file`]).
pub fn step_files() -> impl Iterator<Item = &'static str> {
    Technique::ALL.iter().map(|technique| technique.source_file()).chain(SharedFile::ALL.map(SharedFile::name))
}

/// Where the file `path` (a step's file, as the compiler names it) stands in [`step_files`].
pub fn step_file(path: &str) -> Option<usize> {
    step_files().position(|name| is_file(path, name))
}

/// The tables a technique's swizzle reads (`Op::Swizzle`), for a module that sends its steps:
/// a table is sent as its place here.
pub const SWIZZLE_TABLES: [&crate::lanes::ByteTable; 3] = [
    &crate::lanes::BYTES_REVERSED,
    &hyperbola_quintessence_rbit::REVERSED_INTO_HIGH,
    &hyperbola_quintessence_rbit::REVERSED_INTO_LOW,
];

/// True when `path` (a step's file, as the compiler names it) is the file `name`.
fn is_file(path: &str, name: &str) -> bool {
    let folder = path.strip_suffix(name).unwrap_or("x");
    folder.is_empty() || folder.ends_with('/') || folder.ends_with('\\')
}

/// The lines (1-based, inclusive) of the statement that starts on `line` of `source`: a call
/// that rustfmt wrapped spans until its parentheses balance again.
pub fn statement_lines(source: &str, line: u32) -> (u32, u32) {
    let mut depth = 0i32;
    let mut last = line;
    for (number, text) in source.lines().enumerate().skip(line.saturating_sub(1) as usize) {
        depth += text.matches('(').count() as i32 - text.matches(')').count() as i32;
        last = number as u32 + 1;
        if depth <= 0 {
            break;
        }
    }
    (line, last)
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which of a slider's rays a technique computes ([`Technique::reach`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Every ray: the slider's attacks.
    Whole,
    /// The rays towards higher bits: north and east, north-east and north-west.
    PositiveRays,
    /// East alone, for each of several rooks: the set-wise o^(o-2r).
    East,
}

/// A technique that takes one `slider` was given none or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneSliderOnly {
    pub technique: Technique,
    pub slider: Slider,
    pub sliders: Bitboard,
}

impl fmt::Display for OneSliderOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.sliders.is_empty() {
            return write!(f, "{} needs a slider on a square", self.technique);
        }
        write!(f, "{} takes one slider, and {} were given (", self.technique, self.sliders.count())?;
        // "d4 and f6", "c3, d4 and f6": every square, the last after "and".
        let count = self.sliders.count() as usize;
        for (index, square) in self.sliders.squares().enumerate() {
            let joint = match index {
                0 => "",
                _ if index + 1 == count => " and ",
                _ => ", ",
            };
            write!(f, "{joint}{square}")?;
        }
        f.write_str("); ")?;
        let many: alloc::vec::Vec<&str> =
            Technique::ALL.iter().filter(|t| t.takes_many_sliders(Slider::Bishop)).map(|t| t.name()).collect();
        write!(f, "{} take several, and subtraction several rooks", many.join(" and "))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTechniqueError;

impl fmt::Display for ParseTechniqueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown technique; `sliders techniques` lists them")
    }
}

impl FromStr for Technique {
    type Err = ParseTechniqueError;
    fn from_str(text: &str) -> Result<Technique, ParseTechniqueError> {
        Technique::ALL.iter().copied().find(|t| t.name() == text).ok_or(ParseTechniqueError)
    }
}

#[cfg(test)]
mod tests {
    use super::Technique;
    use crate::trace::{Recorder, Tracer};
    use crate::{Bitboard, Square};
    use traced::traced;

    /// o^(o-2r) on a byte, written as a technique is, with the article's name for 2r.
    #[traced]
    fn borrow<T: Tracer>(t: &mut T, square: Square, o: Bitboard) -> Bitboard {
        // Twice the slider's bit: the bit above it.
        // shown as: 2r
        let two_r = square.bit() << 1;
        // XOR with o marks the changed bits.
        // `o - 2r`: the borrow runs up to the first blocker.
        let changed = o ^ (o - two_r);
        // The table's entry for the changed bits' count.
        let entry = [Bitboard::EMPTY; 64][changed.count() as usize];
        entry | changed
    }

    /// Operands are named from the syntax tree, and a name a comment declares is used for the
    /// value wherever it is shown: the labels, the operands and the result.
    #[test]
    fn the_macro_names_operands_from_the_tree_and_declared_names() {
        let mut recorder = Recorder::new();
        borrow(&mut recorder, Square::B1, Bitboard(0b0100_0010));
        let names: alloc::vec::Vec<(&str, &str, &str, &str)> = recorder
            .steps
            .iter()
            .map(|s| (&*s.label, &*s.operands.lhs, &*s.operands.rhs, &*s.operands.result))
            .collect();
        assert_eq!(
            names,
            [
                ("square.bit() << 1 = 2r", "square.bit()", "1", "2r"),
                ("o - 2r", "o", "2r", ""),
                ("o ^ (o - 2r) = changed", "o", "o - 2r", "changed"),
                // A table read's index without its cast.
                ("[Bitboard::EMPTY; 64][changed.count() as usize] = entry", "changed.count()", "", "entry"),
            ]
        );
        assert!(recorder.steps.iter().all(|s| !s.why.contains("shown as")));
    }

    /// The sizes the articles give, whether the tables are statics or computed on first read
    /// (the page's `lazy-tables`): a computed table must not be counted as its pointer.
    #[test]
    fn table_bytes_count_the_tables_themselves() {
        assert_eq!(Technique::Subtraction.table_bytes(), 64 * 4 * 8);
        assert_eq!(Technique::ClassicalConditional.table_bytes(), 8 * 64 * 8);
        assert_eq!(Technique::HyperbolaQuintessence.table_bytes(), 64 * 4 * 8 + 8 * 64);
        assert_eq!(Technique::Kindergarten.table_bytes(), 64 * 4 * 8 + 2 * 8 * 64 * 8);
        assert_eq!(Technique::KoggeStone.table_bytes(), 0);
    }
}
