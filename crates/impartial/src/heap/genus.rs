//! Misère play of heap games: the *genus* of a position (Winning Ways ch. 13), found by an
//! exhaustive search over sums of heaps.
//!
//! The genus of G is `g^{γ0 γ1 γ2 …}`: `g` is G's normal-play Grundy value and `γi` the
//! misère Grundy value of G plus `i` nim heaps of size 2. `γ0` alone decides misère play of G
//! (the player to move loses iff `γ0 = 0`). The genus of a position comes from its options'
//! genera — `γ0` is their mex (1 when there is no option) and `γi` for `i ≥ 1` is the mex of
//! the options' `γi` together with `γ(i-1)` and `γ(i-1) ⊕ 1` (the moves in one of the added
//! heaps) — and the sequence alternates from some point on, so it is kept up to where it
//! starts alternating, as Winning Ways and CGSuite print it.
//!
//! Misère play has no Sprague-Grundy theorem: the genus of a sum is not a function of its
//! parts' genera in general, so positions here are whole multisets of heaps, searched with a
//! limit on how many are stored. [`heap_genera`] is `conway grundy --misere`: the genera of
//! single heaps as far as that limit allows, in a [`GenusReport`].

use std::collections::HashMap;

use conway_core::{Progress, Work};
use serde::{Serialize, Serializer};

use super::catalog::HeapGame;
use super::HeapSum;
use crate::mex;
use crate::solver::{evaluate, MoveBudget};
use crate::ImpartialError;

/// The default number of positions (multisets of heaps) the search stores.
pub const DEFAULT_GENUS_LIMIT: usize = 2_000_000;

/// The default number of moves (options generated) the search looks at, in all the queries
/// of one search. A move costs a list of heaps built, hashed and looked up, and its genus
/// combined, under a microsecond: the whole budget takes 11 to 15 s on one core (misère
/// Kayles stops before heap 56, Grundy's game before 51). Before it, `conway grundy kayles
/// --misere --to 100` ran 177 s to reach the position limit.
pub const DEFAULT_GENUS_MOVES: u64 = 1 << 24;

/// The genus `g^{γ0 γ1 …}` of a position, kept up to where the `γ` alternate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub normal: u64,
    /// `γ0, γ1, …`: at least two, the last two alternating forever after.
    pub misere: Vec<u64>,
}

impl Genus {
    /// `γi` for any `i`, continuing the alternation of the last two stored digits.
    pub fn digit(&self, i: usize) -> u64 {
        let len = self.misere.len();
        if i < len {
            self.misere[i]
        } else {
            self.misere[len - 2 + (len ^ i) % 2]
        }
    }

    /// The misère Grundy value `γ0`: zero iff the player to move loses in misère play.
    pub fn misere_value(&self) -> u64 {
        self.misere[0]
    }

    /// The genus of a position from its options' genera (the empty position when there are
    /// none: `0^{120}`).
    pub fn from_options(options: &[Genus]) -> Genus {
        let normal = mex(options.iter().map(|g| g.normal));
        let first = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|g| g.digit(0)))
        };
        // Past every option's own alternation, plus two, this one alternates too.
        let last = options
            .iter()
            .map(|g| g.misere.len() - 1)
            .max()
            .unwrap_or(0)
            .max(1)
            + 2;
        let mut digits = vec![first];
        for i in 1..=last {
            let prev = digits[i - 1];
            let v = mex(options.iter().map(|g| g.digit(i)).chain([prev, prev ^ 1]));
            digits.push(v);
        }
        while digits.len() > 2 && digits[digits.len() - 1] == digits[digits.len() - 3] {
            digits.pop();
        }
        Genus {
            normal,
            misere: digits,
        }
    }
}

impl std::fmt::Display for Genus {
    /// `4^146`, or `11^(0,12,13)` when a digit has two places.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        if self.misere.iter().any(|&d| d >= 10) {
            write!(f, "{}^({})", self.normal, digits.join(","))
        } else {
            write!(f, "{}^{}", self.normal, digits.concat())
        }
    }
}

/// A genus serializes as it is written: `"4^146"`.
impl Serialize for Genus {
    fn serialize<S: Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
        out.collect_str(self)
    }
}

/// Genera of sums of heaps of one game, memoised across queries.
pub struct GenusSearch {
    sum: HeapSum<HeapGame>,
    memo: HashMap<Vec<u64>, Genus>,
    limit: usize,
    moves: MoveBudget,
}

impl GenusSearch {
    /// A search storing at most `limit` positions and looking at most at
    /// [`DEFAULT_GENUS_MOVES`] moves.
    pub fn new(game: &HeapGame, limit: usize) -> Self {
        GenusSearch::with_moves(game, limit, DEFAULT_GENUS_MOVES)
    }

    /// A search storing at most `limit` positions and looking at most at `moves` moves.
    pub fn with_moves(game: &HeapGame, limit: usize, moves: u64) -> Self {
        GenusSearch {
            sum: HeapSum(game.clone()),
            memo: HashMap::new(),
            limit,
            moves: MoveBudget::new(moves),
        }
    }

    /// The genus of the sum of these heaps (zeros are ignored).
    pub fn genus(&mut self, heaps: &[u64]) -> Result<Genus, ImpartialError> {
        let position = HeapSum::<HeapGame>::position(heaps);
        evaluate(
            &self.sum,
            &position,
            &mut self.memo,
            self.limit,
            &mut self.moves,
            Genus::from_options,
        )
    }

    /// The options of the sum of these heaps that the player to move wins by in misère
    /// play (their `γ0` is 0), as sorted lists of heaps.
    pub fn misere_winning_options(
        &mut self,
        heaps: &[u64],
    ) -> Result<Vec<Vec<u64>>, ImpartialError> {
        use crate::ImpartialGame;
        let position = HeapSum::<HeapGame>::position(heaps);
        let mut winning = Vec::new();
        for option in self.sum.options(&position) {
            if self.genus(&option)?.misere_value() == 0 && !winning.contains(&option) {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// How many positions are stored.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// How many moves the search has looked at.
    pub fn moves(&self) -> u64 {
        self.moves.used
    }
}

/// What `conway grundy --misere` reports; its serialization is the command's JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GenusReport {
    /// The game's code, set or name.
    pub game: String,
    /// The last heap whose genus was found: heaps `0..=computed_to` (0 too when none was).
    pub computed_to: usize,
    /// The misère Grundy value `γ0` of each heap: 0 when the player to move loses.
    pub misere_values: Vec<u64>,
    /// The genus of each heap, written `g^γ0γ1…` (`"4^146"`).
    pub genus: Vec<Genus>,
    /// Whether every heap asked for has its genus.
    pub complete: bool,
    /// Each heap's misère canonical form in CGSuite's notation (with `--forms`), as far as
    /// the store of forms reaches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forms: Option<Vec<String>>,
    /// When the search stopped early: before which heap and why (the search limit).
    pub note: Option<String>,
}

/// The genera of single heaps `0..=to`, as far as a search storing at most `limit`
/// positions and looking at most at [`DEFAULT_GENUS_MOVES`] moves reaches: a heap that
/// needs more ends the list there, and the report says so (it is not an error). `progress` hears after each heap; a stop it asks for is
/// [`ImpartialError::InterruptedAtHeap`].
pub fn heap_genera(
    game: &HeapGame,
    to: usize,
    limit: usize,
    progress: &dyn Progress,
) -> Result<GenusReport, ImpartialError> {
    heap_genera_with(GenusSearch::new(game, limit), to, progress)
}

/// [`heap_genera`] with the search given (its limits).
pub fn heap_genera_with(
    mut search: GenusSearch,
    to: usize,
    progress: &dyn Progress,
) -> Result<GenusReport, ImpartialError> {
    let game = search.sum.0.clone();
    let mut genera = Vec::new();
    let mut note = None;
    for n in 0..=to {
        match search.genus(&[n as u64]) {
            Ok(g) => genera.push(g),
            // Only a limit ends the search; any other error is one.
            Err(e @ (ImpartialError::PositionLimit { .. } | ImpartialError::MoveLimit { .. })) => {
                note = Some(format!("stopped before heap {n}: {e}"));
                break;
            }
            Err(e) => return Err(e),
        }
        let done = genera.len();
        if n < to
            && progress
                .report(Work::of(
                    done as u64,
                    (to as u64).saturating_add(1),
                    "heaps",
                ))
                .is_break()
        {
            return Err(ImpartialError::InterruptedAtHeap {
                heap: done,
                saved_to: None,
            });
        }
    }
    Ok(GenusReport {
        game: game.name(),
        computed_to: genera.len().saturating_sub(1),
        misere_values: genera.iter().map(Genus::misere_value).collect(),
        genus: genera,
        complete: note.is_none(),
        forms: None,
        note,
    })
}

/// A genus is a string in the JSON.
impl schemars::JsonSchema for Genus {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Genus".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "description": "a misère genus, as 4^146" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapRule;
    use conway_core::{NoProgress, StopAfter};
    use proptest::prelude::*;

    /// Expands CGSuite's printed genus to its first `k` digits. CGSuite abbreviates by
    /// phylum: a bare `g` is a nim heap (γ0 = 1 - g for g < 2, else g; then g, g ⊕ 2
    /// alternating), one superscript digit is a tame game (then g ⊕ 2, g alternating), more
    /// digits are written until they alternate.
    fn expand_cgsuite(text: &str, k: usize) -> (u64, Vec<u64>) {
        let (g, sup) = text.split_once('^').unwrap_or((text, ""));
        let g: u64 = g.parse().unwrap();
        let sup: Vec<u64> = sup
            .chars()
            .map(|c| c.to_digit(10).unwrap().into())
            .collect();
        let digits = (0..k)
            .map(|i| match sup.len() {
                0 if i == 0 && g < 2 => 1 - g,
                0 | 1 if i >= sup.len() => g ^ ((i as u64 & 1) << 1),
                len if i < len => sup[i],
                len => sup[len - 2 + (len ^ i) % 2],
            })
            .collect();
        (g, digits)
    }

    /// Kayles genus of heaps 0..20 as CGSuite prints it (CGSuite's test suite,
    /// GameHeapTest.scala; misère Kayles as solved by Sibert & Conway, 1992).
    #[test]
    fn kayles_genus_matches_cgsuite() {
        let cgsuite = "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,\
                       3^31,2^20,1^031";
        let report = heap_genera(
            &HeapGame::parse("kayles").unwrap(),
            20,
            1_000_000,
            &NoProgress,
        )
        .unwrap();
        assert!(report.complete && report.note.is_none());
        let genera = report.genus;
        assert_eq!(genera.len(), 21);
        for (n, (text, genus)) in cgsuite.split(',').zip(&genera).enumerate() {
            let (g, digits) = expand_cgsuite(text, 8);
            let ours: Vec<u64> = (0..8).map(|i| genus.digit(i)).collect();
            assert_eq!(
                (genus.normal, ours),
                (g, digits),
                "heap {n}: {text} vs {genus}"
            );
        }
        assert_eq!(genera[5].to_string(), "4^146");
        assert_eq!(genera[0].to_string(), "0^120");
    }

    /// Misère Grundy values of single heaps (CGSuite's test suite, GameHeapTest.scala).
    #[test]
    fn misere_values_match_cgsuite() {
        let cases: [(&str, [u64; 21]); 3] = [
            (
                "kayles",
                [
                    1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
                ],
            ),
            (
                "dawsons-kayles",
                [
                    1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3,
                ],
            ),
            (
                "grundy",
                [
                    1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,
                ],
            ),
        ];
        for (name, expected) in cases {
            let report =
                heap_genera(&HeapGame::parse(name).unwrap(), 20, 1_000_000, &NoProgress).unwrap();
            assert_eq!(report.misere_values, expected, "{name}");
        }
    }

    /// The search limit ends the list early, and the report says before which heap and
    /// why; the heaps before it keep their genera.
    #[test]
    fn stops_at_the_limit() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let report = heap_genera(&kayles, 99, 2_000, &NoProgress).unwrap();
        let n = report.genus.len();
        assert!(n > 5 && n < 100, "{n}");
        assert!(!report.complete);
        assert_eq!(report.computed_to, n - 1);
        assert_eq!(report.misere_values.len(), n);
        assert_eq!(
            report.note.as_deref(),
            Some(
                format!(
                    "stopped before heap {n}: the search needs more than 2000 positions; \
                     use a smaller position or the game's closed form"
                )
                .as_str()
            )
        );
        let whole = heap_genera(&kayles, 99, 1_000_000, &NoProgress).unwrap();
        assert_eq!(report.genus, whole.genus[..n]);
    }

    /// The move budget ends the list early too, with the note naming it, however few
    /// positions are stored; the heaps before keep their genera.
    #[test]
    fn stops_at_the_move_limit() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let search = GenusSearch::with_moves(&kayles, 1_000_000, 5_000);
        let report = heap_genera_with(search, 99, &NoProgress).unwrap();
        let n = report.genus.len();
        assert!(n > 5 && n < 100, "{n}");
        assert!(!report.complete);
        assert_eq!(
            report.note.as_deref(),
            Some(
                format!(
                    "stopped before heap {n}: the search needs more than 5000 moves; use a \
                     smaller position"
                )
                .as_str()
            )
        );
        let whole = heap_genera(&kayles, 99, 1_000_000, &NoProgress).unwrap();
        assert_eq!(report.genus, whole.genus[..n]);
        // The count is exact: the moves of heaps 0..n fit, and stay within the budget.
        let mut search = GenusSearch::with_moves(&kayles, 1_000_000, 5_000);
        for h in 0..n as u64 {
            search.genus(&[h]).unwrap();
        }
        assert!(search.moves() <= 5_000);
        assert!(matches!(
            search.genus(&[n as u64]),
            Err(ImpartialError::MoveLimit { limit: 5_000, .. })
        ));
    }

    /// Ctrl-C between heaps: an interruption naming the first heap not done, not a report.
    #[test]
    fn a_stop_is_an_interruption() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let err = heap_genera(&kayles, 30, 1_000_000, &StopAfter::units(7)).unwrap_err();
        assert!(matches!(
            err,
            ImpartialError::InterruptedAtHeap {
                heap: 7,
                saved_to: None
            }
        ));
        assert_eq!(err.to_string(), "interrupted at heap 7");
    }

    /// The report serializes to the CLI's JSON: misère Kayles, heaps 0..10, as Winning Ways
    /// (ch. 13) and CGSuite write the genera.
    #[test]
    fn report_serializes_to_the_cli_json() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let report = heap_genera(&kayles, 10, DEFAULT_GENUS_LIMIT, &NoProgress).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"game":"0.77","computed_to":10,"misere_values":[1,0,2,3,0,1,3,2,1,0,2],"genus":["0^120","1^031","2^20","3^31","1^031","4^146","3^31","2^20","1^13","4^046","2^20"],"complete":true,"note":null}"#
        );
        let cut = heap_genera(&kayles, 10, 50, &NoProgress).unwrap();
        let json: serde_json::Value = serde_json::to_value(&cut).unwrap();
        assert_eq!(json["complete"], false);
        assert!(json["note"]
            .as_str()
            .unwrap()
            .starts_with("stopped before heap"));
    }

    /// The misère Grundy value of heaps plus `twos` nim heaps of size 2 and `ones` of size
    /// 1, by the definition: the mex of the options' values, 1 when there is no move.
    fn misere_with_nim(
        game: &HeapGame,
        heaps: Vec<u64>,
        twos: usize,
        ones: usize,
        memo: &mut HashMap<(Vec<u64>, usize, usize), u64>,
    ) -> u64 {
        let key = (HeapSum::<HeapGame>::position(&heaps), twos, ones);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let heaps = key.0.clone();
        let mut values = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for parts in game.heap_options(h) {
                let mut next = heaps.clone();
                next.remove(i);
                next.extend(parts);
                values.push(misere_with_nim(game, next, twos, ones, memo));
            }
        }
        if twos > 0 {
            values.push(misere_with_nim(
                game,
                heaps.clone(),
                twos - 1,
                ones + 1,
                memo,
            ));
            values.push(misere_with_nim(game, heaps.clone(), twos - 1, ones, memo));
        }
        if ones > 0 {
            values.push(misere_with_nim(game, heaps.clone(), twos, ones - 1, memo));
        }
        let v = if values.is_empty() { 1 } else { mex(values) };
        memo.insert(key, v);
        v
    }

    proptest! {
        /// Each digit γi is the misère Grundy value of the position plus i heaps of 2,
        /// searched directly, on sums of heaps of random codes.
        #[test]
        fn digits_are_misere_values_with_twos(
            code in proptest::sample::select(vec!["0.77", "0.07", "0.137", "0.6", "4.07", "0.31", "0.F"]),
            heaps in proptest::collection::vec(0u64..7, 1..3),
        ) {
            let game = HeapGame::parse(code).unwrap();
            let mut search = GenusSearch::new(&game, 1_000_000);
            let genus = search.genus(&heaps).unwrap();
            let mut memo = HashMap::new();
            for i in 0..4 {
                prop_assert_eq!(
                    genus.digit(i),
                    misere_with_nim(&game, heaps.clone(), i, 0, &mut memo),
                    "digit {} of {}", i, genus
                );
            }
        }
    }
}
