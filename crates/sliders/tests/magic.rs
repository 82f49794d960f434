//! The committed magic numbers: every one maps each set of relevant pieces to an entry that
//! attacks alike, and the 841 KiB attack table is only filled when magic is first used.

use sliders::techniques::magic::{self, collision, relevant_mask};
use sliders::{Bitboard, Slider, Square, Technique};

#[test]
fn every_magic_number_is_free_of_harmful_collisions() {
    let mut scratch = vec![(0u64, 0u64); 1 << 12];
    for (slider, magics) in [(Slider::Rook, &magic::ROOK), (Slider::Bishop, &magic::BISHOP)] {
        for square in Square::ALL {
            let entry = &magics[square as usize];
            assert_eq!(entry.mask, relevant_mask(slider, square));
            assert_eq!(entry.shift, 64 - entry.mask.count(), "one index bit per relevant square");
            let found = collision(slider, square, entry.number.0, &mut scratch);
            assert_eq!(found, None, "{slider} on {square}: pieces {found:x?} collide");
        }
    }
    // A number that is no magic is caught: the check can fail.
    assert!(collision(Slider::Rook, Square::A1, 1, &mut scratch).is_some());
}

#[test]
fn the_relevant_masks_leave_out_the_ends_of_each_ray() {
    assert_eq!(relevant_mask(Slider::Rook, Square::A1).count(), 12);
    assert_eq!(relevant_mask(Slider::Rook, Square::D4).count(), 10);
    assert_eq!(relevant_mask(Slider::Bishop, Square::D4).count(), 9);
    assert_eq!(relevant_mask(Slider::Bishop, Square::A1).count(), 6);
    assert!(!relevant_mask(Slider::Rook, Square::D4).contains(Square::D8));
    assert_eq!(magic::TABLE_ENTRIES, 102_400 + 5_248);
}

#[test]
fn the_attack_table_is_filled_on_first_use() {
    // Nothing else in this test binary looks anything up, so the table starts unbuilt.
    assert!(!magic::table_built(), "the table must not exist before magic is used");
    let occupied = Square::D6.bit() | Square::B4.bit();
    let attacks = Technique::Magic.attacks(Slider::Queen, Square::D4, occupied);
    assert!(magic::table_built());
    assert_eq!(attacks, Technique::Reference.attacks(Slider::Queen, Square::D4, occupied));
    assert_eq!(magic::attack_table().len(), magic::TABLE_ENTRIES);
    assert!(magic::attack_table().iter().all(|entry| *entry != Bitboard::FULL));
}
