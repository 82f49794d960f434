//! Magic and PEXT bitboards each read an 841 KiB attack table that the page does not ship: a
//! table is filled the first time the page uses its technique, and the time that took is kept
//! to tell the reader.

use std::cell::RefCell;

use sliders::techniques::magic;
use sliders::Technique;

use crate::clock::now_ms;

thread_local! {
    static FILL_MS: RefCell<Vec<(Technique, f64)>> = const { RefCell::new(Vec::new()) };
}

/// Whether `technique` can run now: it reads no such table, or this page has filled it.
pub fn ready(technique: Technique) -> bool {
    technique.large_table().is_none() || fill_ms(technique).is_some()
}

/// Fills the technique's table if it has one this page has not filled, timing the fill. The
/// table is where the technique runs (`crate::techniques`): nothing is filled while that
/// module is on its way, or when it fails.
pub fn ensure(technique: Technique) {
    if ready(technique) {
        return;
    }
    let start = now_ms();
    if let Some(Ok(())) = crate::techniques::fill_table(technique) {
        FILL_MS.with(|fills| fills.borrow_mut().push((technique, now_ms() - start)));
    }
}

/// How long filling the technique's table took, once this page has filled it.
pub fn fill_ms(technique: Technique) -> Option<f64> {
    FILL_MS.with(|fills| fills.borrow().iter().find(|(t, _)| *t == technique).map(|&(_, ms)| ms))
}

/// The table's entries (the same for both: one per set of relevant pieces of every square).
pub const ENTRIES: usize = magic::TABLE_ENTRIES;

/// The table's size, for the sentence that reports the fill.
pub const fn table_kib() -> usize {
    ENTRIES * 8 / 1024
}

#[cfg(test)]
mod tests {
    use sliders::Technique;

    /// A link that opens a technique with a table fills it once, and the page says how long
    /// that took: reading the link's squares (which runs the technique) records the fill too.
    #[test]
    fn a_link_that_fills_a_table_records_the_fill() {
        let query = "?v=2&technique=pext&slider=queen&square=d2&occupied=0x4ced22000146f848&step=1";
        assert!(!super::ready(Technique::Pext), "no other test of this crate uses PEXT's table");
        // Reading the address runs nothing; opening the link, as the page does, runs its trace.
        let read = crate::url::from_query(query).lab;
        assert!(!super::ready(Technique::Pext), "reading an address fills no table");
        let lab = crate::effects::open(query).lab;
        assert_eq!((&lab.setup, &lab.player), (&read.setup, &read.player), "a link with a good step opens as it reads");
        assert!(super::ready(Technique::Pext));
        assert!(super::fill_ms(Technique::Pext).is_some_and(|ms| ms >= 0.0));
        let setup = &lab.setup;
        assert_eq!(
            crate::effects::trace(&lab).result,
            Technique::Reference.attacks(setup.slider, setup.square, setup.occupied)
        );
    }
}
