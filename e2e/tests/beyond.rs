//! The techniques beyond the four articles in the real page: several sliders at once for the
//! fills, a clear word when a one-slider technique is given several, and magic's table filled
//! only when magic is first used, with the time it took said on the page.

use e2e::{square, Browser};
use fantoccini::Locator;
use sliders::{Bitboard, Slider, Square, Technique};

#[tokio::test]
async fn two_rooks_for_kogge_stone_attack_as_their_union() {
    let browser = Browser::start().await;
    let board = Square::D7.bit() | Square::B6.bit() | Square::G4.bit();
    browser.open(&format!("?technique=kogge-stone&slider=rook&square=d4&occupied={board}")).await;
    browser.click("[data-tool=\"place\"]").await;
    browser.click(&square("f6")).await;
    for name in ["d4", "f6"] {
        assert_eq!(browser.attribute(&square(name), "data-slider").await.as_deref(), Some("rook"), "{name}");
    }
    let rooks = Square::D4.bit() | Square::F6.bit();
    let union = Technique::Reference.attacks(Slider::Rook, Square::D4, board | rooks)
        | Technique::Reference.attacks(Slider::Rook, Square::F6, board | rooks);
    assert_eq!(browser.result().await, union, "the page shows the union of both rooks' attacks");
    assert_eq!(Technique::KoggeStone.attacks_many(Slider::Rook, rooks, board), Ok(union));
    // The link carries both rooks.
    let address = browser.eval("return location.search;").await;
    assert!(address.as_str().unwrap().contains("square=d4%2Cf6"), "{address}");
    // The last step's result is the union too.
    browser.click("[data-player=\"last\"]").await;
    let last = browser.attribute(".step-view .equation [data-value]", "data-value").await.unwrap_or_default();
    assert_eq!(last, union.to_string());
    // Compare's one-slider rows say why by the names the table shows, not the command line's.
    let row = browser.wait_for("[data-compare=\"sbamg\"][data-one-slider] td", 10, "Compare's SBAMG row").await;
    let row = row.text().await.unwrap_or_default();
    assert!(row.starts_with("Takes one slider, and 2 were given (d4 and f6)"), "{row}");
    assert!(
        row.contains(
            "Subtracting a Rook from a Blocking Piece, Kogge-Stone Algorithm and Dumb7Fill take several rooks"
        ) && !row.contains("kogge-stone"),
        "{row}"
    );

    // Dumb7Fill takes the same two rooks; magic keeps the first and says so beside the board.
    let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
    select.select_by_value("dumb7fill").await.unwrap();
    assert_eq!(browser.result().await, union);
    let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
    select.select_by_value("magic").await.unwrap();
    let message = browser.client.find(Locator::Css("[data-message]")).await.unwrap().text().await.unwrap();
    assert!(message.contains("takes one slider: kept the rook on d4 and removed f6"), "{message}");
    assert_eq!(browser.attribute(&square("f6"), "data-slider").await, None);
    assert_eq!(browser.result().await, Technique::Magic.attacks(Slider::Rook, Square::D4, board));
    browser.close().await;
}

#[tokio::test]
async fn a_link_with_two_sliders_for_a_one_slider_technique_says_which_it_shows() {
    let browser = Browser::start().await;
    browser.open("?v=1&technique=sbamg&slider=bishop&square=c3,f6&occupied=0x0").await;
    let notice = browser.client.find(Locator::Css("[data-notice=\"square\"]")).await.unwrap().text().await.unwrap();
    assert!(notice.contains("sbamg takes one slider, and 2 were given (c3 and f6)"), "{notice}");
    assert!(notice.contains("showing c3 alone"), "{notice}");
    assert_eq!(browser.attribute(&square("c3"), "data-slider").await.as_deref(), Some("bishop"));
    assert_eq!(browser.attribute(&square("f6"), "data-slider").await, None);
    browser.close().await;
}

#[tokio::test]
async fn magic_and_pext_fill_their_tables_on_first_use_and_say_how_long_it_took() {
    let browser = Browser::start().await;
    let board = Bitboard(0x4ced_2200_0146_f848);
    browser.open(&format!("?technique=sbamg&slider=queen&square=d2&occupied={board}")).await;
    for name in ["magic", "pext"] {
        // Loading the page compares every technique, but leaves the tables unfilled until asked.
        let row = format!("[data-compare=\"{name}\"]");
        assert!(browser.client.find(Locator::Css(&format!("{row} [data-fill-table=\"{name}\"]"))).await.is_ok());
        assert_eq!(browser.attribute(&row, "data-match").await, None, "no result before the table exists");

        let select = browser.client.find(Locator::Css("[data-technique-select]")).await.unwrap();
        select.select_by_value(name).await.unwrap();
        let ms = browser.attribute("[data-table-fill-ms]", "data-table-fill-ms").await.expect("the fill time is said");
        let ms: f64 = ms.parse().unwrap();
        assert!(ms >= 0.0 && ms.is_finite());
        let sentence = browser.client.find(Locator::Css("[data-table-fill-ms]")).await.unwrap().text().await.unwrap();
        assert!(
            sentence.contains("107,648 entries, 841 KiB") && sentence.ends_with(&format!("used {name}.")),
            "{sentence}"
        );
        println!("figure: {name}'s attack table filled in the page in {ms:.1} ms");
        assert_eq!(browser.result().await, Technique::Reference.attacks(Slider::Queen, Square::D2, board));
        // Now compare shows the row, matching the reference.
        assert_eq!(browser.attribute(&row, "data-match").await.as_deref(), Some("true"));
    }
    browser.close().await;
}

/// Kindergarten moves the slider's file onto the a-file before it gathers it: on that moved
/// board the slider's mark is on the a-file, and back on its own square once the attacks move
/// back. Hyperbola Quintessence moves a rank down to bit 0 the same way.
#[tokio::test]
async fn the_slider_mark_follows_a_moved_board() {
    let browser = Browser::start_at("/", (1440, 900)).await;
    // Each grid's slider cells, named by square (cells run rank 8 to 1, a to h).
    let marks = "return [...document.querySelectorAll('.step-view .grid')].map(g =>
                   [...g.children].flatMap((c, i) => c.classList.contains('slider-cell')
                     ? ['abcdefgh'[i % 8] + (8 - Math.floor(i / 8))] : []).join(' '));";
    let cases = [
        (Technique::Kindergarten, "moved & A_FILE = pieces", "a4", "a4"),
        (Technique::Kindergarten, "a_file << file = file_attacks", "a4", "d4"),
        (Technique::Kindergarten, "occupied >> file = moved", "d4", "a4"),
        (Technique::HyperbolaQuintessence, "first_rank << rank_shift = rank_attacks", "d1", "d4"),
    ];
    for (technique, label, operand, result) in cases {
        let trace = technique.trace(Slider::Rook, Square::D4, Bitboard::EMPTY);
        let index = trace.steps.iter().position(|step| step.label == label);
        let index = index.unwrap_or_else(|| panic!("{technique} has no step {label}"));
        browser.open(&format!("?technique={technique}&slider=rook&square=d4&occupied=0x0&step={index}")).await;
        let grids = browser.eval(marks).await;
        let grids: Vec<&str> = grids.as_array().unwrap().iter().map(|g| g.as_str().unwrap()).collect();
        assert_eq!(grids.first(), Some(&operand), "{technique} {label}: {grids:?}");
        assert_eq!(grids.last(), Some(&result), "{technique} {label}: {grids:?}");
    }
    browser.close().await;
}

/// Choosing a technique in the compare table far down the page brings the lesson back into view,
/// showing that technique.
#[tokio::test]
async fn choosing_in_the_compare_table_brings_the_lesson_into_view() {
    for size in [(1280, 720), (390, 844)] {
        let browser = Browser::start_at("/", size).await;
        browser.open("?technique=subtraction&slider=rook&square=d2&occupied=0x4ced22000146f848").await;
        let button = "[data-compare=\"sbamg\"] th button";
        browser.eval(&format!("document.querySelector('{button}').scrollIntoView();")).await;
        let before = browser.eval("return scrollY;").await.as_f64().unwrap();
        assert!(before > 200.0, "{size:?}: the table is down the page ({before} px)");
        browser.click(button).await;
        let lesson = browser
            .eval_settled("const r = document.querySelector('.lesson').getBoundingClientRect(); return [r.top, document.querySelector('[data-technique-select]').value];")
            .await;
        let top = lesson[0].as_f64().unwrap();
        assert!(top.abs() <= 2.0, "{size:?}: the lesson's top is at {top} px, not at the top of the window");
        assert_eq!(lesson[1], "sbamg", "{size:?}");
        browser.close().await;
    }
}

/// o^(o-2r) takes several rooks, as its article says: on random sets of rooks the page's
/// result is every rook's east attacks, the subtraction's narration says each borrow with the
/// rook it starts from, and the step can be predicted.
#[tokio::test]
async fn subtraction_finds_the_east_attacks_of_several_rooks_at_once() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    let mut boards = Vec::new();
    sliders::workload::for_each_position(6, |occupancy, squares| {
        let rooks: Bitboard = squares[..4].iter().map(|&s| Square::from_index(s as u32)).collect();
        boards.push((rooks, Bitboard(occupancy) & !rooks));
    });
    for (rooks, occupied) in boards {
        let names: Vec<&str> = rooks.squares().map(Square::name).collect();
        let link = format!("?v=2&technique=subtraction&slider=rook&square={}&occupied={occupied}", names.join(","));
        browser.open(&link).await;
        let expected = Technique::Subtraction.expected_many(Slider::Rook, rooks, occupied);
        assert_eq!(browser.result().await, expected, "{link}");
        let east = rooks.squares().fold(Bitboard::EMPTY, |all, rook| {
            all | sliders::techniques::reference::ray(rook, sliders::Direction::East, occupied | rooks)
        });
        assert_eq!(expected, east, "the reference's east rays");
        let note = browser.read_painted("return document.querySelector('[data-east-only]')?.textContent ?? '';").await;
        assert!(note.as_str().unwrap().contains("set-wise form"), "{note}");
        // The subtraction's step names each borrow.
        let trace = Technique::Subtraction.trace_many(Slider::Rook, rooks, occupied).unwrap();
        let index = trace.steps.iter().position(|step| step.op == sliders::Op::Sub).unwrap();
        browser.open(&format!("{link}&step={}", index + 1)).await;
        let read = "return [document.querySelector('[data-narration]').textContent,
            document.querySelector('[data-announcement]').textContent,
            document.querySelector('.strip-caption')?.textContent ?? ''];";
        let [narration, announced, strip] =
            browser.read_painted(read).await.as_array().unwrap().clone().try_into().unwrap();
        // A borrow starts at each 2r bit that is zero in o (a rook right beside a piece starts
        // none: its 2r bit only clears that piece).
        let h_file = 0x8080_8080_8080_8080u64;
        let o = occupied.0 | rooks.0 | h_file;
        let borrows = (((rooks.0 & !h_file) << 1) & !o).count_ones() as usize;
        let said = narration.as_str().unwrap();
        match borrows {
            0 => assert!(said.contains("nothing borrows"), "{said}"),
            _ => {
                assert!(said.starts_with("A borrow starts at"), "{said}");
                assert_eq!(said.matches("Another borrow starts at").count() + 1, borrows, "{said}");
            }
        }
        // The screen reader hears every borrow, and the strip's caption says the others are there.
        let (announced, strip) = (announced.as_str().unwrap(), strip.as_str().unwrap());
        match borrows {
            0 => assert!(announced.ends_with("nothing borrows."), "{announced}"),
            1 => assert!(
                announced.contains("the borrow stops at") && !strip.contains("more borrow"),
                "{announced} {strip}"
            ),
            n => {
                assert!(announced.contains(&format!("{n} borrows: one stops at")), "{announced}");
                assert!(strip.contains(&format!("({} more borrow", n - 1)), "{strip}");
            }
        }
    }
    // Predicted: the subtraction's difference, bit by bit, graded right.
    let rooks = Square::B1.bit() | Square::E4.bit() | Square::C6.bit();
    let occupied = Square::F1.bit() | Square::G4.bit();
    let trace = Technique::Subtraction.trace_many(Slider::Rook, rooks, occupied).unwrap();
    let index = trace.steps.iter().position(|step| step.op == sliders::Op::Sub).unwrap();
    browser
        .open(&format!(
            "?v=2&technique=subtraction&slider=rook&square=b1,e4,c6&occupied={occupied}&predict=1&step={}",
            index + 1
        ))
        .await;
    let sliders::Value::Board(truth) = trace.steps[index].result else { panic!("a board") };
    for square in truth.squares() {
        browser.click(&format!("[data-predict-cell=\"{}\"]", square.name())).await;
    }
    browser.click("[data-predict-check]").await;
    let graded = browser
        .read_painted("const p = document.querySelector('[data-predict]'); return [p.dataset.state, p.dataset.wrong];")
        .await;
    assert_eq!(graded, serde_json::json!(["checked", "0"]));
    browser.close().await;
}
