//! The browser half of `cargo xtask bench`.
//!
//! `wasm-bench serve BENCH_WASM OCCUPANCIES` loads the queen workload, compiled to wasm, into
//! a Web Worker of headless Chromium (V8), prepares it, prints `ready LOOKUPS`, then answers each line
//! `TECHNIQUE traced|handwritten` on standard input with one timed run, `RATE ACCUMULATOR`
//! (MQueens/s, hex), the same protocol as `sliders-bench OCCUPANCIES serve`: xtask alternates
//! between the two, so each wasm run is compared with a native run taken right beside it.
//!
//! `wasm-bench page` measures the page's budgets on the built dist/ and prints
//!   page first-render <median> <min> <max>
//!   page toggle <median> <min> <max> <technique>
//!   page formula-keystroke <median> <min> <max> <lines>
//!   page frame-step <median> <min> <max> formula
//!   page formula-panels <median> <min> <max>
//!   page formula-check <example> <cases> <ms>
//!
//! `wasm-bench panel ROUNDS` sets the page's Benchmark panel (its worker, on dist/bench.wasm)
//! beside this harness running the same module on the page's main thread, with the panel's
//! workload, round by round and taking turns at going first; it prints for each technique
//!   panel <technique> <panel median> <harness median>
// Benchmark harness, like the end-to-end tests: a failed expect stops the run with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use e2e::{Browser, StaticServer};
use fantoccini::wd::TimeoutConfiguration;
use sliders::Technique;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The module runs in a Web Worker, as in the page's Benchmark panel: a page's main thread
/// also runs the renderer's tasks, and measured beside the panel it timed some techniques up
/// to 30% slower (docs/panel-vs-bench.md). `window.call(request)` answers through a promise.
const PAGE: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Slider Lab wasm benchmark</title><link rel="icon" href="data:,"></head>
<body><script>
const worker = new Worker(URL.createObjectURL(new Blob([`
  const hex = (value) => "0x" + BigInt.asUintN(64, value).toString(16).padStart(16, "0");
  const ready = WebAssembly.instantiateStreaming(fetch(new URL("sliders_bench.wasm", location.origin + "/")), {})
    .then(({ instance }) => instance.exports);
  onmessage = async ({ data: [what, a, b, c] }) => {
    const bench = await ready;
    if (what === "warm") {
      for (let round = 0; round < a; round++) {
        bench.prepare(b);
        for (let i = 0; i < bench.technique_count(); i++) { bench.run_technique(i); bench.run_handwritten_technique(i); }
      }
      postMessage(null);
    } else if (what === "prepare") {
      postMessage(bench.prepare(a));
    } else {
      const t0 = performance.now();
      const accumulator = bench[what](a);
      const rate = b / ((performance.now() - t0) * 1000);
      postMessage(rate.toFixed(3) + " " + hex(accumulator));
    }
  };
`], { type: "text/javascript" })));
let queue = Promise.resolve();
window.call = (...request) => queue = queue.then(() => new Promise((resolve) => {
  worker.onmessage = ({ data }) => resolve(data);
  worker.postMessage(request);
}));
</script></body></html>"#;

/// Warm-up before any timed run: every technique's loop on a small workload, so V8 has moved
/// both loop functions from its baseline compiler (Liftoff) to its optimising one (TurboFan).
/// V8 swaps tiers only between calls, so a first timed call could otherwise run in Liftoff.
const WARM_UP_OCCUPANCIES: u32 = 20_000;
const WARM_UP_ROUNDS: u32 = 3;

fn summary(mut values: Vec<f64>) -> String {
    values.sort_by(f64::total_cmp);
    format!("{:.1} {:.1} {:.1}", values[values.len() / 2], values[0], values[values.len() - 1])
}

/// The benchmark page in its own headless Chromium, with `wasm` loaded, warmed up and given a
/// workload of `occupancies`: the browser, its folder, and the lookups a run makes.
async fn harness(wasm: &std::path::Path, occupancies: u32) -> (Browser, PathBuf, u64) {
    let folder = std::env::temp_dir().join(format!("slider-lab-wasm-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(wasm, folder.join("sliders_bench.wasm")).expect("copy the bench wasm");
    std::fs::write(folder.join("index.html"), PAGE).unwrap();

    let browser = Browser::start_with(StaticServer::serve(folder.clone(), "/"), (800, 600)).await;
    browser
        .client
        .update_timeouts(TimeoutConfiguration::new(Some(Duration::from_secs(600)), None, None))
        .await
        .unwrap();
    browser.client.goto(&browser.server.url("")).await.unwrap();
    let prepare = format!(
        "const done = arguments[arguments.length - 1];
         window.call('warm', {WARM_UP_ROUNDS}, {WARM_UP_OCCUPANCIES})
           .then(() => window.call('prepare', {occupancies})).then(done);"
    );
    let lookups = browser.client.execute_async(&prepare, vec![]).await.expect("prepare the workload");
    (browser, folder, lookups.as_u64().expect("prepare returns the lookups"))
}

/// One timed run of technique number `index` in the harness: MQueens/s and the accumulator.
async fn timed_run(browser: &Browser, function: &str, index: usize, lookups: u64) -> String {
    let script = format!(
        "const done = arguments[arguments.length - 1];
         window.call('{function}', {index}, {lookups}).then(done);"
    );
    let result = browser.client.execute_async(&script, vec![]).await.expect("the technique runs");
    result.as_str().unwrap_or("error: no result").to_string()
}

async fn serve(wasm: PathBuf, occupancies: u32) {
    let (browser, folder, lookups) = harness(&wasm, occupancies).await;
    println!("ready {lookups}");

    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    while let Ok(Some(line)) = lines.next_line().await {
        let mut words = line.split_whitespace();
        let technique = words.next().and_then(|t| t.parse::<Technique>().ok());
        let function = match words.next() {
            Some("traced") => Some("run_technique"),
            Some("handwritten") => Some("run_handwritten_technique"),
            _ => None,
        };
        let answer = match (technique, function) {
            (Some(technique), Some(function)) => {
                let index = Technique::ALL.iter().position(|&t| t == technique).unwrap();
                timed_run(&browser, function, index, lookups).await
            }
            _ => format!("error: expected `TECHNIQUE traced|handwritten`, got `{line}`"),
        };
        if out.write_all(format!("{answer}\n").as_bytes()).await.is_err() || out.flush().await.is_err() {
            break;
        }
    }
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

async fn page_budgets() {
    let page = Browser::start_at("/", (1280, 900)).await;
    let mut first_renders = Vec::new();
    for _ in 0..5 {
        page.open("?technique=obstruction-difference&slider=queen&square=d4&occupied=0x0012040028004100").await;
        let mark = page
            .eval("const m = performance.getEntriesByName('slider-lab:board-rendered')[0]; return m ? m.startTime : null;")
            .await;
        first_renders.push(mark.as_f64().expect("the page marks its first render"));
    }
    println!("page first-render {}", summary(first_renders));
    let biggest = Technique::ALL
        .iter()
        .copied()
        .max_by_key(|t| {
            t.trace(sliders::Slider::Queen, sliders::Square::D4, sliders::Bitboard(0x0012_0400_2800_4100)).steps.len()
        })
        .unwrap();
    page.open(&format!("?technique={biggest}&slider=queen&square=d4&occupied=0x0012040028004100")).await;
    let (rendered, _) = page.time_toggles("e5", 21).await;
    println!("page toggle {} {biggest}", summary(rendered));
    // An animation frame with a formula open: the subtraction of the first example (step 4),
    // one frame back and on, as a tick of the player moves it.
    page.open("?v=2&technique=formula&slider=rook&square=d4&occupied=0x0012040028004100&step=4").await;
    let frames = page.time_frame_steps(41).await;
    println!("page frame-step {} formula", summary(frames));
    // The formula playground: a keystroke on the SBAMG example (15 lines, two calls of its
    // function), and each example's check of 100,032 cases, run in the page's slices.
    let examples = &sliders_formula::examples::EXAMPLES;
    page.open("?technique=formula&slider=rook&square=d4&occupied=0x0012040028004100").await;
    let sbamg = examples.iter().find(|e| e.id == "sbamg").expect("the SBAMG example");
    let (edits, panels) = page.time_formula_edits(sbamg.text(), 21).await;
    println!("page formula-keystroke {} {}", summary(edits), sbamg.text().lines().count());
    println!("page formula-panels {}", summary(panels));
    for example in examples {
        page.open("?technique=formula&formula=&slider=rook&square=d4&occupied=0x0").await;
        let select = page.client.find(fantoccini::Locator::Css("[data-formula-example]")).await.unwrap();
        select.select_by_value(example.id).await.unwrap();
        page.click("[data-formula-check-start]").await;
        let result = loop {
            let ms = page.eval("const e = document.querySelector('[data-check-result]'); return e && [e.dataset.checkResult, e.dataset.checkCases, e.dataset.checkMs];").await;
            if let Some(fields) = ms.as_array() {
                break fields.iter().map(|f| f.as_str().unwrap().to_string()).collect::<Vec<_>>();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        assert_eq!(result[0], "agrees", "{}", example.id);
        println!("page formula-check {} {} {}", example.id, result[1], result[2]);
        // The obstruction difference, compiled, timed in the Benchmark panel beside the
        // built-in: the same workload, worker and run.
        if example.id == "obstruction-difference" {
            page.wait_for("[data-compiled-check=\"agrees\"]", 60, "the compiled formula agrees").await;
            page.click("[data-bench-start]").await;
            page.client
                .update_timeouts(TimeoutConfiguration::new(Some(Duration::from_secs(600)), None, None))
                .await
                .unwrap();
            let wait = "const done = arguments[arguments.length - 1];
                (function poll() { document.querySelector('[data-bench-done], [data-bench-error]')
                  ? done([...document.querySelectorAll('tr[data-benchmark-technique]')]
                      .map(r => [r.dataset.benchmarkTechnique, +r.dataset.mqps]))
                  : setTimeout(poll, 200); })();";
            let rows = page.client.execute_async(wait, vec![]).await.expect("the panel finishes");
            let rate = |name: &str| {
                rows.as_array().and_then(|rows| rows.iter().find(|r| r[0] == name)).and_then(|r| r[1].as_f64())
            };
            let (formula, built_in) =
                (rate("formula").expect("a formula row"), rate("obstruction-difference").expect("a row"));
            println!("page formula-compiled {formula:.1} {built_in:.1}");
        }
    }
    page.close().await;
}

/// The panel's workload and runs (`src/components/benchmark.rs`).
const PANEL_OCCUPANCIES: u32 = 500_000;
const PANEL_RUNS: usize = 5;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

async fn panel_beside_harness(rounds: usize) {
    let dist = std::env::var_os("SLIDER_LAB_DIST").map(PathBuf::from).expect("SLIDER_LAB_DIST names the built site");
    let (harness_browser, folder, lookups) = harness(&dist.join("bench.wasm"), PANEL_OCCUPANCIES).await;
    let page = Browser::start_at("/", (1280, 900)).await;
    page.client.update_timeouts(TimeoutConfiguration::new(Some(Duration::from_secs(600)), None, None)).await.unwrap();
    let mut panel: Vec<Vec<f64>> = vec![Vec::new(); Technique::ALL.len()];
    let mut harness_rates: Vec<Vec<f64>> = vec![Vec::new(); Technique::ALL.len()];
    for round in 0..rounds {
        for turn in 0..2 {
            if (turn + round) % 2 == 0 {
                page.open("?technique=sbamg&slider=rook&square=d4&occupied=0x0").await;
                page.click("[data-bench-start]").await;
                let wait = "const done = arguments[arguments.length - 1];
                    (function poll() { document.querySelector('[data-bench-done], [data-bench-error]')
                      ? done([...document.querySelectorAll('[data-benchmark-technique]')]
                          .map(r => [r.dataset.benchmarkTechnique, +r.dataset.mqps]))
                      : setTimeout(poll, 200); })();";
                let rows = page.client.execute_async(wait, vec![]).await.expect("the panel finishes");
                for row in rows.as_array().expect("rows") {
                    let name = row[0].as_str().unwrap();
                    let index = Technique::ALL.iter().position(|t| t.name() == name).unwrap();
                    panel[index].push(row[1].as_f64().unwrap());
                }
            } else {
                for (index, rates) in harness_rates.iter_mut().enumerate() {
                    let mut runs = Vec::new();
                    for _ in 0..PANEL_RUNS {
                        let answer = timed_run(&harness_browser, "run_technique", index, lookups).await;
                        runs.push(answer.split_whitespace().next().and_then(|r| r.parse().ok()).expect("a rate"));
                    }
                    rates.push(median(runs));
                }
            }
        }
        eprintln!("wasm-bench panel: round {} of {rounds} done", round + 1);
    }
    for (index, technique) in Technique::ALL.iter().enumerate() {
        println!("panel {technique} {:.1} {:.1}", median(panel[index].clone()), median(harness_rates[index].clone()));
    }
    page.close().await;
    harness_browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["serve", wasm, occupancies] => {
            let occupancies = occupancies.parse().expect("OCCUPANCIES is a number");
            serve(PathBuf::from(wasm), occupancies).await
        }
        ["page"] => page_budgets().await,
        ["panel", rounds] => panel_beside_harness(rounds.parse().expect("ROUNDS is a number")).await,
        _ => {
            eprintln!("usage: wasm-bench serve BENCH_WASM OCCUPANCIES | wasm-bench page | wasm-bench panel ROUNDS");
            std::process::exit(2);
        }
    }
}
