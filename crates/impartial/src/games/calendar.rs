//! The Calendar Game (HDU 1079): from a date between 1900-01-01 and 2001-11-04, a move goes
//! to the next day or to the same day of the next month (when that date exists); no move
//! may pass 2001-11-04, and whoever reaches it wins. Gregorian calendar (1900 is not a leap
//! year, 2000 is).
//!
//! Solved by going back from the last date, each date's value the mex of its (at most two)
//! moves'. The folklore closed form — the player to move wins iff month + day is even, or
//! the date is 30 September or 30 November — is checked against that table for every date.

use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{mex, ImpartialError, Outcome};

/// A date of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year.
    pub year: u32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

/// The first date of the game.
pub const FIRST: Date = Date {
    year: 1900,
    month: 1,
    day: 1,
};

/// The date whoever reaches wins.
pub const LAST: Date = Date {
    year: 2001,
    month: 11,
    day: 4,
};

fn leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn days_in(year: u32, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date `year`-`month`-`day` of the game, or why not.
    pub fn new(year: u32, month: u32, day: u32) -> Result<Date, ImpartialError> {
        if !(1..=12).contains(&month) {
            return Err(ImpartialError::InvalidInput(format!(
                "month {month} is not a month (1 to 12)"
            )));
        }
        let date = Date { year, month, day };
        if day == 0 || day > days_in(year.clamp(1, 9999), month) {
            return Err(ImpartialError::InvalidInput(format!(
                "{date} is not a date ({year}-{month:02} has {} days)",
                days_in(year.clamp(1, 9999), month)
            )));
        }
        if date < FIRST || date > LAST {
            return Err(ImpartialError::InvalidInput(format!(
                "{date} is outside the game, which is played from {FIRST} to {LAST}"
            )));
        }
        Ok(date)
    }

    /// The next day.
    fn next_day(self) -> Date {
        if self.day < days_in(self.year, self.month) {
            Date {
                day: self.day + 1,
                ..self
            }
        } else if self.month < 12 {
            Date {
                month: self.month + 1,
                day: 1,
                ..self
            }
        } else {
            Date {
                year: self.year + 1,
                month: 1,
                day: 1,
            }
        }
    }

    /// The same day of the next month, when it exists.
    fn next_month(self) -> Option<Date> {
        let (year, month) = if self.month == 12 {
            (self.year + 1, 1)
        } else {
            (self.year, self.month + 1)
        };
        (self.day <= days_in(year, month)).then_some(Date {
            year,
            month,
            day: self.day,
        })
    }

    /// The moves from this date, each with its name: never past [`LAST`].
    pub fn moves(self) -> Vec<(&'static str, Date)> {
        if self >= LAST {
            return Vec::new();
        }
        let day = std::iter::once(("the next day", self.next_day()));
        let month = self
            .next_month()
            .map(|d| ("the same day of the next month", d));
        day.chain(month).filter(|(_, d)| *d <= LAST).collect()
    }

    /// The position as written: `year month day`.
    pub fn words(&self) -> String {
        format!("{} {} {}", self.year, self.month, self.day)
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Every date of the game, first to last.
pub fn all_dates() -> Vec<Date> {
    std::iter::successors(Some(FIRST), |d| (*d < LAST).then(|| d.next_day())).collect()
}

/// The Grundy value of every date of the game, in [`all_dates`]'s order.
pub fn grundy_table() -> Vec<u8> {
    values_of(&all_dates())
}

/// The Grundy value of each of `dates` (every date of the game, in order).
fn values_of(dates: &[Date]) -> Vec<u8> {
    let index = |d: &Date| dates.binary_search(d).unwrap_or(0);
    let mut values = vec![0u8; dates.len()];
    for i in (0..dates.len()).rev() {
        let options = dates[i]
            .moves()
            .into_iter()
            .map(|(_, d)| u64::from(values[index(&d)]));
        // At most two moves: the mex is at most 2.
        values[i] = mex(options) as u8;
    }
    values
}

/// The folklore rule: the player to move wins iff month + day is even, or the date is 30
/// September or 30 November (and the game is not over).
pub fn folklore_wins(d: Date) -> bool {
    d != LAST
        && ((d.month + d.day).is_multiple_of(2) || (d.day == 30 && (d.month == 9 || d.month == 11)))
}

fn describe(way: &str, to: Date) -> WinningMove {
    WinningMove::new(format!("to {way}, {to}"), to.words())
}

/// Offers every move: the next day, then the same day of the next month.
pub fn offer_moves(list: &mut OptionList, date: Date) -> ControlFlow<()> {
    for (way, to) in date.moves() {
        list.offer(|| describe(way, to))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and winning moves of a date.
pub fn solve(date: Date) -> Solution {
    let dates = all_dates();
    let table = values_of(&dates);
    let value_of = |d: &Date| table[dates.binary_search(d).unwrap_or(0)];
    let value = value_of(&date);
    let mut found = OptionList::default();
    for (way, to) in date.moves() {
        if value != 0 && value_of(&to) == 0 {
            let _ = found.offer(|| describe(way, to));
        }
    }
    let solution = Solution::new(
        "calendar",
        date.words(),
        Outcome::of_grundy_is_zero(value == 0),
    )
    .with_value(value)
    .fact("date", Fact::Text(date.to_string()))
    .note(format!(
        "whoever reaches {LAST} wins; the player to move wins iff month + day is even, or \
         the date is 30 September or 30 November"
    ));
    with_winning_moves(solution, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folklore_rule_holds_on_every_date() {
        let dates = all_dates();
        let table = grundy_table();
        // 1900 to 2000: 101 years with 25 leap days (1904 to 2000); then 308 days of 2001.
        assert_eq!(dates.len(), 37_198);
        for (d, g) in dates.iter().zip(&table) {
            assert_eq!(folklore_wins(*d), *g != 0, "{d}");
        }
    }

    /// HDU 1079 "Calendar Game": from 2001-11-03 Adam (first) wins ("YES"); from
    /// 2001-11-02 and 2001-10-03 he does not ("NO").
    #[test]
    fn hdu_1079_samples() {
        let wins = |y, m, d| solve(Date::new(y, m, d).unwrap()).outcome == Outcome::N;
        assert!(wins(2001, 11, 3));
        assert!(!wins(2001, 11, 2));
        assert!(!wins(2001, 10, 3));
    }

    #[test]
    fn moves_never_pass_the_last_date_nor_a_month_end() {
        let jan31 = Date::new(2000, 1, 31).unwrap();
        let moves: Vec<Date> = jan31.moves().into_iter().map(|(_, d)| d).collect();
        assert_eq!(moves, vec![Date::new(2000, 2, 1).unwrap()]);
        let oct4 = Date::new(2001, 10, 4).unwrap();
        assert_eq!(oct4.moves().len(), 2);
        let oct5 = Date::new(2001, 10, 5).unwrap();
        assert_eq!(oct5.moves().len(), 1);
        assert!(LAST.moves().is_empty());
        // 29 February exists in 2000 and not in 1900.
        assert!(Date::new(2000, 2, 29).is_ok());
        assert!(Date::new(1900, 2, 29).is_err());
        assert!(Date::new(2001, 11, 5).is_err());
        assert!(Date::new(1899, 12, 31).is_err());
        assert!(Date::new(2000, 13, 1).is_err());
        assert!(Date::new(u32::MAX, 2, 29).is_err());
    }

    #[test]
    fn winning_moves_lead_to_lost_dates() {
        for date in all_dates().into_iter().step_by(997) {
            let s = solve(date);
            for m in &s.winning_moves {
                let w: Vec<u32> = m.to.split(' ').map(|x| x.parse().unwrap()).collect();
                let to = Date::new(w[0], w[1], w[2]).unwrap();
                assert!(!folklore_wins(to), "{date} → {to}");
            }
            assert_eq!(s.winning_moves.is_empty(), !folklore_wins(date), "{date}");
        }
    }
}
