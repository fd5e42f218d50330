//! The memory allocator of every Conway program, when the `mimalloc` feature is on (the
//! front ends turn it on, and so do the tests, examples and benchmarks of each crate, so
//! that what is measured is what users run).
//!
//! Why: the searches build and drop many small boards and vectors at every position
//! (a ruleset search allocates each child's components), and with the system's allocator
//! malloc and free took about a quarter of the search's time. With mimalloc the
//! ruleset search ran 1.2–1.7 times as fast on MCGS's positions (measured 2026-12-06 on
//! Sheep, generalised Toads and Frogs and 3 × 8 Clobber), with the same positions searched.
//!
//! A program that embeds the library and has its own allocator leaves the feature off.

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
