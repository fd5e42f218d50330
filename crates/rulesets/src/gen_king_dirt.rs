//! Generalised King Dirt, an MCGS game (its `gen_king_dirt`, also written for CGSuite in
//! MCGS's `utils/CGSuite/GenKingDirt.cgs`): kings step like chess kings and leave dirt behind.
//!
//! Notation: `gen_king_dirt(left_unplaced, right_unplaced, must_place, board)`. The board's
//! rows top to bottom, separated by `|`: `x` a king of Left's, `o` one of Right's, `.` an
//! empty square, `#` dirt (MCGS writes the kings `X` and `O`, which are read too). A player
//! either places one of their unplaced kings on any empty square, or steps one of their kings
//! on the board to an adjacent empty square (the eight directions), the square left becoming
//! dirt. With `must_place` `"true"`, a player who can place must place. Every move fills an
//! empty square for good, so play ends.
//!
//! Components: with no kings left to place, a king only ever reaches empty squares
//! connected to it by king's steps, so the board splits into its regions of squares that
//! are not dirt, connected by king's steps; a region without a king or without an empty
//! square is 0 and dropped. Each is cut out and taken in its least image under the
//! rectangle's eight symmetries, which keep the rules. With kings to place the whole board is
//! one component, each player's count of kings to place cut to the number of empty squares
//! (a count at least that stays at least that as play goes on, and allows the same moves).

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{self, Arg, Command, Limit, Param, ParamKind, Ruleset, STONES_AND_FILLED};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board whose value is asked for.
pub const MAX_KING_DIRT_SQUARES: usize = 4096;

/// The most empty squares on a board whose value is asked for: every move fills one, and
/// the positions (each square empty, dirt or either king's) grow as a power of four with
/// them. The slowest boards of 8 empty squares we tried (`x.o.|.o.x|....` with nine kings
/// each to place) take 1.5 s in a release build; of 9, 3.5 s.
pub const MAX_KING_DIRT_EMPTY: usize = 8;

/// A square of a King Dirt board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`
    Empty,
    /// `x`, Left's king.
    Left,
    /// `o`, Right's king.
    Right,
    /// `#`, dirt.
    Dirt,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'x' | 'X' => Some(Cell::Left),
            'o' | 'O' => Some(Cell::Right),
            '#' => Some(Cell::Dirt),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Left => 'x',
            Cell::Right => 'o',
            Cell::Dirt => '#',
        }
    }
}

/// A King Dirt position: the kings each player has yet to place, whether a player who can
/// place must, and the board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct KingDirt {
    unplaced: [u64; 2],
    must_place: bool,
    board: Grid<Cell>,
}

/// A move: a king placed on a square, or stepped from one square to another.
#[derive(Clone, Copy, Debug)]
enum Step {
    Place(usize),
    Move(usize, usize),
}

impl KingDirt {
    /// Reads the ruleset's arguments and checks the value's limits.
    pub fn parse(args: &[Arg<'_>]) -> Result<KingDirt, PartizanError> {
        let position = KingDirt::read_within(args, MAX_KING_DIRT_SQUARES)?;
        check_size(
            "gen_king_dirt's number of empty squares",
            position.empty_squares(),
            MAX_KING_DIRT_EMPTY,
        )?;
        Ok(position)
    }

    /// Reads the arguments with only the limit on squares ([`MAX_SEARCHED_SQUARES`]), for a
    /// search of who wins.
    pub fn read(args: &[Arg<'_>]) -> Result<KingDirt, PartizanError> {
        KingDirt::read_within(args, MAX_SEARCHED_SQUARES)
    }

    fn read_within(args: &[Arg<'_>], squares: usize) -> Result<KingDirt, PartizanError> {
        let [Arg::Natural(left), Arg::Natural(right), Arg::Word(must), Arg::Position(text)] = args
        else {
            return Err(registry::mismatch());
        };
        let must_place = registry::truth(must, "gen_king_dirt: must_place")?;
        let expected = "x (Left's king), o (Right's), . (empty) or # (dirt)";
        let board = Grid::parse(text, RULESET.name, expected, squares)?;
        Ok(KingDirt {
            unplaced: [*left, *right],
            must_place,
            board,
        })
    }

    fn empty_squares(&self) -> usize {
        let squares = self.board.squares();
        squares.iter().filter(|&&s| s == Cell::Empty).count()
    }

    /// Each move of `player`, with the position after it.
    fn steps(&self, player: Player) -> Vec<(Step, KingDirt)> {
        let (king, side) = player.either((Cell::Left, 0), (Cell::Right, 1));
        let board = &self.board;
        let empty: Vec<usize> = (0..board.squares().len())
            .filter(|&i| board.get(i) == Cell::Empty)
            .collect();
        let mut steps = Vec::new();
        if self.unplaced[side] > 0 {
            for &i in &empty {
                let mut after = self.clone();
                after.unplaced[side] -= 1;
                after.board.set(i, king);
                steps.push((Step::Place(i), after));
            }
        }
        if self.must_place && !steps.is_empty() {
            return steps;
        }
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == king) {
            for to in board.king_neighbours(from) {
                if board.get(to) == Cell::Empty {
                    let mut after = self.clone();
                    after.board.set(from, Cell::Dirt);
                    after.board.set(to, king);
                    steps.push((Step::Move(from, to), after));
                }
            }
        }
        steps
    }
}

impl crate::Position for KingDirt {
    fn left_moves(&self) -> Vec<Self> {
        self.steps(Player::Left).into_iter().map(|s| s.1).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.steps(Player::Right).into_iter().map(|s| s.1).collect()
    }
}

impl PartizanGame for KingDirt {
    fn components(&self) -> Vec<Self> {
        let empty = self.empty_squares() as u64;
        if self.unplaced.iter().any(|&n| n > 0 && empty > 0) {
            let unplaced = self.unplaced.map(|n| n.min(empty));
            return vec![KingDirt {
                unplaced,
                // Without a king to place for either player the rule never applies.
                must_place: self.must_place && unplaced.iter().any(|&n| n > 0),
                board: self.board.least_image(),
            }];
        }
        let board = &self.board;
        board
            .regions_linked(|s| s != Cell::Dirt, true)
            .into_iter()
            .filter(|region| {
                let has = |f: &dyn Fn(Cell) -> bool| region.iter().any(|&i| f(board.get(i)));
                has(&|c| c == Cell::Empty) && has(&|c| c == Cell::Left || c == Cell::Right)
            })
            .map(|region| KingDirt {
                unplaced: [0, 0],
                must_place: false,
                board: board.cut_out(&region, Cell::Dirt),
            })
            .collect()
    }
}

impl Described for KingDirt {
    fn expression(&self) -> String {
        format!(
            "{}({}, {}, \"{}\", \"{}\")",
            RULESET.name, self.unplaced[0], self.unplaced[1], self.must_place, self.board
        )
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let name = |i: usize| self.board.square_name(i);
        self.steps(player)
            .into_iter()
            .map(|(step, after)| {
                let text = match step {
                    Step::Place(i) => format!("{} places a king on {}", player.name(), name(i)),
                    Step::Move(from, to) => format!(
                        "{} moves the king on {} to {}, leaving dirt",
                        player.name(),
                        name(from),
                        name(to)
                    ),
                };
                (text, after)
            })
            .collect()
    }
}

/// A board for [`RULESET`]'s limits: `rules` then a quoted board.
fn call_with(rules: &str, board: &str) -> String {
    format!("{}({rules}\"{board}\")", RULESET.name)
}

/// Generalised King Dirt in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "gen_king_dirt",
    aliases: &["GenKingDirt"],
    title: "King Dirt (generalised)",
    summary: "Kings step to an adjacent empty square, leaving dirt (#), or are placed from \
              each player's unplaced ones; x Left's, o Right's",
    params: &[
        Param::new("left_unplaced", ParamKind::Natural),
        Param::new("right_unplaced", ParamKind::Natural),
        Param::new("must_place", ParamKind::Word),
        Param::new(".x.|.#.|.o.", ParamKind::Position),
    ],
    example: "gen_king_dirt(1, 1, \"false\", \".x.|.#.|.o.\")",
    limits: &[
        Limit::new("squares", MAX_KING_DIRT_SQUARES as u64, || {
            call_with("0, 0, \"false\", ", &"#".repeat(MAX_KING_DIRT_SQUARES + 1))
        }),
        Limit::new("empty squares", MAX_KING_DIRT_EMPTY as u64, || {
            call_with("0, 0, \"false\", ", &".".repeat(MAX_KING_DIRT_EMPTY + 1))
        }),
    ],
    values: registry::Values::Short {
        value: |store, args| Ok(crate::value_of(store, &KingDirt::parse(args)?)),
        moves: |store, args| crate::moves_of_position(store, &KingDirt::parse(args)?),
        variant: |store, variant, args| {
            crate::variant::value_of(store, variant, &KingDirt::parse(args)?)
        },
    },
    picture: None,
    board: Some(STONES_AND_FILLED),
    search: Some(crate::searched_arguments!(
        KingDirt::parse,
        KingDirt::read,
        Some(Command {
            rules: "place a king, or step one to an adjacent empty square, leaving dirt: \
                    Left x, Right o",
            example: "1 1 false x..|.#.|..o",
            board_help: "Rows separated by |: x Left's king, o Right's, . empty, # dirt.",
            rectangle: None,
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook};
    use conway_partizan::Store;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn position(left: u64, right: u64, must: bool, text: &str) -> KingDirt {
        let must = if must { "true" } else { "false" };
        let args = [
            Arg::Natural(left),
            Arg::Natural(right),
            Arg::Word(must),
            Arg::Position(text),
        ];
        KingDirt::read(&args).expect("a position")
    }

    fn value(p: &KingDirt) -> String {
        let mut store = Store::new();
        let g = crate::value_of(&mut store, p);
        conway_partizan::print::canonical_text(&mut store, g)
    }

    /// From the rules: a lone king with one empty square beside it steps once (1); two
    /// empties in a row beside it, twice; a king to place on one empty square is one move.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value(&position(0, 0, false, "x.")), "1");
        assert_eq!(value(&position(0, 0, false, "x..")), "2");
        assert_eq!(value(&position(0, 0, false, "o.")), "-1");
        assert_eq!(value(&position(1, 0, false, ".")), "1");
        // Both may take the last square: {0|0}.
        assert_eq!(value(&position(1, 1, false, ".")), "*");
        // x.o: whoever steps first takes the middle, and the other is stuck.
        assert_eq!(value(&position(0, 0, false, "x.o")), "*");
        // Dirt walls the kings apart: each steps once into its own corridor.
        assert_eq!(value(&position(0, 0, false, "x.#|###|o.#")), "0");
    }

    /// With must_place, a player who can place may not step.
    #[test]
    fn must_place_forbids_steps_while_placing_is_possible() {
        use crate::Position;
        let free = position(1, 0, false, "x..");
        let must = position(1, 0, true, "x..");
        assert_eq!(free.left_moves().len(), 3);
        assert_eq!(must.left_moves().len(), 2);
    }

    /// CGSuite 2.2-beta2's outcomes, recorded in MCGS's test corpus
    /// (`input/main_tests/gen_king_dirt/3x3_110.test`, `3x3_111.test`, `4x4_111.test`):
    /// (parameters, board, Black (Left) wins moving first, White (Right) wins moving first).
    #[test]
    fn cgsuite_outcomes_recorded_by_mcgs() {
        let cases = [
            ((1, 1, false), "X..|.#.|.X#", true, false),
            ((1, 1, false), "..X|...|..O", true, true),
            ((1, 1, false), "..O|.X.|.X.", false, false),
            ((1, 1, true), "..#.|.#..|..O.|..X.", true, true),
            ((1, 1, true), "....|....|.X.#|#...", true, false),
            ((1, 1, true), "...X|#X..|..#.|#...", true, false),
        ];
        let mut store = Store::new();
        for ((left, right, must), text, black, white) in cases {
            let p = position(left, right, must, text);
            let value = crate::value_of(&mut store, &p);
            assert_eq!(
                store.outcome(value),
                oracle::mcgs_class(black, white),
                "{text}"
            );
        }
    }

    #[test]
    fn moves_are_told_in_words_and_read_back() {
        let mut store = Store::new();
        let args = [
            Arg::Natural(1),
            Arg::Natural(0),
            Arg::Word("false"),
            Arg::Position("x.|#."),
        ];
        let registry::Values::Short { moves, .. } = RULESET.values else {
            panic!("short");
        };
        let moves = moves(&mut store, &args).expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left places a king on b1",
                "Left places a king on b2",
                "Left moves the king on a1 to b1, leaving dirt",
                "Left moves the king on a1 to b2, leaving dirt",
            ]
        );
        assert_eq!(
            moves.left[0].to,
            "gen_king_dirt(0, 0, \"false\", \"xx|#.\")"
        );
        assert!(matches!(
            KingDirt::parse(&[
                Arg::Natural(0),
                Arg::Natural(0),
                Arg::Word("maybe"),
                Arg::Position(".")
            ]),
            Err(PartizanError::InvalidInput(_))
        ));
    }

    /// Every move by the rules read square by square: placements on every empty square
    /// (only those, under must_place, when there are any), and steps to any of the eight
    /// squares around a king, compared as boards with counts.
    fn oracle_moves(p: &KingDirt, player: Player) -> BTreeSet<(u64, u64, String)> {
        let rows: Vec<Vec<char>> = p
            .board
            .to_string()
            .split('|')
            .map(|r| r.chars().collect())
            .collect();
        let (h, w) = (rows.len() as i64, rows.first().map_or(0, Vec::len) as i64);
        let (king, side) = if player == Player::Left {
            ('x', 0)
        } else {
            ('o', 1)
        };
        let text = |rows: &Vec<Vec<char>>| {
            rows.iter()
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        };
        let mut placed = BTreeSet::new();
        for r in 0..h {
            for c in 0..w {
                if rows[r as usize][c as usize] == '.' && p.unplaced[side] > 0 {
                    let mut after = rows.clone();
                    after[r as usize][c as usize] = king;
                    let mut counts = p.unplaced;
                    counts[side] -= 1;
                    placed.insert((counts[0], counts[1], text(&after)));
                }
            }
        }
        if p.must_place && !placed.is_empty() {
            return placed;
        }
        let mut moves = placed;
        for r in 0..h {
            for c in 0..w {
                for (tr, tc) in
                    (r - 1..=r + 1).flat_map(|tr| (c - 1..=c + 1).map(move |tc| (tr, tc)))
                {
                    let inside = (0..h).contains(&tr) && (0..w).contains(&tc);
                    if rows[r as usize][c as usize] == king
                        && inside
                        && (tr, tc) != (r, c)
                        && rows[tr as usize][tc as usize] == '.'
                    {
                        let mut after = rows.clone();
                        after[r as usize][c as usize] = '#';
                        after[tr as usize][tc as usize] = king;
                        moves.insert((p.unplaced[0], p.unplaced[1], text(&after)));
                    }
                }
            }
        }
        moves
    }

    fn arb_position() -> impl Strategy<Value = KingDirt> {
        let cells = vec![
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Left,
            Cell::Right,
            Cell::Dirt,
        ];
        (
            oracle::arb_grid(cells, 1..=3, 1..=4),
            0..=2u64,
            0..=2u64,
            any::<bool>(),
        )
            .prop_map(|(board, left, right, must_place)| KingDirt {
                unplaced: [left, right],
                must_place,
                board,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn moves_agree_with_the_rules_read_square_by_square(p in arb_position()) {
            for player in [Player::Left, Player::Right] {
                let fast: BTreeSet<(u64, u64, String)> = p
                    .steps(player)
                    .into_iter()
                    .map(|(_, a)| (a.unplaced[0], a.unplaced[1], a.board.to_string()))
                    .collect();
                prop_assert_eq!(fast, oracle_moves(&p, player));
            }
        }

        #[test]
        fn positions_agree_with_the_textbook(p in arb_position()) {
            prop_assert_eq!(agrees_with_textbook(&p), Ok(()));
        }
    }
}
