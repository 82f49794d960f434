//! The benchmark in the reader's own browser: the standard queen workload, smaller (500,000
//! occupancies), timed in a Web Worker on the speed-built benchmark module (`bench.wasm`, the
//! code `cargo xtask bench` times), fetched only when the reader starts it. The page stays
//! responsive, and its own core checks every technique's result on the first boards.

use std::rc::Rc;

use sliders::workload::{extend, Xorshift96, SQUARES_PER_OCCUPANCY};
use sliders::{Bitboard, Slider, Square, Technique};
use sliders_formula::wire::CompiledModule;
use sliders_formula::Target;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

/// Occupancies of the in-browser workload (12 queen lookups each).
pub const OCCUPANCIES: usize = 500_000;
/// Timed runs per technique: the median and the range are shown.
const RUNS: usize = 5;
/// Occupancies on which the worker's result is checked against the page's own core.
const CHECK_OCCUPANCIES: usize = 1_000;

/// The reader's formula, compiled and checked, to time beside the techniques.
#[derive(Clone, PartialEq, Debug)]
pub struct BenchFormula {
    pub module: Rc<CompiledModule>,
    /// What it computes: ranked with the techniques only when it is the queen's attacks.
    pub target: Target,
}

#[derive(Properties, PartialEq)]
pub struct BenchmarkProps {
    /// The reader's formula, once its check (and its compiled function's) agreed.
    pub formula: Option<BenchFormula>,
}

/// One technique's timed runs (`None`: the reader's formula).
#[derive(Clone, PartialEq, Debug)]
pub struct Measured {
    pub technique: Option<Technique>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// Operations per lookup (a SIMD operation once), from the traced steps (computed once, when the result comes).
    pub ops: f64,
}

impl Measured {
    fn of(technique: Option<Technique>, mut rates: Vec<f64>) -> Measured {
        sort_by_key(&mut rates, |rate| *rate);
        let median = rates.get(rates.len() / 2).copied().unwrap_or_default();
        let (min, max) = (rates.first().copied().unwrap_or_default(), rates.last().copied().unwrap_or_default());
        Measured { technique, median, min, max, ops: technique.map_or(0.0, ops_per_lookup) }
    }
}

#[derive(Clone, PartialEq, Default)]
struct Run {
    running: bool,
    done: usize,
    total: usize,
    results: Vec<Measured>,
    /// XOR of every technique's accumulator over the whole workload.
    accumulator: u64,
    finished: bool,
    error: Option<String>,
    /// The native figures of the last `cargo xtask bench`, and the machine it ran on.
    native: Option<(String, Vec<NativeFigure>)>,
    /// The formula timed in this run, if one was.
    formula: Option<BenchFormula>,
}

/// A technique's native MQueens/s in `cargo xtask bench`: the default x86-64 build, and the
/// build for that machine's own CPU (`target-cpu=native`), where BENCHMARKS.md has it.
#[derive(Clone, Copy, PartialEq, Debug)]
struct NativeFigure {
    technique: Technique,
    default: f64,
    own_cpu: Option<f64>,
}

impl NativeFigure {
    /// The default build's figure, and the own-CPU build's in brackets where that ran more
    /// than twice as fast (the bit reversal's swizzles, PEXT's pext and the fills' wide
    /// vectors have no instruction in the default x86-64 target).
    fn shown(self) -> String {
        match self.own_cpu {
            Some(own) if own > 2.0 * self.default => format!("{} ({})", tenths(self.default), tenths(own)),
            _ => tenths(self.default),
        }
    }
}

enum BenchAction {
    Start(Option<BenchFormula>),
    Native(String, Vec<NativeFigure>),
    /// Each technique's accumulator on the first CHECK_OCCUPANCIES boards, from the worker,
    /// and the formula's.
    Check(Vec<u64>, Option<u64>),
    Progress(usize, usize),
    Result(usize, Vec<f64>, u64),
    Done,
    Failed(String),
}

impl Reducible for Run {
    type Action = BenchAction;

    fn reduce(self: Rc<Self>, action: BenchAction) -> Rc<Self> {
        let mut run = (*self).clone();
        match action {
            BenchAction::Start(formula) => run = Run { running: true, formula, ..Run::default() },
            BenchAction::Native(machine, figures) => run.native = Some((machine, figures)),
            BenchAction::Check(accumulators, formula) => {
                let formula_problem = run.formula.as_ref().and_then(|f| check_formula(f.target, formula));
                if let Some(problem) = check(&accumulators).or(formula_problem) {
                    run = Run { running: false, error: Some(problem), ..run };
                }
            }
            BenchAction::Progress(done, total) => (run.done, run.total) = (done, total),
            BenchAction::Result(index, rates, accumulator) => {
                if let Some(&technique) = Technique::ALL.get(index) {
                    run.results.push(Measured::of(Some(technique), rates));
                    run.accumulator ^= accumulator;
                } else if index == Technique::ALL.len() && run.formula.is_some() {
                    run.results.push(Measured::of(None, rates));
                }
            }
            BenchAction::Done => (run.running, run.finished) = (false, run.error.is_none()),
            BenchAction::Failed(message) => (run.running, run.error) = (false, Some(message)),
        }
        Rc::new(run)
    }
}

/// Insertion sort, ascending by `key`: for five rates and fifteen rows it is all that is needed,
/// and the standard library's sorts would add about 6 KB of code to the page.
fn sort_by_key<T>(items: &mut [T], key: impl Fn(&T) -> f64) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The page's own core on the first boards of the workload, against the worker's results.
fn check(accumulators: &[u64]) -> Option<String> {
    if accumulators.len() != Technique::ALL.len() {
        return Some(format!(
            "bench.wasm has {} techniques and this page {}: the two are from different builds",
            accumulators.len(),
            Technique::ALL.len()
        ));
    }
    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    extend(&mut Xorshift96::default(), CHECK_OCCUPANCIES, &mut occupancies, &mut squares);
    Technique::ALL.iter().zip(accumulators).find_map(|(&technique, &theirs)| {
        crate::attack_tables::ensure(technique);
        // One dispatch per lookup: `xor_queen_attacks` would inline every technique into a loop
        // of its own, the speed build's shape, and add that much code to the page.
        let ours = squares.iter().enumerate().fold(0, |all, (i, &square)| {
            let occupied = Bitboard(occupancies[i / SQUARES_PER_OCCUPANCY]);
            all ^ technique.attacks(Slider::Queen, Square::from_index(square as u32), occupied).0
        });
        (ours != theirs).then(|| {
            format!(
                "{technique}: the speed build gave {theirs:#018x} on the first {} boards, this page's core {ours:#018x}",
                grouped(CHECK_OCCUPANCIES)
            )
        })
    })
}

/// The reference's attacks for the formula's target on the first boards, against the worker's
/// run of the compiled formula.
fn check_formula(target: Target, theirs: Option<u64>) -> Option<String> {
    let Some(theirs) = theirs else { return Some("the worker did not run your formula".into()) };
    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    extend(&mut Xorshift96::default(), CHECK_OCCUPANCIES, &mut occupancies, &mut squares);
    let ours = squares.iter().enumerate().fold(0, |all, (i, &square)| {
        let square = Square::from_index(square as u32);
        all ^ target.expected(square, Bitboard(occupancies[i / SQUARES_PER_OCCUPANCY]) | square.bit()).0
    });
    (ours != theirs).then(|| {
        format!(
            "your formula: its compiled module gave {theirs:#018x} on the first {} boards, {} from this page's reference {ours:#018x}",
            grouped(CHECK_OCCUPANCIES),
            target.describe()
        )
    })
}

/// What the formula calls that WebAssembly has no instruction for, said beside its figure.
fn emulated(module: &CompiledModule) -> String {
    let called: Vec<&str> = ["pext", "pdep", "bswap"]
        .into_iter()
        .filter(|name| module.lines.iter().any(|line| line.text.trim() == format!("call ${name}")))
        .collect();
    match called.as_slice() {
        [] => String::new(),
        names => format!(
            " WebAssembly has no {} instruction: in the module {} a small function, a loop or shifts and masks, so the figure is that function's speed, not the x86-64 instruction's.",
            names.join(", "),
            if names.len() == 1 { "it is" } else { "each is" }
        ),
    }
}

/// The worker's message as an action.
fn action_of(data: &JsValue) -> BenchAction {
    let field = |name: &str| js_sys::Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let number = |name: &str| field(name).as_f64().unwrap_or_default() as usize;
    let hex =
        |value: JsValue| value.as_string().and_then(|text| u64::from_str_radix(&text, 16).ok()).unwrap_or_default();
    match field("type").as_string().as_deref() {
        Some("native") => {
            let rate = |figures: &JsValue, t: Technique| js_sys::Reflect::get(figures, &t.name().into()).ok()?.as_f64();
            let (native, own_cpu) = (field("native"), field("cpuNative"));
            let figures = Technique::ALL
                .iter()
                .filter_map(|&technique| {
                    let default = rate(&native, technique)?;
                    Some(NativeFigure { technique, default, own_cpu: rate(&own_cpu, technique) })
                })
                .collect();
            BenchAction::Native(field("machine").as_string().unwrap_or_default(), figures)
        }
        Some("check") => {
            let formula = field("formula");
            let formula = (!formula.is_undefined()).then(|| hex(formula));
            BenchAction::Check(js_sys::Array::from(&field("accumulators")).iter().map(hex).collect(), formula)
        }
        Some("progress") => BenchAction::Progress(number("done"), number("total")),
        Some("result") => {
            let rates = js_sys::Array::from(&field("rates")).iter().filter_map(|rate| rate.as_f64()).collect();
            BenchAction::Result(number("index"), rates, hex(field("accumulator")))
        }
        Some("done") => BenchAction::Done,
        Some("error") => BenchAction::Failed(field("message").as_string().unwrap_or_default()),
        _ => BenchAction::Failed("the benchmark worker sent a message this page cannot read".into()),
    }
}

/// The workload's boards the panel counts operations on: few, since each lookup is traced.
const OPS_BOARDS: usize = 10;

/// Operations per queen lookup (a SIMD operation once), averaged over the workload's first boards, as the
/// traced steps count them (table reads apart).
fn ops_per_lookup(technique: Technique) -> f64 {
    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    extend(&mut Xorshift96::default(), OPS_BOARDS, &mut occupancies, &mut squares);
    let total: usize = squares
        .iter()
        .enumerate()
        .map(|(i, &square)| {
            let occupied = Bitboard(occupancies[i / SQUARES_PER_OCCUPANCY]);
            technique.trace(Slider::Queen, Square::from_index(square as u32), occupied).arithmetic_ops()
        })
        .sum();
    total as f64 / squares.len() as f64
}

/// A rate with one decimal, formatted through integers: float formatting would add a large
/// piece of code to the page for four numbers.
pub fn tenths(rate: f64) -> String {
    let tenths = (rate * 10.0).round() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn chart(results: &[Measured], native: Option<&(String, Vec<NativeFigure>)>, formula: Option<&BenchFormula>) -> Html {
    let native_figure = |technique: Technique| {
        native.and_then(|(_, figures)| figures.iter().find(|f| f.technique == technique).copied())
    };
    // The formula ranks among the techniques only when it does their work, the queen's.
    let target = formula.map(|f| f.target);
    let ranked = target == Some(Target::Piece(Slider::Queen));
    // A technique that computes only part of a queen's attacks (o^(o-2r): the positive rays) is
    // not ranked with those that compute them all: its rows come after, saying what they compute.
    let (mut sorted, mut partial): (Vec<Measured>, Vec<Measured>) = results
        .iter()
        .filter(|m| m.technique.is_some() || ranked)
        .cloned()
        .partition(|m| !m.technique.is_some_and(Technique::positive_rays_only));
    sort_by_key(&mut sorted, |measured| -measured.median);
    sort_by_key(&mut partial, |measured| -measured.median);
    let best = sorted.iter().chain(&partial).map(|m| m.max).fold(1.0, f64::max);
    let row = |measured: &Measured| {
        let percent = measured.median / best * 100.0;
        let partial = measured.technique.is_some_and(Technique::positive_rays_only).then_some("positive rays");
        let (name, hook) = match measured.technique {
            Some(technique) => (
                html! {
                    <>
                        { technique.title() }
                        if let Some(part) = partial {
                            <span class="article-name">{ format!("{} · {part} only, not ranked", technique.article().title()) }</span>
                        } else if technique.article().title() != technique.title() {
                            <span class="article-name">{ technique.article().title() }</span>
                        }
                    </>
                },
                technique.name(),
            ),
            None => (
                html! { { format!("your formula ({} instructions)", formula.map_or(0, |f| f.module.instructions)) } },
                "formula",
            ),
        };
        let extra = |value: Option<String>| html! { <td class="num">{ value.unwrap_or_else(|| "—".into()) }</td> };
        html! {
            <tr data-benchmark-technique={hook} data-mqps={tenths(measured.median)} data-partial={partial}
                ~className={if measured.technique.is_none() { "bench-formula" } else { "" }}>
                <th scope="row">{ name }</th>
                <td class="bench-bar-cell"><span class="bench-bar" data-percent={tenths(percent)} aria-hidden="true"></span></td>
                <td class="num">{ tenths(measured.median) }</td>
                <td class="num">{ format!("{}–{}", tenths(measured.min), tenths(measured.max)) }</td>
                if native.is_some() {
                    { extra(measured.technique.and_then(native_figure).map(NativeFigure::shown)) }
                }
                { extra(Some(grouped(measured.technique.map_or_else(|| formula.map_or(0, |f| f.module.table_bytes), |t| t.table_bytes())))) }
                { extra(measured.technique.map(|_| tenths(measured.ops))) }
            </tr>
        }
    };
    let rows = sorted.iter().chain(&partial).map(row);
    // Any other target is timed on the same boards and squares, and shown apart.
    let apart = results.iter().find(|m| m.technique.is_none() && !ranked).map(|measured| {
        let target = target.unwrap_or(Target::Piece(Slider::Rook));
        html! {
            <p class="hint bench-formula" data-benchmark-technique="formula" data-mqps={tenths(measured.median)} data-target={target.name()}>
                { format!(
                    "Your formula computes {}, not the queen's attacks, so it is not ranked with them: on the same boards and squares it does {} million lookups per second (median; {}–{} over {RUNS} runs), {} WebAssembly instructions.",
                    target.describe(), tenths(measured.median), tenths(measured.min), tenths(measured.max), formula.map_or(0, |f| f.module.instructions)
                ) }
            </p>
        }
    });
    html! {
        <div class="table-scroll">
            <table class="bench-table" data-bench-chart="">
                <caption>{ "Million queen lookups per second (MQueens/s), WebAssembly in this browser, fastest first; a technique that computes only part of a queen's attacks comes after, not ranked" }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "technique" }</th>
                        <th scope="col"><span class="visually-hidden">{ "bar" }</span></th>
                        <th scope="col" class="num">{ "median" }</th>
                        <th scope="col" class="num">{ format!("range of {RUNS} runs") }</th>
                        if native.is_some() {
                            <th scope="col" class="num">{ "native*" }</th>
                        }
                        <th scope="col" class="num" title="Every table the lookup reads, all together: for magic and pext, the 841 KiB attack table and each square's entry">{ "table bytes" }</th>
                        <th scope="col" class="num" title={format!("64-bit operations per queen lookup, the mean over the workload's first {} lookups (BENCHMARKS.md's ops/lookup is the mean over more, so the two can differ where the count depends on the board); a SIMD operation on both lanes counts once", OPS_BOARDS * SQUARES_PER_OCCUPANCY)}>{ "operations" }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
            { for apart }
            if let Some((machine, _)) = native {
                <p class="hint" data-bench-native="">
                    { format!(
                        "* native: not this browser, but the same speed-built code compiled for x86-64 and timed by cargo xtask bench on {machine} (60,000,000 lookups, the median of 5 runs), from the BENCHMARKS.md this page was built with. In brackets, where it ran more than twice as fast: the same code built for that machine's own CPU (target-cpu=native). Figures from two machines compare only roughly.",
                    ) }
                </p>
            }
        </div>
    }
}

/// Gives each bar its length: the custom property `--bar`, set through the CSSOM from the bar's
/// `data-percent`, since the strict Content-Security-Policy allows no inline style attribute.
fn size_bars() {
    let Ok(bars) = gloo::utils::document().query_selector_all(".bench-bar[data-percent]") else { return };
    for index in 0..bars.length() {
        let Some(bar) = bars.item(index).and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok()) else {
            continue;
        };
        if let Some(percent) = bar.get_attribute("data-percent") {
            let _ = bar.style().set_property("--bar", &format!("{percent}%"));
        }
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
pub fn benchmark_panel(props: &BenchmarkProps) -> Html {
    let run = use_reducer(Run::default);
    use_effect_with(run.results.clone(), |_| size_bars());
    // The worker and its message handler live as long as the panel.
    let worker = use_mut_ref(|| None::<(Worker, Closure<dyn FnMut(MessageEvent)>)>);
    let start = {
        let run = run.clone();
        let formula = props.formula.clone();
        Callback::from(move |_: MouseEvent| {
            if run.running {
                return;
            }
            run.dispatch(BenchAction::Start(formula.clone()));
            let dispatcher = run.dispatcher();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                dispatcher.dispatch(action_of(&event.data()));
            });
            match Worker::new("static/bench-worker.js") {
                Ok(started) => {
                    started.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                    let request = js_sys::Object::new();
                    let set = |key: &str, value: usize| {
                        let _ = js_sys::Reflect::set(&request, &key.into(), &JsValue::from_f64(value as f64));
                    };
                    set("occupancies", OCCUPANCIES);
                    set("runs", RUNS);
                    set("checkOccupancies", CHECK_OCCUPANCIES);
                    if let Some(formula) = &formula {
                        let module = js_sys::Object::new();
                        let bytes = js_sys::Uint8Array::from(&formula.module.bytes[..]);
                        let _ = js_sys::Reflect::set(&module, &"bytes".into(), &bytes);
                        let workload = JsValue::from_f64(f64::from(formula.module.workload));
                        let _ = js_sys::Reflect::set(&module, &"workload".into(), &workload);
                        let _ = js_sys::Reflect::set(&request, &"formula".into(), &module);
                    }
                    let _ = started.post_message(&request);
                    if let Some((old, _)) = worker.borrow_mut().replace((started, on_message)) {
                        old.terminate();
                    }
                }
                Err(_) => {
                    run.dispatch(BenchAction::Failed("this browser could not start the benchmark's worker".into()))
                }
            }
        })
    };
    let lookups = grouped(OCCUPANCIES * SQUARES_PER_OCCUPANCY);
    html! {
        <section class="benchmark" aria-label="Benchmark in this browser">
            <h2>{ "Benchmark in your browser" }</h2>
            <p class="hint">
                { format!(
                    "The standard queen workload (xorshift96 boards, 12 squares each), here {} occupancies = {lookups} lookups per technique, \
                     {RUNS} runs each. It runs as WebAssembly in this browser, in a worker, on a module built for speed (opt-level 3, each technique \
                     inlined into its own loop): the code cargo xtask bench times. That module is fetched only when you start. \
                     Before timing, this page's own core checks every technique's result on the first {} boards.",
                    grouped(OCCUPANCIES), grouped(CHECK_OCCUPANCIES)
                ) }
            </p>
            <p class="hint" data-bench-formula-note="">{ match &props.formula {
                Some(formula) => format!(
                    "Your formula is timed too: its WebAssembly ({} instructions), compiled in this page, on the same workload in the same worker.{}",
                    formula.module.instructions,
                    emulated(&formula.module)
                ),
                None => "A formula of your own is timed here too, once its check agrees (Your formula, in the technique menu).".to_string(),
            } }</p>
            <div class="control-row">
                <button type="button" onclick={start} disabled={run.running} data-bench-start="">
                    { if run.running { "Running…" } else { "Run the benchmark" } }
                </button>
                if run.running || run.total > 0 {
                    <progress max={run.total.max(1).to_string()} value={run.done.to_string()} data-bench-progress="" />
                }
                if run.finished {
                    <span class="hint" data-bench-done="">{ format!("accumulator {:#018x}", run.accumulator) }</span>
                }
            </div>
            if let Some(error) = &run.error {
                <p class="field-error" role="alert" data-bench-error="">{ error.clone() }</p>
            }
            if !run.results.is_empty() {
                { chart(&run.results, run.native.as_ref(), run.formula.as_ref()) }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::{grouped, sort_by_key};

    #[test]
    fn insertion_sort_orders_by_key() {
        let mut rates = [3.0, 1.0, 2.0, 5.0, 4.0];
        sort_by_key(&mut rates, |r| *r);
        assert_eq!(rates, [1.0, 2.0, 3.0, 4.0, 5.0]);
        sort_by_key(&mut rates, |r| -*r);
        assert_eq!(rates, [5.0, 4.0, 3.0, 2.0, 1.0]);
    }

    #[test]
    fn counts_are_grouped_in_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(500_000), "500,000");
        assert_eq!(grouped(6_000_000), "6,000,000");
    }
}
