//! A wasm module the page fetches after its first load (`formula.wasm`, `techniques.wasm`) and
//! then calls synchronously, through `module-buffer`'s protocol: the page writes a request into
//! the buffer `buffer` gives it, calls `answer(kind)`, and reads the answer where `result`
//! points, its length `answer`'s value, negated for an error message.

/// Where a fetched module is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// Not asked for yet.
    Absent,
    Loading,
    Ready,
    /// It could not be loaded, and why, in a sentence.
    Failed(std::rc::Rc<str>),
}

#[cfg(target_arch = "wasm32")]
pub use browser::{load, Module};

#[cfg(target_arch = "wasm32")]
mod browser {
    use js_sys::{Function, Object, Reflect, Uint8Array, WebAssembly};
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    /// A fetched module, instantiated: its memory and the three exports of the protocol.
    pub struct Module {
        name: &'static str,
        memory: WebAssembly::Memory,
        buffer: Function,
        answer: Function,
        result: Function,
    }

    /// Fetches and instantiates the module `name` (relative to the page), `what` it is in a
    /// sentence ("The formula language"); `Err` says why it could not, in a sentence.
    pub async fn load(name: &'static str, what: &str) -> Result<Module, String> {
        let failed = |why: &str| format!("{what} ({name}) could not be loaded: {why}.");
        let window = web_sys::window().ok_or_else(|| failed("there is no window"))?;
        let response =
            JsFuture::from(window.fetch_with_str(name)).await.map_err(|_| failed("the network request failed"))?;
        let response: web_sys::Response = response.dyn_into().map_err(|_| failed("the answer was not a response"))?;
        if !response.ok() {
            return Err(failed(&format!("the server answered {}", response.status())));
        }
        let bytes = response.array_buffer().map_err(|_| failed("the answer had no body"))?;
        let bytes = JsFuture::from(bytes).await.map_err(|_| failed("the answer had no body"))?;
        let instantiated =
            JsFuture::from(WebAssembly::instantiate_buffer(&Uint8Array::new(&bytes).to_vec(), &Object::new()))
                .await
                .map_err(|_| failed("the browser refused the module"))?;
        let instance = Reflect::get(&instantiated, &"instance".into()).map_err(|_| failed("it has no instance"))?;
        let exports = Reflect::get(&instance, &"exports".into()).map_err(|_| failed("it has no exports"))?;
        let export = |name: &str| Reflect::get(&exports, &name.into()).ok().filter(|value| !value.is_undefined());
        (|| {
            Some(Module {
                name,
                memory: export("memory")?.dyn_into().ok()?,
                buffer: export("buffer")?.dyn_into().ok()?,
                answer: export("answer")?.dyn_into().ok()?,
                result: export("result")?.dyn_into().ok()?,
            })
        })()
        .ok_or_else(|| failed("it is not the module this page expects"))
    }

    impl Module {
        /// The module's answer to request `kind` with these bytes, or its error message.
        pub fn ask(&self, kind: u32, bytes: &[u8]) -> Result<Vec<u8>, String> {
            let at = self.number(self.buffer.call1(&JsValue::NULL, &(bytes.len() as u32).into()))? as u32;
            self.view(at, bytes.len() as u32).copy_from(bytes);
            let length = self.number(self.answer.call1(&JsValue::NULL, &kind.into()))? as i32;
            let at = self.number(self.result.call0(&JsValue::NULL))? as u32;
            let answer = self.view(at, length.unsigned_abs()).to_vec();
            if length < 0 {
                return Err(String::from_utf8_lossy(&answer).into_owned());
            }
            Ok(answer)
        }

        /// The module's bytes from `at`, `length` long.
        fn view(&self, at: u32, length: u32) -> Uint8Array {
            Uint8Array::new_with_byte_offset_and_length(&self.memory.buffer(), at, length)
        }

        fn number(&self, value: Result<JsValue, JsValue>) -> Result<f64, String> {
            value.ok().and_then(|value| value.as_f64()).ok_or_else(|| format!("{} stopped on this request", self.name))
        }
    }
}
