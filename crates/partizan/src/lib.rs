//! Partizan games: games where Left and Right have different moves.
//!
//! The heart is the [`Store`] of canonical forms (hash-consed, with number-up-star values in
//! closed form) and its operations: sums, negatives, comparison and outcome classes. Around it:
//! CGSuite-style printing ([`print`]) and the textbook oracle ([`naive`]) that the store is
//! tested against.

pub mod compound;
mod error;
pub mod eval;
pub mod expr;
pub mod infinitesimal;
pub mod loopy;
pub mod naive;
pub mod ordinal;
pub mod outcome;
pub mod print;
pub mod properties;
pub mod rulesets;
pub mod store;
pub mod thermal;

pub use error::PartizanError;
pub use rulesets::{Evaluator, PartizanGame};
pub use store::compare::{Outcome, Relation};
pub use store::{GameId, Nus, Store};
