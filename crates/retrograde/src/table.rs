//! Solved tables on disk: solve once, probe any position later without solving again.
//!
//! Layout (little-endian): the magic `CONWAYRT`, a format version (u32), the game's name
//! (u32 length, UTF-8, e.g. `chase 20`), the number of states (u64), one packed value per
//! state (u32, see [`Value::pack`](crate::graph::Value::pack)), and a CRC-32 of all that.
//! The file is written beside its target, synced and renamed over it, so a reader never
//! sees half a table.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::Path;

use crate::solve::Solved;
use crate::RetrogradeError;

const MAGIC: &[u8; 8] = b"CONWAYRT";
const VERSION: u32 = 1;

fn io(path: &Path, what: &str, e: std::io::Error) -> RetrogradeError {
    RetrogradeError::Io(format!("table {}: {what}: {e}", path.display()))
}

/// Writes the solved values of game `name` to `path`.
pub fn save(path: &Path, name: &str, solved: &Solved) -> Result<(), RetrogradeError> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let mut crc = crc32fast::Hasher::new();
    let mut out = BufWriter::with_capacity(
        1 << 20,
        File::create(&tmp).map_err(|e| io(&tmp, "cannot create", e))?,
    );
    let mut put = |bytes: &[u8]| -> std::io::Result<()> {
        crc.update(bytes);
        out.write_all(bytes)
    };
    let header = || -> Vec<u8> {
        let mut h = MAGIC.to_vec();
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&(name.len() as u32).to_le_bytes());
        h.extend_from_slice(name.as_bytes());
        h.extend_from_slice(&(solved.len() as u64).to_le_bytes());
        h
    };
    let mut write_all = || -> std::io::Result<()> {
        put(&header())?;
        for chunk in solved.packed().chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
            put(&bytes)?;
        }
        Ok(())
    };
    write_all().map_err(|e| io(&tmp, "cannot write", e))?;
    out.write_all(&crc.finalize().to_le_bytes())
        .map_err(|e| io(&tmp, "cannot write", e))?;
    let file = out
        .into_inner()
        .map_err(|e| io(&tmp, "cannot write", e.into_error()))?;
    file.sync_all().map_err(|e| io(&tmp, "cannot sync", e))?;
    drop(file);
    fs::rename(&tmp, path).map_err(|e| io(path, "cannot replace", e))?;
    Ok(())
}

/// The table of game `name` in `path`, or `None` when the file does not exist. A table of
/// another game, or a damaged one, is an error.
pub fn load(path: &Path, name: &str) -> Result<Option<Solved>, RetrogradeError> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes)
                .map_err(|e| io(path, "cannot read", e))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(path, "cannot open", e)),
    }
    let bad = |why: &str| {
        RetrogradeError::InvalidInput(format!(
            "table {}: {why}; delete it to solve again",
            path.display()
        ))
    };
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a conway table"));
    }
    let (body, stored) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes(stored.try_into().map_err(|_| bad("truncated"))?);
    if crc32fast::hash(body) != stored {
        return Err(bad("checksum mismatch (the file is damaged)"));
    }
    let mut rest = &body[MAGIC.len()..];
    let mut take = |n: usize| -> Result<&[u8], RetrogradeError> {
        if rest.len() < n {
            return Err(bad("truncated"));
        }
        let (head, tail) = rest.split_at(n);
        rest = tail;
        Ok(head)
    };
    let word = |b: &[u8]| u32::from_le_bytes(b.try_into().unwrap_or([0; 4]));
    let version = word(take(4)?);
    if version != VERSION {
        return Err(bad(&format!(
            "format version {version}, this conway reads {VERSION}"
        )));
    }
    let name_len = word(take(4)?) as usize;
    let stored_name = String::from_utf8_lossy(take(name_len)?).into_owned();
    if stored_name != name {
        return Err(RetrogradeError::InvalidInput(format!(
            "table {} holds {stored_name}, not {name}",
            path.display()
        )));
    }
    let count = u64::from_le_bytes(take(8)?.try_into().unwrap_or([0; 8]));
    let header_len = body.len() - rest.len();
    let data = &body[header_len..];
    if Some(data.len() as u64) != count.checked_mul(4) {
        return Err(bad("the number of states does not match the file's length"));
    }
    Ok(Some(Solved::from_packed(
        data.chunks_exact(4).map(word).collect(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chase::Chase;

    #[test]
    fn round_trip_and_damage() {
        let dir = std::env::temp_dir().join(format!("conway-table-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chase5.table");
        let solved = Chase::new(5).unwrap().solve(|_| true).unwrap();
        save(&path, "chase 5", &solved).unwrap();
        assert_eq!(load(&path, "chase 5").unwrap(), Some(solved));
        assert!(load(&path, "chase 6")
            .unwrap_err()
            .to_string()
            .contains("not chase 6"));
        let mut bytes = fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert!(load(&path, "chase 5").is_err());
        fs::write(&path, b"CONWAYRT").unwrap();
        assert!(load(&path, "chase 5").is_err());
        assert_eq!(load(&dir.join("none"), "chase 5").unwrap(), None);
        fs::remove_dir_all(&dir).ok();
    }
}
