//! Command-line arguments: the `conway` commands and the games `solve` knows.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use conway_strategic::nash::Method;
use num_bigint::BigUint;

/// Largest number of decimal digits accepted in one number.
pub const MAX_DIGITS: usize = 10_000;

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
    /// their period, certified by the periodicity theorem where it applies.
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
}

/// The arguments of `conway replicator`.
#[derive(Args, Debug)]
pub struct ReplicatorArgs {
    /// The symmetric game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Start a trajectory from these shares, e.g. 0.9,0.1 (or 9/10,1/10).
    #[arg(long)]
    pub from: Option<String>,
    /// Continuous time: how long.
    #[arg(long, default_value = "10")]
    pub time: f64,
    /// Continuous time: the Runge–Kutta step.
    #[arg(long, default_value = "0.01")]
    pub dt: f64,
    /// Print every k-th step.
    #[arg(long, default_value = "10")]
    pub every: usize,
    /// Discrete time (x_i' = x_i (Ax)_i / xᵀAx; positive payoffs).
    #[arg(long)]
    pub discrete: bool,
    /// Discrete time: how many generations.
    #[arg(long, default_value = "100")]
    pub steps: usize,
}

/// The arguments of `conway stable`.
#[derive(Args, Debug)]
pub struct StableArgs {
    /// The symmetric game.
    #[command(flatten)]
    pub game: GameArgs,
    /// The number of agents.
    #[arg(long, value_parser = parse_u64_usize)]
    pub agents: usize,
}

fn parse_u64_usize(s: &str) -> Result<usize, String> {
    let n = parse_u64(s)?;
    usize::try_from(n).map_err(|_| format!("'{s}' is too large"))
}

/// A strategic game: a Gambit .nfg file or payoff matrices.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// A game in Gambit's .nfg format.
    pub file: Option<std::path::PathBuf>,
    /// Player 1's payoff matrix ("3 0; 5 1" or a CSV/TSV file); alone, the row payoffs of
    /// a symmetric game.
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
    /// A game in Gambit's .nfg format (payoff or outcome version).
    pub file: Option<std::path::PathBuf>,
    /// Player 1's payoff matrix: rows separated by ';', e.g. "3 0; 5 1", or a CSV/TSV file.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "file")]
    pub a: Option<String>,
    /// Player 2's payoff matrix (same shape); without it the game is zero-sum.
    #[arg(long, allow_hyphen_values = true, requires = "a")]
    pub b: Option<String>,
    /// The method (default: enum for two players, pure otherwise).
    #[arg(long, value_enum)]
    pub method: Option<NashMethod>,
    /// With --method lh: the label to drop, 1..m+n (player 1's strategies, then player 2's).
    #[arg(long, value_parser = parse_u64)]
    pub label: Option<u64>,
    /// With --method enum: group the extreme equilibria into connected components.
    #[arg(long)]
    pub components: bool,
}

/// The arguments of `conway grundy`.
#[derive(Args, Debug)]
pub struct GrundyArgs {
    /// The game: a code (0.77, 4.07, 0.F7), a subtraction set (S(1,3,4), allbut(1,2)) or a
    /// name (kayles, dawsons-kayles, grundy, lasker, …).
    #[arg(required_unless_present = "list")]
    pub game: Option<String>,
    /// Compute the values of heaps 0..N, N included.
    #[arg(long, default_value = "10000", value_parser = parse_u64)]
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
    /// Save the values to FILE during the run (crash-safe) and resume from it when it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "60",
        requires = "checkpoint"
    )]
    pub checkpoint_every: f64,
}

/// The arguments of `conway eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The expression, e.g. '{3||2+*|1+*}', '3+-1', 'cool({3||2*|1*},1/4)',
    /// 'domineering("..|..")', '^ > 0'. Quote it for the shell.
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// Also draw the game's thermograph as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_required = false)]
pub struct SolveArgs {
    /// List the games with one line each.
    #[arg(long)]
    pub list: bool,

    #[command(subcommand)]
    pub game: Option<Game>,
}

/// Heap sizes: non-negative whole numbers of any size.
#[derive(Args, Debug)]
pub struct Heaps {
    /// Heap sizes (whole numbers ≥ 0, any size).
    #[arg(required = true, allow_negative_numbers = true, value_parser = parse_natural)]
    pub heaps: Vec<BigUint>,
}

/// Two numbers (a position of a two-heap game).
#[derive(Args, Debug)]
pub struct Pair {
    /// First number.
    #[arg(allow_negative_numbers = true, value_parser = parse_natural)]
    pub a: BigUint,
    /// Second number.
    #[arg(allow_negative_numbers = true, value_parser = parse_natural)]
    pub b: BigUint,
}

/// A row of coins.
#[derive(Args, Debug)]
pub struct Coins {
    /// Coins from left to right: H (heads) or T (tails); 1/0 also work. Example: THHTH.
    pub coins: String,
}

/// Rows of pins.
#[derive(Args, Debug)]
pub struct Rows {
    /// Row lengths (pins in each row).
    #[arg(required = true, allow_negative_numbers = true, value_parser = parse_u64)]
    pub rows: Vec<u64>,
    /// Misère play: whoever knocks down the last pin loses (exhaustive search).
    #[arg(long)]
    pub misere: bool,
}

#[derive(Subcommand, Debug)]
pub enum Game {
    /// Nim: take any number of stones from one heap.
    Nim(Heaps),
    /// Subtraction game (S-Nim): take s stones from one heap, s in --set.
    Subtraction {
        /// The subtraction set, e.g. 1,3,4.
        #[arg(long, required = true, value_delimiter = ',', allow_negative_numbers = true, value_parser = parse_u64)]
        set: Vec<u64>,
        #[command(flatten)]
        heaps: Heaps,
        /// List every value of a long period (periods of more than 100 values are otherwise
        /// shown by their first and last values).
        #[arg(long)]
        values: bool,
    },
    /// Bash game: take 1 to --max stones from one heap.
    Bash {
        /// The most stones one move may take.
        #[arg(long, allow_negative_numbers = true, value_parser = parse_natural)]
        max: BigUint,
        #[command(flatten)]
        heaps: Heaps,
    },
    /// Wythoff's game: take from one heap, or the same number from both.
    Wythoff(Pair),
    /// Moore's Nim_k: take from at least one and at most --k heaps.
    Moore {
        /// The most heaps one move may change.
        #[arg(long, allow_negative_numbers = true, value_parser = parse_u64)]
        k: u64,
        #[command(flatten)]
        heaps: Heaps,
    },
    /// Staircase Nim: move coins one stair down (stair 1 is the lowest; it empties off).
    Staircase(Heaps),
    /// Lasker's Nim: take from one heap, or split a heap into two.
    Lasker(Heaps),
    /// Euclid's game: subtract a multiple of the smaller number from the larger; reach 0 to win.
    Euclid(Pair),
    /// Fibonacci Nim: take up to twice the previous take (the first move may not take all).
    FibonacciNim {
        /// Stones in the heap.
        #[arg(allow_negative_numbers = true, value_parser = parse_natural)]
        n: BigUint,
        /// The most the player to move may take (default: the opening rule, n − 1).
        #[arg(long, allow_negative_numbers = true, value_parser = parse_natural)]
        max_take: Option<BigUint>,
    },
    /// Multiplication game: multiply p (from 1) by 2..9; the first to reach n wins.
    Multiplication {
        /// The target n.
        #[arg(allow_negative_numbers = true, value_parser = parse_natural)]
        n: BigUint,
        /// The current value of p.
        #[arg(long, default_value = "1", allow_negative_numbers = true, value_parser = parse_natural)]
        from: BigUint,
    },
    /// Divisor game on 1..n: erase a number and all its divisors.
    Divisors {
        /// The largest number on the board.
        #[arg(allow_negative_numbers = true, value_parser = parse_u64)]
        n: u64,
    },
    /// Misère Nim: whoever takes the last stone loses.
    MisereNim(Heaps),
    /// Nim with adding: take from a heap, then put some (not all) of the taken stones on others.
    NimWithAdding(Heaps),
    /// Turning Turtles: turn a coin heads→tails and optionally one coin to its left.
    Turtles(Coins),
    /// Ruler: turn a run of consecutive coins, the rightmost heads→tails.
    Ruler(Coins),
    /// Mock Turtles: turn one, two or three coins, the rightmost heads→tails.
    MockTurtles(Coins),
    /// Tartan product of two coin-turning games on a 2-D board (rows separated by /).
    Tartan {
        /// The board, e.g. HTT/THT/TTH.
        board: String,
        /// The game along the rows' index (turtles, ruler, mock-turtles).
        #[arg(long, default_value = "turtles")]
        rows: String,
        /// The game along the columns' index.
        #[arg(long, default_value = "turtles")]
        cols: String,
    },
    /// Kayles: knock down one pin or two adjacent pins from a row.
    Kayles(Rows),
    /// Dawson's Kayles: knock down two adjacent pins from a row.
    DawsonsKayles(Rows),
    /// The Easy Chase on an N×N board: White steps 1, Black 1 or 2 in a line; capture wins.
    Chase {
        /// Board side (2 ≤ N ≤ 80).
        #[arg(value_parser = parse_u32)]
        n: u32,
        /// White's column x (1..N).
        #[arg(value_parser = parse_u32)]
        wx: u32,
        /// White's row y (1..N).
        #[arg(value_parser = parse_u32)]
        wy: u32,
        /// Black's column x.
        #[arg(value_parser = parse_u32)]
        bx: u32,
        /// Black's row y.
        #[arg(value_parser = parse_u32)]
        by: u32,
        /// Also print one optimal line of play.
        #[arg(long)]
        line: bool,
        /// Solved table file: probed when it exists, written after solving when not.
        #[arg(long, value_name = "FILE")]
        table: Option<std::path::PathBuf>,
    },
    /// Loopy impartial game on a digraph file (edge list): generalized Sprague-Grundy values,
    /// outcomes P/N/D, and winning or drawing moves of tokens.
    Digraph {
        /// The edge-list file ('a b' or 'a -> b' or 'a: b c' per line, '#' comments).
        file: std::path::PathBuf,
        /// Vertices holding tokens (a sum of games); none lists every vertex's value.
        tokens: Vec<String>,
    },
    /// Green Hackenbush on a graph file (edges 'a b'; the ground is vertex 0 or 'ground').
    GreenHackenbush {
        /// The edge-list file.
        file: std::path::PathBuf,
    },
    /// Undirected vertex geography: move a token along edges, never back to a visited vertex.
    Geography {
        /// The edge-list file (edge directions are ignored).
        file: std::path::PathBuf,
        /// The vertex the token starts on.
        start: String,
    },
    /// Conjunctive compound on a DAG file: every token moves each turn; stuck token loses.
    Conjunctive {
        /// The edge-list file (a DAG).
        file: std::path::PathBuf,
        /// The vertices holding tokens.
        #[arg(required = true)]
        tokens: Vec<String>,
    },
    /// Any heap game of 'conway grundy --list' (octal code, S(1,3,4), allbut(1,2), grundy,
    /// lasker, …) on a list of heaps.
    #[command(alias = "octal")]
    Heap {
        /// The game: a code such as 0.137, a set such as S(1,3,4), or a name.
        game: String,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_u64)]
        heaps: Vec<u64>,
        /// Misère play: whoever makes the last move loses (exhaustive search).
        #[arg(long)]
        misere: bool,
    },
}

fn check_digits(s: &str) -> Result<&str, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("expected a whole number, got nothing".into());
    }
    if t.starts_with('-') {
        return Err(format!("'{t}' is negative; expected a whole number ≥ 0"));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("'{t}' is not a whole number"));
    }
    if t.len() > MAX_DIGITS {
        return Err(format!(
            "a number has {} digits; at most {MAX_DIGITS} are supported",
            t.len()
        ));
    }
    Ok(t)
}

/// A whole number ≥ 0 of any size (up to [`MAX_DIGITS`] digits).
pub fn parse_natural(s: &str) -> Result<BigUint, String> {
    check_digits(s)?
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))
}

/// A whole number ≥ 0 that fits in 32 bits.
pub fn parse_u32(s: &str) -> Result<u32, String> {
    check_digits(s)?
        .parse()
        .map_err(|_| format!("'{s}' is too large (at most {})", u32::MAX))
}

/// A whole number ≥ 0 that fits in 64 bits.
pub fn parse_u64(s: &str) -> Result<u64, String> {
    check_digits(s)?
        .parse()
        .map_err(|_| format!("'{s}' is too large (at most {})", u64::MAX))
}

/// Prints a clap error as one line (help and version print in full) and picks the status.
pub fn report_parse_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        kind => {
            let rendered = e.render().to_string();
            let mut lines = rendered.lines().filter(|l| !l.trim().is_empty());
            let mut first = lines
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ")
                .to_string();
            // "the following required arguments were not provided:" names them below.
            if first.ends_with(':') {
                if let Some(next) = lines.next() {
                    first = format!("{first} {}", next.trim());
                }
            }
            let hint = match kind {
                ErrorKind::InvalidSubcommand => "; 'conway solve --list' lists the games",
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
                | ErrorKind::MissingSubcommand => "; see 'conway --help'",
                _ => "",
            };
            eprintln!("conway: {first}{hint}");
            ExitCode::from(2)
        }
    }
}
