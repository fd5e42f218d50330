//! The expression language of `conway eval`, the REPL, worksheets and Python: CGSuite's
//! notation for games, numbers and functions. [`syntax`] parses a text into an [`syntax::Expr`]
//! (syntax only); [`eval`] gives it meaning in a [`conway_partizan::Store`] — game values, the
//! rulesets' functions, loopy games, misère quotients — and builds the report `conway eval`
//! prints.
//!
//! The last of the game-value crates: it names `conway-partizan`, `conway-loopy` and
//! `conway-rulesets`, and none of them names it outside their integration tests.

pub mod eval;
pub mod syntax;
