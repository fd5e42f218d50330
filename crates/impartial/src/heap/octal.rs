//! Octal games in Winning Ways' notation: `0.d1d2d3…`, digit `d_i` for removing `i` tokens.
//!
//! Read `d_i` as a bit set: 1 — the heap may be removed entirely (when it has exactly `i`
//! tokens); 2 — one non-empty heap may be left; 4 — two non-empty heaps may be left. A
//! leading `4.` allows splitting a heap in two without removing anything. Kayles is `0.77`,
//! Dawson's Kayles `0.07`.

use super::HeapRule;
use crate::ImpartialError;

/// An octal game given by its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    /// `digits[i]` is the code digit for removing `i` tokens (`digits[0]` is 0 or 4).
    digits: Vec<u8>,
}

impl OctalGame {
    /// Parses `0.77`, `.07`, `4.07`; every digit is 0–7 and the code is at most 64 digits.
    pub fn parse(code: &str) -> Result<Self, ImpartialError> {
        let bad = |why: &str| ImpartialError::InvalidInput(format!("octal code '{code}': {why}"));
        let (head, tail) = code.split_once('.').ok_or_else(|| bad("missing '.'"))?;
        let first = match head {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("the part before '.' must be 0 or 4")),
        };
        if tail.is_empty() {
            return Err(bad("no digits after '.'"));
        }
        if tail.len() > 64 {
            return Err(bad("more than 64 digits"));
        }
        let mut digits = vec![first];
        for c in tail.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(bad(&format!("'{c}' is not an octal digit (0-7)"))),
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

    /// The code in Winning Ways' notation.
    pub fn code(&self) -> String {
        let tail: String = self.digits[1..].iter().map(|d| d.to_string()).collect();
        format!("{}.{tail}", self.digits[0])
    }
}

impl HeapRule for OctalGame {
    fn heap_options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let left = n - i;
            if d & 1 != 0 && left == 0 && i > 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && left > 0 && i > 0 {
                out.push(vec![left]);
            }
            if d & 4 != 0 && left >= 2 {
                for a in 1..=left / 2 {
                    out.push(vec![a, left - a]);
                }
            }
        }
        out
    }
}

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
        assert!(OctalGame::parse("0.78").is_err());
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
