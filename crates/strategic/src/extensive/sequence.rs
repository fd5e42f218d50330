//! The sequence form of an extensive game with perfect recall (Romanovskii 1962, Koller &
//! Megiddo 1992, von Stengel 1996): a player's strategy is a *realization plan*, the
//! probability of each of the player's *sequences* of own actions being played when the
//! others play along, and payoffs are linear in each plan. Its size is that of the tree,
//! where the reduced normal form can be exponential.
//!
//! A player's sequences are the empty sequence (number 0) and one per action of each of
//! their information sets: the actions of the player's k-th set are sequences
//! `first[k]..first[k] + actions`, sets in order, so sequence numbers follow Gambit's flat
//! listing of behaviour strategies. Perfect recall gives each set one *parent* sequence,
//! the player's last action before it. A realization plan x satisfies x∅ = 1 and, at each
//! set k, the sum of x over its actions equals x at its parent: the constraints `E x = e`
//! (row 0 for the empty sequence, row k + 1 for set k).
//!
//! The payoffs are sparse: one entry per combination of the players' sequences that ends a
//! play, summing chance probability × payoff over the plays it ends.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use super::behaviour::BehaviourProfile;
use super::{ExtensiveGame, Mover};
use crate::{NormalFormGame, StrategicError};

/// One nonzero payoff entry: a sequence for each player, and each player's payoff summed
/// over the plays those sequences end, weighted by chance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequencePayoff {
    /// One sequence per player.
    pub sequences: Vec<usize>,
    /// One payoff per player.
    pub payoffs: Vec<BigRational>,
}

/// A pure best response in the sequence form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestResponse {
    /// The action chosen at each of the player's sets (the first of the best ones).
    pub actions: Vec<usize>,
    /// The expected payoff of the best response.
    pub value: BigRational,
}

/// The sequence form of a game with perfect recall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceForm {
    /// Per player, per own information set (in the player's order): its first sequence.
    pub first: Vec<Vec<usize>>,
    /// Per player, per own information set: its parent sequence.
    pub parent: Vec<Vec<usize>>,
    /// Per player, per own information set: its number of actions.
    pub actions: Vec<Vec<usize>>,
    /// The number of sequences of each player.
    pub sequences: Vec<usize>,
    /// The nonzero payoff entries, ordered by their sequences.
    pub payoffs: Vec<SequencePayoff>,
}

impl SequenceForm {
    /// The sequence form of `game`, refused when the game lacks perfect recall.
    pub fn new(game: &ExtensiveGame) -> Result<SequenceForm, StrategicError> {
        if let Some(why) = game.perfect_recall_failure() {
            return Err(StrategicError::InvalidInput(format!(
                "the sequence form needs perfect recall: {why}"
            )));
        }
        let players = game.num_players();
        let mut first = Vec::with_capacity(players);
        let mut parent = Vec::with_capacity(players);
        let mut actions = Vec::with_capacity(players);
        let mut sequences = Vec::with_capacity(players);
        // The sequence of each player leading to each node.
        let mut at: Vec<Vec<usize>> = Vec::with_capacity(players);
        for p in 0..players {
            let sets = game.player_infosets(p);
            let mut next = 1;
            let mut starts = Vec::with_capacity(sets.len());
            let mut counts = Vec::with_capacity(sets.len());
            for &h in sets {
                starts.push(next);
                counts.push(game.infosets()[h].actions.len());
                next += game.infosets()[h].actions.len();
            }
            let last = game.last_choices(p);
            let sequence_at: Vec<usize> = last
                .iter()
                .map(|c| c.map_or(0, |(h, a)| starts[game.infoset_index(h)] + a))
                .collect();
            parent.push(
                sets.iter()
                    .map(|&h| sequence_at[game.infosets()[h].members[0]])
                    .collect(),
            );
            first.push(starts);
            actions.push(counts);
            sequences.push(next);
            at.push(sequence_at);
        }
        let (weight_of, weights) = play_weights(game);
        // Each player's weights as integers over their common denominator, so that the
        // sums below need no fractions.
        let common: Vec<BigInt> = (0..players)
            .map(|p| {
                weights
                    .iter()
                    .fold(BigInt::one(), |d, w| d.lcm(w[p].denom()))
            })
            .collect();
        let numerators: Vec<Vec<BigInt>> = weights
            .iter()
            .map(|w| {
                w.iter()
                    .zip(&common)
                    .map(|(x, d)| x.numer() * (d / x.denom()))
                    .collect()
            })
            .collect();
        let mut sums: HashMap<Vec<usize>, Vec<BigInt>> = HashMap::new();
        for (t, weight) in weight_of.iter().enumerate() {
            let Some(w) = *weight else { continue };
            let key: Vec<usize> = at.iter().map(|s| s[t]).collect();
            let entry = sums
                .entry(key)
                .or_insert_with(|| vec![BigInt::zero(); players]);
            for (x, u) in entry.iter_mut().zip(&numerators[w]) {
                if !u.is_zero() {
                    *x += u;
                }
            }
        }
        let mut payoffs: Vec<SequencePayoff> = sums
            .into_iter()
            .map(|(sequences, sums)| SequencePayoff {
                sequences,
                payoffs: sums
                    .into_iter()
                    .zip(&common)
                    .map(|(x, d)| fraction(x, d))
                    .collect(),
            })
            .collect();
        payoffs.sort_by(|a, b| a.sequences.cmp(&b.sequences));
        Ok(SequenceForm {
            first,
            parent,
            actions,
            sequences,
            payoffs,
        })
    }

    /// The sequence form of a normal-form game, each player moving once at one set, not
    /// knowing the others' choices: sequence 1 + i is strategy i.
    pub fn from_normal_form(game: &NormalFormGame) -> SequenceForm {
        let shape = game.shape();
        let players = shape.len();
        let mut payoffs = Vec::new();
        for index in 0..shape.iter().product::<usize>() {
            let u = game.payoffs_at(index);
            if u.iter().all(Zero::is_zero) {
                continue;
            }
            payoffs.push(SequencePayoff {
                sequences: game
                    .profile_strategies(index)
                    .iter()
                    .map(|s| s + 1)
                    .collect(),
                payoffs: u.to_vec(),
            });
        }
        payoffs.sort_by(|a, b| a.sequences.cmp(&b.sequences));
        SequenceForm {
            first: vec![vec![1]; players],
            parent: vec![vec![0]; players],
            actions: shape.iter().map(|&k| vec![k]).collect(),
            sequences: shape.iter().map(|k| k + 1).collect(),
            payoffs,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.sequences.len()
    }

    /// The number of `player`'s reduced pure strategies (the vertices of their polytope of
    /// realization plans), or `None` past `cap`: at each sequence, the product over the sets
    /// it leads to of the sum over their actions.
    pub fn reduced_strategy_count(&self, player: usize, cap: usize) -> Option<usize> {
        let mut below = vec![1usize; self.sequences[player]];
        for k in (0..self.first[player].len()).rev() {
            let start = self.first[player][k];
            let mut sum = 0usize;
            for b in &below[start..start + self.actions[player][k]] {
                sum = sum.saturating_add(*b).min(cap.saturating_add(1));
            }
            let up = self.parent[player][k];
            below[up] = below[up].saturating_mul(sum).min(cap.saturating_add(1));
        }
        (below[0] <= cap).then_some(below[0])
    }

    /// The realization plan of `player` that plays uniformly at every set (the centroid).
    pub fn centroid(&self, player: usize) -> Vec<BigRational> {
        let mut plan = vec![BigRational::zero(); self.sequences[player]];
        plan[0] = BigRational::one();
        // Sets are in tree order, so a set's parent sequence is set before its actions.
        for k in 0..self.first[player].len() {
            let share = &plan[self.parent[player][k]]
                / BigRational::from_integer(self.actions[player][k].into());
            let start = self.first[player][k];
            for x in &mut plan[start..start + self.actions[player][k]] {
                *x = share.clone();
            }
        }
        plan
    }

    /// Whether `plan` is a realization plan of `player`: nonnegative, 1 at the empty
    /// sequence, and at each set the actions' sum equal to the parent.
    pub fn is_realization_plan(&self, player: usize, plan: &[BigRational]) -> bool {
        plan.len() == self.sequences[player]
            && plan[0].is_one()
            && plan.iter().all(|x| *x >= BigRational::zero())
            && (0..self.first[player].len()).all(|k| {
                let start = self.first[player][k];
                let sum: BigRational = plan[start..start + self.actions[player][k]].iter().sum();
                sum == plan[self.parent[player][k]]
            })
    }

    /// The behaviour profile of realization plans (one per player): at each set the plan's
    /// share of each action, `None` where the plan leaves the set unreached.
    pub fn behaviour(&self, plans: &[Vec<BigRational>]) -> BehaviourProfile {
        plans
            .iter()
            .enumerate()
            .map(|(p, plan)| {
                (0..self.first[p].len())
                    .map(|k| {
                        let reach = &plan[self.parent[p][k]];
                        let start = self.first[p][k];
                        (!reach.is_zero()).then(|| {
                            plan[start..start + self.actions[p][k]]
                                .iter()
                                .map(|x| x / reach)
                                .collect()
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// A best response of `player` to the others' plans in `plans` (the player's own plan
    /// there is ignored): the best action at each of the player's sets, chosen from the
    /// last set to the first (perfect recall puts every set after the sets before it), and
    /// the value of the best response.
    pub fn best_response(&self, plans: &[Vec<BigRational>], player: usize) -> BestResponse {
        let mut value = vec![BigRational::zero(); self.sequences[player]];
        for entry in &self.payoffs {
            if entry.payoffs[player].is_zero() {
                continue;
            }
            let mut weight = entry.payoffs[player].clone();
            for (q, (&s, plan)) in entry.sequences.iter().zip(plans).enumerate() {
                if q != player {
                    if plan[s].is_zero() {
                        weight = BigRational::zero();
                        break;
                    }
                    weight *= &plan[s];
                }
            }
            if !weight.is_zero() {
                value[entry.sequences[player]] += weight;
            }
        }
        let (actions, _) = self.best_actions(player, &mut value);
        BestResponse {
            actions,
            value: value.swap_remove(0),
        }
    }

    /// The best action at each of `player`'s sets when each sequence is worth `value`
    /// plus what the player's sets after it are worth: sets from the last to the first
    /// (perfect recall puts every set after the sets before it), each set's best worth
    /// added to its parent, so `value[0]` ends as the worth of the best plan. Also the
    /// smallest margin by which a best action beats the next (`None` without a choice).
    pub(crate) fn best_actions<T>(&self, player: usize, value: &mut [T]) -> (Vec<usize>, Option<T>)
    where
        T: Clone + PartialOrd + for<'a> std::ops::AddAssign<&'a T>,
        for<'a> &'a T: std::ops::Sub<&'a T, Output = T>,
    {
        let sets = self.first[player].len();
        let mut actions = vec![0; sets];
        let mut margin: Option<T> = None;
        for k in (0..sets).rev() {
            let start = self.first[player][k];
            let mut best = 0;
            for a in 1..self.actions[player][k] {
                if value[start + a] > value[start + best] {
                    best = a;
                }
            }
            for a in (0..self.actions[player][k]).filter(|&a| a != best) {
                let gap = &value[start + best] - &value[start + a];
                if margin.as_ref().is_none_or(|m| gap < *m) {
                    margin = Some(gap);
                }
            }
            actions[k] = best;
            let v = value[start + best].clone();
            value[self.parent[player][k]] += &v;
        }
        (actions, margin)
    }

    /// Whether realization plans are an equilibrium: no player's best response is worth
    /// more than their plan (exact). Computed in integers — each plan and each player's
    /// payoffs over their common denominators — since equilibria of large games have
    /// large denominators and fractions would be reduced at every step.
    pub fn is_equilibrium(&self, plans: &[Vec<BigRational>]) -> bool {
        let payoffs: Vec<IntegerPayoffs> = (0..self.players())
            .map(|p| self.integer_payoffs(p))
            .collect();
        self.is_equilibrium_with(plans, &payoffs)
    }

    /// Player `player`'s payoffs entry by entry as integers over their common
    /// denominator.
    pub(crate) fn integer_payoffs(&self, player: usize) -> IntegerPayoffs {
        over_common_denominator(self.payoffs.iter().map(|e| &e.payoffs[player]))
    }

    /// [`SequenceForm::is_equilibrium`] with each player's [`SequenceForm::integer_payoffs`].
    pub(crate) fn is_equilibrium_with(
        &self,
        plans: &[Vec<BigRational>],
        payoffs: &[IntegerPayoffs],
    ) -> bool {
        let scaled_plans: Vec<IntegerPayoffs> = plans
            .iter()
            .map(|p| over_common_denominator(p.iter()))
            .collect();
        (0..self.players()).all(|player| {
            // value[s]: the player's payoff from sequence s against the others' plans.
            let mut value = vec![BigInt::zero(); self.sequences[player]];
            for (entry, u) in self.payoffs.iter().zip(&payoffs[player].1) {
                if u.is_zero() {
                    continue;
                }
                let mut weight = u.clone();
                for (q, &s) in entry.sequences.iter().enumerate() {
                    if q != player {
                        weight *= &scaled_plans[q].1[s];
                    }
                }
                value[entry.sequences[player]] += weight;
            }
            let (common, own) = &scaled_plans[player];
            let expected: BigInt = own.iter().zip(&value).map(|(x, v)| x * v).sum();
            self.best_actions(player, &mut value);
            expected >= common * &value[0]
        })
    }

    /// Each player's expected payoff when each plays their realization plan.
    pub fn expected_payoffs(&self, plans: &[Vec<BigRational>]) -> Vec<BigRational> {
        let mut total = vec![BigRational::zero(); self.players()];
        for entry in &self.payoffs {
            let weight: BigRational = entry
                .sequences
                .iter()
                .zip(plans)
                .map(|(&s, plan)| &plan[s])
                .product();
            if !weight.is_zero() {
                for (x, u) in total.iter_mut().zip(&entry.payoffs) {
                    *x += u * &weight;
                }
            }
        }
        total
    }
}

/// Numbers as integers over their common denominator: (denominator, numerators).
pub(crate) type IntegerPayoffs = (BigInt, Vec<BigInt>);

/// `xs` over their least common denominator, in machine integers while they fit.
pub(crate) fn over_common_denominator<'a>(
    xs: impl Iterator<Item = &'a BigRational> + Clone,
) -> IntegerPayoffs {
    let common = xs.clone().fold(BigInt::one(), |d, x| {
        let q = x.denom();
        if let (Some(a), Some(b)) = (d.to_u64(), q.to_u64()) {
            let g = a.gcd(&b);
            if let Some(l) = (a / g).checked_mul(b) {
                return BigInt::from(l);
            }
        }
        d.lcm(q)
    });
    let small = common.to_u64();
    let scaled = xs
        .map(|x| match (small, x.denom().to_u64(), x.numer().to_i64()) {
            (Some(c), Some(q), Some(n)) => BigInt::from(i128::from(n) * i128::from(c / q)),
            _ => x.numer() * (&common / x.denom()),
        })
        .collect();
    (common, scaled)
}

/// The weight of each play that chance reaches — its chance probability times the payoffs
/// summed along it — as an index into the distinct weights (`None` for nodes that are not
/// ends of plays, or that chance never reaches). Equal probabilities and payoff sums are
/// shared, so each distinct product is formed once however large the tree.
#[allow(clippy::type_complexity)]
fn play_weights(game: &ExtensiveGame) -> (Vec<Option<usize>>, Vec<Vec<BigRational>>) {
    let players = game.num_players();
    let nodes = game.nodes();
    // Distinct chance probabilities and payoff sums, and each node's.
    let mut reaches: Vec<BigRational> = vec![BigRational::one()];
    let mut reach_index: HashMap<BigRational, usize> = HashMap::from([(BigRational::one(), 0)]);
    let mut sums: Vec<Vec<BigRational>> = vec![vec![BigRational::zero(); players]];
    let mut sum_index: HashMap<(usize, usize), usize> = HashMap::new();
    let mut reach = Vec::with_capacity(nodes.len());
    let mut sum = Vec::with_capacity(nodes.len());
    for node in nodes {
        let (r, u) = match node.parent {
            None => (0, 0),
            Some((p, a)) => {
                let h = nodes[p].infoset.expect("a parent moves");
                let set = &game.infosets()[h];
                let r = match set.mover {
                    Mover::Chance if !set.probabilities[a].is_one() => {
                        let q = &reaches[reach[p]] * &set.probabilities[a];
                        let next = reaches.len();
                        *reach_index.entry(q.clone()).or_insert_with(|| {
                            reaches.push(q);
                            next
                        })
                    }
                    _ => reach[p],
                };
                (r, sum[p])
            }
        };
        let u = match node.outcome {
            None => u,
            Some(o) => *sum_index.entry((u, o)).or_insert_with(|| {
                let total = sums[u]
                    .iter()
                    .zip(&game.outcomes()[o].payoffs)
                    .map(|(x, y)| x + y)
                    .collect();
                sums.push(total);
                sums.len() - 1
            }),
        };
        reach.push(r);
        sum.push(u);
    }
    let mut weights: Vec<Vec<BigRational>> = Vec::new();
    let mut weight_index: HashMap<(usize, usize), usize> = HashMap::new();
    let weight_of = nodes
        .iter()
        .enumerate()
        .map(|(t, node)| {
            if node.infoset.is_some() || reaches[reach[t]].is_zero() {
                return None;
            }
            Some(*weight_index.entry((reach[t], sum[t])).or_insert_with(|| {
                weights.push(
                    sums[sum[t]]
                        .iter()
                        .map(|u| u * &reaches[reach[t]])
                        .collect(),
                );
                weights.len() - 1
            }))
        })
        .collect();
    (weight_of, weights)
}

/// `numerator / denominator` in lowest terms (the denominator positive), reduced in
/// machine integers when both fit.
fn fraction(numerator: BigInt, denominator: &BigInt) -> BigRational {
    match (numerator.to_i128(), denominator.to_i128()) {
        (Some(n), Some(d)) if n.unsigned_abs() < 1u128 << 126 && d > 0 => {
            let g = n.unsigned_abs().gcd(&d.unsigned_abs()).max(1) as i128;
            BigRational::new_raw(BigInt::from(n / g), BigInt::from(d / g))
        }
        _ => BigRational::new(numerator, denominator.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::behaviour::{is_equilibrium, payoffs};
    use crate::extensive::efg::parse;
    use crate::extensive::reduced::tests::HORSE;
    use crate::extensive::reduced::{reduced_normal_form, reduced_strategies};
    use crate::game::integer;

    #[test]
    fn the_horse_in_sequence_form() {
        // Three players with one set of two actions each: three sequences each, and five
        // plays: D L, D R, A a, A d L, A d R (player 3's set spans the D and A d nodes).
        let g = parse(HORSE).unwrap();
        let sf = SequenceForm::new(&g).unwrap();
        assert_eq!(sf.sequences, vec![3, 3, 3]);
        assert_eq!(sf.parent, vec![vec![0], vec![0], vec![0]]);
        assert_eq!(sf.payoffs.len(), 5);
        for p in 0..3 {
            assert_eq!(sf.reduced_strategy_count(p, 100), Some(2));
            assert_eq!(sf.reduced_strategy_count(p, 1), None);
        }
    }

    /// The realization plan of a pure reduced strategy: 1 on the sequences it plays.
    fn pure_plan(sf: &SequenceForm, p: usize, strategy: &[Option<usize>]) -> Vec<BigRational> {
        let mut plan = vec![BigRational::zero(); sf.sequences[p]];
        plan[0] = BigRational::one();
        for (k, a) in strategy.iter().enumerate() {
            if let Some(a) = a {
                plan[sf.first[p][k] + a] = BigRational::one();
            }
        }
        plan
    }

    proptest::proptest! {
        /// On random perfect-recall trees: the reduced strategies are as many as the
        /// count says, each is a realization plan, the sequence-form payoffs of pure plans
        /// equal the reduced normal form's, and so do the centroid's behaviour payoffs.
        #[test]
        fn agrees_with_the_reduced_normal_form(
            tree in crate::extensive::tests::arb_game(),
            pick in proptest::collection::vec(0usize..1 << 16, 3),
        ) {
            let sf = SequenceForm::new(&tree).unwrap();
            let r = reduced_normal_form(&tree).unwrap();
            for p in 0..tree.num_players() {
                let count = reduced_strategies(&tree, p, usize::MAX).unwrap().len();
                proptest::prop_assert_eq!(sf.reduced_strategy_count(p, usize::MAX), Some(count));
                proptest::prop_assert!(sf.is_realization_plan(p, &sf.centroid(p)));
            }
            let shape = r.game.shape();
            let choice: Vec<usize> = shape.iter().zip(&pick).map(|(&k, &c)| c % k).collect();
            let plans: Vec<Vec<BigRational>> = (0..shape.len())
                .map(|p| pure_plan(&sf, p, &r.strategies[p][choice[p]]))
                .collect();
            for (p, plan) in plans.iter().enumerate() {
                proptest::prop_assert!(sf.is_realization_plan(p, plan));
            }
            let mixed: Vec<Vec<BigRational>> = shape.iter().zip(&choice).map(|(&k, &c)| {
                (0..k).map(|s| integer(i64::from(s == c))).collect()
            }).collect();
            let u = sf.expected_payoffs(&plans);
            for (p, u) in u.iter().enumerate() {
                proptest::prop_assert_eq!(u, &r.game.expected_payoff(&mixed, p));
            }
            proptest::prop_assert_eq!(sf.is_equilibrium(&plans), r.game.is_equilibrium(&mixed));
            // The integer test against the definition in fractions.
            let u = sf.expected_payoffs(&plans);
            let by_fractions = (0..shape.len()).all(|p| sf.best_response(&plans, p).value <= u[p]);
            proptest::prop_assert_eq!(sf.is_equilibrium(&plans), by_fractions);
            let centroid: Vec<Vec<BigRational>> =
                (0..tree.num_players()).map(|p| sf.centroid(p)).collect();
            let behaviour = sf.behaviour(&centroid);
            proptest::prop_assert_eq!(sf.expected_payoffs(&centroid), payoffs(&tree, &behaviour));
            proptest::prop_assert_eq!(
                Some(sf.is_equilibrium(&centroid)),
                is_equilibrium(&tree, &behaviour)
            );
        }
    }
}
