//! Command-line arguments: the `conway` commands and the games `solve` knows.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use conway_strategic::nash::Method;

use crate::error::ValueError;

use conway_games::words::{parse_f64, parse_seconds, parse_u64};

#[derive(Parser, Debug)]
#[command(
    name = "conway",
    version,
    about = "Solve two-player games exactly: Sprague-Grundy values, outcomes and winning moves"
)]
pub struct Cli {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// A guided tour: worked examples from every area.
    Tour,
    /// Solve a position of a named game: outcome, value and every winning move.
    Solve(SolveArgs),
    /// Evaluate a partizan game expression in CGSuite's notation: canonical form, outcome,
    /// stops, mean, temperature, thermograph, atomic weight, reduced form.
    #[command(after_help = crate::eval::FUNCTIONS_HELP.as_str())]
    Eval(EvalArgs),
    /// Grundy values of a heap game (an octal/hexadecimal code such as 0.77, or a name) and
    /// their period, certified by a theorem where one applies (the periodicity theorem;
    /// Lasker's Nim's closed form).
    Grundy(GrundyArgs),
    /// Nash equilibria of a strategic game (Gambit .nfg file, or payoff matrices), exact:
    /// all extreme equilibria of two-player games, pure equilibria of larger ones.
    Nash(NashArgs),
    /// Evolutionarily stable strategies of a symmetric game (exact second-order test).
    Ess(GameArgs),
    /// Stochastically stable states of the KMR/Young best-response dynamic with mutations
    /// (recurrent classes, least resistances, stochastic potentials).
    Stable(StableArgs),
    /// Replicator dynamics of a symmetric game: rest points and their stability, or a
    /// trajectory as CSV with --from.
    Replicator(ReplicatorArgs),
    /// The JSON Schema of a command's --json output (solve, eval, grundy, nash, ess,
    /// stable, replicator, tour, and error for any failure).
    Schema {
        /// The command.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(crate::schema::names()))]
        command: String,
    },
    /// An interactive session: games, variables (G := {1|*}) and commands, line by line;
    /// :save and :load worksheets.
    Repl(ReplArgs),
    /// The worksheet in a browser: a local web server for games, variables, commands and
    /// thermographs (127.0.0.1 only, unless --bind says otherwise).
    Serve(ServeArgs),
}

/// The arguments of `conway serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// A worksheet file whose cells the page runs first, and which its Save button writes.
    pub worksheet: Option<PathBuf>,
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value = "8737")]
    pub port: u16,
    /// The address to listen on; other machines can reach the worksheet only if this is
    /// not a loopback address.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
    /// The longest a cell may run, in seconds, before it is stopped.
    #[arg(long, default_value = "120", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub cell_seconds: u64,
    /// The most worksheets (browser tabs) open at once.
    #[arg(long, default_value = "64", value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub max_worksheets: u64,
}

/// The arguments of `conway repl`.
#[derive(Args, Debug)]
pub struct ReplArgs {
    /// A worksheet (saved by :save or the browser worksheet) whose lines run first.
    pub worksheet: Option<PathBuf>,
}

/// The arguments of `conway replicator`.
#[derive(Args, Debug)]
pub struct ReplicatorArgs {
    /// The symmetric game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Start a trajectory from these shares, e.g. 0.9,0.1 (or 9/10,1/10).
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// Continuous time: how long (a finite number ≥ 0).
    #[arg(long, default_value = "10", allow_hyphen_values = true, value_parser = parse_nonnegative)]
    pub time: f64,
    /// Continuous time: the Runge–Kutta step (a finite number > 0).
    #[arg(long, default_value = "0.01", allow_hyphen_values = true, value_parser = parse_positive)]
    pub dt: f64,
    /// Print every k-th step (k ≥ 1).
    #[arg(long, default_value = "10", allow_negative_numbers = true, value_parser = parse_positive_usize)]
    pub every: usize,
    /// Discrete time (x_i' = x_i (Ax)_i / xᵀAx; positive payoffs).
    #[arg(long)]
    pub discrete: bool,
    /// Discrete time: how many generations.
    #[arg(long, default_value = "100", allow_negative_numbers = true, value_parser = parse_u64_usize)]
    pub steps: usize,
}

/// The arguments of `conway stable`.
#[derive(Args, Debug)]
pub struct StableArgs {
    /// The symmetric game.
    #[command(flatten)]
    pub game: GameArgs,
    /// The number of agents.
    #[arg(long, allow_negative_numbers = true, value_parser = parse_u64_usize)]
    pub agents: usize,
}

/// A strategic game: a Gambit .nfg file or payoff matrices.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// A game in Gambit's .nfg format, or .efg (read as its reduced normal form); '-'
    /// reads standard input.
    pub file: Option<std::path::PathBuf>,
    /// Player 1's payoff matrix ("3 0; 5 1", or a CSV/TSV file, '-' standard input); alone,
    /// the row payoffs of a symmetric game.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "file")]
    pub a: Option<String>,
    /// Player 2's payoff matrix.
    #[arg(long, allow_hyphen_values = true, requires = "a")]
    pub b: Option<String>,
}

/// How `conway nash` computes equilibria: the library's [`Method`], listed to clap with the
/// library's names and one-line summaries so that the two never disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NashMethod(pub Method);

impl clap::ValueEnum for NashMethod {
    fn value_variants<'a>() -> &'a [Self] {
        static VARIANTS: std::sync::OnceLock<Vec<NashMethod>> = std::sync::OnceLock::new();
        VARIANTS.get_or_init(|| Method::ALL.into_iter().map(NashMethod).collect())
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.summary()))
    }
}

/// The arguments of `conway nash`.
#[derive(Args, Debug)]
pub struct NashArgs {
    /// A game in Gambit's .nfg or .efg format ('-' reads standard input); an .efg game is
    /// solved on its reduced normal form and its equilibria shown as behaviour strategies.
    pub file: Option<std::path::PathBuf>,
    /// Player 1's payoff matrix: rows separated by ';', e.g. "3 0; 5 1", or a CSV/TSV file
    /// ('-' standard input).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "file")]
    pub a: Option<String>,
    /// Player 2's payoff matrix (same shape); without it the game is zero-sum.
    #[arg(long, allow_hyphen_values = true, requires = "a")]
    pub b: Option<String>,
    /// The method (default: enum for two players, poly otherwise; for a two-player .efg game
    /// too large for enum, lcp on its sequence form — lh without perfect recall).
    #[arg(long, value_enum)]
    pub method: Option<NashMethod>,
    /// With --method lh: the label to drop, 1..m+n (player 1's strategies, then player 2's).
    #[arg(long, allow_negative_numbers = true, value_parser = parse_u64)]
    pub label: Option<u64>,
    /// With --method enum: group the extreme equilibria into connected components, and list
    /// the maximal Nash subsets (the convex pieces, Gambit's cliques) of a two-player game.
    #[arg(long)]
    pub components: bool,
    /// Also show each probability as a decimal of N places, rounded exactly (JSON: a
    /// `decimals` list beside the exact `equilibria`).
    #[arg(long, value_name = "N", value_parser = parse_u64)]
    pub decimals: Option<u64>,
    /// With --method poly or logit: give irrational equilibria to D digits, each
    /// probability certified to lie within 1e-D of the equilibrium's (default 12).
    #[arg(long, value_name = "D", value_parser = parse_u64)]
    pub precision: Option<u64>,
    /// With --method logit: print every point of the branch followed, λ then each
    /// probability (JSON: `trace.path`).
    #[arg(long)]
    pub path: bool,
    /// For an .efg game: only subgame-perfect equilibria, combining the method's equilibria
    /// of every subgame from the leaves up (backward induction for perfect information).
    #[arg(long)]
    pub subgame_perfect: bool,
    /// Spread the vertex enumeration (--method enum, two players) over the ranks of an MPI
    /// run: start it with `mpirun -np N conway nash FILE --mpi` (a build with `--features
    /// mpi`); rank 0 prints what one process prints.
    #[arg(long)]
    pub mpi: bool,
}

/// The arguments of `conway grundy`.
#[derive(Args, Debug)]
pub struct GrundyArgs {
    /// The game: a code (0.77, 4.07, 0.F7), a subtraction set (S(1,3,4), allbut(1,2)) or a
    /// name (kayles, dawsons-kayles, grundy, lasker, …).
    #[arg(required_unless_present = "list")]
    pub game: Option<String>,
    /// Compute the values of heaps 0..N, N included.
    #[arg(long, default_value = "10000", allow_negative_numbers = true, value_parser = parse_u64)]
    pub to: u64,
    /// Print the values too.
    #[arg(long)]
    pub values: bool,
    /// List the named games and the forms a game may be written in.
    #[arg(long)]
    pub list: bool,
    /// Misère play: the genus of each heap (its misère value first), by exhaustive search.
    #[arg(long)]
    pub misere: bool,
    /// With --misere: also each heap's misère canonical form, in CGSuite's notation.
    #[arg(long, requires = "misere")]
    pub forms: bool,
    /// The misère quotient (Plambeck–Siegel) of heaps 0..N, heap by heap, until the
    /// periodicity theorem makes it the whole game's: presentation, |Q|, |P|, each heap's word.
    #[arg(long, conflicts_with = "misere")]
    pub misere_quotient: bool,
    /// Save the values to FILE during the run (crash-safe) and resume from it when it exists.
    #[arg(long, value_name = "FILE", value_parser = parse_written_file)]
    pub checkpoint: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub every: CheckpointEvery,
}

/// How often a run with `--checkpoint` saves (the option every checkpointed command shares).
#[derive(Args, Debug, Clone, Copy)]
pub struct CheckpointEvery {
    /// Seconds between checkpoints (≥ 0; inf saves only at the end and when stopped).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "60",
        requires = "checkpoint",
        // A value such as -inf reaches the parser, which says why it is refused.
        allow_hyphen_values = true,
        value_parser = parse_seconds
    )]
    pub checkpoint_every: Duration,
}

/// The arguments of `conway eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The expression, e.g. '{3||2+*|1+*}', '3+-1', 'cool({3||2*|1*},1/4)',
    /// 'domineering("..|..")', '^ > 0'. Quote it for the shell.
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// Also draw the game's thermograph (a loopy game's graph) as an SVG picture into FILE.
    #[arg(long, value_name = "FILE", value_parser = parse_written_file)]
    pub svg: Option<std::path::PathBuf>,
    /// For a ruleset position (or a sum with one): list every move of each player, not only
    /// the good ones.
    #[arg(long)]
    pub every_move: bool,
}

#[derive(Args, Debug)]
// `--list` and a game do not go together; `solve::run` says so, because clap's own conflict
// would also refuse the global `--json` before the game (`conway solve --json nim 3`).
#[command(subcommand_required = false)]
pub struct SolveArgs {
    /// List the games with one line each.
    #[arg(long)]
    pub list: bool,

    /// Also list every move of the position, winning or not (the first 1000); in JSON each
    /// names the command that answers the position after it (not for the graph-file games).
    #[arg(long, global = true)]
    pub moves: bool,

    #[command(subcommand)]
    pub game: Option<crate::game_args::GameCommand>,
}

fn parse_u64_usize(s: &str) -> Result<usize, ValueError> {
    let n = parse_u64(s)?;
    usize::try_from(n).map_err(|_| ValueError::too_large(format!("'{s}' is too large")))
}

/// A whole number ≥ 1 (a count where 0 would mean nothing), fitting in `usize`.
fn parse_positive_usize(s: &str) -> Result<usize, ValueError> {
    match parse_u64_usize(s)? {
        0 => Err(ValueError::invalid(
            "0 means nothing here; expected at least 1",
        )),
        n => Ok(n),
    }
}

/// A finite number ≥ 0 (`--time`).
fn parse_nonnegative(s: &str) -> Result<f64, ValueError> {
    let x = parse_f64(s)?;
    if x.is_finite() && x >= 0.0 {
        Ok(x)
    } else {
        Err(ValueError::invalid("expected a finite number ≥ 0"))
    }
}

/// A finite number > 0 (`--dt`, a step).
fn parse_positive(s: &str) -> Result<f64, ValueError> {
    let x = parse_f64(s)?;
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(ValueError::invalid("expected a finite number > 0"))
    }
}

/// A file Conway writes (a checkpoint, a table, a picture): any path but `-`, which names
/// standard input where a file is read and cannot hold what is written.
fn parse_written_file(s: &str) -> Result<PathBuf, ValueError> {
    if s == conway_core::error::STDIN_PATH {
        return Err(ValueError::invalid(
            "'-' names standard input, which cannot be written to; name a file",
        ));
    }
    Ok(PathBuf::from(s))
}

/// Refuses `-` for more than one of a command's inputs: standard input can be read once.
pub fn stdin_at_most_once(inputs: &[Option<&str>]) -> Result<(), crate::CliError> {
    let dashes = inputs
        .iter()
        .filter(|i| **i == Some(conway_core::error::STDIN_PATH))
        .count();
    if dashes > 1 {
        return Err(crate::CliError::usage(
            "standard input ('-') can be read only once: give the other inputs inline or as files",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_refused_with_a_reason_never_a_panic() {
        assert!(parse_positive_usize("0").is_err());
        assert!(parse_positive_usize("18446744073709551616").is_err());
        for bad in ["inf", "nan", "0", "-0.5", "1e-400"] {
            assert!(parse_positive(bad).is_err(), "{bad}");
        }
        for bad in ["inf", "nan", "-1"] {
            assert!(parse_nonnegative(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_nonnegative("-0").ok(), Some(0.0));
        assert!(parse_written_file("-").is_err());
    }
}
