//! libFuzzer entry for the target `chess_pgn_commands` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("chess_pgn_commands") {
        (t.run)(data);
    }
});
