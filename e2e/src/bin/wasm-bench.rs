//! The browser half of `cargo xtask bench`: runs the queen workload compiled to wasm in headless
//! Chromium (V8), and measures the page's budgets on the built dist/. Prints lines for xtask:
//!   wasm <technique> <traced|handwritten> <median> <min> <max> <accumulator>
//!   page first-render <ms>
//!   page toggle <median> <min> <max>
//! Usage: wasm-bench BENCH_WASM OCCUPANCIES RUNS [PARTS]
//! With PARTS > 1 the traced loop of each run is timed as PARTS consecutive calls over slices
//! of the workload (the same pairs, the same accumulator), which lets V8 tier the loop up.

use std::path::PathBuf;
use std::time::Duration;

use e2e::{Browser, StaticServer};
use fantoccini::wd::TimeoutConfiguration;
use sliders::Technique;

const PAGE: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Slider Lab wasm benchmark</title></head>
<body><script>
window.benchReady = WebAssembly.instantiateStreaming(fetch("sliders_bench.wasm"), {})
  .then(({ instance }) => { window.bench = instance.exports; });
</script></body></html>"#;

fn summary(mut rates: Vec<f64>) -> String {
    rates.sort_by(f64::total_cmp);
    format!("{:.1} {:.1} {:.1}", rates[rates.len() / 2], rates[0], rates[rates.len() - 1])
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let wasm = PathBuf::from(args.next().expect("the bench wasm"));
    let occupancies: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let parts: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1).max(1);

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
         window.benchReady.then(() => done(window.bench.prepare({occupancies})));"
    );
    let lookups = browser.client.execute_async(&prepare, vec![]).await.expect("prepare the workload");
    eprintln!("wasm-bench: {lookups} lookups per run");
    for (index, technique) in Technique::ALL.iter().enumerate() {
        // Alternate the two versions, as the native harness does.
        let script = format!(
            "const done = arguments[arguments.length - 1];
             const b = window.bench, lookups = {lookups};
             const traced = [], handwritten = [];
             let accumulator = 0n, twin = 0n;
             const parts = {parts}, occupancies = {occupancies}, size = Math.ceil(occupancies / parts);
             for (let r = 0; r < {runs}; r++) {{
               let t0 = performance.now();
               if (parts === 1) {{
                 accumulator = b.run_technique({index});
               }} else {{
                 accumulator = 0n;
                 for (let first = 0; first < occupancies; first += size) accumulator ^= b.run_technique_part({index}, first, size);
               }}
               traced.push(lookups / ((performance.now() - t0) * 1000));
               t0 = performance.now();
               twin = b.run_handwritten_technique({index});
               handwritten.push(lookups / ((performance.now() - t0) * 1000));
             }}
             const hex = x => '0x' + BigInt.asUintN(64, x).toString(16).padStart(16, '0');
             done({{ traced, handwritten, accumulator: hex(accumulator), twin: hex(twin) }});"
        );
        let result = browser.client.execute_async(&script, vec![]).await.expect("the technique runs");
        let rates =
            |name: &str| -> Vec<f64> { result[name].as_array().unwrap().iter().map(|r| r.as_f64().unwrap()).collect() };
        let accumulator = result["accumulator"].as_str().unwrap();
        println!("wasm {} traced {} {accumulator}", technique.name(), summary(rates("traced")));
        println!(
            "wasm {} handwritten {} {}",
            technique.name(),
            summary(rates("handwritten")),
            result["twin"].as_str().unwrap()
        );
    }
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);

    // The page's budgets, on the built dist/.
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
