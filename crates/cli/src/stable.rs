//! `conway stable`: the stochastically stable states of the KMR / Young best-response
//! dynamic with mutations, for N agents playing a symmetric game.

use conway_strategic::evolutionary::stable::analyse;
use conway_strategic::StableReport;

use crate::answer::{shown, Answer};
use crate::args::StableArgs;
use crate::progress::Watcher;
use crate::CliError;

/// `conway stable`.
pub fn answer(args: StableArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    let game = crate::ess::symmetric_game(&args.game)?;
    let report = analyse(&game, args.agents, &*watch.stage("analysing"))?;
    let labels = game.strategies[0].clone();
    Ok(shown(report, move |r| text(r, &labels)))
}

/// The classes with their potentials, the stable ones marked, then the resistances between
/// classes; states are written with the strategies' `labels`.
fn text(report: &StableReport, labels: &[String]) -> String {
    let describe = |state: &[usize]| -> String {
        match state.iter().position(|&c| c == report.agents) {
            Some(s) => format!("all {}", labels[s]),
            None => state
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c > 0)
                .map(|(s, c)| format!("{c}×{}", labels[s]))
                .collect::<Vec<_>>()
                .join(" + "),
        }
    };
    let class_text = |c: &Vec<Vec<usize>>| -> String {
        c.iter().map(|s| describe(s)).collect::<Vec<_>>().join(", ")
    };
    let mut text = format!(
        "{} agents, one revising per period (best reply to the others, or a mutation):\n",
        report.agents
    );
    for (i, c) in report.recurrent_classes.iter().enumerate() {
        let mark = if report.stable.contains(&i) {
            "  ← stochastically stable"
        } else {
            ""
        };
        text.push_str(&format!(
            "class {}: {}   potential {}{mark}\n",
            i + 1,
            class_text(c),
            report.potentials[i]
        ));
    }
    if report.recurrent_classes.len() > 1 {
        text.push_str("least resistance from class (row) to class (column):\n");
        for row in &report.resistances {
            let cells: Vec<String> = row.iter().map(|r| format!("{r:>4}")).collect();
            text.push_str(&format!("{}\n", cells.join("")));
        }
    }
    text
}
