//! The panels module, `panels.wasm`: the page fetches it once the lesson is on screen
//! (src/panels_link.rs); its views are in src/panels.rs.

/// The page's allocator (src/main.rs), here too.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    slider_lab::panels::start();
}
