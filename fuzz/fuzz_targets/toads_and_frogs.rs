//! Fuzz target `toads_and_frogs`: see `conway_fuzz_targets::toads_and_frogs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::toads_and_frogs(data));
