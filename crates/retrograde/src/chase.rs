//! The Easy Chase (TopCoder's problem TheEasyChase): on an n×n board White (Left, moving first) steps one square
//! orthogonally; Black (Right) moves one or two squares in one orthogonal direction, passing
//! over White if need be; whoever moves onto the other's square wins. The winner hurries,
//! the loser stalls: the answer is the winner and the number of plies.
//!
//! A state is (side to move, White's square, Black's square): `2n⁴` states, indexed densely
//! so that the retrograde engine can solve every start position at once. Unmoves are the
//! moves reversed (both pieces' move sets are symmetric), so no reverse graph is stored.

use conway_core::Progress;

use crate::graph::{GameGraph, Terminal, Value};
use crate::solve::{optimal_successor, solve, Solved};
use crate::RetrogradeError;

/// The largest board side: 2·80⁴ ≈ 82 million states, about 700 MB while solving.
pub const MAX_SIDE: u32 = 80;

/// A player of the Easy Chase by the colour of its piece (whose turn it is, who wins);
/// serialized as `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White, Left, moves first.
    White,
    /// Black, Right.
    Black,
}

/// A square, 1-based as the user writes it: (x, y) with 1 ≤ x, y ≤ n.
pub type Square = (u32, u32);

/// The Easy Chase on an n×n board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chase {
    n: u32,
}

const STEPS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Chase {
    /// The game on an n×n board, 2 ≤ n ≤ [`MAX_SIDE`].
    pub fn new(n: u32) -> Result<Self, RetrogradeError> {
        if n < 2 {
            return Err(RetrogradeError::InvalidInput(format!(
                "board side {n}: the chase needs n ≥ 2"
            )));
        }
        if n > MAX_SIDE {
            // 2n⁴ states must fit in memory.
            return Err(RetrogradeError::too_large("board side", n, MAX_SIDE));
        }
        Ok(Chase { n })
    }

    /// The board side.
    pub fn side(&self) -> u32 {
        self.n
    }

    fn cells(&self) -> u32 {
        self.n * self.n
    }

    /// The state index of a position (squares 1-based), checking the squares.
    pub fn state(
        &self,
        to_move: Colour,
        white: Square,
        black: Square,
    ) -> Result<u32, RetrogradeError> {
        for (who, (x, y)) in [("White", white), ("Black", black)] {
            if !(1..=self.n).contains(&x) || !(1..=self.n).contains(&y) {
                return Err(RetrogradeError::InvalidInput(format!(
                    "{who}'s square ({x},{y}) is off the {n}×{n} board (coordinates 1..{n})",
                    n = self.n
                )));
            }
        }
        if white == black {
            return Err(RetrogradeError::InvalidInput(format!(
                "White and Black are both on ({},{}); they must start on different squares",
                white.0, white.1
            )));
        }
        let cell = |(x, y): Square| (x - 1) * self.n + (y - 1);
        Ok(self.index(to_move, cell(white), cell(black)))
    }

    fn index(&self, to_move: Colour, w: u32, b: u32) -> u32 {
        let side = u32::from(to_move == Colour::Black);
        (side * self.cells() + w) * self.cells() + b
    }

    /// The side to move and the squares (1-based) of a state.
    pub fn decode(&self, s: u32) -> (Colour, Square, Square) {
        let cells = self.cells();
        let (b, rest) = (s % cells, s / cells);
        let (w, side) = (rest % cells, rest / cells);
        let square = |c: u32| (c / self.n + 1, c % self.n + 1);
        let side = if side == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        (side, square(w), square(b))
    }

    /// The move from state `before` to state `after` in a player's words: the side that
    /// moved and its piece's squares, `White (1,1)→(2,1)`.
    pub fn describe_move(&self, before: u32, after: u32) -> String {
        let (mover, white, black) = self.decode(before);
        let (_, white_after, black_after) = self.decode(after);
        let (name, from, to) = match mover {
            Colour::White => ("White", white, white_after),
            Colour::Black => ("Black", black, black_after),
        };
        format!("{name} ({},{})→({},{})", from.0, from.1, to.0, to.1)
    }

    /// The cells a piece of `side` reaches from `cell` in one move.
    fn moves(&self, side: Colour, cell: u32, mut visit: impl FnMut(u32)) {
        let (n, x, y) = (
            i64::from(self.n),
            i64::from(cell / self.n),
            i64::from(cell % self.n),
        );
        let reach = if side == Colour::White { 1 } else { 2 };
        for (dx, dy) in STEPS {
            for k in 1..=reach {
                let (nx, ny) = (x + k * dx, y + k * dy);
                if (0..n).contains(&nx) && (0..n).contains(&ny) {
                    visit((nx * n + ny) as u32);
                }
            }
        }
    }

    /// Solves every position of the board.
    pub fn solve(&self, progress: &dyn Progress) -> Result<Solved, RetrogradeError> {
        solve(self, progress)
    }

    /// One optimal line of play from `s`: the states after each ply (a drawn line is cut
    /// after `max_plies`).
    pub fn line(&self, solved: &Solved, s: u32, max_plies: usize) -> Vec<u32> {
        let mut line = Vec::new();
        let mut at = s;
        while line.len() < max_plies {
            match optimal_successor(self, solved, at) {
                Some(next) => {
                    line.push(next);
                    at = next;
                }
                None => break,
            }
        }
        line
    }
}

impl GameGraph for Chase {
    fn num_states(&self) -> usize {
        2 * (self.cells() as usize) * (self.cells() as usize)
    }

    fn successors(&self, s: u32, out: &mut Vec<u32>) {
        let (side, w, b) = self.split(s);
        if w == b {
            return;
        }
        match side {
            Colour::White => self.moves(Colour::White, w, |w2| {
                out.push(self.index(Colour::Black, w2, b))
            }),
            Colour::Black => self.moves(Colour::Black, b, |b2| {
                out.push(self.index(Colour::White, w, b2))
            }),
        }
    }

    fn terminal(&self, s: u32) -> Option<Terminal> {
        // Pieces on one square: the player who moved there has won.
        let (_, w, b) = self.split(s);
        (w == b).then_some(Terminal::Loss)
    }

    fn predecessors(&self, s: u32, out: &mut Vec<u32>) -> bool {
        let (side, w, b) = self.split(s);
        match side {
            // Black to move: White has just stepped onto w from a neighbouring square.
            Colour::Black => self.moves(Colour::White, w, |w0| {
                if w0 != b {
                    out.push(self.index(Colour::White, w0, b));
                }
            }),
            Colour::White => self.moves(Colour::Black, b, |b0| {
                if b0 != w {
                    out.push(self.index(Colour::Black, w, b0));
                }
            }),
        }
        true
    }
}

impl Chase {
    fn split(&self, s: u32) -> (Colour, u32, u32) {
        let cells = self.cells();
        let (b, rest) = (s % cells, s / cells);
        let side = if rest / cells == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        (side, rest % cells, b)
    }
}

/// The answer for one start position: who wins (None for a draw) and in how many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseResult {
    /// The winner, or `None` when neither can force a win.
    pub winner: Option<Colour>,
    /// Plies until the capture with optimal play.
    pub plies: Option<u32>,
}

/// The result of a position from its solved value.
pub fn result(chase: &Chase, solved: &Solved, s: u32) -> ChaseResult {
    let (to_move, _, _) = chase.decode(s);
    let other = if to_move == Colour::White {
        Colour::Black
    } else {
        Colour::White
    };
    match solved.value(s) {
        Value::Win(d) => ChaseResult {
            winner: Some(to_move),
            plies: Some(d),
        },
        Value::Loss(d) => ChaseResult {
            winner: Some(other),
            plies: Some(d),
        },
        Value::Draw => ChaseResult {
            winner: None,
            plies: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::value_iteration;
    use conway_core::NoProgress;

    fn answer(n: u32, w: Square, b: Square) -> ChaseResult {
        let chase = Chase::new(n).unwrap();
        let solved = chase.solve(&NoProgress).unwrap();
        result(&chase, &solved, chase.state(Colour::White, w, b).unwrap())
    }

    /// TopCoder's problem TheEasyChase, examples 0–2 (board size, White's square, Black's).
    #[test]
    fn published_examples() {
        let published = [
            (2, (1, 1), (2, 2), Colour::Black, 2),
            (2, (2, 2), (1, 2), Colour::White, 1),
            (3, (1, 1), (3, 3), Colour::Black, 6),
        ];
        for (n, w, b, winner, plies) in published {
            assert_eq!(
                answer(n, w, b),
                ChaseResult {
                    winner: Some(winner),
                    plies: Some(plies)
                },
                "n={n} white {w:?} black {b:?}"
            );
        }
    }

    /// Regression values from this engine on larger boards (the 4×4 board is also checked
    /// state by state against value iteration below).
    #[test]
    fn larger_boards() {
        assert_eq!(
            answer(4, (1, 1), (4, 4)),
            ChaseResult {
                winner: Some(Colour::Black),
                plies: Some(8)
            }
        );
        assert_eq!(
            answer(4, (2, 2), (2, 3)),
            ChaseResult {
                winner: Some(Colour::White),
                plies: Some(1)
            }
        );
        assert_eq!(
            answer(20, (1, 1), (20, 20)),
            ChaseResult {
                winner: Some(Colour::Black),
                plies: Some(56)
            }
        );
    }

    #[test]
    fn engine_matches_value_iteration_on_small_boards() {
        for n in 2..=5 {
            let chase = Chase::new(n).unwrap();
            let solved = chase.solve(&NoProgress).unwrap();
            let oracle = value_iteration(&chase);
            for s in 0..chase.num_states() as u32 {
                assert_eq!(
                    solved.value(s),
                    oracle[s as usize],
                    "n={n} {:?}",
                    chase.decode(s)
                );
            }
        }
    }

    #[test]
    fn unmoves_are_moves_reversed() {
        let chase = Chase::new(5).unwrap();
        let mut fwd: Vec<(u32, u32)> = Vec::new();
        let mut buf = Vec::new();
        for s in 0..chase.num_states() as u32 {
            buf.clear();
            chase.successors(s, &mut buf);
            fwd.extend(buf.iter().map(|&t| (s, t)));
        }
        let mut back: Vec<(u32, u32)> = Vec::new();
        for t in 0..chase.num_states() as u32 {
            buf.clear();
            chase.predecessors(t, &mut buf);
            back.extend(buf.iter().map(|&s| (s, t)));
        }
        fwd.sort_unstable();
        back.sort_unstable();
        assert_eq!(fwd, back);
    }

    #[test]
    fn bad_positions_are_refused() {
        assert!(Chase::new(1).is_err());
        assert_eq!(
            Chase::new(MAX_SIDE + 1).unwrap_err().to_string(),
            "board side is 81, more than the limit of 80"
        );
        let c = Chase::new(4).unwrap();
        assert!(c.state(Colour::White, (0, 1), (2, 2)).is_err());
        assert!(c.state(Colour::White, (1, 1), (5, 2)).is_err());
        assert!(c.state(Colour::White, (3, 3), (3, 3)).is_err());
        let s = c.state(Colour::Black, (1, 2), (3, 4)).unwrap();
        assert_eq!(c.decode(s), (Colour::Black, (1, 2), (3, 4)));
    }

    #[test]
    fn optimal_line_has_the_announced_length() {
        let chase = Chase::new(6).unwrap();
        let solved = chase.solve(&NoProgress).unwrap();
        let s = chase.state(Colour::White, (1, 1), (6, 6)).unwrap();
        let r = result(&chase, &solved, s);
        let line = chase.line(&solved, s, 1000);
        assert_eq!(Some(line.len() as u32), r.plies);
        let (_, w, b) = chase.decode(*line.last().unwrap());
        assert_eq!(w, b, "the line ends with a capture");
    }

    #[test]
    fn a_stop_request_interrupts_the_solve_part_way() {
        let chase = Chase::new(12).unwrap();
        let stop = conway_core::StopAfter::units(1000);
        assert!(matches!(
            chase.solve(&stop),
            Err(RetrogradeError::Interrupted)
        ));
        // It heard at least one report and stopped long before the 41,472 states were done.
        assert!(stop.reports() >= 1);
    }
}
