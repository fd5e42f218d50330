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
        if price > target {
            return Err(ImpartialError::InvalidInput(format!(
                "the price {price} is past the target {target}: the race ended when a bid \
                 reached {target}"
            )));
        }
        Ok(Auction {
            target,
            most,
            price,
        })
    }

    /// The bidder's value: what is still to go, modulo a largest raise plus one (in 128
    /// bits, so that a raise of up to 2^64 − 1 has its modulus).
    fn value(&self) -> u128 {
        u128::from(self.left()) % (u128::from(self.most) + 1)
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
        // A bid may pass the target (and 2^64): the sum is written in 128 bits.
        format!(
            "bid {bid} ({} → {}), reaching the target {}",
            from.price,
            u128::from(from.price) + u128::from(bid),
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

/// Outcome, value and every winning bid (the first [`crate::listing::MAX_LISTED_OPTIONS`]
/// when every bid from what is left to the largest raise wins), found by the closed form:
/// the cost is that of the bids listed, whatever the raise.
pub fn solve(race: &Auction) -> Solution {
    let left = race.left();
    let value = race.value();
    let mut found = OptionList::default();
    let offer = |found: &mut OptionList, bid: u64| {
        let to = Auction {
            price: race.price.saturating_add(bid).min(race.target),
            ..*race
        };
        found.offer(|| describe(race, bid, &to))
    };
    if left > 0 && left <= race.most {
        // Every bid that reaches the target wins at once.
        for bid in left..=race.most {
            if offer(&mut found, bid).is_break() {
                break;
            }
        }
    } else if value != 0 {
        // The one bid that leaves a multiple of the raise plus one: value ≤ most here.
        let _ = offer(&mut found, value as u64);
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
        u128::from(race.most) + 1
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
    fn the_largest_numbers_are_answered_at_once() {
        let max = u64::MAX;
        // A raise of 2^64 − 1 reaches any target: every bid from the target up wins.
        let s = solve(&Auction::new(5, max, 0).unwrap());
        assert_eq!(s.outcome, Outcome::N);
        assert!(!s.all_winning_moves && s.winning_moves.len() == 1000);
        // A huge race with a huge raise: one winning bid, found without trying the others.
        let s = solve(&Auction::new(max, 1_000_000_000_000_000_000, 0).unwrap());
        let left = u128::from(max) % 1_000_000_000_000_000_001;
        let bid: u128 = s.winning_moves[0]
            .description
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!((s.winning_moves.len(), bid), (1, left));
        // A bid past 2^64 is written exactly.
        let s = solve(&Auction::new(max, 10, max - 5).unwrap());
        let last = &s.winning_moves.last().unwrap().description;
        assert!(
            last.contains("bid 10 (18446744073709551610 → 18446744073709551620)"),
            "{last}"
        );
        assert!(Auction::new(3, 2, 10).is_err());
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
