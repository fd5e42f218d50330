//! Who wins a Domineering board, by search rather than by its canonical form: Left places
//! vertical dominoes, Right horizontal ones, and whoever cannot place loses.
//!
//! The board is a 128-bit bitboard, each row followed by a guard bit that is never empty, so
//! a horizontal domino never wraps to the next row. The search asks "does the player to move
//! win?" depth first, with:
//!
//! - **Bounds from safe moves** (as in Bullock's Obsequi): a square no opponent domino can
//!   ever cover stays the mover's, so the mover's dominoes on such squares (Σ⌊run/2⌋ along
//!   the mover's direction) are moves nobody can take away. Against them, the opponent can
//!   never make more moves than the disjoint dominoes that fit now (Σ⌊run/2⌋ along the
//!   opponent's direction). So the mover wins at once with more safe moves than the
//!   opponent's most, and loses at once with no more moves than the opponent's safe ones.
//!   Contested resources add the share each side is sure of ([`Resources`]): *corners*
//!   (an empty 2 × 2 block against a wall: playing its half away from the wall leaves the
//!   other half to the player alone, two moves, and cuts two of the opponent's lines two
//!   squares short), *vulnerable placements* (off the squares the safe moves use; one may
//!   take the odd safe square a run leaves over, and then holds only one square the
//!   opponent could use) and *options* (an empty square beside a safe move along the
//!   player's line, held at no cost by shifting the safe move onto it). They are claimed so
//!   that no opponent domino touches two of them, or, in a second count with the placements
//!   that conflict added, no more than two, or in two piles (the claims no such domino
//!   reaches, one a move, and the rest, two a move: Obsequi's two kinds of vulnerable
//!   moves); the sides pick alternately, the opponent taking away one claim (or two) a
//!   move. What a side takes also holds squares the other could have used: the other's
//!   moves fit in the squares it reaches, less those, so against that room every claim has
//!   one value (a corner 8, a placement 4, down to an option holding one square, 1), and
//!   against the other's most moves the corners come first.
//!   (Obsequi's counts of protective areas, vulnerable moves, vulnerable moves with a
//!   protected square and safe moves with options are the model; these rules are stated
//!   and proved in [`Counts`] and [`Resources`].)
//! - **A transposition table** of won and lost positions (two-way buckets, the entry with
//!   the smaller subtree replaced; 2 MiB until the search fills it, then up to 1 GiB by the
//!   board's empty squares), probed after the bounds (a probe is a cache miss, and the
//!   bounds settle most positions that get that far).
//! - **Move ordering**: by a static evaluation of the position each move leaves (the
//!   mover's safe moves against the opponent's, then all moves against all), a move that
//!   leaves the opponent lost by the bounds first; ties broken by where the domino lies
//!   (second lines from an edge first, as in Obsequi's positional values: they make safe
//!   squares of the edge) and then by the history of moves that won elsewhere. Only the
//!   best move is picked before it is tried; the rest are sorted if it fails. The counts
//!   found for ordering are handed to the child ([`Tally`]), and the most moves of every
//!   child come from one pass over the parent ([`Side::most_losses`]).
//! - **Every core**: the root's moves are shared among threads with one table whose slots
//!   are sequence locks (a slot being written reads as a miss; writers never wait); the
//!   answer is the first winning root move in the root's order, the same on any number of
//!   threads.
//!
//! Oracle: the outcome class of the canonical form ([`crate::domineering`]) on
//! every board small enough for both, in property tests of the whole search and of every
//! verdict the counts give on their own.

use std::sync::atomic::{fence, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;

use conway_core::progress::join_reporting;
use conway_core::{Interrupted, Pace, Progress, Work};

use super::{Ledger, MoveResult, Resume, Resumed, Start, WinnerReport};
use crate::domineering::domino_placed;
use crate::moves::square_name;
use conway_partizan::PartizanError;

/// The most bits a board may take: rows × (columns + 1), the guard bit of each row
/// included. An 11 × 10 board (11 rows) fits; the empty 11 × 11 board, which took its
/// solvers half a year, does not.
pub const MAX_BITS: usize = 128;

/// The most columns: every shift the counts take (a few strides) stays inside the 128-bit
/// word.
pub const MAX_COLUMNS: usize = 15;

/// The positions searched when no budget is given: past it the search stops and says so.
pub const DEFAULT_NODE_BUDGET: u64 = 1 << 34;

/// The shape of a board: `height` rows of `width` squares, bit `row · stride + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    width: usize,
    height: usize,
}

impl Shape {
    fn stride(self) -> usize {
        self.width + 1
    }

    fn row_mask(self) -> u128 {
        (1u128 << self.width) - 1
    }

    fn bit(self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.stride() + c)
    }

    fn square_name(self, i: usize) -> String {
        square_name(i / self.stride(), i % self.stride())
    }
}

/// A board and its images under the symmetries of its shape, kept up to date move by move:
/// the mirrors (left–right, top–bottom, both) keep each player's moves; on a square board
/// the four transpositions swap them, so there the image stands for the other player to
/// move. The least (image, mover) is the table's key: one entry serves every image.
#[derive(Clone, Copy)]
struct Images([u128; 8]);

impl Images {
    fn empty(self) -> u128 {
        self.0[0]
    }

    /// The table's key of this board with `left` to move: the least image, and who moves
    /// there.
    fn key(self, symmetries: &Symmetries, left: bool) -> (u128, bool) {
        (0..symmetries.count)
            .map(|k| (self.0[k], left != (k >= 4)))
            .min()
            .unwrap_or((self.0[0], left))
    }

    /// The images after a domino on squares `a` and `b`.
    fn place(self, symmetries: &Symmetries, a: usize, b: usize) -> Images {
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
struct Symmetries {
    maps: [[u8; 128]; 8],
    count: usize,
}

impl Symmetries {
    fn of(shape: Shape) -> Symmetries {
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

    fn images(&self, empty: u128) -> Images {
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
    shape: Shape,
    empty: u128,
}

impl Position {
    /// Reads a board: CGSuite's notation (rows separated by `|`, `.` empty, `#`, `x` or `o`
    /// in either case occupied) or `RxC` for the empty board of R rows and C columns. Errors give the
    /// 1-based column in `text`.
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
    pub fn rectangle(height: usize, width: usize) -> Result<Position, PartizanError> {
        let shape = Position::shape(height, width)?;
        let empty = (0..height).fold(0u128, |all, r| {
            all | (shape.row_mask() << (r * shape.stride()))
        });
        Ok(Position { shape, empty })
    }

    fn shape(height: usize, width: usize) -> Result<Shape, PartizanError> {
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
    pub fn empty_squares(&self) -> u32 {
        self.empty.count_ones()
    }
}

/// One player's view of the board: the direction of its dominoes.
#[derive(Clone, Copy)]
struct Side {
    left: bool,
    /// The distance between a domino's two squares: the stride for Left, 1 for Right.
    step: usize,
    /// The squares an even number of steps from the edge where this player's lines start
    /// (even rows for Left, even columns for Right).
    even: u128,
    /// `even` with the bits in reverse order: the board seen from its last square, where
    /// runs are counted from their ends.
    even_reversed: u128,
    /// The squares on each of this player's lines: rows for Right, columns for Left.
    length: usize,
}

impl Side {
    fn of(left: bool, shape: Shape) -> Side {
        let mut even = 0u128;
        for r in 0..shape.height {
            for c in 0..shape.width {
                if (if left { r } else { c }) % 2 == 0 {
                    even |= shape.bit(r, c);
                }
            }
        }
        Side {
            left,
            step: if left { shape.stride() } else { 1 },
            even,
            even_reversed: even.reverse_bits(),
            length: if left { shape.height } else { shape.width },
        }
    }

    /// The squares where this player's domino can start (its other square `step` further).
    fn placements(self, empty: u128) -> u128 {
        empty & (empty >> self.step)
    }

    /// The squares covered by some placement.
    fn covered(self, placements: u128) -> u128 {
        placements | (placements << self.step)
    }

    /// The squares of `squares` reached from `seeds` (a subset) by steps along this
    /// player's lines without leaving `squares`: whole runs, for seeds at their starts.
    fn runs_from(self, squares: u128, seeds: u128) -> u128 {
        if self.step == 1 {
            // Adding a run's first bit carries through the run to the square past its end,
            // which is never in `squares` (a guard bit or off the board).
            (squares.wrapping_add(seeds) ^ squares) & squares
        } else {
            // Doubling: `chain` holds the squares ending a run of `reach` squares in
            // `squares`, so each round doubles how far the seeds have spread.
            let (mut reached, mut chain, mut reach) = (seeds, squares, 1);
            while reach < self.length {
                let distance = reach * self.step;
                reached |= (reached << distance) & chain;
                chain &= chain << distance;
                reach *= 2;
            }
            reached
        }
    }

    /// This player's contested resources besides its safe moves, chosen greedily so that no
    /// two share a square and no opponent domino touches two of them (each opponent move
    /// takes away at most one):
    ///
    /// - **corners**: an empty 2 × 2 block against a wall (both squares beyond one of its
    ///   sides, across this player's direction, occupied or off the board). Playing the
    ///   half away from the wall leaves the half against it to this player alone: two
    ///   moves. And it ends two of the opponent's lines two squares short, so the
    ///   opponent's most moves drop by two.
    /// - **vulnerable placements**: placements off the squares the safe moves use (the
    ///   safe squares bar a placement only where [`Side::most_dominoes`] pairs them off):
    ///   one move each.
    /// - **options**: an empty square beside a safe move (see below), held from the
    ///   opponent with the squares across from it that die with it.
    ///
    /// Then the **exposed** placements: those left out only because an opponent domino
    /// touching them touches a claim too, counted apart (with them, one opponent move takes
    /// away at most two claims).
    fn resources(self, empty: u128, mine: u128, theirs: u128, safe: u128, them: Side) -> Resources {
        let across = them.step;
        // Corners: both halves placements, and a wall before the first or after the second.
        let blocks = mine & (mine >> across);
        let before = !(empty << across) & !((empty << across) >> self.step);
        let after = !(empty >> (2 * across)) & !(empty >> (2 * across + self.step));
        let mut claims = Claims {
            taken: safe,
            zones: 0,
            theirs,
            across,
        };
        // Each claim is marked by one square of it (a corner's and a placement's first, an
        // option's own), kind by kind, to tell afterwards which an exposed placement is near.
        let mut marks = Marks::default();
        for square in squares_of(blocks & (before | after)) {
            let half = (1u128 << square) | (1u128 << (square + self.step));
            if claims.claim(half | (half << across)) {
                marks.corners |= 1u128 << square;
            }
        }
        // A safe square the safe moves leave over (the odd square of a run) is free for a
        // vulnerable placement beside it: the opponent can still take that placement, but
        // only through its other square.
        let packed = self.covered(self.paired_starts(safe));
        claims.taken &= !(safe & !packed);
        // Placements on a taken square never count: leave them out at once.
        let taken = claims.taken;
        for square in squares_of(mine & !(taken | (taken >> self.step))) {
            let placed = (1u128 << square) | (1u128 << (square + self.step));
            if claims.claim(placed) {
                if placed & safe != 0 {
                    marks.half_safe |= 1u128 << square;
                } else {
                    marks.placements |= 1u128 << square;
                }
            }
        }
        // Options: an empty square beside a safe move, along this player's line, is one the
        // player can hold from the opponent at no cost, by playing that safe move shifted
        // onto it (still one safe move, as the run loses one square at its end). One option
        // per safe move: beside the first of each run, and beside the last of an even run
        // of four or more (beside the last of an odd run, the odd square left over makes a
        // half-safe placement instead).
        let run_starts = safe & !(safe << self.step);
        let run_ends = safe & !(safe >> self.step);
        let long_ends = run_ends & (safe << self.step) & (safe << (2 * self.step));
        let beside = ((run_starts & (safe >> self.step)) >> self.step)
            | ((long_ends & packed & (safe << (3 * self.step))) << self.step);
        for square in squares_of(beside & empty & !safe & !claims.taken) {
            let held = 1u128 << square;
            if claims.claim(held) {
                // A square beside it across, whose only opponent placement is with it, dies
                // with it: held too (and claimed, so that nothing else counts it).
                let mut denied = 1;
                for (next, beyond) in [
                    (held << across, held << (2 * across)),
                    (held >> across, held >> (2 * across)),
                ] {
                    if next & empty & !claims.taken != 0 && beyond & empty == 0 {
                        claims.taken |= next;
                        denied += 1;
                    }
                }
                marks.options[denied - 1] |= held;
            }
        }
        // The placements left out because an opponent domino touches one claimed already:
        // still disjoint from every claim, so one opponent domino (two squares) takes away
        // at most two claims in all.
        let mut taken = claims.taken;
        let mut exposed = Pile::default();
        for square in squares_of(mine & !(taken | (taken >> self.step))) {
            let placed = (1u128 << square) | (1u128 << (square + self.step));
            if placed & taken == 0 {
                taken |= placed;
                exposed.placements += 1;
                exposed.half_safe += u32::from(placed & safe != 0);
            }
        }
        // The claims an opponent domino can take together with an exposed placement: those
        // holding a square of an opponent placement that touches both.
        let exposed_squares = taken & !claims.taken;
        let touching = theirs & (exposed_squares | (exposed_squares >> across)) & claims.zones;
        let hit = (touching | (touching << across)) & claims.taken;
        let near = Marks {
            corners: marks.corners
                & (hit | hit >> self.step | hit >> across | hit >> (across + self.step)),
            placements: marks.placements & (hit | hit >> self.step),
            half_safe: marks.half_safe & (hit | hit >> self.step),
            options: marks.options.map(|o| o & hit),
        };
        Resources {
            claims: marks.pile(),
            near: near.pile(),
            exposed,
        }
    }

    /// The most disjoint dominoes of this player that fit on `squares`: Σ⌊run/2⌋ along its
    /// lines, counted all at once as [`Side::paired_starts`].
    fn most_dominoes(self, squares: u128) -> u32 {
        self.paired_starts(squares).count_ones()
    }

    /// The squares where a domino starts when each run of `squares` along this player's
    /// lines is paired off from its start.
    fn paired_starts(self, squares: u128) -> u128 {
        self.even_offsets(squares, self.even) & (squares >> self.step)
    }

    /// The squares of `squares` an even number of steps from the start of their run along
    /// this player's lines, where the positions in `even` are the even ones.
    fn even_offsets(self, squares: u128, even: u128) -> u128 {
        let starts = squares & !(squares << self.step);
        let from_even = self.runs_from(squares, starts & even);
        (from_even & even) | (squares & !from_even & !even)
    }

    /// The squares of `squares` an even number of steps from the end of their run: the same
    /// count on the board read backwards (its lines stay lines, a step apart, and what lies
    /// past each run's end is still never in `squares`).
    fn even_offsets_from_ends(self, squares: u128) -> u128 {
        self.even_offsets(squares.reverse_bits(), self.even_reversed)
            .reverse_bits()
    }

    /// How [`Side::most_dominoes`] on `squares` changes as squares are taken, for every
    /// square at once: Σ⌊run/2⌋ drops by one when a run loses a square, except when the run
    /// is odd and the square an even number of steps from both its ends; and by one when it
    /// loses a domino, except when the run is even and the domino starts an odd number of
    /// steps from its start: then by two.
    fn most_losses(self, squares: u128) -> MostLosses {
        let from_start = self.even_offsets(squares, self.even);
        let from_end = self.even_offsets_from_ends(squares);
        MostLosses {
            free_squares: from_start & from_end,
            dear_dominoes: squares & !from_start & from_end,
        }
    }
}

/// [`Side::most_losses`]: the squares whose loss costs a side nothing of its most moves,
/// and the starts of its dominoes whose placement costs it two.
#[derive(Clone, Copy)]
struct MostLosses {
    free_squares: u128,
    dear_dominoes: u128,
}

impl MostLosses {
    /// The most moves left after the other side takes the squares `taken` (one on each of
    /// two of this side's lines).
    fn after_crossing(self, most: u32, taken: u128) -> u32 {
        most + (taken & self.free_squares).count_ones() - taken.count_ones()
    }

    /// The most moves left after this side places the domino starting at `square`.
    fn after_placing(self, most: u32, square: usize) -> u32 {
        most - 1 - u32::from(self.dear_dominoes >> square & 1 == 1)
    }
}

/// Per player (Right, Left) and starting square, the rank of a placement by where it lies:
/// on lines across the player's direction, counted from the nearer edge, the second and
/// fourth lines come first, with the dominoes that pair off from the nearer end of the run
/// before the others; then the third line, then the edge lines. A placement on the second
/// line turns the edge squares beside it into the player's safe squares.
fn placement_ranks(shape: Shape) -> [[u8; 128]; 2] {
    let mut ranks = [[u8::MAX; 128]; 2];
    for left in [false, true] {
        // Lines across the player's direction, and positions along them.
        let (lines, along) = if left {
            (shape.width, shape.height)
        } else {
            (shape.height, shape.width)
        };
        for line in 0..lines {
            for at in 0..along.saturating_sub(1) {
                let (r, c) = if left { (at, line) } else { (line, at) };
                // 1-based distances from the nearer edge.
                let j = (line + 1).min(lines - line);
                let k = (at + 1).min(along - 1 - at);
                let class = match (j % 2 == 0, k % 2 == 1, j >= 3) {
                    (true, true, _) => 0,
                    (true, false, _) => 1,
                    (false, true, true) => 2,
                    (false, false, true) => 3,
                    _ => 4,
                };
                ranks[usize::from(left)][r * shape.stride() + c] =
                    (class * 50 + j.min(7) * 7 + k.min(6)) as u8;
            }
        }
    }
    ranks
}

/// What counting says about a position with the mover to play, before any search: each
/// side's safe moves (squares the other side can never cover stay one's own) against the
/// other's most moves. The mover wins if it is sure of more moves than the opponent can
/// ever make, and loses if the opponent is sure of as many as the mover can ever make:
/// whoever runs out first loses.
struct Counts {
    empty: u128,
    mover: SideCounts,
    opponent: SideCounts,
}

/// One side's part of [`Counts`].
struct SideCounts {
    side: Side,
    placements: u128,
    /// The squares the other side can never cover, and this side's dominoes on them.
    safe_squares: u128,
    safe: u32,
    /// The most disjoint dominoes of this side that fit now.
    most: u32,
}

/// The dominoes counted for [`Counts`] with the mover to play: each side's safe moves and
/// most moves. They cost the most of a position's counts, and a parent finds its children's
/// when it orders its moves, so it hands them down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tally {
    my_safe: u32,
    my_most: u32,
    their_safe: u32,
    their_most: u32,
}

impl Tally {
    fn of(
        me: Side,
        them: Side,
        empty: u128,
        my_safe_squares: u128,
        their_safe_squares: u128,
    ) -> Tally {
        Tally {
            my_safe: me.most_dominoes(my_safe_squares),
            my_most: me.most_dominoes(empty),
            their_safe: them.most_dominoes(their_safe_squares),
            their_most: them.most_dominoes(empty),
        }
    }

    /// Whether the mover wins, when the safe moves settle it: more sure moves than the
    /// opponent can ever make wins; no more moves than the opponent is sure of loses.
    fn verdict(self) -> Option<bool> {
        if self.my_safe > self.their_most {
            Some(true)
        } else if self.my_most <= self.their_safe {
            Some(false)
        } else {
            None
        }
    }
}

impl Counts {
    /// The counts, or the verdict (does the mover win?) when no move or the safe moves
    /// already settle it. `known`: the dominoes counted already, by the parent when it
    /// ordered its moves.
    fn of(me: Side, them: Side, empty: u128, known: Option<Tally>) -> Result<Counts, bool> {
        let mine = me.placements(empty);
        if mine == 0 {
            return Err(false);
        }
        let theirs = them.placements(empty);
        if theirs == 0 {
            return Err(true);
        }
        let my_safe_squares = empty & !them.covered(theirs);
        let their_safe_squares = empty & !me.covered(mine);
        let tally = match known {
            Some(tally) => tally,
            None => Tally::of(me, them, empty, my_safe_squares, their_safe_squares),
        };
        if let Some(verdict) = tally.verdict() {
            return Err(verdict);
        }
        Ok(Counts {
            empty,
            mover: SideCounts {
                side: me,
                placements: mine,
                safe_squares: my_safe_squares,
                safe: tally.my_safe,
                most: tally.my_most,
            },
            opponent: SideCounts {
                side: them,
                placements: theirs,
                safe_squares: their_safe_squares,
                safe: tally.their_safe,
                most: tally.their_most,
            },
        })
    }

    /// The verdict once contested resources add the share each side is sure of, if that
    /// settles it: counting the exposed placements or not, against the opponent's most
    /// moves or its room, whichever settles it (the player may choose its picks for each).
    fn contested(&self) -> Option<bool> {
        self.contested_by().map(|(wins, _)| wins)
    }

    /// [`Counts::contested`], and which count of the claims settled it.
    fn contested_by(&self) -> Option<(bool, ClaimCount)> {
        if let Some(count) = self.holds(&self.mover, &self.opponent, true) {
            Some((true, count))
        } else {
            self.holds(&self.opponent, &self.mover, false)
                .map(|count| (false, count))
        }
    }

    /// Whether `holder`, moving `first` or second, is sure of more moves than `other` can
    /// make (moving first: it wins) or of at least as many (moving second: the other,
    /// moving first, loses), and by which count. What the holder takes holds squares of the
    /// other's room, and its corners end the other's lines short, lowering the other's most
    /// moves.
    fn holds(&self, holder: &SideCounts, other: &SideCounts, first: bool) -> Option<ClaimCount> {
        let held = holder.side.resources(
            self.empty,
            holder.placements,
            other.placements,
            holder.safe_squares,
            other.side,
        );
        let room = (self.empty & !holder.safe_squares).count_ones();
        // Moving first, `sure > cap` wins; moving second, `sure >= cap` does. Against the
        // room, cap = ⌊(room − held)/2⌋, so `sure > cap` is `2·sure + held > room` and
        // `sure >= cap` is `2·sure + held + 2 > room`.
        let slack = u32::from(!first);
        let settles = |share: Share| {
            holder.safe + share.moves + slack > other.most.saturating_sub(2 * share.corners)
                || 2 * holder.safe + share.room_measure + 2 * slack > room
        };
        if settles(held.claims.share(first, Reach::One)) {
            return Some(ClaimCount::OnePile);
        }
        if held.exposed.is_empty() {
            // The other counts have the same claims and fewer picks.
            return None;
        }
        if settles(held.claims.plus(held.exposed).share(first, Reach::Two)) {
            return Some(ClaimCount::WithExposed);
        }
        // Two piles: an opponent move takes away one claim kept apart, or up to two of the
        // rest, never from both; answering each in the pile it took from keeps each pile's
        // share, and moving first the player chooses the pile of its first pick.
        let (apart, rest) = (held.claims.less(held.near), held.near.plus(held.exposed));
        let apart = |first| apart.share(first, Reach::One);
        let exposed = |first| rest.share(first, Reach::Two);
        (settles(apart(first) + exposed(false)) || (first && settles(apart(false) + exposed(true))))
            .then_some(ClaimCount::TwoPiles)
    }
}

/// The counts of contested claims [`Counts::holds`] tries, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClaimCount {
    /// The claims no opponent domino touches two of: one taken away a move.
    OnePile,
    /// With the exposed placements: two taken away a move.
    WithExposed,
    /// The claims near no exposed placement apart, one taken away a move, and the rest
    /// with the exposed placements, two a move.
    TwoPiles,
}

/// Squares claimed for contested resources, and the opponent placements that touch them.
struct Claims {
    taken: u128,
    zones: u128,
    /// The opponent's placements, and the distance between their two squares.
    theirs: u128,
    across: usize,
}

impl Claims {
    /// Claims `squares` unless one is taken already or an opponent domino touching them
    /// touches something claimed: then each opponent move takes away at most one claim.
    fn claim(&mut self, squares: u128) -> bool {
        let zone = self.theirs & (squares | (squares >> self.across));
        let free = squares & self.taken == 0 && zone & self.zones == 0;
        if free {
            self.taken |= squares;
            self.zones |= zone;
        }
        free
    }
}

/// The squares of a set, lowest first.
fn squares_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            square
        })
    })
}

/// A player's contested resources ([`Side::resources`]), by how many of them one opponent
/// move can take away.
#[derive(Clone, Copy, Default)]
struct Resources {
    /// The claims: no opponent domino touches two, so one move takes away at most one.
    claims: Pile,
    /// The claims an opponent domino may touch together with an exposed placement.
    near: Pile,
    /// Placements disjoint from the claims but touched by an opponent domino that also
    /// touches a claim: with them, one opponent move takes away at most two.
    exposed: Pile,
}

/// Claims of each kind, each marked by one square ([`Side::resources`]).
#[derive(Clone, Copy, Default)]
struct Marks {
    corners: u128,
    /// Vulnerable placements with both squares open to the opponent, and with one safe.
    placements: u128,
    half_safe: u128,
    /// Options, by how many squares the opponent loses with each (one, two or three).
    options: [u128; 3],
}

impl Marks {
    fn pile(&self) -> Pile {
        Pile {
            corners: self.corners.count_ones(),
            placements: self.placements.count_ones() + self.half_safe.count_ones(),
            half_safe: self.half_safe.count_ones(),
            options: self.options.map(u128::count_ones),
        }
    }
}

/// A count of claims by kind: corners, vulnerable placements (with the half-safe ones among
/// them) and options.
#[derive(Clone, Copy, Default)]
struct Pile {
    corners: u32,
    placements: u32,
    /// The placements with one square safe (the opponent could never use it).
    half_safe: u32,
    /// Squares beside safe moves that the player can hold from the opponent, by how many
    /// squares the opponent loses with each (one, two or three).
    options: [u32; 3],
}

/// How many claims one opponent move can take away from a pile: one, or two (a domino
/// covers two squares and no two claims share one).
#[derive(Clone, Copy)]
enum Reach {
    One,
    Two,
}

/// What a player is sure of from a pile of claims: moves, the corners among them, and the
/// measure against the opponent's room ([`Pile::room_measure`]).
#[derive(Clone, Copy, Default)]
struct Share {
    moves: u32,
    corners: u32,
    room_measure: u32,
}

impl std::ops::Add for Share {
    type Output = Share;
    fn add(self, other: Share) -> Share {
        Share {
            moves: self.moves + other.moves,
            corners: self.corners + other.corners,
            room_measure: self.room_measure + other.room_measure,
        }
    }
}

impl Pile {
    fn plus(self, other: Pile) -> Pile {
        Pile {
            corners: self.corners + other.corners,
            placements: self.placements + other.placements,
            half_safe: self.half_safe + other.half_safe,
            options: [0, 1, 2].map(|i| self.options[i] + other.options[i]),
        }
    }

    /// `self` without the claims of `part` (a part of it).
    fn less(self, part: Pile) -> Pile {
        Pile {
            corners: self.corners - part.corners,
            placements: self.placements - part.placements,
            half_safe: self.half_safe - part.half_safe,
            options: [0, 1, 2].map(|i| self.options[i] - part.options[i]),
        }
    }

    fn is_empty(&self) -> bool {
        self.corners == 0 && self.placements == 0 && self.options == [0; 3]
    }

    /// The player's picks among the first `n` claims of a list, against an opponent that
    /// takes away `reach` claims a move: on its turn the player takes the best claim left,
    /// the opponent takes away the best ones left, so the player's picks are every
    /// (reach + 1)-th, from the first when it moves first and after the opponent's first
    /// reply otherwise; and each pick is at least as good as the claim in that place.
    fn picks_below(n: u32, first: bool, reach: Reach) -> u32 {
        let per_reply = match reach {
            Reach::One => 1,
            Reach::Two => 2,
        };
        let offset = if first { 0 } else { per_reply };
        if n > offset {
            (n - offset - 1) / (per_reply + 1) + 1
        } else {
            0
        }
    }

    /// The share the player is sure of from this pile, taking the first claim (`first`) or
    /// answering the opponent, against an opponent that takes away `reach` claims a move.
    fn share(self, first: bool, reach: Reach) -> Share {
        let (moves, corners) = self.moves_and_corners(first, reach);
        Share {
            moves,
            corners,
            room_measure: self.room_measure(first, reach),
        }
    }

    /// Against the opponent's most moves: the moves the player is sure to make and the
    /// corners among them (each corner also cuts the opponent's most moves by two). The
    /// list: corners (two moves each), then placements (one).
    fn moves_and_corners(self, first: bool, reach: Reach) -> (u32, u32) {
        let corners = Self::picks_below(self.corners, first, reach);
        let taken = Self::picks_below(self.corners + self.placements, first, reach) - corners;
        (2 * corners + taken, corners)
    }

    /// Against the opponent's room (the squares it can reach, of which it fills two a
    /// move): twice the moves the player is sure to make plus the squares of the room those
    /// moves and its options hold, in one measure. The list, best first: corners (two
    /// moves on four squares: 8), placements (4), half-safe placements and options that
    /// hold three squares (3), options holding two (2), then one (1).
    fn room_measure(self, first: bool, reach: Reach) -> u32 {
        let [one, two, three] = self.options;
        let classes = [
            (8, self.corners),
            (4, self.placements - self.half_safe),
            (3, self.half_safe + three),
            (2, two),
            (1, one),
        ];
        let (mut below, mut picked, mut measure) = (0, 0, 0);
        for (value, count) in classes {
            below += count;
            let picks = Self::picks_below(below, first, reach);
            measure += value * (picks - picked);
            picked = picks;
        }
        measure
    }
}

/// Why a search ended without an answer.
enum Halt {
    Stopped,
    Budget,
    /// A root move before this thread's was found to win: its search is not needed.
    Abandoned,
}

/// One slot of the transposition table, shared by the threads without locks or waiting: a
/// sequence lock. A writer claims the slot by making its sequence odd (and skips the write
/// when another writer holds it), writes, and makes it even again; a reader takes the words
/// only when the sequence was even and unchanged around its reads, so a slot being written
/// reads as a miss, never as a mixture of two entries. Data: bit 0 filled, bit 1 Left to
/// move, bit 2 the mover wins, bits 32.. the positions its search took (for replacement).
#[derive(Default)]
struct Slot {
    sequence: AtomicU64,
    low: AtomicU64,
    high: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key and data, unless a writer is at work on the slot.
    fn read(&self) -> Option<(u128, u64)> {
        let before = self.sequence.load(Ordering::Acquire);
        if before & 1 != 0 {
            return None;
        }
        let data = self.data.load(Ordering::Relaxed);
        let low = self.low.load(Ordering::Relaxed);
        let high = self.high.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let after = self.sequence.load(Ordering::Relaxed);
        (before == after).then_some(((u128::from(high) << 64) | u128::from(low), data))
    }

    /// Writes the entry, unless another writer holds the slot (then the entry is dropped:
    /// the table is a cache).
    fn write(&self, key: u128, data: u64) {
        let sequence = self.sequence.load(Ordering::Relaxed);
        if sequence & 1 != 0
            || self
                .sequence
                .compare_exchange(sequence, sequence + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // The odd sequence before any word: a reader that sees a new word sees it odd.
        fence(Ordering::Release);
        self.data.store(data, Ordering::Relaxed);
        self.low.store(key as u64, Ordering::Relaxed);
        self.high.store((key >> 64) as u64, Ordering::Relaxed);
        self.sequence.store(sequence + 2, Ordering::Release);
    }

    /// The positions the entry's search took (0 when empty or being written).
    fn work(&self) -> u64 {
        self.data.load(Ordering::Relaxed) >> 32
    }
}

/// Two slots, one cache line: a probe costs one miss.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 2]);

/// Buckets of two slots, the entry with the smaller subtree replaced.
struct Buckets {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Buckets {
    /// 2^`bits` slots, made a block at a time with a look at the progress hook between
    /// blocks (telling it of `searched` positions): a gibibyte takes a while to touch, on a
    /// busy machine a second or more.
    fn new(bits: u32, progress: &dyn Progress, searched: u64) -> Result<Buckets, Interrupted> {
        const BLOCK: usize = 1 << 14;
        let count = 1usize << (bits - 1);
        let mut buckets = Vec::with_capacity(count);
        let mut pace = Pace::new(progress);
        while buckets.len() < count {
            pace.tick(|| Work::open(searched, "positions"))?;
            let block = BLOCK.min(count - buckets.len());
            buckets.extend((0..block).map(|_| Bucket::default()));
        }
        Ok(Buckets {
            buckets,
            mask: count - 1,
        })
    }

    fn bucket(&self, empty: u128, left: bool) -> &[Slot; 2] {
        let mut x = (empty as u64) ^ ((empty >> 64) as u64).rotate_left(29) ^ u64::from(left);
        x ^= x >> 31;
        x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 29;
        &self.buckets[((x >> 1) as usize) & self.mask].0
    }

    fn flags(left: bool) -> u64 {
        1 | if left { 2 } else { 0 }
    }

    /// Whether the mover wins, if known.
    fn get(&self, empty: u128, left: bool) -> Option<bool> {
        let wanted = Buckets::flags(left);
        self.bucket(empty, left)
            .iter()
            .filter_map(Slot::read)
            .find(|&(key, data)| key == empty && data & 3 == wanted)
            .map(|(_, data)| data & 4 != 0)
    }

    fn put(&self, empty: u128, left: bool, wins: bool, work: u64) {
        let [first, second] = self.bucket(empty, left);
        // At least 1: a slot whose work reads 0 is taken for empty.
        let work = work.clamp(1, u64::from(u32::MAX));
        let slot = if first.work() <= second.work() {
            first
        } else {
            second
        };
        slot.write(
            empty,
            Buckets::flags(left) | if wins { 4 } else { 0 } | (work << 32),
        );
    }
}

/// The transposition table: a small one first, then the full size once the search has put
/// in more than the small one holds well. On a large board that the bounds settle at once,
/// the search then costs neither the memory nor the time of a table it would not use.
struct Table {
    small: Buckets,
    large: OnceLock<Buckets>,
    /// The full size, in bits of slots.
    large_bits: u32,
    puts: AtomicU64,
}

/// The small table's size, in bits of slots: 2 MiB.
const SMALL_TABLE_BITS: u32 = 16;

impl Table {
    /// A table that grows to 2^`bits` slots; at once, when it is to be filled with what was
    /// settled before. `progress` may stop the making of its slots.
    fn new(bits: u32, full_at_once: bool, progress: &dyn Progress) -> Result<Table, Interrupted> {
        let table = Table {
            small: Buckets::new(bits.min(SMALL_TABLE_BITS), progress, 0)?,
            large: OnceLock::new(),
            large_bits: bits,
            puts: AtomicU64::new(0),
        };
        if full_at_once && bits > SMALL_TABLE_BITS {
            table.grow(progress, 0)?;
        }
        Ok(table)
    }

    /// Whether the mover wins, if known.
    fn get(&self, empty: u128, left: bool) -> Option<bool> {
        self.large.get().unwrap_or(&self.small).get(empty, left)
    }

    /// Puts an entry in; the put that makes the table grow tells `progress` of `searched`
    /// positions while the full size is made, and gives up growing when asked to stop.
    fn put(
        &self,
        empty: u128,
        left: bool,
        wins: bool,
        work: u64,
        (progress, searched): (&dyn Progress, u64),
    ) -> Result<(), Interrupted> {
        if let Some(large) = self.large.get() {
            large.put(empty, left, wins, work);
            return Ok(());
        }
        self.small.put(empty, left, wins, work);
        if self.large_bits > SMALL_TABLE_BITS
            && self.puts.fetch_add(1, Ordering::Relaxed) == 1 << (SMALL_TABLE_BITS - 1)
        {
            self.grow(progress, searched)?;
        }
        Ok(())
    }

    /// Moves to the full size, taking along what the small table holds (entries written
    /// meanwhile by other threads may be lost: the table is a cache). Only one put reaches
    /// here, so the full size is made once; stopped while it is made, the table stays small.
    fn grow(&self, progress: &dyn Progress, searched: u64) -> Result<(), Interrupted> {
        let large = Buckets::new(self.large_bits, progress, searched)?;
        self.large.get_or_init(|| {
            for bucket in &self.small.buckets {
                for slot in &bucket.0 {
                    if let Some((key, data)) = slot.read().filter(|&(_, data)| data & 1 != 0) {
                        large.put(key, data & 2 != 0, data & 4 != 0, data >> 32);
                    }
                }
            }
            large
        });
        Ok(())
    }
}

/// What the threads of one search share: the table, the count of positions against the
/// budget, the progress hook, and the first winning move found at the root.
struct Shared<'a> {
    shape: Shape,
    symmetries: Symmetries,
    /// Per player (Right, Left): its view of the board, made once per search.
    sides: [Side; 2],
    /// Per player and starting square: the placement's rank by where it lies (smaller
    /// first), [`placement_ranks`].
    ranks: [[u8; 128]; 2],
    table: Table,
    nodes: AtomicU64,
    budget: u64,
    progress: &'a dyn Progress,
    /// Why the search is ending, once one thread knows (0: it is not).
    halt: AtomicU8,
    /// The index, in the root's order, of the first root move known to win (`usize::MAX`:
    /// none yet): moves after it need not be searched.
    first_win: AtomicUsize,
    /// The positions settled at some cost, and who hears of each addition ([`Resume`]).
    ledger: Ledger<'a>,
}

/// A placement's key in the order moves are tried (least first), packed in one word: the
/// evaluation of the position it leaves (higher first), its rank by where it lies, its
/// history (higher first), and its starting square in the low 7 bits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct MoveKey(u64);

impl MoveKey {
    const SCORE_BITS: u32 = 20;
    const HISTORY_BITS: u32 = 29;

    fn new(score: i32, rank: u8, history: u32, square: usize) -> MoveKey {
        let half = 1i64 << (Self::SCORE_BITS - 1);
        let score = (i64::from(score).clamp(1 - half, half - 1) + half) as u64;
        let history = u64::from(history).min((1 << Self::HISTORY_BITS) - 1);
        MoveKey(
            ((1 << Self::SCORE_BITS) - 1 - score) << 44
                | u64::from(rank) << 36
                | ((1 << Self::HISTORY_BITS) - 1 - history) << 7
                | square as u64,
        )
    }

    fn square(self) -> usize {
        (self.0 & 0x7f) as usize
    }
}

/// One thread's search: its own history and count, the shared table.
struct Search<'s, 'a> {
    shared: &'s Shared<'a>,
    /// Per player and square: how much search the winning moves starting there settled
    /// (the history heuristic), to order moves the evaluation ties.
    history: [[u32; 128]; 2],
    /// Positions this thread searched.
    searched: u64,
    /// Positions counted here and not yet added to the shared count.
    unreported: u64,
    /// The root move this thread is searching, in the root's order, when a search past the
    /// first winning root move is not needed.
    root_index: Option<usize>,
    /// This thread's calls to the progress hook, by the clock: every thread hears a stop
    /// request itself, and a hook that listens only to the calling thread (Python's
    /// signals) hears from it as often as from any other.
    pace: Pace<'a>,
}

impl Search<'_, '_> {
    /// Whether the player to move (`left`: Left) wins, with optimal play.
    fn wins(&mut self, board: Images, left: bool, known: Option<Tally>) -> Result<bool, Halt> {
        let empty = board.empty();
        let [me, them] = self.shared.mover_and_opponent(left);
        let counts = match Counts::of(me, them, empty, known) {
            Ok(counts) => counts,
            Err(verdict) => return Ok(verdict),
        };
        // The table after the bounds: a probe is a cache miss, dearer than they are, and
        // the bounds settle most positions that get this far (on the empty 8 × 8 board,
        // three probes in five would be wasted on them, and they settle almost none the
        // table knows).
        if let Some(verdict) = counts.contested() {
            return Ok(verdict);
        }
        let (key, mover) = board.key(&self.shared.symmetries, left);
        if let Some(wins) = self.shared.table.get(key, mover) {
            return Ok(wins);
        }
        let mine = counts.mover.placements;
        self.count_node()?;
        let before = self.searched;
        let mosts = (counts.mover.most, counts.opponent.most);
        let mut moves = match self.replies(me, them, empty, mine, mosts) {
            Ok(moves) => moves,
            Err(square) => {
                self.credit(left, square, 1);
                self.shared.put(key, mover, true, 0)?;
                return Ok(true);
            }
        };
        // The best move alone first: it settles most positions, and then the rest need no
        // sorting.
        if let Some(best) = (0..moves.len()).min_by_key(|&i| moves[i].0) {
            moves.swap(0, best);
        }
        for i in 0..moves.len() {
            if i == 1 {
                moves[1..].sort_unstable_by_key(|&(key, _)| key);
            }
            let (move_key, left_behind) = moves[i];
            let square = move_key.square();
            let after = board.place(&self.shared.symmetries, square, square + me.step);
            if !self.wins(after, !left, Some(left_behind))? {
                let work = self.searched - before;
                self.credit(left, square, 1 + work.min(1 << 20) as u32);
                self.shared.remember(key, mover, true, work)?;
                return Ok(true);
            }
        }
        self.shared
            .remember(key, mover, false, self.searched - before)?;
        Ok(false)
    }

    /// Credits a winning move of `left` starting at `square` with the search it settled.
    fn credit(&mut self, left: bool, square: usize, amount: u32) {
        let credit = &mut self.history[usize::from(left)][square];
        *credit = credit.saturating_add(amount);
    }

    /// The mover's placements, best first: by a static evaluation of the position each
    /// leaves (the mover's safe moves against the opponent's, then all moves against all).
    /// A move that leaves the opponent lost by its counts alone is the only one listed.
    /// (Asking the table about each child too saves a third of the positions but costs more
    /// in cache misses than it saves.)
    fn ordered_moves(&self, me: Side, them: Side, empty: u128, mine: u128) -> Vec<usize> {
        let mosts = (me.most_dominoes(empty), them.most_dominoes(empty));
        match self.replies(me, them, empty, mine, mosts) {
            Ok(mut replies) => {
                replies.sort_unstable_by_key(|&(key, _)| key);
                replies.into_iter().map(|(key, _)| key.square()).collect()
            }
            Err(square) => vec![square],
        }
    }

    /// The mover's placements, each with its key in [`Search::ordered_moves`]'s order and
    /// the tally of the position it leaves; or a placement that leaves the opponent lost by
    /// its counts alone, found before the rest are counted.
    fn replies(
        &self,
        me: Side,
        them: Side,
        empty: u128,
        mine: u128,
        (my_most, their_most): (u32, u32),
    ) -> Result<Vec<(MoveKey, Tally)>, usize> {
        let history = &self.history[usize::from(me.left)];
        let ranks = &self.shared.ranks[usize::from(me.left)];
        // Most moves change only on the lines through the domino: found for every move at
        // once; safe moves are counted afresh.
        let (my_losses, their_losses) = (me.most_losses(empty), them.most_losses(empty));
        let mut replies = Vec::with_capacity(mine.count_ones() as usize);
        for square in squares_of(mine) {
            let domino = (1u128 << square) | (1u128 << (square + me.step));
            let after = empty & !domino;
            let (mine_after, theirs_after) = (me.placements(after), them.placements(after));
            let my_safe = me.most_dominoes(after & !them.covered(theirs_after));
            let their_most = their_losses.after_crossing(their_most, domino);
            if their_most <= my_safe {
                return Err(square);
            }
            let their_safe = them.most_dominoes(after & !me.covered(mine_after));
            let my_most = my_losses.after_placing(my_most, square);
            let score =
                4 * (my_safe as i32 - their_safe as i32) + (my_most as i32 - their_most as i32);
            let left_behind = Tally {
                my_safe: their_safe,
                my_most: their_most,
                their_safe: my_safe,
                their_most: my_most,
            };
            replies.push((
                MoveKey::new(score, ranks[square], history[square], square),
                left_behind,
            ));
        }
        Ok(replies)
    }

    fn count_node(&mut self) -> Result<(), Halt> {
        self.searched += 1;
        self.unreported += 1;
        if self.unreported < 1024 {
            return Ok(());
        }
        self.flush()
    }

    /// Adds this thread's positions to the shared count, and hears whether to go on.
    fn flush(&mut self) -> Result<(), Halt> {
        let shared = self.shared;
        let before = shared.nodes.fetch_add(self.unreported, Ordering::Relaxed);
        let after = before + self.unreported;
        self.unreported = 0;
        match shared.halt.load(Ordering::Relaxed) {
            HALT_STOPPED => return Err(Halt::Stopped),
            HALT_BUDGET => return Err(Halt::Budget),
            _ => {}
        }
        if self
            .root_index
            .is_some_and(|i| shared.first_win.load(Ordering::Relaxed) < i)
        {
            return Err(Halt::Abandoned);
        }
        if after > shared.budget {
            shared.halt.store(HALT_BUDGET, Ordering::Relaxed);
            return Err(Halt::Budget);
        }
        if self.pace.tick(|| Work::open(after, "positions")).is_err() {
            shared.halt.store(HALT_STOPPED, Ordering::Relaxed);
            return Err(Halt::Stopped);
        }
        Ok(())
    }
}

/// Halt codes in [`Shared::halt`].
const HALT_STOPPED: u8 = 1;
const HALT_BUDGET: u8 = 2;

impl<'a> Shared<'a> {
    /// Puts a position's verdict in the table and, when its search cost enough, among
    /// those settled.
    fn remember(&self, key: u128, left: bool, wins: bool, work: u64) -> Result<(), Halt> {
        self.put(key, left, wins, work)?;
        self.ledger.settle(key, left, wins, work);
        Ok(())
    }

    /// Puts a position's verdict in the table; a stop heard while the table grows halts
    /// every thread.
    fn put(&self, key: u128, left: bool, wins: bool, work: u64) -> Result<(), Halt> {
        self.table
            .put(
                key,
                left,
                wins,
                work,
                (self.progress, self.nodes.load(Ordering::Relaxed)),
            )
            .map_err(|Interrupted| {
                self.halt.store(HALT_STOPPED, Ordering::Relaxed);
                Halt::Stopped
            })
    }

    /// The views of the mover (`left`: Left) and of the opponent.
    fn mover_and_opponent(&self, left: bool) -> [Side; 2] {
        [
            self.sides[usize::from(left)],
            self.sides[usize::from(!left)],
        ]
    }

    fn search(&self) -> Search<'_, 'a> {
        Search {
            shared: self,
            history: [[0; 128]; 2],
            searched: 0,
            unreported: 0,
            root_index: None,
            pace: Pace::new(self.progress),
        }
    }

    /// Who wins when `left` (Left or Right) starts, with the first winning first move in the
    /// order the root's moves are tried, or every first move's result. The root's moves are
    /// shared among `threads` threads; the answer is the same for any number of them.
    fn start(
        &self,
        position: &Position,
        left: bool,
        every_move: bool,
        threads: usize,
    ) -> Result<Start, Halt> {
        let [me, them] = self.mover_and_opponent(left);
        let mine = me.placements(position.empty);
        let start = self.symmetries.images(position.empty);
        // Every move is listed in the board's order; one winning move is sought best first.
        let moves: Vec<(usize, Images)> = if every_move {
            squares_of(mine)
                .map(|square| {
                    (
                        square,
                        start.place(&self.symmetries, square, square + me.step),
                    )
                })
                .collect()
        } else {
            self.search()
                .ordered_moves(me, them, position.empty, mine)
                .into_iter()
                .map(|square| {
                    (
                        square,
                        start.place(&self.symmetries, square, square + me.step),
                    )
                })
                .collect()
        };
        self.first_win.store(usize::MAX, Ordering::Relaxed);
        let next = AtomicUsize::new(0);
        let results: Vec<AtomicU8> = moves.iter().map(|_| AtomicU8::new(0)).collect();
        let worker = || -> Result<(), Halt> {
            let mut search = self.search();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || (!every_move && self.first_win.load(Ordering::Relaxed) < i) {
                    search.root_index = None;
                    return search.flush();
                }
                search.root_index = (!every_move).then_some(i);
                let answer = search.wins(moves[i].1, !left, None);
                match answer {
                    Ok(theirs) => {
                        results[i].store(if theirs { 1 } else { 2 }, Ordering::Relaxed);
                        if !theirs {
                            self.first_win.fetch_min(i, Ordering::Relaxed);
                        }
                    }
                    Err(Halt::Abandoned) => {}
                    Err(halt) => {
                        let code = if matches!(halt, Halt::Budget) {
                            HALT_BUDGET
                        } else {
                            HALT_STOPPED
                        };
                        let _ = self.halt.compare_exchange(
                            0,
                            code,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        );
                        return Err(halt);
                    }
                }
            }
        };
        let outcomes: Vec<Result<(), Halt>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads.min(moves.len()).max(1))
                .map(|_| scope.spawn(worker))
                .collect();
            let mut all = vec![worker()];
            let searched = || Work::open(self.nodes.load(Ordering::Relaxed), "positions");
            all.extend(
                join_reporting(handles, self.progress, searched)
                    .into_iter()
                    .map(|joined| joined.unwrap_or(Err(Halt::Stopped))),
            );
            all
        });
        for outcome in outcomes {
            outcome?;
        }
        let result = |i: usize| {
            let square = moves[i].0;
            let after = Position {
                shape: self.shape,
                empty: position.empty & !((1u128 << square) | (1u128 << (square + me.step))),
            };
            MoveResult {
                description: domino_placed(
                    left,
                    &self.shape.square_name(square),
                    &self.shape.square_name(square + me.step),
                ),
                to: format!("domineering(\"{}\")", after.notation()),
                wins: results[i].load(Ordering::Relaxed) == 2,
            }
        };
        let mut every: Vec<MoveResult> = Vec::new();
        let mut winning: Vec<MoveResult> = Vec::new();
        for i in 0..moves.len() {
            let found = result(i);
            if found.wins {
                winning.push(found.clone());
            }
            if every_move {
                every.push(found);
            } else if !winning.is_empty() {
                break;
            }
        }
        let every = every_move.then_some(every);
        Ok(Start::found(left, winning, every))
    }
}

/// Who wins `position` when each player starts, searching at most `budget` positions
/// ([`DEFAULT_NODE_BUDGET`] when `None`) on every core; with `every_move`, the result of each
/// first move.
pub fn winner(
    position: &Position,
    every_move: bool,
    budget: Option<u64>,
    progress: &dyn Progress,
) -> Result<WinnerReport, PartizanError> {
    winner_on(position, every_move, budget, progress, every_core())
}

/// How many threads a search takes when not told: one per core.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// [`winner`] on `threads` threads.
pub fn winner_on(
    position: &Position,
    every_move: bool,
    budget: Option<u64>,
    progress: &dyn Progress,
    threads: usize,
) -> Result<WinnerReport, PartizanError> {
    winner_resuming(
        position,
        every_move,
        budget,
        progress,
        threads,
        Resume::afresh(),
    )
    .0
}

/// The largest transposition table: 2^25 slots of 32 bytes, 1 GiB.
const MAX_TABLE_BITS: u32 = 25;

/// [`winner_on`], starting from what `resume` says an earlier search of the same board
/// settled and telling it of each addition; returns the answer and all that is settled,
/// also when the search was stopped or ran out of budget (to be saved for the next run).
pub fn winner_resuming(
    position: &Position,
    every_move: bool,
    budget: Option<u64>,
    progress: &dyn Progress,
    threads: usize,
    resume: Resume<'_>,
) -> Resumed {
    // 32-byte slots: 2 MiB, 32 MiB, 256 MiB (8 x 8), 512 MiB, 1 GiB (9 x 9: a searched
    // position lost from the table is searched again, and on 8 x 9 twice the table saves a
    // quarter of the time), reached once the search fills 2 MiB; and room for what was
    // settled before, twice over, so that it stays in the table.
    let bits = match position.empty_squares() {
        0..=36 => 16,
        37..=48 => 20,
        49..=64 => 23,
        65..=80 => 24,
        _ => MAX_TABLE_BITS,
    };
    let settled_bits = (2 * resume.settled.positions.len())
        .next_power_of_two()
        .trailing_zeros();
    let bits = bits.max(settled_bits.min(MAX_TABLE_BITS));
    // What was settled before goes in the table first, and stays among the settled.
    let table = match Table::new(bits, !resume.settled.positions.is_empty(), progress) {
        Ok(table) => table,
        Err(Interrupted) => return (Err(PartizanError::Interrupted), resume.settled),
    };
    let mut pace = Pace::new(progress);
    for (&(key, left), proof) in &resume.settled.positions {
        let put = pace
            .tick(|| Work::open(0, "positions"))
            .and_then(|()| table.put(key, left, proof.wins, proof.work, (progress, 0)));
        if put.is_err() {
            return (Err(PartizanError::Interrupted), resume.settled);
        }
    }
    let shared = Shared {
        shape: position.shape,
        symmetries: Symmetries::of(position.shape),
        sides: [false, true].map(|left| Side::of(left, position.shape)),
        ranks: placement_ranks(position.shape),
        table,
        nodes: AtomicU64::new(0),
        budget: budget.unwrap_or(DEFAULT_NODE_BUDGET),
        progress,
        halt: AtomicU8::new(0),
        first_win: AtomicUsize::new(usize::MAX),
        ledger: Ledger::new(resume),
    };
    let run = |left| shared.start(position, left, every_move, threads.max(1));
    let answer = run(true).and_then(|l| run(false).map(|r| (l, r)));
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let settled = shared.ledger.into_settled();
    let answer = answer
        .map_err(|halt| match halt {
            Halt::Budget => PartizanError::too_large(
                "positions searched for the winner of a domineering board",
                nodes,
                shared.budget,
            ),
            Halt::Stopped | Halt::Abandoned => PartizanError::Interrupted,
        })
        .map(|(left_first, right_first)| {
            WinnerReport::of(
                "domineering",
                position.notation(),
                left_first,
                right_first,
                nodes,
            )
        });
    (answer, settled)
}

#[cfg(test)]
mod tests {
    use conway_core::NoProgress;
    use proptest::prelude::*;

    use super::*;
    use crate::domineering::Board;
    use crate::outcome::{Settled, MAX_SETTLED};
    use conway_partizan::Store;

    /// The outcome class of the canonical form: the oracle.
    fn by_canonical_form(text: &str) -> conway_partizan::Outcome {
        let mut store = Store::new();
        let board = Board::parse(text).expect("a board");
        let g = crate::value_of(&mut store, &board);
        store.outcome(g)
    }

    fn searched(text: &str) -> WinnerReport {
        winner(
            &Position::parse(text).expect("a board"),
            false,
            None,
            &NoProgress,
        )
        .expect("solved")
    }

    #[test]
    fn small_rectangles_agree_with_their_canonical_forms() {
        for height in 1..=5 {
            for width in 1..=5 {
                let text = vec![".".repeat(width); height].join("|");
                assert_eq!(
                    searched(&text).outcome,
                    by_canonical_form(&text),
                    "{height}x{width}"
                );
                assert_eq!(
                    searched(&format!("{height}x{width}")).outcome,
                    by_canonical_form(&text)
                );
            }
        }
    }

    /// Lachmann, Moore and Rapaport, "Who wins Domineering on rectangular boards?" (MSRI
    /// Workshop on Combinatorial Games, 2000), §1: the 2 × 2 board is a first-player win,
    /// whoever places a domino there blocking the other and keeping a move.
    #[test]
    fn the_first_player_wins_two_by_two() {
        let report = searched("2x2");
        assert_eq!(report.outcome, conway_partizan::Outcome::Next);
        assert_eq!(report.left_first.winner, "Left");
        assert_eq!(report.right_first.winner, "Right");
    }

    /// Breuker, Uiterwijk and van den Herik, "Solving 8 × 8 Domineering", Theoretical
    /// Computer Science 230 (2000): the first player wins the standard board.
    /// (About 15 seconds on two cores.)
    #[test]
    fn the_first_player_wins_eight_by_eight() {
        let report = searched("8x8");
        assert_eq!(report.outcome, conway_partizan::Outcome::Next);
    }

    /// Uiterwijk, "Perfectly Solving Domineering Boards" (Computer Games workshop at IJCAI
    /// 2013, Springer CCIS 408, 2014), theorems on whole families of rectangles, Vertical
    /// (Left) moving first: every m × 3 board (m > 1) and every 2k × n board for n = 3, 5, 7,
    /// 9, 11 is a win for Vertical; every 3 × n board (n > 3), every m × 2k board for m = 5,
    /// 9 and every m × 4k board for m = 3, 7, 11 is a win for Horizontal. Checked on every
    /// such board the bitboards hold that the search settles in well under a second.
    #[test]
    fn published_families_of_rectangles() {
        let mut vertical: Vec<(usize, usize)> = (2..=31).map(|m| (m, 3)).collect();
        vertical.extend((1..=10).map(|k| (2 * k, 5)));
        vertical.extend((1..=3).map(|k| (2 * k, 7)));
        vertical.extend([(2, 9), (4, 9), (2, 11), (4, 11)]);
        let mut horizontal: Vec<(usize, usize)> = (4..=15).map(|n| (3, n)).collect();
        horizontal.extend((1..=7).map(|k| (5, 2 * k)));
        horizontal.extend([(9, 2), (9, 4), (7, 4), (11, 4)]);
        for (boards, left_wins) in [(vertical, true), (horizontal, false)] {
            for (m, n) in boards {
                let report = searched(&format!("{m}x{n}"));
                let winner = if left_wins { "Left" } else { "Right" };
                assert_eq!(report.left_first.winner, winner, "{m} x {n}");
            }
        }
    }

    #[test]
    fn notation_and_errors() {
        let p = Position::parse("..#|...").expect("a board");
        assert_eq!(p.notation(), "..#|...");
        assert_eq!(p.empty_squares(), 5);
        assert_eq!(Position::parse("2x3").expect("2x3").notation(), "...|...");
        assert!(matches!(
            Position::parse("..|.a"),
            Err(PartizanError::Parse { column: 5, .. })
        ));
        assert!(matches!(
            Position::parse("..|..."),
            Err(PartizanError::Parse { column: 4, .. })
        ));
        assert!(matches!(
            Position::parse("12x10"),
            Err(PartizanError::TooLarge { .. })
        ));
        assert!(matches!(
            Position::parse("2x16"),
            Err(PartizanError::TooLarge { .. })
        ));
        assert!(Position::parse("0x3").is_err());
        assert_eq!(
            Position::parse("..X|O..").expect("a board").notation(),
            "..#|#.."
        );
        assert!(matches!(
            Position::parse("99999999999999999999x3"),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    #[test]
    fn a_budget_and_a_stop_end_the_search() {
        let p = Position::rectangle(6, 6).expect("6x6");
        assert!(matches!(
            winner(&p, false, Some(10), &NoProgress),
            Err(PartizanError::TooLarge { .. })
        ));
        let stop = |_: Work| std::ops::ControlFlow::Break(());
        assert!(matches!(
            winner(&Position::rectangle(8, 8).expect("8x8"), false, None, &stop),
            Err(PartizanError::Interrupted)
        ));
    }

    /// A search cut short again and again by its budget, each run resuming from what the
    /// last settled, ends with the answer of one whole search, on either number of threads;
    /// a search resumed from a finished one's settled positions answers at once.
    #[test]
    fn searches_cut_short_resume_to_the_same_answer() {
        for (board, threads, every_move) in [
            ("7x7", 1, false),
            ("6x7", 2, false),
            ("6x7", 2, true),
            ("6x6", 1, true),
        ] {
            let p = Position::parse(board).expect("a board");
            let whole = winner_on(&p, every_move, None, &NoProgress, threads).expect("solved");
            // Each run a fifth of the whole search: several runs, each settling more.
            let budget = (whole.nodes / 5).max(500);
            let mut settled = Settled::default();
            let mut runs = 0;
            let answer = loop {
                runs += 1;
                assert!(runs < 100, "{board}: no answer after {runs} runs");
                let heard = AtomicUsize::new(0);
                let on_settle = |s: &Settled| {
                    heard.store(s.positions.len(), Ordering::Relaxed);
                };
                let resume = Resume {
                    settled: settled.clone(),
                    keep_from: 16,
                    max_settled: MAX_SETTLED,
                    on_settle: &on_settle,
                };
                let (answer, now) =
                    winner_resuming(&p, every_move, Some(budget), &NoProgress, threads, resume);
                // What was settled stays (a position proved again keeps the dearer cost),
                // the hook heard every addition, and a run cut short settled something new.
                assert!(settled.positions.iter().all(|(k, v)| now
                    .positions
                    .get(k)
                    .is_some_and(|n| n.wins == v.wins && n.work >= v.work)));
                let told = heard.load(Ordering::Relaxed);
                assert!(told == 0 || told == now.positions.len());
                assert!(
                    answer.is_ok() || now.positions.len() > settled.positions.len(),
                    "{board}, {threads} threads, every move {every_move}: run {runs} settled nothing"
                );
                settled = now;
                match answer {
                    Ok(report) => break report,
                    Err(PartizanError::TooLarge { .. }) => continue,
                    Err(e) => panic!("{board}: {e}"),
                }
            };
            assert!(runs > 2, "{board}: {runs} runs");
            let same = |r: &WinnerReport| WinnerReport {
                nodes: 0,
                ..r.clone()
            };
            assert_eq!(same(&answer), same(&whole), "{board}");
            let resume = Resume {
                settled,
                keep_from: 16,
                max_settled: MAX_SETTLED,
                on_settle: &|_| {},
            };
            let (again, _) = winner_resuming(&p, every_move, None, &NoProgress, threads, resume);
            let again = again.expect("solved");
            assert_eq!(same(&again), same(&whole), "{board}");
            assert!(again.nodes < 64 * 64, "{board}: {} positions", again.nodes);
        }
    }

    /// Past its most positions kept, a search keeps the dearer ones (the bar doubles), and
    /// they still resume to the same answer.
    #[test]
    fn the_settled_positions_kept_are_bounded() {
        let p = Position::rectangle(6, 6).expect("6x6");
        let whole = winner_on(&p, false, None, &NoProgress, 1).expect("solved");
        let all = |max_settled| {
            let resume = Resume {
                settled: Settled::default(),
                keep_from: 1,
                max_settled,
                on_settle: &|_| {},
            };
            winner_resuming(&p, false, None, &NoProgress, 1, resume).1
        };
        let (unbounded, bounded) = (all(MAX_SETTLED), all(40));
        assert!(unbounded.positions.len() > 40);
        assert!(bounded.positions.len() <= 40);
        // The bar rose above the cheapest kept without a bound: the dearest stay.
        let least = |s: &Settled| s.positions.values().map(|p| p.work).min().unwrap_or(0);
        assert!(least(&bounded) > least(&unbounded));
        let resume = Resume {
            settled: bounded,
            keep_from: 1,
            max_settled: 40,
            on_settle: &|_| {},
        };
        let (again, _) = winner_resuming(&p, false, None, &NoProgress, 1, resume);
        let again = again.expect("solved");
        assert!(again.nodes < whole.nodes);
        assert_eq!(
            WinnerReport { nodes: 0, ..again },
            WinnerReport { nodes: 0, ..whole }
        );
    }

    #[test]
    fn every_first_move_is_judged_by_the_position_it_leaves() {
        // 2×2: each player's first move leaves the other without a move.
        let report = winner(
            &Position::parse("..|..").expect("2x2"),
            true,
            None,
            &NoProgress,
        )
        .expect("solved");
        assert_eq!(report.outcome, conway_partizan::Outcome::Next);
        let every = report.left_first.every_move.expect("asked for");
        assert_eq!(every.len(), 2);
        assert!(every.iter().all(|m| m.wins));
        assert_eq!(
            every[0].description,
            "Left places a vertical domino on a1–a2"
        );
    }

    /// The table stays small until the search has put in half as many entries as the small
    /// one has slots, then grows to its full size with every entry the small one held.
    #[test]
    fn the_table_grows_once_well_used_and_keeps_its_entries() {
        let table = Table::new(SMALL_TABLE_BITS + 3, false, &NoProgress).expect("made");
        let threshold = 1u64 << (SMALL_TABLE_BITS - 1);
        let key = |i: u64| u128::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        for i in 0..threshold {
            table
                .put(key(i), i % 2 == 0, i % 3 == 0, 1 + i % 5, (&NoProgress, 0))
                .expect("no stop");
        }
        assert!(table.large.get().is_none());
        let held: Vec<(u64, Option<bool>)> = (0..threshold)
            .map(|i| (i, table.get(key(i), i % 2 == 0)))
            .collect();
        let found = held.iter().filter(|(_, wins)| wins.is_some()).count();
        assert!(found as u64 > threshold * 3 / 4, "{found} of {threshold}");
        for &(i, wins) in &held {
            assert!(wins.is_none() || wins == Some(i % 3 == 0));
        }
        table
            .put(key(threshold), true, true, 1, (&NoProgress, 0))
            .expect("no stop");
        assert!(table.large.get().is_some());
        // Whatever the small table held when it grew (the last put included) is kept.
        for i in 0..=threshold {
            let left = i % 2 == 0 || i == threshold;
            if let Some(wins) = table.small.get(key(i), left) {
                assert_eq!(table.get(key(i), left), Some(wins), "entry {i}");
            }
        }
        // A small search on a large board never grows it.
        let small = Table::new(SMALL_TABLE_BITS + 3, false, &NoProgress).expect("made");
        small
            .put(1, true, true, 1, (&NoProgress, 0))
            .expect("no stop");
        assert!(small.large.get().is_none());
        let full = Table::new(SMALL_TABLE_BITS + 3, true, &NoProgress).expect("made");
        assert!(full.large.get().is_some());
        // A stop asked for while the full size is made leaves the table small.
        let stopped = Table::new(SMALL_TABLE_BITS + 3, false, &NoProgress).expect("made");
        for i in 0..threshold {
            stopped
                .put(key(i), true, true, 1, (&NoProgress, 0))
                .expect("no stop");
        }
        let stop = |_: Work| std::ops::ControlFlow::Break(());
        assert_eq!(
            stopped.put(key(threshold), true, true, 1, (&stop, 0)),
            Err(Interrupted)
        );
        assert!(stopped.large.get().is_none());
    }

    /// A slot reads back what was written, and reads as a miss while a writer holds it.
    #[test]
    fn a_slot_being_written_reads_as_a_miss() {
        let slot = Slot::default();
        assert_eq!(slot.read(), Some((0, 0)));
        slot.write(u128::MAX - 5, 7 | (9 << 32));
        assert_eq!(slot.read(), Some((u128::MAX - 5, 7 | (9 << 32))));
        assert_eq!(slot.work(), 9);
        slot.sequence.fetch_add(1, Ordering::Relaxed);
        assert_eq!(slot.read(), None);
        // A second writer skips a held slot instead of waiting.
        slot.write(1, 1);
        slot.sequence.fetch_add(1, Ordering::Relaxed);
        assert_eq!(slot.read(), Some((u128::MAX - 5, 7 | (9 << 32))));
    }

    /// The answer, winning moves included, is the same on one thread and on several (only
    /// the count of positions may differ).
    #[test]
    fn any_number_of_threads_gives_the_same_answer() {
        for text in ["5x6", "6x5", "..#...|......|.#....|......|....#."] {
            let position = Position::parse(text).expect("a board");
            for every_move in [false, true] {
                let one = winner_on(&position, every_move, None, &NoProgress, 1).expect("solved");
                for threads in [2, 3] {
                    let many = winner_on(&position, every_move, None, &NoProgress, threads)
                        .expect("solved");
                    assert_eq!(
                        WinnerReport { nodes: 0, ..many },
                        WinnerReport {
                            nodes: 0,
                            ..one.clone()
                        },
                        "{text}"
                    );
                }
            }
        }
    }

    fn arb_board() -> impl Strategy<Value = String> {
        boards(1..=5, 1..=6, 0.5..0.8)
    }

    /// Boards of `rows` × `columns` squares, each empty with a chance in `density`.
    fn boards(
        rows: std::ops::RangeInclusive<usize>,
        columns: std::ops::RangeInclusive<usize>,
        density: std::ops::Range<f64>,
    ) -> impl Strategy<Value = String> {
        (rows, columns, density).prop_flat_map(|(h, w, density)| {
            proptest::collection::vec(proptest::bool::weighted(density), h * w).prop_map(
                move |free| {
                    free.chunks(w)
                        .map(|row| {
                            row.iter()
                                .map(|&f| if f { '.' } else { '#' })
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                        .join("|")
                },
            )
        })
    }

    /// Σ⌊run/2⌋ along one player's lines, square by square: the oracle for the count.
    fn most_dominoes_by_lines(shape: Shape, squares: u128, left: bool) -> u32 {
        let (lines, along) = if left {
            (shape.width, shape.height)
        } else {
            (shape.height, shape.width)
        };
        let mut count = 0;
        for line in 0..lines {
            let mut run = 0;
            for at in 0..=along {
                let (r, c) = if left { (at, line) } else { (line, at) };
                if at < along && squares & shape.bit(r, c) != 0 {
                    run += 1;
                } else {
                    count += run / 2;
                    run = 0;
                }
            }
        }
        count
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The count of disjoint dominoes done all at once equals the count line by line,
        /// on random boards of every shape the bitboards hold, tall and wide.
        #[test]
        fn most_dominoes_equals_the_count_line_by_line(
            (height, width) in (1usize..=64, 1usize..=MAX_COLUMNS)
                .prop_filter("fits", |&(h, w)| h * (w + 1) <= MAX_BITS),
            bits in any::<u128>(),
        ) {
            let full = Position::rectangle(height, width).expect("fits").empty;
            let shape = Shape { width, height };
            for left in [true, false] {
                let side = Side::of(left, shape);
                prop_assert_eq!(
                    side.most_dominoes(bits & full),
                    most_dominoes_by_lines(shape, bits & full, left)
                );
            }
        }

        /// The most moves after one square of each of two lines is taken, or after a
        /// domino is placed, found for every square at once, equal the count afresh.
        #[test]
        fn most_losses_equal_the_count_afresh(
            (height, width) in (1usize..=64, 1usize..=MAX_COLUMNS)
                .prop_filter("fits", |&(h, w)| h * (w + 1) <= MAX_BITS),
            bits in any::<u128>(),
        ) {
            let empty = bits & Position::rectangle(height, width).expect("fits").empty;
            let shape = Shape { width, height };
            for left in [true, false] {
                let (side, other) = (Side::of(left, shape), Side::of(!left, shape));
                let losses = side.most_losses(empty);
                let most = side.most_dominoes(empty);
                for square in squares_of(side.placements(empty)) {
                    let domino = (1u128 << square) | (1u128 << (square + side.step));
                    prop_assert_eq!(
                        losses.after_placing(most, square),
                        side.most_dominoes(empty & !domino)
                    );
                }
                // The other side's dominoes cross this side's lines.
                for square in squares_of(other.placements(empty)) {
                    let domino = (1u128 << square) | (1u128 << (square + other.step));
                    prop_assert_eq!(
                        losses.after_crossing(most, domino),
                        side.most_dominoes(empty & !domino)
                    );
                }
            }
        }

        /// Every verdict the counting arguments give before any search (safe moves, corners,
        /// vulnerable placements, room) is the canonical form's, for either player to move.
        #[test]
        fn counting_verdicts_agree_with_canonical_forms(text in arb_board()) {
            let position = Position::parse(&text).expect("a board");
            let outcome = by_canonical_form(&text);
            for left in [true, false] {
                let me = Side::of(left, position.shape);
                let them = Side::of(!left, position.shape);
                let verdict = match Counts::of(me, them, position.empty, None) {
                    Err(verdict) => Some(verdict),
                    Ok(counts) => counts.contested(),
                };
                if let Some(wins) = verdict {
                    prop_assert_eq!(
                        wins,
                        crate::outcome::mover_wins(outcome, left),
                        "{} left {}",
                        text,
                        left
                    );
                }
            }
        }
    }

    /// The count in two piles settles positions neither other count does only on larger
    /// boards (about one random position in 400 of up to 8 x 8, mostly with 17 to 30 empty
    /// squares), too rarely for the random boards above: seek such positions among many
    /// and check each verdict against the canonical form.
    #[test]
    fn verdicts_by_two_piles_agree_with_canonical_forms() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let boards = boards(4..=8, 4..=8, 0.55..0.85);
        let mut runner = TestRunner::deterministic();
        let mut checked = 0;
        for _ in 0..100_000 {
            let text = boards.new_tree(&mut runner).expect("a board").current();
            let position = Position::parse(&text).expect("a board");
            if position.empty_squares() > 30 {
                continue;
            }
            for left in [true, false] {
                let me = Side::of(left, position.shape);
                let them = Side::of(!left, position.shape);
                let Ok(counts) = Counts::of(me, them, position.empty, None) else {
                    continue;
                };
                if let Some((wins, ClaimCount::TwoPiles)) = counts.contested_by() {
                    let outcome = by_canonical_form(&text);
                    assert_eq!(
                        wins,
                        crate::outcome::mover_wins(outcome, left),
                        "{text} {left}"
                    );
                    checked += 1;
                }
            }
            if checked >= 60 {
                break;
            }
        }
        assert!(
            checked >= 60,
            "{checked} positions settled by the two piles"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The search's outcome class is the canonical form's on random boards, and each
        /// winning first move reported leaves a position the opponent loses.
        #[test]
        fn outcomes_agree_with_canonical_forms(text in arb_board()) {
            let report = searched(&text);
            prop_assert_eq!(report.outcome, by_canonical_form(&text));
            for (start, left) in [(&report.left_first, true), (&report.right_first, false)] {
                prop_assert_eq!(start.winner == "Left", left != start.winning_moves.is_empty());
            }
        }
    }
}
