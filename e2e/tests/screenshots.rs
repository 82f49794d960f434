//! Screenshots of the real page in the states a reader meets, written to target/screenshots/
//! for people to look at, with the layout checks that can be asserted: no horizontal scroll
//! at desktop or phone width.

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

/// Opens the rook-d2 example and pauses the borrow walk half-way.
async fn mid_borrow(browser: &Browser) {
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848").await;
    browser.click("[data-chip=\"3\"]").await;
    browser.click("[data-player=\"frame-back\"]").await;
    for _ in 0..20 {
        browser.click("[data-player=\"frame-back\"]").await;
    }
    for _ in 0..20 {
        browser.click("[data-player=\"frame-next\"]").await;
    }
    browser.client.find(Locator::Css(".bit-strip .bit.cursor")).await.expect("the walk is under way");
}

#[tokio::test]
async fn desktop_mid_borrow_walk() {
    let browser = Browser::start_at("/", (1280, 1400)).await;
    mid_borrow(&browser).await;
    save(&browser, "desktop-borrow.png").await;
    assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at 1280 px");
    browser.close().await;
}

#[tokio::test]
async fn phone_width_has_no_horizontal_scroll() {
    let browser = Browser::start_at("/", (390, 1600)).await;
    mid_borrow(&browser).await;
    save(&browser, "phone-borrow.png").await;
    let wide = browser
        .eval("return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.className || e.tagName);")
        .await;
    assert_eq!(horizontal_overflow(&browser).await, 0, "no horizontal scroll at 390 px; too wide: {wide}");
    browser.close().await;
}

#[tokio::test]
async fn dark_theme_and_a_scan() {
    let browser = Browser::start_at("/", (1280, 1400)).await;
    browser.open("?technique=obstruction-difference&slider=queen&square=d4&occupied=0x0012040028004100").await;
    browser.eval("document.documentElement.dataset.theme = 'dark';").await;
    browser.click("[data-chip=\"3\"]").await;
    browser.click("[data-player=\"frame-back\"]").await;
    save(&browser, "dark-lzcnt.png").await;
    let background = browser.eval("return getComputedStyle(document.body).backgroundColor;").await;
    assert_eq!(background, "rgb(21, 24, 28)", "the dark palette applies");
    browser.close().await;
}
