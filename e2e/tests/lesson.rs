//! The lesson view: the board the reader edits, the current step's grids, its narration and the
//! highlighted line of code on one screen at 1280x720 and 1440x900, for a technique from each
//! article and every one of its steps; keys that work from anywhere; step links past the end;
//! the compare panel's wording; input errors beside the input.

use e2e::{square, Browser};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::Locator;
use serde_json::json;
use sliders::{Bitboard, Focus, Line, Slider, Square, Technique};

/// The four hooks of the lesson view, and the board.
/// The narration's first sentence always shows; the rest may fold behind "more".
const HOOKS: [&str; 5] =
    [".board", "[data-current-step]", "[data-current-result]", ".narration-first", "[data-current-line]"];

/// Presses and releases `key` on whatever has focus.
async fn press(browser: &Browser, key: char) {
    let keys =
        KeyActions::new("keyboard".into()).then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
    browser.client.perform_actions(keys).await.expect("the key is pressed");
}

/// Each hook's box, and whether it lies inside the viewport without scrolling.
async fn outside_the_viewport(browser: &Browser) -> Vec<String> {
    let script = format!(
        "const hooks = {HOOKS:?};
         const out = [];
         if (window.scrollY !== 0) out.push('the page scrolled to ' + window.scrollY);
         for (const hook of hooks) {{
           const element = document.querySelector(hook);
           if (!element) {{ out.push(hook + ' is missing'); continue; }}
           const r = element.getBoundingClientRect();
           if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || r.height === 0)
             out.push(hook + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
         }}
         return out;"
    );
    // Read in the frame after the page settles: what the reader sees, not a state between a
    // layout change and the resize observer that answers it before any paint.
    let value = browser.read_painted(&script).await;
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// Pixel positions and sizes, printed for the issue note.
async fn layout_figures(browser: &Browser) -> String {
    let script = "const box = s => { const r = document.querySelector(s).getBoundingClientRect(); return s + ' ' + [r.left, r.top, r.width, r.height].map(Math.round).join('/'); };
                  return ['.board', '[data-current-step]', '[data-current-result]', '.narration-first', '[data-current-line]'].map(box).join('; ');";
    browser.eval(script).await.as_str().unwrap().to_string()
}

#[tokio::test]
async fn board_step_narration_and_code_fit_one_screen_for_every_step() {
    let board = Bitboard(0x4ced_2200_0146_f848);
    let techniques = [
        Technique::ClassicalBranchless,
        Technique::Subtraction,
        Technique::ObstructionDifference,
        Technique::Sbamg,
        Technique::HyperbolaQuintessenceSimd,
        Technique::HyperbolaQuintessenceRbit,
    ];
    for size in [(1280, 720), (1440, 900)] {
        let browser = Browser::start_at("/", size).await;
        browser.open("?step=0").await;
        let viewport = browser.eval("return [innerWidth, innerHeight];").await;
        assert_eq!(viewport, serde_json::json!([size.0, size.1]), "the viewport is the size under test");
        for technique in techniques {
            for (slider, square) in [(Slider::Queen, Square::D2), (Slider::Rook, Square::A1)] {
                browser
                    .open(&format!("?technique={technique}&slider={slider}&square={square}&occupied={board}&step=0"))
                    .await;
                let steps = technique.trace(slider, square, board).steps.len();
                for index in 0..steps {
                    if index > 0 {
                        browser.next_step(index).await;
                    }
                    // A step from a shared file (first_rank.rs) fetches that file the first time
                    // it is shown: its marked line comes when the fetch does.
                    browser.wait_for("[data-current-line]", 10, "the code panel marks the step's line").await;
                    let outside = outside_the_viewport(&browser).await;
                    assert!(outside.is_empty(), "{size:?} {technique} {slider} {square} step {index}: {outside:?}");
                }
            }
            browser.click("[data-player=\"first\"]").await;
            println!("figure: {size:?} {technique} step 1: {}", layout_figures(&browser).await);
        }
        // A click on the board changes the step beside the pointer, with nothing scrolled.
        browser.open(&format!("?technique=subtraction&slider=rook&square=d2&occupied={board}&step=3")).await;
        let before = browser.attribute("[data-current-result]", "data-value").await;
        browser.click(&square("d5")).await;
        let after = browser.attribute("[data-current-result]", "data-value").await;
        assert_ne!(before, after, "toggling d5 changes o - 2r");
        let expected =
            Technique::Subtraction.trace(Slider::Rook, Square::D2, board.toggled(Square::D5)).steps[3].result;
        assert_eq!(after, Some(sliders_pictures::diagram::format_value(expected)));
        let outside = outside_the_viewport(&browser).await;
        assert!(outside.is_empty(), "{size:?} after a click on d5: {outside:?}");
        browser.close().await;
    }
}

#[tokio::test]
async fn space_does_not_scroll_and_keys_step_from_the_board() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?technique=obstruction-difference&slider=rook&square=d4&occupied=0x0008000000400800&step=0").await;
    let step = || async { browser.attribute("[data-current-step]", "data-step-index").await.unwrap() };
    // Space on the page plays instead of scrolling. The key goes to whatever has focus, as a
    // reader's would (an element's send_keys would first scroll that element into view).
    browser.eval("document.activeElement.blur(); window.scrollTo(0, 0);").await;
    press(&browser, ' ').await;
    assert_eq!(browser.eval("return window.scrollY;").await, 0, "Space left scrollY alone");
    let playing = browser.attribute("[data-player=\"play\"]", "title").await.unwrap();
    assert!(playing.starts_with("Pause"), "Space started the player: {playing}");
    press(&browser, ' ').await;
    // With the code panel focused too.
    browser.eval("document.querySelector('.code-panel .code').focus({ preventScroll: true });").await;
    press(&browser, ' ').await;
    assert_eq!(browser.eval("return window.scrollY;").await, 0);
    press(&browser, ' ').await;
    browser.click("[data-player=\"first\"]").await;
    // With a board square focused, ] and [ step and the arrows still move the cursor.
    let d4 = browser.client.find(Locator::Css(&square("d4"))).await.unwrap();
    d4.send_keys("]").await.unwrap();
    assert_eq!(step().await, "1");
    d4.send_keys("]").await.unwrap();
    d4.send_keys("[").await.unwrap();
    assert_eq!(step().await, "1");
    d4.send_keys(&Key::Up.to_string()).await.unwrap();
    assert_eq!(browser.eval("return document.activeElement.dataset.square;").await, "d5");
    assert_eq!(step().await, "1", "arrows on the board move the cursor, not the player");
    // ? lists every key; Esc closes the list.
    let d5 = browser.client.find(Locator::Css(&square("d5"))).await.unwrap();
    d5.send_keys("?").await.unwrap();
    let list = browser.client.find(Locator::Css("[data-key-help]")).await.expect("? opens the list of keys");
    let text = list.text().await.unwrap();
    for key in ["[ ]", "K", "Space", "Home", "Esc"] {
        assert!(text.contains(key), "{key} is listed: {text}");
    }
    let close = browser.client.find(Locator::Css("[data-key-help] button")).await.unwrap();
    close.send_keys(&Key::Escape.to_string()).await.unwrap();
    assert!(browser.client.find(Locator::Css("[data-key-help]")).await.is_err(), "Esc closes it");
    browser.close().await;
}

/// A menu keeps the keys that pick its options (its letters, Space and the arrows), but `[` and
/// `]` pick none: with a menu focused they step the player, and the menu keeps its choice; the
/// list of keys says both.
#[tokio::test]
async fn brackets_step_while_a_menu_has_focus() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    // A step shows finished at once, so the player's title says Pause only while it plays.
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    browser.open("?technique=obstruction-difference&slider=rook&square=d4&occupied=0x0008000000400800&step=0").await;
    let step = || async { browser.attribute("[data-current-step]", "data-step-index").await.unwrap() };
    let menu = "[data-technique-select]";
    // Focused as Tab focuses it: a click would open its list.
    browser.eval(&format!("document.querySelector('{menu}').focus();")).await;
    press(&browser, ']').await;
    assert_eq!(step().await, "1", "] steps on from the menu");
    press(&browser, ']').await;
    press(&browser, '[').await;
    assert_eq!(step().await, "1", "[ steps back from the menu");
    let menu_now = browser
        .eval(&format!("const m = document.querySelector('{menu}'); return [document.activeElement === m, m.value];"))
        .await;
    assert_eq!(
        menu_now,
        serde_json::json!([true, "obstruction-difference"]),
        "the menu keeps the focus and its choice"
    );
    // A letter is the menu's: K picks an option there, and does not play.
    press(&browser, 'k').await;
    let play = browser.attribute("[data-player=\"play\"]", "title").await.unwrap();
    assert!(play.starts_with("Play"), "K in the menu started the player: {play}");
    // The list of keys says so.
    browser.click("[data-keys-open]").await;
    let list = browser.client.find(Locator::Css("[data-key-help]")).await.expect("the list of keys opens");
    let text = list.text().await.unwrap();
    assert!(text.contains("while a board square or a menu has focus"), "[ ] in a menu is not listed: {text}");
    assert!(text.contains("K picks an option"), "K in a menu is not listed: {text}");
    browser.close().await;
}

/// At 1280x720 the player's buttons and its step bar stay where they are from step to step, so
/// a reader clicks Next again and again without chasing it. (The stepper's grid once shared its
/// spare height out among its rows: the player's row grew and shrank, its buttons moved 12 px.)
/// Next stays where it is, too, when Play becomes Pause.
#[tokio::test]
async fn the_player_stays_put_from_step_to_step() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    // Each step is read finished, as it first shows.
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    let tops = "return ['[data-player=\"next\"]', '[data-scrub]'].map(s => document.querySelector(s).getBoundingClientRect().top);";
    for technique in [Technique::Subtraction, Technique::Sbamg] {
        browser.open(&format!("?technique={technique}&slider=rook&square=d2&occupied={board}&step=0")).await;
        let first = browser.eval(tops).await;
        for index in 1..technique.trace(Slider::Rook, Square::D2, board).steps.len() {
            browser.click("[data-player=\"next\"]").await;
            let seen = browser.eval(tops).await;
            for (part, (then, now)) in
                ["Next", "the step bar"].iter().zip(first.as_array().unwrap().iter().zip(seen.as_array().unwrap()))
            {
                let (then, now) = (then.as_f64().unwrap(), now.as_f64().unwrap());
                assert!(
                    (now - then).abs() <= 1.0,
                    "{technique} step {}: {part} moved from {then} to {now} px",
                    index + 1
                );
            }
        }
    }
    // Play becomes Pause, and Next stays where it was: the label's width moved it 9 px.
    browser.open(&format!("?technique=sbamg&slider=rook&square=d2&occupied={board}&step=0")).await;
    let next_left = "return document.querySelector('[data-player=\"next\"]').getBoundingClientRect().left;";
    let paused = browser.eval(next_left).await.as_f64().unwrap();
    browser.click("[data-player=\"play\"]").await;
    let title = browser.attribute("[data-player=\"play\"]", "title").await.unwrap();
    assert!(title.starts_with("Pause"), "the player plays: {title}");
    let playing = browser.eval(next_left).await.as_f64().unwrap();
    assert!((playing - paused).abs() <= 0.5, "Next moved from x={paused} to x={playing} px as Play became Pause");
    browser.click("[data-player=\"play\"]").await;
    browser.close().await;
}

#[tokio::test]
async fn a_step_past_the_end_shows_the_last_step() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43&step=9999").await;
    let last = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43)).steps.len() - 1;
    assert_eq!(browser.attribute("[data-current-step]", "data-step-index").await, Some(last.to_string()));
    browser.close().await;
}

#[tokio::test]
async fn compare_says_what_o_minus_2r_matches_and_what_it_leaves_out() {
    let browser = Browser::start().await;
    browser.open("?technique=subtraction&slider=rook&square=d4&occupied=0x0").await;
    let row = browser.client.find(Locator::Css("[data-compare=\"subtraction\"]")).await.unwrap().text().await.unwrap();
    assert!(row.contains("matches the reference's positive rays"), "{row}");
    assert!(row.contains("leaves out the south and west rays"), "{row}");
    assert!(!row.contains("✓ matches reference"), "{row}");
    let left_out: Bitboard = browser
        .attribute("[data-compare=\"subtraction\"] [data-left-out]", "data-left-out")
        .await
        .unwrap()
        .parse()
        .unwrap();
    let full = Technique::Reference.attacks(Slider::Rook, Square::D4, Bitboard::EMPTY);
    assert_eq!(left_out, full & !Technique::Subtraction.attacks(Slider::Rook, Square::D4, Bitboard::EMPTY));
    browser.close().await;
}

#[tokio::test]
async fn an_input_error_stands_beside_the_input_and_a_fen_keeps_its_text() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d4&occupied=0x0").await;
    // The forms an article or an engine's source writes a constant in are all read.
    for form in ["C64(0x00000000000000ff)", "0xffULL", "0xff_u64", "ff"] {
        browser.submit_position(form).await;
        assert_eq!(browser.occupied().await, Bitboard(0xff), "{form}");
        assert!(browser.client.find(Locator::Css("[data-field-error]")).await.is_err(), "{form}: no error");
    }
    browser.submit_position("0x0").await;
    browser.submit_position("12z").await;
    let error = browser.client.find(Locator::Css("[data-field-error]")).await.expect("an error beside the box");
    let text = error.text().await.unwrap();
    assert!(text.contains("\"12z\" not used") && text.contains("decimal"), "{text}");
    assert_eq!(browser.attribute("[data-occupied-input]", "aria-invalid").await.as_deref(), Some("true"));
    let gap = browser
        .eval("const i = document.querySelector('[data-occupied-input]').getBoundingClientRect(); const e = document.querySelector('[data-field-error]').getBoundingClientRect(); return Math.round(e.top - i.bottom);")
        .await
        .as_i64()
        .unwrap();
    assert!((0..60).contains(&gap), "the message is right under the box: {gap} px");
    assert_eq!(browser.occupied().await, Bitboard::EMPTY, "the board is kept");
    // A long value is clipped in the message, and the page does not widen.
    browser.submit_position(&"z".repeat(3000)).await;
    let text = browser.client.find(Locator::Css("[data-field-error]")).await.unwrap().text().await.unwrap();
    assert!(text.len() < 200, "{text}");
    let overflow = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
    assert_eq!(overflow, 0);
    // A FEN is applied and keeps its text in the box.
    let fen = "8/8/8/3k4/8/8/3K4/8 w - - 0 1";
    browser.submit_position(fen).await;
    assert_eq!(browser.occupied().await, Square::D5.bit() | Square::D2.bit());
    let value = browser.client.find(Locator::Css("[data-occupied-input]")).await.unwrap().prop("value").await.unwrap();
    assert_eq!(value.as_deref(), Some(fen));
    assert!(browser.client.find(Locator::Css("[data-field-error]")).await.is_err(), "the error went");
    assert_eq!(browser.attribute("[data-occupied-input]", "aria-invalid").await.as_deref(), Some("false"));
    browser.close().await;
}

/// At 1280x720 the code is never crushed: at least 8 lines of it are in view (the composition's
/// snippet and the file together), the step's expression among them, and the narration's first sentence is in view too. The grids are
/// called what the step calls its operands ("potential_blockers", "2r"), with a letter only for a long
/// expression, said once under the grids.
async fn check_room_and_names(browser: &Browser, step: &sliders::Step, context: &str) {
    let room = browser
        .eval(
            "const code = document.querySelector('.code-panel > .code');
             const line = parseFloat(getComputedStyle(code.querySelector('.code-line')).lineHeight);
             const pres = [...document.querySelectorAll('.code-panel pre')].map(p => p.getBoundingClientRect());
             const bottom = Math.min(pres[pres.length - 1].bottom, innerHeight);
             const marked = document.querySelector('[data-current-line] mark.code-expression');
             const box = marked.closest('pre').getBoundingClientRect(); const mark = marked.getBoundingClientRect();
             const first = document.querySelector('.narration-first').getBoundingClientRect();
             return { lines: (bottom - pres[0].top - 10 * pres.length) / line, mark_top: mark.top - box.top, mark_bottom: box.bottom - mark.bottom,
                      mark_in_view: mark.bottom <= innerHeight, first_in_view: first.bottom <= innerHeight && first.height > 0,
                      captions: [...document.querySelectorAll('.equation figcaption')].filter(c => !c.closest('.lanes')).map(c => c.firstChild.textContent.trim()),
                      legend: document.querySelector('[data-operand-legend]')?.textContent ?? '' };",
        )
        .await;
    let lines = room["lines"].as_f64().unwrap();
    assert!(lines >= 8.0, "{context}: only {lines:.1} lines of code in view");
    assert!(
        room["mark_top"].as_f64().unwrap() >= 0.0 && room["mark_bottom"].as_f64().unwrap() >= 0.0,
        "{context}: {room}"
    );
    assert_eq!(room["mark_in_view"], true, "{context}: the expression is below the fold");
    assert_eq!(room["first_in_view"], true, "{context}: the narration's first sentence is out of view");
    // The grids' captions are the step's names, in order, and a letter comes with its meaning.
    let names = sliders_explain::marks::captions(step);
    let expected: Vec<&str> = names.into_iter().filter(|name| !name.is_empty()).collect();
    let captions: Vec<&str> = room["captions"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(captions, expected, "{context}");
    let legend = room["legend"].as_str().unwrap();
    for letter in ["a", "b"] {
        assert_eq!(captions.contains(&letter), legend.contains(&format!("{letter} is ")), "{context}: {legend:?}");
    }
}

/// The code panel marks the step's own expression inside its line, shows the algorithm alone,
/// and shows the whole file, imports and tables included, once "Whole file" is ticked.
#[tokio::test]
async fn the_code_panel_marks_the_expression_and_folds_the_rest_of_the_file() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    // Each step shown whole at once: with the animation's frames, each frame's narration moves
    // the panel, and a read between a frame's render and the resize observer that scrolls the
    // marked line back (before that frame is painted) saw the line out of view, where no reader
    // ever does (CI, twice: HQ by bit reversal's step 6, 22 px below the panel).
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    let shown = "return [...document.querySelectorAll('.code-panel > .code .code-line')]
                   .filter(l => l.getClientRects().length > 0).map(l => l.textContent.replace(/^\\d+/, ''));";
    for &technique in Technique::ALL {
        let trace = technique.trace(Slider::Rook, Square::D2, board);
        browser.open(&format!("?technique={technique}&slider=rook&square=d2&occupied={board}&step=0")).await;
        // The values table says which way its binary runs (the bit strip shows bit 0 on the left).
        let order = browser.eval("return document.querySelector('table.values thead').textContent;").await;
        assert!(order.as_str().unwrap().contains("binary, bit 63 (h8) first, bit 0 (a1) last"), "{order}");
        for (index, step) in trace.steps.iter().enumerate() {
            if index > 0 {
                browser.next_step(index).await;
            }
            // The composition's steps show in the compose.rs snippet above the file, marked the same way.
            let mark = browser
                .eval("const m = document.querySelector('[data-current-line] mark.code-expression'); return m && m.textContent;")
                .await;
            // The label shows the article's names where the file has the code's own (2r, two_r).
            let code = step.expression().replace("2r", "two_r").replace("3cbn", "cbnx3");
            let context = format!("{technique} step {}: {}", index + 1, step.label);
            assert_eq!(mark, serde_json::json!(code), "{context}");
            check_room_and_names(&browser, step, &context).await;
        }
        let lines = browser.eval(shown).await;
        let lines: Vec<&str> = lines.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        assert!(
            !lines.iter().any(|l| l.starts_with("use ") || l.trim_start().starts_with("#[")),
            "{technique}: {lines:?}"
        );
        assert!(lines.len() < technique.source().lines().count(), "{technique}: nothing folded");
        assert!(!lines.iter().any(|l| l.trim_start().starts_with("// shown as:")), "{technique}: {lines:?}");
        // Where the numbers skip, a dashed rule says lines are folded there, and nowhere else.
        let folds = browser
            .eval(
                "let before = 0; return [...document.querySelectorAll('.code-panel > .code .code-line')]
                   .filter(l => l.getClientRects().length > 0).map(l => {
                     const n = Number(l.dataset.line), skips = n !== before + 1; before = n;
                     return [n, skips, l.classList.contains('after-fold'), getComputedStyle(l).borderTopStyle];
                   }).filter(([, skips, marked]) => skips || marked);",
            )
            .await;
        for fold in folds.as_array().unwrap() {
            assert_eq!(
                (&fold[1], &fold[2], &fold[3]),
                (&json!(true), &json!(true), &json!("dashed")),
                "{technique}: {folds}"
            );
        }
        assert!(!folds.as_array().unwrap().is_empty(), "{technique}: no fold marked");
        // The last step's frames move the panel as its narration changes: click it when still.
        browser.wait_for_still().await;
        browser.click("label.whole-file").await;
        let ticked = browser.eval("return document.querySelector('[data-whole-file]').checked;").await;
        assert_eq!(ticked, serde_json::json!(true), "{technique}: the click on 'Whole file' ticks it");
        let whole = browser.eval(shown).await;
        assert_eq!(whole.as_array().unwrap().len(), technique.source().lines().count(), "{technique}: the whole file");
        browser.click("label.whole-file").await;
    }
    browser.close().await;
}

/// On a 390x844 phone the step comes right under the board: from the board's top to the bottom
/// of the step's first sentence, and to the top of its result, is at most one screen, on every
/// step of a technique from each article, and nothing scrolls sideways. (The grids, two to a row
/// with cells large enough to read, put the result's bottom further down.)
#[tokio::test]
async fn on_a_phone_the_steps_sentence_and_result_are_a_screen_from_the_board() {
    let browser = Browser::start_at("/", (390, 844)).await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    for technique in [
        Technique::ClassicalZeroCount,
        Technique::Subtraction,
        Technique::ObstructionDifference,
        Technique::Sbamg,
        Technique::HyperbolaQuintessence,
        Technique::HyperbolaQuintessenceSimd,
        Technique::HyperbolaQuintessenceRbit,
        Technique::Kindergarten,
        Technique::Magic,
    ] {
        let trace = technique.trace(Slider::Queen, Square::D2, board);
        browser.open(&format!("?v=2&technique={technique}&slider=queen&square=d2&occupied={board}&step=1")).await;
        for index in 0..trace.steps.len() {
            if index > 0 {
                browser.next_step(index).await;
            }
            let apart = browser
                .eval(
                    "const board = document.querySelector('.board').getBoundingClientRect();
                     const first = document.querySelector('.narration-first').getBoundingClientRect();
                     const result = document.querySelector('[data-current-result]').getBoundingClientRect();
                     return [Math.round(first.bottom - board.top), Math.round(result.top - board.top)];",
                )
                .await;
            let [sentence, result] = [0, 1].map(|i| apart[i].as_i64().unwrap());
            let step = index + 1;
            assert!(
                sentence <= 844,
                "{technique} step {step}: the first sentence ends {sentence} px below the board's top"
            );
            assert!(result <= 844, "{technique} step {step}: the result starts {result} px below the board's top");
        }
        let overflow = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
        assert_eq!(overflow, 0, "{technique}: the page scrolls sideways");
    }
    browser.close().await;
}

/// The six panels the panels module draws beside and below the lesson.
const PANELS: [&str; 6] = ["share", "position", "info", "export", "compare", "benchmark"];

/// The panels among [`PANELS`] whose host is missing or empty, after giving the module a moment
/// to draw (it draws after the page, in a task of its own).
async fn blank_panels(browser: &Browser) -> Vec<String> {
    let script = format!(
        "return {PANELS:?}.filter(panel => {{
             const host = document.querySelector('[data-panel-host=\"' + panel + '\"]');
             return host === null || host.childElementCount === 0 || host.textContent.trim() === '';
         }});"
    );
    let started = std::time::Instant::now();
    loop {
        let blank: Vec<String> = serde_json::from_value(browser.eval(&script).await).unwrap_or_default();
        if blank.is_empty() || started.elapsed() > std::time::Duration::from_secs(5) {
            return blank;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn the_panels_stay_drawn_when_the_key_list_opens_and_closes() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    assert_eq!(blank_panels(&browser).await, Vec::<String>::new(), "every panel is drawn at first");
    let board = browser.client.find(Locator::Css(&square("d4"))).await.unwrap();
    board.send_keys("?").await.unwrap();
    browser.client.find(Locator::Css("[data-key-help]")).await.expect("? opens the list of keys");
    assert_eq!(blank_panels(&browser).await, Vec::<String>::new(), "every panel is drawn with the key list open");
    let close = browser.client.find(Locator::Css("[data-key-help] button")).await.unwrap();
    close.send_keys(&Key::Escape.to_string()).await.unwrap();
    assert!(browser.client.find(Locator::Css("[data-key-help]")).await.is_err(), "Esc closes it");
    assert_eq!(blank_panels(&browser).await, Vec::<String>::new(), "every panel is drawn once the key list closed");
    browser.close().await;
}

/// A preset taken from an article shows that article's example first: SBAMG's sample is a rank,
/// so choosing it shows the first step on the 1st rank, though the trace works on the d-file
/// first.
#[tokio::test]
async fn the_sbamg_preset_opens_on_the_first_step_of_its_rank() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?technique=reference&slider=queen&square=a1&occupied=0x0").await;
    let presets = browser.client.find(Locator::Css("[data-preset-select]")).await.unwrap();
    presets.select_by_value("sbamg-rank").await.unwrap();
    let trace = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43));
    let first = trace.steps.iter().position(|s| s.focus == Focus::Line(Line::Rank)).unwrap();
    assert!(first > 0, "the trace starts on the d-file");
    let shown = format!("[data-current-step][data-step-index=\"{first}\"]");
    browser.wait_for(&shown, 10, "the rank's first step is shown").await;
    browser.wait_for_sources().await;
    let focus = browser.eval("return document.querySelector('[data-current-step] .focus').textContent;").await;
    assert_eq!(focus, "the 1st rank");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// A step on one lane of a SIMD value shows the result in both lanes side by side, each grid
/// labelled with its lane and the line it holds (or idle), the lane the step shows marked; a
/// step on one 64-bit word shows no lanes; a step on a turned word names the board it shows.
/// Every step of a queen's trace in byte-swapped lanes, and of a rook's in bit-reversed ones.
#[tokio::test]
async fn a_lane_step_shows_both_lanes_labelled_with_their_lines() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let board = Bitboard(0x0000_2010_0014_0800);
    // Eight lane-wise operations in each of a queen's two rounds, two steps each; twenty in
    // a rook's one round of bit reversals.
    for (technique, slider, expected) in [
        (Technique::HyperbolaQuintessenceSimd, Slider::Queen, 32),
        (Technique::HyperbolaQuintessenceRbit, Slider::Rook, 40),
    ] {
        let trace = technique.trace(slider, Square::D4, board);
        let lane_steps = check_lane_steps(&browser, &trace).await;
        assert_eq!(lane_steps, expected, "{technique}");
    }
    let trace = Technique::HyperbolaQuintessenceSimd.trace(Slider::Queen, Square::D4, board);
    assert!(
        trace.steps.iter().any(|step| step.lane.is_some_and(|lane| lane.line.is_none())),
        "the rook's round has an idle lane"
    );
    browser.close().await;
}

/// Steps through `trace` on the page, checking each step's lanes and the board its grids show;
/// gives the number of lane steps.
async fn check_lane_steps(browser: &Browser, trace: &sliders::Trace) -> usize {
    let names = sliders_explain::narration::Board::of(trace);
    let (technique, slider) = (trace.technique.unwrap(), trace.slider);
    let board = trace.occupied;
    browser.open(&format!("?v=2&technique={technique}&slider={slider}&square=d4&occupied={board}&step=1")).await;
    let mut lane_steps = 0;
    for (index, step) in trace.steps.iter().enumerate() {
        if index > 0 {
            browser.next_step(index).await;
        }
        let lanes = browser
            .eval(
                "return [...document.querySelectorAll('[data-lane]')].map(l => [l.dataset.lane, l.hasAttribute('data-shown-lane'), l.querySelector('.grid').getAttribute('aria-label')]);",
            )
            .await;
        let lanes = lanes.as_array().unwrap();
        // The board a turned word shows is named over the step.
        let note = browser.eval("return document.querySelector('[data-mirrored]')?.textContent ?? null;").await;
        assert_eq!(note.as_str(), step.board_note().as_deref(), "{technique} step {}: {}", index + 1, step.label);
        // At 1280x720 nothing of the step draws over the code, the lanes' grids included.
        let over = browser
            .eval(
                "const code = document.querySelector('.code-panel').getBoundingClientRect().top;
                 return Math.round(Math.max(...[...document.querySelectorAll('.step-view *')].map(e => e.getBoundingClientRect().bottom)) - code);",
            )
            .await;
        assert!(over.as_i64().unwrap() <= 0, "{technique} step {}: the step runs {over} px over the code", index + 1);
        let Some(pair) = trace.lane_pair(index) else {
            assert!(lanes.is_empty(), "{technique} step {}: {} shows lanes: {lanes:?}", index + 1, step.label);
            continue;
        };
        lane_steps += 1;
        assert_eq!(lanes.len(), 2, "{technique} step {}: {lanes:?}", index + 1);
        for (lane, shown) in pair.iter().zip(lanes) {
            let number = lane.lane.unwrap().index;
            let name = sliders_explain::narration::step_focus_name(lane, &names).unwrap();
            let expected = format!("{name}: {}", lane.result.board().unwrap());
            assert_eq!(shown[0], number.to_string(), "{technique} step {}", index + 1);
            assert_eq!(shown[1], lane.lane == step.lane, "{technique} step {}: the shown lane is marked", index + 1);
            assert_eq!(shown[2], expected.as_str(), "{technique} step {}", index + 1);
        }
    }
    lane_steps
}

/// On a laptop screen shorter than 720 px (a 1280x720 screen minus the browser's bars), nothing
/// of the step draws over the code: the page scrolls instead.
#[tokio::test]
async fn on_a_short_laptop_screen_the_step_stays_above_the_code() {
    let board = Bitboard(0x4ced_2200_0146_f848);
    for height in [577, 640, 700] {
        let browser = Browser::start_at("/", (1280, height)).await;
        for (technique, step) in [(Technique::Subtraction, 4), (Technique::HyperbolaQuintessenceSimd, 3)] {
            browser
                .open(&format!("?v=2&technique={technique}&slider=rook&square=d2&occupied={board}&step={step}"))
                .await;
            let apart = browser
                .eval(
                    "const code = document.querySelector('.code-panel').getBoundingClientRect().top;
                     const parts = [...document.querySelectorAll('.step-view *')].map(e => [e.getBoundingClientRect().bottom, e.className]);
                     parts.sort((a, b) => b[0] - a[0]);
                     return [Math.round(parts[0][0] - code), String(parts[0][1]), innerHeight, document.querySelector('.stepper').getBoundingClientRect().height];",
                )
                .await;
            let over = apart[0].as_i64().unwrap();
            assert!(over <= 0, "1280x{height} {technique} step {step}: the step runs {over} px over the code: {apart}");
        }
        browser.close().await;
    }
}
