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
//! is mostly such positions; this keeps every side, see [`sides_at`]). Then the steps,
//! tried in turn until none applies:
//!
//! 1. fusing positions of equal side and deleting dominated options, judged by one
//!    comparison of all pairs of positions (an option is kept when the one dominating it
//!    leads back to the position by alternating play);
//! 2. deleting moves on infinite alternating plays, the side's unfavoured player's first, in
//!    groups split in halves when their deletion would change the side;
//! 3. on graphs of at most [`EVERY_MOVE_TRIED_UP_TO`] positions, deleting any move, the same
//!    way (this is what brings Bach's carousel to CGSuite's form);
//! 4. bypassing a reversible option as for stoppers, the reversal judged by the side's
//!    comparison, when that leaves fewer moves on infinite alternating plays.
//!
//! The side of the start is checked against the graph before the step (both inequalities,
//! or the one a deletion can break) after every step of the search (putting stopper
//! positions in simplest form keeps every side by itself: an equal stopper replaces a
//! position), so a step that would change it is never kept: the search can fail to reach a
//! stopper, never reach a wrong one. The sides
//! of several starts in one graph (the positions of a loopy ruleset's component) are
//! searched for together, every start checked after every step, and a start whose game is
//! still not a stopper then gets a search of its own. The search ends: a
//! kept deletion or fusion removes moves or positions without adding any to a cycle, and a
//! kept bypass leaves fewer moves on infinite alternating plays. Siegel (*Combinatorial Game
//! Theory*, ch. VI) notes that sidling, the classical iteration from `on` and `off`, need not
//! reach a stopper in finitely many steps even when the side is one; like CGSuite we
//! simplify instead, and like CGSuite's, this search has no theorem that it always
//! succeeds: a game whose side it cannot bring to a stopper is given as the simplified
//! graph ([`SideForm::Simplified`]), which is printed as CGSuite prints such sides. The
//! property tests check every side found against retrograde analysis of the game played
//! with infinite play counted for that side's player.

use conway_partizan::{PartizanError, Store};

use super::canonical::{
    bypassed, simplest_form, simplest_forms, simplify_stopper_positions, undominated,
};
use super::graph::{representatives, reverse, Graph};
use super::survival::{Comparison, MAX_PAIRS};
use conway_partizan::Player;

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
    Ok(sides_at(g, &[0], side, store)?.remove(0))
}

/// The given side of the games at each of `roots` in `g` (a graph not necessarily packed):
/// one search keeps the side of every root at once (a component of a loopy ruleset wants
/// all its positions' sides, and one search costs what one root's does), then a root whose
/// game is not a stopper yet gets a search of its own from there.
pub fn sides_at(
    g: &Graph,
    roots: &[u32],
    side: Side,
    store: &Store,
) -> Result<Vec<SideForm>, PartizanError> {
    let stoppers = |graph: &Graph, roots: &[u32]| -> Result<Vec<SideForm>, PartizanError> {
        let roots: Vec<usize> = roots.iter().map(|&r| r as usize).collect();
        Ok(simplest_forms(graph, &roots, store)?
            .into_iter()
            .map(SideForm::Stopper)
            .collect())
    };
    if g.is_stopper() {
        return stoppers(g, roots);
    }
    // Replacing a stopper position by an equal stopper keeps every side: in the comparison
    // of the two games, Left copies Right's moves until play reaches the replaced
    // positions, then survives there, and an infinite play there moves infinitely often in
    // both (a stopper has no infinite alternating play), so it counts for her in each side.
    let (graph, roots) = simplify_stopper_positions(g, roots, store)?;
    let mut search = Search {
        side,
        store,
        graph,
        roots,
    };
    search.run()?;
    if search.graph.is_stopper() {
        return stoppers(&search.graph, &search.roots);
    }
    let alone = search.roots.len() == 1;
    let mut forms = Vec::with_capacity(search.roots.len());
    for &root in &search.roots {
        let g = search.graph.at(root as usize);
        forms.push(if g.is_stopper() {
            SideForm::Stopper(simplest_form(&g, store)?)
        } else if alone {
            SideForm::Simplified(g)
        } else {
            self::side(&g, side, store)?
        });
    }
    Ok(forms)
}

/// A graph being simplified while the given side of the game at each root stays the same.
struct Search<'a> {
    side: Side,
    store: &'a Store,
    graph: Graph,
    /// Where the roots are in `graph`.
    roots: Vec<u32>,
}

impl Search<'_> {
    /// Simplifies until the graph is a stopper or no step applies (see the module doc).
    fn run(&mut self) -> Result<(), PartizanError> {
        while !self.graph.is_stopper() {
            if self.basic_simplification()? {
                continue;
            }
            if self.delete_moves(true)?
                || (self.graph.len() <= EVERY_MOVE_TRIED_UP_TO && self.delete_moves(false)?)
                || self.bypass_one()?
            {
                continue;
            }
            break;
        }
        Ok(())
    }

    /// Whether every root has the same side in `candidate` (at `roots`) as in the graph.
    fn keeps_sides(&self, candidate: &Graph, roots: &[u32]) -> Result<bool, PartizanError> {
        let pairs = || {
            self.roots
                .iter()
                .zip(roots)
                .map(|(&a, &b)| (a as usize, b as usize))
        };
        let below = compare_sides(candidate, &self.graph, self.side, self.store)?;
        if !pairs().all(|(here, there)| below.leq(there, here)) {
            return Ok(false);
        }
        let above = compare_sides(&self.graph, candidate, self.side, self.store)?;
        Ok(pairs().all(|(here, there)| above.leq(here, there)))
    }

    /// Fuses positions of equal side and deletes dominated options, judged by one
    /// comparison of all pairs of positions, when that changes the graph and keeps the
    /// sides of the roots; whether it did. An option is kept when the option dominating it
    /// leads back to its position by alternating play (its value there depends on the
    /// position's own).
    fn basic_simplification(&mut self) -> Result<bool, PartizanError> {
        let current = &self.graph;
        let order = compare_sides(current, current, self.side, self.store)?;
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
        let (candidate, roots) = simpler.fused_at(&representative, &self.roots);
        if (&candidate, &roots) != (current, &self.roots) && self.keeps_sides(&candidate, &roots)? {
            self.graph = candidate;
            self.roots = roots;
            return Ok(true);
        }
        Ok(false)
    }

    /// Deletes moves whose deletion keeps the sides of the roots, the side's unfavoured
    /// player's first (Right's in the onside: infinite play is Left's there, so Right's
    /// cyclic moves are the ones most often useless to him); whether any was. With
    /// `cyclic_only`, only the moves on infinite alternating plays are tried (the cheap
    /// pass: few moves are).
    ///
    /// Moves are tried in groups: a group whose deletion keeps the sides goes in one
    /// comparison, and one that does not is split in halves, tried in turn on the graph as
    /// it then is. One player's moves are deleted before the other's are tried: a sum of
    /// stoppers usually needs only the unfavoured player's cyclic moves gone to be a
    /// stopper.
    fn delete_moves(&mut self, cyclic_only: bool) -> Result<bool, PartizanError> {
        let cycles = self.graph.alternating_cycles();
        let unfavoured = match self.side {
            Side::On => Player::Right,
            Side::Off => Player::Left,
        };
        for player in [unfavoured, unfavoured.opponent()] {
            let moves: Vec<(usize, u32)> = (0..self.graph.len())
                .flat_map(|v| self.graph.moves(player, v).iter().map(move |&w| (v, w)))
                .filter(|&(v, w)| !cyclic_only || cycles.contains(player, v, w as usize))
                .collect();
            let mut graph = self.graph.clone();
            if self.delete_group(&mut graph, player, &moves)? {
                (self.graph, self.roots) = graph.packed(&self.roots);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Deletes `player`'s `moves` from `graph` (numbered as the search's graph) if that
    /// keeps the sides of the roots, else the halves in turn; whether any move was deleted.
    fn delete_group(
        &self,
        graph: &mut Graph,
        player: Player,
        moves: &[(usize, u32)],
    ) -> Result<bool, PartizanError> {
        if moves.is_empty() {
            return Ok(false);
        }
        let mut candidate = graph.clone();
        for &(v, w) in moves {
            let fewer = candidate
                .moves(player, v)
                .iter()
                .copied()
                .filter(|&x| x != w)
                .collect();
            candidate.set_moves(player, v, fewer);
        }
        // Deleting Left moves never raises a side, deleting Right moves never lowers it:
        // one inequality decides. Unreachable positions do not matter.
        let order = match player {
            Player::Left => compare_sides(graph, &candidate, self.side, self.store)?,
            Player::Right => compare_sides(&candidate, graph, self.side, self.store)?,
        };
        if self
            .roots
            .iter()
            .all(|&r| order.leq(r as usize, r as usize))
        {
            *graph = candidate;
            return Ok(true);
        }
        if moves.len() == 1 {
            return Ok(false);
        }
        let (first, second) = moves.split_at(moves.len() / 2);
        let deleted = self.delete_group(graph, player, first)?;
        Ok(self.delete_group(graph, player, second)? || deleted)
    }

    /// Bypasses one reversible option (judged by the side's comparison), if that keeps the
    /// sides of the roots and leaves fewer moves on infinite alternating plays; whether it
    /// did.
    fn bypass_one(&mut self) -> Result<bool, PartizanError> {
        let current = &self.graph;
        let order = compare_sides(current, current, self.side, self.store)?;
        let cyclic = current.cyclic_move_count();
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
                        let (candidate, roots) = candidate.packed(&self.roots);
                        if candidate.cyclic_move_count() < cyclic
                            && self.keeps_sides(&candidate, &roots)?
                        {
                            self.graph = candidate;
                            self.roots = roots;
                            return Ok(true);
                        }
                    }
                }
            }
        }
        Ok(false)
    }
}
