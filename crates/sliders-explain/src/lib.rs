//! What a traced step of [`sliders`] says and shows, for the page, the pictures and the command
//! line: the names of its operands, the sentences computed from its values and the board, how
//! it unfolds frame by frame, and what each of its grids marks.
//!
//! The modules build on one another in one direction: [`board`], [`words`] and [`facts`] first;
//! [`operands`] and [`animation`] on them; [`sentences`] and [`formula`] (what only a reader's
//! formula does) on those; [`narration`], which picks a step's sentence, and [`marks`] last.
#![no_std]
// Without the techniques' sentences (the page's first load: the modules that trace send each
// step's sentence), the words they are made of go unused; they stay, for the builds that say.
#![cfg_attr(not(feature = "technique-sentences"), allow(dead_code, unused_imports))]

extern crate alloc;

pub mod animation;
pub mod board;
pub mod facts;
#[cfg(feature = "formula-sentences")]
pub mod formula;
pub mod grading;
pub mod marks;
pub mod narration;
pub mod operands;
pub mod sentences;
mod typed;
pub mod words;
