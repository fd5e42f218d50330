//! Graphs read from edge-list files, the input of `conway solve digraph` and of the graph
//! games.
//!
//! Format, one item per line:
//!
//! ```text
//! # a comment (also after an item)
//! a b          an edge from a to b
//! a -> b       the same
//! a: b c d     edges from a to b, to c and to d
//! a:           a vertex with no edges out
//! a            the same
//! ```
//!
//! Vertex names are letters, digits, `_`, `.` and `'`; a vertex is numbered when first
//! named. For undirected games (Hackenbush, geography) each edge is read without its
//! direction. Errors name the line, the column of the offending token and what is wrong.
//!
//! Reading a file of millions of lines takes seconds, so [`Digraph::parse_with_progress`]
//! reports the bytes read and stops when asked.
//!
//! At the limits (2^24 vertices, 2^26 edges) a graph is read in a few seconds per hundred
//! megabytes and held in about 13 bytes per edge and 25 per vertex plus its names: the
//! names live in one string, found through a table of vertex numbers (not a map of owned
//! strings, which took 5.8 GB and two minutes at the limits), and the successor lists are
//! one array built from the edge list when first asked for.

use std::sync::OnceLock;

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

use conway_core::{Progress, Work};

use crate::GraphError;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 1 << 24;

/// The most edges a graph may have.
pub const MAX_EDGES: usize = 1 << 26;

/// How many lines the parser reads between two progress reports: about ten milliseconds of
/// work, so that a stop request is heard promptly without a call per line.
const REPORT_EVERY: usize = 1 << 14;

/// A finite directed graph with named vertices (parallel edges and loops kept as given).
#[derive(Clone, Default)]
pub struct Digraph {
    /// Every vertex name, one after another.
    name_text: String,
    /// Where each vertex's name ends in `name_text` (it starts where the previous one ends).
    name_ends: Vec<usize>,
    /// Each vertex's number and the high half of its name's hash, placed by [`spread`] of
    /// that half, so that growing the table reads no names.
    index: HashTable<(u32, u32)>,
    hasher: DefaultHashBuilder,
    edges: Vec<(u32, u32)>,
    /// The successor lists, built from `edges` on first use and dropped by a new edge.
    successors: OnceLock<Successors>,
}

/// Every vertex's successors in one array: those of `v` are `heads[starts[v]..starts[v + 1]]`.
#[derive(Clone, Debug)]
struct Successors {
    starts: Vec<usize>,
    heads: Vec<u32>,
}

impl Successors {
    /// Counting sort of the edges by tail, keeping file order within each tail.
    fn of(vertices: usize, edges: &[(u32, u32)]) -> Self {
        let mut starts = vec![0; vertices + 1];
        for &(u, _) in edges {
            starts[u as usize + 1] += 1;
        }
        for v in 0..vertices {
            starts[v + 1] += starts[v];
        }
        let mut next = starts.clone();
        let mut heads = vec![0; edges.len()];
        for &(u, v) in edges {
            heads[next[u as usize]] = v;
            next[u as usize] += 1;
        }
        Successors { starts, heads }
    }
}

/// Two graphs are equal when they have the same names in the same order and the same
/// edges in the same order.
impl PartialEq for Digraph {
    fn eq(&self, other: &Self) -> bool {
        self.name_ends == other.name_ends
            && self.name_text == other.name_text
            && self.edges == other.edges
    }
}

impl Eq for Digraph {}

impl std::fmt::Debug for Digraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = (0..self.len() as u32).map(|v| self.name(v)).collect();
        f.debug_struct("Digraph")
            .field("names", &names)
            .field("edges", &self.edges)
            .finish()
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '\''))
}

/// The whitespace-separated words of `text`, each with its byte offset in the line, given
/// that `text` starts at byte `offset` of it.
fn words(text: &str, offset: usize) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                words.push((offset + s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((offset + s, &text[s..]));
    }
    words
}

/// One line of the file being read, to turn byte offsets into the columns errors name.
struct Line<'a> {
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    /// A parse error at byte `at` of the line: columns count characters, from 1.
    fn error(&self, at: usize, message: String) -> GraphError {
        let column = self.text.get(..at).map_or(0, |s| s.chars().count()) + 1;
        GraphError::Parse {
            line: self.number,
            column,
            message,
        }
    }

    /// `name`, found at byte `at`, if it is a vertex name.
    fn name<'n>(&self, at: usize, name: &'n str) -> Result<&'n str, GraphError> {
        if valid_name(name) {
            Ok(name)
        } else {
            Err(self.error(
                at,
                format!("'{name}' is not a vertex name (letters, digits, _ . ' only)"),
            ))
        }
    }
}

impl Digraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// The graph on vertices with these names (numbered in order from 0, each name once)
    /// and these edges between their numbers.
    pub fn from_edges<S: AsRef<str>>(
        names: impl IntoIterator<Item = S>,
        edges: &[(u32, u32)],
    ) -> Result<Self, GraphError> {
        let mut g = Digraph::new();
        for name in names {
            let name = name.as_ref();
            if g.find(name).is_some() {
                return Err(GraphError::InvalidInput(format!(
                    "the vertex name '{name}' is given twice"
                )));
            }
            g.vertex(name)?;
        }
        for &(u, v) in edges {
            g.add_edge(u, v)?;
        }
        Ok(g)
    }

    /// Parses the edge-list format above.
    pub fn parse(text: &str) -> Result<Self, GraphError> {
        Self::parse_with_progress(text, &conway_core::NoProgress)
    }

    /// [`Digraph::parse`], telling `progress` how many bytes of `text` are read every few
    /// thousand lines; a stop request ends it with [`GraphError::Interrupted`].
    pub fn parse_with_progress(text: &str, progress: &dyn Progress) -> Result<Self, GraphError> {
        // A byte-order mark, as some editors write, is not part of the file.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut g = Digraph::new();
        for (i, raw) in text.lines().enumerate() {
            if i % REPORT_EVERY == 0 {
                // Every line is a slice of `text`: its start is the number of bytes read.
                let read = raw.as_ptr() as usize - text.as_ptr() as usize;
                progress.advance(Work::of(read as u64, text.len() as u64, "bytes"))?;
            }
            let line = Line {
                number: i + 1,
                text: raw,
            };
            let body = raw.split('#').next().unwrap_or("");
            if body.trim().is_empty() {
                continue;
            }
            if let Some(colon) = body.find(':') {
                let head = &body[..colon];
                let from = head.trim();
                // An empty name is pointed at by the colon that follows it.
                let at = if from.is_empty() {
                    colon
                } else {
                    head.len() - head.trim_start().len()
                };
                let u = g.vertex(line.name(at, from)?)?;
                for (at, name) in words(&body[colon + 1..], colon + 1) {
                    let v = g.vertex(line.name(at, name)?)?;
                    g.add_edge(u, v)?;
                }
                continue;
            }
            let words = words(body, 0);
            let names: Vec<&str> = words.iter().map(|&(_, w)| w).collect();
            match names.as_slice() {
                [_] => {
                    let (at, a) = words[0];
                    g.vertex(line.name(at, a)?)?;
                }
                [_, _] | [_, "->", _] | [_, "-", _] => {
                    let ((at_a, a), (at_b, b)) = (words[0], words[words.len() - 1]);
                    let u = g.vertex(line.name(at_a, a)?)?;
                    let v = g.vertex(line.name(at_b, b)?)?;
                    g.add_edge(u, v)?;
                }
                _ => {
                    // The first word that makes the line more than one edge.
                    let extra = if matches!(names.get(1), Some(&"->" | &"-")) {
                        3
                    } else {
                        2
                    };
                    let at = words.get(extra).or(words.last()).map_or(0, |&(at, _)| at);
                    return Err(line.error(
                        at,
                        format!(
                            "expected 'a b', 'a -> b' or 'a: b c …', got '{}'",
                            body.trim()
                        ),
                    ));
                }
            }
        }
        Ok(g)
    }

    /// The number of a vertex, adding it when new.
    pub fn vertex(&mut self, name: &str) -> Result<u32, GraphError> {
        let key = self.key(name);
        if let Some(&(v, _)) = self
            .index
            .find(spread(key), |&(v, k)| k == key && self.name(v) == name)
        {
            return Ok(v);
        }
        if self.len() >= MAX_VERTICES {
            return Err(GraphError::TooLarge {
                what: "vertices".to_string(),
                size: self.len() as u64 + 1,
                limit: MAX_VERTICES as u64,
            });
        }
        let v = self.len() as u32;
        self.name_text.push_str(name);
        self.name_ends.push(self.name_text.len());
        self.index
            .insert_unique(spread(key), (v, key), |&(_, k)| spread(k));
        self.successors = OnceLock::new();
        Ok(v)
    }

    /// Adds the edge `u → v` between two vertices of the graph.
    pub fn add_edge(&mut self, u: u32, v: u32) -> Result<(), GraphError> {
        if let Some(&w) = [u, v].iter().find(|&&w| w as usize >= self.len()) {
            return Err(GraphError::InvalidInput(format!(
                "the graph has no vertex number {w}"
            )));
        }
        if self.edges.len() >= MAX_EDGES {
            return Err(GraphError::TooLarge {
                what: "edges".to_string(),
                size: self.edges.len() as u64 + 1,
                limit: MAX_EDGES as u64,
            });
        }
        self.edges.push((u, v));
        self.successors = OnceLock::new();
        Ok(())
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.name_ends.len()
    }

    /// True when the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.name_ends.is_empty()
    }

    /// The vertex's name.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of the graph (vertex numbers come from [`Digraph::vertex`],
    /// [`Digraph::find`] or [`Digraph::require`]).
    pub fn name(&self, v: u32) -> &str {
        name_in(&self.name_text, &self.name_ends, v)
    }

    /// The vertex with this name.
    pub fn find(&self, name: &str) -> Option<u32> {
        let key = self.key(name);
        self.index
            .find(spread(key), |&(v, k)| k == key && self.name(v) == name)
            .map(|&(v, _)| v)
    }

    /// The half of `name`'s hash kept in the index.
    fn key(&self, name: &str) -> u32 {
        (self.hasher.hash_one(name) >> 32) as u32
    }

    /// The vertex with this name, or an error naming it.
    pub fn require(&self, name: &str) -> Result<u32, GraphError> {
        self.find(name)
            .ok_or_else(|| GraphError::InvalidInput(format!("the graph has no vertex '{name}'")))
    }

    /// The heads of the edges out of `v`, in file order (repeated for parallel edges).
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of the graph.
    pub fn successors(&self, v: u32) -> &[u32] {
        let all = self
            .successors
            .get_or_init(|| Successors::of(self.len(), &self.edges));
        let v = v as usize;
        &all.heads[all.starts[v]..all.starts[v + 1]]
    }

    /// Every edge `(u, v)` in file order.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }
}

/// The table's hash of a name from the half of its hash the table keeps: a multiplication
/// by an odd constant (Knuth's golden ratio) spreads the 32 bits over the whole word, the
/// top bits that pick a bucket's tag as well as the bottom ones that pick the bucket.
fn spread(key: u32) -> u64 {
    u64::from(key).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Vertex `v`'s name, given the names' text and where each ends.
fn name_in<'a>(text: &'a str, ends: &[usize], v: u32) -> &'a str {
    let v = v as usize;
    let start = if v == 0 { 0 } else { ends[v - 1] };
    &text[start..ends[v]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let g = Digraph::parse("# a game\na b\nb -> c  # comment\nc: a d e\nf\ng:\n").unwrap();
        assert_eq!(g.len(), 7);
        let (a, c) = (g.find("a").unwrap(), g.find("c").unwrap());
        assert_eq!(g.successors(c).len(), 3);
        assert_eq!(g.successors(a), &[g.find("b").unwrap()]);
        assert_eq!(g.edges().len(), 5);
        assert_eq!(g.name(c), "c");
        let g = Digraph::parse("x - y\nz:y\n").unwrap();
        assert_eq!(g.edges(), &[(0, 1), (2, 1)]);
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line) in [("a b\na b c\n", 2), ("x -> $\n", 1), ("\n\n: b\n", 3)] {
            match Digraph::parse(text) {
                Err(GraphError::Parse { line: l, .. }) => assert_eq!(l, line, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(Digraph::parse("").unwrap().is_empty());
        assert_eq!(Digraph::parse("\u{feff}a b\n").unwrap().name(0), "a");
    }

    /// The column is that of the offending token, in characters (not bytes), from 1.
    #[test]
    fn errors_name_the_column_of_the_offending_token() {
        let column = |text: &str| match Digraph::parse(text) {
            Err(GraphError::Parse { column, .. }) => column,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(column("a b\na b c\n"), 5);
        assert_eq!(column("a -> b c\n"), 8);
        assert_eq!(column("  x -> $\n"), 8);
        assert_eq!(column("\n\n: b\n"), 1);
        assert_eq!(column("   : b\n"), 4);
        assert_eq!(column("é: b ok $x\n"), 9);
        assert_eq!(column("  a b: c\n"), 3);
        assert_eq!(column("a ->\n"), 3);
        assert_eq!(column("été -> b c d # c\n"), 10);
        let err = Digraph::parse("a b\nb -> $\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 6: '$' is not a vertex name (letters, digits, _ . ' only)"
        );
        let err = Digraph::parse("p q r\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 5: expected 'a b', 'a -> b' or 'a: b c …', got 'p q r'"
        );
    }

    #[test]
    fn built_from_names_and_numbers() {
        let g = Digraph::from_edges(["x", "y", "z"], &[(0, 2), (2, 2)]).unwrap();
        assert_eq!((g.len(), g.name(2)), (3, "z"));
        assert_eq!(g.successors(0), &[2]);
        assert!(Digraph::from_edges(["x", "x"], &[]).is_err());
        assert!(Digraph::from_edges(["x"], &[(0, 1)]).is_err());
    }

    /// A long file is read in steps that each ask the hook whether to go on: a stop request
    /// ends the reading at the next step, not at the end of the file.
    #[test]
    fn a_stop_request_interrupts_reading() {
        let lines = 5 * REPORT_EVERY + 7;
        let text: String = (0..lines).map(|v| format!("v{v} v{}\n", v + 1)).collect();
        // The first report (0 bytes read) lets it go on; the second, after REPORT_EVERY
        // lines, is past the limit of one byte and stops it.
        let stop = conway_core::StopAfter::units(1);
        assert_eq!(
            Digraph::parse_with_progress(&text, &stop),
            Err(GraphError::Interrupted)
        );
        assert_eq!(stop.reports(), 2);
        assert_eq!(
            conway_core::Diagnostic::kind(&GraphError::Interrupted),
            conway_core::ErrorKind::Interrupted
        );
        // Not stopped, it reads everything, reporting once per REPORT_EVERY lines.
        let never = conway_core::StopAfter::units(u64::MAX);
        let g = Digraph::parse_with_progress(&text, &never).unwrap();
        assert_eq!((g.len(), g.edges().len()), (lines + 1, lines));
        assert_eq!(never.reports(), 6);
        assert_eq!(g, Digraph::parse(&text).unwrap());
    }

    #[test]
    fn unknown_vertices_are_errors() {
        let mut g = Digraph::parse("a b\n").unwrap();
        assert_eq!(
            g.require("zz"),
            Err(GraphError::InvalidInput(
                "the graph has no vertex 'zz'".to_string()
            ))
        );
        assert!(matches!(g.add_edge(0, 2), Err(GraphError::InvalidInput(_))));
        assert_eq!(g.edges().len(), 1);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The graph as built from names and edges in any order, checked against the plain
        /// reading of the same lists: each name finds its own number, and the successors of
        /// a vertex are the heads of its edges in the order given, also after the graph grows.
        #[test]
        fn names_and_successors_match_the_lists(
            names in proptest::collection::vec("[a-c0-9]{1,3}", 0..40),
            picks in proptest::collection::vec((any::<u16>(), any::<u16>()), 0..120),
        ) {
            let mut g = Digraph::new();
            let mut numbers: Vec<u32> = Vec::new();
            for name in &names {
                numbers.push(g.vertex(name)?);
            }
            let mut distinct: Vec<&String> = Vec::new();
            for name in &names {
                if !distinct.contains(&name) {
                    distinct.push(name);
                }
            }
            prop_assert_eq!(g.len(), distinct.len());
            for (v, name) in distinct.iter().enumerate() {
                prop_assert_eq!(g.name(v as u32), name.as_str());
                prop_assert_eq!(g.find(name), Some(v as u32));
            }
            prop_assert_eq!(g.find("zzzz"), None);
            let mut edges = Vec::new();
            for (half, (a, b)) in picks.iter().enumerate() {
                if g.is_empty() {
                    break;
                }
                let n = g.len() as u16;
                let edge = (u32::from(a % n), u32::from(b % n));
                g.add_edge(edge.0, edge.1)?;
                edges.push(edge);
                // Asking for successors halfway must not freeze them.
                if half == picks.len() / 2 {
                    let _ = g.successors(edge.0);
                }
            }
            for v in 0..g.len() as u32 {
                let heads: Vec<u32> = edges.iter().filter(|e| e.0 == v).map(|e| e.1).collect();
                prop_assert_eq!(g.successors(v), heads.as_slice());
            }
            prop_assert_eq!(g.edges(), edges.as_slice());
        }
    }
}
