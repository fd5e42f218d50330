//! The games, one module each (a family sharing one solver, such as the coin-turning games,
//! shares a module), and [`GAMES`], the one list of them.

use std::sync::LazyLock;

use crate::param::{Kind, Param};
use crate::Game;

mod auction;
mod bash;
mod calendar;
mod chase;
mod coins;
mod conjunctive;
mod digital_deletions;
mod digraph;
mod divisors;
mod domineering;
mod fibonacci_nim;
mod fibonacci_subtraction;
mod gen_mem;
mod gen_wythoff;
mod geography;
mod green_hackenbush;
mod heap;
mod heap_lists;
mod kiki;
mod moore;
mod multiplication;
mod pairs;
mod rulesets;
mod search_checkpoint;
mod subtraction;
mod tartan;

/// Every game, in the order `solve --list` shows them: [`OWN`], then a game for each ruleset
/// of the registry whose positions are searched ([`rulesets::searched_games`]).
pub static GAMES: LazyLock<Vec<&'static Game>> = LazyLock::new(|| {
    OWN.iter()
        .copied()
        .chain(rulesets::searched_games())
        .collect()
});

pub(crate) use rulesets::searched;

/// The games with a module of their own.
static OWN: &[&Game] = &[
    &heap_lists::NIM,
    &subtraction::GAME,
    &bash::GAME,
    &pairs::WYTHOFF,
    &moore::GAME,
    &heap_lists::STAIRCASE,
    &heap_lists::LASKER,
    &pairs::EUCLID,
    &fibonacci_nim::GAME,
    &gen_mem::GAME,
    &gen_wythoff::GAME,
    &multiplication::GAME,
    &divisors::GAME,
    &heap_lists::MISERE_NIM,
    &heap_lists::NIM_WITH_ADDING,
    &coins::TURTLES,
    &coins::RULER,
    &coins::MOCK_TURTLES,
    &coins::TURNING,
    &tartan::GAME,
    &heap::KAYLES,
    &heap::DAWSONS_KAYLES,
    &chase::GAME,
    &digraph::GAME,
    &green_hackenbush::GAME,
    &geography::GAME,
    &conjunctive::GAME,
    &heap::HEAP,
    &heap_lists::POWERS_OF_TWO,
    &fibonacci_subtraction::GAME,
    &auction::GAME,
    &kiki::GAME,
    &calendar::GAME,
    &digital_deletions::GAME,
    &domineering::GAME,
];

/// Heaps of any size, the position of most heap games.
const HEAPS: Param = Param::positional(
    "heaps",
    Kind::Natural,
    "Heap sizes (whole numbers ≥ 0, any size).",
)
.many();
