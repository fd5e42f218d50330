//! Regions of at most 8×8 squares drawn on a 64-bit canvas — row r, column c at bit 8r + c —
//! where each of the rectangle's eight symmetries is a handful of word operations.
//!
//! Rulesets that normalise every region they meet for a transposition table (Domineering's
//! evaluator meets tens of millions) spend much of their time on those symmetries when they
//! move one square at a time; on the canvas a mirror image is a byte swap or a bit reversal
//! within bytes, and the transposition three masked exchanges (the classic 8×8 bitboard
//! diagonal flip).

/// The largest side of a region drawn on a canvas.
pub const SIDE: usize = 8;

/// The squares of a `width × height` region (`width`, `height` ≤ 8) on the canvas.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Canvas {
    /// Columns, first in the order, so that the least image under `Ord` is a normal form.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Bit 8r + c: the square in row r and column c.
    pub squares: u64,
}

/// Reverses the bits within each byte.
fn reverse_within_bytes(mut x: u64) -> u64 {
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((x & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// Exchanges bit 8r + c with bit 8c + r.
fn flip_diagonal(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

impl Canvas {
    /// The region with each row reversed.
    pub fn mirror_columns(self) -> Canvas {
        // Reversed within its byte, a row of `width` squares sits in the byte's top bits;
        // the bits below are empty, so the shift moves nothing across rows.
        let squares = reverse_within_bytes(self.squares) >> (SIDE - usize::from(self.width));
        Canvas { squares, ..self }
    }

    /// The region with its rows in reverse order.
    pub fn mirror_rows(self) -> Canvas {
        let squares = self.squares.swap_bytes() >> (SIDE * (SIDE - usize::from(self.height)));
        Canvas { squares, ..self }
    }

    /// The region with rows and columns exchanged.
    pub fn transpose(self) -> Canvas {
        Canvas {
            width: self.height,
            height: self.width,
            squares: flip_diagonal(self.squares),
        }
    }

    /// The least of the region's eight images, and whether it is one of the transposed ones.
    pub fn normal_form(self) -> (Canvas, bool) {
        let mut best = (self, false);
        for (base, transposed) in [(self, false), (self.transpose(), true)] {
            let flipped = base.mirror_columns();
            for image in [base, flipped, base.mirror_rows(), flipped.mirror_rows()] {
                if image < best.0 {
                    best = (image, transposed);
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn arb_canvas() -> impl Strategy<Value = Canvas> {
        (1u8..=8, 1u8..=8, any::<u64>()).prop_map(|(width, height, bits)| {
            let mut squares = 0;
            for r in 0..usize::from(height) {
                squares |= (bits >> (8 * r) & ((1 << width) - 1)) << (8 * r);
            }
            Canvas {
                width,
                height,
                squares,
            }
        })
    }

    /// The image of the region under a map of (row, column) to (row, column), square by
    /// square.
    fn mapped(
        c: Canvas,
        width: u8,
        height: u8,
        map: impl Fn(usize, usize) -> (usize, usize),
    ) -> Canvas {
        let mut squares = 0;
        for r in 0..usize::from(c.height) {
            for col in 0..usize::from(c.width) {
                if c.squares >> (8 * r + col) & 1 == 1 {
                    let (r2, c2) = map(r, col);
                    squares |= 1 << (8 * r2 + c2);
                }
            }
        }
        Canvas {
            width,
            height,
            squares,
        }
    }

    proptest! {
        /// Each symmetry moves every square where its definition says.
        #[test]
        fn symmetries_move_each_square(c in arb_canvas()) {
            let (w, h) = (usize::from(c.width), usize::from(c.height));
            prop_assert_eq!(c.mirror_columns(), mapped(c, c.width, c.height, |r, col| (r, w - 1 - col)));
            prop_assert_eq!(c.mirror_rows(), mapped(c, c.width, c.height, |r, col| (h - 1 - r, col)));
            prop_assert_eq!(c.transpose(), mapped(c, c.height, c.width, |r, col| (col, r)));
        }

        /// Every image of a region has the region's normal form, transposed exactly when
        /// the image is.
        #[test]
        fn images_share_the_normal_form(c in arb_canvas()) {
            let (normal, transposed) = c.normal_form();
            for (image, flips) in [
                (c.mirror_columns(), false),
                (c.mirror_rows(), false),
                (c.mirror_rows().mirror_columns(), false),
                (c.transpose(), true),
                (c.transpose().mirror_rows(), true),
            ] {
                let (n, t) = image.normal_form();
                prop_assert_eq!(n, normal);
                // The flag tells whether the way from the image to the normal form passes
                // through a transposition, unless some transposing symmetry maps the normal
                // form to itself, when both ways exist.
                let t_ = normal.transpose();
                let self_transposing = [t_, t_.mirror_columns(), t_.mirror_rows(), t_.mirror_rows().mirror_columns()]
                    .contains(&normal);
                prop_assert!(t == transposed ^ flips || self_transposing);
            }
        }
    }
}
