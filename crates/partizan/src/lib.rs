//! Partizan games: games where Left and Right have different moves.
//!
//! The heart is the [`Store`] of canonical forms (hash-consed, with number-up-star values in
//! closed form) and its operations: sums, negatives, comparison and outcome classes. Around it:
//! CGSuite-style printing ([`print`](mod@print)), the textbook oracle ([`naive`]) that the store is
//! tested against, and what is computed from a canonical form: thermography ([`thermal`]),
//! infinitesimals, ordinal sums, compounds and CGSuite's properties.
//!
//! Layers, each group using only those before it (`crates/core/tests/module_layers.rs`
//! checks): [`rules`] (on its own), [`stack`], `Player`, the errors, [`store`], [`naive`], [`ordinal`], [`thermal`],
//! [`properties`], [`print`](mod@print), [`infinitesimal`], [`compound`].
//!
//! The first of the game-value crates: loopy games (`conway-loopy`), games given by their
//! rules (`conway-rulesets`) and the expression language (`conway-expr`) build on it.

pub mod compound;
mod error;
pub mod infinitesimal;
pub mod naive;
pub mod ordinal;
mod player;
pub mod print;
pub mod properties;
pub mod rules;
pub mod stack;
pub mod store;
pub mod thermal;

pub use error::PartizanError;
pub use player::Player;
pub use store::compare::{Outcome, Relation};
pub use store::{GameId, Nus, Store};
