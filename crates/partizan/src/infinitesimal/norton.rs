//! Norton multiplication G.U (Siegel, CGT II.7): for an integer n, n copies of U; otherwise
//! `{G^L.U + U + I | G^R.U − (U + I)}` over the undominated incentives I of U.

use std::collections::HashMap;

use crate::{GameId, PartizanError, Store};

/// G.U, Norton's product of G by a positive unit U.
pub fn norton_multiply(store: &mut Store, g: GameId, u: GameId) -> Result<GameId, PartizanError> {
    let steps = unit_steps(store, u);
    let mut cache = HashMap::new();
    product(store, g, u, &steps, &mut cache)
}

/// U + I for each undominated incentive I of U (U^L − U and U − U^R).
fn unit_steps(store: &mut Store, u: GameId) -> Vec<GameId> {
    let incentives = crate::properties::incentives(store, u, true, true);
    incentives.into_iter().map(|i| store.add(u, i)).collect()
}

fn product(
    store: &mut Store,
    g: GameId,
    u: GameId,
    steps: &[GameId],
    cache: &mut HashMap<GameId, GameId>,
) -> Result<GameId, PartizanError> {
    if let Some(&p) = cache.get(&g) {
        return Ok(p);
    }
    let result = match store.as_number(g).filter(|x| x.is_integer()) {
        Some(n) => {
            let n = n
                .to_bigint()
                .and_then(|n| i64::try_from(n).ok())
                .ok_or_else(|| PartizanError::too_large("Norton multiple", n, i64::MAX))?;
            store.multiple(u, n)
        }
        None if !store.descend() => store.zero(),
        None => {
            let (gl, gr) = store.options(g);
            let (mut left, mut right) = (Vec::new(), Vec::new());
            for o in gl {
                let p = product(store, o, u, steps, cache)?;
                left.extend(steps.iter().map(|&s| store.add(p, s)));
            }
            for o in gr {
                let p = product(store, o, u, steps, cache)?;
                right.extend(steps.iter().map(|&s| store.sub(p, s)));
            }
            store.construct(&left, &right)
        }
    };
    cache.insert(g, result);
    Ok(result)
}
