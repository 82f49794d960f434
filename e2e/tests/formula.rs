//! The formula playground in the page: steps with the typed sub-expression marked, editing
//! that re-evaluates (and keeps the last good steps on an error), the check on 100,032 cases
//! for each example, the counter-example loaded onto the board, links and the embed.

use std::time::Duration;

use e2e::Browser;
use fantoccini::Locator;
use sliders_formula::examples::EXAMPLES;

async fn text(browser: &Browser, selector: &str) -> String {
    let script = format!("const e = document.querySelector('{selector}'); return e ? e.textContent : null;");
    browser.eval(&script).await.as_str().unwrap_or_default().to_string()
}

async fn step_count(browser: &Browser) -> usize {
    let heading = text(browser, ".step-number").await;
    heading.rsplit(' ').next().unwrap().parse().unwrap()
}

/// Replaces the editor's text as typing would: the value, then an input event.
async fn type_formula(browser: &Browser, formula: &str) {
    let script = "const area = document.querySelector('[data-formula-input]'); area.focus(); area.value = arguments[0]; area.dispatchEvent(new InputEvent('input', { bubbles: true }));";
    browser.client.execute(script, vec![serde_json::json!(formula)]).await.unwrap();
}

/// Waits for the check to end; its outcome and what it carries.
async fn checked(browser: &Browser) -> (String, usize, f64) {
    browser.click("[data-formula-check-start]").await;
    let names = ["checkResult", "checkCases", "checkMs"];
    let data = browser.wait_for_data("[data-check-result]", &names, 60, "the check's end").await;
    (data[0].clone(), data[1].parse().unwrap(), data[2].parse().unwrap())
}

#[tokio::test]
async fn each_step_is_a_sub_expression_marked_where_it_was_typed() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula&formula=o%5E(o-2*r)&expect=north&slider=rook&square=d2&occupied=0x4ced22000146f848&step=3").await;
    assert_eq!(step_count(&browser).await, 3);
    assert_eq!(text(&browser, "[data-step-label]").await, "o ^ (o - 2 * r)");
    assert_eq!(text(&browser, "[data-formula-mark]").await, "o^(o-2*r)");
    browser.open("?v=2&technique=formula&formula=o%5E(o-2*r)&expect=north&slider=rook&square=d2&occupied=0x4ced22000146f848&step=2").await;
    assert_eq!(text(&browser, "[data-step-label]").await, "o - 2 * r");
    assert_eq!(text(&browser, "[data-formula-mark]").await, "(o-2*r)");
    // The subtraction is shown as the built-ins' are: its bit strip and its borrow.
    let narration = text(&browser, ".narration").await;
    assert!(narration.starts_with("Every one bit of 2 * r (e2) is set in o too, so nothing borrows"), "{narration}");
    assert!(browser.client.find(Locator::Css(".bit-strip")).await.is_ok());
    assert_eq!(browser.eval("return document.querySelector('[data-technique-select]').value;").await, "formula");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

#[tokio::test]
async fn typing_re_evaluates_and_an_error_keeps_the_last_good_steps() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula&formula=o&slider=rook&square=d4&occupied=0x0").await;
    type_formula(&browser, "m = file(sq)\nreturn (o ^ (o - 2 * r)) & m").await;
    assert_eq!(step_count(&browser).await, 5);
    assert_eq!(text(&browser, "[data-step-label]").await, "file(sq) = m", "an edit keeps the step index when it can");
    type_formula(&browser, "m = file(sq)\nreturn (o ^ (o - 2 * r)) & filemask").await;
    let error = text(&browser, "[data-formula-error]").await;
    assert!(
        error.starts_with("line 2, column 28: filemask is not a name") && error.contains("Did you mean file(s)?"),
        "{error}"
    );
    assert!(error.contains("return (o ^ (o - 2 * r)) & filemask\n                           ^^^^^^^^"), "{error}");
    assert_eq!(step_count(&browser).await, 5, "the last good formula's steps stay");
    assert_eq!(text(&browser, ".formula-error-mark").await, "filemask");
    // A formula without an operation has no step, and says so; a count is said to be a number.
    type_formula(&browser, "o").await;
    assert!(browser.client.find(Locator::Css("[data-formula-no-steps]")).await.is_ok());
    type_formula(&browser, "popcount(o)").await;
    let note = text(&browser, "[data-number-result]").await;
    assert!(note.contains("the number 1, not a set of squares"), "{note}");
    type_formula(&browser, "m = file(sq)\nreturn (o ^ (o - 2 * r)) & m // fixed").await;
    assert!(browser.client.find(Locator::Css("[data-formula-error]")).await.is_err());
    // The link follows the text.
    let address = browser.eval("return location.search;").await.as_str().unwrap().to_string();
    assert!(
        address.contains("technique=formula") && address.contains("fixed") && address.contains("expect=rook"),
        "{address}"
    );
    // Re-evaluation after a keystroke on a ten-line formula: from the input event to the page
    // updated, measured in the page (recorded in BENCHMARKS.md, not asserted).
    let ten_lines = EXAMPLES[2].text();
    type_formula(&browser, ten_lines).await;
    let script = "const area = document.querySelector('[data-formula-input]'); const times = [];
        for (let i = 0; i < 20; i++) {
            const start = performance.now();
            area.value = arguments[0] + (i % 2 ? ' ' : '');
            area.dispatchEvent(new InputEvent('input', { bubbles: true }));
            await new Promise(r => requestAnimationFrame(() => r()));
            times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b); return times[10];";
    let median = browser
        .client
        .execute(&format!("return (async () => {{ {script} }})();"), vec![serde_json::json!(ten_lines)])
        .await
        .unwrap();
    println!("keystroke to next frame, median of 20: {median} ms");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// The menu's engine listings in C come from formula.wasm, read as C, and agree.
#[tokio::test]
async fn an_engine_listing_opens_from_the_menu_and_agrees() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula").await;
    let listing = sliders_formula::examples::by_id("obstruction-difference-c").unwrap();
    browser.open_example(listing.id).await;
    // Its text comes from formula.wasm once the language has loaded.
    let mut typed = serde_json::Value::Null;
    for _ in 0..100 {
        typed = browser.eval("return document.querySelector('[data-formula-input]').value;").await;
        if typed.as_str().is_some_and(|text| !text.is_empty()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(typed.as_str(), Some(listing.text()));
    let groups = browser.eval("return [...document.querySelectorAll('[data-formula-example] optgroup')].map(g => g.label + ': ' + g.children.length);").await;
    assert_eq!(groups.to_string(), r#"["The articles' tricks: 5","Engine C, tables filled once: 9"]"#);
    let (result, cases, _) = checked(&browser).await;
    assert_eq!((result.as_str(), cases), ("agrees", 100_032));
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

#[tokio::test]
async fn every_example_agrees_in_the_pages_check_and_a_wrong_formula_does_not() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula").await;
    for example in &EXAMPLES {
        browser.open_example(example.id).await;
        let typed = browser.eval("return document.querySelector('[data-formula-input]').value;").await;
        assert_eq!(typed.as_str(), Some(example.text()));
        let target = browser.eval("return document.querySelector('[data-formula-target]').value;").await;
        assert_eq!(target.as_str(), Some(example.target.name()));
        // The formula compiled to WebAssembly: its listing, the scans it uses.
        let listing = text(&browser, "[data-formula-wasm]").await;
        assert!(listing.starts_with("(module") && listing.contains("(func $attacks (export \"attacks\")"), "{listing}");
        if example.id == "obstruction-difference" {
            assert!(listing.lines().any(|line| line.trim() == "i64.clz"), "{listing}");
        }
        let (result, cases, ms) = checked(&browser).await;
        assert_eq!((result.as_str(), cases), ("agrees", 100_032), "{}", example.id);
        // The check ran the compiled function too, case for case.
        let compiled = browser.attribute("[data-compiled-check]", "data-compiled-check").await;
        let compiled_cases = browser.attribute("[data-compiled-check]", "data-compiled-cases").await;
        assert_eq!(
            (compiled.as_deref(), compiled_cases.as_deref()),
            (Some("agrees"), Some("100032")),
            "{}",
            example.id
        );
        println!(
            "{}: 100,032 cases, the formula and its WebAssembly, in {ms} ms, {:.0} cases/s",
            example.id,
            cases as f64 / ms * 1000.0
        );
    }
    // Without its mask, the borrow's trail off the file stays in: the check shows where.
    type_formula(&browser, "o ^ (o - 2 * r)").await;
    let (result, cases, _) = checked(&browser).await;
    assert_eq!((result.as_str(), cases), ("differs", 1));
    // The compiled function goes wrong on the same case, with the same value.
    let compiled = browser.attribute("[data-compiled-check]", "data-compiled-check").await;
    assert_eq!(compiled.as_deref(), Some("agrees"));
    // A text that does not read sets aside what was shown of the last formula: no verdict,
    // listing or export beside a text it is not of, and no check to start.
    type_formula(&browser, "o ^ (o - 2 * ").await;
    browser.client.wait().for_element(Locator::Css("[data-formula-set-aside]")).await.unwrap();
    for gone in ["[data-check-result]", "[data-formula-wasm]", "[data-copy-as]"] {
        assert!(browser.client.find(Locator::Css(gone)).await.is_err(), "{gone} beside a text with an error");
    }
    // The panels module draws the button: it learns of the error when the page publishes it.
    browser
        .client
        .wait()
        .for_element(Locator::Css("[data-formula-check-start]:disabled"))
        .await
        .expect("the check waits");
    type_formula(&browser, "o ^ (o - 2 * r)").await;
    let square = browser.attribute("[data-check-result]", "data-counter-square").await.unwrap();
    let occupied = browser.attribute("[data-check-result]", "data-counter-occupied").await.unwrap();
    assert_eq!((square.as_str(), occupied.as_str()), ("a1", "0x0000000000000001"));
    browser.click("[data-load-counter-example]").await;
    assert_eq!(browser.occupied().await.to_string(), occupied);
    let address = browser.eval("return location.search;").await.as_str().unwrap().to_string();
    assert!(address.contains("square=a1"), "{address}");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

#[tokio::test]
async fn a_technique_opens_as_a_formula_and_links_carry_the_formula() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    // The language is fetched when a formula first opens, not before.
    let fetched = "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/formula.wasm'));";
    assert_eq!(browser.eval(fetched).await, false, "formula.wasm is no part of the first load");
    browser.click("[data-open-as-formula=\"sbamg\"]").await;
    browser.wait_for_sources().await;
    assert_eq!(browser.eval(fetched).await, true);
    let typed = browser.eval("return document.querySelector('[data-formula-input]').value;").await;
    assert!(typed.as_str().unwrap().starts_with("// SBAMG"), "{typed}");
    assert_eq!(browser.eval("return document.querySelector('[data-technique-select]').value;").await, "formula");
    // The formula's result is the built-in's on this board.
    assert_eq!(
        browser.result().await,
        sliders::Technique::Sbamg.attacks(sliders::Slider::Rook, sliders::Square::D1, sliders::Bitboard(0x43))
    );
    // The compare panel has the formula's row, checked as the rook's attacks here.
    assert_eq!(browser.attribute("[data-compare=\"formula\"]", "data-match").await.as_deref(), Some("true"));
    let row = text(&browser, "[data-compare=\"formula\"]").await;
    assert!(row.contains("Your formula") && row.contains("✓ matches the rook's attacks"), "{row}");
    type_formula(&browser, "o ^ (o - 2 * r)").await;
    assert_eq!(browser.attribute("[data-compare=\"formula\"]", "data-match").await.as_deref(), Some("false"));
    // "Copy for an article" draws the formula's steps, not a technique's.
    browser.click("[data-export=\"trace\"]").await;
    let started = std::time::Instant::now();
    let copied = loop {
        let said =
            browser.eval("const t = document.querySelector('[data-export-text]'); return t && t.textContent;").await;
        match said.as_str() {
            Some(copied) if !copied.is_empty() => break copied.to_string(),
            _ => assert!(
                started.elapsed() < Duration::from_secs(30),
                "nothing was copied: {}",
                text(&browser, "[data-export-output]").await
            ),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(copied.starts_with("formula (the reader's formula): rook on d1"), "{copied}");
    assert!(copied.contains("step 1: 2 * r") && copied.contains("step 3: o ^ (o - 2 * r)"), "{copied}");
    // A link with a formula longer than 32,000 characters is refused with a notice; the rest applies.
    let long = format!("o{}", " | o".repeat(8400));
    browser
        .open(&format!("?v=2&technique=formula&formula={}&square=e4", long.replace(' ', "%20").replace('|', "%7C")))
        .await;
    let notice = text(&browser, "[data-notice=\"formula\"]").await;
    assert!(notice.contains("33601 characters long") && notice.contains("32000 at most"), "{notice}");
    assert!(browser.attribute("[data-square=\"e4\"]", "data-slider").await.is_some(), "square=e4 still applies");
    // The embed shows the editor with the steps.
    browser
        .open("?v=2&embed=1&technique=formula&formula=rank(sq)%20%26%20o&expect=rank&square=e4&occupied=0x10&step=2")
        .await;
    assert!(browser.client.find(Locator::Css(".embed-view [data-formula-input]")).await.is_ok());
    assert_eq!(text(&browser, "[data-step-label]").await, "rank(sq) & o");
    assert!(text(&browser, ".embed-title").await.contains("Your formula"));
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// "Copy as C" and "Copy as Rust" write the formula as an engine's function, show it, and put
/// it on the clipboard.
#[tokio::test]
async fn the_formula_is_copied_as_c_and_as_rust() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula").await;
    browser.open_example("obstruction-difference").await;
    browser.click("[data-copy-as=\"c\"]").await;
    browser.client.wait().for_element(Locator::Css("[data-engine-code=\"c\"]")).await.unwrap();
    let c = text(&browser, "[data-engine-code=\"c\"]").await;
    assert!(
        c.contains("uint64_t formula_attacks(uint64_t occupied, unsigned square)") && c.contains("__builtin_clzll"),
        "{c}"
    );
    assert!(c.contains("static inline uint64_t line_attacks("), "the reader's function stays a function: {c}");
    browser.click("[data-copy-as=\"rust\"]").await;
    browser.client.wait().for_element(Locator::Css("[data-engine-code=\"rust\"]")).await.unwrap();
    let rust = text(&browser, "[data-engine-code=\"rust\"]").await;
    assert!(
        rust.contains("pub fn formula_attacks(occupied: u64, square: u32) -> u64") && rust.contains("leading_zeros"),
        "{rust}"
    );
    // The clipboard took it, or the page said to copy it by hand.
    browser.client.wait().for_element(Locator::Css("[data-engine-copied]")).await.unwrap();
    // Another prefix names every generated name; one that is no identifier is refused in a
    // sentence under the field.
    let prefix = browser.client.find(Locator::Css("[data-engine-prefix]")).await.expect("the prefix field");
    prefix.clear().await.unwrap();
    prefix.send_keys("rook").await.unwrap();
    browser.click("[data-copy-as=\"c\"]").await;
    let renamed = "const e = document.querySelector('[data-engine-code=\"c\"]'); return !!e && e.textContent.includes('uint64_t rook_attacks(');";
    let c = browser
        .read_when(renamed, "return document.querySelector('[data-engine-code=\"c\"]').textContent;", vec![], 10)
        .await;
    let c = c.expect("the C under the prefix rook");
    assert!(!c.as_str().unwrap_or_default().contains("formula_"), "{c}");
    prefix.clear().await.unwrap();
    prefix.send_keys("Rook").await.unwrap();
    browser.click("[data-copy-as=\"rust\"]").await;
    let refused = "return !!document.querySelector('[data-engine-export] [role=alert]');";
    let why = browser
        .read_when(
            refused,
            "return document.querySelector('[data-engine-export] [role=alert]').textContent;",
            vec![],
            10,
        )
        .await;
    assert!(why.expect("the refusal").as_str().unwrap_or_default().contains("\"Rook\" is no prefix"));
    browser.close().await;
}

/// Compiler Explorer's way: the caret placed on a sub-expression brings up its step, and the
/// listing lights that step's instructions.
#[tokio::test]
async fn the_caret_in_the_formula_brings_up_its_step_and_its_instructions() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula").await;
    browser.open_example("obstruction-difference").await;
    let text = EXAMPLES.iter().find(|e| e.id == "obstruction-difference").unwrap().text();
    let caret = text.find("clz(lower").unwrap() + 1;
    let script = "const area = document.querySelector('[data-formula-input]'); area.focus(); area.setSelectionRange(arguments[0], arguments[0]); area.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowRight', bubbles: true })); return 1;";
    browser.client.execute(script, vec![serde_json::json!(caret)]).await.unwrap();
    browser.wait_for_still().await;
    let marked = self::text(&browser, "[data-formula-mark]").await;
    assert_eq!(marked, "clz(lower | 1)");
    let lit =
        browser.eval("return [...document.querySelectorAll('[data-wasm-lit]')].map(l => l.textContent.trim());").await;
    let lit: Vec<&str> = lit.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    assert!(lit.contains(&"i64.clz") && lit.contains(&"i64.or"), "{lit:?}");
    browser.close().await;
}

/// Waits for `[data-formula-check]`, a check's outcome, and reads its cases, its failures and
/// its counter-example's square and board ("" where there is none).
async fn check_outcome(browser: &Browser) -> Vec<String> {
    let names = ["cases", "failures", "square", "occupied"];
    browser.wait_for_data("[data-formula-check]", &names, 60, "a check that ends on its own").await
}

/// The hooks tests and embedding pages rely on: `[data-formula]` is the editor, a link with
/// `expect=` starts the check on its own, and `[data-formula-check]` carries its outcome: the
/// cases, the failures, and a counter-example that really fails; `[data-formula-error]` carries
/// the error's line and column.
#[tokio::test]
async fn a_link_with_expect_checks_on_its_own_and_the_hooks_carry_the_outcome() {
    let browser = Browser::start().await;
    // o ^ (o - 2r) is the north ray on a file only: as the rook's attacks it is wrong.
    browser
        .open(
            "?v=2&technique=formula&formula=(o%5E(o-2*r))%26file(sq)&expect=rook&square=d2&occupied=0x4ced22000146f848",
        )
        .await;
    let editor = browser.eval("return document.querySelector('[data-formula]').value;").await;
    assert_eq!(editor, "(o^(o-2*r))&file(sq)");
    let failed = check_outcome(&browser).await;
    assert_eq!(failed[1], "1", "{failed:?}");
    // A check the link started leaves the page where it opened: at its top, the board in view.
    assert_eq!(browser.eval("return window.scrollY;").await, 0);
    // Compare marks the formula's row alone: the lesson shows the formula, not a technique.
    let marked = "return [...document.querySelectorAll('[data-compare].selected')].map(r => r.dataset.compare);";
    assert_eq!(browser.eval(marked).await, serde_json::json!(["formula"]));
    assert!(failed[0].parse::<usize>().unwrap() >= 1);
    let square: sliders::Square = failed[2].parse().expect("a square such as d4");
    let occupied: sliders::Bitboard = failed[3].parse().expect("0x and 16 hex digits");
    assert!(failed[3].starts_with("0x") && failed[3].len() == 18, "{failed:?}");
    // The counter-example really fails: the formula's value there is not the rook's attacks.
    let file = sliders::Bitboard(0x0101_0101_0101_0101 << square.file());
    let o = occupied | square.bit();
    let formula = sliders::Bitboard((o.0 ^ o.0.wrapping_sub(2 * square.bit().0)) & file.0);
    assert_ne!(formula, sliders::Technique::Reference.attacks(sliders::Slider::Rook, square, o), "{failed:?}");
    // An example that is right: every case agrees.
    let example = EXAMPLES.iter().find(|e| e.id == "hyperbola-quintessence").unwrap();
    let text: String = url::form_urlencoded::byte_serialize(example.text().as_bytes()).collect();
    browser.open(&format!("?v=2&technique=formula&formula={text}&expect={}&square=e4", example.target.name())).await;
    assert_eq!(check_outcome(&browser).await, ["100032", "0", "", ""]);
    // An error says its line and column.
    type_formula(&browser, "x = 1\ny = x +\n").await;
    assert_eq!(browser.attribute("[data-formula-error]", "data-line").await.as_deref(), Some("3"));
    assert_eq!(browser.attribute("[data-formula-error]", "data-column").await.as_deref(), Some("1"));
    browser.close().await;
}

/// C as the wiki writes it reads: names declared first (`U64 a, b;`), `int`, and a parameter
/// named as a board name; a note under the editor says the text is read as C, and why. Read
/// as C, an int below zero is shown with its sign, and what C leaves undefined faults there.
#[tokio::test]
async fn plain_c_reads_with_cs_meaning_and_says_so() {
    let browser = Browser::start().await;
    browser.open("?v=2&technique=formula&formula=o&slider=bishop&square=d4&occupied=0x0").await;
    let c = "U64 lineAttacks(U64 occ, U64 mask, int sq) {
    U64 forward, reverse;
    mask &= ~bit(sq);
    forward = occ & mask;
    reverse = bswap(forward);
    forward -= bit(sq);
    reverse -= bswap(bit(sq));
    forward ^= bswap(reverse);
    return forward & mask;
}
lineAttacks(o, diagonal(sq), sq) | lineAttacks(o, antidiagonal(sq), sq)";
    type_formula(&browser, c).await;
    browser.wait_for("[data-formula-note]", 10, "the note on the reading").await;
    let note = text(&browser, "[data-formula-note]").await;
    assert!(note.starts_with("Read as C, as line 1 uses C's type U64: int is 32 bits and signed"), "{note}");
    assert!(browser.client.find(Locator::Css("[data-formula-error]")).await.is_err());
    assert!(step_count(&browser).await > 0);
    // A declared name read before it has a value is an error at that use, the note set aside.
    type_formula(&browser, "U64 a, b;\na = o;\nreturn a | b").await;
    assert_eq!(browser.attribute("[data-formula-error]", "data-line").await.as_deref(), Some("3"));
    assert_eq!(browser.attribute("[data-formula-error]", "data-column").await.as_deref(), Some("12"));
    assert!(browser.client.find(Locator::Css("[data-formula-note]")).await.is_err());
    type_formula(&browser, "U64 a, b;\na = o;\nb = r;\nreturn a ^ b").await;
    assert!(browser.client.find(Locator::Css("[data-formula-error]")).await.is_err());
    assert!(text_of_note(&browser).await.starts_with("Read as C"));
    // The lab's short form says so too.
    type_formula(&browser, "x = o ^ r\nreturn x").await;
    note_starting(&browser, "Read in the lab's short form").await;
    // An int below zero: on d4, sq - 30 is -3.
    type_formula(&browser, "int d = sq - 30;\nreturn (U64)(d < 0);").await;
    note_starting(&browser, "Read as C").await;
    browser.wait_for("[data-current-result][data-value='-3']", 10, "the step's -3").await;
    // 1 is an int: shifted by 37 it is undefined, a fault where it was typed.
    type_formula(&browser, "int s = sq + 10;\nreturn 1 << s;").await;
    browser.wait_for("[data-formula-fault]", 10, "the fault").await;
    let fault = text(&browser, "[data-formula-fault]").await;
    assert!(fault.contains("1 << 37 is undefined in C: a shift of a 32-bit int must be by 0 to 31"), "{fault}");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

#[tokio::test]
async fn a_formula_link_without_a_formula_opens_the_example_checked_as_what_it_declares() {
    let browser = Browser::start().await;
    browser.open("?technique=formula&slider=rook&square=d2&occupied=0x4ced22000146f848").await;
    browser.wait_for_sources().await;
    // The editor's example computes the north ray, and says so: no false ✗ against the rook.
    let row = text(&browser, "[data-compare=\"formula\"]").await;
    assert_eq!(browser.attribute("[data-compare=\"formula\"]", "data-match").await.as_deref(), Some("true"), "{row}");
    assert!(row.contains("north"), "{row}");
    browser.close().await;
}

#[tokio::test]
async fn c_with_directives_division_and_a_short_circuit_reads_steps_and_is_proved() {
    let browser = Browser::start().await;
    let encoded: String = url::form_urlencoded::byte_serialize(e2e::HEADER_C.as_bytes()).collect();
    let query = format!(
        "?v=2&technique=formula&formula={encoded}&expect=north&slider=rook&square=d4&occupied=0x0008000000000000"
    );
    browser.open(&format!("{query}&step=1")).await;
    assert!(browser.client.find(Locator::Css("[data-formula-error]")).await.is_err());
    assert!(text_of_note(&browser).await.contains("#include lines are skipped"));
    assert_eq!(text(&browser, "[data-step-label]").await, "sq % 8");
    let narration = text(&browser, ".narration").await;
    assert!(narration.starts_with("27 % 8 = 3: what is left of 27 after 3 times 8."), "{narration}");
    // The shift's operand is the macro as typed: its use is what the editor marks.
    browser.open(&format!("{query}&step=2")).await;
    assert_eq!(text(&browser, "[data-formula-mark]").await, "(FILE_A << (sq % 8))");
    // The step's label says it as typed too, not the number FILE_A expands to.
    assert_eq!(text(&browser, "[data-step-label]").await, "FILE_A << (sq % 8)");
    // The && whose first operand is nonzero leaves it to the second; the proof holds.
    let data = browser.wait_for_data("[data-formula-proof]", &["proved"], 60, "the proof's verdict").await;
    assert_eq!(data[0], "yes");
    // A division by zero typed in faults where it was typed, and the last good steps stay.
    type_formula(&browser, &e2e::HEADER_C.replace("sq % 8", "sq % (sq - sq)")).await;
    browser.wait_for("[data-formula-fault]", 10, "the fault").await;
    // A text that does not read keeps, beside its error, the note of how its start was read.
    type_formula(&browser, &e2e::HEADER_C.replace("sq % 8", "sq % ")).await;
    browser.wait_for("[data-formula-error]", 10, "the error").await;
    assert!(text_of_note(&browser).await.contains("#include lines are skipped"));
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}

/// Waits up to 10 s for the note under the editor to start with `start`: the text typed last
/// has been read.
async fn note_starting(browser: &Browser, start: &str) {
    for _ in 0..200 {
        if text(browser, "[data-formula-note]").await.starts_with(start) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the note never started with {start:?}: {:?}", text(browser, "[data-formula-note]").await);
}

async fn text_of_note(browser: &Browser) -> String {
    browser.wait_for("[data-formula-note]", 10, "the note under the editor").await;
    text(browser, "[data-formula-note]").await
}

/// A link with engine C that fills a table once and reads it at a bit scan's square: the note
/// says what filled it, a step reads the table by its own name, and the proof's verdict shows.
#[tokio::test]
async fn a_link_with_c_tables_filled_once_steps_and_proves() {
    let browser = Browser::start().await;
    let getter = include_str!("../../crates/sliders-formula/listings/rays_init_getter.c");
    let encoded: String = getter
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect();
    browser
        .open(&format!("?v=2&technique=formula&formula={encoded}&expect=rook&square=d4&occupied=0x0008000000080009"))
        .await;
    browser.wait_for("[data-formula-proof][data-proved='yes']", 60, "the proof's verdict").await;
    let note = text_of_note(&browser).await;
    assert!(note.starts_with("init_rays() filled the tables once, before any board, in 17,540 operations."), "{note}");
    browser.wait_for("[data-step-index='0']", 10, "the first step").await;
    let label = text(&browser, "[data-step-label]").await;
    assert!(label.contains("rays[dir][sq]"), "{label}");
    let said = browser.eval("return document.body.innerText.includes('Reads entry 27 of rays,');").await;
    assert_eq!(said, serde_json::Value::Bool(true), "the step names its entry (north, d4 is entry 27)");
    assert!(browser.console_problems().await.is_empty());
    browser.close().await;
}
