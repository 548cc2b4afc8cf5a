//! The rule ids listed in the crate (the `rule_ids` module) are every id of the project's rules
//! digest for ludo, and the repository's docs page holds the same list (issue 16: a reader of
//! the published crate can look any id up).

const RULE_IDS: &str = include_str!("../src/rule_ids.md");

#[test]
fn the_docs_page_lists_the_same_rule_ids_as_the_crate() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ludo.md");
    // The page is in the repository, not in the published package: check it where it exists.
    let Ok(page) = std::fs::read_to_string(page) else {
        return;
    };
    assert!(
        page.contains(RULE_IDS),
        "docs/ludo.md must hold src/rule_ids.md verbatim"
    );
}

#[test]
fn every_rule_id_of_the_rules_digest_is_listed() {
    let listed = (1..=17)
        .map(|n| format!("L{n}"))
        .chain((1..=10).map(|n| format!("T{n}")))
        .chain((1..=16).map(|n| format!("A{n}")));
    for id in listed {
        let entry = format!("- **{id}** ");
        assert_eq!(RULE_IDS.matches(&entry).count(), 1, "{id} listed once");
    }
    // The deviations are the rows of the presets table (D1 and D2 have two options each).
    for n in 1..=10 {
        let row = format!("\n| D{n} | ");
        assert!(RULE_IDS.contains(&row), "D{n} has a row");
    }
}
