//! The positions a long search has settled at some cost, kept so that a search stopped or
//! killed resumes where it was: each position searched to the end with at least a given
//! number of positions under it, and whether the player to move there wins. Each is a
//! proven fact about the position, true whatever the search does next, so a resumed search
//! finds the expensive subtrees done, at any depth, on any number of threads.
//!
//! Both searches keep them ([`crate::outcome::domineering`] by its table key, the least image
//! of the board's empty squares; [`crate::outcome::ruleset`] by a 128-bit hash of the
//! position written out), through one [`Ledger`]. The front end keeps them in a checkpoint
//! file ([`Settled::encode`], [`Settled::decode`]); this crate never touches files. Layout:
//! the number of positions (u64, little-endian), then each as its key (u128), a flags byte
//! (bit 0: Left to move there, bit 1: the mover wins) and the positions its search took
//! (u64). The keys belong to one position and one search: the front end names the position
//! beside them, and changes its format's version whenever a search's keys change.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// Positions proven won or lost, by table key and mover (`true`: Left).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Each position's proof.
    pub positions: BTreeMap<(u128, bool), Proof>,
}

/// What a search proved of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Whether the player to move wins.
    pub wins: bool,
    /// The positions the search took (a resumed search keeps the entries that took most).
    pub work: u64,
}

/// Bytes per position in the layout.
const ENTRY_BYTES: usize = 16 + 1 + 8;

impl Settled {
    /// The bytes of the layout in the module's documentation.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 + ENTRY_BYTES * self.positions.len());
        out.extend_from_slice(&(self.positions.len() as u64).to_le_bytes());
        for (&(key, left), proof) in &self.positions {
            out.extend_from_slice(&key.to_le_bytes());
            out.push(u8::from(left) | u8::from(proof.wins) << 1);
            out.extend_from_slice(&proof.work.to_le_bytes());
        }
        out
    }

    /// Reads [`Settled::encode`]'s bytes; what is wrong with them otherwise.
    pub fn decode(bytes: &[u8]) -> Result<Settled, String> {
        let (count, entries) = bytes.split_at_checked(8).ok_or("truncated")?;
        let count = u64::from_le_bytes(count.try_into().map_err(|_| "truncated")?);
        if Some(entries.len())
            != usize::try_from(count)
                .ok()
                .and_then(|c| c.checked_mul(ENTRY_BYTES))
        {
            return Err(format!(
                "{count} positions do not fit in {} bytes",
                entries.len()
            ));
        }
        let mut positions = BTreeMap::new();
        for entry in entries.chunks_exact(ENTRY_BYTES) {
            let (key, rest) = entry.split_at(16);
            let key = u128::from_le_bytes(key.try_into().map_err(|_| "truncated")?);
            let flags = rest[0];
            if flags > 3 {
                return Err(format!("flags {flags} (at most 3)"));
            }
            let work = u64::from_le_bytes(rest[1..].try_into().map_err(|_| "truncated")?);
            let proof = Proof {
                wins: flags & 2 != 0,
                work,
            };
            if positions.insert((key, flags & 1 != 0), proof).is_some() {
                return Err("a position listed twice".to_string());
            }
        }
        Ok(Settled { positions })
    }
}

/// The most positions kept settled ([`Resume`]): about 100 MB in a checkpoint.
pub const MAX_SETTLED: usize = 1 << 22;

/// Where a search starts from and who hears what it settles: for a search that can be
/// stopped or killed and started again.
pub struct Resume<'r> {
    /// What an earlier search of the same position settled.
    pub settled: Settled,
    /// Positions whose search takes at least this many positions are settled (the cheaper
    /// ones are quicker searched again than kept); the bar doubles whenever more than
    /// `max_settled` would be kept.
    pub keep_from: u64,
    /// The most positions kept settled ([`MAX_SETTLED`] unless a test wants fewer).
    pub max_settled: usize,
    /// Hears all that is settled after each addition, from any thread, one at a time: a
    /// front end saves it now and then.
    pub on_settle: &'r (dyn Fn(&Settled) + Sync),
}

impl Resume<'_> {
    /// Nothing settled, nothing kept, nobody told.
    pub fn afresh() -> Resume<'static> {
        Resume {
            settled: Settled::default(),
            keep_from: u64::MAX,
            max_settled: MAX_SETTLED,
            on_settle: &|_| {},
        }
    }
}

/// What a running search has settled, shared by its threads: [`Resume`] in use.
pub(crate) struct Ledger<'r> {
    settled: Mutex<Settled>,
    keep_from: AtomicU64,
    max_settled: usize,
    on_settle: &'r (dyn Fn(&Settled) + Sync),
}

impl<'r> Ledger<'r> {
    /// The ledger a search resuming from `resume` starts with (what was settled stays).
    pub(crate) fn new(resume: Resume<'r>) -> Ledger<'r> {
        Ledger {
            settled: Mutex::new(resume.settled),
            keep_from: AtomicU64::new(resume.keep_from),
            max_settled: resume.max_settled,
            on_settle: resume.on_settle,
        }
    }

    /// Whether a search of this cost is settled: a caller whose key costs work to make
    /// asks first.
    pub(crate) fn keeps(&self, work: u64) -> bool {
        work >= self.keep_from.load(Ordering::Relaxed)
    }

    /// What is settled of the position with this key and mover.
    pub(crate) fn proof(&self, key: u128, left: bool) -> Option<Proof> {
        let settled = self.settled.lock().unwrap_or_else(PoisonError::into_inner);
        settled.positions.get(&(key, left)).copied()
    }

    /// Settles a position whose search took `work` positions, if that is at least the bar
    /// (telling the hook, under the lock, so additions reach it one at a time). Past
    /// `max_settled` positions the bar doubles and the cheaper ones go.
    pub(crate) fn settle(&self, key: u128, left: bool, wins: bool, work: u64) {
        if !self.keeps(work) {
            return;
        }
        let mut settled = self.settled.lock().unwrap_or_else(PoisonError::into_inner);
        let mut bar = self.keep_from.load(Ordering::Relaxed);
        if work >= bar {
            // Settled again (a table lost it): the dearer cost stays, so the bar keeps it.
            let proof = settled
                .positions
                .entry((key, left))
                .or_insert(Proof { wins, work });
            proof.work = proof.work.max(work);
            while settled.positions.len() > self.max_settled {
                bar = bar.saturating_mul(2);
                settled.positions.retain(|_, proof| proof.work >= bar);
            }
            self.keep_from.store(bar, Ordering::Relaxed);
            (self.on_settle)(&settled);
        }
    }

    /// All that is settled, for the next run.
    pub(crate) fn into_settled(self) -> Settled {
        self.settled
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn arb_settled() -> impl Strategy<Value = Settled> {
        prop::collection::btree_map(
            (any::<u128>(), any::<bool>()),
            (any::<bool>(), any::<u64>()).prop_map(|(wins, work)| Proof { wins, work }),
            0..20,
        )
        .prop_map(|positions| Settled { positions })
    }

    proptest! {
        /// Whatever was settled reads back the same.
        #[test]
        fn settled_reads_back_as_written(settled in arb_settled()) {
            prop_assert_eq!(Settled::decode(&settled.encode()), Ok(settled));
        }

        /// Any bytes are read or refused with a reason, never a panic.
        #[test]
        fn any_bytes_are_read_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
            if let Ok(settled) = Settled::decode(&bytes) {
                prop_assert_eq!(settled.encode(), bytes);
            }
        }
    }

    #[test]
    fn damage_is_named() {
        let settled = Settled {
            positions: BTreeMap::from([(
                (5, true),
                Proof {
                    wins: true,
                    work: 9,
                },
            )]),
        };
        let bytes = settled.encode();
        assert!(Settled::decode(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("do not fit"));
        assert_eq!(Settled::decode(&bytes[..3]), Err("truncated".to_string()));
        let mut flags = bytes.clone();
        flags[8 + 16] = 7;
        assert!(Settled::decode(&flags).unwrap_err().contains("flags 7"));
        let mut twice = bytes.clone();
        twice[0] = 2;
        twice.extend_from_slice(&bytes[8..]);
        assert!(Settled::decode(&twice).unwrap_err().contains("twice"));
    }
}
