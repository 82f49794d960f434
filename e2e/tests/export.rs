//! "Copy for an article" in the page: each new export clicked, the copied SVG and wikitable
//! checked against the step on screen square by square, and each download's name and type,
//! with nothing requested from beyond 127.0.0.1 (`Browser::close` checks every request).

use std::time::Duration;

use e2e::Browser;
use fantoccini::Locator;
use serde_json::Value;

/// Waits for the panel's status to say `state` (or fail the test with what it said).
async fn status(browser: &Browser, states: &[&str]) -> String {
    let started = std::time::Instant::now();
    loop {
        let said = browser
            .eval("const s = document.querySelector('[data-export-status]'); return s ? [s.dataset.exportStatus, s.textContent] : null;")
            .await;
        if let Some(state) = said[0].as_str() {
            if states.contains(&state) {
                return state.to_string();
            }
            assert_ne!(state, "failed", "the export failed: {said}");
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no status {states:?}: {said}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The hex values of the step's grids on screen, in order.
async fn values_on_screen(browser: &Browser) -> Vec<String> {
    let values = browser
        .eval("return [...document.querySelectorAll('[data-current-step] .grid-hex')].map(e => e.textContent);")
        .await;
    values.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

async fn copied_text(browser: &Browser, hook: &str) -> String {
    browser.eval("const s = document.querySelector('[data-export-status]'); if (s) s.remove();").await;
    browser.click(&format!("[data-export=\"{hook}\"]")).await;
    status(browser, &["copied", "refused"]).await;
    browser.eval("return document.querySelector('[data-export-text]').textContent;").await.as_str().unwrap().to_string()
}

#[tokio::test]
async fn copies_match_the_step_on_screen_and_downloads_are_named_and_typed() {
    let browser = Browser::start_at("/", (1280, 900)).await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043").await;
    browser.click("[data-chip=\"4\"]").await;
    browser.click("[data-player=\"frame-next\"]").await;
    let on_screen = values_on_screen(&browser).await;
    assert!(!on_screen.is_empty());

    // The SVG: each board's data-value, and each square's set class against that value's bit.
    let svg = copied_text(&browser, "svg").await;
    let check = format!(
        "const doc = new DOMParser().parseFromString({}, 'image/svg+xml');
         if (doc.querySelector('parsererror')) return 'not XML';
         return [...doc.querySelectorAll('.board')].map(board => {{
           const value = BigInt(board.dataset.value);
           const squares = [...board.querySelectorAll('.square')];
           const wrong = squares.filter(s => {{
             const name = [...s.classList].find(c => /^[a-h][1-8]$/.test(c));
             const bit = BigInt((name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97));
             return ((value >> bit) & 1n) === 1n !== s.classList.contains('set');
           }});
           return [board.dataset.value, squares.length, wrong.length];
         }});",
        serde_json::to_string(&svg).unwrap()
    );
    let boards = browser.eval(&check).await;
    let boards = boards.as_array().unwrap_or_else(|| panic!("{boards}"));
    let values: Vec<&str> = boards.iter().map(|b| b[0].as_str().unwrap()).collect();
    assert_eq!(values, on_screen, "the SVG's boards are the step's grids");
    for board in boards {
        assert_eq!((board[1].as_u64(), board[2].as_u64()), (Some(64), Some(0)), "{board}");
    }
    assert!(svg.contains("<desc>step 5:"), "the ASCII diagram travels in <desc>");

    // The wikitable: 64 cells a board, dark where the bit is set.
    let table = copied_text(&browser, "wikitable").await;
    let cells = sliders_pictures::wikitable::read_back(&table);
    // Uploads and what a wiki refuses, said beside the buttons.
    let note = browser.eval("return document.querySelector('[data-export-upload-note]').textContent;").await;
    assert!(note.as_str().unwrap().contains("refuse SVG"), "{note}");
    assert_eq!(cells.len(), 64 * on_screen.len());
    for (chunk, value) in cells.chunks(64).zip(&on_screen) {
        let value = u64::from_str_radix(value.trim_start_matches("0x"), 16).unwrap();
        for (name, set) in chunk {
            let bytes = name.as_bytes();
            let bit = (bytes[1] - b'1') * 8 + (bytes[0] - b'a');
            assert_eq!(*set, value >> bit & 1 == 1, "{name} of {value:#x}");
        }
    }

    // The ASCII for a <pre>: labels, the slider marked, and wrapped.
    browser.click("label:has([data-export-pre])").await;
    let ascii = copied_text(&browser, "step").await;
    assert!(ascii.starts_with("<pre style=\"white-space:pre\">\nStep 5 of"), "{ascii}");
    assert!(ascii.contains("a b c d e f g h") && ascii.contains("(x) marks the rook on d1"), "{ascii}");
    assert!(ascii.lines().all(|line| line.chars().count() <= 80), "wrapped for a <pre> block");

    // Downloads: record what the page hands the browser instead of saving it.
    // The page's policy lets no script fetch a blob: address, so the test records each file as
    // the page hands it to URL.createObjectURL, and the name from the link it clicks.
    browser
        .eval("window.saved = []; window.names = []; const make = URL.createObjectURL; URL.createObjectURL = b => { window.saved.push(b.arrayBuffer().then(bytes => [b.type, [...new Uint8Array(bytes.slice(0, 6))], bytes.byteLength])); return make(b); }; document.addEventListener('click', e => { const a = e.target.closest('a[download]'); if (a) { e.preventDefault(); window.names.push(a.download); } }, true);")
        .await;
    let expected = [
        ("svg", "step", "sbamg-d1-step-5.svg", "image/svg+xml"),
        ("png", "step", "sbamg-d1-step-5.png", "image/png"),
        ("png2", "step", "sbamg-d1-step-5@2x.png", "image/png"),
        ("gif", "step", "sbamg-d1-step-5.gif", "image/gif"),
        ("svg", "trace", "sbamg-d1-trace.svg", "image/svg+xml"),
        ("gif", "trace", "sbamg-d1-trace.gif", "image/gif"),
    ];
    for (index, (hook, scope, name, kind)) in expected.iter().enumerate() {
        browser.click(&format!("label:has([data-export-scope=\"{scope}\"])")).await;
        browser.eval("const s = document.querySelector('[data-export-status]'); if (s) s.remove();").await;
        browser.click(&format!("[data-download=\"{hook}\"]")).await;
        status(&browser, &["saved"]).await;
        assert_eq!(browser.attribute("[data-export-status]", "data-saved-name").await.as_deref(), Some(*name));
        let file: Value = browser
            .client
            .execute_async(
                &format!("const done = arguments[0]; window.saved[{index}].then(file => done([window.names[{index}], ...file]));"),
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(file[0], *name);
        assert_eq!(file[1], *kind, "{file}");
        assert!(file[3].as_u64().unwrap() > 100, "{file}");
        let magic: Vec<u8> = file[2].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
        match *kind {
            "image/png" => assert_eq!(&magic[1..4], b"PNG"),
            "image/gif" => assert_eq!(&magic, b"GIF89a"),
            _ => assert_eq!(&magic[..4], b"<svg"),
        }
        // The picture is shown beside the status.
        browser.client.find(Locator::Css("[data-export-output] img")).await.expect("a preview of the picture");
    }
    // Without the narration, the step's picture has its boards and key and no sentences.
    browser.click("label:has([data-export-scope=\"step\"])").await;
    browser.click("label:has([data-export-narration])").await;
    browser.eval("const s = document.querySelector('[data-export-status]'); if (s) s.remove();").await;
    browser.click("[data-download=\"svg\"]").await;
    status(&browser, &["saved"]).await;
    let sizes: Value = browser
        .client
        .execute_async("const done = arguments[0]; Promise.all([window.saved[0], window.saved[6]]).then(done);", vec![])
        .await
        .unwrap();
    let (with, without) = (sizes[0][2].as_u64().unwrap(), sizes[1][2].as_u64().unwrap());
    assert!(without < with, "the narration left out: {without} bytes against {with}");
    let shot = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&shot).unwrap();
    browser.eval("document.querySelector('[data-export-panel]').scrollIntoView();").await;
    std::fs::write(shot.join("export-panel-1280x900.png"), browser.client.screenshot().await.unwrap()).unwrap();
    browser.close().await;
}
