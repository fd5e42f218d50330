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
//! direction. Errors name the line and what is wrong on it.

use std::collections::HashMap;

use crate::RetrogradeError;

/// The most vertices a graph file may have.
pub const MAX_VERTICES: usize = 1 << 24;

/// The most edges a graph file may have.
pub const MAX_EDGES: usize = 1 << 26;

/// A finite directed graph with named vertices (parallel edges and loops kept as given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    names: Vec<String>,
    index: HashMap<String, u32>,
    successors: Vec<Vec<u32>>,
    edges: Vec<(u32, u32)>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '\''))
}

impl Digraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses the edge-list format above.
    pub fn parse(text: &str) -> Result<Self, RetrogradeError> {
        // A byte-order mark, as some editors write, is not part of the file.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut g = Digraph::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let err = |message: String| RetrogradeError::Parse { line, message };
            let check = |name: &str| -> Result<(), RetrogradeError> {
                if valid_name(name) {
                    Ok(())
                } else {
                    Err(err(format!(
                        "'{name}' is not a vertex name (letters, digits, _ . ' only)"
                    )))
                }
            };
            if let Some((from, to)) = content.split_once(':') {
                let from = from.trim();
                check(from)?;
                let u = g.vertex(from).map_err(|e| err(e.to_string()))?;
                for name in to.split_whitespace() {
                    check(name)?;
                    let v = g.vertex(name).map_err(|e| err(e.to_string()))?;
                    g.add_edge(u, v).map_err(|e| err(e.to_string()))?;
                }
                continue;
            }
            let words: Vec<&str> = content.split_whitespace().collect();
            match words.as_slice() {
                [a] => {
                    check(a)?;
                    g.vertex(a).map_err(|e| err(e.to_string()))?;
                }
                [a, b] | [a, "->", b] | [a, "-", b] => {
                    check(a)?;
                    check(b)?;
                    let u = g.vertex(a).map_err(|e| err(e.to_string()))?;
                    let v = g.vertex(b).map_err(|e| err(e.to_string()))?;
                    g.add_edge(u, v).map_err(|e| err(e.to_string()))?;
                }
                _ => {
                    return Err(err(format!(
                        "expected 'a b', 'a -> b' or 'a: b c …', got '{content}'"
                    )))
                }
            }
        }
        Ok(g)
    }

    /// The number of a vertex, adding it when new.
    pub fn vertex(&mut self, name: &str) -> Result<u32, RetrogradeError> {
        if let Some(&v) = self.index.get(name) {
            return Ok(v);
        }
        if self.names.len() >= MAX_VERTICES {
            return Err(RetrogradeError::TooLarge(format!(
                "more than {MAX_VERTICES} vertices"
            )));
        }
        let v = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), v);
        self.successors.push(Vec::new());
        Ok(v)
    }

    /// Adds the edge `u → v`.
    pub fn add_edge(&mut self, u: u32, v: u32) -> Result<(), RetrogradeError> {
        if self.edges.len() >= MAX_EDGES {
            return Err(RetrogradeError::TooLarge(format!(
                "more than {MAX_EDGES} edges"
            )));
        }
        self.successors[u as usize].push(v);
        self.edges.push((u, v));
        Ok(())
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertex's name.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The vertex with this name.
    pub fn find(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The vertex with this name, or an error naming it.
    pub fn require(&self, name: &str) -> Result<u32, RetrogradeError> {
        self.find(name).ok_or_else(|| {
            RetrogradeError::InvalidInput(format!("the graph has no vertex '{name}'"))
        })
    }

    /// The heads of the edges out of `v`, in file order (repeated for parallel edges).
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.successors[v as usize]
    }

    /// Every edge `(u, v)` in file order.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }
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
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line) in [("a b\na b c\n", 2), ("x -> $\n", 1), ("\n\n: b\n", 3)] {
            match Digraph::parse(text) {
                Err(RetrogradeError::Parse { line: l, .. }) => assert_eq!(l, line, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(Digraph::parse("").unwrap().is_empty());
        assert_eq!(Digraph::parse("\u{feff}a b\n").unwrap().name(0), "a");
    }
}
