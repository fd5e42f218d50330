//! How deep game arithmetic may recurse: the stack a thread keeps in hand, and the stack
//! every front end gives a thread that evaluates games. Below the store and its errors,
//! which both name them.

/// How much of its stack a thread keeps in hand when game arithmetic recurses: a recursion
/// that would go deeper is refused ([`Store::descend`](crate::Store::descend)) instead of overflowing the stack,
/// which would abort the process. The frames between two checks take far less than this.
pub const STACK_RESERVE: usize = 256 << 10;

/// The stack every front end gives a thread that evaluates games (the CLI's `eval`, the
/// REPL and worksheet cells, the Python package): deep enough for games born a few million
/// days after 0 that are not numbers (numbers of any birthday are closed forms).
pub const EVALUATION_STACK: usize = 1 << 30;
