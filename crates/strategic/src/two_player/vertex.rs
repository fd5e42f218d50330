//! Every extreme Nash equilibrium of a two-player game, by vertex enumeration of the
//! best-response polytopes (correct for degenerate games).
//!
//! With payoffs shifted positive, P = {x ≥ 0 : Bᵀx ≤ 1} and Q = {y ≥ 0 : Ay ≤ 1}. A point
//! carries label i (a strategy of player 1) when x_i = 0 in P or row i of Ay ≤ 1 is tight in
//! Q, and label m + j when column j of Bᵀx ≤ 1 is tight in P or y_j = 0 in Q. The
//! equilibria are the completely labelled pairs of non-zero points, and the extreme
//! equilibria the completely labelled pairs of vertices, normalised to probabilities.
//!
//! Vertices are found by walking the graph of feasible simplex bases from the origin with
//! integer pivoting ([`super::pivot`]); a vertex of P with exactly m labels is matched to
//! the vertices of Q with the complementary label set by a hash lookup, degenerate ones by
//! a scan.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use crate::game::{Matrix, MixedProfile, NormalFormGame};
use crate::two_player::distributed_search::Budgets;
use crate::two_player::equilibrium_search;
use crate::two_player::pivot::{integer_polytope_vertices, positive_integer_matrix};
use crate::StrategicError;
use conway_core::{Parts, Progress, Ranks};

/// The most strategies both players may have together (labels are one machine word).
pub const MAX_LABELS: usize = 64;

/// A vertex of a polytope {z ≥ 0 : Mz ≤ 1}: its coordinates up to a positive factor and
/// its labels (bit t for z_t = 0, bit d + r for a tight row r).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Coprime integers proportional to the coordinates (all zero at the origin).
    pub direction: Vec<BigInt>,
    /// The labels as a bit set.
    pub labels: u64,
}

/// The vertices of {z ∈ ℝ^d : z ≥ 0, M'z ≤ 1}, each once, where M' is `m` shifted to
/// entries ≥ 1 and scaled to integers (the polytope is then bounded; labels and directions
/// do not depend on the shift), by integer pivoting ([`super::pivot`]).
pub fn polytope_vertices(
    m: &[Vec<BigRational>],
    progress: &dyn Progress,
) -> Result<Vec<Vertex>, StrategicError> {
    let (k, d) = (m.len(), m.first().map_or(0, Vec::len));
    if d + k > MAX_LABELS {
        return Err(StrategicError::too_large(
            "strategies of both players together for vertex enumeration",
            d + k,
            MAX_LABELS,
        ));
    }
    let integer = positive_integer_matrix(m);
    Ok(integer_polytope_vertices(&integer, progress)?
        .into_iter()
        .map(|v| Vertex {
            direction: v.direction,
            labels: v.labels,
        })
        .collect())
}

fn normalised(direction: &[BigInt]) -> Vec<BigRational> {
    let total: BigInt = direction.iter().sum();
    direction
        .iter()
        .map(|x| BigRational::new(x.clone(), total.clone()))
        .collect()
}

/// The constraint matrices of the best-response polytopes: A (rows: player 1's
/// strategies) for Q and Bᵀ (rows: player 2's) for P.
fn constraint_matrices(game: &NormalFormGame) -> Result<(Matrix, Matrix), StrategicError> {
    let (a, b) = game.matrices()?;
    let (m, n) = (a.len(), a[0].len());
    let bt = (0..n)
        .map(|j| (0..m).map(|i| b[i][j].clone()).collect())
        .collect();
    Ok((a, bt))
}

/// The most simplex bases the reverse search visits in the polytope it enumerates.
pub const MAX_SEARCH_BASES: u64 = 10_000_000;

/// Every extreme equilibrium of a two-player game, in a fixed order (that of the reverse
/// search, whatever the threads), by reverse search over the best-response polytope of the
/// player with fewer strategies (player 1's on a tie) and, for each of its vertices, the
/// complementary face of the other ([`super::equilibrium_search`]). Memory does not grow
/// with the number of vertices; the work is spread over rayon's threads. `progress` hears
/// the simplex bases visited; a stop request ends the work with
/// [`StrategicError::Interrupted`].
pub fn extreme_equilibria(
    game: &NormalFormGame,
    progress: &dyn Progress,
) -> Result<Vec<MixedProfile>, StrategicError> {
    let search = SearchedPolytope::of(game)?;
    let found = equilibrium_search::equilibria(
        search.searched(),
        search.other(),
        true,
        MAX_SEARCH_BASES,
        progress,
    )?;
    Ok(search.profiles(&found))
}

/// [`extreme_equilibria`] with the reverse search spread over the ranks of a distributed
/// run ([`conway_core::Ranks`]; a collective call, every rank with the same game). Rank 0
/// gets the equilibria, in the same order as [`extreme_equilibria`]; the others `None`.
pub fn extreme_equilibria_on_ranks(
    game: &NormalFormGame,
    ranks: &dyn Ranks,
    progress: &dyn Progress,
) -> Result<Option<Vec<MixedProfile>>, StrategicError> {
    let search = SearchedPolytope::of(game)?;
    let found = equilibrium_search::equilibria_on_ranks(
        search.searched(),
        search.other(),
        ranks,
        (MAX_SEARCH_BASES, Budgets::default()),
        progress,
    )?;
    Ok(found.map(|found| search.profiles(&found)))
}

/// The two polytopes' integer rows, and which one the reverse search walks: that of the
/// player with fewer strategies (player 1's on a tie).
struct SearchedPolytope {
    p_rows: Vec<Vec<BigInt>>,
    q_rows: Vec<Vec<BigInt>>,
    /// Q is searched: the players' roles are swapped.
    swapped: bool,
}

impl SearchedPolytope {
    fn of(game: &NormalFormGame) -> Result<Self, StrategicError> {
        let (a, bt) = constraint_matrices(game)?;
        Ok(SearchedPolytope {
            swapped: a.len() > bt.len(),
            p_rows: positive_integer_matrix(&bt),
            q_rows: positive_integer_matrix(&a),
        })
    }

    fn searched(&self) -> &[Vec<BigInt>] {
        if self.swapped {
            &self.q_rows
        } else {
            &self.p_rows
        }
    }

    fn other(&self) -> &[Vec<BigInt>] {
        if self.swapped {
            &self.p_rows
        } else {
            &self.q_rows
        }
    }

    /// The equilibria found, as mixed profiles of the game.
    fn profiles(&self, found: &[equilibrium_search::Pair]) -> Vec<MixedProfile> {
        found
            .iter()
            .map(|(u, v)| {
                let (x, y) = if self.swapped { (v, u) } else { (u, v) };
                vec![normalised(x), normalised(y)]
            })
            .collect()
    }
}

/// Every extreme equilibrium of a two-player game by enumerating both best-response
/// polytopes completely and joining their vertices by labels: the oracle for
/// [`extreme_equilibria`], in its own order (player 1's vertices in the order found, then
/// player 2's). `progress` hears the simplex bases visited in both polytopes; a stop
/// request ends the work with [`StrategicError::Interrupted`].
pub fn extreme_equilibria_by_join(
    game: &NormalFormGame,
    progress: &dyn Progress,
) -> Result<Vec<MixedProfile>, StrategicError> {
    // P: variables x (m), rows j: Σ_i b[i][j] x_i ≤ 1. Labels: x_i = 0 → i, row j → m + j.
    let (a, bt) = constraint_matrices(game)?;
    let (m, n) = (a.len(), bt.len());
    // Q: variables y (n), rows i: Σ_j a[i][j] y_j ≤ 1. Generic labels y_j = 0 → j,
    // row i → n + i; the game's labels are i for row i and m + j for y_j = 0.
    // The two polytopes are independent: one core each.
    let parts = Parts::new(progress, 2);
    let (p_vertices, q_vertices) = rayon::join(
        || polytope_vertices(&bt, &parts.part(0)),
        || polytope_vertices(&a, &parts.part(1)),
    );
    let (p_vertices, q_vertices) = (p_vertices?, q_vertices?);
    let relabel = |generic: u64| -> u64 {
        let ys = generic & ((1u64 << n) - 1);
        let rows = generic >> n;
        rows | ys << m
    };
    let full = if m + n == 64 {
        u64::MAX
    } else {
        (1u64 << (m + n)) - 1
    };
    let nonzero = |v: &Vertex| v.direction.iter().any(|z| !z.is_zero());
    // Directions stay integers until a pair matches: most vertices never do.
    let q: Vec<(&[BigInt], u64)> = q_vertices
        .iter()
        .filter(|v| nonzero(v))
        .map(|v| (v.direction.as_slice(), relabel(v.labels)))
        .collect();
    // A vertex of Q has at least n labels; one with exactly n is found by its label set,
    // the degenerate ones (more labels) are checked one by one.
    let mut by_labels: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut degenerate_q = Vec::new();
    for (i, (_, labels)) in q.iter().enumerate() {
        if labels.count_ones() as usize == n {
            by_labels.entry(*labels).or_default().push(i);
        } else {
            degenerate_q.push(i);
        }
    }
    let mut out = Vec::new();
    let every: Vec<usize> = (0..q.len()).collect();
    for x in p_vertices.iter().filter(|v| nonzero(v)) {
        let needed = full & !x.labels;
        let (exact, rest): (&[usize], &[usize]) = if x.labels.count_ones() as usize == m {
            let exact = by_labels.get(&needed).map_or(&[][..], Vec::as_slice);
            (exact, &degenerate_q)
        } else {
            (&every, &[])
        };
        let mut xs: Option<Vec<BigRational>> = None;
        for &i in exact.iter().chain(rest) {
            if q[i].1 & needed == needed {
                let xs = xs.get_or_insert_with(|| normalised(&x.direction));
                out.push(vec![xs.clone(), normalised(q[i].0)]);
            }
        }
    }
    Ok(out)
}

/// The connected components of the equilibrium set, as groups of indices into `extreme`
/// (the extreme equilibria). Each maximal Nash subset is a product of faces of the two
/// polytopes, and faces that meet share a vertex, so two extreme equilibria lie in one
/// component exactly when a chain of them, each sharing a strategy of one player with the
/// next, joins them.
pub fn components(extreme: &[MixedProfile]) -> Vec<Vec<usize>> {
    let n = extreme.len();
    let shared = (0..n).flat_map(|i| {
        (i + 1..n)
            .filter(move |&j| extreme[i][0] == extreme[j][0] || extreme[i][1] == extreme[j][1])
            .map(move |j| (i, j))
    });
    joined_classes(n, shared)
}

/// The classes of 0..n that the pairs join (union–find), each in increasing order, the
/// classes in the order of their smallest members.
pub(crate) fn joined_classes(
    n: usize,
    pairs: impl IntoIterator<Item = (usize, usize)>,
) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, j) in pairs {
        let (a, b) = (root(&mut parent, i), root(&mut parent, j));
        parent[a.max(b)] = a.min(b);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    for i in 0..n {
        let r = root(&mut parent, i);
        let g = *group_of.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nfg::parse;
    use crate::game::integer;
    use crate::testing::arb_bimatrix;
    use crate::two_player::support::support_enumeration;
    use conway_core::Diagnostic;
    use num_traits::{One, Signed};
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// Gambit's contrib/games/2x2const.nfg: the unique equilibrium ((1/3,2/3),(1/3,2/3)).
    const CONSTANT_SUM: &str = "NFG 1 R \"2 x 2 constant sum game with unique mixed equilibrium\" \
        { \"Player 1\" \"Player 2\" }\n\n{ { \"1\" \"2\" }\n{ \"1\" \"2\" }\n}\n\"\"\n\n{\n\
        { \"\" 2, 0 }\n{ \"\" 0, 2 }\n{ \"\" 0, 2 }\n{ \"\" 1, 1 }\n}\n1 2 3 4\n";

    /// Gambit's contrib/games/coord3.nfg: "3x3 coordination game with 7 Nash equilibria".
    const COORD3: &str = "NFG 1 R \"3x3 coordination game with 7 Nash equilibria\" \
        { \"Player 1\" \"Player 2\" }\n\n{ { \"1\" \"2\" \"3\" }\n{ \"1\" \"2\" \"3\" }\n}\n\"\"\n\n{\n\
        { \"\" 3, 2 }\n{ \"\" 0, 0 }\n{ \"\" 0, 0 }\n{ \"\" 0, 0 }\n{ \"\" 2, 2 }\n{ \"\" 0, 0 }\n\
        { \"\" 0, 0 }\n{ \"\" 0, 0 }\n{ \"\" 1, 4 }\n}\n1 2 3 4 5 6 7 8 9 \n";

    /// Gambit's contrib/games/deg1.nfg: "Degenerate 3x3 game 1".
    const DEG1: &str = "NFG 1 R \"Degenerate 3x3 game 1\" { \"Player 1\" \"Player 2\" }\n\n\
        { { \"1\" \"2\" \"3\" }\n{ \"1\" \"2\" \"3\" }\n}\n\"\"\n\n{\n{ \"\" 1, 1 }\n{ \"\" 2, 3 }\n\
        { \"\" 3, 2 }\n{ \"\" 3, 2 }\n{ \"\" 2, 2 }\n{ \"\" 1, 2 }\n{ \"\" 2, 3 }\n{ \"\" 2, 1 }\n\
        { \"\" 2, 2 }\n}\n1 2 3 4 5 6 7 8 9 \n";

    #[test]
    fn gambit_examples() {
        let g = parse(CONSTANT_SUM).unwrap();
        let third = vec![q(1, 3), q(2, 3)];
        assert_eq!(
            extreme_equilibria(&g, &conway_core::NoProgress).unwrap(),
            vec![vec![third.clone(), third]]
        );

        let g = parse(COORD3).unwrap();
        let eq = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        assert_eq!(eq.len(), 7);
        let mixed = vec![
            vec![q(2, 5), q(2, 5), q(1, 5)],
            vec![q(2, 11), q(3, 11), q(6, 11)],
        ];
        assert!(eq.contains(&mixed));
        for e in &eq {
            assert!(g.is_equilibrium(e));
        }
    }

    /// The vertices of {z ≥ 0 : Mz ≤ 1} by brute force: every choice of d tight constraints
    /// among the d + k, solved exactly, kept when feasible.
    fn brute_vertices(m: &[Vec<BigRational>]) -> Vec<(Vec<BigRational>, u64)> {
        let (k, d) = (m.len(), m[0].len());
        let mut out: Vec<(Vec<BigRational>, u64)> = Vec::new();
        for mask in 0u64..1 << (d + k) {
            if mask.count_ones() as usize != d {
                continue;
            }
            let rows: Vec<Vec<BigRational>> = (0..d + k)
                .filter(|c| mask >> c & 1 == 1)
                .map(|c| {
                    if c < d {
                        (0..d)
                            .map(|t| {
                                if t == c {
                                    BigRational::one()
                                } else {
                                    BigRational::zero()
                                }
                            })
                            .collect()
                    } else {
                        m[c - d].clone()
                    }
                })
                .collect();
            let rhs = (0..d + k)
                .filter(|c| mask >> c & 1 == 1)
                .map(|c| {
                    if c < d {
                        BigRational::zero()
                    } else {
                        BigRational::one()
                    }
                })
                .collect();
            let Some(z) = crate::linalg::solve(rows, rhs) else {
                continue;
            };
            let feasible = z.iter().all(|x| !x.is_negative())
                && m.iter().all(|row| {
                    row.iter().zip(&z).map(|(a, x)| a * x).sum::<BigRational>()
                        <= BigRational::one()
                });
            if feasible && !out.iter().any(|v| v.0 == z) {
                let mut labels = 0;
                for (t, x) in z.iter().enumerate() {
                    if x.is_zero() {
                        labels |= 1 << t;
                    }
                }
                for (r, row) in m.iter().enumerate() {
                    if row.iter().zip(&z).map(|(a, x)| a * x).sum::<BigRational>()
                        == BigRational::one()
                    {
                        labels |= 1 << (d + r);
                    }
                }
                out.push((z, labels));
            }
        }
        out
    }

    /// Extreme equilibria from brute-force vertices: the oracle for degenerate games.
    fn brute_equilibria(g: &NormalFormGame) -> Vec<MixedProfile> {
        let (a, b) = g.matrices().unwrap();
        let (m, n) = (a.len(), a[0].len());
        let shifted = |x: &Matrix| -> Matrix {
            positive_integer_matrix(x)
                .into_iter()
                .map(|r| r.into_iter().map(BigRational::from_integer).collect())
                .collect()
        };
        let (a, b) = (shifted(&a), shifted(&b));
        let bt: Vec<Vec<BigRational>> = (0..n)
            .map(|j| (0..m).map(|i| b[i][j].clone()).collect())
            .collect();
        let full = (1u64 << (m + n)) - 1;
        let mut out = Vec::new();
        let probabilities = |z: &[BigRational]| -> Vec<BigRational> {
            let total: BigRational = z.iter().sum();
            z.iter().map(|x| x / &total).collect()
        };
        let nonzero = |v: &&(Vec<BigRational>, u64)| v.0.iter().any(|z| !z.is_zero());
        for x in brute_vertices(&bt).iter().filter(nonzero) {
            for y in brute_vertices(&a).iter().filter(nonzero) {
                let ylabels = (y.1 >> n) | (y.1 & ((1 << n) - 1)) << m;
                if x.1 | ylabels == full {
                    out.push(vec![probabilities(&x.0), probabilities(&y.0)]);
                }
            }
        }
        out.sort();
        out
    }

    /// Degenerate games: Gambit's deg1.nfg, and von Stengel's example (Handbook of Game
    /// Theory vol. 3, ch. 45: A = [[3,3],[2,5],[0,6]], B = [[3,3],[2,6],[3,1]]) whose extreme
    /// equilibrium ((1,0,0),(2/3,1/3)) has supports of different sizes.
    #[test]
    fn degenerate_games() {
        let g = parse(DEG1).unwrap();
        let mut eq = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        eq.sort();
        assert_eq!(eq, brute_equilibria(&g));
        assert_eq!(eq.len(), 6);
        let m = |rows: &[[i64; 2]]| -> Vec<Vec<BigRational>> {
            rows.iter()
                .map(|r| r.iter().map(|&x| integer(x)).collect())
                .collect()
        };
        let g =
            NormalFormGame::bimatrix(&m(&[[3, 3], [2, 5], [0, 6]]), &m(&[[3, 3], [2, 6], [3, 1]]))
                .unwrap();
        let mut eq = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        eq.sort();
        assert_eq!(eq, brute_equilibria(&g));
        let pure = vec![q(1, 1), q(0, 1), q(0, 1)];
        assert!(eq.contains(&vec![pure.clone(), vec![q(2, 3), q(1, 3)]]));
        assert!(eq.contains(&vec![pure, vec![q(1, 1), q(0, 1)]]));
        // Equal-size supports with positive probabilities (nashpy's support enumeration)
        // cannot produce the first: its supports have sizes 1 and 2.
        for e in &eq {
            assert!(g.is_equilibrium(e));
        }
    }

    #[test]
    fn components_join_equilibria_sharing_a_strategy() {
        // Player 1's first strategy against a segment of player 2's strategies: one
        // component with two extreme points; coord3's seven equilibria are all isolated.
        let a = vec![vec![integer(1), integer(1)], vec![integer(0), integer(0)]];
        let g = NormalFormGame::bimatrix(&a, &a).unwrap();
        let eq = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        assert_eq!(components(&eq), vec![vec![0, 1]]);
        let g = parse(COORD3).unwrap();
        assert_eq!(
            components(&extreme_equilibria(&g, &conway_core::NoProgress).unwrap()).len(),
            7
        );
    }

    /// The classic degenerate example where one player has a continuum of best replies:
    /// A = [[1,1],[0,0]]... every extreme point is listed, including both ends of the
    /// segment of player 2's strategies.
    #[test]
    fn continuum_endpoints() {
        let a = vec![vec![integer(1), integer(1)], vec![integer(0), integer(0)]];
        let b = vec![vec![integer(1), integer(1)], vec![integer(0), integer(0)]];
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        let eq = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        let pure1 = vec![q(1, 1), q(0, 1)];
        assert!(eq.contains(&vec![pure1.clone(), vec![q(1, 1), q(0, 1)]]));
        assert!(eq.contains(&vec![pure1, vec![q(0, 1), q(1, 1)]]));
        assert_eq!(eq.len(), 2);
    }

    /// Random 10×10 games (thousands of bases, so the search is split into jobs): the
    /// same equilibria as the join, in the same order on one thread as on three.
    #[test]
    fn random_games_match_the_join_on_any_threads() {
        for seed in 0..3 {
            let g = crate::random::random_game(10, seed);
            let on = |threads| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap()
                    .install(|| extreme_equilibria(&g, &conway_core::NoProgress).unwrap())
            };
            let one = on(1);
            assert_eq!(on(3), one);
            let mut sorted = one.clone();
            sorted.sort();
            let mut join = extreme_equilibria_by_join(&g, &conway_core::NoProgress).unwrap();
            join.sort();
            assert_eq!(sorted, join);
            assert!(!one.is_empty());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Nondegenerate games (payoffs drawn from a wide range): vertex enumeration equals
        /// support enumeration, and every equilibrium passes the exact check.
        #[test]
        fn matches_support_enumeration(g in arb_bimatrix(4, 1_000_000)) {
            let mut ve = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
            let mut se = support_enumeration(&g).unwrap();
            ve.sort();
            se.sort();
            prop_assert_eq!(&ve, &se);
            for e in &ve {
                prop_assert!(g.is_equilibrium(e));
            }
        }

        /// The reverse search over one polytope finds the same set of extreme equilibria as
        /// the join of both, each once: generic games, degenerate ones (payoffs from
        /// {-1, 0}, {-2..1}) and non-square ones (either player enumerated).
        #[test]
        fn reverse_search_matches_the_join(
            g in prop_oneof![arb_bimatrix(6, 1_000), arb_bimatrix(6, 1), arb_bimatrix(6, 2)],
        ) {
            let mut search = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
            let mut join = extreme_equilibria_by_join(&g, &conway_core::NoProgress).unwrap();
            let before = search.len();
            search.sort();
            search.dedup();
            prop_assert_eq!(search.len(), before, "an equilibrium reported twice");
            join.sort();
            prop_assert_eq!(&search, &join);
        }

        /// Degenerate games (payoffs from a tiny range): the same extreme equilibria as the
        /// brute-force vertex oracle, each verified, every pure equilibrium among them.
        #[test]
        fn degenerate_games_are_covered(g in arb_bimatrix(4, 2)) {
            let mut ve = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
            ve.sort();
            prop_assert_eq!(&ve, &brute_equilibria(&g));
            prop_assert!(!ve.is_empty());
            for e in &ve {
                prop_assert!(g.is_equilibrium(e));
            }
            for p in crate::n_player::pure::pure_equilibria(&g) {
                prop_assert!(ve.contains(&crate::n_player::pure::as_mixed(&g, &p)));
            }
        }

        /// Spread over 1 to 4 ranks, with budgets small enough to split the search into
        /// many jobs, the search reports what the one-process search reports, in its order.
        #[test]
        fn ranks_report_what_one_process_reports(
            g in prop_oneof![arb_bimatrix(6, 1_000), arb_bimatrix(6, 1)],
            size in 1usize..5,
            budget in 1u64..6,
        ) {
            let expected = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
            let budgets = Budgets { coordinator: budget, worker: budget + 1 };
            prop_assert_eq!(on_ranks(&g, size, budgets, MAX_SEARCH_BASES).unwrap(), expected);
        }
    }

    /// The equilibria of `g` found by `size` ranks of one process, on rank 0.
    fn on_ranks(
        g: &NormalFormGame,
        size: usize,
        budgets: Budgets,
        limit: u64,
    ) -> Result<Vec<MixedProfile>, StrategicError> {
        let search = SearchedPolytope::of(g).unwrap();
        let mut out = conway_core::ranks::run_local(size, |r| {
            let found = equilibrium_search::equilibria_on_ranks(
                search.searched(),
                search.other(),
                r,
                (limit, budgets),
                &conway_core::NoProgress,
            );
            found.map(|f| f.map(|f| search.profiles(&f)))
        });
        for rest in &out[1..] {
            match (rest, &out[0]) {
                (Ok(None), Ok(_)) => {}
                // A failure is every rank's, of the same kind.
                (Err(e), Err(first)) => assert_eq!(e.kind(), first.kind()),
                _ => panic!("only rank 0 answers, and a failure is every rank's"),
            }
        }
        out.swap_remove(0).map(|f| f.expect("rank 0 answers"))
    }

    #[test]
    fn ranks_split_a_larger_search_the_same_way() {
        let g = crate::random::random_game(9, 3);
        let expected = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        for size in [2, 4] {
            let budgets = Budgets {
                coordinator: 7,
                worker: 13,
            };
            assert_eq!(
                on_ranks(&g, size, budgets, MAX_SEARCH_BASES).unwrap(),
                expected
            );
        }
        // The limit counts the bases of every rank.
        let err = on_ranks(
            &g,
            3,
            Budgets {
                coordinator: 7,
                worker: 13,
            },
            50,
        )
        .unwrap_err();
        assert!(matches!(err, StrategicError::TooLarge { .. }), "{err}");
    }

    #[test]
    fn a_stop_heard_on_any_rank_stops_the_search() {
        let g = crate::random::random_game(9, 3);
        let search = SearchedPolytope::of(&g).unwrap();
        let out = conway_core::ranks::run_local(3, |r| {
            let stop = conway_core::StopAfter::units(0);
            let progress: &dyn Progress = if r.rank() == 2 {
                &stop
            } else {
                &conway_core::NoProgress
            };
            equilibrium_search::equilibria_on_ranks(
                search.searched(),
                search.other(),
                r,
                (
                    MAX_SEARCH_BASES,
                    Budgets {
                        coordinator: 3,
                        worker: 3,
                    },
                ),
                progress,
            )
            .map(|f| f.is_some())
        });
        assert!(out
            .iter()
            .all(|o| matches!(o, Err(StrategicError::Interrupted))));
    }
}
