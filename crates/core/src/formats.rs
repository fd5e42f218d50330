//! Every durable file format Conway writes, registered once: its magic, its layout version
//! and how a person calls it. The engines that write a format own its payload; this list
//! owns the first eight bytes, so that no two formats share them and a file of one format
//! given where another is expected is named for what it is ([`crate::durable::decode`]).
//!
//! A format's version goes up whenever its layout changes; a file of another version is
//! refused with both versions named, never read with the wrong layout.

use crate::durable::Format;

/// Values of a heap game's Grundy sequence (`conway grundy --checkpoint`); the identity is
/// the game's name (`0.77`).
pub const HEAP_CHECKPOINT: Format = Format {
    magic: b"CONWAYGS",
    version: 1,
    kind: "heap-game checkpoint",
    noun: "checkpoint",
    remedy: "delete it to start over",
    held: ("values of ", "of "),
};

/// A retrograde solve's values (`conway solve chase --table`); the identity names the game
/// (`chase 20`).
pub const RETROGRADE_TABLE: Format = Format {
    magic: b"CONWAYRT",
    version: 1,
    kind: "retrograde table",
    noun: "table",
    remedy: "delete it to solve again",
    held: ("", ""),
};

/// One rank's slice of a distributed retrograde solve (`--mpi --checkpoint DIR`); the
/// identity names the game, the rank, the number of ranks and the number of states.
pub const RETROGRADE_SLICE: Format = Format {
    magic: b"CONWAYRS",
    version: 1,
    kind: "slice of a distributed table",
    noun: "slice of a distributed table",
    remedy: "delete the checkpoint directory's slices to solve again",
    held: ("", ""),
};

/// The positions the Domineering search has settled (`conway solve domineering
/// --checkpoint`); the identity is the board.
pub const DOMINEERING_CHECKPOINT: Format = Format {
    magic: b"CONWAYDS",
    version: 1,
    kind: "Domineering search checkpoint",
    noun: "checkpoint",
    remedy: "delete it to start over",
    held: ("the search of domineering board ", "domineering board "),
};

/// The positions a ruleset search has settled (`conway solve clobber --checkpoint` and the
/// other searched rulesets); the identity is the game and its board (`clobber xoxo|oxox`).
/// Version 2: the first version's files began with the slices' magic.
pub const RULESET_CHECKPOINT: Format = Format {
    magic: b"CONWAYPS",
    version: 2,
    kind: "ruleset search checkpoint",
    noun: "checkpoint",
    remedy: "delete it to start over",
    held: ("the search of ", ""),
};

/// Every format, each once.
pub const ALL: [&Format; 5] = [
    &HEAP_CHECKPOINT,
    &RETROGRADE_TABLE,
    &RETROGRADE_SLICE,
    &DOMINEERING_CHECKPOINT,
    &RULESET_CHECKPOINT,
];

/// The format whose files begin with `bytes`' first eight, if any.
pub fn by_magic(bytes: &[u8]) -> Option<&'static Format> {
    ALL.into_iter()
        .find(|format| bytes.get(..format.magic.len()) == Some(&format.magic[..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No two formats share a magic or a name, and every magic says Conway.
    #[test]
    fn magics_and_kinds_are_distinct() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(a.magic.starts_with(b"CONWAY"), "{}", a.kind);
            for b in &ALL[i + 1..] {
                assert_ne!(a.magic, b.magic, "{} and {}", a.kind, b.kind);
                assert_ne!(a.kind, b.kind);
            }
            assert_eq!(by_magic(a.magic).map(|f| f.kind), Some(a.kind));
        }
        assert!(by_magic(b"CONWAY").is_none());
        assert!(by_magic(b"CONWAYXX and more").is_none());
    }
}
