//! Generalised Clobber, as CGSuite's `GenClobber` schema defines it, with its parameters
//! (`gen_clobber`) and its classic instances: AntiClobber, HotClobber, Kings, Knights, Rooks
//! and Queens.
//!
//! A ruleset of the schema is fixed by four rules: the `directions` a stone moves in
//! (orthogonal, diagonal, the king's eight, the knight's jumps), what each player may move
//! onto (`clobbered`: the opponent's stones in Clobber, either colour in HotClobber, empty
//! squares in AntiClobber), what the square left behind becomes (empty, or in AntiClobber a
//! stone of the opponent), and how far a stone goes (`reach`): it passes over empty squares
//! in one direction until the first square that is not empty or until it has gone `reach`
//! squares, and moves there if it may move onto what stands there (CGSuite's
//! `ClobberablePoints`). Clobber is reach 1; Rooks and Queens have no limit.
//!
//! Notation: Clobber's, rows top to bottom split by `|`: `x` Left's stone, `o` Right's, `.`
//! empty, and `#` a square that is not on the board. With parameters,
//! `gen_clobber("compass", "o/x", "./.", "1", "xox|ox.")` is Kings: the directions, what
//! Left and Right each move onto, what each leaves behind, and the reach (`inf` for no
//! limit).
//!
//! Components: when nobody moves onto an empty square and stones take one step, a stone only
//! ever meets the stones it touches (in the ruleset's directions), so each group of stones
//! so connected is a component; otherwise each region of board squares connected by the
//! directions is. Every direction set is symmetric under the rectangle's eight symmetries,
//! so a component is normalised as Clobber's is: cut out to its bounding box, the least of
//! its eight images.

use crate::grid::{Grid, Square, DIRECTIONS};
use crate::moves::Described;
use crate::registry::{
    call, mismatch, Arg, Command, Fill, Limit, Param, ParamKind, Ruleset, Values, STONES_AND_FILLED,
};
use crate::{check_size, searched_position, short_position, MAX_SEARCHED_SQUARES};
use crate::{PartizanGame, Position};
use conway_partizan::{PartizanError, Player};

/// Most squares on a board (parsing and splitting stay cheap).
pub const MAX_GEN_CLOBBER_SQUARES: usize = 4096;

/// Most stones on the board. Every move keeps or lowers the number of stones or of empty
/// squares, so the positions of a board grow exponentially with its stones; the slowest
/// board of 14 stones tried, Kings on the 2 × 7 checkerboard, takes 2.6 s in a release build.
pub const MAX_GEN_CLOBBER_STONES: usize = 14;

/// Most empty squares in a component when stones move onto empty squares (AntiClobber) or
/// pass over them (Rooks, Queens). AntiClobber fills one with each move, but its positions
/// still grow fast: 8 stones among 10 empty squares (`xo.ox|....#|#....|ox.xo`) take 1.5 s
/// and 35 MB in a release build, among 13 (`xo.ox|.....|.....|ox.xo`) 16 s and 215 MB.
pub const MAX_GEN_CLOBBER_EMPTY: usize = 10;

/// Most stones on a board of rules that no instance has, and most empty squares in a
/// component when they move onto or over empty squares. Rules of the schema may let both
/// players fill empty squares with stones of either colour, which an instance never does:
/// the slowest rules tried at these limits, king's steps onto empty squares and (Left) the
/// other's stones, leaving Left's and Right's own stone behind, take 8 s and 80 MB on
/// `xo.ox|....#|#...#|ox.xo` in a release build, and 27 s at the instances' limits.
pub const MAX_GEN_CLOBBER_RULES_STONES: usize = 10;
/// See [`MAX_GEN_CLOBBER_RULES_STONES`].
pub const MAX_GEN_CLOBBER_RULES_EMPTY: usize = 8;

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

/// The ways a stone may move, as CGSuite's `Coordinates` names them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Directions {
    /// Up, down, left and right.
    Orthogonal,
    /// The four diagonal steps.
    Diagonal,
    /// The king's eight steps.
    Compass,
    /// The knight's eight jumps.
    Knight,
}

/// The knight's jumps.
const KNIGHT: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

impl Directions {
    /// Every set, as `gen_clobber` names them.
    const ALL: [(Directions, &'static str); 4] = [
        (Directions::Orthogonal, "orthogonal"),
        (Directions::Diagonal, "diagonal"),
        (Directions::Compass, "compass"),
        (Directions::Knight, "knight"),
    ];

    /// The steps, each a (row, column) change.
    fn steps(self) -> &'static [(isize, isize)] {
        match self {
            Directions::Orthogonal => DIRECTIONS.split_at(4).0,
            Directions::Diagonal => DIRECTIONS.split_at(4).1,
            Directions::Compass => &DIRECTIONS,
            Directions::Knight => &KNIGHT,
        }
    }

    /// Its name in `gen_clobber`'s first argument.
    fn word(self) -> &'static str {
        let (_, word) = Directions::ALL
            .iter()
            .find(|(d, _)| *d == self)
            .expect("listed");
        word
    }
}

/// A set of the squares' contents `.`, `x` and `o`, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Stones(u8);

impl Stones {
    const fn of(stones: &[Stone]) -> Stones {
        let (mut bits, mut i) = (0, 0);
        while i < stones.len() {
            bits |= 1 << stones[i] as u8;
            i += 1;
        }
        Stones(bits)
    }

    fn contains(self, stone: Stone) -> bool {
        self.0 & (1 << stone as u8) != 0
    }

    fn written(self) -> String {
        [Stone::Empty, Stone::Black, Stone::White]
            .into_iter()
            .filter(|&s| self.contains(s))
            .map(Stone::to_char)
            .collect()
    }
}

/// A reach that is no limit: `inf`, every board is smaller.
const UNLIMITED: u32 = u32::MAX;

/// The rules of one ruleset of the schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rules {
    /// Its `eval` name, which writes its positions: an instance's, or `gen_clobber` for rules
    /// that no instance has.
    name: &'static str,
    /// The steps a stone takes.
    directions: Directions,
    /// What Left and Right may move onto.
    clobbered: [Stones; 2],
    /// What the square a stone leaves becomes, for Left and for Right.
    left_behind: [Stone; 2],
    /// The most squares a stone goes in one move ([`UNLIMITED`] for no limit).
    reach: u32,
}

impl Rules {
    /// What `player` may move onto, and leaves behind.
    fn of(&self, player: Player) -> (Stones, Stone) {
        let i = player.either(0, 1);
        (self.clobbered[i], self.left_behind[i])
    }

    /// Whether stones meet only the stones they touch: nobody moves onto an empty square,
    /// and every move is one step.
    fn stones_only(&self) -> bool {
        self.reach == 1 && !self.clobbered.iter().any(|c| c.contains(Stone::Empty))
    }

    /// Whether every play ends. A move turns one square of what it moves onto (`T`) into
    /// what is left behind (`B`): the counts of `.`, `x` and `o` change by one `T` fewer and
    /// one `B` more, and nothing else. When the changes `T → B` of both players' moves form
    /// no cycle (no move leaves the counts alone, as a stone stepping onto an empty square
    /// and leaving it empty does), weights that fall along every change exist (a
    /// topological order), so each move lowers the board's total weight and play ends.
    /// With a cycle it need not: Left turning `o` into `x` and Right `x` into `o` repeat
    /// `xoo` → `xxo` → `xoo` on a strip.
    fn play_ends(&self) -> bool {
        let changes: Vec<(usize, usize)> = (0..2)
            .flat_map(|i| {
                let behind = self.left_behind[i] as usize;
                [Stone::Empty, Stone::Black, Stone::White]
                    .into_iter()
                    .filter(move |&t| self.clobbered[i].contains(t))
                    .map(move |t| (t as usize, behind))
            })
            .collect();
        // Three kinds of square: a cycle shows as a pair reaching each other within two
        // changes, or a change to itself.
        let reaches = |a: usize, b: usize| {
            changes.contains(&(a, b))
                || (0..3).any(|m| changes.contains(&(a, m)) && changes.contains(&(m, b)))
        };
        !(0..3).any(|a| (0..3).any(|b| reaches(a, b) && reaches(b, a)))
    }

    /// The rules `gen_clobber`'s words write (each error names its word), named as the
    /// instance that has them if one does.
    pub fn read(
        directions: &str,
        clobbered: &str,
        left_behind: &str,
        reach: &str,
    ) -> Result<Rules, PartizanError> {
        let invalid = |what: &str, text: &str, expected: &str| {
            PartizanError::InvalidInput(format!("gen_clobber: {what} \"{text}\" is not {expected}"))
        };
        let word = directions.trim().to_ascii_lowercase();
        let directions = match word.as_str() {
            "knightsmove" | "knights_move" => Some(Directions::Knight),
            _ => (Directions::ALL.iter())
                .find(|(_, name)| *name == word)
                .map(|(d, _)| *d),
        }
        .ok_or_else(|| {
            invalid(
                "the directions",
                directions,
                "orthogonal, diagonal, compass or knight",
            )
        })?;
        let stones_of = |side: &str| {
            (side.chars())
                .map(|c| match Stone::from_char(c) {
                    Some(Stone::Off) | None => None,
                    some => some,
                })
                .collect::<Option<Vec<_>>>()
        };
        let clobbered = pair(clobbered)
            .and_then(|sides| Some([stones_of(sides[0])?, stones_of(sides[1])?]))
            .ok_or_else(|| {
                invalid(
                    "what each player moves onto",
                    clobbered,
                    "Left's squares / Right's, each of . x o (\"o/x\")",
                )
            })?;
        let left_behind = pair(left_behind)
            .and_then(|sides| match [stones_of(sides[0])?, stones_of(sides[1])?] {
                [l, r] if l.len() == 1 && r.len() == 1 => Some([l[0], r[0]]),
                _ => None,
            })
            .ok_or_else(|| {
                invalid(
                    "what each player leaves behind",
                    left_behind,
                    "Left's square / Right's, one of . x o each (\"./.\")",
                )
            })?;
        let reach = match reach.trim() {
            "inf" => UNLIMITED,
            number => match number.parse::<u64>() {
                // A reach past every board's side is no limit.
                Ok(n) if n >= MAX_GEN_CLOBBER_SQUARES as u64 => UNLIMITED,
                Ok(n) if n >= 1 => n as u32,
                _ => return Err(invalid("the reach", reach, "a number ≥ 1 or inf")),
            },
        };
        let rules = Rules {
            name: GEN_CLOBBER_NAME,
            directions,
            clobbered: clobbered.map(|c| Stones::of(&c)),
            left_behind,
            reach,
        };
        if !rules.play_ends() {
            return Err(PartizanError::InvalidInput(
                "gen_clobber: with these rules play can go on for ever (a move may undo \
                 another's change of what stands on the board): its positions are not \
                 short games"
                    .to_string(),
            ));
        }
        Ok((INSTANCES.iter())
            .find(|i| {
                Rules {
                    name: GEN_CLOBBER_NAME,
                    ..***i
                } == rules
            })
            .map_or(rules, |i| **i))
    }

    /// The words `gen_clobber` reads these rules from.
    fn words(&self) -> [String; 4] {
        let pair = |l: String, r: String| format!("{l}/{r}");
        [
            self.directions.word().to_string(),
            pair(self.clobbered[0].written(), self.clobbered[1].written()),
            pair(
                self.left_behind[0].to_char().to_string(),
                self.left_behind[1].to_char().to_string(),
            ),
            match self.reach {
                UNLIMITED => "inf".to_string(),
                n => n.to_string(),
            },
        ]
    }
}

/// Left's and Right's parts of a word `left/right`.
fn pair(text: &str) -> Option<[&str; 2]> {
    text.split_once('/').map(|(l, r)| [l.trim(), r.trim()])
}

/// The `eval` name of the schema with its parameters.
const GEN_CLOBBER_NAME: &str = "gen_clobber";

/// The rules of an instance.
const fn instance(
    name: &'static str,
    directions: Directions,
    clobbered: [&[Stone]; 2],
    left_behind: [Stone; 2],
    reach: u32,
) -> Rules {
    Rules {
        name,
        directions,
        clobbered: [Stones::of(clobbered[0]), Stones::of(clobbered[1])],
        left_behind,
        reach,
    }
}

/// Clobber's targets: the opponent's stones.
const OPPONENTS: [&[Stone]; 2] = [&[Stone::White], &[Stone::Black]];
/// Nothing is left behind.
const EMPTIED: [Stone; 2] = [Stone::Empty, Stone::Empty];

/// AntiClobber: a stone steps onto an adjacent empty square, leaving a stone of the
/// opponent behind.
pub const ANTI_CLOBBER_RULES: Rules = instance(
    "anti_clobber",
    Directions::Orthogonal,
    [&[Stone::Empty], &[Stone::Empty]],
    [Stone::White, Stone::Black],
    1,
);

/// HotClobber: a stone clobbers an adjacent stone of either colour.
pub const HOT_CLOBBER_RULES: Rules = instance(
    "hot_clobber",
    Directions::Orthogonal,
    [&[Stone::Black, Stone::White], &[Stone::Black, Stone::White]],
    EMPTIED,
    1,
);

/// Kings: Clobber with the king's eight steps.
pub const KINGS_RULES: Rules = instance("kings", Directions::Compass, OPPONENTS, EMPTIED, 1);

/// Knights: Clobber with the knight's jumps.
pub const KNIGHTS_RULES: Rules = instance("knights", Directions::Knight, OPPONENTS, EMPTIED, 1);

/// Rooks: Clobber with the rook's moves, over empty squares.
pub const ROOKS_RULES: Rules = instance(
    "rooks",
    Directions::Orthogonal,
    OPPONENTS,
    EMPTIED,
    UNLIMITED,
);

/// Queens: Clobber with the queen's moves, over empty squares.
pub const QUEENS_RULES: Rules =
    instance("queens", Directions::Compass, OPPONENTS, EMPTIED, UNLIMITED);

/// The instances with names of their own, which `gen_clobber` positions of the same rules
/// are written as.
const INSTANCES: [&Rules; 6] = [
    &ANTI_CLOBBER_RULES,
    &HOT_CLOBBER_RULES,
    &KINGS_RULES,
    &KNIGHTS_RULES,
    &ROOKS_RULES,
    &QUEENS_RULES,
];

/// A board of one ruleset of the schema.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GenClobber {
    rules: Rules,
    board: Grid<Stone>,
}

impl std::fmt::Display for GenClobber {
    /// The board in the notation of the module documentation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.board.fmt(f)
    }
}

impl GenClobber {
    /// Reads a board of `rules` and checks the limits of its value.
    pub fn parse(rules: Rules, text: &str) -> Result<GenClobber, PartizanError> {
        let position = GenClobber::read_within(rules, text, MAX_GEN_CLOBBER_SQUARES)?;
        let board = &position.board;
        let count = |s: Stone| board.squares().iter().filter(|&&q| q == s).count();
        let stones = count(Stone::Black) + count(Stone::White);
        let (most_stones, most_empty) = if rules.name == GEN_CLOBBER_NAME {
            (MAX_GEN_CLOBBER_RULES_STONES, MAX_GEN_CLOBBER_RULES_EMPTY)
        } else {
            (MAX_GEN_CLOBBER_STONES, MAX_GEN_CLOBBER_EMPTY)
        };
        check_size(&format!("{}'s stones", rules.name), stones, most_stones)?;
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
                most_empty,
            )?;
        }
        Ok(position)
    }

    /// Reads a board of `rules` with only the limit on squares of a search for who wins
    /// ([`MAX_SEARCHED_SQUARES`]), far past its value's limits.
    pub fn read(rules: Rules, text: &str) -> Result<GenClobber, PartizanError> {
        GenClobber::read_within(rules, text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(rules: Rules, text: &str, squares: usize) -> Result<GenClobber, PartizanError> {
        let expected = "x (Left), o (Right), . (empty), # (off the board)";
        let board = Grid::parse(text, rules.name, expected, squares)?;
        Ok(GenClobber { rules, board })
    }

    /// Each move of `player`: the square moved from, the square moved onto, and the board
    /// after it. Along each direction a stone passes over empty squares up to its reach and
    /// stops at the first square that is not empty; it moves there if it may move onto it.
    fn moves(&self, player: Player) -> Vec<(usize, usize, GenClobber)> {
        let mover = player.either(Stone::Black, Stone::White);
        let (targets, behind) = self.rules.of(player);
        let board = &self.board;
        let mut moves = Vec::new();
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == mover) {
            for &step in self.rules.directions.steps() {
                let Some(mut to) = board.step(from, step) else {
                    continue;
                };
                // CGSuite's `ClobberablePoints`: pass empty squares up to the reach; a
                // stone that would pass the board's edge has no move that way.
                let (mut gone, mut off_the_edge) = (1, false);
                while gone < self.rules.reach && board.get(to) == Stone::Empty {
                    let Some(next) = board.step(to, step) else {
                        off_the_edge = true;
                        break;
                    };
                    (to, gone) = (next, gone + 1);
                }
                if !off_the_edge && targets.contains(board.get(to)) {
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
            }
        }
        moves
    }

    /// The squares connected to each other through `inside` squares by the ruleset's
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
                for &step in self.rules.directions.steps() {
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
        if self.rules.name != GEN_CLOBBER_NAME {
            return call(self.rules.name, &self.to_string());
        }
        let words = self.rules.words().map(|w| format!("\"{w}\", "));
        format!("{GEN_CLOBBER_NAME}({}\"{self}\")", words.concat())
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

/// The notation's words, in every instance's summary.
macro_rules! notation {
    () => {
        "rows split by |, x Left's stone, o Right's, . empty, # off the board"
    };
}

/// The `solve` command of an instance whose starting `ROWSxCOLUMNS` board is Clobber's
/// checkerboard.
const fn checkerboard_command(rules: &'static str, example: &'static str) -> Command {
    Command {
        rules,
        example,
        board_help: "Rows separated by |: x Left's stone, o Right's, . empty, # off the \
                     board ('xoxo|oxox'); or ROWSxCOLUMNS for the starting checkerboard, x in \
                     the top left corner (4x4).",
        rectangle: Some(Fill::Checkered('x', 'o')),
    }
}

/// The registry entry of an instance: its rules, names, title, rules in words, example,
/// `solve` command and the limits besides the board's and the stones'.
macro_rules! instance {
    ($rules:expr, $alias:literal, $title:literal, $summary:literal, $example:literal, $command:expr, [$($extra:expr),*]) => {
        Ruleset {
            name: $rules.name,
            aliases: &[$alias],
            title: $title,
            summary: concat!($summary, "; ", notation!()),
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
            values: short_position!(|t| GenClobber::parse($rules, t)),
            picture: None,
            board: Some(STONES_AND_FILLED),
            search: Some(searched_position!(
                |t| GenClobber::parse($rules, t),
                |t| GenClobber::read($rules, t),
                Some($command)
            )),
        }
    };
}

/// The limit on empty squares in a component, of the rules `$rules` (those whose stones
/// move onto or over empty squares).
macro_rules! empty_limit {
    ($rules:expr) => {
        Limit::new(
            "empty squares in a component",
            MAX_GEN_CLOBBER_EMPTY as u64,
            || {
                call(
                    $rules.name,
                    &format!("x{}o", ".".repeat(MAX_GEN_CLOBBER_EMPTY + 1)),
                )
            },
        )
    };
}

/// AntiClobber in the registry. Its full checkerboard has no move, so its `solve` board
/// starts with an empty middle row.
pub static ANTI_CLOBBER: Ruleset = instance!(
    ANTI_CLOBBER_RULES,
    "AntiClobber",
    "AntiClobber",
    "AntiClobber: a stone steps onto an adjacent empty square, leaving the other's stone",
    "anti_clobber(\"xoxo|oo..\")",
    Command {
        rules: "a stone steps onto an adjacent empty square and leaves a stone of the other \
                colour: Left x, Right o",
        example: "xoxo|....|oxox",
        board_help: "Rows separated by |: x Left's stone, o Right's, . empty, # off the board \
                     ('xoxo|....|oxox').",
        rectangle: None,
    },
    [empty_limit!(ANTI_CLOBBER_RULES)]
);

/// HotClobber in the registry (MCGS's Cannibal Clobber).
pub static HOT_CLOBBER: Ruleset = instance!(
    HOT_CLOBBER_RULES,
    "HotClobber",
    "HotClobber",
    "HotClobber: a stone clobbers an adjacent stone of either colour",
    "hot_clobber(\"xox|o.x\")",
    checkerboard_command(
        "a stone moves onto an adjacent stone of either colour: Left x, Right o",
        "xoxo|oxox"
    ),
    []
);

/// Kings in the registry.
pub static KINGS: Ruleset = instance!(
    KINGS_RULES,
    "Kings",
    "Kings",
    "Kings: Clobber with the king's eight steps",
    "kings(\"xox|ox.\")",
    checkerboard_command(
        "a stone moves one king's step onto a stone of the other colour: Left x, Right o",
        "xoxo|oxox"
    ),
    []
);

/// Knights in the registry.
pub static KNIGHTS: Ruleset = instance!(
    KNIGHTS_RULES,
    "Knights",
    "Knights",
    "Knights: Clobber with the knight's jumps",
    "knights(\"xo.|..o|x..\")",
    checkerboard_command(
        "a stone jumps as a knight onto a stone of the other colour: Left x, Right o",
        "xxoo|ooxx|xxoo"
    ),
    []
);

/// Rooks in the registry.
pub static ROOKS: Ruleset = instance!(
    ROOKS_RULES,
    "Rooks",
    "Rooks",
    "Rooks: Clobber with the rook's moves over empty squares",
    "rooks(\"xox|ox.\")",
    checkerboard_command(
        "a stone moves as a rook, over empty squares, onto a stone of the other colour: \
         Left x, Right o",
        "xoxo|oxox"
    ),
    [empty_limit!(ROOKS_RULES)]
);

/// Queens in the registry.
pub static QUEENS: Ruleset = instance!(
    QUEENS_RULES,
    "Queens",
    "Queens",
    "Queens: Clobber with the queen's moves over empty squares",
    "queens(\"xox|ox.\")",
    checkerboard_command(
        "a stone moves as a queen, over empty squares, onto a stone of the other colour: \
         Left x, Right o",
        "xoxo|oxox"
    ),
    [empty_limit!(QUEENS_RULES)]
);

/// The rules and the position of a `gen_clobber` call.
fn gen_clobber_position(args: &[Arg<'_>]) -> Result<GenClobber, PartizanError> {
    match args {
        [Arg::Word(directions), Arg::Word(clobbered), Arg::Word(behind), Arg::Word(reach), Arg::Position(text)] => {
            GenClobber::parse(Rules::read(directions, clobbered, behind, reach)?, text)
        }
        _ => Err(mismatch()),
    }
}

/// The schema with its parameters in the registry.
pub static GEN_CLOBBER: Ruleset = Ruleset {
    name: GEN_CLOBBER_NAME,
    aliases: &["GenClobber"],
    title: "GenClobber",
    summary: concat!(
        "Generalised Clobber: the directions (orthogonal, diagonal, compass, knight), what \
         Left / Right move onto (\"o/x\"; . x o), what each leaves behind (\"./.\"), how \
         far a stone goes over empty squares (1, 2, …, inf), the position; ",
        notation!()
    ),
    params: &[
        Param::new("directions", ParamKind::Word),
        Param::new("clobbered", ParamKind::Word),
        Param::new("left_behind", ParamKind::Word),
        Param::new("reach", ParamKind::Word),
        Param::new("xo.|ox.", ParamKind::Position),
    ],
    example: "gen_clobber(\"diagonal\", \"o/x\", \"./.\", \"1\", \"xoxo|oox.|xxx.\")",
    limits: &[
        Limit::new("squares", MAX_GEN_CLOBBER_SQUARES as u64, || {
            generic_call(&"#".repeat(MAX_GEN_CLOBBER_SQUARES + 1))
        }),
        Limit::new("stones", MAX_GEN_CLOBBER_RULES_STONES as u64, || {
            generic_call(&"xo#".repeat(MAX_GEN_CLOBBER_RULES_STONES / 2 + 1))
        }),
        Limit::new(
            "empty squares in a component",
            MAX_GEN_CLOBBER_RULES_EMPTY as u64,
            || {
                generic_call(&format!(
                    "x{}o",
                    ".".repeat(MAX_GEN_CLOBBER_RULES_EMPTY + 1)
                ))
            },
        ),
    ],
    values: Values::Short {
        value: |store, args| Ok(crate::value_of(store, &gen_clobber_position(args)?)),
        moves: |store, args| crate::moves_of_position(store, &gen_clobber_position(args)?),
        variant: |store, variant, args| {
            crate::variant::value_of(store, variant, &gen_clobber_position(args)?)
        },
    },
    picture: None,
    board: None,
    search: None,
};

/// A `gen_clobber` call of rules no instance has (stones that step onto empty squares or
/// the other's stones, leaving their own behind) on `position`: the calls just past its limits.
fn generic_call(position: &str) -> String {
    format!("{GEN_CLOBBER_NAME}(\"orthogonal\", \".o/.\", \"x/o\", \"1\", \"{position}\")")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, arb_grid, cgsuite_game};
    use conway_loopy::Loopy;
    use conway_partizan::Store;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// Plain Clobber as rules of the schema, to compare with the Clobber module.
    const CLOBBER_RULES: Rules = instance(
        GEN_CLOBBER_NAME,
        Directions::Orthogonal,
        OPPONENTS,
        EMPTIED,
        1,
    );

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
        let mut store = Store::new();
        let expected = cgsuite_game(&mut store, "{0,v*|vv}");
        let args = ["diagonal", "o/x", "./.", "1"].map(Arg::Word);
        let position = [&args[..], &[Arg::Position("xoxo|oox.|xxx.")]].concat();
        assert_eq!(
            GEN_CLOBBER.value(&mut store, &position),
            Ok(Loopy::Short(expected))
        );
    }

    /// Rules read from words are the instance's when an instance has them, and write back
    /// the words they were read from otherwise.
    #[test]
    fn words_name_the_instances_and_write_back() {
        let read = |words: [&str; 4]| Rules::read(words[0], words[1], words[2], words[3]);
        assert_eq!(read(["compass", "o/x", "./.", "1"]), Ok(KINGS_RULES));
        assert_eq!(
            read(["Orthogonal", " o / x ", "./.", "inf"]),
            Ok(ROOKS_RULES)
        );
        assert_eq!(read(["KnightsMove", "o/x", "./.", "1"]), Ok(KNIGHTS_RULES));
        assert_eq!(read(["compass", "o/x", "./.", "4096"]), Ok(QUEENS_RULES));
        assert_eq!(
            read(["orthogonal", "./.", "o/x", "1"]),
            Ok(ANTI_CLOBBER_RULES)
        );
        let rules = read(["diagonal", "xo/x", "./.", "3"]).expect("rules");
        assert_eq!(rules.name, GEN_CLOBBER_NAME);
        assert_eq!(
            rules.words(),
            ["diagonal", "xo/x", "./.", "3"].map(String::from)
        );
        let position = GenClobber::parse(rules, "x.o|oxx").expect("a board");
        assert_eq!(
            position.expression(),
            "gen_clobber(\"diagonal\", \"xo/x\", \"./.\", \"3\", \"x.o|oxx\")"
        );
        for (words, named) in [
            (["queen", "o/x", "./.", "1"], "directions"),
            (["compass", "ox", "./.", "1"], "moves onto"),
            (["compass", "o#/x", "./.", "1"], "moves onto"),
            (["compass", "o/x", "xo/.", "1"], "leaves behind"),
            (["compass", "o/x", "./.", "0"], "reach"),
            (["compass", "o/x", "./.", "-1"], "reach"),
            (["orthogonal", "./.", "./.", "1"], "for ever"),
            (["orthogonal", "o/x", "x/o", "1"], "for ever"),
            (["orthogonal", "x/.", "x/.", "1"], "for ever"),
        ] {
            let error = read(words).expect_err("refused").to_string();
            assert!(error.contains(named), "{words:?}: {error}");
        }
    }

    /// Every move of `player` by CGSuite's `GenClobber` rules read square by square, apart
    /// from the move generator: along each direction, the squares at distance 1, 2, … up
    /// to the reach; the first that is not empty (or the last, at the reach) is the target,
    /// a move when the player may move onto it.
    fn oracle_moves(rules: &Rules, text: &str, player: Player) -> BTreeSet<String> {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        let (height, width) = (rows.len() as isize, rows[0].len() as isize);
        let (me, onto, behind) = match player {
            Player::Left => ('x', rules.clobbered[0].written(), rules.left_behind[0]),
            Player::Right => ('o', rules.clobbered[1].written(), rules.left_behind[1]),
        };
        let reach = (rules.reach as isize).min(height.max(width) + 1);
        let steps: Vec<(isize, isize)> = match rules.directions {
            Directions::Orthogonal => vec![(0, 1), (0, -1), (1, 0), (-1, 0)],
            Directions::Diagonal => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
            Directions::Compass => (-1..=1)
                .flat_map(|r| (-1..=1).map(move |c| (r, c)))
                .filter(|&s| s != (0, 0))
                .collect(),
            Directions::Knight => (-2isize..=2)
                .flat_map(|r| (-2isize..=2).map(move |c| (r, c)))
                .filter(|(r, c)| r.abs() + c.abs() == 3)
                .collect(),
        };
        let at = |r: isize, c: isize| {
            (r >= 0 && c >= 0 && r < height && c < width).then(|| rows[r as usize][c as usize])
        };
        let mut found = BTreeSet::new();
        for r in 0..height {
            for c in 0..width {
                if rows[r as usize][c as usize] != me {
                    continue;
                }
                for &(dr, dc) in &steps {
                    let target = (1..=reach)
                        .map(|k| (k, at(r + k * dr, c + k * dc)))
                        .find(|&(k, square)| square != Some('.') || k == reach);
                    let Some((k, Some(square))) = target else {
                        continue;
                    };
                    if onto.contains(square) {
                        let mut after = rows.clone();
                        after[r as usize][c as usize] = behind.to_char();
                        after[(r + k * dr) as usize][(c + k * dc) as usize] = me;
                        let written: Vec<String> =
                            after.iter().map(|row| row.iter().collect()).collect();
                        found.insert(written.join("|"));
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

    /// Rules of the schema: any directions, targets, squares left behind and reach.
    fn arb_rules() -> impl Strategy<Value = Rules> {
        let directions = prop::sample::select(Directions::ALL.map(|(d, _)| d).to_vec());
        let stones = prop::sample::select(vec![Stone::Empty, Stone::Black, Stone::White]);
        let targets = (0u8..8).prop_map(|bits| Stones(bits & 0b111));
        let reach = prop::sample::select(vec![1, 2, 3, UNLIMITED]);
        (
            directions,
            [targets.clone(), targets],
            [stones.clone(), stones],
            reach,
        )
            .prop_map(|(directions, clobbered, left_behind, reach)| Rules {
                name: GEN_CLOBBER_NAME,
                directions,
                clobbered,
                left_behind,
                reach,
            })
            .prop_filter("play ends", Rules::play_ends)
    }

    fn any_rules() -> impl Strategy<Value = Rules> {
        prop_oneof![
            prop::sample::select(INSTANCES.map(|r| *r).to_vec()),
            arb_rules()
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn moves_agree_with_the_rules_read_square_by_square(text in arb_board(), rules in any_rules()) {
            let position = GenClobber::read(rules, &text).expect("a board");
            for player in Player::BOTH {
                let generated: BTreeSet<String> =
                    position.moves(player).iter().map(|(_, _, b)| b.to_string()).collect();
                prop_assert_eq!(&generated, &oracle_moves(&rules, &text, player), "{:?} {}", rules, player);
            }
        }

        #[test]
        fn components_keep_the_value(text in arb_board(), rules in any_rules()) {
            let position = GenClobber::read(rules, &text).expect("a board");
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()), "{:?}", rules);
        }

        #[test]
        fn clobber_as_rules_of_the_schema_is_clobber(text in arb_board()) {
            let plain = text.replace('#', ".");
            let mut store = Store::new();
            let board = GenClobber::read(CLOBBER_RULES, &plain).expect("a board");
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
        // A rook passes empty squares to the first stone, and a stone of reach 2 that may
        // move onto empty squares goes two squares, not one (CGSuite's `ClobberablePoints`).
        assert_eq!(
            moves(&ROOKS_RULES, "x..o"),
            ["...x"].map(String::from).into()
        );
        let two = Rules::read("orthogonal", "./.", "x/o", "2").expect("rules");
        assert_eq!(moves(&two, "x..."), ["x.x."].map(String::from).into());
        let mut store = Store::new();
        // Knights on a 2×2 board never meet: every stone is alone.
        assert_eq!(KNIGHTS.value_of_text(&mut store, "xo|ox"), Ok(store.zero()));
    }
}
