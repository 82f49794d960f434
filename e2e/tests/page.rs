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
