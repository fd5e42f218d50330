//! Sides of loopy games that are not stoppers: comparing a side of one game with the same
//! side of another, and finding a game's onside and offside as stoppers.
//!
//! **Comparison.** G⁺ ≤ H⁺ (onsides) is decided on the positions of H − G, Right moving
//! first: Left loses when she cannot move, wins when Right cannot, and an infinite play is
//! hers when it moves infinitely often in H — H⁺ counts infinite play for Left, −(G⁺) for
//! Right, and a play infinite in both is Left's. For offsides (G⁻ ≤ H⁻) the play is hers
//! when it moves infinitely often in −G. This is the convention CGSuite's comparison uses
//! (its `LoopyGame.leq` for the sides), and a Büchi condition, so the positions Left wins
//! are computed exactly: repeatedly take the positions from which Left cannot force one
//! more such move (without running out of moves) and give them to Right, with everything
//! Right can then force, until no such position is left. For stoppers it agrees with
//! [`super::survival`] (a property test checks this).
//!
//! **Sides.** A side is found by simplifying the game's graph while the side of the start
//! stays the same, until no infinite alternating play is left (a stopper), whose simplest
//! form is then the side. First the positions that are stoppers are put in simplest form
//! and equal ones fused ([`super::canonical::simplify_stopper_positions`]: a sum of stoppers
//! is mostly such positions). Then the steps, tried in turn until none applies:
//!
//! 1. fusing positions of equal side and deleting dominated options, judged by one
//!    comparison of all pairs of positions (an option is kept when the one dominating it
//!    leads back to the position by alternating play);
//! 2. deleting moves on infinite alternating plays, one at a time;
//! 3. on graphs of at most [`EVERY_MOVE_TRIED_UP_TO`] positions, deleting any move, one at a
//!    time (this is what brings Bach's carousel to CGSuite's form);
//! 4. bypassing a reversible option as for stoppers, the reversal judged by the side's
//!    comparison, when that leaves fewer moves on infinite alternating plays.
//!
//! The side of the start is checked against the graph before the step (both inequalities,
//! or the one a deletion can break) after every step, so a step that would change it is
//! never kept: the search can fail to reach a stopper, never reach a wrong one. It ends: a
//! kept deletion or fusion removes moves or positions without adding any to a cycle, and a
//! kept bypass leaves fewer moves on infinite alternating plays. Siegel (*Combinatorial Game
//! Theory*, ch. VI) notes that sidling, the classical iteration from `on` and `off`, need not
//! reach a stopper in finitely many steps even when the side is one; like CGSuite we
//! simplify instead, and like CGSuite's, this search has no theorem that it always
//! succeeds: a game whose side it cannot bring to a stopper is given as the simplified
//! graph ([`SideForm::Simplified`]), which is printed as CGSuite prints such sides. The
//! property tests check every side found against retrograde analysis of the game played
//! with infinite play counted for that side's player.

use crate::{PartizanError, Store};

use super::canonical::{bypassed, simplest_form, simplify_stopper_positions, undominated};
use super::graph::{representatives, reverse, Graph, Player};
use super::survival::{Comparison, MAX_PAIRS};

/// Which side of a loopy game: infinite play counts for Left in the onside, for Right in
/// the offside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// G⁺.
    On,
    /// G⁻.
    Off,
}

/// The most positions a side's graph may have for its search to try deleting every move,
/// not only those on infinite alternating plays (each try is a comparison of all pairs of
/// positions, so past this the search keeps to the moves of the cycles).
pub const EVERY_MOVE_TRIED_UP_TO: usize = 64;

/// How many moves are looked at between two charges to the evaluation's budget.
const CHARGE_EVERY: u64 = 1 << 12;

/// The positions and moves of H − G, Right moving first, with predecessor lists.
struct Arena<'a> {
    g: &'a Graph,
    h: &'a Graph,
    g_rev_left: Vec<Vec<u32>>,
    g_rev_right: Vec<Vec<u32>>,
    h_rev_left: Vec<Vec<u32>>,
    h_rev_right: Vec<Vec<u32>>,
    nh: usize,
}

/// A move of H − G between pair indices: whether it is a move in H (else in −G).
type Move = (usize, bool);

impl Arena<'_> {
    /// Left's moves from pair `p` (to Right-to-move pairs).
    fn left_moves(&self, p: usize) -> impl Iterator<Item = Move> + '_ {
        let (x, y) = (p / self.nh, p % self.nh);
        let in_g = self
            .g
            .right(x)
            .iter()
            .map(move |&x2| (x2 as usize * self.nh + y, false));
        let in_h = self
            .h
            .left(y)
            .iter()
            .map(move |&y2| (x * self.nh + y2 as usize, true));
        in_g.chain(in_h)
    }

    /// The Left-to-move pairs with a move to Right-to-move pair `p`.
    fn left_predecessors(&self, p: usize) -> impl Iterator<Item = Move> + '_ {
        let (x, y) = (p / self.nh, p % self.nh);
        let in_g = self.g_rev_right[x]
            .iter()
            .map(move |&x0| (x0 as usize * self.nh + y, false));
        let in_h = self.h_rev_left[y]
            .iter()
            .map(move |&y0| (x * self.nh + y0 as usize, true));
        in_g.chain(in_h)
    }

    /// The Right-to-move pairs with a move to Left-to-move pair `p`.
    fn right_predecessors(&self, p: usize) -> impl Iterator<Item = Move> + '_ {
        let (x, y) = (p / self.nh, p % self.nh);
        let in_g = self.g_rev_left[x]
            .iter()
            .map(move |&x0| (x0 as usize * self.nh + y, false));
        let in_h = self.h_rev_right[y]
            .iter()
            .map(move |&y0| (x * self.nh + y0 as usize, true));
        in_g.chain(in_h)
    }
}

/// Right's wins so far: pairs with Left to move and with Right to move.
struct Lost {
    left: Vec<bool>,
    right: Vec<bool>,
    /// Left's moves from each pair to pairs Right has not won.
    alive: Vec<u32>,
}

impl Lost {
    /// Gives Right the pair (with `left_to_move`) and everything he can force from it.
    fn mark(&mut self, arena: &Arena, pair: usize, left_to_move: bool, looked: &mut u64) {
        let mut stack = vec![(pair, left_to_move)];
        while let Some((p, left_to_move)) = stack.pop() {
            *looked += 1;
            if left_to_move {
                for (before, _) in arena.right_predecessors(p) {
                    if !self.right[before] {
                        self.right[before] = true;
                        stack.push((before, false));
                    }
                }
            } else {
                for (before, _) in arena.left_predecessors(p) {
                    self.alive[before] -= 1;
                    if self.alive[before] == 0 && !self.left[before] {
                        self.left[before] = true;
                        stack.push((before, true));
                    }
                }
            }
        }
    }
}

/// x ≤ y in the given side, for all positions x of `g` and y of `h`.
pub fn compare_sides(
    g: &Graph,
    h: &Graph,
    side: Side,
    store: &Store,
) -> Result<Comparison, PartizanError> {
    let (ng, nh) = (g.len(), h.len());
    let pairs = ng.saturating_mul(nh);
    if pairs > MAX_PAIRS {
        return Err(PartizanError::too_large(
            "a comparison of loopy games (pairs of positions)",
            pairs,
            MAX_PAIRS,
        ));
    }
    let arena = Arena {
        g,
        h,
        g_rev_left: reverse(g.left_edges()),
        g_rev_right: reverse(g.right_edges()),
        h_rev_left: reverse(h.left_edges()),
        h_rev_right: reverse(h.right_edges()),
        nh,
    };
    // A move counts for Left's infinite play when it is in H (onside) or in −G (offside).
    let counts = |in_h: bool| in_h == (side == Side::On);
    let mut lost = Lost {
        left: vec![false; pairs],
        right: vec![false; pairs],
        // Left's moves at (x, y): G's Right moves from x and H's Left moves from y.
        alive: (0..pairs)
            .map(|p| (g.right(p / nh).len() + h.left(p % nh).len()) as u32)
            .collect(),
    };
    let mut looked = 0u64;
    let mut charged = 0u64;
    for p in 0..pairs {
        if lost.alive[p] == 0 && !lost.left[p] {
            lost.left[p] = true;
            lost.mark(&arena, p, true, &mut looked);
        }
    }
    loop {
        // Pairs from which Left can force a counting move without losing.
        let mut good_left = vec![false; pairs];
        let mut good_right = vec![false; pairs];
        // Right's moves that do not count: in −G (a Left move of G) for the onside, in H
        // for the offside.
        let mut need: Vec<u32> = (0..pairs)
            .map(|p| match side {
                Side::On => g.left(p / nh).len() as u32,
                Side::Off => h.right(p % nh).len() as u32,
            })
            .collect();
        let mut stack: Vec<(usize, bool)> = Vec::new();
        for p in 0..pairs {
            if !lost.left[p]
                && arena
                    .left_moves(p)
                    .any(|(t, in_h)| counts(in_h) && !lost.right[t])
            {
                good_left[p] = true;
                stack.push((p, true));
            }
            if !lost.right[p] && need[p] == 0 {
                good_right[p] = true;
                stack.push((p, false));
            }
        }
        while let Some((p, left_to_move)) = stack.pop() {
            looked += 1;
            if left_to_move {
                for (before, in_h) in arena.right_predecessors(p) {
                    if counts(in_h) || lost.right[before] || good_right[before] {
                        continue;
                    }
                    need[before] -= 1;
                    if need[before] == 0 {
                        good_right[before] = true;
                        stack.push((before, false));
                    }
                }
            } else {
                for (before, _) in arena.left_predecessors(p) {
                    if !lost.left[before] && !good_left[before] {
                        good_left[before] = true;
                        stack.push((before, true));
                    }
                }
            }
        }
        if looked - charged >= CHARGE_EVERY {
            if store.arithmetic_steps(looked - charged) {
                return Err(PartizanError::Interrupted);
            }
            charged = looked;
        }
        let mut changed = false;
        for p in 0..pairs {
            if !lost.left[p] && !good_left[p] {
                lost.left[p] = true;
                lost.mark(&arena, p, true, &mut looked);
                changed = true;
            }
            if !lost.right[p] && !good_right[p] {
                lost.right[p] = true;
                lost.mark(&arena, p, false, &mut looked);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(Comparison::from_right_wins(nh, lost.right))
}

/// Whether the given side of `a` equals that side of `b` (their starts).
pub fn sides_equal(a: &Graph, b: &Graph, side: Side, store: &Store) -> Result<bool, PartizanError> {
    Ok(compare_sides(a, b, side, store)?.leq(0, 0) && compare_sides(b, a, side, store)?.leq(0, 0))
}

/// The result of looking for a side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideForm {
    /// The side is this stopper, in simplest form.
    Stopper(Graph),
    /// The simplification could not reach a stopper: the simplified graph, whose side is
    /// the game's side.
    Simplified(Graph),
}

/// The given side of the game `g`.
pub fn side(g: &Graph, side: Side, store: &Store) -> Result<SideForm, PartizanError> {
    if g.is_stopper() {
        return Ok(SideForm::Stopper(simplest_form(g, store)?));
    }
    let mut current = simplify_stopper_positions(g, store)?;
    if !sides_equal(&current, g, side, store)? {
        // Never expected (stopper positions keep their values); the search starts from the
        // game as given then.
        current = g.clone();
    }
    while !current.is_stopper() {
        if let Some(simpler) = basic_simplification(&current, side, store)? {
            current = simpler;
            continue;
        }
        if delete_moves(&mut current, side, store, true)?
            || (current.len() <= EVERY_MOVE_TRIED_UP_TO
                && delete_moves(&mut current, side, store, false)?)
            || bypass_one(&mut current, side, store)?
        {
            continue;
        }
        break;
    }
    if current.is_stopper() {
        let form = simplest_form(&current, store)?;
        return Ok(SideForm::Stopper(form));
    }
    Ok(SideForm::Simplified(current))
}

/// The graph with positions of equal side fused (each into the first of its value) and
/// dominated options deleted, judged by one comparison of all pairs of positions, when that
/// changes the graph and keeps the side of the start. An option is kept when the option
/// dominating it leads back to its position by alternating play (its value there depends on
/// the position's own).
fn basic_simplification(
    current: &Graph,
    side: Side,
    store: &Store,
) -> Result<Option<Graph>, PartizanError> {
    let order = compare_sides(current, current, side, store)?;
    let cycles = current.alternating_cycles();
    let mut simpler = current.clone();
    for v in 0..current.len() {
        for player in [Player::Left, Player::Right] {
            let kept = undominated(
                current.moves(player, v),
                |a, b| order.no_better(player, a, b),
                |b| !cycles.contains(player, v, b as usize),
            );
            simpler.set_moves(player, v, kept);
        }
    }
    let representative = representatives(
        simpler.len(),
        |_| true,
        |u, v| order.leq(u, v) && order.leq(v, u),
    );
    let candidate = simpler.fused(&representative, 0);
    if candidate != *current && sides_equal(&candidate, current, side, store)? {
        return Ok(Some(candidate));
    }
    Ok(None)
}

/// One pass over the moves, position by position and Left's before Right's, deleting each
/// whose deletion keeps the side of the start; whether any was. With `cyclic_only`, only
/// the moves on infinite alternating plays are tried (the cheap pass: few moves are).
fn delete_moves(
    current: &mut Graph,
    side: Side,
    store: &Store,
    cyclic_only: bool,
) -> Result<bool, PartizanError> {
    let cycles = current.alternating_cycles();
    let mut graph = current.clone();
    let mut deleted = false;
    for v in 0..graph.len() {
        for player in [Player::Left, Player::Right] {
            let mut i = 0;
            while i < graph.moves(player, v).len() {
                let w = graph.moves(player, v)[i] as usize;
                if cyclic_only && !cycles.contains(player, v, w) {
                    i += 1;
                    continue;
                }
                let mut fewer = graph.moves(player, v).to_vec();
                fewer.remove(i);
                let mut candidate = graph.clone();
                candidate.set_moves(player, v, fewer);
                // Deleting a Left move never raises a side, deleting a Right move never
                // lowers it: one inequality decides. Unreachable positions do not matter.
                let kept = match player {
                    Player::Left => compare_sides(&graph, &candidate, side, store)?.leq(0, 0),
                    Player::Right => compare_sides(&candidate, &graph, side, store)?.leq(0, 0),
                };
                if kept {
                    graph = candidate;
                    deleted = true;
                } else {
                    i += 1;
                }
            }
        }
    }
    if deleted {
        *current = graph.at(0);
    }
    Ok(deleted)
}

/// Bypasses one reversible option of `current` (judged by the side's comparison), if that
/// keeps the side of the start and leaves fewer moves on infinite alternating plays;
/// whether it did.
fn bypass_one(current: &mut Graph, side: Side, store: &Store) -> Result<bool, PartizanError> {
    let order = compare_sides(current, current, side, store)?;
    for v in 0..current.len() {
        for player in [Player::Left, Player::Right] {
            let moves = current.moves(player, v).to_vec();
            for (i, &a) in moves.iter().enumerate() {
                for &r in current.moves(player.opponent(), a as usize) {
                    if r as usize == v || !order.no_better(player, r, v as u32) {
                        continue;
                    }
                    let replaced = bypassed(&moves, i, current.moves(player, r as usize));
                    let mut candidate = current.clone();
                    candidate.set_moves(player, v, replaced);
                    let candidate = candidate.at(0);
                    if candidate.cyclic_move_count() < current.cyclic_move_count()
                        && sides_equal(&candidate, current, side, store)?
                    {
                        *current = candidate;
                        return Ok(true);
                    }
                }
            }
        }
    }
    Ok(false)
}
