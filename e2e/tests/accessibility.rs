//! Accessibility basics in the real page: the board is a grid of rows of cells, the player's
//! buttons are named by the words they show, and with prefers-reduced-motion a step appears
//! finished at once, with no transitions.

use e2e::Browser;
use fantoccini::Locator;
use sliders::{Bitboard, Op, Slider, Square, Technique};

#[tokio::test]
async fn the_board_is_a_grid_of_eight_rows_of_eight_cells() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    let rows = browser
        .eval("return [...document.querySelectorAll('[role=grid] > [role=row]')].map(r => r.querySelectorAll(':scope > [role=gridcell]').length);")
        .await;
    assert_eq!(rows, serde_json::json!([8, 8, 8, 8, 8, 8, 8, 8]));
    let first = browser.eval("return document.querySelector('[role=row] [data-square]').dataset.square;").await;
    assert_eq!(first, "a8", "rank 8 first");
    browser.close().await;
}

#[tokio::test]
async fn player_buttons_are_named_by_what_they_show() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    let names = browser
        .eval("return [...document.querySelectorAll('[data-player]')].map(b => [b.getAttribute('aria-label'), b.textContent.replace(/[^A-Za-z ]/g, '').trim()]);")
        .await;
    for pair in names.as_array().unwrap() {
        assert!(pair[0].is_null(), "no aria-label that could differ from the text: {pair}");
        assert!(pair[1].as_str().unwrap().len() >= 4, "a word a reader sees and a screen reader says: {pair}");
    }
    browser.close().await;
}

/// The subtraction step of the rook-d2 example, whose borrow animates over 41 frames.
fn subtraction_step() -> usize {
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    trace.steps.iter().position(|s| s.op == Op::Sub).unwrap()
}

async fn animating(browser: &Browser) -> bool {
    let cursor = browser
        .eval("return document.querySelectorAll('.bit-strip .bit.cursor, .step-view .cell.pending').length;")
        .await;
    cursor.as_u64().unwrap() > 0
}

#[tokio::test]
async fn with_reduced_motion_a_step_appears_finished_at_once() {
    let query = "?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&speed=0";
    let chip = format!("[data-chip=\"{}\"]", subtraction_step());
    // Without the preference the step animates (the check below can fail)…
    let browser = Browser::start().await;
    browser.open(query).await;
    browser.click(&chip).await;
    assert!(animating(&browser).await, "the borrow walks when motion is welcome");
    browser.close().await;
    // …with it, the step is shown whole as soon as it is chosen, and nothing transitions.
    let browser = Browser::start().await;
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    browser.open(query).await;
    browser.click(&chip).await;
    assert!(!animating(&browser).await, "no frame of the borrow walk, only its end");
    let end = browser.client.find(Locator::Css("[data-borrow-end]")).await.unwrap().text().await.unwrap();
    assert_eq!(end, "borrow absorbed at bit 51 (d7)");
    let transition = browser.eval("return getComputedStyle(document.querySelector('.cell')).transitionDuration;").await;
    assert_eq!(transition, "0s");
    browser.close().await;
}
