//! `conway replicator`: rest points of the replicator dynamic with their stability, or a
//! trajectory as CSV (continuous or discrete time) from a starting population.

use conway_strategic::evolutionary::replicator::{rest_points, trajectory, TrajectoryOptions};
use conway_strategic::{RestPointsReport, TrajectoryReport};

use crate::answer::{shown, Answer};
use crate::args::ReplicatorArgs;
use crate::CliError;

/// `conway replicator`.
pub fn answer(args: ReplicatorArgs) -> Result<Box<dyn Answer>, CliError> {
    let game = crate::ess::symmetric_game(&args.game)?;
    let Some(from) = &args.from else {
        return Ok(shown(rest_points(&game)?, rest_points_text));
    };
    let options = TrajectoryOptions {
        discrete: args.discrete,
        time: args.time,
        dt: args.dt,
        steps: args.steps,
        every: args.every,
    };
    let report = trajectory(&game, from, &options)?;
    let clock = if args.discrete { "step" } else { "t" };
    let labels = game.strategies[0].clone();
    Ok(shown(report, move |r| trajectory_csv(r, clock, &labels)))
}

/// One line per rest point: the state, its stability, whether it is Nash.
fn rest_points_text(report: &RestPointsReport) -> String {
    let mut text =
        String::from("rest points of ẋ_i = x_i((Ax)_i − xᵀAx) isolated on their support:\n");
    for r in &report.rest_points {
        text.push_str(&format!(
            "({})  {}{}\n",
            r.state.join(","),
            r.stability.explanation(),
            if r.nash { ", Nash" } else { ", not Nash" }
        ));
    }
    text
}

/// The trajectory as CSV: a header of the clock column and the strategies' `labels`, then
/// one row per recorded point, shares to six decimals.
fn trajectory_csv(report: &TrajectoryReport, clock: &str, labels: &[String]) -> String {
    let mut text = format!("{clock},{}\n", labels.join(","));
    for point in &report.trajectory {
        let cells: Vec<String> = point.x.iter().map(|v| format!("{v:.6}")).collect();
        text.push_str(&format!("{},{}\n", point.t, cells.join(",")));
    }
    text
}
