//! Partizan subtraction games (Fraenkel and Kotzig, "Partizan octal games: partizan
//! subtraction games", 1987): a heap of n tokens, from which Left may take any number in her
//! subtraction set L and Right any number in his set R.
//!
//! `partizan_subtraction([1,3], [2,3], 6)` is a heap of 6 under L = {1, 3}, R = {2, 3}, as
//! CGSuite's `PartizanSubtraction([1,3],[2,3])(6)`. Every number in the sets must be at least
//! 1 (taking 0 would be a pass, and the game loopy).
//!
//! The heap is one component: its value is computed for every heap from 0 up to n, each from
//! the smaller ones, without recursion.

use crate::moves::{position_moves, Described, PositionMoves};
use crate::registry::{mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};
use crate::{check_size, PartizanGame};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// The largest heap accepted. Values' canonical forms grow with the heap in some games, so the
/// work grows faster than the heap: the slowest sets we tried ({1,3} against {2,3}) take
/// 0.3 s at 500 and 3.5 s at 1,000 in a release build.
pub const MAX_SUBTRACTION_HEAP: u64 = 500;

/// The most numbers in one subtraction set.
pub const MAX_SUBTRACTION_SET: usize = 100;

/// A heap under a pair of subtraction sets.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PartizanSubtraction {
    left: Vec<u64>,
    right: Vec<u64>,
    heap: u64,
}

impl PartizanSubtraction {
    /// The heap of `heap` tokens under the sets, checked against the limits.
    pub fn new(left: &[u64], right: &[u64], heap: u64) -> Result<Self, PartizanError> {
        let set = |numbers: &[u64], whose: &str| -> Result<Vec<u64>, PartizanError> {
            check_size(
                &format!("partizan_subtraction's {whose} set"),
                numbers.len(),
                MAX_SUBTRACTION_SET,
            )?;
            if numbers.contains(&0) {
                return Err(PartizanError::InvalidInput(format!(
                    "partizan_subtraction: {whose}'s set contains 0; every number taken must \
                     be at least 1 (taking 0 would be a pass)"
                )));
            }
            let mut numbers = numbers.to_vec();
            numbers.sort_unstable();
            numbers.dedup();
            Ok(numbers)
        };
        if heap > MAX_SUBTRACTION_HEAP {
            return Err(PartizanError::too_large(
                "partizan_subtraction's heap",
                heap,
                MAX_SUBTRACTION_HEAP,
            ));
        }
        Ok(PartizanSubtraction {
            left: set(left, "Left")?,
            right: set(right, "Right")?,
            heap,
        })
    }

    fn set(&self, player: Player) -> &[u64] {
        let left = player.is_left();
        if left {
            &self.left
        } else {
            &self.right
        }
    }

    /// The heap after taking `k`.
    fn taking(&self, k: u64) -> PartizanSubtraction {
        PartizanSubtraction {
            heap: self.heap - k,
            ..self.clone()
        }
    }

    /// The numbers `player` may take now.
    fn takes(&self, player: Player) -> impl Iterator<Item = u64> + '_ {
        self.set(player).iter().copied().filter(|&k| k <= self.heap)
    }

    /// The values of every heap from 0 to this one, the smaller first.
    fn values(&self, store: &mut Store) -> Vec<GameId> {
        let mut values: Vec<GameId> = Vec::with_capacity(self.heap as usize + 1);
        for n in 0..=self.heap {
            let options = |set: &[u64], values: &[GameId]| -> Vec<GameId> {
                set.iter()
                    .take_while(|&&k| k <= n)
                    .map(|&k| values[(n - k) as usize])
                    .collect()
            };
            let (left, right) = (options(&self.left, &values), options(&self.right, &values));
            values.push(store.construct(&left, &right));
            if store.stop_requested() {
                break;
            }
        }
        values
    }

    fn list(numbers: &[u64]) -> String {
        let numbers: Vec<String> = numbers.iter().map(u64::to_string).collect();
        format!("[{}]", numbers.join(","))
    }
}

impl crate::Position for PartizanSubtraction {
    fn left_moves(&self) -> Vec<Self> {
        self.takes(Player::Left).map(|k| self.taking(k)).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.takes(Player::Right).map(|k| self.taking(k)).collect()
    }
}

impl PartizanGame for PartizanSubtraction {}

impl Described for PartizanSubtraction {
    fn expression(&self) -> String {
        format!(
            "partizan_subtraction({}, {}, {})",
            Self::list(&self.left),
            Self::list(&self.right),
            self.heap
        )
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.takes(player)
            .map(|k| {
                let text = format!(
                    "{} takes {k} from the heap of {}, leaving {}",
                    player.name(),
                    self.heap,
                    self.heap - k
                );
                (text, self.taking(k))
            })
            .collect()
    }
}

/// The canonical form of a heap of `heap` under Left's set `left` and Right's `right`.
pub fn partizan_subtraction_value(
    store: &mut Store,
    left: &[u64],
    right: &[u64],
    heap: u64,
) -> Result<GameId, PartizanError> {
    let position = PartizanSubtraction::new(left, right, heap)?;
    let values = position.values(store);
    Ok(values.last().copied().unwrap_or_else(|| store.zero()))
}

/// The heap's value and every move of each player, in words.
pub fn partizan_subtraction_moves(
    store: &mut Store,
    left: &[u64],
    right: &[u64],
    heap: u64,
) -> Result<PositionMoves, PartizanError> {
    let position = PartizanSubtraction::new(left, right, heap)?;
    let values = position.values(store);
    position_moves(store, &position, |store, p| {
        values
            .get(p.heap as usize)
            .copied()
            .unwrap_or_else(|| store.zero())
    })
}

/// Partizan subtraction in the registry: a heap of n, Left's and Right's sets as parameters.
pub static RULESET: Ruleset = Ruleset {
    name: "partizan_subtraction",
    aliases: &["PartizanSubtraction"],
    title: "Partizan Subtraction",
    summary: "a heap of n: Left takes a number in the list L, Right one in R",
    params: &[
        Param::new("L", ParamKind::Naturals),
        Param::new("R", ParamKind::Naturals),
        Param::new("n", ParamKind::Natural),
    ],
    example: "partizan_subtraction([1,3], [2,3], 6)",
    limits: &[
        Limit::new("heap", MAX_SUBTRACTION_HEAP, || {
            format!("{}([1], [1], {})", RULESET.name, MAX_SUBTRACTION_HEAP + 1)
        }),
        Limit::new("numbers in a set", MAX_SUBTRACTION_SET as u64, || {
            let set: Vec<String> = (1..=MAX_SUBTRACTION_SET + 1)
                .map(|n| n.to_string())
                .collect();
            format!("{}([{}], [1], 5)", RULESET.name, set.join(","))
        }),
    ],
    values: Values::Short {
        value: |store, args| match args {
            [Arg::Naturals(left), Arg::Naturals(right), Arg::Natural(heap)] => {
                partizan_subtraction_value(store, left, right, *heap)
            }
            _ => Err(mismatch()),
        },
        moves: |store, args| match args {
            [Arg::Naturals(left), Arg::Naturals(right), Arg::Natural(heap)] => {
                partizan_subtraction_moves(store, left, right, *heap)
            }
            _ => Err(mismatch()),
        },
        variant: |store, variant, args| match args {
            [Arg::Naturals(left), Arg::Naturals(right), Arg::Natural(heap)] => {
                let position = PartizanSubtraction::new(left, right, *heap)?;
                crate::variant::value_of(store, variant, &position)
            }
            _ => Err(mismatch()),
        },
    },
    picture: None,
    board: None,
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, cgsuite_game};
    use crate::Evaluator;
    use proptest::prelude::*;

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala`, "partizan heap games").
    #[test]
    fn cgsuite_value() {
        let mut store = Store::new();
        let g = partizan_subtraction_value(&mut store, &[1, 3], &[2, 3], 6).expect("valid");
        let expected = cgsuite_game(&mut store, "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}");
        assert_eq!(g, expected);
    }

    /// With the same set for both players the game is impartial: subtraction from {1, 2}
    /// has nim-values n mod 3 (Winning Ways, ch. 4).
    #[test]
    fn equal_sets_give_the_impartial_values() {
        let mut store = Store::new();
        for n in 0..30u64 {
            let g = partizan_subtraction_value(&mut store, &[1, 2], &[2, 1], n).expect("valid");
            let nimber = store.nimber(n % 3);
            assert_eq!(g, nimber, "heap {n}");
        }
    }

    #[test]
    fn bad_sets_and_heaps_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            partizan_subtraction_value(&mut store, &[0, 1], &[1], 3),
            Err(PartizanError::InvalidInput(message)) if message.contains("Left's set contains 0")
        ));
        assert!(matches!(
            partizan_subtraction_value(&mut store, &[1], &[1], MAX_SUBTRACTION_HEAP + 1),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = partizan_subtraction_moves(&mut store, &[1, 3], &[2], 3).expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left takes 1 from the heap of 3, leaving 2",
                "Left takes 3 from the heap of 3, leaving 0"
            ]
        );
        assert_eq!(moves.right[0].to, "partizan_subtraction([1,3], [2], 1)");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        /// The bottom-up table equals the textbook value and the generic search.
        #[test]
        fn heaps_agree_with_the_textbook(
            left in prop::collection::vec(1u64..=4, 1..=3),
            right in prop::collection::vec(1u64..=4, 1..=3),
            heap in 0u64..=12,
        ) {
            let position = PartizanSubtraction::new(&left, &right, heap).expect("valid");
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            let mut store = Store::new();
            let fast = partizan_subtraction_value(&mut store, &left, &right, heap).expect("valid");
            let searched = Evaluator::new().canonical_form(&mut store, &position);
            prop_assert_eq!(fast, searched);
        }
    }
}
