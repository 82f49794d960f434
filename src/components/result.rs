//! The final attack set, as hex and as the hook `data-result` / `data-value` tests read.

use sliders::{Bitboard, Reach};
use yew::prelude::*;

pub struct ResultProps {
    /// Which rays the technique computes: the result says which it leaves out.
    pub reach: Reach,
    pub attacks: Bitboard,
    /// The reader's formula gave a number (a count, a square), not a set of squares.
    pub number: Option<u64>,
}

/// A plain view function, not a component: its few nodes cost less to rebuild with the app
/// than a component's machinery costs in the download.
pub fn attack_result(props: &ResultProps) -> Html {
    let value = props.attacks.to_string();
    html! {
        <section class="result" aria-live="polite">
            <h2>{ "Attacks" }</h2>
            <output data-result="" data-value={value.clone()}>
                <code>{ value }</code>
                <span class="count">{ match props.attacks.count() {
                    1 => "1 square".to_string(),
                    n => format!("{n} squares"),
                } }</span>
            </output>
            if let Some(n) = props.number {
                <p class="note" data-number-result="">
                    { format!("Your formula's result is the number {n}, not a set of squares: the board shows its bits.") }
                </p>
            }
            if props.reach == Reach::PositiveRays {
                <p class="note" data-positive-only="">
                    { "This technique sees positive rays only (towards higher bit indices): \
                       north and east for a rook, north-east and north-west for a bishop, all \
                       four for a queen. The rays it cannot see are hatched on the board." }
                </p>
            }
            if props.reach == Reach::East {
                <p class="note" data-east-only="">
                    { "With several rooks, o^(o-2r) takes the article's set-wise form: one \
                       subtraction finds every rook's east attacks on all eight ranks. Their \
                       other rays are hatched on the board." }
                </p>
            }
        </section>
    }
}
