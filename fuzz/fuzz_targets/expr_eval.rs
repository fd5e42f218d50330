//! Fuzz target `expr_eval`: see `conway_fuzz_targets::expr_eval`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::expr_eval(data));
