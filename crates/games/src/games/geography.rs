//! Undirected vertex geography: move a token along edges, never back to a visited vertex.

use conway_impartial::graph_games::geography;

use super::digraph::named_graph;
use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "geography",
    aliases: &[],
    summary:
        "Undirected vertex geography: move a token along edges, never back to a visited vertex",
    example: "graph.txt a",
    params: &[
        Param::positional(
            "file",
            Kind::InputFile,
            "The edge-list file (edge directions are ignored).",
        ),
        Param::positional("start", Kind::Text, "The vertex the token starts on."),
    ],
    lists_moves: false,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (graph, name) = named_graph(a, r)?;
    Ok(geography::solve(&graph, &name, &a.text("start")?)?.into())
}
