//! Property tests of the page's parsers, run natively: the URL query, FEN, and typed positions.
//! Whatever text comes in, each answers with a value or a reason and never panics; printing a
//! state and reading it back gives the same state.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use slider_lab::effects::{open, trace};
use slider_lab::input::{clip, occupancy_from_fen, parse_position, QUOTE_LIMIT};
use slider_lab::model::{Lab, Setup, Theme, SPEEDS_MS};
use slider_lab::url::{from_query, query_of};
use sliders::{Bitboard, Slider, Square, Technique};

const CASES: u32 = 4096;

/// The FEN piece placement of a set of occupied squares (every piece a pawn).
fn fen_of(board: Bitboard) -> String {
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..8 {
                if board.contains(Square::from_index(rank * 8 + file)) {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push('p');
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

fn lab_strategy() -> impl Strategy<Value = Lab> {
    (
        0..Technique::ALL.len(),
        0usize..3,
        0u32..64,
        any::<u64>(),
        any::<prop::sample::Index>(),
        0..SPEEDS_MS.len(),
        0usize..3,
    )
        .prop_map(|(technique, slider, square, occupied, step, speed, theme)| {
            let mut lab = Lab::default();
            lab.setup = Setup {
                technique: Technique::ALL[technique],
                slider: Slider::ALL[slider],
                square: Square::from_index(square),
                occupied: Bitboard(occupied),
                ..Setup::default()
            };
            lab.player.speed = speed;
            lab.preferences.theme = Theme::ALL[theme];
            let steps = trace(&lab).steps.len();
            lab.player.step = step.index(steps);
            lab
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_query_gives_a_state_and_notices(query in "\\PC{0,120}|\\??([a-z]{1,9}=[%0-9a-zA-Z_.,-]{0,20}&?){0,8}") {
        // Opened as the page opens a link: its step checked against its trace.
        let loaded = open(&query);
        for notice in &loaded.notices {
            prop_assert!(notice.message.chars().count() < 200, "{}", notice.message);
        }
        prop_assert!(loaded.lab.player.step < trace(&loaded.lab).steps.len());
    }

    #[test]
    fn a_written_query_reads_back_as_the_same_state(lab in lab_strategy()) {
        let loaded = from_query(&query_of(&lab));
        prop_assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        prop_assert_eq!(loaded.lab, lab);
    }

    #[test]
    fn any_typed_position_is_read_or_refused_with_a_short_reason(text in "\\PC{0,200}|[0-9a-fx_/pPkK]{0,80}") {
        if let Err(reason) = parse_position(&text) {
            prop_assert!(reason.chars().count() < 2 * QUOTE_LIMIT + 120, "{reason}");
        }
        let _ = occupancy_from_fen(&text);
    }

    #[test]
    fn a_fen_written_from_a_board_reads_back(occupied: u64) {
        let fen = fen_of(Bitboard(occupied));
        prop_assert_eq!(occupancy_from_fen(&fen), Ok(Bitboard(occupied)));
        prop_assert_eq!(parse_position(&fen), Ok(Bitboard(occupied)));
    }

    #[test]
    fn a_position_printed_as_hex_reads_back(occupied: u64) {
        prop_assert_eq!(parse_position(&Bitboard(occupied).to_string()), Ok(Bitboard(occupied)));
    }

    #[test]
    fn a_clipped_quote_is_short_and_a_prefix(text in "\\PC{0,100}") {
        let clipped = clip(&text);
        prop_assert!(clipped.chars().count() <= QUOTE_LIMIT + 1);
        prop_assert!(text.starts_with(clipped.trim_end_matches('…')));
    }
}
