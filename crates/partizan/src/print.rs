//! Printing canonical forms the way CGSuite does, so outputs compare character by character.
//!
//! - number-up-star values: `3/4`, `*3`, `^^*4`, `v3`, `1/2^*`;
//! - switches `{X | −X}`: `+-X`, and with several options `+-{A,B}`;
//! - `x + Tiny(y)` = `{x || x | x−y}` and `x + Miny(y)` = `{x+y | x || x}` for numbers x, y with
//!   y > 0: `Tiny(3/2)`, `2Tiny(2)`, `Miny(1)`;
//! - anything else in braces with CGSuite's slashes: an option that is alone on its side is
//!   written without its own braces, and the separator has one more bar than any such option
//!   (`{3||2*|1*}`); options that share a side keep their braces (`{{2|0},2Tiny(2)|…}`).
//!
//! Options are listed by birthday, then by their text, which is deterministic.

use conway_numbers::Dyadic;

use crate::store::{GameId, Store};

/// A printed game: its text, and the number of bars of its outermost braces (0 when the text
/// is not a brace form, e.g. `^*` or `+-1`).
struct Printed {
    text: String,
    bars: usize,
}

impl Printed {
    fn atom(text: String) -> Printed {
        Printed { text, bars: 0 }
    }

    /// The text as one option among several: brace forms keep their braces.
    fn standalone(&self) -> String {
        if self.bars > 0 {
            format!("{{{}}}", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// The longest canonical form [`canonical_text_within`] prints for an `eval` report, in
/// characters: a sum of a few dozen switches has a canonical form of hundreds of millions.
pub const MAX_PRINTED_CHARS: usize = 1_000_000;

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
    let text = print(store, g, limit)?.standalone();
    within(text, limit)
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

fn print(store: &mut Store, g: GameId, limit: usize) -> Result<Printed, TooLong> {
    if let Some(n) = store.as_nus(g) {
        return Ok(Printed::atom(within(n.to_string(), limit)?));
    }
    let (left, right) = store.options(g);
    if let Some(text) = switch(store, &left, &right, limit)? {
        return Ok(Printed::atom(text));
    }
    if let Some(text) = tiny_or_miny(store, &left, &right) {
        return Ok(Printed::atom(within(text, limit)?));
    }
    let (left_text, left_bars) = side(store, &left, limit)?;
    let (right_text, right_bars) = side(store, &right, limit.saturating_sub(left_text.len()))?;
    let bars = 1 + left_bars.max(right_bars);
    // Inner text without the outer braces; `standalone` adds them.
    Ok(Printed {
        text: within(
            format!("{left_text}{}{right_text}", "|".repeat(bars)),
            limit,
        )?,
        bars,
    })
}

/// One side's text and the bars it contributes.
fn side(store: &mut Store, options: &[GameId], limit: usize) -> Result<(String, usize), TooLong> {
    if let [only] = options {
        let p = print(store, *only, limit)?;
        return Ok((p.text, p.bars));
    }
    let texts: Vec<String> = ordered(store, options, limit)?
        .iter()
        .map(|p| p.standalone())
        .collect();
    Ok((within(texts.join(","), limit)?, 0))
}

/// Options printed and sorted by birthday, then text; their texts together stay within
/// `limit`.
fn ordered(store: &mut Store, options: &[GameId], limit: usize) -> Result<Vec<Printed>, TooLong> {
    let mut keyed: Vec<(num_bigint::BigUint, String, Printed)> = Vec::new();
    let mut left = limit;
    for &g in options {
        let p = print(store, g, left)?;
        let text = p.standalone();
        left = left.checked_sub(text.len()).ok_or(TooLong)?;
        keyed.push((store.birthday(g), text, p));
    }
    keyed.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    Ok(keyed.into_iter().map(|(_, _, p)| p).collect())
}

/// `+-X` when G = {X | −X}, `+-{A,B}` when G = {A,B | −A,−B}; `None` for other games.
fn switch(
    store: &mut Store,
    left: &[GameId],
    right: &[GameId],
    limit: usize,
) -> Result<Option<String>, TooLong> {
    if left.len() != right.len() || left.is_empty() {
        return Ok(None);
    }
    let mut negated: Vec<GameId> = left.iter().map(|&l| store.neg(l)).collect();
    negated.sort_unstable();
    if negated != right {
        return Ok(None);
    }
    let text = match left {
        [only] => format!("+-{}", print(store, *only, limit)?.standalone()),
        _ => {
            let texts: Vec<String> = ordered(store, left, limit)?
                .iter()
                .map(|p| p.standalone())
                .collect();
            format!("+-{{{}}}", texts.join(","))
        }
    };
    within(text, limit).map(Some)
}

/// `xTiny(y)` for {x || x | x−y} and `xMiny(y)` for {x+y | x || x}, numbers x and y > 0.
fn tiny_or_miny(store: &mut Store, left: &[GameId], right: &[GameId]) -> Option<String> {
    let (&[l], &[r]) = (left, right) else {
        return None;
    };
    let prefix = |x: &Dyadic| {
        if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        }
    };
    // Tiny: Left's option is the number x, Right's is {x | x−y}.
    if let Some(x) = store.as_number(l).cloned() {
        let (rl, rr) = store.options(r);
        if let ([rl], [rr]) = (rl.as_slice(), rr.as_slice()) {
            if let (Some(a), Some(z)) = (store.as_number(*rl), store.as_number(*rr)) {
                let y = &x - z;
                if *a == x && y.signum() > 0 {
                    return Some(format!("{}Tiny({y})", prefix(&x)));
                }
            }
        }
    }
    // Miny: Right's option is the number x, Left's is {x+y | x}.
    if let Some(x) = store.as_number(r).cloned() {
        let (ll, lr) = store.options(l);
        if let ([ll], [lr]) = (ll.as_slice(), lr.as_slice()) {
            if let (Some(w), Some(b)) = (store.as_number(*ll), store.as_number(*lr)) {
                let y = w - &x;
                if *b == x && y.signum() > 0 {
                    return Some(format!("{}Miny({y})", prefix(&x)));
                }
            }
        }
    }
    None
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
