//! Test support: the value of a ruleset position by the textbook definitions alone.
//!
//! The oracle looks at the whole position, never at its components or their normal forms, and
//! canonicalises with [`Tree::canonical`] rather than the store. Agreement with
//! [`Evaluator`] therefore checks the rules, the component split, the normalisation used as
//! the transposition key, and the store's simplification at once. It is exponential: keep
//! positions small.

use std::collections::HashMap;
use std::fmt::Debug;

use crate::naive::Tree;
use crate::rulesets::{Evaluator, PartizanGame};
use crate::{GameId, Store};

/// The canonical form of a position as a tree, from its moves only.
pub(crate) fn textbook_value<G: PartizanGame>(position: &G, memo: &mut HashMap<G, Tree>) -> Tree {
    if let Some(tree) = memo.get(position) {
        return tree.clone();
    }
    let left = position
        .left_moves()
        .iter()
        .map(|p| textbook_value(p, memo))
        .collect();
    let right = position
        .right_moves()
        .iter()
        .map(|p| textbook_value(p, memo))
        .collect();
    let tree = Tree::new(left, right).canonical();
    memo.insert(position.clone(), tree.clone());
    tree
}

/// Whether the evaluator and the textbook oracle agree on a position; the message says how
/// they differ when they do not.
pub(crate) fn agrees_with_textbook<G: PartizanGame + Debug>(position: &G) -> Result<(), String> {
    let mut store = Store::new();
    let id = Evaluator::new().canonical_form(&mut store, position);
    let fast = Tree::from_store(&mut store, id);
    let slow = textbook_value(position, &mut HashMap::new());
    if fast == slow {
        Ok(())
    } else {
        Err(format!(
            "{position:?}: evaluator {fast:?}, textbook {slow:?}"
        ))
    }
}

/// A game written in CGSuite's output notation, for pasting published values into tests:
/// slashes and braces, `+-`, numbers, `^`/`v` with counts, `*n`, `Tiny(x)`, `Miny(x)` and
/// `^<2>`/`v<2>` (CGSuite's ↑² = {0|v*}). Panics on anything else: it reads test data only.
pub(crate) fn cgsuite_game(store: &mut Store, text: &str) -> GameId {
    let s = text.trim();
    if let Some(rest) = s.strip_prefix("+-") {
        let options = match braced(rest) {
            Some(inner) if top_level(inner, '|').is_none() => split_top(inner, ',')
                .into_iter()
                .map(|t| cgsuite_game(store, t))
                .collect(),
            _ => vec![cgsuite_game(store, rest)],
        };
        let negatives: Vec<GameId> = options.iter().map(|&g| store.neg(g)).collect();
        return store.construct(&options, &negatives);
    }
    if let Some(inner) = braced(s) {
        return slashed(store, inner);
    }
    atom(store, s)
}

/// The inside of `{…}` when the braces enclose the whole text.
fn braced(s: &str) -> Option<&str> {
    let inner = s.strip_prefix('{')?.strip_suffix('}')?;
    let mut depth = 0i32;
    for c in inner.chars() {
        depth += match c {
            '{' | '(' => 1,
            '}' | ')' => -1,
            _ => 0,
        };
        if depth < 0 {
            return None;
        }
    }
    Some(inner)
}

/// The byte position and length of the longest run of `bar` outside any brackets.
fn top_level(s: &str, bar: char) -> Option<(usize, usize)> {
    let (mut depth, mut best, mut run_start) = (0i32, None::<(usize, usize)>, None);
    for (i, c) in s.char_indices().chain([(s.len(), ' ')]) {
        if c == bar && depth == 0 {
            run_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = run_start.take() {
            let len = i - start;
            if best.is_none_or(|(_, l)| len > l) {
                best = Some((start, len));
            }
        }
        depth += match c {
            '{' | '(' => 1,
            '}' | ')' => -1,
            _ => 0,
        };
    }
    best
}

fn split_top(s: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ if c == separator && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

fn slashed(store: &mut Store, s: &str) -> GameId {
    let Some((at, len)) = top_level(s, '|') else {
        panic!("no bar in {{{s}}}");
    };
    let left = side(store, &s[..at]);
    let right = side(store, &s[at + len..]);
    store.construct(&left, &right)
}

fn side(store: &mut Store, s: &str) -> Vec<GameId> {
    if s.trim().is_empty() {
        Vec::new()
    } else if top_level(s, '|').is_some() {
        vec![slashed(store, s)]
    } else {
        split_top(s, ',')
            .into_iter()
            .map(|t| cgsuite_game(store, t))
            .collect()
    }
}

fn atom(store: &mut Store, s: &str) -> GameId {
    let number = |t: &str| -> conway_numbers::Dyadic {
        t.parse().unwrap_or_else(|e| panic!("number {t:?}: {e:?}"))
    };
    if let Some(x) = s.strip_prefix("Tiny(").and_then(|t| t.strip_suffix(')')) {
        let (zero, minus_x) = (store.zero(), store.number(-number(x)));
        let inner = store.construct(&[zero], &[minus_x]);
        return store.construct(&[zero], &[inner]);
    }
    if let Some(x) = s.strip_prefix("Miny(").and_then(|t| t.strip_suffix(')')) {
        let (zero, x) = (store.zero(), store.number(number(x)));
        let inner = store.construct(&[x], &[zero]);
        return store.construct(&[inner], &[zero]);
    }
    if s == "^<2>" || s == "v<2>" {
        let (zero, down_star) = (store.zero(), cgsuite_game(store, "v*"));
        let up2 = store.construct(&[zero], &[down_star]);
        return if s == "^<2>" { up2 } else { store.neg(up2) };
    }
    // x, then ^/v (repeated, or followed by a count), then * with an optional nimber.
    let split = s.find(['^', 'v', '*']).unwrap_or(s.len());
    let (x, rest) = s.split_at(split);
    let x = if x.is_empty() {
        Default::default()
    } else {
        number(x)
    };
    let (ups_text, star) = match rest.find('*') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let ups = match ups_text.chars().next() {
        None => 0,
        Some(c) => {
            let sign = if c == '^' { 1 } else { -1 };
            let count = ups_text.trim_start_matches(c);
            if count.is_empty() {
                sign * ups_text.len() as i64
            } else {
                sign * count
                    .parse::<i64>()
                    .unwrap_or_else(|e| panic!("{s:?}: {e}"))
            }
        }
    };
    let nimber = match star {
        None => 0,
        Some("") => 1,
        Some(m) => m.parse().unwrap_or_else(|e| panic!("{s:?}: {e}")),
    };
    store.nus(&crate::Nus {
        number: x,
        ups,
        nimber,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::canonical_text;

    #[test]
    fn cgsuite_notation_reads_back_what_the_printer_writes() {
        for text in [
            "0",
            "-3/4",
            "*3",
            "^^*4",
            "v3",
            "1/2v*3",
            "{3||2*|1*}",
            "+-1",
            "+-{1,1*}",
            "+-{10|8||6|4|||4|2||0|-2}",
            "Tiny(3/2)",
            "Miny(1)",
            "{^^*|*,v}",
            "{0,{1/2|0}|v}",
        ] {
            let mut store = Store::new();
            let g = cgsuite_game(&mut store, text);
            assert_eq!(canonical_text(&mut store, g), text);
        }
        // CGSuite's own test suite: {0|v*} is ^<2>.
        let mut store = Store::new();
        let (pow, spelled) = (
            cgsuite_game(&mut store, "v<2>"),
            cgsuite_game(&mut store, "{^*|0}"),
        );
        assert_eq!(pow, spelled);
    }
}
