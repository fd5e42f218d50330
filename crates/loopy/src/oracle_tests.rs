//! Loopy games against retrograde analysis (`conway-retrograde`), which knows nothing of
//! stoppers, sides or simplification: it plays the games.
//!
//! - Comparison: G ≤ H for stoppers exactly when Right, moving first in H − G, cannot win
//!   (a stuck player loses, infinite play is a draw: Left survives).
//! - Simplest forms: a stopper and its simplest form have the same outcome in every sum
//!   with a test stopper, Left first and Right first.
//! - Sides: a game and its onside have the same outcomes in every such sum when infinite
//!   play counts for Left; a game and its offside when it counts for Right.
//! - Play: the verdicts of [`super::play`] (win, draw or loss, and in how many moves) are
//!   the retrograde engine's, and agree with the outcome classes of the values.

use conway_core::NoProgress;
use conway_retrograde::graph::{ExplicitGraph, Terminal, Value};
use conway_retrograde::solve::solve;
use proptest::prelude::*;

use super::graph::Graph;
use super::play::{play_position, PlayResult, Verdict};
use super::properties::{outcome as loopy_outcome, LoopyOutcome};
use super::ruleset::{LoopyEvaluator, LoopyRuleset};
use super::sides::{compare_sides, side as side_of, Side, SideForm};
use super::{canonical, survival, Loopy};
use conway_partizan::Player;
use conway_partizan::Store;

/// The retrograde engine's value of every state of a game graph: state 2v is Left to move
/// at v, 2v + 1 Right to move; a stuck player loses and infinite play is a draw.
fn played(g: &Graph) -> conway_retrograde::solve::Solved {
    let n = g.len();
    let mut successors = vec![Vec::new(); 2 * n];
    for v in 0..n {
        successors[2 * v] = g.left(v).iter().map(|&w| 2 * w + 1).collect();
        successors[2 * v + 1] = g.right(v).iter().map(|&w| 2 * w).collect();
    }
    let game = ExplicitGraph {
        successors,
        terminals: vec![None::<Terminal>; 2 * n],
    };
    solve(&game, &NoProgress).expect("a small graph")
}

/// Who wins a game graph from its start with `first` to move, when a stuck player loses and
/// infinite play is a draw: `Some(Left)`, `Some(Right)`, or `None` for a draw.
fn winner(g: &Graph, first: Player) -> Option<Player> {
    let start = if first == Player::Left { 0 } else { 1 };
    match played(g).value(start) {
        Value::Win(_) => Some(first),
        Value::Loss(_) => Some(first.opponent()),
        Value::Draw => None,
    }
}

/// The outcome (Left first, Right first), infinite play counted for `draws` when given.
fn outcome(g: &Graph, draws: Option<Player>) -> (Option<Player>, Option<Player>) {
    let settle = |w: Option<Player>| w.or(draws);
    (
        settle(winner(g, Player::Left)),
        settle(winner(g, Player::Right)),
    )
}

/// A random game graph on up to `max` positions, rooted at 0.
fn arb_graph(max: usize) -> impl Strategy<Value = Graph> {
    (1..=max).prop_flat_map(|n| {
        let edges =
            proptest::collection::vec((0..n as u32, 0..n as u32, any::<bool>()), 0..=(2 * n));
        edges.prop_map(move |edges| {
            let mut left = vec![Vec::new(); n];
            let mut right = vec![Vec::new(); n];
            for (v, w, is_left) in edges {
                if is_left {
                    left[v as usize].push(w);
                } else {
                    right[v as usize].push(w);
                }
            }
            Graph::rooted(&left, &right, 0)
        })
    })
}

fn arb_stopper(max: usize) -> impl Strategy<Value = Graph> {
    arb_graph(max).prop_filter("a stopper", Graph::is_stopper)
}

/// The stoppers every value is tested against in sums.
fn test_stoppers() -> Vec<Graph> {
    let mut store = Store::new();
    let s = &mut store;
    let (zero, star, one, minus_one, up) =
        (s.zero(), s.nimber(1), s.integer(1), s.integer(-1), s.up(1));
    let down = s.neg(up);
    let down_star = s.add(down, star);
    let plus_minus_one = s.construct(&[one], &[minus_one]);
    let half = s.number(conway_numbers::Dyadic::new(1, 1));
    let two = s.integer(2);
    let two_star = s.construct(&[two], &[star]);
    // 0, *, 1, −1, ^, v*, {1|-1}, 1/2, {2|*}
    let shorts = [
        zero,
        star,
        one,
        minus_one,
        up,
        down_star,
        plus_minus_one,
        half,
        two_star,
    ];
    let mut all: Vec<Graph> = shorts
        .into_iter()
        .map(|g| Graph::short(&mut store, g).expect("small"))
        .collect();
    all.extend([Graph::on(), Graph::off(), Graph::over(), Graph::under()]);
    all.extend([Graph::upon().neg(), Graph::upon()]);
    all
}

/// The outcome class of a game graph by play alone: each side's class from who wins Left
/// first and Right first, infinite play counting for Left (onside) or Right (offside).
fn played_outcome(g: &Graph) -> LoopyOutcome {
    class_of(winner(g, Player::Left), winner(g, Player::Right))
}

/// The outcome class of the winners with Left first and with Right first (`None`: a draw).
fn class_of(left_first: Option<Player>, right_first: Option<Player>) -> LoopyOutcome {
    let class = LoopyOutcome::of_side;
    // Onside: ≥ 0 when Right, moving first, cannot win outright; ≤ 0 when Left, moving
    // first, loses outright. Offside: the other way round.
    let onside = class(
        right_first != Some(Player::Right),
        left_first == Some(Player::Right),
    );
    let offside = class(
        right_first == Some(Player::Left),
        left_first != Some(Player::Left),
    );
    LoopyOutcome::of_sides(onside, offside)
        .unwrap_or_else(|| panic!("the offside exceeds the onside: {onside:?} {offside:?}"))
}

/// The outcome class that play results with Left first and with Right first make.
fn played_class(left_first: PlayResult, right_first: PlayResult) -> LoopyOutcome {
    let as_winner = |result: PlayResult, mover: Player| match result {
        PlayResult::Win => Some(mover),
        PlayResult::Loss => Some(mover.opponent()),
        PlayResult::Draw => None,
    };
    class_of(
        as_winner(left_first, Player::Left),
        as_winner(right_first, Player::Right),
    )
}

/// A position of a game graph, as a ruleset: the evaluator sees only the moves.
#[derive(Clone)]
struct GraphPosition {
    graph: std::rc::Rc<Graph>,
    at: u32,
}

impl PartialEq for GraphPosition {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at && std::rc::Rc::ptr_eq(&self.graph, &other.graph)
    }
}

impl Eq for GraphPosition {}

impl std::hash::Hash for GraphPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl conway_partizan::rules::Position for GraphPosition {
    fn left_moves(&self) -> Vec<Self> {
        let moves = self.graph.left(self.at as usize);
        moves
            .iter()
            .map(|&at| GraphPosition { at, ..self.clone() })
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        let moves = self.graph.right(self.at as usize);
        moves
            .iter()
            .map(|&at| GraphPosition { at, ..self.clone() })
            .collect()
    }
}

impl LoopyRuleset for GraphPosition {}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The evaluator values one strongly connected part at a time; the oracle is the value
    /// of each position's whole graph, and the outcome of playing it.
    #[test]
    fn ruleset_values_are_the_whole_graphs_values(g in arb_graph(7)) {
        let mut store = Store::new();
        let graph = std::rc::Rc::new(g.clone());
        let mut evaluator = LoopyEvaluator::new();
        // Last positions first, so later evaluations meet positions valued before.
        for v in (0..g.len()).rev() {
            let position = GraphPosition { graph: graph.clone(), at: v as u32 };
            let by_parts = evaluator.value(&mut store, &position).unwrap();
            let whole = Loopy::from_graph(&g.at(v), &mut store).unwrap();
            prop_assert!(by_parts.leq(&whole, &mut store).unwrap(), "position {}", v);
            prop_assert!(whole.leq(&by_parts, &mut store).unwrap(), "position {}", v);
            prop_assert_eq!(by_parts.is_stopper(), whole.is_stopper());
            prop_assert_eq!(
                loopy_outcome(&by_parts, &mut store).unwrap(),
                played_outcome(&g.at(v))
            );
        }
    }

    /// Every position of a random graph, with each player to move: the verdict of
    /// [`solve_play`] is the retrograde engine's value, moves counted alike; and the value's
    /// outcome class says the same (Left first wins outright when the offside is not ≤ 0,
    /// and at least draws when the onside is not).
    #[test]
    fn play_verdicts_are_the_retrograde_values(g in arb_graph(7)) {
        let mut store = Store::new();
        let graph = std::rc::Rc::new(g.clone());
        let start = GraphPosition { graph: graph.clone(), at: 0 };
        let solution = play_position(&mut store, &start).unwrap();
        let engine = played(&g);
        prop_assert_eq!(solution.positions(), g.at(0).len());
        let mut evaluator = LoopyEvaluator::new();
        for v in 0..g.len() {
            let position = GraphPosition { graph: graph.clone(), at: v as u32 };
            for (mover, state) in [(Player::Left, 2 * v), (Player::Right, 2 * v + 1)] {
                let verdict = solution.verdict(&position, mover).unwrap();
                let expected = match engine.value(state as u32) {
                    Value::Win(n) => Verdict { result: PlayResult::Win, plies: Some(n) },
                    Value::Loss(n) => Verdict { result: PlayResult::Loss, plies: Some(n) },
                    Value::Draw => Verdict { result: PlayResult::Draw, plies: None },
                };
                prop_assert_eq!(verdict, expected, "position {} {:?} to move", v, mover);
            }
            let value = evaluator.value(&mut store, &position).unwrap();
            let class = loopy_outcome(&value, &mut store).unwrap();
            let left_first = solution.verdict(&position, Player::Left).unwrap().result;
            let right_first = solution.verdict(&position, Player::Right).unwrap().result;
            prop_assert_eq!(
                class,
                played_class(left_first, right_first),
                "position {}", v
            );
        }
    }

    #[test]
    fn survival_comparison_is_the_played_survival_game(
        g in arb_stopper(5),
        h in arb_stopper(5),
    ) {
        let store = Store::new();
        let leq = survival::compare(&g, &h, &store).unwrap().leq(0, 0);
        // H − G, Right first: Right wins exactly when G ≤ H fails.
        let difference = h.sum(&g.neg(), &store).unwrap();
        let right_wins = winner(&difference, Player::Right) == Some(Player::Right);
        prop_assert_eq!(leq, !right_wins);
        // For stoppers both sides compare the same way.
        for side in [Side::On, Side::Off] {
            prop_assert_eq!(compare_sides(&g, &h, side, &store).unwrap().leq(0, 0), leq);
        }
    }

    #[test]
    fn simplest_forms_play_like_the_stoppers(g in arb_stopper(6)) {
        let store = Store::new();
        let simplest = canonical::simplest_form(&g, &store).unwrap();
        prop_assert!(simplest.len() <= g.len());
        prop_assert!(simplest.is_stopper());
        for x in test_stoppers() {
            let a = g.sum(&x, &store).unwrap();
            let b = simplest.sum(&x, &store).unwrap();
            prop_assert_eq!(outcome(&a, None), outcome(&b, None));
        }
        // Simplest forms are unique: simplifying again changes nothing.
        prop_assert_eq!(canonical::simplest_form(&simplest, &store).unwrap(), simplest);
    }

    #[test]
    fn outcomes_of_sums_are_the_played_outcomes(g in arb_graph(4), h in arb_graph(4)) {
        let mut store = Store::new();
        let a = Loopy::from_graph(&g, &mut store).unwrap();
        let b = Loopy::from_graph(&h, &mut store).unwrap();
        let sum = a.add(&b, &mut store).unwrap();
        let played = played_outcome(&g.sum(&h, &store).unwrap());
        prop_assert_eq!(loopy_outcome(&sum, &mut store).unwrap(), played);
    }

    #[test]
    fn sides_play_like_the_game_on_their_side(g in arb_graph(5)) {
        let store = Store::new();
        for (side, draws) in [(Side::On, Player::Left), (Side::Off, Player::Right)] {
            let form = side_of(&g, side, &store).unwrap();
            let s = match form {
                SideForm::Stopper(s) | SideForm::Simplified(s) => s,
            };
            for x in test_stoppers() {
                let a = g.sum(&x, &store).unwrap();
                let b = s.sum(&x, &store).unwrap();
                prop_assert_eq!(
                    outcome(&a, Some(draws)),
                    outcome(&b, Some(draws)),
                    "{:?} side, against {:?}", side, x
                );
            }
        }
    }
}
