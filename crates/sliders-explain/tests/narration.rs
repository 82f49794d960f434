//! The narration never says what the values don't show. Every sentence about every step of every
//! technique is checked against the step's values and the board: random boards, the empty and
//! the full board, and sliders on every square (edges and corners included).

use std::borrow::Cow;
use std::fmt::{self, Display};
use std::sync::LazyLock;

use memchr::memmem::Finder;

use sliders::{Bitboard, Direction, Focus, Op, Scan, Slider, Square, Step, Technique, Value, WordOrder};
use sliders_explain::narration::{
    announcement, bit_name, borrow_caption, borrow_end, describe, describe_bit, describe_rank, mirror, narrate,
    spoken_label, step_focus_name, Board, BorrowEnd,
};
use sliders_explain::operands;

/// A phrase's searcher, built once for the whole run: std's `contains` and `split_once` build a
/// Two-Way searcher on every call, and the checks look for about 25 phrases in each sentence of
/// millions of steps (a third of this test's time, by `perf`).
macro_rules! phrase {
    ($text:literal) => {{
        static FINDER: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new($text));
        &*FINDER
    }};
}

/// `contains` and `split_once` with a prebuilt searcher.
trait Phrases {
    fn has(&self, phrase: &Finder) -> bool;
    fn cut(&self, phrase: &Finder) -> Option<(&str, &str)>;
}

impl Phrases for str {
    fn has(&self, phrase: &Finder) -> bool {
        phrase.find(self.as_bytes()).is_some()
    }

    fn cut(&self, phrase: &Finder) -> Option<(&str, &str)> {
        let at = phrase.find(self.as_bytes())?;
        Some((&self[..at], &self[at + phrase.needle().len()..]))
    }
}

/// Every board the checks run on: empty, full, and random ones from the benchmark's generator.
fn boards() -> Vec<Bitboard> {
    let mut boards = vec![Bitboard::EMPTY, Bitboard::FULL];
    sliders::workload::for_each_position(150, |occupancy, _| boards.push(Bitboard(occupancy)));
    boards
}

/// Long subtraction done bit by bit, as on paper: the bit that absorbs the borrow started by the
/// lowest bit of b that borrows, or None when the borrow leaves bit 63, or no borrow at all.
enum Borrow {
    None,
    AbsorbedAt(u32),
    PastH8,
}

fn borrow_by_hand(a: u64, b: u64) -> Borrow {
    let mut borrowing = false;
    for bit in 0..64 {
        let (x, y) = ((a >> bit & 1) as i32, (b >> bit & 1) as i32);
        let incoming = borrowing as i32;
        let out = x - y - incoming < 0;
        if borrowing && !out {
            return Borrow::AbsorbedAt(bit);
        }
        borrowing = out;
    }
    if borrowing {
        Borrow::PastH8
    } else {
        Borrow::None
    }
}

/// Every borrow of `a - b` by long subtraction, lowest first: each bit that takes in a borrow
/// and gives none out absorbs one, and a borrow out of bit 63 runs past it.
fn borrows_by_hand(a: u64, b: u64) -> Vec<Borrow> {
    let mut found = Vec::new();
    let mut borrowing = false;
    for bit in 0..64 {
        let (x, y) = ((a >> bit & 1) as i32, (b >> bit & 1) as i32);
        let out = x - y - i32::from(borrowing) < 0;
        if borrowing && !out {
            found.push(Borrow::AbsorbedAt(bit));
        }
        borrowing = out;
    }
    if borrowing {
        found.push(Borrow::PastH8);
    }
    found
}

/// The bit where the first borrow of `a - b` starts: the lowest bit where b has a one and a a
/// zero, since below it no bit borrows.
fn borrow_start(a: u64, b: u64) -> Option<u32> {
    (0..64).find(|bit| a >> bit & 1 == 0 && b >> bit & 1 == 1)
}

fn direction_named(name: &str) -> Direction {
    Direction::ALL.into_iter().find(|d| d.name() == name).unwrap_or_else(|| panic!("no direction {name:?}"))
}

/// The slider a sentence names ("… of the rook on b1"): one of the board's sliders.
fn slider_named(text: &str, board: &Board) -> Square {
    let phrase = format!(" of the {} on ", board.slider);
    let at = text.find(&phrase).unwrap_or_else(|| panic!("no slider named: {text}")) + phrase.len();
    let square: Square = text[at..at + 2].parse().unwrap();
    assert!(board.sliders.contains(square), "{square} holds no {}: {text}", board.slider);
    square
}

/// The squares named in a list such as "d3, d5 and d7" or "a3, b3 and 5 more" (the named ones).
fn listed(text: &str) -> Vec<Square> {
    text.split([',', ' ']).filter_map(|word| word.parse::<Square>().ok()).collect()
}

/// The orders a word can hold the board turned round in.
const TURNED: [WordOrder; 3] = [WordOrder::ByteSwapped, WordOrder::FilesMirrored, WordOrder::BitReversed];

/// Checks each claim a sentence makes about the board.
fn check_claims(text: &str, board: &Board, step: &Step, context: &dyn Display) {
    let lhs = step.lhs.board().unwrap_or_default();
    // "In the byte-swapped word …", one opening for each turned word.
    let turned_openings = TURNED.map(|order| (order.word(), format!("In {} ", order.word())));
    for sentence in text.split(". ") {
        // "d7 holds the first piece north of the rook on d2"
        let above_blocker = sentence.has(phrase!(" is one bit above "));
        if let Some((before, after)) = sentence.cut(phrase!(" holds the first piece ")).filter(|_| !above_blocker) {
            let square: Square =
                before.rsplit(' ').next().unwrap().parse().unwrap_or_else(|_| panic!("{context}: {sentence}"));
            let direction = direction_named(after.split(" of the ").next().unwrap());
            let from = slider_named(after, board);
            assert_eq!(board.first_blocker_from(from, direction), Some(square), "{context}: {sentence}");
        }
        // "e6 is one bit above d6, which holds the first piece north of …"
        if let Some((before, after)) = sentence.cut(phrase!(" is one bit above ")) {
            let stop: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            let blocker: Square = after[..2].parse().unwrap();
            assert_eq!(stop.index(), blocker.index() + 1, "{context}: {sentence}");
            let direction =
                direction_named(after.split("first piece ").nth(1).unwrap().split(" of the ").next().unwrap());
            let from = slider_named(after, board);
            assert_eq!(board.first_blocker_from(from, direction), Some(blocker), "{context}: {sentence}");
        }
        // "No piece stands on a1" / "No piece stands north of the queen on d4"
        if let Some(rest) = sentence.strip_prefix("No piece stands on ") {
            let square: Square = rest[..2].parse().unwrap();
            assert!(!(board.occupied | board.sliders).contains(square), "{context}: {sentence}");
        } else if let Some(rest) = sentence.strip_prefix("No piece stands ") {
            let direction = direction_named(rest.split(" of the ").next().unwrap());
            assert_eq!(board.first_blocker_from(slider_named(rest, board), direction), None, "{context}: {sentence}");
        }
        // "It runs up the bits, across the ranks, not along the d-file: 34 of the 38 bits it
        // passes are off it."
        if let Some((before, after)) =
            sentence.cut(phrase!(" bits it passes ")).or_else(|| sentence.cut(phrase!("the one bit it passes ")))
        {
            let Focus::Line(line) = step.focus else { panic!("{context}: no line: {sentence}") };
            // "34 of the 38", "all 6", or "the one bit": how many are off the line, of how many.
            let share = before.rsplit(": ").next().unwrap();
            let counts: Vec<u32> = match share.strip_prefix("all ") {
                Some(all) => vec![all.parse().unwrap(); 2],
                None if share.is_empty() => vec![1, 1],
                None => share.split(" of the ").map(|n| n.parse().unwrap()).collect(),
            };
            let chain = step.borrow_chain().unwrap();
            let absorbed = match borrow_end(lhs, step.rhs.unwrap().board().unwrap(), step.result.board().unwrap()) {
                BorrowEnd::AbsorbedAt { stop, .. } => Square::from_index(stop).bit(),
                _ => Bitboard::EMPTY,
            };
            let passed = chain & !absorbed;
            let off = passed & !sliders::line_without(board.square, line) & !board.square.bit();
            assert_eq!(counts, [off.count(), passed.count()], "{context}: {sentence}");
            assert!(
                after.starts_with(if off.count() == 1 { "is off it" } else { "are off it" }),
                "{context}: {sentence}"
            );
            assert_eq!(
                sentence.contains("across the ranks"),
                passed.squares().any(|bit| bit.rank() != Square::from_index(chain.0.trailing_zeros() - 1).rank()),
                "{context}: {sentence}"
            );
        }
        // "b1 holds one of the rooks."
        if let Some((before, _)) = sentence.cut(phrase!(" holds one of the ")) {
            let square: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            assert!(board.sliders.contains(square), "{context}: {sentence}");
        }
        // "There is no square north-east of the bishop on h1"
        if let Some(rest) =
            sentence.split(" There is no square ").nth(1).or(sentence.strip_prefix("There is no square "))
        {
            let direction = direction_named(rest.split(" of the ").next().unwrap());
            assert!(sliders::ray(slider_named(rest, board), direction).is_empty(), "{context}: {sentence}");
        }
        // "entry 3 in the row of the d-file, the slider's file" / "in the row of rank 4, the slider's rank"
        if let Some(rest) = sentence.cut(phrase!("in the row of the ")).map(|(_, rest)| rest) {
            let file = rest.chars().next().unwrap();
            assert_eq!(file, (b'a' + board.square.file() as u8) as char, "{context}: {sentence}");
        }
        if let Some(rest) = sentence.cut(phrase!("in the row of rank ")).map(|(_, rest)| rest) {
            let rank: i32 = rest.split(',').next().unwrap().parse().unwrap();
            assert_eq!(rank, board.square.rank() + 1, "{context}: {sentence}");
        }
        // "h8 is the bishop's own square: …"
        if let Some((before, _)) = sentence.cut(phrase!("'s own square")) {
            // The square named last before it ("e5, which stands for d4, the rook's own square").
            let square: Square = before.split([' ', ',']).rev().find_map(|w| w.parse().ok()).unwrap();
            assert_eq!(square, board.square, "{context}: {sentence}");
        }
        // "a1 is not on the d-file: its bit is a stop the technique set"
        if let Some((before, _)) = sentence.cut(phrase!(" is not on ")) {
            let square: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            let covered = match step.focus {
                Focus::Ray(direction) => sliders::ray(board.square, direction),
                Focus::Line(line) => sliders::line_without(board.square, line),
                Focus::Piece => Bitboard::FULL,
                Focus::Part(part) => part
                    .lines()
                    .iter()
                    .fold(Bitboard::EMPTY, |all, &line| all | sliders::line_without(board.square, line)),
            };
            assert!(!covered.contains(square), "{context}: {sentence}");
        }
        // "45056 + 3 = 45059": the sum of the step's operands, and its result.
        if let (Op::Add, Value::Number(x), Some(Value::Number(y)), Value::Number(z)) =
            (step.op, step.lhs, step.rhs, step.result)
        {
            if sentence.has(phrase!(" + ")) {
                let expected = format!("{x} + {y} = {z}");
                assert!(sentence.starts_with(&expected) && z == x + y, "{context}: expected {expected}: {sentence}");
            }
        }
        // "Walking south-east from e7, the bishop reaches f6 and g5": nearest first.
        if let Some(rest) =
            sentence.cut(phrase!(" reaches ")).map(|(_, rest)| rest).filter(|_| sentence.starts_with("Walking "))
        {
            let reached = listed(rest.split(';').next().unwrap());
            let distance =
                |s: &Square| s.file().abs_diff(board.square.file()).max(s.rank().abs_diff(board.square.rank()));
            assert!(reached.windows(2).all(|pair| distance(&pair[0]) < distance(&pair[1])), "{context}: {sentence}");
        }
        // "a1 holds a piece."
        if let Some(before) = sentence.strip_suffix(" holds a piece") {
            let square: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            assert!(board.occupied.contains(square), "{context}: {sentence}");
        }
        // "On its way it passes f2, g2 and 5 more, which hold pieces on the board but are zero in a."
        // In a byte-swapped word: "passes bits that stand for d3, …", naming the real squares.
        if let Some(rest) = sentence.cut(phrase!("it passes ")).map(|(_, rest)| rest) {
            // In the order the borrow meets them, up the word.
            let passed: Vec<u32> = listed(rest.split(", which").next().unwrap())
                .iter()
                .map(|square| step.order.square_of_bit(square.index()).index())
                .collect();
            assert!(
                passed.windows(2).all(|pair| pair[0] < pair[1]),
                "{context}: not in the borrow's order: {sentence}"
            );
            for square in listed(rest.split(", which").next().unwrap()) {
                let bit = step.order.square_of_bit(square.index());
                assert!(board.occupied.contains(square) && !lhs.contains(bit), "{context}: {sentence}");
                assert!(!board.sliders.contains(square), "{context}: a slider is no piece it passes: {sentence}");
                // Passed means reached by the borrow from below: never the bit where it starts.
                let chain = step.borrow_chain().unwrap();
                assert!(chain.contains(bit), "{context}: the borrow never reached {square}: {sentence}");
            }
        }
        // "It also passes d4, the rook's own square, a zero bit of o." (turned: "e5, which stands for d4, …")
        if let Some(rest) = sentence.cut(phrase!("It also passes ")).map(|(_, rest)| rest) {
            let bit: Square = rest[..2].parse().unwrap();
            assert!(step.order.turn(board.sliders).contains(bit) && !lhs.contains(bit), "{context}: {sentence}");
            assert!(
                step.borrow_chain().unwrap().contains(bit),
                "{context}: the borrow never reached {bit}: {sentence}"
            );
            assert!(rest.contains(&format!("the {}'s own square", board.slider)), "{context}: {sentence}");
        }
        // An XOR: "What is left: 1 one bit (e2)." names bits of the result.
        if let Some(rest) = sentence.cut(phrase!("What is left: ")).map(|(_, rest)| rest).filter(|_| step.op == Op::Xor)
        {
            let result = step.result.board().unwrap();
            let named = listed(&rest.replace(['(', ')'], " "));
            assert!(!named.is_empty() && named.iter().all(|&s| result.contains(s)), "{context}: {sentence}");
        }
        // "e2, where it starts, holds a piece on the board but is zero in a." (mirrored: "stands for")
        if let Some((before, _)) = sentence.cut(phrase!(", where it starts, ")) {
            let bit: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            let square = step.order.square_of_bit(bit.index());
            let b = step.rhs.and_then(Value::board).unwrap();
            assert!(board.occupied.contains(square) && !lhs.contains(bit) && b.contains(bit), "{context}: {sentence}");
            assert_eq!(step.borrow_chain().unwrap().0.trailing_zeros(), bit.index() + 1, "{context}: {sentence}");
        }
        // "In the byte-swapped word d7 stands for d2 on the board.", "In the bit-reversed word e2
        // and e7 stand for d7 and d2 on the board.": each bit named, then the square it stands for.
        if let Some((word, rest)) = turned_openings
            .iter()
            .find_map(|(word, opening)| sentence.split_once(opening.as_str()).map(|(_, rest)| (*word, rest)))
        {
            assert_eq!(word, step.order.word(), "{context}: {sentence}");
            let (bits, squares) = rest.cut(phrase!(" stand")).unwrap_or_else(|| panic!("{context}: {sentence}"));
            let (bits, squares) = (listed(bits), listed(squares));
            assert!(!bits.is_empty() && bits.len() == squares.len(), "{context}: {sentence}");
            for (bit, square) in bits.iter().zip(&squares) {
                assert_eq!(step.order.square_of_bit(bit.index()), *square, "{context}: {sentence}");
            }
            // Said of the result's bits after an AND, an OR or a swizzle.
            if matches!(step.op, Op::And | Op::Or | Op::Swizzle(_)) {
                let result = step.result.board().unwrap();
                assert!(bits.iter().all(|&bit| result.contains(bit)), "{context}: {sentence}");
            }
        }
        // A swizzle: "byte 1 holds 8, and entry 8 is 16 (binary 0001 0000)".
        let byte_sentence = sentence.starts_with("Byte ") || sentence.starts_with("Every byte of");
        if let (Op::Swizzle(table), true) = (step.op, byte_sentence) {
            let (bytes, result) = (lhs.0.to_le_bytes(), step.result.board().unwrap().0.to_le_bytes());
            let mut said = 0;
            for clause in sentence.split("; ") {
                let clause = clause.to_lowercase();
                let Some(rest) = clause.strip_prefix("byte ") else { continue };
                let numbers: Vec<usize> = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|n| !n.is_empty())
                    .map(|n| n.parse().unwrap())
                    .collect();
                if rest.has(phrase!(" holds ")) {
                    let (at, value, entry, byte) = (numbers[0], numbers[1], numbers[2], numbers[3]);
                    assert!(value == entry && usize::from(bytes[at]) == value, "{context}: {sentence}");
                    assert!(
                        usize::from(table[value]) == byte && usize::from(result[at]) == byte,
                        "{context}: {sentence}"
                    );
                    said += 1;
                }
            }
            let nonzero = bytes.iter().filter(|&&byte| byte != 0).count();
            assert_eq!(said, nonzero, "{context}: every byte that is not 0 is said: {sentence}");
        }
        // A product: "c3 → bit 59, e5 → bit 61": the copy of b shifted by c3's index has that bit.
        if step.op == Op::Mul {
            let b = step.rhs.and_then(Value::board).unwrap();
            for claim in sentence.split(", ").filter(|part| part.has(phrase!(" → bit "))) {
                let (source, target) = claim.cut(phrase!(" → ")).unwrap();
                let source: Square = source.rsplit(' ').next().unwrap().parse().unwrap();
                assert!(lhs.contains(source), "{context}: {sentence}");
                for target in target.split(" and ").filter(|t| t.starts_with("bit ")) {
                    let bit: u32 = target.trim_start_matches("bit ").trim_end_matches('.').parse().unwrap();
                    // Set in that copy (that the bit is one the index is cut from, check_index_window says).
                    assert!((b.0 << source.index()) >> bit & 1 == 1, "{context}: {sentence}");
                }
            }
            if sentence.has(phrase!("No two copies overlap")) {
                let copies: Vec<u64> = lhs.squares().map(|s| b.0 << s.index()).collect();
                let sum: u64 = copies.iter().fold(0, |all, c| all | c);
                assert_eq!(Bitboard(sum), step.result.board().unwrap(), "{context}: no carry, so OR = product");
            }
        }
        // A shift: "bit 59 (d8) → bit 1 (b1)": a has the first bit, the result the second, and
        // they lie exactly the shift apart.
        if matches!(step.op, Op::Shl | Op::Shr) {
            let amount = match step.rhs {
                Some(Value::Number(n)) => n as u32,
                _ => panic!("{context}: a shift without an amount"),
            };
            // The index cut from a product's top bits is a number: its bits are named, no square.
            if sliders_explain::facts::cuts_index(step, board) {
                let named = listed(&sentence.replace("towards a1", "").replace("towards h8", ""));
                assert!(named.is_empty(), "{context}: an index's bits named as squares: {sentence}");
            }
            // "What is left" says bits fell off; "Where they land" that none did.
            let (before, after) = (lhs.count(), step.result.board().unwrap().count());
            if sentence.has(phrase!("What is left")) {
                assert!(after < before, "{context}: nothing fell off: {sentence}");
            }
            if sentence.has(phrase!("Where they land")) {
                assert_eq!(after, before, "{context}: bits fell off: {sentence}");
            }
            for claim in sentence.split(", ").filter(|part| part.has(phrase!(" → bit "))) {
                // "towards bit 0: bit 63 → bit 36": the move after the colon.
                let claim = claim.rsplit(": ").next().unwrap();
                let numbers: Vec<u32> = claim
                    .split("bit ")
                    .skip(1)
                    .map(|n| n.split([' ', '.', ';']).next().unwrap().parse().unwrap())
                    .collect();
                let (from, to) = (numbers[0], numbers[1]);
                let moved = if step.op == Op::Shl { from + amount } else { from - amount };
                assert_eq!(moved, to, "{context}: {sentence}");
                assert!(lhs.0 >> from & 1 == 1, "{context}: {sentence}");
                assert!(step.result.board().unwrap().0 >> to & 1 == 1, "{context}: {sentence}");
            }
        }
        // A byte swap: "d2 → d7" names each bit and where it lands.
        if step.op == Op::ByteSwap {
            for claim in sentence.split(", ").filter(|part| part.has(phrase!(" → "))) {
                let squares = listed(claim);
                assert!(lhs.contains(squares[0]) && mirror(squares[0]) == squares[1], "{context}: {sentence}");
                assert!(step.result.board().unwrap().contains(squares[1]), "{context}: {sentence}");
            }
        }
    }
    let banned = [
        phrase!("empty square"),
        phrase!("nort "),
        phrase!("noEa"),
        phrase!("noWe"),
        phrase!("soWe"),
        phrase!("soEa"),
        phrase!("sout "),
    ];
    for banned in banned {
        let words = String::from_utf8_lossy(banned.needle());
        assert!(!text.has(banned), "{context}: says {words:?}: {text}");
    }
}

fn check_subtraction(step: &Step, text: &str, context: &dyn Display) {
    let (Value::Board(a), Some(Value::Board(b))) = (step.lhs, step.rhs) else { panic!("{context}") };
    // A borrow in a turned word starts on a square of the word: the sentence says what it
    // stands for on the board.
    let (order, word) = (step.order, step.order.word());
    if let (true, Some(start)) = (order.is_turned(), borrow_start(a.0, b.0)) {
        let square = Square::from_index(start);
        let expected = format!("In {word} {square} stands for {} on the board.", order.square_of_bit(start));
        assert!(text.contains(&expected), "{context}: expected {expected:?} in {text}");
    }
    match borrow_by_hand(a.0, b.0) {
        Borrow::AbsorbedAt(bit) => {
            let expected = format!("until {}, ", bit_name(bit));
            assert!(
                text.contains(&expected) && text.has(phrase!("absorbs it")),
                "{context}: expected {expected:?} in {text}"
            );
            assert!(!text.has(phrase!("past h8")), "{context}: {text}");
        }
        // In a turned word bit 63 stands for h1 or a1: the borrow leaves the word, not past h8.
        Borrow::PastH8 if order.is_turned() => {
            assert!(text.contains(&format!("it runs past bit 63 of {word}")), "{context}: {text}");
            assert!(!text.has(phrase!("past h8")) && !text.has(phrase!("absorbs it")), "{context}: {text}");
        }
        Borrow::PastH8 => {
            assert!(text.has(phrase!("it runs past h8 (bit 63)")), "{context}: {text}");
            assert!(!text.has(phrase!("absorbs it")), "{context}: {text}");
        }
        Borrow::None => assert!(text.has(phrase!("nothing borrows")), "{context}: {text}"),
    }
}

/// A moved board (where the page draws the slider's bit) changes only on a step that moves it
/// by that much, or on a table read whose operand is an index, not a board.
fn check_moved(step: &Step, context: &dyn Display) {
    if step.moved == step.operand_moved {
        return;
    }
    let by = i32::from(step.moved) - i32::from(step.operand_moved);
    match (step.op, step.rhs) {
        (Op::Shl, Some(Value::Number(amount))) => assert_eq!(by, amount as i32, "{context}"),
        (Op::Shr, Some(Value::Number(amount))) => assert_eq!(by, -(amount as i32), "{context}"),
        (Op::Lookup, _) => assert!(matches!(step.lhs, Value::Number(_)), "{context}"),
        // Each byte of a swizzle's operand numbers an entry of its table: the result stands
        // where the table's entries put it.
        (Op::Swizzle(_), _) => {}
        _ => panic!("{context}: the board moves by {by} bits on a step that does not move it"),
    }
}

/// The screen reader's sentence: the label, the result's count of one bits (or its number),
/// and for a subtraction the bit that absorbs the borrow, found by long subtraction.
fn check_announcement(step: &Step, index: usize, count: usize, board: &Board, context: &dyn Display) {
    let text = announcement(step, index, count, board);
    let focus = step_focus_name(step, board).map(|f| format!(", {f}")).unwrap_or_default();
    let head = format!("Step {} of {count}{focus}. {}: ", index + 1, spoken_label(&step.label));
    let rest = text.strip_prefix(&head).unwrap_or_else(|| panic!("{context}: expected {head:?}: {text}"));
    for symbol in ["^", "|", "&", "<<", ">>", " - ", "=", "'"] {
        assert!(!head.contains(symbol), "{context}: {symbol} is not spoken: {head}");
    }
    if let Value::Board(value) = step.result {
        let number = format!("value {}, ", value.0);
        let small = value.0 != 0 && value.0 <= 0xffff;
        assert_eq!(rest.starts_with(&number), small, "{context}: {text}");
    }
    let rest =
        rest.cut(phrase!(", ")).filter(|(first, _)| first.starts_with("value ")).map_or(rest, |(_, after)| after);
    match step.result {
        Value::Board(value) => {
            let expected = match value.0.count_ones() {
                0 => "no bits set".to_string(),
                1 => "1 bit set".to_string(),
                n => format!("{n} bits set"),
            };
            assert!(rest.starts_with(&expected), "{context}: expected {expected:?}: {text}");
        }
        Value::Number(number) => assert!(rest.starts_with(&format!("value {number}")), "{context}: {text}"),
        Value::Signed(number) => assert!(rest.starts_with(&format!("value {number}")), "{context}: {text}"),
    }
    if step.op != Op::Sub {
        assert!(!text.has(phrase!("borrow")), "{context}: {text}");
        return;
    }
    let (Value::Board(a), Some(Value::Board(b))) = (step.lhs, step.rhs) else { panic!("{context}") };
    let end = |borrow: &Borrow| match borrow {
        Borrow::None => unreachable!("long subtraction lists only borrows"),
        Borrow::AbsorbedAt(bit) if step.order.is_turned() => {
            format!("stops at bit {bit} of {}, which stands for {}", step.order.word(), step.order.square_of_bit(*bit))
        }
        Borrow::AbsorbedAt(bit) => format!("stops at bit {bit} ({})", Square::from_index(*bit)),
        Borrow::PastH8 if step.order.is_turned() => format!("runs past bit 63 of {}", step.order.word()),
        Borrow::PastH8 => "runs past h8 (bit 63)".to_string(),
    };
    let expected = match borrows_by_hand(a.0, b.0).as_slice() {
        [] => ", nothing borrows.".to_string(),
        [one] => format!(", the borrow {}.", end(one)),
        [several @ .., last] => {
            let ones: Vec<String> = several.iter().map(|borrow| format!("one {}", end(borrow))).collect();
            format!(", {} borrows: {} and one {}.", several.len() + 1, ones.join(", "), end(last))
        }
    };
    assert!(text.ends_with(&expected), "{context}: expected {expected:?}: {text}");
    // The bit strip's caption names the same bit the same way, checked against the same
    // long subtraction.
    let Value::Board(difference) = step.result else { panic!("{context}") };
    let caption = borrow_caption(borrow_end(a, b, difference), step.order);
    let expected = match borrow_by_hand(a.0, b.0) {
        Borrow::None => "no borrow".to_string(),
        Borrow::AbsorbedAt(bit) if step.order.is_turned() => format!(
            "borrow absorbed at bit {bit} of {}, which stands for {}",
            step.order.word(),
            step.order.square_of_bit(bit)
        ),
        Borrow::AbsorbedAt(bit) => format!("borrow absorbed at bit {bit} ({})", Square::from_index(bit)),
        Borrow::PastH8 if step.order.is_turned() => format!("borrow ran past bit 63 of {}", step.order.word()),
        Borrow::PastH8 => "borrow ran past h8 (bit 63)".to_string(),
    };
    assert_eq!(caption, expected, "{context}");
}

/// The sentences call the operands what the grids call them: by their names (o, 2r), and by a
/// letter only where the step's expression has no short name.
fn check_names(step: &Step, text: &str, context: &dyn Display) {
    let names = operands::of(step);
    let mut said = vec![Cow::Borrowed(text)];
    if step.op == Op::Sub {
        said.extend([0, 12, 40, 63].map(|bit| Cow::Owned(describe_bit(step, bit))));
    }
    if matches!(step.op, Op::And | Op::Or | Op::Xor) {
        said.extend((1..=8).map(|rank| Cow::Owned(describe_rank(step, rank))));
    }
    for text in said {
        if names.rhs != "b" {
            let mut words = text.split(|c: char| c.is_whitespace() || ",.:;()".contains(c));
            assert!(!words.any(|word| word == "b"), "{context}: b is called {}: {text}", names.rhs);
        }
        if names.lhs != "a" {
            let letters = [
                phrase!("a has"),
                phrase!("of a "),
                phrase!("of a."),
                phrase!("of a,"),
                phrase!("in a."),
                phrase!("in a,"),
                phrase!("a −"),
                phrase!("a ×"),
                phrase!("a's"),
                phrase!("a &"),
                phrase!("a |"),
            ];
            for letter in letters {
                assert!(!text.has(letter), "{context}: a is called {}: {text}", names.lhs);
            }
        }
    }
}

fn check_scan(step: &Step, text: &str, context: &dyn Display) {
    let a = step.lhs.board().unwrap().0;
    if a == 0 {
        assert!(text.contains(&format!("{} is empty", operands::of(step).lhs)), "{context}: {text}");
        return;
    }
    let bit = match step.op {
        Op::Scan(Scan::LeadingZeros) | Op::Scan(Scan::Reverse) => 63 - a.leading_zeros(),
        _ => a.trailing_zeros(),
    };
    assert!(
        text.contains(&format!("first one bit is {}", bit_name(bit)))
            || text.contains(&format!("first one bit, {}", bit_name(bit))),
        "{context}: {text}"
    );
    let from = if matches!(step.op, Op::Scan(Scan::LeadingZeros) | Op::Scan(Scan::Reverse)) {
        "down from bit 63"
    } else {
        "up from bit 0"
    };
    assert!(text.contains(from), "{context}: {text}");
}

/// A product said to go "Into the top N bits (S to 63), where the next step cuts its index
/// from": the next step shifts right by S, and every bit the sentence names is one of those.
/// Returns 1 when the sentence names a window, 0 when it does not (overlapping copies).
fn check_index_window(text: &str, next: Option<&Step>, context: &dyn Display) -> usize {
    let Some((_, window)) = text.cut(phrase!("Into the top ")) else { return 0 };
    let (count, rest) = window.cut(phrase!(" bits (")).unwrap_or_else(|| panic!("{context}: {text}"));
    let (start, listed) = rest.cut(phrase!(" to 63), where the next step cuts its index from: ")).unwrap();
    let (count, start): (u32, u32) = (count.parse().unwrap(), start.parse().unwrap());
    assert_eq!(count + start, 64, "{context}: {text}");
    let next = next.unwrap_or_else(|| panic!("{context}: no step cuts the index"));
    assert_eq!((next.op, next.rhs), (Op::Shr, Some(Value::Number(start.into()))), "{context}: {text}");
    let listed = listed.split(". ").next().unwrap();
    for named in listed.split("bit ").skip(1) {
        let digits: String = named.chars().take_while(char::is_ascii_digit).collect();
        let bit: u32 = digits.parse().unwrap_or_else(|_| panic!("{context}: {text}"));
        assert!(bit >= start, "{context}: bit {bit} is below the index's {start}: {text}");
    }
    1
}

#[test]
fn every_sentence_about_every_step_is_true_of_its_values() {
    // The boards are shared out among the machine's cores: each checks every step of its
    // share, and the counts are added up.
    let boards = boards();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let shares: Vec<&[Bitboard]> = boards.chunks(boards.len().div_ceil(threads)).collect();
    let counts: Vec<((usize, usize, usize), usize)> = std::thread::scope(|scope| {
        let workers: Vec<_> = shares.iter().map(|&share| scope.spawn(move || check_every_sentence(share))).collect();
        workers.into_iter().map(|worker| worker.join().unwrap()).collect()
    });
    let subtractions = counts.iter().fold((0, 0, 0), |(a, b, c), ((x, y, z), _)| (a + x, b + y, c + z));
    let windows: usize = counts.iter().map(|(_, windows)| windows).sum();
    // Magic's and kindergarten's products on every square were met.
    assert!(windows > 1000, "{windows} index windows checked");
    eprintln!(
        "narration checked: {} subtractions absorbed, {} past h8, {} without a borrow",
        subtractions.0, subtractions.1, subtractions.2
    );
    // Every kind of borrow was met, so each branch above was really checked.
    assert!(subtractions.0 > 1000 && subtractions.1 > 1000 && subtractions.2 > 100, "{subtractions:?}");
}

/// Which step a check is about: written out only when a check fails, since the checks visit
/// millions of steps.
struct StepAt<'a> {
    technique: Technique,
    slider: Slider,
    square: Square,
    occupied: Bitboard,
    index: usize,
    label: &'a str,
}

impl Display for StepAt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let StepAt { technique, slider, square, occupied, index, label } = self;
        write!(f, "{technique} {slider} {square} {occupied} step {}: {label}", index + 1)
    }
}

/// Every step of every technique, slider and square on these boards: its sentence checked
/// against its values. How many subtractions were absorbed, ran past h8 or did not borrow, and
/// how many index windows were checked.
fn check_every_sentence(boards: &[Bitboard]) -> ((usize, usize, usize), usize) {
    let mut subtractions = (0, 0, 0);
    let mut windows = 0;
    for &occupied in boards {
        for &technique in Technique::ALL {
            for slider in Slider::ALL {
                for square in Square::ALL {
                    let trace = technique.trace(slider, square, occupied);
                    let board = Board::of(&trace);
                    for (index, step) in trace.steps.iter().enumerate() {
                        let context = StepAt { technique, slider, square, occupied, index, label: &step.label };
                        let text = narrate(&trace, index);
                        assert!(!step.why.is_empty() && text.ends_with(&*step.why), "{context}: {text}");
                        assert!(text.len() > step.why.len() + 10, "{context}: nothing computed: {text}");
                        check_claims(&text, &board, step, &context);
                        check_announcement(step, index, trace.steps.len(), &board, &context);
                        check_moved(step, &context);
                        // The two steps of one operation on lanes work in one frame.
                        if let Some([lane0, lane1]) = trace.lane_pair(index) {
                            let frame = |s: &Step| (s.order, s.moved, s.operand_moved);
                            assert_eq!(frame(lane0), frame(lane1), "{context}: the lanes' frames differ");
                        }
                        // narrate() is describe()'s text, a space and the why: its names are
                        // checked on that text, so describe() need not run a second time.
                        let described = text.strip_suffix(&*step.why).and_then(|t| t.strip_suffix(' '));
                        check_names(step, described.unwrap_or(&text), &context);
                        match step.op {
                            Op::Sub => {
                                check_subtraction(step, &text, &context);
                                match borrow_by_hand(step.lhs.board().unwrap().0, step.rhs.unwrap().board().unwrap().0)
                                {
                                    Borrow::AbsorbedAt(_) => subtractions.0 += 1,
                                    Borrow::PastH8 => subtractions.1 += 1,
                                    Borrow::None => subtractions.2 += 1,
                                }
                            }
                            Op::Scan(_) => check_scan(step, &text, &context),
                            Op::Mul => windows += check_index_window(&text, trace.steps.get(index + 1), &context),
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    (subtractions, windows)
}

#[test]
fn sentences_about_several_sliders_are_true_of_their_values() {
    let mut traces = 0;
    sliders::workload::for_each_position(40, |occupancy, squares| {
        for &technique in Technique::ALL {
            for slider in Slider::ALL.into_iter().filter(|&slider| technique.takes_many_sliders(slider)) {
                let set = squares[..3].iter().fold(Bitboard::EMPTY, |all, &s| all.with(Square::from_index(s as u32)));
                let trace = technique.trace_many(slider, set, Bitboard(occupancy)).unwrap();
                let board = Board::of(&trace);
                for (index, step) in trace.steps.iter().enumerate() {
                    let context =
                        format!("{technique} {slider} on {set} {occupancy:#x} step {}: {}", index + 1, step.label);
                    let text = narrate(&trace, index);
                    assert!(text.ends_with(&*step.why) && text.len() > step.why.len() + 10, "{context}: {text}");
                    check_claims(&text, &board, step, &context);
                    check_announcement(step, index, trace.steps.len(), &board, &context);
                    // A line focus covers a line through each slider: never one slider's line name.
                    if let Focus::Line(line) = step.focus {
                        let name = sliders_explain::narration::step_focus_name(step, &board).unwrap();
                        assert_eq!(name, format!("the {}s", line.name()), "{context}");
                    }
                }
                traces += 1;
            }
        }
    });
    assert_eq!(traces, 40 * (2 * 3 + 1), "40 boards, 2 set-wise techniques of 3 sliders, and o^(o-2r) of rooks");
}

#[test]
fn each_copy_of_a_gathering_multiply_lands_where_its_frame_says() {
    let mut copies = 0;
    for occupied in boards() {
        for slider in Slider::ALL {
            for square in Square::ALL {
                let trace = Technique::Kindergarten.trace(slider, square, occupied);
                for step in trace.steps.iter().filter(|s| s.op == Op::Mul) {
                    let (a, b) = (step.lhs.board().unwrap(), step.rhs.unwrap().board().unwrap());
                    if a.is_empty() {
                        continue;
                    }
                    let board = Board::of(&trace);
                    let Some(found) = sliders_explain::narration::product_copies(step, Some(&board)) else {
                        panic!("kindergarten's copies never overlap: {square} {occupied}")
                    };
                    for (source, landing) in found {
                        let text = sliders_explain::narration::describe_copy(step, source, &board);
                        assert!(a.contains(source) && text.contains(&format!("shifted up by {}", source.index())));
                        for bit in landing.squares() {
                            assert!(text.contains(&format!("bit {}", bit.index())), "{text}");
                            assert_eq!(b.0 << source.index() >> bit.index() & 1, 1, "{text}");
                        }
                        copies += 1;
                    }
                }
            }
        }
    }
    assert!(copies > 10_000, "{copies}");
}

/// A magic's index is cut from its square's own number of top bits (one per relevant square),
/// so its product's copies are followed into those, not the top byte: on the review's board the
/// queen's rook part keeps bit 55 (e2's copy), and the narration says so where it once said "e2
/// adds nothing there".
#[test]
fn a_magic_product_is_followed_into_the_bits_its_index_comes_from() {
    let trace = Technique::Magic.trace(Slider::Queen, Square::E4, Bitboard(0x4ced_2200_0146_f848));
    let multiply = trace.steps.iter().position(|s| s.op == Op::Mul).unwrap();
    let text = narrate(&trace, multiply);
    let Some(Value::Number(shift)) = trace.steps[multiply + 1].rhs else { panic!("the cut follows the product") };
    // The rook on e4 has 10 relevant squares: the index is the top 10 bits, and e2's copy
    // lands on one of them.
    assert_eq!(shift, 54);
    assert!(text.has(phrase!("the top 10 bits (54 to 63)")) && text.has(phrase!("e2 → bit 55")), "{text}");
    // One copy has nothing to overlap with, and the sentence does not say it does.
    for step in trace.steps.iter().filter(|s| s.op == Op::Mul && s.lhs.board().is_some_and(|a| a.count() == 1)) {
        assert!(!describe(step, &Board::of(&trace)).has(phrase!("No two copies overlap")));
    }
}

#[test]
fn the_borrow_runs_past_h8_on_the_empty_board() {
    // The cases: obstruction difference, queen d4, empty board (0 - 1); o^(o-2r), rook e4
    // with only a4 on the rank; Hoffmann with no piece above.
    for (technique, slider, square, occupied) in [
        (Technique::ObstructionDifference, Slider::Queen, Square::D4, Bitboard::EMPTY),
        (Technique::Subtraction, Slider::Rook, Square::E4, Square::A4.bit()),
        (Technique::ObstructionDifferenceHoffmann, Slider::Rook, Square::D4, Bitboard::EMPTY),
        (Technique::Sbamg, Slider::Rook, Square::H8, Bitboard::EMPTY),
    ] {
        let trace = technique.trace(slider, square, occupied);
        let subtraction = trace.steps.iter().position(|s| s.op == Op::Sub).unwrap();
        let text = narrate(&trace, subtraction);
        assert!(text.has(phrase!("runs past h8 (bit 63)")) && !text.has(phrase!("absorb")), "{technique}: {text}");
    }
}

#[test]
fn hoffmanns_borrow_stops_one_bit_above_the_blocker() {
    let trace = Technique::ObstructionDifferenceHoffmann.trace(Slider::Rook, Square::D4, Square::D6.bit());
    let subtraction = trace.steps.iter().position(|s| s.op == Op::Sub).unwrap();
    let text = narrate(&trace, subtraction);
    assert!(text.has(phrase!("until bit 44 (e6)")) && text.has(phrase!("e6 is one bit above d6")), "{text}");
}

#[test]
fn o_minus_2r_names_its_first_blocker_and_the_pieces_it_passes() {
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    let subtraction = trace.steps.iter().position(|s| s.op == Op::Sub).unwrap();
    let text = narrate(&trace, subtraction);
    assert!(
        text.has(phrase!("until bit 51 (d7)")) && text.has(phrase!("d7 holds the first piece north of the rook on d2"))
    );
    // e2 holds a piece but is a zero bit of o: the borrow starts there and passes f2, g2, ….
    assert!(
        text.has(phrase!("e2, where it starts, holds a piece on the board but is zero in potential_blockers")),
        "{text}"
    );
    assert!(
        text.has(phrase!("where 2r has a one and potential_blockers a zero")),
        "the operands by their names: {text}"
    );
    assert!(text.has(phrase!("passes f2, g2")), "{text}");
}

#[test]
fn each_frame_of_a_subtraction_tells_that_bits_arithmetic() {
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    let step = trace.steps.iter().find(|s| s.op == Op::Sub).unwrap();
    let difference = step.result.board().unwrap();
    for bit in 0..64 {
        let text = describe_bit(step, bit);
        assert!(text.contains(&format!("the result bit is {}", difference.0 >> bit & 1)), "{text}");
    }
    assert!(describe_bit(step, 12).has(phrase!("a borrow goes on to bit 13")));
    assert!(describe_bit(step, 51).has(phrase!("the borrow stops here")));
}

/// Kindergarten's move onto the a-file says where every square goes: the slider's file and east
/// of it move that many files west on their rank, and the files west of it wrap onto the rank
/// below or off the board, never onto the a-file of their own rank. Checked for every piece.
#[test]
fn kindergartens_move_to_the_a_file_says_where_every_square_goes() {
    let mut wrapped = 0;
    for board in boards() {
        for square in Square::ALL {
            let trace = Technique::Kindergarten.trace(Slider::Rook, square, board);
            let step = trace.steps.iter().find(|s| s.label == "occupied >> file = moved").expect("the move");
            assert!(step.why.has(phrase!("wraps onto the rank below or off the board")), "{}", step.why);
            let (Value::Board(occupied), Value::Board(moved)) = (step.lhs, step.result) else { panic!() };
            let file = square.file() as u32;
            for piece in occupied.squares() {
                let to = piece.index().checked_sub(file);
                if piece.file() as u32 >= file {
                    let to = Square::from_index(to.unwrap());
                    assert!(
                        moved.contains(to) && to.rank() == piece.rank(),
                        "{piece} lands {file} files west on its rank"
                    );
                } else {
                    // West of the slider's file: the rank below (or off the board), off the a-file.
                    if let Some(to) = to {
                        let to = Square::from_index(to);
                        assert!(moved.contains(to) && to.rank() + 1 == piece.rank() && to.file() != 0, "{piece} wraps");
                    }
                    wrapped += 1;
                }
            }
        }
    }
    assert!(wrapped > 10_000, "{wrapped} wrapped pieces checked");
}

/// A general rule in a step's why holds for every instance, edge files included: kindergarten's
/// gathering multiply says where the pieces land in the top byte, and that is checked for every
/// piece it covers, on every square and every board. (It once said "every piece", and an
/// h-file piece lands on the a-file's bit, 56, or leaves the word from h8.)
#[test]
fn kindergartens_rule_for_the_top_byte_holds_for_every_piece_it_names() {
    let mut checked = 0;
    for board in boards() {
        for square in Square::ALL {
            for slider in [Slider::Rook, Slider::Bishop] {
                let trace = Technique::Kindergarten.trace(slider, square, board);
                for step in trace.steps.iter().filter(|s| s.op == Op::Mul && s.label == "pieces * B_FILE") {
                    let (Value::Board(pieces), Value::Board(product)) = (step.lhs, step.result) else { continue };
                    assert!(
                        step.why.has(phrase!("every piece on files a to g")),
                        "the rule names its pieces: {}",
                        step.why
                    );
                    for piece in pieces.squares() {
                        let top_bit = 56 + piece.file() as u32 + 1;
                        if piece.file() < 7 {
                            assert!(
                                product.contains(Square::from_index(top_bit)),
                                "{piece} lands one place up, on bit {top_bit}"
                            );
                            checked += 1;
                        } else {
                            // The edge the rule leaves out: it is not one place up in the top byte.
                            assert!(top_bit == 64, "an h-file piece has no bit one place up in the top byte");
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} pieces checked");
}

/// A queen's magic lookup is two table reads of the same shape: each step says which part it
/// reads, the rook's or the bishop's, and the union says neither.
#[test]
fn a_queens_magic_steps_say_which_part_they_read() {
    let trace = Technique::Magic.trace(Slider::Queen, Square::E4, Bitboard(0x4ced_2200_0146_f848));
    let board = Board::of(&trace);
    let names: Vec<Option<String>> = trace.steps.iter().map(|step| step_focus_name(step, &board)).collect();
    let half = (trace.steps.len() - 1) / 2;
    assert!(names[..half].iter().all(|name| name.as_deref() == Some("the rook part")), "{names:?}");
    assert!(names[half..2 * half].iter().all(|name| name.as_deref() == Some("the bishop part")), "{names:?}");
    assert_eq!(names.last().unwrap(), &None, "rook | bishop is the whole queen");
}

/// The subtraction is narrated by the article's names, 2r, difference and changed, never by
/// the code's `two_r` or the old `r2` (which reads as a square on the 2nd rank), and 2r is no
/// constant.
#[test]
fn a_subtraction_trace_is_narrated_by_the_articles_names() {
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    let text = (0..trace.steps.len()).map(|index| narrate(&trace, index)).collect::<Vec<_>>().join(" ");
    for name in ["2r", "potential_blockers", "difference", "changed"] {
        let said = text.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|word| word == name);
        assert!(said, "{name} is not said: {text}");
    }
    let words: Vec<&str> = text.split(|c: char| !(c.is_alphanumeric() || c == '_')).collect();
    assert!(!words.contains(&"r2") && !words.contains(&"two_r"), "{text}");
    assert!(!text.has(phrase!("constant 2r")), "{text}");
}

/// One value has one name in a trace: an operand made by an earlier step is called what that
/// step called its result (`occ - 3cbn` in both, not `occ - 3cbn` and then "b"; `line_occupancy`
/// in both, not "result" and then "a"), and the step's heading spells it so too (`2r`, never the
/// code's `two_r`).
#[test]
fn a_value_keeps_its_name_from_the_step_that_made_it() {
    for technique in [Technique::Subtraction, Technique::Sbamg, Technique::ObstructionDifference] {
        for &occupied in &boards()[..20] {
            for square in [Square::A1, Square::D1, Square::D2, Square::E4, Square::H8] {
                let trace = technique.trace(Slider::Queen, square, occupied);
                // What the code calls a value, the value, and the name its step showed it by.
                let mut named: Vec<(String, Value, String)> = Vec::new();
                for step in &trace.steps {
                    let names = operands::of(step);
                    let operands =
                        [(&*step.operands.lhs, Some(step.lhs), names.lhs), (&*step.operands.rhs, step.rhs, names.rhs)];
                    for (text, value, name) in operands {
                        let made = named.iter().rev().find(|(code, made, _)| code == text && Some(*made) == value);
                        if let Some((_, _, earlier)) = made {
                            assert_eq!(name, earlier, "{technique} {square}: {} calls {text} otherwise", step.label);
                        }
                    }
                    for code in [step.expression(), &*step.operands.result] {
                        named.push((code.to_string(), step.result, names.result.to_string()));
                    }
                    for code_name in ["two_r", "cbnx3"] {
                        assert!(!step.label.contains(code_name), "{technique} {square}: {}", step.label);
                    }
                }
            }
        }
    }
}

/// The subtractions run one code on every line (a rook's file, then its rank), so each why is
/// shown on every line: none may speak of one kind of line, as "the article's filemask for a
/// file" did above the rank's line mask.
#[test]
fn a_why_shown_on_every_line_names_no_one_line() {
    let line_words = ["file", "files", "rank", "ranks", "diagonal", "diagonals", "anti", "antidiagonal"];
    let techniques = [
        Technique::Subtraction,
        Technique::Sbamg,
        Technique::ObstructionDifference,
        Technique::ObstructionDifferenceHoffmann,
    ];
    for technique in techniques {
        let trace = technique.trace(Slider::Queen, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        for step in trace.steps.iter().filter(|step| matches!(step.focus, Focus::Line(_))) {
            let words: Vec<&str> = step.why.split(|c: char| !c.is_alphanumeric()).collect();
            let named: Vec<&&str> = line_words.iter().filter(|word| words.contains(word)).collect();
            assert!(
                named.is_empty(),
                "{technique} {:?} {}: the why names {named:?}: {}",
                step.focus,
                step.label,
                step.why
            );
        }
    }
}

/// The kind of part a focus is: the union of two lines' attacks takes them from steps on lines,
/// a queen's union from steps on the whole piece (or its table parts).
fn same_kind(a: Focus, b: Focus) -> bool {
    core::mem::discriminant(&a) == core::mem::discriminant(&b)
}

/// A piece's attacks are the union of its lines' (a queen's, of its rook's and its bishop's),
/// and each of those values goes by one name of its own, from the step that made it to the union
/// that uses it: the diagonal's attacks and the anti-diagonal's are not both "result", nor is a
/// line's "result" where it is made and `file_attacks` where it is used.
#[test]
fn each_lines_attacks_go_by_one_name_of_their_own() {
    for &technique in Technique::ALL {
        for slider in [Slider::Rook, Slider::Bishop, Slider::Queen] {
            for &occupied in &boards()[..8] {
                for square in [Square::A1, Square::D2, Square::E4, Square::H8] {
                    let trace = technique.trace(slider, square, occupied);
                    let steps = &trace.steps;
                    // The steps that end a run on one line, part or piece, and the union right
                    // after a run: its second operand is what that run ended with.
                    for (index, union) in steps.iter().enumerate().skip(1) {
                        let before = &steps[index - 1];
                        let joins_lines = matches!(before.focus, Focus::Line(_) | Focus::Part(_) | Focus::Piece);
                        // A lane's OR works inside each lane: lane 1's step follows lane 0's.
                        if union.op != Op::Or || before.focus == union.focus || !joins_lines || union.lane.is_some() {
                            continue;
                        }
                        let names = operands::of(union);
                        let second = operands::of(before).result;
                        assert_eq!(Some(before.result), union.rhs, "{technique} {slider} {square}: {}", union.label);
                        assert_eq!(second, names.rhs, "{technique} {slider} {square}: {}", union.label);
                        // The first operand: the end of the run of the same kind before that one.
                        let run_start = steps[..index].iter().rposition(|s| s.focus != before.focus);
                        let first = run_start.and_then(|end| {
                            steps[..=end]
                                .iter()
                                .enumerate()
                                .rev()
                                .find(|(at, s)| same_kind(s.focus, before.focus) && steps[at + 1].focus != s.focus)
                        });
                        if let Some((_, made)) = first {
                            assert_eq!(made.result, union.lhs, "{technique} {slider} {square}: {}", union.label);
                            let first_name = operands::of(made).result;
                            assert_eq!(first_name, names.lhs, "{technique} {slider} {square}: {}", union.label);
                        }
                    }
                    // "result" is a name of last resort: of the values a line, a part or the
                    // piece ends with, it names one at most, the piece's attacks.
                    let mut results: Vec<Value> = steps
                        .iter()
                        .enumerate()
                        .filter(|(at, step)| steps.get(at + 1).is_none_or(|next| next.focus != step.focus))
                        .filter(|(_, step)| matches!(step.focus, Focus::Line(_) | Focus::Part(_) | Focus::Piece))
                        .filter(|(_, step)| operands::of(step).result == "result")
                        .map(|(_, step)| step.result)
                        .collect();
                    results.dedup();
                    assert!(results.len() <= 1, "{technique} {slider} {square}: result names {results:?}");
                }
            }
        }
    }
}

/// A stop bit (h8 for a positive ray, a1 for a negative one) lies beyond its ray in bit order
/// only when the ray does not end on it: a ray that runs to h8 (or a1) has the stop bit as its
/// own last square. No sentence, why included, may say a bit lies beyond a ray it is on, on any
/// square of the empty board or of a few random boards.
#[test]
fn a_stop_bit_lies_beyond_its_ray_only_when_the_ray_does_not_reach_it() {
    let techniques = [Technique::ClassicalBranchless, Technique::ClassicalGeneralized, Technique::ClassicalInOneRun];
    let mut said_on_the_ray = 0;
    for technique in techniques {
        for slider in [Slider::Rook, Slider::Bishop] {
            for &occupied in &boards()[..6] {
                for square in Square::ALL {
                    let trace = technique.trace(slider, square, occupied);
                    for (index, step) in trace.steps.iter().enumerate() {
                        let Focus::Ray(direction) = step.focus else { continue };
                        let corner = if direction.is_positive() { Square::H8 } else { Square::A1 };
                        let ray = sliders::ray(square, direction);
                        let text = narrate(&trace, index);
                        let context = format!("{technique} {slider} {square} {direction:?} {}", step.label);
                        if ray.contains(corner) || ray.is_empty() {
                            assert!(!text.has(phrase!("beyond")), "{context}: {corner} is on the ray: {text}");
                        }
                        if square != corner {
                            assert!(
                                !text.has(phrase!("stop bit is the")),
                                "{context}: the stop bit is not on {square}: {text}"
                            );
                        }
                        if ray.contains(corner) && text.has(phrase!("own last square")) {
                            said_on_the_ray += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(said_on_the_ray > 0, "a ray that ends on its stop bit is said to");
}

/// One name is one value: no step binds the board's name to a new value (`occupied = occupied |
/// …`), and on one ray, line or part a name is bound to one value only (not `blocker` for the
/// pieces on the ray, then for them with the stop bit, then for the bits the scan reads).
#[test]
fn a_name_is_bound_to_one_value_on_each_ray_or_line() {
    let mut failures = Vec::new();
    let classical = [
        Technique::ClassicalConditional,
        Technique::ClassicalBranchless,
        Technique::ClassicalGeneralized,
        Technique::ClassicalZeroCount,
        Technique::ClassicalInOneRun,
    ];
    for technique in classical {
        for slider in [Slider::Rook, Slider::Bishop, Slider::Queen] {
            for &occupied in &boards()[..6] {
                for square in [Square::A1, Square::D2, Square::E4, Square::H4, Square::H8] {
                    let trace = technique.trace(slider, square, occupied);
                    let mut bound: Vec<(Focus, String, Value)> = Vec::new();
                    for step in &trace.steps {
                        let name = &*step.operands.result;
                        if name.is_empty() {
                            continue;
                        }
                        let context = format!("{technique} {slider} {square} {:#x}: {}", occupied.0, step.label);
                        if name == "occupied" && step.result != Value::Board(occupied) {
                            failures.push(format!("{context}: a new value takes the board's name"));
                        }
                        let earlier = bound.iter().find(|(focus, earlier, _)| *focus == step.focus && earlier == name);
                        if let Some((_, _, value)) = earlier {
                            if *value != step.result {
                                failures.push(format!("{context}: {name} names two values"));
                            }
                        }
                        bound.push((step.focus, name.to_string(), step.result));
                    }
                }
            }
        }
    }
    failures.dedup_by(|a, b| a.split(':').nth(1) == b.split(':').nth(1));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A long operand is shown by a name of its own, not the caption "a" or "b", which reads as a
/// file: kindergarten's table index and the generalized scan's mask are bound by name.
#[test]
fn no_operand_of_these_techniques_is_called_a_or_b() {
    for technique in [
        Technique::Kindergarten,
        Technique::ClassicalGeneralized,
        Technique::HyperbolaQuintessence,
        Technique::HyperbolaQuintessenceSimd,
        Technique::HyperbolaQuintessenceRbit,
    ] {
        for slider in [Slider::Rook, Slider::Bishop, Slider::Queen] {
            for square in Square::ALL {
                let trace = technique.trace(slider, square, Bitboard(0x4ced_2200_0146_f848));
                for step in &trace.steps {
                    let names = operands::of(step);
                    assert!(
                        names.legend().is_none(),
                        "{technique} {slider} {square}: {} has {:?}",
                        step.label,
                        names.legend()
                    );
                }
            }
        }
    }
}

/// A technique that computes only the positive rays names each line's value by its ray (the
/// article's "north attacks"), never as a whole line's or piece's attacks: o^(o-2r) on the
/// d-file finds the north ray alone, so `file_attacks` would be untrue.
#[test]
fn a_positive_rays_technique_names_each_lines_value_by_its_ray() {
    let whole = ["file_attacks", "rank_attacks", "diagonal_attacks", "anti_diagonal_attacks", "rook", "bishop"];
    for &technique in Technique::ALL.iter().filter(|technique| technique.positive_rays_only()) {
        for slider in [Slider::Rook, Slider::Bishop, Slider::Queen] {
            for &occupied in &boards()[..6] {
                for square in Square::ALL {
                    let trace = technique.trace(slider, square, occupied);
                    let steps = &trace.steps;
                    for (index, step) in steps.iter().enumerate() {
                        let names = operands::of(step);
                        let context = format!("{technique} {slider} {square}: {}", step.label);
                        for name in [names.lhs, names.rhs, names.result] {
                            assert!(!whole.contains(&name), "{context}: {name} holds one ray only");
                        }
                        // The last step on a line makes that line's positive ray.
                        let Focus::Line(line) = step.focus else { continue };
                        if steps.get(index + 1).is_some_and(|next| next.focus == step.focus) {
                            continue;
                        }
                        let ray = format!("{}_attacks", line.positive().name().replace('-', "_"));
                        assert_eq!(names.result, ray, "{context}");
                        let expected = sliders::techniques::reference::ray(square, line.positive(), occupied);
                        assert_eq!(step.result, Value::Board(expected), "{context}");
                    }
                }
            }
        }
    }
}
