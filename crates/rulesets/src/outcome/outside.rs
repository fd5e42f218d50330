//! Who wins a position of a ruleset given from outside the library (its moves listed by
//! [`Rules`], its positions written by [`Notation`]: a user's Python class), by the same
//! search as the built-in rulesets: [`super::ruleset`]'s, with its transposition table, its
//! components and its small components valued. And who wins its misère play, by a search of
//! the position's own moves (neither canonical forms nor components keep misère outcomes).
//!
//! The outcome search asks positions for their moves by methods that cannot fail
//! ([`crate::Position`]); a ruleset from outside may fail (a callback raises). The adapter
//! [`Outside`] keeps the first failure, answers every later question with no moves, and
//! stops the search at its next look at the progress hook; the failure is returned instead
//! of any answer. A ruleset whose play never ends is refused by the search's bound on the
//! length of a line of play ([`super::ruleset::MAX_PLAY_LENGTH`]), and by the misère search
//! as a cycle.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use conway_core::{Progress, Work};
use conway_partizan::rules::Rules;
use conway_partizan::{Outcome, PartizanError, Player, Store};
use rustc_hash::{FxHashMap, FxHashSet};

use super::ruleset::{winner_resuming, Ask};
use super::{Resume, WinnerReport};
use crate::moves::Described;
use crate::search::SearchError;
use crate::{PartizanGame, Position};

/// A ruleset from outside that writes its positions.
pub trait Notation: Rules {
    /// Its name, as reports write it.
    fn name(&self) -> String;
    /// A position in the ruleset's notation.
    fn written(&self, position: &Self::Position) -> Result<String, Self::Error>;
}

/// Why a search of a ruleset from outside gave no answer.
#[derive(Debug)]
pub enum OutsideError<E> {
    /// The ruleset failed to list moves or write a position.
    Ruleset(E),
    /// The search did: out of budget, stopped, or play too long.
    Game(PartizanError),
}

/// Who wins `position` of `rules` when each player starts, by the outcome search of every
/// ruleset ([`super::ruleset::winner`]), asked as it is asked.
pub fn winner<R: Notation>(
    store: &mut Store,
    rules: &R,
    position: &R::Position,
    ask: Ask,
) -> Result<WinnerReport, OutsideError<R::Error>> {
    let shared = Shared {
        rules,
        failure: RefCell::new(None),
        failed: AtomicBool::new(false),
    };
    let root = Outside {
        position: position.clone(),
        shared: &shared,
    };
    let watch = Watch {
        asked: ask.progress,
        failed: &shared.failed,
    };
    let notation = root.expression();
    let ask = Ask {
        progress: &watch,
        ..ask
    };
    let (answer, _) = winner_resuming(
        store,
        (&rules.name(), notation),
        &root,
        ask,
        Resume::afresh(),
    );
    if let Some(error) = shared.failure.take() {
        return Err(OutsideError::Ruleset(error));
    }
    answer.map_err(OutsideError::Game)
}

/// The ruleset and its first failure, shared by every position of one search.
struct Shared<'r, R: Notation> {
    rules: &'r R,
    failure: RefCell<Option<R::Error>>,
    /// Whether there is a failure, for the progress hook (which must be `Sync`).
    failed: AtomicBool,
}

impl<R: Notation> Shared<'_, R> {
    /// What `ask` answers, or after a failure (this one or an earlier) the default.
    fn attempt<T: Default>(&self, ask: impl FnOnce(&R) -> Result<T, R::Error>) -> T {
        if self.failed.load(Ordering::Relaxed) {
            return T::default();
        }
        ask(self.rules).unwrap_or_else(|error| {
            *self.failure.borrow_mut() = Some(error);
            self.failed.store(true, Ordering::Relaxed);
            T::default()
        })
    }
}

/// A position of a ruleset from outside, as the search sees it: equal and hashed as the
/// position alone.
struct Outside<'s, 'r, R: Notation> {
    position: R::Position,
    shared: &'s Shared<'r, R>,
}

impl<R: Notation> Clone for Outside<'_, '_, R> {
    fn clone(&self) -> Self {
        Outside {
            position: self.position.clone(),
            shared: self.shared,
        }
    }
}

impl<R: Notation> PartialEq for Outside<'_, '_, R> {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}

impl<R: Notation> Eq for Outside<'_, '_, R> {}

impl<R: Notation> Hash for Outside<'_, '_, R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.position.hash(state);
    }
}

impl<R: Notation> Outside<'_, '_, R> {
    fn at(&self, position: R::Position) -> Self {
        Outside {
            position,
            shared: self.shared,
        }
    }

    fn moves(&self, player: Player) -> Vec<Self> {
        let listed = self.shared.attempt(|rules| match player {
            Player::Left => rules.left_moves(&self.position),
            Player::Right => rules.right_moves(&self.position),
        });
        listed.into_iter().map(|p| self.at(p)).collect()
    }
}

impl<R: Notation> Position for Outside<'_, '_, R> {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl<R: Notation> PartizanGame for Outside<'_, '_, R> {
    fn components(&self) -> Vec<Self> {
        let parts = self
            .shared
            .attempt(|rules| rules.components(&self.position));
        match parts {
            Some(parts) if parts.len() > 1 => parts.into_iter().map(|p| self.at(p)).collect(),
            _ => vec![self.clone()],
        }
    }
}

impl<R: Notation> Described for Outside<'_, '_, R> {
    fn expression(&self) -> String {
        self.shared.attempt(|rules| rules.written(&self.position))
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        (self.moves(player).into_iter())
            .map(|after| {
                (
                    format!("{} moves to {}", player.name(), after.expression()),
                    after,
                )
            })
            .collect()
    }
}

/// The caller's progress hook, which also stops the search once the ruleset has failed.
struct Watch<'a> {
    asked: &'a dyn Progress,
    failed: &'a AtomicBool,
}

impl Progress for Watch<'_> {
    fn report(&self, work: Work) -> ControlFlow<()> {
        if self.failed.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        self.asked.report(work)
    }
}

/// How many positions the misère search expands between two reports to the progress hook.
const MISERE_REPORT_EVERY: usize = 1 << 10;

/// The misère outcome class of `position` (the player who cannot move wins), by a search of
/// its own moves that keeps its own stack: each position met with each player to move is
/// decided once, and at most `limit` are remembered.
pub fn misere_outcome<R: Rules>(
    rules: &R,
    position: &R::Position,
    limit: usize,
    progress: &dyn Progress,
) -> Result<Outcome, SearchError<R::Error>> {
    let mut search = MisereSearch {
        rules,
        decided: FxHashMap::default(),
        limit,
        expanded: 0,
        progress,
    };
    let left_first = search.wins(position, Player::Left)?;
    // Left wins moving second when Right loses moving first.
    let left_second = !search.wins(position, Player::Right)?;
    Ok(WinnerReport::class(left_first, left_second))
}

struct MisereSearch<'a, R: Rules> {
    rules: &'a R,
    /// Whether the player to move wins, by position and mover.
    decided: FxHashMap<(R::Position, Player), bool>,
    limit: usize,
    expanded: usize,
    progress: &'a dyn Progress,
}

/// A position on the misère search's path: its mover's moves and the next one to try.
struct MisereFrame<P> {
    position: P,
    mover: Player,
    moves: Vec<P>,
    next: usize,
}

impl<R: Rules> MisereSearch<'_, R> {
    /// Whether `mover` wins `root` moving first in misère play.
    fn wins(&mut self, root: &R::Position, mover: Player) -> Result<bool, SearchError<R::Error>> {
        if let Some(&known) = self.decided.get(&(root.clone(), mover)) {
            return Ok(known);
        }
        let mut path: FxHashSet<(R::Position, Player)> = FxHashSet::default();
        let mut stack = vec![self.expand(root, mover)?];
        path.insert((root.clone(), mover));
        // The verdict of the child just decided, for the frame on top.
        let mut finished: Option<bool> = None;
        loop {
            let top = stack
                .last_mut()
                .expect("the root is on the stack until decided");
            let step = match finished.take() {
                // The child is lost by its mover: this frame's mover wins.
                Some(false) => Step::Decided(true),
                Some(true) => {
                    top.next += 1;
                    Step::Next
                }
                // A player without a move wins misère play.
                None if top.moves.is_empty() => Step::Decided(true),
                None if top.next == top.moves.len() => Step::Decided(false),
                None => Step::Child((top.moves[top.next].clone(), top.mover.opponent())),
            };
            match step {
                Step::Next => {}
                Step::Decided(wins) => {
                    let done = stack.pop().expect("a frame was decided");
                    let key = (done.position, done.mover);
                    path.remove(&key);
                    self.decided.insert(key, wins);
                    if stack.is_empty() {
                        return Ok(wins);
                    }
                    finished = Some(wins);
                }
                Step::Child(child) => match self.decided.get(&child) {
                    Some(&wins) => finished = Some(wins),
                    None if path.contains(&child) => return Err(SearchError::Cycle),
                    None => {
                        if self.decided.len() + stack.len() >= self.limit {
                            return Err(SearchError::TooManyPositions(self.limit));
                        }
                        stack.push(self.expand(&child.0, child.1)?);
                        path.insert(child);
                    }
                },
            }
        }
    }

    /// A new frame: the mover's moves from `position`.
    fn expand(
        &mut self,
        position: &R::Position,
        mover: Player,
    ) -> Result<MisereFrame<R::Position>, SearchError<R::Error>> {
        self.expanded += 1;
        if self.expanded.is_multiple_of(MISERE_REPORT_EVERY)
            && self
                .progress
                .report(Work::open(self.expanded as u64, "positions"))
                == ControlFlow::Break(())
        {
            return Err(SearchError::Stopped);
        }
        let moves = match mover {
            Player::Left => self.rules.left_moves(position),
            Player::Right => self.rules.right_moves(position),
        }
        .map_err(SearchError::Ruleset)?;
        Ok(MisereFrame {
            position: position.clone(),
            mover,
            moves,
            next: 0,
        })
    }
}

/// What the misère search does next with the frame on top.
enum Step<P> {
    /// Its mover wins (`true`) or loses.
    Decided(bool),
    /// Look at its next move.
    Next,
    /// Decide this child (a position and its mover) first.
    Child((P, Player)),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clobber::Clobber;
    use crate::oracle::{arb_grid, FromOutside};
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn ask() -> Ask<'static> {
        Ask {
            every_move: false,
            budget: None,
            progress: &NoProgress,
            first: None,
        }
    }

    /// Misère play by the definition, recursively: the player who cannot move wins.
    fn misere_wins(board: &Clobber, left: bool) -> bool {
        let moves = if left {
            board.left_moves()
        } else {
            board.right_moves()
        };
        moves.is_empty() || moves.iter().any(|m| !misere_wins(m, !left))
    }

    fn arb_board() -> impl Strategy<Value = String> {
        use crate::clobber::Stone;
        let squares = vec![Stone::Empty, Stone::Black, Stone::White];
        arb_grid(squares, 1..=3, 1..=4).prop_map(|g| g.to_string())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        /// The search of Clobber given from outside finds the built-in search's outcome,
        /// with components or without.
        #[test]
        fn outside_clobber_is_searched_as_clobber(text in arb_board(), split in any::<bool>()) {
            let mut store = Store::new();
            let board = Clobber::read(&text).expect("a board");
            let builtin = super::super::ruleset::winner(&mut store, ("clobber", text.clone()), &board, ask())
                .expect("searched");
            let outside = winner(&mut store, &FromOutside::new(split), &board, ask()).expect("searched");
            prop_assert_eq!(outside.outcome, builtin.outcome);
        }

        /// The misère search agrees with misère play by its definition.
        #[test]
        fn misere_outcomes_follow_the_definition(text in arb_board()) {
            let board = Clobber::read(&text).expect("a board");
            let expected = match (misere_wins(&board, true), misere_wins(&board, false)) {
                (true, true) => Outcome::Next,
                (true, false) => Outcome::Left,
                (false, true) => Outcome::Right,
                (false, false) => Outcome::Previous,
            };
            let rules = FromOutside::new(false);
            let found = misere_outcome(&rules, &board, 1 << 20, &NoProgress).expect("searched");
            prop_assert_eq!(found, expected);
        }
    }

    /// A counter that Left may raise by one up to 3 and Right lower by one: play never ends
    /// when both move; a failing ruleset fails at position 2.
    struct Counter {
        fails: bool,
    }

    impl Rules for Counter {
        type Position = u8;
        type Error = &'static str;

        fn left_moves(&self, &n: &u8) -> Result<Vec<u8>, &'static str> {
            if self.fails && n == 2 {
                return Err("no moves at 2");
            }
            Ok(if n < 3 { vec![n + 1] } else { vec![] })
        }

        fn right_moves(&self, &n: &u8) -> Result<Vec<u8>, &'static str> {
            Ok(if n > 0 { vec![n - 1] } else { vec![] })
        }
    }

    impl Notation for Counter {
        fn name(&self) -> String {
            "counter".to_string()
        }

        fn written(&self, n: &u8) -> Result<String, &'static str> {
            Ok(n.to_string())
        }
    }

    /// Play that never ends is refused by both searches, a failure of the ruleset is
    /// returned as it was raised.
    #[test]
    fn endless_play_and_failures_are_reported() {
        let mut store = Store::new();
        let endless = Counter { fails: false };
        match winner(&mut store, &endless, &1, ask()) {
            Err(OutsideError::Game(PartizanError::TooLarge { what, .. })) => {
                assert!(what.contains("never ends"), "{what}")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            misere_outcome(&endless, &1, 1000, &NoProgress),
            Err(SearchError::Cycle)
        ));
        let failing = Counter { fails: true };
        assert!(matches!(
            winner(&mut store, &failing, &1, ask()),
            Err(OutsideError::Ruleset("no moves at 2"))
        ));
        assert!(matches!(
            misere_outcome(&failing, &2, 1000, &NoProgress),
            Err(SearchError::Ruleset("no moves at 2"))
        ));
    }
}
