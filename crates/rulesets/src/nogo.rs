//! NoGo (Go with capturing forbidden; the Birs 2011 combinatorial game contest), on small
//! boards.
//!
//! Notation: the rows top to bottom, separated by `|`: `x` a black stone (Left's), `o` a
//! white stone (Right's), `.` an empty point; e.g. `"x..|..o"`. A move places one of the
//! mover's stones on an empty point, and is legal only if afterwards every group of stones
//! (orthogonally connected stones of one colour) of either colour still has a liberty (an
//! empty point next to it): a move may neither capture nor be suicide.
//!
//! Whether a point is legal depends on groups that reach across the board, so a board is one
//! component, taken in its least image under the rectangle's eight symmetries; but a strip
//! (one row or one column) parts between two adjacent stones of opposite colours. Each of
//! their groups has its liberties on its own side only, so no stone placed on one side
//! changes what is legal on the other: each side is a strip of its own, ending at its stone
//! as at the board's edge. On a strip a run of stones of one colour is one group whose
//! liberties are the points at its two ends, as a lone stone's are, so it is written as one
//! stone: the game is the same, move for move.

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{call, Command, Fill, Limit, Param, ParamKind, Ruleset, STONES};
use crate::{check_size, PartizanGame};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most points on a board.
pub const MAX_NOGO_POINTS: usize = 64;

/// The most empty points: each move fills one, and positions grow exponentially with them.
/// The empty 3 × 4 board, the slowest of 12 empty points we tried, takes 1 s in a release
/// build.
pub const MAX_NOGO_EMPTY: usize = 12;

/// A point of a NoGo board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Point {
    /// `.`
    Empty,
    /// `x`, Left's.
    Black,
    /// `o`, Right's.
    White,
}

impl Square for Point {
    fn from_char(c: char) -> Option<Point> {
        match c {
            '.' => Some(Point::Empty),
            'x' => Some(Point::Black),
            'o' => Some(Point::White),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Point::Empty => '.',
            Point::Black => 'x',
            Point::White => 'o',
        }
    }
}

/// A NoGo board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct NoGo {
    board: Grid<Point>,
}

impl NoGo {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<NoGo, PartizanError> {
        let board = Self::points(text)?;
        let empty = board
            .squares()
            .iter()
            .filter(|&&p| p == Point::Empty)
            .count();
        check_size("nogo's number of empty points", empty, MAX_NOGO_EMPTY)?;
        Self::breathing(board)
    }

    /// Reads the notation with only the limit on points (for a search of who wins).
    pub fn read(text: &str) -> Result<NoGo, PartizanError> {
        Self::breathing(Self::points(text)?)
    }

    /// The points of the notation, at most [`MAX_NOGO_POINTS`].
    fn points(text: &str) -> Result<Grid<Point>, PartizanError> {
        let expected = "x (Left), o (Right), . (empty)";
        Grid::parse(text, "nogo", expected, MAX_NOGO_POINTS)
    }

    /// The position of `board`, unless a group on it has no liberty.
    fn breathing(board: Grid<Point>) -> Result<NoGo, PartizanError> {
        if !Self::every_group_breathes(&board) {
            return Err(PartizanError::InvalidInput(
                "nogo: a group of stones has no liberty, which no NoGo position can have".into(),
            ));
        }
        Ok(NoGo { board })
    }

    /// Whether every group on `board` has a liberty.
    fn every_group_breathes(board: &Grid<Point>) -> bool {
        [Point::Black, Point::White].into_iter().all(|colour| {
            board.regions(|p| p == colour).iter().all(|group| {
                group
                    .iter()
                    .any(|&i| board.neighbours(i).any(|j| board.get(j) == Point::Empty))
            })
        })
    }

    /// Each legal point of `player`, and the board after the stone is placed.
    fn placements(&self, player: Player) -> Vec<(usize, NoGo)> {
        let stone = player.either(Point::Black, Point::White);
        (0..self.board.squares().len())
            .filter(|&i| self.board.get(i) == Point::Empty && self.legal(i, stone))
            .map(|i| {
                (
                    i,
                    NoGo {
                        board: self.board.with(i, stone),
                    },
                )
            })
            .collect()
    }

    /// Whether `stone` may be placed on the empty point `i`. Every group breathes before
    /// (positions are read and made that way), and a stone changes only the groups it
    /// touches: the group it joins, which must have a liberty, and the other colour's groups
    /// next to it, which lose one liberty and must keep another.
    fn legal(&self, i: usize, stone: Point) -> bool {
        let board = &self.board;
        let at = |j: usize| if j == i { stone } else { board.get(j) };
        // The points of one group found so far and those still to look around, as masks: a
        // board has at most 64 points.
        let breathes = |start: usize| {
            let colour = at(start);
            let (mut seen, mut frontier) = (1u64 << start, 1u64 << start);
            while frontier != 0 {
                let k = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                for j in board.neighbours(k) {
                    match at(j) {
                        Point::Empty => return true,
                        p if p == colour && seen & (1 << j) == 0 => {
                            seen |= 1 << j;
                            frontier |= 1 << j;
                        }
                        _ => {}
                    }
                }
            }
            false
        };
        breathes(i)
            && board
                .neighbours(i)
                .all(|j| at(j) == stone || at(j) == Point::Empty || breathes(j))
    }
}

impl crate::Position for NoGo {
    fn left_moves(&self) -> Vec<Self> {
        self.placements(Player::Left)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.placements(Player::Right)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }
}

impl PartizanGame for NoGo {
    fn components(&self) -> Vec<Self> {
        if self.board.rows() > 1 && self.board.cols() > 1 {
            return vec![NoGo {
                board: self.board.least_image(),
            }];
        }
        // A strip, row-major either way round: parted between opposite stones, each run of
        // one colour written as one stone; a part with no empty point has no move and is
        // left out.
        let points = self.board.squares();
        let parted = |a: Point, b: Point| a != Point::Empty && b != Point::Empty && a != b;
        points
            .chunk_by(|&a, &b| !parted(a, b))
            .filter(|part| part.contains(&Point::Empty))
            .filter_map(|part| {
                let mut points = part.to_vec();
                points.dedup_by(|a, b| a == b && *a != Point::Empty);
                Grid::from_rows(&[points])
            })
            .map(|board| NoGo {
                board: board.least_image(),
            })
            .collect()
    }
}

impl Described for NoGo {
    fn expression(&self) -> String {
        format!("nogo(\"{}\")", self.board)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.placements(player)
            .into_iter()
            .map(|(i, after)| {
                let text = format!(
                    "{} places a {} stone on {}",
                    player.name(),
                    player.either("black", "white"),
                    self.board.square_name(i)
                );
                (text, after)
            })
            .collect()
    }
}

/// NoGo in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "nogo",
    aliases: &["NoGo"],
    title: "NoGo",
    summary: "NoGo; rows split by |, x Left's stones, o Right's, . empty",
    params: &[Param::new("x..|..o", ParamKind::Position)],
    example: "nogo(\"...|...\")",
    limits: &[
        Limit::new("points", MAX_NOGO_POINTS as u64, || {
            call(RULESET.name, &".".repeat(MAX_NOGO_POINTS + 1))
        }),
        Limit::new("empty points", MAX_NOGO_EMPTY as u64, || {
            call(RULESET.name, &".".repeat(MAX_NOGO_EMPTY + 1))
        }),
    ],
    values: short_position!(NoGo::parse),
    picture: None,
    board: Some(STONES),
    search: Some(searched_position!(
        NoGo::parse,
        NoGo::read,
        Some(Command {
            rules: "place a stone; capturing and suicide are forbidden: Left x, Right o",
            example: "3x4",
            board_help: "Rows separated by |: x Left's stone, o Right's, . empty ('x..|.o.'), at \
                         most 64 points; or ROWSxCOLUMNS for an empty board.",
            rectangle: Some(Fill::Uniform('.')),
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook};
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// From the rules: a lone point is suicide for both (0); on two points the first stone
    /// leaves a point nobody may fill (*); a stone's last liberty may not be filled by either
    /// player (filling it captures or is suicide). In `x..` Left may play b1 or c1 and Right
    /// only c1 (b1 would capture), each leaving no move: {0|0} = *.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text("."), "0");
        assert_eq!(value_text(".."), "*");
        assert_eq!(value_text("x."), "0");
        assert_eq!(value_text("x.o"), "0");
        assert_eq!(value_text("x.."), "*");
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "x..").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left places a black stone on b1",
                "Left places a black stone on c1"
            ]
        );
        let right: Vec<&str> = moves.right.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(right, ["Right places a white stone on c1"]);
    }

    #[test]
    fn too_many_empty_points_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            RULESET.value_of_text(&mut store, "oxo.."),
            Err(PartizanError::InvalidInput(_))
        ));
        assert!(matches!(
            RULESET.value_of_text(&mut store, &".".repeat(MAX_NOGO_EMPTY + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    fn arb_board() -> impl Strategy<Value = NoGo> {
        let points = vec![Point::Empty, Point::Empty, Point::Black, Point::White];
        oracle::arb_grid(points, 1..=3, 1..=3)
            .prop_filter("a position NoGo can reach", NoGo::every_group_breathes)
            .prop_map(|board| NoGo { board })
    }

    /// Strips of up to 9 points, either way round, where the parts are split off.
    fn arb_strip() -> impl Strategy<Value = NoGo> {
        let points = vec![Point::Empty, Point::Empty, Point::Black, Point::White];
        (oracle::arb_grid(points, 1..=1, 1..=9), any::<bool>())
            .prop_filter("a position NoGo can reach", |(board, _)| {
                NoGo::every_group_breathes(board)
            })
            .prop_map(|(board, upright)| {
                let squares: Vec<Vec<Point>> = if upright {
                    board.squares().iter().map(|&p| vec![p]).collect()
                } else {
                    vec![board.squares().to_vec()]
                };
                NoGo {
                    board: Grid::from_rows(&squares).expect("rectangular"),
                }
            })
    }

    /// A strip parts between opposite stones, and a run of one colour is one stone:
    /// `x.xxo..oo.x` is `x.x` + `o..o.x`.
    #[test]
    fn strips_part_between_opposite_stones() {
        let position = NoGo::read("x.xxo..oo.x").expect("valid");
        let parts: Vec<String> = position
            .components()
            .iter()
            .map(|p| p.board.to_string())
            .collect();
        assert_eq!(
            parts,
            ["x.x", "o..o.x"].map(|t| NoGo::read(t).expect("valid").components()[0]
                .board
                .to_string())
        );
        let mut store = Store::new();
        let mut value = |text: &str| RULESET.value_of_text(&mut store, text).expect("valid");
        let (whole, left, right) = (value("x.xxo..oo.x"), value("x.x"), value("o..o.x"));
        assert_eq!(whole, store.add(left, right));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn boards_agree_with_the_textbook(position in arb_board()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        #[test]
        fn strips_agree_with_the_textbook(position in arb_strip()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        /// The local test of a placement against the whole board's groups after it.
        #[test]
        fn legal_placements_leave_every_group_breathing(
            board in oracle::arb_grid(
                vec![Point::Empty, Point::Black, Point::White], 1..=5, 1..=5
            ).prop_filter("a position NoGo can reach", NoGo::every_group_breathes)
        ) {
            let position = NoGo { board };
            for i in 0..position.board.squares().len() {
                if position.board.get(i) != Point::Empty {
                    continue;
                }
                for stone in [Point::Black, Point::White] {
                    let after = position.board.with(i, stone);
                    prop_assert_eq!(
                        position.legal(i, stone),
                        NoGo::every_group_breathes(&after),
                        "{} at {}", position.board, i
                    );
                }
            }
        }
    }
}
