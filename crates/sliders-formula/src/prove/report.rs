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
    /// "about one in 2,049" when not; a share of a hundredth or more as a percentage, "87.5%".
    pub fn share(&self) -> Option<String> {
        let boards = self.boards.filter(|&n| n > 0)?;
        if boards * 100 >= BOARDS {
            // Tenths of a percent; 2^69 is a multiple of 1000's factor of 8, so thousandths
            // that divide evenly are exact.
            let tenths = boards * 1000 / BOARDS;
            let about = if boards * 1000 % BOARDS == 0 { "" } else { "about " };
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
