//! Partizan heap games (CGSuite's `PartizanHeapRuleset`): heaps of tokens on which Left moves
//! by one impartial heap rule and Right by another.
//!
//! - `partizan_take_and_break(left, right, n)` is CGSuite's `PartizanTakeAndBreak(left,
//!   right)` on a heap of n: each rule is an octal or hexadecimal code (`"0.07"`,
//!   `"4.07"`), and also anything `conway solve heap` takes — a subtraction set `"S(1,3)"`,
//!   an "all but" set `"allbut(1,2)"`, `"grundy"`, `"lasker"` or a name (`"kayles"`).
//! - `partizan_splittles(L, R, n)` is CGSuite's `PartizanSplittles(L, R)`: Left removes a
//!   number of tokens in the list L, Right one in R, and either may split what is left of the
//!   heap into two (the code with the digit 7 at each number of the list).
//!
//! A heap is one component: the values of every heap from 0 up to n are computed in order,
//! each from the values of the smaller heaps its moves leave (summed when a move splits).

use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::HeapRule;
use conway_impartial::ImpartialError;
use conway_partizan::{GameId, PartizanError, Player, Store};

use crate::moves::{position_moves, Described, PositionMoves};
use crate::registry::{mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};
use crate::{PartizanGame, Position};

/// The largest heap. Partizan values of two different rules grow fast with the heap, and how
/// fast depends on the rules: in a release build Lasker's Nim against Kayles took 0.7 s at 20,
/// 2.5 s at 24 and 31 s at 40 (0.FF against 4.07: 0.05, 0.3 and 25 s), while 0.77 against
/// 0.07 takes 1.6 s at 200.
pub const MAX_PARTIZAN_HEAP: u64 = 20;

pub use conway_impartial::heap::catalog::MAX_SPLITTLES_TAKE;

/// Both rules, as written and as read.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rules {
    /// The `eval` function's name.
    name: &'static str,
    /// The arguments before the heap, as `eval` writes them back (`"0.07", "0.77"`).
    written: String,
    left: HeapGame,
    right: HeapGame,
}

/// A position: heaps (sorted, none empty) under a pair of rules.
#[derive(Clone, Debug)]
pub struct PartizanHeap {
    rules: std::sync::Arc<Rules>,
    heaps: Vec<u64>,
}

impl PartialEq for PartizanHeap {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps && self.rules == other.rules
    }
}

impl Eq for PartizanHeap {}

impl std::hash::Hash for PartizanHeap {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.heaps.hash(state);
    }
}

/// A heap rule's error as a partizan one, naming whose rule it is.
fn rule_error(whose: &str, e: ImpartialError) -> PartizanError {
    match e {
        ImpartialError::TooLarge { what, size, limit } => {
            PartizanError::too_large(format!("{whose}'s rule: {what}"), size, limit)
        }
        e => PartizanError::InvalidInput(format!("{whose}'s rule: {e}")),
    }
}

impl PartizanHeap {
    fn new(rules: std::sync::Arc<Rules>, heaps: impl IntoIterator<Item = u64>) -> PartizanHeap {
        let mut heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        PartizanHeap { rules, heaps }
    }

    /// One heap of `heap` under the rules, checked against [`MAX_PARTIZAN_HEAP`].
    fn heap(
        ruleset: &'static Ruleset,
        written: String,
        (left, right): (HeapGame, HeapGame),
        heap: u64,
    ) -> Result<PartizanHeap, PartizanError> {
        if heap > MAX_PARTIZAN_HEAP {
            return Err(PartizanError::too_large(
                format!("{}'s heap", ruleset.name),
                heap,
                MAX_PARTIZAN_HEAP,
            ));
        }
        let rules = Rules {
            name: ruleset.name,
            written,
            left,
            right,
        };
        Ok(PartizanHeap::new(std::sync::Arc::new(rules), [heap]))
    }

    fn rule(&self, player: Player) -> &HeapGame {
        player.either(&self.rules.left, &self.rules.right)
    }

    /// Each move of `player`: the heap moved on, the heaps it leaves, and the position.
    fn moves(&self, player: Player) -> Vec<(u64, Vec<u64>, PartizanHeap)> {
        let mut moves = Vec::new();
        for (i, &heap) in self.heaps.iter().enumerate() {
            if i > 0 && self.heaps[i - 1] == heap {
                continue; // equal heaps, equal moves
            }
            for parts in self.rule(player).heap_options(heap) {
                let mut rest = self.heaps.clone();
                rest.remove(i);
                let after = PartizanHeap::new(
                    self.rules.clone(),
                    rest.into_iter().chain(parts.iter().copied()),
                );
                moves.push((heap, parts, after));
            }
        }
        moves
    }

    /// The values of every heap from 0 to the largest here, the smaller first.
    fn values(&self, store: &mut Store) -> Vec<GameId> {
        let largest = self.heaps.iter().copied().max().unwrap_or(0);
        let mut values: Vec<GameId> = vec![store.zero()];
        for n in 1..=largest {
            let options = |rule: &HeapGame, values: &[GameId], store: &mut Store| {
                let mut options = Vec::new();
                for parts in rule.heap_options(n) {
                    let mut sum = store.zero();
                    for &part in &parts {
                        sum = store.add(sum, values[part as usize]);
                    }
                    options.push(sum);
                }
                options
            };
            let left = options(&self.rules.left, &values, store);
            let right = options(&self.rules.right, &values, store);
            values.push(store.construct(&left, &right));
            if store.stop_requested() {
                break;
            }
        }
        values
    }

    /// The value of a position from the heaps' values.
    fn sum(&self, store: &mut Store, values: &[GameId]) -> GameId {
        let mut total = store.zero();
        for &heap in &self.heaps {
            let value = values
                .get(heap as usize)
                .copied()
                .unwrap_or_else(|| store.zero());
            total = store.add(total, value);
        }
        total
    }
}

impl Position for PartizanHeap {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
            .into_iter()
            .map(|(_, _, p)| p)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
            .into_iter()
            .map(|(_, _, p)| p)
            .collect()
    }
}

impl PartizanGame for PartizanHeap {
    fn components(&self) -> Vec<Self> {
        (self.heaps.iter())
            .map(|&h| PartizanHeap::new(self.rules.clone(), [h]))
            .collect()
    }
}

impl Described for PartizanHeap {
    fn expression(&self) -> String {
        if self.heaps.is_empty() {
            return "0".to_string();
        }
        let heaps: Vec<String> = (self.heaps.iter())
            .map(|h| format!("{}({}, {h})", self.rules.name, self.rules.written))
            .collect();
        heaps.join(" + ")
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.moves(player)
            .into_iter()
            .map(|(heap, parts, after)| {
                let text = heap_move_text(player, self.rule(player), heap, &parts);
                (text, after)
            })
            .collect()
    }
}

/// A move of `player` under `rule` from a heap of `heap` to `parts`, in words: tokens
/// taken, or for a spawning rule (whose heaps may outweigh the one they replace) the heaps
/// it becomes.
pub(crate) fn heap_move_text(player: Player, rule: &HeapGame, heap: u64, parts: &[u64]) -> String {
    let leaving = match parts {
        [] => "leaving nothing".to_string(),
        [one] => format!("leaving {one}"),
        many => {
            let many: Vec<String> = many.iter().map(u64::to_string).collect();
            format!("leaving heaps of {}", many.join(" and "))
        }
    };
    match rule.tokens_taken(heap, parts) {
        Some(taken) => format!(
            "{} takes {taken} from the heap of {heap}, {leaving}",
            player.name()
        ),
        None => format!("{} replaces the heap of {heap}, {leaving}", player.name()),
    }
}

/// The value of a heap position.
fn value(store: &mut Store, position: &PartizanHeap) -> Result<GameId, PartizanError> {
    let values = position.values(store);
    Ok(position.sum(store, &values))
}

/// The value of a heap position and every move of each player, in words.
fn moves(store: &mut Store, position: &PartizanHeap) -> Result<PositionMoves, PartizanError> {
    let values = position.values(store);
    position_moves(store, position, |store, p| p.sum(store, &values))
}

/// `partizan_take_and_break`'s heap of its arguments.
fn take_and_break(args: &[Arg<'_>]) -> Result<PartizanHeap, PartizanError> {
    let [Arg::Word(left), Arg::Word(right), Arg::Natural(heap)] = args else {
        return Err(mismatch());
    };
    let read = |text: &str, whose| HeapGame::parse(text).map_err(|e| rule_error(whose, e));
    let rules = (read(left, "Left")?, read(right, "Right")?);
    let written = format!("\"{}\", \"{}\"", left.trim(), right.trim());
    PartizanHeap::heap(&TAKE_AND_BREAK, written, rules, *heap)
}

/// The rule of Splittles with the list `takes` (the code with 7 at each number of it).
fn splittles_rule(takes: &[u64], whose: &str) -> Result<HeapGame, PartizanError> {
    let takes: Vec<String> = takes.iter().map(u64::to_string).collect();
    HeapGame::parse(&format!("splittles({})", takes.join(","))).map_err(|e| rule_error(whose, e))
}

/// `partizan_splittles`'s heap of its arguments.
fn splittles(args: &[Arg<'_>]) -> Result<PartizanHeap, PartizanError> {
    let [Arg::Naturals(left), Arg::Naturals(right), Arg::Natural(heap)] = args else {
        return Err(mismatch());
    };
    let rules = (
        splittles_rule(left, "Left")?,
        splittles_rule(right, "Right")?,
    );
    let list = |ns: &[u64]| {
        let ns: Vec<String> = ns.iter().map(u64::to_string).collect();
        format!("[{}]", ns.join(","))
    };
    let written = format!("{}, {}", list(left), list(right));
    PartizanHeap::heap(&SPLITTLES, written, rules, *heap)
}

/// Partizan take-and-break games in the registry.
pub static TAKE_AND_BREAK: Ruleset = Ruleset {
    name: "partizan_take_and_break",
    aliases: &["PartizanTakeAndBreak"],
    title: "Partizan Take-and-Break",
    summary: "a heap of n: Left moves by the heap rule L, Right by R (codes such as \"0.07\", \
              or S(1,3), allbut(1,2), grundy, lasker, as conway solve heap takes them)",
    params: &[
        Param::new("L", ParamKind::Word),
        Param::new("R", ParamKind::Word),
        Param::new("n", ParamKind::Natural),
    ],
    example: "partizan_take_and_break(\"0.07\", \"0.77\", 7)",
    limits: &[Limit::new("heap", MAX_PARTIZAN_HEAP, || {
        format!(
            "{}(\"0.77\", \"0.77\", {})",
            TAKE_AND_BREAK.name,
            MAX_PARTIZAN_HEAP + 1
        )
    })],
    values: Values::Short {
        value: |store, args| value(store, &take_and_break(args)?),
        moves: |store, args| moves(store, &take_and_break(args)?),
        variant: |store, variant, args| {
            crate::variant::value_of(store, variant, &take_and_break(args)?)
        },
    },
    picture: None,
    board: None,
    search: None,
};

/// Partizan Splittles in the registry.
pub static SPLITTLES: Ruleset = Ruleset {
    name: "partizan_splittles",
    aliases: &["PartizanSplittles"],
    title: "Partizan Splittles",
    summary: "a heap of n: Left takes a number in the list L, Right one in R, and either may \
              split what is left into two heaps",
    params: &[
        Param::new("L", ParamKind::Naturals),
        Param::new("R", ParamKind::Naturals),
        Param::new("n", ParamKind::Natural),
    ],
    example: "partizan_splittles([1,2], [2,3], 9)",
    limits: &[
        Limit::new("heap", MAX_PARTIZAN_HEAP, || {
            format!("{}([1], [1], {})", SPLITTLES.name, MAX_PARTIZAN_HEAP + 1)
        }),
        Limit::new("number in a list", MAX_SPLITTLES_TAKE, || {
            format!("{}([{}], [1], 5)", SPLITTLES.name, MAX_SPLITTLES_TAKE + 1)
        }),
    ],
    values: Values::Short {
        value: |store, args| value(store, &splittles(args)?),
        moves: |store, args| moves(store, &splittles(args)?),
        variant: |store, variant, args| crate::variant::value_of(store, variant, &splittles(args)?),
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

    fn take_and_break_heap(left: &str, right: &str, heap: u64) -> PartizanHeap {
        take_and_break(&[Arg::Word(left), Arg::Word(right), Arg::Natural(heap)]).expect("valid")
    }

    /// With the same rule for both the game is impartial: Kayles's nim values (Winning Ways,
    /// ch. 4; OEIS A002186), and Dawson's Kayles's (A002187, heap n + 1 there is heap n of
    /// 0.07 here).
    #[test]
    fn one_rule_for_both_gives_the_nim_values() {
        let kayles = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ];
        let dawsons = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
        ];
        let mut store = Store::new();
        for (code, nims) in [("0.77", kayles), ("0.07", dawsons)] {
            for (n, &nim) in (0u64..).zip(&nims) {
                let g = value(&mut store, &take_and_break_heap(code, code, n)).expect("small");
                assert_eq!(g, store.nimber(nim), "{code} heap {n}");
            }
        }
    }

    /// CGSuite's test suite (`GameHeapTest.scala`, "partizan heap games"): a subtraction rule
    /// for each player, here as take-and-break rules.
    #[test]
    fn cgsuite_partizan_subtraction() {
        let mut store = Store::new();
        let g = value(&mut store, &take_and_break_heap("S(1,3)", "S(2,3)", 6)).expect("small");
        let expected = cgsuite_game(&mut store, "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}");
        assert_eq!(g, expected);
    }

    /// Splittles with the same list for both is the octal game of 7s: [1,2] is Kayles with
    /// splits after taking either, 0.77.
    #[test]
    fn splittles_is_its_code() {
        let mut store = Store::new();
        for n in 0..20 {
            let split = splittles(&[
                Arg::Naturals(&[1, 2]),
                Arg::Naturals(&[2, 1]),
                Arg::Natural(n),
            ])
            .expect("valid");
            let a = value(&mut store, &split).expect("small");
            let b = value(&mut store, &take_and_break_heap("0.77", "0.77", n)).expect("small");
            assert_eq!(a, b, "heap {n}");
        }
    }

    #[test]
    fn moves_in_words_and_refusals() {
        let mut store = Store::new();
        let position = take_and_break_heap("0.07", "4.0", 5);
        let listed = moves(&mut store, &position).expect("small");
        let left: Vec<&str> = listed.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            left,
            [
                "Left takes 2 from the heap of 5, leaving 3",
                "Left takes 2 from the heap of 5, leaving heaps of 1 and 2",
            ]
        );
        assert_eq!(
            listed.right[0].to,
            "partizan_take_and_break(\"0.07\", \"4.0\", 1) + partizan_take_and_break(\"0.07\", \"4.0\", 4)"
        );
        let refused = |args: &[Arg<'_>]| take_and_break(args).map(drop);
        assert!(matches!(
            refused(&[Arg::Word("0.7x"), Arg::Word("0.7"), Arg::Natural(3)]),
            Err(PartizanError::InvalidInput(m)) if m.starts_with("Left's rule")
        ));
        assert!(matches!(
            refused(&[
                Arg::Word("0.7"),
                Arg::Word("0.7"),
                Arg::Natural(MAX_PARTIZAN_HEAP + 1)
            ]),
            Err(PartizanError::TooLarge { .. })
        ));
        assert!(matches!(
            splittles(&[Arg::Naturals(&[0]), Arg::Naturals(&[1]), Arg::Natural(3)]),
            Err(PartizanError::InvalidInput(m)) if m.contains("cannot contain 0")
        ));
    }

    /// The options a move leaves by the rules written out: take t tokens (t allowed by the
    /// digit's "remove" bits) and leave 0, 1 or 2 heaps.
    fn brute_octal_options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (t, &d) in digits.iter().enumerate().skip(1) {
            let t = t as u64;
            if t > n {
                break;
            }
            let rest = n - t;
            if d & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
        }
        out.sort();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        /// Values from the table against the textbook's, and the moves against the rule
        /// written out.
        #[test]
        fn heaps_agree_with_the_definition(
            left in prop::collection::vec(0u8..8, 1..=3),
            right in prop::collection::vec(0u8..8, 1..=3),
            heaps in prop::collection::vec(0u64..=9, 1..=2),
        ) {
            let code = |d: &[u8]| format!("0.{}", d.iter().map(u8::to_string).collect::<String>());
            let (l, r) = (code(&left), code(&right));
            let one = take_and_break_heap(&l, &r, 0);
            let position = PartizanHeap::new(one.rules.clone(), heaps.iter().copied());
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            let mut store = Store::new();
            let fast = value(&mut store, &position).expect("small");
            let searched = Evaluator::new().canonical_form(&mut store, &position);
            prop_assert_eq!(fast, searched);
            for &h in &heaps {
                let digits: Vec<u8> = std::iter::once(0).chain(left.iter().copied()).collect();
                let mut fast_options = HeapGame::parse(&l).expect("code").heap_options(h);
                fast_options.iter_mut().for_each(|o| o.sort_unstable());
                fast_options.sort();
                prop_assert_eq!(fast_options, brute_octal_options(&digits, h));
            }
        }
    }
}
