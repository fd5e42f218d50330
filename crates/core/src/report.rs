//! The answer for one position of one game: outcome, value, winning moves and facts.
//!
//! Games fill a [`Solution`]; it serializes (serde) to the JSON object of the CLI contract:
//! `game`, `position`, `outcome`, `value`, `winning_moves` (a list of `{move, to}`, with
//! `command` where the front end gave one), `all_winning_moves`, `options` and
//! `all_options` when every move was asked for, then the game's own facts by name, then
//! `notes`. Values are strings
//! in the field's notation (`*12`, `0`) so that big values lose nothing.

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::Outcome;

/// One winning move, in words and as the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// What to do, in a player's words: "take 12 from heap 3 (39 → 27)".
    pub description: String,
    /// The position after the move, in the same notation as the input.
    pub to: String,
    /// The command (without the program's name) that answers the position after the move,
    /// when a front end fills it in: `solve fibonacci-nim 18 --max-take 4`. Serialized only
    /// when present.
    pub command: Option<String>,
}

impl WinningMove {
    /// A move described in words, leading to `to`.
    pub fn new(description: impl Into<String>, to: impl Into<String>) -> Self {
        WinningMove {
            description: description.into(),
            to: to.into(),
            command: None,
        }
    }
}

impl Serialize for WinningMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("WinningMove", 3)?;
        m.serialize_field("move", &self.description)?;
        m.serialize_field("to", &self.to)?;
        if let Some(command) = &self.command {
            m.serialize_field("command", command)?;
        } else {
            m.skip_field("command")?;
        }
        m.end()
    }
}

/// A game-specific fact attached to a solution (`period`, `winning_move_count`, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Fact {
    /// A count or small integer.
    Count(u64),
    /// A value or number in text form (kept exact).
    Text(String),
    /// A yes/no fact.
    Flag(bool),
    /// A list of values in text form.
    List(Vec<String>),
}

impl Fact {
    /// The fact as a person reads it: lists joined by spaces, flags as yes/no.
    pub fn text(&self) -> String {
        match self {
            Fact::Count(n) => n.to_string(),
            Fact::Text(t) => t.clone(),
            Fact::Flag(b) => if *b { "yes" } else { "no" }.to_string(),
            Fact::List(l) => l.join(" "),
        }
    }
}

/// The complete answer for one position of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game's command name, e.g. `nim`.
    pub game: String,
    /// The position as the user wrote it, normalised (`14 21 39`).
    pub position: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague-Grundy value (`0`, `*`, `*12`), or `None` where it is not defined for
    /// this game (misère play) or too costly to compute (see `notes`).
    pub value: Option<String>,
    /// Winning moves; empty for a P-position.
    pub winning_moves: Vec<WinningMove>,
    /// Whether `winning_moves` is every winning move (false: a selection, see `notes`).
    pub all_winning_moves: bool,
    /// Every move, winning or not, when asked for (to play the position out); `None`
    /// when not asked. Serialized only when present.
    pub options: Option<Vec<WinningMove>>,
    /// Whether `options` is every move (false: the first ones, see `notes`).
    pub all_options: bool,
    /// Game-specific facts, in a stable order.
    pub facts: Vec<(String, Fact)>,
    /// Explanations for a human reader: the rule applied, limits hit.
    pub notes: Vec<String>,
}

impl Solution {
    /// The move Conway makes here when it plays a person: a winning move, else the first
    /// move listed (when every move was asked for), else none.
    pub fn reply(&self) -> Option<crate::play::Reply> {
        let reply = |m: &WinningMove, wins: bool| crate::play::Reply {
            description: m.description.clone(),
            to: m.to.clone(),
            command: m.command.clone(),
            wins,
            draws: false,
            // Whether the position it leaves is the end is for its own solution to say.
            ends: false,
        };
        match self.winning_moves.first() {
            Some(m) => Some(reply(m, true)),
            None => Some(reply(self.options.as_ref()?.first()?, false)),
        }
    }

    /// How play has ended here, when every move was asked for and there is none: the
    /// player to move wins exactly when the outcome says so (misère play).
    pub fn ended(&self) -> Option<crate::play::Ended> {
        let none_left = self.options.as_ref().is_some_and(Vec::is_empty) && self.all_options;
        none_left.then(|| crate::play::Ended {
            mover_wins: self.outcome == Outcome::N,
            why: "cannot move".to_string(),
        })
    }

    /// A solution with no moves, facts or notes yet.
    pub fn new(game: &str, position: impl Into<String>, outcome: Outcome) -> Self {
        Solution {
            game: game.to_string(),
            position: position.into(),
            outcome,
            value: None,
            winning_moves: Vec::new(),
            all_winning_moves: true,
            options: None,
            all_options: true,
            facts: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Sets the Sprague-Grundy value from its nimber index.
    pub fn with_value(mut self, value: impl std::fmt::Display) -> Self {
        self.value = Some(nimber_notation(&value.to_string()));
        self
    }

    /// Adds a fact.
    pub fn fact(mut self, name: &str, fact: Fact) -> Self {
        self.facts.push((name.to_string(), fact));
        self
    }

    /// Adds a note for the reader.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Adds notes for the reader, in order.
    pub fn notes(mut self, notes: impl IntoIterator<Item = String>) -> Self {
        self.notes.extend(notes);
        self
    }

    /// Sets the winning moves; `complete` says whether they are all of them.
    pub fn moves(mut self, moves: Vec<WinningMove>, complete: bool) -> Self {
        self.winning_moves = moves;
        self.all_winning_moves = complete;
        self
    }

    /// Sets every move of the position; `complete` says whether they are all of them.
    pub fn with_options(mut self, options: Vec<WinningMove>, complete: bool) -> Self {
        self.options = Some(options);
        self.all_options = complete;
        self
    }
}

impl Serialize for Solution {
    /// The contract's object: the fixed fields, the facts by name in their order, `notes`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let extra = if self.options.is_some() { 2 } else { 0 };
        let mut m = s.serialize_map(Some(7 + extra + self.facts.len()))?;
        m.serialize_entry("game", &self.game)?;
        m.serialize_entry("position", &self.position)?;
        m.serialize_entry("outcome", &self.outcome)?;
        m.serialize_entry("value", &self.value)?;
        m.serialize_entry("winning_moves", &self.winning_moves)?;
        m.serialize_entry("all_winning_moves", &self.all_winning_moves)?;
        if let Some(options) = &self.options {
            m.serialize_entry("options", options)?;
            m.serialize_entry("all_options", &self.all_options)?;
        }
        for (name, fact) in &self.facts {
            m.serialize_entry(name, fact)?;
        }
        m.serialize_entry("notes", &self.notes)?;
        m.end()
    }
}

/// `{move, to}` and, when the move's position can be answered, `command`.
impl schemars::JsonSchema for WinningMove {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WinningMove".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "properties": {
                "move": { "type": "string", "description": "the move in the game's words" },
                "to": { "type": "string", "description": "the position it leaves" },
                "command": { "type": "string", "description": "the solve command answering that position" }
            },
            "required": ["move", "to"],
            "additionalProperties": false
        })
    }
}

/// The fixed fields, then the game's own facts (each a [`Fact`]) under their names.
impl schemars::JsonSchema for Solution {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Solution".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let outcome = generator.subschema_for::<crate::Outcome>();
        let moves = generator.subschema_for::<Vec<WinningMove>>();
        let fact = generator.subschema_for::<Fact>();
        schemars::json_schema!({
            "type": "object",
            "description": "A position of a game: who wins, its value and its winning moves",
            "properties": {
                "game": { "type": "string" },
                "position": { "type": "string" },
                "outcome": outcome,
                "value": { "type": ["string", "null"], "description": "the Sprague-Grundy value (0, *, *12), or null" },
                "winning_moves": moves.clone(),
                "all_winning_moves": { "type": "boolean" },
                "options": moves,
                "all_options": { "type": "boolean" },
                "notes": { "type": "array", "items": { "type": "string" } }
            },
            "required": ["game", "position", "outcome", "value", "winning_moves", "all_winning_moves", "notes"],
            "additionalProperties": fact
        })
    }
}

/// CGSuite's notation for the nimber with index `n` (a decimal string): `0`, `*`, `*n`.
pub fn nimber_notation(n: &str) -> String {
    match n {
        "0" => "0".to_string(),
        "1" => "*".to_string(),
        _ => format!("*{n}"),
    }
}

/// Heaps written as the user types them: `14 21 39`.
pub fn heaps_text<T: std::fmt::Display>(heaps: &[T]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solution_serializes_to_the_contract_object_in_order() {
        let s = Solution::new("nim", "1 2", Outcome::N)
            .with_value(3)
            .moves(
                vec![WinningMove::new("take 1 from heap 2 (2 → 1)", "1 1")],
                true,
            )
            .fact("nim_sum", Fact::Text("3".into()))
            .fact("count", Fact::Count(1))
            .fact("flag", Fact::Flag(false))
            .fact("list", Fact::List(vec!["a".into()]))
            .note("why");
        let json = serde_json::to_string(&s).expect("serializes");
        assert_eq!(
            json,
            r#"{"game":"nim","position":"1 2","outcome":"N","value":"*3","winning_moves":[{"move":"take 1 from heap 2 (2 → 1)","to":"1 1"}],"all_winning_moves":true,"nim_sum":"3","count":1,"flag":false,"list":["a"],"notes":["why"]}"#
        );
    }

    #[test]
    fn nimbers_are_written_as_cgsuite_writes_them() {
        assert_eq!(nimber_notation("0"), "0");
        assert_eq!(nimber_notation("1"), "*");
        assert_eq!(nimber_notation("12"), "*12");
        let none = Solution::new("x", "", Outcome::P);
        assert!(serde_json::to_string(&none)
            .expect("serializes")
            .contains(r#""value":null"#));
    }
}
