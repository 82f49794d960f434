//! "Copy as C" and "Copy as Rust": the exported code, compiled by rustc and by a C compiler
//! (with and without BMI2), gives the evaluator's value on every square over hundreds of
//! boards each, for every example (and the example's target too) and for formulas that
//! together use every operation of the language; and the text says what it should.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sliders::workload::Xorshift96;
use sliders::{Bitboard, Line, Slider, Square};
use sliders_formula::examples::{by_id, EXAMPLES};
use sliders_formula::{Formula, Target};

/// Boards tried per square, per formula.
const BOARDS_PER_SQUARE: usize = 320;

/// Formulas beside the examples: together with them they use every builtin, every operator,
/// all eight rays, and names that C or Rust keep for themselves.
const EXTRAS: [(&str, Option<Target>, &str); 16] = [
    (
        "queen-classical",
        Some(Target::Piece(Slider::Queen)),
        "// The queen's attacks by the classical approach: each of the eight rays, cut behind its first blocker.
fn hits(ray_mask) {
    // The pieces on the ray.
    return ray_mask & o
}
fn up(ray_mask) {
    // Up the board the nearest piece is the lowest one.
    return bsf(hits(ray_mask))
}
fn down(ray_mask) {
    // Down the board it is the highest one.
    return bsr(hits(ray_mask))
}

U64 n = ray(sq, north);
n = hits(n) ? n ^ ray(up(n), north) : n;
let e = ray(sq, east)
e = hits(e) ? e ^ ray(up(e), east) : e
ne = ray(sq, northeast)
ne = hits(ne) ? ne ^ ray(up(ne), northeast) : ne
nw = ray(sq, northwest); nw = hits(nw) ? nw ^ ray(up(nw), northwest) : nw
s = ray(sq, south)
s = hits(s) ? s ^ ray(down(s), south) : s
w = ray(sq, west)
w = hits(w) ? w ^ ray(down(w), west) : w
sw = ray(sq, southwest)
sw = hits(sw) ? sw ^ ray(down(sw), southwest) : sw
se = ray(sq, southeast)
se = hits(se) ? se ^ ray(down(se), southeast) : se
return n | e | ne | nw | s | w | sw | se
",
    ),
    (
        "rank-pext",
        Some(Target::Line(Line::Rank)),
        "// The rank's attacks in eight bits: pext gathers the rank's pieces to the bottom, the two
// rays are counted there, and pdep spreads them back onto the rank.
fn spread(bits) {
    return pdep(bits, rank(sq))
}
line = pext(o, rank(sq))
me = pext(r, rank(sq))
// The pieces below the slider: the nearest is the highest.
below = line & (me - 1)
left = me - (below ? ms1b(below) : 1)
// The pieces above it: the nearest is the lowest.
above = line & ~(2 * me - 1)
right = (above ? ls1b(above) << 1 : 0x100) - 2 * me
return spread(left | right)
",
    ),
    (
        "every-operation",
        None,
        "// Every operation of the language at once: the value means nothing, but C, Rust and the evaluator must agree on it.
fn mix(a, b) {
    // Rotations and shifts by amounts past 63 take them mod 64.
    a = rotl(a, b + 70) ^ rotr(a, b * 3) ^ rotl(a, 67) ^ rotr(a, 5)
    return a - (b << 65) + (a >> b) * 3
}
fn twice(a, b) {
    return mix(mix(a, b), b + 1)
}
line = rank(sq) | file(sq) | diagonal(sq) | antidiagonal(sq)
pieces = occ & line
low = ls1b(pieces)
high = ms1b(pieces)
count = popcount(pieces) + popcnt(0) + __builtin_popcountll(~o) + _mm_popcnt_u64(o)
logic = (count > 2 && low < high) + (!pieces || count) * 2 + (pieces && (count > 3 || (sq & 1))) * 4 + (o & r || 0) * 8
divided = (sq / 8) * 8 + sq % 8 + o / (popcount(pieces) + 1) + (o % (r | 5))
zeros = clz(pieces) + ctz(pieces) + bsf(occupied ^ o) + bsr(pieces ^ r) + lzcnt(~o) + tzcnt(0) + __builtin_clzll(o) + _lzcnt_u64(0) + __lzcnt64(0)
swapped = bswap(o) ^ swap_bytes(slider) ^ __builtin_bswap64(line)
gathered = pext(o, line) ^ _pext_u64(r, ~line)
spread = pdep(gathered, ~line) | pdep(~0, rank(sq)) | _pdep_u64(count, 0xff00)
flags = (count < 3) + (count <= 3) * 2 + (count > 40) * 4 + (count >= 40) * 8 + (low == high) * 16 + (low != r) * 32 + (3 < 5) * 64
flags = flags + ((count > 2) == (low < high)) * 128 + (0xffffffffffffffff == 18446744073709551615) * 256
signs = -flags ^ ~zeros ^ !pieces ^ !!count ^ -(count > 2) ^ ~(low < high) ^ -7 ^ ~0
shifted = (o << 64) ^ (o >> 64) ^ (o << (zeros + 100)) ^ (r >> count) ^ (1 << 63) ^ (3 << sq) ^ (C64(1) << 70) ^ (2 >> 65)
choice = (low ? low < high : 7) + (count ? 1 : 0xffffffffffffffff) + (!pieces ? 1 : 2) + (count > 30 ? sq : 0b101)
pick = count > 20 ? (count > 45 ? bit(63 - sq) : twice(spread, zeros)) : gathered ^ bit(d4) ^ bit(h8)
return twice(line ^ pick, count) ^ signs ^ shifted ^ swapped ^ high ^ choice ^ divided ^ logic ^ 0b1010 ^ (1 - 2) ^ (5 * 7) ^ (1 << 3 << 4)
",
    ),
    (
        "names",
        None,
        "// Names that C or Rust keep for themselves, and the formula's other forms of statement.
fn double(loop, type) {
    // A parameter given a new value.
    loop = loop ^ type
    return loop
}
fn never_called(x) {
    return x
}
fn ignores(unused, kept) {
    return kept
}

square = sq
char = double(square, 3)
match = char
match ^= o
formula_clz = clz(match) // a helper's name in C
_hidden = 5
dead = 1
dead = 2
unread = o + 1
camelCase = ignores(1, dead)
self = 7; auto = self
o & r // evaluated, and its value dropped
return formula_clz + match + camelCase + auto + char
",
    ),
    (
        "comments-and-shadows",
        None,
        "// Comments everywhere, a function named as the entry's parameter, and a parameter named as a function.

/* A block comment, which is dropped. */
fn square(a, b) { // beside the header
    // above x
    x = a ^ // inside the expression
        b
    return x // beside the return
    // before the closing brace
} // after the brace
fn line(a) {
    return a * 3
}
fn uses(line) {
    return line(line) ^ square(line, sq)
}

// above the first statement
y = square(o, r)

// after a blank line
return uses(y) |
   sq // the end
// after everything
",
    ),
    (
        "branches",
        None,
        "// if and else as an engine writes them: names first given values in branches, else if,
// a branch of one statement, and a name declared inside braces.
U64 along(U64 occ, int sq, int up) {
    U64 rays, blocker;
    if (up) {
        rays = ray(sq, north);
    } else {
        rays = ray(sq, south);
    }
    blocker = rays & occ;
    if (blocker == 0)
        found = rays;
    else if (up)
        found = rays ^ ray(bsf(blocker), north);
    else {
        int first = bsr(blocker);
        found = rays ^ ray(first, south);
    }
    return found;
}
U64 early(U64 occ, int sq) {
    U64 rays = ray(sq, east);
    if (!(rays & occ)) return rays;
    if (popcount(rays & occ) > 1) {
        return rays ^ ray(bsf(rays & occ), east);
    } else {
        U64 blocker = rays & occ;
        return rays ^ ray(bsf(blocker), east);
    }
}
U64 walk(U64 occ, int sq) {
    U64 rays = 0;
    U64 at = bit(sq);
    while (at << 8) {
        at = at << 8;
        rays |= at;
        if (at & occ) break;
    }
    return rays;
}
U64 low(U64 x) {
    for (int s = 0; s < 64; s++) {
        if (!(x & bit(s))) continue;
        return bit(s);
    }
    return 0;
}
U64 bits(U64 x) {
    int n = 0;
    do {
        if (!x) break;
        x &= x - 1;
        n++;
    } while (x);
    return n;
}
x = along(o, sq, 1) | early(o, sq) | walk(o, sq) | low(o & ~r) | bits(o);
if (!x) return r;
if (x & o) {
    x = x | along(o, sq, 0);
    y = popcount(x);
    x = x ^ y;
}
return x;
",
    ),
    (
        "engine-names",
        Some(Target::Line(sliders::Line::Rank)),
        "typedef unsigned long long U64;
// An engine's names for its own values: r the rank, o the row's pieces, sq in a function.
U64 low(U64 x) {
    U64 sq = x & 7;
    return sq;
}
int r = sq >> 3;
int f = sq & 7;
U64 o = (occupied >> (8 * r)) & 0xff;
U64 row = low(0);
for (int x = f + 1; x < 8; x++) {
    row |= 1ULL << x;
    if (o & (1ULL << x)) break;
}
for (int x = f - 1; x >= 0; x--) {
    row |= 1ULL << x;
    if (o & (1ULL << x)) break;
}
return row << (8 * r);
",
    ),
    // Tables filled by a function run once, written out filled.
    ("rays-table-init", Some(Target::Piece(Slider::Rook)), include_str!("../listings/rays_init_getter.c")),
    // An enum's constants, its name as a type, a table with a row per constant.
    ("rays-enum", Some(Target::Piece(Slider::Rook)), include_str!("../listings/rays_enum_getter.c")),
    // A table of structs read through pointers: the export keeps each pointer as its entry's number.
    ("struct-pointers", Some(Target::Piece(Slider::Queen)), include_str!("../listings/obstruction_difference.c")),
    ("struct-typedef", Some(Target::Piece(Slider::Rook)), include_str!("../listings/sbamg.c")),
    // A pointer field, filled once: the export keeps it as the entry's number.
    (
        "pointer-field",
        Some(Target::Ray(sliders::Direction::North)),
        "typedef unsigned long long U64;
typedef struct { U64 *rays; int count; } Lines;
Lines lines[64];
U64 rayTable[128];
void init(void) {
    for (int s = 0; s < 64; s++) {
        Lines *l = &lines[s];
        l->rays = rayTable + 2 * s;
        l->count = 2;
        l->rays[0] = ray(s, north);
        *(l->rays + 1) = ray(s, east);
    }
}
init();
const U64 *rays = lines[sq].rays;
U64 up = rays[0], blockers = up & o;
U64 above = blockers ? up ^ ray(__builtin_ctzll(blockers), north) : up;
return above | (rays[1] & 0) | (U64)(lines[sq].count - 2);
",
    ),
    // MSVC's bit scans, as GCC and Rust write them: alone, and as a value and a condition.
    ("bit-scan", Some(Target::Piece(Slider::Rook)), include_str!("../listings/bitscan_getter.c")),
    // The index first given its value inside a branch: declared before the if.
    (
        "bit-scan-branches",
        None,
        "typedef unsigned long long U64;\nunsigned long i;\nif (sq < 32) _BitScanForward64(&i, o);\nelse _BitScanReverse64(&i, o);\nreturn i;",
    ),
    ("bit-scan-loop", Some(Target::Ray(sliders::Direction::North)), "typedef unsigned long long U64;\n// The squares the pieces on the north ray stand on, lowest first, summed as bits: the blockers.\nU64 bb = o & ray(sq, north), seen = 0;\nunsigned long i;\nwhile (_BitScanForward64(&i, bb)) {\n    seen |= 1ULL << i;\n    bb &= bb - 1;\n}\nU64 first = 0;\nif (_BitScanForward64(&i, seen)) first = ray(sq, north) ^ ray(i, north);\nelse first = ray(sq, north);\nreturn first;\n"),
    (
        "bit-scan-value",
        Some(Target::Ray(sliders::Direction::North)),
        "typedef unsigned long long U64;
int i = 0;
unsigned char found = _BitScanReverse64(&i, o & ray(sq, south));
U64 below = found ? ray(sq, south) ^ ray(i, south) : ray(sq, south);
unsigned long j;
if (_BitScanForward64(&j, o & ray(sq, north))) return ray(sq, north) ^ ray(j, north) | (below & 0);
return ray(sq, north);",
    ),
];

/// Random formulas beside them, each tried on fewer boards: every operator, builtin and kind
/// of literal in every place, to find the C integer promotion, the Rust literal without a type,
/// or the parenthesis that the chosen formulas might miss.
const RANDOM_FORMULAS: usize = 48;
const RANDOM_BOARDS_PER_SQUARE: usize = 12;

struct Subject {
    name: String,
    formula: Formula,
    target: Option<Target>,
    boards_per_square: usize,
    /// A random formula may be silly (`x >= 0`, `o < o`): the compilers' warnings of that are
    /// the formula's, not the export's, and are let pass.
    random: bool,
}

fn subjects() -> Vec<Subject> {
    let examples =
        EXAMPLES.iter().map(|example| (example.id.to_string(), Some(example.target), example.text().to_string()));
    let extras = EXTRAS.iter().map(|&(name, target, text)| (name.to_string(), target, text.to_string()));
    let mut subjects: Vec<Subject> = examples
        .chain(extras)
        .map(|(name, target, text)| Subject {
            formula: Formula::parse(&text).unwrap_or_else(|e| panic!("{name}: {}", e.describe(&text))),
            name,
            target,
            boards_per_square: BOARDS_PER_SQUARE,
            random: false,
        })
        .collect();
    let mut rng = Xorshift96::default();
    for index in 0..RANDOM_FORMULAS {
        let text = random_formula(&mut rng);
        subjects.push(Subject {
            formula: Formula::parse(&text).unwrap_or_else(|e| panic!("{text}\n{}", e.describe(&text))),
            name: format!("random formula {index}:\n{text}"),
            target: None,
            boards_per_square: RANDOM_BOARDS_PER_SQUARE,
            random: true,
        });
    }
    subjects
}

/// A formula with a function of two parameters, two names and a result, each a random
/// expression that cannot fault (a mask's square is taken mod 64).
fn random_formula(rng: &mut Xorshift96) -> String {
    let function = random_expression(rng, 3, &["x", "y", "o", "sq"]);
    let a = random_expression(rng, 3, &["o", "r", "sq"]);
    let b = random_expression(rng, 3, &["a", "o", "r", "sq", "f(a, sq)"]);
    let result = random_expression(rng, 3, &["a", "b", "o", "r", "f(b, a)"]);
    format!("fn f(x, y) {{\n    return {function}\n}}\na = {a}\nb = {b}\nb ^= a\nreturn {result}\n")
}

fn random_expression(rng: &mut Xorshift96, depth: u32, names: &[&str]) -> String {
    const BINARY: [&str; 14] = ["*", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&", "^", "|"];
    const LITERALS: [&str; 10] = ["0", "1", "2", "63", "64", "65", "d4", "18446744073709551615", "0b1011", "0xff00"];
    const DIRECTIONS: [&str; 8] =
        ["north", "east", "northeast", "northwest", "south", "west", "southwest", "southeast"];
    let choice = rng.next_u32() % if depth == 0 { 4 } else { 13 };
    let below = depth.saturating_sub(1);
    match choice {
        0 | 1 => one(rng, names).to_string(),
        2 => one(rng, &LITERALS).to_string(),
        3 => format!("{:#x}", rng.next_u64() >> (rng.next_u32() % 64)),
        4 => {
            let op = one(rng, &["~", "-", "!"]);
            format!("{op}{}", random_expression(rng, below, names))
        }
        5..=7 => {
            let op = one(rng, &BINARY);
            let a = random_expression(rng, below, names);
            let b = random_expression(rng, below, names);
            // One time in three without parentheses: C's precedence decides.
            if choice == 7 {
                format!("{a} {op} {b}")
            } else {
                format!("({a} {op} {b})")
            }
        }
        8 => {
            let c = random_expression(rng, below, names);
            let a = random_expression(rng, below, names);
            let b = random_expression(rng, below, names);
            format!("({c} ? {a} : {b})")
        }
        9 => {
            let f = one(rng, &["clz", "ctz", "bsf", "bsr", "popcount", "bswap", "ls1b", "ms1b", "C64"]);
            format!("{f}({})", random_expression(rng, below, names))
        }
        10 => {
            let f = one(rng, &["rotl", "rotr", "pext", "pdep"]);
            let a = random_expression(rng, below, names);
            let b = random_expression(rng, below, names);
            format!("{f}({a}, {b})")
        }
        11 => {
            let f = one(rng, &["bit", "rank", "file", "diagonal", "antidiagonal"]);
            format!("{f}(({}) & 63)", random_expression(rng, below, names))
        }
        _ => {
            let direction = one(rng, &DIRECTIONS);
            format!("ray(({}) & 63, {direction})", random_expression(rng, below, names))
        }
    }
}

fn one<'a>(rng: &mut Xorshift96, items: &[&'a str]) -> &'a str {
    items[rng.next_u32() as usize % items.len()]
}

/// One case: the formula's index, the board (the slider's bit always in it) and the square.
struct Case {
    formula: usize,
    occupied: u64,
    square: u32,
    expected: u64,
}

/// Every square with the empty board, the full board, and boards of every density, each
/// answered by the evaluator (and for a formula with a target, checked against the target).
fn cases(subjects: &[Subject]) -> Vec<Case> {
    let mut rng = Xorshift96::default();
    let mut cases = Vec::new();
    for (index, subject) in subjects.iter().enumerate() {
        for square in 0..64u32 {
            let slider = 1u64 << square;
            let mut boards = vec![slider, u64::MAX];
            while boards.len() < subject.boards_per_square {
                let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
                let board = match boards.len() % 6 {
                    0 => a & b & c & rng.next_u64(),
                    1 => a & b & c,
                    2 => a & b,
                    3 => a,
                    4 => a | b,
                    _ => 1 << (a % 64) | 1 << (b % 64),
                };
                boards.push(board | slider);
            }
            for occupied in boards {
                let at = Square::from_index(square);
                let value = subject
                    .formula
                    .attacks(at.bit(), Bitboard(occupied))
                    .unwrap_or_else(|fault| panic!("{}: {}", subject.name, fault.message))
                    .0;
                if let Some(target) = subject.target {
                    assert_eq!(
                        target.expected(at, Bitboard(occupied)).0,
                        value,
                        "{} disagrees with its target on {square}, {occupied:#x}",
                        subject.name
                    );
                }
                cases.push(Case { formula: index, occupied, square, expected: value });
            }
        }
    }
    cases
}

/// A fresh directory for one build; removed when the test passes.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slider-lab-formula-export-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {command:?}\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs the program once with every case on its input, one `formula occupied square` a line;
/// it answers the mode it was built for, then each value in hex.
fn answers(program: &Path, cases: &[Case]) -> (String, Vec<u64>) {
    let mut input = String::with_capacity(cases.len() * 24);
    for case in cases {
        input.push_str(&format!("{} {:x} {}\n", case.formula, case.occupied, case.square));
    }
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{} failed: {}", program.display(), String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let mode = lines.next().unwrap_or("").to_string();
    let values = lines.map(|line| u64::from_str_radix(line, 16).unwrap()).collect();
    (mode, values)
}

/// Every answer equals the evaluator's.
fn compare(what: &str, subjects: &[Subject], cases: &[Case], values: &[u64], dir: &Path) {
    assert_eq!(values.len(), cases.len(), "{what}: one answer per case");
    let wrong: Vec<String> = cases
        .iter()
        .zip(values)
        .filter(|(case, &value)| case.expected != value)
        .take(5)
        .map(|(case, value)| {
            format!(
                "{} on square {} with occupied {:#018x}: {:#018x}, the evaluator {:#018x}",
                subjects[case.formula].name, case.square, case.occupied, value, case.expected
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{what} disagrees with the evaluator (the build is in {}):\n{}",
        dir.display(),
        wrong.join("\n")
    );
}

fn cpu_has_bmi2() -> bool {
    cfg!(target_arch = "x86_64")
        && std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|info| info.split_whitespace().any(|flag| flag == "bmi2"))
}

fn rust_program(subjects: &[Subject]) -> String {
    let mut program = String::new();
    for (index, subject) in subjects.iter().enumerate() {
        if subject.random {
            program.push_str("#[allow(unused_comparisons)] // A random formula may compare with a bound.\n");
        }
        program.push_str(&format!("mod f{index} {{\n{}}}\n\n", subject.formula.to_rust_named(&prefix(index))));
    }
    program.push_str(
        "use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    let bmi2 = cfg!(all(target_arch = \"x86_64\", target_feature = \"bmi2\"));
    out.push_str(if bmi2 { \"bmi2\\n\" } else { \"portable\\n\" });
    for line in input.lines() {
        let mut words = line.split(' ');
        let formula: usize = words.next().unwrap().parse().unwrap();
        let occupied = u64::from_str_radix(words.next().unwrap(), 16).unwrap();
        let square: u32 = words.next().unwrap().parse().unwrap();
        let value = match formula {
",
    );
    for index in 0..subjects.len() {
        program.push_str(&format!("            {index} => f{index}::formula{index}_attacks(occupied, square),\n"));
    }
    program.push_str(
        "            _ => panic!(\"no formula {formula}\"),
        };
        out.push_str(&format!(\"{value:x}\\n\"));
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
",
    );
    program
}

/// The exported Rust of every formula, compiled with `rustc -O` (warnings denied), portable
/// and, where the processor has it, with BMI2, gives the evaluator's value on every case.
#[test]
fn exported_rust_agrees_with_the_evaluator() {
    let subjects = subjects();
    let cases = cases(&subjects);
    let dir = scratch("rust");
    let source = dir.join("main.rs");
    std::fs::write(&source, rust_program(&subjects)).unwrap();
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut builds = vec![("portable", Vec::new())];
    if cpu_has_bmi2() {
        builds.push(("bmi2", vec!["-C", "target-feature=+bmi2"]));
    }
    for (mode, flags) in builds {
        let program = dir.join(format!("formulas-{mode}"));
        let mut command = Command::new(&rustc);
        command.args(["-O", "--edition", "2021", "-D", "warnings", "-o"]).arg(&program).arg(&source).args(&flags);
        run(&mut command, &format!("rustc ({mode})"));
        let (said, values) = answers(&program, &cases);
        assert_eq!(said, mode, "the Rust build's mode");
        compare(&format!("the exported Rust ({mode})"), &subjects, &cases, &values, &dir);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first of cc, gcc and clang that answers `--version`.
fn c_compiler() -> Option<&'static str> {
    ["cc", "gcc", "clang"]
        .into_iter()
        .find(|compiler| Command::new(compiler).arg("--version").output().is_ok_and(|output| output.status.success()))
}

const C_FLAGS: [&str; 5] = ["-O2", "-std=c99", "-Wall", "-Wextra", "-Werror"];

/// The warnings a random formula earns by itself: `x >= 0`, `o < o`, `!x == 5`, a constant
/// condition (and, for Clang, a GCC warning's name it does not know).
const SILLY_FORMULAS: [&str; 5] = [
    "-Wno-type-limits",
    "-Wno-tautological-compare",
    "-Wno-int-in-bool-context",
    "-Wno-bool-compare",
    "-Wno-unknown-warning-option",
];

fn c_main(subjects: &[Subject]) -> String {
    let mut program = String::from("#include <inttypes.h>\n#include <stdint.h>\n#include <stdio.h>\n\n");
    for index in 0..subjects.len() {
        program.push_str(&format!("uint64_t formula{index}_attacks(uint64_t occupied, unsigned square);\n"));
    }
    program.push_str(
        "
int main(void)
{
#ifdef __BMI2__
    puts(\"bmi2\");
#else
    puts(\"portable\");
#endif
    unsigned formula, square;
    uint64_t occupied;
    while (scanf(\"%u %\" SCNx64 \" %u\", &formula, &occupied, &square) == 3) {
        uint64_t value;
        switch (formula) {
",
    );
    for index in 0..subjects.len() {
        program.push_str(&format!("        case {index}: value = formula{index}_attacks(occupied, square); break;\n"));
    }
    program.push_str(
        "        default: return 2;
        }
        printf(\"%\" PRIx64 \"\\n\", value);
    }
    return 0;
}
",
    );
    program
}

/// The exported C of every formula, each its own translation unit, compiled with `-O2 -std=c99
/// -Wall -Wextra -Werror`, portable and (where the compiler and processor allow) with
/// `-mbmi2`, gives the evaluator's value on every case.
#[test]
fn exported_c_agrees_with_the_evaluator() {
    let Some(compiler) = c_compiler() else {
        let message = "no C compiler (cc, gcc or clang) answers --version, so the exported C is not compiled";
        assert!(std::env::var_os("SLIDER_LAB_REQUIRE_CC").is_none(), "{message}, and SLIDER_LAB_REQUIRE_CC is set");
        eprintln!("note: {message}; install gcc to test it");
        return;
    };
    let subjects = subjects();
    let cases = cases(&subjects);
    let dir = scratch("c");
    let mut sources = vec![dir.join("main.c")];
    let mut randoms = Vec::new();
    std::fs::write(&sources[0], c_main(&subjects)).unwrap();
    for (index, subject) in subjects.iter().enumerate() {
        let path = dir.join(format!("{}{index}.c", if subject.random { "random" } else { "formula" }));
        // Each export its own prefix, so that they all link into one program.
        let text = subject.formula.to_c_named(&prefix(index));
        std::fs::write(&path, text).unwrap();
        if subject.random {
            randoms.push(path);
        } else {
            sources.push(path);
        }
    }
    let mut builds = vec![("portable", Vec::new())];
    if cpu_has_bmi2() {
        // Only if the compiler takes the flag.
        let probe = dir.join("probe.c");
        std::fs::write(&probe, "int main(void) { return 0; }\n").unwrap();
        let accepted = Command::new(compiler)
            .args(["-mbmi2", "-o"])
            .arg(dir.join("probe"))
            .arg(&probe)
            .output()
            .is_ok_and(|output| output.status.success());
        if accepted {
            builds.push(("bmi2", vec!["-mbmi2"]));
        }
    }
    for (mode, flags) in builds {
        // The random formulas first, to objects of their own, letting their silliness pass.
        let objects = dir.join(mode);
        std::fs::create_dir_all(&objects).unwrap();
        let mut command = Command::new(compiler);
        command.current_dir(&objects).args(C_FLAGS).args(&flags).args(SILLY_FORMULAS).arg("-c").args(&randoms);
        run(&mut command, &format!("{compiler} ({mode}, the random formulas)"));
        let program = dir.join(format!("formulas-{mode}"));
        let mut command = Command::new(compiler);
        command.args(C_FLAGS).args(&flags).arg("-o").arg(&program).args(&sources);
        command.args(randoms.iter().map(|random| objects.join(random.with_extension("o").file_name().unwrap())));
        run(&mut command, &format!("{compiler} ({mode})"));
        let (said, values) = answers(&program, &cases);
        assert_eq!(said, mode, "the C build's mode");
        compare(&format!("the exported C ({mode})"), &subjects, &cases, &values, &dir);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The names of the index-th export: `formula7_attacks`, `FORMULA7_FILE`, …
fn prefix(index: usize) -> sliders_formula::Prefix {
    format!("formula{index}").parse().unwrap()
}

fn export(text: &str) -> (String, String) {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{}", e.describe(text)));
    (formula.to_c(), formula.to_rust())
}

#[test]
fn the_exports_use_the_machines_instructions() {
    let (c, rust) = export(by_id("obstruction-difference").unwrap().text());
    assert!(c.contains("__builtin_clzll"), "{c}");
    assert!(c.contains("x ? (uint64_t)__builtin_clzll(x) : 64"), "clz of zero is 64:\n{c}");
    assert!(rust.contains("leading_zeros"), "{rust}");

    let (c, rust) = export("return pext(o, rank(sq)) ^ pdep(r, file(sq))");
    let bmi2 = c.find("#ifdef __BMI2__").expect("an #ifdef __BMI2__");
    let portable = bmi2 + c[bmi2..].find("#else").expect("an #else");
    let end = portable + c[portable..].find("#endif").expect("an #endif");
    assert!(c[bmi2..portable].contains("#include <immintrin.h>"), "{c}");
    assert!(c[bmi2..portable].contains("_pext_u64(x, mask)"), "{c}");
    assert!(c[bmi2..portable].contains("_pdep_u64(x, mask)"), "{c}");
    assert!(c[portable..end].contains("formula_pext") && !c[portable..end].contains("_pext_u64"), "{c}");
    assert!(rust.contains("#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]"), "{rust}");
    assert!(rust.contains("#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]"), "{rust}");
    assert!(rust.contains("unsafe { core::arch::x86_64::_pext_u64(x, mask) }"), "{rust}");
    assert!(rust.contains("// SAFETY:"), "{rust}");

    // The rest as the brief has them.
    let (c, rust) = export("return popcount(o) + ctz(o) + bswap(o) + rotl(o, sq) + (o << sq) + o * 3 - r");
    for wanted in ["__builtin_popcountll", "__builtin_ctzll", "__builtin_bswap64", "(sq & 63)"] {
        assert!(c.contains(wanted), "{wanted}:\n{c}");
    }
    for wanted in ["count_ones()", "trailing_zeros()", "swap_bytes()", "rotate_left((sq % 64) as u32)", "(sq & 63)"] {
        assert!(rust.contains(wanted), "{wanted}:\n{rust}");
    }
    for wanted in ["wrapping_add", "wrapping_sub", "wrapping_mul"] {
        assert!(rust.contains(wanted), "{wanted}:\n{rust}");
    }
}

#[test]
fn the_exports_keep_the_readers_names_and_comments() {
    let example = by_id("obstruction-difference").unwrap();
    let (c, rust) = export(example.text());
    for text in [&c, &rust] {
        assert!(text.contains("exported from Slider Lab's formula playground"), "{text}");
        // The formula itself, line by line, in the header.
        for line in example.text().lines().filter(|line| !line.trim().is_empty()) {
            assert!(text.contains(&format!("//     {}", line.trim_end())), "{line}:\n{text}");
        }
        // Its comments on the lines they explain.
        assert!(
            text.contains("    // The borrow runs from ms1b up through zero bits to the nearest piece above, or past bit 63 if there is none; XOR marks what changed.\n"),
            "{text}"
        );
    }
    assert!(c.contains("#include <stdint.h>"), "{c}");
    assert!(c.contains("uint64_t formula_attacks(uint64_t occupied, unsigned square)"), "{c}");
    assert!(
        c.contains("static inline uint64_t line_attacks(uint64_t o, uint64_t lower_ray, uint64_t upper_ray)"),
        "{c}"
    );
    assert!(c.contains("    uint64_t odiff = upper ^ (upper - ms1b);\n"), "{c}");
    assert!(
        c.contains(
            "    uint64_t r = UINT64_C(1) << square;\n    uint64_t sq = square;\n    uint64_t o = occupied | r;\n"
        ),
        "{c}"
    );
    assert!(rust.contains("pub fn formula_attacks(occupied: u64, square: u32) -> u64"), "{rust}");
    assert!(rust.contains("#[inline]\nfn line_attacks(o: u64, lower_ray: u64, upper_ray: u64) -> u64"), "{rust}");
    assert!(rust.contains("    let odiff: u64 = upper ^ upper.wrapping_sub(ms1b);\n"), "{rust}");
    assert!(rust.contains("const RAY_NORTH: [u64; 64]"), "{rust}");
    assert!(c.contains("static const uint64_t FORMULA_RAY_NORTH[64]"), "{c}");
    assert!(!c.contains("FORMULA_FILE") && !rust.contains("formula_file"), "only the masks it uses");

    // Only what a formula uses: the subtraction needs the file's mask and nothing else.
    let (c, rust) = export(by_id("subtraction-file").unwrap().text());
    assert!(c.contains("FORMULA_FILE[64]") && rust.contains("const FILE: [u64; 64]"), "{c}\n{rust}");
    for unused in ["FORMULA_RANK", "formula_clz", "formula_pext", "immintrin", "FORMULA_RAY"] {
        assert!(!c.contains(unused), "{unused}:\n{c}");
    }
    for unused in ["formula_rank", "formula_bsr", "formula_pext", "core::arch", "formula_ray"] {
        assert!(!rust.contains(unused), "{unused}:\n{rust}");
    }

    // Comments stay on the lines they explain.
    let (_, _, comments) = EXTRAS[4];
    let (c, rust) = export(comments);
    for text in [&c, &rust] {
        for line in [
            "    // above x\n",
            " // inside the expression\n",
            " // beside the return\n",
            "    // before the closing brace\n}",
            "} // after the brace\n",
            "    // above the first statement\n",
            "\n\n    // after a blank line\n",
            " // the end\n    // after everything\n}",
        ] {
            assert!(text.contains(line), "{line}:\n{text}");
        }
    }
    // A function named as the entry's parameter, and a parameter named as a function, renamed.
    assert!(c.contains("static inline uint64_t square_(uint64_t a, uint64_t b) // beside the header\n{\n"), "{c}");
    assert!(c.contains("static inline uint64_t uses(uint64_t sq, uint64_t line_)"), "{c}");
    assert!(c.contains("return line(line_) ^ square_(line_, sq);"), "{c}");
    assert!(rust.contains("fn square_(a: u64, b: u64) -> u64 { // beside the header\n"), "{rust}");
    assert!(rust.contains("line(line_) ^ square_(line_, sq)"), "{rust}");

    // A name is changed only where the language keeps it, or a helper has it.
    let (_, _, names) = EXTRAS[3];
    let (c, rust) = export(names);
    assert!(c.contains("static inline uint64_t double_(uint64_t loop, uint64_t type)"), "{c}");
    assert!(c.contains("uint64_t char_ = double_(square_, 3);"), "{c}");
    assert!(c.contains("uint64_t formula_clz_ = formula_clz(match); // a helper's name in C"), "{c}");
    assert!(c.contains("(void)unused;"), "{c}");
    assert!(c.contains("(void)(o & r); // evaluated, and its value dropped"), "{c}");
    assert!(rust.contains("fn double(mut loop_: u64, type_: u64) -> u64"), "{rust}");
    assert!(
        rust.contains("let formula_clz: u64 = u64::from(match_.leading_zeros()); // a helper's name in C"),
        "{rust}"
    );
    assert!(rust.contains("fn ignores(_unused: u64, kept: u64) -> u64"), "{rust}");
    assert!(rust.contains("let _ = o & r; // evaluated, and its value dropped"), "{rust}");
    assert!(rust.contains("#[allow(dead_code)]"), "{rust}");
}

/// A prefix names everything the export makes (the entry, helpers and tables) and nothing the
/// reader wrote; a name that is no identifier is refused with a sentence.
#[test]
fn a_prefix_names_every_generated_name_and_only_those() {
    let text = "fn below(x) { return x & (x - 1) }\nreturn below(pext(o, rank(sq)) ^ pdep(r, file(sq))) | bit(bsr(o & ray(sq, north)))";
    let formula = Formula::parse(text).unwrap();
    let rook: sliders_formula::Prefix = "rook".parse().unwrap();
    for (lang, code, default) in
        [("C", formula.to_c_named(&rook), formula.to_c()), ("Rust", formula.to_rust_named(&rook), formula.to_rust())]
    {
        assert!(!code.contains("formula_") && !code.contains("FORMULA_"), "{lang}: a default name left:\n{code}");
        assert!(
            code.contains("rook_attacks(") && code.contains("rook_pext(") && code.contains("rook_bit("),
            "{lang}:\n{code}"
        );
        assert!(code.contains("below("), "{lang}: the reader's function keeps its name:\n{code}");
        // The same text but for the names.
        assert_eq!(code.replace("rook_", "formula_").replace("ROOK_", "FORMULA_"), default, "{lang}");
    }
    for wrong in ["", "Rook", "1rook", "rook-1", "a".repeat(33).as_str(), "rook attacks"] {
        let refused = wrong.parse::<sliders_formula::Prefix>().unwrap_err();
        assert!(refused.contains("is no prefix: use 1 to 32 lowercase letters"), "{wrong}: {refused}");
    }
}
