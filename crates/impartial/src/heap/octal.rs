//! Octal and hexadecimal games in Winning Ways' notation: `0.d1d2d3…`, digit `d_i` for
//! removing `i` tokens.
//!
//! Read `d_i` as a bit set: 1 — the heap may be removed entirely (when it has exactly `i`
//! tokens); 2 — one non-empty heap may be left; 4 — two non-empty heaps may be left; 8 (the
//! hexadecimal digits 8–F) — three non-empty heaps may be left. A leading `4.` (or `8.`, `C.`)
//! allows splitting a heap without removing anything. Kayles is `0.77`, Dawson's Kayles `0.07`.
//!
//! Periods are certified by the periodicity theorem (Guy and Smith 1956; Winning Ways ch. 4):
//! if a game whose moves leave at most k heaps and remove at most t tokens satisfies
//! G(n + p) = G(n) for n0 ≤ n < k·(n0 + p) + t − p, the values are periodic from n0 on
//! (CGSuite uses the multiplier k = 3 for hexadecimal games; k = 1 for pure subtraction).

use std::ops::ControlFlow;

use super::HeapRule;
use crate::periodicity::{find_period, Periodicity};
use crate::ImpartialError;

/// An octal game given by its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    /// `digits[i]` is the code digit for removing `i` tokens (`digits[0]` is 0 or 4).
    digits: Vec<u8>,
}

impl OctalGame {
    /// Parses `0.77`, `.07`, `4.07`, hexadecimal `0.F7`; every digit is 0–F and the code is at
    /// most 64 digits.
    pub fn parse(code: &str) -> Result<Self, ImpartialError> {
        let bad = |why: &str| ImpartialError::InvalidInput(format!("game code '{code}': {why}"));
        let (head, tail) = code.split_once('.').ok_or_else(|| bad("missing '.'"))?;
        let first = match head.to_ascii_uppercase().as_str() {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "C" => 12,
            _ => {
                return Err(bad(
                    "the part before '.' must be 0, 4, 8 or C (splitting without taking)",
                ))
            }
        };
        if tail.is_empty() {
            return Err(bad("no digits after '.'"));
        }
        if tail.len() > 64 {
            return Err(bad("more than 64 digits"));
        }
        let mut digits = vec![first];
        for c in tail.chars() {
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(bad(&format!(
                        "'{c}' is not an octal or hexadecimal digit (0-9, A-F)"
                    )))
                }
            }
        }
        Ok(OctalGame { digits })
    }

    /// Kayles: knock down one pin or two adjacent pins from a row.
    pub fn kayles() -> Self {
        OctalGame {
            digits: vec![0, 7, 7],
        }
    }

    /// Dawson's Kayles: knock down two adjacent pins.
    pub fn dawsons_kayles() -> Self {
        OctalGame {
            digits: vec![0, 0, 7],
        }
    }

    /// The code in Winning Ways' notation (hexadecimal digits in upper case).
    pub fn code(&self) -> String {
        let hex = |d: &u8| format!("{d:X}");
        let tail: String = self.digits[1..].iter().map(hex).collect();
        format!("{}.{tail}", hex(&self.digits[0]))
    }

    /// The code digits: `digits()[i]` is the digit for removing `i` tokens (`digits()[0]` is
    /// the head, 0, 4, 8 or 12).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The most tokens one move removes (the number of digits after the point).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The most heaps one move leaves: 3 for hexadecimal codes, 2 for splitting octal codes,
    /// 1 for subtraction games.
    pub fn max_heaps(&self) -> usize {
        let all = self.digits.iter().fold(0, |acc, d| acc | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// How many digits (the head included) allow leaving three heaps: each costs the
    /// quadratic method a pass over the smaller heaps.
    pub fn three_split_digits(&self) -> usize {
        self.digits.iter().filter(|&&d| d & 8 != 0).count()
    }

    /// The least preperiod and period of `values` (G(0), G(1), …) that the periodicity
    /// theorem certifies from these values alone, if any.
    pub fn certified_period<T: PartialEq>(&self, values: &[T]) -> Option<Periodicity> {
        let (k, t) = (self.max_heaps(), self.max_take());
        find_period(values, values.len() / 2, |len, pre, per| {
            len >= k * (pre + per) + t
        })
    }
}

impl HeapRule for OctalGame {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let left = n - i;
            if d & 1 != 0 && left == 0 && i > 0 {
                visit(&[])?;
            }
            if d & 2 != 0 && left > 0 && i > 0 {
                visit(&[left])?;
            }
            if d & 4 != 0 && left >= 2 {
                for a in 1..=left / 2 {
                    visit(&[a, left - a])?;
                }
            }
            if d & 8 != 0 && left >= 3 {
                for a in 1..=left / 3 {
                    for b in a..=(left - a) / 2 {
                        visit(&[a, b, left - a - b])?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Published (code, preperiod, period) triples (Winning Ways ch. 4; Flammenkamp's octal
/// tables) that every engine's values must certify.
#[cfg(test)]
pub(crate) const PUBLISHED_PERIODS: &[(&str, usize, usize)] = &[
    ("0.77", 71, 12),
    ("0.07", 53, 34),
    ("0.137", 52, 34),
    ("0.15", 1, 10),
    ("0.45", 498, 20),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{grundy_sequence, HeapSum};
    use crate::solver::GrundySolver;

    #[test]
    fn parses_codes() {
        assert_eq!(OctalGame::parse("0.77").unwrap(), OctalGame::kayles());
        assert_eq!(
            OctalGame::parse(".07").unwrap(),
            OctalGame::dawsons_kayles()
        );
        assert_eq!(OctalGame::parse("4.07").unwrap().code(), "4.07");
        assert_eq!(OctalGame::parse("0.f7").unwrap().code(), "0.F7");
        assert!(OctalGame::parse("0.7G").is_err());
        assert!(OctalGame::parse("077").is_err());
        assert!(OctalGame::parse("2.7").is_err());
        assert!(OctalGame::parse("0.").is_err());
    }

    /// Kayles, OEIS A002186 (Sprague-Grundy values of Kayles), n = 0..35.
    #[test]
    fn kayles_matches_oeis() {
        let a002186 = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
            4, 7, 2, 1, 8, 6, 7,
        ];
        assert_eq!(grundy_sequence(&OctalGame::kayles(), 36), a002186);
    }

    /// Dawson's Kayles (0.07): OEIS A002187 notes that heap n has the value a(n-1);
    /// n = 0..35: 0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0.
    #[test]
    fn dawsons_kayles_matches_oeis() {
        let expected = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
            0, 4, 5, 2, 7, 4, 0,
        ];
        assert_eq!(grundy_sequence(&OctalGame::dawsons_kayles(), 36), expected);
    }

    /// Published periods (Winning Ways ch. 4; Flammenkamp's octal tables), each certified by
    /// the periodicity theorem from the values computed.
    #[test]
    fn published_periods_are_certified() {
        for &(code, preperiod, period) in PUBLISHED_PERIODS {
            let game = OctalGame::parse(code).unwrap();
            let needed = 2 * (preperiod + period) + game.max_take();
            let values = grundy_sequence(&game, needed);
            let p = game.certified_period(&values).expect(code);
            assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
            // One value fewer and the theorem no longer applies.
            let short = &values[..needed - 1];
            assert_ne!(game.certified_period(short), Some(p), "{code}");
        }
    }

    /// Three-heap splits (hexadecimal digit 8): every part non-empty, each split once.
    #[test]
    fn hexadecimal_digits_split_into_three() {
        let game = OctalGame::parse("0.8").unwrap();
        let mut options = game.heap_options(6);
        options.iter_mut().for_each(|o| o.sort_unstable());
        options.sort();
        assert_eq!(options, vec![vec![1, 1, 3], vec![1, 2, 2]]);
        // 0.F: any split of a heap after removing one token, into at most three heaps;
        // checked against a search of sums.
        let game = OctalGame::parse("0.F").unwrap();
        let g = grundy_sequence(&game, 10);
        let sum = HeapSum(game.clone());
        let mut solver = GrundySolver::new(&sum);
        for n in 0..10u64 {
            let p = HeapSum::<OctalGame>::position(&[n]);
            assert_eq!(solver.grundy(&p).unwrap(), g[n as usize], "heap {n}");
        }
    }

    /// The Sprague-Grundy theorem for splitting games: sums searched directly agree.
    #[test]
    fn sums_agree_with_search() {
        let game = OctalGame::kayles();
        let g = grundy_sequence(&game, 12);
        let sum = HeapSum(game.clone());
        let mut solver = GrundySolver::new(&sum);
        for a in 0..8u64 {
            for b in 0..8u64 {
                let p = HeapSum::<OctalGame>::position(&[a, b]);
                assert_eq!(
                    solver.grundy(&p).unwrap(),
                    g[a as usize] ^ g[b as usize],
                    "{a}+{b}"
                );
            }
        }
    }
}
