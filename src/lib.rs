//! Slider Lab, the page. The algorithms live in the `sliders` crate; this crate only presents.

pub mod attack_tables;
pub mod clipboard;
pub mod clock;
pub mod compiled;
pub mod components;
pub mod effects;
pub mod fetched;
pub mod hooks;
pub mod input;
pub mod language;
pub mod model;
pub mod panels;
pub mod panels_link;
pub mod panic;
pub mod pictures;
pub mod presets;
pub mod sources;
pub mod techniques;
pub mod url;

/// Mounts the app on the page's body, with the panic banner in place first.
pub fn start() {
    panic::install();
    #[cfg(feature = "force-panic")]
    panic::panic_if_asked();
    yew::Renderer::<components::app::App>::new().render();
}
