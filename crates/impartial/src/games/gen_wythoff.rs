//! Wythoff's game with a bounding function (CGSuite's `game.heap.GenWythoff`; Fraenkel and
//! Tanny): two heaps; a move takes any number from one heap, or `x` from one and `y` from
//! the other with `0 < min(x, y) ≤ max(x, y) < f(min(x, y))`. With `f(k) = k + 1` it is
//! Wythoff's game (equal takes); with `f(k) = k + r` Fraenkel's r-Wythoff (takes differing
//! by less than r).
//!
//! Bounds are written `k+2`, `2k+1`, `3*k` (any `s·k + t`, whole s and t). A position is a
//! sum of pairs `a,b`; its value is the nim-sum of the pairs' values, tabulated up to the
//! largest heap, each value the mex of every option's.

use std::fmt;
use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

/// The most options the table may look at (about 1.5 s): heaps of 900 under `k+1`, 300
/// under `2k`, 500 under `k+10`.
pub const MAX_GEN_WYTHOFF_WORK: u64 = 1 << 29;

/// The largest heap accepted (the table's work refuses far smaller heaps first).
pub const MAX_GEN_WYTHOFF_HEAP: u64 = 1 << 16;

/// The bounding function `f(k) = slope·k + offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The factor of k.
    pub slope: u64,
    /// The constant.
    pub offset: u64,
}

impl Bound {
    /// Reads `k+2`, `2k+1`, `3*k`, `k` or `wythoff` (`k+1`); spaces are ignored.
    pub fn parse(text: &str) -> Result<Bound, ImpartialError> {
        let key: String = text
            .split_whitespace()
            .collect::<String>()
            .to_ascii_lowercase();
        if key == "wythoff" {
            return Ok(Bound {
                slope: 1,
                offset: 1,
            });
        }
        let bad = || {
            ImpartialError::InvalidInput(format!(
                "bound '{}': write it as s·k + t, such as k+2, 2k+1 or 3*k (s and t whole \
                 numbers up to 2^16)",
                text.trim()
            ))
        };
        let number = |s: &str| {
            s.parse::<u64>()
                .ok()
                .filter(|&n| n <= 1 << 16)
                .ok_or_else(bad)
        };
        let (linear, offset) = match key.split_once('+') {
            Some((linear, offset)) => (linear, number(offset)?),
            None => (key.as_str(), 0),
        };
        let slope = linear.strip_suffix('k').ok_or_else(bad)?;
        let slope = slope.strip_suffix('*').unwrap_or(slope);
        let slope = if slope.is_empty() { 1 } else { number(slope)? };
        Ok(Bound { slope, offset })
    }

    /// f(k).
    pub fn at(self, k: u64) -> u64 {
        self.slope.saturating_mul(k).saturating_add(self.offset)
    }

    /// Whether a move may take `x` from one heap and `y` from the other: the definition.
    pub fn allows(self, x: u64, y: u64) -> bool {
        let (low, high) = (x.min(y), x.max(y));
        (low == 0 && high > 0) || (low > 0 && high < self.at(low))
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.slope, self.offset) {
            (1, 0) => f.write_str("k"),
            (1, t) => write!(f, "k+{t}"),
            (s, 0) => write!(f, "{s}k"),
            (s, t) => write!(f, "{s}k+{t}"),
        }
    }
}

/// Offers every (x, y) taken from heaps (a, b) that `bound` allows: from one heap, then from
/// both (the smaller take first).
fn visit_takes(
    bound: Bound,
    a: u64,
    b: u64,
    visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for x in 1..=a {
        visit(x, 0)?;
    }
    for y in 1..=b {
        visit(0, y)?;
    }
    for low in 1..=a.min(b) {
        // The larger take is below f(low), within the other heap.
        let top = bound.at(low).saturating_sub(1);
        for high in low..=top.min(a.max(b)) {
            if high <= b {
                visit(low, high)?;
            }
            if high != low && high <= a {
                visit(high, low)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The values of every pair of heaps up to a size.
#[derive(Clone, Debug)]
pub struct WythoffTable {
    side: usize,
    values: Vec<u32>,
}

impl WythoffTable {
    /// The table of heaps `0..=largest`, refused past [`MAX_GEN_WYTHOFF_WORK`] options.
    pub fn new(bound: Bound, largest: u64) -> Result<WythoffTable, ImpartialError> {
        if largest > MAX_GEN_WYTHOFF_HEAP {
            return Err(ImpartialError::too_large(
                "a heap",
                largest,
                MAX_GEN_WYTHOFF_HEAP,
            ));
        }
        let side = largest as usize + 1;
        let mut values = vec![0u32; side * side];
        let mut work = 0u64;
        let mut reached = Vec::new();
        for a in 0..side {
            for b in 0..=a {
                reached.clear();
                let _ = visit_takes(bound, a as u64, b as u64, &mut |x, y| {
                    work += 1;
                    if work > MAX_GEN_WYTHOFF_WORK {
                        return ControlFlow::Break(());
                    }
                    reached.push(values[(a - x as usize) * side + (b - y as usize)]);
                    ControlFlow::Continue(())
                });
                if work > MAX_GEN_WYTHOFF_WORK {
                    return Err(ImpartialError::too_large(
                        format!("the table of GenWythoff({bound}) up to heap {largest}"),
                        format!("more than {MAX_GEN_WYTHOFF_WORK} options"),
                        format!("{MAX_GEN_WYTHOFF_WORK} options"),
                    ));
                }
                // At most a + b + a·b options: the value fits.
                let g = crate::mex::mex_of_u32s(&reached);
                values[a * side + b] = g;
                values[b * side + a] = g;
            }
        }
        Ok(WythoffTable { side, values })
    }

    /// The value of heaps (a, b) of the table.
    pub fn value(&self, a: u64, b: u64) -> u64 {
        u64::from(self.values[a as usize * self.side + b as usize])
    }
}

/// Reads pairs `a,b` (apart by spaces).
pub fn parse_pairs(words: &[String]) -> Result<Vec<(u64, u64)>, ImpartialError> {
    if words.is_empty() {
        return Err(ImpartialError::InvalidInput(
            "no pairs of heaps given".into(),
        ));
    }
    words
        .iter()
        .map(|w| {
            let bad = || {
                ImpartialError::InvalidInput(format!(
                    "pair '{w}': write a pair of heaps as a,b (10,11)"
                ))
            };
            let (a, b) = w.split_once(',').ok_or_else(bad)?;
            let heap = |s: &str| -> Result<u64, ImpartialError> {
                let h: u64 = s.trim().parse().map_err(|_| bad())?;
                if h > MAX_GEN_WYTHOFF_HEAP {
                    return Err(ImpartialError::too_large("a heap", h, MAX_GEN_WYTHOFF_HEAP));
                }
                Ok(h)
            };
            Ok((heap(a)?, heap(b)?))
        })
        .collect()
}

fn pairs_text(pairs: &[(u64, u64)]) -> String {
    pairs
        .iter()
        .map(|(a, b)| format!("{a},{b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Taking (x, y) from pair `i`, in words.
fn describe(pairs: &[(u64, u64)], i: usize, x: u64, y: u64) -> WinningMove {
    let (a, b) = pairs[i];
    let mut next = pairs.to_vec();
    next[i] = (a - x, b - y);
    let what = match (x, y) {
        (x, 0) => format!("take {x} from the first heap of pair {}", i + 1),
        (0, y) => format!("take {y} from the second heap of pair {}", i + 1),
        (x, y) => format!("take {x} and {y} from pair {}", i + 1),
    };
    WinningMove::new(
        format!("{what} ({a},{b} → {},{})", a - x, b - y),
        pairs_text(&next),
    )
}

/// Offers every move: pair by pair, in [`visit_takes`]' order.
pub fn offer_moves(list: &mut OptionList, bound: Bound, pairs: &[(u64, u64)]) -> ControlFlow<()> {
    for (i, &(a, b)) in pairs.iter().enumerate() {
        visit_takes(bound, a, b, &mut |x, y| {
            list.offer(|| describe(pairs, i, x, y))
        })?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of a sum of pairs.
pub fn solve(bound: Bound, pairs: &[(u64, u64)]) -> Result<Solution, ImpartialError> {
    let largest = pairs.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0);
    let table = WythoffTable::new(bound, largest)?;
    let values: Vec<u64> = pairs.iter().map(|&(a, b)| table.value(a, b)).collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let mut moves = OptionList::default();
    if total != 0 {
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let want = total ^ values[i];
            let _ = visit_takes(bound, a, b, &mut |x, y| {
                if table.value(a - x, b - y) == want {
                    let _ = moves.offer(|| describe(pairs, i, x, y));
                }
                ControlFlow::Continue(())
            });
        }
    }
    let solution = Solution::new(
        "gen-wythoff",
        pairs_text(pairs),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("bound", Fact::Text(bound.to_string()))
    .fact(
        "pair_values",
        Fact::List(values.iter().map(u64::to_string).collect()),
    )
    .note(format!(
        "take from one heap, or x and y from both with 0 < min ≤ max < f(min), f(k) = {bound}"
    ));
    Ok(with_winning_moves(solution, moves))
}

/// A sum of pairs searched directly, for the oracle tests: every (x, y) the bound allows.
pub struct WythoffSum(pub Bound);

impl crate::ImpartialGame for WythoffSum {
    type Position = Vec<(u64, u64)>;

    fn options(&self, pairs: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for x in 0..=a {
                for y in 0..=b {
                    if self.0.allows(x, y) {
                        let mut next = pairs.clone();
                        next[i] = (a - x, b - y);
                        out.push(next);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;
    use proptest::prelude::*;

    fn bound(text: &str) -> Bound {
        Bound::parse(text).unwrap()
    }

    fn count_takes(b: Bound, x: u64, y: u64) -> usize {
        let mut count = 0;
        let _ = visit_takes(b, x, y, &mut |_, _| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/
    /// cgsuite/lang/GameHeapTest.scala`, "define coordinate games properly"): the values of
    /// (10, n) for n = 0 … 20 and the options of (10, 10), for Wythoff and GenWythoff(x -> x + 2).
    #[test]
    fn cgsuite_rows_of_ten() {
        let published: [(&str, usize, [u64; 21]); 2] = [
            (
                "k+1",
                30,
                [
                    10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28,
                ],
            ),
            (
                "k+2",
                48,
                [
                    10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29,
                    30,
                ],
            ),
        ];
        for (text, options, row) in published {
            let b = bound(text);
            let table = WythoffTable::new(b, 20).unwrap();
            let values: Vec<u64> = (0..=20).map(|n| table.value(10, n)).collect();
            assert_eq!(values, row, "{text}");
            assert_eq!(count_takes(b, 10, 10), options, "{text}");
        }
    }

    /// Fraenkel's P-positions of r-Wythoff (*How to beat your Wythoff games' opponent on
    /// three fronts*, 1982): (⌊nα⌋, ⌊nα⌋ + rn), α = (2 − r + √(r² + 4))/2; the first 15 for
    /// r = 1 … 5 are worth 0 (CGSuite checks the same).
    #[test]
    fn fraenkel_p_positions() {
        for r in 1..=5u64 {
            let table = WythoffTable::new(
                Bound {
                    slope: 1,
                    offset: r,
                },
                100,
            )
            .unwrap();
            for n in 0..15u64 {
                // ⌊(n(2 − r) + √(n²(r² + 4)))/2⌋, the square root irrational for n > 0.
                let root = (n * n * (r * r + 4)).isqrt() as i64;
                let a = ((n as i64) * (2 - r as i64) + root).div_euclid(2) as u64;
                assert_eq!(table.value(a, a + r * n), 0, "r = {r}, n = {n}");
            }
        }
    }

    #[test]
    fn bounds_are_read_and_bad_ones_refused() {
        assert_eq!(
            bound("k + 2"),
            Bound {
                slope: 1,
                offset: 2
            }
        );
        assert_eq!(bound("2k+1").to_string(), "2k+1");
        assert_eq!(
            bound("3*K"),
            Bound {
                slope: 3,
                offset: 0
            }
        );
        assert_eq!(bound("Wythoff"), bound("k+1"));
        for bad in ["", "k+", "2+k", "x+1", "k+1+2", "k-1", "99999999k"] {
            assert!(Bound::parse(bad).is_err(), "{bad}");
        }
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_pairs(&words(&["10,11", "3, 5"])).unwrap(),
            [(10, 11), (3, 5)]
        );
        for bad in [&["10"][..], &[], &["a,1"], &["1,99999999"]] {
            assert!(parse_pairs(&words(bad)).is_err(), "{bad:?}");
        }
        let err = WythoffTable::new(bound("2k"), 2000).unwrap_err();
        assert_eq!(
            conway_core::Diagnostic::kind(&err),
            conway_core::ErrorKind::TooLarge
        );
    }

    proptest! {
        /// The moves generated are those the definition allows, and the table's nim-sums and
        /// winning moves are a search's of the sum.
        #[test]
        fn sums_match_search(
            slope in 0u64..4,
            offset in 0u64..4,
            pairs in proptest::collection::vec((0u64..7, 0u64..7), 1..3),
        ) {
            let b = Bound { slope, offset };
            let game = WythoffSum(b);
            let mut solver = GrundySolver::new(&game);
            let s = solve(b, &pairs).unwrap();
            let searched = solver.grundy(&pairs).unwrap();
            let shown = crate::solution::nimber_notation(&searched.to_string());
            prop_assert_eq!(s.value.clone().unwrap_or_default(), shown);
            let listed = crate::listing::with_options(s.clone(), |l| offer_moves(l, b, &pairs));
            let mut generated: Vec<String> =
                listed.options.unwrap_or_default().into_iter().map(|m| m.to).collect();
            let mut expected: Vec<String> = crate::ImpartialGame::options(&game, &pairs)
                .iter()
                .map(|next| pairs_text(next))
                .collect();
            generated.sort();
            expected.sort();
            prop_assert_eq!(generated, expected);
            let winning: Vec<String> = s.winning_moves.iter().map(|m| m.to.clone()).collect();
            for to in winning {
                let next = parse_pairs(&to.split(' ').map(str::to_string).collect::<Vec<_>>()).unwrap();
                prop_assert_eq!(solver.grundy(&next).unwrap(), 0);
            }
        }
    }
}
