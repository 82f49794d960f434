//! Words broken into lines: the narration under a picture and under an ASCII diagram.

use alloc::string::String;
use alloc::vec::Vec;

/// `text` broken between words into lines of at most `columns` characters (a longer word has a
/// line of its own).
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > columns {
            lines.push(core::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole() {
        assert_eq!(wrap("aa bb cc dd", 5), ["aa bb", "cc dd"]);
        assert_eq!(wrap("averyveryverylongword x", 5), ["averyveryverylongword", "x"]);
        assert!(wrap("", 5).is_empty());
    }
}
