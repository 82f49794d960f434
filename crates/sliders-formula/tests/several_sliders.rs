//! A reader's set-wise formula with several rooks, as the o^(o-2r) article allows ("even with
//! multiple rooks per rank"): every borrow of its subtraction is said, each stop is tied to
//! the rook whose first piece it is, and no sentence names a rook whose ray the stop is not on.

use sliders::workload::Xorshift96;
use sliders::{Bitboard, Direction, Op, Slider, Square};
use sliders_explain::narration::{borrows, narrate, Board, BorrowEnd};
use sliders_formula::Formula;

fn direction_named(name: &str) -> Direction {
    *Direction::ALL.iter().find(|d| d.name() == name).unwrap_or_else(|| panic!("no direction {name:?}"))
}

/// The square after "of the rook on ".
fn rook_named(rest: &str) -> Square {
    let at = rest.find("of the rook on ").unwrap_or_else(|| panic!("no rook named: {rest}")) + 15;
    rest[at..at + 2].parse().unwrap()
}

/// "bit 19 (d3)": 19.
fn bit_at(text: &str) -> u32 {
    text.strip_prefix("bit ").unwrap().split(' ').next().unwrap().parse().unwrap()
}

/// Every claim the subtraction's sentences make about the board, checked against it.
fn check_sentences(text: &str, a: Bitboard, b: Bitboard, difference: Bitboard, board: &Board, context: &str) -> usize {
    let all: Vec<_> = borrows(a, b, difference).collect();
    let mut others = 0;
    for sentence in text.split(". ") {
        if let Some((before, after)) = sentence.split_once(" holds the first piece ") {
            let square: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            let direction = direction_named(after.split(" of the ").next().unwrap());
            let rook = rook_named(after);
            assert!(board.sliders.contains(rook), "{context}: {rook} holds no rook: {sentence}");
            assert_eq!(board.first_blocker_from(rook, direction), Some(square), "{context}: {sentence}");
        }
        if let Some(rest) = sentence.strip_prefix("No piece stands on ") {
            let square: Square = rest[..2].parse().unwrap();
            assert!(!(board.occupied | board.sliders).contains(square), "{context}: {sentence}");
        }
        if let Some((before, _)) = sentence.split_once(" holds one of the rooks") {
            let square: Square = before.rsplit(' ').next().unwrap().parse().unwrap();
            assert!(board.sliders.contains(square), "{context}: {sentence}");
        }
        if let Some(rest) = sentence.split("Another borrow starts at ").nth(1) {
            others += 1;
            let start = bit_at(rest);
            let said = match rest.split_once(" and runs to ") {
                Some((_, stop)) => BorrowEnd::AbsorbedAt { start, stop: bit_at(stop) },
                None => BorrowEnd::PastH8 { start },
            };
            assert!(all[1..].contains(&said), "{context}: no such borrow {said:?} in {all:?}: {sentence}");
        }
    }
    others
}

#[test]
fn every_borrow_of_several_rooks_is_said_with_the_rook_it_runs_from() {
    let formula = Formula::parse("o ^ (o - 2 * r)").unwrap();
    let mut random = Xorshift96::from_state([0x5eed, 0x0052, 0x2026]);
    let (mut several_borrows, mut named) = (0, 0);
    for round in 0..3_000 {
        // Two to five rooks, and a sparse board around them.
        let mut rooks = Bitboard::EMPTY;
        while rooks.count() < 2 + round % 4 {
            rooks = rooks.with(Square::from_index((random.next_u64() % 64) as u32));
        }
        let occupied = Bitboard(random.next_u64() & random.next_u64() & random.next_u64()) & !rooks;
        let trace = formula.trace(Slider::Rook, rooks, occupied).unwrap();
        let board = Board::of(&trace);
        let step = trace.steps.iter().position(|s| s.op == Op::Sub).unwrap();
        let sub = &trace.steps[step];
        let (a, b, difference) =
            (sub.lhs.board().unwrap(), sub.rhs.unwrap().board().unwrap(), sub.result.board().unwrap());
        let text = narrate(&trace, step);
        let context = format!("rooks {rooks} occupied {occupied}");
        let others = check_sentences(&text, a, b, difference, &board, &context);
        // One sentence for each borrow after the first.
        let all: Vec<_> = borrows(a, b, difference).collect();
        assert_eq!(others, all.len().saturating_sub(1), "{context}: {all:?}: {text}");
        several_borrows += usize::from(all.len() > 1);
        named += text.matches("of the rook on ").count();
    }
    assert!(several_borrows > 1_000, "{several_borrows} boards with several borrows");
    assert!(named > 3_000, "{named} rooks named");
}

#[test]
fn two_rooks_on_one_rank_stop_at_the_second_ones_first_piece() {
    // Rooks on a1 and b1, a piece on g1: the borrow from c1 is b1's, and g1 is b1's first piece
    // east (a1's is the rook on b1).
    let formula = Formula::parse("o ^ (o - 2 * r)").unwrap();
    let rooks = Square::A1.bit() | Square::B1.bit();
    let trace = formula.trace(Slider::Rook, rooks, Square::G1.bit()).unwrap();
    let text = narrate(&trace, 1);
    assert!(text.contains("g1 holds the first piece east of the rook on b1"), "{text}");
    assert!(!text.contains("of the rook on a1"), "{text}");
    // A rook on c3 as well: its own borrow is said.
    let rooks = rooks | Square::C3.bit();
    let trace = formula.trace(Slider::Rook, rooks, Square::G1.bit() | Square::F3.bit()).unwrap();
    let text = narrate(&trace, 1);
    assert!(
        text.contains("Another borrow starts at bit 19 (d3) and runs to bit 21 (f3), which absorbs it. f3 holds the first piece east of the rook on c3"),
        "{text}"
    );
}
