//! The wikitable and the article's ASCII as a real MediaWiki renders them: Debian's MediaWiki
//! (1.39 LTS) with SQLite, installed in a throwaway folder, each batch of wikitext rendered by
//! its `maintenance/parse.php`, with no web server. For every technique and slider on a few
//! boards, every step's heading, captions and narration come out whole (`file | rank` too), every
//! board has 64 squares, each titled with its name and coloured by its value's bit, every mark has its key,
//! and the `<pre>` ASCII comes out as written.
//!
//! The wiki is `mediawiki-sandbox`'s: without `SLIDER_LAB_REQUIRE_MEDIAWIKI` (which `cargo xtask
//! test` sets), a machine without MediaWiki skips this test and says so.

use mediawiki_sandbox::Wiki;
use scraper::{ElementRef, Html, Selector};
use sliders::trace::Value;
use sliders::{Bitboard, Slider, Square, Technique, Trace};
use sliders_explain::animation::{self, Moment};
use sliders_explain::marks::{equation, Term};
use sliders_pictures::figure::colours::BIT_ON;
use sliders_pictures::{diagram, wikitable};

/// Every technique with every slider on the article's board (a rook's d2, so labels such as
/// `file | rank` appear), a rook on an empty board from a corner, and the fills with two queens.
fn traces(technique: Technique) -> Vec<Trace> {
    let article = Bitboard(0x4ced_2200_0146_f848);
    let mut traces: Vec<Trace> = [Slider::Rook, Slider::Bishop, Slider::Queen]
        .iter()
        .map(|&slider| technique.trace(slider, Square::D2, article))
        .collect();
    traces.push(technique.trace(Slider::Rook, Square::H8, Bitboard::EMPTY));
    let two = Square::C3.bit() | Square::F6.bit();
    traces.extend(technique.trace_many(Slider::Queen, two, Bitboard(0x0000_0024_4200_0000)));
    traces
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

fn text_of(element: ElementRef) -> String {
    element.text().collect::<String>().trim().to_string()
}

/// Checks one step's rendering against the step.
fn check_step(case: ElementRef, trace: &Trace, index: usize, what: &str) {
    let step = &trace.steps[index];
    let outer = case.select(&selector("table")).next().unwrap_or_else(|| panic!("{what}: no table"));
    // The heading, with the step's label whole.
    let heading = text_of(outer.select(&selector("caption")).next().unwrap());
    assert!(heading.starts_with(&format!("Step {} of {}", index + 1, trace.steps.len())), "{what}: {heading}");
    assert!(heading.ends_with(&format!(": {}", step.label)), "{what}: the label cut: {heading}");
    // A turned word's board is named, and only a turned word's: the result's, and the
    // operand's where a byte swap or a swizzle takes it from another.
    let orders = [sliders::WordOrder::ByteSwapped, sliders::WordOrder::FilesMirrored, sliders::WordOrder::BitReversed];
    let named: Vec<_> =
        orders.into_iter().filter(|order| heading.contains(order.board_note().unwrap_or_default())).collect();
    let expected: Vec<_> =
        orders.into_iter().filter(|&order| order == step.order || order == step.operand_order()).collect();
    assert_eq!(named, expected, "{what}: {heading}");
    if let Some(note) = step.board_note() {
        assert!(heading.contains(&format!(", {note}:")), "{what}: the board and how far it moved: {heading}");
    }
    // The captions, whole, one a column.
    let terms = equation(step, &animation::frame(step, Moment::Finished), trace.sliders);
    let first_row = outer.select(&selector(":scope > tbody > tr")).next().unwrap();
    let captions: Vec<String> = first_row.select(&selector(":scope > td")).skip(1).map(text_of).collect();
    let expected: Vec<&str> = terms
        .iter()
        .map(|term| match term {
            Term::Operand { caption, .. } => *caption,
            Term::Operator(_) => "",
        })
        .collect();
    assert_eq!(captions, expected, "{what}: captions");
    // The boards: 64 squares each, titled, coloured by the value's bits.
    let boards: Vec<(Bitboard, Bitboard)> = terms
        .iter()
        .filter_map(|term| match term {
            Term::Operand { value: Value::Board(value), marks, .. } => Some((*value, marks.slider)),
            _ => None,
        })
        .collect();
    let tables: Vec<ElementRef> = outer.select(&selector("table[data-board]")).collect();
    assert_eq!(tables.len(), boards.len(), "{what}: boards");
    let (mut dots, mut dashed) = (false, false);
    for (table, (value, slider)) in tables.iter().zip(&boards) {
        assert_eq!(table.value().attr("data-board"), Some(value.to_string().as_str()), "{what}");
        let mut squares = 0;
        for row in table.select(&selector("tr")) {
            let row_on = row.value().attr("bgcolor") == Some(BIT_ON);
            for cell in row.select(&selector("td")) {
                let square: Square = cell.value().attr("title").unwrap().parse().unwrap();
                assert_eq!(square.index(), (7 - squares / 8) * 8 + squares % 8, "{what}: squares in order");
                let on = cell.value().attr("bgcolor").map_or(row_on, |colour| colour == BIT_ON);
                assert_eq!(on, value.contains(square), "{what}: {square} of {value}");
                let dot = text_of(cell) == "●";
                assert_eq!(dot, slider.contains(square), "{what}: the dot on {square}");
                dots |= dot;
                dashed |= cell.value().attr("style").is_some_and(|style| style.contains("dashed"));
                squares += 1;
            }
        }
        assert_eq!(squares, 64, "{what}: squares of {value}");
    }
    // The step's narration, whole, as the page says it.
    let said = case.select(&selector("div[data-narration]")).next().map(text_of).unwrap_or_default();
    assert_eq!(said, sliders_explain::narration::narrate(trace, index).trim(), "{what}: the narration");
    // Every mark has its key.
    let key: String = case.select(&selector("small")).last().map(text_of).unwrap_or_default();
    assert!(!dots || key.contains("The dot marks"), "{what}: a dot without its key: {key:?}");
    assert!(!dashed || key.contains("Dashed squares"), "{what}: a dashed square without its key: {key:?}");
    // A placeholder name says what it stands for.
    for placeholder in expected.iter().filter(|caption| ["a", "b"].contains(*caption)) {
        assert!(key.contains(&format!("{placeholder} is ")), "{what}: {placeholder} unexplained: {key:?}");
    }
    let positive_only = trace.technique.is_some_and(|technique| technique.positive_rays_only());
    assert_eq!(key.contains("positive rays only"), positive_only, "{what}: {key:?}");
    // A step on one lane of a SIMD value says which lane in its heading, and both lanes' results.
    if let Some(lane) = step.lane {
        assert!(heading.contains(&format!("lane {}: ", lane.index)), "{what}: {heading}");
        let both = sliders_explain::narration::lanes_sentence(trace, index).unwrap();
        assert!(key.contains(&both), "{what}: {both:?} not in {key:?}");
    }
}

/// Renders `wikitext`, the steps of `batch` (numbered from `first`), and checks each; returns
/// how many steps it checked.
fn check_batch(wiki: &Wiki, wikitext: &str, batch: &[&(Technique, Trace)], first: usize) -> usize {
    let html = Html::parse_fragment(&wiki.render(wikitext));
    // Each case's element by its number, found in one pass over the page.
    let by_number = |attribute: &str| -> std::collections::HashMap<String, ElementRef> {
        let divs = selector(&format!("div[{attribute}]"));
        html.select(&divs).map(|element| (element.value().attr(attribute).unwrap().to_string(), element)).collect()
    };
    let (cases, asciis) = (by_number("data-case"), by_number("data-ascii"));
    let mut steps = 0;
    for (number, (technique, trace)) in
        batch.iter().map(|case| (case.0, &case.1)).enumerate().map(|(n, c)| (n + first, c))
    {
        for index in 0..trace.steps.len() {
            let what = format!("{} ({}), step {}", technique.name(), diagram::setup(trace), index + 1);
            let key = format!("{number}/{index}");
            let case = cases.get(&key).unwrap_or_else(|| panic!("{what}: not in the page"));
            check_step(*case, trace, index, &what);
            let ascii = asciis.get(&key).and_then(|ascii| ascii.select(&selector("pre")).next());
            let pre = ascii.unwrap_or_else(|| panic!("{what}: no <pre>"));
            assert_eq!(pre.value().attr("style"), Some("white-space:pre"), "{what}");
            let written = diagram::article_step(trace, index, false);
            assert_eq!(pre.text().collect::<String>().trim_matches('\n'), written.trim_matches('\n'), "{what}");
            steps += 1;
        }
    }
    steps
}

#[test]
fn a_real_mediawiki_renders_every_steps_table_whole_and_the_ascii_as_written() {
    let Some(wiki) = Wiki::set_up() else { return };
    let mut steps = 0;
    let cases: Vec<(Technique, Trace)> = Technique::ALL
        .iter()
        .flat_map(|&technique| traces(technique).into_iter().map(move |trace| (technique, trace)))
        .collect();
    // A batch of traces a run of parse.php: each run boots PHP, and a page of more than about a
    // megabyte goes past the parser's limits, which then leave tags as text.
    let mut batch: Vec<&(Technique, Trace)> = Vec::new();
    let mut wikitext = String::new();
    for (number, case) in cases.iter().enumerate() {
        let trace = &case.1;
        for index in 0..trace.steps.len() {
            wikitext.push_str(&format!("<div data-case=\"{number}/{index}\">\n"));
            wikitext.push_str(&wikitable::step(trace, index));
            wikitext.push_str(&format!("</div>\n<div data-ascii=\"{number}/{index}\">\n"));
            wikitext.push_str(&diagram::article_step(trace, index, true));
            wikitext.push_str("</div>\n");
        }
        batch.push(case);
        if wikitext.len() > 400_000 || number + 1 == cases.len() {
            steps += check_batch(&wiki, &std::mem::take(&mut wikitext), &batch, number + 1 - batch.len());
            batch.clear();
        }
    }
    eprintln!("{steps} steps rendered by MediaWiki");
    assert!(steps > 1000, "{steps} steps");
}
