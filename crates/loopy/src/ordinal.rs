//! Ordinal sums, subordinates and powers with stoppers, as CGSuite defines them for loopy
//! games.
//!
//! - G : H, the ordinal sum: a move in H leaves G : H', a move in G leaves G' and H is gone.
//!   Its graph is H's, each position of H also having the start's moves of G.
//! - Subordinate(G, B), the H with G = B : H, for a stopper G and a short base B: each
//!   position of G keeps the options that are not B's own, after checking that every option
//!   of B is matched (a better option of the position, or a reply to B's option that the
//!   position answers) — else G is not an ordinal sum over B.
//! - Powers with a pseudonumber exponent x (CGSuite's `Pow` and `PowTo`): for G = {0|H},
//!   G^[x] = G : Subordinate(x, 1) and G^x = {0 | H − G^[x−1]}, as for number exponents.

use conway_numbers::Dyadic;

use conway_partizan::{GameId, PartizanError, Store};

use super::graph::{too_many_positions, Graph, MAX_VERTICES};
use super::properties::pseudonumber;
use super::Loopy;
use conway_partizan::Player;

/// The graph of these moves from `root`, refused past [`MAX_VERTICES`] positions.
fn bounded(left: &[Vec<u32>], right: &[Vec<u32>], root: usize) -> Result<Graph, PartizanError> {
    if left.len() > MAX_VERTICES {
        return Err(too_many_positions(
            "an ordinal sum or power of loopy games",
            left.len(),
        ));
    }
    Ok(Graph::rooted(left, right, root))
}

fn stoppers_only(what: &str) -> PartizanError {
    PartizanError::NotApplicable(format!("{what} is defined for stoppers"))
}

/// The graph of a stopper (a short game's own graph).
fn stopper_graph(g: &Loopy, what: &str, store: &mut Store) -> Result<Graph, PartizanError> {
    match g {
        Loopy::Sided { .. } => Err(stoppers_only(what)),
        other => other.side_graph(super::Side::On, store),
    }
}

/// G : H for stoppers G and H.
pub fn ordinal_sum(g: &Loopy, h: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    let base = stopper_graph(g, "the ordinal sum", store)?;
    let top = stopper_graph(h, "the ordinal sum", store)?;
    let n = base.len() as u32;
    let mut left: Vec<Vec<u32>> = (0..base.len()).map(|v| base.left(v).to_vec()).collect();
    let mut right: Vec<Vec<u32>> = (0..base.len()).map(|v| base.right(v).to_vec()).collect();
    for v in 0..top.len() {
        let shifted = |moves: &[u32], from_base: &[u32]| -> Vec<u32> {
            moves
                .iter()
                .map(|&w| w + n)
                .chain(from_base.iter().copied())
                .collect()
        };
        left.push(shifted(top.left(v), base.left(0)));
        right.push(shifted(top.right(v), base.right(0)));
    }
    let sum = bounded(&left, &right, n as usize)?;
    Loopy::from_graph(&sum, store)
}

/// The H with G = B : H, for a stopper G and a short base B (see the module doc).
pub fn subordinate(g: &Loopy, base: GameId, store: &mut Store) -> Result<Loopy, PartizanError> {
    let graph = stopper_graph(g, "the subordinate", store)?;
    let cannot = || {
        PartizanError::NotApplicable(
            "That game cannot be subordinated to the specified base.".into(),
        )
    };
    let (base_left, base_right) = store.options(base);
    let as_values =
        |games: &[GameId]| -> Vec<Loopy> { games.iter().map(|&b| Loopy::Short(b)).collect() };
    let (base_left, base_right) = (as_values(&base_left), as_values(&base_right));
    // Each position of G reached, by vertex, and the values of positions met.
    let mut values: Vec<Option<Loopy>> = vec![None; graph.len()];
    let mut number = vec![u32::MAX; graph.len()];
    let mut order = vec![0usize];
    number[0] = 0;
    let (mut left, mut right): (Vec<Vec<u32>>, Vec<Vec<u32>>) = (Vec::new(), Vec::new());
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        let here = value_at(&mut values, &graph, v, store)?;
        for (player, base_options, kept) in [
            (Player::Left, &base_left, &mut left),
            (Player::Right, &base_right, &mut right),
        ] {
            let mut options: Vec<(usize, Loopy)> = Vec::new();
            for &w in graph.moves(player, v) {
                options.push((
                    w as usize,
                    value_at(&mut values, &graph, w as usize, store)?,
                ));
            }
            // Every option of the base is matched by a better option here, or answered.
            for b in base_options {
                let mut matched = false;
                for (_, option) in &options {
                    let better = match player {
                        Player::Left => b.leq(option, store)?,
                        Player::Right => option.leq(b, store)?,
                    };
                    if better {
                        matched = true;
                        break;
                    }
                }
                if !matched {
                    let Loopy::Short(b) = b else {
                        unreachable!("base options are short")
                    };
                    let replies = match player {
                        Player::Left => store.right_options(*b),
                        Player::Right => store.left_options(*b),
                    };
                    for reply in replies {
                        let reply = Loopy::Short(reply);
                        let answered = match player {
                            Player::Left => reply.leq(&here, store)?,
                            Player::Right => here.leq(&reply, store)?,
                        };
                        if answered {
                            matched = true;
                            break;
                        }
                    }
                }
                if !matched {
                    return Err(cannot());
                }
            }
            // The options that are not the base's own stay.
            let mut targets = Vec::new();
            for (w, option) in options {
                let mut is_base = false;
                for b in base_options {
                    if option.equals(b, store)? {
                        is_base = true;
                        break;
                    }
                }
                if is_base {
                    continue;
                }
                if number[w] == u32::MAX {
                    number[w] = order.len() as u32;
                    order.push(w);
                }
                targets.push(number[w]);
            }
            kept.push(targets);
        }
    }
    let reduced = bounded(&left, &right, 0)?;
    Loopy::from_graph(&reduced, store)
}

/// The value at position `v` of a stopper in simplest form, found once.
fn value_at(
    values: &mut [Option<Loopy>],
    graph: &Graph,
    v: usize,
    store: &mut Store,
) -> Result<Loopy, PartizanError> {
    if let Some(value) = &values[v] {
        return Ok(value.clone());
    }
    let value = Loopy::from_simplest(graph.at(v), store)?;
    values[v] = Some(value.clone());
    Ok(value)
}

/// The pseudonumber exponent x, checked: a number or a stopper that is x over, x under,
/// `on` or `off`.
fn exponent(x: &Loopy, store: &mut Store) -> Result<(), PartizanError> {
    match pseudonumber(x, store) {
        Some(_) => Ok(()),
        None => Err(PartizanError::InvalidInput(
            "Invalid exponent: a number, on, off, x over or x under".into(),
        )),
    }
}

/// G^[x] for G = {0|H} and a pseudonumber x: G : Subordinate(x, 1), 0 for x = 0.
pub fn pow_to(g: GameId, x: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    exponent(x, store)?;
    if let Loopy::Short(n) = x {
        if *n == store.zero() {
            return Ok(Loopy::Short(store.zero()));
        }
    }
    let one = store.number(Dyadic::one());
    let invalid = |_| PartizanError::InvalidInput("Invalid exponent.".into());
    let top = match x {
        Loopy::Short(n) => {
            Loopy::Short(conway_partizan::ordinal::subordinate(store, *n, one).map_err(invalid)?)
        }
        other => subordinate(other, one, store).map_err(invalid)?,
    };
    ordinal_sum(&Loopy::Short(g), &top, store)
}

/// G^x for G = {0|H} and a pseudonumber x: {0 | H − G^[x−1]}.
pub fn pow(g: GameId, x: &Loopy, store: &mut Store) -> Result<Loopy, PartizanError> {
    let (left, right) = store.options(g);
    let zero = store.zero();
    let ([l], [h]) = (&left[..], &right[..]) else {
        return Err(not_a_power_base());
    };
    if *l != zero {
        return Err(not_a_power_base());
    }
    let minus_one = Loopy::Short(store.number(Dyadic::from_integer(-1)));
    let below = x.add(&minus_one, store)?;
    let power = pow_to(g, &below, store)?;
    let minus = power.neg(store);
    let right = Loopy::Short(*h).add(&minus, store)?;
    let right = right.side_graph(super::Side::On, store)?;
    let mut left_moves: Vec<Vec<u32>> = vec![vec![1]];
    let mut right_moves: Vec<Vec<u32>> = vec![vec![2]];
    // 0 at vertex 1, the right option's graph from vertex 2.
    left_moves.push(Vec::new());
    right_moves.push(Vec::new());
    for v in 0..right.len() {
        left_moves.push(right.left(v).iter().map(|&w| w + 2).collect());
        right_moves.push(right.right(v).iter().map(|&w| w + 2).collect());
    }
    let game = bounded(&left_moves, &right_moves, 0)?;
    Loopy::from_graph(&game, store)
}

fn not_a_power_base() -> PartizanError {
    PartizanError::InvalidInput(
        "Invalid base for `Pow` operation (base must be of the form {0|H}).".into(),
    )
}
