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
    text.parse::<Bitboard>().map_err(|why| {
        let mut message = format!("Bitboard \"{}\" not used: {why}.", clip(text));
        // Hex digits without their 0x, like ff00: say how to write them.
        let hex_without_prefix = !text.is_empty()
            && text.chars().all(|c| c.is_ascii_hexdigit() || c == '_')
            && text.chars().any(|c| c.is_ascii_alphabetic());
        if hex_without_prefix {
            message.push_str(&format!(" For hex, write 0x{}.", clip(text)));
        }
        message
    })
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
    fn hex_without_its_prefix_gets_a_suggestion() {
        let message = parse_position("ff00").unwrap_err();
        assert!(message.contains("For hex, write 0xff00."), "{message}");
        assert!(!parse_position("12z").unwrap_err().contains("For hex"));
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
