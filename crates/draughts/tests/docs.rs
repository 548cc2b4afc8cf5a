//! The rule ids listed in the crate (the `rule_ids` module) are every id of the project's rules
//! file for draughts, and the repository's docs page holds the same list (issue 16: a reader of
//! the published crate can look any id up).

const RULE_IDS: &str = include_str!("../src/rule_ids.md");

#[test]
fn the_docs_page_lists_the_same_rule_ids_as_the_crate() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/draughts.md");
    // The page is in the repository, not in the published package: check it where it exists.
    let Ok(page) = std::fs::read_to_string(page) else {
        return;
    };
    assert!(
        page.contains(RULE_IDS),
        "docs/draughts.md must hold src/rule_ids.md verbatim"
    );
}

#[test]
fn every_rule_id_of_the_rules_file_is_listed_once() {
    let ids = (1..=14)
        .map(|n| format!("D{n}"))
        .chain((1..=7).map(|n| format!("T{n}")))
        .chain((1..=3).map(|n| format!("V{n}")))
        .chain((1..=10).map(|n| format!("A{n}")));
    for id in ids {
        let entry = format!("- **{id}** ");
        assert_eq!(RULE_IDS.matches(&entry).count(), 1, "{id} listed once");
    }
}
