//! `conway tour`: one worked example from every area, computed live by the library.

use conway_impartial::games::{coins, misere_nim, nim, subtraction, tartan, wythoff};
use conway_numbers::{Dyadic, Nimber};
use num_bigint::BigUint;

use crate::CliError;

fn heaps(v: &[u64]) -> Vec<BigUint> {
    v.iter().map(|&x| BigUint::from(x)).collect()
}

fn section(title: &str, command: &str) {
    println!("\n== {title}\n$ {command}");
}

/// Prints the tour.
pub fn run() -> Result<(), CliError> {
    println!("Conway solves two-player games exactly. Every answer below is computed now.");

    section("Nim (Bouton): xor the heaps", "conway solve nim 14 21 39");
    let s = nim::solve(&heaps(&[14, 21, 39]));
    println!(
        "{} — value {}",
        s.outcome.explanation(),
        s.value.as_deref().unwrap_or("?")
    );
    for m in &s.winning_moves {
        println!("winning move: {}", m.description);
    }

    section(
        "Wythoff's game with huge heaps, in exact integers",
        "conway solve wythoff 1000000000000 1618033988749",
    );
    let (a, b) = (
        BigUint::from(1_000_000_000_000u64),
        BigUint::from(1_618_033_988_749u64),
    );
    let s = wythoff::solve(&a, &b);
    println!("outcome {}: {}", s.outcome, s.outcome.explanation());
    for m in &s.winning_moves {
        println!("winning move: {}", m.description);
    }

    section(
        "A subtraction game's period, certified",
        "conway solve subtraction --set 1,3,4 1000000000000",
    );
    let game = subtraction::SubtractionGame::new(vec![1, 3, 4])?;
    let s = subtraction::solve(&game, &heaps(&[1_000_000_000_000]))?;
    for note in &s.notes {
        println!("{note}");
    }
    println!(
        "so a heap of 10^12 is worth {}",
        s.value.as_deref().unwrap_or("?")
    );

    section(
        "Misère Nim: the last to move loses",
        "conway solve misere-nim 2 2",
    );
    let s = misere_nim::solve(&heaps(&[2, 2]));
    println!("outcome {}: {}", s.outcome, s.outcome.explanation());

    section(
        "Coin turning: Ruler's coin values are powers of two",
        "conway solve ruler THHTTHTH",
    );
    let s = coins::solve(coins::CoinGame::Ruler, &coins::parse_row("THHTTHTH")?);
    println!("value {}", s.value.as_deref().unwrap_or("?"));
    for m in &s.winning_moves {
        println!("winning move: {} ⇒ {}", m.description, m.to);
    }

    section(
        "Nim multiplication and the Tartan theorem",
        "conway solve tartan TTT/THT/TTH",
    );
    let (two, four, sixteen) = (Nimber(2), Nimber(4), Nimber(16));
    println!(
        "*2 ⊗ *2 = {}, *4 ⊗ *4 = {}, *16 ⊗ *16 = {}",
        two * two,
        four * four,
        sixteen * sixteen
    );
    let board = tartan::parse_board("TTT/THT/TTH")?;
    let s = tartan::solve(coins::CoinGame::Turtles, coins::CoinGame::Turtles, &board);
    println!(
        "Turtles × Turtles board TTT/THT/TTH is worth {} (= *2⊗*2 ⊕ *3⊗*3)",
        s.value.as_deref().unwrap_or("?")
    );

    section(
        "Surreal numbers: the simplest number between two others",
        "(library: Dyadic::simplest_between)",
    );
    let half = Dyadic::new(1, 1);
    let one = Dyadic::from_integer(1);
    let between = Dyadic::simplest_between(Some(&half), Some(&one))
        .ok_or_else(|| CliError::Internal("no number between 1/2 and 1".into()))?;
    println!("{{1/2 | 1}} = {between}");

    println!("\nMore: 'conway solve --list' lists every game; add --json for scripts.");
    Ok(())
}
