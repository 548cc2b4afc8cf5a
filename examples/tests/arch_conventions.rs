//! The checkable sentences of docs/architecture.md, "API conventions (every crate follows
//! these)", checked crate by crate from outside, through each crate's public API only (and,
//! for what only the source says, a scan of it).
//!
//! Claims already held by other tests are not repeated here: every error type
//! `#[non_exhaustive]` (`error_types.rs`), excerpts in parse errors (`error_excerpts.rs`),
//! serde in a format that does not describe itself, `initial_state(first)` read back and a
//! match in progress read back (`serde_formats.rs`), rules validated on deserialization
//! (`rules_extremes.rs`), a state of other rules refused and listing nothing in chess,
//! ludo, carrom and disc-billiards (their `tests/foreign.rs`, and the core's
//! `check_foreign_states` for all seven), a match taking up no round of other rules (the
//! same files), the readers' size, token and depth bounds and reading on after a game too
//! long (chess `tests/pgn.rs`, draughts `tests/pdn.rs` and `tests/docs_claims.rs`,
//! backgammon `tests/sgf.rs` and `tests/docs_claims.rs`), and the auto traits
//! (`auto_traits.rs`).

use std::fmt::{Debug, Display};
use std::path::Path;
use std::str::FromStr;

use boardgame_core::{Game, GameRng, Seat, Turn};

/// The seven game crates, by folder under `crates/`.
const GAMES: [&str; 7] = [
    "chess",
    "draughts",
    "backgammon",
    "ludo",
    "dominoes",
    "carrom",
    "disc-billiards",
];

/// Every `.rs` file under `dir`, concatenated.
fn crate_source(dir: &Path) -> String {
    fn walk(dir: &Path, out: &mut String) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("a source folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&p).expect("a source file"));
                out.push('\n');
            }
        }
    }
    let mut out = String::new();
    walk(dir, &mut out);
    out
}

fn src_of(game: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates")
        .join(game)
        .join("src");
    crate_source(&dir)
}

/// The public field names of `pub struct Rules { .. }` in `src`, with the attribute lines
/// just above the struct.
fn rules_struct(src: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<&str> = src.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("pub struct Rules {"))
        .expect("a `pub struct Rules`");
    let mut attrs = Vec::new();
    for l in lines[..at].iter().rev() {
        let t = l.trim();
        if t.starts_with("///") || t.is_empty() {
            break;
        }
        attrs.push(t.to_string());
    }
    let mut fields = Vec::new();
    for l in &lines[at + 1..] {
        if l.starts_with('}') {
            break;
        }
        if let Some((name, _)) = l.strip_prefix("    pub ").and_then(|r| r.split_once(':')) {
            fields.push(name.trim().to_string());
        }
    }
    (fields, attrs)
}

/// architecture.md, API conventions: "Each game has one `Rules` value: plain data, `Copy`
/// where it can be, `#[non_exhaustive]`, public fields" and "Every option has a builder
/// method `with_<option>(value) -> Rules` that takes the value, `const` where possible. No
/// bare toggles, no field editing required."
///
/// A scan of each crate's source: every public field of `Rules` has a `const fn
/// with_<field>` (written out or by the crate's `builders!` macro, whose methods are
/// `pub const fn`), no method turns an option on without a value, and the struct is
/// `#[non_exhaustive]` and derives `Copy`.
#[test]
fn every_rules_field_has_a_const_with_builder_and_rules_is_copy_and_non_exhaustive() {
    let mut failures = Vec::new();
    for game in GAMES {
        let src = src_of(game);
        let (fields, attrs) = rules_struct(&src);
        assert!(fields.len() >= 4, "{game}: fields {fields:?}");
        if !attrs.iter().any(|a| a == "#[non_exhaustive]") {
            failures.push(format!("{game}: Rules is not #[non_exhaustive]"));
        }
        if !attrs
            .iter()
            .any(|a| a.starts_with("#[derive(") && a.contains("Copy"))
        {
            failures.push(format!("{game}: Rules is not Copy"));
        }
        for line in src.lines() {
            let public = line.contains("pub fn ") || line.contains("pub const fn ");
            let bare =
                line.ends_with("(self) -> Rules {") || line.ends_with("(mut self) -> Rules {");
            if public && bare {
                failures.push(format!("{game}: a bare toggle on Rules: {}", line.trim()));
            }
        }
        let macro_builders = src.contains("pub const fn $name(mut self, value: $ty) -> Rules");
        for f in &fields {
            let written = src.contains(&format!("pub const fn with_{f}("));
            let by_macro = macro_builders && src.contains(&format!("    with_{f}: {f}: "));
            if !written && !by_macro {
                failures.push(format!("{game}: no `const fn with_{f}` for Rules::{f}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// architecture.md, API conventions: "Presets are `const fn` constructors" and every
/// builder is "`const` where possible"; `Rules::default()` is the game's default preset.
///
/// Each preset and a builder chain is evaluated in a `const` item (a compile error if one is
/// not `const`), and `Rules` is `Copy` (a compile error if not).
#[test]
fn presets_and_builders_are_const_and_default_is_a_preset() {
    const fn copy<T: Copy>(_: &T) {}

    const CHESS: [lattjo_chess::Rules; 2] = [
        lattjo_chess::Rules::fide().with_auto_claim(true),
        lattjo_chess::Rules::lattjo().with_decisions(true),
    ];
    const DRAUGHTS: [lattjo_draughts::Rules; 2] = [
        lattjo_draughts::Rules::wcdf().with_flying_kings(true),
        lattjo_draughts::Rules::lattjo().with_quiet_moves(50),
    ];
    const BACKGAMMON: [lattjo_backgammon::Rules; 2] = [
        lattjo_backgammon::Rules::lattjo().with_cube(false),
        lattjo_backgammon::Rules::standard().with_beavers(true),
    ];
    const LUDO: [lattjo_ludo::Rules; 3] = [
        lattjo_ludo::Rules::lattjo().with_players(2),
        lattjo_ludo::Rules::classic(),
        lattjo_ludo::Rules::mensch().with_three_tries(false),
    ];
    const DOMINOES: [lattjo_dominoes::Rules; 4] = [
        lattjo_dominoes::Rules::lattjo().with_players(4),
        lattjo_dominoes::Rules::block(),
        lattjo_dominoes::Rules::all_fives(),
        lattjo_dominoes::Rules::five_up().with_players(3),
    ];
    const CARROM: [lattjo_carrom::Rules; 2] = [
        lattjo_carrom::Rules::lattjo().with_players(4),
        lattjo_carrom::Rules::icf(),
    ];
    const NOVUSS: [lattjo_disc_billiards::Rules; 3] = [
        lattjo_disc_billiards::Rules::lattjo().with_players(4),
        lattjo_disc_billiards::Rules::lnf(),
        lattjo_disc_billiards::Rules::mini(),
    ];
    copy(&CHESS[0]);
    copy(&DRAUGHTS[0]);
    copy(&BACKGAMMON[0]);
    copy(&LUDO[0]);
    copy(&DOMINOES[0]);
    copy(&CARROM[0]);
    copy(&NOVUSS[0]);
    // Each is accepted by its game's constructor.
    for r in CHESS {
        lattjo_chess::Chess::new(r).expect("chess");
    }
    for r in DRAUGHTS {
        lattjo_draughts::Draughts::new(r).expect("draughts");
    }
    for r in BACKGAMMON {
        lattjo_backgammon::Backgammon::new(r).expect("backgammon");
    }
    for r in LUDO {
        lattjo_ludo::Ludo::new(r).expect("ludo");
    }
    for r in DOMINOES {
        lattjo_dominoes::Dominoes::new(r).expect("dominoes");
    }
    for r in CARROM {
        lattjo_carrom::Carrom::new(r).expect("carrom");
    }
    for r in NOVUSS {
        lattjo_disc_billiards::Novuss::new(r).expect("disc-billiards");
    }
    // The default preset: the booklet, except where the docs page says otherwise (chess:
    // FIDE, docs/chess.md; draughts: WCDF draws as claims, docs/draughts.md).
    assert_eq!(lattjo_chess::Rules::default(), lattjo_chess::Rules::fide());
    assert_eq!(
        lattjo_draughts::Rules::default(),
        lattjo_draughts::Rules::wcdf()
    );
    assert_eq!(
        lattjo_backgammon::Rules::default(),
        lattjo_backgammon::Rules::lattjo()
    );
    assert_eq!(lattjo_ludo::Rules::default(), lattjo_ludo::Rules::lattjo());
    assert_eq!(
        lattjo_dominoes::Rules::default(),
        lattjo_dominoes::Rules::lattjo()
    );
    assert_eq!(
        lattjo_carrom::Rules::default(),
        lattjo_carrom::Rules::lattjo()
    );
    assert_eq!(
        lattjo_disc_billiards::Rules::default(),
        lattjo_disc_billiards::Rules::lattjo()
    );
}

/// architecture.md, API conventions: "`<Game>::new(rules: Rules) -> Result<<Game>,
/// RulesError>` in every crate (each has a `RulesError`, `#[non_exhaustive]`), and
/// `<Game>::default()` for the default preset."
///
/// The signature is checked by coercion to a function pointer; the default game plays the
/// default rules and equals the game `new` builds from them (through its rules).
#[test]
fn every_game_has_new_returning_rules_error_and_a_default_of_the_default_rules() {
    macro_rules! check {
        ($krate:ident, $game:ident) => {{
            let new: fn($krate::Rules) -> Result<$krate::$game, $krate::RulesError> =
                $krate::$game::new;
            let built = new($krate::Rules::default()).expect("the default rules");
            let default = <$krate::$game as Default>::default();
            assert_eq!(
                default.rules(),
                &$krate::Rules::default(),
                "{}",
                stringify!($krate)
            );
            assert_eq!(built.rules(), default.rules(), "{}", stringify!($krate));
        }};
    }
    check!(lattjo_chess, Chess);
    check!(lattjo_draughts, Draughts);
    check!(lattjo_backgammon, Backgammon);
    check!(lattjo_ludo, Ludo);
    check!(lattjo_dominoes, Dominoes);
    check!(lattjo_carrom, Carrom);
    check!(lattjo_disc_billiards, Novuss);
}

/// Plays chance nodes from `state` (sampled from `rng`) until a player or the end.
fn to_player_node<G: Game>(game: &G, state: &mut G::State, rng: &mut GameRng) -> Turn
where
    G::Error: Debug,
{
    for _ in 0..1_000 {
        match game.turn(state) {
            Turn::Chance => {
                let a = game.sample_chance(state, rng).expect("a chance outcome");
                game.apply(state, &a).expect("a chance outcome applies");
            }
            t => return t,
        }
    }
    panic!("no player node after 1,000 chance outcomes");
}

/// architecture.md, API conventions: "A state with a chosen first player:
/// `<game>.initial_state(first: Seat) -> Result<State, _>`; `new_initial_state()` is the
/// trait's default start." (Chess and backgammon have none, and say why in their pages:
/// White moves first; the opening roll decides who starts.)
///
/// For every seat of every preset's table, the first player to act is `first` (after the
/// deal's chance nodes in dominoes; in ludo `first` is to roll); a seat not at the table is
/// an error whose message names the seat.
#[test]
fn initial_state_gives_the_first_move_to_the_chosen_seat_and_refuses_a_seat_not_at_the_table() {
    let mut rng = GameRng::new(7, 0);
    fn refused<E: Display>(what: &str, seat: Seat, r: Result<impl Debug, E>) {
        let e = r.expect_err(what);
        let msg = e.to_string();
        assert!(
            msg.contains(&seat.index().to_string()),
            "{what}: {msg:?} names no seat"
        );
    }
    // Draughts: Black, seat 0, moves first (D3), so only seat 0 is accepted.
    let g = lattjo_draughts::Draughts::default();
    let s = g.initial_state(Seat::new(0)).expect("seat 0");
    assert_eq!(g.turn(&s), Turn::Player(Seat::new(0)));
    refused(
        "draughts seat 1",
        Seat::new(1),
        g.initial_state(Seat::new(1)),
    );

    for rules in [
        lattjo_ludo::Rules::lattjo(),
        lattjo_ludo::Rules::classic(),
        lattjo_ludo::Rules::mensch(),
        lattjo_ludo::Rules::lattjo().with_players(3),
    ] {
        let g = lattjo_ludo::Ludo::new(rules).expect("ludo");
        let n = g.num_players();
        for seat in 0..n {
            let seat = Seat::new(seat as u8);
            let s = g.initial_state(seat).expect("a seat");
            assert_eq!(s.position().to_move(), g.colour_of(seat), "ludo {seat}");
            assert_eq!(g.turn(&s), Turn::Chance, "ludo: {seat} rolls first");
        }
        refused(
            "ludo",
            Seat::new(n as u8),
            g.initial_state(Seat::new(n as u8)),
        );
    }

    // Every seat of every preset's table is the first to act after the deal's chance
    // nodes, and the seat after the last is refused.
    macro_rules! each_seat_acts_first {
        ($what:literal, $krate:ident, $game:ident, [$($rules:expr),+ $(,)?]) => {
            for rules in [$($rules),+] {
                let g = $krate::$game::new(rules).expect($what);
                let n = g.num_players();
                for seat in 0..n {
                    let seat = Seat::new(seat as u8);
                    let mut s = g.initial_state(seat).expect("a seat");
                    let t = to_player_node(&g, &mut s, &mut rng);
                    assert_eq!(t, Turn::Player(seat), "{} {rules:?}", $what);
                }
                refused($what, Seat::new(n as u8), g.initial_state(Seat::new(n as u8)));
            }
        };
    }
    each_seat_acts_first!(
        "dominoes",
        lattjo_dominoes,
        Dominoes,
        [
            lattjo_dominoes::Rules::lattjo(),
            lattjo_dominoes::Rules::block().with_players(4),
            lattjo_dominoes::Rules::draw().with_players(3),
            lattjo_dominoes::Rules::all_fives(),
            lattjo_dominoes::Rules::muggins(),
            lattjo_dominoes::Rules::five_up(),
            lattjo_dominoes::Rules::partnership(),
            lattjo_dominoes::Rules::double_nine().with_players(5),
        ]
    );
    each_seat_acts_first!(
        "carrom",
        lattjo_carrom,
        Carrom,
        [
            lattjo_carrom::Rules::lattjo(),
            lattjo_carrom::Rules::icf(),
            lattjo_carrom::Rules::lattjo().with_players(4),
        ]
    );
    each_seat_acts_first!(
        "disc-billiards",
        lattjo_disc_billiards,
        Novuss,
        [
            lattjo_disc_billiards::Rules::lattjo(),
            lattjo_disc_billiards::Rules::lnf(),
            lattjo_disc_billiards::Rules::mini(),
            lattjo_disc_billiards::Rules::lattjo().with_players(4),
        ]
    );
}

/// Plays a random game of at most `plies` plies from the game's start, calling `visit` on
/// every state and every action before it is applied.
pub(crate) fn random_game<G: Game>(
    game: &G,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&G::State, Option<&G::Action>),
) where
    G::Error: Debug,
{
    let mut rng = GameRng::new(seed, 0);
    let mut s = game.new_initial_state();
    let mut buf = Vec::new();
    for _ in 0..plies {
        let a = match game.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng).expect("chance"),
            Turn::Player(_) => match game.sample_action(&s, &mut rng, &mut buf) {
                Some(a) => a,
                None => break,
            },
        };
        visit(&s, Some(&a));
        game.apply(&mut s, &a).expect("a sampled action applies");
    }
    visit(&s, None);
}

/// `parse(display(x)) == x`, with what failed named.
fn round_trips<T>(what: &str, x: &T) -> Result<(), String>
where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Display,
{
    let text = x.to_string();
    match text.parse::<T>() {
        Ok(y) if &y == x => Ok(()),
        Ok(y) => Err(format!("{what}: {text:?} read back as {y:?}, not {x:?}")),
        Err(e) => Err(format!("{what}: {text:?} did not read back: {e}")),
    }
}

/// architecture.md, API conventions, "Text": "A type that a text fully describes
/// implements `Display` and `FromStr` for that text, and `parse(display(x)) == x`: chess
/// and draughts positions as FEN, a backgammon state as its XGID or GNUBG ID, a ludo state
/// as its state string, a dominoes layout in its set, moves and strokes in their notation,
/// and every game's `Action`".
///
/// Checked on every state and action of a few random games per crate, preset by preset
/// (every action of every game; draughts' with flying kings aside, whose long jumps read
/// against their position).
#[test]
fn display_and_from_str_round_trip_on_the_states_and_moves_of_random_games() {
    let mut failures: Vec<String> = Vec::new();
    let mut seen = 0usize;
    let mut note = |r: Result<(), String>| {
        seen += 1;
        if let Err(e) = r
            && failures.len() < 20
        {
            failures.push(e);
        }
    };
    for seed in 0..3 {
        let g = lattjo_chess::Chess::default();
        random_game(&g, seed, 200, |s, a| {
            note(round_trips("chess position", s.position()));
            note(round_trips("chess board", s.position().board()));
            if let Some(a) = a {
                note(round_trips("chess action", a));
            }
            if let Some(lattjo_chess::Action::Move(m)) = a {
                note(round_trips("chess move", m));
            }
        });
        for rules in [
            lattjo_draughts::Rules::wcdf(),
            lattjo_draughts::Rules::wcdf().with_flying_kings(true),
        ] {
            let g = lattjo_draughts::Draughts::new(rules).expect("draughts");
            let flying = rules.king_moves == lattjo_draughts::KingMoves::Flying;
            random_game(&g, seed, 200, |s, a| {
                note(round_trips("draughts position", s.position()));
                // A flying king's long jump does not name what it takes: its text needs the
                // position (docs/draughts.md, "Moves"; `Position::parse_move`).
                if let Some(lattjo_draughts::Action::Move(m)) = a.filter(|_| !flying) {
                    note(round_trips("draughts move", m));
                }
                if let Some(a) = a.filter(|_| !flying) {
                    note(round_trips("draughts action", a));
                }
            });
        }
        for rules in [
            lattjo_backgammon::Rules::lattjo(),
            lattjo_backgammon::Rules::standard(),
        ] {
            let g = lattjo_backgammon::Backgammon::new(rules).expect("backgammon");
            random_game(&g, seed, 300, |s, a| {
                if let Some(a) = a {
                    note(round_trips("backgammon action", a));
                }
                note(round_trips("backgammon position", s.position()));
                // The phases an XGID holds whole (docs/backgammon.md, "A state as text").
                use lattjo_backgammon::Phase;
                let whole = matches!(
                    s.phase(),
                    Phase::BeforeRoll | Phase::Moving | Phase::Doubled
                );
                if whole && !s.resign_refused() {
                    note(round_trips("backgammon state", s));
                }
            });
        }
        for rules in [
            lattjo_ludo::Rules::lattjo(),
            lattjo_ludo::Rules::classic(),
            lattjo_ludo::Rules::mensch(),
        ] {
            let g = lattjo_ludo::Ludo::new(rules).expect("ludo");
            random_game(&g, seed, 300, |s, a| {
                note(round_trips("ludo state", s));
                note(round_trips("ludo position", s.position()));
                if let Some(a) = a {
                    note(round_trips("ludo action", a));
                }
            });
        }
        for rules in [
            lattjo_dominoes::Rules::lattjo(),
            lattjo_dominoes::Rules::all_fives().with_players(4),
            lattjo_dominoes::Rules::double_twelve().with_players(4),
        ] {
            let g = lattjo_dominoes::Dominoes::new(rules).expect("dominoes");
            random_game(&g, seed, 300, |s, a| {
                note(round_trips("dominoes layout", s.layout()));
                if let Some(a) = a {
                    note(round_trips("dominoes action", a));
                }
            });
        }
        let g = lattjo_carrom::Carrom::default();
        random_game(&g, seed, 4, |_, a| {
            if let Some(lattjo_carrom::Action::Strike(_, stroke)) = a {
                note(round_trips("carrom stroke", stroke));
            }
            if let Some(a) = a {
                note(round_trips("carrom action", a));
            }
        });
        let g = lattjo_disc_billiards::Novuss::default();
        random_game(&g, seed, 4, |_, a| {
            if let Some(lattjo_disc_billiards::Action::Strike(_, stroke)) = a {
                note(round_trips("novuss stroke", stroke));
            }
            if let Some(a) = a {
                note(round_trips("novuss action", a));
            }
        });
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(seen > 3_000, "{seen} values");
}

/// A random game of `game` from `seed` as a `Record`, written as text (`seed <n>`, then one
/// action a line), must hold at least `min` actions, read back as the same record and replay
/// to the game's final state.
fn record_text_replays<G: Game>(
    what: &str,
    game: &G,
    seed: u64,
    plies: usize,
    min: usize,
) -> Result<(), String>
where
    G::Action: Display + FromStr + PartialEq + Debug,
    <G::Action as FromStr>::Err: Display,
    G::State: PartialEq + Debug,
    G::Error: Debug,
{
    let mut actions = Vec::new();
    let mut last = None;
    random_game(game, seed, plies, |s, a| match a {
        Some(a) => actions.push(a.clone()),
        None => last = Some(s.clone()),
    });
    if actions.len() < min {
        return Err(format!(
            "{what} seed {seed}: only {} actions",
            actions.len()
        ));
    }
    let record = boardgame_core::Record { seed, actions };
    let text = record.to_string();
    if text.lines().count() != record.actions.len() + 1 {
        return Err(format!(
            "{what} seed {seed}: an action's text is not one line"
        ));
    }
    let back: boardgame_core::Record<G::Action> = text
        .parse()
        .map_err(|e| format!("{what} seed {seed}: the record's text did not read back: {e}"))?;
    if back != record {
        return Err(format!("{what} seed {seed}: the record read back differs"));
    }
    match back.replay(game) {
        Ok(end) if Some(&end) == last.as_ref() => Ok(()),
        Ok(_) => Err(format!("{what} seed {seed}: the replay ends elsewhere")),
        Err(e) => Err(format!("{what} seed {seed}: the replay failed: {e:?}")),
    }
}

/// architecture.md, API conventions, "Text": "every game's `Action` ... so that a game's
/// actions can be written one to a line and read back exactly": a game's `Record` as text
/// (boardgame-core's `Display`/`FromStr` for `Record<A>`) reads back and replays, for every
/// game under each of its named presets and the options that add actions or change their
/// text (chess's decisions and draw claims, draughts' flying kings (V2) and draw claims,
/// backgammon's resignations and beavers and play without the cube). Before draughts' `Action` wrote a flying king's long jump with its captured
/// squares (`1x19 capturing 10`), most flying-kings records did not read back.
#[test]
fn every_games_record_as_text_reads_back_and_replays() {
    let mut failures = Vec::new();
    let mut note = |r: Result<(), String>| {
        if let Err(e) = r {
            failures.push(e);
        }
    };
    // With decisions a random game soon resigns: ten seeds give games of 3 to 69 actions,
    // each ending in `resign`.
    let decisions =
        lattjo_chess::Chess::new(lattjo_chess::Rules::fide().with_decisions(true)).expect("chess");
    for seed in 0..10 {
        note(record_text_replays(
            "chess with decisions",
            &decisions,
            seed,
            300,
            1,
        ));
    }
    use lattjo_draughts::{Draws, Rules as DraughtsRules};
    let draughts = [
        ("draughts wcdf", DraughtsRules::wcdf()),
        ("draughts lattjo", DraughtsRules::lattjo()),
        (
            "draughts wcdf flying kings",
            DraughtsRules::wcdf().with_flying_kings(true),
        ),
        (
            "draughts lattjo flying kings",
            DraughtsRules::lattjo().with_flying_kings(true),
        ),
        (
            "draughts flying kings with claims",
            DraughtsRules::wcdf()
                .with_flying_kings(true)
                .with_draws(Draws::Claim),
        ),
    ];
    let mut long_jumps = 0;
    for seed in 0..3 {
        for (what, rules) in [
            ("chess fide", lattjo_chess::Rules::fide()),
            ("chess lattjo", lattjo_chess::Rules::lattjo()),
            (
                "chess with claimable draws",
                lattjo_chess::Rules::fide().with_claimable_draws(true),
            ),
        ] {
            let g = lattjo_chess::Chess::new(rules).expect("chess");
            note(record_text_replays(what, &g, seed, 300, 4));
        }
        for (what, rules) in draughts {
            let g = lattjo_draughts::Draughts::new(rules).expect("draughts");
            note(record_text_replays(what, &g, seed, 300, 4));
            random_game(&g, seed, 300, |_, a| {
                if a.is_some_and(|a| a.to_string().contains(" capturing ")) {
                    long_jumps += 1;
                }
            });
        }
        // With the cube a random game is soon dropped; without it the plays run to the end.
        for (what, rules) in [
            ("backgammon standard", lattjo_backgammon::Rules::standard()),
            ("backgammon lattjo", lattjo_backgammon::Rules::lattjo()),
            (
                "backgammon lattjo without the cube",
                lattjo_backgammon::Rules::lattjo().with_cube(false),
            ),
            (
                "backgammon with resignations and beavers",
                lattjo_backgammon::Rules::standard()
                    .with_resignations(true)
                    .with_beavers(true)
                    .with_resign_when_doubled(true),
            ),
        ] {
            let g = lattjo_backgammon::Backgammon::new(rules).expect("backgammon");
            note(record_text_replays(what, &g, seed, 400, 2));
        }
        for (what, rules) in [
            ("ludo lattjo", lattjo_ludo::Rules::lattjo()),
            ("ludo classic", lattjo_ludo::Rules::classic()),
            ("ludo mensch", lattjo_ludo::Rules::mensch()),
        ] {
            let g = lattjo_ludo::Ludo::new(rules).expect("ludo");
            note(record_text_replays(what, &g, seed, 400, 4));
        }
        use lattjo_dominoes::Rules as D;
        for (what, rules) in [
            ("dominoes lattjo", D::lattjo()),
            ("dominoes block", D::block()),
            ("dominoes draw", D::draw()),
            ("dominoes all fives", D::all_fives()),
            ("dominoes muggins", D::muggins()),
            ("dominoes five up", D::five_up()),
            ("dominoes partnership", D::partnership()),
            ("dominoes double nine", D::double_nine()),
            ("dominoes double twelve", D::double_twelve()),
        ] {
            let g = lattjo_dominoes::Dominoes::new(rules).expect("dominoes");
            note(record_text_replays(what, &g, seed, 400, 4));
        }
    }
    for seed in 0..2 {
        for (what, rules) in [
            ("carrom lattjo", lattjo_carrom::Rules::lattjo()),
            ("carrom icf", lattjo_carrom::Rules::icf()),
        ] {
            let g = lattjo_carrom::Carrom::new(rules).expect("carrom");
            note(record_text_replays(what, &g, seed, 12, 4));
        }
        for (what, rules) in [
            ("novuss lattjo", lattjo_disc_billiards::Rules::lattjo()),
            ("novuss lnf", lattjo_disc_billiards::Rules::lnf()),
            ("novuss mini", lattjo_disc_billiards::Rules::mini()),
        ] {
            let g = lattjo_disc_billiards::Novuss::new(rules).expect("novuss");
            note(record_text_replays(what, &g, seed, 12, 4));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        long_jumps > 0,
        "no flying king's long jump in the draughts games"
    );
}

/// architecture.md, API conventions, "Pictures": "Each crate has a public `svg` module
/// whose `svg::render(&subject, &Options)` returns a standalone SVG (`Options: Default`)".
#[test]
fn every_crate_renders_its_subject_with_default_options_as_a_standalone_svg() {
    fn standalone(what: &str, svg: &str) {
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{what}: {svg:.80}"
        );
        assert!(
            svg.contains("xmlns=\"http://www.w3.org/2000/svg\""),
            "{what}: no xmlns"
        );
        assert!(svg.trim_end().ends_with("</svg>"), "{what}: not closed");
    }
    let chess = lattjo_chess::Chess::default().new_initial_state();
    let svg = lattjo_chess::svg::render(chess.position(), &lattjo_chess::svg::Options::default());
    standalone("chess", &svg);
    let draughts = lattjo_draughts::Draughts::default().new_initial_state();
    let svg = lattjo_draughts::svg::render(
        draughts.position(),
        &lattjo_draughts::svg::Options::default(),
    );
    standalone("draughts", &svg);
    let bg = lattjo_backgammon::Backgammon::default().new_initial_state();
    let svg = lattjo_backgammon::svg::render(&bg, &lattjo_backgammon::svg::Options::default());
    standalone("backgammon", &svg);
    let ludo = lattjo_ludo::Ludo::default().new_initial_state();
    let svg = lattjo_ludo::svg::render(&ludo, &lattjo_ludo::svg::Options::default());
    standalone("ludo", &svg);
    let dominoes = lattjo_dominoes::Dominoes::default().new_initial_state();
    let svg =
        lattjo_dominoes::svg::render(dominoes.layout(), &lattjo_dominoes::svg::Options::default());
    standalone("dominoes", &svg);
    let carrom = lattjo_carrom::Carrom::default().new_initial_state();
    let svg = lattjo_carrom::svg::render(&carrom, &lattjo_carrom::svg::Options::default());
    standalone("carrom", &svg);
    let novuss = lattjo_disc_billiards::Novuss::default().new_initial_state();
    let svg = lattjo_disc_billiards::svg::render(
        &novuss,
        &lattjo_disc_billiards::svg::Options::default(),
    );
    standalone("disc-billiards", &svg);
}

/// What a message of the workspace's errors must look like: not empty, no capital first
/// letter (a quoted input, a rule id or a notation's own name such as `NAG` or a field
/// name may start it), no trailing period, no line break; the same for every error in its
/// `source()` chain.
fn message_problem(e: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(e) = cur {
        let m = e.to_string();
        let first_word = m.split([' ', ':', ',']).next().unwrap_or("");
        let upper_word = first_word.chars().skip(1).any(|c| c.is_ascii_uppercase())
            || first_word.chars().all(|c| !c.is_ascii_lowercase());
        if m.is_empty() {
            return Some(format!("empty message ({e:?})"));
        }
        if m.starts_with(|c: char| c.is_uppercase()) && !upper_word {
            return Some(format!("{m:?} starts with a capital"));
        }
        if m.ends_with('.') && !m.ends_with("...") {
            return Some(format!("{m:?} ends with a period"));
        }
        if m.contains('\n') {
            return Some(format!("{m:?} has a line break"));
        }
        cur = e.source();
    }
    None
}

/// Parses each of `inputs` as `T`, noting every error whose message breaks the convention,
/// and every bad input the message does not quote (a short input is quoted whole).
fn parse_messages<T: FromStr>(name: &str, inputs: &[&str], failures: &mut Vec<String>)
where
    T::Err: std::error::Error + 'static,
{
    for input in inputs {
        if let Err(e) = input.parse::<T>()
            && let Some(p) = message_problem(&e)
        {
            failures.push(format!("{name} from {input:?}: {p}"));
        }
    }
}

/// architecture.md, API conventions, "Actions and errors": "Errors are one small type per
/// operation (`RulesError`, `PlayError`, `ParseXxxError`, ...), thiserror,
/// `#[non_exhaustive]`, lowercase messages without a trailing period, and name exactly what
/// was wrong."
///
/// Every `FromStr` of the seven game crates fed bad texts of several shapes, every game's
/// constructor fed rules it refuses, and every game's `apply` fed an action it refuses: each
/// message (and each message of its sources) is lowercase, without a trailing period and on
/// one line.
#[test]
fn every_provoked_error_message_is_lowercase_without_a_trailing_period() {
    let inputs = [
        "",
        " ",
        "zz",
        "99",
        "x-y",
        "1x99",
        "[Event \"a\"]\n1. e4 *",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:99",
        "\u{feff}",
        "é",
        "6-6 6-6",
        "a1a9",
        "W:W32:B32",
        "(;GM[1])",
        "roll 7",
        "deal 9-9",
        "seed 1\nseed 2",
        "seed 99999999999999999999",
        "claim draw with",
        "claim draw never",
        "strike 0 x",
        "toss 256",
        "noise NaN 0",
        "call conduct 0 shouting",
    ];
    let mut f = Vec::new();
    use lattjo_backgammon as bg;
    use lattjo_chess as ch;
    use lattjo_disc_billiards as nv;
    use lattjo_dominoes as dm;
    use lattjo_draughts as dr;
    use lattjo_ludo as lu;
    parse_messages::<ch::Position>("chess Position", &inputs, &mut f);
    parse_messages::<ch::Action>("chess Action", &inputs, &mut f);
    parse_messages::<boardgame_core::Record<ch::Action>>("chess Record", &inputs, &mut f);
    parse_messages::<boardgame_core::race::RaceAction>("race RaceAction", &inputs, &mut f);
    parse_messages::<ch::Move>("chess Move", &inputs, &mut f);
    parse_messages::<ch::Square>("chess Square", &inputs, &mut f);
    parse_messages::<ch::UciMove>("chess UciMove", &inputs, &mut f);
    parse_messages::<ch::UciPosition>("chess UciPosition", &inputs, &mut f);
    parse_messages::<ch::pgn::PgnGame>("chess PgnGame", &inputs, &mut f);
    parse_messages::<ch::epd::Epd>("chess Epd", &inputs, &mut f);
    parse_messages::<ch::san::San>("chess San", &inputs, &mut f);
    parse_messages::<ch::san::SanPlus>("chess SanPlus", &inputs, &mut f);
    parse_messages::<dr::Position>("draughts Position", &inputs, &mut f);
    parse_messages::<dr::Action>("draughts Action", &inputs, &mut f);
    parse_messages::<dr::Move>("draughts Move", &inputs, &mut f);
    parse_messages::<dr::Square>("draughts Square", &inputs, &mut f);
    parse_messages::<dr::PdnGame>("draughts PdnGame", &inputs, &mut f);
    parse_messages::<dr::GameResult>("draughts GameResult", &inputs, &mut f);
    parse_messages::<bg::State>("backgammon State", &inputs, &mut f);
    parse_messages::<bg::Xgid>("backgammon Xgid", &inputs, &mut f);
    parse_messages::<bg::GnubgId>("backgammon GnubgId", &inputs, &mut f);
    parse_messages::<bg::MatchId>("backgammon MatchId", &inputs, &mut f);
    parse_messages::<bg::fibs::FibsBoard>("backgammon FibsBoard", &inputs, &mut f);
    parse_messages::<bg::mat::MatFile>("backgammon MatFile", &inputs, &mut f);
    parse_messages::<bg::sgf::SgfFile>("backgammon SgfFile", &inputs, &mut f);
    parse_messages::<lu::State>("ludo State", &inputs, &mut f);
    parse_messages::<lu::Position>("ludo Position", &inputs, &mut f);
    parse_messages::<lu::Action>("ludo Action", &inputs, &mut f);
    parse_messages::<lu::Move>("ludo Move", &inputs, &mut f);
    parse_messages::<lu::Colour>("ludo Colour", &inputs, &mut f);
    parse_messages::<lu::Die>("ludo Die", &inputs, &mut f);
    parse_messages::<lu::Seats>("ludo Seats", &inputs, &mut f);
    parse_messages::<dm::Action>("dominoes Action", &inputs, &mut f);
    parse_messages::<dm::Layout>("dominoes Layout", &inputs, &mut f);
    parse_messages::<dm::Tile>("dominoes Tile", &inputs, &mut f);
    parse_messages::<dm::Tiles>("dominoes Tiles", &inputs, &mut f);
    parse_messages::<dm::RoundRecord>("dominoes RoundRecord", &inputs, &mut f);
    parse_messages::<lattjo_carrom::Action>("carrom Action", &inputs, &mut f);
    parse_messages::<lattjo_carrom::Stroke>("carrom Stroke", &inputs, &mut f);
    parse_messages::<nv::Stroke>("novuss Stroke", &inputs, &mut f);
    parse_messages::<nv::Action>("novuss Action", &inputs, &mut f);
    parse_messages::<nv::Side>("novuss Side", &inputs, &mut f);
    parse_messages::<nv::Compass>("novuss Compass", &inputs, &mut f);
    parse_messages::<nv::DiscId>("novuss DiscId", &inputs, &mut f);
    parse_messages::<nv::Conduct>("novuss Conduct", &inputs, &mut f);
    parse_messages::<nv::Foul>("novuss Foul", &inputs, &mut f);
    parse_messages::<Seat>("core Seat", &inputs, &mut f);
    parse_messages::<boardgame_core::Shape>("core Shape", &inputs, &mut f);
    parse_messages::<bg::Side>("backgammon Side", &inputs, &mut f);
    parse_messages::<bg::Position>("backgammon Position", &inputs, &mut f);
    parse_messages::<dm::Side>("dominoes Side", &inputs, &mut f);
    parse_messages::<ch::pgn::commands::MarkColor>("chess MarkColor", &inputs, &mut f);
    parse_messages::<ch::pgn::commands::Score>("chess Score", &inputs, &mut f);
    parse_messages::<ch::Board>("chess Board", &inputs, &mut f);

    let mut refused = |what: &str, e: &(dyn std::error::Error + 'static)| {
        if let Some(p) = message_problem(e) {
            f.push(format!("{what}: {p}"));
        }
    };
    // Rules each constructor refuses.
    if let Err(e) = ch::Chess::new(
        ch::Rules::fide()
            .with_claimable_draws(false)
            .with_auto_claim(true),
    ) {
        refused("chess rules", &e);
    }
    for r in [
        dr::Rules::wcdf().with_repetitions(0),
        dr::Rules::wcdf().with_quiet_moves(0),
    ] {
        refused(
            "draughts rules",
            &dr::Draughts::new(r).expect_err("refused"),
        );
    }
    for r in [
        bg::Rules::lattjo().with_cube(false).with_beavers(true),
        bg::Rules::lattjo().with_max_cube_log2(Some(13)),
    ] {
        refused(
            "backgammon rules",
            &bg::Backgammon::new(r).expect_err("refused"),
        );
    }
    for r in [
        lu::Rules::lattjo().with_players(5),
        lu::Rules::lattjo().with_max_sixes(Some(0)),
    ] {
        refused("ludo rules", &lu::Ludo::new(r).expect_err("refused"));
    }
    for r in [
        dm::Rules::lattjo().with_players(9),
        dm::Rules::lattjo().with_highest(13),
        dm::Rules::lattjo().with_partnerships(true).with_players(3),
    ] {
        refused(
            "dominoes rules",
            &dm::Dominoes::new(r).expect_err("refused"),
        );
    }
    for r in [
        lattjo_carrom::Rules::lattjo().with_players(3),
        lattjo_carrom::Rules::lattjo().with_break_attempts(0),
    ] {
        refused(
            "carrom rules",
            &lattjo_carrom::Carrom::new(r).expect_err("refused"),
        );
    }
    for r in [
        nv::Rules::lattjo().with_players(3),
        nv::Rules::lattjo().with_discs_per_player(3),
        nv::Rules::lattjo().with_sets_to_win(0),
    ] {
        refused("novuss rules", &nv::Novuss::new(r).expect_err("refused"));
    }
    // Actions each game refuses at its start.
    fn refuse_all<G: Game>(what: &str, g: &G, bad: &[G::Action], out: &mut Vec<String>)
    where
        G::Error: 'static,
    {
        let s = g.new_initial_state();
        for a in bad {
            let mut t = s.clone();
            if let Err(e) = g.apply(&mut t, a)
                && let Some(p) = message_problem(&e)
            {
                out.push(format!("{what} {a:?}: {p}"));
            }
        }
    }
    refuse_all(
        "chess",
        &ch::Chess::default(),
        &[
            ch::Action::Move("e2e5".parse().expect("a move")),
            ch::Action::Resign,
            ch::Action::ClaimDraw,
        ],
        &mut f,
    );
    refuse_all(
        "draughts",
        &dr::Draughts::default(),
        &[dr::Action::Move("9-14".parse().expect("a move"))],
        &mut f,
    );
    refuse_all(
        "backgammon",
        &bg::Backgammon::default(),
        &[bg::Action::Double, bg::Action::Roll],
        &mut f,
    );
    refuse_all(
        "ludo",
        &lu::Ludo::default(),
        &[
            "R:0>6".parse().expect("a move"),
            "roll 6".parse().expect("a roll"),
        ],
        &mut f,
    );
    refuse_all(
        "dominoes",
        &dm::Dominoes::default(),
        &[
            dm::Action::Draw,
            dm::Action::Pass,
            dm::Action::Open("6-6".parse().expect("a tile")),
        ],
        &mut f,
    );
    refuse_all(
        "carrom",
        &lattjo_carrom::Carrom::default(),
        &[
            lattjo_carrom::Action::Pass(Seat::new(1)),
            lattjo_carrom::Action::Toss(Seat::new(0)),
        ],
        &mut f,
    );
    refuse_all(
        "novuss",
        &nv::Novuss::default(),
        &[nv::Action::Strike(
            Seat::new(1),
            "0,0.09 0,1 3".parse().expect("a stroke"),
        )],
        &mut f,
    );
    assert!(f.is_empty(), "{f:#?}");
}

/// architecture.md, API conventions, "One dependency line is enough": "Every game crate
/// re-exports the crate it builds on (`pub use boardgame_core;`, and `pub use disc_physics;`
/// in carrom and disc-billiards) and, at its root, every item of theirs that its own public
/// signatures use (`Game`, `GameRng`, `Seat`, `Turn`, `Returns`, `BySeat`, `Match`, ...,
/// `Vec2`, `World`, ...)."
///
/// Every trait each game implements (`Game`, the learning traits, `Rounds`,
/// `ImperfectInfo`) and the types in their signatures, named through the game crate alone
/// (a compile error if one is missing).
#[test]
fn every_game_crate_re_exports_what_its_signatures_use() {
    #[allow(unused_imports)]
    mod names {
        use lattjo_backgammon::boardgame_core as _;
        use lattjo_backgammon::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Match as _, MatchConfig as _, MatchState as _, Observe as _, ResumeError as _,
            Returns as _, RoundContext as _, RoundState as _, Rounds as _, Seat as _, Shape as _,
            Turn as _,
        };
        use lattjo_carrom::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Match as _, MatchConfig as _, MatchState as _, Observe as _, ParametricActions as _,
            Params as _, ResumeError as _, Returns as _, RoundContext as _, RoundState as _,
            Rounds as _, Seat as _, Shape as _, StepConfig as _, Trajectory as _, Turn as _,
            Vec2 as _, World as _,
        };
        use lattjo_carrom::{boardgame_core as _, disc_physics as _};
        use lattjo_chess::boardgame_core as _;
        use lattjo_chess::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Observe as _, Returns as _, Seat as _, Shape as _, Turn as _,
        };
        use lattjo_disc_billiards::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Match as _, MatchConfig as _, MatchState as _, Observe as _, ParametricActions as _,
            Params as _, ResumeError as _, Returns as _, RoundContext as _, RoundState as _,
            Rounds as _, Seat as _, Shape as _, StepConfig as _, Trajectory as _, Turn as _,
            Vec2 as _, World as _,
        };
        use lattjo_disc_billiards::{boardgame_core as _, disc_physics as _};
        use lattjo_dominoes::boardgame_core as _;
        use lattjo_dominoes::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, ImperfectInfo as _,
            IndexedActions as _, Match as _, MatchConfig as _, MatchState as _, Observe as _,
            ResumeError as _, Returns as _, RoundContext as _, RoundState as _, Rounds as _,
            Seat as _, Shape as _, Turn as _,
        };
        use lattjo_draughts::boardgame_core as _;
        use lattjo_draughts::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Observe as _, Returns as _, Seat as _, Shape as _, Turn as _,
        };
        use lattjo_ludo::boardgame_core as _;
        use lattjo_ludo::{
            BufferSizeError as _, BySeat as _, Game as _, GameRng as _, IndexedActions as _,
            Observe as _, Returns as _, Seat as _, Shape as _, Turn as _,
        };
    }
}

/// architecture.md, API conventions, "States and positions": "`Game::State` is a type named
/// `State` in every crate", "`Position` ... reached by `state.position()`", "Every `State`
/// is `Clone`, `PartialEq`, `Debug`", "A state that carries its rules (dominoes, ludo,
/// carrom, disc-billiards, chess, draughts) says so by `state.rules()`", and "Every game has
/// a public `check_state` ... (`PlayError::OtherRules` in chess, draughts, ludo, carrom and
/// disc-billiards ...; dominoes' checks the whole state and returns its `StateError`;
/// backgammon's returns `OtherRulesError`)"; "Actions and errors": "Every game's action
/// type is `Action`; `apply`'s error is `PlayError`."
///
/// The types and signatures, checked by the compiler; the state's rules are its game's.
#[test]
fn states_positions_rules_and_check_state_have_the_named_types() {
    fn state<S: Clone + PartialEq + Debug>() {}
    macro_rules! check {
        ($k:ident, $game:ident, $check_err:ty) => {{
            state::<$k::State>();
            let _: fn(&$k::$game, &$k::State) -> Result<(), $check_err> = $k::$game::check_state;
            let game = $k::$game::default();
            let s: <$k::$game as Game>::State = game.new_initial_state();
            let _: $k::State = s.clone();
            let _: Option<<$k::$game as Game>::Action> = None::<$k::Action>;
            let _: Option<<$k::$game as Game>::Error> = None::<$k::PlayError>;
            assert_eq!(game.check_state(&s), Ok(()));
            s
        }};
    }
    let s = check!(lattjo_chess, Chess, lattjo_chess::PlayError);
    let _: &lattjo_chess::Position = s.position();
    assert_eq!(s.rules(), lattjo_chess::Chess::default().rules());
    let s = check!(lattjo_draughts, Draughts, lattjo_draughts::PlayError);
    let _: &lattjo_draughts::Position = s.position();
    assert_eq!(s.rules(), lattjo_draughts::Draughts::default().rules());
    let s = check!(
        lattjo_backgammon,
        Backgammon,
        lattjo_backgammon::OtherRulesError
    );
    let _: &lattjo_backgammon::Position = s.position();
    let s = check!(lattjo_ludo, Ludo, lattjo_ludo::PlayError);
    let _: &lattjo_ludo::Position = s.position();
    assert_eq!(s.rules(), lattjo_ludo::Ludo::default().rules());
    let s = check!(lattjo_dominoes, Dominoes, lattjo_dominoes::StateError);
    assert_eq!(s.rules(), lattjo_dominoes::Dominoes::default().rules());
    let s = check!(lattjo_carrom, Carrom, lattjo_carrom::PlayError);
    assert_eq!(s.rules(), lattjo_carrom::Carrom::default().rules());
    let s = check!(
        lattjo_disc_billiards,
        Novuss,
        lattjo_disc_billiards::PlayError
    );
    assert_eq!(s.rules(), lattjo_disc_billiards::Novuss::default().rules());
}

/// architecture.md, API conventions, "Strokes (carrom, disc-billiards)": "The same
/// vocabulary in both: `Stroke` (same field names, same frame, same units: metres and m/s),
/// `<game>.strike(&mut state, &stroke)` plays one and returns what happened,
/// `<game>.simulate(&state, &stroke)` does so without changing the state,
/// `<game>.trace(&state, &stroke) -> StrokeTrace` records the paths, `Planner` with
/// `PlannerConfig` is the shot-choosing `Agent`."
///
/// The same calls written for both games; `simulate` leaves the state as it was and `strike`
/// then changes it.
#[test]
fn both_stroke_games_share_the_stroke_vocabulary() {
    fn planner_is_an_agent<G: Game, A: boardgame_core::Agent<G>>() {}
    macro_rules! check {
        ($k:ident, $game:ident) => {{
            planner_is_an_agent::<$k::$game, $k::Planner>();
            let _ = $k::Planner::new($k::PlannerConfig::default());
            let game = $k::$game::default();
            let mut s = game.new_initial_state();
            let mut rng = GameRng::new(5, 0);
            let mut buf = Vec::new();
            to_player_node(&game, &mut s, &mut rng);
            let stroke: $k::Stroke = match game.sample_action(&s, &mut rng, &mut buf) {
                Some($k::Action::Strike(_, st)) => st,
                _ => panic!("{}: a stroke first", stringify!($k)),
            };
            let $k::Stroke {
                place,
                direction,
                speed,
                ..
            } = stroke;
            let _: (lattjo_carrom::Vec2, lattjo_carrom::Vec2, f64) = (place, direction, speed);
            let before = s.clone();
            game.simulate(&s, &stroke).expect("simulate");
            let trace: $k::svg::StrokeTrace = game.trace(&s, &stroke).expect("trace");
            let _ = $k::svg::render(&trace, &$k::svg::Options::default());
            assert!(
                s == before,
                "{}: simulate or trace changed the state",
                stringify!($k)
            );
            game.strike(&mut s, &stroke).expect("strike");
            assert!(s != before, "{}: strike changed nothing", stringify!($k));
        }};
    }
    check!(lattjo_carrom, Carrom);
    check!(lattjo_disc_billiards, Novuss);
}

/// Plays random games under `a` and hands every state `b` refuses (by `refuses`) to
/// [`assert_foreign_refused`]. Returns how many were refused.
fn foreign_states_of<G: Game>(
    what: &str,
    a: &G,
    b: &G,
    refuses: impl Fn(&G::State) -> bool,
    other_rules: impl Fn(&G::Error) -> bool,
    games: u64,
) -> usize
where
    G::State: PartialEq,
    G::Error: Debug,
{
    let mut refused = 0;
    for seed in 0..games {
        let mut rng = GameRng::new(seed, 1);
        let mut s = a.new_initial_state();
        let mut buf = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..400 {
            let action = match a.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => a.sample_chance(&s, &mut rng),
                Turn::Player(_) => a.sample_action(&s, &mut rng, &mut buf),
            };
            let Some(action) = action else { break };
            if refuses(&s) {
                refused += 1;
                b.legal_actions(&s, &mut buf);
                assert!(
                    buf.is_empty(),
                    "{what}: legal actions listed on a foreign state"
                );
                outcomes.clear();
                b.chance_outcomes(&s, &mut outcomes);
                assert!(
                    outcomes.is_empty(),
                    "{what}: chance outcomes on a foreign state"
                );
                assert!(
                    b.sample_action(&s, &mut rng, &mut buf).is_none(),
                    "{what}: sampled"
                );
                let mut t = s.clone();
                let e = b
                    .apply(&mut t, &action)
                    .expect_err("a foreign state refused");
                assert!(other_rules(&e), "{what}: {e:?} is not OtherRules");
                assert!(t == s, "{what}: the refused state changed");
            }
            a.apply(&mut s, &action).expect("a sampled action applies");
        }
    }
    refused
}

/// architecture.md, API conventions, "States and positions": "a game refuses a state of
/// other rules with `PlayError::OtherRules` before anything else, the state unchanged",
/// "`Backgammon::check_state` refuses what the game's rules cannot reach ..., and `apply`
/// returns that as `PlayError::OtherRules(reason)`", and "On such a state every game lists
/// nothing (`legal_actions`, `chance_outcomes`, `sample_action`)".
///
/// Stated directly for the three crates whose own `tests/foreign.rs` checks this only
/// through the core's `check_foreign_states` (which requires that what is listed be
/// accepted, not that nothing be listed): draughts, dominoes and backgammon.
#[test]
fn draughts_dominoes_and_backgammon_list_nothing_on_a_state_of_other_rules() {
    let draughts: Vec<lattjo_draughts::Draughts> = [
        lattjo_draughts::Rules::wcdf(),
        lattjo_draughts::Rules::lattjo(),
        lattjo_draughts::Rules::wcdf().with_flying_kings(true),
        lattjo_draughts::Rules::wcdf().with_quiet_moves(5),
    ]
    .into_iter()
    .map(|r| lattjo_draughts::Draughts::new(r).expect("draughts"))
    .collect();
    for (i, a) in draughts.iter().enumerate() {
        let b = &draughts[(i + 1) % draughts.len()];
        let n = foreign_states_of(
            "draughts",
            a,
            b,
            |s| b.check_state(s).is_err(),
            |e| matches!(e, lattjo_draughts::PlayError::OtherRules),
            3,
        );
        assert!(n > 50, "draughts: {n} foreign states");
    }
    let dominoes: Vec<lattjo_dominoes::Dominoes> = [
        lattjo_dominoes::Rules::lattjo(),
        lattjo_dominoes::Rules::block(),
        lattjo_dominoes::Rules::all_fives(),
    ]
    .into_iter()
    .map(|r| lattjo_dominoes::Dominoes::new(r).expect("dominoes"))
    .collect();
    for (i, a) in dominoes.iter().enumerate() {
        let b = &dominoes[(i + 1) % dominoes.len()];
        let n = foreign_states_of(
            "dominoes",
            a,
            b,
            |s| b.check_state(s).is_err(),
            |e| matches!(e, lattjo_dominoes::PlayError::OtherRules),
            3,
        );
        assert!(n > 20, "dominoes: {n} foreign states");
    }
    use lattjo_backgammon::{Backgammon, PlayError, Rules};
    let pairs = [
        (Rules::standard().with_beavers(true), Rules::standard()),
        (Rules::lattjo(), Rules::lattjo().with_cube(false)),
        (Rules::lattjo(), Rules::lattjo().with_max_cube_log2(Some(1))),
    ];
    for (ra, rb) in pairs {
        let a = Backgammon::new(ra).expect("backgammon");
        let b = Backgammon::new(rb).expect("backgammon");
        let n = foreign_states_of(
            "backgammon",
            &a,
            &b,
            |s| b.check_state(s).is_err(),
            |e| matches!(e, PlayError::OtherRules(_)),
            20,
        );
        assert!(n > 0, "backgammon {rb:?}: no foreign state");
    }
}

/// `text` in the encodings other tools write: UTF-8 as it is and with a byte-order mark,
/// Windows-1252 (only `é` and `€` beyond ASCII here), and UTF-16 in both byte orders with a
/// byte-order mark and without one.
fn encodings(text: &str) -> Vec<(&'static str, Vec<u8>)> {
    let cp1252: Vec<u8> = text
        .chars()
        .map(|c| match c {
            'é' => 0xE9,
            '€' => 0x80,
            c if c.is_ascii() => c as u8,
            c => panic!("{c} is not in this test's Windows-1252 table"),
        })
        .collect();
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    vec![
        ("utf-8", text.as_bytes().to_vec()),
        (
            "utf-8 with a mark",
            [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat(),
        ),
        ("windows-1252", cp1252),
        ("utf-16le with a mark", [&[0xFF, 0xFE][..], &le].concat()),
        ("utf-16be with a mark", [&[0xFE, 0xFF][..], &be].concat()),
        ("utf-16le without a mark", le),
        ("utf-16be without a mark", be),
    ]
}

/// architecture.md, API conventions, "Text": "Readers of game files take any
/// `std::io::BufRead` and yield one game at a time. They read the bytes other tools write: a
/// UTF-8 byte-order mark is skipped, and a tag value or comment that is not UTF-8 is read
/// as Windows-1252 ..., so no letter is lost or replaced; ... A file in UTF-16, which starts
/// with its byte-order mark ..., or which has no mark but starts with two characters from
/// U+0001 to U+00FF ..., is read as its text (`boardgame_core::text::Utf16AsUtf8` under the
/// streaming readers, `text::decode_file` for the parsers that take a whole file as a
/// `str`, such as backgammon's `.mat` and SGF)."
///
/// Every reader (PGN, PDN, `.mat`, SGF) on the same game in all seven encodings: the names
/// and comments keep their letters.
#[test]
fn every_game_file_reader_reads_every_encoding_other_tools_write() {
    use boardgame_core::text::decode_file;
    let name = "José €";
    let pgn = format!("[Event \"x\"]\n[White \"{name}\"]\n\n1. e4 {{café}} e5 *\n");
    for (enc, bytes) in encodings(&pgn) {
        let games: Vec<_> = lattjo_chess::pgn::PgnReader::new(&bytes[..]).collect();
        assert_eq!(games.len(), 1, "pgn, {enc}");
        let g = games[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("pgn, {enc}: {e}"));
        assert_eq!(g.tag("White"), Some(name), "pgn, {enc}");
        assert_eq!(
            g.comments.first().map(|c| c.1.trim()),
            Some("café"),
            "pgn, {enc}"
        );
    }
    let pdn = format!("[Event \"x\"]\n[White \"{name}\"]\n1. 11-15 {{café}} 23-19 *\n");
    for (enc, bytes) in encodings(&pdn) {
        let games: Vec<_> = lattjo_draughts::PdnReader::new(&bytes[..]).collect();
        assert_eq!(games.len(), 1, "pdn, {enc}");
        let g = games[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("pdn, {enc}: {e}"));
        assert_eq!(g.tag("White"), Some(name), "pdn, {enc}");
        assert_eq!(
            g.comments().first().map(|c| c.1.trim()),
            Some("café"),
            "pdn, {enc}"
        );
    }
    let mat = " 0 point match\n\n Game 1\n José : 0   b : 0\n  1) 52: 13/8 13/11\n";
    for (enc, bytes) in encodings(mat) {
        let text = decode_file(&bytes);
        let f = lattjo_backgammon::mat::MatFile::parse(&text)
            .unwrap_or_else(|e| panic!(".mat, {enc}: {e}"));
        let players = &f.games[0].players;
        assert!(
            players.iter().any(|p| p == "José"),
            ".mat, {enc}: {players:?}"
        );
    }
    let sgf = format!("(;GM[6]FF[4]PW[{name}]PB[b]MI[length:0][game:1];W[52mhmk])");
    for (enc, bytes) in encodings(&sgf) {
        let text = decode_file(&bytes);
        let f = lattjo_backgammon::sgf::SgfFile::parse(&text)
            .unwrap_or_else(|e| panic!("sgf, {enc}: {e}"));
        assert!(
            f.games[0].players.iter().any(|p| p == name),
            "sgf, {enc}: {:?}",
            f.games[0].players
        );
    }
}

/// architecture.md, API conventions, "Text": `parse(display(x)) == x` "for that text", here
/// for the game records and identifiers built from random games: a chess game as PGN, a
/// draughts game as PDN, a backgammon state's XGID, GNUBG ID and Match ID.
#[test]
fn game_records_and_ids_of_random_games_read_back_as_themselves() {
    let mut failures = Vec::new();
    for seed in 0..6 {
        let g = lattjo_chess::Chess::default();
        let mut moves = Vec::new();
        random_game(&g, seed, 300, |_, a| {
            if let Some(lattjo_chess::Action::Move(m)) = a {
                moves.push(*m);
            }
        });
        let pgn = lattjo_chess::pgn::PgnGame::new(
            &[("White", "a"), ("Black", "b")],
            lattjo_chess::Position::new(),
            moves,
            lattjo_chess::GameResult::Unknown,
        );
        if let Err(e) = round_trips("pgn game", &pgn) {
            failures.push(e);
        }
        let g = lattjo_draughts::Draughts::default();
        let start = g.new_initial_state().position().to_owned();
        let mut pdn = lattjo_draughts::PdnGame::new(start, lattjo_draughts::KingMoves::Short);
        random_game(&g, seed, 300, |_, a| {
            if let Some(lattjo_draughts::Action::Move(m)) = a {
                pdn.push_move(*m).expect("a legal move");
            }
        });
        if let Err(e) = round_trips("pdn game", &pdn) {
            failures.push(e);
        }
        let g = lattjo_backgammon::Backgammon::new(lattjo_backgammon::Rules::standard())
            .expect("backgammon");
        random_game(&g, seed, 300, |s, _| {
            let x = g.xgid(s);
            let id = s.to_gnubg_id();
            for r in [
                round_trips("xgid", &x),
                round_trips("gnubg id", &id),
                round_trips("match id", id.match_id()),
            ] {
                if let Err(e) = r
                    && failures.len() < 20
                {
                    failures.push(e);
                }
            }
        });
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// architecture.md, API conventions, "States and positions": "A state that carries its
/// rules (dominoes, ludo, carrom, disc-billiards, chess, draughts) says so by
/// `state.rules()`, so a state read back tells which game plays it on".
///
/// A state of non-default rules, read back from JSON, is played by the game its own
/// `rules()` builds, and refused by the default game.
#[test]
fn a_state_read_back_names_the_game_that_plays_it() {
    fn check<G: Game>(
        what: &str,
        game: &G,
        default: &G,
        rebuild: impl Fn(&G::State) -> G,
        check_state: impl Fn(&G, &G::State) -> bool,
        plies: usize,
    ) where
        G::State: serde::Serialize + serde::de::DeserializeOwned,
        G::Error: Debug,
    {
        random_game(game, 3, plies, |s, _| {
            let back: G::State =
                serde_json::from_str(&serde_json::to_string(s).expect("json")).expect("read");
            assert!(
                check_state(&rebuild(&back), &back),
                "{what}: its own rules refuse it"
            );
            assert!(
                !check_state(default, &back),
                "{what}: the default game takes it"
            );
        });
    }
    let g = lattjo_chess::Chess::new(lattjo_chess::Rules::lattjo()).expect("chess");
    let d = lattjo_chess::Chess::default();
    check(
        "chess",
        &g,
        &d,
        |s| lattjo_chess::Chess::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        40,
    );
    let g = lattjo_draughts::Draughts::new(lattjo_draughts::Rules::lattjo()).expect("draughts");
    let d = lattjo_draughts::Draughts::default();
    check(
        "draughts",
        &g,
        &d,
        |s| lattjo_draughts::Draughts::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        40,
    );
    let g = lattjo_ludo::Ludo::new(lattjo_ludo::Rules::mensch()).expect("ludo");
    let d = lattjo_ludo::Ludo::default();
    check(
        "ludo",
        &g,
        &d,
        |s| lattjo_ludo::Ludo::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        40,
    );
    let g = lattjo_dominoes::Dominoes::new(lattjo_dominoes::Rules::all_fives()).expect("dom");
    let d = lattjo_dominoes::Dominoes::default();
    check(
        "dominoes",
        &g,
        &d,
        |s| lattjo_dominoes::Dominoes::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        40,
    );
    let g = lattjo_carrom::Carrom::new(lattjo_carrom::Rules::icf()).expect("carrom");
    let d = lattjo_carrom::Carrom::default();
    check(
        "carrom",
        &g,
        &d,
        |s| lattjo_carrom::Carrom::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        3,
    );
    let g = lattjo_disc_billiards::Novuss::new(lattjo_disc_billiards::Rules::lnf()).expect("nv");
    let d = lattjo_disc_billiards::Novuss::default();
    check(
        "disc-billiards",
        &g,
        &d,
        |s| lattjo_disc_billiards::Novuss::new(*s.rules()).expect("rules"),
        |g, s| g.check_state(s).is_ok(),
        3,
    );
}

/// architecture.md, API conventions, "Rules: presets plus options": "public fields, each
/// documented with its unit or range and what each preset sets".
///
/// A scan of each `Rules` field's doc comment for the presets: it names one (by body, as
/// `ICF`, `LNF`, `Block`, or as the default or the booklet), or says what every preset or
/// both presets set.
#[test]
fn every_rules_field_doc_says_what_the_presets_set() {
    const MARKS: [&str; 19] = [
        "preset",
        "Default",
        "default",
        "Booklet",
        "booklet",
        "Lattjo",
        "LNF",
        "ICF",
        "FIDE",
        "WCDF",
        "Standard",
        "Classic",
        "Mensch",
        "Five-Up",
        "All Fives",
        "Muggins",
        "Block",
        "mini-novuss",
        "partnership",
    ];
    let mut failures = Vec::new();
    for game in GAMES {
        let src = src_of(game);
        let at = src.find("\npub struct Rules {\n").expect("a Rules struct");
        let body = &src[at..at + src[at..].find("\n}").expect("its end")];
        let mut doc = String::new();
        for line in body.lines().skip(2) {
            let t = line.trim();
            if let Some(d) = t.strip_prefix("///") {
                doc.push_str(d);
            } else if let Some(field) = t.strip_prefix("pub ") {
                if !MARKS.iter().any(|m| doc.contains(m)) {
                    failures.push(format!("{game}: {field} | {doc}"));
                }
                doc.clear();
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// architecture.md, API conventions, "Text": `parse(display(x)) == x`, here for every
/// value of the small types with `Display` and `FromStr`: seats and shapes, squares, booklet
/// labels, sides, colours, dice, seatings, tiles, ends, results, the PGN comment's mark
/// colours and scores, and Novuss's sides, compass points, discs, conduct calls and fouls.
#[test]
fn every_value_of_the_small_text_types_reads_back_as_itself() {
    let mut failures = Vec::new();
    let mut note = |r: Result<(), String>| {
        if let Err(e) = r {
            failures.push(e);
        }
    };
    for sq in lattjo_chess::Square::ALL {
        note(round_trips("chess square", &sq));
    }
    for sq in lattjo_draughts::Square::all() {
        note(round_trips("draughts square", &sq));
    }
    for r in [
        lattjo_draughts::GameResult::WhiteWins,
        lattjo_draughts::GameResult::BlackWins,
        lattjo_draughts::GameResult::Draw,
        lattjo_draughts::GameResult::Unfinished,
        lattjo_draughts::GameResult::DoubleForfeit,
    ] {
        note(round_trips("draughts result", &r));
    }
    for n in 1..=12 {
        for a in [false, true] {
            let label = lattjo_backgammon::Label::new(n, a).expect("a label");
            note(round_trips("backgammon label", &label));
        }
    }
    for c in lattjo_ludo::Colour::ALL {
        note(round_trips("ludo colour", &c));
    }
    for d in lattjo_ludo::Die::ALL {
        note(round_trips("ludo die", &d));
    }
    for n in 2..=4 {
        let seats = lattjo_ludo::Seats::for_players(n).expect("seats");
        note(round_trips("ludo seats", &seats));
    }
    let mut hand = lattjo_dominoes::Tiles::default();
    for a in 0..=12 {
        for b in a..=12 {
            let t = lattjo_dominoes::Tile::new(a, b).expect("a tile");
            note(round_trips("dominoes tile", &t));
            hand = hand.union(lattjo_dominoes::Tiles::from_iter([t]));
            if a == b {
                for side in [lattjo_dominoes::Side::Up, lattjo_dominoes::Side::Down] {
                    note(round_trips(
                        "dominoes end",
                        &lattjo_dominoes::End::Side(t, side),
                    ));
                }
            }
        }
    }
    note(round_trips("dominoes tiles", &hand));
    for e in lattjo_dominoes::End::ALL {
        note(round_trips("dominoes end", &e));
    }
    for side in lattjo_dominoes::Side::BOTH {
        note(round_trips("dominoes side", &side));
    }
    for i in 0..=u8::MAX {
        note(round_trips("seat", &Seat::new(i)));
        note(round_trips(
            "novuss disc",
            &lattjo_disc_billiards::DiscId(i),
        ));
    }
    for dims in [&[1][..], &[20, 8, 8], &[2, 3, 4, 5], &[usize::MAX]] {
        let shape = boardgame_core::Shape::new(dims).expect("a shape");
        note(round_trips("shape", &shape));
    }
    for side in lattjo_backgammon::Side::ALL {
        note(round_trips("backgammon side", &side));
    }
    use lattjo_chess::pgn::commands::{MarkColor, Score};
    for c in MarkColor::ALL {
        note(round_trips("chess mark colour", &c));
    }
    for n in [i32::MIN, -101, -1, 0, 7, 100, i32::MAX] {
        note(round_trips("chess score", &Score::Centipawns(n)));
        note(round_trips("chess score", &Score::Mate(n)));
    }
    use lattjo_disc_billiards::{Compass, Conduct, Foul};
    for side in lattjo_disc_billiards::Side::BOTH {
        note(round_trips("novuss side", &side));
    }
    for c in Compass::ALL {
        note(round_trips("novuss compass", &c));
    }
    for c in Conduct::ALL {
        note(round_trips("novuss conduct", &c));
    }
    // Every foul: the match below stops compiling when a foul is added and not listed.
    let listed = |f: Foul| match f {
        Foul::PuckLost
        | Foul::NoOwnDisc
        | Foul::OpponentFirst
        | Foul::DarkDisc
        | Foul::OpponentOffTable
        | Foul::OwnOffTable
        | Foul::Technique
        | Foul::ZoneContact
        | Foul::DarkOnlyShort
        | Foul::BlindZone
        | Foul::DarkKnockedIn => f,
    };
    for foul in [
        Foul::PuckLost,
        Foul::NoOwnDisc,
        Foul::OpponentFirst,
        Foul::DarkDisc,
        Foul::OpponentOffTable,
        Foul::OwnOffTable,
        Foul::Technique,
        Foul::ZoneContact,
        Foul::DarkOnlyShort,
        Foul::BlindZone,
        Foul::DarkKnockedIn,
    ]
    .map(listed)
    {
        note(round_trips("novuss foul", &foul));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Parses each of `inputs` as `T` under `catch_unwind`, naming any input that panics.
fn no_panic<T: FromStr>(name: &str, inputs: &[String], failures: &mut Vec<String>) {
    for input in inputs {
        if std::panic::catch_unwind(|| input.parse::<T>().is_ok()).is_err() && failures.len() < 20 {
            failures.push(format!("{name} panicked on {input:?}"));
        }
    }
}

/// architecture.md, API conventions, "Hostile input": "What one input can cost is bounded,
/// and a bound that is reached is a typed error that names it, never a panic, an abort or a
/// hang".
///
/// Every `FromStr` of the seven game crates fed 3,000 short random texts over the
/// characters their notations use (and a few others): an error or a value, never a panic.
#[test]
fn every_from_str_answers_random_short_texts_without_a_panic() {
    const CHARS: &[char] = &[
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', 'x', ':', '/', ' ', ',', '.', '>',
        '[', ']', '(', ')', ';', '"', '=', '*', '+', '#', 'a', 'b', 'e', 'h', 'k', 'q', 'r', 'w',
        'B', 'G', 'K', 'N', 'Q', 'R', 'W', 'X', 'Y', 'O', 'L', 'U', 'D', 'I', 'A', '\n', 'é',
        '\u{feff}',
    ];
    let mut rng = GameRng::new(11, 0);
    let mut inputs: Vec<String> = (0..3_000)
        .map(|_| {
            let len = (rng.next_u64() % 40) as usize;
            (0..len)
                .map(|_| CHARS[(rng.next_u64() % CHARS.len() as u64) as usize])
                .collect()
        })
        .collect();
    // Mutations of valid texts.
    for valid in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        "4HPwATDgc/ABMA:cAkAAAAAAAAA",
        "LUDO 52/51/5 RY Y 0 R:0,0,0,0 Y:0,0,0,14 rules=classic",
        "4-6 [6-6] 6-2",
        "0,0.09 0,1 3",
    ] {
        let chars: Vec<char> = valid.chars().collect();
        for i in 0..200u64 {
            let mut c = chars.clone();
            let at = (rng.next_u64() % c.len() as u64) as usize;
            match i % 3 {
                0 => c[at] = CHARS[(rng.next_u64() % CHARS.len() as u64) as usize],
                1 => {
                    c.remove(at);
                }
                _ => c.insert(at, CHARS[(rng.next_u64() % CHARS.len() as u64) as usize]),
            }
            inputs.push(c.into_iter().collect());
        }
    }
    let mut f = Vec::new();
    use lattjo_backgammon as bg;
    use lattjo_chess as ch;
    use lattjo_dominoes as dm;
    use lattjo_draughts as dr;
    use lattjo_ludo as lu;
    no_panic::<ch::Position>("chess Position", &inputs, &mut f);
    no_panic::<ch::Move>("chess Move", &inputs, &mut f);
    no_panic::<ch::UciMove>("chess UciMove", &inputs, &mut f);
    no_panic::<ch::UciPosition>("chess UciPosition", &inputs, &mut f);
    no_panic::<ch::pgn::PgnGame>("chess PgnGame", &inputs, &mut f);
    no_panic::<ch::epd::Epd>("chess Epd", &inputs, &mut f);
    no_panic::<ch::san::San>("chess San", &inputs, &mut f);
    no_panic::<ch::san::SanPlus>("chess SanPlus", &inputs, &mut f);
    no_panic::<dr::Position>("draughts Position", &inputs, &mut f);
    no_panic::<dr::Move>("draughts Move", &inputs, &mut f);
    no_panic::<dr::PdnGame>("draughts PdnGame", &inputs, &mut f);
    no_panic::<bg::State>("backgammon State", &inputs, &mut f);
    no_panic::<bg::Xgid>("backgammon Xgid", &inputs, &mut f);
    no_panic::<bg::GnubgId>("backgammon GnubgId", &inputs, &mut f);
    no_panic::<bg::MatchId>("backgammon MatchId", &inputs, &mut f);
    no_panic::<bg::fibs::FibsBoard>("backgammon FibsBoard", &inputs, &mut f);
    no_panic::<bg::mat::MatFile>("backgammon MatFile", &inputs, &mut f);
    no_panic::<bg::sgf::SgfFile>("backgammon SgfFile", &inputs, &mut f);
    no_panic::<lu::State>("ludo State", &inputs, &mut f);
    no_panic::<lu::Position>("ludo Position", &inputs, &mut f);
    no_panic::<lu::Action>("ludo Action", &inputs, &mut f);
    no_panic::<lu::Seats>("ludo Seats", &inputs, &mut f);
    no_panic::<dm::Action>("dominoes Action", &inputs, &mut f);
    no_panic::<dm::Layout>("dominoes Layout", &inputs, &mut f);
    no_panic::<dm::Tiles>("dominoes Tiles", &inputs, &mut f);
    no_panic::<dm::RoundRecord>("dominoes RoundRecord", &inputs, &mut f);
    no_panic::<lattjo_carrom::Stroke>("carrom Stroke", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::Stroke>("novuss Stroke", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::Side>("novuss Side", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::Compass>("novuss Compass", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::DiscId>("novuss DiscId", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::Conduct>("novuss Conduct", &inputs, &mut f);
    no_panic::<lattjo_disc_billiards::Foul>("novuss Foul", &inputs, &mut f);
    no_panic::<Seat>("core Seat", &inputs, &mut f);
    no_panic::<boardgame_core::Shape>("core Shape", &inputs, &mut f);
    no_panic::<bg::Side>("backgammon Side", &inputs, &mut f);
    no_panic::<bg::Position>("backgammon Position", &inputs, &mut f);
    no_panic::<dm::Side>("dominoes Side", &inputs, &mut f);
    no_panic::<ch::pgn::commands::MarkColor>("chess MarkColor", &inputs, &mut f);
    no_panic::<ch::pgn::commands::Score>("chess Score", &inputs, &mut f);
    no_panic::<ch::Board>("chess Board", &inputs, &mut f);
    assert!(f.is_empty(), "{f:#?}");
}
