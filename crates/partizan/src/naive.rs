//! Explicit game trees with the textbook definitions: the oracle for the store.
//!
//! Nothing here is clever. `≤` is Conway's recursive definition, sums follow the definition
//! option by option, and the canonical form is reached by repeatedly removing dominated and
//! bypassing reversible options. Costs grow exponentially, so use small games only.

use conway_numbers::Dyadic;

use crate::store::{GameId, Store};

/// A short game as an explicit tree of Left and Right options.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Tree {
    /// Left's options.
    pub left: Vec<Tree>,
    /// Right's options.
    pub right: Vec<Tree>,
}

impl Tree {
    /// `{left | right}`.
    pub fn new(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
        Tree { left, right }
    }

    /// The number `x`, built from its canonical options.
    pub fn number(x: &Dyadic) -> Tree {
        let (l, r) = x.canonical_options();
        Tree::new(
            l.iter().map(Tree::number).collect(),
            r.iter().map(Tree::number).collect(),
        )
    }

    /// `*m` = {*0, …, *(m−1) | *0, …, *(m−1)}.
    pub fn nimber(m: u64) -> Tree {
        let options: Vec<Tree> = (0..m).map(Tree::nimber).collect();
        Tree::new(options.clone(), options)
    }

    /// ↑ = {0 | *}.
    pub fn up() -> Tree {
        Tree::new(vec![Tree::default()], vec![Tree::nimber(1)])
    }

    /// G ≤ H: no G^L ≥ H and no H^R ≤ G.
    pub fn leq(&self, other: &Tree) -> bool {
        !self.left.iter().any(|gl| other.leq(gl)) && !other.right.iter().any(|hr| hr.leq(self))
    }

    /// G = H as values.
    pub fn equals(&self, other: &Tree) -> bool {
        self.leq(other) && other.leq(self)
    }

    /// −G.
    pub fn neg(&self) -> Tree {
        Tree::new(
            self.right.iter().map(Tree::neg).collect(),
            self.left.iter().map(Tree::neg).collect(),
        )
    }

    /// G + H by the definition.
    pub fn add(&self, other: &Tree) -> Tree {
        let mut left: Vec<Tree> = self.left.iter().map(|gl| gl.add(other)).collect();
        left.extend(other.left.iter().map(|hl| self.add(hl)));
        let mut right: Vec<Tree> = self.right.iter().map(|gr| gr.add(other)).collect();
        right.extend(other.right.iter().map(|hr| self.add(hr)));
        Tree::new(left, right)
    }

    /// The ordinal sum self:other, by its definition: `{G^L, G:H^L | G^R, G:H^R}`.
    pub fn ordinal_sum(&self, other: &Tree) -> Tree {
        let mut left = self.left.clone();
        left.extend(other.left.iter().map(|hl| self.ordinal_sum(hl)));
        let mut right = self.right.clone();
        right.extend(other.right.iter().map(|hr| self.ordinal_sum(hr)));
        Tree::new(left, right)
    }

    /// The birthday: 0 for `{|}`, else one more than the latest-born option.
    pub fn birthday(&self) -> u32 {
        self.left
            .iter()
            .chain(&self.right)
            .map(|g| g.birthday() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The canonical form, with options in sorted order.
    pub fn canonical(&self) -> Tree {
        let mut g = Tree::new(
            self.left.iter().map(Tree::canonical).collect(),
            self.right.iter().map(Tree::canonical).collect(),
        );
        loop {
            let before = g.clone();
            g.remove_dominated();
            g.bypass_reversible();
            if g == before {
                break;
            }
        }
        g.left.sort();
        g.left.dedup();
        g.right.sort();
        g.right.dedup();
        g
    }

    fn remove_dominated(&mut self) {
        let keep_left = |side: &[Tree], i: usize| {
            !side
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && side[i].leq(other) && !(other.leq(&side[i]) && j > i))
        };
        let keep_right = |side: &[Tree], i: usize| {
            !side
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && other.leq(&side[i]) && !(side[i].leq(other) && j > i))
        };
        self.left = (0..self.left.len())
            .filter(|&i| keep_left(&self.left, i))
            .map(|i| self.left[i].clone())
            .collect();
        self.right = (0..self.right.len())
            .filter(|&i| keep_right(&self.right, i))
            .map(|i| self.right[i].clone())
            .collect();
    }

    fn bypass_reversible(&mut self) {
        for i in 0..self.left.len() {
            if let Some(glr) = self.left[i].right.iter().find(|glr| glr.leq(self)).cloned() {
                self.left.remove(i);
                self.left.extend(glr.left);
                return;
            }
        }
        for i in 0..self.right.len() {
            if let Some(grl) = self.right[i].left.iter().find(|grl| self.leq(grl)).cloned() {
                self.right.remove(i);
                self.right.extend(grl.right);
                return;
            }
        }
    }

    /// The game in a store, built bottom-up through [`Store::construct`].
    pub fn to_store(&self, store: &mut Store) -> GameId {
        let left: Vec<GameId> = self.left.iter().map(|g| g.to_store(store)).collect();
        let right: Vec<GameId> = self.right.iter().map(|g| g.to_store(store)).collect();
        store.construct(&left, &right)
    }

    /// The canonical form held by a store, expanded into a tree with sorted options.
    pub fn from_store(store: &mut Store, g: GameId) -> Tree {
        let (l, r) = store.options(g);
        let mut left: Vec<Tree> = l.into_iter().map(|x| Tree::from_store(store, x)).collect();
        let mut right: Vec<Tree> = r.into_iter().map(|x| Tree::from_store(store, x)).collect();
        left.sort();
        right.sort();
        Tree::new(left, right)
    }
}

/// Random games for property tests.
#[cfg(test)]
pub(crate) mod strategies {
    use super::Tree;
    use conway_numbers::Dyadic;
    use proptest::prelude::*;

    /// Random small trees: each node has up to `breadth` options per side.
    pub fn arb_tree(depth: u32, breadth: usize) -> impl Strategy<Value = Tree> {
        let leaf = Just(Tree::default());
        leaf.prop_recursive(depth, 24, breadth as u32, move |inner| {
            (
                prop::collection::vec(inner.clone(), 0..=breadth),
                prop::collection::vec(inner, 0..=breadth),
            )
                .prop_map(|(l, r)| Tree::new(l, r))
        })
    }

    /// Every x + ↑n + *m for the given numbers x, −4 ≤ n ≤ 4 and 0 ≤ m < 6: the small
    /// number-up-star values that closed forms are checked against their options on.
    pub fn small_nus(numbers: &[&str]) -> Vec<crate::Nus> {
        let mut values = Vec::new();
        for x in numbers {
            let number: Dyadic = x.parse().expect("a test number");
            for ups in -4i64..=4 {
                for nimber in 0..6u64 {
                    values.push(crate::Nus {
                        number: number.clone(),
                        ups,
                        nimber,
                    });
                }
            }
        }
        values
    }

    /// Random games built over a palette of small numbers, nimbers and ups, so that hot games,
    /// tepid games and infinitesimals all occur.
    pub fn arb_game(depth: u32, breadth: usize) -> impl Strategy<Value = Tree> {
        let leaf = prop_oneof![
            (-2i64..=2).prop_map(|n| Tree::number(&Dyadic::from_integer(n))),
            (-3i64..=3).prop_map(|n| Tree::number(&Dyadic::new(n, 1))),
            (0u64..=2).prop_map(Tree::nimber),
            Just(Tree::up()),
            Just(Tree::up().neg()),
        ];
        leaf.prop_recursive(depth, 16, breadth as u32, move |inner| {
            (
                prop::collection::vec(inner.clone(), 1..=breadth),
                prop::collection::vec(inner, 1..=breadth),
            )
                .prop_map(|(l, r)| Tree::new(l, r))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Nus;
    use proptest::prelude::*;

    use crate::naive::strategies::{arb_game, arb_tree};

    #[test]
    fn number_up_star_canonical_forms_match_sums_of_trees() {
        let numbers = ["0", "1", "-2", "1/2", "-3/4"];
        for x in numbers {
            let x: Dyadic = x.parse().expect("number");
            for ups in -3i64..=3 {
                for nimber in 0..5u64 {
                    // Canonicalising after each addition keeps the textbook sums small.
                    let mut tree = Tree::number(&x).add(&Tree::nimber(nimber)).canonical();
                    let up = if ups < 0 {
                        Tree::up().neg()
                    } else {
                        Tree::up()
                    };
                    for _ in 0..ups.abs() {
                        tree = tree.add(&up).canonical();
                    }
                    let expected = tree.canonical();
                    let mut store = Store::new();
                    let value = Nus {
                        number: x.clone(),
                        ups,
                        nimber,
                    };
                    let id = store.nus(&value);
                    assert_eq!(Tree::from_store(&mut store, id), expected, "{value}");
                    assert_eq!(tree.to_store(&mut store), id, "{value} recognised");
                }
            }
        }
    }

    /// The store's ≤ and identity against the definition on the trees themselves.
    fn comparison_matches_definition(a: &Tree, b: &Tree) -> Result<(), TestCaseError> {
        let mut store = Store::new();
        let (x, y) = (a.to_store(&mut store), b.to_store(&mut store));
        prop_assert_eq!(store.leq(x, y), a.leq(b));
        prop_assert_eq!(store.leq(y, x), b.leq(a));
        prop_assert_eq!(x == y, a.equals(b), "equal games share one id");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn store_comparison_is_the_definition(a in arb_tree(3, 3), b in arb_tree(3, 3)) {
            comparison_matches_definition(&a, &b)?;
        }

        /// The same over games with numbers, nimbers and ups, so that the closed forms and
        /// the number-avoidance shortcut are exercised.
        #[test]
        fn store_comparison_is_the_definition_on_rich_games(a in arb_game(2, 2), b in arb_game(2, 2)) {
            comparison_matches_definition(&a, &b)?;
        }

        #[test]
        fn store_canonical_form_is_the_textbook_one(a in arb_tree(3, 3)) {
            let mut store = Store::new();
            let id = a.to_store(&mut store);
            prop_assert_eq!(Tree::from_store(&mut store, id), a.canonical());
        }

        #[test]
        fn sums_follow_the_definition(a in arb_tree(2, 2), b in arb_tree(2, 2)) {
            let mut store = Store::new();
            let (x, y) = (a.to_store(&mut store), b.to_store(&mut store));
            let sum = store.add(x, y);
            prop_assert_eq!(sum, a.add(&b).to_store(&mut store));
            prop_assert_eq!(Tree::from_store(&mut store, sum), a.add(&b).canonical());
        }

        #[test]
        fn group_laws(a in arb_tree(3, 2), b in arb_tree(3, 2), c in arb_tree(3, 2)) {
            let mut store = Store::new();
            let (x, y, z) = (a.to_store(&mut store), b.to_store(&mut store), c.to_store(&mut store));
            let xy = store.add(x, y);
            prop_assert_eq!(xy, store.add(y, x));
            let xy_z = store.add(xy, z);
            let yz = store.add(y, z);
            prop_assert_eq!(xy_z, store.add(x, yz));
            prop_assert_eq!(store.sub(x, x), store.zero());
            let nx = store.neg(x);
            prop_assert_eq!(store.neg(nx), x);
            prop_assert_eq!(store.neg(x), a.neg().to_store(&mut store));
        }
    }
}
