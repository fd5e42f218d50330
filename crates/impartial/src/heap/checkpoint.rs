//! Crash-safe checkpoints of a Grundy sequence, so that a long run killed at any moment
//! resumes where its last checkpoint left it, and the schedule of saves during a run
//! ([`Checkpointing`], followed by [`compute`](super::sequence::compute)).
//!
//! A run saves every so often and when it is stopped. The saves are timed by a progress
//! hook wrapped around the caller's ([`SaveSchedule`]): it answers "stop" once the interval
//! has passed, the sequence stops with its values kept, they are saved, and the run goes
//! on; a stop the caller's own hook asked for ends the run after that save. The front end
//! can act around each save through [`SaveGuard`] (the CLI holds its Ctrl-C watchdog off).
//!
//! A checkpoint is written by [`conway_core::durable`]: to a temporary file beside the
//! target, synced, renamed over the target, and the directory synced, so a reader sees the
//! old file or the new one, never a torn one; a CRC-32 over the whole content catches any
//! other damage.
//!
//! Layout (little-endian): the magic `CONWAYGS`, a format version (u32), the game's name
//! (u32 length, UTF-8), the bytes per value (u8: 1, 2 or 4), the number of values (u64), the
//! values, and the CRC-32 of everything before it (u32).

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use conway_core::durable::{self, DurableError, Format, PayloadReader, SaveGuard, Unguarded};
use conway_core::{Progress, Work};

use super::catalog::HeapGame;
use super::sequence::HeapSequence;
use super::values::Values;
use crate::ImpartialError;

/// Checkpoints ([`conway_core::formats::HEAP_CHECKPOINT`]); the identity is the game's name.
pub const CHECKPOINT: Format = conway_core::formats::HEAP_CHECKPOINT;

/// Where and how often a long run saves its values.
pub struct Checkpointing<'a> {
    /// The file: the run resumes from it when it holds values of the same game, and
    /// replaces it atomically at each save.
    pub path: &'a Path,
    /// The time between saves; the run also saves when it ends or is stopped.
    pub every: Duration,
    /// What runs each save.
    pub guard: &'a dyn SaveGuard,
}

impl<'a> Checkpointing<'a> {
    /// Saves to `path` every `every`, with nothing done around the saves.
    pub fn new(path: &'a Path, every: Duration) -> Self {
        Checkpointing {
            path,
            every,
            guard: &Unguarded,
        }
    }

    /// The same checkpointing with each save run by `guard`.
    #[must_use]
    pub fn guarded(self, guard: &'a dyn SaveGuard) -> Self {
        Checkpointing { guard, ..self }
    }
}

/// The caller's progress hook, which also answers "stop" once a save is due; it remembers
/// which of the two stopped the run.
pub struct SaveSchedule<'a> {
    caller: &'a dyn Progress,
    /// `None` when the interval is too long to reach.
    due: Option<Instant>,
    save_due: AtomicBool,
}

impl<'a> SaveSchedule<'a> {
    /// Passes every report to `caller`, and stops the run `every` from now.
    pub fn new(caller: &'a dyn Progress, every: Duration) -> Self {
        SaveSchedule {
            caller,
            due: Instant::now().checked_add(every),
            save_due: AtomicBool::new(false),
        }
    }

    /// Whether the run was stopped for a save (and not by the caller's hook).
    pub fn stopped_for_save(&self) -> bool {
        self.save_due.load(Ordering::Relaxed)
    }
}

impl Progress for SaveSchedule<'_> {
    fn report(&self, work: Work) -> ControlFlow<()> {
        // The caller hears every report, and its stop wins over a save being due.
        self.caller.report(work)?;
        if self.due.is_some_and(|due| Instant::now() >= due) {
            self.save_due.store(true, Ordering::Relaxed);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Saves the values computed so far to `path`, atomically.
pub fn save(path: &Path, sequence: &HeapSequence) -> Result<(), ImpartialError> {
    let max = sequence.max();
    let width: u8 = if max <= u64::from(u8::MAX) {
        1
    } else if max <= u64::from(u16::MAX) {
        2
    } else {
        4
    };
    durable::save(path, &CHECKPOINT, &sequence.game().name(), |out| {
        out.write_all(&[width])?;
        out.write_all(&(sequence.len() as u64).to_le_bytes())?;
        for n in 0..sequence.len() {
            let v = sequence.get(n).unwrap_or(0).to_le_bytes();
            out.write_all(&v[..usize::from(width)])?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The values saved in `path` for `game`, or `None` when there is no such file. They come
/// back in the width they were saved in.
///
/// A file for another game, of another format, truncated or failing its checksum is an
/// error naming what is wrong; it is never overwritten by mistake.
pub fn load(path: &Path, game: &HeapGame) -> Result<Option<Values>, ImpartialError> {
    match durable::read(path, &CHECKPOINT)? {
        Some(bytes) => decode(&bytes, path, game).map(Some),
        None => Ok(None),
    }
}

/// The values in `bytes`, the whole content of a checkpoint for `game`: the checks of
/// [`load`] without the file system. `path` only names the file in errors.
pub fn decode(bytes: &[u8], path: &Path, game: &HeapGame) -> Result<Values, ImpartialError> {
    let payload = durable::decode(bytes, path, &CHECKPOINT, &game.name())?;
    let bad = |why: &str| DurableError::Damaged {
        noun: CHECKPOINT.noun,
        path: path.to_path_buf(),
        why: why.to_string(),
        remedy: CHECKPOINT.remedy,
    };
    let mut reader = PayloadReader::new(payload);
    let width = usize::from(reader.u8().ok_or_else(|| bad("truncated"))?);
    if ![1, 2, 4].contains(&width) {
        return Err(bad(&format!("{width} bytes per value")).into());
    }
    let count = reader.u64().ok_or_else(|| bad("truncated"))?;
    let count = usize::try_from(count).map_err(|_| bad("too many values"))?;
    let data = reader.rest();
    if count.checked_mul(width) != Some(data.len()) {
        return Err(bad("the number of values does not match the file's length").into());
    }
    Ok(match width {
        1 => Values::U8(data.to_vec()),
        2 => Values::U16(
            data.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        _ => Values::U32(
            data.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_core::durable::temporary_path;
    use std::fs;

    /// A folder removed when the test ends, pass or fail.
    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary folder")
    }

    #[test]
    fn the_schedule_tells_a_due_save_from_a_stop() {
        use conway_core::{NoProgress, StopAfter};
        let work = Work::of(1, 2, "heaps");
        let never = SaveSchedule::new(&NoProgress, Duration::MAX);
        assert!(never.report(work).is_continue() && !never.stopped_for_save());
        let now = SaveSchedule::new(&NoProgress, Duration::ZERO);
        assert!(now.report(work).is_break() && now.stopped_for_save());
        // The caller hears every report, and its stop wins over a save due at once.
        let stop = StopAfter::units(0);
        let both = SaveSchedule::new(&stop, Duration::ZERO);
        assert!(both.report(work).is_break() && !both.stopped_for_save());
        assert_eq!(stop.reports(), 1);
    }

    #[test]
    fn round_trips_every_width() {
        let dir = scratch();
        for (code, width) in [("0.77", 1), ("lasker", 2), ("S(1,2)", 1)] {
            let game = HeapGame::parse(code).unwrap();
            let mut s = HeapSequence::new(&game);
            s.extend_to(5000, &conway_core::NoProgress).unwrap();
            let path = dir
                .path()
                .join(format!("{}.ckpt", code.replace(['(', ')', ','], "_")));
            save(&path, &s).unwrap();
            let back = load(&path, &game).unwrap().unwrap();
            assert_eq!(back.width(), width, "{code}");
            assert_eq!(back, s.into_values(), "{code}");
            assert!(!temporary_path(&path).exists());
        }
    }

    /// A checkpoint of Lasker's Nim written by hand: `count` values of `width` bytes.
    fn lasker_file(width: u8, count: u64, values: &[u8]) -> Vec<u8> {
        let mut file = b"CONWAYGS".to_vec();
        file.extend(1u32.to_le_bytes());
        file.extend(6u32.to_le_bytes());
        file.extend(b"lasker");
        file.push(width);
        file.extend(count.to_le_bytes());
        file.extend(values);
        file.extend(crc32fast::hash(&file).to_le_bytes());
        file
    }

    /// The layout on disk, byte for byte: files written by earlier versions stay readable.
    #[test]
    fn layout_is_fixed() {
        let game = HeapGame::parse("lasker").unwrap();
        let mut s = HeapSequence::new(&game);
        s.extend_to(260, &conway_core::NoProgress).unwrap();
        let dir = scratch();
        let path = dir.path().join("layout.ckpt");
        save(&path, &s).unwrap();
        // Lasker's Nim: G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3 (Ferguson, I §4); values
        // up to 260 take two bytes.
        let values: Vec<u8> = (0..260u16)
            .map(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(fs::read(&path).unwrap(), lasker_file(2, 260, &values));
        // Four bytes per value, as saved for values of 65536 or more.
        let wide: Vec<u8> = [0u32, 70_000, 3]
            .into_iter()
            .flat_map(u32::to_le_bytes)
            .collect();
        fs::write(&path, lasker_file(4, 3, &wide)).unwrap();
        let back = load(&path, &game).unwrap().unwrap();
        assert_eq!((back.width(), back.to_u64_vec()), (4, vec![0, 70_000, 3]));
    }

    #[test]
    fn refuses_damaged_or_foreign_files() {
        let game = HeapGame::parse("0.77").unwrap();
        let mut s = HeapSequence::new(&game);
        s.extend_to(300, &conway_core::NoProgress).unwrap();
        let dir = scratch();
        let path = dir.path().join("damaged.ckpt");
        save(&path, &s).unwrap();
        let good = fs::read(&path).unwrap();
        // Another game.
        let err = load(&path, &HeapGame::parse("0.07").unwrap()).unwrap_err();
        assert!(err.to_string().contains("not of 0.07"), "{err}");
        // A flipped bit anywhere, and every truncation, are caught.
        for i in [0, 9, 20, good.len() / 2, good.len() - 1] {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            fs::write(&path, &bad).unwrap();
            assert!(load(&path, &game).is_err(), "flip at {i}");
        }
        for len in [0, 5, 12, good.len() - 1] {
            fs::write(&path, &good[..len]).unwrap();
            assert!(load(&path, &game).is_err(), "truncated to {len}");
        }
        assert_eq!(load(&dir.path().join("missing.ckpt"), &game).unwrap(), None);
    }
}
