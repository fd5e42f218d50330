//! Misère play of impartial games: the player who makes the last move loses.
//!
//! Misère play has no Sprague-Grundy theorem, so the theory has levels, each in its own
//! place:
//! - [`anti_sg`]: the SJ (Anti-SG) verdict, exact for sums of tame components such as
//!   misère Nim;
//! - the genus of heap positions by search lives with the heap games
//!   ([`crate::heap::genus`]);
//! - misère canonical forms (Conway), in CGSuite's notation, are the `conway-misere` crate.

pub mod anti_sg;

pub use anti_sg::sj_verdict;
