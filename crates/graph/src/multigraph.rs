//! Undirected multigraphs: a graph file read without edge directions, or a picture's edges.
//!
//! Edges keep their numbers (file order), which tells parallel edges apart; loops are kept in
//! the edge list but lead nowhere, so the algorithms built on the adjacency lists
//! never follow them.

use crate::digraph::{MAX_EDGES, MAX_VERTICES};
use crate::{Digraph, GraphError};

/// An undirected multigraph on the vertices `0..vertex_count`, edges numbered by position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multigraph {
    vertices: usize,
    edges: Vec<(u32, u32)>,
}

impl Multigraph {
    /// The multigraph with these edges, each end a vertex below `vertices`.
    pub fn new(vertices: usize, edges: Vec<(u32, u32)>) -> Result<Self, GraphError> {
        for (what, size, limit) in [
            ("vertices", vertices, MAX_VERTICES),
            ("edges", edges.len(), MAX_EDGES),
        ] {
            if size > limit {
                return Err(GraphError::TooLarge {
                    what: what.to_string(),
                    size: size as u64,
                    limit: limit as u64,
                });
            }
        }
        if let Some(&(u, v)) = edges.iter().find(|&&(u, v)| u.max(v) as usize >= vertices) {
            return Err(GraphError::InvalidInput(format!(
                "the edge {u}–{v} has an end that is not one of the {vertices} vertices"
            )));
        }
        Ok(Multigraph { vertices, edges })
    }

    /// The graph read without edge directions: the same vertex numbers and edge order.
    pub fn undirected(graph: &Digraph) -> Self {
        Multigraph {
            vertices: graph.len(),
            edges: graph.edges().to_vec(),
        }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices
    }

    /// Every edge, in order; its position is its number.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// Each vertex's edges other than loops, with edge `deleted` (if any) left out.
    pub(crate) fn adjacency(&self, deleted: Option<usize>) -> Adjacency {
        Adjacency::new(self.vertices, &self.edges, deleted)
    }
}

/// For each vertex, the far end and the number of each edge at it (an edge appears at both
/// ends; loops nowhere), in one array.
pub(crate) struct Adjacency {
    start: Vec<usize>,
    arcs: Vec<(u32, u32)>,
}

impl Adjacency {
    fn new(n: usize, edges: &[(u32, u32)], deleted: Option<usize>) -> Self {
        let mut start = vec![0usize; n + 1];
        let live = |e: usize| Some(e) != deleted && edges[e].0 != edges[e].1;
        for (e, &(u, v)) in edges.iter().enumerate() {
            if live(e) {
                start[u as usize + 1] += 1;
                start[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut arcs = vec![(0u32, 0u32); start[n]];
        for (e, &(u, v)) in edges.iter().enumerate() {
            if live(e) {
                arcs[fill[u as usize]] = (v, e as u32);
                fill[u as usize] += 1;
                arcs[fill[v as usize]] = (u, e as u32);
                fill[v as usize] += 1;
            }
        }
        Adjacency { start, arcs }
    }

    /// `(far end, edge number)` of the edges at `v`.
    pub(crate) fn at(&self, v: u32) -> &[(u32, u32)] {
        &self.arcs[self.start[v as usize]..self.start[v as usize + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_must_be_vertices() {
        assert!(Multigraph::new(2, vec![(0, 1), (1, 1)]).is_ok());
        assert!(matches!(
            Multigraph::new(2, vec![(0, 2)]),
            Err(GraphError::InvalidInput(_))
        ));
        assert!(matches!(
            Multigraph::new(MAX_VERTICES + 1, Vec::new()),
            Err(GraphError::TooLarge { .. })
        ));
    }

    #[test]
    fn adjacency_skips_loops_and_the_deleted_edge() {
        let g = Multigraph::new(3, vec![(0, 1), (1, 1), (1, 2), (0, 1)]).unwrap();
        let adj = g.adjacency(Some(2));
        assert_eq!(adj.at(0), &[(1, 0), (1, 3)]);
        assert_eq!(adj.at(1), &[(0, 0), (0, 3)]);
        assert!(adj.at(2).is_empty());
    }
}
