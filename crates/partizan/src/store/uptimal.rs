//! Uptimals: the games x + d₁·↑ + d₂·↑² + … + dₖ·↑ᵏ + *m, their canonical forms, and how to
//! recognise one among canonical forms.
//!
//! # The values
//!
//! For a game G = {0 | H}, `G.Pow(n)` and `G.PowTo(n)` are (Conway and Siegel's definitions,
//! as in CGSuite; Siegel, *Combinatorial Game Theory*, 2013, §II.6 and §II.7):
//!
//! - G^→0 = 0 and G^→n = {G^→(n−1) | H}: so ↑^→n = {↑^→(n−1) | *}, and ↑^→2 = {↑ | *};
//! - Gⁿ = {0 | H − G^→(n−1)} for n ≥ 1: so ↑² = {0 | ↓*} and ↑ⁿ = {0 | ↓^→(n−1) + *}.
//!
//! ↑^→n equals ↑ + ↑² + … + ↑ⁿ (written ↑[n], `^[n]`), and the ↑ⁿ (written ↑<n>, `^<n>`) are
//! independent: every sum of them has exactly one *uptimal expansion* x.d₁d₂…dₖ plus a nimber
//! *m, kept here as an [`Uptimal`] (x a number, dₖ ≠ 0). With k ≤ 1 it is a number-up-star
//! value ([`Nus`]).
//!
//! # Recognising an uptimal
//!
//! The canonical form of an uptimal G whose last coefficient dₖ is positive has exactly one
//! Right option, the uptimal with every coefficient up to k lowered by one and the star part
//! toggled, and its Left options are uptimals with the same number part (Siegel, *op. cit.*,
//! Theorem II.7.6, the case analysis CGSuite also uses). So G is found from its Right option
//! R: raising R's coefficients back gives G's expansion, either over R's own length (when
//! dₖ ≥ 2, R keeps length k) or over one more than the longest option (when dₖ = 1, R and the
//! Left options are shorter). An expansion with dₖ < 0 is the negative of one with dₖ > 0.
//!
//! [`Store::as_uptimal`] makes those (at most two) candidates and **accepts one only when its
//! canonical form, built from the definition, is G itself** (equal ids): the theorem only says
//! where to look, so a mistake in it could hide an uptimal but never invent one. Results are
//! cached per game, and the tests check that every expansion built is recognised.

use std::cmp::Ordering;

use conway_numbers::Dyadic;

use super::{GameId, Nus, Store};

/// An uptimal x.d₁d₂…dₖ + *m: the game x + d₁·↑ + d₂·↑² + … + dₖ·↑ᵏ + *m.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uptimal {
    /// The number part x.
    pub number: Dyadic,
    /// d₁, d₂, …, dₖ: the multiple of ↑ⁱ at index i − 1; the last one is never 0.
    coefficients: Vec<i64>,
    /// The nimber part m of *m.
    pub nimber: u64,
}

impl Uptimal {
    /// x.d₁d₂…dₖ + *m, with trailing zero coefficients dropped.
    pub fn new(number: Dyadic, mut coefficients: Vec<i64>, nimber: u64) -> Uptimal {
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        Uptimal {
            number,
            coefficients,
            nimber,
        }
    }

    /// The number-up-star value x + n·↑ + *m.
    pub fn from_nus(n: &Nus) -> Uptimal {
        Uptimal::new(n.number.clone(), vec![n.ups], n.nimber)
    }

    /// x + ↑ⁿ + *m (↓ⁿ when `down`): CGSuite's `x^<n>*m`.
    pub fn power(number: Dyadic, n: usize, down: bool, nimber: u64) -> Uptimal {
        let mut coefficients = vec![0; n];
        if let Some(last) = coefficients.last_mut() {
            *last = if down { -1 } else { 1 };
        }
        Uptimal::new(number, coefficients, nimber)
    }

    /// x + ↑ + ↑² + … + ↑ⁿ + *m (the negatives when `down`): CGSuite's `x^[n]*m`.
    pub fn power_sum(number: Dyadic, n: usize, down: bool, nimber: u64) -> Uptimal {
        Uptimal::new(number, vec![if down { -1 } else { 1 }; n], nimber)
    }

    /// k, the index of the last nonzero coefficient (0 for x + *m).
    pub fn len(&self) -> usize {
        self.coefficients.len()
    }

    /// Whether there are no ups at all (the value is x + *m).
    pub fn is_empty(&self) -> bool {
        self.coefficients.is_empty()
    }

    /// dᵢ, 1-based (0 past the length).
    pub fn coefficient(&self, i: usize) -> i64 {
        i.checked_sub(1)
            .and_then(|i| self.coefficients.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// d₁, d₂, …, dₖ.
    pub fn coefficients(&self) -> &[i64] {
        &self.coefficients
    }

    /// The value as a number-up-star value, when k ≤ 1.
    pub fn as_nus(&self) -> Option<Nus> {
        (self.len() <= 1).then(|| Nus {
            number: self.number.clone(),
            ups: self.coefficient(1),
            nimber: self.nimber,
        })
    }

    /// The negative: −x.(−d₁)(−d₂)…(−dₖ) + *m.
    pub fn neg(&self) -> Uptimal {
        Uptimal {
            number: -&self.number,
            coefficients: self.coefficients.iter().map(|d| -d).collect(),
            nimber: self.nimber,
        }
    }

    /// ±↑ⁿ alone (one coefficient, ±1): printed `^<n>`, `v<n>`.
    pub fn is_power(&self) -> bool {
        let mut nonzero = self.coefficients.iter().filter(|&&d| d != 0);
        matches!(nonzero.next(), Some(1 | -1)) && nonzero.next().is_none()
    }

    /// ±(↑ + ↑² + … + ↑ᵏ) (every coefficient +1, or every one −1): printed `^[k]`, `v[k]`.
    pub fn is_power_sum(&self) -> bool {
        match self.coefficients.first() {
            Some(&d @ (1 | -1)) => self.coefficients.iter().all(|&c| c == d),
            _ => false,
        }
    }

    /// CGSuite's order of uptimals among options: by number part, then coefficient by
    /// coefficient, then the shorter first, then by nimber.
    pub fn cgsuite_cmp(&self, other: &Uptimal) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                let common = self.len().min(other.len());
                self.coefficients[..common].cmp(&other.coefficients[..common])
            })
            .then(self.len().cmp(&other.len()))
            .then(self.nimber.cmp(&other.nimber))
    }

    /// The expansion with d₁…d_`through` each raised by one (coefficients past the length
    /// counted as 0) and the star toggled: G from its Right option (see the module doc).
    /// `None` if a coefficient would overflow.
    fn raised(&self, through: usize) -> Option<Uptimal> {
        let length = through.max(self.len());
        let coefficients = (1..=length)
            .map(|i| {
                let d = self.coefficient(i);
                if i <= through {
                    d.checked_add(1)
                } else {
                    Some(d)
                }
            })
            .collect::<Option<Vec<i64>>>()?;
        Some(Uptimal::new(
            self.number.clone(),
            coefficients,
            self.nimber ^ 1,
        ))
    }
}

impl Store {
    /// ↑ⁿ for n ≥ 1 (cached).
    pub fn up_power(&mut self, n: usize) -> GameId {
        assert!(n >= 1, "↑⁰ is not an uptimal power");
        while self.up_powers.len() < n {
            let k = self.up_powers.len() + 1;
            let power = if k == 1 {
                self.up(1)
            } else {
                // ↑ᵏ = {0 | ↓^→(k−1) + *}
                let sum = self.up_power_sum(k - 1);
                let star = self.nimber(1);
                let right = self.sub(star, sum);
                let zero = self.zero();
                self.construct(&[zero], &[right])
            };
            if self.stop_requested() {
                // A placeholder: never remembered as ↑ᵏ.
                return power;
            }
            self.up_powers.push(power);
        }
        self.up_powers[n - 1]
    }

    /// ↑^→n = ↑ + ↑² + … + ↑ⁿ for n ≥ 0 (cached).
    pub fn up_power_sum(&mut self, n: usize) -> GameId {
        if n == 0 {
            return self.zero();
        }
        while self.up_power_sums.len() < n {
            let previous = match self.up_power_sums.last() {
                Some(&g) => g,
                None => self.zero(),
            };
            let star = self.nimber(1);
            let next = self.construct(&[previous], &[star]);
            if self.stop_requested() {
                return next;
            }
            self.up_power_sums.push(next);
        }
        self.up_power_sums[n - 1]
    }

    /// The canonical form of an uptimal: x + *m plus dᵢ copies of each ↑ⁱ, or, when that
    /// takes fewer terms, eᵢ copies of each sum ↑^→i with eᵢ = dᵢ − dᵢ₊₁ (the same game, as
    /// ↑^→i = ↑ + … + ↑ⁱ): ↑^→k itself is one term, not k sums of deep games.
    pub fn uptimal(&mut self, u: &Uptimal) -> GameId {
        let by_sums: Option<Vec<i64>> = (1..=u.len())
            .map(|i| u.coefficient(i).checked_sub(u.coefficient(i + 1)))
            .collect();
        let weight = |terms: &[i64]| terms.iter().map(|d| d.unsigned_abs()).sum::<u64>();
        let (terms, sums) = match &by_sums {
            Some(by_sums) if weight(by_sums) < weight(&u.coefficients) => (by_sums, true),
            _ => (&u.coefficients, false),
        };
        let mut g = self.nus(&Nus {
            number: u.number.clone(),
            ups: 0,
            nimber: u.nimber,
        });
        for (i, &d) in terms.iter().enumerate() {
            if d != 0 {
                let unit = if sums {
                    self.up_power_sum(i + 1)
                } else {
                    self.up_power(i + 1)
                };
                let term = self.multiple(unit, d);
                g = self.add(g, term);
            }
        }
        g
    }

    /// G's uptimal expansion, if G is an uptimal (see the module doc; cached).
    pub fn as_uptimal(&mut self, g: GameId) -> Option<Uptimal> {
        if let Some(n) = self.as_nus(g) {
            return Some(Uptimal::from_nus(n));
        }
        if let Some(known) = self.uptimals.get(&g) {
            return known.clone();
        }
        // Once the evaluation winds down nothing is cached, and the search of G and −G at
        // every level would be exponential: stop at once (and before the stack runs out).
        if !self.descend() {
            return None;
        }
        let found = self.uptimal_with_positive_end(g).or_else(|| {
            let minus_g = self.neg(g);
            self.uptimal_with_positive_end(minus_g).map(|u| u.neg())
        });
        if !self.stop_requested() {
            self.uptimals.insert(g, found.clone());
        }
        found
    }

    /// G's expansion if G is an uptimal whose last coefficient is positive.
    fn uptimal_with_positive_end(&mut self, g: GameId) -> Option<Uptimal> {
        let (left_stop, right_stop) = self.stops(g);
        if left_stop != right_stop {
            return None;
        }
        let stop = left_stop;
        let (left, right) = self.options(g);
        let &[right] = right.as_slice() else {
            return None;
        };
        let r = self.as_uptimal(right)?;
        if r.number != stop {
            return None;
        }
        let mut longest = r.len();
        for l in left {
            let l = self.as_uptimal(l)?;
            if l.number != r.number {
                return None;
            }
            longest = longest.max(l.len());
        }
        let last_at_least_two = r.coefficients.last().is_some_and(|&d| d > 0);
        let candidates = [
            last_at_least_two.then(|| r.raised(r.len())).flatten(),
            r.raised(longest + 1),
        ];
        candidates
            .into_iter()
            .flatten()
            .find(|candidate| self.uptimal(candidate) == g)
    }

    /// `G.PowTo(n)` = G^→n for G = {0 | H}: `None` when G is not of that form.
    pub fn pow_to(&mut self, g: GameId, n: u64) -> Option<GameId> {
        let h = self.power_base(g)?;
        let mut power = self.zero();
        for _ in 0..n {
            power = self.construct(&[power], &[h]);
        }
        Some(power)
    }

    /// `G.Pow(n)` = Gⁿ for G = {0 | H} and n ≥ 1: `None` when G is not of that form or n = 0.
    pub fn pow(&mut self, g: GameId, n: u64) -> Option<GameId> {
        let h = self.power_base(g)?;
        let below = self.pow_to(g, n.checked_sub(1)?)?;
        let right = self.sub(h, below);
        let zero = self.zero();
        Some(self.construct(&[zero], &[right]))
    }

    /// H, when G = {0 | H}.
    fn power_base(&mut self, g: GameId) -> Option<GameId> {
        let (left, right) = self.options(g);
        match (left.as_slice(), right.as_slice()) {
            (&[l], &[h]) if l == self.zero() => Some(h),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::Tree;
    use proptest::prelude::*;

    #[test]
    fn powers_of_up_follow_their_definitions() {
        let mut s = Store::new();
        let star = s.nimber(1);
        let zero = s.zero();
        let u = s.up(1);
        // ↑² = {0 | ↓*}, ↑^→2 = {↑ | *}
        let down_star = s.nus(&Nus {
            number: Dyadic::zero(),
            ups: -1,
            nimber: 1,
        });
        let expected = s.construct(&[zero], &[down_star]);
        assert_eq!(s.up_power(2), expected);
        let expected = s.construct(&[u], &[star]);
        assert_eq!(s.up_power_sum(2), expected);
        // The general operations agree on ↑.
        for n in 1..8 {
            assert_eq!(s.pow(u, n), Some(s.up_power(n as usize)), "↑^{n}");
            assert_eq!(s.pow_to(u, n), Some(s.up_power_sum(n as usize)), "↑^→{n}");
        }
        // ↑^→n = ↑ + ↑² + … + ↑ⁿ
        let mut sum = s.zero();
        for n in 1..8 {
            let p = s.up_power(n);
            sum = s.add(sum, p);
            assert_eq!(sum, s.up_power_sum(n));
        }
        // Not of the form {0 | H}: refused.
        let one = s.integer(1);
        let pm = s.construct(&[one], &[zero]);
        assert_eq!(s.pow(pm, 2), None);
        assert_eq!(s.pow(u, 0), None);
        assert_eq!(s.pow_to(u, 0), Some(zero));
    }

    /// The powers of ↑ built from the definition in the textbook oracle (plain option
    /// trees, no store) have the store's canonical forms.
    #[test]
    fn powers_of_up_agree_with_the_oracle() {
        let mut s = Store::new();
        let star = Tree::nimber(1);
        let zero = Tree::nimber(0);
        let up = Tree::up();
        let mut sum = zero.clone();
        let mut sums = vec![zero.clone()];
        for _ in 1..5 {
            sum = Tree::new(vec![sum], vec![star.clone()]);
            sums.push(sum.clone());
        }
        for n in 1..5usize {
            let power = if n == 1 {
                up.clone()
            } else {
                Tree::new(vec![zero.clone()], vec![star.add(&sums[n - 1].neg())])
            };
            let g = s.up_power(n);
            assert!(power.equals(&Tree::from_store(&mut s, g)), "↑^{n}");
            let g = s.up_power_sum(n);
            assert!(sums[n].equals(&Tree::from_store(&mut s, g)), "↑^→{n}");
        }
    }

    fn uptimals() -> impl Strategy<Value = Uptimal> {
        (
            -8i64..8,
            0u32..3,
            proptest::collection::vec(-3i64..=3, 0..5),
            0u64..5,
        )
            .prop_map(|(numerator, exponent, coefficients, nimber)| {
                Uptimal::new(
                    Dyadic::from_parts(numerator.into(), exponent),
                    coefficients,
                    nimber,
                )
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every uptimal built is recognised, with its own expansion.
        #[test]
        fn every_uptimal_is_recognised(u in uptimals()) {
            let mut s = Store::new();
            let g = s.uptimal(&u);
            prop_assert_eq!(s.as_uptimal(g), Some(u.clone()));
            // Recognised again from a fresh store, through its negative first.
            let mut t = Store::new();
            let minus = t.uptimal(&u.neg());
            let g = t.neg(minus);
            prop_assert_eq!(t.as_uptimal(g), Some(u));
        }

        /// Uptimals add coefficient by coefficient (the ↑ⁱ are independent).
        #[test]
        fn uptimals_add_by_coefficients(a in uptimals(), b in uptimals()) {
            let mut s = Store::new();
            let (ga, gb) = (s.uptimal(&a), s.uptimal(&b));
            let sum = s.add(ga, gb);
            let length = a.len().max(b.len());
            let expected = Uptimal::new(
                &a.number + &b.number,
                (1..=length).map(|i| a.coefficient(i) + b.coefficient(i)).collect(),
                a.nimber ^ b.nimber,
            );
            prop_assert_eq!(s.as_uptimal(sum), Some(expected));
        }
    }

    /// Games that are not uptimals are not recognised as one: hot games, tinies, and
    /// infinitesimals whose options are uptimals.
    #[test]
    fn non_uptimals_are_refused() {
        let mut s = Store::new();
        let zero = s.zero();
        let one = s.integer(1);
        let minus_one = s.integer(-1);
        let pm1 = s.construct(&[one], &[minus_one]);
        assert_eq!(s.as_uptimal(pm1), None);
        let r = s.construct(&[zero], &[minus_one]);
        let tiny = s.construct(&[zero], &[r]);
        assert_eq!(s.as_uptimal(tiny), None);
        // {0||0|v3}, which CGSuite's own tests class as not an uptimal: an infinitesimal
        // whose options are uptimals, but not one itself.
        let v3 = s.up(-3);
        let r = s.construct(&[zero], &[v3]);
        let g = s.construct(&[zero], &[r]);
        assert_eq!(s.as_uptimal(g), None);
        // {1|^^||^}, likewise.
        let (uu, u) = (s.up(2), s.up(1));
        let l = s.construct(&[one], &[uu]);
        let g = s.construct(&[l], &[u]);
        assert_eq!(s.as_uptimal(g), None);
    }

    #[test]
    fn cgsuite_order_of_uptimals() {
        let ten = Dyadic::from_integer(10);
        let vv = Uptimal::new(ten.clone(), vec![-2], 0);
        let v_star = Uptimal::new(ten.clone(), vec![-1], 1);
        // CGSuite lists 10vv before 10v*.
        assert_eq!(vv.cgsuite_cmp(&v_star), Ordering::Less);
        // 9*4 before 9v*5: the shorter expansion first.
        let nine = Dyadic::from_integer(9);
        let a = Uptimal::new(nine.clone(), vec![], 4);
        let b = Uptimal::new(nine, vec![-1], 5);
        assert_eq!(a.cgsuite_cmp(&b), Ordering::Less);
        assert!(Uptimal::power(ten.clone(), 3, false, 0).is_power());
        assert!(!Uptimal::power(ten.clone(), 3, false, 0).is_power_sum());
        assert!(Uptimal::power_sum(ten, 3, true, 1).is_power_sum());
    }
}
