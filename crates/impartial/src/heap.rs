//! Heap games (take-and-break): a position is a multiset of heaps, a move changes one heap
//! into zero, one or more smaller heaps.
//!
//! A [`HeapRule`] says what one heap may become. Its Grundy sequence comes from
//! [`grundy_sequence`] (the Sprague-Grundy theorem applied to the parts of each option);
//! [`HeapSum`] plays the multiset as a game of its own, the brute-force oracle that checks the
//! theorem. Octal codes (Kayles `0.77`, Dawson's Kayles `0.07`) live in [`octal`]; their
//! sequences to millions of heaps come from the rare/common engine in [`fast`], which
//! [`grundy_sequence`] checks as the oracle. Every engine's values are stored as
//! [`values::Values`], one, two or four bytes per heap.

pub mod all_but;
pub mod catalog;
pub mod checkpoint;
pub mod fast;
pub mod forms;
pub mod genus;
pub mod lasker;
pub mod octal;
pub mod picture;
pub mod position;
pub mod quotient;
pub mod sequence;
pub mod spawning;
pub mod subtraction;
pub mod values;

use std::ops::ControlFlow;

use crate::{mex, ImpartialGame};

/// The moves of a heap game: what a single heap of `n` may be turned into.
pub trait HeapRule {
    /// Offers every option of a heap of `n` to `visit`, until it breaks: each option is the
    /// list of non-empty heaps left (empty when the heap is removed), in increasing order,
    /// each option once. Every part must be smaller than `n`. Rules with many options (a
    /// heap of a million has half a million splits, and 8·10^10 three-heap splits) are
    /// visited without building the list.
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// Every option of a heap of `n`, in the order [`HeapRule::visit_options`] visits them.
    fn heap_options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = self.visit_options(n, &mut |parts| {
            out.push(parts.to_vec());
            ControlFlow::Continue(())
        });
        out
    }
}

/// Offers the options of a heap of `n` under a subtraction rule whose takes up to `n` are
/// `takes`, smallest first: the heaps left, in increasing order (the largest take first;
/// a heap taken whole leaves nothing).
pub fn visit_subtractions(
    n: u64,
    takes: impl DoubleEndedIterator<Item = u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for take in takes.rev() {
        let left = n - take;
        visit(if left == 0 {
            &[]
        } else {
            std::slice::from_ref(&left)
        })?;
    }
    ControlFlow::Continue(())
}

/// Grundy values of heaps `0..len`, from the rule and the Sprague-Grundy theorem.
pub fn grundy_sequence<R: HeapRule + ?Sized>(rule: &R, len: usize) -> Vec<u64> {
    let values = try_grundy_sequence(len, |n| {
        Ok::<_, std::convert::Infallible>(rule.heap_options(n))
    });
    match values {
        Ok(values) => values,
        Err(never) => match never {},
    }
}

/// The Grundy values of heaps `0..len` of a game whose moves from a heap of `n` come from
/// `moves_of(n)`, which may fail (a rule from outside, such as a Python function): each
/// move the heaps it leaves, every one smaller than `n`. A move's value is the nim-sum of
/// the heaps it leaves, a heap's the mex of its moves' (the Sprague-Grundy theorem, heap by
/// heap). The first error of `moves_of` ends it.
pub fn try_grundy_sequence<E>(
    len: usize,
    mut moves_of: impl FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
) -> Result<Vec<u64>, E> {
    let mut values: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len as u64 {
        let options = moves_of(n)?;
        let reached = options.iter().map(|parts| {
            parts.iter().fold(0, |acc, &p| {
                acc ^ values[usize::try_from(p).unwrap_or(usize::MAX)]
            })
        });
        let g = mex(reached);
        values.push(g);
    }
    Ok(values)
}

/// A multiset of heaps played under a [`HeapRule`], searched without the Sprague-Grundy
/// theorem. Positions are sorted lists of non-empty heaps.
pub struct HeapSum<R>(pub R);

impl<R: HeapRule> HeapSum<R> {
    /// The canonical position for a list of heaps: sorted, zero heaps dropped.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        p.sort_unstable();
        p
    }
}

impl<R: HeapRule> ImpartialGame for HeapSum<R> {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue; // equal heaps have the same options
            }
            for parts in self.0.heap_options(h) {
                let mut next: Vec<u64> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                next.extend(parts);
                out.push(Self::position(&next));
            }
        }
        out
    }
}

/// A single heap as an [`ImpartialGame`] whose positions are heap sizes. Only valid for rules
/// whose options are single heaps (subtraction games); for splitting rules use [`HeapSum`].
pub struct SingleHeap<R>(pub R);

impl<R: HeapRule> ImpartialGame for SingleHeap<R> {
    type Position = u64;

    fn options(&self, n: &u64) -> Vec<u64> {
        self.0
            .heap_options(*n)
            .into_iter()
            .map(|parts| parts.first().copied().unwrap_or(0))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fallible rule gives the same values as the rule itself, and its first error ends
    /// the sequence.
    #[test]
    fn fallible_rules_give_the_rules_values_or_their_first_error() {
        let kayles = octal::OctalGame::parse("0.77").expect("a code");
        let values = try_grundy_sequence(40, |n| Ok::<_, ()>(kayles.heap_options(n)));
        assert_eq!(values, Ok(grundy_sequence(&kayles, 40)));
        // Kayles' values (Winning Ways, ch. 4): 0 1 2 3 1 4 3 2 1 4 2 6.
        assert_eq!(
            values.expect("no error")[..12],
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
        let mut asked = Vec::new();
        let failing = try_grundy_sequence(10, |n| {
            asked.push(n);
            if n == 3 {
                Err(format!("rule({n}) failed"))
            } else {
                Ok(kayles.heap_options(n))
            }
        });
        assert_eq!(failing, Err("rule(3) failed".to_string()));
        assert_eq!(asked, [0, 1, 2, 3]);
    }
}
