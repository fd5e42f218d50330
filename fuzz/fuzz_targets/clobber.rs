//! Fuzz target `clobber`: see `conway_fuzz_targets::clobber`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::clobber(data));
