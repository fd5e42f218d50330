//! Heaps with a memory (CGSuite's `game.heap.GenMem`): a heap of `n` remembers `k`, the
//! number of tokens taken from it last; a move takes `a` tokens (1 ≤ a ≤ n) when the rule
//! allows `a` after `k`, and leaves the heap (n − a) remembering `a`. The rules:
//!
//! - `mem`: at least as many as last time, a ≥ k (CGSuite's `Mem`);
//! - `take-away(r)`: at most r times as many, a ≤ r·k, r a positive fraction (`TakeAway(r)`;
//!   `take-away(2)` is Fibonacci Nim, also `fibonacci`);
//! - `unequal`: any number but the last one, a ≠ k (`GenMem((k, a) -> a != k)`).
//!
//! A position is a sum of such heaps, written `n:k` (`10:0 7:3`). Its value is the nim-sum
//! of the heaps' values G(n, k), tabulated up to the largest heap. Past a point the memory
//! changes nothing (no take is larger than the heap), so each row of the table stops there.

use std::fmt;
use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{mex, ImpartialError, Outcome};

/// The most work (table entries times the takes looked at for each) a table may need: about
/// 2.5 s; heaps of 1,400 under `mem` or `unequal`, 1,800 under `take-away(2)`, 800 under
/// `take-away(1/3)`.
pub const MAX_GEN_MEM_WORK: u64 = 1 << 30;

/// The largest heap or memory accepted (the table's work refuses far smaller heaps first).
pub const MAX_GEN_MEM_NUMBER: u64 = 1 << 20;

/// What a move may take after the heap's last take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemRule {
    /// At least as many as last time.
    Mem,
    /// At most `num / den` times as many as last time.
    TakeAway {
        /// The numerator of the ratio.
        num: u64,
        /// The denominator of the ratio.
        den: u64,
    },
    /// Any number but the last one.
    Unequal,
}

impl MemRule {
    /// Reads `mem`, `unequal`, `fibonacci`, `take-away(3)` or `take-away(3/2)`.
    pub fn parse(text: &str) -> Result<MemRule, ImpartialError> {
        let key = text.trim().to_ascii_lowercase().replace('_', "-");
        let bad = |why: &str| {
            ImpartialError::InvalidInput(format!(
                "memory rule '{}': {why}; the rules are mem, unequal, fibonacci and \
                 take-away(r) (r a positive fraction such as 3 or 3/2)",
                text.trim()
            ))
        };
        match key.as_str() {
            "mem" => return Ok(MemRule::Mem),
            "unequal" => return Ok(MemRule::Unequal),
            "fibonacci" | "fibonacci-nim" => return Ok(MemRule::TakeAway { num: 2, den: 1 }),
            _ => {}
        }
        let Some(ratio) = ["take-away(", "takeaway("]
            .iter()
            .find_map(|name| key.strip_prefix(name))
            .and_then(|rest| rest.strip_suffix(')'))
        else {
            return Err(bad("unknown rule"));
        };
        let (num, den) = ratio.split_once('/').unwrap_or((ratio, "1"));
        let number = |s: &str| {
            s.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0 && n <= 1 << 20)
        };
        match (number(num), number(den)) {
            (Some(num), Some(den)) => {
                let g = gcd(num, den);
                Ok(MemRule::TakeAway {
                    num: num / g,
                    den: den / g,
                })
            }
            _ => Err(bad(
                "the ratio is not a fraction of whole numbers from 1 to 2^20",
            )),
        }
    }

    /// Whether a move may take `a` from a heap whose last take was `k`: the definition.
    pub fn allows(self, k: u64, a: u64) -> bool {
        match self {
            MemRule::Mem => a >= k,
            MemRule::TakeAway { num, den } => {
                u128::from(a) * u128::from(den) <= u128::from(num) * u128::from(k)
            }
            MemRule::Unequal => a != k,
        }
    }

    /// The memory past which a heap of `n` has the same moves (every take up to `n` is then
    /// allowed, or none): the last column of the table's row `n`.
    pub fn last_memory(self, n: u64) -> u64 {
        match self {
            MemRule::Mem | MemRule::Unequal => n + 1,
            // a ≤ n ≤ r·k once k ≥ n·den/num.
            MemRule::TakeAway { num, den } => (n * den).div_ceil(num),
        }
    }
}

impl fmt::Display for MemRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemRule::Mem => f.write_str("mem"),
            MemRule::Unequal => f.write_str("unequal"),
            MemRule::TakeAway { num, den: 1 } => write!(f, "take-away({num})"),
            MemRule::TakeAway { num, den } => write!(f, "take-away({num}/{den})"),
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The values G(n, k) of heaps up to a size, each row up to its last memory.
#[derive(Clone, Debug)]
pub struct MemTable {
    rows: Vec<Vec<u32>>,
}

impl MemTable {
    /// The table of heaps `0..=largest`, refused past [`MAX_GEN_MEM_WORK`].
    pub fn new(rule: MemRule, largest: u64) -> Result<MemTable, ImpartialError> {
        if largest > MAX_GEN_MEM_NUMBER {
            return Err(ImpartialError::too_large(
                "a heap",
                largest,
                MAX_GEN_MEM_NUMBER,
            ));
        }
        let work = (0..=largest).fold(0u64, |work, n| {
            work.saturating_add(n.saturating_mul(rule.last_memory(n).saturating_add(1)))
        });
        if work > MAX_GEN_MEM_WORK {
            return Err(ImpartialError::too_large(
                format!("the table of {rule} up to heap {largest}"),
                format!("{work} steps"),
                format!("{MAX_GEN_MEM_WORK} steps"),
            ));
        }
        let mut rows: Vec<Vec<u32>> = Vec::with_capacity(largest as usize + 1);
        let mut reached = Vec::new();
        for n in 0..=largest {
            let row = (0..=rule.last_memory(n))
                .map(|k| {
                    reached.clear();
                    for a in (1..=n).filter(|&a| rule.allows(k, a)) {
                        let rest = n - a;
                        let memory = a.min(rule.last_memory(rest));
                        reached.push(u64::from(rows[rest as usize][memory as usize]));
                    }
                    // At most n moves: the value fits.
                    mex(reached.iter().copied()) as u32
                })
                .collect();
            rows.push(row);
        }
        Ok(MemTable { rows })
    }

    /// G(n, k) for a heap of the table.
    pub fn value(&self, n: u64, k: u64) -> u64 {
        let row = &self.rows[n as usize];
        u64::from(row[(k as usize).min(row.len() - 1)])
    }
}

/// A heap with its memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemHeap {
    /// Tokens left.
    pub n: u64,
    /// The last take.
    pub k: u64,
}

/// Reads heaps `n:k` (or `n`, memory 0), apart by spaces or commas.
pub fn parse_heaps(words: &[String]) -> Result<Vec<MemHeap>, ImpartialError> {
    let heaps: Vec<MemHeap> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.trim().is_empty())
        .map(|w| {
            let (n, k) = w.trim().split_once(':').unwrap_or((w.trim(), "0"));
            let number = |s: &str| -> Result<u64, ImpartialError> {
                let value: u64 = s.trim().parse().map_err(|_| {
                    ImpartialError::InvalidInput(format!(
                        "heap '{w}': write a heap as n:k, n tokens that remember a last take \
                         of k (10:3), or n alone for k = 0"
                    ))
                })?;
                if value > MAX_GEN_MEM_NUMBER {
                    return Err(ImpartialError::too_large(
                        "a heap or memory",
                        value,
                        MAX_GEN_MEM_NUMBER,
                    ));
                }
                Ok(value)
            };
            Ok::<_, ImpartialError>(MemHeap {
                n: number(n)?,
                k: number(k)?,
            })
        })
        .collect::<Result<_, _>>()?;
    if heaps.is_empty() {
        return Err(ImpartialError::InvalidInput("no heaps given".into()));
    }
    Ok(heaps)
}

fn heaps_text(heaps: &[MemHeap]) -> String {
    heaps
        .iter()
        .map(|h| format!("{}:{}", h.n, h.k))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Taking `a` from heap `i`, in words.
fn describe(heaps: &[MemHeap], i: usize, a: u64) -> WinningMove {
    let mut next = heaps.to_vec();
    next[i] = MemHeap {
        n: heaps[i].n - a,
        k: a,
    };
    WinningMove::new(
        format!(
            "take {a} from heap {} ({} → {})",
            i + 1,
            heaps[i].n,
            heaps[i].n - a
        ),
        heaps_text(&next),
    )
}

/// Offers every move: heap by heap, the smallest take first.
pub fn offer_moves(list: &mut OptionList, rule: MemRule, heaps: &[MemHeap]) -> ControlFlow<()> {
    for (i, h) in heaps.iter().enumerate() {
        for a in (1..=h.n).filter(|&a| rule.allows(h.k, a)) {
            list.offer(|| describe(heaps, i, a))?;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of a sum of heaps with memories.
pub fn solve(rule: MemRule, heaps: &[MemHeap]) -> Result<Solution, ImpartialError> {
    let largest = heaps.iter().map(|h| h.n).max().unwrap_or(0);
    let table = MemTable::new(rule, largest)?;
    let values: Vec<u64> = heaps.iter().map(|h| table.value(h.n, h.k)).collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let mut moves = OptionList::default();
    if total != 0 {
        for (i, h) in heaps.iter().enumerate() {
            let want = total ^ values[i];
            for a in (1..=h.n).filter(|&a| rule.allows(h.k, a)) {
                if table.value(h.n - a, a) == want {
                    let _ = moves.offer(|| describe(heaps, i, a));
                }
            }
        }
    }
    let solution = Solution::new(
        "gen-mem",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("rule", Fact::Text(rule.to_string()))
    .fact(
        "heap_values",
        Fact::List(values.iter().map(u64::to_string).collect()),
    )
    .note(format!(
        "each heap n:k remembers its last take k; under {rule} a move may take a when {}",
        match rule {
            MemRule::Mem => "a ≥ k".to_string(),
            MemRule::Unequal => "a ≠ k".to_string(),
            MemRule::TakeAway { num, den: 1 } => format!("a ≤ {num}k"),
            MemRule::TakeAway { num, den } => format!("a ≤ {num}k/{den}"),
        }
    ));
    Ok(with_winning_moves(solution, moves))
}

/// A sum of heaps with memories searched directly, for the oracle tests.
pub struct MemSum(pub MemRule);

impl crate::ImpartialGame for MemSum {
    type Position = Vec<MemHeap>;

    fn options(&self, heaps: &Vec<MemHeap>) -> Vec<Vec<MemHeap>> {
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            for a in 1..=h.n {
                if self.0.allows(h.k, a) {
                    let mut next = heaps.clone();
                    next[i] = MemHeap { n: h.n - a, k: a };
                    out.push(next);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fibonacci_nim;
    use crate::solver::GrundySolver;
    use proptest::prelude::*;

    fn rule(text: &str) -> MemRule {
        MemRule::parse(text).unwrap()
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/
    /// cgsuite/lang/GameHeapTest.scala`, "define coordinate games properly"): the values of
    /// (10, k) for k = 0 … 20, and the number of options of (10, 10).
    #[test]
    fn cgsuite_rows_of_ten() {
        let published: [(&str, u64, [u64; 21]); 4] = [
            (
                "fibonacci",
                10,
                [
                    0, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                ],
            ),
            (
                "take-away(3)",
                10,
                [
                    0, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                ],
            ),
            (
                "mem",
                1,
                [
                    3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                ],
            ),
            (
                "unequal",
                9,
                [
                    6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                ],
            ),
        ];
        for (text, options, row) in published {
            let r = rule(text);
            let table = MemTable::new(r, 10).unwrap();
            let values: Vec<u64> = (0..=20).map(|k| table.value(10, k)).collect();
            assert_eq!(values, row, "{text}");
            assert_eq!(
                (1..=10).filter(|&a| r.allows(10, a)).count() as u64,
                options,
                "{text}"
            );
        }
    }

    /// CGSuite's `GenMem((memory, j) -> j != memory).NimValueTable(10, 10)` (the same test
    /// file): rows n = 0 … 10, columns k = 0 … 10.
    #[test]
    fn cgsuite_unequal_table() {
        let published = [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            [2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2],
            [3, 2, 3, 3, 0, 3, 3, 3, 3, 3, 3],
            [3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3],
            [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
            [4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4],
            [5, 4, 5, 3, 5, 5, 5, 5, 5, 5, 5],
            [5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 5],
            [6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6],
        ];
        let table = MemTable::new(rule("unequal"), 10).unwrap();
        for (n, row) in published.iter().enumerate() {
            for (k, &v) in row.iter().enumerate() {
                assert_eq!(table.value(n as u64, k as u64), v, "({n}, {k})");
            }
        }
    }

    /// `take-away(2)` is Fibonacci Nim: a last take of k allows up to 2k.
    #[test]
    fn take_away_two_is_fibonacci_nim() {
        let fibonacci = fibonacci_nim::grundy_table(200);
        let table = MemTable::new(rule("take-away(2)"), 200).unwrap();
        for n in 0..=200u64 {
            for k in 0..=n {
                let most = (2 * k).min(n) as usize;
                assert_eq!(table.value(n, k), fibonacci[n as usize][most], "({n}, {k})");
            }
        }
    }

    #[test]
    fn rules_are_read_and_bad_ones_refused() {
        assert_eq!(rule("Take_Away(6/4)"), MemRule::TakeAway { num: 3, den: 2 });
        assert_eq!(rule("take-away(3/2)").to_string(), "take-away(3/2)");
        assert_eq!(rule("fibonacci").to_string(), "take-away(2)");
        for bad in [
            "",
            "memo",
            "take-away()",
            "take-away(0)",
            "take-away(1/0)",
            "take-away(x)",
            "take-away(2",
        ] {
            assert!(MemRule::parse(bad).is_err(), "{bad}");
        }
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_heaps(&words(&["10:3", "7"])).unwrap(),
            [MemHeap { n: 10, k: 3 }, MemHeap { n: 7, k: 0 }]
        );
        for bad in [&["x"][..], &["3:"], &[], &["1:2:3"], &["99999999"]] {
            assert!(parse_heaps(&words(bad)).is_err(), "{bad:?}");
        }
        let err = MemTable::new(rule("take-away(1/64)"), 5000).unwrap_err();
        assert_eq!(
            conway_core::Diagnostic::kind(&err),
            conway_core::ErrorKind::TooLarge
        );
    }

    fn any_rule() -> impl Strategy<Value = MemRule> {
        prop_oneof![
            Just(MemRule::Mem),
            Just(MemRule::Unequal),
            (1u64..5, 1u64..4).prop_map(|(num, den)| MemRule::TakeAway { num, den }),
        ]
    }

    proptest! {
        /// The table's nim-sum and winning moves against a search of the sum itself.
        #[test]
        fn sums_match_search(
            rule in any_rule(),
            heaps in proptest::collection::vec((0u64..9, 0u64..12), 1..4),
        ) {
            let heaps: Vec<MemHeap> = heaps.into_iter().map(|(n, k)| MemHeap { n, k }).collect();
            let game = MemSum(rule);
            let mut solver = GrundySolver::new(&game);
            let s = solve(rule, &heaps).unwrap();
            let searched = solver.grundy(&heaps).unwrap();
            prop_assert_eq!(s.outcome, Outcome::of_grundy_is_zero(searched == 0));
            let value = s.value.clone().unwrap_or_default();
            let shown = crate::solution::nimber_notation(&searched.to_string());
            prop_assert_eq!(value, shown);
            let winning: Vec<String> = s.winning_moves.iter().map(|m| m.to.clone()).collect();
            let expected: Vec<String> = crate::ImpartialGame::options(&game, &heaps)
                .into_iter()
                .filter(|next| solver.grundy(next).unwrap() == 0)
                .map(|next| heaps_text(&next))
                .collect();
            prop_assert_eq!(winning, expected);
        }
    }
}
