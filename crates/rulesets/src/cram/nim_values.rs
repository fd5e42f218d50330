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

use std::cmp::Ordering;
use std::sync::OnceLock;

use conway_impartial::heap::grundy_sequence;
use conway_impartial::heap::octal::OctalGame;
use conway_impartial::periodicity::Periodicity;
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
        // The key orders by rows first: when the box is not square, the images with fewer
        // rows hold the least, so only their orientation is looked at (the other need not
        // fit a frame at all).
        match self.rows.cmp(&self.cols) {
            Ordering::Less => consider(self),
            Ordering::Greater => consider(self.transposed().unwrap_or(self)),
            Ordering::Equal => {
                consider(self);
                if let Some(t) = self.transposed() {
                    consider(t);
                }
            }
        }
        best
    }

    /// Whether the second player wins by answering each move with its image under the
    /// half turn about the box's centre: the region is its own image, and no placement
    /// meets its own image (only one on the centre can: the centre square, on a box of odd
    /// sides, or the placement across the centre, on a box of one odd side). Then every
    /// answer is legal and leaves the region its own image again, so the value is 0.
    pub(crate) fn mirror_strategy_wins(self) -> bool {
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
            let along = self.along_rows(region, squares);
            let grown = along | (along << stride | along >> stride) & squares;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// `region` grown both ways along the runs of `squares` in its rows, in doubling steps
    /// (an occluded fill): after the step of `shift`, every square of a run up to `2·shift`
    /// squares from the region is in. The guard bits end the runs at the rows' ends.
    fn along_rows(self, region: u128, squares: u128) -> u128 {
        let (mut up, mut down) = (region, region);
        let (mut open_up, mut open_down) = (squares, squares);
        let mut shift = 1;
        while shift < usize::from(self.cols) {
            up |= open_up & (up << shift);
            open_up &= open_up << shift;
            down |= open_down & (down >> shift);
            open_down &= open_down >> shift;
            shift *= 2;
        }
        up | down
    }
}

/// The nim value of a 1 × `len` strip, for any length: a domino takes two adjacent squares
/// of a row, which is Dawson's Kayles (octal game 0.07) on a heap of `len`. Its values are
/// periodic with period 34 from heap 52 on (Guy and Smith, 1956; OEIS A002187); the
/// periodicity theorem for octal games certifies that here from the values computed once, at
/// first use. `None` only if that certificate were missing, which the tests rule out.
pub(crate) fn strip_value(len: usize) -> Option<u16> {
    static SEQUENCE: OnceLock<Option<(Vec<u64>, Periodicity)>> = OnceLock::new();
    let (values, period) = SEQUENCE
        .get_or_init(|| {
            let rule = OctalGame::dawsons_kayles();
            // The theorem wants 2 · (preperiod + period) + 2 = 174 values.
            let values = grundy_sequence(&rule, 240);
            let period = rule.certified_period(&values)?;
            Some((values, period))
        })
        .as_ref()?;
    values
        .get(period.index(len))
        .and_then(|&v| u16::try_from(v).ok())
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
        if region.rows == 1 || region.cols == 1 {
            if let Some(value) = strip_value(region.bits.count_ones() as usize) {
                return Some(value);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Dawson's Kayles straight from its rule (a move leaves rows of `i` and `n − 2 − i`),
    /// against the periodic table, well past the period's start (52) and length (34).
    #[test]
    fn strip_values_follow_the_rule() {
        let mut direct: Vec<u16> = Vec::new();
        for n in 0..400usize {
            let mut seen = [false; 64];
            for i in 0..n.saturating_sub(1) {
                seen[usize::from(direct[i] ^ direct[n - 2 - i])] = true;
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(64) as u16;
            direct.push(mex);
            assert_eq!(strip_value(n), Some(mex), "1 × {n}");
        }
    }
}
