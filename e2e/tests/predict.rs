//! Predict mode, as a student meets it: each step asks for its result before it shows it, the
//! answer is set on a grid (by mouse or keyboard) or typed, Check grades it square by square, and
//! nothing on the page gives the answer away while the step asks.

use e2e::Browser;
use serde_json::json;
use sliders::{Bitboard, Slider, Square, Technique, Value};

const BOARD: Bitboard = Bitboard(0x0000_0800_0040_0000);
const LESSON: &str =
    "?v=2&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000080000400000&predict=1";

fn cell(square: Square) -> String {
    format!("[data-predict-cell=\"{}\"]", square.name())
}

/// What gives a step's result away, counted while it asks: the result grid, the narration, the
/// values table, the board's attacks and their hex, and the step strip's result grids.
const GIVEAWAYS: &str = "return { result: document.querySelectorAll('[data-current-result]').length,
    narration: document.querySelectorAll('[data-narration], [data-grid-key]').length,
    values: document.querySelectorAll('table.values').length,
    attacks: document.querySelectorAll('[data-result], [data-attacked]').length,
    strip: document.querySelectorAll('[data-chip] .mini-grid').length,
    state: document.querySelector('[data-predict]').dataset.state };";

/// The marks on the answer grid, square by square, and the verdict.
const MARKS: &str = "const p = document.querySelector('[data-predict]');
    return { state: p.dataset.state, wrong: p.dataset.wrong,
      marks: Object.fromEntries([...document.querySelectorAll('[data-predict-cell]')].map(c => [c.dataset.predictCell, c.dataset.mark])),
      verdict: p.textContent };";

#[tokio::test]
async fn a_prediction_is_graded_square_by_square_and_nothing_gives_it_away() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(LESSON).await;
    let steps = Technique::ObstructionDifference.trace(Slider::Rook, Square::D4, BOARD).steps;
    let asking = browser.read_painted(GIVEAWAYS).await;
    assert_eq!(
        asking,
        json!({ "result": 0, "narration": 0, "values": 0, "attacks": 0, "strip": 0, "state": "asking" })
    );
    // Step 1, by mouse: each bit of the result clicked, then Check. Right, every square.
    let Value::Board(truth) = steps[0].result else { panic!("a board") };
    for square in truth.squares() {
        browser.click(&cell(square)).await;
    }
    browser.click("[data-predict-check]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("0")), "{graded}");
    assert!(graded["marks"].as_object().unwrap().values().all(|mark| mark == "right"), "{graded}");
    assert!(graded["verdict"].as_str().unwrap().starts_with("Right"), "{graded}");
    // Answered, the step shows as it does without predict mode.
    let shown = browser.read_painted("return [document.querySelectorAll('[data-current-result]').length, document.querySelectorAll('[data-narration]').length];").await;
    assert_eq!(shown, json!([1, 1]));
    // Step 2, by keyboard: the answer grid's one tab stop, the arrows between cells, Space on
    // each bit of the result but its first, and Enter. One wrong, marked missed on exactly the
    // square left out.
    browser.next_step(1).await;
    let Value::Board(truth) = steps[1].result else { panic!("a board") };
    let left_out = truth.squares().next();
    let focus = |square: Square| {
        format!("document.querySelector('{}').focus(); return null;", cell(square).replace('\'', "\\'"))
    };
    browser.eval(&focus(Square::A8)).await;
    browser.client.active_element().await.unwrap().send_keys(&fantoccini::key::Key::Down.to_string()).await.unwrap();
    let moved = browser.eval("return document.activeElement.dataset.predictCell;").await;
    assert_eq!(moved, "a7", "the down arrow moves from a8 to a7");
    for square in truth.squares().skip(1) {
        browser.eval(&focus(square)).await;
        browser.client.active_element().await.unwrap().send_keys(" ").await.unwrap();
    }
    browser.eval(&focus(Square::A8)).await;
    browser.client.active_element().await.unwrap().send_keys(&fantoccini::key::Key::Enter.to_string()).await.unwrap();
    let graded = browser.read_painted(MARKS).await;
    let wrong = u32::from(left_out.is_some());
    assert_eq!(graded["wrong"], json!(wrong.to_string()), "{graded}");
    for (name, mark) in graded["marks"].as_object().unwrap() {
        let expected = if Some(name.parse::<Square>().unwrap()) == left_out { "missed" } else { "right" };
        assert_eq!(mark, expected, "{name}: {graded}");
    }
    if let Some(square) = left_out {
        let verdict = graded["verdict"].as_str().unwrap();
        assert!(verdict.contains(&format!("1 bit wrong. {square} should be 1")), "{verdict}");
        // The marks' key stands under a wrong answer.
        assert!(verdict.contains("○ missed, should be 1; × extra, should be 0"), "{verdict}");
    }
    // One bit too many on step 3 is extra; Show me on the rest; the score counts first tries.
    browser.next_step(2).await;
    let Value::Board(truth) = steps[2].result else { panic!("a board") };
    let extra = Square::ALL.into_iter().find(|&square| !truth.contains(square)).unwrap();
    for square in truth.squares().chain([extra]) {
        browser.click(&cell(square)).await;
    }
    browser.click("[data-predict-check]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["wrong"], &graded["marks"][extra.name()]), (&json!("1"), &json!("extra")), "{graded}");
    for index in 3..steps.len() {
        browser.next_step(index).await;
        assert_eq!(browser.read_painted(GIVEAWAYS).await["state"], "asking", "step {}", index + 1);
        browser.click("[data-predict-skip]").await;
    }
    let score = browser
        .read_painted("const s = document.querySelector('[data-predict-score]'); return s && [s.dataset.right, s.dataset.asked, [...s.querySelectorAll('[data-predict-missed]')].map(b => b.dataset.predictMissed)];")
        .await;
    let missed: Vec<String> =
        (1..steps.len()).map(|index| index.to_string()).filter(|i| i != "1" || wrong == 1).collect();
    let right = if wrong == 1 { 1 } else { 2 };
    assert_eq!(score, json!([right.to_string(), steps.len().to_string(), missed]));
    browser.close().await;
}

/// A step whose result is a number takes a typed number: a text that is not one is refused
/// beside the field and the step still asks; the right number is graded right.
#[tokio::test]
async fn a_number_step_takes_a_typed_number() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let steps = Technique::ClassicalZeroCount.trace(Slider::Rook, Square::D4, BOARD).steps;
    let index = steps.iter().position(|step| matches!(step.result, Value::Number(_))).unwrap();
    let Value::Number(truth) = steps[index].result else { unreachable!() };
    browser
        .open(&format!(
            "?v=2&technique=classical-zero-count&slider=rook&square=d4&occupied=0x0000080000400000&predict=1&step={}",
            index + 1
        ))
        .await;
    let field = browser.client.find(fantoccini::Locator::Css("[data-predict-number]")).await.expect("a number field");
    field.send_keys("d5").await.unwrap();
    field.send_keys(&fantoccini::key::Key::Enter.to_string()).await.unwrap();
    let refused = browser.read_painted("return [document.querySelector('[data-predict]').dataset.state, document.querySelector('[data-predict-error]')?.textContent];").await;
    assert_eq!(refused[0], "asking");
    assert!(refused[1].as_str().is_some_and(|error| error.contains("\"d5\" is not a number")), "{refused}");
    field.clear().await.unwrap();
    field.send_keys(&truth.to_string()).await.unwrap();
    field.send_keys(&fantoccini::key::Key::Enter.to_string()).await.unwrap();
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("0")), "{graded}");
    assert_eq!(graded["verdict"], json!(format!("Right: {truth}.")));
    browser.close().await;
}

/// A bit scan's number is a square's index: the step asks which square, and takes the square's
/// name as well as its index. A mirrored word's answer grid is labelled with the squares its
/// bits stand for, rank 8 at the bottom, and a wrong bit is named by its index and its square.
#[tokio::test]
async fn a_scan_asks_for_a_square_and_a_mirrored_word_says_its_squares() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let occupied = Bitboard(0x0000_0000_0000_0043);
    let steps = Technique::Sbamg.trace(Slider::Rook, Square::D1, occupied).steps;
    let (index, square) =
        steps.iter().enumerate().find_map(|(index, step)| Some((index, step.result_square()?))).expect("a scan");
    browser
        .open(&format!("?v=2&technique=sbamg&slider=rook&square=d1&occupied={occupied}&predict=1&step={}", index + 1))
        .await;
    let prompt = browser.read_painted("return document.querySelector('.predict-prompt').textContent;").await;
    assert!(
        prompt.as_str().unwrap().contains("which square is bsq? Its name or its index, 0 (a1) to 63 (h8)."),
        "{prompt}"
    );
    let field = browser.client.find(fantoccini::Locator::Css("[data-predict-number]")).await.expect("a field");
    assert_eq!(field.attr("inputmode").await.unwrap().as_deref(), Some("text"), "a phone's keyboard has letters");
    field.send_keys(&square.name().to_uppercase()).await.unwrap();
    field.send_keys(&fantoccini::key::Key::Enter.to_string()).await.unwrap();
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("0")), "{graded}");
    assert_eq!(graded["verdict"], json!(format!("Right: {} ({square}).", square.index())));

    // Hyperbola quintessence's bswap(r): the answer is on the mirrored board.
    let steps = Technique::HyperbolaQuintessence.trace(Slider::Rook, Square::D4, BOARD).steps;
    let swap = steps.iter().position(|step| step.label == "bswap(r) = r_mirrored").expect("the swap");
    browser
        .open(&format!(
            "{}&technique=hyperbola-quintessence&step={}",
            LESSON.replace("&technique=obstruction-difference", ""),
            swap + 1
        ))
        .await;
    let labels = browser
        .read_painted("return [[...document.querySelectorAll('.answer-files span')].map(s => s.textContent).join(''), [...document.querySelectorAll('.answer-ranks span')].map(s => s.textContent).join(''), document.querySelector('.answer-figure figcaption').textContent];")
        .await;
    assert_eq!(
        labels,
        json!(["abcdefgh", "12345678", "r_mirrored: your answer on the mirrored board, click its squares"])
    );
    // Nothing set: the one bit, d4's, stands where d5 is drawn.
    browser.click("[data-predict-check]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!(graded["marks"]["d5"], json!("missed"), "{graded}");
    assert!(graded["verdict"].as_str().unwrap().contains("bit 35 (d4 on the mirrored board) should be 1"), "{graded}");
    let cell = browser.attribute("[data-predict-cell=\"d5\"]", "aria-label").await;
    assert_eq!(cell.as_deref(), Some("d4: 0, should be 1"));

    // Obstruction difference's 0x8000000000000000 >> …: the constant's hex is said once.
    let steps = Technique::ObstructionDifference.trace(Slider::Rook, Square::D4, BOARD).steps;
    let top = steps.iter().position(|step| step.label.starts_with("0x8000000000000000 >>")).expect("the constant");
    browser.open(&format!("{}&step={}", LESSON.replace("&predict=1", ""), top + 1)).await;
    let caption = browser.read_painted("return document.querySelector('.equation figcaption').textContent;").await;
    assert_eq!(caption, json!("0x8000000000000000"));
    browser.close().await;
}

/// A reader's formula with an if: its test is a step that says which way it went, and in
/// predict mode asks yes or no; so does a comparison. Yes and No answer at once.
#[tokio::test]
async fn an_ifs_test_and_a_comparison_ask_yes_or_no() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let text = "// The north ray, up to its first piece.\nU64 up = ray(sq, north);\nU64 blocker = up & o;\nif (blocker) {\n    up ^= ray(bsf(blocker), north);\n}\nreturn up | (popcount(o) > 3);";
    let encoded: String = text.bytes().map(|byte| format!("%{byte:02X}")).collect();
    let link = format!("?v=2&technique=formula&formula={encoded}&expect=north&slider=rook&square=d4&occupied={BOARD}");
    let formula = sliders_formula::Formula::parse(text).unwrap();
    let steps = formula.trace(Slider::Rook, Square::D4.bit(), BOARD | Square::D4.bit()).unwrap().steps;
    let branch = steps.iter().position(|step| step.op == sliders::Op::Branch).expect("the if's step");
    let compare = steps.iter().position(|step| matches!(step.op, sliders::Op::Compare(_))).expect("the comparison");
    // Without predict mode: the step, its line lit, and which way it went.
    browser.open(&format!("{link}&step={}", branch + 1)).await;
    let shown = browser
        .read_painted("return [document.querySelector('[data-step-label]').textContent, document.querySelector('[data-narration]').textContent];")
        .await;
    assert_eq!(shown[0], json!("if (blocker)"));
    assert!(
        shown[1].as_str().unwrap().contains("blocker is 0x0000080000000000, not zero, so the if's own branch runs."),
        "{shown}"
    );
    // In predict mode: yes or no, at once.
    browser.open(&format!("{link}&predict=1&step={}", branch + 1)).await;
    let asked = browser
        .read_painted("return [document.querySelector('.predict-prompt').textContent, !!document.querySelector('[data-predict-check]'), !!document.querySelector('[data-predict-number]')];")
        .await;
    assert_eq!(asked, json!(["Your turn: does the if's own branch run (is blocker nonzero)?", false, false]));
    browser.click("[data-predict-yes]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("0")), "{graded}");
    assert_eq!(graded["verdict"], json!("Right: yes (1)."));
    browser.open(&format!("{link}&predict=1&step={}", compare + 1)).await;
    let prompt = browser.read_painted("return document.querySelector('.predict-prompt').textContent;").await;
    assert_eq!(prompt, json!("Your turn: does popcount(o) > 3 hold?"));
    // d4, d6 and g3: three pieces, so it does not hold.
    browser.click("[data-predict-yes]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("1")), "{graded}");
    assert_eq!(graded["verdict"], json!("Not yes (1): popcount(o) > 3 is no (0)."));
    browser.close().await;
}

/// A reader's loop: each test is a step that says which run of the body it allows, the line
/// lit; in predict mode it asks whether the body runs again.
#[tokio::test]
async fn a_loops_tests_say_each_run_and_ask_yes_or_no() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let text = "// Walk north to the first piece.\nU64 ray = 0;\nU64 at = r;\nwhile (at << 8) {\n    at = at << 8;\n    ray |= at;\n    if (at & o) break;\n}\nreturn ray;";
    let encoded: String = text.bytes().map(|byte| format!("%{byte:02X}")).collect();
    let link = format!("?v=2&technique=formula&formula={encoded}&expect=north&slider=rook&square=d4&occupied={BOARD}");
    let formula = sliders_formula::Formula::parse(text).unwrap();
    let steps = formula.trace(Slider::Rook, Square::D4.bit(), BOARD | Square::D4.bit()).unwrap().steps;
    let tests: Vec<usize> = (0..steps.len()).filter(|&index| steps[index].op == sliders::Op::Loop).collect();
    // d5, then d6, where the piece stands: two runs, the second left by break.
    assert_eq!(tests.len(), 2);
    browser.open(&format!("{link}&step={}", tests[1] + 1)).await;
    let shown = browser
        .read_painted("return [document.querySelector('[data-step-label]').textContent, document.querySelector('[data-narration]').textContent, document.querySelector('[data-current-line]')?.textContent ?? ''];")
        .await;
    assert_eq!(shown[0], json!("while (at << 8)"));
    assert!(shown[1].as_str().unwrap().contains("not zero, so the loop's body runs for the 2nd time."), "{shown}");
    browser.open(&format!("{link}&predict=1&step={}", tests[0] + 1)).await;
    let prompt = browser.read_painted("return document.querySelector('.predict-prompt').textContent;").await;
    assert_eq!(prompt, json!("Your turn: does the loop's body run again (is at << 8 nonzero)?"));
    browser.click("[data-predict-no]").await;
    let graded = browser.read_painted(MARKS).await;
    assert_eq!((&graded["state"], &graded["wrong"]), (&json!("checked"), &json!("1")), "{graded}");
    assert_eq!(graded["verdict"], json!("Not no (0): while (at << 8) is yes (1)."));
    browser.close().await;
}

/// The answer grid and Check are a screen from the board's top at 1280x720 and in a 600x720
/// embed; on a 390x844 phone (board, player and the operands' grids first) the answer grid
/// starts within a screen of the board's top, and Check stays on screen beside it. The answer
/// grid is labelled a–h and 1–8. A switches predict mode on and off, and the address follows.
#[tokio::test]
async fn the_answer_and_check_are_on_the_first_screen_at_every_size() {
    for (size, embed) in [((1280, 720), ""), ((600, 720), "&embed=1"), ((390, 844), "")] {
        let browser = Browser::start_at("/", size).await;
        browser.open(&format!("{LESSON}{embed}")).await;
        let room = browser
            .read_painted(
                "const board = document.querySelector('.board').getBoundingClientRect();
                 const check = document.querySelector('[data-predict-check]').getBoundingClientRect();
                 const grid = document.querySelector('.answer-grid').getBoundingClientRect();
                 const e = document.scrollingElement;
                 return [Math.round(Math.max(check.bottom, grid.bottom) - board.top), Math.round(grid.top - board.top), innerHeight, e.scrollWidth - e.clientWidth];",
            )
            .await;
        let (whole, top, height) = (room[0].as_i64().unwrap(), room[1].as_i64().unwrap(), room[2].as_i64().unwrap());
        let reach = if size.0 < 400 { top } else { whole };
        assert!(
            reach <= height,
            "{size:?}{embed}: the answer reaches {reach} px below the board's top, in a screen of {height}"
        );
        assert!(room[3].as_i64().unwrap() <= 0, "{size:?}{embed}: the page scrolls sideways by {} px", room[3]);
        // The answer grid is labelled as the board is: files under it, ranks beside it.
        let labels = browser
            .eval("return [[...document.querySelectorAll('.answer-files span')].map(s => s.textContent).join(''), [...document.querySelectorAll('.answer-ranks span')].map(s => s.textContent).join('')];")
            .await;
        assert_eq!(labels, json!(["abcdefgh", "87654321"]), "{size:?}{embed}");
        if size.0 < 400 {
            // On a phone, with the answer grid in the middle of the screen, Check is on screen
            // too: it stays at the bottom while the step asks.
            let seen = browser
                .read_painted(
                    "document.querySelector('.answer-grid').scrollIntoView({ block: 'center' });
                     const check = document.querySelector('[data-predict-check]').getBoundingClientRect();
                     const grid = document.querySelector('.answer-grid').getBoundingClientRect();
                     return [Math.round(check.top), Math.round(check.bottom), Math.round(grid.top), innerHeight];",
                )
                .await;
            let [check_top, check_bottom, grid_top, height] = [0, 1, 2, 3].map(|i| seen[i].as_i64().unwrap());
            assert!(check_top >= 0 && check_bottom <= height && grid_top < height, "{size:?}: Check at {seen}");
        }
        browser.close().await;
    }
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?v=2&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000080000400000").await;
    browser.eval("document.body.focus(); return null;").await;
    browser.client.active_element().await.unwrap().send_keys("a").await.unwrap();
    let on = browser.read_painted("return [document.querySelector('[data-predict-toggle]').getAttribute('aria-pressed'), location.search.includes('predict=1'), !!document.querySelector('[data-predict]')];").await;
    assert_eq!(on, json!(["true", true, true]));
    browser.close().await;
}

/// A technique whose code comes after the page (techniques.wasm) asks as the carried one does:
/// a link's step gives nothing away once the code has come. Once a step is answered, the final
/// result (the board's attacks, the Attacks line, Compare) still waits: the later steps' answers
/// are in it.
#[tokio::test]
async fn a_fetched_technique_asks_too_and_the_final_result_waits() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open("?v=2&technique=magic&slider=queen&square=d2&occupied=0x4ced22000146f848&predict=1&step=3").await;
    let asking = browser.read_painted(GIVEAWAYS).await;
    assert_eq!(
        asking,
        json!({ "result": 0, "narration": 0, "values": 0, "attacks": 0, "strip": 0, "state": "asking" })
    );
    browser.click("[data-predict-skip]").await;
    let answered = browser
        .read_painted(
            "return [document.querySelectorAll('[data-current-result]').length, document.querySelectorAll('[data-result], [data-attacked]').length,
                     document.querySelector('[data-panel-host=\"compare\"]').hidden];",
        )
        .await;
    assert_eq!(answered, json!([1, 0, true]), "the step shows, the final result does not");
    browser.close().await;
}

/// Show me on each step from step `from` (0-based, on screen) until the score shows: the
/// number of steps of the trace.
async fn show_every_step(browser: &Browser, from: usize) -> usize {
    for index in from..64 {
        if index > from {
            browser.next_step(index).await;
        }
        browser.click("[data-predict-skip]").await;
        let scored = browser.read_painted("return !!document.querySelector('[data-predict-score]');").await;
        if scored == json!(true) {
            return index + 1;
        }
    }
    panic!("no score after 64 steps");
}

const LESSON_BOARD: &str = "return [location.search, [...document.querySelectorAll('[data-square]')].map(s => s.dataset.occupied + (s.dataset.slider ?? '')).join(',')];";

/// New board deals a random board for the same technique and slider, its seed in the address,
/// and that address deals the same board again. The Share dialog makes an exercise link of
/// the lesson and random boards after it, and the link deals them in predict mode, one after
/// the other: the board is the lesson's (a click says so and changes nothing), each lesson is
/// scored, and the last one shows the total.
#[tokio::test]
async fn new_board_and_an_exercise_link_deal_their_boards_and_score_them() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(LESSON).await;
    show_every_step(&browser, 0).await;
    // The verdict, the score and its buttons never draw over the code.
    let over = browser
        .read_painted(
            "const code = document.querySelector('.code-panel').getBoundingClientRect().top;
             return Math.round(Math.max(...[...document.querySelectorAll('.step-view *')].map(e => e.getBoundingClientRect().bottom)) - code);",
        )
        .await;
    assert!(over.as_i64().unwrap() <= 0, "the score runs {over} px over the code");
    browser.click("[data-predict-new]").await;
    let dealt = browser.read_painted(LESSON_BOARD).await;
    let address = dealt[0].as_str().unwrap().to_string();
    assert!(address.contains("seed=") && !address.contains("occupied="), "{address}");
    assert_eq!(browser.read_painted(GIVEAWAYS).await["state"], "asking", "a new board asks again");
    browser.open(&address).await;
    assert_eq!(browser.read_painted(LESSON_BOARD).await[1], dealt[1], "the same seed deals the same board");

    // The Share dialog's exercise: this lesson, then two random boards of it.
    browser.open("?v=2&technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043").await;
    browser.click("[data-share-open]").await;
    browser.eval("const n = document.querySelector('[data-share-random-boards]'); n.value = '2'; n.dispatchEvent(new Event('change', { bubbles: true })); return null;").await;
    let link = browser
        .read_when(
            "return document.querySelector('[data-share-exercise]').value.includes('count%3D2');",
            "return document.querySelector('[data-share-exercise]').value;",
            vec![],
            5,
        )
        .await
        .expect("the exercise link counts the two random boards");
    let link = link.as_str().unwrap().to_string();
    assert!(link.contains("exercise=sbamg%3Arook%3Ad1%3A0x0000000000000043%3Bsbamg%3Arook%3Aseed%3D"), "{link}");
    let query = &link[link.find('?').unwrap()..];
    browser.open(query).await;
    let place = "const e = document.querySelector('[data-exercise]'); return [e.dataset.index, e.dataset.count];";
    assert_eq!(browser.read_painted(place).await, json!(["1", "3"]));
    // The board is the lesson's.
    browser.click("[data-square=\"h8\"]").await;
    let kept = browser.read_painted("return [document.querySelector('[data-square=\"h8\"]').dataset.occupied, document.querySelector('[data-message]')?.textContent];").await;
    assert_eq!(kept[0], "false");
    assert!(kept[1].as_str().is_some_and(|m| m.contains("Leave the exercise")), "{kept}");
    // Lesson 1: step 1 right, the rest shown.
    let steps = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43)).steps;
    let Value::Board(truth) = steps[0].result else { panic!("a board") };
    for square in truth.squares() {
        browser.click(&cell(square)).await;
    }
    browser.click("[data-predict-check]").await;
    browser.next_step(1).await;
    let mut asked = show_every_step(&browser, 1).await;
    assert_eq!(asked, steps.len());
    for lesson in 2..=3 {
        browser.click("[data-exercise-next]").await;
        assert_eq!(browser.read_painted(place).await, json!([lesson.to_string(), "3"]));
        assert_eq!(browser.read_painted(GIVEAWAYS).await["state"], "asking");
        asked += show_every_step(&browser, 0).await;
    }
    let total = browser.read_painted("const t = document.querySelector('[data-exercise-score]'); return t && [t.dataset.right, t.dataset.asked];").await;
    assert_eq!(total, json!(["1", asked.to_string()]));
    assert!(browser.console_problems().await.is_empty(), "{:?}", browser.console_problems().await);
    browser.close().await;
}
