//! The rule list the crate's rustdoc shows (`lattjo_backgammon::rule_ids`) is the one the
//! repository's `docs/backgammon.md` gives, and every rule id of the rules digest is in it.

const RULE_IDS: &str = include_str!("../src/rule_ids.md");

/// The rustdoc list without its intra-doc links, and with its headings one level down, as
/// the docs page has it.
fn as_docs_page(md: &str) -> String {
    let mut out = String::new();
    let mut rest = md;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match (after.find("]("), after.find(')')) {
            (Some(j), Some(k)) if j < k && after[j + 2..].starts_with("crate::") => {
                out.push_str(&after[..j]);
                rest = &after[k + 1..];
            }
            _ => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("\n## ", "\n### ")
}

#[test]
fn docs_page_lists_the_rules_the_rustdoc_lists() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/backgammon.md");
    // Outside the workspace (a published package) the page is not there.
    let Ok(page) = std::fs::read_to_string(path) else {
        return;
    };
    assert!(
        page.contains(&as_docs_page(RULE_IDS)),
        "docs/backgammon.md must contain src/rule_ids.md without its links"
    );
}

#[test]
fn every_rule_id_is_listed() {
    let ids = (1..=35)
        .map(|n| format!("B{n}"))
        .chain((1..=13).map(|n| format!("T{n}")))
        .chain((1..=7).map(|n| format!("D{n}")))
        .chain((1..=18).map(|n| format!("A{n}")));
    for id in ids {
        assert!(RULE_IDS.contains(&format!("- **{id}** ")), "{id} missing");
    }
}
