//! The browser half of `cargo xtask bench`.
//!
//! `wasm-bench serve BENCH_WASM OCCUPANCIES` loads the queen workload, compiled to wasm, into
//! headless Chromium (V8), prepares it, prints `ready LOOKUPS`, then answers each line
//! `TECHNIQUE traced|handwritten` on standard input with one timed run, `RATE ACCUMULATOR`
//! (MQueens/s, hex), the same protocol as `sliders-bench OCCUPANCIES serve`: xtask alternates
//! between the two, so each wasm run is compared with a native run taken right beside it.
//!
//! `wasm-bench page` measures the page's budgets on the built dist/ and prints
//!   page first-render <median> <min> <max>
//!   page toggle <median> <min> <max> <technique>
// Benchmark harness, like the end-to-end tests: a failed expect stops the run with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use e2e::{Browser, StaticServer};
use fantoccini::wd::TimeoutConfiguration;
use sliders::Technique;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const PAGE: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Slider Lab wasm benchmark</title><link rel="icon" href="data:,"></head>
<body><script>
window.benchReady = WebAssembly.instantiateStreaming(fetch("sliders_bench.wasm"), {})
  .then(({ instance }) => { window.bench = instance.exports; });
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

async fn serve(wasm: PathBuf, occupancies: u32) {
    let folder = std::env::temp_dir().join(format!("slider-lab-wasm-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(&wasm, folder.join("sliders_bench.wasm")).expect("copy the bench wasm");
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
         window.benchReady.then(() => {{
           const b = window.bench;
           for (let round = 0; round < {WARM_UP_ROUNDS}; round++) {{
             b.prepare({WARM_UP_OCCUPANCIES});
             for (let i = 0; i < b.technique_count(); i++) {{ b.run_technique(i); b.run_handwritten_technique(i); }}
           }}
           done(b.prepare({occupancies}));
         }});"
    );
    let lookups = browser.client.execute_async(&prepare, vec![]).await.expect("prepare the workload");
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
                let script = format!(
                    "const b = window.bench, t0 = performance.now();
                     const accumulator = b.{function}({index});
                     const rate = {lookups} / ((performance.now() - t0) * 1000);
                     return rate.toFixed(3) + ' 0x' + BigInt.asUintN(64, accumulator).toString(16).padStart(16, '0');"
                );
                let result = browser.client.execute(&script, vec![]).await.expect("the technique runs");
                result.as_str().unwrap_or("error: no result").to_string()
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
    page.close().await;
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
        _ => {
            eprintln!("usage: wasm-bench serve BENCH_WASM OCCUPANCIES | wasm-bench page");
            std::process::exit(2);
        }
    }
}
