//! CGSuite's order of misère canonical forms, which its notation prints options in.
//!
//! CGSuite builds 36 even games (and with them their odd partners) before any other, with
//! fixed ids, and orders those by id and before every other game. Other games are ordered
//! by their even parts' birthday, number of options, G⁺, G⁻ and then options (in this order,
//! compared lexicographically); an even game comes just before its odd partner.
//!
//! The early games are listed as CGSuite's table of them gives them (ONAG's games born by
//! day four and some born on day five); each option is written `2i + p`: early game i, plus
//! * when p is 1.

use std::cmp::Ordering;

use crate::{MisereId, MisereStore};

/// The options of the early games 0..36, in CGSuite's order of ids.
pub(super) const EARLY_GAMES: [&[u8]; 36] = [
    &[],
    &[0, 1],
    &[2],
    &[3],
    &[4],
    &[2, 3],
    &[2, 4],
    &[0, 4],
    &[1, 4],
    &[2, 3, 4],
    &[0, 3, 4],
    &[0, 2, 4],
    &[1, 3, 4],
    &[1, 2, 4],
    &[0, 2, 3, 4],
    &[0, 1, 2, 4],
    &[1, 2, 3, 4],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4],
    &[5],
    &[8],
    &[12],
    &[14],
    &[16],
    &[18],
    &[20],
    &[22],
    &[24],
    &[26],
    &[28],
    &[30],
    &[32],
    &[34],
    &[36],
    &[6],
    &[10],
];

/// Builds the early games in order and marks their places. Each is a new even canonical
/// form, so early game i gets id 2i.
pub(super) fn build_early_games(store: &mut MisereStore) {
    for (i, options) in EARLY_GAMES.iter().enumerate().skip(1) {
        let options = options
            .iter()
            .map(|&code| MisereId(u32::from(code)))
            .collect();
        let g = store
            .from_options(options)
            .expect("the early games fit in any store");
        assert_eq!(g.index(), 2 * i, "early game {i} is a new even form");
        store.records[2 * i].early = Some(2 * i as u8);
        store.records[2 * i + 1].early = Some(2 * i as u8 + 1);
    }
}

/// CGSuite's order of two canonical forms.
pub(super) fn compare(store: &MisereStore, a: MisereId, b: MisereId) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    match (store.record(a).early, store.record(b).early) {
        (Some(x), Some(y)) => return x.cmp(&y),
        (Some(_), None) => return Ordering::Less,
        (None, Some(_)) => return Ordering::Greater,
        (None, None) => {}
    }
    let (ea, eb) = (a.even_part(), b.even_part());
    if ea == eb {
        return a.is_odd().cmp(&b.is_odd());
    }
    let (ra, rb) = (store.record(ea), store.record(eb));
    let key = |r: &crate::Record| (r.birthday, r.options.len(), r.normal, r.misere);
    key(ra).cmp(&key(rb)).then_with(|| {
        ra.options
            .iter()
            .zip(rb.options.iter())
            .map(|(&x, &y)| compare(store, x, y))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}
