//! `docs/architecture.md`, "Learning encodings", read as a contract and checked from
//! outside on every game: what a `Match<G>`'s observation holds, wrong-length buffers, the
//! observation sizes of the cost table, `SearchResult::policy()`, and the fields of the
//! carrom and Novuss tables that a constructed state can show.

use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, ImperfectInfo, IndexedActions, IsMcts, Match,
    MatchConfig, MatchState, Mcts, MctsConfig, Observe, ParametricActions, Rounds, Seat, Turn,
    random_playout_capped,
};

/// What a seat observes of `state`.
fn observe<G: Observe>(game: &G, state: &G::State, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_shape().size()];
    game.observe(state, seat, &mut out)
        .expect("a buffer of the shape's size");
    out
}

/// Checks one match state against the architecture page's description of a `Match<G>`'s
/// observation, from every seat and from one seat outside the table.
fn check_match_observation<G: Rounds + Observe>(m: &Match<G>, state: &MatchState<G::State>) {
    let players = m.num_players();
    let round = m.game().observation_shape().size();
    assert_eq!(m.observation_shape().size(), round + players + 2);
    let target = m.config().target();
    let limit = m.config().max_rounds();
    let totals = state.totals().as_slice();
    for seat in 0..=players {
        let seat = Seat::new(seat as u8);
        let whole = observe(m, state, seat);
        // The round's observation, flattened, in its own order.
        assert_eq!(
            whole[..round],
            observe(m.game(), state.round(), seat)[..],
            "seat {seat:?}: the round's observation comes first"
        );
        // One value per seat, counted from the observer's seat on (a seat outside the
        // table: in seat order), the total divided by the target or plain without one.
        let from = if seat.index() < players {
            seat.index()
        } else {
            0
        };
        for k in 0..players {
            let total = totals[(from + k) % players] as f32;
            let want = target.map_or(total, |t| total / t as f32);
            assert_eq!(whole[round + k], want, "seat {seat:?}, total {k}");
        }
        // The rounds played divided by the limit (the plain count without one), then 1
        // once the match is over.
        let played = state.rounds_played() as f32;
        let want = limit.map_or(played, |l| played / l as f32);
        assert_eq!(whole[round + players], want, "rounds played");
        assert_eq!(
            whole[round + players + 1],
            f32::from(u8::from(state.is_over())),
            "over"
        );
    }
}

/// Plays a match out at random (at most `max_plies` plies), checking the observation at
/// every node, and returns the last state.
fn play_and_check<G: Rounds + Observe>(
    m: &Match<G>,
    seed: u64,
    max_plies: usize,
) -> MatchState<G::State> {
    let mut rng = GameRng::new(seed, 0);
    let mut state = m.new_initial_state();
    let mut buf = Vec::new();
    let mut plies = 0;
    loop {
        check_match_observation(m, &state);
        if m.turn(&state) == Turn::Terminal || plies == max_plies {
            return state;
        }
        random_playout_capped(m, &mut state, &mut rng, &mut buf, 1);
        plies += 1;
    }
}

/// Architecture, "Learning encodings": "its observation is the round's (flattened), then one
/// value per seat with the seat's total divided by the target (the plain total without a
/// target), counted from the observer's seat on, then the rounds played divided by the round
/// limit (the plain count without one), then 1 once the match is over; [...] a finished
/// match's mask is empty. So dominoes matches to 100 [...] are learnable as they are
/// played." Checked at every node of whole dominoes matches (3 seats to 100 with both
/// encodings; 2 seats with a target and a round limit; 2 seats with a round limit only, so
/// plain totals).
#[test]
fn a_dominoes_match_is_observed_as_the_round_then_the_score_from_every_seat() {
    use lattjo_dominoes::{Dominoes, ObservationKind, Rules};
    let cases = [
        (
            3,
            ObservationKind::Compact,
            MatchConfig::new(Some(100), None),
        ),
        (
            3,
            ObservationKind::Detailed,
            MatchConfig::new(Some(100), None),
        ),
        (
            2,
            ObservationKind::Compact,
            MatchConfig::new(Some(100), Some(4)),
        ),
        (
            2,
            ObservationKind::Detailed,
            MatchConfig::new(None, Some(3)),
        ),
    ];
    for (i, (players, kind, config)) in cases.into_iter().enumerate() {
        let round = Dominoes::new(Rules::lattjo().with_players(players))
            .expect("rules")
            .with_observation(kind);
        let m = Match::new(round, config.expect("config"));
        let end = play_and_check(&m, 40 + i as u64, 100_000);
        assert!(end.is_over(), "case {i}: the match ends");
        assert!(end.rounds_played() >= 1);
        let mut mask = vec![true; m.num_distinct_actions()];
        m.legal_mask(&end, &mut mask).expect("sized");
        assert!(
            mask.iter().all(|&x| !x),
            "case {i}: a finished match's mask is empty"
        );
    }
}

/// Architecture, "Learning encodings" (as above), for backgammon: games of a 3-point match
/// observed at every node as the game (its own context holds the match too) followed by the
/// score from the observer's seat, the games played and whether the match is over; the
/// finished match's mask is empty.
#[test]
fn a_backgammon_match_is_observed_as_the_game_then_the_score_from_every_seat() {
    use lattjo_backgammon::{Backgammon, ObservationKind, Rules};
    for (i, kind) in [ObservationKind::TdGammon, ObservationKind::Compact]
        .into_iter()
        .enumerate()
    {
        let game = Backgammon::new(Rules::standard())
            .expect("rules")
            .with_observation(kind);
        let m = Match::new(game, MatchConfig::new(Some(3), None).expect("config"));
        let end = play_and_check(&m, 7 + i as u64, 100_000);
        assert!(end.is_over());
        let mut mask = vec![true; m.num_distinct_actions()];
        m.legal_mask(&end, &mut mask).expect("sized");
        assert!(mask.iter().all(|&x| !x), "a finished match's mask is empty");
    }
}

/// Architecture, "Learning encodings" (as above): "carrom's whole game of boards and Novuss
/// matches are learnable as they are played". A game of boards taken up at 7 : 12 on its
/// third board (`Match::resume`, the board built by `Setup` at that score), in singles and
/// pairs, and a Novuss match taken up at 1 : 0 in sets, observed from every seat; then a few
/// strokes of each from the start.
#[test]
fn carrom_and_novuss_matches_are_observed_as_the_round_then_the_score() {
    use lattjo_carrom::{Carrom, Rules as CarromRules, Setup};
    use lattjo_disc_billiards::{Novuss, Rules as NovussRules};
    for players in [2, 4] {
        let rules = CarromRules::lattjo().with_players(players);
        let board = Carrom::new(rules).expect("rules");
        let mut setup = Setup::opening(&rules, Seat::new(1));
        setup.totals_before = [7, 12];
        setup.board = 2;
        let round = board.from_setup(setup).expect("a board at 7 : 12");
        let game = board.full_game();
        let totals = BySeat::from_fn(players, |s| if s.index() % 2 == 0 { 7 } else { 12 });
        let state = game.resume(round, totals).expect("resumed");
        check_match_observation(&game, &state);
        play_and_check(&game, 3, 3);
    }
    let single = Novuss::new(NovussRules::lnf()).expect("rules");
    let m = single.clone().full_match();
    let totals = BySeat::from_fn(2, |s| i64::from(s.index() == 0));
    let state = m.resume(single.new_state(), totals).expect("resumed");
    check_match_observation(&m, &state);
    play_and_check(&m, 5, 3);
}

/// Checks that every buffer-taking method of `game` refuses a buffer one short, one long and
/// empty with `BufferSizeError { expected, got }` and writes nothing into it.
fn check_observe_and_mask<G: Observe + IndexedActions>(name: &str, game: &G, state: &G::State) {
    let obs = game.observation_shape().size();
    for len in [obs.saturating_sub(1), obs + 1, 0] {
        if len == obs {
            continue;
        }
        let mut out = vec![0.25f32; len];
        let err = game.observe(state, Seat::new(0), &mut out);
        assert_eq!(
            err.map_err(|e| (e.expected, e.got)),
            Err((obs, len)),
            "{name}: observe with {len}"
        );
        assert!(
            out.iter().all(|&x| x == 0.25),
            "{name}: observe wrote into {len}"
        );
    }
    let actions = game.num_distinct_actions();
    for len in [actions.wrapping_sub(1), actions + 1, 0] {
        if len == actions || len > actions + 1 {
            continue;
        }
        let mut out = vec![true; len];
        let err = game.legal_mask(state, &mut out);
        assert_eq!(
            err.map_err(|e: BufferSizeError| (e.expected, e.got)),
            Err((actions, len)),
            "{name}: legal_mask with {len}"
        );
        assert!(
            out.iter().all(|&x| x),
            "{name}: legal_mask wrote into {len}"
        );
    }
}

/// The same for `ParametricActions::action_parameters`, given a continuous action.
fn check_parameters<G: ParametricActions>(name: &str, game: &G, state: &G::State, a: &G::Action) {
    let n = game.parameter_bounds().len();
    let mut right = vec![0.0; n];
    assert_eq!(
        game.action_parameters(state, a, &mut right),
        Ok(true),
        "{name}"
    );
    for len in [n - 1, n + 1, 0] {
        let mut out = vec![0.25f64; len];
        let err = game.action_parameters(state, a, &mut out);
        assert_eq!(
            err.map_err(|e| (e.expected, e.got)),
            Err((n, len)),
            "{name}: action_parameters with {len}"
        );
        assert!(
            out.iter().all(|&x| x == 0.25),
            "{name}: action_parameters wrote"
        );
    }
}

/// Architecture, "Learning encodings": "Nothing allocates; a buffer of the wrong length is a
/// `BufferSizeError`" (and the traits' docs: "`out` is then unchanged"), for every method
/// that takes a buffer (`observe`, `legal_mask`, `action_parameters`), in every game, every
/// observation kind, and the `Match` of each game played in rounds.
#[test]
fn every_buffer_taking_method_refuses_a_wrong_length_and_writes_nothing() {
    use lattjo_backgammon::{Backgammon, ObservationKind as BgKind};
    use lattjo_carrom::{Carrom, Stroke as CarromStroke};
    use lattjo_chess::Chess;
    use lattjo_disc_billiards::{Novuss, Stroke as NovussStroke, Vec2};
    use lattjo_dominoes::{Dominoes, ObservationKind as DomKind};
    use lattjo_draughts::Draughts;
    use lattjo_ludo::{Ludo, ObservationKind as LudoKind};

    let chess = Chess::default();
    check_observe_and_mask("chess", &chess, &chess.new_initial_state());
    let draughts = Draughts::default();
    check_observe_and_mask("draughts", &draughts, &draughts.new_initial_state());
    for kind in [BgKind::TdGammon, BgKind::Compact] {
        let g = Backgammon::default().with_observation(kind);
        check_observe_and_mask("backgammon", &g, &g.new_initial_state());
        let m = Match::new(g, MatchConfig::new(Some(5), None).expect("config"));
        check_observe_and_mask("backgammon match", &m, &m.new_initial_state());
    }
    for kind in [LudoKind::Compact, LudoKind::Planes] {
        let g = Ludo::default().with_observation(kind);
        check_observe_and_mask("ludo", &g, &g.new_initial_state());
    }
    for kind in [DomKind::Compact, DomKind::Detailed] {
        let g = Dominoes::default().with_observation(kind);
        check_observe_and_mask("dominoes", &g, &g.new_initial_state());
        let m = Match::new(g, MatchConfig::new(Some(100), None).expect("config"));
        check_observe_and_mask("dominoes match", &m, &m.new_initial_state());
    }

    let carrom = Carrom::default();
    let board = carrom.initial_state(Seat::new(0)).expect("opening");
    check_observe_and_mask("carrom", &carrom, &board);
    let strike = lattjo_carrom::Action::Strike(
        Seat::new(0),
        CarromStroke::on_base_line(0.0, lattjo_carrom::Vec2::new(0.0, 1.0), 4.0),
    );
    check_parameters("carrom", &carrom, &board, &strike);
    let game = carrom.full_game();
    let mut state = game.new_initial_state();
    game.apply(&mut state, &lattjo_carrom::Action::Toss(Seat::new(0)))
        .expect("the toss");
    check_observe_and_mask("carrom game of boards", &game, &state);
    check_parameters("carrom game of boards", &game, &state, &strike);

    let novuss = Novuss::default();
    let table = novuss.new_state();
    check_observe_and_mask("novuss", &novuss, &table);
    let drive = lattjo_disc_billiards::Action::Strike(
        table.to_move(),
        NovussStroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0),
    );
    check_parameters("novuss", &novuss, &table, &drive);
    let m = novuss.full_match();
    let state = m.new_initial_state();
    check_observe_and_mask("novuss match", &m, &state);
    check_parameters("novuss match", &m, &state, &drive);
}

/// Architecture, "Learning encodings", the cost table's "observation (floats)" column and
/// "Ludo, dominoes and backgammon offer two observation kinds (`with_observation`); the
/// first named is the default": chess 1,600; backgammon 242 / 72 (TD-Gammon the default);
/// carrom 222; disc-billiards 244; draughts 135; ludo with 4 players 48 / 216 (compact the
/// default); dominoes with 2 players 94 / 322 (compact the default).
#[test]
fn the_cost_tables_observation_sizes_and_default_kinds_hold() {
    use lattjo_backgammon::{Backgammon, ObservationKind as BgKind};
    use lattjo_dominoes::{Dominoes, ObservationKind as DomKind, Rules as DomRules};
    use lattjo_ludo::{Ludo, ObservationKind as LudoKind, Rules as LudoRules};
    let size = |s: boardgame_core::Shape| s.size();
    assert_eq!(
        size(lattjo_chess::Chess::default().observation_shape()),
        1_600
    );
    let bg = Backgammon::default();
    assert_eq!(size(bg.observation_shape()), 242);
    assert_eq!(
        size(bg.with_observation(BgKind::TdGammon).observation_shape()),
        242
    );
    assert_eq!(
        size(bg.with_observation(BgKind::Compact).observation_shape()),
        72
    );
    assert_eq!(
        size(lattjo_carrom::Carrom::default().observation_shape()),
        222
    );
    assert_eq!(
        size(lattjo_disc_billiards::Novuss::default().observation_shape()),
        244
    );
    assert_eq!(
        size(lattjo_draughts::Draughts::default().observation_shape()),
        135
    );
    let ludo = Ludo::new(LudoRules::lattjo().with_players(4)).expect("rules");
    assert_eq!(size(ludo.observation_shape()), 48);
    assert_eq!(
        size(
            ludo.clone()
                .with_observation(LudoKind::Compact)
                .observation_shape()
        ),
        48
    );
    assert_eq!(
        size(ludo.with_observation(LudoKind::Planes).observation_shape()),
        216
    );
    let dom = Dominoes::new(DomRules::lattjo().with_players(2)).expect("rules");
    assert_eq!(size(dom.observation_shape()), 94);
    assert_eq!(
        size(dom.with_observation(DomKind::Compact).observation_shape()),
        94
    );
    assert_eq!(
        size(dom.with_observation(DomKind::Detailed).observation_shape()),
        322
    );
}

/// Checks a search result against the page: "the root's visit counts
/// (`SearchResult::policy()`)": one entry per legal action in `legal_actions`' order, each
/// action with an index, shares summing to 1.
fn check_policy<G: IndexedActions>(
    game: &G,
    state: &G::State,
    result: &boardgame_core::SearchResult<G::Action>,
) -> u64 {
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    let listed: Vec<G::Action> = result.visits.iter().map(|(a, _)| a.clone()).collect();
    assert_eq!(listed, legal, "the visits follow legal_actions");
    let policy = result.policy();
    let total: u64 = result.visits.iter().map(|(_, n)| u64::from(*n)).sum();
    let sum: f64 = policy.iter().map(|(_, p)| p).sum();
    assert!((sum - 1.0).abs() < 1e-12, "the shares sum to {sum}");
    for ((a, p), (_, n)) in policy.iter().zip(&result.visits) {
        assert!(game.action_index(state, a).is_some());
        assert_eq!(*p, f64::from(*n) / total as f64);
    }
    total
}

/// Architecture, "Learning encodings": "`Mcts::search` and `IsMcts::search` return the
/// root's visit counts (`SearchResult::policy()`), the training target of AlphaZero-style
/// learners." MCTS on chess's start (every iteration visits one root action, so the counts
/// add up to the iterations) and IS-MCTS on a dealt dominoes round (hidden hands).
#[test]
fn searches_return_the_roots_visit_counts_as_the_policy() {
    let chess = lattjo_chess::Chess::default();
    let start = chess.new_initial_state();
    let mcts = Mcts::new(MctsConfig {
        iterations: 60,
        max_rollout_plies: 4,
        ..MctsConfig::default()
    });
    let result = mcts
        .search(&chess, &start, &mut GameRng::new(1, 1))
        .expect("a player node");
    assert_eq!(check_policy(&chess, &start, &result), 60);

    let dom = lattjo_dominoes::Dominoes::default();
    let mut state = dom.new_initial_state();
    let mut rng = GameRng::new(3, 0);
    let mut buf = Vec::new();
    while dom.turn(&state) == Turn::Chance {
        random_playout_capped(&dom, &mut state, &mut rng, &mut buf, 1);
    }
    let seat = dom.turn(&state).seat().expect("a player node");
    let _ = dom.view(&state, Some(seat));
    let is = IsMcts::new(MctsConfig {
        iterations: 60,
        ..MctsConfig::default()
    });
    let result = is
        .search(&dom, &state, &mut GameRng::new(2, 1))
        .expect("a player node");
    let total = check_policy(&dom, &state, &result);
    assert!((1..=60).contains(&total));
}

/// docs/carrom.md, "Learning encodings", the observation table read on a constructed board of
/// pairs (P = 4, 232 values) from every seat: 183-184 "points before this board (C20): own
/// team, opponents, / the target"; 185-186 "men owed (A9): own colour, the other / 9";
/// 187-191 the queen "covered by the own team, the opponents (C9)" one-hot; 192 the phase
/// (stroke); 197 "the observer's team plays white"; 198 the break pending; 199 "failed break
/// attempts (A5) / 10"; 200 "void strokes in a row this turn (A5) / 10"; 201 "the seat to
/// move has struck this turn"; 202 "board number / the board limit"; 203 "strokes on this
/// board / 5,000"; 204-211 no result in play; 212 + 5 x P "seats from the observer, one-hot
/// each: the seat to move; the placer [...]; [...] this board's breaker; the game's first
/// breaker".
#[test]
fn carrom_fields_after_the_slots_read_back_on_a_constructed_board_of_pairs() {
    use lattjo_carrom::{Carrom, QueenState, Rules, Setup};
    // A5's void-stroke limit, so that a count of void strokes stands.
    let rules = Rules::lattjo()
        .with_players(4)
        .with_void_stroke_limit(Some(5));
    let game = Carrom::new(rules).expect("rules");
    let mut setup = Setup::opening(&rules, Seat::new(1));
    setup.pieces[0] = None;
    setup.queen = QueenState::Covered(1);
    setup.white_team = 1;
    setup.to_move = Seat::new(2);
    setup.breaker = Seat::new(1);
    setup.first_breaker = Seat::new(3);
    setup.break_pending = false;
    setup.break_attempts = 2;
    setup.board = 2;
    setup.totals_before = [6, 11];
    setup.strokes = 40;
    setup.void_strokes = 3;
    setup.turn_started = true;
    // White (team 1) owes a man it could not return (none pocketed, A9).
    setup.debt = [1, 0];
    let state = game.from_setup(setup).expect("a valid board");
    assert_eq!(game.observation_shape().size(), 232);
    for seat in 0..4u8 {
        let o = observe(&game, &state, Seat::new(seat));
        let own = usize::from(seat % 2);
        let rel = |other: u8| usize::from((other + 4 - seat) % 4);
        let other = 1 - own;
        let pts = [6.0f32, 11.0];
        assert_eq!(
            o[183..185],
            [pts[own] / 25.0, pts[other] / 25.0],
            "seat {seat}: totals"
        );
        let owed = [0.0f32, 1.0 / 9.0]; // by team: team 1 plays white and owes one
        let (own_owed, other_owed) = (owed[own], owed[other]);
        assert_eq!(o[185..187], [own_owed, other_owed], "seat {seat}: men owed");
        let mut queen = [0.0f32; 5];
        queen[if own == 1 { 3 } else { 4 }] = 1.0;
        assert_eq!(o[187..192], queen, "seat {seat}: the queen");
        assert_eq!(o[192..197], [0.0, 1.0, 0.0, 0.0, 0.0], "phase: stroke");
        assert_eq!(
            o[197],
            f32::from(u8::from(own == 1)),
            "seat {seat}: plays white"
        );
        assert_eq!(o[198], 0.0, "the break is done");
        assert_eq!(o[199], 0.2, "failed break attempts / 10");
        assert_eq!(o[200], 0.3, "void strokes / 10");
        assert_eq!(o[201], 1.0, "struck this turn");
        assert_eq!(o[202], 2.0 / 8.0, "board number / 8");
        assert_eq!(o[203], 40.0 / 5_000.0, "strokes / 5,000");
        assert!(o[204..212].iter().all(|&x| x == 0.0), "no result in play");
        let mut seats = [0.0f32; 20];
        seats[rel(2)] = 1.0; // to move
        seats[3 * 4 + rel(1)] = 1.0; // this board's breaker
        seats[4 * 4 + rel(3)] = 1.0; // the game's first breaker
        assert_eq!(o[212..232], seats, "seat {seat}: the seat fields");
    }
}

/// docs/carrom.md, "Learning encodings": 204-211 "the result: winner (own team, opponents)
/// one-hot; points own, opponents / the target; why: all men (C15), [...] one-hot", and the
/// phase "over". White pockets its last man with the queen covered (C15): read from both
/// chairs.
#[test]
fn carrom_result_fields_read_back_after_a_board_won_with_all_men() {
    use lattjo_carrom::{Carrom, Colour, Outcome, Piece, QueenState, Rules, Setup};
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).expect("rules");
    let mut setup = Setup::opening(&rules, Seat::new(0));
    for k in 0..8u8 {
        let man = Piece::man(Colour::White, k).expect("a man");
        setup.pieces[usize::from(man.id())] = None;
    }
    setup.pieces[0] = None;
    setup.queen = QueenState::Covered(0);
    setup.break_pending = false;
    let mut state = game.from_setup(setup).expect("a valid board");
    let last = Piece::man(Colour::White, 8).expect("a man");
    game.resolve(&mut state, &Outcome::counted().pocket(last))
        .expect("a stroke");
    let result = state.result().expect("the board is over (C15)");
    assert_eq!(result.winner, Some(0));
    for seat in 0..2u8 {
        let o = observe(&game, &state, Seat::new(seat));
        let own = usize::from(seat);
        let other = 1 - own;
        assert_eq!(o[192..197], [0.0, 0.0, 0.0, 0.0, 1.0], "phase: over");
        let won = [f32::from(u8::from(own == 0)), f32::from(u8::from(own == 1))];
        assert_eq!(o[204..206], won, "seat {seat}: the winner");
        let pts = result.points.map(|p| p as f32 / 25.0);
        assert_eq!(o[206..208], [pts[own], pts[other]], "seat {seat}: points");
        assert_eq!(o[208..212], [1.0, 0.0, 0.0, 0.0], "why: all men (C15)");
    }
}

/// docs/disc-billiards.md, "Learning encodings", read on a constructed table of pairs (P =
/// 4, 248 values) from every seat: 230-233 status "won" one-hot; 234-235 "the winner: own
/// side, other side"; 236 "the opening series is still going on"; 239 "strokes played /
/// 3,000"; 240 "the seat to strike [...], from the observer" one-hot; 240 + P "penalty discs
/// each seat owes (N10, B14) / discs per row, from the observer"; and the disc slots "the
/// observer's side's discs (id order), then the other side's, then empty slots (all 0)".
#[test]
fn novuss_fields_read_back_on_a_constructed_table_of_pairs() {
    use lattjo_disc_billiards::{Novuss, Rules, Side, Status};
    let rules = Rules::lattjo().with_players(4);
    let game = Novuss::new(rules).expect("rules");
    let mut setup = game.new_state().to_setup();
    setup.to_move = Seat::new(3);
    setup.strokes = 30;
    setup.opening = false;
    setup.debt[Seat::new(0)] = 2;
    setup.debt[Seat::new(3)] = 1;
    let state = game.from_setup(setup.clone()).expect("a valid table");
    assert_eq!(game.observation_shape().size(), 248);
    let row = f32::from(rules.row_len());
    let discs = state.discs();
    for seat in 0..4u8 {
        let o = observe(&game, &state, Seat::new(seat));
        let rel = |other: u8| usize::from((other + 4 - seat) % 4);
        assert_eq!(o[230..234], [1.0, 0.0, 0.0, 0.0], "status: playing");
        assert_eq!(o[234..236], [0.0, 0.0], "no winner");
        assert_eq!(o[236], 0.0, "the opening series is over");
        assert_eq!(o[239], 30.0 / 3_000.0, "strokes / 3,000");
        let mut to_strike = [0.0f32; 4];
        to_strike[rel(3)] = 1.0;
        assert_eq!(o[240..244], to_strike, "seat {seat}: the seat to strike");
        let mut owed = [0.0f32; 4];
        owed[rel(0)] = 2.0 / row;
        owed[rel(3)] = 1.0 / row;
        assert_eq!(o[244..248], owed, "seat {seat}: penalty discs owed");
        // Own side's discs first, then the other side's, then empty slots.
        let own = Side::of_seat(Seat::new(seat));
        let mine = discs.iter().filter(|d| d.side == own).count();
        let theirs = discs.len() - mine;
        for k in 0..32 {
            let kind = &o[7 * k..7 * k + 2];
            let want = if k < mine {
                [1.0, 0.0]
            } else if k < mine + theirs {
                [0.0, 1.0]
            } else {
                [0.0, 0.0]
            };
            assert_eq!(kind, want, "seat {seat}: slot {k}'s side");
            if k >= mine + theirs {
                assert!(
                    o[7 * k..7 * k + 7].iter().all(|&x| x == 0.0),
                    "empty slot {k}"
                );
            }
        }
    }
    // A won game: the winner from each side's view.
    let winner = Side::of_seat(Seat::new(1));
    setup.status = Status::Won(winner);
    setup.debt = BySeat::new(4, 0);
    for d in setup.discs.iter_mut().filter(|d| d.side == winner) {
        d.at = None;
    }
    let won = game.from_setup(setup).expect("a won table");
    for seat in 0..4u8 {
        let o = observe(&game, &won, Seat::new(seat));
        assert_eq!(o[230..234], [0.0, 0.0, 1.0, 0.0], "status: won");
        let mine = Side::of_seat(Seat::new(seat)) == Side::of_seat(Seat::new(1));
        let want = if mine { [1.0, 0.0] } else { [0.0, 1.0] };
        assert_eq!(o[234..236], want, "seat {seat}: the winner");
    }
}

/// How [`Broken`] breaks the learning contract (each a kind the architecture page says the
/// conformance kit catches).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Fault {
    None,
    /// The same state encodes differently on each call.
    NotDeterministic,
    /// One element is infinite.
    NotFinite,
    /// A wrong-length buffer is refused but written into.
    WritesIntoAWrongBuffer,
    /// The mask marks an index no legal action has.
    MaskMarksAnIllegalIndex,
    /// A legal action has no index.
    LegalWithoutIndex,
    /// The observation's shape changes during the game.
    ShapeChanges,
}

/// The race without hands (so that it hides nothing), with one fault.
struct Broken {
    race: boardgame_core::race::Race,
    fault: Fault,
    calls: std::sync::atomic::AtomicU32,
}

impl Broken {
    fn new(fault: Fault) -> Broken {
        use boardgame_core::race::{Race, RaceRules};
        Broken {
            race: Race::new(RaceRules::default().with_hand(0)).expect("rules"),
            fault,
            calls: std::sync::atomic::AtomicU32::new(0),
        }
    }

    fn tick(&self) -> u32 {
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }
}

impl Game for Broken {
    type State = boardgame_core::race::RaceState;
    type Action = boardgame_core::race::RaceAction;
    type Error = boardgame_core::race::RaceError;
    fn num_players(&self) -> usize {
        self.race.num_players()
    }
    fn new_initial_state(&self) -> Self::State {
        self.race.new_initial_state()
    }
    fn turn(&self, s: &Self::State) -> Turn {
        self.race.turn(s)
    }
    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
        self.race.legal_actions(s, out);
    }
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, f64)>) -> bool {
        self.race.chance_outcomes(s, out)
    }
    fn apply(&self, s: &mut Self::State, a: &Self::Action) -> Result<(), Self::Error> {
        self.race.apply(s, a)
    }
    fn returns(&self, s: &Self::State) -> Option<boardgame_core::Returns> {
        self.race.returns(s)
    }
}

impl Observe for Broken {
    fn observation_shape(&self) -> boardgame_core::Shape {
        let n = self.race.observation_shape().size() + 1;
        let grow = self.fault == Fault::ShapeChanges && self.tick() > 50;
        boardgame_core::Shape::flat(n + usize::from(grow)).expect("a shape")
    }
    fn observe(&self, s: &Self::State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        let n = self.race.observation_shape().size();
        if self.fault == Fault::WritesIntoAWrongBuffer && out.len() != n + 1 {
            out.fill(0.0);
        }
        BufferSizeError::check(n + 1, out.len())?;
        let (inner, extra) = out.split_at_mut(n);
        self.race.observe(s, seat, inner)?;
        extra[0] = match self.fault {
            Fault::NotDeterministic => self.tick() as f32,
            Fault::NotFinite => f32::INFINITY,
            _ => 0.0,
        };
        Ok(())
    }
}

impl IndexedActions for Broken {
    fn num_distinct_actions(&self) -> usize {
        self.race.num_distinct_actions()
    }
    fn action_index(&self, s: &Self::State, a: &Self::Action) -> Option<usize> {
        match (self.fault, a) {
            (Fault::LegalWithoutIndex, boardgame_core::race::RaceAction::Advance) => None,
            _ => self.race.action_index(s, a),
        }
    }
    fn index_action(&self, s: &Self::State, i: usize) -> Option<Self::Action> {
        self.race.index_action(s, i)
    }
    fn legal_mask(&self, s: &Self::State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        self.race.legal_mask(s, out)?;
        if self.fault == Fault::MaskMarksAnIllegalIndex
            && matches!(self.turn(s), Turn::Player(_))
            && let Some(last) = out.last_mut()
        {
            *last = true;
        }
        Ok(())
    }
}

/// Architecture, "Learning encodings": "The conformance kit checks each game:
/// `check_observations` [...] (shape, every element written and finite, deterministic, [...]),
/// `check_indexed_actions` (indices round-trip, are distinct, the mask equals
/// `legal_actions`) [...]. `tests/learning.rs` in boardgame-core proves the kit catches each
/// kind of broken encoding." That file breaks a leak, a constant, an unwritten element, a
/// missing mask entry, a shared index and an index outside the mask; these are the kinds it
/// leaves out: an observation that is not deterministic, one that is not finite, a shape
/// that changes, a wrong-length buffer written into, a mask marking an index no legal action
/// has, and a legal action without an index. The faithful wrapper passes.
#[test]
fn the_conformance_kit_catches_the_kinds_of_broken_encoding_named_on_the_page() {
    use boardgame_core::conformance::check_observations;
    use boardgame_core::conformance::{ConformanceConfig, check_indexed_actions};
    let cfg = || ConformanceConfig {
        games: 5,
        seed: 9,
        ..ConformanceConfig::default()
    };
    check_observations(&Broken::new(Fault::None), &cfg()).expect("faithful observations");
    check_indexed_actions(&Broken::new(Fault::None), &cfg()).expect("faithful indices");
    for (fault, says) in [
        (Fault::NotDeterministic, "twice"),
        (Fault::NotFinite, "not finite"),
        (Fault::ShapeChanges, "shape changed"),
        (Fault::WritesIntoAWrongBuffer, "wrote into it"),
    ] {
        let err = check_observations(&Broken::new(fault), &cfg())
            .expect_err(&format!("{fault:?} is caught"));
        assert!(err.what.contains(says), "{fault:?}: {err}");
    }
    for (fault, says) in [
        (Fault::MaskMarksAnIllegalIndex, "legal actions lack it"),
        (Fault::LegalWithoutIndex, "has no index"),
    ] {
        let err = check_indexed_actions(&Broken::new(fault), &cfg())
            .expect_err(&format!("{fault:?} is caught"));
        assert!(err.what.contains(says), "{fault:?}: {err}");
    }
}

/// How [`Throw`] breaks the `ParametricActions` contract.
#[derive(Clone, Copy, PartialEq, Debug)]
enum ThrowFault {
    None,
    /// A legal throw's parameters map back to another throw.
    NoRoundTrip,
    /// `apply` refuses a steep throw but changes the state first.
    RefusesDirty,
    /// A vector within the bounds maps to no action.
    GapInTheBounds,
}

/// Three throws at an angle of 0 to 90 degrees; throws above 80 are refused (a typed error).
struct Throw(ThrowFault);

#[derive(Debug, PartialEq, Eq)]
struct Steep;

impl std::fmt::Display for Steep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a throw above 80 degrees, or none due")
    }
}

impl std::error::Error for Steep {}

impl Game for Throw {
    type State = Vec<f64>;
    type Action = f64;
    type Error = Steep;
    fn num_players(&self) -> usize {
        1
    }
    fn new_initial_state(&self) -> Vec<f64> {
        Vec::new()
    }
    fn turn(&self, s: &Vec<f64>) -> Turn {
        if s.len() < 3 {
            Turn::Player(Seat::new(0))
        } else {
            Turn::Terminal
        }
    }
    fn legal_actions(&self, s: &Vec<f64>, out: &mut Vec<f64>) {
        out.clear();
        if s.len() < 3 {
            out.extend([10.0, 45.0]);
        }
    }
    fn chance_outcomes(&self, _: &Vec<f64>, out: &mut Vec<(f64, f64)>) -> bool {
        out.clear();
        true
    }
    fn apply(&self, s: &mut Vec<f64>, a: &f64) -> Result<(), Steep> {
        if s.len() >= 3 || !(0.0..=90.0).contains(a) {
            return Err(Steep);
        }
        if *a > 80.0 {
            if self.0 == ThrowFault::RefusesDirty {
                s.push(*a);
            }
            return Err(Steep);
        }
        s.push(*a);
        Ok(())
    }
    fn returns(&self, s: &Vec<f64>) -> Option<boardgame_core::Returns> {
        (s.len() >= 3).then(|| BySeat::new(1, s.iter().sum::<f64>() / 270.0))
    }
}

impl IndexedActions for Throw {
    fn num_distinct_actions(&self) -> usize {
        0
    }
    fn action_index(&self, _: &Vec<f64>, _: &f64) -> Option<usize> {
        None
    }
    fn index_action(&self, _: &Vec<f64>, _: usize) -> Option<f64> {
        None
    }
}

impl ParametricActions for Throw {
    fn parameter_bounds(&self) -> &[(f64, f64)] {
        &[(0.0, 90.0)]
    }
    fn action_parameters(
        &self,
        _: &Vec<f64>,
        a: &f64,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError> {
        BufferSizeError::check(1, out.len())?;
        out[0] = *a;
        Ok(true)
    }
    fn parameters_action(&self, _: &Vec<f64>, p: &[f64]) -> Option<f64> {
        let [x] = *p else { return None };
        if !(0.0..=90.0).contains(&x) || (self.0 == ThrowFault::GapInTheBounds && x > 60.0) {
            return None;
        }
        Some(if self.0 == ThrowFault::NoRoundTrip {
            x + 1.0
        } else {
            x
        })
    }
}

/// Architecture, "Learning encodings": "`check_parametric_actions` (parameters round-trip and
/// stay within bounds; random in-bound vectors play or are refused cleanly)", and "proves the
/// kit catches each kind of broken encoding": boardgame-core's `tests/learning.rs` breaks the
/// bounds only; here a round trip that lands elsewhere, an `apply` that refuses an in-bound
/// throw but changes the state, and an in-bound vector that maps to nothing are each caught,
/// and the faithful game passes.
#[test]
fn the_conformance_kit_catches_broken_stroke_parameters() {
    use boardgame_core::conformance::{ConformanceConfig, check_parametric_actions};
    let cfg = ConformanceConfig {
        games: 20,
        seed: 4,
        exhaustive_actions: false,
        ..ConformanceConfig::default()
    };
    let report = check_parametric_actions(&Throw(ThrowFault::None), &cfg).expect("faithful");
    assert!(report.parametric_actions > 0);
    for (fault, says) in [
        (ThrowFault::NoRoundTrip, "map back"),
        (ThrowFault::RefusesDirty, "changed the state"),
        (ThrowFault::GapInTheBounds, "map to no action"),
    ] {
        let err = check_parametric_actions(&Throw(fault), &cfg)
            .expect_err(&format!("{fault:?} is caught"));
        assert!(err.what.contains(says), "{fault:?}: {err}");
    }
}

/// Checks at the nodes of one seeded random game (at most `plies`) that every index that
/// names an action names one whose index it is, player actions and chance outcomes alike.
fn check_index_inverse<G: IndexedActions>(name: &str, game: &G, seed: u64, plies: usize) -> u64
where
    G::Action: std::fmt::Debug,
{
    let mut rng = GameRng::new(seed, 0);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    let mut named = 0;
    for _ in 0..plies {
        match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Player(_) => {
                for i in 0..=game.num_distinct_actions() {
                    if let Some(a) = game.index_action(&state, i) {
                        assert_eq!(game.action_index(&state, &a), Some(i), "{name}: {a:?}");
                        named += 1;
                    }
                }
            }
            Turn::Chance => {
                for i in 0..=game.num_chance_outcomes() {
                    if let Some(c) = game.index_chance(&state, i) {
                        assert_eq!(game.chance_index(&state, &c), Some(i), "{name}: {c:?}");
                        named += 1;
                    }
                }
            }
        }
        random_playout_capped(game, &mut state, &mut rng, &mut buf, 1);
    }
    named
}

/// Architecture, "Learning encodings": "`IndexedActions` (a bijection between the discrete
/// actions and `0..num_distinct_actions()`, [...] and chance outcomes likewise where they are
/// finite)". The kit checks legal actions' indices map back; here the other direction: at
/// the nodes of random games of every game, every index (and chance index) that names an
/// action, legal or not, names one whose index is that index, and the index just past the
/// range names nothing.
#[test]
fn every_index_that_names_an_action_is_that_actions_index() {
    let mut named = 0;
    named += check_index_inverse("chess", &lattjo_chess::Chess::default(), 1, 40);
    named += check_index_inverse("draughts", &lattjo_draughts::Draughts::default(), 2, 40);
    named += check_index_inverse(
        "backgammon",
        &lattjo_backgammon::Backgammon::new(lattjo_backgammon::Rules::standard()).expect("rules"),
        3,
        60,
    );
    named += check_index_inverse("ludo", &lattjo_ludo::Ludo::default(), 4, 120);
    named += check_index_inverse("dominoes", &lattjo_dominoes::Dominoes::default(), 5, 60);
    named += check_index_inverse(
        "five-up",
        &lattjo_dominoes::Dominoes::new(lattjo_dominoes::Rules::five_up()).expect("rules"),
        6,
        80,
    );
    let carrom = lattjo_carrom::Carrom::default();
    named += check_index_inverse("carrom", &carrom, 7, 3);
    assert!(named > 1_000, "{named}");
}

/// docs/ludo.md, "Learning encodings": "Both kinds are lossless. A colour's four checkers are
/// interchangeable, so the sorted list of their path indices names exactly what the plane's
/// counts name". Over the nodes of random games (the booklet with 2, 3 and 4 players, Classic
/// and Mensch), no two positions with different notation give one observation, from any
/// seat, in either kind.
#[test]
fn ludo_observations_are_lossless() {
    use lattjo_ludo::{Ludo, ObservationKind, Rules};
    use std::collections::HashMap;
    let presets = [
        Rules::lattjo(),
        Rules::lattjo().with_players(2),
        Rules::lattjo().with_players(3),
        Rules::classic(),
        Rules::mensch(),
    ];
    let mut nodes = 0;
    for (i, rules) in presets.into_iter().enumerate() {
        for kind in [ObservationKind::Compact, ObservationKind::Planes] {
            let game = Ludo::new(rules).expect("rules").with_observation(kind);
            for seat in 0..game.num_players() {
                let mut seen: HashMap<Vec<u32>, String> = HashMap::new();
                for seed in 0..3 {
                    let mut rng = GameRng::new(10 * i as u64 + seed, 0);
                    let mut state = game.new_initial_state();
                    let mut buf = Vec::new();
                    for _ in 0..400 {
                        let o = observe(&game, &state, Seat::new(seat as u8));
                        let key = o.iter().map(|x| x.to_bits()).collect();
                        let pos = state.position().to_string();
                        if let Some(other) = seen.insert(key, pos.clone()) {
                            assert_eq!(other, pos, "{kind:?}, seat {seat}: one observation");
                        }
                        nodes += 1;
                        if game.turn(&state) == Turn::Terminal {
                            break;
                        }
                        random_playout_capped(&game, &mut state, &mut rng, &mut buf, 1);
                    }
                }
            }
        }
    }
    assert!(nodes > 10_000, "{nodes}");
}

/// boardgame-core, `Observe::observe`: "A seat out of range for the game observes as the game
/// documents", and each page says how: chess "a seat number out of range does too" (the one
/// tensor both seats see); draughts "any other seat number observes as White" (seat 1);
/// backgammon "a seat other than 0 and 1 observes as White" (seat 0); ludo "a seat that is
/// not at the table observes as seat 0"; carrom and disc-billiards "A seat out of range
/// observes as seat 0"; dominoes "a seat out of range observes as a spectator from seat 0
/// (no hand)". Checked at the nodes of random games with seats 7 and 200.
#[test]
fn a_seat_out_of_range_observes_as_each_page_documents() {
    fn check<G: Observe>(name: &str, game: &G, like: Seat, seed: u64, plies: usize) {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        for _ in 0..plies {
            for outside in [7u8, 200] {
                let o = observe(game, &state, Seat::new(outside));
                assert_eq!(o, observe(game, &state, like), "{name}");
            }
            if game.turn(&state) == Turn::Terminal {
                break;
            }
            random_playout_capped(game, &mut state, &mut rng, &mut buf, 1);
        }
    }
    let (s0, s1) = (Seat::new(0), Seat::new(1));
    check("chess", &lattjo_chess::Chess::default(), s0, 1, 60);
    check("draughts", &lattjo_draughts::Draughts::default(), s1, 2, 60);
    check(
        "backgammon",
        &lattjo_backgammon::Backgammon::default(),
        s0,
        3,
        60,
    );
    check("ludo", &lattjo_ludo::Ludo::default(), s0, 4, 200);
    let three = lattjo_ludo::Rules::lattjo().with_players(3);
    check(
        "ludo 3",
        &lattjo_ludo::Ludo::new(three).expect("rules"),
        s0,
        5,
        200,
    );
    check("carrom", &lattjo_carrom::Carrom::default(), s0, 6, 3);
    check(
        "novuss",
        &lattjo_disc_billiards::Novuss::default(),
        s0,
        7,
        3,
    );

    // Dominoes: a spectator from seat 0 sees no hand, and otherwise what seat 0 sees of the
    // others (the compact encoding's hand plane is its first B(T) = 32 values).
    let dom = lattjo_dominoes::Dominoes::default();
    let mut rng = GameRng::new(8, 0);
    let mut state = dom.new_initial_state();
    let mut buf = Vec::new();
    while dom.turn(&state) != Turn::Terminal {
        let o = observe(&dom, &state, Seat::new(9));
        assert!(o[..32].iter().all(|&x| x == 0.0), "no hand");
        assert_eq!(o[32..], observe(&dom, &state, Seat::new(0))[32..]);
        random_playout_capped(&dom, &mut state, &mut rng, &mut buf, 1);
    }
}

/// Checks that every value observed at the nodes of one random game, from every seat, lies
/// within `range(k)` for its element `k`.
fn check_ranges<G: Observe>(
    name: &str,
    game: &G,
    seed: u64,
    plies: usize,
    range: impl Fn(usize) -> (f32, f32),
) {
    let mut rng = GameRng::new(seed, 0);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    for _ in 0..plies {
        for seat in 0..game.num_players() {
            for (k, &x) in observe(game, &state, Seat::new(seat as u8))
                .iter()
                .enumerate()
            {
                let (lo, hi) = range(k);
                assert!(
                    lo <= x && x <= hi,
                    "{name}: element {k} is {x}, outside {lo}..={hi}"
                );
            }
        }
        if game.turn(&state) == Turn::Terminal {
            break;
        }
        random_playout_capped(game, &mut state, &mut rng, &mut buf, 1);
    }
}

/// The "range" columns of the pages' observation tables, at the nodes of random games from
/// every seat: chess, draughts and ludo (both kinds) 0 to 1 throughout; backgammon's
/// TD-Gammon board "0/1, last 0-6" with the bar "0-7.5" and every context value 0 to 1, its
/// compact board "-1 to 1"; dominoes' compact values 0 to 1 but the points (">= 0"), and its
/// detailed ones likewise (fives and points ">= 0"); carrom's "x and y -1 to 1" and the
/// rest 0 to 1 but the counters and points (">= 0", "usually 0 to 1"); Novuss's "-1 to 1" but
/// the stroke count and the debts (">= 0").
#[test]
fn observed_values_lie_in_the_tables_ranges() {
    use lattjo_backgammon::{Backgammon, ObservationKind as Bg, Rules as BgRules};
    use lattjo_dominoes::{Dominoes, ObservationKind as Dom, Rules as DomRules};
    use lattjo_ludo::{Ludo, ObservationKind as LudoKind};
    let unit = |_| (0.0, 1.0);
    check_ranges("chess", &lattjo_chess::Chess::default(), 1, 300, unit);
    check_ranges(
        "draughts",
        &lattjo_draughts::Draughts::default(),
        2,
        300,
        unit,
    );
    for kind in [LudoKind::Compact, LudoKind::Planes] {
        check_ranges(
            "ludo",
            &Ludo::default().with_observation(kind),
            3,
            400,
            unit,
        );
    }
    let bg = Backgammon::new(BgRules::standard()).expect("rules");
    check_ranges("td-gammon", &bg, 4, 400, |k| match k {
        0..=191 if k % 4 == 3 => (0.0, 6.0),
        192..=193 => (0.0, 7.5),
        _ => (0.0, 1.0),
    });
    let compact = bg.with_observation(Bg::Compact);
    check_ranges("bg compact", &compact, 5, 400, |k| match k {
        0..=23 => (-1.0, 1.0),
        _ => (0.0, 1.0),
    });
    for players in [2, 4] {
        let game = Dominoes::new(DomRules::lattjo().with_players(players)).expect("rules");
        let size = game.observation_shape().size();
        // The points are the last value of each seat's pair at the end.
        check_ranges("dominoes", &game, 6, 200, |k| {
            if k + 2 * players >= size && (size - k) % 2 == 1 {
                (0.0, f32::MAX)
            } else {
                (0.0, 1.0)
            }
        });
        let detailed = game.with_observation(Dom::Detailed);
        let (t, n, e) = (28, 7, 18);
        let seats = 5 * t + e * (1 + n);
        check_ranges("dominoes detailed", &detailed, 7, 200, |k| {
            let field = k.checked_sub(seats).map(|x| x % (n + 6));
            let in_seats = k >= seats && k < seats + players * (n + 6);
            if in_seats && matches!(field, Some(1) | Some(12)) {
                (0.0, f32::MAX)
            } else {
                (0.0, 1.0)
            }
        });
    }
    check_ranges(
        "carrom",
        &lattjo_carrom::Carrom::default(),
        8,
        6,
        |k| match k {
            0..=179 if matches!(k % 9, 5 | 6) => (-1.0, 1.0),
            180..=181 => (-1.0, 1.0),
            183..=184 | 199..=203 | 206..=207 => (0.0, f32::MAX),
            _ => (0.0, 1.0),
        },
    );
    check_ranges(
        "novuss",
        &lattjo_disc_billiards::Novuss::default(),
        9,
        6,
        |k| match k {
            239 | 242.. => (0.0, f32::MAX),
            _ => (-1.0, 1.0),
        },
    );
}

/// docs/dominoes.md, "Learning encodings", the compact kind: "Left out too, and not always
/// readable from the rest (the detailed encoding holds them): [...] the redeals". A state read
/// back with one redeal more observes alike in the compact kind and differently in the
/// detailed one (its "redeals / 10" field), from every seat.
#[test]
fn dominoes_compact_leaves_out_the_redeals_the_detailed_kind_holds() {
    use lattjo_dominoes::{Dominoes, ObservationKind, State};
    let game = Dominoes::default();
    let mut rng = GameRng::new(12, 0);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    while game.turn(&state) == Turn::Chance {
        random_playout_capped(&game, &mut state, &mut rng, &mut buf, 1);
    }
    let mut json = serde_json::to_value(&state).expect("writes");
    assert_eq!(json["redeals"], 0);
    json["redeals"] = 1.into();
    let redealt: State = serde_json::from_value(json).expect("a state with one redeal");
    let detailed = game.with_observation(ObservationKind::Detailed);
    for seat in 0..2 {
        let seat = Seat::new(seat);
        assert_eq!(observe(&game, &state, seat), observe(&game, &redealt, seat));
        assert_ne!(
            observe(&detailed, &state, seat),
            observe(&detailed, &redealt, seat)
        );
    }
}
