//! Number-up-star values x + ↑n + *m: the closed-form part of the store.
//!
//! Most games met in practice are numbers, nimbers, ups or sums of the three. Their sums,
//! negatives and comparisons follow from formulas, and their canonical forms from a short
//! rule, so the store keeps them as compact records instead of option lists:
//!
//! - x (a number): its canonical options (see [`Dyadic::canonical_options`]);
//! - x + *m, m ≥ 1: `{x, x*, …, x*(m−1) | x, x*, …, x*(m−1)}`;
//! - x + ↑n*m, n ≥ 1: `{x | x + ↑(n−1)*(m⊕1)}`, except ↑* itself: `{x, x* | x}`;
//! - x + ↓n*m: the negative of (−x) + ↑n*m.

use std::fmt;

use conway_numbers::Dyadic;

/// The largest up multiple |n| a sum forms ([`Nus::checked_add`]): sums past it are refused,
/// so that negatives (and the ±1 steps of recognising a canonical form) never overflow.
pub const MAX_UPS: i64 = 1 << 62;

/// Whether x + ↑n + *m ≥ 0, for x of sign `sign`.
fn nonnegative(sign: i32, ups: i128, nimber: u64) -> bool {
    match sign {
        1 => true,
        -1 => false,
        _ => ups >= 2 || (ups == 1 && nimber != 1) || (ups == 0 && nimber == 0),
    }
}

/// A value x + ↑n + *m with x a dyadic rational, n an integer (negative for downs) and m a
/// nimber.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part x.
    pub number: Dyadic,
    /// The up multiple n (↓ counts −1).
    pub ups: i64,
    /// The nimber m of *m.
    pub nimber: u64,
}

impl Nus {
    /// The number x.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// 0.
    pub fn zero() -> Nus {
        Nus::number(Dyadic::zero())
    }

    /// Whether this is a number (no ups, no star).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// The sum, by adding the parts (↑ and * are group elements of order ∞ and 2); `None`
    /// when the up multiple would pass [`MAX_UPS`].
    pub fn checked_add(&self, other: &Nus) -> Option<Nus> {
        let ups = self
            .ups
            .checked_add(other.ups)
            .filter(|n| n.unsigned_abs() <= MAX_UPS.unsigned_abs())?;
        Some(Nus {
            number: &self.number + &other.number,
            ups,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// The negative: −x + ↓n + *m.
    pub fn neg(&self) -> Nus {
        Nus {
            number: -&self.number,
            ups: -self.ups,
            nimber: self.nimber,
        }
    }

    /// Whether `self ≥ 0`. Numbers outweigh infinitesimals; among infinitesimals ↑n*m ≥ 0
    /// exactly when n ≥ 2, or n = 1 and m ≠ 1 (↑* is confused with 0), or n = 0 and m = 0.
    pub fn is_nonnegative(&self) -> bool {
        nonnegative(self.number.signum(), i128::from(self.ups), self.nimber)
    }

    /// Whether `self ≤ other`, i.e. other − self ≥ 0 (the up multiples subtracted in 128
    /// bits, so that no two values are too far apart to compare).
    pub fn leq(&self, other: &Nus) -> bool {
        let number = &other.number - &self.number;
        let ups = i128::from(other.ups) - i128::from(self.ups);
        nonnegative(number.signum(), ups, other.nimber ^ self.nimber)
    }

    /// The canonical options `(left, right)`, themselves number-up-star values.
    pub fn canonical_options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        let at = |ups: i64, nimber: u64| Nus {
            number: x.clone(),
            ups,
            nimber,
        };
        match (self.ups, self.nimber) {
            (0, 0) => {
                let (l, r) = x.canonical_options();
                (
                    l.into_iter().map(Nus::number).collect(),
                    r.into_iter().map(Nus::number).collect(),
                )
            }
            (0, m) => {
                let options: Vec<Nus> = (0..m).map(|i| at(0, i)).collect();
                (options.clone(), options)
            }
            (1, 1) => (vec![at(0, 0), at(0, 1)], vec![at(0, 0)]),
            (-1, 1) => (vec![at(0, 0)], vec![at(0, 0), at(0, 1)]),
            (n, m) if n > 0 => (vec![at(0, 0)], vec![at(n - 1, m ^ 1)]),
            (n, m) => (vec![at(n + 1, m ^ 1)], vec![at(0, 0)]),
        }
    }

    /// Recognises a canonical form `{left | right}` whose options are all number-up-star
    /// values as one itself; `None` when the game is not of that kind. The options must be
    /// canonical (no dominated or reversible options), which makes the patterns exhaustive.
    pub fn recognise(left: &[&Nus], right: &[&Nus]) -> Option<Nus> {
        let all_numbers = left.iter().chain(right).all(|g| g.is_number());
        if all_numbers && left.len() <= 1 && right.len() <= 1 {
            let (l, r) = (
                left.first().map(|g| &g.number),
                right.first().map(|g| &g.number),
            );
            if let Some(x) = Dyadic::simplest_between(l, r) {
                return Some(Nus::number(x));
            }
        }
        if let Some(star) = Nus::recognise_star(left, right) {
            return Some(star);
        }
        // x + ↑n*m (n ≥ 1) has the single Right option x + ↑(n−1)*(m⊕1); x + ↓n*m mirrors it.
        let up = match right {
            [r] if r.ups >= 0 => Some(Nus {
                number: r.number.clone(),
                ups: r.ups + 1,
                nimber: r.nimber ^ 1,
            }),
            _ => None,
        };
        let down = match left {
            [l] if l.ups <= 0 => Some(Nus {
                number: l.number.clone(),
                ups: l.ups - 1,
                nimber: l.nimber ^ 1,
            }),
            _ => None,
        };
        let same =
            |xs: &[&Nus], ys: &[Nus]| xs.len() == ys.len() && ys.iter().all(|y| xs.contains(&y));
        [up, down].into_iter().flatten().find(|candidate| {
            let (cl, cr) = candidate.canonical_options();
            same(left, &cl) && same(right, &cr)
        })
    }

    /// x + *m: both sides are exactly {x, x*, …, x*(m−1)}.
    fn recognise_star(left: &[&Nus], right: &[&Nus]) -> Option<Nus> {
        let first = left.first()?;
        if left.len() != right.len()
            || left
                .iter()
                .chain(right)
                .any(|g| g.ups != 0 || g.number != first.number)
        {
            return None;
        }
        let m = left.len() as u64;
        let covers = |side: &[&Nus]| {
            let mut seen = vec![false; side.len()];
            side.iter()
                .all(|g| g.nimber < m && !std::mem::replace(&mut seen[g.nimber as usize], true))
        };
        (covers(left) && covers(right)).then(|| Nus {
            number: first.number.clone(),
            ups: 0,
            nimber: m,
        })
    }
}

/// CGSuite's notation: `0`, `3/4`, `*`, `*3`, `^`, `^^`, `^3`, `v`, `vv`, `v3`, `1/2^*`, `-2v*3`.
impl fmt::Display for Nus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_number() {
            return write!(f, "{}", self.number);
        }
        if !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        let (arrow, count) = if self.ups >= 0 {
            ('^', self.ups)
        } else {
            ('v', -self.ups)
        };
        match count {
            0 => {}
            1 => write!(f, "{arrow}")?,
            2 => write!(f, "{arrow}{arrow}")?,
            n => write!(f, "{arrow}{n}")?,
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(x: i64, ups: i64, nimber: u64) -> Nus {
        Nus {
            number: Dyadic::from_integer(x),
            ups,
            nimber,
        }
    }

    #[test]
    fn printing_matches_cgsuite() {
        assert_eq!(nus(0, 8, 2).to_string(), "^8*2");
        assert_eq!(nus(0, 2, 4).to_string(), "^^*4");
        assert_eq!(nus(0, -1, 1).to_string(), "v*");
        assert_eq!(nus(0, 0, 6).to_string(), "*6");
        assert_eq!(nus(0, 0, 0).to_string(), "0");
        assert_eq!(
            Nus {
                number: Dyadic::new(1, 1),
                ups: 1,
                nimber: 1
            }
            .to_string(),
            "1/2^*"
        );
        assert_eq!(nus(-2, -3, 0).to_string(), "-2v3");
    }

    #[test]
    fn signs_of_infinitesimals() {
        // ONAG ch. 5 / WW ch. 3: ↑ > 0, ↑* ‖ 0, ↑*2 > 0, ⇑* > 0, * ‖ 0, ↓ < 0.
        assert!(nus(0, 1, 0).is_nonnegative() && !nus(0, 1, 0).leq(&Nus::zero()));
        assert!(!nus(0, 1, 1).is_nonnegative() && !nus(0, 1, 1).leq(&Nus::zero()));
        assert!(nus(0, 1, 2).is_nonnegative());
        assert!(nus(0, 2, 1).is_nonnegative());
        assert!(!nus(0, 0, 1).is_nonnegative() && !nus(0, 0, 1).leq(&Nus::zero()));
        assert!(nus(0, -1, 0).leq(&Nus::zero()));
        assert!(nus(-1, 100, 7).leq(&Nus::zero()));
    }
}
