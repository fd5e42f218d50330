//! A loopy value drawn as its game graph, for the worksheet and `eval --svg`: where the text
//! `a{0||||0|||a|*||*}` asks the reader to follow labels back, the picture shows the cycle.
//!
//! The graph drawn is the value's own (a stopper's simplest form; each side of a value with
//! two sides in a panel of its own). Positions from which play is finite are short games:
//! each is a box with its canonical form, and its options are not drawn. The other positions
//! are circles named a, b, … (as the printed text names positions) in the order a
//! breadth-first search from the start (`a`, ringed twice) meets them, listed under the
//! picture with their values (a side that is not a stopper has no values of its own). Positions stand in rows by
//! their distance from the start; Left's moves are blue arrows, Right's red, a move back up
//! the rows bends wider, and a `pass` is a loop.

use std::fmt::Write;

use conway_core::svg::escape;

use conway_partizan::{PartizanError, Store};

use super::graph::Graph;
use super::print::{loopy_text, nth_name};
use super::{short_positions, Loopy, SideForm};

/// The most positions one panel draws; a larger graph is not drawn (its text stays).
pub const MAX_DRAWN_POSITIONS: usize = 40;

const ROW: f64 = 90.0;
const COLUMN: f64 = 110.0;
const MARGIN: f64 = 30.0;
const RADIUS: f64 = 16.0;
/// The first row's distance below the margin.
const TOP: f64 = 56.0;
const LEFT_COLOUR: &str = "#1f4fbf";
const RIGHT_COLOUR: &str = "#b3261e";
/// The longest value text written in a box or in the list of names.
const MAX_LABEL: usize = 60;

/// One position drawn.
struct Node {
    /// The vertex of the graph.
    vertex: usize,
    /// A short game's canonical form, or a loopy position's name.
    label: String,
    /// The loopy position's value, for the list of names.
    value: Option<String>,
    short: bool,
    x: f64,
    y: f64,
}

/// A panel: one graph laid out, its caption and size.
struct Panel {
    caption: String,
    nodes: Vec<Node>,
    /// (from, to, Left's move) by index in `nodes`.
    edges: Vec<(usize, usize, bool)>,
    width: f64,
    height: f64,
}

/// The picture of a loopy value titled `title`; `None` for a short game or a graph with more
/// than [`MAX_DRAWN_POSITIONS`] positions to draw.
pub fn loopy_svg(
    value: &Loopy,
    title: &str,
    store: &mut Store,
) -> Result<Option<String>, PartizanError> {
    // Each graph, and whether it is a stopper in simplest form (whose positions are too).
    let graphs = match value {
        Loopy::Short(_) => return Ok(None),
        Loopy::Stopper(g) => vec![(String::new(), g.clone(), true)],
        Loopy::Sided { onside, offside } => vec![
            ("onside".to_string(), side_of(onside), is_stopper(onside)),
            ("offside".to_string(), side_of(offside), is_stopper(offside)),
        ],
    };
    let mut panels = Vec::new();
    for (caption, graph, simplest) in graphs {
        match layout(&graph, caption, simplest, store)? {
            Some(panel) => panels.push(panel),
            None => return Ok(None),
        }
    }
    Ok(Some(draw(&panels, title)))
}

fn side_of(form: &SideForm) -> Graph {
    match form {
        SideForm::Stopper(g) | SideForm::Simplified(g) => g.clone(),
    }
}

fn is_stopper(form: &SideForm) -> bool {
    matches!(form, SideForm::Stopper(_))
}

/// Lays out the positions of `g` reached from the start without passing a short game, in
/// rows by distance; `None` past [`MAX_DRAWN_POSITIONS`]. The loopy positions of a stopper
/// in simplest form (`simplest`) are listed with their values; those of a side that is not
/// a stopper have none of their own.
fn layout(
    g: &Graph,
    caption: String,
    simplest: bool,
    store: &mut Store,
) -> Result<Option<Panel>, PartizanError> {
    let short = short_positions(g, store)?;
    let mut index = vec![usize::MAX; g.len()];
    let mut order = vec![0usize];
    let mut depth = vec![0usize];
    index[0] = 0;
    let mut edges = Vec::new();
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        if short[v].is_some() {
            continue;
        }
        for (moves, left) in [(g.left(v), true), (g.right(v), false)] {
            for &w in moves {
                let w = w as usize;
                if index[w] == usize::MAX {
                    if order.len() == MAX_DRAWN_POSITIONS {
                        return Ok(None);
                    }
                    index[w] = order.len();
                    order.push(w);
                    depth.push(depth[index[v]] + 1);
                }
                edges.push((index[v], index[w], left));
            }
        }
    }
    let rows = depth.iter().max().map_or(1, |d| d + 1);
    let mut per_row = vec![0usize; rows];
    for &d in &depth {
        per_row[d] += 1;
    }
    let widest = per_row.iter().copied().max().unwrap_or(1) as f64;
    let width = widest * COLUMN + 2.0 * MARGIN;
    let mut placed = vec![0usize; rows];
    let mut nodes = Vec::with_capacity(order.len());
    let mut names = 0usize;
    for (i, &v) in order.iter().enumerate() {
        let d = depth[i];
        let x = MARGIN + width_offset(widest, per_row[d], placed[d]);
        placed[d] += 1;
        // Room above the first row for a pass's loop under the caption.
        let y = MARGIN + TOP + d as f64 * ROW;
        let (label, value, is_short) = match short[v] {
            Some(game) => (
                clipped(conway_partizan::print::canonical_text(store, game)),
                None,
                true,
            ),
            None => {
                let name = nth_name(names);
                names += 1;
                let value = if simplest {
                    let value = Loopy::from_simplest(g.at(v), store)?;
                    Some(clipped(loopy_text(&value, store)?))
                } else {
                    None
                };
                (name, value, false)
            }
        };
        nodes.push(Node {
            vertex: v,
            label,
            value,
            short: is_short,
            x,
            y,
        });
    }
    let listed = nodes.iter().filter(|n| n.value.is_some()).count() as f64;
    let height = MARGIN + TOP + (rows - 1) as f64 * ROW + MARGIN + 18.0 * listed;
    Ok(Some(Panel {
        caption,
        nodes,
        edges,
        width,
        height: height + RADIUS,
    }))
}

/// The x offset of the `k`-th of `count` positions in a row, centred under the widest row.
fn width_offset(widest: f64, count: usize, k: usize) -> f64 {
    let spare = (widest - count as f64) * COLUMN / 2.0;
    spare + (k as f64 + 0.5) * COLUMN
}

fn clipped(text: String) -> String {
    if text.chars().count() <= MAX_LABEL {
        return text;
    }
    text.chars().take(MAX_LABEL - 1).collect::<String>() + "…"
}

fn draw(panels: &[Panel], title: &str) -> String {
    let width = panels.iter().map(|p| p.width).sum::<f64>().max(240.0);
    let height = panels.iter().map(|p| p.height).fold(0.0, f64::max) + 40.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="loopy-graph" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(svg, "<defs>");
    for (id, colour) in [("left", LEFT_COLOUR), ("right", RIGHT_COLOUR)] {
        let _ = writeln!(
            svg,
            r#"<marker id="arrow-{id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>"#
        );
    }
    let _ = writeln!(svg, "</defs>");
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    let mut left = 0.0;
    for panel in panels {
        let _ = writeln!(svg, r#"<g transform="translate({left},20)">"#);
        draw_panel(&mut svg, panel);
        let _ = writeln!(svg, "</g>");
        left += panel.width;
    }
    svg.push_str("</svg>\n");
    svg
}

fn draw_panel(svg: &mut String, panel: &Panel) {
    if !panel.caption.is_empty() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="16" text-anchor="middle" font-style="italic">{}</text>"#,
            panel.width / 2.0,
            panel.caption
        );
    }
    for &(from, to, is_left) in &panel.edges {
        let (a, b) = (&panel.nodes[from], &panel.nodes[to]);
        let (colour, id, side) = if is_left {
            (LEFT_COLOUR, "left", -1.0)
        } else {
            (RIGHT_COLOUR, "right", 1.0)
        };
        let path = if from == to {
            // A pass: a loop above the position, Left's to the left, Right's to the right.
            let (x, y) = (a.x + side * 8.0, a.y - RADIUS + 2.0);
            format!(
                "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                x,
                y,
                x + side * 34.0,
                y - 46.0,
                x + side * 4.0,
                y - 52.0,
                a.x + side * 2.0,
                y - 1.0
            )
        } else {
            edge_path(a, b, side)
        };
        let _ = writeln!(
            svg,
            r#"<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.6" marker-end="url(#arrow-{id})" data-move="{id}"/>"#
        );
    }
    for node in &panel.nodes {
        let label = escape(&node.label);
        if node.short {
            let w = 12.0 + 7.0 * node.label.chars().count() as f64;
            let _ = writeln!(
                svg,
                r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="22" rx="5" fill="#f4f4f6" stroke="#777"/><text x="{:.1}" y="{:.1}" text-anchor="middle">{label}</text>"##,
                node.x - w / 2.0,
                node.y - 11.0,
                node.x,
                node.y + 4.0
            );
        } else {
            let title = match &node.value {
                Some(value) => format!("{label} = {}", escape(value)),
                None => label.clone(),
            };
            let ring = if node.vertex == 0 {
                format!(
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{}" fill="none" stroke="#333"/>"##,
                    node.x,
                    node.y,
                    RADIUS + 3.0
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                svg,
                r##"<g data-position="{label}"><title>{title}</title>{ring}<circle cx="{:.1}" cy="{:.1}" r="{RADIUS}" fill="white" stroke="#333"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold">{label}</text></g>"##,
                node.x,
                node.y,
                node.x,
                node.y + 4.0
            );
        }
    }
    // The names and their values, under the graph.
    let listed: Vec<(&str, &str)> = panel
        .nodes
        .iter()
        .filter_map(|n| Some((n.label.as_str(), n.value.as_deref()?)))
        .collect();
    let mut y = panel.height - 18.0 * listed.len() as f64;
    for (name, value) in listed {
        let _ = writeln!(
            svg,
            r#"<text x="{MARGIN}" y="{y:.1}">{} = {}</text>"#,
            escape(name),
            escape(value)
        );
        y += 18.0;
    }
}

/// A move from `a` to `b` as a curve bent to one `side` (Left's and Right's moves between
/// the same two positions part), wider for a move back up or along a row; both ends stop
/// at the positions' borders.
fn edge_path(a: &Node, b: &Node, side: f64) -> String {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let bend = if b.y > a.y { 14.0 } else { 46.0 };
    let (start, end) = (RADIUS + 1.0, RADIUS + 3.0);
    let (x1, y1) = (a.x + ux * start, a.y + uy * start);
    let (x2, y2) = (b.x - ux * end, b.y - uy * end);
    // The control point: the midpoint moved across the line.
    let (cx, cy) = (
        (x1 + x2) / 2.0 - uy * bend * side,
        (y1 + y2) / 2.0 + ux * bend * side,
    );
    format!("M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names are those the printed text uses.
    #[test]
    fn names_run_past_z_as_in_the_text() {
        assert_eq!(nth_name(0), "a");
        assert_eq!(nth_name(25), "z");
        assert_eq!(nth_name(26), "N1");
    }

    /// A graph with more positions to draw than the limit is not drawn.
    #[test]
    fn a_large_graph_is_not_drawn() {
        // A chain of 50 loopy positions, each with a pass for Left.
        let n = MAX_DRAWN_POSITIONS + 10;
        let left: Vec<Vec<u32>> = (0..n as u32)
            .map(|v| vec![v, (v + 1).min(n as u32 - 1)])
            .collect();
        let right = vec![Vec::new(); n];
        let mut store = Store::new();
        let g = Graph::rooted(&left, &right, 0);
        assert!(layout(&g, String::new(), false, &mut store)
            .unwrap()
            .is_none());
    }
}
