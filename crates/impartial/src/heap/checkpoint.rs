//! Crash-safe checkpoints of a Grundy sequence, so that a long run killed at any moment
//! resumes where its last checkpoint left it.
//!
//! A checkpoint is written to a temporary file beside the target, flushed to disk (fsync),
//! then renamed over the target, and the directory is synced: a reader sees the old file or
//! the new one, never a torn one. A CRC-32 over the whole content catches any other damage.
//!
//! Layout (little-endian): the magic `CONWAYGS`, a format version (u32), the game's name
//! (u32 length, UTF-8), the bytes per value (u8: 1, 2 or 4), the number of values (u64), the
//! values, and the CRC-32 of everything before it (u32).

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::catalog::HeapGame;
use super::sequence::HeapSequence;
use super::values::Values;
use crate::ImpartialError;

const MAGIC: &[u8; 8] = b"CONWAYGS";
const VERSION: u32 = 1;

/// A writer that keeps the CRC of what went through it.
struct Checksummed<W: Write> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn io_error(path: &Path, what: &str, e: std::io::Error) -> ImpartialError {
    ImpartialError::InvalidInput(format!("checkpoint {}: {what}: {e}", path.display()))
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Saves the values computed so far to `path`, atomically.
pub fn save(path: &Path, sequence: &HeapSequence) -> Result<(), ImpartialError> {
    let tmp = temporary_path(path);
    let file = File::create(&tmp).map_err(|e| io_error(&tmp, "cannot create", e))?;
    let mut out = Checksummed {
        inner: BufWriter::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let name = sequence.game().name();
    let max = sequence.max();
    let width: u8 = if max <= u64::from(u8::MAX) {
        1
    } else if max <= u64::from(u16::MAX) {
        2
    } else {
        4
    };
    let write = |out: &mut Checksummed<BufWriter<File>>| -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&(name.len() as u32).to_le_bytes())?;
        out.write_all(name.as_bytes())?;
        out.write_all(&[width])?;
        out.write_all(&(sequence.len() as u64).to_le_bytes())?;
        for n in 0..sequence.len() {
            let v = sequence.get(n).unwrap_or(0).to_le_bytes();
            out.write_all(&v[..usize::from(width)])?;
        }
        Ok(())
    };
    write(&mut out).map_err(|e| io_error(&tmp, "cannot write", e))?;
    let crc = out.crc.clone().finalize();
    let mut file = out
        .inner
        .into_inner()
        .map_err(|e| io_error(&tmp, "cannot write", e.into_error()))?;
    file.write_all(&crc.to_le_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| io_error(&tmp, "cannot write", e))?;
    drop(file);
    fs::rename(&tmp, path).map_err(|e| io_error(path, "cannot replace", e))?;
    // The rename itself is durable only once the directory is synced.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The values saved in `path` for `game`, or `None` when there is no such file. They come
/// back in the width they were saved in.
///
/// A file for another game, of another format, truncated or failing its checksum is an
/// error naming what is wrong; it is never overwritten by mistake.
pub fn load(path: &Path, game: &HeapGame) -> Result<Option<Values>, ImpartialError> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => f
            .read_to_end(&mut bytes)
            .map_err(|e| io_error(path, "cannot read", e))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, "cannot open", e)),
    };
    let bad = |why: &str| {
        ImpartialError::InvalidInput(format!(
            "checkpoint {}: {why}; delete it to start over",
            path.display()
        ))
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a conway checkpoint file"));
    }
    let Some(body_len) = bytes.len().checked_sub(4) else {
        return Err(bad("truncated"));
    };
    let (body, stored) = bytes.split_at(body_len);
    let stored = u32::from_le_bytes(stored.try_into().map_err(|_| bad("truncated"))?);
    if crc32fast::hash(body) != stored {
        return Err(bad("checksum mismatch (the file is damaged)"));
    }
    let mut reader = Reader {
        bytes: &body[MAGIC.len()..],
    };
    let version = reader.u32().ok_or_else(|| bad("truncated"))?;
    if version != VERSION {
        return Err(bad(&format!(
            "format version {version}, this conway reads {VERSION}"
        )));
    }
    let name_len = reader.u32().ok_or_else(|| bad("truncated"))? as usize;
    let name = reader.take(name_len).ok_or_else(|| bad("truncated"))?;
    let name = String::from_utf8_lossy(name);
    if name != game.name() {
        return Err(ImpartialError::InvalidInput(format!(
            "checkpoint {} holds values of {name}, not of {}",
            path.display(),
            game.name()
        )));
    }
    let width = usize::from(
        *reader
            .take(1)
            .ok_or_else(|| bad("truncated"))?
            .first()
            .unwrap_or(&0),
    );
    if ![1, 2, 4].contains(&width) {
        return Err(bad(&format!("{width} bytes per value")));
    }
    let count = reader.u64().ok_or_else(|| bad("truncated"))?;
    let count = usize::try_from(count).map_err(|_| bad("too many values"))?;
    let data = reader.bytes;
    if count.checked_mul(width) != Some(data.len()) {
        return Err(bad("the number of values does not match the file's length"));
    }
    Ok(Some(match width {
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
    }))
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("conway-checkpoint-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn round_trips_every_width() {
        for (code, width) in [("0.77", 1), ("lasker", 2), ("S(1,2)", 1)] {
            let game = HeapGame::parse(code).unwrap();
            let mut s = HeapSequence::new(&game);
            s.extend_to(5000, |_| true).unwrap();
            let path = scratch(&format!("{}.ckpt", code.replace(['(', ')', ','], "_")));
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
        s.extend_to(260, |_| true).unwrap();
        let path = scratch("layout.ckpt");
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
        s.extend_to(300, |_| true).unwrap();
        let path = scratch("damaged.ckpt");
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
        assert_eq!(load(&scratch("missing.ckpt"), &game).unwrap(), None);
    }
}
