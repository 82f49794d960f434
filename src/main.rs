/// Talc instead of the standard library's dlmalloc: a well-kept allocator made for WebAssembly
/// whose code is smaller (measured in docs/page-weight.md).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    slider_lab::start();
}
