//! Nim values of Cram regions by the mex rule on bitboards, past the reach of canonical
//! forms: a Cram position is impartial, so its value is the nimber of its nim value, and
//! the nim value of a sum is the nim sum (exclusive or) of its regions'.
//!
//! A region is held in a 128-bit frame: its bounding box, row by row, each row followed by
//! a guard bit that is never empty (so a shift by one never joins two rows). The value of a
//! region is the least nim value not among those its moves leave; what a move leaves splits
//! into regions again, each cut out to its own box. Regions are remembered by their least
//! image among the eight symmetries of the rectangle (the four that transpose it only when
//! the transposed box fits the frame too): every symmetry keeps Cram's moves, so images
//! share a value.
//!
//! Oracle: the canonical forms of the same positions (the evaluator without this engine) on
//! random boards, and the published values in the tests of [`super`].

use rustc_hash::FxHashMap;

/// The bits of a frame.
const FRAME_BITS: usize = 128;

/// A region in its frame: `rows` rows of `cols` squares, bit `row · (cols + 1) + column`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Frame {
    pub(crate) bits: u128,
    pub(crate) rows: u8,
    pub(crate) cols: u8,
}

impl Frame {
    /// Whether a box of `rows` × `cols` squares fits a frame.
    pub(crate) fn fits(rows: usize, cols: usize) -> bool {
        rows >= 1 && cols >= 1 && rows * (cols + 1) <= FRAME_BITS
    }

    fn stride(self) -> usize {
        usize::from(self.cols) + 1
    }

    fn row_mask(self) -> u128 {
        (1u128 << self.cols) - 1
    }

    /// The squares of row `r`, as the low bits.
    fn row(self, r: usize) -> u128 {
        (self.bits >> (r * self.stride())) & self.row_mask()
    }

    /// The part `part` (squares of this frame) cut out to its bounding box.
    fn cut_out(self, part: u128) -> Frame {
        let stride = self.stride();
        let (mut first, mut last, mut columns) = (usize::MAX, 0, 0u128);
        for r in 0..usize::from(self.rows) {
            let row = (part >> (r * stride)) & self.row_mask();
            if row != 0 {
                first = first.min(r);
                last = r;
                columns |= row;
            }
        }
        let left = columns.trailing_zeros() as usize;
        let cols = FRAME_BITS - columns.leading_zeros() as usize - left;
        let mut bits = 0u128;
        for r in first..=last {
            let row = ((part >> (r * stride)) & self.row_mask()) >> left;
            bits |= row << ((r - first) * (cols + 1));
        }
        Frame {
            bits,
            rows: (last - first + 1) as u8,
            cols: cols as u8,
        }
    }

    /// Top and bottom swapped.
    fn flipped(self) -> Frame {
        let rows = usize::from(self.rows);
        let mut bits = 0u128;
        for r in 0..rows {
            bits |= self.row(r) << ((rows - 1 - r) * self.stride());
        }
        Frame { bits, ..self }
    }

    /// Left and right swapped.
    fn mirrored(self) -> Frame {
        let mut bits = 0u128;
        for r in 0..usize::from(self.rows) {
            let row = self.row(r).reverse_bits() >> (FRAME_BITS - usize::from(self.cols));
            bits |= row << (r * self.stride());
        }
        Frame { bits, ..self }
    }

    /// Rows and columns swapped, when the transposed box fits a frame.
    fn transposed(self) -> Option<Frame> {
        let (rows, cols) = (usize::from(self.cols), usize::from(self.rows));
        if !Frame::fits(rows, cols) {
            return None;
        }
        let stride = self.stride();
        let mut bits = 0u128;
        let mut left = self.bits;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let (r, c) = (i / stride, i % stride);
            bits |= 1u128 << (c * (cols + 1) + r);
        }
        Some(Frame {
            bits,
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// The least image under the symmetries of the box that fit a frame: the key of the
    /// region's value.
    fn least_image(self) -> Frame {
        let key = |f: Frame| (f.rows, f.cols, f.bits);
        let mut best = self;
        let mut consider = |f: Frame| {
            for image in [f, f.flipped(), f.mirrored(), f.flipped().mirrored()] {
                if key(image) < key(best) {
                    best = image;
                }
            }
        };
        consider(self);
        if let Some(t) = self.transposed() {
            consider(t);
        }
        best
    }

    /// Whether the second player wins by answering each move with its image under the
    /// half turn about the box's centre: the region is its own image, and no placement
    /// meets its own image (only one on the centre can: the centre square, on a box of odd
    /// sides, or the placement across the centre, on a box of one odd side). Then every
    /// answer is legal and leaves the region its own image again, so the value is 0.
    fn mirror_strategy_wins(self) -> bool {
        if self.flipped().mirrored() != self {
            return false;
        }
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let square = |r: usize, c: usize| self.bits >> (r * self.stride() + c) & 1 == 1;
        match (rows % 2 == 1, cols % 2 == 1) {
            (false, false) => true,
            (true, true) => !square(rows / 2, cols / 2),
            (true, false) => !(square(rows / 2, cols / 2 - 1) && square(rows / 2, cols / 2)),
            (false, true) => !(square(rows / 2 - 1, cols / 2) && square(rows / 2, cols / 2)),
        }
    }

    /// The placements' first squares: horizontal (the second square one further) and
    /// vertical (one row further).
    fn placements(self) -> (u128, u128) {
        (
            self.bits & (self.bits >> 1),
            self.bits & (self.bits >> self.stride()),
        )
    }

    /// The region of `squares` (a part of the frame) connected to `seed`.
    fn region_of(self, squares: u128, seed: u128) -> u128 {
        let stride = self.stride();
        let mut region = seed;
        loop {
            let grown = (region | region << 1 | region >> 1 | region << stride | region >> stride)
                & squares;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The nim values found so far, by region ([`Frame::least_image`]); kept in the store between
/// evaluations.
#[derive(Default)]
pub(crate) struct NimValues {
    values: FxHashMap<Frame, u16>,
}

impl NimValues {
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The nim value of the position of `squares` in `frame`'s box (any number of regions),
    /// or `None` once `go_on` says to stop (called once for each region valued afresh).
    pub(crate) fn of_squares(
        &mut self,
        frame: Frame,
        squares: u128,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Option<u16> {
        let mut left = squares;
        let mut value = 0;
        while left != 0 {
            let region = frame.region_of(left, left & left.wrapping_neg());
            left &= !region;
            if region.count_ones() >= 2 {
                value ^= self.of_region(frame.cut_out(region), go_on)?;
            }
        }
        Some(value)
    }

    /// The nim value of one region, cut out to its box.
    fn of_region(&mut self, region: Frame, go_on: &mut dyn FnMut() -> bool) -> Option<u16> {
        let key = region.least_image();
        if let Some(&value) = self.values.get(&key) {
            return Some(value);
        }
        if region.mirror_strategy_wins() {
            self.values.insert(key, 0);
            return Some(0);
        }
        if !go_on() {
            return None;
        }
        // Below 2^9: a region has at most 2 · 128 placements, and the mex is at most that.
        let mut seen = [0u64; 5];
        let (across, down) = region.placements();
        for (starts, step) in [(across, 1), (down, region.stride())] {
            let mut left = starts;
            while left != 0 {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                let after = region.bits & !(1u128 << i | 1u128 << (i + step));
                let value = usize::from(self.of_squares(region, after, go_on)?);
                seen[value / 64] |= 1 << (value % 64);
            }
        }
        let mex = seen
            .iter()
            .enumerate()
            .find(|(_, &word)| word != u64::MAX)
            .map_or(320, |(k, &word)| 64 * k + (!word).trailing_zeros() as usize);
        let value = mex as u16;
        self.values.insert(key, value);
        Some(value)
    }
}
