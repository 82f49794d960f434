//! axe-core (installed into .tools/ by `cargo xtask test`) finds no violation of WCAG 2.1 A and
//! AA, or of its best practices, in the views of the release page: light and dark, embedded at
//! 600 px, a 390 px phone, the middle of a trace, presentation mode, and predict mode asking and
//! checked.

use e2e::Browser;

/// A rook on d2 with the subtraction article's pieces: a trace with a borrow to stop midway.
const LESSON: &str = "?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&speed=0";

fn axe_source() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.tools/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (cargo xtask test installs axe-core there)", path.display()))
}

/// The violations axe reports on the page as it is now, one line each, with a few of the nodes.
async fn violations(browser: &Browser) -> Vec<String> {
    // WebDriver's scripts run outside the page's Content-Security-Policy, so axe can be injected.
    browser.eval(&format!("{}\nwindow.axe = axe; return null;", axe_source())).await;
    let script = "const done = arguments[arguments.length - 1];
        window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
          .then(result => done(result.violations.map(v => v.id + ' (' + v.impact + ', ' + v.nodes.length + ' nodes): '
            + v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' — ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '))))
          .catch(error => done(['axe failed: ' + error]));";
    let found = browser.client.execute_async(script, vec![]).await.expect("axe runs");
    found.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

async fn assert_clean(browser: &Browser, view: &str) {
    let found = violations(browser).await;
    assert!(found.is_empty(), "{view}: {} axe violations:\n{}", found.len(), found.join("\n"));
}

#[tokio::test]
async fn the_main_page_in_light_and_dark() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(LESSON).await;
    assert_clean(&browser, "light, 1280 px").await;
    browser.emulate_media("prefers-color-scheme", "dark").await;
    assert_clean(&browser, "dark, 1280 px").await;
    browser.close().await;
}

#[tokio::test]
async fn the_page_embedded_at_600_px() {
    let browser = Browser::start_at("/", (600, 500)).await;
    browser.open(&format!("{LESSON}&embed=1")).await;
    assert_clean(&browser, "embed, 600 px").await;
    browser.close().await;
}

#[tokio::test]
async fn a_phone_at_390_px() {
    let browser = Browser::start_at("/", (390, 844)).await;
    browser.open(LESSON).await;
    assert_clean(&browser, "phone, 390 px").await;
    browser.close().await;
}

#[tokio::test]
async fn the_middle_of_a_trace() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(LESSON).await;
    let chips = browser.eval("return document.querySelectorAll('[data-chip]').length;").await.as_u64().unwrap();
    browser.click(&format!("[data-chip=\"{}\"]", chips / 2)).await;
    assert_clean(&browser, "mid-trace, light").await;
    browser.emulate_media("prefers-color-scheme", "dark").await;
    assert_clean(&browser, "mid-trace, dark").await;
    browser.close().await;
}

#[tokio::test]
async fn presentation_mode_in_light_and_dark() {
    let browser = Browser::start_at("/", (1920, 1080)).await;
    browser.open(&format!("{LESSON}&step=3&present=1")).await;
    assert_clean(&browser, "presentation, light").await;
    browser.emulate_media("prefers-color-scheme", "dark").await;
    assert_clean(&browser, "presentation, dark").await;
    browser.close().await;
}

#[tokio::test]
async fn predict_mode_asking_and_checked() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser
        .open(
            "?v=2&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000080000400000&predict=1&step=2",
        )
        .await;
    browser.click("[data-predict-cell=\"d5\"]").await;
    assert_clean(&browser, "predict mode, asking").await;
    browser.click("[data-predict-check]").await;
    browser.wait_for_still().await;
    assert_clean(&browser, "predict mode, checked").await;
    // An exercise's last lesson, every step shown: its banner, the score and the total.
    browser.open("?exercise=sbamg%3Arook%3Ad1%3A0x0000000000000043&lesson=1").await;
    for index in 0..64 {
        if index > 0 {
            browser.next_step(index).await;
        }
        browser.click("[data-predict-skip]").await;
        if browser.read_painted("return !!document.querySelector('[data-exercise-score]');").await == true {
            break;
        }
    }
    browser.wait_for_still().await;
    assert_clean(&browser, "an exercise, scored").await;
    browser.close().await;
}
