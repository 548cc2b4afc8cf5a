//! The LNF referee calls of the rules file's section 5 ("Longer penalty list" and "Extra
//! losses of turn") on constructed situations: the penalty goes through the same N9/N10
//! machinery as a stroke's fouls, the turn passes or not as the rules say, refused calls
//! leave the position unchanged; and a property over seeded games mixing strokes and calls
//! (section 6, invariants 1 and 9).
//!
//! Singles layout (B1): seat 0 strikes from the south, his discs 0-7 stand along the north
//! cushion (y = 0.474); seat 1's discs 8-15 along the south cushion (y = -0.474).

use boardgame_core::{Game, GameRng, Seat, Turn};
use lattjo_disc_billiards::{
    Action, Call, CallError, Conduct, DiscId, NoiseModel, Novuss, Penalty, PlayError, Rules, Setup,
    Side, State, Status, Stroke, Vec2,
};
use proptest::prelude::*;

/// The calls on the player to strike that cost a penalty disc and the turn (§5).
const STRIKER_PENALTIES: [Conduct; 5] = [
    Conduct::RefusedToStrike,
    Conduct::DoubleStroke,
    Conduct::TouchedDisc,
    Conduct::Delay,
    Conduct::PuckBroke,
];

fn game(rules: Rules) -> Novuss {
    Novuss::new(rules).expect("valid rules")
}

fn edit(g: &Novuss, f: impl FnOnce(&mut Setup)) -> State {
    let mut s = g.new_state().to_setup();
    f(&mut s);
    g.from_setup(s.clone()).expect("valid constructed position")
}

fn at(pos: &State, i: u8) -> Option<Vec2> {
    pos.discs()[usize::from(i)].at
}

fn close(p: Option<Vec2>, x: f64, y: f64) -> bool {
    p.is_some_and(|p| (p.x - x).abs() < 1e-9 && (p.y - y).abs() < 1e-9)
}

fn call(seat: u8, conduct: Conduct) -> Call {
    Call::Conduct(Seat::new(seat), conduct)
}

/// §5 longer penalty list with N9: seat 0 has discs 3 and 4 in the pockets; each striker
/// call puts disc 3 on the centre line against the north cushion (opposite him) and the
/// turn passes (N7(d) for a penalty).
#[test]
fn s5_striker_penalties_place_a_pocketed_disc_n9_and_pass_the_turn() {
    let g = game(Rules::lnf());
    for conduct in STRIKER_PENALTIES {
        let mut pos = edit(&g, |s| {
            s.discs[3].at = None;
            s.discs[4].at = None;
        });
        let r = g.call(&mut pos, &call(0, conduct)).unwrap();
        assert_eq!(r.penalty, Penalty::Placed(DiscId(3)), "{conduct}");
        assert!(
            close(at(&pos, 3), 0.0, 0.474),
            "{conduct}: {:?}",
            at(&pos, 3)
        );
        assert!(r.turn_passed, "{conduct}");
        assert_eq!(pos.to_move(), Seat::new(1), "{conduct}");
        assert_eq!(pos.pocketed(Side::A), 1, "{conduct}");
        assert_eq!(pos.debt(Side::A), 0, "{conduct}");
        assert_eq!(pos.strokes(), 0, "no stroke is counted");
        assert!(pos.last_resolution().is_none());
        assert!(!pos.opening(), "the opening series ends with the turn");
    }
}

/// §5 with N10: nothing of the offender's side is pocketed, so the penalty is a debt.
#[test]
fn s5_n10_striker_penalty_with_nothing_pocketed_is_a_debt() {
    let g = game(Rules::lnf());
    for conduct in STRIKER_PENALTIES {
        let mut pos = g.new_state();
        let r = g.call(&mut pos, &call(0, conduct)).unwrap();
        assert_eq!(r.penalty, Penalty::Debt, "{conduct}");
        assert_eq!(pos.debt(Side::A), 1, "{conduct}");
        assert_eq!(pos.on_table(Side::A), 8);
        assert_eq!(r.debt_paid, 0);
        assert!(!r.debt_capped);
        assert_eq!(pos.to_move(), Seat::new(1));
    }
    // A side never owes more discs than it has: at 8 owed the debt stays at 8.
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 8);
    let r = g.call(&mut pos, &call(0, Conduct::Delay)).unwrap();
    assert_eq!(r.penalty, Penalty::Debt);
    assert!(r.debt_capped);
    assert_eq!(pos.debt(Side::A), 8);
    assert!(g.from_setup(pos.to_setup()).is_ok());
}

/// §5 with B16: the call ends the striker's turn, so his older debt is paid from the
/// pockets after the penalty disc.
#[test]
fn s5_b16_a_call_that_ends_the_turn_settles_the_strikers_debt() {
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| {
        s.discs[3].at = None;
        s.discs[4].at = None;
        s.debt[Seat::new(0)] = 1;
    });
    let r = g.call(&mut pos, &call(0, Conduct::Delay)).unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)));
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert!(at(&pos, 4).is_some_and(|p| (p.y - 0.474).abs() < 1e-9));
}

/// §5 "moving discs during the opponent's turn: the penalty is immediate and the disc is
/// restored": seat 1 moved a disc while seat 0 is to strike. The penalty disc (his disc 11)
/// goes against the south cushion, opposite him (N9); seat 0 keeps the turn.
#[test]
fn s5_moving_discs_in_the_opponents_turn_is_charged_at_once_and_the_striker_keeps_the_turn() {
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| {
        s.discs[11].at = None;
        s.discs[12].at = None;
    });
    let r = g
        .call(&mut pos, &call(1, Conduct::MovedDiscInOpponentsTurn))
        .unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(11)));
    assert!(close(at(&pos, 11), 0.0, -0.474), "{:?}", at(&pos, 11));
    assert!(!r.turn_passed);
    assert_eq!(pos.to_move(), Seat::new(0));
    assert!(pos.opening(), "seat 0's opening series goes on");
    // Nothing of his pocketed: a debt (N10), which waits for the end of his own turn (B16).
    let mut pos = g.new_state();
    let r = g
        .call(&mut pos, &call(1, Conduct::MovedDiscInOpponentsTurn))
        .unwrap();
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::B), 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(r.debt_paid, 0);
    assert_eq!(pos.to_move(), Seat::new(0));
}

/// §5 extra losses of turn: crossing the border of one's zone passes the turn without a
/// penalty disc (and the turn's end settles a debt, B16).
#[test]
fn s5_leaving_the_zone_loses_the_turn_without_penalty() {
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| {
        s.discs[3].at = None;
        s.debt[Seat::new(0)] = 1;
    });
    let r = g.call(&mut pos, &call(0, Conduct::LeftZone)).unwrap();
    assert_eq!(r.penalty, Penalty::None);
    assert!(r.turn_passed);
    assert_eq!(r.debt_paid, 1, "the old debt is paid with disc 3");
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
    let mut pos = g.new_state();
    g.call(&mut pos, &call(0, Conduct::LeftZone)).unwrap();
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
}

/// The booklet has none of the §5 calls: every one is refused and the position unchanged;
/// the two options are orthogonal.
#[test]
fn s5_calls_are_refused_when_their_option_is_off() {
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    for conduct in Conduct::ALL {
        let seat = u8::from(!conduct.by_striker());
        let mut p = pos.clone();
        assert_eq!(
            g.call(&mut p, &call(seat, conduct)),
            Err(PlayError::Call(CallError::Disabled(conduct)))
        );
        assert_eq!(p, pos);
    }
    let mut rules = Rules::lattjo();
    rules.zone_exit_turn_loss = true;
    let g = game(rules);
    let mut p = g.new_state();
    assert_eq!(
        g.call(&mut p, &call(0, Conduct::Delay)),
        Err(PlayError::Call(CallError::Disabled(Conduct::Delay)))
    );
    assert!(g.call(&mut p, &call(0, Conduct::LeftZone)).is_ok());
    let mut rules = Rules::lnf();
    rules.zone_exit_turn_loss = false;
    let g = game(rules);
    let mut p = g.new_state();
    assert_eq!(
        g.call(&mut p, &call(0, Conduct::LeftZone)),
        Err(PlayError::Call(CallError::Disabled(Conduct::LeftZone)))
    );
    assert!(g.call(&mut p, &call(0, Conduct::Delay)).is_ok());
}

/// Calls that are not possible now: the wrong offender, a seat outside the game, a game
/// over, a stroke awaiting its noise. Typed errors, position unchanged.
#[test]
fn s5_impossible_calls_are_refused_and_the_position_is_unchanged() {
    let g = game(Rules::lnf());
    let pos = g.new_state();
    let refuse = |pos: &State, c: Call| {
        let mut p = pos.clone();
        let e = g.call(&mut p, &c).unwrap_err();
        assert_eq!(&p, pos, "{c:?}");
        assert!(!g.is_legal(pos, &Action::Call(c)));
        match e {
            PlayError::Call(e) => e,
            e => panic!("{e}"),
        }
    };
    assert!(matches!(
        refuse(&pos, call(1, Conduct::DoubleStroke)),
        CallError::WrongOffender { .. }
    ));
    assert!(matches!(
        refuse(&pos, call(0, Conduct::MovedDiscInOpponentsTurn)),
        CallError::WrongOffender { .. }
    ));
    assert_eq!(refuse(&pos, call(2, Conduct::Delay)), CallError::Seat(2));
    let won = edit(&g, |s| {
        for d in s.discs.iter_mut().filter(|d| d.side == Side::A) {
            d.at = None;
        }
        s.status = Status::Won(Side::A);
    });
    assert_eq!(refuse(&won, call(0, Conduct::Delay)), CallError::GameOver);
    // Pairs: the striker's partner cannot be called for moving discs in "his opponent's"
    // turn; a player of the other side can.
    let g4 = game(Rules::lnf().with_players(4));
    let p4 = g4.new_state();
    let mut p = p4.clone();
    assert!(matches!(
        g4.call(&mut p, &call(2, Conduct::MovedDiscInOpponentsTurn)),
        Err(PlayError::Call(CallError::WrongOffender { .. }))
    ));
    assert_eq!(p, p4);
    assert!(
        g4.call(&mut p, &call(3, Conduct::MovedDiscInOpponentsTurn))
            .is_ok()
    );
    // A stroke awaiting its execution noise.
    let mut rules = Rules::lnf();
    rules.noise = Some(NoiseModel {
        direction_sd: 0.01,
        speed_sd: 0.01,
    });
    let gn = game(rules);
    let mut pn = gn.new_state();
    let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
    gn.apply(&mut pn, &Action::Strike(Seat::new(0), stroke))
        .unwrap();
    assert_eq!(pn.status(), Status::AwaitingNoise);
    let before = pn.clone();
    assert!(matches!(
        gn.apply(&mut pn, &Action::Call(call(0, Conduct::Delay))),
        Err(PlayError::Call(CallError::AwaitingNoise))
    ));
    assert_eq!(pn, before);
}

/// §5 doubles: "a penalty is charged to the player holding the stroke" and "penalty discs
/// go on the side opposite the offender". Seat 1 plays from the west; his row stands along
/// the east cushion, where his penalty disc goes.
#[test]
fn s5_pairs_penalty_goes_opposite_the_offender() {
    let mut rules = Rules::lnf();
    rules.players = 4;
    let g = game(rules);
    // Seat 1's discs are 8-15; 11 and 12 straddle the centre line.
    let mut pos = edit(&g, |s| {
        s.discs[11].at = None;
        s.discs[12].at = None;
        s.to_move = Seat::new(1);
    });
    let r = g
        .call(&mut pos, &call(1, Conduct::RefusedToStrike))
        .unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(11)));
    assert!(close(at(&pos, 11), 0.474, 0.0), "{:?}", at(&pos, 11));
    assert_eq!(pos.to_move(), Seat::new(2), "clockwise (N16)");
}

/// §5 opening-series equaliser: a call ending the answering side's turn ends its answering
/// series, so the side that cleared wins; a penalty disc for the waiting side (moving discs
/// in the other's turn) brings its disc back and the equaliser no longer applies.
#[test]
fn s5_calls_during_the_lnf_answering_series() {
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    let answering = edit(&g, |s| {
        for d in s.discs.iter_mut().filter(|d| d.side == Side::A) {
            d.at = None;
        }
        s.opening = false;
        s.answering = Some(Side::A);
        s.to_move = Seat::new(1);
    });
    let mut pos = answering.clone();
    let r = g.call(&mut pos, &call(1, Conduct::Delay)).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(pos.status(), Status::Won(Side::A));
    let mut pos = answering.clone();
    let r = g
        .call(&mut pos, &call(0, Conduct::MovedDiscInOpponentsTurn))
        .unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
    assert_eq!(pos.answering(), None);
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(pos.to_move(), Seat::new(1));
}

/// Calls are a referee's decision, not a player's move: `legal_actions` never lists them,
/// but `is_legal` and `apply` accept them through the `Game` trait.
#[test]
fn calls_through_the_game_trait_are_accepted_but_never_generated() {
    let g = game(Rules::lnf());
    let mut pos = g.new_state();
    let mut buf = Vec::new();
    g.legal_actions(&pos, &mut buf);
    assert!(!buf.is_empty());
    assert!(buf.iter().all(|a| !matches!(a, Action::Call(_))));
    let a = Action::Call(call(0, Conduct::PuckBroke));
    assert!(g.is_legal(&pos, &a));
    g.apply(&mut pos, &a).unwrap();
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(g.turn(&pos), Turn::Player(Seat::new(1)));
}

fn pocket_and_debt(pos: &State, side: Side) -> (usize, u8) {
    (pos.pocketed(side), pos.debt(side))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Section 6, invariants 1 and 9 across calls: every disc is on the table or pocketed;
    /// a call changes the offender's side by exactly one penalty (a disc out of the pocket
    /// or one more debt), the striker's by the debt paid, and nothing else.
    #[test]
    fn s6_invariants_hold_across_strokes_and_calls(seed in any::<u64>(), pairs in any::<bool>()) {
        let mut rules = Rules::lnf();
        rules.stroke_limit = Some(30);
        if pairs {
            rules.players = 4;
        }
        let g = game(rules);
        let n = rules.players;
        let per_side = usize::from(rules.discs_per_side());
        let mut rng = GameRng::new(seed, 0);
        let mut pos = g.new_state();
        let mut buf = Vec::new();
        for _ in 0..60 {
            if g.turn(&pos) == Turn::Terminal {
                break;
            }
            if rng.below(3) == 0 {
                let conduct = Conduct::ALL[rng.index(Conduct::ALL.len())];
                let offender = Seat::new(rng.index(n) as u8);
                let c = Call::Conduct(offender, conduct);
                let before = pos.clone();
                let legal = g.is_legal(&pos, &Action::Call(c));
                match g.call(&mut pos, &c) {
                    Err(_) => {
                        prop_assert!(!legal);
                        prop_assert_eq!(&pos, &before);
                    }
                    Ok(r) => {
                        prop_assert!(legal);
                        let off = Side::of_seat(offender);
                        let me = Side::of_seat(before.to_move());
                        let (p0, d0) = pocket_and_debt(&before, off);
                        let (p1, d1) = pocket_and_debt(&pos, off);
                        let paid = if off == me { usize::from(r.debt_paid) } else { 0 };
                        match r.penalty {
                            Penalty::Placed(_) => prop_assert_eq!(p0, p1 + 1 + paid),
                            Penalty::Debt => {
                                prop_assert_eq!(p0, p1 + paid);
                                let added = usize::from(!r.debt_capped);
                                prop_assert_eq!(usize::from(d1) + paid, usize::from(d0) + added);
                                prop_assert!(!r.debt_capped || usize::from(d0) == per_side);
                            }
                            Penalty::None => prop_assert_eq!(p0, p1 + paid),
                        }
                        prop_assert_eq!(r.turn_passed, conduct.loses_turn());
                        let other = off.other();
                        if off != me {
                            prop_assert_eq!(pocket_and_debt(&before, other), pocket_and_debt(&pos, other));
                        }
                        prop_assert_eq!(pos.strokes(), before.strokes());
                    }
                }
            } else {
                let Some(a) = g.sample_action(&pos, &mut rng, &mut buf) else { break };
                g.apply(&mut pos, &a).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            for side in Side::BOTH {
                prop_assert_eq!(pos.on_table(side) + pos.pocketed(side), per_side, "invariant 1");
                prop_assert!(usize::from(pos.debt(side)) <= per_side);
            }
            // Every reachable position is a valid one (status matches the discs).
            prop_assert!(g.from_setup(pos.to_setup()).is_ok());
        }
    }
}

/// §5 extra loss of turn, constructed: a rebound stroke ("backstroke") whose puck crossed
/// back over the striker's own edge line while he has no dark disc loses the turn under
/// the LNF option; not in the booklet, not after a direct stroke, not with a dark disc.
#[test]
fn s5_own_edge_line_crossed_after_a_backstroke_loses_the_turn() {
    use lattjo_disc_billiards::{Body, Compass, Outcome, TurnLoss};
    let mid = Vec2::new(0.3, 0.1);
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let lnf = game(rules);
    let mut booklet_rules = Rules::lattjo();
    booklet_rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let booklet = game(booklet_rules);
    // Seat 0 rebounds off the north cushion, pockets his disc 3, and the puck runs back over
    // his edge line before stopping mid-table.
    let rebound = |pos: &State| {
        let mut out = Outcome::still(pos, mid);
        out.cushion(0.1, Body::Puck, Compass::North)
            .contact(0.2, Body::Puck, Body::Disc(DiscId(3)))
            .pocket(0.4, Body::Disc(DiscId(3)));
        out.own_line_crossed = true;
        out
    };
    let mut pos = lnf.new_state();
    let out = rebound(&pos);
    let r = lnf.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::OwnEdgeLine));
    assert!(!r.continues());
    assert!(r.fouls.is_empty(), "a loss of turn, not a foul");
    assert_eq!(r.penalty, Penalty::None);
    assert_eq!(pos.to_move(), Seat::new(1));
    // The booklet has no such loss: the own disc pocketed continues the turn (N6).
    let mut pos = booklet.new_state();
    let out = rebound(&pos);
    let r = booklet.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    // Direct stroke: not a backstroke.
    let mut pos = lnf.new_state();
    let mut out = Outcome::still(&pos, mid);
    out.contact(0.2, Body::Puck, Body::Disc(DiscId(3)))
        .pocket(0.4, Body::Disc(DiscId(3)));
    out.own_line_crossed = true;
    let r = lnf.resolve(&mut pos, &out).unwrap();
    assert!(!r.losses.contains(TurnLoss::OwnEdgeLine));
    assert!(r.continues());
    // A dark ("blind") disc of the striker, here disc 0 in the centre circle: no loss.
    let mut pos = edit(&lnf, |s| s.discs[0].at = Some(Vec2::new(0.0, 0.0)));
    assert!(pos.is_dark(Seat::new(0), DiscId(0)));
    let out = rebound(&pos);
    let r = lnf.resolve(&mut pos, &out).unwrap();
    assert!(!r.losses.contains(TurnLoss::OwnEdgeLine));
    assert!(r.continues());
}

/// §5 extra loss of turn through real physics: the puck driven straight up the east side
/// of the table (clear of the discs) rebounds off the north cushion and runs back over the
/// striker's edge line; the physics path watches the puck after every step.
#[test]
fn s5_own_edge_line_crossing_detected_through_physics() {
    use lattjo_disc_billiards::TurnLoss;
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let lnf = game(rules);
    let stroke = Stroke::new(Vec2::new(0.3, 0.09), Vec2::new(0.0, 1.0), 3.0);
    let out = lnf.simulate(&lnf.new_state(), &stroke).unwrap();
    assert!(out.own_line_crossed, "{out:?}");
    let mut pos = lnf.new_state();
    let r = lnf.strike(&mut pos, &stroke).unwrap();
    assert!(matches!(
        r.kind,
        lattjo_disc_billiards::StrokeKind::Rebound(_)
    ));
    assert!(r.losses.contains(TurnLoss::OwnEdgeLine));
    // A soft stroke that dies before coming back does not cross.
    let soft = Stroke::new(Vec2::new(0.3, 0.09), Vec2::new(0.0, 1.0), 0.5);
    let out = lnf.simulate(&lnf.new_state(), &soft).unwrap();
    assert!(!out.own_line_crossed, "{out:?}");
    // Without the option the physics does not watch.
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    rules.own_edge_line_loss = false;
    let plain = game(rules);
    let out = plain.simulate(&plain.new_state(), &stroke).unwrap();
    assert!(!out.own_line_crossed);
    // Watching changes nothing else: the same events and rest positions for every
    // generated stroke at the start and the two above.
    let mut buf = Vec::new();
    lnf.legal_actions(&lnf.new_state(), &mut buf);
    buf.push(Action::Strike(Seat::new(0), stroke));
    buf.push(Action::Strike(Seat::new(0), soft));
    for a in &buf {
        let Action::Strike(_, st) = a else { continue };
        let watched = lnf.simulate(&lnf.new_state(), st).unwrap();
        let unwatched = plain.simulate(&plain.new_state(), st).unwrap();
        assert_eq!(watched.events, unwatched.events, "{st}");
        assert_eq!(watched.rest, unwatched.rest, "{st}");
        assert_eq!(watched.puck_rest, unwatched.puck_rest, "{st}");
    }
}
