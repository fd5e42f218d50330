//! The heap games `conway grundy` knows by name or code, and the report it prints for one:
//! the value sequence, and its period — certified by the periodicity theorem where one
//! applies, otherwise only observed, with how far it was checked.

use super::fast::SequenceEngine;
use super::octal::OctalGame;
use super::{grundy_sequence, HeapRule};
use crate::periodicity::{find_period, Periodicity};
use crate::ImpartialError;

/// The most heaps `conway grundy` tabulates for a code (the rare/common engine; two bytes per
/// value).
pub const MAX_HEAP: usize = 1 << 28;

/// The most heaps tabulated for Grundy's game, which has no fast engine yet (quadratic).
pub const MAX_GRUNDY_HEAP: usize = 1 << 16;

/// A heap game with a name or a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGame {
    /// An octal or hexadecimal code.
    Code(OctalGame),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
}

/// Named games: (name, code or description).
pub const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("treblecross", "0.007"),
    ("grundy", "split a heap into two unequal heaps"),
];

impl HeapGame {
    /// A game from a name of [`NAMED`] or a code such as `0.77`, `4.07`, `0.F7`.
    pub fn parse(text: &str) -> Result<HeapGame, ImpartialError> {
        let key = text.trim().to_ascii_lowercase().replace('_', "-");
        if key == "grundy" || key == "grundys-game" {
            return Ok(HeapGame::Grundy);
        }
        if let Some((_, code)) = NAMED.iter().find(|(name, _)| *name == key) {
            return Ok(HeapGame::Code(OctalGame::parse(code)?));
        }
        if !text.contains('.') {
            return Err(ImpartialError::InvalidInput(format!(
                "unknown game '{text}': give a code such as 0.77 or a name from 'conway grundy --list'"
            )));
        }
        Ok(HeapGame::Code(OctalGame::parse(text.trim())?))
    }

    /// The name shown in reports: the code, or the game's name.
    pub fn name(&self) -> String {
        match self {
            HeapGame::Code(g) => g.code(),
            HeapGame::Grundy => "grundy".to_string(),
        }
    }

    /// Grundy values of heaps 0..len (codes by the rare/common engine).
    pub fn sequence(&self, len: usize) -> Result<Vec<u64>, ImpartialError> {
        self.sequence_with_progress(len, |_| {})
    }

    /// The same, telling `progress` how many heaps are done every so often.
    pub fn sequence_with_progress(
        &self,
        len: usize,
        mut progress: impl FnMut(usize),
    ) -> Result<Vec<u64>, ImpartialError> {
        match self {
            HeapGame::Code(g) => {
                let mut engine = SequenceEngine::new(g);
                engine.extend_to(len, |done| {
                    progress(done);
                    true
                })?;
                Ok(engine.into_values().to_u64_vec())
            }
            HeapGame::Grundy => Ok(grundy_sequence(&GrundysGame, len)),
        }
    }

    /// The period the periodicity theorem certifies from these values, if the game has one.
    pub fn certified_period(&self, values: &[u64]) -> Option<Periodicity> {
        match self {
            HeapGame::Code(g) => g.certified_period(values),
            // No periodicity theorem is known for Grundy's game.
            HeapGame::Grundy => None,
        }
    }
}

/// Grundy's game as a heap rule.
#[derive(Clone, Copy, Debug)]
pub struct GrundysGame;

impl HeapRule for GrundysGame {
    fn heap_options(&self, n: u64) -> Vec<Vec<u64>> {
        (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()
    }
}

/// What `conway grundy` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceReport {
    /// The game's code or name.
    pub game: String,
    /// Values were computed for heaps 0..computed_to.
    pub computed_to: usize,
    /// The values.
    pub values: Vec<u64>,
    /// The period and preperiod: certified, or else the least one the values show at least
    /// three times after the preperiod, over a stretch at least twice the preperiod.
    pub period: Option<Periodicity>,
    /// Whether the period is proved by the periodicity theorem.
    pub certified: bool,
}

/// Computes the values of heaps `0..len` and their period.
pub fn analyse(game: &HeapGame, len: usize) -> Result<SequenceReport, ImpartialError> {
    analyse_with_progress(game, len, |_| {})
}

/// [`analyse`], reporting the heaps done to `progress` during long runs.
pub fn analyse_with_progress(
    game: &HeapGame,
    len: usize,
    progress: impl FnMut(usize),
) -> Result<SequenceReport, ImpartialError> {
    let limit = match game {
        HeapGame::Code(_) => MAX_HEAP,
        HeapGame::Grundy => MAX_GRUNDY_HEAP,
    };
    if len > limit {
        return Err(ImpartialError::InvalidInput(format!(
            "--to {len}: at most {limit} heaps are tabulated for {}",
            game.name()
        )));
    }
    let values = game.sequence_with_progress(len, progress)?;
    let certified = game.certified_period(&values);
    let period = certified.or_else(|| {
        find_period(&values, values.len() / 3, |len, pre, per| {
            len >= 2 * pre + 3 * per
        })
    });
    Ok(SequenceReport {
        game: game.name(),
        computed_to: len,
        certified: certified.is_some(),
        period,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grundy's game, OEIS A002188, n = 0..29.
    #[test]
    fn grundys_game_matches_oeis() {
        let a002188 = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2,
        ];
        assert_eq!(HeapGame::Grundy.sequence(30).unwrap(), a002188);
    }

    #[test]
    fn names_and_codes() {
        assert_eq!(HeapGame::parse("kayles").unwrap().name(), "0.77");
        assert_eq!(HeapGame::parse("Dawsons_Kayles").unwrap().name(), "0.07");
        assert_eq!(HeapGame::parse("0.137").unwrap().name(), "0.137");
        assert!(HeapGame::parse("chess").is_err());
        assert!(HeapGame::parse("0.9x").is_err());
    }

    #[test]
    fn kayles_is_certified_and_grundy_only_observed() {
        let r = analyse(&HeapGame::parse("kayles").unwrap(), 200).unwrap();
        assert!(r.certified);
        assert_eq!(
            r.period,
            Some(Periodicity {
                preperiod: 71,
                period: 12
            })
        );
        let r = analyse(&HeapGame::Grundy, 300).unwrap();
        assert!(!r.certified);
        assert!(analyse(&HeapGame::Grundy, MAX_GRUNDY_HEAP + 1).is_err());
    }
}
