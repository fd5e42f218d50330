//! Weighted Arc Kayles (CGSuite's `game.graph.WeightedArcKayles`, `GenArcKayles(weighted =>
//! true)`): a graph whose vertices carry whole-number weights; a move takes an edge whose two
//! ends both weigh more than 0 and lowers each end's weight by one (a loop's vertex by one).
//! A vertex of weight 0 takes no further part. With every weight 1 it is Arc Kayles
//! ([`crate::arc_kayles`]); an edge alone between weights a and b is a heap of min(a, b)
//! moves, *(min(a, b) mod 2).
//!
//! Positions are written in CGSuite's graph notation with a weight at each vertex
//! ([`crate::graph_notation::parse_labelled_graph_pieces`]): `weighted_arc_kayles("3-1-2")`
//! is a path of weights 3, 1, 2, `"{12}-5"` writes a weight past 9, `"2:A-1-1-:A"` a
//! triangle. Every vertex with an edge needs its weight. Vertices are numbered from 1 in the
//! order the text first names them; moves name them so.
//!
//! The game is impartial, so its value is a nimber; the connected pieces of vertices that
//! still weigh something are the components, each renumbered in the order its sorted edges
//! meet its vertices (not a full isomorphism test, as for Arc Kayles).

use crate::arc_kayles::connected_pieces;
use crate::graph_notation::{parse_labelled_graph_pieces, write_labelled_graph_pieces};
use crate::moves::{position_moves, Described, PositionMoves};
use crate::registry::{call, position, Limit, Param, ParamKind, Ruleset, Values};
use crate::{PartizanGame, Position};
use conway_impartial::mex::mex;
use conway_partizan::{GameId, PartizanError, Player, Store};
use rustc_hash::FxHashMap;

/// The most edges of a position: the text and each position stay small.
pub const MAX_WEIGHTED_ARC_KAYLES_EDGES: usize = 512;

/// The heaviest weight of a vertex.
pub const MAX_WEIGHT: u64 = 1 << 20;

/// The most pieces one evaluation values (no count of the graph and its weights tells how
/// many there are, so they are counted).
pub const MAX_WEIGHTED_ARC_KAYLES_POSITIONS: usize = 1 << 19;

/// A position: each vertex's weight, and the edges between vertices that weigh more than 0,
/// each `(a, b)` with `a ≤ b`, sorted and without repeats.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WeightedArcKayles {
    weights: Vec<u32>,
    edges: Vec<(u32, u32)>,
}

impl WeightedArcKayles {
    /// The position of these weights and edges, edges at a vertex of weight 0 left out.
    fn new(weights: Vec<u32>, edges: impl IntoIterator<Item = (u32, u32)>) -> WeightedArcKayles {
        let mut edges: Vec<(u32, u32)> = edges
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .filter(|&(a, b)| weights[a as usize] > 0 && weights[b as usize] > 0)
            .collect();
        edges.sort_unstable();
        edges.dedup();
        WeightedArcKayles { weights, edges }
    }

    /// Reads a position; errors name their column.
    pub fn read(text: &str) -> Result<WeightedArcKayles, PartizanError> {
        let name = RULESET.name;
        let (edges, labels) = parse_labelled_graph_pieces(text, name, "-", "0123456789")?;
        crate::check_size(
            &format!("{name}'s edges"),
            edges.len(),
            MAX_WEIGHTED_ARC_KAYLES_EDGES,
        )?;
        let mut weights = vec![0u32; labels.len()];
        for (v, label) in labels.iter().enumerate() {
            let Some(label) = label else {
                let has_edge = edges
                    .iter()
                    .any(|e| e.from as usize == v || e.to as usize == v);
                if has_edge {
                    let column = edges
                        .iter()
                        .find(|e| e.from as usize == v || e.to as usize == v)
                        .map_or(1, |e| e.column);
                    return Err(PartizanError::parse(
                        column,
                        format!(
                            "{name}: vertex {} of this edge has no weight (write one before \
                             it, 0–9 or {{12}})",
                            v + 1
                        ),
                    ));
                }
                continue;
            };
            let digits = label.text.trim();
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return Err(PartizanError::parse(
                    label.column,
                    format!("{name}: a weight is a whole number, not {:?}", label.text),
                ));
            }
            let weight = digits.parse::<u64>().ok().filter(|&w| w <= MAX_WEIGHT);
            let Some(weight) = weight else {
                return Err(PartizanError::too_large(
                    format!("{name}'s weight of a vertex"),
                    digits,
                    MAX_WEIGHT,
                ));
            };
            weights[v] = weight as u32;
        }
        Ok(WeightedArcKayles::new(
            weights,
            edges.iter().map(|e| (e.from, e.to)),
        ))
    }

    /// Each edge that can be taken, with the position after it.
    fn takes(&self) -> Vec<((u32, u32), WeightedArcKayles)> {
        self.edges
            .iter()
            .map(|&(a, b)| {
                let mut weights = self.weights.clone();
                weights[a as usize] -= 1;
                if b != a {
                    weights[b as usize] -= 1;
                }
                ((a, b), WeightedArcKayles::new(weights, self.edges.clone()))
            })
            .collect()
    }
}

impl Position for WeightedArcKayles {
    fn left_moves(&self) -> Vec<Self> {
        self.takes().into_iter().map(|(_, p)| p).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.left_moves()
    }
}

impl PartizanGame for WeightedArcKayles {
    /// The connected pieces, each renumbered from 0 in the order its sorted edges meet its
    /// vertices.
    fn components(&self) -> Vec<Self> {
        connected_pieces(&self.edges, |&e| e)
            .into_iter()
            .map(|piece| {
                let mut weights = vec![0; piece.vertices().count()];
                for (v, i) in piece.vertices() {
                    weights[i as usize] = self.weights[v as usize];
                }
                let edges = piece.edges.iter();
                let renumbered = edges.map(|&(a, b)| (piece.number(a), piece.number(b)));
                WeightedArcKayles::new(weights, renumbered)
            })
            .collect()
    }
}

impl Described for WeightedArcKayles {
    fn expression(&self) -> String {
        let edges: Vec<(u32, u32, char)> = self.edges.iter().map(|&(a, b)| (a, b, '-')).collect();
        let weight = |v: u32| match self.weights[v as usize] {
            w @ 0..=9 => w.to_string(),
            w => format!("{{{w}}}"),
        };
        call(RULESET.name, &write_labelled_graph_pieces(&edges, weight))
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.takes()
            .into_iter()
            .map(|((a, b), after)| {
                let edge = if a == b {
                    format!("the loop at vertex {}", a + 1)
                } else {
                    format!("the edge {}–{}", a + 1, b + 1)
                };
                (format!("{} takes {edge}", player.name()), after)
            })
            .collect()
    }
}

/// Nim values of pieces, by the mex of their options' (nim sums over their pieces): the
/// store's canonical forms give the same nimbers (the tests compare them) at many times the
/// cost.
#[derive(Default)]
struct NimValues {
    memo: FxHashMap<WeightedArcKayles, u64>,
}

impl NimValues {
    /// The nim value of `position`, refused past [`MAX_WEIGHTED_ARC_KAYLES_POSITIONS`]
    /// pieces and when the store is asked to stop.
    fn value(
        &mut self,
        store: &mut Store,
        position: &WeightedArcKayles,
    ) -> Result<u64, PartizanError> {
        let mut total = 0;
        for piece in position.components() {
            total ^= self.piece(store, &piece)?;
        }
        Ok(total)
    }

    fn piece(
        &mut self,
        store: &mut Store,
        piece: &WeightedArcKayles,
    ) -> Result<u64, PartizanError> {
        if let Some(&g) = self.memo.get(piece) {
            return Ok(g);
        }
        // One edge (or loop) is a run of moves as long as its lighter end's weight.
        if let [(a, b)] = piece.edges[..] {
            let run = piece.weights[a as usize].min(piece.weights[b as usize]);
            return Ok(u64::from(run % 2));
        }
        if self.memo.len() >= MAX_WEIGHTED_ARC_KAYLES_POSITIONS {
            return Err(PartizanError::too_large(
                "weighted_arc_kayles's positions met",
                format!("at least {}", MAX_WEIGHTED_ARC_KAYLES_POSITIONS + 1),
                MAX_WEIGHTED_ARC_KAYLES_POSITIONS,
            ));
        }
        store.try_descend()?;
        store.count_position();
        if store.stop_requested() {
            return Err(PartizanError::Interrupted);
        }
        let mut options = Vec::new();
        for (_, after) in piece.takes() {
            options.push(self.value(store, &after)?);
        }
        let g = mex(options);
        self.memo.insert(piece.clone(), g);
        Ok(g)
    }
}

/// The nim value of a position, within [`MAX_WEIGHTED_ARC_KAYLES_POSITIONS`].
fn value(store: &mut Store, position: &WeightedArcKayles) -> Result<GameId, PartizanError> {
    store.within_budget(|store| {
        let g = NimValues::default().value(store, position)?;
        Ok(store.nimber(g))
    })
}

/// The value and every move, each option valued in the same table.
fn moves(store: &mut Store, position: &WeightedArcKayles) -> Result<PositionMoves, PartizanError> {
    store.within_budget(|store| {
        let mut table = NimValues::default();
        table.value(store, position)?;
        let mut failed = None;
        let moves = position_moves(store, position, |store, p| match table.value(store, p) {
            Ok(g) => store.nimber(g),
            Err(e) => {
                failed.get_or_insert(e);
                store.zero()
            }
        })?;
        match failed {
            Some(e) => Err(e),
            None => Ok(moves),
        }
    })
}

/// A path of `vertices` vertices of weight `weight`, for the limits' examples.
fn path(weight: &str, vertices: usize) -> String {
    vec![weight; vertices].join("-")
}

/// Weighted Arc Kayles in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "weighted_arc_kayles",
    aliases: &["WeightedArcKayles"],
    title: "Weighted Arc Kayles",
    summary: "Weighted Arc Kayles on a graph in CGSuite's notation with a weight at each \
              vertex ('3-1-2', '{12}-5', '2:A-1-1-:A'): take an edge whose ends both weigh \
              something, lowering each by one",
    params: &[Param::new("3-1-2", ParamKind::Position)],
    example: "weighted_arc_kayles(\"3-2(-2;-2-1)\")",
    limits: &[
        Limit::new(
            "positions met",
            MAX_WEIGHTED_ARC_KAYLES_POSITIONS as u64,
            || call(RULESET.name, &path("9", 12)),
        ),
        Limit::new("edges", MAX_WEIGHTED_ARC_KAYLES_EDGES as u64, || {
            call(RULESET.name, &path("1", MAX_WEIGHTED_ARC_KAYLES_EDGES + 2))
        }),
        Limit::new("weight of a vertex", MAX_WEIGHT, || {
            call(RULESET.name, &format!("1-{{{}}}", MAX_WEIGHT + 1))
        }),
    ],
    values: Values::Short {
        value: |store, args| value(store, &position(args, WeightedArcKayles::read)?),
        moves: |store, args| moves(store, &position(args, WeightedArcKayles::read)?),
        // Every variant of an impartial game is the game itself.
        variant: |store, _, args| value(store, &position(args, WeightedArcKayles::read)?),
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

    /// Whether the position `text` is worth *m.
    fn is_star(text: &str, m: u64) -> bool {
        let mut store = Store::new();
        let g = RULESET.value_of_text(&mut store, text).expect("valued");
        g == store.nimber(m)
    }

    /// One edge between weights a and b is min(a, b) moves in a row.
    #[test]
    fn an_edge_is_a_run_of_moves() {
        for a in 0..6u64 {
            for b in 0..6u64 {
                let text = format!("{a}-{b}");
                assert!(is_star(&text, a.min(b) % 2), "{text}");
                // The same from the rules, move by move.
                let mut store = Store::new();
                let position = WeightedArcKayles::read(&text).expect("valid");
                let rules = crate::value_of(&mut store, &position);
                assert_eq!(rules, store.nimber(a.min(b) % 2), "{text}");
            }
        }
        assert!(is_star("{12}-{15}", 0));
        assert!(is_star("{13}-{15}", 1));
    }

    /// Weights of 1 everywhere are Arc Kayles: paths of n vertices are Dawson's Kayles
    /// heaps (OEIS A002187), through the other ruleset's own engine.
    #[test]
    fn weights_of_one_are_arc_kayles() {
        for (text, weighted) in [
            ("---", "1-1-1-1"),
            ("--(-;-)", "1-1-1(-1;-1)"),
            (":A---:A", "1:A-1-1-:A"),
            (":A--:A;--", "1:A-1-:A;1-1-1"),
            ("-(-(-;-);-(-;--))", "1-1(-1(-1;-1);-1(-1;-1-1))"),
        ] {
            let mut store = Store::new();
            let arc = crate::arc_kayles::ARC_KAYLES
                .value_of_text(&mut store, text)
                .expect("valued");
            let ours = RULESET.value_of_text(&mut store, weighted);
            assert_eq!(ours, Ok(arc), "{text} as {weighted}");
        }
    }

    #[test]
    fn positions_read_back_and_errors_are_located() {
        let mut store = Store::new();
        let moves = RULESET
            .moves_of_text(&mut store, "2-{12}-1")
            .expect("valid");
        assert_eq!(moves.position, "weighted_arc_kayles(\"2-{12}-1\")");
        let words: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            words,
            ["Left takes the edge 1–2", "Left takes the edge 2–3"]
        );
        assert_eq!(moves.left[1].to, "weighted_arc_kayles(\"2-{11}\")");
        let column = |text: &str| match WeightedArcKayles::read(text) {
            Err(PartizanError::Parse { column, .. }) => column,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(column("2-1-"), 4);
        assert_eq!(column("2-{x}"), 3);
        assert_eq!(column("2:A-1-3:A"), 7);
        for heavy in ["1-{9999999}", "1-{99999999999999999999}"] {
            assert!(matches!(
                WeightedArcKayles::read(heavy),
                Err(PartizanError::TooLarge { .. })
            ));
        }
        let twice = WeightedArcKayles::read("1:A-1-:A;2:A");
        assert!(
            matches!(twice, Err(PartizanError::Parse { column: 10, .. })),
            "{twice:?}"
        );
    }

    fn arb_position() -> impl Strategy<Value = WeightedArcKayles> {
        (1usize..=6).prop_flat_map(|n| {
            (
                prop::collection::vec(0u32..=3, n),
                prop::collection::vec((0..n as u32, 0..n as u32), 0..=7),
            )
                .prop_map(|(weights, edges)| WeightedArcKayles::new(weights, edges))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The evaluation (pieces renumbered, a table) against the textbook's canonical form
        /// of the whole position, and the notation read back.
        #[test]
        fn values_are_the_textbook_s(position in arb_position()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
            let mut store = Store::new();
            let fast = value(&mut store, &position).expect("small");
            prop_assert_eq!(fast, crate::value_of(&mut store, &position));
            let text = position.expression();
            let inner = &text[RULESET.name.len() + 2..text.len() - 2];
            let read = WeightedArcKayles::read(inner).expect("reads back");
            let mut store = Store::new();
            prop_assert_eq!(
                crate::value_of(&mut store, &read),
                crate::value_of(&mut store, &position)
            );
        }
    }
}
