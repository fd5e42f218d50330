//! The drawings of catalogue games agree with the games: each square a click makes a move
//! from names the move the rules give for that click (checked against Nim's rule written
//! apart: a token clicked leaves that many in its heap), every listed move has its square,
//! and the inputs a click edits to answer the position they show.

use conway_core::NoProgress;
use conway_games::drawing::{Drawing, Style};
use conway_games::{find, Arguments, Request, Solved};
use conway_rulesets::registry::Piece;
use proptest::prelude::*;

/// Answers `solve WORDS… [--moves]` through the catalogue, with its drawing.
fn drawn(command: &str) -> (Solved, Option<Drawing>) {
    let mut words = shlex::split(command).expect("words");
    assert_eq!(words[0], "solve", "{command}");
    let moves = words.iter().any(|w| w == "--moves");
    words.retain(|w| w != "--moves");
    let game = find(&words[1]).expect("a catalogue game");
    let arguments = Arguments::read_command(game.params, &words[2..]).expect(command);
    let request = Request {
        moves,
        watch: &NoProgress,
    };
    let solved = game.answer(&arguments, &request).expect(command);
    let drawing = game.drawing(&arguments, &solved);
    (solved, drawing)
}

/// The heaps after clicking token `column` of heap `row`, by Nim's rule: it and every
/// token to its right are taken.
fn clicked(heaps: &[usize], [row, column]: [usize; 2]) -> String {
    let mut after = heaps.to_vec();
    after[row] = column;
    after
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    #[test]
    fn every_nim_move_is_a_token_clicked(heaps in prop::collection::vec(0usize..=12, 1..=4)) {
        let position: Vec<String> = heaps.iter().map(usize::to_string).collect();
        let (_, drawing) = drawn(&format!("solve nim {} --moves", position.join(" ")));
        let drawing = drawing.expect("small heaps are drawn");
        prop_assert_eq!(drawing.style, Style::Tokens);
        let lengths: Vec<usize> = drawing.rows.iter().map(Vec::len).collect();
        prop_assert_eq!(&lengths, &heaps);
        // One move per token, each the move Nim's rule makes of a click on it.
        prop_assert_eq!(drawing.clicks.len(), heaps.iter().sum::<usize>());
        for click in &drawing.clicks {
            prop_assert_eq!(&click.to, &clicked(&heaps, click.at));
            prop_assert_eq!(&click.command, &format!("solve nim {}", click.to));
            // A move wins exactly when it leaves a nim-sum of zero (Bouton).
            let sum = click.to.split(' ').fold(0, |s, h| s ^ h.parse::<usize>().unwrap());
            prop_assert_eq!(click.wins, sum == 0);
        }
    }
}

#[test]
fn a_heap_too_big_for_tokens_is_not_drawn() {
    assert!(drawn("solve nim 30 1 --moves").1.is_some());
    assert!(drawn("solve nim 31 1 --moves").1.is_none());
    assert!(drawn("solve nim 1000000000000000000000 5").1.is_none());
    // 40 heaps of 30 tokens have more moves than are listed: no token may lack its move.
    let many = vec!["30"; 40].join(" ");
    assert!(drawn(&format!("solve nim {many} --moves")).1.is_none());
    assert!(drawn(&format!("solve nim {many}")).1.is_some());
}

#[test]
fn without_every_move_the_winning_tokens_are_drawn() {
    let (_, drawing) = drawn("solve nim 3 5 7");
    let drawing = drawing.expect("drawn");
    // 3 ⊕ 5 ⊕ 7 = 1: one token less in any heap wins.
    let at: Vec<[usize; 2]> = drawing.clicks.iter().map(|c| c.at).collect();
    assert_eq!(at, [[0, 2], [1, 4], [2, 6]]);
    assert!(drawing.clicks.iter().all(|c| c.wins));
}

#[test]
fn misere_nim_and_powers_of_two_click_only_their_moves() {
    let (_, drawing) = drawn("solve powers-of-two 7 --moves");
    let drawing = drawing.expect("drawn");
    // Taking 1, 2 or 4 of 7 leaves 6, 5 or 3.
    let mut left: Vec<usize> = drawing.clicks.iter().map(|c| c.at[1]).collect();
    left.sort();
    assert_eq!(left, [3, 5, 6]);
    let (_, drawing) = drawn("solve misere-nim 1 1 --moves");
    assert_eq!(drawing.expect("drawn").clicks.len(), 2);
}

#[test]
fn the_chase_board_names_the_square_each_piece_moves_to() {
    // White on (2,2), Black on (2,3), White to move: stepping onto (2,3) captures.
    let (solved, drawing) = drawn("solve chase 4 2 2 2 3 --moves");
    let Solved::Chase(report) = solved else {
        panic!("a chase report")
    };
    let drawing = drawing.expect("drawn");
    assert_eq!(drawing.style, Style::Squares);
    assert_eq!(
        drawing.players,
        Some(["White".to_string(), "Black".to_string()])
    );
    assert_eq!(drawing.mover, Piece::Left);
    let square = |at: [usize; 2]| &drawing.rows[at[0]][at[1]];
    // Rows from the top: y = 4 first.
    assert_eq!(square([1, 1]).name, "2,3");
    assert_eq!(
        (square([1, 1]).symbol.as_str(), square([1, 1]).piece),
        ("♚", Piece::Right)
    );
    assert_eq!(
        (square([2, 1]).symbol.as_str(), square([2, 1]).piece),
        ("♔", Piece::Left)
    );
    let moves = report.moves.expect("moves");
    assert_eq!(drawing.clicks.len(), moves.len());
    for (click, m) in drawing.clicks.iter().zip(&moves) {
        // The square clicked is where White stands after the move.
        let words: Vec<&str> = m.to.split(' ').collect();
        assert_eq!(square(click.at).name, format!("{},{}", words[1], words[2]));
        assert_eq!(
            click.ended.is_some(),
            m.plies == Some(0),
            "{}",
            m.description
        );
        assert_eq!(
            click.command,
            format!("solve chase {} --to-move black", m.to)
        );
    }
    let capture = drawing
        .clicks
        .iter()
        .find(|c| c.ended.is_some())
        .expect("a capture");
    assert_eq!(square(capture.at).name, "2,3");
    assert!(capture.wins && !capture.ended.as_ref().expect("ended").mover_wins);
    // The command of a position that goes on answers it, with Black to move.
    let going_on = drawing
        .clicks
        .iter()
        .find(|c| c.ended.is_none())
        .expect("a move");
    let (after, next) = drawn(&format!("{} --moves", going_on.command));
    assert!(matches!(after, Solved::Chase(_)));
    assert_eq!(next.expect("drawn").mover, Piece::Right);
}

#[test]
fn a_click_on_the_chase_board_edits_the_position() {
    let (_, drawing) = drawn("solve chase 4 1 1 4 4 --moves");
    let drawing = drawing.expect("drawn");
    assert_eq!(drawing.edits.len(), 16);
    let edit = |name: &str| {
        let e = drawing.edits.iter().find(|e| {
            let [r, c] = e.at;
            drawing.rows[r][c].name == name
        });
        e.expect("an edit per square")
    };
    assert_eq!(edit("3,4").click, "solve chase 4 3 4 4 4 --moves");
    assert_eq!(edit("3,4").shift_click, "solve chase 4 1 1 3 4 --moves");
    // A piece is not put on the other's square.
    assert_eq!(edit("4,4").click, "solve chase 4 1 1 4 4 --moves");
    assert_eq!(edit("1,1").shift_click, "solve chase 4 1 1 4 4 --moves");
    // Every edit is a position the game answers.
    for e in &drawing.edits {
        for input in [&e.click, &e.shift_click] {
            assert!(drawn(input).1.is_some(), "{input}");
        }
    }
    // Black to move is kept; a board past the drawn size is not drawn.
    let (_, black) = drawn("solve chase 3 1 1 3 3 --to-move black --line");
    let black = black.expect("drawn");
    assert_eq!(
        black.players,
        Some(["Black".to_string(), "White".to_string()])
    );
    assert!(black.edits[0].click.ends_with("--line --to-move black"));
    // A board too large to edit by clicks is still played on.
    let (_, large) = drawn("solve chase 21 1 1 3 3 --moves");
    let large = large.expect("drawn");
    assert!(large.edits.is_empty() && !large.clicks.is_empty());
}
