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

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;

use super::behaviour::BehaviourProfile;
use super::{ExtensiveGame, Mover};
use crate::{NormalFormGame, StrategicError};

/// A player's payoff at one entry, as an integer over the player's common denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numerator<'a> {
    /// One that fits a machine word.
    Machine(i64),
    /// One that does not.
    Big(&'a BigInt),
}

impl Numerator<'_> {
    /// Whether it is zero.
    pub fn is_zero(self) -> bool {
        match self {
            Numerator::Machine(n) => n == 0,
            Numerator::Big(n) => n.is_zero(),
        }
    }

    /// As a big integer.
    pub fn to_big(self) -> BigInt {
        match self {
            Numerator::Machine(n) => BigInt::from(n),
            Numerator::Big(n) => n.clone(),
        }
    }

    /// As the nearest float (NaN past the float range).
    pub fn to_f64(self) -> f64 {
        match self {
            Numerator::Machine(n) => n as f64,
            Numerator::Big(n) => n.to_f64().unwrap_or(f64::NAN),
        }
    }
}

/// One player's payoffs at the entries of a sequence form: integers over a common
/// denominator, in machine words when they all fit (as they do for almost every game),
/// so that large games are stored and summed without a fraction per entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPayoffs {
    /// The common denominator (positive).
    pub denominator: BigInt,
    numerators: Numerators,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Numerators {
    Machine(Vec<i64>),
    Big(Vec<BigInt>),
}

impl PlayerPayoffs {
    /// `numerators` over `denominator`, in machine words if they fit.
    fn new(denominator: BigInt, numerators: Vec<BigInt>) -> PlayerPayoffs {
        let small: Option<Vec<i64>> = numerators.iter().map(ToPrimitive::to_i64).collect();
        PlayerPayoffs {
            denominator,
            numerators: small.map_or(Numerators::Big(numerators), Numerators::Machine),
        }
    }

    /// The numerator at entry `i`.
    pub fn numerator(&self, i: usize) -> Numerator<'_> {
        match &self.numerators {
            Numerators::Machine(v) => Numerator::Machine(v[i]),
            Numerators::Big(v) => Numerator::Big(&v[i]),
        }
    }

    /// The payoff at entry `i`, as a fraction.
    pub fn payoff(&self, i: usize) -> BigRational {
        BigRational::new(self.numerator(i).to_big(), self.denominator.clone())
    }

    /// The largest numerator in magnitude (zero when there are none).
    pub fn largest_numerator(&self) -> BigInt {
        match &self.numerators {
            Numerators::Machine(v) => v
                .iter()
                .map(|n| BigInt::from(n.unsigned_abs()))
                .max()
                .unwrap_or_default(),
            Numerators::Big(v) => v.iter().map(|n| n.abs()).max().unwrap_or_default(),
        }
    }
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
    /// The payoff entries: the combinations of one sequence per player that end plays
    /// with a payoff not all zero, in lexicographic order, `players` numbers each.
    entries: Vec<usize>,
    /// Each player's payoff at each entry.
    payoffs: Vec<PlayerPayoffs>,
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
        // The ends of plays that carry a weight, those ending the same sequences together.
        let mut ends: Vec<(usize, usize)> = weight_of
            .iter()
            .enumerate()
            .filter_map(|(t, w)| w.map(|w| (t, w)))
            .collect();
        sort_by_sequences(&mut ends, &at, &sequences);
        let mut runs = Vec::new();
        let mut start = 0;
        for k in 1..=ends.len() {
            if k == ends.len() || at.iter().any(|s| s[ends[k].0] != s[ends[start].0]) {
                runs.push(start..k);
                start = k;
            }
        }
        // Each player's weights as integers over their common denominator, summed over
        // each run with no fractions.
        let mut payoffs: Vec<PlayerPayoffs> = (0..players)
            .map(|p| {
                let (denominator, numerators) =
                    over_common_denominator(weights.iter().map(|w| &w[p]));
                let weight = |k: usize| ends[k].1;
                PlayerPayoffs {
                    denominator,
                    numerators: Numerators::run_sums(&numerators, &runs, weight),
                }
            })
            .collect();
        let keep: Vec<bool> = (0..runs.len())
            .map(|i| payoffs.iter().any(|u| !u.numerator(i).is_zero()))
            .collect();
        for u in &mut payoffs {
            u.numerators.retain(&keep);
        }
        let entries = runs
            .iter()
            .zip(&keep)
            .filter(|(_, &k)| k)
            .flat_map(|(run, _)| at.iter().map(|s| s[ends[run.start].0]))
            .collect();
        Ok(SequenceForm {
            first,
            parent,
            actions,
            sequences,
            entries,
            payoffs,
        })
    }

    /// The sequence form of a normal-form game, each player moving once at one set, not
    /// knowing the others' choices: sequence 1 + i is strategy i.
    pub fn from_normal_form(game: &NormalFormGame) -> SequenceForm {
        let shape = game.shape();
        let players = shape.len();
        let mut cells: Vec<(Vec<usize>, &[BigRational])> = (0..shape.iter().product::<usize>())
            .map(|index| {
                let sequences = game
                    .profile_strategies(index)
                    .iter()
                    .map(|s| s + 1)
                    .collect();
                (sequences, game.payoffs_at(index))
            })
            .filter(|(_, u)| !u.iter().all(Zero::is_zero))
            .collect();
        cells.sort_by(|a, b| a.0.cmp(&b.0));
        let payoffs = (0..players)
            .map(|p| {
                let (denominator, numerators) =
                    over_common_denominator(cells.iter().map(|(_, u)| &u[p]));
                PlayerPayoffs::new(denominator, numerators)
            })
            .collect();
        SequenceForm {
            first: vec![vec![1]; players],
            parent: vec![vec![0]; players],
            actions: shape.iter().map(|&k| vec![k]).collect(),
            sequences: shape.iter().map(|k| k + 1).collect(),
            entries: cells.into_iter().flat_map(|(s, _)| s).collect(),
            payoffs,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.sequences.len()
    }

    /// The number of payoff entries.
    pub fn entry_count(&self) -> usize {
        self.entries.len() / self.players().max(1)
    }

    /// The sequences of entry `i`, one per player.
    pub fn entry(&self, i: usize) -> &[usize] {
        let n = self.players();
        &self.entries[i * n..(i + 1) * n]
    }

    /// Player `player`'s payoffs at the entries.
    pub fn payoffs(&self, player: usize) -> &PlayerPayoffs {
        &self.payoffs[player]
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
        // Worths times the player's common denominator, divided out at the end.
        let plans: Vec<&[BigRational]> = plans.iter().map(Vec::as_slice).collect();
        let mut value = self.worths(player, &plans, |n| BigRational::from_integer(n.to_big()));
        let denominator = BigRational::from_integer(self.payoffs[player].denominator.clone());
        let (actions, _) = self.best_actions(player, &mut value);
        BestResponse {
            actions,
            value: value.swap_remove(0) / denominator,
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
        let scaled_plans: Vec<IntegerPayoffs> = plans
            .iter()
            .map(|p| over_common_denominator(p.iter()))
            .collect();
        let integer_plans: Vec<&[BigInt]> = scaled_plans.iter().map(|p| p.1.as_slice()).collect();
        (0..self.players()).all(|player| {
            // value[s]: the player's payoff from sequence s against the others' plans,
            // times the denominators of the payoffs and of the others' plans.
            let mut value = self.worths(player, &integer_plans, |n| n.to_big());
            let (common, own) = &scaled_plans[player];
            let expected: BigInt = own.iter().zip(&value).map(|(x, v)| x * v).sum();
            self.best_actions(player, &mut value);
            expected >= common * &value[0]
        })
    }

    /// What each of `player`'s sequences is worth against the others' plans (`player`'s
    /// own is ignored): over the entries it ends, the payoff's numerator times the others'
    /// plan weights, in rationals or in integers (plans over their denominators). The
    /// payoffs' common denominator is not divided out.
    fn worths<T>(
        &self,
        player: usize,
        plans: &[&[T]],
        numerator: impl Fn(Numerator<'_>) -> T,
    ) -> Vec<T>
    where
        T: Clone + Zero + std::ops::AddAssign + for<'a> std::ops::MulAssign<&'a T>,
    {
        let u = &self.payoffs[player];
        let mut value = vec![T::zero(); self.sequences[player]];
        for i in 0..self.entry_count() {
            let n = u.numerator(i);
            if n.is_zero() {
                continue;
            }
            let entry = self.entry(i);
            let others = entry
                .iter()
                .zip(plans)
                .enumerate()
                .filter(|&(q, _)| q != player)
                .map(|(_, (&s, plan))| &plan[s]);
            if others.clone().any(Zero::is_zero) {
                continue;
            }
            let mut weight = numerator(n);
            for x in others {
                weight *= x;
            }
            value[entry[player]] += weight;
        }
        value
    }

    /// Each player's expected payoff when each plays their realization plan.
    pub fn expected_payoffs(&self, plans: &[Vec<BigRational>]) -> Vec<BigRational> {
        let mut total = vec![BigRational::zero(); self.players()];
        for i in 0..self.entry_count() {
            let weight: BigRational = self
                .entry(i)
                .iter()
                .zip(plans)
                .map(|(&s, plan)| &plan[s])
                .product();
            if !weight.is_zero() {
                for (x, u) in total.iter_mut().zip(&self.payoffs) {
                    let n = u.numerator(i);
                    if !n.is_zero() {
                        *x += &weight * BigRational::from_integer(n.to_big());
                    }
                }
            }
        }
        total
            .into_iter()
            .zip(&self.payoffs)
            .map(|(x, u)| x / BigRational::from_integer(u.denominator.clone()))
            .collect()
    }
}

impl Numerators {
    /// The sums of `values[weight(k)]` over each run `k ∈ runs[i]`, in machine integers
    /// when every sum fits.
    fn run_sums(
        values: &[BigInt],
        runs: &[std::ops::Range<usize>],
        weight: impl Fn(usize) -> usize,
    ) -> Numerators {
        let small: Option<Vec<i64>> = values.iter().map(ToPrimitive::to_i64).collect();
        if let Some(small) = small {
            let sums: Option<Vec<i64>> = runs
                .iter()
                .map(|run| {
                    run.clone()
                        .try_fold(0i64, |x, k| x.checked_add(small[weight(k)]))
                })
                .collect();
            if let Some(sums) = sums {
                return Numerators::Machine(sums);
            }
        }
        Numerators::Big(
            runs.iter()
                .map(|run| run.clone().map(|k| &values[weight(k)]).sum())
                .collect(),
        )
    }

    /// Keeps the entries `i` with `keep[i]`.
    fn retain(&mut self, keep: &[bool]) {
        fn kept<T>(v: &mut Vec<T>, keep: &[bool]) {
            let mut i = 0;
            v.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        match self {
            Numerators::Machine(v) => kept(v, keep),
            Numerators::Big(v) => kept(v, keep),
        }
    }
}

/// Orders ends of plays `(node, weight)` by the sequences leading to them (`at[p][node]`
/// for each player p, who has `sequences[p]` of them), lexicographically: as one number in
/// mixed radix when the combinations fit 128 bits, as is almost always the case.
fn sort_by_sequences(ends: &mut [(usize, usize)], at: &[Vec<usize>], sequences: &[usize]) {
    let fits = sequences
        .iter()
        .try_fold(1u128, |r, &n| r.checked_mul(n as u128))
        .is_some();
    sort_by_sequences_in(ends, at, sequences, fits);
}

/// [`sort_by_sequences`], by one number in mixed radix or by comparing sequences.
fn sort_by_sequences_in(
    ends: &mut [(usize, usize)],
    at: &[Vec<usize>],
    sequences: &[usize],
    mixed_radix: bool,
) {
    if mixed_radix {
        ends.sort_by_cached_key(|&(t, _)| {
            at.iter()
                .zip(sequences)
                .fold(0u128, |k, (s, &n)| k * n as u128 + s[t] as u128)
        });
    } else {
        ends.sort_by(|&(a, _), &(b, _)| {
            at.iter()
                .map(|s| s[a].cmp(&s[b]))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
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
    let mut reach_index: FxHashMap<BigRational, usize> =
        FxHashMap::from_iter([(BigRational::one(), 0)]);
    let mut sums: Vec<Vec<BigRational>> = vec![vec![BigRational::zero(); players]];
    let mut sum_index: FxHashMap<(usize, usize), usize> = FxHashMap::default();
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
    let mut weight_index: FxHashMap<(usize, usize), usize> = FxHashMap::default();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::behaviour::{is_equilibrium, payoffs};
    use crate::extensive::reduced::tests::HORSE;
    use crate::extensive::reduced::{reduced_normal_form, reduced_strategies};
    use crate::formats::efg::parse;
    use crate::game::integer;

    #[test]
    fn the_horse_in_sequence_form() {
        // Three players with one set of two actions each: three sequences each, and five
        // plays: D L, D R, A a, A d L, A d R (player 3's set spans the D and A d nodes), of
        // which D R pays nobody anything and so has no entry.
        let g = parse(HORSE).unwrap();
        let sf = SequenceForm::new(&g).unwrap();
        assert_eq!(sf.sequences, vec![3, 3, 3]);
        assert_eq!(sf.parent, vec![vec![0], vec![0], vec![0]]);
        assert_eq!(sf.entry_count(), 4);
        assert_eq!(sf.entry(3), &[2, 0, 1]);
        assert_eq!(sf.payoffs(2).payoff(3), integer(2));
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
        /// Both ways of ordering ends of plays give the lexicographic order of their
        /// sequences.
        #[test]
        fn ends_are_ordered_by_their_sequences(
            sequences in proptest::collection::vec(1usize..5, 1..4),
            draws in proptest::collection::vec(0usize..1000, 0..40),
        ) {
            let nodes = draws.len();
            let at: Vec<Vec<usize>> = sequences
                .iter()
                .enumerate()
                .map(|(p, &n)| draws.iter().map(|d| (d >> (2 * p)) % n).collect())
                .collect();
            let key = |t: usize| at.iter().map(|s| s[t]).collect::<Vec<_>>();
            let mut expected: Vec<Vec<usize>> = (0..nodes).map(key).collect();
            expected.sort();
            for mixed_radix in [false, true] {
                let mut ends: Vec<(usize, usize)> = (0..nodes).map(|t| (t, 0)).collect();
                sort_by_sequences_in(&mut ends, &at, &sequences, mixed_radix);
                let got: Vec<Vec<usize>> = ends.iter().map(|&(t, _)| key(t)).collect();
                proptest::prop_assert_eq!(&got, &expected);
            }
        }

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
