//! Printing canonical forms exactly as CGSuite prints them in plain text, so that outputs
//! compare character by character. One algorithm, applied from the outermost form down;
//! the first rule that fits a form decides how it is written:
//!
//! 1. **Uptimals with a short name** (see [`crate::store::uptimal`]): number-up-star values
//!    (`3/4`, `*3`, `^^*4`, `v3`, `1/2v*3`), a power of up `^<n>`/`v<n>` (±↑ⁿ) or a sum of
//!    powers `^[n]`/`v[n]` (±(↑ + … + ↑ⁿ)), each with its number part in front and its star
//!    after (`3/4v[3]*`, `^<2>*`). Other uptimals are written by rule 4.
//! 2. **Switches** G = −G, that is {A, B, … | −A, −B, …}: `+-` and then Left's one option,
//!    braced if it is a brace form (`+-{3|2}`) and in parentheses if it is an uptimal with
//!    more than one part or a Tiny (`+-(1*)`, `+-(^*)`, `+-(Tiny(2))`; but `+-1`, `+-*`,
//!    `+-^<2>`), or Left's several options braced and in braces (`+-{1,1*}`).
//! 3. **Tiny and Miny**: {x ‖ x | x − G} is `xTiny(G)` and {x + G | x ‖ x} is `xMiny(G)`, for
//!    a number x (left out when 0) and a game G of positive mean, written with braces if it
//!    is a brace form: `Tiny(3/2)`, `2Tiny(2)`, `Tiny({3|1})`, `Miny({5||3|1})`.
//! 4. **Brace forms** {L₁, L₂, … | R₁, R₂, …}. Options that share a side are each written
//!    with their own braces. An option alone on its side is written without them, so a
//!    chain such as {3 | {2 | 1}} becomes bars: `3||2|1`; the separator has one bar more
//!    than the most any option next to it has. When that reaches four bars the form is
//!    braced instead (and counts as no bars for the form around it): chains never pass
//!    `||||`, and `{10vv,10v*||||10v3*,10vv|||…}` sits inside `{10||10,10v*|{…}}`. The whole
//!    text is always braced.
//!
//! Options are listed in CGSuite's order: numbers (by value), then nimbers (by size), then
//! the other uptimals ([`Uptimal::cgsuite_cmp`]: by number part, then coefficients), then
//! every other game, compared by their sorted Left options and then their sorted Right
//! options, element by element, a shorter list that is a prefix of the other first. So
//! `10vv,10v*` and `0,*,*2,{…}`.
//!
//! Every text printed reads back, through the expression language (`conway_expr::syntax`), to the game printed (a property
//! test checks this).

use std::cmp::Ordering;

use conway_numbers::Dyadic;

use rustc_hash::FxHashMap as HashMap;

use crate::properties::tiny_parts;
use crate::store::{GameId, Store, Uptimal};

/// The longest canonical form [`canonical_text_within`] prints for an `eval` report, in
/// characters: a sum of a few dozen switches has a canonical form of hundreds of millions.
pub const MAX_PRINTED_CHARS: usize = 1_000_000;

/// The most bars CGSuite writes in a row: a form that would need this many is braced.
const MAX_BARS: usize = 4;

/// The canonical form of G in CGSuite's notation.
pub fn canonical_text(store: &mut Store, g: GameId) -> String {
    match canonical_text_within(store, g, usize::MAX) {
        Ok(text) => text,
        Err(TooLong) => unreachable!("no text is longer than usize::MAX"),
    }
}

/// The canonical form of G in CGSuite's notation, or [`TooLong`] as soon as it is known to
/// run past `limit` characters. Every part printed before that is at most `limit` long and
/// has at least one character per position in it, so the work is bounded by the limit times
/// the depth of the game, however large the whole text would be.
pub fn canonical_text_within(
    store: &mut Store,
    g: GameId,
    limit: usize,
) -> Result<String, TooLong> {
    Ok(Printer::new(store).print(g, Enclosing::BRACED, limit)?.text)
}

/// A short game as it is written inside a larger form: with its braces kept when `braces`,
/// parenthesised when it has several parts and `parentheses` (the one option after `+-`);
/// and the bars of its separator when it is written as an unbraced brace form (else 0).
/// Loopy forms (`conway_loopy::print`) place their short options with this. `None` when
/// the evaluation winds down before the text is complete.
pub fn short_text_in(
    store: &mut Store,
    g: GameId,
    braces: bool,
    parentheses: bool,
) -> Option<(String, usize)> {
    let enclosing = Enclosing {
        braces,
        parentheses,
    };
    let printed = Printer::new(store).print(g, enclosing, usize::MAX).ok()?;
    Some((printed.text, printed.bars))
}

/// Games sorted into CGSuite's order (see the module doc), as it lists a set of games.
pub fn sort_as_cgsuite(store: &mut Store, games: &mut [GameId]) {
    let mut printer = Printer::new(store);
    games.sort_by(|&a, &b| printer.order(a, b));
}

/// A canonical form's text would run past the limit it was printed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong;

fn within(text: String, limit: usize) -> Result<String, TooLong> {
    if text.len() > limit {
        Err(TooLong)
    } else {
        Ok(text)
    }
}

/// A printed game: its text, and the bars of its separator when it is an unbraced brace form
/// (0 for anything else).
struct Printed {
    text: String,
    bars: usize,
}

impl Printed {
    fn atom(text: String) -> Printed {
        Printed { text, bars: 0 }
    }
}

/// What the place a game is printed in asks of it.
#[derive(Clone, Copy)]
struct Enclosing {
    /// A brace form must keep its braces (it shares its side, or stands alone).
    braces: bool,
    /// A game of several parts must be parenthesised (the one option after `+-`).
    parentheses: bool,
}

impl Enclosing {
    const BRACED: Enclosing = Enclosing {
        braces: true,
        parentheses: false,
    };
    const BARE: Enclosing = Enclosing {
        braces: false,
        parentheses: false,
    };
}

/// Where a game falls in CGSuite's order of options.
enum Kind {
    Number(Dyadic),
    Nimber(u64),
    Uptimal(Uptimal),
    Other,
}

impl Kind {
    fn rank(&self) -> u8 {
        match self {
            Kind::Number(_) => 0,
            Kind::Nimber(_) => 1,
            Kind::Uptimal(_) => 2,
            Kind::Other => 3,
        }
    }
}

struct Printer<'s> {
    store: &'s mut Store,
    /// Sorted options of the games met so far.
    sorted: HashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
}

impl<'s> Printer<'s> {
    fn new(store: &'s mut Store) -> Printer<'s> {
        Printer {
            store,
            sorted: HashMap::default(),
        }
    }

    fn print(&mut self, g: GameId, enclosing: Enclosing, limit: usize) -> Result<Printed, TooLong> {
        if let Some(u) = self.store.as_uptimal(g) {
            if let Some(text) = short_uptimal(&u) {
                let text = if enclosing.parentheses && !is_compact(&u) {
                    format!("({text})")
                } else {
                    text
                };
                return Ok(Printed::atom(within(text, limit)?));
            }
        }
        if !self.store.descend() {
            // Too deep to print on this stack (the evaluation says so); nothing is printed.
            return Err(TooLong);
        }
        let (left, right) = self.sorted_options(g);
        if self.store.neg(g) == g {
            return self.switch(&left, limit).map(Printed::atom);
        }
        if let Some(text) = self.tiny_or_miny(g, enclosing, limit)? {
            return Ok(Printed::atom(text));
        }
        let left = self.side(&left, limit)?;
        let right = self.side(&right, limit.saturating_sub(left.text.len()))?;
        let bars = left.bars.max(right.bars);
        let separator = "|".repeat(bars);
        let text = format!("{}{separator}{}", left.text, right.text);
        if enclosing.braces || bars == MAX_BARS {
            Ok(Printed::atom(within(format!("{{{text}}}"), limit)?))
        } else {
            Ok(Printed {
                text: within(text, limit)?,
                bars,
            })
        }
    }

    /// One side of a brace form: its options' texts, and the bars its separator needs.
    fn side(&mut self, options: &[GameId], limit: usize) -> Result<Printed, TooLong> {
        let enclosing = if options.len() > 1 {
            Enclosing::BRACED
        } else {
            Enclosing::BARE
        };
        self.list(options, enclosing, limit)
    }

    /// Games separated by commas, each printed in `enclosing`, and the most bars any has
    /// plus one.
    fn list(
        &mut self,
        games: &[GameId],
        enclosing: Enclosing,
        limit: usize,
    ) -> Result<Printed, TooLong> {
        let mut texts = Vec::with_capacity(games.len());
        let (mut bars, mut used) = (1, 0);
        for &g in games {
            let printed = self.print(g, enclosing, limit.saturating_sub(used))?;
            used += printed.text.len() + 1;
            bars = bars.max(printed.bars + 1);
            texts.push(printed.text);
        }
        Ok(Printed {
            text: within(texts.join(","), limit)?,
            bars,
        })
    }

    /// `+-X` or `+-{A,B}` for a switch with Left options `left`.
    fn switch(&mut self, left: &[GameId], limit: usize) -> Result<String, TooLong> {
        let text = match left {
            [only] => {
                let enclosing = Enclosing {
                    braces: true,
                    parentheses: true,
                };
                format!("+-{}", self.print(*only, enclosing, limit)?.text)
            }
            _ => {
                let options = self.list(left, Enclosing::BRACED, limit)?.text;
                format!("+-{{{options}}}")
            }
        };
        within(text, limit)
    }

    /// `xTiny(G)` or `xMiny(G)` (rule 3), parenthesised after `+-`.
    fn tiny_or_miny(
        &mut self,
        g: GameId,
        enclosing: Enclosing,
        limit: usize,
    ) -> Result<Option<String>, TooLong> {
        let Some(parts) = tiny_parts(self.store, g) else {
            return Ok(None);
        };
        let subscript = self.print(parts.subscript, Enclosing::BRACED, limit)?.text;
        let translate = if parts.translate.is_zero() {
            String::new()
        } else {
            parts.translate.to_string()
        };
        let name = if parts.miny { "Miny" } else { "Tiny" };
        let text = if enclosing.parentheses {
            format!("({translate}{name}({subscript}))")
        } else {
            format!("{translate}{name}({subscript})")
        };
        within(text, limit).map(Some)
    }

    fn sorted_options(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        if let Some(known) = self.sorted.get(&g) {
            return known.clone();
        }
        let (mut left, mut right) = self.store.options(g);
        left.sort_by(|&a, &b| self.order(a, b));
        right.sort_by(|&a, &b| self.order(a, b));
        self.sorted.insert(g, (left.clone(), right.clone()));
        (left, right)
    }

    fn kind(&mut self, g: GameId) -> Kind {
        match self.store.as_uptimal(g) {
            Some(u) if u.is_empty() && u.nimber == 0 => Kind::Number(u.number),
            Some(u) if u.is_empty() && u.number.is_zero() => Kind::Nimber(u.nimber),
            Some(u) => Kind::Uptimal(u),
            None => Kind::Other,
        }
    }

    /// CGSuite's order of options (see the module doc).
    fn order(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ka, kb) = (self.kind(a), self.kind(b));
        match (ka, kb) {
            (Kind::Number(x), Kind::Number(y)) => x.cmp(&y),
            (Kind::Nimber(m), Kind::Nimber(n)) => m.cmp(&n),
            (Kind::Uptimal(u), Kind::Uptimal(v)) => u.cgsuite_cmp(&v),
            (Kind::Other, Kind::Other) if !self.store.descend() => Ordering::Equal,
            (Kind::Other, Kind::Other) => {
                let (al, ar) = self.sorted_options(a);
                let (bl, br) = self.sorted_options(b);
                self.order_lists(&al, &bl)
                    .then_with(|| self.order_lists(&ar, &br))
            }
            (ka, kb) => ka.rank().cmp(&kb.rank()),
        }
    }

    fn order_lists(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let order = self.order(x, y);
            if order != Ordering::Equal {
                return order;
            }
        }
        a.len().cmp(&b.len())
    }
}

/// The short name of an uptimal, when it has one (rule 1 of the module doc).
fn short_uptimal(u: &Uptimal) -> Option<String> {
    if let Some(n) = u.as_nus() {
        return Some(n.to_string());
    }
    let (open, close) = if u.is_power() {
        ('<', '>')
    } else if u.is_power_sum() {
        ('[', ']')
    } else {
        return None;
    };
    let mut text = if u.number.is_zero() {
        String::new()
    } else {
        u.number.to_string()
    };
    let down = u.coefficients().last().is_some_and(|&d| d < 0);
    text.push(if down { 'v' } else { '^' });
    text.push_str(&format!("{open}{}{close}", u.len()));
    match u.nimber {
        0 => {}
        1 => text.push('*'),
        m => text.push_str(&format!("*{m}")),
    }
    Some(text)
}

/// Whether an uptimal with a short name is one part, needing no parentheses after `+-`: a
/// number, a nimber, or ups alone.
fn is_compact(u: &Uptimal) -> bool {
    let ups_alone = u.number.is_zero() && u.nimber == 0;
    let number = u.is_empty() && u.nimber == 0;
    let nimber = u.is_empty() && u.number.is_zero();
    ups_alone || number || nimber
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Nus;

    fn int(store: &mut Store, n: i64) -> GameId {
        store.integer(n)
    }

    #[test]
    fn cgsuite_examples() {
        let mut s = Store::new();
        // {3||2*|1*}
        let (two, one, three, star) = (int(&mut s, 2), int(&mut s, 1), int(&mut s, 3), s.nimber(1));
        let two_star = s.add(two, star);
        let one_star = s.add(one, star);
        let inner = s.construct(&[two_star], &[one_star]);
        let g = s.construct(&[three], &[inner]);
        assert_eq!(canonical_text(&mut s, g), "{3||2*|1*}");
        // +-1 and 3+-1 = {4|2}
        let minus_one = int(&mut s, -1);
        let pm1 = s.construct(&[one], &[minus_one]);
        assert_eq!(canonical_text(&mut s, pm1), "+-1");
        let sum = s.add(three, pm1);
        assert_eq!(canonical_text(&mut s, sum), "{4|2}");
        // Tiny(3/2) = {0||0|-3/2}, Miny(1) = {1|0||0}
        let zero = s.zero();
        let m32 = s.number("-3/2".parse().expect("number"));
        let r = s.construct(&[zero], &[m32]);
        let tiny = s.construct(&[zero], &[r]);
        assert_eq!(canonical_text(&mut s, tiny), "Tiny(3/2)");
        let l = s.construct(&[one], &[zero]);
        let miny = s.construct(&[l], &[zero]);
        assert_eq!(canonical_text(&mut s, miny), "Miny(1)");
        let shifted = s.add(two, tiny);
        assert_eq!(canonical_text(&mut s, shifted), "2Tiny(3/2)");
        // +-1+-2+-3+-4 = +-{10|8||6|4|||4|2||0|-2}
        let mut total = s.zero();
        for k in 1..=4 {
            let (a, b) = (int(&mut s, k), int(&mut s, -k));
            let pm = s.construct(&[a], &[b]);
            total = s.add(total, pm);
        }
        assert_eq!(canonical_text(&mut s, total), "+-{10|8||6|4|||4|2||0|-2}");
        // {^^^|vv} = {^3|vv}
        let (u3, d2) = (s.up(3), s.up(-2));
        let g = s.construct(&[u3], &[d2]);
        assert_eq!(canonical_text(&mut s, g), "{^3|vv}");
        let n = s.nus(&Nus {
            number: Dyadic::new(1, 1),
            ups: -1,
            nimber: 3,
        });
        assert_eq!(canonical_text(&mut s, n), "1/2v*3");
    }

    /// The bounded printer prints exactly the unbounded text when the limit allows it,
    /// and refuses one character short of it.
    #[test]
    fn the_bounded_printer_agrees_with_the_unbounded_one() {
        let mut s = Store::new();
        let mut total = s.zero();
        let mut games = Vec::new();
        for k in 1..=6 {
            let (a, b) = (int(&mut s, k), int(&mut s, -k));
            let pm = s.construct(&[a], &[b]);
            total = s.add(total, pm);
            let star = s.nimber(k as u64);
            let mixed = s.add(total, star);
            games.extend([total, mixed]);
        }
        for g in games {
            let text = canonical_text(&mut s, g);
            assert_eq!(
                canonical_text_within(&mut s, g, text.len()),
                Ok(text.clone())
            );
            assert_eq!(
                canonical_text_within(&mut s, g, text.len() - 1),
                Err(TooLong),
                "{text}"
            );
        }
    }
}
