//! A teacher's exercise (`exercise=` in the address): lessons dealt one after the other in
//! predict mode, each a technique on a board, scored at the end, with no server. A lesson is
//! written `technique:slider:squares:occupied` (`sbamg:rook:d1:0x0000000000000043`), or
//! `technique:slider:seed=N:count=K` for K boards dealt from the seeds N, N+1, … ([`deal`]).
//! Lessons are separated by `;`.
//!
//! New board (`seed=` in the address) deals from the same seeds: a seed always gives the same
//! board, so a link with a seed shows every reader the same one.

use std::rc::Rc;

use sliders::{Bitboard, Slider, Square, Technique};

/// The most lessons an exercise deals: a link is text from a stranger, and each lesson is a
/// trace the page computes.
pub const MAX_LESSONS: usize = 20;

/// One board of an exercise, and what runs on it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Lesson {
    pub technique: Technique,
    pub slider: Slider,
    /// The sliders' squares: one, or several for a technique that takes several.
    pub sliders: Bitboard,
    pub occupied: Bitboard,
}

/// The exercise being done: its lessons, the one on screen, and the score of each done.
#[derive(Clone, PartialEq, Debug)]
pub struct Exercise {
    /// The lessons as the link wrote them, to write them back.
    pub text: Rc<str>,
    pub lessons: Rc<[Lesson]>,
    /// The lesson on screen, from 0.
    pub index: usize,
    /// Each lesson's steps right at the first try and steps asked, once every step is answered.
    pub scores: Vec<Option<(usize, usize)>>,
}

/// Exercise's actions ([`Exercise`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExerciseAction {
    /// On to the next lesson.
    Next,
    /// Leave the exercise: the board can be edited again.
    Leave,
}

impl Exercise {
    /// Reads `exercise=`'s text; `Err` says which lesson could not be read, and why.
    pub fn read(text: &str) -> Result<Exercise, String> {
        let mut lessons = Vec::new();
        for (number, written) in text.split(';').map(str::trim).filter(|l| !l.is_empty()).enumerate() {
            let read = read_lesson(written, MAX_LESSONS - lessons.len().min(MAX_LESSONS))
                .map_err(|why| format!("lesson {} (\"{}\"): {why}", number + 1, crate::input::clip(written)))?;
            lessons.extend(read);
            if lessons.len() > MAX_LESSONS {
                return Err(format!("an exercise deals {MAX_LESSONS} lessons at most"));
            }
        }
        if lessons.is_empty() {
            return Err("it has no lessons: write technique:slider:squares:occupied, separated by ;".into());
        }
        let scores = vec![None; lessons.len()];
        Ok(Exercise { text: text.into(), lessons: lessons.into(), index: 0, scores })
    }

    pub fn lesson(&self) -> Lesson {
        self.lessons[self.index.min(self.lessons.len() - 1)]
    }

    /// Whether every lesson has been scored.
    pub fn done(&self) -> bool {
        self.scores.iter().all(Option::is_some)
    }

    /// The steps right at the first try and the steps asked, over the lessons scored.
    pub fn total(&self) -> (usize, usize) {
        self.scores.iter().flatten().fold((0, 0), |(right, asked), (r, a)| (right + r, asked + a))
    }

    /// The link's text of one lesson: `lesson` as written in an exercise.
    pub fn write_lesson(lesson: &Lesson) -> String {
        let squares = lesson.sliders.squares().map(Square::name).collect::<Vec<_>>().join(",");
        format!("{}:{}:{squares}:{}", lesson.technique.name(), lesson.slider.name(), lesson.occupied)
    }
}

/// One lesson's text, or a seeded run of at most `room` lessons.
fn read_lesson(text: &str, room: usize) -> Result<Vec<Lesson>, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [technique, slider, board @ ..] = parts.as_slice() else {
        return Err("write technique:slider:squares:occupied".into());
    };
    let technique = technique.parse::<Technique>().map_err(|_| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("no technique is called \"{}\": the names are {}", crate::input::clip(technique), names.join(", "))
    })?;
    let slider = slider.parse::<Slider>().map_err(|e| e.to_string())?;
    match board {
        [seed, count] if seed.starts_with("seed=") => {
            let seed = seed["seed=".len()..].parse::<u32>().map_err(|_| "seed= is a whole number below 2^32")?;
            let count = count.strip_prefix("count=").unwrap_or(count);
            let count = count.parse::<usize>().ok().filter(|&n| (1..=room).contains(&n));
            let count = count.ok_or_else(|| format!("count= is 1 to {room}"))?;
            Ok((0..count as u32).map(|n| dealt_lesson(technique, slider, seed.wrapping_add(n))).collect())
        }
        [square, occupied] => {
            let sliders = sliders::parse_squares(square).map_err(|e| e.to_string())?;
            if sliders.is_empty() {
                return Err("it names no square for the slider".into());
            }
            if sliders.count() > 1 && !technique.takes_many_sliders(slider) {
                return Err(format!("{} takes one {slider}, not several", technique.title()));
            }
            if !occupied.starts_with("0x") {
                return Err("occupied is 0x and up to 16 hex digits".into());
            }
            let occupied = occupied.parse::<Bitboard>().map_err(|e| e.to_string())?;
            Ok(vec![Lesson { technique, slider, sliders, occupied }])
        }
        _ => Err("write technique:slider:squares:occupied, or technique:slider:seed=N:count=K".into()),
    }
}

fn dealt_lesson(technique: Technique, slider: Slider, seed: u32) -> Lesson {
    let (square, occupied) = deal(seed);
    Lesson { technique, slider, sliders: square.bit(), occupied }
}

/// The board a seed deals: the slider on one of the 64 squares, and each other square occupied
/// with a chance of one in four (the AND of two random words), as in the middle of a game. The
/// slider's own square is occupied, as the board's always is.
pub fn deal(seed: u32) -> (Square, Bitboard) {
    let mut state = u64::from(seed);
    let mut next = move || {
        // SplitMix64: each seed's words are independent of its neighbours'.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let square = Square::from_index((next() % 64) as u32);
    let occupied = Bitboard(next() & next()).with(square);
    (square, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_deals_the_same_board_and_neighbouring_seeds_others() {
        assert_eq!(deal(7), deal(7));
        let boards: std::collections::HashSet<_> = (0..1000).map(deal).collect();
        assert!(boards.len() > 990, "{}", boards.len());
        let (square, occupied) = deal(7);
        assert!(occupied.contains(square));
        // About one square in four is occupied, over many boards.
        let pieces: u32 = (0..1000).map(|seed| deal(seed).1.count()).sum();
        assert!((14_000..18_000).contains(&pieces), "{pieces}");
    }

    #[test]
    fn an_exercise_reads_boards_and_seeded_runs_and_refuses_with_the_lesson_named() {
        let exercise = Exercise::read("sbamg:rook:d1:0x0000000000000043;subtraction:rook:seed=5:count=3").unwrap();
        assert_eq!(exercise.lessons.len(), 4);
        assert_eq!(
            exercise.lessons[0],
            Lesson {
                technique: Technique::Sbamg,
                slider: Slider::Rook,
                sliders: Square::D1.bit(),
                occupied: Bitboard(0x43)
            }
        );
        assert_eq!((exercise.lessons[2].sliders, exercise.lessons[2].occupied), (deal(6).0.bit(), deal(6).1));
        let setwise = Exercise::read("kogge-stone:rook:b1,e4:0x0000000010000002").unwrap();
        assert_eq!(setwise.lessons[0].sliders, Square::B1.bit() | Square::E4.bit());
        assert_eq!(Exercise::write_lesson(&setwise.lessons[0]), "kogge-stone:rook:b1,e4:0x0000000010000002");
        assert_eq!(Exercise::write_lesson(&exercise.lessons[0]), "sbamg:rook:d1:0x0000000000000043");
        let refused = |text: &str| Exercise::read(text).unwrap_err();
        assert!(refused("sbamg:rook:d1:0x43;magic:rook:z9:0x0").starts_with("lesson 2 (\"magic:rook:z9:0x0\")"));
        let unknown = refused("nope:rook:d1:0x0");
        assert!(unknown.contains("no technique is called \"nope\": the names are reference, "), "{unknown}");
        assert!(unknown.contains("sbamg") && unknown.contains("subtraction"), "{unknown}");
        assert!(refused("sbamg:rook:d1").contains("write technique:slider"));
        assert!(refused("sbamg:rook:seed=1:count=99").contains("count= is 1 to 20"));
        assert!(refused(";;").contains("no lessons"));
        assert!(refused("sbamg:rook:b1,e4:0x0").contains("takes one rook, not several"));
        let many = vec!["sbamg:rook:d1:0x0"; 21].join(";");
        assert!(refused(&many).contains("20 lessons at most"));
        assert!(refused("sbamg:rook:seed=1:count=15;sbamg:rook:seed=1:count=6").contains("count= is 1 to 5"));
    }
}
