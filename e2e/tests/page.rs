//! The real page, built by trunk and served from dist/, driven in headless Chromium.

use e2e::{square, Browser};
use sliders::{Bitboard, Slider, Square, Technique};

#[tokio::test]
async fn clicking_squares_toggles_occupancy_and_recomputes_the_attacks() {
    let browser = Browser::start().await;
    browser.open("?technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000000000000000").await;
    assert_eq!(browser.result().await, Technique::Reference.attacks(Slider::Rook, Square::D4, Bitboard::EMPTY));

    browser.click(&square("d6")).await;
    assert_eq!(browser.attribute(&square("d6"), "data-occupied").await.as_deref(), Some("true"));
    let board = browser.occupied().await;
    assert_eq!(board, Square::D6.bit());
    let expected = Technique::ObstructionDifference.attacks(Slider::Rook, Square::D4, board);
    assert_eq!(browser.result().await, expected);
    assert_eq!(browser.attribute(&square("d7"), "data-attacked").await, None, "d7 is behind the blocker");
    assert_eq!(browser.attribute(&square("d6"), "data-attacked").await.as_deref(), Some("true"));

    browser.click(&square("b4")).await;
    let board = browser.occupied().await;
    assert_eq!(board, Square::D6.bit() | Square::B4.bit());
    assert_eq!(browser.result().await, Technique::ObstructionDifference.attacks(Slider::Rook, Square::D4, board));

    browser.click(&square("d6")).await;
    assert_eq!(browser.attribute(&square("d6"), "data-occupied").await.as_deref(), Some("false"));

    // The address follows the edits.
    let url = browser.client.current_url().await.unwrap();
    let query = url.query().unwrap_or_default().to_string();
    assert!(query.contains(&format!("occupied={}", Square::B4.bit())), "{query}");
    browser.close().await;
}

#[tokio::test]
async fn the_starting_state_comes_from_the_query() {
    let browser = Browser::start().await;
    let occupied_board = Bitboard(0x4ced_2200_0146_f848);
    browser.open(&format!("?technique=sbamg&slider=bishop&square=g2&occupied={occupied_board}")).await;
    assert_eq!(browser.attribute(&square("g2"), "data-slider").await.as_deref(), Some("bishop"));
    assert_eq!(browser.occupied().await, occupied_board);
    assert_eq!(browser.result().await, Technique::Sbamg.attacks(Slider::Bishop, Square::G2, occupied_board));
    browser.close().await;
}

#[tokio::test]
async fn placing_the_slider_moves_it_and_its_attacks() {
    let browser = Browser::start().await;
    browser.open("?technique=classical-in-one-run&slider=rook&square=d4&occupied=0x0").await;
    browser.click("[data-choose-slider=\"queen\"]").await;
    browser.click("[data-tool=\"place\"]").await;
    browser.click(&square("b2")).await;
    assert_eq!(browser.attribute(&square("b2"), "data-slider").await.as_deref(), Some("queen"));
    assert_eq!(browser.attribute(&square("d4"), "data-slider").await, None);
    assert_eq!(browser.result().await, Technique::Reference.attacks(Slider::Queen, Square::B2, Bitboard::EMPTY));
    browser.close().await;
}

/// The page (its code panel) and the panels module (the technique's explanation) both show a
/// technique's file: the network brings each file once between them.
#[tokio::test]
async fn each_technique_source_is_fetched_once() {
    let browser = Browser::start().await;
    browser.open("?technique=sbamg&slider=bishop&square=d2&occupied=0x4ced22000146f848").await;
    let requests = browser.requests().await;
    let sources: Vec<&String> = requests.iter().filter(|url| url.contains("/techniques/")).collect();
    assert!(sources.iter().any(|url| url.ends_with("/techniques/sbamg.rs")), "{requests:#?}");
    for source in &sources {
        let times = sources.iter().filter(|url| url == &source).count();
        assert_eq!(times, 1, "{source} was requested {times} times: {requests:#?}");
    }
    browser.close().await;
}

/// The first load traces obstruction difference alone; every other technique's code comes in
/// techniques.wasm. A link on another opens with its board, says the code is on its way and
/// shows its steps when it comes, at the link's step; where the module cannot come, the lesson
/// says why in place of the step, shows no result it has not computed, and the carried
/// technique still runs.
#[tokio::test]
async fn a_technique_whose_code_cannot_come_says_why_and_the_carried_one_still_runs() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=magic&slider=queen&square=d2&occupied=0x4ced22000146f848&step=5").await;
    let shown = browser.eval("return document.querySelector('[data-current-step]').dataset.stepIndex;").await;
    assert_eq!(shown, "4", "the link's step, once the code came");
    assert!(browser.requests().await.iter().any(|request| request.ends_with("/techniques.wasm")));
    browser.close().await;

    let server = e2e::StaticServer::start("/");
    server.set_missing("techniques.wasm");
    let browser = Browser::start_with(server, (1280, 720)).await;
    browser
        .goto(&browser.server.url("?v=2&technique=magic&slider=queen&square=d2&occupied=0x4ced22000146f848&step=5"))
        .await;
    let error = browser.wait_for("[data-trace-error]", 20, "the reason the steps cannot be shown").await;
    let text = error.text().await.unwrap();
    assert!(
        text.contains("techniques.wasm") && text.contains("404") && text.contains("Fancy magic bitboards"),
        "{text}"
    );
    let nothing = browser
        .eval("return [!!document.querySelector('[data-result]'), !!document.querySelector('[data-current-step]'), document.querySelectorAll('[data-square]').length];")
        .await;
    assert_eq!(nothing, serde_json::json!([false, false, 64]), "no result, no step, the board");
    // The technique the first load carries runs without the module.
    browser
        .open("?v=2&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000080000400000&step=2")
        .await;
    assert_eq!(
        browser.result().await,
        Technique::ObstructionDifference.attacks(Slider::Rook, Square::D4, Bitboard(0x0000_0800_0040_0000))
    );
    browser.close_unchecked().await;
}

/// Once a reader has opened the page, it keeps working when the network drops, as a
/// classroom's wifi does: served from a sub-path, the lesson opens again from the service
/// worker's cache, for another board of the same technique too, with its steps, narration,
/// code and panels, while the server answers nothing.
#[tokio::test]
async fn the_page_opens_offline_once_it_has_been_loaded() {
    let browser = Browser::start_at("/slider-lab/", (1280, 720)).await;
    browser.open("?v=2&technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043&step=2").await;
    // The worker installs after the load, caches the first load and takes the page over.
    let started = std::time::Instant::now();
    while browser.eval("return !!navigator.serviceWorker.controller;").await != true {
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "no service worker took the page over");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // Online once more through the worker: what the lesson fetches after its first load (the
    // panels module, the technique's source) is cached as it passes.
    browser.open("?v=2&technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043&step=3").await;
    browser.server.set_offline(true);
    // The server, asked directly, answers nothing now.
    let mut asked = std::net::TcpStream::connect(("127.0.0.1", browser.server.port)).unwrap();
    std::io::Write::write_all(&mut asked, b"GET /slider-lab/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = std::io::Read::read_to_end(&mut asked, &mut answer);
    assert!(answer.is_empty(), "the server still answers");
    for (query, index) in [
        ("?v=2&technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043&step=4", "3"),
        ("?v=2&technique=sbamg&slider=queen&square=e4&occupied=0x0000001008000000&step=2", "1"),
    ] {
        browser.open(query).await;
        let shown = browser
            .eval(
                "const narration = document.querySelector('[data-narration]');
                 return [document.querySelector('[data-current-step]').dataset.stepIndex, narration.textContent.length > 40,
                     narration.hasAttribute('data-why-loading'), document.querySelectorAll('.code-panel .code-line').length > 5,
                     (document.documentElement.getAttribute('data-panels-query') || '').includes('technique=sbamg')];",
            )
            .await;
        assert_eq!(shown, serde_json::json!([index, true, false, true, true]), "{query} offline: {shown}");
    }
    browser.server.set_offline(false);
    browser.close().await;
}
