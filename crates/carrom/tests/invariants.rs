//! Section 6 invariants as property tests: random stroke outcomes fed to the rules (fast), and
//! arbitrary stroke values through the physics (never a panic, refusals change nothing).

use boardgame_core::{BySeat, Game, GameRng, RoundContext, Rounds, Seat, Turn};
use lattjo_carrom::{
    Action, BoardEndScoring, Carrom, Colour, DueChoice, MEN_PER_COLOUR, Outcome, PIECES, Phase,
    Piece, QueenState, Rules, State, Stroke, Vec2,
};
use proptest::prelude::*;

/// Random events for the position: each piece on the board drops with probability 1/8 (in a
/// random order), jumps with 1/40; the striker drops with 1/8; 1/20 of strokes are void.
fn random_events(s: &State, rng: &mut GameRng) -> Outcome {
    if rng.chance(0.05) {
        return Outcome::void();
    }
    let mut ev = if rng.chance(0.1) {
        Outcome::missed()
    } else {
        Outcome::counted()
    };
    let mut ids: Vec<u8> = (0..PIECES as u8)
        .filter(|&i| s.pieces()[i as usize].is_some())
        .collect();
    rng.shuffle(&mut ids);
    for id in ids {
        let p = Piece::new(id).unwrap();
        if rng.chance(0.125) {
            ev = ev.pocket(p);
        } else if rng.chance(0.025) {
            ev = ev.jump(p);
        }
    }
    if rng.chance(0.125) {
        ev = ev.striker_pocketed();
    }
    ev
}

fn check_position(s: &State) {
    let mut men = [0u8; 2];
    for c in [Colour::White, Colour::Black] {
        // Invariant 1: every man on the board or pocketed, B + P = 9.
        assert_eq!(s.on_board(c) + s.pocketed(c), MEN_PER_COLOUR);
        men[c as usize] = s.on_board(c);
        // Invariant 2: debt exclusivity.
        assert!(s.debt(c) == 0 || s.pocketed(c) == 0);
    }
    // Invariant 1: the queen in exactly one place.
    assert_eq!(
        s.piece(Piece::QUEEN).is_some(),
        s.queen() == QueenState::OnBoard
    );
    // Pieces on the board never overlap and stay on the surface.
    let on: Vec<Vec2> = s.pieces().iter().flatten().copied().collect();
    for (i, a) in on.iter().enumerate() {
        assert!(a.x.abs() <= lattjo_carrom::HALF_SIZE && a.y.abs() <= lattjo_carrom::HALF_SIZE);
        for b in &on[..i] {
            assert!(a.distance(*b) >= 2.0 * lattjo_carrom::PIECE_RADIUS - 1e-9);
        }
    }
}

/// Regression: the invariants' own count of break attempts per hand-over missed the hand-over
/// a technical foul makes after a failed break attempt (seat 1 failed twice, a foul passed the
/// break to seat 2, whose second attempt was counted as the hand-over's fourth). The library
/// was right (seat 2's count started afresh); proptest found it with this seed under ICF.
#[test]
fn a_technical_foul_that_hands_the_break_over_starts_the_next_breakers_count_afresh() {
    play_random_game(Rules::icf().with_players(4), 18_321_547_971_070_561_080);
}

/// Regression: the invariants' count skipped void strokes, yet a void stroke during the break is
/// a failed attempt (A5, C4) and the third one hands the break over (seat 3 failed twice, then
/// a void attempt passed the break to seat 0, whose second attempt was counted as the fourth).
/// The library was right. The count is now keyed by the breaker's seat, so every path that
/// hands the break over (a void attempt, a foul, ICF 18(c)) starts the next breaker afresh.
#[test]
fn a_void_break_attempt_that_hands_the_break_over_starts_the_next_breakers_count_afresh() {
    play_random_game(Rules::icf().with_players(4), 4_826_355_857_428_699_449);
}

/// Plays boards of a game with random outcomes; checks invariants 1-10 after every stroke.
fn play_random_game(rules: Rules, seed: u64) {
    let game = Carrom::new(rules).unwrap();
    let cfg = game.match_config();
    let mut rng = GameRng::new(seed, 0);
    let players = game.num_players();
    let mut totals = BySeat::new(players, 0i64);
    let mut prev: Option<State> = None;
    let mut boards = 0;
    loop {
        let mut s = game.new_round(&RoundContext {
            round: boards,
            totals: &totals,
            previous: prev.as_ref(),
            config: &cfg,
        });
        if game.turn(&s) == Turn::Chance {
            let t = game.sample_chance(&s, &mut rng).unwrap();
            game.apply(&mut s, &t).unwrap();
        }
        // Invariant 11: failed break attempts by the current breaker, counted by the test
        // itself. Keyed by seat: whenever a different seat fails a break attempt, the break was
        // handed over (by a third failure, void or not, a foul or ICF 18(c)) and its count
        // starts afresh.
        let mut breaker_attempts: Option<(Seat, u8)> = None;
        for _ in 0..5_000 {
            if s.result().is_some() {
                break;
            }
            while let Phase::Dues { placer, .. } = s.phase() {
                // ICF 60: the placer places or declines the due men, at random (one choice per
                // colour, ICF 51(b)).
                let choice = if rng.chance(0.5) {
                    DueChoice::Place
                } else {
                    DueChoice::Decline
                };
                game.apply(&mut s, &Action::Dues(placer, choice)).unwrap();
                check_position(&s);
            }
            if game.rules().referee_calls && rng.chance(1.0 / 30.0) {
                // ICF 35-37: a technical foul now and then; the bookkeeping still holds.
                let seat = s.to_move();
                let call = Action::Call(lattjo_carrom::Call::TechnicalFoul(seat));
                game.apply(&mut s, &call).unwrap();
                check_position(&s);
                continue;
            }
            let seat = s.to_move();
            let team = seat.index() % 2;
            let own = s.colour_of(team);
            let before = s.clone();
            let ev = random_events(&s, &mut rng);
            let r = game.resolve(&mut s, &ev).unwrap();
            check_position(&s);
            if r.failed_break {
                // Invariant 11: at most 3 attempts (the rules' `break_attempts`, A5) per
                // hand-over, void ones included (C4).
                let n = match breaker_attempts {
                    Some((breaker, n)) if breaker == seat => n + 1,
                    _ => 1,
                };
                assert!(
                    n <= rules.break_attempts,
                    "seat {seat:?} failed its break attempt {n} times"
                );
                breaker_attempts = Some((seat, n));
                if n == rules.break_attempts {
                    assert_ne!(
                        s.to_move(),
                        seat,
                        "a third failed attempt hands the break over"
                    );
                }
            }
            if s.result().is_none() && s.phase() == Phase::Stroke {
                // Invariant 12: saving and reloading mid-board changes nothing.
                assert_eq!(game.from_setup(s.to_setup()).unwrap(), s);
            }
            if r.void {
                // Invariant 13: a void stroke changes nothing but the break counter.
                assert_eq!(s.pieces(), before.pieces());
                assert_eq!(s.queen(), before.queen());
                continue;
            }
            if r.failed_break {
                // Invariant 11: a failed attempt leaves the formation untouched.
                assert_eq!(s.pieces(), before.pieces());
                continue;
            }
            // Invariant 3: net bookkeeping per colour.
            let pocketed_of = |c: Colour| {
                ev.pocketed()
                    .iter()
                    .filter(|&&id| Piece::new(id).unwrap().colour() == Some(c))
                    .count() as i32
            };
            for c in [Colour::White, Colour::Black] {
                if r.board_over.is_some() && rules.board_end_scoring == BoardEndScoring::Icf {
                    // ICF 28: at the board's end dues are written off: nothing comes back and
                    // no debt stands.
                    assert_eq!((r.returned, s.debt(c)), ([0, 0], 0));
                    let p = |x: &State| i32::from(x.pocketed(c));
                    assert_eq!(p(&s) - p(&before), pocketed_of(c));
                    continue;
                }
                let n = |x: &State| i32::from(x.pocketed(c)) - i32::from(x.debt(c));
                let penalty = if c == own { i32::from(r.penalty) } else { 0 };
                assert_eq!(n(&s) - n(&before), pocketed_of(c) - penalty);
                // Pieces physically returned plus the increase in debt equal the penalty.
                let debt_up = i32::from(s.debt(c)) - i32::from(before.debt(c));
                if !r.debt_capped {
                    assert_eq!(i32::from(r.returned[c as usize]) + debt_up, penalty);
                }
            }
            // Invariant 4: the queen never waits across a turn change.
            if let QueenState::Waiting(t) = s.queen() {
                assert!(r.turn_continues && team_of(s.to_move()) == t);
            }
            // Invariant 5: covered implies in pocket.
            if s.queen() == QueenState::Covered(team) && before.queen() != s.queen() {
                assert!(s.pocketed(own) >= 1);
            }
            // Invariant 10: no turn continues after an opponent's man dropped (default rules).
            if rules.opponent_piece_ends_turn && pocketed_of(own.other()) > 0 {
                assert!(!r.turn_continues);
            }
            if r.turn_continues {
                assert_eq!(s.to_move(), seat);
            } else if r.board_over.is_none() {
                assert_eq!(s.to_move(), seat.next(players));
            }
            if let Some(b) = r.board_over {
                // Invariant 6: ends iff a colour is cleared; one side scores 1..=15.
                assert!(
                    s.on_board(Colour::White) == 0
                        || s.on_board(Colour::Black) == 0
                        || b.reason == lattjo_carrom::BoardEnd::LastPieceWithStriker
                );
                let w = b.winner.expect("a stroke's board end has a winner");
                let award = b.points[w];
                assert!((1..=15).contains(&award), "award {award}");
                assert_eq!(b.points[1 - w], 0, "invariant 8: the loser gains nothing");
                // Invariant 7: the queen cap.
                let before_total = s.totals_before()[w];
                if before_total >= 22 {
                    assert!(award <= 12, "no queen points at 22+");
                }
            } else {
                assert!(s.on_board(Colour::White) > 0 && s.on_board(Colour::Black) > 0);
            }
        }
        let points = game.round_points(&s).expect("every board ends");
        for seat in Seat::all(players) {
            // Invariant 8: scores never decrease.
            assert!(points[seat] >= 0);
            totals[seat] += points[seat];
        }
        boards += 1;
        prev = Some(s);
        if game.match_over(&cfg, &totals, boards) {
            break;
        }
        assert!(boards < 40);
    }
    // Invariant 9: the game ends iff a side has 25+, or 8 boards are done and scores differ.
    let (a, b) = (totals[Seat::new(0)], totals[Seat::new(1)]);
    assert!(a.max(b) >= 25 || (boards >= 8 && a != b));
    if boards > 8 {
        // Extra boards only after a tie at 8 boards (each board scores for one side only).
        assert!(a.max(b) < 25 + 15);
    }
}

fn team_of(s: Seat) -> usize {
    s.index() % 2
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn section6_invariants_hold_over_random_games(seed in any::<u64>()) {
        play_random_game(Rules::lattjo(), seed);
    }

    #[test]
    fn section6_invariants_hold_in_pairs_and_under_icf(seed in any::<u64>(), icf in any::<bool>()) {
        let rules = if icf { Rules::icf().with_players(4) } else { Rules::lattjo().with_players(4) };
        play_random_game(rules, seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Arbitrary stroke values (NaN, infinities, anything) never panic; a refused stroke leaves
    /// the state unchanged; an accepted one keeps every invariant.
    #[test]
    fn arbitrary_stroke_values_never_panic(
        offset in prop_oneof![any::<f64>(), -0.3f64..0.3],
        dx in prop_oneof![any::<f64>(), -1.0f64..1.0],
        dy in prop_oneof![any::<f64>(), -1.0f64..1.0],
        speed in prop_oneof![any::<f64>(), 0.0f64..9.0],
        seat in 0u8..3,
        seed in any::<u64>(),
    ) {
        let game = Carrom::new(Rules::lattjo()).unwrap();
        let mut s = game.initial_state(Seat::new(0)).unwrap();
        // Start from a position after a few random strokes.
        let mut rng = GameRng::new(seed, 1);
        let mut buf = Vec::new();
        for _ in 0..(seed % 4) {
            if game.turn(&s) != Turn::Player(s.to_move()) { break; }
            let a = game.sample_action(&s, &mut rng, &mut buf).unwrap();
            game.apply(&mut s, &a).unwrap();
        }
        if game.turn(&s) == Turn::Terminal { return Ok(()); }
        let before = s.clone();
        let a = Action::Strike(Seat::new(seat), Stroke::on_base_line(offset, Vec2::new(dx, dy), speed));
        let legal = game.is_legal(&s, &a);
        match game.apply(&mut s, &a) {
            Ok(()) => {
                prop_assert!(legal);
                check_position(&s);
                if s.result().is_none() {
                    prop_assert_eq!(game.from_setup(s.to_setup()).unwrap(), s);
                }
            }
            Err(_) => { prop_assert!(!legal); prop_assert_eq!(&s, &before); }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn stroke_notation_round_trips(o in -0.25f64..0.25, dx in any::<f64>(), dy in any::<f64>(), v in 0.0f64..9.0) {
        let s = Stroke::on_base_line(o, Vec2::new(dx, dy), v);
        // A stroke of the right shape reads back bit for bit; any other is refused.
        match s.to_string().parse::<Stroke>() {
            Ok(back) => {
                prop_assert!(s.check_shape().is_ok());
                prop_assert_eq!(back.place.x.to_bits(), o.to_bits());
                prop_assert_eq!(back.direction.x.to_bits(), dx.to_bits());
                prop_assert_eq!(back.direction.y.to_bits(), dy.to_bits());
                prop_assert_eq!(back.speed.to_bits(), v.to_bits());
            }
            Err(_) => prop_assert!(s.check_shape().is_err()),
        }
    }

    #[test]
    fn stroke_notation_never_panics_on_arbitrary_text(text in ".{0,60}") {
        let _ = text.parse::<Stroke>();
    }
}

#[test]
fn stroke_notation_examples() {
    let s: Stroke = "-0.05,0.1174 0.2,1 6.5".parse().unwrap();
    assert_eq!(s, Stroke::on_base_line(-0.05, Vec2::new(0.2, 1.0), 6.5));
    assert_eq!(s.to_string(), "-0.05,0.1174 0.2,1 6.5");
    assert!("0.1,0.1174 1 6".parse::<Stroke>().is_err());
    assert!("0.1,0.1174 x,1 6".parse::<Stroke>().is_err());
    assert!("0.1,0.1174 0,1 6 7".parse::<Stroke>().is_err());
}
