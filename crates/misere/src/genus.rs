//! The genus of a misère canonical form, written as CGSuite writes it.
//!
//! The genus `g^{γ0 γ1 …}` (Winning Ways ch. 13) is G⁺ and the misère Grundy values `γi` of
//! G plus i copies of *2; the `γi` alternate from some point on. CGSuite abbreviates: a nim
//! heap's genus is its G⁺ alone (`2`), a generally tame or restive game's is G⁺ and G⁻
//! (`0^0`, `1^2`) — their later digits follow from those — and any other game's lists the
//! digits up to where they alternate (`2^1420`), computed from its options' genera.

use crate::mex;
use crate::phylum::Phylum;
use crate::{MisereId, MisereStore};

/// A genus with CGSuite's abbreviations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonicalGenus {
    kind: Kind,
    /// G⁺.
    base: u32,
    /// The digits written: none for a nim heap, G⁻ alone for a tame or restive game.
    digits: Vec<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Tame,
    Restive,
    Wild,
}

impl CanonicalGenus {
    /// G⁺, the normal-play Grundy value.
    pub fn normal(&self) -> u32 {
        self.base
    }

    /// `γi` for any i.
    pub fn digit(&self, i: usize) -> u32 {
        if let Some(&d) = self.digits.get(i) {
            return d;
        }
        let flip = ((i & 1) << 1) as u32;
        match self.kind {
            Kind::Tame if i == 0 && self.base < 2 => 1 - self.base,
            Kind::Tame => self.base ^ flip,
            Kind::Restive if self.digits[0] < 4 => self.digits[0] ^ flip,
            Kind::Restive => self.base ^ flip,
            Kind::Wild => {
                let len = self.digits.len();
                self.digits[len - 2 + ((len ^ i) & 1)]
            }
        }
    }

    /// The first i from which `γi` equals `γ(i-2)` for good, as CGSuite bounds it.
    fn settles_at(&self) -> usize {
        match self.kind {
            Kind::Tame if self.base < 2 && self.digits.first() != Some(&self.base) => 2,
            Kind::Tame => 1,
            Kind::Restive if self.digits[0] < 4 => 1,
            Kind::Restive => 2,
            Kind::Wild => self.digits.len() - 1,
        }
    }

    /// The genus of a game of wild phylum from its options' genera.
    fn from_options(options: &[CanonicalGenus]) -> CanonicalGenus {
        let base = mex(options.iter().map(|g| u64::from(g.base))) as u32;
        let last = options
            .iter()
            .map(Self::settles_at)
            .max()
            .unwrap_or(1)
            .max(1)
            + 2;
        let mut digits = vec![mex(options.iter().map(|g| u64::from(g.digit(0)))) as u32];
        for i in 1..=last {
            let previous = u64::from(digits[i - 1]);
            let seen = options
                .iter()
                .map(|g| u64::from(g.digit(i)))
                .chain([previous, previous ^ 1]);
            digits.push(mex(seen) as u32);
        }
        let mut len = last + 1;
        while len > 2 && digits[len - 1] == digits[len - 3] {
            len -= 1;
        }
        digits.truncate(len);
        CanonicalGenus {
            kind: Kind::Wild,
            base,
            digits,
        }
    }
}

impl std::fmt::Display for CanonicalGenus {
    /// `2`, `0^0`, `2^1420`, or `6^(1,9,10,8)` when a digit has two places.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.base)?;
        if self.digits.is_empty() {
            return Ok(());
        }
        let digits: Vec<String> = self.digits.iter().map(u32::to_string).collect();
        if self.digits.iter().any(|&d| d >= 10) {
            write!(f, "^({})", digits.join(","))
        } else {
            write!(f, "^{}", digits.concat())
        }
    }
}

impl MisereStore {
    /// The genus of G, abbreviated as CGSuite writes it.
    pub fn genus(&mut self, g: MisereId) -> CanonicalGenus {
        let phylum = self.phylum(g);
        let (base, misere) = (self.normal_value(g), self.misere_value(g));
        if phylum == Phylum::NimHeap {
            return CanonicalGenus {
                kind: Kind::Tame,
                base,
                digits: Vec::new(),
            };
        }
        if phylum.is_restive_or_tame() {
            let kind = if phylum.is_generally_tame() {
                Kind::Tame
            } else {
                Kind::Restive
            };
            return CanonicalGenus {
                kind,
                base,
                digits: vec![misere],
            };
        }
        if let Some(genus) = self.genera.get(&g) {
            return genus.clone();
        }
        let genus = stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || {
            let options = self.options(g).to_vec();
            let genera: Vec<CanonicalGenus> = options.into_iter().map(|o| self.genus(o)).collect();
            CanonicalGenus::from_options(&genera)
        });
        self.genera.insert(g, genus.clone());
        genus
    }
}
