//! The Nash equilibrium question: the methods by name, dispatched, every answer checked by
//! the definition, reported — for normal-form games and for extensive games.
//!
//! - [`method`]: the methods of `conway nash` and the options that go with each.
//! - [`normal`]: [`equilibria`] of a normal-form game by one method (the algorithms are in
//!   [`crate::two_player`], [`crate::n_player`] and the sequence form's Lemke path).
//! - [`extensive`]: [`extensive_equilibria`] of a tree — any method on its reduced normal
//!   form, or the sequence form — reported as behaviour profiles;
//!   [`subgames`]: subgame-perfect equilibria by solving subgames from the leaves up.
//! - [`report`]: [`NashReport`], the answer a front end renders.
//!
//! Layer: the top of the crate; uses every solver group, and none of them uses it.

pub mod extensive;
pub mod method;
pub mod normal;
pub mod report;
pub mod subgames;

pub use extensive::extensive_equilibria;
pub use method::{Method, Options};
pub use normal::{equilibria, equilibria_on_ranks, solve, Solution, Trace};
pub use report::{
    BehaviourTexts, InfosetReport, NashReport, NashSubsetReport, PathPointReport, TraceReport,
    UnsettledReport,
};
