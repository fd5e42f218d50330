//! What each side is sure of and what it can at most do: safe moves, contested resources
//! claimed in piles, the opponent's most moves, and the verdicts they give without search.

use super::board::*;

/// One player's view of the board: the direction of its dominoes.
#[derive(Clone, Copy)]
pub(super) struct PlayerView {
    pub(super) left: bool,
    /// The distance between a domino's two squares: the stride for Left, 1 for Right.
    pub(super) step: usize,
    /// The squares an even number of steps from the edge where this player's lines start
    /// (even rows for Left, even columns for Right).
    pub(super) even: u128,
    /// `even` with the bits in reverse order: the board seen from its last square, where
    /// runs are counted from their ends.
    pub(super) even_reversed: u128,
    /// The squares on each of this player's lines: rows for Right, columns for Left.
    pub(super) length: usize,
}

impl PlayerView {
    #[inline]
    pub(super) fn of(left: bool, shape: Shape) -> PlayerView {
        let mut even = 0u128;
        for r in 0..shape.height {
            for c in 0..shape.width {
                if (if left { r } else { c }) % 2 == 0 {
                    even |= shape.bit(r, c);
                }
            }
        }
        PlayerView {
            left,
            step: if left { shape.stride() } else { 1 },
            even,
            even_reversed: even.reverse_bits(),
            length: if left { shape.height } else { shape.width },
        }
    }

    /// The squares where this player's domino can start (its other square `step` further).
    #[inline]
    pub(super) fn placements(self, empty: u128) -> u128 {
        empty & (empty >> self.step)
    }

    /// The squares covered by some placement.
    #[inline]
    pub(super) fn covered(self, placements: u128) -> u128 {
        placements | (placements << self.step)
    }

    /// The squares of `squares` reached from `seeds` (a subset) by steps along this
    /// player's lines without leaving `squares`: whole runs, for seeds at their starts.
    #[inline]
    pub(super) fn runs_from(self, squares: u128, seeds: u128) -> u128 {
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
    ///   safe squares bar a placement only where [`PlayerView::most_dominoes`] pairs them off):
    ///   one move each.
    /// - **options**: an empty square beside a safe move (see below), held from the
    ///   opponent with the squares across from it that die with it.
    ///
    /// Then the **exposed** placements: those left out only because an opponent domino
    /// touching them touches a claim too, counted apart (with them, one opponent move takes
    /// away at most two claims).
    #[inline]
    pub(super) fn resources(
        self,
        empty: u128,
        mine: u128,
        theirs: u128,
        safe: u128,
        them: PlayerView,
    ) -> Resources {
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

    /// The placements of `mine` worth trying, with this player's `safe` squares (no
    /// opponent placement covers them): all but the safe moves (both squares safe) when an
    /// [end placement](PlayerView::end_placements) is not a safe move, or all but one end
    /// placement of the safe moves; every placement when there is no end placement.
    /// Whatever a safe move wins, an end placement wins too (proved in the module's doc).
    #[inline]
    pub(super) fn worth_trying(self, empty: u128, mine: u128, safe: u128) -> u128 {
        let safe_moves = self.safe_moves(mine, safe);
        if safe_moves == 0 {
            return mine;
        }
        let ends = self.end_placements(empty, mine, safe);
        if ends & !safe_moves != 0 {
            mine & !safe_moves
        } else if ends != 0 {
            mine & !(safe_moves & !(ends & ends.wrapping_neg()))
        } else {
            mine
        }
    }

    /// The placements of `mine` on two `safe` squares.
    #[inline]
    pub(super) fn safe_moves(self, mine: u128, safe: u128) -> u128 {
        mine & safe & (safe >> self.step)
    }

    /// The *end placements* of `mine`: at one end of their run along this player's line
    /// (the square before it or the square past it is not empty), with the square past
    /// their other end not empty or `safe`.
    #[inline]
    pub(super) fn end_placements(self, empty: u128, mine: u128, safe: u128) -> u128 {
        // Per starting square. Past the board's edge nothing is empty: the rows' guard bits
        // and the bits shifted in.
        let closed_before = !(empty << self.step);
        let closed_after = !(empty >> (2 * self.step));
        mine & ((closed_before & (closed_after | (safe >> (2 * self.step))))
            | (closed_after & (safe << self.step)))
    }

    /// The most disjoint dominoes of this player that fit on `squares`: Σ⌊run/2⌋ along its
    /// lines, counted all at once as [`PlayerView::paired_starts`].
    #[inline]
    pub(super) fn most_dominoes(self, squares: u128) -> u32 {
        self.paired_starts(squares).count_ones()
    }

    /// The squares where a domino starts when each run of `squares` along this player's
    /// lines is paired off from its start.
    #[inline]
    pub(super) fn paired_starts(self, squares: u128) -> u128 {
        self.even_offsets(squares, self.even) & (squares >> self.step)
    }

    /// The squares of `squares` an even number of steps from the start of their run along
    /// this player's lines, where the positions in `even` are the even ones.
    #[inline]
    pub(super) fn even_offsets(self, squares: u128, even: u128) -> u128 {
        let starts = squares & !(squares << self.step);
        let from_even = self.runs_from(squares, starts & even);
        (from_even & even) | (squares & !from_even & !even)
    }

    /// The squares of `squares` an even number of steps from the end of their run: the same
    /// count on the board read backwards (its lines stay lines, a step apart, and what lies
    /// past each run's end is still never in `squares`).
    #[inline]
    pub(super) fn even_offsets_from_ends(self, squares: u128) -> u128 {
        self.even_offsets(squares.reverse_bits(), self.even_reversed)
            .reverse_bits()
    }

    /// How [`PlayerView::most_dominoes`] on `squares` changes as squares are taken, for every
    /// square at once: Σ⌊run/2⌋ drops by one when a run loses a square, except when the run
    /// is odd and the square an even number of steps from both its ends; and by one when it
    /// loses a domino, except when the run is even and the domino starts an odd number of
    /// steps from its start: then by two.
    #[inline]
    pub(super) fn most_losses(self, squares: u128) -> MostLosses {
        let from_start = self.even_offsets(squares, self.even);
        let from_end = self.even_offsets_from_ends(squares);
        MostLosses {
            free_squares: from_start & from_end,
            dear_dominoes: squares & !from_start & from_end,
        }
    }
}

/// [`PlayerView::most_losses`]: the squares whose loss costs a side nothing of its most moves,
/// and the starts of its dominoes whose placement costs it two.
#[derive(Clone, Copy)]
pub(super) struct MostLosses {
    pub(super) free_squares: u128,
    pub(super) dear_dominoes: u128,
}

impl MostLosses {
    /// The most moves left after the other side takes the squares `taken` (one on each of
    /// two of this side's lines).
    #[inline]
    pub(super) fn after_crossing(self, most: u32, taken: u128) -> u32 {
        most + (taken & self.free_squares).count_ones() - taken.count_ones()
    }

    /// The most moves left after this side places the domino starting at `square`.
    #[inline]
    pub(super) fn after_placing(self, most: u32, square: usize) -> u32 {
        most - 1 - u32::from(self.dear_dominoes >> square & 1 == 1)
    }
}

/// Per player (Right, Left) and starting square, the rank of a placement by where it lies:
/// on lines across the player's direction, counted from the nearer edge, the second and
/// fourth lines come first, with the dominoes that pair off from the nearer end of the run
/// before the others; then the third line, then the edge lines. A placement on the second
/// line turns the edge squares beside it into the player's safe squares.
#[inline]
pub(super) fn placement_ranks(shape: Shape) -> [[u8; 128]; 2] {
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
pub(super) struct Counts {
    pub(super) empty: u128,
    pub(super) mover: PlayerCounts,
    pub(super) opponent: PlayerCounts,
}

/// One side's part of [`Counts`].
pub(super) struct PlayerCounts {
    pub(super) side: PlayerView,
    pub(super) placements: u128,
    /// The squares the other side can never cover, and this side's dominoes on them.
    pub(super) safe_squares: u128,
    pub(super) safe: u32,
    /// The most disjoint dominoes of this side that fit now.
    pub(super) most: u32,
}

/// The dominoes counted for [`Counts`] with the mover to play: each side's safe moves and
/// most moves. They cost the most of a position's counts, and a parent finds its children's
/// when it orders its moves, so it hands them down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tally {
    pub(super) my_safe: u32,
    pub(super) my_most: u32,
    pub(super) their_safe: u32,
    pub(super) their_most: u32,
}

impl Tally {
    #[inline]
    pub(super) fn of(
        me: PlayerView,
        them: PlayerView,
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
    #[inline]
    pub(super) fn verdict(self) -> Option<bool> {
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
    #[inline]
    pub(super) fn of(
        me: PlayerView,
        them: PlayerView,
        empty: u128,
        known: Option<Tally>,
    ) -> Result<Counts, bool> {
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
            mover: PlayerCounts {
                side: me,
                placements: mine,
                safe_squares: my_safe_squares,
                safe: tally.my_safe,
                most: tally.my_most,
            },
            opponent: PlayerCounts {
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
    #[inline]
    pub(super) fn contested(&self) -> Option<bool> {
        self.contested_by().map(|(wins, _)| wins)
    }

    /// [`Counts::contested`], and which count of the claims settled it.
    #[inline]
    pub(super) fn contested_by(&self) -> Option<(bool, ClaimCount)> {
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
    #[inline]
    pub(super) fn holds(
        &self,
        holder: &PlayerCounts,
        other: &PlayerCounts,
        first: bool,
    ) -> Option<ClaimCount> {
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
pub(super) enum ClaimCount {
    /// The claims no opponent domino touches two of: one taken away a move.
    OnePile,
    /// With the exposed placements: two taken away a move.
    WithExposed,
    /// The claims near no exposed placement apart, one taken away a move, and the rest
    /// with the exposed placements, two a move.
    TwoPiles,
}

/// Squares claimed for contested resources, and the opponent placements that touch them.
pub(super) struct Claims {
    pub(super) taken: u128,
    pub(super) zones: u128,
    /// The opponent's placements, and the distance between their two squares.
    pub(super) theirs: u128,
    pub(super) across: usize,
}

impl Claims {
    /// Claims `squares` unless one is taken already or an opponent domino touching them
    /// touches something claimed: then each opponent move takes away at most one claim.
    #[inline]
    pub(super) fn claim(&mut self, squares: u128) -> bool {
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
#[inline]
pub(super) fn squares_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            square
        })
    })
}

/// A player's contested resources ([`PlayerView::resources`]), by how many of them one opponent
/// move can take away.
#[derive(Clone, Copy, Default)]
pub(super) struct Resources {
    /// The claims: no opponent domino touches two, so one move takes away at most one.
    pub(super) claims: Pile,
    /// The claims an opponent domino may touch together with an exposed placement.
    pub(super) near: Pile,
    /// Placements disjoint from the claims but touched by an opponent domino that also
    /// touches a claim: with them, one opponent move takes away at most two.
    pub(super) exposed: Pile,
}

/// Claims of each kind, each marked by one square ([`PlayerView::resources`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Marks {
    pub(super) corners: u128,
    /// Vulnerable placements with both squares open to the opponent, and with one safe.
    pub(super) placements: u128,
    pub(super) half_safe: u128,
    /// Options, by how many squares the opponent loses with each (one, two or three).
    pub(super) options: [u128; 3],
}

impl Marks {
    #[inline]
    pub(super) fn pile(&self) -> Pile {
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
pub(super) struct Pile {
    pub(super) corners: u32,
    pub(super) placements: u32,
    /// The placements with one square safe (the opponent could never use it).
    pub(super) half_safe: u32,
    /// Squares beside safe moves that the player can hold from the opponent, by how many
    /// squares the opponent loses with each (one, two or three).
    pub(super) options: [u32; 3],
}

/// How many claims one opponent move can take away from a pile: one, or two (a domino
/// covers two squares and no two claims share one).
#[derive(Clone, Copy)]
pub(super) enum Reach {
    One,
    Two,
}

/// What a player is sure of from a pile of claims: moves, the corners among them, and the
/// measure against the opponent's room ([`Pile::room_measure`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Share {
    pub(super) moves: u32,
    pub(super) corners: u32,
    pub(super) room_measure: u32,
}

impl std::ops::Add for Share {
    type Output = Share;
    #[inline]
    fn add(self, other: Share) -> Share {
        Share {
            moves: self.moves + other.moves,
            corners: self.corners + other.corners,
            room_measure: self.room_measure + other.room_measure,
        }
    }
}

impl Pile {
    #[inline]
    pub(super) fn plus(self, other: Pile) -> Pile {
        Pile {
            corners: self.corners + other.corners,
            placements: self.placements + other.placements,
            half_safe: self.half_safe + other.half_safe,
            options: [0, 1, 2].map(|i| self.options[i] + other.options[i]),
        }
    }

    /// `self` without the claims of `part` (a part of it).
    #[inline]
    pub(super) fn less(self, part: Pile) -> Pile {
        Pile {
            corners: self.corners - part.corners,
            placements: self.placements - part.placements,
            half_safe: self.half_safe - part.half_safe,
            options: [0, 1, 2].map(|i| self.options[i] - part.options[i]),
        }
    }

    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.corners == 0 && self.placements == 0 && self.options == [0; 3]
    }

    /// The player's picks among the first `n` claims of a list, against an opponent that
    /// takes away `reach` claims a move: on its turn the player takes the best claim left,
    /// the opponent takes away the best ones left, so the player's picks are every
    /// (reach + 1)-th, from the first when it moves first and after the opponent's first
    /// reply otherwise; and each pick is at least as good as the claim in that place.
    #[inline]
    pub(super) fn picks_below(n: u32, first: bool, reach: Reach) -> u32 {
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
    #[inline]
    pub(super) fn share(self, first: bool, reach: Reach) -> Share {
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
    #[inline]
    pub(super) fn moves_and_corners(self, first: bool, reach: Reach) -> (u32, u32) {
        let corners = Self::picks_below(self.corners, first, reach);
        let taken = Self::picks_below(self.corners + self.placements, first, reach) - corners;
        (2 * corners + taken, corners)
    }

    /// Against the opponent's room (the squares it can reach, of which it fills two a
    /// move): twice the moves the player is sure to make plus the squares of the room those
    /// moves and its options hold, in one measure. The list, best first: corners (two
    /// moves on four squares: 8), placements (4), half-safe placements and options that
    /// hold three squares (3), options holding two (2), then one (1).
    #[inline]
    pub(super) fn room_measure(self, first: bool, reach: Reach) -> u32 {
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
