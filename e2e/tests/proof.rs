//! The proof in the page: after the sampled check, every board of every square is decided in a
//! worker. The five examples are proved; a failure that needs one pattern on 40 squares, which
//! the check passes, is refuted with its exact count and its fewest-piece board, which loads; a
//! formula that blows up ends undecided while the page stays usable, and a proof can be stopped.

use std::time::{Duration, Instant};

use e2e::Browser;
use fantoccini::Locator;
use sliders_formula::examples::EXAMPLES;

/// Waits for the proof's verdict: `data-proved`, then the hook's other data and its text.
async fn proof(browser: &Browser, seconds: u64) -> (String, Vec<String>) {
    let names = ["proved", "failing", "square", "occupied"];
    let mut data = browser.wait_for_data("[data-formula-proof]", &names, seconds, "the proof's verdict").await;
    let text = browser.eval("return document.querySelector('[data-formula-proof]').textContent;").await;
    data.push(text.as_str().unwrap_or_default().to_string());
    let proved = data.remove(0);
    (proved, data)
}

fn link(text: &str, target: &str) -> String {
    let text: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
    format!("?v=2&technique=formula&formula={text}&expect={target}&square=e4")
}

#[tokio::test]
async fn the_five_examples_are_proved_in_the_page() {
    let browser = Browser::start().await;
    for example in &EXAMPLES {
        browser.open(&link(example.text(), example.target.name())).await;
        let (proved, data) = proof(&browser, 60).await;
        assert_eq!(proved, "yes", "{}: {data:?}", example.id);
        assert!(
            data[3].contains("Proved: equal to") && data[3].contains("on all 2^63 boards of each of the 64 squares"),
            "{data:?}"
        );
        let ms = browser.attribute("[data-formula-proof]", "data-proof-ms").await.unwrap_or_default();
        println!("{}: proved in the page in {ms} ms (after the check)", example.id);
    }
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// The engine listings in C (tables filled once, an enum, a switch, structs read through
/// pointers, fancy magic for the rook and the queen) are proved in the page too.
#[tokio::test]
async fn the_engine_listings_are_proved_in_the_page() {
    let browser = Browser::start().await;
    for listing in &sliders_formula::examples::LISTINGS {
        browser.open(&link(listing.text(), listing.target.name())).await;
        let (proved, data) = proof(&browser, 120).await;
        assert_eq!(proved, "yes", "{}: {data:?}", listing.id);
        let ms = browser.attribute("[data-formula-proof]", "data-proof-ms").await.unwrap_or_default();
        println!("{}: proved in the page in {ms} ms (after the check)", listing.id);
    }
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// The queen's attacks, plus the slider's own square whenever the first five ranks hold one
/// pattern: the check's 100,032 boards agree, and the proof counts the failures exactly.
#[tokio::test]
async fn a_failure_on_a_forty_square_pattern_is_refuted_with_its_fewest_piece_board() {
    let queen = EXAMPLES.iter().find(|e| e.id == "obstruction-difference").unwrap();
    let text = queen
        .text()
        .replace("return rook | bishop", "return rook | bishop | (((o & 0xffffffffff) == 0x55aa55aa55) ? r : 0)");
    let browser = Browser::start().await;
    browser.open(&link(&text, "queen")).await;
    let (proved, data) = proof(&browser, 60).await;
    let check = browser.attribute("[data-formula-check]", "data-failures").await;
    assert_eq!(check.as_deref(), Some("0"), "the sampled check agrees");
    // 20 squares of the pattern with a piece: 2^24 boards each; 24 squares off it: 2^23 each.
    let failing = 20u128 * (1 << 24) + 24 * (1 << 23);
    assert_eq!(proved, "no");
    assert_eq!(data[0], failing.to_string());
    assert_eq!(
        (data[1].as_str(), data[2].as_str()),
        ("a1", "0x00000055aa55aa55"),
        "the pattern alone, the slider on a1"
    );
    assert!(
        data[3].contains("Fails on 536,870,912 of the 2^69 boards (one in 2^40), on 44 of the 64 squares."),
        "{}",
        data[3]
    );
    let map = "return [...document.querySelectorAll('[data-failing-here]')].filter(e => e.dataset.failingHere !== '0').length;";
    assert_eq!(browser.eval(map).await, 44);
    browser.click("[data-load-proof-counter-example]").await;
    let started = Instant::now();
    while browser.occupied().await != sliders::Bitboard(0x0000_0055_aa55_aa55) {
        assert!(started.elapsed() < Duration::from_secs(10), "the board never loaded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let address = browser.eval("return location.search;").await.as_str().unwrap_or_default().to_string();
    assert!(address.contains("square=a1"), "{address}");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// Right on every board, but with a product of the board by itself whose diagrams blow up: the
/// proof runs in its worker while the page steps, ends undecided within its budget, and a
/// proof started again can be stopped.
#[tokio::test]
async fn a_formula_that_blows_up_ends_undecided_and_the_page_stays_usable() {
    let text = "m = file(sq)\nline = o & m\nblow = o * o * o * o * o * o\nreturn ((line ^ (line - 2 * r)) & m) ^ (blow ^ blow)";
    let browser = Browser::start().await;
    browser.open(&link(text, "north")).await;
    browser.wait_for("[data-proof-progress]", 60, "the proof starts after the check").await;
    // The page answers while the worker proves: a step forward is drawn at once.
    let step = "return document.querySelector('.step-number').textContent;";
    let before = browser.eval(step).await;
    browser.click("[data-player=\"next\"]").await;
    assert_ne!(browser.eval(step).await, before);
    let (proved, data) = proof(&browser, 120).await;
    assert_eq!(proved, "undecided", "{data:?}");
    assert!(data[3].contains("Undecided: the prover's budget ran out on a1, in line 3's o * o"), "{}", data[3]);
    // Again, and stopped.
    browser.click("[data-formula-check-start]").await;
    browser.wait_for("[data-proof-stop]", 60, "the proof starts again").await;
    browser.click("[data-proof-stop]").await;
    browser.wait_for("[data-proof-stopped]", 5, "the proof stops").await;
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// An engine's getter that clears the slider's bit as the lowest of its file: proved on the
/// lab's boards, where the slider stands on its square; asked to cover an empty square too
/// (as attackers-to calls a getter), the proof refutes it with its exact count, a board the
/// lesson cannot load (its square empty) said as such, and its map of 2^64 boards a square.
#[tokio::test]
async fn a_getter_relying_on_its_own_bit_is_refuted_from_an_empty_square() {
    let getter = include_str!("../../crates/sliders-formula/tests/data/own_bit_getter.c");
    let browser = Browser::start().await;
    browser.open(&link(getter, "north")).await;
    let (proved, data) = proof(&browser, 60).await;
    assert_eq!(proved, "yes", "{data:?}");
    browser.click("[data-proof-from-empty]").await;
    let verdict = "const e = document.querySelector('[data-formula-proof]'); return e && e.dataset.proved === 'no';";
    let read = "const e = document.querySelector('[data-formula-proof]');
        return [e.dataset.failing, e.dataset.square, e.dataset.occupied, e.textContent,
                !!document.querySelector('[data-load-proof-counter-example]'),
                document.querySelector('[data-proof-counter-example-empty]')?.textContent ?? '',
                [...document.querySelectorAll('[data-failing-here]')].filter(e => e.dataset.failingHere !== '0').length,
                document.querySelector('[data-failing-here]').dataset.share];";
    let found = browser.read_when(verdict, read, vec![], 60).await.expect("the proof from an empty square refutes it");
    assert_eq!(found[0], "370087802978797879296");
    assert_eq!(
        (found[1].as_str(), found[2].as_str()),
        (Some("a1"), Some("0x0000000000000100")),
        "a1 empty, one piece on a2"
    );
    let words = found[3].as_str().unwrap_or_default();
    assert!(
        words.contains(
            "of the 2^70 boards (about 31.3% of them), on 48 of the 64 squares, counting boards with the slider's square empty as well as occupied."
        ),
        "{words}"
    );
    assert!(words.contains("(1 piece, a1 empty)"), "{words}");
    assert!(words.contains("each with the slider on its square: it could not see these."), "{words}");
    assert!(words.contains("of its 2^64"), "the map's caption: {words}");
    assert_eq!(found[4], false, "a board with the slider's square empty is not offered to the lesson");
    assert!(
        found[5].as_str().unwrap_or_default().contains("with a1 empty, cannot be stepped through here"),
        "{found:?}"
    );
    assert_eq!(found[6], 48);
    // a8, the map's first cell, never fails: the rank-8 squares have nothing north.
    assert_eq!(found[7], "none");
    // Unticked, the lab's boards again: proved.
    browser.click("[data-proof-from-empty]").await;
    let proved_again =
        "const e = document.querySelector('[data-formula-proof]'); return e && e.dataset.proved === 'yes';";
    let read = "return document.querySelector('[data-formula-proof]').textContent;";
    let words = browser.read_when(proved_again, read, vec![], 60).await.expect("proved again on the lab's boards");
    assert!(words.as_str().unwrap_or_default().contains("a Boolean function of the other 63 squares"), "{words}");
    // A right one from an empty square too: its diagrams read the slider's own square as well.
    browser.open(&link("line = o & file(sq)\nreturn (line ^ (line - 2 * r)) & ray(sq, north)", "north")).await;
    assert_eq!(proof(&browser, 60).await.0, "yes");
    browser.click("[data-proof-from-empty]").await;
    let either = "const e = document.querySelector('[data-formula-proof]');
        return !!e && e.dataset.proved === 'yes' && e.textContent.includes('2^64');";
    let words = browser.read_when(either, read, vec![], 30).await.expect("proved from an empty square too");
    let words = words.as_str().unwrap_or_default().to_string();
    assert!(words.contains("a Boolean function of all 64 squares, the slider's own included"), "{words}");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// Two texts against each other in the page: the article's subtraction and the classical ray
/// are equal on every board; with r for 2r (a copy-paste slip) they differ on every board of
/// the 56 squares with a square north, counted, with a board to load; and back to the target.
#[tokio::test]
async fn two_texts_are_compared_on_every_board_in_the_page() {
    let subtraction = "line = o & file(sq)\nreturn (line ^ (line - 2 * r)) & ray(sq, north)";
    let classical = EXAMPLES.iter().find(|e| e.id == "classical-ray").unwrap();
    let browser = Browser::start().await;
    browser.open(&link(subtraction, "north")).await;
    let (proved, data) = proof(&browser, 60).await;
    assert_eq!(proved, "yes", "{data:?}");
    let compare = |other: String| {
        let browser = &browser;
        async move {
            // Open the other text's field, as a reader does, unless a comparison left it open.
            if browser.eval("return document.querySelector('[data-proof-against-open]').open;").await == false {
                browser.click("[data-proof-against-open] summary").await;
            }
            let field =
                browser.client.find(Locator::Css("[data-proof-against]")).await.expect("the other text's field");
            field.clear().await.unwrap();
            field.send_keys(&other).await.unwrap();
            browser.click("[data-proof-compare]").await;
        }
    };
    compare(classical.text().to_string()).await;
    let compared = "const e = document.querySelector('[data-formula-proof][data-compared]'); return !!e && e.dataset.proved !== undefined;";
    let read = "const e = document.querySelector('[data-formula-proof][data-compared]');
        return [e.dataset.proved, e.dataset.failing ?? '', e.textContent, !!document.querySelector('[data-load-proof-counter-example]')];";
    let found = browser.read_when(compared, read, vec![], 60).await.expect("the comparison's answer");
    assert_eq!(found[0], "yes", "{found:?}");
    assert!(
        found[2]
            .as_str()
            .unwrap_or_default()
            .contains("Your formula and the other text are equal on all 2^63 boards of each of the 64 squares."),
        "{found:?}"
    );
    // The copy-paste slip: r for 2r.
    compare(subtraction.replace("2 * r", "r")).await;
    let differs = "const e = document.querySelector('[data-formula-proof][data-compared]'); return !!e && e.dataset.proved === 'no';";
    let found = browser.read_when(differs, read, vec![], 60).await.expect("the comparison refutes the slip");
    assert_eq!(found[1], "516508834063867445248", "56 squares of 2^63 boards each");
    let words = found[2].as_str().unwrap_or_default();
    assert!(
        words.contains(
            "differ on 516,508,834,063,867,445,248 of the 2^69 boards (87.5% of them), on 56 of the 64 squares."
        ),
        "{words}"
    );
    assert!(
        words.contains(
            "The board with the fewest pieces on which they differ: the rook on a1, occupied 0x0000000000000001."
        ),
        "{words}"
    );
    assert_eq!(found[3], true, "a board with the slider on its square loads");
    assert!(words.contains("Differing boards on each square, of its 2^63"), "the map's caption: {words}");
    // A text that does not read is refused, naming it.
    compare("o &".to_string()).await;
    let failed = browser
        .read_when(
            "return !!document.querySelector('[data-proof-failed]');",
            "return document.querySelector('[data-proof-failed]').textContent;",
            vec![],
            30,
        )
        .await;
    assert!(
        failed.expect("the refusal").as_str().unwrap_or_default().contains("the other text: "),
        "the other text is named"
    );
    browser.click("[data-proof-against-target]").await;
    let target = "const e = document.querySelector('[data-formula-proof]'); return !!e && !e.hasAttribute('data-compared') && e.dataset.proved === 'yes';";
    assert!(browser.read_when(target, "return true;", vec![], 60).await.is_some(), "proved against the target again");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}
