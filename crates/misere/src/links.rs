//! Distinguishers and links of misère canonical forms (Conway, ONAG ch. 12, theorems 75
//! and 76).
//!
//! Distinct canonical forms G and H are told apart by some T: G + T and H + T have
//! different misère outcomes. G and H are *linked* when some T makes both G + T and H + T
//! P-positions, which happens exactly when neither is an option of the other; then
//! T = {distinguishers of each G' from H and of each H' from G} is such a link. The
//! constructions are CGSuite's, so its answers are reproduced.

use crate::MisereError;
use crate::{MisereId, MisereStore};

impl MisereStore {
    /// A T with G + T a P-position and H + T not (CGSuite's `Distinguisher`), or `None`
    /// when G = H.
    pub fn distinguisher(
        &mut self,
        g: MisereId,
        h: MisereId,
    ) -> Result<Option<MisereId>, MisereError> {
        let Some(t) = self.discriminator(g, h)? else {
            return Ok(None);
        };
        let sum = self.add(t, g)?;
        if self.is_p_position(sum) {
            return Ok(Some(t));
        }
        // T separates them the other way round: {mates of G's options, T} does it this way.
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(self.mate(o)?);
        }
        options.push(t);
        self.from_options(options).map(Some)
    }

    /// Some T with G + T and H + T of different outcomes, or `None` when G = H.
    fn discriminator(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>, MisereError> {
        if g == h {
            return Ok(None);
        }
        if (g == MisereId::ZERO && self.is_p_position(h))
            || (h == MisereId::ZERO && self.is_p_position(g))
        {
            return Ok(Some(MisereId::ZERO));
        }
        if let Some(&t) = self.discriminators.get(&(g, h)) {
            return Ok(Some(t));
        }
        let t = stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || -> Result<_, MisereError> {
            for o in self.options(g).to_vec() {
                if let Some(t) = self.link(h, o)? {
                    return Ok(t);
                }
            }
            for o in self.options(h).to_vec() {
                if let Some(t) = self.link(g, o)? {
                    return Ok(t);
                }
            }
            // Distinct canonical forms are told apart by a link (ONAG, theorem 75).
            Err(MisereError::Internal(
                "no distinguisher found for two distinct misère forms".into(),
            ))
        })?;
        self.discriminators.insert((g, h), t);
        Ok(Some(t))
    }

    /// Whether some T makes G + T and H + T both P-positions (CGSuite's `IsLinkedTo`).
    pub fn is_linked(&self, g: MisereId, h: MisereId) -> bool {
        !self.has_option(g, h) && !self.has_option(h, g)
    }

    /// A T making G + T and H + T both P-positions (CGSuite's `Link`), or `None` when
    /// they are not linked.
    pub fn link(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>, MisereError> {
        if g == MisereId::ZERO && h == MisereId::ZERO {
            return Ok(Some(MisereId::STAR));
        }
        if !self.is_linked(g, h) {
            return Ok(None);
        }
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(
                self.distinguisher(o, h)?
                    .expect("an option differs from the game"),
            );
        }
        for o in self.options(h).to_vec() {
            options.push(
                self.distinguisher(o, g)?
                    .expect("an option differs from the game"),
            );
        }
        self.from_options(options).map(Some)
    }
}
