//! Magic bitboards read an 841 KiB attack table that the page does not ship: it is filled the
//! first time the page uses magic, and the time that took is kept to tell the reader.

use std::cell::Cell;

use sliders::techniques::magic;
use sliders::Technique;

thread_local! {
    static FILL_MS: Cell<Option<f64>> = const { Cell::new(None) };
}

/// Fills magic's table if `technique` is magic and the table is still empty, timing the fill.
pub fn ensure(technique: Technique) {
    if technique == Technique::Magic && !magic::table_built() {
        let start = now_ms();
        magic::attack_table();
        FILL_MS.with(|ms| ms.set(Some(now_ms() - start)));
    }
}

/// How long filling the table took, once this page has filled it.
pub fn fill_ms() -> Option<f64> {
    FILL_MS.with(Cell::get)
}

/// The table's size, for the sentence that reports the fill.
pub fn table_kib() -> usize {
    magic::TABLE_ENTRIES * 8 / 1024
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    web_sys::window().and_then(|window| window.performance()).map(|p| p.now()).unwrap_or_default()
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or_default()
}
