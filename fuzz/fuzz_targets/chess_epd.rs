//! libFuzzer entry for the target `chess_epd` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("chess_epd") {
        (t.run)(data);
    }
});
