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
//! birthdays.

use rustc_hash::FxHashMap as HashMap;

use crate::store::{GameId, Store};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::strategies::arb_game;
    use crate::naive::Tree;
    use crate::print::canonical_text;

    use crate::rulesets::oracle::cgsuite_game as game;

    /// CGSuite's test suite (`CompoundGameTestCase.scala`): conjunctive and selective sums
    /// and Conway products of its sample pairs (but *5 ∨ *6: see the module doc, and
    /// `selective_sums_of_nimbers_by_mex` for the value by the definition; likewise ±1 ∨ ↑↑,
    /// {1↑↑ | −1} in CGSuite, checked by `compounds_agree_with_the_textbook_definitions`).
    #[test]
    fn cgsuite_compounds() {
        for (g, h, conjunctive, product, selective) in [
            ("1/2", "1/4", "1/2", "1/8", "3/4"),
            ("*5", "*6", "*5", "*8", "*11"),
            ("+-1", "^^", "{0|-1}", "+-^^", "{1^^|-1^*,-1^^}"),
            ("{1|0}", "0", "0", "0", "{1|0}"),
        ] {
            let mut s = Store::new();
            let (a, b) = (game(&mut s, g), game(&mut s, h));
            for (kind, expected) in [
                (Compound::Conjunctive, conjunctive),
                (Compound::ConwayProduct, product),
                (Compound::Selective, selective),
            ] {
                let c = compound(&mut s, kind, a, b);
                assert_eq!(canonical_text(&mut s, c), expected, "{g} {kind:?} {h}");
            }
        }
    }

    /// Conway's product multiplies numbers and nim-multiplies nimbers.
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
                    unreachable!("products are checked on numbers and nimbers")
                }
            }
            out
        };
        Tree::new(side(&g.left, &h.left), side(&g.right, &h.right)).canonical()
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
