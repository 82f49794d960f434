//! The techniques' precomputed tables, written once as `const` code, and stored in one of two ways.
//!
//! By default a table is a plain `static`, computed by the compiler: engines, the benchmarks
//! and the command-line tool read it with no check at all. The web page turns on the
//! `lazy-tables` feature instead: each table is computed by the same code the first time it is
//! read, so the 41 KB of tables are not part of the page's download (about 10 KB gzipped).

/// Declares a table: `table! { pub static NAME: Type = const expression; }`, read as
/// `NAME[i][j]` either way.
macro_rules! table {
    ($(#[$meta:meta])* $vis:vis static $name:ident: $ty:ty = $build:expr;) => {
        #[cfg(not(feature = "lazy-tables"))]
        $(#[$meta])*
        $vis static $name: $ty = $build;
        #[cfg(feature = "lazy-tables")]
        $(#[$meta])*
        $vis static $name: $crate::table::Lazy<$ty> = $crate::table::Lazy::new(|| $build);
    };
}

#[cfg(feature = "lazy-tables")]
pub use lazy::Lazy;

#[cfg(feature = "lazy-tables")]
mod lazy {
    use alloc::boxed::Box;
    use core::ops::Deref;
    use core::sync::atomic::{AtomicPtr, Ordering};

    /// A table computed on first use, then kept for the life of the program.
    pub struct Lazy<T: 'static> {
        built: AtomicPtr<T>,
        build: fn() -> T,
    }

    impl<T> Lazy<T> {
        pub const fn new(build: fn() -> T) -> Self {
            Lazy { built: AtomicPtr::new(core::ptr::null_mut()), build }
        }

        #[cold]
        #[inline(never)]
        fn build_now(&self) -> &T {
            let built = Box::into_raw(Box::new((self.build)()));
            match self.built.compare_exchange(core::ptr::null_mut(), built, Ordering::AcqRel, Ordering::Acquire) {
                // SAFETY: `built` came from a box that this table now owns forever.
                Ok(_) => unsafe { &*built },
                Err(first) => {
                    // Another thread finished first: free ours and read theirs.
                    // SAFETY: `built` is ours alone, from Box::into_raw above.
                    drop(unsafe { Box::from_raw(built) });
                    // SAFETY: as in `deref`.
                    unsafe { &*first }
                }
            }
        }
    }

    impl<T: Sync> Deref for Lazy<T> {
        type Target = T;

        #[inline]
        fn deref(&self) -> &T {
            let built = self.built.load(Ordering::Acquire);
            if built.is_null() {
                return self.build_now();
            }
            // SAFETY: a non-null pointer was stored by `build_now` from a leaked box, never freed.
            unsafe { &*built }
        }
    }
}

#[cfg(all(test, feature = "lazy-tables"))]
mod tests {
    use super::Lazy;

    static SQUARES: Lazy<[u32; 4]> = Lazy::new(|| [0, 1, 4, 9]);

    #[test]
    fn a_table_is_built_once_on_first_read() {
        assert_eq!(SQUARES[3], 9);
        assert!(core::ptr::eq(&*SQUARES, &*SQUARES));
    }
}
