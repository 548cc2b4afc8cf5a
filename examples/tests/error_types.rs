//! Every public error type of the library crates is `#[non_exhaustive]`, as
//! docs/architecture.md ("Actions and errors") says: a variant or a field added later is then
//! no breaking change for a user who matches on it. Fourteen struct errors had been written
//! without it (backgammon's `SideError` and `.mat` `ParseError` among them) before the
//! thirty-eighth session; this scan keeps a new one from slipping in. It looked only at names
//! ending in `Error` until the fortieth session, and so missed backgammon's `TooManySteps` and
//! disc-billiards' `UnknownBits`; it now takes every type that derives `thiserror::Error`.

use std::path::Path;

/// The `pub struct`/`pub enum` items named `...Error` in `src`, with whether the attributes
/// just above each (its derive, `#[error]` and similar lines, up to its doc comment) include
/// `#[non_exhaustive]`.
fn error_items(src: &str) -> Vec<(String, bool)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t
            .strip_prefix("pub struct ")
            .or_else(|| t.strip_prefix("pub enum "))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // Everything between the item and its doc comment (or the item before it): the
        // lines of an attribute written over several lines (a long `#[error(...)]` message)
        // included, which hid a `#[non_exhaustive]` above them until the forty-third session.
        let attributes = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim_start())
            .take_while(|l| {
                !(l.is_empty()
                    || l.starts_with("//")
                    || l.starts_with('}')
                    || l.starts_with("pub ")
                    || l.ends_with(';'))
            });
        // An error by its name, or by its derive (`TooManySteps`, `UnknownBits` and
        // `TooManyResults` are errors whose names do not say so).
        let derives_error = attributes.clone().any(|l| l.contains("thiserror::Error"));
        if !name.ends_with("Error") && !derives_error {
            continue;
        }
        let marked = attributes
            .clone()
            .any(|l| l.starts_with("#[non_exhaustive]"));
        found.push((name, marked));
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_public_error_type_is_non_exhaustive() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).expect("crates/") {
        let src = entry.expect("a crate").path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut seen = 0;
    let mut unmarked = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for (name, marked) in error_items(&text) {
            seen += 1;
            if !marked {
                unmarked.push(format!("{}: {name}", file.display()));
            }
        }
    }
    assert!(seen > 100, "found only {seen} error types");
    assert!(unmarked.is_empty(), "not #[non_exhaustive]: {unmarked:#?}");
}

#[test]
fn the_scan_sees_attributes_above_an_error_and_nothing_else() {
    let src = "/// Doc.\n#[derive(Debug)]\n#[non_exhaustive]\npub struct AError(pub u8);\n\
               #[derive(Debug)]\npub enum BError {}\npub struct NotAnErrorType;\n";
    assert_eq!(
        error_items(src),
        vec![("AError".to_owned(), true), ("BError".to_owned(), false)]
    );
    // An attribute over several lines (a long message) between the mark and the item.
    let src = "/// Doc.\n#[derive(Debug, thiserror::Error)]\n#[non_exhaustive]\n#[error(\n    \
               \"a long message \\\n     that goes on\"\n)]\npub struct CError;\n";
    assert_eq!(error_items(src), vec![("CError".to_owned(), true)]);
}
