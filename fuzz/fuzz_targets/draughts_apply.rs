//! libFuzzer entry for the target `draughts_apply` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("draughts_apply") {
        (t.run)(data);
    }
});
