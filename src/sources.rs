//! The technique sources the code panel shows are not part of the wasm: embedding all of them
//! cost about a tenth of the first load. The build copies them into the site as
//! `techniques/*.rs`, and the page fetches a file the first time it shows it, once per page:
//! the panels module, which shows a technique's header too, takes the page's fetch.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Where the build puts the sources, relative to the page.
pub const SOURCE_DIR: &str = "techniques";

/// A file of the techniques' sources the page shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SourceFile {
    /// A technique's own file.
    Of(sliders::Technique),
    /// A file of steps several techniques share: `compose.rs`, `first_rank.rs`.
    Shared(sliders::techniques::SharedFile),
}

impl SourceFile {
    /// The file that made `step` of `technique`'s trace: its own, or the shared one it calls.
    pub fn of_step(technique: sliders::Technique, step: &sliders::Step) -> SourceFile {
        match sliders::techniques::SharedFile::of(step) {
            Some(shared) if !technique.made(step) => SourceFile::Shared(shared),
            _ => SourceFile::Of(technique),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SourceFile::Of(technique) => technique.source_file(),
            SourceFile::Shared(shared) => shared.name(),
        }
    }
}

/// A source file as the page has it.
#[derive(Clone, PartialEq)]
pub enum Source {
    Loading,
    Ready(Rc<str>),
    /// Why the file could not be read, in a sentence.
    Failed(Rc<str>),
}

enum Entry {
    /// The fetch is under way; these components render again when it ends.
    Loading(Vec<Callback<()>>),
    Done(Source),
}

thread_local! {
    /// A list, not a hash map: there are twenty files at most (the techniques and the two shared files), and a hash map's code would
    /// cost more download than a linear search could ever cost time.
    static CACHE: RefCell<Vec<(&'static str, Entry)>> = const { RefCell::new(Vec::new()) };
}

fn cached(file: &'static str) -> Source {
    CACHE.with(|cache| match cache.borrow().iter().find(|(name, _)| *name == file) {
        Some((_, Entry::Done(source))) => source.clone(),
        _ => Source::Loading,
    })
}

/// What asking the cache for a file found.
#[derive(Debug, PartialEq, Eq)]
enum Asked {
    /// Nobody had asked: the caller starts the fetch, and is called when it ends.
    Start,
    /// The fetch is under way: the caller is called when it ends.
    Waiting,
    /// The file is here (or failed): nobody will call the caller, who must render again itself.
    /// A component renders `Loading`, then asks in its effect; a fetch that ended in between
    /// (another component had started it) would otherwise leave it at `Loading` for good.
    Here,
}

fn ask(cache: &mut Vec<(&'static str, Entry)>, file: &'static str, rendered: Callback<()>) -> Asked {
    match cache.iter_mut().find(|(name, _)| *name == file) {
        Some((_, Entry::Loading(waiting))) => {
            waiting.push(rendered);
            Asked::Waiting
        }
        Some((_, Entry::Done(_))) => Asked::Here,
        None => {
            cache.push((file, Entry::Loading(vec![rendered])));
            Asked::Start
        }
    }
}

/// Asks for `file`, calling `rendered` once it has arrived (or failed), or at once if it
/// already has.
fn request(file: &'static str, rendered: Callback<()>) {
    let asked = CACHE.with(|cache| ask(&mut cache.borrow_mut(), file, rendered.clone()));
    match asked {
        Asked::Waiting => {}
        Asked::Here => rendered.emit(()),
        Asked::Start => wasm_bindgen_futures::spawn_local(async move {
            let source = match fetch_text(&format!("{SOURCE_DIR}/{file}")).await {
                Ok(text) => Source::Ready(text.into()),
                Err(why) => Source::Failed(format!("The page could not load {file}: {why}.").into()),
            };
            let waiting = CACHE.with(|cache| {
                let mut cache = cache.borrow_mut();
                let entry = cache.iter_mut().find(|(name, _)| *name == file).map(|(_, entry)| entry);
                entry.map(|entry| std::mem::replace(entry, Entry::Done(source)))
            });
            if let Some(Entry::Loading(waiting)) = waiting {
                waiting.iter().for_each(|rendered| rendered.emit(()));
            }
        }),
    }
}

/// The window's property where the page and the panels module keep each file's fetch (the
/// address → the fetch's promise): the two modules share no memory, and each asked the network
/// for the files it shows, the code panel's and the technique's explanation's alike.
const FETCHES: &str = "sliderLabSources";

/// The fetch of `url`, started by whichever module asks first, and shared with the other.
fn shared_fetch(window: &web_sys::Window, url: &str) -> js_sys::Promise {
    let (list, file) = (JsValue::from_str(FETCHES), JsValue::from_str(url));
    let mut fetches = js_sys::Reflect::get(window, &list).unwrap_or_default();
    if fetches.is_undefined() {
        fetches = js_sys::Object::new().into();
        let _ = js_sys::Reflect::set(window, &list, &fetches);
    }
    let started = js_sys::Reflect::get(&fetches, &file).unwrap_or_default();
    if !started.is_undefined() {
        return started.unchecked_into();
    }
    let fetch = window.fetch_with_str(url);
    let _ = js_sys::Reflect::set(&fetches, &file, &fetch);
    fetch
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("there is no window")?;
    let response = JsFuture::from(shared_fetch(&window, url)).await.map_err(|_| "the network request failed")?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "the answer was not a response")?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    // Both modules hold the one response, whose body can be read once: each reads a copy.
    let copy = web_sys::Response::clone(&response).map_err(|_| "the answer had no text")?;
    let text = copy.text().map_err(|_| "the answer had no text")?;
    JsFuture::from(text).await.ok().and_then(|text| text.as_string()).ok_or_else(|| "the answer had no text".into())
}

/// The source file `file`, fetched the first time any component asks for it. `None` asks for
/// nothing (hooks cannot be called conditionally), and stays `Loading`.
#[hook]
pub fn use_source(file: Option<&'static str>) -> Source {
    let update = use_force_update();
    use_effect_with(file, move |&file| {
        if let Some(file) = file {
            request(file, Callback::from(move |()| update.force_update()));
        }
    });
    file.map_or(Source::Loading, cached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn counting(calls: &Rc<Cell<u32>>) -> Callback<()> {
        let calls = calls.clone();
        Callback::from(move |()| calls.set(calls.get() + 1))
    }

    #[test]
    fn a_file_that_arrived_before_its_asker_asked_is_said_to_be_here() {
        let mut cache = Vec::new();
        let (first, second, late) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        assert_eq!(ask(&mut cache, "subtraction.rs", counting(&first)), Asked::Start);
        assert_eq!(ask(&mut cache, "subtraction.rs", counting(&second)), Asked::Waiting);
        assert_eq!(ask(&mut cache, "compose.rs", counting(&second)), Asked::Start, "another file is its own fetch");
        // The fetch ends: the two that waited are in the entry, to be called.
        let Some((_, Entry::Loading(waiting))) = cache.iter_mut().find(|(name, _)| *name == "subtraction.rs") else {
            panic!("subtraction.rs should be loading");
        };
        assert_eq!(waiting.len(), 2);
        waiting.iter().for_each(|rendered| rendered.emit(()));
        cache[0].1 = Entry::Done(Source::Ready("// the source".into()));
        assert_eq!((first.get(), second.get()), (1, 1));
        // A component that rendered `Loading` before the end and asks only now is told it is
        // here, and is not put on a list nobody will read again.
        assert_eq!(ask(&mut cache, "subtraction.rs", counting(&late)), Asked::Here);
        assert!(matches!(&cache[0].1, Entry::Done(Source::Ready(_))));
    }
}
