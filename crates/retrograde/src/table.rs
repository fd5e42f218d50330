//! Solved tables on disk: solve once, probe any position later without solving again.
//!
//! Layout (little-endian): the magic `CONWAYRT`, a format version (u32), the game's name
//! (u32 length, UTF-8, e.g. `chase 20`), the number of states (u64), one packed value per
//! state (u32, see [`Value::pack`](crate::graph::Value::pack)), and a CRC-32 of all that.
//! The file is written by [`conway_core::durable`]: beside its target, synced, renamed over
//! it and the directory synced, so a reader never sees half a table.

use std::path::Path;

use conway_core::durable::{self, Format, PayloadReader};

use crate::solve::Solved;
use crate::RetrogradeError;

/// Solved tables ([`conway_core::formats::RETROGRADE_TABLE`]); the identity is the game's
/// name.
pub const TABLE: Format = conway_core::formats::RETROGRADE_TABLE;

/// Writes the solved values of game `name` to `path`.
pub fn save(path: &Path, name: &str, solved: &Solved) -> Result<(), RetrogradeError> {
    durable::save(path, &TABLE, name, |out| {
        out.write_all(&(solved.len() as u64).to_le_bytes())?;
        for chunk in solved.packed().chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
            out.write_all(&bytes)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The table of game `name` in `path`, or `None` when the file does not exist. A table of
/// another game, or a damaged one, is an error.
pub fn load(path: &Path, name: &str) -> Result<Option<Solved>, RetrogradeError> {
    match durable::read(path, &TABLE)? {
        Some(bytes) => decode(&bytes, path, name).map(Some),
        None => Ok(None),
    }
}

/// The table in `bytes`, the whole content of a table file of game `name`: the checks of
/// [`load`] without the file system. `path` only names the file in errors.
pub fn decode(bytes: &[u8], path: &Path, name: &str) -> Result<Solved, RetrogradeError> {
    let payload = durable::decode(bytes, path, &TABLE, name)?;
    let bad = |why: &str| durable::DurableError::Damaged {
        noun: TABLE.noun,
        path: path.to_path_buf(),
        why: why.to_string(),
        remedy: TABLE.remedy,
    };
    let mut reader = PayloadReader::new(payload);
    let count = reader.u64().ok_or_else(|| bad("truncated"))?;
    let data = reader.rest();
    if Some(data.len() as u64) != count.checked_mul(4) {
        return Err(bad("the number of states does not match the file's length").into());
    }
    Ok(Solved::from_packed(
        data.chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chase::Chase;
    use conway_core::NoProgress;
    use std::fs;

    #[test]
    fn round_trip_and_damage() {
        let dir = std::env::temp_dir().join(format!("conway-table-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chase5.table");
        let solved = Chase::new(5).unwrap().solve(&NoProgress).unwrap();
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
