//! The contest problems of the seeds' course lists (HDU 1001–1012 of the game-theory
//! course, and the problems the primer recommends), each answered by a catalogue game with
//! the problem's published sample input and output. Each case is the command a contest
//! programmer types, and the problem's verdict for it.

use conway_core::NoProgress;
use conway_games::{find, Arguments, Request, Solved};

/// Runs `solve WORDS…` through the catalogue.
fn solve(command: &str) -> conway_impartial::Solution {
    let words = shlex::split(command).expect("words");
    assert_eq!(words[0], "solve", "{command}");
    let game = find(&words[1]).expect("a catalogue game");
    let arguments = Arguments::read_command(game.params, &words[2..]).expect(command);
    let request = Request {
        moves: false,
        watch: &NoProgress,
    };
    match game.answer(&arguments, &request).expect(command) {
        Solved::Solution(s) => s,
        _ => panic!("{command}: not a position report"),
    }
}

/// Whether the first player wins.
fn first_wins(command: &str) -> bool {
    solve(command).outcome == conway_core::Outcome::N
}

/// HDU 1846 "Brave Game" (Bash): 23 stones, take 1–2: "first"; 4 stones, take 1–3: "second".
#[test]
fn hdu_1846_brave_game() {
    assert!(first_wins("solve bash --max 2 23"));
    assert!(!first_wins("solve bash --max 3 4"));
}

/// HDU 1847 "Good Luck in CET-4 Everybody!": n = 1 "Kiki" (first), n = 3 "Cici".
#[test]
fn hdu_1847_good_luck_in_cet_4() {
    assert!(first_wins("solve powers-of-two 1"));
    assert!(!first_wins("solve powers-of-two 3"));
}

/// HDU 1848 "Fibonacci again and again": 1 1 1 "Fibo" (first), 1 4 1 "Nacci".
#[test]
fn hdu_1848_fibonacci_again_and_again() {
    assert!(first_wins("solve fibonacci-subtraction 1 1 1"));
    assert!(!first_wins("solve fibonacci-subtraction 1 4 1"));
}

/// HDU 1849 "Rabbit and Grass" (pieces moved left on a strip: Nim on their squares):
/// 3 5 "Rabbit Win!" (first), 3 5 6 "Grass Win!".
#[test]
fn hdu_1849_rabbit_and_grass() {
    assert!(first_wins("solve nim 3 5"));
    assert!(!first_wins("solve nim 3 5 6"));
}

/// HDU 1850 "Being a Good Boy in Spring Festival": heaps 5 7 9 have 1 winning move.
#[test]
fn hdu_1850_being_a_good_boy() {
    let s = solve("solve nim 5 7 9");
    assert_eq!(s.winning_moves.len(), 1);
}

/// HDU 2149 "Public Sale": 4 2 → bid 1; 3 2 → none; 3 5 → bids 3 4 5.
#[test]
fn hdu_2149_public_sale() {
    let bids = |command: &str| -> Vec<String> {
        solve(command)
            .winning_moves
            .iter()
            .map(|m| m.description.split(' ').nth(1).expect("a bid").to_string())
            .collect()
    };
    assert_eq!(bids("solve auction 4 2"), ["1"]);
    assert!(bids("solve auction 3 2").is_empty());
    assert_eq!(bids("solve auction 3 5"), ["3", "4", "5"]);
}

/// HDU 2188 (donations by 1–m to reach n): 8 by 1–10 "Grass" (first), 11 by 1–10 "Rabbit".
#[test]
fn hdu_2188_donation_race() {
    assert!(first_wins("solve auction 8 10"));
    assert!(!first_wins("solve auction 11 10"));
    assert!(first_wins("solve bash --max 10 8"));
    assert!(!first_wins("solve bash --max 10 11"));
}

/// HDU 2147 "kiki's game": 5×3 "What a pity!", 5×4 and 6×6 "Wonderful!".
#[test]
fn hdu_2147_kikis_game() {
    assert!(!first_wins("solve kiki 5 3"));
    assert!(first_wins("solve kiki 5 4"));
    assert!(first_wins("solve kiki 6 6"));
}

/// HDU 1079 "Calendar Game": 2001 11 3 "YES", 2001 11 2 "NO", 2001 10 3 "NO".
#[test]
fn hdu_1079_calendar_game() {
    assert!(first_wins("solve calendar 2001 11 3"));
    assert!(!first_wins("solve calendar 2001 11 2"));
    assert!(!first_wins("solve calendar 2001 10 3"));
}

/// HDU 1517 "A Multiplication Game": 162 "Stan wins.", 17 "Ollie wins.", 34012226 "Stan
/// wins.".
#[test]
fn hdu_1517_multiplication_game() {
    assert!(first_wins("solve multiplication 162"));
    assert!(!first_wins("solve multiplication 17"));
    assert!(first_wins("solve multiplication 34012226"));
}

/// HDU 1404 "Digital Deletions": 0 "Yes", 00 "Yes", 1 "No", 20 "No".
#[test]
fn hdu_1404_digital_deletions() {
    assert!(first_wins("solve digital-deletions 0"));
    assert!(first_wins("solve digital-deletions 00"));
    assert!(!first_wins("solve digital-deletions 1"));
    assert!(!first_wins("solve digital-deletions 20"));
}

/// HDU 1536 "S-Nim": with S = {2, 5}, the positions 5 12 / 2 4 7 / 2 3 7 12 are "LWW";
/// with S = {1, 2, 3, 4, 5}, the same positions are "WWL".
#[test]
fn hdu_1536_s_nim() {
    let verdicts = |set: &str| -> String {
        ["5 12", "2 4 7", "2 3 7 12"]
            .iter()
            .map(|heaps| {
                if first_wins(&format!("solve subtraction --set {set} {heaps}")) {
                    'W'
                } else {
                    'L'
                }
            })
            .collect()
    };
    assert_eq!(verdicts("2,5"), "LWW");
    assert_eq!(verdicts("1,2,3,4,5"), "WWL");
}

/// HDU 1907 "John" (misère Nim): 3 5 1 "John" (first), 1 "Brother".
#[test]
fn hdu_1907_john() {
    assert!(first_wins("solve misere-nim 3 5 1"));
    assert!(!first_wins("solve misere-nim 1"));
}

/// HDU 2509 "Be the Winner" (misère Nim): 2 2 "No", 3 "Yes".
#[test]
fn hdu_2509_be_the_winner() {
    assert!(!first_wins("solve misere-nim 2 2"));
    assert!(first_wins("solve misere-nim 3"));
}
