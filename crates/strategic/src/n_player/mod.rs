//! Algorithms for games with any number of players.
//!
//! - [`pure`]: pure equilibria.
//! - [`enumpoly`]: every equilibrium by support enumeration and the polynomial system of
//!   each support ([`support_system`]), solved with certified interval Newton tests
//!   ([`krawczyk`], [`interval`]): exact where rational, otherwise certified to any number
//!   of digits.
//! - [`logit`]: the principal branch of logit quantal response equilibria, followed from
//!   the centroid in floating point ([`float_game`]); [`simpdiv`]: simplicial subdivision
//!   (Merrill's restart algorithm). Each path's end is made an exact or certified
//!   equilibrium by [`nearby`].
//!
//! Layer: uses the game types, [`crate::linalg`] and, for two-player ends of a path,
//! [`crate::two_player::support`]; only [`crate::nash`] and [`crate::extensive`] use it.

pub mod enumpoly;
pub mod float_game;
pub mod interval;
pub mod krawczyk;
pub mod logit;
pub mod nearby;
pub mod pure;
pub mod simpdiv;
pub mod support_system;
