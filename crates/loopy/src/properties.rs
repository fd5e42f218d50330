//! What is asked of a loopy value: its outcome class (with CGSuite's hatted and checked
//! classes for values with two sides), its sides, its stops, upsums and downsums, and the
//! shapes of its graph.

use std::fmt;

use conway_partizan::{PartizanError, Store};

use super::graph::Graph;
use super::sides::{Side, SideForm};
use super::Loopy;
use conway_partizan::Player;

/// The outcome class of a loopy value. A stopper has one of the four classes of short games;
/// a value with two sides combines the classes of its sides (Siegel, *Combinatorial Game
/// Theory*, ch. VI): `D` when the onside is L and the offside R (a draw whoever starts),
/// `NHat` (N̂) for L and N, `PHat` for L and P, `NCheck` (Ň) for N and R, `PCheck` for P and R.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
    /// Neither wins: onside L, offside R.
    D,
    /// Onside L, offside N.
    NHat,
    /// Onside L, offside P.
    PHat,
    /// Onside N, offside R.
    NCheck,
    /// Onside P, offside R.
    PCheck,
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::NCheck => "NCheck",
            LoopyOutcome::PCheck => "PCheck",
        })
    }
}

impl LoopyOutcome {
    /// What the class means for play, in words.
    pub fn explanation(self) -> &'static str {
        match self {
            LoopyOutcome::L => "Left wins whoever moves first",
            LoopyOutcome::R => "Right wins whoever moves first",
            LoopyOutcome::N => "the first player wins",
            LoopyOutcome::P => "the second player wins",
            LoopyOutcome::D => "a draw whoever moves first: play goes on for ever",
            LoopyOutcome::NHat => "Left wins moving first; Right moving first draws",
            LoopyOutcome::PHat => "Left wins moving second; Left moving first draws",
            LoopyOutcome::NCheck => "Right wins moving first; Left moving first draws",
            LoopyOutcome::PCheck => "Right wins moving second; Right moving first draws",
        }
    }

    /// The class of one side (or of a stopper), from whether it is ≥ 0 and ≤ 0.
    pub fn of_side(at_least_zero: bool, at_most_zero: bool) -> LoopyOutcome {
        match (at_least_zero, at_most_zero) {
            (true, true) => LoopyOutcome::P,
            (true, false) => LoopyOutcome::L,
            (false, true) => LoopyOutcome::R,
            (false, false) => LoopyOutcome::N,
        }
    }

    /// The class of a value from the classes of its onside and offside; `None` when the
    /// offside would exceed the onside.
    pub fn of_sides(onside: LoopyOutcome, offside: LoopyOutcome) -> Option<LoopyOutcome> {
        use LoopyOutcome::*;
        Some(match (onside, offside) {
            (a, b) if a == b => a,
            (L, N) => NHat,
            (L, P) => PHat,
            (L, R) => D,
            (N, R) => NCheck,
            (P, R) => PCheck,
            _ => return None,
        })
    }
}

/// The outcome class of a value.
pub fn outcome(value: &Loopy, store: &mut Store) -> Result<LoopyOutcome, PartizanError> {
    let zero = Loopy::Short(store.zero());
    let class = |side: Side, store: &mut Store| -> Result<LoopyOutcome, PartizanError> {
        Ok(LoopyOutcome::of_side(
            zero.side_leq(value, side, store)?,
            value.side_leq(&zero, side, store)?,
        ))
    };
    let onside = class(Side::On, store)?;
    if value.is_stopper() {
        return Ok(onside);
    }
    let offside = class(Side::Off, store)?;
    LoopyOutcome::of_sides(onside, offside).ok_or_else(|| {
        PartizanError::NotApplicable("the offside of this value exceeds its onside".into())
    })
}

/// One side of a value, as a value (a stopper's sides are itself).
pub fn side(value: &Loopy, side: Side, store: &mut Store) -> Result<Loopy, PartizanError> {
    match value {
        Loopy::Sided { onside, offside } => {
            let form = if side == Side::On { onside } else { offside };
            match form {
                SideForm::Stopper(g) => Loopy::from_graph(g, store),
                // Not a stopper: CGSuite has no value for it either.
                SideForm::Simplified(_) => Err(PartizanError::NotApplicable(format!(
                    "the {} of this value is not a stopper",
                    if side == Side::On {
                        "onside"
                    } else {
                        "offside"
                    }
                ))),
            }
        }
        other => Ok(other.clone()),
    }
}

/// G ↑+ H, the onside of G + H.
pub fn upsum(g: &Loopy, h: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    let sum = g.add(h, store)?;
    self::side(&sum, Side::On, store)
}

/// G ↓+ H, the offside of G + H.
pub fn downsum(g: &Loopy, h: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    let sum = g.add(h, store)?;
    self::side(&sum, Side::Off, store)
}

/// The degree of a stopper: 0 when it is short, else G ↑+ (−G) (Siegel, ch. VI).
pub fn degree(g: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    match g {
        Loopy::Short(_) => Ok(Loopy::Short(store.zero())),
        Loopy::Stopper(_) => {
            let neg = g.neg(store);
            upsum(g, &neg, store)
        }
        Loopy::Sided { .. } => Err(PartizanError::NotApplicable(
            "the degree is defined for stoppers".into(),
        )),
    }
}

/// Whether G + G = G.
pub fn is_idempotent(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    let twice = g.add(g, store)?;
    twice.equals(g, store)
}

fn idempotent_degree(d: &Loopy, store: &mut Store) -> Result<(), PartizanError> {
    if is_idempotent(d, store)? {
        Ok(())
    } else {
        Err(PartizanError::NotApplicable(
            "the variety's degree must be an idempotent".into(),
        ))
    }
}

/// G's upsum variety for an idempotent D (CGSuite's definition): G ↑+ ((−G) ↓+ (−D)).
pub fn upsum_variety(g: &Loopy, d: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    idempotent_degree(d, store)?;
    let (minus, minus_d) = (g.neg(store), d.neg(store));
    let inner = downsum(&minus, &minus_d, store)?;
    upsum(g, &inner, store)
}

/// G's downsum variety for an idempotent D: G ↓+ ((−G) ↑+ D).
pub fn downsum_variety(g: &Loopy, d: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    idempotent_degree(d, store)?;
    let minus = g.neg(store);
    let inner = upsum(&minus, d, store)?;
    downsum(g, &inner, store)
}

/// The upsum and downsum varieties of a stopper for its degree.
fn varieties(g: &Loopy, store: &mut Store) -> Result<(Loopy, Loopy), PartizanError> {
    let degree = degree(g, store)?;
    Ok((
        upsum_variety(g, &degree, store)?,
        downsum_variety(g, &degree, store)?,
    ))
}

/// Whether a stopper is stable: its upsum and downsum varieties are equal (a short game is).
pub fn is_stable(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    if let Loopy::Short(_) = g {
        return Ok(true);
    }
    let (up, down) = varieties(g, store)?;
    up.equals(&down, store)
}

/// The variety of a stable stopper: the value V of degree D with G = V + D in the stopper
/// theory (Siegel, *Combinatorial Game Theory*, ch. VI); 0 for a short game.
pub fn variety(g: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    if let Loopy::Short(_) = g {
        return Ok(Loopy::Short(store.zero()));
    }
    let (up, down) = varieties(g, store)?;
    if !up.equals(&down, store)? {
        return Err(PartizanError::NotApplicable(
            "the game is not stable: its upsum and downsum varieties differ".into(),
        ));
    }
    Ok(up)
}

/// A stopper's stops without their over or under: `x over` stops at x (CGSuite's strong
/// stops).
fn strong_stops(g: &Loopy, store: &mut Store) -> Result<[Pseudonumber; 2], PartizanError> {
    let (left, right) = stops(g, store)?;
    let strong = |p: Pseudonumber| match p {
        Pseudonumber::Over(x) | Pseudonumber::Under(x) => Pseudonumber::Number(x),
        other => other,
    };
    Ok([strong(left), strong(right)])
}

/// Whether both strong stops of a stopper are 0.
pub fn is_infinitesimal(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    let zero = Pseudonumber::Number(conway_numbers::Dyadic::zero());
    Ok(strong_stops(g, store)? == [zero.clone(), zero])
}

/// Whether the strong stops of a stopper are one number.
pub fn is_numberish(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    let [left, right] = strong_stops(g, store)?;
    Ok(matches!(left, Pseudonumber::Number(_)) && left == right)
}

/// Whether a stopper is its own negative.
pub fn is_switch(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    let minus = g.neg(store);
    g.equals(&minus, store)
}

/// Whether a stopper is x + Tiny(H) or x + Miny(H) for a number x (CGSuite's test: one
/// option each, one of them a number x, the other with one option each, x on the near side
/// and at most x under on the far side).
pub fn is_number_tiny(g: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
    let (left, right) = (
        super::followers::options(g, Player::Left, store)?,
        super::followers::options(g, Player::Right, store)?,
    );
    let ([l], [r]) = (&left[..], &right[..]) else {
        return Ok(false);
    };
    let under = Loopy::from_graph(&Graph::under(), store)?;
    // `x` a number option, `other` the other option, `near` its options on x's side.
    let mut tiny = |x: &Loopy, other: &Loopy, x_is_left: bool| -> Result<bool, PartizanError> {
        if !matches!(x, Loopy::Short(h) if store.is_number(*h)) {
            return Ok(false);
        }
        let (near, far) = if x_is_left {
            (Player::Left, Player::Right)
        } else {
            (Player::Right, Player::Left)
        };
        let near = super::followers::options(other, near, store)?;
        let far = super::followers::options(other, far, store)?;
        let ([n], [f]) = (&near[..], &far[..]) else {
            return Ok(false);
        };
        if !n.equals(x, store)? {
            return Ok(false);
        }
        // Tiny: the far option minus x is at most under; Miny: x minus it is.
        let difference = if x_is_left {
            let minus = x.neg(store);
            f.add(&minus, store)?
        } else {
            let minus = f.neg(store);
            x.add(&minus, store)?
        };
        difference.leq(&under, store)
    };
    Ok(tiny(l, r, true)? || tiny(r, l, false)?)
}

/// Whether the value is a pseudonumber: a number, `on`, `off`, or x over / x under.
pub fn is_pseudonumber(g: &Loopy, store: &mut Store) -> bool {
    pseudonumber(g, store).is_some()
}

/// The value as a pseudonumber, if it is one.
pub fn pseudonumber(g: &Loopy, store: &mut Store) -> Option<Pseudonumber> {
    match g {
        Loopy::Short(h) => store.as_number(*h).cloned().map(Pseudonumber::Number),
        Loopy::Stopper(graph) => {
            let short = super::short_positions(graph, store).ok()?;
            pseudonumber_at(graph, 0, &short, store)
        }
        Loopy::Sided { .. } => None,
    }
}

/// The pseudonumber at position `v` of a stopper in simplest form, given the short game at
/// each of its positions with no infinite play: a number, or `on` ({pass|}), `off`, x over
/// ({x|pass}) or x under ({pass|x}).
pub(crate) fn pseudonumber_at(
    graph: &Graph,
    v: usize,
    short: &[Option<conway_partizan::GameId>],
    store: &Store,
) -> Option<Pseudonumber> {
    let number = |w: u32| short[w as usize].and_then(|g| store.as_number(g).cloned());
    if short[v].is_some() {
        return number(v as u32).map(Pseudonumber::Number);
    }
    let me = v as u32;
    match (graph.left(v), graph.right(v)) {
        ([l], []) if *l == me => Some(Pseudonumber::On),
        ([], [r]) if *r == me => Some(Pseudonumber::Off),
        ([l], [r]) if *r == me => number(*l).map(Pseudonumber::Over),
        ([l], [r]) if *l == me => number(*r).map(Pseudonumber::Under),
        _ => None,
    }
}

/// A pseudonumber: a number, or a number with `over` or `under`, or `on` or `off`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pseudonumber {
    /// `off`, below everything.
    Off,
    /// x under, just below x.
    Under(conway_numbers::Dyadic),
    /// x.
    Number(conway_numbers::Dyadic),
    /// x over, just above x.
    Over(conway_numbers::Dyadic),
    /// `on`, above everything.
    On,
}

impl Pseudonumber {
    /// Where it stands: (infinity sign, number, over sign).
    fn key(&self) -> (i8, Option<&conway_numbers::Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (-1, None, 0),
            Pseudonumber::Under(x) => (0, Some(x), -1),
            Pseudonumber::Number(x) => (0, Some(x), 0),
            Pseudonumber::Over(x) => (0, Some(x), 1),
            Pseudonumber::On => (1, None, 0),
        }
    }

    /// The pseudonumber as a loopy value.
    pub fn to_value(&self, store: &mut Store) -> Result<Loopy, PartizanError> {
        let with_number = |x: &conway_numbers::Dyadic, over: bool, store: &mut Store| {
            let number = Loopy::Short(store.number(x.clone()));
            let base =
                Loopy::from_graph(&if over { Graph::over() } else { Graph::under() }, store)?;
            base.add(&number, store)
        };
        match self {
            Pseudonumber::Off => Loopy::from_graph(&Graph::off(), store),
            Pseudonumber::On => Loopy::from_graph(&Graph::on(), store),
            Pseudonumber::Number(x) => Ok(Loopy::Short(store.number(x.clone()))),
            Pseudonumber::Over(x) => with_number(x, true, store),
            Pseudonumber::Under(x) => with_number(x, false, store),
        }
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// Left's and Right's stops of a stopper: the pseudonumbers where alternating play, Left or
/// Right first, comes to rest (CGSuite's `LeftStop` and `RightStop`). Alternating play is
/// finite in a stopper, so the recursion ends.
pub fn stops(g: &Loopy, store: &mut Store) -> Result<(Pseudonumber, Pseudonumber), PartizanError> {
    let graph = match g {
        Loopy::Sided { .. } => {
            return Err(PartizanError::NotApplicable(
                "stops are defined for stoppers".into(),
            ))
        }
        other => other.side_graph(Side::On, store)?,
    };
    // stop[2v] = Left's stop at v, stop[2v+1] = Right's, filled children first.
    let n = graph.len();
    let mut stop: Vec<Option<Pseudonumber>> = vec![None; 2 * n];
    let mut stack = vec![(0usize, false), (1usize, false)];
    while let Some((state, expanded)) = stack.pop() {
        if stop[state].is_some() {
            continue;
        }
        let v = state / 2;
        let player = if state % 2 == 0 {
            Player::Left
        } else {
            Player::Right
        };
        let here = Loopy::from_graph(&graph.at(v), store)?;
        if let Some(p) = pseudonumber(&here, store) {
            stop[state] = Some(p);
            continue;
        }
        let next = |w: u32| 2 * w as usize + if player == Player::Left { 1 } else { 0 };
        if !expanded {
            stack.push((state, true));
            for &w in graph.moves(player, v) {
                if stop[next(w)].is_none() {
                    stack.push((next(w), false));
                }
            }
            continue;
        }
        store.try_descend()?;
        let values = graph
            .moves(player, v)
            .iter()
            .filter_map(|&w| stop[next(w)].clone());
        stop[state] = match player {
            Player::Left => values.max(),
            Player::Right => values.min(),
        };
        if stop[state].is_none() {
            return Err(PartizanError::NotApplicable(format!(
                "a position of this stopper has no {} option, so it has no stop",
                if player == Player::Left {
                    "Left"
                } else {
                    "Right"
                }
            )));
        }
    }
    match (stop[0].take(), stop[1].take()) {
        (Some(l), Some(r)) => Ok((l, r)),
        _ => Err(PartizanError::NotApplicable(
            "this stopper has no stops".into(),
        )),
    }
}
