//! Hostile configurations: every crate's rule options at their extremes and just past them.
//!
//! Configuration sweep, 5 December 2026. The standard: a configuration a crate cannot play is
//! refused with a typed error by its checked constructor, by the deserialization of the
//! `Rules` themselves (each crate's `Rules::validate`, which `via_json` below checks on every
//! configuration), and by every deserialization that makes a game or a state of one (the
//! deserializers of the states that carry their rules, dominoes' game, ludo's `rules=`
//! field). The `Rules` structs are plain data with public fields, as their builders are, so a
//! value built in code is checked where it becomes a game. A configuration a crate accepts plays: short random games under it end or
//! reach their cap without a panic, an overflow (these tests run with overflow checks on), a
//! refused generated action or a state whose JSON does not read back. Matches are swept too
//! (`boardgame_core::Match` under extreme targets and round limits).
//!
//! The defects this sweep found are pinned in their crates, named after the bug:
//! carrom's `regression_a_match_past_the_rules_target_started_boards_no_state_holds_c20`,
//! `regression_a_board_won_at_the_largest_queen_points_did_not_deserialize_c18`,
//! `regression_a_c17_loss_with_points_deducted_did_not_deserialize_a1` and
//! `regression_a_board_lost_by_the_last_man_with_the_striker_did_not_deserialize_a14`, Novuss's
//! `regression_a_match_under_a_stroke_limit_never_ended_b23`, boardgame-core's
//! `regression_a_match_whose_rounds_never_score_never_ended` and dominoes'
//! `regression_a_match_whose_rounds_could_never_score_never_ended_all_fives`.

use std::fmt::Debug;
use std::time::{Duration, Instant};

use boardgame_core::{Game, GameRng, Match, MatchConfig, MatchConfigError, Seat, Turn};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// What a refusal must say.
type Check<E> = Box<dyn Fn(&E) -> bool>;

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("every type here writes JSON")
}

/// Each crate's `Rules::validate`, the check its constructor and its deserializer share.
trait Validate {
    fn check(&self) -> Result<(), String>;
}

macro_rules! validate {
    ($($rules:ty),*) => {$(
        impl Validate for $rules {
            fn check(&self) -> Result<(), String> {
                self.validate().map_err(|e| e.to_string())
            }
        }
    )*};
}

validate!(
    lattjo_backgammon::Rules,
    lattjo_carrom::Rules,
    lattjo_chess::Rules,
    lattjo_disc_billiards::Rules,
    lattjo_dominoes::Rules,
    lattjo_draughts::Rules,
    lattjo_ludo::Rules
);

/// The rules read back from their JSON (the way a configuration file reaches a game). Rules
/// the crate refuses are refused by their JSON too, with the same reason (deserialization
/// validates); the rules themselves are then returned, for the constructor to refuse.
fn via_json<R: Serialize + DeserializeOwned + PartialEq + Debug + Clone + Validate>(r: &R) -> R {
    let read = serde_json::from_str::<R>(&json(r));
    match r.check() {
        Ok(()) => {
            let back = read.expect("rules read back");
            assert_eq!(&back, r);
            back
        }
        Err(why) => {
            let e = read.expect_err("the JSON of rules the crate refuses is refused");
            assert!(e.to_string().contains(&why), "{e} does not say {why}");
            r.clone()
        }
    }
}

/// Plays `games` random games of at most `max_plies` plies (and a few seconds each), reading
/// the state back from its JSON every `every` plies and at the end. Returns the plies played.
fn play<G>(what: &str, game: &G, games: u64, max_plies: u32, every: u32) -> u64
where
    G: Game,
    G::State: Serialize + DeserializeOwned,
{
    let budget = Duration::from_secs(5);
    let mut total = 0;
    let mut buf = Vec::new();
    for seed in 0..games {
        let start = Instant::now();
        let mut rng = GameRng::new(seed, 77);
        let mut s = game.new_initial_state();
        let mut plies = 0;
        loop {
            if plies % every == 0 || plies == max_plies || game.turn(&s) == Turn::Terminal {
                let text = json(&s);
                let back: G::State = serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("{what}, seed {seed}, ply {plies}: {e}\n{text}"));
                assert_eq!(
                    json(&back),
                    text,
                    "{what}: the round trip changed the state"
                );
            }
            if plies == max_plies || start.elapsed() > budget {
                break;
            }
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            let a = a.unwrap_or_else(|| panic!("{what}, seed {seed}: a live node, no action"));
            game.apply(&mut s, &a)
                .unwrap_or_else(|e| panic!("{what}, seed {seed}: its own action refused: {e}"));
            plies += 1;
        }
        total += u64::from(plies);
    }
    total
}

/// A match to `target` points and/or `rounds` rounds.
fn config(target: Option<i64>, rounds: Option<u32>) -> MatchConfig {
    MatchConfig::new(target, rounds).expect("a bounded match")
}

#[test]
fn core_match_configurations_at_the_extremes() {
    use boardgame_core::race::{Race, RaceRules};
    // Refused by the constructor and by deserialization alike.
    for (t, m, e) in [
        (None, None, MatchConfigError::Unbounded),
        (Some(0), None, MatchConfigError::TargetNotPositive(0)),
        (
            Some(i64::MIN),
            Some(3),
            MatchConfigError::TargetNotPositive(i64::MIN),
        ),
        (Some(1), Some(0), MatchConfigError::NoRounds),
    ] {
        assert_eq!(MatchConfig::new(t, m), Err(e));
        let text = format!(
            r#"{{"target":{},"max_rounds":{}}}"#,
            t.map_or("null".into(), |v| v.to_string()),
            m.map_or("null".into(), |v| v.to_string())
        );
        let err = serde_json::from_str::<MatchConfig>(&text).expect_err(&text);
        assert!(err.to_string().contains(&e.to_string()), "{err}");
    }
    // Accepted extremes play, as matches of the race too.
    let mut plies = 0;
    for players in [2usize, 4] {
        for track in [1u8, 200] {
            for (hand, copies) in [(0u8, 1u8), (1, 1), (15, 20)] {
                let Ok(race) = Race::new(
                    RaceRules::default()
                        .with_players(players)
                        .with_track(track)
                        .with_hand(hand)
                        .with_copies(copies)
                        .with_partners(players == 4),
                ) else {
                    continue;
                };
                for c in [
                    config(Some(1), None),
                    config(Some(i64::MAX), Some(3)),
                    config(None, Some(1)),
                    config(Some(1), Some(u32::MAX)),
                ] {
                    let m = Match::new(race.clone(), c);
                    let mut s = m.new_initial_state();
                    plies += boardgame_core::random_playout_capped(
                        &m,
                        &mut s,
                        &mut GameRng::new(1, 1),
                        &mut Vec::new(),
                        20_000,
                    );
                    assert_eq!(m.turn(&s), Turn::Terminal);
                }
            }
        }
    }
    assert!(plies > 1_000);
    // A search under degenerate settings still answers with a legal action.
    let race = Race::new(RaceRules::default()).expect("the default");
    let mut s = race.new_initial_state();
    let mut rng = GameRng::new(3, 3);
    while race.turn(&s) == Turn::Chance {
        let a = race.sample_chance(&s, &mut rng).expect("a chance node");
        race.apply(&mut s, &a).expect("its own outcome");
    }
    for exploration in [f64::NAN, f64::INFINITY, -1.0, 0.0] {
        for (iterations, max_rollout_plies) in [(0, 0), (1, u32::MAX), (50, 1)] {
            let mcts = boardgame_core::Mcts::new(boardgame_core::MctsConfig {
                iterations,
                exploration,
                max_rollout_plies,
            });
            let r = mcts
                .search(&race, &s, &mut GameRng::new(1, 1))
                .expect("a player node");
            assert!(race.is_legal(&s, &r.action));
        }
    }
}

#[test]
fn chess_rules_every_combination() {
    use lattjo_chess::{Chess, Rules, RulesError};
    let mut plies = 0;
    for bits in 0u32..64 {
        let on = |i: u32| bits & (1 << i) != 0;
        let r = Rules::lattjo()
            .with_claimable_draws(on(0))
            .with_automatic_draws(on(1))
            .with_auto_claim(on(2))
            .with_agreement_needs_moves(on(3))
            .with_resignation_needs_mating_material(on(4))
            .with_decisions(on(5));
        match Chess::new(via_json(&r)) {
            Ok(g) => plies += play("chess", &g, 2, 400, 41),
            Err(e) => {
                assert!(on(2) && !on(0), "{r:?}");
                assert_eq!(e, RulesError::AutoClaimWithoutClaims);
            }
        }
    }
    assert!(plies > 10_000);
}

#[test]
fn draughts_draw_thresholds_at_the_extremes() {
    use lattjo_draughts::{Draughts, Draws, KingMoves, Rules, RulesError};
    for (r, e) in [
        (
            Rules::wcdf().with_repetitions(0),
            RulesError::Repetitions(0),
        ),
        (
            Rules::wcdf().with_repetitions(1),
            RulesError::Repetitions(1),
        ),
        (Rules::wcdf().with_quiet_moves(0), RulesError::QuietMoves),
    ] {
        assert_eq!(Draughts::new(via_json(&r)), Err(e));
    }
    let mut plies = 0;
    for repetitions in [2u8, 3, u8::MAX] {
        for quiet in [1u16, 2, u16::MAX] {
            for draws in [Draws::Agreement, Draws::Claim, Draws::Automatic] {
                for kings in [KingMoves::Short, KingMoves::Flying] {
                    let r = Rules::wcdf()
                        .with_repetitions(repetitions)
                        .with_quiet_moves(quiet)
                        .with_draws(draws)
                        .with_king_moves(kings);
                    let g = Draughts::new(via_json(&r)).expect("valid thresholds");
                    plies += play("draughts", &g, 2, 2_000, 97);
                }
            }
        }
    }
    assert!(plies > 5_000);
}

#[test]
fn backgammon_cube_options_and_match_lengths_at_the_extremes() {
    use lattjo_backgammon::{Backgammon, MAX_MATCH_LENGTH, MatchContext, Rules, RulesError};
    for (r, e) in [
        (
            Rules::standard().with_max_cube_log2(Some(13)),
            RulesError::CubeLimit(13),
        ),
        (
            Rules::standard().with_max_cube_log2(Some(u8::MAX)),
            RulesError::CubeLimit(u8::MAX),
        ),
        (
            Rules::standard().with_cube(false).with_jacoby(true),
            RulesError::NeedsCube("the jacoby rule"),
        ),
        (
            Rules::standard().with_cube(false).with_beavers(true),
            RulesError::NeedsCube("beavers"),
        ),
        (
            Rules::standard()
                .with_cube(false)
                .with_automatic_doubles(u8::MAX),
            RulesError::NeedsCube("automatic doubles"),
        ),
    ] {
        assert_eq!(Backgammon::new(via_json(&r)), Err(e));
    }
    // A game's match context: refused by its constructor and its deserializer alike.
    for (length, score, crawford) in [
        (0u32, [0u32, 0u32], false),
        (MAX_MATCH_LENGTH + 1, [0, 0], false),
        (u32::MAX, [0, 0], false),
        (3, [3, 0], false),
        (3, [0, u32::MAX], false),
        (1, [0, 0], true),
        (5, [1, 2], true),
    ] {
        assert!(MatchContext::new(length, score, crawford).is_err());
        let text = format!(r#"{{"length":{length},"score":{score:?},"crawford":{crawford}}}"#);
        assert!(
            serde_json::from_str::<MatchContext>(&text).is_err(),
            "{text}"
        );
    }
    let text = format!(r#"{{"length":{MAX_MATCH_LENGTH},"score":[63,0],"crawford":true}}"#);
    let read: MatchContext = serde_json::from_str(&text).expect("the longest match");
    assert!(read.is_crawford());
    let longest = i64::from(MAX_MATCH_LENGTH);
    let mut plies = 0;
    for (doubles, cube) in [
        (0u8, None),
        (1, Some(0u8)),
        (u8::MAX, Some(0)),
        (u8::MAX, None),
    ] {
        for extra in 0..4 {
            let r = Rules::standard()
                .with_automatic_doubles(doubles)
                .with_max_cube_log2(cube)
                .with_jacoby(extra & 1 != 0)
                .with_beavers(extra & 2 != 0)
                .with_crawford(extra != 0)
                .with_resignations(true);
            let g = Backgammon::new(via_json(&r)).expect("valid cube options");
            plies += play("backgammon", &g, 2, 1_000, 53);
            for c in [
                config(Some(1), None),
                config(Some(longest), None),
                config(None, Some(2)),
                config(Some(3), Some(u32::MAX)),
            ] {
                let m = Match::try_new(g, c).expect("a length backgammon plays");
                plies += play("backgammon match", &m, 1, 2_000, 53);
            }
            assert_eq!(
                Match::try_new(g, config(Some(longest + 1), None)).err(),
                Some(MatchConfigError::TargetTooHigh {
                    target: longest + 1,
                    max: longest
                })
            );
        }
    }
    // Random doubles, drops and resignations end most games early.
    assert!(plies > 2_000, "{plies}");
}

#[test]
fn dominoes_seats_sets_and_hands_at_the_extremes() {
    use lattjo_dominoes::{Dominoes, DrawRule, NextRoundLeader, Rules, RulesError, SpinnerRule};
    let refused = [
        (Rules::lattjo().with_players(0), RulesError::Players(0)),
        (Rules::lattjo().with_players(1), RulesError::Players(1)),
        (Rules::lattjo().with_players(9), RulesError::Players(9)),
        (
            Rules::lattjo().with_players(usize::MAX),
            RulesError::Players(usize::MAX),
        ),
        (
            Rules::lattjo().with_highest(13),
            RulesError::SetTooLarge(13),
        ),
        (
            Rules::lattjo().with_highest(u8::MAX),
            RulesError::SetTooLarge(u8::MAX),
        ),
        (
            Rules::partnership().with_players(3),
            RulesError::Partnerships(3),
        ),
        (
            Rules::lattjo().with_partnerships(true),
            RulesError::Partnerships(2),
        ),
    ];
    for (r, e) in refused {
        assert_eq!(Dominoes::new(via_json(&r)), Err(e));
        assert!(
            serde_json::from_str::<Dominoes>(&json(&r)).is_err(),
            "{r:?}"
        );
    }
    for (players, highest, hand) in [
        (2, 6, 0),
        (2, 6, 15),
        (8, 6, 4),
        (2, 0, 1),
        (2, 12, 46),
        (3, 6, usize::MAX),
        (8, 12, usize::MAX / 4),
    ] {
        let r = Rules::lattjo()
            .with_players(players)
            .with_highest(highest)
            .with_hand_size(Some(hand));
        assert!(
            matches!(
                Dominoes::new(via_json(&r)),
                Err(RulesError::HandSize { .. })
            ),
            "{r:?}"
        );
        assert!(
            serde_json::from_str::<Dominoes>(&json(&r)).is_err(),
            "{r:?}"
        );
    }
    let mut plies = 0;
    let mut accepted = 0;
    for players in [2usize, 3, 4, 8] {
        for highest in [1u8, 2, 6, 12] {
            for hand in [None, Some(1usize), Some(91 / players)] {
                for (i, base) in [
                    Rules::lattjo(),
                    Rules::block(),
                    Rules::all_fives(),
                    Rules::five_up(),
                ]
                .into_iter()
                .enumerate()
                {
                    let r = base
                        .with_players(players)
                        .with_highest(highest)
                        .with_hand_size(hand)
                        .with_partnerships(players == 4 && i % 2 == 1)
                        .with_must_play_if_able(i != 1)
                        .with_draw_rule(if i == 3 {
                            DrawRule::DrawUntilPlayableLeaveTwo
                        } else {
                            base.draw_rule
                        })
                        .with_next_round_leader(if i == 0 {
                            NextRoundLeader::NextClockwise
                        } else {
                            base.next_round_leader
                        })
                        .with_spinner(if highest == 1 {
                            SpinnerRule::EveryDouble
                        } else {
                            base.spinner
                        });
                    let Ok(g) = Dominoes::new(via_json(&r)) else {
                        continue;
                    };
                    let read: Dominoes = serde_json::from_str(&json(&r)).expect("valid rules");
                    assert_eq!(read, g);
                    accepted += 1;
                    plies += play("dominoes", &g, 1, 1_000, 31);
                    let m = Match::new(g, config(Some(61), None));
                    plies += play("dominoes match", &m, 1, 3_000, 101);
                }
            }
        }
    }
    assert!(accepted > 80, "{accepted}");
    assert!(plies > 10_000);
}

#[test]
fn ludo_seats_geometries_and_limits_at_the_extremes() {
    use lattjo_ludo::{
        Die, Finish, Geometry, GeometryError, Ludo, Overshoot, ReleaseRolls, Rules, RulesError,
        SafeDots, SixRelease,
    };
    // The option types with invariants refuse bad values in JSON too.
    for (t, l, h) in [
        (0u8, 0u8, 0u8),
        (4, 2, 1),
        (132, 2, 1),
        (42, 40, 4),
        (8, 9, 1),
        (8, 1, 1),
        (8, 8, 0),
        (116, 116, 4),
    ] {
        let err = Geometry::new(t, l, h).expect_err("no such board");
        let text = format!(r#"{{"loop_len":{t},"last_loop":{l},"home_len":{h}}}"#);
        let read = serde_json::from_str::<Geometry>(&text).expect_err(&text);
        assert!(read.to_string().contains(&err.to_string()), "{read}");
        assert!(matches!(
            err,
            GeometryError::LoopLength(_)
                | GeometryError::LastLoop { .. }
                | GeometryError::HomeLength { .. }
        ));
    }
    assert!(serde_json::from_str::<ReleaseRolls>("[]").is_err());
    assert!(serde_json::from_str::<ReleaseRolls>("[7]").is_err());
    assert!(serde_json::from_str::<SafeDots>("[128]").is_err());
    for seats in ["", "R", "RR", "RGYBR", "RGX"] {
        assert!(seats.parse::<lattjo_ludo::Seats>().is_err(), "{seats}");
        assert!(serde_json::from_str::<lattjo_ludo::Seats>(&json(&seats)).is_err());
    }
    let six = ReleaseRolls::SIX;
    for (r, e) in [
        (Rules::lattjo().with_players(0), RulesError::Players(0)),
        (Rules::lattjo().with_players(5), RulesError::Players(5)),
        (
            Rules::lattjo().with_players(usize::MAX),
            RulesError::Players(usize::MAX),
        ),
        (
            Rules::lattjo().with_sixth_dot(0),
            RulesError::SixthDot {
                sixth_dot: 0,
                last_loop: 40,
            },
        ),
        (
            Rules::lattjo().with_sixth_dot(41),
            RulesError::SixthDot {
                sixth_dot: 41,
                last_loop: 40,
            },
        ),
        (
            Rules::classic().with_max_sixes(Some(0)),
            RulesError::MaxSixes,
        ),
        (
            Rules::lattjo().with_safe_dots(SafeDots::new(&[40]).expect("below 128")),
            RulesError::SafeDot {
                offset: 40,
                loop_len: 40,
            },
        ),
        (
            Rules::mensch().with_overshoot(Overshoot::Bounce),
            RulesError::BounceIntoGoalFields,
        ),
        (
            Rules::mensch().with_geometry(Geometry::new(40, 40, 3).expect("a board")),
            RulesError::GoalFields { home_len: 3 },
        ),
        (
            Rules::lattjo()
                .with_geometry(Geometry::new(8, 2, 1).expect("a board"))
                .with_sixth_dot(2),
            RulesError::ShortBouncePath { end: 4 },
        ),
        (
            Rules::classic()
                .with_release_rolls(six)
                .with_max_sixes(Some(1)),
            RulesError::NoPlayableRelease,
        ),
    ] {
        assert_eq!(Ludo::new(via_json(&r)).err(), Some(e), "{r:?}");
    }
    let mut seats = Rules::lattjo().with_seats("RGB".parse().expect("three colours"));
    seats.players = 2;
    assert!(matches!(
        Ludo::new(via_json(&seats)),
        Err(RulesError::SeatsMismatch { .. })
    ));
    // Random combinations over the extreme boards.
    let boards: Vec<Geometry> = [
        (8u8, 2u8, 4u8),
        (8, 8, 4),
        (8, 2, 117),
        (116, 116, 3),
        (128, 2, 117),
        (128, 118, 1),
        (52, 51, 5),
        (12, 12, 107),
    ]
    .iter()
    .map(|&(t, l, h)| Geometry::new(t, l, h).expect("a board"))
    .collect();
    let mut rng = GameRng::new(2026, 1);
    let (mut accepted, mut plies) = (0, 0);
    for _ in 0..600 {
        let mut pick = |k: usize| rng.index(k);
        let g = boards[pick(boards.len())];
        let faces: Vec<Die> = Die::ALL.into_iter().filter(|_| pick(2) == 0).collect();
        let safe: Vec<u8> = (0..g.loop_len()).filter(|_| pick(3) == 0).collect();
        let mut r = Rules::lattjo()
            .with_players([2usize, 3, 4][pick(3)])
            .with_geometry(g)
            .with_finish(if pick(2) == 0 {
                Finish::CentreDot
            } else {
                Finish::GoalFields
            })
            .with_sixth_dot([2u8, 6, g.last_loop()][pick(3)])
            .with_release_rolls(ReleaseRolls::new(&faces).unwrap_or(six))
            .with_six_release(if pick(2) == 0 {
                SixRelease::TwoOrSixthDot
            } else {
                SixRelease::OneToStart
            })
            .with_release_compulsory(pick(2) == 0)
            .with_clear_start(pick(2) == 0)
            .with_own_stacking(pick(2) == 0)
            .with_overshoot(if pick(2) == 0 {
                Overshoot::Bounce
            } else {
                Overshoot::Illegal
            })
            .with_max_sixes([None, Some(1u8), Some(3), Some(u8::MAX)][pick(4)])
            .with_safe_dots(SafeDots::new(&safe).expect("offsets below the loop"))
            .with_three_tries(pick(2) == 0)
            .with_must_move(pick(2) == 0)
            .with_opening_checker(pick(2) == 0)
            .with_roll_for_start(pick(2) == 0)
            .with_play_out_places(pick(2) == 0);
        if pick(3) == 0 {
            r = r.with_seats(["GB", "BY", "GYB", "RB"][pick(4)].parse().expect("colours"));
        }
        let Ok(game) = Ludo::new(via_json(&r)) else {
            continue;
        };
        accepted += 1;
        plies += play("ludo", &game, 1, 20_000, 499);
    }
    assert!(accepted > 200, "{accepted}");
    assert!(plies > 100_000);
}

#[test]
fn carrom_rules_and_matches_at_the_extremes() {
    use lattjo_carrom::{
        BoardEndScoring, BothLastPieces, BreakRotation, Carrom, MAX_BOARDS, MAX_NOISE_SD,
        MAX_POINTS, MIN_NOISE_SD, NoiseModel, PenaltyPoints, QueenWithFirstPiece, Rules,
        RulesError, State, TieAfterMaxBoards, TurnDirection,
    };
    let noise = |direction_sd, speed_sd| {
        Some(NoiseModel {
            direction_sd,
            speed_sd,
        })
    };
    fn out(option: &'static str) -> impl Fn(&RulesError) -> bool {
        move |e| matches!(e, RulesError::OutOfRange { option: o, .. } if *o == option)
    }
    let l = Rules::lattjo;
    let refused: Vec<(Rules, Check<RulesError>)> = vec![
        (
            l().with_players(0),
            Box::new(|e| *e == RulesError::Players(0)),
        ),
        (
            l().with_players(3),
            Box::new(|e| *e == RulesError::Players(3)),
        ),
        (
            l().with_players(usize::MAX),
            Box::new(|e| *e == RulesError::Players(usize::MAX)),
        ),
        (
            l().with_break_attempts(0),
            Box::new(|e| *e == RulesError::NoBreakAttempts),
        ),
        (
            l().with_void_stroke_limit(Some(0)),
            Box::new(|e| *e == RulesError::NoVoidStrokes),
        ),
        (l().with_target_points(0), Box::new(out("target_points"))),
        (
            l().with_target_points(MAX_POINTS + 1),
            Box::new(out("target_points")),
        ),
        (
            l().with_target_points(i64::MIN),
            Box::new(out("target_points")),
        ),
        (l().with_max_boards(0), Box::new(out("max_boards"))),
        (
            l().with_max_boards(MAX_BOARDS + 1),
            Box::new(out("max_boards")),
        ),
        (l().with_queen_points(-1), Box::new(out("queen_points"))),
        (
            l().with_queen_points(i64::MAX),
            Box::new(out("queen_points")),
        ),
        (
            l().with_queen_bonus_cutoff(-1),
            Box::new(out("queen_bonus_cutoff")),
        ),
        (
            l().with_max_points_per_board(Some(0)),
            Box::new(out("max_points_per_board")),
        ),
        (
            l().with_max_points_per_board(Some(MAX_POINTS + 1)),
            Box::new(out("max_points_per_board")),
        ),
        (
            l().with_games_per_match(0),
            Box::new(|e| *e == RulesError::GamesPerMatch(0)),
        ),
        (
            l().with_games_per_match(2),
            Box::new(|e| *e == RulesError::GamesPerMatch(2)),
        ),
        (
            l().with_games_per_match(254),
            Box::new(|e| *e == RulesError::GamesPerMatch(254)),
        ),
    ];
    let bad_noise = [
        noise(f64::NAN, 0.0),
        noise(0.0, f64::INFINITY),
        noise(-MIN_NOISE_SD, 0.0),
        noise(MIN_NOISE_SD / 2.0, 0.0),
        noise(0.0, f64::MIN_POSITIVE),
        noise(MAX_NOISE_SD.0 * (1.0 + f64::EPSILON), 0.0),
        noise(0.0, 1.0),
    ];
    // A state carrying the rules refuses them as the constructor does.
    let state = serde_json::to_value(Carrom::new(l()).expect("a preset").new_initial_state())
        .expect("JSON");
    let check = |r: &Rules, ok: &dyn Fn(&RulesError) -> bool| {
        // (serde_json writes a NaN as null, which does not read back as a float at all.)
        let e = Carrom::new(*r).expect_err("refused");
        assert!(ok(&e), "{r:?}: {e}");
        let mut j = state.clone();
        j["rules"] = serde_json::to_value(r).expect("JSON");
        assert!(serde_json::from_value::<State>(j).is_err(), "{r:?}");
    };
    for (r, ok) in &refused {
        check(r, ok.as_ref());
    }
    for n in bad_noise {
        check(&l().with_noise(n), &|e| {
            matches!(e, RulesError::Noise { .. })
        });
    }
    // Accepted extremes play: a board, a game of boards and a match of games.
    let mut rng = GameRng::new(5, 5);
    let mut plies = 0;
    for _ in 0..60 {
        let mut pick = |k: usize| rng.index(k);
        let base = if pick(2) == 0 {
            Rules::lattjo()
        } else {
            Rules::icf()
        };
        let r = base
            .with_players([2usize, 4][pick(2)])
            .with_break_attempts([1u8, u8::MAX][pick(2)])
            .with_void_stroke_limit([None, Some(1u8), Some(u8::MAX)][pick(3)])
            .with_target_points([1i64, 2, MAX_POINTS][pick(3)])
            .with_max_boards([1u32, 2, MAX_BOARDS][pick(3)])
            .with_queen_points([0i64, MAX_POINTS][pick(2)])
            .with_queen_bonus_cutoff([0i64, MAX_POINTS][pick(2)])
            .with_max_points_per_board([None, Some(1i64), Some(MAX_POINTS)][pick(3)])
            .with_games_per_match([1u8, 3, u8::MAX][pick(3)])
            .with_penalty_points(
                [
                    PenaltyPoints::CreditVictim,
                    PenaltyPoints::DeductFromOffender,
                ][pick(2)],
            )
            .with_penalty_points_respect_22_cap(pick(2) == 0)
            .with_tie_after_max_boards(
                [TieAfterMaxBoards::Draw, TieAfterMaxBoards::ExtraBoard][pick(2)],
            )
            .with_break_rotation(
                [
                    BreakRotation::Rotate,
                    BreakRotation::LoserBreaks,
                    BreakRotation::WinnerBreaks,
                ][pick(3)],
            )
            .with_noise(
                [
                    None,
                    noise(0.0, 0.0),
                    noise(MIN_NOISE_SD, MIN_NOISE_SD),
                    noise(MAX_NOISE_SD.0, MAX_NOISE_SD.1),
                ][pick(4)],
            )
            .with_board_end_scoring([BoardEndScoring::Booklet, BoardEndScoring::Icf][pick(2)])
            .with_striker_with_own_piece_continues(pick(2) == 0)
            .with_opponent_piece_ends_turn(pick(2) == 0)
            .with_striker_off_board_is_foul(pick(2) == 0)
            .with_queen_with_first_piece(
                [
                    QueenWithFirstPiece::CoveredAtOnce,
                    QueenWithFirstPiece::RequireNextCover,
                    QueenWithFirstPiece::ReturnQueen,
                ][pick(3)],
            )
            .with_queen_too_early_loses_turn(pick(2) == 0)
            .with_queen_while_owing_goes_back(pick(2) == 0)
            .with_striker_with_queen_continues(pick(2) == 0)
            .with_last_piece_with_striker_loses(pick(2) == 0)
            .with_both_last_pieces(
                [BothLastPieces::StrikerLoses, BothLastPieces::ByQueenState][pick(2)],
            )
            .with_turn_direction(
                [TurnDirection::Clockwise, TurnDirection::CounterClockwise][pick(2)],
            )
            .with_colour_follows_break(pick(2) == 0)
            .with_extra_point_if_demanded(pick(2) == 0)
            .with_dues_off_centre_circle(pick(2) == 0)
            .with_dues_may_be_declined(pick(2) == 0)
            .with_referee_calls(pick(2) == 0);
        let g = Carrom::new(via_json(&r)).unwrap_or_else(|e| panic!("{r:?}: {e}"));
        plies += play("carrom board", &g, 1, 30, 5);
        plies += play("carrom game", &g.clone().full_game(), 1, 50, 7);
        plies += play("carrom match", &g.clone().full_match(), 1, 50, 7);
        // A match of boards to the rules' own target or below, or by boards only.
        let t = r.target_points;
        for c in [
            config(Some(t), None),
            config(Some(1), None),
            config(None, Some(u32::MAX)),
        ] {
            let m = Match::try_new(g.clone(), c).expect("at most the rules' target");
            plies += play("carrom boards", &m, 1, 50, 7);
        }
        assert!(Match::try_new(g, config(Some(t + 1), None)).is_err());
    }
    assert!(plies > 1_000);
}

#[test]
fn novuss_rules_and_matches_at_the_extremes() {
    use lattjo_disc_billiards::{
        MAX_NOISE_SD, MAX_SPEED_LIMIT, MIN_NOISE_SD, MIN_SPEED_LIMIT, NoiseModel, Novuss,
        PairDiscs, Rules, RulesError, State,
    };
    let noise = |direction_sd, speed_sd| {
        Some(NoiseModel {
            direction_sd,
            speed_sd,
        })
    };
    let l = Rules::lattjo;
    let mut dims_nan = l();
    dims_nan.dimensions.disc_radius = f64::NAN;
    let mut dims_negative = l();
    dims_negative.dimensions.half_size = -0.5;
    let mut dims_huge = l();
    dims_huge.dimensions.puck_mass = f64::MAX;
    let refused: Vec<(Rules, Check<RulesError>)> = vec![
        (
            l().with_players(0),
            Box::new(|e| *e == RulesError::Players(0)),
        ),
        (
            l().with_players(3),
            Box::new(|e| *e == RulesError::Players(3)),
        ),
        (
            l().with_discs_per_player(0),
            Box::new(|e| *e == RulesError::Discs(0)),
        ),
        (
            l().with_discs_per_player(3),
            Box::new(|e| *e == RulesError::Discs(3)),
        ),
        (
            l().with_discs_per_player(10),
            Box::new(|e| *e == RulesError::Discs(10)),
        ),
        (
            l().with_discs_per_player(u8::MAX),
            Box::new(|e| *e == RulesError::Discs(u8::MAX)),
        ),
        (
            l().with_players(4)
                .with_pair_discs(PairDiscs::EightPerPair)
                .with_discs_per_player(6),
            Box::new(|e| *e == RulesError::PairRow(6)),
        ),
        (
            l().with_first_player(Seat::new(2)),
            Box::new(|e| *e == RulesError::FirstPlayer(2, 2)),
        ),
        (
            l().with_sets_to_win(0),
            Box::new(|e| *e == RulesError::Sets),
        ),
        (
            l().with_stroke_limit(Some(0)),
            Box::new(|e| *e == RulesError::StrokeLimit),
        ),
        (
            l().with_noise(noise(f64::NAN, 0.0)),
            Box::new(|e| matches!(e, RulesError::Noise { .. })),
        ),
        (
            l().with_noise(noise(0.0, MAX_NOISE_SD.1 * 2.0)),
            Box::new(|e| matches!(e, RulesError::Noise { .. })),
        ),
        (
            l().with_noise(noise(MIN_NOISE_SD / 2.0, 0.0)),
            Box::new(|e| matches!(e, RulesError::Noise { .. })),
        ),
        (
            l().with_max_speed(f64::NAN),
            Box::new(|e| matches!(e, RulesError::MaxSpeed(_))),
        ),
        (
            l().with_max_speed(0.0),
            Box::new(|e| matches!(e, RulesError::MaxSpeed(_))),
        ),
        (
            l().with_max_speed(-8.0),
            Box::new(|e| matches!(e, RulesError::MaxSpeed(_))),
        ),
        (
            l().with_max_speed(MIN_SPEED_LIMIT / 2.0),
            Box::new(|e| matches!(e, RulesError::MaxSpeed(_))),
        ),
        (
            l().with_max_speed(MAX_SPEED_LIMIT * 1.01),
            Box::new(|e| matches!(e, RulesError::MaxSpeed(_))),
        ),
        (
            dims_nan,
            Box::new(|e| matches!(e, RulesError::Dimensions(_))),
        ),
        (
            dims_negative,
            Box::new(|e| matches!(e, RulesError::Dimensions(_))),
        ),
        (
            dims_huge,
            Box::new(|e| matches!(e, RulesError::Dimensions(_))),
        ),
    ];
    let state = serde_json::to_value(Novuss::new(l()).expect("a preset").new_initial_state())
        .expect("JSON");
    for (r, ok) in &refused {
        // (serde_json writes a NaN as null, which does not read back as a float at all.)
        let e = Novuss::new(*r).expect_err("refused");
        assert!(ok(&e), "{r:?}: {e}");
        let mut j = state.clone();
        j["rules"] = serde_json::to_value(r).expect("JSON");
        assert!(serde_json::from_value::<State>(j).is_err(), "{r:?}");
    }
    let mut rng = GameRng::new(6, 6);
    let (mut accepted, mut plies) = (0, 0);
    for _ in 0..40 {
        let mut pick = |k: usize| rng.index(k);
        let players = [2usize, 4][pick(2)];
        let r = [Rules::lattjo(), Rules::lnf(), Rules::mini()][pick(3)]
            .with_players(players)
            .with_discs_per_player([2u8, 4, 6, 8][pick(4)])
            .with_pair_discs([PairDiscs::EightPerPair, PairDiscs::EightPerPlayer][pick(2)])
            .with_first_player(Seat::new(pick(players) as u8))
            .with_sets_to_win([1u8, 2, u8::MAX][pick(3)])
            .with_stroke_limit([None, Some(1u32), Some(2), Some(u32::MAX)][pick(4)])
            .with_max_speed([MIN_SPEED_LIMIT, 8.0, MAX_SPEED_LIMIT][pick(3)])
            .with_noise(
                [
                    None,
                    noise(0.0, 0.0),
                    noise(MIN_NOISE_SD, MIN_NOISE_SD),
                    noise(MAX_NOISE_SD.0, MAX_NOISE_SD.1),
                ][pick(4)],
            );
        let Ok(g) = Novuss::new(via_json(&r)) else {
            continue;
        };
        accepted += 1;
        plies += play("novuss set", &g, 1, 30, 5);
        plies += play("novuss match", &g.clone().full_match(), 1, 50, 7);
        if r.stroke_limit.is_some_and(|limit| limit <= 2) {
            let m = g.full_match();
            let mut s = m.new_initial_state();
            boardgame_core::random_playout_capped(
                &m,
                &mut s,
                &mut GameRng::new(2, 2),
                &mut Vec::new(),
                200_000,
            );
            assert_eq!(
                m.turn(&s),
                Turn::Terminal,
                "B23: a match under a stroke limit ends"
            );
        }
    }
    assert!(accepted > 20, "{accepted}");
    assert!(plies > 500);
}

/// Regression (configuration sweep, 5 December 2026): the `Rules` of every game crate
/// deserialized without the checks their constructors make, so a configuration file could hold
/// rules that no game accepts, and the error came only later, from `Game::new` or a state's
/// deserializer. Each crate's `Rules` JSON is now checked by its `Rules::validate`.
#[test]
fn regression_rules_json_was_not_validated() {
    fn refused<R: Serialize + DeserializeOwned + Debug>(preset: &R, field: &str, bad: &str) {
        let mut value: serde_json::Value = serde_json::from_str(&json(preset)).expect("JSON");
        value[field] = serde_json::from_str(bad).expect("a JSON value");
        let text = value.to_string();
        let e = serde_json::from_str::<R>(&text).expect_err(&text);
        assert!(!e.to_string().is_empty());
        serde_json::from_str::<R>(&json(preset)).expect("the preset reads");
    }
    refused(&lattjo_backgammon::Rules::standard(), "max_cube_log2", "13");
    refused(&lattjo_carrom::Rules::lattjo(), "players", "3");
    refused(&lattjo_chess::Rules::lattjo(), "auto_claim", "true");
    refused(&lattjo_disc_billiards::Rules::lattjo(), "sets_to_win", "0");
    refused(&lattjo_dominoes::Rules::lattjo(), "players", "9");
    refused(&lattjo_draughts::Rules::wcdf(), "repetitions", "1");
    refused(&lattjo_ludo::Rules::lattjo(), "players", "7");
}
