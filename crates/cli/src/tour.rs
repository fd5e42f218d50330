//! `conway tour`: one worked example from every area, computed live by the library; with
//! `--json`, one object holding the same sections (`intro`, `sections` of `title`, `command`,
//! `output`, and `closing`).

use conway_impartial::games::{coins, misere_nim, nim, subtraction, tartan, wythoff};
use conway_impartial::graph_games::green_hackenbush::green_hackenbush;
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::genus::{heap_genera, DEFAULT_GENUS_LIMIT};
use conway_impartial::heap::position::{self, ROWS};
use conway_impartial::heap::sequence;
use conway_numbers::{Dyadic, Nimber};
use conway_retrograde::chase::{self, Chase, Side};
use conway_retrograde::digraph::Digraph;
use conway_retrograde::loopy::{analyse_tokens, generalized_sg};
use conway_strategic::ess::evolutionarily_stable;
use conway_strategic::game::{integer, rational_text};
use conway_strategic::stable::Population;
use conway_strategic::vertex::extreme_equilibria;
use conway_strategic::NormalFormGame;
use num_bigint::BigUint;

use std::fmt::Write;

use serde::Serialize;

use conway_partizan::eval::{evaluate_text, report, Value};
use conway_partizan::Store;

use crate::CliError;

fn heaps(v: &[u64]) -> Vec<BigUint> {
    v.iter().map(|&x| BigUint::from(x)).collect()
}

/// The tour as it is written: what comes before the first section, the sections, and the
/// closing words. Text written to it goes to the section begun last.
#[derive(Default, Serialize)]
struct Tour {
    intro: String,
    sections: Vec<Section>,
    closing: String,
}

/// One worked example: what it shows, the command that shows it, and its answer.
#[derive(Serialize)]
struct Section {
    title: String,
    command: String,
    output: String,
}

impl Write for Tour {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        match self.sections.last_mut() {
            Some(section) => section.output.push_str(s),
            None => self.intro.push_str(s),
        }
        Ok(())
    }
}

impl Tour {
    /// The tour for a person: each section under its title and command.
    fn text(&self) -> String {
        let mut text = self.intro.clone();
        for s in &self.sections {
            let _ = write!(text, "\n== {}\n$ {}\n{}", s.title, s.command, s.output);
        }
        text.push_str(&self.closing);
        text
    }

    /// The tour as one JSON object, its texts without the blank lines around them.
    fn json(&self) -> String {
        let trimmed = |t: &str| t.trim_matches('\n').to_string();
        crate::render::json(&Tour {
            intro: trimmed(&self.intro),
            sections: self
                .sections
                .iter()
                .map(|s| Section {
                    title: s.title.clone(),
                    command: s.command.clone(),
                    output: trimmed(&s.output),
                })
                .collect(),
            closing: trimmed(&self.closing),
        })
    }
}

fn section(out: &mut Tour, title: &str, command: &str) {
    out.sections.push(Section {
        title: title.to_string(),
        command: command.to_string(),
        output: String::new(),
    });
}

/// Prints the tour, as text or as one JSON object.
pub fn run(json: bool) -> Result<(), CliError> {
    let mut out = Tour::default();
    let _ = writeln!(
        out,
        "Conway solves two-player games exactly. Every answer below is computed now."
    );

    section(
        &mut out,
        "Nim (Bouton): xor the heaps",
        "conway solve nim 14 21 39",
    );
    let s = nim::solve(&heaps(&[14, 21, 39]));
    let _ = writeln!(
        out,
        "{} — value {}",
        s.outcome.explanation(),
        s.value.as_deref().unwrap_or("?")
    );
    for m in &s.winning_moves {
        let _ = writeln!(out, "winning move: {}", m.description);
    }

    section(
        &mut out,
        "Wythoff's game with huge heaps, in exact integers",
        "conway solve wythoff 1000000000000 1618033988749",
    );
    let (a, b) = (
        BigUint::from(1_000_000_000_000u64),
        BigUint::from(1_618_033_988_749u64),
    );
    let s = wythoff::solve(&a, &b);
    let _ = writeln!(out, "outcome {}: {}", s.outcome, s.outcome.explanation());
    for m in &s.winning_moves {
        let _ = writeln!(out, "winning move: {}", m.description);
    }

    section(
        &mut out,
        "A subtraction game's period, certified",
        "conway solve subtraction --set 1,3,4 1000000000000",
    );
    let game = subtraction::SubtractionGame::new(vec![1, 3, 4])?;
    let s = subtraction::solve(&game, &heaps(&[1_000_000_000_000]), false)?;
    for note in &s.notes {
        let _ = writeln!(out, "{note}");
    }
    let _ = writeln!(
        out,
        "so a heap of 10^12 is worth {}",
        s.value.as_deref().unwrap_or("?")
    );

    heap_games(&mut out)?;

    section(
        &mut out,
        "Misère Nim: the last to move loses",
        "conway solve misere-nim 2 2",
    );
    let s = misere_nim::solve(&heaps(&[2, 2]));
    let _ = writeln!(out, "outcome {}: {}", s.outcome, s.outcome.explanation());

    section(
        &mut out,
        "Coin turning: Ruler's coin values are powers of two",
        "conway solve ruler THHTTHTH",
    );
    let s = coins::solve(coins::CoinGame::Ruler, &coins::parse_row("THHTTHTH")?);
    let _ = writeln!(out, "value {}", s.value.as_deref().unwrap_or("?"));
    for m in &s.winning_moves {
        let _ = writeln!(out, "winning move: {} ⇒ {}", m.description, m.to);
    }

    section(
        &mut out,
        "Nim multiplication and the Tartan theorem",
        "conway solve tartan TTT/THT/TTH",
    );
    let (two, four, sixteen) = (Nimber(2), Nimber(4), Nimber(16));
    let _ = writeln!(
        out,
        "*2 ⊗ *2 = {}, *4 ⊗ *4 = {}, *16 ⊗ *16 = {}",
        two * two,
        four * four,
        sixteen * sixteen
    );
    let board = tartan::parse_board("TTT/THT/TTH")?;
    let s = tartan::solve(coins::CoinGame::Turtles, coins::CoinGame::Turtles, &board);
    let _ = writeln!(
        out,
        "Turtles × Turtles board TTT/THT/TTH is worth {} (= *2⊗*2 ⊕ *3⊗*3)",
        s.value.as_deref().unwrap_or("?")
    );

    cycles(&mut out)?;

    section(
        &mut out,
        "Surreal numbers: the simplest number between two others",
        "conway eval '{1/2|1}'",
    );
    let half = Dyadic::new(1, 1);
    let one = Dyadic::from_integer(1);
    let between = Dyadic::simplest_between(Some(&half), Some(&one))
        .ok_or_else(|| CliError::internal("no number between 1/2 and 1"))?;
    let _ = writeln!(out, "{{1/2 | 1}} = {between}");

    partizan(&mut out)?;
    strategic(&mut out)?;
    out.closing = "\nMore: 'conway solve --list' lists every game, 'conway eval --help' every \
                   function; add --json for scripts.\n"
        .to_string();
    if json {
        crate::out::emit_line(&out.json());
    } else {
        crate::out::emit(&out.text());
    }
    Ok(())
}

/// Take-and-break games: a certified period, a position's winning moves, a misère genus.
fn heap_games(out: &mut Tour) -> Result<(), CliError> {
    section(
        out,
        "Octal games: Dawson's Kayles (0.07), its period proved by the periodicity theorem",
        "conway grundy dawsons-kayles --to 300",
    );
    let game = HeapGame::parse("dawsons-kayles")?;
    let r = sequence::compute(&game, 299, false, None, &conway_core::NoProgress)?;
    if let (Some(p), true) = (r.periodicity(), r.certified) {
        let _ = writeln!(
            out,
            "periodic from heap {} with period {}, certified from {} values",
            p.preperiod,
            p.period,
            r.computed_to + 1
        );
    }
    section(
        out,
        "Kayles rows of 1000 and 2021 pins: the winning moves",
        "conway solve kayles 1000 2021",
    );
    let s = position::solve(
        "kayles",
        &HeapGame::parse("kayles")?,
        &[1000, 2021],
        ROWS,
        &conway_core::NoProgress,
    )?;
    let _ = writeln!(
        out,
        "outcome {}, value {}",
        s.outcome,
        s.value.as_deref().unwrap_or("?")
    );
    for m in s.winning_moves.iter().take(3) {
        let _ = writeln!(out, "winning move: {}", m.description);
    }
    section(
        out,
        "Misère Kayles: the genus of each row (normal value, then misère values)",
        "conway grundy kayles --misere --to 10",
    );
    let genera = heap_genera(
        &HeapGame::parse("kayles")?,
        9,
        DEFAULT_GENUS_LIMIT,
        &conway_core::NoProgress,
    )?;
    let texts: Vec<String> = genera.genus.iter().map(|g| g.to_string()).collect();
    let _ = writeln!(out, "{}", texts.join("  "));
    Ok(())
}

/// Strategic games: equilibria, ESS, stochastic stability.
fn strategic(out: &mut Tour) -> Result<(), CliError> {
    let matrix = |rows: &[&[i64]]| -> Vec<Vec<num_rational::BigRational>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect()
    };
    section(
        out,
        "Nash equilibria, exactly: a 3×3 coordination game has 7 (Gambit's coord3.nfg)",
        "conway nash coord3.nfg",
    );
    let game = NormalFormGame::bimatrix(
        &matrix(&[&[3, 0, 0], &[0, 2, 0], &[0, 0, 1]]),
        &matrix(&[&[2, 0, 0], &[0, 2, 0], &[0, 0, 4]]),
    )?;
    for e in extreme_equilibria(&game, &conway_core::NoProgress)? {
        let flat: Vec<String> = e.iter().flatten().map(rational_text).collect();
        let _ = writeln!(out, "NE,{}", flat.join(","));
    }
    section(
        out,
        "Evolutionarily stable strategies: Hawk–Dove (V = 2, C = 4)",
        "conway ess --a \"-1 2; 0 1\"",
    );
    for x in evolutionarily_stable(&matrix(&[&[-1, 2], &[0, 1]]))? {
        let t: Vec<String> = x.iter().map(rational_text).collect();
        let _ = writeln!(
            out,
            "ESS ({}): hawks and doves coexist half and half",
            t.join(",")
        );
    }
    section(
        out,
        "Stochastic stability: ten agents in a stag hunt settle on the risk-dominant convention",
        "conway stable --a \"4 0; 3 3\" --agents 10",
    );
    let r = Population::new(matrix(&[&[4, 0], &[3, 3]]), 10)?.analyse(&conway_core::NoProgress)?;
    let _ = writeln!(
        out,
        "potentials: all Stag {}, all Hare {} — Hare is stochastically stable",
        r.potentials[0], r.potentials[1]
    );
    Ok(())
}

/// Games with cycles: retrograde analysis and loopy Sprague-Grundy values.
fn cycles(out: &mut Tour) -> Result<(), CliError> {
    section(
        out,
        "The Easy Chase: retrograde analysis of all 320,000 positions of a 20×20 board",
        "conway solve chase 20 1 1 20 20",
    );
    let chase = Chase::new(20)?;
    let solved = chase.solve(&conway_core::NoProgress)?;
    let start = chase.state(Side::White, (1, 1), (20, 20))?;
    let r = chase::result(&chase, &solved, start);
    let census = solved.census();
    let _ = writeln!(
        out,
        "Black wins in {} plies (the winner hurries, the loser stalls); of all positions {} are \
         won and {} lost by the player to move, {} drawn",
        r.plies.unwrap_or(0),
        census.wins,
        census.losses,
        census.draws
    );
    section(
        out,
        "Loopy impartial games: generalized Sprague-Grundy values (a ⇄ b, b → c, d ⇄ e)",
        "conway solve digraph graph.txt b d",
    );
    let g = Digraph::parse("a b\nb: a c\nd e\ne d\n")?;
    let gsg = generalized_sg(&g, &conway_core::NoProgress)?;
    let values: Vec<String> = (0..g.len() as u32)
        .map(|v| format!("γ({}) = {}", g.name(v), gsg[v as usize]))
        .collect();
    let _ = writeln!(out, "{}", values.join(", "));
    let tokens = [g.require("b")?, g.require("d")?];
    let a = analyse_tokens(&g, &gsg, &tokens);
    let _ = writeln!(
        out,
        "tokens on b and d: {} + {} = {}, outcome {} (a draw: neither player can force a win)",
        a.values[0], a.values[1], a.value, a.outcome
    );
    section(
        out,
        "Green Hackenbush: a triangle on a stalk, plus a single edge (fusion and colon principles)",
        "conway solve green-hackenbush hk.txt",
    );
    let hk = Digraph::parse("0 a\na b\nb c\nc a\n0 d\n")?;
    let r = green_hackenbush(&hk)?;
    let chop = r
        .winning_moves
        .as_ref()
        .and_then(|m| m.first())
        .map(|m| format!("{}–{}", m.from, m.to))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "value *{}; the winning move chops the edge {chop}",
        r.value
    );
    Ok(())
}

/// Evaluates an expression to a game and returns the store with it.
fn game(expr: &str) -> Result<(Store, conway_partizan::GameId), CliError> {
    let mut store = Store::new();
    match evaluate_text(&mut store, expr)? {
        Value::Game(g) => Ok((store, g)),
        _ => Err(CliError::internal(format!("{expr} is not a game"))),
    }
}

fn value_text(expr: &str) -> Result<String, CliError> {
    let mut store = Store::new();
    let v = evaluate_text(&mut store, expr)?;
    Ok(v.to_text(&mut store))
}

/// The partizan part: canonical forms, thermography, infinitesimals, rulesets.
fn partizan(out: &mut Tour) -> Result<(), CliError> {
    section(
        out,
        "Partizan games in CGSuite's notation: canonical form and thermograph",
        "conway eval '{3||2+*|1+*}'",
    );
    let (mut store, g) = game("{3||2+*|1+*}")?;
    let r = report(&mut store, g)?;
    let thermograph = r.thermograph.as_ref().map(ToString::to_string);
    let _ = writeln!(
        out,
        "{} — outcome {}, stops {} and {}, mean {}, temperature {}\n{}\nreduced canonical form {}",
        r.canonical,
        r.outcome,
        r.left_stop,
        r.right_stop,
        r.mean,
        r.temperature,
        thermograph.unwrap_or_default(),
        r.reduced
    );
    section(
        out,
        "Sums of switches print as CGSuite prints them",
        "conway eval '+-1+-2+-3+-4'",
    );
    let _ = writeln!(out, "{}", value_text("+-1+-2+-3+-4")?);
    section(
        out,
        "Infinitesimals: ups, tinies and atomic weights",
        "conway eval 'atomic_weight({^^^|vv})'",
    );
    let _ = writeln!(
        out,
        "{{^^^|vv}} = {}, atomic weight {}; {{0||0|-3/2}} = {}",
        value_text("{^^^|vv}")?,
        value_text("atomic_weight({^^^|vv})")?,
        value_text("{0||0|-3/2}")?
    );
    section(
        out,
        "Domineering: Left places vertical dominoes, Right horizontal",
        "conway eval 'domineering(\"....|....|....|....\")'",
    );
    let _ = writeln!(
        out,
        "the empty 4x4 board is {}",
        value_text("domineering(\"....|....|....|....\")")?
    );
    Ok(())
}
