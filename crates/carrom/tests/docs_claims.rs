//! The claims of docs/carrom.md, checked from outside (public API only): one test per claim,
//! named after it, citing the page's section and the rules file's id. Claims that another
//! test file already checks exactly are not repeated here.

use crate::common;

use boardgame_core::{Game, GameRng, IndexedActions, Observe, Seat, Turn};
use common::*;
use lattjo_carrom::{
    Action, BASE_LINE_INSET, BASE_LINE_TOLERANCE, BASE_STRIP_WIDTH, BoardEnd, BothLastPieces,
    CENTRE_SPOT_RADIUS, Call, Carrom, Colour, HALF_SIZE, JUMP_SPEED_M_S, MAX_BOARDS, MAX_DIRECTION,
    MAX_NOISE_SD, MAX_POINTS, MAX_SPEED, MAX_STRIKER_OFFSET, MIN_FORWARD, MIN_NOISE_SD, MIN_SPEED,
    Noise, NoiseModel, OUTER_CIRCLE_RADIUS, Outcome, PIECE_RADIUS, POCKET_RADIUS, ParseStrokeError,
    PenaltyPoints, Phase, PhysicsConfig, Piece, Planner, PlayError, QueenState, Resolution, Rules,
    RulesError, STRIKER_RADIUS, STROKE_PARAMETER_BOUNDS, Setup, SetupError, State, Stroke,
    StrokeError, Vec2,
};

fn ev() -> Outcome {
    Outcome::counted()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// [`position`] with white's seat 0 to strike and no debts, but each piece of `moved` put at
/// its place (`None`: off the board).
fn position_with(
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    moved: &[(Piece, Option<Vec2>)],
) -> State {
    let mut su = setup(rules, pocketed, queen, [0, 0], 0);
    for &(piece, at) in moved {
        su.pieces[piece.id() as usize] = at;
    }
    su.into_state(rules).unwrap()
}

/// [`position`] (white's seat 0 to strike, no debts) with the queen on the centre spot.
fn queen_on_the_spot(rules: &Rules, pocketed: &[Piece]) -> State {
    let spot = Some(Vec2::default());
    position_with(
        rules,
        pocketed,
        QueenState::OnBoard,
        &[(Piece::QUEEN, spot)],
    )
}

/// How a stroke is resolved without physics: [`resolve`] or [`resolve_called_foul`].
type Resolver = fn(&Rules, &mut State, &Outcome) -> Result<Resolution, PlayError>;

/// White's seat 0 strikes `outcome` (resolved by `by`) in [`position`] with `pocketed` off the
/// board, the queen `queen` and no debts; the resolution and the state after.
fn struck(
    by: Resolver,
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    outcome: &Outcome,
) -> (Resolution, State) {
    let mut s = position(rules, pocketed, queen, [0, 0], 0);
    let r = by(rules, &mut s, outcome).unwrap();
    (r, s)
}

/// [`struck`], where the stroke must end the board: its result, and the state after.
fn board_end(
    by: Resolver,
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    outcome: &Outcome,
) -> (lattjo_carrom::BoardResult, State) {
    let (r, s) = struck(by, rules, pocketed, queen, outcome);
    let res = r
        .board_over
        .unwrap_or_else(|| panic!("the board ends: {r:?}"));
    (res, s)
}

/// The ICF-style game of `rules` and a position in which white (seat 0 to strike) has two men
/// in pocket, the queen on the board and no debts.
fn two_whites_in_pocket(rules: Rules) -> (Carrom, State) {
    let s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    (Carrom::new(rules).unwrap(), s)
}

// ---------------------------------------------------------------------------------------
// "The API in one paragraph"
// ---------------------------------------------------------------------------------------

// Page, "The API in one paragraph": `Carrom::default()` is `Carrom::new(Rules::lattjo())`;
// every option has a `with_*` builder taking its value (C1: `with_players(4)`).
#[test]
fn api_default_is_the_booklet_and_builders_take_their_value() {
    assert_eq!(*Carrom::default().rules(), Rules::lattjo());
    assert_eq!(Rules::default(), Rules::lattjo());
    let r = Rules::lattjo()
        .with_players(4)
        .with_noise(Some(NoiseModel::default()));
    assert_eq!(r.players, 4);
    assert_eq!(r.noise, Some(NoiseModel::default()));
    assert_eq!(*Carrom::new(r).unwrap().rules(), r);
}

// Page, "The API in one paragraph": `carrom.initial_state(first)` is a board ready for
// `first`'s break; `new_initial_state()` begins with the coin toss (C3).
#[test]
fn api_initial_state_is_ready_for_the_break_and_new_initial_state_begins_with_the_toss() {
    let game = Carrom::default();
    for first in [0, 1] {
        let s = game.initial_state(Seat::new(first)).unwrap();
        assert_eq!(s.phase(), Phase::Stroke);
        assert_eq!(s.to_move(), Seat::new(first));
        assert_eq!(s.breaker(), Seat::new(first));
        assert!(s.break_pending());
        assert_eq!(game.turn(&s), Turn::Player(Seat::new(first)));
    }
    let s = game.new_initial_state();
    assert_eq!(s.phase(), Phase::Toss);
    assert_eq!(game.turn(&s), Turn::Chance);
    // A seat that does not play is refused.
    assert_eq!(game.initial_state(Seat::new(2)), Err(SetupError::Seat(2)));
}

// Page, "The API in one paragraph": `simulate` gives the `Outcome` without changing the
// state; `strike` plays the stroke exactly and returns the `Resolution`; `resolve` applies
// a constructed outcome (the same one gives the same result).
#[test]
fn api_simulate_changes_nothing_and_strike_is_simulate_then_resolve() {
    let game = Carrom::default();
    let s0 = game.initial_state(Seat::new(0)).unwrap();
    let stroke = Stroke::on_base_line(0.02, Vec2::new(0.0, 1.0), 6.0);
    let outcome = game.simulate(&s0, &stroke).unwrap();
    assert_eq!(s0, game.initial_state(Seat::new(0)).unwrap());
    let mut struck = s0.clone();
    let r1 = game.strike(&mut struck, &stroke).unwrap();
    let mut resolved = s0.clone();
    let r2 = game.resolve(&mut resolved, &outcome).unwrap();
    assert_eq!(r1, r2);
    assert_eq!(struck, resolved);
    assert_eq!(struck.strokes(), 1);
}

// Page, "The API in one paragraph" and "Match": `full_game()` is a whole game (target 25,
// 8 boards, C20); `full_match()` a best-of match (booklet 1 game, ICF best of 3: 2 wins).
#[test]
fn api_full_game_and_full_match_are_configured_from_the_rules() {
    let game = Carrom::default().full_game();
    assert_eq!(game.config().target(), Some(25));
    assert_eq!(game.config().max_rounds(), Some(8));
    assert_eq!(Carrom::default().full_match().config().target(), Some(1));
    assert_eq!(
        Carrom::new(Rules::icf())
            .unwrap()
            .full_match()
            .config()
            .target(),
        Some(2)
    );
    assert_eq!(Rules::lattjo().games_per_match, 1);
    assert_eq!(Rules::icf().games_per_match, 3);
}

// ---------------------------------------------------------------------------------------
// "The table and the stroke"
// ---------------------------------------------------------------------------------------

// Page, "Board": 74 cm square, corner pockets of 4.45 cm, coins of 3.18 cm (5.5 g), striker
// 4.13 cm (15 g); the striker's centre 11.74 cm from the frame, between two lines 3.18 cm
// apart, up to 21.91 cm either way of the middle.
#[test]
fn board_has_the_icf_dimensions_the_page_gives() {
    let tol = 1e-12;
    assert!(close(2.0 * HALF_SIZE, 0.74, tol));
    assert!(close(2.0 * POCKET_RADIUS, 0.0445, tol));
    assert!(close(2.0 * PIECE_RADIUS, 0.0318, tol));
    assert!(close(2.0 * STRIKER_RADIUS, 0.0413, tol));
    assert!(close(
        lattjo_carrom::disc_physics::carrom::COIN_MASS_KG,
        0.0055,
        tol
    ));
    assert!(close(
        lattjo_carrom::disc_physics::carrom::STRIKER_MASS_KG,
        0.015,
        tol
    ));
    assert!(close(BASE_LINE_INSET, 0.1174, tol));
    assert!(close(BASE_STRIP_WIDTH, 0.0318, tol));
    assert!(close(MAX_STRIKER_OFFSET, 0.2191, tol));
    // The four pockets are in the corners.
    for p in lattjo_carrom::pocket_centres() {
        assert!(p.x.abs() > 0.3 && p.y.abs() > 0.3 && close(p.x.abs(), p.y.abs(), tol));
    }
}

// Page, "Formation" (ICF 14(a), T1, T2): the queen on the centre spot, a touching ring of six
// alternating colours, a second ring of twelve with three whites outside the first-ring
// whites making the "Y"; the Y's stem points away from the breaker, its arms towards his
// corner pockets. Pieces: id 0 the queen, 1-9 white, 10-18 black.
#[test]
fn formation_queen_on_the_spot_rings_of_six_and_twelve_and_the_y_facing_the_breaker() {
    let game = Carrom::default();
    assert_eq!(Piece::QUEEN.id(), 0);
    for id in 1..=9 {
        assert_eq!(Piece::new(id).unwrap().colour(), Some(Colour::White));
    }
    for id in 10..=18 {
        assert_eq!(Piece::new(id).unwrap().colour(), Some(Colour::Black));
    }
    // Seat 0 breaks from the south (-y).
    let s = game.initial_state(Seat::new(0)).unwrap();
    let pos = |id: u8| s.piece(Piece::new(id).unwrap()).unwrap();
    assert_eq!(pos(0), Vec2::default(), "T1: the queen on the centre spot");
    let d = 2.0 * PIECE_RADIUS;
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    for id in 1..19u8 {
        let r = pos(id).distance(Vec2::default());
        if close(r, d, 1e-6) {
            inner.push(id);
        } else {
            assert!(r > d + 1e-6 && r + PIECE_RADIUS <= OUTER_CIRCLE_RADIUS + 1e-9);
            outer.push(id);
        }
    }
    assert_eq!((inner.len(), outer.len()), (6, 12));
    // The first ring alternates colours round the queen.
    let angle = |id: u8| pos(id).y.atan2(pos(id).x);
    inner.sort_by(|a, b| angle(*a).total_cmp(&angle(*b)));
    for k in 0..6 {
        let c = |id: u8| Piece::new(id).unwrap().colour();
        assert_ne!(c(inner[k]), c(inner[(k + 1) % 6]), "ring of six alternates");
    }
    // Three whites of the outer ring stand directly outside the three first-ring whites.
    let mut spokes = Vec::new();
    for &w in inner.iter().filter(|&&id| id <= 9) {
        let u = pos(w);
        let behind = outer.iter().copied().find(|&o| {
            o <= 9 && {
                let p = pos(o);
                // Collinear with the queen and the inner white, further out.
                (u.x * p.y - u.y * p.x).abs() < 1e-6 && u.x * p.x + u.y * p.y > 0.0
            }
        });
        assert!(behind.is_some(), "a white directly outside inner white {w}");
        spokes.push(u);
    }
    assert_eq!(spokes.len(), 3);
    // The stem points away from the breaker (+y), the two arms towards his (south) side.
    let stems = spokes
        .iter()
        .filter(|u| u.y > 0.0 && u.x.abs() < 1e-9)
        .count();
    let arms = spokes.iter().filter(|u| u.y < 0.0).count();
    assert_eq!((stems, arms), (1, 2), "the Y faces the breaker: {spokes:?}");
    // Turned for the north breaker: the stem points south.
    let n = game.initial_state(Seat::new(1)).unwrap();
    for id in 0..19u8 {
        let p = pos(id);
        let q = n.piece(Piece::new(id).unwrap()).unwrap();
        assert!(close(q.x, -p.x, 1e-12) && close(q.y, -p.y, 1e-12));
    }
}

// Page, "Stroke" (C2, T3): the place must be on the base line, |x| <= 0.2191 and y within
// 4.75 mm of 0.1174 m; the direction's components within +-2 (`LongDirection` beyond), its
// unit forward component at least 0.01; the speed 0.05-8.0 m/s; NaN and infinities refused.
#[test]
fn stroke_shape_limits_are_the_documented_ones() {
    let up = Vec2::new(0.0, 1.0);
    assert!(close(BASE_LINE_TOLERANCE, 0.00475, 1e-12));
    assert!(close(MIN_FORWARD, 0.01, 0.0) && close(MAX_DIRECTION, 2.0, 0.0));
    assert!(close(MIN_SPEED, 0.05, 0.0) && close(MAX_SPEED, 8.0, 0.0));
    let ok = |s: Stroke| s.check_shape();
    for x in [-MAX_STRIKER_OFFSET, 0.0, MAX_STRIKER_OFFSET] {
        // (The float nearest 0.1174 - 0.00475 lies a few ulps beyond the line's strip: test
        // a hair inside it.)
        for y in [
            BASE_LINE_INSET - 0.004_749_999,
            BASE_LINE_INSET + 0.004_749_999,
        ] {
            assert_eq!(ok(Stroke::new(Vec2::new(x, y), up, 3.0)), Ok(()), "{x},{y}");
        }
    }
    for (x, y) in [
        (0.2192, BASE_LINE_INSET),
        (-0.2192, BASE_LINE_INSET),
        (0.0, BASE_LINE_INSET + 0.004_751),
        (0.0, BASE_LINE_INSET - 0.004_751),
    ] {
        assert!(
            matches!(
                ok(Stroke::new(Vec2::new(x, y), up, 3.0)),
                Err(StrokeError::OffBaseLine { .. })
            ),
            "{x},{y}"
        );
    }
    let at = |d: Vec2, v: f64| ok(Stroke::on_base_line(0.0, d, v));
    assert_eq!(at(Vec2::new(2.0, 2.0), 3.0), Ok(()));
    assert_eq!(at(Vec2::new(-2.0, 0.5), 3.0), Ok(()));
    assert!(matches!(
        at(Vec2::new(0.0, 2.0001), 3.0),
        Err(StrokeError::LongDirection { .. })
    ));
    assert!(matches!(
        at(Vec2::new(-2.5, 1.0), 3.0),
        Err(StrokeError::LongDirection { .. })
    ));
    assert_eq!(at(Vec2::new(0.0, 0.0), 3.0), Err(StrokeError::NoDirection));
    // Forward component of the unit vector: 0.01 is enough, a little less is not.
    let side = |fwd: f64| Vec2::new((1.0 - fwd * fwd).sqrt(), fwd);
    assert_eq!(at(side(0.0101), 3.0), Ok(()));
    assert_eq!(at(side(0.0099), 3.0), Err(StrokeError::NotForward));
    assert_eq!(at(Vec2::new(0.0, -1.0), 3.0), Err(StrokeError::NotForward));
    assert_eq!(at(up, 0.05), Ok(()));
    assert_eq!(at(up, 8.0), Ok(()));
    assert_eq!(at(up, 0.0499), Err(StrokeError::Speed(0.0499)));
    assert_eq!(at(up, 8.0001), Err(StrokeError::Speed(8.0001)));
    assert!(matches!(at(up, f64::NAN), Err(StrokeError::NotFinite(_))));
    assert!(matches!(
        at(Vec2::new(f64::INFINITY, 1.0), 3.0),
        Err(StrokeError::NotFinite(_))
    ));
    // `Stroke::on_base_line` puts the striker on the middle of the strip.
    let s = Stroke::on_base_line(-0.1, up, 2.0);
    assert_eq!(s.place, Vec2::new(-0.1, BASE_LINE_INSET));
}

// Page, "Stroke": `stroke_from_board`/`stroke_on_board` convert between the player's frame
// and the board frame (origin at the centre spot, +y away from seat 0); seats sit south and
// north in singles, and counter-clockwise (seat 1 east of seat 0) in pairs (C1, A19).
#[test]
fn stroke_from_board_and_on_board_are_inverse_in_every_seat() {
    let s = Stroke::on_base_line(0.05, Vec2::new(0.2, 1.0), 4.0);
    for players in [2, 4] {
        let game = Carrom::new(Rules::lattjo().with_players(players)).unwrap();
        for seat in 0..players as u8 {
            let (place, dir) = game.stroke_on_board(Seat::new(seat), &s);
            let back = game.stroke_from_board(Seat::new(seat), place, dir, s.speed);
            assert!(close(back.place.x, s.place.x, 1e-12));
            assert!(close(back.place.y, s.place.y, 1e-12));
            assert!(close(back.direction.x, s.direction.x, 1e-12));
            assert!(close(back.direction.y, s.direction.y, 1e-12));
            // Every striker sits 0.37 - 0.1174 m from the centre along its own axis.
            let along = if players == 4 && seat % 2 == 1 {
                place.x.abs()
            } else {
                place.y.abs()
            };
            assert!(close(along, HALF_SIZE - BASE_LINE_INSET, 1e-12));
        }
    }
    // Singles: seat 0 south (-y), straight ahead is +y; seat 1 north.
    let game = Carrom::default();
    let (p0, d0) = game.stroke_on_board(
        Seat::new(0),
        &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 1.0),
    );
    assert!(p0.y < 0.0 && d0.y > 0.0);
    let (p1, d1) = game.stroke_on_board(
        Seat::new(1),
        &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 1.0),
    );
    assert!(p1.y > 0.0 && d1.y < 0.0);
    // Pairs: seat 1 sits east (+x); x "to his right" for seat 0 is +x.
    let pairs = Carrom::new(Rules::lattjo().with_players(4)).unwrap();
    let (p, _) = pairs.stroke_on_board(
        Seat::new(1),
        &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 1.0),
    );
    assert!(p.x > 0.0 && p.y.abs() < 1e-12, "seat 1 east: {p:?}");
    let (p, _) = pairs.stroke_on_board(
        Seat::new(0),
        &Stroke::on_base_line(0.1, Vec2::new(0.0, 1.0), 1.0),
    );
    assert!(p.x > 0.0, "x is to the player's right");
}

// Page, "Stroke" (C2): the striker may not overlap a piece (touching is allowed);
// `StrokeError::OverlapsPiece` names the piece, and a refused action leaves the state
// unchanged.
#[test]
fn striker_may_touch_but_not_overlap_a_piece_which_the_error_names() {
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let line = south_line_y();
    let touch = STRIKER_RADIUS + PIECE_RADIUS;
    let with_man_at = |y: f64| {
        let man = (black(4), Some(Vec2::new(0.0, y)));
        position_with(&rules, &[], QueenState::OnBoard, &[man])
    };
    let stroke = Stroke::on_base_line(0.0, Vec2::new(1.0, 1.0), 1.0);
    let touching = with_man_at(line + touch + 1e-12);
    assert_eq!(game.check_stroke(&touching, Seat::new(0), &stroke), Ok(()));
    let mut overlapping = with_man_at(line + touch - 1e-4);
    let before = overlapping.clone();
    assert_eq!(
        game.check_stroke(&overlapping, Seat::new(0), &stroke),
        Err(PlayError::Stroke(StrokeError::OverlapsPiece(black(4).id())))
    );
    let err = game.apply(&mut overlapping, &Action::Strike(Seat::new(0), stroke));
    assert_eq!(
        err,
        Err(PlayError::Stroke(StrokeError::OverlapsPiece(black(4).id())))
    );
    assert_eq!(overlapping, before);
    // NaN refused through `apply` too, the state unchanged.
    let nan = Stroke::on_base_line(f64::NAN, Vec2::new(0.0, 1.0), 1.0);
    assert!(matches!(
        game.apply(&mut overlapping, &Action::Strike(Seat::new(0), nan)),
        Err(PlayError::Stroke(StrokeError::NotFinite(_)))
    ));
    assert_eq!(overlapping, before);
}

// Page, "Physics": disc-physics's level-0 model (mu = 0.10, restitution 0.90 between discs,
// 0.75 at the frame) plus a jump speed of 6 m/s (`JUMP_SPEED_M_S`); `PhysicsConfig` holds
// all of it.
#[test]
fn physics_defaults_are_the_documented_numbers() {
    let p = PhysicsConfig::default().params;
    assert!(close(p.friction_mu, 0.10, 0.0));
    assert!(close(p.restitution_disc, 0.90, 0.0));
    assert!(close(p.restitution_cushion, 0.75, 0.0));
    assert!(close(JUMP_SPEED_M_S, 6.0, 0.0));
    assert_eq!(p.jump_speed_m_s, Some(6.0));
    assert_eq!(*Carrom::default().physics(), PhysicsConfig::default());
}

// Page, "From events to rules" (C4): the striker left the base line when it touched a piece,
// hit a cushion, fell in a pocket, left the board or came to rest off the strip; the slowest
// stroke straight ahead stays on the strip and is void.
#[test]
fn a_stroke_that_only_slides_along_the_strip_is_void_and_one_that_hits_is_not() {
    let game = Carrom::default();
    let mut s = position(&Rules::lattjo(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let before = s.clone();
    let slow = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), MIN_SPEED);
    let o = game.simulate(&s, &slow).unwrap();
    assert!(!o.left_base_line && !o.touched_piece);
    let r = game.strike(&mut s, &slow).unwrap();
    assert!(r.void && r.turn_continues);
    assert_eq!(s.pieces(), before.pieces());
    // Sideways along the strip at a speed that reaches the side cushion: it left the line.
    let sideways = Stroke::on_base_line(0.0, Vec2::new(1.0, MIN_FORWARD * 1.01), 3.0);
    let o = game.simulate(&before, &sideways).unwrap();
    assert!(o.left_base_line, "a cushion hit leaves the base line");
}

// Page, "Noise": the direction is turned by atan(e) and the speed scaled by 1 + s; default
// `direction_sd` 0.02, `speed_sd` 5 %; draws are Irwin-Hall(12) (within +-6 sd); the drawn
// `Noise` is an action in the record; `chance_outcomes` returns false (continuous) and
// `sample_chance` samples.
#[test]
fn noise_defaults_perturbation_and_chance_node() {
    let m = NoiseModel::default();
    assert_eq!((m.direction_sd, m.speed_sd), (0.02, 0.05));
    let s = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 4.0);
    let e = 0.1;
    let p = s.perturbed(&Noise {
        slip: e,
        speed_error: -0.1,
    });
    let turned = p.direction.x.atan2(p.direction.y).abs();
    assert!(
        close(turned, e.atan(), 1e-12),
        "turned by atan(e): {turned}"
    );
    assert!(close(p.speed, 4.0 * 0.9, 1e-12));
    let game = Carrom::new(Rules::lattjo().with_noise(Some(m))).unwrap();
    let mut st = game.initial_state(Seat::new(0)).unwrap();
    game.apply(&mut st, &Action::Strike(Seat::new(0), s))
        .unwrap();
    assert!(matches!(st.phase(), Phase::Noise(..)));
    assert_eq!(game.turn(&st), Turn::Chance);
    let mut out = Vec::new();
    assert!(!game.chance_outcomes(&st, &mut out), "continuous");
    let mut rng = GameRng::new(3, 0);
    for _ in 0..32 {
        let Some(Action::Noise(n)) = game.sample_chance(&st, &mut rng) else {
            panic!("a noise draw is due");
        };
        assert!(n.slip.abs() <= 6.0 * m.direction_sd && n.speed_error.abs() <= 6.0 * m.speed_sd);
        assert!(game.is_legal(&st, &Action::Noise(n)));
    }
    // A draw beyond six deviations is refused.
    let far = Action::Noise(Noise {
        slip: 7.0 * m.direction_sd,
        speed_error: 0.0,
    });
    assert_eq!(game.apply(&mut st.clone(), &far), Err(PlayError::BadNoise));
}

// ---------------------------------------------------------------------------------------
// "Notation"
// ---------------------------------------------------------------------------------------

// Page, "Notation": `-0.05,0.1174 0.2,1 6.5` is the striker 5 cm left of the middle of the
// base line, aimed 0.2 to the right per 1 forward, at 6.5 m/s; it prints back the same.
#[test]
fn notation_worked_example_reads_as_the_page_says() {
    let s: Stroke = "-0.05,0.1174 0.2,1 6.5".parse().unwrap();
    assert_eq!(s.place, Vec2::new(-0.05, 0.1174));
    assert_eq!(s.direction, Vec2::new(0.2, 1.0));
    assert_eq!(s.speed, 6.5);
    assert_eq!(s.to_string(), "-0.05,0.1174 0.2,1 6.5");
    // 5 cm left of the middle, aimed to the right (board frame, seat 0).
    let (place, dir) = Carrom::default().stroke_on_board(Seat::new(0), &s);
    assert!(place.x < 0.0 && dir.x > 0.0 && dir.y > 0.0);
}

// Page, "Notation": the reader refuses numbers that make no stroke of the right shape (off
// the base line, not forward, speed out of range: `ParseStrokeError::Invalid`); whether the
// striker fits among the pieces is checked when the stroke is played.
#[test]
fn notation_refuses_bad_shapes_but_not_a_striker_among_pieces() {
    assert_strokes_refused(
        &[
            "0.3,0.1174 0,1 5",
            "0,0.2 0,1 5",
            "0,0.1174 0,-1 5",
            "0,0.1174 0,1 9",
            "0,0.1174 0,1 0.01",
            "0,0.1174 0,3 5",
        ],
        |e| matches!(e, ParseStrokeError::Invalid(_)),
    );
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let at = Some(Vec2::new(0.0, south_line_y()));
    let state = position_with(&rules, &[], QueenState::OnBoard, &[(black(0), at)]);
    let s: Stroke = "0,0.1174 0,1 5".parse().unwrap();
    assert_eq!(
        game.check_stroke(&state, Seat::new(0), &s),
        Err(PlayError::Stroke(StrokeError::OverlapsPiece(black(0).id())))
    );
}

// ---------------------------------------------------------------------------------------
// "Numbers in range"
// ---------------------------------------------------------------------------------------

// Page, "Numbers in range" (issue 15): `max_points_per_board` 1-1000 (`MAX_POINTS`),
// `max_boards` 1-100 (`MAX_BOARDS`), `queen_bonus_cutoff` 0-1000; noise deviations zero or
// from 1e-9 (`MIN_NOISE_SD`) to 0.1 / 0.2 (`MAX_NOISE_SD`); the errors name option and value.
#[test]
fn numbers_in_range_at_both_ends_of_each_option() {
    assert_eq!((MAX_POINTS, MAX_BOARDS), (1000, 100));
    assert_eq!(MAX_NOISE_SD, (0.1, 0.2));
    assert_eq!(MIN_NOISE_SD, 1e-9);
    let ok = |r: Rules| r.validate().is_ok();
    let out = |r: Rules, name: &str, v: i64| matches!(r.validate(), Err(RulesError::OutOfRange { option, value, .. }) if option == name && value == v);
    let l = Rules::lattjo();
    assert!(ok(l.with_target_points(1)) && ok(l.with_target_points(1000)));
    assert!(out(l.with_target_points(1001), "target_points", 1001));
    assert!(ok(l.with_queen_points(0)) && ok(l.with_queen_points(1000)));
    assert!(out(l.with_queen_points(-1), "queen_points", -1));
    assert!(ok(l.with_queen_bonus_cutoff(0)) && ok(l.with_queen_bonus_cutoff(1000)));
    assert!(out(
        l.with_queen_bonus_cutoff(1001),
        "queen_bonus_cutoff",
        1001
    ));
    assert!(
        ok(l.with_max_points_per_board(Some(1))) && ok(l.with_max_points_per_board(Some(1000)))
    );
    assert!(out(
        l.with_max_points_per_board(Some(0)),
        "max_points_per_board",
        0
    ));
    assert!(out(
        l.with_max_points_per_board(Some(1001)),
        "max_points_per_board",
        1001
    ));
    assert!(ok(l.with_max_boards(1)) && ok(l.with_max_boards(100)));
    assert!(out(l.with_max_boards(0), "max_boards", 0));
    assert!(out(l.with_max_boards(101), "max_boards", 101));
    let noise = |d: f64, s: f64| {
        l.with_noise(Some(NoiseModel {
            direction_sd: d,
            speed_sd: s,
        }))
    };
    assert!(ok(noise(0.0, 0.0)) && ok(noise(1e-9, 1e-9)) && ok(noise(0.1, 0.2)));
    for (r, name, v) in [
        (noise(0.11, 0.05), "direction_sd", 0.11),
        (noise(0.02, 0.21), "speed_sd", 0.21),
        (noise(5e-10, 0.05), "direction_sd", 5e-10),
        (noise(-0.01, 0.05), "direction_sd", -0.01),
    ] {
        assert!(
            matches!(r.validate(), Err(RulesError::Noise { option, value, .. }) if option == name && value == v),
            "{name} {v}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// "Rules as implemented"
// ---------------------------------------------------------------------------------------

// Page, "Rules as implemented" step 1 (C4, A5): after the break, void strokes are retaken
// without limit (option `void_stroke_limit` off): the same player strikes again each time
// and nothing changes.
#[test]
fn void_strokes_after_the_break_are_retaken_without_limit() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let pieces = *s.pieces();
    for _ in 0..50 {
        let r = resolve(&rules, &mut s, &Outcome::void()).unwrap();
        assert!(r.void && r.turn_continues);
    }
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(*s.pieces(), pieces);
    assert_eq!(s.pocketed(Colour::White), 1);
}

// Page, "Rules as implemented" step 2 (C5, A5, ICF 18(b)): after three failures the break
// passes to the next seat, who breaks the same untouched formation, and again after three
// more; colours do not change. In pairs it goes round the table.
#[test]
fn failed_breaks_pass_round_the_table_with_the_same_formation_and_colours() {
    let rules = Rules::lattjo().with_players(4);
    let game = Carrom::new(rules).unwrap();
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let formation = *s.pieces();
    for next in [1u8, 2, 3, 0] {
        for _ in 0..3 {
            let r = game.resolve(&mut s, &Outcome::missed()).unwrap();
            assert!(r.failed_break && r.penalty == 0);
        }
        assert_eq!(s.to_move(), Seat::new(next));
        assert!(s.break_pending());
        assert_eq!(s.white_team(), 0);
        assert_eq!(*s.pieces(), formation);
    }
}

// Page, "Rules as implemented" step 3 (C14, A7): a jumped piece goes on the free point
// nearest the spot, on rings 1 mm apart starting directly behind the spot, on the side away
// from the player who strikes next. Here the turn continues (an own man dropped), so the
// striker (south) strikes next and "behind" is north of the spot.
#[test]
fn jumped_piece_goes_directly_behind_the_spot_away_from_the_next_striker() {
    let rules = Rules::lattjo();
    let mut s = queen_on_the_spot(&rules, &[]);
    let r = resolve(&rules, &mut s, &ev().pocket(white(0)).jump(black(2))).unwrap();
    assert!(r.turn_continues && r.jumped == 1);
    let p = s.piece(black(2)).unwrap();
    assert!(p.x.abs() < 1e-12 && p.y > 0.0, "north of the spot: {p:?}");
    // On the first 1 mm ring where it fits: 32 mm (two radii are 31.8 mm).
    assert!(close(p.y, 0.032, 1e-12), "{p:?}");
}

// Page, "Rules as implemented" step 6 (C11, A9): a debt is paid by the next man of that
// colour to drop, whoever pocketed it (A4), and that man still counts as "pocketing an own
// piece" for C6.
#[test]
fn a_debt_is_paid_by_a_man_the_opponent_pockets_too() {
    let rules = Rules::lattjo();
    // White owes one; black (seat 1) pockets a white man: the debt is paid, the man comes back.
    let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 1);
    let r = resolve(&rules, &mut s, &ev().pocket(white(0))).unwrap();
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(r.returned, [1, 0]);
    assert!(
        !r.turn_continues,
        "C13: an opponent's man ends black's turn"
    );
    // The striker himself places a man of the other side that came back (ICF 51(b)(ii)).
    assert_eq!(r.placed_by, Some(Seat::new(1)));
}

// Page, "Rules as implemented" step 7 (C7, C8, A12, A13): the queen pocketed after an own man
// waits and the turn continues; a covering stroke that pockets no own man sends it back and
// ends the turn; the queen is on the centre spot again.
#[test]
fn a_missed_cover_returns_the_queen_to_the_spot_and_ends_the_turn() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(Piece::QUEEN)).unwrap();
    assert!(r.turn_continues);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    let r = resolve(&rules, &mut s, &ev()).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.piece(Piece::QUEEN), Some(Vec2::default()));
}

// ---------------------------------------------------------------------------------------
// "Scoring"
// ---------------------------------------------------------------------------------------

// Page, "Scoring" (section 6 invariant 6, A18): every board credits at least 1 point under
// `CreditVictim`, also when both last men drop and `both_last_pieces: ByQueenState` gives the
// striker a board with no man of the loser left and the queen covered by the loser.
#[test]
fn every_board_credits_at_least_one_point_under_credit_victim() {
    let rules = Rules::lattjo().with_both_last_pieces(BothLastPieces::ByQueenState);
    let both_last = ev().pocket(white(8)).pocket(black(8));
    let (res, _) = board_end(
        resolve,
        &rules,
        &both(8, 8),
        QueenState::Covered(1),
        &both_last,
    );
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [1, 0]);
}

// Page, "Scoring" (A1, C16, C17): under `DeductFromOffender` the victim scores its C18 count
// (which may be 0) and the offender loses the penalty: its 3 points for C16, and for C17
// the 3 and one for each of the victim's men on the board, as C17 counts them.
#[test]
fn deduct_from_offender_takes_the_c16_and_c17_penalties_from_the_offender() {
    let rules = Rules::lattjo().with_penalty_points(PenaltyPoints::DeductFromOffender);
    for (pocketed, last, points) in [
        // C16: white (3 men on the board) pockets black's last man, the queen on the board.
        (both(6, 8), black(8), [-3, 3]),
        // C17: white pockets its last man before the queen; black has 5 men on the board.
        (both(8, 4), white(8), [-(3 + 5), 0]),
    ] {
        let (res, _) = board_end(
            resolve,
            &rules,
            &pocketed,
            QueenState::OnBoard,
            &ev().pocket(last),
        );
        assert_eq!((res.winner, res.points), (Some(1), points));
    }
}

// Page, "Scoring": option `penalty_points_respect_22_cap` gives 1 penalty point instead of 3
// to a victim on 22 (`queen_bonus_cutoff`) or more: also for C17 (3 + own men becomes
// 1 + own men), and not to a victim on 21.
#[test]
fn penalty_points_respect_22_cap_for_c17_and_not_below_22() {
    let rules = Rules::lattjo().with_penalty_points_respect_22_cap(true);
    for (before, expected) in [(21, 3 + 5), (22, 1 + 5)] {
        let mut su = setup(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
        su.totals_before = [0, before];
        let mut s = su.into_state(&rules).unwrap();
        let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
        let res = r.board_over.unwrap();
        assert_eq!(res.reason, BoardEnd::OwnLastBeforeQueen);
        assert_eq!(res.points, [0, expected], "victim on {before}");
    }
}

// ---------------------------------------------------------------------------------------
// "ICF options beyond the booklet"
// ---------------------------------------------------------------------------------------

// Page, "Board ends scored by the ICF laws", decisions: both last men by a called foul after
// the striker's own side had covered the queen score as ICF 83 counts that board, 1 (plus
// the extra point for the improper stroke); a proper stroke that leaves the same board wins
// it for the striker by the queen's 3 (ICF 25-27).
#[test]
fn icf_both_last_men_after_an_own_cover_foul_scores_1_proper_wins_by_3() {
    let rules = Rules::icf();
    let both_last = ev().pocket(white(8)).pocket(black(8));
    for (by, winner, points) in [
        (resolve_called_foul as Resolver, Some(1), [0, 1 + 1]),
        (resolve, Some(0), [3, 0]),
    ] {
        let (res, _) = board_end(by, &rules, &both(8, 8), QueenState::Covered(0), &both_last);
        assert_eq!((res.winner, res.points), (winner, points));
    }
}

// Page, "Board ends scored by the ICF laws", decisions: the opponent's last man while a
// queen is already covered counts the striker's men, plus 3 only when the victim covered it
// (ICF 26(b), 26(c)).
#[test]
fn icf_opponents_last_man_with_a_covered_queen_adds_3_only_for_the_victims_cover() {
    let rules = Rules::icf();
    for (queen, expected) in [(QueenState::Covered(0), 3), (QueenState::Covered(1), 3 + 3)] {
        // White has 3 men on the board and pockets black's last man.
        let (res, _) = board_end(resolve, &rules, &both(6, 8), queen, &ev().pocket(black(8)));
        assert_eq!(
            (res.winner, res.points),
            (Some(1), [0, expected]),
            "{queen:?}"
        );
    }
}

// Page, "Board ends scored by the ICF laws", decisions: ICF 81 applies with the queen on the
// board, also when it went back in that stroke (the queen dropped with the striker and the
// last own man): the board is lost by 3, + 1 for the striker.
#[test]
fn icf_81_applies_when_the_queen_went_back_in_the_same_stroke() {
    let rules = Rules::icf();
    let dropped = ev()
        .pocket(Piece::QUEEN)
        .pocket(white(8))
        .striker_pocketed();
    let (res, s) = board_end(resolve, &rules, &both(8, 4), QueenState::OnBoard, &dropped);
    assert_eq!(res.reason, BoardEnd::LastPieceWithStriker);
    assert_eq!((res.winner, res.points), (Some(1), [0, 3 + 1]));
    assert_eq!(s.queen(), QueenState::OnBoard);
}

// Page, "Board ends scored by the ICF laws", decisions: the queen's points (`queen_points`)
// count wherever a law credits the queen (25-27, 79, ...); the 3 of a board lost as a
// penalty (78, 80-82, 85) and ICF 83's 1 are fixed.
#[test]
fn icf_queen_points_option_counts_only_where_a_law_credits_the_queen() {
    let rules = Rules::icf().with_queen_points(5);
    for (law, pocketed, queen, outcome, points) in [
        // ICF 25-27: own last man, the queen covered by the striker: black's 5 men + 5.
        (
            "25-27",
            both(8, 4),
            QueenState::Covered(0),
            ev().pocket(white(8)),
            [5 + 5, 0],
        ),
        // ICF 79: the opponent's last man, the queen on the board: white's 3 men + 5.
        (
            "79",
            both(6, 8),
            QueenState::OnBoard,
            ev().pocket(black(8)),
            [0, 3 + 5],
        ),
        // ICF 80: the own last man, the queen on the board: 3, fixed.
        (
            "80",
            both(8, 4),
            QueenState::OnBoard,
            ev().pocket(white(8)),
            [0, 3],
        ),
        // ICF 83: 1 (+ 1 for the striker), fixed.
        (
            "83",
            both(8, 8),
            QueenState::Covered(0),
            ev().pocket(white(8)).pocket(black(8)).striker_pocketed(),
            [0, 1 + 1],
        ),
    ] {
        let (res, _) = board_end(resolve, &rules, &pocketed, queen, &outcome);
        assert_eq!(res.points, points, "ICF {law}");
    }
}

// Page, "Queen while owing" (ICF 68(b)): with `queen_while_owing_goes_back` alone, a queen
// pocketed while the side owes goes back whatever own men drop with it; the turn is lost
// only with `queen_too_early_loses_turn` (each option works alone).
#[test]
fn queen_while_owing_goes_back_alone_keeps_the_turn_per_c6() {
    let alone = Rules::lattjo().with_queen_while_owing_goes_back(true);
    for (rules, continues) in [
        (alone, true),
        (alone.with_queen_too_early_loses_turn(true), false),
    ] {
        // White owes one and pockets the queen with two own men: one pays the debt, one stays.
        let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
        let r = resolve(
            &rules,
            &mut s,
            &ev().pocket(Piece::QUEEN).pocket(white(0)).pocket(white(1)),
        )
        .unwrap();
        assert!(r.queen_returned);
        assert_eq!(s.queen(), QueenState::OnBoard);
        assert_eq!((s.debt(Colour::White), s.pocketed(Colour::White)), (0, 1));
        assert_eq!(r.turn_continues, continues);
    }
    // The booklet (option off) keeps A11: the man left in pocket covers the queen.
    let rules = Rules::lattjo();
    let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
    resolve(
        &rules,
        &mut s,
        &ev().pocket(Piece::QUEEN).pocket(white(0)).pocket(white(1)),
    )
    .unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
}

// Page, "Presets side by side": the queen with the striker while all nine own men are on the
// board: the booklet sends the queen back and the A10 row decides the turn (striker + own
// man: k + 1, the turn continues); the ICF preset loses the turn (ICF 68(d)).
#[test]
fn queen_with_striker_and_nine_men_on_the_board_booklet_turn_per_a10() {
    for (rules, continues) in [(Rules::lattjo(), true), (Rules::icf(), false)] {
        let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        let r = resolve(
            &rules,
            &mut s,
            &ev()
                .pocket(Piece::QUEEN)
                .pocket(white(0))
                .striker_pocketed(),
        )
        .unwrap();
        assert!(r.queen_returned);
        assert_eq!(r.penalty, 2);
        assert_eq!(s.debt(Colour::White), 1);
        assert_eq!(r.turn_continues, continues, "{:?}", rules.board_end_scoring);
    }
}

// Page, "Presets side by side": due men are placed as near the centre spot as they fit in
// the booklet (C10, A6), off the centre circle and inside the outer circle under ICF 62(b).
#[test]
fn due_men_on_the_spot_in_the_booklet_off_the_centre_circle_under_icf() {
    for (rules, on_spot) in [(Rules::lattjo(), true), (Rules::icf(), false)] {
        let queen_off = (Piece::QUEEN, None);
        let mut s = position_with(&rules, &whites(2), QueenState::Covered(1), &[queen_off]);
        let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
        assert_eq!(r.returned, [1, 0]);
        let back: Vec<Vec2> = [white(0), white(1)]
            .iter()
            .filter_map(|&p| s.piece(p))
            .collect();
        assert_eq!(back.len(), 1);
        let d = back[0].distance(Vec2::default());
        if on_spot {
            assert_eq!(back[0], Vec2::default());
        } else {
            assert!(d >= CENTRE_SPOT_RADIUS + PIECE_RADIUS - 1e-9);
            assert!(d + PIECE_RADIUS <= OUTER_CIRCLE_RADIUS);
        }
    }
}

// Page, "Referee calls" (ICF 35-37): a called foul stroke is simulated exactly (no noise
// node, even under noise rules), costs a man and ends the turn; calls are never listed by
// `legal_actions` nor drawn by `sample_action`.
#[test]
fn a_called_foul_stroke_has_no_noise_node_and_calls_are_never_listed() {
    let (game, mut s) = two_whites_in_pocket(Rules::icf().with_noise(Some(NoiseModel::default())));
    let mut out = Vec::new();
    game.legal_actions(&s, &mut out);
    assert!(!out.is_empty());
    assert!(!out.iter().any(|a| matches!(a, Action::Call(_))));
    let mut rng = GameRng::new(11, 0);
    let mut buf = Vec::new();
    for _ in 0..32 {
        let a = game.sample_action(&s, &mut rng, &mut buf).unwrap();
        assert!(!matches!(a, Action::Call(_)));
    }
    let stroke = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 0.05);
    game.apply(
        &mut s,
        &Action::Call(Call::FoulStroke(Seat::new(0), stroke)),
    )
    .unwrap();
    // No noise node: the stroke is resolved at once (ICF 60 then offers the due man to
    // the opponent, who places it).
    assert!(!matches!(s.phase(), Phase::Noise(..)), "no noise node");
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(1)));
    game.apply(
        &mut s,
        &Action::Dues(Seat::new(1), lattjo_carrom::DueChoice::Place),
    )
    .unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(s.strokes(), 1);
    assert_eq!(s.to_move(), Seat::new(1), "the turn ends");
    assert_eq!(s.pocketed(Colour::White), 1, "one penalty man");
}

// Page, "Referee calls": a stroke that never left the base line is still a foul (ICF 37(a)).
#[test]
fn a_called_stroke_that_never_left_the_base_line_is_still_a_foul() {
    let (game, mut s) = two_whites_in_pocket(Rules::icf());
    let r = game.resolve_called_foul(&mut s, &Outcome::void()).unwrap();
    assert!(!r.void);
    assert_eq!(r.penalty, 1);
    assert!(!r.turn_continues);
    assert_eq!(s.pocketed(Colour::White), 1);
}

// Page, "Referee calls": a called break stroke that touches a piece has made the break
// (ICF 17) and is an ordinary foul stroke (ICF 37): a man owed, the turn lost.
#[test]
fn a_called_break_stroke_that_touches_a_piece_makes_the_break_and_is_a_foul() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let r = game.resolve_called_foul(&mut s, &ev()).unwrap();
    assert!(!r.failed_break);
    assert!(!s.break_pending());
    assert_eq!(r.penalty, 1);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.to_move(), Seat::new(1));
}

// Page, "Referee calls": under the booklet's scoring a called foul never ends a board:
// whatever it pocketed comes back.
#[test]
fn under_booklet_scoring_a_called_foul_never_ends_a_board() {
    let rules = Rules::lattjo().with_referee_calls(true);
    let called = |pocketed: &[Piece], last: Piece| {
        struck(
            resolve_called_foul,
            &rules,
            pocketed,
            QueenState::OnBoard,
            &ev().pocket(last),
        )
    };
    // The opponent's last man.
    let (r, s) = called(&both(6, 8), black(8));
    assert!(r.board_over.is_none());
    assert_eq!(s.on_board(Colour::Black), 1);
    // The own last man before the queen.
    let (r, s) = called(&both(8, 4), white(8));
    assert!(r.board_over.is_none());
    assert!(s.on_board(Colour::White) >= 1);
    assert_eq!(s.phase(), Phase::Stroke);
}

// Page, "Referee calls": calls are refused with `PlayError::NoCalls` in the booklet.
#[test]
fn calls_are_refused_with_no_calls_in_the_booklet() {
    let game = Carrom::default();
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let before = s.clone();
    for call in [
        Call::TechnicalFoul(Seat::new(0)),
        Call::FoulStroke(
            Seat::new(0),
            Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0),
        ),
    ] {
        assert_eq!(game.check_call(&s, &call), Err(PlayError::NoCalls));
        assert!(!game.is_legal(&s, &Action::Call(call)));
        assert_eq!(
            game.apply(&mut s, &Action::Call(call)),
            Err(PlayError::NoCalls)
        );
    }
    assert_eq!(s, before);
}

// Page, "Referee calls": a technical foul after the seat has struck in this turn ends the
// turn, and a waiting queen goes back (A12).
#[test]
fn a_technical_foul_after_a_stroke_ends_the_turn_and_returns_a_waiting_queen() {
    // White has two men in pocket and pockets the queen alone: it waits (A12).
    let (game, mut s2) = two_whites_in_pocket(Rules::icf());
    game.resolve(&mut s2, &ev().pocket(Piece::QUEEN)).unwrap();
    assert_eq!(s2.queen(), QueenState::Waiting(0));
    assert!(s2.turn_started());
    game.apply(&mut s2, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!(s2.to_move(), Seat::new(1));
    assert_eq!(s2.queen(), QueenState::OnBoard);
    assert!(s2.piece(Piece::QUEEN).is_some());
    assert_eq!(s2.pocketed(Colour::White), 1, "one penalty man");
}

// ---------------------------------------------------------------------------------------
// "Learning encodings"
// ---------------------------------------------------------------------------------------

// Page, "Learning encodings": the stroke's parameter bounds: place.x +-0.2191, place.y
// 0.1127 to 0.1222 (with 1 nm slack), direction.x -2 to 2, direction.y 0 to 2, speed 0.05
// to 8; the observation has 222 values in singles and 232 in pairs; the phase one-hot sits
// at 192 (toss, stroke, noise, dues, over) and the break-pending flag at 198.
#[test]
fn learning_bounds_lengths_and_offsets_are_the_tables() {
    let b = STROKE_PARAMETER_BOUNDS;
    assert_eq!(b[0], (-MAX_STRIKER_OFFSET, MAX_STRIKER_OFFSET));
    assert!(close(b[1].0, 0.11265, 2e-9) && close(b[1].1, 0.12215, 2e-9));
    assert!(b[1].0 < BASE_LINE_INSET - BASE_LINE_TOLERANCE);
    assert_eq!(b[2], (-2.0, 2.0));
    assert_eq!(b[3], (0.0, 2.0));
    assert_eq!(b[4], (0.05, 8.0));
    let game = Carrom::default();
    assert_eq!(game.observation_shape().size(), 222);
    let pairs = Carrom::new(Rules::lattjo().with_players(4)).unwrap();
    assert_eq!(pairs.observation_shape().size(), 232);
    assert_eq!(game.num_distinct_actions(), 3);
    let mut obs = vec![0.0f32; 222];
    game.observe(&game.new_initial_state(), Seat::new(0), &mut obs)
        .unwrap();
    assert_eq!(&obs[192..197], &[1.0, 0.0, 0.0, 0.0, 0.0], "phase: toss");
    let s = game.initial_state(Seat::new(0)).unwrap();
    game.observe(&s, Seat::new(0), &mut obs).unwrap();
    assert_eq!(&obs[192..197], &[0.0, 1.0, 0.0, 0.0, 0.0], "phase: stroke");
    assert_eq!(obs[197], 1.0, "seat 0's team plays white");
    assert_eq!(obs[198], 1.0, "the break is pending");
    game.observe(&s, Seat::new(1), &mut obs).unwrap();
    assert_eq!(obs[197], 0.0, "seat 1's team plays black");
}

// ---------------------------------------------------------------------------------------
// "Agents"
// ---------------------------------------------------------------------------------------

// Page, "Agents" (issue 18): from the formation the planner picks 5.5 m/s, 6 cm off the
// middle, beside the queen.
#[test]
fn the_planner_breaks_at_5_5_m_s_6_cm_off_the_middle_beside_the_queen() {
    let game = Carrom::default();
    let s = game.initial_state(Seat::new(0)).unwrap();
    let Some(Action::Strike(seat, stroke)) = Planner::default().choose(&game, &s) else {
        panic!("the planner breaks");
    };
    assert_eq!(seat, Seat::new(0));
    assert_eq!(stroke.speed, 5.5);
    assert!(close(stroke.offset().abs(), 0.06, 1e-12), "{stroke}");
    // Not aimed at the queen's centre: beside it, by about half a coin's width.
    let (place, dir) = game.stroke_on_board(Seat::new(0), &stroke);
    let len = (dir.x * dir.x + dir.y * dir.y).sqrt();
    let miss = (place.x * dir.y - place.y * dir.x).abs() / len;
    assert!(miss > 0.003 && miss < 0.03, "passes {miss} m from the spot");
}

// Page, "Agents": `legal_actions` lists (at the break) strokes at the queen from five places
// at 4, 6 and 8 m/s, plus a grid of 5 places x 5 directions x 2 speeds.
#[test]
fn legal_actions_at_the_break_are_at_the_queen_from_five_places_plus_the_grid() {
    let game = Carrom::default();
    let s = game.initial_state(Seat::new(0)).unwrap();
    let mut out = Vec::new();
    game.legal_actions(&s, &mut out);
    let strokes: Vec<Stroke> = out
        .iter()
        .map(|a| match a {
            Action::Strike(_, st) => *st,
            other => panic!("{other:?}"),
        })
        .collect();
    let at_queen = |st: &Stroke| {
        let (p, d) = game.stroke_on_board(Seat::new(0), st);
        (p.x * d.y - p.y * d.x).abs() < 1e-9
    };
    let mut places: Vec<f64> = strokes
        .iter()
        .filter(|st| at_queen(st) && st.speed == 8.0)
        .map(Stroke::offset)
        .collect();
    places.sort_by(f64::total_cmp);
    places.dedup();
    assert_eq!(places.len(), 5, "five places");
    for &x in &places {
        for v in [4.0, 6.0, 8.0] {
            assert!(
                strokes
                    .iter()
                    .any(|st| at_queen(st) && st.offset() == x && st.speed == v),
                "at the queen from {x} at {v} m/s"
            );
        }
    }
    assert_eq!(strokes.len(), 5 * 3 + 5 * 5 * 2);
}

// Page, "Agents": `sample_action` draws from the whole stroke space: offset on the base line,
// direction forward, speed in 0.05-8 m/s; every draw is legal.
#[test]
fn sample_action_draws_legal_strokes_from_the_whole_space() {
    let game = Carrom::default();
    let s = position(&Rules::lattjo(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let mut rng = GameRng::new(5, 0);
    let mut buf = Vec::new();
    let mut speeds = Vec::new();
    for _ in 0..32 {
        let a = game.sample_action(&s, &mut rng, &mut buf).unwrap();
        let Action::Strike(seat, st) = a else {
            panic!("{a:?}")
        };
        assert_eq!(seat, Seat::new(0));
        assert!(game.is_legal(&s, &a));
        assert!(st.offset().abs() <= MAX_STRIKER_OFFSET);
        assert!((MIN_SPEED..=MAX_SPEED).contains(&st.speed));
        speeds.push(st.speed);
    }
    // Spread over the range, not one speed.
    let lo = speeds.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = speeds.iter().copied().fold(0.0, f64::max);
    assert!(lo < 3.0 && hi > 5.0, "{lo}..{hi}");
}

// ---------------------------------------------------------------------------------------
// "Numbers in range": setups
// ---------------------------------------------------------------------------------------

// Page, "Numbers in range": a `Setup`'s scores before the board are below the target and
// (when only winners score) not negative; under `DeductFromOffender` a negative score is a
// position the rules can reach.
#[test]
fn setup_scores_below_the_target_and_negative_only_when_deducted() {
    let rules = Rules::lattjo();
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.totals_before = [24, 0];
    assert!(su.clone().into_state(&rules).is_ok());
    su.totals_before = [25, 0];
    assert_eq!(
        su.clone().into_state(&rules),
        Err(SetupError::Totals { team: 0, value: 25 })
    );
    su.totals_before = [0, -1];
    assert_eq!(
        su.clone().into_state(&rules),
        Err(SetupError::Totals { team: 1, value: -1 })
    );
    let deduct = rules.with_penalty_points(PenaltyPoints::DeductFromOffender);
    let mut su = setup(&deduct, &[], QueenState::OnBoard, [0, 0], 0);
    su.totals_before = [0, -7];
    assert!(su.into_state(&deduct).is_ok());
    let _ = Setup::opening(&rules, Seat::new(0));
}

// Page, "Dues off the centre circle" (ICF 62(b), A6): due men go on the nearest free ring
// just outside the centre circle, searched from directly behind the spot as in C14 (away
// from the player who strikes next).
#[test]
fn icf_dues_go_directly_behind_the_spot_just_outside_the_centre_circle() {
    let rules = Rules::icf();
    // White (south) pockets the striker alone: a man comes back, black (north) is next, so
    // "behind" is south of the spot; the queen on the spot does not hide that ring.
    let mut s = queen_on_the_spot(&rules, &whites(2));
    let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!((r.returned, r.next), ([1, 0], Seat::new(1)));
    let back = [white(0), white(1)]
        .iter()
        .find_map(|&p| s.piece(p))
        .unwrap();
    let ring = ((CENTRE_SPOT_RADIUS + PIECE_RADIUS) * 1000.0).ceil() / 1000.0;
    assert!(
        back.x.abs() < 1e-12 && close(back.y, -ring, 1e-12),
        "{back:?}"
    );
}

// Page, "Presets side by side", "queen too early (no own man, or owing)": the booklet sends
// the queen back and decides the turn by C6 (an own man that paid the debt keeps it), the
// ICF preset loses the turn (ICF 68).
#[test]
fn a_queen_pocketed_while_owing_with_no_man_left_goes_back_turn_per_c6_or_lost() {
    for (rules, continues) in [(Rules::lattjo(), true), (Rules::icf(), false)] {
        let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
        let r = resolve(&rules, &mut s, &ev().pocket(Piece::QUEEN).pocket(white(0))).unwrap();
        assert!(r.queen_returned);
        assert_eq!(s.queen(), QueenState::OnBoard);
        assert_eq!(s.debt(Colour::White), 0);
        assert_eq!(r.turn_continues, continues, "{:?}", rules.board_end_scoring);
    }
}

// Page, "Presets side by side", "most points per board": no cap in the booklet, where at
// most 15 arise (C16: the offender's nine men, the queen's 3 and the 3 penalty points).
#[test]
fn the_booklet_has_no_cap_and_c16_reaches_15() {
    let rules = Rules::lattjo();
    assert_eq!(rules.max_points_per_board, None);
    assert_eq!(Rules::icf().max_points_per_board, Some(12));
    let (res, _) = board_end(
        resolve,
        &rules,
        &blacks(8),
        QueenState::Covered(1),
        &ev().pocket(black(8)),
    );
    assert_eq!(res.points, [0, 9 + 3 + 3]);
}

// Page, "The API in one paragraph": `svg::render` draws a state or a `StrokeTrace` with the
// pieces' colours.
#[test]
fn svg_render_draws_a_state_and_a_trace_with_the_pieces_colours() {
    use lattjo_carrom::svg;
    let game = Carrom::default();
    let s = game.initial_state(Seat::new(0)).unwrap();
    let picture = svg::render(&s, &svg::Options::default());
    assert!(picture.starts_with("<svg") || picture.contains("<svg"));
    for fill in [svg::QUEEN, svg::WHITE, svg::BLACK] {
        assert!(picture.contains(fill), "{fill}");
    }
    let trace = game
        .trace(&s, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))
        .unwrap();
    let picture = svg::render(&trace, &svg::Options::default());
    for fill in [svg::QUEEN, svg::WHITE, svg::BLACK, svg::STRIKER] {
        assert!(picture.contains(fill), "{fill}");
    }
}

// Page, "Numbers in range" (serde): a `State` deserializes back exactly through the checks
// of `Setup::into_state` plus those of the result: a result only on a board that is over,
// and none on one that goes on.
#[cfg(feature = "serde")]
#[test]
fn serde_a_result_goes_only_with_a_finished_board() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let live = serde_json::to_value(&s).unwrap();
    resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert!(s.result().is_some());
    let over = serde_json::to_value(&s).unwrap();
    let back: lattjo_carrom::State = serde_json::from_value(over.clone()).unwrap();
    assert_eq!(back, s);
    // A result grafted onto a board in play, or taken off a finished one, is refused.
    let mut bad = live.clone();
    bad["result"] = over["result"].clone();
    bad["phase"] = over["phase"].clone();
    assert!(serde_json::from_value::<lattjo_carrom::State>(bad).is_err());
    let mut bad = over.clone();
    bad["result"] = serde_json::Value::Null;
    assert!(serde_json::from_value::<lattjo_carrom::State>(bad).is_err());
}

// Page, "Numbers in range" (serde): the result of a deserialized state is checked (a board
// ends when a colour has no man left, a blocked board aside). Under
// `last_piece_with_striker_loses` with the booklet's count (ICF 81 as an option) the board
// ends before the penalty brings the loser's men back, so men of both colours lie on the
// finished board; such a state reads back.
#[cfg(feature = "serde")]
#[test]
fn serde_a_board_lost_by_the_last_man_with_the_striker_reads_back_with_men_returned() {
    let rules = Rules::lattjo().with_last_piece_with_striker_loses(true);
    let last_with_striker = ev().pocket(white(8)).striker_pocketed();
    let (res, s) = board_end(
        resolve,
        &rules,
        &both(8, 4),
        QueenState::OnBoard,
        &last_with_striker,
    );
    assert_eq!(res.reason, BoardEnd::LastPieceWithStriker);
    assert!(s.on_board(Colour::White) > 0 && s.on_board(Colour::Black) > 0);
    let json = serde_json::to_string(&s).unwrap();
    let back: lattjo_carrom::State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
}

// Page, "Agents": at an ICF 60 due choice the planner places (the penalty stands) and
// `sample_action` picks either choice with probability 1/2.
#[test]
fn at_a_due_choice_the_planner_places_and_the_sampler_draws_both() {
    let (game, mut s) = two_whites_in_pocket(Rules::icf());
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    let Phase::Dues { placer, .. } = s.phase() else {
        panic!("a due choice: {:?}", s.phase());
    };
    assert_eq!(placer, Seat::new(1));
    assert_eq!(
        Planner::default().choose(&game, &s),
        Some(Action::Dues(placer, lattjo_carrom::DueChoice::Place))
    );
    let mut rng = GameRng::new(9, 0);
    let mut buf = Vec::new();
    let places = (0..32)
        .filter(|_| {
            game.sample_action(&s, &mut rng, &mut buf)
                == Some(Action::Dues(placer, lattjo_carrom::DueChoice::Place))
        })
        .count();
    assert!((6..=26).contains(&places), "{places} of 32 placed");
}

// Page, "Rules as implemented" step 3 (C14, A7): when the point directly behind the spot is
// taken, the search goes round the same 1 mm ring in 5 degree steps both ways before the
// next ring.
#[test]
fn jumped_piece_search_goes_round_the_ring_in_5_degree_steps() {
    let rules = Rules::lattjo();
    let d = 2.0 * PIECE_RADIUS;
    let queen_on_spot = (Piece::QUEEN, Some(Vec2::default()));
    // A black man touching the queen directly south of it (behind the spot for north).
    let south_man = (black(0), Some(Vec2::new(0.0, -d)));
    let mut s = position_with(
        &rules,
        &[],
        QueenState::OnBoard,
        &[queen_on_spot, south_man],
    );
    // White misses and a black man jumps: black (north) strikes next, behind is south.
    let r = resolve(&rules, &mut s, &ev().jump(black(5))).unwrap();
    assert_eq!(r.next, Seat::new(1));
    let p = s.piece(black(5)).unwrap();
    let r_mm = p.distance(Vec2::default()) * 1000.0;
    assert!(close(r_mm, 32.0, 1e-9), "on the 32 mm ring: {p:?}");
    // The first step round the ring that clears the south man: 60 degrees off south.
    let off_south = p.x.abs().atan2(-p.y).to_degrees();
    assert!(close(off_south, 60.0, 1e-6), "{off_south} degrees");
    assert!(p.distance(Vec2::new(0.0, -d)) >= d - 1e-9);
}

// Page, "Numbers in range" (A9, library decision): a debt never grows past the nine men a
// side has, and `Resolution::debt_capped` says when a penalty would have taken it past nine:
// also from a debt of eight, when a called foul with the striker charges two men at once.
#[test]
fn debt_capped_says_a_penalty_would_have_taken_the_debt_past_nine() {
    let rules = Rules::icf();
    let mut s = position(&rules, &[], QueenState::OnBoard, [8, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(r.penalty, 2);
    assert!(r.debt_capped);
    assert_eq!(s.debt(Colour::White), 9);
    // From seven the same call owes nine exactly: not capped.
    let mut s = position(&rules, &[], QueenState::OnBoard, [7, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert!(!r.debt_capped);
    assert_eq!(s.debt(Colour::White), 9);
}

// Page, "Board ends scored by the ICF laws" (ICF 46, 74(a)): with a waiting queen (as with a
// covered one) the last own man with the striker comes back with the due and the board goes
// on; the queen still waits for its cover and the turn continues (A13, A2).
#[test]
fn icf_last_man_with_the_striker_while_the_queen_waits_comes_back_and_the_board_goes_on() {
    let last_with_striker = ev().pocket(white(8)).striker_pocketed();
    let (r, s) = struck(
        resolve,
        &Rules::icf(),
        &both(8, 4),
        QueenState::Waiting(0),
        &last_with_striker,
    );
    assert!(r.board_over.is_none());
    assert_eq!(r.penalty, 2);
    assert_eq!(s.on_board(Colour::White), 2, "the last man and the due");
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
}

// Page, "Formation" and "Seats" (A19) with step 3 (C14): in pairs the formation faces the
// breaker wherever he sits (seat 1 east: the queen's first-ring white pointing west is the
// stem), and a jumped man goes behind the spot away from the seat that strikes next
// (seat 0 misses, seat 1 east strikes next: behind is west).
#[test]
fn pairs_formation_faces_an_east_breaker_and_jumped_men_go_away_from_the_next_seat() {
    let rules = Rules::lattjo().with_players(4);
    let game = Carrom::new(rules).unwrap();
    let s = game.initial_state(Seat::new(1)).unwrap();
    let d = 2.0 * PIECE_RADIUS;
    let stem = (1..=9u8)
        .filter_map(|id| s.piece(Piece::new(id).unwrap()))
        .filter(|p| close(p.distance(Vec2::default()), d, 1e-6))
        .filter(|p| p.x < 0.0 && p.y.abs() < 1e-9)
        .count();
    assert_eq!(stem, 1, "a first-ring white due west of the queen");
    let mut s = queen_on_the_spot(&rules, &[]);
    let r = resolve(&rules, &mut s, &ev().jump(black(3))).unwrap();
    assert_eq!(r.next, Seat::new(1));
    let p = s.piece(black(3)).unwrap();
    assert!(p.x < 0.0 && p.y.abs() < 1e-12, "west of the spot: {p:?}");
}
