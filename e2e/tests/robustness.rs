//! Trust on every machine: dist/ holds only the release site, the page works under the strict
//! Content-Security-Policy sent as a header, a panic shows a banner with a way back, embed.js
//! takes heights only from its own site's iframes, a huge parameter cannot widen the page, the
//! lesson works without the panels module, and a browser without WebAssembly SIMD is told so.
//! (Every test's `close` also fails on any console error or warning and any outside request.)

use std::path::PathBuf;
use std::time::Duration;

use e2e::{square, Browser, StaticServer};
use fantoccini::Locator;
use sliders::{Bitboard, Slider, Square, Technique};

fn folder(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(default))
}

/// The policy index.html ships in its meta tag.
fn shipped_policy() -> String {
    let html = std::fs::read_to_string(folder("SLIDER_LAB_DIST", "dist").join("index.html")).unwrap();
    let start = html.find("content=\"default-src").expect("a Content-Security-Policy meta tag") + "content=\"".len();
    html[start..].split('"').next().unwrap().to_string()
}

#[test]
fn dist_holds_the_release_site_only() {
    let html = std::fs::read_to_string(folder("SLIDER_LAB_DIST", "dist").join("index.html")).unwrap();
    for dev_only in ["__TRUNK_ADDRESS__", "__trunk", "WebSocket", "live-reload", "livereload"] {
        assert!(!html.contains(dev_only), "dist/index.html has trunk serve's {dev_only}");
    }
    for attribute in ["href=", "src="] {
        for (at, _) in html.match_indices(attribute) {
            let value = html[at + attribute.len()..].trim_start_matches('"');
            assert!(
                value.starts_with("./") || value.starts_with("data:"),
                "an absolute asset URL: {}",
                &value[..40.min(value.len())]
            );
        }
    }
    let policy = shipped_policy();
    for part in [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-",
        "style-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
    ] {
        assert!(policy.contains(part), "{part} in {policy}");
    }
    assert!(!policy.contains("unsafe-inline") && !policy.contains("LOADER"), "{policy}");
    let wasm = std::fs::read_dir(folder("SLIDER_LAB_DIST", "dist"))
        .unwrap()
        .filter_map(Result::ok)
        // The page's module; bench.wasm is the Benchmark panel's, fetched only on Start.
        .find(|e| e.path().extension().is_some_and(|x| x == "wasm") && e.file_name() != "bench.wasm")
        .unwrap();
    assert!(wasm.metadata().unwrap().len() < 1_500_000, "a release wasm, not a debug build");
}

#[tokio::test]
async fn the_page_works_under_the_strict_policy_sent_as_a_header() {
    // The header form a host would send: the shipped policy plus frame-ancestors, which a meta
    // tag cannot carry.
    let header = format!("{}; frame-ancestors 'self'", shipped_policy());
    let server = StaticServer::serve_with(
        folder("SLIDER_LAB_DIST", "dist"),
        "/",
        vec![("Content-Security-Policy".into(), header)],
    );
    let browser = Browser::start_with(server, (1280, 720)).await;
    browser.open("?technique=sbamg&slider=rook&square=d1&occupied=0x43").await;
    browser.eval("window.violations = []; document.addEventListener('securitypolicyviolation', e => violations.push(e.violatedDirective));").await;
    browser.click(&square("e1")).await;
    browser.click("[data-player=\"next\"]").await;
    let expected = Technique::Sbamg.attacks(Slider::Rook, Square::D1, Bitboard(0x43).with(Square::E1));
    assert_eq!(browser.result().await, expected, "the wasm ran under the policy");
    assert_eq!(browser.eval("return violations;").await, serde_json::json!([]));
    // The modules fetched or made later: the formula language, a formula compiled in the page
    // and instantiated for its check, and the benchmark's worker timing it.
    browser.open("?v=2&technique=formula").await;
    browser.eval("window.violations = []; document.addEventListener('securitypolicyviolation', e => violations.push(e.violatedDirective));").await;
    browser.open_example("subtraction-file").await;
    browser.click("[data-formula-check-start]").await;
    browser.wait_for("[data-compiled-check=\"agrees\"]", 60, "the compiled formula ran under the policy").await;
    browser.click("[data-bench-start]").await;
    browser.wait_for("[data-bench-done]", 300, "the benchmark's worker ran under the policy").await;
    assert!(browser.client.find(Locator::Css("[data-bench-error]")).await.is_err());
    assert!(browser.client.find(Locator::Css("[data-benchmark-technique=\"formula\"]")).await.is_ok());
    assert_eq!(browser.eval("return violations;").await, serde_json::json!([]));
    browser.close().await;
}

#[tokio::test]
async fn a_panic_shows_a_banner_with_a_way_back() {
    let server = StaticServer::serve(folder("SLIDER_LAB_PANIC_DIST", "target/dist-force-panic"), "/");
    let browser = Browser::start_with(server, (1280, 720)).await;
    browser.goto(&browser.server.url("?technique=sbamg&panic=1")).await;
    let banner = browser.wait_for("[data-panic-banner]", 10, "a banner, not a blank page").await;
    let text = banner.text().await.unwrap();
    // The release build's panics trap (the immediate-abort panic strategy): no message, but the
    // banner names the trap.
    assert!(text.contains("Slider Lab stopped") && text.contains("the WebAssembly module trapped"), "{text}");
    let console = browser.console_problems().await;
    assert!(
        console.iter().any(|line| line.contains("Slider Lab stopped: ")),
        "the message is in the console: {console:?}"
    );
    // The way back: the page without the query, and no saved state that would crash again.
    assert_eq!(browser.attribute("[data-panic-reset]", "href").await.as_deref(), Some("/"));
    browser.click("[data-panic-reset]").await;
    browser.wait_for(&square("h1"), 10, "the board is back").await;
    assert!(browser.client.find(Locator::Css("[data-panic-banner]")).await.is_err());
    browser.close_unchecked().await;
}

/// Posts a height message from inside the first iframe (its own script would be refused: the
/// page's policy forbids eval, so WebDriver runs it there).
async fn post_from_first_iframe(browser: &Browser, height: &str) {
    browser.client.enter_frame(0).await.unwrap();
    browser.eval(&format!("parent.postMessage({{type: 'slider-lab:height', height: {height}}}, '*');")).await;
    browser.client.enter_parent_frame().await.unwrap();
}

async fn height(browser: &Browser, id: &str) -> String {
    browser.attribute(&format!("#{id}"), "height").await.unwrap()
}

#[tokio::test]
async fn embed_js_takes_finite_heights_from_its_own_sites_iframes_only() {
    let browser = Browser::start_at("/", (1000, 900)).await;
    browser.goto(&browser.server.url("static/embed-demo.html")).await;
    browser.wait_for("#sbamg[data-reported-height]", 20, "the embed reports its height").await;
    // A message from the page's own iframe is taken (the control)…
    post_from_first_iframe(&browser, "777").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(height(&browser, "rook-d2").await, "777");
    // …but not a height that is no finite number.
    for bad in ["NaN", "Infinity", "'900'"] {
        post_from_first_iframe(&browser, bad).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(height(&browser, "rook-d2").await, "777", "height {bad} ignored");
    }
    // An iframe from another origin, marked data-slider-lab, is ignored too.
    let foreign_root = std::env::temp_dir().join(format!("slider-lab-foreign-{}", std::process::id()));
    std::fs::create_dir_all(&foreign_root).unwrap();
    std::fs::write(
        foreign_root.join("foreign.html"),
        "<!DOCTYPE html><title>elsewhere</title><link rel=\"icon\" href=\"data:,\"><script>parent.postMessage({type: 'slider-lab:height', height: 999}, '*');</script>",
    )
    .unwrap();
    let foreign = StaticServer::serve(foreign_root.clone(), "/");
    let foreign_url = foreign.url("foreign.html");
    browser
        .eval(&format!(
            "const f = document.createElement('iframe'); f.id = 'foreign'; f.height = '200'; f.setAttribute('data-slider-lab', ''); f.src = '{foreign_url}'; document.body.append(f);"
        ))
        .await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(browser.eval("return document.querySelector('#foreign').contentWindow.length === 0;").await, true);
    assert_eq!(height(&browser, "foreign").await, "200", "another origin's message is ignored");
    assert_eq!(browser.attribute("#foreign", "data-reported-height").await, None);
    let _ = std::fs::remove_dir_all(&foreign_root);
    browser.close().await;
}

#[tokio::test]
async fn a_huge_parameter_is_clipped_and_the_page_keeps_its_width() {
    let browser = Browser::start_at("/", (1280, 720)).await;
    browser.open(&format!("?technique={}", "x".repeat(10_000))).await;
    let notice = browser.client.find(Locator::Css("[data-notice=\"technique\"]")).await.unwrap().text().await.unwrap();
    assert!(notice.len() < 200, "{notice}");
    let overflow = browser.eval("const e = document.scrollingElement; return e.scrollWidth - e.clientWidth;").await;
    assert_eq!(overflow, 0);
    browser.close().await;
}

/// A copy of dist/ in a fresh folder, without `missing`.
fn dist_without(missing: &str) -> PathBuf {
    fn copy(from: &std::path::Path, to: &std::path::Path, missing: &str) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().filter_map(Result::ok) {
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target, missing);
            } else if entry.file_name() != missing {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let copied = std::env::temp_dir().join(format!("slider-lab-without-{missing}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copied);
    copy(&folder("SLIDER_LAB_DIST", "dist"), &copied, missing);
    copied
}

/// The panels module comes after the lesson (src/panels_link.rs); when its glue or its wasm
/// cannot come, the lesson still works and the page says what is missing.
#[tokio::test]
async fn without_the_panels_module_the_lesson_works_and_says_what_is_missing() {
    for missing in ["panels.js", "panels.wasm"] {
        let root = dist_without(missing);
        let browser = Browser::start_with(StaticServer::serve(root.clone(), "/"), (1280, 720)).await;
        browser.goto(&browser.server.url("?technique=sbamg&square=d1&occupied=0x43")).await;
        let message = browser.wait_for("[data-message]", 20, &format!("without {missing}: no message")).await;
        let text = message.text().await.unwrap();
        assert!(text.contains("panels.wasm") && text.contains("could not be loaded"), "without {missing}: {text}");
        // The lesson itself: the board, its result, and a step taken.
        // (Read without the helpers, which wait for the panels.)
        let result = browser.eval("return document.querySelector('[data-result]').dataset.value;").await;
        let expected = Technique::Sbamg.attacks(Slider::Rook, Square::D1, Bitboard(0x43));
        assert_eq!(result.as_str().map(|hex| hex.parse::<Bitboard>().unwrap()), Some(expected));
        browser.client.find(Locator::Css("[data-player=\"next\"]")).await.unwrap().click().await.unwrap();
        assert!(browser.client.find(Locator::Css("[data-panel-host=\"compare\"] table")).await.is_err());
        browser.close_unchecked().await;
        let _ = std::fs::remove_dir_all(root);
    }
}

/// A browser without WebAssembly SIMD cannot compile the page's module (Hyperbola Quintessence's
/// byte swap is a SIMD swizzle). The loader asks first and says so instead of a blank page.
/// Every current browser has SIMD, so this one is made to answer no.
#[tokio::test]
async fn without_webassembly_simd_the_page_says_so() {
    let browser = Browser::start().await;
    browser.before_every_page("WebAssembly.validate = () => false;").await;
    browser.goto(&browser.server.url("")).await;
    let body = browser.wait_for("body", 10, "no body").await.text().await.unwrap();
    assert!(body.contains("needs WebAssembly SIMD") && body.contains("Firefox 89"), "{body}");
    let started = browser.eval("return document.querySelector('[data-result]') !== null;").await;
    assert_eq!(started, serde_json::Value::Bool(false), "the page started without SIMD");
    // The loader stops with an error on purpose: the console's error is expected.
    browser.close_unchecked().await;
}
