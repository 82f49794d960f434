//! Every technique is written once, generic over a [`Tracer`], as plain expressions under
//! `#[traced]` (the `traced` crate), which sends each commented 64-bit operation through one of
//! the tracer's helpers, which computes the value and hands a [`Step`] to
//! [`Tracer::record`]. [`NoTrace`] records nothing, so after inlining the fast path is the
//! bare arithmetic; [`Recorder`] keeps every step for the page and the `trace` command.
//!
//! One job a file: `step` is the vocabulary a step is told in ([`Op`], [`Value`], [`Place`],
//! [`Operands`], [`Step`], [`Trace`]); `order` how a step's word holds the board
//! ([`WordOrder`]); `tracer` the [`Tracer`] API that `#[traced]` calls and the words it works
//! on; `recorders` the two tracers; `rename` the pass that names a union's operands in a
//! finished trace.

mod order;
mod recorders;
mod rename;
mod step;
mod tracer;

pub use order::*;
pub use recorders::*;
pub(crate) use rename::name_union_operands;
pub use step::*;
pub use tracer::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Slider, Square};

    #[test]
    fn each_field_of_a_table_entry_counts_as_one_table_read() {
        use crate::Technique;
        // Obstruction difference (both) and SBAMG read three masks of each line's entry (SBAMG
        // reads line_ex twice, one read); a rook has two lines, a queen four. HQ reads LINE_EX
        // for each of its three lines and the first-rank table for the rank.
        let occupied = Bitboard(0x0012_0400_2800_4100);
        for technique in [Technique::ObstructionDifference, Technique::ObstructionDifferenceHoffmann, Technique::Sbamg]
        {
            assert_eq!(technique.trace(Slider::Rook, Square::D4, occupied).table_reads(), 6, "{technique}");
            assert_eq!(technique.trace(Slider::Queen, Square::D4, occupied).table_reads(), 12, "{technique}");
        }
        assert_eq!(Technique::HyperbolaQuintessence.trace(Slider::Queen, Square::D4, occupied).table_reads(), 4);
    }

    #[test]
    fn borrow_chain_runs_from_the_subtrahend_to_the_blocker() {
        // The byte example of o^(o-2r): blocker on bit 6, rook on bit 1, so 2r is bit 2.
        let mut recorder = Recorder::new();
        const SUB: Site = Site::unnamed("o - 2r", "test");
        recorder.sub(&SUB, Bitboard(0b0100_0010), Bitboard(0b0000_0100));
        let chain = recorder.steps[0].borrow_chain().unwrap();
        // Bits 3..=6 received a borrow: it entered at bit 2 and walked to the blocker on 6.
        assert_eq!(chain, Bitboard(0b0111_1000));
    }

    #[test]
    fn a_simd_operation_counts_once_and_each_lanes_mask_is_a_table_read() {
        let trace = crate::Technique::HyperbolaQuintessenceSimd.trace(
            Slider::Queen,
            Square::D4,
            Bitboard(0x0008_0000_0040_0800),
        );
        let lane_steps = trace.steps.iter().filter(|step| step.lane.is_some()).count();
        let scalar = trace.steps.iter().filter(|step| step.lane.is_none() && step.op.is_arithmetic()).count();
        // Eight lane-wise operations in each of the queen's two rounds, each shown as two steps.
        assert_eq!(lane_steps, 32);
        assert_eq!(trace.arithmetic_ops(), scalar + 16);
        // The file's mask, the two diagonals' masks and the first-rank table.
        assert_eq!(trace.table_reads(), 4);
    }

    #[test]
    fn steps_name_the_calling_line() {
        let mut recorder = Recorder::new();
        const XOR: Site = Site::unnamed("x", "test");
        let expected_line = line!() + 1;
        recorder.xor(&XOR, Bitboard(1), Bitboard(3));
        assert_eq!(recorder.steps[0].place.line(), expected_line);
        assert_eq!(recorder.steps[0].place.file(), Some(file!()));
    }

    #[test]
    fn shifts_past_the_word_give_the_empty_set() {
        const X: Site = Site::unnamed("x", "test");
        assert_eq!(NoTrace.shl(&X, Bitboard(1), 64), Bitboard::EMPTY);
        assert_eq!(NoTrace.shr(&X, Bitboard::FULL, 64), Bitboard::EMPTY);
    }
}
