//! Crash-safe files: a long run killed at any moment leaves either the old file or the new
//! one, never a torn one, and a damaged or foreign file is refused rather than trusted.
//!
//! A file is written to `NAME.tmp` beside its target, synced (fsync), renamed over the
//! target, and the directory is synced so that the rename itself survives a crash.
//!
//! Layout (little-endian): the format's 8-byte magic, its version (u32), the identity of what
//! the file belongs to (u32 length, UTF-8: a game's name such as `0.77` or `chase 20`), the
//! caller's payload, and a CRC-32 of everything before it (u32).

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, ErrorKind};

/// A kind of file: how it starts and how a person calls it. Every format Conway writes is
/// registered in [`crate::formats`].
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// The first eight bytes of every file of this kind.
    pub magic: &'static [u8; 8],
    /// The layout version this build writes and reads.
    pub version: u32,
    /// The format's full name, told apart from every other: `heap-game checkpoint`.
    pub kind: &'static str,
    /// What a person calls the file in messages about it: `checkpoint`, `table`.
    pub noun: &'static str,
    /// What to do about a damaged file: `delete it to start over`.
    pub remedy: &'static str,
    /// How a file that belongs to something else is described: it "holds {held}{found},
    /// not {of}{expected}" (`values of ` and `of ` for checkpoints, nothing for tables).
    pub held: (&'static str, &'static str),
}

/// Why a durable file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum DurableError {
    /// The file system refused.
    #[error("{noun} {}: cannot {action}: {source}", path.display())]
    Io {
        /// The format's noun.
        noun: &'static str,
        /// The file.
        path: PathBuf,
        /// What could not be done: `create`, `write`, `read`, …
        action: &'static str,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file is not of this format, of another version, truncated or fails its checksum.
    #[error("{noun} {}: {why}; {remedy}", path.display())]
    Damaged {
        /// The format's noun.
        noun: &'static str,
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
        /// The format's remedy.
        remedy: &'static str,
    },
    /// The file belongs to something else (another game).
    #[error("{noun} {} holds {}{found}, not {}{expected}", path.display(), held.0, held.1)]
    OtherIdentity {
        /// The format's noun.
        noun: &'static str,
        /// The format's way of saying what the file holds.
        held: (&'static str, &'static str),
        /// The file.
        path: PathBuf,
        /// What the file belongs to.
        found: String,
        /// What the caller asked for.
        expected: String,
    },
}

impl Diagnostic for DurableError {
    fn kind(&self) -> ErrorKind {
        match self {
            DurableError::Io { .. } => ErrorKind::Io,
            DurableError::Damaged { .. } | DurableError::OtherIdentity { .. } => {
                ErrorKind::InvalidInput
            }
        }
    }
}

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

/// Runs each save of a long run's file (a checkpoint, a solved table), so that a front end
/// can act around it. The CLI holds off its Ctrl-C watchdog while a save runs: the file
/// would survive being cut short (it is written beside the target and renamed), but the
/// work since the last save would not. Any `Fn(&mut dyn FnMut())` is a guard.
pub trait SaveGuard {
    /// Runs `save`, once.
    fn run(&self, save: &mut dyn FnMut());
}

impl<F: Fn(&mut dyn FnMut())> SaveGuard for F {
    fn run(&self, save: &mut dyn FnMut()) {
        self(save);
    }
}

/// Runs each save as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unguarded;

impl SaveGuard for Unguarded {
    fn run(&self, save: &mut dyn FnMut()) {
        save();
    }
}

/// Runs `save` through `guard` and returns what it returned.
pub fn guarded<T, E>(guard: &dyn SaveGuard, save: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    let mut save = Some(save);
    let mut result = None;
    guard.run(&mut || {
        if let Some(save) = save.take() {
            result = Some(save());
        }
    });
    // A guard that never ran the save has not saved anything: run it now, unguarded,
    // rather than report a save that did not happen.
    match (result, save) {
        (Some(result), _) => result,
        (None, Some(save)) => save(),
        (None, None) => unreachable!("the save ran, so it returned"),
    }
}

/// `path` with `.tmp` added to its file name.
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Checks before a long computation that a file can be created at `path`: a bad path is
/// found out before the work, not after. Leaves nothing behind.
pub fn check_writable(path: &Path, format: &Format) -> Result<(), DurableError> {
    let probe = temporary_path(path);
    File::create(&probe)
        .and_then(|_| fs::remove_file(&probe))
        .map_err(|source| DurableError::Io {
            noun: format.noun,
            path: path.to_path_buf(),
            action: "create it",
            source,
        })
}

/// Writes a file of `format` belonging to `identity` at `path`, atomically; `payload` writes
/// the body.
pub fn save(
    path: &Path,
    format: &Format,
    identity: &str,
    payload: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), DurableError> {
    let tmp = temporary_path(path);
    let io = |path: &Path, action: &'static str| {
        let path = path.to_path_buf();
        move |source| DurableError::Io {
            noun: format.noun,
            path,
            action,
            source,
        }
    };
    let file = File::create(&tmp).map_err(io(&tmp, "create"))?;
    let mut out = Checksummed {
        inner: BufWriter::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let identity_len = u32::try_from(identity.len()).unwrap_or(u32::MAX);
    let write = || -> std::io::Result<()> {
        out.write_all(format.magic)?;
        out.write_all(&format.version.to_le_bytes())?;
        out.write_all(&identity_len.to_le_bytes())?;
        out.write_all(identity.as_bytes())?;
        payload(&mut out)
    };
    write().map_err(io(&tmp, "write"))?;
    let crc = out.crc.clone().finalize();
    let mut file = out
        .inner
        .into_inner()
        .map_err(|e| io(&tmp, "write")(e.into_error()))?;
    file.write_all(&crc.to_le_bytes())
        .and_then(|()| file.sync_all())
        .map_err(io(&tmp, "write"))?;
    drop(file);
    fs::rename(&tmp, path).map_err(io(path, "replace"))?;
    // The rename itself is durable only once the directory is synced.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        // Some file systems cannot sync a directory; the data itself is already synced.
        let _ = d.sync_all();
    }
    Ok(())
}

/// The payload of the file of `format` at `path` belonging to `identity`, or `None` when
/// there is no file there. A file of another format or version, of another identity,
/// truncated or failing its checksum is an error saying which.
pub fn load(path: &Path, format: &Format, identity: &str) -> Result<Option<Vec<u8>>, DurableError> {
    match read(path, format)? {
        Some(bytes) => decode(&bytes, path, format, identity).map(|payload| Some(payload.to_vec())),
        None => Ok(None),
    }
}

/// The whole content of the file at `path`, unchecked, or `None` when there is no file
/// there; [`decode`] checks it.
pub fn read(path: &Path, format: &Format) -> Result<Option<Vec<u8>>, DurableError> {
    let io = |action: &'static str| {
        move |source| DurableError::Io {
            noun: format.noun,
            path: path.to_path_buf(),
            action,
            source,
        }
    };
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes).map_err(io("read"))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io("open")(e)),
    }
    Ok(Some(bytes))
}

/// The payload of `bytes`, the whole content of a file of `format` belonging to
/// `identity`: the checks of [`load`] without the file system, so that anything holding
/// the bytes (a test, a fuzzer) can check them. `path` only names the file in errors.
pub fn decode<'a>(
    bytes: &'a [u8],
    path: &Path,
    format: &Format,
    identity: &str,
) -> Result<&'a [u8], DurableError> {
    let bad = |why: String| DurableError::Damaged {
        noun: format.noun,
        path: path.to_path_buf(),
        why,
        remedy: format.remedy,
    };
    if bytes.len() < format.magic.len() || &bytes[..format.magic.len()] != format.magic {
        return Err(bad(match crate::formats::by_magic(bytes) {
            Some(other) => format!("this is a {}, not a {}", other.kind, format.kind),
            None => format!("not a conway {} file", format.kind),
        }));
    }
    let Some(body_len) = bytes.len().checked_sub(4) else {
        return Err(bad("truncated".into()));
    };
    let (body, stored) = bytes.split_at(body_len);
    let stored = u32::from_le_bytes(stored.try_into().map_err(|_| bad("truncated".into()))?);
    if crc32fast::hash(body) != stored {
        return Err(bad("checksum mismatch (the file is damaged)".into()));
    }
    let mut rest = &body[format.magic.len()..];
    let mut take = |n: usize| -> Result<&[u8], DurableError> {
        if rest.len() < n {
            return Err(bad("truncated".into()));
        }
        let (head, tail) = rest.split_at(n);
        rest = tail;
        Ok(head)
    };
    let word = |b: &[u8]| u32::from_le_bytes(b.try_into().unwrap_or([0; 4]));
    let version = word(take(4)?);
    if version != format.version {
        return Err(bad(format!(
            "format version {version}, this conway reads {}",
            format.version
        )));
    }
    let len = word(take(4)?) as usize;
    let found = String::from_utf8_lossy(take(len)?).into_owned();
    if found != identity {
        return Err(DurableError::OtherIdentity {
            noun: format.noun,
            held: format.held,
            path: path.to_path_buf(),
            found,
            expected: identity.to_string(),
        });
    }
    Ok(rest)
}

/// Reads little-endian fields from a payload, saying `truncated` when it ends too soon.
pub struct PayloadReader<'a> {
    bytes: &'a [u8],
}

impl<'a> PayloadReader<'a> {
    /// Reads from the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        PayloadReader { bytes }
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Some(head)
    }

    /// The next byte.
    pub fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    /// The next u32.
    pub fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
    }

    /// The next u64.
    pub fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
    }

    /// What is left.
    pub fn rest(&self) -> &'a [u8] {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Format = Format {
        magic: b"CONWAYTT",
        version: 3,
        kind: "test file",
        noun: "test file",
        remedy: "delete it",
        held: ("", ""),
    };

    #[test]
    fn round_trip_identity_damage_and_absence() {
        let dir = tempfile::tempdir().expect("scratch");
        let path = dir.path().join("f");
        assert!(load(&path, &TEST, "g").expect("no file is fine").is_none());
        save(&path, &TEST, "g", |w| w.write_all(b"payload")).expect("saved");
        assert!(!temporary_path(&path).exists());
        assert_eq!(
            load(&path, &TEST, "g").expect("loads"),
            Some(b"payload".to_vec())
        );
        let other = load(&path, &TEST, "h").expect_err("another identity");
        assert_eq!(
            other.to_string(),
            format!("test file {} holds g, not h", path.display())
        );
        assert_eq!(other.kind(), ErrorKind::InvalidInput);
        let mut bytes = fs::read(&path).expect("read");
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        fs::write(&path, &bytes).expect("write");
        let damaged = load(&path, &TEST, "g").expect_err("damaged");
        assert!(
            damaged.to_string().contains("checksum mismatch"),
            "{damaged}"
        );
        assert!(damaged.to_string().ends_with("; delete it"), "{damaged}");
        fs::write(&path, b"CONWAYT").expect("write");
        assert!(load(&path, &TEST, "g").is_err());
        // A file of another registered format is named for what it is.
        save(&path, &crate::formats::RETROGRADE_SLICE, "g", |_| Ok(())).expect("saved");
        let other = load(&path, &TEST, "g").expect_err("another format");
        assert!(
            other
                .to_string()
                .contains("this is a slice of a distributed table, not a test file"),
            "{other}"
        );
        let newer = Format { version: 4, ..TEST };
        save(&path, &newer, "g", |_| Ok(())).expect("saved");
        let version = load(&path, &TEST, "g").expect_err("version");
        assert!(
            version.to_string().contains("format version 4"),
            "{version}"
        );
    }

    #[test]
    fn unwritable_places_are_io_errors() {
        let dir = tempfile::tempdir().expect("scratch");
        let path = dir.path().join("missing-folder").join("f");
        let e = check_writable(&path, &TEST).expect_err("no such folder");
        assert_eq!(e.kind(), ErrorKind::Io);
        let e = save(&path, &TEST, "g", |_| Ok(())).expect_err("no such folder");
        assert_eq!(e.kind(), ErrorKind::Io);
        assert!(check_writable(&dir.path().join("f"), &TEST).is_ok());
        let dir_as_file = load(dir.path(), &TEST, "g").expect_err("a folder");
        assert_eq!(dir_as_file.kind(), ErrorKind::Io);
    }

    #[test]
    fn payload_reader_stops_at_the_end() {
        let mut r = PayloadReader::new(&[1, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(r.u8(), Some(1));
        assert_eq!(r.u64(), Some(2));
        assert_eq!(r.u8(), None);
        assert!(r.rest().is_empty());
    }
}
