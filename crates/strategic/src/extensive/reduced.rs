//! The reduced normal form of an extensive game.
//!
//! A reduced pure strategy of a player chooses an action at each of the player's
//! information sets that the player's own choices leave reachable, and nothing elsewhere
//! (Gambit writes such a place `*`): strategies that differ only where they never play are
//! one. They are found by walking the tree with the choices made so far — every node of
//! chance and of the other players is followed, the player's own nodes follow the chosen
//! action — and branching on each action at the first reachable set not yet chosen. This
//! holds with or without perfect recall.
//!
//! The payoff of a profile is the sum over terminal nodes of chance's probability of the
//! play times its payoffs, over the terminal nodes every player's strategy agrees with.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::Zero;

use super::{next_combination, ExtensiveGame, Mover};
use crate::game::{NormalFormGame, MAX_PROFILES};
use crate::StrategicError;

/// A reduced pure strategy: for each of the player's information sets in order, the action
/// chosen there, or `None` where the player's own choices never lead.
pub type ReducedStrategy = Vec<Option<usize>>;

/// A player's choices on one play: (position of the set in the player's list, action).
type Choices = Vec<(usize, usize)>;

/// The reduced normal form, with the strategy each row and column stands for.
#[derive(Clone, Debug)]
pub struct ReducedNormalForm {
    /// The normal-form game; strategy labels as Gambit writes them (`12*`).
    pub game: NormalFormGame,
    /// Each player's reduced strategies, in the order of the game's strategies.
    pub strategies: Vec<Vec<ReducedStrategy>>,
}

/// The most choices (strategies times the player's information sets) held while reduced
/// strategies are listed: each is a machine word or two, so this bounds their memory.
pub const MAX_CHOICES: usize = 1 << 24;

/// The reduced pure strategies of `player`, in lexicographic order of their choices (the
/// first information set slowest; `*` before every action), at most `limit` of them (and
/// at most [`MAX_CHOICES`] choices in all).
pub fn reduced_strategies(
    game: &ExtensiveGame,
    player: usize,
    limit: usize,
) -> Result<Vec<ReducedStrategy>, StrategicError> {
    let own = game.player_infosets(player);
    let nodes = game.nodes();
    let limit = limit.min(MAX_CHOICES / own.len().max(1));
    let too_many = || {
        StrategicError::too_large(
            format!("reduced strategies of {}", game.players[player]),
            format!("more than {limit}"),
            limit,
        )
    };
    let mut found = Vec::new();
    // Each pending branch: its choices so far and the nodes still to walk.
    let mut pending: Vec<(ReducedStrategy, Vec<usize>)> = vec![(vec![None; own.len()], vec![0])];
    while let Some((mut choices, mut walk)) = pending.pop() {
        let mut branch = None;
        while let Some(n) = walk.pop() {
            let Some(h) = nodes[n].infoset else { continue };
            let children = &nodes[n].children;
            match game.infosets()[h].mover {
                Mover::Player(p) if p == player => {
                    let i = game.infoset_index(h);
                    match choices[i] {
                        Some(a) => walk.push(children[a]),
                        None if children.len() == 1 => {
                            choices[i] = Some(0);
                            walk.push(children[0]);
                        }
                        None => {
                            branch = Some((i, n));
                            break;
                        }
                    }
                }
                _ => walk.extend(children.iter().rev()),
            }
        }
        match branch {
            None => {
                if found.len() == limit {
                    return Err(too_many());
                }
                found.push(choices);
            }
            Some((i, n)) => {
                // Every pending branch ends in at least one more strategy.
                if found.len() + pending.len() + nodes[n].children.len() > limit {
                    return Err(too_many());
                }
                for (a, &child) in nodes[n].children.iter().enumerate().rev() {
                    let mut choices = choices.clone();
                    choices[i] = Some(a);
                    let mut walk = walk.clone();
                    walk.push(child);
                    pending.push((choices, walk));
                }
            }
        }
    }
    found.sort();
    Ok(found)
}

/// A reduced strategy's label as Gambit writes it: the number of the action at each set in
/// order, `*` where it does not choose; with a dot between them when some set has more
/// than nine actions (so that labels stay unambiguous).
pub fn strategy_label(game: &ExtensiveGame, player: usize, strategy: &ReducedStrategy) -> String {
    let wide = game
        .player_infosets(player)
        .iter()
        .any(|&h| game.infosets()[h].actions.len() > 9);
    let parts: Vec<String> = strategy
        .iter()
        .map(|c| c.map_or("*".to_string(), |a| (a + 1).to_string()))
        .collect();
    if parts.is_empty() {
        // A player who never moves has one strategy: doing nothing.
        return "*".into();
    }
    parts.join(if wide { "." } else { "" })
}

/// The reduced normal form of `game`, if its table fits [`MAX_PROFILES`] payoffs.
pub fn reduced_normal_form(game: &ExtensiveGame) -> Result<ReducedNormalForm, StrategicError> {
    let n = game.num_players();
    let mut strategies = Vec::with_capacity(n);
    let mut size = n;
    for p in 0..n {
        let limit = MAX_PROFILES / size;
        // Past `limit`, the table of payoffs would pass MAX_PROFILES: the error says which
        // player's strategies were too many.
        let list = reduced_strategies(game, p, limit)?;
        size *= list.len();
        strategies.push(list);
    }
    let shape: Vec<usize> = strategies.iter().map(Vec::len).collect();
    let profiles: usize = shape.iter().product();
    let mut payoffs = vec![vec![BigRational::zero(); n]; profiles];
    let path = game.path_payoffs();
    let reach = game.chance_reach();
    // For each player, the strategies that agree with a play, keyed by the player's
    // choices on it (many plays share them).
    let mut agreeing: Vec<HashMap<Choices, Vec<usize>>> = vec![HashMap::new(); n];
    let stride: Vec<usize> = (0..n).map(|p| shape[..p].iter().product()).collect();
    for (t, node) in game.nodes().iter().enumerate() {
        if node.infoset.is_some() || reach[t].is_zero() {
            continue;
        }
        let mut choices: Vec<Choices> = vec![Vec::new(); n];
        let mut up = node.parent;
        while let Some((parent, a)) = up {
            let h = game.nodes()[parent].infoset.expect("a parent moves");
            if let Mover::Player(p) = game.infosets()[h].mover {
                choices[p].push((game.infoset_index(h), a));
            }
            up = game.nodes()[parent].parent;
        }
        for (p, key) in choices.iter().enumerate() {
            let list = &strategies[p];
            agreeing[p].entry(key.clone()).or_insert_with(|| {
                (0..list.len())
                    .filter(|&s| key.iter().all(|&(i, a)| list[s][i] == Some(a)))
                    .collect()
            });
        }
        let lists: Vec<&Vec<usize>> = choices
            .iter()
            .enumerate()
            .map(|(p, key)| &agreeing[p][key])
            .collect();
        let weighted: Vec<BigRational> = path[t].iter().map(|u| u * &reach[t]).collect();
        for_each_profile(&lists, &stride, |profile| {
            for (x, w) in payoffs[profile].iter_mut().zip(&weighted) {
                *x += w;
            }
        });
    }
    let labels = (0..n)
        .map(|p| {
            strategies[p]
                .iter()
                .map(|s| strategy_label(game, p, s))
                .collect()
        })
        .collect();
    let game = NormalFormGame::new(game.title.clone(), game.players.clone(), labels, payoffs)?;
    Ok(ReducedNormalForm { game, strategies })
}

/// Calls `f` with the number of every profile whose strategies come from `lists` (one list
/// per player; `stride[p]` is the weight of player p's strategy in a profile's number).
fn for_each_profile(lists: &[&Vec<usize>], stride: &[usize], mut f: impl FnMut(usize)) {
    if lists.iter().any(|l| l.is_empty()) {
        return;
    }
    let sizes: Vec<usize> = lists.iter().map(|l| l.len()).collect();
    let mut at = vec![0usize; lists.len()];
    loop {
        f(at.iter()
            .enumerate()
            .map(|(p, &k)| lists[p][k] * stride[p])
            .sum());
        if !next_combination(&mut at, &sizes) {
            return;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::formats::efg::parse;
    use crate::game::integer;

    /// Selten's horse (Selten 1975, "Reexamination of the perfectness concept for
    /// equilibrium points in extensive games", the three-player game of Figure 1): player 1
    /// plays A (on to player 2) or D; player 2 plays a (ending the game) or d; after D or
    /// d, player 3, not knowing which, plays L or R.
    pub(crate) const HORSE: &str = r#"EFG 2 R "Selten's horse" { "1" "2" "3" } ""
p "" 1 1 "" { "A" "D" } 0
p "" 2 1 "" { "a" "d" } 0
t "" 1 "" { 1, 1, 1 }
p "" 3 1 "" { "L" "R" } 0
t "" 2 "" { 4, 4, 0 }
t "" 3 "" { 1, 1, 1 }
p "" 3 1 "" { "L" "R" } 0
t "" 4 "" { 3, 3, 2 }
t "" 5 "" { 0, 0, 0 }
"#;

    #[test]
    fn the_horse_in_normal_form() {
        let g = parse(HORSE).unwrap();
        let r = reduced_normal_form(&g).unwrap();
        assert_eq!(r.game.shape(), vec![2, 2, 2]);
        // (D, ·, L): payoffs 3, 3, 2; (A, d, L): 4, 4, 0.
        let profile = r.game.profile_index(&[1, 0, 0]);
        assert_eq!(
            r.game.payoffs_at(profile),
            &[integer(3), integer(3), integer(2)]
        );
        let profile = r.game.profile_index(&[0, 1, 0]);
        assert_eq!(
            r.game.payoffs_at(profile),
            &[integer(4), integer(4), integer(0)]
        );
        // (A, a, ·): the game ends after two moves.
        let profile = r.game.profile_index(&[0, 0, 1]);
        assert_eq!(
            r.game.payoffs_at(profile),
            &[integer(1), integer(1), integer(1)]
        );
    }

    /// Player 1 ends the game at once (Out, paying 5 to player 1) or goes on (In); after
    /// player 2's move, player 1 chooses again at a second set.
    pub(crate) const OUT_OR_IN: &str = "EFG 2 R \"\" { \"A\" \"B\" } \"\"\n\
        p \"\" 1 1 \"\" { \"Out\" \"In\" } 0\n t \"\" 1 \"\" { 5 0 }\n\
        p \"\" 2 1 \"\" { \"l\" \"r\" } 0\n\
        p \"\" 1 2 \"\" { \"x\" \"y\" } 0\n t \"\" 2 \"\" { 1 1 }\n t \"\" 3 \"\" { 2 2 }\n\
        t \"\" 4 \"\" { 3 3 }\n";

    #[test]
    fn strategies_that_never_play_a_set_are_one() {
        // Out·x and Out·y are one reduced strategy, "1*".
        let g = parse(OUT_OR_IN).unwrap();
        let r = reduced_normal_form(&g).unwrap();
        assert_eq!(r.game.strategies[0], vec!["1*", "21", "22"]);
        assert_eq!(r.game.strategies[1], vec!["1", "2"]);
    }
}
