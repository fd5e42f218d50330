//! Fuzz target `heap_game`: see `conway_fuzz_targets::heap_game`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::heap_game(data));
