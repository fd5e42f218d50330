//! The answers of `conway replicator` for a symmetric game: its rest points with their
//! stability ([`rest_points`]), or one trajectory from a starting population
//! ([`trajectory`]) after the checks a request needs — start shares that are a population,
//! a step and horizon of bounded work, payoffs that fit floating point.
//!
//! The dynamics themselves are in [`crate::evolutionary::dynamics`].

use num_traits::ToPrimitive;

use serde::Serialize;

use crate::evolutionary::dynamics::{continuous_trajectory, discrete_trajectory, Stability};
use crate::evolutionary::ess::symmetric_matrix;
use crate::game::parse_number;
use crate::game::{rationals_text, NormalFormGame};
use crate::StrategicError;

/// The most steps one trajectory takes (Runge–Kutta steps, or generations).
pub const MAX_STEPS: f64 = 1e8;

/// The largest payoff, in absolute value, a floating-point trajectory accepts: beyond it
/// payoffs times shares overflow.
pub const MAX_FLOAT_PAYOFF: f64 = 1e300;

/// Every rest point of the replicator dynamic of the symmetric `game` isolated on its
/// support, exactly, with whether it is Nash and its stability.
pub fn rest_points(game: &NormalFormGame) -> Result<RestPointsReport, StrategicError> {
    let a = symmetric_matrix(game)?;
    Ok(RestPointsReport {
        rest_points: crate::evolutionary::dynamics::rest_points(&a)?
            .into_iter()
            .map(|r| RestPointEntry {
                state: rationals_text(&r.state),
                nash: r.nash,
                stability: r.stability,
            })
            .collect(),
    })
}

/// How a trajectory is run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrajectoryOptions {
    /// Discrete time (x_i' = x_i (Ax)_i / xᵀAx; positive payoffs) instead of continuous.
    pub discrete: bool,
    /// Continuous time: how long.
    pub time: f64,
    /// Continuous time: the Runge–Kutta step.
    pub dt: f64,
    /// Discrete time: how many generations.
    pub steps: usize,
    /// Record every k-th step (and the last); 0 counts as 1.
    pub every: usize,
}

/// A trajectory of the replicator dynamic of the symmetric `game` from the shares written
/// in `from` (exact numbers separated by commas, e.g. `0.9,0.1` or `9/10,1/10`), in floating
/// point.
pub fn trajectory(
    game: &NormalFormGame,
    from: &str,
    options: &TrajectoryOptions,
) -> Result<TrajectoryReport, StrategicError> {
    let a = symmetric_matrix(game)?;
    if a.iter().flatten().any(|x| {
        x.to_f64()
            .is_none_or(|v| !v.is_finite() || v.abs() > MAX_FLOAT_PAYOFF)
    }) {
        return Err(StrategicError::InvalidInput(
            "a payoff is too large for a floating-point trajectory (|payoff| ≤ 1e300)".into(),
        ));
    }
    let start = start_shares(from, a.len())?;
    let TrajectoryOptions {
        discrete,
        time,
        dt,
        steps,
        every,
    } = *options;
    if !(dt > 0.0 && time >= 0.0 && time / dt <= MAX_STEPS) {
        return Err(StrategicError::InvalidInput(
            "--dt must be positive and --time/--dt at most 10^8".into(),
        ));
    }
    let points: Vec<(f64, Vec<f64>)> = if discrete {
        // Each generation is one step's work, bounded as Runge–Kutta steps are.
        if steps as f64 > MAX_STEPS {
            return Err(StrategicError::InvalidInput(
                "--steps must be at most 10^8".into(),
            ));
        }
        discrete_trajectory(&a, &start, steps, every)?
            .into_iter()
            .map(|(generation, x)| (generation as f64, x))
            .collect()
    } else {
        continuous_trajectory(&a, &start, dt, time, every)
    };
    Ok(TrajectoryReport {
        trajectory: points
            .into_iter()
            .map(|(t, x)| TrajectoryPoint { t, x })
            .collect(),
    })
}

/// The start shares written in `from`: `strategies` non-negative numbers adding up to 1
/// (to within floating-point rounding, since the trajectory is in floating point).
fn start_shares(from: &str, strategies: usize) -> Result<Vec<f64>, StrategicError> {
    let start: Vec<f64> = from
        .split(',')
        .map(|p| parse_number(p.trim()).and_then(|q| q.to_f64()))
        .collect::<Option<Vec<f64>>>()
        .ok_or_else(|| {
            StrategicError::InvalidInput(format!(
                "--from {from}: expected numbers separated by commas"
            ))
        })?;
    let total: f64 = start.iter().sum();
    if start.len() != strategies || start.iter().any(|&x| x < 0.0) || (total - 1.0).abs() > 1e-9 {
        return Err(StrategicError::InvalidInput(format!(
            "--from {from}: expected {strategies} non-negative shares adding up to 1"
        )));
    }
    Ok(start)
}

/// The rest points of the replicator dynamic isolated on their support.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RestPointsReport {
    /// Each rest point, support by support.
    pub rest_points: Vec<RestPointEntry>,
}

/// One rest point of the replicator dynamic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RestPointEntry {
    /// The population state: one share per strategy.
    pub state: Vec<String>,
    /// Whether it is a symmetric Nash equilibrium (no strategy earns more).
    pub nash: bool,
    /// Its stability under the continuous dynamic (serialized in words).
    pub stability: Stability,
}

/// A trajectory of the replicator dynamic, in floating point.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TrajectoryReport {
    /// The recorded points, from the start.
    pub trajectory: Vec<TrajectoryPoint>,
}

/// One recorded point of a trajectory.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TrajectoryPoint {
    /// The time (continuous dynamic) or the generation (discrete dynamic).
    pub t: f64,
    /// The population shares.
    pub x: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::input::{read_game, read_symmetric_game};
    use conway_core::{Diagnostic, ErrorKind};

    fn game(a: &str) -> NormalFormGame {
        read_symmetric_game(None, Some(a), None).unwrap()
    }

    fn options() -> TrajectoryOptions {
        TrajectoryOptions {
            discrete: false,
            time: 10.0,
            dt: 0.01,
            steps: 100,
            every: 10,
        }
    }

    /// Zeeman's game [[0,6,−4],[−3,0,5],[−1,3,0]] (Zeeman 1980), whose uniform
    /// state is asymptotically stable though not an ESS.
    #[test]
    fn zeeman_rest_points_report() {
        let r = rest_points(&game("0 6 -4; -3 0 5; -1 3 0")).unwrap();
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(
            json,
            r#"{"rest_points":[{"state":["1","0","0"],"nash":true,"stability":"asymptotically stable"},{"state":["0","1","0"],"nash":false,"stability":"unstable"},{"state":["0","0","1"],"nash":false,"stability":"unstable"},{"state":["4/5","0","1/5"],"nash":true,"stability":"unstable"},{"state":["0","5/8","3/8"],"nash":false,"stability":"unstable"},{"state":["1/3","1/3","1/3"],"nash":true,"stability":"asymptotically stable"}]}"#
        );
        // Zero-sum rock-paper-scissors: a centre, which linearisation cannot decide.
        let rps = rest_points(&game("0 -1 1; 1 0 -1; -1 1 0")).unwrap();
        let uniform = rps.rest_points.last().unwrap();
        assert_eq!(
            serde_json::to_value(uniform).unwrap()["stability"],
            "neither (linearisation inconclusive: zero real parts)"
        );
    }

    /// Nashpy's documented replicator example: [[3,2],[4,1]] from (0.9, 0.1) is at
    /// 0.50449 at t = 10; the report keeps the start and the end.
    #[test]
    fn trajectories() {
        let g = game("3 2; 4 1");
        let run = TrajectoryOptions {
            dt: 0.001,
            every: 10_000,
            ..options()
        };
        let r = trajectory(&g, "9/10, 0.1", &run).unwrap();
        assert_eq!(r.trajectory.len(), 2);
        assert_eq!(r.trajectory[0].x, vec![0.9, 0.1]);
        let last = &r.trajectory[1];
        assert!((last.t - 10.0).abs() < 1e-9);
        assert!((last.x[0] - 0.50449).abs() < 1e-4, "{last:?}");
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.starts_with(r#"{"trajectory":[{"t":0.0,"x":[0.9,0.1]},{"t":10"#),
            "{json}"
        );
        // Discrete time: generations 0, 10, …, 50.
        let discrete = TrajectoryOptions {
            discrete: true,
            steps: 50,
            ..options()
        };
        let r = trajectory(&game("2 1; 1 2"), "0.6,0.4", &discrete).unwrap();
        let times: Vec<f64> = r.trajectory.iter().map(|p| p.t).collect();
        assert_eq!(times, [0.0, 10.0, 20.0, 30.0, 40.0, 50.0]);
    }

    #[test]
    fn requests_are_checked() {
        let g = game("3 2; 4 1");
        let refused = |g: &NormalFormGame, from: &str, o: TrajectoryOptions| {
            let e = trajectory(g, from, &o).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
            e.to_string()
        };
        assert_eq!(
            refused(&g, "0.9,0.2", options()),
            "--from 0.9,0.2: expected 2 non-negative shares adding up to 1"
        );
        assert_eq!(
            refused(&g, "1.5,-0.5", options()),
            "--from 1.5,-0.5: expected 2 non-negative shares adding up to 1"
        );
        assert_eq!(
            refused(&g, "0.5,half", options()),
            "--from 0.5,half: expected numbers separated by commas"
        );
        let slow = TrajectoryOptions {
            dt: 1e-9,
            ..options()
        };
        let backwards = TrajectoryOptions {
            time: -1.0,
            ..options()
        };
        for o in [slow, backwards] {
            assert_eq!(
                refused(&g, "0.5,0.5", o),
                "--dt must be positive and --time/--dt at most 10^8"
            );
        }
        let long = TrajectoryOptions {
            discrete: true,
            steps: usize::MAX,
            ..options()
        };
        assert_eq!(refused(&g, "0.5,0.5", long), "--steps must be at most 10^8");
        let discrete = TrajectoryOptions {
            discrete: true,
            ..options()
        };
        assert_eq!(
            refused(&game("0 1; 1 0"), "0.5,0.5", discrete),
            "the discrete replicator dynamic needs positive payoffs"
        );
        assert_eq!(
            refused(&game("1e400 0; 0 1"), "0.5,0.5", options()),
            "a payoff is too large for a floating-point trajectory (|payoff| ≤ 1e300)"
        );
        let asymmetric = read_game(None, Some("1 2; 3 4"), Some("1 2; 3 4")).unwrap();
        assert!(rest_points(&asymmetric).is_err());
        assert!(trajectory(&asymmetric, "0.5,0.5", &options()).is_err());
    }
}
