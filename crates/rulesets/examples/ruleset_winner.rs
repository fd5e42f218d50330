//! Times the search for who wins a ruleset position ([`conway_rulesets::outcome::ruleset`])
//! and reports the outcome class, positions searched and the process's peak memory:
//! `cargo run --release -p conway-rulesets --example ruleset_winner -- clobber
//! 'xoxox|oxoxo|xoxox|oxoxo'` (pairs of a ruleset — clobber, konane, cram, col, snort, nogo,
//! amazons, toads_and_frogs, domineering — and a position in its notation).

use std::time::Instant;

use conway_core::NoProgress;
use conway_partizan::{PartizanError, Store};
use conway_rulesets::amazons::Amazons;
use conway_rulesets::clobber::Clobber;
use conway_rulesets::colouring::{Colouring, ColouringRule};
use conway_rulesets::cram::Cram;
use conway_rulesets::domineering::Board;
use conway_rulesets::konane::Konane;
use conway_rulesets::moves::Described;
use conway_rulesets::nogo::NoGo;
use conway_rulesets::outcome::ruleset::{winner, Ask};
use conway_rulesets::outcome::WinnerReport;
use conway_rulesets::toads_and_frogs::ToadsAndFrogs;
use conway_rulesets::PartizanGame;

#[path = "support/memory.rs"]
mod memory;

#[path = "support/winner_line.rs"]
mod winner_line;

use memory::peak_memory_mib;
use winner_line::print_or_exit;

fn search<G: PartizanGame + Described>(
    game: &str,
    text: &str,
    position: Result<G, PartizanError>,
) -> Result<WinnerReport, PartizanError> {
    let mut store = Store::new();
    winner(
        &mut store,
        (game, text.to_string()),
        &position?,
        Ask {
            every_move: false,
            budget: None,
            progress: &NoProgress,
        },
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || !args.len().is_multiple_of(2) {
        eprintln!("give pairs of a ruleset and a position");
        std::process::exit(2);
    }
    for pair in args.chunks(2) {
        let (game, text) = (pair[0].as_str(), pair[1].as_str());
        let start = Instant::now();
        let report = match game {
            "clobber" => search(game, text, Clobber::read(text)),
            "konane" => search(game, text, Konane::read(text)),
            "cram" => search(game, text, Cram::read(text)),
            "col" => search(game, text, Colouring::read(ColouringRule::Col, text)),
            "snort" => search(game, text, Colouring::read(ColouringRule::Snort, text)),
            "nogo" => search(game, text, NoGo::read(text)),
            "amazons" => search(game, text, Amazons::read(text)),
            "toads_and_frogs" => search(game, text, ToadsAndFrogs::read(text)),
            "domineering" => search(game, text, Board::parse(text)),
            _ => {
                eprintln!("{game}: not a ruleset this example knows");
                std::process::exit(2);
            }
        };
        print_or_exit(
            &format!("{game} {text}"),
            report,
            start,
            "",
            peak_memory_mib(),
        );
    }
}
