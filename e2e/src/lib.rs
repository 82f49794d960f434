//! The end-to-end harness: serves the built `dist/` on 127.0.0.1 (optionally under a
//! sub-path), starts chromedriver, and hands the tests a WebDriver client for headless Chromium.
//! Every request the page makes is logged, so tests can check that nothing left 127.0.0.1.
// This crate is test code: the harness of the end-to-end tests (and the browser benchmark
// runner). A failed expect here is a failed test, reported with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

mod server;
pub use server::StaticServer;

/// How long a page may take to load, or a script to run, before a test fails naming it. A good
/// load takes under a second here; a minute would hide a hang behind a slow suite.
pub const PAGE_LOAD_LIMIT: Duration = Duration::from_secs(30);

/// The CSS selector of a board square, e.g. `square("d4")`.
pub fn square(name: &str) -> String {
    format!("[data-square=\"{name}\"]")
}

/// A free port on 127.0.0.1, chosen by the OS.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free local port")
}

fn dist_dir() -> PathBuf {
    let dir = std::env::var_os("SLIDER_LAB_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../dist"));
    assert!(dir.join("index.html").exists(), "no built page at {}: run `cargo xtask test`", dir.display());
    dir
}

impl StaticServer {
    /// Serves the built `dist/` under `prefix`.
    pub fn start(prefix: &str) -> StaticServer {
        StaticServer::serve(dist_dir(), prefix)
    }

    /// Serves any folder under `prefix`.
    pub fn serve(root: PathBuf, prefix: &str) -> StaticServer {
        StaticServer::serve_with(root, prefix, Vec::new())
    }
}

/// chromedriver plus a headless Chromium session and the static server the page comes from.
pub struct Browser {
    pub client: Client,
    pub server: StaticServer,
    /// A phone's viewport (touch emulated): clicks go through WebDriver, as a tap.
    phone: bool,
    driver: Child,
    _profile: TempDir,
}

/// A fresh directory removed on drop, for Chromium's profile.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One list of milliseconds from a timing script's answer (`{ name: [ms, …], … }`).
fn timing_list(timings: &serde_json::Value, name: &str) -> Vec<f64> {
    timings[name].as_array().unwrap_or_else(|| panic!("{timings}")).iter().map(|t| t.as_f64().unwrap()).collect()
}

impl Browser {
    pub async fn start() -> Browser {
        Browser::start_at("/", (1280, 900)).await
    }

    /// Serves dist/ under `prefix` and opens a window of `size` (CSS pixels).
    pub async fn start_at(prefix: &str, size: (u32, u32)) -> Browser {
        Browser::start_with(StaticServer::start(prefix), size).await
    }

    /// Opens a browser on pages from `server`.
    pub async fn start_with(server: StaticServer, size: (u32, u32)) -> Browser {
        Browser::launch(server, size, true).await
    }

    /// Serves dist/ at the root and opens a window of `size` that draws classic scrollbars (the
    /// others hide them), for tests of what a scrollbar takes from the page's width.
    pub async fn start_with_scrollbars(size: (u32, u32)) -> Browser {
        Browser::launch(StaticServer::start("/"), size, false).await
    }

    async fn launch(server: StaticServer, size: (u32, u32), hide_scrollbars: bool) -> Browser {
        let port = free_port();
        let chromedriver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        // Its own process group, so dropping the harness can stop Chromium along with it.
        let mut driver = Command::new(&chromedriver);
        if let Some(log) = std::env::var_os("E2E_DRIVER_LOG") {
            // Diagnosis only: every DevTools message chromedriver exchanges with Chromium.
            let mut path = PathBuf::from(log);
            path.push(format!("chromedriver-{port}.log"));
            driver.arg("--verbose").arg(format!("--log-path={}", path.display()));
        }
        let driver = driver
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {chromedriver}: {e}"));
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen on {port}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = TempDir(std::env::temp_dir().join(format!("slider-lab-e2e-{}-{port}", std::process::id())));
        let capabilities = json!({
            // The console and the network, read back at the end of every test.
            "goog:loggingPrefs": { "browser": "ALL", "performance": "ALL" },
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", if hide_scrollbars { "--hide-scrollbars" } else { "--enable-features=Dummy" },
                    format!("--window-size={},{}", size.0.max(800), size.1 + 200),
                    format!("--user-data-dir={}", profile.0.display()),
                ],
                // The viewport is `size` exactly (a window keeps room for its toolbar, and has a
                // minimum width); below 600 px it is a phone, with touch and the meta viewport.
                "mobileEmulation": {
                    "deviceMetrics": {
                        "width": size.0, "height": size.1, "pixelRatio": 1.0,
                        "mobile": size.0 < 600, "touch": size.0 < 600
                    }
                }
            }
        });
        let client = ClientBuilder::rustls()
            .expect("a rustls connector")
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session in headless Chromium");
        // WebDriver's own limits are 300 s for a page load: fail well before that.
        let limits = TimeoutConfiguration::new(Some(PAGE_LOAD_LIMIT), Some(PAGE_LOAD_LIMIT), None);
        client.update_timeouts(limits).await.expect("WebDriver accepts the time limits");
        Browser { client, server, driver, _profile: profile, phone: size.0 < 600 }
    }

    /// Loads `url` and waits for its load event, failing within [`PAGE_LOAD_LIMIT`] (and a little
    /// more, should the driver itself stop answering) with a message naming the page.
    pub async fn goto(&self, url: &str) {
        let started = Instant::now();
        let limit = PAGE_LOAD_LIMIT + Duration::from_secs(5);
        match tokio::time::timeout(limit, self.client.goto(url)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => panic!("{url} did not load in {:.1?}: {error}", started.elapsed()),
            Err(_) => panic!("{url} did not load in {limit:?}: the WebDriver command never returned"),
        }
    }

    /// Waits up to `seconds` for an element `selector` finds, and fails the test with `what`
    /// (what was awaited) if none appears.
    pub async fn wait_for(&self, selector: &str, seconds: u64, what: &str) -> fantoccini::elements::Element {
        let waited = self.client.wait().at_most(Duration::from_secs(seconds)).for_element(Locator::Css(selector)).await;
        waited.unwrap_or_else(|error| panic!("{what}: no {selector} within {seconds} s ({error})"))
    }

    /// Waits up to `seconds` for an element `selector` finds, and reads its data attributes
    /// `names` (as the dataset names them: `proved` for `data-proved`; "" for one it lacks).
    /// Fails the test with `what` (what was awaited) if none appears.
    pub async fn wait_for_data(&self, selector: &str, names: &[&str], seconds: u64, what: &str) -> Vec<String> {
        let script = "const e = document.querySelector(arguments[0]);
            return e && arguments[1].map(name => e.dataset[name] ?? '');";
        let arguments = vec![serde_json::json!(selector), serde_json::json!(names)];
        let started = Instant::now();
        loop {
            let value = self.client.execute(script, arguments.clone()).await;
            let value = value.unwrap_or_else(|e| panic!("script failed: {e}\n{script}"));
            if let Some(values) = value.as_array() {
                return values.iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect();
            }
            assert!(started.elapsed() < Duration::from_secs(seconds), "{what}: no {selector} within {seconds} s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Opens the page with `query` and waits until the board is drawn.
    pub async fn open(&self, query: &str) {
        self.goto(&self.server.url(query)).await;
        self.wait_for("[data-square=\"h1\"]", 20, "the board renders").await;
        self.wait_for_sources().await;
    }

    /// Waits until no source file is still being fetched, and the panels module has drawn the
    /// page's state.
    ///
    /// The code panel fetches its sources after the board is up: a test that reads the
    /// highlighted line right away raced that fetch, and lost once on a busy machine. The
    /// step's why is read from its file too (the page's wasm has none), and the narration
    /// grows when it arrives, moving the code panel down under a click aimed at it.
    ///
    /// Both are asked in one script, which waits in the page (on its mutations) rather than in
    /// rounds of the driver: a step through a technique clicks and waits hundreds of times.
    pub async fn wait_for_sources(&self) {
        if self.read_when(&settled(), "return null;", vec![], 20).await.is_none() {
            self.explain_unsettled().await;
        }
    }

    /// Fails the test saying which of [`settled`]'s conditions never came true.
    async fn explain_unsettled(&self) {
        if self.eval(SOURCES_LOADED).await != json!(true) {
            // Which of them is still waiting, and what it says: a source file, a step's why or
            // sentence, the formula language or techniques.wasm.
            let waiting = self
                .eval("return [...document.querySelectorAll('[data-source-loading], [data-why-loading], [data-formula-loading], [data-trace-loading]')].map(e => e.outerHTML.slice(0, 300));")
                .await;
            let address = self.eval("return location.search;").await;
            // What the static server was asked for last: a file asked and never read shows as
            // missing here, one answered as present.
            let served: Vec<String> =
                self.server.requests.lock().map(|log| log.iter().rev().take(12).cloned().collect()).unwrap_or_default();
            panic!("the technique's source never arrived: still waiting, at {address}: {waiting}; the server's last requests, newest first: {served:?}");
        }
        // Says what the panels module last drew.
        self.wait_for_panels().await;
    }

    /// Waits until the panels module (src/panels.rs) has drawn the state the page last told it,
    /// into every host the page renders: it draws after the page, in a task of its own.
    pub async fn wait_for_panels(&self) {
        if self.read_when(PANELS_DRAWN, "return null;", vec![], 20).await.is_none() {
            let state = "return [...document.querySelectorAll('[data-panel-host]')].map(h => h.dataset.panelHost + ':' + h.dataset.panelSerial).join(' ')
                + ' | page ' + window.sliderLabState.query + ' | panels ' + document.documentElement.dataset.panelsQuery;";
            panic!("the panels module never drew the page's state: {}", self.eval(state).await);
        }
    }

    /// Waits until the current step's animation has ended. Each frame says a sentence of its
    /// own, so the narration's height changes and everything below it moves: a click aimed at
    /// the code panel while frames still run can land where the target was a frame ago.
    pub async fn wait_for_still(&self) {
        let still = "return document.querySelector('[data-player=\"play\"]').title.startsWith('Play');";
        assert!(self.read_when(still, "return null;", vec![], 30).await.is_some(), "the step's animation never ended");
    }

    /// Waits up to `seconds` until the script body `condition` returns true, then runs the script
    /// body `read` (with `arguments`) and returns its value; `None` if the condition never held.
    ///
    /// Both run in one round to the page: the condition is asked there, on each change of the
    /// document and every 25 ms, not in rounds of the driver. A test that steps through a
    /// technique waits and reads hundreds of times, and each round costs about 20 ms of the
    /// driver's and Chromium's time.
    pub async fn read_when(
        &self,
        condition: &str,
        read: &str,
        arguments: Vec<serde_json::Value>,
        seconds: u64,
    ) -> Option<serde_json::Value> {
        self.read_when_at(condition, read, arguments, seconds, Moment::Now).await
    }

    /// Reads the script body `read` once the page has settled ([`settled`]) and that state has
    /// been painted: the read waits for the frame after, so it sees what the reader sees.
    ///
    /// A read at the moment of the change can land between a task that changes the layout (the
    /// panels module drawing, in a task of its own) and the frame where the page's resize
    /// observers answer it (the code panel scrolls its marked line back into sight there):
    /// that state is never painted, yet a layout test reading it fails.
    pub async fn read_painted(&self, read: &str) -> serde_json::Value {
        match self.read_when_at(&settled(), read, vec![], 20, Moment::Painted).await {
            Some(value) => value,
            None => {
                self.explain_unsettled().await;
                panic!("the page settled, but not for a whole frame");
            }
        }
    }

    async fn read_when_at(
        &self,
        condition: &str,
        read: &str,
        arguments: Vec<serde_json::Value>,
        seconds: u64,
        moment: Moment,
    ) -> Option<serde_json::Value> {
        // Painted: once the condition holds, wait for the next frame to be drawn (a timer set in
        // a frame's callback runs after that frame's layout, resize observers and paint), and
        // answer only if it still holds then.
        let (wait, deferring) = match moment {
            Moment::Now => ("const settle = (then) => then();", "false"),
            Moment::Painted => ("const settle = (then) => requestAnimationFrame(() => setTimeout(then, 0));", "true"),
        };
        let waited = format!(
            "const done = arguments[arguments.length - 1];
             const given = [...arguments].slice(0, -1);
             const holds = () => {{ try {{ return (() => {{ {condition} }})() === true; }} catch (e) {{ return false; }} }};
             const answer = () => {{ try {{ return {{ held: true, value: (function () {{ {read} }}).apply(null, given) ?? null }}; }}
                                     catch (e) {{ return {{ held: true, error: String(e) }}; }} }};
             {wait}
             const started = performance.now();
             let finished = false, settling = false;
             const finish = (outcome) => {{ if (finished) return; finished = true; observer.disconnect(); clearInterval(timer); done(outcome); }};
             const attempt = () => {{
                 if (finished || settling || !holds()) return;
                 if (!{deferring}) return finish(answer());
                 settling = true;
                 settle(() => {{ settling = false; if (holds()) finish(answer()); }});
             }};
             const observer = new MutationObserver(attempt);
             observer.observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }});
             const timer = setInterval(() => {{
                 if (performance.now() - started > {seconds} * 1000) finish({{ held: false }});
                 else attempt();
             }}, 25);
             attempt();"
        );
        let outcome = self.client.execute_async(&waited, arguments).await.unwrap_or_else(|e| panic!("waiting: {e}"));
        if let Some(error) = outcome.get("error") {
            panic!("script failed: {error}\n{read}");
        }
        (outcome["held"] == true).then(|| outcome["value"].clone())
    }

    /// The attribute `name` of the first element `selector` finds, once the panels module has
    /// drawn (as WebDriver's Get Element Attribute reads it), in one round to the page.
    pub async fn attribute(&self, selector: &str, name: &str) -> Option<String> {
        let read = "const element = document.querySelector(arguments[0]);
            return element ? { value: element.getAttribute(arguments[1]) } : { missing: true };";
        let found = self.read_when(PANELS_DRAWN, read, vec![json!(selector), json!(name)], 20).await;
        let found = match found {
            Some(found) => found,
            None => {
                // Fails the test saying what the panels module last drew, or reads once it has.
                self.wait_for_panels().await;
                self.client.execute(read, vec![json!(selector), json!(name)]).await.unwrap_or_else(|e| panic!("{e}"))
            }
        };
        assert!(found["missing"].is_null(), "no {selector}");
        found["value"].as_str().map(String::from)
    }

    /// Clicks `selector` once the page's fetched sources have arrived, so that the layout
    /// under the click no longer moves.
    ///
    /// The click is the mouse's, pressed and released where WebDriver's Element Click would
    /// press it (and refused, as it refuses, when something else covers that point), sent to
    /// Chromium directly: WebDriver's own click took about 160 ms each, and the lessons' tests
    /// click through hundreds of steps. Links, forms, menus, phones and frames keep WebDriver's
    /// click. The wait and the search for the point are one round to the page.
    pub async fn click(&self, selector: &str) {
        let spot = match self.read_when(&settled(), CLICK_SPOT, vec![json!(selector)], 20).await {
            Some(spot) => spot,
            None => {
                self.explain_unsettled().await;
                self.client.execute(CLICK_SPOT, vec![json!(selector)]).await.unwrap_or_else(|e| panic!("{e}"))
            }
        };
        if self.phone || spot["webdriver"] == true || spot["missing"] == true {
            // The panels module draws some buttons (the check's) once it has loaded: wait for it.
            let element = self.client.wait().for_element(Locator::Css(selector)).await;
            let element = element.unwrap_or_else(|_| panic!("no {selector}"));
            element.click().await.unwrap_or_else(|e| panic!("click {selector}: {e}"));
            return;
        }
        assert!(spot["covered"].is_null(), "click {selector}: the point is covered by {}", spot["covered"]);
        let (x, y) = (spot["x"].clone(), spot["y"].clone());
        for (kind, buttons) in [("mousePressed", 1), ("mouseReleased", 0)] {
            let command = json!({
                "cmd": "Input.dispatchMouseEvent",
                "params": { "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 }
            });
            self.client.issue_cmd(DevTools(command)).await.unwrap_or_else(|e| panic!("click {selector}: {e}"));
        }
    }

    /// Steps the player on to step `index` (counted from 0) with its Next button, and waits
    /// until that step is on screen, the page has settled and that state has been painted (as
    /// [`Browser::read_painted`] waits, so the code panel's resize observer has scrolled the
    /// marked line back into sight): one round to the page.
    ///
    /// The button is clicked from a script (`element.click()`, the event a mouse's click ends
    /// in), once the page has settled. It is for the tests that walk every step of a technique to
    /// read each step's layout and values; the player's own tests click as a mouse and a finger
    /// do ([`Browser::click`]).
    pub async fn next_step(&self, index: usize) {
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // Clicked once, the first time the page has settled in this wait (the mark on `window`
        // names the call), then awaited: the step shown, and the page settled again.
        let condition = format!(
            "const settled = (() => {{ {settled} }})();
             if (window.e2eNextStep !== {call}) {{
                 if (!settled) return false;
                 window.e2eNextStep = {call};
                 document.querySelector('[data-player=\"next\"]').click();
                 return false;
             }}
             return settled && document.querySelector('[data-current-step]')?.dataset.stepIndex === '{index}';",
            settled = settled()
        );
        if self.read_when_at(&condition, "return null;", vec![], 20, Moment::Painted).await.is_none() {
            let shown = self.eval("return document.querySelector('[data-current-step]')?.dataset.stepIndex;").await;
            self.explain_unsettled().await;
            panic!("Next never showed step {index} (0-based): the page shows {shown}");
        }
    }

    /// Picks the formula example `id` from the examples menu (a formula must be open).
    pub async fn open_example(&self, id: &str) {
        let select = self.client.find(Locator::Css("[data-formula-example]")).await.expect("the examples menu");
        select.select_by_value(id).await.unwrap_or_else(|e| panic!("example {id}: {e}"));
    }

    /// Types `text` into the Position box and presses Enter.
    pub async fn submit_position(&self, text: &str) {
        let input = self.client.find(Locator::Css("[data-occupied-input]")).await.expect("the Position box");
        input.clear().await.expect("the box clears");
        input.send_keys(text).await.expect("typing into the box");
        input.send_keys(&fantoccini::key::Key::Enter.to_string()).await.expect("Enter in the box");
    }

    /// The occupied squares, read from the board's `data-occupied` hooks.
    pub async fn occupied(&self) -> sliders::Bitboard {
        let names = self
            .eval("return [...document.querySelectorAll('[data-square]')].filter(e => e.dataset.occupied === 'true').map(e => e.dataset.square);")
            .await;
        names
            .as_array()
            .unwrap()
            .iter()
            .map(|name| name.as_str().unwrap().parse::<sliders::Square>().unwrap())
            .collect()
    }

    /// The attack set the page reports through its `data-result` hook.
    pub async fn result(&self) -> sliders::Bitboard {
        self.attribute("[data-result]", "data-value").await.expect("data-value").parse().expect("0x hex")
    }

    /// Runs a script in the page and returns its JSON value.
    pub async fn eval(&self, script: &str) -> serde_json::Value {
        self.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Runs a script in the page once three animation frames have passed, and returns its JSON
    /// value. Some styles follow layout a frame late (a scroll timeline takes its snapshot at the
    /// start of a frame, from the last layout), so a read right after a click can see the old state.
    pub async fn eval_settled(&self, script: &str) -> serde_json::Value {
        let wrapped = format!(
            "const done = arguments[arguments.length - 1]; const read = () => {{ {script} }}; \
             requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done(read()))));"
        );
        self.client.execute_async(&wrapped, vec![]).await.unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Toggles `square` `edits` times and measures, for each edit, the time until the page's DOM
    /// is re-rendered and until the next animation frame (milliseconds, each list sorted).
    pub async fn time_toggles(&self, square: &str, edits: usize) -> (Vec<f64>, Vec<f64>) {
        // yew renders in a task queued by the click; a MutationObserver callback runs once that
        // render has patched the DOM, and a requestAnimationFrame callback once the frame is due.
        let script = format!(
            "const done = arguments[arguments.length - 1];
             const square = document.querySelector('[data-square=\"{square}\"]');
             const rendered = [], framed = [];
             function edit(i) {{
               if (i === {edits}) {{
                 const sort = list => list.sort((a, b) => a - b);
                 done({{ rendered: sort(rendered), framed: sort(framed) }});
                 return;
               }}
               const before = square.dataset.occupied;
               const t0 = performance.now();
               const observer = new MutationObserver(() => {{
                 if (square.dataset.occupied === before) return;
                 observer.disconnect();
                 rendered.push(performance.now() - t0);
                 requestAnimationFrame(() => {{
                   framed.push(performance.now() - t0);
                   setTimeout(() => edit(i + 1), 30);
                 }});
               }});
               observer.observe(document.body, {{ attributes: true, subtree: true, childList: true }});
               square.click();
             }}
             edit(0);"
        );
        let timings = self.client.execute_async(&script, vec![]).await.expect("the timing script finishes");
        (timing_list(&timings, "rendered"), timing_list(&timings, "framed"))
    }

    /// Milliseconds from a press of `,` or `.` (one animation frame back or on, the work of one
    /// tick of the player) to the page patched, for `presses` presses that alternate between
    /// the two, on the step shown finished: each moves the frame, so each redraws.
    pub async fn time_frame_steps(&self, presses: usize) -> Vec<f64> {
        let script = format!(
            "const done = arguments[arguments.length - 1];
             const rendered = [];
             function press(i) {{
               if (i === {presses}) {{
                 done({{ rendered: rendered.sort((a, b) => a - b) }});
                 return;
               }}
               const t0 = performance.now();
               const observer = new MutationObserver(() => {{
                 observer.disconnect();
                 rendered.push(performance.now() - t0);
                 setTimeout(() => press(i + 1), 30);
               }});
               observer.observe(document.body, {{ attributes: true, subtree: true, childList: true, characterData: true }});
               const key = i % 2 === 0 ? ',' : '.';
               document.body.dispatchEvent(new KeyboardEvent('keydown', {{ key, bubbles: true }}));
             }}
             press(0);"
        );
        let timings = self.client.execute_async(&script, vec![]).await.expect("the timing script finishes");
        timing_list(&timings, "rendered")
    }

    /// Milliseconds from an edit of the formula editor (its text replaced, then an input event,
    /// as typing does) to the page patched, for `edits` edits that alternate between `text` and
    /// `text` with one more comment line: the formula parses again, runs again, and redraws.
    /// Beside it, to the panels module's redraw of the same edit (src/panels.rs: it runs the
    /// formula again for Compare's row, the listing and Copy for an article, in a later task),
    /// which marks the state it drew on the root (`data-panels-query`).
    pub async fn time_formula_edits(&self, text: &str, edits: usize) -> (Vec<f64>, Vec<f64>) {
        let script = format!(
            "const done = arguments[arguments.length - 1];
             const area = document.querySelector('[data-formula-input]');
             const text = arguments[0];
             const rendered = [], panels = [];
             function edit(i) {{
               if (i === {edits}) {{
                 done({{ rendered: rendered.sort((a, b) => a - b), panels: panels.sort((a, b) => a - b) }});
                 return;
               }}
               const t0 = performance.now();
               let waiting = 2;
               const next = () => {{ if (--waiting === 0) setTimeout(() => edit(i + 1), 30); }};
               const page = new MutationObserver(() => {{
                 page.disconnect();
                 rendered.push(performance.now() - t0);
                 next();
               }});
               page.observe(document.body, {{ attributes: true, subtree: true, childList: true, characterData: true }});
               const drawn = new MutationObserver(() => {{
                 drawn.disconnect();
                 panels.push(performance.now() - t0);
                 next();
               }});
               drawn.observe(document.documentElement, {{ attributes: true, attributeFilter: ['data-panels-query'] }});
               area.value = text + (i % 2 ? '' : '\\n// one more line');
               area.dispatchEvent(new InputEvent('input', {{ bubbles: true }}));
             }}
             edit(0);"
        );
        let timings = self
            .client
            .execute_async(&script, vec![serde_json::json!(text)])
            .await
            .expect("the timing script finishes");
        (timing_list(&timings, "rendered"), timing_list(&timings, "panels"))
    }

    /// The console's errors and warnings since the last call, as "LEVEL message" lines.
    pub async fn console_problems(&self) -> Vec<String> {
        let entries = self.log("browser").await;
        entries
            .iter()
            .filter(|entry| matches!(entry["level"].as_str(), Some("SEVERE" | "WARNING")))
            .map(|entry| {
                format!("{} {}", entry["level"].as_str().unwrap_or(""), entry["message"].as_str().unwrap_or(""))
            })
            .collect()
    }

    /// Every http(s) or ws(s) address the browser asked for since the last call that is not on
    /// 127.0.0.1, from Chromium's network log.
    pub async fn outside_requests(&self) -> Vec<String> {
        let requests = self.requests().await;
        requests.into_iter().filter(|url| !url.starts_with("http://127.0.0.1:")).collect()
    }

    /// Every http(s) or ws(s) address the browser asked for since the last call (or the last
    /// [`Browser::outside_requests`]), once per request, from Chromium's network log.
    pub async fn requests(&self) -> Vec<String> {
        let entries = self.log("performance").await;
        let mut requests = Vec::new();
        for entry in entries {
            let Ok(message) = serde_json::from_str::<serde_json::Value>(entry["message"].as_str().unwrap_or("{}"))
            else {
                continue;
            };
            if message["message"]["method"] != "Network.requestWillBeSent" {
                continue;
            }
            let url = message["message"]["params"]["request"]["url"].as_str().unwrap_or("").to_string();
            if ["http:", "https:", "ws:", "wss:"].iter().any(|scheme| url.starts_with(scheme)) {
                requests.push(url);
            }
        }
        requests
    }

    /// Makes the page see a CSS media feature, e.g. `("prefers-reduced-motion", "reduce")`.
    pub async fn emulate_media(&self, feature: &str, value: &str) {
        let command = serde_json::json!({
            "cmd": "Emulation.setEmulatedMedia",
            "params": { "features": [{ "name": feature, "value": value }] }
        });
        self.client.issue_cmd(DevTools(command)).await.expect("Chromium emulates the media feature");
    }

    /// Runs `script` in every page this browser loads from now on, before the page's own.
    pub async fn before_every_page(&self, script: &str) {
        let command = serde_json::json!({
            "cmd": "Page.addScriptToEvaluateOnNewDocument",
            "params": { "source": script }
        });
        self.client.issue_cmd(DevTools(command)).await.expect("Chromium takes the script");
    }

    /// Makes the page lay itself out for print (CSS `@media print`).
    pub async fn emulate_print(&self) {
        let command = serde_json::json!({ "cmd": "Emulation.setEmulatedMedia", "params": { "media": "print" } });
        self.client.issue_cmd(DevTools(command)).await.expect("Chromium emulates print media");
    }

    /// chromedriver's log of `kind` ("browser" or "performance"), emptied by reading it.
    async fn log(&self, kind: &str) -> Vec<serde_json::Value> {
        let answer = self.client.issue_cmd(ReadLog(kind.to_string())).await;
        answer.ok().and_then(|value| value.as_array().cloned()).unwrap_or_default()
    }

    /// Closes the session and stops chromedriver, failing the test if the console showed an
    /// error or a warning, or a request left 127.0.0.1. A browser that does not answer within a
    /// few seconds is stopped all the same (by dropping the harness).
    pub async fn close(self) {
        let problems = self.console_problems().await;
        let outside = self.outside_requests().await;
        self.close_unchecked().await;
        assert!(problems.is_empty(), "the console showed errors or warnings: {problems:#?}");
        assert!(outside.is_empty(), "requests left 127.0.0.1: {outside:#?}");
    }

    /// Closes without reading the console: for a test that makes errors on purpose.
    pub async fn close_unchecked(self) {
        let _ = tokio::time::timeout(Duration::from_secs(10), self.client.clone().close()).await;
        // Drop stops chromedriver's process group.
    }
}

/// A script's body that is true once the panels module has drawn the page's last state into
/// every host (src/panels.rs).
/// No source file, why, formula module or technique's code (techniques.wasm) is still being
/// fetched.
const SOURCES_LOADED: &str = "return document.querySelector('[data-source-loading], [data-why-loading], [data-formula-loading], [data-trace-loading]') === null;";

/// When [`Browser::read_when_at`] answers.
#[derive(Clone, Copy)]
enum Moment {
    /// As soon as the condition holds.
    Now,
    /// When the condition still holds after the next frame is painted.
    Painted,
}

/// [`SOURCES_LOADED`] and [`PANELS_DRAWN`]: the layout under a click no longer moves.
fn settled() -> String {
    format!("return (() => {{ {SOURCES_LOADED} }})() && (() => {{ {PANELS_DRAWN} }})();")
}

const PANELS_DRAWN: &str = "const hosts = document.querySelectorAll('[data-panel-host]');
    return [...hosts].every(h => h.hasAttribute('data-panel-serial'))
        && (hosts.length === 0 || window.sliderLabState.query === document.documentElement.dataset.panelsQuery);";

/// Where a click on the element `arguments[0]` selects lands, found as WebDriver's Element
/// Click finds it: scrolled into view (its end with the viewport's) if any of it is outside,
/// the centre of its first box within the viewport, and whether the element (or something
/// inside it) is what stands there. Links, forms and menus are left to WebDriver's own click,
/// which waits for a navigation and picks an option as a browser does, and so is a click inside
/// a frame (the mouse's coordinates are the top page's).
const CLICK_SPOT: &str = "const element = document.querySelector(arguments[0]);
    if (!element) return { missing: true };
    if (window !== window.top || element.closest('a[href], form, select, option')) return { webdriver: true };
    let box = element.getClientRects()[0];
    if (!box) return { webdriver: true };
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
        element.scrollIntoView({ block: 'end', inline: 'nearest' });
        box = element.getClientRects()[0];
    }
    const [left, right] = [Math.max(box.left, 0), Math.min(box.right, innerWidth)];
    const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, innerHeight)];
    const x = Math.floor((left + right) / 2), y = Math.floor((top + bottom) / 2);
    const hit = document.elementFromPoint(x, y);
    return { x, y, covered: hit && element.contains(hit) ? null : (hit ? hit.outerHTML.slice(0, 160) : 'nothing') };";

/// A Chrome DevTools Protocol command sent through chromedriver (WebDriver has no media emulation).
#[derive(Debug)]
struct DevTools(serde_json::Value);

impl fantoccini::wd::WebDriverCompatibleCommand for DevTools {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.0.to_string()))
    }
}

/// chromedriver's own command for the browser's logs (WebDriver has none).
#[derive(Debug)]
struct ReadLog(String);

impl fantoccini::wd::WebDriverCompatibleCommand for ReadLog {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(serde_json::json!({ "type": self.0 }).to_string()))
    }
}

impl Drop for Browser {
    /// A test that fails never reaches `close`: stop chromedriver and the Chromium it started.
    fn drop(&mut self) {
        // "--" so that kill reads the negative number as a process group, not as a signal.
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", self.driver.id())]).status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// C as a header gives it: a guard, an include, a pasted constant, `/` and `%`, and `&&`
/// guarding a builtin C leaves undefined at zero.
pub const HEADER_C: &str = "#ifndef NORTH_H
#define NORTH_H
#include <stdint.h>
#define C64(c) c##ULL
#define FILE_A C64(0x0101010101010101)
// the slider's file from sq % 8, and the squares above it
north_ray = (FILE_A << (sq % 8)) & ~((2 << sq) - 1)
blockers = north_ray & o
found = blockers != 0 && __builtin_ctzll(blockers) < 64
return found ? north_ray ^ ray(ctz(blockers), north) : north_ray
#endif";
