//! Normal-form games with exact rational payoffs, and mixed-strategy profiles.
//!
//! Pure-strategy profiles are numbered as Gambit numbers them: player 1's strategy varies
//! fastest. Probabilities and payoffs are `BigRational`, so every check is exact.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::StrategicError;

/// The most payoffs a game may hold (pure-strategy profiles times players).
pub const MAX_PROFILES: usize = 1 << 22;

/// A finite game in normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalFormGame {
    /// The game's title.
    pub title: String,
    /// Player names.
    pub players: Vec<String>,
    /// Strategy labels of each player.
    pub strategies: Vec<Vec<String>>,
    /// `payoffs[profile][player]`, profiles numbered with player 1 fastest.
    payoffs: Vec<Vec<BigRational>>,
}

/// A payoff matrix: `m[i][j]` for player 1's strategy i and player 2's strategy j.
pub type Matrix = Vec<Vec<BigRational>>;

/// A mixed strategy for each player: `profile[p][s]` is the probability that player `p`
/// plays strategy `s`.
pub type MixedProfile = Vec<Vec<BigRational>>;

impl NormalFormGame {
    /// A game from its parts; `payoffs` lists one payoff vector per profile, player 1's
    /// strategy varying fastest.
    pub fn new(
        title: String,
        players: Vec<String>,
        strategies: Vec<Vec<String>>,
        payoffs: Vec<Vec<BigRational>>,
    ) -> Result<Self, StrategicError> {
        if players.is_empty() || players.len() != strategies.len() {
            return Err(StrategicError::InvalidInput(
                "a game needs at least one player, each with a strategy list".into(),
            ));
        }
        if strategies.iter().any(Vec::is_empty) {
            return Err(StrategicError::InvalidInput(
                "every player needs at least one strategy".into(),
            ));
        }
        let count = profile_count(
            &strategies.iter().map(Vec::len).collect::<Vec<_>>(),
            players.len(),
        )?;
        if payoffs.len() != count || payoffs.iter().any(|p| p.len() != players.len()) {
            return Err(StrategicError::InvalidInput(format!(
                "{count} profiles need {} payoffs each",
                players.len()
            )));
        }
        Ok(NormalFormGame {
            title,
            players,
            strategies,
            payoffs,
        })
    }

    /// A two-player game from player 1's payoff matrix `a` and player 2's `b` (rows are
    /// player 1's strategies).
    pub fn bimatrix(
        a: &[Vec<BigRational>],
        b: &[Vec<BigRational>],
    ) -> Result<Self, StrategicError> {
        let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
        if m == 0 || n == 0 {
            return Err(StrategicError::InvalidInput(
                "the payoff matrices must be non-empty".into(),
            ));
        }
        if let Some(row) = a.iter().position(|r| r.len() != n) {
            return Err(StrategicError::InvalidInput(format!(
                "player 1's payoff matrix must be rectangular: its row {} has {} entries, not {n}",
                row + 1,
                a[row].len()
            )));
        }
        if b.len() != m || b.iter().any(|r| r.len() != n) {
            return Err(StrategicError::InvalidInput(format!(
                "player 2's payoff matrix must be rectangular and of player 1's shape, {m}×{n}"
            )));
        }
        let mut payoffs = Vec::with_capacity(m * n);
        for j in 0..n {
            for i in 0..m {
                payoffs.push(vec![a[i][j].clone(), b[i][j].clone()]);
            }
        }
        let labels = |k: usize| (1..=k).map(|i| i.to_string()).collect();
        NormalFormGame::new(
            String::new(),
            vec!["Player 1".into(), "Player 2".into()],
            vec![labels(m), labels(n)],
            payoffs,
        )
    }

    /// The zero-sum two-player game in which player 1 gets `a` and player 2 its negatives.
    pub fn zero_sum(a: &[Vec<BigRational>]) -> Result<Self, StrategicError> {
        let b: Vec<Vec<BigRational>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        NormalFormGame::bimatrix(a, &b)
    }

    /// The symmetric two-player game whose row player's payoffs are `a`, which must be
    /// square (the column player's are its transpose).
    pub fn symmetric(a: &[Vec<BigRational>]) -> Result<Self, StrategicError> {
        let rows = a.len();
        if let Some(row) = a.iter().position(|r| r.len() != rows) {
            let columns = a[row].len();
            let shape = if a.iter().all(|r| r.len() == columns) {
                format!("this one is {rows}×{columns}")
            } else {
                let entries = if columns == 1 { "entry" } else { "entries" };
                format!("its row {} has {columns} {entries}, not {rows}", row + 1)
            };
            return Err(StrategicError::InvalidInput(format!(
                "a symmetric game's payoff matrix must be square; {shape}"
            )));
        }
        let b: Vec<Vec<BigRational>> = (0..rows)
            .map(|i| (0..rows).map(|j| a[j][i].clone()).collect())
            .collect();
        NormalFormGame::bimatrix(a, &b)
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The number of strategies of each player.
    pub fn shape(&self) -> Vec<usize> {
        self.strategies.iter().map(Vec::len).collect()
    }

    /// The payoff vector of a pure profile given by its number.
    pub fn payoffs_at(&self, profile: usize) -> &[BigRational] {
        &self.payoffs[profile]
    }

    /// The number of a pure profile (`strategy[p]` for each player).
    pub fn profile_index(&self, strategy: &[usize]) -> usize {
        let mut index = 0;
        for (p, &s) in strategy.iter().enumerate().rev() {
            index = index * self.strategies[p].len() + s;
        }
        index
    }

    /// The strategies of a pure profile from its number.
    pub fn profile_strategies(&self, mut index: usize) -> Vec<usize> {
        self.strategies
            .iter()
            .map(|s| {
                let k = index % s.len();
                index /= s.len();
                k
            })
            .collect()
    }

    /// Player 1's and player 2's payoff matrices (rows: player 1's strategies).
    pub fn matrices(&self) -> Result<(Matrix, Matrix), StrategicError> {
        if self.num_players() != 2 {
            return Err(StrategicError::InvalidInput(format!(
                "this method needs a two-player game; the game has {} players",
                self.num_players()
            )));
        }
        let (m, n) = (self.strategies[0].len(), self.strategies[1].len());
        let mut a = vec![vec![BigRational::zero(); n]; m];
        let mut b = a.clone();
        for (i, (ra, rb)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            for j in 0..n {
                let p = &self.payoffs[self.profile_index(&[i, j])];
                ra[j] = p[0].clone();
                rb[j] = p[1].clone();
            }
        }
        Ok((a, b))
    }

    /// Player `player`'s expected payoff from each of its pure strategies when the others
    /// play `profile`.
    pub fn strategy_payoffs(&self, profile: &MixedProfile, player: usize) -> Vec<BigRational> {
        let mut out = vec![BigRational::zero(); self.strategies[player].len()];
        for index in 0..self.payoffs.len() {
            let strategy = self.profile_strategies(index);
            let mut weight = BigRational::one();
            for (p, &s) in strategy.iter().enumerate() {
                if p != player {
                    weight *= &profile[p][s];
                    if weight.is_zero() {
                        break;
                    }
                }
            }
            if !weight.is_zero() {
                out[strategy[player]] += weight * &self.payoffs[index][player];
            }
        }
        out
    }

    /// Player `player`'s expected payoff under `profile`.
    pub fn expected_payoff(&self, profile: &MixedProfile, player: usize) -> BigRational {
        self.strategy_payoffs(profile, player)
            .iter()
            .zip(&profile[player])
            .map(|(u, p)| u * p)
            .sum()
    }

    /// Whether `profile` is a Nash equilibrium: a probability distribution for each player
    /// under which no pure strategy pays more than the player's expected payoff.
    pub fn is_equilibrium(&self, profile: &MixedProfile) -> bool {
        if profile.len() != self.num_players() {
            return false;
        }
        for (p, sigma) in profile.iter().enumerate() {
            if sigma.len() != self.strategies[p].len()
                || sigma.iter().any(|x| x < &BigRational::zero())
                || sigma.iter().sum::<BigRational>() != BigRational::one()
            {
                return false;
            }
        }
        (0..self.num_players()).all(|p| {
            let u = self.strategy_payoffs(profile, p);
            let value: BigRational = u.iter().zip(&profile[p]).map(|(a, b)| a * b).sum();
            u.iter().all(|x| x <= &value)
        })
    }
}

/// The number of pure-strategy profiles, checked against [`MAX_PROFILES`] payoffs.
pub fn profile_count(shape: &[usize], players: usize) -> Result<usize, StrategicError> {
    shape
        .iter()
        .try_fold(1usize, |acc, &k| acc.checked_mul(k))
        .filter(|&c| c.saturating_mul(players.max(1)) <= MAX_PROFILES)
        .ok_or_else(|| {
            // Counted again in big integers: the product may not fit a machine word.
            let payoffs = shape
                .iter()
                .fold(num_bigint::BigUint::from(players.max(1)), |acc, &k| acc * k);
            StrategicError::too_large("payoffs (profiles × players)", payoffs, MAX_PROFILES)
        })
}

/// A rational as Gambit prints it: `1/3`, `2`, `-1/2`.
pub fn rational_text(x: &BigRational) -> String {
    if x.is_integer() {
        x.to_integer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

/// Rationals as Gambit prints them, one text each: a mixed strategy or a population state.
pub fn rationals_text(xs: &[BigRational]) -> Vec<String> {
    xs.iter().map(rational_text).collect()
}

/// A mixed profile as texts: one list of probabilities per player.
pub fn profile_text(profile: &MixedProfile) -> Vec<Vec<String>> {
    profile.iter().map(|s| rationals_text(s)).collect()
}

/// An exact number: `3`, `-2`, `.5`, `7.32`, `1e-3`, `3/2`.
pub fn parse_number(word: &str) -> Option<BigRational> {
    if let Some((n, d)) = word.split_once('/') {
        let n: BigInt = n.parse().ok()?;
        let d: BigInt = d.parse().ok()?;
        return (!d.is_zero()).then(|| lowest_terms(n, d));
    }
    let (mantissa, exponent) = match word.find(['e', 'E']) {
        Some(i) => (&word[..i], word[i + 1..].parse::<i32>().ok()?),
        None => (word, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
    if (int_part.is_empty() && frac_part.is_empty())
        || !int_part
            .chars()
            .chain(frac_part.chars())
            .all(|c| c.is_ascii_digit())
        || exponent.unsigned_abs() > 10_000
    {
        return None;
    }
    let all: BigInt = format!("{int_part}{frac_part}").parse().ok()?;
    let scale = exponent - frac_part.len() as i32;
    let power = num_traits::pow(BigInt::from(10), scale.unsigned_abs() as usize);
    let x = if scale >= 0 {
        BigRational::from_integer(all * power)
    } else {
        lowest_terms(all, power)
    };
    Some(if negative { -x } else { x })
}

/// n/d in lowest terms, d ≠ 0. The greatest common divisor is taken after one step of
/// Euclid's algorithm (the larger modulo the smaller), so a short numerator over a
/// ten-thousand-digit denominator (`1e-9999`) costs as much as the denominator's length,
/// where the binary algorithm `BigRational::new` uses shifts the long one bit by bit.
fn lowest_terms(n: BigInt, d: BigInt) -> BigRational {
    let (small, large) = if n.magnitude() <= d.magnitude() {
        (n.magnitude(), d.magnitude())
    } else {
        (d.magnitude(), n.magnitude())
    };
    let divisor = if small.is_zero() {
        large.clone()
    } else {
        small.gcd(&(large % small))
    };
    let divisor = BigInt::from(divisor);
    let (n, d) = (n / &divisor, d / &divisor);
    if d.is_negative() {
        BigRational::new_raw(-n, -d)
    } else {
        BigRational::new_raw(n, d)
    }
}

/// An integer as a rational.
pub fn integer(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn profiles_are_numbered_player_one_fastest() {
        let a = vec![vec![integer(1), integer(2)], vec![integer(3), integer(4)]];
        let g = NormalFormGame::bimatrix(&a, &a).unwrap();
        // Profile 1 is (player 1's second strategy, player 2's first).
        assert_eq!(g.payoffs_at(1)[0], integer(3));
        assert_eq!(g.profile_strategies(2), vec![0, 1]);
        assert_eq!(g.profile_index(&[1, 1]), 3);
    }

    #[test]
    fn equilibrium_check() {
        // Matching pennies: only the uniform profile.
        let a = vec![vec![integer(1), integer(-1)], vec![integer(-1), integer(1)]];
        let b: Vec<Vec<BigRational>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        let half = vec![q(1, 2), q(1, 2)];
        assert!(g.is_equilibrium(&vec![half.clone(), half.clone()]));
        assert!(!g.is_equilibrium(&vec![vec![q(1, 1), q(0, 1)], half.clone()]));
        assert!(!g.is_equilibrium(&vec![vec![q(1, 2), q(1, 3)], half]));
        assert_eq!(rational_text(&q(-2, 4)), "-1/2");
    }

    proptest::proptest! {
        /// Numbers read with one Euclid step before the gcd equal those reduced by
        /// `BigRational::new` (the plain construction, as the oracle).
        #[test]
        fn numbers_are_in_lowest_terms(
            n in -10_000_000i64..10_000_000,
            d in -10_000_000i64..10_000_000,
            digits in "[0-9]{1,12}",
            point in 0usize..12,
            exponent in -40i32..40,
        ) {
            if d != 0 {
                let (n, d) = (BigInt::from(n), BigInt::from(d));
                proptest::prop_assert_eq!(
                    parse_number(&format!("{n}/{d}")),
                    Some(BigRational::new(n, d))
                );
            }
            let point = point.min(digits.len());
            let word = format!("{}.{}e{exponent}", &digits[..point], &digits[point..]);
            let all: BigInt = digits.parse().unwrap();
            let scale = exponent - (digits.len() - point) as i32;
            let ten = BigRational::from_integer(BigInt::from(10));
            let expected = BigRational::from_integer(all) * num_traits::pow::pow(
                if scale >= 0 { ten.clone() } else { ten.recip() },
                scale.unsigned_abs() as usize,
            );
            proptest::prop_assert_eq!(parse_number(&word), Some(expected));
        }
    }

    /// The fuzzer's slowest inputs (target `nfg`, `matrix`): numbers with exponents near
    /// the limit of ±10000, over ten thousand digits long, are read in lowest terms.
    #[test]
    fn extreme_exponents_are_exact() {
        let tiny = parse_number("-25e-9999").unwrap();
        assert_eq!(tiny.numer(), &BigInt::from(-1));
        assert!(tiny.denom() == &(num_traits::pow(BigInt::from(10), 9997) * 4));
        let huge = parse_number("4.0e10000").unwrap();
        assert_eq!(
            huge,
            BigRational::from_integer(num_traits::pow(BigInt::from(10), 10000) * 4)
        );
        let ratio = parse_number(&format!("6/{}", "4".repeat(5000))).unwrap();
        assert_eq!(ratio.numer(), &BigInt::from(3));
        assert!(parse_number("1e10001").is_none());
    }
}
