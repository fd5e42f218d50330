//! Evaluating CGSuite's loopy notation: games whose options lead back to themselves (`pass`,
//! node labels as in `a{0|{1|a}}`), the constants `on`, `off`, `over`, `under` and `dud`,
//! the upons `^[on]` and `^<on>`, and sided values `S & T`.
//!
//! A game written with braces becomes a graph: each pair of braces a node, `pass` an edge
//! to the node itself, a label an edge back to the labelled node, and every other option
//! is evaluated on its own and hung from the node as a whole graph. When an option has two
//! sides, the game has two graphs, one built from the options' onsides and one from their
//! offsides (as CGSuite builds `{2&-2|1&-2}`).

use conway_numbers::Dyadic;

use super::{evaluate_in, Bindings, Value};
use crate::syntax::{Expr, ExprKind};
use conway_loopy::{Graph, Loopy, Side, SideForm};
use conway_partizan::{PartizanError, Store};

/// The loopy constants, by name.
pub(super) fn constant(name: &str) -> Option<Graph> {
    Some(match name {
        "on" => Graph::on(),
        "off" => Graph::off(),
        "over" => Graph::over(),
        "under" => Graph::under(),
        "dud" => Graph::dud(),
        _ => return None,
    })
}

/// The error for `pass` where it is not an option of a game.
pub(super) fn unexpected_pass(column: usize) -> PartizanError {
    PartizanError::parse(
        column,
        "unexpected `pass`: it is a move to the game itself, written as an option, as in {0|pass}",
    )
}

/// Whether the braces written here lead back to themselves: `pass`, or a label, directly
/// among the options of the braces nested in it.
pub(super) fn is_cyclic(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Labelled { .. } => true,
        ExprKind::Game { left, right } => left.iter().chain(right).any(|option| {
            matches!(&option.kind, ExprKind::Name(name) if name == "pass") || is_cyclic(option)
        }),
        _ => false,
    }
}

/// The value of a game given by braces with cycles.
pub(super) fn cyclic_game(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Value, PartizanError> {
    let mut builder = Builder::default();
    builder.node(store, names, expr, &mut Vec::new())?;
    builder.value(store)
}

/// The value of the game {left | right} whose options are given values: a short game when
/// they all are, else a node with their graphs hung from it.
pub(super) fn game_of(
    store: &mut Store,
    left: Vec<Loopy>,
    right: Vec<Loopy>,
) -> Result<Value, PartizanError> {
    let short = |options: &[Loopy]| -> Option<Vec<conway_partizan::GameId>> {
        options
            .iter()
            .map(|g| match g {
                Loopy::Short(g) => Some(*g),
                _ => None,
            })
            .collect()
    };
    if let (Some(left), Some(right)) = (short(&left), short(&right)) {
        return Ok(Value::Game(store.construct(&left, &right)));
    }
    let mut builder = Builder::default();
    builder.left.push(Vec::new());
    builder.right.push(Vec::new());
    for (options, is_left) in [(left, true), (right, false)] {
        for value in options {
            let target = builder.leaf(value);
            builder.edges(is_left)[0].push(target);
        }
    }
    builder.value(store)
}

/// `onside & offside`: the onside of the first and the offside of the second.
pub(super) fn sided(store: &mut Store, on: &Loopy, off: &Loopy) -> Result<Value, PartizanError> {
    let onside = on.side_graph(Side::On, store)?;
    let offside = off.side_graph(Side::Off, store)?;
    let value = Loopy::from_sides(&onside, &offside, store)?;
    // An offside above the onside is no value (CGSuite refuses it too).
    if let Loopy::Sided {
        onside: SideForm::Stopper(hi),
        offside: SideForm::Stopper(lo),
    } = &value
    {
        if !conway_loopy::survival::compare(lo, hi, store)?.leq(0, 0) {
            return Err(PartizanError::NotApplicable(
                "the offside of S & T must be at most its onside".into(),
            ));
        }
    }
    Ok(value_of(value))
}

/// `^[on]` (upon) or `^<on>` (uponth), negated when `down`, plus x and *m.
pub(super) fn upon(
    store: &mut Store,
    uponth: bool,
    down: bool,
    number: Dyadic,
    nimber: u64,
) -> Result<Value, PartizanError> {
    let graph = if uponth {
        // ^<on> = {0 | v[on]*} with v[on]* = {0 | 0, pass}: vertices ^<on>, v[on]*, 0.
        Graph::rooted(
            &[vec![2], vec![2], vec![]],
            &[vec![1], vec![2, 1], vec![]],
            0,
        )
    } else {
        // ^[on] = {pass | *}: vertices ^[on], *, 0.
        Graph::rooted(&[vec![0], vec![2], vec![]], &[vec![1], vec![2], vec![]], 0)
    };
    let mut value = Loopy::from_graph(&graph, store)?;
    if down {
        value = value.neg(store);
    }
    let shift = store.nus(&conway_partizan::Nus {
        number,
        ups: 0,
        nimber,
    });
    Ok(value_of(value.add(&Loopy::Short(shift), store)?))
}

/// A loopy value as a value of an expression: short games stay short games.
pub(super) fn value_of(value: Loopy) -> Value {
    match value {
        Loopy::Short(g) => Value::Game(g),
        other => Value::Loopy(other),
    }
}

/// Where an edge of the game being built leads.
#[derive(Clone, Copy)]
enum Target {
    /// A node written with braces.
    Node(u32),
    /// A value hung from the game.
    Leaf(u32),
}

/// The game being built: its nodes, and the values hung from them.
#[derive(Default)]
struct Builder {
    left: Vec<Vec<Target>>,
    right: Vec<Vec<Target>>,
    leaves: Vec<Loopy>,
}

impl Builder {
    fn edges(&mut self, left: bool) -> &mut Vec<Vec<Target>> {
        if left {
            &mut self.left
        } else {
            &mut self.right
        }
    }

    fn leaf(&mut self, value: Loopy) -> Target {
        self.leaves.push(value);
        Target::Leaf(self.leaves.len() as u32 - 1)
    }

    /// Adds the node written by `expr` (a game or a labelled game), `labels` the labels of
    /// the nodes around it; its number.
    fn node(
        &mut self,
        store: &mut Store,
        names: &Bindings,
        expr: &Expr,
        labels: &mut Vec<(String, u32)>,
    ) -> Result<u32, PartizanError> {
        let id = self.left.len() as u32;
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        let (game, labelled) = match &expr.kind {
            ExprKind::Labelled { label, game } => {
                labels.push((label.clone(), id));
                (game.as_ref(), true)
            }
            _ => (expr, false),
        };
        let ExprKind::Game { left, right } = &game.kind else {
            return Err(PartizanError::parse(
                game.column,
                "expected a game in braces",
            ));
        };
        for (options, is_left) in [(left, true), (right, false)] {
            for option in options {
                let target = self.option(store, names, option, id, labels)?;
                self.edges(is_left)[id as usize].push(target);
            }
        }
        if labelled {
            labels.pop();
        }
        Ok(id)
    }

    fn option(
        &mut self,
        store: &mut Store,
        names: &Bindings,
        option: &Expr,
        me: u32,
        labels: &mut Vec<(String, u32)>,
    ) -> Result<Target, PartizanError> {
        match &option.kind {
            ExprKind::Name(name) if name == "pass" => Ok(Target::Node(me)),
            ExprKind::Name(name) => {
                if let Some(&(_, node)) = labels.iter().rev().find(|(l, _)| l == name) {
                    return Ok(Target::Node(node));
                }
                self.evaluated(store, names, option, labels)
            }
            ExprKind::Labelled { .. } => Ok(Target::Node(self.node(store, names, option, labels)?)),
            ExprKind::Game { .. } if is_cyclic(option) || mentions(option, labels) => {
                Ok(Target::Node(self.node(store, names, option, labels)?))
            }
            _ => self.evaluated(store, names, option, labels),
        }
    }

    /// An option evaluated on its own; labels of the game may not appear in it.
    fn evaluated(
        &mut self,
        store: &mut Store,
        names: &Bindings,
        option: &Expr,
        labels: &[(String, u32)],
    ) -> Result<Target, PartizanError> {
        if let Some(column) = label_use(option, labels) {
            return Err(PartizanError::parse(
                column,
                "a node label can only stand alone as an option, as the a of a{0|a}",
            ));
        }
        let value = match evaluate_in(store, names, option)? {
            Value::Game(g) => Loopy::Short(g),
            Value::Loopy(l) => l,
            Value::Number(x) => Loopy::Short(store.number(x)),
            _ => {
                return Err(PartizanError::parse(
                    option.column,
                    "an option must be a game",
                ))
            }
        };
        Ok(self.leaf(value))
    }

    /// The graph of one side: the nodes, then each leaf's graph of that side.
    fn graph(&self, side: Side, store: &mut Store) -> Result<Graph, PartizanError> {
        let nodes = self.left.len();
        let mut left: Vec<Vec<u32>> = Vec::new();
        let mut right: Vec<Vec<u32>> = Vec::new();
        left.resize(nodes, Vec::new());
        right.resize(nodes, Vec::new());
        let mut roots = Vec::with_capacity(self.leaves.len());
        for leaf in &self.leaves {
            let g = leaf.side_graph(side, store)?;
            let offset = left.len() as u32;
            if left.len() + g.len() > conway_loopy::MAX_VERTICES {
                return Err(conway_loopy::graph::too_many_positions(
                    "a loopy game",
                    left.len() + g.len(),
                ));
            }
            roots.push(offset);
            for v in 0..g.len() {
                left.push(g.left(v).iter().map(|w| w + offset).collect());
                right.push(g.right(v).iter().map(|w| w + offset).collect());
            }
        }
        let resolve = |t: &Target| match t {
            Target::Node(n) => *n,
            Target::Leaf(k) => roots[*k as usize],
        };
        for v in 0..nodes {
            left[v] = self.left[v].iter().map(resolve).collect();
            right[v] = self.right[v].iter().map(resolve).collect();
        }
        Ok(Graph::rooted(&left, &right, 0))
    }

    fn value(&self, store: &mut Store) -> Result<Value, PartizanError> {
        let sided = self.leaves.iter().any(|l| !l.is_stopper());
        let on = self.graph(Side::On, store)?;
        let value = if sided {
            let off = self.graph(Side::Off, store)?;
            Loopy::from_sides(&on, &off, store)?
        } else {
            Loopy::from_graph(&on, store)?
        };
        Ok(value_of(value))
    }
}

/// Whether a label of the game appears directly as an option of braces within `expr`.
fn mentions(expr: &Expr, labels: &[(String, u32)]) -> bool {
    match &expr.kind {
        ExprKind::Game { left, right } => {
            left.iter().chain(right).any(|option| match &option.kind {
                ExprKind::Name(name) => labels.iter().any(|(l, _)| l == name),
                _ => mentions(option, labels),
            })
        }
        ExprKind::Labelled { .. } => true,
        _ => false,
    }
}

/// The column of a label of the game used inside an expression evaluated on its own.
fn label_use(expr: &Expr, labels: &[(String, u32)]) -> Option<usize> {
    let mut found = None;
    visit(expr, &mut |e| {
        if let ExprKind::Name(name) = &e.kind {
            if found.is_none() && labels.iter().any(|(l, _)| l == name) {
                found = Some(e.column);
            }
        }
    });
    found
}

fn visit(expr: &Expr, f: &mut impl FnMut(&Expr)) {
    f(expr);
    match &expr.kind {
        ExprKind::Game { left, right } => left.iter().chain(right).for_each(|e| visit(e, f)),
        ExprKind::PlusMinus(items) | ExprKind::List(items) => {
            items.iter().for_each(|e| visit(e, f))
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|e| visit(e, f)),
        ExprKind::Neg(a) | ExprKind::Misere(a) => visit(a, f),
        ExprKind::Labelled { game, .. } => visit(game, f),
        ExprKind::Add(a, b)
        | ExprKind::Sub(a, b)
        | ExprKind::OrdinalSum(a, b)
        | ExprKind::Product(a, b)
        | ExprKind::Power(a, b)
        | ExprKind::Compare(_, a, b)
        | ExprKind::Sided(a, b) => {
            visit(a, f);
            visit(b, f);
        }
        ExprKind::Number(_) | ExprKind::UpStar(_) | ExprKind::Name(_) | ExprKind::Text(_) => {}
    }
}
