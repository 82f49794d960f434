//! Screenshots of the real page in the states a reader meets, written to target/screenshots/
//! for people to look at (1280x720, 1440x900, 390x844 and 360x740 phones, light and dark, and
//! presentation mode), with the layout checks that can be asserted: no horizontal scroll at any
//! of those widths.

use std::path::PathBuf;

use e2e::Browser;
use fantoccini::Locator;

fn shots_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn save(browser: &Browser, name: &str) {
    let png = browser.client.screenshot().await.expect("a screenshot");
    std::fs::write(shots_dir().join(name), png).unwrap();
}

async fn horizontal_overflow(browser: &Browser) -> i64 {
    let value = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
    value.as_i64().unwrap()
}

/// Opens the rook-d2 example in `theme` and pauses the borrow walk half-way.
async fn mid_borrow(browser: &Browser, theme: &str) {
    browser
        .open(&format!("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&theme={theme}"))
        .await;
    browser.click("[data-chip=\"3\"]").await;
    for _ in 0..21 {
        browser.click("[data-player=\"frame-back\"]").await;
    }
    for _ in 0..20 {
        browser.click("[data-player=\"frame-next\"]").await;
    }
    browser.client.find(Locator::Css(".bit-strip .bit.cursor")).await.expect("the walk is under way");
}

#[tokio::test]
async fn the_lesson_at_three_sizes_in_both_themes() {
    for (width, height) in [(1280, 720), (1440, 900), (390, 844), (360, 740)] {
        let browser = Browser::start_at("/", (width, height)).await;
        for theme in ["light", "dark"] {
            mid_borrow(&browser, theme).await;
            // The clicks scrolled to the buttons: show the page as a reader opens it.
            browser.eval("window.scrollTo(0, 0);").await;
            save(&browser, &format!("lesson-{width}x{height}-{theme}.png")).await;
            if width < 600 {
                // A phone shows the step under the board.
                browser.eval("document.querySelector('[data-current-step]').scrollIntoView();").await;
                save(&browser, &format!("lesson-{width}x{height}-{theme}-step.png")).await;
            }
            let wide = browser
                .eval("return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.className || e.tagName);")
                .await;
            assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at {width} px; too wide: {wide}");
        }
        browser.close().await;
    }
}

#[tokio::test]
async fn dark_theme_and_a_scan() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?technique=obstruction-difference&slider=queen&square=d4&occupied=0x0012040028004100").await;
    browser.eval("document.documentElement.dataset.theme = 'dark';").await;
    browser.click("[data-chip=\"3\"]").await;
    browser.click("[data-player=\"frame-back\"]").await;
    save(&browser, "dark-lzcnt.png").await;
    let background = browser.eval("return getComputedStyle(document.body).backgroundColor;").await;
    assert_eq!(background, "rgb(21, 24, 28)", "the dark palette applies");
    browser.close().await;
}

#[tokio::test]
async fn presentation_mode_on_a_projector_and_a_laptop() {
    for (width, height) in [(1920, 1080), (1280, 720)] {
        let browser = Browser::start_at("/", (width, height)).await;
        for theme in ["light", "dark"] {
            mid_borrow(&browser, theme).await;
            browser.client.find(Locator::Css("body")).await.unwrap().send_keys("p").await.unwrap();
            browser.client.find(Locator::Css("[data-presenting]")).await.expect("presentation mode");
            browser.eval("window.scrollTo(0, 0);").await;
            save(&browser, &format!("present-{width}x{height}-{theme}.png")).await;
            assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at {width} px");
            // The room watches the step: the board takes under a third of the width, each step
            // grid is over half the board's width, and the player is one row.
            let sizes = browser
                .eval(
                    "const board = document.querySelector('.board').getBoundingClientRect();
                     const grid = document.querySelector('[data-current-result]').getBoundingClientRect();
                     const first = document.querySelector('[data-player=\"first\"]').getBoundingClientRect();
                     const speed = document.querySelector('[data-speed]').getBoundingClientRect();
                     return [board.width / innerWidth, grid.width / board.width, Math.abs(speed.top + speed.height / 2 - first.top - first.height / 2)];",
                )
                .await;
            let [board, grid, rows] = [0, 1, 2].map(|i| sizes[i].as_f64().unwrap());
            assert!(board < 0.34, "{width}x{height}: the board takes {:.0}% of the width", board * 100.0);
            assert!(grid > 0.5, "{width}x{height}: a step grid is {:.0}% of the board's width", grid * 100.0);
            assert!(rows < 12.0, "{width}x{height}: the speed slider is off the player's row by {rows} px");
        }
        browser.close().await;
    }
}

/// A check's counter-example on a phone: the expected and the formula's grids side by side, each
/// with its hex on one line under it.
#[tokio::test]
async fn a_counter_example_on_a_phone() {
    let browser = Browser::start_at("/", (390, 844)).await;
    browser
        .open(
            "?v=2&technique=formula&formula=o%5E(o-2*r)&expect=rook&slider=rook&square=d2&occupied=0x4ced22000146f848",
        )
        .await;
    browser.wait_for_still().await;
    browser.click("[data-formula-check-start]").await;
    browser.client.wait().for_element(Locator::Css(".check-grids")).await.expect("a counter-example");
    browser.eval("document.querySelector('.check-grids').scrollIntoView(); return 1;").await;
    save(&browser, "counter-example-390x844.png").await;
    let lines = browser
        .eval("return [...document.querySelectorAll('.check-grids .grid-hex')].map(h => { const r = document.createRange(); r.selectNodeContents(h); return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; });")
        .await;
    // The counter-example's two grids, and the proof's three when it has finished by now.
    let lines: Vec<i64> = lines.as_array().unwrap().iter().map(|n| n.as_i64().unwrap()).collect();
    assert!(lines.len() >= 2 && lines.iter().all(|&n| n == 1), "each hex on one line: {lines:?}");
    assert_eq!(horizontal_overflow(&browser).await, 0);
    browser.close().await;
}

/// The panels below the lesson (Compare, Copy for an article, Benchmark) and the Share dialog,
/// styled by the panels' own sheet (static/panels.css), which their loader links and the first
/// load leaves out.
#[tokio::test]
async fn the_panels_with_their_own_styles() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?technique=magic&slider=rook&square=d4&occupied=0x0012040028004100").await;
    let sheets =
        "return [...document.styleSheets].map(s => s.href || '').filter(h => h.endsWith('panels.css')).length;";
    assert_eq!(browser.eval(sheets).await, 1, "the panels' loader linked panels.css once");
    let styled = browser
        .eval(
            "const table = document.querySelector('.compare table');
             return table && getComputedStyle(table).borderCollapse;",
        )
        .await;
    assert_eq!(styled, "collapse", "Compare's table is styled by panels.css");
    // Before anything is copied, the export's preview takes no room (no empty box).
    let preview =
        browser.eval("return document.querySelector('[data-export-text]').getBoundingClientRect().height;").await;
    assert_eq!(preview.as_f64(), Some(0.0), "the empty preview is not drawn");
    browser.eval("document.querySelector('.compare').scrollIntoView(); return 1;").await;
    save(&browser, "panels-compare-1280x720.png").await;
    browser.eval("document.querySelector('[data-panel-host=\"benchmark\"]').scrollIntoView(); return 1;").await;
    save(&browser, "panels-export-benchmark-1280x720.png").await;
    browser.eval("window.scrollTo(0, 0); return 1;").await;
    browser.click("[data-share-open]").await;
    let dialog = browser.eval("return getComputedStyle(document.querySelector('.share-dialog')).borderRadius;").await;
    assert_eq!(dialog, "10px", "the Share dialog is styled by panels.css");
    save(&browser, "panels-share-1280x720.png").await;
    browser.close().await;
}

/// The articles' presets at 1280x720 as a reader chooses them: o^(o-2r)'s rook on d2 at its
/// subtraction (difference = potential_blockers - 2r), and SBAMG's rank sample where it opens.
#[tokio::test]
async fn the_article_presets() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?technique=reference&slider=queen&square=a1&occupied=0x0").await;
    let presets = browser.client.find(Locator::Css("[data-preset-select]")).await.unwrap();
    presets.select_by_value("rook-d2").await.unwrap();
    browser.wait_for("[data-square=\"d2\"][data-slider]", 10, "the rook on d2").await;
    browser.click("[data-chip=\"3\"]").await;
    browser.wait_for_still().await;
    browser.eval("window.scrollTo(0, 0);").await;
    save(&browser, "preset-rook-d2-subtraction-1280x720.png").await;
    let presets = browser.client.find(Locator::Css("[data-preset-select]")).await.unwrap();
    presets.select_by_value("sbamg-rank").await.unwrap();
    browser.wait_for("[data-square=\"d1\"][data-slider]", 10, "the rook on d1").await;
    browser.wait_for_sources().await;
    browser.eval("window.scrollTo(0, 0);").await;
    save(&browser, "preset-sbamg-rank-1280x720.png").await;
    browser.close().await;
}

/// The proof's verdict under the check: a failure that needs a 40-square pattern, its map and
/// its fewest-piece board, at a desktop, an article's frame and a phone.
#[tokio::test]
async fn the_proof_of_a_formula_at_three_sizes() {
    let queen = sliders_formula::examples::EXAMPLES.iter().find(|e| e.id == "obstruction-difference").unwrap();
    let text = queen
        .text()
        .replace("return rook | bishop", "return rook | bishop | (((o & 0xffffffffff) == 0x55aa55aa55) ? r : 0)");
    let text: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
    for (width, height) in [(1280, 720), (600, 720), (390, 844)] {
        let browser = Browser::start_at("/", (width, height)).await;
        browser.open(&format!("?v=2&technique=formula&formula={text}&expect=queen&square=e4")).await;
        browser.wait_for("[data-formula-proof]", 60, "the proof's verdict").await;
        browser.eval("document.querySelector('[data-formula-check]').scrollIntoView();").await;
        save(&browser, &format!("proof-{width}x{height}.png")).await;
        assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at {width} px");
        browser.close().await;
    }
}

/// C with directives, `%` and `&&` in the editor, its note, a step inside a macro's use, and the
/// proof, at a desktop, an article's frame and a phone.
#[tokio::test]
async fn c_in_the_editor_at_three_sizes() {
    let text: String = url::form_urlencoded::byte_serialize(e2e::HEADER_C.as_bytes()).collect();
    for (width, height) in [(1280, 720), (600, 720), (390, 844)] {
        let browser = Browser::start_at("/", (width, height)).await;
        browser
            .open(&format!(
                "?v=2&technique=formula&formula={text}&expect=north&slider=rook&square=d4&occupied=0x0008000000000000&step=2"
            ))
            .await;
        browser.wait_for("[data-formula-note]", 10, "the note on #include").await;
        save(&browser, &format!("c-formula-step-{width}x{height}.png")).await;
        browser.eval("document.querySelector('[data-formula-input]').scrollIntoView();").await;
        save(&browser, &format!("c-formula-{width}x{height}.png")).await;
        assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at {width} px");
        browser.close().await;
    }
}
