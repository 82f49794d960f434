//! A proof's verdict in words, the same for the page and the command line.

use alloc::format;
use alloc::string::{String, ToString};

use super::{BlowUp, Failure, Proof};
use crate::check::{OwnSquare, Target};

/// A square's failing boards: "all" of its 2^63 (2^64 with its own square either way), a
/// power of two as 2^k, else the count.
pub fn square_count(n: u128, own: OwnSquare) -> String {
    match n {
        n if n == own.boards_a_square() => "all".to_string(),
        n if n.is_power_of_two() && n >= 1 << 20 => format!("2^{}", n.trailing_zeros()),
        n => thousands(n),
    }
}

/// The boards of a proof: 2^69 of the 64 squares, 2^70 with their own squares either way.
pub fn all_boards(own: OwnSquare) -> u128 {
    64 * own.boards_a_square()
}

/// "2^63" or "2^64": a square's boards, as a power.
pub(super) fn power(boards: u128) -> String {
    format!("2^{}", boards.trailing_zeros())
}

/// A count with thousands separators: 16,777,216.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

impl Failure {
    /// How rare the failing boards are ([`share_of`]).
    pub fn share(&self, own: OwnSquare) -> Option<String> {
        share_of(self.boards?, own)
    }
}

/// How rare `boards` of a proof's boards are: "one in 2,048" when it divides the 2^69 boards
/// (2^70 with the slider's square either way) evenly, "about one in 2,049" when not; a share of
/// a hundredth or more as a percentage to the nearest tenth, "87.5%", or "more than 99.9%".
pub fn share_of(boards: u128, own: OwnSquare) -> Option<String> {
    let all = all_boards(own);
    let boards = Some(boards).filter(|&n| n > 0)?;
    if boards * 100 >= all {
        // Tenths of a percent, to the nearest; both 2^69 and 2^70 are multiples of 1000's factor of 8, so
        // thousandths that divide evenly are exact. A share that rounds to 100% without
        // being all of them is said as more than 99.9%.
        let exact = boards * 1000 % all == 0;
        let tenths = (boards * 1000 + all / 2) / all;
        if tenths == 1000 && boards < all {
            return Some(String::from("more than 99.9% of them"));
        }
        let about = if exact { "" } else { "about " };
        return Some(format!("{about}{}.{}% of them", tenths / 10, tenths % 10));
    }
    let (one_in, exact) = (all / boards, all.is_multiple_of(boards));
    if exact && one_in.is_power_of_two() {
        return Some(format!("one in 2^{}", one_in.trailing_zeros()));
    }
    let rounded = if exact { one_in } else { (all + boards / 2) / boards };
    Some(format!("{}one in {}", if exact { "" } else { "about " }, thousands(rounded)))
}

/// What a verdict adds of the boards it counts: nothing for the lab's boards, or that the
/// slider's square was also empty.
pub(super) fn empty_too(own: OwnSquare) -> &'static str {
    match own {
        OwnSquare::Occupied => "",
        OwnSquare::Either => ", counting boards with the slider's square empty as well as occupied",
    }
}

/// Where the diagrams grew too large: ", in line 3's o * o".
pub(super) fn at(blew_up: Option<&BlowUp>) -> String {
    blew_up.map_or_else(String::new, |b| format!(", in line {}'s {}", b.line, b.operation))
}

impl Proof {
    /// The verdict as one sentence.
    /// The verdict as one sentence; `own` says which boards were proved.
    pub fn summary(&self, target: Target, own: OwnSquare) -> String {
        let (each, all) = (power(own.boards_a_square()), all_boards(own));
        let empty_too = empty_too(own);
        match self {
            Proof::Proved { .. } => format!(
                "Proved: equal to {} on all {each} boards of each of the 64 squares{empty_too}.",
                target.describe()
            ),
            Proof::Fails(failure) => match (failure.boards, failure.undecided) {
                (Some(boards), _) if boards == all => {
                    format!("Fails on all {} boards: every board of every square{empty_too}.", power(all))
                }
                (Some(boards), _) => format!(
                    "Fails on {} of the {} boards ({}), on {} of the 64 squares{empty_too}.",
                    thousands(boards),
                    power(all),
                    failure.share(own).unwrap_or_default(),
                    failure.squares.len()
                ),
                (None, Some(square)) => format!(
                    "Fails: the board below is one it fails on. The prover's budget ran out on {square}{}, so how many boards fail, and the fewest pieces one needs, are unknown.",
                    at(failure.blew_up.as_ref())
                ),
                (None, None) => "Fails on the board below.".to_string(),
            },
            Proof::Undecided { square, decided, blew_up, .. } => format!(
                "Undecided: the prover's budget ran out on {square}{}; {}.",
                at(blew_up.as_ref()),
                match decided.0.count_ones() {
                    0 => "no square was decided before it".to_string(),
                    1 => "it is equal on all boards of a1, the one square before it".to_string(),
                    n => format!("it is equal on all boards of the {n} squares before it"),
                }
            ),
            Proof::Mistake(c) => format!(
                "The prover is wrong here: the board it found ({} on {}) agrees with {} when run. This is a bug in Slider Lab; the sampled check's verdict stands.",
                c.occupied, c.square, target.describe()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::BOARDS;
    use super::*;
    use crate::CounterExample;
    use sliders::{Bitboard, Square};

    fn share_of(boards: u128) -> Option<String> {
        share_of_boards(boards, OwnSquare::Occupied)
    }

    fn share_of_boards(boards: u128, own: OwnSquare) -> Option<String> {
        let counter_example = CounterExample {
            square: Square::A1,
            occupied: Bitboard::EMPTY,
            expected: Bitboard::EMPTY,
            got: Ok(Bitboard(1)),
        };
        let failure = Failure {
            boards: Some(boards),
            squares: alloc::vec::Vec::new(),
            counter_example,
            fewest_known: true,
            undecided: None,
            blew_up: None,
            nodes: 0,
        };
        failure.share(own)
    }

    #[test]
    fn a_share_is_rounded_to_the_nearest_tenth_and_never_to_all_when_it_is_not() {
        assert_eq!(share_of(BOARDS / 8 * 7).as_deref(), Some("87.5% of them"));
        // The review's case: a rook's o ^ (o - 2r), 99.994% of the boards.
        assert_eq!(share_of(590_259_781_561_686_687_744).as_deref(), Some("more than 99.9% of them"));
        assert_eq!(share_of(BOARDS).as_deref(), Some("100.0% of them"));
        // 12.36% is about 12.4%, not 12.3%.
        assert_eq!(share_of(BOARDS / 10_000 * 1236).as_deref(), Some("about 12.4% of them"));
        assert_eq!(share_of(BOARDS / 2048).as_deref(), Some("one in 2^11"));
        // From an empty square too, there are twice as many boards: the same count is half the share.
        assert_eq!(share_of_boards(BOARDS / 2048, OwnSquare::Either).as_deref(), Some("one in 2^12"));
        assert_eq!(share_of_boards(BOARDS, OwnSquare::Either).as_deref(), Some("50.0% of them"));
        assert_eq!(square_count(1 << 63, OwnSquare::Occupied), "all");
        assert_eq!(square_count(1 << 63, OwnSquare::Either), "2^63");
        assert_eq!(square_count(1 << 64, OwnSquare::Either), "all");
    }
}
