//! The bodies of Conway's fuzz targets, one function per parser or file reader.
//!
//! Each takes arbitrary bytes, hands them to a library entry point the way the command line
//! would (text as UTF-8, files as their bytes) and requires an answer, a value or an error,
//! never a panic. Where it is cheap a body also checks an invariant, mostly that what is
//! printed reads back as the same thing. The cargo-fuzz project in `fuzz/` (nightly) calls
//! these functions, one binary per entry of [`TARGETS`]; `tests/seeds.rs` runs them over the
//! committed seed corpora in `fuzz/seeds/`, so a plain `cargo test` keeps them working.
//!
//! Evaluations are kept small (short inputs, a progress hook that stops a ruleset after a
//! few thousand positions) so that one run takes well under a millisecond: the point is the
//! parsers and what they let through, not the solvers' speed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use conway_core::durable::Format;
use conway_core::{NoProgress, StopAfter};
use conway_expr::eval::{evaluate_report, evaluate_text, Value};
use conway_expr::syntax::parse_expression;
use conway_graph::Digraph;
use conway_impartial::games::{coins, tartan};
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::checkpoint;
use conway_impartial::heap::sequence::HeapSequence;
use conway_impartial::ImpartialError;
use conway_numbers::{Dyadic, Nimber};
use conway_partizan::print::canonical_text;
use conway_partizan::{PartizanError, Store};
use conway_retrograde::chase::Colour;
use conway_retrograde::report::{chase, ChaseQuestion, TableFile};
use conway_retrograde::table::{self, TABLE};
use conway_rulesets::clobber::Clobber;
use conway_rulesets::domineering::Board;
use conway_rulesets::graph_notation::{parse_graph, parse_labelled_graph_pieces};
use conway_rulesets::hackenbush::{HackenbushGraph, Stalks, HACKENBUSH};
use conway_rulesets::registry::{Arg, ParamKind, Ruleset, RULESETS};
use conway_rulesets::toads_and_frogs::ToadsAndFrogs;
use conway_strategic::formats::nfg;
use conway_strategic::game::rational_text;

/// A fuzz target: its name (the binary in `fuzz/` and the folder of its seeds) and its body.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, in the order `fuzz/run-campaign.sh` runs them.
pub const TARGETS: &[Target] = &[
    ("expr_parse", expr_parse),
    ("expr_eval", expr_eval),
    ("numbers", numbers),
    ("nfg", nfg_file),
    ("matrix", matrix),
    ("digraph", digraph),
    ("heap_game", heap_game),
    ("coins", coin_rows),
    ("clobber", clobber),
    ("domineering", domineering_board),
    ("hackenbush", hackenbush),
    ("toads_and_frogs", toads_and_frogs),
    ("text_rulesets", text_rulesets),
    ("checkpoint", checkpoint_file),
    ("chase_table", chase_table),
    ("search_checkpoint", search_checkpoint),
];

/// The longest ruleset text a target evaluates (rather than only parses): positions this
/// small are solved in microseconds, or stopped by [`POSITION_BUDGET`]. Longer ones within
/// the rulesets' limits may take seconds (a mixed Hackenbush stalk of 19 edges does).
const EVAL_MAX_LEN: usize = 10;

/// The longest expression [`expr_eval`] evaluates.
const EXPR_EVAL_MAX_LEN: usize = 32;

/// The store budget of one [`expr_eval`] evaluation: arithmetic steps and new canonical
/// forms. Far below `conway eval`'s own (2^30 and 2^24) so that an expression that blows up
/// (`+-1+-2+-3+-4+-5+-6`) is stopped in about a millisecond, exercising the same
/// "budget spent" path the CLI takes at its limit.
const EXPR_EVAL_BUDGET: (u64, usize) = (1 << 14, 1 << 12);

/// Positions a ruleset may evaluate before the store's progress hook stops it (at its
/// first report, which comes every 1024 positions).
const POSITION_BUDGET: u64 = 1024;

/// Heaps computed from a heap game or resumed checkpoint.
const FEW_HEAPS: usize = 40;

/// Heaps computed from a spawning game (heap 16 of Motley has 32,768 moves).
const FEW_SPAWNING_HEAPS: usize = 16;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A store whose ruleset evaluations stop after [`POSITION_BUDGET`] positions.
fn bounded_store() -> Store {
    let mut store = Store::new();
    store.set_progress(Arc::new(StopAfter::units(POSITION_BUDGET)));
    store
}

/// `conway eval`'s parser: an expression that parses prints as text that parses again, and
/// printing that gives the same text (parenthesised and spaced once and for all).
pub fn expr_parse(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(expr) = parse_expression(text) else {
        return;
    };
    let shown = expr.to_string();
    let again = parse_expression(&shown)
        .unwrap_or_else(|e| panic!("{text:?} prints as {shown:?}, which does not parse: {e}"));
    assert_eq!(again.to_string(), shown, "printing {text:?} is not stable");
}

/// The stack `conway eval` evaluates on: canonical forms are walked recursively, and short
/// expressions such as `*:1534` are games more than a thousand levels deep.
const EVAL_STACK: usize = conway_partizan::stack::EVALUATION_STACK;

/// What [`expr_eval`] gives the functions of the table in its second mode: the edges of
/// every kind of argument — integers and numbers of 30 digits and more, numbers with 100
/// binary places, the widest nimbers a literal writes and wider ones made by products,
/// switches and ups far from 0, loopy games (a stopper, one with two sides, a pseudonumber
/// past the positions a loopy game may have), and the lists and strings some functions
/// take — which no
/// expression of [`EXPR_EVAL_MAX_LEN`] characters can write.
pub const EDGE_ARGUMENTS: &[&str] = &[
    "1000000000000000000000000000000",
    "-1000000000000000000000000000000",
    "123456789012345678901234567890/1024",
    "1/1267650600228229401496703205376",
    "18446744073709551615",
    "*1024",
    "conway_product(conway_product(*1024,*1023),conway_product(*1000,*999))",
    "{1000000000000000000000000000000|-1000000000000000000000000000000}",
    "1000000000000000000000000000000*",
    "100000*{0|*}",
    "^[1000]",
    "{1|-1}",
    "0",
    "*",
    "[18446744073709551615, 0]",
    "\"lrlrlrlrlr\"",
    "on",
    "a{1||a|0}",
    "{pass|*}",
    "1000000000000000000000000000000over",
    "*[[2],1]",
    "*[2[2]]",
    "*[1024]",
    "*[(2#20)2[#1]1]",
];

/// `conway eval` in full, on a stack as large as the CLI's: the report, and a game's
/// canonical form read back as the same game. Two modes, by the first byte: below 0xF0,
/// the bytes are an expression (at most [`EXPR_EVAL_MAX_LEN`] characters); from 0xF0 on,
/// the next byte picks a function of the table and each byte after it one argument among
/// [`EDGE_ARGUMENTS`], so that huge integers and wide nimbers reach every function.
pub fn expr_eval(data: &[u8]) {
    if let Some((&mode, rest)) = data.split_first() {
        if mode >= 0xF0 {
            if let Some(call) = table_call(rest) {
                on_evaluation_stack(call);
            }
            return;
        }
    }
    let Some(text) = text(data) else { return };
    if text.len() > EXPR_EVAL_MAX_LEN {
        return;
    }
    on_evaluation_stack(text.to_string());
}

/// The call of a function of the table that `data` picks (see [`expr_eval`]).
pub fn table_call(data: &[u8]) -> Option<String> {
    use conway_expr::eval::FUNCTIONS;
    let (&which, args) = data.split_first()?;
    let function = &FUNCTIONS[usize::from(which) % FUNCTIONS.len()];
    let arguments: Vec<&str> = (0..function.arity())
        .map(|i| {
            let pick = args.get(i).copied().unwrap_or(0);
            EDGE_ARGUMENTS[usize::from(pick) % EDGE_ARGUMENTS.len()]
        })
        .collect();
    Some(format!("{}({})", function.name, arguments.join(", ")))
}

/// Evaluates `text` as [`expr_eval`] does, on a thread with the CLI's stack.
fn on_evaluation_stack(text: String) {
    let evaluation = std::thread::Builder::new()
        .stack_size(EVAL_STACK)
        .spawn(move || evaluate_and_read_back(&text))
        .expect("a thread for the evaluation");
    if let Err(panic) = evaluation.join() {
        std::panic::resume_unwind(panic);
    }
}

fn evaluate_and_read_back(text: &str) {
    let mut store = bounded_store();
    store.set_budget(EXPR_EVAL_BUDGET.0, EXPR_EVAL_BUDGET.1);
    let Ok(report) = evaluate_report(&mut store, text) else {
        return;
    };
    if let Value::Misere(g) = report.result {
        misere_reads_back(&mut store, text, g);
    }
    if let Value::Game(g) = report.result {
        let printed = canonical_text(&mut store, g);
        match evaluate_text(&mut store, &printed) {
            Ok(Value::Game(h)) => assert_eq!(h, g, "{text:?} prints as {printed:?}, another game"),
            // A canonical form may print beyond what a literal may say (`^100001`, `*1045`),
            // or deeper than the parser's nesting limit (`+-5-0+-2+3+-2:-22:1534` is 1534
            // deep).
            Err(e) if conway_core::Diagnostic::kind(&e) == conway_core::ErrorKind::TooLarge => {}
            Err(PartizanError::Parse { message, .. }) if message.contains("nested more than") => {}
            // Ordinal sums of numbers make numbers longer than a literal may be (10,000
            // digits): `66+40016:666+400:-460000:-46`.
            Err(PartizanError::Parse { message, .. }) if message.contains("digits") => {}
            other => panic!("{text:?} prints as {printed:?}, which reads as {other:?}"),
        }
    }
}

/// A misère form printed as CGSuite prints it reads back as itself, except `*[42]`-like
/// forms (the list syntax reads digits alone as one heap size, as CGSuite does).
fn misere_reads_back(store: &mut Store, text: &str, g: conway_misere::MisereId) {
    let Ok(Some(printed)) = store.misere().text_within(g, 100_000) else {
        return;
    };
    let inside = &printed[2..printed.len() - 1];
    if inside.len() > 1 && inside.chars().all(|c| c.is_ascii_digit()) {
        return;
    }
    match evaluate_text(store, &printed) {
        Ok(Value::Misere(h)) => assert_eq!(h, g, "{text:?} prints as {printed:?}, another game"),
        Err(e) if conway_core::Diagnostic::kind(&e) == conway_core::ErrorKind::TooLarge => {}
        other => panic!("{text:?} prints as {printed:?}, which reads as {other:?}"),
    }
}

/// Dyadic rationals and nimbers as the CLI reads them: what parses prints as text that
/// parses to the same number.
pub fn numbers(data: &[u8]) {
    let Some(text) = text(data) else { return };
    reads_back::<Dyadic>(text);
    reads_back::<Nimber>(text);
}

/// When `text` parses as a `T`, what it prints parses back to the same value.
fn reads_back<T>(text: &str)
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug,
{
    if let Ok(x) = text.parse::<T>() {
        let shown = x.to_string();
        assert_eq!(shown.parse::<T>().ok(), Some(x), "{text:?} → {shown:?}");
    }
}

/// The most profiles of a game [`nfg_file`] writes back and reads again.
const NFG_ROUND_TRIP_PROFILES: usize = 4096;

/// Gambit `.nfg` files: a game read is written in both of Gambit's versions, and each
/// reads back with the same strategies and payoffs.
pub fn nfg_file(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(game) = nfg::parse(text) else { return };
    let profiles: usize = game.shape().iter().product();
    if profiles > NFG_ROUND_TRIP_PROFILES {
        // Read (the reader's limits are what is fuzzed) but not written back: a short
        // outcome-version file can name millions of profiles, and writing and reading them
        // all held the target to a few hundred executions a second.
        return;
    }
    for written in [
        nfg::write_payoff_version(&game),
        nfg::write_outcome_version(&game),
    ] {
        let again = nfg::parse(&written)
            .unwrap_or_else(|e| panic!("{text:?} is written as {written:?}, unreadable: {e}"));
        assert_eq!(again.shape(), game.shape(), "{written:?}");
        for p in 0..profiles {
            assert_eq!(again.payoffs_at(p), game.payoffs_at(p), "{written:?}");
        }
    }
}

/// The largest number, in bits, whose printed text [`matrix`] reads back: exponents up to
/// 10^±10000 are accepted, and printing one takes milliseconds under the fuzzer's
/// instrumentation, which held the target to a few hundred executions a second.
const MATRIX_READ_BACK_BITS: u64 = 4096;

/// Inline payoff matrices (`--a "3 0; 5 1"`) and the numbers in them: every number read
/// prints as text that reads back equal, and a matrix read is rectangular.
pub fn matrix(data: &[u8]) {
    let Some(text) = text(data) else { return };
    for word in text.split([' ', ',', ';', '\t', '\n', '\r']) {
        if let Some(x) = conway_strategic::game::parse_number(word) {
            if x.numer().bits() + x.denom().bits() > MATRIX_READ_BACK_BITS {
                // Read (the reader's limits are what is fuzzed), but not printed: decimal
                // printing is quadratic, and such numbers' round trip is the nfg target's.
                continue;
            }
            let shown = rational_text(&x);
            assert_eq!(
                conway_strategic::game::parse_number(&shown),
                Some(x),
                "{word:?} → {shown:?}"
            );
        }
    }
    let Ok(a) = nfg::parse_matrix(text) else {
        return;
    };
    let columns = a.first().map_or(0, Vec::len);
    assert!(a.iter().all(|row| row.len() == columns), "ragged: {text:?}");
    let b: Vec<Vec<_>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
    let _ = conway_strategic::NormalFormGame::bimatrix(&a, &b);
}

/// Edge lists (`conway solve digraph FILE`, geography, green Hackenbush): every edge joins
/// vertices of the graph, and every vertex is found by its name.
pub fn digraph(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(g) = Digraph::parse(text) else { return };
    let n = u32::try_from(g.len()).expect("vertex numbers are u32");
    assert!(g.edges().iter().all(|&(u, v)| u < n && v < n));
    for v in 0..n {
        assert_eq!(g.find(g.name(v)), Some(v), "vertex {v} of {text:?}");
        assert!(g.successors(v).iter().all(|&w| w < n));
    }
}

/// `conway grundy GAME`: a game read by its code, set or name reads back from the name it
/// reports, and its first heaps have values.
pub fn heap_game(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(game) = HeapGame::parse(text) else {
        return;
    };
    let name = game.name();
    let again = HeapGame::parse(&name)
        .unwrap_or_else(|e| panic!("{text:?} is named {name:?}, which does not parse: {e}"));
    assert_eq!(again, game, "{text:?} → {name:?}");
    let mut sequence = HeapSequence::new(&game);
    // A spawning game's heap of n may have 2^(n-1) moves (Motley, `1+`): fewer heaps, and
    // its documented refusal of too much work is an answer.
    let (heaps, refusable) = match game {
        HeapGame::Spawning(_) => (FEW_SPAWNING_HEAPS, true),
        _ => (FEW_HEAPS, false),
    };
    match sequence.extend_to(heaps.min(game.max_heap()), &NoProgress) {
        Ok(()) => {}
        Err(ImpartialError::TooLarge { .. }) if refusable => {}
        Err(e) => panic!("{text:?}: the first heaps fail: {e}"),
    }
}

/// Coin rows (turtles, ruler, mock turtles) and Tartan boards: the first byte picks the
/// reader and the games; what reads prints back the same, and is solved.
pub fn coin_rows(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some(text) = text(rest) else { return };
    let games = [
        coins::CoinGame::Turtles,
        coins::CoinGame::Ruler,
        coins::CoinGame::MockTurtles,
    ];
    let game = games[usize::from(selector >> 1) % 3];
    if selector & 1 == 0 {
        let Ok(row) = coins::parse_row(text) else {
            return;
        };
        let shown = coins::row_text(&row);
        assert_eq!(coins::parse_row(&shown).ok(), Some(row.clone()), "{text:?}");
        coins::solve(&game, &row);
    } else {
        let Ok(board) = tartan::parse_board(text) else {
            return;
        };
        let shown = tartan::board_text(&board);
        assert_eq!(
            tartan::parse_board(&shown).ok(),
            Some(board.clone()),
            "{text:?}"
        );
        let other = games[usize::from(selector >> 3) % 3];
        tartan::solve(game, other, &board);
    }
}

/// Parses `text` with a ruleset's reader, and evaluates it when it is short.
fn ruleset<T>(
    data: &[u8],
    parse: fn(&str) -> Result<T, PartizanError>,
    ruleset: &Ruleset,
) -> Option<(String, T)> {
    let text = text(data)?;
    let parsed = parse(text).ok();
    if text.len() <= EVAL_MAX_LEN {
        let _ = ruleset.value(&mut bounded_store(), &[Arg::Position(text)]);
    }
    parsed.map(|p| (text.to_string(), p))
}

/// `clobber("xo|ox")`: a board read prints as a board that reads the same.
pub fn clobber(data: &[u8]) {
    let Some((text, board)) = ruleset(data, Clobber::parse, &conway_rulesets::clobber::RULESET)
    else {
        return;
    };
    let shown = board.to_string();
    let again = Clobber::parse(&shown)
        .unwrap_or_else(|e| panic!("{text:?} prints as {shown:?}, which does not parse: {e}"));
    assert_eq!(again, board, "{text:?} → {shown:?}");
}

/// `domineering("..|..")`.
pub fn domineering_board(data: &[u8]) {
    ruleset(data, Board::parse, &conway_rulesets::domineering::RULESET);
}

/// `hackenbush("lr e")` (stalks) and `hackenbush("0-1:l 1-2:r")` (graphs).
pub fn hackenbush(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = Stalks::parse(text);
    let _ = HackenbushGraph::parse(text);
    if text.len() <= EVAL_MAX_LEN {
        let _ = HACKENBUSH.value_of_text(&mut bounded_store(), text);
    }
}

/// Every ruleset of the registry whose position is one text, and CGSuite's graph notation
/// (plain and with labelled vertices):
/// none panics on any text, and a short one is valued within the bounded store.
pub fn text_rulesets(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = parse_graph(text, "fuzz", "lre");
    // Labelled pieces at any length: tinted vertices (GenCol) and weights (`{12}` too).
    let _ = parse_labelled_graph_pieces(text, "fuzz", "-", "LR");
    let _ = parse_labelled_graph_pieces(text, "fuzz", "-", "0123456789");
    if text.len() > EVAL_MAX_LEN {
        return;
    }
    for ruleset in RULESETS {
        // Texts for every parameter, split at `;`: a position, or a word of the rules.
        let parts: Vec<&str> = text.splitn(ruleset.params.len(), ';').collect();
        let args: Option<Vec<Arg<'_>>> = (parts.len() == ruleset.params.len())
            .then(|| {
                (ruleset.params.iter().zip(&parts))
                    .map(|(param, part)| match param.kind {
                        ParamKind::Position => Some(Arg::Position(part)),
                        ParamKind::Word => Some(Arg::Word(part)),
                        ParamKind::Natural => part.trim().parse().ok().map(Arg::Natural),
                        ParamKind::Integer => part.trim().parse().ok().map(Arg::Integer),
                        ParamKind::Naturals => None,
                    })
                    .collect()
            })
            .flatten();
        if let Some(args) = args {
            let _ = ruleset.value(&mut bounded_store(), &args);
        }
        // A picture read writes back to a position that reads as the same picture.
        if let Some(pictured) = ruleset.picture {
            if let Ok(picture) = (pictured.read)(text) {
                let written = (pictured.write)(&picture).unwrap_or_else(|e| {
                    panic!("{text:?} read, but its picture writes no text: {e}")
                });
                assert_eq!(
                    (pictured.read)(&written),
                    Ok(picture),
                    "{text:?} → {written:?}"
                );
            }
        }
    }
}

/// `toads_and_frogs("TT__FF")`.
pub fn toads_and_frogs(data: &[u8]) {
    ruleset(
        data,
        ToadsAndFrogs::parse,
        &conway_rulesets::toads_and_frogs::RULESET,
    );
}

/// The bytes of a durable file of `format` for `identity` holding `payload`, checksum
/// included: what the format's writer would have written, so that the fuzzer's bytes reach
/// the payload's reader instead of failing the checksum.
pub fn durable_file(format: &Format, identity: &str, payload: &[u8]) -> Vec<u8> {
    let mut file = format.magic.to_vec();
    file.extend(format.version.to_le_bytes());
    let len = u32::try_from(identity.len()).expect("a short identity");
    file.extend(len.to_le_bytes());
    file.extend(identity.as_bytes());
    file.extend(payload);
    let crc = crc32fast::hash(&file);
    file.extend(crc.to_le_bytes());
    file
}

/// The heap games whose checkpoints [`checkpoint_file`] reads: one of each engine.
const CHECKPOINT_GAMES: [&str; 5] = ["0.77", "lasker", "grundy", "S(1,2)", "allbut(1)"];

/// Checkpoints of `conway grundy --checkpoint`: the first byte picks the game and whether
/// the rest is the whole file or only its payload (wrapped with a valid header and
/// checksum). Values read are resumed and extended by a few heaps, as a resumed run would.
pub fn checkpoint_file(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let code = CHECKPOINT_GAMES[usize::from(selector >> 1) % CHECKPOINT_GAMES.len()];
    let game = HeapGame::parse(code).expect("a game of the catalogue");
    let bytes = if selector & 1 == 0 {
        rest.to_vec()
    } else {
        durable_file(&checkpoint::CHECKPOINT, &game.name(), rest)
    };
    let Ok(values) = checkpoint::decode(&bytes, Path::new("fuzz.checkpoint"), &game) else {
        return;
    };
    let len = values.len();
    let Ok(mut sequence) = HeapSequence::resume(&game, values) else {
        return;
    };
    let _ = sequence.extend_to(len + FEW_HEAPS, &NoProgress);
}

/// A scratch file of this process and thread, for readers that take a path.
fn scratch_file(name: &str) -> PathBuf {
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    std::env::temp_dir().join(format!(
        "conway-fuzz-{}-{thread}-{name}",
        std::process::id()
    ))
}

/// Solved tables of `conway solve chase --table`: the first byte picks the board (2 to 4
/// squares a side) and whether the rest is the whole file or its payload; the next four
/// pick the start. A table read answers the position, with its line, whatever it holds.
pub fn chase_table(data: &[u8]) {
    let [selector, wx, wy, bx, by, rest @ ..] = data else {
        return;
    };
    let n = 2 + u32::from(selector >> 1) % 3;
    let square = |x: &u8, y: &u8| (1 + u32::from(*x) % n, 1 + u32::from(*y) % n);
    let bytes = if selector & 1 == 0 {
        rest.to_vec()
    } else {
        durable_file(&TABLE, &format!("chase {n}"), rest)
    };
    // The reader on its own, then the whole request through a file as the CLI makes it.
    let _ = table::decode(&bytes, Path::new("fuzz.table"), &format!("chase {n}"));
    let path = scratch_file("chase.table");
    if std::fs::write(&path, &bytes).is_err() {
        return;
    }
    let file = TableFile::new(&path);
    // Either side to move, with the line and every move: all read the table.
    let question = ChaseQuestion {
        to_move: if wx & 1 == 0 {
            Colour::White
        } else {
            Colour::Black
        },
        line: true,
        moves: true,
    };
    let _ = chase(
        n,
        square(wx, wy),
        square(bx, by),
        question,
        Some(file),
        &NoProgress,
    );
    let _ = std::fs::remove_file(&path);
}

/// The searches for the winner whose checkpoints [`search_checkpoint`] reads: the game, its
/// board, and the format of its checkpoints (the bitboard search's and the general one's).
const SEARCHED_BOARDS: [(&str, &str); 2] = [("domineering", "3x4"), ("clobber", "xox|oxo")];

/// `conway solve GAME BOARD --checkpoint FILE --budget 4096` through the catalogue, as the
/// CLI runs it, on the file at `path`.
fn search_from(game: &str, board: &str, path: &Path) -> Result<(), conway_games::GameError> {
    let entry = conway_games::find(game).expect("a game of the catalogue");
    let options = [
        (
            "checkpoint".to_string(),
            vec![path.to_string_lossy().into_owned()],
        ),
        ("budget".to_string(), vec!["4096".to_string()]),
    ];
    let request = conway_games::Request {
        moves: false,
        watch: &NoProgress,
    };
    entry
        .solve_words(&[board.to_string()], &options, &request)
        .map(drop)
}

/// The identity a search's checkpoint carries for `(game, board)`, read from a file written
/// by a real run once: the fuzzer's payloads are wrapped with it, to reach past the header.
fn search_identity(which: usize) -> &'static str {
    static IDENTITIES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    &IDENTITIES.get_or_init(|| {
        SEARCHED_BOARDS
            .iter()
            .map(|&(game, board)| {
                let path = scratch_file("search-identity.ckpt");
                let _ = std::fs::remove_file(&path);
                search_from(game, board, &path).expect("a small search finishes");
                let bytes = std::fs::read(&path).expect("the checkpoint was written");
                let _ = std::fs::remove_file(&path);
                let len = u32::from_le_bytes(bytes[12..16].try_into().expect("four bytes"));
                String::from_utf8(bytes[16..16 + len as usize].to_vec()).expect("UTF-8")
            })
            .collect()
    })[which]
}

/// Checkpoints of the searches for the winner (`conway solve domineering|clobber …
/// --checkpoint`): the first byte picks the search and whether the rest is the whole file
/// or its payload (wrapped with a valid header and checksum); the search resumes from the
/// file within a small budget and saves to it, as a resumed run would. A file of another
/// format, damaged or lying about what it settled is refused or searched past, never a
/// panic.
pub fn search_checkpoint(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let which = usize::from(selector >> 1) % SEARCHED_BOARDS.len();
    let (game, board) = SEARCHED_BOARDS[which];
    let format = if which == 0 {
        &conway_core::formats::DOMINEERING_CHECKPOINT
    } else {
        &conway_core::formats::RULESET_CHECKPOINT
    };
    let bytes = if selector & 1 == 0 {
        rest.to_vec()
    } else {
        durable_file(format, search_identity(which), rest)
    };
    let path = scratch_file("search.ckpt");
    if std::fs::write(&path, &bytes).is_err() {
        return;
    }
    let _ = search_from(game, board, &path);
    let _ = std::fs::remove_file(&path);
}
