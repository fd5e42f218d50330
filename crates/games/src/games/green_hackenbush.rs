//! Green Hackenbush on a graph file: the ground is vertex 0 or `ground`.

use conway_impartial::graph_games::green_hackenbush;

use super::digraph::named_graph;
use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "green-hackenbush",
    aliases: &[],
    summary: "Green Hackenbush on a graph file (edges 'a b'; the ground is vertex 0 or 'ground')",
    example: "graph.txt",
    params: &[Param::positional(
        "file",
        Kind::InputFile,
        "The edge-list file.",
    )],
    lists_moves: false,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (graph, name) = named_graph(a, r)?;
    Ok(green_hackenbush::solve(&graph, &name)?.into())
}
