//! Checks that a claimed closed form agrees with the solver on a range of positions.
//!
//! This is how a pattern guessed from a table of values becomes a tested fact: run
//! [`check_closed_form`] over every small position and get the first counterexample.

use std::fmt::Debug;

/// The first position where a closed form and the reference disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch<P, V> {
    /// Where they differ.
    pub position: P,
    /// What the reference (usually the brute-force solver) says.
    pub expected: V,
    /// What the closed form says.
    pub claimed: V,
}

/// Compares `claimed` with `reference` on every position; `Err` holds the first mismatch.
pub fn check_closed_form<P, V, E>(
    positions: impl IntoIterator<Item = P>,
    mut claimed: impl FnMut(&P) -> V,
    mut reference: impl FnMut(&P) -> Result<V, E>,
) -> Result<Result<(), Mismatch<P, V>>, E>
where
    P: Debug,
    V: PartialEq + Debug,
{
    for position in positions {
        let expected = reference(&position)?;
        let got = claimed(&position);
        if got != expected {
            return Ok(Err(Mismatch {
                position,
                expected,
                claimed: got,
            }));
        }
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::subtraction::SubtractionGame;
    use crate::solver::GrundySolver;

    #[test]
    fn finds_the_first_counterexample() {
        let game = SubtractionGame::new(vec![1, 2, 3]).unwrap();
        let mut solver = GrundySolver::new(&game);
        let ok = check_closed_form(0..200u64, |n| n % 4, |n| solver.grundy(n)).unwrap();
        assert_eq!(ok, Ok(()));
        let bad = check_closed_form(0..200u64, |n| n % 3, |n| solver.grundy(n)).unwrap();
        assert_eq!(
            bad,
            Err(Mismatch {
                position: 3,
                expected: 3,
                claimed: 0
            })
        );
    }
}
