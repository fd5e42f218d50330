//! Stops in fixed point, as each stored form's record keeps them.
//!
//! Comparison tries the stops first (G ≤ H forces Ls(G) ≤ Ls(H) and Rs(G) ≤ Rs(H)), and
//! canonical construction orders options by them, so they are read far more often than any
//! other part of a form. Almost every stop is a number of few binary places, which a
//! fixed-point `i64` holds exactly: eight bytes a stop instead of a [`Dyadic`]'s forty, and an
//! integer comparison instead of aligning two numerators. A stop without such an image is
//! marked [`FixedStop::WIDE`] and kept exactly beside the records.

use conway_numbers::Dyadic;

/// Binary places of the fixed-point image: stops of games born up to about 32 days, and of
/// integers up to 2^31 in size, fit.
const FRACTION_BITS: u32 = 32;

/// A stop as `value · 2^FRACTION_BITS`, or [`FixedStop::WIDE`] when that is not an `i64`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) struct FixedStop(i64);

impl FixedStop {
    /// The marker of a stop kept exactly elsewhere (the value `i64::MIN` itself is kept
    /// there too).
    const WIDE: FixedStop = FixedStop(i64::MIN);

    /// The image of `x`, or [`FixedStop::WIDE`].
    pub(super) fn of(x: &Dyadic) -> FixedStop {
        x.to_scaled_i64(FRACTION_BITS)
            .filter(|&v| v != i64::MIN)
            .map_or(FixedStop::WIDE, FixedStop)
    }

    /// Whether the stop has no image here.
    pub(super) fn is_wide(self) -> bool {
        self == FixedStop::WIDE
    }

    /// The stop, unless it is wide.
    pub(super) fn value(self) -> Option<Dyadic> {
        (!self.is_wide()).then(|| Dyadic::new(self.0, FRACTION_BITS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A stop with an image reads back from it and orders by it.
        #[test]
        fn images_are_exact_and_ordered(a in any::<i64>(), b in any::<i64>(), ea in 0u32..40, eb in 0u32..40) {
            let (x, y) = (Dyadic::new(a, ea), Dyadic::new(b, eb));
            let (fx, fy) = (FixedStop::of(&x), FixedStop::of(&y));
            if let Some(v) = fx.value() {
                prop_assert_eq!(&v, &x);
            }
            if !fx.is_wide() && !fy.is_wide() {
                prop_assert_eq!(fx.cmp(&fy), x.cmp(&y));
            }
        }
    }
}
