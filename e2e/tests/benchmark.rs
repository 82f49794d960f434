//! The in-page benchmark: it runs to the end, its accumulator equals the core's over the same
//! workload, each technique gets a bar, and the longest frame during the run is printed.

use std::time::Duration;

use e2e::Browser;
use fantoccini::Locator;
use sliders::workload::{extend, Xorshift96};
use sliders::Technique;

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
    browser.click("[data-bench-start]").await;
    let done = browser
        .client
        .wait()
        .at_most(Duration::from_secs(240))
        .for_element(Locator::Css("[data-bench-done]"))
        .await
        .expect("the benchmark finishes");
    let shown = done.text().await.unwrap();

    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    extend(&mut Xorshift96::default(), 500_000, &mut occupancies, &mut squares);
    let expected = Technique::ALL.iter().fold(0, |acc, t| acc ^ t.xor_queen_attacks(&occupancies, &squares));
    assert_eq!(shown, format!("accumulator {expected:#018x}"), "the page computed what the core computes");

    let bars = browser
        .eval("return [...document.querySelectorAll('[data-bench]')].map(g => [g.dataset.bench, +g.dataset.rate]);")
        .await;
    let bars = bars.as_array().unwrap();
    assert_eq!(bars.len(), Technique::ALL.len());
    for (bar, technique) in bars.iter().zip(Technique::ALL) {
        assert_eq!(bar[0], technique.name());
        assert!(bar[1].as_f64().unwrap() > 0.0, "{bar}");
    }
    let longest = browser.eval("return window.longestFrame;").await.as_f64().unwrap();
    let rates: Vec<String> =
        bars.iter().map(|b| format!("{} {:.0}", b[0].as_str().unwrap(), b[1].as_f64().unwrap())).collect();
    println!("figure: in-page benchmark MQueens/s: {}", rates.join(", "));
    println!("figure: longest gap between frames during the in-page benchmark: {longest:.1} ms");
    browser.close().await;
}
