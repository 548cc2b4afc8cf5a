//! libFuzzer entry for the target `chess_uci_protocol` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("chess_uci_protocol") {
        (t.run)(data);
    }
});
