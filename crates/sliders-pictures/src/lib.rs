//! Pictures of a traced step, drawn as the articles draw them: [`diagram`] the ASCII grids the
//! wiki prints, [`figure`] one standalone SVG (PNG and GIF are rasterised from it, never drawn
//! again), [`wikitable`] a table of coloured cells any MediaWiki renders without an upload.
//! What they say and mark comes from `sliders-explain`, so the page and every picture agree.
#![no_std]

extern crate alloc;

pub mod diagram;
pub mod figure;
pub mod wikitable;
mod wrap;

pub use wrap::wrap;

/// What every picture of a technique that sees only the positive rays (o^(o-2r)) says of it,
/// whether it shows a whole trace or one step.
pub const POSITIVE_RAYS_ONLY: &str = "This technique sees positive rays only (towards higher bit indices).";

/// [`POSITIVE_RAYS_ONLY`] where `trace` is of such a technique.
pub fn positive_rays_note(trace: &sliders::Trace) -> Option<&'static str> {
    trace.technique.is_some_and(|technique| technique.positive_rays_only()).then_some(POSITIVE_RAYS_ONLY)
}
