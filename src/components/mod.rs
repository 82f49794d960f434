//! One component per file.

pub mod app;
pub mod benchmark;
pub mod bit_strip;
pub mod board;
pub mod code_panel;
pub mod compare;
pub mod controls;
pub mod export;
pub mod grid;
pub mod player;
pub mod result;
pub mod share;
pub mod step_strip;
pub mod step_view;
pub mod technique_info;
