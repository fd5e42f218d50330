//! Thermographs (Winning Ways ch. 6; Siegel, CGT II.5): the walls of a game cooled by every
//! temperature t ≥ −1, computed exactly.
//!
//! An integer's thermograph is a vertical mast. Otherwise Left's scaffold is the maximum of the
//! right walls of the Left options tilted by −t, Right's scaffold the minimum of the left walls
//! of the Right options tilted by +t; where Left's scaffold is at least Right's, the walls are
//! the scaffolds ("hill"); where it is smaller, the game
//! cooled to that temperature is a number and both walls follow one vertical mast ("cave"),
//! starting from the crossing point (or, at the base t = −1, from the number between the
//! scaffolds nearest 0) and moving only when a scaffold pushes it.
//!
//! A number's thermograph has a closed form ([`Thermograph::of_number`]): its walls zig-zag
//! down through the chain of options of its canonical form, one corner per halving of the
//! denominator, so a number with denominator 2^k has walls of about k pieces whose values
//! have about k bits. Those are built directly, not through the options of the store, and
//! refused above [`MAX_NUMBER_EXPONENT`]: CGSuite's text of such a thermograph already runs
//! to about 0.15·k² digits.

use std::collections::HashMap;
use std::fmt;

use conway_numbers::Dyadic;

use super::trajectory::{assemble, base, elementary_intervals, Segment, Trajectory};
use crate::{GameId, Nus, PartizanError, Store};

/// The largest denominator exponent k (denominator 2^k) of a number whose thermograph is
/// computed, here and inside the thermograph of any game containing it.
pub const MAX_NUMBER_EXPONENT: u32 = 1024;

/// A thermograph: Left's wall and Right's wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (Left's stop when the game is cooled by t).
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
}

impl Thermograph {
    /// The thermograph of a number's vertical mast from t = −1.
    pub fn mast(value: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(value.clone()),
            right: Trajectory::constant(value),
        }
    }

    /// The thermograph of the number `x`, in closed form: for x = m/2^k with k ≥ 1 Left's
    /// wall is the right wall of x − 2^−k tilted by −t below temperature −2^−k, and that
    /// wall is in turn the left wall of the next option up, and so on until an integer is
    /// reached (Right's wall likewise, starting upwards). Refused when k is above
    /// [`MAX_NUMBER_EXPONENT`].
    pub fn of_number(x: &Dyadic) -> Result<Thermograph, PartizanError> {
        let k = x.denominator_exponent();
        if k > MAX_NUMBER_EXPONENT {
            return Err(PartizanError::TooLarge {
                what: "the thermograph of a number with denominator 2^k".into(),
                size: format!("k = {k}"),
                limit: MAX_NUMBER_EXPONENT.to_string(),
            });
        }
        Ok(Thermograph {
            left: number_wall(x, -1),
            right: number_wall(x, 1),
        })
    }

    /// The mean value: where the mast stands.
    pub fn mean(&self) -> &Dyadic {
        self.left.mast()
    }

    /// The temperature: where the mast begins (−1 for integers).
    pub fn temperature(&self) -> &Dyadic {
        self.left.top_start().max(self.right.top_start())
    }

    /// The thermograph of `{L | R}` from the scaffolds (already tilted).
    pub fn from_scaffolds(left_scaffold: &Trajectory, right_scaffold: &Trajectory) -> Thermograph {
        let intervals = elementary_intervals(left_scaffold, right_scaffold);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut cave: Option<Dyadic> = None;
        for (k, (start, probe)) in intervals.iter().enumerate() {
            let ls_here = left_scaffold.value_at(start);
            let rs_here = right_scaffold.value_at(start);
            if left_scaffold.value_at(probe) >= right_scaffold.value_at(probe) {
                left.push(Segment {
                    start: start.clone(),
                    value: ls_here,
                    slope: left_scaffold.slope_at(start),
                });
                right.push(Segment {
                    start: start.clone(),
                    value: rs_here,
                    slope: right_scaffold.slope_at(start),
                });
                cave = None;
                continue;
            }
            let mast = match cave.take() {
                Some(v) => v,
                // A cave right at the base: the number between the scaffolds closest to 0.
                None if k == 0 => Dyadic::zero().max(ls_here).min(rs_here),
                None => ls_here,
            };
            let end = intervals.get(k + 1).map(|(next, _)| next);
            let (pieces, mast_at_end) = cave_mast(left_scaffold, right_scaffold, start, end, mast);
            left.extend(pieces.iter().cloned());
            right.extend(pieces);
            cave = Some(mast_at_end);
        }
        Thermograph {
            left: assemble(left),
            right: assemble(right),
        }
    }
}

/// One wall of the number `x`: Left's for `toward` −1, Right's for +1. From the top down,
/// the wall alternates between a piece tilted by `toward` (the wall of the option one unit
/// of the last denominator toward `toward`) and a vertical piece (the option back one unit
/// of its own denominator), each ending where the next number's own mast begins.
fn number_wall(x: &Dyadic, toward: i64) -> Trajectory {
    let unit = |y: &Dyadic| Dyadic::new(1, y.denominator_exponent());
    let mast_start = |y: &Dyadic| {
        if y.is_integer() {
            base()
        } else {
            -unit(y)
        }
    };
    let mut top_down = vec![Segment {
        start: mast_start(x),
        value: x.clone(),
        slope: 0,
    }];
    let (mut y, mut tilted) = (x.clone(), true);
    while !y.is_integer() {
        let step = unit(&y);
        let (slope, sign) = if tilted {
            (toward, toward)
        } else {
            (0, -toward)
        };
        y = if sign < 0 { &y - &step } else { &y + &step };
        let start = mast_start(&y);
        // On the piece the wall is y + slope·t.
        let value = &y + &(&Dyadic::from_integer(slope) * &start);
        top_down.push(Segment {
            start,
            value,
            slope,
        });
        tilted = !tilted;
    }
    top_down.reverse();
    assemble(top_down)
}

/// The mast through a cave interval [start, end) on which both scaffolds are linear: vertical
/// unless a scaffold crosses it, in which case it follows that scaffold.
fn cave_mast(
    ls: &Trajectory,
    rs: &Trajectory,
    start: &Dyadic,
    end: Option<&Dyadic>,
    mast: Dyadic,
) -> (Vec<Segment>, Dyadic) {
    let mut points = vec![start.clone()];
    for (scaffold, sign) in [(ls, 1), (rs, -1)] {
        let slope = scaffold.slope_at(start);
        let pushes = sign * slope > 0;
        if pushes {
            // The scaffold reaches the mast at start + (mast − value)/slope (slope is ±1).
            let t = start + &(&(&mast - &scaffold.value_at(start)) * &Dyadic::from_integer(slope));
            if &t > start && end.is_none_or(|e| &t < e) {
                points.push(t);
            }
        }
    }
    points.sort();
    points.dedup();
    let mut pieces = Vec::new();
    let mut current = mast;
    for (i, p) in points.iter().enumerate() {
        let probe = match points.get(i + 1).or(end) {
            Some(q) => (p + q).half(),
            None => p + &Dyadic::one(),
        };
        let piece = if ls.value_at(&probe) > current {
            Segment {
                start: p.clone(),
                value: ls.value_at(p),
                slope: ls.slope_at(p),
            }
        } else if rs.value_at(&probe) < current {
            Segment {
                start: p.clone(),
                value: rs.value_at(p),
                slope: rs.slope_at(p),
            }
        } else {
            Segment {
                start: p.clone(),
                value: current.clone(),
                slope: 0,
            }
        };
        if let Some(q) = points.get(i + 1).or(end) {
            current = &piece.value + &(&Dyadic::from_integer(piece.slope) * &(q - p));
        }
        pieces.push(piece);
    }
    (pieces, current)
}

impl fmt::Display for Thermograph {
    /// CGSuite's text: `Thermograph(mast,[temps],[slopes],mast,[temps],[slopes])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wall = |w: &Trajectory| {
            let (temps, slopes) = w.critical_points_and_slopes();
            let temps: Vec<String> = temps.iter().map(ToString::to_string).collect();
            let slopes: Vec<String> = slopes.iter().map(ToString::to_string).collect();
            format!("{},[{}],[{}]", w.mast(), temps.join(","), slopes.join(","))
        };
        write!(f, "Thermograph({},{})", wall(&self.left), wall(&self.right))
    }
}

/// Computes thermographs of stored games, remembering those of subpositions.
#[derive(Default)]
pub struct Thermographer {
    cache: HashMap<GameId, Thermograph>,
}

impl Thermographer {
    /// A calculator with an empty cache.
    pub fn new() -> Thermographer {
        Thermographer::default()
    }

    /// The thermograph of G; refused when G has a number with a denominator above
    /// 2^[`MAX_NUMBER_EXPONENT`] among its subpositions.
    pub fn thermograph(
        &mut self,
        store: &mut Store,
        g: GameId,
    ) -> Result<Thermograph, PartizanError> {
        if let Some(t) = self.cache.get(&g) {
            return Ok(t.clone());
        }
        let result = match store.as_nus(g).cloned() {
            Some(n) if n.is_number() => Thermograph::of_number(&n.number)?,
            Some(n) if representative(&n) != n => {
                // x + ↑n + *m has the thermograph of x + *, or of x ± ↑ (CGSuite's rule,
                // checked against the recursion in the tests); this keeps *m for huge m cheap.
                let r = store.nus(&representative(&n));
                self.thermograph(store, r)?
            }
            _ => self.by_options(store, g)?,
        };
        self.cache.insert(g, result.clone());
        Ok(result)
    }

    /// The mean value and the temperature of G. Those of a number-up-star value are known
    /// without its thermograph: x with −2^−k for a number of denominator 2^k (−1 for an
    /// integer), and x with 0 for x + ↑n + *m otherwise (the infinitesimal part freezes at
    /// once); so they are answered whatever the size of x. Other games are refused as
    /// [`Thermographer::thermograph`] is.
    pub fn mean_and_temperature(
        &mut self,
        store: &mut Store,
        g: GameId,
    ) -> Result<(Dyadic, Dyadic), PartizanError> {
        if let Some(n) = store.as_nus(g) {
            let temperature = match n.number.denominator_exponent() {
                _ if !n.is_number() => Dyadic::zero(),
                0 => base(),
                k => -Dyadic::new(1, k),
            };
            return Ok((n.number.clone(), temperature));
        }
        let t = self.thermograph(store, g)?;
        Ok((t.mean().clone(), t.temperature().clone()))
    }

    /// The thermograph of G from the thermographs of its canonical options.
    pub(crate) fn by_options(
        &mut self,
        store: &mut Store,
        g: GameId,
    ) -> Result<Thermograph, PartizanError> {
        store.try_descend()?;
        let (left, right) = store.options(g);
        let mut left_scaffold: Option<Trajectory> = None;
        for gl in left {
            let wall = self.thermograph(store, gl)?.right;
            left_scaffold = Some(match left_scaffold {
                Some(s) => s.max(&wall),
                None => wall,
            });
        }
        let mut right_scaffold: Option<Trajectory> = None;
        for gr in right {
            let wall = self.thermograph(store, gr)?.left;
            right_scaffold = Some(match right_scaffold {
                Some(s) => s.min(&wall),
                None => wall,
            });
        }
        Ok(match (left_scaffold, right_scaffold) {
            (Some(l), Some(r)) => Thermograph::from_scaffolds(&l.tilt(-1), &r.tilt(1)),
            // Only integers lack options on a side, and they have a vertical mast.
            _ => match store.as_number(g) {
                Some(x) => Thermograph::mast(x.clone()),
                None => unreachable!("a canonical non-number has options on both sides"),
            },
        })
    }
}

/// The number-up-star value with the same thermograph and the fewest options: x + * for a
/// star alone or for ↑* and ↓*, otherwise x + ↑ or x + ↓.
fn representative(n: &Nus) -> Nus {
    let (ups, nimber) = match (n.ups, n.nimber) {
        (0, m) => (0, u64::from(m > 0)),
        (1 | -1, 1) => (0, 1),
        (u, _) => (u.signum(), 0),
    };
    Nus {
        number: n.number.clone(),
        ups,
        nimber,
    }
}

/// The mean value and the temperature of G (see [`Thermographer::mean_and_temperature`]).
pub fn mean_and_temperature(
    store: &mut Store,
    g: GameId,
) -> Result<(Dyadic, Dyadic), PartizanError> {
    Thermographer::new().mean_and_temperature(store, g)
}

/// The thermograph of G; refused when G has a number with a denominator above
/// 2^[`MAX_NUMBER_EXPONENT`] among its subpositions.
pub fn thermograph(store: &mut Store, g: GameId) -> Result<Thermograph, PartizanError> {
    Thermographer::new().thermograph(store, g)
}
