//! Blue-Red-Green Hackenbush (Winning Ways, ch. 1–2 and 7), on stalks and on general graphs.
//!
//! Edges are blue (Left's, written `l`), red (Right's, `r`) or green (either player's, `e`). A
//! move cuts one edge the mover may cut; every edge no longer connected to the ground falls
//! away. The last player to move wins.
//!
//! # Notation
//!
//! **Stalks** (a text without digits): each stalk is a string of `l`, `r`, `e` read from the
//! ground up, and stalks are separated by `|`; spaces are ignored. `"lrlrrllr"` is one stalk,
//! `"lr|e|rrl"` three, and `""` the empty picture (0).
//!
//! **Graphs** (a text with a digit and a `-`): edges separated by spaces, each `U-V:C` with vertex
//! numbers `U`, `V` and colour `C` in `l`, `r`, `e`. Vertex 0 is the ground: every point where
//! the picture touches the ground is vertex 0 (all of the ground is one vertex). Loops (`1-1:e`)
//! and parallel edges are allowed. Example, a triangle standing on the ground:
//! `"0-1:l 1-2:r 2-0:l"`. Every edge must be connected to the ground.
//!
//! **CGSuite's notation** (a text with any of `( ) ; : .`, see [`super::graph_notation`]):
//! trees `"l(l;rl)"` (a blue edge with two branches on top), and named vertices for cycles,
//! `":{ground}llrr:{ground}"`; the first vertex is the ground.
//!
//! # Childish Hackenbush
//!
//! `childish_hackenbush(…)` takes the same notations, and a blue or red edge may be cut only
//! when no other edge falls with it (green edges as ever), as CGSuite's `ChildishHackenbush`.
//! Its pictures are always searched as graphs (a stalk is a path from the ground).
//!
//! # Evaluation
//!
//! A stalk of blue and red edges is a number read off by Berlekamp's sign-expansion rule
//! ([`stalk_value`]), in time linear in its length. Stalks with green edges, and graphs, go
//! through [`Evaluator`]; a graph is split into the parts that meet only at the ground, since
//! cutting an edge in one part never disconnects another. A part (or stalk) that is all
//! green is a nimber, valued in linear time by the fusion and colon principles
//! ([`conway_graph::green_hackenbush`], shared with the impartial Green Hackenbush); only
//! parts with a blue or red edge are searched, and a search reaching an all-green position
//! values it the same way.

use std::collections::HashMap;

use conway_graph::green_hackenbush::green_value;
use conway_graph::Multigraph;
use conway_numbers::Dyadic;
use num_bigint::BigInt;

use crate::graph_notation::parse_graph;
use crate::moves::{position_moves, Described, PositionMoves};
use crate::registry::{
    call, position, Limit, Param, ParamKind, Picture, PictureEdge, Pictured, Piece, Ruleset, Values,
};
use crate::{check_size, Evaluator, PartizanGame};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// Most edges in a stalk picture made of blue and red edges only (their values are exact
/// dyadic rationals with up to this many bits).
pub const MAX_STALK_EDGES: usize = 100_000;

/// Most edges in all stalks that mix green edges with blue or red ones, together. The search
/// itself is cheap (a stalk's positions are its prefixes), but the canonical form written out
/// in CGSuite notation roughly doubles with each edge: `lelele…` of 20 edges prints as about
/// 5 MB, of 24 edges as 137 MB.
pub const MAX_GREEN_STALK_EDGES: usize = 20;

/// Most edges in all the all-green stalks together, and in a graph of any colours. All-green
/// parts are valued in linear time by the fusion and colon principles; the bound keeps each
/// such part's value at most `*1024`, the largest nimber `eval` accepts written out.
pub const MAX_GREEN_EDGES: usize = 1024;

/// Most edges in the parts of a graph (meeting only at the ground) that have a blue or red
/// edge, together: those are searched. Positions are the connected edge subsets,
/// exponentially many in a dense picture: the complete graph on 6 vertices plus an edge (16
/// edges) takes about 1.5 s in a release build, a 21-edge ladder 12–28 s and the complete
/// graph on 7 vertices (21 edges, 1.8 million positions) 80 s.
pub const MAX_GRAPH_EDGES: usize = 16;

/// The colour of an edge, which says who may cut it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    /// Left's edge, `l`.
    Blue,
    /// Right's edge, `r`.
    Red,
    /// Either player's edge, `e`.
    Green,
}

impl Colour {
    pub(crate) fn from_letter(c: char) -> Option<Colour> {
        match c {
            'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The letter of the notation: `l`, `r` or `e`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            Colour::Green => 'e',
        }
    }

    /// What a front end draws: Left's, Right's or either player's edge.
    pub fn piece(self) -> Piece {
        match self {
            Colour::Blue => Piece::Left,
            Colour::Red => Piece::Right,
            Colour::Green => Piece::Either,
        }
    }

    /// The colour a front end's piece stands for.
    fn of(piece: Piece) -> Result<Colour, PartizanError> {
        match piece {
            Piece::Left => Ok(Colour::Blue),
            Piece::Right => Ok(Colour::Red),
            Piece::Either => Ok(Colour::Green),
            other => Err(PartizanError::InvalidInput(format!(
                "hackenbush: an edge is blue (left), red (right) or green (either), not {other:?}"
            ))),
        }
    }

    /// The colour's name: blue, red or green.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }

    /// Whether the player (Left when `left`) may cut an edge of this colour.
    pub(crate) fn cuttable_by(self, player: Player) -> bool {
        let left = player.is_left();
        match self {
            Colour::Blue => left,
            Colour::Red => !left,
            Colour::Green => true,
        }
    }

    /// +1 for blue, −1 for red, nothing for green.
    fn sign(self) -> Option<i32> {
        match self {
            Colour::Blue => Some(1),
            Colour::Red => Some(-1),
            Colour::Green => None,
        }
    }
}

/// The nimber of an all-green picture, given by its edges (vertex 0 the ground), by the
/// fusion and colon principles; `None` when an edge is blue or red.
fn green_picture_value(store: &mut Store, edges: &[Edge]) -> Option<GameId> {
    if edges.iter().any(|e| e.colour != Colour::Green) {
        return None;
    }
    let vertices = edges.iter().map(|e| e.high as usize + 1).max().unwrap_or(1);
    let ends = edges.iter().map(|e| (e.low, e.high)).collect();
    let picture = Multigraph::new(vertices, ends).ok()?;
    Some(store.nimber(green_value(&picture, 0, None).value))
}

/// The value of a blue-red stalk (listed from the ground up) by Berlekamp's rule, or `None`
/// if the stalk has a green edge (or, beyond any practical size, 2^32 edges after the first
/// change of colour).
///
/// The run of edges of the ground edge's colour counts ±1 each (+ for blue); after that,
/// the k-th edge counts ±1/2^k. Why: cutting the top edge is each player's least costly move,
/// and the simplicity theorem puts the stalk halfway between the values left by those cuts.
/// For example `lrlrrllr` = 1 − 1/2 + 1/4 − 1/8 − 1/16 + 1/32 + 1/64 − 1/128 = 77/128.
pub fn stalk_value(stalk: &[Colour]) -> Option<Dyadic> {
    let Some(&ground) = stalk.first() else {
        return Some(Dyadic::zero());
    };
    let run = stalk.iter().take_while(|&&c| c == ground).count();
    let rest = &stalk[run..];
    let bits = rest.len();
    // Everything over the common denominator 2^bits.
    let mut numerator = (BigInt::from(run) * ground.sign()?) << bits;
    for (k, colour) in rest.iter().enumerate() {
        numerator += BigInt::from(colour.sign()?) << (bits - 1 - k);
    }
    Some(Dyadic::from_parts(numerator, u32::try_from(bits).ok()?))
}

/// A picture of stalks: a sum of single-stalk Hackenbush games.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Stalks {
    /// Non-empty stalks, each from the ground up, in sorted order.
    stalks: Vec<Vec<Colour>>,
}

/// Reads the stalk notation (see the module documentation) into the stalks as written, in
/// their order (empty ones kept), checking the limits.
fn stalk_list(text: &str) -> Result<Vec<Vec<Colour>>, PartizanError> {
    check_size("hackenbush text", text.len(), 2 * MAX_STALK_EDGES)?;
    let mut stalks = vec![Vec::new()];
    for (i, c) in text.chars().enumerate() {
        if let Some(colour) = Colour::from_letter(c) {
            if let Some(stalk) = stalks.last_mut() {
                stalk.push(colour);
            }
        } else if c == '|' {
            stalks.push(Vec::new());
        } else if c != ' ' {
            return Err(PartizanError::parse(
                i + 1,
                format!(
                    "hackenbush: unexpected {c:?}; a stalk is made of l (blue), r (red) \
                     and e (green), and stalks are separated by |"
                ),
            ));
        }
    }
    let edges_where = |keep: fn(&[Colour]) -> bool| -> usize {
        stalks.iter().filter(|s| keep(s)).map(Vec::len).sum()
    };
    let all_green = edges_where(|s| s.iter().all(|&c| c == Colour::Green));
    let mixed =
        edges_where(|s| s.contains(&Colour::Green) && s.iter().any(|&c| c != Colour::Green));
    check_size("hackenbush stalks", edges_where(|_| true), MAX_STALK_EDGES)?;
    check_size(
        "hackenbush stalks mixing green with blue or red edges",
        mixed,
        MAX_GREEN_STALK_EDGES,
    )?;
    check_size("hackenbush all-green stalks", all_green, MAX_GREEN_EDGES)?;
    Ok(stalks)
}

impl Stalks {
    /// The picture of these stalks (empty ones are dropped; the order does not matter).
    pub fn new(stalks: Vec<Vec<Colour>>) -> Stalks {
        let mut stalks: Vec<Vec<Colour>> = stalks.into_iter().filter(|s| !s.is_empty()).collect();
        stalks.sort();
        Stalks { stalks }
    }

    /// Reads the stalk notation (see the module documentation).
    pub fn parse(text: &str) -> Result<Stalks, PartizanError> {
        Ok(Stalks::new(stalk_list(text)?))
    }

    /// The stalks, each from the ground up.
    pub fn stalks(&self) -> &[Vec<Colour>] {
        &self.stalks
    }

    /// The canonical form: blue-red stalks by [`stalk_value`], all-green ones by the fusion
    /// and colon principles, the others by search.
    pub fn value(&self, store: &mut Store) -> GameId {
        self.value_with(store, &mut Evaluator::new())
    }

    /// [`Stalks::value`] searching with `evaluator`, whose table may be shared between
    /// pictures.
    fn value_with(&self, store: &mut Store, evaluator: &mut Evaluator<Stalks>) -> GameId {
        let mut total = store.zero();
        for stalk in &self.stalks {
            let value = match stalk_value(stalk) {
                Some(x) => store.number(x),
                None => evaluator.canonical_form(store, &Stalks::new(vec![stalk.clone()])),
            };
            total = store.add(total, value);
        }
        total
    }

    fn moves(&self, player: Player) -> Vec<Stalks> {
        let mut moves = Vec::new();
        for (i, stalk) in self.stalks.iter().enumerate() {
            for (height, colour) in stalk.iter().enumerate() {
                if colour.cuttable_by(player) {
                    let mut next = self.stalks.clone();
                    next[i].truncate(height);
                    moves.push(Stalks::new(next));
                }
            }
        }
        moves
    }
}

impl crate::Position for Stalks {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl PartizanGame for Stalks {
    fn components(&self) -> Vec<Self> {
        self.stalks
            .iter()
            .map(|s| Stalks {
                stalks: vec![s.clone()],
            })
            .collect()
    }

    /// All green: the stalks as paths up from the ground, a nimber.
    fn known_value(&self, store: &mut Store) -> Option<GameId> {
        let mut edges = Vec::new();
        let mut top = 0u32;
        for stalk in &self.stalks {
            let mut below = 0;
            for &colour in stalk {
                top += 1;
                edges.push(Edge::new(below, top, colour));
                below = top;
            }
        }
        green_picture_value(store, &edges)
    }
}

/// One edge of a Hackenbush graph, with its ends in increasing order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Edge {
    /// The smaller vertex number (0 is the ground).
    pub low: u32,
    /// The larger vertex number.
    pub high: u32,
    /// Who may cut it.
    pub colour: Colour,
}

impl Edge {
    /// The edge between two vertices, whichever order they come in.
    pub fn new(a: u32, b: u32, colour: Colour) -> Edge {
        Edge {
            low: a.min(b),
            high: a.max(b),
            colour,
        }
    }
}

/// A Hackenbush picture as a graph whose vertex 0 is the ground.
///
/// It is kept normalised, which makes it a good transposition-table key: only edges connected
/// to the ground, vertices renumbered 0, 1, 2, … in their original order (the ground stays 0),
/// edges sorted.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct HackenbushGraph {
    edges: Vec<Edge>,
    /// Childish Hackenbush: a blue or red edge may be cut only if no other edge falls.
    childish: bool,
}

impl HackenbushGraph {
    /// The picture left of these edges once everything not connected to the ground has fallen.
    pub fn from_edges(edges: impl IntoIterator<Item = Edge>) -> HackenbushGraph {
        let edges: Vec<Edge> = edges.into_iter().collect();
        let grounded = grounded_edges(&edges);
        let kept = edges
            .into_iter()
            .zip(grounded)
            .filter_map(|(e, g)| g.then_some(e))
            .collect();
        HackenbushGraph {
            edges: renumbered(kept),
            childish: false,
        }
    }

    /// The same picture under the rules of Childish Hackenbush (`childish`) or the ordinary
    /// ones.
    pub fn childish(self, childish: bool) -> HackenbushGraph {
        HackenbushGraph { childish, ..self }
    }

    /// Reads the graph notation (see the module documentation). Edges not connected to the
    /// ground are refused rather than dropped, since they are almost certainly a typo.
    pub fn parse(text: &str) -> Result<HackenbushGraph, PartizanError> {
        HackenbushGraph::checked(written_edges(text)?)
    }

    /// The picture of grounded edges, checked against [`MAX_GRAPH_EDGES`].
    fn checked(edges: Vec<Edge>) -> Result<HackenbushGraph, PartizanError> {
        let graph = HackenbushGraph::from_edges(edges);
        let searched: usize = graph
            .components()
            .iter()
            .filter(|part| !part.is_all_green())
            .map(|part| part.edges.len())
            .sum();
        check_size(
            "hackenbush graph (its parts with blue or red edges)",
            searched,
            MAX_GRAPH_EDGES,
        )?;
        Ok(graph)
    }

    /// Whether every edge is green (an impartial picture).
    fn is_all_green(&self) -> bool {
        self.edges.iter().all(|e| e.colour == Colour::Green)
    }

    /// The edges, normalised as described on the type.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    fn moves(&self, player: Player) -> Vec<HackenbushGraph> {
        (0..self.edges.len())
            .filter(|&i| self.edges[i].colour.cuttable_by(player))
            .filter_map(|i| {
                let mut rest = self.edges.clone();
                rest.remove(i);
                let after = HackenbushGraph::from_edges(rest).childish(self.childish);
                let childish_rule = self.childish && self.edges[i].colour != Colour::Green;
                let others_fell = after.edges.len() + 1 < self.edges.len();
                (!(childish_rule && others_fell)).then_some(after)
            })
            .collect()
    }
}

impl crate::Position for HackenbushGraph {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl PartizanGame for HackenbushGraph {
    /// The parts that meet only at the ground: the connected pieces once the ground vertex is
    /// taken away, each with its edges to the ground. A loop at the ground is a part by itself.
    fn components(&self) -> Vec<Self> {
        let vertices = self.edges.iter().map(|e| e.high as usize + 1).max();
        let mut parent: Vec<usize> = (0..vertices.unwrap_or(1)).collect();
        for e in &self.edges {
            if e.low != 0 {
                let (a, b) = (
                    find(&mut parent, e.low as usize),
                    find(&mut parent, e.high as usize),
                );
                parent[a] = b;
            }
        }
        let mut parts: HashMap<usize, Vec<Edge>> = HashMap::new();
        let mut ground_loops = Vec::new();
        for &e in &self.edges {
            if e.high == 0 {
                ground_loops.push(HackenbushGraph {
                    edges: vec![e],
                    childish: self.childish,
                });
            } else {
                let root = find(&mut parent, e.high as usize);
                parts.entry(root).or_default().push(e);
            }
        }
        let mut components: Vec<HackenbushGraph> = parts
            .into_values()
            .map(|edges| HackenbushGraph {
                edges: renumbered(edges),
                childish: self.childish,
            })
            .collect();
        components.extend(ground_loops);
        components
    }

    /// All green: a nimber.
    fn known_value(&self, store: &mut Store) -> Option<GameId> {
        green_picture_value(store, &self.edges)
    }
}

/// The edges of the graph notation as written (their order, their vertex numbers), each
/// checked to be connected to the ground, and their number against [`MAX_GREEN_EDGES`].
fn written_edges(text: &str) -> Result<Vec<Edge>, PartizanError> {
    check_size(
        "hackenbush graph",
        text.split_whitespace().count(),
        MAX_GREEN_EDGES,
    )?;
    let mut edges = Vec::new();
    let mut columns = Vec::new();
    for (column, token) in tokens(text) {
        edges.push(parse_edge(token, column)?);
        columns.push(column);
    }
    let grounded = grounded_edges(&edges);
    if let Some(i) = grounded.iter().position(|&g| !g) {
        let e = edges[i];
        return Err(PartizanError::parse(
            columns[i],
            format!(
                "hackenbush: edge {}-{} is not connected to the ground (vertex 0)",
                e.low, e.high
            ),
        ));
    }
    Ok(edges)
}

/// The root of a vertex in a union-find forest, halving paths on the way.
pub(crate) fn find(parent: &mut [usize], mut v: usize) -> usize {
    while parent[v] != v {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    v
}

/// For each edge, whether it is connected to the ground.
fn grounded_edges(edges: &[Edge]) -> Vec<bool> {
    let mut labels: Vec<u32> = edges.iter().flat_map(|e| [e.low, e.high]).collect();
    labels.push(0);
    labels.sort_unstable();
    labels.dedup();
    let index = |v: u32| labels.binary_search(&v).unwrap_or(0);
    let mut adjacent = vec![Vec::new(); labels.len()];
    for e in edges {
        let (a, b) = (index(e.low), index(e.high));
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    // Label 0 sorts first, so the ground has index 0.
    let mut reached = vec![false; labels.len()];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(v) = stack.pop() {
        for &w in &adjacent[v] {
            if !reached[w] {
                reached[w] = true;
                stack.push(w);
            }
        }
    }
    edges.iter().map(|e| reached[index(e.low)]).collect()
}

/// Renumbers the vertices 0, 1, 2, … in their original order (0 stays the ground) and sorts.
fn renumbered(edges: Vec<Edge>) -> Vec<Edge> {
    let mut labels: Vec<u32> = edges.iter().flat_map(|e| [e.low, e.high]).collect();
    labels.push(0);
    labels.sort_unstable();
    labels.dedup();
    let index = |v: u32| {
        let i = labels.binary_search(&v).unwrap_or(0);
        u32::try_from(i).unwrap_or(u32::MAX)
    };
    let mut edges: Vec<Edge> = edges
        .into_iter()
        .map(|e| Edge::new(index(e.low), index(e.high), e.colour))
        .collect();
    edges.sort_unstable();
    edges
}

/// The whitespace-separated tokens of a text with their 1-based starting columns.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (true, Some((s, col))) => {
                tokens.push((col, &text[s..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        tokens.push((col, &text[s..]));
    }
    tokens
}

/// Reads one `U-V:C` edge that starts at `column`.
fn parse_edge(token: &str, column: usize) -> Result<Edge, PartizanError> {
    let (a, b, colour) = edge_as_written(token, column)?;
    Ok(Edge::new(a, b, colour))
}

/// An edge `U-V:C` with its ends in the order written.
fn edge_as_written(token: &str, column: usize) -> Result<(u32, u32, Colour), PartizanError> {
    let shape = || {
        PartizanError::parse(
            column,
            format!(
                "hackenbush: edge {token:?} should look like U-V:C, e.g. 0-1:l (vertex 0 is the \
                 ground)"
            ),
        )
    };
    let (ends, colour) = token.split_once(':').ok_or_else(shape)?;
    let (a, b) = ends.split_once('-').ok_or_else(shape)?;
    let vertex = |text: &str, offset: usize| {
        let bad = |what: &str| {
            PartizanError::parse(
                column + offset,
                format!("hackenbush: {what} vertex {text:?}"),
            )
        };
        if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad("bad"));
        }
        text.parse::<u32>().map_err(|_| bad("too large a"))
    };
    let a_count = a.chars().count();
    let low = vertex(a, 0)?;
    let high = vertex(b, a_count + 1)?;
    let colour_column = column + a_count + b.chars().count() + 2;
    let mut letters = colour.chars();
    match (letters.next().and_then(Colour::from_letter), letters.next()) {
        (Some(c), None) => Ok((low, high, c)),
        _ => Err(PartizanError::parse(
            colour_column,
            format!("hackenbush: bad colour {colour:?}; expected l (blue), r (red) or e (green)"),
        )),
    }
}

/// Hackenbush in the registry: pictures in stalk, graph or CGSuite notation (see the module
/// documentation).
pub static HACKENBUSH: Ruleset = Ruleset {
    name: "hackenbush",
    aliases: &[],
    title: "Hackenbush",
    summary: "Hackenbush; stalks l (blue) r (red) e (green) split by |, or edges 0-1:l",
    params: &[Param::new("lr|e", ParamKind::Position)],
    example: "hackenbush(\"0-1:l 1-2:r 2-0:e\")",
    limits: &[
        Limit::new(
            "edges of blue and red stalks",
            MAX_STALK_EDGES as u64,
            || call(HACKENBUSH.name, &"l".repeat(MAX_STALK_EDGES + 1)),
        ),
        Limit::new(
            "edges of stalks mixing green with blue or red",
            MAX_GREEN_STALK_EDGES as u64,
            || {
                call(
                    HACKENBUSH.name,
                    &format!("e{}", "l".repeat(MAX_GREEN_STALK_EDGES)),
                )
            },
        ),
        Limit::new(
            "edges of all-green stalks, or of a graph",
            MAX_GREEN_EDGES as u64,
            || call(HACKENBUSH.name, &"e".repeat(MAX_GREEN_EDGES + 1)),
        ),
        Limit::new(
            "edges of a graph's parts with blue or red edges",
            MAX_GRAPH_EDGES as u64,
            || {
                // A cycle of blue edges through the ground, one edge too long.
                let edges: Vec<String> = (0..=MAX_GRAPH_EDGES)
                    .map(|i| format!("{i}-{}:l", (i + 1) % (MAX_GRAPH_EDGES + 1)))
                    .collect();
                call(HACKENBUSH.name, &edges.join(" "))
            },
        ),
    ],
    values: Values::Short {
        value: |store, args| drawing_value(store, position(args, |t| drawing(t, false))?),
        moves: |store, args| drawing_moves(store, position(args, |t| drawing(t, false))?),
        variant: |store, variant, args| {
            drawing_variant(store, variant, position(args, |t| drawing(t, false))?)
        },
    },
    board: None,
    picture: Some(Pictured {
        read: |text| picture_of(text, HACKENBUSH.name),
        write: picture_text,
    }),
    search: None,
};

/// Childish Hackenbush in the registry (the same notations): a blue or red edge may be cut
/// only if no other edge falls with it; green edges as ever.
pub static CHILDISH_HACKENBUSH: Ruleset = Ruleset {
    name: "childish_hackenbush",
    aliases: &["ChildishHackenbush"],
    title: "Childish Hackenbush",
    summary: "Childish Hackenbush: blue or red edges only where nothing falls",
    params: &[Param::new("l(l;rl)", ParamKind::Position)],
    example: "childish_hackenbush(\"(e:B;e:Bllllllrrr:B)\")",
    // Every stalk is searched as a graph here: a blue or red edge may be cut only where
    // nothing falls, which the stalks' own evaluator does not know.
    limits: &[
        Limit::new(
            "edges of a graph's parts with blue or red edges",
            MAX_GRAPH_EDGES as u64,
            || call(CHILDISH_HACKENBUSH.name, &"l".repeat(MAX_GRAPH_EDGES + 1)),
        ),
        Limit::new(
            "edges of all-green stalks, or of a graph",
            MAX_GREEN_EDGES as u64,
            || call(CHILDISH_HACKENBUSH.name, &"e".repeat(MAX_GREEN_EDGES + 1)),
        ),
    ],
    values: Values::Short {
        value: |store, args| drawing_value(store, position(args, |t| drawing(t, true))?),
        moves: |store, args| drawing_moves(store, position(args, |t| drawing(t, true))?),
        variant: |store, variant, args| {
            drawing_variant(store, variant, position(args, |t| drawing(t, true))?)
        },
    },
    board: None,
    picture: Some(Pictured {
        read: |text| picture_of(text, CHILDISH_HACKENBUSH.name),
        write: picture_text,
    }),
    search: None,
};

/// The canonical form of a picture as read: stalks by their own evaluator, graphs searched.
fn drawing_value(store: &mut Store, drawing: Drawing) -> Result<GameId, PartizanError> {
    match drawing {
        Drawing::Stalks(stalks) => Ok(Stalks::new(stalks).value(store)),
        Drawing::Graph { edges, childish } => {
            let graph = HackenbushGraph::checked(edges)?.childish(childish);
            Ok(Evaluator::new().canonical_form(store, &graph))
        }
    }
}

/// A variant of a picture as read, played on its edges.
fn drawing_variant(
    store: &mut Store,
    variant: crate::variant::Variant,
    drawing: Drawing,
) -> Result<GameId, PartizanError> {
    match drawing {
        Drawing::Stalks(stalks) => crate::variant::value_of(store, variant, &Stalks::new(stalks)),
        Drawing::Graph { edges, childish } => {
            let graph = HackenbushGraph::checked(edges)?.childish(childish);
            crate::variant::value_of(store, variant, &graph)
        }
    }
}

/// The picture a text describes: graph notation when it has a digit and a `-`, CGSuite's
/// notation when it has any of `( ) ; : .`, stalks otherwise. Childish pictures are always graphs (a stalk
/// becomes a path from the ground).
fn drawing(text: &str, childish: bool) -> Result<Drawing, PartizanError> {
    let name = if childish {
        CHILDISH_HACKENBUSH.name
    } else {
        HACKENBUSH.name
    };
    let edges = if text.chars().any(|c| c.is_ascii_digit()) && text.contains('-') {
        written_edges(text)?
    } else if text.chars().any(|c| "();:.".contains(c)) {
        cgsuite_edges(text, name)?
    } else if childish {
        stalk_edges(&stalk_list(text)?)
    } else {
        return Ok(Drawing::Stalks(stalk_list(text)?));
    };
    Ok(Drawing::Graph { edges, childish })
}

/// A picture as the front ends draw it: stalks as written, or a graph's edges with their
/// ends in the order written (CGSuite's notation read as a graph).
fn picture_of(text: &str, name: &str) -> Result<Picture, PartizanError> {
    let edge = |a: u32, b: u32, colour: Colour| PictureEdge {
        a,
        b,
        piece: colour.piece(),
    };
    if text.chars().any(|c| c.is_ascii_digit()) && text.contains('-') {
        written_edges(text)?;
        tokens(text)
            .into_iter()
            .map(|(column, token)| edge_as_written(token, column).map(|(a, b, c)| edge(a, b, c)))
            .collect::<Result<_, _>>()
            .map(Picture::Graph)
    } else if text.chars().any(|c| "();:.".contains(c)) {
        let edges = cgsuite_edges(text, name)?;
        if edges.is_empty() {
            // Nothing drawn: as the empty text, which is what an empty graph writes.
            return picture_of("", name);
        }
        Ok(Picture::Graph(
            edges
                .iter()
                .map(|e| edge(e.low, e.high, e.colour))
                .collect(),
        ))
    } else {
        let stalks = stalk_list(text)?;
        Ok(Picture::Stalks(
            stalks
                .iter()
                .map(|stalk| stalk.iter().map(|c| c.piece()).collect())
                .collect(),
        ))
    }
}

/// A picture written in stalk or graph notation; the edges of a graph no longer joined to
/// the ground fall (the rules of Hackenbush), the others keep their order and vertices.
fn picture_text(picture: &Picture) -> Result<String, PartizanError> {
    let letter = |piece: Piece| Colour::of(piece).map(Colour::letter);
    match picture {
        Picture::Stalks(stalks) => {
            let written: Vec<String> = stalks
                .iter()
                .map(|stalk| stalk.iter().map(|&p| letter(p)).collect())
                .collect::<Result<_, _>>()?;
            Ok(written.join("|"))
        }
        Picture::Graph(edges) => {
            let as_edges: Vec<Edge> = edges
                .iter()
                .map(|e| Ok(Edge::new(e.a, e.b, Colour::of(e.piece)?)))
                .collect::<Result<_, PartizanError>>()?;
            let grounded = grounded_edges(&as_edges);
            let written: Vec<String> = edges
                .iter()
                .zip(grounded)
                .filter(|(_, joined)| *joined)
                .map(|(e, _)| Ok(format!("{}-{}:{}", e.a, e.b, letter(e.piece)?)))
                .collect::<Result<_, PartizanError>>()?;
            Ok(written.join(" "))
        }
    }
}

/// The edges of a picture in CGSuite's notation ([`graph_notation`]), each connected to the
/// ground, at most [`MAX_GREEN_EDGES`] of them.
fn cgsuite_edges(text: &str, name: &str) -> Result<Vec<Edge>, PartizanError> {
    let written = parse_graph(text, name, "lre")?;
    check_size(&format!("{name} picture"), written.len(), MAX_GREEN_EDGES)?;
    let edges: Vec<Edge> = written
        .iter()
        .map(|e| {
            let colour = Colour::from_letter(e.letter).unwrap_or(Colour::Green);
            Edge::new(e.from, e.to, colour)
        })
        .collect();
    if let Some(i) = grounded_edges(&edges).iter().position(|&g| !g) {
        return Err(PartizanError::parse(
            written[i].column,
            format!("{name}: this edge is not connected to the ground"),
        ));
    }
    Ok(edges)
}

/// Stalks as a graph: each a path up from the ground (vertex 0).
fn stalk_edges(stalks: &[Vec<Colour>]) -> Vec<Edge> {
    let mut edges = Vec::new();
    let mut next = 1u32;
    for stalk in stalks {
        let mut below = 0;
        for &colour in stalk {
            edges.push(Edge::new(below, next, colour));
            (below, next) = (next, next + 1);
        }
    }
    edges
}

/// A Hackenbush picture as it was written, for telling its moves: the stalks in their order
/// (a stalk cut to nothing stays, empty, so that stalk numbers keep their meaning), or the
/// graph's edges with their vertex numbers.
#[derive(Clone, Debug)]
enum Drawing {
    Stalks(Vec<Vec<Colour>>),
    Graph { edges: Vec<Edge>, childish: bool },
}

impl Described for Drawing {
    fn expression(&self) -> String {
        let text = match self {
            Drawing::Stalks(stalks) => {
                let stalks: Vec<String> = stalks
                    .iter()
                    .map(|s| s.iter().map(|c| c.letter()).collect())
                    .collect();
                stalks.join("|")
            }
            Drawing::Graph { edges, .. } => {
                let edges: Vec<String> = edges
                    .iter()
                    .map(|e| format!("{}-{}:{}", e.low, e.high, e.colour.letter()))
                    .collect();
                edges.join(" ")
            }
        };
        let name = match self {
            Drawing::Graph { childish: true, .. } => "childish_hackenbush",
            _ => "hackenbush",
        };
        format!("{name}(\"{text}\")")
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Drawing)> {
        let fallen = |n: usize| match n {
            0 => String::new(),
            1 => " (1 edge falls with it)".to_string(),
            n => format!(" ({n} edges fall with it)"),
        };
        let mut moves = Vec::new();
        match self {
            Drawing::Stalks(stalks) => {
                for (i, stalk) in stalks.iter().enumerate() {
                    for (height, colour) in stalk.iter().enumerate() {
                        if colour.cuttable_by(player) {
                            let mut next = stalks.clone();
                            next[i].truncate(height);
                            let text = format!(
                                "{} cuts the {} edge {} of stalk {}{}",
                                player.name(),
                                colour.name(),
                                height + 1,
                                i + 1,
                                fallen(stalk.len() - height - 1)
                            );
                            moves.push((text, Drawing::Stalks(next)));
                        }
                    }
                }
            }
            Drawing::Graph { edges, childish } => {
                for (i, e) in edges.iter().enumerate() {
                    if e.colour.cuttable_by(player) {
                        let mut rest = edges.clone();
                        rest.remove(i);
                        let grounded = grounded_edges(&rest);
                        let kept: Vec<Edge> = rest
                            .iter()
                            .zip(&grounded)
                            .filter_map(|(&e, &g)| g.then_some(e))
                            .collect();
                        let fell = rest.len() - kept.len();
                        if *childish && e.colour != Colour::Green && fell > 0 {
                            continue;
                        }
                        let text = format!(
                            "{} cuts the {} edge {}-{}{}",
                            player.name(),
                            e.colour.name(),
                            e.low,
                            e.high,
                            fallen(fell)
                        );
                        let after = Drawing::Graph {
                            edges: kept,
                            childish: *childish,
                        };
                        moves.push((text, after));
                    }
                }
            }
        }
        moves
    }

    fn move_count(&self, player: Player) -> usize {
        match self {
            Drawing::Stalks(stalks) => stalks
                .iter()
                .flatten()
                .filter(|colour| colour.cuttable_by(player))
                .count(),
            // At most 1,024 edges: listing them is cheap.
            Drawing::Graph { .. } => self.described_moves(player).len(),
        }
    }
}

fn drawing_moves(store: &mut Store, drawing: Drawing) -> Result<PositionMoves, PartizanError> {
    if let Drawing::Graph { edges, .. } = &drawing {
        HackenbushGraph::checked(edges.clone())?;
    }
    let (mut stalks, mut graphs) = (Evaluator::new(), Evaluator::new());
    position_moves(store, &drawing, |store, d| match d {
        Drawing::Stalks(s) => Stalks::new(s.clone()).value_with(store, &mut stalks),
        Drawing::Graph { edges, childish } => {
            let graph = HackenbushGraph::from_edges(edges.clone()).childish(*childish);
            graphs.canonical_form(store, &graph)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, textbook_value};
    use conway_partizan::naive::Tree;
    use conway_partizan::print::canonical_text;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        let mut store = Store::new();
        match HACKENBUSH.value_of_text(&mut store, text) {
            Ok(id) => canonical_text(&mut store, id),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn stalk(text: &str) -> Vec<Colour> {
        text.chars().filter_map(Colour::from_letter).collect()
    }

    /// A stalk's value by search, ignoring Berlekamp's rule.
    fn searched(store: &mut Store, colours: Vec<Colour>) -> GameId {
        Evaluator::new().canonical_form(store, &Stalks::new(vec![colours]))
    }

    /// The stalk as a graph: a path 0-1-2-… up from the ground.
    fn path(colours: &[Colour]) -> HackenbushGraph {
        HackenbushGraph::from_edges((0u32..).zip(colours).map(|(i, &c)| Edge::new(i, i + 1, c)))
    }

    #[test]
    fn stalk_values_by_berlekamps_rule() {
        // Winning Ways, ch. 1–2: one blue edge is 1, one red −1, and each later edge of a
        // stalk halves. Each value here is also checked by search below.
        for (text, value) in [
            ("", "0"),
            ("l", "1"),
            ("r", "-1"),
            ("ll", "2"),
            ("lr", "1/2"),
            ("lrr", "1/4"),
            ("lrl", "3/4"),
            ("rl", "-1/2"),
            ("llr", "3/2"),
            ("lrlrrllr", "77/128"),
        ] {
            let colours = stalk(text);
            let expected: Dyadic = value.parse().unwrap_or_else(|e| panic!("{value}: {e:?}"));
            assert_eq!(stalk_value(&colours), Some(expected.clone()), "{text}");
            let mut store = Store::new();
            assert_eq!(
                searched(&mut store, colours),
                store.number(expected),
                "{text}"
            );
            assert_eq!(value_text(text), value, "{text}");
        }
        assert_eq!(stalk_value(&stalk("le")), None);
    }

    #[test]
    fn green_stalks_are_nimbers() {
        // Winning Ways, ch. 7: a green stalk of n edges is a nim-heap of size n.
        assert_eq!(value_text("e"), "*");
        assert_eq!(value_text("ee"), "*2");
        assert_eq!(value_text("eeeee"), "*5");
        assert_eq!(value_text("ee|eee"), "*");
    }

    #[test]
    fn mixed_stalks() {
        // By hand: "le" = {0, 1 | 1} = {1 | 1} = 1*, and "el" = {0, * | 0} = ↑*.
        assert_eq!(value_text("le"), "1*");
        assert_eq!(value_text("el"), "^*");
        // Sums: 1/2 + −1/2 = 0; 1* + ↑* = 1↑.
        assert_eq!(value_text("lr | rl"), "0");
        assert_eq!(value_text("le|el"), "1^");
    }

    #[test]
    fn graphs_with_cycles() {
        // By hand: in the triangle 0-1 blue, 1-2 red, 2-0 blue, Left's cuts leave the stalk
        // lr = 1/2 and Right's leaves two blue edges = 2, so it is {1/2 | 2} = 1.
        assert_eq!(value_text("0-1:l 1-2:r 2-0:l"), "1");
        // Two blue edges and a red one: {rl, l + r | ll} = {−1/2, 0 | 2} = 1.
        assert_eq!(value_text("0-1:l 1-2:l 2-0:r"), "1");
        // A graph that is all blue is worth its number of edges.
        assert_eq!(value_text("0-1:l 1-2:l 2-0:l 1-3:l 3-3:l"), "5");
        // A red loop on top of a blue edge is the stalk lr.
        assert_eq!(value_text("0-1:l 1-1:r"), "1/2");
    }

    #[test]
    fn green_graphs_follow_the_fusion_and_colon_principles() {
        // Winning Ways, ch. 7, fusion principle: the vertices of a cycle fuse, its edges
        // becoming loops, so a green cycle through the ground is * for odd length and 0 for
        // even. By hand for the triangle: cuts leave the path *2 or the two edges *1 + *1 = 0,
        // so it is mex{0, 2} = *.
        assert_eq!(value_text("0-1:e 1-2:e 2-0:e"), "*");
        assert_eq!(value_text("0-1:e 1-2:e 2-3:e 3-0:e"), "0");
        assert_eq!(value_text("0-1:e 1-0:e"), "0");
        // Colon principle: branches *1 and *2 on one edge act as *3, making a stalk of 4.
        assert_eq!(value_text("0-1:e 1-2:e 1-3:e 3-4:e"), "*4");
        // A triangle hanging from a green edge fuses into an edge with three loops: *2.
        assert_eq!(value_text("0-1:e 1-2:e 2-3:e 3-1:e"), "*2");
    }

    /// All-green pictures beyond the search's reach are nimbers by the fusion and colon
    /// principles: the complete graph on 7 vertices (21 edges, 80 s of search) fuses to one
    /// vertex with 21 loops, *; green stalks are nim-heaps of any length up to the limit.
    #[test]
    fn large_green_pictures_are_valued_without_search() {
        let k7: Vec<String> = (0..7)
            .flat_map(|a| (a + 1..7).map(move |b| format!("{a}-{b}:e")))
            .collect();
        assert_eq!(value_text(&k7.join(" ")), "*");
        assert_eq!(value_text(&"e".repeat(MAX_GREEN_EDGES)), "*1024");
        assert_eq!(value_text(&format!("{}|eee", "e".repeat(100))), "*103");
        // A green part beside a searched blue-red part: 1/2 + *2.
        assert_eq!(value_text("0-1:l 1-2:r 0-3:e 3-4:e"), "1/2*2");
        // The blue-red limit counts only the parts with blue or red edges.
        let mut text = k7.join(" ");
        text.push_str(&" 0-0:l".repeat(MAX_GRAPH_EDGES));
        assert_eq!(value_text(&text), "16*");
    }

    #[test]
    fn graph_components_meet_only_at_the_ground() {
        let graph = HackenbushGraph::parse("0-1:l 1-2:r 0-3:e 3-4:e 4-0:e 0-0:r 5-0:l")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut sizes: Vec<usize> = graph.components().iter().map(|c| c.edges().len()).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![1, 1, 2, 3]);
    }

    #[test]
    fn bad_input_is_refused_with_its_column() {
        let mut store = Store::new();
        let error = |text: &str| match HACKENBUSH.value_of_text(&mut Store::new(), text) {
            Err(PartizanError::Parse { column, message }) => (column, message),
            other => panic!("{text}: {other:?}"),
        };
        for (text, column, part) in [
            ("lrx", 3, "unexpected 'x'"),
            ("0-1:l 1-2:q", 11, "bad colour \"q\""),
            ("0-1:l 1-2:lr", 11, "bad colour \"lr\""),
            ("0-1:l 1-a:r", 9, "bad vertex \"a\""),
            ("0-1:l  12", 8, "edge \"12\" should look like U-V:C"),
            ("0-1:l 2-3:r", 7, "edge 2-3 is not connected"),
            ("0-99999999999:l", 3, "too large a vertex"),
            // Columns count characters, not bytes.
            ("0-1:l\u{a0}1-2:z", 11, "bad colour \"z\""),
            ("0-1:l é", 7, "should look like U-V:C"),
        ] {
            let (c, message) = error(text);
            assert_eq!(c, column, "{text}: {message}");
            assert!(message.contains(part), "{text}: {message}");
            assert!(!message.contains("column"), "{text}: {message}");
        }
        // A stalk mixing green with blue is searched, and refused above its limit; an
        // all-green one is a nimber up to a larger one.
        let long_mixed = format!("l{}", "e".repeat(MAX_GREEN_STALK_EDGES));
        assert!(matches!(
            HACKENBUSH.value_of_text(&mut store, &long_mixed),
            Err(PartizanError::TooLarge { .. })
        ));
        let long_green = "e".repeat(MAX_GREEN_EDGES + 1);
        assert!(matches!(
            HACKENBUSH.value_of_text(&mut store, &long_green),
            Err(PartizanError::TooLarge { .. })
        ));
        let big_green_graph = "0-0:e ".repeat(MAX_GREEN_EDGES + 1);
        assert!(matches!(
            HACKENBUSH.value_of_text(&mut store, &big_green_graph),
            Err(PartizanError::TooLarge { .. })
        ));
        let big_graph = "0-0:l ".repeat(MAX_GRAPH_EDGES + 1);
        assert!(matches!(
            HACKENBUSH.value_of_text(&mut store, &big_graph),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn long_blue_red_stalks_are_instant() {
        let text: String = "lr".repeat(MAX_STALK_EDGES / 2);
        let mut store = Store::new();
        let id = HACKENBUSH
            .value_of_text(&mut store, &text)
            .unwrap_or_else(|e| panic!("{e}"));
        // l(rl)* approaches 2/3 from below.
        let value = store.as_number(id).cloned().unwrap_or_default();
        assert!(value > Dyadic::new(666, 10));
        assert!(&value * &Dyadic::from_integer(3) < Dyadic::from_integer(2));
    }

    fn arb_colour(green: bool) -> impl Strategy<Value = Colour> {
        let colours = if green {
            vec![Colour::Blue, Colour::Red, Colour::Green]
        } else {
            vec![Colour::Blue, Colour::Red]
        };
        prop::sample::select(colours)
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala`, "Hackenbush" and
    /// "Childish Hackenbush"), in CGSuite's own notation; the green girl is Winning Ways,
    /// ch. 7, figure 3.
    #[test]
    fn cgsuite_pictures() {
        let mut store = Store::new();
        for (text, expected) in [
            ("lrlrrllr", "77/128"),
            ("l(l;rl)", "3/2"),
            ("eeeeeee", "*7"),
            ("lrlerrr", "3/4v[3]*"),
            ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
            ("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"),
        ] {
            let g = HACKENBUSH
                .value_of_text(&mut store, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(canonical_text(&mut store, g), expected, "{text}");
        }
        for (text, expected) in [
            ("l(l;rl)", "2"),
            (":{ground}llllllrrrr:{ground}", "{4|-2}"),
            ("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"),
            ("(e:B;e:Bllllllrrr:B)", "{0|^[4]*||vv}"),
        ] {
            let g = CHILDISH_HACKENBUSH
                .value_of_text(&mut store, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(canonical_text(&mut store, g), expected, "{text}");
        }
        let g = CHILDISH_HACKENBUSH
            .value_of_text(&mut store, "(e:B;e:B;e:Blllllllllrr:B)")
            .expect("valid");
        let weight = conway_partizan::infinitesimal::atomic_weight(&mut store, g).expect("atomic");
        assert_eq!(canonical_text(&mut store, weight), "3/2");
        // A vertex named by a digit is CGSuite's notation, not the numbered-edge one.
        let g = HACKENBUSH
            .value_of_text(&mut store, ":1ll:1")
            .expect("a loop of two blue edges");
        assert_eq!(canonical_text(&mut store, g), "2");
        // CGSuite: "That `Graph` is not connected."; here the ';' is refused where it stands.
        assert!(matches!(
            HACKENBUSH.value_of_text(&mut store, "lrlr;lr"),
            Err(PartizanError::Parse { column: 5, .. })
        ));
    }

    #[test]
    fn childish_moves_keep_every_other_edge_standing() {
        let mut store = Store::new();
        let moves = CHILDISH_HACKENBUSH
            .moves_of_text(&mut store, "lre")
            .expect("valid");
        // Only the top (green) edge may go: cutting the blue or the red one would drop the
        // edges above it.
        let left: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(left, ["Left cuts the green edge 2-3"]);
        let right: Vec<&str> = moves.right.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(right, ["Right cuts the green edge 2-3"]);
        assert_eq!(moves.right[0].to, "childish_hackenbush(\"0-1:l 1-2:r\")");
    }

    /// The moves of a picture are counted without being built (a stalk of 100,000 edges has
    /// as many), and the count is the number listed.
    #[test]
    fn moves_are_counted_as_listed() {
        use crate::moves::Described;
        for text in ["lre|rrl|e", "0-1:l 1-2:r 2-0:e 1-1:l", "", "lrlrlrl"] {
            let picture = drawing(text, false).expect("valid");
            for player in Player::BOTH {
                assert_eq!(
                    picture.move_count(player),
                    picture.described_moves(player).len(),
                    "{text} {player}"
                );
            }
        }
        let long = drawing(&"lr".repeat(50_000), false).expect("valid");
        assert_eq!(
            (
                long.move_count(Player::Left),
                long.move_count(Player::Right)
            ),
            (50_000, 50_000)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Childish Hackenbush on random graphs equals the textbook value of the same rules.
        #[test]
        fn childish_graphs_agree_with_the_textbook(
            edges in prop::collection::vec((0u32..4, 0u32..4, arb_colour(true)), 0..=6),
        ) {
            let graph = HackenbushGraph::from_edges(
                edges.into_iter().map(|(a, b, c)| Edge::new(a, b, c)),
            )
            .childish(true);
            prop_assert_eq!(agrees_with_textbook(&graph), Ok(()));
        }

        #[test]
        fn berlekamps_rule_is_the_searched_value(
            colours in prop::collection::vec(arb_colour(false), 0..=10)
        ) {
            let mut store = Store::new();
            let rule = stalk_value(&colours).map(|x| store.number(x));
            prop_assert_eq!(rule, Some(searched(&mut store, colours)));
        }

        #[test]
        fn stalks_agree_with_the_textbook(
            stalks in prop::collection::vec(prop::collection::vec(arb_colour(true), 0..=4), 0..=3)
        ) {
            prop_assert_eq!(agrees_with_textbook(&Stalks::new(stalks)), Ok(()));
        }

        #[test]
        fn a_stalk_drawn_as_a_path_has_the_stalk_value(
            colours in prop::collection::vec(arb_colour(true), 0..=7)
        ) {
            let mut store = Store::new();
            let as_stalk = searched(&mut store, colours.clone());
            let as_graph = Evaluator::new().canonical_form(&mut store, &path(&colours));
            prop_assert_eq!(as_stalk, as_graph);
        }

        /// The fusion and colon principles give the value partizan's own search finds,
        /// from the rules alone, on all-green graphs and stalks.
        #[test]
        fn green_pictures_by_fusion_match_search(
            edges in prop::collection::vec((0u32..5, 0u32..5), 0..=8),
            stalks in prop::collection::vec(1usize..=4, 0..=3),
        ) {
            let graph = HackenbushGraph::from_edges(
                edges.into_iter().map(|(a, b)| Edge::new(a, b, Colour::Green)),
            );
            let stalks = Stalks::new(stalks.into_iter().map(|n| vec![Colour::Green; n]).collect());
            let mut store = Store::new();
            let by_fusion = graph.known_value(&mut store).map(|id| Tree::from_store(&mut store, id));
            prop_assert_eq!(by_fusion, Some(textbook_value(&graph, &mut HashMap::new())));
            let by_fusion = stalks.known_value(&mut store).map(|id| Tree::from_store(&mut store, id));
            prop_assert_eq!(by_fusion, Some(textbook_value(&stalks, &mut HashMap::new())));
        }

        /// A picture with a blue or red edge has no shortcut: it is searched as before (all-
        /// green positions met on the way excepted) and agrees with the textbook.
        #[test]
        fn mixed_pictures_are_searched(
            edges in prop::collection::vec((0u32..4, 0u32..4, arb_colour(true)), 0..=6),
            coloured in (0u32..4, 0u32..4, arb_colour(false)),
        ) {
            let (a, b, c) = coloured;
            let graph = HackenbushGraph::from_edges(
                edges.into_iter().chain([(0, a.max(b), c)]).map(|(a, b, c)| Edge::new(a, b, c)),
            );
            prop_assert_eq!(graph.known_value(&mut Store::new()), None);
            prop_assert_eq!(agrees_with_textbook(&graph), Ok(()));
        }

        #[test]
        fn graphs_agree_with_the_textbook(
            edges in prop::collection::vec((0u32..4, 0u32..4, arb_colour(true)), 0..=6)
        ) {
            let graph = HackenbushGraph::from_edges(
                edges.into_iter().map(|(a, b, c)| Edge::new(a, b, c)),
            );
            prop_assert_eq!(agrees_with_textbook(&graph), Ok(()));
        }
    }

    /// A graph's picture keeps each edge's ends as written; written back after a cut, the
    /// edges left hanging fall and the rest keep their order and numbers.
    #[test]
    fn pictures_keep_the_writing_and_drop_what_falls() {
        let picture = picture_of("0-1:l 1-2:r 2-0:e", "hackenbush").expect("valid");
        let Picture::Graph(mut edges) = picture else {
            panic!("a graph")
        };
        assert_eq!(
            edges[2],
            PictureEdge {
                a: 2,
                b: 0,
                piece: Piece::Either
            }
        );
        assert_eq!(
            picture_text(&Picture::Graph(edges.clone())).as_deref(),
            Ok("0-1:l 1-2:r 2-0:e")
        );
        edges.remove(2);
        edges.remove(0);
        assert_eq!(picture_text(&Picture::Graph(edges)).as_deref(), Ok(""));
        assert!(picture_text(&Picture::Stalks(vec![vec![Piece::Filled]])).is_err());
    }

    /// CGSuite's empty picture is drawn as the empty text is, so that it writes back to a
    /// text read as the same picture (found by the fuzz target `text_rulesets`).
    #[test]
    fn an_empty_picture_is_the_empty_text() {
        let empty = picture_of(".", "hackenbush").expect("CGSuite's empty picture");
        assert_eq!(picture_of("", "hackenbush"), Ok(empty.clone()));
        assert_eq!(picture_text(&empty).as_deref(), Ok(""));
    }

    proptest! {
        /// Stalks read as a picture write back as they were written, empty stalks included.
        #[test]
        fn stalk_pictures_round_trip(text in "[lre|]{0,12}") {
            let picture = picture_of(&text, "hackenbush").expect("stalks");
            prop_assert_eq!(picture_text(&picture), Ok(text));
        }
    }
}
