//! Maximal Nash subsets of a two-player game (Winkels 1979; the "cliques" of Audet, Hansen,
//! Jaumard and Savard, "Enumeration of all extreme equilibria of bimatrix games", 2001, which
//! Gambit's `enummixed -c` and lrsnash print).
//!
//! Every equilibrium set of a bimatrix game is a union of convex pieces X × Y, where X is the
//! convex hull of some extreme strategies of player 1 and Y of player 2, and every pair
//! (x, y) ∈ X × Y is an equilibrium. Such a piece is determined by its extreme points, so the
//! maximal ones are the maximal bicliques of the bipartite graph joining x to y whenever
//! (x, y) is an extreme equilibrium.
//!
//! The maximal bicliques are found by closure: the player-2 side of one is the set of common
//! neighbours of its player-1 side, so the player-2 sides are exactly the nonempty
//! intersections of neighbourhoods N(x); the family of neighbourhoods is closed under
//! intersection and each member Y taken with {x : Y ⊆ N(x)}. A brute-force search over all
//! pairs of subsets is the oracle in the tests.

use std::collections::{BTreeSet, HashSet};

use num_rational::BigRational;

use crate::{MixedProfile, StrategicError};

/// The most maximal Nash subsets listed; past it the listing is refused rather than left to
/// grow (their number can be exponential in a degenerate game).
pub const MAX_NASH_SUBSETS: usize = 100_000;

/// One maximal subset: the indices of player 1's strategies and of player 2's.
pub type Biclique = (Vec<usize>, Vec<usize>);

/// The maximal Nash subsets of a two-player game from its extreme equilibria: the distinct
/// extreme strategies of each player (in order of first appearance) and each maximal subset as
/// the indices of its strategies into those lists, sorted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NashSubsets {
    /// Player 1's extreme strategies that occur in an extreme equilibrium.
    pub player1: Vec<Vec<BigRational>>,
    /// Player 2's likewise.
    pub player2: Vec<Vec<BigRational>>,
    /// Each maximal subset: (player 1's strategies, player 2's strategies), as indices.
    pub subsets: Vec<Biclique>,
}

/// The maximal Nash subsets of the game whose extreme equilibria are `extreme` (profiles of
/// two players).
pub fn maximal_nash_subsets(extreme: &[MixedProfile]) -> Result<NashSubsets, StrategicError> {
    let mut player1: Vec<Vec<BigRational>> = Vec::new();
    let mut player2: Vec<Vec<BigRational>> = Vec::new();
    let index = |list: &mut Vec<Vec<BigRational>>, s: &Vec<BigRational>| {
        list.iter().position(|t| t == s).unwrap_or_else(|| {
            list.push(s.clone());
            list.len() - 1
        })
    };
    let mut edges = Vec::with_capacity(extreme.len());
    for profile in extreme {
        let [x, y] = profile.as_slice() else {
            return Err(StrategicError::InvalidInput(
                "maximal Nash subsets are for two-player games".into(),
            ));
        };
        edges.push((index(&mut player1, x), index(&mut player2, y)));
    }
    let subsets = bicliques(player1.len(), &edges)?;
    Ok(NashSubsets {
        player1,
        player2,
        subsets,
    })
}

/// The maximal bicliques of the bipartite graph with `left` vertices on one side and these
/// edges (left, right), sorted.
fn bicliques(left: usize, edges: &[(usize, usize)]) -> Result<Vec<Biclique>, StrategicError> {
    let mut neighbours: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); left];
    for &(x, y) in edges {
        neighbours[x].insert(y);
    }
    // Close the neighbourhoods under intersection.
    let mut family: HashSet<BTreeSet<usize>> = neighbours
        .iter()
        .filter(|n| !n.is_empty())
        .cloned()
        .collect();
    let mut frontier: Vec<BTreeSet<usize>> = family.iter().cloned().collect();
    while let Some(y) = frontier.pop() {
        for n in &neighbours {
            let common: BTreeSet<usize> = y.intersection(n).copied().collect();
            if !common.is_empty() && !family.contains(&common) {
                if family.len() >= MAX_NASH_SUBSETS {
                    return Err(StrategicError::TooLarge {
                        what: "maximal Nash subsets".into(),
                        size: format!("at least {}", family.len() + 1),
                        limit: MAX_NASH_SUBSETS.to_string(),
                    });
                }
                family.insert(common.clone());
                frontier.push(common);
            }
        }
    }
    let mut subsets: Vec<Biclique> = family
        .into_iter()
        .map(|y| {
            let xs = (0..left).filter(|&x| y.is_subset(&neighbours[x])).collect();
            (xs, y.into_iter().collect())
        })
        .collect();
    subsets.sort();
    Ok(subsets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::arb_bimatrix;
    use crate::two_player::vertex::extreme_equilibria;
    use proptest::prelude::*;

    /// Every maximal pair of subsets all of whose pairs are edges, by trying all subsets.
    fn brute_force(
        left: usize,
        right: usize,
        edges: &[(usize, usize)],
    ) -> Vec<(Vec<usize>, Vec<usize>)> {
        let edge: HashSet<(usize, usize)> = edges.iter().copied().collect();
        let members = |mask: u32, n: usize| -> Vec<usize> {
            (0..n).filter(|&i| mask >> i & 1 == 1).collect()
        };
        let complete = |xs: &[usize], ys: &[usize]| {
            xs.iter()
                .all(|&x| ys.iter().all(|&y| edge.contains(&(x, y))))
        };
        let mut found = Vec::new();
        for xm in 1..1u32 << left {
            for ym in 1..1u32 << right {
                let (xs, ys) = (members(xm, left), members(ym, right));
                if !complete(&xs, &ys) {
                    continue;
                }
                let grows_x = (0..left).any(|x| !xs.contains(&x) && complete(&[x], &ys));
                let grows_y = (0..right).any(|y| !ys.contains(&y) && complete(&xs, &[y]));
                if !grows_x && !grows_y {
                    found.push((xs, ys));
                }
            }
        }
        found.sort();
        found
    }

    /// The graph x0–y0, x0–y1, x1–y1 has two maximal bicliques, {x0} × {y0, y1} and
    /// {x0, x1} × {y1}.
    #[test]
    fn a_small_graph_by_hand() {
        let subsets = bicliques(2, &[(0, 0), (0, 1), (1, 1)]).expect("small");
        assert_eq!(subsets, vec![(vec![0], vec![0, 1]), (vec![0, 1], vec![1])]);
    }

    /// A degenerate game whose equilibria form one segment: player 2 is indifferent between
    /// his two strategies when player 1 plays her first, so (first, any mix) are all
    /// equilibria: one maximal subset, {(1,0)} × {(1,0), (0,1)}.
    #[test]
    fn a_segment_of_equilibria_is_one_subset() {
        let game =
            crate::formats::nfg::parse("NFG 1 R \"\" { \"1\" \"2\" } { 2 2 }\n 2 1 0 1 2 1 0 0")
                .expect("valid");
        let extreme = extreme_equilibria(&game, &conway_core::NoProgress).expect("solved");
        let found = maximal_nash_subsets(&extreme).expect("two players");
        assert!(
            found
                .subsets
                .iter()
                .any(|(xs, ys)| xs.len() == 1 && ys.len() == 2),
            "{found:?}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// On random degenerate games (payoffs in −2..2, so ties abound), the closure finds
        /// exactly the maximal bicliques a brute-force search over all subsets finds.
        #[test]
        fn maximal_subsets_equal_the_brute_force(game in arb_bimatrix(4, 2)) {
            let extreme = extreme_equilibria(&game, &conway_core::NoProgress).expect("solved");
            let found = maximal_nash_subsets(&extreme).expect("two players");
            prop_assume!(found.player1.len() <= 10 && found.player2.len() <= 10);
            let edges: Vec<(usize, usize)> = extreme
                .iter()
                .map(|p| {
                    let x = found.player1.iter().position(|s| *s == p[0]).expect("listed");
                    let y = found.player2.iter().position(|s| *s == p[1]).expect("listed");
                    (x, y)
                })
                .collect();
            let slow = brute_force(found.player1.len(), found.player2.len(), &edges);
            prop_assert_eq!(found.subsets, slow);
        }

        /// Every pair of strategies in a maximal subset is an equilibrium of the game, and so
        /// is the midpoint of any two of them (the set is convex).
        #[test]
        fn subsets_are_sets_of_equilibria(game in arb_bimatrix(3, 2)) {
            let extreme = extreme_equilibria(&game, &conway_core::NoProgress).expect("solved");
            let found = maximal_nash_subsets(&extreme).expect("two players");
            let half = BigRational::new(1.into(), 2.into());
            let mid = |a: &Vec<BigRational>, b: &Vec<BigRational>| -> Vec<BigRational> {
                a.iter().zip(b).map(|(p, q)| (p + q) * &half).collect()
            };
            for (xs, ys) in &found.subsets {
                let x = mid(&found.player1[xs[0]], &found.player1[*xs.last().expect("nonempty")]);
                let y = mid(&found.player2[ys[0]], &found.player2[*ys.last().expect("nonempty")]);
                prop_assert!(game.is_equilibrium(&vec![x, y]));
            }
        }
    }
}
