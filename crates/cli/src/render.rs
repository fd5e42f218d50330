//! Printing reports: as one JSON object for scripts (the serialization of the report) or as
//! text for people (one renderer per report).

use conway_impartial::Solution;

/// One report as the JSON object of the CLI contract: the serialization of the report.
pub fn json<T: serde::Serialize + ?Sized>(report: &T) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| {
        // Report types serialize infallibly (strings, numbers, lists); this is a bug.
        format!("{{\"error\":{{\"kind\":\"internal\",\"message\":\"{e}\"}}}}")
    })
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
        row(&mut out, &name.replace('_', " "), &fact.text());
    }
    for note in &s.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}
