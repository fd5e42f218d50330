//! The auction race ("Public Sale", HDU 2149; also HDU 2188's donation race): the price
//! starts at 0 (or where a game stands), each bid raises it by 1 to n, and whoever's bid
//! brings it to m or more wins.
//!
//! With r = m − price still to go, this is Bash's game on a heap of r — the same positions
//! and values, r mod (n + 1) — except that every bid of r or more wins at once, so all of
//! them are winning moves (the problem asks for each).

use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, ImpartialGame, Outcome};

/// A race to `target`, raising by 1 to `most`, the price now at `price`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Auction {
    /// The price that wins.
    pub target: u64,
    /// The most one bid may raise the price.
    pub most: u64,
    /// The price now.
    pub price: u64,
}

impl Auction {
    /// The race, or why not.
    pub fn new(target: u64, most: u64, price: u64) -> Result<Auction, ImpartialError> {
        if target == 0 || most == 0 {
            return Err(ImpartialError::InvalidInput(
                "the target price and the largest raise must both be at least 1".into(),
            ));
        }
        Ok(Auction {
            target,
            most,
            price: price.min(target),
        })
    }

    /// What is still to go.
    fn left(&self) -> u64 {
        self.target - self.price
    }

    /// The position as text: `target most price`.
    pub fn text(&self) -> String {
        format!("{} {} {}", self.target, self.most, self.price)
    }

    /// The bids, smallest first, each with the race after it.
    fn bids(&self) -> impl Iterator<Item = (u64, Auction)> + '_ {
        let left = self.left();
        let bids = if left == 0 { 0 } else { self.most };
        (1..=bids).map(move |x| {
            let price = self.price.saturating_add(x).min(self.target);
            (x, Auction { price, ..*self })
        })
    }
}

/// The race on what is still to go, for the search that checks the closed form: a bid of
/// r or more ends it.
pub struct Race {
    /// The most one bid may raise the price.
    pub most: u64,
}

impl ImpartialGame for Race {
    type Position = u64;
    fn options(&self, &left: &u64) -> Vec<u64> {
        if left == 0 {
            return Vec::new();
        }
        (1..=self.most).map(|x| left.saturating_sub(x)).collect()
    }
}

fn describe(from: &Auction, bid: u64, to: &Auction) -> WinningMove {
    let words = if to.price == to.target {
        format!(
            "bid {bid} ({} → {}), reaching {}",
            from.price,
            from.price + bid,
            from.target
        )
    } else {
        format!("bid {bid} ({} → {})", from.price, to.price)
    };
    WinningMove::new(words, to.text())
}

/// Offers every bid, smallest first.
pub fn offer_moves(list: &mut OptionList, race: &Auction) -> ControlFlow<()> {
    for (bid, to) in race.bids() {
        list.offer(|| describe(race, bid, &to))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning bid.
pub fn solve(race: &Auction) -> Solution {
    let left = race.left();
    let value = left % (race.most + 1);
    let mut found = OptionList::default();
    for (bid, to) in race.bids() {
        let wins = to.left() % (race.most + 1) == 0;
        if wins && found.offer(|| describe(race, bid, &to)).is_break() {
            break;
        }
    }
    let mut solution = Solution::new(
        "auction",
        race.text(),
        Outcome::of_grundy_is_zero(value == 0),
    )
    .with_value(value)
    .fact("to_go", Fact::Count(left))
    .note(format!(
        "{left} still to go, raising 1 to {} a bid: the bidder loses exactly when that is a \
         multiple of {}",
        race.most,
        race.most + 1
    ));
    if left == 0 {
        solution = solution.note("the price has reached the target: the race is over");
    }
    with_winning_moves(solution, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;

    /// The winning first bids, as HDU 2149 prints them (each move's words are `bid x …`).
    fn winning_bids(target: u64, most: u64) -> Vec<u64> {
        let race = Auction::new(target, most, 0).unwrap();
        solve(&race)
            .winning_moves
            .iter()
            .map(|m| m.description.split(' ').nth(1).unwrap().parse().unwrap())
            .collect()
    }

    /// HDU 2149 "Public Sale": with m = 4, n = 2 the winning first bid is 1; with 3 2 there
    /// is none; with 3 5 the bids 3, 4 and 5 all win.
    #[test]
    fn hdu_2149_samples() {
        assert_eq!(winning_bids(4, 2), vec![1]);
        assert_eq!(winning_bids(3, 2), Vec::<u64>::new());
        assert_eq!(winning_bids(3, 5), vec![3, 4, 5]);
    }

    /// HDU 2188: a donation race to 8 by 1..10 is won by the first (Grass), to 11 by the
    /// second (Rabbit).
    #[test]
    fn hdu_2188_samples() {
        let first_wins = |m, n| solve(&Auction::new(m, n, 0).unwrap()).outcome == Outcome::N;
        assert!(first_wins(8, 10));
        assert!(!first_wins(11, 10));
    }

    #[test]
    fn values_and_winning_bids_match_search() {
        for most in 1..7 {
            let race_game = Race { most };
            let mut solver = GrundySolver::new(&race_game);
            for target in 1..30 {
                for price in 0..=target {
                    let race = Auction::new(target, most, price).unwrap();
                    let s = solve(&race);
                    let left = target - price;
                    let g = solver.grundy(&left).unwrap();
                    assert_eq!(
                        s.value,
                        Some(crate::solution::nimber_notation(&g.to_string()))
                    );
                    let winning: Vec<u64> = race
                        .bids()
                        .filter(|(_, to)| solver.grundy(&(to.target - to.price)).unwrap() == 0)
                        .map(|(bid, _)| bid)
                        .collect();
                    assert_eq!(s.winning_moves.len(), winning.len(), "{}", race.text());
                }
            }
        }
    }
}
