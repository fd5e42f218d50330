//! Gambit's `.nfg` file format, read and written, and plain payoff matrices.
//!
//! Both versions are read: the payoff version (a flat list of payoffs, one vector per
//! profile, player 1's strategy varying fastest) and the outcome version (a list of labelled
//! outcomes, then one outcome number per profile; 0 is the null outcome). Strategies may be
//! given as counts `{ 3 2 }` or as labels `{ { "a" "b" } { "x" "y" } }`, the header may say
//! `R` or the obsolete `D`, and numbers may be integers, decimals, exponents or fractions —
//! all exact. Errors give the line and column.

use num_rational::BigRational;
use num_traits::Zero;

use crate::formats::gambit_tokens::{end_of, normalise, quoted, Parser, Token};
use crate::game::{parse_number, rational_text, NormalFormGame};
use crate::StrategicError;

/// Whether `text` is the beginning of a `.nfg` file that stops too soon: it does not parse
/// only because it ended (what a line-by-line reader keeps reading for), not because of a
/// mistake inside it.
pub fn ends_too_soon(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match parse(text) {
        Err(StrategicError::Parse { line, column, .. }) => (line, column) == end_of(text),
        _ => false,
    }
}

/// Reads a `.nfg` file.
pub fn parse(text: &str) -> Result<NormalFormGame, StrategicError> {
    // A byte-order mark, as some editors write, is not part of the file.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut p = Parser::new(text);
    let (title, players) = p.prologue("NFG", "1")?;
    p.expect(&Token::Open, "'{' and the strategies")?;
    let mut strategies = Vec::new();
    if p.peek() == Some(&Token::Open) {
        for _ in 0..players.len() {
            p.expect(&Token::Open, "'{' and a player's strategy labels")?;
            let mut labels = Vec::new();
            while let Some(Token::Text(_)) = p.peek() {
                labels.push(p.text("a strategy label")?);
            }
            if labels.is_empty() {
                return Err(p.error("a player has no strategies"));
            }
            p.expect(&Token::Close, "'}' after the strategy labels")?;
            strategies.push(normalise(labels));
        }
    } else {
        let mut counts = Vec::with_capacity(players.len());
        for _ in 0..players.len() {
            counts.push(p.count("a number of strategies")?);
        }
        // The counts are checked before a label is made for each strategy: one count may be
        // as large as a machine word.
        crate::game::profile_count(&counts, players.len())?;
        strategies = counts
            .iter()
            .map(|&k| (1..=k).map(|i| i.to_string()).collect())
            .collect();
    }
    p.expect(
        &Token::Close,
        "'}' after the strategies (one entry per player)",
    )?;
    if let Some(Token::Text(_)) = p.peek() {
        p.text("the comment")?;
    }
    let shape: Vec<usize> = strategies.iter().map(Vec::len).collect();
    let profiles = crate::game::profile_count(&shape, players.len())?;
    let n = players.len();
    let mut payoffs = Vec::with_capacity(profiles);
    if p.peek() == Some(&Token::Open) {
        // Outcome version.
        p.advance();
        let mut outcomes: Vec<Vec<BigRational>> = Vec::new();
        while p.peek() == Some(&Token::Open) {
            p.advance();
            p.text("the outcome's label")?;
            let mut v = Vec::with_capacity(n);
            for k in 0..n {
                if k > 0 && p.peek() == Some(&Token::Comma) {
                    p.advance();
                }
                v.push(p.number("a payoff of the outcome")?);
            }
            p.expect(
                &Token::Close,
                &format!("'}}' after the outcome's {n} payoffs"),
            )?;
            outcomes.push(v);
        }
        p.expect(&Token::Close, "'}' after the list of outcomes")?;
        for _ in 0..profiles {
            let k = match p.peek() {
                Some(Token::Word(w)) => w.parse::<usize>().ok(),
                _ => None,
            }
            .ok_or_else(|| p.error("expected an outcome number for each profile"))?;
            if k > outcomes.len() {
                return Err(p.error(format!(
                    "outcome {k} does not exist (there are {})",
                    outcomes.len()
                )));
            }
            p.advance();
            payoffs.push(if k == 0 {
                vec![BigRational::zero(); n]
            } else {
                outcomes[k - 1].clone()
            });
        }
    } else {
        for _ in 0..profiles {
            let mut v = Vec::with_capacity(n);
            for _ in 0..n {
                if p.peek() == Some(&Token::Comma) {
                    p.advance();
                }
                v.push(p.number("a payoff")?);
            }
            payoffs.push(v);
        }
    }
    p.finish("more than the game needs: expected the end of the file")?;
    NormalFormGame::new(title, players, strategies, payoffs)
}

fn header(game: &NormalFormGame) -> String {
    let players: Vec<String> = game.players.iter().map(|p| quoted(p)).collect();
    format!(
        "NFG 1 R {} {{ {} }}\n\n",
        quoted(&game.title),
        players.join(" ")
    )
}

/// Writes the payoff version: strategy counts, then one line of payoffs per profile.
pub fn write_payoff_version(game: &NormalFormGame) -> String {
    let counts: Vec<String> = game.shape().iter().map(usize::to_string).collect();
    let mut out = header(game);
    out.push_str(&format!("{{ {} }}\n\n", counts.join(" ")));
    let profiles = game.shape().iter().product::<usize>();
    for i in 0..profiles {
        let v: Vec<String> = game.payoffs_at(i).iter().map(rational_text).collect();
        out.push_str(&v.join(" "));
        out.push('\n');
    }
    out
}

/// Writes the outcome version, as Gambit writes table games: strategy labels, an empty
/// comment, one outcome per profile and the outcome numbers.
pub fn write_outcome_version(game: &NormalFormGame) -> String {
    let mut out = header(game);
    out.push_str("{ ");
    for labels in &game.strategies {
        let l: Vec<String> = labels.iter().map(|s| quoted(s)).collect();
        out.push_str(&format!("{{ {} }}\n", l.join(" ")));
    }
    out.push_str("}\n\"\"\n\n{\n");
    let profiles = game.shape().iter().product::<usize>();
    for i in 0..profiles {
        let v: Vec<String> = game.payoffs_at(i).iter().map(rational_text).collect();
        out.push_str(&format!("{{ \"\" {} }}\n", v.join(", ")));
    }
    out.push_str("}\n");
    let numbers: Vec<String> = (1..=profiles).map(|i| i.to_string()).collect();
    out.push_str(&numbers.join(" "));
    out.push('\n');
    out
}

/// A payoff matrix: rows separated by `;` or new lines, entries by spaces, commas or tabs
/// (so CSV and TSV files read as they are). Errors give the row (line) and entry (column).
pub fn parse_matrix(text: &str) -> Result<Vec<Vec<BigRational>>, StrategicError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    for (r, row) in text.split([';', '\n']).enumerate() {
        let row = row.split('#').next().unwrap_or("").trim();
        if row.is_empty() {
            continue;
        }
        // CSV and TSV rows keep every field (an empty one is an error); otherwise spaces.
        let entries: Vec<&str> = if row.contains(',') {
            row.split(',').collect()
        } else if row.contains('\t') {
            row.split('\t').collect()
        } else {
            row.split_whitespace().collect()
        };
        let mut values = Vec::new();
        for (c, entry) in entries.into_iter().enumerate() {
            values.push(
                parse_number(entry.trim()).ok_or_else(|| StrategicError::Parse {
                    line: r + 1,
                    column: c + 1,
                    message: if entry.trim().is_empty() {
                        "empty entry".to_string()
                    } else {
                        format!("'{}' is not a number", entry.trim())
                    },
                })?,
            );
        }
        if let Some(first) = rows.first().map(Vec::len) {
            if first != values.len() {
                return Err(StrategicError::Parse {
                    line: r + 1,
                    column: 1,
                    message: format!("row has {} entries, the first row {first}", values.len()),
                });
            }
        }
        rows.push(values);
    }
    if rows.is_empty() {
        return Err(StrategicError::Parse {
            line: 1,
            column: 1,
            message: "the matrix is empty".into(),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;

    /// Gambit's doc/formats.nfgpay.rst and formats.nfgout.rst: the same game (e02.nfg) in
    /// both versions.
    const PAYOFF: &str = "NFG 1 R \"Selten (IJGT, 75), Figure 2, normal form\"\n\
        { \"Player 1\" \"Player 2\" } { 3 2 }\n\n1 1 0 2 0 2 1 1 0 3 2 0\n";
    const OUTCOME: &str = "NFG 1 R \"Selten (IJGT, 75), Figure 2, normal form\" \
        { \"Player 1\" \"Player 2\" }\n\n{\n{ \"1\" \"2\" \"3\" }\n{ \"1\" \"2\" }\n}\n\n{\n\
        { \"\" 1, 1 }\n{ \"\" 0, 2 }\n{ \"\" 0, 2 }\n{ \"\" 1, 1 }\n{ \"\" 0, 3 }\n{ \"\" 2, 0 }\n}\n\
        1 2 3 4 5 6\n";

    /// Found by the fuzzer (target `nfg`): a strategy count near 2^50, once given labels
    /// one by one before the game's size was checked, asked for petabytes.
    #[test]
    fn a_huge_strategy_count_is_too_large_not_an_allocation() {
        // The fuzzer's input: the second count is missing, which is now what is reported.
        let e = parse("NFG 1 R \"\" { \"a\" \"b\" \"c\" } { 744073709551615\n\n\n\n\n~")
            .expect_err("no second count");
        assert!(
            e.to_string().contains("'~' is not a positive whole number"),
            "{e}"
        );
        for counts in [
            "744073709551615 1 1",
            "18446744073709551615 2 2",
            "4096 4096 1",
        ] {
            let text = format!("NFG 1 R \"\" {{ \"a\" \"b\" \"c\" }} {{ {counts} }}\n");
            let e = parse(&text).expect_err("too large");
            assert!(
                matches!(e, StrategicError::TooLarge { .. }),
                "{counts}: {e}"
            );
        }
    }

    #[test]
    fn both_versions_read_the_same_game() {
        let a = parse(PAYOFF).unwrap();
        let b = parse(OUTCOME).unwrap();
        assert_eq!(a.shape(), vec![3, 2]);
        for i in 0..6 {
            assert_eq!(a.payoffs_at(i), b.payoffs_at(i), "profile {i}");
        }
        // Profile 3 is (player 1's first strategy, player 2's second): payoffs 1, 1.
        assert_eq!(a.payoffs_at(3), &[integer(1), integer(1)]);
        for written in [write_payoff_version(&a), write_outcome_version(&b)] {
            let back = parse(&written).unwrap();
            assert_eq!(back.shape(), a.shape());
            for i in 0..6 {
                assert_eq!(back.payoffs_at(i), a.payoffs_at(i));
            }
        }
    }

    #[test]
    fn numbers_are_exact() {
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(parse_number(".5"), Some(q(1, 2)));
        assert_eq!(parse_number("7.32"), Some(q(732, 100)));
        assert_eq!(parse_number("1e-3"), Some(q(1, 1000)));
        assert_eq!(parse_number("-3/2"), Some(q(-3, 2)));
        assert_eq!(parse_number("2E2"), Some(q(200, 1)));
        for bad in ["", "1/0", "abc", "1.2.3", "--1", "1e"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn errors_give_line_and_column() {
        let cases = [
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 2 2 }\n1 2 3 4 5 6 7 x\n",
                2,
                15,
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 2 2 }\n1 2 3 4 5 6 7\n",
                2,
                14,
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 2 2 }\n1 2 3 4 5 6 7 8 9\n",
                2,
                17,
            ),
            ("NFG 2 R", 1, 5),
            ("NFG 1 R \"t\" { \"a\" } { 2 }\n{ { \"\" 1 } }\n1 3\n", 3, 3),
            ("NFG 1 R \"unclosed", 1, 9),
        ];
        for (text, line, column) in cases {
            match parse(text) {
                Err(StrategicError::Parse {
                    line: l, column: c, ..
                }) => {
                    assert_eq!((l, c), (line, column), "{text:?}")
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn labels_and_d_header() {
        let g = parse(
            "NFG 1 D \"\" { \"p\" \"q\" } { { \"l\" \"l\" } { \"\" \"x\" } } 1 2 3 4 5 6 7 8",
        )
        .unwrap();
        assert_eq!(g.strategies[0], vec!["l_1", "l_2"]);
        assert_eq!(g.strategies[1], vec!["_1", "x"]);
    }

    #[test]
    fn matrices() {
        let m = parse_matrix("3 0; 5 1").unwrap();
        assert_eq!(
            m,
            vec![vec![integer(3), integer(0)], vec![integer(5), integer(1)]]
        );
        assert_eq!(parse_matrix("1,2\n3,4\n").unwrap().len(), 2);
        assert!(matches!(
            parse_matrix("1 2; 3 x"),
            Err(StrategicError::Parse {
                line: 2,
                column: 2,
                ..
            })
        ));
        assert!(parse_matrix("1 2; 3").is_err());
        assert!(matches!(
            parse_matrix("1,2,,3"),
            Err(StrategicError::Parse {
                line: 1,
                column: 3,
                ..
            })
        ));
        assert_eq!(parse_matrix("\u{feff}1\t2\n3\t4").unwrap().len(), 2);
        // A byte-order mark before a .nfg file is ignored too.
        assert!(parse("\u{feff}NFG 1 R \"\" { \"p\" } { 1 } 5").is_ok());
        assert!(parse_matrix("").is_err());
    }
}
