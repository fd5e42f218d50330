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

/// Squares that have a right-hand neighbour on the canvas (all but column 7).
pub const NOT_LAST_COLUMN: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Squares that have a left-hand neighbour on the canvas (all but column 0).
const NOT_FIRST_COLUMN: u64 = 0xfefe_fefe_fefe_fefe;

/// The squares of `squares` connected to `seed` through orthogonal neighbours in it.
fn connected(squares: u64, seed: u64) -> u64 {
    let mut part = seed;
    loop {
        let grown = (part
            | (part & NOT_LAST_COLUMN) << 1
            | (part & NOT_FIRST_COLUMN) >> 1
            | part << SIDE
            | part >> SIDE)
            & squares;
        if grown == part {
            return part;
        }
        part = grown;
    }
}

impl Canvas {
    /// The smallest region holding `squares` (not none), moved to the top left corner.
    pub fn cropped(squares: u64) -> Canvas {
        let first_row = squares.trailing_zeros() / 8;
        let mut columns = squares;
        columns |= columns >> 32;
        columns |= columns >> 16;
        columns |= columns >> 8;
        let columns = columns & 0xff;
        let first_column = columns.trailing_zeros();
        // The columns left of the first are empty in every row, so one shift of the whole
        // word moves each row within its byte.
        let squares = squares >> (8 * first_row) >> first_column;
        Canvas {
            width: (64 - columns.leading_zeros() - first_column) as u8,
            height: ((63 - squares.leading_zeros()) / 8 + 1) as u8,
            squares,
        }
    }

    /// Visits each part of the region connected through orthogonal neighbours that has at
    /// least `fewest` squares, cropped.
    pub fn for_each_part(self, fewest: u32, mut visit: impl FnMut(Canvas)) {
        let mut rest = self.squares;
        while rest != 0 {
            let part = connected(rest, rest & rest.wrapping_neg());
            rest &= !part;
            if part.count_ones() >= fewest {
                visit(Canvas::cropped(part));
            }
        }
    }

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
        least_of_eight(
            self,
            Canvas::transpose,
            Canvas::mirror_columns,
            Canvas::mirror_rows,
            |c| *c,
        )
    }
}

/// The least of a rectangular region's eight images by `key`, and whether it is one of the
/// transposed ones, for any layout that gives the transposition and the two mirror images
/// (the other symmetries are their products).
pub fn least_of_eight<T: Copy, K: Ord>(
    region: T,
    transpose: impl Fn(T) -> T,
    mirror_columns: impl Fn(T) -> T,
    mirror_rows: impl Fn(T) -> T,
    key: impl Fn(&T) -> K,
) -> (T, bool) {
    let mut best = (region, false);
    for (base, transposed) in [(region, false), (transpose(region), true)] {
        let flipped = mirror_columns(base);
        for image in [base, flipped, mirror_rows(base), mirror_rows(flipped)] {
            if key(&image) < key(&best.0) {
                best = (image, transposed);
            }
        }
    }
    best
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
        /// The parts of a region are its connected components, each cropped to its bounding
        /// box: checked by a flood fill square by square.
        #[test]
        fn parts_are_the_cropped_components(c in arb_canvas()) {
            let mut parts = Vec::new();
            c.for_each_part(1, |p| parts.push(p));
            // Square by square: label the components.
            let mut seen = 0u64;
            let mut expected = Vec::new();
            for start in 0..64 {
                if c.squares >> start & 1 == 0 || seen >> start & 1 == 1 {
                    continue;
                }
                let mut part = 0u64;
                let mut stack = vec![start];
                while let Some(i) = stack.pop() {
                    if part >> i & 1 == 1 || c.squares >> i & 1 == 0 {
                        continue;
                    }
                    part |= 1 << i;
                    let (r, col) = (i / 8, i % 8);
                    if col > 0 { stack.push(i - 1); }
                    if col < 7 { stack.push(i + 1); }
                    if r > 0 { stack.push(i - 8); }
                    if r < 7 { stack.push(i + 8); }
                }
                seen |= part;
                let (mut r0, mut r1, mut c0, mut c1) = (8, 0, 8, 0);
                for i in 0..64 {
                    if part >> i & 1 == 1 {
                        r0 = r0.min(i / 8); r1 = r1.max(i / 8);
                        c0 = c0.min(i % 8); c1 = c1.max(i % 8);
                    }
                }
                let mut squares = 0u64;
                for i in 0..64 {
                    if part >> i & 1 == 1 {
                        squares |= 1 << ((i / 8 - r0) * 8 + i % 8 - c0);
                    }
                }
                expected.push(Canvas { width: (c1 - c0 + 1) as u8, height: (r1 - r0 + 1) as u8, squares });
            }
            prop_assert_eq!(parts, expected);
        }

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
