//! Memoised evaluation of a game tree without recursion: Grundy values and outcomes.
//!
//! Positions are explored depth first with an explicit stack, so arbitrarily deep games (a
//! heap of a million stones taken one at a time) cannot overflow the thread's stack. Every
//! position is evaluated once; a position met again while it is still being explored means
//! the game has a cycle, which is reported instead of looping.

use std::collections::HashMap;
use std::hash::BuildHasher;

use rustc_hash::FxHashSet;

use crate::{mex, ImpartialError, ImpartialGame, Outcome};

/// The default number of distinct positions a solver may store.
pub const DEFAULT_POSITION_LIMIT: usize = 20_000_000;

/// How many moves (options generated, one per option of each position expanded) a search
/// may look at in all, and how many it has. The count bounds the time of a search whose
/// positions have many options, which a limit on stored positions alone does not: misère
/// Kayles rows reach two million positions only after hundreds of millions of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBudget {
    /// The most moves allowed.
    pub limit: u64,
    /// The moves looked at so far.
    pub used: u64,
}

impl MoveBudget {
    /// A budget of `limit` moves.
    pub fn new(limit: u64) -> Self {
        MoveBudget { limit, used: 0 }
    }

    /// No limit on moves (the position limit still applies).
    pub fn unlimited() -> Self {
        MoveBudget::new(u64::MAX)
    }

    /// Counts the options of one position expanded (and the expansion itself), or the
    /// error when that passes the limit.
    fn spend(&mut self, options: usize) -> Result<(), ImpartialError> {
        self.used = self.used.saturating_add(options as u64 + 1);
        if self.used > self.limit {
            return Err(ImpartialError::MoveLimit {
                limit: self.limit,
                unit: "moves",
                hint: "use a smaller position".into(),
            });
        }
        Ok(())
    }
}

/// Normal play: a position's Grundy value is the mex of its options' values.
pub fn grundy_rule(options: &[u64]) -> u64 {
    mex(options.iter().copied())
}

/// Misère play, with the value "the player to move wins": a player with no move wins (the
/// last mover lost), and otherwise wins when some option loses for the opponent.
pub fn misere_rule(options: &[bool]) -> bool {
    options.is_empty() || options.iter().any(|&wins| !wins)
}

/// Evaluates `root` bottom-up: a position's value is `combine` of its options' values.
///
/// `memo` keeps values between calls, so several roots share work; so does `moves`, which
/// counts every option generated against its limit. At most `limit` positions are stored.
pub fn evaluate<G, V, S>(
    game: &G,
    root: &G::Position,
    memo: &mut HashMap<G::Position, V, S>,
    limit: usize,
    moves: &mut MoveBudget,
    combine: impl Fn(&[V]) -> V,
) -> Result<V, ImpartialError>
where
    G: ImpartialGame,
    V: Clone,
    S: BuildHasher,
{
    evaluate_sums(
        game,
        root,
        memo,
        limit,
        moves,
        combine,
        None::<fn(&[V]) -> V>,
    )
}

/// [`evaluate`], where a position the game splits into components
/// ([`ImpartialGame::try_components`]) is valued as `sum` of its components' values (the
/// nim-sum of Grundy values, by the Sprague-Grundy theorem) instead of from its options.
/// Without `sum` (misère play, where sums do not decompose), components are not asked for.
pub fn evaluate_sums<G, V, S>(
    game: &G,
    root: &G::Position,
    memo: &mut HashMap<G::Position, V, S>,
    limit: usize,
    moves: &mut MoveBudget,
    combine: impl Fn(&[V]) -> V,
    sum: Option<impl Fn(&[V]) -> V>,
) -> Result<V, ImpartialError>
where
    G: ImpartialGame,
    V: Clone,
    S: BuildHasher,
{
    if let Some(v) = memo.get(root) {
        return Ok(v.clone());
    }
    // A position's children: its components when it is a sum (and sums are valued), else
    // its options; with whether they are components.
    let mut expand = |position: &G::Position| -> Result<(Vec<G::Position>, bool), ImpartialError> {
        if sum.is_some() {
            if let Some(parts) = game.try_components(position)? {
                if parts.len() > 1 {
                    moves.spend(parts.len())?;
                    return Ok((parts, true));
                }
            }
        }
        let options = game.try_options(position)?;
        moves.spend(options.len())?;
        Ok((options, false))
    };
    struct Frame<P, V> {
        position: P,
        options: Vec<P>,
        is_sum: bool,
        values: Vec<V>,
    }
    let mut on_stack: FxHashSet<G::Position> = FxHashSet::default();
    let (options, is_sum) = expand(root)?;
    let mut stack = vec![Frame {
        options,
        is_sum,
        position: root.clone(),
        values: Vec::new(),
    }];
    on_stack.insert(root.clone());
    loop {
        let depth = stack.len();
        let Some(frame) = stack.last_mut() else {
            break;
        };
        let next = frame.values.len();
        if next == frame.options.len() {
            let value = match (&sum, frame.is_sum) {
                (Some(sum), true) => sum(&frame.values),
                _ => combine(&frame.values),
            };
            let done = stack.pop().expect("stack is non-empty inside the loop");
            on_stack.remove(&done.position);
            if memo.len() >= limit {
                return Err(past_limit(limit));
            }
            memo.insert(done.position, value.clone());
            match stack.last_mut() {
                Some(parent) => parent.values.push(value),
                None => return Ok(value),
            }
            continue;
        }
        let child = &frame.options[next];
        if let Some(v) = memo.get(child) {
            let v = v.clone();
            frame.values.push(v);
            continue;
        }
        if !on_stack.insert(child.clone()) {
            return Err(ImpartialError::Cycle);
        }
        // Positions on the path count too: a game whose positions go on for ever (a new
        // one at every move) is refused here rather than growing the path without end.
        if memo.len() + depth >= limit {
            return Err(past_limit(limit));
        }
        let child = child.clone();
        let (options, is_sum) = expand(&child)?;
        stack.push(Frame {
            options,
            is_sum,
            position: child,
            values: Vec::new(),
        });
    }
    unreachable!("the loop returns when the root frame is popped")
}

/// The nim-sum of Grundy values: the value of a sum of impartial games.
pub fn nim_sum_rule(components: &[u64]) -> u64 {
    components.iter().fold(0, |x, &g| x ^ g)
}

/// The options of `position` whose value is a loss for the player to move there (`is_loss`):
/// the winning moves, each once, in the order the game lists them. Values are found with
/// [`evaluate_sums`] (`sum` as there), sharing `memo` and `moves`.
#[allow(clippy::too_many_arguments)]
pub fn winning_options<G, V, S>(
    game: &G,
    position: &G::Position,
    memo: &mut HashMap<G::Position, V, S>,
    limit: usize,
    moves: &mut MoveBudget,
    combine: impl Fn(&[V]) -> V + Copy,
    sum: Option<impl Fn(&[V]) -> V + Copy>,
    is_loss: impl Fn(&V) -> bool,
) -> Result<Vec<G::Position>, ImpartialError>
where
    G: ImpartialGame,
    V: Clone,
    S: BuildHasher,
{
    let mut winning = Vec::new();
    for option in game.try_options(position)? {
        let value = evaluate_sums(game, &option, memo, limit, moves, combine, sum)?;
        if is_loss(&value) && !winning.contains(&option) {
            winning.push(option);
        }
    }
    Ok(winning)
}

/// A memoised evaluator of one game: values of type `V` combined bottom-up.
///
/// Use it as [`GrundySolver`] (Grundy values) or [`MisereSolver`] (misère outcomes).
pub struct Solver<'g, G: ImpartialGame, V> {
    game: &'g G,
    memo: HashMap<G::Position, V>,
    limit: usize,
    combine: fn(&[V]) -> V,
    is_loss: fn(&V) -> bool,
}

/// Grundy values of a game's positions, memoised across queries.
pub type GrundySolver<'g, G> = Solver<'g, G, u64>;

/// Misère-play outcomes (the player who makes the last move loses), by exhaustive search;
/// the stored value says whether the player to move wins.
pub type MisereSolver<'g, G> = Solver<'g, G, bool>;

impl<'g, G: ImpartialGame, V: Clone> Solver<'g, G, V> {
    /// A solver whose values follow `combine` (a position's value from its options' values)
    /// and `is_loss` (whether a value means the player to move loses).
    fn from_rules(
        game: &'g G,
        limit: usize,
        combine: fn(&[V]) -> V,
        is_loss: fn(&V) -> bool,
    ) -> Self {
        Solver {
            game,
            memo: HashMap::new(),
            limit,
            combine,
            is_loss,
        }
    }

    fn value(&mut self, position: &G::Position) -> Result<V, ImpartialError> {
        evaluate(
            self.game,
            position,
            &mut self.memo,
            self.limit,
            &mut MoveBudget::unlimited(),
            self.combine,
        )
    }

    /// The options that are losses for the player who moves next: the winning moves.
    pub fn winning_options(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, ImpartialError> {
        winning_options(
            self.game,
            position,
            &mut self.memo,
            self.limit,
            &mut MoveBudget::unlimited(),
            self.combine,
            None::<fn(&[V]) -> V>,
            self.is_loss,
        )
    }

    /// The outcome under this solver's play convention.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, ImpartialError> {
        let v = self.value(position)?;
        Ok(Outcome::from_next_player_wins(!(self.is_loss)(&v)))
    }

    /// How many positions have been evaluated so far.
    pub fn positions_evaluated(&self) -> usize {
        self.memo.len()
    }
}

impl<'g, G: ImpartialGame> Solver<'g, G, u64> {
    /// A Grundy solver with the default position limit.
    pub fn new(game: &'g G) -> Self {
        Self::with_limit(game, DEFAULT_POSITION_LIMIT)
    }

    /// A Grundy solver that refuses to store more than `limit` positions.
    pub fn with_limit(game: &'g G, limit: usize) -> Self {
        Self::from_rules(game, limit, grundy_rule, |&g| g == 0)
    }

    /// The Grundy value: the mex of the values of the options.
    pub fn grundy(&mut self, position: &G::Position) -> Result<u64, ImpartialError> {
        self.value(position)
    }
}

impl<'g, G: ImpartialGame> Solver<'g, G, bool> {
    /// A misère solver with the default position limit.
    pub fn new(game: &'g G) -> Self {
        Self::with_limit(game, DEFAULT_POSITION_LIMIT)
    }

    /// A misère solver that refuses to store more than `limit` positions.
    pub fn with_limit(game: &'g G, limit: usize) -> Self {
        Self::from_rules(game, limit, misere_rule, |&wins| !wins)
    }
}

/// The refusal of a search that meets more than `limit` positions (or a game that goes on
/// for ever through new ones).
fn past_limit(limit: usize) -> ImpartialError {
    ImpartialError::PositionLimit {
        limit,
        hint: "use a smaller position or the game's closed form".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heaps of a subtraction game {1, 2}, written as plain integers.
    struct TakeOneOrTwo;
    impl ImpartialGame for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=2).filter(|s| s <= n).map(|s| n - s).collect()
        }
    }

    struct TwoCycle;
    impl ImpartialGame for TwoCycle {
        type Position = u8;
        fn options(&self, p: &u8) -> Vec<u8> {
            vec![1 - p]
        }
    }

    /// Kayles positions as sorted rows of pins: a move knocks one pin or two adjacent ones
    /// down, perhaps splitting a row; each row is a component.
    struct KaylesRows;
    impl ImpartialGame for KaylesRows {
        type Position = Vec<u8>;
        fn options(&self, rows: &Vec<u8>) -> Vec<Vec<u8>> {
            let mut options = Vec::new();
            for (j, &n) in rows.iter().enumerate() {
                for k in 1..=2u8.min(n) {
                    for left in 0..=n - k {
                        let mut next: Vec<u8> = rows.clone();
                        next.remove(j);
                        next.extend([left, n - k - left].into_iter().filter(|&r| r > 0));
                        next.sort_unstable();
                        options.push(next);
                    }
                }
            }
            options
        }
        fn try_components(&self, rows: &Vec<u8>) -> Result<Option<Vec<Vec<u8>>>, ImpartialError> {
            Ok(Some(rows.iter().map(|&r| vec![r]).collect()))
        }
    }

    proptest::proptest! {
        /// Valuing a sum by the nim-sum of its components gives what searching its moves
        /// gives (the Sprague-Grundy theorem, as an oracle for the decomposition).
        #[test]
        fn sums_valued_by_components_match_the_search(
            mut rows in proptest::collection::vec(1u8..7, 0..4),
        ) {
            rows.sort_unstable();
            let mut budget = MoveBudget::unlimited();
            let mut all = HashMap::new();
            let searched =
                evaluate(&KaylesRows, &rows, &mut all, 1 << 20, &mut budget, grundy_rule)
                    .unwrap();
            let mut memo = HashMap::new();
            let summed = evaluate_sums(
                &KaylesRows, &rows, &mut memo, 1 << 20, &mut budget, grundy_rule,
                Some(nim_sum_rule),
            )
            .unwrap();
            proptest::prop_assert_eq!(summed, searched);
            // Sums are not searched, so no more positions are stored than by the search.
            proptest::prop_assert!(memo.len() <= all.len());
        }
    }

    #[test]
    fn deep_games_need_no_recursion() {
        let mut solver = GrundySolver::new(&TakeOneOrTwo);
        assert_eq!(solver.grundy(&1_000_000).unwrap(), 1_000_000 % 3);
        assert_eq!(solver.outcome(&999_999).unwrap(), Outcome::P);
        assert_eq!(solver.winning_options(&7).unwrap(), vec![6]);
    }

    #[test]
    fn cycles_and_limits_are_reported() {
        assert!(matches!(
            GrundySolver::new(&TwoCycle).grundy(&0),
            Err(ImpartialError::Cycle)
        ));
        let err = GrundySolver::with_limit(&TakeOneOrTwo, 10).grundy(&100);
        assert!(matches!(
            err,
            Err(ImpartialError::PositionLimit { limit: 10, .. })
        ));
    }

    /// A move budget stops a search whose positions are few but whose moves are many, and
    /// is shared by the roots evaluated with it.
    #[test]
    fn move_budgets_bound_the_work() {
        let mut memo = HashMap::new();
        let mut budget = MoveBudget::new(100);
        let mex_of = |vs: &[u64]| mex(vs.iter().copied());
        // 1 + 2·n moves for heap n (each heap's expansion and its two options, fewer at 0, 1).
        assert_eq!(
            evaluate(&TakeOneOrTwo, &30, &mut memo, 1000, &mut budget, mex_of).unwrap(),
            0
        );
        assert_eq!(budget.used, 31 + 2 * 29 + 1);
        let err = evaluate(&TakeOneOrTwo, &60, &mut memo, 1000, &mut budget, mex_of).unwrap_err();
        assert!(matches!(err, ImpartialError::MoveLimit { limit: 100, .. }));
        assert!(budget.used <= 100 + 3, "{}", budget.used);
    }

    #[test]
    fn misere_take_one_or_two() {
        // Misère subtraction {1,2}: the player to move loses iff n ≡ 1 (mod 3).
        let mut solver = MisereSolver::new(&TakeOneOrTwo);
        for n in 0..30u64 {
            let expected = if n % 3 == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.outcome(&n).unwrap(), expected, "n = {n}");
        }
    }
}
