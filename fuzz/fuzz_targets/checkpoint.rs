//! Fuzz target `checkpoint`: see `conway_fuzz_targets::checkpoint_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::checkpoint_file(data));
