//! Digital Deletions (HDU 1404): a string of digits; a move either lowers one digit to a
//! smaller one, or erases a 0 and every digit after it. Whoever erases the last digit
//! wins (so the player facing the empty string has lost).
//!
//! No closed form is known: the answer comes from a table of every string the position can
//! reach — those no longer than it whose digits are at most its own, place by place — each
//! string's value the mex of its moves', shorter strings first and, at one length, smaller
//! digits first (a move only lowers a digit or shortens the string). Strings of up to
//! [`MAX_DIGITS`] digits.

use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, ImpartialGame, Outcome};

/// The longest string answered: its table holds at most 11,111,111 strings.
pub const MAX_DIGITS: usize = 7;

/// The game on strings, for the search that checks the table.
pub struct DigitalDeletions;

impl ImpartialGame for DigitalDeletions {
    type Position = Vec<u8>;
    fn options(&self, digits: &Vec<u8>) -> Vec<Vec<u8>> {
        moves(digits).into_iter().map(|(_, to)| to).collect()
    }
}

/// Every move from `digits`, each in words and the string it leaves: lowering each digit,
/// smallest change first, then erasing each 0 and what follows it.
pub fn moves(digits: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        for lower in (0..d).rev() {
            let mut to = digits.to_vec();
            to[i] = lower;
            out.push((format!("lower digit {} from {d} to {lower}", i + 1), to));
        }
    }
    for (i, &d) in digits.iter().enumerate() {
        if d == 0 {
            let words = if i + 1 == digits.len() {
                format!("erase the 0 at digit {}", i + 1)
            } else {
                format!("erase the 0 at digit {} and every digit after it", i + 1)
            };
            out.push((words, digits[..i].to_vec()));
        }
    }
    out
}

/// The digits of `text`, or why it is not a position.
pub fn parse(text: &str) -> Result<Vec<u8>, ImpartialError> {
    let digits: Vec<u8> = text
        .chars()
        .enumerate()
        .map(|(i, c)| {
            c.to_digit(10).map(|d| d as u8).ok_or_else(|| {
                ImpartialError::InvalidInput(format!(
                    "character {} ('{c}') is not a digit: a position is a string of digits \
                     0-9",
                    i + 1
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    if digits.len() > MAX_DIGITS {
        return Err(ImpartialError::too_large(
            "a string of digital-deletions",
            format!("{} digits", digits.len()),
            format!("{MAX_DIGITS} digits"),
        ));
    }
    Ok(digits)
}

/// The Grundy values of every string `start` can reach, by length then mixed-radix index
/// (place i counting 0..=start[i]): `tables[k]` holds the strings of length k.
fn tables(start: &[u8]) -> Vec<Vec<u8>> {
    let mut tables: Vec<Vec<u8>> = vec![vec![0]];
    for k in 1..=start.len() {
        let radix: Vec<usize> = start[..k].iter().map(|&d| usize::from(d) + 1).collect();
        // Weight of place i: the product of the radices after it.
        let mut weight = vec![1usize; k];
        for i in (0..k - 1).rev() {
            weight[i] = weight[i + 1] * radix[i + 1];
        }
        let size = weight[0] * radix[0];
        let mut values = vec![0u8; size];
        let mut digits = vec![0u8; k];
        for index in 0..size {
            // The options' values as bits: at most 9 lowerings and one erasure per digit,
            // so every value (a mex of them) is below 128.
            let mut seen: u128 = 0;
            // The index of digits[..i] in the table of length i, by Horner's rule.
            let mut prefix = 0usize;
            for i in 0..k {
                for lower in 0..digits[i] {
                    let other = index - usize::from(digits[i] - lower) * weight[i];
                    seen |= 1 << values[other];
                }
                if digits[i] == 0 {
                    // Erasing leaves the prefix before the 0, in the shorter table.
                    seen |= 1 << tables[i][prefix];
                }
                prefix = prefix * radix[i] + usize::from(digits[i]);
            }
            values[index] = (!seen).trailing_zeros() as u8;
            // The next string in index order: an odometer on the radices.
            for i in (0..k).rev() {
                digits[i] += 1;
                if usize::from(digits[i]) < radix[i] {
                    break;
                }
                digits[i] = 0;
            }
        }
        tables.push(values);
    }
    tables
}

/// The index of `digits` in the table of its length, for a table built from `start`: the
/// mixed-radix number with place i counting 0..=start[i], by Horner's rule.
fn index_of(start: &[u8], digits: &[u8]) -> usize {
    digits.iter().zip(start).fold(0, |at, (&d, &most)| {
        at * (usize::from(most) + 1) + usize::from(d)
    })
}

/// The position as text (the empty string when every digit is erased).
fn text(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// Offers every move.
pub fn offer_moves(list: &mut OptionList, digits: &[u8]) -> ControlFlow<()> {
    for (words, to) in moves(digits) {
        list.offer(|| WinningMove::new(words, text(&to)))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of a string of digits.
pub fn solve(digits: &[u8]) -> Solution {
    let tables = tables(digits);
    let value_of = |d: &[u8]| tables[d.len()][index_of(digits, d)];
    let value = value_of(digits);
    let mut found = OptionList::default();
    if value != 0 {
        for (words, to) in moves(digits) {
            if value_of(&to) == 0
                && found
                    .offer(|| WinningMove::new(words, text(&to)))
                    .is_break()
            {
                break;
            }
        }
    }
    let reachable: usize = tables.iter().map(Vec::len).sum();
    let mut solution = Solution::new(
        "digital-deletions",
        text(digits),
        Outcome::of_grundy_is_zero(value == 0),
    )
    .with_value(value)
    .fact("strings_searched", Fact::Count(reachable as u64))
    .note(
        "lower a digit, or erase a 0 and every digit after it; whoever erases the last digit wins",
    );
    if digits.is_empty() {
        solution = solution.note("every digit is erased: the player to move has lost");
    }
    with_winning_moves(solution, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;
    use proptest::prelude::*;

    /// HDU 1404 "Digital Deletions": "0" and "00" are won by the first player ("Yes"), "1"
    /// and "20" are not ("No").
    #[test]
    fn hdu_1404_samples() {
        let wins = |s: &str| solve(&parse(s).unwrap()).outcome == Outcome::N;
        assert!(wins("0"));
        assert!(wins("00"));
        assert!(!wins("1"));
        assert!(!wins("20"));
    }

    #[test]
    fn bad_strings_are_refused() {
        assert!(parse("12a").is_err());
        assert!(parse("12345678").is_err());
        assert!(parse("-1").is_err());
        assert_eq!(parse("").unwrap(), Vec::<u8>::new());
    }

    proptest! {
        #[test]
        fn table_matches_search(digits in proptest::collection::vec(0u8..10, 0..5)) {
            let s = solve(&digits);
            let mut solver = GrundySolver::new(&DigitalDeletions);
            let value = solver.grundy(&digits).unwrap();
            prop_assert_eq!(s.value, Some(crate::solution::nimber_notation(&value.to_string())));
            let mut found: Vec<String> = s.winning_moves.iter().map(|m| m.to.clone()).collect();
            found.sort();
            let mut expected: Vec<String> =
                solver.winning_options(&digits).unwrap().iter().map(|d| text(d)).collect();
            expected.sort();
            expected.dedup();
            prop_assert_eq!(found, expected);
        }
    }
}
