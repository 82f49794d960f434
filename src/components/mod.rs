//! One component per file.

pub mod app;
pub mod benchmark;
pub mod bit_strip;
pub mod board;
pub mod code_panel;
pub mod compare;
pub mod export;
pub mod grid;
pub mod key_help;
pub mod player;
pub mod position;
pub mod result;
pub mod setup;
pub mod share;
pub mod step_strip;
pub mod step_view;
pub mod technique_info;
