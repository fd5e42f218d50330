//! Printing reports: as one JSON object for scripts (the serialization of the report) or as
//! text for people (one renderer per report).

use conway_impartial::Solution;
use conway_retrograde::chase::Colour;
use conway_retrograde::loopy::LoopyOutcome;
use conway_retrograde::report::{ChaseReport, DigraphReport};

/// One report as the JSON object of the CLI contract: the serialization of the report.
pub fn json<T: serde::Serialize + ?Sized>(report: &T) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| {
        // Report types serialize infallibly (strings, numbers, lists); this is a bug.
        format!("{{\"error\":{{\"kind\":\"internal\",\"message\":\"{e}\"}}}}")
    })
}

/// One entry of a listing (`solve --list`, `grundy --list`): a name and what it means.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct Listed {
    /// The name to type.
    pub name: String,
    /// One line saying what it is.
    pub summary: String,
}

/// A listing for a person: one entry a line, the names in a column.
pub fn listing<'a>(entries: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let entries: Vec<(&str, &str)> = entries.into_iter().collect();
    let width = entries
        .iter()
        .map(|(name, _)| name.chars().count())
        .max()
        .unwrap_or(0)
        .max(16);
    entries
        .iter()
        .map(|(name, summary)| format!("{name:<width$} {summary}\n"))
        .collect()
}

/// The name and summary of each listed entry.
pub fn names(entries: &[Listed]) -> impl Iterator<Item = (&str, &str)> {
    entries
        .iter()
        .map(|e| (e.name.as_str(), e.summary.as_str()))
}

/// A titled list of moves, one a line with the position each leaves.
fn move_lines(out: &mut String, title: &str, moves: &[conway_impartial::WinningMove]) {
    out.push_str(&format!("{title}:\n"));
    for m in moves {
        out.push_str(&format!("  {}  ⇒ {}\n", m.description, m.to));
    }
}

/// The answer for a person: outcome, value, winning moves, then details.
pub fn text(s: &Solution) -> String {
    let mut out = String::new();
    let width = s
        .facts
        .iter()
        .map(|(name, _)| name.chars().count())
        .chain([13])
        .max()
        .unwrap_or(13)
        + 2;
    let row = |out: &mut String, key: &str, value: &str| {
        out.push_str(&format!("{key:<width$}{value}\n"));
    };
    row(&mut out, "game", &format!("{}  {}", s.game, s.position));
    row(
        &mut out,
        "outcome",
        &format!("{} ({})", s.outcome, s.outcome.explanation()),
    );
    row(&mut out, "value", s.value.as_deref().unwrap_or("—"));
    if s.winning_moves.is_empty() {
        let why = if s.all_winning_moves {
            "none: every move loses against perfect play"
        } else {
            "none listed (see notes)"
        };
        row(&mut out, "winning moves", why);
    } else {
        let title = match (s.all_winning_moves, s.winning_moves.len()) {
            (true, n) => format!("winning moves ({n})"),
            (false, 1) => "a winning move".to_string(),
            (false, n) => format!("winning moves (the first {n})"),
        };
        move_lines(&mut out, &title, &s.winning_moves);
    }
    if let Some(options) = &s.options {
        if options.is_empty() {
            row(&mut out, "moves", "none: the player to move has no move");
        } else {
            let title = if s.all_options {
                format!("moves ({})", options.len())
            } else {
                format!("moves (the first {})", options.len())
            };
            move_lines(&mut out, &title, options);
        }
    }
    for (name, fact) in &s.facts {
        row(&mut out, &name.replace('_', " "), &fact.text());
    }
    for note in &s.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

/// Who wins a partizan position when each player starts (or the one asked for), as
/// `solve domineering` prints it.
pub fn winner_text(r: &conway_rulesets::outcome::WinnerReport) -> String {
    let outcome = match r.outcome {
        Some(outcome) => format!("outcome   {outcome} ({})\n", outcome.explanation()),
        None => String::new(),
    };
    format!(
        "game      {}  {}\n{outcome}{}",
        r.game,
        r.position,
        starts_text(r, "")
    )
}

/// Who wins when Left starts and when Right starts (those asked for), with a winning first
/// move (or every first move's result), each line after `indent`.
pub fn starts_text(r: &conway_rulesets::outcome::WinnerReport, indent: &str) -> String {
    let mut text = String::new();
    for (who, start) in r.starts() {
        text.push_str(&format!(
            "{indent}{} first: {} wins",
            who.name(),
            start.winner
        ));
        match start.winning_moves.first() {
            Some(m) if start.every_move.is_none() => text.push_str(&format!(", e.g. {m}\n")),
            _ => text.push('\n'),
        }
        if let Some(every) = &start.every_move {
            for m in every {
                let mark = if m.wins { "  (wins)" } else { "" };
                text.push_str(&format!("{indent}  {}{mark}\n", m.description));
            }
        }
    }
    text
}

/// The winner and game length of a chase, then the line when one was asked for.
pub fn chase_text(r: &ChaseReport) -> String {
    let side = |s: Colour| match s {
        Colour::White => "white",
        Colour::Black => "black",
    };
    let plies = |p: u32| format!("{p} pl{}", if p == 1 { "y" } else { "ies" });
    let mut text = match (r.winner, r.plies) {
        (Some(winner), Some(p)) => format!(
            "{} wins in {} ({} moves first; the winner hurries, the loser stalls)\n",
            side(winner),
            plies(p),
            if r.to_move == Colour::White {
                "White"
            } else {
                "Black"
            }
        ),
        _ => "draw: neither side can force a capture\n".to_string(),
    };
    if let Some(moves) = &r.moves {
        text.push_str(&format!("moves ({}):\n", moves.len()));
        for m in moves {
            let then = match (m.winner, m.plies) {
                (Some(w), Some(0)) => format!("{} has captured", side(w)),
                (Some(w), Some(p)) => format!("{} wins in {}", side(w), plies(p)),
                _ => "draw".to_string(),
            };
            let mark = if m.wins { "  (wins)" } else { "" };
            text.push_str(&format!("  {}  ⇒ {}: {then}{mark}\n", m.description, m.to));
        }
    }
    if let Some(line) = &r.line {
        for (i, m) in line.iter().enumerate() {
            text.push_str(&format!("{:>3}. {m}\n", i + 1));
        }
        if r.winner.is_none() {
            text.push_str("… and so on forever\n");
        }
    }
    text
}

/// A table of γ by vertex, or the outcome, value and moves of a sum of tokens.
pub fn digraph_text(r: &DigraphReport) -> String {
    match r {
        DigraphReport::Vertices(r) => {
            let mut text = String::from("vertex  γ  outcome\n");
            for v in &r.vertices {
                text.push_str(&format!("{}  {}  {}\n", v.name, v.value, v.outcome));
            }
            text
        }
        DigraphReport::Tokens(r) => {
            let verdict = match r.outcome {
                LoopyOutcome::P => "P (the player to move loses)",
                LoopyOutcome::N => "N (the player to move wins)",
                LoopyOutcome::D => "D (a draw: neither player can force a win)",
            };
            let values: Vec<String> = r.token_values.iter().map(ToString::to_string).collect();
            let mut text = format!(
                "outcome        {verdict}\nvalue          {}   (tokens: {})\n",
                r.value,
                values.join(" + ")
            );
            for (title, list) in [
                ("winning moves", &r.winning_moves),
                ("drawing moves", &r.drawing_moves),
            ] {
                if !list.is_empty() {
                    text.push_str(&format!("{title} ({}):\n", list.len()));
                    for m in list {
                        text.push_str(&format!("  {}  ⇒ {}\n", m.description, m.to));
                    }
                }
            }
            text
        }
    }
}
