//! The visualizer in the real page: painting, placing sliders, stepping every technique to its
//! end against the core's trace, the borrow animation, bad input, the keyboard, and the cost of
//! an edit (printed as a figure, not asserted).

use std::time::Duration;

use e2e::{square, Browser};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::Locator;
use sliders::{Bitboard, Slider, Square, Technique};
use sliders_pictures::diagram::format_value;

async fn drag(browser: &Browser, squares: &[&str]) {
    let mut mouse = MouseActions::new("mouse".into());
    for (i, name) in squares.iter().enumerate() {
        let element = browser.client.find(Locator::Css(&square(name))).await.unwrap();
        mouse = mouse.then(PointerAction::MoveToElement {
            element,
            duration: Some(Duration::from_millis(30)),
            x: 0.0,
            y: 0.0,
        });
        if i == 0 {
            mouse = mouse.then(PointerAction::Down { button: MOUSE_BUTTON_LEFT });
        }
    }
    mouse = mouse.then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    browser.client.perform_actions(mouse).await.expect("the drag is performed");
}

#[tokio::test]
async fn a_drag_paints_with_the_first_squares_new_state() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=rook&square=h8&occupied=0x0000000000000000").await;
    drag(&browser, &["a1", "b1", "c1", "c2"]).await;
    let expected: Bitboard = [Square::A1, Square::B1, Square::C1, Square::C2].into_iter().collect();
    assert_eq!(browser.occupied().await, expected);
    // Starting on an occupied square clears instead.
    drag(&browser, &["b1", "c1"]).await;
    assert_eq!(browser.occupied().await, Square::A1.bit() | Square::C2.bit());
    assert_eq!(
        browser.result().await,
        Technique::Sbamg.attacks(Slider::Rook, Square::H8, Square::A1.bit() | Square::C2.bit())
    );
    browser.close().await;
}

#[tokio::test]
async fn each_slider_can_be_chosen_and_placed() {
    let browser = Browser::start().await;
    let board = Bitboard(0x0042_0018_2400_8100);
    browser.open(&format!("?technique=classical-generalized&slider=rook&square=a1&occupied={board}")).await;
    browser.click("[data-tool=\"place\"]").await;
    for (slider, target) in [(Slider::Rook, Square::E4), (Slider::Bishop, Square::C5), (Slider::Queen, Square::F6)] {
        browser.click(&format!("[data-choose-slider=\"{}\"]", slider.name())).await;
        browser.click(&square(target.name())).await;
        assert_eq!(browser.attribute(&square(target.name()), "data-slider").await.as_deref(), Some(slider.name()));
        assert_eq!(browser.result().await, Technique::ClassicalGeneralized.attacks(slider, target, board));
        let glyph = browser.client.find(Locator::Css(&format!("{} .glyph", square(target.name())))).await.unwrap();
        assert!(!glyph.text().await.unwrap().is_empty(), "the slider is drawn with a glyph");
    }
    assert_eq!(browser.occupied().await, board, "placing a slider leaves the occupancy alone");
    browser.close().await;
}

#[tokio::test]
async fn every_technique_steps_to_its_end_in_agreement_with_the_core() {
    let browser = Browser::start().await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    browser.open(&format!("?technique=reference&slider=queen&square=d2&occupied={board}")).await;
    for &technique in Technique::ALL {
        let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
        select.select_by_value(technique.name()).await.unwrap();
        let trace = technique.trace(Slider::Queen, Square::D2, board);
        browser.click("[data-player=\"first\"]").await;
        for (index, step) in trace.steps.iter().enumerate() {
            if index > 0 {
                browser.next_step(index).await;
            }
            // Only the result carries a value hook in the equation; operands have none.
            let seen = browser
                .read_painted(
                    "const view = document.querySelector('.step-view');
                     return [view.dataset.stepIndex, view.querySelector('.equation [data-value]')?.dataset.value ?? '',
                             document.querySelector('[data-step-label]').innerText];",
                )
                .await;
            assert_eq!(seen[0], index.to_string(), "{technique}");
            assert_eq!(seen[1], format_value(step.result), "{technique} step {}: {}", index + 1, step.label);
            assert_eq!(seen[2], *step.label);
        }
        // At the end, the last step's result is the attack set the page reports.
        assert_eq!(browser.result().await, trace.result, "{technique}");
        assert_eq!(trace.steps.last().unwrap().result.board(), Some(trace.result));
        if technique.positive_rays_only() {
            browser.client.find(Locator::Css("[data-positive-only]")).await.expect("positive rays only is said");
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn the_borrow_walks_to_the_blocker_in_the_rook_d2_example() {
    let browser = Browser::start().await;
    browser.open("?technique=reference&slider=queen&square=a1&occupied=0x0").await;
    let presets = browser.client.find(Locator::Css("[data-preset-select]")).await.unwrap();
    presets.select_by_value("rook-d2").await.unwrap();
    assert_eq!(browser.attribute(&square("d2"), "data-slider").await.as_deref(), Some("rook"));
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    let sub = trace.steps.iter().position(|s| s.op == sliders::Op::Sub).unwrap();
    browser.click(&format!("[data-chip=\"{sub}\"]")).await;
    // Pause at the first frame: the borrow starts on e2, the bit of 2r.
    for _ in 0..60 {
        browser.click("[data-player=\"frame-back\"]").await;
    }
    let cursor = || async { browser.attribute(".bit-strip .bit.cursor", "title").await };
    assert_eq!(cursor().await.as_deref(), Some("bit 12 (e2)"));
    let grid_cursor = browser
        .eval(
            "return [...document.querySelectorAll('.step-view .grid')].pop().querySelectorAll('.cell.cursor').length;",
        )
        .await;
    assert_eq!(grid_cursor, 1, "the board grid shows the borrow too");
    for _ in 12..51 {
        browser.click("[data-player=\"frame-next\"]").await;
    }
    assert_eq!(cursor().await.as_deref(), Some("bit 51 (d7)"), "the borrow reaches the first blocker, d7");
    let class = browser.attribute(".bit-strip .bit.cursor", "class").await.unwrap();
    assert!(class.contains("borrow"), "{class}");
    browser.click("[data-player=\"frame-next\"]").await;
    let cursors = browser.eval("return document.querySelectorAll('.bit-strip .bit.cursor').length;").await;
    assert_eq!(cursors, 0, "absorbed: the animation is over");
    let narration = browser.client.find(Locator::Css("[data-narration]")).await.unwrap().text().await.unwrap();
    assert!(narration.contains("until bit 51 (d7)") && narration.contains("absorbs it"), "{narration}");
    let end = browser.client.find(Locator::Css("[data-borrow-end]")).await.unwrap().text().await.unwrap();
    assert_eq!(end, "borrow absorbed at bit 51 (d7)");
    browser.close().await;
}

#[tokio::test]
async fn bad_fen_and_bad_hex_keep_the_board_and_say_why() {
    let browser = Browser::start().await;
    let board = Bitboard(0x0000_0810_2000_0000);
    browser.open(&format!("?technique=sbamg&slider=rook&square=d4&occupied={board}")).await;
    browser.submit_position("rnbqkbnr/pppppppp/8/8").await;
    let message = browser.client.find(Locator::Css("[data-message]")).await.unwrap().text().await.unwrap();
    assert!(message.contains("FEN") && message.contains("8 ranks"), "{message}");
    assert_eq!(browser.occupied().await, board);
    browser.submit_position("0x1ffffffffffffffff").await;
    let message = browser.client.find(Locator::Css("[data-message]")).await.unwrap().text().await.unwrap();
    assert!(message.contains("17 hex digits"), "{message}");
    assert_eq!(browser.occupied().await, board);
    // A good FEN is taken, and the message goes.
    browser.submit_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").await;
    assert_eq!(browser.occupied().await, Bitboard(0xffff_0000_0000_ffff));
    assert!(browser.client.find(Locator::Css("[data-message]")).await.is_err());
    browser.close().await;
}

#[tokio::test]
async fn the_board_and_the_player_work_from_the_keyboard() {
    let browser = Browser::start().await;
    browser.open("?technique=obstruction-difference&slider=rook&square=d4&occupied=0x0").await;
    let d4 = browser.client.find(Locator::Css(&square("d4"))).await.unwrap();
    d4.send_keys(&Key::Up.to_string()).await.unwrap();
    let focused = browser.eval("return document.activeElement.dataset.square;").await;
    assert_eq!(focused, "d5");
    let d5 = browser.client.find(Locator::Css(&square("d5"))).await.unwrap();
    d5.send_keys(&Key::Enter.to_string()).await.unwrap();
    assert_eq!(browser.attribute(&square("d5"), "data-occupied").await.as_deref(), Some("true"));
    // Page shortcuts: End goes to the last step, Home to the first.
    let body = browser.client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::End.to_string()).await.unwrap();
    let count = Technique::ObstructionDifference.trace(Slider::Rook, Square::D4, Square::D5.bit()).steps.len();
    assert_eq!(browser.attribute(".step-view", "data-step-index").await, Some((count - 1).to_string()));
    body.send_keys(&Key::Home.to_string()).await.unwrap();
    assert_eq!(browser.attribute(".step-view", "data-step-index").await.as_deref(), Some("0"));
    // Also while a square has the focus (the board's keys are its arrows): the player moves,
    // and the page does not scroll.
    let scroll = "return [document.activeElement.dataset.square, scrollY];";
    browser.eval(&format!("document.querySelector('{}').focus();", square("d5"))).await;
    let before = browser.eval(scroll).await;
    assert_eq!(before[0], "d5", "{before}");
    d5.send_keys(&Key::End.to_string()).await.unwrap();
    assert_eq!(browser.attribute(".step-view", "data-step-index").await, Some((count - 1).to_string()));
    d5.send_keys(&Key::Home.to_string()).await.unwrap();
    assert_eq!(browser.attribute(".step-view", "data-step-index").await.as_deref(), Some("0"));
    assert_eq!(browser.eval(scroll).await, before, "the focus stays on d5 and the page stays where it was");
    browser.close().await;
}

#[tokio::test]
async fn figure_an_edit_rerenders_the_biggest_trace_within_a_frame() {
    let browser = Browser::start().await;
    let technique = Technique::ALL
        .iter()
        .copied()
        .max_by_key(|t| t.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100)).steps.len())
        .unwrap();
    browser.open(&format!("?technique={technique}&slider=queen&square=d4&occupied=0x0012040028004100")).await;
    let (rendered, framed) = browser.time_toggles("e5", 21).await;
    assert_eq!(rendered.len(), 21, "every edit re-rendered the page");
    let steps = technique.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100)).steps.len();
    println!(
        "figure: square toggle to re-rendered DOM, {technique} queen ({steps} steps): median {:.1} ms (min {:.1}, max {:.1}); to the next animation frame: median {:.1} ms",
        rendered[rendered.len() / 2],
        rendered[0],
        rendered[rendered.len() - 1],
        framed[framed.len() / 2],
    );
    browser.close().await;
}

/// The grids' marks, and the key under them: which squares each grid of the step marks as the
/// slider's (cells in rank 8 to rank 1 order), whether any cell is on the borrow's path, and the
/// key's text (null when there is none).
const GRID_KEY: &str = "
    const files = 'abcdefgh';
    const grids = [...document.querySelectorAll('.step-view .equation .grid')].filter(g => !g.closest('.lanes'));
    const marked = grids.map(g => [...g.children].flatMap((cell, i) =>
        cell.classList.contains('slider-cell') ? [files[i % 8] + (8 - Math.floor(i / 8))] : []).sort().join(','));
    const borrow = grids.some(g => g.querySelector('.cell.borrow'));
    const key = document.querySelector('[data-grid-key]');
    return [marked.filter(m => m), borrow, key && key.textContent];";

/// The page says what its marks mean, as the exported pictures do: the slider's ring and dot
/// (on a zero bit too) and the borrow's dashed path, on every step of a plain and a mirrored
/// technique, each claim true of the grids on screen.
#[tokio::test]
async fn the_grids_marks_have_a_key_that_is_true_of_each_step() {
    let browser = Browser::start().await;
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    let (mut moved, mut borrowed) = (0, 0);
    for (technique, slider, square) in [
        (Technique::Subtraction, Slider::Rook, Square::D2),
        (Technique::HyperbolaQuintessence, Slider::Queen, Square::D4),
    ] {
        let steps = technique.trace(slider, square, board).steps.len();
        browser.open(&format!("?v=2&technique={technique}&slider={slider}&square={square}&occupied={board}")).await;
        for index in 0..steps {
            if index > 0 {
                browser.next_step(index).await;
            }
            let seen = browser.read_painted(GRID_KEY).await;
            let context = format!("{technique} step {}: {seen}", index + 1);
            let marked: Vec<&str> = seen[0].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            let key = seen[2].as_str().unwrap_or("");
            let own = square.name();
            if marked.is_empty() {
                assert!(!key.contains("ring and dot"), "no grid marks the slider: {context}");
            } else if marked.iter().all(|m| *m == own) {
                assert!(key.starts_with(&format!("The ring and dot mark the {slider} on {own}.")), "{context}");
            } else {
                let said =
                    format!("The ring and dot mark where the {slider}'s bit stands in each grid ({own} on the board).");
                assert!(key.starts_with(&said), "{context}");
                moved += 1;
            }
            assert_eq!(key.contains("Dashed squares: the borrow's path."), seen[1] == true, "{context}");
            borrowed += usize::from(seen[1] == true);
        }
    }
    assert!(moved > 0 && borrowed > 0, "{moved} steps with a moved mark, {borrowed} with a borrow");
    browser.close().await;
}

/// The closed technique menu shows its chosen option out of its group: it names the article as
/// well as the variant ("SBAMG · o^(o-3cbn)"), for every technique; the open list keeps the
/// variant's name alone under the article's group.
#[tokio::test]
async fn the_closed_technique_menu_names_the_article_and_the_variant() {
    let browser = Browser::start().await;
    browser.open("?technique=reference&slider=rook&square=d4&occupied=0x0").await;
    for technique in Technique::ALL {
        let script = format!(
            "const menu = document.querySelector('[data-technique-select]');
             menu.value = '{technique}';
             menu.dispatchEvent(new Event('change', {{ bubbles: true }}));"
        );
        browser.eval(&script).await;
        let read = "const menu = document.querySelector('[data-technique-select]');
            const others = [...menu.options].filter(o => !o.selected && o.value !== 'formula').map(o => o.textContent);
            return [menu.value, menu.selectedOptions[0].textContent, others];";
        let seen = browser.read_painted(read).await;
        let expected = format!("{} · {}", technique.article().title(), technique.title());
        assert_eq!(seen[0], technique.name(), "{seen}");
        assert_eq!(seen[1], expected, "{seen}");
        let others = seen[2].as_array().unwrap();
        assert!(
            others.iter().all(|o| !o.as_str().unwrap().contains(" · ")),
            "only the chosen option names its article: {seen}"
        );
    }
    browser.close().await;
}
