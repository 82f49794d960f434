//! The benchmark in the reader's own browser: the standard queen workload, smaller (500,000
//! occupancies), run technique by technique in chunks of a few milliseconds so the page never
//! freezes for more than a frame; results as an SVG bar chart of MQueens/s.

use sliders::workload::{extend, Xorshift96, SQUARES_PER_OCCUPANCY};
use sliders::{Bitboard, Slider, Square, Technique};
use yew::prelude::*;

/// Occupancies of the in-page workload (12 queen lookups each).
pub const OCCUPANCIES: usize = 500_000;
/// Occupancies per chunk: a few milliseconds of work between two frames.
const CHUNK: usize = 4_000;

#[derive(Clone, PartialEq, Default)]
struct Run {
    running: bool,
    /// Finished chunks, of `total_chunks`.
    done_chunks: usize,
    /// MQueens/s of each technique measured so far.
    results: Vec<(Technique, f64)>,
    accumulator: u64,
}

fn total_chunks() -> usize {
    // Preparing the workload, then running it once per technique.
    (1 + Technique::ALL.len()) * OCCUPANCIES.div_ceil(CHUNK)
}

/// The timed loop. It calls the same `attacks` the rest of the page uses, so the benchmark adds
/// no second copy of every technique to the page (`xor_queen_attacks`, which the speed build
/// uses, inlines each technique into its own loop); the price is one dispatch per lookup.
fn xor_queen_attacks(technique: Technique, occupancies: &[u64], squares: &[u8]) -> u64 {
    let mut accumulator = 0;
    for (&occupancy, squares) in occupancies.iter().zip(squares.chunks_exact(SQUARES_PER_OCCUPANCY)) {
        for &square in squares {
            accumulator ^= technique.attacks(Slider::Queen, Square::from_index(square as u32), Bitboard(occupancy)).0;
        }
    }
    accumulator
}

/// Lets the browser draw a frame: resolves on the next turn of the event loop.
async fn yield_to_browser() {
    let pause = js_sys::Promise::new(&mut |resolve, _| {
        let _ = gloo::utils::window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(pause).await;
}

fn now() -> f64 {
    gloo::utils::window().performance().map(|p| p.now()).unwrap_or_default()
}

async fn benchmark(state: UseStateHandle<Run>) {
    let mut run = Run { running: true, ..Run::default() };
    state.set(run.clone());
    let (mut occupancies, mut squares) =
        (Vec::with_capacity(OCCUPANCIES), Vec::with_capacity(OCCUPANCIES * SQUARES_PER_OCCUPANCY));
    let mut rng = Xorshift96::default();
    while occupancies.len() < OCCUPANCIES {
        extend(&mut rng, CHUNK.min(OCCUPANCIES - occupancies.len()), &mut occupancies, &mut squares);
        run.done_chunks += 1;
        state.set(run.clone());
        yield_to_browser().await;
    }
    for &technique in Technique::ALL {
        // Magic's table is filled once, outside the timing: the lookups are what is measured.
        crate::magic_table::ensure(technique);
        let mut elapsed_ms = 0.0;
        for (occupancy_chunk, square_chunk) in
            occupancies.chunks(CHUNK).zip(squares.chunks(CHUNK * SQUARES_PER_OCCUPANCY))
        {
            let started = now();
            run.accumulator ^= xor_queen_attacks(technique, occupancy_chunk, square_chunk);
            elapsed_ms += now() - started;
            run.done_chunks += 1;
            state.set(run.clone());
            yield_to_browser().await;
        }
        let lookups = (OCCUPANCIES * SQUARES_PER_OCCUPANCY) as f64;
        run.results.push((technique, lookups / (elapsed_ms * 1000.0)));
    }
    run.running = false;
    state.set(run);
}

/// A rate with one decimal, formatted through integers: float formatting would add a large
/// piece of code to the page for four numbers.
pub fn tenths(rate: f64) -> String {
    let tenths = (rate * 10.0).round() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn chart(results: &[(Technique, f64)]) -> Html {
    let best = results.iter().map(|(_, rate)| *rate).fold(1.0, f64::max);
    let row_height = 22;
    let height = (results.len() * row_height) as u32 + 4;
    let bars = results.iter().enumerate().map(|(row, (technique, rate))| {
        let y = (row * row_height) as u32 + 2;
        // Labels take the left 230 units of a 600-unit-wide chart; bars share the rest.
        let width = (rate / best * 300.0).max(1.0);
        html! {
            <g data-bench={technique.name()} data-rate={tenths(*rate)}>
                <text x="0" y={(y + 15).to_string()} class="bench-label">{ technique.name() }</text>
                <rect x="230" y={y.to_string()} width={tenths(width)} height="16" class="bench-bar" />
                <text x={tenths(236.0 + width)} y={(y + 13).to_string()} class="bench-value">{ tenths(*rate) }</text>
            </g>
        }
    });
    html! {
        <svg class="bench-chart" viewBox={format!("0 0 600 {height}")} role="img"
            aria-label="Million queen lookups per second by technique, in this browser">
            { for bars }
        </svg>
    }
}

/// `6000000` as `6,000,000`: counts this long are read at a glance only when grouped.
pub fn grouped(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[function_component(Benchmark)]
pub fn benchmark_panel() -> Html {
    let state = use_state(Run::default);
    let start = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if !state.running {
                yew::platform::spawn_local(benchmark(state.clone()));
            }
        })
    };
    html! {
        <section class="benchmark" aria-label="Benchmark in this browser">
            <h2>{ "Benchmark in your browser" }</h2>
            <p class="hint">
                { format!(
                    "The standard queen workload (xorshift96 boards, 12 squares each), here with {} occupancies = {} lookups per technique, \
                     run in this page's WebAssembly in chunks so the page stays responsive. Figures in million queen lookups per second (MQueens/s). \
                     This page is compiled for size (opt-level \"z\"), which costs some techniques a lot of speed; \
                     `cargo xtask bench` runs the full 60,000,000 lookups from a speed build, natively and in headless Chromium.",
                    grouped(OCCUPANCIES), grouped(OCCUPANCIES * SQUARES_PER_OCCUPANCY)
                ) }
            </p>
            <div class="control-row">
                <button type="button" onclick={start} disabled={state.running} data-bench-start="">
                    { if state.running { "Running…" } else { "Run the benchmark" } }
                </button>
                if state.running || state.done_chunks > 0 {
                    <progress max={total_chunks().to_string()} value={state.done_chunks.to_string()} data-bench-progress="" />
                }
                if !state.running && !state.results.is_empty() {
                    <span class="hint" data-bench-done="">{ format!("accumulator {:#018x}", state.accumulator) }</span>
                }
            </div>
            if !state.results.is_empty() {
                { chart(&state.results) }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_in_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(500_000), "500,000");
        assert_eq!(grouped(6_000_000), "6,000,000");
    }
}
