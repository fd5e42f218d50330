//! Fuzz target `search_checkpoint`: see `conway_fuzz_targets::search_checkpoint`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::search_checkpoint(data));
