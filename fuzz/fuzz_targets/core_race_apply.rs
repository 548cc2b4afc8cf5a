//! libFuzzer entry for the target `core_race_apply` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("core_race_apply") {
        (t.run)(data);
    }
});
