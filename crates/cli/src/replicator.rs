//! `conway replicator`: rest points of the replicator dynamic with their stability, or a
//! trajectory as CSV (continuous or discrete time) from a starting population.

use conway_strategic::dynamics::{
    continuous_trajectory, discrete_trajectory, rest_points, Stability,
};
use conway_strategic::ess::symmetric_matrix;
use conway_strategic::game::rational_text;
use conway_strategic::nfg::parse_number;
use num_traits::ToPrimitive;
use serde_json::json;

use crate::args::ReplicatorArgs;
use crate::out::emit;
use crate::CliError;

fn stability_text(s: Stability) -> &'static str {
    match s {
        Stability::AsymptoticallyStable => "asymptotically stable",
        Stability::Unstable => "unstable",
        Stability::Inconclusive => "neither (linearisation inconclusive: zero real parts)",
    }
}

/// Runs `conway replicator`.
pub fn run(args: ReplicatorArgs, json: bool) -> Result<(), CliError> {
    let game = crate::ess::symmetric_game(&args.game)?;
    let labels = game.strategies[0].clone();
    let a = symmetric_matrix(&game)?;
    let Some(from) = &args.from else {
        let points = rest_points(&a)?;
        if json {
            let list: Vec<_> = points
                .iter()
                .map(|r| {
                    json!({
                        "state": r.state.iter().map(rational_text).collect::<Vec<_>>(),
                        "nash": r.nash,
                        "stability": stability_text(r.stability),
                    })
                })
                .collect();
            emit(&format!("{}\n", json!({ "rest_points": list })));
            return Ok(());
        }
        let mut text =
            String::from("rest points of ẋ_i = x_i((Ax)_i − xᵀAx) isolated on their support:\n");
        for r in &points {
            let state: Vec<String> = r.state.iter().map(rational_text).collect();
            text.push_str(&format!(
                "({})  {}{}\n",
                state.join(","),
                stability_text(r.stability),
                if r.nash { ", Nash" } else { ", not Nash" }
            ));
        }
        emit(&text);
        return Ok(());
    };
    if a.iter()
        .flatten()
        .any(|x| x.to_f64().is_none_or(|v| !v.is_finite() || v.abs() > 1e300))
    {
        return Err(CliError::bad_input(
            "a payoff is too large for a floating-point trajectory (|payoff| ≤ 1e300)",
        ));
    }
    let start: Vec<f64> = from
        .split(',')
        .map(|p| parse_number(p.trim()).and_then(|q| q.to_f64()))
        .collect::<Option<Vec<f64>>>()
        .ok_or_else(|| {
            CliError::bad_input(format!(
                "--from {from}: expected numbers separated by commas"
            ))
        })?;
    let total: f64 = start.iter().sum();
    if start.len() != labels.len() || start.iter().any(|&x| x < 0.0) || (total - 1.0).abs() > 1e-9 {
        return Err(CliError::bad_input(format!(
            "--from {from}: expected {} non-negative shares adding up to 1",
            labels.len()
        )));
    }
    if !(args.dt > 0.0 && args.time >= 0.0 && args.time / args.dt <= 1e8) {
        return Err(CliError::bad_input(
            "--dt must be positive and --time/--dt at most 10^8",
        ));
    }
    let rows: Vec<(f64, Vec<f64>)> = if args.discrete {
        discrete_trajectory(&a, &start, args.steps)?
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % args.every.max(1) == 0 || *i == args.steps)
            .map(|(i, x)| (i as f64, x))
            .collect()
    } else {
        continuous_trajectory(&a, &start, args.dt, args.time, args.every)
    };
    if json {
        let list: Vec<_> = rows.iter().map(|(t, x)| json!({"t": t, "x": x})).collect();
        emit(&format!("{}\n", json!({ "trajectory": list })));
        return Ok(());
    }
    let mut text = format!(
        "{},{}\n",
        if args.discrete { "step" } else { "t" },
        labels.join(",")
    );
    for (t, x) in rows {
        let cells: Vec<String> = x.iter().map(|v| format!("{v:.6}")).collect();
        text.push_str(&format!("{t},{}\n", cells.join(",")));
    }
    emit(&text);
    Ok(())
}
