//! Trajectories: the walls of thermographs, as exact piecewise-linear functions of the
//! temperature t on [−1, ∞).
//!
//! A wall gives, for each temperature, a value; its pieces have integer slopes (−1, 0 or 1 in
//! every thermograph of a short game, since walls are tilted by exactly ±1 per move), so every
//! critical point and value stays a dyadic rational.

use conway_numbers::Dyadic;

/// One linear piece: from temperature `start` upwards (until the next piece) the value is
/// `value + slope · (t − start)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The temperature where the piece begins.
    pub start: Dyadic,
    /// The value at `start`.
    pub value: Dyadic,
    /// d(value)/dt on the piece.
    pub slope: i64,
}

impl Segment {
    fn value_at(&self, t: &Dyadic) -> Dyadic {
        &self.value + &times(self.slope, &(t - &self.start))
    }
}

/// A continuous piecewise-linear function on [−1, ∞), pieces in increasing order of start,
/// the first starting at −1, consecutive pieces with different slopes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    segments: Vec<Segment>,
}

/// The temperature where every trajectory begins.
pub fn base() -> Dyadic {
    Dyadic::from_integer(-1)
}

fn times(slope: i64, x: &Dyadic) -> Dyadic {
    &Dyadic::from_integer(slope) * x
}

/// x / d for a slope difference d; thermograph slopes are −1, 0, 1, so d is ±1 or ±2.
fn divide_by_slope_difference(x: &Dyadic, d: i64) -> Dyadic {
    let magnitude = match d.unsigned_abs() {
        1 => x.clone(),
        2 => x.half(),
        other => unreachable!("slope difference {other}: thermograph slopes are −1, 0 or 1"),
    };
    if d < 0 {
        -magnitude
    } else {
        magnitude
    }
}

impl Trajectory {
    /// The constant function.
    pub fn constant(value: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                start: base(),
                value,
                slope: 0,
            }],
        }
    }

    /// Builds a trajectory from pieces in increasing order, merging pieces that continue one
    /// another and dropping empty ones.
    fn from_pieces(pieces: Vec<Segment>) -> Trajectory {
        let mut segments: Vec<Segment> = Vec::with_capacity(pieces.len());
        for piece in pieces {
            match segments.last_mut() {
                Some(last) if last.start == piece.start => *last = piece,
                Some(last) if last.slope == piece.slope => {
                    debug_assert_eq!(last.value_at(&piece.start), piece.value, "continuous");
                }
                _ => segments.push(piece),
            }
        }
        Trajectory { segments }
    }

    /// The pieces, lowest first.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    fn segment_at(&self, t: &Dyadic) -> &Segment {
        let index = self.segments.partition_point(|s| &s.start <= t);
        &self.segments[index.saturating_sub(1)]
    }

    /// The value at temperature t ≥ −1.
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        self.segment_at(t).value_at(t)
    }

    /// The slope just above temperature t.
    pub fn slope_at(&self, t: &Dyadic) -> i64 {
        self.segment_at(t).slope
    }

    /// The value on the mast: the value of the top piece at its start (the top piece is
    /// vertical in every thermograph).
    pub fn mast(&self) -> &Dyadic {
        &self.top().value
    }

    /// Where the top piece begins.
    pub fn top_start(&self) -> &Dyadic {
        &self.top().start
    }

    fn top(&self) -> &Segment {
        self.segments
            .last()
            .unwrap_or_else(|| unreachable!("a trajectory has a piece"))
    }

    /// Critical temperatures (where the slope changes), highest first, with the slope above
    /// each and finally the slope below the lowest — CGSuite's order.
    pub fn critical_points_and_slopes(&self) -> (Vec<Dyadic>, Vec<i64>) {
        let temps = self.segments[1..]
            .iter()
            .rev()
            .map(|s| s.start.clone())
            .collect();
        let slopes = self.segments.iter().rev().map(|s| s.slope).collect();
        (temps, slopes)
    }

    /// The function t ↦ value(t) + s·t.
    pub fn tilt(&self, s: i64) -> Trajectory {
        Trajectory {
            segments: self
                .segments
                .iter()
                .map(|seg| Segment {
                    start: seg.start.clone(),
                    value: &seg.value + &times(s, &seg.start),
                    slope: seg.slope + s,
                })
                .collect(),
        }
    }

    /// Pointwise maximum.
    pub fn max(&self, other: &Trajectory) -> Trajectory {
        self.pointwise(other, true)
    }

    /// Pointwise minimum.
    pub fn min(&self, other: &Trajectory) -> Trajectory {
        self.pointwise(other, false)
    }

    fn pointwise(&self, other: &Trajectory, take_max: bool) -> Trajectory {
        let pieces = elementary_intervals(self, other)
            .into_iter()
            .map(|(start, probe)| {
                let (a, b) = (self.value_at(&probe), other.value_at(&probe));
                let winner = if (a >= b) == take_max { self } else { other };
                Segment {
                    value: winner.value_at(&start),
                    slope: winner.slope_at(&start),
                    start,
                }
            })
            .collect();
        Trajectory::from_pieces(pieces)
    }
}

/// Splits [−1, ∞) into intervals on which both functions are linear and do not cross, each
/// given by its start and a probe point strictly inside it.
pub fn elementary_intervals(a: &Trajectory, b: &Trajectory) -> Vec<(Dyadic, Dyadic)> {
    let mut points: Vec<Dyadic> = a
        .segments
        .iter()
        .chain(&b.segments)
        .map(|s| s.start.clone())
        .collect();
    points.sort();
    points.dedup();
    let mut crossings = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let (sa, sb) = (a.slope_at(p), b.slope_at(p));
        if sa == sb {
            continue;
        }
        // a(p) + sa·(c − p) = b(p) + sb·(c − p)
        let c = p + &divide_by_slope_difference(&(&b.value_at(p) - &a.value_at(p)), sa - sb);
        if &c > p && points.get(i + 1).is_none_or(|q| &c < q) {
            crossings.push(c);
        }
    }
    points.extend(crossings);
    points.sort();
    points.dedup();
    let one = Dyadic::one();
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let probe = match points.get(i + 1) {
                Some(q) => (p + q).half(),
                None => p + &one,
            };
            (p.clone(), probe)
        })
        .collect()
}

/// Builds a trajectory from pieces (used by the thermographic intersection).
pub(super) fn assemble(pieces: Vec<Segment>) -> Trajectory {
    Trajectory::from_pieces(pieces)
}
