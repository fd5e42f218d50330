//! A worksheet session: cells evaluated in order against one store of games and one set of
//! variables. The browser worksheet (`conway serve`) and the terminal REPL (`conway repl`)
//! are two views of it.
//!
//! A cell is one of:
//! - an assignment `G := {1|*}`, which binds the variable to the expression's value;
//! - a command, when its first word is one of [`COMMANDS`]: `solve nim 3 5 7`,
//!   `grundy 0.137 --to 1000`, `nash --a "3 0; 5 1" --b "3 5; 0 1"`, with the words split
//!   as a shell would (quotes group) and read by the CLI's own argument definitions;
//! - a Gambit `.nfg` file pasted whole (its text starts with `NFG`): its equilibria, and the
//!   ESS verdicts of a symmetric game;
//! - `:vars`, the variables and their values (what the REPL's `:vars` and the page's
//!   variables panel show);
//! - `:report on` / `:report off`: whether an expression's answer is printed as its value on
//!   one line (the default, as CGSuite's worksheet prints it) or with its report (outcome,
//!   stops, mean, temperature, thermograph, moves), as `conway eval` prints it; the
//!   session remembers the choice;
//! - otherwise an expression in CGSuite's notation, which may use the variables.
//!
//! Each answer is the CLI's report, as JSON and as text, with a thermograph picture for a
//! game. A session touches no files: a command that would read or write one (an `.nfg`
//! path, standard input, a checkpoint, a chase table, an SVG) is refused, and data such as
//! payoff matrices is given inline. Evaluation recurses along games, so a session must run
//! on a thread with a large stack ([`EVAL_STACK`](crate::eval::EVAL_STACK)).

use clap::Parser;
use conway_expr::eval::{
    evaluate_report_in, parse_statement, Bindings, EvalReport, Statement, UserRulesets, Value,
};
use conway_loopy::picture::loopy_svg;
use conway_partizan::thermal::thermograph_svg;
use conway_partizan::Store;
use serde::Serialize;

use crate::answer::Play;
use crate::args::{Cli, Command};
use crate::progress::Watcher;
use crate::CliError;

/// The commands a cell may run (the CLI's, less `tour`).
pub const COMMANDS: [&str; 7] = [
    "solve",
    "eval",
    "grundy",
    "nash",
    "ess",
    "stable",
    "replicator",
];

/// What a cell was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CellKind {
    /// An expression.
    Expression,
    /// `name := expression`.
    Assignment,
    /// One of [`COMMANDS`].
    Command,
    /// `:vars`: the variables.
    Variables,
    /// `:report on|off`: how expressions are printed.
    Setting,
}

/// The answer to one cell.
#[derive(Clone, Debug, Serialize)]
pub struct CellAnswer {
    /// What the cell was.
    pub kind: CellKind,
    /// The variable an assignment bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The report, as the CLI's `--json` gives it.
    pub report: serde_json::Value,
    /// The report as the CLI prints it.
    pub text: String,
    /// The thermograph of a game, as SVG.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thermograph_svg: Option<String>,
    /// A command's picture, as SVG (a heap sequence's plot).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture_svg: Option<String>,
    /// What the page can play from the cell's position, and Conway's moves there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<Play>,
}

/// Variables and the store their games live in.
#[derive(Default)]
pub struct Session {
    store: Store,
    names: Bindings,
    /// Whether expressions print their whole report (`:report on`) or their value alone.
    reports: bool,
}

impl Session {
    /// A session with no variables.
    pub fn new() -> Self {
        Session::default()
    }

    /// A session with no variables whose cells may name these rulesets of the caller's.
    pub fn with_rulesets(rulesets: UserRulesets) -> Self {
        Session {
            names: Bindings::with_rulesets(rulesets),
            ..Session::default()
        }
    }

    /// Runs one cell, its progress watched by `watch` (which may stop it).
    pub fn run(&mut self, input: &str, watch: &dyn Watcher) -> Result<CellAnswer, CliError> {
        if let Some(words) = command_words(input)? {
            return run_command(words, self.names.rulesets(), watch);
        }
        if input.trim() == ":vars" {
            return Ok(self.variables_answer());
        }
        if let Some(choice) = input.trim().strip_prefix(":report") {
            return self.report_setting(choice.trim());
        }
        if input.trim_start().starts_with("NFG") {
            let answer = crate::nash::answer_for_nfg_text(input, watch)?;
            return command_answer(&*answer);
        }
        match parse_statement(input)? {
            Statement::Assign { name, expression } => {
                let mut answer = self.evaluate(&expression, watch)?;
                let value = answer.1.clone();
                self.names.bind(&name, value)?;
                answer.0.kind = CellKind::Assignment;
                answer.0.name = Some(name);
                Ok(answer.0)
            }
            Statement::Evaluate(expression) => Ok(self.evaluate(&expression, watch)?.0),
        }
    }

    /// Evaluates an expression with the session's variables: its answer and its value.
    fn evaluate(
        &mut self,
        expression: &str,
        watch: &dyn Watcher,
    ) -> Result<(CellAnswer, Value), CliError> {
        let progress = watch.stage("evaluating");
        self.store.set_progress(progress.clone());
        let result = evaluate_report_in(&mut self.store, &self.names, expression);
        self.store.clear_progress();
        progress.finish();
        let mut report: EvalReport = result?;
        report.input = expression.trim().to_string();
        let svg = report
            .game
            .as_ref()
            .and_then(|g| g.thermograph.as_ref())
            .map(|t| thermograph_svg(t, &report.input));
        let value = report.result.clone();
        let picture = match &value {
            // The value stands without its picture if the picture cannot be drawn.
            Value::Loopy(loopy) => loopy_svg(loopy, &report.input, &mut self.store)
                .ok()
                .flatten(),
            _ => None,
        };
        let play = crate::eval::play(&report);
        let answer = CellAnswer {
            kind: CellKind::Expression,
            name: None,
            report: json_value(&crate::render::json(&report))?,
            text: if self.reports {
                crate::eval::text(&report)
            } else {
                crate::eval::line(&report)
            } + "\n",
            thermograph_svg: svg,
            picture_svg: picture,
            play,
        };
        Ok((answer, value))
    }

    /// `:report on`, `:report off`, or `:report` alone (which says how expressions print).
    fn report_setting(&mut self, choice: &str) -> Result<CellAnswer, CliError> {
        match choice {
            "on" => self.reports = true,
            "off" => self.reports = false,
            "" => {}
            other => {
                return Err(CliError::usage(format!(
                    "':report {other}': say ':report on' (values with their reports) or \
                     ':report off' (values alone, one line each)"
                )))
            }
        }
        let text = if self.reports {
            "expressions print with their reports (:report off prints values alone)\n"
        } else {
            "expressions print as their values, one line each (:report on adds their reports)\n"
        };
        Ok(CellAnswer {
            kind: CellKind::Setting,
            name: None,
            report: serde_json::json!({ "reports": self.reports }),
            text: text.to_string(),
            thermograph_svg: None,
            picture_svg: None,
            play: None,
        })
    }

    /// The answer to `:vars`: each variable with its value's text, in alphabetical order
    /// (the report's `variables`, a list of `{name, value}`).
    pub fn variables_answer(&mut self) -> CellAnswer {
        let variables = self.variables();
        let mut text = String::new();
        if variables.is_empty() {
            text.push_str("no variables yet: G := {1|*} makes one\n");
        }
        for (name, value) in &variables {
            text.push_str(&format!("{name} = {value}\n"));
        }
        let listed: Vec<serde_json::Value> = variables
            .into_iter()
            .map(|(name, value)| serde_json::json!({ "name": name, "value": value }))
            .collect();
        CellAnswer {
            kind: CellKind::Variables,
            name: None,
            report: serde_json::json!({ "variables": listed }),
            text,
            thermograph_svg: None,
            picture_svg: None,
            play: None,
        }
    }

    /// The variables, each with its value's text, in the names' order.
    fn variables(&mut self) -> Vec<(String, String)> {
        let bound: Vec<(String, Value)> = self
            .names
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect();
        bound
            .into_iter()
            .map(|(name, value)| (name, value.to_text(&mut self.store)))
            .collect()
    }
}

/// The words of a command cell, or `None` when the cell is not a command.
fn command_words(input: &str) -> Result<Option<Vec<String>>, CliError> {
    let first = input.split_whitespace().next().unwrap_or("");
    if !COMMANDS.contains(&first) {
        return Ok(None);
    }
    shlex::split(input).map(Some).ok_or_else(|| {
        CliError::usage("a quote is not closed: group words with matching \"…\" or '…'")
    })
}

/// Runs a command cell through the CLI's own parser and dispatch; `eval` names the
/// session's rulesets (not its variables: a command stands alone).
fn run_command(
    words: Vec<String>,
    rulesets: &UserRulesets,
    watch: &dyn Watcher,
) -> Result<CellAnswer, CliError> {
    let argv = std::iter::once("conway".to_string()).chain(words);
    let cli = Cli::try_parse_from(argv).map_err(|e| CliError::from_clap(&e))?;
    refuse_files(&cli.command)?;
    let answer = match cli.command {
        Command::Grundy(args) => crate::grundy::drawn_answer(args, watch)?,
        Command::Eval(args) => {
            let names = Bindings::with_rulesets(rulesets.clone());
            crate::eval::answer_naming(args, &names, watch)?
        }
        command => crate::answer::answer(command, watch)?,
    };
    command_answer(&*answer)
}

/// A command's answer as a cell's.
fn command_answer(answer: &dyn crate::answer::Answer) -> Result<CellAnswer, CliError> {
    Ok(CellAnswer {
        kind: CellKind::Command,
        name: None,
        report: json_value(&answer.json())?,
        text: answer.text(),
        thermograph_svg: None,
        picture_svg: answer.picture(),
        play: answer.play(),
    })
}

/// Refuses a command that would read or write a file (or standard input).
fn refuse_files(command: &Command) -> Result<(), CliError> {
    let refused = |what: &str| {
        Err(CliError::usage(format!(
            "a worksheet reads and writes no files: {what}"
        )))
    };
    let stdin = |text: &Option<String>| text.as_deref() == Some("-");
    match command {
        Command::Nash(args) if args.file.is_some() => {
            refused("paste the game with --a and --b instead of a .nfg file")
        }
        Command::Nash(args) if stdin(&args.a) || stdin(&args.b) => {
            refused("give the matrices inline, not '-'")
        }
        Command::Ess(g)
        | Command::Stable(crate::args::StableArgs { game: g, .. })
        | Command::Replicator(crate::args::ReplicatorArgs { game: g, .. })
            if g.file.is_some() || stdin(&g.a) || stdin(&g.b) =>
        {
            refused("give the matrices inline with --a (and --b)")
        }
        Command::Grundy(args) if args.checkpoint.is_some() => refused("no --checkpoint"),
        Command::Eval(args) if args.svg.is_some() => {
            refused("the thermograph is drawn in the cell; no --svg")
        }
        Command::Solve(args) => match &args.game {
            Some(g) => match g
                .game
                .params
                .iter()
                .find(|p| p.kind.is_file() && g.arguments.path(p.name).is_some())
            {
                Some(p) if p.option => refused(&format!("no --{}", p.name)),
                Some(p) => refused(&format!("{} reads its {} from a file", g.game.name, p.name)),
                None => Ok(()),
            },
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// A report's JSON text as a value (in the report's own field order).
fn json_value(text: &str) -> Result<serde_json::Value, CliError> {
    serde_json::from_str(text)
        .map_err(|e| CliError::internal(format!("a report is not valid JSON: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Terminal;

    /// Runs `cells` in one session on a large stack, returning each answer or error text.
    fn run_all(cells: &[&str]) -> Vec<Result<CellAnswer, String>> {
        let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        std::thread::Builder::new()
            .stack_size(crate::eval::EVAL_STACK)
            .spawn(move || {
                let mut session = Session::new();
                cells
                    .iter()
                    .map(|c| session.run(c, &Terminal).map_err(|e| e.to_string()))
                    .collect()
            })
            .unwrap()
            .join()
            .unwrap()
    }

    /// The worksheet plays exactly the catalogue's games whose moves are listed, and Conway's
    /// move is the server's: a winning move where there is one.
    #[test]
    fn the_playable_games_are_the_catalogues() {
        for game in conway_games::GAMES.iter() {
            let cell = game.example_command();
            let touches_files = conway_games::EXAMPLE_FILES
                .iter()
                .any(|(name, _)| game.example.contains(name));
            let answer = &run_all(&[&cell])[0];
            if touches_files {
                // A session reads no files: these games are not played in the worksheet.
                assert!(answer.is_err(), "{cell}");
                assert!(!game.lists_moves, "{cell}");
                continue;
            }
            let answer = answer.as_ref().expect(&cell);
            let play = answer.play.as_ref();
            assert_eq!(play.map(|p| p.game), game.lists_moves.then_some(game.name));
            let Some(play) = play else { continue };
            let winning = answer.report["winning_moves"]
                .as_array()
                .map_or(0, Vec::len);
            let winner = &answer.report["winner"];
            let reply = play.reply.as_ref();
            // A position with a winning move (or the chase's side to move winning) gets one.
            let wins = winning > 0 || (!winner.is_null() && winner == &answer.report["to_move"]);
            assert_eq!(reply.is_some_and(|r| r.wins), wins, "{cell}");
        }
        // Ruleset positions are played as Left or Right, each with Conway's move.
        let answer = run_all(&["domineering(\"..|..\")"])
            .remove(0)
            .expect("a ruleset");
        let play = answer.play.expect("playable");
        assert_eq!(play.game, "ruleset");
        assert!(play.left_reply.is_some_and(|r| r.wins));
        assert_eq!((play.left_ended, play.right_ended), (None, None));
        assert_eq!(play.draw_after, None, "a short game always ends");
    }

    /// The server says where play ends and who has won there: the player to move with no
    /// move loses, in misère play wins; a ruleset player with no move loses; a loopy game is
    /// called a draw after a number of plies, and a capture ends the chase.
    #[test]
    fn the_server_says_when_play_ends() {
        let answers = run_all(&[
            "solve nim 0 0 --moves",
            "solve misere-nim 0 0 --moves",
            "solve nim 1 --moves",
            "domineering(\"#.|#.\")",
            "backsliding_toads_and_frogs(\"t.f\")",
            "solve chase 4 1 1 1 2 --moves",
        ]);
        let play = |i: usize| {
            answers[i]
                .as_ref()
                .expect("an answer")
                .play
                .clone()
                .expect("playable")
        };
        assert_eq!(play(0).ended.map(|e| e.mover_wins), Some(false));
        assert_eq!(play(1).ended.map(|e| e.mover_wins), Some(true));
        assert_eq!(play(2).ended, None);
        let domineering = play(3);
        assert_eq!(domineering.left_ended, None, "Left has a vertical domino");
        assert_eq!(domineering.right_ended.map(|e| e.mover_wins), Some(false));
        let strip = play(4);
        assert_eq!(strip.draw_after, Some(conway_core::play::PLAYED_OUT_PLIES));
        let chase = play(5);
        assert!(
            chase.reply.is_some_and(|r| r.ends),
            "White captures at once"
        );
        assert_eq!(chase.draw_after, Some(conway_core::play::PLAYED_OUT_PLIES));
        // The page plays on the server's drawings: the capture's square names its end.
        let board = chase.drawing.expect("the chase is drawn");
        let capture = board.clicks.iter().find(|c| c.ended.is_some());
        assert_eq!(capture.map(|c| c.at), Some([2, 0]), "Black on (1,2)");
        assert_eq!(play(2).drawing.map(|d| d.rows.len()), Some(1), "one heap");
        assert!(
            domineering.drawing.is_none(),
            "a ruleset's board is drawn from its text"
        );
    }

    /// A misère quotient in a worksheet is drawn as its multiplication table, not as the
    /// normal-play values' plot.
    #[test]
    fn quotients_are_drawn_as_tables() {
        let answers = run_all(&["grundy 0.75 --misere-quotient"]);
        let answer = answers[0].as_ref().unwrap();
        assert_eq!(answer.report["order"], 8);
        let svg = answer.picture_svg.as_deref().unwrap();
        assert!(svg.contains("|Q| = 8, |P| = 2 (shaded)"), "{svg}");
        assert_eq!(svg.matches("<rect").count(), 8 * 8 + 2 * 8);
    }

    #[test]
    fn variables_expressions_and_commands() {
        let answers = run_all(&[
            "G := ^",
            "G + G + *",
            "{3||2+*|1+*}",
            "solve nim 3 5 7",
            "nash --a '3 0; 5 1' --b '3 5; 0 1'",
            "H + 1",
        ]);
        let ok = |i: usize| answers[i].as_ref().unwrap();
        assert_eq!(ok(0).kind, CellKind::Assignment);
        assert_eq!(ok(0).name.as_deref(), Some("G"));
        assert_eq!(ok(1).report["canonical"], "^^*");
        assert_eq!(ok(2).report["canonical"], "{3||2*|1*}");
        assert!(ok(2)
            .thermograph_svg
            .as_deref()
            .unwrap()
            .starts_with("<svg"));
        assert_eq!(ok(3).kind, CellKind::Command);
        assert_eq!(ok(3).report["outcome"], "N");
        assert_eq!(ok(4).text, "NE,0,1,0,1\n");
        // A loopy value is drawn as its game graph, a short one is not.
        let loopy = run_all(&["a{0|{a|1}}", "{1|0}"]);
        let graph = loopy[0].as_ref().unwrap().picture_svg.as_deref().unwrap();
        assert!(graph.contains(r#"class="loopy-graph""#), "{graph}");
        assert!(loopy[1].as_ref().unwrap().picture_svg.is_none());
        // A heap sequence is drawn; its values are listed only on request.
        let kayles = run_all(&["grundy kayles --to 300", "grundy kayles --to 300 --values"]);
        let (plain, listed) = (kayles[0].as_ref().unwrap(), kayles[1].as_ref().unwrap());
        assert!(plain
            .picture_svg
            .as_deref()
            .unwrap()
            .contains("period 12 from heap 71"));
        assert!(
            !plain.text.contains("0 1 2 3 1 4 3 2 1 4 2 6"),
            "{}",
            plain.text
        );
        assert!(
            listed.text.contains("0 1 2 3 1 4 3 2 1 4 2 6"),
            "{}",
            listed.text
        );
        let error = answers[5].as_ref().unwrap_err();
        assert!(error.contains("unknown name 'H'") && error.contains("the variables are G"));
    }

    #[test]
    fn files_are_refused() {
        for cell in [
            "nash game.nfg",
            "nash --a - --b '1 2; 3 4'",
            "ess --a -",
            "grundy 0.77 --checkpoint x.ckpt",
            "eval 1 --svg x.svg",
            "solve digraph edges.txt",
            "solve chase 5 1 1 3 3 --table t.bin",
        ] {
            let error = run_all(&[cell]).remove(0).unwrap_err();
            assert!(
                error.contains("reads and writes no files"),
                "{cell}: {error}"
            );
        }
        // A pasted .nfg file (Gambit's e02, Selten 1975): its equilibria, by component.
        let e02 = "NFG 1 R \"e02\" { \"1\" \"2\" } { 3 2 }\n1 1 0 2 0 2 1 1 0 3 2 0\n";
        let pasted = run_all(&[e02]).remove(0).unwrap();
        assert_eq!(pasted.kind, CellKind::Command);
        assert!(pasted.report["components"].is_array(), "{}", pasted.report);
        assert!(pasted.text.contains("NE,1,0,0,1,0"), "{}", pasted.text);
        assert!(pasted.report.get("evolutionarily_stable").is_none());
        // Hawk-Dove with V = 2, C = 4 (Maynard Smith and Price, 1973): symmetric, so the
        // pasted file also gets its ESS verdicts; the mixed strategy V/C = 1/2 is the ESS.
        let hawk_dove = "NFG 1 R \"hawk-dove\" { \"1\" \"2\" } { 2 2 }\n-1 -1 0 2 2 0 1 1\n";
        let pasted = run_all(&[hawk_dove]).remove(0).unwrap();
        let ess = &pasted.report["evolutionarily_stable"];
        assert_eq!(
            ess["ess"],
            serde_json::json!([["1/2", "1/2"]]),
            "{}",
            pasted.report
        );
        assert_eq!(
            ess["symmetric_equilibria"].as_array().map(Vec::len),
            Some(1)
        );
        assert!(pasted.text.contains("(1/2,1/2)  ESS"), "{}", pasted.text);
        let bad = run_all(&["NFG 1 R \"x\" { \"1\" } { 2 }\n1 x\n"])
            .remove(0)
            .unwrap_err();
        assert!(bad.contains("line 2"), "{bad}");
        let error = run_all(&["solve nim '3"]).remove(0).unwrap_err();
        assert!(error.contains("quote"), "{error}");
        let error = run_all(&["solve nimm 3"]).remove(0).unwrap_err();
        assert!(error.contains("nim"), "{error}");
    }
}
