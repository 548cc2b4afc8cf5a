//! Rules checked through real physics: strokes run through disc-physics to rest, then
//! resolved. Each test builds a situation whose physical result is clear from geometry.

use boardgame_core::{Game, Seat};
use lattjo_disc_billiards::{
    Action, Foul, Novuss, Params, Penalty, PhysicsConfig, PlannerConfig, Rules, Side, State,
    Status, Stroke, StrokeKind, TurnLoss, Vec2,
};

fn game(rules: Rules) -> Novuss {
    Novuss::new(rules).unwrap()
}

/// The game on physics where a disc meeting a cushion faster than `jump` m/s leaves the table.
fn jumping(rules: Rules, jump: f64) -> Novuss {
    game(rules)
        .with_physics(PhysicsConfig {
            params: Params {
                jump_speed_m_s: Some(jump),
                ..Params::default()
            },
            ..PhysicsConfig::default()
        })
        .unwrap()
}

/// Seat 0's stroke with the puck at the board point `place` moving in the board direction
/// `direction` (seat 0 plays from the south, so his frame is the board's shifted by the half
/// size).
fn s0(g: &Novuss, place: Vec2, direction: Vec2, speed: f64) -> Stroke {
    g.stroke_from_board(Seat::new(0), place, direction, speed)
}

/// Where the puck's centre meets a cushion (half size minus the puck radius), and the
/// cushion's restitution, from the rules (0.4715 m and 0.75 by default).
fn cushion_line_and_e(g: &Novuss) -> (f64, f64) {
    let d = &g.rules().dimensions;
    (
        d.half_size - d.puck_radius,
        g.physics().params.restitution_cushion,
    )
}

fn conserved(g: &Novuss, pos: &State) {
    for side in Side::BOTH {
        assert_eq!(
            pos.on_table(side) + pos.pocketed(side),
            usize::from(g.rules().discs_per_side()),
            "invariant 1 for {side}"
        );
    }
}

#[test]
fn n6_a_straight_stroke_into_the_own_row_pockets_discs_and_continues() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // Straight up the centre line into the middle of seat 0's own row (light discs, B1).
    let s = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(
        matches!(r.kind, StrokeKind::Direct(_)),
        "B5: the first contact is a disc"
    );
    assert!(
        r.fouls.is_empty(),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert!(
        r.own_pocketed >= 1,
        "the row spreads into the north pockets"
    );
    assert_eq!(r.opponent_pocketed, 0);
    assert!(r.continues());
    assert_eq!(pos.to_move(), Seat::new(0));
    conserved(&g, &pos);
}

#[test]
fn f2_a_stroke_that_touches_nothing_costs_a_debt() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // Gently towards the east cushion along the end line: nothing is touched.
    let s = s0(&g, Vec2::new(0.0, -0.37), Vec2::new(1.0, 0.0), 0.6);
    let r = g.strike(&mut pos, &s).unwrap();
    assert_eq!(r.kind, StrokeKind::NoContact);
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.penalty, Penalty::Debt, "N10: nothing pocketed yet");
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn f3_driving_the_puck_into_the_opponents_row_first() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // Seat 1's row lies along seat 0's cushion: straight down into it.
    let s = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, -1.0), 1.0);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(matches!(r.kind, StrokeKind::Direct(id) if pos.discs()[id.index()].side == Side::B));
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert!(r.losses.contains(TurnLoss::Foul));
}

#[test]
fn f1_the_puck_in_a_pocket() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // From the end line straight into the south-east pocket.
    let s = s0(&g, Vec2::new(0.3, -0.37), Vec2::new(0.135, -0.065), 1.5);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost), "{r:?}");
    assert_eq!(r.penalty, Penalty::Debt);
}

#[test]
fn f4_a_direct_stroke_at_a_dark_disc_is_restored() {
    let g = game(Rules::lattjo());
    let mut s = g.new_state().to_setup();
    s.discs[3].at = Some(Vec2::new(0.0, 0.0));
    let mut pos = g.from_setup(s.clone()).unwrap();
    let stroke = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 2.0);
    let r = g.strike(&mut pos, &stroke).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(r.restored, 1);
    assert_eq!(pos.discs()[3].at, Some(Vec2::new(0.0, 0.0)), "invariant 7");
    conserved(&g, &pos);
}

#[test]
fn n12_n13a_a_rebound_off_the_opposite_cushion_may_hit_a_dark_disc() {
    let g = game(Rules::lattjo());
    let mut s = g.new_state().to_setup();
    // Seat 0 has one disc left, dark in the centre circle; his row is gone.
    for d in s.discs.iter_mut().filter(|d| d.side == Side::A) {
        d.at = None;
    }
    s.discs[0].at = Some(Vec2::new(0.0, 0.05));
    let mut pos = g.from_setup(s.clone()).unwrap();
    // Aim at the image of the disc beyond the north cushion line (y = 0.4715), stretched by
    // 1 / 0.75 for the cushion's restitution.
    let (line, e) = cushion_line_and_e(&g);
    let image_y = line + (line - 0.05) / e;
    let p = Vec2::new(0.2, -0.37);
    let stroke = s0(&g, p, Vec2::new(-0.2, image_y - p.y), 3.0);
    let r = g.strike(&mut pos, &stroke).unwrap();
    assert_eq!(
        r.kind,
        StrokeKind::Rebound(lattjo_disc_billiards::Compass::North)
    );
    assert!(
        !r.fouls.contains(Foul::DarkDisc),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert_eq!(r.restored, 0);
    assert_ne!(
        pos.discs()[0].at,
        Some(Vec2::new(0.0, 0.05)),
        "the disc was struck and moved"
    );
}

#[test]
fn n7c_b12_discs_that_jump_the_cushion_come_back_to_the_centre() {
    // Let discs jump a cushion hit faster than 1.5 m/s.
    let g = jumping(Rules::lattjo(), 1.5);
    let mut pos = g.new_state();
    let s = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 7.0);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(r.losses.contains(TurnLoss::OffTable), "{r:?}");
    assert!(r.returned >= 1);
    conserved(&g, &pos);
    // One disc went to the centre of the circle; no two discs overlap (the position
    // validates).
    assert!(
        pos.discs()
            .iter()
            .any(|d| d.at == Some(Vec2::new(0.0, 0.0)))
    );
    assert!(g.from_setup(pos.to_setup()).is_ok());
}

#[test]
fn a_whole_game_between_two_planners_ends_with_one_winner() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut planner = lattjo_disc_billiards::Planner::new(PlannerConfig { shots_simulated: 6 });
    let mut strokes = 0;
    while !matches!(pos.status(), Status::Won(_)) {
        let a = planner.choose(&g, &pos).expect("a stroke");
        assert!(matches!(a, Action::Strike(..)));
        g.apply(&mut pos, &a).unwrap();
        conserved(&g, &pos);
        strokes += 1;
        assert!(strokes < 500, "the planners should finish a game");
    }
    let Status::Won(w) = pos.status() else {
        unreachable!()
    };
    assert!(
        pos.complete(w),
        "N14: the winner has pocketed every disc and owes nothing"
    );
    assert!(!pos.complete(w.other()));
}

#[test]
fn f5_a_direct_stroke_makes_an_opponent_disc_jump_the_cushion() {
    let g = jumping(Rules::lattjo(), 1.5);
    let mut pos = g.new_state();
    // Hard straight down into seat 1's row, which stands against seat 0's own cushion.
    let s = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, -1.0), 6.0);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(
        r.fouls.contains(Foul::OpponentOffTable),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert!(r.returned >= 1);
    assert!(r.losses.contains(TurnLoss::OffTable));
    conserved(&g, &pos);
    assert!(g.from_setup(pos.to_setup()).is_ok());
}

#[test]
fn n7e_the_puck_coming_back_into_the_zone_ends_the_turn() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // Up the x = 0.3 lane (clear of both rows), off the north cushion and back: the speed is
    // chosen so that friction (0.98 m/s²) and the cushion (e = 0.75) stop it in the zone.
    let mu_g = g.physics().params.friction_decel_m_s2();
    let (line, e) = cushion_line_and_e(&g);
    let back = line + 0.44; // from the cushion line back to y = -0.44
    let v_after = (2.0 * mu_g * back).sqrt();
    let v0 = ((v_after / e).powi(2) + 2.0 * mu_g * (line + 0.37)).sqrt();
    let s = s0(&g, Vec2::new(0.3, -0.37), Vec2::new(0.0, 1.0), v0);
    let r = g.strike(&mut pos, &s).unwrap();
    assert!(r.losses.contains(TurnLoss::PuckReturned), "{r:?}");
    assert_eq!(
        r.kind,
        StrokeKind::Rebound(lattjo_disc_billiards::Compass::North)
    );
}

#[test]
fn n13b_n13c_a_light_disc_driven_into_a_dark_one_is_fair() {
    let g = game(Rules::lattjo());
    let mut s = g.new_state().to_setup();
    // Own light disc 3 on the centre line below the circle, own dark disc 4 at the centre.
    s.discs[3].at = Some(Vec2::new(0.0, -0.2));
    s.discs[4].at = Some(Vec2::new(0.0, 0.0));
    let mut pos = g.from_setup(s.clone()).unwrap();
    assert!(pos.is_light(Seat::new(0), lattjo_disc_billiards::DiscId(3)));
    assert!(pos.is_dark(Seat::new(0), lattjo_disc_billiards::DiscId(4)));
    let stroke = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 2.5);
    let r = g.strike(&mut pos, &stroke).unwrap();
    assert_eq!(r.kind, StrokeKind::Direct(lattjo_disc_billiards::DiscId(3)));
    assert!(
        !r.fouls.contains(Foul::DarkDisc),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert_eq!(r.restored, 0);
    assert_ne!(
        pos.discs()[4].at,
        Some(Vec2::new(0.0, 0.0)),
        "the dark disc was knocked"
    );
}

#[test]
fn b6_a_side_cushion_rebound_onto_a_dark_disc_through_physics() {
    let bank = |rules: Rules| {
        let g = game(rules);
        let mut s = g.new_state().to_setup();
        s.discs[3].at = Some(Vec2::new(0.0, 0.05));
        let mut pos = g.from_setup(s.clone()).unwrap();
        // Off the east cushion (line x = 0.4715) at the dark disc: aim at its image beyond
        // the line, stretched by 1 / 0.75.
        let (line, e) = cushion_line_and_e(&g);
        let image_x = line + line / e;
        let p = Vec2::new(0.3, -0.37);
        let stroke = s0(&g, p, Vec2::new(image_x - p.x, 0.05 - p.y), 3.0);
        let r = g.strike(&mut pos, &stroke).unwrap();
        (r, pos)
    };
    let (r, pos) = bank(Rules::lattjo());
    assert_eq!(
        r.kind,
        StrokeKind::Rebound(lattjo_disc_billiards::Compass::East)
    );
    assert!(r.fouls.contains(Foul::DarkDisc), "{r:?}");
    assert_eq!(pos.discs()[3].at, Some(Vec2::new(0.0, 0.05)), "restored");
    let mut allowed = Rules::lattjo();
    allowed.side_rebound_to_dark = lattjo_disc_billiards::SideReboundToDark::Allowed;
    let (r, _) = bank(allowed);
    assert!(!r.fouls.contains(Foul::DarkDisc));
}

/// Golden: the straight opening drive at 4 m/s into the middle of the own row (pinned from
/// this solver, the level-0 model with the physics.md coefficients). The stroke is mirror
/// symmetric, so the row splits symmetrically: the two outer discs of each end drop into the
/// two north pockets, and every other disc rests at the mirror image of its partner.
#[test]
fn golden_opening_drive_splits_the_row_symmetrically() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let s = s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0);
    let r = g.strike(&mut pos, &s).unwrap();
    let pocketed: Vec<usize> = (0..16).filter(|&i| pos.discs()[i].at.is_none()).collect();
    assert_eq!(pocketed, vec![0, 1, 6, 7]);
    assert_eq!(r.own_pocketed, 4);
    assert!(r.continues());
    for k in 0..8 {
        let (a, b) = (pos.discs()[k].at, pos.discs()[7 - k].at);
        if let (Some(a), Some(b)) = (a, b) {
            assert!(
                (a.x + b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9,
                "disc {k}: {a} vs {b}"
            );
        }
    }
}

#[test]
fn planner_candidates_are_legal_and_include_pots_and_rebounds() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // After the opening drive the row is open: pots and rebounds exist.
    g.strike(
        &mut pos,
        &s0(&g, Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0),
    )
    .unwrap();
    let mut planner = lattjo_disc_billiards::Planner::new(PlannerConfig { shots_simulated: 4 });
    let cands = planner.candidates(&g, &pos).to_vec();
    assert!(
        cands
            .iter()
            .any(|c| c.kind == lattjo_disc_billiards::ShotKind::Direct)
    );
    assert!(
        cands
            .iter()
            .any(|c| matches!(c.kind, lattjo_disc_billiards::ShotKind::Rebound(_)))
    );
    for c in &cands {
        assert!(
            g.check_stroke(&pos, pos.to_move(), &c.stroke).is_ok(),
            "{c:?}"
        );
        assert_eq!(
            pos.discs()[c.target.index()].side,
            Side::A,
            "own discs only"
        );
    }
}

/// Found by libFuzzer (`disc_billiards_json`): on soft discs (restitution 0.1) and nine
/// substeps a step, the opening stroke's discs pressed together for thousands of contacts, and
/// a contact at the very end of one substep was reported one rounding step later than the next
/// contact at the start of the next (`ts + h` against the next substep's `t0 + (k + 1) h`).
/// The rules refused the events as out of time order (`OutcomeError::Time`), so the stroke,
/// which every check had accepted, could not be played. disc-physics now reports every event
/// of a substep no later than the next substep's start.
#[test]
fn regression_events_at_a_substep_boundary_came_out_of_time_order_and_a_legal_stroke_failed() {
    let g = Novuss::default()
        .with_physics(PhysicsConfig {
            params: Params {
                friction_mu: 0.1,
                gravity_m_s2: 8.91,
                restitution_disc: 0.1,
                restitution_cushion: 0.75,
                jump_speed_m_s: None,
                ..Params::default()
            },
            step: lattjo_disc_billiards::StepConfig {
                dt_s: 0.001,
                substeps: 9,
                max_time_s: 60.0,
            },
        })
        .unwrap();
    let mut s = g.new_state();
    let stroke = Stroke::new(
        Vec2::new(0.0, 0.1285),
        Vec2::new(0.030736505702853016, 0.9995275219908547),
        6.0,
    );
    let action = Action::Strike(Seat::new(0), stroke);
    assert!(g.is_legal(&s, &action));
    g.apply(&mut s, &action).unwrap();
    assert_eq!(s.strokes(), 1);
}
