//! The rule ids listed in the crate (the `rule_ids` module) are every id of the project's rules
//! file for dominoes and the crate's Five-Up decisions, and the repository's docs page holds the
//! same list (issue 16: a reader of the published crate can look any id up).

const RULE_IDS: &str = include_str!("../src/rule_ids.md");

#[test]
fn the_docs_page_lists_the_same_rule_ids_as_the_crate() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/dominoes.md");
    // The page is in the repository, not in the published package: check it where it exists.
    let Ok(page) = std::fs::read_to_string(page) else {
        return;
    };
    assert!(
        page.contains(RULE_IDS),
        "docs/dominoes.md must hold src/rule_ids.md verbatim"
    );
}

#[test]
fn every_rule_id_of_the_rules_file_is_listed_once() {
    let ids = (1..=15)
        .map(|n| format!("D{n}"))
        .chain((1..=13).map(|n| format!("T{n}")))
        .chain((1..=13).map(|n| format!("E{n}")))
        .chain((1..=7).map(|n| format!("FU{n}")));
    for id in ids {
        let listed = RULE_IDS.matches(&format!("- **{id}** ")).count()
            + RULE_IDS.matches(&format!("- **{id} (")).count();
        assert_eq!(listed, 1, "{id} listed once");
    }
}
