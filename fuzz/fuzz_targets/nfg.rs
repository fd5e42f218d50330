//! Fuzz target `nfg`: see `conway_fuzz_targets::nfg_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::nfg_file(data));
