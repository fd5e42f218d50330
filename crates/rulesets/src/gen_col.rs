//! CGSuite's generic colouring game on graphs (`game.graph.GenCol`) and its instance Fjords:
//! each vertex is uncoloured (`.`), or tinted `L` or `R` (next to a vertex of that player's
//! colour, as CGSuite writes it). A player may colour a vertex whose tint is among those the
//! rules permit them; the vertex leaves the graph, its untinted neighbours take the player's
//! tint, and its neighbours of the other's tint leave too (they are next to both colours).
//!
//! - `gen_col(".R", ".L", g)` is Col on the graph g (CGSuite's `GenCol([Nothing, Right],
//!   [Nothing, Left])`): never next to your own colour;
//! - `gen_col(".L", ".R", g)` is Snort: never next to the other's colour;
//! - `fjords(g)`, `gen_col("L", "R", g)`, is Fjords: only next to your own colour.
//!
//! Positions are written in CGSuite's graph notation with a tint at each vertex that has one
//! ([`crate::graph_notation::parse_labelled_graph_pieces`]): `"L-R---L"`, `"L:A---:A;."`
//! (a 4-cycle, and an untinted vertex on its own). Vertices are numbered from 1 in the order
//! the text first names them; moves name them so. The connected pieces are the components,
//! each renumbered in the order its sorted edges meet its vertices (isolated vertices after);
//! this is not a full isomorphism test.

use crate::arc_kayles::connected_pieces;
use crate::graph_notation::{parse_labelled_graph_pieces, write_labelled_graph_pieces};
use crate::moves::Described;
use crate::registry::{call, mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};
use crate::{PartizanGame, Position};
use conway_partizan::{GameId, PartizanError, Player, Store};

/// The most vertices of a position: the text and each position stay small.
pub const MAX_GEN_COL_VERTICES: usize = 512;

/// The most positions one evaluation meets (no count of the graph tells how many there are,
/// so they are counted).
pub const MAX_GEN_COL_POSITIONS: usize = 1 << 17;

/// A vertex's tint.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
enum Tint {
    /// `.`: next to neither colour.
    None,
    /// `L`: next to Left's colour.
    Left,
    /// `R`: next to Right's colour.
    Right,
}

impl Tint {
    fn symbol(self) -> &'static str {
        match self {
            Tint::None => ".",
            Tint::Left => "L",
            Tint::Right => "R",
        }
    }

    fn of(player: Player) -> Tint {
        player.either(Tint::Left, Tint::Right)
    }

    fn bit(self) -> u8 {
        match self {
            Tint::None => 1,
            Tint::Left => 2,
            Tint::Right => 4,
        }
    }
}

/// The tints each player may colour: bit masks of [`Tint::bit`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Permitted {
    left: u8,
    right: u8,
}

impl Permitted {
    /// The rules words write: the tints as symbols, `.` for none (`".R"`).
    fn read(left: &str, right: &str) -> Result<Permitted, PartizanError> {
        let mask = |word: &str, whose: &str| {
            word.trim().chars().try_fold(0u8, |mask, c| match c {
                '.' => Ok(mask | Tint::None.bit()),
                'L' => Ok(mask | Tint::Left.bit()),
                'R' => Ok(mask | Tint::Right.bit()),
                other => Err(PartizanError::InvalidInput(format!(
                    "{}: {whose}'s permitted tints are written with '.', 'L' and 'R', not {other:?}",
                    GEN_COL.name
                ))),
            })
        };
        Ok(Permitted {
            left: mask(left, "Left")?,
            right: mask(right, "Right")?,
        })
    }

    fn allows(self, player: Player, tint: Tint) -> bool {
        player.either(self.left, self.right) & tint.bit() != 0
    }

    fn word(mask: u8) -> String {
        [Tint::None, Tint::Left, Tint::Right]
            .iter()
            .filter(|t| mask & t.bit() != 0)
            .map(|t| t.symbol())
            .collect()
    }
}

/// Fjords's rules: each player only next to their own colour.
const FJORDS_RULES: Permitted = Permitted { left: 2, right: 4 };

/// A position: each vertex's tint, `None` once it has left the graph, and the edges between
/// vertices still there, each `(a, b)` with `a ≤ b`, sorted and without repeats.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GenCol {
    rules: Permitted,
    tints: Vec<Option<Tint>>,
    edges: Vec<(u32, u32)>,
}

impl GenCol {
    fn new(
        rules: Permitted,
        tints: Vec<Option<Tint>>,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> GenCol {
        let mut edges: Vec<(u32, u32)> = edges
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .filter(|&(a, b)| tints[a as usize].is_some() && tints[b as usize].is_some())
            .collect();
        edges.sort_unstable();
        edges.dedup();
        GenCol {
            rules,
            tints,
            edges,
        }
    }

    /// Reads a graph under `rules` (`ruleset` names it in errors).
    fn read(rules: Permitted, ruleset: &str, text: &str) -> Result<GenCol, PartizanError> {
        let (edges, labels) = parse_labelled_graph_pieces(text, ruleset, "-", "LR")?;
        crate::check_size(
            &format!("{ruleset}'s vertices"),
            labels.len(),
            MAX_GEN_COL_VERTICES,
        )?;
        let tints = labels
            .iter()
            .map(|label| match label.as_ref().map(|l| l.text.as_str()) {
                Some("L") => Some(Tint::Left),
                Some("R") => Some(Tint::Right),
                _ => Some(Tint::None),
            })
            .collect();
        Ok(GenCol::new(
            rules,
            tints,
            edges.iter().map(|e| (e.from, e.to)),
        ))
    }

    /// Each vertex `player` may colour, with the position after it.
    fn colourings(&self, player: Player) -> Vec<(u32, GenCol)> {
        let mut colourings = Vec::new();
        for (v, tint) in self.tints.iter().enumerate() {
            let Some(tint) = *tint else { continue };
            if !self.rules.allows(player, tint) {
                continue;
            }
            let v = v as u32;
            let mut tints = self.tints.clone();
            tints[v as usize] = None;
            for &(a, b) in &self.edges {
                let other = match (a == v, b == v) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => continue,
                };
                let slot = &mut tints[other as usize];
                *slot = match *slot {
                    Some(Tint::None) => Some(Tint::of(player)),
                    Some(t) if t == Tint::of(player.opponent()) => None,
                    kept => kept,
                };
            }
            colourings.push((v, GenCol::new(self.rules, tints, self.edges.clone())));
        }
        colourings
    }
}

impl Position for GenCol {
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

impl PartizanGame for GenCol {
    /// The connected pieces, each renumbered from 0 in the order its sorted edges meet its
    /// vertices; a vertex on its own is a piece too.
    fn components(&self) -> Vec<Self> {
        let mut pieces: Vec<GenCol> = connected_pieces(&self.edges, |&e| e)
            .into_iter()
            .map(|piece| {
                let mut tints = vec![None; piece.vertices().count()];
                for (v, i) in piece.vertices() {
                    tints[i as usize] = self.tints[v as usize];
                }
                let edges = piece.edges.iter();
                let renumbered = edges.map(|&(a, b)| (piece.number(a), piece.number(b)));
                GenCol::new(self.rules, tints, renumbered)
            })
            .collect();
        let on_edge = |v: u32| self.edges.iter().any(|&(a, b)| a == v || b == v);
        for (v, tint) in self.tints.iter().enumerate() {
            if tint.is_some() && !on_edge(v as u32) {
                pieces.push(GenCol::new(self.rules, vec![*tint], []));
            }
        }
        pieces
    }
}

impl Described for GenCol {
    fn expression(&self) -> String {
        let edges: Vec<(u32, u32, char)> = self.edges.iter().map(|&(a, b)| (a, b, '-')).collect();
        let tint = |v: u32| self.tints[v as usize].map_or("", Tint::symbol).to_string();
        let mut text = write_labelled_graph_pieces(&edges, tint);
        // Vertices without edges, each a piece of its own.
        for (v, t) in self.tints.iter().enumerate() {
            let on_edge = self
                .edges
                .iter()
                .any(|&(a, b)| a as usize == v || b as usize == v);
            if let (Some(t), false) = (t, on_edge) {
                if !text.is_empty() {
                    text.push(';');
                }
                text.push_str(t.symbol());
            }
        }
        if self.rules == FJORDS_RULES {
            return call(FJORDS.name, &text);
        }
        format!(
            "{}(\"{}\", \"{}\", \"{text}\")",
            GEN_COL.name,
            Permitted::word(self.rules.left),
            Permitted::word(self.rules.right)
        )
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.colourings(player)
            .into_iter()
            .map(|(v, after)| (format!("{} colours vertex {}", player.name(), v + 1), after))
            .collect()
    }
}

/// The canonical form of a position, within [`MAX_GEN_COL_POSITIONS`].
fn value(store: &mut Store, position: &GenCol) -> Result<GameId, PartizanError> {
    let what = if position.rules == FJORDS_RULES {
        "fjords's positions met"
    } else {
        "gen_col's positions met"
    };
    crate::bounded_value_of(store, position, MAX_GEN_COL_POSITIONS, what)
}

fn moves(
    store: &mut Store,
    position: &GenCol,
) -> Result<crate::moves::PositionMoves, PartizanError> {
    value(store, position)?;
    crate::moves_of_position(store, position)
}

/// `gen_col`'s position of its arguments.
fn generic(args: &[Arg<'_>]) -> Result<GenCol, PartizanError> {
    let [Arg::Word(left), Arg::Word(right), Arg::Position(text)] = args else {
        return Err(mismatch());
    };
    GenCol::read(Permitted::read(left, right)?, GEN_COL.name, text)
}

/// `fjords`'s position of its argument.
fn fjords(args: &[Arg<'_>]) -> Result<GenCol, PartizanError> {
    crate::registry::position(args, |text| GenCol::read(FJORDS_RULES, FJORDS.name, text))
}

/// The untinted grid graph of `side` × `side` vertices, for the limits' examples.
fn grid(side: u32) -> String {
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let v = r * side + c;
            if c + 1 < side {
                edges.push((v, v + 1, '-'));
            }
            if r + 1 < side {
                edges.push((v, v + side, '-'));
            }
        }
    }
    write_labelled_graph_pieces(&edges, |_| String::new())
}

/// GenCol in the registry.
pub static GEN_COL: Ruleset = Ruleset {
    name: "gen_col",
    aliases: &["GenCol"],
    title: "GenCol",
    summary: "CGSuite's colouring game on a graph: Left may colour a vertex of a tint in L, \
              Right of a tint in R ('.' none, 'L', 'R': next to that colour); ('.R', '.L') \
              is Col, ('.L', '.R') Snort",
    params: &[
        Param::new("L", ParamKind::Word),
        Param::new("R", ParamKind::Word),
        Param::new("L-R---L", ParamKind::Position),
    ],
    example: "gen_col(\".R\", \".L\", \"L-R---L\")",
    limits: &[
        Limit::new("positions met", MAX_GEN_COL_POSITIONS as u64, || {
            format!("{}(\".R\", \".L\", \"{}\")", GEN_COL.name, grid(6))
        }),
        Limit::new("vertices", MAX_GEN_COL_VERTICES as u64, || {
            let dots = vec!["."; MAX_GEN_COL_VERTICES + 1].join(";");
            format!("{}(\".R\", \".L\", \"{dots}\")", GEN_COL.name)
        }),
    ],
    values: Values::Short {
        value: |store, args| value(store, &generic(args)?),
        moves: |store, args| moves(store, &generic(args)?),
        variant: |store, variant, args| crate::variant::value_of(store, variant, &generic(args)?),
    },
    picture: None,
    board: None,
    search: None,
};

/// Fjords in the registry.
pub static FJORDS: Ruleset = Ruleset {
    name: "fjords",
    aliases: &["Fjords"],
    title: "Fjords",
    summary: "Fjords on a graph in CGSuite's notation with tints ('L-R---L'): colour only a \
              vertex next to your own colour (tinted L for Left, R for Right)",
    params: &[Param::new("L-R---L", ParamKind::Position)],
    example: "fjords(\"L-.-R(-L;-.)\")",
    limits: &[
        Limit::new("positions met", MAX_GEN_COL_POSITIONS as u64, || {
            call(FJORDS.name, &format!("L{}", grid(7)))
        }),
        Limit::new("vertices", MAX_GEN_COL_VERTICES as u64, || {
            call(FJORDS.name, &vec!["L"; MAX_GEN_COL_VERTICES + 1].join(";"))
        }),
    ],
    values: Values::Short {
        value: |store, args| value(store, &fjords(args)?),
        moves: |store, args| moves(store, &fjords(args)?),
        variant: |store, variant, args| crate::variant::value_of(store, variant, &fjords(args)?),
    },
    picture: None,
    board: None,
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::agrees_with_textbook;
    use proptest::prelude::*;

    const COL: (&str, &str) = (".R", ".L");
    const SNORT: (&str, &str) = (".L", ".R");

    fn text_value(
        store: &mut Store,
        rules: (&str, &str),
        text: &str,
    ) -> Result<GameId, PartizanError> {
        let position = GenCol::read(Permitted::read(rules.0, rules.1)?, "test", text)?;
        value(store, &position)
    }

    /// A board of Col or Snort (`.` `x` `o` `#`) as a graph: its uncoloured squares, tinted
    /// by the colours next to them (both: the square is dead), joined where they touch.
    fn board_graph(board: &[Vec<char>], rules: Permitted) -> GenCol {
        let (h, w) = (board.len(), board[0].len());
        let at = |r: usize, c: usize| board[r][c];
        let neighbours = |r: usize, c: usize| {
            let mut n = Vec::new();
            if r > 0 {
                n.push((r - 1, c));
            }
            if r + 1 < h {
                n.push((r + 1, c));
            }
            if c > 0 {
                n.push((r, c - 1));
            }
            if c + 1 < w {
                n.push((r, c + 1));
            }
            n
        };
        let mut index = std::collections::HashMap::new();
        let mut tints = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if at(r, c) != '.' {
                    continue;
                }
                let near = |colour| neighbours(r, c).iter().any(|&(y, x)| at(y, x) == colour);
                let tint = match (near('x'), near('o')) {
                    (true, true) => continue,
                    (true, false) => Tint::Left,
                    (false, true) => Tint::Right,
                    _ => Tint::None,
                };
                index.insert((r, c), tints.len() as u32);
                tints.push(Some(tint));
            }
        }
        let mut edges = Vec::new();
        for r in 0..h {
            for c in 0..w {
                for (y, x) in neighbours(r, c) {
                    if let (Some(&a), Some(&b)) = (index.get(&(r, c)), index.get(&(y, x))) {
                        edges.push((a, b));
                    }
                }
            }
        }
        GenCol::new(rules, tints, edges)
    }

    fn arb_board() -> impl Strategy<Value = Vec<Vec<char>>> {
        (1usize..=3, 1usize..=4).prop_flat_map(|(h, w)| {
            prop::collection::vec(
                prop::collection::vec(prop::sample::select(vec!['.', '.', '.', 'x', 'o', '#']), w),
                h,
            )
        })
    }

    fn arb_position() -> impl Strategy<Value = GenCol> {
        (1usize..=6, 0u8..8, 0u8..8).prop_flat_map(|(n, left, right)| {
            (
                prop::collection::vec(
                    prop::sample::select(vec![Tint::None, Tint::None, Tint::Left, Tint::Right]),
                    n,
                ),
                prop::collection::vec((0..n as u32, 0..n as u32), 0..=8),
            )
                .prop_map(move |(tints, edges)| {
                    let tints = tints.into_iter().map(Some).collect();
                    GenCol::new(Permitted { left, right }, tints, edges)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Col and Snort on a board's graph are the board rulesets' values (Conway's own Col
        /// and Snort, written apart on squares).
        #[test]
        fn col_and_snort_on_a_board_s_graph(board in arb_board()) {
            let rows: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
            let text = rows.join("|");
            let mut store = Store::new();
            for (rules, ruleset) in [(COL, &crate::colouring::COL), (SNORT, &crate::colouring::SNORT)] {
                let board_value = ruleset.value_of_text(&mut store, &text).expect("a board");
                let position = board_graph(&board, Permitted::read(rules.0, rules.1).unwrap());
                prop_assert_eq!(value(&mut store, &position), Ok(board_value), "{} as {:?}", text, position);
            }
        }

        /// Any rules: the evaluation against the textbook's canonical form of the whole
        /// position, and the notation read back.
        #[test]
        fn values_are_the_textbook_s(position in arb_position()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            let call = position.expression();
            let mut store = Store::new();
            let read = conway_expr_free_read(&call);
            prop_assert_eq!(
                crate::value_of(&mut store, &read),
                crate::value_of(&mut store, &position)
            );
        }
    }

    /// The position a `gen_col(…)` or `fjords(…)` call writes, read back.
    fn conway_expr_free_read(call: &str) -> GenCol {
        let quoted: Vec<&str> = call.split('"').skip(1).step_by(2).collect();
        match quoted[..] {
            [left, right, text] => {
                GenCol::read(Permitted::read(left, right).unwrap(), "test", text).unwrap()
            }
            [text] => GenCol::read(FJORDS_RULES, "test", text).unwrap(),
            _ => panic!("{call}"),
        }
    }

    /// Col on a path is Col on a strip of squares (the board ruleset), and the smallest
    /// graphs: an untinted vertex is * in Col, a vertex tinted L is 1 in Fjords (Left's move
    /// alone) and −1 in Col (Right's alone); the empty graph is 0.
    #[test]
    fn small_graphs() {
        let mut store = Store::new();
        let one = store.number(conway_numbers::Dyadic::from_integer(1));
        let star = store.nimber(1);
        assert_eq!(text_value(&mut store, COL, "."), Ok(star));
        assert_eq!(text_value(&mut store, ("L", "R"), "L"), Ok(one));
        // Next to Left's colour, only Right may colour it in Col.
        let minus_one = store.number(conway_numbers::Dyadic::from_integer(-1));
        assert_eq!(text_value(&mut store, COL, "L"), Ok(minus_one));
        for n in 1..8 {
            let path = vec!["."; n].join("-");
            let strip = ".".repeat(n);
            let board = crate::colouring::COL
                .value_of_text(&mut store, &strip)
                .unwrap();
            let graph = GenCol::read(Permitted::read(".R", ".L").unwrap(), "test", &path).unwrap();
            assert_eq!(value(&mut store, &graph), Ok(board), "{path}");
        }
        assert_eq!(text_value(&mut store, COL, ""), Ok(store.zero()));
    }
}
