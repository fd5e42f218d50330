//! Exact arithmetic for combinatorial games.
//!
//! Two number systems carry most of game theory's values:
//! - [`Nimber`]: the values of impartial games, forming Conway's field of characteristic 2
//!   (here its subfield of order 2^64), with nim-addition (xor) and nim-multiplication;
//! - [`Dyadic`]: the dyadic rationals p/2^k, which are exactly the short surreal numbers, the
//!   values of short partizan games that are numbers.
//!
//! Every operation is exact: integers grow into big integers rather than overflow, and the one
//! limit (a dyadic exponent beyond `u32`) is reported as an error by the checked operations.
//! This crate depends on no other Conway crate; every domain crate may depend on it.

pub mod dyadic;
mod error;
pub mod nimber;
pub mod sign_expansion;

pub use dyadic::Dyadic;
pub use error::NumberError;
pub use nimber::Nimber;
pub use num_bigint::{BigInt, BigUint};
pub use sign_expansion::SignExpansion;
