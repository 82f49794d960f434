//! What the selected technique does, in a paragraph, and where to read more.
//! The paragraph is the technique file's own header comment, so it cannot drift from the code.
//! It arrives with the file (see `crate::sources`), which the app fetches for the code panel.

use sliders::Technique;

use crate::components::benchmark::tenths;
use crate::sources::Source;
use yew::prelude::*;

use crate::model::{Action, FormulaAction};

/// The `//!` header of a source file as one paragraph.
pub fn summary(source: &str) -> String {
    let lines: Vec<&str> = source.lines().map_while(|line| line.strip_prefix("//!")).map(str::trim).collect();
    // Backticks mark code in the source comment; on the page they would only be noise.
    lines.join(" ").replace('`', "")
}

/// A plain view function, not a component: the app already holds the technique's source, which
/// the code panel shows too, so this needs no hook of its own.
pub fn technique_info(technique: Technique, source: &Source, on_action: &Callback<Action>) -> Html {
    let article = technique.article();
    // A technique the examples write out can be opened as a formula, to change one thing.
    let as_formula = sliders_formula::examples::of_technique(technique).map(|example| {
        let id = example.id;
        html! {
            <p><button type="button" data-open-as-formula={id} onclick={on_action.reform(move |_: MouseEvent| Action::Formula(FormulaAction::OpenExample(id)))}>
                { format!("Open as a formula: {}", example.title) }
            </button></p>
        }
    });
    html! {
        <section class="technique-info" data-technique={technique.name()}>
            <h2>{ format!("{} · {}", article.title(), technique.title()) }</h2>
            // `data-source-loading`: the end-to-end tests wait for this to go, as for the code.
            <p class="technique-summary" data-source-loading={matches!(source, Source::Loading).then_some("")}>{ match source {
                Source::Ready(text) => summary(text),
                Source::Failed(why) => why.to_string(),
                Source::Loading => String::new(),
            } }</p>
            if let Some(ms) = crate::attack_tables::fill_ms(technique) {
                <p class="table-fill" data-table-fill-ms={tenths(ms)}>
                    { format!(
                        "This page filled the attack table ({} entries, {} KiB) in {} ms, the first time it used {}.",
                        crate::components::benchmark::grouped(crate::attack_tables::ENTRIES),
                        crate::attack_tables::table_kib(),
                        tenths(ms),
                        technique.name()
                    ) }
                </p>
            }
            { for as_formula }
            if let Some(url) = article.url() {
                <p><a href={url} target="_blank" rel="noopener">{ format!("Read “{}” on the chessprogramming wiki", article.title()) }</a></p>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_explains_itself() {
        for &technique in Technique::ALL {
            let text = summary(technique.source());
            assert!(text.len() > 80, "{technique}: {text:?}");
            assert!(!text.contains("//"), "{technique}");
        }
    }
}
