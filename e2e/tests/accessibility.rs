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

/// At either end the buttons that cannot move say so, and keep their place in the tab order.
#[tokio::test]
async fn player_buttons_that_cannot_move_say_so() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43&step=0").await;
    // The step buttons (the frame buttons' ends are the step's animation's: first_screen.rs).
    let stuck = || async {
        browser
            .eval("return [...document.querySelectorAll('[data-player][aria-disabled=true]')].map(b => b.dataset.player).filter(b => !b.startsWith('frame'));")
            .await
    };
    assert_eq!(stuck().await, serde_json::json!(["first", "back"]));
    browser.click("[data-player=\"last\"]").await;
    assert_eq!(stuck().await, serde_json::json!(["next", "last"]));
    let focusable = browser.eval("return document.querySelector('[data-player=next]').disabled;").await;
    assert_eq!(focusable, false, "not disabled: the keyboard keeps its place");
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

/// The screen reader hears each step once, in words computed from its values: the live region
/// holds the core's announcement, and the animation's frames leave it alone.
#[tokio::test]
async fn the_live_region_announces_the_step_not_its_frames() {
    let (slider, square, occupied) = (Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    let trace = Technique::Subtraction.trace(slider, square, occupied);
    let index = subtraction_step();
    let browser = Browser::start().await;
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&speed=0").await;
    let live = browser.eval("return document.querySelectorAll('[aria-live]').length;").await;
    assert_eq!(live, 2, "one live region for the step, one for the result: no more");
    browser.click(&format!("[data-chip=\"{index}\"]")).await;
    let board = sliders_explain::narration::Board::of(&trace);
    let count = trace.steps.len();
    let expected = sliders_explain::narration::announcement(&trace.steps[index], index, count, &board);
    assert_eq!(
        expected,
        "Step 4 of 13, the d-file. potential_blockers minus 2r equals difference: 42 bits set, the borrow stops at bit 51 (d7)."
    );
    let said = || async { browser.eval("return document.querySelector('[data-announcement]').textContent;").await };
    assert_eq!(said().await, expected.as_str());
    // Walking the borrow frame by frame changes the picture, not what was announced.
    for _ in 0..5 {
        browser.click("[data-player=\"frame-back\"]").await;
        assert_eq!(said().await, expected.as_str());
    }
    browser.click("[data-player=\"next\"]").await;
    let next = sliders_explain::narration::announcement(&trace.steps[index + 1], index + 1, count, &board);
    assert_eq!(said().await, next.as_str());
    browser.close().await;
}

/// Borrow trail, slider and attacked squares differ by shape as well as by hue.
#[tokio::test]
async fn marks_differ_by_shape_not_only_by_hue() {
    let browser = Browser::start().await;
    // The step shown finished at once, with its whole borrow trail.
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&speed=0").await;
    browser.click(&format!("[data-chip=\"{}\"]", subtraction_step())).await;
    let style = |selector: &str, pseudo: &str, property: &str| {
        format!("return getComputedStyle(document.querySelector('{selector}'), {pseudo})['{property}'];")
    };
    let borrow = browser.eval(&style(".step-view .cell.borrow:not(.cursor)", "null", "outlineStyle")).await;
    assert_eq!(borrow, "dashed", "the borrow trail is dashed");
    let slider = browser.eval(&style(".step-view .cell.slider-cell", "null", "backgroundImage")).await;
    assert!(slider.as_str().unwrap().starts_with("radial-gradient"), "the slider is a dot: {slider}");
    let attacked = browser.eval(&style(".square.attacked", "'::after'", "backgroundImage")).await;
    assert!(attacked.as_str().unwrap().starts_with("linear-gradient"), "attacked squares have a notch: {attacked}");
    let blocker = browser.eval(&style(".square .blocker", "null", "borderRadius")).await;
    assert_eq!(blocker, "50%", "blockers are discs");
    browser.close().await;
}

/// On phones every control is a touch target of at least 40 by 40 px, and nothing scrolls
/// sideways from 360 px up.
#[tokio::test]
async fn touch_targets_are_40_px_and_phones_do_not_scroll_sideways() {
    for width in [360, 390] {
        let browser = Browser::start_at("/", (width, 800)).await;
        browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848").await;
        let small = browser
            .eval(
                "return [...document.querySelectorAll('button, select, input, [data-square], .chip')]
                   .filter(e => e.getClientRects().length && !e.closest('.visually-hidden, dialog:not([open])'))
                   .map(e => [e.dataset.square || e.className || e.tagName, e.getBoundingClientRect()])
                   .filter(([, r]) => r.width < 39.5 || r.height < 39.5)
                   .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));",
            )
            .await;
        assert_eq!(small, serde_json::json!([]), "targets under 40 px at {width} px");
        // Every technique: their file names differ in length (hyperbola_quintessence.rs is long),
        // and the code panel's heading shows the whole path.
        for technique in Technique::ALL {
            browser.open(&format!("?technique={technique}&slider=queen&square=d4&step=5")).await;
            let overflow =
                browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
            assert_eq!(overflow, 0, "no horizontal scroll at {width} px with {technique}");
        }
        // An article's iframe as wide as the phone: the squares keep their 40 px and still
        // fit the board (its embed size once let 40 px squares spill past the frame).
        browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&embed=1").await;
        let outside = browser
            .eval(
                "const board = document.querySelector('.board').getBoundingClientRect();
                 return [...document.querySelectorAll('[data-square]')].map(e => [e.dataset.square, e.getBoundingClientRect()])
                   .filter(([, r]) => r.width < 39.5 || r.left < board.left - 0.5 || r.right > board.right + 0.5)
                   .map(([name]) => name);",
            )
            .await;
        assert_eq!(outside, serde_json::json!([]), "embed at {width} px: squares under 40 px or outside the board");
        let overflow = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
        assert_eq!(overflow, 0, "no horizontal scroll in the embed at {width} px");
        browser.close().await;
    }
}

/// Presentation mode: the board, the step, its narration and the code, scaled up; P and the
/// address turn it on and off.
#[tokio::test]
async fn presentation_mode_shows_only_the_lesson_scaled_up() {
    let browser = Browser::start_at("/", (1920, 1080)).await;
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&step=3&present=1").await;
    let shown = |selector: &str| {
        let selector = selector.to_string();
        let browser = &browser;
        async move {
            let script = format!(
                "return [...document.querySelectorAll('{selector}')].some(e => e.getClientRects().length > 0);"
            );
            browser.eval(&script).await.as_bool().unwrap()
        }
    };
    // The narration's paragraph lends its two parts to the step's column (display: contents):
    // its first sentence is what always shows.
    for selector in ["[data-presenting] .board", "[data-current-step]", ".narration-first", ".code-panel .code-line"] {
        assert!(shown(selector).await, "{selector} is shown");
    }
    for selector in [".page-header", ".setup", ".compare", ".benchmark", ".export", ".step-strip", ".position-panel"] {
        assert!(!shown(selector).await, "{selector} is hidden");
    }
    let font = browser.eval("return parseFloat(getComputedStyle(document.documentElement).fontSize);").await;
    assert!(font.as_f64().unwrap() >= 23.0, "scaled up for a projector: {font}");
    let fits = browser
        .eval(
            "return document.querySelector('[data-presenting] .board').getBoundingClientRect().bottom <= innerHeight
                 && document.querySelector('.narration-first').getBoundingClientRect().bottom <= innerHeight;",
        )
        .await;
    assert_eq!(fits, true, "board and narration fit the screen");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let line_shown = browser
        .eval(
            "const line = document.querySelector('[data-current-line]').getBoundingClientRect();
               const code = document.querySelector('.code-panel .code').getBoundingClientRect();
               return line.top >= code.top && line.bottom <= code.bottom && code.bottom <= innerHeight;",
        )
        .await;
    assert_eq!(line_shown, true, "the step's line of code is in sight");
    // P leaves it, and the address forgets it; P again comes back.
    browser.client.find(Locator::Css("body")).await.unwrap().send_keys("p").await.unwrap();
    assert!(shown(".setup").await && !shown("[data-presenting]").await);
    let search = browser.eval("return location.search;").await;
    assert!(!search.as_str().unwrap().contains("present"), "{search}");
    browser.client.find(Locator::Css("body")).await.unwrap().send_keys("p").await.unwrap();
    assert!(shown("[data-presenting]").await);
    assert!(browser.eval("return location.search;").await.as_str().unwrap().ends_with("present=1"));
    browser.click("[data-present-exit]").await;
    assert!(shown(".setup").await);
    browser.close().await;
}

/// Printing gives the current step's diagrams: board and step, none of the controls.
#[tokio::test]
async fn print_shows_the_board_and_the_step_only() {
    let browser = Browser::start().await;
    browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&step=3").await;
    browser.emulate_print().await;
    let visible = |selector: &str| format!("return !!document.querySelector('{selector}')?.getClientRects().length;");
    for selector in [".board", "[data-current-step] .grid", ".narration-first", ".narration-rest"] {
        assert_eq!(browser.eval(&visible(selector)).await, true, "{selector} prints");
    }
    // On paper nothing folds: the whole narration prints.
    let whole = browser
        .eval("const rest = document.querySelector('.narration-rest'); return rest.scrollHeight <= rest.clientHeight + 1;")
        .await;
    assert_eq!(whole, true, "the narration prints whole");
    for selector in [".player", ".setup", ".code-panel", ".compare", ".benchmark", ".export", ".header-tools"] {
        assert_eq!(browser.eval(&visible(selector)).await, false, "{selector} does not print");
    }
    let background = browser.eval("return getComputedStyle(document.body).backgroundColor;").await;
    assert_eq!(background, "rgb(255, 255, 255)");
    browser.close().await;
}
