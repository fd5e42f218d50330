//! Fuzz target `domineering`: see `conway_fuzz_targets::domineering_board`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::domineering_board(data));
