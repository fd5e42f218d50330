//! The heap games `conway grundy` and `conway solve heap` know: octal and hexadecimal codes,
//! finite and "all but" subtraction games, Grundy's game and Lasker's Nim — by code, by a
//! set, or by name — with the one rule ([`HeapRule`]) every engine and oracle plays by.

use super::all_but::AllButSubtraction;
use super::octal::OctalGame;
use std::ops::ControlFlow;

use super::lasker::LaskerRule;
use super::spawning::SpawningCode;
use super::subtraction::SubtractionGame;
use super::HeapRule;
use crate::ImpartialError;

/// The most heaps tabulated for an octal or hexadecimal code without three-heap splits (the
/// rare/common engine; one or two bytes per value).
pub const MAX_HEAP: usize = 1 << 28;

/// The most work, heaps³ × three-heap digits, a code with three-heap splits may ask for:
/// the quadratic method ([`super::fast`]) costs each heap a pass over every smaller heap per
/// three-heap digit, each pass as long as the values are wide, and the values of such codes
/// (0.8, 0.C) grow with the heap. About 5 s for 0.88 up to 2^13.
pub const MAX_THREE_SPLIT_WORK: u64 = 1 << 41;

/// The most heaps tabulated for a code with `digits` three-heap digits (8–F): the largest
/// power of two whose cube times `digits` is at most [`MAX_THREE_SPLIT_WORK`] — 2^13 for one
/// to four such digits, 2^12 up to 32, 2^11 beyond.
pub fn max_three_split_heap(digits: usize) -> usize {
    let mut heap = MAX_HEAP;
    while heap > 1
        && (heap as u64)
            .checked_pow(3)
            .is_none_or(|cube| cube.saturating_mul(digits as u64) > MAX_THREE_SPLIT_WORK)
    {
        heap /= 2;
    }
    heap
}

/// The most heaps tabulated for a finite subtraction game (four bytes per value).
pub const MAX_SUBTRACTION_HEAP: usize = 1 << 27;

/// The most heaps tabulated for an "all but" subtraction game (values grow with the heap).
pub const MAX_ALL_BUT_HEAP: usize = 1 << 26;

/// The most heaps tabulated for Splittles with an "all but" set; its work
/// ([`AllButSubtraction::work`], about (|S| + 1)·n²/4 values looked at) is bounded too.
pub const MAX_SPLITTLES_ALL_BUT_HEAP: usize = 1 << 15;

/// The most work of a table of Splittles with an "all but" set S: heap n looks at the
/// values of its n/2 splits, and again at those of each total n − s, s in S.
pub const MAX_SPLITTLES_ALL_BUT_WORK: u64 = 1 << 31;

/// The most heaps tabulated for Lasker's Nim: four bytes per heap (16 GiB at the limit;
/// heap 2^32 - 1 would have the value 2^32). Past heap [`LASKER_FORMULA_FROM`] the values
/// come from the closed form, so the time is linear.
pub const MAX_LASKER_HEAP: usize = (1 << 32) - 1;

/// The first heap of Lasker's Nim whose value comes from its closed form (Ferguson, Game
/// Theory, I §4: G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4,
/// G(4k + 4) = 4k + 3) instead of the mex over every split (quadratic time), which stays
/// as the oracle.
pub const LASKER_FORMULA_FROM: usize = 1 << 12;

/// The most heaps tabulated for Grundy's game, by the rare/common method: one byte per heap
/// while the values stay below 256, two after (a value passes 255 before heap 2^28), per
/// thread, so 8 GiB a thread at the limit.
pub const MAX_GRUNDYS_GAME_HEAP: usize = 1 << 32;

/// The most heaps tabulated for a spawning game (four bytes per value); its moves looked at
/// are bounded too ([`MAX_SPAWNING_WORK`]).
pub const MAX_SPAWNING_HEAP: usize = 1 << 24;

/// The most heaps left by all the moves a spawning game's table looks at (about 2.5 s at
/// most): Mock Turtles (`1-3`, about n²/2 moves from heap n) reaches heap 1,290 within it,
/// Ruler (`1+C`, n moves of up to n heaps) 1,859, Turnips (`3E`) 37,838, Motley (`1+`,
/// 2^(n−1) moves) 26.
pub const MAX_SPAWNING_WORK: u64 = 1 << 30;

/// A heap game with a name, a code or a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGame {
    /// An octal or hexadecimal code.
    Code(OctalGame),
    /// A subtraction game with a finite set: `S(1,3,4)`.
    Subtraction(SubtractionGame),
    /// An "all but" subtraction game: `allbut(1,2)`.
    AllBut(AllButSubtraction),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
    /// Lasker's Nim: remove any number of tokens, or split a heap into two non-empty heaps.
    Lasker,
    /// The heap form of a coin-turning game: `spawning(1-3)` (Mock Turtles).
    Spawning(SpawningCode),
}

/// Named games: (name, code or description).
pub const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("treblecross", "0.007"),
    ("guiles", "0.15"),
    ("officers", "0.6"),
    ("grundy", "split a heap into two unequal heaps"),
    ("lasker", "take any number, or split a heap into two"),
];

/// The forms a game may be written in, for error messages and `--list`.
pub const SYNTAX: &[(&str, &str)] = &[
    (
        "0.d1d2…",
        "octal or hexadecimal code (digits up to F); a 4. head splits heaps",
    ),
    ("S(1,3,4)", "subtraction game: remove 1, 3 or 4 tokens"),
    (
        "allbut(1,2)",
        "\"all but\" subtraction: remove any number except 1 or 2",
    ),
    (
        "splittles(1,3)",
        "Splittles: remove 1 or 3 tokens, and split what is left if you like (0.707)",
    ),
    (
        "splittles(allbut(1,3))",
        "Splittles with an \"all but\" set: remove any number but 1 or 3, and split what is \
         left if you like",
    ),
    (
        "spawning(1-3)",
        "the heap form of a coin-turning code: a heap of n becomes the heaps of the other \
         coins turned (1-3 Mock Turtles, 1+C Ruler, 3E Turnips, 4FS Grunt)",
    ),
];

impl HeapGame {
    /// A game from a name of [`NAMED`], a code such as `0.77`, `4.07`, `0.F7`, a finite
    /// subtraction set `S(1,3,4)` (also `{1,3,4}` or `subtraction(1,3,4)`) or an "all but"
    /// set `allbut(1,2)`.
    pub fn parse(text: &str) -> Result<HeapGame, ImpartialError> {
        let trimmed = text.trim();
        let key = trimmed.to_ascii_lowercase().replace('_', "-");
        match key.as_str() {
            "grundy" | "grundys-game" => return Ok(HeapGame::Grundy),
            "lasker" | "laskers-nim" => return Ok(HeapGame::Lasker),
            _ => {}
        }
        if let Some((_, code)) = NAMED.iter().find(|(name, _)| *name == key) {
            return Ok(HeapGame::Code(OctalGame::parse(code)?));
        }
        // The game's errors name the game; a limit stays a limit.
        let in_game = |e: ImpartialError| match e {
            ImpartialError::TooLarge { what, size, limit } => ImpartialError::TooLarge {
                what: format!("game '{trimmed}': {what}"),
                size,
                limit,
            },
            e => ImpartialError::InvalidInput(format!("game '{trimmed}': {e}")),
        };
        if let Some(inner) = set_argument(&key, &["s", "subtraction", ""]) {
            let set = parse_set(text, inner)?;
            return Ok(HeapGame::Subtraction(
                SubtractionGame::new(set).map_err(in_game)?,
            ));
        }
        if let Some(inner) = set_argument(&key, &["allbut", "all-but"]) {
            let set = parse_set(text, inner)?;
            return Ok(HeapGame::AllBut(
                AllButSubtraction::new(set).map_err(in_game)?,
            ));
        }
        if let Some(inner) = set_argument(&key, &["splittles"]) {
            if let Some(excluded) = set_argument(inner.trim(), &["allbut", "all-but"]) {
                return Ok(HeapGame::AllBut(
                    AllButSubtraction::splittles(parse_set(text, excluded)?).map_err(in_game)?,
                ));
            }
            return Ok(HeapGame::Code(
                splittles(&parse_set(text, inner)?).map_err(in_game)?,
            ));
        }
        if let Some(inner) = set_argument(&key, &["spawning"]) {
            // The code as written (the key is in lower case).
            let code = &trimmed[trimmed.len() - inner.len() - 1..trimmed.len() - 1];
            let code = code.trim().trim_matches('"');
            return Ok(HeapGame::Spawning(
                SpawningCode::parse(code).map_err(in_game)?,
            ));
        }
        if !trimmed.contains('.') {
            return Err(ImpartialError::InvalidInput(format!(
                "unknown game '{trimmed}': give a code such as 0.77, a set such as S(1,3,4) or \
                 allbut(1,2), or a name from 'conway grundy --list'"
            )));
        }
        Ok(HeapGame::Code(OctalGame::parse(trimmed)?))
    }

    /// The name shown in reports: the code, the set, or the game's name.
    pub fn name(&self) -> String {
        let list = |s: &[u64]| s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            HeapGame::Code(g) => g.code(),
            HeapGame::Subtraction(g) => format!("S({})", list(g.set())),
            HeapGame::AllBut(g) if g.splits() => {
                format!("splittles(allbut({}))", list(g.excluded()))
            }
            HeapGame::AllBut(g) => format!("allbut({})", list(g.excluded())),
            HeapGame::Grundy => "grundy".to_string(),
            HeapGame::Lasker => "lasker".to_string(),
            HeapGame::Spawning(code) => format!("spawning({code})"),
        }
    }

    /// The name for messages: the code with its common name when it has one
    /// (`0.77 (kayles)`), otherwise [`HeapGame::name`].
    pub fn described(&self) -> String {
        let name = self.name();
        match NAMED.iter().find(|(_, code)| *code == name) {
            Some((common, _)) => format!("{name} ({common})"),
            None => name,
        }
    }

    /// The tokens a move from a heap of `heap` to `parts` takes, or `None` for a move that
    /// takes none in this sense: a spawning game's heap becomes other heaps, which may
    /// outweigh it.
    pub fn tokens_taken(&self, heap: u64, parts: &[u64]) -> Option<u64> {
        if matches!(self, HeapGame::Spawning(_)) {
            return None;
        }
        let kept = parts.iter().try_fold(0u64, |sum, &p| sum.checked_add(p))?;
        heap.checked_sub(kept)
    }

    /// The most heaps whose values are tabulated for this game.
    pub fn max_heap(&self) -> usize {
        match self {
            HeapGame::Code(g) => match g.three_split_digits() {
                0 => MAX_HEAP,
                digits => max_three_split_heap(digits),
            },
            HeapGame::Subtraction(_) => MAX_SUBTRACTION_HEAP,
            HeapGame::AllBut(g) if g.splits() => {
                // The most heaps whose work is within the bound (the work grows with len²).
                let within = |len: usize| g.work(len) <= MAX_SPLITTLES_ALL_BUT_WORK;
                let (mut low, mut high) = (0, MAX_SPLITTLES_ALL_BUT_HEAP);
                while low < high {
                    let mid = (low + high).div_ceil(2);
                    if within(mid) {
                        low = mid;
                    } else {
                        high = mid - 1;
                    }
                }
                low
            }
            HeapGame::AllBut(_) => MAX_ALL_BUT_HEAP,
            HeapGame::Grundy => MAX_GRUNDYS_GAME_HEAP,
            HeapGame::Lasker => MAX_LASKER_HEAP,
            HeapGame::Spawning(_) => MAX_SPAWNING_HEAP,
        }
    }

    /// The error for asking the values of more than [`HeapGame::max_heap`] heaps.
    pub fn check_len(&self, len: usize) -> Result<(), ImpartialError> {
        let limit = self.max_heap();
        if len > limit {
            return Err(ImpartialError::too_large(
                format!("the table of {}", self.name()),
                format!("{len} heaps"),
                format!("{limit} heaps"),
            ));
        }
        Ok(())
    }
}

/// The largest number of a Splittles set: the code has a digit for each number up to it.
pub const MAX_SPLITTLES_TAKE: u64 = 64;

/// Splittles with the set `takes` (CGSuite's `Splittles`): remove a number of tokens in the
/// set, and split what is left into two heaps if you like; the octal code with the digit 7 at
/// each number of the set (`splittles(1,3)` is 0.707).
fn splittles(takes: &[u64]) -> Result<OctalGame, ImpartialError> {
    if takes.contains(&0) {
        return Err(ImpartialError::InvalidInput(
            "a Splittles set cannot contain 0 (no move removes 0 tokens)".into(),
        ));
    }
    let most = takes.iter().copied().max().unwrap_or(0);
    if most > MAX_SPLITTLES_TAKE {
        return Err(ImpartialError::too_large(
            "the largest number of a Splittles set (a code digit each)",
            most,
            MAX_SPLITTLES_TAKE,
        ));
    }
    let digits: String = (1..=most.max(1))
        .map(|k| if takes.contains(&k) { '7' } else { '0' })
        .collect();
    OctalGame::parse(&format!("0.{digits}"))
}

/// The text between the parentheses (or braces) of `name(…)`, for one of the given names.
fn set_argument<'a>(key: &'a str, names: &[&str]) -> Option<&'a str> {
    if names.contains(&"") {
        if let Some(inner) = key.strip_prefix('{').and_then(|k| k.strip_suffix('}')) {
            return Some(inner);
        }
    }
    let open = key.find(['(', '{'])?;
    let (name, rest) = key.split_at(open);
    if !names.contains(&name.trim()) || name.is_empty() {
        return None;
    }
    let close = if rest.starts_with('(') { ')' } else { '}' };
    rest[1..].strip_suffix(close)
}

/// The numbers of a comma-separated set, with an error naming the bad element.
fn parse_set(text: &str, inner: &str) -> Result<Vec<u64>, ImpartialError> {
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<u64>().map_err(|_| {
                ImpartialError::InvalidInput(format!(
                    "game '{}': '{part}' is not a whole number",
                    text.trim()
                ))
            })
        })
        .collect()
}

impl HeapGame {
    /// The rule of the game.
    fn rule(&self) -> &dyn HeapRule {
        match self {
            HeapGame::Code(g) => g,
            HeapGame::Subtraction(g) => g,
            HeapGame::AllBut(g) => g,
            HeapGame::Grundy => &GrundysGame,
            HeapGame::Lasker => &LaskerRule,
            HeapGame::Spawning(code) => code,
        }
    }
}

impl HeapRule for HeapGame {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.rule().visit_options(n, visit)
    }
}

/// Grundy's game as a heap rule.
#[derive(Clone, Copy, Debug)]
pub struct GrundysGame;

impl HeapRule for GrundysGame {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for a in 1..n.div_ceil(2) {
            visit(&[a, n - a])?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages name a game by its code and, when it has one, its common name.
    /// Splittles with an "all but" set tabulates as many heaps as its work bound allows:
    /// fewer the more numbers the set leaves out, never past the heap limit.
    #[test]
    fn splittles_all_but_stops_at_its_work() {
        let set = |n: u64| (1000..1000 + n).map(|k| k.to_string()).collect::<Vec<_>>();
        for excluded in [0, 2, 64] {
            let game = HeapGame::parse(&format!("splittles(allbut({}))", set(excluded).join(",")))
                .unwrap();
            let HeapGame::AllBut(rule) = &game else {
                panic!("an all-but game")
            };
            let most = game.max_heap();
            assert!(most <= MAX_SPLITTLES_ALL_BUT_HEAP);
            assert!(rule.work(most) <= MAX_SPLITTLES_ALL_BUT_WORK);
            if most < MAX_SPLITTLES_ALL_BUT_HEAP {
                assert!(rule.work(most + 1) > MAX_SPLITTLES_ALL_BUT_WORK);
            }
            assert!(game.check_len(most + 1).is_err());
        }
        let wide = HeapGame::parse(&format!("splittles(allbut({}))", set(64).join(","))).unwrap();
        assert_eq!(wide.max_heap(), 11_495);
        assert_eq!(
            wide.name(),
            format!("splittles(allbut({}))", set(64).join(","))
        );
    }

    #[test]
    fn games_are_described_by_code_and_common_name() {
        let described = |g: &str| HeapGame::parse(g).unwrap().described();
        assert_eq!(described("kayles"), "0.77 (kayles)");
        assert_eq!(described("0.137"), "0.137 (dawsons-chess)");
        assert_eq!(described("0.123"), "0.123");
        assert_eq!(described("grundy"), "grundy");
    }

    /// Splittles is its code of 7s (CGSuite's `Splittles`, `TakeAndBreak.FromSubtractionSet`
    /// with the digit 7): `splittles(1,2)` is Kayles.
    #[test]
    fn splittles_sets_are_codes() {
        let name = |g: &str| HeapGame::parse(g).map(|g| g.name());
        assert_eq!(name("splittles(1,3)").unwrap(), "0.707");
        assert_eq!(name("Splittles(2,1)").unwrap(), "0.77");
        assert!(name("splittles(0,1)").is_err());
        assert!(name("splittles(65)").is_err());
    }

    #[test]
    fn names_codes_and_sets() {
        assert_eq!(HeapGame::parse("kayles").unwrap().name(), "0.77");
        assert_eq!(HeapGame::parse("Dawsons_Kayles").unwrap().name(), "0.07");
        assert_eq!(HeapGame::parse("0.137").unwrap().name(), "0.137");
        assert_eq!(HeapGame::parse("lasker").unwrap(), HeapGame::Lasker);
        assert_eq!(HeapGame::parse("S(4,1,3)").unwrap().name(), "S(1,3,4)");
        assert_eq!(HeapGame::parse("{1, 3,4}").unwrap().name(), "S(1,3,4)");
        assert_eq!(HeapGame::parse("subtraction(2)").unwrap().name(), "S(2)");
        assert_eq!(
            HeapGame::parse("allbut(2,1)").unwrap().name(),
            "allbut(1,2)"
        );
        assert_eq!(HeapGame::parse("all-but()").unwrap().name(), "allbut()");
        for bad in [
            "chess",
            "0.9x",
            "S()",
            "S(1,x)",
            "S(0)",
            "allbut(0)",
            "T(1,2)",
            "S(1",
        ] {
            assert!(HeapGame::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_are_checked() {
        use conway_core::{Diagnostic, ErrorKind};
        assert!(HeapGame::Lasker.check_len(MAX_LASKER_HEAP).is_ok());
        let err = HeapGame::Lasker.check_len(MAX_LASKER_HEAP + 1).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        assert_eq!(
            err.to_string(),
            "the table of lasker has size 4294967296 heaps, more than the limit of 4294967295 heaps"
        );
        assert!(HeapGame::Grundy.check_len(MAX_GRUNDYS_GAME_HEAP).is_ok());
        assert!(HeapGame::Grundy
            .check_len(MAX_GRUNDYS_GAME_HEAP + 1)
            .is_err());
        // A limit of the game itself stays a limit, naming the game.
        let set: Vec<String> = (1..=65).map(|n| n.to_string()).collect();
        let err = HeapGame::parse(&format!("allbut({})", set.join(","))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        assert!(
            matches!(&err, ImpartialError::TooLarge { what, size, .. }
                if what.starts_with("game 'allbut(1,2,") && size == "65 elements"),
            "{err}"
        );
        assert!(HeapGame::parse("kayles")
            .unwrap()
            .check_len(MAX_HEAP + 1)
            .is_err());
    }
}
