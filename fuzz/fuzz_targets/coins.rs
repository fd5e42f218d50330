//! Fuzz target `coins`: see `conway_fuzz_targets::coin_rows`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::coin_rows(data));
