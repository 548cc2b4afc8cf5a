//! libFuzzer entry for the target `ludo_notation` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("ludo_notation") {
        (t.run)(data);
    }
});
