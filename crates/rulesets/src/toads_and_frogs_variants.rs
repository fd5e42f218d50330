//! Variants of Toads and Frogs with other slides and jumps, after CGSuite's
//! `game.strip.GenToadsAndFrogs`: Backsliding Toads and Frogs (Winning Ways, ch. 22), where
//! a creature may also slide one square back and play may go on for ever, and Elephants and
//! Rhinos, where nobody jumps.
//!
//! Notation as for Toads and Frogs: `t` a toad (Left's, facing right), `f` a frog (Right's,
//! facing left), `.` an empty square. A creature slides k squares forward, for
//! `min_slide ≤ k ≤ max_slide`, k ≠ 0 (a negative k slides back), over empty squares only;
//! or jumps forward over 1 to `max_jump` adjacent enemies (friends too when `friendly_jump`)
//! onto the empty square beyond. The ends of the strip are walls.
//!
//! Backsliding positions are loopy and need not be stoppers: a toad and a frog sliding back
//! and forth is infinite alternating play. They are valued by
//! [`conway_loopy::ruleset::LoopyEvaluator`], which gives CGSuite's
//! `{on||0|-1/2} & {1/2|0||off}` for `ttt..fff`.

use crate::moves::{loopy_position_moves, Described, LoopyPositionMoves};
use crate::registry::{call, position, Limit, Param, ParamKind, Ruleset, Values};
use crate::toads_and_frogs::{parse_strip, Square, STRIP};
use conway_loopy::ruleset::{LoopyEvaluator, LoopyRuleset};
use conway_loopy::Loopy;
use conway_partizan::Player;
use conway_partizan::{PartizanError, Store};

/// Longest strip accepted when creatures may slide back: most positions are then on cycles
/// of alternating play, whose sides are searched for; the slowest strips of 9 squares seen
/// (`..ttff...`) take about 6 s, of 8 squares about 1 s, and some of 10 squares pass the
/// evaluation's budget of steps.
pub const MAX_BACKSLIDING_LEN: usize = 9;

/// Longest strip accepted when play always ends (no slides back): as many positions as a
/// Toads and Frogs strip, without its splitting into parts.
pub const MAX_STRIP_LEN: usize = 12;

/// The moves allowed (CGSuite's parameters of `GenToadsAndFrogs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StripRules {
    /// The shortest slide; negative values allow sliding back that far.
    pub min_slide: i32,
    /// The longest slide forward.
    pub max_slide: i32,
    /// The most adjacent creatures jumped at once.
    pub max_jump: i32,
    /// Whether a creature may jump its own kind too.
    pub friendly_jump: bool,
}

impl StripRules {
    /// Toads and Frogs itself.
    pub const CLASSIC: StripRules = StripRules {
        min_slide: 1,
        max_slide: 1,
        max_jump: 1,
        friendly_jump: false,
    };
    /// Backsliding Toads and Frogs: one square back as well.
    pub const BACKSLIDING: StripRules = StripRules {
        min_slide: -1,
        ..StripRules::CLASSIC
    };
    /// Elephants and Rhinos: no jumps.
    pub const ELEPHANTS_AND_RHINOS: StripRules = StripRules {
        max_jump: 0,
        ..StripRules::CLASSIC
    };
}

/// A strip played by some [`StripRules`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogsVariant {
    rules: StripRules,
    squares: Vec<Square>,
}

/// One move: the square left, the square reached (both from 0), whether it jumps, and the
/// strip after it.
type Hop = (usize, usize, bool, ToadsAndFrogsVariant);

impl ToadsAndFrogsVariant {
    /// Reads a strip for these rules; `name` is the function's name in messages.
    pub fn parse(
        rules: StripRules,
        name: &str,
        text: &str,
    ) -> Result<ToadsAndFrogsVariant, PartizanError> {
        let limit = if rules.min_slide < 0 {
            MAX_BACKSLIDING_LEN
        } else {
            MAX_STRIP_LEN
        };
        Ok(ToadsAndFrogsVariant {
            rules,
            squares: parse_strip(name, text, limit)?,
        })
    }

    /// The strip in the notation of the module doc.
    pub fn notation(&self) -> String {
        self.squares.iter().map(|s| s.letter()).collect()
    }

    /// The square `k` squares ahead of `from` for the toads (Left) or the frogs (Right), as `player` asks.
    fn ahead(&self, player: Player, from: usize, k: i32) -> Option<usize> {
        let step = player.either(i64::from(k), -i64::from(k));
        let to = from as i64 + step;
        (0..self.squares.len() as i64)
            .contains(&to)
            .then_some(to as usize)
    }

    fn moved(&self, from: usize, to: usize) -> ToadsAndFrogsVariant {
        let mut after = self.clone();
        after.squares.swap(from, to);
        after
    }

    /// Every move of the toads (Left) or the frogs (Right), as `player` asks, in CGSuite's order: slides forward,
    /// slides back, jumps.
    fn hops(&self, player: Player) -> Vec<Hop> {
        let (us, them) = player.either((Square::Toad, Square::Frog), (Square::Frog, Square::Toad));
        let rules = self.rules;
        let empty = |i: Option<usize>| i.is_some_and(|i| self.squares[i] == Square::Empty);
        let ours: Vec<usize> = (0..self.squares.len())
            .filter(|&i| self.squares[i] == us)
            .collect();
        let mut hops = Vec::new();
        for &from in &ours {
            for k in 1..=rules.max_slide {
                let to = self.ahead(player, from, k);
                if !empty(to) {
                    break;
                }
                if k >= rules.min_slide {
                    let to = to.expect("empty squares are on the strip");
                    hops.push((from, to, false, self.moved(from, to)));
                }
            }
        }
        for &from in &ours {
            for k in (rules.min_slide..=-1).rev() {
                let to = self.ahead(player, from, k);
                if !empty(to) {
                    break;
                }
                if k <= rules.max_slide {
                    let to = to.expect("empty squares are on the strip");
                    hops.push((from, to, false, self.moved(from, to)));
                }
            }
        }
        for &from in &ours {
            for k in 1..=rules.max_jump {
                let over = self.ahead(player, from, k).map(|i| self.squares[i]);
                if !(over == Some(them) || rules.friendly_jump && over == Some(us)) {
                    break;
                }
                let to = self.ahead(player, from, k + 1);
                if empty(to) {
                    let to = to.expect("empty squares are on the strip");
                    hops.push((from, to, true, self.moved(from, to)));
                }
            }
        }
        hops
    }
}

impl crate::Position for ToadsAndFrogsVariant {
    fn left_moves(&self) -> Vec<Self> {
        self.hops(Player::Left)
            .into_iter()
            .map(|hop| hop.3)
            .collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.hops(Player::Right)
            .into_iter()
            .map(|hop| hop.3)
            .collect()
    }
}

impl LoopyRuleset for ToadsAndFrogsVariant {}

impl Described for ToadsAndFrogsVariant {
    fn expression(&self) -> String {
        format!("{}(\"{}\")", self.rules.name(), self.notation())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let left = player.is_left();
        let creature = player.either("toad", "frog");
        self.hops(player)
            .into_iter()
            .map(|(from, to, jump, after)| {
                let (verb, back) = if jump {
                    ("jumps", "")
                } else if (to > from) == left {
                    ("slides", "")
                } else {
                    ("slides", "back ")
                };
                let text = format!(
                    "{} {verb} the {creature} on square {} {back}to square {}",
                    player.name(),
                    from + 1,
                    to + 1
                );
                (text, after)
            })
            .collect()
    }
}

impl StripRules {
    /// The `eval` function of a strip played by these rules.
    pub fn name(self) -> &'static str {
        match self {
            StripRules::BACKSLIDING => BACKSLIDING_TOADS_AND_FROGS.name,
            StripRules::ELEPHANTS_AND_RHINOS => ELEPHANTS_AND_RHINOS.name,
            _ => crate::toads_and_frogs::RULESET.name,
        }
    }
}

/// The value of a strip played by `rules`.
pub fn strip_value(
    store: &mut Store,
    rules: StripRules,
    text: &str,
) -> Result<Loopy, PartizanError> {
    let strip = ToadsAndFrogsVariant::parse(rules, rules.name(), text)?;
    LoopyEvaluator::new().value(store, &strip)
}

/// The value of a strip and every move of each player, with who wins after it.
pub fn strip_moves(
    store: &mut Store,
    rules: StripRules,
    text: &str,
) -> Result<LoopyPositionMoves, PartizanError> {
    loopy_position_moves(
        store,
        &ToadsAndFrogsVariant::parse(rules, rules.name(), text)?,
    )
}

/// Backsliding Toads and Frogs in the registry.
pub static BACKSLIDING_TOADS_AND_FROGS: Ruleset = Ruleset {
    name: "backsliding_toads_and_frogs",
    aliases: &["BackslidingToadsAndFrogs"],
    title: "Backsliding Toads and Frogs",
    summary: "Backsliding Toads and Frogs (loopy): creatures also slide one square back",
    params: &[Param::new("tt..ff", ParamKind::Position)],
    example: "backsliding_toads_and_frogs(\"tt.f\")",
    limits: &[Limit::new("squares", MAX_BACKSLIDING_LEN as u64, || {
        let strip = format!("t{}f", ".".repeat(MAX_BACKSLIDING_LEN - 1));
        call(BACKSLIDING_TOADS_AND_FROGS.name, &strip)
    })],
    values: Values::Loopy {
        value: |store, args| position(args, |t| strip_value(store, StripRules::BACKSLIDING, t)),
        moves: |store, args| position(args, |t| strip_moves(store, StripRules::BACKSLIDING, t)),
    },
    picture: None,
    board: Some(STRIP),
    search: None,
};

/// Elephants and Rhinos in the registry.
pub static ELEPHANTS_AND_RHINOS: Ruleset = Ruleset {
    name: "elephants_and_rhinos",
    aliases: &["ElephantsAndRhinos"],
    title: "Elephants and Rhinos",
    summary: "Elephants and Rhinos: Toads and Frogs without jumps",
    params: &[Param::new("tt..ff", ParamKind::Position)],
    example: "elephants_and_rhinos(\"tt..ff\")",
    limits: &[Limit::new("squares", MAX_STRIP_LEN as u64, || {
        let strip = format!("t{}f", ".".repeat(MAX_STRIP_LEN - 1));
        call(ELEPHANTS_AND_RHINOS.name, &strip)
    })],
    values: Values::Loopy {
        value: |store, args| {
            position(args, |t| {
                strip_value(store, StripRules::ELEPHANTS_AND_RHINOS, t)
            })
        },
        moves: |store, args| {
            position(args, |t| {
                strip_moves(store, StripRules::ELEPHANTS_AND_RHINOS, t)
            })
        },
    },
    picture: None,
    board: Some(STRIP),
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use conway_loopy::print::loopy_text;

    fn text(rules: StripRules, strip: &str) -> String {
        let mut store = Store::new();
        let value = strip_value(&mut store, rules, strip).unwrap();
        loopy_text(&value, &mut store).unwrap()
    }

    /// CGSuite's test expectations (`GameStripTest`, "define Toads and Frogs properly").
    #[test]
    fn cgsuite_values() {
        // `GenToadsAndFrogs(2)`: the expected value is that of jumps over up to two
        // creatures (the test's argument is the jump length, not the schema's first
        // parameter as the current source lists them).
        let long_jumps = StripRules {
            max_jump: 2,
            ..StripRules::CLASSIC
        };
        assert_eq!(text(long_jumps, "tttt..fff"), "{1/2*|v}");
        assert_eq!(text(StripRules::ELEPHANTS_AND_RHINOS, "tttt..fff"), "1");
        // Backsliding: not a stopper, both sides stoppers.
        assert_eq!(
            text(StripRules::BACKSLIDING, "ttt..fff"),
            "{on||0|-1/2} & {1/2|0||off}"
        );
    }

    /// With forward moves only these are Toads and Frogs, whose values the short-game
    /// evaluator knows.
    #[test]
    fn classic_rules_agree_with_toads_and_frogs() {
        for strip in ["tt.ff", "t.tf.f", "tt..ff", "t..f.tf", "ttt.ff", "t.t.f.f"] {
            let mut store = Store::new();
            let loopy = strip_value(&mut store, StripRules::CLASSIC, strip).unwrap();
            let short = crate::toads_and_frogs::RULESET
                .value_of_text(&mut store, strip)
                .unwrap();
            assert_eq!(loopy, Loopy::Short(short), "{strip}");
        }
    }

    #[test]
    fn moves_are_told_in_words() {
        let strip = ToadsAndFrogsVariant::parse(StripRules::BACKSLIDING, "b", ".tf.").unwrap();
        let toads: Vec<String> = strip
            .described_moves(Player::Left)
            .into_iter()
            .map(|m| m.0)
            .collect();
        assert_eq!(
            toads,
            [
                "Left slides the toad on square 2 back to square 1",
                "Left jumps the toad on square 2 to square 4",
            ]
        );
    }
}
