//! Fuzz target `text_rulesets`: see `conway_fuzz_targets::text_rulesets`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| conway_fuzz_targets::text_rulesets(data));
