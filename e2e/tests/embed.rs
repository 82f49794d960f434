//! The embed in an article's frame: the lesson fits about one screen (board, step, narration,
//! player, and the highlighted line with the code), nothing scrolls sideways at any width from
//! 320 px, with or without a vertical scrollbar, the demo article shows each embed whole, and an
//! embed without controls starts when it is seen and loops back to the author's step. Run for a
//! technique from each of the four articles; screenshots go to target/screenshots/.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use e2e::Browser;
use serde_json::Value;

/// A position from each article: (technique, square, occupied).
const ARTICLES: [(&str, &str, &str); 4] = [
    ("classical-zero-count", "d2", "0x4ced22000146f848"),
    ("subtraction", "d2", "0x4ced22000146f848"),
    ("obstruction-difference", "d4", "0x0000080008400000"),
    ("sbamg", "d1", "0x0000000000000043"),
];

fn shot(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Where the parts of the embed are: each part's bottom and right edge, and the frame's sizes.
const LAYOUT: &str = "
    const rect = (selector) => {
      const e = document.querySelector(selector);
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, right: r.right };
    };
    const root = document.scrollingElement;
    return {
      width: root.clientWidth, scrollWidth: root.scrollWidth, height: innerHeight, content: root.scrollHeight,
      board: rect('.board'), h8: rect('[data-square=\"h8\"]'), grids: rect('.embed-step .equation'),
      narration: rect('[data-narration]'), player: rect('.player'), line: rect('[data-current-line]'),
      code: rect('.code'),
    };";

fn edge(layout: &Value, part: &str, side: &str) -> f64 {
    layout[part][side].as_f64().unwrap_or_else(|| panic!("no {part} in {layout}"))
}

fn no_sideways_scroll(layout: &Value, context: &str) {
    let width = layout["width"].as_f64().unwrap();
    assert!(layout["scrollWidth"].as_f64().unwrap() <= width, "{context}: scrolls sideways: {layout}");
    assert!(edge(layout, "h8", "right") <= width + 0.5, "{context}: the h-file is cut: {layout}");
    assert!(edge(layout, "grids", "right") <= width + 0.5, "{context}: the step's grids are cut: {layout}");
    // The board's frame hugs its squares: its border sits 2 px outside the h-file.
    let gap = edge(layout, "board", "right") - edge(layout, "h8", "right");
    assert!((0.0..=3.0).contains(&gap), "{context}: the board is {gap} px wider than its squares: {layout}");
}

fn all_in_view(layout: &Value, parts: &[&str], context: &str) {
    let height = layout["height"].as_f64().unwrap();
    for part in parts {
        assert!(edge(layout, part, "bottom") <= height + 0.5, "{context}: {part} is below the frame: {layout}");
        assert!(edge(layout, part, "top") >= -0.5, "{context}: {part} is above the frame: {layout}");
    }
}

#[tokio::test]
async fn the_lesson_holds_in_an_article_sized_frame() {
    for (width, height, code) in
        [(600, 720, false), (600, 900, true), (400, 700, false), (800, 600, false), (320, 640, false)]
    {
        let browser = Browser::start_at("/", (width, height)).await;
        for (technique, square, occupied) in ARTICLES {
            let query = format!(
                "?embed=1&technique={technique}&slider=rook&square={square}&occupied={occupied}&step=3&code={}",
                if code { 1 } else { 0 }
            );
            browser.open(&query).await;
            let layout = browser.eval(LAYOUT).await;
            let context = format!("{technique} at {width}x{height}");
            no_sideways_scroll(&layout, &context);
            // In a 600 px column: the board, the step's operands and result, the narration and
            // the player on one screen, and with the code, its highlighted line too.
            if width == 600 {
                all_in_view(&layout, &["board", "grids", "narration", "player"], &context);
            }
            if code {
                all_in_view(&layout, &["line"], &context);
                assert!(
                    edge(&layout, "line", "bottom") <= edge(&layout, "code", "bottom") + 0.5,
                    "{context}: {layout}"
                );
            }
            if width == 800 {
                all_in_view(&layout, &["board", "grids", "narration", "player"], &context);
            }
            // "more" shows exactly when the clamp hides part of the narration.
            let more = browser
                .eval_settled("const n = document.querySelector('[data-narration]'); const more = document.querySelector('.narration-more'); return [n.scrollHeight > n.clientHeight + 1, getComputedStyle(more).visibility === 'visible'];")
                .await;
            assert_eq!(more[0], more[1], "{context}: [clamped, more shown] = {more}");
            // What embed.js sizes the frame to: about a screen, not 1,400 px.
            let content = layout["content"].as_f64().unwrap();
            assert!(content <= height as f64 + 0.5 || width < 600, "{context}: {content} px of content");
            std::fs::write(
                shot(&format!("embed-{technique}-{width}x{height}{}.png", if code { "-code" } else { "" })),
                browser.client.screenshot().await.unwrap(),
            )
            .unwrap();
        }
        browser.close().await;
    }
}

/// Opens the demo article and replaces its body with `html`, an article of the test's own (the
/// demo page has no Content-Security-Policy, and embed.js stays loaded).
async fn article(browser: &Browser, html: &str) {
    browser.goto(&browser.server.url("static/embed-demo.html")).await;
    let script = format!("document.body.innerHTML = {};", serde_json::to_string(html).unwrap());
    browser.eval(&script).await;
}

async fn wait_for_board_in_frame(browser: &Browser) {
    browser.wait_for("[data-square=\"h1\"]", 20, "the embedded board renders").await;
}

#[tokio::test]
async fn more_opens_the_whole_narration_and_less_closes_it() {
    let browser = Browser::start_at("/", (600, 720)).await;
    browser
        .open("?embed=1&code=0&technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848&step=3")
        .await;
    let state = "const n = document.querySelector('[data-narration]'); const more = document.querySelector('.narration-more'); return [n.scrollHeight > n.clientHeight, getComputedStyle(more).visibility, getComputedStyle(more, '::after').content, n.scrollHeight - n.clientHeight];";
    // [text hidden, "more" visible, its label, pixels hidden]
    let shown = |value: serde_json::Value| (value[0].clone(), value[1].clone(), value[2].clone());
    assert_eq!(shown(browser.eval_settled(state).await), (true.into(), "visible".into(), "\"more\"".into()), "clamped");
    browser.click(".narration-more").await;
    assert_eq!(
        shown(browser.eval_settled(state).await),
        (false.into(), "visible".into(), "\"less\"".into()),
        "open, whole"
    );
    browser.click(".narration-more").await;
    assert_eq!(
        shown(browser.eval_settled(state).await),
        (true.into(), "visible".into(), "\"more\"".into()),
        "closed again"
    );
    // Over every step of a trace: "more" shows exactly when text is hidden, never for a
    // sentence that fits its three lines.
    let steps = sliders::Technique::Sbamg
        .trace(sliders::Slider::Rook, sliders::Square::D1, sliders::Bitboard(0x43))
        .steps
        .len();
    let (mut clamped, mut whole) = (0, 0);
    for step in 0..steps {
        browser.open(&format!("?embed=1&code=0&technique=sbamg&slider=rook&square=d1&occupied=0x43&step={step}")).await;
        let shown = browser.eval_settled(state).await;
        let hidden = shown[0].as_bool().unwrap();
        assert_eq!(shown[1] == "visible", hidden, "step {}: [text hidden, more, label, px] = {shown}", step + 1);
        // What overflows is whole lines (20 px each), never a rounding sliver.
        let overflow = shown[3].as_f64().unwrap();
        assert!(overflow == 0.0 || overflow >= 10.0, "step {}: {overflow} px overflow", step + 1);
        if hidden {
            clamped += 1
        } else {
            whole += 1
        }
    }
    assert!(clamped > 0 && whole > 0, "both cases met: {clamped} clamped, {whole} whole");
    browser.close().await;
}

#[tokio::test]
async fn a_frame_shorter_than_its_content_scrolls_down_only() {
    let browser = Browser::start_with_scrollbars((1000, 800)).await;
    for width in [320, 400, 600] {
        for (technique, square, occupied) in ARTICLES {
            let src =
                format!("../?embed=1&technique={technique}&slider=rook&square={square}&occupied={occupied}&step=3");
            // No data-slider-lab: embed.js leaves this frame at 300 px, shorter than its content.
            let frame = format!("<iframe style=\"width: {width}px; height: 300px\" src=\"{src}\"></iframe>");
            article(&browser, &frame).await;
            browser.client.enter_frame(0).await.unwrap();
            wait_for_board_in_frame(&browser).await;
            // The step's grids too: a technique techniques.wasm brings draws them once it has
            // come, and the layout below measures them (CI once read them before: "no grids").
            browser.wait_for(".embed-step .equation", 20, "the embedded step's grids render").await;
            // Headless Chromium hides scrollbars: give this frame a classic one, 15 px wide, as
            // desktop browsers draw it (through the CSSOM: the page's policy allows no <style>).
            browser
                .eval("document.styleSheets[0].insertRule('::-webkit-scrollbar { width: 15px; height: 15px; background: #ccc; }', 0);")
                .await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            let layout = browser.eval(LAYOUT).await;
            let context = format!("{technique} in a {width}x300 frame");
            assert!(
                layout["width"].as_f64().unwrap() <= (width - 15) as f64,
                "{context}: a vertical scrollbar: {layout}"
            );
            no_sideways_scroll(&layout, &context);
            browser.client.enter_parent_frame().await.unwrap();
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn the_demo_article_shows_each_embed_whole() {
    let browser = Browser::start_at("/", (900, 900)).await;
    browser.goto(&browser.server.url("static/embed-demo.html")).await;
    let frames = browser.eval("return document.querySelectorAll('iframe[data-slider-lab]').length;").await;
    let frames = frames.as_u64().unwrap() as usize;
    assert!(frames >= 2);
    for index in 0..frames {
        // embed.js has sized the frame to its content once its height arrived.
        let started = Instant::now();
        loop {
            let sized = browser
                .eval(&format!("return document.querySelectorAll('iframe[data-slider-lab]')[{index}].hasAttribute('data-reported-height');"))
                .await;
            if sized == Value::Bool(true) {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "frame {index} never reported its height");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        browser.client.enter_frame(index as u16).await.unwrap();
        wait_for_board_in_frame(&browser).await;
        // The demo's techniques come with techniques.wasm: their grids are drawn once it has.
        browser.wait_for(".embed-step .equation", 20, "the embedded step's grids render").await;
        let layout = browser.eval(LAYOUT).await;
        no_sideways_scroll(&layout, &format!("demo frame {index}"));
        let (content, height) = (layout["content"].as_f64().unwrap(), layout["height"].as_f64().unwrap());
        assert!(content <= height + 1.0, "demo frame {index} scrolls: {content} px in {height}");
        assert!(height < 1000.0, "demo frame {index} is {height} px tall");
        browser.client.enter_parent_frame().await.unwrap();
    }
    browser.eval("window.scrollTo(0, 0);").await;
    std::fs::write(shot("embed-demo-900x900.png"), browser.client.screenshot().await.unwrap()).unwrap();
    browser.close().await;
}

async fn step_in_frame(browser: &Browser) -> usize {
    browser.client.enter_frame(0).await.unwrap();
    let step = browser
        .eval("const s = document.querySelector('[data-step-index]'); return s ? Number(s.dataset.stepIndex) : -1;")
        .await;
    browser.client.enter_parent_frame().await.unwrap();
    step.as_i64().unwrap() as usize
}

#[tokio::test]
async fn an_embed_without_controls_plays_once_seen_and_loops_back_to_the_authors_step() {
    let browser = Browser::start_at("/", (900, 700)).await;
    // Magic's trace is six steps: from the author's step 4 the loop is steps 4 and 5, each held
    // long enough to read its first sentence (seconds), so the test sees a whole loop quickly.
    let src = "../?embed=1&controls=0&code=0&speed=4&technique=magic&slider=rook&square=d1&occupied=0x0000000000000043&step=4";
    article(
        &browser,
        &format!("<div id=\"above\" style=\"height: 2400px\"></div><iframe data-slider-lab width=\"600\" height=\"500\" src=\"{src}\"></iframe>"),
    )
    .await;
    browser.client.enter_frame(0).await.unwrap();
    wait_for_board_in_frame(&browser).await;
    let buttons =
        browser.eval("return [...document.querySelectorAll('[data-player]')].map(b => b.dataset.player);").await;
    assert_eq!(buttons, serde_json::json!(["toggle"]), "no player but a pause button");
    browser.client.enter_parent_frame().await.unwrap();
    // Out of sight, it waits on the author's step.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(step_in_frame(&browser).await, 4, "it waits until it is seen");
    browser.eval("document.querySelector('iframe').scrollIntoView();").await;
    // Seen: it plays through to the last step, pauses, and starts again from step 4.
    let started = Instant::now();
    let mut seen = Vec::new();
    loop {
        let step = step_in_frame(&browser).await;
        if seen.last() != Some(&step) {
            seen.push(step);
        }
        if seen.len() > 2 && step == 4 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no loop back to step 4: {seen:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Pause stops it where it is, for good.
    browser.client.enter_frame(0).await.unwrap();
    browser.click("[data-player=\"toggle\"]").await;
    browser.client.enter_parent_frame().await.unwrap();
    let paused = step_in_frame(&browser).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(step_in_frame(&browser).await, paused, "paused");
    let last = *seen.iter().max().unwrap();
    assert!(
        seen.windows(2).any(|pair| pair == [last, 4]),
        "the loop goes from the last step to the author's: {seen:?}"
    );
    assert!(
        seen[..seen.len() - 1].windows(2).all(|pair| pair[1] == pair[0] + 1),
        "forward one step at a time: {seen:?}"
    );
    browser.close().await;
}

/// With a desktop's classic scrollbars, each frame of the demo article, once embed.js has sized
/// it, shows no scrollbar: its content is all there, and there is nothing to scroll, with the
/// scrollbar or without it (without, the content once needed 5 px more, and the scrollbar
/// stayed, with nothing to scroll).
#[tokio::test]
async fn a_sized_frame_shows_no_empty_scrollbar() {
    let browser = Browser::start_with_scrollbars((900, 900)).await;
    browser.goto(&browser.server.url("static/embed-demo.html")).await;
    let frames = browser.eval("return document.querySelectorAll('iframe[data-slider-lab]').length;").await;
    for index in 0..frames.as_u64().unwrap() as usize {
        let reported = format!("iframe[data-slider-lab]:nth-of-type({}) ", index + 1);
        let started = Instant::now();
        while browser
            .eval(&format!("return document.querySelectorAll('iframe[data-slider-lab]')[{index}].hasAttribute('data-reported-height');"))
            .await
            != Value::Bool(true)
        {
            assert!(started.elapsed() < Duration::from_secs(20), "frame {index} never reported its height: {reported}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        browser.client.enter_frame(index as u16).await.unwrap();
        wait_for_board_in_frame(&browser).await;
        // Nothing to scroll, and nothing either with the scrollbar taken away (overflow hidden):
        // the content does not need more height at the frame's full width, so no scrollbar can
        // come back with nothing to scroll.
        let fits =
            "const root = document.documentElement; return [root.clientWidth, root.scrollHeight, root.clientHeight];";
        let inside = browser.eval(fits).await;
        assert!(inside[1].as_f64() <= inside[2].as_f64(), "demo frame {index} scrolls: {inside}");
        browser.eval("document.documentElement.style.overflow = 'hidden';").await;
        let hidden = browser.read_painted(fits).await;
        browser.eval("document.documentElement.style.overflow = '';").await;
        assert_eq!(hidden[0], inside[0], "demo frame {index} is wider without its scrollbar: {inside} {hidden}");
        assert!(
            hidden[1].as_f64() <= hidden[2].as_f64(),
            "demo frame {index} needs more height at its full width: {hidden}"
        );
        browser.client.enter_parent_frame().await.unwrap();
    }
    browser.close().await;
}
