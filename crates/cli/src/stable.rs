//! `conway stable`: the stochastically stable states of the KMR / Young best-response
//! dynamic with mutations, for N agents playing a symmetric game.

use conway_strategic::ess::symmetric_matrix;
use conway_strategic::stable::Population;
use serde_json::json;

use crate::args::StableArgs;
use crate::out::emit;
use crate::progress::Reporter;
use crate::CliError;

/// Runs `conway stable`.
pub fn run(args: StableArgs, json: bool) -> Result<(), CliError> {
    let game = crate::ess::symmetric_game(&args.game)?;
    let labels = game.strategies[0].clone();
    let a = symmetric_matrix(&game)?;
    let report = Population::new(a, args.agents)?.analyse(&Reporter::new("analysing"))?;
    let describe = |state: &[usize]| -> String {
        match state.iter().position(|&c| c == args.agents) {
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
    if json {
        let obj = json!({
            "agents": args.agents,
            "recurrent_classes": report.classes,
            "resistances": report.resistance,
            "potentials": report.potentials,
            "stable": report.stable,
        });
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let mut text = format!(
        "{} agents, one revising per period (best reply to the others, or a mutation):\n",
        args.agents
    );
    for (i, c) in report.classes.iter().enumerate() {
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
    if report.classes.len() > 1 {
        text.push_str("least resistance from class (row) to class (column):\n");
        for row in &report.resistance {
            let cells: Vec<String> = row.iter().map(|r| format!("{r:>4}")).collect();
            text.push_str(&format!("{}\n", cells.join("")));
        }
    }
    emit(&text);
    Ok(())
}
