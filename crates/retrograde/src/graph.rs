//! What the retrograde engine solves: a finite two-player game with alternating turns over
//! a dense state index, and the value of a state with optimal play.
//!
//! A state includes whose turn it is, so partizan games (each side with its own moves) and
//! impartial ones fit alike. Values are from the point of view of the player to move.

/// How a terminal state ends for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// The player to move has lost (the opponent has just won).
    Loss,
    /// The player to move has won.
    Win,
    /// The game ended drawn.
    Draw,
}

/// A finite game graph: states `0..num_states()`, each with the states one move leads to.
///
/// A state that is not [`terminal`](GameGraph::terminal) and has no successors is lost by
/// the player to move (normal play).
pub trait GameGraph: Sync {
    /// The number of states.
    fn num_states(&self) -> usize;

    /// Appends to `out` the states reachable in one move from `s` (none for terminals).
    fn successors(&self, s: u32, out: &mut Vec<u32>);

    /// The result of a state where the game is over, `None` when play goes on.
    fn terminal(&self, s: u32) -> Option<Terminal>;

    /// Appends to `out` every non-terminal state with a move into `s` (unmoves), once per
    /// such move, and returns true; or returns false when the game cannot enumerate them,
    /// and the engine builds the reverse graph itself.
    fn predecessors(&self, _s: u32, _out: &mut Vec<u32>) -> bool {
        false
    }
}

/// The value of a state for the player to move with optimal play: the winner wins as fast
/// as possible, the loser loses as slowly as possible; `plies` counts the moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The player to move wins in exactly this many plies.
    Win(u32),
    /// The player to move loses in exactly this many plies.
    Loss(u32),
    /// Neither side can force a win: play goes on forever (or ends in a drawn terminal).
    Draw,
}

/// The most plies a packed value holds.
pub const MAX_PLIES: u32 = (1 << 30) - 1;

const WIN: u32 = 1 << 30;
const LOSS: u32 = 2 << 30;

impl Value {
    /// The value in four bytes: two bits of outcome, thirty of plies; 0 is a draw (and
    /// "not yet known" while solving).
    pub fn pack(self) -> u32 {
        match self {
            Value::Win(d) => WIN | d.min(MAX_PLIES),
            Value::Loss(d) => LOSS | d.min(MAX_PLIES),
            Value::Draw => 0,
        }
    }

    /// The value of a packed word.
    pub fn unpack(w: u32) -> Value {
        match w >> 30 {
            1 => Value::Win(w & MAX_PLIES),
            2 => Value::Loss(w & MAX_PLIES),
            _ => Value::Draw,
        }
    }

    /// The plies left, if the game ends.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// A game given by explicit successor lists (tests, small inputs): states with no successor
/// are losses unless listed in `terminals`.
#[derive(Clone, Debug, Default)]
pub struct ExplicitGraph {
    /// `successors[s]`: the states one move from `s`.
    pub successors: Vec<Vec<u32>>,
    /// Terminal results, by state.
    pub terminals: Vec<Option<Terminal>>,
}

impl GameGraph for ExplicitGraph {
    fn num_states(&self) -> usize {
        self.successors.len()
    }

    fn successors(&self, s: u32, out: &mut Vec<u32>) {
        if self.terminal(s).is_none() {
            out.extend_from_slice(&self.successors[s as usize]);
        }
    }

    fn terminal(&self, s: u32) -> Option<Terminal> {
        self.terminals.get(s as usize).copied().flatten()
    }
}

/// Random graphs for property tests: some states terminal (win, loss or draw), cycles
/// everywhere.
#[cfg(test)]
pub(crate) fn arb_graph() -> impl proptest::strategy::Strategy<Value = ExplicitGraph> {
    use proptest::prelude::*;
    (1usize..40).prop_flat_map(|n| {
        (
            proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..4), n),
            proptest::collection::vec(0u8..8, n),
        )
            .prop_map(|(successors, kinds)| ExplicitGraph {
                successors,
                terminals: kinds
                    .into_iter()
                    .map(|k| match k {
                        0 => Some(Terminal::Loss),
                        1 => Some(Terminal::Win),
                        2 => Some(Terminal::Draw),
                        _ => None,
                    })
                    .collect(),
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for v in [
            Value::Win(0),
            Value::Win(77),
            Value::Loss(0),
            Value::Loss(MAX_PLIES),
            Value::Draw,
        ] {
            assert_eq!(Value::unpack(v.pack()), v);
        }
    }
}
