//! The game through boardgame-core: opening roll, dice, cube, scoring, resignations, match
//! play (B1, B3, B4, B25-B35, D2-D6, A3, A10-A16, A18).

use boardgame_core::{
    Agent, Game, GameRng, Match, MatchConfig, RandomAgent, RoundContext, Rounds, Seat, Turn,
    play_game, random_playout,
};
use lattjo_backgammon::{
    Action, Backgammon, Dice, GnubgId, MatchContext, OtherRulesError, Phase, Play, PlayError,
    Position, ResignLevel, Rules, Side, SingleDiePolicy, State, StateError, StateSetup, WinKind,
};

fn pos(white: &[(usize, u8)], black: &[(usize, u8)], to_move: Side) -> Position {
    let mut w = [0u8; 26];
    let mut b = [0u8; 26];
    for &(p, n) in white {
        w[p] += n;
    }
    for &(p, n) in black {
        b[p] += n;
    }
    Position::new(to_move, w, b).expect("valid test position")
}

fn apply(g: &Backgammon, s: &mut State, a: Action) {
    g.apply(s, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

/// Applies the first legal play (for moving a game along).
fn any_play(g: &Backgammon, s: &mut State) {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    apply(g, s, v[0]);
}

#[test]
fn b1_two_players() {
    assert_eq!(Backgammon::default().num_players(), 2);
}

// B3, A3: the opening roll is its own chance node with 30 outcomes (ties re-rolled); the
// higher die moves first with both numbers.
#[test]
fn b3_a3_opening_roll_thirty_outcomes_higher_starts() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    let s = g.new_initial_state();
    assert_eq!(g.turn(&s), Turn::Chance);
    let mut out = Vec::new();
    assert!(g.chance_outcomes(&s, &mut out));
    assert_eq!(out.len(), 30);
    assert!(out.iter().all(
        |(a, p)| matches!(a, Action::Opening { white, black } if white != black)
            && (*p - 1.0 / 30.0).abs() < 1e-12
    ));
    assert!((out.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-12);
    // A tie is not an outcome: refused, state unchanged.
    let mut t = s;
    assert!(matches!(
        g.apply(&mut t, &Action::Opening { white: 3, black: 3 }),
        Err(PlayError::BadDice(_))
    ));
    assert_eq!(t, s);
    // Sampling never yields a tie.
    let mut rng = GameRng::new(1, 0);
    for _ in 0..500 {
        let Some(Action::Opening { white, black }) = g.sample_chance(&s, &mut rng) else {
            panic!()
        };
        assert_ne!(white, black);
    }
    let mut t = s;
    apply(&g, &mut t, Action::Opening { white: 2, black: 5 });
    assert_eq!(
        g.turn(&t),
        Turn::Player(Seat::new(1)),
        "Black rolled higher"
    );
    assert_eq!(t.dice(), Dice::new(5, 2));
    assert_eq!(
        t.phase(),
        Phase::Moving,
        "no cube decision before the opening play"
    );
}

// B4, A18: each later turn rolls two dice: 21 outcomes with their probabilities; the dice are
// actions in the record.
#[test]
fn b4_a18_dice_chance_node_21_outcomes() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    let mut s = g.new_initial_state();
    apply(&g, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(&g, &mut s);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    apply(&g, &mut s, Action::Roll);
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 21);
    assert!((out.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-12);
    let doubles: f64 = out
        .iter()
        .filter(|(a, _)| matches!(a, Action::Dice(d) if d.is_double()))
        .map(|x| x.1)
        .sum();
    assert!((doubles - 6.0 / 36.0).abs() < 1e-12);
    // The record replays: a whole game from a seed.
    let (mut a, mut b) = (RandomAgent, RandomAgent);
    let played = play_game(
        &g,
        11,
        &mut [&mut a as &mut dyn Agent<Backgammon>, &mut b],
        100_000,
    )
    .unwrap();
    assert_eq!(played.record.replay(&g).unwrap(), played.state);
    assert!(
        played
            .record
            .actions
            .iter()
            .any(|a| matches!(a, Action::Dice(_)))
    );
}

// B25, D2: the centred cube shows 64 and counts once.
// T11: the cube's 64 face counts once.
#[test]
fn b25_d2_centred_cube_is_worth_one() {
    let s = Backgammon::default().new_initial_state();
    assert_eq!(s.cube_value(), 1);
    assert_eq!(s.cube_owner(), None);
}

fn ready_to_decide(g: &Backgammon) -> State {
    let mut s = g.new_initial_state();
    apply(g, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(g, &mut s);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    assert_eq!(s.to_move(), Side::Black);
    s
}

// B26, A10: a double is offered before rolling, never after; the opponent answers.
// T10: a double is offered before the roll and answered take or drop.
#[test]
fn b26_a10_double_before_rolling_only() {
    let g = Backgammon::default();
    let s = ready_to_decide(&g);
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert_eq!(v, vec![Action::Roll, Action::Double]);
    let mut t = s;
    apply(&g, &mut t, Action::Roll);
    apply(&g, &mut t, Action::Dice(Dice::new(4, 2).unwrap()));
    let before = t;
    assert!(matches!(
        g.apply(&mut t, &Action::Double),
        Err(PlayError::NotNow { .. })
    ));
    assert_eq!(t, before);
    // Take/drop out of turn (no double pending): refused.
    let mut t = s;
    assert!(matches!(
        g.apply(&mut t, &Action::Take),
        Err(PlayError::NotNow { .. })
    ));
    assert!(matches!(
        g.apply(&mut t, &Action::Drop),
        Err(PlayError::NotNow { .. })
    ));
    assert_eq!(t, s);
    apply(&g, &mut t, Action::Double);
    assert_eq!(
        g.turn(&t),
        Turn::Player(Seat::new(0)),
        "White answers Black's double"
    );
}

// B27, A11: a drop scores the stake before the double, no gammon multiplier.
#[test]
fn b27_a11_drop_scores_the_stake_before_the_double() {
    let g = Backgammon::default();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Drop);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Drop, 1)
    );
    assert_eq!(g.turn(&s), Turn::Terminal);
    let r = g.returns(&s).unwrap();
    assert_eq!((r[Seat::new(1)], r[Seat::new(0)]), (1.0, -1.0));
}

// B28, B29: the taker owns the cube at twice the stake; only the owner redoubles.
#[test]
fn b28_b29_take_gives_ownership_only_owner_redoubles() {
    let g = Backgammon::default();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double); // Black doubles
    apply(&g, &mut s, Action::Take); // White takes
    assert_eq!((s.cube_value(), s.cube_owner()), (2, Some(Side::White)));
    assert_eq!(s.phase(), Phase::Rolling, "the doubler now rolls");
    apply(&g, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    any_play(&g, &mut s);
    // White, the owner, may redouble.
    assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::White));
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (4, Some(Side::Black)));
    apply(&g, &mut s, Action::Dice(Dice::new(2, 1).unwrap()));
    any_play(&g, &mut s);
    // Black, the owner, decides; then White, on roll without the cube, goes straight to the dice.
    assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
    apply(&g, &mut s, Action::Roll);
    apply(&g, &mut s, Action::Dice(Dice::new(4, 1).unwrap()));
    any_play(&g, &mut s);
    assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::White));
    assert_eq!(g.turn(&s), Turn::Chance, "the roll is due at once");
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert!(v.is_empty());
    let before = s;
    assert_eq!(
        g.apply(&mut s, &Action::Double),
        Err(PlayError::CubeNotOwned)
    );
    assert_eq!(
        g.apply(&mut s, &Action::Roll),
        Err(PlayError::ChanceExpected)
    );
    assert_eq!(s, before);
}

// B29 with the error named: a Decide node (resignations on) for the player without the cube.
#[test]
fn b29_double_by_the_non_owner_is_cube_not_owned() {
    let g = Backgammon::new(Rules::lattjo().with_resignations(true)).unwrap();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take); // White owns
    apply(&g, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    any_play(&g, &mut s);
    apply(&g, &mut s, Action::Roll); // White rolls without doubling
    apply(&g, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    any_play(&g, &mut s);
    assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
    let before = s;
    assert_eq!(
        g.apply(&mut s, &Action::Double),
        Err(PlayError::CubeNotOwned)
    );
    assert_eq!(s, before);
}

// A12: doubling is allowed while on the bar (it happens before the roll).
#[test]
fn a12_double_while_on_the_bar() {
    let g = Backgammon::default();
    let p = pos(
        &[(25, 2), (6, 13)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
        Side::White,
    );
    let mut s = g.state_from(p, None).unwrap();
    assert_eq!(s.phase(), Phase::BeforeRoll);
    apply(&g, &mut s, Action::Double);
    // A15: shut out: the only play is no play, and the turn passes.
    apply(&g, &mut s, Action::Take);
    apply(&g, &mut s, Action::Dice(Dice::new(6, 6).unwrap()));
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert_eq!(v, vec![Action::Play(Play::NONE)]);
    apply(&g, &mut s, Action::Play(Play::NONE));
    assert_eq!(s.to_move(), Side::Black);
}

/// White about to bear off its last checker with 6-5; Black as given.
fn last_checker(black: &[(usize, u8)], cube: bool) -> (Backgammon, State) {
    let g = Backgammon::new(Rules::standard().with_cube(cube)).unwrap();
    let p = pos(&[(1, 1)], black, Side::White);
    let p = Position::new(
        Side::White,
        *p.checkers(Side::White),
        *p.checkers(Side::Black),
    )
    .unwrap();
    (g, g.state_from(p, Some(Dice::new(6, 5).unwrap())).unwrap())
}

// B30-B34, A14: single, gammon, backgammon, times the cube; the game ends when the 15th
// checker is off.
#[test]
fn b30_b31_b32_b33_b34_a14_scoring() {
    // B31: Black has borne off one checker.
    let (g, mut s) = last_checker(&[(6, 14)], true);
    any_play(&g, &mut s);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Single, 1)
    );
    assert_eq!(g.turn(&s), Turn::Terminal, "B30, A14: over at once");
    // B32: none borne off, none in White's home or on the bar.
    let (g, mut s) = last_checker(&[(6, 15)], true);
    any_play(&g, &mut s);
    assert_eq!(s.outcome().unwrap().kind, WinKind::Gammon);
    assert_eq!(s.outcome().unwrap().points, 2);
    // B33: a Black checker in White's home board (Black's 19..24).
    let (g, mut s) = last_checker(&[(6, 14), (20, 1)], true);
    any_play(&g, &mut s);
    assert_eq!(
        (s.outcome().unwrap().kind, s.outcome().unwrap().points),
        (WinKind::Backgammon, 3)
    );
    // B33: a Black checker on the bar.
    let (g, mut s) = last_checker(&[(6, 14), (25, 1)], true);
    any_play(&g, &mut s);
    assert_eq!(s.outcome().unwrap().kind, WinKind::Backgammon);
}

#[test]
fn b34_points_times_the_cube() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    // Black doubles, White takes (cube 2, White's); White then wins a gammon: 4 points.
    let p = pos(&[(1, 1)], &[(6, 15)], Side::Black);
    let mut s = g.state_from(p, None).unwrap();
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take);
    apply(&g, &mut s, Action::Dice(Dice::new(2, 1).unwrap()));
    any_play(&g, &mut s);
    assert_eq!(s.to_move(), Side::White);
    apply(&g, &mut s, Action::Roll);
    apply(&g, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    any_play(&g, &mut s);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Gammon, 4)
    );
    assert_eq!(g.round_points(&s).unwrap().as_slice(), &[4, 0]);
}

// D5: Jacoby, beavers, automatic doubles (money only).
#[test]
fn d5_jacoby_gammon_counts_single_with_centred_cube() {
    let g = Backgammon::new(Rules::standard().with_jacoby(true)).unwrap();
    let p = pos(&[(1, 1)], &[(6, 15)], Side::White);
    let mut s = g.state_from(p, Some(Dice::new(6, 5).unwrap())).unwrap();
    any_play(&g, &mut s);
    assert_eq!(
        (s.outcome().unwrap().kind, s.outcome().unwrap().points),
        (WinKind::Single, 1)
    );
}

#[test]
fn d5_beaver_takes_and_redoubles_keeping_the_cube() {
    let g = Backgammon::new(Rules::standard().with_beavers(true)).unwrap();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert_eq!(v, vec![Action::Take, Action::Drop, Action::Beaver]);
    apply(&g, &mut s, Action::Beaver);
    // The doubler (Black) answers the beaver; taking it plays on at four times the cube.
    assert_eq!((s.phase(), s.actor()), (Phase::Beavered, Some(Side::Black)));
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (4, Some(Side::White)));
    assert_eq!((s.phase(), s.to_move()), (Phase::Rolling, Side::Black));
    // Without the option: refused.
    let g = Backgammon::new(Rules::standard()).unwrap();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    assert_eq!(
        g.apply(&mut s, &Action::Beaver),
        Err(PlayError::BeaversDisabled)
    );
}

/// Differential test against GNU Backgammon 1.07.001 (money sessions with `set beavers 1`,
/// `tests/data/gnubg_matches.txt`): after a beaver GNUBG asks the doubler to take or drop it,
/// as its manual and the rec.games.backgammon FAQ describe beavers ("the original doubler has
/// the option of accepting or refusing as with a normal double"); a dropped beaver pays the
/// beaverer the double. This crate turned the cube twice at once and let the doubler roll.
#[test]
fn regression_a_beaver_is_answered_by_the_doubler() {
    let g = Backgammon::new(Rules::standard().with_beavers(true)).unwrap();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Beaver);
    assert_eq!(s.phase(), Phase::Beavered);
    assert_eq!(g.turn(&s), Turn::Player(Side::Black.seat()));
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert_eq!(v, vec![Action::Take, Action::Drop], "no raccoon");
    // The cube is still the one before the double until the answer.
    assert_eq!((s.cube_value(), s.cube_owner()), (1, None));
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Beaver),
        Err(PlayError::NotNow {
            action: "beaver",
            phase: Phase::Beavered
        })
    );
    // Drop: the beaverer (White) wins the double, 2 points, owning the cube at 2.
    let mut dropped = s;
    apply(&g, &mut dropped, Action::Drop);
    let o = dropped.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Drop, 2)
    );
    assert_eq!(dropped.cube_owner(), Some(Side::White));
    assert_eq!(g.returns(&dropped).unwrap().as_slice(), &[2.0, -2.0]);
    // The finished state passes the state checks (a drop won by the player not on roll).
    assert_eq!(State::try_from(dropped.setup()), Ok(dropped));
    // A beaver is refused by the state checks in match play.
    let mut setup = s.setup();
    setup.match_context = Some(MatchContext::new(7, [0, 0], false).unwrap());
    assert_eq!(State::try_from(setup), Err(StateError::Beaver));
    // Written as the double before it: the XGID and GNUBG ID read back as `Doubled`.
    let back: State = s.to_string().parse().unwrap();
    assert_eq!(back.phase(), Phase::Doubled);
    assert_eq!(
        State::try_from(&s.to_gnubg_id_unswapped()).unwrap().phase(),
        Phase::Doubled
    );
}

#[test]
fn d3_d5_automatic_doubles_on_opening_ties() {
    let g = Backgammon::new(Rules::standard().with_automatic_doubles(2)).unwrap();
    let mut s = g.new_initial_state();
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 36, "ties are outcomes with automatic doubles");
    for _ in 0..3 {
        apply(&g, &mut s, Action::Opening { white: 4, black: 4 });
    }
    assert_eq!(
        (s.cube_value(), s.cube_owner(), s.phase()),
        (4, None, Phase::Opening),
        "limit 2 doublings"
    );
    apply(&g, &mut s, Action::Opening { white: 4, black: 6 });
    assert_eq!(s.phase(), Phase::Moving);
}

// D6: resignation offers.
#[test]
fn d6_resignation_offers() {
    let g = Backgammon::new(Rules::standard().with_resignations(true)).unwrap();
    let mut s = ready_to_decide(&g);
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert!(v.contains(&Action::Resign(ResignLevel::Gammon)));
    apply(&g, &mut s, Action::Resign(ResignLevel::Gammon));
    assert_eq!(g.turn(&s), Turn::Player(Seat::new(0)));
    let mut refused = s;
    apply(&g, &mut refused, Action::RejectResignation);
    assert_eq!(refused.phase(), Phase::BeforeRoll);
    assert_eq!(
        g.apply(&mut refused, &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationAlreadyRefused)
    );
    apply(&g, &mut s, Action::AcceptResignation);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Resignation(ResignLevel::Gammon), 2)
    );
    // Off by default.
    let g = Backgammon::default();
    let mut s = ready_to_decide(&g);
    assert_eq!(
        g.apply(&mut s, &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationsDisabled)
    );
}

/// Fuzz finding "a refused resignation is lost by the XGID and the GNUBG ID" (backgammon_xgid
/// smoke run): a state with dice to play still carried `resign_refused` from before the roll,
/// which neither ID records, so it read back as another state. The flag governs only the
/// decision before the roll (D6): rolling or doubling now clears it, a state outside
/// `BeforeRoll` cannot hold it, and every state with dice to play or a double offered reads
/// back whole from both IDs.
#[test]
fn regression_a_refused_resignation_is_lost_by_the_xgid_and_gnubg_id() {
    let game = Backgammon::new(Rules::lattjo().with_resignations(true)).unwrap();
    let mut s = game.new_initial_state();
    apply(&game, &mut s, Action::Opening { white: 3, black: 1 });
    let play = s
        .position()
        .parse_play("8/5 6/5", Dice::new(3, 1).unwrap(), game.rules().single_die)
        .unwrap();
    apply(&game, &mut s, Action::Play(play));
    apply(&game, &mut s, Action::Resign(ResignLevel::Single));
    apply(&game, &mut s, Action::RejectResignation);
    // Before the roll the refusal still matters (no second offer this turn).
    assert!(s.resign_refused());
    assert_eq!(
        game.apply(&mut s.clone(), &Action::Resign(ResignLevel::Gammon)),
        Err(PlayError::ResignationAlreadyRefused)
    );
    let before_roll = s;
    // Rolling clears it: the state with dice to play reads back whole from both IDs.
    apply(&game, &mut s, Action::Roll);
    assert!(!s.resign_refused());
    apply(&game, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    assert!(!s.resign_refused());
    assert_eq!(
        s.to_string(),
        "XGID=-b---BD-B---eE---c-e----B-:0:0:-1:65:0:0:0:0:10"
    );
    assert_eq!(s.to_string().parse::<State>(), Ok(s));
    assert_eq!(
        s.to_gnubg_id_unswapped().to_string(),
        "sGfwATDgc/ABMA:MAEXAAAAAAAE"
    );
    assert_eq!(
        State::from_gnubg_id(&s.to_gnubg_id_unswapped().to_string()),
        Ok(s)
    );
    // Black is on roll, so the default ID has GNUBG's players swapped (as after `set xgid`).
    assert_eq!(s.to_gnubg_id(), GnubgId::from(&s.to_xgid()));
    let swapped = State::from_gnubg_id(&s.to_gnubg_id().to_string()).unwrap();
    assert_eq!(
        swapped,
        s.to_xgid()
            .swap_players()
            .to_string()
            .parse::<State>()
            .unwrap()
    );
    // Doubling clears it too: the double reads back whole.
    let mut d = before_roll;
    apply(&game, &mut d, Action::Double);
    assert_eq!(d.phase(), Phase::Doubled);
    assert!(!d.resign_refused());
    assert_eq!(d.to_string().parse::<State>(), Ok(d));
    assert_eq!(State::try_from(&d.to_gnubg_id_unswapped()), Ok(d));
    // Taking and dropping behave as before: the doubler rolls at once, or wins the cube.
    let mut taken = d;
    apply(&game, &mut taken, Action::Take);
    assert_eq!(game.turn(&taken), Turn::Chance);
    assert!(!taken.resign_refused());
    // A state that holds the flag outside `BeforeRoll`, `Moving` and `Doubled` is refused
    // (serde goes through the same check). With a double to answer it is the doubled
    // player's refused offer instead of an answer (`Rules::resign_when_doubled`), which
    // the answer clears.
    let setup = StateSetup {
        resign_refused: true,
        ..StateSetup::from(taken)
    };
    assert_eq!(
        State::try_from(setup),
        Err(StateError::ResignRefused(taken.phase()))
    );
    let flagged = StateSetup {
        resign_refused: true,
        ..StateSetup::from(d)
    };
    let mut flagged = State::try_from(flagged).expect("a refused offer instead of an answer");
    // Only a game with that option reaches it (`Backgammon::check_state`).
    assert_eq!(
        game.apply(&mut flagged.clone(), &Action::Take),
        Err(PlayError::OtherRules(
            OtherRulesError::NeedsResignWhenDoubled(
                "a resignation refused with a double to answer"
            )
        ))
    );
    let when_doubled = Backgammon::new(game.rules().with_resign_when_doubled(true)).unwrap();
    apply(&when_doubled, &mut flagged, Action::Take);
    assert!(!flagged.resign_refused());
    assert_eq!(
        [s.phase(), d.phase(), taken.phase()],
        [Phase::Moving, Phase::Doubled, Phase::Rolling]
    );
    // Before the roll it is the one thing neither ID records: read back without it.
    let back: State = before_roll.to_string().parse().unwrap();
    assert_eq!(
        StateSetup::from(back),
        StateSetup {
            resign_refused: false,
            ..StateSetup::from(before_roll)
        }
    );
}

/// D6 (as GNU Backgammon has it): the player on roll may offer to resign after the roll,
/// before the play. The dice stay rolled while the offer waits; a refusal returns to the
/// play with them, and no second offer comes before the play; an acceptance ends the game.
#[test]
fn d6_a_resignation_after_the_roll_keeps_the_dice() {
    let game = Backgammon::new(Rules::lattjo().with_resignations(true)).unwrap();
    let mut s = game.new_initial_state();
    apply(&game, &mut s, Action::Opening { white: 3, black: 1 });
    let dice = Dice::new(3, 1);
    assert_eq!((s.phase(), s.dice()), (Phase::Moving, dice));
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let offers: Vec<Action> = ResignLevel::ALL
        .iter()
        .map(|&l| Action::Resign(l))
        .collect();
    assert!(legal.ends_with(&offers), "{legal:?}");
    assert!(
        legal[..legal.len() - 3]
            .iter()
            .all(|a| matches!(a, Action::Play(_)))
    );
    // Offered: the opponent answers, the dice wait.
    apply(&game, &mut s, Action::Resign(ResignLevel::Gammon));
    assert_eq!(s.phase(), Phase::ResignOffered(ResignLevel::Gammon));
    assert_eq!((s.dice(), s.actor()), (dice, Some(Side::Black)));
    assert_eq!(s.to_move(), Side::White);
    // Both IDs: the XGID writes the state the offer interrupted, the GNUBG ID holds it all.
    assert_eq!(
        s.to_xgid().to_string().parse::<State>().unwrap().dice(),
        dice
    );
    let id = s.to_gnubg_id_unswapped();
    assert_eq!(
        (id.match_id().resignation(), id.match_id().dice()),
        (Some(ResignLevel::Gammon), dice)
    );
    assert_eq!(State::from_gnubg_id(&id.to_string()), Ok(s));
    // Refused: back to the play with the same dice, and no second offer before it.
    let mut refused = s;
    apply(&game, &mut refused, Action::RejectResignation);
    assert_eq!((refused.phase(), refused.dice()), (Phase::Moving, dice));
    assert!(refused.resign_refused());
    assert_eq!(
        game.apply(&mut refused.clone(), &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationAlreadyRefused)
    );
    game.legal_actions(&refused, &mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Play(_))));
    // The state with the flag is a state (serde goes through the same check).
    assert_eq!(State::try_from(StateSetup::from(refused)), Ok(refused));
    // The play clears it: the opponent may offer before their roll.
    any_play(&game, &mut refused);
    assert_eq!(refused.phase(), Phase::BeforeRoll);
    assert!(!refused.resign_refused());
    // Accepted: the game ends at the level offered, the dice put away.
    apply(&game, &mut s, Action::AcceptResignation);
    assert_eq!((s.phase(), s.dice()), (Phase::Over, None));
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Resignation(ResignLevel::Gammon), 2)
    );
    // Without resignations in the rules the offer is refused after the roll too, by name.
    let plain = Backgammon::default();
    let mut p = plain.new_initial_state();
    apply(&plain, &mut p, Action::Opening { white: 3, black: 1 });
    assert_eq!(
        plain.apply(&mut p.clone(), &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationsDisabled)
    );
    // Dice outside `Moving` only with an offer waiting.
    let setup = StateSetup {
        phase: Phase::BeforeRoll,
        ..StateSetup::from(s)
    };
    let with_dice = StateSetup {
        dice,
        outcome: None,
        ..setup
    };
    assert_eq!(
        State::try_from(with_dice),
        Err(StateError::Dice(Phase::BeforeRoll))
    );
}

/// D6, found by libFuzzer (`backgammon_apply`, 4 Dec 2026): a resignation offered after the
/// roll and refused, then a play that bears off the last checker, left the finished game
/// carrying the refusal, a state that `State::try_from` refuses. The winning play clears it
/// as every other play does.
#[test]
fn regression_a_game_won_after_a_refused_resignation_keeps_no_refusal() {
    let game = Backgammon::new(Rules::lattjo().with_resignations(true)).unwrap();
    let white = pos(&[(1, 1)], &[(6, 15)], Side::White);
    let mut s = game.state_from(white, Dice::new(2, 1)).unwrap();
    apply(&game, &mut s, Action::Resign(ResignLevel::Single));
    apply(&game, &mut s, Action::RejectResignation);
    assert!(s.resign_refused());
    any_play(&game, &mut s);
    assert_eq!(s.phase(), Phase::Over);
    assert!(!s.resign_refused());
    assert_eq!(State::try_from(StateSetup::from(s)), Ok(s));
}

// A13: a cube limit refuses further doubles; the Match ID refuses a cube above 2^15.
#[test]
fn a13_cube_limit() {
    let g = Backgammon::new(Rules::standard().with_max_cube_log2(Some(1))).unwrap();
    let mut s = ready_to_decide(&g);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take);
    apply(&g, &mut s, Action::Dice(Dice::new(6, 5).unwrap()));
    any_play(&g, &mut s);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    assert_eq!(
        g.turn(&s),
        Turn::Chance,
        "White owns a cube at its limit: no decision, the roll is due"
    );
    // No rule limit: the cube grows past 64 (the 64 face is not a cap) up to 2^12, GNU
    // Backgammon's own limit and the most a state holds (decision for A13).
    let g = Backgammon::new(Rules::standard()).unwrap();
    let mut s = ready_to_decide(&g);
    for _ in 0..12 {
        apply(&g, &mut s, Action::Double);
        apply(&g, &mut s, Action::Take);
        apply(&g, &mut s, Action::Dice(Dice::new(1, 1).unwrap()));
        any_play(&g, &mut s);
    }
    assert_eq!(s.cube_value(), 1 << 12);
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeAtLimit(12))
    );
    assert_eq!(g.turn(&s), Turn::Chance);
    // Every state writes a Match ID and an XGID.
    assert_eq!(s.to_gnubg_id().match_id().cube_log2(), 12);
    assert_eq!(s.to_xgid().cube_log2(), 12);
    assert!(Backgammon::new(Rules::standard().with_max_cube_log2(Some(13))).is_err());
}

// B35, A16, D4: match play through boardgame-core's Match; Crawford under Standard only.
#[test]
fn b35_a16_d4_crawford_game_and_post_crawford() {
    let std = Backgammon::new(Rules::standard()).unwrap();
    let cfg = MatchConfig::new(Some(5), None).unwrap();
    let mut totals = boardgame_core::BySeat::new(2, 0i64);
    totals[Seat::new(0)] = 4;
    totals[Seat::new(1)] = 2;
    let prev = std.new_game(Some(MatchContext::new(5, [2, 2], false).unwrap()));
    let ctx = RoundContext {
        round: 3,
        totals: &totals,
        previous: Some(&prev),
        config: &cfg,
    };
    let crawford = std.new_round(&ctx);
    assert!(crawford.match_context().unwrap().is_crawford());
    // No doubling in the Crawford game: no decision before the roll, and Double refused.
    let mut s = crawford;
    apply(&std, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(&std, &mut s);
    assert_eq!(std.turn(&s), Turn::Chance);
    assert_eq!(
        std.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CrawfordGame)
    );
    assert_eq!(
        std.apply(&mut s.clone(), &Action::Roll),
        Err(PlayError::ChanceExpected)
    );
    // The game after: post-Crawford, doubling allowed again.
    totals[Seat::new(1)] = 3;
    let ctx = RoundContext {
        round: 4,
        totals: &totals,
        previous: Some(&crawford),
        config: &cfg,
    };
    let post = std.new_round(&ctx);
    let m = post.match_context().unwrap();
    assert!(!m.is_crawford() && m.is_post_crawford());
    let mut s = post;
    apply(&std, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(&std, &mut s);
    assert_eq!(s.phase(), Phase::BeforeRoll);
    assert_eq!(std.turn(&s), Turn::Player(Seat::new(1)));
    // Lattjo: no Crawford rule.
    let lat = Backgammon::new(Rules::lattjo()).unwrap();
    let ctx = RoundContext {
        round: 3,
        totals: &totals,
        previous: Some(&prev),
        config: &cfg,
    };
    assert!(!lat.new_round(&ctx).match_context().unwrap().is_crawford());
    // A 1-point match has no Crawford game (GNU Backgammon: nMatchTo == 1).
    let cfg1 = MatchConfig::new(Some(1), None).unwrap();
    let zero = boardgame_core::BySeat::new(2, 0i64);
    let first = std.new_round(&RoundContext {
        round: 0,
        totals: &zero,
        previous: None,
        config: &cfg1,
    });
    assert!(!first.match_context().unwrap().is_crawford());
    // A round built by hand for a target above 64 points (GNU Backgammon's limit) has no
    // match context; `Match` refuses such a target (below).
    let long = MatchConfig::new(Some(65), None).unwrap();
    let g = std.new_round(&RoundContext {
        round: 0,
        totals: &zero,
        previous: None,
        config: &long,
    });
    assert_eq!(g.match_context(), None);
}

/// Regression (an audit against the rules file, D4, D5, A16): a `Match` to more than 64
/// points played its games as money games, with the Jacoby rule, beavers and no Crawford
/// game, which never apply in match play. Such a target is refused now; 64 is played as a
/// match.
#[test]
fn regression_a_match_longer_than_64_points_was_played_as_money_games_a16() {
    let game = Backgammon::new(Rules::standard().with_jacoby(true).with_beavers(true)).unwrap();
    let long = MatchConfig::new(Some(65), None).unwrap();
    assert_eq!(
        Match::try_new(game, long).map(|_| ()),
        Err(boardgame_core::MatchConfigError::TargetTooHigh {
            target: 65,
            max: 64
        })
    );
    assert!(std::panic::catch_unwind(|| Match::new(game, long)).is_err());
    let m = Match::try_new(game, MatchConfig::new(Some(64), None).unwrap()).expect("64 points");
    let s = m.new_initial_state();
    assert_eq!(s.round().match_context().map(|c| c.length()), Some(64));
    // A money session (a round limit, no target) is no match and has no limit.
    let money = MatchConfig::new(None, Some(10)).unwrap();
    assert!(Match::try_new(game, money).is_ok());
}

#[test]
fn b35_a16_whole_match_to_five_points() {
    for rules in [Rules::standard(), Rules::lattjo()] {
        let game = Match::new(
            Backgammon::new(rules).unwrap(),
            MatchConfig::new(Some(5), None).unwrap(),
        );
        for seed in 0..5 {
            let mut s = game.new_initial_state();
            random_playout(&game, &mut s, &mut GameRng::new(seed, 0), &mut Vec::new());
            assert_eq!(game.turn(&s), Turn::Terminal);
            let t = s.totals();
            assert!(t[Seat::new(0)] >= 5 || t[Seat::new(1)] >= 5);
            let r = game.returns(&s).unwrap();
            assert_eq!(r[Seat::new(0)] + r[Seat::new(1)], 0.0);
        }
    }
}

// D1 through the game: the default is the booklet's single-die policy.
#[test]
fn d1_default_rules_are_the_booklet() {
    assert_eq!(
        Backgammon::default().rules().single_die,
        SingleDiePolicy::Lattjo
    );
    assert!(!Rules::default().crawford);
    assert!(Rules::standard().crawford);
    let p: Position = *"XGID=--------A----------efd----:0:0:1:61:0:0:0:0:10"
        .parse::<lattjo_backgammon::Xgid>()
        .unwrap()
        .position();
    let mut v = Vec::new();
    let lat = Backgammon::default();
    lat.legal_actions(&lat.state_from(p, Dice::new(6, 1)).unwrap(), &mut v);
    assert_eq!(v.len(), 2);
    let std = Backgammon::new(Rules::standard()).unwrap();
    std.legal_actions(&std.state_from(p, Dice::new(6, 1)).unwrap(), &mut v);
    assert_eq!(v.len(), 1);
}

#[test]
fn illegal_play_is_refused_state_unchanged() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    let mut s = g.new_initial_state();
    apply(&g, &mut s, Action::Opening { white: 3, black: 1 });
    let before = s;
    let bad = Play::from_steps(&[lattjo_backgammon::Step::new(8, 4).unwrap()]).unwrap();
    assert_eq!(
        g.apply(&mut s, &Action::Play(bad)),
        Err(PlayError::IllegalPlay(bad))
    );
    assert_eq!(s, before);
    assert_eq!(
        g.apply(&mut s, &Action::Dice(Dice::new(1, 1).unwrap())),
        Err(PlayError::NotChance)
    );
    assert_eq!(
        g.apply(&mut s, &Action::Play(Play::NONE)),
        Err(PlayError::IllegalPlay(Play::NONE))
    );
    assert_eq!(s, before);
}

#[test]
fn state_exports_match_id_and_xgid() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    let s = g.state_from(Position::start(Side::White), None).unwrap();
    assert_eq!(
        g.xgid(&s).to_string(),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    );
    assert_eq!(g.gnubg_id(&s).to_string(), "4HPwATDgc/ABMA:cAkAAAAAAAAE");
}

// Encodings carry a game: a state exported as GNUBG IDs or XGID imports back unchanged.
#[test]
fn gnubg_ids_and_xgid_import_round_trip() {
    for rules in [Rules::standard(), Rules::lattjo()] {
        let g = Backgammon::new(rules).unwrap();
        let m = Match::new(g, MatchConfig::new(Some(7), None).unwrap());
        for seed in 0..20u64 {
            let mut s = m.new_initial_state();
            let mut rng = GameRng::new(seed, 0);
            let mut buf = Vec::new();
            for _ in 0..400 {
                let round = *s.round();
                // Neither format records the transient "chose to roll, dice not yet thrown"
                // node (it imports as the state before the roll), nor a finished game.
                if !matches!(round.phase(), Phase::Rolling | Phase::Over) {
                    let unswapped = g.gnubg_id_unswapped(&round);
                    let back = State::from_gnubg_id(&unswapped.to_string()).unwrap();
                    assert_eq!(back, round, "gnubg ids, seed {seed}");
                    // By default the ID numbers the players as GNUBG does after `set xgid`:
                    // swapped when Black (the XGID's top player) is on roll.
                    let id = g.gnubg_id(&round);
                    if round.to_move() == Side::Black {
                        assert_eq!(id, unswapped.swap_players(), "seed {seed}");
                        let back = State::try_from(&id).unwrap();
                        assert_eq!(*back.position(), round.position().swap_colours());
                    } else {
                        assert_eq!(id, unswapped, "seed {seed}");
                    }
                    if matches!(round.phase(), Phase::BeforeRoll | Phase::Moving) {
                        assert_eq!(id, GnubgId::from(&g.xgid(&round)), "seed {seed}");
                    }
                    if round.phase() != Phase::Opening {
                        let back: State = g.xgid(&round).to_string().parse().unwrap();
                        assert_eq!(back, round, "xgid, seed {seed}");
                    }
                }
                let a = match m.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => m.sample_chance(&s, &mut rng),
                    Turn::Player(_) => m.sample_action(&s, &mut rng, &mut buf),
                };
                m.apply(&mut s, &a.unwrap()).unwrap();
            }
        }
    }
}

// A3, B4, A18: sampled chance follows the listed outcomes: the opening never ties and hits
// all 30 ordered pairs evenly, a roll gives each of the 21 rolls at its probability.
#[test]
fn a3_b4_sampled_chance_matches_the_outcome_lists() {
    let g = Backgammon::new(Rules::standard()).unwrap();
    let mut rng = GameRng::new(11, 0);
    let opening = g.new_initial_state();
    let mut counts = std::collections::HashMap::new();
    let n = 60_000;
    for _ in 0..n {
        let a = g.sample_chance(&opening, &mut rng).unwrap();
        let Action::Opening { white, black } = a else {
            panic!("{a:?}")
        };
        assert_ne!(white, black, "A3: ties are re-rolled");
        *counts.entry((white, black)).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 30);
    for (&k, &c) in &counts {
        // 2,000 expected; 5 standard deviations is about 220.
        assert!((1_780..=2_220).contains(&c), "{k:?}: {c}");
    }
    let mut s = g.state_from(Position::start(Side::White), None).unwrap();
    apply(&g, &mut s, Action::Roll);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..n {
        let Some(Action::Dice(d)) = g.sample_chance(&s, &mut rng) else {
            panic!()
        };
        *counts.entry(d).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 21);
    for (d, c) in counts {
        let expected = d.probability() * f64::from(n);
        assert!(
            (f64::from(c) - expected).abs() < 5.0 * expected.sqrt(),
            "{d}: {c} vs {expected}"
        );
    }
}

/// Both sides on the bar against closed home boards: White's two extra checkers on its 13
/// point, Black's on its 14 (White's 11).
fn mutual_closeout(to_move: Side) -> Position {
    let mut white = [0u8; 26];
    let mut black = [0u8; 26];
    for p in 1..=6 {
        white[p] = 2;
        black[p] = 2;
    }
    white[25] = 1;
    black[25] = 1;
    white[13] = 2;
    black[14] = 2;
    Position::new(to_move, white, black).expect("a position")
}

/// Regression: a set-up position with both sides closed out (each on the bar against the
/// other's closed board, B9) was accepted, and its game never ended: without the cube every
/// turn was a roll and no play, forever (a random playout ran 100,000 actions). No legal game
/// reaches it (a play never leaves its own player on the bar, and entering opens the closed
/// board), so every way a state is made now refuses it: `state_from`, `StateSetup` (what
/// serde reads) and the GNUBG ID import here; the XGID, FIBS and SGF set-up imports build
/// their states through `StateSetup` too.
#[test]
fn regression_a_mutual_closeout_set_up_never_ended_b9() {
    let p = mutual_closeout(Side::White);
    assert!(p.closed_out(Side::White) && p.closed_out(Side::Black));
    for rules in [Rules::lattjo(), Rules::standard().with_cube(false)] {
        let game = Backgammon::new(rules).unwrap();
        for dice in [None, Dice::new(6, 5)] {
            assert_eq!(
                game.state_from(p, dice),
                Err(StateError::MutualCloseout),
                "{dice:?}"
            );
        }
    }
    let setup = StateSetup {
        position: p,
        ..StateSetup::from(State::default())
    };
    let setup = StateSetup {
        phase: Phase::BeforeRoll,
        ..setup
    };
    assert_eq!(State::try_from(setup), Err(StateError::MutualCloseout));
    // A GNUBG ID of the position, with the match ID of a money game White to roll.
    let game = Backgammon::default();
    let one_sided = {
        let mut q = *p.checkers(Side::White);
        q[25] = 0;
        q[15] = 1; // White has no checker on the bar: only Black is closed out.
        Position::new(Side::White, q, *p.checkers(Side::Black)).unwrap()
    };
    assert!(one_sided.closed_out(Side::Black) && !one_sided.closed_out(Side::White));
    let ok = game
        .state_from(one_sided, None)
        .expect("one side closed out plays on");
    let id = ok.to_gnubg_id_unswapped().to_string();
    let match_id = id.split(':').nth(1).unwrap();
    let text = format!("{}:{match_id}", p.position_id());
    let e = State::from_gnubg_id(&text).expect_err("refused");
    assert!(e.to_string().contains("closed out"), "{e}");
}

/// D6 with A10, as GNU Backgammon allows (its `resign` takes the offer from the player to
/// act, the doubled player while a double waits): under `Rules::resign_when_doubled` the
/// doubled player may offer to resign instead of answering. The doubler answers; accepted,
/// the doubler wins the level times the cube before the double (GNUBG's count: `nCube` is
/// doubled only by a take); refused, the double is answered, without a second offer. Off,
/// as in both presets and `mat::MATCH_RULES`, the doubled player's actions are unchanged.
#[test]
fn d6_a10_resignation_instead_of_an_answer_to_a_double() {
    let rules = Rules::standard()
        .with_resignations(true)
        .with_resign_when_doubled(true);
    let game = Backgammon::new(rules).unwrap();
    let mut s = game.new_initial_state();
    apply(&game, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(&game, &mut s);
    apply(&game, &mut s, Action::Double);
    assert_eq!((s.phase(), s.actor()), (Phase::Doubled, Some(Side::White)));
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let offers: Vec<Action> = ResignLevel::ALL.map(Action::Resign).to_vec();
    assert_eq!(legal[..2], [Action::Take, Action::Drop]);
    assert!(legal.ends_with(&offers), "{legal:?}");
    // Offered: the doubler, on roll, answers.
    apply(&game, &mut s, Action::Resign(ResignLevel::Gammon));
    assert_eq!(s.phase(), Phase::ResignOfferedDoubled(ResignLevel::Gammon));
    assert_eq!((s.to_move(), s.actor()), (Side::Black, Some(Side::Black)));
    game.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        [Action::AcceptResignation, Action::RejectResignation]
    );
    assert_eq!(State::try_from(StateSetup::from(s)), Ok(s));
    // GNUBG's own Match ID of it: the double and the offer, the turn back at the doubler.
    let id = s.to_gnubg_id_unswapped();
    let m = id.match_id();
    assert!(m.double_offered());
    assert_eq!(m.resignation(), Some(ResignLevel::Gammon));
    assert_eq!((m.on_roll(), m.turn()), (Side::Black, Side::Black));
    assert_eq!(State::try_from(&id), Ok(s));
    // The XGID, which holds no offer, writes the double it interrupted.
    let back: State = s.to_xgid().to_string().parse().unwrap();
    assert_eq!(
        (back.phase(), back.to_move()),
        (Phase::Doubled, Side::Black)
    );
    // Accepted: a gammon at the cube before the double.
    let mut accepted = s;
    apply(&game, &mut accepted, Action::AcceptResignation);
    let o = accepted.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Resignation(ResignLevel::Gammon), 2)
    );
    assert_eq!(State::try_from(StateSetup::from(accepted)), Ok(accepted));
    // Refused: the double waits again, with no second offer.
    apply(&game, &mut s, Action::RejectResignation);
    assert_eq!(s.phase(), Phase::Doubled);
    assert!(s.resign_refused());
    assert_eq!(State::try_from(StateSetup::from(s)), Ok(s));
    game.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Take, Action::Drop]);
    assert_eq!(
        game.apply(&mut s.clone(), &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationAlreadyRefused)
    );
    // The answer clears the flag: the take leaves the doubler rolling.
    apply(&game, &mut s, Action::Take);
    assert_eq!((s.phase(), s.resign_refused()), (Phase::Rolling, false));
    assert_eq!(s.cube_value(), 2);

    // Off (both presets, GNUBG's .mat default rules): the doubled player answers only.
    // Resignations off altogether say so; on but not while doubled, not now.
    let not_now = PlayError::NotNow {
        action: "resign",
        phase: Phase::Doubled,
    };
    for (rules, refusal) in [
        (Rules::standard(), PlayError::ResignationsDisabled),
        (Rules::lattjo(), PlayError::ResignationsDisabled),
        (Rules::standard().with_resignations(true), not_now),
    ] {
        let game = Backgammon::new(rules).unwrap();
        let mut s = game.new_initial_state();
        apply(&game, &mut s, Action::Opening { white: 3, black: 1 });
        any_play(&game, &mut s);
        apply(&game, &mut s, Action::Double);
        game.legal_actions(&s, &mut legal);
        assert_eq!(legal, [Action::Take, Action::Drop], "{rules:?}");
        let before = s;
        assert_eq!(
            game.apply(&mut s, &Action::Resign(ResignLevel::Single)),
            Err(refusal),
            "{rules:?}"
        );
        assert_eq!(s, before);
    }
    // The option needs resignations and the cube.
    assert_eq!(
        Backgammon::new(Rules::standard().with_resign_when_doubled(true)),
        Err(lattjo_backgammon::RulesError::NeedsResignations)
    );
    assert!(matches!(
        Backgammon::new(rules.with_cube(false)),
        Err(lattjo_backgammon::RulesError::NeedsCube(_))
    ));
}

/// Before the roll a double or a resignation the rules lack was refused with the rules'
/// reason (`CubeDisabled`, `ResignationsDisabled`), but after the roll, or while a double was
/// pending, the same action was refused as `NotNow`, as if it could come later. An action the
/// rules do not have at all now says so wherever a player acts; one they have, at the wrong
/// moment, is still `NotNow`. The state is unchanged each time.
#[test]
fn regression_an_action_the_rules_lack_was_refused_as_not_now_after_the_roll() {
    let refusals = |rules: Rules| {
        let g = Backgammon::new(rules).unwrap();
        let mut s = g.new_initial_state();
        apply(&g, &mut s, Action::Opening { white: 3, black: 1 });
        assert_eq!(s.phase(), Phase::Moving);
        let before = s;
        let mut actions = vec![Action::Double, Action::Take, Action::Drop, Action::Beaver];
        // D6: with resignations an offer may come with the dice rolled, before the play.
        if !rules.resignations {
            actions.push(Action::Resign(ResignLevel::Single));
        }
        let out: Vec<PlayError> = actions
            .iter()
            .map(|a| g.apply(&mut s, a).unwrap_err())
            .collect();
        assert_eq!(s, before);
        out
    };
    let not_now = |action| PlayError::NotNow {
        action,
        phase: Phase::Moving,
    };
    // No cube, no resignations: every one of them is a rule the game lacks.
    assert_eq!(
        refusals(Rules::standard().with_cube(false)),
        [
            PlayError::CubeDisabled,
            PlayError::CubeDisabled,
            PlayError::CubeDisabled,
            PlayError::CubeDisabled,
            PlayError::ResignationsDisabled,
        ]
    );
    // The cube without beavers: the cube's actions are only out of turn, a beaver never comes.
    assert_eq!(
        refusals(Rules::standard()),
        [
            not_now("double"),
            not_now("take"),
            not_now("drop"),
            PlayError::BeaversDisabled,
            PlayError::ResignationsDisabled,
        ]
    );
    // Everything on: all of them could come at another moment.
    assert_eq!(
        refusals(Rules::standard().with_beavers(true).with_resignations(true)),
        [
            not_now("double"),
            not_now("take"),
            not_now("drop"),
            not_now("beaver"),
        ]
    );
}

/// `RulesError::NeedsCube` read "beavers needs the doubling cube" and "automatic doubles needs
/// the doubling cube" (a plural subject with a singular verb), and `NeedsResignations`
/// "resignations while doubled need resignations". Each now says what the rules have and lack.
#[test]
fn regression_a_cube_option_without_the_cube_was_refused_in_broken_grammar() {
    use lattjo_backgammon::RulesError;
    let no_cube = Rules::standard()
        .with_jacoby(false)
        .with_beavers(false)
        .with_automatic_doubles(0)
        .with_resign_when_doubled(false)
        .with_cube(false);
    assert_eq!(Backgammon::new(no_cube).map(|_| ()), Ok(()));
    let cases = [
        (
            no_cube.with_beavers(true),
            "the rules have beavers but no doubling cube",
        ),
        (
            no_cube.with_automatic_doubles(1),
            "the rules have automatic doubles but no doubling cube",
        ),
        (
            no_cube.with_jacoby(true),
            "the rules have the jacoby rule but no doubling cube",
        ),
    ];
    for (rules, text) in cases {
        let err = Backgammon::new(rules).unwrap_err();
        assert!(matches!(err, RulesError::NeedsCube(_)), "{err:?}");
        assert_eq!(err.to_string(), text);
    }
    assert_eq!(
        RulesError::NeedsResignations.to_string(),
        "the rules have resignations while doubled but no resignations"
    );
}
