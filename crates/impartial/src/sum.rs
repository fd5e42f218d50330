//! Disjunctive sums: the Sprague-Grundy theorem and the winning moves of a sum.

use crate::solver::GrundySolver;
use crate::{ImpartialError, ImpartialGame};

/// The nim-sum (exclusive or) of Grundy values: the value of a disjunctive sum.
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// A disjunctive sum of positions of one game, played as a game of its own: a move is a
/// move in exactly one component. Used as the brute-force oracle for the Sprague-Grundy
/// theorem — its solver never xors anything.
pub struct SumGame<'g, G>(pub &'g G);

impl<G: ImpartialGame> ImpartialGame for SumGame<'_, G>
where
    G::Position: Ord,
{
    type Position = Vec<G::Position>;

    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        for (i, component) in position.iter().enumerate() {
            for option in self.0.options(component) {
                let mut next = position.clone();
                next[i] = option;
                // Sums are commutative: a sorted list is a canonical position.
                next.sort();
                out.push(next);
            }
        }
        out
    }
}

/// Every winning move of a sum: `(component index, position the component moves to)`.
///
/// A move in component `i` wins exactly when it brings that component to the value
/// `g_i ⊕ total`, which may be larger than `g_i`.
pub fn winning_moves_of_sum<G: ImpartialGame>(
    solver: &mut GrundySolver<'_, G>,
    game: &G,
    components: &[G::Position],
) -> Result<Vec<(usize, G::Position)>, ImpartialError> {
    let values = components
        .iter()
        .map(|c| solver.grundy(c))
        .collect::<Result<Vec<_>, _>>()?;
    let total = nim_sum(values.iter().copied());
    let mut moves = Vec::new();
    if total == 0 {
        return Ok(moves);
    }
    for (i, component) in components.iter().enumerate() {
        let target = values[i] ^ total;
        let mut seen = Vec::new();
        for option in game.options(component) {
            if !seen.contains(&option) && solver.grundy(&option)? == target {
                seen.push(option.clone());
                moves.push((i, option));
            }
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::subtraction::SubtractionGame;
    use proptest::prelude::*;

    proptest! {
        /// The Sprague-Grundy theorem, checked against a search that never xors.
        #[test]
        fn sum_value_is_xor(heaps in proptest::collection::vec(0u64..9, 1..4)) {
            let game = SubtractionGame::new(vec![1, 3, 4]).unwrap();
            let mut single = GrundySolver::new(&game);
            let xor = nim_sum(heaps.iter().map(|h| single.grundy(h).unwrap()));
            let sum = SumGame(&game);
            let mut sorted = heaps.clone();
            sorted.sort();
            prop_assert_eq!(GrundySolver::new(&sum).grundy(&sorted).unwrap(), xor);
        }

        /// The winning moves found by xor are exactly the moves to P-positions of the sum.
        #[test]
        fn winning_moves_match_search(heaps in proptest::collection::vec(0u64..9, 1..4)) {
            let game = SubtractionGame::new(vec![1, 2, 5]).unwrap();
            let mut solver = GrundySolver::new(&game);
            let mut found: Vec<Vec<u64>> = winning_moves_of_sum(&mut solver, &game, &heaps)
                .unwrap()
                .into_iter()
                .map(|(i, to)| { let mut h = heaps.clone(); h[i] = to; h.sort(); h })
                .collect();
            found.sort();
            found.dedup();
            let sum = SumGame(&game);
            let mut sorted = heaps.clone();
            sorted.sort();
            let mut expected = GrundySolver::new(&sum).winning_options(&sorted).unwrap();
            expected.sort();
            prop_assert_eq!(found, expected);
        }
    }
}
