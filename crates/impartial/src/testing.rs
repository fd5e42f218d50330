//! Helpers shared by the oracle tests of the game modules.

use num_bigint::BigUint;

/// Heap sizes as big integers.
pub fn big(v: &[u64]) -> Vec<BigUint> {
    v.iter().map(|&x| BigUint::from(x)).collect()
}

/// Heaps written as text (`"3 0 5"`), as in a winning move's `to`.
pub fn parse_heaps<T: std::str::FromStr>(text: &str) -> Vec<T> {
    text.split(' ')
        .map(|x| x.parse().ok().expect("a heap size"))
        .collect()
}

/// Sorted without duplicates, so that two ways of listing moves compare equal.
pub fn sorted_unique<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v.dedup();
    v
}

/// The sorted positions reached by heap moves `(heap index, new size)`, without duplicates,
/// to compare with a solver's winning options on sorted positions.
pub fn positions_after(heaps: &[u64], moves: Vec<(usize, BigUint)>) -> Vec<Vec<u64>> {
    let positions = moves
        .into_iter()
        .map(|(i, to)| {
            let mut h = heaps.to_vec();
            h[i] = u64::try_from(to).expect("a small heap");
            h.sort();
            h
        })
        .collect();
    sorted_unique(positions)
}

/// The positions one move on one heap reaches, as text (`"3 0 5"`): heap `i` becomes each
/// size `heap_options(heaps[i])` gives. What a listing of a take-from-one-heap game's moves
/// must hold.
pub fn heap_moves_text(heaps: &[u64], heap_options: impl Fn(u64) -> Vec<u64>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in heap_options(h) {
            let mut next = heaps.to_vec();
            next[i] = to;
            out.push(crate::solution::heaps_text(&next));
        }
    }
    out
}

/// The positions a heap rule's moves leave from `heaps`, as text: each heap's options in
/// place, its parts spliced in (a heap taken whole stays as 0).
pub fn rule_positions<R: crate::heap::HeapRule>(rule: &R, heaps: &[u64]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let _ = rule.visit_options(h, &mut |parts| {
            let next = crate::heap::position::after(heaps, i, parts);
            out.push(crate::solution::heaps_text(&next));
            std::ops::ControlFlow::Continue(())
        });
    }
    out
}

/// Checks a solution of heaps under a heap rule against the search without the
/// Sprague-Grundy theorem: the outcome, and the winning moves as sorted positions (each
/// `to` read as heaps, which may be written as big numbers).
pub fn assert_matches_search<R: crate::heap::HeapRule>(
    rule: R,
    heaps: &[u64],
    solution: &crate::Solution,
) {
    use crate::heap::HeapSum;
    let root = HeapSum::<R>::position(heaps);
    let sum = HeapSum(rule);
    let mut solver = crate::solver::GrundySolver::new(&sum);
    let lost = solver.grundy(&root).expect("searched") == 0;
    assert_eq!(solution.outcome == crate::Outcome::P, lost, "{heaps:?}");
    let found: Vec<Vec<u64>> = solution
        .winning_moves
        .iter()
        .map(|m| HeapSum::<R>::position(&parse_heaps(&m.to)))
        .collect();
    let expected = solver.winning_options(&root).expect("searched");
    assert_eq!(sorted_unique(found), sorted_unique(expected), "{heaps:?}");
}
