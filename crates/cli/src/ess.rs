//! `conway ess`: the evolutionarily stable strategies of a symmetric game, with every
//! symmetric equilibrium and why it is or is not an ESS.

use conway_strategic::ess::{symmetric_equilibria, symmetric_matrix, Verdict};
use conway_strategic::game::rational_text;
use serde_json::json;

use crate::args::GameArgs;
use crate::nash::read_game;
use crate::out::emit;
use crate::CliError;

fn reason(v: &Verdict) -> &'static str {
    match v {
        Verdict::Ess => "ESS",
        Verdict::NotNegativeDefinite => {
            "not an ESS: a mutant on the support does as well and is not beaten back"
        }
        Verdict::NotCopositive => {
            "not an ESS: a mutant using an alternative best reply invades (copositivity fails)"
        }
    }
}

/// A symmetric game from the arguments: a file, both matrices, or the row player's matrix
/// alone (the column player's is its transpose).
pub fn symmetric_game(args: &GameArgs) -> Result<conway_strategic::NormalFormGame, CliError> {
    match (&args.a, &args.b) {
        (Some(a), None) if args.file.is_none() => {
            let a = crate::nash::matrix("--a", a)?;
            if a.len() != a[0].len() {
                return Err(CliError::bad_input(format!(
                    "--a: a symmetric game's payoff matrix must be square; this one is {}×{}",
                    a.len(),
                    a[0].len()
                )));
            }
            let b: Vec<Vec<_>> = (0..a[0].len())
                .map(|i| (0..a.len()).map(|j| a[j][i].clone()).collect())
                .collect();
            Ok(conway_strategic::NormalFormGame::bimatrix(&a, &b)?)
        }
        _ => read_game(args.file.as_deref(), args.a.as_deref(), args.b.as_deref()),
    }
}

/// Runs `conway ess`.
pub fn run(args: GameArgs, json: bool) -> Result<(), CliError> {
    let game = symmetric_game(&args)?;
    let a = symmetric_matrix(&game)?;
    let candidates = symmetric_equilibria(&a)?;
    let text_of = |x: &[num_rational::BigRational]| x.iter().map(rational_text).collect::<Vec<_>>();
    let ess: Vec<Vec<String>> = candidates
        .iter()
        .filter(|c| c.verdict == Verdict::Ess)
        .map(|c| text_of(&c.strategy))
        .collect();
    if json {
        let obj = json!({
            "ess": ess,
            "symmetric_equilibria": candidates.iter().map(|c| json!({
                "strategy": text_of(&c.strategy),
                "ess": c.verdict == Verdict::Ess,
                "reason": reason(&c.verdict),
            })).collect::<Vec<_>>(),
        });
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let mut text = String::new();
    for c in &candidates {
        text.push_str(&format!(
            "({})  {}\n",
            text_of(&c.strategy).join(","),
            reason(&c.verdict)
        ));
    }
    if candidates.is_empty() {
        text.push_str("no isolated symmetric equilibrium, so no ESS\n");
    }
    emit(&text);
    Ok(())
}
