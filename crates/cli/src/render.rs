//! Printing a [`Solution`] as text for people or as one JSON object for scripts.

use conway_impartial::solution::Fact;
use conway_impartial::Solution;
use serde_json::{json, Map, Value};

/// The JSON object of the CLI contract: `game`, `position`, `outcome`, `value`,
/// `winning_moves` (list of `{move, to}`), then the game's own fields and `notes`.
pub fn json(s: &Solution) -> String {
    let mut obj = Map::new();
    obj.insert("game".into(), json!(s.game));
    obj.insert("position".into(), json!(s.position));
    obj.insert("outcome".into(), json!(s.outcome.to_string()));
    obj.insert("value".into(), json!(s.value));
    let moves: Vec<Value> = s
        .winning_moves
        .iter()
        .map(|m| json!({"move": m.description, "to": m.to}))
        .collect();
    obj.insert("winning_moves".into(), Value::Array(moves));
    obj.insert("all_winning_moves".into(), json!(s.all_winning_moves));
    for (name, fact) in &s.facts {
        obj.insert(name.clone(), fact_json(fact));
    }
    obj.insert("notes".into(), json!(s.notes));
    Value::Object(obj).to_string()
}

fn fact_json(f: &Fact) -> Value {
    match f {
        Fact::Count(n) => json!(n),
        Fact::Text(t) => json!(t),
        Fact::Flag(b) => json!(b),
        Fact::List(l) => json!(l),
    }
}

fn fact_text(f: &Fact) -> String {
    match f {
        Fact::Count(n) => n.to_string(),
        Fact::Text(t) => t.clone(),
        Fact::Flag(b) => if *b { "yes" } else { "no" }.to_string(),
        Fact::List(l) => l.join(" "),
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
        let title = if s.all_winning_moves {
            format!("winning moves ({})", s.winning_moves.len())
        } else {
            "a winning move".to_string()
        };
        out.push_str(&format!("{title}:\n"));
        for m in &s.winning_moves {
            out.push_str(&format!("  {}  ⇒ {}\n", m.description, m.to));
        }
    }
    for (name, fact) in &s.facts {
        row(&mut out, &name.replace('_', " "), &fact_text(fact));
    }
    for note in &s.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}
