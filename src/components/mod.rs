//! One component per file.

pub mod app;
pub mod benchmark;
pub mod bit_strip;
pub mod board;
pub mod check;
pub mod code_panel;
pub mod compare;
pub mod comparison;
pub mod embed_view;
pub mod engine_export;
pub mod export;
pub mod formula_panel;
pub mod full_page;
pub mod grid;
pub mod key_help;
pub mod notices;
pub mod parts;
pub mod player;
pub mod position;
pub mod predict;
pub mod presentation;
pub mod proof;
pub mod proof_map;
pub mod result;
pub mod setup;
pub mod share;
pub mod step_strip;
pub mod step_view;
pub mod technique_info;

/// The value of an element's class attribute: the names that apply, space-separated. Views set
/// it with `~className={…}` (the DOM property behind the attribute) instead of `class={…}`:
/// html! reads every dynamic `class` into yew's `Classes`, an ordered hash set of names, and
/// that machinery alone was about 2 KB of the gzipped download. Static `class="…"` stays as it is.
pub fn class_names(names: &[Option<&str>]) -> String {
    let mut list = String::new();
    for name in names.iter().flatten() {
        if !list.is_empty() {
            list.push(' ');
        }
        list.push_str(name);
    }
    list
}

/// The square an arrow key moves to from `square` on a grid of squares (rank 8 on top), as the
/// board and predict mode's answer grid both walk: `None` for another key, or off the edge. An
/// arrow key is the grid's, not the page's: it does not scroll, nor reach the page's keys.
pub fn arrow_step(event: &web_sys::KeyboardEvent, square: sliders::Square) -> Option<sliders::Square> {
    let (file_step, rank_step) = match event.key().as_str() {
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        _ => return None,
    };
    event.prevent_default();
    event.stop_propagation();
    square.offset(file_step, rank_step)
}

#[cfg(test)]
mod tests {
    #[test]
    fn class_names_keep_the_names_that_apply_in_order() {
        assert_eq!(super::class_names(&[Some("cell"), None, Some("on"), Some("cursor")]), "cell on cursor");
        assert_eq!(super::class_names(&[None, None]), "");
    }
}
