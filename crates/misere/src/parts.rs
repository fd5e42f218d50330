//! Parts and partitions of misère canonical forms, and subtraction.
//!
//! H is a *part* of G when G = H + X for some X; misère games cancel only in special cases,
//! so G − H is defined only for parts ([`MisereStore::subtract`], CGSuite's `MisereMinus`).
//! A game with no parts but 0, *, itself and itself + * is *prime*, and every game is a
//! sum of primes, though not always in one way (Norton's `*[4[2#]]`).
//!
//! The two-part decompositions G = X + Y of an even G are found by Siegel's algorithm, as
//! CGSuite runs it: unless an option is 0 or * or three options are prime (then G is prime,
//! ONAG), every candidate X is a part of some option; X is a part (of *type 1*) when each of
//! its options X' has a known G − X' and X is a part of each option G', and then
//! Y = {G' − X, G − X'}; otherwise X and a candidate Y are checked option by option
//! (*type 2*). Candidates are tried in CGSuite's order until none is new, which also fixes
//! the order in which parts are listed.

use std::sync::Arc;

use crate::MisereError;
use crate::{MisereId, MisereStore};

impl MisereStore {
    /// The two-part decompositions of the even part of G, as pairs `[X, Y]` laid end to end:
    /// `0, G` first, then in the order found.
    fn two_partitions(&mut self, g: MisereId) -> Result<Arc<[MisereId]>, MisereError> {
        let g = g.even_part();
        if let Some(found) = self.partitions.get(&g) {
            return Ok(found.clone());
        }
        let found: Arc<[MisereId]> =
            stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || self.find_partitions(g))?.into();
        self.partitions.insert(g, found.clone());
        Ok(found)
    }

    fn find_partitions(&mut self, g: MisereId) -> Result<Vec<MisereId>, MisereError> {
        let mut partitions = vec![MisereId::ZERO, g];
        let options = self.options(g).to_vec();
        let mut option_partitions: Vec<Arc<[MisereId]>> = Vec::with_capacity(options.len());
        let mut primes = 0;
        for &o in &options {
            if o.even_part() == MisereId::ZERO {
                // 0 or * is an option: G is * or prime (ONAG).
                return Ok(partitions);
            }
            let parts = self.two_partitions(o)?;
            // A pair H, H + * among the options counts as one prime.
            if parts.len() == 2 && (!o.is_odd() || !options.contains(&o.even_part())) {
                primes += 1;
                if primes >= 3 {
                    return Ok(partitions);
                }
            }
            option_partitions.push(parts);
        }
        let mut candidates: Vec<MisereId> = option_partitions
            .iter()
            .flat_map(|p| p.iter().copied())
            .collect();
        candidates.sort_by(|&a, &b| self.order(a, b));
        candidates.dedup();
        let mate_in =
            |list: &[MisereId], x: MisereId| list.iter().position(|&p| p == x).map(|i| list[i ^ 1]);
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &candidates {
                if partitions.contains(&x) {
                    continue;
                }
                let x_options = self.options(x).to_vec();
                let mut type1 = true;
                let mut counterpart_options = Vec::new();
                let mut type2 = Vec::new();
                for &xo in &x_options {
                    match mate_in(&partitions, xo.even_part()) {
                        Some(rest) => counterpart_options.push(rest.with_parity(xo.is_odd())),
                        None => {
                            type1 = false;
                            for parts in &option_partitions {
                                if let Some(y) = mate_in(parts, xo.even_part()) {
                                    type2.push(y);
                                }
                            }
                            break;
                        }
                    }
                }
                if type1 {
                    for (parts, &o) in option_partitions.iter().zip(&options) {
                        match mate_in(parts, x) {
                            Some(rest) => counterpart_options.push(rest.with_parity(o.is_odd())),
                            None => {
                                type1 = false;
                                for &xo in &x_options {
                                    if let Some(y) = mate_in(parts, xo.even_part()) {
                                        type2.push(y);
                                    }
                                }
                                break;
                            }
                        }
                    }
                }
                if type1 {
                    let y = self.from_options(counterpart_options)?;
                    partitions.extend([x, y]);
                    changed = true;
                    continue;
                }
                for y in type2 {
                    if self.is_type2_pair(g, &options, &option_partitions, &partitions, x, y) {
                        partitions.extend([x, y]);
                        changed = true;
                        break;
                    }
                }
            }
        }
        Ok(partitions)
    }

    /// Whether G = X + Y, checked option by option: each G' is X + Y' or X' + Y for options
    /// of Y or X, each X' + Y and each X + Y' is an option of G.
    fn is_type2_pair(
        &self,
        _g: MisereId,
        options: &[MisereId],
        option_partitions: &[Arc<[MisereId]>],
        partitions: &[MisereId],
        x: MisereId,
        y: MisereId,
    ) -> bool {
        let mate_in =
            |list: &[MisereId], v: MisereId| list.iter().position(|&p| p == v).map(|i| list[i ^ 1]);
        let (x_options, y_options) = (self.options(x), self.options(y));
        let each_option_splits = options.iter().zip(option_partitions).all(|(&o, parts)| {
            let odd = o.is_odd();
            mate_in(parts, x).is_some_and(|r| y_options.contains(&r.with_parity(odd)))
                || mate_in(parts, y).is_some_and(|r| x_options.contains(&r.with_parity(odd)))
        });
        if !each_option_splits {
            return false;
        }
        let x_options_fit = x_options.iter().all(|&xo| {
            mate_in(partitions, xo.even_part())
                .is_some_and(|r| y_options.contains(&r.with_parity(xo.is_odd())))
                || options.iter().zip(option_partitions).any(|(&o, parts)| {
                    mate_in(parts, y).is_some_and(|r| xo == r.with_parity(o.is_odd()))
                })
        });
        if !x_options_fit {
            return false;
        }
        // CGSuite compares this direction up to + * (its parity-blind search).
        y_options.iter().all(|&yo| {
            mate_in(partitions, yo.even_part()).is_some_and(|r| {
                let r = r.with_parity(yo.is_odd()).even_part();
                x_options.iter().any(|&xo| xo.even_part() == r)
            }) || options.iter().zip(option_partitions).any(|(&o, parts)| {
                mate_in(parts, x).is_some_and(|r| yo == r.with_parity(o.is_odd()))
            })
        })
    }

    /// G − H: the X with G = H + X, if H is a part of G (CGSuite's `MisereMinus`).
    pub fn subtract(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>, MisereError> {
        let partitions = self.two_partitions(g)?;
        let odd = g.is_odd() != h.is_odd();
        Ok(partitions
            .iter()
            .position(|&p| p == h.even_part())
            .map(|i| partitions[i ^ 1].with_parity(odd)))
    }

    /// Whether G has no parts but 0, *, G and G + * (and is neither 0 nor *).
    pub fn is_prime(&mut self, g: MisereId) -> Result<bool, MisereError> {
        Ok(g.index() > 1 && self.two_partitions(g)?.len() == 2)
    }

    /// The parts of G's even part, in the order found: every one when `proper` is false,
    /// else all but 0 and G itself (CGSuite's `Parts`); only primes when `primes_only`.
    fn parts_of(
        &mut self,
        g: MisereId,
        proper: bool,
        primes_only: bool,
    ) -> Result<Vec<MisereId>, MisereError> {
        let partitions = self.two_partitions(g)?;
        let mut parts = Vec::new();
        for pair in partitions.chunks(2).skip(usize::from(proper)) {
            let (x, y) = (pair[0], pair[1]);
            if !primes_only || self.is_prime(x)? {
                parts.push(x);
            }
            if y != x && (!primes_only || self.is_prime(y)?) {
                parts.push(y);
            }
        }
        Ok(parts)
    }

    /// The parts of G other than 0, *, G and G + *, in CGSuite's order (`Parts`).
    pub fn proper_parts(&mut self, g: MisereId) -> Result<Vec<MisereId>, MisereError> {
        self.parts_of(g, true, false)
    }

    /// Every way of writing G as a sum of primes (with * when G is odd), each listed in
    /// CGSuite's order of primes (`Partitions`).
    pub fn partitions(&mut self, g: MisereId) -> Result<Vec<Vec<MisereId>>, MisereError> {
        let mut found = Vec::new();
        self.build_partitions(g, &mut Vec::new(), &mut found)?;
        Ok(found)
    }

    fn build_partitions(
        &mut self,
        g: MisereId,
        partial: &mut Vec<MisereId>,
        found: &mut Vec<Vec<MisereId>>,
    ) -> Result<(), MisereError> {
        if g.index() <= 1 {
            let mut partition = partial.clone();
            if g == MisereId::STAR {
                partition.push(MisereId::STAR);
            }
            found.push(partition);
            return Ok(());
        }
        for prime in self.parts_of(g, false, true)? {
            if partial
                .last()
                .is_none_or(|&last| self.order(last, prime).is_le())
            {
                let rest = self
                    .subtract(g, prime)?
                    .expect("a part listed is subtractable");
                partial.push(prime);
                self.build_partitions(rest, partial, found)?;
                partial.pop();
            }
        }
        Ok(())
    }

    /// Whether G is a part of G# (the game whose one option is G): CGSuite's `IsExtraverted`.
    pub fn is_extraverted(&mut self, g: MisereId) -> Result<bool, MisereError> {
        let sharp = self.from_options(vec![g])?;
        Ok(self.subtract(sharp, g)?.is_some())
    }
}
