//! Strategic (normal-form) games, exactly: Gambit's `.nfg` files, Nash equilibria by
//! several methods, each checked by the definition.
//!
//! Each question has one entry point that takes the game and plain options and returns a
//! report ([`report`]) that front ends render as text or serialize as JSON:
//! [`nash::equilibria`], [`ess::analyse`], [`stable::analyse`], [`replicator::rest_points`]
//! and [`replicator::trajectory`]; [`input`] reads the game a request names.
//!
//! - [`game`]: the game, mixed profiles, the exact equilibrium test.
//! - [`nfg`]: reading and writing `.nfg` files (payoff and outcome versions), payoff matrices.
//! - [`input`]: the game of a request — a `.nfg` or `.efg` file, or matrices inline or in
//!   CSV files.
//! - [`nash`]: the methods by name, dispatched, every answer checked.
//! - [`extensive`]: extensive-form games (Gambit's `.efg`): the reduced normal form,
//!   behaviour profiles, subgame-perfect equilibria.
//! - [`pure`]: pure equilibria of n-player games.
//! - [`vertex`]: every extreme equilibrium of a two-player game by vertex enumeration:
//!   lexicographic reverse search over one best-response polytope (`reverse_search`) and
//!   the complementary face of the other per vertex (`equilibrium_search`), in bounded
//!   memory on every core; degenerate games included.
//! - [`lh`]: Lemke–Howson with the lexicographic rule, and all equilibria it reaches.
//! - [`support`]: support enumeration, the oracle for nondegenerate games.
//! - [`enumpoly`]: every equilibrium of an n-player game by support enumeration and the
//!   polynomial system of each support ([`support_system`]), solved with certified interval
//!   Newton tests ([`krawczyk`], [`interval`]): exact where rational, otherwise certified to
//!   any number of digits.
//! - [`logit`]: the principal branch of logit quantal response equilibria, followed from
//!   the centroid in floating point ([`float_game`]); its end made an exact or certified
//!   equilibrium by [`nearby`]; [`simpdiv`]: simplicial subdivision (Merrill's restart
//!   algorithm), its end made exact the same way.
//! - [`ess`]: evolutionarily stable strategies of symmetric games (exact second-order
//!   conditions, [`copositive`] for the non-regular case).
//! - [`dynamics`]: replicator dynamics — trajectories, exact rest points and their stability;
//!   [`replicator`]: the reports of rest points and of a checked trajectory request.
//! - [`stable`]: stochastically stable states of the KMR / Young dynamic (recurrent
//!   classes, least resistances, minimum arborescences).
//! - [`zero_sum`]: the value and optimal strategies of zero-sum games by exact linear
//!   programming.
//! - [`linalg`]: exact linear algebra over the rationals; [`random`]: reproducible random
//!   games for benchmarks.
//!
//! Nothing here prints or parses command lines.

pub mod copositive;
pub mod decimal;
mod distributed_search;
pub mod dynamics;
pub mod enumpoly;
mod equilibrium_search;
mod error;
pub mod ess;
pub mod extensive;
pub mod float_game;
mod gambit_tokens;
pub mod game;
pub mod input;
pub mod interval;
pub mod krawczyk;
pub mod lh;
pub mod linalg;
pub mod logit;
pub mod nash;
pub mod nash_subsets;
pub mod nearby;
pub mod nfg;
pub mod pivot;
pub mod pure;
pub mod random;
pub mod replicator;
pub mod report;
mod reverse_search;
pub mod simpdiv;
pub mod stable;
pub mod support;
pub mod support_system;
#[cfg(test)]
mod testing;
pub mod vertex;
pub mod zero_sum;

pub use error::StrategicError;
pub use game::{MixedProfile, NormalFormGame};
pub use report::{
    EssReport, NashReport, NashSubsetReport, PathPointReport, RestPointEntry, RestPointsReport,
    StableReport, SymmetricEquilibrium, TraceReport, TrajectoryPoint, TrajectoryReport,
    UnsettledReport,
};
