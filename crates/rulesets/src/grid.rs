//! Rectangular boards written as text, shared by the grid rulesets (Clobber, Cram, Col,
//! Snort, …): the notation, orthogonal neighbours, connected regions, and the eight symmetries
//! of the rectangle that normalise a region for a transposition table.
//!
//! Notation: the rows top to bottom, separated by `|`, one character per square, all rows of
//! one length: `"x.o|.#."`. Which characters a ruleset uses is its [`Square`] type's business.

use std::fmt;
use std::hash::Hash;

use crate::check_size;
use crate::moves::square_name;
use conway_partizan::PartizanError;

/// The character between rows of a board, as CGSuite writes grids: `"x.o|.#."`.
pub const ROW_SEPARATOR: char = '|';

/// The eight symmetries of a rectangle, numbered as [`Grid::image`] numbers them.
pub const ALL_SYMMETRIES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The symmetries that keep rows rows and columns columns: the identity, the two mirror
/// images and the half turn.
pub const UPRIGHT_SYMMETRIES: [u8; 4] = [0, 1, 2, 3];

/// The eight directions of a queen's or king's move, as (row step, column step); the first
/// four are orthogonal.
pub const DIRECTIONS: [(isize, isize); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// What one square of a ruleset's board holds, with its character in the notation.
pub trait Square: Copy + Eq + Ord + Hash + fmt::Debug {
    /// The square a character stands for, if any.
    fn from_char(c: char) -> Option<Self>;
    /// The character of the square.
    fn to_char(self) -> char;
}

/// A rectangular board of squares, row by row.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid<S: Square> {
    rows: usize,
    cols: usize,
    squares: Vec<S>,
}

impl<S: Square> fmt::Debug for Grid<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({:?})", self.to_string())
    }
}

impl<S: Square> fmt::Display for Grid<S> {
    /// The board in the notation of the module documentation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                write!(f, "{ROW_SEPARATOR}")?;
            }
            for c in 0..self.cols {
                write!(f, "{}", self.at(r, c).to_char())?;
            }
        }
        Ok(())
    }
}

impl<S: Square> Grid<S> {
    /// The board with these rows (top to bottom); `None` unless all rows have one length.
    pub fn from_rows(rows: &[Vec<S>]) -> Option<Grid<S>> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return None;
        }
        Some(Grid {
            rows: rows.len(),
            cols,
            squares: rows.concat(),
        })
    }

    /// Reads the notation for the ruleset `name`, whose squares are described by `expected`
    /// (as in "x (Left), o (Right) or . (empty)"), refusing boards of more than `max_squares`
    /// squares. Errors name the column, in the text, of the offending character or row.
    pub fn parse(
        text: &str,
        name: &str,
        expected: &str,
        max_squares: usize,
    ) -> Result<Grid<S>, PartizanError> {
        check_size(&format!("{name} text"), text.len(), 2 * max_squares + 1)?;
        let mut rows: Vec<Vec<S>> = vec![Vec::new()];
        let mut row_starts = vec![1];
        for (i, c) in text.chars().enumerate() {
            if c == ROW_SEPARATOR {
                rows.push(Vec::new());
                row_starts.push(i + 2);
                continue;
            }
            let square = S::from_char(c).ok_or_else(|| {
                PartizanError::parse(
                    i + 1,
                    format!("{name}: unexpected {c:?}; expected {expected} or | between rows"),
                )
            })?;
            if let Some(row) = rows.last_mut() {
                row.push(square);
            }
        }
        let cols = rows[0].len();
        if let Some(r) = rows.iter().position(|row| row.len() != cols) {
            return Err(PartizanError::parse(
                row_starts[r],
                format!(
                    "{name}: row {} has {} squares but row 1 has {cols}",
                    r + 1,
                    rows[r].len()
                ),
            ));
        }
        let grid = Grid::from_rows(&rows).ok_or_else(|| {
            PartizanError::InvalidInput(format!("{name}: rows of different lengths"))
        })?;
        check_size(&format!("{name} board"), grid.squares.len(), max_squares)?;
        Ok(grid)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The squares, row by row.
    pub fn squares(&self) -> &[S] {
        &self.squares
    }

    /// The square in row `r`, column `c` (0-based, from the top left).
    pub fn at(&self, r: usize, c: usize) -> S {
        self.squares[r * self.cols + c]
    }

    /// The square at index `i` (row by row).
    pub fn get(&self, i: usize) -> S {
        self.squares[i]
    }

    /// Replaces square `i`.
    pub fn set(&mut self, i: usize, square: S) {
        self.squares[i] = square;
    }

    /// The board with square `i` replaced.
    pub fn with(&self, i: usize, square: S) -> Grid<S> {
        let mut next = self.clone();
        next.set(i, square);
        next
    }

    /// The board with each square `i` replaced by `f(i, square)`.
    pub fn map(&self, f: impl Fn(usize, S) -> S) -> Grid<S> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            squares: self
                .squares
                .iter()
                .enumerate()
                .map(|(i, &s)| f(i, s))
                .collect(),
        }
    }

    /// (row, column) of square `i`.
    pub fn place(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// The squares orthogonally adjacent to square `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (r, c) = self.place(i);
        let (cols, rows) = (self.cols, self.rows);
        [
            (r > 0).then(|| i - cols),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The pairs of orthogonally adjacent squares (each once, the lesser index first).
    pub fn adjacent_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.squares.len()).flat_map(move |i| {
            let (r, c) = self.place(i);
            let right = (c + 1 < self.cols).then_some((i, i + 1));
            let below = (r + 1 < self.rows).then_some((i, i + self.cols));
            right.into_iter().chain(below)
        })
    }

    /// The squares adjacent to square `i` orthogonally or diagonally (a king's move away).
    pub fn king_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        DIRECTIONS.iter().filter_map(move |&d| self.step(i, d))
    }

    /// The square one step from square `i` in direction (row step, column step), if it is on
    /// the board.
    pub fn step(&self, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let (r, c) = self.place(i);
        let r = r.checked_add_signed(dr).filter(|&r| r < self.rows)?;
        let c = c.checked_add_signed(dc).filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    /// The name of square `i` in the moves' words (`a1` top left; see [`square_name`]).
    pub fn square_name(&self, i: usize) -> String {
        let (r, c) = self.place(i);
        square_name(r, c)
    }

    /// The orthogonally connected regions of the squares `inside` accepts, each as a list of
    /// square indices.
    pub fn regions(&self, inside: impl Fn(S) -> bool) -> Vec<Vec<usize>> {
        self.regions_linked(inside, false)
    }

    /// The regions of the squares `inside` accepts, connected by king's moves when
    /// `diagonal`, else orthogonally.
    /// Each region lists its squares in increasing order on a board of at most 128 squares
    /// (found on a bitboard: the searches split every option of every position into
    /// regions), in the order they were reached on a larger one.
    pub fn regions_linked(&self, inside: impl Fn(S) -> bool, diagonal: bool) -> Vec<Vec<usize>> {
        if self.squares.len() <= 128 {
            self.regions_on_bits(inside, diagonal)
        } else {
            self.regions_by_steps(inside, diagonal)
        }
    }

    /// [`Grid::regions_linked`] one square at a time, on any board.
    fn regions_by_steps(&self, inside: impl Fn(S) -> bool, diagonal: bool) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.squares.len()];
        let mut regions = Vec::new();
        for start in 0..self.squares.len() {
            if seen[start] || !inside(self.squares[start]) {
                continue;
            }
            seen[start] = true;
            let (mut region, mut stack) = (Vec::new(), vec![start]);
            while let Some(i) = stack.pop() {
                region.push(i);
                let mut reach = |j: usize| {
                    if !seen[j] && inside(self.squares[j]) {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if diagonal {
                    self.king_neighbours(i).for_each(&mut reach);
                } else {
                    self.neighbours(i).for_each(&mut reach);
                }
            }
            regions.push(region);
        }
        regions
    }

    /// [`Grid::regions_linked`] on a board of at most 128 squares, one bit a square
    /// ([`regions_of_bits`]).
    fn regions_on_bits(&self, inside: impl Fn(S) -> bool, diagonal: bool) -> Vec<Vec<usize>> {
        if self.squares.is_empty() {
            return Vec::new();
        }
        let cols = self.cols;
        let mut open = 0u128;
        for (i, &square) in self.squares.iter().enumerate() {
            open |= u128::from(inside(square)) << i;
        }
        let (first_column, last_column, board) = edge_columns(self.rows, cols);
        let sideways = |m: u128| (((m << 1) & !first_column) | ((m >> 1) & !last_column)) & board;
        regions_of_bits(open, |region| {
            if diagonal {
                let across = region | sideways(region);
                across | (across << cols) | (across >> cols)
            } else {
                sideways(region) | (region << cols) | (region >> cols)
            }
        })
    }

    /// The bounding box of `squares` as a board of its own, every square outside the list
    /// set to `outside`, in its least image under the rectangle's eight symmetries (all of
    /// which keep the value when the ruleset treats rows and columns alike).
    pub fn cut_out(&self, squares: &[usize], outside: S) -> Grid<S> {
        self.cut_out_among(squares, outside, &ALL_SYMMETRIES)
    }

    /// [`Grid::cut_out`] for a ruleset whose value only the listed symmetries keep (see
    /// [`Grid::image`] for their numbering): Fission's players move along the axes, so a
    /// transposed board is the negative; a hexagonal board keeps only its own symmetries.
    pub fn cut_out_among(&self, squares: &[usize], outside: S, symmetries: &[u8]) -> Grid<S> {
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for &i in squares {
            let (r, c) = self.place(i);
            (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
        }
        if squares.is_empty() {
            return Grid {
                rows: 0,
                cols: 0,
                squares: Vec::new(),
            };
        }
        let (rows, cols) = (bottom + 1 - top, right + 1 - left);
        let mut cut = vec![outside; rows * cols];
        for &i in squares {
            let (r, c) = self.place(i);
            cut[(r - top) * cols + (c - left)] = self.squares[i];
        }
        let cut = Grid {
            rows,
            cols,
            squares: cut,
        };
        cut.least_image_among(symmetries)
    }

    /// The least of the board's images under the eight symmetries (in the order of
    /// `Grid`'s `Ord`: rows, columns, then squares). The images are compared square by square
    /// where they lie, and only the least is built: splitting boards into components does
    /// this for every option of every position valued or searched.
    pub fn least_image(&self) -> Grid<S> {
        self.least_image_among(&ALL_SYMMETRIES)
    }

    /// The least of the board's images under the listed symmetries (which include the
    /// identity, 0).
    pub fn least_image_among(&self, symmetries: &[u8]) -> Grid<S> {
        let mut best = 0;
        for &symmetry in symmetries {
            if self.compare_images(symmetry, best) == std::cmp::Ordering::Less {
                best = symmetry;
            }
        }
        self.image(best)
    }

    /// How the images under two symmetries compare, as the boards they would be.
    fn compare_images(&self, a: u8, b: u8) -> std::cmp::Ordering {
        let (shape_a, shape_b) = (self.image_shape(a), self.image_shape(b));
        shape_a.cmp(&shape_b).then_with(|| {
            let (rows, cols) = shape_a;
            (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| self.image_square(a, r, c).cmp(&self.image_square(b, r, c)))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// The rows and columns of the image under `symmetry`.
    fn image_shape(&self, symmetry: u8) -> (usize, usize) {
        if symmetry & 4 != 0 {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    /// The square at row `r`, column `c` of the image under `symmetry`.
    fn image_square(&self, symmetry: u8, r: usize, c: usize) -> S {
        let (rows, cols) = self.image_shape(symmetry);
        let r = if symmetry & 1 != 0 { rows - 1 - r } else { r };
        let c = if symmetry & 2 != 0 { cols - 1 - c } else { c };
        if symmetry & 4 != 0 {
            self.at(c, r)
        } else {
            self.at(r, c)
        }
    }

    /// The image under one of the eight symmetries of the rectangle: bit 2 transposes, bits 0
    /// and 1 then reverse the rows and the columns.
    pub fn image(&self, symmetry: u8) -> Grid<S> {
        if symmetry == 0 {
            return self.clone();
        }
        let (rows, cols) = self.image_shape(symmetry);
        let mut squares = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                squares.push(self.image_square(symmetry, r, c));
            }
        }
        Grid {
            rows,
            cols,
            squares,
        }
    }
}

/// The squares of the first and last columns of a board of `rows` × `cols` squares
/// (`cols` ≥ 1, at most 128 squares) one bit a square row by row, and all its squares: a step
/// along a row is masked with them so that it does not wrap to the next row, nor a step up
/// come back from past the last square.
pub(crate) fn edge_columns(rows: usize, cols: usize) -> (u128, u128, u128) {
    let (mut first, mut last) = (0u128, 0u128);
    for row in 0..rows {
        first |= 1 << (row * cols);
        last |= 1 << (row * cols + cols - 1);
    }
    (first, last, u128::MAX >> (128 - rows * cols))
}

/// The connected parts of the squares `open` (one bit a square), where `touching` gives the
/// squares next to a set of squares: each part's squares in increasing order, the parts in
/// the order of their least squares. A part grows from its least square by `touching` until
/// it stops growing.
pub(crate) fn regions_of_bits(mut open: u128, touching: impl Fn(u128) -> u128) -> Vec<Vec<usize>> {
    let mut regions = Vec::new();
    while open != 0 {
        let mut region = open & open.wrapping_neg();
        loop {
            let grown = (region | touching(region)) & open;
            if grown == region {
                break;
            }
            region = grown;
        }
        open &= !region;
        let mut squares = Vec::with_capacity(region.count_ones() as usize);
        while region != 0 {
            squares.push(region.trailing_zeros() as usize);
            region &= region - 1;
        }
        regions.push(squares);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    enum Cell {
        Empty,
        Wall,
    }

    impl Square for Cell {
        fn from_char(c: char) -> Option<Cell> {
            match c {
                '.' => Some(Cell::Empty),
                '#' => Some(Cell::Wall),
                _ => None,
            }
        }
        fn to_char(self) -> char {
            match self {
                Cell::Empty => '.',
                Cell::Wall => '#',
            }
        }
    }

    fn grid(text: &str) -> Grid<Cell> {
        Grid::parse(text, "test", ". or #", 64).expect("valid")
    }

    #[test]
    fn the_notation_reads_back() {
        for text in ["", ".", "..#|#..", ".|.|#"] {
            assert_eq!(grid(text).to_string(), text);
        }
        let error = Grid::<Cell>::parse("..|.x", "test", ". or #", 64).expect_err("x");
        assert!(
            matches!(error, PartizanError::Parse { column: 5, .. }),
            "{error}"
        );
        let error = Grid::<Cell>::parse("..|...", "test", ". or #", 64).expect_err("ragged");
        assert!(
            matches!(error, PartizanError::Parse { column: 4, .. }),
            "{error}"
        );
        assert!(matches!(
            Grid::<Cell>::parse(&".".repeat(65), "test", ". or #", 64),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn regions_are_orthogonally_connected() {
        let g = grid("..#|#.#|#..");
        let mut sizes: Vec<usize> = g
            .regions(|s| s == Cell::Empty)
            .iter()
            .map(Vec::len)
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [5]);
        let g = grid(".#.|#.#");
        assert_eq!(g.regions(|s| s == Cell::Empty).len(), 3);
        assert_eq!(g.adjacent_pairs().count(), 7);
    }

    #[test]
    fn every_image_of_a_region_cuts_out_the_same() {
        let g = grid("...#|.#..|....");
        let least = g.cut_out(&g.regions(|s| s == Cell::Empty)[0], Cell::Wall);
        for s in 0..8 {
            let image = g.image(s);
            let region = &image.regions(|s| s == Cell::Empty)[0];
            assert_eq!(image.cut_out(region, Cell::Wall), least, "symmetry {s}");
        }
        // Cut to the bounding box: an L of three squares in a corner of a larger board.
        let g = grid("....|.###|.###");
        let corner: Vec<usize> = vec![0, 4, 8];
        assert_eq!(g.cut_out(&corner, Cell::Wall).to_string(), "...");
    }

    proptest::proptest! {
        /// The least image found square by square is the least of the eight images built.
        #[test]
        fn the_least_image_is_the_least_built_image(
            rows in 1usize..5,
            cols in 1usize..5,
            bits in proptest::collection::vec(proptest::bool::ANY, 16),
        ) {
            let squares = (0..rows * cols)
                .map(|i| if bits[i] { Cell::Wall } else { Cell::Empty })
                .collect();
            let g = Grid { rows, cols, squares };
            let built = (0..8).map(|s| g.image(s)).min().expect("eight images");
            proptest::prop_assert_eq!(g.least_image(), built);
        }

        /// Regions found on a bitboard are those found square by square, on boards up to
        /// 128 squares (one row, one column and 16 × 8 among them), linked either way.
        #[test]
        fn regions_on_bits_are_those_found_by_steps(
            rows in 1usize..=16,
            cols in 1usize..=16,
            walls in 0u32..=100,
            seed in proptest::collection::vec(0u32..100, 128),
            diagonal in proptest::bool::ANY,
        ) {
            let cols = if rows * cols > 128 { 128 / rows } else { cols };
            let squares = (0..rows * cols)
                .map(|i| if seed[i] < walls { Cell::Wall } else { Cell::Empty })
                .collect();
            let g = Grid { rows, cols, squares };
            let sorted = |mut regions: Vec<Vec<usize>>| {
                regions.iter_mut().for_each(|r| r.sort_unstable());
                regions
            };
            let empty = |s| s == Cell::Empty;
            proptest::prop_assert_eq!(
                g.regions_on_bits(empty, diagonal),
                sorted(g.regions_by_steps(empty, diagonal))
            );
        }
    }
}
