//! Fuzz target `numbers`: see `conway_fuzz_targets::numbers`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::numbers(data));
