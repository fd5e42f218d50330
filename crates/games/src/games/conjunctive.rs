//! Conjunctive compounds on a DAG file: every token moves each turn; a stuck token loses.

use conway_impartial::graph_games::conjunctive;

use super::digraph::named_graph;
use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "conjunctive",
    aliases: &[],
    summary: "Conjunctive compound on a DAG file: every token moves each turn; stuck token loses",
    example: "graph.txt a b",
    params: &[
        Param::positional("file", Kind::InputFile, "The edge-list file (a DAG)."),
        Param::positional("tokens", Kind::Text, "The vertices holding tokens.").many(),
    ],
    lists_moves: false,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (graph, name) = named_graph(a, r)?;
    let tokens = a.texts("tokens");
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    Ok(conjunctive::solve(&graph, &name, &tokens)?.into())
}
