// Loads the panels module (src/bin/panels.rs): Share, Copy for an article, Compare, Benchmark,
// the position's field, the technique's explanation, and the formula's WebAssembly listing and
// Copy as C / Rust. The page adds this script once the lesson is on screen (src/panels_link.rs);
// panels.js is wasm-bindgen's glue for panels.wasm, both written by build/post-build.mjs.
import init from "../panels.js";

// The panels' own styles (panels.css), which the first load leaves out.
const styles = document.createElement("link");
styles.rel = "stylesheet";
styles.href = new URL("./panels.css", import.meta.url).href;
document.head.append(styles);

init({ module_or_path: new URL("../panels.wasm", import.meta.url) }).catch(() => {
  // Said to the page as an action of the panels (src/panels_link.rs reads it).
  window.sliderLabAction = "failed";
  window.dispatchEvent(new Event("slider-lab:action"));
});
