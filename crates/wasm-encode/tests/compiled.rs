//! The compiled formula against the evaluator: every example and every operation, on every
//! square, run by an independent engine (wasmi) after an independent validator (wasmparser)
//! accepts the bytes.

use proptest::prelude::*;
use sliders::workload::{Xorshift96, SQUARES_PER_OCCUPANCY};
use sliders::{Bitboard, Square};
use sliders_formula::examples::EXAMPLES;
use sliders_formula::functions::WordFunction;
use sliders_formula::wasm::WORKLOAD;
use sliders_formula::Formula;
use wasmi::{Engine, Linker, Memory, Store, TypedFunc};

struct Compiled {
    store: Store<()>,
    attacks: TypedFunc<(i64, i32), i64>,
    run: TypedFunc<i32, i64>,
    memory: Memory,
}

fn compile(text: &str) -> Compiled {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{}: {}", text, e.describe(text)));
    let bytes = wasm_encode::encode(&formula.wasm());
    wasmparser::Validator::new().validate_all(&bytes).unwrap_or_else(|e| panic!("{text}: invalid module: {e}"));
    let engine = Engine::default();
    let module = wasmi::Module::new(&engine, &bytes[..]).unwrap();
    let mut store = Store::new(&engine, ());
    let instance = Linker::<()>::new(&engine).instantiate_and_start(&mut store, &module).unwrap();
    let attacks = instance.get_typed_func::<(i64, i32), i64>(&store, "attacks").unwrap();
    let run = instance.get_typed_func::<i32, i64>(&store, "run").unwrap();
    let memory = instance.get_memory(&store, "memory").unwrap();
    Compiled { store, attacks, run, memory }
}

impl Compiled {
    fn attacks(&mut self, square: Square, occupied: Bitboard) -> Result<u64, String> {
        self.attacks
            .call(&mut self.store, (occupied.0 as i64, square.index() as i32))
            .map(|v| v as u64)
            .map_err(|e| e.to_string())
    }
}

/// Boards of every density, the empty and full ones first.
fn boards(count: usize) -> Vec<u64> {
    let mut random = Xorshift96::default();
    let mut boards = vec![0, u64::MAX];
    while boards.len() < count {
        let (a, b) = (random.next_u64(), random.next_u64());
        boards.extend([a & b, a, a | b, a & b & random.next_u64()]);
    }
    boards
}

/// Every square on `count` boards: the compiled function gives the evaluator's value, and
/// traps exactly where the evaluator faults.
fn agrees(text: &str, count: usize) {
    let formula = Formula::parse(text).unwrap();
    let mut compiled = compile(text);
    for square in Square::ALL {
        for &board in &boards(count) {
            let occupied = Bitboard(board) | square.bit();
            let expected = formula.attacks(square.bit(), occupied);
            let got = compiled.attacks(square, occupied);
            match (&expected, &got) {
                (Ok(e), Ok(g)) => assert_eq!(e.0, *g, "{text}\non {square}, occupied 0x{board:016x}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{text}\non {square}, occupied 0x{board:016x}: evaluator {expected:?}, compiled {got:?}"),
            }
        }
    }
}

#[test]
fn every_example_compiles_and_agrees_on_every_square() {
    for example in EXAMPLES {
        agrees(example.text(), 400);
        // And so with the reference, as the example's own check finds.
        let mut compiled = compile(example.text());
        for square in Square::ALL {
            for &board in &boards(100) {
                let occupied = Bitboard(board) | square.bit();
                assert_eq!(compiled.attacks(square, occupied), Ok(example.target.expected(square, occupied).0));
            }
        }
    }
}

/// Formulas that together use every operation and function of the language.
const EVERY_OPERATION: [&str; 20] = [
    "clz(o) + ctz(o) * 3 + bsf(o ^ r) - bsr(o & ~r) + popcount(o)",
    "bsr(0) + bsf(0) + clz(0) + ctz(0) + ms1b(0) + bswap(0)",
    "bswap(o) ^ rotl(o, sq) ^ rotr(o, 67) ^ ls1b(o) ^ ms1b(o)",
    "pext(o, file(sq)) | pdep(o >> 7, diagonal(sq)) << 1",
    "rank(sq) | file(a1) | diagonal(h8) | antidiagonal(sq) | bit(sq) | bit(e4)",
    "ray(sq, north) ^ ray(sq, south) ^ ray(sq, east) ^ ray(sq, west) ^ ray(sq, northeast) ^ ray(sq, northwest) ^ ray(sq, southeast) ^ ray(sq, southwest)",
    "(o < r) + (o <= r) * 2 + (o > r) * 4 + (o >= r) * 8 + (o == o) * 16 + (o != r) * 32 + !o * 64 + !0 * 128",
    "-o ^ ~r ^ (o << 64) ^ (o >> 65) ^ (o << sq) ^ (r * 0x0101010101010101) - 12345",
    "o & r ? ray(bsf(o ^ r), north) : ray(sq, south)",
    // A square that is no square: the evaluator faults and the compiled function traps.
    "ray(bsf(o & ray(sq, north)), north)",
    "bit(clz(o & ~r))",
    "(sq / 8) * 10 + sq % 8 + o / (popcount(o) + 1) ^ o % (r | 3)",
    // The second operand of && and || runs only where the first leaves the answer open: the
    // masks of 64 here would trap.
    "(o & r && sq) + (o == r || popcount(o) > 3) * 2 + (0 && rank(64)) * 4 + (1 || rank(64)) * 8 + (o != r && bit(bsf(o ^ r))) * 16",
    // A C builtin given zero: the evaluator faults, and the module traps there too.
    "__builtin_ctzll(o & ray(sq, north)) + __builtin_clzll(o & ray(sq, south)) + _tzcnt_u64(o & ray(sq, east))",
    // A zero divisor: the evaluator faults and i64.div_u traps.
    "o / popcount(o & ray(sq, north))",
    "fn f(a, b) {\n  c = a & b\n  return c | r\n}\nfn g(x) {\n  y = f(x, o)\n  y\n  return f(y, x) ^ sq\n}\nt = g(file(sq))\nu = g(t)\nu ^ t",
    // if and else, nested, in a function and outside: a branch not taken never traps (its
    // scans of zero), a branch taken does (the mask of a square past 63).
    // Returns inside ifs, in an inlined function and in the formula's own statements.
    "U64 g(U64 x) {\n  if (!x) return 0;\n  if (x & 1) {\n    if (x & 2) return x;\n    x = x >> 1;\n  } else {\n    return bit(__builtin_ctzll(x));\n  }\n  return x ^ 7;\n}\nif (popcount(o) > 9) return g(o & ray(sq, north));\nif (sq & 1) {\n  return g(o) + g(o & file(sq));\n} else {\n  return g(r) | rank(sq + 64 * (popcount(o) & 1));\n}",
    // Loops of each kind, with break, continue and return inside, and one that runs a 65th
    // time on some boards (the evaluator faults, the module traps).
    "U64 walk(U64 occ, int sq) {\n  U64 ray = 0, at = bit(sq);\n  while (at << 8) {\n    at = at << 8;\n    ray |= at;\n    if (at & occ) break;\n  }\n  return ray;\n}\nU64 low(U64 x) {\n  for (int s = 0; s < 64; s++) {\n    if (!(x & bit(s))) continue;\n    return bit(s);\n  }\n  return 0;\n}\nint n = 0;\nU64 y = o;\ndo {\n  y &= y - 1;\n  n++;\n} while (y);\nreturn walk(o, sq) ^ low(o & ~r) ^ n;",
    "U64 at = r;\nU64 ray = 0;\nwhile (!(at & o & ~r)) {\n  at = at << 8;\n  ray |= at;\n}\nreturn ray;",
    "U64 f(U64 x, int up) {\n  U64 y = x;\n  if (up) {\n    if (x & o) y = ray(__builtin_ctzll(x & o), north);\n  } else {\n    int s = __builtin_clzll(x & o);\n    y = y ^ bit(s);\n  }\n  return y;\n}\nz = f(ray(sq, north), 1) | f(ray(sq, south), popcount(o) & 1)\nif (z == 0) {\n  z = rank(sq + popcount(o & file(sq)) * 8);\n}\nz",
];

/// A table filled by a function run once: the module carries it filled.
#[test]
fn a_table_filled_once_is_read_from_the_modules_memory() {
    let text = include_str!("../../sliders-formula/listings/rays_init_getter.c");
    agrees(text, 40);
    let module = Formula::parse(text).unwrap().wasm();
    let text_lines: Vec<String> = module.text().into_iter().map(|line| line.text).collect();
    assert!(text_lines.iter().any(|line| line.contains("rays[4][64], 8 bytes an entry")), "{text_lines:?}");
    assert_eq!(module.workload, WORKLOAD, "a small table stays in the first page");
    // A fancy magic table (800 KiB) lies from the second page on, and the workload past it.
    let magic = include_str!("../../sliders-formula/listings/fancy_magic_rook.c");
    agrees(magic, 4);
    let module = Formula::parse(magic).unwrap().wasm();
    assert_eq!(module.workload, 65536 * 14, "1 page, then 102,400 + 64 * 3 entries of 8 bytes in 13 pages");
    assert!(module.tables.iter().all(|(offset, _, words)| offset + 8 * words.len() as u32 <= module.workload));
    // A parameter given the square and then changed is checked: h8 + 1 is past the table.
    agrees(
        "typedef unsigned long long U64;\nconst U64 t[64] = {1, 2, 3};\nU64 f(U64 occ, int s) {\n  s = s + 1;\n  return t[s] ^ occ;\n}\nU64 g(U64 occ, int s) {\n  return t[s] ^ occ;\n}\nreturn f(o, sq) ^ g(o, sq);",
        4,
    );
    // Reads at the board's square (passed down as a parameter never assigned) need no check
    // against 64 rows; the attack table's computed index and the shift's amount are checked.
    assert_eq!(module.uses("unreachable"), 2, "{:?}", module.text().iter().map(|l| &l.text).collect::<Vec<_>>());
}

/// Tables of structs read through pointers: each field's table in memory, a read through a
/// pointer checked against the whole table, and a pointer past it faults where the evaluator does.
#[test]
fn tables_of_structs_read_through_pointers_agree_with_the_evaluator() {
    agrees(include_str!("../../sliders-formula/listings/obstruction_difference.c"), 20);
    agrees(include_str!("../../sliders-formula/listings/sbamg.c"), 20);
    // A pointer field into the shared attack table: fancy magic's per-square struct.
    agrees(include_str!("../../sliders-formula/listings/fancy_magic_struct.c"), 4);
    // masks[sq] + 4 is the next square's first line, and past the table from h8.
    let past = include_str!("../../sliders-formula/listings/obstruction_difference.c")
        .replace("masks[sq] + 0) | lineAttacks(occ, masks[sq] + 1)", "masks[sq] + 4)");
    agrees(&past, 4);
    let module = Formula::parse(&past).unwrap().wasm();
    let text: Vec<String> = module.text().into_iter().map(|line| line.text).collect();
    assert!(text.iter().any(|line| line.contains("masks.lower[64][4], 8 bytes an entry")), "{text:?}");
}

/// MSVC's bit scans: the index read where a scan left it undefined traps where the evaluator
/// faults, and a scan whose mask always has a bit agrees everywhere.
#[test]
fn bit_scans_agree_with_the_evaluator_undefined_indices_included() {
    agrees(include_str!("../../sliders-formula/listings/bitscan_getter.c"), 20);
    agrees(
        "typedef unsigned long long U64;\nunsigned long i;\n_BitScanForward64(&i, o & ray(sq, north));\nreturn ray(sq, north) ^ ray(i, north);",
        20,
    );
    agrees(
        "typedef unsigned long long U64;\nint i = 5;\nunsigned char found = _BitScanReverse64(&i, o & ray(sq, south));\nif (!found) i = 0;\nreturn (U64)(i + found);",
        20,
    );
}

#[test]
fn every_operation_agrees_with_the_evaluator_faults_included() {
    for text in EVERY_OPERATION.iter().chain(&C_OPERATIONS) {
        agrees(text, 60);
    }
    // Each undefined behaviour is met on some boards and not on others.
    for text in &C_OPERATIONS {
        let formula = Formula::parse(text).unwrap();
        assert_eq!(formula.reading(), sliders_formula::ctype::Reading::C);
        let faults = Square::ALL
            .iter()
            .flat_map(|&square| boards(20).into_iter().map(move |board| (square, board)))
            .filter(|&(square, board)| formula.attacks(square.bit(), Bitboard(board) | square.bit()).is_err())
            .count();
        let expected_faults = text != &C_OPERATIONS[0];
        assert_eq!(faults > 0, expected_faults, "{text}: {faults} faults");
        assert!(faults < 64 * boards(20).len(), "{text} faults everywhere");
    }
}

/// Read as C: every type's conversions and operations, and each kind of undefined behaviour
/// on some boards (the evaluator faults, the module traps).
const C_OPERATIONS: [&str; 9] = [
    "typedef unsigned long long U64;\nint i = sq - 30;\nunsigned u = o;\nunsigned char c = o >> 8;\nshort s = sq * 1000;\nlong long l = o;\nreturn (U64)(i >> 1) ^ (U64)(i / 3) ^ (U64)(i % 5) ^ (U64)(i < 0) ^ u * 3 ^ (U64)(u >> 3) ^ (U64)(c + 1) ^ (U64)(s * 7) ^ (U64)(l < 0) ^ (U64)-i ^ ~u ^ (U64)(unsigned char)(sq * 10) ^ (U64)(bool)(o & 4) ^ (U64)(signed char)o;",
    // A shift of an int by 31 or more.
    "int n = popcount(o);\nreturn (unsigned long long)(1 << (n + 20));",
    // A signed overflow of int, and of long long.
    "int big = 2147483647 - popcount(o);\nreturn (unsigned long long)(big + 5);",
    "long long l = o;\nreturn (unsigned long long)(l * l) ^ (unsigned long long)(l + l) ^ (unsigned long long)(l - 1);",
    // A shift by a negative amount.
    "int d = sq - 32;\nreturn 1ULL << d;",
    // The smallest int over -1, quotient and remainder.
    "int x = -2147483647 - (int)(o & 1);\nreturn (unsigned long long)(x / -1) ^ (unsigned long long)(x % -1);",
    // A promoted unsigned char shifted into int's sign.
    "unsigned char c = o;\nreturn (unsigned long long)(-c) ^ (unsigned long long)(~c) ^ (unsigned long long)(c << 24);",
    // -x of the smallest value, comparisons both ways, a conversion by return and by argument.
    // Tables read inside and outside (a row past the first size, an entry past the second),
    // with known and computed indices.
    "const int t[3][5] = {{1, -2, 3}, {4, 5, 6, 7, 8}, {9}};\nconst unsigned long long w[] = {0x8000000000000001ULL, 2, 3, 4, 5, 6, 7, 8};\nint i = sq % 4;\nreturn w[popcount(o) & 15] ^ (unsigned long long)t[i][sq & 3] ^ w[sq & 7] ^ (unsigned long long)t[2][0];",
    "int f(int a, unsigned b) {\n  return a < 0 ? -a : (a > b) + (a >= (int)b) * 2;\n}\nlong long g = -9223372036854775807LL - (long long)(o >> 63);\nreturn (unsigned long long)f(sq - 40, o) ^ (unsigned long long)-g;",
];

/// `run` is the benchmark's loop: the XOR of the lookups of the workload in memory.
#[test]
fn the_benchmark_loop_xors_the_workload_lookups() {
    // A module with only the masks, and one whose 800 KiB table puts the workload further on.
    let magic = include_str!("../../sliders-formula/listings/fancy_magic_rook.c");
    for text in [EXAMPLES[1].text(), magic] {
        let formula = Formula::parse(text).unwrap();
        let workload = formula.wasm().workload as usize;
        let mut compiled = compile(text);
        let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
        sliders::workload::extend(&mut Xorshift96::default(), 1000, &mut occupancies, &mut squares);
        let pages = (workload + occupancies.len() * 8 + squares.len()).div_ceil(65536);
        let have = compiled.memory.size(&compiled.store) as usize;
        compiled.memory.grow(&mut compiled.store, (pages - have) as u64).unwrap();
        let bytes: Vec<u8> = occupancies.iter().flat_map(|o| o.to_le_bytes()).chain(squares.iter().copied()).collect();
        compiled.memory.write(&mut compiled.store, workload, &bytes).unwrap();
        let got = compiled.run.call(&mut compiled.store, occupancies.len() as i32).unwrap() as u64;
        let mut expected = 0;
        for (occupied, drawn) in occupancies.iter().zip(squares.chunks(SQUARES_PER_OCCUPANCY)) {
            for &square in drawn {
                let square = Square::from_index(square as u32);
                expected ^= formula.attacks(square.bit(), Bitboard(*occupied) | square.bit()).unwrap().0;
            }
        }
        assert_eq!(got, expected);
        assert_eq!(compiled.run.call(&mut compiled.store, 0).unwrap(), 0);
    }
}

/// Every step of a trace has instructions tagged with its sub-expression, so the page always
/// has something to highlight; and the module's text says what the formula uses.
#[test]
fn every_step_has_its_instructions_in_the_text() {
    for example in EXAMPLES {
        let formula = Formula::parse(example.text()).unwrap();
        let lines = formula.wasm().text();
        let trace = formula.trace(sliders::Slider::Queen, Square::D4.bit(), Bitboard(0x0012_0400_2800_4100)).unwrap();
        for span in trace.spans() {
            assert!(lines.iter().any(|l| l.span == Some(span)), "{}: no instruction for {span:?}", example.id);
        }
    }
    let obstruction = Formula::parse(EXAMPLES[1].text()).unwrap().wasm();
    assert!(obstruction.text().iter().any(|l| l.text.trim() == "i64.clz"));
    // line_attacks is inlined at each of its four calls.
    assert_eq!(obstruction.uses("i64.clz"), 4);
    assert_eq!(obstruction.text().iter().filter(|l| l.text.contains(";; line_attacks inlined")).count(), 4);
    let scans = Formula::parse("ctz(o) + popcount(o)").unwrap().wasm();
    assert_eq!((scans.uses("i64.ctz"), scans.uses("i64.popcnt")), (1, 1));
    // A reader's Hyperbola Quintessence swaps bytes as the core's does, by a SIMD swizzle whose
    // pattern is in the module's memory: one swizzle in the bswap helper, and no shifting rounds.
    let hyperbola = Formula::parse(sliders_formula::examples::by_id("hyperbola-quintessence").unwrap().text()).unwrap();
    let hyperbola = hyperbola.wasm();
    assert_eq!((hyperbola.uses("i8x16.swizzle"), hyperbola.uses("v128.load"), hyperbola.uses("i64.shr_u")), (1, 1, 0));
    assert_eq!(hyperbola.bytes_reversed, Some(sliders_formula::wasm::BYTES_REVERSED_AT));
    let load = hyperbola.text().into_iter().find(|l| l.text.contains("v128.load")).unwrap();
    assert_eq!(load.text.trim(), format!("v128.load offset={}", sliders_formula::wasm::BYTES_REVERSED_AT));
    // A formula without bswap lays down no pattern.
    assert_eq!(obstruction.bytes_reversed, None);
}

/// A function declares only the locals it uses: the scratch local only where a value is used
/// twice (ls1b, a mask of a computed square), and nothing left over.
#[test]
fn every_local_is_used() {
    use sliders_formula::wasm::Instr;
    let texts = EXAMPLES.iter().map(|e| e.text()).chain(EVERY_OPERATION).chain(C_OPERATIONS);
    for text in texts {
        let module = Formula::parse(text).unwrap().wasm();
        for function in &module.functions {
            let first = function.params.len() as u32;
            for (at, (name, _)) in function.locals.iter().enumerate() {
                let local = first + at as u32;
                let used = function.code.iter().any(|(instr, _)| {
                    matches!(instr, Instr::LocalGet(l) | Instr::LocalSet(l) | Instr::LocalTee(l) if *l == local)
                });
                assert!(used, "{text}: {} declares ${name} and never uses it", function.name);
            }
        }
    }
    let scratch = |text: &str| {
        let module = Formula::parse(text).unwrap().wasm();
        module.functions[0].locals.iter().any(|(name, _)| name == "scratch")
    };
    assert!(!scratch(EXAMPLES[1].text()));
    assert!(scratch("ls1b(o)"));
}

/// The names of every word function that takes `arity` arguments.
fn word_function_names(arity: usize) -> Vec<&'static str> {
    WordFunction::ALL
        .iter()
        .map(|function| function.definition())
        .filter(|definition| definition.arity() == arity)
        .flat_map(|definition| definition.names.iter().copied())
        .collect()
}

/// Random expressions over the language's operations.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("o".to_string()),
        Just("r".to_string()),
        Just("sq".to_string()),
        any::<u64>().prop_map(|v| format!("0x{v:x}")),
        (0u64..80).prop_map(|v| v.to_string()),
        Just("file(sq)".to_string()),
        Just("ray(sq, northwest)".to_string()),
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!="]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (prop::sample::select(vec!["~", "-", "!"]), inner.clone()).prop_map(|(op, a)| format!("{op}({a})")),
            // Every word function the language defines, by its own name and by each other one.
            (prop::sample::select(word_function_names(1)), inner.clone()).prop_map(|(f, a)| format!("{f}({a})")),
            (prop::sample::select(vec!["bit", "rank", "antidiagonal"]), inner.clone())
                .prop_map(|(f, a)| format!("{f}({a})")),
            (prop::sample::select(word_function_names(2)), inner.clone(), inner.clone())
                .prop_map(|(f, a, b)| format!("{f}({a}, {b})")),
            (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_expressions_agree_with_the_evaluator(text in expression(), board: u64, square in 0u32..64) {
        let formula = Formula::parse(&text).unwrap();
        let square = Square::from_index(square);
        let occupied = Bitboard(board) | square.bit();
        let expected = formula.attacks(square.bit(), occupied).map(|b| b.0);
        let got = compile(&text).attacks(square, occupied);
        prop_assert_eq!(expected.is_ok(), got.is_ok(), "{}: {:?} vs {:?}", text, expected, got);
        if let (Ok(e), Ok(g)) = (expected, got) {
            prop_assert_eq!(e, g, "{}", text);
        }
    }
}

/// Random expressions read as C: names of each width and sign, casts, and literals typed by
/// their suffix.
fn c_expression() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "o",
        "sq",
        "i",
        "u",
        "c",
        "l",
        "s",
        "1",
        "1U",
        "1ULL",
        "31",
        "-1",
        "0x80000000",
        "2147483647",
        "7LL",
        "63",
    ])
    .prop_map(String::from);
    leaf.prop_recursive(4, 24, 2, |inner| {
        let binary = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&&", "||"];
        let unary =
            ["~", "-", "!", "(int)", "(unsigned)", "(unsigned char)", "(long long)", "(U64)", "(short)", "(bool)"];
        prop_oneof![
            (inner.clone(), prop::sample::select(binary.to_vec()), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (prop::sample::select(unary.to_vec()), inner.clone()).prop_map(|(op, a)| format!("{op}({a})")),
            (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_c_agrees_with_the_evaluator(
        body in c_expression(),
        ty in prop::sample::select(vec!["U64", "int", "unsigned", "unsigned char", "long long", "short"]),
        board: u64,
        square in 0u32..64,
    ) {
        let text = format!("typedef unsigned long long U64;\nint i = popcount(o) - 20;\nunsigned u = o >> 16;\nunsigned char c = o >> 40;\nlong long l = o;\nshort s = (short)(o >> 3);\n{ty} v = {body};\nreturn (U64)v;");
        let formula = Formula::parse(&text).unwrap();
        let square = Square::from_index(square);
        let occupied = Bitboard(board) | square.bit();
        let expected = formula.attacks(square.bit(), occupied).map(|b| b.0);
        let got = compile(&text).attacks(square, occupied);
        prop_assert_eq!(expected.is_ok(), got.is_ok(), "{}: {:?} vs {:?}", text, expected, got);
        if let (Ok(e), Ok(g)) = (expected, got) {
            prop_assert_eq!(e, g, "{}", text);
        }
    }
}
