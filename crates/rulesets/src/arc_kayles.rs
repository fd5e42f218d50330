//! Arc Kayles and Partizan Arc Kayles (CGSuite's `game.graph.ArcKayles` and
//! `game.graph.PartizanArcKayles`): games on a graph in which a move takes an edge and with
//! it both of the edge's ends, and every other edge at those two vertices.
//!
//! - **Arc Kayles** (Schaefer, 1978): either player takes any edge; the game is impartial, so
//!   its value is a nimber. A path of n vertices is a heap of n of Dawson's Kayles (0.07: two
//!   neighbours go, and the path may fall in two), a path with a loop at every vertex a heap
//!   of Kayles (a loop takes one vertex, an edge two).
//! - **Partizan Arc Kayles**: Left takes blue edges (`l`), Right red ones (`r`), either a
//!   green one (`e`).
//!
//! Positions are written in CGSuite's graph notation ([`crate::graph_notation`]) without a
//! ground: `arc_kayles("---")` is a path of four vertices, `arc_kayles(":A---:A")` a triangle,
//! `arc_kayles("--;-")` two pieces, `partizan_arc_kayles("lrlr(ll;ree(rl;l))")` a tree.
//! Vertices are numbered from 1 in the order the text first names them; moves name them so.
//!
//! A vertex with no edge left takes no part, and the connected pieces are the components.
//! A piece is stored with its vertices renumbered in the order its sorted edges meet them,
//! so equal pieces that arise alike (the sub-paths of a path, the sub-grids of a grid) meet
//! in the transposition table; this is not a full isomorphism test.

use crate::graph_notation::{parse_graph_pieces, write_graph_pieces};
use crate::hackenbush::{find, Colour};
use crate::moves::{position_moves, Described, PositionMoves};
use crate::registry::{call, position, Command, Limit, Param, ParamKind, Ruleset, Values};
use crate::{searched_position, short_position, PartizanGame, Position};
use conway_partizan::{GameId, PartizanError, Player, Store};

/// The most vertices with an edge in a Partizan Arc Kayles position valued: its positions'
/// values are canonical forms in the store, many times slower than nimbers. Random graphs
/// on 16 vertices took up to 3.2 s in a release build (60 s and more on 20).
pub const MAX_PARTIZAN_ARC_KAYLES_VERTICES: usize = 16;

/// The most edges of a position, valued or searched: the text and the search stay small.
pub const MAX_ARC_KAYLES_EDGES: usize = 512;

/// Which of the two games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArcRules {
    /// Either player takes any edge (written `-`).
    Impartial,
    /// Edges are coloured `l`, `r` or `e`.
    Partizan,
}

impl ArcRules {
    fn ruleset(self) -> &'static Ruleset {
        match self {
            ArcRules::Impartial => &ARC_KAYLES,
            ArcRules::Partizan => &PARTIZAN_ARC_KAYLES,
        }
    }

    fn max_vertices(self) -> usize {
        match self {
            ArcRules::Impartial => 64, // NimValues's bit masks
            ArcRules::Partizan => MAX_PARTIZAN_ARC_KAYLES_VERTICES,
        }
    }

    fn letters(self) -> &'static str {
        match self {
            ArcRules::Impartial => "-",
            ArcRules::Partizan => "lre",
        }
    }

    fn letter(self, colour: Colour) -> char {
        match self {
            ArcRules::Impartial => '-',
            ArcRules::Partizan => colour.letter(),
        }
    }
}

/// A position: edges between numbered vertices, each `(a, b, colour)` with `a ≤ b`, sorted
/// and without repeats (two equal edges offer the same moves).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ArcKayles {
    rules: ArcRules,
    edges: Vec<(u32, u32, Colour)>,
}

impl ArcKayles {
    /// The position of `edges` (an impartial game's edges green).
    fn new(rules: ArcRules, edges: impl IntoIterator<Item = (u32, u32, Colour)>) -> ArcKayles {
        let mut edges: Vec<(u32, u32, Colour)> = edges
            .into_iter()
            .map(|(a, b, c)| (a.min(b), a.max(b), c))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        ArcKayles { rules, edges }
    }

    /// Reads a position within the value's limits.
    pub fn parse(rules: ArcRules, text: &str) -> Result<ArcKayles, PartizanError> {
        let position = ArcKayles::read(rules, text)?;
        let vertices = position.vertices().len();
        crate::check_size(
            &format!("{}'s vertices with an edge", rules.ruleset().name),
            vertices,
            rules.max_vertices(),
        )?;
        Ok(position)
    }

    /// Reads a position within the notation's limits only (for the search).
    pub fn read(rules: ArcRules, text: &str) -> Result<ArcKayles, PartizanError> {
        let name = rules.ruleset().name;
        let edges = parse_graph_pieces(text, name, rules.letters())?;
        crate::check_size(
            &format!("{name}'s edges"),
            edges.len(),
            MAX_ARC_KAYLES_EDGES,
        )?;
        let colour = |letter: char| match rules {
            ArcRules::Impartial => Colour::Green,
            ArcRules::Partizan => Colour::from_letter(letter).unwrap_or(Colour::Green),
        };
        Ok(ArcKayles::new(
            rules,
            edges.iter().map(|e| (e.from, e.to, colour(e.letter))),
        ))
    }

    /// The vertices with an edge, ascending.
    fn vertices(&self) -> Vec<u32> {
        let mut vertices: Vec<u32> = self.edges.iter().flat_map(|&(a, b, _)| [a, b]).collect();
        vertices.sort_unstable();
        vertices.dedup();
        vertices
    }

    /// Each edge `player` may take, with the position after it (an edge offered once per
    /// pair of ends: taking any of them removes the same vertices).
    fn takes(&self, player: Player) -> Vec<((u32, u32, Colour), ArcKayles)> {
        let mut takes: Vec<((u32, u32, Colour), ArcKayles)> = Vec::new();
        for &(a, b, colour) in &self.edges {
            if !colour.cuttable_by(player) || takes.iter().any(|((x, y, _), _)| (*x, *y) == (a, b))
            {
                continue;
            }
            let left = self
                .edges
                .iter()
                .filter(|&&(x, y, _)| x != a && x != b && y != a && y != b)
                .copied();
            takes.push(((a, b, colour), ArcKayles::new(self.rules, left)));
        }
        takes
    }
}

impl Position for ArcKayles {
    fn left_moves(&self) -> Vec<Self> {
        self.takes(Player::Left)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.takes(Player::Right)
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }
}

/// Nim values of Arc Kayles graphs on at most 64 vertices: a position is the set of vertices
/// left, as a bit mask over the vertices of the graph it came from, and its value the mex of
/// its options' (a nim sum over its connected pieces). The store's canonical forms give the
/// same nimbers (the tests compare them) at many times the cost.
struct NimValues {
    /// The graph's vertices, ascending: bit i of a mask is `vertices[i]`.
    vertices: Vec<u32>,
    /// Each vertex's neighbours, itself among them when it has a loop.
    neighbours: Vec<u64>,
    memo: rustc_hash::FxHashMap<u64, u64>,
    /// Options looked at so far, and the most before giving up.
    work: u64,
    budget: u64,
}

/// Why [`NimValues`] gave no value.
enum Unvalued {
    /// More work than the budget.
    OverBudget,
    /// The store was asked to stop.
    Stopped,
}

impl NimValues {
    /// The table for the graph of `position`, or `None` past 64 vertices.
    fn new(position: &ArcKayles, budget: u64) -> Option<NimValues> {
        let vertices = position.vertices();
        if vertices.len() > 64 {
            return None;
        }
        let mut neighbours = vec![0u64; vertices.len()];
        for &(a, b, _) in &position.edges {
            let (a, b) = (Self::bit(&vertices, a), Self::bit(&vertices, b));
            neighbours[a] |= 1 << b;
            neighbours[b] |= 1 << a;
        }
        Some(NimValues {
            vertices,
            neighbours,
            memo: rustc_hash::FxHashMap::default(),
            work: 0,
            budget,
        })
    }

    fn bit(vertices: &[u32], v: u32) -> usize {
        vertices.binary_search(&v).unwrap_or(0)
    }

    /// The nim value of `position`, a subgraph (induced, as moves leave) of the table's graph.
    fn value(&mut self, position: &ArcKayles, store: &Store) -> Result<u64, Unvalued> {
        let alive = position
            .vertices()
            .iter()
            .fold(0u64, |mask, &v| mask | 1 << Self::bit(&self.vertices, v));
        self.of(alive, store)
    }

    /// The nim value of the graph the vertices `alive` induce.
    fn of(&mut self, alive: u64, store: &Store) -> Result<u64, Unvalued> {
        if let Some(&g) = self.memo.get(&alive) {
            return Ok(g);
        }
        let piece = self.piece(alive.trailing_zeros(), alive);
        let g = if piece == alive {
            self.connected(alive, store)?
        } else {
            self.of(piece, store)? ^ self.of(alive & !piece, store)?
        };
        self.memo.insert(alive, g);
        Ok(g)
    }

    /// The vertices of `alive` reached from `start`.
    fn piece(&self, start: u32, alive: u64) -> u64 {
        if alive == 0 {
            return 0;
        }
        let (mut piece, mut frontier) = (1u64 << start, 1u64 << start);
        while frontier != 0 {
            let v = frontier.trailing_zeros();
            frontier &= frontier - 1;
            let new = self.neighbours[v as usize] & alive & !piece;
            piece |= new;
            frontier |= new;
        }
        piece
    }

    /// The mex of the options of a connected graph (a vertex alone has none).
    fn connected(&mut self, piece: u64, store: &Store) -> Result<u64, Unvalued> {
        let mut seen: u128 = 0;
        let mut more: Vec<u64> = Vec::new();
        let mut vertices = piece;
        while vertices != 0 {
            let a = vertices.trailing_zeros();
            vertices &= vertices - 1;
            // Each edge once: to itself (a loop) or to a later vertex.
            let mut ends = self.neighbours[a as usize] & piece & !((1u64 << a) - 1);
            while ends != 0 {
                let b = ends.trailing_zeros();
                ends &= ends - 1;
                self.work += 1;
                if self.work > self.budget {
                    return Err(Unvalued::OverBudget);
                }
                if self.work.is_multiple_of(1 << 16) && store.stop_requested() {
                    return Err(Unvalued::Stopped);
                }
                match self.of(piece & !(1u64 << a) & !(1u64 << b), store)? {
                    g if g < 128 => seen |= 1 << g,
                    g => more.push(g),
                }
            }
        }
        let mut mex = u64::from((!seen).trailing_zeros());
        if mex == 128 {
            while more.contains(&mex) {
                mex += 1;
            }
        }
        Ok(mex)
    }
}

/// The most moves an Arc Kayles value looks at, over all the positions it values
/// ([`NimValues`]): about 1 s in a release build, whatever the graph. A graph past it is
/// refused, and its winner found by search.
pub const MAX_ARC_KAYLES_WORK: u64 = 1 << 25;

/// The most moves looked at to value a piece met in a search before it is searched instead.
const SEARCHED_PIECE_WORK: u64 = 1 << 16;

/// The table of an Arc Kayles position with its nim value, within [`MAX_ARC_KAYLES_WORK`].
fn valued_table(store: &Store, position: &ArcKayles) -> Result<(NimValues, u64), PartizanError> {
    let too_large = || {
        PartizanError::too_large(
            "arc_kayles's work, in moves looked at",
            format!("over {MAX_ARC_KAYLES_WORK}"),
            MAX_ARC_KAYLES_WORK,
        )
    };
    let mut table = NimValues::new(position, MAX_ARC_KAYLES_WORK).ok_or_else(too_large)?;
    match table.value(position, store) {
        Ok(g) => Ok((table, g)),
        Err(Unvalued::OverBudget) => Err(too_large()),
        Err(Unvalued::Stopped) => Err(PartizanError::Interrupted),
    }
}

/// The nim value of an Arc Kayles position, within [`MAX_ARC_KAYLES_WORK`].
fn nim_value(store: &mut Store, position: &ArcKayles) -> Result<GameId, PartizanError> {
    let (_, g) = valued_table(store, position)?;
    Ok(store.nimber(g))
}

/// The value and the moves of an Arc Kayles position, every option valued in the table of
/// the position itself (options are induced subgraphs of it: their positions are among its
/// own, already valued).
fn nim_moves(store: &mut Store, position: &ArcKayles) -> Result<PositionMoves, PartizanError> {
    let (mut table, _) = valued_table(store, position)?;
    position_moves(store, position, |store, p| {
        let g = table.value(p, store).unwrap_or(0);
        store.nimber(g)
    })
}

impl PartizanGame for ArcKayles {
    /// An Arc Kayles piece met in a search is a nimber, found by [`NimValues`] when it has
    /// few positions.
    fn known_value(&self, store: &mut Store) -> Option<GameId> {
        if self.rules != ArcRules::Impartial {
            return None;
        }
        let mut table = NimValues::new(self, SEARCHED_PIECE_WORK)?;
        let g = table.value(self, store).ok()?;
        Some(store.nimber(g))
    }

    /// The connected pieces, each renumbered from 0 in the order its sorted edges meet its
    /// vertices.
    fn components(&self) -> Vec<Self> {
        connected_pieces(&self.edges, |&(a, b, _)| (a, b))
            .into_iter()
            .map(|piece| {
                let edges = piece.edges.iter();
                let renumbered = edges.map(|&(a, b, c)| (piece.number(a), piece.number(b), c));
                ArcKayles::new(self.rules, renumbered)
            })
            .collect()
    }
}

impl Described for ArcKayles {
    fn expression(&self) -> String {
        let edges: Vec<(u32, u32, char)> = self
            .edges
            .iter()
            .map(|&(a, b, c)| (a, b, self.rules.letter(c)))
            .collect();
        call(self.rules.ruleset().name, &write_graph_pieces(&edges))
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.takes(player)
            .into_iter()
            .map(|((a, b, colour), after)| {
                let edge = match self.rules {
                    ArcRules::Impartial if a == b => format!("the loop at vertex {}", a + 1),
                    ArcRules::Impartial => format!("the edge {}–{}", a + 1, b + 1),
                    ArcRules::Partizan if a == b => {
                        format!("the {} loop at vertex {}", colour.name(), a + 1)
                    }
                    ArcRules::Partizan => {
                        format!("the {} edge {}–{}", colour.name(), a + 1, b + 1)
                    }
                };
                (format!("{} takes {edge}", player.name()), after)
            })
            .collect()
    }
}

/// A connected piece of a graph: its edges, and its vertices renumbered from 0 in the order
/// its edges meet them. Equal pieces that arise alike get equal numbers (not a full
/// isomorphism test).
pub(crate) struct Piece<E> {
    /// `(vertex, new number)`, sorted by vertex.
    numbers: Vec<(u32, u32)>,
    /// The piece's edges, in the graph's order.
    pub edges: Vec<E>,
}

impl<E> Piece<E> {
    /// A vertex's new number.
    pub fn number(&self, v: u32) -> u32 {
        self.numbers
            .binary_search_by_key(&v, |&(w, _)| w)
            .map_or(0, |i| self.numbers[i].1)
    }

    /// Each vertex with its new number.
    pub fn vertices(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.numbers.iter().copied()
    }
}

/// The connected pieces of a graph given by its edges (`ends` reads an edge's two
/// vertices), in the order of the edges.
pub(crate) fn connected_pieces<E: Copy>(
    edges: &[E],
    ends: impl Fn(&E) -> (u32, u32),
) -> Vec<Piece<E>> {
    let mut vertices: Vec<u32> = edges
        .iter()
        .flat_map(|e| <[u32; 2]>::from(ends(e)))
        .collect();
    vertices.sort_unstable();
    vertices.dedup();
    let index = |v: u32| vertices.binary_search(&v).unwrap_or(0);
    let mut parent: Vec<usize> = (0..vertices.len()).collect();
    for e in edges {
        let (a, b) = ends(e);
        let (ra, rb) = (find(&mut parent, index(a)), find(&mut parent, index(b)));
        parent[ra] = rb;
    }
    let mut pieces: Vec<(usize, Vec<E>)> = Vec::new();
    for e in edges {
        let r = find(&mut parent, index(ends(e).0));
        match pieces.iter_mut().find(|(root, _)| *root == r) {
            Some((_, piece)) => piece.push(*e),
            None => pieces.push((r, vec![*e])),
        }
    }
    pieces
        .into_iter()
        .map(|(_, piece)| {
            let mut order: Vec<u32> = Vec::new();
            for e in &piece {
                let (a, b) = ends(e);
                for v in [a, b] {
                    if !order.contains(&v) {
                        order.push(v);
                    }
                }
            }
            let mut numbers: Vec<(u32, u32)> = order
                .iter()
                .enumerate()
                .map(|(i, &v)| (v, i as u32))
                .collect();
            numbers.sort_unstable();
            Piece {
                numbers,
                edges: piece,
            }
        })
        .collect()
}

/// An Arc Kayles position whose value is within [`MAX_ARC_KAYLES_WORK`] (found by valuing
/// it: no count of the graph tells), for the search to know when to answer by value.
fn impartial_valued(text: &str) -> Result<ArcKayles, PartizanError> {
    let position = impartial_read(text)?;
    nim_value(&mut Store::new(), &position)?;
    Ok(position)
}

fn impartial_read(text: &str) -> Result<ArcKayles, PartizanError> {
    ArcKayles::read(ArcRules::Impartial, text)
}

fn partizan(text: &str) -> Result<ArcKayles, PartizanError> {
    ArcKayles::parse(ArcRules::Partizan, text)
}

fn partizan_read(text: &str) -> Result<ArcKayles, PartizanError> {
    ArcKayles::read(ArcRules::Partizan, text)
}

/// A path of `vertices` vertices in the notation, for the limits' examples.
fn path(letter: char, vertices: usize) -> String {
    std::iter::repeat_n(letter, vertices.saturating_sub(1)).collect()
}

/// Arc Kayles in the registry.
pub static ARC_KAYLES: Ruleset = Ruleset {
    name: "arc_kayles",
    aliases: &["ArcKayles"],
    title: "Arc Kayles",
    summary: "Arc Kayles on a graph in CGSuite's notation ('---' a path, ':A---:A' a \
              cycle, ';' between pieces): take an edge and both its ends",
    params: &[Param::new(":A---:A", ParamKind::Position)],
    example: "arc_kayles(\"--(-;-)\")",
    limits: &[
        Limit::new("moves looked at", MAX_ARC_KAYLES_WORK, || {
            // The complete graph on 24 vertices with a path of 40 beside it: each of the
            // path's positions meets each of the clique's.
            let clique: String = (0..24)
                .flat_map(|a| (a + 1..24).map(move |b| format!(":{{{a}}}-:{{{b}}};")))
                .collect();
            call(ARC_KAYLES.name, &format!("{clique}{}", path('-', 40)))
        }),
        Limit::new("edges", MAX_ARC_KAYLES_EDGES as u64, || {
            call(ARC_KAYLES.name, &path('-', MAX_ARC_KAYLES_EDGES + 2))
        }),
    ],
    values: Values::Short {
        value: |store, args| nim_value(store, &position(args, impartial_read)?),
        moves: |store, args| nim_moves(store, &position(args, impartial_read)?),
        // Every variant of an impartial game is the game itself.
        variant: |store, _, args| nim_value(store, &position(args, impartial_read)?),
    },
    picture: None,
    board: None,
    search: Some(searched_position!(
        impartial_valued,
        impartial_read,
        Some(Command {
            rules: "a move takes an edge of a graph and both its ends",
            example: ".---:A--(--;--:A)",
            board_help: "A graph in CGSuite's notation: '-' an edge, ':A' names a vertex \
                         (':A---:A' a triangle), branches x(a;b), ';' between pieces; a \
                         leading '.' (the first vertex) keeps '---' from reading as an \
                         option.",
            rectangle: None,
        })
    )),
};

/// Partizan Arc Kayles in the registry.
pub static PARTIZAN_ARC_KAYLES: Ruleset = Ruleset {
    name: "partizan_arc_kayles",
    aliases: &["PartizanArcKayles"],
    title: "Partizan Arc Kayles",
    summary: "Partizan Arc Kayles on a graph in CGSuite's notation, edges l (Left's), r \
              (Right's), e (either's): take an edge and both its ends",
    params: &[Param::new("lrlr(ll;ree)", ParamKind::Position)],
    example: "partizan_arc_kayles(\"lrlr(ll;ree(rl;l))\")",
    limits: &[
        Limit::new(
            "vertices with an edge",
            MAX_PARTIZAN_ARC_KAYLES_VERTICES as u64,
            || {
                call(
                    PARTIZAN_ARC_KAYLES.name,
                    &path('e', MAX_PARTIZAN_ARC_KAYLES_VERTICES + 1),
                )
            },
        ),
        Limit::new("edges", MAX_ARC_KAYLES_EDGES as u64, || {
            call(
                PARTIZAN_ARC_KAYLES.name,
                &path('e', MAX_ARC_KAYLES_EDGES + 2),
            )
        }),
    ],
    values: short_position!(partizan),
    picture: None,
    board: None,
    search: Some(searched_position!(
        partizan,
        partizan_read,
        Some(Command {
            rules: "a move takes an edge of the mover's colour, or a green one, and both its \
                    ends",
            example: "lrlr(ll;ree(rl;l))lrl",
            board_help: "A graph in CGSuite's notation: edges l (Left's), r (Right's), e \
                         (either's), ':A' names a vertex, branches x(a;b), ';' between pieces.",
            rectangle: None,
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook, cgsuite_game};
    use crate::value_of;
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value(ruleset: &Ruleset, text: &str) -> String {
        oracle::value_text(|store, text| ruleset.value_of_text(store, text), text)
    }

    /// Position n (from 1) of a family has the nim value `published[n - 1]`.
    fn assert_nimbers(published: &[u64], family: &str, position: impl Fn(u32) -> ArcKayles) {
        let mut store = Store::new();
        for (n, &nim) in (1u32..).zip(published) {
            let g = value_of(&mut store, &position(n));
            assert_eq!(g, store.nimber(nim), "{family} of {n} vertices");
        }
    }

    /// CGSuite's test suite (`GameGraphTest.scala`, "Arc Kayles paths are Dawson's Kayles
    /// heaps"): the nim values of paths of 1 to 50 vertices. (Also OEIS A002187.)
    #[test]
    fn paths_are_dawsons_kayles() {
        let published = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
        ];
        assert_nimbers(&published, "path", |n| {
            ArcKayles::read(ArcRules::Impartial, &path('-', n as usize)).expect("a path")
        });
    }

    /// CGSuite's test suite (`GameGraphTest.scala`, "Arc Kayles looped paths are Kayles
    /// heaps"): paths of 1 to 50 vertices with a loop at each.
    #[test]
    fn looped_paths_are_kayles() {
        let published = [
            1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
            7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2,
        ];
        assert_nimbers(&published, "looped path", |n| {
            let loops = (0..n).map(|v| (v, v, Colour::Green));
            let path = (1..n).map(|v| (v - 1, v, Colour::Green));
            ArcKayles::new(ArcRules::Impartial, loops.chain(path))
        });
    }

    /// CGSuite's test suite (`GameGraphTest.scala`, "Partizan Arc Kayles").
    #[test]
    fn cgsuite_partizan_values() {
        assert_eq!(value(&PARTIZAN_ARC_KAYLES, "llr"), "1/2");
        let mut store = Store::new();
        let g = PARTIZAN_ARC_KAYLES
            .value_of_text(&mut store, "lrlr(ll;ree(rl;l))")
            .expect("valid");
        assert_eq!(g, cgsuite_game(&mut store, "{3*|2*||3/2,3/2*|1/2*}"));
    }

    #[test]
    fn pieces_cycles_and_loops() {
        // A triangle: any edge leaves one vertex alone, so *1; two pieces add.
        assert_eq!(value(&ARC_KAYLES, ":A--:A"), "*");
        assert_eq!(value(&ARC_KAYLES, ":A--:A;---"), "*3");
        assert_eq!(value(&ARC_KAYLES, ""), "0");
        // A loop alone is a move to nothing.
        assert_eq!(value(&ARC_KAYLES, ":A-:A"), "*");
    }

    #[test]
    fn moves_name_the_vertices_in_order() {
        let mut store = Store::new();
        let moves = PARTIZAN_ARC_KAYLES
            .moves_of_text(&mut store, "lre")
            .expect("valid");
        let left: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            left,
            [
                "Left takes the blue edge 1–2",
                "Left takes the green edge 3–4"
            ]
        );
        assert_eq!(moves.left[0].to, "partizan_arc_kayles(\"e\")");
        assert_eq!(moves.left[1].to, "partizan_arc_kayles(\"l\")");
    }

    #[test]
    fn bad_graphs_are_refused_with_their_column() {
        let mut store = Store::new();
        for (text, column) in [("--x", 3), ("-(-", 2), ("l", 1)] {
            match ARC_KAYLES.value_of_text(&mut store, text) {
                Err(PartizanError::Parse { column: c, .. }) => assert_eq!(c, column, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(matches!(
            PARTIZAN_ARC_KAYLES
                .value_of_text(&mut store, &path('e', MAX_PARTIZAN_ARC_KAYLES_VERTICES + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    /// A random graph on up to `vertices` vertices, in the notation's letters.
    fn arb_edges(
        letters: &'static [char],
        vertices: u32,
    ) -> impl Strategy<Value = Vec<(u32, u32, char)>> {
        prop::collection::vec(
            (0..vertices, 0..vertices, prop::sample::select(letters)),
            0..=10,
        )
    }

    /// Every move by the definition: remove the two ends of any edge the player may take.
    fn brute_moves(edges: &[(u32, u32, Colour)], player: Player) -> Vec<Vec<(u32, u32, Colour)>> {
        let mut out = Vec::new();
        for &(a, b, c) in edges {
            let may = match c {
                Colour::Green => true,
                Colour::Blue => player == Player::Left,
                Colour::Red => player == Player::Right,
            };
            if may {
                let mut left: Vec<(u32, u32, Colour)> = edges
                    .iter()
                    .copied()
                    .filter(|e| ![e.0, e.1].iter().any(|v| *v == a || *v == b))
                    .collect();
                left.sort_unstable();
                left.dedup();
                out.push(left);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The notation written back reads as the same graph, up to the numbering.
        #[test]
        fn written_graphs_read_back(edges in arb_edges(&['l', 'r', 'e'], 7)) {
            let colour = |c: char| Colour::from_letter(c).unwrap_or(Colour::Green);
            let position = ArcKayles::new(ArcRules::Partizan, edges.iter().map(|&(a, b, c)| (a, b, colour(c))));
            let text = position.expression();
            let inner = text.trim_start_matches("partizan_arc_kayles(\"").trim_end_matches("\")");
            let back = ArcKayles::read(ArcRules::Partizan, inner).expect("reads back");
            let mut store = Store::new();
            prop_assert_eq!(value_of(&mut store, &back), value_of(&mut store, &position), "{}", text);
            prop_assert_eq!(back.components().len(), position.components().len());
            prop_assert_eq!(back.edges.len(), position.edges.len());
        }

        /// Moves against the definition, and values against the textbook.
        #[test]
        fn moves_and_values_agree_with_the_definition(edges in arb_edges(&['l', 'r', 'e'], 7)) {
            let colour = |c: char| Colour::from_letter(c).unwrap_or(Colour::Green);
            let position = ArcKayles::new(ArcRules::Partizan, edges.iter().map(|&(a, b, c)| (a, b, colour(c))));
            for player in [Player::Left, Player::Right] {
                let mut fast: Vec<Vec<(u32, u32, Colour)>> =
                    position.takes(player).into_iter().map(|(_, p)| p.edges).collect();
                fast.sort();
                fast.dedup(); // two takes may leave the same graph
                prop_assert_eq!(fast, brute_moves(&position.edges, player));
            }
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        /// Impartial: a nimber, and the search finds the class the value has.
        #[test]
        fn impartial_values_are_nimbers(edges in arb_edges(&['-'], 8)) {
            let position = ArcKayles::new(ArcRules::Impartial, edges.iter().map(|&(a, b, _)| (a, b, Colour::Green)));
            let mut store = Store::new();
            let g = value_of(&mut store, &position);
            prop_assert!(store.is_nimber(g));
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            prop_assert_eq!(oracle::searched_class(&mut store, &position), store.outcome(g));
        }
    }
}
