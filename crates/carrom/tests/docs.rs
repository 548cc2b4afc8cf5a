//! The rule ids listed in the crate (the `rule_ids` module) and in the repository's docs page
//! are the same list (issue 16: a reader of the published crate can look any id up).

#[test]
fn the_docs_page_lists_the_same_rule_ids_as_the_crate() {
    let ids = include_str!("../src/rule_ids.md");
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/carrom.md");
    // The page is in the repository, not in the published package: check it where it exists.
    let Ok(page) = std::fs::read_to_string(page) else {
        return;
    };
    assert!(
        page.contains(ids),
        "docs/carrom.md must end with src/rule_ids.md verbatim"
    );
}
