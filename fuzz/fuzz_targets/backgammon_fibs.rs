//! libFuzzer entry for the target `backgammon_fibs` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("backgammon_fibs") {
        (t.run)(data);
    }
});
