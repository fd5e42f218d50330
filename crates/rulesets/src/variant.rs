//! CGSuite's variants of any game (`game.variant`): the dicotic (all-small), impartial and
//! twisted variants, each derived move by move from a game's form. A ruleset's position has
//! them through [`VariantPosition`], which plays the base ruleset's moves; a canonical form
//! through [`of_form`], which plays its options.
//!
//! The definitions, as CGSuite states them (`Game.DicoticVariant` and the others):
//! - dicotic: d(G) = {d(G^L) | d(G^R)} when G has a Left and a Right option, else 0;
//! - impartial: i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)};
//! - twisted: t(G) = {−t(G^L) | −t(G^R)}, Left and Right trade places after every move.
//!
//! A variant depends on the form, not the value (the impartial variant of Domineering is
//! Cram; of Domineering's canonical forms it would be something else), so a position's
//! variant is found from its own moves. Only the impartial variant splits over a sum's parts
//! (i(G + H) = i(G) + i(H): a move in a sum is a move in one part); the dicotic variant of
//! a sum ends when one player has no move anywhere, and the twisted one swaps the roles in
//! every part at once, so those take a position whole, as one component.

use rustc_hash::FxHashMap;

use conway_partizan::{GameId, PartizanError, Player, Store};

use crate::PartizanGame;

/// The most positions of a variant one evaluation meets: a position's variant is not split
/// into the parts its base ruleset's limits were set for (only the impartial one is), so
/// its size is bounded here instead.
pub const MAX_VARIANT_POSITIONS: usize = 1 << 21;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Play stops as soon as either player has no move.
    Dicotic,
    /// Either player may make any move of either.
    Impartial,
    /// Left and Right trade places after every move.
    Twisted,
}

impl Variant {
    /// Every variant, in the order help lists them.
    pub const ALL: [Variant; 3] = [Variant::Dicotic, Variant::Impartial, Variant::Twisted];

    /// Its `eval` function's name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Dicotic => "dicotic_variant",
            Variant::Impartial => "impartial_variant",
            Variant::Twisted => "twisted_variant",
        }
    }

    /// CGSuite's name for it.
    pub const fn cgsuite_name(self) -> &'static str {
        match self {
            Variant::Dicotic => "DicoticVariant",
            Variant::Impartial => "ImpartialVariant",
            Variant::Twisted => "TwistedVariant",
        }
    }

    /// Its rule in one line, as help shows it.
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Dicotic => {
                "the dicotic (all-small) variant: play stops when either player has no move; \
                 of a ruleset's position, played on its moves"
            }
            Variant::Impartial => {
                "the impartial variant: either player may make any move of either; of a \
                 ruleset's position, played on its moves"
            }
            Variant::Twisted => {
                "the twisted variant: Left and Right trade places after every move; of a \
                 ruleset's position, played on its moves"
            }
        }
    }

    /// The options of a variant of a game whose options are `left` and `right`: for each
    /// player, the base games to play on, each with whether the variant's negative is meant
    /// (the twisted variant's options are negatives). `negated` says whether the game itself
    /// is the negative of a twisted variant. The one statement of the three rules.
    fn options<T: Clone>(self, negated: bool, left: Vec<T>, right: Vec<T>) -> [Vec<(T, bool)>; 2] {
        let plain = |games: Vec<T>| games.into_iter().map(|g| (g, false)).collect::<Vec<_>>();
        match self {
            Variant::Dicotic if left.is_empty() || right.is_empty() => [vec![], vec![]],
            Variant::Dicotic => [plain(left), plain(right)],
            Variant::Impartial => {
                let either = plain(left.into_iter().chain(right).collect());
                [either.clone(), either]
            }
            Variant::Twisted => {
                // −t(X) has the negatives of t(X)'s options, for the other player:
                // Left's options of −t(X) are −(−t(X^R)) = t(X^R).
                let (left, right) = if negated {
                    (right, left)
                } else {
                    (left, right)
                };
                let twisted = |games: Vec<T>| games.into_iter().map(|g| (g, !negated)).collect();
                [twisted(left), twisted(right)]
            }
        }
    }
}

/// A position of a variant of a ruleset: the base ruleset's position, played by the
/// variant's rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantPosition<G> {
    variant: Variant,
    base: G,
    /// Whether this is the negative of the twisted variant of `base` (always false for the
    /// other variants).
    negated: bool,
}

impl<G: PartizanGame> VariantPosition<G> {
    /// `variant` of the position `base`.
    pub fn new(variant: Variant, base: G) -> VariantPosition<G> {
        VariantPosition {
            variant,
            base,
            negated: false,
        }
    }

    fn moves(&self, player: Player) -> Vec<Self> {
        let [left, right] = self.variant.options(
            self.negated,
            self.base.left_moves(),
            self.base.right_moves(),
        );
        player
            .either(left, right)
            .into_iter()
            .map(|(base, negated)| self.with(base, negated))
            .collect()
    }

    fn with(&self, base: G, negated: bool) -> Self {
        VariantPosition {
            variant: self.variant,
            base,
            negated,
        }
    }
}

impl<G: PartizanGame> crate::Position for VariantPosition<G> {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl<G: PartizanGame> PartizanGame for VariantPosition<G> {
    fn components(&self) -> Vec<Self> {
        let mut parts = self.base.components();
        match self.variant {
            Variant::Impartial => parts.into_iter().map(|p| self.with(p, false)).collect(),
            // One part in its normal form is the position itself, better recognised.
            _ if parts.len() == 1 => vec![self.with(parts.remove(0), self.negated)],
            _ => vec![self.clone()],
        }
    }
}

/// The canonical form of `variant` of a ruleset's `position`, with the table the store keeps
/// for it; refused past [`MAX_VARIANT_POSITIONS`] new positions.
pub fn value_of<G: PartizanGame + Send + 'static>(
    store: &mut Store,
    variant: Variant,
    position: &G,
) -> Result<GameId, PartizanError> {
    value_within(store, variant, position, MAX_VARIANT_POSITIONS)
}

/// [`value_of`] refused past `most` new positions.
fn value_within<G: PartizanGame + Send + 'static>(
    store: &mut Store,
    variant: Variant,
    position: &G,
    most: usize,
) -> Result<GameId, PartizanError> {
    let position = VariantPosition::new(variant, position.clone());
    crate::bounded_value_of(store, &position, most, "a variant's count of positions")
}

/// `variant` of the game form `g` (a canonical form, played on its options): CGSuite's
/// `G.DicoticVariant` and the others for a game that is not a ruleset's position.
pub fn of_form(store: &mut Store, variant: Variant, g: GameId) -> Result<GameId, PartizanError> {
    store.within_budget(|store| {
        let mut seen = FxHashMap::default();
        Ok(form_variant(store, variant, (g, false), &mut seen))
    })
}

fn form_variant(
    store: &mut Store,
    variant: Variant,
    (g, negated): (GameId, bool),
    seen: &mut FxHashMap<(GameId, bool), GameId>,
) -> GameId {
    if let Some(&v) = seen.get(&(g, negated)) {
        return v;
    }
    let Some((left, right)) = store.options_to_walk(g) else {
        // A placeholder, never remembered: the evaluation answers its refusal instead.
        return store.zero();
    };
    let [left, right] = variant.options(negated, left, right).map(|games| {
        games
            .into_iter()
            .map(|o| form_variant(store, variant, o, seen))
            .collect::<Vec<_>>()
    });
    let value = store.construct(&left, &right);
    if !store.stop_requested() {
        seen.insert((g, negated), value);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use conway_partizan::naive::Tree;
    use proptest::prelude::*;

    /// A game given as its tree, played on its options.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Form(Tree);

    impl Position for Form {
        fn left_moves(&self) -> Vec<Form> {
            self.0.left.iter().cloned().map(Form).collect()
        }
        fn right_moves(&self) -> Vec<Form> {
            self.0.right.iter().cloned().map(Form).collect()
        }
    }

    impl PartizanGame for Form {}

    /// A variant by CGSuite's definitions, written out for each on the whole position (the
    /// twisted one with explicit negatives), canonical by the textbook.
    fn textbook<G: Position>(variant: Variant, g: &G) -> Tree {
        let each =
            |games: Vec<G>| -> Vec<Tree> { games.iter().map(|h| textbook(variant, h)).collect() };
        let (left, right) = (g.left_moves(), g.right_moves());
        let tree = match variant {
            Variant::Dicotic if left.is_empty() || right.is_empty() => Tree::default(),
            Variant::Dicotic => Tree::new(each(left), each(right)),
            Variant::Impartial => {
                let either = each(left.into_iter().chain(right).collect());
                Tree::new(either.clone(), either)
            }
            Variant::Twisted => {
                let negated = |games: Vec<G>| each(games).iter().map(Tree::neg).collect();
                Tree::new(negated(left), negated(right))
            }
        };
        tree.canonical()
    }

    fn arb_tree() -> impl Strategy<Value = Tree> {
        Just(Tree::default()).prop_recursive(4, 24, 3, |inner| {
            (
                prop::collection::vec(inner.clone(), 0..=3),
                prop::collection::vec(inner, 0..=3),
            )
                .prop_map(|(l, r)| Tree::new(l, r))
        })
    }

    fn arb_variant() -> impl Strategy<Value = Variant> {
        prop::sample::select(Variant::ALL.to_vec())
    }

    /// Boards of up to 3 × 4 squares from `squares`, in the notation.
    fn arb_board(squares: &'static [char]) -> impl Strategy<Value = String> {
        (1usize..=3, 1usize..=4).prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(squares), rows * cols).prop_map(
                move |cells| {
                    let rows: Vec<String> =
                        cells.chunks(cols).map(|r| r.iter().collect()).collect();
                    rows.join("|")
                },
            )
        })
    }

    fn variant_tree<G: PartizanGame + Send + 'static>(variant: Variant, g: &G) -> Tree {
        let mut store = Store::new();
        let id = value_of(&mut store, variant, g).expect("within the limits");
        Tree::from_store(&mut store, id)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn a_form_s_variant_is_the_textbook_s(tree in arb_tree(), variant in arb_variant()) {
            prop_assert_eq!(variant_tree(variant, &Form(tree.clone())), textbook(variant, &Form(tree)));
        }

        /// A canonical form's variant, from its options in the store, is that of its tree.
        #[test]
        fn a_canonical_form_s_variant_is_its_tree_s(tree in arb_tree(), variant in arb_variant()) {
            let mut store = Store::new();
            let g = tree.to_store(&mut store);
            let canonical = Tree::from_store(&mut store, g);
            let id = of_form(&mut store, variant, g).expect("small");
            prop_assert_eq!(Tree::from_store(&mut store, id), textbook(variant, &Form(canonical)));
        }

        /// Domineering positions split into components, each in a normal form: the variant
        /// of the whole is still the textbook's of the whole board.
        #[test]
        fn a_domineering_variant_is_the_textbook_s(
            board in arb_board(&['.', '.', '.', '#']),
            variant in arb_variant(),
        ) {
            let board = crate::domineering::Board::parse(&board).expect("a board");
            prop_assert_eq!(variant_tree(variant, &board), textbook(variant, &board));
        }

        /// Cram is Domineering's impartial variant (a ruleset of its own, written apart).
        #[test]
        fn cram_is_domineering_s_impartial_variant(board in arb_board(&['.', '.', '.', '#'])) {
            let cram = crate::cram::Cram::parse(&board).expect("a board");
            let board = crate::domineering::Board::parse(&board).expect("a board");
            let mut store = Store::new();
            let cram = crate::value_of(&mut store, &cram);
            prop_assert_eq!(value_of(&mut store, Variant::Impartial, &board), Ok(cram));
        }

        /// Clobber is dicotic already (a player with a move has a stone beside an enemy
        /// stone, which gives the other a move too), so its dicotic variant is itself.
        #[test]
        fn clobber_is_its_own_dicotic_variant(board in arb_board(&['x', 'o', '.'])) {
            let clobber = crate::clobber::Clobber::parse(&board).expect("a board");
            let mut store = Store::new();
            let value = crate::value_of(&mut store, &clobber);
            prop_assert_eq!(value_of(&mut store, Variant::Dicotic, &clobber), Ok(value));
        }

        /// i(G) is impartial, so its own negative; d(G) is all-small, so both its stops are 0.
        #[test]
        fn variants_are_of_their_kind(tree in arb_tree()) {
            let mut store = Store::new();
            let g = tree.to_store(&mut store);
            let i = of_form(&mut store, Variant::Impartial, g).expect("small");
            prop_assert_eq!(store.neg(i), i);
            let d = of_form(&mut store, Variant::Dicotic, g).expect("small");
            let zero = conway_numbers::Dyadic::zero();
            prop_assert_eq!(conway_partizan::thermal::left_stop(&store, d), zero.clone());
            prop_assert_eq!(conway_partizan::thermal::right_stop(&store, d), zero);
        }
    }

    /// Twisting an integer n ≥ 0 gives n mod 2: t(0) = 0, t(1) = {−t(0)|} = 1 and
    /// t(n) = {−t(n−1)|}, which is {−1|} = 0 after 1 and {0|} = 1 after 0.
    #[test]
    fn twisted_integers_alternate() {
        let mut store = Store::new();
        for n in 0..12i64 {
            let g = store.number(conway_numbers::Dyadic::from_integer(n));
            let twisted = of_form(&mut store, Variant::Twisted, g).expect("small");
            let expected = store.number(conway_numbers::Dyadic::from_integer(n % 2));
            assert_eq!(twisted, expected, "t({n})");
        }
    }

    /// Past the bound the evaluation is refused, not cut short with a wrong value, and the
    /// store answers the next evaluation.
    #[test]
    fn a_variant_past_its_bound_is_refused() {
        let mut store = Store::new();
        let board = crate::domineering::Board::parse("....|....|....").expect("a board");
        assert!(matches!(
            value_within(&mut store, Variant::Twisted, &board, 100),
            Err(PartizanError::TooLarge { .. })
        ));
        // The 2 × 2 board: after either player's move the other has none, so d = {0|0}.
        let small = crate::domineering::Board::parse("..|..").expect("a board");
        let star = store.nimber(1);
        assert_eq!(value_of(&mut store, Variant::Dicotic, &small), Ok(star));
    }
}
