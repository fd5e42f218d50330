//! Who wins a position of a partizan ruleset, by search: boards far past their canonical
//! forms (the values are `conway eval 'clobber("…")'` and the like). Every ruleset here is
//! searched by [`conway_rulesets::outcome::ruleset`], which values small components exactly
//! and searches the rest; Domineering has its own faster search (`solve domineering`).

use conway_core::durable::Format;
use conway_core::Progress;
use conway_partizan::{PartizanError, Store};
use conway_rulesets::outcome::ruleset::{searched_ruleset, Ask};
use conway_rulesets::outcome::Resume;

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved};

/// Judge every first move, not only until a winning one is found.
pub(super) const EVERY_MOVE: Param = Param::flag(
    "every-move",
    "Judge every first move of each player, not only until a winning one is found.",
);

/// The search's budget of positions, with its default in words.
pub(super) const fn budget(help: &'static str) -> Param {
    Param::option("budget", Kind::U64, help).value_name("POSITIONS")
}

/// The position of a board game, with what the notation's symbols mean.
const fn board(help: &'static str) -> Param {
    Param::positional("board", Kind::Text, help)
}

/// Checkpoints of the ruleset searches ([`conway_core::formats::RULESET_CHECKPOINT`]); the
/// identity is the game and its board (`clobber xoxo|oxox`).
pub const CHECKPOINT: Format = conway_core::formats::RULESET_CHECKPOINT;

/// A ruleset searched for its winner: its name, its `eval` function's name, summary,
/// example, the board's help, and the text a board is read from (`ROWSxCOLUMNS` expanded).
macro_rules! ruleset_game {
    ($static:ident, $name:literal, $eval:literal, $summary:literal, $example:literal, $board:expr, $text:expr) => {
        pub static $static: Game = Game {
            name: $name,
            aliases: &[],
            summary: $summary,
            example: $example,
            params: &[
                board($board),
                EVERY_MOVE,
                budget("The most positions to search before giving up (default 2^26)."),
                super::search_checkpoint::CHECKPOINT,
                crate::param::CHECKPOINT_EVERY,
            ],
            lists_moves: false,
            solve: |a, r| {
                let board = $text(&a.text("board")?);
                let identity = format!("{} {}", $name, board.trim());
                search(a, r, ($name, $eval), &board, (&CHECKPOINT, &identity))
            },
            on_ranks: None,
        };
    };
}

ruleset_game!(
    CLOBBER,
    "clobber",
    "clobber",
    "Who wins Clobber (a stone moves onto an adjacent stone of the other colour: Left x, \
     Right o) when each player starts, by search",
    "xoxo|oxox|xoxo",
    "Rows separated by |: x Left's stone, o Right's, . empty ('xoxo|oxox'); or ROWSxCOLUMNS \
     for the starting checkerboard, x in the top left corner (5x5).",
    |t: &str| rectangle(t, |r, c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
);

ruleset_game!(
    KONANE,
    "konane",
    "konane",
    "Who wins Konane (a stone jumps over the other colour's stones, capturing them: Left x, \
     Right o) when each player starts, by search",
    "xoxo|o.ox|xoxo|oxox",
    "Rows separated by |: x Left's stone, o Right's, . empty ('xo.|oxo').",
    String::from
);

ruleset_game!(
    CRAM,
    "cram",
    "cram",
    "Who wins Cram (either player places a domino either way; impartial) when each player \
     starts, by search",
    "4x5",
    "Rows separated by |: . empty, # filled ('...|.#.'); or ROWSxCOLUMNS for an empty board.",
    |t: &str| rectangle(t, |_, _| '.')
);

/// The board of Col and Snort.
const COLOURING_BOARD: &str = "Rows separated by |: x blue, o red, . uncoloured, l or r only \
                               Left or Right may colour it, # no square ('x..|.o.'); or \
                               ROWSxCOLUMNS for an uncoloured board.";

ruleset_game!(
    COL,
    "col",
    "col",
    "Who wins Col (colour a square, never next to your own colour: Left blue x, Right red \
     o) when each player starts, by search",
    "4x4",
    COLOURING_BOARD,
    |t: &str| rectangle(t, |_, _| '.')
);

ruleset_game!(
    SNORT,
    "snort",
    "snort",
    "Who wins Snort (colour a square, never next to the other colour: Left blue x, Right red \
     o) when each player starts, by search",
    "4x4",
    COLOURING_BOARD,
    |t: &str| rectangle(t, |_, _| '.')
);

ruleset_game!(
    NOGO,
    "nogo",
    "nogo",
    "Who wins NoGo (place a stone; capturing and suicide are forbidden: Left x, Right o) when \
     each player starts, by search",
    "3x4",
    "Rows separated by |: x Left's stone, o Right's, . empty ('x..|.o.'), at most 64 points; \
     or ROWSxCOLUMNS for an empty board.",
    |t: &str| rectangle(t, |_, _| '.')
);

ruleset_game!(
    AMAZONS,
    "amazons",
    "amazons",
    "Who wins Amazons (an amazon moves as a queen, then shoots an arrow as a queen that burns \
     a square: Left x, Right o) when each player starts, by search",
    "x...|....|...o",
    "Rows separated by |: x Left's amazon, o Right's, . empty, # burnt ('x..|..o'), at most \
     256 squares.",
    String::from
);

ruleset_game!(
    TOADS_AND_FROGS,
    "toads-and-frogs",
    "toads_and_frogs",
    "Who wins Toads and Frogs (toads t move right, frogs f left, one square or a jump over \
     one of the other kind) when each player starts, by search",
    "ttt....fff",
    "The strip, left to right: t toad (Left), f frog (Right), . empty ('tt..ff'), at most 256 \
     squares.",
    String::from
);

/// `ROWSxCOLUMNS` as a board of those rows, each square `fill(row, column)`; any other text
/// as it is. Rectangles past the rulesets' limits are left to those limits (at most 64 a
/// side here, so the text built stays small).
fn rectangle(text: &str, fill: impl Fn(usize, usize) -> char) -> String {
    let size = text.trim().split_once(['x', 'X']).and_then(|(r, c)| {
        let side = |s: &str| s.parse::<usize>().ok().filter(|n| (1..=64).contains(n));
        Some((side(r)?, side(c)?))
    });
    match size {
        Some((rows, cols)) => (0..rows)
            .map(|r| (0..cols).map(|c| fill(r, c)).collect::<String>())
            .collect::<Vec<_>>()
            .join("|"),
        None => text.to_string(),
    }
}

/// Searches the position `text` of the game `name`, whose `eval` function is `eval`, at
/// most `--budget` positions (the search's own default without it); with `--checkpoint`,
/// resuming from the file and keeping what it settles there (a file of `format`, naming the
/// position `identity`).
pub(super) fn search(
    a: &Arguments,
    r: &Request,
    (name, eval): (&str, &str),
    text: &str,
    (format, identity): (&Format, &str),
) -> Result<Solved, GameError> {
    let ruleset = searched_ruleset(eval).ok_or_else(|| {
        PartizanError::InvalidInput(format!("{eval} is not a searched ruleset (internal error)"))
    })?;
    let budget = a.has("budget").then(|| a.u64("budget")).transpose()?;
    let every_move = a.flag("every-move");
    let run = |resume: Resume, progress: &dyn Progress| {
        let ask = Ask {
            every_move,
            budget,
            progress,
        };
        (ruleset.search)(&mut Store::new(), text, ask, resume)
    };
    let mut report = match a.path("checkpoint") {
        Some(path) => super::search_checkpoint::resumed(a, r, (&path, format, identity), run)?,
        None => {
            let stage = r.watch.stage("searching");
            run(Resume::afresh(), &*stage).0?
        }
    };
    // The game as the catalogue names it (`toads-and-frogs`, not the function's name).
    report.game = name.to_string();
    Ok(Solved::Winner(report))
}
