//! Permalinks, notices for bad parameters, history, the last visit, the embedded view in an
//! article at 600 px, the hosted build under a sub-path, and the export for authors.

use std::time::Duration;

use e2e::{square, Browser};
use fantoccini::Locator;
use sliders::{Bitboard, Slider, Square, Technique};
use sliders_pictures::diagram;

async fn step_index(browser: &Browser) -> Option<String> {
    browser.attribute(".step-view", "data-step-index").await
}

async fn technique(browser: &Browser) -> String {
    browser.eval("return document.querySelector('[data-technique-select]').value;").await.as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_permalink_reproduces_board_technique_and_step() {
    let browser = Browser::start().await;
    browser.open("?technique=reference&slider=rook&square=a1&occupied=0x0").await;
    let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
    select.select_by_value("classical-zero-count").await.unwrap();
    browser.click("[data-choose-slider=\"bishop\"]").await;
    browser.click("[data-tool=\"place\"]").await;
    browser.click(&square("e4")).await;
    browser.click("[data-tool=\"occupancy\"]").await;
    for name in ["c2", "g6", "b7"] {
        browser.click(&square(name)).await;
    }
    browser.click("[data-chip=\"5\"]").await;
    let board = browser.occupied().await;
    browser.click("[data-share-open]").await;
    let link =
        browser.client.find(Locator::Css("[data-share-link]")).await.unwrap().prop("value").await.unwrap().unwrap();
    // Chip 5 is step 6 on the screen, and a version 2 link counts as the screen does.
    assert!(link.contains("v=2") && link.contains("step=6"), "{link}");
    let code =
        browser.client.find(Locator::Css("[data-share-code]")).await.unwrap().prop("value").await.unwrap().unwrap();
    assert!(code.starts_with("<iframe") && code.contains("embed=1"), "{code}");
    browser.close().await;

    // A new browser, with nothing but the link.
    let fresh = Browser::start().await;
    fresh.goto(&link).await;
    fresh.client.wait().for_element(Locator::Css(&square("h1"))).await.unwrap();
    assert_eq!(fresh.occupied().await, board);
    assert_eq!(technique(&fresh).await, "classical-zero-count");
    assert_eq!(fresh.attribute(&square("e4"), "data-slider").await.as_deref(), Some("bishop"));
    assert_eq!(step_index(&fresh).await.as_deref(), Some("5"));
    let expected = Technique::ClassicalZeroCount.attacks(Slider::Bishop, Square::E4, board);
    assert_eq!(fresh.attribute("[data-result]", "data-value").await, Some(expected.to_string()));
    fresh.close().await;
}

#[tokio::test]
async fn each_bad_parameter_gets_a_notice_and_its_default() {
    let browser = Browser::start().await;
    browser.open("?v=1&technique=black-magic&slider=rook&square=z9&occupied=12345&step=9999&theme=plaid").await;
    for parameter in ["technique", "square", "occupied", "step", "theme"] {
        let notice = browser.client.find(Locator::Css(&format!("[data-notice=\"{parameter}\"]"))).await;
        let text = notice.unwrap_or_else(|_| panic!("no notice for {parameter}")).text().await.unwrap();
        assert!(text.contains(parameter), "{text}");
    }
    // The defaults stand in: obstruction difference, rook on d4; step 9999 is past the end of
    // that trace, so the last step shows.
    assert_eq!(technique(&browser).await, "obstruction-difference");
    assert_eq!(browser.attribute(&square("d4"), "data-slider").await.as_deref(), Some("rook"));
    let default_board = Bitboard(0x0000_0800_0840_0000);
    let last = Technique::ObstructionDifference.trace(Slider::Rook, Square::D4, default_board).steps.len() - 1;
    assert_eq!(step_index(&browser).await, Some(last.to_string()));
    browser.click("[data-notice=\"square\"] .dismiss").await;
    assert!(browser.client.find(Locator::Css("[data-notice=\"square\"]")).await.is_err(), "dismissed");
    assert!(browser.client.find(Locator::Css("[data-notice=\"technique\"]")).await.is_ok());
    browser.close().await;
}

#[tokio::test]
async fn back_returns_to_the_previous_setup_and_edits_do_not_flood_history() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d4&occupied=0x0").await;
    let before = browser.eval("return history.length;").await.as_i64().unwrap();
    for name in ["a1", "b2", "c3", "d5"] {
        browser.click(&square(name)).await;
    }
    assert_eq!(
        browser.eval("return history.length;").await.as_i64().unwrap(),
        before,
        "square edits replace the entry"
    );
    let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
    select.select_by_value("classical-branchless").await.unwrap();
    assert_eq!(browser.eval("return history.length;").await.as_i64().unwrap(), before + 1);
    browser.client.back().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(technique(&browser).await, "sbamg");
    let board: Bitboard = [Square::A1, Square::B2, Square::C3, Square::D5].into_iter().collect();
    assert_eq!(browser.occupied().await, board, "the entry kept the last edits");
    browser.close().await;
}

#[tokio::test]
async fn arrow_keys_in_the_technique_selector_add_one_history_entry() {
    let browser = Browser::start().await;
    browser.open("?technique=classical-conditional&slider=rook&square=d4&occupied=0x0").await;
    let before = browser.eval("return history.length;").await.as_i64().unwrap();
    let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
    // WebDriver's code for ArrowDown: each press selects the next technique and fires change.
    for _ in 0..3 {
        select.send_keys("\u{E015}").await.unwrap();
    }
    let reached = technique(&browser).await;
    assert_ne!(reached, "classical-conditional", "the arrow keys changed the technique");
    assert_eq!(
        browser.eval("return history.length;").await.as_i64().unwrap(),
        before + 1,
        "one entry for the browse, not one per key"
    );
    browser.client.back().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(technique(&browser).await, "classical-conditional", "Back returns to where the browse began");
    browser.close().await;
}

#[tokio::test]
async fn the_last_state_comes_back_on_a_visit_without_a_query() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=queen&square=f3&occupied=0x0000000000000000").await;
    browser.click(&square("f6")).await;
    browser.open("").await;
    assert_eq!(technique(&browser).await, "sbamg");
    assert_eq!(browser.attribute(&square("f3"), "data-slider").await.as_deref(), Some("queen"));
    assert_eq!(browser.occupied().await, Square::F6.bit());
    browser.close().await;
}

#[tokio::test]
async fn the_embed_demo_sizes_its_iframes_and_fits_600_px() {
    let browser = Browser::start_at("/", (1000, 900)).await;
    browser.goto(&browser.server.url("static/embed-demo.html")).await;
    for id in ["rook-d2", "sbamg"] {
        let selector = format!("#{id}[data-reported-height]");
        browser.wait_for(&selector, 20, &format!("{id} never reported its height")).await;
        let height: i64 = browser.attribute(&format!("#{id}"), "height").await.unwrap().parse().unwrap();
        assert!(height > 300, "{id}: the iframe grew to its content, {height} px");
    }
    // Inside the first iframe: 600 px wide, the embed view, no horizontal scroll, a link to the full page.
    browser.client.enter_frame(0).await.unwrap();
    browser.client.wait().for_element(Locator::Css("[data-square=\"h1\"]")).await.unwrap();
    // The frame is 600 px; its content box all of it but a scrollbar's gutter, which an embed
    // keeps (main.css), where the browser gives scrollbars room.
    let widths = browser.eval("return [innerWidth, document.documentElement.clientWidth];").await;
    let content = widths[1].as_i64().unwrap();
    assert!(widths[0] == 600 && (580..=600).contains(&content), "{widths}");
    let overflow = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
    assert!(overflow.as_i64().unwrap() <= 0, "no horizontal scroll at 600 px: {overflow}");
    assert!(browser.client.find(Locator::Css(".page-header")).await.is_err(), "no header in embed mode");
    // The demo's link is version 2, counting steps from 1: step=4 is the fourth step, index 3.
    assert_eq!(step_index(&browser).await.as_deref(), Some("3"), "v=2&step=4 from the iframe's address");
    let full = browser.attribute("[data-open-full]", "href").await.unwrap();
    assert!(full.contains("technique=subtraction") && full.contains("step=4") && !full.contains("embed"), "{full}");
    let screenshot = browser.client.screenshot().await.unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("embed-demo.png"), screenshot).unwrap();
    browser.client.enter_parent_frame().await.unwrap();
    // The second one was asked for no code panel.
    browser.client.enter_frame(1).await.unwrap();
    browser.client.wait().for_element(Locator::Css("[data-square=\"h1\"]")).await.unwrap();
    assert!(browser.client.find(Locator::Css(".code-panel")).await.is_err(), "code=0");
    browser.close().await;
}

#[tokio::test]
async fn embed_without_controls_plays_by_itself() {
    let browser = Browser::start_at("/", (600, 900)).await;
    browser
        .open("?embed=1&controls=0&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0008000000400800")
        .await;
    assert!(browser.client.find(Locator::Css(".player")).await.is_err(), "controls=0 hides the player");
    // Step 0 is held until its first sentence can be read (a few seconds), then it moves on.
    let started = std::time::Instant::now();
    while step_index(&browser).await.as_deref() == Some("0") {
        assert!(started.elapsed() < Duration::from_secs(15), "autoplay never moved past step 0");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    browser.close().await;
}

#[tokio::test]
async fn dist_works_under_a_sub_path_with_no_outside_requests() {
    let browser = Browser::start_at("/slider-lab/", (1280, 900)).await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    assert_eq!(browser.attribute("[data-result]", "data-value").await.as_deref(), Some("0x0808080808080876"));
    browser.click(&square("e1")).await;
    let resources = browser.eval("return performance.getEntriesByType('resource').map(e => e.name);").await;
    let origin = format!("http://127.0.0.1:{}/", browser.server.port);
    for name in resources.as_array().unwrap() {
        let name = name.as_str().unwrap();
        assert!(name.starts_with(&origin), "a request left 127.0.0.1: {name}");
    }
    let requests = browser.server.requests.lock().unwrap().clone();
    assert!(requests.len() >= 4, "{requests:?}");
    assert!(requests.iter().all(|r| r.starts_with("/slider-lab/")), "every asset under the sub-path: {requests:?}");
    browser.close().await;
}

#[tokio::test]
async fn the_ascii_export_of_the_rook_d2_example_is_the_trace_command_output() {
    let browser = Browser::start().await;
    browser.open("?technique=reference&slider=queen&square=a1&occupied=0x0").await;
    let presets = browser.client.find(Locator::Css("[data-preset-select]")).await.unwrap();
    presets.select_by_value("rook-d2").await.unwrap();
    browser.click("[data-export=\"trace\"]").await;
    // Copied, or refused with the text offered in a selected text area; either way it is said
    // (the panel's script and module load on this first click).
    let status = browser
        .wait_for("[data-export-status]", 10, "the export says what it did")
        .await
        .attr("data-export-status")
        .await
        .unwrap()
        .unwrap();
    let text = browser.client.find(Locator::Css("[data-export-text]")).await.unwrap().text().await.unwrap();
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    assert_eq!(text.trim_end(), diagram::trace(&trace).trim_end());
    if status == "refused" {
        let fallback = browser.client.find(Locator::Css("[data-export-fallback]")).await.unwrap();
        assert_eq!(fallback.prop("value").await.unwrap().unwrap().trim_end(), diagram::trace(&trace).trim_end());
    } else {
        assert_eq!(status, "copied");
    }
    browser.click("[data-export=\"c\"]").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let text = browser.client.find(Locator::Css("[data-export-text]")).await.unwrap().text().await.unwrap();
    assert!(text.contains("C64(0x") && text.contains("ULL"), "{text}");
    browser.close().await;
}

/// The `src` and `height` of the Share dialog's iframe code, read as an author's browser would.
fn iframe_src_and_height(code: &str) -> (String, i64) {
    let attribute = |name: &str| {
        let start = code.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("no {name} in {code}")) + name.len() + 3;
        code[start..].split('"').next().unwrap().to_string()
    };
    (attribute("src").replace("&amp;", "&"), attribute("height").parse().unwrap())
}

/// What the embedded page reports to static/embed.js as its content height.
const CONTENT_HEIGHT: &str = "return Math.max(document.body.scrollHeight, document.body.offsetHeight);";

#[tokio::test]
async fn the_share_dialogs_iframe_code_holds_its_embed_and_brings_embed_js() {
    // A position from each of the four articles.
    let positions = [
        ("classical-zero-count", "d2", "0x4ced22000146f848"),
        ("subtraction", "d2", "0x4ced22000146f848"),
        ("obstruction-difference", "d4", "0x0000080008400000"),
        ("sbamg", "d1", "0x0000000000000043"),
    ];
    for (technique, square_name, occupied) in positions {
        let browser = Browser::start().await;
        browser.open(&format!("?technique={technique}&slider=rook&square={square_name}&occupied={occupied}")).await;
        browser.click("[data-share-open]").await;
        let read_code = || async {
            let code = browser.client.find(Locator::Css("[data-share-code]")).await.unwrap();
            code.prop("value").await.unwrap().unwrap()
        };
        let default_code = read_code().await;
        browser.click("[data-embed-option=\"code\"]").await;
        let without_code_panel = read_code().await;
        assert_ne!(default_code, without_code_panel, "the code panel option changes the code");
        for (options, code) in [("default", &default_code), ("code panel off", &without_code_panel)] {
            // One block to paste: the iframe and the script that sizes it, from the page's own site.
            let script = code.lines().find(|line| line.starts_with("<script")).unwrap_or_else(|| panic!("{code}"));
            assert!(script.contains("/static/embed.js\"") && script.contains(" defer"), "{script}");
            assert!(code.contains(" width=\"600\""), "{code}");
            let (src, height) = iframe_src_and_height(code);
            assert_eq!(src.contains("code=0"), options == "code panel off", "{src}");
            let frame = Browser::start_at("/", (600, height as u32)).await;
            frame.goto(&src).await;
            frame.wait_for("[data-square=\"h1\"]", 20, "the embed renders").await;
            frame.wait_for_sources().await;
            let content = frame.eval(CONTENT_HEIGHT).await.as_i64().unwrap();
            eprintln!("{technique}, {options}: content {content} px in a frame of {height} px");
            assert!(content <= height, "{technique}, {options}: the embed is {content} px tall, its frame {height} px");
            frame.close().await;
        }
        // Open until here: the iframe's address is on this browser's server.
        browser.close().await;
    }
}

#[tokio::test]
async fn the_share_dialog_offers_the_embeds_speed_and_writes_it_in_the_iframe_code() {
    let browser = Browser::start().await;
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&speed=2").await;
    browser.click("[data-share-open]").await;
    let code = || async {
        let code = browser.client.find(Locator::Css("[data-share-code]")).await.unwrap();
        code.prop("value").await.unwrap().unwrap()
    };
    // Until the author picks one, the embed plays at the page's own speed.
    assert!(code().await.contains("speed=2"), "{}", code().await);
    let chosen = browser.eval("const s = document.querySelector('[data-embed-speed]'); s.value = '0'; s.dispatchEvent(new Event('change', { bubbles: true })); return s.options.length;").await;
    assert_eq!(chosen, serde_json::json!(5), "one option for each of the player's speeds");
    let start = std::time::Instant::now();
    while !code().await.contains("speed=0") {
        assert!(start.elapsed() < Duration::from_secs(5), "the chosen speed is not in the code: {}", code().await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser.close().await;
}
