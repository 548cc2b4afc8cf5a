//! The rule ids listed in the crate (the `rule_ids` module) and in the repository's docs page
//! are the same list (issue 16: a reader of the published crate can look any id up).

const RULE_IDS: &str = include_str!("../src/rule_ids.md");

/// Every rule and decision has its entry in the crate's `rule_ids` module.
#[test]
fn rule_ids_list_every_rule_and_decision() {
    for (prefix, n) in [("K", 22), ("T", 11), ("D", 5), ("A", 14)] {
        for i in 1..=n {
            let id = format!("**{prefix}{i}**");
            assert!(RULE_IDS.contains(&id), "{id} in src/rule_ids.md");
        }
    }
}

/// The docs page holds the `rule_ids` text (with its intra-doc links as plain code).
#[test]
fn the_docs_page_lists_the_same_rule_ids_as_the_crate() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/chess.md");
    // The page is in the repository, not in the published package: check it where it exists.
    let Ok(page) = std::fs::read_to_string(page) else {
        return;
    };
    let plain = RULE_IDS.replace("[`", "`").replace("`]", "`");
    assert!(
        page.contains(&plain),
        "docs/chess.md must hold src/rule_ids.md (links as plain code)"
    );
}
