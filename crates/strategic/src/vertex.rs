//! Every extreme Nash equilibrium of a two-player game, by vertex enumeration of the
//! best-response polytopes (correct for degenerate games).
//!
//! With payoffs shifted positive, P = {x ≥ 0 : Bᵀx ≤ 1} and Q = {y ≥ 0 : Ay ≤ 1}. A point
//! carries label i (a strategy of player 1) when x_i = 0 in P or row i of Ay ≤ 1 is tight in
//! Q, and label m + j when column j of Bᵀx ≤ 1 is tight in P or y_j = 0 in Q. The
//! equilibria are the completely labelled pairs of non-zero points, and the extreme
//! equilibria the completely labelled pairs of vertices, normalised to probabilities.
//!
//! Vertices are found by walking the graph of feasible simplex bases from the origin: every
//! entering column and every row tied in the ratio test (degeneracy) is followed, so each
//! vertex is reached through at least one of its bases. Labels are read off the vertex itself,
//! not off a basis, so a degenerate vertex keeps every label it has.

use std::collections::{HashMap, HashSet};

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::game::{MixedProfile, NormalFormGame};
use crate::StrategicError;

/// The most strategies both players may have together (labels are one machine word).
pub const MAX_LABELS: usize = 64;

/// The most simplex bases visited per polytope before giving up.
pub const MAX_BASES: usize = 5_000_000;

/// A vertex of a polytope {z ≥ 0 : Mz ≤ 1}: its coordinates and labels (bit t for z_t = 0,
/// bit d + r for a tight row r).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// The coordinates.
    pub point: Vec<BigRational>,
    /// The labels as a bit set.
    pub labels: u64,
}

#[derive(Clone)]
struct Tableau {
    /// rows × (d + k + 1): the constraint rows over the variables z, the slacks, and the
    /// right-hand side.
    t: Vec<Vec<BigRational>>,
    /// The basic variable of each row.
    basis: Vec<usize>,
}

impl Tableau {
    fn pivot(&mut self, row: usize, col: usize) {
        let width = self.t[row].len();
        let p = self.t[row][col].clone();
        for c in 0..width {
            self.t[row][c] /= &p;
        }
        for r in 0..self.t.len() {
            if r == row || self.t[r][col].is_zero() {
                continue;
            }
            let factor = self.t[r][col].clone();
            for c in 0..width {
                if !self.t[row][c].is_zero() {
                    let delta = &factor * &self.t[row][c];
                    self.t[r][c] -= delta;
                }
            }
        }
        self.basis[row] = col;
    }

    fn key(&self) -> u64 {
        self.basis.iter().fold(0, |acc, &v| acc | 1 << v)
    }
}

/// The vertices of {z ∈ ℝ^d : z ≥ 0, Mz ≤ 1} for a matrix `m` (k rows of d positive
/// entries, so the polytope is bounded), each once.
pub fn polytope_vertices(m: &[Vec<BigRational>]) -> Result<Vec<Vertex>, StrategicError> {
    let (k, d) = (m.len(), m.first().map_or(0, Vec::len));
    if d + k > MAX_LABELS {
        return Err(StrategicError::TooLarge(format!(
            "{d} + {k} strategies; vertex enumeration takes at most {MAX_LABELS} in all"
        )));
    }
    let width = d + k + 1;
    let mut start = Tableau {
        t: (0..k)
            .map(|r| {
                let mut row = m[r].clone();
                row.extend((0..k).map(|s| {
                    if s == r {
                        BigRational::one()
                    } else {
                        BigRational::zero()
                    }
                }));
                row.push(BigRational::one());
                row
            })
            .collect(),
        basis: (d..d + k).collect(),
    };
    let mut seen_bases: HashSet<u64> = HashSet::new();
    let mut seen_points: HashMap<Vec<BigRational>, u64> = HashMap::new();
    let mut order: Vec<Vec<BigRational>> = Vec::new();
    seen_bases.insert(start.key());
    let mut stack = vec![std::mem::replace(
        &mut start,
        Tableau {
            t: Vec::new(),
            basis: Vec::new(),
        },
    )];
    while let Some(tab) = stack.pop() {
        // The vertex of this basis.
        let mut point = vec![BigRational::zero(); d];
        for (r, &v) in tab.basis.iter().enumerate() {
            if v < d {
                point[v] = tab.t[r][width - 1].clone();
            }
        }
        if !seen_points.contains_key(&point) {
            let mut labels = 0u64;
            for (t, z) in point.iter().enumerate() {
                if z.is_zero() {
                    labels |= 1 << t;
                }
            }
            for (r, row) in m.iter().enumerate() {
                let s: BigRational = row.iter().zip(&point).map(|(a, z)| a * z).sum();
                if s == BigRational::one() {
                    labels |= 1 << (d + r);
                }
            }
            seen_points.insert(point.clone(), labels);
            order.push(point);
        }
        // Every neighbouring feasible basis.
        for col in 0..d + k {
            if tab.basis.contains(&col) {
                continue;
            }
            let mut best: Option<BigRational> = None;
            let mut rows = Vec::new();
            for r in 0..k {
                let a = &tab.t[r][col];
                if !a.is_positive() {
                    continue;
                }
                let ratio = &tab.t[r][width - 1] / a;
                match &best {
                    Some(b) if &ratio > b => {}
                    Some(b) if &ratio == b => rows.push(r),
                    _ => {
                        best = Some(ratio);
                        rows = vec![r];
                    }
                }
            }
            for r in rows {
                let key = (tab.key() & !(1 << tab.basis[r])) | 1 << col;
                if seen_bases.insert(key) {
                    if seen_bases.len() > MAX_BASES {
                        return Err(StrategicError::TooLarge(format!(
                            "more than {MAX_BASES} simplex bases in one best-response polytope"
                        )));
                    }
                    let mut next = tab.clone();
                    next.pivot(r, col);
                    stack.push(next);
                }
            }
        }
    }
    Ok(order
        .into_iter()
        .map(|point| {
            let labels = seen_points[&point];
            Vertex { point, labels }
        })
        .collect())
}

/// The matrix shifted so that every entry is at least 1 (equilibria do not change).
fn shifted(m: &[Vec<BigRational>]) -> Vec<Vec<BigRational>> {
    let min = m
        .iter()
        .flatten()
        .min()
        .cloned()
        .unwrap_or_else(BigRational::zero);
    let shift = BigRational::one() - min;
    m.iter()
        .map(|row| row.iter().map(|x| x + &shift).collect())
        .collect()
}

fn normalised(point: &[BigRational]) -> Vec<BigRational> {
    let total: BigRational = point.iter().sum();
    point.iter().map(|x| x / &total).collect()
}

/// Every extreme equilibrium of a two-player game, in a fixed order (player 1's vertices in
/// the order found, then player 2's).
pub fn extreme_equilibria(game: &NormalFormGame) -> Result<Vec<MixedProfile>, StrategicError> {
    let (a, b) = game.matrices()?;
    let (m, n) = (a.len(), a[0].len());
    let a = shifted(&a);
    let b = shifted(&b);
    // P: variables x (m), rows j: Σ_i b[i][j] x_i ≤ 1. Labels: x_i = 0 → i, row j → m + j.
    let bt: Vec<Vec<BigRational>> = (0..n)
        .map(|j| (0..m).map(|i| b[i][j].clone()).collect())
        .collect();
    let p_vertices = polytope_vertices(&bt)?;
    // Q: variables y (n), rows i: Σ_j a[i][j] y_j ≤ 1. Generic labels y_j = 0 → j,
    // row i → n + i; the game's labels are i for row i and m + j for y_j = 0.
    let q_vertices = polytope_vertices(&a)?;
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
    let q: Vec<(Vec<BigRational>, u64)> = q_vertices
        .into_iter()
        .filter(|v| v.point.iter().any(|z| !z.is_zero()))
        .map(|v| (normalised(&v.point), relabel(v.labels)))
        .collect();
    let mut out = Vec::new();
    for x in p_vertices
        .iter()
        .filter(|v| v.point.iter().any(|z| !z.is_zero()))
    {
        let xs = normalised(&x.point);
        for (ys, labels) in &q {
            if x.labels | labels == full {
                out.push(vec![xs.clone(), ys.clone()]);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::nfg::parse;
    use crate::support::support_enumeration;
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
            extreme_equilibria(&g).unwrap(),
            vec![vec![third.clone(), third]]
        );

        let g = parse(COORD3).unwrap();
        let eq = extreme_equilibria(&g).unwrap();
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
    fn brute_vertices(m: &[Vec<BigRational>]) -> Vec<Vertex> {
        let (k, d) = (m.len(), m[0].len());
        let mut out: Vec<Vertex> = Vec::new();
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
            if feasible && !out.iter().any(|v| v.point == z) {
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
                out.push(Vertex { point: z, labels });
            }
        }
        out
    }

    /// Extreme equilibria from brute-force vertices: the oracle for degenerate games.
    fn brute_equilibria(g: &NormalFormGame) -> Vec<MixedProfile> {
        let (a, b) = g.matrices().unwrap();
        let (m, n) = (a.len(), a[0].len());
        let (a, b) = (shifted(&a), shifted(&b));
        let bt: Vec<Vec<BigRational>> = (0..n)
            .map(|j| (0..m).map(|i| b[i][j].clone()).collect())
            .collect();
        let full = (1u64 << (m + n)) - 1;
        let mut out = Vec::new();
        for x in brute_vertices(&bt)
            .iter()
            .filter(|v| v.point.iter().any(|z| !z.is_zero()))
        {
            for y in brute_vertices(&a)
                .iter()
                .filter(|v| v.point.iter().any(|z| !z.is_zero()))
            {
                let ylabels = (y.labels >> n) | (y.labels & ((1 << n) - 1)) << m;
                if x.labels | ylabels == full {
                    out.push(vec![normalised(&x.point), normalised(&y.point)]);
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
        let mut eq = extreme_equilibria(&g).unwrap();
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
        let mut eq = extreme_equilibria(&g).unwrap();
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

    /// The classic degenerate example where one player has a continuum of best replies:
    /// A = [[1,1],[0,0]]... every extreme point is listed, including both ends of the
    /// segment of player 2's strategies.
    #[test]
    fn continuum_endpoints() {
        let a = vec![vec![integer(1), integer(1)], vec![integer(0), integer(0)]];
        let b = vec![vec![integer(1), integer(1)], vec![integer(0), integer(0)]];
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        let eq = extreme_equilibria(&g).unwrap();
        let pure1 = vec![q(1, 1), q(0, 1)];
        assert!(eq.contains(&vec![pure1.clone(), vec![q(1, 1), q(0, 1)]]));
        assert!(eq.contains(&vec![pure1, vec![q(0, 1), q(1, 1)]]));
        assert_eq!(eq.len(), 2);
    }

    fn arb_game(max: usize, range: i64) -> impl Strategy<Value = NormalFormGame> {
        (1..=max, 1..=max).prop_flat_map(move |(m, n)| {
            let matrix = proptest::collection::vec(proptest::collection::vec(-range..range, n), m);
            (matrix.clone(), matrix).prop_map(|(a, b)| {
                let conv = |x: Vec<Vec<i64>>| -> Vec<Vec<BigRational>> {
                    x.into_iter()
                        .map(|r| r.into_iter().map(integer).collect())
                        .collect()
                };
                NormalFormGame::bimatrix(&conv(a), &conv(b)).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Nondegenerate games (payoffs drawn from a wide range): vertex enumeration equals
        /// support enumeration, and every equilibrium passes the exact check.
        #[test]
        fn matches_support_enumeration(g in arb_game(4, 1_000_000)) {
            let mut ve = extreme_equilibria(&g).unwrap();
            let mut se = support_enumeration(&g).unwrap();
            ve.sort();
            se.sort();
            prop_assert_eq!(&ve, &se);
            for e in &ve {
                prop_assert!(g.is_equilibrium(e));
            }
        }

        /// Degenerate games (payoffs from a tiny range): the same extreme equilibria as the
        /// brute-force vertex oracle, each verified, every pure equilibrium among them.
        #[test]
        fn degenerate_games_are_covered(g in arb_game(4, 2)) {
            let mut ve = extreme_equilibria(&g).unwrap();
            ve.sort();
            prop_assert_eq!(&ve, &brute_equilibria(&g));
            prop_assert!(!ve.is_empty());
            for e in &ve {
                prop_assert!(g.is_equilibrium(e));
            }
            for p in crate::pure::pure_equilibria(&g) {
                prop_assert!(ve.contains(&crate::pure::as_mixed(&g, &p)));
            }
        }
    }
}
