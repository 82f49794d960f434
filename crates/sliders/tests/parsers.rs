//! Property tests of every parser of the core: whatever text comes in, a parser answers with a
//! value or a reason and never panics, and printing a value then parsing it gives it back.

use proptest::prelude::*;
use sliders::{Bitboard, Slider, Square, Technique};

/// Cases per property (proptest's default is 256).
const CASES: u32 = 4096;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_text_is_a_bitboard_or_a_reason(text in "\\PC{0,40}|(0x|0b)?[0-9a-fA-F_]{0,70}") {
        if let Err(reason) = text.parse::<Bitboard>() {
            prop_assert!(!reason.to_string().is_empty());
        }
    }

    #[test]
    fn a_bitboard_printed_in_hex_binary_or_decimal_parses_back(value: u64) {
        let board = Bitboard(value);
        prop_assert_eq!(board.to_string().parse::<Bitboard>(), Ok(board));
        prop_assert_eq!(format!("0b{value:b}").parse::<Bitboard>(), Ok(board));
        prop_assert_eq!(value.to_string().parse::<Bitboard>(), Ok(board));
        prop_assert_eq!(Bitboard::from_diagram(&format!("{board:?}")), board, "the 8x8 drawing reads back");
    }

    #[test]
    fn any_text_is_a_square_or_a_reason(text in "\\PC{0,6}") {
        let _ = text.parse::<Square>();
    }

    #[test]
    fn a_square_name_parses_back(index in 0u32..64) {
        let square = Square::from_index(index);
        prop_assert_eq!(square.name().parse::<Square>(), Ok(square));
    }

    #[test]
    fn any_text_is_a_slider_or_technique_or_a_reason(text in "\\PC{0,40}") {
        let _ = text.parse::<Slider>();
        let _ = text.parse::<Technique>();
    }

    #[test]
    fn slider_and_technique_names_parse_back(slider in 0usize..3, technique in 0usize..Technique::ALL.len()) {
        let (slider, technique) = (Slider::ALL[slider], Technique::ALL[technique]);
        prop_assert_eq!(slider.name().parse::<Slider>(), Ok(slider));
        prop_assert_eq!(technique.name().parse::<Technique>(), Ok(technique));
    }
}
