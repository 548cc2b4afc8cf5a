//! libFuzzer entry for the target `carrom_resolve` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("carrom_resolve") {
        (t.run)(data);
    }
});
