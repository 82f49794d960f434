//! What only a browser shows of the wiki export, in a real MediaWiki with its own skin (Debian's
//! 1.39, served on 127.0.0.1 by PHP's web server; `mediawiki-sandbox`): every board of a step
//! has its ranks on the same lines, and the ASCII in `<pre>` keeps its rows whole on a screen
//! 640 px wide, where the skin's `pre-wrap` would break them.

use e2e::Browser;
use mediawiki_sandbox::Wiki;
use sliders::{Bitboard, Slider, Square, Technique};
use sliders_pictures::{diagram, wikitable};

const PAGE: &str = "Slider_Lab_export";

#[tokio::test]
async fn in_a_real_mediawiki_boards_line_up_and_ascii_rows_never_wrap() {
    let Some(wiki) = Wiki::set_up() else { return };
    let article = Bitboard(0x4ced_2200_0146_f848);
    let subtraction = Technique::Subtraction.trace(Slider::Rook, Square::D2, article);
    let hyperbola = Technique::HyperbolaQuintessence.trace(Slider::Rook, Square::E4, article);
    let mut page = String::new();
    // `file | rank` (a label with a bar), the borrow's dashed path, a byte-swapped board.
    for (trace, index) in [(&subtraction, 12), (&subtraction, 3), (&hyperbola, 1), (&hyperbola, 2)] {
        page.push_str(&wikitable::step(trace, index));
        page.push('\n');
    }
    let ascii = diagram::article_step(&subtraction, 3, false);
    page.push_str(&diagram::article_step(&subtraction, 3, true));
    wiki.save(PAGE, &page);
    let served = wiki.serve();
    let browser = Browser::start_at("/", (640, 900)).await;
    browser.goto(&served.page(PAGE)).await;
    browser.wait_for("table[data-board]", 20, "the wiki's page with the boards").await;
    // Each step's boards and its rank numbers: the top of each one's first row, by step.
    let tops = browser
        .eval(
            "return [...document.querySelectorAll('.mw-parser-output > table')].map(step =>
                [...step.querySelectorAll('table')].map(t => t.querySelector('tr').getBoundingClientRect().top));",
        )
        .await;
    let tops: Vec<Vec<f64>> = serde_json::from_value(tops).unwrap();
    assert_eq!(tops.len(), 4, "{tops:?}");
    for (step, tables) in tops.iter().enumerate() {
        // The rank numbers, the boards, then the file letters below them.
        let rows = &tables[..tables.len() - 1];
        assert!(rows.len() >= 3, "step {step}: {tables:?}");
        assert!(rows.iter().all(|top| (top - rows[0]).abs() < 0.5), "step {step}: the first ranks at {rows:?}");
    }
    // The ASCII: as many lines on screen as it has rows, each whole.
    let lines = browser
        .eval(
            "const pre = document.querySelector('.mw-parser-output pre');
             const range = document.createRange();
             range.selectNodeContents(pre);
             return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;",
        )
        .await;
    // (A blank row draws nothing to count.)
    let rows = ascii.lines().filter(|row| !row.trim().is_empty()).count();
    assert_eq!(lines.as_u64(), Some(rows as u64), "the ASCII's {rows} rows take other lines on screen");
    let style =
        browser.eval("return getComputedStyle(document.querySelector('.mw-parser-output pre')).whiteSpace;").await;
    assert_eq!(style, "pre");
    // Unchecked: the wiki's own page asks for a favicon.ico the throwaway wiki does not have.
    browser.close_unchecked().await;
}
