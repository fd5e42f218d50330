//! Gambit's `.efg` file format, read and written.
//!
//! A file is a prologue — `EFG 2 R`, the title, the players in braces, an optional comment —
//! then the nodes in prefix order, one entry each:
//!
//! ```text
//! c "label" SET ["set label" { "action" prob … }] OUTCOME ["outcome label" { payoffs }]
//! p "label" PLAYER SET ["set label" { "action" … }] OUTCOME ["outcome label" { payoffs }]
//! t "label" OUTCOME ["outcome label" { payoffs }]
//! ```
//!
//! Information sets are numbered per player (chance has its own numbers) and outcomes per
//! game, 0 being the null outcome. A set or an outcome is described the first time it
//! appears; later appearances may repeat the description, which must then agree. Payoffs
//! may be separated by commas; numbers are exact (integers, decimals, fractions). Labels
//! need not be unique. Errors give the line and column of the token at fault.
//!
//! Written files describe every set and outcome at each appearance, numbered in order of
//! first appearance, probabilities and payoffs as exact fractions.

use std::borrow::Cow;
use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::Signed;
use rustc_hash::FxHashMap;

use crate::extensive::{ExtensiveGame, Infoset, Mover, Node, Outcome, MAX_NODES};
use crate::formats::gambit_tokens::{end_of, quoted, Parser, Token};
use crate::game::rational_text;
use crate::StrategicError;

/// Whether `text` looks like a `.efg` file (its first word is `EFG`), for readers that
/// accept both formats.
pub fn is_efg(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .split_whitespace()
        .next()
        == Some("EFG")
}

/// Whether `text` is the beginning of a `.efg` file that stops too soon (it fails only
/// because it ended), for a line-by-line reader that keeps reading.
pub fn ends_too_soon(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match parse(text) {
        Err(StrategicError::Parse { line, column, .. }) => (line, column) == end_of(text),
        _ => false,
    }
}

/// An information set's label, actions and chance probabilities as a node describes
/// them, borrowed from the text: most nodes repeat a description, which is then only
/// compared.
type Description<'a> = (Cow<'a, str>, Vec<Cow<'a, str>>, Vec<BigRational>);

/// What the parser knows of an information set so far.
struct SetEntry {
    index: usize,
    /// The token where it was described, for "does not match" errors.
    described_at: usize,
}

/// Reads a `.efg` file.
pub fn parse(text: &str) -> Result<ExtensiveGame, StrategicError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut p = Parser::new(text);
    let (title, players) = p.prologue("EFG", "2")?;
    let comment = match p.peek() {
        Some(Token::Text(_)) => p.text("the comment")?,
        _ => String::new(),
    };
    let mut reader = Reader {
        p,
        players: players.len(),
        nodes: Vec::new(),
        infosets: Vec::new(),
        outcomes: Vec::new(),
        player_sets: FxHashMap::default(),
        chance_sets: FxHashMap::default(),
        outcome_numbers: FxHashMap::default(),
    };
    reader.tree()?;
    let Reader {
        p,
        nodes,
        infosets,
        outcomes,
        ..
    } = reader;
    p.finish("more than the tree: expected the end of the file")?;
    let outcomes = outcomes
        .into_iter()
        .map(|(o, at)| o.ok_or_else(|| p.error_at(at, "this outcome is never given payoffs")))
        .collect::<Result<Vec<_>, _>>()?;
    ExtensiveGame::new(title, comment, players, nodes, infosets, outcomes)
}

/// The parser's state while it reads the nodes.
struct Reader<'a> {
    p: Parser<'a>,
    players: usize,
    nodes: Vec<Node>,
    infosets: Vec<Infoset>,
    /// Each outcome once described, and the token of its first use.
    outcomes: Vec<(Option<Outcome>, usize)>,
    player_sets: FxHashMap<(usize, usize), SetEntry>,
    chance_sets: FxHashMap<usize, SetEntry>,
    outcome_numbers: FxHashMap<usize, usize>,
}

impl<'a> Reader<'a> {
    /// Reads the whole tree, node after node, keeping the open decision nodes on a stack
    /// (no recursion: a tree may be a million nodes deep).
    fn tree(&mut self) -> Result<(), StrategicError> {
        // Open nodes: (node, children read so far).
        let mut open: Vec<(usize, usize)> = Vec::new();
        loop {
            // The parent and the action leading here: its children read so far.
            let parent = open.last().copied();
            let id = self.nodes.len();
            if id == MAX_NODES {
                return Err(StrategicError::too_large(
                    "nodes of the game tree",
                    format!("more than {MAX_NODES}"),
                    MAX_NODES,
                ));
            }
            let node = self.node(parent)?;
            let actions = node.infoset.map_or(0, |h| self.infosets[h].actions.len());
            if let Some((n, _)) = parent {
                self.nodes[n].children.push(id);
            }
            self.nodes.push(node);
            if let Some(top) = open.last_mut() {
                top.1 += 1;
            }
            if actions > 0 {
                open.push((id, 0));
            }
            // Close every node whose children are all read.
            while let Some(&(n, k)) = open.last() {
                let h = self.nodes[n].infoset.expect("an open node moves");
                if k < self.infosets[h].actions.len() {
                    break;
                }
                open.pop();
            }
            if open.is_empty() {
                return Ok(());
            }
        }
    }

    /// One node entry.
    fn node(&mut self, parent: Option<(usize, usize)>) -> Result<Node, StrategicError> {
        let kind = match self.p.peek() {
            Some(&Token::Word(w @ ("c" | "p" | "t"))) => w,
            _ => {
                return Err(self.p.error(if self.nodes.is_empty() {
                    "expected the root node: 'c', 'p' or 't'"
                } else {
                    "expected a node: 'c', 'p' or 't' (the tree is not complete)"
                }))
            }
        };
        self.p.advance();
        let label = self.p.text("the node's label")?;
        let infoset = match kind {
            "t" => None,
            "c" => Some(self.infoset(Mover::Chance)?),
            _ => {
                let at = self.p.mark();
                let player = self.p.count("the player who moves")?;
                if player > self.players {
                    return Err(self.p.error_at(
                        at,
                        format!(
                            "player {player} does not exist (there are {})",
                            self.players
                        ),
                    ));
                }
                Some(self.infoset(Mover::Player(player - 1))?)
            }
        };
        let outcome = self.outcome()?;
        Ok(Node {
            label,
            parent,
            infoset,
            children: Vec::new(),
            outcome,
        })
    }

    /// The information set of a chance or decision node: its number and, the first time,
    /// its description.
    fn infoset(&mut self, mover: Mover) -> Result<usize, StrategicError> {
        let at = self.p.mark();
        let number = self.p.count("the information set's number")?;
        let described_at = self.p.mark();
        let description = match self.p.peek() {
            Some(Token::Text(_)) => Some(self.description(mover)?),
            _ => None,
        };
        let known = match mover {
            Mover::Chance => self.chance_sets.get(&number),
            Mover::Player(p) => self.player_sets.get(&(p, number)),
        };
        if let Some(entry) = known {
            let set = &self.infosets[entry.index];
            if let Some((label, actions, probabilities)) = description {
                if label != set.label.as_str()
                    || !actions.iter().eq(set.actions.iter())
                    || probabilities != set.probabilities
                {
                    let (line, column) = self.p.position(entry.described_at);
                    return Err(self.p.error_at(
                        described_at,
                        format!("this information set was described differently at line {line}, column {column}"),
                    ));
                }
            }
            return Ok(entry.index);
        }
        let Some((label, actions, probabilities)) = description else {
            return Err(self.p.error_at(
                at,
                "information set used before it is described (its label and actions)",
            ));
        };
        let index = self.infosets.len();
        self.infosets.push(Infoset {
            mover,
            label: label.into_owned(),
            actions: actions.into_iter().map(Cow::into_owned).collect(),
            probabilities,
            members: Vec::new(),
        });
        let entry = SetEntry {
            index,
            described_at,
        };
        match mover {
            Mover::Chance => self.chance_sets.insert(number, entry),
            Mover::Player(p) => self.player_sets.insert((p, number), entry),
        };
        Ok(index)
    }

    /// An information set's label and actions (with probabilities for chance).
    fn description(&mut self, mover: Mover) -> Result<Description<'a>, StrategicError> {
        let label = self.p.borrowed_text("the information set's label")?;
        let open = self.p.mark();
        self.p.expect(&Token::Open, "'{' and the actions")?;
        let (mut actions, mut probabilities) = (Vec::new(), Vec::new());
        while let Some(Token::Text(_)) = self.p.peek() {
            actions.push(self.p.borrowed_text("an action's label")?);
            if mover == Mover::Chance {
                let at = self.p.mark();
                let q = self.p.number("the action's probability")?;
                if q.is_negative() {
                    return Err(self.p.error_at(at, "a probability is negative"));
                }
                probabilities.push(q);
            }
        }
        if actions.is_empty() {
            return Err(self.p.error("expected an action (a quoted label)"));
        }
        self.p.expect(&Token::Close, "'}' after the actions")?;
        if mover == Mover::Chance
            && probabilities.iter().sum::<BigRational>() != num_traits::One::one()
        {
            let total = rational_text(&probabilities.iter().sum());
            return Err(self.p.error_at(
                open,
                format!("the chance probabilities sum to {total}, not 1"),
            ));
        }
        Ok((label, actions, probabilities))
    }

    /// The outcome of a node: its number and, the first time, its label and payoffs.
    fn outcome(&mut self) -> Result<Option<usize>, StrategicError> {
        let at = self.p.mark();
        let number = self.p.natural("the outcome's number (0 for none)")?;
        let described_at = self.p.mark();
        let description = match self.p.peek() {
            Some(Token::Text(_)) => Some(self.payoffs()?),
            _ => None,
        };
        if number == 0 {
            return match description {
                Some(_) => Err(self
                    .p
                    .error_at(described_at, "the null outcome 0 has no label or payoffs")),
                None => Ok(None),
            };
        }
        let index = *self.outcome_numbers.entry(number).or_insert_with(|| {
            self.outcomes.push((None, at));
            self.outcomes.len() - 1
        });
        if let Some(outcome) = description {
            match &self.outcomes[index].0 {
                Some(known) if *known != outcome => {
                    return Err(self.p.error_at(
                        described_at,
                        format!("outcome {number} was described differently before"),
                    ))
                }
                Some(_) => {}
                None => self.outcomes[index].0 = Some(outcome),
            }
        }
        Ok(Some(index))
    }

    /// An outcome's label and one payoff per player.
    fn payoffs(&mut self) -> Result<Outcome, StrategicError> {
        let label = self.p.text("the outcome's label")?;
        self.p.expect(&Token::Open, "'{' and the payoffs")?;
        let mut payoffs = Vec::with_capacity(self.players);
        for k in 0..self.players {
            if k > 0 && self.p.peek() == Some(&Token::Comma) {
                self.p.advance();
            }
            payoffs.push(self.p.number("a payoff")?);
        }
        let n = self.players;
        self.p
            .expect(&Token::Close, &format!("'}}' after the {n} payoffs"))?;
        Ok(Outcome { label, payoffs })
    }
}

/// Writes `game` as a `.efg` file.
pub fn write(game: &ExtensiveGame) -> String {
    let players: Vec<String> = game.players.iter().map(|p| quoted(p)).collect();
    let mut out = format!(
        "EFG 2 R {} {{ {} }}\n{}\n\n",
        quoted(&game.title),
        players.join(" "),
        quoted(&game.comment)
    );
    // Numbers in order of first appearance: information sets per mover (the sets are in
    // that order already), outcomes per game.
    let mut per_mover: HashMap<Mover, usize> = HashMap::new();
    let set_number: Vec<usize> = game
        .infosets()
        .iter()
        .map(|set| {
            let count = per_mover.entry(set.mover).or_insert(0);
            *count += 1;
            *count
        })
        .collect();
    let mut outcome_number: HashMap<usize, usize> = HashMap::new();
    for node in game.nodes() {
        match node.infoset {
            None => out.push_str(&format!("t {}", quoted(&node.label))),
            Some(h) => {
                let set = &game.infosets()[h];
                let actions: Vec<String> = match set.mover {
                    Mover::Chance => set
                        .actions
                        .iter()
                        .zip(&set.probabilities)
                        .map(|(a, q)| format!("{} {}", quoted(a), rational_text(q)))
                        .collect(),
                    Mover::Player(_) => set.actions.iter().map(|a| quoted(a)).collect(),
                };
                let head = match set.mover {
                    Mover::Chance => format!("c {}", quoted(&node.label)),
                    Mover::Player(p) => format!("p {} {}", quoted(&node.label), p + 1),
                };
                out.push_str(&format!(
                    "{head} {} {} {{ {} }}",
                    set_number[h],
                    quoted(&set.label),
                    actions.join(" ")
                ));
            }
        }
        match node.outcome {
            None => out.push_str(" 0"),
            Some(o) => {
                let next = outcome_number.len() + 1;
                let k = *outcome_number.entry(o).or_insert(next);
                let outcome = &game.outcomes()[o];
                let payoffs: Vec<String> = outcome.payoffs.iter().map(rational_text).collect();
                out.push_str(&format!(
                    " {k} {} {{ {} }}",
                    quoted(&outcome.label),
                    payoffs.join(", ")
                ));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gambit's doc/formats.efg.rst sample: a one-stage Bayesian game (chance picks each
    /// player's type; each player knows only their own).
    pub(crate) const BAYES: &str = r#"EFG 2 R "General Bayes game, one stage" { "Player 1" "Player 2" }
c "ROOT" 1 "(0,1)" { "1G" 0.500000 "1B" 0.500000 } 0
c "" 2 "(0,2)" { "2g" 0.500000 "2b" 0.500000 } 0
p "" 1 1 "(1,1)" { "H" "L" } 0
p "" 2 1 "(2,1)" { "h" "l" } 0
t "" 1 "Outcome 1" { 10.000000 2.000000 }
t "" 2 "Outcome 2" { 0.000000 10.000000 }
p "" 2 1 "(2,1)" { "h" "l" } 0
t "" 3 "Outcome 3" { 2.000000 4.000000 }
t "" 4 "Outcome 4" { 4.000000 0.000000 }
p "" 1 1 "(1,1)" { "H" "L" } 0
p "" 2 2 "(2,2)" { "h" "l" } 0
t "" 5 "Outcome 5" { 10.000000 2.000000 }
t "" 6 "Outcome 6" { 0.000000 10.000000 }
p "" 2 2 "(2,2)" { "h" "l" } 0
t "" 7 "Outcome 7" { 2.000000 4.000000 }
t "" 8 "Outcome 8" { 4.000000 0.000000 }
c "" 3 "(0,3)" { "2g" 0.500000 "2b" 0.500000 } 0
p "" 1 2 "(1,2)" { "H" "L" } 0
p "" 2 1 "(2,1)" { "h" "l" } 0
t "" 9 "Outcome 9" { 4.000000 2.000000 }
t "" 10 "Outcome 10" { 2.000000 10.000000 }
p "" 2 1 "(2,1)" { "h" "l" } 0
t "" 11 "Outcome 11" { 0.000000 4.000000 }
t "" 12 "Outcome 12" { 10.000000 2.000000 }
p "" 1 2 "(1,2)" { "H" "L" } 0
p "" 2 2 "(2,2)" { "h" "l" } 0
t "" 13 "Outcome 13" { 4.000000 2.000000 }
t "" 14 "Outcome 14" { 2.000000 10.000000 }
p "" 2 2 "(2,2)" { "h" "l" } 0
t "" 15 "Outcome 15" { 0.000000 4.000000 }
t "" 16 "Outcome 16" { 10.000000 0.000000 }
"#;

    #[test]
    fn the_format_sample_reads() {
        let g = parse(BAYES).unwrap();
        assert_eq!(g.nodes().len(), 31);
        assert_eq!(g.player_infosets(0).len(), 2);
        assert_eq!(g.player_infosets(1).len(), 2);
        assert_eq!(g.outcomes().len(), 16);
        assert!(g.perfect_recall_failure().is_none());
        assert!(!g.has_perfect_information());
        // Player 2's first set has four nodes: after 1G-2g twice (H, L) and 1B-2g twice.
        let h = g.player_infosets(1)[0];
        assert_eq!(g.infosets()[h].members.len(), 4);
        assert_eq!(g.infosets()[h].label, "(2,1)");
        let half = BigRational::new(1.into(), 2.into());
        assert_eq!(g.infosets()[0].probabilities, vec![half.clone(), half]);
    }

    #[test]
    fn written_files_read_back_as_the_same_game() {
        let g = parse(BAYES).unwrap();
        let again = parse(&write(&g)).unwrap();
        assert_eq!(g, again);
        assert_eq!(write(&again), write(&g));
    }

    #[test]
    fn later_appearances_may_omit_descriptions() {
        let g = parse(
            "EFG 2 R \"\" { \"A\" \"B\" } \"\"\n\
             p \"\" 1 1 \"\" { \"l\" \"r\" } 0\n\
             p \"\" 2 7 \"x\" { \"a\" \"b\" } 0\n\
             t \"\" 1 \"o\" { 1, 2 }\n t \"\" 2 \"\" { 0 0 }\n\
             p \"\" 2 7 0\n t \"\" 2\n t \"\" 1\n",
        )
        .unwrap();
        assert_eq!(g.infosets()[1].members, vec![1, 4]);
        assert_eq!(g.outcomes().len(), 2);
        assert_eq!(g.nodes()[6].outcome, Some(0));
    }

    fn error_at(text: &str) -> (usize, usize, String) {
        match parse(text) {
            Err(StrategicError::Parse {
                line,
                column,
                message,
            }) => (line, column, message),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn errors_give_line_and_column() {
        let head = "EFG 2 R \"t\" { \"A\" \"B\" } \"\"\n";
        let cases = [
            ("EFG 3 R", 1, 5, "version"),
            (
                "EFG 2 R \"t\" { \"A\" }\nc \"\" 1 \"\" { \"a\" 1/2 \"b\" 1/3 } 0\n",
                2,
                11,
                "sum to 5/6",
            ),
            ("p \"\" 3 1 \"\" { \"a\" } 0\nt \"\" 0\n", 2, 6, "player 3"),
            ("p \"\" 1 1 0\n", 2, 8, "before it is described"),
            (
                "p \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 0\n",
                3,
                7,
                "not complete",
            ),
            (
                "p \"\" 1 1 \"\" { \"a\" } 0\nt \"\" 0\nt \"\" 0\n",
                4,
                1,
                "end of the file",
            ),
            (
                "p \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 1 1 \"\" { \"a\" \"c\" } 0\n",
                3,
                10,
                "described differently at line 2, column 10",
            ),
            ("t \"\" 0 \"x\" { 1 2 }\n", 2, 8, "null outcome"),
            ("t \"\" 1 \"x\" { 1 y }\n", 2, 16, "'y' is not a number"),
            ("t \"\" 1\n", 2, 6, "never given payoffs"),
            // Columns count characters, not bytes.
            (
                "t \"\u{e9}\" 1 \"x\" { 1 y }\n",
                2,
                17,
                "'y' is not a number",
            ),
            // A string not closed is the error, wherever the parser then stops.
            ("t \"\" 1 \"x { 1 2 }\n", 2, 8, "not closed"),
            ("\n  XFG 2 R", 2, 3, "starts with 'EFG 2 R'"),
        ];
        for (body, line, column, says) in cases {
            // Bodies that are not node entries are whole files.
            let text = if !body.starts_with(['c', 'p', 't']) {
                body.to_string()
            } else {
                format!("{head}{body}")
            };
            let (l, c, message) = error_at(&text);
            assert_eq!((l, c), (line, column), "{text:?}: {message}");
            assert!(message.contains(says), "{text:?}: {message}");
        }
        assert!(ends_too_soon(&format!(
            "{head}p \"\" 1 1 \"\" {{ \"a\" }} 0\n"
        )));
        assert!(!ends_too_soon(&format!("{head}p \"\" 1 1 x")));
        assert!(is_efg("\u{feff} EFG 2 R"));
        let escaped = parse(&format!("{head}t \"a\\\"b\u{e9}\\\\\" 0\n")).unwrap();
        assert_eq!(escaped.nodes()[0].label, "a\"b\u{e9}\\");
        assert!(!is_efg("NFG 1 R"));
    }
}
