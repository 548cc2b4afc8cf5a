//! libFuzzer entry for the target `core_postcard_state` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("core_postcard_state") {
        (t.run)(data);
    }
});
