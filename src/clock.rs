//! The page's clock: milliseconds since the page started, for the sentences that say how long
//! something took (a table's fill, a check, a proof). Never used to decide what a step shows.

/// `performance.now()` in the browser; the system clock in native tests, where no page runs.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|window| window.performance()).map(|p| p.now()).unwrap_or_default()
}

/// `performance.now()` in the browser; the system clock in native tests, where no page runs.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or_default()
}
