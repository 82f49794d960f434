//! MSVC's `_BitScanForward64(&index, mask)` and `_BitScanReverse64`, read as MSVC documents
//! them: the index of the mask's lowest (highest) one bit and 1, or 0 and the index left
//! undefined, whose read is then a fault, counted exactly by the prover.

use sliders::trace::Op;
use sliders::{Bitboard, Direction, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::{OwnSquare, Target};

mod common;

use common::{error, read};

const GETTER: &str = include_str!("../listings/bitscan_getter.c");

fn prove(text: &str, target: Target) -> Proof {
    Prover::new(target, NODE_BUDGET).own_square(OwnSquare::Occupied).run(&read(text))
}

#[test]
fn the_branchless_classical_getter_is_proved_and_each_scan_is_a_step_named_as_typed() {
    assert!(prove(GETTER, Target::Piece(Slider::Rook)).proved());
    let formula = read(GETTER);
    let d4 = Square::from_index(27);
    let trace = formula.trace(Slider::Rook, d4.bit(), d4.bit()).unwrap();
    let scans: Vec<_> = trace.steps.iter().filter(|step| matches!(step.op, Op::Scan(_))).collect();
    assert_eq!(scans.len(), 4, "a scan a ray");
    assert_eq!(&*scans[0].label, "_BitScanForward64(&square, blocker | 0x8000000000000000ULL) = square");
    assert_eq!(&*scans[2].label, "_BitScanReverse64(&square, blocker | 1) = square");
    // The scanned word is named as typed, never by the lab's hidden name for it.
    assert_eq!(scans[0].operands.lhs, "blocker | 0x8000000000000000ULL");
    for step in &trace.steps {
        assert!(!step.label.contains('#') && !step.operands.lhs.contains('#'), "{step:?}");
    }
}

const UNCHECKED: &str = "typedef unsigned long long U64;
unsigned long i;
_BitScanForward64(&i, o & ray(sq, north));
return ray(sq, north) ^ ray(i, north);";

#[test]
fn reading_an_index_a_scan_left_undefined_is_a_fault_counted_exactly() {
    let formula = read(UNCHECKED);
    let d4 = Square::from_index(27);
    let fault = formula.attacks(d4.bit(), d4.bit()).unwrap_err();
    assert!(fault.message.starts_with("i is undefined here"), "{}", fault.message);
    assert_eq!(&UNCHECKED[fault.span.start..fault.span.end], "i");
    // With a piece above, it is defined and right.
    let d6 = Square::from_index(43);
    assert_eq!(formula.attacks(d4.bit(), d4.bit() | d6.bit()).map(|b| b.0), Ok(0x0000_0808_0000_0000));
    // It fails exactly where the north ray is empty: 2^(63 - n) boards of a square whose ray
    // has n squares, every board of the eighth rank.
    let expected: u128 = (0..64u32)
        .map(|square| {
            let length = 7 - square / 8;
            if length == 0 {
                1u128 << 63
            } else {
                1u128 << (63 - length)
            }
        })
        .sum();
    match prove(UNCHECKED, Target::Ray(Direction::North)) {
        Proof::Fails(failure) => assert_eq!(failure.boards, Some(expected)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_scan_tested_before_its_index_is_read_is_proved() {
    let text = "typedef unsigned long long U64;
unsigned long j;
if (_BitScanForward64(&j, o & ray(sq, north))) return ray(sq, north) ^ ray(j, north);
return ray(sq, north);";
    assert!(prove(text, Target::Ray(Direction::North)).proved());
    let text = "typedef unsigned long long U64;
int i = 0;
unsigned char found = _BitScanReverse64(&i, o & ray(sq, south));
// An assignment gives the index a value again.
if (!found) i = 0;
return found ? ray(sq, south) ^ ray(i, south) : ray(sq, south) + (U64)i * 0;";
    assert!(prove(text, Target::Ray(Direction::South)).proved());
    let formula = read(text);
    let d4 = Square::from_index(27);
    // A piece on d2: d3 and d2.
    assert_eq!(formula.attacks(d4.bit(), d4.bit() | Bitboard(1 << 11)).map(|b| b.0), Ok(0x0008_0800));
}

/// MSVC's loop over a set's bits: the scan is the loop's test, made before each run of the
/// body (after it for a do), so the index is defined wherever the body reads it.
#[test]
fn a_scan_as_a_loops_test_runs_before_each_test() {
    let text = "typedef unsigned long long U64;
U64 bb = o & ray(sq, north), seen = 0;
unsigned long i;
while (_BitScanForward64(&i, bb)) {
    seen |= 1ULL << i;
    bb &= bb - 1;
}
return seen;";
    // The pieces on the north ray, one bit at a time.
    let formula = read(text);
    let d4 = Square::from_index(27);
    let pieces = (1u64 << 35) | (1 << 51) | (1 << 59);
    assert_eq!(formula.attacks(d4.bit(), d4.bit() | Bitboard(pieces)).map(|b| b.0), Ok(pieces));
    let scans = formula.trace(Slider::Rook, d4.bit(), d4.bit() | Bitboard(pieces)).unwrap();
    let scans = scans.steps.iter().filter(|step| matches!(step.op, Op::Scan(_))).count();
    // A scan a piece; the last, of 0, finds nothing, gives the index nothing, and is no step.
    assert_eq!(scans, 3);
    // A do runs its body first; a for's test is scanned before each run too.
    let looped = "typedef unsigned long long U64;
U64 bb = o & ray(sq, north), seen = 0;
unsigned long i = 0;
for (; _BitScanReverse64(&i, bb); bb ^= 1ULL << i) seen |= 1ULL << i;
do { seen |= 0; } while (_BitScanForward64(&i, 0));
return seen;";
    let formula = read(looped);
    assert_eq!(formula.attacks(d4.bit(), d4.bit() | Bitboard(pieces)).map(|b| b.0), Ok(pieces));
    // After the do's scan of 0, i is undefined: reading it, even times 0, is a fault.
    let formula = read(&looped.replace("return seen;", "return seen | (U64)i * 0;"));
    let fault = formula.attacks(d4.bit(), d4.bit() | Bitboard(pieces)).unwrap_err();
    assert!(fault.message.starts_with("i is undefined here"), "{}", fault.message);
}

/// `if (!_BitScanForward64(&i, x))`: a condition may test that the scan found nothing; every
/// step is named as typed.
#[test]
fn a_negated_scan_is_a_condition_named_as_typed() {
    let text = "typedef unsigned long long U64;
static __forceinline U64 up(U64 occ, int s) {
    unsigned long i;
    if (!_BitScanForward64(&i, occ & ray(s, north))) return ray(s, north);
    return ray(s, north) ^ ray(i, north);
}
return up(o, sq);";
    assert!(prove(text, Target::Ray(Direction::North)).proved());
    let d4 = Square::from_index(27);
    let trace = read(text).trace(Slider::Rook, d4.bit(), d4.bit() | Bitboard(1 << 43)).unwrap();
    let labels: Vec<&str> = trace.steps.iter().map(|step| &*step.label).collect();
    assert!(labels.contains(&"if (!_BitScanForward64(&i, occ & ray(s, north)))"), "{labels:?}");
    assert!(trace.steps.iter().all(|step| !step.label.contains('#') && !step.operands.lhs.contains('#')), "{labels:?}");
}

#[test]
fn a_scan_is_refused_where_c_or_the_lab_cannot_read_it() {
    let cases: [(&str, &str); 5] = [
        (
            "U64 seed = 5;\nU64 get(void) { return seed; }\nreturn get();",
            "seed is declared among the statements outside functions, which a function does not see here",
        ),
        (
            "unsigned long i;\n_BitScanForward64(i, o);\nreturn o;",
            "the index goes where its first argument points: write &i",
        ),
        ("_BitScanForward64(&i, o);\nreturn o;", "i is not declared above: declare the index first"),
        (
            "unsigned long i;\nint n = 1 + _BitScanForward64(&i, o);\nreturn o;",
            "_BitScanForward64 stands as a statement of its own, as an if's condition, or as the value assigned",
        ),
        ("unsigned long i;\n_BitScanForward64(&i o);\nreturn o;", "expected , and the mask to scan"),
    ];
    for (text, expected) in cases {
        let message = error(&format!("typedef unsigned long long U64;\n{text}"));
        assert!(message.contains(expected), "{text}\n{message}");
    }
}
