//! Behaviour strategy profiles of extensive games: a probability distribution over the
//! actions at each information set of each player.
//!
//! With perfect recall every mixed strategy has an equivalent behaviour strategy (Kuhn
//! 1953): at a set the player's own choices reach, the probability of an action is the
//! weight of the reduced strategies choosing it over the weight of those reaching the set
//! ([`from_mixed`]). At a set the player's own strategy never reaches, every choice is
//! equally good and none is implied; such sets are `None` here, and all zeros in Gambit's
//! flat listing ([`flat`]).
//!
//! [`is_equilibrium`] is the exact test on the tree: each player's expected payoff equals
//! the value of a best response, computed by choosing at the player's information sets from
//! the last to the first, each action valued against the others' behaviour and chance.

use num_rational::BigRational;
use num_traits::Zero;

use super::reduced::ReducedNormalForm;
use super::{ExtensiveGame, Mover};
use crate::game::MixedProfile;

/// For each player, for each of their information sets in order, the probability of each
/// action, or `None` where the player's own strategy never leads.
pub type BehaviourProfile = Vec<Vec<Option<Vec<BigRational>>>>;

/// The behaviour profile equivalent to a mixed profile of the reduced normal form (the game
/// must have perfect recall).
pub fn from_mixed(
    game: &ExtensiveGame,
    reduced: &ReducedNormalForm,
    mixed: &MixedProfile,
) -> BehaviourProfile {
    (0..game.num_players())
        .map(|p| {
            let strategies = &reduced.strategies[p];
            game.player_infosets(p)
                .iter()
                .enumerate()
                .map(|(i, &h)| {
                    let mut weights = vec![BigRational::zero(); game.infosets()[h].actions.len()];
                    for (s, q) in strategies.iter().zip(&mixed[p]) {
                        if let Some(a) = s[i] {
                            weights[a] += q;
                        }
                    }
                    let reach: BigRational = weights.iter().sum();
                    (!reach.is_zero()).then(|| weights.iter().map(|w| w / &reach).collect())
                })
                .collect()
        })
        .collect()
}

/// The profile as Gambit lists it: per player, every action's probability set after set,
/// zeros at sets the player's own strategy never reaches.
pub fn flat(game: &ExtensiveGame, profile: &BehaviourProfile) -> Vec<Vec<BigRational>> {
    profile
        .iter()
        .enumerate()
        .map(|(p, sets)| {
            sets.iter()
                .zip(game.player_infosets(p))
                .flat_map(|(probs, &h)| match probs {
                    Some(q) => q.clone(),
                    None => vec![BigRational::zero(); game.infosets()[h].actions.len()],
                })
                .collect()
        })
        .collect()
}

/// The probability of each action at each node under `profile` (chance's probabilities at
/// chance nodes; zero at sets marked `None`).
fn action_probability(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    h: usize,
    a: usize,
) -> BigRational {
    let set = &game.infosets()[h];
    match set.mover {
        Mover::Chance => set.probabilities[a].clone(),
        Mover::Player(p) => profile[p][game.infoset_index(h)]
            .as_ref()
            .map_or_else(BigRational::zero, |q| q[a].clone()),
    }
}

/// The probability of reaching each node when everyone but `skip` plays `profile` (and
/// `skip`, if any, plays to reach it).
fn reach(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    skip: Option<usize>,
) -> Vec<BigRational> {
    game.reach(|h, a| {
        let skipped = skip.is_some_and(|q| game.infosets()[h].mover == Mover::Player(q));
        (!skipped).then(|| action_probability(game, profile, h, a))
    })
}

/// Each player's expected payoff under `profile`.
pub fn payoffs(game: &ExtensiveGame, profile: &BehaviourProfile) -> Vec<BigRational> {
    payoffs_with(game, profile, &game.path_payoffs())
}

/// [`payoffs`], the payoffs of every play (`path`) given.
fn payoffs_with(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    path: &[Vec<BigRational>],
) -> Vec<BigRational> {
    let reach = reach(game, profile, None);
    let mut total = vec![BigRational::zero(); game.num_players()];
    for (t, node) in game.nodes().iter().enumerate() {
        if node.infoset.is_none() && !reach[t].is_zero() {
            for (x, u) in total.iter_mut().zip(&path[t]) {
                *x += u * &reach[t];
            }
        }
    }
    total
}

/// The best payoff `player` can get against the others' behaviour in `profile`, or `None`
/// when the game lacks perfect recall (the player's sets are then not ordered so that each
/// can be decided after those below it).
pub fn best_response_value(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    player: usize,
) -> Option<BigRational> {
    best_response_with(game, profile, player, &game.path_payoffs())
}

/// [`best_response_value`], the payoffs of every play (`path`) given.
fn best_response_with(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    player: usize,
    path: &[Vec<BigRational>],
) -> Option<BigRational> {
    let nodes = game.nodes();
    let others = reach(game, profile, Some(player));
    let mut value: Vec<Option<BigRational>> = vec![None; nodes.len()];
    let mut best: Vec<Option<usize>> = vec![None; game.infosets().len()];
    // The value of the subtree at `root`, every set of the player in it already decided
    // (false when one is not: the game lacks perfect recall).
    let evaluate = |root: usize, value: &mut Vec<Option<BigRational>>, best: &[Option<usize>]| {
        let mut stack = vec![(root, false)];
        while let Some((n, expanded)) = stack.pop() {
            if value[n].is_some() {
                continue;
            }
            let node = &nodes[n];
            let Some(h) = node.infoset else {
                value[n] = Some(path[n][player].clone());
                continue;
            };
            let own = game.infosets()[h].mover == Mover::Player(player);
            if own && best[h].is_none() {
                return false;
            }
            if !expanded {
                stack.push((n, true));
                if own {
                    stack.push((node.children[best[h].expect("decided")], false));
                } else {
                    stack.extend(node.children.iter().map(|&c| (c, false)));
                }
                continue;
            }
            value[n] = Some(if own {
                value[node.children[best[h].expect("decided")]]
                    .clone()
                    .expect("valued")
            } else {
                node.children
                    .iter()
                    .enumerate()
                    .map(|(a, &c)| {
                        let q = action_probability(game, profile, h, a);
                        if q.is_zero() {
                            BigRational::zero()
                        } else {
                            q * value[c].as_ref().expect("valued")
                        }
                    })
                    .sum()
            });
        }
        true
    };
    // The player's sets from the last to the first: with perfect recall every set of the
    // player below a set comes after it.
    for &h in game.player_infosets(player).iter().rev() {
        let set = &game.infosets()[h];
        let mut choice: Option<(usize, BigRational)> = None;
        for a in 0..set.actions.len() {
            let mut total = BigRational::zero();
            for &m in &set.members {
                let child = nodes[m].children[a];
                if !evaluate(child, &mut value, &best) {
                    return None;
                }
                total += &others[m] * value[child].as_ref().expect("valued");
            }
            if choice.as_ref().is_none_or(|(_, v)| total > *v) {
                choice = Some((a, total));
            }
        }
        best[h] = choice.map(|(a, _)| a);
    }
    evaluate(0, &mut value, &best).then(|| value[0].clone().expect("valued"))
}

/// Whether `profile` is a Nash equilibrium: no player gains by any other strategy (exact),
/// or `None` when the game lacks perfect recall.
pub fn is_equilibrium(game: &ExtensiveGame, profile: &BehaviourProfile) -> Option<bool> {
    let path = game.path_payoffs();
    let u = payoffs_with(game, profile, &path);
    let mut all = true;
    for (p, u) in u.iter().enumerate() {
        all &= best_response_with(game, profile, p, &path)? <= *u;
    }
    Some(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::reduced::{reduced_normal_form, tests::HORSE};
    use crate::formats::efg::parse;
    use crate::game::integer;

    fn pure(game: &ExtensiveGame, choices: &[&[usize]]) -> BehaviourProfile {
        (0..game.num_players())
            .map(|p| {
                game.player_infosets(p)
                    .iter()
                    .zip(choices[p])
                    .map(|(&h, &a)| {
                        let k = game.infosets()[h].actions.len();
                        Some((0..k).map(|b| integer(i64::from(a == b))).collect())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_horse_has_its_known_pure_equilibria() {
        let g = parse(HORSE).unwrap();
        // (A, a, R) and (D, a, L) are equilibria (Selten 1975); (A, d, R) too; (D, d, L)
        // is not: player 1 would rather play A (payoff 4 against 3).
        let test = |c: &[&[usize]]| is_equilibrium(&g, &pure(&g, c));
        assert_eq!(test(&[&[0], &[0], &[1]]), Some(true));
        assert_eq!(test(&[&[1], &[0], &[0]]), Some(true));
        assert_eq!(test(&[&[0], &[1], &[1]]), Some(true));
        assert_eq!(test(&[&[1], &[1], &[0]]), Some(false));
        assert_eq!(
            best_response_value(&g, &pure(&g, &[&[1], &[1], &[0]]), 0),
            Some(integer(4))
        );
    }

    proptest::proptest! {
        /// On random games, a pure profile of the reduced normal form and its behaviour
        /// profile have the same payoffs, and are equilibria together.
        #[test]
        fn behaviour_agrees_with_the_normal_form(
            tree in crate::extensive::tests::arb_game(),
            pick in proptest::collection::vec(0usize..64, 4),
        ) {
            let r = reduced_normal_form(&tree).unwrap();
            let choice: Vec<usize> =
                r.game.shape().iter().zip(&pick).map(|(&k, &c)| c % k).collect();
            let mixed: MixedProfile = r.game.shape().iter().zip(&choice).map(|(&k, &c)| {
                (0..k).map(|s| integer(i64::from(s == c))).collect()
            }).collect();
            let behaviour = from_mixed(&tree, &r, &mixed);
            let payoff = payoffs(&tree, &behaviour);
            for (p, u) in payoff.iter().enumerate() {
                proptest::prop_assert_eq!(u, &r.game.expected_payoff(&mixed, p));
            }
            proptest::prop_assert_eq!(
                is_equilibrium(&tree, &behaviour),
                Some(r.game.is_equilibrium(&mixed))
            );
        }
    }
}
