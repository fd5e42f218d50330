//! Reading and writing games: Gambit's `.nfg` and `.efg` files, payoff matrices, and the
//! game a request names.
//!
//! - [`nfg`]: `.nfg` files (payoff and outcome versions) and payoff matrices.
//! - [`efg`]: `.efg` files, read into an [`crate::extensive::ExtensiveGame`].
//! - [`input`]: the game of a request — a `.nfg` or `.efg` file, or matrices inline or in
//!   CSV files.
//!
//! Both file formats share one tokenizer (`gambit_tokens`), so quoting, numbers and the
//! located errors (line and column) are the same in both.
//!
//! Layer: above [`crate::extensive`] (it builds trees) and the game types; no solver
//! depends on it.

pub mod efg;
mod gambit_tokens;
pub mod input;
pub mod nfg;
