//! Loopy partizan games: games whose positions may repeat, given as finite game graphs.
//!
//! A value is one of three things ([`Loopy`]): a short game, when no play is infinite; a
//! *stopper* in simplest form, when no infinite play alternates; or a pair of *sides*,
//! G = G⁺ & G⁻, the onside counting infinite play for Left and the offside for Right
//! (Winning Ways, ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI). Stoppers are
//! compared by the survival game ([`survival`]) and put in simplest form by deleting
//! dominated options, bypassing reversible ones and fusing equal positions ([`canonical`]);
//! sides are compared side by side and found by simplifying the graph while the side of the
//! start stays the same ([`sides`]). [`print`](mod@print) writes values as CGSuite does.

pub mod canonical;
pub mod followers;
pub mod graph;
pub mod ordinal;
pub mod picture;
pub mod play;
pub mod print;
pub mod properties;
pub mod ruleset;
pub mod sides;
pub mod survival;

use conway_partizan::{GameId, PartizanError, Store};

pub use graph::{Graph, MAX_VERTICES};
pub use sides::{Side, SideForm};

/// The value of a loopy game (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loopy {
    /// A game with no infinite play.
    Short(GameId),
    /// A stopper that is not short, in simplest form.
    Stopper(Graph),
    /// A game whose onside and offside differ.
    Sided {
        /// G⁺.
        onside: SideForm,
        /// G⁻.
        offside: SideForm,
    },
}

impl Loopy {
    /// The value of the game at the start of `g`.
    pub fn from_graph(g: &Graph, store: &mut Store) -> Result<Loopy, PartizanError> {
        if g.is_stopper() {
            return Loopy::from_stopper(g, store);
        }
        Loopy::from_sides(g, g, store)
    }

    /// The value whose onside is the onside of `onside` and whose offside is the offside of
    /// `offside`.
    pub fn from_sides(
        onside: &Graph,
        offside: &Graph,
        store: &mut Store,
    ) -> Result<Loopy, PartizanError> {
        if onside == offside && onside.is_stopper() {
            return Loopy::from_stopper(onside, store);
        }
        let on = sides::side(onside, Side::On, store)?;
        let off = sides::side(offside, Side::Off, store)?;
        Loopy::from_side_forms(on, off, store)
    }

    /// The value whose onside and offside are the given forms.
    pub fn from_side_forms(
        on: SideForm,
        off: SideForm,
        store: &mut Store,
    ) -> Result<Loopy, PartizanError> {
        if let (SideForm::Stopper(a), SideForm::Stopper(b)) = (&on, &off) {
            // One stopper may be written with its options in two orders (sides found from
            // different roots list them as met): equal as games is equal.
            let equal = a == b
                || (survival::compare(a, b, store)?.leq(0, 0)
                    && survival::compare(b, a, store)?.leq(0, 0));
            if equal {
                return Loopy::from_simplest(a.clone(), store);
            }
        }
        Ok(Loopy::Sided {
            onside: on,
            offside: off,
        })
    }

    fn from_stopper(g: &Graph, store: &mut Store) -> Result<Loopy, PartizanError> {
        if g.is_loopfree() {
            return Ok(Loopy::Short(to_short(g, store)?));
        }
        Loopy::from_simplest(canonical::simplest_form(g, store)?, store)
    }

    /// The value of a stopper already in simplest form, as any position of one is: short
    /// when it has no cycle.
    pub(crate) fn from_simplest(g: Graph, store: &mut Store) -> Result<Loopy, PartizanError> {
        if g.is_loopfree() {
            return Ok(Loopy::Short(to_short(&g, store)?));
        }
        Ok(Loopy::Stopper(g))
    }

    /// Whether the value is a stopper (short games are).
    pub fn is_stopper(&self) -> bool {
        !matches!(self, Loopy::Sided { .. })
    }

    /// Whether both sides are stoppers.
    pub fn is_stopper_sided(&self) -> bool {
        match self {
            Loopy::Sided { onside, offside } => {
                matches!(onside, SideForm::Stopper(_)) && matches!(offside, SideForm::Stopper(_))
            }
            _ => true,
        }
    }

    /// The graph of one side (of the value itself for a stopper).
    pub fn side_graph(&self, side: Side, store: &mut Store) -> Result<Graph, PartizanError> {
        Ok(match self {
            Loopy::Short(g) => Graph::short(store, *g)?,
            Loopy::Stopper(g) => g.clone(),
            Loopy::Sided { onside, offside } => {
                let form = if side == Side::On { onside } else { offside };
                match form {
                    SideForm::Stopper(g) | SideForm::Simplified(g) => g.clone(),
                }
            }
        })
    }

    /// −G.
    pub fn neg(&self, store: &mut Store) -> Loopy {
        match self {
            Loopy::Short(g) => Loopy::Short(store.neg(*g)),
            Loopy::Stopper(g) => Loopy::Stopper(g.neg()),
            Loopy::Sided { onside, offside } => Loopy::Sided {
                onside: neg_form(offside),
                offside: neg_form(onside),
            },
        }
    }

    /// G + H: for stoppers the sum's graph, whose value may have two sides; otherwise the
    /// sum of the onsides (the upsum) and of the offsides (the downsum).
    pub fn add(&self, other: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
        if let (Loopy::Short(g), Loopy::Short(h)) = (self, other) {
            return Ok(Loopy::Short(store.add(*g, *h)));
        }
        if self.is_stopper() && other.is_stopper() {
            let a = self.side_graph(Side::On, store)?;
            let b = other.side_graph(Side::On, store)?;
            return Loopy::from_graph(&a.sum(&b, store)?, store);
        }
        let on = self
            .side_graph(Side::On, store)?
            .sum(&other.side_graph(Side::On, store)?, store)?;
        let off = self
            .side_graph(Side::Off, store)?
            .sum(&other.side_graph(Side::Off, store)?, store)?;
        Loopy::from_sides(&on, &off, store)
    }

    /// G ≤ H: for stoppers by the survival game, otherwise side by side.
    pub fn leq(&self, other: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
        if self.is_stopper() && other.is_stopper() {
            return self.side_leq(other, Side::On, store);
        }
        Ok(self.side_leq(other, Side::On, store)? && self.side_leq(other, Side::Off, store)?)
    }

    /// Whether the two values are equal (each at most the other).
    pub fn equals(&self, other: &Loopy, store: &mut Store) -> Result<bool, PartizanError> {
        Ok(self.leq(other, store)? && other.leq(self, store)?)
    }

    /// G ≤ H in one side (for two stoppers, in both: their sides are themselves).
    pub fn side_leq(
        &self,
        other: &Loopy,
        side: Side,
        store: &mut Store,
    ) -> Result<bool, PartizanError> {
        if let (Loopy::Short(g), Loopy::Short(h)) = (self, other) {
            return Ok(store.leq(*g, *h));
        }
        let a = self.side_graph(side, store)?;
        let b = other.side_graph(side, store)?;
        let order = if self.is_stopper() && other.is_stopper() {
            survival::compare(&a, &b, store)?
        } else {
            sides::compare_sides(&a, &b, side, store)?
        };
        Ok(order.leq(0, 0))
    }
}

fn neg_form(form: &SideForm) -> SideForm {
    match form {
        SideForm::Stopper(g) => SideForm::Stopper(g.neg()),
        SideForm::Simplified(g) => SideForm::Simplified(g.neg()),
    }
}

/// The short game at the start of a graph with no cycle.
pub fn to_short(g: &Graph, store: &mut Store) -> Result<GameId, PartizanError> {
    short_positions(g, store)?[0]
        .ok_or_else(|| PartizanError::NotApplicable("a loopy game is not a short game".into()))
}

/// The short game at every position of `g` from which no play is infinite.
pub fn short_positions(g: &Graph, store: &mut Store) -> Result<Vec<Option<GameId>>, PartizanError> {
    let finite = g.finite_below();
    let n = g.len();
    let mut value: Vec<Option<GameId>> = vec![None; n];
    // Depth-first, children before parents, over the finite positions only.
    for start in 0..n {
        if !finite[start] || value[start].is_some() {
            continue;
        }
        let mut stack = vec![(start, false)];
        while let Some((v, expanded)) = stack.pop() {
            if value[v].is_some() {
                continue;
            }
            if expanded {
                let left: Vec<GameId> = g
                    .left(v)
                    .iter()
                    .filter_map(|&w| value[w as usize])
                    .collect();
                let right: Vec<GameId> = g
                    .right(v)
                    .iter()
                    .filter_map(|&w| value[w as usize])
                    .collect();
                if store.arithmetic_steps(1) {
                    return Err(PartizanError::Interrupted);
                }
                value[v] = Some(store.construct(&left, &right));
            } else {
                stack.push((v, true));
                for &w in g.left(v).iter().chain(g.right(v)) {
                    if value[w as usize].is_none() {
                        stack.push((w as usize, false));
                    }
                }
            }
        }
    }
    Ok(value)
}

#[cfg(test)]
mod oracle_tests;
