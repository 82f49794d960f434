//! The reader's own formula: what the editor holds, the last text that read, and its compiled
//! module (its check is the panels module's: `super::check`). The
//! language (formula.wasm) and the browser's WebAssembly are the page's effects' business
//! (`crate::effects`): they hand their findings in as actions, and this only keeps them.

use std::rc::Rc;

use sliders_formula::examples::Example;
use sliders_formula::wire::CompiledModule;
use sliders_formula::{self as formula, Target};

/// The reader's own formula: what the editor holds, the last text that parsed (which the steps
/// show while the typed text has an error), and what it should compute.
#[derive(Clone, PartialEq, Debug)]
pub struct Playground {
    pub text: Rc<str>,
    /// The example whose text the language is to give (the page's first load carries the
    /// examples' names, not their texts): `text` is empty until it comes.
    pub awaited_example: Option<&'static str>,
    /// The last text that parsed: the formula the steps show. `None` until a text has parsed
    /// (a link can bring one that does not), and until the language is loaded to read it.
    pub formula: Option<Rc<str>>,
    /// Why the typed text does not parse, if it does not.
    pub error: Option<formula::Error>,
    /// What the formula should compute, for its check.
    pub target: Target,
    /// The formula compiled to WebAssembly (and, in the browser, instantiated), or why it
    /// could not be: `None` until a formula has read.
    pub compiled: Option<Result<Rc<CompiledModule>, Rc<str>>>,
}

/// What reading a typed text found (the language's parse, and for a new formula its compiled
/// module, validated).
#[derive(Clone, PartialEq, Debug)]
pub enum Reading {
    /// It does not parse: the last good formula stays.
    Error(formula::Error),
    /// It parses, and is the formula that already ran.
    Same,
    /// A new formula, compiled (or why it could not be).
    New(Result<Rc<CompiledModule>, Rc<str>>),
}

impl Playground {
    /// An example, its text asked of the language ([`Playground::example_text`]).
    pub fn example(example: &Example) -> Playground {
        Playground { awaited_example: Some(example.id), ..Playground::typed("", example.target) }
    }

    /// A text as a link or an example brings it, with what it should compute: unread until the
    /// page reads it ([`Playground::read`]).
    pub fn typed(text: &str, target: Target) -> Playground {
        Playground { text: text.into(), awaited_example: None, formula: None, error: None, target, compiled: None }
    }

    /// The awaited example's text, or why the language could not give it (said beside the
    /// editor). An answer for another example than the one awaited changes nothing.
    pub fn example_text(&mut self, id: &str, text: Result<Rc<str>, Rc<str>>) {
        if self.awaited_example != Some(id) {
            return;
        }
        self.awaited_example = None;
        match text {
            Ok(text) => self.text = text,
            Err(why) => {
                let message = why.to_string();
                self.error = Some(formula::Error {
                    span: formula::Span::default(),
                    message,
                    suggestion: None,
                    notes: Vec::new(),
                })
            }
        }
    }

    /// The typed text, waiting to be read (the page reads it before it draws again).
    pub fn edit(&mut self, text: &str) {
        self.text = text.into();
        self.awaited_example = None;
        self.error = None;
    }

    /// What reading `text` found: parsed, it replaces the formula; with an error, the last good
    /// formula stays and the error is shown beside the editor. A reading of another text than
    /// the one typed now is stale and changes nothing.
    pub fn read(&mut self, text: &str, reading: Reading) {
        if *self.text != *text {
            return;
        }
        self.error = None;
        match reading {
            Reading::Error(error) => self.error = Some(error),
            Reading::Same => {}
            Reading::New(compiled) => {
                self.formula = Some(self.text.clone());
                self.compiled = Some(compiled);
            }
        }
    }

    /// Whether the text waits to be read: it has been read neither as a formula nor as an
    /// error (an awaited example's text is not here yet).
    pub fn unread(&self) -> bool {
        self.awaited_example.is_none() && self.formula.as_deref() != Some(&*self.text) && self.error.is_none()
    }

    /// Whether the editor waits for the language: for an example's text, or to read the text.
    pub fn waits_for_language(&self) -> bool {
        self.awaited_example.is_some() || self.unread()
    }
}
