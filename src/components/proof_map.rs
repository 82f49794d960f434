//! Where a proof's failing boards (or a comparison's differing ones) are: the 64 squares as a
//! small board, each darker the larger its share of its boards, with the counts beneath.

use sliders::Square;
use sliders_formula::prove::square_count;
use sliders_formula::OwnSquare;
use yew::prelude::*;

/// Where the failing boards are: a square darker the larger its share of its boards (2^63, or
/// 2^64 from an empty square too);
/// the squares the proof did not reach, hatched.
/// `boards` names them: "Failing" against the target, "Differing" against another text.
pub fn square_map((squares, undecided): (&[(Square, u128)], Option<Square>), own: OwnSquare, boards: &str) -> Html {
    let count = |square: Square| squares.iter().find(|(s, _)| *s == square).map_or(0, |&(_, n)| n);
    let reached = |square: Square| undecided.is_none_or(|undecided| square.index() < undecided.index());
    let cells =
        (0..8).rev().flat_map(|rank| (0..8).map(move |file| Square::from_index(rank * 8 + file))).map(|square| {
            let n = count(square);
            // Shares of a square's boards (2^63, or 2^64 from an empty square too): all, at
            // least half, at least 1 in 2^10, at least 1 in 2^30, fewer.
            let total = own.boards_a_square();
            let halvings = total.trailing_zeros().saturating_sub(n.checked_ilog2().unwrap_or(0));
            let level = match halvings {
                _ if !reached(square) => "undecided",
                _ if n == 0 => "none",
                _ if n == total => "all",
                _ if 2 * n >= total => "most",
                z if z <= 10 => "many",
                z if z <= 30 => "some",
                _ => "few",
            };
            let title = match (reached(square), n) {
                (false, _) => format!("{square}: not decided"),
                (true, 0) => format!("{square}: none fail"),
                (true, n) => format!("{square}: {} fail", square_count(n, own)),
            };
            html! {
                <span class="proof-square" role="img" aria-label={title.clone()} data-share={level}
                    data-failing-here={n.to_string()} {title}></span>
            }
        });
    let counts: Vec<String> = squares.iter().map(|&(square, n)| format!("{square} {}", square_count(n, own))).collect();
    let each = format!("2^{}", own.boards_a_square().trailing_zeros());
    let caption = match undecided {
        Some(square) => format!(
            "{boards} boards on each square, of its {each} (a1 bottom left; darker, more). From {square} on, hatched, nothing was decided."
        ),
        None => format!("{boards} boards on each square, of its {each} (a1 bottom left; darker, more)."),
    };
    html! {
        <figure class="proof-map" data-proof-map="">
            <div class="proof-squares">{ for cells }</div>
            <figcaption>
                { caption }
                <details><summary>{ "The counts" }</summary><p>{ counts.join(", ") }</p></details>
            </figcaption>
        </figure>
    }
}
