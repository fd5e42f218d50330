//! How the CLI calls the retrograde crate for `conway solve chase` and `conway solve
//! digraph` (with its progress bar and the watchdog held off while a table is saved), and
//! reads the graph files that `digraph` and the graph games take.

use std::path::Path;

use conway_core::error::FileError;
use conway_core::{Diagnostic, Ranks};
use conway_retrograde::digraph::Digraph;
use conway_retrograde::distributed::Checkpoints;
use conway_retrograde::report::{self, ChaseQuestion, ChaseReport, DigraphReport, TableFile};

use crate::progress::Watcher;
use crate::CliError;

/// Reads a graph file (`-`: standard input), with the file named in errors; Ctrl-C stops
/// the reading.
pub fn read_graph(path: &Path, watch: &dyn Watcher) -> Result<Digraph, CliError> {
    let text = FileError::read_to_string(path)?;
    let progress = watch.stage("reading");
    let graph = Digraph::parse_with_progress(&text, &*progress).map_err(|e| match e.kind() {
        conway_core::ErrorKind::Interrupted => CliError::from(e),
        _ => CliError::from(e).in_input(&FileError::input_name(path)),
    })?;
    progress.finish();
    Ok(graph)
}

/// `conway solve chase N WX WY BX BY [--line] [--to-move SIDE] [--moves] [--table FILE]`.
pub fn chase(
    n: u32,
    white: (u32, u32),
    black: (u32, u32),
    question: ChaseQuestion,
    table: Option<&Path>,
    watch: &dyn Watcher,
) -> Result<ChaseReport, CliError> {
    let progress = watch.stage("solving");
    // The solve is over when the table is saved: the bar goes, and Ctrl-C waits for the save.
    let guard = |save: &mut dyn FnMut()| {
        progress.finish();
        crate::progress::saving(save);
    };
    let table = table.map(|path| TableFile::new(path).guarded_by(&guard));
    let report = report::chase(n, white, black, question, table, &*progress)?;
    progress.finish();
    Ok(report)
}

/// `conway solve chase … --mpi` on one rank (a collective call): the board solved across
/// the ranks, each rank's slice checkpointed in `checkpoints`; rank 0 gets the report.
pub fn chase_on_ranks(
    n: u32,
    white: (u32, u32),
    black: (u32, u32),
    question: ChaseQuestion,
    ranks: &dyn Ranks,
    checkpoints: Option<Checkpoints>,
    watch: &dyn Watcher,
) -> Result<Option<ChaseReport>, CliError> {
    let directory = match &checkpoints {
        Some(c) => std::fs::create_dir_all(&c.directory).map_err(|e| {
            CliError::io(format!(
                "{}: cannot create the checkpoint directory: {e}",
                c.directory.display()
            ))
        }),
        None => Ok(()),
    };
    // Each rank makes the directory on its own machine: one may fail where others do not.
    crate::distributed::agreed(ranks, directory)?;
    let progress = watch.stage("solving");
    let report = report::chase_on_ranks(
        n,
        white,
        black,
        question,
        ranks,
        checkpoints.as_ref(),
        &*progress,
    )?;
    progress.finish();
    Ok(report)
}

/// `conway solve digraph FILE [VERTEX…]`: γ of every vertex, or of a sum of tokens.
pub fn digraph(
    path: &Path,
    tokens: &[String],
    watch: &dyn Watcher,
) -> Result<DigraphReport, CliError> {
    let g = read_graph(path, watch)?;
    let progress = watch.stage("labelling");
    let report = if tokens.is_empty() {
        report::digraph_vertices(&g, &*progress)?.into()
    } else {
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        report::digraph_tokens(&g, &tokens, &*progress)?.into()
    };
    progress.finish();
    Ok(report)
}
