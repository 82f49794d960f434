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
