//! Domineering: Left places vertical dominoes, Right horizontal ones, on the empty squares of
//! a board; who cannot place loses.
//!
//! Boards of up to 64 squares are bitboards. A position splits into its connected regions of
//! empty squares, and each region is cropped to its bounding box and brought to a normal form
//! under the board's symmetries: the four reflections keep the players' roles, and the
//! transposition swaps them (the value is negated), so one table entry serves eight images.
//! A region in which one player has no move now has none later (removing squares never creates
//! adjacency), so its value is the integer count of the dominoes the other player can still
//! place, ±Σ⌊run/2⌋ over the runs of its rows or columns.

use rustc_hash::FxHashMap;

use crate::canvas::{self, Canvas};
use crate::canvas_table::{spread, CanvasTable};
use crate::check_size;
use crate::moves::{position_moves, square_name, Described, PositionMoves};
use crate::registry::{self, call, Limit, Param, ParamKind, Piece, Ruleset, Searched, Values};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// The largest board accepted, in squares (one bit per square).
pub const MAX_SQUARES: usize = 64;

/// The most empty squares accepted: the empty 6×6 board (36) takes a minute and 450 MiB;
/// every further square multiplies the work.
pub const MAX_EMPTY_SQUARES: u32 = 36;

/// The empty squares of a `width × height` board, bit `row · width + column`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    width: u8,
    height: u8,
    empty: u64,
}

impl Board {
    /// A board of the given size with the given empty squares.
    pub fn new(width: usize, height: usize, empty: u64) -> Result<Board, PartizanError> {
        if width == 0 || height == 0 {
            return Err(PartizanError::InvalidInput(format!(
                "a Domineering board must have at least one square, not {width}x{height}"
            )));
        }
        check_size(
            &format!("domineering board {width}x{height}"),
            width.saturating_mul(height),
            MAX_SQUARES,
        )?;
        let board = Board {
            width: width as u8,
            height: height as u8,
            empty: empty & full_mask(width * height),
        };
        Ok(board)
    }

    /// An empty `rows × columns` rectangle.
    pub fn rectangle(rows: usize, columns: usize) -> Result<Board, PartizanError> {
        Board::new(columns, rows, u64::MAX)
    }

    /// Reads CGSuite's notation: rows separated by `|`, `.` empty and `#` (or `x`, `o`)
    /// occupied. Errors about a square or a row give its 1-based column (in characters) in
    /// `text`.
    pub fn parse(text: &str) -> Result<Board, PartizanError> {
        let rows: Vec<&str> = text.split(crate::grid::ROW_SEPARATOR).collect();
        let width = rows[0].chars().count();
        check_size(
            &format!("domineering board {width}x{}", rows.len()),
            width.saturating_mul(rows.len()),
            MAX_SQUARES,
        )?;
        let mut empty = 0u64;
        // The column of the character before the row's first square.
        let mut before_row = 0usize;
        for (r, row) in rows.iter().enumerate() {
            let length = row.chars().count();
            if length != width {
                return Err(PartizanError::parse(
                    before_row + 1,
                    format!(
                        "domineering board: row {} has {length} squares but row 1 has {width}",
                        r + 1
                    ),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    // Below 64: the size was checked above.
                    '.' => empty |= 1 << (r * width + c),
                    '#' | 'x' | 'o' | 'X' | 'O' => {}
                    other => {
                        return Err(PartizanError::parse(
                            before_row + c + 1,
                            format!(
                                "domineering board: unknown square '{other}' (expected '.' or '#')"
                            ),
                        ))
                    }
                }
            }
            before_row += length + 1; // the row and its '|'
        }
        if width == 0 {
            return Err(PartizanError::InvalidInput(
                "domineering board: empty row".to_string(),
            ));
        }
        Board::new(width, rows.len(), empty)
    }

    fn w(&self) -> usize {
        usize::from(self.width)
    }

    fn h(&self) -> usize {
        usize::from(self.height)
    }

    /// Squares whose right neighbour is on the board.
    fn not_last_column(&self) -> u64 {
        let mut row = (1u64 << (self.w() - 1)) - 1;
        let mut mask = 0;
        for _ in 0..self.h() {
            mask |= row;
            row <<= self.width;
        }
        mask
    }

    /// Bit i set: squares i and i + width (below it) are empty — a Left move.
    fn vertical_moves(&self) -> u64 {
        self.empty & (self.empty >> self.width)
    }

    /// Bit i set: squares i and i + 1 are empty and in one row — a Right move.
    fn horizontal_moves(&self) -> u64 {
        self.empty & (self.empty >> 1) & self.not_last_column()
    }

    /// The empty squares reachable from `seed` through empty neighbours.
    fn region_of(&self, seed: u64) -> u64 {
        let (left_ok, right_ok) = (self.not_last_column(), self.not_last_column() << 1);
        let mut region = seed;
        loop {
            let grown = region
                | ((region & left_ok) << 1)
                | ((region & right_ok) >> 1)
                | (region << self.width)
                | (region >> self.width);
            let grown = grown & self.empty;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Visits the connected regions of empty squares with at least two squares (a lone square
    /// is worth nothing), each cropped to its bounding box.
    fn for_each_region(&self, mut visit: impl FnMut(Board)) {
        let mut rest = self.empty;
        while rest != 0 {
            let region = self.region_of(rest & rest.wrapping_neg());
            rest &= !region;
            if region.count_ones() >= 2 {
                visit(self.crop(region));
            }
        }
    }

    fn crop(&self, squares: u64) -> Board {
        let (w, h) = (self.w(), self.h());
        let (mut r0, mut r1, mut c0, mut c1) = (h, 0, w, 0);
        let mut bits = squares;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / w, i % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (nw, nh) = (c1 - c0 + 1, r1 - r0 + 1);
        let mut empty = 0u64;
        for r in 0..nh {
            let row = (squares >> ((r + r0) * w + c0)) & ((1u64 << nw) - 1);
            empty |= row << (r * nw);
        }
        Board {
            width: nw as u8,
            height: nh as u8,
            empty,
        }
    }

    /// The board with each row reversed (a left-right mirror image).
    fn mirror_columns(&self) -> Board {
        let (w, row_mask) = (self.w(), (1u64 << self.width) - 1);
        let mut empty = 0u64;
        for r in 0..self.h() {
            let row = (self.empty >> (r * w)) & row_mask;
            empty |= (row.reverse_bits() >> (64 - w)) << (r * w);
        }
        Board { empty, ..*self }
    }

    /// The board with its rows in reverse order (an upside-down mirror image).
    fn mirror_rows(&self) -> Board {
        let (w, h, row_mask) = (self.w(), self.h(), (1u64 << self.width) - 1);
        let mut empty = 0u64;
        for r in 0..h {
            let row = (self.empty >> (r * w)) & row_mask;
            empty |= row << ((h - 1 - r) * w);
        }
        Board { empty, ..*self }
    }

    /// The transposed board: rows become columns, so vertical and horizontal swap.
    fn transpose(&self) -> Board {
        let (w, h) = (self.w(), self.h());
        let mut empty = 0u64;
        let mut bits = self.empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            empty |= 1 << ((i % w) * h + i / w);
        }
        Board {
            width: self.height,
            height: self.width,
            empty,
        }
    }

    /// The key of the region's normal form under the eight symmetries, and whether that
    /// form is transposed (which exchanges Left and Right, negating the value).
    fn region_key(&self) -> (RegionKey, bool) {
        if !RegionKey::on_canvas(self.width, self.height) {
            let (normal, transposed) = self.normal_form();
            let key = RegionKey {
                width: normal.width,
                height: normal.height,
                squares: normal.empty,
            };
            return (key, transposed);
        }
        let (w, row_mask) = (self.w(), (1u64 << self.width) - 1);
        let mut squares = 0;
        for r in 0..self.h() {
            squares |= (self.empty >> (r * w) & row_mask) << (canvas::SIDE * r);
        }
        let drawn = Canvas {
            width: self.width,
            height: self.height,
            squares,
        };
        let (normal, transposed) = drawn.normal_form();
        (RegionKey::of_canvas(normal), transposed)
    }

    /// The normal form of a region under the eight symmetries, and whether it was transposed
    /// (which exchanges Left and Right, negating the value).
    fn normal_form(&self) -> (Board, bool) {
        canvas::least_of_eight(
            *self,
            |b| b.transpose(),
            |b| b.mirror_columns(),
            |b| b.mirror_rows(),
            |b| (b.width, b.height, b.empty),
        )
    }

    /// Left's moves: the boards after each vertical domino.
    pub fn left_moves(&self) -> Vec<Board> {
        self.after_moves(self.vertical_moves(), self.width)
            .collect()
    }

    /// Right's moves: the boards after each horizontal domino.
    pub fn right_moves(&self) -> Vec<Board> {
        self.after_moves(self.horizontal_moves(), 1).collect()
    }

    /// The boards after each move of `moves` (bit i: a domino on squares i and i + offset).
    fn after_moves(&self, moves: u64, offset: u8) -> impl Iterator<Item = Board> + '_ {
        self.placed_dominoes(moves, offset).map(|(_, board)| board)
    }

    /// Each move of `moves` (bit i: a domino on squares i and i + offset) as the domino's
    /// first square and the board after it.
    fn placed_dominoes(
        &self,
        mut moves: u64,
        offset: u8,
    ) -> impl Iterator<Item = (usize, Board)> + '_ {
        std::iter::from_fn(move || {
            if moves == 0 {
                return None;
            }
            let i = moves.trailing_zeros();
            moves &= moves - 1;
            let board = Board {
                empty: self.empty & !(1u64 << i) & !(1u64 << (i + u32::from(offset))),
                ..*self
            };
            Some((i as usize, board))
        })
    }

    /// Σ⌊run/2⌋ over maximal runs of empty squares along rows (`rows`) or columns.
    fn packing(&self, rows: bool) -> i64 {
        let (outer, inner) = if rows {
            (self.h(), self.w())
        } else {
            (self.w(), self.h())
        };
        let mut total = 0i64;
        for a in 0..outer {
            let mut run = 0i64;
            for b in 0..inner {
                let i = if rows {
                    a * self.w() + b
                } else {
                    b * self.w() + a
                };
                if self.empty >> i & 1 == 1 {
                    run += 1;
                } else {
                    total += run / 2;
                    run = 0;
                }
            }
            total += run / 2;
        }
        total
    }
}

/// One well-mixed word for a region's squares and sides.
fn mixed(width: u8, height: u8, squares: u64) -> u64 {
    spread(squares ^ (u64::from(width) << 8 | u64::from(height)).rotate_right(16))
}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(mixed(self.width, self.height, self.empty));
    }
}

/// A region in its normal form, as the table keys it: drawn on a [`Canvas`] when both its
/// sides are at most 8 (its symmetries are then a few word operations), else in a board's
/// own layout; the sides say which, so no two regions share a key.
#[derive(Clone, Copy, PartialEq, Eq)]
struct RegionKey {
    width: u8,
    height: u8,
    squares: u64,
}

impl std::hash::Hash for RegionKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(mixed(self.width, self.height, self.squares));
    }
}

impl RegionKey {
    fn on_canvas(width: u8, height: u8) -> bool {
        usize::from(width.max(height)) <= canvas::SIDE
    }

    fn of_canvas(c: Canvas) -> RegionKey {
        RegionKey {
            width: c.width,
            height: c.height,
            squares: c.squares,
        }
    }

    /// The region as a canvas (for keys that are on one).
    fn canvas(self) -> Canvas {
        Canvas {
            width: self.width,
            height: self.height,
            squares: self.squares,
        }
    }

    /// The region as a board.
    fn board(self) -> Board {
        if !RegionKey::on_canvas(self.width, self.height) {
            return Board {
                width: self.width,
                height: self.height,
                empty: self.squares,
            };
        }
        let (w, row_mask) = (usize::from(self.width), (1u64 << self.width) - 1);
        let mut empty = 0;
        for r in 0..usize::from(self.height) {
            empty |= (self.squares >> (canvas::SIDE * r) & row_mask) << (r * w);
        }
        Board {
            width: self.width,
            height: self.height,
            empty,
        }
    }
}

fn full_mask(squares: usize) -> u64 {
    if squares >= 64 {
        u64::MAX
    } else {
        (1u64 << squares) - 1
    }
}

/// Evaluates Domineering positions, with one transposition table for all of them.
#[derive(Default)]
pub struct Domineering {
    table: RegionTable,
}

/// The values of regions in normal form: those on a canvas by their squares alone (a
/// normal form sits at the canvas's top left, so the squares say the sides), the wider ones
/// by their keys.
#[derive(Default)]
struct RegionTable {
    on_canvas: CanvasTable<GameId>,
    wide: FxHashMap<RegionKey, GameId>,
}

impl RegionTable {
    fn len(&self) -> usize {
        self.on_canvas.len() + self.wide.len()
    }

    fn get(&self, key: &RegionKey) -> Option<GameId> {
        if RegionKey::on_canvas(key.width, key.height) {
            self.on_canvas.get(key.squares)
        } else {
            self.wide.get(key).copied()
        }
    }

    fn insert(&mut self, key: RegionKey, value: GameId) {
        if RegionKey::on_canvas(key.width, key.height) {
            self.on_canvas.insert(key.squares, value);
        } else {
            self.wide.insert(key, value);
        }
    }
}

impl Domineering {
    /// An evaluator with an empty table.
    pub fn new() -> Domineering {
        Domineering::default()
    }

    /// An evaluator with the table the last one left in `store` ([`Domineering::keep_in`]).
    pub(crate) fn in_store(store: &mut Store) -> Domineering {
        Domineering {
            table: store.take_table(),
        }
    }

    /// Leaves the table in `store` for the next evaluation.
    pub(crate) fn keep_in(self, store: &mut Store) {
        let regions = self.table.len();
        store.keep_table(self.table, regions);
    }

    /// How many regions (in normal form) are in the table.
    pub fn regions_seen(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of a position.
    pub fn canonical_form(&mut self, store: &mut Store, board: &Board) -> GameId {
        let mut total = store.zero();
        board.for_each_region(|region| {
            let value = self.region_value(store, &region);
            total = store.add(total, value);
        });
        total
    }

    fn region_value(&mut self, store: &mut Store, region: &Board) -> GameId {
        let (key, transposed) = region.region_key();
        self.keyed_value(store, key, transposed, self.table.get(&key))
    }

    /// The value of a region given by its key, `known` if the table has it.
    fn keyed_value(
        &mut self,
        store: &mut Store,
        key: RegionKey,
        transposed: bool,
        known: Option<GameId>,
    ) -> GameId {
        let normal_value = match known {
            Some(v) => v,
            None if store.stop_requested() => return store.zero(),
            None => {
                let v = self.evaluate(store, key);
                if store.stop_requested() {
                    return v;
                }
                store.count_position();
                self.table.insert(key, v);
                v
            }
        };
        if transposed {
            store.neg(normal_value)
        } else {
            normal_value
        }
    }

    /// The canonical form of a region in normal form, by its options.
    fn evaluate(&mut self, store: &mut Store, key: RegionKey) -> GameId {
        if RegionKey::on_canvas(key.width, key.height) {
            return self.evaluate_canvas(store, key.canvas());
        }
        let region = key.board();
        let (vertical, horizontal) = (region.vertical_moves(), region.horizontal_moves());
        if vertical == 0 {
            return store.integer(-region.packing(true));
        }
        if horizontal == 0 {
            return store.integer(region.packing(false));
        }
        let mut options = |moves: u64, offset: u8| {
            let mut keys = OptionKeys::for_options(moves.count_ones() as usize);
            for after in region.after_moves(moves, offset) {
                after.for_each_region(|part| keys.regions.push(part.region_key()));
                keys.ends.push(keys.regions.len());
            }
            self.option_values(store, &keys)
        };
        let left = options(vertical, region.width);
        let right = options(horizontal, 1);
        store.construct(&left, &right)
    }

    /// [`Domineering::evaluate`] for a region drawn on a canvas: its moves, parts and
    /// symmetries are word operations throughout.
    fn evaluate_canvas(&mut self, store: &mut Store, region: Canvas) -> GameId {
        let squares = region.squares;
        let vertical = squares & squares >> canvas::SIDE;
        let horizontal = squares & squares >> 1 & canvas::NOT_LAST_COLUMN;
        if vertical == 0 {
            return store.integer(-row_packing(squares));
        }
        if horizontal == 0 {
            return store.integer(row_packing(region.transpose().squares));
        }
        let mut options = |mut moves: u64, offset: u32| {
            let mut keys = OptionKeys::for_options(moves.count_ones() as usize);
            while moves != 0 {
                let i = moves.trailing_zeros();
                moves &= moves - 1;
                let after = squares & !(1 << i) & !(1 << (i + offset));
                let placed = Canvas {
                    squares: after,
                    ..region
                };
                placed.for_each_part(2, |part| {
                    let (normal, transposed) = part.normal_form();
                    keys.regions
                        .push((RegionKey::of_canvas(normal), transposed));
                });
                keys.ends.push(keys.regions.len());
            }
            self.option_values(store, &keys)
        };
        let left = options(vertical, canvas::SIDE as u32);
        let right = options(horizontal, 1);
        store.construct(&left, &right)
    }

    /// The values of the options listed in `keys`. Their regions were all normalised first
    /// and are looked up together here: the table is far larger than any cache, and lookups
    /// in a row, with nothing between them that waits for their answers, wait for memory
    /// together instead of one after another.
    fn option_values(&mut self, store: &mut Store, keys: &OptionKeys) -> Vec<GameId> {
        let known: Vec<Option<GameId>> = keys
            .regions
            .iter()
            .map(|(key, _)| self.table.get(key))
            .collect();
        let mut start = 0;
        keys.ends
            .iter()
            .map(|&end| {
                let mut total = store.zero();
                let regions = keys.regions[start..end].iter().zip(&known[start..end]);
                for (&(key, transposed), &found) in regions {
                    // A region valued since the lookups (as part of an earlier option) is in
                    // the table by now.
                    let found = found.or_else(|| self.table.get(&key));
                    let value = self.keyed_value(store, key, transposed, found);
                    total = store.add(total, value);
                }
                start = end;
                total
            })
            .collect()
    }
}

/// The regions of the positions after each of one player's moves, in normal form: those
/// of the first option, then the second's, and so on.
struct OptionKeys {
    /// Each region's key, and whether its normal form is transposed.
    regions: Vec<(RegionKey, bool)>,
    /// Where each option's regions end in `regions`.
    ends: Vec<usize>,
}

impl OptionKeys {
    /// Room for `count` options of about two regions each.
    fn for_options(count: usize) -> OptionKeys {
        OptionKeys {
            regions: Vec::with_capacity(2 * count),
            ends: Vec::with_capacity(count),
        }
    }
}

/// Σ⌊run/2⌋ over the maximal runs of squares in one row of a canvas (a byte).
const fn byte_packing(byte: u8) -> u8 {
    let (mut total, mut run, mut bit) = (0, 0, 0);
    while bit < 8 {
        if byte >> bit & 1 == 1 {
            run += 1;
        } else {
            total += run / 2;
            run = 0;
        }
        bit += 1;
    }
    total + run / 2
}

/// [`byte_packing`] of every byte.
const BYTE_PACKING: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = byte_packing(b as u8);
        b += 1;
    }
    table
};

/// Σ⌊run/2⌋ over the maximal runs of squares along the rows of a canvas: the horizontal
/// dominoes that fit side by side.
fn row_packing(squares: u64) -> i64 {
    squares
        .to_le_bytes()
        .iter()
        .map(|&b| i64::from(BYTE_PACKING[usize::from(b)]))
        .sum()
}

/// Reads a board in CGSuite's notation and checks it against [`MAX_EMPTY_SQUARES`].
pub(crate) fn checked_board(text: &str) -> Result<Board, PartizanError> {
    let board = Board::parse(text)?;
    let empty = board.empty.count_ones();
    if empty > MAX_EMPTY_SQUARES {
        return Err(PartizanError::too_large(
            "domineering board's number of empty squares",
            empty,
            MAX_EMPTY_SQUARES,
        ));
    }
    Ok(board)
}

/// The canonical form of a Domineering position in CGSuite's notation (`"..|.."`).
pub fn domineering(store: &mut Store, text: &str) -> Result<GameId, PartizanError> {
    let board = checked_board(text)?;
    let mut evaluator = Domineering::in_store(store);
    let value = evaluator.canonical_form(store, &board);
    evaluator.keep_in(store);
    Ok(value)
}

/// A Domineering position's value and every move of each player, in words.
pub fn domineering_moves(store: &mut Store, text: &str) -> Result<PositionMoves, PartizanError> {
    let board = checked_board(text)?;
    let mut evaluator = Domineering::in_store(store);
    let moves = position_moves(store, &board, |store, b| evaluator.canonical_form(store, b));
    evaluator.keep_in(store);
    moves
}

impl Board {
    /// The board in CGSuite's notation: rows top to bottom split by `|`, `.` empty, `#` filled.
    pub fn notation(&self) -> String {
        let mut text = String::with_capacity(self.h() * (self.w() + 1));
        for r in 0..self.h() {
            if r > 0 {
                text.push(crate::grid::ROW_SEPARATOR);
            }
            for c in 0..self.w() {
                let empty = self.empty >> (r * self.w() + c) & 1 == 1;
                text.push(if empty { '.' } else { '#' });
            }
        }
        text
    }
}

impl Described for Board {
    fn expression(&self) -> String {
        format!("domineering(\"{}\")", self.notation())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Board)> {
        let (moves, offset) = match player {
            Player::Left => (self.vertical_moves(), self.width),
            Player::Right => (self.horizontal_moves(), 1),
        };
        let name = |i: usize| square_name(i / self.w(), i % self.w());
        self.placed_dominoes(moves, offset)
            .map(|(i, after)| {
                let text = domino_placed(player, &name(i), &name(i + usize::from(offset)));
                (text, after)
            })
            .collect()
    }
}

/// A domino placed on squares `a` and `b` (`a1`, `a2`), in words: Left's are vertical.
pub(crate) fn domino_placed(player: Player, a: &str, b: &str) -> String {
    let shape = match player {
        Player::Left => "vertical",
        Player::Right => "horizontal",
    };
    format!("{} places a {shape} domino on {a}–{b}", player.name())
}

impl crate::Position for Board {
    fn left_moves(&self) -> Vec<Board> {
        Board::left_moves(self)
    }

    fn right_moves(&self) -> Vec<Board> {
        Board::right_moves(self)
    }
}

impl crate::PartizanGame for Board {}

/// Domineering in the registry. Its search is the bitboard one on every core
/// ([`crate::outcome::domineering`]), and this crate's general one for the boards of its
/// canonical form that the bitboards do not hold (a row of more than 15 squares). Its `solve`
/// command is its own (a search on every core and on MPI ranks).
pub static RULESET: Ruleset = Ruleset {
    name: "domineering",
    aliases: &[],
    title: "Domineering",
    summary: "Domineering; rows split by |, . empty, # filled",
    params: &[Param::new("..|..", ParamKind::Position)],
    example: "domineering(\"..#|...\")",
    limits: &[
        Limit::new("squares", MAX_SQUARES as u64, || {
            call(RULESET.name, &"#".repeat(MAX_SQUARES + 1))
        }),
        Limit::new("empty squares", MAX_EMPTY_SQUARES as u64, || {
            let rows = MAX_EMPTY_SQUARES as usize / 6 + 1;
            call(RULESET.name, &vec!["......"; rows].join("|"))
        }),
    ],
    values: Values::Short {
        value: |store, args| registry::position(args, |text| domineering(store, text)),
        moves: |store, args| registry::position(args, |text| domineering_moves(store, text)),
        variant: |store, variant, args| {
            let board = registry::position(args, checked_board)?;
            crate::variant::value_of(store, variant, &board)
        },
    },
    picture: None,
    board: Some(registry::Board::of(&[
        registry::EMPTY,
        registry::square('#', Piece::Filled),
    ])),
    search: Some(Searched {
        valued: |args| registry::position(args, checked_board).map(drop),
        search: |store, name, args, ask, resume| {
            use crate::outcome::domineering::{every_core, winner_resuming, Position};
            match registry::position(args, Position::parse) {
                Ok(position) => winner_resuming(
                    &position,
                    (ask.every_move, ask.first),
                    ask.budget,
                    ask.progress,
                    every_core(),
                    resume,
                ),
                Err(bitboard_error) => match registry::position(args, Board::parse) {
                    Ok(board) => crate::outcome::ruleset::winner_resuming(
                        store,
                        (name, registry::written(args)),
                        &board,
                        ask,
                        resume,
                    ),
                    Err(_) => (Err(bitboard_error), resume.settled),
                },
            }
        },
        // The impartial variant of Domineering is Cram.
        impartial: |store, args| {
            registry::position(args, |text| {
                crate::cram::nim_value_of_text(store, &text.replace(['x', 'o'], "#"))
            })
        },
        command: None,
    }),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use conway_partizan::print::canonical_text;
    use proptest::prelude::*;

    fn value(text: &str) -> String {
        let mut store = Store::new();
        let g = domineering(&mut store, text).expect("board");
        canonical_text(&mut store, g)
    }

    #[test]
    fn small_boards() {
        // Sources: the acceptance list (CGSuite); Winning Ways ch. 5 for the rest.
        assert_eq!(value("..|.."), "+-1");
        assert_eq!(value(".|."), "1");
        assert_eq!(value(".."), "-1");
        assert_eq!(value("."), "0");
        assert_eq!(value("...|...|..."), "+-1");
        assert_eq!(
            value("....|....|....|...."),
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
        );
    }

    #[test]
    fn kept_tables_serve_the_next_evaluation_and_hold_no_placeholders() {
        let board = "....|....|....|...#";
        let expected = value(board);
        let mut store = Store::new();
        // Cut short by a tiny budget: whatever the table kept must be true values.
        store.set_budget(200, 1 << 20);
        assert!(matches!(
            store.within_budget(|store| domineering(store, board)),
            Err(PartizanError::TooLarge { .. })
        ));
        store.set_budget(
            conway_partizan::store::MAX_ARITHMETIC_STEPS,
            conway_partizan::store::MAX_STORED_FORMS,
        );
        let g = domineering(&mut store, board).expect("board");
        assert_eq!(canonical_text(&mut store, g), expected);
        // The table is kept, and a second evaluation finds every region in it.
        let kept = Domineering::in_store(&mut store);
        let regions = kept.regions_seen();
        assert!(regions > 100, "{regions} regions kept");
        kept.keep_in(&mut store);
        let again = domineering(&mut store, "....|....|....|....").expect("board");
        assert_eq!(
            canonical_text(&mut store, again),
            value("....|....|....|....")
        );
        assert!(Domineering::in_store(&mut store).regions_seen() > regions);
    }

    #[test]
    fn bad_boards() {
        assert!(
            matches!(Board::parse("..|.a"), Err(PartizanError::Parse { column: 5, message }) if message.contains("'a'"))
        );
        assert!(matches!(
            Board::parse("..|..|#a"),
            Err(PartizanError::Parse { column: 8, .. })
        ));
        assert!(matches!(
            Board::parse("..|..|..."),
            Err(PartizanError::Parse { column: 7, message }) if message.contains("row 3 has 3")
        ));
        assert!(Board::parse("..|...").is_err());
        assert!(matches!(
            Board::new(0, 3, 0),
            Err(PartizanError::InvalidInput(_))
        ));
        assert!(matches!(
            Board::rectangle(9, 8),
            Err(PartizanError::TooLarge { size, .. }) if size == "72"
        ));
        assert!(matches!(
            Board::parse(&".".repeat(65)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    fn arb_board() -> impl Strategy<Value = Board> {
        (1usize..=4, 1usize..=4, any::<u64>())
            .prop_map(|(w, h, bits)| Board::new(w, h, bits).expect("small board"))
    }

    /// Boards wider than a canvas, mostly filled, so that a plain search stays small.
    fn arb_wide_board() -> impl Strategy<Value = Board> {
        (9usize..=12, 1usize..=3, any::<u64>(), any::<u64>())
            .prop_map(|(w, h, a, b)| Board::new(w, h, a & b).expect("a wide board"))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// The eight images of a region share one key, whose board is the image the flag
        /// says (transposed or not).
        #[test]
        fn images_share_a_key(board in prop_oneof![arb_board(), arb_wide_board()]) {
            let (key, transposed) = board.region_key();
            let t = board.transpose();
            let mut images = Vec::new();
            for (base, flips) in [(board, false), (t, true)] {
                let m = base.mirror_columns();
                for image in [base, m, base.mirror_rows(), m.mirror_rows()] {
                    prop_assert!(image.region_key().0 == key);
                    images.push((image, flips));
                }
            }
            prop_assert!(images.contains(&(key.board(), transposed)));
        }

        /// Regions, symmetries and shortcuts change nothing, on a canvas or past it: the
        /// value equals a plain search of the whole board.
        #[test]
        fn equals_plain_search(board in prop_oneof![arb_board(), arb_wide_board()]) {
            let mut store = Store::new();
            let fast = Domineering::new().canonical_form(&mut store, &board);
            let plain = Evaluator::new().canonical_form(&mut store, &board);
            prop_assert_eq!(fast, plain);
        }
    }
}
