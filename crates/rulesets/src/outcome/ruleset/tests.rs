//! The search against its oracle, the canonical form's outcome class, on random positions of
//! every ruleset small enough for both; and against the Domineering bitboard search.

use conway_core::{NoProgress, Progress, Work};
use proptest::prelude::*;

use super::*;
use crate::amazons::Amazons;
use crate::clobber::Clobber;
use crate::colouring::{Colouring, ColouringRule};
use crate::cram::Cram;
use crate::domineering::Board;
use crate::fission::Fission;
use crate::gen_clobber::{self, GenClobber};
use crate::konane::Konane;
use crate::nogo::NoGo;
use crate::outcome::Settled;
use crate::sheep::Sheep;
use crate::toads_and_frogs::ToadsAndFrogs;
use crate::toppling_dominoes::TopplingDominoes;
use crate::value_of;
use conway_partizan::Outcome;

/// The search's report on a position.
fn searched<G: PartizanGame + Described>(position: &G, every_move: bool) -> WinnerReport {
    valuing(position, every_move, TUNING)
}

/// The search's report on a position, judging every move, for the starts of `first` only
/// (`None`: both).
fn asking<G: PartizanGame + Described>(position: &G, first: Option<Player>) -> WinnerReport {
    let mut store = Store::new();
    let ask = Ask {
        every_move: true,
        budget: None,
        progress: &NoProgress,
        first,
    };
    winner(&mut store, ("test", String::new()), position, ask).expect("solved")
}

/// The search's report on a position, with the bounds `tuning`.
fn valuing<G: PartizanGame + Described>(
    position: &G,
    every_move: bool,
    tuning: Tuning,
) -> WinnerReport {
    let mut store = Store::new();
    let ask = Ask {
        every_move,
        budget: None,
        progress: &NoProgress,
        first: None,
    };
    let resume = Resume::afresh();
    winner_valuing(
        &mut store,
        ("test", String::new()),
        position,
        ask,
        tuning,
        resume,
    )
    .0
    .expect("solved")
}

/// Checks the search's class against the canonical form's, and each first move's verdict
/// against the canonical form of the position it leaves.
fn agrees<G: PartizanGame + Described + Send + 'static>(position: &G) -> Result<(), TestCaseError> {
    let mut store = Store::new();
    let value = value_of(&mut store, position);
    let report = searched(position, true);
    prop_assert_eq!(report.outcome, Some(store.outcome(value)));
    prop_assert_eq!(report.starts().count(), 2);
    // Searched through and through, with only the smallest components valued, with every
    // component sized, and with every state's children built lazily or eagerly.
    let tunings = [
        Tuning { small: 0, ..TUNING },
        Tuning { small: 6, ..TUNING },
        Tuning {
            many_moves: u32::MAX,
            ..TUNING
        },
        Tuning {
            lazy_from: 0,
            lazy_unordered: true,
            ..TUNING
        },
        Tuning {
            lazy_from: u32::MAX,
            ..TUNING
        },
    ];
    for tuning in tunings {
        let other = valuing(position, true, tuning);
        prop_assert_eq!(other.outcome, report.outcome);
        prop_assert_eq!(&other.left_first, &report.left_first);
        prop_assert_eq!(&other.right_first, &report.right_first);
    }
    for (player, start) in report.starts() {
        let results = start.every_move.as_ref().expect("every move asked for");
        let moves = position.described_moves(player);
        prop_assert_eq!(results.len(), moves.len());
        for (result, (description, after)) in results.iter().zip(moves) {
            prop_assert_eq!(&result.description, &description);
            let after_value = value_of(&mut store, &after);
            // The move wins when the opponent, moving next, loses.
            let opponent_wins = mover_wins(store.outcome(after_value), player.opponent());
            prop_assert_eq!(result.wins, !opponent_wins, "{}", description);
        }
        let expected_winner = if start.winning_moves.is_empty() {
            player.opponent()
        } else {
            player
        };
        prop_assert_eq!(start.winner, expected_winner);
    }
    // Asked for one move only, the search names one of the winning ones.
    let quick = searched(position, false);
    prop_assert_eq!(quick.outcome, report.outcome);
    for ((_, quick), (_, full)) in quick.starts().zip(report.starts()) {
        prop_assert!(quick.winning_moves.len() <= 1);
        prop_assert_eq!(
            quick.winning_moves.is_empty(),
            full.winning_moves.is_empty()
        );
        for m in &quick.winning_moves {
            prop_assert!(full.winning_moves.contains(m));
        }
    }
    // Asked for one player's start, the search answers it alone, as it answered both.
    for (player, full) in report.starts() {
        let one = asking(position, Some(player));
        prop_assert_eq!(one.outcome, None);
        let starts: Vec<_> = one.starts().collect();
        prop_assert_eq!(starts, vec![(player, full)]);
    }
    Ok(())
}

/// A board of `rows` rows drawn from `cells`, in the grid notation.
fn board(
    cells: &'static str,
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = String> {
    let symbols: Vec<char> = cells.chars().collect();
    (rows, cols).prop_flat_map(move |(r, c)| {
        proptest::collection::vec(proptest::sample::select(symbols.clone()), r * c).prop_map(
            move |squares| {
                squares
                    .chunks(c)
                    .map(|row| row.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|")
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn domineering_agrees(text in board("..#", 1..=4, 1..=5)) {
        agrees(&Board::parse(&text).expect("a board"))?;
    }

    #[test]
    fn domineering_agrees_with_the_bitboard_search(text in board("...#", 2..=5, 2..=6)) {
        let bitboard = crate::outcome::domineering::winner_on(
            &crate::outcome::domineering::Position::parse(&text).expect("a board"),
            false,
            None,
            &NoProgress,
            1,
        )
        .expect("solved");
        let position = Board::parse(&text).expect("a board");
        prop_assert_eq!(searched(&position, false).outcome, bitboard.outcome);
    }

    #[test]
    fn clobber_agrees(text in board("xo.", 1..=3, 1..=4)) {
        agrees(&Clobber::parse(&text).expect("a board"))?;
    }

    #[test]
    fn konane_agrees(text in board("xo..", 1..=4, 1..=4)) {
        agrees(&Konane::parse(&text).expect("a board"))?;
    }

    #[test]
    fn cram_agrees(text in board("..#", 1..=3, 1..=4)) {
        agrees(&Cram::parse(&text).expect("a board"))?;
    }

    #[test]
    fn col_agrees(text in board("xo...", 1..=3, 1..=3)) {
        agrees(&Colouring::parse(ColouringRule::Col, &text).expect("a board"))?;
    }

    #[test]
    fn snort_agrees(text in board("xo...", 1..=3, 1..=3)) {
        agrees(&Colouring::parse(ColouringRule::Snort, &text).expect("a board"))?;
    }

    #[test]
    fn amazons_agrees(text in board("xo...#", 1..=2, 1..=4)) {
        agrees(&Amazons::parse(&text).expect("a board"))?;
    }

    #[test]
    fn nogo_agrees(text in board("xo...", 1..=3, 1..=3)) {
        // Boards with a group out of liberties are not NoGo positions.
        if let Ok(position) = NoGo::parse(&text) {
            agrees(&position)?;
        }
    }

    #[test]
    fn gen_clobber_agrees(text in board("xo.#", 1..=3, 1..=4), instance in 0..6usize) {
        let rules = [
            gen_clobber::ANTI_CLOBBER_RULES,
            gen_clobber::HOT_CLOBBER_RULES,
            gen_clobber::KINGS_RULES,
            gen_clobber::KNIGHTS_RULES,
            gen_clobber::ROOKS_RULES,
            gen_clobber::QUEENS_RULES,
        ][instance];
        agrees(&GenClobber::parse(rules, &text).expect("a board"))?;
    }

    #[test]
    fn fission_agrees(text in board("x....#", 1..=4, 1..=4)) {
        agrees(&Fission::parse(&text).expect("a board"))?;
    }

    #[test]
    fn sheep_agrees(
        cells in proptest::collection::vec(
            proptest::sample::select(vec![0i8, 0, 0, 1, -1, 2, 3, -2, -3]),
            12,
        ),
        cols in 2..=4usize,
    ) {
        // At most 12 cells, in rows of `cols`; MCGS's notation.
        let rows: Vec<String> = cells[..12 / cols * cols]
            .chunks(cols)
            .map(|row| row.iter().map(i8::to_string).collect::<Vec<_>>().join(", "))
            .collect();
        // Boards past the limits of values (empty cells, herds) are left out.
        if let Ok(board) = Sheep::read(&rows.join(" | ")) {
            agrees(&board)?;
        }
    }

    #[test]
    fn toads_and_frogs_agrees(text in proptest::collection::vec(proptest::sample::select(vec!['t', 'f', '.', '.']), 1..=10)) {
        let text: String = text.into_iter().collect();
        agrees(&ToadsAndFrogs::parse(&text).expect("a strip"))?;
    }

    #[test]
    fn toppling_dominoes_agrees(text in proptest::collection::vec(proptest::sample::select(vec!['l', 'r', 'e', '|']), 1..=14)) {
        let text: String = text.into_iter().collect();
        agrees(&TopplingDominoes::parse(&text).expect("rows"))?;
    }
}

/// Searches bigger than any small component, where the search itself decides, against the
/// canonical form.
#[test]
fn boards_with_big_components_agree() {
    fn check<G: PartizanGame + Described + Send + 'static>(position: &G, text: &str) {
        let mut store = Store::new();
        let value = value_of(&mut store, position);
        // By default, and each way throughout (lazily in the ruleset's order where it
        // does not count moves).
        let lazily = Tuning {
            lazy_from: 0,
            lazy_unordered: true,
            ..TUNING
        };
        let eagerly = Tuning {
            lazy_from: u32::MAX,
            ..TUNING
        };
        for tuning in [TUNING, lazily, eagerly] {
            let outcome = valuing(position, false, tuning).outcome;
            assert_eq!(outcome, Some(store.outcome(value)), "{text}, {tuning:?}");
        }
    }
    for text in [
        "....|....|....|....",
        ".....|.....|.....",
        "....|....|....|....|....",
    ] {
        check(&Board::parse(text).expect("a board"), text);
    }
    for text in ["xoxo|oxox|xoxo", "xoxox|oxoxo|xoxox"] {
        check(&Clobber::parse(text).expect("a board"), text);
    }
}

#[test]
fn a_budget_and_a_stop_end_the_search() {
    let board = Board::parse(".......|.......|.......|.......|.......|.......").expect("a board");
    let mut store = Store::new();
    let spent = winner(
        &mut store,
        ("domineering", String::new()),
        &board,
        Ask {
            every_move: false,
            budget: Some(10),
            progress: &NoProgress,
            first: None,
        },
    );
    assert!(
        matches!(spent, Err(PartizanError::TooLarge { .. })),
        "{spent:?}"
    );
    struct Stop;
    impl Progress for Stop {
        fn report(&self, _: Work) -> ControlFlow<()> {
            ControlFlow::Break(())
        }
    }
    let stopped = winner(
        &mut store,
        ("domineering", String::new()),
        &board,
        Ask {
            every_move: false,
            budget: None,
            progress: &Stop,
            first: None,
        },
    );
    assert!(
        matches!(stopped, Err(PartizanError::Interrupted)),
        "{stopped:?}"
    );
    // The store answers again after a stop.
    let small = Board::parse("..|..").expect("a board");
    assert_eq!(
        winner(
            &mut store,
            ("domineering", String::new()),
            &small,
            Ask {
                every_move: false,
                budget: None,
                progress: &NoProgress,
                first: None,
            }
        )
        .expect("solved")
        .outcome,
        Some(Outcome::Next)
    );
}

/// The search of `position` in `store` from `settled`, at most `budget` positions, keeping
/// every state that took at least 16.
fn resumed<G: PartizanGame + Described>(
    store: &mut Store,
    position: &G,
    (every_move, budget): (bool, Option<u64>),
    settled: Settled,
) -> Resumed {
    let ask = Ask {
        every_move,
        budget,
        progress: &NoProgress,
        first: None,
    };
    let resume = Resume {
        settled,
        keep_from: 16,
        max_settled: crate::outcome::MAX_SETTLED,
        on_settle: &|_| {},
    };
    winner_resuming(store, ("test", String::new()), position, ask, resume)
}

/// A search cut short again and again by its budget, each run resuming from what the last
/// settled, ends with the answer of one whole search; what was settled stays settled; and
/// a search resumed from a finished one's settled states answers with little search.
#[test]
fn searches_cut_short_resume_to_the_same_answer() {
    fn check<G: PartizanGame + Described>(position: &G, every_move: bool, name: &str) {
        let (whole, _) = resumed(
            &mut Store::new(),
            position,
            (every_move, None),
            Settled::default(),
        );
        let whole = whole.expect("solved");
        let budget = (whole.nodes / 5).max(50);
        let mut settled = Settled::default();
        let mut runs = 0;
        let answer = loop {
            runs += 1;
            assert!(runs < 100, "{name}: no answer after {runs} runs");
            // A fresh store each run, as in a new process: its ids differ from the last.
            let (answer, now) = resumed(
                &mut Store::new(),
                position,
                (every_move, Some(budget)),
                settled.clone(),
            );
            assert!(
                settled.positions.iter().all(|(k, v)| now
                    .positions
                    .get(k)
                    .is_some_and(|n| n.wins == v.wins && n.work >= v.work)),
                "{name}: a settled state was lost or changed"
            );
            assert!(
                answer.is_ok() || now.positions.len() > settled.positions.len(),
                "{name}: run {runs} settled nothing"
            );
            settled = now;
            match answer {
                Ok(report) => break report,
                Err(PartizanError::TooLarge { .. }) => continue,
                Err(e) => panic!("{name}: {e}"),
            }
        };
        assert!(runs > 2, "{name}: {runs} runs");
        let same = |r: &WinnerReport| WinnerReport {
            nodes: 0,
            ..r.clone()
        };
        assert_eq!(same(&answer), same(&whole), "{name}");
        let (again, _) = resumed(&mut Store::new(), position, (every_move, None), settled);
        let again = again.expect("solved");
        assert_eq!(same(&again), same(&whole), "{name}");
        assert!(
            again.nodes * 10 < whole.nodes,
            "{name}: {} positions again, {} at first",
            again.nodes,
            whole.nodes
        );
    }
    let clobber = "xoxo|oxox|xoxo|oxox";
    check(&Clobber::parse(clobber).expect("a board"), false, clobber);
    check(&Clobber::parse(clobber).expect("a board"), true, clobber);
    let board = ".....|.....|.....|.....";
    check(&Board::parse(board).expect("a board"), false, board);
}

/// The keys of settled states name what the states are, not the store's ids: a search in
/// a store that already holds other forms (so every new form gets another id) settles the
/// same states under the same keys.
#[test]
fn settled_keys_do_not_depend_on_the_store() {
    let position = Clobber::parse("xoxox|oxoxo|xoxox").expect("a board");
    let (first, settled) = resumed(
        &mut Store::new(),
        &position,
        (true, None),
        Settled::default(),
    );
    let mut busy = Store::new();
    crate::value_of(&mut busy, &Board::parse("....|....|....").expect("a board"));
    let (second, again) = resumed(&mut busy, &position, (true, None), Settled::default());
    assert_eq!(first.expect("solved"), second.expect("solved"));
    assert!(settled.positions.len() > 10, "{}", settled.positions.len());
    assert_eq!(settled, again);
}

proptest! {
    /// Facts read back as written, a number of moves past 16 bits as 65,535; a slot taken
    /// by another key reads as nothing.
    #[test]
    fn facts_read_back_from_their_slot(
        size in any::<u32>(),
        left_moves in any::<u32>(),
        right_moves in any::<u32>(),
        key in any::<u64>(),
    ) {
        let mut cache = FactsCache::new(16);
        let facts = Facts { size, left_moves, right_moves };
        cache.insert(key, facts);
        let read = cache.get(key).expect("just written");
        prop_assert_eq!(read.size, size);
        prop_assert_eq!(read.left_moves, left_moves.min(65_535));
        prop_assert_eq!(read.right_moves, right_moves.min(65_535));
        // The same slot, another key (not differing in the lowest bit alone, which marks a
        // slot written): the newer one holds it.
        let other = (1..)
            .map(|i: u64| key ^ (i << 1))
            .find(|&other| cache.slot(other) == cache.slot(key))
            .expect("sixteen slots");
        cache.insert(other, Facts { size: 1, left_moves: 0, right_moves: 0 });
        prop_assert!(cache.get(key).is_none());
        prop_assert_eq!(cache.get(other).map(|f| f.size), Some(1));
    }
}
