//! Strategic games, exactly: normal-form and extensive games (Gambit's `.nfg` and `.efg`
//! files), Nash equilibria by several methods each checked by the definition, and
//! evolutionary game theory (ESS, replicator dynamics, stochastic stability).
//!
//! # Public API
//!
//! Each question front ends ask has one entry point that takes the game and plain options
//! and returns a report that serializes (serde) to the JSON of the CLI contract:
//!
//! - **Nash equilibria** → [`NashReport`]: [`nash::equilibria`] (normal form),
//!   [`nash::equilibria_on_ranks`] (vertex enumeration over the ranks of a distributed
//!   run), [`nash::extensive_equilibria`] (trees).
//! - **Evolutionarily stable strategies** → [`EssReport`]: [`evolutionary::ess::analyse`].
//! - **Stochastically stable states** → [`StableReport`]: [`evolutionary::stable::analyse`].
//! - **Replicator dynamics** → [`RestPointsReport`], [`TrajectoryReport`]:
//!   [`evolutionary::replicator::rest_points`], [`evolutionary::replicator::trajectory`].
//! - **The game of a request** → [`NormalFormGame`] or [`formats::input::AnyGame`]:
//!   [`formats::input::read_any_game`], [`formats::input::read_game`],
//!   [`formats::input::read_symmetric_game`], [`formats::input::parse_any`].
//!
//! Errors are [`StrategicError`], each with the kind (and exit code) the CLI contract
//! gives it. The reports and the game types are re-exported here. The algorithm modules
//! are public as well, for benchmarks and for callers who want one method's own result
//! (e.g. [`two_player::vertex::extreme_equilibria`]); what they return is checked by the
//! entry points above, not by them.
//!
//! # Code map, in layers
//!
//! Each group uses only the groups listed before it (a test, `crates/core/tests/module_layers.rs`, keeps it
//! so):
//!
//! 1. [`game`] (the game, mixed profiles, exact texts and numbers), [`linalg`] (exact
//!    linear algebra), [`decimal`] (exact rounding), [`random`] (reproducible random
//!    games), [`StrategicError`].
//! 2. [`two_player`]: vertex enumeration, Lemke–Howson, support enumeration, zero-sum LP,
//!    maximal Nash subsets. [`evolutionary`]: ESS, replicator dynamics, stochastic
//!    stability.
//! 3. [`n_player`]: pure equilibria, polynomial systems with certified interval Newton
//!    tests, logit and simplicial subdivision paths made exact.
//! 4. [`extensive`]: the tree, reduced normal form, behaviour profiles, sequence form and
//!    its Lemke path.
//! 5. [`formats`]: `.nfg` and `.efg` files, matrices, the game of a request.
//! 6. [`nash`]: the methods by name, dispatched, checked and reported.
//! 7. [`pasted`]: what a game pasted into a worksheet answers (equilibria and, when
//!    symmetric, ESS verdicts).
//!
//! Nothing here prints or parses command lines.

pub mod decimal;
mod error;
pub mod evolutionary;
pub mod extensive;
pub mod formats;
pub mod game;
pub mod linalg;
pub mod n_player;
pub mod nash;
pub mod pasted;
pub mod random;
#[cfg(test)]
mod testing;
pub mod two_player;

pub use error::StrategicError;
pub use evolutionary::ess::{EssReport, SymmetricEquilibrium};
pub use evolutionary::replicator::{
    RestPointEntry, RestPointsReport, TrajectoryPoint, TrajectoryReport,
};
pub use evolutionary::stable::StableReport;
pub use game::{MixedProfile, NormalFormGame};
pub use nash::report::{
    NashReport, NashSubsetReport, PathPointReport, TraceReport, UnsettledReport,
};
pub use pasted::PastedGameReport;
