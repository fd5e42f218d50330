//! Fuzz target `chase_table`: see `conway_fuzz_targets::chase_table`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::chase_table(data));
