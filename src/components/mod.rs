//! One component per file.

pub mod app;
pub mod board;
pub mod controls;
pub mod result;
