//! Generalised Clobber, as CGSuite's `GenClobber` schema defines it, and its classic
//! instances: AntiClobber, HotClobber, Kings, Knights, Rooks and Queens.
//!
//! An instance is fixed by four rules: the `directions` a stone moves in (orthogonal, the
//! king's eight, the knight's jumps), what each player may move onto (`clobbered`: the
//! opponent's stones in Clobber, either colour in HotClobber, empty squares in AntiClobber),
//! what the square left behind becomes (empty, or in AntiClobber a stone of the opponent),
//! and how far a stone goes: one step, or (Rooks, Queens) any distance in a line over empty
//! squares, stopping at the first square that is not empty.
//!
//! Notation: Clobber's, rows top to bottom split by `|`: `x` Left's stone, `o` Right's, `.`
//! empty, and `#` a square that is not on the board.
//!
//! Components: when nobody moves onto an empty square and stones take one step, a stone only
//! ever meets the stones it touches (in the instance's directions), so each group of
//! stones so connected is a component; otherwise each region of board squares connected by
//! the directions is. Every direction set is symmetric under the rectangle's eight
//! symmetries, so a component is normalised as Clobber's is: cut out to its bounding box,
//! the least of its eight images.

use crate::grid::{Grid, Square, DIRECTIONS};
use crate::moves::Described;
use crate::registry::{call, Limit, Param, ParamKind, Ruleset, STONES_AND_FILLED};
use crate::short_position;
use crate::{check_size, PartizanGame, Position};
use conway_partizan::{PartizanError, Player};

/// Most squares on a board (parsing and splitting stay cheap).
pub const MAX_GEN_CLOBBER_SQUARES: usize = 4096;

/// Most stones on the board. Every move keeps or lowers the number of stones or of empty
/// squares, so the positions of a board grow exponentially with its stones; the slowest
/// board of 14 stones tried, Kings on the 2 × 7 checkerboard, takes 2.6 s in a release build.
pub const MAX_GEN_CLOBBER_STONES: usize = 14;

/// Most empty squares in a component when stones move onto empty squares (AntiClobber) or
/// slide over them (Rooks, Queens). AntiClobber fills one with each move, but its positions
/// still grow fast: 8 stones among 10 empty squares (`xo.ox|....#|#....|ox.xo`) take 1.5 s
/// and 35 MB in a release build, among 13 (`xo.ox|.....|.....|ox.xo`) 16 s and 215 MB.
pub const MAX_GEN_CLOBBER_EMPTY: usize = 10;

/// What is on a square. The order decides which symmetric image is the normal form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Stone {
    /// `.`
    Empty,
    /// `x`, Left's.
    Black,
    /// `o`, Right's.
    White,
    /// `#`, not on the board.
    Off,
}

impl Square for Stone {
    fn from_char(c: char) -> Option<Stone> {
        match c {
            '.' => Some(Stone::Empty),
            'x' => Some(Stone::Black),
            'o' => Some(Stone::White),
            '#' => Some(Stone::Off),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Stone::Empty => '.',
            Stone::Black => 'x',
            Stone::White => 'o',
            Stone::Off => '#',
        }
    }
}

/// The orthogonal steps.
const ORTHOGONAL: &[(isize, isize)] = DIRECTIONS.split_at(4).0;
/// The king's steps.
const COMPASS: &[(isize, isize)] = &DIRECTIONS;
/// The knight's jumps.
const KNIGHT: &[(isize, isize)] = &[
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The rules of one instance.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rules {
    /// Its `eval` name, which writes its positions.
    name: &'static str,
    /// The steps a stone takes.
    directions: &'static [(isize, isize)],
    /// What Left and Right may move onto.
    clobbered: [&'static [Stone]; 2],
    /// What the square a stone leaves becomes, for Left and for Right.
    left_behind: [Stone; 2],
    /// Whether a stone goes any distance in a line over empty squares (else one step).
    slides: bool,
}

impl Rules {
    /// What `player` may move onto, and leaves behind.
    fn of(&self, player: Player) -> (&'static [Stone], Stone) {
        let i = player.either(0, 1);
        (self.clobbered[i], self.left_behind[i])
    }

    /// Whether stones meet only the stones they touch: nobody moves onto an empty square,
    /// and no stone slides.
    fn stones_only(&self) -> bool {
        !self.slides && !self.clobbered.iter().any(|c| c.contains(&Stone::Empty))
    }
}

/// AntiClobber: a stone steps onto an adjacent empty square, leaving a stone of the
/// opponent behind.
pub static ANTI_CLOBBER_RULES: Rules = Rules {
    name: "anti_clobber",
    directions: ORTHOGONAL,
    clobbered: [&[Stone::Empty], &[Stone::Empty]],
    left_behind: [Stone::White, Stone::Black],
    slides: false,
};

/// HotClobber: a stone clobbers an adjacent stone of either colour.
pub static HOT_CLOBBER_RULES: Rules = Rules {
    name: "hot_clobber",
    directions: ORTHOGONAL,
    clobbered: [&[Stone::Black, Stone::White], &[Stone::Black, Stone::White]],
    left_behind: [Stone::Empty, Stone::Empty],
    slides: false,
};

/// Kings: Clobber with the king's eight steps.
pub static KINGS_RULES: Rules = Rules {
    name: "kings",
    directions: COMPASS,
    clobbered: [&[Stone::White], &[Stone::Black]],
    left_behind: [Stone::Empty, Stone::Empty],
    slides: false,
};

/// Knights: Clobber with the knight's jumps.
pub static KNIGHTS_RULES: Rules = Rules {
    name: "knights",
    directions: KNIGHT,
    clobbered: [&[Stone::White], &[Stone::Black]],
    left_behind: [Stone::Empty, Stone::Empty],
    slides: false,
};

/// Rooks: Clobber with the rook's moves, over empty squares.
pub static ROOKS_RULES: Rules = Rules {
    name: "rooks",
    directions: ORTHOGONAL,
    clobbered: [&[Stone::White], &[Stone::Black]],
    left_behind: [Stone::Empty, Stone::Empty],
    slides: true,
};

/// Queens: Clobber with the queen's moves, over empty squares.
pub static QUEENS_RULES: Rules = Rules {
    name: "queens",
    directions: COMPASS,
    clobbered: [&[Stone::White], &[Stone::Black]],
    left_behind: [Stone::Empty, Stone::Empty],
    slides: true,
};

/// A board of one instance.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GenClobber {
    rules: &'static Rules,
    board: Grid<Stone>,
}

impl std::fmt::Display for GenClobber {
    /// The board in the notation of the module documentation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.board.fmt(f)
    }
}

impl GenClobber {
    /// Reads a board of the instance `rules` and checks the limits.
    pub fn parse(rules: &'static Rules, text: &str) -> Result<GenClobber, PartizanError> {
        let expected = "x (Left), o (Right), . (empty), # (off the board)";
        let board = Grid::parse(text, rules.name, expected, MAX_GEN_CLOBBER_SQUARES)?;
        let count = |s: Stone| board.squares().iter().filter(|&&q| q == s).count();
        let stones = count(Stone::Black) + count(Stone::White);
        check_size(
            &format!("{}'s stones", rules.name),
            stones,
            MAX_GEN_CLOBBER_STONES,
        )?;
        let position = GenClobber { rules, board };
        if !rules.stones_only() {
            let empty = |part: &GenClobber| {
                part.board
                    .squares()
                    .iter()
                    .filter(|&&s| s == Stone::Empty)
                    .count()
            };
            let most = position.components().iter().map(empty).max().unwrap_or(0);
            check_size(
                &format!("{}'s empty squares in a component", rules.name),
                most,
                MAX_GEN_CLOBBER_EMPTY,
            )?;
        }
        Ok(position)
    }

    /// Each move of `player`: the square moved from, the square moved onto, and the board
    /// after it.
    fn moves(&self, player: Player) -> Vec<(usize, usize, GenClobber)> {
        let mover = player.either(Stone::Black, Stone::White);
        let (targets, behind) = self.rules.of(player);
        let board = &self.board;
        let mut moves = Vec::new();
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == mover) {
            for &step in self.rules.directions {
                let mut at = from;
                while let Some(to) = board.step(at, step) {
                    let square = board.get(to);
                    if square == Stone::Off {
                        break;
                    }
                    if targets.contains(&square) {
                        let mut next = board.with(from, behind);
                        next.set(to, mover);
                        moves.push((
                            from,
                            to,
                            GenClobber {
                                rules: self.rules,
                                board: next,
                            },
                        ));
                    }
                    if square != Stone::Empty || !self.rules.slides {
                        break;
                    }
                    at = to;
                }
            }
        }
        moves
    }

    /// The squares connected to each other through `inside` squares by the instance's
    /// steps. `Grid::regions_linked` does the same for the orthogonal and king's steps; one
    /// function over a slice of steps for both measured 9% slower on Amazons, whose every
    /// option is split by king's steps, so the two stay apart.
    fn regions(&self, inside: impl Fn(Stone) -> bool) -> Vec<Vec<usize>> {
        let board = &self.board;
        let mut seen = vec![false; board.squares().len()];
        let mut regions = Vec::new();
        for start in 0..seen.len() {
            if seen[start] || !inside(board.get(start)) {
                continue;
            }
            seen[start] = true;
            let (mut region, mut stack) = (Vec::new(), vec![start]);
            while let Some(i) = stack.pop() {
                region.push(i);
                for &step in self.rules.directions {
                    if let Some(j) = board.step(i, step) {
                        if !seen[j] && inside(board.get(j)) {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            regions.push(region);
        }
        regions
    }
}

impl Position for GenClobber {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
            .into_iter()
            .map(|(_, _, b)| b)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
            .into_iter()
            .map(|(_, _, b)| b)
            .collect()
    }
}

impl PartizanGame for GenClobber {
    fn components(&self) -> Vec<Self> {
        let regions = if self.rules.stones_only() {
            self.regions(|s| matches!(s, Stone::Black | Stone::White))
        } else {
            self.regions(|s| s != Stone::Off)
        };
        let has_stone = |r: &Vec<usize>| {
            r.iter()
                .any(|&i| matches!(self.board.get(i), Stone::Black | Stone::White))
        };
        regions
            .into_iter()
            .filter(has_stone)
            .map(|r| GenClobber {
                rules: self.rules,
                board: self.board.cut_out(&r, Stone::Off),
            })
            .collect()
    }
}

impl Described for GenClobber {
    fn expression(&self) -> String {
        call(self.rules.name, &self.to_string())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, GenClobber)> {
        let name = |i: usize| self.board.square_name(i);
        self.moves(player)
            .into_iter()
            .map(|(from, to, after)| {
                let onto = match self.board.get(to) {
                    Stone::Empty => "onto the empty square".to_string(),
                    Stone::Black | Stone::White if self.board.get(to) == self.board.get(from) => {
                        "onto its own stone".to_string()
                    }
                    _ => format!("onto {}'s stone", player.opponent().name()),
                };
                let text = format!(
                    "{} moves the stone on {} {onto} {}",
                    player.name(),
                    name(from),
                    name(to)
                );
                (text, after)
            })
            .collect()
    }
}

/// The registry entry of an instance: its rules, names, title, rules in words and example.
macro_rules! instance {
    ($rules:expr, $alias:literal, $title:literal, $summary:literal, $example:literal) => {
        instance!($rules, $alias, $title, $summary, $example, [])
    };
    ($rules:expr, $alias:literal, $title:literal, $summary:literal, $example:literal, [$($extra:expr),*]) => {
        Ruleset {
            name: $rules.name,
            aliases: &[$alias],
            title: $title,
            summary: concat!(
                $summary,
                "; rows split by |, x Left's stone, o Right's, . empty, # off the board"
            ),
            params: &[Param::new("xo.|ox.", ParamKind::Position)],
            example: $example,
            limits: &[
                Limit::new("squares", MAX_GEN_CLOBBER_SQUARES as u64, || {
                    call($rules.name, &"#".repeat(MAX_GEN_CLOBBER_SQUARES + 1))
                }),
                Limit::new("stones", MAX_GEN_CLOBBER_STONES as u64, || {
                    call($rules.name, &"xo#".repeat(MAX_GEN_CLOBBER_STONES / 2 + 1))
                }),
                $($extra),*
            ],
            values: short_position!(|t| GenClobber::parse(&$rules, t)),
            picture: None,
            board: Some(STONES_AND_FILLED),
            search: None,
        }
    };
}

/// AntiClobber in the registry.
pub static ANTI_CLOBBER: Ruleset = instance!(
    ANTI_CLOBBER_RULES,
    "AntiClobber",
    "AntiClobber",
    "AntiClobber: a stone steps onto an adjacent empty square, leaving the other's stone",
    "anti_clobber(\"xoxo|oo..\")",
    [Limit::new(
        "empty squares in a component",
        MAX_GEN_CLOBBER_EMPTY as u64,
        || {
            call(
                ANTI_CLOBBER_RULES.name,
                &format!("x{}o", ".".repeat(MAX_GEN_CLOBBER_EMPTY + 1)),
            )
        }
    )]
);

/// HotClobber in the registry.
pub static HOT_CLOBBER: Ruleset = instance!(
    HOT_CLOBBER_RULES,
    "HotClobber",
    "HotClobber",
    "HotClobber: a stone clobbers an adjacent stone of either colour",
    "hot_clobber(\"xox|o.x\")"
);

/// Kings in the registry.
pub static KINGS: Ruleset = instance!(
    KINGS_RULES,
    "Kings",
    "Kings",
    "Kings: Clobber with the king's eight steps",
    "kings(\"xox|ox.\")"
);

/// Knights in the registry.
pub static KNIGHTS: Ruleset = instance!(
    KNIGHTS_RULES,
    "Knights",
    "Knights",
    "Knights: Clobber with the knight's jumps",
    "knights(\"xo.|..o|x..\")"
);

/// Rooks in the registry.
pub static ROOKS: Ruleset = instance!(
    ROOKS_RULES,
    "Rooks",
    "Rooks",
    "Rooks: Clobber with the rook's moves over empty squares",
    "rooks(\"xox|ox.\")",
    [Limit::new(
        "empty squares in a component",
        MAX_GEN_CLOBBER_EMPTY as u64,
        || {
            call(
                ROOKS_RULES.name,
                &format!("x{}o", ".".repeat(MAX_GEN_CLOBBER_EMPTY + 1)),
            )
        }
    )]
);

/// Queens in the registry.
pub static QUEENS: Ruleset = instance!(
    QUEENS_RULES,
    "Queens",
    "Queens",
    "Queens: Clobber with the queen's moves over empty squares",
    "queens(\"xox|ox.\")",
    [Limit::new(
        "empty squares in a component",
        MAX_GEN_CLOBBER_EMPTY as u64,
        || {
            call(
                QUEENS_RULES.name,
                &format!("x{}o", ".".repeat(MAX_GEN_CLOBBER_EMPTY + 1)),
            )
        }
    )]
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, arb_grid, cgsuite_game};
    use conway_partizan::Store;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    const INSTANCES: [&Rules; 6] = [
        &ANTI_CLOBBER_RULES,
        &HOT_CLOBBER_RULES,
        &KINGS_RULES,
        &KNIGHTS_RULES,
        &ROOKS_RULES,
        &QUEENS_RULES,
    ];

    /// Plain Clobber as an instance, to compare with the Clobber module.
    static CLOBBER_RULES: Rules = Rules {
        name: "clobber",
        directions: ORTHOGONAL,
        clobbered: [&[Stone::White], &[Stone::Black]],
        left_behind: [Stone::Empty, Stone::Empty],
        slides: false,
    };

    /// CGSuite's own expectations for its grid rulesets (`GameGridTest.scala`, CGSuite 2.2),
    /// compared as games: each read by `eval`'s parser from CGSuite's printing.
    #[test]
    fn cgsuite_values() {
        for (ruleset, board, expected) in [
            (&KINGS, "xox|ox.", "{^^*|*,v[2]}"),
            (&ROOKS, "xox|ox.", "{^^*|0,*}"),
            (&QUEENS, "xox|ox.", "^"),
            (&ANTI_CLOBBER, "xoxo|oo..", "{*|-1}"),
        ] {
            let mut store = Store::new();
            let expected = cgsuite_game(&mut store, expected);
            assert_eq!(
                ruleset.value_of_text(&mut store, board),
                Ok(expected),
                "{}({board})",
                ruleset.name
            );
        }
        // GenClobber with diagonal steps, from the same tests.
        static DIAGONAL: Rules = Rules {
            name: "diagonal",
            directions: &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            clobbered: [&[Stone::White], &[Stone::Black]],
            left_behind: [Stone::Empty, Stone::Empty],
            slides: false,
        };
        let mut store = Store::new();
        let expected = cgsuite_game(&mut store, "{0,v*|vv}");
        let board = GenClobber::parse(&DIAGONAL, "xoxo|oox.|xxx.").expect("a board");
        assert_eq!(crate::value_of(&mut store, &board), expected);
    }

    /// Every move of `player` by the rules read square by square, apart from the move
    /// generator: each target along each step, as the board after the move written out.
    fn oracle_moves(rules: &Rules, text: &str, player: Player) -> BTreeSet<String> {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        let (height, width) = (rows.len() as isize, rows[0].len() as isize);
        let (me, onto, behind) = match player {
            Player::Left => ('x', rules.clobbered[0], rules.left_behind[0]),
            Player::Right => ('o', rules.clobbered[1], rules.left_behind[1]),
        };
        let onto: Vec<char> = onto.iter().map(|s| s.to_char()).collect();
        let reach = if rules.slides { height.max(width) } else { 1 };
        let mut found = BTreeSet::new();
        for r in 0..height {
            for c in 0..width {
                if rows[r as usize][c as usize] != me {
                    continue;
                }
                for &(dr, dc) in rules.directions {
                    for k in 1..=reach {
                        let (tr, tc) = (r + k * dr, c + k * dc);
                        if tr < 0 || tc < 0 || tr >= height || tc >= width {
                            break;
                        }
                        let target = rows[tr as usize][tc as usize];
                        if target == '#' {
                            break;
                        }
                        if onto.contains(&target) {
                            let mut after = rows.clone();
                            after[r as usize][c as usize] = behind.to_char();
                            after[tr as usize][tc as usize] = me;
                            let written: Vec<String> =
                                after.iter().map(|row| row.iter().collect()).collect();
                            found.insert(written.join("|"));
                        }
                        if target != '.' {
                            break;
                        }
                    }
                }
            }
        }
        found
    }

    fn arb_board() -> impl Strategy<Value = String> {
        let squares = vec![
            Stone::Empty,
            Stone::Black,
            Stone::White,
            Stone::Black,
            Stone::White,
            Stone::Off,
        ];
        arb_grid(squares, 1..=3, 1..=4).prop_map(|g| g.to_string())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

        #[test]
        fn moves_agree_with_the_rules_read_square_by_square(text in arb_board()) {
            for rules in INSTANCES {
                let position = GenClobber::parse(rules, &text).expect("a board");
                for player in Player::BOTH {
                    let generated: BTreeSet<String> =
                        position.moves(player).iter().map(|(_, _, b)| b.to_string()).collect();
                    prop_assert_eq!(&generated, &oracle_moves(rules, &text, player), "{} {}", rules.name, player);
                }
            }
        }

        #[test]
        fn components_keep_the_value(text in arb_board()) {
            for rules in INSTANCES {
                let position = GenClobber::parse(rules, &text).expect("a board");
                prop_assert_eq!(agrees_with_textbook(&position), Ok(()), "{}", rules.name);
            }
        }

        #[test]
        fn clobber_as_an_instance_is_clobber(text in arb_board()) {
            let plain = text.replace('#', ".");
            let mut store = Store::new();
            let board = GenClobber::parse(&CLOBBER_RULES, &plain).expect("a board");
            let expected = crate::clobber::RULESET.value_of_text(&mut store, &plain).expect("a board");
            prop_assert_eq!(crate::value_of(&mut store, &board), expected);
        }
    }

    #[test]
    fn hot_clobber_moves_onto_either_colour_and_anti_clobber_leaves_a_stone() {
        let moves = |rules: &Rules, text: &str| oracle_moves(rules, text, Player::Left);
        assert_eq!(
            moves(&HOT_CLOBBER_RULES, "xxo"),
            [".xo", "x.o", "x.x"].map(String::from).into()
        );
        assert_eq!(
            moves(&ANTI_CLOBBER_RULES, "x.|.#"),
            ["o.|x#", "ox|.#"].map(String::from).into()
        );
        let mut store = Store::new();
        // Knights on a 2×2 board never meet: every stone is alone.
        assert_eq!(KNIGHTS.value_of_text(&mut store, "xo|ox"), Ok(store.zero()));
    }
}
