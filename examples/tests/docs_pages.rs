//! Every page of `docs/` is compiled as doctests by this package's library (`src/lib.rs`), so
//! that no page's Rust example drifts from the code; the performance log, which holds
//! commands and figures only, is the one page left out. A page added without its
//! `include_str!` fails here.

use std::path::Path;

#[test]
fn every_docs_page_is_compiled_as_doctests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lib = std::fs::read_to_string(root.join("examples/src/lib.rs")).expect("lib.rs");
    let mut pages = 0;
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let name = entry.expect("a docs/ entry").file_name();
        let name = name.to_string_lossy();
        if !name.ends_with(".md") || name == "physics-performance-log.md" {
            continue;
        }
        pages += 1;
        let include = format!("#[doc = include_str!(\"../../docs/{name}\")]");
        assert!(
            lib.contains(&include),
            "docs/{name} is not compiled as doctests"
        );
    }
    assert!(pages >= 9, "found {pages} pages");
}

#[test]
fn the_performance_log_holds_no_rust_block() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let log = std::fs::read_to_string(root.join("docs/physics-performance-log.md")).expect("log");
    assert!(
        !log.contains("```rust"),
        "a Rust block in the log would not be compiled"
    );
}
