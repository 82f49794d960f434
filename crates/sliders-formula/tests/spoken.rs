//! Every operator the formula language reads is spoken as words when a step's label is read
//! aloud, and two operators are never spoken alike.

use sliders_explain::words::spoken_label;
use sliders_formula::PUNCTUATION;

/// Marks a screen reader pauses at rather than skips: they stay as written.
const KEPT: [&str; 3] = ["(", ")", ","];

/// A spoken label holds letters, digits, spaces, the kept marks, hyphens inside a word
/// ("and-equals") and a possessive "'s".
fn unspoken_mark(spoken: &str) -> Option<char> {
    let chars: Vec<char> = spoken.chars().collect();
    chars.iter().enumerate().find_map(|(at, &c)| {
        let between_letters =
            |at: usize| at > 0 && chars[at - 1].is_alphabetic() && chars.get(at + 1).is_some_and(|c| c.is_alphabetic());
        let fine = c.is_alphanumeric()
            || c == ' '
            || KEPT.iter().any(|k| k.starts_with(c))
            || (c == '-' && between_letters(at))
            || (c == '\'' && chars.get(at + 1) == Some(&'s'));
        (!fine).then_some(c)
    })
}

#[test]
fn every_operator_is_spoken_as_words() {
    let mut heard: Vec<(&str, String)> = Vec::new();
    for symbol in PUNCTUATION.iter().filter(|s| !KEPT.contains(s)) {
        let spoken = spoken_label(&format!("a {symbol} b"));
        assert_eq!(unspoken_mark(&spoken), None, "{symbol:?} is said {spoken:?}");
        assert!(spoken.starts_with("a ") && spoken.ends_with(" b") && spoken.len() > 4, "{symbol:?}: {spoken:?}");
        if let Some((other, _)) = heard.iter().find(|(_, said)| *said == spoken) {
            panic!("{symbol:?} and {other:?} are both said {spoken:?}");
        }
        heard.push((symbol, spoken));
    }
}

#[test]
fn compound_operators_are_read_whole() {
    assert_eq!(spoken_label("a &= b"), "a and-equals b");
    assert_eq!(spoken_label("a|=b"), "a or-equals b");
    assert_eq!(spoken_label("x && y || !z"), "x logical-and y logical-or logical-not z");
    assert_eq!(spoken_label("o ^ (o - 2r)"), "o xor (o minus 2r)");
    assert_eq!(spoken_label("r' = o << 1"), "r prime equals o shifted left by 1");
    assert_eq!(spoken_label("d >= 4 ? a : b"), "d is at least 4 then a else b");
    assert_eq!(spoken_label("p->lower"), "p's lower");
    assert_eq!(spoken_label("i < 8 → 2·r"), "i is less than 8 to 2 times r");
}
