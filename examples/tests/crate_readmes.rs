//! The nine crate READMEs (`crates/*/README.md`, the crates' front pages on crates.io) read as
//! a contract: the sentences a user could check that their Rust blocks (doctests, compiled by
//! each crate) do not. Each test quotes its claim and names its README.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A file of the workspace, as text.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Compiles only for a type with both serde traits.
fn serde<T: Serialize + DeserializeOwned>() {}

/// boardgame-core README: "The tiny shared core of the lattjo-games table-game crates
/// (`lattjo-chess`, `lattjo-draughts`, `lattjo-backgammon`, `lattjo-ludo`, `lattjo-dominoes`,
/// `lattjo-carrom`, `lattjo-disc-billiards`)": exactly the workspace's game packages (those
/// besides the core, the physics, the examples, the benches and the fuzz targets).
#[test]
fn boardgame_core_readme_names_every_game_crate_of_the_workspace() {
    let readme = read("crates/boardgame-core/README.md");
    let mut packages = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let dir = entry.expect("an entry").path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .expect("a package name")
            .to_string();
        if name.starts_with("lattjo-") {
            packages.insert(name);
        }
    }
    assert_eq!(packages.len(), 7, "{packages:?}");
    for p in &packages {
        assert!(
            readme.contains(&format!("`{p}`")),
            "the README does not name {p}"
        );
    }
}

/// boardgame-core README: "It knows no game itself; `race` is a small dice game that
/// exercises all of it but `ParametricActions`": `Race` is a `Game`, `ImperfectInfo`,
/// `Rounds` (so a `Match` of races), `Observe` and `IndexedActions`, and the drivers run on
/// it (the README's own example plays it with `IsMcts`).
#[test]
fn boardgame_core_race_exercises_the_core_traits() {
    use boardgame_core::race::{Race, RaceRules};
    use boardgame_core::{Game, ImperfectInfo, IndexedActions, Match, MatchConfig, Observe};
    use boardgame_core::{Rounds, random_playout};
    fn traits<G: Game + ImperfectInfo + Rounds + Observe + IndexedActions>(_: &G) {}
    let race = Race::new(RaceRules::default()).expect("rules");
    traits(&race);
    let m = Match::new(race, MatchConfig::new(Some(30), None).expect("config"));
    let mut state = m.new_initial_state();
    let mut rng = boardgame_core::GameRng::new(1, 0);
    random_playout(&m, &mut state, &mut rng, &mut Vec::new());
    assert!(state.is_over());
}

/// boardgame-core README, "Features": "`serde` (off by default): `Serialize`/`Deserialize`
/// for `Seat`, `Turn`, `BySeat`, `Record`, `MatchConfig` (validated on the way in),
/// `MatchState`, `GameRng` (its exact stream position) and `Shape`, and for the reports a
/// server logs: an MCTS `SearchResult` (validated: its action among the visited ones) and a
/// conformance run's `ConformanceReport` and `Violation`." A config with neither a target nor
/// a round limit, which `MatchConfig::new` refuses, is refused when read; so is a search
/// result whose action is not among its visits.
#[test]
fn boardgame_core_serde_covers_the_listed_types_and_validates_match_configs() {
    use boardgame_core::SearchResult;
    use boardgame_core::conformance::{ConformanceReport, Violation};
    use boardgame_core::race::RaceAction;
    use boardgame_core::{BySeat, GameRng, MatchConfig, MatchState, Record, Seat, Shape, Turn};
    serde::<SearchResult<RaceAction>>();
    serde::<ConformanceReport>();
    serde::<Violation>();
    let unvisited = r#"{"action":"Advance","visits":[[{"Play":2},5]]}"#;
    assert!(serde_json::from_str::<SearchResult<RaceAction>>(unvisited).is_err());
    serde::<Seat>();
    serde::<Turn>();
    serde::<BySeat<i64>>();
    serde::<Record<lattjo_chess::Action>>();
    serde::<MatchConfig>();
    serde::<MatchState<lattjo_dominoes::State>>();
    serde::<GameRng>();
    serde::<Shape>();
    assert!(MatchConfig::new(None, None).is_err());
    let good = MatchConfig::new(Some(30), None).expect("config");
    let json = serde_json::to_string(&good).expect("writes");
    assert_eq!(serde_json::from_str::<MatchConfig>(&json).ok(), Some(good));
    let neither = json.replace("30", "null");
    assert!(
        serde_json::from_str::<MatchConfig>(&neither).is_err(),
        "{neither} is read back"
    );
}

/// The rule-id ranges a README gives ("B1-B35 for the booklet, T1-T13, D1-D7 and A1-A18"):
/// each range `X1-Xn` must be exactly the ids with that letter in the crate's `rule_ids`
/// module (`src/rule_ids.md`), and every letter of the module must be named by the README,
/// as a range or as the bare letter (chess: "T, D and A").
fn check_rule_ids(krate: &str) {
    let readme = read(&format!("crates/{krate}/README.md"));
    let list = read(&format!("crates/{krate}/src/rule_ids.md"));
    let mut ids: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for line in list.lines() {
        let head = line
            .strip_prefix("- **")
            .and_then(|l| l.split("**").next())
            .or_else(|| line.strip_prefix("| ").and_then(|l| l.split(" |").next()));
        let Some(head) = head else { continue };
        let letters: String = head.chars().take_while(char::is_ascii_uppercase).collect();
        let digits: String = head[letters.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let Ok(n) = digits.parse::<u32>() else {
            continue;
        };
        if !letters.is_empty() {
            ids.entry(letters).or_default().insert(n);
        }
    }
    let section = readme
        .split("## Rule ids")
        .nth(1)
        .and_then(|s| s.split("##").next())
        .expect("a Rule ids section");
    let mut named = BTreeSet::new();
    for word in section.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')') {
        let Some((a, b)) = word.split_once('-') else {
            continue;
        };
        let letters: String = a.chars().take_while(char::is_ascii_uppercase).collect();
        let (Ok(lo), Ok(hi)) = (
            a[letters.len()..].parse::<u32>(),
            b.trim_start_matches(&*letters).parse::<u32>(),
        ) else {
            continue;
        };
        let want: BTreeSet<u32> = (lo..=hi).collect();
        assert_eq!(
            ids.get(&letters),
            Some(&want),
            "{krate}: the README's {word} is not the rule_ids module's {letters} ids"
        );
        named.insert(letters);
    }
    for letters in ids.keys() {
        let bare =
            section.contains(&format!(" {letters},")) || section.contains(&format!(" {letters} "));
        assert!(
            named.contains(letters) || bare,
            "{krate}: the README does not name the {letters} ids"
        );
    }
}

/// Each game README's "Rule ids" section: "The docs and tests cite the ids of the project's
/// rules digest (B1-B35 for the booklet, T1-T13, D1-D7 and A1-A18). The crate's `rule_ids`
/// module lists every rule and decision under its id" (backgammon; the other six likewise,
/// each with its own ranges).
#[test]
fn each_readmes_rule_id_ranges_are_the_rule_ids_modules() {
    for krate in crate::rule_citations::GAMES {
        check_rule_ids(krate);
    }
}

/// "the default" in the READMEs: backgammon "the LATTJO booklet's rules by default"; carrom
/// "the LATTJO booklet's rules (the default)"; disc-billiards "the booklet's rules (the
/// default)"; ludo "the LATTJO booklet's rules (the default)". Each game's `default()` plays
/// its preset `Rules::lattjo()`, and so does `Rules::default()`.
#[test]
fn the_booklets_rules_are_the_default_where_a_readme_says_so() {
    assert_eq!(
        lattjo_backgammon::Backgammon::default().rules(),
        &lattjo_backgammon::Rules::lattjo()
    );
    assert_eq!(
        lattjo_backgammon::Rules::default(),
        lattjo_backgammon::Rules::lattjo()
    );
    assert_eq!(
        lattjo_carrom::Carrom::default().rules(),
        &lattjo_carrom::Rules::lattjo()
    );
    assert_eq!(
        lattjo_carrom::Rules::default(),
        lattjo_carrom::Rules::lattjo()
    );
    assert_eq!(
        lattjo_disc_billiards::Novuss::default().rules(),
        &lattjo_disc_billiards::Rules::lattjo()
    );
    assert_eq!(
        lattjo_disc_billiards::Rules::default(),
        lattjo_disc_billiards::Rules::lattjo()
    );
    assert_eq!(
        lattjo_ludo::Ludo::default().rules(),
        &lattjo_ludo::Rules::lattjo()
    );
    assert_eq!(lattjo_ludo::Rules::default(), lattjo_ludo::Rules::lattjo());
}

/// The presets and player counts the READMEs name: backgammon "the modern standard
/// (WBF/USBGF) one call away"; carrom "the International Carrom Federation's laws as a preset
/// (`Rules::icf()`...)"; disc-billiards "the Latvian Novuss Federation's (`Rules::lnf()`) and
/// mini-novuss (`Rules::mini()`) as presets"; ludo "2 to 4 players: [...] common Western Ludo
/// (`Rules::classic()`) and Schmidt's *Mensch ärgere dich nicht* (`Rules::mensch()`)";
/// dominoes "2 to 5 players: [...] the standard block, draw, All Fives, Muggins, Five-Up,
/// partnership and larger-set (double-nine, double-twelve) games as presets"; draughts
/// "flying kings as an option"; chess "FIDE's Laws". Each preset is a valid game other than
/// the booklet's; the player counts are accepted and the next ones out refused.
#[test]
fn the_presets_and_player_counts_the_readmes_name_exist() {
    use lattjo_dominoes::{Dominoes, Rules as Dom};
    use lattjo_ludo::{Ludo, Rules as LudoRules};
    let bg = lattjo_backgammon::Rules::standard();
    assert_ne!(bg, lattjo_backgammon::Rules::lattjo());
    assert!(lattjo_backgammon::Backgammon::new(bg).is_ok());
    let icf = lattjo_carrom::Rules::icf();
    assert_ne!(icf, lattjo_carrom::Rules::lattjo());
    assert!(lattjo_carrom::Carrom::new(icf).is_ok());
    for r in [
        lattjo_disc_billiards::Rules::lnf(),
        lattjo_disc_billiards::Rules::mini(),
    ] {
        assert_ne!(r, lattjo_disc_billiards::Rules::lattjo());
        assert!(lattjo_disc_billiards::Novuss::new(r).is_ok());
    }
    for r in [LudoRules::classic(), LudoRules::mensch()] {
        assert_ne!(r, LudoRules::lattjo());
        assert!(Ludo::new(r).is_ok());
    }
    for n in 2..=4 {
        assert!(
            Ludo::new(LudoRules::lattjo().with_players(n)).is_ok(),
            "ludo {n}"
        );
    }
    for n in [1, 5] {
        assert!(
            Ludo::new(LudoRules::lattjo().with_players(n)).is_err(),
            "ludo {n}"
        );
    }
    for r in [
        Dom::block(),
        Dom::draw(),
        Dom::all_fives(),
        Dom::muggins(),
        Dom::five_up(),
        Dom::partnership(),
        Dom::double_nine(),
        Dom::double_twelve(),
    ] {
        assert_ne!(r, Dom::lattjo());
        assert!(Dominoes::new(r).is_ok(), "{r:?}");
    }
    for n in 2..=5 {
        assert!(
            Dominoes::new(Dom::lattjo().with_players(n)).is_ok(),
            "dominoes {n}"
        );
    }
    assert!(Dominoes::new(Dom::lattjo().with_players(1)).is_err());
    let flying = lattjo_draughts::Rules::lattjo().with_flying_kings(true);
    assert_ne!(flying, lattjo_draughts::Rules::lattjo());
    assert!(lattjo_draughts::Draughts::new(flying).is_ok());
    assert!(lattjo_chess::Chess::new(lattjo_chess::Rules::fide()).is_ok());
}

/// carrom README: "singles and pairs, boards to 25 points or 8 boards, best-of-three matches
/// (the ICF preset; the booklet's match is one game)".
#[test]
fn carrom_readme_boards_to_25_or_8_and_best_of_three_under_icf() {
    use lattjo_carrom::{Carrom, Rules};
    for players in [2, 4] {
        for rules in [Rules::lattjo(), Rules::icf()] {
            let game = Carrom::new(rules.with_players(players)).expect("rules");
            let boards = game.clone().full_game();
            assert_eq!(boards.config().target(), Some(25));
            assert_eq!(boards.config().max_rounds(), Some(8));
            let wins = if rules == Rules::icf() { 2 } else { 1 };
            assert_eq!(game.full_match().config().target(), Some(wins));
        }
    }
}

/// carrom and disc-billiards READMEs: the rules layer "is checked against a second model
/// written from the rules digest alone (`tests/model.rs` replays 316 of them)" and "(...
/// 224 of them)": the rows `tests/data/model/expected.txt` keeps.
#[test]
fn model_rows_kept_are_the_readmes_figures() {
    for (krate, rows) in [("carrom", 316), ("disc-billiards", 224)] {
        let readme = read(&format!("crates/{krate}/README.md"));
        let kept = read(&format!("crates/{krate}/tests/data/model/expected.txt"))
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(kept, rows, "{krate}");
        assert!(
            readme.contains(&format!("replays {rows}")),
            "{krate}: the README does not say the test replays {rows}"
        );
    }
}

/// The READMEs' "Features" lists: chess "`Serialize`/`Deserialize` for the vocabulary types,
/// `Setup`, `Position` [...], `Rules`, `Action`, `Outcome` and `State`"; backgammon "for the
/// states, positions, actions, rules and IDs"; draughts "`State` [...], `Position` [...],
/// `Move`, `Rules` and the small types"; ludo "the rules and every notation type; a `State`
/// or `Position` as its string"; carrom "states (with their rules), match states, setups,
/// rules, strokes and actions [...] A stroke's `Outcome` [...], its `Resolution` and the
/// planner's `AimedShot`"; disc-billiards "states (with their rules), setups, rules,
/// strokes, actions and resolutions [...] A stroke's `Outcome` [...], a call's `CallReport`
/// and the planner's `Candidate` shots"; disc-physics "`World` [...], `Event`, `Table`,
/// `Params`, `StepConfig`, `DiscKind`, `Vec2` and the ids".
#[test]
fn the_serde_features_cover_the_types_the_readmes_list() {
    use boardgame_core::MatchState;
    {
        use lattjo_chess::{Action, Color, Move, Outcome, Piece, Position, Role, Rules, Setup};
        use lattjo_chess::{Square, State};
        serde::<Color>();
        serde::<Role>();
        serde::<Piece>();
        serde::<Square>();
        serde::<Move>();
        serde::<Setup>();
        serde::<Position>();
        serde::<Rules>();
        serde::<Action>();
        serde::<Outcome>();
        serde::<State>();
    }
    {
        use lattjo_backgammon::{Action, GnubgId, Position, Rules, State, Xgid};
        serde::<State>();
        serde::<Position>();
        serde::<Action>();
        serde::<Rules>();
        serde::<Xgid>();
        serde::<GnubgId>();
    }
    {
        use lattjo_draughts::{Move, Position, Rules, State};
        serde::<State>();
        serde::<Position>();
        serde::<Move>();
        serde::<Rules>();
    }
    {
        use lattjo_ludo::{Move, Position, Rules, State};
        serde::<Rules>();
        serde::<Move>();
        use lattjo_ludo::Game as _;
        let s = &lattjo_ludo::Ludo::default().new_initial_state();
        let json = serde_json::to_value(s).expect("writes");
        assert_eq!(json, serde_json::Value::String(s.to_string()));
        let p: &Position = s.position();
        let json = serde_json::to_value(p).expect("writes");
        assert_eq!(json, serde_json::Value::String(p.to_string()));
        serde::<State>();
    }
    {
        use lattjo_carrom::{Action, AimedShot, Outcome, Resolution, Rules, Setup, State, Stroke};
        serde::<Outcome>();
        serde::<Resolution>();
        serde::<AimedShot>();
        serde::<State>();
        serde::<MatchState<State>>();
        serde::<Setup>();
        serde::<Rules>();
        serde::<Stroke>();
        serde::<Action>();
    }
    {
        use lattjo_disc_billiards::{Action, Resolution, Rules, Setup, State, Stroke};
        use lattjo_disc_billiards::{CallReport, Candidate, Outcome};
        serde::<Outcome>();
        serde::<CallReport>();
        serde::<Candidate>();
        serde::<State>();
        serde::<Setup>();
        serde::<Rules>();
        serde::<Stroke>();
        serde::<Action>();
        serde::<Resolution>();
    }
    {
        use disc_physics::{DiscId, DiscKind, Event, Params, StepConfig, Table, Vec2, World};
        serde::<World>();
        serde::<Event>();
        serde::<Table>();
        serde::<Params>();
        serde::<StepConfig>();
        serde::<DiscKind>();
        serde::<Vec2>();
        serde::<DiscId>();
        serde::<disc_physics::PocketId>();
        serde::<disc_physics::CushionId>();
    }
}

/// dominoes README: "It implements [boardgame-core]'s `Game` (the deal and every draw are
/// chance events, so the stock has no hidden order to leak)". At every chance node of random
/// rounds (2 to 5 players, the booklet and the draw game) the outcomes are deals of exactly
/// the stock's tiles, each equally likely; and a draw (the player's decision) is followed by
/// such a chance node, never by a tile the state already chose.
#[test]
fn dominoes_the_deal_and_every_draw_are_uniform_chance_events_over_the_stock() {
    use lattjo_dominoes::{Action, Dominoes, Game, GameRng, Rules, Turn};
    let mut draws = 0;
    for (i, rules) in [2, 3, 4, 5]
        .into_iter()
        .map(|p| Rules::lattjo().with_players(p))
        .chain([Rules::draw()])
        .enumerate()
    {
        let game = Dominoes::new(rules).expect("rules");
        for seed in 0..4 {
            let mut rng = GameRng::new(100 * i as u64 + seed, 0);
            let mut state = game.new_initial_state();
            let mut outcomes = Vec::new();
            let mut legal = Vec::new();
            let mut drew = false;
            while game.turn(&state) != Turn::Terminal {
                let action = if game.turn(&state) == Turn::Chance {
                    assert!(game.chance_outcomes(&state, &mut outcomes), "listed");
                    let stock: Vec<_> = state.stock().iter().collect();
                    let dealt: Vec<_> = outcomes
                        .iter()
                        .map(|(a, _)| match a {
                            Action::Deal(t) => *t,
                            other => panic!("a chance outcome {other:?}"),
                        })
                        .collect();
                    assert_eq!(dealt, stock, "the outcomes are the stock's tiles");
                    let p = 1.0 / stock.len() as f64;
                    assert!(outcomes.iter().all(|(_, q)| (q - p).abs() < 1e-12));
                    drew = false;
                    game.sample_chance(&state, &mut rng).expect("an outcome")
                } else {
                    assert!(!drew, "a draw is followed by a chance node");
                    game.legal_actions(&state, &mut legal);
                    let a = legal[rng.index(legal.len())];
                    drew = a == Action::Draw;
                    draws += usize::from(drew);
                    a
                };
                game.apply(&mut state, &action).expect("legal");
            }
        }
    }
    assert!(draws > 10, "{draws} draws");
}
