//! PEXT bitboards: pext packs each set of relevant pieces into an index of its own, the
//! 841 KiB table is filled on first use, and the gather is shown and said bit by bit.

use sliders::techniques::magic::relevant_mask;
use sliders::techniques::pext;
use sliders::workload::Xorshift96;
use sliders::{Bitboard, Op, PextMask, Slider, Square, Technique};
use sliders_explain::animation::{frame, frame_count, gathers, Moment};
use sliders_explain::narration::{on_screen, Board};

#[test]
fn the_attack_table_is_filled_on_first_use() {
    // Nothing else in this test binary looks anything up, so the table starts unbuilt.
    assert!(!pext::table_built(), "the table must not exist before PEXT is used");
    let occupied = Square::D6.bit() | Square::B4.bit();
    let attacks = Technique::Pext.attacks(Slider::Queen, Square::D4, occupied);
    assert!(pext::table_built());
    assert_eq!(attacks, Technique::Reference.attacks(Slider::Queen, Square::D4, occupied));
    assert_eq!(pext::attack_table().len(), pext::TABLE_ENTRIES);
    assert_eq!(pext::TABLE_ENTRIES, 102_400 + 5_248);
}

#[test]
fn pext_packs_the_bits_under_the_mask_lowest_first() {
    // The loop agrees with a bit-by-bit definition, and with the instruction where the build has it.
    let mut random = Xorshift96::default();
    for _ in 0..100_000 {
        let (x, mask) = (random.next_u64(), random.next_u64() & random.next_u64());
        assert_eq!(Bitboard(x).pext(Bitboard(mask)).0, bit_by_bit(x, mask), "pext({x:#x}, {mask:#x})");
    }
    // So do the six rounds of a prepared mask, on the masks at the ends too: empty, full,
    // one bit, the top bit alone, and bits spread as far as they go.
    let edges = [0, !0, 1, 1 << 63, 0x8000_0000_0000_0001, 0xAAAA_AAAA_AAAA_AAAA, 0x5555_5555_5555_5555];
    let masks: Vec<u64> =
        edges.into_iter().chain((0..100_000).map(|_| random.next_u64() & random.next_u64())).collect();
    for mask in masks {
        let prepared = PextMask::new(Bitboard(mask));
        assert_eq!(prepared.bits(), Bitboard(mask));
        for x in [0, !0, random.next_u64()] {
            assert_eq!(prepared.extract(Bitboard(x)), Bitboard(bit_by_bit(x, mask)), "pext({x:#x}, {mask:#x})");
        }
    }
    // Every entry's mask is magic's relevant mask, and the slices follow one another.
    let mut offset = 0;
    for (slider, entries) in [(Slider::Rook, &pext::ROOK), (Slider::Bishop, &pext::BISHOP)] {
        for square in Square::ALL {
            let entry = entries[square as usize];
            assert_eq!(entry.mask.bits(), relevant_mask(slider, square));
            assert_eq!(entry.offset, offset);
            offset += 1 << entry.mask.bits().count();
        }
    }
}

#[test]
fn the_gather_is_shown_and_said_bit_by_bit() {
    // Rook on d4, pieces on d2, g3 and d6: d2 is the mask's bit 0 and d6 its bit 8.
    let occupied = Bitboard(0x0000_0800_0040_0800);
    let trace = Technique::Pext.trace(Slider::Rook, Square::D4, occupied);
    let step = trace.steps.iter().find(|s| s.op == Op::Pext).unwrap();
    assert_eq!(step.result.board(), Some(Bitboard(0x101)));
    let board = Board::of(&trace);
    let gathered = gathers(step).unwrap();
    assert_eq!(gathered.len(), 10, "one frame per relevant square");
    assert_eq!(frame_count(step), 11);
    let said: Vec<String> = (0..10).map(|k| on_screen(step, &frame(step, Moment::At(k)), &board)).collect();
    assert_eq!(
        said[0],
        "Bit 11 (d2) is one bit number 0 of entry.mask, counting up from a1, and a one bit of occupied: bit 0 of the result is 1."
    );
    assert!(
        said[1].starts_with("Bit 19 (d3) is one bit number 1 of entry.mask")
            && said[1].ends_with("a zero bit of occupied: bit 1 of the result is 0."),
        "{}",
        said[1]
    );
    assert!(said[8].contains("Bit 43 (d6)") && said[8].ends_with("bit 8 of the result is 1."), "{}", said[8]);
    // Each frame shows the result's bits up to the one being filled, and marks where it comes from.
    for (k, (source, landing)) in gathered.iter().enumerate() {
        let shown = frame(step, Moment::At(k));
        assert_eq!(shown.picked, source.bit());
        assert_eq!(shown.active, *landing);
        assert_eq!(shown.shown, Bitboard(0x101 & ((2u64 << k) - 1)));
    }
    let whole = on_screen(step, &frame(step, Moment::Finished), &board);
    assert!(whole.starts_with("pext gathers the bits of occupied under the 10 one bits of entry.mask, lowest first, into bits 0 to 9: 2 of them are set in occupied: d2 → bit 0, d6 → bit 8. WebAssembly has no pext instruction: here it is six rounds of shifts, with the bits that move in each round worked out once for this mask. One bit per relevant square"), "{whole}");
}

/// pext by its definition: bit k of the result is x's bit under the mask's k-th one bit.
fn bit_by_bit(x: u64, mask: u64) -> u64 {
    let mut packed = 0;
    for (k, square) in Bitboard(mask).squares().enumerate() {
        packed |= ((x >> square.index()) & 1) << k;
    }
    packed
}
