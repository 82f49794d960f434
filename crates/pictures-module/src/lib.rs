//! The page's pictures, as a wasm module the page fetches only when a reader first asks for a
//! picture (`pictures.wasm`, loaded by `static/pictures.js`), so that none of this weighs on the
//! first load. It traces the position it is given with the same core as the page, so its
//! pictures show the very steps on screen, and draws them with `sliders_pictures::figure`,
//! `sliders_pictures::wikitable` and `sliders_pictures::diagram`; GIFs are encoded by `gif-encode` from the frames
//! the browser rasterised from those SVGs.
//!
//! Every entry point leaves its output (UTF-8 text, a file, or an error message) in one buffer
//! that [`result`] points at, and returns its length, negated for an error.

use std::cell::RefCell;

use gif_encode::Animation;
use sliders::{Bitboard, Slider, Technique, Trace};
use sliders_formula::Formula;
use sliders_pictures::figure::Moment;
use sliders_pictures::{diagram, figure, wikitable};

thread_local! {
    static ANIMATION: RefCell<Option<Animation>> = const { RefCell::new(None) };
    /// The delay of the last GIF frame drawn, in hundredths of a second.
    static DELAY: std::cell::Cell<u16> = const { std::cell::Cell::new(100) };
}

/// The technique number that stands for the reader's formula, whose text is in the buffer.
pub const FORMULA: u32 = u32::MAX;

/// The position's trace, as the page computes it: a technique's, or the formula's in the
/// buffer (up to its fault, if it meets one on this board, as the page shows it).
fn trace(technique: u32, slider: u32, sliders: u64, occupied: u64) -> Result<Trace, String> {
    let slider = Slider::ALL.get(slider as usize).ok_or("no such slider")?;
    if technique == FORMULA {
        let text = String::from_utf8(module_buffer::contents());
        let text = text.map_err(|_| "the formula is not UTF-8")?;
        let formula = Formula::parse(&text).map_err(|error| error.describe(&text))?;
        return Ok(formula.trace_until_fault(*slider, Bitboard(sliders), Bitboard(occupied)).0);
    }
    let technique = Technique::ALL.get(technique as usize).ok_or("no such technique")?;
    technique.trace_many(*slider, Bitboard(sliders), Bitboard(occupied)).map_err(|e| e.to_string())
}

/// Step `step` (0-based) of the trace, checked.
fn with_step(trace: &Trace, step: u32) -> Result<usize, String> {
    let step = step as usize;
    (step < trace.steps.len()).then_some(step).ok_or_else(|| format!("no step {} in this trace", step + 1))
}

/// The picture or text `kind` of a position; `step` is 0-based, `frame` an animation frame
/// (`u32::MAX`: the finished step).
pub fn draw(
    kind: Kind,
    technique: u32,
    slider: u32,
    sliders: u64,
    occupied: u64,
    step: u32,
    frame: u32,
) -> Result<String, String> {
    let trace = trace(technique, slider, sliders, occupied)?;
    // The wire's u32::MAX is the finished step; a GIF's frames are numbered as they are.
    let moment = if frame == u32::MAX { Moment::Finished } else { Moment::At(frame as usize) };
    let frame = frame as usize;
    Ok(match kind {
        Kind::StepSvg => figure::step_svg(&trace, with_step(&trace, step)?, moment),
        Kind::TraceSvg => figure::trace_svg(&trace, true),
        Kind::TraceSvgQuiet => figure::trace_svg(&trace, false),
        Kind::StepWikitable => wikitable::step(&trace, with_step(&trace, step)?),
        Kind::StepAscii => diagram::article_step(&trace, with_step(&trace, step)?, false),
        Kind::StepAsciiPre => diagram::article_step(&trace, with_step(&trace, step)?, true),
        Kind::StepSvgQuiet => figure::step_picture(&trace, with_step(&trace, step)?, moment, figure::Sentence::None),
        // For a GIF, `step` u32::MAX is the whole trace, and `frame` is the GIF's frame.
        Kind::FrameCount => figure::gif_frame_count(&trace, gif_scope(&trace, step)?).to_string(),
        Kind::GifFrame | Kind::GifFrameQuiet => {
            let scope = gif_scope(&trace, step)?;
            let frames = figure::gif_frame_count(&trace, scope);
            if frame >= frames {
                return Err(format!("no frame {} in this GIF of {frames}", frame + 1));
            }
            let (svg, delay) = figure::gif_frame(&trace, scope, frame, matches!(kind, Kind::GifFrame));
            DELAY.with(|last| last.set(delay));
            svg
        }
        Kind::ResultAscii => {
            let rays =
                if trace.technique.is_some_and(|t| t.positive_rays_only()) { " (positive rays only)" } else { "" };
            // A formula's value is whatever the reader computed, not known to be attacks.
            let what = match trace.technique {
                Some(technique) => format!("{} attacks of", technique.name()),
                None => String::from("the formula's value for"),
            };
            format!(
                "{what} the {} on {}{rays}\n{}{}\n",
                trace.slider,
                sliders_explain::narration::square_list(trace.sliders),
                trace.result.diagram(),
                trace.result
            )
        }
        Kind::Hex => format!("0x{:016x}", subject(&trace, step)),
        Kind::CLiteral => format!("C64(0x{0:016x})\n0x{0:016x}ULL", subject(&trace, step)),
        Kind::RustLiteral => format!("0x{:016x}_u64", subject(&trace, step)),
        Kind::TraceText => diagram::trace(&trace),
        Kind::ResultAsciiPre => {
            diagram::in_pre(&draw(Kind::ResultAscii, technique, slider, sliders, occupied, step, 0)?)
        }
        Kind::TraceTextPre => diagram::in_pre(&diagram::trace(&trace)),
    })
}

/// A GIF's step: `u32::MAX` for the whole trace.
fn gif_scope(trace: &Trace, step: u32) -> Result<Option<usize>, String> {
    if step == u32::MAX {
        return Ok(None);
    }
    with_step(trace, step).map(Some)
}

/// The value the literals write: the step's result if it is a set, else the final attack set.
fn subject(trace: &Trace, step: u32) -> u64 {
    trace.steps.get(step as usize).and_then(|s| s.result.board()).unwrap_or(trace.result).0
}

/// What [`picture`] draws, by number.
#[derive(Clone, Copy)]
pub enum Kind {
    StepSvg = 0,
    TraceSvg = 1,
    TraceSvgQuiet = 2,
    StepWikitable = 3,
    StepAscii = 4,
    StepAsciiPre = 5,
    FrameCount = 6,
    ResultAscii = 7,
    Hex = 8,
    CLiteral = 9,
    RustLiteral = 10,
    TraceText = 11,
    StepSvgQuiet = 12,
    GifFrame = 13,
    GifFrameQuiet = 14,
    ResultAsciiPre = 15,
    TraceTextPre = 16,
}

const KINDS: [Kind; 17] = [
    Kind::StepSvg,
    Kind::TraceSvg,
    Kind::TraceSvgQuiet,
    Kind::StepWikitable,
    Kind::StepAscii,
    Kind::StepAsciiPre,
    Kind::FrameCount,
    Kind::ResultAscii,
    Kind::Hex,
    Kind::CLiteral,
    Kind::RustLiteral,
    Kind::TraceText,
    Kind::StepSvgQuiet,
    Kind::GifFrame,
    Kind::GifFrameQuiet,
    Kind::ResultAsciiPre,
    Kind::TraceTextPre,
];

// `buffer(length)` for a formula's text or a frame's pixels, `result()` for the output.
module_buffer::exports!();

/// Draws picture or text `kind` (see [`Kind`]) of the position; for the reader's formula,
/// `technique` is [`FORMULA`] and the formula's text is in the buffer.
#[no_mangle]
pub extern "C" fn picture(
    kind: u32,
    technique: u32,
    slider: u32,
    sliders: u64,
    occupied: u64,
    step: u32,
    frame: u32,
) -> i32 {
    let kind = KINDS.get(kind as usize).copied().ok_or_else(|| format!("no picture of kind {kind}"));
    module_buffer::answer(
        kind.and_then(|kind| draw(kind, technique, slider, sliders, occupied, step, frame)).map(String::into_bytes),
    )
}

/// How long the last GIF frame drawn shows, in hundredths of a second.
#[no_mangle]
pub extern "C" fn delay() -> u32 {
    DELAY.with(|last| last.get()) as u32
}

#[no_mangle]
pub extern "C" fn gif_begin(width: u32, height: u32) -> i32 {
    module_buffer::answer(Animation::new(width, height).map(|animation| {
        ANIMATION.with(|slot| *slot.borrow_mut() = Some(animation));
        Vec::new()
    }))
}

/// Adds the `width` x `height` RGBA frame in the buffer, at the top left of the animation.
#[no_mangle]
pub extern "C" fn gif_add_frame(width: u32, height: u32, delay: u32) -> i32 {
    let frame = module_buffer::take();
    let added = ANIMATION.with(|slot| match slot.borrow_mut().as_mut() {
        Some(animation) => animation.add_frame_at(&frame, width, height, delay.min(u16::MAX as u32) as u16),
        None => Err("no GIF was begun".into()),
    });
    module_buffer::answer(added.map(|()| Vec::new()))
}

/// Finishes the GIF: the file is the output.
#[no_mangle]
pub extern "C" fn gif_finish() -> i32 {
    let animation = ANIMATION.with(|slot| slot.borrow_mut().take());
    module_buffer::answer(animation.ok_or_else(|| "no GIF was begun".to_string()).and_then(Animation::finish))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_draws_what_the_core_draws_and_refuses_what_it_cannot() {
        let trace = Technique::Sbamg.trace(Slider::Rook, sliders::Square::D1, Bitboard(0x43));
        let technique = Technique::ALL.iter().position(|&t| t == Technique::Sbamg).unwrap() as u32;
        let svg = draw(Kind::StepSvg, technique, 0, 1 << 3, 0x43, 4, u32::MAX).unwrap();
        assert_eq!(svg, figure::step_svg(&trace, 4, Moment::Finished));
        let error = draw(Kind::StepSvg, technique, 0, 1 << 3, 0x43, 99, u32::MAX).unwrap_err();
        assert_eq!(error, "no step 100 in this trace");
        assert!(draw(Kind::StepSvg, 99, 0, 1, 0, 0, 0).is_err());
        assert_eq!(picture(42, technique, 0, 8, 0x43, 0, 0), -("no picture of kind 42".len() as i32));
        let last = trace.steps.len() as u32 - 1;
        let text = |kind| draw(kind, technique, 0, 1 << 3, 0x43, last, u32::MAX).unwrap();
        assert_eq!(text(Kind::Hex), "0x0808080808080876");
        assert_eq!(text(Kind::CLiteral), "C64(0x0808080808080876)\n0x0808080808080876ULL");
        assert_eq!(text(Kind::RustLiteral), "0x0808080808080876_u64");
        assert_eq!(text(Kind::TraceText), diagram::trace(&trace));
        // The reader's formula: its text in the buffer, and FORMULA for the technique.
        let text = "o ^ (o - 2 * r)";
        let formula = Formula::parse(text).unwrap().trace(Slider::Rook, Bitboard(1 << 3), Bitboard(0x43)).unwrap();
        module_buffer::put(text.as_bytes().to_vec());
        assert_eq!(draw(Kind::TraceText, FORMULA, 0, 1 << 3, 0x43, 0, 0).unwrap(), diagram::trace(&formula));
        module_buffer::put(b"o ^ (o - ".to_vec());
        let error = draw(Kind::TraceText, FORMULA, 0, 1 << 3, 0x43, 0, 0).unwrap_err();
        assert!(error.starts_with("line 1, column 10: expected a value"), "{error}");
        let subtraction = Technique::ALL.iter().position(|&t| t == Technique::Subtraction).unwrap() as u32;
        let result = draw(Kind::ResultAscii, subtraction, 0, 1 << 11, 0x4ced_2200_0146_f848, 0, 0).unwrap();
        assert!(result.starts_with("subtraction attacks of the rook on d2 (positive rays only)"), "{result}");
        // A GIF's frames, with their delays: the whole trace (step u32::MAX), and a step's walk.
        let frames = |step| draw(Kind::FrameCount, subtraction, 0, 1 << 11, 0x4ced_2200_0146_f848, step, 0).unwrap();
        assert_eq!(frames(u32::MAX), "13");
        assert_eq!(frames(3), "41");
        let frame = |step, index| draw(Kind::GifFrame, subtraction, 0, 1 << 11, 0x4ced_2200_0146_f848, step, index);
        assert!(frame(3, 0).is_ok());
        assert_eq!(delay(), 12);
        assert!(frame(3, 40).is_ok());
        assert_eq!(delay(), 300);
        assert!(frame(3, 41).unwrap_err().contains("no frame 42"));
    }
}
