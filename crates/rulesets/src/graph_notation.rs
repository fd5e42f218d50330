//! CGSuite's string notation for graphs with coloured edges, as its Hackenbush takes them
//! (facts from CGSuite's documentation, "Games on Graphs"): `"l(l;rl)"`, `":A----:A"`.
//!
//! - An edge is a letter (`l`, `r`, `e` for Hackenbush) and runs from the current vertex to
//!   the next one. Vertices are implied between edges, or written `.`.
//! - `(` starts branches off the current vertex, separated by `;`, up to `)`: `"--(-;--)"` is a
//!   trunk of two edges with branches of one and two edges on top.
//! - A vertex is named by a suffix `:A` (one letter or digit) or `:{name}`; all vertices of one
//!   name are one vertex, which is how cycles are written: `":A----:A"` is a 4-cycle.
//! - The first vertex of the text is the ground. A `;` outside parentheses starts a new piece
//!   from a new vertex, which is refused here, since every edge must reach the ground.
//!
//! The result is a list of edges (vertex 0 the ground), with the column of each edge's letter.

use std::collections::HashMap;

use conway_partizan::PartizanError;

/// The largest nesting of parentheses accepted.
pub const MAX_NESTING: usize = 256;

/// An edge read from the notation: its two vertices (0 is the ground), its letter, and the
/// 1-based column of the letter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WrittenEdge {
    /// One end.
    pub from: u32,
    /// The other end.
    pub to: u32,
    /// The edge's letter.
    pub letter: char,
    /// Where the letter stands in the text.
    pub column: usize,
}

/// Reads the notation for the ruleset `name`, whose edges are the letters in `letters`.
pub fn parse_graph(
    text: &str,
    name: &str,
    letters: &str,
) -> Result<Vec<WrittenEdge>, PartizanError> {
    let mut reader = Reader::new(text, name, letters);
    reader.sequence(0)?;
    reader.finish()
}

/// Reads the notation of a graph with no ground, for the ruleset `name`: a `;` outside
/// parentheses starts another piece from a new vertex, or from a named one (`--:A;:A-`).
/// Vertices are numbered in the order they first appear.
pub fn parse_graph_pieces(
    text: &str,
    name: &str,
    letters: &str,
) -> Result<Vec<WrittenEdge>, PartizanError> {
    let mut reader = Reader::new(text, name, letters);
    reader.vertices = 0; // no ground
    reader.pieces()?;
    reader.finish()
}

/// A vertex's label as written where a vertex may stand: one character of the ruleset's
/// labels (`3`, `L`), or for numeric labels `{…}` (`{12}`), with the column it starts at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WrittenLabel {
    /// The label's text, without braces.
    pub text: String,
    /// Where it stands in the text.
    pub column: usize,
}

/// [`parse_graph_pieces`] for graphs whose vertices carry labels, each one of the
/// characters `labels` (CGSuite's weighted graphs, `"3-1-{12}"`, with the digits, which
/// also allow `{…}`; tinted ones, `"L-R-."`): the edges, and each vertex's label (or
/// `None`, unlabelled), one entry a vertex, so that a vertex without edges is there too
/// (`"L;."` is two vertices; an empty piece is none). A named vertex is labelled once (or
/// each time alike).
pub fn parse_labelled_graph_pieces(
    text: &str,
    name: &str,
    letters: &str,
    labels: &str,
) -> Result<(Vec<WrittenEdge>, Vec<Option<WrittenLabel>>), PartizanError> {
    let mut reader = Reader::new(text, name, letters);
    reader.labels = Some(Vec::new());
    reader.label_chars = labels;
    reader.vertices = 0;
    reader.pieces()?;
    let labels = reader.labels.take().unwrap_or_default();
    let edges = reader.finish()?;
    Ok((edges, labels))
}

/// A graph written in CGSuite's notation, as [`parse_graph_pieces`] reads it: trails of
/// edges (each `(a, b, letter)`), pieces apart by `;`, a vertex met twice named `:A` (one
/// letter or digit while they last, then `:{n}`).
pub fn write_graph_pieces(edges: &[(u32, u32, char)]) -> String {
    write_labelled_graph_pieces(edges, |_| String::new())
}

/// [`write_graph_pieces`] with each vertex's label (as `label` writes it: `3`, `{12}`)
/// before it wherever it stands, as [`parse_labelled_graph_pieces`] reads it.
pub fn write_labelled_graph_pieces(
    edges: &[(u32, u32, char)],
    label: impl Fn(u32) -> String,
) -> String {
    let vertices = edges
        .iter()
        .map(|&(a, b, _)| a.max(b) + 1)
        .max()
        .unwrap_or(0) as usize;
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); vertices];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        at[a as usize].push(i);
        if b != a {
            at[b as usize].push(i);
        }
    }
    let mut used = vec![false; edges.len()];
    let unused_degree = |v: usize, used: &[bool]| at[v].iter().filter(|&&e| !used[e]).count();
    // Trails: each a start and its steps (letter, vertex reached).
    let mut trails: Vec<(u32, Vec<(char, u32)>)> = Vec::new();
    loop {
        // Start where an odd number of edges is left (a trail's end), else anywhere left.
        let starts = (0..vertices).filter(|&v| unused_degree(v, &used) > 0);
        let Some(start) = starts
            .clone()
            .find(|&v| unused_degree(v, &used) % 2 == 1)
            .or_else(|| starts.clone().next())
        else {
            break;
        };
        let (mut current, mut steps) = (start, Vec::new());
        while let Some(&e) = at[current].iter().find(|&&e| !used[e]) {
            used[e] = true;
            let (a, b, letter) = edges[e];
            let next = if a as usize == current { b } else { a };
            steps.push((letter, next));
            current = next as usize;
        }
        trails.push((start as u32, steps));
    }
    let mut seen = vec![0usize; vertices];
    for (start, steps) in &trails {
        seen[*start as usize] += 1;
        steps.iter().for_each(|&(_, v)| seen[v as usize] += 1);
    }
    const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut name = |v: u32| -> String {
        if seen[v as usize] < 2 {
            return String::new();
        }
        let next = names.len();
        let written = names
            .entry(v)
            .or_insert_with(|| match NAMES.chars().nth(next) {
                Some(c) => c.to_string(),
                None => format!("{{{next}}}"),
            });
        format!(":{written}")
    };
    let pieces: Vec<String> = trails
        .iter()
        .map(|(start, steps)| {
            let mut text = label(*start) + &name(*start);
            for &(letter, v) in steps {
                text.push(letter);
                text.push_str(&label(v));
                text.push_str(&name(v));
            }
            text
        })
        .collect();
    pieces.join(";")
}

impl<'a> Reader<'a> {
    fn new(text: &str, name: &'a str, letters: &'a str) -> Reader<'a> {
        Reader {
            chars: text.chars().collect(),
            pos: 0,
            name,
            letters,
            vertices: 1,
            names: HashMap::new(),
            edges: Vec::new(),
            depth: 0,
            labels: None,
            label_chars: "",
        }
    }

    /// The edges read, or the error of what is left unread.
    fn finish(self) -> Result<Vec<WrittenEdge>, PartizanError> {
        let (name, reader) = (self.name, self);
        if let Some(&c) = reader.chars.get(reader.pos) {
            let message = if c == ';' {
                format!(
                    "{name}: a ';' outside parentheses starts a piece apart from the ground; \
                 write branches as x(a;b)"
                )
            } else {
                format!("{name}: unmatched {c:?}")
            };
            return Err(PartizanError::parse(reader.pos + 1, message));
        }
        Ok(reader.edges)
    }
}

struct Reader<'a> {
    chars: Vec<char>,
    pos: usize,
    name: &'a str,
    letters: &'a str,
    /// Vertices so far (the ground is 0).
    vertices: u32,
    names: HashMap<String, u32>,
    edges: Vec<WrittenEdge>,
    depth: usize,
    /// Each vertex's label, when vertices are labelled.
    labels: Option<Vec<Option<WrittenLabel>>>,
    /// The characters a label may be.
    label_chars: &'a str,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn error(&self, message: String) -> PartizanError {
        PartizanError::parse(self.pos + 1, format!("{}: {message}", self.name))
    }

    fn new_vertex(&mut self) -> u32 {
        self.vertices += 1;
        if let Some(labels) = &mut self.labels {
            labels.push(None);
        }
        self.vertices - 1
    }

    /// A label where a vertex may stand (when vertices are labelled): a digit or `{…}`;
    /// else a `.` or nothing.
    fn label(&mut self) -> Result<Option<WrittenLabel>, PartizanError> {
        if self.labels.is_none() {
            if self.peek() == Some('.') {
                self.pos += 1;
            }
            return Ok(None);
        }
        let column = self.pos + 1;
        match self.peek() {
            Some('.') => {
                self.pos += 1;
                Ok(None)
            }
            Some(c) if self.label_chars.contains(c) => {
                self.pos += 1;
                Ok(Some(WrittenLabel {
                    text: c.to_string(),
                    column,
                }))
            }
            Some('{') if self.label_chars.contains('0') => {
                let start = self.pos + 1;
                let Some(length) = self.chars[start..].iter().position(|&c| c == '}') else {
                    return Err(self.error("a label opened with '{' is never closed".into()));
                };
                self.pos = start + length + 1;
                Ok(Some(WrittenLabel {
                    text: self.chars[start..start + length].iter().collect(),
                    column,
                }))
            }
            _ => Ok(None),
        }
    }

    /// Gives `vertex` the label read for it; a vertex labelled twice must be labelled alike.
    fn set_label(&mut self, vertex: u32, label: Option<WrittenLabel>) -> Result<(), PartizanError> {
        let (Some(labels), Some(label)) = (&mut self.labels, label) else {
            return Ok(());
        };
        let slot = &mut labels[vertex as usize];
        match slot {
            Some(old) if old.text != label.text => Err(PartizanError::parse(
                label.column,
                format!(
                    "{}: this vertex is labelled {} already, not {}",
                    self.name, old.text, label.text
                ),
            )),
            _ => {
                *slot = Some(label);
                Ok(())
            }
        }
    }

    /// A name after `:`: one character, or `{…}`; the vertex it names, shared with every
    /// other use of the name.
    fn named(&mut self, unnamed: u32) -> Result<u32, PartizanError> {
        self.pos += 1;
        let name = match self.peek() {
            Some('{') => {
                let start = self.pos + 1;
                let Some(length) = self.chars[start..].iter().position(|&c| c == '}') else {
                    return Err(self.error("a name opened with '{' is never closed".into()));
                };
                self.pos = start + length + 1;
                self.chars[start..start + length].iter().collect()
            }
            Some(c) if c.is_ascii_alphanumeric() => {
                self.pos += 1;
                c.to_string()
            }
            _ => return Err(self.error("expected a name after ':' (A, or {name})".into())),
        };
        Ok(*self.names.entry(name).or_insert(unnamed))
    }

    /// A vertex written where one may stand: `.`, a name, both, or nothing (a new vertex).
    fn vertex(&mut self) -> Result<u32, PartizanError> {
        let label = self.label()?;
        let v = if self.peek() == Some(':') {
            let fresh = self.vertices;
            let v = self.named(fresh)?;
            if v == fresh {
                self.new_vertex();
            }
            v
        } else {
            self.new_vertex()
        };
        self.set_label(v, label)?;
        Ok(v)
    }

    /// Pieces apart by `;`, each from a new vertex or a named one (`--:A;:A-`); an empty
    /// piece has no vertex.
    fn pieces(&mut self) -> Result<(), PartizanError> {
        loop {
            match self.peek() {
                None => return Ok(()),
                Some(';') => self.pos += 1,
                Some(_) => {
                    let start = self.vertex()?;
                    self.sequence(start)?;
                    if self.peek() != Some(';') {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Edges and branches from `start` up to a `;`, a `)` or the end.
    fn sequence(&mut self, start: u32) -> Result<(), PartizanError> {
        let mut current = start;
        // The first vertex may be named (`:A--:A`), or written as a dot (a branch's first
        // vertex is the one before its '(': a label there is refused as unexpected).
        if self.peek() == Some('.') {
            self.pos += 1;
        }
        if self.peek() == Some(':') {
            let column = self.pos + 1;
            current = self.named(current)?;
            if current != start {
                return Err(PartizanError::parse(
                    column,
                    format!(
                        "{}: this name belongs to another vertex; a branch starts where its \
                         '(' stands",
                        self.name
                    ),
                ));
            }
        }
        while let Some(c) = self.peek() {
            match c {
                ';' | ')' => return Ok(()),
                '(' => {
                    self.depth += 1;
                    if self.depth > MAX_NESTING {
                        return Err(
                            self.error(format!("parentheses nested more than {MAX_NESTING} deep"))
                        );
                    }
                    let open = self.pos;
                    loop {
                        self.pos += 1;
                        self.sequence(current)?;
                        match self.peek() {
                            Some(';') => continue,
                            Some(')') => {
                                self.pos += 1;
                                break;
                            }
                            _ => {
                                return Err(PartizanError::parse(
                                    open + 1,
                                    format!("{}: this '(' is never closed", self.name),
                                ))
                            }
                        }
                    }
                    self.depth -= 1;
                }
                c if self.letters.contains(c) => {
                    let column = self.pos + 1;
                    self.pos += 1;
                    let to = self.vertex()?;
                    self.edges.push(WrittenEdge {
                        from: current,
                        to,
                        letter: c,
                        column,
                    });
                    current = to;
                }
                other => {
                    let letters: Vec<String> =
                        self.letters.chars().map(|c| format!("{c}")).collect();
                    return Err(self.error(format!(
                        "unexpected {other:?}; expected an edge ({}), '(', ';', ')', '.' or \
                         ':name'",
                        letters.join(", ")
                    )));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(text: &str) -> Vec<(u32, u32, char)> {
        parse_graph(text, "test", "lre")
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .iter()
            .map(|e| (e.from, e.to, e.letter))
            .collect()
    }

    #[test]
    fn paths_trees_and_cycles() {
        assert_eq!(edges("lr"), [(0, 1, 'l'), (1, 2, 'r')]);
        assert_eq!(edges(".l.r."), [(0, 1, 'l'), (1, 2, 'r')]);
        assert_eq!(
            edges("l(l;rl)"),
            [(0, 1, 'l'), (1, 2, 'l'), (1, 3, 'r'), (3, 4, 'l')]
        );
        // A 3-cycle through the ground, and a lollipop: two edges to B, then a loop at B.
        assert_eq!(
            edges(":A eee:A".replace(' ', "").as_str()),
            [(0, 1, 'e'), (1, 2, 'e'), (2, 0, 'e')]
        );
        assert_eq!(
            edges("(e:B;e:Blr:B)"),
            [(0, 1, 'e'), (0, 1, 'e'), (1, 2, 'l'), (2, 1, 'r')]
        );
        assert_eq!(edges(":{ground}ll:{ground}"), [(0, 1, 'l'), (1, 0, 'l')]);
        assert_eq!(edges(""), []);
    }

    #[test]
    fn errors_have_their_column() {
        let error = |text: &str| match parse_graph(text, "test", "lre") {
            Err(PartizanError::Parse { column, message }) => (column, message),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(error("lrlr;lr").0, 5);
        assert!(error("lrlr;lr").1.contains("apart from the ground"));
        assert_eq!(error("l(lr").0, 2);
        assert_eq!(error("lx").0, 2);
        assert_eq!(error("l)").0, 2);
        assert_eq!(error("l:{ab").0, 3);
        let deep = format!(
            "{}l{}",
            "l(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        assert!(error(&deep).1.contains("nested"));
        assert_eq!(error("l:A(r;r(:Al))").0, 9);
    }
}
