//! The final attack set, as hex and as the hook `data-result` / `data-value` tests read.

use sliders::Bitboard;
use yew::prelude::*;

pub struct ResultProps {
    /// The technique sees positive rays only: the result says which rays it leaves out.
    pub positive_rays_only: bool,
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
            if props.positive_rays_only {
                <p class="note" data-positive-only="">
                    { "This technique sees positive rays only (towards higher bit indices): \
                       north and east for a rook, north-east and north-west for a bishop, all \
                       four for a queen. The rays it cannot see are hatched on the board." }
                </p>
            }
        </section>
    }
}
