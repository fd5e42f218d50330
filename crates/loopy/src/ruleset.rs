//! Loopy games described by their rules: a position knows each player's moves, and a play
//! may come back to a position it has left (a fox stepping back and forth, a toad sliding
//! back).
//!
//! [`LoopyEvaluator`] explores every position the start reaches and splits them into
//! strongly connected components: sets of positions that reach one another. Components are
//! valued from the last reached back to the start. A component has a graph for each side:
//! its own positions and, for each move that leaves it, that side of the value already found
//! there (a stopper's simplest form serves both sides). Replacing a position below by a
//! game with the same side keeps that side of every position above it: comparing the two,
//! Left copies Right's moves until play reaches the replaced position, then plays her
//! strategy there, and play never comes back up. So a component costs what its own
//! positions and the values around it cost, not the whole game: Fox and Geese from the
//! classic start reaches about a million positions, but no component is larger than the
//! fox's squares for one placing of the geese, and a Backsliding Toads and Frogs strip's
//! components stay as small as one arrangement's slides back and forth.
//!
//! In a component of stoppers, one comparison of all pairs of its graph's positions gives
//! each position's simplest form at once ([`super::canonical::simplest_forms`]); a position
//! with no cycle around it and short options is just a short game's canonical construction.
//! A component with infinite alternating play gets the sides of all its positions from one
//! search on each side's graph ([`super::sides::sides_at`]), when a component above or a
//! caller first asks for one.

use std::hash::Hash;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

pub use conway_partizan::rules::{Position, Rules};
use conway_partizan::{GameId, PartizanError, Store};

use super::canonical::simplest_forms;
use super::graph::{too_many_positions, Graph, MAX_VERTICES};
use super::sides::{self, Side, SideForm};
use super::{to_short, Loopy};

/// The most positions one evaluation explores: each costs the position twice over and its
/// moves, tens of bytes for a small board.
pub const MAX_POSITIONS: usize = 1 << 23;

/// A partizan game described by its rules whose positions may repeat: a [`Position`] with
/// what the loopy evaluator may know besides its moves.
pub trait LoopyRuleset: Position {
    /// The value, a stopper, when the rules give it without looking at moves (the fox has
    /// slipped past the geese: `off`); `None`, the default, means exploring the moves.
    fn known_value(&self) -> Option<Loopy> {
        None
    }
}

/// [`Rules`] (moves listed by code that may fail, such as a Python callback) as
/// [`LoopyEvaluator::value_by`] explores them: with the values the rules know.
pub trait LoopyRules: Rules {
    /// The value when the rules know it, as [`LoopyRuleset::known_value`].
    fn known_value(&self, _position: &Self::Position) -> Result<Option<Loopy>, Self::Error> {
        Ok(None)
    }
}

/// The rules of positions that know their own moves.
pub(super) struct OwnMoves<G>(std::marker::PhantomData<G>);

impl<G> OwnMoves<G> {
    pub(super) fn new() -> OwnMoves<G> {
        OwnMoves(std::marker::PhantomData)
    }
}

impl<G: LoopyRuleset> Rules for OwnMoves<G> {
    type Position = G;
    type Error = std::convert::Infallible;

    fn left_moves(&self, position: &G) -> Result<Vec<G>, Self::Error> {
        Ok(position.left_moves())
    }

    fn right_moves(&self, position: &G) -> Result<Vec<G>, Self::Error> {
        Ok(position.right_moves())
    }
}

impl<G: LoopyRuleset> LoopyRules for OwnMoves<G> {
    fn known_value(&self, position: &G) -> Result<Option<Loopy>, Self::Error> {
        Ok(position.known_value())
    }
}

/// Why [`LoopyEvaluator::value_by`] failed.
#[derive(Debug)]
pub enum EvaluationError<E> {
    /// The rules failed.
    Rules(E),
    /// The game did: too large, or stopped.
    Game(PartizanError),
}

impl<E> From<PartizanError> for EvaluationError<E> {
    fn from(error: PartizanError) -> Self {
        EvaluationError::Game(error)
    }
}

/// One value found, with the graphs a move to it puts in a component's graphs.
struct Found {
    /// Found when first asked for, for a position with infinite alternating play: only
    /// the start's may be wanted.
    value: Option<Loopy>,
    /// For each side (onside, offside), the graph a move here puts in a component's graph
    /// for that side, its start the position: a stopper's simplest form (built when a
    /// loopy component first needs it for a short game), or the side of a position with
    /// infinite alternating play (found when a component above first needs it).
    sides: [Option<Arc<Graph>>; 2],
    /// For a position with infinite alternating play: its component.
    component: Option<Arc<Component>>,
}

/// A strongly connected component with infinite alternating play.
struct Component {
    /// Its graph for each side (onside, offside): its positions first, then the side's
    /// graph of each value a move out of it reaches.
    graphs: [Graph; 2],
    /// The index in [`LoopyEvaluator::found`] of its first position; the others follow.
    first: u32,
    /// How many positions it has.
    members: u32,
}

/// The index of a side in [`Found::sides`].
fn slot(side: Side) -> usize {
    match side {
        Side::On => 0,
        Side::Off => 1,
    }
}

/// A side's graph as the form [`super::sides::side`] gives: a stopper is in simplest form,
/// and a graph that is not one is the search's simplified graph.
fn side_form(graph: &Graph) -> SideForm {
    if graph.is_stopper() {
        SideForm::Stopper(graph.clone())
    } else {
        SideForm::Simplified(graph.clone())
    }
}

/// Values loopy ruleset positions, remembering every position valued (see the module doc).
pub struct LoopyEvaluator<G: Clone + Eq + Hash> {
    /// Every position valued, with the index of its value in `found`.
    valued: HashMap<G, u32>,
    found: Vec<Found>,
    shorts: HashMap<GameId, u32>,
    stoppers: HashMap<Graph, u32>,
    limit: usize,
}

impl<G: Clone + Eq + Hash> Default for LoopyEvaluator<G> {
    fn default() -> Self {
        LoopyEvaluator::new()
    }
}

/// A move's target while a start's positions are explored.
#[derive(Clone, Copy)]
pub(super) enum Target {
    /// A position met in this exploration, by its number.
    New(u32),
    /// A position valued before, by its value's index.
    Valued(u32),
}

/// The positions one exploration met, numbered as met, with their moves.
pub(super) struct Exploration<G> {
    pub(super) positions: Vec<G>,
    /// Each position's number.
    pub(super) number: HashMap<G, u32>,
    pub(super) left: Vec<Vec<Target>>,
    pub(super) right: Vec<Vec<Target>>,
    /// The value of a position whose value the rules know (it has no moves listed).
    pub(super) known: Vec<Option<Loopy>>,
}

/// Explores breadth-first every position `start` reaches under `rules`, at most `limit`
/// new ones; a position `valued` gives an index for is not explored (a
/// [`Target::Valued`]), nor one whose value the rules know, which must be a stopper.
pub(super) fn explore<R: LoopyRules>(
    rules: &R,
    store: &mut Store,
    start: &R::Position,
    limit: usize,
    valued: impl Fn(&R::Position) -> Option<u32>,
) -> Result<Exploration<R::Position>, EvaluationError<R::Error>> {
    let mut explored = Exploration {
        positions: vec![start.clone()],
        number: HashMap::default(),
        left: Vec::new(),
        right: Vec::new(),
        known: Vec::new(),
    };
    explored.number.insert(start.clone(), 0);
    while explored.left.len() < explored.positions.len() {
        let position = explored.positions[explored.left.len()].clone();
        store.count_position();
        if store.stop_requested() {
            return Err(PartizanError::Interrupted.into());
        }
        if let Some(value) = rules
            .known_value(&position)
            .map_err(EvaluationError::Rules)?
        {
            if !value.is_stopper() {
                return Err(PartizanError::NotApplicable(
                    "a ruleset's known value must be a stopper".into(),
                )
                .into());
            }
            explored.known.push(Some(value));
            explored.left.push(Vec::new());
            explored.right.push(Vec::new());
            continue;
        }
        explored.known.push(None);
        let mut place = |next: R::Position| -> Result<Target, PartizanError> {
            if let Some(index) = valued(&next) {
                return Ok(Target::Valued(index));
            }
            if let Some(&v) = explored.number.get(&next) {
                return Ok(Target::New(v));
            }
            if explored.positions.len() >= limit {
                return Err(PartizanError::too_large(
                    "the positions a loopy game reaches",
                    format!("more than {limit}"),
                    limit,
                ));
            }
            let v = explored.positions.len() as u32;
            explored.number.insert(next.clone(), v);
            explored.positions.push(next);
            Ok(Target::New(v))
        };
        let left = rules
            .left_moves(&position)
            .map_err(EvaluationError::Rules)?
            .into_iter()
            .map(&mut place)
            .collect::<Result<Vec<_>, _>>()?;
        let right = rules
            .right_moves(&position)
            .map_err(EvaluationError::Rules)?
            .into_iter()
            .map(&mut place)
            .collect::<Result<Vec<_>, _>>()?;
        explored.left.push(left);
        explored.right.push(right);
    }
    Ok(explored)
}

impl<G: Clone + Eq + Hash> LoopyEvaluator<G> {
    /// An evaluator that has valued nothing yet, exploring up to [`MAX_POSITIONS`] new
    /// positions per evaluation.
    pub fn new() -> LoopyEvaluator<G> {
        LoopyEvaluator::with_limit(MAX_POSITIONS)
    }

    /// An evaluator exploring at most `limit` new positions per evaluation.
    pub fn with_limit(limit: usize) -> LoopyEvaluator<G> {
        LoopyEvaluator {
            valued: HashMap::default(),
            found: Vec::new(),
            shorts: HashMap::default(),
            stoppers: HashMap::default(),
            limit,
        }
    }

    /// How many positions have been valued.
    pub fn positions_valued(&self) -> usize {
        self.valued.len()
    }

    /// How many distinct values those positions have (stoppers and short games are told
    /// apart by their simplest forms; each position with two sides counts once).
    pub fn distinct_values(&self) -> usize {
        self.found.len()
    }

    /// The value of `position`.
    pub fn value(&mut self, store: &mut Store, position: &G) -> Result<Loopy, PartizanError>
    where
        G: LoopyRuleset,
    {
        self.value_by(&OwnMoves::new(), store, position)
            .map_err(|e| match e {
                EvaluationError::Game(error) => error,
                EvaluationError::Rules(never) => match never {},
            })
    }

    /// The value of `position` under `rules`.
    pub fn value_by<R: LoopyRules<Position = G>>(
        &mut self,
        rules: &R,
        store: &mut Store,
        position: &G,
    ) -> Result<Loopy, EvaluationError<R::Error>> {
        let index = match self.valued.get(position) {
            Some(&index) => index,
            None => self.evaluate(rules, store, position)?,
        };
        if self.found[index as usize].value.is_none() {
            let onside = side_form(&*self.side_graph(store, index, Side::On)?);
            let offside = side_form(&*self.side_graph(store, index, Side::Off)?);
            self.found[index as usize].value =
                Some(Loopy::from_side_forms(onside, offside, store)?);
        }
        Ok(self.found[index as usize]
            .value
            .clone()
            .expect("just found"))
    }

    /// Explores and values everything `start` reaches; the index of the start's value.
    fn evaluate<R: LoopyRules<Position = G>>(
        &mut self,
        rules: &R,
        store: &mut Store,
        start: &G,
    ) -> Result<u32, EvaluationError<R::Error>> {
        let valued = &self.valued;
        let mut explored = explore(rules, store, start, self.limit, |p| valued.get(p).copied())?;
        // Positions are found by `valued` from here on, and known values by their indices:
        // what the exploration kept for them is freed before the components are valued.
        explored.number = HashMap::default();
        let known: Vec<Option<u32>> = std::mem::take(&mut explored.known)
            .into_iter()
            .map(|value| value.map(|v| self.intern(v)))
            .collect();
        let mut value_of: Vec<u32> = vec![u32::MAX; explored.positions.len()];
        for component in components(&explored) {
            if store.stop_requested() {
                return Err(PartizanError::Interrupted.into());
            }
            let values = self.value_component(store, &explored, &known, &component, &value_of)?;
            for (&v, index) in component.iter().zip(values) {
                value_of[v as usize] = index;
            }
        }
        for (position, &index) in explored.positions.into_iter().zip(&value_of) {
            self.valued.insert(position, index);
        }
        Ok(value_of[0])
    }

    /// The value indices of one component's positions, every position it moves to outside
    /// it valued already (`value_of`), and the values the rules know by their indices
    /// (`known`).
    fn value_component(
        &mut self,
        store: &mut Store,
        explored: &Exploration<G>,
        known: &[Option<u32>],
        component: &[u32],
        value_of: &[u32],
    ) -> Result<Vec<u32>, PartizanError> {
        let outside = |t: Target| match t {
            Target::Valued(index) => index,
            Target::New(w) => value_of[w as usize],
        };
        if let [v] = *component {
            let v = v as usize;
            if let Some(index) = known[v] {
                return Ok(vec![index]);
            }
            // With no move back to itself and short options, a short game.
            let short = |targets: &[Target]| -> Option<Vec<GameId>> {
                targets
                    .iter()
                    .map(|&t| match t {
                        Target::New(w) if w as usize == v => None,
                        _ => match self.found[outside(t) as usize].value {
                            Some(Loopy::Short(g)) => Some(g),
                            _ => None,
                        },
                    })
                    .collect()
            };
            if let (Some(left), Some(right)) = (short(&explored.left[v]), short(&explored.right[v]))
            {
                let g = store.construct(&left, &right);
                if store.stop_requested() {
                    return Err(PartizanError::Interrupted);
                }
                return Ok(vec![self.intern_short(g, None)]);
            }
        }
        let onside = self.component_graph(store, explored, component, value_of, Side::On)?;
        let offside = self.component_graph(store, explored, component, value_of, Side::Off)?;
        let roots: Vec<usize> = (0..component.len()).collect();
        if onside == offside && onside.is_stopper() {
            let forms = simplest_forms(&onside, &roots, store)?;
            let mut indices = Vec::with_capacity(forms.len());
            for form in forms {
                let value = if form.is_loopfree() {
                    Loopy::Short(to_short(&form, store)?)
                } else {
                    Loopy::Stopper(form.clone())
                };
                indices.push(match value {
                    Loopy::Short(g) => self.intern_short(g, Some(form)),
                    value => self.intern(value),
                });
            }
            return Ok(indices);
        }
        // Infinite alternating play: the positions keep the component's graphs, and their
        // sides are found when asked for.
        let shared = Arc::new(Component {
            graphs: [onside, offside],
            first: self.found.len() as u32,
            members: component.len() as u32,
        });
        Ok((0..component.len())
            .map(|_| {
                self.found.push(Found {
                    value: None,
                    sides: [None, None],
                    component: Some(shared.clone()),
                });
                (self.found.len() - 1) as u32
            })
            .collect())
    }

    /// A component's graph for one side: its positions first, in the component's order,
    /// then the graph of that side of each value a move out of it reaches, once per value.
    fn component_graph(
        &mut self,
        store: &mut Store,
        explored: &Exploration<G>,
        component: &[u32],
        value_of: &[u32],
        side: Side,
    ) -> Result<Graph, PartizanError> {
        let mut local: HashMap<u32, u32> = HashMap::default();
        for (i, &v) in component.iter().enumerate() {
            local.insert(v, i as u32);
        }
        let k = component.len();
        let (mut left, mut right) = (vec![Vec::new(); k], vec![Vec::new(); k]);
        // Where each graph was placed, by its address: one copy per shared graph.
        let mut placed: HashMap<*const Graph, u32> = HashMap::default();
        for (i, &v) in component.iter().enumerate() {
            for left_moves in [true, false] {
                let targets = if left_moves {
                    &explored.left[v as usize]
                } else {
                    &explored.right[v as usize]
                };
                let mut moves: Vec<u32> = Vec::with_capacity(targets.len());
                for &t in targets {
                    let index = match t {
                        Target::New(w) => match local.get(&w) {
                            Some(&x) => {
                                moves.push(x);
                                continue;
                            }
                            None => value_of[w as usize],
                        },
                        Target::Valued(index) => index,
                    };
                    let graph = self.side_graph(store, index, side)?;
                    let offset = match placed.get(&Arc::as_ptr(&graph)) {
                        Some(&offset) => offset,
                        None => {
                            let offset = left.len() as u32;
                            if left.len() + graph.len() > MAX_VERTICES {
                                return Err(too_many_positions(
                                    "one strongly connected part of a loopy game with the \
                                     values around it",
                                    left.len() + graph.len(),
                                ));
                            }
                            let shift = |edges: &[u32]| -> Vec<u32> {
                                edges.iter().map(|&w| w + offset).collect()
                            };
                            for x in 0..graph.len() {
                                left.push(shift(graph.left(x)));
                                right.push(shift(graph.right(x)));
                            }
                            placed.insert(Arc::as_ptr(&graph), offset);
                            offset
                        }
                    };
                    moves.push(offset);
                }
                moves.sort_unstable();
                moves.dedup();
                if left_moves {
                    left[i] = moves;
                } else {
                    right[i] = moves;
                }
            }
        }
        Ok(Graph::unrooted(left, right))
    }

    /// The graph a move to the value at `index` adds to a component's graph for `side`,
    /// its start the move's target.
    fn side_graph(
        &mut self,
        store: &mut Store,
        index: u32,
        side: Side,
    ) -> Result<Arc<Graph>, PartizanError> {
        let found = &self.found[index as usize];
        if let Some(graph) = &found.sides[slot(side)] {
            return Ok(graph.clone());
        }
        let graph = match (&found.value, &found.component) {
            (Some(Loopy::Short(g)), _) => {
                let graph = Arc::new(Graph::short(store, *g)?);
                self.found[index as usize].sides = [Some(graph.clone()), Some(graph.clone())];
                return Ok(graph);
            }
            (Some(value), _) => value.side_graph(side, store)?,
            (None, Some(component)) => {
                // One search gives the side of every position of the component.
                let component = component.clone();
                let graph = &component.graphs[slot(side)];
                let roots: Vec<u32> = (0..component.members).collect();
                let forms = sides::sides_at(graph, &roots, side, store)?;
                for (r, form) in roots.iter().zip(forms) {
                    let (SideForm::Stopper(g) | SideForm::Simplified(g)) = form;
                    self.found[(component.first + r) as usize].sides[slot(side)] =
                        Some(Arc::new(g));
                }
                return Ok(self.found[index as usize].sides[slot(side)]
                    .clone()
                    .expect("just found"));
            }
            (None, None) => unreachable!("a position without a value has a component"),
        };
        let graph = Arc::new(graph);
        self.found[index as usize].sides[slot(side)] = Some(graph.clone());
        Ok(graph)
    }

    /// The index of a value, one per distinct stopper.
    fn intern(&mut self, value: Loopy) -> u32 {
        match value {
            Loopy::Short(g) => self.intern_short(g, None),
            Loopy::Stopper(graph) => {
                if let Some(&index) = self.stoppers.get(&graph) {
                    return index;
                }
                let index = self.push(Loopy::Stopper(graph.clone()), Some(graph.clone()));
                self.stoppers.insert(graph, index);
                index
            }
            sided => self.push(sided, None),
        }
    }

    /// The index of a short game's value.
    fn intern_short(&mut self, g: GameId, graph: Option<Graph>) -> u32 {
        if let Some(&index) = self.shorts.get(&g) {
            return index;
        }
        let index = self.push(Loopy::Short(g), graph);
        self.shorts.insert(g, index);
        index
    }

    fn push(&mut self, value: Loopy, graph: Option<Graph>) -> u32 {
        let graph = graph.map(Arc::new);
        self.found.push(Found {
            value: Some(value),
            sides: [graph.clone(), graph],
            component: None,
        });
        (self.found.len() - 1) as u32
    }
}

/// The strongly connected components of the explored positions (moves of either player),
/// each listed after every component it moves to (Tarjan's algorithm, without recursion:
/// a game's depth can be its number of positions).
fn components<G>(explored: &Exploration<G>) -> Vec<Vec<u32>> {
    let n = explored.positions.len();
    let successors = |v: usize| {
        explored.left[v]
            .iter()
            .chain(&explored.right[v])
            .filter_map(|t| match t {
                Target::New(w) => Some(*w),
                Target::Valued(_) => None,
            })
    };
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut components = Vec::new();
    let mut next_index = 0u32;
    // Each frame: a position and how many of its successors have been looked at.
    let mut frames: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        frames.push((root, 0));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut seen)) = frames.last_mut() {
            let vu = v as usize;
            if let Some(w) = successors(vu).nth(*seen) {
                *seen += 1;
                let wu = w as usize;
                if index[wu] == UNSEEN {
                    index[wu] = next_index;
                    low[wu] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[wu] = true;
                    frames.push((w, 0));
                } else if on_stack[wu] {
                    low[vu] = low[vu].min(index[wu]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent as usize] = low[parent as usize].min(low[vu]);
            }
            if low[vu] == index[vu] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w as usize] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                component.reverse();
                components.push(component);
            }
        }
    }
    components
}
