//! Cutcake (Winning Ways, ch. 2) and its relatives Maundy Cake (Winning Ways, ch. 2) and
//! Eatcake (Winning Ways, ch. 8): dividing rectangular cakes along their scored lines.
//!
//! A piece has `rows` rows and `cols` columns of unit squares. Left (Vertical, as in Winning
//! Ways) acts on a piece's columns, Right (Horizontal) on its rows; the rule says how a side
//! of n squares may be divided (as CGSuite's `GenCutcake`, whose test suite these values come
//! from):
//!
//! - **Cutcake**: one cut into two pieces, `n = a + b` with a, b ≥ 1.
//! - **Maundy Cake**: into k ≥ 2 equal pieces, `n = k·d`.
//! - **Eatcake**: eat one whole row or column: the side loses one square and the rest may fall
//!   into two pieces, `n − 1 = a + b` with a, b ≥ 0 (empty pieces vanish).
//! - **Turn-and-Eatcake**: Eatcake on the piece turned a quarter: CGSuite's twisted
//!   `GenCutcake`, whose pieces are turned before each move, so that Left eats one of the
//!   piece's rows and leaves pieces whose rows are its columns (`turn_and_eatcake(m, n)`).
//!
//! A position is a multiset of pieces; a piece on which neither player can move (1×1 in
//! Cutcake and Maundy Cake) is dropped. `cutcake(m, n)`, `maundy_cake(m, n)` and
//! `eatcake(m, n)` are the single piece with m rows and n columns, as CGSuite's
//! `Cutcake((m, n))` and its siblings.
//!
//! Every piece is its own component, so the search visits each sub-rectangle once.

use crate::moves::{Described, PositionMoves};
use crate::registry::{mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};
use crate::Position;
use crate::{moves_of_position, value_of, PartizanGame};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// Largest number of rows or columns of a Cutcake or Maundy Cake piece. The search visits
/// rows × cols pieces with rows + cols options each, and simplifying a piece's options costs
/// more the more distinct values they have: in a release build 200 × 200 Cutcake takes about
/// 2 s, 256 × 256 4.5 s and 512 × 512 52 s.
pub const MAX_CUTCAKE_SIDE: u64 = 200;

/// Largest number of rows or columns of an Eatcake piece: its values are infinitesimals whose
/// canonical forms grow with the cake (a 24 × 24 cake takes about 2 s in a release build).
pub const MAX_EATCAKE_SIDE: u64 = 24;

/// Largest number of rows or columns of a Turn-and-Eatcake piece. Turning keeps the values
/// small (0, ↓ and their kin); the pieces are the work, rows × cols of them with rows +
/// cols options each: in a release build 200 × 200 takes 1.1 s, 300 × 299 4.0 s.
pub const MAX_TURN_AND_EATCAKE_SIDE: u64 = 200;

/// How a side of a piece may be divided.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CakeRule {
    /// One cut into two nonempty pieces.
    Cutcake,
    /// Into two or more equal pieces.
    MaundyCake,
    /// One row or column eaten; what is left may fall into two pieces.
    Eatcake,
    /// Eatcake on the piece turned a quarter before the move.
    TurnAndEatcake,
}

impl CakeRule {
    /// The function name in `eval`.
    fn name(self) -> &'static str {
        match self {
            CakeRule::Cutcake => "cutcake",
            CakeRule::MaundyCake => "maundy_cake",
            CakeRule::Eatcake => "eatcake",
            CakeRule::TurnAndEatcake => "turn_and_eatcake",
        }
    }

    fn max_side(self) -> u64 {
        match self {
            CakeRule::Cutcake | CakeRule::MaundyCake => MAX_CUTCAKE_SIDE,
            CakeRule::Eatcake => MAX_EATCAKE_SIDE,
            CakeRule::TurnAndEatcake => MAX_TURN_AND_EATCAKE_SIDE,
        }
    }

    /// Whether a side of n squares can be divided at all: what [`CakeRule::divisions`] is
    /// nonempty for, without listing them (asked of every piece every move leaves).
    fn divides(self, n: u32) -> bool {
        match self {
            // A cut, or division into n equal parts of one square, needs two squares.
            CakeRule::Cutcake | CakeRule::MaundyCake => n >= 2,
            CakeRule::Eatcake | CakeRule::TurnAndEatcake => n >= 1,
        }
    }

    /// Every way to divide a side of n squares, as the sides of the pieces left (equal
    /// divisions listed once).
    fn divisions(self, n: u32) -> Vec<Vec<u32>> {
        match self {
            CakeRule::Cutcake => (1..=n / 2).map(|a| vec![a, n - a]).collect(),
            CakeRule::MaundyCake => (1..n)
                .filter(|d| n.is_multiple_of(*d))
                .map(|d| vec![d; (n / d) as usize])
                .collect(),
            CakeRule::Eatcake | CakeRule::TurnAndEatcake => (0..n.div_ceil(2))
                .map(|a| [a, n - 1 - a].into_iter().filter(|&s| s > 0).collect())
                .collect(),
        }
    }

    /// What a division is called in the words of a move.
    fn verb(self) -> &'static str {
        match self {
            CakeRule::Cutcake => "cuts",
            CakeRule::MaundyCake => "divides",
            CakeRule::Eatcake | CakeRule::TurnAndEatcake => "eats a line of",
        }
    }
}

/// A position of one of the cake games: pieces as (rows, columns), sorted, without pieces on
/// which nobody can move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cake {
    rule: CakeRule,
    pieces: Vec<(u32, u32)>,
}

impl Cake {
    /// The position with these pieces (rows, columns) under `rule`; empty pieces and pieces on
    /// which neither player can move are dropped.
    pub fn new(rule: CakeRule, pieces: impl IntoIterator<Item = (u32, u32)>) -> Cake {
        let movable = |&(r, c): &(u32, u32)| r > 0 && c > 0 && (rule.divides(c) || rule.divides(r));
        let mut pieces: Vec<(u32, u32)> = pieces.into_iter().filter(movable).collect();
        pieces.sort_unstable();
        Cake { rule, pieces }
    }

    /// The pieces as (rows, columns).
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.pieces
    }

    /// Left divides the columns of a piece, Right its rows.
    fn moves(&self, player: Player) -> Vec<Cake> {
        self.cuts(player).into_iter().map(|(_, _, c)| c).collect()
    }

    /// Each move of `player`: the piece divided, the pieces it leaves, and the
    /// position after it.
    #[allow(clippy::type_complexity)]
    fn cuts(&self, player: Player) -> Vec<((u32, u32), Vec<(u32, u32)>, Cake)> {
        let mut moves = Vec::new();
        for (i, &(rows, cols)) in self.pieces.iter().enumerate() {
            // Equal pieces have equal moves: list them once.
            if i > 0 && self.pieces[i - 1] == (rows, cols) {
                continue;
            }
            // The piece as the move sees it: turned first in Turn-and-Eatcake.
            let (r, c) = if self.rule == CakeRule::TurnAndEatcake {
                (cols, rows)
            } else {
                (rows, cols)
            };
            let side = player.either(c, r);
            for division in self.rule.divisions(side) {
                let parts: Vec<(u32, u32)> = division
                    .iter()
                    .map(|&s| player.either((r, s), (s, c)))
                    .collect();
                let mut next = self.pieces.clone();
                next.remove(i);
                let after = Cake::new(self.rule, next.into_iter().chain(parts.iter().copied()));
                moves.push(((rows, cols), parts, after));
            }
        }
        moves
    }
}

impl Described for Cake {
    /// A sum of single pieces, or `0` when no piece can be divided.
    fn expression(&self) -> String {
        if self.pieces.is_empty() {
            return "0".to_string();
        }
        let name = self.rule.name();
        let pieces: Vec<String> = self
            .pieces
            .iter()
            .map(|(r, c)| format!("{name}({r}, {c})"))
            .collect();
        pieces.join(" + ")
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Cake)> {
        self.cuts(player)
            .into_iter()
            .map(|((r, c), parts, after)| {
                let parts: Vec<String> = parts.iter().map(|(r, c)| format!("{r}×{c}")).collect();
                let into = if parts.is_empty() {
                    "eating it up".to_string()
                } else {
                    format!("into {}", parts.join(" and "))
                };
                let text = format!(
                    "{} {} a {r}×{c} piece {} {into}",
                    player.name(),
                    self.rule.verb(),
                    player.either("vertically", "horizontally"),
                );
                (text, after)
            })
            .collect()
    }
}

impl Position for Cake {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl PartizanGame for Cake {
    fn components(&self) -> Vec<Self> {
        self.pieces
            .iter()
            .map(|&p| Cake {
                rule: self.rule,
                pieces: vec![p],
            })
            .collect()
    }
}

/// The single piece with `rows` rows and `cols` columns, checked against the rule's limits.
fn cake(rule: CakeRule, rows: u64, cols: u64) -> Result<Cake, PartizanError> {
    let name = rule.name();
    if rows == 0 || cols == 0 {
        return Err(PartizanError::InvalidInput(format!(
            "{name}: a cake needs at least one row and one column, not {rows} × {cols}"
        )));
    }
    let limit = rule.max_side();
    let side = |what: &str, n: u64| {
        u32::try_from(n)
            .ok()
            .filter(|&n| u64::from(n) <= limit)
            .ok_or_else(|| PartizanError::too_large(format!("{name}'s number of {what}"), n, limit))
    };
    let r = side("rows", rows)?;
    let c = side("columns", cols)?;
    Ok(Cake::new(rule, [(r, c)]))
}

/// The canonical form of a cake piece with `rows` rows and `cols` columns under `rule`.
pub fn cake_value(
    store: &mut Store,
    rule: CakeRule,
    rows: u64,
    cols: u64,
) -> Result<GameId, PartizanError> {
    Ok(value_of(store, &cake(rule, rows, cols)?))
}

/// A cake piece's value and every move of each player, in words.
pub fn cake_moves(
    store: &mut Store,
    rule: CakeRule,
    rows: u64,
    cols: u64,
) -> Result<PositionMoves, PartizanError> {
    moves_of_position(store, &cake(rule, rows, cols)?)
}

/// A piece of m rows and n columns, the position of every cake game.
const PIECE: &[Param] = &[
    Param::new("m", ParamKind::Natural),
    Param::new("n", ParamKind::Natural),
];

/// The rows and columns of a piece's arguments.
fn piece(args: &[Arg<'_>]) -> Result<(u64, u64), PartizanError> {
    match args {
        [Arg::Natural(rows), Arg::Natural(columns)] => Ok((*rows, *columns)),
        _ => Err(mismatch()),
    }
}

/// The values and moves of a piece of m rows and n columns under `$rule`.
macro_rules! piece_values {
    ($rule:expr) => {
        Values::Short {
            value: |store, args| {
                let (rows, columns) = piece(args)?;
                cake_value(store, $rule, rows, columns)
            },
            moves: |store, args| {
                let (rows, columns) = piece(args)?;
                cake_moves(store, $rule, rows, columns)
            },
            variant: |store, variant, args| {
                let (rows, columns) = piece(args)?;
                crate::variant::value_of(store, variant, &cake($rule, rows, columns)?)
            },
        }
    };
}

/// Cutcake in the registry.
pub static CUTCAKE: Ruleset = Ruleset {
    name: "cutcake",
    aliases: &[],
    title: "Cutcake",
    summary: "Cutcake on m rows and n columns: Left cuts columns, Right rows",
    params: PIECE,
    example: "cutcake(3, 5)",
    limits: &[Limit::new("rows or columns", MAX_CUTCAKE_SIDE, || {
        format!("{}(1, {})", CUTCAKE.name, MAX_CUTCAKE_SIDE + 1)
    })],
    values: piece_values!(CakeRule::Cutcake),
    picture: None,
    board: None,
    search: None,
};

/// Maundy Cake in the registry.
pub static MAUNDY_CAKE: Ruleset = Ruleset {
    name: "maundy_cake",
    aliases: &["MaundyCake"],
    title: "Maundy Cake",
    summary: "Maundy Cake on m rows and n columns: divide a side into equal parts",
    params: PIECE,
    example: "maundy_cake(8, 5)",
    limits: &[Limit::new("rows or columns", MAX_CUTCAKE_SIDE, || {
        format!("{}(1, {})", MAUNDY_CAKE.name, MAX_CUTCAKE_SIDE + 1)
    })],
    values: piece_values!(CakeRule::MaundyCake),
    picture: None,
    board: None,
    search: None,
};

/// Eatcake in the registry.
pub static EATCAKE: Ruleset = Ruleset {
    name: "eatcake",
    aliases: &["Eatcake"],
    title: "Eatcake",
    summary: "Eatcake on m rows and n columns: Left eats a column, Right a row",
    params: PIECE,
    example: "eatcake(3, 4)",
    limits: &[Limit::new("rows or columns", MAX_EATCAKE_SIDE, || {
        format!("{}(1, {})", EATCAKE.name, MAX_EATCAKE_SIDE + 1)
    })],
    values: piece_values!(CakeRule::Eatcake),
    picture: None,
    board: None,
    search: None,
};

/// Turn-and-Eatcake in the registry.
pub static TURN_AND_EATCAKE: Ruleset = Ruleset {
    name: "turn_and_eatcake",
    aliases: &["TurnAndEatcake"],
    title: "Turn-and-Eatcake",
    summary: "Turn-and-Eatcake on m rows and n columns: Eatcake on the piece turned a quarter \
              before each move (Left eats a row, Right a column, and the pieces turn)",
    params: PIECE,
    example: "turn_and_eatcake(8, 5)",
    limits: &[Limit::new(
        "rows or columns",
        MAX_TURN_AND_EATCAKE_SIDE,
        || {
            format!(
                "{}(1, {})",
                TURN_AND_EATCAKE.name,
                MAX_TURN_AND_EATCAKE_SIDE + 1
            )
        },
    )],
    values: piece_values!(CakeRule::TurnAndEatcake),
    picture: None,
    board: None,
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, cgsuite_game};
    use conway_numbers::Dyadic;
    use proptest::prelude::*;

    #[test]
    fn a_side_divides_exactly_when_it_has_divisions() {
        for rule in [
            CakeRule::Cutcake,
            CakeRule::MaundyCake,
            CakeRule::Eatcake,
            CakeRule::TurnAndEatcake,
        ] {
            for n in 0..64 {
                assert_eq!(
                    rule.divides(n),
                    !rule.divisions(n).is_empty(),
                    "{rule:?} {n}"
                );
            }
        }
    }

    /// A closed form, checked here against the search: with 2^j ≤ rows < 2^(j+1), Left's
    /// advantage is ⌊cols / 2^j⌋ − 1 cuts when that is positive; Right's likewise with the
    /// sides exchanged; at most one of the two is positive.
    fn closed_form(rows: u64, cols: u64) -> i64 {
        let advantage = |a: u64, b: u64| {
            let power = 1u64 << (63 - b.leading_zeros());
            (a / power).saturating_sub(1) as i64
        };
        advantage(cols, rows) - advantage(rows, cols)
    }

    fn cutcake_value(store: &mut Store, rows: u64, cols: u64) -> Result<GameId, PartizanError> {
        cake_value(store, CakeRule::Cutcake, rows, cols)
    }

    fn integer(store: &Store, g: GameId) -> Option<i64> {
        let x = store.as_number(g)?;
        x.is_integer()
            .then(|| x.to_bigint())
            .flatten()
            .and_then(|n| i64::try_from(n).ok())
    }

    #[test]
    fn small_values_by_hand() {
        let mut store = Store::new();
        let mut value = |r, c| {
            let g = cutcake_value(&mut store, r, c).unwrap_or_else(|e| panic!("{e}"));
            store.as_number(g).cloned()
        };
        // One row: Left alone can cut, n − 1 times; one column: Right, n − 1 times.
        assert_eq!(value(1, 1), Some(Dyadic::zero()));
        assert_eq!(value(1, 5), Some(Dyadic::from_integer(4)));
        assert_eq!(value(5, 1), Some(Dyadic::from_integer(-4)));
        // 2×2: {2×1 + 2×1 | 1×2 + 1×2} = {−2 | 2} = 0.
        assert_eq!(value(2, 2), Some(Dyadic::zero()));
        // 2×3: {2×1 + 2×2 | 1×3 + 1×3} = {−1 | 4} = 0; 2×4: {0, −1 | 6} = 1.
        assert_eq!(value(2, 3), Some(Dyadic::zero()));
        assert_eq!(value(2, 4), Some(Dyadic::one()));
    }

    #[test]
    fn every_piece_is_an_integer_given_by_the_closed_form() {
        // Winning Ways, ch. 2, shows that Cutcake values are integers; the closed form
        // generalises the pattern of its table, and here both are checked by search.
        let mut store = Store::new();
        let mut evaluator = crate::Evaluator::new();
        for rows in 1..=40u32 {
            for cols in 1..=40u32 {
                let g = evaluator
                    .canonical_form(&mut store, &Cake::new(CakeRule::Cutcake, [(rows, cols)]));
                assert_eq!(
                    integer(&store, g),
                    Some(closed_form(rows.into(), cols.into())),
                    "{rows} × {cols}"
                );
            }
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            cutcake_value(&mut store, 0, 3),
            Err(PartizanError::InvalidInput(_))
        ));
        assert!(matches!(
            cutcake_value(&mut store, 3, MAX_CUTCAKE_SIDE + 1),
            Err(PartizanError::TooLarge { what, .. }) if what.contains("columns")
        ));
        assert!(matches!(
            cutcake_value(&mut store, u64::MAX, 1),
            Err(PartizanError::TooLarge { size, .. }) if size == u64::MAX.to_string()
        ));
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala`, "partizan coordinate
    /// games"): the pieces (8, n) for n = 1 … 8, 8 rows and n columns.
    #[test]
    fn cgsuite_rows_of_eight() {
        let expected = [
            (
                CakeRule::Cutcake,
                ["-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"],
            ),
            (
                CakeRule::MaundyCake,
                ["-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"],
            ),
            (
                CakeRule::Eatcake,
                [
                    "^",
                    "{^|||^*|v||0}",
                    "{^^|*}",
                    "{^^|*||0,{0|vv*}}",
                    "{^3|^*||*}",
                    "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}",
                    "{0||^^*|0|||*}",
                    "*",
                ],
            ),
            (
                CakeRule::TurnAndEatcake,
                ["v", "0", "v", "0", "v<3>", "0", "v", "0"],
            ),
        ];
        let mut store = Store::new();
        for (rule, values) in expected {
            for (n, value) in (1..=8).zip(values) {
                let g = cake_value(&mut store, rule, 8, n).expect("inside the limits");
                let wanted = cgsuite_game(&mut store, value);
                assert_eq!(g, wanted, "{rule:?} (8, {n})");
            }
        }
    }

    /// CGSuite's test suite (as above): the Left options of the piece (8, 8) number 4 in
    /// Cutcake, Eatcake and Turn-and-Eatcake (mirror images listed once) and 3 in Maundy Cake (halves, quarters,
    /// eighths).
    #[test]
    fn cgsuite_option_counts() {
        for (rule, count) in [
            (CakeRule::Cutcake, 4),
            (CakeRule::MaundyCake, 3),
            (CakeRule::Eatcake, 4),
            (CakeRule::TurnAndEatcake, 4),
        ] {
            assert_eq!(
                Cake::new(rule, [(8, 8)]).left_moves().len(),
                count,
                "{rule:?}"
            );
        }
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = cake_moves(&mut store, CakeRule::MaundyCake, 1, 6).expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left divides a 1×6 piece vertically into 1×1 and 1×1 and 1×1 and 1×1 and 1×1 and 1×1",
                "Left divides a 1×6 piece vertically into 1×2 and 1×2 and 1×2",
                "Left divides a 1×6 piece vertically into 1×3 and 1×3",
            ]
        );
        assert_eq!(
            moves.left[1].to,
            "maundy_cake(1, 2) + maundy_cake(1, 2) + maundy_cake(1, 2)"
        );
        let moves = cake_moves(&mut store, CakeRule::Eatcake, 1, 1).expect("valid");
        assert_eq!(
            moves.left[0].description,
            "Left eats a line of a 1×1 piece vertically eating it up"
        );
        assert_eq!(moves.left[0].to, "0");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn maundy_and_eatcake_agree_with_the_textbook(
            pieces in prop::collection::vec((1u32..=5, 1u32..=5), 0..=2),
            which in 0usize..3,
        ) {
            let rule = [CakeRule::Eatcake, CakeRule::MaundyCake, CakeRule::TurnAndEatcake][which];
            prop_assert_eq!(agrees_with_textbook(&Cake::new(rule, pieces)), Ok(()));
        }

        #[test]
        fn positions_agree_with_the_textbook(
            pieces in prop::collection::vec((1u32..=4, 1u32..=4), 0..=2)
        ) {
            prop_assert_eq!(agrees_with_textbook(&Cake::new(CakeRule::Cutcake, pieces)), Ok(()));
        }

        #[test]
        fn large_pieces_match_the_closed_form(rows in 1u64..=100, cols in 1u64..=100) {
            let mut store = Store::new();
            let g = cutcake_value(&mut store, rows, cols).map_err(|e| e.to_string());
            let g = g.map_err(TestCaseError::fail)?;
            prop_assert_eq!(integer(&store, g), Some(closed_form(rows, cols)));
        }
    }
}
