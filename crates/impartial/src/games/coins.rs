//! Coin-turning games on a row of coins (Turning Turtles, Ruler, Mock Turtles).
//!
//! Coins are numbered 1, 2, … from the left. A move turns over a set of coins allowed by the
//! rule, the rightmost of which must go from heads to tails. Such a game is the sum of its
//! heads: a position's value is the xor of the values of the coins showing heads, where the
//! value of coin x is that of the position with coin x alone heads (Lenstra; *Winning Ways*, ch. 14).
//!
//! - Turning Turtles: coin x and optionally one coin to its left; coin x is worth x (Nim).
//! - Ruler: any run of consecutive coins ending at x; coin x is worth the largest power of
//!   two dividing x.
//! - Mock Turtles: one, two or three coins ending at x; coin x is worth the (x−1)-th odious
//!   number (1, 2, 4, 7, 8, 11, …: numbers with an odd count of ones in binary).

use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

/// The longest row of coins accepted.
pub const MAX_COINS: usize = 4096;

/// The rule of a coin-turning game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinGame {
    /// Turn one coin, and optionally one more to its left.
    Turtles,
    /// Turn a run of consecutive coins.
    Ruler,
    /// Turn one, two or three coins.
    MockTurtles,
}

impl CoinGame {
    /// The command name.
    pub fn name(self) -> &'static str {
        match self {
            CoinGame::Turtles => "turtles",
            CoinGame::Ruler => "ruler",
            CoinGame::MockTurtles => "mock-turtles",
        }
    }

    /// Parses a command name.
    pub fn from_name(name: &str) -> Option<Self> {
        [CoinGame::Turtles, CoinGame::Ruler, CoinGame::MockTurtles]
            .into_iter()
            .find(|g| g.name() == name)
    }

    /// The Grundy value of coin `x` (1-based) alone showing heads.
    pub fn coin_value(self, x: u64) -> u64 {
        match self {
            CoinGame::Turtles => x,
            CoinGame::Ruler => 1 << x.trailing_zeros(),
            CoinGame::MockTurtles => odious(x - 1),
        }
    }

    /// Every set of coins a move may turn when `x` is the rightmost (the rule itself).
    pub fn move_sets(self, x: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = self.visit_move_sets(x, &mut |set| {
            out.push(set.to_vec());
            ControlFlow::Continue(())
        });
        out
    }

    /// Visits the sets of [`move_sets`](Self::move_sets) one by one, in that order, until
    /// `visit` breaks: mock turtles on 4,096 coins has eight million of them.
    pub fn visit_move_sets(
        self,
        x: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        visit(&[x])?;
        match self {
            CoinGame::Turtles => (1..x).try_for_each(|y| visit(&[y, x])),
            CoinGame::Ruler => (1..x)
                .rev()
                .try_for_each(|y| visit(&(y..=x).collect::<Vec<_>>())),
            CoinGame::MockTurtles => (1..x).try_for_each(|z| {
                visit(&[z, x])?;
                (1..z).try_for_each(|y| visit(&[y, z, x]))
            }),
        }
    }

    /// The move sets with rightmost coin `x` whose coin values xor to `target`, found
    /// without listing every move set.
    pub fn move_sets_with_value(self, x: u64, target: u64) -> Vec<Vec<u64>> {
        let gx = self.coin_value(x);
        let mut out = Vec::new();
        match self {
            CoinGame::Turtles => {
                if gx == target {
                    out.push(vec![x]);
                }
                let y = x ^ target;
                if (1..x).contains(&y) {
                    out.push(vec![y, x]);
                }
            }
            CoinGame::Ruler => {
                let mut acc = 0;
                for y in (1..=x).rev() {
                    acc ^= self.coin_value(y);
                    if acc == target {
                        out.push((y..=x).collect());
                    }
                }
            }
            CoinGame::MockTurtles => {
                if gx == target {
                    out.push(vec![x]);
                }
                let coin_with = |v: u64| odious_index(v).map(|i| i + 1);
                if let Some(z) = coin_with(target ^ gx).filter(|&z| z < x) {
                    out.push(vec![z, x]);
                }
                for z in 2..x {
                    let want = target ^ gx ^ self.coin_value(z);
                    if let Some(y) = coin_with(want).filter(|&y| y < z) {
                        out.push(vec![y, z, x]);
                    }
                }
                out.sort();
            }
        }
        out
    }
}

/// The rule of a coin-turning game as [`solve`] and [`offer_moves`] play it: the value of
/// each coin alone heads, and the sets a move may turn.
pub trait CoinRule {
    /// The game's name in reports.
    fn game_name(&self) -> String;

    /// The Grundy value of coin `x` (1-based) alone showing heads.
    fn value_of_coin(&self, x: u64) -> u64;

    /// Offers every set of coins a move may turn when `x` is the rightmost, coins in
    /// increasing order, until `visit` breaks.
    fn visit_sets(
        &self,
        x: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The sets with rightmost coin `x` whose coin values xor to `target`: those of
    /// [`CoinRule::visit_sets`] that do, unless the rule knows them without looking at all.
    fn sets_with_value(&self, x: u64, target: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = self.visit_sets(x, &mut |set| {
            if set.iter().fold(0, |acc, &c| acc ^ self.value_of_coin(c)) == target {
                out.push(set.to_vec());
            }
            ControlFlow::Continue(())
        });
        out
    }
}

impl CoinRule for CoinGame {
    fn game_name(&self) -> String {
        self.name().to_string()
    }

    fn value_of_coin(&self, x: u64) -> u64 {
        self.coin_value(x)
    }

    fn visit_sets(
        &self,
        x: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_move_sets(x, visit)
    }

    fn sets_with_value(&self, x: u64, target: u64) -> Vec<Vec<u64>> {
        self.move_sets_with_value(x, target)
    }
}

/// The n-th odious number (0-based): 2n, plus one when n has an even number of ones.
pub fn odious(n: u64) -> u64 {
    2 * n + u64::from(n.count_ones().is_multiple_of(2))
}

/// The index of `v` among the odious numbers, if it is one.
pub fn odious_index(v: u64) -> Option<u64> {
    (v.count_ones() % 2 == 1).then_some(v / 2)
}

/// Parses a row of coins: `H`/`T`, `1`/`0` or `x`/`.` for heads/tails.
pub fn parse_row(text: &str) -> Result<Vec<bool>, ImpartialError> {
    let coins: Vec<bool> = text
        .chars()
        .enumerate()
        .map(|(i, c)| match c {
            'H' | 'h' | '1' => Ok(true),
            'T' | 't' | '0' => Ok(false),
            // Any other letter is refused: reading it as heads or tails would solve a
            // position the user did not write.
            _ => Err(ImpartialError::Parse {
                row: None,
                column: i + 1,
                message: format!(
                    "coin '{c}' is neither heads nor tails; write heads as H (or 1) and tails \
                     as T (or 0)"
                ),
            }),
        })
        .collect::<Result<_, _>>()?;
    if coins.is_empty() {
        return Err(ImpartialError::InvalidInput(
            "the row of coins is empty".into(),
        ));
    }
    if coins.len() > MAX_COINS {
        return Err(ImpartialError::too_large(
            "the row of coins",
            format!("{} coins", coins.len()),
            MAX_COINS,
        ));
    }
    Ok(coins)
}

/// A row of coins as text (`H`/`T`).
pub fn row_text(coins: &[bool]) -> String {
    coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
}

/// "coins 3 and 9", "coins 5–8", "coin 4".
pub fn coins_text(set: &[u64]) -> String {
    match set {
        [x] => format!("coin {x}"),
        [a, b] => format!("coins {a} and {b}"),
        _ if set.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("coins {}–{}", set[0], set[set.len() - 1])
        }
        _ => {
            let (last, rest) = set.split_last().unwrap_or((&0, &[]));
            let rest: Vec<String> = rest.iter().map(|c| c.to_string()).collect();
            format!("coins {} and {last}", rest.join(", "))
        }
    }
}

/// Turning over `set` (its rightmost coin `x` heads → tails), in words.
fn describe(coins: &[bool], x: u64, set: &[u64]) -> WinningMove {
    let mut next = coins.to_vec();
    for &c in set {
        next[c as usize - 1] = !next[c as usize - 1];
    }
    WinningMove::new(
        format!("turn over {} (coin {x} heads → tails)", coins_text(set)),
        row_text(&next),
    )
}

/// Offers every move: by the rightmost coin turned, from the left; for each, the fewest
/// coins turned first.
pub fn offer_moves<R: CoinRule + ?Sized>(
    list: &mut OptionList,
    game: &R,
    coins: &[bool],
) -> ControlFlow<()> {
    for x in (1..=coins.len() as u64).filter(|&x| coins[x as usize - 1]) {
        game.visit_sets(x, &mut |set| list.offer(|| describe(coins, x, set)))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of a row of coins.
pub fn solve<R: CoinRule + ?Sized>(game: &R, coins: &[bool]) -> Solution {
    let heads: Vec<u64> = (1..=coins.len() as u64)
        .filter(|&x| coins[x as usize - 1])
        .collect();
    let values: Vec<u64> = heads.iter().map(|&x| game.value_of_coin(x)).collect();
    let total = values.iter().fold(0, |a, b| a ^ b);
    let mut moves = OptionList::default();
    if total != 0 {
        for &x in &heads {
            // Turning set T changes the value by the xor of T's coin values.
            for set in game.sets_with_value(x, total) {
                let _ = moves.offer(|| describe(coins, x, &set));
            }
        }
    }
    let solution = Solution::new(
        &game.game_name(),
        row_text(coins),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact(
        "coin_values",
        Fact::List(
            heads
                .iter()
                .zip(&values)
                .map(|(x, v)| format!("{x}:{v}"))
                .collect(),
        ),
    )
    .note(format!(
        "heads at {}; coin values {} combine by xor",
        if heads.is_empty() {
            "no coin".to_string()
        } else {
            coins_text(&heads)
                .replacen("coin ", "", 1)
                .replacen("coins ", "", 1)
        },
        values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ⊕ ")
    ));
    with_winning_moves(solution, moves)
}

/// A row of coins searched directly, for the oracle tests: positions are bit masks of heads.
pub struct CoinRow<R> {
    /// The rule.
    pub game: R,
    /// The number of coins.
    pub len: u64,
}

impl<R: CoinRule> crate::ImpartialGame for CoinRow<R> {
    type Position = u64;
    fn options(&self, &heads: &u64) -> Vec<u64> {
        let mut out = Vec::new();
        for x in 1..=self.len {
            if heads >> (x - 1) & 1 == 1 {
                let _ = self.game.visit_sets(x, &mut |set| {
                    out.push(set.iter().fold(heads, |h, &c| h ^ 1 << (c - 1)));
                    ControlFlow::Continue(())
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::solver::GrundySolver;
    use conway_core::ErrorKind;

    const GAMES: [CoinGame; 3] = [CoinGame::Turtles, CoinGame::Ruler, CoinGame::MockTurtles];

    /// Published values: Ruler 1,2,1,4,1,2,1,8,…; Mock Turtles are the odious numbers
    /// (CGSuite test vectors for Spawning games; Ferguson, Game Theory I §5).
    #[test]
    fn published_coin_values() {
        let ruler: Vec<u64> = (1..=16).map(|x| CoinGame::Ruler.coin_value(x)).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        let mock: Vec<u64> = (1..=20)
            .map(|x| CoinGame::MockTurtles.coin_value(x))
            .collect();
        assert_eq!(
            mock,
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38]
        );
    }

    /// Only H/h/1 and T/t/0 are coins: any other letter is refused by its column, never read
    /// as heads or tails.
    #[test]
    fn unknown_coin_letters_are_refused_by_column() {
        assert_eq!(
            parse_row("tH1h0T").unwrap(),
            [false, true, true, true, false, false]
        );
        for (row, column) in [("THXT", 3), ("x", 1), ("HT.T", 3), ("HHHHZ", 5)] {
            match parse_row(row) {
                Err(e @ ImpartialError::Parse { .. }) => {
                    let m = e.to_string();
                    assert!(
                        m.starts_with(&format!("column {column}: coin ")),
                        "{row}: {m}"
                    )
                }
                other => panic!("{row}: expected an error, got {other:?}"),
            }
        }
    }

    /// The coin values and the sum rule, against a search over all head patterns.
    #[test]
    fn values_match_search() {
        for game in GAMES {
            let len = 9;
            let row = CoinRow { game, len };
            let mut solver = GrundySolver::new(&row);
            for heads in 0u64..1 << len {
                let expected = (1..=len)
                    .filter(|x| heads >> (x - 1) & 1 == 1)
                    .fold(0, |acc, x| acc ^ game.coin_value(x));
                assert_eq!(
                    solver.grundy(&heads).unwrap(),
                    expected,
                    "{game:?} {heads:b}"
                );
            }
        }
    }

    /// The fast winning-set search equals filtering the rule's move sets.
    #[test]
    fn move_sets_with_value_match_filter() {
        for game in GAMES {
            for x in 1..=40u64 {
                for target in 0..80u64 {
                    let mut expected: Vec<Vec<u64>> = game
                        .move_sets(x)
                        .into_iter()
                        .filter(|s| s.iter().fold(0, |a, &c| a ^ game.coin_value(c)) == target)
                        .collect();
                    expected.sort();
                    let mut got = game.move_sets_with_value(x, target);
                    got.sort();
                    assert_eq!(got, expected, "{game:?} x={x} target={target}");
                }
            }
        }
    }

    #[test]
    fn listed_moves_are_the_rules_moves() {
        for game in GAMES {
            for heads in 0u64..1 << 6 {
                let coins: Vec<bool> = (0..6).map(|b| heads >> b & 1 == 1).collect();
                let s =
                    listing::with_options(solve(&game, &coins), |l| offer_moves(l, &game, &coins));
                let row = CoinRow { game, len: 6 };
                let as_row =
                    |h: u64| row_text(&(0..6).map(|b| h >> b & 1 == 1).collect::<Vec<_>>());
                let expected = crate::ImpartialGame::options(&row, &heads)
                    .into_iter()
                    .map(as_row);
                listing::assert_lists_exactly(&s, expected.collect());
            }
        }
    }

    #[test]
    fn winning_moves_reach_zero() {
        let coins = parse_row("THHTTHTHH").unwrap();
        for game in GAMES {
            let s = solve(&game, &coins);
            for m in &s.winning_moves {
                let next = parse_row(&m.to).unwrap();
                assert_eq!(solve(&game, &next).value.as_deref(), Some("0"));
            }
        }
        let s = solve(&CoinGame::Turtles, &parse_row("THTTH").unwrap());
        // Heads at 2 and 5: 2 ⊕ 5 = 7; turning 5 and 2 leaves nothing.
        assert_eq!(s.value.as_deref(), Some("*7"));
        assert_eq!(
            s.winning_moves[0].description,
            "turn over coins 2 and 5 (coin 5 heads → tails)"
        );
        let refused = parse_row("HTX?").unwrap_err();
        assert_eq!(
            conway_core::Diagnostic::location(&refused),
            Some(conway_core::Location::column(3))
        );
        assert_eq!(conway_core::Diagnostic::kind(&refused), ErrorKind::Parse);
        assert!(parse_row("").is_err());
    }
}
