//! Turning codes and the spawning heap games they define (CGSuite's `game.heap.Spawning` and
//! `game.strip.Turning`; *Winning Ways*, ch. 14).
//!
//! A coin-turning game turns over some coins of a row, the rightmost from heads to tails. Its
//! heap form, the spawning game, has a heap of `n` for a head on coin `n`: turning the coins
//! `a₁ < … < a_{k−1} < n` moves the heap of `n` to heaps `a₁, …, a_{k−1}`. In normal play
//! the two games are the same (two equal heaps cancel, as two turns of a coin do), so a
//! row's value is the nim-sum of its heads' heap values.
//!
//! A turning code says which sets may be turned: elements apart by commas, any of which a
//! move may follow. An element is a count of coins — `3`, a range `1-3`, or at least `2+` —
//! and modifiers: `C` the coins are consecutive, `E` equally spaced, `S` symmetric about
//! their middle, `F` the first coin of the row is among them, `C(m)` all lie within `m`
//! adjacent coins. Mock Turtles is `1-3`, Ruler `1+C`, Turnips `3E`, Grunt `4FS`.
//!
//! [`TurningElement::allows`] is the definition, the oracle; [`SpawningCode`]'s options are
//! generated per kind of spacing without looking at the sets an element does not allow.
//! `F` asks for the first coin among those turned: a move turning one coin alone follows it
//! only on coin 1 (CGSuite also lets `1F` turn any single coin).

use std::fmt;
use std::ops::ControlFlow;

use super::HeapRule;
use crate::ImpartialError;

/// The largest number a turning code may hold (coin counts and spans): rows are far shorter.
pub const MAX_TURNING_NUMBER: u64 = 1 << 32;

/// How the coins a move turns are spaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Any coins.
    Any,
    /// Adjacent coins (`C`).
    Consecutive,
    /// Equally spaced coins (`E`).
    EquallySpaced,
    /// Coins placed symmetrically about their middle (`S`).
    Symmetric,
}

/// One element of a turning code: how many coins, how spaced, within what span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningElement {
    /// The fewest coins turned (at least 1).
    pub least: u64,
    /// The most coins turned; `None`: no bound (`2+`).
    pub most: Option<u64>,
    /// The spacing of the coins turned.
    pub spacing: Spacing,
    /// The first coin of the row is among those turned (`F`).
    pub first: bool,
    /// All coins turned lie within this many adjacent coins (`C(m)`).
    pub span: Option<u64>,
}

impl TurningElement {
    /// Whether this element lets a move turn `set`, coins in increasing order, the last the
    /// coin turned from heads to tails: the definition, checked coin by coin.
    pub fn allows(&self, set: &[u64]) -> bool {
        let (Some(&first), Some(&last)) = (set.first(), set.last()) else {
            return false;
        };
        let k = set.len() as u64;
        let counted = k >= self.least && self.most.is_none_or(|most| k <= most);
        let spanned = self.span.is_none_or(|span| last - first < span);
        let spaced = match self.spacing {
            Spacing::Any => true,
            Spacing::Consecutive => set.windows(2).all(|w| w[1] == w[0] + 1),
            Spacing::EquallySpaced => set.windows(3).all(|w| w[1] - w[0] == w[2] - w[1]),
            Spacing::Symmetric => {
                (0..set.len()).all(|i| set[i] + set[set.len() - 1 - i] == first + last)
            }
        };
        counted && spanned && spaced && (!self.first || first == 1)
    }

    /// Offers the coins other than `n` of every set this element allows with rightmost
    /// coin `n`, in increasing order, each once.
    fn visit_others(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // The leftmost coin a set may reach, and the most coins it may turn.
        let lowest = self
            .span
            .map_or(1, |span| (n + 1).saturating_sub(span).max(1));
        if self.first && lowest > 1 {
            return ControlFlow::Continue(());
        }
        let most = self.most.unwrap_or(u64::MAX).min(n - lowest + 1);
        let mut others: Vec<u64> = Vec::new();
        for k in self.least..=most {
            if k == 1 {
                if !self.first || n == 1 {
                    visit(&[])?;
                }
                continue;
            }
            match self.spacing {
                Spacing::Any => {
                    if self.first {
                        others.clear();
                        others.push(1);
                        combinations(2, n - 1, k - 2, &mut others, visit)?;
                    } else {
                        others.clear();
                        combinations(lowest, n - 1, k - 1, &mut others, visit)?;
                    }
                }
                Spacing::Consecutive => {
                    let start = n + 1 - k;
                    if !self.first || start == 1 {
                        others.clear();
                        others.extend(start..n);
                        visit(&others)?;
                    }
                }
                Spacing::EquallySpaced => {
                    // Gap d: the coins n − (k−1)d, …, n − d, the first at least `lowest`.
                    let widest = (n - lowest) / (k - 1);
                    for d in (1..=widest).rev() {
                        let start = n - (k - 1) * d;
                        if self.first && start != 1 {
                            continue;
                        }
                        others.clear();
                        others.extend((0..k - 1).map(|i| start + i * d));
                        visit(&others)?;
                    }
                }
                Spacing::Symmetric => {
                    let starts = if self.first { 1..=1 } else { lowest..=n - 1 };
                    for a in starts {
                        symmetric_sets(a, n, k, &mut others, visit)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Offers, after the coins already in `chosen`, every `count` coins of `from..=to` in
/// increasing order (chosen is left as it was). An odometer, not a recursion: Mock Turtles'
/// heap of 1,000 has half a million such pairs.
fn combinations(
    from: u64,
    to: u64,
    count: u64,
    chosen: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if count == 0 {
        return visit(chosen);
    }
    if from > to || to - from + 1 < count {
        return ControlFlow::Continue(());
    }
    let base = chosen.len();
    chosen.extend(from..from + count);
    let last = chosen.len() - 1;
    let flow = loop {
        if visit(chosen).is_break() {
            break ControlFlow::Break(());
        }
        // The rightmost coin that can move right, then its followers packed after it.
        let Some(i) = (base..=last)
            .rev()
            .find(|&i| chosen[i] < to - (last - i) as u64)
        else {
            break ControlFlow::Continue(());
        };
        chosen[i] += 1;
        for j in i + 1..=last {
            chosen[j] = chosen[j - 1] + 1;
        }
    };
    chosen.truncate(base);
    flow
}

/// Offers the coins other than `n` of every symmetric set of `k ≥ 2` coins from `a` to `n`:
/// pairs `b, a + n − b` strictly inside, and the middle coin when `k` is odd.
fn symmetric_sets(
    a: u64,
    n: u64,
    k: u64,
    scratch: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let middle = (k % 2 == 1).then(|| (a + n) / 2);
    if middle.is_some() && (a + n) % 2 == 1 {
        return ControlFlow::Continue(());
    }
    // Coins strictly between a and the middle: b < (a + n) / 2.
    let last_inner = (a + n).div_ceil(2) - 1;
    let pairs = (k - 2) / 2;
    let mut inner = Vec::new();
    combinations(a + 1, last_inner, pairs, &mut inner, &mut |lower| {
        scratch.clear();
        scratch.push(a);
        scratch.extend_from_slice(lower);
        scratch.extend(middle);
        scratch.extend(lower.iter().rev().map(|&b| a + n - b));
        visit(scratch)
    })
}

/// A turning code: moves may follow any of its elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpawningCode {
    text: String,
    elements: Vec<TurningElement>,
}

impl SpawningCode {
    /// Reads a code such as `1-3`, `1+C`, `3E`, `4FS`, `1-3C(5)` or `2-3,6C` (letters in
    /// either case).
    pub fn parse(text: &str) -> Result<SpawningCode, ImpartialError> {
        let code = text.trim();
        let bad =
            |why: String| ImpartialError::InvalidInput(format!("turning code '{code}': {why}"));
        if code.is_empty() {
            return Err(bad("it is empty; write a count such as 1-3 or 2+C".into()));
        }
        let several = code.contains(',');
        let elements = code
            .split(',')
            .map(|element| {
                let element = element.trim();
                parse_element(element).map_err(|why| match several {
                    true => bad(format!("element '{element}': {why}")),
                    false => bad(why),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SpawningCode {
            text: code.to_ascii_uppercase(),
            elements,
        })
    }

    /// The code as written, letters in capitals.
    pub fn code(&self) -> &str {
        &self.text
    }

    /// The elements.
    pub fn elements(&self) -> &[TurningElement] {
        &self.elements
    }

    /// Whether a move may turn `set` (increasing, its last coin turned heads to tails).
    pub fn allows(&self, set: &[u64]) -> bool {
        self.elements.iter().any(|e| e.allows(set))
    }

    /// Offers the coins other than `n` of every set a move with rightmost coin `n` may
    /// turn, each once, in increasing order.
    pub fn visit_others(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n == 0 {
            return ControlFlow::Continue(());
        }
        let mut set = Vec::new();
        for (i, element) in self.elements.iter().enumerate() {
            let earlier = &self.elements[..i];
            element.visit_others(n, &mut |others| {
                // A set an earlier element allows was offered there.
                if !earlier.is_empty() {
                    set.clear();
                    set.extend_from_slice(others);
                    set.push(n);
                    if earlier.iter().any(|e| e.allows(&set)) {
                        return ControlFlow::Continue(());
                    }
                }
                visit(others)
            })?;
        }
        ControlFlow::Continue(())
    }
}

impl fmt::Display for SpawningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl HeapRule for SpawningCode {
    /// A heap of `n` becomes the heaps of the other coins turned.
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_others(n, visit)
    }
}

/// One element: a count or range, then modifiers.
fn parse_element(element: &str) -> Result<TurningElement, String> {
    let upper = element.to_ascii_uppercase();
    let split = upper
        .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
        .unwrap_or(upper.len());
    let (range, modifiers) = upper.split_at(split);
    let number = |digits: &str| -> Result<u64, String> {
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("'{digits}' is not a count of coins such as 3, 1-3 or 2+"))?;
        if n > MAX_TURNING_NUMBER {
            return Err(format!(
                "{n} is more than the largest number of a code, {MAX_TURNING_NUMBER}"
            ));
        }
        Ok(n)
    };
    let (least, most) = if let Some(least) = range.strip_suffix('+') {
        (number(least)?, None)
    } else if let Some((a, b)) = range.split_once('-') {
        (number(a)?, Some(number(b)?))
    } else {
        let n = number(range)?;
        (n, Some(n))
    };
    if least == 0 {
        return Err("a move turns at least one coin".to_string());
    }
    if most.is_some_and(|most| most < least) {
        return Err("the range ends below its start".to_string());
    }
    let mut spacing = Spacing::Any;
    let mut first = false;
    let mut span = None;
    let mut rest = modifiers;
    while let Some(letter) = rest.chars().next() {
        rest = &rest[letter.len_utf8()..];
        let spaced = match letter {
            'C' if rest.starts_with('(') => {
                let close = rest
                    .find(')')
                    .ok_or_else(|| "C( has no closing parenthesis".to_string())?;
                let m = number(&rest[1..close])?;
                if m == 0 {
                    return Err("a span holds at least one coin".to_string());
                }
                span = Some(m);
                rest = &rest[close + 1..];
                continue;
            }
            'C' => Spacing::Consecutive,
            'E' => Spacing::EquallySpaced,
            'S' => Spacing::Symmetric,
            'F' => {
                first = true;
                continue;
            }
            other => return Err(format!("'{other}' is not a modifier (C, E, S, F or C(m))")),
        };
        if spacing != Spacing::Any && spacing != spaced {
            return Err("at most one of C, E and S".to_string());
        }
        spacing = spaced;
    }
    Ok(TurningElement {
        least,
        most,
        spacing,
        first,
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use proptest::prelude::*;

    /// Every set with rightmost coin `n` the code allows, by looking at every subset.
    fn sets_by_definition(code: &SpawningCode, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for mask in 0u64..1 << (n - 1) {
            let mut set: Vec<u64> = (1..n).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            set.push(n);
            if code.allows(&set) {
                set.pop();
                out.push(set);
            }
        }
        out.sort();
        out
    }

    fn sorted_options(code: &SpawningCode, n: u64) -> Vec<Vec<u64>> {
        let mut options = code.heap_options(n);
        options.sort();
        options
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/
    /// cgsuite/lang/GameHeapTest.scala`, "define other heap games properly"): the nim values
    /// of heaps 1–20 and the number of options of heap 20, for the codes of *Winning Ways*'
    /// coin-turning games.
    #[test]
    fn cgsuite_spawning_games() {
        let published: [(&str, usize, [u64; 20]); 10] = [
            (
                "1-3",
                191,
                [
                    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
                ],
            ),
            (
                "1-9",
                169_766,
                [
                    1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192,
                    16384, 26215, 32768, 43691,
                ],
            ),
            (
                "3",
                171,
                [
                    0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
                ],
            ),
            (
                "1+C",
                20,
                [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4],
            ),
            (
                "1-3C(5)",
                11,
                [1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8],
            ),
            (
                "3C(5)",
                6,
                [0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4],
            ),
            (
                "1-5C",
                5,
                [1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4],
            ),
            (
                "3E",
                9,
                [0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4],
            ),
            (
                "4FS",
                9,
                [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3],
            ),
            (
                "1+S",
                2046,
                [
                    1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
                ],
            ),
        ];
        for (text, options, values) in published {
            let code = SpawningCode::parse(text).unwrap();
            assert_eq!(code.heap_options(20).len(), options, "{text}");
            assert_eq!(grundy_sequence(&code, 21)[1..], values, "{text}");
        }
    }

    #[test]
    fn codes_are_read_with_their_modifiers() {
        let code = SpawningCode::parse(" 2-3, 6c(8)f ").unwrap();
        assert_eq!(code.code(), "2-3, 6C(8)F");
        assert_eq!(code.elements().len(), 2);
        assert_eq!(
            code.elements()[1],
            TurningElement {
                least: 6,
                most: Some(6),
                spacing: Spacing::Any,
                first: true,
                span: Some(8),
            }
        );
        assert_eq!(SpawningCode::parse("2+E").unwrap().elements()[0].most, None);
        for bad in [
            "",
            "0",
            "3-1",
            "x",
            "1-3Q",
            "2CE",
            "1C(",
            "1C(0)",
            "1C(x)",
            ",",
            "1,,2",
            "99999999999",
            "3\u{73c}",
        ] {
            let err = SpawningCode::parse(bad).unwrap_err();
            assert!(
                err.to_string().starts_with("turning code '"),
                "{bad}: {err}"
            );
        }
    }

    /// A set turned with `F` includes coin 1: one coin alone only on coin 1.
    #[test]
    fn the_first_coin_is_among_those_turned() {
        let code = SpawningCode::parse("1-2F").unwrap();
        assert_eq!(sorted_options(&code, 1), [Vec::<u64>::new()]);
        assert_eq!(sorted_options(&code, 5), [vec![1]]);
    }

    fn element() -> impl Strategy<Value = String> {
        (
            1u64..5,
            0u64..4,
            any::<bool>(),
            0usize..4,
            any::<bool>(),
            proptest::option::of(1u64..7),
        )
            .prop_map(|(least, extra, open, spacing, first, span)| {
                let range = if open {
                    format!("{least}+")
                } else {
                    format!("{least}-{}", least + extra)
                };
                let spacing = ["", "C", "E", "S"][spacing];
                let first = if first { "F" } else { "" };
                let span = span.map(|m| format!("C({m})")).unwrap_or_default();
                format!("{range}{spacing}{first}{span}")
            })
    }

    proptest! {
        /// The options generated are the sets the definition allows, each once.
        #[test]
        fn options_are_the_sets_the_definition_allows(
            elements in proptest::collection::vec(element(), 1..4),
            n in 1u64..13,
        ) {
            let code = SpawningCode::parse(&elements.join(",")).unwrap();
            let generated = code.heap_options(n);
            let mut sorted = generated.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), generated.len(), "an option offered twice");
            prop_assert_eq!(sorted, sets_by_definition(&code, n));
        }
    }
}
