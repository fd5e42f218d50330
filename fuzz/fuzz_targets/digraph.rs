//! Fuzz target `digraph`: see `conway_fuzz_targets::digraph`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::digraph(data));
