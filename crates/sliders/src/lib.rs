//! Sliding-piece attacks by the bitboard techniques of the chessprogramming wiki, each written
//! once and generic over a [`Tracer`]: with [`NoTrace`] it is the fast path, with a
//! [`Recorder`] the same code reports every intermediate bitboard.
//!
//! Squares use little-endian rank-file mapping: a1 = bit 0, h1 = bit 7, h8 = bit 63.
//!
//! ```
//! use sliders::{Bitboard, Slider, Square, Technique};
//! let occupied = Square::D6.bit();
//! let attacks = Technique::ObstructionDifference.attacks(Slider::Rook, Square::D4, occupied);
//! assert!(attacks.contains(Square::D6) && !attacks.contains(Square::D7));
//! ```
#![no_std]

extern crate alloc;

#[macro_use]
pub mod table;

mod bitboard;
mod geometry;
mod lanes;
mod pext_mask;
mod square;
pub mod techniques;
pub mod trace;
pub mod workload;

pub use bitboard::{pdep_loop, pext_loop, swap_bytes, Bitboard, ParseBitboardError};
pub use geometry::{
    line_ends, line_without, ray, ray_attacks, Direction, Line, ParseSliderError, Slider, LINE_EX, RAYS,
};
pub use lanes::{ByteTable, Lanes, BYTES_REVERSED};
pub use pext_mask::PextMask;
pub use square::{parse_squares, ParseSquareError, ParseSquaresError, Square};
pub use techniques::{Article, OneSliderOnly, ParseTechniqueError, Reach, Technique};
pub use trace::{
    Comparison, Focus, Lane, Mask, NoTrace, Op, Operands, Place, Recorder, Scan, Site, Span, Step, Trace, Tracer,
    Value, Word, WordOrder,
};
