//! A game refuses a state its rules cannot reach (`Backgammon::check_state`,
//! `PlayError::OtherRules`): one test per refusal, named by the rule (B25-B29, A10, A13, D3,
//! D4, D5, D6), and a property over random games of random rule combinations.

use boardgame_core::{Game, GameRng, Match, MatchConfig, ResumeError, Turn};
use lattjo_backgammon::mat::MATCH_RULES;
use lattjo_backgammon::sgf::{ReplayErrorKind, SgfFile};
use lattjo_backgammon::{
    Action, Backgammon, Dice, MatchContext, OtherRulesError as E, Outcome, Phase, Play, PlayError,
    Position, ResignLevel, Rules, Side, SingleDiePolicy, State, StateSetup, WinKind,
};
use proptest::prelude::*;

fn game(rules: Rules) -> Backgammon {
    Backgammon::new(rules).expect("valid rules")
}

/// A money game before White's roll at the start, changed by `f`.
fn state(f: impl FnOnce(&mut StateSetup)) -> State {
    let start = Backgammon::default()
        .state_from(Position::start(Side::White), None)
        .unwrap();
    let mut setup = StateSetup::from(start);
    f(&mut setup);
    State::try_from(setup).expect("a state of some rules")
}

/// White has borne off every checker; Black none, all on its 6 point (a gammon, B32).
fn gammon_won() -> Position {
    let mut white = [0u8; 26];
    white[0] = 15;
    let mut black = [0u8; 26];
    black[6] = 15;
    Position::new(Side::White, white, black).unwrap()
}

/// Every kind of action, and the legal ones of `s` under `rules_of_s`.
fn actions(s: &State, rules_of_s: Option<&Backgammon>) -> Vec<Action> {
    let mut v = vec![
        Action::Opening { white: 3, black: 1 },
        Action::Dice(Dice::new(3, 1).unwrap()),
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        Action::Beaver,
        Action::Resign(ResignLevel::Single),
        Action::Resign(ResignLevel::Gammon),
        Action::AcceptResignation,
        Action::RejectResignation,
        Action::Play(Play::NONE),
    ];
    if let Some(g) = rules_of_s {
        let mut legal = Vec::new();
        g.legal_actions(s, &mut legal);
        v.extend(legal);
    }
    v
}

/// `game` refuses `s` for `e`: its check, every action (the state unchanged), and nothing
/// offered.
fn assert_refused(game: &Backgammon, s: &State, e: E) {
    assert_eq!(game.check_state(s), Err(e), "{s:?}");
    assert!(!e.to_string().is_empty());
    let mut legal = Vec::new();
    game.legal_actions(s, &mut legal);
    assert_eq!(legal, [], "offered on a refused state");
    let mut outcomes = Vec::new();
    game.chance_outcomes(s, &mut outcomes);
    assert!(outcomes.is_empty(), "chance outcomes of a refused state");
    let mut rng = GameRng::new(5, 0);
    assert_eq!(game.sample_chance(s, &mut rng), None);
    assert_eq!(game.sample_action(s, &mut rng, &mut legal), None);
    for a in actions(s, None) {
        let mut t = *s;
        assert_eq!(
            game.apply(&mut t, &a),
            Err(PlayError::OtherRules(e)),
            "{a:?}"
        );
        assert_eq!(t, *s, "{a:?} changed a refused state");
        assert!(!game.is_legal(s, &a), "{a:?} is legal on a refused state");
    }
}

/// `game` reaches `s`: it passes, and (unless over) an action applies.
fn assert_reached(game: &Backgammon, s: &State) {
    assert_eq!(
        game.check_state(s),
        Ok(()),
        "{s:?} under {:?}",
        game.rules()
    );
    let mut t = *s;
    let a = match game.turn(s) {
        Turn::Terminal => return,
        Turn::Chance => game.sample_chance(s, &mut GameRng::new(1, 0)),
        Turn::Player(_) => game.sample_action(s, &mut GameRng::new(1, 0), &mut Vec::new()),
    };
    game.apply(&mut t, &a.expect("an action")).unwrap();
}

#[test]
fn a_beaver_pending_is_refused_by_a_game_without_beavers() {
    // D5: the lead's case, a beaver made under beaver rules, was listed [Take, Drop] and
    // played on by the booklet's game, which has no beavers.
    let s = state(|s| s.phase = Phase::Beavered);
    assert_reached(&game(Rules::standard().with_beavers(true)), &s);
    for rules in [Rules::lattjo(), Rules::standard()] {
        assert_refused(&game(rules), &s, E::NeedsBeavers("a beaver to answer"));
    }
}

#[test]
fn a_resignation_offered_while_doubled_is_refused_by_a_game_without_resign_when_doubled() {
    // D6 with A10: the lead's second case, listed [AcceptResignation, RejectResignation] by
    // the booklet's game, which has no resignations at all.
    let s = state(|s| s.phase = Phase::ResignOfferedDoubled(ResignLevel::Gammon));
    let what = "a resignation offered instead of an answer to a double";
    assert_reached(
        &game(
            Rules::lattjo()
                .with_resignations(true)
                .with_resign_when_doubled(true),
        ),
        &s,
    );
    assert_refused(&game(Rules::lattjo()), &s, E::NeedsResignWhenDoubled(what));
    assert_refused(
        &game(Rules::lattjo().with_resignations(true)),
        &s,
        E::NeedsResignWhenDoubled(what),
    );
}

#[test]
fn b25_b29_the_cube_and_doubles_are_refused_without_the_cube() {
    let no_cube = game(Rules::lattjo().with_cube(false));
    let owned = state(|s| {
        s.cube_log2 = 1;
        s.cube_owner = Some(Side::Black);
    });
    assert_reached(&game(Rules::lattjo()), &owned);
    assert_refused(&no_cube, &owned, E::NeedsCube("a cube above 1"));
    let doubled = state(|s| s.phase = Phase::Doubled);
    assert_reached(&game(Rules::lattjo()), &doubled);
    assert_refused(&no_cube, &doubled, E::NeedsCube("a double offered"));
    // B27: the doubler wins a dropped double.
    let dropped = state(|s| {
        s.phase = Phase::Over;
        s.outcome = Some(Outcome {
            winner: Side::White,
            kind: WinKind::Drop,
            points: 1,
        });
    });
    assert_reached(&game(Rules::lattjo()), &dropped);
    assert_refused(&no_cube, &dropped, E::NeedsCube("a dropped double"));
}

#[test]
fn a13_a_cube_above_the_limit_is_refused() {
    let s = state(|s| {
        s.cube_log2 = 3;
        s.cube_owner = Some(Side::Black);
    });
    assert_reached(&game(Rules::lattjo()), &s);
    assert_reached(&game(Rules::lattjo().with_max_cube_log2(Some(3))), &s);
    let e = E::CubeAboveLimit {
        cube_log2: 3,
        limit: 2,
    };
    assert_refused(&game(Rules::lattjo().with_max_cube_log2(Some(2))), &s, e);
    assert_eq!(
        e.to_string(),
        "cube 2^3 is above the cube limit 2^2 (max_cube_log2)"
    );
}

#[test]
fn a10_a13_a_double_at_the_cube_limit_is_refused() {
    // A double is offered only below the limit (A10, A13): a pending one, one interrupted by
    // a resignation offer, and a dropped one.
    let limited = Rules::lattjo()
        .with_resignations(true)
        .with_resign_when_doubled(true);
    let cases = [
        (Phase::Doubled, None, "a double offered"),
        (
            Phase::ResignOfferedDoubled(ResignLevel::Single),
            None,
            "a double offered",
        ),
        (
            Phase::Over,
            Some(Outcome {
                winner: Side::White,
                kind: WinKind::Drop,
                points: 4,
            }),
            "a dropped double",
        ),
        // Accepted by the doubler while the double was pending.
        (
            Phase::Over,
            Some(Outcome {
                winner: Side::White,
                kind: WinKind::Resignation(ResignLevel::Single),
                points: 4,
            }),
            "a double offered",
        ),
    ];
    for (phase, outcome, what) in cases {
        let s = state(|s| {
            s.cube_log2 = 2;
            s.cube_owner = Some(Side::White);
            s.phase = phase;
            s.outcome = outcome;
        });
        assert_reached(&game(limited.with_max_cube_log2(Some(3))), &s);
        let e = E::PastCubeLimit {
            what,
            needs: 3,
            limit: 2,
        };
        assert_refused(&game(limited.with_max_cube_log2(Some(2))), &s, e);
    }
}

#[test]
fn d5_a13_a_beaver_needs_room_for_two_doubles() {
    let beavers = Rules::standard().with_beavers(true);
    let s = state(|s| {
        s.cube_log2 = 1;
        s.cube_owner = Some(Side::White);
        s.phase = Phase::Beavered;
    });
    assert_reached(&game(beavers.with_max_cube_log2(Some(3))), &s);
    let e = E::PastCubeLimit {
        what: "a beaver",
        needs: 3,
        limit: 2,
    };
    assert_refused(&game(beavers.with_max_cube_log2(Some(2))), &s, e);
}

#[test]
fn d5_a_dropped_beaver_is_refused_without_beavers() {
    // The doubler (White, on roll) dropped Black's beaver: Black wins the double, owning the
    // cube at 2.
    let s = state(|s| {
        s.cube_log2 = 1;
        s.cube_owner = Some(Side::Black);
        s.phase = Phase::Over;
        s.outcome = Some(Outcome {
            winner: Side::Black,
            kind: WinKind::Drop,
            points: 2,
        });
    });
    assert_reached(&game(Rules::standard().with_beavers(true)), &s);
    assert_refused(
        &game(Rules::standard()),
        &s,
        E::NeedsBeavers("a dropped beaver"),
    );
}

#[test]
fn d3_a_centred_cube_beyond_the_automatic_doubles_is_refused() {
    // Two opening ties, each doubling the centred cube (D3).
    let s = state(|s| {
        s.position = Position::start(Side::White);
        s.phase = Phase::Opening;
        s.cube_log2 = 2;
    });
    let auto = |n| game(Rules::standard().with_automatic_doubles(n));
    assert_reached(&auto(2), &s);
    assert_reached(&auto(3), &s);
    let e = |allowed| E::AutomaticDoubles {
        cube_log2: 2,
        allowed,
    };
    assert_refused(&auto(1), &s, e(1));
    assert_refused(&game(Rules::standard()), &s, e(0));
}

#[test]
fn d3_a_centred_cube_set_by_hand_after_the_opening_plays_under_any_rules_with_the_cube() {
    // Later in a game only automatic doubles leave the cube centred above 1, but GNU
    // Backgammon and XG set one in a position (`set cube value`, an SGF set-up's `CV`, an
    // XGID), which plays the same under any rules with the cube: not refused, in money or
    // match play.
    for context in [None, Some(MatchContext::new(5, [1, 2], false).unwrap())] {
        let s = state(|s| {
            s.cube_log2 = 1;
            s.match_context = context;
        });
        assert_reached(&game(Rules::standard()), &s);
        assert_reached(&game(Rules::lattjo()), &s);
        assert_refused(
            &game(Rules::lattjo().with_cube(false)),
            &s,
            E::NeedsCube("a cube above 1"),
        );
    }
}

#[test]
fn d4_the_crawford_game_is_refused_without_the_crawford_rule() {
    let crawford = MatchContext::new(5, [4, 2], true).unwrap();
    let s = Backgammon::default().new_game(Some(crawford));
    assert_reached(&game(Rules::standard()), &s);
    assert_refused(&game(Rules::lattjo()), &s, E::NeedsCrawford);
    assert_refused(
        &game(Rules::standard().with_crawford(false)),
        &s,
        E::NeedsCrawford,
    );
    // A later game at match point (post-Crawford under the rule) is a game of either: the
    // state holds only the Crawford flag.
    let after = MatchContext::new(5, [4, 2], false).unwrap();
    let s = Backgammon::default().new_game(Some(after));
    assert_reached(&game(Rules::standard()), &s);
    assert_reached(&game(Rules::lattjo()), &s);
}

#[test]
fn d6_resignations_are_refused_without_resignations() {
    let with = game(Rules::lattjo().with_resignations(true));
    let without = game(Rules::lattjo());
    let offered = state(|s| s.phase = Phase::ResignOffered(ResignLevel::Backgammon));
    assert_reached(&with, &offered);
    assert_refused(
        &without,
        &offered,
        E::NeedsResignations("a resignation offered"),
    );
    // Offered after the roll, the dice kept (D6).
    let after_roll = state(|s| {
        s.phase = Phase::ResignOffered(ResignLevel::Single);
        s.dice = Dice::new(6, 5);
    });
    assert_reached(&with, &after_roll);
    assert_refused(
        &without,
        &after_roll,
        E::NeedsResignations("a resignation offered"),
    );
    for (phase, dice) in [(Phase::BeforeRoll, None), (Phase::Moving, Dice::new(6, 5))] {
        let refused = state(|s| {
            s.phase = phase;
            s.dice = dice;
            s.resign_refused = true;
        });
        assert_reached(&with, &refused);
        assert_refused(
            &without,
            &refused,
            E::NeedsResignations("a refused resignation"),
        );
    }
    let won = state(|s| {
        s.phase = Phase::Over;
        s.outcome = Some(Outcome {
            winner: Side::Black,
            kind: WinKind::Resignation(ResignLevel::Single),
            points: 1,
        });
    });
    assert_reached(&with, &won);
    assert_refused(
        &without,
        &won,
        E::NeedsResignations("a game won by resignation"),
    );
}

#[test]
fn d6_a10_resignations_instead_of_an_answer_need_resign_when_doubled() {
    let both = game(
        Rules::lattjo()
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    let resignations = game(Rules::lattjo().with_resignations(true));
    // The doubled player's offer was refused: the double waits for its answer.
    let refused = state(|s| {
        s.phase = Phase::Doubled;
        s.resign_refused = true;
    });
    assert_reached(&both, &refused);
    assert_refused(
        &resignations,
        &refused,
        E::NeedsResignWhenDoubled("a resignation refused with a double to answer"),
    );
    // The doubler (White, on roll) accepted the doubled player's offer.
    let accepted = state(|s| {
        s.phase = Phase::Over;
        s.outcome = Some(Outcome {
            winner: Side::White,
            kind: WinKind::Resignation(ResignLevel::Single),
            points: 1,
        });
    });
    assert_reached(&both, &accepted);
    assert_refused(
        &resignations,
        &accepted,
        E::NeedsResignWhenDoubled("a resignation accepted by the doubler"),
    );
}

#[test]
fn d5_the_jacoby_rule_decides_how_a_gammon_with_a_centred_cube_scored() {
    let jacoby = game(Rules::standard().with_jacoby(true).with_resignations(true));
    let plain = game(Rules::standard().with_resignations(true));
    let over = |kind, winner, points, position| {
        state(|s| {
            s.position = position;
            s.phase = Phase::Over;
            s.outcome = Some(Outcome {
                winner,
                kind,
                points,
            });
        })
    };
    let single = over(WinKind::Single, Side::White, 1, gammon_won());
    assert_reached(&jacoby, &single);
    assert_refused(&plain, &single, E::NeedsJacoby("a gammon or backgammon"));
    let gammon = over(WinKind::Gammon, Side::White, 2, gammon_won());
    assert_reached(&plain, &gammon);
    assert_refused(&jacoby, &gammon, E::Jacoby("a gammon or backgammon"));
    let start = Position::start(Side::White);
    let resigned = |points| {
        over(
            WinKind::Resignation(ResignLevel::Gammon),
            Side::Black,
            points,
            start,
        )
    };
    assert_reached(&jacoby, &resigned(1));
    assert_refused(
        &plain,
        &resigned(1),
        E::NeedsJacoby("a resigned gammon or backgammon"),
    );
    assert_reached(&plain, &resigned(2));
    assert_refused(
        &jacoby,
        &resigned(2),
        E::Jacoby("a resigned gammon or backgammon"),
    );
    // With the cube owned the Jacoby rule does not apply: a gammon counts under either.
    let owned = state(|s| {
        s.position = gammon_won();
        s.cube_log2 = 1;
        s.cube_owner = Some(Side::Black);
        s.phase = Phase::Over;
        s.outcome = Some(Outcome {
            winner: Side::White,
            kind: WinKind::Gammon,
            points: 4,
        });
    });
    assert_reached(&jacoby, &owned);
    assert_reached(&plain, &owned);
}

#[test]
fn a10_d6_a_chosen_roll_needs_a_choice_before_it() {
    // Phase::Rolling: the player on roll chose to roll, which needs a decision before the
    // roll (a double or a resignation offer), or a double was just taken.
    let rolling = state(|s| s.phase = Phase::Rolling);
    assert_reached(&game(Rules::lattjo()), &rolling);
    assert_reached(
        &game(Rules::lattjo().with_cube(false).with_resignations(true)),
        &rolling,
    );
    assert_refused(
        &game(Rules::lattjo().with_cube(false)),
        &rolling,
        E::NoChoiceToRoll,
    );
    // A cube that may not be doubled: limit 2^0.
    assert_refused(
        &game(Rules::lattjo().with_max_cube_log2(Some(0))),
        &rolling,
        E::NoChoiceToRoll,
    );
    // After a take the taker owns the cube, at the limit or not.
    let taken = state(|s| {
        s.phase = Phase::Rolling;
        s.cube_log2 = 1;
        s.cube_owner = Some(Side::Black);
    });
    assert_reached(&game(Rules::lattjo().with_max_cube_log2(Some(1))), &taken);
    // The Crawford game has no double (D4).
    let crawford = state(|s| {
        s.phase = Phase::Rolling;
        s.match_context = Some(MatchContext::new(3, [2, 0], true).unwrap());
    });
    assert_refused(&game(Rules::standard()), &crawford, E::NoChoiceToRoll);
    assert_reached(&game(Rules::standard().with_resignations(true)), &crawford);
}

#[test]
fn d1_the_single_die_policy_refuses_nothing() {
    // The policy decides which plays are legal (D1), not what a state holds.
    for policy in [SingleDiePolicy::Lattjo, SingleDiePolicy::Standard] {
        let g = game(Rules::standard().with_single_die(policy).with_beavers(true));
        assert_reached(&g, &state(|s| s.phase = Phase::Beavered));
        let moving = state(|s| {
            s.phase = Phase::Moving;
            s.dice = Dice::new(6, 1);
        });
        assert_reached(&g, &moving);
    }
}

#[test]
fn a_match_plays_no_round_of_other_rules() {
    // `Match::resume` and `Match::check_state` ask the game (`Rounds::check_round`), so a
    // match does not take the round up; and should a caller build such a match state by
    // other means, the game refuses every action on it.
    let m = Match::new(
        game(Rules::lattjo()),
        MatchConfig::new(Some(5), None).unwrap(),
    );
    let round = Backgammon::default().new_game(Some(MatchContext::new(5, [4, 2], true).unwrap()));
    let totals = boardgame_core::BySeat::from_fn(2, |s| if s.index() == 0 { 4 } else { 2 });
    assert_eq!(
        m.resume(round, totals),
        Err(ResumeError::Round("the game is not one these rules reach"))
    );
    let standard = Match::new(
        game(Rules::standard()),
        MatchConfig::new(Some(5), None).unwrap(),
    );
    let mut s = standard.resume(round, totals).unwrap();
    assert_eq!(
        m.check_state(&s),
        Err(ResumeError::Round("the game is not one these rules reach"))
    );
    let before = s.clone();
    let e = PlayError::OtherRules(E::NeedsCrawford);
    assert_eq!(
        m.apply(&mut s, &Action::Opening { white: 3, black: 1 }),
        Err(e)
    );
    assert_eq!(s, before);
    let mut legal = Vec::new();
    m.legal_actions(&s, &mut legal);
    assert!(legal.is_empty());
}

/// A16: a match takes up only a game of its own length and score (the match context the
/// game is played under), and a money session no game of a match; found with the core's
/// `Rounds::check_round`, before which a 7-point game was played on in a 5-point match and
/// its score ignored.
#[test]
fn a16_a_match_takes_up_no_game_of_another_length_or_score() {
    let g = game(Rules::standard());
    let to_5 = Match::new(g, MatchConfig::new(Some(5), None).unwrap());
    let money = Match::new(g, MatchConfig::new(None, Some(10)).unwrap());
    let totals =
        |w: i64, b: i64| boardgame_core::BySeat::from_fn(2, |s| if s.index() == 0 { w } else { b });
    let at = |length, score| g.new_game(Some(MatchContext::new(length, score, false).unwrap()));
    assert!(to_5.resume(at(5, [3, 1]), totals(3, 1)).is_ok());
    assert_eq!(
        to_5.resume(at(7, [3, 1]), totals(3, 1)),
        Err(ResumeError::Round(
            "the game's match length is not the match's target"
        ))
    );
    assert_eq!(
        to_5.resume(at(5, [1, 3]), totals(3, 1)),
        Err(ResumeError::Round(
            "the game's match score is not the match's totals"
        ))
    );
    assert_eq!(
        to_5.resume(g.new_game(None), totals(3, 1)),
        Err(ResumeError::Round("a money game in a match"))
    );
    assert!(money.resume(g.new_game(None), totals(3, 1)).is_ok());
    assert_eq!(
        money.resume(at(5, [3, 1]), totals(3, 1)),
        Err(ResumeError::Round("a game of a match in a money session"))
    );
}

/// A set-up position of GNU Backgammon's SGF (`CV`, `CP`): a cube above the limit of the
/// rules given (A13), and an owned cube under `NoCube` (B25).
#[test]
fn a13_b25_an_sgf_set_up_position_of_other_rules_is_a_typed_replay_error() {
    let board = ";PL[B]AE[a:y]AW[a][c][c][c][d][h][h][h][n][o][r][r][u][w][w]\
                 AB[x][x][x][x][x][v][v][v][t][t][p][l][b][b][b]";
    let cube_8 =
        format!("(;FF[4]GM[6]MI[length:0][game:0]\n{board}\n;CV[8]\n;CP[w]\n;PL[B]DI[44])");
    let f = SgfFile::parse(&cube_8).unwrap();
    assert!(f.replay(&MATCH_RULES).is_ok());
    let e = f
        .replay(&MATCH_RULES.with_max_cube_log2(Some(2)))
        .unwrap_err();
    assert_eq!(
        e.kind,
        ReplayErrorKind::SetupRules(E::CubeAboveLimit {
            cube_log2: 3,
            limit: 2
        })
    );
    let no_cube = format!("(;FF[4]GM[6]MI[length:0][game:0]RU[NoCube]\n{board}\n;CV[2]\n;CP[w])");
    let f = SgfFile::parse(&no_cube).unwrap();
    let e = f.replay(&f.rules()).unwrap_err();
    assert_eq!(
        e.kind,
        ReplayErrorKind::SetupRules(E::NeedsCube("a cube above 1"))
    );
}

/// Every rule combination `Backgammon::new` takes, over small automatic-double counts and
/// cube limits.
fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for bits in 0u32..128 {
        for auto in 0u8..=2 {
            for limit in [None, Some(0), Some(1), Some(2), Some(3)] {
                let bit = |i: u32| bits & (1 << i) != 0;
                let policy = if bit(0) {
                    SingleDiePolicy::Standard
                } else {
                    SingleDiePolicy::Lattjo
                };
                let r = Rules::lattjo()
                    .with_single_die(policy)
                    .with_cube(bit(1))
                    .with_crawford(bit(2))
                    .with_jacoby(bit(3))
                    .with_beavers(bit(4))
                    .with_resignations(bit(5))
                    .with_resign_when_doubled(bit(6))
                    .with_automatic_doubles(auto)
                    .with_max_cube_log2(limit);
                if Backgammon::new(r).is_ok() {
                    out.push(r);
                }
            }
        }
    }
    out
}

/// `other` on a state `own` reached: plays on where it reaches it (one action each kind of
/// node offers, the result again one `other` reaches), refuses it whole otherwise.
fn check_under(
    other: &Backgammon,
    s: &State,
    own: &Backgammon,
    rng: &mut GameRng,
) -> Result<(), TestCaseError> {
    match other.check_state(s) {
        Ok(()) => {
            let a = match other.turn(s) {
                Turn::Terminal => return Ok(()),
                Turn::Chance => other.sample_chance(s, rng),
                Turn::Player(_) => other.sample_action(s, rng, &mut Vec::new()),
            };
            let Some(a) = a else {
                return Err(TestCaseError::fail(format!(
                    "{s:?}: nothing to do under {:?}",
                    other.rules()
                )));
            };
            let mut t = *s;
            prop_assert_eq!(other.apply(&mut t, &a), Ok(()));
            prop_assert_eq!(other.check_state(&t), Ok(()), "{:?} after {:?}", t, a);
        }
        Err(e) => {
            let mut legal = Vec::new();
            other.legal_actions(s, &mut legal);
            prop_assert!(legal.is_empty());
            for a in actions(s, Some(own)) {
                let mut t = *s;
                prop_assert_eq!(other.apply(&mut t, &a), Err(PlayError::OtherRules(e)));
                prop_assert_eq!(t, *s);
                prop_assert!(!other.is_legal(s, &a));
            }
        }
    }
    Ok(())
}

/// A state `own` reached: it passes `own`'s check, and `other` plays on from it or refuses
/// it whole.
fn visit(
    own: &Backgammon,
    other: &Backgammon,
    s: &State,
    rng: &mut GameRng,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        own.check_state(s),
        Ok(()),
        "{:?} under {:?}",
        s,
        own.rules()
    );
    check_under(other, s, own, rng)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random games under random rules (three money games, or a match of 1 to 7 points):
    /// every state reached passes its own game's check, and a game of other random rules
    /// plays on from it or refuses it whole, unchanged.
    #[test]
    fn every_reached_state_passes_its_own_check_and_other_rules_play_or_refuse_it(
        own in any::<prop::sample::Index>(),
        other in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        target in 0i64..=7,
    ) {
        let rules = all_rules();
        let (g, h) = (game(*own.get(&rules)), game(*other.get(&rules)));
        let mut rng = GameRng::new(seed, 0);
        let mut buf = Vec::new();
        if target == 0 {
            for _ in 0..3 {
                let mut s = g.new_initial_state();
                for _ in 0..3_000 {
                    visit(&g, &h, &s, &mut rng)?;
                    let a = match g.turn(&s) {
                        Turn::Terminal => break,
                        Turn::Chance => g.sample_chance(&s, &mut rng),
                        Turn::Player(_) => g.sample_action(&s, &mut rng, &mut buf),
                    };
                    prop_assert!(a.is_some());
                    g.apply(&mut s, &a.unwrap()).unwrap();
                }
            }
        } else {
            let m = Match::new(g, MatchConfig::new(Some(target), None).unwrap());
            let mut s = m.new_initial_state();
            for _ in 0..10_000 {
                visit(&g, &h, s.round(), &mut rng)?;
                let a = match m.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => m.sample_chance(&s, &mut rng),
                    Turn::Player(_) => m.sample_action(&s, &mut rng, &mut buf),
                };
                prop_assert!(a.is_some());
                m.apply(&mut s, &a.unwrap()).unwrap();
            }
        }
    }
}

/// Fields of a finished game, unchecked.
fn over(outcome: Outcome, f: impl FnOnce(&mut StateSetup)) -> StateSetup {
    let start = Backgammon::default()
        .state_from(Position::start(Side::White), None)
        .unwrap();
    let mut setup = StateSetup {
        phase: Phase::Over,
        outcome: Some(outcome),
        ..StateSetup::from(start)
    };
    f(&mut setup);
    setup
}

#[test]
fn regression_a_game_ended_by_a_double_in_the_crawford_game_was_a_state() {
    // D4: no doubling in the Crawford game, so no game there ends by a drop or by the
    // doubler's acceptance of a resignation offered instead of an answer. No rules reach
    // either, and `State::try_from` took both.
    let crawford = Some(MatchContext::new(3, [2, 0], true).unwrap());
    for kind in [WinKind::Drop, WinKind::Resignation(ResignLevel::Single)] {
        let setup = over(
            Outcome {
                winner: Side::White,
                kind,
                points: 1,
            },
            |s| s.match_context = crawford,
        );
        assert_eq!(
            State::try_from(setup),
            Err(lattjo_backgammon::StateError::Crawford),
            "{kind:?}"
        );
    }
    // A resignation offered by the player on roll (White) ends the Crawford game.
    let resigned = over(
        Outcome {
            winner: Side::Black,
            kind: WinKind::Resignation(ResignLevel::Single),
            points: 1,
        },
        |s| s.match_context = crawford,
    );
    assert!(State::try_from(resigned).is_ok());
}

#[test]
fn regression_a_game_ended_by_a_double_the_opponent_owned_was_a_state() {
    // B29: only the owner of the cube, or either player while it is centred, doubles. A drop
    // won by the player on roll (the doubler), or a resignation that player accepted while
    // the double was pending, with the cube on the other side, follows no double.
    for kind in [WinKind::Drop, WinKind::Resignation(ResignLevel::Single)] {
        let setup = over(
            Outcome {
                winner: Side::White,
                kind,
                points: 2,
            },
            |s| {
                s.cube_log2 = 1;
                s.cube_owner = Some(Side::Black);
            },
        );
        assert_eq!(
            State::try_from(setup),
            Err(lattjo_backgammon::StateError::Double),
            "{kind:?}"
        );
    }
    // White's own cube: White doubled to 4, Black dropped.
    let own = over(
        Outcome {
            winner: Side::White,
            kind: WinKind::Drop,
            points: 2,
        },
        |s| {
            s.cube_log2 = 1;
            s.cube_owner = Some(Side::White);
        },
    );
    assert!(State::try_from(own).is_ok());
}
