//! The Anti-SG (Sprague-Grundy-Jia) verdict for misère sums of tame components.
//!
//! Misère outcomes of any finite game come from [`crate::solver::MisereSolver`], an exact
//! search. The SJ theorem below is a shortcut that is exact only for *Anti-SG games* — games
//! whose misère play behaves like misère Nim (every component game is "tame" in the sense
//! that the misère analysis of Nim applies, e.g. Nim heaps and games whose positions of
//! value 0 or 1 behave like nim heaps of size 0 or 1). It is **not** a general misère
//! theory: wild games such as misère Kayles need the genus or misère quotients.

use crate::Outcome;

/// The SJ-theorem verdict for the misère sum of components with these Grundy values: the
/// player to move wins iff (the nim-sum is non-zero and some component exceeds 1) or (the
/// nim-sum is zero and no component exceeds 1).
///
/// Source: Jia Zhihao, 2009 Chinese national training-team paper (the "SJ theorem");
/// exact for misère Nim (Bouton), checked against search in the tests.
pub fn sj_verdict(values: &[u64]) -> Outcome {
    let xor = values.iter().fold(0, |a, b| a ^ b);
    let some_large = values.iter().any(|&v| v > 1);
    Outcome::from_next_player_wins((xor != 0 && some_large) || (xor == 0 && !some_large))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::NimHeap;
    use crate::solver::MisereSolver;
    use crate::sum::SumGame;
    use proptest::prelude::*;

    proptest! {
        /// For sums of nim heaps the SJ verdict is the exact misère outcome.
        #[test]
        fn sj_is_exact_for_nim(heaps in proptest::collection::vec(0u64..6, 1..5)) {
            let mut sorted = heaps.clone();
            sorted.sort();
            let searched = MisereSolver::new(&SumGame(&NimHeap)).outcome(&sorted).unwrap();
            prop_assert_eq!(sj_verdict(&heaps), searched);
        }
    }
}
