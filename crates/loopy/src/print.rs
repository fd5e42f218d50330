//! Loopy values written exactly as CGSuite writes them in plain text.
//!
//! A stopper in simplest form is written from its start down, the first rule that fits a
//! position deciding:
//!
//! 1. A short position is written as a short game ([`conway_partizan::print`]).
//! 2. *Pseudonumbers*: `on` ({pass|}), `off`, `x over` ({x|pass}) and `x under` ({pass|x})
//!    for a number x, written `5over`, `-5under`, `3/2under`, `over` (x = 0), and in
//!    parentheses after `+-` (`+-(5over)`).
//! 3. *Switches* G = −G: `+-` and Left's option (or `+-{A,B}`), each written afresh.
//! 4. Plumtrees {x ‖ x | x − G} and {x + G | x ‖ x} with G ≥ over: `xTiny(G)`, `xMiny(G)`.
//! 5. *Upons*: `{pass | x*m}` is `x↑[on]*(m ⊕ 1)` when m ≠ 0, and `{pass, x | x}` is `x↑[on]*`;
//!    `{x, x*, …, x*k ‖ x | x − U}` for such an upon U with k = m ⊕ 1 is `x↑<on>*k`; and their
//!    negatives with `v`: `^[on]`, `^[on]*`, `-1/4v[on]`, `^<on>`, `v<on>*`.
//! 6. Otherwise braces as for short games, bars counted the same way, `pass` for a move to
//!    the position itself, and a position met again below itself written as a name: the
//!    first such position is `a`, then `b`, … `z`, `N1`, `N2`, …, and the name is also
//!    written before the position's braces (`a{0|{1|a}}`).
//!
//! Options are listed short games first, in CGSuite's order of short games, then the others
//! by CGSuite's hash of their graph, which is invariant under renumbering (the order CGSuite
//! itself lists them in). A value with two sides is written `onside & offside`, and `dud`
//! when those are `on` and `off`. A side that is not a stopper is written by rule 6, its
//! positions that are stoppers in their simplest form.

use rustc_hash::FxHashMap as HashMap;

use conway_numbers::Dyadic;

use conway_partizan::print::{canonical_text, short_text_in, sort_as_cgsuite};
use conway_partizan::{GameId, PartizanError, Store};

use super::graph::Graph;
use super::properties::{pseudonumber, pseudonumber_at, Pseudonumber};
use super::sides::SideForm;
use super::{canonical, short_positions, Loopy};

/// The most bars CGSuite writes in a row.
const MAX_BARS: usize = 4;

/// The value in CGSuite's notation.
pub fn loopy_text(value: &Loopy, store: &mut Store) -> Result<String, PartizanError> {
    match value {
        Loopy::Short(g) => Ok(canonical_text(store, *g)),
        Loopy::Stopper(g) => stopper_text(g, store, true, false),
        Loopy::Sided { onside, offside } => {
            if let (SideForm::Stopper(on), SideForm::Stopper(off)) = (onside, offside) {
                if *on == Graph::on() && *off == Graph::off() {
                    return Ok("dud".into());
                }
            }
            Ok(format!(
                "{} & {}",
                side_text(onside, store)?,
                side_text(offside, store)?
            ))
        }
    }
}

/// One side in CGSuite's notation: a stopper's simplest form, or the simplified graph of a
/// side that is not a stopper.
pub fn side_text(form: &SideForm, store: &mut Store) -> Result<String, PartizanError> {
    match form {
        SideForm::Stopper(g) => stopper_text(g, store, true, false),
        SideForm::Simplified(g) => {
            let mut printer = Printer::new(store);
            let view = printer.view(g.clone(), false)?;
            Ok(printer.print(view, 0, true, false)?.0)
        }
    }
}

/// A stopper in simplest form, written afresh (names start again at `a`).
fn stopper_text(
    g: &Graph,
    store: &mut Store,
    braces: bool,
    parentheses: bool,
) -> Result<String, PartizanError> {
    let mut printer = Printer::new(store);
    let view = printer.view(g.clone(), true)?;
    Ok(printer.print(view, 0, braces, parentheses)?.0)
}

/// A graph being printed and what is known of its positions.
struct View {
    graph: Graph,
    /// Whether every position is a stopper in simplest form.
    simplest: bool,
    /// Whether the game at each position is a stopper.
    stopper: Vec<bool>,
    /// The short game at each position with no infinite play.
    short: Vec<Option<GameId>>,
}

/// A position of one of the printer's graphs.
type Position = (usize, usize);

struct Printer<'s> {
    store: &'s mut Store,
    views: Vec<View>,
    /// Positions being written, and the name each got once met again below itself.
    open: HashMap<Position, Option<String>>,
    named: usize,
}

impl<'s> Printer<'s> {
    fn new(store: &'s mut Store) -> Printer<'s> {
        Printer {
            store,
            views: Vec::new(),
            open: HashMap::default(),
            named: 0,
        }
    }

    fn view(&mut self, graph: Graph, simplest: bool) -> Result<usize, PartizanError> {
        let short = short_positions(&graph, self.store)?;
        let stopper = if simplest {
            vec![true; graph.len()]
        } else {
            graph.stopper_positions()
        };
        self.views.push(View {
            graph,
            simplest,
            stopper,
            short,
        });
        Ok(self.views.len() - 1)
    }

    fn graph(&self, view: usize) -> &Graph {
        &self.views[view].graph
    }

    /// The pseudonumber at a position (rules 1 and 2), if it is one.
    fn pseudonumber(&self, (view, v): Position) -> Option<Pseudonumber> {
        let View { graph, short, .. } = &self.views[view];
        pseudonumber_at(graph, v, short, self.store)
    }

    /// Writes a position; its text and the bars of its separator when unbraced.
    fn print(
        &mut self,
        view: usize,
        v: usize,
        braces: bool,
        parentheses: bool,
    ) -> Result<(String, usize), PartizanError> {
        self.store.try_descend()?;
        if !self.views[view].stopper[v] {
            return self.braces(view, v, braces);
        }
        if !self.views[view].simplest {
            // A stopper position of a side that is not one: written as its simplest form.
            let form = canonical::simplest_form(&self.graph(view).at(v), self.store)?;
            let inner = self.view(form, true)?;
            return self.print(inner, 0, braces, parentheses);
        }
        if let Some(g) = self.views[view].short[v] {
            return short_text_in(self.store, g, braces, parentheses)
                .ok_or(PartizanError::Interrupted);
        }
        let (x, word) = match self.pseudonumber((view, v)) {
            Some(Pseudonumber::On) => return Ok(("on".into(), 0)),
            Some(Pseudonumber::Off) => return Ok(("off".into(), 0)),
            Some(Pseudonumber::Over(x)) => (x, "over"),
            Some(Pseudonumber::Under(x)) => (x, "under"),
            // Numbers are short: written above.
            Some(Pseudonumber::Number(_)) | None => {
                if let Some(text) = self.switch(view, v)? {
                    return Ok((text, 0));
                }
                if let Some(text) = self.tiny(view, v, parentheses)? {
                    return Ok((text, 0));
                }
                if let Some(text) = self.upon(view, v)? {
                    return Ok((text, 0));
                }
                return self.braces(view, v, braces);
            }
        };
        let text = if x.is_zero() {
            word.to_string()
        } else if parentheses {
            format!("({x}{word})")
        } else {
            format!("{x}{word}")
        };
        Ok((text, 0))
    }

    /// The Loopy value at a position of a simplest-form view.
    fn value(&mut self, (view, v): Position) -> Result<Loopy, PartizanError> {
        Ok(match self.views[view].short[v] {
            Some(g) => Loopy::Short(g),
            None => Loopy::Stopper(self.graph(view).at(v)),
        })
    }

    /// Rule 3.
    fn switch(&mut self, view: usize, v: usize) -> Result<Option<String>, PartizanError> {
        let g = self.value((view, v))?;
        let neg = g.neg(self.store);
        if !(g.leq(&neg, self.store)? && neg.leq(&g, self.store)?) {
            return Ok(None);
        }
        let left = self.sorted(view, v, true);
        let mut texts = Vec::new();
        for (i, &w) in left.iter().enumerate() {
            let option = self.graph(view).at(w);
            let parentheses = i == 0 && left.len() == 1;
            let text = match self.views[view].short[w] {
                Some(h) => {
                    short_text_in(self.store, h, true, parentheses)
                        .ok_or(PartizanError::Interrupted)?
                        .0
                }
                None => stopper_text(&option, self.store, true, parentheses)?,
            };
            texts.push(text);
        }
        Ok(Some(if texts.len() == 1 {
            format!("+-{}", texts[0])
        } else {
            format!("+-{{{}}}", texts.join(","))
        }))
    }

    /// Rule 4.
    fn tiny(
        &mut self,
        view: usize,
        v: usize,
        parentheses: bool,
    ) -> Result<Option<String>, PartizanError> {
        let graph = self.graph(view);
        if !graph.at(v).is_plumtree() {
            return Ok(None);
        }
        let ([a], [b]) = (graph.left(v), graph.right(v)) else {
            return Ok(None);
        };
        let (a, b) = (*a as usize, *b as usize);
        let number =
            |w: usize| self.views[view].short[w].and_then(|g| self.store.as_number(g).cloned());
        let single = |w: usize| match (graph.left(w), graph.right(w)) {
            ([c], [d]) => Some((*c as usize, *d as usize)),
            _ => None,
        };
        // Tiny: {x ‖ x | D}, subscript x − D; Miny: {C | x ‖ x}, subscript C − x. Either
        // needs the subscript ≥ over.
        let tiny = number(a).zip(single(b)).filter(|(_, (c, _))| *c == a);
        let miny = number(b).zip(single(a)).filter(|(_, (_, d))| *d == b);
        let mut found = None;
        for (x, far, is_miny) in [
            tiny.map(|(x, (_, d))| (x, d, false)),
            miny.map(|(x, (c, _))| (x, c, true)),
        ]
        .into_iter()
        .flatten()
        {
            let far = self.value((view, far))?;
            let x_game = Loopy::Short(self.store.number(x.clone()));
            let subscript = if is_miny {
                far.add(&x_game.neg(self.store), self.store)?
            } else {
                far.neg(self.store).add(&x_game, self.store)?
            };
            let gap = subscript.neg(self.store);
            if gap.leq(&Loopy::Stopper(Graph::under()), self.store)? {
                found = Some((x, subscript, is_miny));
                break;
            }
        }
        let Some((x, subscript, miny)) = found else {
            return Ok(None);
        };
        let name = if miny { "Miny" } else { "Tiny" };
        let sub = match &subscript {
            Loopy::Short(g) => canonical_text(self.store, *g),
            Loopy::Stopper(g) => stopper_text(g, self.store, true, false)?,
            Loopy::Sided { .. } => return Ok(None),
        };
        let translate = if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        };
        let text = format!("{translate}{name}({sub})");
        Ok(Some(if parentheses {
            format!("({text})")
        } else {
            text
        }))
    }

    /// Rule 5.
    fn upon(&mut self, view: usize, v: usize) -> Result<Option<String>, PartizanError> {
        let graph = self.graph(view).at(v);
        let mut found = upon_form(&graph, self.store, true)?.map(|f| (f, false));
        if found.is_none() {
            found = upon_form(&graph.neg(), self.store, true)?.map(|f| (f, true));
        }
        let Some(((uponth, number, nimber), down)) = found else {
            return Ok(None);
        };
        let number = if down { -number } else { number };
        let mut text = if number.is_zero() {
            String::new()
        } else {
            number.to_string()
        };
        text.push(if down { 'v' } else { '^' });
        text.push_str(if uponth { "<on>" } else { "[on]" });
        if nimber >= 1 {
            text.push('*');
            if nimber >= 2 {
                text.push_str(&nimber.to_string());
            }
        }
        Ok(Some(text))
    }

    /// Rule 6.
    fn braces(
        &mut self,
        view: usize,
        v: usize,
        braces: bool,
    ) -> Result<(String, usize), PartizanError> {
        let key = (view, v);
        if let Some(name) = self.open.get(&key) {
            let name = match name {
                Some(name) => name.clone(),
                None => {
                    let name = nth_name(self.named);
                    self.named += 1;
                    self.open.insert(key, Some(name.clone()));
                    name
                }
            };
            return Ok((name, 0));
        }
        self.open.insert(key, None);
        let mut bars = 0;
        let mut sides = Vec::new();
        for left in [true, false] {
            let options = self.sorted(view, v, left);
            let several = options.len() > 1;
            let mut texts = Vec::new();
            for &w in &options {
                if w == v {
                    texts.push("pass".to_string());
                    continue;
                }
                let (text, b) = self.print(view, w, several, false)?;
                bars = bars.max(b);
                texts.push(text);
            }
            sides.push((texts.join(","), options.is_empty()));
        }
        let name = self.open.remove(&key).flatten();
        bars += 1;
        let braced = braces || name.is_some() || sides[0].1 || sides[1].1 || bars == MAX_BARS;
        let body = format!("{}{}{}", sides[0].0, "|".repeat(bars), sides[1].0);
        let name = name.unwrap_or_default();
        Ok(if braced {
            (format!("{name}{{{body}}}"), 0)
        } else {
            (body, bars)
        })
    }

    /// A position's options in CGSuite's order: short ones first, in its order of short
    /// games, then the others by their graph's hash.
    fn sorted(&mut self, view: usize, v: usize, left: bool) -> Vec<usize> {
        let graph = self.graph(view);
        let moves = if left { graph.left(v) } else { graph.right(v) };
        let moves: Vec<usize> = moves.iter().map(|&w| w as usize).collect();
        let short = &self.views[view].short;
        let mut shorts: Vec<(GameId, usize)> = Vec::new();
        let mut others: Vec<(i32, usize)> = Vec::new();
        for &w in &moves {
            match short[w] {
                Some(g) => shorts.push((g, w)),
                None => others.push((self.option_hash(view, w), w)),
            }
        }
        let mut games: Vec<GameId> = shorts.iter().map(|&(g, _)| g).collect();
        sort_as_cgsuite(self.store, &mut games);
        let mut out: Vec<usize> = games
            .iter()
            .map(|g| shorts.iter().find(|(h, _)| h == g).map_or(0, |&(_, w)| w))
            .collect();
        // CGSuite compares by the difference of the hashes, in 32-bit arithmetic.
        others.sort_by(|a, b| a.0.wrapping_sub(b.0).cmp(&0));
        out.extend(others.iter().map(|&(_, w)| w));
        out
    }

    /// CGSuite's hash of the value at a position that is not short.
    fn option_hash(&self, view: usize, w: usize) -> i32 {
        let graph = self.graph(view);
        match (self.pseudonumber((view, w)), self.views[view].stopper[w]) {
            (Some(Pseudonumber::On), true) => java_string_hash("OnImpl"),
            (Some(Pseudonumber::Off), true) => java_string_hash("OffImpl"),
            (_, true) => case_class_hash("CanonicalStopperImpl", &[invariant_hash(graph, w)]),
            (_, false) => case_class_hash("SimplifiedLoopyGameImpl", &[invariant_hash(graph, w)]),
        }
    }
}

/// CGSuite's names for positions met again below themselves.
pub(crate) fn nth_name(n: usize) -> String {
    if n < 26 {
        char::from(b'a' + n as u8).to_string()
    } else {
        format!("N{}", n - 25)
    }
}

/// An upon form of the stopper at the start of `g` (rule 5): whether it is an uponth, its
/// number part and its nimber.
fn upon_form(
    g: &Graph,
    store: &mut Store,
    uponth_too: bool,
) -> Result<Option<(bool, Dyadic, u64)>, PartizanError> {
    let short = short_positions(g, store)?;
    let (left, right) = (g.left(0), g.right(0));
    let short_nus = |w: u32| short[w as usize].and_then(|h| store.as_nus(h).cloned());
    if let ([r], true) = (right, left.len() <= 2) {
        if let Some(nus) = short_nus(*r).filter(|n| n.ups == 0) {
            let lefts: Vec<Option<GameId>> = left.iter().map(|&w| short[w as usize]).collect();
            let has_self = left.contains(&0);
            let matches = if nus.nimber == 0 {
                let x = store.number(nus.number.clone());
                left.len() == 2 && has_self && lefts.contains(&Some(x))
            } else {
                left == [0]
            };
            if matches {
                return Ok(Some((false, nus.number, nus.nimber ^ 1)));
            }
        }
    }
    if uponth_too {
        if let [r] = right {
            let below = g.at(*r as usize).neg();
            if let Some((false, n, m)) = upon_form(&below, store, false)? {
                let k = m ^ 1;
                let mut wanted: Vec<GameId> = (0..=k)
                    .map(|i| {
                        store.nus(&conway_partizan::Nus {
                            number: -n.clone(),
                            ups: 0,
                            nimber: i,
                        })
                    })
                    .collect();
                wanted.sort();
                let mut lefts: Vec<GameId> = Vec::new();
                for &w in left {
                    match short[w as usize] {
                        Some(h) => lefts.push(h),
                        None => return Ok(None),
                    }
                }
                lefts.sort();
                if lefts == wanted {
                    return Ok(Some((true, -n, k)));
                }
            }
        }
    }
    Ok(None)
}

/// Sorts a set of values in CGSuite's order for printing sets (its `UniversalOrdering`):
/// short games first, in its order of short games; then pseudonumbers (`on`, `off`, x over,
/// x under), then the other stoppers, each kind by CGSuite's hashes of the values; values
/// with two sides last, as given. CGSuite compares two hashes by their difference in 32-bit
/// arithmetic, which is not an order once the difference overflows, so the result depends
/// on the sort: this is Java's (`Arrays.sort` of fewer than 32 objects: the first run, then
/// binary insertion), applied to the values in the order given; longer sets are ordered by
/// the hashes themselves.
pub fn sort_values_as_cgsuite(values: &mut Vec<Loopy>, store: &mut Store) {
    let mut shorts: Vec<GameId> = Vec::new();
    let mut others: Vec<(u8, i32, Loopy)> = Vec::new();
    for value in values.drain(..) {
        match &value {
            Loopy::Short(g) => shorts.push(*g),
            Loopy::Stopper(graph) => {
                let (kind, hash) = match pseudonumber(&value, store) {
                    Some(Pseudonumber::On) => (0, java_string_hash("OnImpl")),
                    Some(Pseudonumber::Off) => (0, java_string_hash("OffImpl")),
                    Some(Pseudonumber::Over(x)) => (0, over_number_hash(&x, 1)),
                    Some(Pseudonumber::Under(x)) => (0, over_number_hash(&x, -1)),
                    _ => (
                        1,
                        case_class_hash("CanonicalStopperImpl", &[invariant_hash(graph, 0)]),
                    ),
                };
                others.push((kind, hash, value));
            }
            Loopy::Sided { .. } => others.push((2, 0, value)),
        }
    }
    sort_as_cgsuite(store, &mut shorts);
    if others.len() < JAVA_INSERTION_SORT_BELOW {
        java_sort(&mut others, |a, b| {
            a.0.cmp(&b.0).then(a.1.wrapping_sub(b.1).cmp(&0))
        });
    } else {
        // Java merges longer lists, and CGSuite's order is not reproduced there anyway:
        // the hashes themselves, a true order (a sort may panic on anything else).
        others.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    }
    values.extend(shorts.into_iter().map(Loopy::Short));
    values.extend(others.into_iter().map(|(_, _, v)| v));
}

/// Java's `Arrays.sort` of objects (TimSort) sorts shorter lists by insertion alone.
const JAVA_INSERTION_SORT_BELOW: usize = 32;

/// Java's `Arrays.sort` of objects (TimSort) for fewer than [`JAVA_INSERTION_SORT_BELOW`]
/// of them: the run at the start made ascending, then binary insertion. It never panics,
/// whatever `compare` does.
fn java_sort<T>(items: &mut [T], compare: impl Fn(&T, &T) -> std::cmp::Ordering) {
    use std::cmp::Ordering::Less;
    let n = items.len();
    if n < 2 {
        return;
    }
    // The run at the start, reversed when strictly descending.
    let descending = compare(&items[1], &items[0]) == Less;
    let mut run = 2;
    while run < n && (compare(&items[run], &items[run - 1]) == Less) == descending {
        run += 1;
    }
    if descending {
        items[..run].reverse();
    }
    for start in run..n {
        let (mut left, mut right) = (0, start);
        while left < right {
            let middle = (left + right) / 2;
            if compare(&items[start], &items[middle]) == Less {
                right = middle;
            } else {
                left = middle + 1;
            }
        }
        items[left..=start].rotate_right(1);
    }
}

/// CGSuite's hash of x over (`sign` 1) or x under (−1), a case class of the number and
/// the sign.
fn over_number_hash(x: &Dyadic, sign: i32) -> i32 {
    case_class_hash("OverNumberImpl", &[number_hash(x), sign])
}

/// CGSuite's hash of a dyadic rational: its integers are `ZeroImpl`, `SmallIntegerImpl` (32
/// bits) or `IntegerImpl`, its other numbers `DyadicRationalNumberImpl(numerator,
/// denominator)`.
fn number_hash(x: &Dyadic) -> i32 {
    let exponent = x.denominator_exponent();
    if exponent == 0 {
        return integer_hash(&x.numerator());
    }
    let denominator = num_bigint::BigInt::from(1) << exponent;
    case_class_hash(
        "DyadicRationalNumberImpl",
        &[integer_hash(&x.numerator()), integer_hash(&denominator)],
    )
}

fn integer_hash(n: &num_bigint::BigInt) -> i32 {
    use num_traits::{ToPrimitive, Zero};
    if n.is_zero() {
        return java_string_hash("ZeroImpl");
    }
    match (n.to_i32(), n.to_i64()) {
        (Some(small), _) => case_class_hash("SmallIntegerImpl", &[small]),
        // Scala's BigInt hash of a value that fits in 64 bits is the Long's.
        (None, Some(long)) => {
            let folded = long ^ ((long as u64) >> 32) as i64;
            case_class_hash("IntegerImpl", &[folded as i32])
        }
        // Larger integers hash by their bytes there; any fixed value keeps the order total.
        (None, None) => case_class_hash("IntegerImpl", &[0]),
    }
}

/// Java's `String.hashCode`.
fn java_string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

/// The hash Scala 2.13 gives a case class with these field hashes (MurmurHash3 over the
/// class name and the fields, seeded as Scala seeds products).
fn case_class_hash(prefix: &str, fields: &[i32]) -> i32 {
    let mut h = 0xcafe_babe_u32 as i32;
    h = murmur_mix(h, java_string_hash(prefix));
    for &f in fields {
        h = murmur_mix(h, f);
    }
    murmur_finalize(h, fields.len() as i32)
}

fn murmur_mix_last(hash: i32, data: i32) -> i32 {
    let mut k = data.wrapping_mul(0xcc9e_2d51_u32 as i32);
    k = k.rotate_left(15);
    k = k.wrapping_mul(0x1b87_3593);
    hash ^ k
}

fn murmur_mix(hash: i32, data: i32) -> i32 {
    let h = murmur_mix_last(hash, data).rotate_left(13);
    h.wrapping_mul(5).wrapping_add(0xe654_6b64_u32 as i32)
}

fn murmur_finalize(hash: i32, length: i32) -> i32 {
    let mut h = (hash ^ length) as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h as i32
}

/// CGSuite's hash of the game at position `start` of a graph, invariant under renumbering:
/// per reachable position a signature of its own and its options' move counts, passes and
/// moves both players share, xor-ed together, the start's doubled.
fn invariant_hash(graph: &Graph, start: usize) -> i32 {
    const MINISIG_BASE: i32 = -962_764_907;
    const LEFT_ONE_CYCLE: i32 = -742_481_099;
    const RIGHT_ONE_CYCLE: i32 = -121_939_996;
    const LEFT_MULTIPLIER: i32 = -1_692_903_693;
    const RIGHT_MULTIPLIER: i32 = 1_419_677_861;
    const SHARED_MULTIPLIER: i32 = 1_161_334_719;
    const PASS_SIGNATURE: i32 = 1_567_540_980;
    let minisig = |v: usize| -> i32 {
        let (l, r) = (graph.left(v), graph.right(v));
        let mut sig = MINISIG_BASE;
        let nl = l.len() as i32;
        let nr = r.len() as i32;
        sig ^= nl.wrapping_mul(nl + 1).wrapping_mul(LEFT_MULTIPLIER);
        sig ^= nr.wrapping_mul(nr + 1).wrapping_mul(RIGHT_MULTIPLIER);
        let mut shared = 0i32;
        for &w in l {
            if w as usize == v {
                sig ^= LEFT_ONE_CYCLE;
            } else if r.contains(&w) {
                shared += 1;
            }
        }
        for &w in r {
            if w as usize == v {
                sig ^= RIGHT_ONE_CYCLE;
            }
        }
        sig ^ shared
            .wrapping_mul(shared + 1)
            .wrapping_mul(SHARED_MULTIPLIER)
    };
    let signature = |v: usize| -> i32 {
        let side = |moves: &[u32]| {
            moves.iter().fold(0i32, |s, &w| {
                s.wrapping_add(if w as usize == v {
                    PASS_SIGNATURE
                } else {
                    minisig(w as usize)
                })
            })
        };
        (side(graph.left(v)) << 2)
            .wrapping_add(side(graph.right(v)) << 1)
            .wrapping_add(minisig(v))
    };
    let mut hash = signature(start) << 1;
    for w in reachable_from(graph, start) {
        if w != start {
            hash ^= signature(w);
        }
    }
    hash
}

fn reachable_from(graph: &Graph, start: usize) -> Vec<usize> {
    let mut seen = vec![false; graph.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut out = Vec::new();
    while let Some(v) = stack.pop() {
        out.push(v);
        for &w in graph.left(v).iter().chain(graph.right(v)) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w as usize);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// With a true order, Java's sort is any stable sort: pairs equal by key keep their
        /// places.
        #[test]
        fn java_sort_is_a_stable_sort_for_an_order(keys in prop::collection::vec(0u8..6, 0..32)) {
            let items: Vec<(u8, usize)> = keys.into_iter().zip(0..).collect();
            let mut java = items.clone();
            java_sort(&mut java, |a, b| a.0.cmp(&b.0));
            let mut stable = items;
            stable.sort_by_key(|a| a.0);
            prop_assert_eq!(java, stable);
        }
    }

    /// CGSuite's comparator (differences of hashes) is no order when a difference overflows:
    /// -574156991 − 1607248671 wraps to a positive number, so the two compare "greater"
    /// each way round, and the result depends on the sort, as in CGSuite.
    #[test]
    fn hash_differences_that_overflow_follow_javas_sort() {
        let compare = |a: &i32, b: &i32| a.wrapping_sub(*b).cmp(&0);
        assert_eq!(
            compare(&-574_156_991, &1_607_248_671),
            std::cmp::Ordering::Greater
        );
        let mut hashes = vec![1_607_248_671, -574_156_991];
        java_sort(&mut hashes, compare);
        // The first run: the second is not less than the first, so nothing moves.
        assert_eq!(hashes, [1_607_248_671, -574_156_991]);
    }

    /// A set of more than 32 stoppers (whose hash differences overflow) sorts without
    /// panicking, by the hashes themselves.
    #[test]
    fn long_sets_of_stoppers_sort_by_their_hashes() {
        let mut store = Store::new();
        let mut values: Vec<Loopy> = (0..40)
            .map(|k| {
                // {k|pass}: Left moves to k, Right passes.
                let number = store.integer(k);
                let k_graph = Graph::short(&mut store, number).unwrap();
                let shifted = |moves: &[u32]| moves.iter().map(|v| v + 1).collect::<Vec<u32>>();
                let mut left = vec![vec![1]];
                let mut right = vec![vec![0]];
                for v in 0..k_graph.len() {
                    left.push(shifted(k_graph.left(v)));
                    right.push(shifted(k_graph.right(v)));
                }
                let graph = Graph::rooted(&left, &right, 0);
                Loopy::from_graph(&graph, &mut store).unwrap()
            })
            .collect();
        values.reverse();
        sort_values_as_cgsuite(&mut values, &mut store);
        let hashes: Vec<i32> = values
            .iter()
            .map(|v| match pseudonumber(v, &mut store) {
                Some(Pseudonumber::Over(x)) => over_number_hash(&x, 1),
                _ => panic!("x over"),
            })
            .collect();
        assert!(hashes.windows(2).all(|w| w[0] <= w[1]));
    }
}
