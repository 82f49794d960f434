//! What a reader sees before scrolling: on a 390x844 phone, the technique's name, the board with
//! the current step's first sentence, controls that say what they do in words, the Technique menu before the code and step
//! grids large enough to read; in presentation mode at 1280x720, a board at least as large as the
//! lesson's and a narration shown whole on every step.

use e2e::Browser;
use fantoccini::Locator;
use sliders::{Bitboard, Slider, Square, Technique};

const ROOK_D2: &str = "technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848";

/// The first screen of a 390x844 phone, read at the page's initial scroll: the board's and the
/// first sentence's rects, the visible words of Play and Next, where the Technique menu and the
/// code start, and the smallest step-grid cell and bit-strip bit.
const PHONE_FIRST_SCREEN: &str = "
    const rect = s => document.querySelector(s).getBoundingClientRect();
    const words = s => {
        const button = document.querySelector(s);
        const texts = [...button.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
        return texts.map(n => { const r = document.createRange(); r.selectNodeContents(n); const b = r.getBoundingClientRect();
            return b.width > 4 && b.height > 4 ? n.textContent.trim() : ''; }).join(' ');
    };
    const smallest = s => Math.min(...[...document.querySelectorAll(s)].map(e => e.getBoundingClientRect().width));
    const board = rect('.board'), first = rect('.narration-first');
    return {
        scroll: scrollY, height: innerHeight,
        board: [board.top, board.bottom], first: [first.top, first.bottom],
        play: words('[data-player=\"play\"]'), next: words('[data-player=\"next\"]'),
        technique: rect('[data-technique-select]').top, code: rect('.code-panel').top,
        cell: smallest('.step-view .grid .cell'),
        bit: document.querySelector('.bit-strip .bit') ? smallest('.bit-strip .bit') : null,
        title: (t => t && t.getBoundingClientRect().height > 0 ? [t.textContent, t.getBoundingClientRect().bottom] : null)(
            document.querySelector('[data-lesson-title]')),
    };";

#[tokio::test]
async fn a_phone_shows_the_board_and_the_first_sentence_on_its_first_screen() {
    let browser = Browser::start_at("/", (390, 844)).await;
    // The subtraction's borrow (three grids and the bit strip), and a lookup.
    for query in [format!("?{ROOK_D2}&step=3"), "?technique=magic&slider=bishop&square=c1".to_string()] {
        browser.open(&query).await;
        browser.wait_for_still().await;
        let seen = browser.eval(PHONE_FIRST_SCREEN).await;
        eprintln!("{query}: {seen}");
        let number = |key: &str, index: usize| seen[key][index].as_f64().unwrap();
        assert_eq!(seen["scroll"], 0, "{query}: read at the initial scroll");
        assert!(
            number("board", 0) >= 0.0 && number("board", 1) <= 844.0,
            "{query}: the board is on the first screen: {seen}"
        );
        assert!(number("first", 1) <= 844.0, "{query}: the step's first sentence is on the first screen: {seen}");
        let (play, next) = (seen["play"].as_str().unwrap(), seen["next"].as_str().unwrap());
        assert!(
            !play.is_empty() && !next.is_empty() && play != next,
            "{query}: Play and Next say what they do: {seen}"
        );
        // The Technique menu is below the step: the lesson names the technique above the player.
        let title = seen["title"].as_array().unwrap_or_else(|| panic!("{query}: no technique's name shown: {seen}"));
        let named = if query.contains("magic") {
            "Magic Bitboards · Fancy magic bitboards"
        } else {
            "Subtracting a Rook from a Blocking Piece · o^(o-2r)"
        };
        assert!(title[0].as_str().unwrap().starts_with(named), "{query}: the technique named: {seen}");
        assert!(title[1].as_f64().unwrap() <= 844.0, "{query}: its name on the first screen: {seen}");
        let (technique, code) = (seen["technique"].as_f64().unwrap(), seen["code"].as_f64().unwrap());
        assert!(technique < code, "{query}: the Technique menu comes before the code: {seen}");
        assert!(seen["cell"].as_f64().unwrap() >= 14.0, "{query}: step grid cells of 14 px at least: {seen}");
        if let Some(bit) = seen["bit"].as_f64() {
            assert!(bit >= 6.0, "{query}: bit strip bits of 6 px at least: {seen}");
        }
    }
    browser.close().await;
}

/// The board's height (in the lesson its width stretches to its column's, half a pixel more), and
/// whether any part of the narration is cut off (a part that scrolls inside itself, or that ends
/// below the step it belongs to).
const PRESENTED: &str = "
    const board = document.querySelector('.board').getBoundingClientRect().height;
    const step = document.querySelector('[data-current-step]');
    const clipped = [...step.querySelectorAll('.narration-first, .narration-rest')]
        .filter(e => e.scrollHeight > e.clientHeight + 1 || e.getBoundingClientRect().bottom > step.getBoundingClientRect().bottom + 1)
        .map(e => e.className + ' ' + e.scrollHeight + '>' + e.clientHeight);
    return [board, clipped];";

#[tokio::test]
async fn presentation_mode_keeps_the_board_and_the_whole_narration() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    // Every step shows at once, so that each is read in its final frame without waiting.
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    for technique in [Technique::Subtraction, Technique::ObstructionDifference, Technique::HyperbolaQuintessence] {
        let trace = technique.trace(Slider::Rook, Square::D2, board);
        browser.open(&format!("?v=2&technique={technique}&slider=rook&square=d2&occupied={board}&step=1")).await;
        let lesson = browser.eval(PRESENTED).await[0].as_f64().unwrap();
        browser.client.find(Locator::Css("body")).await.unwrap().send_keys("p").await.unwrap();
        browser.wait_for("[data-presenting]", 5, "presentation mode").await;
        for index in 0..trace.steps.len() {
            if index > 0 {
                browser.next_step(index).await;
            }
            let seen = browser.eval(PRESENTED).await;
            eprintln!("{technique} step {}: lesson board {lesson}, presented {seen}", index + 1);
            let presented = seen[0].as_f64().unwrap();
            assert!(
                presented >= lesson,
                "{technique}: the board shrinks from {lesson} to {presented} px when presented"
            );
            assert_eq!(seen[1], serde_json::json!([]), "{technique} step {}: the narration is cut off", index + 1);
        }
    }
    browser.close().await;
}

/// Presentation mode draws the player in glyphs, but Play and Next share ▶: each says what it
/// does in words too (the others' words stay unseen, for screen readers), on the player's one row.
#[tokio::test]
async fn presentation_mode_says_which_button_plays_and_which_steps() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let query = "?v=2&technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&step=1&present=1";
    browser.open(query).await;
    browser.wait_for("[data-presenting]", 5, "presentation mode").await;
    // The words a button shows: its own text, where it takes room (the glyphs are in a span).
    let seen = browser
        .eval(
            "const shown = b => { const button = document.querySelector(`[data-player=\"${b}\"]`);
                 const texts = [...button.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
                 const words = texts.map(n => { const r = document.createRange(); r.selectNodeContents(n); const box = r.getBoundingClientRect();
                     return box.width > 4 && box.height > 4 ? n.textContent.trim() : ''; }).join(' ');
                 return [words, button.getBoundingClientRect().top]; };
             return ['play', 'next', 'first', 'back', 'last'].map(shown);",
        )
        .await;
    let words: Vec<&str> = (0..5).map(|i| seen[i][0].as_str().unwrap()).collect();
    assert_eq!(words, ["Play", "Next", "", "", ""], "{seen}");
    let tops: Vec<f64> = (0..5).map(|i| seen[i][1].as_f64().unwrap()).collect();
    assert!(tops.iter().all(|top| (top - tops[0]).abs() <= 1.0), "the player keeps to one row: {seen}");
    browser.close().await;
}

/// An article's frame (600 px) and a phone's embed draw the player in glyphs too, and Play and
/// Next share ▶ there as well: each says what it does in words, the others' words unseen.
#[tokio::test]
async fn an_embed_says_which_button_plays_and_which_steps() {
    for size in [(600, 720), (390, 844)] {
        let browser = Browser::start_at("/", size).await;
        browser.open(&format!("?v=2&{ROOK_D2}&step=1&embed=1")).await;
        browser.wait_for("[data-player=\"next\"]", 5, "the embed's player").await;
        let seen = browser
            .eval(
                "const shown = b => { const button = document.querySelector(`[data-player=\"${b}\"]`);
                     const texts = [...button.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
                     return texts.map(n => { const r = document.createRange(); r.selectNodeContents(n); const box = r.getBoundingClientRect();
                         return box.width > 4 && box.height > 4 ? n.textContent.trim() : ''; }).join(' '); };
                 return ['play', 'next', 'first', 'back', 'last'].map(shown);",
            )
            .await;
        let words: Vec<&str> = (0..5).map(|i| seen[i].as_str().unwrap()).collect();
        assert_eq!(words, ["Play", "Next", "", "", ""], "{size:?}: {seen}");
        browser.close().await;
    }
}

/// The frame buttons stand either side of the word "frame", each named in words for screen
/// readers, and, like the step buttons, say when they cannot go on: "Next frame" at the step's
/// last frame (the step whole), "Frame back" at its first.
/// A phone, a touch screen, shows no key hints.
#[tokio::test]
async fn the_frame_buttons_say_where_they_go_and_when_they_cannot() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    // Step 4 of o^(o-2r) on d2 is the subtraction, whose borrow takes several frames.
    browser.open(&format!("?v=2&{ROOK_D2}&step=4")).await;
    browser.wait_for("[data-player=\"frame-next\"]", 5, "the player").await;
    let state = "return ['frame-back', 'frame-next'].map(b => {
        const button = document.querySelector(`[data-player=\"${b}\"]`);
        return [button.textContent.trim(), button.getAttribute('aria-disabled')]; });";
    let whole = browser.eval(state).await;
    assert_eq!(whole[0][0], "‹Frame back");
    assert_eq!(whole[1][0], "›Next frame");
    // What a reader sees: the two arrows either side of the word (the names are clipped away).
    let pair = browser
        .eval(
            "const seen = e => { const r = e.getBoundingClientRect(); return r.width > 4 && r.height > 4; };
             return [...document.querySelectorAll('.frame-stepper .glyph, .frame-word')].filter(seen).map(e => e.textContent).join(' ');",
        )
        .await;
    assert_eq!(pair.as_str(), Some("‹ frame ›"), "what a reader sees");
    assert_eq!((whole[0][1].as_str(), whole[1][1].as_str()), (None, Some("true")), "the step whole: {whole}");
    // Back to the first frame, one click at a time: there "Frame back" cannot go on.
    for _ in 0..80 {
        if browser.attribute("[data-player=\"frame-back\"]", "aria-disabled").await.is_some() {
            break;
        }
        browser.click("[data-player=\"frame-back\"]").await;
    }
    let first = browser.eval(state).await;
    assert_eq!((first[0][1].as_str(), first[1][1].as_str()), (Some("true"), None), "the first frame: {first}");
    browser.click("[data-player=\"frame-next\"]").await;
    let between = browser.eval(state).await;
    assert_eq!((between[0][1].as_str(), between[1][1].as_str()), (None, None), "a frame between: {between}");
    browser.close().await;
    let phone = Browser::start_at("/", (390, 844)).await;
    phone.open(&format!("?v=2&{ROOK_D2}&step=1")).await;
    phone.wait_for("[data-player=\"next\"]", 5, "the phone's player").await;
    let hint = phone
        .eval("const h = document.querySelector('.keys-hint'); return h ? getComputedStyle(h).display : 'none';")
        .await;
    assert_eq!(hint.as_str(), Some("none"), "a touch screen shows no key hints");
    phone.close().await;
}

/// In presentation mode, where each part of a step stands: the board's and the step's rects,
/// the first sentence's bottom, and the tops and bottoms of the equation's grids (both lanes of
/// a SIMD value may go under the result where the row has no room: they are left out).
const PROJECTED: &str = "
    const rect = s => document.querySelector(s).getBoundingClientRect();
    const board = rect('[data-presenting] .board'), step = rect('[data-current-step]');
    const grids = [...document.querySelectorAll('[data-current-step] .equation .grid-figure')]
        .filter(e => !e.closest('.lanes'))
        .map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; });
    return { height: innerHeight, board: [board.right, board.bottom], step: step.left,
        first: rect('.narration-first').bottom, grids };";

/// A projector's sizes: the board, every grid of the step on one row, and the step's first
/// sentence share the screen, the board beside the step, on every step of three techniques.
#[tokio::test]
async fn presentation_mode_fits_a_projector_on_every_step() {
    let board = Bitboard(0x4ced_2200_0146_f848);
    let mut steps = 0;
    for size in [(1024, 768), (1280, 720), (1366, 768)] {
        let browser = Browser::start_at("/", size).await;
        browser.emulate_media("prefers-reduced-motion", "reduce").await;
        for (technique, slider) in [
            (Technique::Subtraction, Slider::Rook),
            (Technique::HyperbolaQuintessence, Slider::Queen),
            (Technique::Magic, Slider::Bishop),
        ] {
            let trace = technique.trace(slider, Square::D4, board);
            browser
                .open(&format!("?v=2&technique={technique}&slider={slider}&square=d4&occupied={board}&present=1"))
                .await;
            browser.wait_for("[data-presenting]", 5, "presentation mode").await;
            for index in 0..trace.steps.len() {
                if index > 0 {
                    browser.next_step(index).await;
                }
                let seen = browser.read_painted(PROJECTED).await;
                let context = format!("{size:?} {technique} step {}: {seen}", index + 1);
                let height = seen["height"].as_f64().unwrap();
                let [right, bottom] = [0, 1].map(|i| seen["board"][i].as_f64().unwrap());
                assert!(bottom <= height, "the board runs off the screen: {context}");
                assert!(right <= seen["step"].as_f64().unwrap(), "the board is not beside the step: {context}");
                assert!(seen["first"].as_f64().unwrap() <= height, "the first sentence is off the screen: {context}");
                let grids = seen["grids"].as_array().unwrap();
                assert!(!grids.is_empty(), "{context}");
                // One row: every figure (a number's is shorter, centred) overlaps every other.
                let edge = |i: usize| grids.iter().map(move |grid| grid[i].as_f64().unwrap());
                let (lowest_top, highest_bottom) = (edge(0).fold(f64::MIN, f64::max), edge(1).fold(f64::MAX, f64::min));
                assert!(lowest_top < highest_bottom, "the grids wrap to a second row: {context}");
                assert!(
                    grids.iter().all(|grid| grid[1].as_f64().unwrap() <= height),
                    "a grid is off the screen: {context}"
                );
                steps += 1;
            }
        }
        browser.close().await;
    }
    assert!(steps > 100, "{steps} steps");
}

/// Presentation mode belongs to the session that asked for it: the plain address, next time,
/// opens the lesson, with the rest of the last visit kept.
#[tokio::test]
async fn the_plain_address_opens_the_lesson_after_a_presentation() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(&format!("?v=2&{ROOK_D2}&step=3&present=1")).await;
    browser.wait_for("[data-presenting]", 5, "presentation mode").await;
    browser.open("").await;
    browser.wait_for("[data-step-index=\"2\"]", 5, "the last visit's step").await;
    let presenting = browser.eval("return !!document.querySelector('[data-presenting]');").await;
    assert_eq!(presenting, false, "the plain address opened in presentation mode");
    let search = browser.eval("return location.search;").await;
    assert!(
        search.as_str().unwrap().contains("square=d2") && !search.as_str().unwrap().contains("present"),
        "{search}"
    );
    browser.close().await;
}

/// On a 390x844 phone the player stays in reach: scrolled down to the step's grids, its bit
/// strip or the code, Next is on screen and steps on, and the player hides none of the grids'
/// first row.
#[tokio::test]
async fn the_phones_player_stays_in_reach_below_the_board() {
    let browser = Browser::start_at("/", (390, 844)).await;
    browser.emulate_media("prefers-reduced-motion", "reduce").await;
    browser.open(&format!("?v=2&{ROOK_D2}&step=3")).await;
    for (index, target) in [".step-view .equation", ".bit-strip", ".code-panel"].into_iter().enumerate() {
        browser.eval(&format!("document.querySelector('{target}').scrollIntoView({{ block: 'start' }});")).await;
        let seen = browser
            .read_painted(&format!(
                "const next = document.querySelector('[data-player=\"next\"]').getBoundingClientRect();
                 const player = document.querySelector('.stepper > .player').getBoundingClientRect();
                 const target = document.querySelector('{target}').getBoundingClientRect();
                 return [scrollY, next.top, next.bottom, innerHeight, player.bottom, target.top];"
            ))
            .await;
        let at = |i: usize| seen[i].as_f64().unwrap();
        assert!(at(0) > 300.0, "{target}: the page did not scroll: {seen}");
        assert!(at(1) >= 0.0 && at(2) <= at(3), "{target}: Next is off the screen: {seen}");
        assert!(at(4) <= at(5) + 1.0, "{target}: the player covers its top: {seen}");
        browser.click("[data-player=\"next\"]").await;
        let stepped = format!("[data-current-step][data-step-index=\"{}\"]", 3 + index);
        browser.wait_for(&stepped, 5, &format!("{target}: Next steps on")).await;
    }
    browser.close().await;
}
