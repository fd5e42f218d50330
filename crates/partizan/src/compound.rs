//! Compounds and products of two games other than the disjunctive sum, each by its
//! definition on the canonical forms (as CGSuite computes them):
//!
//! - the conjunctive sum G ∧ H: a move is a move in both, so play ends as soon as either
//!   component has no move for the player: G ∧ H = {Gᴸ ∧ Hᴸ | Gᴿ ∧ Hᴿ};
//! - the selective sum G ∨ H: a move is a move in one or both (Winning Ways, ch. 9):
//!   {Gᴸ ∨ H, G ∨ Hᴸ, Gᴸ ∨ Hᴸ | Gᴿ ∨ H, G ∨ Hᴿ, Gᴿ ∨ Hᴿ}. CGSuite's `SelectiveSum` differs
//!   after the first move (its options are the disjunctive and conjunctive sums of the
//!   options), so for *5 ∨ *6 it gives *8 where the definition gives *11;
//! - Conway's product G·H = {GᴸH + GHᴸ − GᴸHᴸ, GᴿH + GHᴿ − GᴿHᴿ | GᴸH + GHᴿ − GᴸHᴿ,
//!   GᴿH + GHᴸ − GᴿHᴸ} (On Numbers and Games, ch. 1): the product of numbers, and the nim
//!   product of nimbers.
//!
//! Each recursion visits pairs of followers, memoised per call; its depth is the sum of the
//! birthdays. Pairs of numbers and pairs of nimbers are closed forms ([`closed_form`]), so a
//! number's birthday (10^30 for the integer 10^30) never sets the depth; what recursion is
//! left is refused, not overflowed, past the stack ([`Store::descend`]).

use conway_numbers::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use rustc_hash::FxHashMap as HashMap;

use crate::store::{number_product, GameId, Nus, Store};
use crate::PartizanError;

/// Which compound [`compound`] forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compound {
    /// G ∧ H.
    Conjunctive,
    /// G ∨ H.
    Selective,
    /// G·H.
    ConwayProduct,
}

/// G ∧ H, G ∨ H or G·H (see the module doc).
pub fn compound(store: &mut Store, kind: Compound, g: GameId, h: GameId) -> GameId {
    Combiner {
        kind,
        memo: HashMap::default(),
    }
    .combine(store, g, h)
}

struct Combiner {
    kind: Compound,
    memo: HashMap<(GameId, GameId), GameId>,
}

impl Combiner {
    fn combine(&mut self, store: &mut Store, g: GameId, h: GameId) -> GameId {
        if let Some(&known) = self.memo.get(&(g, h)) {
            return known;
        }
        if self.kind == Compound::Selective && (store.is_number(g) || store.is_number(h)) {
            // x ∨ G = x + G for a number x: the extra options xᴸ + Gᴸ and xᴿ + Gᴿ of the
            // selective sum are dominated by x + Gᴸ and x + Gᴿ (xᴸ < x < xᴿ).
            return store.add(g, h);
        }
        if let (Some(a), Some(b)) = (store.as_nus(g), store.as_nus(h)) {
            if let Some(value) = closed_form(self.kind, a, b) {
                return match value {
                    Ok(value) => store.nus(&value),
                    Err(error) => {
                        store.refuse(error);
                        store.zero()
                    }
                };
            }
        }
        if self.kind == Compound::ConwayProduct {
            if let Some(error) = product_too_deep(store, g, h) {
                store.refuse(error);
            }
        }
        if !store.descend() {
            return store.zero();
        }
        let (gl, gr) = store.options(g);
        let (hl, hr) = store.options(h);
        let (left, right) = match self.kind {
            Compound::Conjunctive => (
                self.pairs(store, &gl, &hl, |c, s, a, b| c.combine(s, a, b)),
                self.pairs(store, &gr, &hr, |c, s, a, b| c.combine(s, a, b)),
            ),
            Compound::Selective => (
                self.selective_side(store, g, h, &gl, &hl),
                self.selective_side(store, g, h, &gr, &hr),
            ),
            Compound::ConwayProduct => {
                let mut left = self.product_terms(store, g, h, &gl, &hl);
                left.extend(self.product_terms(store, g, h, &gr, &hr));
                let mut right = self.product_terms(store, g, h, &gl, &hr);
                right.extend(self.product_terms(store, g, h, &gr, &hl));
                (left, right)
            }
        };
        let result = store.construct(&left, &right);
        self.memo.insert((g, h), result);
        result
    }

    fn pairs(
        &mut self,
        store: &mut Store,
        a: &[GameId],
        b: &[GameId],
        mut f: impl FnMut(&mut Self, &mut Store, GameId, GameId) -> GameId,
    ) -> Vec<GameId> {
        // Each pair is a step of the budget: pairs of nimbers or numbers are closed forms,
        // which count no step of their own, and there are |a|·|b| of them.
        let count = u64::try_from(a.len().saturating_mul(b.len())).unwrap_or(u64::MAX);
        if store.arithmetic_steps(count) {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(a.len() * b.len());
        for &x in a {
            for &y in b {
                out.push(f(self, store, x, y));
            }
        }
        out
    }

    /// One side of G ∨ H: a move in G, in H, or in both.
    fn selective_side(
        &mut self,
        store: &mut Store,
        g: GameId,
        h: GameId,
        g_moves: &[GameId],
        h_moves: &[GameId],
    ) -> Vec<GameId> {
        let mut out = Vec::new();
        for &x in g_moves {
            out.push(self.combine(store, x, h));
        }
        for &y in h_moves {
            out.push(self.combine(store, g, y));
        }
        out.extend(self.pairs(store, g_moves, h_moves, |c, s, a, b| c.combine(s, a, b)));
        out
    }

    /// XH + GY − XY for each X among `xs` (options of G) and Y among `ys` (options of H).
    fn product_terms(
        &mut self,
        store: &mut Store,
        g: GameId,
        h: GameId,
        xs: &[GameId],
        ys: &[GameId],
    ) -> Vec<GameId> {
        self.pairs(store, xs, ys, |c, s, x, y| {
            let xh = c.combine(s, x, h);
            let gy = c.combine(s, g, y);
            let xy = c.combine(s, x, y);
            let sum = s.add(xh, gy);
            s.sub(sum, xy)
        })
    }
}

/// The latest birthday of a number that Conway's product multiplies by a game that is not a
/// number: the recursion goes through every option of both factors, and a number's options
/// are its ancestors, one per day.
pub const MAX_PRODUCT_NUMBER_BIRTHDAY: u32 = 4096;

/// The refusal of a product of a number born after [`MAX_PRODUCT_NUMBER_BIRTHDAY`] and a
/// game that is not a number (two numbers, or two nimbers, are closed forms).
fn product_too_deep(store: &Store, g: GameId, h: GameId) -> Option<PartizanError> {
    let late = |x: GameId, other: GameId| {
        let x = store.as_number(x)?;
        let birthday = x.birthday();
        (!store.is_number(other) && birthday > MAX_PRODUCT_NUMBER_BIRTHDAY.into())
            .then_some(birthday)
    };
    let birthday = late(g, h).or_else(|| late(h, g))?;
    Some(PartizanError::too_large(
        "in conway_product(G, H) of a number and a game that is not one, the number's \
         birthday (too many options to walk)",
        birthday,
        MAX_PRODUCT_NUMBER_BIRTHDAY,
    ))
}

/// The compound of two number-up-star values where a formula gives it: two numbers, or two
/// nimbers; `None` otherwise.
///
/// - Conjunctive sums. *a ∧ *b = *min(a, b): the mex of min(a′, b′) over a′ < a, b′ < b (by
///   induction). For numbers, n ∧ y with n an integer is the number of moves Left makes in
///   both before one component runs out (n ≥ 0; an integer has options on one side only,
///   so every move is Left's): min(n, L(y)), L(y) the length of y's chain of Left options
///   ([`left_chain`]); for n < 0, −min(−n, L(−y)). Two non-integers recurse, and reach an
///   integer within their binary places.
/// - Selective sums. *a ∨ *b = *(a + b): the options' values a′ + b, a + b′ and a′ + b′ fill
///   0..a + b. x ∨ y = x + y for numbers: by induction the options are x^L + y, x + y^L and
///   x^L + y^L (dominated) on the left, likewise on the right: those of x + y.
/// - Conway's product multiplies numbers as numbers and nimbers as nimbers (ONAG ch. 1 and
///   ch. 6).
pub(crate) fn closed_form(kind: Compound, a: &Nus, b: &Nus) -> Option<Result<Nus, PartizanError>> {
    let nimber = |n: &Nus| (n.number.is_zero() && n.ups == 0).then_some(n.nimber);
    if let (Some(x), Some(y)) = (nimber(a), nimber(b)) {
        let value = match kind {
            Compound::Conjunctive => Ok(x.min(y)),
            Compound::Selective => x.checked_add(y).ok_or_else(|| {
                PartizanError::too_large(
                    "the nimber of a selective sum",
                    "more than 64 bits",
                    "2^64 - 1",
                )
            }),
            Compound::ConwayProduct => Ok((Nimber(x) * Nimber(y)).0),
        };
        return Some(value.map(|m| Nus {
            number: Dyadic::zero(),
            ups: 0,
            nimber: m,
        }));
    }
    if !(a.is_number() && b.is_number()) {
        return None;
    }
    let (x, y) = (&a.number, &b.number);
    let value = match kind {
        Compound::Conjunctive if x.is_integer() => Ok(integer_conjunctive(x, y)),
        Compound::Conjunctive if y.is_integer() => Ok(integer_conjunctive(y, x)),
        Compound::Conjunctive => return None,
        Compound::Selective => Ok(x + y),
        Compound::ConwayProduct => number_product(x, y),
    };
    Some(value.map(Nus::number))
}

/// n ∧ y for an integer n and a number y (see [`closed_form`]).
fn integer_conjunctive(n: &Dyadic, y: &Dyadic) -> Dyadic {
    let n = n.floor();
    let moves = if n.is_negative() {
        -(-n).min(left_chain(&-y))
    } else {
        n.min(left_chain(y))
    };
    Dyadic::from_bigint(moves)
}

/// How many Left moves in a row the canonical form of the number y allows: the Left option
/// of p/2^k (p odd) is (p − 1)/2^k, which clears the lowest 1 of the binary fraction, until
/// y's floor is reached; then an integer n > 0 has n more (n − 1, …, 0), and one ≤ 0 none.
pub(crate) fn left_chain(y: &Dyadic) -> BigInt {
    let floor = y.floor();
    let k = y.denominator_exponent();
    let fraction = y.numerator() - (&floor << k);
    let ones = fraction.magnitude().count_ones();
    BigInt::from(ones) + floor.max(BigInt::zero())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::strategies::arb_game;
    use crate::naive::Tree;

    /// Conway's product multiplies numbers and nim-multiplies nimbers (the closed forms,
    /// also reached through the recursion from the operands' options).
    #[test]
    fn products_of_numbers_and_nimbers() {
        let mut s = Store::new();
        for (a, b) in [(3i64, 5i64), (-2, 7), (0, 4), (-3, -3)] {
            let (x, y) = (s.integer(a), s.integer(b));
            let p = compound(&mut s, Compound::ConwayProduct, x, y);
            assert_eq!(p, s.integer(a * b));
        }
        for (a, b) in [(2u64, 3u64), (3, 3), (5, 6), (7, 4)] {
            let (x, y) = (s.nimber(a), s.nimber(b));
            let p = compound(&mut s, Compound::ConwayProduct, x, y);
            let expected = conway_numbers::Nimber(a) * conway_numbers::Nimber(b);
            assert_eq!(p, s.nimber(expected.0), "*{a}·*{b}");
        }
    }

    /// Selective and conjunctive sums of nim heaps, by the mex rule over the moves the
    /// definitions allow (one heap or both; both), against the compounds of the nimbers.
    #[test]
    fn selective_and_conjunctive_sums_of_nimbers_by_mex() {
        const N: usize = 7;
        let mex = |values: &[usize]| (0..).find(|v| !values.contains(v)).unwrap_or(0);
        let (mut selective, mut conjunctive) = ([[0usize; N]; N], [[0usize; N]; N]);
        for a in 0..N {
            for b in 0..N {
                let mut sel = Vec::new();
                let mut con = Vec::new();
                sel.extend(selective[..a].iter().map(|row| row[b]));
                sel.extend_from_slice(&selective[a][..b]);
                for x in 0..a {
                    for y in 0..b {
                        sel.push(selective[x][y]);
                        con.push(conjunctive[x][y]);
                    }
                }
                selective[a][b] = mex(&sel);
                conjunctive[a][b] = mex(&con);
            }
        }
        let mut s = Store::new();
        for a in 0..N {
            for b in 0..N {
                let (x, y) = (s.nimber(a as u64), s.nimber(b as u64));
                let got = compound(&mut s, Compound::Selective, x, y);
                assert_eq!(got, s.nimber(selective[a][b] as u64), "*{a} ∨ *{b}");
                let got = compound(&mut s, Compound::Conjunctive, x, y);
                assert_eq!(got, s.nimber(conjunctive[a][b] as u64), "*{a} ∧ *{b}");
            }
        }
    }

    /// The compounds as trees by their definitions, canonicalised by the textbook oracle.
    fn by_definition(kind: Compound, g: &Tree, h: &Tree) -> Tree {
        let side = |gs: &[Tree], hs: &[Tree]| -> Vec<Tree> {
            let mut out = Vec::new();
            match kind {
                Compound::Conjunctive => {
                    for x in gs {
                        for y in hs {
                            out.push(by_definition(kind, x, y));
                        }
                    }
                }
                Compound::Selective => {
                    for x in gs {
                        out.push(by_definition(kind, x, h));
                        for y in hs {
                            out.push(by_definition(kind, x, y));
                        }
                    }
                    for y in hs {
                        out.push(by_definition(kind, g, y));
                    }
                }
                Compound::ConwayProduct => {
                    for x in gs {
                        for y in hs {
                            let xh = by_definition(kind, x, h);
                            let gy = by_definition(kind, g, y);
                            let xy = by_definition(kind, x, y);
                            out.push(xh.add(&gy).canonical().add(&xy.neg()).canonical());
                        }
                    }
                }
            }
            out
        };
        if kind == Compound::ConwayProduct {
            // The product's sides mix the factors' sides: LL and RR on the left, LR and RL
            // on the right.
            let mut left = side(&g.left, &h.left);
            left.extend(side(&g.right, &h.right));
            let mut right = side(&g.left, &h.right);
            right.extend(side(&g.right, &h.left));
            return Tree::new(left, right).canonical();
        }
        Tree::new(side(&g.left, &h.left), side(&g.right, &h.right)).canonical()
    }

    /// Small numbers (birthday at most 2) and nimbers (up to *3), as texts: the products by
    /// definition grow fast.
    /// A small number n/2^k or nimber *m.
    #[derive(Clone, Copy, Debug)]
    enum Small {
        Number(i64, u32),
        Nimber(u64),
    }

    fn small_number_or_nimber() -> impl proptest::strategy::Strategy<Value = Small> {
        use proptest::prelude::*;
        prop_oneof![
            (-2i64..=2, 0u32..=1).prop_map(|(n, k)| Small::Number(n, k)),
            (0u64..=3).prop_map(Small::Nimber),
        ]
    }

    fn small_game(s: &mut Store, small: Small) -> GameId {
        match small {
            Small::Number(n, k) => s.number(Dyadic::new(n, k)),
            Small::Nimber(m) => s.nimber(m),
        }
    }

    /// The closed forms against the compounds built as trees by their definitions.
    #[test]
    fn closed_forms_agree_with_the_definitions() {
        use proptest::prelude::*;
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(300));
        let pairs = (small_number_or_nimber(), small_number_or_nimber());
        runner
            .run(&pairs, |(a, b)| {
                let mut s = Store::new();
                let (g, h) = (small_game(&mut s, a), small_game(&mut s, b));
                let (x, y) = (s.as_nus(g).cloned(), s.as_nus(h).cloned());
                let (x, y) = (
                    x.expect("a number or nimber"),
                    y.expect("a number or nimber"),
                );
                let (tg, th) = (Tree::from_store(&mut s, g), Tree::from_store(&mut s, h));
                for kind in [
                    Compound::Conjunctive,
                    Compound::Selective,
                    Compound::ConwayProduct,
                ] {
                    let Some(value) = closed_form(kind, &x, &y) else {
                        continue;
                    };
                    let value = value.expect("small values are in range");
                    let got = s.nus(&value);
                    let slow = by_definition(kind, &tg, &th);
                    prop_assert!(
                        slow.equals(&Tree::from_store(&mut s, got)),
                        "{a:?} {kind:?} {b:?}: {value}"
                    );
                }
                Ok(())
            })
            .expect("closed forms are the definitions");
    }

    /// The chain of Left options of a number, walked option by option.
    #[test]
    fn left_chains_are_walked_by_their_options() {
        for n in -40i64..=40 {
            for k in 0..=4 {
                let y = Dyadic::new(n, k);
                let (mut steps, mut at) = (0u32, y.clone());
                while let (Some(left), _) = at.canonical_options() {
                    at = left;
                    steps += 1;
                }
                assert_eq!(left_chain(&y), BigInt::from(steps), "{y}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(100))]

        /// x ∨ G = x + G for a number x and any game G, against the selective sum built by
        /// its definition.
        #[test]
        fn selective_sums_with_a_number_are_sums(
            n in -3i64..=3,
            k in 0u32..=2,
            b in arb_game(2, 2),
        ) {
            let mut s = Store::new();
            let (x, h) = (s.number(Dyadic::new(n, k)), b.to_store(&mut s));
            let (tx, th) = (Tree::from_store(&mut s, x), Tree::from_store(&mut s, h));
            let slow = by_definition(Compound::Selective, &tx, &th);
            let sum = s.add(x, h);
            proptest::prop_assert!(slow.equals(&Tree::from_store(&mut s, sum)));
            proptest::prop_assert_eq!(compound(&mut s, Compound::Selective, h, x), sum);
        }
    }

    /// n ∧ y for integers n against its definition on numbers, {n^L ∧ y^L | n^R ∧ y^R}, over
    /// a range of dyadic y wider than the tree oracle reaches.
    #[test]
    fn conjunctive_sums_with_integers_follow_the_definition() {
        fn by_options(x: &Dyadic, y: &Dyadic) -> Dyadic {
            let ((xl, xr), (yl, yr)) = (x.canonical_options(), y.canonical_options());
            let left = xl.zip(yl).map(|(a, b)| by_options(&a, &b));
            let right = xr.zip(yr).map(|(a, b)| by_options(&a, &b));
            Dyadic::simplest_between(left.as_ref(), right.as_ref()).expect("a number")
        }
        for n in -6i64..=6 {
            for p in -56i64..=56 {
                let (x, y) = (Dyadic::from_integer(n), Dyadic::new(p, 3));
                assert_eq!(integer_conjunctive(&x, &y), by_options(&x, &y), "{x} ∧ {y}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(150))]

        /// Conjunctive and selective sums of canonical forms equal the trees built by the
        /// definitions from the same canonical forms.
        #[test]
        fn compounds_agree_with_the_textbook_definitions(
            a in arb_game(2, 2),
            b in arb_game(2, 2),
        ) {
            let mut s = Store::new();
            let (g, h) = (a.to_store(&mut s), b.to_store(&mut s));
            let (tg, th) = (Tree::from_store(&mut s, g), Tree::from_store(&mut s, h));
            for kind in [Compound::Conjunctive, Compound::Selective] {
                let fast = compound(&mut s, kind, g, h);
                let slow = by_definition(kind, &tg, &th);
                proptest::prop_assert!(slow.equals(&Tree::from_store(&mut s, fast)), "{:?}", kind);
            }
        }
    }
}
