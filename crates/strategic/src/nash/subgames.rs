//! Subgame-perfect equilibria by subgame decomposition: the tree is cut at every subgame
//! (a node whose subtree every information set it touches lies inside), the smallest
//! subgames are solved first, and each is replaced by a terminal node paying the value of
//! one of its equilibria before the subgame around it is solved — for every choice of
//! equilibria below, so that every combination is found. For games of perfect information
//! every decision node is a subgame and this is backward induction; ties give several
//! equilibria.
//!
//! A subgame in which no player moves has its expected value; one in which a single player
//! moves is solved by that player's optimal reduced strategies (the extreme optimal
//! plans); others by the requested normal-form method on the subgame's reduced normal form,
//! which must give exact equilibria. Every profile found is checked on the whole tree to be
//! a Nash equilibrium, and to induce one in every subgame.

use num_rational::BigRational;

use super::method::{chosen_method, Method, Options};
use super::normal::solve;
use crate::extensive::behaviour::{is_equilibrium, payoffs, BehaviourProfile};
use crate::extensive::reduced::reduced_normal_form;
use crate::extensive::sequence_lcp::lemke_equilibrium;
use crate::extensive::{next_combination, ExtensiveGame, Infoset, Mover, Node, Outcome};
use crate::game::MixedProfile;
use crate::n_player::enumpoly::Found;
use crate::n_player::pure::as_mixed;
use crate::StrategicError;
use conway_core::Progress;

/// The most subgame-perfect equilibria listed: beyond it the combinations of the
/// subgames' equilibria are reported as too many.
pub const MAX_SUBGAME_PERFECT: usize = 10_000;

/// Whether each node is the root of a subgame: a decision node whose subtree contains every
/// member of every information set met in it (the root always is).
pub fn subgame_roots(game: &ExtensiveGame) -> Vec<bool> {
    let nodes = game.nodes();
    let end = game.subtree_ends();
    // The first and last member of every information set met in each subtree.
    let mut low = vec![usize::MAX; nodes.len()];
    let mut high = vec![0usize; nodes.len()];
    for n in (0..nodes.len()).rev() {
        if let Some(h) = nodes[n].infoset {
            let members = &game.infosets()[h].members;
            low[n] = low[n].min(members[0]);
            high[n] = high[n].max(*members.last().expect("a set has members"));
        }
        if let Some((parent, _)) = nodes[n].parent {
            low[parent] = low[parent].min(low[n]);
            high[parent] = high[parent].max(high[n]);
        }
    }
    (0..nodes.len())
        .map(|n| nodes[n].infoset.is_some() && low[n] >= n && high[n] < end[n])
        .collect()
}

/// A subgame's equilibrium: the behaviour at the information sets it decides itself
/// (indices of the whole game's sets), the equilibrium of each subgame inside it (its root
/// and the index among that root's pieces), and its expected payoffs from its root. The
/// pieces below are referred to, not copied, so that memory grows with the pieces, not
/// with their depth.
#[derive(Clone, Debug)]
struct Piece {
    choices: Vec<(usize, Option<Vec<BigRational>>)>,
    below: Vec<(usize, usize)>,
    value: Vec<BigRational>,
}

/// Every subgame-perfect equilibrium that combines equilibria of the subgames found by
/// `method` (see the module's description), as behaviour profiles of the whole game, which
/// must have perfect recall.
pub fn subgame_perfect(
    game: &ExtensiveGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<Vec<BehaviourProfile>, StrategicError> {
    subgame_perfect_up_to(game, method, options, progress, MAX_SUBGAME_PERFECT)
}

/// [`subgame_perfect`], listing at most `limit` equilibria of any subgame.
fn subgame_perfect_up_to(
    game: &ExtensiveGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
    limit: usize,
) -> Result<Vec<BehaviourProfile>, StrategicError> {
    if let Some(why) = game.perfect_recall_failure() {
        return Err(StrategicError::InvalidInput(format!(
            "subgame perfection needs perfect recall: {why}"
        )));
    }
    let roots = subgame_roots(game);
    let end = game.subtree_ends();
    let mut pieces: Vec<Option<Vec<Piece>>> = vec![None; game.nodes().len()];
    let total = roots.iter().filter(|&&r| r).count() as u64;
    let mut done = 0;
    for r in (0..game.nodes().len()).rev() {
        if !roots[r] {
            continue;
        }
        progress.advance(conway_core::Work::of(done, total, "subgames"))?;
        done += 1;
        // The largest subgames strictly inside: each is cut, replaced by its value.
        let mut inner = Vec::new();
        let mut n = r + 1;
        while n < end[r] {
            if roots[n] {
                inner.push(n);
                n = end[n];
            } else {
                n += 1;
            }
        }
        let mut found = Vec::new();
        let mut pick = vec![0usize; inner.len()];
        let sizes: Vec<usize> = inner
            .iter()
            .map(|&c| pieces[c].as_ref().map_or(0, Vec::len))
            .collect();
        let combinations = sizes.iter().try_fold(1usize, |acc, &k| acc.checked_mul(k));
        if combinations.is_none_or(|k| k > limit) {
            return Err(StrategicError::too_large(
                "combinations of the equilibria of subgames",
                format!("more than {limit}"),
                limit,
            ));
        }
        // A subgame without equilibria (by a method that may find none) leaves none above.
        let none_below = combinations == Some(0);
        loop {
            if none_below {
                break;
            }
            let chosen: Vec<&Piece> = inner
                .iter()
                .zip(&pick)
                .map(|(&c, &k)| &pieces[c].as_ref().expect("solved below")[k])
                .collect();
            let cut: Vec<(usize, Vec<BigRational>)> = inner
                .iter()
                .zip(&chosen)
                .map(|(&c, piece)| (c, piece.value.clone()))
                .collect();
            let (tree, sets) = truncated(game, r, &cut)?;
            for (choices, value) in solve_subgame(&tree, method, options, progress)? {
                let own: Vec<(usize, Option<Vec<BigRational>>)> = choices
                    .into_iter()
                    .enumerate()
                    .map(|(h, q)| (sets[h], q))
                    .collect();
                if found.len() == limit {
                    return Err(StrategicError::too_large(
                        "subgame-perfect equilibria",
                        format!("more than {limit}"),
                        limit,
                    ));
                }
                found.push(Piece {
                    choices: own,
                    below: inner.iter().copied().zip(pick.iter().copied()).collect(),
                    value,
                });
            }
            // The next combination of the inner subgames' equilibria.
            if !next_combination(&mut pick, &sizes) {
                break;
            }
        }
        pieces[r] = Some(found);
    }
    let count = pieces[0].as_ref().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let mut profile: BehaviourProfile = (0..game.num_players())
            .map(|p| vec![None; game.player_infosets(p).len()])
            .collect();
        let mut stack = vec![(0usize, k)];
        while let Some((root, index)) = stack.pop() {
            let piece = &pieces[root].as_ref().expect("solved")[index];
            for (h, q) in &piece.choices {
                if let Mover::Player(p) = game.infosets()[*h].mover {
                    profile[p][game.infoset_index(*h)] = q.clone();
                }
            }
            stack.extend(piece.below.iter().copied());
        }
        if is_equilibrium(game, &profile) != Some(true) {
            return Err(StrategicError::Internal(
                "a combination of subgame equilibria is not an equilibrium of the game".into(),
            ));
        }
        out.push(profile);
    }
    Ok(out)
}

/// The equilibria of one subgame (cut below): per equilibrium, the behaviour at each of its
/// information sets in its own numbering, and its payoffs.
#[allow(clippy::type_complexity)]
fn solve_subgame(
    tree: &ExtensiveGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<Vec<(Vec<Option<Vec<BigRational>>>, Vec<BigRational>)>, StrategicError> {
    let movers: Vec<usize> = (0..tree.num_players())
        .filter(|&p| !tree.player_infosets(p).is_empty())
        .collect();
    let method = if movers.len() > 1 {
        let (chosen, sequence_form) = chosen_method(tree, method)?;
        if let Some(sf) = sequence_form {
            let plans = lemke_equilibrium(&sf, progress)?.plans;
            return Ok(vec![per_set_entry(tree, sf.behaviour(&plans))]);
        }
        chosen
    } else {
        method
    };
    let reduced = reduced_normal_form(tree)?;
    let n = tree.num_players();
    let mixed: Vec<MixedProfile> = match movers.as_slice() {
        [] => vec![as_mixed(&reduced.game, &vec![0; n])],
        &[p] => {
            // One player decides alone (the others have one strategy each): every optimal
            // plan.
            let plan = |s: usize| {
                let mut strategy = vec![0; n];
                strategy[p] = s;
                strategy
            };
            let value = |s: usize| {
                &reduced
                    .game
                    .payoffs_at(reduced.game.profile_index(&plan(s)))[p]
            };
            let plans = reduced.game.shape()[p];
            let best = (0..plans).map(value).max().expect("a strategy");
            (0..plans)
                .filter(|&s| value(s) == best)
                .map(|s| as_mixed(&reduced.game, &plan(s)))
                .collect()
        }
        _ => {
            let solution = solve(&reduced.game, method, options, progress)?;
            solution
                .equilibria
                .into_iter()
                .map(|f| match f {
                    Found::Exact(p) => Ok(p),
                    Found::Certified { .. } => Err(StrategicError::InvalidInput(
                        "a subgame has an irrational equilibrium; subgame perfection combines exact equilibria only".into(),
                    )),
                })
                .collect::<Result<_, _>>()?
        }
    };
    let mut out: Vec<(Vec<Option<Vec<BigRational>>>, Vec<BigRational>)> = Vec::new();
    for m in &mixed {
        let entry = per_set_entry(
            tree,
            crate::extensive::behaviour::from_mixed(tree, &reduced, m),
        );
        if !out.contains(&entry) {
            out.push(entry);
        }
    }
    Ok(out)
}

/// A behaviour profile of a subgame by the subgame's own set numbers, with its payoffs.
fn per_set_entry(
    tree: &ExtensiveGame,
    profile: BehaviourProfile,
) -> (Vec<Option<Vec<BigRational>>>, Vec<BigRational>) {
    let value = payoffs(tree, &profile);
    let mut per_set = vec![None; tree.infosets().len()];
    for (p, sets) in profile.into_iter().enumerate() {
        for (i, q) in sets.into_iter().enumerate() {
            per_set[tree.player_infosets(p)[i]] = q;
        }
    }
    (per_set, value)
}

/// The subgame at `root` with each subgame in `cut` replaced by a terminal node paying the
/// given amounts, and for each of its information sets the index of the whole game's.
fn truncated(
    game: &ExtensiveGame,
    root: usize,
    cut: &[(usize, Vec<BigRational>)],
) -> Result<(ExtensiveGame, Vec<usize>), StrategicError> {
    let old = game.nodes();
    let mut nodes: Vec<Node> = Vec::new();
    // Only the outcomes met in the subgame: copying all of them for every subgame would cost
    // the square of the tree.
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut outcome_index: std::collections::HashMap<usize, usize> = Default::default();
    let mut infosets: Vec<Infoset> = Vec::new();
    let mut renumber: std::collections::HashMap<usize, usize> = Default::default();
    let mut sets = Vec::new();
    let mut stack: Vec<(usize, Option<(usize, usize)>)> = vec![(root, None)];
    while let Some((n, parent)) = stack.pop() {
        let id = nodes.len();
        if let Some((p, _)) = parent {
            nodes[p].children.push(id);
        }
        if let Some((_, value)) = cut.iter().find(|(c, _)| *c == n) {
            outcomes.push(Outcome {
                label: String::new(),
                payoffs: value.clone(),
            });
            nodes.push(Node {
                label: old[n].label.clone(),
                parent,
                infoset: None,
                children: Vec::new(),
                outcome: Some(outcomes.len() - 1),
            });
            continue;
        }
        let infoset = old[n].infoset.map(|h| {
            *renumber.entry(h).or_insert_with(|| {
                infosets.push(game.infosets()[h].clone());
                sets.push(h);
                infosets.len() - 1
            })
        });
        let outcome = old[n].outcome.map(|o| {
            *outcome_index.entry(o).or_insert_with(|| {
                outcomes.push(game.outcomes()[o].clone());
                outcomes.len() - 1
            })
        });
        nodes.push(Node {
            label: old[n].label.clone(),
            parent,
            infoset,
            children: Vec::new(),
            outcome,
        });
        for (a, &c) in old[n].children.iter().enumerate().rev() {
            stack.push((c, Some((id, a))));
        }
    }
    let tree = ExtensiveGame::new(
        String::new(),
        String::new(),
        game.players.clone(),
        nodes,
        infosets,
        outcomes,
    )?;
    // The new game numbers its sets by first member, as the old one did: the order is kept.
    Ok((tree, sets))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::efg::parse;
    use crate::game::integer;
    use conway_core::NoProgress;

    /// A two-stage entry game (Selten's chain-store stage game): the entrant stays Out
    /// (0, 2) or goes In; the incumbent then Fights (-1, -1) or Accommodates (1, 1). Two
    /// pure Nash equilibria, (Out, Fight) and (In, Accommodate); only the second is
    /// subgame perfect.
    const ENTRY: &str = r#"EFG 2 R "entry" { "Entrant" "Incumbent" } ""
p "" 1 1 "" { "Out" "In" } 0
t "" 1 "" { 0, 2 }
p "" 2 1 "" { "Fight" "Accommodate" } 0
t "" 2 "" { -1, -1 }
t "" 3 "" { 1, 1 }
"#;

    #[test]
    fn backward_induction_in_the_entry_game() {
        let g = parse(ENTRY).unwrap();
        assert_eq!(subgame_roots(&g), vec![true, false, true, false, false]);
        let found = subgame_perfect(&g, None, Options::default(), &NoProgress).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0][0][0], Some(vec![integer(0), integer(1)]));
        assert_eq!(found[0][1][0], Some(vec![integer(0), integer(1)]));
    }

    #[test]
    fn the_horse_is_its_only_subgame() {
        // Player 3's set spans both branches: no proper subgame, so the subgame-perfect
        // equilibria are the Nash equilibria the method finds.
        let g = parse(crate::extensive::reduced::tests::HORSE).unwrap();
        assert_eq!(
            subgame_roots(&g).iter().filter(|&&r| r).count(),
            1,
            "only the root"
        );
    }

    proptest::proptest! {
        /// On random games, every profile found is an equilibrium of the whole game and of
        /// every subgame (checked by best responses in each subgame cut out on its own).
        #[test]
        fn combinations_are_perfect_in_every_subgame(tree in crate::extensive::tests::arb_game()) {
            // Two players: the equilibria Lemke–Howson reaches in each subgame (vertex
            // enumeration of such degenerate tables can take long); three: pure ones.
            let method = if tree.num_players() > 2 { Method::Pure } else { Method::Lh };
            // Games full of ties may have too many to list (the product of the ties).
            let r = subgame_perfect_up_to(&tree, Some(method), Options::default(), &NoProgress, 100);
            let found = match r {
                Err(StrategicError::TooLarge { .. }) => return Ok(()),
                other => other.expect("small games are solved"),
            };
            let roots = subgame_roots(&tree);
            // Every subgame of the first few (checking each is the slow part).
            for profile in found.iter().take(8) {
                for r in (0..tree.nodes().len()).filter(|&r| roots[r]) {
                    let (sub, sets) = truncated(&tree, r, &[]).unwrap();
                    let restricted: BehaviourProfile = (0..sub.num_players())
                        .map(|p| {
                            sub.player_infosets(p)
                                .iter()
                                .map(|&h| {
                                    let whole = sets[h];
                                    let Mover::Player(q) = tree.infosets()[whole].mover else {
                                        unreachable!("a player's set")
                                    };
                                    profile[q][tree.infoset_index(whole)].clone()
                                })
                                .collect()
                        })
                        .collect();
                    proptest::prop_assert_eq!(is_equilibrium(&sub, &restricted), Some(true));
                }
            }
        }
    }
}
