//! Impartial heap and coin rulesets as values of `eval`, nimbers that take part in sums with
//! any other game:
//!
//! - `take_and_break(rule, n)` is CGSuite's `TakeAndBreak(code)(n)` (and `Subtraction`,
//!   `Splittles`, `Spawning`, `GrundysGame`, Lasker's Nim): a heap of n under any rule
//!   `conway solve heap` takes — `"0.77"`, `"4.07"`, `"S(1,3)"`, `"allbut(1,2)"`,
//!   `"splittles(1,3)"`, `"spawning(1-3)"`, `"grundy"`, `"lasker"`, `"kayles"`;
//! - `turning(code, coins)` is CGSuite's `Turning(code)(coins)`: a row of coins (`h`/`t`)
//!   under a turning code (`"1-3"`, `"3E"`).
//!
//! A heap's value is its Grundy value from the rule's sequence ([`HeapSequence`]), a row's
//! the nim-sum of its heads' values: neither builds canonical forms, so heaps of a million
//! are quick where the sequence is.

use std::ops::ControlFlow;
use std::sync::Arc;

use conway_core::{NoProgress, Progress};
use conway_impartial::games::coins::{self, CoinRule, MAX_COINS};
use conway_impartial::games::turning::TurningRow;
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::MAX_SOLVE_HEAP;
use conway_impartial::heap::sequence::HeapSequence;
use conway_impartial::heap::spawning::SpawningCode;
use conway_impartial::heap::HeapRule;
use conway_impartial::ImpartialError;
use conway_partizan::{GameId, PartizanError, Player, Store};

use crate::moves::{position_moves, Described, PositionMoves};
use crate::partizan_heap::heap_move_text;
use crate::registry::{mismatch, Arg, Limit, Param, ParamKind, Ruleset, Values};

/// An impartial error as the registry's, limits kept as limits.
fn partizan_error(e: ImpartialError) -> PartizanError {
    match e {
        ImpartialError::TooLarge { what, size, limit } => {
            PartizanError::too_large(what, size, limit)
        }
        ImpartialError::Interrupted | ImpartialError::InterruptedAtHeap { .. } => {
            PartizanError::Interrupted
        }
        e => PartizanError::InvalidInput(e.to_string()),
    }
}

/// Runs a table's computation under the evaluation's progress hook, which hears it and may
/// stop it.
fn with_hook<T>(
    store: &Store,
    work: impl FnOnce(&dyn Progress) -> Result<T, ImpartialError>,
) -> Result<T, PartizanError> {
    let hook = store.progress_hook();
    work(hook.as_deref().map_or(&NoProgress, |h| h)).map_err(partizan_error)
}

/// A rule with the Grundy values of its heaps up to the largest of a position.
#[derive(Debug)]
struct HeapRuleValues {
    /// The rule as written in the call.
    written: String,
    rule: HeapGame,
    values: Vec<u64>,
}

/// Heaps under one impartial rule.
#[derive(Clone, Debug)]
pub struct ImpartialHeaps {
    rule: Arc<HeapRuleValues>,
    heaps: Vec<u64>,
}

impl ImpartialHeaps {
    fn of(rule: Arc<HeapRuleValues>, heaps: impl IntoIterator<Item = u64>) -> ImpartialHeaps {
        let mut heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        ImpartialHeaps { rule, heaps }
    }

    fn nim_value(&self) -> u64 {
        (self.heaps.iter()).fold(0, |acc, &h| acc ^ self.rule.values[h as usize])
    }

    /// Visits each move: the heap moved on, the heaps it becomes.
    fn visit_moves(&self, visit: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>) {
        for (i, &heap) in self.heaps.iter().enumerate() {
            if i > 0 && self.heaps[i - 1] == heap {
                continue; // equal heaps, equal moves
            }
            if self
                .rule
                .rule
                .visit_options(heap, &mut |parts| visit(heap, parts))
                .is_break()
            {
                return;
            }
        }
    }
}

impl Described for ImpartialHeaps {
    fn expression(&self) -> String {
        if self.heaps.is_empty() {
            return "0".to_string();
        }
        let heaps: Vec<String> = (self.heaps.iter())
            .map(|h| format!("{}(\"{}\", {h})", TAKE_AND_BREAK.name, self.rule.written))
            .collect();
        heaps.join(" + ")
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let mut out = Vec::new();
        self.visit_moves(&mut |heap, parts| {
            let mut rest = self.heaps.clone();
            if let Some(i) = rest.iter().position(|&h| h == heap) {
                rest.remove(i);
            }
            let after = ImpartialHeaps::of(
                self.rule.clone(),
                rest.into_iter().chain(parts.iter().copied()),
            );
            out.push((heap_move_text(player, &self.rule.rule, heap, parts), after));
            ControlFlow::Continue(())
        });
        out
    }

    fn move_count(&self, _: Player) -> usize {
        let mut count = 0;
        self.visit_moves(&mut |_, _| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }
}

/// `take_and_break`'s heap of its arguments, with the values of every smaller heap.
fn heap_of(store: &Store, args: &[Arg<'_>]) -> Result<ImpartialHeaps, PartizanError> {
    let [Arg::Word(rule), Arg::Natural(heap)] = args else {
        return Err(mismatch());
    };
    if *heap > MAX_SOLVE_HEAP {
        return Err(PartizanError::too_large(
            "take_and_break's heap",
            heap,
            MAX_SOLVE_HEAP,
        ));
    }
    let game = HeapGame::parse(rule).map_err(partizan_error)?;
    let mut sequence = HeapSequence::new(&game);
    // 0.06 to a million heaps takes minutes.
    with_hook(store, |progress| {
        sequence.extend_to(*heap as usize + 1, progress)
    })?;
    let values = sequence.into_values().to_u64_vec();
    let rule = HeapRuleValues {
        written: rule.trim().to_string(),
        rule: game,
        values,
    };
    Ok(ImpartialHeaps::of(Arc::new(rule), [*heap]))
}

/// A row of coins under a turning code.
#[derive(Clone, Debug)]
pub struct TurningCoins {
    row: Arc<TurningRow>,
    coins: Vec<bool>,
}

impl TurningCoins {
    fn nim_value(&self) -> u64 {
        (1..=self.coins.len() as u64)
            .filter(|&x| self.coins[x as usize - 1])
            .fold(0, |acc, x| acc ^ self.row.value_of_coin(x))
    }

    /// Visits each move: the coins turned, the rightmost heads to tails.
    fn visit_moves(&self, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>) {
        for x in (1..=self.coins.len() as u64).filter(|&x| self.coins[x as usize - 1]) {
            if self.row.visit_sets(x, visit).is_break() {
                return;
            }
        }
    }
}

impl Described for TurningCoins {
    fn expression(&self) -> String {
        let coins: String = (self.coins.iter())
            .map(|&h| if h { 'h' } else { 't' })
            .collect();
        format!("{}(\"{}\", \"{coins}\")", TURNING.name, self.row.code())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let mut out = Vec::new();
        self.visit_moves(&mut |set| {
            let mut coins = self.coins.clone();
            for &c in set {
                coins[c as usize - 1] = !coins[c as usize - 1];
            }
            let text = format!("{} turns over {}", player.name(), coins::coins_text(set));
            out.push((
                text,
                TurningCoins {
                    row: self.row.clone(),
                    coins,
                },
            ));
            ControlFlow::Continue(())
        });
        out
    }

    fn move_count(&self, _: Player) -> usize {
        let mut count = 0;
        self.visit_moves(&mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }
}

/// `turning`'s row of its arguments, with the values of its coins.
fn row_of(store: &Store, args: &[Arg<'_>]) -> Result<TurningCoins, PartizanError> {
    let [Arg::Word(code), Arg::Position(coins)] = args else {
        return Err(mismatch());
    };
    let code = SpawningCode::parse(code).map_err(partizan_error)?;
    let coins = coins::parse_row(coins).map_err(partizan_error)?;
    let row = with_hook(store, |progress| {
        TurningRow::new(TURNING.name, code, coins.len(), progress)
    })?;
    Ok(TurningCoins {
        row: Arc::new(row),
        coins,
    })
}

/// The value and the moves of a position worth the nimber `nim_value` gives.
fn nim_moves<P: Described>(
    store: &mut Store,
    position: &P,
    nim_value: impl Fn(&P) -> u64,
) -> Result<PositionMoves, PartizanError> {
    position_moves(store, position, |store, p| store.nimber(nim_value(p)))
}

fn heap_value(store: &mut Store, args: &[Arg<'_>]) -> Result<GameId, PartizanError> {
    Ok(store.nimber(heap_of(store, args)?.nim_value()))
}

fn row_value(store: &mut Store, args: &[Arg<'_>]) -> Result<GameId, PartizanError> {
    Ok(store.nimber(row_of(store, args)?.nim_value()))
}

/// Impartial take-and-break heaps in the registry.
pub static TAKE_AND_BREAK: Ruleset = Ruleset {
    name: "take_and_break",
    aliases: &["TakeAndBreak"],
    title: "Take-and-Break",
    summary: "a heap of n under any heap rule conway solve heap takes (\"0.77\", \"S(1,3)\", \
              \"allbut(1,2)\", \"splittles(1,3)\", \"spawning(1-3)\", \"grundy\", \"lasker\"): \
              its nim value",
    params: &[
        Param::new("rule", ParamKind::Word),
        Param::new("n", ParamKind::Natural),
    ],
    example: "take_and_break(\"0.77\", 7)",
    limits: &[Limit::new("heap", MAX_SOLVE_HEAP, || {
        format!("{}(\"0.77\", {})", TAKE_AND_BREAK.name, MAX_SOLVE_HEAP + 1)
    })],
    values: Values::Short {
        value: heap_value,
        moves: |store, args| {
            let heap = heap_of(store, args)?;
            nim_moves(store, &heap, ImpartialHeaps::nim_value)
        },
        // Every variant of an impartial game is the game itself.
        variant: |store, _, args| heap_value(store, args),
    },
    picture: None,
    board: None,
    search: None,
};

/// Coin-turning rows in the registry.
pub static TURNING: Ruleset = Ruleset {
    name: "turning",
    aliases: &["Turning"],
    title: "Turning",
    summary: "a row of coins (h heads, t tails) under a turning code (\"1-3\" Mock Turtles, \
              \"1+C\" Ruler, \"3E\" Turnips, \"4FS\" Grunt): its nim value",
    params: &[
        Param::new("code", ParamKind::Word),
        Param::new("htthh", ParamKind::Position),
    ],
    example: "turning(\"3E\", \"tthtthtth\")",
    limits: &[Limit::new("coins", MAX_COINS as u64, || {
        format!(
            "{}(\"1-2\", \"{}\")",
            TURNING.name,
            "h".repeat(MAX_COINS + 1)
        )
    })],
    values: Values::Short {
        value: row_value,
        moves: |store, args| {
            let row = row_of(store, args)?;
            nim_moves(store, &row, TurningCoins::nim_value)
        },
        // Every variant of an impartial game is the game itself.
        variant: |store, _, args| row_value(store, args),
    },
    picture: None,
    board: None,
    search: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The canonical form of a position's game tree, from the moves the listing describes.
    fn tree_value<P: Described>(
        store: &mut Store,
        p: &P,
        seen: &mut HashMap<String, GameId>,
    ) -> GameId {
        if let Some(&g) = seen.get(&p.expression()) {
            return g;
        }
        let mut options = |player| {
            let moves = p.described_moves(player);
            moves
                .iter()
                .map(|(_, q)| tree_value(store, q, seen))
                .collect::<Vec<_>>()
        };
        let (left, right) = (options(Player::Left), options(Player::Right));
        let g = store.construct(&left, &right);
        seen.insert(p.expression(), g);
        g
    }

    fn eval_heap(rule: &str, n: u64) -> ImpartialHeaps {
        heap_of(&Store::new(), &[Arg::Word(rule), Arg::Natural(n)]).expect("a heap")
    }

    /// Kayles and Dawson's Kayles (Winning Ways ch. 4; OEIS A002186, A002187): the nim
    /// values of heaps 0–12.
    #[test]
    fn published_nim_values() {
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
        let dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2];
        for n in 0..=12u64 {
            assert_eq!(eval_heap("kayles", n).nim_value(), kayles[n as usize]);
            assert_eq!(eval_heap("0.07", n).nim_value(), dawson[n as usize]);
        }
    }

    /// The nimber of a heap or a row is the canonical form of its game tree, moves read from
    /// the same descriptions the listing shows.
    #[test]
    fn nimbers_are_the_game_trees_values() {
        let mut store = Store::new();
        for (rule, n) in [
            ("0.77", 9),
            ("S(1,3,4)", 10),
            ("spawning(1-3)", 7),
            ("lasker", 6),
        ] {
            let heap = eval_heap(rule, n);
            let value = store.nimber(heap.nim_value());
            assert_eq!(
                tree_value(&mut store, &heap, &mut HashMap::new()),
                value,
                "{rule} {n}"
            );
        }
        for (code, coins) in [("3E", "tthtthtth"), ("1+C", "hthht"), ("4FS", "hthhtth")] {
            let row =
                row_of(&Store::new(), &[Arg::Word(code), Arg::Position(coins)]).expect("a row");
            let value = store.nimber(row.nim_value());
            assert_eq!(
                tree_value(&mut store, &row, &mut HashMap::new()),
                value,
                "{code} {coins}"
            );
        }
    }

    #[test]
    fn bad_rules_and_rows_are_refused() {
        let store = Store::new();
        assert!(heap_of(&store, &[Arg::Word("0.9x"), Arg::Natural(3)]).is_err());
        assert!(row_of(&store, &[Arg::Word("3Q"), Arg::Position("hh")]).is_err());
        assert!(row_of(&store, &[Arg::Word("3E"), Arg::Position("hx")]).is_err());
    }
}
