//! An attack table too large to ship in the page (magic's and PEXT's, 841 KiB each), filled by
//! its technique the first time it is read, once, even when threads race to fill it.

use alloc::boxed::Box;
use alloc::vec;
use core::sync::atomic::{AtomicPtr, Ordering};

use crate::Bitboard;

pub struct FilledTable {
    /// The table once filled; null before.
    table: AtomicPtr<Bitboard>,
    entries: usize,
    fill: fn(&mut [Bitboard]),
}

impl FilledTable {
    /// A table of `entries` entries that `fill` writes on first use.
    pub const fn new(entries: usize, fill: fn(&mut [Bitboard])) -> FilledTable {
        FilledTable { table: AtomicPtr::new(core::ptr::null_mut()), entries, fill }
    }

    pub fn is_filled(&self) -> bool {
        !self.table.load(Ordering::Acquire).is_null()
    }

    /// The table, filled on the first call.
    #[inline]
    pub fn get(&'static self) -> &'static [Bitboard] {
        let table = self.table.load(Ordering::Acquire);
        if table.is_null() {
            return self.filled();
        }
        // SAFETY: a non-null pointer was stored by `filled` from a leaked box of exactly
        // `entries` entries, which is never freed.
        unsafe { core::slice::from_raw_parts(table, self.entries) }
    }

    #[cold]
    fn filled(&'static self) -> &'static [Bitboard] {
        let mut table = vec![Bitboard::EMPTY; self.entries].into_boxed_slice();
        (self.fill)(&mut table);
        let built = Box::into_raw(table) as *mut Bitboard;
        match self.table.compare_exchange(core::ptr::null_mut(), built, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: `built` came from a box of `entries` entries, now owned by the table forever.
            Ok(_) => unsafe { core::slice::from_raw_parts(built, self.entries) },
            Err(first) => {
                // Another thread finished first: free ours and use theirs.
                // SAFETY: `built` is ours alone, made by Box::into_raw above with this length.
                drop(unsafe { Box::from_raw(core::ptr::slice_from_raw_parts_mut(built, self.entries)) });
                // SAFETY: as in `get`.
                unsafe { core::slice::from_raw_parts(first, self.entries) }
            }
        }
    }
}
