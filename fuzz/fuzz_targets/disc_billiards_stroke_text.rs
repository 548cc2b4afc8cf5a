//! libFuzzer entry for the target `disc_billiards_stroke_text` (see `lattjo_fuzz::targets`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(t) = lattjo_fuzz::targets::by_name("disc_billiards_stroke_text") {
        (t.run)(data);
    }
});
