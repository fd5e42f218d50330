//! Comparison of games: G ≤ H, and what follows from it (equality, order, outcome classes).
//!
//! G ≤ H unless some G^L ≥ H or some H^R ≤ G. Number-up-star pairs are decided by formula.
//! When exactly one side is known to be a number, its options are skipped: by the number
//! avoidance theorem a player never needs to move in a number while the other component is
//! not one. The recursion also runs against a game still under construction (its options as
//! raw id lists), which is how reversible options are found without building a new game.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use super::{GameId, Nus, Store};

/// The fewest arithmetic steps a comparison must have taken for the store to remember its
/// answer: cheap ones are quicker to redo than to look up, and would fill the cache.
const MIN_STEPS_TO_CACHE: u64 = 8;

/// The least depth, in the recursion of one comparison, at which answers are remembered.
const MIN_DEPTH_TO_CACHE: u32 = 3;

/// One side of a comparison.
#[derive(Clone)]
pub(super) enum Operand<'a> {
    /// A stored canonical form.
    Id(GameId),
    /// A number-up-star value that may not be stored.
    Nus(Cow<'a, Nus>),
    /// A game given by (not necessarily canonical) options.
    Raw {
        left: &'a [GameId],
        right: &'a [GameId],
    },
}

/// How two games compare.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relation {
    /// G = H.
    Equal,
    /// G < H.
    Less,
    /// G > H.
    Greater,
    /// G ‖ H: neither G ≤ H nor H ≤ G.
    Confused,
}

/// Who wins a game, by the field's four outcome classes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    Left,
    /// Right wins whoever starts (G < 0).
    Right,
    /// The second player wins (G = 0).
    Previous,
    /// The first player wins (G ‖ 0).
    Next,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Left => "L",
            Outcome::Right => "R",
            Outcome::Previous => "P",
            Outcome::Next => "N",
        })
    }
}

impl Outcome {
    /// A sentence for people.
    pub fn explanation(self) -> &'static str {
        match self {
            Outcome::Left => "Left wins whoever moves first",
            Outcome::Right => "Right wins whoever moves first",
            Outcome::Previous => "the second player wins",
            Outcome::Next => "the first player wins",
        }
    }
}

impl Store {
    /// Whether G ≤ H.
    pub fn leq(&self, g: GameId, h: GameId) -> bool {
        self.le(&Operand::Id(g), &Operand::Id(h))
    }

    /// How G compares with H.
    pub fn relation(&self, g: GameId, h: GameId) -> Relation {
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// The order of G and H if they are comparable.
    pub fn partial_cmp(&self, g: GameId, h: GameId) -> Option<Ordering> {
        match self.relation(g, h) {
            Relation::Equal => Some(Ordering::Equal),
            Relation::Less => Some(Ordering::Less),
            Relation::Greater => Some(Ordering::Greater),
            Relation::Confused => None,
        }
    }

    /// The outcome class of G.
    pub fn outcome(&self, g: GameId) -> Outcome {
        match self.relation(g, self.zero()) {
            Relation::Equal => Outcome::Previous,
            Relation::Greater => Outcome::Left,
            Relation::Less => Outcome::Right,
            Relation::Confused => Outcome::Next,
        }
    }

    fn operand_nus<'a>(&'a self, op: &'a Operand<'_>) -> Option<&'a Nus> {
        match op {
            Operand::Id(g) => self.as_nus(*g),
            Operand::Nus(n) => Some(n),
            Operand::Raw { .. } => None,
        }
    }

    /// Whether the operand is certainly not a number (a raw game might secretly be one).
    fn surely_not_number(&self, op: &Operand<'_>) -> bool {
        match op {
            Operand::Raw { .. } => false,
            _ => self.operand_nus(op).is_none_or(|n| !n.is_number()),
        }
    }

    /// Whether some option of the operand on one side satisfies `test`.
    fn any_option(
        &self,
        op: &Operand<'_>,
        left: bool,
        mut test: impl FnMut(&Operand<'_>) -> bool,
    ) -> bool {
        let mut any_id = |ids: &[GameId]| ids.iter().any(|&g| test(&Operand::Id(g)));
        let values = |n: &Nus| {
            if n.nimber > super::MAX_LISTED_NIMBER_OPTIONS {
                self.refuse(super::too_many_nimber_options(n.nimber));
                return Vec::new();
            }
            let (l, r) = n.canonical_options();
            let side = if left { l } else { r };
            // Listing *m's m options is work too, however few of them are then compared.
            self.arithmetic_steps(side.len() as u64);
            side
        };
        match op {
            Operand::Id(g) => match (self.records.options(*g), self.records.nus(*g)) {
                (Some((l, r)), _) => any_id(if left { l } else { r }),
                (None, Some(n)) => values(n)
                    .iter()
                    .any(|v| test(&Operand::Nus(Cow::Borrowed(v)))),
                (None, None) => unreachable!("only number-up-star values have unlisted options"),
            },
            Operand::Nus(n) => values(n)
                .iter()
                .any(|v| test(&Operand::Nus(Cow::Borrowed(v)))),
            Operand::Raw { left: l, right: r } => any_id(if left { l } else { r }),
        }
    }

    /// G ≤ H by the definition, with the shortcuts described in the module comment.
    pub(super) fn le(&self, g: &Operand<'_>, h: &Operand<'_>) -> bool {
        if self.arithmetic_step() {
            // Any answer will do: the evaluation is being abandoned.
            return false;
        }
        if let (Operand::Id(a), Operand::Id(b)) = (g, h) {
            if a == b {
                return true;
            }
            if self.records.any_stop_above(*a, *b) {
                return false;
            }
        }
        if let (Some(a), Some(b)) = (self.operand_nus(g), self.operand_nus(h)) {
            return a.leq(b);
        }
        // Only comparisons deep inside a recursion are looked up: the shallow ones (most of
        // them, in games of small birthday) are cheaper to redo than to look up, and the
        // repeated subcomparisons that make deep games exponential are below them.
        let depth = self.comparison_depth.get();
        let ids = match (g, h) {
            (Operand::Id(a), Operand::Id(b)) if depth >= MIN_DEPTH_TO_CACHE => Some((*a, *b)),
            _ => None,
        };
        if let Some(known) = ids.and_then(|key| self.comparisons.borrow().get(&key).copied()) {
            return known;
        }
        let before = self.watch_steps();
        self.comparison_depth.set(depth + 1);
        let answer = self.le_by_options(g, h);
        self.comparison_depth.set(depth);
        // Only comparisons that took some recursion are worth their memory; an answer given
        // after a stop or a spent budget is a placeholder and not remembered.
        let worth_keeping = self.watch_steps().saturating_sub(before) >= MIN_STEPS_TO_CACHE;
        if let Some(key) = ids.filter(|_| worth_keeping && !self.stop_requested()) {
            let mut comparisons = self.comparisons.borrow_mut();
            if comparisons.len() >= super::MAX_CACHED_COMPARISONS {
                comparisons.clear();
            }
            comparisons.insert(key, answer);
        }
        answer
    }

    /// G ≤ H by the options: no G^L ≥ H and no H^R ≤ G.
    fn le_by_options(&self, g: &Operand<'_>, h: &Operand<'_>) -> bool {
        let g_is_number = self.operand_nus(g).is_some_and(Nus::is_number);
        let h_is_number = self.operand_nus(h).is_some_and(Nus::is_number);
        if !(g_is_number && self.surely_not_number(h))
            && self.any_option(g, true, |gl| self.le(h, gl))
        {
            return false;
        }
        if !(h_is_number && self.surely_not_number(g))
            && self.any_option(h, false, |hr| self.le(hr, g))
        {
            return false;
        }
        true
    }
}
