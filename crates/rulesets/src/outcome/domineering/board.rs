//! The board as a bitboard, its shape, and the symmetries of the shape: a position and its
//! images, kept up to date move by move, give the table its key (the least image).

use super::*;
use crate::moves::square_name;
use conway_partizan::PartizanError;

/// The shape of a board: `height` rows of `width` squares, bit `row · stride + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub(super) width: usize,
    pub(super) height: usize,
}

impl Shape {
    #[inline]
    pub(super) fn stride(self) -> usize {
        self.width + 1
    }

    #[inline]
    pub(super) fn row_mask(self) -> u128 {
        (1u128 << self.width) - 1
    }

    #[inline]
    pub(super) fn bit(self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.stride() + c)
    }

    #[inline]
    pub(super) fn square_name(self, i: usize) -> String {
        square_name(i / self.stride(), i % self.stride())
    }
}

/// A board and its images under the symmetries of its shape, kept up to date move by move:
/// the mirrors (left–right, top–bottom, both) keep each player's moves; on a square board
/// the four transpositions swap them, so there the image stands for the other player to
/// move. The least (image, mover) is the table's key: one entry serves every image.
#[derive(Clone, Copy)]
pub(super) struct Images([u128; 8]);

impl Images {
    #[inline]
    pub(super) fn empty(self) -> u128 {
        self.0[0]
    }

    /// The table's key of this board with `left` to move: the least image, and who moves
    /// there.
    #[inline]
    pub(super) fn key(self, symmetries: &Symmetries, left: bool) -> (u128, bool) {
        (0..symmetries.count)
            .map(|k| (self.0[k], left != (k >= 4)))
            .min()
            .unwrap_or((self.0[0], left))
    }

    /// The images after a domino on squares `a` and `b`.
    #[inline]
    pub(super) fn place(self, symmetries: &Symmetries, a: usize, b: usize) -> Images {
        let mut next = self.0;
        for (k, image) in next.iter_mut().enumerate().take(symmetries.count) {
            let (ia, ib) = (symmetries.maps[k][a], symmetries.maps[k][b]);
            *image &= !((1u128 << ia) | (1u128 << ib));
        }
        Images(next)
    }
}

/// Where each square goes under each symmetry of the shape: the identity and the three
/// mirrors, then on a square board the four transposed ones (`count` says how many).
pub(super) struct Symmetries {
    pub(super) maps: [[u8; 128]; 8],
    pub(super) count: usize,
}

impl Symmetries {
    #[inline]
    pub(super) fn of(shape: Shape) -> Symmetries {
        let mut maps = [[0u8; 128]; 8];
        let (h, w, s) = (shape.height, shape.width, shape.stride());
        for r in 0..h {
            for c in 0..=w {
                let i = r * s + c;
                if c == w {
                    // The guard column stays where it is (it is never empty).
                    for map in maps.iter_mut() {
                        map[i] = i as u8;
                    }
                    continue;
                }
                let (mr, mc) = (h - 1 - r, w - 1 - c);
                let targets = [
                    (r, c),
                    (r, mc),
                    (mr, c),
                    (mr, mc),
                    (c, r),
                    (mc, r),
                    (c, mr),
                    (mc, mr),
                ];
                for (k, &(tr, tc)) in targets.iter().enumerate() {
                    // Transposed targets exist only on square boards.
                    maps[k][i] = if k < 4 || h == w {
                        (tr * s + tc) as u8
                    } else {
                        i as u8
                    };
                }
            }
        }
        let count = if h == w { 8 } else { 4 };
        Symmetries { maps, count }
    }

    #[inline]
    pub(super) fn images(&self, empty: u128) -> Images {
        let mut images = [0u128; 8];
        let mut rest = empty;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (k, image) in images.iter_mut().enumerate().take(self.count) {
                *image |= 1u128 << self.maps[k][i];
            }
        }
        Images(images)
    }
}

/// A Domineering position for the search: its shape and empty squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) shape: Shape,
    pub(super) empty: u128,
}

impl Position {
    /// Reads a board: CGSuite's notation (rows separated by `|`, `.` empty, `#`, `x` or `o`
    /// in either case occupied) or `RxC` for the empty board of R rows and C columns. Errors give the
    /// 1-based column in `text`.
    #[inline]
    pub fn parse(text: &str) -> Result<Position, PartizanError> {
        let is_size = |part: &str| {
            let part = part.trim();
            !part.is_empty() && part.chars().all(|c| c.is_ascii_digit())
        };
        if let Some((rows, columns)) = text.split_once(['x', 'X']) {
            if is_size(rows) && is_size(columns) {
                // Past usize, the size is past every limit.
                let size = |part: &str| part.trim().parse().unwrap_or(usize::MAX);
                return Position::rectangle(size(rows), size(columns));
            }
        }
        let mut rows: Vec<Vec<bool>> = vec![Vec::new()];
        let mut row_starts = vec![1];
        for (i, c) in text.chars().enumerate() {
            match c {
                '|' => {
                    rows.push(Vec::new());
                    row_starts.push(i + 2);
                    continue;
                }
                '.' | '#' | 'x' | 'o' | 'X' | 'O' => {}
                _ => {
                    return Err(PartizanError::parse(
                        i + 1,
                        format!(
                            "domineering board: unexpected {c:?}; expected . (empty), # (or x, \
                             o: occupied), | between rows, or RxC for an empty board"
                        ),
                    ))
                }
            }
            if let Some(row) = rows.last_mut() {
                row.push(c == '.');
                if row.len() > MAX_COLUMNS {
                    return Err(PartizanError::too_large(
                        "columns of a domineering board searched for its winner",
                        row.len(),
                        MAX_COLUMNS,
                    ));
                }
            }
        }
        let width = rows[0].len();
        if let Some(r) = rows.iter().position(|row| row.len() != width) {
            return Err(PartizanError::parse(
                row_starts[r],
                format!(
                    "domineering board: row {} has {} squares but row 1 has {width}",
                    r + 1,
                    rows[r].len()
                ),
            ));
        }
        let shape = Position::shape(rows.len(), width)?;
        let mut empty = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, &free) in row.iter().enumerate() {
                if free {
                    empty |= shape.bit(r, c);
                }
            }
        }
        Ok(Position { shape, empty })
    }

    /// The empty board of `height` rows and `width` columns.
    #[inline]
    pub fn rectangle(height: usize, width: usize) -> Result<Position, PartizanError> {
        let shape = Position::shape(height, width)?;
        let empty = (0..height).fold(0u128, |all, r| {
            all | (shape.row_mask() << (r * shape.stride()))
        });
        Ok(Position { shape, empty })
    }

    #[inline]
    pub(super) fn shape(height: usize, width: usize) -> Result<Shape, PartizanError> {
        if width == 0 || height == 0 {
            return Err(PartizanError::InvalidInput(format!(
                "a domineering board must have at least one square, not {height}x{width}"
            )));
        }
        if width > MAX_COLUMNS {
            return Err(PartizanError::too_large(
                "columns of a domineering board searched for its winner",
                width,
                MAX_COLUMNS,
            ));
        }
        let bits = height.saturating_mul(width + 1);
        if bits > MAX_BITS {
            return Err(PartizanError::too_large(
                format!("bits of a {height}x{width} domineering board (rows × (columns + 1))"),
                bits,
                MAX_BITS,
            ));
        }
        Ok(Shape { width, height })
    }

    /// The board in CGSuite's notation.
    #[inline]
    pub fn notation(&self) -> String {
        (0..self.shape.height)
            .map(|r| {
                (0..self.shape.width)
                    .map(|c| {
                        if self.empty & self.shape.bit(r, c) != 0 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }

    /// The number of empty squares.
    #[inline]
    pub fn empty_squares(&self) -> u32 {
        self.empty.count_ones()
    }
}
