//! A proof's verdict in words, the same for the page and the command line.

use alloc::format;
use alloc::string::{String, ToString};

use super::{BlowUp, Failure, Proof, BOARDS};
use crate::check::Target;

/// A square's failing boards: "all" of its 2^63, a power of two as 2^k, else the count.
pub fn square_count(n: u64) -> String {
    match n {
        0x8000_0000_0000_0000 => "all".to_string(),
        n if n.is_power_of_two() && n >= 1 << 20 => format!("2^{}", n.trailing_zeros()),
        n => thousands(n as u128),
    }
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
    /// How rare the failing boards are: "one in 2,048" when it divides the 2^69 boards evenly,
    /// "about one in 2,049" when not; a share of a hundredth or more as a percentage to the
    /// nearest tenth, "87.5%", or "more than 99.9%".
    pub fn share(&self) -> Option<String> {
        let boards = self.boards.filter(|&n| n > 0)?;
        if boards * 100 >= BOARDS {
            // Tenths of a percent, to the nearest; 2^69 is a multiple of 1000's factor of 8, so
            // thousandths that divide evenly are exact. A share that rounds to 100% without
            // being all of them is said as more than 99.9%.
            let exact = boards * 1000 % BOARDS == 0;
            let tenths = (boards * 1000 + BOARDS / 2) / BOARDS;
            if tenths == 1000 && boards < BOARDS {
                return Some(String::from("more than 99.9% of them"));
            }
            let about = if exact { "" } else { "about " };
            return Some(format!("{about}{}.{}% of them", tenths / 10, tenths % 10));
        }
        let (one_in, exact) = (BOARDS / boards, BOARDS.is_multiple_of(boards));
        if exact && one_in.is_power_of_two() {
            return Some(format!("one in 2^{}", one_in.trailing_zeros()));
        }
        let rounded = if exact { one_in } else { (BOARDS + boards / 2) / boards };
        Some(format!("{}one in {}", if exact { "" } else { "about " }, thousands(rounded)))
    }
}

/// Where the diagrams grew too large: ", in line 3's o * o".
fn at(blew_up: Option<&BlowUp>) -> String {
    blew_up.map_or_else(String::new, |b| format!(", in line {}'s {}", b.line, b.operation))
}

impl Proof {
    /// The verdict as one sentence.
    pub fn summary(&self, target: Target) -> String {
        match self {
            Proof::Proved { .. } => format!(
                "Proved: equal to {} on all 2^63 boards of each of the 64 squares.",
                target.describe()
            ),
            Proof::Fails(failure) => match (failure.boards, failure.undecided) {
                (Some(BOARDS), _) => "Fails on all 2^69 boards: every board of every square.".to_string(),
                (Some(boards), _) => format!(
                    "Fails on {} of the 2^69 boards ({}), on {} of the 64 squares.",
                    thousands(boards),
                    failure.share().unwrap_or_default(),
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
    use super::*;
    use crate::CounterExample;
    use sliders::{Bitboard, Square};

    fn share_of(boards: u128) -> Option<String> {
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
        failure.share()
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
    }
}
