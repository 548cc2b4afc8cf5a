//! Every rule id of every game is cited by a test.
//!
//! The standard: every rule of a game's rules file is implemented and tested, and the tests
//! cite the rule id in their name or a comment. Each game crate lists its rules, translation
//! notes, deviations and decisions in `src/rule_ids.md` (the same list as `docs/<game>.md`).
//! This test reads that list and the crate's tests (everything under `tests/`, and each
//! source file from its first `#[cfg(test)]` on) and fails for an id no test names: written
//! as the id (`C7`, `T12`) anywhere in the test text, or in lower case as a part of a test
//! function's name (`fn c7_a11_queen_alone...`).
//!
//! Found when the test was first written (5 December 2026): 51 translation notes (T) of five
//! games were cited by no test. 45 of them resolve into rules whose tests existed; those tests
//! cite them now, and where a note said more than its rule's test checked, a test or an
//! assertion was added (dominoes T2 and T12, draughts T5 and T6, ludo T4 and T10, carrom T20
//! in pairs, backgammon T5). The other 6 record a difference of wording that decides no rule;
//! they are listed below with the reason.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The game crates (directory names under `crates/`).
pub(crate) const GAMES: [&str; 7] = [
    "backgammon",
    "carrom",
    "chess",
    "disc-billiards",
    "dominoes",
    "draughts",
    "ludo",
];

/// Ids that record a difference of wording between the booklet's translations and decide no
/// rule, so no test can check them: (crate, id, why).
const WORDING_ONLY: [(&str, &str, &str); 6] = [
    ("backgammon", "T12", "\"home board\" wording only"),
    ("backgammon", "T13", "typos in the versions"),
    (
        "dominoes",
        "T3",
        "the goal statements differ in wording only",
    ),
    ("dominoes", "T13", "the words for \"round\" differ"),
    (
        "draughts",
        "T7",
        "the German and French titles; their rules are T1-T6's",
    ),
    ("ludo", "T9", "a misplaced phrase in the German layout"),
];

fn crate_dir(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates")
        .join(game)
}

/// The ids `rule_ids.md` defines: `**K9**` in a list, or `| C7 |` opening a table row.
fn rule_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        let candidates = line
            .split("**")
            .skip(1)
            .step_by(2)
            .chain(line.strip_prefix("| ").and_then(|r| r.split(" |").next()));
        for c in candidates {
            let letters = c.chars().take_while(char::is_ascii_uppercase).count();
            let digits = c[letters..]
                .chars()
                .take_while(char::is_ascii_digit)
                .count();
            if (1..=3).contains(&letters) && digits > 0 && letters + digits == c.len() {
                ids.insert(c.to_string());
            }
        }
    }
    ids
}

/// The crate's test text: every file under `tests/` and each source file from its first
/// `#[cfg(test)]`.
fn test_text(dir: &Path) -> String {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let (mut tests, mut sources) = (Vec::new(), Vec::new());
    walk(&dir.join("tests"), &mut tests);
    walk(&dir.join("src"), &mut sources);
    let mut text = String::new();
    for path in tests {
        text += &fs::read_to_string(&path).expect("a test file");
    }
    for path in sources {
        let source = fs::read_to_string(&path).expect("a source file");
        if let Some(at) = source.find("#[cfg(test)]") {
            text += &source[at..];
        }
    }
    text
}

/// Whether `text` names `id`: as written, not inside a longer word or number, or in lower
/// case as one `_`-separated part of a function's name.
fn cites(text: &str, id: &str) -> bool {
    let bytes = text.as_bytes();
    let as_written = text.match_indices(id).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + id.len());
        !before.is_some_and(|b| b.is_ascii_alphanumeric()) && !after.is_some_and(u8::is_ascii_digit)
    });
    let lower = id.to_ascii_lowercase();
    as_written
        || text.split("fn ").skip(1).any(|rest| {
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .is_some_and(|name| name.split('_').any(|part| part == lower))
        })
}

#[test]
fn every_rule_id_of_every_game_is_cited_by_a_test() {
    let mut missing = Vec::new();
    for game in GAMES {
        let dir = crate_dir(game);
        let ids = rule_ids(&fs::read_to_string(dir.join("src/rule_ids.md")).expect("rule_ids.md"));
        assert!(ids.len() >= 30, "{game}: only {} ids read", ids.len());
        let text = test_text(&dir);
        for id in &ids {
            let excused = WORDING_ONLY.iter().any(|&(g, i, _)| g == game && i == id);
            if !excused && !cites(&text, id) {
                missing.push(format!("{game} {id}"));
            }
        }
    }
    assert!(missing.is_empty(), "rule ids no test cites: {missing:?}");
}

/// The excused ids exist, and say in `rule_ids.md` that they decide no rule of their own.
#[test]
fn the_wording_only_ids_exist() {
    for (game, id, why) in WORDING_ONLY {
        let text = fs::read_to_string(crate_dir(game).join("src/rule_ids.md")).expect("rule_ids");
        assert!(rule_ids(&text).contains(id), "{game} {id} ({why})");
    }
}

#[test]
fn ids_are_read_from_lists_and_tables_and_matched_whole() {
    let ids = rule_ids("- **K9** A bishop.\n| C12 | The penalty |\n- **S2** (either)\n**bold**");
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), ["C12", "K9", "S2"]);
    assert!(cites("// K9: sliders", "K9"));
    assert!(!cites("// K91 and AK9", "K9"));
    assert!(cites("fn k9_k10_sliders() {}", "K10"));
    assert!(!cites("fn k19a_castling() {}", "K19"));
    assert!(!cites("let k9 = 1;", "K9"));
}
