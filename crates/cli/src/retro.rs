//! `conway solve chase` and `conway solve digraph`: answered by the retrograde crate, printed
//! as text or JSON; and the graph files that `digraph` and the graph games read.

use std::path::Path;

use conway_retrograde::chase::{self, Chase, ChaseResult, Side};
use conway_retrograde::digraph::Digraph;
use conway_retrograde::loopy::{analyse_tokens, generalized_sg, TokenMove};
use conway_retrograde::solve::Solved;
use conway_retrograde::table;
use serde_json::json;

use crate::out::emit;
use crate::progress::Reporter;
use crate::CliError;

/// The most plies of a drawn line that `--line` prints.
const DRAWN_LINE: usize = 40;

/// Reads a graph file, with the file named in errors.
pub fn read_graph(path: &Path) -> Result<Digraph, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
    Digraph::parse(&text).map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))
}

/// `conway solve chase N WX WY BX BY [--line] [--table FILE]`.
pub fn chase(
    n: u32,
    white: (u32, u32),
    black: (u32, u32),
    line: bool,
    table_path: Option<&Path>,
    json: bool,
) -> Result<(), CliError> {
    let game = Chase::new(n)?;
    let start = game.state(Side::White, white, black)?;
    let name = format!("chase {n}");
    let loaded = match table_path {
        Some(p) => table::load(p, &name)?,
        None => None,
    };
    let solved: Solved = match loaded {
        Some(s) => s,
        None => {
            // A table that cannot be written is found out before the work, not after.
            if let Some(p) = table_path {
                let probe = p.with_extension("probe");
                std::fs::write(&probe, b"")
                    .and_then(|()| std::fs::remove_file(&probe))
                    .map_err(|e| {
                        CliError::bad_input(format!(
                            "--table {}: cannot write there: {e}",
                            p.display()
                        ))
                    })?;
            }
            let progress = Reporter::new("solving");
            let solved = game.solve(&progress)?;
            progress.finish();
            if let Some(p) = table_path {
                crate::progress::saving(|| table::save(p, &name, &solved))?;
            }
            solved
        }
    };
    let r: ChaseResult = chase::result(&game, &solved, start);
    let winner = match r.winner {
        Some(Side::White) => "white",
        Some(Side::Black) => "black",
        None => "draw",
    };
    let moves: Vec<String> = if line {
        let states = game.line(
            &solved,
            start,
            DRAWN_LINE.max(r.plies.unwrap_or(0) as usize),
        );
        let mut prev = game.decode(start);
        states
            .iter()
            .map(|&s| {
                let now = game.decode(s);
                let text = match prev.0 {
                    Side::White => format!(
                        "White ({},{})→({},{})",
                        prev.1 .0, prev.1 .1, now.1 .0, now.1 .1
                    ),
                    Side::Black => format!(
                        "Black ({},{})→({},{})",
                        prev.2 .0, prev.2 .1, now.2 .0, now.2 .1
                    ),
                };
                prev = now;
                text
            })
            .collect()
    } else {
        Vec::new()
    };
    if json {
        let mut obj = json!({
            "game": "chase",
            "position": format!("{n} {} {} {} {}", white.0, white.1, black.0, black.1),
            "winner": winner,
            "plies": r.plies,
        });
        if line {
            obj["line"] = json!(moves);
        }
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let mut text = match (r.winner, r.plies) {
        (Some(_), Some(p)) => format!(
            "{winner} wins in {p} pl{} (White moves first; the winner hurries, the loser stalls)\n",
            if p == 1 { "y" } else { "ies" }
        ),
        _ => "draw: neither side can force a capture\n".to_string(),
    };
    if line {
        for (i, m) in moves.iter().enumerate() {
            text.push_str(&format!("{:>3}. {m}\n", i + 1));
        }
        if r.winner.is_none() {
            text.push_str("… and so on forever\n");
        }
    }
    emit(&text);
    Ok(())
}

/// `conway solve digraph FILE [VERTEX…]`: γ of every vertex, or of a sum of tokens.
pub fn digraph(path: &Path, tokens: &[String], json: bool) -> Result<(), CliError> {
    let g = read_graph(path)?;
    let progress = Reporter::new("labelling");
    let gsg = generalized_sg(&g, &progress)?;
    progress.finish();
    if tokens.is_empty() {
        if json {
            let values: serde_json::Map<String, serde_json::Value> = (0..g.len() as u32)
                .map(|v| {
                    (
                        g.name(v).to_string(),
                        json!({"value": gsg[v as usize].to_string(), "outcome": gsg[v as usize].outcome().to_string()}),
                    )
                })
                .collect();
            emit(&format!(
                "{}\n",
                json!({"game": "digraph", "vertices": values})
            ));
        } else {
            let mut text = String::from("vertex  γ  outcome\n");
            for v in 0..g.len() as u32 {
                let value = &gsg[v as usize];
                text.push_str(&format!("{}  {value}  {}\n", g.name(v), value.outcome()));
            }
            emit(&text);
        }
        return Ok(());
    }
    let ids = tokens
        .iter()
        .map(|t| g.require(t))
        .collect::<Result<Vec<u32>, _>>()?;
    let a = analyse_tokens(&g, &gsg, &ids);
    let describe = |m: &TokenMove| {
        let mut after: Vec<&str> = ids.iter().map(|&v| g.name(v)).collect();
        after[m.token] = g.name(m.to);
        json!({
            "move": format!("move token {} from {} to {}", m.token + 1, g.name(m.from), g.name(m.to)),
            "to": after.join(" "),
        })
    };
    let winning: Vec<serde_json::Value> = a.winning_moves.iter().map(describe).collect();
    let drawing: Vec<serde_json::Value> = a.drawing_moves.iter().map(describe).collect();
    if json {
        let obj = json!({
            "game": "digraph",
            "position": tokens.join(" "),
            "outcome": a.outcome.to_string(),
            "value": a.value.to_string(),
            "token_values": a.values.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves": winning,
            "drawing_moves": drawing,
        });
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let verdict = match a.outcome {
        conway_retrograde::loopy::LoopyOutcome::P => "P (the player to move loses)",
        conway_retrograde::loopy::LoopyOutcome::N => "N (the player to move wins)",
        conway_retrograde::loopy::LoopyOutcome::D => "D (a draw: neither player can force a win)",
    };
    let mut text = format!(
        "outcome        {verdict}\nvalue          {}   (tokens: {})\n",
        a.value,
        a.values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    );
    for (title, list) in [("winning moves", &winning), ("drawing moves", &drawing)] {
        if !list.is_empty() {
            text.push_str(&format!("{title} ({}):\n", list.len()));
            for m in list {
                text.push_str(&format!(
                    "  {}  ⇒ {}\n",
                    m["move"].as_str().unwrap_or(""),
                    m["to"].as_str().unwrap_or("")
                ));
            }
        }
    }
    emit(&text);
    Ok(())
}
