//! Loopy impartial games on a digraph file: generalized Sprague-Grundy values, outcomes
//! P/N/D, and winning or drawing moves of tokens. Also where the graph-file games read
//! their file.

use std::path::Path;

use conway_core::error::FileError;
use conway_core::{Diagnostic, ErrorKind, Watcher};
use conway_retrograde::digraph::Digraph;
use conway_retrograde::report;

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "digraph",
    aliases: &[],
    summary: "Loopy impartial game on a digraph file (edge list): generalized Sprague-Grundy \
              values, outcomes P/N/D, and winning or drawing moves of tokens",
    example: "graph.txt a",
    params: &[
        Param::positional(
            "file",
            Kind::InputFile,
            "The edge-list file ('a b' or 'a -> b' or 'a: b c' per line, '#' comments; '-' \
             reads standard input).",
        ),
        Param::positional(
            "tokens",
            Kind::Text,
            "Vertices holding tokens (a sum of games); none lists every vertex's value.",
        )
        .any(),
    ],
    lists_moves: false,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let g = graph_file(&a.required_path("file")?, r.watch)?;
    let tokens = a.texts("tokens");
    let progress = r.watch.stage("labelling");
    let report = if tokens.is_empty() {
        report::digraph_vertices(&g, &*progress)?.into()
    } else {
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        report::digraph_tokens(&g, &tokens, &*progress)?.into()
    };
    progress.finish();
    Ok(Solved::Digraph(report))
}

/// Reads a graph file (`-`: standard input), with the file named in errors; a stop asked
/// for while reading stops it.
pub(super) fn graph_file(path: &Path, watch: &dyn Watcher) -> Result<Digraph, GameError> {
    let text = FileError::read_to_string(path)?;
    let progress = watch.stage("reading");
    let graph = Digraph::parse_with_progress(&text, &*progress).map_err(|e| match e.kind() {
        ErrorKind::Interrupted => GameError::from(e),
        _ => GameError::from(e).in_input(&FileError::input_name(path)),
    })?;
    progress.finish();
    Ok(graph)
}

/// The graph file of `a`, read, and the name it is called in reports.
pub(super) fn named_graph(a: &Arguments, r: &Request) -> Result<(Digraph, String), GameError> {
    let path = a.required_path("file")?;
    Ok((graph_file(&path, r.watch)?, FileError::input_name(&path)))
}
