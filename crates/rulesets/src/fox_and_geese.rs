//! Fox and Geese (Winning Ways, ch. 20), a loopy game: Left's geese step diagonally down the
//! board like checkers, Right's fox steps diagonally any way like a checkers king, and the
//! fox can go back and forth for ever. The rules and conventions are CGSuite's
//! (`game.grid.GenFoxAndGeese`), so its values print here as there.
//!
//! Squares are (row, column), rows counted from 1 at the bottom, columns from 1 at the left;
//! pieces stand on the squares with row + column even. The board is `width` columns wide
//! (8 in the classic game) and unbounded above. A goose moves to the square diagonally below
//! it; the fox moves up to `range` squares (1; 2 in the Ceylonese variant) in one diagonal
//! direction, never over or onto a piece. Nobody captures. Once the fox stands level with
//! the highest goose or above it, or one step below with an empty square diagonally above
//! it, the geese can never trap it again, and the position is worth `off` (CGSuite's
//! decomposition rule); otherwise the player who cannot move loses.
//!
//! # Notation
//!
//! Either CGSuite's coordinates, the geese then the fox: `{(4,2),(4,4),(4,6),(4,8)}, (1,1)`
//! (square brackets may replace the braces), or a picture, rows top to bottom split by `|`,
//! `x` a goose, `o` the fox, `.` any other square, every row `width` long, the bottom row
//! being row 1: `".x.x.x.x|........|........|o......."` (as CGSuite prints a position).
//!
//! # Value
//!
//! No goose ever moves up, so infinite play is the fox's alone and every position is a
//! stopper; the positions with the geese in one place form the components of the game's
//! graph, valued from the lowest geese up ([`conway_loopy::ruleset`]). The classic start
//! `{(8,2),(8,4),(8,6),(8,8)}, (1,5)` is worth `2over`, 2 + 1/on (Winning Ways, 2nd ed.,
//! ch. 20).

use crate::grid::{Grid, Square};
use crate::loopy_position;
use crate::moves::{loopy_position_moves, Described, LoopyPositionMoves};
use crate::registry::{
    call, mismatch, Arg, Board, Limit, Param, ParamKind, Ruleset, Values, STONES,
};
use conway_loopy::ruleset::{LoopyEvaluator, LoopyRuleset};
use conway_loopy::{Graph, Loopy};
use conway_partizan::Player;
use conway_partizan::{PartizanError, Store};

/// The most squares of the board up to the highest goose (width × that row): a position
/// keeps its geese in a 128-bit set. The positions explored are bounded apart from this
/// ([`conway_loopy::ruleset::MAX_POSITIONS`]).
pub const MAX_SQUARES: usize = 128;

/// The classic board's width.
pub const CLASSIC_WIDTH: u32 = 8;

/// A position's rules: the board's width and how far the fox may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Columns of the board.
    pub width: u32,
    /// The most squares the fox moves in one direction.
    pub range: u32,
}

impl Rules {
    /// Fox and Geese as Winning Ways plays it.
    pub const CLASSIC: Rules = Rules {
        width: CLASSIC_WIDTH,
        range: 1,
    };
    /// The Ceylonese variant: the fox moves up to two squares.
    pub const CEYLONESE: Rules = Rules {
        width: CLASSIC_WIDTH,
        range: 2,
    };
}

/// A square, (row, column), both from 1.
pub type Coordinates = (u32, u32);

/// A Fox and Geese position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FoxAndGeese {
    rules: Rules,
    /// Bit (row − 1) · width + (column − 1) for each goose.
    geese: u128,
    fox: Coordinates,
}

impl std::fmt::Debug for FoxAndGeese {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FoxAndGeese({})", self.notation())
    }
}

/// The four diagonal directions.
const DIAGONALS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl FoxAndGeese {
    /// The position with these geese and fox, checked as CGSuite checks it (and the fox not
    /// on a goose).
    pub fn new(
        rules: Rules,
        geese: &[Coordinates],
        fox: Coordinates,
    ) -> Result<FoxAndGeese, PartizanError> {
        if rules.range == 0 {
            return Err(PartizanError::InvalidInput(
                "fox and geese: the fox's range must be >= 1".into(),
            ));
        }
        let valid = |(row, col): Coordinates| {
            row >= 1 && col >= 1 && col <= rules.width && (row ^ col) & 1 == 0
        };
        let coordinates_rule = format!(
            "(1 <= column <= {}; row >= 1; row + column even)",
            rules.width
        );
        if let Some(&goose) = geese.iter().find(|&&g| !valid(g)) {
            return Err(PartizanError::InvalidInput(format!(
                "fox and geese: the goose at {goose:?} is not on a playing square {coordinates_rule}"
            )));
        }
        if !valid(fox) {
            return Err(PartizanError::InvalidInput(format!(
                "fox and geese: the fox at {fox:?} is not on a playing square {coordinates_rule}"
            )));
        }
        let top = geese.iter().map(|g| g.0).max().ok_or_else(|| {
            PartizanError::InvalidInput("fox and geese: there must be at least one goose".into())
        })?;
        let squares = u64::from(top.max(fox.0)) * u64::from(rules.width);
        if squares > MAX_SQUARES as u64 {
            return Err(PartizanError::too_large(
                "fox and geese: the squares up to the highest piece (width × its row)",
                squares,
                MAX_SQUARES,
            ));
        }
        if geese.contains(&fox) {
            return Err(PartizanError::InvalidInput(format!(
                "fox and geese: the fox and a goose are both on {fox:?}"
            )));
        }
        let mut position = FoxAndGeese {
            rules,
            geese: 0,
            fox,
        };
        for &goose in geese {
            position.geese |= position.bit(goose);
        }
        Ok(position)
    }

    /// Reads either notation of the module documentation.
    pub fn parse(rules: Rules, text: &str) -> Result<FoxAndGeese, PartizanError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with(['{', '[']) {
            let (geese, fox) = parse_coordinates(text)?;
            FoxAndGeese::new(rules, &geese, fox)
        } else {
            parse_picture(rules, text)
        }
    }

    /// The rules the position is played by.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The fox's square.
    pub fn fox(&self) -> Coordinates {
        self.fox
    }

    /// The geese's squares, lowest row first, left to right.
    pub fn geese(&self) -> Vec<Coordinates> {
        (0..128)
            .filter(|&i| self.geese >> i & 1 == 1)
            .map(|i: u32| (i / self.rules.width + 1, i % self.rules.width + 1))
            .collect()
    }

    fn bit(&self, (row, col): Coordinates) -> u128 {
        1u128 << ((row - 1) * self.rules.width + (col - 1))
    }

    fn has_goose(&self, square: Coordinates) -> bool {
        // Squares above the highest goose hold none (and lie past the 128 bits).
        square.0 <= self.top() && self.geese & self.bit(square) != 0
    }

    /// The highest goose's row.
    fn top(&self) -> u32 {
        let highest = 127 - self.geese.leading_zeros();
        highest / self.rules.width + 1
    }

    /// The square `steps` squares from `from` in direction `dir`, if on the board.
    fn step(&self, from: Coordinates, dir: (i64, i64), steps: i64) -> Option<Coordinates> {
        let row = i64::from(from.0) + dir.0 * steps;
        let col = i64::from(from.1) + dir.1 * steps;
        if col > i64::from(self.rules.width) {
            return None;
        }
        Some((u32::try_from(row).ok()?, u32::try_from(col).ok()?))
            .filter(|&(row, col)| row >= 1 && col >= 1)
    }

    /// Whether the fox can no longer be trapped (see the module doc).
    pub fn fox_escaped(&self) -> bool {
        let top = self.top();
        let (row, col) = self.fox;
        row >= top
            || row + 1 == top
                && (col > 1 && !self.has_goose((row + 1, col - 1))
                    || col < self.rules.width && !self.has_goose((row + 1, col + 1)))
    }

    /// Each goose move: the goose's square, where it goes, and the position after.
    pub fn goose_moves(&self) -> Vec<(Coordinates, Coordinates, FoxAndGeese)> {
        let mut moves = Vec::new();
        for goose in self.geese() {
            for dir in [(-1, -1), (-1, 1)] {
                if let Some(to) = self.step(goose, dir, 1) {
                    if to != self.fox && !self.has_goose(to) {
                        let mut after = *self;
                        after.geese = after.geese & !self.bit(goose) | self.bit(to);
                        moves.push((goose, to, after));
                    }
                }
            }
        }
        moves
    }

    /// Each fox move: where it goes, and the position after. A long move up stops at the
    /// highest goose's row: every square from there up is worth `off` alike, and the fox's
    /// range may be in the billions.
    pub fn fox_moves(&self) -> Vec<(Coordinates, FoxAndGeese)> {
        let mut moves = Vec::new();
        for dir in DIAGONALS {
            for steps in 1..=i64::from(self.rules.range) {
                match self.step(self.fox, dir, steps) {
                    Some(to) if !self.has_goose(to) => {
                        moves.push((to, FoxAndGeese { fox: to, ..*self }));
                        if to.0 >= self.top() {
                            break;
                        }
                    }
                    _ => break,
                }
            }
        }
        moves
    }

    /// The position as a picture (see the module doc), as CGSuite prints it.
    pub fn notation(&self) -> String {
        let rows = self.top().max(self.fox.0);
        (1..=rows)
            .rev()
            .map(|row| {
                (1..=self.rules.width)
                    .map(|col| {
                        if self.fox == (row, col) {
                            'o'
                        } else if self.has_goose((row, col)) {
                            'x'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(&crate::grid::ROW_SEPARATOR.to_string())
    }
}

impl Described for FoxAndGeese {
    fn expression(&self) -> String {
        let picture = self.notation();
        match self.rules {
            Rules::CLASSIC => format!("{}(\"{picture}\")", FOX_AND_GEESE.name),
            Rules::CEYLONESE => format!("{}(\"{picture}\")", CEYLONESE_FOX_AND_GEESE.name),
            Rules { width, range } => format!(
                "{}({width}, {range}, \"{picture}\")",
                GEN_FOX_AND_GEESE.name
            ),
        }
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let left = player.is_left();
        let square = |(row, col): Coordinates| format!("({row},{col})");
        if left {
            self.goose_moves()
                .into_iter()
                .map(|(from, to, after)| {
                    let (from, to) = (square(from), square(to));
                    (format!("Left moves the goose on {from} to {to}"), after)
                })
                .collect()
        } else {
            let from = square(self.fox);
            self.fox_moves()
                .into_iter()
                .map(|(to, after)| {
                    let to = square(to);
                    (format!("Right moves the fox from {from} to {to}"), after)
                })
                .collect()
        }
    }
}

impl crate::Position for FoxAndGeese {
    fn left_moves(&self) -> Vec<Self> {
        self.goose_moves().into_iter().map(|(_, _, p)| p).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.fox_moves().into_iter().map(|(_, p)| p).collect()
    }
}

impl LoopyRuleset for FoxAndGeese {
    fn known_value(&self) -> Option<Loopy> {
        self.fox_escaped().then(|| Loopy::Stopper(Graph::off()))
    }
}

/// A square of the picture notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Piece {
    Empty,
    Goose,
    Fox,
}

impl Square for Piece {
    fn from_char(c: char) -> Option<Piece> {
        match c {
            '.' => Some(Piece::Empty),
            'x' => Some(Piece::Goose),
            'o' => Some(Piece::Fox),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Piece::Empty => '.',
            Piece::Goose => 'x',
            Piece::Fox => 'o',
        }
    }
}

fn parse_picture(rules: Rules, text: &str) -> Result<FoxAndGeese, PartizanError> {
    const NAME: &str = "fox and geese";
    // Rows above the highest goose only place the fox: allow a little room for them.
    let grid: Grid<Piece> =
        Grid::parse(text, NAME, "x (goose), o (fox), . (empty)", 4 * MAX_SQUARES)?;
    if grid.cols() as u64 != u64::from(rules.width) {
        return Err(PartizanError::InvalidInput(format!(
            "{NAME}: the rows are {} squares wide but the board is {} wide",
            grid.cols(),
            rules.width
        )));
    }
    let rows = grid.rows() as u32;
    let (mut geese, mut foxes) = (Vec::new(), Vec::new());
    for (i, &piece) in grid.squares().iter().enumerate() {
        let square = (
            rows - (i / grid.cols()) as u32,
            (i % grid.cols()) as u32 + 1,
        );
        match piece {
            Piece::Goose => geese.push(square),
            Piece::Fox => foxes.push(square),
            Piece::Empty => {}
        }
    }
    match foxes[..] {
        [fox] => FoxAndGeese::new(rules, &geese, fox),
        _ => Err(PartizanError::InvalidInput(format!(
            "{NAME}: the picture must hold exactly one fox (o), not {}",
            foxes.len()
        ))),
    }
}

/// Reads `{(r,c),…}, (r,c)`: the geese, then the fox.
fn parse_coordinates(text: &str) -> Result<(Vec<Coordinates>, Coordinates), PartizanError> {
    let mut reader = Reader { text, at: 0 };
    let close = match reader.next_symbol() {
        Some((_, '{')) => '}',
        Some((_, '[')) => ']',
        _ => unreachable!("called on text opening with a brace or bracket"),
    };
    let mut geese = Vec::new();
    if !reader.eat(close) {
        loop {
            geese.push(reader.pair()?);
            if reader.eat(close) {
                break;
            }
            reader.expect(',')?;
        }
    }
    reader.expect(',')?;
    let fox = reader.pair()?;
    if let Some((column, c)) = reader.next_symbol() {
        return Err(reader.error(column, &format!("unexpected {c:?} after the fox's square")));
    }
    Ok((geese, fox))
}

/// A cursor over the coordinates notation, skipping spaces.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, column: usize, message: &str) -> PartizanError {
        PartizanError::parse(
            column,
            format!("fox and geese: {message}; expected {{(row,column),…}}, (row,column)"),
        )
    }

    /// The next character that is not a space, with its column (from 1).
    fn next_symbol(&mut self) -> Option<(usize, char)> {
        while let Some(c) = self.text[self.at..].chars().next() {
            let column = self.text[..self.at].chars().count() + 1;
            self.at += c.len_utf8();
            if !c.is_whitespace() {
                return Some((column, c));
            }
        }
        None
    }

    fn peek(&mut self) -> Option<char> {
        self.text[self.at..].chars().find(|c| !c.is_whitespace())
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.next_symbol();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, want: char) -> Result<(), PartizanError> {
        match self.next_symbol() {
            Some((_, c)) if c == want => Ok(()),
            Some((column, c)) => Err(self.error(column, &format!("unexpected {c:?}"))),
            None => Err(self.ended()),
        }
    }

    fn pair(&mut self) -> Result<Coordinates, PartizanError> {
        self.expect('(')?;
        let row = self.number()?;
        self.expect(',')?;
        let col = self.number()?;
        self.expect(')')?;
        Ok((row, col))
    }

    fn number(&mut self) -> Result<u32, PartizanError> {
        let rest = self.text[self.at..].trim_start();
        self.at = self.text.len() - rest.len();
        let column = self.text[..self.at].chars().count() + 1;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            return match self.next_symbol() {
                Some((column, c)) => Err(self.error(column, &format!("unexpected {c:?}"))),
                None => Err(self.ended()),
            };
        }
        self.at += digits.len();
        digits
            .parse::<u32>()
            .map_err(|_| self.error(column, &format!("the number {digits} is too large")))
    }

    fn ended(&self) -> PartizanError {
        self.error(self.text.chars().count() + 1, "the text ends early")
    }
}

/// The value of a Fox and Geese position in either notation.
pub fn fox_and_geese_value(
    store: &mut Store,
    rules: Rules,
    text: &str,
) -> Result<Loopy, PartizanError> {
    let position = FoxAndGeese::parse(rules, text)?;
    LoopyEvaluator::new().value(store, &position)
}

/// The value of a Fox and Geese position and every move of each player, with who wins after
/// it.
pub fn fox_and_geese_moves(
    store: &mut Store,
    rules: Rules,
    text: &str,
) -> Result<LoopyPositionMoves, PartizanError> {
    loopy_position_moves(store, &FoxAndGeese::parse(rules, text)?)
}

/// Geese (`x`, Left's) and the fox (`o`, Right's) on the dark squares of a checkerboard.
const BOARD: Board = STONES.checkered();

/// Geese on the top row and the fox on the bottom one of a board of 8 columns, one row
/// taller than [`MAX_SQUARES`] allows.
fn tall_board() -> String {
    let rows = MAX_SQUARES / 8 + 1;
    let middle = vec!["........"; rows - 2].join("|");
    format!("x.x.x.x.|{middle}|o.......")
}

/// Fox and Geese in the registry.
pub static FOX_AND_GEESE: Ruleset = Ruleset {
    name: "fox_and_geese",
    aliases: &["FoxAndGeese"],
    title: "Fox and Geese",
    summary: "Fox and Geese (loopy), 8 wide: \"{(row,col),…}, (row,col)\" (geese, fox) or rows \
              split by |, x geese, o fox",
    params: &[Param::new("position", ParamKind::Position)],
    example: "fox_and_geese(\"x.x.x.x.|...o....|........\")",
    limits: &[Limit::new(
        "squares up to the highest piece",
        MAX_SQUARES as u64,
        || call(FOX_AND_GEESE.name, &tall_board()),
    )],
    values: loopy_position!(|t| FoxAndGeese::parse(Rules::CLASSIC, t)),
    picture: None,
    board: Some(BOARD),
    search: None,
};

/// Fox and Geese with the Ceylonese fox in the registry.
pub static CEYLONESE_FOX_AND_GEESE: Ruleset = Ruleset {
    name: "ceylonese_fox_and_geese",
    aliases: &["CeyloneseFoxAndGeese"],
    title: "Ceylonese Fox and Geese",
    summary: "Fox and Geese with a fox that moves up to two squares",
    params: &[Param::new("position", ParamKind::Position)],
    example: "ceylonese_fox_and_geese(\"x.x.x.x.|...o....|........\")",
    limits: &[Limit::new(
        "squares up to the highest piece",
        MAX_SQUARES as u64,
        || call(CEYLONESE_FOX_AND_GEESE.name, &tall_board()),
    )],
    values: loopy_position!(|t| FoxAndGeese::parse(Rules::CEYLONESE, t)),
    picture: None,
    board: Some(BOARD),
    search: None,
};

/// Fox and Geese of any width and fox's range (CGSuite's `GenFoxAndGeese`) in the registry.
pub static GEN_FOX_AND_GEESE: Ruleset = Ruleset {
    name: "gen_fox_and_geese",
    aliases: &["GenFoxAndGeese"],
    title: "Fox and Geese (any board)",
    summary: "Fox and Geese on a board `width` wide, the fox moving up to `range` squares",
    params: &[
        Param::new("width", ParamKind::Natural),
        Param::new("range", ParamKind::Natural),
        Param::new("position", ParamKind::Position),
    ],
    example: "gen_fox_and_geese(10, 1, \"x.x.x.x.x.|..........|........o.\")",
    limits: &[Limit::new(
        "squares up to the highest piece",
        MAX_SQUARES as u64,
        || format!("{}(8, 1, \"{}\")", GEN_FOX_AND_GEESE.name, tall_board()),
    )],
    values: Values::Loopy {
        value: |store, args| {
            let (rules, text) = generic_position(args)?;
            LoopyEvaluator::new().value(store, &FoxAndGeese::parse(rules, text)?)
        },
        moves: |store, args| {
            let (rules, text) = generic_position(args)?;
            loopy_position_moves(store, &FoxAndGeese::parse(rules, text)?)
        },
    },
    picture: None,
    board: None,
    search: None,
};

/// The rules and position of [`GEN_FOX_AND_GEESE`]'s arguments.
fn generic_position<'a>(args: &[Arg<'a>]) -> Result<(Rules, &'a str), PartizanError> {
    match args {
        [Arg::Natural(width), Arg::Natural(range), Arg::Position(text)] => {
            let limit = |n: u64, what: &str| {
                u32::try_from(n).map_err(|_| PartizanError::too_large(what, n, u32::MAX))
            };
            let rules = Rules {
                width: limit(*width, "gen_fox_and_geese: the width")?,
                range: limit(*range, "gen_fox_and_geese: the fox's range")?,
            };
            Ok((rules, text))
        }
        _ => Err(mismatch()),
    }
}

/// CGSuite's `ValuesTable`: for geese placed as given, the value with the fox on each
/// playing square from the highest goose's row down to row 1, left to right; `None` where a
/// goose stands or the square is not a playing one.
pub fn values_table(
    store: &mut Store,
    rules: Rules,
    geese: &[Coordinates],
) -> Result<Vec<Vec<Option<Loopy>>>, PartizanError> {
    let top = geese.iter().map(|g| g.0).max().unwrap_or(0);
    let mut evaluator = LoopyEvaluator::new();
    let mut table = Vec::new();
    for row in (1..=top).rev() {
        let mut cells = Vec::new();
        for col in 1..=rules.width {
            cells.push(if (row + col) % 2 == 1 || geese.contains(&(row, col)) {
                None
            } else {
                let position = FoxAndGeese::new(rules, geese, (row, col))?;
                Some(evaluator.value(store, &position)?)
            });
        }
        table.push(cells);
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_loopy::print::loopy_text;

    fn value_text(rules: Rules, text: &str) -> String {
        let mut store = Store::new();
        let value = fox_and_geese_value(&mut store, rules, text).unwrap();
        loopy_text(&value, &mut store).unwrap()
    }

    /// CGSuite's test expectations (`GameGridTest`, "define FoxAndGeese properly").
    #[test]
    fn cgsuite_values() {
        let cases = [
            (
                Rules::CLASSIC,
                "{(4,2),(4,4),(4,6),(4,8)}, (1,1)",
                "{4*|7/2}",
            ),
            (
                Rules::CEYLONESE,
                "{(4,2),(4,4),(4,6),(4,8)}, (1,1)",
                "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}",
            ),
            (
                Rules {
                    width: 10,
                    range: 1,
                },
                "{(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9)",
                "{6over|5*}",
            ),
        ];
        for (rules, position, expected) in cases {
            assert_eq!(value_text(rules, position), expected, "{position}");
        }
    }

    /// CGSuite's `FoxAndGeese.ValuesTable({(3,1),(3,3),(3,5),(3,7)})`, its test expectation.
    #[test]
    fn cgsuite_values_table() {
        let mut store = Store::new();
        let geese = [(3, 1), (3, 3), (3, 5), (3, 7)];
        let table = values_table(&mut store, Rules::CLASSIC, &geese).unwrap();
        let texts: Vec<Vec<String>> = table
            .iter()
            .map(|row| {
                row.iter()
                    .filter_map(|cell| cell.as_ref())
                    .map(|v| loopy_text(v, &mut store).unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(texts[0], Vec::<String>::new());
        assert_eq!(texts[1], ["2over", "2", "3*", "4over"]);
        assert_eq!(
            texts[2],
            ["{6|2over}", "{2over|2}", "{4|3||2}", "{4over|3*}"]
        );
    }

    #[test]
    fn both_notations_read_the_same_position() {
        let picture =
            FoxAndGeese::parse(Rules::CLASSIC, ".x.x.x.x|........|........|o.......").unwrap();
        let coordinates =
            FoxAndGeese::parse(Rules::CLASSIC, "[(4,2),(4,4),(4,6),(4,8)], (1,1)").unwrap();
        assert_eq!(picture, coordinates);
        assert_eq!(picture.notation(), ".x.x.x.x|........|........|o.......");
    }

    /// CGSuite's validation messages, in substance (`GameGridTest`).
    #[test]
    fn invalid_positions_are_located_errors() {
        let error = |rules, text| FoxAndGeese::parse(rules, text).unwrap_err().to_string();
        assert!(error(Rules::CLASSIC, "{(3,1),(3,3),(3,5),(3,7)}, (1,6)").contains("fox"));
        assert!(error(Rules::CLASSIC, "{(3,1),(3,3),(2,5),(3,7)}, (1,1)").contains("(2, 5)"));
        assert!(error(Rules { width: 8, range: 0 }, "{(3,1)}, (1,1)").contains("range"));
        assert!(error(Rules::CLASSIC, "{(3,1)}, (1,1) x").contains("'x'"));
        assert!(error(Rules::CLASSIC, "{(3,1), (1,1)").contains("ends early"));
        assert!(error(Rules::CLASSIC, "{}, (1,1)").contains("at least one goose"));
        assert!(error(Rules::CLASSIC, "{(3,1)}, (3,1)").contains("both"));
        assert!(error(Rules::CLASSIC, "{(99999999999,1)}, (1,1)").contains("too large"));
        assert!(error(Rules::CLASSIC, "{(17,1)}, (1,1)").contains("128"));
        assert!(error(Rules::CLASSIC, "x.x.|o...").contains("wide"));
        assert!(error(Rules::CLASSIC, "x.x.x.x.|........").contains("one fox"));
    }
}
