//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures", 2011):
//! rows of standing dominoes, each Left's, Right's or either player's.
//!
//! Notation: each row left to right, rows separated by `|`, one character per domino: `l` a
//! blue domino (Left's), `r` a red one (Right's), `e` a green one (either player's), as
//! CGSuite writes them; e.g. `"lrrlrrl|le"`. A move topples one of the mover's dominoes (or a
//! green one) to the left or to the right, and it knocks down every domino on that side of it
//! in its row: toppling the domino at position i of a row leaves the dominoes after it (toppled
//! left) or before it (toppled right).
//!
//! Rows never interact, so each row is a component; a row and its mirror image have the same
//! value, so the transposition table keeps the lesser of the two. An empty row is 0.

use crate::grid::ROW_SEPARATOR;
use crate::moves::Described;
use crate::registry::{call, Command, Limit, Param, ParamKind, Ruleset};
use crate::short_position;
use crate::{check_size, searched_position, PartizanGame, MAX_SEARCHED_SQUARES};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most dominoes in all rows together. A row of n dominoes has n(n+1)/2 contiguous
/// pieces, each with up to 2n moves, and is valued in milliseconds at this size; but rows
/// rich in green dominoes have canonical forms of millions of characters, and the full report
/// of the worst 32-domino rows we tried (`leeleelee…`) takes about 3 s in a release build,
/// nearly all of it finding that the form is too long to print.
pub const MAX_DOMINOES: usize = 32;

/// A domino's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Domino {
    /// `l`: Left may topple it.
    Blue,
    /// `r`: Right may topple it.
    Red,
    /// `e`: either player may topple it.
    Green,
}

impl Domino {
    fn letter(self) -> char {
        match self {
            Domino::Blue => 'l',
            Domino::Red => 'r',
            Domino::Green => 'e',
        }
    }

    fn toppled_by(self, player: Player) -> bool {
        let left = player.is_left();
        match self {
            Domino::Blue => left,
            Domino::Red => !left,
            Domino::Green => true,
        }
    }
}

/// A position: rows of dominoes, left to right.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TopplingDominoes {
    rows: Vec<Vec<Domino>>,
}

impl std::fmt::Debug for TopplingDominoes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TopplingDominoes({:?})", self.notation())
    }
}

impl TopplingDominoes {
    /// The position with these rows.
    pub fn new(rows: Vec<Vec<Domino>>) -> TopplingDominoes {
        TopplingDominoes { rows }
    }

    /// Reads the notation (see the module documentation) and checks the size limit.
    pub fn parse(text: &str) -> Result<TopplingDominoes, PartizanError> {
        TopplingDominoes::parse_within(text, MAX_DOMINOES)
    }

    /// Reads a position for the outcome search: at most [`MAX_SEARCHED_SQUARES`] dominoes
    /// (the search values each row's pieces once they are small, and a row of n dominoes
    /// has only n(n+1)/2 pieces).
    pub fn read(text: &str) -> Result<TopplingDominoes, PartizanError> {
        TopplingDominoes::parse_within(text, MAX_SEARCHED_SQUARES)
    }

    /// Reads the notation with at most `limit` dominoes and `limit` rows.
    fn parse_within(text: &str, limit: usize) -> Result<TopplingDominoes, PartizanError> {
        // Rows are checked too: empty ones cost nothing to play but are copied and printed.
        let rows = text.chars().filter(|&c| c == ROW_SEPARATOR).count() + 1;
        check_size("toppling_dominoes' number of rows", rows, limit)?;
        let mut rows = vec![Vec::new()];
        for (i, c) in text.chars().enumerate() {
            let domino = match c {
                'l' => Domino::Blue,
                'r' => Domino::Red,
                'e' => Domino::Green,
                ROW_SEPARATOR => {
                    rows.push(Vec::new());
                    continue;
                }
                _ => {
                    return Err(PartizanError::parse(
                        i + 1,
                        format!(
                            "toppling_dominoes: unexpected {c:?}; expected l (blue), r (red), \
                             e (green) or | between rows"
                        ),
                    ))
                }
            };
            if let Some(row) = rows.last_mut() {
                row.push(domino);
            }
        }
        let count = rows.iter().map(Vec::len).sum();
        check_size("toppling_dominoes' number of dominoes", count, limit)?;
        Ok(TopplingDominoes { rows })
    }

    /// The rows in the notation of the module documentation.
    pub fn notation(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|row| row.iter().map(|d| d.letter()).collect())
            .collect();
        rows.join("|")
    }

    /// Each move of `player`: the row, the domino's place in it, whether it
    /// falls to the left, and the position after it.
    fn topples(&self, player: Player) -> Vec<(usize, usize, bool, TopplingDominoes)> {
        let mut moves = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (i, domino) in row.iter().enumerate() {
                if !domino.toppled_by(player) {
                    continue;
                }
                for leftwards in [true, false] {
                    let rest = if leftwards {
                        row[i + 1..].to_vec()
                    } else {
                        row[..i].to_vec()
                    };
                    let mut rows = self.rows.clone();
                    rows[r] = rest;
                    moves.push((r, i, leftwards, TopplingDominoes { rows }));
                }
            }
        }
        moves
    }
}

impl crate::Position for TopplingDominoes {
    fn left_moves(&self) -> Vec<Self> {
        self.topples(Player::Left)
            .into_iter()
            .map(|m| m.3)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.topples(Player::Right)
            .into_iter()
            .map(|m| m.3)
            .collect()
    }
}

impl PartizanGame for TopplingDominoes {
    fn components(&self) -> Vec<Self> {
        self.rows
            .iter()
            .filter(|row| !row.is_empty())
            .map(|row| {
                let mirrored: Vec<Domino> = row.iter().rev().copied().collect();
                TopplingDominoes {
                    rows: vec![row.clone().min(mirrored)],
                }
            })
            .collect()
    }
}

impl Described for TopplingDominoes {
    fn expression(&self) -> String {
        format!("toppling_dominoes(\"{}\")", self.notation())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, TopplingDominoes)> {
        let several_rows = self.rows.len() > 1;
        self.topples(player)
            .into_iter()
            .map(|(r, i, leftwards, after)| {
                let row = if several_rows {
                    format!(" of row {}", r + 1)
                } else {
                    String::new()
                };
                let text = format!(
                    "{} topples domino {}{row} ({}) to the {}",
                    player.name(),
                    i + 1,
                    self.rows[r][i].letter(),
                    if leftwards { "left" } else { "right" }
                );
                (text, after)
            })
            .collect()
    }
}

/// Toppling Dominoes in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "toppling_dominoes",
    aliases: &["TopplingDominoes"],
    title: "Toppling Dominoes",
    summary: "Toppling Dominoes; rows split by |, l blue, r red, e green",
    params: &[Param::new("lre|l", ParamKind::Position)],
    example: "toppling_dominoes(\"lrrlrrl\")",
    limits: &[Limit::new("dominoes, or rows", MAX_DOMINOES as u64, || {
        call(RULESET.name, &"l".repeat(MAX_DOMINOES + 1))
    })],
    values: short_position!(TopplingDominoes::parse),
    picture: None,
    board: None,
    search: Some(searched_position!(
        TopplingDominoes::parse,
        TopplingDominoes::read,
        Some(Command {
            rules: "topple one of your dominoes (l Left's, r Right's, e either's) to the left or \
                    the right, knocking down every domino on that side of it in its row",
            example: "lrrlrrl|lere",
            board_help: "Rows left to right, separated by |: l blue (Left's), r red (Right's), \
                         e green (either's) ('lrrl|le'), at most 256 dominoes.",
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

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala`, "TopplingDominoes").
    #[test]
    fn cgsuite_values() {
        assert_eq!(value_text("lrrlrrl"), "Tiny(1/2)");
        assert_eq!(value_text("lere"), "{1|0,{0|-1}}");
    }

    /// From the rules: n blue dominoes in a row are n moves for Left (Left topples the end
    /// one each time, Right has none); a green domino alone is *; `lr` is {0,−1|0,1} = *.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text(""), "0");
        assert_eq!(value_text("llll"), "4");
        assert_eq!(value_text("rrr"), "-3");
        assert_eq!(value_text("e"), "*");
        assert_eq!(value_text("lr"), "*");
        assert_eq!(value_text("ll|rr"), "0");
    }

    /// Rows past the values' limit, decided by the search: MCGS's test corpus
    /// (github.com/ualberta-mueller-group/MCGS, `input/main_tests/toppling_dominoes_autotests/`,
    /// `td_40.test` and `td_3x20.test`, results from CGSuite 2.1.1; there X is blue, O red and
    /// # green), whether Black (Left) and White (Right) win moving first.
    #[test]
    fn mcgs_corpus_rows_past_the_values_limit() {
        let cases = [
            ("rlrrrerlerrrrlerlllrlrelrlllrlrrrrrllllr", false, true),
            ("lrlelrllllellreelleerlrrrrleerrrerlllrrr", true, true),
            ("rrrrlreerllrllllllrrreelrellelellrllrrlr", false, true),
            ("rlerrrlrlrlllrlrllrlllrlrllrrllllrrrrrlr", false, true),
            ("llrllllelelrrrrlllerlrrlllrrlrllrrrlrrre", true, true),
            (
                "llererlrllllleellrll|llrrlrreerrrllrllllr|rlrrlelrlrrllllrlrrr",
                true,
                false,
            ),
            (
                "lrrerlllllreellrlrrr|ellrlerrerlerrleelre|llllereerrlrlrrrlrrr",
                true,
                true,
            ),
            (
                "rllllrlllllrlelrelee|rlrllrrlrrrlllrrrlrr|eerrrlrreellrlrrrrlr",
                false,
                true,
            ),
        ];
        for (text, _, _) in cases {
            assert!(
                TopplingDominoes::parse(text).is_err(),
                "{text} is past the limit"
            );
        }
        oracle::agrees_with_mcgs(&cases, TopplingDominoes::read);
    }

    #[test]
    fn bad_positions_are_refused_with_their_place() {
        let mut store = Store::new();
        let error = RULESET
            .value_of_text(&mut store, "llx")
            .expect_err("x is no domino");
        assert!(
            matches!(error, PartizanError::Parse { column: 3, .. }),
            "{error}"
        );
        let long = "l".repeat(MAX_DOMINOES + 1);
        assert!(matches!(
            RULESET.value_of_text(&mut store, &long),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "lr").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left topples domino 1 (l) to the left",
                "Left topples domino 1 (l) to the right"
            ]
        );
        assert_eq!(moves.left[0].to, "toppling_dominoes(\"r\")");
        assert_eq!(moves.left[1].to, "toppling_dominoes(\"\")");
    }

    fn arb_row() -> impl Strategy<Value = Vec<Domino>> {
        prop::collection::vec(
            prop::sample::select(vec![Domino::Blue, Domino::Red, Domino::Green]),
            0..=6,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

        #[test]
        fn positions_agree_with_the_textbook(rows in prop::collection::vec(arb_row(), 1..=2)) {
            prop_assert_eq!(agrees_with_textbook(&TopplingDominoes::new(rows)), Ok(()));
        }
    }
}
