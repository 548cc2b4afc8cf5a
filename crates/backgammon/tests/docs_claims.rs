//! The claims of `docs/backgammon.md`, one black-box test each (public API only): what the
//! presets set, what each option changes, the rules as implemented, the game's phases and
//! scoring, match play, the checks of a state against the rules, and what each notation looks
//! like and reads back. Each test quotes or cites the page's section and the rule id of the
//! rules digest (`shared/rules/backgammon.md`).

use boardgame_core::{
    Game, GameRng, IndexedActions, Match, MatchConfig, MatchState, Observe, Turn,
};
use lattjo_backgammon::{
    Action, Backgammon, Dice, GnubgId, ImportError, Label, MAX_CUBE_LOG2, MAX_MATCH_LENGTH,
    MatchContext, MatchContextError, MatchId, NUM_ACTIONS, NotationStyle, ObservationKind,
    OtherRulesError, Phase, Play, PlayError, PlayList, Point, Position, PositionError, ResignLevel,
    Rules, RulesError, Side, SingleDiePolicy, State, StateError, StateSetup, WinKind, Xgid, perft,
};

const STD: SingleDiePolicy = SingleDiePolicy::Standard;
const LAT: SingleDiePolicy = SingleDiePolicy::Lattjo;

/// The actions of fixed index, in index order (the page's action table): the ten decisions,
/// then the empty play.
const FIXED_ACTIONS: [Action; 11] = [
    Action::Roll,
    Action::Double,
    Action::Take,
    Action::Drop,
    Action::Beaver,
    Action::Resign(ResignLevel::Single),
    Action::Resign(ResignLevel::Gammon),
    Action::Resign(ResignLevel::Backgammon),
    Action::AcceptResignation,
    Action::RejectResignation,
    Action::Play(Play::NONE),
];

/// A position from (point, count) lists in each side's own numbering; 25 = bar, 0 = off.
/// Checkers not listed are borne off.
fn pos(white: &[(usize, u8)], black: &[(usize, u8)], to_move: Side) -> Position {
    // One side's 26 counts, the checkers not listed borne off (index 0).
    let counts = |list: &[(usize, u8)]| {
        let mut c = [0u8; 26];
        for &(p, n) in list {
            c[p] += n;
        }
        c[0] = 15 - c[1..].iter().sum::<u8>();
        c
    };
    Position::new(to_move, counts(white), counts(black)).expect("valid test position")
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

fn game(rules: Rules) -> Backgammon {
    Backgammon::new(rules).unwrap()
}

fn apply(g: &Backgammon, s: &mut State, a: Action) {
    g.apply(s, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn legal(g: &Backgammon, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// The strings, sorted.
fn sorted_strings(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().collect();
    v.sort();
    v
}

/// The plays of a roll as sorted GNUBG text.
fn plays(p: &Position, d: Dice, policy: SingleDiePolicy) -> Vec<String> {
    let mut list = PlayList::new();
    list.generate(p, d, policy);
    sorted_strings(
        list.plays()
            .map(|pl| p.format_play(&pl, NotationStyle::Compact)),
    )
}

fn sorted(v: &[&str]) -> Vec<String> {
    sorted_strings(v.iter().map(|s| s.to_string()))
}

/// A state from a setup with the given fields over a money game before the roll.
/// (`State::default()` is the state before the opening roll of a money game.)
fn setup(position: Position) -> StateSetup {
    StateSetup {
        position,
        phase: Phase::BeforeRoll,
        ..State::default().setup()
    }
}

/// A money game started with a 3-1 opening for White, then Black's first play made, so that
/// White is before the roll of its second turn.
fn white_before_second_roll(g: &Backgammon) -> State {
    let mut s = opened(g, g.new_initial_state(), 3, 1);
    // Black: if it has a choice before the roll, roll first.
    if g.turn(&s) != Turn::Chance {
        apply(g, &mut s, Action::Roll);
    }
    apply(g, &mut s, Action::Dice(dice(2, 1)));
    let p = legal(g, &s)[0];
    apply(g, &mut s, p);
    assert_eq!(s.to_move(), Side::White);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    s
}

/// `s` (before the opening roll) after the opening roll `white`-`black` and the first legal
/// play of it.
fn opened(g: &Backgammon, mut s: State, white: u8, black: u8) -> State {
    apply(g, &mut s, Action::Opening { white, black });
    let p = legal(g, &s)[0];
    apply(g, &mut s, p);
    s
}

/// A copy of `s` after `actions`.
fn after(g: &Backgammon, mut s: State, actions: &[Action]) -> State {
    for &a in actions {
        apply(g, &mut s, a);
    }
    s
}

/// A random action at `s`: a sampled chance outcome at a chance node, else a sampled legal
/// action.
fn random_action<G: Game>(
    g: &G,
    s: &G::State,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) -> G::Action {
    match g.sample_chance(s, rng) {
        Some(a) => a,
        None => g.sample_action(s, rng, buf).unwrap(),
    }
}

/// Plays `s` out at random, calling `visit` with each state (and the generator) before its
/// action; returns the actions.
fn play_out(
    g: &Backgammon,
    s: &mut State,
    rng: &mut GameRng,
    mut visit: impl FnMut(&State, &mut GameRng),
) -> Vec<Action> {
    let mut buf = Vec::new();
    let mut actions = Vec::new();
    while g.turn(s) != Turn::Terminal {
        visit(s, rng);
        let a = random_action(g, s, rng, &mut buf);
        apply(g, s, a);
        actions.push(a);
    }
    actions
}

/// Plays a match (or money session) of `m` out at random, each sampled action passed through
/// `choose` (with the state and the generator) before it is applied; returns the actions.
fn play_match_out(
    m: &Match<Backgammon>,
    s: &mut MatchState<State>,
    rng: &mut GameRng,
    mut choose: impl FnMut(&MatchState<State>, Action, &mut GameRng) -> Action,
) -> Vec<Action> {
    let mut buf = Vec::new();
    let mut actions = Vec::new();
    while !s.is_over() {
        let a = random_action(m, s, rng, &mut buf);
        let a = choose(s, a, rng);
        m.apply(s, &a).unwrap();
        actions.push(a);
    }
    actions
}

// ---------------------------------------------------------------------------------------
// "The default is the booklet, not the standard"
// ---------------------------------------------------------------------------------------

// Page: "`Rules::default()` is `Rules::lattjo()`: the booklet as written." (D1, D4)
#[test]
fn default_rules_are_the_booklet() {
    assert_eq!(Rules::default(), Rules::lattjo());
    assert_eq!(Backgammon::default().rules(), &Rules::lattjo());
}

// Page, options table: every option's value in each preset (D1, D3-D6, A13, B25-B29).
#[test]
fn presets_set_the_option_table() {
    let l = Rules::lattjo();
    assert_eq!(l.single_die, SingleDiePolicy::Lattjo);
    assert!(l.cube && !l.crawford && !l.jacoby && !l.beavers);
    assert_eq!(l.automatic_doubles, 0);
    assert_eq!(l.max_cube_log2, None);
    assert!(!l.resignations && !l.resign_when_doubled);
    let s = Rules::standard();
    assert_eq!(s.single_die, SingleDiePolicy::Standard);
    assert!(s.cube && s.crawford && !s.jacoby && !s.beavers);
    assert_eq!(s.automatic_doubles, 0);
    assert_eq!(s.max_cube_log2, None);
    assert!(!s.resignations && !s.resign_when_doubled);
}

// Page: the presets differ "in two places, and everything else is the same" (D1, D4).
#[test]
fn presets_differ_only_in_single_die_and_crawford() {
    assert_eq!(
        Rules::lattjo()
            .with_single_die(SingleDiePolicy::Standard)
            .with_crawford(true),
        Rules::standard()
    );
}

// Page: "Every option has a builder that takes its value" (the options table).
#[test]
fn every_builder_sets_its_option() {
    let r = Rules::lattjo()
        .with_single_die(STD)
        .with_cube(true)
        .with_crawford(true)
        .with_jacoby(true)
        .with_beavers(true)
        .with_automatic_doubles(3)
        .with_max_cube_log2(Some(6))
        .with_resignations(true)
        .with_resign_when_doubled(true);
    assert_eq!(r.single_die, STD);
    assert!(r.cube && r.crawford && r.jacoby && r.beavers);
    assert_eq!(r.automatic_doubles, 3);
    assert_eq!(r.max_cube_log2, Some(6));
    assert!(r.resignations && r.resign_when_doubled);
    assert!(Backgammon::new(r).is_ok());
}

// Page: "`Backgammon::new` checks the combination (a cube limit above 2^12, or a cube option
// with the cube off, is a `RulesError`)"; options table: jacoby, beavers, automatic doubles
// "needs the cube"; resign_when_doubled "needs the cube and `resignations`" (A13, D3, D5, D6).
#[test]
fn new_refuses_a_cube_limit_above_2_pow_12_and_cube_options_without_the_cube() {
    assert_eq!(
        Backgammon::new(Rules::standard().with_max_cube_log2(Some(13))),
        Err(RulesError::CubeLimit(13))
    );
    assert!(Backgammon::new(Rules::standard().with_max_cube_log2(Some(12))).is_ok());
    assert!(Backgammon::new(Rules::standard().with_max_cube_log2(Some(0))).is_ok());
    let off = Rules::lattjo().with_cube(false);
    assert!(Backgammon::new(off).is_ok());
    for r in [
        off.with_jacoby(true),
        off.with_beavers(true),
        off.with_automatic_doubles(1),
        off.with_resignations(true).with_resign_when_doubled(true),
    ] {
        assert!(
            matches!(Backgammon::new(r), Err(RulesError::NeedsCube(_))),
            "{r:?}"
        );
    }
    assert_eq!(
        Backgammon::new(Rules::standard().with_resign_when_doubled(true)),
        Err(RulesError::NeedsResignations)
    );
    // Resignations alone need no cube.
    assert!(Backgammon::new(off.with_resignations(true)).is_ok());
}

// Page, the code block under the option builders.
#[test]
fn builder_example_of_the_page() {
    let r = Rules::standard().with_crawford(false);
    let money = Rules::standard()
        .with_jacoby(true)
        .with_beavers(true)
        .with_automatic_doubles(1);
    assert!(Backgammon::new(money).is_ok());
    assert!(Backgammon::new(Rules::lattjo().with_cube(false)).is_ok());
    assert_eq!(r.single_die, SingleDiePolicy::Standard);
    assert!(!r.crawford);
    assert!(Backgammon::new(Rules::lattjo().with_cube(false).with_beavers(true)).is_err());
}

// Page, D1 row: under the booklet a play may use the higher die alone "chosen voluntarily even
// when both could be played" (B7, A8b); "the lower die is never played alone, not even when it
// is the only legal move" (B8, A8a, A8d); the standard uses "as many dice as possible; if
// only one can be used, the higher whenever possible, else the lower" (A9). The digest's S1-S3.
#[test]
fn d1_single_die_policies_on_the_digest_scenarios() {
    let x = |t: &str| *t.parse::<Xgid>().unwrap().position();
    let s1 = x("XGID=-bb-----A----------ef-----:0:0:1:61:0:0:0:0:10");
    assert_eq!(plays(&s1, dice(6, 1), STD), sorted(&["8/7"]));
    assert_eq!(plays(&s1, dice(6, 1), LAT), sorted(&[]));
    let s2 = x("XGID=-b------A----------efb----:0:0:1:61:0:0:0:0:10");
    assert_eq!(plays(&s2, dice(6, 1), STD), sorted(&["8/2"]));
    assert_eq!(plays(&s2, dice(6, 1), LAT), sorted(&["8/2"]));
    let s3 = x("XGID=--------A----------efd----:0:0:1:61:0:0:0:0:10");
    assert_eq!(plays(&s3, dice(6, 1), STD), sorted(&["8/1"]));
    assert_eq!(plays(&s3, dice(6, 1), LAT), sorted(&["8/1", "8/2"]));
}

// Page, D1 row: the booklet's higher-die-alone plays are offered "even when both could be
// played" — from the start with 6-5, every single 6 is legal as well as the full plays (B7).
#[test]
fn b7_higher_die_alone_is_offered_beside_full_plays_from_the_start() {
    let start = Position::start(Side::White);
    let lat = plays(&start, dice(6, 5), LAT);
    let std = plays(&start, dice(6, 5), STD);
    for single in ["24/18", "13/7", "8/2"] {
        assert!(lat.contains(&single.to_string()), "{single} in {lat:?}");
        assert!(!std.contains(&single.to_string()));
    }
    // The lower die alone never (B8).
    for single in ["24/19", "13/8", "8/3", "6/1"] {
        assert!(!lat.contains(&single.to_string()));
    }
    // Every standard play is a booklet play.
    assert!(std.iter().all(|p| lat.contains(p)));
}

// Page, D4 row and options table: the Crawford rule is "off (the booklet has none)" under
// lattjo and on under standard: in the Crawford game no double (D4, A10).
#[test]
fn d4_crawford_game_doubling_by_preset() {
    let crawford = MatchContext::new(5, [4, 2], true).unwrap();
    let post = MatchContext::new(5, [4, 2], false).unwrap();
    let std = game(Rules::standard());
    let s = opened(&std, std.new_game(Some(crawford)), 3, 1);
    // No double in the Crawford game: the roll is a chance node at once.
    assert_eq!(std.turn(&s), Turn::Chance);
    assert_eq!(
        std.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CrawfordGame)
    );
    // The booklet does not reach a Crawford game at all.
    let lat = game(Rules::lattjo());
    assert_eq!(
        lat.check_state(&std.new_game(Some(crawford))),
        Err(OtherRulesError::NeedsCrawford)
    );
    // A post-Crawford game allows doubling (the trailer on roll).
    let s = opened(&std, std.new_game(Some(post)), 3, 1);
    assert!(legal(&std, &s).contains(&Action::Double));
}

// Page: "Resignations are off in both presets ... the API is there under either rule set."
#[test]
fn d6_resignations_off_by_default_on_under_either_preset() {
    for base in [Rules::lattjo(), Rules::standard()] {
        let g = game(base);
        let s = white_before_second_roll(&g);
        assert!(!legal(&g, &s).iter().any(|a| matches!(a, Action::Resign(_))));
        assert_eq!(
            g.apply(&mut s.clone(), &Action::Resign(ResignLevel::Single)),
            Err(PlayError::ResignationsDisabled)
        );
        let g = game(base.with_resignations(true));
        let s = white_before_second_roll(&g);
        let l = legal(&g, &s);
        for level in ResignLevel::ALL {
            assert!(l.contains(&Action::Resign(level)), "{base:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// "The rules as implemented"
// ---------------------------------------------------------------------------------------

// Page, "Board and numbering": "label `n` is White's point n and Black's 25 − n; label `nA`
// is White's 25 − n and Black's n" and the labels convert both ways (B2, digest section 1).
#[test]
fn b2_labels_convert_both_ways() {
    for n in 1..=12u8 {
        let plain = Label::new(n, false).unwrap();
        let a = Label::new(n, true).unwrap();
        assert_eq!(plain.to_point(Side::White).get(), n);
        assert_eq!(plain.to_point(Side::Black).get(), 25 - n);
        assert_eq!(a.to_point(Side::White).get(), 25 - n);
        assert_eq!(a.to_point(Side::Black).get(), n);
        for side in [Side::White, Side::Black] {
            assert_eq!(Label::from_point(side, plain.to_point(side)), plain);
            assert_eq!(Label::from_point(side, a.to_point(side)), a);
        }
        assert_eq!(plain.to_string(), n.to_string());
        assert_eq!(a.to_string(), format!("{n}A"));
        assert_eq!(format!("{n}A").parse::<Label>().unwrap(), a);
    }
    // White's home is `6 … 1` (its points 1-6), Black's `6A … 1A` (its points 1-6).
    for n in 1..=6u8 {
        assert!(Label::new(n, false).unwrap().to_point(Side::White).get() <= 6);
        assert!(Label::new(n, true).unwrap().to_point(Side::Black).get() <= 6);
    }
    assert!(Label::new(13, false).is_none() && Label::new(0, true).is_none());
}

// Page: "The start is the standard one (24:2, 13:5, 8:3, 6:5 for each side; pip count 167)"
// (B1, digest section 1).
#[test]
fn b1_start_position_and_pip_count() {
    let p = Position::start(Side::White);
    for side in [Side::White, Side::Black] {
        for (point, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            assert_eq!(p.count(side, Point::new(point).unwrap()), n);
        }
        assert_eq!(p.pip_count(side), 167);
        assert_eq!(p.bar(side), 0);
        assert_eq!(p.off(side), 0);
    }
    assert_eq!(lattjo_backgammon::CHECKERS, 15);
}

// Page, "Moving": "a checker using both dice lands on the intermediate point, which must be
// open (A4)"; a point with two or more opposing checkers is blocked (A1, B9).
#[test]
fn a4_one_checker_over_both_dice_needs_an_open_intermediate_point() {
    // White's 18 and 19 are Black's 7 and 6, both blocked: 24/13 goes through neither.
    let blocked = pos(&[(24, 1), (6, 14)], &[(7, 2), (6, 2), (2, 11)], Side::White);
    assert_eq!(plays(&blocked, dice(6, 5), STD), sorted(&["6/1"]));
    // Only the lower die playable: under the booklet, no move (B8, A8d).
    assert_eq!(plays(&blocked, dice(6, 5), LAT), sorted(&[]));
    // Open 19 (Black's 6): the checker goes 24/19/13.
    let open = pos(&[(24, 1), (6, 14)], &[(7, 2), (2, 13)], Side::White);
    let p = plays(&open, dice(6, 5), STD);
    assert!(p.contains(&"24/13".to_string()), "{p:?}");
    // A point with one opposing checker is no block (A1).
    let blot = pos(&[(24, 1), (6, 14)], &[(7, 1), (6, 2), (2, 12)], Side::White);
    assert!(plays(&blot, dice(6, 5), STD).contains(&"24/18*/13".to_string()));
}

// Page, "Moving": "landing on a single opposing checker hits it and sends it to the bar (B11,
// automatic, T9) ... and one checker may hit on each point where it lands (B12)". A point
// never holds both colours (B10).
#[test]
fn b11_b12_hits_on_every_landing_point() {
    // Black blots on White's 18 (Black's 7) and 13 (Black's 12).
    let p = pos(
        &[(24, 1), (6, 14)],
        &[(7, 1), (12, 1), (2, 13)],
        Side::White,
    );
    let play = p.parse_play("24/18*/13*", dice(6, 5), STD).unwrap();
    assert_eq!(p.format_play(&play, NotationStyle::Compact), "24/18*/13*");
    let after = p.apply_steps(&play).unwrap();
    assert_eq!(after.bar(Side::Black), 2);
    assert_eq!(after.count(Side::White, Point::new(13).unwrap()), 1);
    assert_eq!(after.count(Side::Black, Point::new(12).unwrap()), 0);
    // The hit is automatic: the same play cannot land there without hitting.
    let mut w = [0u8; 26];
    let mut b = [0u8; 26];
    w[13] = 1;
    b[12] = 1;
    assert!(matches!(
        Position::new(Side::White, w, b),
        Err(PositionError::SharedPoint { .. })
    ));
}

// Page, "Bar": "every move is an entry, on the opponent's home point matching the die (White
// enters with d on `dA`, B14)"; entering hits a blot (A2).
#[test]
fn b14_a2_entry_on_the_point_of_the_die_hitting_a_blot() {
    // Black blot on its 3 point = White's 22 = label 3A.
    let p = pos(&[(25, 1), (6, 14)], &[(3, 1), (1, 14)], Side::White);
    let d = dice(3, 1);
    let all = plays(&p, d, STD);
    assert!(all.iter().all(|t| t.starts_with("bar/")), "{all:?}");
    let play = p.parse_play("bar/22* 6/5", d, STD).unwrap();
    let after = p.apply_steps(&play).unwrap();
    assert_eq!(after.bar(Side::Black), 1);
    let entered = Label::new(3, true).unwrap().to_point(Side::White);
    assert_eq!(after.count(Side::White, entered), 1);
}

// Page, "Bar": "With two on the bar and only one die entering, the other die is forfeited
// (B15); under the booklet, if only the lower die enters, nothing enters (A8a)."
#[test]
fn b15_a8a_two_on_the_bar_one_die_entering() {
    // White's 19 (Black's 6) is blocked: the 6 cannot enter, the 5 can (White's 20).
    let p = pos(&[(25, 2), (6, 13)], &[(6, 2), (24, 13)], Side::White);
    assert_eq!(plays(&p, dice(6, 5), STD), sorted(&["bar/20"]));
    assert_eq!(plays(&p, dice(6, 5), LAT), sorted(&[]));
    // The higher die entering alone is the booklet's play too.
    let q = pos(&[(25, 2), (6, 13)], &[(5, 2), (24, 13)], Side::White);
    assert_eq!(plays(&q, dice(6, 5), STD), sorted(&["bar/19"]));
    assert_eq!(plays(&q, dice(6, 5), LAT), sorted(&["bar/19"]));
}

// Page, "Doubles": "Four moves of the number, as many as possible (B17), under both policies
// (A8c)."
#[test]
fn b16_b17_a8c_doubles_four_moves_as_many_as_possible() {
    let start = Position::start(Side::White);
    let list = {
        let mut l = PlayList::new();
        l.generate(&start, dice(3, 3), STD);
        l
    };
    assert!(list.plays().all(|p| p.steps().len() == 4));
    // White's 15 (Black's 10) blocked: the lone checker on 24 moves twice only.
    let p = pos(&[(24, 1)], &[(10, 2), (19, 13)], Side::White);
    assert_eq!(plays(&p, dice(3, 3), STD), sorted(&["24/18"]));
    assert_eq!(plays(&p, dice(3, 3), LAT), sorted(&["24/18"]));
}

// Page, "Bearing off": "the second die (or the rest of a double) may bear off after the
// first brings the last checker home (B19)" (A5).
#[test]
fn b19_a5_second_die_bears_off_after_the_first_brings_the_last_checker_home() {
    let p = pos(&[(7, 1), (5, 14)], &[(24, 15)], Side::White);
    let play = p.parse_play("7/6 6/off", dice(6, 1), STD).unwrap();
    assert_eq!(p.apply_steps(&play).unwrap().off(Side::White), 1);
    // A double: the first 2 brings 7 home, the next three bear off from 5... (5/3/1/off).
    let q = pos(&[(8, 1), (2, 14)], &[(24, 15)], Side::White);
    let all = plays(&q, dice(2, 2), STD);
    assert!(all.iter().any(|t| t.contains("off")), "{all:?}");
}

// Page, "Bearing off": "A die bears off from its own point (B20); with that point empty it
// must be played from a higher point if one is occupied (B22, A7: by exactly the die, never to
// point 1 directly)".
#[test]
fn b20_b22_a7_playing_up_by_exactly_the_die() {
    let p = pos(&[(5, 2), (2, 1)], &[(24, 15)], Side::White);
    let all = plays(&p, dice(3, 1), STD);
    assert!(!all.iter().any(|t| t.contains("off")), "{all:?}");
    assert!(p.parse_play("5/2 5/4", dice(3, 1), STD).is_ok());
    // Exact: the 3 bears off from the 3 point when it is occupied.
    let q = pos(&[(5, 2), (3, 1)], &[(24, 15)], Side::White);
    assert!(q.parse_play("3/off 5/4", dice(3, 1), STD).is_ok());
}

// Page, "Bearing off": "with that point and every higher one empty it bears off from the
// highest occupied point (B23, A6), never a lower one".
#[test]
fn b23_a6_larger_die_bears_off_from_the_highest_point() {
    let p = pos(&[(3, 1), (2, 1)], &[(24, 15)], Side::White);
    assert_eq!(plays(&p, dice(6, 5), STD), sorted(&["3/off 2/off"]));
    // With one die: a 6 bears off from the 3, never from the 2 while the 3 is occupied.
    let q = pos(&[(3, 1), (2, 1), (1, 3)], &[(12, 15)], Side::White);
    assert!(q.parse_play("2/off", dice(6, 1), LAT).is_err());
    assert!(q.parse_play("3/off", dice(6, 1), LAT).is_ok());
}

// Page, "Bearing off": "Bearing off is never compulsory (B21)."
#[test]
fn b21_bearing_off_is_not_compulsory() {
    let p = pos(&[(6, 14), (2, 1)], &[(24, 15)], Side::White);
    assert!(p.parse_play("2/off 6/5", dice(2, 1), STD).is_ok());
    assert!(p.parse_play("6/4 6/5", dice(2, 1), STD).is_ok());
}

// Page, "Bearing off": "A checker hit during the bear-off must come back first (B24)."
#[test]
fn b24_a_hit_checker_comes_back_before_bearing_off() {
    let p = pos(&[(25, 1), (6, 14)], &[(24, 15)], Side::White);
    let all = plays(&p, dice(6, 5), STD);
    assert!(!all.is_empty());
    assert!(!all.iter().any(|t| t.contains("off")), "{all:?}");
}

// Page, "Legal plays (A17)": "if a play uses both dice (for example `2/1*/off` with 2-1) the
// one-die play `2/off` is not legal, as in GNU Backgammon (A9; A14 then ends the game)".
#[test]
fn a17_a9_bearing_off_the_last_checker_with_one_die_is_not_using_both() {
    // White's last checker on 2; a Black blot on White's 1 (Black's 24).
    let p = pos(&[(2, 1)], &[(24, 1), (6, 14)], Side::White);
    assert_eq!(plays(&p, dice(2, 1), STD), sorted(&["2/1*/off"]));
    let mut l = PlayList::new();
    l.generate(&p, dice(2, 1), STD);
    assert!(l.plays().all(|play| play.steps().len() == 2));
    // (The parser reads `2/off` leniently as the one legal play bearing that checker off.)
    let read = p.parse_play("2/off", dice(2, 1), STD).unwrap();
    assert_eq!(read.steps().len(), 2);
}

// Page, "Legal plays (A17)": "The legal plays of a roll are the distinct resulting positions".
#[test]
fn a17_legal_plays_are_distinct_positions() {
    let start = Position::start(Side::White);
    for d in Dice::ALL {
        for policy in [STD, LAT] {
            let mut l = PlayList::new();
            l.generate(&start, d, policy);
            let mut seen = std::collections::HashSet::new();
            for r in l.results() {
                assert!(seen.insert(r), "{d} {policy:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// "The game and the cube"
// ---------------------------------------------------------------------------------------

// Page, item 1: "`Phase::Opening`: a chance node of its own with 30 outcomes (White's die,
// Black's die), each 1/30; ties are re-rolled and are not outcomes (A3) ... The higher die
// moves first with both numbers (B3)."
#[test]
fn b3_a3_opening_node_has_30_outcomes_and_the_higher_die_moves() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let s = g.new_initial_state();
        assert_eq!(s.phase(), Phase::Opening);
        assert_eq!(g.turn(&s), Turn::Chance);
        let mut out = Vec::new();
        g.chance_outcomes(&s, &mut out);
        assert_eq!(out.len(), 30);
        for (a, p) in &out {
            assert!((p - 1.0 / 30.0).abs() < 1e-12);
            let Action::Opening { white, black } = *a else {
                panic!("{a}")
            };
            assert_ne!(white, black);
            let t = after(&g, s, &[*a]);
            assert_eq!(t.phase(), Phase::Moving);
            let winner = if white > black {
                Side::White
            } else {
                Side::Black
            };
            assert_eq!(t.to_move(), winner);
            assert_eq!(t.dice(), Some(dice(white, black)));
        }
        assert!(
            g.apply(&mut s.clone(), &Action::Opening { white: 4, black: 4 })
                .is_err()
        );
    }
}

// Page, item 1: "With `automatic_doubles` the node has 36 outcomes and a tie doubles the
// centred cube (D3)"; options table: "at most n times"; "money only".
#[test]
fn d3_automatic_doubles_ties_double_the_cube_at_most_n_times_money_only() {
    let g = game(Rules::standard().with_automatic_doubles(2));
    let mut s = g.new_initial_state();
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 36);
    assert!(out.iter().all(|(_, p)| (p - 1.0 / 36.0).abs() < 1e-12));
    for expected in [2, 4, 4] {
        apply(&g, &mut s, Action::Opening { white: 5, black: 5 });
        assert_eq!(s.phase(), Phase::Opening);
        assert_eq!(s.cube_value(), expected);
        assert_eq!(s.cube_owner(), None);
    }
    apply(&g, &mut s, Action::Opening { white: 5, black: 2 });
    assert_eq!(s.cube_value(), 4);
    // In a match no automatic doubles: 30 outcomes.
    let m = MatchContext::new(5, [0, 0], false).unwrap();
    let s = g.new_game(Some(m));
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 30);
}

// Page, item 2: "the player on roll may roll or double when doubling is allowed ...
// Doubling is allowed on the bar (A12). When the player has no such choice (no cube, the
// Crawford game, the opponent's cube), the same phase is a chance node and the dice are
// rolled at once" (B29, A10, A12).
#[test]
fn a10_a12_before_roll_is_a_decision_only_when_doubling_is_allowed() {
    let g = game(Rules::standard());
    let s = white_before_second_roll(&g);
    assert_eq!(g.turn(&s), Turn::Player(Side::White.seat()));
    let l = legal(&g, &s);
    assert!(l.contains(&Action::Roll) && l.contains(&Action::Double));
    // On the bar: still a double.
    let bar = g
        .state_from(pos(&[(25, 1), (6, 14)], &[(24, 15)], Side::White), None)
        .unwrap();
    assert!(legal(&g, &bar).contains(&Action::Double));
    // Without the cube: a chance node of the 21 rolls.
    let nc = game(Rules::standard().with_cube(false));
    let s = white_before_second_roll(&nc);
    assert_eq!(nc.turn(&s), Turn::Chance);
    // The opponent's cube: a chance node, and a double is refused by name.
    let mut up = setup(Position::start(Side::White));
    up.cube_log2 = 1;
    up.cube_owner = Some(Side::Black);
    let s = State::try_from(up).unwrap();
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeNotOwned)
    );
}

// Page, item 3: "the opponent takes (the cube doubles and the taker owns it, B28), drops (the
// doubler wins the stake before the double, no gammons, B27, A11)".
#[test]
fn b27_b28_a11_take_and_drop() {
    let g = game(Rules::standard());
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    assert_eq!(s.phase(), Phase::Doubled);
    assert_eq!(g.turn(&s), Turn::Player(Side::Black.seat()));
    let mut took = after(&g, s, &[Action::Take]);
    assert_eq!(took.cube_value(), 2);
    assert_eq!(took.cube_owner(), Some(Side::Black));
    assert_eq!(took.to_move(), Side::White);
    let dropped = after(&g, s, &[Action::Drop]);
    let o = dropped.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Drop, 1)
    );
    let r = g.returns(&dropped).unwrap();
    assert_eq!(r[Side::White.seat()], 1.0);
    assert_eq!(r[Side::Black.seat()], -1.0);
    // Only the owner redoubles (B29).
    apply(&g, &mut took, Action::Dice(dice(2, 1)));
    let p = legal(&g, &took)[0];
    apply(&g, &mut took, p);
    assert_eq!(took.to_move(), Side::Black);
    assert!(legal(&g, &took).contains(&Action::Double));
}

// Page, item 3: beavers: "After a beaver (`Phase::Beavered`, D5) the doubler answers it as a
// double ...: take (play on at four times the cube before the double, the beaverer owning it)
// or drop (the beaverer wins twice that cube, `WinKind::Drop`; the final state shows the cube
// at 2 on the beaverer's side); there are no raccoons."
#[test]
fn d5_beaver_take_and_drop() {
    let g = game(Rules::standard().with_beavers(true));
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    assert!(legal(&g, &s).contains(&Action::Beaver));
    apply(&g, &mut s, Action::Beaver);
    assert_eq!(s.phase(), Phase::Beavered);
    // The doubler (White) answers.
    assert_eq!(g.turn(&s), Turn::Player(Side::White.seat()));
    let l = legal(&g, &s);
    assert!(l.contains(&Action::Take) && l.contains(&Action::Drop));
    assert!(!l.contains(&Action::Beaver) && !l.contains(&Action::Double));
    let take = after(&g, s, &[Action::Take]);
    assert_eq!(take.cube_value(), 4);
    assert_eq!(take.cube_owner(), Some(Side::Black));
    assert_eq!(take.to_move(), Side::White);
    let drop = after(&g, s, &[Action::Drop]);
    let o = drop.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Drop, 2)
    );
    assert_eq!(drop.cube_value(), 2);
    assert_eq!(drop.cube_owner(), Some(Side::Black));
    // Beavers are money only (options table).
    let m = MatchContext::new(7, [0, 0], false).unwrap();
    let mut s = opened(&g, g.new_game(Some(m)), 3, 1);
    apply(&g, &mut s, Action::Double);
    assert!(!legal(&g, &s).contains(&Action::Beaver));
}

// Page, item 3: "With `resign_when_doubled` the doubled player may instead offer to resign
// (D6), which the doubler answers in `Phase::ResignOfferedDoubled`: accepted, the doubler wins
// the level times the cube before the double ...; refused, the double waits again and the
// doubled player takes, drops or beavers, with no second offer."
#[test]
fn d6_resign_when_doubled_accept_and_refuse() {
    let g = game(
        Rules::standard()
            .with_beavers(true)
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    assert!(legal(&g, &s).contains(&Action::Resign(ResignLevel::Gammon)));
    apply(&g, &mut s, Action::Resign(ResignLevel::Gammon));
    assert_eq!(s.phase(), Phase::ResignOfferedDoubled(ResignLevel::Gammon));
    assert_eq!(g.turn(&s), Turn::Player(Side::White.seat()));
    let acc = after(&g, s, &[Action::AcceptResignation]);
    let o = acc.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Resignation(ResignLevel::Gammon), 2)
    );
    let mut rej = after(&g, s, &[Action::RejectResignation]);
    assert_eq!(rej.phase(), Phase::Doubled);
    assert!(rej.resign_refused());
    let l = legal(&g, &rej);
    for a in [Action::Take, Action::Drop, Action::Beaver] {
        assert!(l.contains(&a), "{a}");
    }
    assert!(!l.iter().any(|a| matches!(a, Action::Resign(_))));
    // The answer clears the refusal.
    apply(&g, &mut rej, Action::Take);
    assert!(!rej.resign_refused());
    // Without the option, no offer while doubled.
    let g2 = game(Rules::standard().with_resignations(true));
    let mut s = white_before_second_roll(&g2);
    apply(&g2, &mut s, Action::Double);
    assert!(
        !legal(&g2, &s)
            .iter()
            .any(|a| matches!(a, Action::Resign(_)))
    );
}

// Page, item 4: "the 21 rolls with their probabilities (1/36 doubles, 2/36 others, B4, A18:
// every roll is an action in the record)".
#[test]
fn b4_a18_the_21_rolls_with_their_probabilities() {
    let g = game(Rules::standard());
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Roll);
    assert_eq!(s.phase(), Phase::Rolling);
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 21);
    let mut total = 0.0;
    for (a, p) in &out {
        let Action::Dice(d) = a else { panic!("{a}") };
        let want = if d.is_double() { 1.0 } else { 2.0 } / 36.0;
        assert!((p - want).abs() < 1e-12, "{d}");
        total += p;
    }
    assert!((total - 1.0).abs() < 1e-12);
}

// Page, item 5: "`Phase::Moving`: one of the legal plays, or `Play::NONE` when there is none
// (A15); when the rules allow it, an offer to resign instead (D6, listed after the plays),
// which the opponent answers in `Phase::ResignOffered` with the dice kept."
#[test]
fn a15_d6_moving_no_play_and_resignation_after_the_roll() {
    // White closed out: two on the bar against Black's closed home board.
    let p = pos(
        &[(25, 2), (6, 13)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
        Side::White,
    );
    let g = game(Rules::standard());
    let s = g.state_from(p, Some(dice(6, 5))).unwrap();
    assert_eq!(legal(&g, &s), vec![Action::Play(Play::NONE)]);
    let t = after(&g, s, &[Action::Play(Play::NONE)]);
    assert_eq!(t.to_move(), Side::Black);
    // Resignation offers listed after the plays, answered with the dice kept.
    let g = game(Rules::standard().with_resignations(true));
    let mut s = g
        .state_from(Position::start(Side::White), Some(dice(3, 1)))
        .unwrap();
    let l = legal(&g, &s);
    let first_resign = l
        .iter()
        .position(|a| matches!(a, Action::Resign(_)))
        .unwrap();
    assert!(
        l[..first_resign]
            .iter()
            .all(|a| matches!(a, Action::Play(_)))
    );
    assert!(
        l[first_resign..]
            .iter()
            .all(|a| matches!(a, Action::Resign(_)))
    );
    apply(&g, &mut s, Action::Resign(ResignLevel::Single));
    assert_eq!(s.phase(), Phase::ResignOffered(ResignLevel::Single));
    assert_eq!(s.dice(), Some(dice(3, 1)));
    assert_eq!(g.turn(&s), Turn::Player(Side::Black.seat()));
    // Refused: back to the play of those dice, and no second offer before the play.
    apply(&g, &mut s, Action::RejectResignation);
    assert_eq!(s.phase(), Phase::Moving);
    assert_eq!(s.dice(), Some(dice(3, 1)));
    assert!(s.resign_refused());
    assert!(!legal(&g, &s).iter().any(|a| matches!(a, Action::Resign(_))));
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationAlreadyRefused)
    );
    // Playing clears it.
    let p = legal(&g, &s)[0];
    apply(&g, &mut s, p);
    assert!(!s.resign_refused());
}

// Page: "A refused offer cannot be repeated before the next move of the game ... rolling,
// doubling and playing clear it ... so a state with a roll to make never carries it
// (`StateError::ResignRefused` refuses it there, in `State::try_from(StateSetup)`)" (D6).
#[test]
fn d6_a_refused_resignation_before_the_roll_is_cleared_by_rolling_and_doubling() {
    let g = game(Rules::standard().with_resignations(true));
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Resign(ResignLevel::Backgammon));
    apply(&g, &mut s, Action::RejectResignation);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    assert!(s.resign_refused());
    assert!(!legal(&g, &s).iter().any(|a| matches!(a, Action::Resign(_))));
    let rolled = after(&g, s, &[Action::Roll]);
    assert!(!rolled.resign_refused());
    let doubled = after(&g, s, &[Action::Double]);
    assert!(!doubled.resign_refused());
    // A state in Phase::Rolling with a refusal is no state.
    let mut up = setup(Position::start(Side::White));
    up.phase = Phase::Rolling;
    up.resign_refused = true;
    assert!(matches!(
        State::try_from(up),
        Err(StateError::ResignRefused(Phase::Rolling))
    ));
}

// Page, item 6: "`Phase::Over` when the 15th checker is off (B30, A14): single game 1, gammon
// 2 (the loser has borne off none), backgammon 3 (also a checker on the bar or in the
// winner's home), times the cube (B31-B34). The centred cube shows 64 and counts 1 (B25, D2)."
#[test]
fn b30_b34_scoring_single_gammon_backgammon_times_the_cube() {
    let g = game(Rules::standard());
    let cases: [(&[(usize, u8)], WinKind); 4] = [
        (&[(6, 14)], WinKind::Single),              // one off: single
        (&[(6, 15)], WinKind::Gammon),              // none off: gammon
        (&[(6, 14), (25, 1)], WinKind::Backgammon), // on the bar
        (&[(6, 14), (20, 1)], WinKind::Backgammon), // Black's 20 is White's 5: White's home
    ];
    for (black, kind) in cases {
        for (log2, owner) in [(0, None), (2, Some(Side::Black))] {
            let p = pos(&[(1, 1)], black, Side::White);
            let mut up = setup(p);
            up.phase = Phase::Moving;
            up.dice = Some(dice(2, 1));
            up.cube_log2 = log2;
            up.cube_owner = owner;
            let mut s = State::try_from(up).unwrap();
            let play = legal(&g, &s)[0];
            apply(&g, &mut s, play);
            let o = s.outcome().unwrap();
            assert_eq!(s.phase(), Phase::Over);
            assert_eq!(o.winner, Side::White);
            assert_eq!(o.kind, kind);
            assert_eq!(o.points, kind.multiplier() << log2);
            assert_eq!(g.turn(&s), Turn::Terminal);
            let r = g.returns(&s).unwrap();
            assert_eq!(r[Side::White.seat()], o.points as f64);
            assert_eq!(r[Side::Black.seat()], -(o.points as f64));
        }
    }
    assert_eq!(State::default().cube_value(), 1);
}

// Page, item 6 / A14: "the game ends the moment the fifteenth checker is off; unused dice
// are not played": with 6-5 and one checker on 1, the game ends after one step.
#[test]
fn a14_game_ends_when_the_15th_checker_is_off() {
    let g = game(Rules::lattjo());
    let p = pos(&[(1, 1)], &[(12, 14)], Side::White);
    let s = g.state_from(p, Some(dice(6, 5))).unwrap();
    let l = legal(&g, &s);
    assert_eq!(l.len(), 1);
    let Action::Play(play) = l[0] else { panic!() };
    assert_eq!(play.steps().len(), 1);
}

// Page, "The game and the cube": the Jacoby rule "gammons count single while the cube is
// centred" (options table, D5), money only; and "this crate applies the Jacoby rule (D5) to a
// resigned gammon or backgammon too".
#[test]
fn d5_jacoby_counts_gammons_single_with_the_cube_centred_money_only() {
    let gammon = pos(&[(1, 1)], &[(6, 15)], Side::White);
    let play_out = |g: &Backgammon, log2: u8, owner: Option<Side>, m: Option<MatchContext>| {
        let mut up = setup(gammon);
        up.phase = Phase::Moving;
        up.dice = Some(dice(2, 1));
        up.cube_log2 = log2;
        up.cube_owner = owner;
        up.match_context = m;
        let mut s = State::try_from(up).unwrap();
        let play = legal(g, &s)[0];
        apply(g, &mut s, play);
        s.outcome().unwrap()
    };
    let j = game(Rules::standard().with_jacoby(true).with_resignations(true));
    let o = play_out(&j, 0, None, None);
    assert_eq!((o.kind, o.points), (WinKind::Single, 1));
    let o = play_out(&j, 1, Some(Side::White), None);
    assert_eq!((o.kind, o.points), (WinKind::Gammon, 4));
    let m = MatchContext::new(7, [0, 0], false).unwrap();
    let o = play_out(&j, 0, None, Some(m));
    assert_eq!((o.kind, o.points), (WinKind::Gammon, 2));
    // A resigned gammon with the cube centred in money play: single.
    let mut s = white_before_second_roll(&j);
    apply(&j, &mut s, Action::Resign(ResignLevel::Gammon));
    apply(&j, &mut s, Action::AcceptResignation);
    let o = s.outcome().unwrap();
    assert_eq!((o.winner, o.points), (Side::Black, 1));
    // Without the rule, in full.
    let n = game(Rules::standard().with_resignations(true));
    let mut s = white_before_second_roll(&n);
    apply(&n, &mut s, Action::Resign(ResignLevel::Gammon));
    apply(&n, &mut s, Action::AcceptResignation);
    assert_eq!(s.outcome().unwrap().points, 2);
}

// Page, "The cube limit (A13)": "every state's cube stops at 2^12 = 4096 (`MAX_CUBE_LOG2`)
// ... A lower limit is a rules option."
#[test]
fn a13_cube_limit_2_pow_12_and_a_lower_limit() {
    assert_eq!(MAX_CUBE_LOG2, 12);
    let mut up = setup(Position::start(Side::White));
    up.cube_log2 = 13;
    up.cube_owner = Some(Side::White);
    assert_eq!(State::try_from(up), Err(StateError::Cube(13)));
    // At 4096 the owner may not double (no limit set: 2^12).
    let g = game(Rules::standard());
    up.cube_log2 = 12;
    let s = State::try_from(up).unwrap();
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeAtLimit(12))
    );
    // A limit of 2^2: a double from 2 to 4 is allowed, none at 4.
    let g = game(Rules::standard().with_max_cube_log2(Some(2)));
    up.cube_log2 = 1;
    let s = State::try_from(up).unwrap();
    assert!(legal(&g, &s).contains(&Action::Double));
    up.cube_log2 = 2;
    let s = State::try_from(up).unwrap();
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeAtLimit(2))
    );
    // A cube above the limit is a state of other rules.
    up.cube_log2 = 3;
    let s = State::try_from(up).unwrap();
    assert!(matches!(
        g.check_state(&s),
        Err(OtherRulesError::CubeAboveLimit { .. })
    ));
}

// ---------------------------------------------------------------------------------------
// "Match play (B35, A16, D4)"
// ---------------------------------------------------------------------------------------

/// Plays a random match to `length` points under `rules`, returning each game's match
/// context and outcome, and the final totals (White, Black).
type Played = (Vec<(MatchContext, lattjo_backgammon::Outcome)>, [i64; 2]);

fn random_match(rules: Rules, length: i64, seed: u64) -> Played {
    let m = Match::new(game(rules), MatchConfig::new(Some(length), None).unwrap());
    let mut s = m.new_initial_state();
    let mut rng = GameRng::new(seed, 3);
    let mut buf = Vec::new();
    let mut games = Vec::new();
    while !s.is_over() {
        let context = s.round().match_context().unwrap();
        let a = random_action(&m, &s, &mut rng, &mut buf);
        let rounds = s.rounds_played();
        let before = *s.round();
        m.apply(&mut s, &a).unwrap();
        if s.rounds_played() != rounds || s.is_over() {
            // The game just ended: `before` plus `a` is its last state.
            let mut last = before;
            m.game().apply(&mut last, &a).unwrap();
            games.push((context, last.outcome().unwrap()));
        }
    }
    let t = s.totals();
    (games, [t[Side::White.seat()], t[Side::Black.seat()]])
}

// Page: "`Match::new(Backgammon::new(rules)?, MatchConfig::new(Some(n), None)?)` plays games
// until a score reaches n; each game's points are added (gammons always count in a match)";
// "With `crawford` the first game after a side reached n − 1 is the Crawford game (no
// doubling ...); the games after it are post-Crawford" (B35, A16, D4).
#[test]
fn b35_a16_d4_matches_add_points_and_have_one_crawford_game() {
    for seed in 0..12 {
        let (games, totals) = random_match(Rules::standard(), 5, seed);
        assert!(totals.iter().any(|&t| t >= 5), "{totals:?}");
        let mut sum = [0i64; 2];
        let mut reached = false;
        let mut crawford_games = 0;
        for (i, (m, o)) in games.iter().enumerate() {
            assert_eq!(m.length(), 5);
            let scores = [
                i64::from(m.score(Side::White)),
                i64::from(m.score(Side::Black)),
            ];
            assert_eq!(scores, sum, "seed {seed} game {i}");
            let at_point = m.scores().contains(&4);
            if m.is_crawford() {
                crawford_games += 1;
                assert!(at_point && !reached, "seed {seed} game {i}");
                // No doubling in it: the cube stayed at 1.
                assert_eq!(o.points % o.kind.multiplier(), 0);
            } else if at_point {
                assert!(
                    reached,
                    "seed {seed} game {i}: the first game at match point"
                );
                assert!(m.is_post_crawford());
            }
            reached |= at_point;
            sum[o.winner.index()] += o.points;
        }
        assert_eq!(sum, totals);
        assert!(crawford_games <= 1);
    }
    // The booklet has no Crawford game.
    for seed in 0..6 {
        let (games, _) = random_match(Rules::lattjo(), 5, seed);
        assert!(games.iter().all(|(m, _)| !m.is_crawford()));
    }
}

// Page: "a 1-point match has no Crawford game, as in GNU Backgammon".
#[test]
fn d4_one_point_match_has_no_crawford_game() {
    assert_eq!(
        MatchContext::new(1, [0, 0], true),
        Err(MatchContextError::Crawford)
    );
    let (games, totals) = random_match(Rules::standard(), 1, 5);
    assert_eq!(games.len(), 1);
    assert!(!games[0].0.is_crawford());
    assert!(totals.iter().any(|&t| t >= 1));
}

// Page: "`MatchContext::new` refuses a length of 0 or above 64, a score not below the length
// and a Crawford flag with no side at length − 1"; "Matches are at most 64 points" (A16).
#[test]
fn a16_match_context_checks() {
    assert_eq!(MAX_MATCH_LENGTH, 64);
    assert!(MatchContext::new(0, [0, 0], false).is_err());
    assert!(MatchContext::new(65, [0, 0], false).is_err());
    assert!(MatchContext::new(64, [63, 0], true).is_ok());
    assert!(MatchContext::new(7, [7, 0], false).is_err());
    assert!(MatchContext::new(7, [0, 9], false).is_err());
    assert_eq!(
        MatchContext::new(7, [5, 5], true),
        Err(MatchContextError::Crawford)
    );
    let m = MatchContext::new(7, [6, 2], true).unwrap();
    assert_eq!((m.length(), m.scores(), m.is_crawford()), (7, [6, 2], true));
}

// Page: "`Match::try_new` refuses a longer target with `MatchConfigError::TargetTooHigh`
// (`Rounds::max_target`), and `Match::new` panics on one" (A16).
#[test]
fn a16_match_longer_than_64_points_is_refused() {
    let g = game(Rules::standard());
    let c65 = MatchConfig::new(Some(65), None).unwrap();
    assert!(matches!(
        Match::try_new(g, c65),
        Err(boardgame_core::MatchConfigError::TargetTooHigh {
            target: 65,
            max: 64
        })
    ));
    assert!(Match::try_new(g, MatchConfig::new(Some(64), None).unwrap()).is_ok());
    let panicked = std::panic::catch_unwind(|| Match::new(g, c65)).is_err();
    assert!(panicked);
}

// Page: "(gammons always count in a match; Jacoby, beavers and automatic doubles apply to
// money games only)" (A16, D3, D5).
#[test]
fn a16_money_options_do_not_apply_in_a_match() {
    let rules = Rules::standard()
        .with_jacoby(true)
        .with_beavers(true)
        .with_automatic_doubles(3);
    let m = Match::new(game(rules), MatchConfig::new(Some(5), None).unwrap());
    let s = m.new_initial_state();
    let mut out = Vec::new();
    assert!(m.chance_outcomes(&s, &mut out));
    assert_eq!(out.len(), 30, "no automatic doubles in a match");
    assert!(s.round().match_context().is_some());
}

// Page: "`State::match_context()` gives a `MatchContext`: the length, the scores before the
// game and the Crawford flag" — and a money game has none.
#[test]
fn state_match_context_is_none_in_money_play() {
    let g = game(Rules::standard());
    assert_eq!(g.new_initial_state().match_context(), None);
    let m = MatchContext::new(3, [1, 2], true).unwrap();
    assert_eq!(g.new_game(Some(m)).match_context(), Some(m));
}

// ---------------------------------------------------------------------------------------
// "Text, GNU Backgammon and XG"
// ---------------------------------------------------------------------------------------

const START_XGID: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";

// Page, "Position ID": "14 base64 characters of the 80-bit key ... its vector
// `4HPwATDgc/ABMA`"; the start's XGID (digest section 6); "the prefix is optional on input".
#[test]
fn start_vectors_position_id_and_xgid() {
    let start = Position::start(Side::White);
    assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
    assert_eq!(start.position_id().len(), 14);
    assert_eq!(
        Position::from_position_id("4HPwATDgc/ABMA", Side::White).unwrap(),
        start
    );
    let x: Xgid = START_XGID.parse().unwrap();
    assert_eq!(*x.position(), start);
    assert_eq!(x.to_string(), START_XGID);
    let bare: Xgid = START_XGID.trim_start_matches("XGID=").parse().unwrap();
    assert_eq!(bare, x);
}

// Page, "Position ID": "GNU Backgammon's code ... puts the side **not** on roll first ...
// This crate follows GNU Backgammon's actual output": the side not on roll's checkers are the
// first bits (one 1 per checker, then a 0, for points 1-24 then the bar).
#[test]
fn position_id_lists_the_side_not_on_roll_first() {
    // White on roll with one checker on its 1 point (14 off); Black, not on roll, has all
    // fifteen on its 13 point.
    let p = pos(&[(1, 1)], &[(13, 15)], Side::White);
    let id = p.position_id();
    // Decode the first bits: base64 of little-endian bytes, bit 0 first.
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = Vec::new();
    let mut acc: u32 = 0;
    let mut n = 0;
    let mut bytes = Vec::new();
    for c in id.bytes() {
        let v = alphabet.iter().position(|&a| a == c).unwrap() as u32;
        acc = (acc << 6) | v;
        n += 6;
        while n >= 8 {
            n -= 8;
            bytes.push((acc >> n) as u8);
        }
    }
    for b in bytes {
        for i in 0..8 {
            bits.push((b >> i) & 1);
        }
    }
    // The first player's points 1..12 are empty (12 zeros), then 15 ones on its 13.
    assert!(
        bits[..12].iter().all(|&b| b == 0),
        "{id}: Black, not on roll, first"
    );
    assert!(bits[12..27].iter().all(|&b| b == 1), "{id}");
    assert_eq!(Position::from_position_id(&id, Side::White).unwrap(), p);
}

// Page, "Match ID": "Refused: the undefined cube owner code 2 ..., a single zero die or a
// 7, bits beyond the key, a match longer than 64 points, ... and while no game has ended a
// score at or above the length (the issue's `EQFgAaAAoAAA`, score 10-20 in an 11-point
// match)".
#[test]
fn match_id_refuses_a_score_at_the_length() {
    assert!("EQFgAaAAoAAA".parse::<MatchId>().is_err());
    assert!("cAkAAAAAAAAA".parse::<MatchId>().is_ok());
    assert!("cAkAAAAAAAA".parse::<MatchId>().is_err(), "11 characters");
}

// Page, "Match ID": "bit 66, **set when the Jacoby rule is not in use**"; "Every Match ID
// GNUBG writes reads back and re-encodes to the same 12 characters"; `MatchId::rules` reads
// the Jacoby flag.
#[test]
fn match_id_bit_66_and_the_jacoby_rule() {
    // GNU Backgammon's money game start with the Jacoby rule (its default).
    let id: GnubgId = "4HPwATDgc/ABMA:cAkAAAAAAAAA".parse().unwrap();
    assert!(id.match_id().jacoby());
    assert!(id.match_id().rules(&Rules::standard()).jacoby);
    assert_eq!(id.to_string(), "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    let g = game(Rules::standard());
    let s = State::from_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA").unwrap();
    let without = g.gnubg_id_unswapped(&s).to_string();
    assert_ne!(without, "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    let with = game(Rules::standard().with_jacoby(true))
        .gnubg_id_unswapped(&s)
        .to_string();
    assert_eq!(with, "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    let m: MatchId = without.split(':').nth(1).unwrap().parse().unwrap();
    assert!(!m.jacoby());
}

// Page, "Record fact or rules option": "Its Match ID holds the double and the offer with the
// turn back at the doubler (`4PPgASTgc+QBKA:cFmgAAAAAAAE` ...), which reads as
// `Phase::ResignOfferedDoubled` and writes back the same" (D6).
#[test]
fn d6_gnubg_id_of_a_resignation_while_doubled() {
    let text = "4PPgASTgc+QBKA:cFmgAAAAAAAE";
    let s = State::from_gnubg_id(text).unwrap();
    assert!(matches!(s.phase(), Phase::ResignOfferedDoubled(_)));
    let rules = Rules::standard()
        .with_resignations(true)
        .with_resign_when_doubled(true);
    let g = game(
        rules.with_jacoby(
            text.parse::<GnubgId>()
                .unwrap()
                .match_id()
                .rules(&rules)
                .jacoby,
        ),
    );
    assert_eq!(g.check_state(&s), Ok(()));
    assert_eq!(g.gnubg_id_unswapped(&s).to_string(), text);
}

// Page, "What GNUBG shows after `set xgid`": the table of two XGIDs with the top player on
// roll, their IDs by default (`from`) and with the swap declined (`from_xgid_unswapped`).
#[test]
fn set_xgid_table_of_the_page() {
    let rows = [
        (
            "-A----A----------------ab-:1:1:-1:12:2:4:0:7:10",
            "QQAAWAAAAAAAAA:QQnlACAAIAAE",
            "QQAAWAAAAAAAAA:EQHlAEAAEAAE",
        ),
        (
            "-A----A----------------ab-:1:-1:-1:D:2:4:0:7:10",
            "QQAAWAAAAAAAAA:UQngACAAIAAE",
            "QQAAWAAAAAAAAA:AQHgAEAAEAAE",
        ),
    ];
    for (xgid, swapped, unswapped) in rows {
        let x: Xgid = xgid.parse().unwrap();
        assert!(x.gnubg_swaps_players());
        assert_eq!(GnubgId::from(&x).to_string(), swapped, "{xgid}");
        assert_eq!(
            GnubgId::from_xgid_unswapped(&x).to_string(),
            unswapped,
            "{xgid}"
        );
        assert_eq!(
            MatchId::from(&x).to_string(),
            swapped.split(':').nth(1).unwrap()
        );
        // Going back ("the dice higher first"): a top-on-roll XGID gives
        // `xgid.swap_players()` (the pending double aside, which is stepped back).
        if !xgid.contains(":D:") {
            let x: Xgid = xgid.replace(":12:", ":21:").parse().unwrap();
            let id: GnubgId = swapped.parse().unwrap();
            assert_eq!(Xgid::try_from(&id).unwrap(), x.swap_players());
            let id: GnubgId = unswapped.parse().unwrap();
            assert_eq!(Xgid::try_from(&id).unwrap(), x);
        }
    }
}

// Page, "The convention": "`Xgid::gnubg_swaps_players` says when: exactly when the top player,
// Black, is on roll or has doubled"; "`State::to_gnubg_id(&s)` is therefore
// `GnubgId::from(&s.to_xgid())` for every state before the roll or with dice to play"; the
// unswapped form "reads back as the state itself".
#[test]
fn gnubg_id_convention_over_random_states() {
    let g = game(Rules::standard());
    let mut rng = GameRng::new(11, 0);
    let mut checked = 0;
    for _ in 0..20 {
        play_out(&g, &mut g.new_initial_state(), &mut rng, |s, _| {
            if matches!(s.phase(), Phase::BeforeRoll | Phase::Moving) {
                let x = s.to_xgid();
                assert_eq!(s.to_gnubg_id(), GnubgId::from(&x));
                assert_eq!(x.gnubg_swaps_players(), s.to_move() == Side::Black);
                let back = State::from_gnubg_id(&s.to_gnubg_id_unswapped().to_string()).unwrap();
                assert_eq!(&back, s);
                let again: State = s.to_string().parse().unwrap();
                assert_eq!(&again, s);
                checked += 1;
            }
        });
    }
    assert!(checked > 100);
}

// Page, "XGID": "Refused: more than 15 checkers, ..., both sides borne off, a cube above 2^12
// or above the XGID's own maximum, a pending beaver or raccoon (`B`/`R`), a match longer than
// 64 points, a score at or above the match length, a Crawford flag where no Crawford game can
// be (or with the cube turned or doubled in it), the Jacoby or beaver flag in match play, and
// a double offered by a player who cannot double."
#[test]
fn xgid_refusals() {
    let ok = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
    assert!(ok.parse::<Xgid>().is_ok());
    let bad = [
        // 16 White checkers.
        "XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        // Both sides off.
        "XGID=--------------------------:0:0:1:00:0:0:0:0:10",
        // Cube 2^13.
        "XGID=-b----E-C---eE---c-e----B-:13:1:1:00:0:0:0:0:12",
        // Cube above the XGID's maximum.
        "XGID=-b----E-C---eE---c-e----B-:5:1:1:00:0:0:0:0:4",
        // A pending beaver or raccoon.
        "XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:1:-1:1:R:0:0:0:0:10",
        // A 65-point match.
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:65:10",
        // A score at the length.
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:7:0:0:7:10",
        // Crawford with no side at length - 1, and in the Crawford game a turned cube.
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:3:1:7:10",
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:6:3:1:7:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:6:3:1:7:10",
        // The Jacoby (1) or beaver (2) flag in match play: field 7 is the Crawford flag
        // there, so use 2 (beavers), which a match cannot have.
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:3:2:7:10",
        // A double offered by the player on turn with the opponent's cube.
        "XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10",
    ];
    for b in bad {
        assert!(b.parse::<Xgid>().is_err(), "{b} should be refused");
    }
}

// Page, "The rules an ID records": "`Xgid::rules(&base)` reads ... in money play the Jacoby
// rule and beavers as field 7 says, in match play the Crawford rule turned on when the XGID is
// the Crawford game, the maximum cube of field 10 ... A game's own XGID (`Backgammon::xgid`)
// reads back its rules ...; a game without a cube limit writes XG's 10, which reads back as
// 2^10."
#[test]
fn xgid_rules_fields() {
    let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:3:0:6"
        .parse()
        .unwrap();
    let r = x.rules(&Rules::lattjo());
    assert!(r.jacoby && r.beavers);
    assert_eq!(r.max_cube_log2, Some(6));
    assert_eq!(r.single_die, SingleDiePolicy::Lattjo);
    let c: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:6:1:7:10"
        .parse()
        .unwrap();
    assert!(c.rules(&Rules::lattjo()).crawford);
    // A game's own XGID.
    let rules = Rules::standard()
        .with_jacoby(true)
        .with_max_cube_log2(Some(8));
    let g = game(rules);
    let s = g.new_initial_state();
    let s2 = after(&g, s, &[Action::Opening { white: 3, black: 1 }]);
    let x = g.xgid(&s2);
    assert_eq!(x.rules(&Rules::standard()), rules);
    let none = game(Rules::standard()).xgid(&s2);
    assert_eq!(none.max_cube_log2(), 10);
    assert_eq!(none.rules(&Rules::standard()).max_cube_log2, Some(10));
    // Reading ignores the rule fields.
    let read: State = x.to_string().parse().unwrap();
    assert_eq!(read, s2);
}

// Page, the table of phases: "`Beavered` (D5) written as the double before the beaver; reads
// as `Doubled`"; "`Opening` written as the start before White's roll"; "`ResignOffered`
// written as before the roll"; "`Rolling` reads as `BeforeRoll`"; "`Over` the final
// position; refused on reading".
#[test]
fn xgid_of_each_phase() {
    let g = game(
        Rules::standard()
            .with_beavers(true)
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    // Opening.
    let s = g.new_initial_state();
    let x = s.to_xgid();
    assert_eq!(x.to_string(), START_XGID);
    // Beavered: the double before it.
    let before = white_before_second_roll(&g);
    let d = after(&g, before, &[Action::Double]);
    let b = after(&g, d, &[Action::Beaver]);
    assert_eq!(b.to_string(), d.to_string());
    let read: State = b.to_string().parse().unwrap();
    assert_eq!(read.phase(), Phase::Doubled);
    assert_eq!(read, d);
    // ResignOfferedDoubled: written as the double.
    let r = after(&g, d, &[Action::Resign(ResignLevel::Single)]);
    assert_eq!(r.to_string(), d.to_string());
    // GNUBG ID: whole.
    let back = State::from_gnubg_id(&r.to_gnubg_id_unswapped().to_string()).unwrap();
    assert_eq!(back, r);
    // ResignOffered before the roll: the state before the roll.
    let o = after(&g, before, &[Action::Resign(ResignLevel::Gammon)]);
    assert_eq!(o.to_string(), before.to_string());
    let back = State::from_gnubg_id(&o.to_gnubg_id_unswapped().to_string()).unwrap();
    assert_eq!(back, o);
    // Rolling: reads as BeforeRoll.
    let rolling = after(&g, before, &[Action::Roll]);
    let read: State = rolling.to_string().parse().unwrap();
    assert_eq!(read.phase(), Phase::BeforeRoll);
    let read = State::from_gnubg_id(&rolling.to_gnubg_id_unswapped().to_string()).unwrap();
    assert_eq!(read.phase(), Phase::BeforeRoll);
    // Over: the GNUBG ID is refused on reading; the XGID holds the final position, refused
    // when a side has borne off every checker, and for a game ended by a drop (or a
    // resignation) reads as that position in play, since an XGID cannot say the game ended.
    let over = after(&g, d, &[Action::Drop]);
    assert_eq!(
        State::from_gnubg_id(&over.to_gnubg_id_unswapped().to_string()),
        Err(ImportError::Finished)
    );
    let read: State = over.to_string().parse().unwrap();
    assert_eq!(read.phase(), Phase::BeforeRoll);
    assert_eq!(read.position(), over.position());
    let borne_off = {
        let p = pos(&[(1, 1)], &[(12, 15)], Side::White);
        let mut s = g.state_from(p, Some(dice(2, 1))).unwrap();
        let play = legal(&g, &s)[0];
        apply(&g, &mut s, play);
        assert_eq!(s.phase(), Phase::Over);
        s
    };
    assert_eq!(
        borne_off.to_string().parse::<State>(),
        Err(ImportError::Finished)
    );
}

// Page, "Finished games are refused on import": "a position where a side has borne off every
// checker, or a Match ID whose game has ended, is `ImportError::Finished` ... The empty board
// (both sides off) is no position at all (`PositionError::BothBorneOff`): the all-zero
// Position ID and the all-dash XGID are refused. `Backgammon::state_from(position, dice)`
// refuses a finished position too."
#[test]
fn finished_games_are_refused_on_import() {
    assert_eq!(
        "XGID=a-------------------------:0:0:1:00:0:0:0:0:10".parse::<State>(),
        Err(ImportError::Finished)
    );
    assert!(Position::from_position_id("AAAAAAAAAAAAAA", Side::White).is_err());
    assert!(
        "XGID=--------------------------:0:0:1:00:0:0:0:0:10"
            .parse::<Xgid>()
            .is_err()
    );
    assert_eq!(
        Position::new(
            Side::White,
            [
                15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            ],
            {
                let mut b = [0u8; 26];
                b[0] = 15;
                b
            }
        ),
        Err(PositionError::BothBorneOff)
    );
    let mut black = [0u8; 26];
    black[3] = 1;
    black[0] = 14;
    let mut white = [0u8; 26];
    white[0] = 15;
    let won = Position::new(Side::Black, white, black).unwrap();
    assert_eq!(
        Backgammon::default().state_from(won, None),
        Err(StateError::Finished(Side::White))
    );
    // A Match ID whose game has ended.
    let g = game(Rules::standard());
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Drop);
    assert_eq!(
        State::from_gnubg_id(&s.to_gnubg_id_unswapped().to_string()),
        Err(ImportError::Finished)
    );
}

// Page: "A mutual closeout is refused everywhere a state is made
// (`StateError::MutualCloseout`) ... `state_from`, `State::try_from(StateSetup)` ... and the
// GNUBG ID, XGID ... imports all refuse it" (B9).
#[test]
fn b9_a_mutual_closeout_is_refused() {
    let home: &[(usize, u8)] = &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (25, 1)];
    let p = pos(home, home, Side::White);
    assert!(p.closed_out(Side::White) && p.closed_out(Side::Black));
    let g = game(Rules::standard());
    assert_eq!(g.state_from(p, None), Err(StateError::MutualCloseout));
    assert_eq!(State::try_from(setup(p)), Err(StateError::MutualCloseout));
    let x = Xgid::money(p);
    assert!(matches!(
        x.to_string().parse::<State>(),
        Err(ImportError::State(StateError::MutualCloseout))
    ));
    let id = format!("{}:{}", p.position_id(), MatchId::money_start());
    assert!(State::from_gnubg_id(&id).is_err());
}

// ---------------------------------------------------------------------------------------
// "States and the rules that reach them": `Backgammon::check_state`
// ---------------------------------------------------------------------------------------

/// Every option on: the game that reaches the states below.
fn all_options() -> Backgammon {
    game(
        Rules::standard()
            .with_beavers(true)
            .with_automatic_doubles(2)
            .with_resignations(true)
            .with_resign_when_doubled(true),
    )
}

/// Asserts that `g` refuses `s` everywhere the page says: `apply` with
/// `PlayError::OtherRules` and the state unchanged, `is_legal` false, nothing from
/// `legal_actions`, `chance_outcomes`, `sample_chance`, `sample_action`; `turn` still answers.
fn refused_everywhere(g: &Backgammon, s: &State, want: &OtherRulesError) {
    assert_eq!(g.check_state(s).as_ref(), Err(want));
    let chance = [
        Action::Dice(dice(3, 1)),
        Action::Opening { white: 3, black: 1 },
    ];
    for a in FIXED_ACTIONS.into_iter().chain(chance) {
        let mut t = *s;
        assert_eq!(g.apply(&mut t, &a), Err(PlayError::OtherRules(*want)));
        assert_eq!(t, *s);
        assert!(!g.is_legal(s, &a));
    }
    assert!(legal(g, s).is_empty());
    let mut out = Vec::new();
    g.chance_outcomes(s, &mut out);
    assert!(out.is_empty());
    let mut rng = GameRng::new(1, 0);
    assert_eq!(g.sample_chance(s, &mut rng), None);
    assert_eq!(g.sample_action(s, &mut rng, &mut Vec::new()), None);
    let _ = g.turn(s);
}

// Page: "without the cube (B25-B29): a cube above 1 or owned, a double to answer (also
// beavered or interrupted by a resignation offer), a game won by a drop".
#[test]
fn check_state_without_the_cube() {
    let all = all_options();
    let nc = game(Rules::standard().with_cube(false).with_resignations(true));
    let before = white_before_second_roll(&all);
    let d = after(&all, before, &[Action::Double]);
    let took = after(&all, d, &[Action::Take]);
    let beaver = after(&all, d, &[Action::Beaver]);
    let offer = after(&all, d, &[Action::Resign(ResignLevel::Single)]);
    let dropped = after(&all, d, &[Action::Drop]);
    for s in [d, took, beaver, offer, dropped] {
        let e = nc.check_state(&s).unwrap_err();
        assert!(
            matches!(e, OtherRulesError::NeedsCube(_)),
            "{:?}",
            s.phase()
        );
        refused_everywhere(&nc, &s, &e);
    }
    assert_eq!(nc.check_state(&before), Ok(()));
}

// Page: "with a cube limit (`max_cube_log2`, A13): a cube above it; a double offered or
// dropped at it ...; a beaver, or a dropped beaver, with no room for two doubles".
#[test]
fn check_state_with_a_cube_limit() {
    let all = all_options();
    // Beavers, and a cube limit of 2^n.
    let limited = |n| {
        game(
            Rules::standard()
                .with_beavers(true)
                .with_max_cube_log2(Some(n)),
        )
    };
    let mut up = setup(Position::start(Side::White));
    up.cube_log2 = 2;
    up.cube_owner = Some(Side::White);
    let s = State::try_from(up).unwrap();
    let past = |g: &Backgammon, s: &State| {
        matches!(g.check_state(s), Err(OtherRulesError::PastCubeLimit { .. }))
    };
    let lim1 = limited(1);
    assert!(matches!(
        lim1.check_state(&s),
        Err(OtherRulesError::CubeAboveLimit { .. })
    ));
    let lim2 = limited(2);
    assert_eq!(lim2.check_state(&s), Ok(()));
    // A double offered at the limit, and dropped.
    let d = after(&all, s, &[Action::Double]);
    assert!(past(&lim2, &d));
    let dropped = after(&all, d, &[Action::Drop]);
    assert!(past(&lim2, &dropped));
    // A beaver at 2 needs room for 8: refused under a limit of 4, reached under 8.
    up.cube_log2 = 1;
    let s = State::try_from(up).unwrap();
    let b = after(&all, s, &[Action::Double, Action::Beaver]);
    assert!(past(&lim2, &b));
    let lim3 = limited(3);
    assert_eq!(lim3.check_state(&b), Ok(()));
    let bd = after(&all, b, &[Action::Drop]);
    assert!(past(&lim2, &bd));
    assert_eq!(lim3.check_state(&bd), Ok(()));
}

// Page: "a cube above 1 at the opening roll beyond the automatic doubles allowed (D3):
// `automatic_doubles` in money play, none in match play. Later in the game a centred cube
// above 1 ... is taken as set by hand".
#[test]
fn check_state_automatic_doubles_at_the_opening() {
    let all = all_options();
    let mut s = all.new_initial_state();
    apply(&all, &mut s, Action::Opening { white: 2, black: 2 });
    apply(&all, &mut s, Action::Opening { white: 2, black: 2 });
    assert_eq!(s.cube_value(), 4);
    let one = game(Rules::standard().with_automatic_doubles(1));
    assert!(matches!(
        one.check_state(&s),
        Err(OtherRulesError::AutomaticDoubles { .. })
    ));
    assert_eq!(
        game(Rules::standard().with_automatic_doubles(2)).check_state(&s),
        Ok(())
    );
    // Later in the game a centred cube of 4 passes under any rules with the cube.
    apply(&all, &mut s, Action::Opening { white: 5, black: 2 });
    assert_eq!(s.cube_value(), 4);
    assert_eq!(s.cube_owner(), None);
    assert_eq!(game(Rules::lattjo()).check_state(&s), Ok(()));
}

// Page: "without beavers (D5): `Phase::Beavered`, and a drop won by the beaverer".
#[test]
fn check_state_without_beavers() {
    let all = all_options();
    let mut b = white_before_second_roll(&all);
    apply(&all, &mut b, Action::Double);
    apply(&all, &mut b, Action::Beaver);
    let nb = game(Rules::standard());
    let e = nb.check_state(&b).unwrap_err();
    assert!(matches!(e, OtherRulesError::NeedsBeavers(_)));
    refused_everywhere(&nb, &b, &e);
    let bd = after(&all, b, &[Action::Drop]);
    assert!(matches!(
        nb.check_state(&bd),
        Err(OtherRulesError::NeedsBeavers(_))
    ));
}

// Page: "without resignations (D6): `Phase::ResignOffered`, a refused resignation, a game won
// by resignation; without `resign_when_doubled`: `Phase::ResignOfferedDoubled`, a resignation
// refused with a double to answer, one accepted by the doubler".
#[test]
fn check_state_without_resignations() {
    let all = all_options();
    let nr = game(Rules::standard().with_beavers(true));
    let before = white_before_second_roll(&all);
    let offered = after(&all, before, &[Action::Resign(ResignLevel::Single)]);
    let refused = after(&all, offered, &[Action::RejectResignation]);
    let won = after(&all, offered, &[Action::AcceptResignation]);
    for s in [offered, refused, won] {
        let e = nr.check_state(&s).unwrap_err();
        assert!(
            matches!(e, OtherRulesError::NeedsResignations(_)),
            "{:?}",
            s.phase()
        );
    }
    refused_everywhere(&nr, &offered, &nr.check_state(&offered).unwrap_err());
    let r = game(Rules::standard().with_beavers(true).with_resignations(true));
    for s in [offered, refused, won] {
        assert_eq!(r.check_state(&s), Ok(()));
    }
    let d = after(&all, before, &[Action::Double]);
    let od = after(&all, d, &[Action::Resign(ResignLevel::Single)]);
    let rd = after(&all, od, &[Action::RejectResignation]);
    let ad = after(&all, od, &[Action::AcceptResignation]);
    for s in [od, rd, ad] {
        assert!(
            matches!(
                r.check_state(&s),
                Err(OtherRulesError::NeedsResignWhenDoubled(_))
            ),
            "{:?}",
            s.phase()
        );
        assert_eq!(all.check_state(&s), Ok(()));
    }
}

// Page: "the Jacoby rule (D5) decides how a gammon or backgammon (played out or resigned)
// with a centred cube in money play scored: single with it, in full without it".
#[test]
fn check_state_jacoby() {
    let gammon = pos(&[(1, 1)], &[(6, 15)], Side::White);
    let j = game(Rules::standard().with_jacoby(true));
    let n = game(Rules::standard());
    let end = |g: &Backgammon| {
        let mut s = g.state_from(gammon, Some(dice(2, 1))).unwrap();
        let play = legal(g, &s)[0];
        apply(g, &mut s, play);
        s
    };
    let single = end(&j);
    let full = end(&n);
    assert!(matches!(
        n.check_state(&single),
        Err(OtherRulesError::NeedsJacoby(_))
    ));
    assert!(matches!(
        j.check_state(&full),
        Err(OtherRulesError::Jacoby(_))
    ));
    assert_eq!(j.check_state(&single), Ok(()));
    assert_eq!(n.check_state(&full), Ok(()));
}

// Page: "`Phase::Rolling` (the roll chosen) needs a choice before the roll (resignations, or a
// double the player on roll may offer) or a double just taken."
#[test]
fn check_state_rolling_needs_a_choice() {
    let std = game(Rules::standard());
    let mut s = white_before_second_roll(&std);
    apply(&std, &mut s, Action::Roll);
    let nc = game(Rules::standard().with_cube(false));
    assert_eq!(nc.check_state(&s), Err(OtherRulesError::NoChoiceToRoll));
    let ncr = game(Rules::standard().with_cube(false).with_resignations(true));
    assert_eq!(ncr.check_state(&s), Ok(()));
    // A double just taken: the doubler rolls with the taker's cube.
    let mut t = white_before_second_roll(&std);
    apply(&std, &mut t, Action::Double);
    apply(&std, &mut t, Action::Take);
    assert_eq!(t.phase(), Phase::Rolling);
    assert_eq!(std.check_state(&t), Ok(()));
}

// Page: "The single-die policy (D1) decides which plays are legal, not what a state holds,
// and refuses nothing."
#[test]
fn check_state_single_die_policy_refuses_nothing() {
    let lat = game(Rules::lattjo().with_crawford(true));
    let std = game(Rules::standard());
    let mut rng = GameRng::new(5, 0);
    for _ in 0..5 {
        play_out(&std, &mut std.new_initial_state(), &mut rng, |s, _| {
            assert_eq!(lat.check_state(s), Ok(()));
        });
    }
}

// ---------------------------------------------------------------------------------------
// "Move notation"
// ---------------------------------------------------------------------------------------

// Page, "Move notation": "As GNU Backgammon writes it: `24/18 13/11`, `bar/22`, `6/off`,
// `13/7*`, `8/5(2)`, one checker over two dice `24/13` with intermediate points only where it
// hit (`24/18*/13`); `NotationStyle::Steps` writes every landing point (`24/18/13`)."
#[test]
fn move_notation_forms() {
    let start = Position::start(Side::White);
    let c = NotationStyle::Compact;
    let p = start.parse_play("24/18 13/11", dice(6, 2), STD).unwrap();
    assert_eq!(start.format_play(&p, c), "24/18 13/11");
    let p = start.parse_play("24/13", dice(6, 5), STD).unwrap();
    assert_eq!(start.format_play(&p, c), "24/13");
    assert_eq!(start.format_play(&p, NotationStyle::Steps), "24/18/13");
    let p = start.parse_play("8/5(2) 6/3(2)", dice(3, 3), STD).unwrap();
    assert_eq!(start.format_play(&p, c), "8/5(2) 6/3(2)");
    // bar/22 and a hit.
    let bar = pos(&[(25, 1), (13, 14)], &[(3, 1), (10, 14)], Side::White);
    let p = bar.parse_play("bar/22* 13/7", dice(6, 3), STD).unwrap();
    assert_eq!(bar.format_play(&p, c), "bar/22* 13/7");
    // 6/off.
    let home = pos(&[(6, 2), (5, 13)], &[(12, 15)], Side::White);
    let p = home.parse_play("6/off 5/off", dice(6, 5), STD).unwrap();
    assert_eq!(home.format_play(&p, c), "6/off 5/off");
    // 13/7* and 24/18*/13.
    let blot = pos(&[(24, 2), (13, 13)], &[(18, 1), (7, 14)], Side::White);
    let p = blot.parse_play("13/7* 13/8", dice(6, 5), STD).unwrap();
    // Same origin: the higher destination first.
    assert_eq!(blot.format_play(&p, c), "13/8 13/7*");
    let mid = pos(&[(24, 1), (6, 14)], &[(7, 1), (2, 14)], Side::White);
    let p = mid.parse_play("24/18*/13", dice(6, 5), STD).unwrap();
    assert_eq!(mid.format_play(&p, c), "24/18*/13");
    assert_eq!(mid.format_play(&p, NotationStyle::Steps), "24/18*/13");
}

// Page, "Move notation": the order is GNUBG's: "sorted by origin, then destination, highest
// first; each continued by the first later movement from the point where it ended (so ...
// the highest checker goes on first, `bar/22 24/23` with 1-1)".
#[test]
fn move_notation_order_is_gnubgs() {
    let start = Position::start(Side::White);
    let p = start.parse_play("6/5 8/5", dice(3, 1), STD).unwrap();
    assert_eq!(start.format_play(&p, NotationStyle::Compact), "8/5 6/5");
    let p = start.parse_play("13/11 24/18", dice(6, 2), STD).unwrap();
    assert_eq!(start.format_play(&p, NotationStyle::Compact), "24/18 13/11");
}

// Page, "Move notation": "Parsing (`Position::parse_play`) accepts all of these plus `25`/`0`
// for bar/off, the `*` optional at a final landing point, and the empty string for "cannot
// move", and returns the legal play the text names."
#[test]
fn move_notation_parsing_variants() {
    let bar = pos(&[(25, 1), (13, 14)], &[(3, 1), (10, 14)], Side::White);
    let want = bar.parse_play("bar/22* 13/7", dice(6, 3), STD).unwrap();
    assert_eq!(bar.parse_play("25/22 13/7", dice(6, 3), STD).unwrap(), want);
    let home = pos(&[(6, 2), (5, 13)], &[(12, 15)], Side::White);
    let want = home.parse_play("6/off 5/off", dice(6, 5), STD).unwrap();
    assert_eq!(home.parse_play("6/0 5/0", dice(6, 5), STD).unwrap(), want);
    let closed = pos(
        &[(25, 2), (6, 13)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
        Side::White,
    );
    assert_eq!(closed.parse_play("", dice(6, 5), STD).unwrap(), Play::NONE);
    // Text naming no legal play is refused.
    assert!(
        Position::start(Side::White)
            .parse_play("24/20", dice(6, 5), STD)
            .is_err()
    );
}

// ---------------------------------------------------------------------------------------
// "FIBS board lines"
// ---------------------------------------------------------------------------------------

const FIBS_START: &str = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";

// Page, "FIBS board lines": "Its 53 colon-separated fields ... The reader keeps every field as
// read (`Display` writes the line back)"; "the match length (9999 for an unlimited match,
// which GNU Backgammon writes as 0)"; "A match longer than 64 points (FIBS allows 99) is
// refused."
#[test]
fn fibs_board_fields_and_match_length() {
    use lattjo_backgammon::fibs::FibsBoard;
    assert_eq!(
        FIBS_START.split(':').count(),
        lattjo_backgammon::fibs::FIELDS
    );
    let b: FibsBoard = FIBS_START.parse().unwrap();
    assert_eq!(b.to_string(), FIBS_START);
    let s = b.to_state(Side::White).unwrap();
    assert_eq!(s.match_context().unwrap().length(), 3);
    for money in ["9999", "0"] {
        let line = FIBS_START.replacen(":3:0:0:", &format!(":{money}:0:0:"), 1);
        let b: FibsBoard = line.parse().unwrap();
        assert_eq!(
            b.to_state(Side::White).unwrap().match_context(),
            None,
            "{money}"
        );
    }
    let long = FIBS_START.replacen(":3:0:0:", ":65:0:0:", 1);
    let refused = long
        .parse::<FibsBoard>()
        .map_err(|_| ())
        .and_then(|b| b.to_state(Side::White).map_err(|_| ()));
    assert!(refused.is_err());
}

// Page: "`FibsBoard::from_state` ... writes the line FIBS would send to a given player, as
// colour O moving from 24 to 1; it reads back as the state for every state before the roll,
// with dice to play or with a double offered".
#[test]
fn fibs_board_round_trip_over_random_states() {
    use lattjo_backgammon::fibs::FibsBoard;
    let g = game(Rules::standard());
    let mut rng = GameRng::new(21, 0);
    let mut n = 0;
    for length in [None, Some(5)] {
        for _ in 0..6 {
            let m = length.map(|l| MatchContext::new(l, [1, 2], false).unwrap());
            play_out(&g, &mut g.new_game(m), &mut rng, |s, _| {
                if matches!(
                    s.phase(),
                    Phase::BeforeRoll | Phase::Moving | Phase::Doubled
                ) {
                    for you in [Side::White, Side::Black] {
                        let b = FibsBoard::from_state(s, you, ["a", "b"]).unwrap();
                        assert_eq!(b.color(), 1, "colour O (+1)");
                        assert_eq!(b.direction(), -1, "from 24 to 1");
                        let line = b.to_string();
                        let back: FibsBoard = line.parse().unwrap();
                        assert_eq!(&back.to_state(you).unwrap(), s, "{line}");
                        n += 1;
                    }
                }
            });
        }
    }
    assert!(n > 100);
}

// Page: "`FibsBoard::move_text` writes a play ... (one `from-to` a die, `bar`, `off`: a player
// moving from 1 to 24 enters with `bar-3` on its own 22), and `FibsBoard::parse_move` reads
// that text back, with the command's other spellings (`from to`, `b`, `o`, a leading `move`
// or `m`, a final `.`)".
#[test]
fn fibs_move_text_and_its_spellings() {
    use lattjo_backgammon::fibs::FibsBoard;
    // You move from 1 to 24 (direction +1), on the bar, with 3-1 to play.
    let g = game(Rules::standard());
    let p = pos(&[(25, 1), (13, 14)], &[(10, 15)], Side::White);
    let s = g.state_from(p, Some(dice(3, 1))).unwrap();
    let b = FibsBoard::from_state(&s, Side::White, ["me", "you"]).unwrap();
    // `from_state` writes colour O moving 24 to 1: the line's numbering is your own.
    let play = p.parse_play("bar/22 13/12", dice(3, 1), STD).unwrap();
    assert_eq!(b.move_text(&play).unwrap(), "bar-22 13-12");
    for text in [
        "bar-22 13-12",
        "b-22 13-12",
        "bar 22 13 12",
        "move bar-22 13-12",
        "m bar-22 13-12",
        "bar-22 13-12.",
    ] {
        assert_eq!(b.parse_move(text, STD).unwrap(), play, "{text}");
    }
    // The other direction: the spec's example line for a player moving 1 to 24.
    let line = "board:me:opp:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:1:0:0:1:1:1:0:-1:1:25:0:0:0:0:0:2:0:0:0";
    let b: FibsBoard = line.parse().unwrap();
    let play = b.parse_move("12-18 17-18", STD).unwrap();
    assert_eq!(b.move_text(&play).unwrap(), "12-18 17-18");
    let home = {
        let mut s = g
            .state_from(
                pos(&[(1, 1), (2, 14)], &[(12, 15)], Side::White),
                Some(dice(2, 1)),
            )
            .unwrap();
        let _ = &mut s;
        s
    };
    let b = FibsBoard::from_state(&home, Side::White, ["me", "you"]).unwrap();
    let play = b.parse_move("1-off 2-off", STD).unwrap();
    assert_eq!(b.parse_move("1-o 2-o", STD).unwrap(), play);
    assert_eq!(b.move_text(&play).unwrap(), "2-off 1-off");
}

// ---------------------------------------------------------------------------------------
// "Move generation and perft"
// ---------------------------------------------------------------------------------------

// Page: "From the start under the standard policy: perft(1) = 447, perft(2) = 202,782";
// "the 21 opening counts (6-5: 7 … 1-1: 42)"; "`perft_parallel` ... gives the same count for
// any number of threads".
#[test]
fn perft_from_the_start() {
    let start = Position::start(Side::White);
    assert_eq!(perft(&start, 1, STD), 447);
    assert_eq!(perft(&start, 2, STD), 202_782);
    let divide = lattjo_backgammon::perft_divide(&start, 1, STD);
    assert_eq!(divide.len(), 21);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 447);
    assert_eq!(divide.iter().find(|(d, _)| *d == dice(6, 5)).unwrap().1, 7);
    assert_eq!(divide.iter().find(|(d, _)| *d == dice(1, 1)).unwrap().1, 42);
    for threads in [1, 2, 4] {
        assert_eq!(
            lattjo_backgammon::perft_parallel(&start, 2, STD, threads),
            202_782
        );
        assert_eq!(
            lattjo_backgammon::perft_parallel(&start, 1, LAT, threads),
            perft(&start, 1, LAT)
        );
    }
}

// Page: "`PlayList::count(&position, dice, policy)` runs the same generator without recording
// the runs and returns the same number"; "a roll with no play counts once" in perft.
#[test]
fn playlist_count_equals_generate_and_no_play_counts_once() {
    let start = Position::start(Side::White);
    let mut l = PlayList::new();
    for d in Dice::ALL {
        for policy in [STD, LAT] {
            let n = l.generate(&start, d, policy);
            assert_eq!(n, l.len());
            assert_eq!(l.count(&start, d, policy), n, "{d}");
        }
    }
    let closed = pos(
        &[(25, 2), (6, 13)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
        Side::White,
    );
    assert_eq!(perft(&closed, 1, STD), 21);
}

// ---------------------------------------------------------------------------------------
// "Learning encodings"
// ---------------------------------------------------------------------------------------

// Page: "a fixed action space of 25,061 indices ..., and the dice as 57 chance outcomes";
// observation "TD-Gammon (the default, 198 + 44 = 242 values)", "Compact (28 + 44 = 72
// values)".
#[test]
fn learning_sizes() {
    let g = game(Rules::standard());
    assert_eq!(NUM_ACTIONS, 25_061);
    assert_eq!(g.num_distinct_actions(), 25_061);
    assert_eq!(g.num_chance_outcomes(), 57);
    assert_eq!(g.observation(), ObservationKind::TdGammon);
    assert_eq!(g.observation_shape().size(), 242);
    let c = g.with_observation(ObservationKind::Compact);
    assert_eq!(c.observation_shape().size(), 72);
}

// Page, the TD-Gammon board table and the context table: at the opening roll, point inputs
// "at least 1 checker, at least 2, at least 3, (n - 3) / 2", the phase one-hot (opening
// first), "on roll ... before the opening roll, White by convention", the cube centred and
// available; "a seat other than 0 and 1 observes as White".
#[test]
fn td_gammon_observation_at_the_start() {
    let g = game(Rules::standard());
    let s = g.new_initial_state();
    let mut w = vec![0f32; 242];
    let mut b = vec![0f32; 242];
    g.observe(&s, Side::White.seat(), &mut w).unwrap();
    g.observe(&s, Side::Black.seat(), &mut b).unwrap();
    let point = |o: &[f32], base: usize, p: usize| o[base + 4 * (p - 1)..base + 4 * p].to_vec();
    for o in [&w, &b] {
        for base in [0, 96] {
            assert_eq!(point(o, base, 6), vec![1.0, 1.0, 1.0, 1.0]);
            assert_eq!(point(o, base, 8), vec![1.0, 1.0, 1.0, 0.0]);
            assert_eq!(point(o, base, 13), vec![1.0, 1.0, 1.0, 1.0]);
            assert_eq!(point(o, base, 24), vec![1.0, 1.0, 0.0, 0.0]);
            assert_eq!(point(o, base, 1), vec![0.0; 4]);
        }
        assert_eq!(&o[192..196], &[0.0; 4]);
    }
    assert_eq!(&w[196..198], &[1.0, 0.0]);
    assert_eq!(&b[196..198], &[0.0, 1.0]);
    let c = 198;
    assert_eq!(&w[c..c + 7], &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(&w[c + 10..c + 12], &[1.0, 0.0]);
    assert_eq!(w[c + 24], 0.0);
    assert_eq!(&w[c + 25..c + 28], &[1.0, 0.0, 0.0]);
    assert_eq!(w[c + 28], 1.0);
    assert_eq!(w[c + 30], 0.0);
    let mut seat2 = vec![0f32; 242];
    g.observe(&s, boardgame_core::Seat::new(2), &mut seat2)
        .unwrap();
    assert_eq!(seat2, w);
    // `Position::td_gammon_inputs` gives the board part alone.
    let start = Position::start(Side::White);
    assert_eq!(&start.td_gammon_inputs(Side::White)[..], &w[..198]);
}

// Page, the compact board table: "point p (the observer's numbering): the observer's checkers
// / 15, or minus the opponent's / 15".
#[test]
fn compact_observation_at_the_start() {
    let g = game(Rules::standard()).with_observation(ObservationKind::Compact);
    let s = g.new_initial_state();
    let mut o = vec![0f32; 72];
    g.observe(&s, Side::White.seat(), &mut o).unwrap();
    assert!((o[5] - 5.0 / 15.0).abs() < 1e-6, "point 6");
    assert!(
        (o[0] + 2.0 / 15.0).abs() < 1e-6,
        "point 1: the opponent's 24"
    );
    assert!((o[23] - 2.0 / 15.0).abs() < 1e-6, "point 24");
    assert_eq!(&o[24..28], &[0.0; 4]);
    assert_eq!(o[28], 1.0, "the opening phase");
}

// Page, the action index table: "0-4 `Roll`, `Double`, `Take`, `Drop`, `Beaver`; 5-7 `Resign`
// single, gammon, backgammon; 8-9 `AcceptResignation`, `RejectResignation`; 10 the empty
// play"; one-step plays "`11 + 25 slot + (from - 1)`, slot 0 the higher die", two-step plays
// "`61 + 625 order + 25 (from1 - 1) + (from2 - 1)`", a double's k steps from 1311, 1336,
// 1661, 4586.
#[test]
fn action_indices_of_the_table() {
    let g = game(Rules::lattjo().with_beavers(true).with_resignations(true));
    let s = g.state_from(Position::start(Side::White), None).unwrap();
    for (i, a) in FIXED_ACTIONS.iter().enumerate() {
        assert_eq!(g.action_index(&s, a), Some(i), "{a}");
    }
    // With 6-5 under the booklet: 24/18 alone is slot 0 (the higher die), from 24.
    let s = g
        .state_from(Position::start(Side::White), Some(dice(6, 5)))
        .unwrap();
    let start = Position::start(Side::White);
    let single = start.parse_play("24/18", dice(6, 5), LAT).unwrap();
    assert_eq!(g.action_index(&s, &Action::Play(single)), Some(11 + 23));
    // Two steps, the higher die first: 24/18 13/8 is 61 + 25*23 + 12.
    let two = start.parse_play("24/18 13/8", dice(6, 5), LAT).unwrap();
    let i = g.action_index(&s, &Action::Play(two)).unwrap();
    assert!((61..=1310).contains(&i));
    assert_eq!(g.index_action(&s, i), Some(Action::Play(two)));
    // Every legal play has its own index, which gives the play back, and the mask marks
    // exactly the legal actions.
    let mut mask = vec![false; NUM_ACTIONS];
    g.legal_mask(&s, &mut mask).unwrap();
    let l = legal(&g, &s);
    let mut idx: Vec<usize> = l.iter().map(|a| g.action_index(&s, a).unwrap()).collect();
    for (a, &i) in l.iter().zip(&idx) {
        assert_eq!(g.index_action(&s, i), Some(*a));
        assert!(mask[i]);
    }
    assert_eq!(mask.iter().filter(|&&m| m).count(), l.len());
    idx.sort_unstable();
    idx.dedup();
    assert_eq!(idx.len(), l.len());
    // A double of two steps, origins 24 and 21 (v = 23, 20): 1336 + C(24, 2) + C(20, 1).
    let p = pos(&[(24, 1)], &[(10, 2), (19, 13)], Side::White);
    let g2 = game(Rules::standard());
    let s = g2.state_from(p, Some(dice(3, 3))).unwrap();
    let play = p.parse_play("24/18", dice(3, 3), STD).unwrap();
    assert_eq!(
        g2.action_index(&s, &Action::Play(play)),
        Some(1336 + 276 + 20)
    );
}

// Page: "Chance outcomes: `Dice(d)` is d's place in `Dice::ALL` (0-14 the non-doubles 6-5 down
// to 2-1, 15-20 the doubles 6-6 down to 1-1); the opening roll `Opening { white, black }` is
// `21 + 6 (white - 1) + (black - 1)`".
#[test]
fn chance_indices_of_the_table() {
    let g = game(Rules::standard());
    let s = g.new_initial_state();
    assert_eq!(Dice::ALL[0], dice(6, 5));
    assert_eq!(Dice::ALL[14], dice(2, 1));
    assert_eq!(Dice::ALL[15], dice(6, 6));
    assert_eq!(Dice::ALL[20], dice(1, 1));
    assert!(Dice::ALL[..15].iter().all(|d| !d.is_double()));
    for (i, d) in Dice::ALL.iter().enumerate() {
        assert_eq!(g.chance_index(&s, &Action::Dice(*d)), Some(i));
        assert_eq!(g.index_chance(&s, i), Some(Action::Dice(*d)));
    }
    let a = Action::Opening { white: 3, black: 1 };
    assert_eq!(g.chance_index(&s, &a), Some(21 + 12));
    assert_eq!(g.index_chance(&s, 33), Some(a));
    assert_eq!(
        g.index_chance(&s, 56),
        Some(Action::Opening { white: 6, black: 6 })
    );
}

// ---------------------------------------------------------------------------------------
// "Pictures"
// ---------------------------------------------------------------------------------------

// Page: "`svg::render(&subject, &svg::Options::default())` draws a `State`, a `Position` or an
// `svg::Scene` as a standalone SVG: ... the cube (64 when centred) and the dice with their
// pips as dots ... point numbers with `Options::with_point_numbers(true)`".
#[test]
fn svg_pictures() {
    use lattjo_backgammon::svg;
    let g = game(Rules::standard());
    let s = g
        .state_from(Position::start(Side::White), Some(dice(3, 1)))
        .unwrap();
    let pic = svg::render(&s, &svg::Options::default());
    assert!(pic.starts_with("<svg") || pic.starts_with("<?xml"));
    assert!(pic.trim_end().ends_with("</svg>"));
    assert!(pic.contains(">64<"), "the centred cube shows 64");
    assert_eq!(pic.matches("class=\"pip\"").count(), 4);
    assert_eq!(pic.matches("class=\"point-number\"").count(), 0);
    let numbered = svg::render(
        &Position::start(Side::White),
        &svg::Options::default().with_point_numbers(true),
    );
    assert_eq!(numbered.matches("class=\"point-number\"").count(), 24);
    let mut up = setup(Position::start(Side::White));
    up.cube_log2 = 2;
    up.cube_owner = Some(Side::Black);
    let owned = svg::render(&State::try_from(up).unwrap(), &svg::Options::default());
    assert!(owned.contains(">4<") && !owned.contains(">64<"));
}

// ---------------------------------------------------------------------------------------
// "GNUBG's match files": `.mat`
// ---------------------------------------------------------------------------------------

/// `text` read as a `.mat` file and replayed under `mat::MATCH_RULES`.
fn mat_replay(
    text: &str,
) -> Result<lattjo_backgammon::mat::Replay, lattjo_backgammon::mat::ReplayError> {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    MatFile::parse(text).unwrap().replay(&MATCH_RULES)
}

/// `text` read as an SGF file and replayed under `mat::MATCH_RULES`.
fn sgf_replay(
    text: &str,
) -> Result<lattjo_backgammon::mat::Replay, lattjo_backgammon::sgf::ReplayError> {
    use lattjo_backgammon::{mat::MATCH_RULES, sgf::SgfFile};
    SgfFile::parse(text).unwrap().replay(&MATCH_RULES)
}

/// A `.mat` line in GNUBG's layout, `%3d) %-27s %s`.
fn mat_line(n: u32, left: &str, right: &str) -> String {
    format!("{n:>3}) {left:<27} {right}").trim_end().to_string()
}

/// A 1-point match (or the given length): White (the right column) opens 3-1, Black doubles,
/// White drops, and Black's `Wins` line: Black wins the game 1 point.
fn short_mat(length: u32, doubles: &str, drops: &str, wins: &str) -> String {
    let entries = [
        mat_line(1, "", "31: 8/5 6/5"),
        mat_line(2, &format!(" {doubles}"), drops),
        format!("      {wins}"),
    ];
    format!(
        "; [Site \"here\"]\n{}",
        mat_game(length, 1, [0, 0], &entries)
    )
}

/// A `.mat` text of one game, game `number` of a `length`-point match at the score `left`,
/// `right`, with the given entry lines.
fn mat_game(length: u32, number: u32, [left, right]: [u32; 2], entries: &[String]) -> String {
    let mut lines = vec![
        String::new(),
        format!(" {length} point match"),
        String::new(),
        format!(" Game {number}"),
        format!(" Left : {left:<23} Right : {right}"),
    ];
    lines.extend_from_slice(entries);
    lines.push(String::new());
    lines.join("\n")
}

// Page: "numbered lines of two columns (GNUBG's player 0 on the left, so **the left column is
// Black**, `Side::gnubg_player`)"; `MatFile::replay(&rules)` plays the record through
// `Match<Backgammon>`; "`mat::MATCH_RULES` is GNUBG's default, the standard rules with
// resignations".
#[test]
fn mat_left_column_is_black_and_replays() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatAction, MatFile};
    assert_eq!(MATCH_RULES, Rules::standard().with_resignations(true));
    assert_eq!(Side::Black.gnubg_player(), 0);
    assert_eq!(Side::White.gnubg_player(), 1);
    let text = short_mat(1, "Doubles => 2", "Drops", "Wins 1 point");
    let f = MatFile::parse(&text).unwrap();
    assert_eq!(f.length, 1);
    let g = &f.games[0];
    assert_eq!(g.players[Side::White.index()], "Right");
    assert_eq!(g.players[Side::Black.index()], "Left");
    assert_eq!(g.entries[0].side, Side::White);
    assert!(matches!(g.entries[0].action, MatAction::Roll { .. }));
    assert_eq!(g.entries[1].side, Side::Black);
    assert_eq!(g.entries[1].action, MatAction::Double { cube: 2 });
    let r = f.replay(&MATCH_RULES).unwrap();
    assert!(r.state.is_over());
    assert_eq!(r.state.totals()[Side::Black.seat()], 1);
    assert_eq!(r.state.totals()[Side::White.seat()], 0);
    // `parse(write(x)) == x`.
    let again = MatFile::parse(&f.write().unwrap()).unwrap();
    assert_eq!(again, f);
}

// Page: "It also reads XG's variants (`bar`, `off`, a byte-order mark, ... `and the match`
// after `Wins`) and the cube words in any case and with any ending, ... (`double`, `take`,
// `drop`; also `pass`), with the cube value also glued to the arrow or the word (`Doubles
// =>2`, `Doubles=>2`)."
#[test]
fn mat_reads_xg_variants_and_cube_words() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    let base = MatFile::parse(&short_mat(1, "Doubles => 2", "Drops", "Wins 1 point")).unwrap();
    for (d, p, w) in [
        ("Doubles =>2", "Drops", "Wins 1 point"),
        ("Doubles=>2", "Drops", "Wins 1 point"),
        ("doubles => 2", "drop", "Wins 1 point"),
        ("DOUBLE => 2", "Passes", "Wins 1 point"),
        ("Doubles => 2", "Drops", "Wins 1 point and the match"),
    ] {
        let text = short_mat(1, d, p, w);
        let f = MatFile::parse(&text).unwrap_or_else(|e| panic!("{d} / {p} / {w}: {e}"));
        let r = f.replay(&MATCH_RULES).unwrap();
        assert_eq!(r.state.totals()[Side::Black.seat()], 1, "{d} / {p} / {w}");
        assert_eq!(f.games[0].entries[..2], base.games[0].entries[..2]);
    }
    let bom = format!(
        "\u{feff}{}",
        short_mat(1, "Doubles => 2", "Drops", "Wins 1 point")
    );
    assert!(MatFile::parse(&bom).is_ok());
    // `bar` and `off` for 25 and 0, in one of GNUBG's exports.
    let gnubg = include_str!("data/gnubg_mat/m131-L0-j.mat");
    let xg = gnubg.replace(" 25/", " bar/").replace("/0 ", "/off ");
    assert!(xg.contains("bar/") && xg.contains("/off "));
    assert_ne!(xg, gnubg);
    assert_eq!(MatFile::parse(&xg).unwrap(), MatFile::parse(gnubg).unwrap());
}

// Page: "Refused, with the line: input over 16 MiB or a line over 4,096 bytes, a length over
// 64, a cube that is no power of two from 2 to 4,096, `Wins` above 3 × 4,096, a score above
// 2^32 − 1, a third entry on a line, an unknown entry, and what this crate cannot represent
// (`Raccoons`, Snowie's `Illegal play`, XG's `; Set Pos=`)."
#[test]
fn mat_parse_refusals() {
    use lattjo_backgammon::mat::{MatFile, ParseErrorKind};
    let ok = short_mat(1, "Doubles => 2", "Drops", "Wins 1 point");
    assert!(MatFile::parse(&ok).is_ok());
    let kind = |t: &str| MatFile::parse(t).unwrap_err().kind;
    assert!(matches!(
        kind(&short_mat(65, "Doubles => 2", "Drops", "Wins 1 point")),
        ParseErrorKind::MatchLength(_)
    ));
    assert!(MatFile::parse(&short_mat(64, "Doubles => 2", "Drops", "Wins 1 point")).is_ok());
    for cube in ["3", "1", "8192"] {
        let e = MatFile::parse(&short_mat(
            1,
            &format!("Doubles => {cube}"),
            "Drops",
            "Wins 1 point",
        ))
        .unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Cube(_)), "{cube}: {e:?}");
        assert_eq!(e.line, 8);
    }
    assert!(MatFile::parse(&short_mat(1, "Doubles => 4096", "Drops", "Wins 1 point")).is_ok());
    assert!(matches!(
        kind(&short_mat(1, "Doubles => 2", "Drops", "Wins 12289 points")),
        ParseErrorKind::Wins(_)
    ));
    assert!(MatFile::parse(&short_mat(1, "Doubles => 2", "Drops", "Wins 12288 points")).is_ok());
    assert!(matches!(
        kind(&ok.replace("Right : 0", "Right : 4294967296")),
        ParseErrorKind::Score(_)
    ));
    assert!(matches!(
        kind(&short_mat(
            1,
            "Doubles => 2",
            "Drops    Takes",
            "Wins 1 point"
        )),
        ParseErrorKind::TooManyEntries
    ));
    // An unknown entry (after a cube entry the columns split by entries, so the word is
    // taken into the `Doubles` entry, which is then refused: with the line all the same).
    let e = MatFile::parse(&short_mat(1, "Doubles => 2", "Grumbles", "Wins 1 point")).unwrap_err();
    assert_eq!(e.line, 8);
    let alone = ok.replace(
        &mat_line(1, "", "31: 8/5 6/5"),
        &mat_line(1, "", "Grumbles"),
    );
    let e = MatFile::parse(&alone).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::UnknownEntry(_)), "{e:?}");
    assert_eq!(e.line, 7);
    assert!(matches!(
        kind(&short_mat(
            1,
            "Doubles => 2",
            "Raccoons => 8",
            "Wins 1 point"
        )),
        ParseErrorKind::Unsupported(_)
    ));
    let long = ok.replace(
        "; [Site \"here\"]",
        &format!("; [Site \"{}\"]", "x".repeat(4100)),
    );
    assert_eq!(kind(&long), ParseErrorKind::LineTooLong);
    let huge = format!("{ok}{}", ";\n".repeat((16 << 20) / 2 + 1));
    assert!(matches!(kind(&huge), ParseErrorKind::TooLarge(_)));
}

// Page: "A header whose `Variation` tag names another game ... is refused before any move
// (`ReplayErrorKind::Variation`; `MatFile::variation` gives the tag)"; XG's "Backgammon"
// reads. "`and the match` only where the game ends the match: elsewhere
// `ReplayErrorKind::AndTheMatch`".
#[test]
fn mat_replay_variation_and_and_the_match() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile, ReplayErrorKind};
    let ok = short_mat(1, "Doubles => 2", "Drops", "Wins 1 point");
    let nack = ok.replace("; [Site \"here\"]", "; [Variation \"NackGammon\"]");
    let f = MatFile::parse(&nack).unwrap();
    assert_eq!(f.variation(), Some("NackGammon"));
    assert!(matches!(
        f.replay(&MATCH_RULES).unwrap_err().kind,
        ReplayErrorKind::Variation(_)
    ));
    let xg = ok.replace("; [Site \"here\"]", "; [Variation \"Backgammon\"]");
    assert!(mat_replay(&xg).is_ok());
    let early = short_mat(3, "Doubles => 2", "Drops", "Wins 1 point and the match");
    assert!(matches!(
        mat_replay(&early).unwrap_err().kind,
        ReplayErrorKind::AndTheMatch { .. }
    ));
}

// Page: "a game that ends early is an accepted resignation (D6) before the roll, its level
// from the points as GNUBG's importer has it".
#[test]
fn mat_a_game_that_ends_early_is_a_resignation() {
    let text = mat_game(
        3,
        1,
        [0, 0],
        &[mat_line(1, "", "31: 8/5 6/5"), "      Wins 2 points".into()],
    );
    let r = mat_replay(&text).unwrap();
    let o = r.games[0].outcome.unwrap();
    assert_eq!(o.winner, Side::Black);
    assert_eq!(o.kind, WinKind::Resignation(ResignLevel::Gammon));
    assert_eq!(o.points, 2);
}

// Page: "`MatFile::record` builds a record from the actions of a match played here ... it
// refuses an opening tie (automatic doubles, D3, which the format cannot hold)";
// "`parse(write(x)) == x` for every record `write` accepts".
#[test]
fn mat_record_round_trip_and_opening_tie() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    for (seed, length) in [(1u64, 3u32), (2, 0), (3, 5)] {
        let rules = MATCH_RULES;
        let config = if length == 0 {
            MatchConfig::new(None, Some(2)).unwrap()
        } else {
            MatchConfig::new(Some(i64::from(length)), None).unwrap()
        };
        let m = Match::new(game(rules), config);
        let mut s = m.new_initial_state();
        let mut rng = GameRng::new(seed, 9);
        let mut buf = Vec::new();
        let actions = play_match_out(&m, &mut s, &mut rng, |s, a, rng| match a {
            // Few resignations: they end games at once.
            Action::Resign(_) if rng.below(20) != 0 => {
                m.legal_actions(s, &mut buf);
                buf.iter()
                    .copied()
                    .find(|b| !matches!(b, Action::Resign(_)))
                    .unwrap_or(a)
            }
            a => a,
        });
        let f = MatFile::record(&rules, length, ["w".into(), "b".into()], &actions).unwrap();
        let text = f.write().unwrap();
        let back = MatFile::parse(&text).unwrap();
        assert_eq!(back, f);
        let r = back.replay(&rules).unwrap();
        assert_eq!(r.state.totals(), s.totals(), "seed {seed}");
    }
    let auto = Rules::standard().with_automatic_doubles(1);
    let tie = [Action::Opening { white: 2, black: 2 }];
    assert!(MatFile::record(&auto, 0, ["w".into(), "b".into()], &tie).is_err());
}

// ---------------------------------------------------------------------------------------
// "GNUBG's SGF files"
// ---------------------------------------------------------------------------------------

const M7: &str = include_str!("data/gnubg_sgf/m7-crawford.sgf");

// Page: "The letters are points of a fixed board: `a` is point 1 of the player `W` and point 24
// of `B`, `y` the bar, `z` off. **SGF's `B` is GNUBG's player 1 and `W` its player 0, so `B` is
// this crate's White and `W` its Black**".
#[test]
fn sgf_letters_and_sides() {
    use lattjo_backgammon::sgf::{SgfAction, SgfFile};
    let f = SgfFile::parse(M7).unwrap();
    let g = &f.games[0];
    assert_eq!(g.length, 7);
    // `;B[32qtqs]`: White's 3-2, q = W's 17 = B's 8, t = B's 5, s = B's 6.
    let SgfAction::Roll { side, dice, steps } = &g.nodes[0].action else {
        panic!("{:?}", g.nodes[0])
    };
    assert_eq!(*side, Side::White);
    assert_eq!(*dice, [3, 2]);
    let st: Vec<(u8, u8)> = steps.iter().map(|s| (s.from(), s.to())).collect();
    assert_eq!(st, vec![(8, 5), (8, 6)]);
    // `;W[42yufd]`: Black enters from the bar (y) on u = W's 21.
    let SgfAction::Roll { side, steps, .. } = &g.nodes[3].action else {
        panic!()
    };
    assert_eq!(*side, Side::Black);
    assert_eq!((steps[0].from(), steps[0].to()), (25, 21));
    // `PW`/`PB`: W is Black, B is White.
    assert_eq!(g.players[Side::Black.index()], "gnubg");
    assert_eq!(g.players[Side::White.index()], "root");
    // The whole file replays and writes back.
    let r = f.replay(&lattjo_backgammon::mat::MATCH_RULES).unwrap();
    assert!(r.state.is_over());
    assert_eq!(SgfFile::parse(&f.write().unwrap()).unwrap(), f);
}

// Page: "Refused: ... game trees nested deeper than 64, bad syntax (..., an identifier of over
// 8 letters or with lower-case letters ...), no game tree, a root without `GM[6]` ..., an `MI`
// value that is not `key:number` or a length over 64, a `RE` that is not `W+n`/`B+n` with an
// optional `R`, a root `CV` that is no power of two, a move that does not read (dice outside
// 1-6, ... more than four steps ...), two moves in one node, a move and setup properties in
// one node, a move or setup property in the root."
#[test]
fn sgf_parse_refusals() {
    use lattjo_backgammon::sgf::{ParseErrorKind, SgfFile};
    let root = "FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]";
    let ok = format!("(;{root};B[31qtst])");
    assert!(SgfFile::parse(&ok).is_ok());
    let kind = |t: &str| SgfFile::parse(t).unwrap_err().kind;
    let deep = format!("(;{root}{}{})", "(;C[x]".repeat(65), ")".repeat(65));
    assert_eq!(kind(&deep), ParseErrorKind::TooDeep);
    assert!(matches!(
        kind(&format!("(;{root}ABCDEFGHI[x];B[31qtst])")),
        ParseErrorKind::PropertyId(_)
    ));
    assert!(matches!(
        kind(&format!("(;{root}Ab[x];B[31qtst])")),
        ParseErrorKind::PropertyId(_)
    ));
    assert_eq!(kind(""), ParseErrorKind::NoGames);
    assert!(matches!(
        kind("(;FF[4]GM[1];B[31qtst])"),
        ParseErrorKind::NotBackgammon(_)
    ));
    assert!(matches!(
        kind(&format!(
            "(;{};B[31qtst])",
            root.replace("length:3", "length:65")
        )),
        ParseErrorKind::MatchInfo(_)
    ));
    assert!(matches!(
        kind(&format!("(;{}RE[X+1];B[31qtst])", root)),
        ParseErrorKind::Result(_)
    ));
    assert!(matches!(
        kind(&format!("(;{}CV[3];B[31qtst])", root)),
        ParseErrorKind::Cube(_)
    ));
    for bad in ["71qtst", "31qtstqtstqt", "31tq"] {
        assert!(
            matches!(
                kind(&format!("(;{root};B[{bad}])")),
                ParseErrorKind::Move(_)
            ),
            "{bad}"
        );
    }
    assert_eq!(
        kind(&format!("(;{root};B[31qtst]W[31qtst])")),
        ParseErrorKind::TwoMoves
    );
    assert_eq!(
        kind(&format!("(;{root};B[31qtst]AE[a:y])")),
        ParseErrorKind::MixedNode
    );
    assert!(matches!(
        kind(&format!("(;{root}B[31qtst])")),
        ParseErrorKind::InRoot(_)
    ));
}

// Page: "`SgfFile::rules` gives the rules the file names (`RU`'s Crawford, Jacoby and cube on
// `mat::MATCH_RULES`; beavers are not recorded)"; "`SgfFile::record` ... with `RU` from the
// rules (`Crawford` and `CrawfordGame` in match play, `Jacoby` for money, `NoCube`)";
// "`SgfFile::write` writes GNUBG's layout (a line per node, `AP[lattjo-backgammon:...]`,
// escapes `\\` and `\]`)".
#[test]
fn sgf_rules_record_and_write() {
    use lattjo_backgammon::mat::MATCH_RULES;
    use lattjo_backgammon::sgf::SgfFile;
    let f = SgfFile::parse(M7).unwrap();
    assert_eq!(f.rules(), MATCH_RULES);
    let j =
        SgfFile::parse("(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]RU[Jacoby:NoCube];B[31qtst])");
    // A file may name Jacoby and NoCube, which no rules combine: read what it names.
    if let Ok(j) = j {
        let r = j.rules();
        assert!(!r.cube || r.jacoby);
    }
    let money = Rules::standard().with_jacoby(true).with_resignations(true);
    let m = Match::new(game(money), MatchConfig::new(None, Some(1)).unwrap());
    let mut rng = GameRng::new(4, 4);
    let actions = play_match_out(&m, &mut m.new_initial_state(), &mut rng, |_, a, _| a);
    let rec = SgfFile::record(&money, 0, ["a\\b".into(), "c]d".into()], &actions).unwrap();
    let text = rec.write().unwrap();
    assert!(text.contains("AP[lattjo-backgammon:"), "{text}");
    assert!(text.contains("a\\\\b") && text.contains("c\\]d"), "{text}");
    assert!(text.contains("RU[Jacoby]"), "{text}");
    assert_eq!(SgfFile::parse(&text).unwrap(), rec);
    assert!(SgfFile::parse(&text).unwrap().rules().jacoby);
    let nocube = Rules::standard().with_cube(false).with_resignations(true);
    let g = game(nocube);
    let acts = play_out(&g, &mut g.new_initial_state(), &mut rng, |_, _| {});
    let rec = SgfFile::record(&nocube, 0, ["a".into(), "b".into()], &acts).unwrap();
    let text = rec.write().unwrap();
    assert!(text.contains("NoCube"), "{text}");
    assert!(!SgfFile::parse(&text).unwrap().rules().cube);
}

// ---------------------------------------------------------------------------------------
// More claims: the round checks of a match, dead cubes, the learning context, the index of a
// play's other order, and the `.mat` / SGF writers
// ---------------------------------------------------------------------------------------

// Page: "`boardgame_core::Match::resume` and `Match::check_state` ask the game about the round
// (`Rounds::check_round`): a match takes up no game these rules cannot reach, no game whose
// match length or score is not the match's target and totals, no money game in a match and no
// match's game in a money session (A16)".
#[test]
fn a16_match_resume_checks_the_round() {
    use boardgame_core::BySeat;
    let totals = |w: i64, b: i64| {
        let mut t = BySeat::new(2, 0i64);
        t[Side::White.seat()] = w;
        t[Side::Black.seat()] = b;
        t
    };
    let std = game(Rules::standard());
    let m5 = Match::new(std, MatchConfig::new(Some(5), None).unwrap());
    let ctx = |w, b, c| MatchContext::new(5, [w, b], c).unwrap();
    assert!(
        m5.resume(std.new_game(Some(ctx(2, 1, false))), totals(2, 1))
            .is_ok()
    );
    // Score not the totals.
    assert!(
        m5.resume(std.new_game(Some(ctx(2, 1, false))), totals(1, 1))
            .is_err()
    );
    // Length not the target.
    let m7 = MatchContext::new(7, [2, 1], false).unwrap();
    assert!(m5.resume(std.new_game(Some(m7)), totals(2, 1)).is_err());
    // A money game in a match, and a match's game in a money session.
    assert!(m5.resume(std.new_game(None), totals(0, 0)).is_err());
    let money = Match::new(std, MatchConfig::new(None, Some(3)).unwrap());
    assert!(
        money
            .resume(std.new_game(Some(ctx(0, 0, false))), totals(0, 0))
            .is_err()
    );
    assert!(money.resume(std.new_game(None), totals(0, 0)).is_ok());
    // A game these rules cannot reach: the booklet's match takes up no Crawford game.
    let lat = Match::new(
        game(Rules::lattjo()),
        MatchConfig::new(Some(5), None).unwrap(),
    );
    assert!(
        lat.resume(std.new_game(Some(ctx(4, 1, true))), totals(4, 1))
            .is_err()
    );
    assert!(
        m5.resume(std.new_game(Some(ctx(4, 1, true))), totals(4, 1))
            .is_ok()
    );
}

// Page, "Against GNU Backgammon": "GNUBG refuses a double whose cube is *dead* ... (every
// double in a 1-point match, the leader's in post-Crawford games ...). The rules allow such a
// double (A10 ...), so this crate accepts it."
#[test]
fn a10_a_dead_cube_may_still_be_turned() {
    let g = game(Rules::standard());
    let m = MatchContext::new(1, [0, 0], false).unwrap();
    let s = opened(&g, g.new_game(Some(m)), 3, 1);
    assert!(legal(&g, &s).contains(&Action::Double));
    // The leader in a post-Crawford game.
    let post = MatchContext::new(5, [4, 2], false).unwrap();
    let s = opened(&g, g.new_game(Some(post)), 1, 3);
    assert_eq!(s.to_move(), Side::White);
    assert!(legal(&g, &s).contains(&Action::Double));
}

/// The context part of `seat`'s TD-Gammon observation of `s`.
fn context(g: &Backgammon, s: &State, side: Side) -> Vec<f32> {
    let mut o = vec![0f32; 242];
    g.observe(s, side.seat(), &mut o).unwrap();
    o[198..].to_vec()
}

// Page, the context table: "B+24 log2 of the cube / 12 (... with a beaver to answer, D5, the
// double taken, as GNUBG holds it)"; "B+25 cube centred, owned by the observer, by the
// opponent (... with a beaver to answer, the beaverer)"; "doubled (also a beaver to answer,
// D5: then the observer on roll answers)".
#[test]
fn learning_context_of_a_beaver_to_answer() {
    let g = game(Rules::standard().with_beavers(true));
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    let doubled = context(&g, &s, Side::White);
    assert_eq!(doubled[4], 1.0, "phase doubled");
    assert_eq!(doubled[24], 0.0);
    apply(&g, &mut s, Action::Beaver);
    let w = context(&g, &s, Side::White);
    let b = context(&g, &s, Side::Black);
    assert_eq!(w[4], 1.0, "a beaver to answer is the doubled phase");
    assert!(
        (w[24] - 1.0 / 12.0).abs() < 1e-6,
        "the double taken: cube 2"
    );
    // The beaverer (Black) owns the cube.
    assert_eq!(&w[25..28], &[0.0, 0.0, 1.0]);
    assert_eq!(&b[25..28], &[0.0, 1.0, 0.0]);
}

// Page, the context table: "a resignation offered instead of an answer to a double
// (`Phase::ResignOfferedDoubled`) sets both doubled and resignation offered"; "B+7
// resignation level ... offered"; "B+10 on roll: observer, opponent (the doubler while a
// double is offered ...)".
#[test]
fn learning_context_of_a_resignation_while_doubled() {
    let g = game(
        Rules::standard()
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    let mut s = white_before_second_roll(&g);
    apply(&g, &mut s, Action::Double);
    let w = context(&g, &s, Side::White);
    assert_eq!(&w[10..12], &[1.0, 0.0], "the doubler is on roll");
    apply(&g, &mut s, Action::Resign(ResignLevel::Gammon));
    let w = context(&g, &s, Side::White);
    assert_eq!(&w[0..7], &[0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0]);
    assert_eq!(&w[7..10], &[0.0, 1.0, 0.0]);
}

// Page, the context table: "B+12 the higher die to play, 1-6, while dice are rolled (moving,
// or a resignation offered after the roll)"; "B+18 the lower die"; "B+36 winner", "B+38 how:
// single, gammon, backgammon, dropped double, resignation", "B+43 points won / (3 x cube)";
// "B+30 match play", "B+31 match length, observer's score, opponent's score, each / 64",
// "B+34 the Crawford game; a post-Crawford game".
#[test]
fn learning_context_dice_result_and_match() {
    let g = game(Rules::standard().with_resignations(true));
    let mut s = g
        .state_from(Position::start(Side::White), Some(dice(5, 2)))
        .unwrap();
    let w = context(&g, &s, Side::White);
    let mut hi = [0.0; 6];
    hi[4] = 1.0;
    let mut lo = [0.0; 6];
    lo[1] = 1.0;
    assert_eq!(&w[12..18], &hi);
    assert_eq!(&w[18..24], &lo);
    apply(&g, &mut s, Action::Resign(ResignLevel::Single));
    let w = context(&g, &s, Side::White);
    assert_eq!(&w[12..18], &hi, "dice kept while the offer waits");
    apply(&g, &mut s, Action::AcceptResignation);
    let b = context(&g, &s, Side::Black);
    assert_eq!(&b[36..38], &[1.0, 0.0], "Black won");
    assert_eq!(&b[38..43], &[0.0, 0.0, 0.0, 0.0, 1.0]);
    assert!((b[43] - 1.0 / 3.0).abs() < 1e-6);
    // A drop: how = dropped double.
    let mut d = white_before_second_roll(&g);
    apply(&g, &mut d, Action::Double);
    apply(&g, &mut d, Action::Drop);
    let w = context(&g, &d, Side::White);
    assert_eq!(&w[36..38], &[1.0, 0.0]);
    assert_eq!(&w[38..43], &[0.0, 0.0, 0.0, 1.0, 0.0]);
    // Match fields.
    let m = MatchContext::new(7, [6, 3], true).unwrap();
    let s = g.new_game(Some(m));
    let b = context(&g, &s, Side::Black);
    assert_eq!(b[30], 1.0);
    assert!((b[31] - 7.0 / 64.0).abs() < 1e-6);
    assert!((b[32] - 3.0 / 64.0).abs() < 1e-6, "observer's score first");
    assert!((b[33] - 6.0 / 64.0).abs() < 1e-6);
    assert_eq!(&b[34..36], &[1.0, 0.0]);
    let post = g.new_game(Some(MatchContext::new(7, [6, 3], false).unwrap()));
    assert_eq!(&context(&g, &post, Side::White)[34..36], &[0.0, 1.0]);
}

// Page, "Actions": "The other order of a listed play's steps (e.g. `6/5 8/5` for the listed
// `8/5 6/5` with 3-1) has its own index, which the mask never marks and `apply` refuses."
#[test]
fn the_other_order_of_a_listed_play() {
    use lattjo_backgammon::Step;
    let g = game(Rules::standard());
    let start = Position::start(Side::White);
    let s = g.state_from(start, Some(dice(3, 1))).unwrap();
    let listed = start.parse_play("8/5 6/5", dice(3, 1), STD).unwrap();
    let steps = listed.steps();
    assert_eq!(steps.len(), 2);
    let other = Play::from_steps(&[steps[1], steps[0]]).unwrap();
    assert_ne!(other, listed);
    let i = g.action_index(&s, &Action::Play(other));
    let j = g.action_index(&s, &Action::Play(listed)).unwrap();
    assert!(i.is_some() && i != Some(j));
    let mut mask = vec![false; NUM_ACTIONS];
    g.legal_mask(&s, &mut mask).unwrap();
    assert!(mask[j] && !mask[i.unwrap()]);
    let mut t = s;
    assert!(matches!(
        g.apply(&mut t, &Action::Play(other)),
        Err(PlayError::IllegalPlay(_))
    ));
    assert_eq!(t, s);
    let _ = Step::new(8, 5).unwrap();
}

// Page: "`MatFile::record` ... a taken beaver as `Beavers => n` with the take implied by the
// doubler's next roll (as GNUBG writes it) but a dropped one as a double answering the double
// (`Doubles => n` ...), then `Drops`"; "A refused resignation is not written."
#[test]
fn mat_record_writes_beavers_as_gnubg_reads_them() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatAction, MatFile};
    let rules = MATCH_RULES.with_beavers(true);
    let g = game(rules);
    let mut s = g.new_initial_state();
    let mut actions = Vec::new();
    let mut act = |s: &mut State, a: Action| {
        apply(&g, s, a);
        actions.push(a);
    };
    act(&mut s, Action::Opening { white: 3, black: 1 });
    let p = legal(&g, &s)[0];
    act(&mut s, p);
    act(&mut s, Action::Resign(ResignLevel::Single));
    act(&mut s, Action::RejectResignation);
    act(&mut s, Action::Double);
    act(&mut s, Action::Beaver);
    // The record of `actions` and the kinds of its first game's entries.
    let record = |actions: &[Action]| {
        let f = MatFile::record(&rules, 0, ["w".into(), "b".into()], actions).unwrap();
        let kinds: Vec<MatAction> = f.games[0]
            .entries
            .iter()
            .map(|e| e.action.clone())
            .collect();
        (f, kinds)
    };
    let (f, kinds) = record(&[actions.as_slice(), &[Action::Drop]].concat());
    assert!(kinds.contains(&MatAction::Double { cube: 4 }), "{kinds:?}");
    assert!(!kinds.iter().any(|k| matches!(k, MatAction::Beaver { .. })));
    assert!(kinds.contains(&MatAction::Drop));
    let text = f.write().unwrap();
    assert!(text.contains("Wins 2 points"), "{text}");
    // Replayed: the dropped beaver; the refused resignation not written.
    let r = MatFile::parse(&text).unwrap().replay(&rules).unwrap();
    assert!(!r.actions.contains(&Action::RejectResignation));
    assert_eq!(r.games[0].outcome.unwrap().points, 2);
    // A taken beaver: `Beavers => 4`, then the doubler's roll.
    let more = [Action::Take, Action::Dice(dice(2, 1))];
    after(&g, s, &more);
    let (_, kinds) = record(&[actions.as_slice(), &more].concat());
    assert!(kinds.contains(&MatAction::Beaver { cube: 4 }), "{kinds:?}");
    assert!(!kinds.contains(&MatAction::Take));
}

// Page: "`MatFile::write` writes GNUBG's layout (`%3d) %-27s %s`, each `Wins` on a line of its
// own except after the left player's drop, where GNUBG ends that line with it".
#[test]
fn mat_write_layout_and_wins_after_the_left_players_drop() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    let g = game(MATCH_RULES);
    // White doubles, Black (left) drops: `Drops` then White's `Wins` on that line.
    let mut s = g.new_initial_state();
    let mut actions = vec![Action::Opening { white: 1, black: 3 }];
    apply(&g, &mut s, actions[0]);
    let p = legal(&g, &s)[0];
    apply(&g, &mut s, p);
    actions.push(p);
    for a in [Action::Double, Action::Drop] {
        apply(&g, &mut s, a);
        actions.push(a);
    }
    let f = MatFile::record(&MATCH_RULES, 0, ["w".into(), "b".into()], &actions).unwrap();
    let text = f.write().unwrap();
    let drop_line = text.lines().find(|l| l.contains("Drops")).unwrap();
    assert!(drop_line.contains("Wins 1 point"), "{text}");
    assert!(drop_line.starts_with("  2)  Drops"), "{text}");
    let d = text.lines().find(|l| l.contains("Doubles")).unwrap();
    assert_eq!(
        d.find("Doubles"),
        Some(34),
        "the right column at 5 + 27 + 1: {d:?}"
    );
    assert_eq!(MatFile::parse(&text).unwrap(), f);
}

// Page: "The doubler's `Wins` while the double is pending is the doubled player's resignation
// instead of an answer, read under `resign_when_doubled` (else
// `ReplayErrorKind::ResignationWhileDoubled`), its level from the points against the cube
// before the double".
#[test]
fn mat_doublers_wins_while_doubled() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile, ReplayErrorKind};
    let text = mat_game(
        5,
        1,
        [0, 0],
        &[
            mat_line(1, "", "31: 8/5 6/5"),
            mat_line(2, " Doubles => 2", ""),
            "      Wins 2 points".into(),
        ],
    );
    let f = MatFile::parse(&text).unwrap();
    assert_eq!(
        f.replay(&MATCH_RULES).unwrap_err().kind,
        ReplayErrorKind::ResignationWhileDoubled
    );
    let r = f
        .replay(&MATCH_RULES.with_resign_when_doubled(true))
        .unwrap();
    let o = r.games[0].outcome.unwrap();
    assert_eq!(o.winner, Side::Black);
    assert_eq!(o.kind, WinKind::Resignation(ResignLevel::Gammon));
    assert_eq!(o.points, 2);
}

// Page: "A record whose first game is played at another score than 0-0 ... takes the match up
// there (`Match::resume` ...): at one side's match point the first game is taken for the
// Crawford game (D4) unless it holds a double".
#[test]
fn mat_record_starting_at_match_point() {
    let game_at = |entries: &[String]| mat_game(5, 3, [4, 2], entries);
    let resigned = game_at(&[mat_line(1, "", "31: 8/5 6/5"), "      Wins 1 point".into()]);
    let r = mat_replay(&resigned).unwrap();
    assert!(r.games[0].crawford);
    assert!(r.start.round().match_context().unwrap().is_crawford());
    assert_eq!(r.state.totals()[Side::Black.seat()], 5);
    let doubled = game_at(&[
        mat_line(1, "", "31: 8/5 6/5"),
        mat_line(2, " Doubles => 2", "Drops"),
        "      Wins 1 point".into(),
    ]);
    let r = mat_replay(&doubled).unwrap();
    assert!(!r.games[0].crawford);
    assert!(r.start.round().match_context().unwrap().is_post_crawford());
}

// Page: "an empty roll otherwise is no play, or the one legal play when there is exactly one;
// with more than one legal play it is a play lost in writing, refused by name
// (`ReplayErrorKind::LostPlay`, with how many plays the roll allowed ...)"; "an empty roll
// that ends the record, with more than one legal play, leaves the dice rolled and the play to
// come".
#[test]
fn mat_empty_rolls() {
    use lattjo_backgammon::mat::ReplayErrorKind;
    let text = |entries: &[String]| mat_game(5, 1, [0, 0], entries);
    let lost = text(&[mat_line(1, "", "31:"), mat_line(2, "52: 13/8 13/11", "")]);
    let e = mat_replay(&lost).unwrap_err();
    assert!(
        matches!(e.kind, ReplayErrorKind::LostPlay { legal } if legal > 1),
        "{e:?}"
    );
    assert_eq!(e.line, 6);
    let pending = text(&[mat_line(1, "", "31:")]);
    let r = mat_replay(&pending).unwrap();
    assert_eq!(r.state.round().phase(), Phase::Moving);
    assert_eq!(r.state.round().dice(), Some(dice(3, 1)));
}

// Page: "A match not started is one game without moves" (`SgfFile::record`).
#[test]
fn sgf_record_of_a_match_not_started() {
    use lattjo_backgammon::mat::MATCH_RULES;
    use lattjo_backgammon::sgf::SgfFile;
    let f = SgfFile::record(&MATCH_RULES, 5, ["a".into(), "b".into()], &[]).unwrap();
    assert_eq!(f.games.len(), 1);
    assert!(f.games[0].nodes.is_empty());
    let text = f.write().unwrap();
    assert_eq!(SgfFile::parse(&text).unwrap(), f);
}

// Page, "Match ID": "Refused: ... a Crawford game in money play, in a 1-point match or with no
// side at length − 1, and while no game has ended a score at or above the length ... After a
// game has ended ... only the loser's score must be below the length and the winner's at most
// length − 1 + 3 × cube. Money sessions keep a running score up to the field's 32767."
#[test]
fn match_id_match_checks() {
    use lattjo_backgammon::{IdGameState, MatchIdSetup};
    let base = MatchIdSetup::money_start();
    let ok = |s: MatchIdSetup| MatchId::try_from(s).is_ok();
    assert!(!ok(MatchIdSetup {
        crawford: true,
        ..base
    }));
    assert!(!ok(MatchIdSetup {
        crawford: true,
        match_length: 1,
        ..base
    }));
    assert!(!ok(MatchIdSetup {
        crawford: true,
        match_length: 5,
        score: [2, 3],
        ..base
    }));
    assert!(ok(MatchIdSetup {
        crawford: true,
        match_length: 5,
        score: [4, 3],
        ..base
    }));
    assert!(!ok(MatchIdSetup {
        match_length: 5,
        score: [5, 0],
        ..base
    }));
    assert!(!ok(MatchIdSetup {
        match_length: 65,
        ..base
    }));
    assert!(ok(MatchIdSetup {
        match_length: 64,
        ..base
    }));
    // A game over: White won a backgammon at cube 2 from 4-0 in a 5-point match: 10 points.
    let over = MatchIdSetup {
        match_length: 5,
        game_state: IdGameState::Over,
        cube_log2: 1,
        cube_owner: Some(Side::Black),
        ..base
    };
    assert!(ok(MatchIdSetup {
        score: [4 + 6, 3],
        ..over
    }));
    assert!(!ok(MatchIdSetup {
        score: [4 + 7, 3],
        ..over
    }));
    assert!(
        !ok(MatchIdSetup {
            score: [10, 5],
            ..over
        }),
        "both at or above the length"
    );
    // Money: a running score up to 32767.
    assert!(ok(MatchIdSetup {
        score: [32767, 12],
        ..base
    }));
    assert!(!ok(MatchIdSetup {
        score: [32768, 12],
        ..base
    }));
}

// Page, "Move notation": "a checker relayed through a point of its own is one path, `3/off`,
// and the highest checker goes on first, `bar/22 24/23` with 1-1"; "a double may write
// `4/2*/off(2)`, GNUBG's own form, though only the first checker hit".
#[test]
fn move_notation_paths() {
    let c = NotationStyle::Compact;
    let p = pos(&[(25, 1), (24, 1), (6, 13)], &[(12, 15)], Side::White);
    let play = p.parse_play("bar/22 24/23", dice(1, 1), STD).unwrap();
    assert_eq!(p.format_play(&play, c), "bar/22 24/23");
    let q = pos(&[(3, 1), (1, 1), (6, 13)], &[(12, 15)], Side::White);
    let play = q.parse_play("3/1 1/off", dice(2, 1), STD).unwrap();
    assert_eq!(q.format_play(&play, c), "3/off");
    let r = pos(&[(4, 2)], &[(23, 1), (12, 14)], Side::White);
    let all = plays(&r, dice(2, 2), STD);
    assert!(all.contains(&"4/2*/off(2)".to_string()), "{all:?}");
}

// Page, "Player numbering" and "A state as text": "`swap players` ... the player on roll
// becomes player 1, the scores and the cube owner change sides, the cube, dice and match
// length stay, and the Position ID does not change"; "the ID of a state with Black on roll
// reads back as the same game with the players exchanged (colours, scores, cube owner)".
#[test]
fn gnubg_id_swap_and_black_on_roll_reads_back_exchanged() {
    let g = game(Rules::standard());
    let m = MatchContext::new(7, [1, 3], false).unwrap();
    let p = pos(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 1), (20, 1), (13, 5), (8, 3), (6, 5)],
        Side::Black,
    );
    let mut up = setup(p);
    up.phase = Phase::Moving;
    up.dice = Some(dice(4, 2));
    up.cube_log2 = 1;
    up.cube_owner = Some(Side::White);
    up.match_context = Some(m);
    let s = State::try_from(up).unwrap();
    let id = s.to_gnubg_id();
    let un = s.to_gnubg_id_unswapped();
    assert_eq!(id, un.swap_players());
    assert_eq!(
        id.to_string().split(':').next(),
        un.to_string().split(':').next(),
        "the Position ID does not change"
    );
    assert_eq!(id.match_id().match_length(), 7);
    assert_eq!(id.match_id().dice(), Some(dice(4, 2)));
    assert_eq!(id.match_id().cube_log2(), 1);
    let back = State::from_gnubg_id(&id.to_string()).unwrap();
    assert_eq!(back.to_move(), Side::White);
    assert_eq!(*back.position(), p.swap_colours());
    assert_eq!(back.match_context().unwrap().scores(), [3, 1]);
    assert_eq!(back.cube_owner(), Some(Side::Black));
    assert_eq!(back.dice(), Some(dice(4, 2)));
    let _ = g;
}

// Page, "What GNUBG shows after `set xgid`": "the Jacoby bit comes from the XGID in money play
// and says "not in use" in match play".
#[test]
fn match_id_from_xgid_jacoby_bit() {
    let money_j: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10"
        .parse()
        .unwrap();
    assert!(MatchId::from(&money_j).jacoby());
    let money: Xgid = START_XGID.parse().unwrap();
    assert!(!MatchId::from(&money).jacoby());
    let matchx: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:3:0:7:10"
        .parse()
        .unwrap();
    assert!(!MatchId::from(&matchx).jacoby());
}

// Page, "FIBS board lines": "checks each range and the counts against the board: at most 15
// checkers a side, the borne-off fields equal to 15 less the rest, the on-bar fields equal to
// the bar or 0"; and the round trip holds in the Crawford game and after it.
#[test]
fn fibs_board_counts_and_crawford_round_trip() {
    use lattjo_backgammon::fibs::FibsBoard;
    let fields: Vec<&str> = FIBS_START.split(':').collect();
    assert_eq!(fields[45], "0");
    let mut bad = fields.clone();
    bad[45] = "1";
    assert!(bad.join(":").parse::<FibsBoard>().is_err(), "borne off");
    let mut bad = fields.clone();
    bad[47] = "1";
    assert!(bad.join(":").parse::<FibsBoard>().is_err(), "on the bar");
    let mut bad = fields.clone();
    bad[6] = "-3";
    assert!(bad.join(":").parse::<FibsBoard>().is_err(), "16 checkers");
    let g = game(Rules::standard());
    for crawford in [true, false] {
        let m = MatchContext::new(5, [4, 2], crawford).unwrap();
        let s = opened(&g, g.new_game(Some(m)), 3, 1);
        for you in [Side::White, Side::Black] {
            let b = FibsBoard::from_state(&s, you, ["a", "b"]).unwrap();
            let back: FibsBoard = b.to_string().parse().unwrap();
            assert_eq!(back.to_state(you).unwrap(), s, "crawford {crawford}");
        }
    }
}

// Page, "Serde": "`State` ... deserializes through `State::try_from(StateSetup)`: ... dice
// exactly while a play is due, an outcome exactly when over ..., no owned cube at 1 ..., the
// opening at the start position, no doubling in the Crawford game, a double only from a player
// who may double" (the checks are `State::try_from`'s, with or without the feature).
#[test]
fn state_setup_checks() {
    let start = Position::start(Side::White);
    let base = setup(start);
    assert!(State::try_from(base).is_ok());
    assert!(matches!(
        State::try_from(StateSetup {
            dice: Some(dice(3, 1)),
            ..base
        }),
        Err(StateError::Dice(_))
    ));
    assert!(matches!(
        State::try_from(StateSetup {
            phase: Phase::Moving,
            ..base
        }),
        Err(StateError::Dice(_))
    ));
    assert!(matches!(
        State::try_from(StateSetup {
            phase: Phase::Over,
            ..base
        }),
        Err(StateError::OutcomePhase(_))
    ));
    assert_eq!(
        State::try_from(StateSetup {
            cube_owner: Some(Side::White),
            ..base
        }),
        Err(StateError::OwnedCubeAtOne)
    );
    let moved = pos(
        &[(24, 2), (13, 5), (8, 2), (6, 5), (5, 1)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        Side::White,
    );
    assert_eq!(
        State::try_from(StateSetup {
            phase: Phase::Opening,
            position: moved,
            ..base
        }),
        Err(StateError::Opening)
    );
    let crawford = MatchContext::new(5, [4, 0], true).unwrap();
    assert_eq!(
        State::try_from(StateSetup {
            phase: Phase::Doubled,
            match_context: Some(crawford),
            ..base
        }),
        Err(StateError::Crawford)
    );
    assert_eq!(
        State::try_from(StateSetup {
            phase: Phase::Doubled,
            cube_log2: 1,
            cube_owner: Some(Side::Black),
            ..base
        }),
        Err(StateError::Double)
    );
}

// Page, "GNUBG's SGF files": "`SgfFile::position(rules, state, players)` writes a state before
// the roll or with the dice to play as GNUBG's `save position` does", read back by the replay
// as a set-up position ("With nothing after it, the replay ends at the set-up position, dice
// included").
#[test]
fn sgf_position_round_trip_over_random_states() {
    use lattjo_backgammon::sgf::SgfFile;
    let rules = Rules::standard();
    let g = game(rules);
    let mut rng = GameRng::new(8, 1);
    let mut n = 0;
    let contexts = [
        None,
        Some(MatchContext::new(5, [1, 3], false).unwrap()),
        Some(MatchContext::new(5, [4, 2], true).unwrap()),
        Some(MatchContext::new(5, [2, 4], false).unwrap()),
    ];
    for m in contexts {
        for _ in 0..3 {
            play_out(&g, &mut g.new_game(m), &mut rng, |s, rng| {
                if matches!(s.phase(), Phase::BeforeRoll | Phase::Moving) && rng.below(4) == 0 {
                    let f = SgfFile::position(&rules, s, ["w".into(), "b".into()]).unwrap();
                    let text = f.write().unwrap();
                    let back = SgfFile::parse(&text).unwrap().replay(&f.rules()).unwrap();
                    assert_eq!(back.state.round(), s, "{text}");
                    n += 1;
                }
            });
        }
    }
    assert!(n > 50, "{n}");
    let mut d = white_before_second_roll(&g);
    apply(&g, &mut d, Action::Double);
    assert!(SgfFile::position(&rules, &d, ["w".into(), "b".into()]).is_err());
}

// ---------------------------------------------------------------------------------------
// "Rule ids ... every one is cited by a test": T12 and T13 had no test
// ---------------------------------------------------------------------------------------

// T12: "Home board" wording differs between versions; no rule changes: the home board is the
// points labelled 6 to 1 (White) and 6A to 1A (Black) under both presets, and bearing off
// starts only when every checker is in it (B2, B18).
#[test]
fn t12_home_board_is_labels_6_to_1_under_both_presets() {
    for policy in [LAT, STD] {
        for side in [Side::White, Side::Black] {
            let a = side == Side::Black;
            let home: Vec<u8> = (1..=6)
                .map(|n| Label::new(n, a).unwrap().to_point(side).get())
                .collect();
            assert_eq!(home, vec![1, 2, 3, 4, 5, 6]);
            // One checker on label 9 (9A for Black): no bearing off with 2-1, which can
            // bring it home only by using both dice.
            // `mine` for the side on roll, 15 on 13 for the other.
            let mine_on_roll = |mine: &[(usize, u8)]| {
                let theirs: &[(usize, u8)] = &[(13, 15)];
                if side == Side::White {
                    pos(mine, theirs, side)
                } else {
                    pos(theirs, mine, side)
                }
            };
            let p = mine_on_roll(&[(9, 1), (6, 14)]);
            let all = plays(&p, dice(2, 1), policy);
            assert!(!all.is_empty());
            assert!(!all.iter().any(|t| t.contains("off")), "{all:?}");
            // All home: bearing off.
            let p = mine_on_roll(&[(6, 15)]);
            assert!(
                plays(&p, dice(6, 1), policy)
                    .iter()
                    .any(|t| t.contains("off"))
            );
        }
    }
}

// T13: the English version's typo "roles 4/2" is the roll 4-2, which enters on 4A and 2A (the
// digest's check of B14, section 1).
#[test]
fn t13_the_booklets_roles_4_2_enters_on_4a_and_2a() {
    let p = pos(&[(25, 2), (6, 13)], &[(13, 15)], Side::White);
    let play = p.parse_play("bar/21 bar/23", dice(4, 2), STD).unwrap();
    let after = p.apply_steps(&play).unwrap();
    for label in [Label::new(4, true).unwrap(), Label::new(2, true).unwrap()] {
        assert_eq!(after.count(Side::White, label.to_point(Side::White)), 1);
    }
    assert_eq!(plays(&p, dice(4, 2), STD), sorted(&["bar/23 bar/21"]));
    // The booklet also lets the 4 enter alone (B7).
    assert_eq!(
        plays(&p, dice(4, 2), LAT),
        sorted(&["bar/23 bar/21", "bar/21"])
    );
}

// Page, the table of phases: "`ResignOffered` | written as before the roll"; an offer made
// after the roll (D6) is written as the play it interrupted, with the dice; and
// `State::resign_refused` is recorded by neither format ("The only field neither format
// records"), in `Moving` and `Doubled` as before the roll.
#[test]
fn xgid_and_gnubg_id_of_offers_and_refusals() {
    let g = game(
        Rules::standard()
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    let moving = g
        .state_from(Position::start(Side::White), Some(dice(4, 1)))
        .unwrap();
    let offered = after(&g, moving, &[Action::Resign(ResignLevel::Single)]);
    assert_eq!(offered.to_string(), moving.to_string());
    let read: State = offered.to_string().parse().unwrap();
    assert_eq!(read, moving);
    assert_eq!(
        State::from_gnubg_id(&offered.to_gnubg_id_unswapped().to_string()).unwrap(),
        offered
    );
    let refused = after(&g, offered, &[Action::RejectResignation]);
    assert!(refused.resign_refused());
    let read: State = refused.to_string().parse().unwrap();
    assert_eq!(read, moving, "read without the refusal");
    let read = State::from_gnubg_id(&refused.to_gnubg_id_unswapped().to_string()).unwrap();
    assert_eq!(read, moving);
    let mut d = white_before_second_roll(&g);
    apply(&g, &mut d, Action::Double);
    let rd = after(
        &g,
        d,
        &[
            Action::Resign(ResignLevel::Single),
            Action::RejectResignation,
        ],
    );
    assert!(rd.resign_refused() && rd.phase() == Phase::Doubled);
    let read: State = rd.to_string().parse().unwrap();
    assert_eq!(read, d);
    let read = State::from_gnubg_id(&rd.to_gnubg_id_unswapped().to_string()).unwrap();
    assert_eq!(read, d);
}

// Page, "Player numbering": "White is seat 0 and the XGID's bottom player (upper-case
// checkers, turn `1`, cube position `1`, the first score field)".
#[test]
fn xgid_white_is_the_bottom_player() {
    let p = pos(&[(25, 1), (6, 14)], &[(24, 15)], Side::White);
    let mut up = setup(p);
    up.cube_log2 = 1;
    up.cube_owner = Some(Side::White);
    up.match_context = Some(MatchContext::new(7, [3, 1], false).unwrap());
    let s = State::try_from(up).unwrap();
    let text = s.to_string();
    let fields: Vec<&str> = text.trim_start_matches("XGID=").split(':').collect();
    // Index 25 is the bottom player's bar: White's checker, upper case; White's 6 point is
    // index 6; Black's 24 point is White's 1: index 1, lower case.
    let board = fields[0].as_bytes();
    assert_eq!(board[25], b'A');
    assert_eq!(board[6], b'N');
    assert_eq!(board[1], b'o');
    assert_eq!(&fields[1..=5], &["1", "1", "1", "00", "3"]);
    assert_eq!(fields[6], "1");
    let black_on_roll = State::try_from(StateSetup {
        position: p.with_to_move(Side::Black),
        cube_owner: Some(Side::Black),
        ..up
    })
    .unwrap();
    let f2: Vec<String> = black_on_roll
        .to_string()
        .split(':')
        .map(str::to_string)
        .collect();
    assert_eq!(&f2[2..4], &["-1".to_string(), "-1".to_string()]);
}

/// The text of `SgfFile::position` for White on roll at the start, before the roll, in a
/// 5-point match at 1-2.
fn sgf_setup_text() -> String {
    use lattjo_backgammon::sgf::SgfFile;
    let rules = Rules::standard();
    let g = game(rules);
    let s = g.new_game(Some(MatchContext::new(5, [1, 2], false).unwrap()));
    let s = State::try_from(StateSetup {
        phase: Phase::BeforeRoll,
        ..s.setup()
    })
    .unwrap();
    let f = SgfFile::position(&rules, &s, ["w".into(), "b".into()]).unwrap();
    f.write().unwrap()
}

// Page, "GNUBG's SGF files": set-up positions: "Values GNUBG does not write (a letter past
// `y`, a cube that is no power of two up to 4096, dice outside 1-6 ..., no `PL`) are
// `sgf::ReplayErrorKind::SetupValue`, a board that is no position `SetupPosition` (both sides
// on a point, 16 checkers), a position that is no state `SetupState` (a cube in the Crawford
// game), a match that is no game of a match `SetupMatch` (the Crawford game with no side at
// match point)"; "An SGF set-up position that the replay's rules cannot reach is refused by
// name (`sgf::ReplayErrorKind::SetupRules`)"; "the board must be cleared whole (`AE[a:y]`)".
#[test]
fn sgf_setup_position_refusals() {
    use lattjo_backgammon::mat::MATCH_RULES;
    use lattjo_backgammon::sgf::{ReplayErrorKind, SgfFile};
    let text = sgf_setup_text();
    let replay = |t: &str, rules: &Rules| {
        SgfFile::parse(t)
            .unwrap_or_else(|e| panic!("{e}: {t}"))
            .replay(rules)
            .map(|_| ())
            .map_err(|e| e.kind)
    };
    assert_eq!(replay(&text, &MATCH_RULES), Ok(()));
    assert!(text.contains("CV[1]") && text.contains("AE[a:y]") && text.contains("PL[B]"));
    assert!(matches!(
        replay(&text.replace("CV[1]", "CV[3]"), &MATCH_RULES),
        Err(ReplayErrorKind::SetupValue { .. })
    ));
    assert!(matches!(
        replay(&text.replace("AW[", "AW[z]["), &MATCH_RULES),
        Err(ReplayErrorKind::SetupValue { .. })
    ));
    assert!(matches!(
        replay(&text.replacen("PL[B]", "", 1), &MATCH_RULES),
        Err(ReplayErrorKind::SetupValue { .. })
    ));
    assert!(matches!(
        replay(&text.replace("AW[", "AW[a]["), &MATCH_RULES),
        Err(ReplayErrorKind::SetupPosition(_))
    ));
    // A cube in the Crawford game.
    // `W` is Black: its score (2) is `ws`.
    assert!(text.contains("[ws:2][bs:1]"), "{text}");
    let crawford = text
        .replace("[ws:2][bs:1]", "[ws:4][bs:1]")
        .replace("RU[Crawford]", "RU[Crawford:CrawfordGame]");
    assert!(crawford.contains("CrawfordGame"), "{crawford}");
    assert_eq!(replay(&crawford, &MATCH_RULES), Ok(()));
    assert!(matches!(
        replay(&crawford.replace("CV[1]", "CV[2]"), &MATCH_RULES),
        Err(ReplayErrorKind::SetupState(_))
    ));
    // The Crawford game with no side at match point.
    let no_point = text.replace("RU[Crawford]", "RU[Crawford:CrawfordGame]");
    assert!(matches!(
        replay(&no_point, &MATCH_RULES),
        Err(ReplayErrorKind::SetupMatch(_))
    ));
    // A cube of 4 owned, under a limit of 2.
    let owned = text.replace("CV[1]", "CV[4]").replace("CP[c]", "CP[b]");
    assert!(owned.contains("CP[b]"), "{owned}");
    assert_eq!(replay(&owned, &MATCH_RULES), Ok(()));
    assert!(matches!(
        replay(&owned, &MATCH_RULES.with_max_cube_log2(Some(1))),
        Err(ReplayErrorKind::SetupRules(_))
    ));
    // The board not cleared whole.
    assert!(replay(&text.replace("AE[a:y]", "AE[a:x]"), &MATCH_RULES).is_err());
}

// Page: "Refused as unsupported: a raccoon ..., setup nodes elsewhere (after a game's first
// move, or in a later game), a root `CV` (automatic doubles); a variant (`Nackgammon`,
// `Hypergammon1` to `3`) is refused with the `.mat` reader's `ReplayErrorKind::Variation`";
// "a finished game without `RE` is refused".
#[test]
fn sgf_replay_unsupported() {
    use lattjo_backgammon::mat;
    use lattjo_backgammon::sgf::ReplayErrorKind;
    let root = "FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]";
    let kind = |t: &str| sgf_replay(t).unwrap_err().kind;
    let ok = format!("(;{root};B[31qtst])");
    assert!(sgf_replay(&ok).is_ok());
    assert!(matches!(
        kind(&format!("(;{}CV[2];B[31qtst])", root)),
        ReplayErrorKind::Unsupported(_)
    ));
    assert!(matches!(
        kind(&format!("(;{root};B[31qtst];CV[2])")),
        ReplayErrorKind::Unsupported(_)
    ));
    assert!(matches!(
        kind(&format!(
            "(;{};B[31qtst])",
            root.replace("Crawford", "Nackgammon")
        )),
        ReplayErrorKind::Replay(mat::ReplayErrorKind::Variation(_))
    ));
    // A game that ends (a drop) without RE.
    let dropped = format!("(;{root};B[31qtst];W[double];B[drop])");
    assert!(sgf_replay(&dropped).is_err());
    let with_re = format!("(;{}RE[W+1];B[31qtst];W[double];B[drop])", root);
    assert!(sgf_replay(&with_re).is_ok());
}

// Page, "GNUBG's match files": "`MatFile::parse` reads ... the header tags and comments, ...
// entries (`MatAction::Roll` with the dice as written and the movements, `(n)` counts and
// chains `24/18/13` expanded ...)"; "a single entry is the right column's when it starts at the
// 18th character or later".
#[test]
fn mat_parse_header_counts_chains_and_columns() {
    use lattjo_backgammon::mat::{MatAction, MatFile};
    let text = |entry_line: &str| {
        [
            "; [Site \"Somewhere\"]",
            "; a comment",
            "",
            " 3 point match",
            "",
            " Game 1",
            " Left : 0                       Right : 0",
            entry_line,
            "",
        ]
        .join("\n")
    };
    let f = MatFile::parse(&text(&mat_line(1, "", "44: 24/20/16 13/9(2)"))).unwrap();
    assert_eq!(f.header.len(), 1);
    assert_eq!(
        (f.header[0].key.as_str(), f.header[0].value.as_str()),
        ("Site", "Somewhere")
    );
    assert_eq!(f.comments, vec!["a comment".to_string()]);
    let e = &f.games[0].entries[0];
    assert_eq!(e.side, Side::White);
    let MatAction::Roll { dice, movements } = &e.action else {
        panic!("{e:?}")
    };
    assert_eq!(*dice, [4, 4]);
    let steps: Vec<(u8, u8)> = movements
        .iter()
        .map(|m| (m.step.from(), m.step.to()))
        .collect();
    assert_eq!(steps, vec![(24, 20), (20, 16), (13, 9), (13, 9)]);
    // A lone entry starting at the 18th character is the right column's; at the 17th, the
    // left column's.
    let at = |col: usize| format!("  1){}31: 8/5 6/5", " ".repeat(col - 4));
    assert_eq!(at(17).find("31"), Some(17));
    let right = MatFile::parse(&text(&at(17))).unwrap();
    assert_eq!(right.games[0].entries[0].side, Side::White);
    let left = MatFile::parse(&text(&at(16))).unwrap();
    assert_eq!(left.games[0].entries[0].side, Side::Black);
}

// Page, the table of phases: "`Opening` | written as the start before White's roll | whole (no
// game started)", also with the automatic doubles of the opening (D3) counted in the cube.
#[test]
fn ids_of_the_opening_with_automatic_doubles() {
    let g = game(Rules::standard().with_automatic_doubles(3));
    let mut s = g.new_initial_state();
    for expected in [s, {
        apply(&g, &mut s, Action::Opening { white: 4, black: 4 });
        s
    }] {
        let back = State::from_gnubg_id(&expected.to_gnubg_id_unswapped().to_string()).unwrap();
        assert_eq!(back, expected);
        assert_eq!(
            State::from_gnubg_id(&g.gnubg_id(&expected).to_string()).unwrap(),
            expected
        );
        let x: State = expected.to_string().parse().unwrap();
        assert_eq!(x.phase(), Phase::BeforeRoll);
        assert_eq!(x.to_move(), Side::White);
        assert_eq!(*x.position(), Position::start(Side::White));
        assert_eq!(x.cube_value(), expected.cube_value());
    }
    assert_eq!(s.cube_value(), 2);
}

// Page, "Learning encodings": "Backgammon hides nothing, so both seats see the whole state,
// each from its own side": Black's observation of a state is White's observation of the same
// state with the colours exchanged, under both observation kinds.
#[test]
fn each_seat_observes_from_its_own_side() {
    let g = game(Rules::standard());
    let mut rng = GameRng::new(17, 0);
    let mut buf = Vec::new();
    for kind in [ObservationKind::TdGammon, ObservationKind::Compact] {
        let g = g.with_observation(kind);
        let n = g.observation_shape().size();
        let mut s = g.new_initial_state();
        let mut checked = 0;
        while checked < 60 {
            if g.turn(&s) == Turn::Terminal {
                s = g.new_initial_state();
            }
            if matches!(s.phase(), Phase::BeforeRoll | Phase::Moving) {
                let up = s.setup();
                let swapped = State::try_from(StateSetup {
                    position: up.position.swap_colours(),
                    cube_owner: up.cube_owner.map(Side::opponent),
                    ..up
                })
                .unwrap();
                let mut black = vec![0f32; n];
                let mut white = vec![0f32; n];
                g.observe(&s, Side::Black.seat(), &mut black).unwrap();
                g.observe(&swapped, Side::White.seat(), &mut white).unwrap();
                assert_eq!(black, white, "{kind:?} {s:?}");
                checked += 1;
            }
            let a = random_action(&g, &s, &mut rng, &mut buf);
            apply(&g, &mut s, a);
        }
    }
}

// Page, "FIBS board lines": "`Backgammon::fibs_board`, which counts the can-move field under
// the game's rules": the digest's S1 (only the lower die playable) can move one checker under
// the standard policy and none under the booklet's (D1, A8d, A9).
#[test]
fn fibs_can_move_field_follows_the_single_die_policy() {
    // The can-move field of White's board of the XGID's state under `rules`.
    let can_move = |xgid: &str, rules: Rules| {
        let x: Xgid = xgid.parse().unwrap();
        let s = State::try_from(&x).unwrap();
        game(rules)
            .fibs_board(&s, Side::White, ["a", "b"])
            .unwrap()
            .can_move()
    };
    let s1 = "XGID=-bb-----A----------ef-----:0:0:1:61:0:0:0:0:10";
    assert_eq!(can_move(s1, Rules::standard()), 1);
    assert_eq!(can_move(s1, Rules::lattjo()), 0);
    // S3: both dice, one checker over two dice, is two moves.
    let s3 = "XGID=--------A----------efd----:0:0:1:61:0:0:0:0:10";
    assert_eq!(can_move(s3, Rules::standard()), 2);
}

// `Position::parse_play` also reads an intermediate hit left unmarked when exactly one legal
// play moves the player's checkers so (`24/13` for `24/18*/13`), as its rustdoc says; the
// page's list of what the parser accepts now says so too ("Move notation").
#[test]
fn move_notation_parses_an_unmarked_intermediate_hit() {
    let mid = pos(&[(24, 1), (6, 14)], &[(7, 1), (6, 2), (2, 12)], Side::White);
    // 24/19 is blocked (Black's 6): the only way to 13 hits on 18.
    let play = mid.parse_play("24/13", dice(6, 5), STD).unwrap();
    assert_eq!(mid.format_play(&play, NotationStyle::Compact), "24/18*/13");
}

// Page, the context table: "B+7 resignation level ...: offered (D6), or accepted in the
// result"; "B+28 the cube is available to the player on roll (cube in use, not the Crawford
// game, theirs or centred, below the limit ...), in every phase"; "B+29 a resignation was
// refused this turn (D6)".
#[test]
fn learning_context_resignation_and_cube_availability() {
    let g = game(Rules::standard().with_resignations(true));
    let mut s = white_before_second_roll(&g);
    assert_eq!(context(&g, &s, Side::White)[28], 1.0);
    apply(&g, &mut s, Action::Resign(ResignLevel::Backgammon));
    let refused = after(&g, s, &[Action::RejectResignation]);
    let w = context(&g, &refused, Side::White);
    assert_eq!(w[29], 1.0);
    assert_eq!(&w[7..10], &[0.0, 0.0, 0.0]);
    apply(&g, &mut s, Action::AcceptResignation);
    let w = context(&g, &s, Side::White);
    assert_eq!(&w[7..10], &[0.0, 0.0, 1.0]);
    assert_eq!(w[29], 0.0);
    // The Crawford game: no cube for anyone.
    let m = MatchContext::new(5, [4, 1], true).unwrap();
    let c = g.new_game(Some(m));
    assert_eq!(context(&g, &c, Side::White)[28], 0.0);
    // The opponent's cube: not available to the player on roll; without the cube, never.
    let mut up = setup(Position::start(Side::White));
    up.cube_log2 = 1;
    up.cube_owner = Some(Side::Black);
    let owned = State::try_from(up).unwrap();
    assert_eq!(context(&g, &owned, Side::White)[28], 0.0);
    let nc = game(Rules::standard().with_cube(false));
    assert_eq!(context(&nc, &nc.new_initial_state(), Side::White)[28], 0.0);
}

// Page, "Bearing off": "Checked before every single move (A5) ... so the second die (or the
// rest of a double) may bear off after the first brings the last checker home (B19)"; and
// under the booklet, a roll of which only the lower die could be played is `Play::NONE`
// (A8d, A15).
#[test]
fn a5_the_rest_of_a_double_bears_off_and_a8d_no_play_is_play_none() {
    let p = pos(&[(7, 1), (3, 14)], &[(13, 15)], Side::White);
    let mut l = PlayList::new();
    l.generate(&p, dice(4, 4), STD);
    assert!(
        l.results().any(|r| r.off(Side::White) == 3),
        "7/3 then three off"
    );
    let x: Xgid = "XGID=-bb-----A----------ef-----:0:0:1:61:0:0:0:0:10"
        .parse()
        .unwrap();
    let s = State::try_from(&x).unwrap();
    let lat = game(Rules::lattjo());
    assert_eq!(legal(&lat, &s), vec![Action::Play(Play::NONE)]);
    let std = game(Rules::standard());
    assert_eq!(legal(&std, &s).len(), 1);
    assert_ne!(legal(&std, &s), vec![Action::Play(Play::NONE)]);
}

// Page, `.mat` replay: "Under the Jacoby rule (money play, cube centred, D5) GNUBG writes a
// gammon's `Wins` without the rule (2 points where it scored 1) ...; so there a `Wins` line may
// give either value".
#[test]
fn mat_jacoby_wins_line_either_value() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    let rules = MATCH_RULES.with_jacoby(true).with_resignations(false);
    let g = game(rules);
    let mut rng = GameRng::new(99, 2);
    let mut buf = Vec::new();
    let mut found = false;
    for _ in 0..300 {
        let mut s = g.new_initial_state();
        let mut actions = Vec::new();
        while g.turn(&s) != Turn::Terminal {
            // No doubles (a chance outcome is never one).
            let a = match random_action(&g, &s, &mut rng, &mut buf) {
                Action::Double => Action::Roll,
                a => a,
            };
            apply(&g, &mut s, a);
            actions.push(a);
        }
        let o = s.outcome().unwrap();
        let loser = o.winner.opponent();
        if s.position().off(loser) > 0 {
            continue;
        }
        // A gammon or backgammon with the cube centred, scored single.
        assert_eq!((o.kind, o.points), (WinKind::Single, 1));
        let f = MatFile::record(&rules, 0, ["w".into(), "b".into()], &actions).unwrap();
        let text = f.write().unwrap();
        assert!(text.contains("Wins 1 point"), "{text}");
        let full = if s.position().bar(loser) > 0 || {
            let row = s.position().checkers(loser);
            row[19..=24].iter().any(|&c| c > 0)
        } {
            "Wins 3 points"
        } else {
            "Wins 2 points"
        };
        let gnubg = text.replace("Wins 1 point", full);
        let r = MatFile::parse(&gnubg).unwrap().replay(&rules).unwrap();
        assert_eq!(r.games[0].outcome, Some(o));
        found = true;
        break;
    }
    assert!(found);
}

// Page, `.mat` replay: "In the game that wins a match a `Wins` line may also give fewer points
// than were won, down to what the match needed (some writers cap them), and a resignation
// there may give more points than any level (`Wins 100 points` in a 5-point match ...; GNUBG's
// importer reads a backgammon, its level rule, and so does this crate)."
#[test]
fn mat_wins_of_the_match_winning_game() {
    let text = |wins: &str| {
        [
            "",
            " 5 point match",
            "",
            " Game 1",
            " Left : 4                       Right : 0",
            &mat_line(1, "", "31: 8/5 6/5"),
            &format!("      {wins}"),
            "",
        ]
        .join("\n")
    };
    let r = mat_replay(&text("Wins 100 points")).unwrap();
    let o = r.games[0].outcome.unwrap();
    assert_eq!(o.kind, WinKind::Resignation(ResignLevel::Backgammon));
    assert_eq!(o.winner, Side::Black);
    assert!(r.state.is_over());
    // Not the match-winning game: 100 points is no level.
    let early = text("Wins 100 points").replace("Left : 4", "Left : 0");
    assert!(mat_replay(&early).is_err());
}

// Page, "Pictures": "the checkers (stacks above five carry a count)"; "text is used only for
// labels (the cube's face, stack counts, and point numbers ...)".
#[test]
fn svg_stack_counts() {
    use lattjo_backgammon::svg;
    let five = pos(&[(6, 5)], &[(13, 15)], Side::White);
    let pic = svg::render(&five, &svg::Options::default());
    // The cube's face, and Black's 15 on one point.
    assert_eq!(pic.matches("<text").count(), 2, "{pic}");
    assert!(pic.contains(">15</text>"));
    let six = pos(&[(6, 6)], &[(13, 5), (12, 5), (11, 5)], Side::White);
    let pic = svg::render(&six, &svg::Options::default());
    assert_eq!(pic.matches("<text").count(), 2, "{pic}");
    assert!(pic.contains(">6</text>"));
    assert_eq!(pic.matches("class=\"checker white\"").count(), 5);
}

// Page, "States and the rules that reach them": "A `State` does not carry its rules ...: it is
// `Copy`"; "Learning encodings": "`observe` and `legal_mask` write into the caller's buffers"
// (a buffer of the wrong length is refused, `BufferSizeError`, and left unchanged).
#[test]
fn state_is_copy_and_buffers_are_the_callers() {
    fn copy<T: Copy>(_: T) {}
    let g = game(Rules::standard());
    let s = g.new_initial_state();
    copy(s);
    let mut short = vec![7f32; 241];
    assert!(g.observe(&s, Side::White.seat(), &mut short).is_err());
    assert!(short.iter().all(|&x| x == 7.0));
    let mut mask = vec![true; NUM_ACTIONS - 1];
    assert!(g.legal_mask(&s, &mut mask).is_err());
    assert!(mask.iter().all(|&m| m));
}

// Page, "GNUBG's SGF files": "GNUBG truncates names to 31 bytes on reading; the writer does
// not"; "a file may hold at most `sgf::MAX_VALUES` (524,288) root and setup values ...
// (`WriteError::TooManyValues`)".
#[test]
fn sgf_long_names_and_the_value_limit() {
    use lattjo_backgammon::mat::MATCH_RULES;
    use lattjo_backgammon::sgf::{MAX_VALUES, ParseErrorKind, SgfFile};
    assert_eq!(MAX_VALUES, 524_288);
    let long = "x".repeat(40);
    let f = SgfFile::record(&MATCH_RULES, 3, [long.clone(), "b".into()], &[]).unwrap();
    let text = f.write().unwrap();
    assert!(text.contains(&format!("PB[{long}]")), "{text}");
    assert_eq!(
        SgfFile::parse(&text).unwrap().games[0].players[Side::White.index()],
        long
    );
    let root = "FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]";
    let many = format!("(;{root}EV{};B[31qtst])", "[a]".repeat(MAX_VALUES + 1));
    assert_eq!(
        SgfFile::parse(&many).unwrap_err().kind,
        ParseErrorKind::TooManyValues
    );
    let fits = format!("(;{root}EV{};B[31qtst])", "[a]".repeat(1000));
    assert!(SgfFile::parse(&fits).is_ok());
}

// Page, "Position ID": "GNU Backgammon's code ... puts the side **not** on roll first; the
// GNUBG manual's prose and the rules file (section 6) say the reverse. This crate follows GNU
// Backgammon's actual output". GNU Backgammon 1.07.001 (`gnubg -t`, checked for this test):
// `new session`, `set dice 3 1`, `move 8/5 6/5` shows the Position ID `sGfwATDgc/ABMA`, whose
// first bits are the mover's (no longer on roll) two checkers on its 5 point.
#[test]
fn position_id_after_an_opening_3_1_is_gnubgs() {
    let g = game(Rules::standard());
    let mut s = g.new_initial_state();
    apply(&g, &mut s, Action::Opening { white: 3, black: 1 });
    let play = Position::start(Side::White)
        .parse_play("8/5 6/5", dice(3, 1), STD)
        .unwrap();
    apply(&g, &mut s, Action::Play(play));
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.position().position_id(), "sGfwATDgc/ABMA");
    assert_eq!(
        Position::from_position_id("sGfwATDgc/ABMA", Side::Black).unwrap(),
        *s.position()
    );
}
