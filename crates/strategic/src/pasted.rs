//! What a game pasted into a worksheet cell answers: a Gambit `.nfg` file's equilibria by
//! the default method (grouped into components for two players) and, for a symmetric
//! two-player game of at most [`MAX_ESS_STRATEGIES`] strategies, its symmetric equilibria
//! with their ESS verdicts, as `conway ess` gives them. The front ends render it; which
//! reports a pasted game gets is decided here.

use conway_core::Progress;
use serde::Serialize;

use crate::evolutionary::ess::{analyse, symmetric_matrix, EssReport, MAX_ESS_STRATEGIES};
use crate::formats::nfg;
use crate::nash::report::NashReport;
use crate::nash::{equilibria, Options};
use crate::StrategicError;

/// The answer to a pasted `.nfg` file: its equilibria, and for a symmetric game the ESS
/// verdicts (serialized as `evolutionarily_stable`, `conway ess`'s object).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct PastedGameReport {
    /// The equilibria, as `conway nash` reports them.
    #[serde(flatten)]
    pub equilibria: NashReport,
    /// For a symmetric two-player game small enough, its symmetric equilibria with their
    /// ESS verdicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evolutionarily_stable: Option<EssReport>,
}

/// The report of a pasted `.nfg` file (its text), telling `progress` of the solve.
pub fn pasted_nfg(file: &str, progress: &dyn Progress) -> Result<PastedGameReport, StrategicError> {
    let game = nfg::parse(file)?;
    let two_players = game.num_players() == 2;
    let options = Options {
        components: two_players,
        ..Options::default()
    };
    let equilibria = equilibria(&game, None, options, progress)?;
    let symmetric = two_players && symmetric_matrix(&game).is_ok();
    let evolutionarily_stable = if symmetric && game.shape()[0] <= MAX_ESS_STRATEGIES {
        Some(analyse(&game)?)
    } else {
        None
    };
    Ok(PastedGameReport {
        equilibria,
        evolutionarily_stable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_core::NoProgress;

    /// Matching pennies (not symmetric: the column player's payoffs are the negatives) gets
    /// no ESS verdicts; the hawk–dove game (symmetric) gets them, and its one symmetric
    /// equilibrium, (1/2, 1/2) for V = 2, C = 4, is an ESS (Maynard Smith, *Evolution and
    /// the Theory of Games*, 1982, ch. 2).
    #[test]
    fn symmetric_games_get_ess_verdicts_and_others_do_not() {
        let pennies = "NFG 1 R \"pennies\" { \"1\" \"2\" } { 2 2 }\n1 -1 -1 1 -1 1 1 -1\n";
        let report = pasted_nfg(pennies, &NoProgress).expect("a game");
        assert!(report.evolutionarily_stable.is_none());
        assert_eq!(report.equilibria.equilibria.len(), 1);
        let hawk_dove = "NFG 1 R \"hawk-dove\" { \"1\" \"2\" } { 2 2 }\n-1 -1 0 2 2 0 1 1\n";
        let report = pasted_nfg(hawk_dove, &NoProgress).expect("a game");
        let ess = report.evolutionarily_stable.expect("symmetric");
        let json = serde_json::to_string(&ess).expect("serializes");
        assert!(json.contains("1/2"), "{json}");
    }
}
