//! libFuzzer entry for the target `physics_crowd` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("physics_crowd") {
        (t.run)(data);
    }
});
