//! Times the search for who wins a ruleset position (the search of the ruleset's registry
//! entry, as `outcome(…)` and `solve` run it) and reports the outcome class, positions
//! searched and the process's peak memory: `cargo run --release -p conway-rulesets --example
//! ruleset_winner -- clobber 'xoxox|oxoxo|xoxox|oxoxo'` (pairs of a searched ruleset's name
//! and a position in its notation). A ruleset with parameters takes them after its name in
//! the first word, as `solve` takes them: `'gen_toads_and_frogs 1 2 1 true' 'tt..ff'`.
//! `FIRST=left` (or `right`) asks only that player's start, as `solve --first` does.

use std::time::Instant;

use conway_core::NoProgress;
use conway_partizan::{Player, Store};
use conway_rulesets::outcome::ruleset::Ask;
use conway_rulesets::outcome::Resume;
use conway_rulesets::registry::{ruleset, Arg, ParamKind};

#[path = "support/memory.rs"]
mod memory;

#[path = "support/winner_line.rs"]
mod winner_line;

use memory::peak_memory_mib;
use winner_line::print_or_exit;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || !args.len().is_multiple_of(2) {
        eprintln!("give pairs of a ruleset and a position");
        std::process::exit(2);
    }
    let first = std::env::var("FIRST").ok().map(|word| {
        Player::from_word(&word).unwrap_or_else(|| {
            eprintln!("FIRST={word}: give left or right");
            std::process::exit(2);
        })
    });
    for pair in args.chunks(2) {
        let (spec, text) = (pair[0].as_str(), pair[1].as_str());
        let mut words: Vec<&str> = spec.split_whitespace().collect();
        let game = words.first().copied().unwrap_or_default();
        let start = Instant::now();
        let Some((name, params, searched)) =
            ruleset(game).and_then(|r| Some((r.name, r.params, r.search?)))
        else {
            eprintln!("{game}: not a searched ruleset");
            std::process::exit(2);
        };
        words[0] = text;
        words.rotate_left(1);
        let args: Option<Vec<Arg>> = (words.len() == params.len())
            .then(|| {
                words
                    .iter()
                    .zip(params)
                    .map(|(&w, p)| match p.kind {
                        ParamKind::Position => Some(Arg::Position(w)),
                        ParamKind::Word => Some(Arg::Word(w)),
                        ParamKind::Natural => w.parse().ok().map(Arg::Natural),
                        ParamKind::Integer => w.parse().ok().map(Arg::Integer),
                        ParamKind::Naturals => None,
                    })
                    .collect()
            })
            .flatten();
        let Some(args) = args else {
            eprintln!("{spec}: not the ruleset's parameters");
            std::process::exit(2);
        };
        let ask = Ask {
            every_move: false,
            budget: None,
            progress: &NoProgress,
            first,
        };
        let (report, _) = (searched.search)(&mut Store::new(), name, &args, ask, Resume::afresh());
        print_or_exit(
            &format!("{game} {text}"),
            report,
            start,
            "",
            peak_memory_mib(),
        );
    }
}
