//! Evolutionary game theory on symmetric two-player games.
//!
//! - [`ess`]: evolutionarily stable strategies (exact second-order conditions,
//!   [`copositive`] for the non-regular case) — `conway ess`.
//! - [`dynamics`]: replicator dynamics — trajectories, exact rest points and their
//!   stability; [`replicator`]: the reports of rest points and of a checked trajectory
//!   request — `conway replicator`.
//! - [`stable`]: stochastically stable states of the KMR / Young dynamic (recurrent
//!   classes, least resistances, minimum arborescences) — `conway stable`.
//!
//! Layer: uses only the game types and [`crate::linalg`].

pub mod copositive;
pub mod dynamics;
pub mod ess;
pub mod replicator;
pub mod stable;
