//! Comparing stoppers by the survival game.
//!
//! For stoppers G and H, G ≤ H exactly when Left, moving second in H − G, never runs out of
//! moves — infinite play counts for her (Siegel, *Combinatorial Game Theory*, ch. VI, the
//! comparison theorem for stoppers). So G ≤ H is decided by retrograde analysis of the
//! positions (x, y, player to move) of H − G, x a position of G and y one of H: Right wins
//! where he can force Left to be stuck, the least fixed point of "Left to move with no move,
//! or every move leads to a Right win" and "Right to move with a move to a Right win"; every
//! other position is Left's. One pass over all pairs answers x ≤ y for every x and y at once,
//! which simplification needs.
//!
//! A move of Left in H − G is a Left move in H or a Right move in G (a Left move in −G); a
//! move of Right is a Right move in H or a Left move in G.

use conway_partizan::{PartizanError, Store};

use super::graph::{reverse, Graph};
use conway_partizan::Player;

/// The most pairs of positions one comparison looks at (each costs six bytes).
pub const MAX_PAIRS: usize = 1 << 26;

/// How many moves are looked at between two charges to the evaluation's budget.
const CHARGE_EVERY: u64 = 1 << 12;

/// The answers x ≤ y for every position x of G and y of H (both stoppers).
#[derive(Clone, Debug)]
pub struct Comparison {
    columns: usize,
    /// Right to move at (x, y) in H − G wins: x ≤ y fails.
    right_wins: Vec<bool>,
}

impl Comparison {
    /// The answers from Right's wins with Right to move, pair (x, y) at x · `columns` + y.
    pub(crate) fn from_right_wins(columns: usize, right_wins: Vec<bool>) -> Comparison {
        Comparison {
            columns,
            right_wins,
        }
    }

    /// Whether position `x` of G is at most position `y` of H.
    pub fn leq(&self, x: usize, y: usize) -> bool {
        !self.right_wins[x * self.columns + y]
    }

    /// Whether `a` is no better than `b` for `player` (a ≤ b for Left, a ≥ b for Right),
    /// positions of one graph: `b` dominates `a` as `player`'s option, and a reply `a` to
    /// position `b` reverses `player`'s move there.
    pub fn no_better(&self, player: Player, a: u32, b: u32) -> bool {
        match player {
            Player::Left => self.leq(a as usize, b as usize),
            Player::Right => self.leq(b as usize, a as usize),
        }
    }
}

/// x ≤ y for all positions x of `g` and y of `h`, both stoppers.
pub fn compare(g: &Graph, h: &Graph, store: &Store) -> Result<Comparison, PartizanError> {
    let nh = h.len();
    let pairs = g.len().saturating_mul(nh);
    if pairs > MAX_PAIRS {
        return Err(PartizanError::too_large(
            "a comparison of loopy games (pairs of positions)",
            pairs,
            MAX_PAIRS,
        ));
    }
    let (g_left, g_right) = (g.left_edges(), g.right_edges());
    let (h_left, h_right) = (h.left_edges(), h.right_edges());
    let (g_rev_left, g_rev_right) = (reverse(g_left), reverse(g_right));
    let (h_rev_left, h_rev_right) = (reverse(h_left), reverse(h_right));
    // Left to move at (x, y): her moves are G's Right moves and H's Left moves.
    let mut left_moves_unrefuted: Vec<u32> = Vec::with_capacity(pairs);
    for g_moves in g_right {
        for h_moves in h_left {
            left_moves_unrefuted.push((g_moves.len() + h_moves.len()) as u32);
        }
    }
    let mut right_wins_left_to_move = vec![false; pairs];
    let mut right_wins = vec![false; pairs];
    // Positions found won by Right: (pair, whether Left is to move there).
    let mut found: Vec<(usize, bool)> = Vec::new();
    for (pair, &moves) in left_moves_unrefuted.iter().enumerate() {
        if moves == 0 {
            right_wins_left_to_move[pair] = true;
            found.push((pair, true));
        }
    }
    let mut looked = 0u64;
    while let Some((pair, left_to_move)) = found.pop() {
        let (x, y) = (pair / nh, pair % nh);
        looked += 1;
        if looked.is_multiple_of(CHARGE_EVERY) && store.arithmetic_steps(CHARGE_EVERY) {
            return Err(PartizanError::Interrupted);
        }
        if left_to_move {
            // Right, to move before, wins by moving here: a Left move of G to x, or a Right
            // move of H to y.
            let from_g = g_rev_left[x].iter().map(|&x0| x0 as usize * nh + y);
            let from_h = h_rev_right[y].iter().map(|&y0| x * nh + y0 as usize);
            for before in from_g.chain(from_h) {
                if !right_wins[before] {
                    right_wins[before] = true;
                    found.push((before, false));
                }
            }
        } else {
            // Left, to move before, has one move fewer that does not lose.
            let from_g = g_rev_right[x].iter().map(|&x0| x0 as usize * nh + y);
            let from_h = h_rev_left[y].iter().map(|&y0| x * nh + y0 as usize);
            for before in from_g.chain(from_h) {
                left_moves_unrefuted[before] -= 1;
                if left_moves_unrefuted[before] == 0 && !right_wins_left_to_move[before] {
                    right_wins_left_to_move[before] = true;
                    found.push((before, true));
                }
            }
        }
    }
    Ok(Comparison {
        columns: nh,
        right_wins,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_and_off_bound_every_stopper() {
        let store = Store::new();
        let mut zero_store = Store::new();
        let zero = zero_store.zero();
        let zero = Graph::short(&mut zero_store, zero).unwrap();
        let on = Graph::on();
        let off = Graph::off();
        assert!(compare(&zero, &on, &store).unwrap().leq(0, 0));
        assert!(!compare(&on, &zero, &store).unwrap().leq(0, 0));
        assert!(compare(&off, &zero, &store).unwrap().leq(0, 0));
        assert!(compare(&off, &on, &store).unwrap().leq(0, 0));
        assert!(compare(&on, &on, &store).unwrap().leq(0, 0));
    }
}
