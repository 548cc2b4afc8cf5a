//! The `Game` contract: execution noise as a recorded chance node, returns, sets and matches
//! (B2, B23), replay (invariant 10). The conformance kit runs from `conformance.rs`.

use boardgame_core::{Agent, Game, GameRng, Match, Rounds, Seat, Turn, play_game};
use lattjo_disc_billiards::{
    Action, Noise, NoiseModel, Novuss, Planner, PlannerConfig, PlayError, Rules, Side, Status,
    Stroke, StrokeError, Vec2,
};

#[test]
fn noise_is_a_recorded_chance_node() {
    let mut rules = Rules::lattjo();
    rules.noise = Some(NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    });
    let game = Novuss::new(rules).unwrap();
    let mut s = game.new_initial_state();
    let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
    let strike = Action::Strike(Seat::new(0), stroke);
    game.apply(&mut s, &strike).unwrap();
    assert_eq!(game.turn(&s), Turn::Chance);
    let mut out = Vec::new();
    assert!(
        !game.chance_outcomes(&s, &mut out),
        "continuous noise is sampled, not listed"
    );
    // A stroke now is refused, state unchanged.
    let before = s.clone();
    assert_eq!(
        game.apply(&mut s, &strike),
        Err(PlayError::Stroke(StrokeError::WrongNode(
            "the execution noise of the last stroke"
        )))
    );
    assert_eq!(s, before);
    let draw = game.sample_chance(&s, &mut GameRng::new(3, 0)).unwrap();
    assert!(game.is_legal(&s, &draw));
    game.apply(&mut s, &draw).unwrap();
    assert_eq!(s.strokes(), 1);
    // A zero draw plays the stroke exactly: the same as the noise-free game.
    let exact = Novuss::new(Rules::lattjo()).unwrap();
    let mut a = exact.new_initial_state();
    exact.strike(&mut a, &stroke).unwrap();
    let mut b = game.new_initial_state();
    game.apply(&mut b, &strike).unwrap();
    game.apply(
        &mut b,
        &Action::Noise(Noise {
            slip: 0.0,
            speed_error: 0.0,
        }),
    )
    .unwrap();
    assert_eq!(a.discs(), b.discs());
}

#[test]
fn planner_game_replays_and_returns_are_zero_sum() {
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let mut a = Planner::new(PlannerConfig { shots_simulated: 4 });
    let mut b = Planner::new(PlannerConfig { shots_simulated: 4 });
    let played = play_game(
        &game,
        11,
        &mut [&mut a as &mut dyn Agent<Novuss>, &mut b],
        1000,
    )
    .unwrap();
    assert_eq!(game.turn(&played.state), Turn::Terminal);
    let r = game.returns(&played.state).unwrap();
    assert_eq!(r.as_slice().iter().sum::<f64>(), 0.0);
    // Invariant 10: replaying the record reproduces the state.
    let replayed = played.record.replay(&game).unwrap();
    assert_eq!(replayed, played.state);
}

#[test]
fn n16_partners_share_returns() {
    let game = Novuss::new(Rules::lattjo().with_players(4).with_stroke_limit(Some(400))).unwrap();
    assert_eq!(game.team(Seat::new(0)), game.team(Seat::new(2)));
    assert_ne!(game.team(Seat::new(0)), game.team(Seat::new(1)));
    let mut planners: Vec<Planner> = (0..4)
        .map(|_| Planner::new(PlannerConfig { shots_simulated: 2 }))
        .collect();
    let mut agents: Vec<&mut dyn Agent<Novuss>> = planners
        .iter_mut()
        .map(|p| p as &mut dyn Agent<Novuss>)
        .collect();
    let played = play_game(&game, 5, &mut agents, 2000).unwrap();
    let r = game.returns(&played.state).unwrap();
    assert_eq!(r[Seat::new(0)], r[Seat::new(2)]);
    assert_eq!(r[Seat::new(1)], r[Seat::new(3)]);
    if let Status::Won(w) = played.state.status() {
        assert_eq!(
            played.state.pocketed(w),
            16,
            "B19: a pair pockets all 16 of its colour"
        );
    }
}

#[test]
fn b23_b2_lnf_match_best_of_three_sets_alternating_first_stroke() {
    let game = Novuss::new(Rules::lnf()).unwrap();
    let cfg = game.match_config();
    assert_eq!(cfg.target(), Some(2));
    let m = game.clone().full_match();
    let mut a = Planner::new(PlannerConfig { shots_simulated: 3 });
    let mut b = Planner::new(PlannerConfig { shots_simulated: 3 });
    let played = play_game(
        &m,
        3,
        &mut [&mut a as &mut dyn Agent<Match<Novuss>>, &mut b],
        5000,
    )
    .unwrap();
    let totals = played.state.totals();
    assert!(totals.as_slice().contains(&2), "{totals:?}");
    assert!((2..=3).contains(&played.state.rounds_played()));
    // B2: set k starts with seat k mod 2.
    let totals = boardgame_core::BySeat::new(2, 0i64);
    let ctx = |round| boardgame_core::RoundContext {
        round,
        totals: &totals,
        previous: None,
        config: &cfg,
    };
    assert_eq!(game.new_round(&ctx(0)).to_move(), Seat::new(0));
    assert_eq!(game.new_round(&ctx(1)).to_move(), Seat::new(1));
}

#[test]
fn returns_exist_exactly_at_the_end() {
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let s = game.new_initial_state();
    assert!(game.returns(&s).is_none());
    let mut setup = s.to_setup();
    for d in setup.discs.iter_mut().filter(|d| d.side == Side::B) {
        d.at = None;
    }
    setup.status = Status::Won(Side::B);
    let end = game.from_setup(setup.clone()).unwrap();
    assert_eq!(game.turn(&end), Turn::Terminal);
    let r = game.returns(&end).unwrap();
    assert_eq!(r.as_slice(), &[-1.0, 1.0]);
    let mut buf = Vec::new();
    game.legal_actions(&end, &mut buf);
    assert!(buf.is_empty());
}

#[test]
fn legal_actions_are_legal_and_sampled_actions_cover_the_space() {
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let s = game.new_initial_state();
    let mut buf = Vec::new();
    game.legal_actions(&s, &mut buf);
    assert!(!buf.is_empty());
    assert!(buf.iter().all(|a| game.is_legal(&s, a)));
    let mut rng = GameRng::new(9, 0);
    let mut speeds = Vec::new();
    for _ in 0..200 {
        let a = game.sample_action(&s, &mut rng, &mut buf).unwrap();
        assert!(game.is_legal(&s, &a), "{a:?}");
        if let Action::Strike(_, st) = a {
            speeds.push(st.speed);
        }
    }
    assert!(speeds.iter().any(|&v| v < 1.0) && speeds.iter().any(|&v| v > 7.0));
}

/// Regression (configuration sweep, 5 December 2026): under the engine's stroke limit a set can
/// be drawn and scores for nobody (B23 counts won sets), and a match of drawn sets never ended:
/// under a limit of one stroke no set is won, and random play went on for 600 sets without an
/// end. Such a match now lasts at most `2 * sets_to_win - 1` sets, the most a best-of match
/// without draws plays.
#[test]
fn regression_a_match_under_a_stroke_limit_never_ended_b23() {
    for sets in [1u8, 2, 255] {
        let game = Novuss::new(
            Rules::lattjo()
                .with_sets_to_win(sets)
                .with_stroke_limit(Some(1)),
        )
        .unwrap();
        let most = 2 * u32::from(sets) - 1;
        assert_eq!(game.match_config().max_rounds(), Some(most));
        let m = game.full_match();
        let mut s = m.new_initial_state();
        boardgame_core::random_playout_capped(
            &m,
            &mut s,
            &mut boardgame_core::GameRng::new(1, 3),
            &mut Vec::new(),
            10 * most + 10,
        );
        assert_eq!(m.turn(&s), Turn::Terminal, "{sets} sets to win");
        assert!(s.rounds_played() <= most);
    }
    let unlimited = Novuss::new(Rules::lattjo().with_sets_to_win(255)).unwrap();
    assert_eq!(unlimited.match_config().max_rounds(), None);
}
