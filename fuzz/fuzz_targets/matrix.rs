//! Fuzz target `matrix`: see `conway_fuzz_targets::matrix`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::matrix(data));
