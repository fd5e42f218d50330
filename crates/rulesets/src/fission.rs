//! Fission (CGSuite's `game.grid.Fission`, also an MCGS game): stones on a board split in two.
//!
//! Notation as CGSuite writes it: the rows top to bottom, separated by `|`, `x` a stone, `.`
//! an empty square and `#` a square nobody may use; e.g. `"....|..x.|....|#..#"` (MCGS
//! writes the stones `X`, which is read too). The stones belong to nobody. Left picks a
//! stone whose squares just above and just below are both empty, and splits it: the stone
//! goes, and a stone stands on each of those two squares. Right does the same sideways
//! (left and right of the stone). A move fills one more square, so play ends.
//!
//! Components: a stone can be proved never to move when it has, across each axis, a
//! neighbour that never moves (the board's edge, a `#`, or such a stone): of the stones so
//! marked, the first to move would need an empty square where one of them still stands.
//! Those stones are walls, the greatest set with the property is found by striking out
//! stones until none fails it (two-by-two blocks of stones are such walls). The squares that
//! are not walls then split into orthogonally connected regions, which never interact (a
//! move stays within three orthogonally adjacent squares); a region without a stone or
//! without an empty square is 0 and dropped. Each region is cut out and taken in its least
//! image under the mirror images and the half turn, which keep the rules; a transposed board
//! is the negative, Left's and Right's directions swapped.

use crate::grid::{Grid, Square, UPRIGHT_SYMMETRIES};
use crate::moves::Described;
use crate::registry::{call, square, Board, Command, Limit, Param, ParamKind, Piece, Ruleset};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board whose value is asked for.
pub const MAX_FISSION_SQUARES: usize = 4096;

/// The most empty squares on a board whose value is asked for: every move fills one, and
/// the positions grow exponentially with them. The slowest boards of 20 empty squares we
/// tried (a 4 × 6 board with a few stones, few of them blocked) take about a second in a
/// release build.
pub const MAX_FISSION_EMPTY: usize = 22;

/// A square of a Fission board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`
    Empty,
    /// `x`, a stone either player may split.
    Stone,
    /// `#`, a square nobody may use.
    Filled,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'x' | 'X' => Some(Cell::Stone),
            '#' => Some(Cell::Filled),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Stone => 'x',
            Cell::Filled => '#',
        }
    }
}

/// The two directions a player splits stones along: Left's up and down, Right's left and
/// right.
fn axis(player: Player) -> [(isize, isize); 2] {
    player.either([(-1, 0), (1, 0)], [(0, -1), (0, 1)])
}

/// A Fission position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fission {
    board: Grid<Cell>,
}

impl Fission {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<Fission, PartizanError> {
        let position = Fission::read_within(text, MAX_FISSION_SQUARES)?;
        let empty = position
            .board
            .squares()
            .iter()
            .filter(|&&s| s == Cell::Empty)
            .count();
        check_size(
            "fission's number of empty squares",
            empty,
            MAX_FISSION_EMPTY,
        )?;
        Ok(position)
    }

    /// Reads the notation with only the limit on squares ([`MAX_SEARCHED_SQUARES`]), for a
    /// search of who wins.
    pub fn read(text: &str) -> Result<Fission, PartizanError> {
        Fission::read_within(text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(text: &str, squares: usize) -> Result<Fission, PartizanError> {
        let expected = "x (a stone), . (empty) or # (unused)";
        let board = Grid::parse(text, "fission", expected, squares)?;
        Ok(Fission { board })
    }

    /// Each split by `player`: the stone's square, the two squares it splits onto, and the
    /// position after it.
    fn splits(&self, player: Player) -> Vec<(usize, usize, usize, Fission)> {
        let board = &self.board;
        let [before, after] = axis(player);
        let empty = |i: Option<usize>| i.filter(|&i| board.get(i) == Cell::Empty);
        (0..board.squares().len())
            .filter(|&i| board.get(i) == Cell::Stone)
            .filter_map(|i| {
                let (a, b) = (empty(board.step(i, before))?, empty(board.step(i, after))?);
                let mut split = board.with(i, Cell::Empty);
                split.set(a, Cell::Stone);
                split.set(b, Cell::Stone);
                Some((i, a, b, Fission { board: split }))
            })
            .collect()
    }

    /// The board with every stone that can never move made a wall (`#`), as the module doc
    /// proves: stones are struck out of the candidates until each one left has a wall or a
    /// candidate beside it across both axes.
    fn walled(&self) -> Grid<Cell> {
        let board = &self.board;
        let mut frozen: Vec<bool> = board.squares().iter().map(|&s| s == Cell::Stone).collect();
        let holds = |i: Option<usize>, frozen: &[bool]| {
            i.is_none_or(|i| board.get(i) == Cell::Filled || frozen[i])
        };
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..frozen.len() {
                if !frozen[i] {
                    continue;
                }
                let pinned = [Player::Left, Player::Right].iter().all(|&player| {
                    axis(player)
                        .iter()
                        .any(|&d| holds(board.step(i, d), &frozen))
                });
                if !pinned {
                    frozen[i] = false;
                    changed = true;
                }
            }
        }
        board.map(|i, s| if frozen[i] { Cell::Filled } else { s })
    }
}

impl crate::Position for Fission {
    fn left_moves(&self) -> Vec<Self> {
        self.splits(Player::Left).into_iter().map(|s| s.3).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.splits(Player::Right)
            .into_iter()
            .map(|s| s.3)
            .collect()
    }
}

impl PartizanGame for Fission {
    fn components(&self) -> Vec<Self> {
        let walled = self.walled();
        walled
            .regions(|s| s != Cell::Filled)
            .into_iter()
            .filter(|region| {
                let has = |cell| region.iter().any(|&i| walled.get(i) == cell);
                has(Cell::Stone) && has(Cell::Empty)
            })
            .map(|region| Fission {
                board: walled.cut_out_among(&region, Cell::Filled, &UPRIGHT_SYMMETRIES),
            })
            .collect()
    }
}

impl Described for Fission {
    fn expression(&self) -> String {
        call(RULESET.name, &self.board.to_string())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let name = |i: usize| self.board.square_name(i);
        self.splits(player)
            .into_iter()
            .map(|(stone, a, b, after)| {
                let text = format!(
                    "{} splits the stone on {} onto {} and {}",
                    player.name(),
                    name(stone),
                    name(a),
                    name(b)
                );
                (text, after)
            })
            .collect()
    }
}

/// Fission's board: empty squares, stones (either player's to split) and unused squares.
pub const FISSION_BOARD: Board = Board::of(&[
    crate::registry::EMPTY,
    square('x', Piece::Either),
    square('#', Piece::Filled),
]);

/// Fission in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "fission",
    aliases: &["Fission"],
    title: "Fission",
    summary: "Fission; rows split by |, x a stone, . empty, # unused: Left splits a stone \
              up and down, Right sideways",
    params: &[Param::new("..x.|....", ParamKind::Position)],
    example: "fission(\"....|..x.|....|#..#\")",
    limits: &[
        Limit::new("squares", MAX_FISSION_SQUARES as u64, || {
            call(RULESET.name, &"#".repeat(MAX_FISSION_SQUARES + 1))
        }),
        Limit::new("empty squares", MAX_FISSION_EMPTY as u64, || {
            call(RULESET.name, &".".repeat(MAX_FISSION_EMPTY + 1))
        }),
    ],
    values: short_position!(Fission::parse),
    picture: None,
    board: Some(FISSION_BOARD),
    search: Some(searched_position!(
        Fission::parse,
        Fission::read,
        Some(Command {
            rules: "a stone splits onto the two empty squares beside it: Left's up and down, \
                    Right's sideways",
            example: "..x..|.....|.x..x",
            board_help: "Rows separated by |: x a stone, . empty, # unused ('..x.|....').",
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

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// From the rules: a lone stone in a column of three is Left's one move (1); in a plus
    /// of empties both may split it, to positions where nobody moves ({0|0} = *).
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text(".|x|."), "1");
        assert_eq!(value_text(".x."), "-1");
        assert_eq!(value_text("#.#|.x.|#.#"), "*");
        assert_eq!(value_text("x"), "0");
        assert_eq!(value_text("xx|xx"), "0");
        // A column of five: Left splits the middle stone, then one of the two new ones (the
        // other is then blocked): two moves.
        assert_eq!(value_text(".|.|x|.|."), "2");
        // Transposing a board negates it.
        assert_eq!(value_text("..|x.|.."), "1");
        assert_eq!(value_text(".x.|..."), "-1");
    }

    /// CGSuite's own outcomes of Fission positions, recorded ("Results from: CGSuite 2.1.1")
    /// in MCGS's test corpus, `input/main_tests/fission_autotests/fission_3x3.test` and
    /// `fission_6x6.test`: (board, whether Black (Left) wins moving first, whether White
    /// (Right) wins moving first).
    #[test]
    fn cgsuite_outcomes_recorded_by_mcgs() {
        let cases = [
            ("...|..X|...", true, false),
            (".X.|...|...", false, true),
            ("......|......|.#....|......|#.....|......", false, false),
            ("..#...|..#...|...X.#|....X#|...X..|.X....", true, true),
            ("#..#..|.#....|....#.|.#...X|...#..|.....#", true, false),
            (".#.#..|...#..|......|#.#.XX|......|X....#", false, false),
            ("......|...#.#|X.#...|X##...|......|##X.X.", false, true),
            ("X..X..|......|.#.#X.|...X..|......|......", false, true),
            ("#...#.|.....#|..#...|......|...#X.|.##...", false, false),
            ("......|...#..|......|...X..|.#....|...#..", true, false),
            ("....##|..##..|..#..X|#.....|......|......", true, false),
            ("......|.X....|#.#...|....##|.#...X|#...#.", false, true),
            ("..#.#X|..XX..|..#.#.|......|#.#..#|.#....", true, false),
        ];
        oracle::agrees_with_mcgs(&cases, Fission::read);
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, ".|x|.").expect("valid");
        assert_eq!(moves.left.len(), 1);
        assert_eq!(
            moves.left[0].description,
            "Left splits the stone on a2 onto a1 and a3"
        );
        assert_eq!(moves.left[0].to, "fission(\"x|.|x\")");
        assert!(moves.right.is_empty());
    }

    #[test]
    fn too_many_empty_squares_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            RULESET.value_of_text(&mut store, &".".repeat(MAX_FISSION_EMPTY + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
        assert!(matches!(
            RULESET.value_of_text(&mut store, "..|.o"),
            Err(PartizanError::Parse { column: 5, .. })
        ));
    }

    /// The moves by the rules read square by square: every triple of squares in a line
    /// along the player's axis, written apart from the fast generator.
    fn oracle_moves(text: &str, player: Player) -> BTreeSet<String> {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        let (height, width) = (rows.len() as isize, rows[0].len() as isize);
        let at = |r: isize, c: isize| {
            let inside = (0..height).contains(&r) && (0..width).contains(&c);
            if inside {
                rows[r as usize][c as usize]
            } else {
                '#'
            }
        };
        let (dr, dc) = if player == Player::Left {
            (1, 0)
        } else {
            (0, 1)
        };
        let mut moves = BTreeSet::new();
        for r in 0..height {
            for c in 0..width {
                if at(r, c) == 'x' && at(r - dr, c - dc) == '.' && at(r + dr, c + dc) == '.' {
                    let mut after = rows.clone();
                    after[r as usize][c as usize] = '.';
                    after[(r - dr) as usize][(c - dc) as usize] = 'x';
                    after[(r + dr) as usize][(c + dc) as usize] = 'x';
                    let rows: Vec<String> = after.iter().map(|r| r.iter().collect()).collect();
                    moves.insert(rows.join("|"));
                }
            }
        }
        moves
    }

    fn arb_board() -> impl Strategy<Value = Fission> {
        let cells = vec![
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Stone,
            Cell::Filled,
        ];
        oracle::arb_grid(cells, 1..=4, 1..=4).prop_map(|board| Fission { board })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn moves_agree_with_the_rules_read_square_by_square(position in arb_board()) {
            let text = position.board.to_string();
            for player in [Player::Left, Player::Right] {
                let fast: BTreeSet<String> = position
                    .splits(player)
                    .into_iter()
                    .map(|m| m.3.board.to_string())
                    .collect();
                prop_assert_eq!(fast, oracle_moves(&text, player), "{}", text);
            }
        }

        #[test]
        fn boards_agree_with_the_textbook(position in arb_board()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        /// The walls found never move: no later position has a move of a stone on them.
        #[test]
        fn walls_never_move(position in arb_board()) {
            let walled = position.walled();
            let mut seen = vec![position.clone()];
            let mut stack = vec![position];
            while let Some(p) = stack.pop() {
                for (stone, ..) in p.splits(Player::Left).into_iter().chain(p.splits(Player::Right)) {
                    prop_assert!(walled.get(stone) != Cell::Filled);
                }
                for next in crate::Position::left_moves(&p).into_iter().chain(crate::Position::right_moves(&p)) {
                    if !seen.contains(&next) && seen.len() < 400 {
                        seen.push(next.clone());
                        stack.push(next);
                    }
                }
            }
        }
    }
}
