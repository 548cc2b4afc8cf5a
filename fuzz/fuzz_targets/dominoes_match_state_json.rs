//! libFuzzer entry for the target `dominoes_match_state_json` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("dominoes_match_state_json") {
        (t.run)(data);
    }
});
