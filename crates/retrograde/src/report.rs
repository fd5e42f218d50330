//! Whole answers for a front end: `conway solve chase` and `conway solve digraph` as report
//! structs that serialize (serde) to the JSON of the CLI contract. The CLI, the Python
//! package and the worksheet call these functions; they only render or serialize the result.
//!
//! - [`chase`]: who wins a start position of the Easy Chase and in how many plies, with one
//!   optimal line on request; the solved table is read from or written to a [`TableFile`].
//! - [`digraph_vertices`] and [`digraph_tokens`]: γ of every vertex of a digraph, or the
//!   value, outcome and winning (or drawing) moves of tokens on it; [`DigraphReport`] holds
//!   either.

use std::path::Path;

use conway_core::durable::{self, SaveGuard, Unguarded};
use conway_core::{Progress, Ranks, WinningMove};
use serde::{Serialize, Serializer};

use crate::chase::{Chase, Colour, Square};
use crate::distributed::Checkpoints;
use crate::graph::GameGraph;
use crate::loopy::{analyse_tokens, generalized_sg, Gsg, LoopyOutcome, TokenMove};
use crate::solve::Solved;
use crate::table;
use crate::RetrogradeError;
use conway_graph::Digraph;

/// The most plies of a drawn line that a report lists (a drawn line never ends).
pub const DRAWN_LINE: usize = 40;

/// The answer for one position of the Easy Chase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ChaseReport {
    /// Always `chase`.
    pub game: String,
    /// The position as the user writes it: `n wx wy bx by`.
    pub position: String,
    /// The side to move (White, unless asked otherwise).
    pub to_move: Colour,
    /// The side that wins with optimal play, or `None` — serialized `draw` — when neither
    /// can force a capture.
    #[serde(serialize_with = "winner_or_draw")]
    #[schemars(with = "WinnerOrDraw")]
    pub winner: Option<Colour>,
    /// Plies until the capture with optimal play (the winner hurries, the loser stalls);
    /// `None` (null) for a draw.
    pub plies: Option<u32>,
    /// One optimal line of play when asked for, a move per ply (`White (1,1)→(2,1)`); a drawn
    /// line is cut after [`DRAWN_LINE`] plies. Absent from the JSON when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<String>>,
    /// Every move of the side to move with what it leaves, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<ChaseMove>>,
}

impl ChaseReport {
    /// The move Conway makes here when it plays a person (every move must have been asked
    /// for): the soonest capture it can force, else a draw, else the longest stall.
    pub fn reply(&self) -> Option<conway_core::play::Reply> {
        let prospect = |m: &ChaseMove| conway_core::play::Prospect {
            wins: m.wins,
            draws: m.winner.is_none(),
            plies: m.plies,
        };
        conway_core::play::reply(self.moves.as_deref()?, prospect, |m| {
            (&m.description, &m.to)
        })
    }
}

/// One move of the Easy Chase and the result of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ChaseMove {
    /// The move: `White (1,1)→(2,1)`.
    #[serde(rename = "move")]
    pub description: String,
    /// The squares after it, `n wx wy bx by`, with the other side to move.
    pub to: String,
    /// Who wins from there with optimal play (`draw`: neither); a capture has won at once.
    #[serde(serialize_with = "winner_or_draw")]
    #[schemars(with = "WinnerOrDraw")]
    pub winner: Option<Colour>,
    /// Plies from there to the capture with optimal play (0 after a capture; null for a draw).
    pub plies: Option<u32>,
    /// Whether the move keeps a win for the side making it.
    pub wins: bool,
}

/// What a chase report is asked to hold besides the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseQuestion {
    /// The side to move in the position.
    pub to_move: Colour,
    /// One optimal line of play.
    pub line: bool,
    /// Every move of the side to move.
    pub moves: bool,
}

fn winner_or_draw<S: Serializer>(winner: &Option<Colour>, s: S) -> Result<S::Ok, S::Error> {
    match winner {
        Some(side) => side.serialize(s),
        None => s.serialize_str("draw"),
    }
}

/// The schema of what [`winner_or_draw`] writes: a side's name or `draw`.
struct WinnerOrDraw;

impl schemars::JsonSchema for WinnerOrDraw {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WinnerOrDraw".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["white", "black", "draw"] })
    }
}

/// A file for the solved table of [`chase`]: read when it holds the board asked about,
/// written after the solve otherwise.
#[derive(Clone, Copy)]
pub struct TableFile<'a> {
    /// Where the table is kept.
    pub path: &'a Path,
    /// Runs the save it is handed, once. A front end that may end the process on a stop
    /// request (the CLI's watchdog after Ctrl-C) holds that off until the save returns, so
    /// that the minutes of solving behind a table are not thrown away at the last moment.
    pub guard: &'a dyn SaveGuard,
}

impl<'a> TableFile<'a> {
    /// The table at `path`, saved without a guard.
    pub fn new(path: &'a Path) -> Self {
        TableFile {
            path,
            guard: &Unguarded,
        }
    }

    /// The same file, saved through `guard`.
    pub fn guarded_by(self, guard: &'a dyn SaveGuard) -> Self {
        TableFile { guard, ..self }
    }

    /// The table of the game `name`: loaded when the file holds it; otherwise solved by
    /// `solve` (after checking that the file can be written, so that a bad path is found out
    /// before the work, not after) and saved through the guard.
    fn load_or_solve(
        &self,
        name: &str,
        solve: impl FnOnce() -> Result<Solved, RetrogradeError>,
    ) -> Result<Solved, RetrogradeError> {
        if let Some(solved) = table::load(self.path, name)? {
            return Ok(solved);
        }
        durable::check_writable(self.path, &table::TABLE)?;
        let solved = solve()?;
        durable::guarded(self.guard, || table::save(self.path, name, &solved))?;
        Ok(solved)
    }
}

/// `conway solve chase N WX WY BX BY`: the winner and game length of the start position with
/// White on `white` and Black on `black`, White to move, and one optimal line when `line`.
/// With a `table`, the board's solved table is read from it when it holds this board, and
/// written to it after solving otherwise. `progress` hears the solve.
pub fn chase(
    n: u32,
    white: Square,
    black: Square,
    question: ChaseQuestion,
    table: Option<TableFile<'_>>,
    progress: &dyn Progress,
) -> Result<ChaseReport, RetrogradeError> {
    let game = Chase::new(n)?;
    let start = game.state(question.to_move, white, black)?;
    let solve = || game.solve(progress);
    let solved = match table {
        Some(file) => file.load_or_solve(&format!("chase {n}"), solve)?,
        None => solve()?,
    };
    Ok(chase_report(&game, &solved, start, question))
}

/// [`chase`] with the board solved across the ranks of a distributed run
/// ([`crate::distributed`]; a collective call, every rank with the same arguments), each
/// rank's slice checkpointed in `checkpoints` when given. Rank 0 gets the report, the same
/// as [`chase`]'s; the other ranks `None`.
pub fn chase_on_ranks(
    n: u32,
    white: Square,
    black: Square,
    question: ChaseQuestion,
    ranks: &dyn Ranks,
    checkpoints: Option<&Checkpoints>,
    progress: &dyn Progress,
) -> Result<Option<ChaseReport>, RetrogradeError> {
    let game = Chase::new(n)?;
    let start = game.state(question.to_move, white, black)?;
    let name = format!("chase {n}");
    let solved = crate::distributed::solve_on_ranks(&game, &name, ranks, checkpoints, progress)?;
    Ok(solved.map(|solved| chase_report(&game, &solved, start, question)))
}

/// The answer about state `start` of a solved board.
fn chase_report(game: &Chase, solved: &Solved, start: u32, question: ChaseQuestion) -> ChaseReport {
    let n = game.side();
    let (_, white, black) = game.decode(start);
    let result = crate::chase::result(game, solved, start);
    let line = question.line.then(|| {
        let longest = DRAWN_LINE.max(result.plies.unwrap_or(0) as usize);
        let states = game.line(solved, start, longest);
        std::iter::once(start)
            .chain(states.iter().copied())
            .zip(states.iter().copied())
            .map(|(before, after)| game.describe_move(before, after))
            .collect()
    });
    let squares = |w: Square, b: Square| format!("{n} {} {} {} {}", w.0, w.1, b.0, b.1);
    let moves = question.moves.then(|| {
        let mut after = Vec::new();
        game.successors(start, &mut after);
        after
            .into_iter()
            .map(|next| {
                let (_, w, b) = game.decode(next);
                let then = crate::chase::result(game, solved, next);
                ChaseMove {
                    description: game.describe_move(start, next),
                    to: squares(w, b),
                    winner: then.winner,
                    plies: then.plies,
                    wins: then.winner == Some(question.to_move),
                }
            })
            .collect()
    });
    ChaseReport {
        game: "chase".to_string(),
        position: squares(white, black),
        to_move: question.to_move,
        winner: result.winner,
        plies: result.plies,
        line,
        moves,
    }
}

/// γ and the outcome of one vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct VertexValue {
    /// The vertex's name in the file; the key of its entry in the JSON.
    #[serde(skip)]
    pub name: String,
    /// γ, the generalized Sprague-Grundy value of a token on the vertex.
    pub value: Gsg,
    /// P, N or D for a token on the vertex.
    pub outcome: LoopyOutcome,
}

/// `conway solve digraph FILE`: γ of every vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DigraphVertices {
    /// Always `digraph`.
    pub game: String,
    /// Every vertex in the order the file names them first; in the JSON an object from
    /// name to `{value, outcome}`, in that order.
    #[serde(serialize_with = "by_name")]
    #[schemars(with = "std::collections::BTreeMap<String, VertexValue>")]
    pub vertices: Vec<VertexValue>,
}

fn by_name<S: Serializer>(vertices: &[VertexValue], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(vertices.iter().map(|v| (&v.name, v)))
}

/// `conway solve digraph FILE VERTEX…`: a token on each vertex named, as a sum of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DigraphTokens {
    /// Always `digraph`.
    pub game: String,
    /// The tokens' vertices as the user wrote them, space-separated.
    pub position: String,
    /// P, N or D for the sum.
    pub outcome: LoopyOutcome,
    /// γ of the sum.
    pub value: Gsg,
    /// γ of each token, in the order given.
    pub token_values: Vec<Gsg>,
    /// Every move to a P-position, when the outcome is N.
    pub winning_moves: Vec<WinningMove>,
    /// Every move that keeps the draw, when the outcome is D.
    pub drawing_moves: Vec<WinningMove>,
}

/// Either answer of `conway solve digraph`; serialized as the one it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum DigraphReport {
    /// γ of every vertex.
    Vertices(DigraphVertices),
    /// A sum of tokens.
    Tokens(DigraphTokens),
}

impl From<DigraphVertices> for DigraphReport {
    fn from(r: DigraphVertices) -> Self {
        DigraphReport::Vertices(r)
    }
}

impl From<DigraphTokens> for DigraphReport {
    fn from(r: DigraphTokens) -> Self {
        DigraphReport::Tokens(r)
    }
}

/// γ of every vertex of `g`; `progress` hears the labelling.
pub fn digraph_vertices(
    g: &Digraph,
    progress: &dyn Progress,
) -> Result<DigraphVertices, RetrogradeError> {
    let gsg = generalized_sg(g, progress)?;
    let vertices = gsg
        .into_iter()
        .zip(0..)
        .map(|(value, v)| VertexValue {
            name: g.name(v).to_string(),
            outcome: value.outcome(),
            value,
        })
        .collect();
    Ok(DigraphVertices {
        game: "digraph".to_string(),
        vertices,
    })
}

/// A token on each vertex named in `tokens` (a vertex may hold several): the value and
/// outcome of the sum and the moves that win or keep the draw. An unknown name is refused
/// before any work; `progress` hears the labelling.
pub fn digraph_tokens(
    g: &Digraph,
    tokens: &[&str],
    progress: &dyn Progress,
) -> Result<DigraphTokens, RetrogradeError> {
    let ids = tokens
        .iter()
        .map(|t| g.require(t))
        .collect::<Result<Vec<u32>, _>>()?;
    let gsg = generalized_sg(g, progress)?;
    let answer = analyse_tokens(g, &gsg, &ids);
    // A move in words, and the tokens' vertices after it.
    let describe = |m: &TokenMove| {
        let mut after: Vec<&str> = ids.iter().map(|&v| g.name(v)).collect();
        after[m.token] = g.name(m.to);
        WinningMove::new(
            format!(
                "move token {} from {} to {}",
                m.token + 1,
                g.name(m.from),
                g.name(m.to)
            ),
            after.join(" "),
        )
    };
    Ok(DigraphTokens {
        game: "digraph".to_string(),
        position: tokens.join(" "),
        outcome: answer.outcome,
        value: answer.value,
        token_values: answer.values,
        winning_moves: answer.winning_moves.iter().map(describe).collect(),
        drawing_moves: answer.drawing_moves.iter().map(describe).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_core::NoProgress;
    use std::cell::Cell;

    /// White to move, with or without the line.
    fn white(line: bool) -> ChaseQuestion {
        ChaseQuestion {
            to_move: Colour::White,
            line,
            moves: false,
        }
    }

    fn json<T: Serialize>(report: &T) -> String {
        serde_json::to_string(report).expect("reports serialize")
    }

    /// Seed 000's acceptance example: on a 4×4 board Black, starting in the far corner,
    /// captures White on the 8th ply.
    #[test]
    fn chase_report_of_the_published_example() {
        let r = chase(4, (1, 1), (4, 4), white(true), None, &NoProgress).unwrap();
        assert_eq!(
            json(&r),
            r#"{"game":"chase","position":"4 1 1 4 4","to_move":"white","winner":"black","plies":8,"line":["White (1,1)→(2,1)","Black (4,4)→(2,4)","White (2,1)→(3,1)","Black (2,4)→(2,2)","White (3,1)→(4,1)","Black (2,2)→(3,2)","White (4,1)→(3,1)","Black (3,2)→(3,1)"]}"#
        );
        // Adjacent pieces, White to move: White captures at once; no line unless asked.
        let r = chase(4, (2, 2), (2, 3), white(false), None, &NoProgress).unwrap();
        assert_eq!(
            json(&r),
            r#"{"game":"chase","position":"4 2 2 2 3","to_move":"white","winner":"white","plies":1}"#
        );
    }

    #[test]
    fn a_draw_serializes_as_draw_with_null_plies() {
        let r = ChaseReport {
            game: "chase".to_string(),
            position: "p".to_string(),
            to_move: Colour::White,
            winner: None,
            plies: None,
            line: Some(Vec::new()),
            moves: None,
        };
        assert_eq!(
            json(&r),
            r#"{"game":"chase","position":"p","to_move":"white","winner":"draw","plies":null,"line":[]}"#
        );
    }

    /// The table is written once through the guard, read back on the next run, and a table
    /// of another board is refused.
    #[test]
    fn chase_table_is_saved_through_the_guard_and_read_back() {
        let dir = tempfile_dir("table");
        let path = dir.join("chase5.table");
        let guarded = Cell::new(0);
        let guard = |save: &mut dyn FnMut()| {
            guarded.set(guarded.get() + 1);
            save();
        };
        let file = TableFile::new(&path).guarded_by(&guard);
        let first = chase(5, (1, 1), (5, 5), white(false), Some(file), &NoProgress).unwrap();
        assert_eq!(guarded.get(), 1);
        assert!(path.exists());
        // Read back: no solve (a hook that stops at once would interrupt one), no save.
        let stop = conway_core::StopAfter::units(0);
        let again = chase(5, (1, 1), (5, 5), white(false), Some(file), &stop).unwrap();
        assert_eq!((first, guarded.get()), (again, 1));
        assert!(chase(6, (1, 1), (5, 5), white(false), Some(file), &NoProgress).is_err());
        // A table that cannot be written is found out before the solve.
        let nowhere = dir.join("no such folder").join("t");
        let e = chase(
            5,
            (1, 1),
            (5, 5),
            white(false),
            Some(TableFile::new(&nowhere)),
            &stop,
        );
        assert!(matches!(e, Err(RetrogradeError::File(_))), "{e:?}");
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Every move of every position of small boards, either side to move: each listed move
    /// leads where its `to` says, its result is that position's own (the other side to
    /// move), and the position's result is the best of its moves' by the retrograde rule —
    /// a win in 1 + the fewest plies of the winning moves, else a draw if a move draws, else
    /// a loss in 1 + the most plies.
    #[test]
    fn chase_moves_agree_with_the_positions_they_leave() {
        for n in [2u32, 3] {
            let squares: Vec<Square> = (1..=n).flat_map(|x| (1..=n).map(move |y| (x, y))).collect();
            for &w in &squares {
                for &b in squares.iter().filter(|&&b| b != w) {
                    for to_move in [Colour::White, Colour::Black] {
                        let q = ChaseQuestion {
                            to_move,
                            line: false,
                            moves: true,
                        };
                        let r = chase(n, w, b, q, None, &NoProgress).unwrap();
                        let moves = r.moves.clone().unwrap();
                        let other = if to_move == Colour::White {
                            Colour::Black
                        } else {
                            Colour::White
                        };
                        for m in &moves {
                            assert_eq!(m.wins, m.winner == Some(to_move));
                            let p: Vec<u32> = m.to.split(' ').map(|x| x.parse().unwrap()).collect();
                            if (p[1], p[2]) == (p[3], p[4]) {
                                // A capture: the mover has won.
                                assert_eq!((m.winner, m.plies), (Some(to_move), Some(0)));
                                continue;
                            }
                            let q = ChaseQuestion {
                                to_move: other,
                                line: false,
                                moves: false,
                            };
                            let after =
                                chase(n, (p[1], p[2]), (p[3], p[4]), q, None, &NoProgress).unwrap();
                            assert_eq!((m.winner, m.plies), (after.winner, after.plies), "{m:?}");
                        }
                        let win = moves
                            .iter()
                            .filter(|m| m.wins)
                            .filter_map(|m| m.plies)
                            .min();
                        let expected = if let Some(p) = win {
                            (Some(to_move), Some(p + 1))
                        } else if moves.iter().any(|m| m.winner.is_none()) {
                            (None, None)
                        } else {
                            let p = moves.iter().filter_map(|m| m.plies).max().unwrap();
                            (Some(other), Some(p + 1))
                        };
                        assert_eq!((r.winner, r.plies), expected, "{n} {w:?} {b:?} {to_move:?}");
                    }
                }
            }
        }
    }

    fn tempfile_dir(what: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("conway-report-{what}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A 3-cycle a → b → c → a with an exit a → t. By the definition of the generalized
    /// Sprague-Grundy function (Smith 1966; Fraenkel): γ(u) = m finite when no follower has
    /// value m, m = mex of the followers' values, and every follower of larger or infinite
    /// value has a follower of value m.
    /// - t has no move: γ(t) = 0.
    /// - c's only follower is a, and a has the follower t of value 0: γ(c) = 0 (a's value,
    ///   2, is larger, and reverts to 0 through t).
    /// - b's only follower is c, of value 0: γ(b) = mex{0} = 1.
    /// - a's followers are b (1) and t (0): γ(a) = mex{1, 0} = 2.
    ///
    /// Tokens on a, b, c: *2 + * + 0 = *3, an N-position; the only move to a 0 is a → b
    /// (* + * + 0); a → t gives * and c → a gives *2 + * + *2 = *.
    #[test]
    fn digraph_reports_of_a_three_cycle_with_an_exit() {
        let g = Digraph::parse("a: b t\nb: c\nc: a\n").unwrap();
        let r = digraph_vertices(&g, &NoProgress).unwrap();
        assert_eq!(
            json(&r),
            r#"{"game":"digraph","vertices":{"a":{"value":"*2","outcome":"N"},"b":{"value":"*","outcome":"N"},"t":{"value":"0","outcome":"P"},"c":{"value":"0","outcome":"P"}}}"#
        );
        let r = digraph_tokens(&g, &["a", "b", "c"], &NoProgress).unwrap();
        assert_eq!(
            json(&r),
            r#"{"game":"digraph","position":"a b c","outcome":"N","value":"*3","token_values":["*2","*","0"],"winning_moves":[{"move":"move token 1 from a to b","to":"b b c"}],"drawing_moves":[]}"#
        );
        assert_eq!(json(&DigraphReport::from(r.clone())), json(&r));
    }

    /// A 2-cycle d ⇄ e is ∞(∅) on both vertices, a draw; a token beside it on b (γ = *)
    /// keeps the draw by any move.
    #[test]
    fn digraph_tokens_list_the_moves_that_keep_a_draw() {
        let g = Digraph::parse("a b\nb: a c\nd e\ne d\n").unwrap();
        let r = digraph_tokens(&g, &["b", "d"], &NoProgress).unwrap();
        assert_eq!(
            json(&r),
            r#"{"game":"digraph","position":"b d","outcome":"D","value":"∞(∅)","token_values":["*","∞(∅)"],"winning_moves":[],"drawing_moves":[{"move":"move token 1 from b to a","to":"a d"},{"move":"move token 1 from b to c","to":"c d"},{"move":"move token 2 from d to e","to":"b e"}]}"#
        );
        // An unknown vertex is refused before the labelling (which this hook would stop).
        let e = digraph_tokens(&g, &["zz"], &conway_core::StopAfter::units(0)).unwrap_err();
        assert_eq!(e.to_string(), "the graph has no vertex 'zz'");
    }
}
