//! Reading what a user pastes as a position: a FEN (its piece placement becomes the occupancy)
//! or a bitboard in hex, binary or decimal. Every rejection says what is wrong.

use sliders::Bitboard;

/// Reads a FEN's piece placement (the first field) into the set of occupied squares.
pub fn occupancy_from_fen(fen: &str) -> Result<Bitboard, String> {
    let placement = fen.split_whitespace().next().ok_or("the FEN is empty")?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("a FEN has 8 ranks separated by '/', this one has {}", ranks.len()));
    }
    let mut occupied = 0u64;
    // The FEN lists rank 8 first.
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u32;
        let mut file = 0u32;
        for symbol in rank_text.chars() {
            match symbol {
                '1'..='8' => file += symbol as u32 - '0' as u32,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    if file < 8 {
                        occupied |= 1 << (rank * 8 + file);
                    }
                    file += 1;
                }
                other => {
                    return Err(format!("'{other}' in rank {} is neither a piece letter nor a digit 1-8", rank + 1))
                }
            }
        }
        if file != 8 {
            return Err(format!("rank {} of the FEN covers {file} squares instead of 8", rank + 1));
        }
    }
    Ok(Bitboard(occupied))
}

/// How many characters of a rejected value a message quotes.
pub const QUOTE_LIMIT: usize = 40;

/// `text` as a message quotes it: at most [`QUOTE_LIMIT`] characters, then an ellipsis, so a
/// pasted novel cannot stretch the page.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A FEN if the text has a '/', otherwise a bitboard number.
pub fn parse_position(text: &str) -> Result<Bitboard, String> {
    let text = text.trim();
    if text.contains('/') {
        // The reasons quote one character at most: shown whole, never clipped mid-sentence.
        return occupancy_from_fen(text).map_err(|why| format!("FEN not used: {why}."));
    }
    // Every form "Copy for an article" and engines' sources write: 0x…ULL, C64(0x…), 0x…_u64, ff00.
    text.parse::<Bitboard>().map_err(|why| format!("Bitboard \"{}\" not used: {why}.", clip(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_position_fills_ranks_1_2_7_8() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(occupancy_from_fen(start), Ok(Bitboard(0xffff_0000_0000_ffff)));
    }

    #[test]
    fn a_fen_square_lands_on_its_lerf_bit() {
        assert_eq!(occupancy_from_fen("8/8/8/8/3Q4/8/8/8"), Ok(Bitboard(1 << 27)), "d4");
        assert_eq!(occupancy_from_fen("7k/8/8/8/8/8/8/K7"), Ok(Bitboard(1 << 63 | 1)));
    }

    #[test]
    fn bad_fens_say_what_is_wrong() {
        assert!(occupancy_from_fen("8/8/8").unwrap_err().contains("3"));
        assert!(occupancy_from_fen("9/8/8/8/8/8/8/8").unwrap_err().contains("rank 8"));
        assert!(occupancy_from_fen("8/8/8/8/8/8/8/7x").unwrap_err().contains("'x'"));
        assert!(occupancy_from_fen("pppppppp1/8/8/8/8/8/8/8").unwrap_err().contains("9 squares"));
    }

    #[test]
    fn the_forms_of_an_engines_constant_are_read() {
        for text in ["ff00", "0xff00ULL", "C64(0xff00)", "0xff00_u64", "0xFF00u64"] {
            assert_eq!(parse_position(text), Ok(Bitboard(0xff00)), "{text}");
        }
        assert!(parse_position("12z").unwrap_err().contains("\"12z\" not used"));
    }

    #[test]
    fn quoted_values_are_clipped() {
        let long = "z".repeat(10_000);
        let message = parse_position(&long).unwrap_err();
        assert!(message.len() < 120, "{message}");
        assert!(message.contains(&format!("{}…", "z".repeat(QUOTE_LIMIT))));
        let fen = format!("{}/8/8/8/8/8/8/8", "x".repeat(5_000));
        assert!(parse_position(&fen).unwrap_err().len() < 160);
        assert_eq!(clip("ab"), "ab");
    }

    #[test]
    fn a_fen_reason_is_shown_whole() {
        let message = parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1").unwrap_err();
        assert_eq!(message, "FEN not used: 'X' in rank 1 is neither a piece letter nor a digit 1-8.");
        let message = parse_position("8/8/8/8/8/8/8/7 w").unwrap_err();
        assert_eq!(message, "FEN not used: rank 1 of the FEN covers 7 squares instead of 8.");
    }

    #[test]
    fn numbers_and_fens_share_one_field() {
        assert_eq!(parse_position("0x43"), Ok(Bitboard(0x43)));
        assert_eq!(parse_position("0b11"), Ok(Bitboard(3)));
        assert_eq!(parse_position("8/8/8/8/8/8/8/R7"), Ok(Bitboard(1)));
        assert!(parse_position("0xzz").unwrap_err().starts_with("Bitboard"));
        assert!(parse_position("8/8").unwrap_err().starts_with("FEN"));
    }
}
