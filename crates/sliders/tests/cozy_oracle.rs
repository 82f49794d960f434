//! An oracle nobody here wrote: cozy-chess's rook and bishop attacks, on random boards.

use sliders::{Bitboard, Slider, Square, Technique};

fn cozy(slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    let square = cozy_chess::Square::index(square.index() as usize);
    let blockers = cozy_chess::BitBoard(occupied.0);
    let rook = || cozy_chess::get_rook_moves(square, blockers).0;
    let bishop = || cozy_chess::get_bishop_moves(square, blockers).0;
    Bitboard(match slider {
        Slider::Rook => rook(),
        Slider::Bishop => bishop(),
        Slider::Queen => rook() | bishop(),
    })
}

#[test]
fn every_technique_agrees_with_cozy_chess() {
    let mut compared = 0;
    sliders::workload::for_each_position(5_000, |occupancy, squares| {
        for &index in &squares {
            let square = Square::from_index(index as u32);
            for occupied in [Bitboard(occupancy), Bitboard(!occupancy), Bitboard(occupancy).with(square)] {
                for slider in Slider::ALL {
                    let oracle = cozy(slider, square, occupied);
                    for &technique in Technique::ALL {
                        let got = technique.attacks(slider, square, occupied);
                        if technique.positive_rays_only() {
                            // Only the rays towards higher bits: the oracle's squares above the slider's rank,
                            // and on its rank those to the east.
                            let above = Bitboard(!0u64 << square.index() << 1);
                            assert_eq!(got, oracle & above, "{technique} {slider} {square} {occupied}");
                        } else {
                            assert_eq!(got, oracle, "{technique} {slider} {square} {occupied}");
                        }
                        compared += 1;
                    }
                }
            }
        }
    });
    assert_eq!(compared, 5_000 * 12 * 3 * 3 * Technique::ALL.len());
}
