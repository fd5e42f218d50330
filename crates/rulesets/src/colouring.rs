//! Col and Snort (Winning Ways, ch. 2), the map-colouring games, on the squares of a board:
//! each player in turn colours an uncoloured square with their colour (Left blue, Right red).
//! In **Col** no two orthogonally adjacent squares may have the same colour; in **Snort** no
//! two may have different colours.
//!
//! Notation: the rows top to bottom, separated by `|`: `.` an uncoloured square, `x` a blue
//! square (Left's), `o` a red one (Right's), `#` no square, and for the tinted squares of
//! Winning Ways `l` an uncoloured square only Left may colour and `r` one only Right may; e.g.
//! `col("x.o|...")`. (CGSuite's tints name the colour a vertex is next to instead: its `L` is
//! `r` here in Col and `l` in Snort.)
//!
//! # Components
//!
//! A coloured square matters only through its uncoloured neighbours, which it forbids to one
//! player (in Col to the player of its colour, in Snort to the other). So the uncoloured
//! squares that someone may still colour split into orthogonally connected regions, and each
//! region is cut out with every square marked by who may colour it (`.`, `l` or `r`), the
//! colours themselves taken off. Regions are normalised under the rectangle's eight
//! symmetries, which keep both rules.

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{call, Command, Fill, Limit, Param, ParamKind, Ruleset, STONES_AND_FILLED};
use crate::{check_size, searched_position, short_position, PartizanGame, MAX_SEARCHED_SQUARES};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board.
pub const MAX_COLOURING_SQUARES: usize = 4096;

/// The most uncoloured squares: positions grow exponentially with them. Of the empty boards of
/// 18 squares we tried, 3 × 6 is the slowest, at 1.3 s (Col) and 1.8 s (Snort) in a release
/// build; 4 × 5 would take 7 and 11 s.
pub const MAX_COLOURING_EMPTY: usize = 18;

/// Which colouring game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ColouringRule {
    /// Neighbours may not share a colour.
    Col,
    /// Neighbours may not differ in colour.
    Snort,
}

impl ColouringRule {
    fn name(self) -> &'static str {
        match self {
            ColouringRule::Col => "col",
            ColouringRule::Snort => "snort",
        }
    }
}

/// A square of a colouring board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`: uncoloured.
    Uncoloured,
    /// `l`: uncoloured, and only Left may colour it.
    LeftOnly,
    /// `r`: uncoloured, and only Right may colour it.
    RightOnly,
    /// `x`: Left's colour.
    Blue,
    /// `o`: Right's colour.
    Red,
    /// `#`: not a square.
    Off,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Uncoloured,
            'l' => Cell::LeftOnly,
            'r' => Cell::RightOnly,
            'x' => Cell::Blue,
            'o' => Cell::Red,
            '#' => Cell::Off,
            _ => return None,
        })
    }

    fn to_char(self) -> char {
        match self {
            Cell::Uncoloured => '.',
            Cell::LeftOnly => 'l',
            Cell::RightOnly => 'r',
            Cell::Blue => 'x',
            Cell::Red => 'o',
            Cell::Off => '#',
        }
    }
}

/// A Col or Snort position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Colouring {
    rule: ColouringRule,
    board: Grid<Cell>,
}

impl Colouring {
    /// Reads the notation and checks the limits.
    pub fn parse(rule: ColouringRule, text: &str) -> Result<Colouring, PartizanError> {
        let name = rule.name();
        let position = Colouring::read_within(rule, text, MAX_COLOURING_SQUARES)?;
        let empty = position
            .board
            .squares()
            .iter()
            .filter(|&&s| matches!(s, Cell::Uncoloured | Cell::LeftOnly | Cell::RightOnly))
            .count();
        check_size(
            &format!("{name}'s number of uncoloured squares"),
            empty,
            MAX_COLOURING_EMPTY,
        )?;
        Ok(position)
    }

    /// Reads the notation with only the limit on squares ([`MAX_SEARCHED_SQUARES`]), for a
    /// search of who wins.
    pub fn read(rule: ColouringRule, text: &str) -> Result<Colouring, PartizanError> {
        Colouring::read_within(rule, text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(
        rule: ColouringRule,
        text: &str,
        squares: usize,
    ) -> Result<Colouring, PartizanError> {
        let expected = "x (blue), o (red), . (uncoloured), l or r (only Left or Right may \
                        colour it) or # (no square)";
        let board = Grid::parse(text, rule.name(), expected, squares)?;
        Ok(Colouring { rule, board })
    }

    /// Whether `player` may colour square `i` now.
    fn may_colour(&self, i: usize, player: Player) -> bool {
        let left = player.is_left();
        let allowed = match self.board.get(i) {
            Cell::Uncoloured => true,
            Cell::LeftOnly => left,
            Cell::RightOnly => !left,
            Cell::Blue | Cell::Red | Cell::Off => false,
        };
        // The neighbours' colour that forbids this player: their own in Col, the other's in
        // Snort.
        let own = player.either(Cell::Blue, Cell::Red);
        let other = player.either(Cell::Red, Cell::Blue);
        let forbidding = match self.rule {
            ColouringRule::Col => own,
            ColouringRule::Snort => other,
        };
        allowed
            && !self
                .board
                .neighbours(i)
                .any(|j| self.board.get(j) == forbidding)
    }

    /// Each square `player` may colour, and the position after it.
    fn colourings(&self, player: Player) -> Vec<(usize, Colouring)> {
        let colour = player.either(Cell::Blue, Cell::Red);
        (0..self.board.squares().len())
            .filter(|&i| self.may_colour(i, player))
            .map(|i| {
                let board = self.board.with(i, colour);
                (i, Colouring { board, ..*self })
            })
            .collect()
    }

    /// The board with every uncoloured square marked by who may colour it, and the colours
    /// and dead squares taken off.
    fn marked(&self) -> Grid<Cell> {
        self.board.map(|i, _| {
            match (
                self.may_colour(i, Player::Left),
                self.may_colour(i, Player::Right),
            ) {
                (true, true) => Cell::Uncoloured,
                (true, false) => Cell::LeftOnly,
                (false, true) => Cell::RightOnly,
                (false, false) => Cell::Off,
            }
        })
    }
}

impl crate::Position for Colouring {
    fn left_moves(&self) -> Vec<Self> {
        self.colourings(Player::Left)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.colourings(Player::Right)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }
}

impl PartizanGame for Colouring {
    fn components(&self) -> Vec<Self> {
        let marked = self.marked();
        marked
            .regions(|s| s != Cell::Off)
            .into_iter()
            .map(|region| Colouring {
                rule: self.rule,
                board: marked.cut_out(&region, Cell::Off),
            })
            .collect()
    }
}

impl Described for Colouring {
    fn expression(&self) -> String {
        format!("{}(\"{}\")", self.rule.name(), self.board)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.colourings(player)
            .into_iter()
            .map(|(i, after)| {
                let text = format!(
                    "{} colours {} {}",
                    player.name(),
                    self.board.square_name(i),
                    player.either("blue", "red")
                );
                (text, after)
            })
            .collect()
    }
}

/// The registry entry of a colouring game: the rule, its names, its rules in words for
/// `solve` and an example.
macro_rules! colouring {
    ($rule:expr, $name:literal, $alias:literal, $title:literal, $rules:literal, $example:literal) => {
        Ruleset {
            name: $name,
            aliases: &[$alias],
            title: $title,
            summary: concat!(
                $title,
                "; rows split by |, x blue, o red, . uncoloured, # no square"
            ),
            params: &[Param::new("x..|.o.", ParamKind::Position)],
            example: $example,
            limits: &[
                Limit::new("squares", MAX_COLOURING_SQUARES as u64, || {
                    call($name, &"#".repeat(MAX_COLOURING_SQUARES + 1))
                }),
                Limit::new("uncoloured squares", MAX_COLOURING_EMPTY as u64, || {
                    call($name, &".".repeat(MAX_COLOURING_EMPTY + 1))
                }),
            ],
            values: short_position!(|t| Colouring::parse($rule, t)),
            picture: None,
            // `l` and `r`, squares only one player may colour, are read but not offered.
            board: Some(STONES_AND_FILLED),
            search: Some(searched_position!(
                |t| Colouring::parse($rule, t),
                |t| Colouring::read($rule, t),
                Some(Command {
                    rules: $rules,
                    example: "4x4",
                    board_help: BOARD_HELP,
                    rectangle: Some(Fill::Uniform('.')),
                })
            )),
        }
    };
}

/// Col in the registry.
pub static COL: Ruleset = colouring!(
    ColouringRule::Col,
    "col",
    "Col",
    "Col",
    "colour a square, never next to your own colour: Left blue x, Right red o",
    "col(\"o.o.x.o.o.\")"
);

/// Snort in the registry.
pub static SNORT: Ruleset = colouring!(
    ColouringRule::Snort,
    "snort",
    "Snort",
    "Snort",
    "colour a square, never next to the other colour: Left blue x, Right red o",
    "snort(\"x...x\")"
);

/// How `solve col` and `solve snort` write a board.
const BOARD_HELP: &str = "Rows separated by |: x blue, o red, . uncoloured, l or r only Left or \
                          Right may colour it, # no square ('x..|.o.'); or ROWSxCOLUMNS for an \
                          uncoloured board.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook};
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn ruleset(rule: ColouringRule) -> &'static Ruleset {
        match rule {
            ColouringRule::Col => &COL,
            ColouringRule::Snort => &SNORT,
        }
    }

    fn value_text(rule: ColouringRule, text: &str) -> String {
        oracle::value_text(|store, text| ruleset(rule).value_of_text(store, text), text)
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala`, "Col"): paths, written
    /// there as graphs (`R-.-R-.-L-…`, a vertex marked by the colour it is next to), are
    /// one-row boards of tinted squares here; and the same positions with the colours drawn in
    /// on squares of their own.
    #[test]
    fn cgsuite_values() {
        assert_eq!(value_text(ColouringRule::Col, "l.l.r.l.l."), "7/8");
        assert_eq!(value_text(ColouringRule::Snort, "l...l"), "{4|0,+-1}");
        assert_eq!(value_text(ColouringRule::Snort, "x###x|....."), "{4|0,+-1}");
        assert_eq!(
            value_text(ColouringRule::Col, "o#o#x#o#o#|.........."),
            "7/8"
        );
    }

    /// From the rules: a lone square is * in both games (whoever colours it ends the game);
    /// two uncoloured neighbours in Col are {−1|1} = 0, in Snort {1|−1} = ±1.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text(ColouringRule::Col, "."), "*");
        assert_eq!(value_text(ColouringRule::Snort, "."), "*");
        assert_eq!(value_text(ColouringRule::Col, ".."), "0");
        assert_eq!(value_text(ColouringRule::Snort, ".."), "+-1");
        assert_eq!(value_text(ColouringRule::Col, "x.x"), "-1");
        assert_eq!(value_text(ColouringRule::Snort, "x.x"), "1");
        assert_eq!(value_text(ColouringRule::Col, "x.o"), "0");
    }

    #[test]
    fn bad_boards_are_refused_with_their_place() {
        let mut store = Store::new();
        let error = COL.value_of_text(&mut store, "..|.z").expect_err("z");
        assert!(
            matches!(error, PartizanError::Parse { column: 5, .. }),
            "{error}"
        );
        assert!(matches!(
            SNORT.value_of_text(&mut store, &".".repeat(MAX_COLOURING_EMPTY + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = COL.moves_of_text(&mut store, "x..").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(texts, ["Left colours c1 blue"]);
        assert_eq!(moves.left[0].to, "col(\"x.x\")");
        assert_eq!(moves.right.len(), 2);
    }

    fn arb_board(rule: ColouringRule) -> impl Strategy<Value = Colouring> {
        let cells = vec![
            Cell::Uncoloured,
            Cell::Uncoloured,
            Cell::Uncoloured,
            Cell::Blue,
            Cell::Red,
            Cell::Off,
        ];
        oracle::arb_grid(cells, 1..=3, 3..=3).prop_map(move |board| Colouring { rule, board })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn col_agrees_with_the_textbook(position in arb_board(ColouringRule::Col)) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        #[test]
        fn snort_agrees_with_the_textbook(position in arb_board(ColouringRule::Snort)) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }
    }
}
