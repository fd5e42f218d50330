//! Partizan Euclid (CGSuite's `game.heap.PartizanEuclid`): a pair of whole numbers (p, q)
//! played down as in Euclid's algorithm. Unless q is 0 or divides p, Left moves to
//! (q, p mod q) and Right to (q, q − p mod q); otherwise neither may move.
//!
//! `partizan_euclid(p, q)` is CGSuite's `PartizanEuclid((p, q))`. Each player has at most one
//! move, and the second number falls with every move, so a game lasts fewer than q moves.

use crate::moves::Described;
use crate::registry::{mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};
use crate::{moves_of_position, value_of, PartizanGame, Position};
use conway_partizan::{PartizanError, Player};

/// The largest number of a pair. The values' canonical forms can grow far faster than the
/// numbers: every pair up to 700 was valued, the slowest in 1 ms in a release build, but
/// (2974, 2231) exhausts the arithmetic budget of an evaluation (44 s).
pub const MAX_EUCLID_NUMBER: u64 = 700;

/// A pair (p, q).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PartizanEuclid {
    p: u64,
    q: u64,
}

impl PartizanEuclid {
    /// The pair, checked against [`MAX_EUCLID_NUMBER`].
    pub fn new(p: u64, q: u64) -> Result<PartizanEuclid, PartizanError> {
        for (what, n) in [("first", p), ("second", q)] {
            if n > MAX_EUCLID_NUMBER {
                return Err(PartizanError::too_large(
                    format!("partizan_euclid's {what} number"),
                    n,
                    MAX_EUCLID_NUMBER,
                ));
            }
        }
        Ok(PartizanEuclid { p, q })
    }

    /// The one move of `player`, if any.
    fn move_of(&self, player: Player) -> Option<PartizanEuclid> {
        let PartizanEuclid { p, q } = *self;
        if q == 0 || p.is_multiple_of(q) {
            return None;
        }
        let r = p % q;
        Some(PartizanEuclid {
            p: q,
            q: player.either(r, q - r),
        })
    }
}

impl Position for PartizanEuclid {
    fn left_moves(&self) -> Vec<Self> {
        self.move_of(Player::Left).into_iter().collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.move_of(Player::Right).into_iter().collect()
    }
}

impl PartizanGame for PartizanEuclid {}

impl Described for PartizanEuclid {
    fn expression(&self) -> String {
        format!("{}({}, {})", RULESET.name, self.p, self.q)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.move_of(player)
            .into_iter()
            .map(|after| {
                let text = format!(
                    "{} moves ({}, {}) to ({}, {})",
                    player.name(),
                    self.p,
                    self.q,
                    after.p,
                    after.q
                );
                (text, after)
            })
            .collect()
    }
}

/// The pair of the arguments.
fn pair(args: &[Arg<'_>]) -> Result<PartizanEuclid, PartizanError> {
    match args {
        [Arg::Natural(p), Arg::Natural(q)] => PartizanEuclid::new(*p, *q),
        _ => Err(mismatch()),
    }
}

/// Partizan Euclid in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "partizan_euclid",
    aliases: &["PartizanEuclid"],
    title: "Partizan Euclid",
    summary: "Partizan Euclid on a pair (p, q): unless q is 0 or divides p, Left moves to \
              (q, p mod q), Right to (q, q - p mod q)",
    params: &[
        Param::new("p", ParamKind::Natural),
        Param::new("q", ParamKind::Natural),
    ],
    example: "partizan_euclid(8, 7)",
    limits: &[Limit::new("numbers", MAX_EUCLID_NUMBER, || {
        format!("{}(1, {})", RULESET.name, MAX_EUCLID_NUMBER + 1)
    })],
    values: Values::Short {
        value: |store, args| Ok(value_of(store, &pair(args)?)),
        moves: |store, args| moves_of_position(store, &pair(args)?),
        variant: |store, variant, args| crate::variant::value_of(store, variant, &pair(args)?),
    },
    picture: None,
    board: None,
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, cgsuite_game};
    use conway_partizan::Store;
    use proptest::prelude::*;

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala`, "partizan coordinate
    /// games"): the pairs (8, n) for n = 0 … 8, and no Left option of (8, 8).
    #[test]
    fn cgsuite_row_of_eight() {
        let published = ["0", "0", "0", "v", "0", "0", "^", "^5", "0"];
        let mut store = Store::new();
        for (n, text) in (0..=8).zip(published) {
            let g = value_of(&mut store, &PartizanEuclid::new(8, n).expect("small"));
            assert_eq!(g, cgsuite_game(&mut store, text), "(8, {n})");
        }
        assert!(PartizanEuclid::new(8, 8)
            .expect("small")
            .left_moves()
            .is_empty());
    }

    #[test]
    fn moves_are_told_in_words_and_limits_refused() {
        let mut store = Store::new();
        let moves = RULESET
            .value(&mut store, &[Arg::Natural(8), Arg::Natural(3)])
            .map(drop);
        assert_eq!(moves, Ok(()));
        let position = PartizanEuclid::new(8, 3).expect("small");
        let left = position.described_moves(Player::Left);
        assert_eq!(left[0].0, "Left moves (8, 3) to (3, 2)");
        assert_eq!(
            position.described_moves(Player::Right)[0].1.expression(),
            "partizan_euclid(3, 1)"
        );
        assert!(matches!(
            PartizanEuclid::new(1, MAX_EUCLID_NUMBER + 1),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The values against the textbook, and the moves against the rule written out:
        /// Left's second number is the remainder, Right's its complement to q.
        #[test]
        fn pairs_agree_with_the_definition(p in 0u64..60, q in 0u64..60) {
            let position = PartizanEuclid::new(p, q).expect("small");
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            let moves = |player| position.move_of(player).map(|m| (m.p, m.q));
            let ends = q == 0 || p % q == 0;
            prop_assert_eq!(moves(Player::Left), (!ends).then(|| (q, p - q * (p / q))));
            prop_assert_eq!(moves(Player::Right), (!ends).then(|| (q, q - (p - q * (p / q)))));
        }
    }
}
