//! A command's answer apart from how it is shown: the report the library returned, which
//! becomes either the contract's JSON or the text a person reads. The CLI prints one of the
//! two; the worksheet and the REPL, which run the same commands in cells, show both. Every
//! command is dispatched here ([`answer`]), so the three front ends cannot drift apart.

use conway_core::play::{Ended, Reply};
use serde::Serialize;

use crate::args::Command;
use crate::progress::Watcher;
use crate::CliError;

/// An answer that can be shown both ways.
pub trait Answer: Send {
    /// The contract's JSON, on one line.
    fn json(&self) -> String;
    /// The text for a person, each line ending with a newline.
    fn text(&self) -> String;
    /// A picture of the answer (SVG), where one helps: the worksheet shows it.
    fn picture(&self) -> Option<String> {
        None
    }
    /// The position as the worksheet plays it against Conway, when it can be played.
    fn play(&self) -> Option<Play> {
        None
    }
}

/// A position the worksheet can play against Conway, and the move Conway makes there: the
/// page draws and asks, the server decides.
#[derive(Clone, Debug, Serialize)]
pub struct Play {
    /// The catalogue's game (`nim`, `chase`, `wythoff`, …) whose moves are listed, or
    /// `ruleset` for a ruleset position or a sum with one.
    pub game: &'static str,
    /// Conway's move for the player to move, in a catalogue game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<Reply>,
    /// Conway's move as Left, in a ruleset position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_reply: Option<Reply>,
    /// Conway's move as Right, in a ruleset position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_reply: Option<Reply>,
    /// How play has ended here, with the player to move in a catalogue game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
    /// How play has ended with Left to move, in a ruleset position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_ended: Option<Ended>,
    /// How play has ended with Right to move, in a ruleset position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_ended: Option<Ended>,
    /// With Left to move, neither side can force a win: should the position come back so,
    /// the game is a draw by infinite play.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub left_drawn: bool,
    /// The same with Right to move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub right_drawn: bool,
    /// In a game that can go on for ever, the plies after which play that has not ended is
    /// called a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_after: Option<u32>,
    /// The position drawn for a person to play on by clicks, in a catalogue game that has a
    /// picture.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing: Option<conway_games::drawing::Drawing>,
}

impl Play {
    /// A game of the catalogue: Conway's move and the end of play, for the player to move.
    pub fn of_game(game: &'static str, reply: Option<Reply>, ended: Option<Ended>) -> Play {
        Play {
            game,
            reply,
            left_reply: None,
            right_reply: None,
            ended,
            left_ended: None,
            right_ended: None,
            left_drawn: false,
            right_drawn: false,
            draw_after: None,
            drawing: None,
        }
    }
}

/// How a report is written for a person, or drawn.
type Render<R, T> = Box<dyn Fn(&R) -> T + Send>;

/// A report, the function that writes it for a person, and the one that draws it.
struct Shown<R> {
    report: R,
    text: Render<R, String>,
    picture: Option<Render<R, String>>,
    play: Option<Render<R, Option<Play>>>,
}

impl<R: Serialize + Send> Answer for Shown<R> {
    fn json(&self) -> String {
        crate::render::json(&self.report)
    }

    fn text(&self) -> String {
        (self.text)(&self.report)
    }

    fn picture(&self) -> Option<String> {
        self.picture.as_ref().map(|draw| draw(&self.report))
    }

    fn play(&self) -> Option<Play> {
        self.play.as_ref().and_then(|play| play(&self.report))
    }
}

/// The answer holding `report`, written for a person by `text`.
pub fn shown<R: Serialize + Send + 'static>(
    report: R,
    text: impl Fn(&R) -> String + Send + 'static,
) -> Box<dyn Answer> {
    Box::new(Shown {
        report,
        text: Box::new(text),
        picture: None,
        play: None,
    })
}

/// [`shown`], played in the worksheet as `play` says.
pub fn playable<R: Serialize + Send + 'static>(
    report: R,
    text: impl Fn(&R) -> String + Send + 'static,
    play: impl Fn(&R) -> Option<Play> + Send + 'static,
) -> Box<dyn Answer> {
    Box::new(Shown {
        report,
        text: Box::new(text),
        picture: None,
        play: Some(Box::new(play)),
    })
}

/// [`shown`], with a picture drawn by `picture`.
pub fn drawn<R: Serialize + Send + 'static>(
    report: R,
    text: impl Fn(&R) -> String + Send + 'static,
    picture: impl Fn(&R) -> String + Send + 'static,
) -> Box<dyn Answer> {
    Box::new(Shown {
        report,
        text: Box::new(text),
        picture: Some(Box::new(picture)),
        play: None,
    })
}

/// Runs a command (other than `tour`, which prints as it goes, and the interactive `repl` and `serve`), its progress watched by
/// `watch`.
pub fn answer(command: Command, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    match command {
        Command::Solve(s) => crate::solve::answer(s, watch),
        Command::Eval(e) => crate::eval::answer(e, watch),
        Command::Grundy(g) => crate::grundy::answer(g, watch),
        Command::Nash(n) => crate::nash::answer(n, watch),
        Command::Ess(e) => crate::ess::answer(e),
        Command::Stable(s) => crate::stable::answer(s, watch),
        Command::Replicator(r) => crate::replicator::answer(r),
        Command::Schema { command } => crate::schema::answer(&command),
        Command::Tour | Command::Repl(_) | Command::Serve(_) => Err(CliError::usage(
            "the tour, the REPL and the worksheet server are commands of their own: run them from a shell",
        )),
    }
}

/// Prints an answer as the CLI does: the JSON on one line, or the text.
pub fn print(answer: &dyn Answer, json: bool) {
    if json {
        crate::out::emit_line(&answer.json());
    } else {
        crate::out::emit(&answer.text());
    }
}
