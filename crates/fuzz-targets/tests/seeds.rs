//! The fuzz targets' smoke pass: every target's body runs over its committed seed corpus
//! (`fuzz/seeds/TARGET/`), so `cargo test` checks, without nightly or cargo-fuzz, that the
//! bodies still build and that no seed, among them every input a campaign once crashed on,
//! panics. The long campaign is `fuzz/run-campaign.sh`.

use std::fs;
use std::path::PathBuf;

use conway_fuzz_targets::TARGETS;

fn seeds_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds")
}

#[test]
fn every_target_runs_over_its_seeds() {
    for (name, body) in TARGETS {
        let dir = seeds_dir().join(name);
        let mut seeds: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        seeds.sort();
        assert!(seeds.len() >= 3, "{name}: only {} seeds", seeds.len());
        for seed in seeds {
            let bytes = fs::read(&seed).expect("a seed");
            body(&bytes);
        }
    }
}

#[test]
fn every_target_has_a_fuzz_binary() {
    let manifest = fs::read_to_string(seeds_dir().join("../Cargo.toml")).expect("fuzz/Cargo.toml");
    for (name, _) in TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
    }
}
