//! The in-browser benchmark: its worker runs the speed-built module to the end, its accumulator
//! equals the core's over the same workload, every technique reports a positive figure, the
//! module is fetched only on start, and the page keeps drawing frames meanwhile.

use e2e::Browser;
use fantoccini::Locator;
use sliders::workload::{extend, Xorshift96};
use sliders::Technique;

const WORKER_LOADED: &str =
    "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/static/bench-worker.js'));";

#[tokio::test]
async fn the_benchmark_panel_runs_every_technique_without_freezing_the_page() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d4&occupied=0x0").await;
    // Record the gaps between animation frames while the benchmark runs.
    browser
        .eval(
            "window.longestFrame = 0; let last = performance.now();
             (function frame(t) { window.longestFrame = Math.max(window.longestFrame, t - last); last = t;
               if (!document.querySelector('[data-bench-done]')) requestAnimationFrame(frame); })(last);",
        )
        .await;
    assert_eq!(browser.eval(WORKER_LOADED).await, serde_json::Value::Bool(false), "nothing loads before Start");
    browser.click("[data-bench-start]").await;
    let done = browser.wait_for("[data-bench-done]", 240, "the benchmark finishes").await;
    let shown = done.text().await.unwrap();

    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    extend(&mut Xorshift96::default(), 500_000, &mut occupancies, &mut squares);
    let expected = Technique::ALL.iter().fold(0, |acc, t| acc ^ t.xor_queen_attacks(&occupancies, &squares));
    assert_eq!(shown, format!("accumulator {expected:#018x}"), "the page computed what the core computes");

    assert!(browser.client.find(Locator::Css("[data-bench-error]")).await.is_err(), "no mismatch reported");
    let rows = browser
        .eval("return [...document.querySelectorAll('[data-benchmark-technique]')].map(r => [r.dataset.benchmarkTechnique, +r.dataset.mqps, r.dataset.partial || null, r.querySelector('th').textContent]);")
        .await;
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), Technique::ALL.len());
    for &technique in Technique::ALL {
        let row = rows.iter().find(|r| r[0] == technique.name()).unwrap_or_else(|| panic!("no row for {technique}"));
        assert!(row[1].as_f64().unwrap() > 0.0, "{row}");
        // A row names its technique as the page does, never by its id.
        assert!(row[3].as_str().unwrap().starts_with(technique.title()), "{row}");
        // A technique that computes part of a queen's attacks says so, and is not ranked.
        let partial = technique.positive_rays_only().then_some("positive rays");
        assert_eq!(row[2].as_str(), partial, "{row}");
    }
    let ranked = rows.iter().take_while(|r| r[2].is_null()).count();
    assert!(rows[ranked..].iter().all(|r| !r[2].is_null()), "the partial rows come after every ranked one: {rows:?}");
    let rates: Vec<f64> = rows[..ranked].iter().map(|r| r[1].as_f64().unwrap()).collect();
    assert!(rates.windows(2).all(|pair| pair[0] >= pair[1]), "fastest first: {rates:?}");
    // Each bar's length reached it through the CSSOM (no inline style under the CSP).
    let bars = browser
        .eval(
            "return [...document.querySelectorAll('.bench-bar')].map(b => [b.dataset.percent,
               b.style.getPropertyValue('--bar'), b.getBoundingClientRect().width]);",
        )
        .await;
    let bars = bars.as_array().unwrap();
    assert_eq!(bars.len(), Technique::ALL.len());
    for bar in bars {
        assert_eq!(bar[1].as_str().unwrap(), format!("{}%", bar[0].as_str().unwrap()), "{bar}");
        assert!(bar[2].as_f64().unwrap() > 0.0, "a bar with no length: {bar}");
    }
    // The worker (which fetches the speed-built module) came only when asked for.
    assert_eq!(browser.eval(WORKER_LOADED).await, serde_json::Value::Bool(true));
    let bars = rows;
    // The native figures of BENCHMARKS.md stand beside, labelled with their machine.
    let native = browser.client.find(Locator::Css("[data-bench-native]")).await.unwrap().text().await.unwrap();
    assert!(native.contains("timed by cargo xtask bench on "), "{native}");
    // Each native cell is BENCHMARKS.md's default-build figure, with the build for the machine's
    // own CPU in brackets where that ran more than twice as fast (the bit reversal: pshufb).
    let report =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../BENCHMARKS.md")).unwrap();
    let cells = browser
        .eval("return Object.fromEntries([...document.querySelectorAll('[data-benchmark-technique]')].map(r => [r.dataset.benchmarkTechnique, r.querySelectorAll('td')[3].textContent]));")
        .await;
    let mut bracketed = 0;
    for line in report.lines().filter_map(|l| l.strip_prefix("bench ")) {
        let field = |name: &str| -> f64 {
            let value =
                line.split(' ').find_map(|f| f.strip_prefix(name)).unwrap_or_else(|| panic!("{name} in {line}"));
            value.parse().unwrap()
        };
        let technique = line.split(' ').next().unwrap();
        let (default, own) = (field("native="), field("cpu_native="));
        let expected = if own > 2.0 * default {
            bracketed += 1;
            format!("{default:.1} ({own:.1})")
        } else {
            format!("{default:.1}")
        };
        assert_eq!(cells[technique].as_str(), Some(expected.as_str()), "{technique}'s native cell");
    }
    assert!(bracketed > 0, "BENCHMARKS.md has a technique whose own-CPU build ran over twice as fast");
    // For a look as a reader: the finished panel, written to target/screenshots/.
    browser.eval("document.querySelector('.benchmark').scrollIntoView();").await;
    let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    std::fs::write(shots.join("benchmark-1280x720.png"), browser.client.screenshot().await.unwrap()).unwrap();
    let longest = browser.eval("return window.longestFrame;").await.as_f64().unwrap();
    let rates: Vec<String> =
        bars.iter().map(|b| format!("{} {:.1}", b[0].as_str().unwrap(), b[1].as_f64().unwrap())).collect();
    println!("figure: in-page benchmark MQueens/s: {}", rates.join(", "));
    println!("figure: longest gap between frames during the in-page benchmark: {longest:.1} ms");
    browser.close().await;
}

/// The reader's formula, once checked, is compiled and timed in the same worker on the same
/// workload: the obstruction difference written as a formula ranks beside the built-in.
#[tokio::test]
async fn a_checked_formula_is_timed_beside_the_techniques() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula").await;
    browser.open_example("obstruction-difference").await;
    let note = browser.client.find(Locator::Css("[data-bench-formula-note]")).await.unwrap().text().await.unwrap();
    assert!(note.contains("once its check agrees"), "{note}");
    browser.click("[data-formula-check-start]").await;
    browser.wait_for("[data-compiled-check=\"agrees\"]", 60, "the formula and its WebAssembly agree").await;
    let note = browser.client.find(Locator::Css("[data-bench-formula-note]")).await.unwrap().text().await.unwrap();
    assert!(note.contains("Your formula is timed too"), "{note}");
    browser.click("[data-bench-start]").await;
    browser.wait_for("[data-bench-done]", 300, "the benchmark finishes").await;
    assert!(
        browser.client.find(Locator::Css("[data-bench-error]")).await.is_err(),
        "the worker's formula result matched the reference"
    );
    let rows = browser
        .eval("return [...document.querySelectorAll('tr[data-benchmark-technique]:not([data-partial])')].map(r => [r.dataset.benchmarkTechnique, +r.dataset.mqps]);")
        .await;
    let rows = rows.as_array().unwrap();
    // Ranked: every technique that computes a queen's whole attacks, and the formula, which does.
    let whole = Technique::ALL.iter().filter(|t| !t.positive_rays_only()).count();
    assert_eq!(rows.len(), whole + 1, "{rows:?}");
    let rate = |name: &str| rows.iter().find(|r| r[0] == name).and_then(|r| r[1].as_f64()).unwrap_or_default();
    let (formula, built_in) = (rate("formula"), rate("obstruction-difference"));
    assert!(formula > 0.0, "{rows:?}");
    let rates: Vec<f64> = rows.iter().map(|r| r[1].as_f64().unwrap()).collect();
    assert!(rates.windows(2).all(|pair| pair[0] >= pair[1]), "ranked, fastest first: {rates:?}");
    println!(
        "obstruction difference, MQueens/s in this browser: the formula compiled {formula}, the built-in {built_in} ({:.0}%)",
        formula / built_in * 100.0
    );
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}
