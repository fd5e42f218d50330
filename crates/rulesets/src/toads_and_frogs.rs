//! Toads and Frogs (Winning Ways, ch. 1) on a 1×n strip.
//!
//! Notation: one character per square, left to right: `t` a toad (Left's, moving right), `f`
//! a frog (Right's, moving left), `.` an empty square; e.g. `"tt..ff"`. A creature moves one
//! square forward into an empty square, or jumps forward over exactly one creature of the other
//! kind into the empty square just beyond it.
//!
//! # Components
//!
//! A square is *frozen* when its creature can never move again. To the rest of the strip a
//! frozen square is as good as the end of the board: it stays occupied, and a creature next
//! to it could only jump it if it is of the other kind and the square beyond is empty, which
//! the patterns below rule out. So the strip splits at frozen squares into independent parts,
//! and the frozen squares are dropped. The patterns, with the board's ends counting as frozen:
//!
//! - frogs at the left end (a run `ff…` touching the end or frozen squares): a frog cannot step
//!   onto a frog or jump one, and there is nothing to its left to jump into;
//! - toads at the right end, by symmetry;
//! - a toad at the left end followed by two frogs (`tff`): the toad cannot step onto or jump
//!   the first frog (the square beyond is a frog), and that frog would have to jump the toad
//!   into the end; dually `ttf` at the right end;
//! - `ttff` anywhere: neither toad can step, the inner one cannot jump (beyond the frog is a
//!   frog), the outer one would jump its own kind; dually for the frogs.
//!
//! Rules are applied until none applies; a part in which nobody can move is worth 0 and
//! dropped.

use crate::moves::Described;
use crate::registry::{
    call, square, Board, Command, Limit, Param, ParamKind, Piece, Ruleset, EMPTY,
};
use crate::{check_size, PartizanGame, Position};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// Longest strip accepted. The slowest 16-square strips we tried, such as `ttt.t.t..f.f.fff`
/// and `ttttt......fffff`, take about 10 s in a release build (15 squares: under 3 s; 14:
/// under 1 s); memory stays small (tens of thousands of canonical forms).
pub const MAX_STRIP_LEN: usize = 16;

/// Longest strip a search of who wins accepts (a bound on one position's size; the search's
/// own budget bounds its work).
pub const MAX_SEARCHED_STRIP_LEN: usize = 256;

/// The content of one square.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Square {
    /// `.`
    Empty,
    /// `t`, Left's creature, moving right.
    Toad,
    /// `f`, Right's creature, moving left.
    Frog,
}

impl std::hash::Hash for Square {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(*self as u8);
    }

    /// A strip is hashed two bits a square, 32 squares a word: the searches hash strips at
    /// every position, and square by square that was a fifth of their time.
    fn hash_slice<H: std::hash::Hasher>(strip: &[Square], state: &mut H) {
        for chunk in strip.chunks(32) {
            let word = chunk
                .iter()
                .fold(0u64, |word, &square| word << 2 | square as u64);
            state.write_u64(word);
        }
    }
}

impl Square {
    pub(crate) fn letter(self) -> char {
        match self {
            Square::Empty => '.',
            Square::Toad => 't',
            Square::Frog => 'f',
        }
    }
}

/// A Toads and Frogs strip.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogs {
    squares: Vec<Square>,
}

impl std::fmt::Debug for ToadsAndFrogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ToadsAndFrogs({:?})", self.notation())
    }
}

impl ToadsAndFrogs {
    /// The strip with these squares, left to right.
    pub fn new(squares: Vec<Square>) -> ToadsAndFrogs {
        ToadsAndFrogs { squares }
    }

    /// Reads the notation (see the module documentation).
    pub fn parse(text: &str) -> Result<ToadsAndFrogs, PartizanError> {
        Ok(ToadsAndFrogs {
            squares: parse_strip("toads_and_frogs", text, MAX_STRIP_LEN)?,
        })
    }

    /// Reads a strip of up to [`MAX_SEARCHED_STRIP_LEN`] squares (for a search of who wins).
    pub fn read(text: &str) -> Result<ToadsAndFrogs, PartizanError> {
        Ok(ToadsAndFrogs {
            squares: parse_strip("toads_and_frogs", text, MAX_SEARCHED_STRIP_LEN)?,
        })
    }

    /// The squares, left to right.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Moves for the toads (Left) or the frogs (Right), as `player` asks.
    fn moves(&self, player: Player) -> Vec<ToadsAndFrogs> {
        self.hops(player).into_iter().map(|(_, _, s)| s).collect()
    }

    /// Each move of the toads (Left) or the frogs (Right), as `player` asks: the square moved from, the square moved
    /// to (two away for a jump), and the strip after it.
    fn hops(&self, player: Player) -> Vec<(usize, usize, ToadsAndFrogs)> {
        let left = player.is_left();
        let (mover, opponent) =
            player.either((Square::Toad, Square::Frog), (Square::Frog, Square::Toad));
        let n = self.squares.len();
        // The square `steps` squares ahead of `from`, if it is on the board.
        let ahead = |from: usize, steps: usize| {
            if left {
                from.checked_add(steps).filter(|&i| i < n)
            } else {
                from.checked_sub(steps)
            }
        };
        let mut moves = Vec::new();
        for from in (0..n).filter(|&i| self.squares[i] == mover) {
            let one = ahead(from, 1).map(|i| (i, self.squares[i]));
            let two = ahead(from, 2).map(|i| (i, self.squares[i]));
            let to = match (one, two) {
                (Some((i, Square::Empty)), _) => Some(i),
                (Some((_, s)), Some((j, Square::Empty))) if s == opponent => Some(j),
                _ => None,
            };
            if let Some(to) = to {
                let mut squares = self.squares.clone();
                squares.swap(from, to);
                moves.push((from, to, ToadsAndFrogs { squares }));
            }
        }
        moves
    }
}

/// Reads a strip of `t`, `f` and `.` for the ruleset `name`, of at most `limit` squares.
pub(crate) fn parse_strip(
    name: &str,
    text: &str,
    limit: usize,
) -> Result<Vec<Square>, PartizanError> {
    check_size(&format!("{name} strip"), text.chars().count(), limit)?;
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            't' => Ok(Square::Toad),
            'f' => Ok(Square::Frog),
            '.' => Ok(Square::Empty),
            _ => Err(PartizanError::parse(
                i + 1,
                format!("{name}: unexpected {c:?}; expected t (toad), f (frog) or . (empty)"),
            )),
        })
        .collect()
}

/// Drops frozen squares at the ends of a part until none is left (see the module docs).
fn trim_frozen(mut part: &[Square]) -> &[Square] {
    use Square::{Frog, Toad};
    loop {
        let before = part.len();
        while let [Frog, rest @ ..] = part {
            part = rest;
        }
        while let [rest @ .., Toad] = part {
            part = rest;
        }
        if let [Toad, Frog, Frog, ..] = part {
            part = &part[1..];
        }
        if let [.., Toad, Toad, Frog] = part {
            part = &part[..part.len() - 1];
        }
        if part.len() == before {
            return part;
        }
    }
}

impl crate::Position for ToadsAndFrogs {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl PartizanGame for ToadsAndFrogs {
    fn components(&self) -> Vec<Self> {
        use Square::{Frog, Toad};
        let mut parts = Vec::new();
        let mut start = 0;
        for i in 0..self.squares.len().saturating_sub(3) {
            if self.squares[i..i + 4] == [Toad, Toad, Frog, Frog] {
                parts.push(&self.squares[start..i + 2]);
                start = i + 2;
            }
        }
        parts.push(&self.squares[start..]);
        parts
            .into_iter()
            .map(|part| ToadsAndFrogs {
                squares: trim_frozen(part).to_vec(),
            })
            .filter(|part| !part.left_moves().is_empty() || !part.right_moves().is_empty())
            .collect()
    }
}

/// A strip of toads (Left's) and frogs (Right's), for this ruleset and its variants.
pub const STRIP: Board =
    Board::of(&[EMPTY, square('t', Piece::Left), square('f', Piece::Right)]).strip();

/// Toads and Frogs in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "toads_and_frogs",
    aliases: &["ToadsAndFrogs"],
    title: "Toads and Frogs",
    summary: "Toads and Frogs; t toad, f frog, . empty",
    params: &[Param::new("tt..ff", ParamKind::Position)],
    example: "toads_and_frogs(\"t.tf.f\")",
    limits: &[Limit::new("squares", MAX_STRIP_LEN as u64, || {
        call(
            RULESET.name,
            &format!("t{}f", ".".repeat(MAX_STRIP_LEN - 1)),
        )
    })],
    values: short_position!(ToadsAndFrogs::parse),
    picture: None,
    board: Some(STRIP),
    search: Some(searched_position!(
        ToadsAndFrogs::parse,
        ToadsAndFrogs::read,
        Some(Command {
            rules: "toads t move right, frogs f left, one square or a jump over one of the \
                    other kind",
            example: "ttt....fff",
            board_help: "The strip, left to right: t toad (Left), f frog (Right), . empty \
                         ('tt..ff'), at most 256 squares.",
            rectangle: None,
        })
    )),
};

impl ToadsAndFrogs {
    /// The strip in the notation of the module documentation.
    pub fn notation(&self) -> String {
        self.squares.iter().map(|s| s.letter()).collect()
    }
}

impl Described for ToadsAndFrogs {
    fn expression(&self) -> String {
        format!("toads_and_frogs(\"{}\")", self.notation())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, ToadsAndFrogs)> {
        let creature = player.either("toad", "frog");
        self.hops(player)
            .into_iter()
            .map(|(from, to, after)| {
                let how = if from.abs_diff(to) == 2 {
                    format!(
                        "jumps over the {} on square {}",
                        player.either("frog", "toad"),
                        (from + to) / 2 + 1
                    )
                } else {
                    "slides".to_string()
                };
                let text = format!(
                    "{} moves the {creature} on square {}: it {how} to square {}",
                    player.name(),
                    from + 1,
                    to + 1
                );
                (text, after)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, cgsuite_game};
    use crate::Evaluator;
    use conway_partizan::print::canonical_text;
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        let mut store = Store::new();
        match RULESET.value_of_text(&mut store, text) {
            Ok(id) => canonical_text(&mut store, id),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn strip(text: &str) -> ToadsAndFrogs {
        ToadsAndFrogs::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn component_texts(text: &str) -> Vec<String> {
        strip(text)
            .components()
            .iter()
            .map(|c| c.squares().iter().map(|s| s.letter()).collect())
            .collect()
    }

    #[test]
    fn small_values_by_hand() {
        // A lone creature moves once per empty square ahead of it.
        assert_eq!(value_text("t."), "1");
        assert_eq!(value_text("t.."), "2");
        assert_eq!(value_text(".f"), "-1");
        assert_eq!(value_text("tf"), "0");
        // By hand: from "t.f" Left reaches ".tf" = {|ft.} = {|1} = 0 and Right "tf." =
        // {.ft|} = {-1|} = 0, so "t.f" = {0|0} = *.
        assert_eq!(value_text("t.f"), "*");
        // "tf." = {.ft | } where ".ft" = {| f.t} = {|0} = −1: so {−1 |} = 0.
        assert_eq!(value_text("tf."), "0");
        for text in ["t.", ".f", "t.f", "tf."] {
            assert_eq!(agrees_with_textbook(&strip(text)), Ok(()));
        }
    }

    #[test]
    fn values_checked_by_the_textbook_oracle() {
        // Not from a publication: computed here and confirmed by the oracle, which shares
        // nothing with the evaluator but the rules. A strip that is its own mirror image with
        // toads and frogs swapped (tt.ff, tt..ff, t.tf.f) equals its own negative, as * does.
        for (text, value) in [
            ("tt.ff", "*"),
            ("tt..ff", "*"),
            ("ttt.ff", "*"),
            ("t.tf.f", "*"),
            ("t..f", "0"),
            ("tt..f", "1"),
            ("t.t.f", "1*"),
            ("tt.f", "{1/2|0}"),
            ("t.ff", "{0|-1/2}"),
            ("ttt..ff", "{1/2|0}"),
        ] {
            assert_eq!(value_text(text), value, "{text}");
            assert_eq!(agrees_with_textbook(&strip(text)), Ok(()));
        }
    }

    #[test]
    fn cgsuite_regression() {
        // CGSuite's test suite (CgscriptTest, "game.strip should define Toads and Frogs
        // properly") gives this canonical form; v<2> is CGSuite's −{0|v*}.
        let published = "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}\
                         |||v<2>|-1/2||-1*}|||0}}";
        let mut store = Store::new();
        let expected = cgsuite_game(&mut store, &published.replace(' ', ""));
        let value = RULESET.value_of_text(&mut store, "ttttt..fffff");
        assert_eq!(value, Ok(expected));
    }

    #[test]
    fn frozen_squares_split_the_strip() {
        assert_eq!(component_texts("t.ttff.f"), vec!["t.", ".f"]);
        assert_eq!(component_texts("fft.f"), vec!["t.f"]);
        assert_eq!(component_texts("tff.t.f"), vec![".t.f"]);
        assert_eq!(component_texts("t.ftt"), vec!["t.f"]);
        assert_eq!(component_texts("t.fttf"), vec!["t.f"]);
        assert_eq!(component_texts("tttfff"), Vec::<String>::new());
        // "tf" blocks are not frozen: ".tf" lets the frog jump.
        assert_eq!(component_texts(".tf"), vec![".tf"]);
    }

    #[test]
    fn bad_input_is_refused_with_its_column() {
        let mut store = Store::new();
        match RULESET.value_of_text(&mut store, "tt.xf") {
            Err(PartizanError::Parse { column, message }) => {
                assert_eq!(column, 4, "{message}");
                assert!(message.contains("unexpected 'x'"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            RULESET.value_of_text(&mut store, &".".repeat(MAX_STRIP_LEN + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    fn arb_strip(max_len: usize) -> impl Strategy<Value = ToadsAndFrogs> {
        let square = prop::sample::select(vec![Square::Empty, Square::Toad, Square::Frog]);
        prop::collection::vec(square, 0..=max_len).prop_map(ToadsAndFrogs::new)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn strips_agree_with_the_textbook(position in arb_strip(8)) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        #[test]
        fn swapping_sides_negates(position in arb_strip(8)) {
            // Reversing the strip and swapping toads with frogs swaps the players.
            let mirrored = ToadsAndFrogs::new(
                position
                    .squares()
                    .iter()
                    .rev()
                    .map(|s| match s {
                        Square::Toad => Square::Frog,
                        Square::Frog => Square::Toad,
                        Square::Empty => Square::Empty,
                    })
                    .collect(),
            );
            let mut store = Store::new();
            let mut evaluator = Evaluator::new();
            let g = evaluator.canonical_form(&mut store, &position);
            let h = evaluator.canonical_form(&mut store, &mirrored);
            prop_assert_eq!(store.neg(g), h);
        }
    }
}
