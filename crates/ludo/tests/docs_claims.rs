//! The claims of the crate's documentation page, `docs/ludo.md`, checked from outside through
//! the public API: each test names the claim, quotes or cites the page's section and gives
//! the rule id of the rules digest (/shared/rules/ludo.md) the claim implements. Expected
//! values come from the page and the digest, not from the code.
//!
//! Index conversions on the 40/40/4 board (`T/4 = 10`): red's path index `k` on the loop is
//! loop dot `k - 1`; green's index of loop dot `d` is `(d - 10) mod 40 + 1`. On the 52/51/5
//! board (`T/4 = 13`) green's index of loop dot `d` is `(d - 13) mod 52 + 1`.

use boardgame_core::{IndexedActions, Observe};
use lattjo_ludo::{
    Action, Colour, Die, Dot, DotError, Finish, Game, GameRng, Geometry, GeometryError, Ludo, Move,
    MoveKind, Overshoot, ParseActionError, ParseLegalMoveError, ParseMoveError, ParseStateError,
    PlayError, Position, PositionError, Preset, ReleaseRolls, Rules, RulesError, SafeDots, Seat,
    SixRelease, State, StateError, Turn, context_inputs, svg,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn game(rules: Rules) -> Ludo {
    Ludo::new(rules).unwrap_or_else(|e| panic!("{rules:?}: {e}"))
}

fn at(g: &Ludo, s: &str) -> State {
    g.state_from_str(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn roll(g: &Ludo, st: &mut State, d: u8) {
    g.apply(st, &Action::Roll(Die::new(d).unwrap()))
        .unwrap_or_else(|e| panic!("roll {d} at {st}: {e}"));
}

/// The state `s` (a chance node) after a roll of `d`.
fn rolled(g: &Ludo, s: &str, d: u8) -> State {
    let mut st = at(g, s);
    assert_eq!(g.turn(&st), Turn::Chance, "{s}");
    roll(g, &mut st, d);
    st
}

fn play(g: &Ludo, st: &mut State, m: &str) {
    let mv: Move = m.parse().unwrap_or_else(|e| panic!("{m}: {e}"));
    g.apply(st, &Action::Move(mv))
        .unwrap_or_else(|e| panic!("{m} at {st}: {e}"));
}

/// The state `s` (a chance node) after a roll of `d` and the move `m`.
fn played(g: &Ludo, s: &str, d: u8, m: &str) -> State {
    let mut st = rolled(g, s, d);
    play(g, &mut st, m);
    st
}

/// Checks that `m` is the only legal move of position `s` after a roll of `d`, and that
/// `g` accepts the position `after` (for A14: a checker on the start dot of a colour that
/// does not play).
fn assert_only_move_and_accepted(g: &Ludo, (s, d, m): (&str, u8, &str), after: &str) {
    assert_eq!(moves(&rolled(g, s, d)), [m], "{s}, roll {d}");
    assert!(g.state_from_str(after).is_ok(), "{after}");
}

/// The state `s` after a roll of `d`, where the legal moves must be exactly `legal`, and the
/// move `m`.
fn played_from(g: &Ludo, s: &str, d: u8, legal: &[&str], m: &str) -> State {
    let mut st = rolled(g, s, d);
    assert_eq!(moves(&st), set(legal), "{s}, roll {d}");
    play(g, &mut st, m);
    st
}

/// The state `s` after a roll of `d`, where `m` must be the only legal move, and that move.
fn played_only(g: &Ludo, s: &str, d: u8, m: &str) -> State {
    played_from(g, s, d, &[m], m)
}

/// The legal moves as text, sorted.
fn moves(st: &State) -> Vec<String> {
    let mut v: Vec<String> = st.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn set(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|x| (*x).to_owned()).collect();
    s.sort();
    s
}

/// The colours on loop dot `dot` and how many checkers each has there.
fn on_loop_dot(st: &State, dot: u8) -> Vec<(Colour, usize)> {
    st.position().on_loop_dot(dot).collect()
}

/// The colour to move.
fn to_move(st: &State) -> Option<Colour> {
    st.position().to_move()
}

/// The colour to move and the tries so far (D8).
fn to_move_and_tries(st: &State) -> (Option<Colour>, u8) {
    (to_move(st), st.position().tries())
}

/// A test of an error: whether it is the one expected.
type IsTheError<E> = fn(&E) -> bool;

/// Checks that each text is refused as a `T`, with an error its predicate accepts.
fn assert_refused<T: std::str::FromStr>(cases: &[(&str, IsTheError<T::Err>)])
where
    T::Err: std::fmt::Debug,
{
    for (s, is_the_error) in cases {
        match s.parse::<T>() {
            Ok(_) => panic!("{s:?} was read"),
            Err(e) => assert!(is_the_error(&e), "{s:?}: {e:?}"),
        }
    }
}

fn booklet() -> Ludo {
    Ludo::default()
}

const START4: &str = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";

/// The booklet's board and the Classic board.
const L4: &str = "40/40/4";
const C5: &str = "52/51/5";

/// A four-colour position string on `board`: `head` is the colour to move and the six streak
/// ("R 0"), red's and green's checkers as given, yellow's and blue's all in the den.
fn rgyb(board: &str, head: &str, red: &str, green: &str) -> String {
    format!("LUDO {board} RGYB {head} R:{red} G:{green} Y:0,0,0,0 B:0,0,0,0")
}

// ---------------------------------------------------------------------------------------------
// "Using it"

/// "so a hybrid is one builder call away: `Rules::lattjo().with_players(2)
/// .with_overshoot(Overshoot::Illegal)`" (page intro; L1, D4).
#[test]
fn intro_a_hybrid_is_one_builder_call_away() {
    let g = game(
        Rules::lattjo()
            .with_players(2)
            .with_overshoot(Overshoot::Illegal),
    );
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.rules().overshoot, Overshoot::Illegal);
    assert!(g.rules().own_stacking, "the rest stays the booklet's");
    // The exact count is needed: a checker on 44 cannot use a 3.
    let st = rolled(&g, "LUDO 40/40/4 RY R 0 R:0,0,0,44 Y:0,0,0,0", 3);
    assert_eq!(to_move(&st), Some(Colour::Yellow), "the roll is lost");
}

/// "`Ludo::new(Rules::lattjo())?; // 4 players; .with_players(2) for two`" and
/// "`Rules::classic().with_seats("GB".parse()?)` // chosen colours" (Using it; L1, A14).
#[test]
fn using_it_four_players_by_default_two_on_request_and_chosen_colours() {
    assert_eq!(game(Rules::lattjo()).num_players(), 4);
    assert_eq!(game(Rules::lattjo().with_players(2)).num_players(), 2);
    let g = game(Rules::classic().with_seats("GB".parse().unwrap()));
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.seats().to_string(), "GB");
    assert_eq!(g.colour_of(Seat::new(0)), Some(Colour::Green));
    assert_eq!(g.colour_of(Seat::new(1)), Some(Colour::Blue));
    assert_eq!(g.colour_of(Seat::new(2)), None);
}

/// "`game.new_initial_state(); // the roll for who starts comes first`" and
/// "`game.initial_state(Seat::new(2))?; // or a chosen first player`" (Using it; L2).
#[test]
fn using_it_the_initial_state_rolls_for_who_starts_or_has_a_chosen_first_player() {
    let g = booklet();
    let st = g.new_initial_state();
    assert_eq!(g.turn(&st), Turn::Chance);
    let opening = st.position().opening().expect("the roll for who starts");
    assert_eq!(
        opening.contenders().collect::<Vec<_>>(),
        Colour::ALL.to_vec()
    );
    let st = g.initial_state(Seat::new(2)).unwrap();
    assert_eq!(to_move(&st), Some(Colour::Yellow));
    assert!(st.position().opening().is_none());
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(
        g.initial_state(Seat::new(4)).unwrap_err(),
        StateError::Seat(Seat::new(4))
    );
}

/// "`Rules` is plain data with a `with_*` builder for every option" (Using it): every field
/// set by its builder.
#[test]
fn using_it_every_rules_option_has_a_builder() {
    let r = Rules::lattjo()
        .with_players(3)
        .with_geometry(Geometry::CLASSIC)
        .with_finish(Finish::GoalFields)
        .with_sixth_dot(7)
        .with_release_rolls(ReleaseRolls::SIX)
        .with_six_release(SixRelease::OneToStart)
        .with_release_compulsory(true)
        .with_clear_start(true)
        .with_own_stacking(false)
        .with_overshoot(Overshoot::Illegal)
        .with_max_sixes(Some(2))
        .with_safe_dots(SafeDots::LUDO_KING)
        .with_three_tries(true)
        .with_must_move(false)
        .with_opening_checker(true)
        .with_roll_for_start(false)
        .with_play_out_places(true);
    assert_eq!(r.players, 3);
    assert_eq!(r.geometry, Geometry::CLASSIC);
    assert_eq!(r.finish, Finish::GoalFields);
    assert_eq!(r.sixth_dot, 7);
    assert_eq!(r.release_rolls, ReleaseRolls::SIX);
    assert_eq!(r.six_release, SixRelease::OneToStart);
    assert!(r.release_compulsory && r.clear_start && !r.own_stacking);
    assert_eq!(r.overshoot, Overshoot::Illegal);
    assert_eq!(r.max_sixes, Some(2));
    assert_eq!(r.safe_dots, SafeDots::LUDO_KING);
    assert!(r.three_tries && !r.must_move && r.opening_checker);
    assert!(!r.roll_for_start && r.play_out_places);
    let r = r.with_seats("RB".parse().unwrap());
    assert_eq!((r.players, r.seats), (2, Some("RB".parse().unwrap())));
    assert!(Ludo::new(r).is_ok());
}

/// "`Ludo::new(rules)` checks the combination once and returns a `RulesError` for rules that
/// cannot be played: a player count other than 2-4 or colours that do not match it, a sixth
/// dot off the loop, a limit of zero sixes, a safe-dot offset not below the loop length ...,
/// and the combinations under which random games were found never to end (fewer than four
/// goal fields without sharing, a bounce into goal fields, a bounce on a path ending before
/// index 6, every release roll forfeited by a limit of one six)" (Using it; L1, A7, D5, D7,
/// D10, A4).
#[test]
fn using_it_ludo_new_refuses_every_listed_unplayable_combination() {
    let err = |r: Rules| Ludo::new(r).err();
    for n in [0, 1, 5] {
        assert_eq!(
            err(Rules::lattjo().with_players(n)),
            Some(RulesError::Players(n))
        );
    }
    assert!(matches!(
        err(Rules::lattjo()
            .with_seats("GB".parse().unwrap())
            .with_players(3)),
        Some(RulesError::SeatsMismatch { players: 3, .. })
    ));
    for bad in [0, 1, 41] {
        assert_eq!(
            err(Rules::lattjo().with_sixth_dot(bad)),
            Some(RulesError::SixthDot {
                sixth_dot: bad,
                last_loop: 40
            })
        );
    }
    assert!(err(Rules::lattjo().with_sixth_dot(40)).is_none());
    assert_eq!(
        err(Rules::classic().with_max_sixes(Some(0))),
        Some(RulesError::MaxSixes)
    );
    let stars = |o: &[u8]| SafeDots::new(o).unwrap();
    assert_eq!(
        err(Rules::lattjo().with_safe_dots(stars(&[40]))),
        Some(RulesError::SafeDot {
            offset: 40,
            loop_len: 40
        })
    );
    assert!(err(Rules::lattjo().with_safe_dots(stars(&[39]))).is_none());
    let three_goals = Rules::mensch().with_geometry(Geometry::new(40, 40, 3).unwrap());
    assert_eq!(
        err(three_goals),
        Some(RulesError::GoalFields { home_len: 3 })
    );
    assert!(
        err(three_goals.with_own_stacking(true)).is_none(),
        "with sharing they fit"
    );
    assert_eq!(
        err(Rules::mensch().with_overshoot(Overshoot::Bounce)),
        Some(RulesError::BounceIntoGoalFields)
    );
    // 8/2/2: the path ends at F = 5.
    let short = Rules::lattjo()
        .with_geometry(Geometry::new(8, 2, 2).unwrap())
        .with_sixth_dot(2);
    assert_eq!(err(short), Some(RulesError::ShortBouncePath { end: 5 }));
    assert!(err(short.with_overshoot(Overshoot::Illegal)).is_none());
    assert_eq!(
        err(Rules::classic().with_max_sixes(Some(1))),
        Some(RulesError::NoPlayableRelease)
    );
    assert!(
        err(Rules::lattjo().with_max_sixes(Some(1))).is_none(),
        "a 1 still releases in the booklet"
    );
}

/// "`Ludo::default()` is the booklet for four." (Using it)
#[test]
fn using_it_the_default_game_is_the_booklet_for_four() {
    let g = Ludo::default();
    assert_eq!(*g.rules(), Rules::lattjo());
    assert_eq!(g.num_players(), 4);
    assert_eq!(Rules::default(), Rules::lattjo());
}

/// "A state is a chance node (the die: six outcomes of 1/6, `Action::Roll(Die)`) or a player
/// node with the legal moves of the rolled die (`Action::Move(Move)`)." (Using it)
#[test]
fn using_it_chance_nodes_have_six_outcomes_of_one_sixth_and_player_nodes_list_moves() {
    let g = booklet();
    let mut st = at(&g, START4);
    assert_eq!(g.turn(&st), Turn::Chance);
    let mut out = Vec::new();
    g.chance_outcomes(&st, &mut out);
    assert_eq!(out.len(), 6);
    for (i, (a, p)) in out.iter().enumerate() {
        assert_eq!(*a, Action::Roll(Die::new(i as u8 + 1).unwrap()));
        assert!((p - 1.0 / 6.0).abs() < 1e-12);
    }
    roll(&g, &mut st, 6);
    assert_eq!(g.turn(&st), Turn::Player(Seat::new(0)));
    let mut acts = Vec::new();
    g.legal_actions(&st, &mut acts);
    assert_eq!(acts.len(), 2);
    assert!(acts.iter().all(|a| matches!(a, Action::Move(_))));
}

/// "`apply` refuses anything illegal with a typed `PlayError` (`OtherRules`, `GameOver`,
/// `RollExpected`, `MoveExpected`, `NotPlaying`, `NotInRules`, `NotYourTurn`, `Illegal`) and
/// leaves the state unchanged." (Using it)
#[test]
fn using_it_apply_refuses_with_each_typed_play_error_and_leaves_the_state_unchanged() {
    let refused = |g: &Ludo, st: &State, a: &str, want: PlayError| {
        let mut s = *st;
        let a: Action = a.parse().unwrap();
        assert_eq!(g.apply(&mut s, &a), Err(want), "{a} at {st}");
        assert_eq!(s, *st, "unchanged after {a}");
    };
    let g = booklet();
    let chance = at(&g, START4);
    refused(&g, &chance, "R:0>1", PlayError::RollExpected);
    let mut player = chance;
    roll(&g, &mut player, 6);
    refused(&g, &player, "roll 3", PlayError::MoveExpected(Colour::Red));
    refused(
        &g,
        &player,
        "G:0>6",
        PlayError::NotYourTurn {
            expected: Colour::Red,
            got: Colour::Green,
        },
    );
    refused(
        &g,
        &player,
        "R:0>1",
        PlayError::Illegal {
            mv: "R:0>1".parse().unwrap(),
            die: Die::new(6).unwrap(),
        },
    );
    refused(
        &g,
        &player,
        "R:0>2",
        PlayError::NotInRules {
            mv: "R:0>2".parse().unwrap(),
            reason: "a checker leaves the den only for the start dot or the sixth dot (D2, A7)",
        },
    );
    refused(
        &g,
        &player,
        "R:-",
        PlayError::NotInRules {
            mv: "R:-".parse().unwrap(),
            reason: "a player who can move must move (D9), so there is no pass",
        },
    );
    let two = game(Rules::lattjo().with_players(2));
    let s = at(&two, "LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 die=6");
    refused(&two, &s, "G:0>6", PlayError::NotPlaying(Colour::Green));
    let over = at(&two, "LUDO 40/40/4 RY - 0 R:45,45,45,45 Y:0,0,0,3 places=R");
    refused(&two, &over, "roll 6", PlayError::GameOver);
    refused(&two, &over, "Y:3>9", PlayError::GameOver);
    refused(&g, &s, "roll 6", PlayError::OtherRules);
}

/// "A game plays only its own states: another game's state is refused (`PlayError::
/// OtherRules`, which `ludo.check_state(&state)` also answers), lists no legal action, samples
/// no move and is never legal" (Using it).
#[test]
fn using_it_another_games_state_is_refused_lists_nothing_samples_nothing_and_is_never_legal() {
    let booklet = booklet();
    let mensch = game(Rules::mensch());
    let st = rolled(&booklet, START4, 6);
    assert_eq!(booklet.check_state(&st), Ok(()));
    assert_eq!(mensch.check_state(&st), Err(PlayError::OtherRules));
    let mut acts = Vec::new();
    mensch.legal_actions(&st, &mut acts);
    assert!(acts.is_empty());
    let mut rng = GameRng::new(1, 0);
    assert_eq!(mensch.sample_action(&st, &mut rng, &mut acts), None);
    for m in st.legal_moves() {
        assert!(booklet.is_legal(&st, &Action::Move(*m)));
        assert!(!mensch.is_legal(&st, &Action::Move(*m)));
    }
    let chance = at(&booklet, START4);
    assert!(!mensch.is_legal(&chance, &"roll 3".parse().unwrap()));
    let mut s = chance;
    assert_eq!(
        mensch.apply(&mut s, &"roll 3".parse().unwrap()),
        Err(PlayError::OtherRules)
    );
    assert_eq!(s, chance);
}

// ---------------------------------------------------------------------------------------------
// "The board and path indices"

/// "`0` the den, `1` its start dot, `2..=L` further round the shared loop (clockwise),
/// `L+1..=L+H` its own home track and `F = L+H+1` the shared finishing dot. The loop has `T`
/// dots; the four start dots are `T/4` apart (red at loop dot 0, then green, yellow, blue
/// clockwise)." and "`Geometry::dot` / `Geometry::path_index` convert between path indices
/// and board dots" (The board and path indices; section 1 of the digest).
#[test]
fn board_path_indices_name_den_loop_home_track_and_finishing_dot() {
    for (g, quarter) in [(Geometry::LATTJO, 10u8), (Geometry::CLASSIC, 13)] {
        let (t, l, h) = (g.loop_len(), g.last_loop(), g.home_len());
        assert_eq!(g.finish_index(), l + h + 1);
        for (i, c) in Colour::ALL.into_iter().enumerate() {
            assert_eq!(g.dot(c, 0), Some(Dot::Den(c)));
            assert_eq!(g.dot(c, 1), Some(Dot::Loop(quarter * i as u8)));
            for k in 1..=l {
                // Clockwise: each index one dot further round the loop.
                let want = (u16::from(quarter) * i as u16 + u16::from(k) - 1) % u16::from(t);
                assert_eq!(g.dot(c, k), Some(Dot::Loop(want as u8)), "{c:?} {k}");
            }
            for x in 1..=h {
                assert_eq!(g.dot(c, l + x), Some(Dot::Home(c, x)));
            }
            assert_eq!(g.dot(c, l + h + 1), Some(Dot::Finish));
            assert_eq!(g.dot(c, l + h + 2), None);
            for k in 0..=l + h + 1 {
                let d = g.dot(c, k).unwrap();
                assert_eq!(g.path_index(c, d), Ok(k), "{c:?} {d:?}");
            }
        }
    }
}

/// The board and path indices, A1: a last loop index above 118 leaves room for no home
/// track under `F <= 120`, and `GeometryError::HomeLength` said so as "the home track must
/// have 1 to 0 dots, not 1" (for `128/128/1`, say), a range that names no length. It now says
/// that no home track fits and why; other refused lengths keep their range.
#[test]
fn regression_geometry_error_named_an_empty_range_of_home_lengths() {
    for (t, l) in [(120, 119), (120, 120), (124, 121), (128, 128)] {
        let e = Geometry::new(t, l, 1).unwrap_err();
        assert_eq!(
            e,
            GeometryError::HomeLength {
                home_len: 1,
                max: 0
            },
            "{t}/{l}/1"
        );
        assert_eq!(
            e.to_string(),
            "no home track fits after a last loop index above 118: the finishing index \
             L + H + 1 may be at most 120 (home length 1 given)"
        );
    }
    let read = "128/128/1"
        .parse::<lattjo_ludo::Geometry>()
        .unwrap_err()
        .to_string();
    assert!(read.contains("no home track fits"), "{read}");
    assert_eq!(
        Geometry::new(128, 100, 20).unwrap_err().to_string(),
        "the home track must have 1 to 19 dots, not 20"
    );
}

/// "`Geometry::new(T, L, H)` checks that `T` is a multiple of 4 from 8 to 128, `2 <= L <= T`
/// and `1 <= H` with `F <= 120`." (The board and path indices; A1)
#[test]
fn board_geometry_new_checks_the_documented_ranges() {
    for t in (0u8..=136).filter(|t| *t >= 1) {
        let ok = t % 4 == 0 && (8..=128).contains(&t);
        assert_eq!(Geometry::new(t, 2, 1).is_ok(), ok, "T = {t}");
        if !ok {
            assert_eq!(Geometry::new(t, 2, 1), Err(GeometryError::LoopLength(t)));
        }
    }
    for l in [1, 41] {
        assert!(
            matches!(Geometry::new(40, l, 4), Err(GeometryError::LastLoop { .. })),
            "L = {l}"
        );
    }
    assert!(Geometry::new(40, 2, 4).is_ok() && Geometry::new(40, 40, 4).is_ok());
    assert!(matches!(
        Geometry::new(40, 40, 0),
        Err(GeometryError::HomeLength { .. })
    ));
    // F = L + H + 1 <= 120.
    assert_eq!(Geometry::new(128, 100, 19).unwrap().finish_index(), 120);
    assert!(matches!(
        Geometry::new(128, 100, 20),
        Err(GeometryError::HomeLength { .. })
    ));
    assert_eq!(Geometry::new(128, 118, 1).unwrap().finish_index(), 120);
    assert!(Geometry::new(128, 119, 1).is_err());
}

/// "a checker on another colour's home track or den is a typed `DotError` (L12)." (The board
/// and path indices; L12)
#[test]
fn board_another_colours_home_track_or_den_is_a_dot_error() {
    let g = Geometry::LATTJO;
    assert_eq!(
        g.path_index(Colour::Red, Dot::Home(Colour::Blue, 1)),
        Err(DotError::OtherHomeTrack {
            checker: Colour::Red,
            owner: Colour::Blue
        })
    );
    assert_eq!(
        g.path_index(Colour::Yellow, Dot::Den(Colour::Green)),
        Err(DotError::OtherDen {
            checker: Colour::Yellow,
            owner: Colour::Green
        })
    );
}

// ---------------------------------------------------------------------------------------------
// "Rule index": the booklet (L1-L17)

/// "L1 2 to 4 players ... `Rules::players` (`with_players`, default 4) and `Rules::seats`
/// (`with_seats`, which colours; by default red-yellow for two, red-green-yellow for three)."
#[test]
fn l1_four_players_by_default_and_the_usual_colours_for_two_and_three() {
    for p in Preset::ALL {
        assert_eq!(Rules::preset(p).players, 4);
        assert_eq!(Rules::preset(p).seats, None);
    }
    assert_eq!(game(Rules::lattjo()).seats().to_string(), "RGYB");
    assert_eq!(
        game(Rules::lattjo().with_players(2)).seats().to_string(),
        "RY"
    );
    assert_eq!(
        game(Rules::lattjo().with_players(3)).seats().to_string(),
        "RGY"
    );
    // Each with its four checkers in its den.
    let st = game(Rules::lattjo().with_players(3)).new_initial_state();
    for c in [Colour::Red, Colour::Green, Colour::Yellow] {
        assert_eq!(st.position().checkers(c), [0; 4]);
    }
}

/// "L2 Each player rolls once and the highest roll starts: the opening rolls are chance nodes
/// like every roll (`Rules::roll_for_start`, on in every preset; ties: A13)."
#[test]
fn l2_each_player_rolls_once_and_the_highest_starts() {
    for p in Preset::ALL {
        assert!(Rules::preset(p).roll_for_start, "{p:?}");
    }
    let g = booklet();
    let mut st = g.new_initial_state();
    for (d, roller) in [
        (3, Colour::Red),
        (5, Colour::Green),
        (2, Colour::Yellow),
        (4, Colour::Blue),
    ] {
        assert_eq!(
            g.turn(&st),
            Turn::Chance,
            "the opening roll is a chance node"
        );
        assert_eq!(to_move(&st), Some(roller));
        roll(&g, &mut st, d);
    }
    assert!(st.position().opening().is_none());
    assert_eq!(to_move(&st), Some(Colour::Green));
    assert_eq!(g.turn(&st), Turn::Chance, "green now rolls for its turn");
    roll(&g, &mut st, 1);
    assert_eq!(moves(&st), ["G:0>1"]);
    // Without it the first seat starts.
    let g = game(Rules::lattjo().with_roll_for_start(false));
    let st = g.new_initial_state();
    assert!(st.position().opening().is_none());
    assert_eq!(to_move(&st), Some(Colour::Red));
}

/// "A13 Players tied for the highest opening roll roll again, as often as needed."
#[test]
fn a13_players_tied_for_the_highest_opening_roll_roll_again() {
    let g = booklet();
    let mut st = g.new_initial_state();
    for d in [6, 6, 2, 6] {
        roll(&g, &mut st, d);
    }
    let o = st.position().opening().expect("still rolling");
    assert_eq!(
        o.contenders().collect::<Vec<_>>(),
        [Colour::Red, Colour::Green, Colour::Blue]
    );
    assert!(o.rolls().is_empty());
    for d in [5, 6, 6] {
        roll(&g, &mut st, d);
    }
    let o = st.position().opening().expect("green and blue tie again");
    assert_eq!(
        o.contenders().collect::<Vec<_>>(),
        [Colour::Green, Colour::Blue]
    );
    roll(&g, &mut st, 3);
    roll(&g, &mut st, 1);
    assert!(st.position().opening().is_none());
    assert_eq!(to_move(&st), Some(Colour::Green));
}

/// "L3 Play goes clockwise: seats follow the clockwise order of the playing colours, and
/// checkers move clockwise."
#[test]
fn l3_play_and_checkers_go_clockwise() {
    let g = booklet();
    let mut st = at(&g, START4);
    for next in [Colour::Green, Colour::Yellow, Colour::Blue, Colour::Red] {
        roll(&g, &mut st, 3); // lost: nothing on the board
        assert_eq!(to_move(&st), Some(next));
    }
    // Seats follow the clockwise order whatever order the colours are given in.
    let g = game(Rules::lattjo().with_seats("BYR".parse().unwrap()));
    assert_eq!(g.seats().to_string(), "RYB");
    let mut st = g.initial_state(Seat::new(0)).unwrap();
    for next in [Colour::Yellow, Colour::Blue, Colour::Red] {
        roll(&g, &mut st, 2);
        assert_eq!(to_move(&st), Some(next));
    }
    // A checker moving forward reaches the next dots clockwise.
    let st = played(
        &booklet(),
        &rgyb(L4, "R 0", "0,0,0,3", "0,0,0,0"),
        2,
        "R:3>5",
    );
    assert_eq!(on_loop_dot(&st, 4), [(Colour::Red, 1)]);
}

/// "L4 A checker leaves the den only on a 1 or a 6" and "A12 With nothing on the board and
/// no release roll the roll is lost and play passes".
#[test]
fn l4_a12_the_den_opens_only_on_a_one_or_a_six_and_other_rolls_pass() {
    let g = booklet();
    for d in 2..=5 {
        let st = rolled(&g, START4, d);
        assert_eq!(to_move(&st), Some(Colour::Green), "die {d}");
        assert_eq!(st.position().checkers(Colour::Red), [0; 4]);
        assert_eq!(g.turn(&st), Turn::Chance);
    }
    assert!(!rolled(&g, START4, 1).legal_moves().is_empty());
    assert!(!rolled(&g, START4, 6).legal_moves().is_empty());
}

/// "L5 A 1 puts one checker on the start dot (path index 1)."
#[test]
fn l5_a_one_puts_one_checker_on_the_start_dot() {
    let g = booklet();
    let st = played_only(&g, START4, 1, "R:0>1");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 1]);
    assert_eq!(to_move(&st), Some(Colour::Green), "a 1 gives no roll");
}

/// "L6 A 6 puts two checkers on the start dot, or one straight onto the sixth dot", "T8 A 6
/// leaves the den in exactly two ways" and the digest's scenario 1 (then another roll, L7).
#[test]
fn l6_t8_scenario1_a_six_puts_two_on_the_start_dot_or_one_on_the_sixth_dot() {
    let g = booklet();
    let st = rolled(&g, START4, 6);
    assert_eq!(moves(&st), set(&["R:0>1,0>1", "R:0>6"]));
    for (m, want) in [("R:0>1,0>1", [0, 0, 1, 1]), ("R:0>6", [0, 0, 0, 6])] {
        let mut s = st;
        play(&g, &mut s, m);
        assert_eq!(s.position().checkers(Colour::Red), want);
        assert_eq!(to_move(&s), Some(Colour::Red), "{m}: roll again");
        assert_eq!(g.turn(&s), Turn::Chance);
    }
}

/// "L7 Every 6 gives another roll", "T3 ... chains of sixes are unlimited in the booklet" and
/// "A3 Every 6 rolls again, whichever den option was used and even when the 6 could not be
/// used".
#[test]
fn l7_t3_a3_every_six_rolls_again_without_limit_even_when_it_cannot_be_used() {
    let g = booklet();
    let mut st = at(&g, &rgyb(L4, "R 0", "0,0,0,1", "0,0,0,0"));
    for n in 1..=12u8 {
        roll(&g, &mut st, 6);
        assert_eq!(st.position().six_streak(), n);
        let m = *st.legal_moves().last().unwrap();
        g.apply(&mut st, &Action::Move(m)).unwrap();
        assert_eq!(to_move(&st), Some(Colour::Red), "six {n}");
        assert_eq!(g.turn(&st), Turn::Chance);
    }
    // A 6 that cannot be used is lost and still rolls again (Classic: exact count, no den).
    let c = game(Rules::classic());
    let st = rolled(&c, &rgyb(C5, "R 0", "55,57,57,57", "0,0,0,0"), 6);
    assert_eq!(st.position().checkers(Colour::Red), [55, 57, 57, 57]);
    assert_eq!(to_move(&st), Some(Colour::Red));
    assert_eq!(st.position().six_streak(), 1);
    assert_eq!(c.turn(&st), Turn::Chance);
    // Whichever den option was used.
    for m in ["R:0>1,0>1", "R:0>6"] {
        let mut s = rolled(&g, START4, 6);
        play(&g, &mut s, m);
        assert_eq!(to_move(&s), Some(Colour::Red));
    }
}

/// D5 row: "`max_sixes`: the n-th 6 in a row forfeits its roll and ends the turn (a roll that
/// is not a 6, a lost one tried again under D8 included, ends the row)"; Classic 3, none in
/// the others; digest D5 "The third 6 in a row forfeits that roll and ends the turn".
#[test]
fn d5_the_nth_six_in_a_row_forfeits_its_roll_and_ends_the_turn() {
    assert_eq!(Rules::lattjo().max_sixes, None);
    assert_eq!(Rules::classic().max_sixes, Some(3));
    assert_eq!(Rules::mensch().max_sixes, None);
    let c = game(Rules::classic());
    let two = &rgyb(C5, "R 2", "0,0,0,10", "0,0,0,0");
    let st = rolled(&c, two, 6);
    assert_eq!(to_move(&st), Some(Colour::Green), "forfeited");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 10]);
    assert_eq!(st.position().six_streak(), 0);
    // Any n: the second 6 under a limit of 2.
    let c2 = game(Rules::classic().with_max_sixes(Some(2)));
    let one = &rgyb(C5, "R 1", "0,0,0,10", "0,0,0,0");
    assert_eq!(to_move(&rolled(&c2, one, 6)), Some(Colour::Green));
    // The booklet has no limit.
    let st = rolled(&booklet(), &rgyb(L4, "R 2", "0,0,0,10", "0,0,0,0"), 6);
    assert!(!st.legal_moves().is_empty());
    // A roll that is not a 6 ends the row.
    let st = played(&c, two, 3, "R:10>13");
    assert_eq!(to_move(&st), Some(Colour::Green));
    assert_eq!(st.position().six_streak(), 0);
    // A lost roll tried again under D8 ends the row too: 6 (lost, rolls again), 3 (lost,
    // tried again), 6 is then the first 6 of a new row, not the second.
    let rules = Rules::classic()
        .with_max_sixes(Some(2))
        .with_three_tries(true)
        .with_release_rolls(ReleaseRolls::new(&[Die::new(1).unwrap()]).unwrap());
    let g = game(rules);
    let mut st = at(&g, &rgyb(C5, "R 0", "0,0,0,0", "0,0,0,0"));
    roll(&g, &mut st, 6);
    assert_eq!(
        (to_move(&st), st.position().six_streak()),
        (Some(Colour::Red), 1)
    );
    roll(&g, &mut st, 3);
    assert_eq!(to_move_and_tries(&st), (Some(Colour::Red), 1));
    roll(&g, &mut st, 6);
    assert_eq!(
        to_move(&st),
        Some(Colour::Red),
        "not forfeited: the row was ended by the retried roll"
    );
    assert_eq!(st.position().six_streak(), 1);
}

/// "L8 A checker on the track moves exactly the number rolled."
#[test]
fn l8_a_checker_on_the_track_moves_exactly_the_number_rolled() {
    let g = booklet();
    for d in 2..=5u8 {
        let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,10", "0,0,0,0"), d);
        assert_eq!(moves(&st), [format!("R:10>{}", 10 + d)]);
    }
}

/// "L9 A player's own checkers may share a dot (D3 `own_stacking`)" and the digest's
/// scenario 2.
#[test]
fn l9_scenario2_own_checkers_share_a_dot() {
    let g = booklet();
    let st = played_from(
        &g,
        &rgyb(L4, "R 0", "0,0,0,1", "0,0,0,0"),
        1,
        &["R:0>1", "R:1>2"],
        "R:0>1",
    );
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 1, 1]);
    assert_eq!(on_loop_dot(&st, 0), [(Colour::Red, 2)]);
}

/// "L10 A move ending on an opponent's checkers sends them back to their den; automatic (T1),
/// all of them (A10)." and "L11 A captured checker leaves the den again by L4-L6."
#[test]
fn l10_t1_a10_l11_a_landing_sends_all_opponents_there_home_automatically() {
    let g = booklet();
    // Two green checkers on loop dot 4 (red 5, green 35); red on 3 rolls 2.
    // No move without the capture.
    let mut st = played_only(&g, &rgyb(L4, "R 0", "0,0,0,3", "0,0,35,35"), 2, "R:3>5xG");
    assert_eq!(st.position().checkers(Colour::Green), [0; 4]);
    assert_eq!(to_move(&st), Some(Colour::Green));
    roll(&g, &mut st, 1);
    assert_eq!(moves(&st), ["G:0>1"], "L11: out again by L5");
}

/// "L12 The finishing dot is reached only through the own home track" (with L13, "no other
/// colour's path contains that dot").
#[test]
fn l12_the_finishing_dot_is_reached_only_through_the_own_home_track() {
    let g = Geometry::LATTJO;
    // Green passes red's turn onto the home track (red's loop dot 39) and keeps on the loop.
    let green: Vec<Dot> = (1..=45).map(|k| g.dot(Colour::Green, k).unwrap()).collect();
    assert!(green.contains(&Dot::Loop(39)));
    assert!(green.contains(&Dot::Loop(0)));
    assert!(
        !green
            .iter()
            .any(|d| matches!(d, Dot::Home(c, _) if *c != Colour::Green))
    );
    assert_eq!(
        green[40..44],
        [1, 2, 3, 4].map(|h| Dot::Home(Colour::Green, h))
    );
    assert_eq!(green[44], Dot::Finish);
    // Red from 40 with a 5: through its home track to the finishing dot.
    let st = rolled(&booklet(), &rgyb(L4, "R 0", "0,0,0,40", "0,0,0,0"), 5);
    assert_eq!(moves(&st), ["R:40>45"]);
}

/// "L13 A checker on its own home track cannot be captured: no other colour's path contains
/// that dot." (digest scenario 5)
#[test]
fn l13_scenario5_no_opponent_move_captures_a_checker_on_its_home_track() {
    let g = booklet();
    let pos = &rgyb(L4, "G 0", "0,0,0,42", "0,29,30,31");
    for d in 1..=6 {
        let st = rolled(&g, pos, d);
        for m in st.legal_moves() {
            assert_ne!(m.capture(), Some(Colour::Red), "{m}");
            let mut s = st;
            g.apply(&mut s, &Action::Move(*m)).unwrap();
            assert_eq!(s.position().checkers(Colour::Red), [0, 0, 0, 42]);
        }
    }
}

/// "L14 The finishing dot needs the exact count", "L16 A checker on the finishing dot is out
/// of play (A16)" and "A16 A finished checker leaves play at once: it is never moved or
/// captured, several can finish, and finishing gives no extra roll (a 6 used to finish still
/// does, A3)."
#[test]
fn l14_l16_a16_finishing_needs_the_exact_count_and_a_finished_checker_is_out_of_play() {
    let g = booklet();
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,44,45", "0,0,0,0"), 1);
    assert_eq!(moves(&st), set(&["R:0>1", "R:44>45"]));
    for d in 2..=5 {
        let st = rolled(&g, &rgyb(L4, "R 0", "0,0,44,45", "0,0,0,0"), d);
        assert!(
            st.legal_moves().iter().all(|m| m.source() != Some(45)),
            "never moved"
        );
    }
    // Several can finish; a finished red checker is not captured by green finishing.
    let mut st = rolled(&g, &rgyb(L4, "G 0", "0,45,45,45", "0,0,0,44"), 1);
    assert!(moves(&st).contains(&"G:44>45".to_owned()));
    play(&g, &mut st, "G:44>45");
    assert_eq!(st.position().checkers(Colour::Red), [0, 45, 45, 45]);
    // No extra roll for finishing; a 6 used to finish still rolls again.
    let st = played(&g, &rgyb(L4, "R 0", "0,0,0,40", "0,0,0,0"), 5, "R:40>45");
    assert_eq!(to_move(&st), Some(Colour::Green));
    let st = played(&g, &rgyb(L4, "R 0", "0,0,0,39", "0,0,0,0"), 6, "R:39>45");
    assert_eq!(to_move(&st), Some(Colour::Red));
}

/// "L15 A higher roll counts up to the finishing dot and back by the excess: target
/// `2F - p - d`" (digest A4 and section 7 "Bounce formula").
#[test]
fn l15_a_higher_roll_bounces_to_2f_minus_p_minus_d() {
    let g = booklet();
    for p in 39..=44u8 {
        for d in 1..=6u8 {
            if p + d <= 45 {
                continue;
            }
            let st = rolled(
                &g,
                &format!("LUDO 40/40/4 RGYB R 0 R:{p},45,45,45 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0"),
                d,
            );
            let t = 90 - p - d;
            assert_eq!(moves(&st), [format!("R:{p}>{t}~")], "p {p} d {d}");
        }
    }
}

/// Digest scenario 4 and "A4 A bounce lands at `2F - p - d`: on an own checker they share the
/// dot; back on the loop (possible when `H <= 4`) it captures an opponent there like any
/// landing and loses the home-track protection".
#[test]
fn a4_scenario4_a_bounce_shares_with_own_checkers_and_captures_back_on_the_loop() {
    let g = booklet();
    // Green on red's last loop dot 39 (green 30).
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,44", "0,0,0,30"), 6);
    assert!(moves(&st).contains(&"R:44>40~xG".to_owned()), "{st}");
    let mut s = st;
    play(&g, &mut s, "R:44>40~xG");
    assert_eq!(s.position().checkers(Colour::Green), [0; 4]);
    // On an own checker: they share.
    let st = played_from(
        &g,
        &rgyb(L4, "R 0", "45,45,40,44", "0,0,0,0"),
        6,
        &["R:40>44~", "R:44>40~"],
        "R:44>40~",
    );
    assert_eq!(st.position().checkers(Colour::Red), [40, 40, 45, 45]);
    // Back on the loop it has lost the protection: green on 38 (green 29) captures it with a 1.
    let st = rolled(&g, &rgyb(L4, "G 0", "0,0,0,40", "0,0,0,29"), 1);
    assert!(moves(&st).contains(&"G:29>30xR".to_owned()));
}

/// "L17 The first player with all four checkers finished wins: returns +1 for the winner and
/// -1 for the others" and "`<to-move>` is `-` once the game is over" (Text).
#[test]
fn l17_the_first_player_with_all_four_finished_wins() {
    let g = booklet();
    let st = played(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:44,45,45,45 G:0,0,0,30 Y:1,2,3,4 B:0,0,0,0",
        1,
        "R:44>45",
    );
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(st.position().places().as_slice(), [Colour::Red]);
    let r = g.returns(&st).unwrap();
    let r: Vec<f64> = (0..4).map(|i| r[Seat::new(i)]).collect();
    assert_eq!(r, [1.0, -1.0, -1.0, -1.0]);
    assert_eq!(
        st.position().to_string(),
        "LUDO 40/40/4 RGYB - 0 R:45,45,45,45 G:0,0,0,30 Y:1,2,3,4 B:0,0,0,0 places=R"
    );
}

// ---------------------------------------------------------------------------------------------
// "Rule index": the translations (T1-T10)

/// "T1 ... capturing is automatic ..., so two colours never share a dot, except on the safe
/// dots of D7's separate option; `Ludo::state` refuses two colours on any other loop dot
/// (`StateError::SharedDot`)." and "The position notation, which carries no rules, reads two
/// colours on one dot; `Ludo::state` accepts them only on a safe dot." (D7 paragraph)
#[test]
fn t1_two_colours_on_one_loop_dot_are_refused_except_on_a_safe_dot() {
    // Red 5 and green 35 are both loop dot 4.
    let text = &rgyb(L4, "R 0", "0,0,0,5", "0,0,0,35");
    let pos: Position = text.parse().expect("the notation reads it");
    assert_eq!(
        booklet().state(pos),
        Err(StateError::SharedDot {
            dot: 4,
            first: Colour::Red,
            second: Colour::Green
        })
    );
    let stars = game(Rules::lattjo().with_safe_dots(SafeDots::new(&[4]).unwrap()));
    assert!(stars.state(pos).is_ok());
}

/// "T2 The sixth dot is path index 6, five dots past the start dot (A7); the DE reading
/// 'sixth field from the start field' is `with_sixth_dot(7)`."
#[test]
fn t2_the_sixth_dot_is_index_6_and_with_sixth_dot_moves_it() {
    assert_eq!(Rules::lattjo().sixth_dot, 6);
    assert_eq!(
        Geometry::LATTJO.dot(Colour::Red, 6),
        Some(Dot::Loop(5)),
        "five dots past the start dot (loop dot 0)"
    );
    let g = game(Rules::lattjo().with_sixth_dot(7));
    assert_eq!(moves(&rolled(&g, START4, 6)), set(&["R:0>1,0>1", "R:0>7"]));
}

/// "T5 Only the home track is safe; the coloured start dot and sixth dot are not (in every
/// preset ...)" and "A2 Entering onto the own start dot captures an opponent there; two
/// checkers entering together capture once."
#[test]
fn t5_a2_the_start_dot_and_the_sixth_dot_are_not_safe() {
    let g = booklet();
    // Green on red's start dot (green 31) and on red's sixth dot (loop dot 5, green 36).
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,31"), 1);
    assert_eq!(moves(&st), ["R:0>1xG"]);
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,31"), 6);
    assert_eq!(moves(&st), set(&["R:0>1,0>1xG", "R:0>6"]));
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,36"), 6);
    assert_eq!(moves(&st), set(&["R:0>1,0>1", "R:0>6xG"]));
    // Classic (green 40 is loop dot 0) and Mensch (green 31).
    let c = game(Rules::classic());
    let st = rolled(&c, &rgyb(C5, "R 0", "0,0,0,0", "0,0,0,40"), 6);
    assert_eq!(moves(&st), ["R:0>1xG"]);
    let m = game(Rules::mensch());
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,31"), 6);
    assert_eq!(moves(&st), ["R:0>1xG"]);
}

/// "T6 The bounce is compulsory when that checker's move is played (A9)" and "A9 A bounce is
/// an ordinary move, compulsory when it is the only one."
#[test]
fn t6_a9_a_bounce_that_is_the_only_move_must_be_played() {
    let g = booklet();
    let mut st = rolled(&g, &rgyb(L4, "R 0", "44,45,45,45", "0,0,0,0"), 3);
    assert_eq!(moves(&st), ["R:44>43~"]);
    let before = st;
    assert!(matches!(
        g.apply(&mut st, &"R:-".parse().unwrap()),
        Err(PlayError::NotInRules { .. })
    ));
    assert_eq!(st, before);
    assert!(matches!(
        g.apply(&mut st, &"roll 2".parse().unwrap()),
        Err(PlayError::MoveExpected(Colour::Red))
    ));
}

/// "T7 A capture happens at the end of every single move, extra rolls included."
#[test]
fn t7_a_capture_happens_at_the_end_of_every_move_extra_rolls_included() {
    let g = booklet();
    // Green on red 7 (green 37) and red 9 (green 39).
    let mut st = played(&g, &rgyb(L4, "R 0", "0,0,0,1", "0,0,37,39"), 6, "R:1>7xG");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 39]);
    roll(&g, &mut st, 2);
    assert_eq!(moves(&st), ["R:7>9xG"]);
    play(&g, &mut st, "R:7>9xG");
    assert_eq!(st.position().checkers(Colour::Green), [0; 4]);
}

/// "T10 ... Schmidt's own rules are the separate `Mensch` preset, not imported into
/// `Lattjo`."
#[test]
fn t10_schmidts_rules_are_the_mensch_preset_only() {
    let l = Rules::lattjo();
    assert!(!l.opening_checker && !l.release_compulsory && !l.clear_start);
    assert_eq!(l.finish, Finish::CentreDot);
    let m = Rules::mensch();
    assert!(m.opening_checker && m.release_compulsory && m.clear_start);
    assert_eq!(m.finish, Finish::GoalFields);
}

// ---------------------------------------------------------------------------------------------
// "The deviations between the presets (D1-D10)"

/// The presets table, row by row (D1-D10, A7, Mensch, L2/A13, A15).
#[test]
fn d1_to_d10_the_presets_table() {
    let (l, c, m) = (Rules::lattjo(), Rules::classic(), Rules::mensch());
    let one_six = ReleaseRolls::ONE_AND_SIX;
    assert_eq!(one_six.faces().map(Die::value).collect::<Vec<_>>(), [1, 6]);
    assert_eq!(
        ReleaseRolls::SIX
            .faces()
            .map(Die::value)
            .collect::<Vec<_>>(),
        [6]
    );
    assert_eq!(
        [l.release_rolls, c.release_rolls, m.release_rolls],
        [one_six, ReleaseRolls::SIX, ReleaseRolls::SIX]
    );
    assert_eq!(
        [
            l.release_compulsory,
            c.release_compulsory,
            m.release_compulsory
        ],
        [false, false, true]
    );
    assert_eq!(
        [l.six_release, c.six_release, m.six_release],
        [
            SixRelease::TwoOrSixthDot,
            SixRelease::OneToStart,
            SixRelease::OneToStart
        ]
    );
    assert_eq!(
        [l.clear_start, c.clear_start, m.clear_start],
        [false, false, true]
    );
    assert_eq!(
        [l.own_stacking, c.own_stacking, m.own_stacking],
        [true, false, false]
    );
    assert_eq!(
        [l.overshoot, c.overshoot, m.overshoot],
        [Overshoot::Bounce, Overshoot::Illegal, Overshoot::Illegal]
    );
    assert_eq!(
        [l.max_sixes, c.max_sixes, m.max_sixes],
        [None, Some(3), None]
    );
    assert_eq!([l.safe_dots, c.safe_dots, m.safe_dots], [SafeDots::NONE; 3]);
    assert_eq!([l.three_tries, c.three_tries, m.three_tries], [false; 3]);
    assert_eq!([l.must_move, c.must_move, m.must_move], [true; 3]);
    assert_eq!(
        [
            l.geometry.to_string(),
            c.geometry.to_string(),
            m.geometry.to_string()
        ],
        ["40/40/4", "52/51/5", "40/40/4"]
    );
    assert_eq!(
        [l.finish, c.finish, m.finish],
        [Finish::CentreDot, Finish::CentreDot, Finish::GoalFields]
    );
    assert_eq!([l.sixth_dot, c.sixth_dot, m.sixth_dot], [6; 3]);
    assert_eq!(
        [l.opening_checker, c.opening_checker, m.opening_checker],
        [false, false, true]
    );
    assert_eq!(
        [l.roll_for_start, c.roll_for_start, m.roll_for_start],
        [true; 3]
    );
    assert_eq!(
        [l.play_out_places, c.play_out_places, m.play_out_places],
        [false; 3]
    );
}

/// D1 and D2 rows for Classic: "{6}", "one out" (release on a 6 only, one checker).
#[test]
fn d1_d2_classic_releases_one_checker_on_a_six_only() {
    let c = game(Rules::classic());
    let start = &rgyb(C5, "R 0", "0,0,0,0", "0,0,0,0");
    let st = rolled(&c, start, 1);
    assert_eq!(to_move(&st), Some(Colour::Green), "a 1 is lost");
    assert_eq!(moves(&rolled(&c, start, 6)), ["R:0>1"]);
}

/// D3 row: "`own_stacking`: own checkers may share a dot (without it no move ends on an own
/// checker, so two cannot enter together)".
#[test]
fn d3_without_own_stacking_no_move_ends_on_an_own_checker() {
    let c = game(Rules::classic());
    let st = rolled(&c, &rgyb(C5, "R 0", "0,0,1,7", "0,0,0,0"), 6);
    assert_eq!(
        moves(&st),
        ["R:7>13"],
        "no entry onto the own start dot, no 1>7"
    );
    // With the booklet's 6 but no stacking: only the sixth dot, never two together.
    let g = game(Rules::classic().with_six_release(SixRelease::TwoOrSixthDot));
    let st = rolled(&g, &rgyb(C5, "R 0", "0,0,0,0", "0,0,0,0"), 6);
    assert_eq!(moves(&st), ["R:0>6"]);
}

/// D4 row: "`overshoot`: a roll past the end: bounces / illegal (exact count)".
#[test]
fn d4_classic_needs_the_exact_count() {
    let c = game(Rules::classic());
    let pos = &rgyb(C5, "R 0", "55,57,57,57", "0,0,0,0");
    assert_eq!(moves(&rolled(&c, pos, 2)), ["R:55>57"]);
    let st = rolled(&c, pos, 3);
    assert_eq!(to_move(&st), Some(Colour::Green), "lost");
    assert_eq!(st.position().checkers(Colour::Red), [55, 57, 57, 57]);
}

/// D6 row: "capture on landing, free choice of move: always / always / always (no duty to
/// capture)" and "A11 ... chooses freely: which checker, which den option, capture or not."
#[test]
fn d6_a11_a_landing_captures_and_the_choice_of_move_stays_free_in_every_preset() {
    // Red on 5 and 10, green on red 8 (green 38 on 40 dots, green 47 on 52 dots); a 3.
    let cases = [
        (Rules::lattjo(), &rgyb(L4, "R 0", "0,0,5,10", "0,0,0,38")),
        (Rules::classic(), &rgyb(C5, "R 0", "0,0,5,10", "0,0,0,47")),
        (Rules::mensch(), &rgyb(L4, "R 0", "0,0,5,10", "0,0,0,38")),
    ];
    for (rules, pos) in cases {
        let st = rolled(&game(rules), pos, 3);
        assert_eq!(moves(&st), set(&["R:10>13", "R:5>8xG"]), "{pos}");
    }
}

/// D7 paragraph: "`SafeDots::LUDO_KING` is {0, 8}, each start dot and the star 8 dots beyond
/// it (eight dots of the 52-dot Classic loop)".
#[test]
fn d7_ludo_king_stars_are_0_and_8_eight_dots_of_the_classic_loop() {
    let s = SafeDots::LUDO_KING;
    assert_eq!(s.offsets().collect::<Vec<_>>(), [0, 8]);
    assert_eq!(
        s.loop_dots(Geometry::CLASSIC).collect::<Vec<_>>(),
        [0, 8, 13, 21, 26, 34, 39, 47]
    );
}

/// D7 paragraph: "A checker on a safe dot cannot be captured, checkers of different colours
/// may share one, and a landing there captures nothing (the move has no `xC` mark); D3 still
/// decides whether a colour's own checkers share it."
#[test]
fn d7_on_a_safe_dot_nothing_is_captured_colours_share_and_d3_still_decides() {
    let c = game(Rules::classic().with_safe_dots(SafeDots::LUDO_KING));
    // Green on loop dot 8 (green 48, red 9); red on 6 rolls 3.
    let st = played_only(&c, &rgyb(C5, "R 0", "0,0,0,6", "0,0,0,48"), 3, "R:6>9");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 48]);
    assert_eq!(on_loop_dot(&st, 8), [(Colour::Red, 1), (Colour::Green, 1)]);
    // D3 (Classic: no stacking): red cannot join its own checker on the star.
    let st = rolled(&c, &rgyb(C5, "R 0", "0,0,6,9", "0,0,0,0"), 3);
    assert_eq!(moves(&st), ["R:9>12"]);
    // Under own stacking it can.
    let b = game(
        Rules::classic()
            .with_safe_dots(SafeDots::LUDO_KING)
            .with_own_stacking(true),
    );
    let st = rolled(&b, &rgyb(C5, "R 0", "0,0,6,9", "0,0,0,0"), 3);
    assert_eq!(moves(&st), set(&["R:6>9", "R:9>12"]));
}

/// D7 paragraph: "An offset must be below `T` (`RulesError::SafeDot`); `Ludo::new` keeps the
/// offsets reduced modulo `T/4`, and the state string writes them as `safe_dots=0+8`."
#[test]
fn d7_offsets_are_kept_reduced_modulo_a_quarter_and_written_0_plus_8() {
    let g = game(Rules::classic().with_safe_dots(SafeDots::new(&[13, 47]).unwrap()));
    assert_eq!(g.rules().safe_dots, SafeDots::LUDO_KING);
    assert_eq!(
        *g.rules(),
        *game(Rules::classic().with_safe_dots(SafeDots::LUDO_KING)).rules()
    );
    let st = g.initial_state(Seat::new(0)).unwrap();
    assert!(
        st.to_string().ends_with(" rules=classic,safe_dots=0+8"),
        "{st}"
    );
    assert_eq!(
        Ludo::new(Rules::classic().with_safe_dots(SafeDots::new(&[52]).unwrap())).err(),
        Some(RulesError::SafeDot {
            offset: 52,
            loop_len: 52
        })
    );
}

/// D7 paragraph: "the offsets count from all four start dots, also those of colours that do
/// not play ... so the safe dots look the same from every seat" (and A14).
#[test]
fn d7_a14_the_stars_of_colours_that_do_not_play_are_safe() {
    let g = game(
        Rules::classic()
            .with_players(2)
            .with_safe_dots(SafeDots::LUDO_KING),
    );
    // Green's start dot (loop dot 13): red 14, yellow 40. Yellow on 37 rolls 3 onto red.
    assert_only_move_and_accepted(
        &g,
        ("LUDO 52/51/5 RY Y 0 R:0,0,0,14 Y:0,0,0,37", 3, "Y:37>40"),
        "LUDO 52/51/5 RY R 0 R:0,0,0,14 Y:0,0,0,40",
    );
}

/// D7 paragraph: "entering onto the own start dot when it is safe captures nothing there, one
/// checker or two together on a 6 (A2 holds for an unsafe start dot)".
#[test]
fn d7_a2_entering_onto_a_safe_start_dot_captures_nothing() {
    let c = game(Rules::classic().with_safe_dots(SafeDots::LUDO_KING));
    let st = rolled(&c, &rgyb(C5, "R 0", "0,0,0,0", "0,0,0,40"), 6);
    assert_eq!(moves(&st), ["R:0>1"]);
    let b = game(Rules::lattjo().with_safe_dots(SafeDots::new(&[0]).unwrap()));
    let st = played_from(
        &b,
        &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,31"),
        6,
        &["R:0>1,0>1", "R:0>6"],
        "R:0>1,0>1",
    );
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 31]);
}

/// D7 paragraph: "a bounce back onto a safe loop dot (A4) captures nothing, and the bounced
/// checker is safe there; a sixth dot on a safe dot (A7) is reached without capturing".
#[test]
fn d7_a4_a7_a_bounce_or_a_sixth_dot_onto_a_star_captures_nothing() {
    // Offset 9 marks loop dot 39 (blue's start 30 + 9): red 40, green 30.
    let g = game(Rules::lattjo().with_safe_dots(SafeDots::new(&[9]).unwrap()));
    let st = played_only(
        &g,
        &rgyb(L4, "R 0", "45,45,45,44", "0,0,29,30"),
        6,
        "R:44>40~",
    );
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 29, 30]);
    // Green on 38 (green 29) rolling 1 lands beside it and captures nothing.
    let st = at(&g, &rgyb(L4, "G 0", "45,45,45,40", "0,0,29,30"));
    let mut s = st;
    roll(&g, &mut s, 1);
    assert!(s.legal_moves().iter().all(|m| m.capture().is_none()), "{s}");
    // Offset 5 marks red's sixth dot (loop dot 5, green 36).
    let g = game(Rules::lattjo().with_safe_dots(SafeDots::new(&[5]).unwrap()));
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,36"), 6);
    assert_eq!(moves(&st), set(&["R:0>1,0>1", "R:0>6"]));
}

/// D7 paragraph: "Mensch's duties are unchanged (a release roll still must release, also onto
/// a safe start field where an opponent stands, and the duty to clear the start field
/// concerns the player's own checker only)".
#[test]
fn d7_mensch_duties_are_unchanged_on_a_safe_start_field() {
    let m = game(Rules::mensch().with_safe_dots(SafeDots::new(&[0]).unwrap()));
    // Green on red's start field (green 31).
    let mut st = played_only(&m, &rgyb(L4, "R 0", "0,0,0,10", "0,0,0,31"), 6, "R:0>1");
    // Red's own checker on its start field must move off it; green's there changes nothing.
    roll(&m, &mut st, 2);
    assert_eq!(moves(&st), ["R:1>3"]);
    // Green's checker on red's start field is no start field of green's: green moves freely.
    let st = rolled(&m, &rgyb(L4, "G 0", "0,0,0,20", "0,0,5,31"), 2);
    assert_eq!(moves(&st), set(&["G:31>33", "G:5>7"]));
}

/// D7 row: "`safe_dots` ... Ludo King's stars, a separate option"; "The observations need no
/// new input" (D7 paragraph): the observation's size does not change with stars.
#[test]
fn d7_the_stars_need_no_new_observation_input() {
    let plain = game(Rules::classic());
    let stars = game(Rules::classic().with_safe_dots(SafeDots::LUDO_KING));
    assert_eq!(
        plain.observation_shape().size(),
        stars.observation_shape().size()
    );
}

/// D7 paragraph "Mensch in detail: one checker of each colour starts on its start field; with a
/// 6 and checkers in the den a checker must come out, and while checkers remain in the den a
/// checker on the start field must move off it first (if it cannot, any move is allowed);
/// goal fields hold one checker each and need the exact count; a colour wins with all four
/// checkers in its goal fields."
#[test]
fn mensch_in_detail() {
    let m = game(Rules::mensch());
    let st = m.initial_state(Seat::new(0)).unwrap();
    for c in Colour::ALL {
        assert_eq!(st.position().checkers(c), [0, 0, 0, 1]);
    }
    // A 6 must release.
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,0,10", "0,0,0,0"), 6);
    assert_eq!(moves(&st), ["R:0>1"]);
    // The start field must be cleared ...
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,1,10", "0,0,0,0"), 2);
    assert_eq!(moves(&st), ["R:1>3"]);
    // ... unless it cannot be: then any move.
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,1,3", "0,0,0,0"), 2);
    assert_eq!(moves(&st), ["R:3>5"]);
    // Goal fields 41-44: one checker each, exact count.
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,41,44", "0,0,0,5"), 3);
    assert_eq!(to_move(&st), Some(Colour::Green), "41>44 is taken");
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,41,44", "0,0,0,5"), 2);
    assert_eq!(moves(&st), ["R:41>43"]);
    assert!(matches!(
        m.state_from_str(&rgyb(L4, "R 0", "0,0,0,45", "0,0,0,0")),
        Err(ParseStateError::State(StateError::PastEnd { end: 44, .. }))
    ));
    // All four in the goal fields win.
    let st = played_only(&m, &rgyb(L4, "R 0", "40,42,43,44", "0,0,0,5"), 1, "R:40>41");
    assert_eq!(m.turn(&st), Turn::Terminal);
    assert_eq!(m.returns(&st).unwrap()[Seat::new(0)], 1.0);
}

/// D8 row and paragraph: "`three_tries`: three rolls while nothing but the den can move" and
/// "while a player has nothing that can move except by leaving the den (all checkers in the
/// den or finished; with goal fields, closed up at the top), a lost roll is tried again, up to
/// three rolls in all."
#[test]
fn d8_three_tries_while_nothing_but_the_den_can_move() {
    let g = game(Rules::lattjo().with_three_tries(true));
    let mut st = at(&g, &rgyb(L4, "R 0", "0,0,45,45", "0,0,0,0"));
    // Three rolls in all: red tries again twice, then green is to move.
    for (d, next, tries) in [
        (2, Colour::Red, 1),
        (3, Colour::Red, 2),
        (4, Colour::Green, 0),
    ] {
        roll(&g, &mut st, d);
        assert_eq!(to_move_and_tries(&st), (Some(next), tries), "roll {d}");
    }
    // A checker on the track that cannot use the roll: no retry.
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,5", "0,0,0,0"), 3);
    assert_eq!(st.position().tries(), 0);
    // Goal fields: closed up at the top counts as done; a gap does not.
    let m = game(Rules::mensch().with_three_tries(true));
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,43,44", "0,0,0,5"), 3);
    assert_eq!(to_move_and_tries(&st), (Some(Colour::Red), 1));
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,42,44", "0,0,0,5"), 3);
    assert_eq!(to_move(&st), Some(Colour::Green));
    // Off in every preset (A12): the booklet passes at once.
    let st = rolled(&booklet(), START4, 2);
    assert_eq!(to_move(&st), Some(Colour::Green));
}

/// D9 row: "`must_move`: a player who can move must" and Moves: "`R:-` (a pass, only when
/// `must_move` is off)".
#[test]
fn d9_a_player_who_can_move_must_and_a_pass_exists_only_without_it() {
    let pos = &rgyb(L4, "R 0", "0,0,0,10", "0,0,0,0");
    let g = booklet();
    assert_eq!(moves(&rolled(&g, pos, 3)), ["R:10>13"]);
    let free = game(Rules::lattjo().with_must_move(false));
    let st = played_from(&free, pos, 3, &["R:-", "R:10>13"], "R:-");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 10]);
    assert_eq!(to_move(&st), Some(Colour::Green));
    // A roll without a move is lost at once, pass or not (A11).
    let st = rolled(&free, START4, 3);
    assert_eq!(free.turn(&st), Turn::Chance);
    assert_eq!(to_move(&st), Some(Colour::Green));
}

/// D10 row and "A1 ... the LATTJO board is provisional 40/40/4 with the finishing dot at 45
/// ..., Classic 52/51/5 (finish 57), Mensch 40/40/4 with goal fields 41-44."
#[test]
fn d10_a1_the_preset_geometries_and_ends() {
    assert_eq!(Rules::lattjo().end_index(), 45);
    assert_eq!(Rules::lattjo().geometry.finish_index(), 45);
    assert_eq!(Rules::classic().end_index(), 57);
    assert_eq!(Rules::mensch().end_index(), 44);
    let g = Rules::mensch().geometry;
    for (k, h) in (41..=44).zip(1..) {
        assert_eq!(g.dot(Colour::Red, k), Some(Dot::Home(Colour::Red, h)));
    }
}

// ---------------------------------------------------------------------------------------------
// "The decisions (A1-A16)"

/// "A5 Two checkers out on a 6 need at least two in the den; with one, the 6 takes it to the
/// sixth dot or moves a checker on the track, never to the start dot alone." (scenario 6)
#[test]
fn a5_scenario6_a_six_with_one_checker_in_the_den() {
    let g = booklet();
    let st = rolled(&g, &rgyb(L4, "R 0", "0,12,45,45", "0,0,0,0"), 6);
    assert_eq!(moves(&st), set(&["R:0>6", "R:12>18"]));
}

/// "A6 A 1 or a 6 may move a checker already on the track instead of releasing one."
#[test]
fn a6_a_one_or_a_six_may_move_a_checker_on_the_track() {
    let g = booklet();
    let pos = &rgyb(L4, "R 0", "0,0,0,10", "0,0,0,0");
    assert_eq!(moves(&rolled(&g, pos, 1)), set(&["R:0>1", "R:10>11"]));
    assert_eq!(
        moves(&rolled(&g, pos, 6)),
        set(&["R:0>1,0>1", "R:0>6", "R:10>16"])
    );
}

/// "A7 The sixth dot is path index 6 (`sixth_dot`, any loop index 2..=L); the checker jumps
/// there directly, so nothing in between is captured, and an opponent on the sixth dot is".
#[test]
fn a7_the_sixth_dot_is_reached_directly() {
    let g = booklet();
    // Green on red 3 (green 33): jumped over, not captured.
    let st = played(&g, &rgyb(L4, "R 0", "0,0,0,0", "0,0,0,33"), 6, "R:0>6");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 33]);
    for k in [2u8, 20, 40] {
        let g = game(Rules::lattjo().with_sixth_dot(k));
        assert!(moves(&rolled(&g, START4, 6)).contains(&format!("R:0>{k}")));
    }
}

/// "A8 Passing other checkers is never blocked; only the landing dot matters."
#[test]
fn a8_passing_other_checkers_is_never_blocked() {
    for (rules, pos) in [
        (Rules::lattjo(), &rgyb(L4, "R 0", "0,0,0,10", "0,0,1,2")),
        (Rules::classic(), &rgyb(C5, "R 0", "0,0,0,10", "0,0,50,51")),
    ] {
        // Green on red 11 and 12 (green 1 and 2 on 40 dots, green 50 and 51 on 52 dots).
        let st = rolled(&game(rules), pos, 4);
        assert_eq!(moves(&st), ["R:10>14"], "{pos}");
    }
    let st = rolled(
        &game(Rules::classic()),
        &rgyb(C5, "R 0", "0,0,11,10", "0,0,0,0"),
        4,
    );
    assert_eq!(moves(&st), set(&["R:10>14", "R:11>15"]), "own checkers too");
}

/// "A11 ... A roll with no legal move is lost at once (there is no player decision for it)
/// and a lost 6 still rolls again."
#[test]
fn a11_a_roll_with_no_legal_move_is_lost_at_once() {
    let g = booklet();
    let st = rolled(&g, START4, 4);
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().die(), None);
    // A die with no legal move cannot wait in a state either.
    assert!(matches!(
        g.state_from_str(&format!("{START4} die=4")),
        Err(ParseStateError::State(StateError::DieWithoutMove(_)))
    ));
}

/// "A14 With 2 or 3 players the colours that do not play are absent: their start dots are
/// ordinary dots and the notation lists no checkers for them."
#[test]
fn a14_colours_that_do_not_play_are_absent() {
    let g = game(Rules::lattjo().with_players(2));
    let st = g.initial_state(Seat::new(0)).unwrap();
    assert_eq!(
        st.position().to_string(),
        "LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0"
    );
    // Red moves onto and past green's start dot (loop dot 10, red 11) like any other dot.
    assert_only_move_and_accepted(
        &g,
        ("LUDO 40/40/4 RY R 0 R:0,0,0,9 Y:0,0,0,0", 2, "R:9>11"),
        "LUDO 40/40/4 RY R 0 R:0,0,0,11 Y:0,0,0,0",
    );
}

/// "A15 The game ends when the first player finishes (L17); `play_out_places` plays on for the
/// other places, with returns spread evenly from +1 (first) to -1 (last)."
#[test]
fn a15_play_out_places_ranks_everyone_with_returns_from_plus_one_to_minus_one() {
    let g = game(Rules::lattjo().with_players(3).with_play_out_places(true));
    let st = played(
        &g,
        "LUDO 40/40/4 RGY R 0 R:44,45,45,45 G:0,0,0,0 Y:0,0,0,0",
        1,
        "R:44>45",
    );
    assert_ne!(g.turn(&st), Turn::Terminal, "play goes on");
    assert_eq!(to_move(&st), Some(Colour::Green));
    let st = played(
        &g,
        "LUDO 40/40/4 RGY G 0 R:45,45,45,45 G:44,45,45,45 Y:0,0,0,0 places=R",
        1,
        "G:44>45",
    );
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(
        st.position().places().as_slice(),
        [Colour::Red, Colour::Green, Colour::Yellow]
    );
    let r = g.returns(&st).unwrap();
    assert_eq!(
        (r[Seat::new(0)], r[Seat::new(1)], r[Seat::new(2)]),
        (1.0, 0.0, -1.0)
    );
    // Four players: +1, +1/3, -1/3, -1.
    let g = game(Rules::lattjo().with_play_out_places(true));
    let st = played(
        &g,
        "LUDO 40/40/4 RGYB Y 0 R:45,45,45,45 G:0,1,2,3 Y:44,45,45,45 B:45,45,45,45 places=RB",
        1,
        "Y:44>45",
    );
    let r = g.returns(&st).unwrap();
    let want = [1.0, -1.0, -1.0 / 3.0, 1.0 / 3.0];
    for (i, w) in want.into_iter().enumerate() {
        assert!((r[Seat::new(i as u8)] - w).abs() < 1e-12, "seat {i}");
    }
}

// ---------------------------------------------------------------------------------------------
// "Text"

/// The position examples: "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0" and
/// "LUDO 40/40/4 RY Y 2 R:0,3,3,45 Y:1,5,41,44 die=6" (Text; digest section 6).
#[test]
fn text_the_position_examples_read_and_write_back() {
    for s in [
        START4,
        "LUDO 40/40/4 RY Y 2 R:0,3,3,45 Y:1,5,41,44 die=6",
        "LUDO 40/40/4 RGYB Y 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 opening=GYB:4",
        "LUDO 40/40/4 RGY - 0 R:1,2,3,4 G:45,45,45,45 Y:0,0,0,0 places=G",
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 tries=2",
    ] {
        let p: Position = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(p.to_string(), s);
    }
    let p: Position = "LUDO 40/40/4 RY Y 2 R:0,3,3,45 Y:1,5,41,44 die=6"
        .parse()
        .unwrap();
    assert_eq!(p.to_move(), Some(Colour::Yellow));
    assert_eq!(p.six_streak(), 2);
    assert_eq!(p.checkers(Colour::Red), [0, 3, 3, 45]);
    assert_eq!(p.die(), Some(Die::new(6).unwrap()));
    // Sorted ascending when written.
    let p: Position = "LUDO 40/40/4 RY R 0 R:5,0,3,1 Y:0,0,0,0".parse().unwrap();
    assert_eq!(p.to_string(), "LUDO 40/40/4 RY R 0 R:0,1,3,5 Y:0,0,0,0");
}

/// "`Position: FromStr + Display` checks everything that needs no rules (a typed
/// `PositionError`: five checkers of a colour, an index past the finish, a die of 7, a colour
/// that is not playing, ...)." (Text)
#[test]
fn text_the_position_notation_refuses_with_typed_errors() {
    assert_refused::<Position>(&[
        ("LUDO 40/40/4 RY R 0 R:0,0,0,0,0 Y:0,0,0,0", |e| {
            matches!(
                e,
                PositionError::CheckerCount {
                    colour: Colour::Red,
                    count: 5
                }
            )
        }),
        ("LUDO 40/40/4 RY R 0 R:0,0,0,46 Y:0,0,0,0", |e| {
            matches!(
                e,
                PositionError::PastFinish {
                    index: 46,
                    finish: 45,
                    ..
                }
            )
        }),
        ("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 die=7", |e| {
            matches!(e, PositionError::Die(_))
        }),
        ("LUDO 40/40/4 RY R 0 R:0,0,0,0 G:0,0,0,0", |e| {
            *e == PositionError::NotPlaying(Colour::Green)
        }),
        ("LUDO 40/40/4 RY G 0 R:0,0,0,0 Y:0,0,0,0", |e| {
            *e == PositionError::NotPlaying(Colour::Green)
        }),
    ]);
}

/// The state string examples of the Text section read back exactly, and the first is the
/// booklet's start ("the roll for who starts comes first").
#[test]
fn text_the_state_string_examples_round_trip() {
    let examples = [
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 opening=RGYB: rules=lattjo",
        "LUDO 52/51/5 RY Y 0 R:0,0,0,0 Y:0,0,0,14 rules=classic",
        "LUDO 40/40/4 RGB R 2 R:0,0,0,5 G:0,0,0,0 B:0,0,0,0 rules=lattjo,max_sixes=3,three_tries=yes,must_move=no",
        "LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,48 Y:0,0,0,0 B:0,0,0,0 rules=classic,safe_dots=0+8",
    ];
    for s in examples {
        let st: State = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(st.to_string(), s);
    }
    assert_eq!(Ludo::default().new_initial_state().to_string(), examples[0]);
    let st: State = examples[2].parse().unwrap();
    assert_eq!(
        *st.rules(),
        Rules::lattjo()
            .with_seats("RGB".parse().unwrap())
            .with_max_sixes(Some(3))
            .with_three_tries(true)
            .with_must_move(false)
    );
}

/// "the state string adds them as a last field: the preset with the fewest differing options,
/// then `,option=value` for each option that differs from it" and the options list (Text).
#[test]
fn text_the_rules_field_names_the_nearest_preset_and_each_differing_option() {
    let (l, c) = (Rules::lattjo(), Rules::classic());
    let one = ReleaseRolls::new(&[Die::new(6).unwrap()]).unwrap();
    // The presets by their names alone.
    let presets: [(Rules, &str); 3] = [
        (l, "lattjo"),
        (c.with_players(2), "classic"),
        (Rules::mensch(), "mensch"),
    ];
    // Each option that differs from the nearest preset: `lattjo,` or `classic,` and the option.
    let from_lattjo: [(Rules, &str); 12] = [
        (l.with_sixth_dot(7), "sixth_dot=7"),
        (l.with_release_rolls(one), "release=6"),
        (
            l.with_six_release(SixRelease::OneToStart),
            "six_release=one",
        ),
        (l.with_release_compulsory(true), "release_compulsory=yes"),
        (l.with_clear_start(true), "clear_start=yes"),
        (l.with_own_stacking(false), "own_stacking=no"),
        (l.with_overshoot(Overshoot::Illegal), "overshoot=illegal"),
        (l.with_three_tries(true), "three_tries=yes"),
        (l.with_must_move(false), "must_move=no"),
        (l.with_opening_checker(true), "opening_checker=yes"),
        (l.with_roll_for_start(false), "roll_for_start=no"),
        (l.with_play_out_places(true), "play_out_places=yes"),
    ];
    let from_classic: [(Rules, &str); 6] = [
        (c.with_finish(Finish::GoalFields), "finish=goals"),
        (
            c.with_release_rolls(ReleaseRolls::ONE_AND_SIX),
            "release=16",
        ),
        (
            c.with_six_release(SixRelease::TwoOrSixthDot),
            "six_release=two_or_sixth",
        ),
        (c.with_overshoot(Overshoot::Bounce), "overshoot=bounce"),
        (c.with_max_sixes(None), "max_sixes=none"),
        (c.with_safe_dots(SafeDots::LUDO_KING), "safe_dots=0+8"),
    ];
    let cases = presets
        .map(|(r, name)| (r, name.to_owned()))
        .into_iter()
        .chain(from_lattjo.map(|(r, o)| (r, format!("lattjo,{o}"))))
        .chain(from_classic.map(|(r, o)| (r, format!("classic,{o}"))));
    for (rules, want) in cases {
        let g = game(rules);
        let st = g.initial_state(Seat::new(0)).unwrap();
        let text = st.to_string();
        assert_eq!(text.rsplit_once(" rules=").unwrap().1, want, "{rules:?}");
        let back: State = text.parse().unwrap();
        assert_eq!(back, st);
        assert_eq!(*back.rules(), *g.rules());
    }
    // `safe_dots=none` reads as no stars.
    let st: State = "LUDO 52/51/5 RY R 0 R:0,0,0,0 Y:0,0,0,0 rules=classic,safe_dots=none"
        .parse()
        .unwrap();
    assert_eq!(st.rules().safe_dots, SafeDots::NONE);
}

/// "`State: Display + FromStr` round-trips exactly: reading builds the game of those rules and
/// runs `Ludo::state` on the position" (Text): at every node of seeded games of each preset.
#[test]
fn text_state_strings_round_trip_through_whole_games() {
    const SEED: u64 = 100;
    let mut buf = Vec::new();
    for (i, rules) in [
        Rules::lattjo(),
        Rules::classic().with_players(3),
        Rules::mensch().with_players(2),
        Rules::classic().with_safe_dots(SafeDots::LUDO_KING),
        Rules::lattjo()
            .with_seats("GB".parse().unwrap())
            .with_three_tries(true)
            .with_must_move(false)
            .with_max_sixes(Some(1)),
        Rules::lattjo()
            .with_players(3)
            .with_play_out_places(true)
            .with_opening_checker(true)
            .with_sixth_dot(7),
        Rules::mensch()
            .with_own_stacking(true)
            .with_geometry(Geometry::new(12, 10, 2).unwrap())
            .with_clear_start(false)
            .with_roll_for_start(false),
    ]
    .into_iter()
    .enumerate()
    {
        let g = game(rules);
        let mut rng = GameRng::new(SEED + i as u64, 0);
        let mut st = g.new_initial_state();
        let mut plies = 0;
        while g.turn(&st) != Turn::Terminal && plies < 3000 {
            let back: State = st.to_string().parse().unwrap();
            assert_eq!(back, st, "{st}");
            let a = match g.turn(&st) {
                Turn::Chance => g.sample_chance(&st, &mut rng),
                _ => g.sample_action(&st, &mut rng, &mut buf),
            }
            .unwrap();
            g.apply(&mut st, &a).unwrap();
            plies += 1;
        }
        let back: State = st.to_string().parse().unwrap();
        assert_eq!(back, st);
    }
}

/// "A bare position string is read for a given game by `Ludo::state_from_str` (a `rules=`
/// field, if present, must name the game's rules: `ParseStateError::OtherRules`)." (Text)
#[test]
fn text_state_from_str_reads_a_bare_position_and_refuses_other_rules() {
    let g = booklet();
    assert!(g.state_from_str(START4).is_ok());
    assert!(g.state_from_str(&format!("{START4} rules=lattjo")).is_ok());
    assert_eq!(
        g.state_from_str(&format!("{START4} rules=lattjo,three_tries=yes"))
            .unwrap_err(),
        ParseStateError::OtherRules
    );
    assert_eq!(
        START4.parse::<State>().unwrap_err(),
        ParseStateError::MissingRules
    );
}

/// "With the `serde` feature a `State` and a `Position` serialize as their strings and
/// deserialize through the same checks." (Text)
#[cfg(feature = "serde")]
#[test]
fn text_serde_state_and_position_are_their_strings() {
    let st: State = "LUDO 52/51/5 RY Y 0 R:0,0,0,0 Y:0,0,0,14 rules=classic"
        .parse()
        .unwrap();
    let json = serde_json::to_string(&st).unwrap();
    assert_eq!(json, format!("\"{st}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), st);
    let json = serde_json::to_string(st.position()).unwrap();
    assert_eq!(json, format!("\"{}\"", st.position()));
    // The same checks: three sixes in a row are no Classic state; five checkers no position.
    assert!(
        serde_json::from_str::<State>("\"LUDO 52/51/5 RY Y 3 R:0,0,0,0 Y:0,0,0,14 rules=classic\"")
            .is_err()
    );
    assert!(
        serde_json::from_str::<Position>("\"LUDO 40/40/4 RY R 0 R:0,0,0,0,0 Y:0,0,0,0\"").is_err()
    );
}

/// "What a game accepts" (Text): the places, the end of the game, the six streak, the tries,
/// the pending 6, the roll for who starts and a pending die with a legal move.
#[test]
fn text_what_a_game_accepts() {
    let g = booklet();
    let c = game(Rules::classic());
    let t = game(Rules::lattjo().with_three_tries(true));
    let no_roll = game(Rules::lattjo().with_roll_for_start(false));
    let places: IsTheError<StateError> = |e| *e == StateError::Places;
    let turn: IsTheError<StateError> = |e| matches!(e, StateError::Turn(_));
    let counter: IsTheError<StateError> = |e| matches!(e, StateError::Counter(_));
    let die_3: IsTheError<StateError> = |e| *e == StateError::DieWithoutMove(Die::new(3).unwrap());
    let over = rgyb(L4, "G 0", "45,45,45,45", "0,0,0,0");
    let refused = [
        // The places are exactly the colours that have finished.
        (&g, over.clone(), places),
        // The game is over exactly when they are decided.
        (&g, format!("{over} places=R"), turn),
        // The six streak below the D5 limit.
        (&c, rgyb(C5, "R 3", "0,0,0,5", "0,0,0,0"), counter),
        // Tries below three, only under D8 and only while nothing but the den can move.
        (&t, format!("{START4} tries=3"), counter),
        (&g, format!("{START4} tries=1"), counter),
        (
            &t,
            format!("{} tries=1", rgyb(L4, "R 0", "0,0,0,5", "0,0,0,0")),
            counter,
        ),
        // No six streak across a failed try but the 6 just rolled.
        (
            &t,
            format!("{} tries=1", rgyb(L4, "R 1", "0,0,0,0", "0,0,0,0")),
            counter,
        ),
        // A finished game with neither.
        (
            &g,
            format!("{} places=R", rgyb(L4, "- 1", "45,45,45,45", "0,0,0,0")),
            counter,
        ),
        // The roll for who starts only under L2 and before any checker moves.
        (&no_roll, format!("{START4} opening=RGYB:"), turn),
        (
            &g,
            format!("{} opening=RGYB:", rgyb(L4, "R 0", "0,0,0,1", "0,0,0,0")),
            turn,
        ),
        // A pending die with a legal move.
        (&g, format!("{START4} die=3"), die_3),
    ];
    for (game, s, is_the_error) in &refused {
        match game.state_from_str(s) {
            Err(ParseStateError::State(e)) => assert!(is_the_error(&e), "{s}: {e:?}"),
            other => panic!("{s}: {other:?}"),
        }
    }
    // The limits themselves are accepted: two sixes under Classic's three, two tries, and a
    // six streak beside the 6 just rolled.
    let accepted = [
        (&c, rgyb(C5, "R 2", "0,0,0,5", "0,0,0,0")),
        (&t, format!("{START4} tries=2")),
        (
            &t,
            format!("{} die=6 tries=1", rgyb(L4, "R 1", "0,0,0,0", "0,0,0,0")),
        ),
    ];
    for (game, s) in &accepted {
        assert!(game.state_from_str(s).is_ok(), "{s}");
    }
    // Unlimited sixes: the streak saturates at 255.
    let mut st = at(&g, &rgyb(L4, "R 255", "0,0,0,5", "0,0,0,0"));
    roll(&g, &mut st, 6);
    assert_eq!(st.position().six_streak(), 255);
    play(&g, &mut st, "R:5>11");
    assert_eq!(st.position().six_streak(), 255);
    assert_eq!(to_move(&st), Some(Colour::Red));
    // A pending 6 counted in the streak: 0 beside die=6 reads as 1.
    let st = at(&g, &format!("{START4} die=6"));
    assert_eq!(st.position().six_streak(), 1);
}

/// "**Moves**: `R:0>1` (one out), `R:0>1,0>1` (two out on a 6), `R:0>6` (to the sixth dot),
/// `R:12>16`, `R:44>45` (finishing), `R:43>41~` (a bounce), `R:12>16xG` (a capture), `R:-`
/// (a pass ...). `Move: FromStr + Display` (`ParseMoveError`)" (Text; digest section 6).
#[test]
fn text_the_move_notation_reads_and_writes_back() {
    let kinds = [
        ("R:0>1", MoveKind::Enter { to: 1 }, None),
        ("R:0>1,0>1", MoveKind::EnterTwo, None),
        ("R:0>6", MoveKind::Enter { to: 6 }, None),
        (
            "R:12>16",
            MoveKind::Step {
                from: 12,
                to: 16,
                bounce: false,
            },
            None,
        ),
        (
            "R:44>45",
            MoveKind::Step {
                from: 44,
                to: 45,
                bounce: false,
            },
            None,
        ),
        (
            "R:43>41~",
            MoveKind::Step {
                from: 43,
                to: 41,
                bounce: true,
            },
            None,
        ),
        (
            "R:12>16xG",
            MoveKind::Step {
                from: 12,
                to: 16,
                bounce: false,
            },
            Some(Colour::Green),
        ),
        ("R:-", MoveKind::Pass, None),
    ];
    for (s, kind, capture) in kinds {
        let m: Move = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(m.colour(), Colour::Red);
        assert_eq!((m.kind(), m.capture()), (kind, capture), "{s}");
        assert_eq!(m.to_string(), s);
        assert_eq!(m, Move::new(Colour::Red, kind, capture));
    }
    assert_refused::<Move>(&[
        ("R12>16", |e| matches!(e, ParseMoveError::MissingColour(_))),
        ("R:12>16xR", |e| {
            matches!(e, ParseMoveError::SelfCapture(Colour::Red))
        }),
    ]);
    // The booklet's bounce example is the digest's: 43 with a 6 on F = 45.
    let st = rolled(&booklet(), &rgyb(L4, "R 0", "43,45,45,45", "0,0,0,0"), 6);
    assert_eq!(moves(&st), ["R:43>41~"]);
}

/// "`Ludo::parse_move` resolves a move against the state so that the `~` and `xG` marks may
/// be left out (`ParseLegalMoveError`). Actions: `roll 6` or a move (`ParseActionError`)."
/// (Text)
#[test]
fn text_parse_move_fills_in_the_marks_and_actions_read_rolls_and_moves() {
    let g = booklet();
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,44", "0,0,0,30"), 6);
    assert_eq!(
        g.parse_move(&st, "R:44>40").unwrap().to_string(),
        "R:44>40~xG"
    );
    assert_eq!(
        g.parse_move(&st, "R:44>40~xG").unwrap().to_string(),
        "R:44>40~xG"
    );
    assert!(matches!(
        g.parse_move(&st, "R:44>41"),
        Err(ParseLegalMoveError::Play(PlayError::Illegal { .. }))
    ));
    assert!(matches!(
        g.parse_move(&st, "R44>40"),
        Err(ParseLegalMoveError::Syntax(_))
    ));
    assert_eq!(
        "roll 6".parse::<Action>().unwrap(),
        Action::Roll(Die::new(6).unwrap())
    );
    assert_eq!(Action::Roll(Die::new(6).unwrap()).to_string(), "roll 6");
    assert_eq!(
        "R:0>6".parse::<Action>().unwrap(),
        Action::Move("R:0>6".parse().unwrap())
    );
    assert_refused::<Action>(&[
        ("roll 7", |e| matches!(e, ParseActionError::Die(_))),
        ("R:0>>6", |e| matches!(e, ParseActionError::Move(_))),
    ]);
}

// ---------------------------------------------------------------------------------------------
// "SVG"

/// "`svg::render(&state, &svg::Options::default().with_last_move(m))` draws any geometry ...
/// a star on each safe dot of D7's separate option ... the last move as an arrow. Everything
/// is a shape; no font is needed." (SVG)
#[test]
fn svg_renders_shapes_with_stars_and_the_last_move() {
    for rules in [Rules::lattjo(), Rules::classic(), Rules::mensch()] {
        let g = game(rules);
        let st = g.initial_state(Seat::new(0)).unwrap();
        let pic = svg::render(&st, &svg::Options::default());
        assert!(pic.starts_with("<svg") && pic.trim_end().ends_with("</svg>"));
        assert!(!pic.contains("<text"), "no font needed");
        assert!(!pic.contains("class=\"star\""), "no stars in the presets");
    }
    let g = game(Rules::classic().with_safe_dots(SafeDots::LUDO_KING));
    let st = at(&g, &rgyb(C5, "R 0", "0,0,0,9", "0,0,0,48"));
    let m: Move = "R:6>9".parse().unwrap();
    let pic = svg::render(&st, &svg::Options::default().with_last_move(m));
    assert_eq!(pic.matches("class=\"star\"").count(), 8);
    assert!(pic.contains("class=\"last-move\""));
}

// ---------------------------------------------------------------------------------------------
// "Learning encodings"

/// The sizes: "`Compact` (the default) 4P + 5P + 12 = 9P + 12 ... 48", "`Planes` P(E+1) + 5P
/// + 12 ... 216", "Actions, 2E + 1 of them" (91 for the booklet) and E = 45 for the booklet.
#[test]
fn learning_the_documented_sizes() {
    let g = booklet();
    assert_eq!(g.rules().end_index(), 45);
    assert_eq!(context_inputs(4), 32);
    assert_eq!(g.observation_shape().size(), 48);
    let planes = booklet().with_observation(lattjo_ludo::ObservationKind::Planes);
    assert_eq!(planes.observation_shape().size(), 216);
    assert_eq!(g.num_distinct_actions(), 91);
    assert_eq!(g.num_chance_outcomes(), 6);
    for p in 2..=4usize {
        let g = game(Rules::mensch().with_players(p));
        assert_eq!(g.observation_shape().size(), 9 * p + 12);
        assert_eq!(
            g.clone()
                .with_observation(lattjo_ludo::ObservationKind::Planes)
                .observation_shape()
                .size(),
            p * 45 + 5 * p + 12
        );
        assert_eq!(g.num_distinct_actions(), 2 * 44 + 1);
    }
}

/// The observation tables: "seats are counted clockwise from the observer (0 is itself)", the
/// compact checkers "per seat, its four checkers' path indices / E in ascending order", the
/// planes "per seat, per path index 0 (the den) to E: its checkers there / 4", then the
/// context at offset C: the seat to move one-hot, the die one-hot, the phase one-hot (rolling
/// for who starts, to roll, to move, over), sixes / 6, tries / 3, per seat finished and place
/// / 4, per seat contending and roll / 6.
#[test]
fn learning_the_observation_is_the_documented_table_from_the_observers_seat() {
    let g = booklet();
    let st = at(
        &g,
        "LUDO 40/40/4 RGYB G 3 R:0,0,6,45 G:0,1,1,42 Y:0,0,0,0 B:0,0,0,5 die=2",
    );
    let mut out = vec![9.0; 48];
    g.observe(&st, Seat::new(1), &mut out).unwrap();
    let e = 45.0f32;
    // Seats from green: green, yellow, blue, red.
    let mut want = vec![0.0, 1.0 / e, 1.0 / e, 42.0 / e];
    want.extend([0.0; 4]);
    want.extend([0.0, 0.0, 0.0, 5.0 / e]);
    want.extend([0.0, 0.0, 6.0 / e, 1.0]);
    // Context: green (seat 0 from itself) to move; die 2; phase "to move"; 3 sixes / 6.
    want.extend([1.0, 0.0, 0.0, 0.0]);
    want.extend([0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    want.extend([0.0, 0.0, 1.0, 0.0]);
    want.extend([0.5, 0.0]);
    want.extend([0.0; 16]);
    assert_eq!(out, want);
    // The planes from red (seat 0): red's plane first.
    let p = booklet().with_observation(lattjo_ludo::ObservationKind::Planes);
    let mut out = vec![9.0; 216];
    p.observe(&st, Seat::new(0), &mut out).unwrap();
    let red = &out[0..46];
    assert_eq!((red[0], red[6], red[45]), (0.5, 0.25, 0.25));
    assert_eq!(red.iter().sum::<f32>(), 1.0);
    let green = &out[46..92];
    assert_eq!((green[0], green[1], green[42]), (0.25, 0.5, 0.25));
    // Context from red: green is seat 1.
    assert_eq!(&out[184..188], [0.0, 1.0, 0.0, 0.0]);
    // The roll for who starts and the places.
    let st = g.new_initial_state();
    let mut s = st;
    roll(&g, &mut s, 3);
    let mut out = vec![9.0; 48];
    g.observe(&s, Seat::new(0), &mut out).unwrap();
    let ctx = &out[16..];
    assert_eq!(&ctx[0..4], [0.0, 1.0, 0.0, 0.0], "green rolls next");
    assert_eq!(&ctx[10..14], [1.0, 0.0, 0.0, 0.0], "rolling for who starts");
    assert_eq!(
        &ctx[24..32],
        [1.0, 0.5, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0],
        "all contend; red rolled 3"
    );
    let over = at(
        &g,
        "LUDO 40/40/4 RGYB - 0 R:45,45,45,45 G:0,0,0,30 Y:1,2,3,4 B:0,0,0,0 places=R",
    );
    g.observe(&over, Seat::new(0), &mut out).unwrap();
    let ctx = &out[16..];
    assert_eq!(&ctx[0..4], [0.0; 4], "nobody to move");
    assert_eq!(&ctx[10..14], [0.0, 0.0, 0.0, 1.0], "over");
    assert_eq!(&ctx[16..24], [1.0, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    // Tries / 3.
    let t = game(Rules::lattjo().with_three_tries(true));
    let st = at(&t, &format!("{START4} tries=2"));
    t.observe(&st, Seat::new(0), &mut out).unwrap();
    assert!((out[16 + 15] - 2.0 / 3.0).abs() < 1e-6);
}

/// "Actions, 2E + 1 of them: `Pass` (D9) is 0; a step from path index f (1 to E-1) is f; an
/// entry to path index t ... is E + t - 1; two checkers entering together on a 6 (L6) is 2E.
/// ... `index_action` returns that legal move, and `None` for an index no legal move has.
/// Chance outcomes: `Roll(d)` is d - 1." (Learning encodings)
#[test]
fn learning_the_action_indices() {
    let g = game(Rules::lattjo().with_must_move(false));
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,1,44", "0,0,0,0"), 6);
    let want = [
        ("R:-", 0),
        ("R:1>7", 1),
        ("R:44>40~", 44),
        ("R:0>6", 45 + 6 - 1),
        ("R:0>1,0>1", 90),
    ];
    assert_eq!(st.legal_moves().len(), want.len());
    let mut mask = vec![false; 91];
    g.legal_mask(&st, &mut mask).unwrap();
    for (m, i) in want {
        let a = Action::Move(m.parse().unwrap());
        assert_eq!(g.action_index(&st, &a), Some(i), "{m}");
        assert_eq!(g.index_action(&st, i), Some(a), "{m}");
        assert!(mask[i]);
    }
    assert_eq!(mask.iter().filter(|b| **b).count(), want.len());
    assert_eq!(g.index_action(&st, 2), None);
    assert_eq!(g.index_action(&st, 45), None, "no single entry on a 6 here");
    let st = rolled(&g, START4, 1);
    let a = Action::Move("R:0>1".parse().unwrap());
    assert_eq!(g.action_index(&st, &a), Some(45));
    for d in 1..=6u8 {
        let r = Action::Roll(Die::new(d).unwrap());
        assert_eq!(g.chance_index(&st, &r), Some(usize::from(d) - 1));
        assert_eq!(g.index_chance(&st, usize::from(d) - 1), Some(r));
    }
}

/// "A state of other rules (a longer path, other seats) is observed without a panic and inside
/// the ranges: an index past this game's E reads as E." (Learning encodings)
#[test]
fn learning_a_state_of_other_rules_is_observed_inside_the_ranges() {
    let c = game(Rules::classic());
    let st = at(&c, &rgyb(C5, "R 0", "0,50,57,57", "0,0,0,0"));
    let g = booklet();
    let mut out = vec![9.0; 48];
    g.observe(&st, Seat::new(0), &mut out).unwrap();
    assert_eq!(&out[0..4], [0.0, 1.0, 1.0, 1.0]);
    assert!(out.iter().all(|v| (0.0..=1.0).contains(v)));
    let planes = booklet().with_observation(lattjo_ludo::ObservationKind::Planes);
    let mut out = vec![9.0; 216];
    planes.observe(&st, Seat::new(0), &mut out).unwrap();
    assert_eq!(out[45], 0.75);
    assert!(out.iter().all(|v| (0.0..=1.0).contains(v)));
    let two = game(Rules::lattjo().with_players(2));
    let mut out = vec![9.0; 30];
    two.observe(&st, Seat::new(0), &mut out).unwrap();
    assert!(out.iter().all(|v| (0.0..=1.0).contains(v)));
}

// ---------------------------------------------------------------------------------------------
// What a game accepts, continued, and the doc comments of the public items

/// "What a game accepts (`Ludo::state` ...): the game's geometry and colours; no checker past
/// the end of the path, own checkers sharing a dot only under D3" (Text; D3, D10, L16: the
/// finishing dot holds any number).
#[test]
fn text_a_game_accepts_only_its_geometry_and_colours_and_own_sharing_under_d3() {
    let g = booklet();
    assert!(matches!(
        g.state_from_str(&rgyb(C5, "R 0", "0,0,0,0", "0,0,0,0")),
        Err(ParseStateError::State(StateError::Geometry { .. }))
    ));
    assert!(matches!(
        g.state_from_str("LUDO 40/40/4 RGY R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0"),
        Err(ParseStateError::State(StateError::Seats { .. }))
    ));
    assert!(
        g.state_from_str(&START4.replace("R:0,0,0,0", "R:0,0,5,5"))
            .is_ok()
    );
    let c = game(Rules::classic());
    let classic = &rgyb(C5, "R 0", "0,0,5,5", "0,0,0,0");
    assert_eq!(
        c.state_from_str(classic).unwrap_err(),
        ParseStateError::State(StateError::Stacked {
            colour: Colour::Red,
            index: 5
        })
    );
    assert!(
        c.state_from_str(&classic.replace("R:0,0,5,5", "R:0,0,57,57"))
            .is_ok()
    );
    let m = game(Rules::mensch());
    assert!(matches!(
        m.state_from_str(&rgyb(L4, "R 0", "0,0,44,44", "0,0,0,0")),
        Err(ParseStateError::State(StateError::Stacked {
            index: 44,
            ..
        }))
    ));
}

/// "A16 A finished checker leaves play at once: it is never moved or captured, several can
/// finish" (digest A16: "It cannot be captured or blocked there"), also without own stacking.
#[test]
fn a16_several_checkers_finish_without_own_stacking() {
    let c = game(Rules::classic());
    let st = rolled(&c, &rgyb(C5, "R 0", "0,0,56,57", "0,0,0,0"), 1);
    assert_eq!(moves(&st), ["R:56>57"]);
}

/// D7 paragraph, Mensch in detail: "A checker may jump over own checkers inside the goal, as
/// Schmidt's rules say (...: the goal fields count one by one when moving, and pieces may be
/// jumped)". A checker may pass an own checker in the goal fields (A8).
#[test]
fn mensch_a8_jumping_over_own_checkers_in_the_goal_fields_is_allowed() {
    let m = game(Rules::mensch());
    let st = rolled(&m, &rgyb(L4, "R 0", "0,0,40,42", "0,0,0,5"), 3);
    assert_eq!(moves(&st), ["R:40>43"], "over the own checker on 42");
}

/// `Move`'s doc: "The capture is part of the move, as in the notation: `R:12>16xG` and
/// `R:12>16` are different moves, and only the one that matches the position is legal.
/// ([`crate::Ludo::parse_move`] fills in the capture and bounce marks from the position.)"
#[test]
fn move_the_capture_mark_is_part_of_the_move() {
    let g = booklet();
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,0,3", "0,0,35,35"), 2);
    let mut s = st;
    assert!(matches!(
        g.apply(&mut s, &"R:3>5".parse().unwrap()),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        g.apply(&mut s, &"R:3>5xY".parse().unwrap()),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(s, st);
    assert_eq!(g.parse_move(&st, "R:3>5").unwrap().to_string(), "R:3>5xG");
    assert!(g.parse_move(&st, "R:3>5xY").is_err());
}

/// `ParseMoveError`'s doc: "A move string that is not in the notation `C:from>to[~][xC]`,
/// `C:0>1,0>1`, `C:-`", with `Inconsistent` "A bounce mark on a move out of the den ... or a
/// pass with a capture" and `BadPair` "Two parts that are not two checkers entering the start
/// dot".
#[test]
fn move_notation_errors_are_typed() {
    assert_refused::<Move>(&[
        ("R:0>1~", |e| matches!(e, ParseMoveError::Inconsistent(_))),
        ("R:-xG", |e| matches!(e, ParseMoveError::Inconsistent(_))),
        ("R:0>6,0>6", |e| matches!(e, ParseMoveError::BadPair(_))),
        ("Q:0>1", |e| matches!(e, ParseMoveError::BadColour(_))),
        ("R:12>16xQ", |e| matches!(e, ParseMoveError::BadCapture(_))),
        ("R:12-16", |e| matches!(e, ParseMoveError::BadStep(_))),
    ]);
    assert_eq!(
        "R:0>1,0>1xG".parse::<Move>().unwrap().to_string(),
        "R:0>1,0>1xG"
    );
}

/// `ParseDieError`'s doc: "A die value that is not a single digit 1 to 6", with `NotANumber`
/// "Not a number at all" and `Range` "A number outside 1 to 6"; the position's `die=N`
/// (Text) and the action `roll 6` read a die so.
#[test]
fn die_a_die_value_is_a_single_digit_1_to_6() {
    for d in 1..=6u8 {
        assert_eq!(d.to_string().parse::<Die>(), Ok(Die::new(d).unwrap()));
    }
    for s in ["0", "7", "9", "10"] {
        assert!(
            matches!(s.parse::<Die>(), Err(lattjo_ludo::ParseDieError::Range(_))),
            "{s}"
        );
    }
    for s in ["", "x", " 6", "6 ", "six"] {
        assert!(
            matches!(
                s.parse::<Die>(),
                Err(lattjo_ludo::ParseDieError::NotANumber(_))
            ),
            "{s:?}"
        );
    }
}

/// `Rules`' doc: "With the `serde` feature, deserialization checks [`Rules::validate`], as
/// the game's constructor does." and `Rules::safe_dots`: "Missing from serialized rules
/// written before it existed, it reads as off."
#[cfg(feature = "serde")]
#[test]
fn serde_rules_are_validated_and_read_without_safe_dots_as_off() {
    let json = serde_json::to_string(&Rules::classic()).unwrap();
    assert_eq!(
        serde_json::from_str::<Rules>(&json).unwrap(),
        Rules::classic()
    );
    let bad = json.replace("\"players\":4", "\"players\":5");
    assert_ne!(bad, json);
    assert!(serde_json::from_str::<Rules>(&bad).is_err());
    let stars =
        serde_json::to_string(&Rules::classic().with_safe_dots(SafeDots::LUDO_KING)).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&stars).unwrap();
    v.as_object_mut().unwrap().remove("safe_dots").unwrap();
    let old: Rules = serde_json::from_value(v).unwrap();
    assert_eq!(old, Rules::classic());
}

/// Regression: a die was read with Rust's integer parser, which also takes a sign and leading
/// zeros, so `roll +6`, `die=+6` and `die=06` were accepted although `ParseDieError` is "a die
/// value that is not a single digit 1 to 6" (every other number of the notation is ASCII
/// digits only).
#[test]
fn regression_a_die_read_a_sign_or_a_leading_zero() {
    for s in ["+6", "06", "+1", "00", "-0"] {
        assert!(s.parse::<Die>().is_err(), "{s:?}");
    }
    assert!("roll +6".parse::<Action>().is_err());
    for die in ["+6", "06"] {
        let s = format!("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 die={die}");
        assert!(s.parse::<Position>().is_err(), "{s}");
    }
}

/// Regression: every other number of the notation was read the same way, so a leading zero
/// was taken (`R:06>10` read as `R:6>10`, `LUDO 040/40/4`, `R:0,0,0,06`, `tries=01`,
/// `sixth_dot=05`): a text the writer never writes, whose number then wrote back otherwise.
/// Each is now refused with the error its field gives; the written forms read back.
#[test]
fn regression_numbers_read_a_leading_zero() {
    for m in ["R:06>10", "R:6>010", "R:00>1", "Y:14>018~"] {
        assert!(m.parse::<Move>().is_err(), "{m}");
    }
    for m in ["R:0>1", "R:6>10", "Y:14>18"] {
        assert_eq!(m.parse::<Move>().unwrap().to_string(), m);
    }
    let ok = "LUDO 40/40/4 RY R 0 R:0,0,0,6 Y:0,0,0,0";
    assert_eq!(ok.parse::<Position>().unwrap().to_string(), ok);
    for p in [
        "LUDO 040/40/4 RY R 0 R:0,0,0,6 Y:0,0,0,0",
        "LUDO 40/40/04 RY R 0 R:0,0,0,6 Y:0,0,0,0",
        "LUDO 40/40/4 RY R 00 R:0,0,0,6 Y:0,0,0,0",
        "LUDO 40/40/4 RY R 0 R:0,0,0,06 Y:0,0,0,0",
        "LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 tries=01",
    ] {
        assert!(
            matches!(p.parse::<Position>(), Err(PositionError::BadNumber { .. })),
            "{p}: {:?}",
            p.parse::<Position>()
        );
    }
    let rules = Rules::lattjo().with_seats("RY".parse().unwrap());
    let game = Ludo::new(rules.with_sixth_dot(5)).unwrap();
    let state = game.state_from_str(ok).unwrap().to_string();
    assert!(state.contains("sixth_dot=5"), "{state}");
    assert_eq!(state.parse::<State>().unwrap().to_string(), state);
    let zero = state.replace("sixth_dot=5", "sixth_dot=05");
    assert!(zero.parse::<State>().is_err(), "{zero}");
}

/// SVG: "draws any geometry from the state and its rules: ... the checkers (a stack of discs
/// where several share a dot ...)": one disc per checker, on the smallest and the largest
/// boards, with goal fields too.
#[test]
fn svg_draws_any_geometry_with_a_disc_per_checker() {
    let boards = [
        (
            Rules::lattjo()
                .with_geometry(Geometry::new(8, 4, 1).unwrap())
                .with_sixth_dot(2),
            "LUDO 8/4/1 RGYB R 0 R:0,2,2,6 G:0,0,1,4 Y:5,6,6,6 B:0,0,0,0",
        ),
        (
            Rules::lattjo()
                .with_geometry(Geometry::new(128, 100, 19).unwrap())
                .with_safe_dots(SafeDots::new(&[0, 31]).unwrap()),
            "LUDO 128/100/19 RGYB R 0 R:0,100,119,120 G:0,0,1,1 Y:0,0,0,0 B:0,0,0,0",
        ),
        (
            Rules::mensch().with_players(3),
            "LUDO 40/40/4 RGY R 0 R:0,41,43,44 G:0,0,0,1 Y:0,0,0,1",
        ),
    ];
    for (rules, pos) in boards {
        let g = game(rules);
        let st = at(&g, pos);
        let pic = svg::render(&st, &svg::Options::default());
        assert_eq!(
            pic.matches("class=\"checker\"").count(),
            4 * g.num_players(),
            "{pos}"
        );
        assert!(!pic.contains("<text"));
        assert!(!pic.contains("NaN"), "{pos}");
    }
}

/// Learning encodings: "`index_action` returns that legal move, and `None` for an index no
/// legal move has": at a chance node no index names a move and the mask is empty.
#[test]
fn learning_no_action_index_is_legal_at_a_chance_node() {
    let g = booklet();
    let st = at(&g, START4);
    let mut mask = vec![true; 91];
    g.legal_mask(&st, &mut mask).unwrap();
    assert!(mask.iter().all(|b| !b));
    assert!((0..91).all(|i| g.index_action(&st, i).is_none()));
}

/// Regression: D8's "while a player has nothing that can move except by leaving the den (all
/// checkers in the den or finished; with goal fields, closed up at the top)" was read as one
/// checker a goal field from the last one down also under own stacking (D3), where every
/// goal checker below the last field can still step up: two checkers on the last goal field
/// got no second try, and a checker that a 1 would move counted as done.
#[test]
fn regression_d8_three_tries_in_goal_fields_under_own_stacking() {
    let g = game(
        Rules::mensch()
            .with_own_stacking(true)
            .with_three_tries(true),
    );
    // Two on the last goal field, two in the den: nothing but the den can move.
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,44,44", "0,0,0,5"), 3);
    assert_eq!(
        to_move_and_tries(&st),
        (Some(Colour::Red), 1),
        "tried again"
    );
    // A checker on 43 can still move (a 1 takes it onto 44): a lost 3 is not tried again.
    let st = rolled(&g, &rgyb(L4, "R 0", "0,0,43,44", "0,0,0,5"), 3);
    assert_eq!(to_move(&st), Some(Colour::Green));
    assert!(matches!(
        g.state_from_str("LUDO 40/40/4 RGYB R 0 R:0,0,43,44 G:0,0,0,5 Y:0,0,0,0 B:0,0,0,0 tries=1"),
        Err(ParseStateError::State(StateError::Counter(_)))
    ));
    assert!(
        g.state_from_str("LUDO 40/40/4 RGYB R 0 R:0,0,44,44 G:0,0,0,5 Y:0,0,0,0 B:0,0,0,0 tries=1")
            .is_ok()
    );
}

/// `Geometry::path_index`'s doc: "[`DotError`] for a dot of another colour's home track or
/// den, or a dot the colour's path does not pass" (`DotError::OffPath`: "the dot before its
/// start dot when `L < T`, or a dot number past the loop or the home track").
#[test]
fn board_a_dot_off_the_colours_path_is_off_path() {
    let g = Geometry::CLASSIC;
    for (c, d) in [(Colour::Red, 51u8), (Colour::Green, 12), (Colour::Blue, 38)] {
        assert!(matches!(
            g.path_index(c, Dot::Loop(d)),
            Err(DotError::OffPath { .. })
        ));
    }
    assert!(matches!(
        g.path_index(Colour::Red, Dot::Loop(52)),
        Err(DotError::OffPath { .. })
    ));
    for h in [0u8, 6] {
        assert!(matches!(
            g.path_index(Colour::Red, Dot::Home(Colour::Red, h)),
            Err(DotError::OffPath { .. })
        ));
    }
    assert_eq!(g.path_index(Colour::Red, Dot::Loop(50)), Ok(51));
    assert_eq!(g.path_index(Colour::Green, Dot::Loop(11)), Ok(51));
}

/// Text, options: "`safe_dots=none|0+8` (D7's separate option: the offsets below `T/4`,
/// ascending, joined by `+`)", "`max_sixes=N|none`", each yes/no option "`yes` or `no`"; a
/// rules field that names no rules is refused (`ParseStateError::Rules`), and rules that
/// cannot be played are refused as such (`ParseStateError::BadRules`).
#[test]
fn text_the_rules_field_refuses_what_the_options_list_does_not_allow() {
    let pos = "LUDO 52/51/5 RY R 0 R:0,0,0,0 Y:0,0,0,0";
    for bad in [
        "classic,safe_dots=8+0",
        "classic,safe_dots=13",
        "classic,safe_dots=0+0",
        "classic,max_sixes=many",
        "classic,three_tries=true",
        "classic,overshoot=stop",
        "classic,finish=center",
        "classic,six_release=two",
        "classic,release=61",
        "classic,release=7",
        "classic,must_move=no,must_move=no",
        "ludo",
    ] {
        let e = format!("{pos} rules={bad}").parse::<State>().unwrap_err();
        assert!(matches!(e, ParseStateError::Rules(_)), "{bad}: {e:?}");
    }
    let e = format!("{pos} rules=classic,max_sixes=0")
        .parse::<State>()
        .unwrap_err();
    assert_eq!(e, ParseStateError::BadRules(RulesError::MaxSixes));
    let st: State = format!("{pos} rules=classic,safe_dots=0+8,max_sixes=none,release=16")
        .parse()
        .unwrap();
    assert_eq!(
        *st.rules(),
        Rules::classic()
            .with_players(2)
            .with_safe_dots(SafeDots::LUDO_KING)
            .with_max_sixes(None)
            .with_release_rolls(ReleaseRolls::ONE_AND_SIX)
    );
}

/// `Ludo::with_observation`'s doc: "Only the learning encoding changes, never the rules or the
/// play."
#[test]
fn learning_the_observation_kind_changes_nothing_of_the_play() {
    let compact = booklet();
    let planes = booklet().with_observation(lattjo_ludo::ObservationKind::Planes);
    assert_eq!(compact.rules(), planes.rules());
    let mut a = rolled(&compact, START4, 6);
    assert_eq!(planes.check_state(&a), Ok(()));
    let mut b = a;
    compact.apply(&mut a, &"R:0>6".parse().unwrap()).unwrap();
    planes.apply(&mut b, &"R:0>6".parse().unwrap()).unwrap();
    assert_eq!(a, b);
}
