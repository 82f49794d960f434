//! Component tests in a real browser (wasm-bindgen-test in headless Chromium): the App mounted
//! into a fresh element, driven through the DOM the way a user's clicks and keys would.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use slider_lab::components::app::App;
use slider_lab::model::BoardAction;
use sliders::{Bitboard, Slider, Square, Technique};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts a fresh App and lets it render.
async fn mount() -> Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    root
}

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(20)).await;
}

fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}"))
}

fn square(root: &Element, square: Square) -> Element {
    find(root, &format!("[data-square=\"{}\"]", square.name()))
}

fn result(root: &Element) -> Bitboard {
    find(root, "[data-result]").get_attribute("data-value").unwrap().parse().unwrap()
}

fn occupied(root: &Element) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&s| square(root, s).get_attribute("data-occupied").as_deref() == Some("true"))
        .collect()
}

#[wasm_bindgen_test]
async fn the_board_has_64_named_squares_in_lerf_order() {
    let root = mount().await;
    let squares = root.query_selector_all("[data-square]").unwrap();
    assert_eq!(squares.length(), 64);
    // Drawn rank 8 first: the first square in the document is a8, the last h1.
    let first: Element = squares.get(0).unwrap().dyn_into().unwrap();
    let last: Element = squares.get(63).unwrap().dyn_into().unwrap();
    assert_eq!(first.get_attribute("data-square").as_deref(), Some("a8"));
    assert_eq!(last.get_attribute("data-square").as_deref(), Some("h1"));
    assert_eq!(square(&root, Square::D4).get_attribute("data-slider").as_deref(), Some("rook"));
    assert!(square(&root, Square::E4).get_attribute("aria-label").unwrap().starts_with("e4"));
}

#[wasm_bindgen_test]
async fn activating_a_square_toggles_it_and_updates_the_result() {
    let root = mount().await;
    let before = occupied(&root);
    // A keyboard activation is a click with detail 0, which `click()` produces.
    square(&root, Square::D6).dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
    let after = occupied(&root);
    assert_eq!(after, before.toggled(Square::D6));
    let expected = Technique::ObstructionDifference.attacks(Slider::Rook, Square::D4, after);
    assert_eq!(result(&root), expected);
    let attacked: Bitboard = Square::ALL
        .into_iter()
        .filter(|&s| square(&root, s).get_attribute("data-attacked").as_deref() == Some("true"))
        .collect();
    assert_eq!(attacked, expected);
}

#[wasm_bindgen_test]
async fn a_bad_occupancy_keeps_the_board_and_says_why() {
    // The position's field is drawn by the panels module (src/panels.rs), beside the App: mounted
    // here on its own, with the actions it sends to the page recorded.
    use slider_lab::components::position::{Position, PositionProps};
    use slider_lab::model::Action;
    use std::{cell::RefCell, rc::Rc};
    let sent = Rc::new(RefCell::new(Vec::<Action>::new()));
    let on_action = {
        let sent = sent.clone();
        yew::Callback::from(move |action| sent.borrow_mut().push(action))
    };
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let props = PositionProps { occupied: Bitboard(0x43), show_indices: false, on_action };
    yew::Renderer::<Position>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let input: web_sys::HtmlInputElement = find(&root, "[data-occupied-input]").dyn_into().unwrap();
    input.set_value("0x1ffffffffffffffff");
    let form: web_sys::HtmlFormElement = find(&root, "[data-occupied-form]").dyn_into().unwrap();
    form.request_submit().unwrap();
    settle().await;
    assert!(sent.borrow().is_empty(), "no new board is sent: {:?}", sent.borrow());
    let message = find(&root, "[data-message]").text_content().unwrap();
    assert!(message.contains("17 hex digits"), "{message}");
    // A good one is sent, and the message goes.
    input.set_value("0x43");
    form.request_submit().unwrap();
    settle().await;
    assert_eq!(*sent.borrow(), [Action::Board(BoardAction::SetOccupied(Bitboard(0x43)))]);
    assert!(root.query_selector("[data-message]").unwrap().is_none());
}

/// The benchmark loop is written out in WebAssembly (and rolled natively): in wasm, each
/// technique's loop must still XOR exactly the lookups a plain loop over the pairs gives.
#[wasm_bindgen_test]
fn the_wasm_benchmark_loop_covers_every_pair() {
    let (mut occupancies, mut squares) = (Vec::new(), Vec::new());
    let mut rng = sliders::workload::Xorshift96::default();
    sliders::workload::extend(&mut rng, 500, &mut occupancies, &mut squares);
    for &technique in Technique::ALL {
        let mut expected = 0u64;
        for (index, &square) in squares.iter().enumerate() {
            let occupied = Bitboard(occupancies[index / sliders::workload::SQUARES_PER_OCCUPANCY]);
            expected ^= technique.attacks(Slider::Queen, Square::from_index(square as u32), occupied).0;
        }
        assert_eq!(technique.xor_queen_attacks(&occupancies, &squares), expected, "{technique}");
    }
}
