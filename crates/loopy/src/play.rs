//! Who wins a loopy ruleset position with best play, and how soon: the answer a player
//! needs at the board, where a value such as `2over` says who wins but not which move makes
//! progress (a fox that can win may still step back and forth for ever).
//!
//! Every position the start reaches is explored, each with Left to move and with Right to
//! move, and solved by retrograde analysis: a player who cannot move loses; a position is
//! won when some move leads to a position lost for the opponent, lost when every move leads
//! to one won for the opponent, and drawn (infinite play) otherwise. Solved in order of
//! distance from the end, the winner takes the shortest way and the loser the longest, so
//! each verdict carries the number of moves left with best play. A position whose value the
//! rules know (the fox has slipped past the geese: `off`) is not explored further (unless it
//! is the start): its outcome class decides it, with no moves counted from there.
//!
//! The outcome classes of values agree with these verdicts (a test checks it): Left moving
//! first wins outright exactly when the offside is not ≤ 0, and at least draws when the
//! onside is not.

use std::collections::VecDeque;
use std::hash::Hash;

use rustc_hash::FxHashMap as HashMap;

use conway_partizan::{PartizanError, Store};

use super::properties::{outcome, LoopyOutcome};
use super::ruleset::{
    explore, EvaluationError, Exploration, LoopyRules, LoopyRuleset, OwnMoves, Rules, Target,
    MAX_POSITIONS,
};
use super::Loopy;
use conway_partizan::Player;

/// The result of best play for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayResult {
    /// The player to move wins.
    Win,
    /// Neither player can force a win: play goes on for ever.
    Draw,
    /// The player to move loses.
    Loss,
}

/// The verdict on a position with a given player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Who wins, seen by the player to move.
    pub result: PlayResult,
    /// For a win or a loss: how many moves are left when the winner hurries and the loser
    /// stalls (to the end of play, or to a position whose value the rules know).
    pub plies: Option<u32>,
}

impl Verdict {
    /// The verdict one move earlier, for the player who moved here (the opponent of the
    /// player to move here).
    pub fn before(self) -> Verdict {
        let result = match self.result {
            PlayResult::Win => PlayResult::Loss,
            PlayResult::Draw => PlayResult::Draw,
            PlayResult::Loss => PlayResult::Win,
        };
        Verdict {
            result,
            plies: self.plies.map(|m| m + 1),
        }
    }
}

/// Every position a start reaches, solved for each player to move.
pub struct PlaySolution<G> {
    index: HashMap<G, u32>,
    /// For each position: the verdict with Left to move, then with Right to move.
    verdicts: Vec<[Verdict; 2]>,
}

impl<G: Clone + Eq + Hash> PlaySolution<G> {
    /// The verdict on `position` with `mover` to move; `None` for a position the start
    /// does not reach.
    pub fn verdict(&self, position: &G, mover: Player) -> Option<Verdict> {
        let v = *self.index.get(position)?;
        Some(self.verdicts[v as usize][turn(mover)])
    }

    /// How many positions were solved.
    pub fn positions(&self) -> usize {
        self.verdicts.len()
    }
}

fn turn(mover: Player) -> usize {
    match mover {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// The verdicts of a known value's outcome class, Left to move and Right to move.
fn known_verdicts(class: LoopyOutcome) -> Result<[Verdict; 2], PartizanError> {
    let decided = |result| Verdict {
        result,
        plies: Some(0),
    };
    let (win, loss) = (decided(PlayResult::Win), decided(PlayResult::Loss));
    Ok(match class {
        LoopyOutcome::L => [win, loss],
        LoopyOutcome::R => [loss, win],
        LoopyOutcome::N => [win, win],
        LoopyOutcome::P => [loss, loss],
        _ => {
            return Err(PartizanError::NotApplicable(
                "a ruleset's known value must be a stopper".into(),
            ))
        }
    })
}

/// [`solve_play`] for positions that know their own moves, up to
/// [`MAX_POSITIONS`] positions.
pub fn play_position<G: LoopyRuleset>(
    store: &mut Store,
    start: &G,
) -> Result<PlaySolution<G>, PartizanError> {
    solve_play(&OwnMoves::new(), store, start, MAX_POSITIONS).map_err(|e| match e {
        EvaluationError::Game(error) => error,
        EvaluationError::Rules(never) => match never {},
    })
}

/// Rules that explore the start even when they know its value: a player at the board still
/// has its moves to choose from.
struct FromStart<'a, R: LoopyRules> {
    rules: &'a R,
    start: &'a R::Position,
}

impl<R: LoopyRules> Rules for FromStart<'_, R> {
    type Position = R::Position;
    type Error = R::Error;

    fn left_moves(&self, position: &R::Position) -> Result<Vec<R::Position>, R::Error> {
        self.rules.left_moves(position)
    }

    fn right_moves(&self, position: &R::Position) -> Result<Vec<R::Position>, R::Error> {
        self.rules.right_moves(position)
    }
}

impl<R: LoopyRules> LoopyRules for FromStart<'_, R> {
    fn known_value(&self, position: &R::Position) -> Result<Option<Loopy>, R::Error> {
        if position == self.start {
            return Ok(None);
        }
        self.rules.known_value(position)
    }
}

/// Explores every position `start` reaches under `rules` (at most `limit`; the start's moves
/// even when the rules know its value) and solves them.
pub fn solve_play<R: LoopyRules>(
    rules: &R,
    store: &mut Store,
    start: &R::Position,
    limit: usize,
) -> Result<PlaySolution<R::Position>, EvaluationError<R::Error>> {
    let from_start = FromStart { rules, start };
    let Exploration {
        positions,
        number,
        left,
        right,
        known,
    } = explore(&from_start, store, start, limit, |_| None)?;
    // Positions are found by `number` from here on.
    drop(positions);
    // The rules know few distinct values (Fox and Geese: only `off`): each is judged once.
    let mut judged: Vec<(&Loopy, [Verdict; 2])> = Vec::new();
    let mut fixed = Vec::with_capacity(known.len());
    for known in &known {
        fixed.push(match known {
            Some(value) => Some(match judged.iter().find(|(v, _)| *v == value) {
                Some(&(_, verdicts)) => verdicts,
                None => {
                    let verdicts = known_verdicts(outcome(value, store)?)?;
                    judged.push((value, verdicts));
                    verdicts
                }
            }),
            None => None,
        });
    }
    let verdicts = retrograde([&left, &right], &fixed);
    Ok(PlaySolution {
        index: number,
        verdicts,
    })
}

/// Solves the states (position, player to move) from the ends of play back (see the module
/// doc). A state is numbered 2v (Left to move at v) or 2v + 1 (Right to move).
fn retrograde(moves: [&[Vec<Target>]; 2], fixed: &[Option<[Verdict; 2]>]) -> Vec<[Verdict; 2]> {
    let n = fixed.len();
    // The states that move to each state.
    let mut before: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    for (mover, lists) in moves.iter().enumerate() {
        for (v, targets) in lists.iter().enumerate() {
            for &target in targets {
                let w = match target {
                    Target::New(w) => w,
                    // The exploration starts afresh: every target is one of its own.
                    Target::Valued(_) => unreachable!("nothing was valued before"),
                };
                before[2 * w as usize + (1 - mover)].push((2 * v + mover) as u32);
            }
        }
    }
    let draw = Verdict {
        result: PlayResult::Draw,
        plies: None,
    };
    let mut verdicts = vec![[draw; 2]; n];
    let mut solved = vec![false; 2 * n];
    // Moves not yet known to lose, per state.
    let mut open: Vec<u32> = (0..2 * n)
        .map(|s| moves[s % 2][s / 2].len() as u32)
        .collect();
    // States solved but not yet passed back, in order of the moves left.
    let mut queue: VecDeque<u32> = VecDeque::new();
    for s in 0..2 * n {
        let verdict = match fixed[s / 2] {
            Some(known) => known[s % 2],
            None if open[s] == 0 => Verdict {
                result: PlayResult::Loss,
                plies: Some(0),
            },
            None => continue,
        };
        verdicts[s / 2][s % 2] = verdict;
        solved[s] = true;
    }
    // The ends of play (all with no moves left); the rest follow in order of moves left.
    queue.extend((0..2 * n as u32).filter(|&s| solved[s as usize]));
    while let Some(s) = queue.pop_front() {
        let here = verdicts[s as usize / 2][s as usize % 2];
        let there = here.before();
        for &p in &before[s as usize] {
            let p = p as usize;
            if solved[p] {
                continue;
            }
            match here.result {
                // A move to a lost state wins, as soon as the first is found.
                PlayResult::Loss => {}
                // A move to a won state is one fewer hope; the last one lost decides.
                PlayResult::Win => {
                    open[p] -= 1;
                    if open[p] > 0 {
                        continue;
                    }
                }
                PlayResult::Draw => continue,
            }
            verdicts[p / 2][p % 2] = there;
            solved[p] = true;
            queue.push_back(p as u32);
        }
    }
    verdicts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::LoopyRuleset;

    /// A counter either player may step down by one, or back up when it is odd; at 0 the
    /// rules know the value is 0.
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Counter(u32);

    impl conway_partizan::rules::Position for Counter {
        fn left_moves(&self) -> Vec<Counter> {
            (self.0 > 0)
                .then(|| Counter(self.0 - 1))
                .into_iter()
                .collect()
        }

        fn right_moves(&self) -> Vec<Counter> {
            let mut moves = self.left_moves();
            if self.0 % 2 == 1 {
                moves.push(Counter(self.0 + 1));
            }
            moves
        }
    }

    impl LoopyRuleset for Counter {}

    /// Worked by hand: at 0 the mover loses; at 1 the mover wins in one move (to 0; Right
    /// could also go back up to 2); at 2 either player must go to 1 and loses in two.
    #[test]
    fn a_small_counter_is_solved_by_hand() {
        let mut store = Store::new();
        let solution = play_position(&mut store, &Counter(2)).unwrap();
        let at = |n, mover| solution.verdict(&Counter(n), mover).unwrap();
        let loss = |m| Verdict {
            result: PlayResult::Loss,
            plies: Some(m),
        };
        let win = |m| Verdict {
            result: PlayResult::Win,
            plies: Some(m),
        };
        assert_eq!(at(0, Player::Left), loss(0));
        assert_eq!(at(1, Player::Left), win(1));
        assert_eq!(at(1, Player::Right), win(1));
        assert_eq!(at(2, Player::Left), loss(2));
        assert_eq!(at(2, Player::Right), loss(2));
        assert_eq!(solution.positions(), 3);
        assert_eq!(solution.verdict(&Counter(7), Player::Left), None);
    }

    #[test]
    fn a_limit_is_a_located_refusal() {
        let mut store = Store::new();
        let result = solve_play(&OwnMoves::new(), &mut store, &Counter(50), 10);
        assert!(matches!(
            result,
            Err(EvaluationError::Game(PartizanError::TooLarge { .. }))
        ));
    }
}
