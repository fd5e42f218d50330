//! Fuzz target `expr_parse`: see `conway_fuzz_targets::expr_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::expr_parse(data));
