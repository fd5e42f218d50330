//! The minimum excludant, the one operation Sprague-Grundy theory is built on.

/// The least natural number not among `values`.
///
/// Runs in time linear in the number of values: only values below the count can matter,
/// because `n` values cannot exclude more than `n` naturals.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
            *slot = true;
        }
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64
}

/// The mex of a set given as a bit mask (bit `i` set means value `i` is present).
#[inline]
pub fn mex_of_mask(mask: u64) -> u64 {
    u64::from((!mask).trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_cases() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([0, 0, 1, 1, 2]), 3);
        assert_eq!(mex([u64::MAX, 0]), 1);
        assert_eq!(mex_of_mask(0b1011), 2);
        assert_eq!(mex_of_mask(u64::MAX), 64);
    }

    proptest! {
        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0u64..20, 0..30)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            prop_assert!((0..m).all(|v| values.contains(&v)));
        }
    }
}
