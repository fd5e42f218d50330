//! Fuzz target `hackenbush`: see `conway_fuzz_targets::hackenbush`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::hackenbush(data));
