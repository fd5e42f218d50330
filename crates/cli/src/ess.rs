//! `conway ess`: the evolutionarily stable strategies of a symmetric game, with every
//! symmetric equilibrium and why it is or is not an ESS.

use conway_strategic::evolutionary::ess::analyse;
use conway_strategic::formats::input::read_symmetric_game;
use conway_strategic::{EssReport, NormalFormGame};

use crate::answer::{shown, Answer};
use crate::args::GameArgs;
use crate::CliError;

/// The symmetric game the arguments name: a file, both matrices, or the row player's matrix
/// alone (the column player's is its transpose).
pub fn symmetric_game(args: &GameArgs) -> Result<NormalFormGame, CliError> {
    crate::args::stdin_at_most_once(&[args.a.as_deref(), args.b.as_deref()])?;
    Ok(read_symmetric_game(
        args.file.as_deref(),
        args.a.as_deref(),
        args.b.as_deref(),
    )?)
}

/// `conway ess`.
pub fn answer(args: GameArgs) -> Result<Box<dyn Answer>, CliError> {
    Ok(shown(analyse(&symmetric_game(&args)?)?, text))
}

/// One line per symmetric equilibrium: the strategy and the verdict in words.
pub(crate) fn text(report: &EssReport) -> String {
    let mut text = String::new();
    for c in &report.symmetric_equilibria {
        text.push_str(&format!(
            "({})  {}\n",
            c.strategy.join(","),
            c.verdict.explanation()
        ));
    }
    if report.symmetric_equilibria.is_empty() {
        text.push_str("no isolated symmetric equilibrium, so no ESS\n");
    }
    text
}
