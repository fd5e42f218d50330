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
//! Any other rules are `gen_toads_and_frogs(min_slide, max_slide, max_jump, friendly_jump,
//! strip)`, CGSuite's parameters (MCGS's `gen_toads` are those with `min_slide ≥ 1`).
//!
//! # Components, when play ends
//!
//! With no slides back (`min_slide ≥ 0`) creatures only go forward and play ends. Take a
//! maximal block of adjacent creatures that is toads then frogs, `t^a f^b`, and the most
//! creatures a jump passes, `j` (`max_jump`). Its toads cannot slide (each faces a creature)
//! and can jump only over the whole rest of the block, at least `b + 1` creatures for all
//! but the last toad and the `b` frogs for the last; so none moves when `b > j`, or when the
//! block ends at the strip's right end (no square to land on). Dually its frogs stay when
//! `a > j` or the block starts at the left end. A block meeting both conditions never
//! changes; nothing outside can land in it, nor jump it (a jump passes at most `j`
//! creatures and the block is longer, or starts with the jumper's enemy's wall of its own
//! kind that a jumper of the other kind cannot pass without friendly jumps, where the length
//! bound applies). So such a block is a wall: the strip splits at it into parts that play
//! independently, each ending, where the block stood, at an empty square (the blocks are
//! maximal), as the strip's own ends do. A part with no empty square or no creature is 0
//! and dropped. Classic Toads and Frogs (`j = 1`) has its own module with the same walls.
//!
//! With no jumps (`j = 0`, Elephants and Rhinos) no creature ever passes another, so a frog
//! followed by a toad (empty squares between) face away from each other for good: the frog
//! and everything left of it never reach the squares right of it, nor the toad and
//! everything right of it those left of it, and the empty squares between are nobody's.
//! The strip splits there as well: the part up to the frog and the part from the toad; and
//! the empty squares before a part's first creature when it is a toad, or after its last
//! when it is a frog, are nobody's and left out.
//!
//! Backsliding positions are loopy and need not be stoppers: a toad and a frog sliding back
//! and forth is infinite alternating play. They are valued by
//! [`conway_loopy::ruleset::LoopyEvaluator`], which gives CGSuite's
//! `{on||0|-1/2} & {1/2|0||off}` for `ttt..fff`.

use crate::moves::{loopy_position_moves, Described, LoopyPositionMoves};
use crate::registry::{
    self, call, position, Arg, Command, Limit, Param, ParamKind, Ruleset, Values,
};
use crate::toads_and_frogs::{parse_strip, Square, STRIP};
use crate::{check_size, PartizanGame};
use crate::{searched_position, short_position};
use conway_loopy::ruleset::{LoopyEvaluator, LoopyRuleset};
use conway_loopy::Loopy;
use conway_partizan::Player;
use conway_partizan::{PartizanError, Store};

/// Longest strip accepted when creatures may slide back: most positions are then on cycles
/// of alternating play, whose sides are searched for; the slowest strips of 9 squares seen
/// (`..ttff...`) take about 6 s, of 8 squares about 1 s, and some of 10 squares pass the
/// evaluation's budget of steps.
pub const MAX_BACKSLIDING_LEN: usize = 9;

/// Longest strip of `gen_toads_and_frogs` with play that ends, if no part between walls
/// (see the module doc) is longer than [`MAX_GEN_PART_LEN`].
pub const MAX_GEN_STRIP_LEN: usize = 40;

/// Longest part between walls of a `gen_toads_and_frogs` strip with play that ends: the
/// slowest parts of 14 squares we tried (`tttt......ffff` with slides up to 3 or jumps of 3)
/// take about a second in a release build, of 16 squares 14 s.
pub const MAX_GEN_PART_LEN: usize = 14;

/// Longest slide or jump read: a strip holds at most 256 squares, so longer ones are the
/// same rules.
const MAX_REACH: i64 = crate::toads_and_frogs::MAX_SEARCHED_STRIP_LEN as i64;

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
    /// Reads a strip for these rules within the value's limits: those of slides back, or
    /// those of play that ends (see [`MAX_GEN_PART_LEN`]).
    pub fn parse(rules: StripRules, text: &str) -> Result<ToadsAndFrogsVariant, PartizanError> {
        if rules.play_ends() {
            return ToadsAndFrogsVariant::parse_generic(rules, text);
        }
        Ok(ToadsAndFrogsVariant {
            rules,
            squares: parse_strip(rules.name(), text, MAX_BACKSLIDING_LEN)?,
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

impl PartizanGame for ToadsAndFrogsVariant {
    /// The parts between walls, as the module doc proves, when play ends; a strip with
    /// slides back is one part (it is never valued as a short game).
    fn components(&self) -> Vec<Self> {
        if !self.rules.play_ends() {
            return vec![self.clone()];
        }
        self.parts()
            .into_iter()
            .map(|squares| ToadsAndFrogsVariant {
                rules: self.rules,
                squares: squares.to_vec(),
            })
            .collect()
    }
}

impl ToadsAndFrogsVariant {
    /// The parts between walls (see the module doc) that have both a creature and an empty
    /// square, for rules whose play ends.
    fn parts(&self) -> Vec<&[Square]> {
        let squares = &self.squares;
        let n = squares.len();
        let jump = self.rules.max_jump.max(0) as usize;
        let mut parts = Vec::new();
        let (mut start, mut i) = (0, 0);
        while i < n {
            if squares[i] == Square::Empty {
                i += 1;
                continue;
            }
            // A maximal block of creatures from `i`: toads, then frogs, then anything else.
            let toads = squares[i..]
                .iter()
                .take_while(|&&s| s == Square::Toad)
                .count();
            let frogs = squares[i + toads..]
                .iter()
                .take_while(|&&s| s == Square::Frog)
                .count();
            let end = i + toads + frogs;
            let block_ends = end == n || squares[end] == Square::Empty;
            let toads_stay = frogs > jump || end == n;
            let frogs_stay = toads > jump || i == 0;
            if block_ends && toads_stay && frogs_stay {
                parts.push(&squares[start..i]);
                start = end;
            }
            i = squares[i..]
                .iter()
                .position(|&s| s == Square::Empty)
                .map_or(n, |k| i + k);
        }
        parts.push(&squares[start..]);
        if jump == 0 {
            parts = parts
                .into_iter()
                .flat_map(Self::split_facing_away)
                .collect();
        }
        parts.retain(|part| {
            part.contains(&Square::Empty) && part.iter().any(|&s| s != Square::Empty)
        });
        parts
    }

    /// A part cut where a frog is followed by a toad (empty squares between), and the
    /// empty squares nobody reaches left out, for rules with no jumps: see the module doc.
    fn split_facing_away(part: &[Square]) -> Vec<&[Square]> {
        let mut pieces = Vec::new();
        let (mut start, mut last_frog) = (0, None);
        for (i, &square) in part.iter().enumerate() {
            match square {
                Square::Frog => last_frog = Some(i),
                Square::Toad => {
                    if let Some(frog) = last_frog.take() {
                        pieces.push(&part[start..=frog]);
                        start = i;
                    }
                }
                Square::Empty => {}
            }
        }
        pieces.push(&part[start..]);
        // Nobody reaches the empty squares before a leading toad or after a trailing frog.
        for piece in &mut pieces {
            if let Some(first) = piece.iter().position(|&s| s != Square::Empty) {
                if piece[first] == Square::Toad {
                    *piece = &piece[first..];
                }
            }
            if let Some(last) = piece.iter().rposition(|&s| s != Square::Empty) {
                if piece[last] == Square::Frog {
                    *piece = &piece[..=last];
                }
            }
        }
        pieces
    }

    /// Reads a `gen_toads_and_frogs` strip for rules whose play ends, within the limits on
    /// the strip and its parts.
    fn parse_generic(rules: StripRules, text: &str) -> Result<ToadsAndFrogsVariant, PartizanError> {
        let name = rules.name();
        let strip = ToadsAndFrogsVariant {
            rules,
            squares: parse_strip(name, text, MAX_GEN_STRIP_LEN)?,
        };
        let longest = strip.parts().iter().map(|p| p.len()).max().unwrap_or(0);
        check_size(
            &format!("{name} part between walls"),
            longest,
            MAX_GEN_PART_LEN,
        )?;
        Ok(strip)
    }
}

impl Described for ToadsAndFrogsVariant {
    fn expression(&self) -> String {
        let rules = self.rules;
        // Classic strips longer than Toads and Frogs' own limit read back only generically.
        let classic_too_long = rules == StripRules::CLASSIC
            && self.squares.len() > crate::toads_and_frogs::MAX_STRIP_LEN;
        match rules.instance().filter(|_| !classic_too_long) {
            Some(name) => format!("{name}(\"{}\")", self.notation()),
            None => format!(
                "{}({}, {}, {}, \"{}\", \"{}\")",
                GEN_TOADS_AND_FROGS.name,
                rules.min_slide,
                rules.max_slide,
                rules.max_jump,
                rules.friendly_jump,
                self.notation()
            ),
        }
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
        self.instance().unwrap_or(GEN_TOADS_AND_FROGS.name)
    }

    /// The named ruleset these rules are, if any.
    pub fn instance(self) -> Option<&'static str> {
        match self {
            StripRules::CLASSIC => Some(crate::toads_and_frogs::RULESET.name),
            StripRules::BACKSLIDING => Some(BACKSLIDING_TOADS_AND_FROGS.name),
            StripRules::ELEPHANTS_AND_RHINOS => Some(ELEPHANTS_AND_RHINOS.name),
            _ => None,
        }
    }

    /// Whether every play ends: nobody slides back.
    pub fn play_ends(self) -> bool {
        self.min_slide >= 0
    }

    /// The rules `gen_toads_and_frogs`'s arguments give, and the strip; lengths past any
    /// strip's are cut to it (they allow the same moves). Slides back are refused.
    fn read<'a>(args: &[Arg<'a>]) -> Result<(StripRules, &'a str), PartizanError> {
        let [Arg::Integer(min), Arg::Integer(max), Arg::Natural(jump), Arg::Word(friendly), Arg::Position(strip)] =
            args
        else {
            return Err(registry::mismatch());
        };
        let friendly_jump = registry::truth(friendly, "gen_toads_and_frogs: friendly_jump")?;
        if *min < 0 {
            return Err(PartizanError::InvalidInput(format!(
                "gen_toads_and_frogs: min_slide {min} lets creatures slide back, and play could \
                 go on for ever; backsliding_toads_and_frogs(…) is min_slide -1 (its values are \
                 loopy games), other slides back are not supported"
            )));
        }
        let reach = |n: i64| n.clamp(-MAX_REACH, MAX_REACH) as i32;
        let rules = StripRules {
            min_slide: reach(*min),
            max_slide: reach(*max),
            max_jump: reach((*jump).min(MAX_REACH as u64) as i64),
            friendly_jump,
        };
        Ok((rules, strip))
    }
}

/// The value of a strip played by `rules`: a short game, split into parts, when play ends.
pub fn strip_value(
    store: &mut Store,
    rules: StripRules,
    text: &str,
) -> Result<Loopy, PartizanError> {
    let strip = ToadsAndFrogsVariant::parse(rules, text)?;
    if rules.play_ends() {
        return Ok(Loopy::Short(crate::value_of(store, &strip)));
    }
    LoopyEvaluator::new().value(store, &strip)
}

/// The value of a strip and every move of each player, with who wins after it.
pub fn strip_moves(
    store: &mut Store,
    rules: StripRules,
    text: &str,
) -> Result<LoopyPositionMoves, PartizanError> {
    loopy_position_moves(store, &ToadsAndFrogsVariant::parse(rules, text)?)
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

/// A `gen_toads_and_frogs` strip read from its arguments, within the value's limits.
fn generic(args: &[Arg<'_>]) -> Result<ToadsAndFrogsVariant, PartizanError> {
    let (rules, text) = StripRules::read(args)?;
    ToadsAndFrogsVariant::parse(rules, text)
}

/// A strip of some rules whose play ends, read for a search of who wins.
fn searched_strip(rules: StripRules, text: &str) -> Result<ToadsAndFrogsVariant, PartizanError> {
    Ok(ToadsAndFrogsVariant {
        rules,
        squares: parse_strip(
            rules.name(),
            text,
            crate::toads_and_frogs::MAX_SEARCHED_STRIP_LEN,
        )?,
    })
}

/// CGSuite's `GenToadsAndFrogs` and MCGS's `gen_toads` with play that ends, in the registry.
pub static GEN_TOADS_AND_FROGS: Ruleset = Ruleset {
    name: "gen_toads_and_frogs",
    aliases: &["GenToadsAndFrogs", "gen_toads"],
    title: "Toads and Frogs (any slides and jumps)",
    summary: "Toads and Frogs where a creature slides min_slide to max_slide squares over empty \
              ones, or jumps up to max_jump enemies (friends too if friendly_jump is true)",
    params: &[
        Param::new("min_slide", ParamKind::Integer),
        Param::new("max_slide", ParamKind::Integer),
        Param::new("max_jump", ParamKind::Natural),
        Param::new("friendly_jump", ParamKind::Word),
        Param::new("tt..ff", ParamKind::Position),
    ],
    example: "gen_toads_and_frogs(1, 2, 1, \"true\", \"tt.t..ff.f\")",
    limits: &[
        Limit::new("squares", MAX_GEN_STRIP_LEN as u64, || {
            let strip = ".".repeat(MAX_GEN_STRIP_LEN + 1);
            format!("gen_toads_and_frogs(1, 1, 0, \"false\", \"{strip}\")")
        }),
        Limit::new(
            "squares in a part between walls",
            MAX_GEN_PART_LEN as u64,
            || {
                let strip = format!("t{}f", ".".repeat(MAX_GEN_PART_LEN - 1));
                format!("gen_toads_and_frogs(1, 1, 0, \"false\", \"{strip}\")")
            },
        ),
    ],
    values: Values::Short {
        value: |store, args| Ok(crate::value_of(store, &generic(args)?)),
        moves: |store, args| crate::moves_of_position(store, &generic(args)?),
        variant: |store, variant, args| crate::variant::value_of(store, variant, &generic(args)?),
    },
    picture: None,
    board: Some(STRIP),
    search: Some(crate::searched_arguments!(
        generic,
        |args| StripRules::read(args).and_then(|(rules, text)| searched_strip(rules, text)),
        Some(Command {
            rules: "toads slide right and frogs left by min_slide to max_slide squares, or jump \
                    up to max_jump enemies",
            example: "1 2 1 false tt.t..ff.f",
            board_help: "The strip: t toad (Left's, moving right), f frog (Right's), . empty.",
            rectangle: None,
        })
    )),
};

/// Elephants and Rhinos in the registry.
pub static ELEPHANTS_AND_RHINOS: Ruleset = Ruleset {
    name: "elephants_and_rhinos",
    aliases: &["ElephantsAndRhinos"],
    title: "Elephants and Rhinos",
    summary: "Elephants and Rhinos: Toads and Frogs without jumps",
    params: &[Param::new("tt..ff", ParamKind::Position)],
    example: "elephants_and_rhinos(\"tt..ff\")",
    limits: &[
        Limit::new("squares", MAX_GEN_STRIP_LEN as u64, || {
            call(
                ELEPHANTS_AND_RHINOS.name,
                &".".repeat(MAX_GEN_STRIP_LEN + 1),
            )
        }),
        Limit::new(
            "squares in a part between walls",
            MAX_GEN_PART_LEN as u64,
            || {
                let strip = format!("t{}f", ".".repeat(MAX_GEN_PART_LEN - 1));
                call(ELEPHANTS_AND_RHINOS.name, &strip)
            },
        ),
    ],
    values: short_position!(elephants_and_rhinos),
    picture: None,
    board: Some(STRIP),
    search: Some(searched_position!(
        elephants_and_rhinos,
        |text| searched_strip(StripRules::ELEPHANTS_AND_RHINOS, text),
        Some(Command {
            rules: "toads slide right and frogs left, one square, never jumping",
            example: "tt..t..f.ff",
            board_help: "The strip: t toad (Left's, moving right), f frog (Right's), . empty.",
            rectangle: None,
        })
    )),
};

/// An Elephants and Rhinos strip within the value's limits.
fn elephants_and_rhinos(text: &str) -> Result<ToadsAndFrogsVariant, PartizanError> {
    ToadsAndFrogsVariant::parse(StripRules::ELEPHANTS_AND_RHINOS, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_loopy::print::loopy_text;
    use conway_partizan::print::canonical_text;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

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

    /// A strip of any rules, past every limit (test data).
    fn strip(rules: StripRules, text: &str) -> ToadsAndFrogsVariant {
        ToadsAndFrogsVariant {
            rules,
            squares: parse_strip("test", text, 256).expect("a strip"),
        }
    }

    /// CGSuite 2.1.1's values of Elephants and Rhinos strips of 30 to 40 squares, recorded in
    /// MCGS's test corpus (`input/main_tests/gen_toads_autotests/gen_toads_1100/
    /// gen_toads.test`, parameters 1,1,0,0; MCGS writes toads `X`, frogs `O`).
    #[test]
    fn cgsuite_values_of_long_elephants_and_rhinos_strips() {
        let cases = [
            ("t.......f.....tf.f.....t..ff.t.f.fftf...", "{-4*|-6*}"),
            ("t..t........f....t....f...f.......tf.t..", "3"),
            (".......t.....f..t.....f.......", "0"),
            ("....ftf.....t......t.tft..f...f...f.ttf.", "-7"),
        ];
        for (text, expected) in cases {
            let mut store = Store::new();
            // Within the limits: no part longer than 14 squares once the strip is cut where
            // a frog and a toad face away.
            let read = ToadsAndFrogsVariant::parse(StripRules::ELEPHANTS_AND_RHINOS, text);
            assert!(read.is_ok(), "{text}: {read:?}");
            let value = crate::value_of(&mut store, &strip(StripRules::ELEPHANTS_AND_RHINOS, text));
            assert_eq!(canonical_text(&mut store, value), expected, "{text}");
        }
    }

    /// A few of the generic rules by hand: with slides of exactly two, `t..` moves once
    /// (1) and `t.` not at all (0); jumping two frogs takes `max_jump` 2.
    #[test]
    fn generic_rules_by_hand() {
        let two = StripRules {
            min_slide: 2,
            max_slide: 2,
            max_jump: 0,
            friendly_jump: false,
        };
        let value = |rules, text| {
            let mut store = Store::new();
            let g = crate::value_of(&mut store, &strip(rules, text));
            canonical_text(&mut store, g)
        };
        assert_eq!(value(two, "t.."), "1");
        assert_eq!(value(two, "t."), "0");
        let long_jumps = StripRules {
            max_jump: 2,
            ..StripRules::CLASSIC
        };
        use crate::Position;
        assert!(strip(StripRules::CLASSIC, "tff.").left_moves().is_empty());
        // The toad jumps both frogs to `.fft`, where Right has two moves to Left's none (-2):
        // {-2|} = 0.
        assert_eq!(strip(long_jumps, "tff.").left_moves().len(), 1);
        assert_eq!(value(long_jumps, ".fft"), "-2");
        assert_eq!(value(long_jumps, "tff."), "0");
    }

    #[test]
    fn generic_positions_read_back_and_slides_back_are_refused() {
        let mut store = Store::new();
        let args = [
            Arg::Integer(1),
            Arg::Integer(2),
            Arg::Natural(1),
            Arg::Word("true"),
            Arg::Position("tt.t..ff.f"),
        ];
        let Values::Short { moves, .. } = GEN_TOADS_AND_FROGS.values else {
            panic!("gen_toads_and_frogs is a short ruleset");
        };
        let moves = moves(&mut store, &args).expect("valid");
        assert_eq!(
            moves.position,
            "gen_toads_and_frogs(1, 2, 1, \"true\", \"tt.t..ff.f\")"
        );
        let classic = [
            Arg::Integer(1),
            Arg::Integer(1),
            Arg::Natural(1),
            Arg::Word("false"),
            Arg::Position("tt..ff"),
        ];
        assert_eq!(
            generic(&classic).unwrap().expression(),
            "toads_and_frogs(\"tt..ff\")"
        );
        let mut back = classic;
        back[0] = Arg::Integer(-1);
        let error = generic(&back).unwrap_err().to_string();
        assert!(error.contains("backsliding_toads_and_frogs"), "{error}");
        let yes = [
            Arg::Integer(1),
            Arg::Integer(1),
            Arg::Natural(1),
            Arg::Word("yes"),
            Arg::Position("t."),
        ];
        assert!(generic(&yes)
            .unwrap_err()
            .to_string()
            .contains("true or false"));
    }

    /// Every move by the definitions, square by square: a slide of `d` squares forward with
    /// every square passed and the one reached empty, `min_slide ≤ d ≤ max_slide`; a jump
    /// over `d - 1` creatures (enemies, or friends too when allowed), at most `max_jump`, onto
    /// the empty square `d` ahead.
    fn oracle_moves(position: &ToadsAndFrogsVariant, player: Player) -> BTreeSet<Vec<Square>> {
        let rules = position.rules;
        let squares = &position.squares;
        let (us, them) = player.either((Square::Toad, Square::Frog), (Square::Frog, Square::Toad));
        let n = squares.len() as i64;
        let mut moves = BTreeSet::new();
        for from in 0..n {
            if squares[from as usize] != us {
                continue;
            }
            for d in 1..=n {
                let to = from + player.either(d, -d);
                if !(0..n).contains(&to) || squares[to as usize] != Square::Empty {
                    continue;
                }
                let between: Vec<Square> = (1..d)
                    .map(|k| squares[(from + player.either(k, -k)) as usize])
                    .collect();
                let slide = between.iter().all(|&s| s == Square::Empty)
                    && (i64::from(rules.min_slide)..=i64::from(rules.max_slide)).contains(&d);
                let jump = d >= 2
                    && d - 1 <= i64::from(rules.max_jump)
                    && between
                        .iter()
                        .all(|&s| s == them || (rules.friendly_jump && s == us));
                if slide || jump {
                    let mut after = squares.clone();
                    after.swap(from as usize, to as usize);
                    moves.insert(after);
                }
            }
        }
        moves
    }

    fn arb_forward_rules() -> impl Strategy<Value = StripRules> {
        (0..=3i32, 0..=4i32, 0..=3i32, any::<bool>()).prop_map(|(min, max, jump, friendly)| {
            StripRules {
                min_slide: min,
                max_slide: max,
                max_jump: jump,
                friendly_jump: friendly,
            }
        })
    }

    fn arb_strip(len: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Square>> {
        let square = proptest::sample::select(vec![
            Square::Empty,
            Square::Empty,
            Square::Toad,
            Square::Frog,
        ]);
        proptest::collection::vec(square, len)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn moves_agree_with_the_definitions(rules in arb_forward_rules(), squares in arb_strip(1..=10)) {
            let position = ToadsAndFrogsVariant { rules, squares };
            for player in [Player::Left, Player::Right] {
                let fast: BTreeSet<Vec<Square>> =
                    position.hops(player).into_iter().map(|h| h.3.squares).collect();
                prop_assert_eq!(fast, oracle_moves(&position, player));
            }
        }

        /// The parts between walls against the whole strip's game tree.
        #[test]
        fn parts_keep_the_value(rules in arb_forward_rules(), squares in arb_strip(1..=9)) {
            let position = ToadsAndFrogsVariant { rules, squares };
            prop_assert_eq!(crate::oracle::agrees_with_textbook(&position), Ok(()));
        }

        /// Elephants and Rhinos strips, split where a frog and a toad face away, against
        /// the whole strip's game tree.
        #[test]
        fn elephants_and_rhinos_parts_keep_the_value(squares in arb_strip(1..=12)) {
            let rules = StripRules::ELEPHANTS_AND_RHINOS;
            let position = ToadsAndFrogsVariant { rules, squares };
            prop_assert_eq!(crate::oracle::agrees_with_textbook(&position), Ok(()));
        }

        /// The short evaluator with parts against the loopy one, which sees the whole strip.
        #[test]
        fn short_values_are_the_loopy_values(rules in arb_forward_rules(), squares in arb_strip(1..=8)) {
            let position = ToadsAndFrogsVariant { rules, squares };
            let mut store = Store::new();
            let short = crate::value_of(&mut store, &position);
            let loopy = LoopyEvaluator::new().value(&mut store, &position).expect("valued");
            prop_assert_eq!(loopy, Loopy::Short(short));
        }
    }

    #[test]
    fn moves_are_told_in_words() {
        let strip = ToadsAndFrogsVariant::parse(StripRules::BACKSLIDING, ".tf.").unwrap();
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
