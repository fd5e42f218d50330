//! Cutcake (Winning Ways, ch. 2): cutting a rectangular cake along its scored lines.
//!
//! A piece has `rows` rows and `cols` columns of unit squares. Left (Vertical, as in Winning
//! Ways) cuts a piece along a vertical line, splitting its columns: `rows × (a + b)` becomes
//! `rows × a` and `rows × b`. Right (Horizontal) cuts along a horizontal line, splitting its
//! rows. A position is a multiset of pieces; a 1×1 piece admits no cut. `cutcake(m, n)` is
//! the single piece with m rows and n columns, as in CGSuite's `Cutcake(m, n)`.
//!
//! Every piece is its own component, so the search visits each sub-rectangle once.

use crate::rulesets::moves::{player, position_moves, Described, PositionMoves};
use crate::rulesets::{Evaluator, PartizanGame};
use crate::{GameId, PartizanError, Store};

/// Largest number of rows or columns accepted. The search visits rows × cols pieces with
/// rows + cols options each, and simplifying a piece's options costs more the more distinct
/// values they have: in a release build 200 × 200 takes about 2 s, 256 × 256 4.5 s and
/// 512 × 512 52 s.
pub const MAX_CUTCAKE_SIDE: u64 = 200;

/// A Cutcake position: pieces as (rows, columns), sorted, without 1×1 pieces.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cutcake {
    pieces: Vec<(u32, u32)>,
}

impl Cutcake {
    /// The position with these pieces (rows, columns); empty and 1×1 pieces are dropped, since
    /// neither player can cut them.
    pub fn new(pieces: impl IntoIterator<Item = (u32, u32)>) -> Cutcake {
        let mut pieces: Vec<(u32, u32)> = pieces
            .into_iter()
            .filter(|&(r, c)| r > 0 && c > 0 && (r, c) != (1, 1))
            .collect();
        pieces.sort_unstable();
        Cutcake { pieces }
    }

    /// The pieces as (rows, columns).
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.pieces
    }

    /// Left's cuts split the columns of a piece, Right's its rows.
    fn moves(&self, left: bool) -> Vec<Cutcake> {
        self.cuts(left).into_iter().map(|(_, _, c)| c).collect()
    }

    /// Each cut of Left (`left`) or Right: the piece cut, the two pieces it leaves, and the
    /// position after it.
    #[allow(clippy::type_complexity)]
    fn cuts(&self, left: bool) -> Vec<((u32, u32), [(u32, u32); 2], Cutcake)> {
        let mut moves = Vec::new();
        for (i, &(rows, cols)) in self.pieces.iter().enumerate() {
            // Equal pieces have equal cuts: list them once.
            if i > 0 && self.pieces[i - 1] == (rows, cols) {
                continue;
            }
            let side = if left { cols } else { rows };
            // Cutting at a or at side − a leaves the same two pieces.
            for a in 1..=side / 2 {
                let halves = if left {
                    [(rows, a), (rows, cols - a)]
                } else {
                    [(a, cols), (rows - a, cols)]
                };
                let mut next = self.pieces.clone();
                next.remove(i);
                moves.push((
                    (rows, cols),
                    halves,
                    Cutcake::new(next.into_iter().chain(halves)),
                ));
            }
        }
        moves
    }
}

impl Described for Cutcake {
    /// A sum of `cutcake(m, n)` pieces, or `0` when no piece can be cut.
    fn expression(&self) -> String {
        if self.pieces.is_empty() {
            return "0".to_string();
        }
        let pieces: Vec<String> = self
            .pieces
            .iter()
            .map(|(r, c)| format!("cutcake({r}, {c})"))
            .collect();
        pieces.join(" + ")
    }

    fn described_moves(&self, left: bool) -> Vec<(String, Cutcake)> {
        self.cuts(left)
            .into_iter()
            .map(|((r, c), [(r1, c1), (r2, c2)], after)| {
                let text = format!(
                    "{} cuts a {r}×{c} piece {} into {r1}×{c1} and {r2}×{c2}",
                    player(left),
                    if left { "vertically" } else { "horizontally" }
                );
                (text, after)
            })
            .collect()
    }
}

impl PartizanGame for Cutcake {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(true)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(false)
    }

    fn components(&self) -> Vec<Self> {
        self.pieces
            .iter()
            .map(|&p| Cutcake { pieces: vec![p] })
            .collect()
    }
}

/// The single piece with `rows` rows and `cols` columns, checked against the limits.
fn cake(rows: u64, cols: u64) -> Result<Cutcake, PartizanError> {
    if rows == 0 || cols == 0 {
        return Err(PartizanError::InvalidInput(format!(
            "cutcake: a cake needs at least one row and one column, not {rows} × {cols}"
        )));
    }
    let side = |what: &str, n: u64| {
        u32::try_from(n)
            .ok()
            .filter(|&n| u64::from(n) <= MAX_CUTCAKE_SIDE)
            .ok_or_else(|| PartizanError::too_large(what, n, MAX_CUTCAKE_SIDE))
    };
    let r = side("cutcake's number of rows", rows)?;
    let c = side("cutcake's number of columns", cols)?;
    Ok(Cutcake::new([(r, c)]))
}

/// The canonical form of a Cutcake piece with `rows` rows and `cols` columns.
pub fn cutcake_value(store: &mut Store, rows: u64, cols: u64) -> Result<GameId, PartizanError> {
    let cake = cake(rows, cols)?;
    Ok(Evaluator::new().canonical_form(store, &cake))
}

/// A Cutcake piece's value and every cut of each player, in words.
pub fn cutcake_moves(
    store: &mut Store,
    rows: u64,
    cols: u64,
) -> Result<PositionMoves, PartizanError> {
    let cake = cake(rows, cols)?;
    let mut evaluator = Evaluator::new();
    position_moves(store, &cake, |store, c| evaluator.canonical_form(store, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::oracle::agrees_with_textbook;
    use conway_numbers::Dyadic;
    use proptest::prelude::*;

    /// A closed form, checked here against the search: with 2^j ≤ rows < 2^(j+1), Left's
    /// advantage is ⌊cols / 2^j⌋ − 1 cuts when that is positive; Right's likewise with the
    /// sides exchanged; at most one of the two is positive.
    fn closed_form(rows: u64, cols: u64) -> i64 {
        let advantage = |a: u64, b: u64| {
            let power = 1u64 << (63 - b.leading_zeros());
            (a / power).saturating_sub(1) as i64
        };
        advantage(cols, rows) - advantage(rows, cols)
    }

    fn integer(store: &Store, g: GameId) -> Option<i64> {
        let x = store.as_number(g)?;
        x.is_integer()
            .then(|| x.to_bigint())
            .flatten()
            .and_then(|n| i64::try_from(n).ok())
    }

    #[test]
    fn small_values_by_hand() {
        let mut store = Store::new();
        let mut value = |r, c| {
            let g = cutcake_value(&mut store, r, c).unwrap_or_else(|e| panic!("{e}"));
            store.as_number(g).cloned()
        };
        // One row: Left alone can cut, n − 1 times; one column: Right, n − 1 times.
        assert_eq!(value(1, 1), Some(Dyadic::zero()));
        assert_eq!(value(1, 5), Some(Dyadic::from_integer(4)));
        assert_eq!(value(5, 1), Some(Dyadic::from_integer(-4)));
        // 2×2: {2×1 + 2×1 | 1×2 + 1×2} = {−2 | 2} = 0.
        assert_eq!(value(2, 2), Some(Dyadic::zero()));
        // 2×3: {2×1 + 2×2 | 1×3 + 1×3} = {−1 | 4} = 0; 2×4: {0, −1 | 6} = 1.
        assert_eq!(value(2, 3), Some(Dyadic::zero()));
        assert_eq!(value(2, 4), Some(Dyadic::one()));
    }

    #[test]
    fn every_piece_is_an_integer_given_by_the_closed_form() {
        // Winning Ways, ch. 2, shows that Cutcake values are integers; the closed form
        // generalises the pattern of its table, and here both are checked by search.
        let mut store = Store::new();
        let mut evaluator = Evaluator::new();
        for rows in 1..=40u32 {
            for cols in 1..=40u32 {
                let g = evaluator.canonical_form(&mut store, &Cutcake::new([(rows, cols)]));
                assert_eq!(
                    integer(&store, g),
                    Some(closed_form(rows.into(), cols.into())),
                    "{rows} × {cols}"
                );
            }
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            cutcake_value(&mut store, 0, 3),
            Err(PartizanError::InvalidInput(_))
        ));
        assert!(matches!(
            cutcake_value(&mut store, 3, MAX_CUTCAKE_SIDE + 1),
            Err(PartizanError::TooLarge { what, .. }) if what.contains("columns")
        ));
        assert!(matches!(
            cutcake_value(&mut store, u64::MAX, 1),
            Err(PartizanError::TooLarge { size, .. }) if size == u64::MAX.to_string()
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn positions_agree_with_the_textbook(
            pieces in prop::collection::vec((1u32..=4, 1u32..=4), 0..=2)
        ) {
            prop_assert_eq!(agrees_with_textbook(&Cutcake::new(pieces)), Ok(()));
        }

        #[test]
        fn large_pieces_match_the_closed_form(rows in 1u64..=100, cols in 1u64..=100) {
            let mut store = Store::new();
            let g = cutcake_value(&mut store, rows, cols).map_err(|e| e.to_string());
            let g = g.map_err(TestCaseError::fail)?;
            prop_assert_eq!(integer(&store, g), Some(closed_form(rows, cols)));
        }
    }
}
