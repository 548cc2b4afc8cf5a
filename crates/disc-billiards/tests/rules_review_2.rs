//! A second reviewer's pass over the rules file (`disc-billiards.md`), aimed at what the first
//! pass (`rules_review.rs`), `resolution.rs`, `conduct.rs` and `docs_claims.rs` leave out:
//! combinations of rules in one stroke (a foul with a pot, debts paid by the stroke's own
//! discs, the puck and discs leaving together, both sides finishing while one owes), the
//! placements the rules fix to the millimetre, the options' less travelled branches, and
//! refused input leaving the state unchanged. Each expected value is worked out by hand from
//! the rule cited (quoted from the rules file), not from the implementation.
//!
//! Singles layout (B1): seat 0 strikes from the south, his discs 0-7 along the north cushion
//! at y = 0.474, x = 0.182 - 0.052 i; seat 1 strikes from the north, his discs 8-15 along the
//! south cushion at y = -0.474, x = -0.182 + 0.052 (i - 8). Disc radius 26 mm, centre circle
//! radius 125 mm.

use boardgame_core::Seat;
use lattjo_disc_billiards::{
    Body, Call, CallError, Compass, Conduct, DebtSettlement, DiscId, Foul, Novuss,
    OffTablePlacement, Outcome, OutcomeError, Penalty, PlayError, PuckReturnRule, Rules, Setup,
    Side, State, Status, TurnLoss, Vec2,
};

const P: Body = Body::Puck;
/// Mid-table, outside every zone and the centre circle.
const MID: Vec2 = Vec2::new(0.3, 0.1);
const R: f64 = 0.026;
const CIRCLE: f64 = 0.125;

use crate::docs_claims::{at, d, edit, game};

fn close(p: Option<Vec2>, x: f64, y: f64, tol: f64) -> bool {
    p.is_some_and(|p| (p.x - x).abs() <= tol && (p.y - y).abs() <= tol)
}

/// Every disc on the table lies on it and no two overlap.
fn assert_no_overlap(pos: &State) {
    let on: Vec<(usize, Vec2)> = pos
        .discs()
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.at.map(|p| (i, p)))
        .collect();
    for (k, &(i, p)) in on.iter().enumerate() {
        assert!(p.x.abs() <= 0.5 - R + 1e-9 && p.y.abs() <= 0.5 - R + 1e-9);
        for &(j, q) in &on[k + 1..] {
            assert!(p.distance(q) >= 2.0 * R - 1e-9, "discs {i} and {j} overlap");
        }
    }
}

/// Seat 0's eight discs on a ring of radius 85 mm inside the centre circle: all dark for him
/// (N11), so he has no light disc (B7).
fn ring(k: usize) -> Vec2 {
    let a = k as f64 * std::f64::consts::PI / 4.0;
    Vec2::new(a.cos(), a.sin()) * 0.085
}

fn only_dark(g: &Novuss) -> State {
    let pos = edit(g, |s| {
        for k in 0..8 {
            s.discs[k].at = Some(ring(k));
        }
    });
    assert!(!pos.has_light(Seat::new(0)));
    pos
}

/// Side A with only disc 3 on the table, side B with only disc 11; seat 0 to strike.
fn last_discs(s: &mut Setup) {
    for k in 0..16 {
        if k != 3 && k != 11 {
            s.discs[k].at = None;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Combinations in one stroke
// ---------------------------------------------------------------------------------------

#[test]
fn f4_f5_the_restored_dark_disc_keeps_the_centre_so_the_opponents_disc_goes_on_the_edge() {
    // Disc 3 stands at the centre of the circle: dark for seat 0 (N11). The puck strikes it
    // directly (F4: "The dark disc that was touched is put back where it stood") and goes on
    // to send opponent disc 9 off over the east cushion (F5: "placed at the centre of the
    // centre circle. If the centre is occupied, it goes on the edge of the circle, on the
    // side where the disc left the table"). Reference order: step 4 restores the F4 disc,
    // step 5 puts back discs that left, so the centre is taken and disc 9 goes on the edge,
    // on the ray towards its exit point (0.5, 0.1): 0.125 * (0.5, 0.1) / |(0.5, 0.1)|.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[3].at = Some(Vec2::new(0.0, 0.0)));
    assert!(pos.is_dark(Seat::new(0), DiscId(3)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .moved(DiscId(3), Vec2::new(0.2, 0.2))
        .contact(0.2, P, d(9))
        .off_table(0.4, d(9), Vec2::new(0.5, 0.1));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert!(
        !r.fouls.contains(Foul::OpponentFirst),
        "the first disc was his own"
    );
    assert_eq!((r.restored, r.returned), (1, 1));
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)), "F4: where it stood");
    let len = (0.5f64 * 0.5 + 0.1 * 0.1).sqrt();
    assert!(
        close(at(&pos, 9), 0.5 / len * CIRCLE, 0.1 / len * CIRCLE, 1e-12),
        "F5: the circle's edge towards the exit: {:?}",
        at(&pos, 9)
    );
    // N10: nothing in his pocket, so the one penalty (B9) is a debt.
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_no_overlap(&pos);
}

#[test]
fn b11_b16_both_sides_finish_in_one_stroke_but_the_striker_owes_so_the_other_side_wins() {
    // Side A owes one disc (its seven others were pocketed by B, B11); each side has one disc
    // left. Seat 0's stroke pockets both. B11: "If one stroke completes both sides, the
    // striking side wins", but the win condition is "all of a side's discs are in pockets
    // and its debt is zero", and B16: "the win check runs after end-of-turn settlement".
    // The stroke pocketed an opponent's disc with his own, N7(a): the turn ends, the debt
    // is paid with disc 0 (the lowest-numbered in the pocket), and only B is complete.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        last_discs(s);
        s.debt[Seat::new(0)] = 1;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(11))
        .pocket(0.4, d(11))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::OpponentWithOwn));
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.on_table(Side::A), 1);
    assert!(at(&pos, 0).is_some(), "disc 0 paid the debt");
    assert_eq!(r.winner, Some(Side::B));
    assert_eq!(pos.status(), Status::Won(Side::B));
}

#[test]
fn n7a_b16_own_and_opponent_pocketed_ends_the_turn_and_the_own_disc_pays_the_old_debt() {
    // Seat 0 owes one (N10). His stroke pockets his disc 3 and the opponent's disc 9: no
    // foul, but N7(a) ends the turn, so B16 settles the debt with disc 3, the only one in his
    // pocket. N9: the centre-line spot against the north cushion is taken by disc 4 (x =
    // -0.026), so it goes to the half with fewer discs; here both halves hold seven (A: 0-2
    // right, 4-7 left; B: 12-15 right, 8, 10, 11 left), and docs/disc-billiards.md breaks the
    // tie to the offender's right (+x for seat 0). The nearest free point there is where the
    // disc touches disc 4: x = 0.026, its own starting spot.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 1);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .pocket(0.4, d(3))
        .pocket(0.5, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert_eq!(r.penalty, Penalty::None);
    assert!(r.losses.contains(TurnLoss::OpponentWithOwn));
    assert!(!r.losses.contains(TurnLoss::NothingPocketed));
    assert_eq!((r.own_pocketed, r.opponent_pocketed), (1, 1));
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.pocketed(Side::B), 1, "B11: counts for its owner");
    assert!(
        close(at(&pos, 3), 0.026, 0.5 - R, 1.1e-3),
        "N9/B14: {:?}",
        at(&pos, 3)
    );
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_no_overlap(&pos);
}

#[test]
fn b15_b16_a_foul_stroke_pocketing_two_own_discs_pays_the_penalty_and_the_old_debt() {
    // Seat 0 owes one and has nothing in the pocket. His stroke pockets discs 2 and 3 and
    // the puck (F1). B15: "Discs in the pocket after the stroke can pay, including discs
    // pocketed by that same stroke": the penalty takes disc 2 (the lowest-numbered, as
    // documented), and the turn has ended (N8), so B16 pays the old debt with disc 3. Under
    // `Immediate` the same two discs pay in the same stroke.
    for settlement in [DebtSettlement::EndOfTurn, DebtSettlement::Immediate] {
        let g = game(Rules::lattjo().with_debt_settlement(settlement));
        let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 1);
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.1, P, d(3))
            .contact(0.2, d(3), d(2))
            .pocket(0.4, d(3))
            .pocket(0.5, d(2))
            .pocket(0.8, P);
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(r.fouls.contains(Foul::PuckLost), "{settlement:?}");
        assert_eq!(r.penalty, Penalty::Placed(DiscId(2)), "{settlement:?}");
        assert_eq!(r.debt_paid, 1, "{settlement:?}");
        assert_eq!(pos.debt(Side::A), 0);
        assert_eq!(pos.pocketed(Side::A), 0);
        assert_eq!(pos.to_move(), Seat::new(1));
        assert_no_overlap(&pos);
    }
}

#[test]
fn n10_b15_an_opponents_disc_pocketed_in_a_foul_stroke_cannot_pay_the_penalty() {
    // Nothing of seat 0's in the pocket; the puck first touches opponent disc 9 (F3) and
    // pockets it. N9 takes "one of the offender's pocketed discs"; B11 says the opponent's
    // disc counts for its owner. So the penalty is a debt (N10) and B has one pocketed.
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9)).pocket(0.3, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.pocketed(Side::B), 1);
    assert_eq!(pos.on_table(Side::A), 8);
    assert!(r.losses.contains(TurnLoss::NothingPocketed));
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn n6_two_own_discs_in_one_stroke_give_one_more_stroke() {
    // N6: "If the stroke pockets one or more of the player's own discs ... the player
    // strikes again."
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(2))
        .pocket(0.4, d(3))
        .pocket(0.5, d(2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    assert_eq!(r.own_pocketed, 2);
    assert_eq!(pos.pocketed(Side::A), 2);
    assert_eq!(pos.to_move(), Seat::new(0));
    assert_eq!(pos.strokes(), 1);
}

#[test]
fn n14_b11_the_opponent_owes_and_the_striker_pockets_his_last_disc_the_striker_wins() {
    // Side B owes two; side A has one disc left. N14: "The game ends as soon as one player
    // has pocketed all his discs"; the other side's debt does not matter.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        last_discs(s);
        s.discs[11].at = Some(Vec2::new(-0.182, -0.474));
        s.discs[12].at = Some(Vec2::new(0.2, -0.3));
        s.debt[Seat::new(1)] = 2;
    });
    // B's discs are all on the table except six; a debt may stand while B has pocketed
    // discs (B pays at the end of its own turn).
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(pos.status(), Status::Won(Side::A));
    assert_eq!(
        pos.debt(Side::B),
        2,
        "nothing of B's is settled in A's turn"
    );
}

// ---------------------------------------------------------------------------------------
// No light disc left (B7) and dark discs (N13, F4)
// ---------------------------------------------------------------------------------------

#[test]
fn b7_f4_no_light_disc_the_puck_glancing_off_an_opponents_disc_onto_a_dark_disc_is_f4() {
    // B7: with no light disc F2 and F3 do not apply, "The stroke must still respect N13".
    // The puck first touches opponent disc 9 (a direct stroke, B5), then dark disc 0 and
    // pockets it. N13 allows a dark disc only after the opposite cushion or a light disc;
    // neither came first, so F4 (B6): one penalty, disc 0 back where it stood. Nothing
    // else, and no own disc pocketed.
    let g = game(Rules::lattjo());
    let mut pos = only_dark(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9))
        .contact(0.2, P, d(0))
        .pocket(0.5, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc), "{:?}", r.fouls);
    assert!(!r.fouls.contains(Foul::OpponentFirst), "B7");
    assert!(!r.fouls.contains(Foul::NoOwnDisc), "B7");
    assert_eq!(at(&pos, 0), Some(ring(0)), "F4: put back");
    assert_eq!(r.own_pocketed, 0);
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b17_option_a_direct_stroke_without_light_discs_back_in_the_zone_costs_nothing_extra() {
    // B17's option applies N7(e) "only to direct strokes while discs remain outside the
    // blind (dark) zones". With no light disc a direct stroke at an opponent's disc (no
    // foul, B7) whose puck stops in the striker's zone: no PuckReturned loss under the
    // option, one under the booklet rule. Either way nothing was pocketed (N7(b)).
    let spot = Vec2::new(0.3, -0.42); // seat 0's zone, clear of B's row
    for (rule, returned) in [
        (PuckReturnRule::Always, true),
        (PuckReturnRule::DirectStrokeWithLightDiscs, false),
    ] {
        let g = game(Rules::lattjo().with_puck_return_rule(rule));
        let mut pos = only_dark(&g);
        let mut out = Outcome::still(&pos, spot);
        out.contact(0.1, P, d(9));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(r.fouls.is_empty(), "{rule:?}: {:?}", r.fouls);
        assert_eq!(
            r.losses.contains(TurnLoss::PuckReturned),
            returned,
            "{rule:?}"
        );
        assert!(r.losses.contains(TurnLoss::NothingPocketed));
    }
}

#[test]
fn lnf_dark_only_a_rebound_reaching_a_disc_in_the_circle_is_fair_and_one_touching_nothing_is_not() {
    // Section 5: "a rebound stroke that fails to touch the opposite edge or a disc in the
    // circle when only dark discs remain" is penalised. Opponent disc 9 lies at the centre
    // of the circle (inside the ring of A's dark discs).
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    let base = edit(&g, |s| {
        for k in 0..8 {
            s.discs[k].at = Some(ring(k));
        }
        s.discs[9].at = Some(Vec2::new(0.0, 0.0));
        s.opening = false;
    });
    // Off the east cushion onto disc 9 in the circle: reaches, no foul (B7: no F3 either).
    let mut pos = base.clone();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::East).contact(0.3, P, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    // Off the east cushion onto opponent disc 10 outside the circle: short.
    let mut pos = base.clone();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::East).contact(0.3, P, d(10));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkOnlyShort), "{:?}", r.fouls);
    // Off the north (opposite) cushion, touching nothing else: reaches the opposite edge.
    let mut pos = base;
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
}

#[test]
fn lnf_the_doubles_blind_zone_foul_is_for_pairs_only() {
    // Section 5, doubles details: "A direct hit that knocks an opponent's disc into a blind
    // zone is penalised in doubles". In singles under the LNF preset it is no foul.
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| s.opening = false);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .moved(DiscId(9), Vec2::new(0.0, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
}

// ---------------------------------------------------------------------------------------
// Discs off the table (N7(c), F5, B12, B13, LNF)
// ---------------------------------------------------------------------------------------

#[test]
fn b12_own_disc_off_the_table_with_the_centre_taken_goes_on_the_edge_where_it_left() {
    // B12: "place it as in F5: centre of the centre circle, otherwise on the circle's edge
    // at the side where it left". Opponent disc 12 holds the centre; disc 3 leaves over the
    // north cushion at (0, 0.5): it goes to (0, 0.125), which is free (0.125 from disc 12).
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[12].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::North)
        .contact(0.1, P, d(3))
        .off_table(0.3, d(3), Vec2::new(0.0, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "B12: turn loss only: {:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert!(close(at(&pos, 3), 0.0, CIRCLE, 1e-12), "{:?}", at(&pos, 3));
    assert_eq!(pos.to_move(), Seat::new(1));
}

/// F5 and B12 speak of one disc ("that disc ... at the centre of the centre circle; if the
/// centre is occupied, on the edge of the circle, on the side where the disc left"). When
/// several leave in one stroke the crate puts them back in the order of their disc numbers,
/// not the order in which they left (docs/disc-billiards.md, step 5): disc 10 leaves first,
/// over the west cushion, and disc 9 later, over the east one; disc 9 takes the centre and
/// disc 10 the circle's edge towards the west.
#[test]
fn f5_b13_several_discs_off_the_table_come_back_in_the_order_of_their_numbers() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(10))
        .off_table(0.2, d(10), Vec2::new(-0.5, 0.0))
        .contact(0.3, P, d(9))
        .off_table(0.4, d(9), Vec2::new(0.5, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.returned, 2);
    assert_eq!(
        at(&pos, 9),
        Some(Vec2::new(0.0, 0.0)),
        "the lower number: the centre"
    );
    assert!(
        close(at(&pos, 10), -CIRCLE, 0.0, 1e-12),
        "the higher number: the edge where it left: {:?}",
        at(&pos, 10)
    );
    assert_no_overlap(&pos);
}

#[test]
fn lnf_own_disc_sent_off_by_a_direct_stroke_is_a_foul_and_goes_to_the_centre_circle() {
    // Section 5: "Own disc off the table is a foul, with the placement in B12" (the centre
    // circle), while only an opponent's disc sent off by a direct stroke goes back to its
    // original spot. Disc 0 is in the pocket and pays (N9).
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| {
        s.discs[0].at = None;
        s.opening = false;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .off_table(0.3, d(3), Vec2::new(0.1, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OwnOffTable));
    assert!(!r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)), "B12 placement");
    assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b13_original_spot_option_the_disc_goes_back_to_its_spot_or_the_nearest_free_one() {
    // B13 option `OriginalSpot`: an opponent's disc off the table without a direct stroke
    // "returns to its original spot". First with the spot free, then with disc 12 resting
    // on it: the nearest free spot, touching disc 12 at most a few millimetres off.
    let g = game(Rules::lattjo().with_off_table_placement(OffTablePlacement::OriginalSpot));
    let spot9 = Vec2::new(-0.13, -0.474);
    for taken in [false, true] {
        let mut pos = g.new_state();
        assert!(close(at(&pos, 9), spot9.x, spot9.y, 1e-9));
        let mut out = Outcome::still(&pos, MID);
        out.cushion(0.05, P, Compass::North)
            .contact(0.1, P, d(3))
            .contact(0.2, d(3), d(9))
            .pocket(0.3, d(3))
            .off_table(0.4, d(9), Vec2::new(0.2, -0.5));
        if taken {
            out.moved(DiscId(12), spot9);
        }
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(r.fouls.is_empty(), "{:?}", r.fouls);
        assert!(r.losses.contains(TurnLoss::OffTable));
        assert_eq!(pos.pocketed(Side::A), 1, "N7(c): the pocketed disc stays");
        let p = at(&pos, 9).unwrap();
        if taken {
            let gap = p.distance(spot9);
            assert!(
                (2.0 * R - 1e-9..=2.0 * R + 0.004).contains(&gap),
                "next to disc 12: {p}"
            );
        } else {
            assert_eq!(p, spot9);
        }
        assert_no_overlap(&pos);
        assert_eq!(pos.to_move(), Seat::new(1));
    }
}

#[test]
fn f1_the_puck_off_the_table_with_the_last_own_disc_pocketed_is_no_win() {
    // F1: "the puck is pocketed or flies off the table"; B15: the disc the stroke pocketed
    // pays the penalty, so side A has one disc back on the table and has not won.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, last_discs);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .pocket(0.4, d(3))
        .off_table(0.6, P, Vec2::new(0.5, 0.3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
    assert_eq!(r.winner, None);
    assert_eq!(pos.on_table(Side::A), 1);
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(pos.to_move(), Seat::new(1));
}

// ---------------------------------------------------------------------------------------
// Stroke limit, referee calls and refused input
// ---------------------------------------------------------------------------------------

#[test]
fn stroke_limit_a_win_on_the_last_allowed_stroke_is_a_win_and_a_drawn_game_refuses_play() {
    let g = game(Rules::lattjo().with_stroke_limit(Some(2)));
    // Stroke 2 of 2 pockets the last disc: N14 ends the game with a winner.
    let mut pos = edit(&g, |s| {
        last_discs(s);
        s.strokes = 1;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(pos.status(), Status::Won(Side::A));
    // Stroke 2 of 2 misses: drawn; nothing more is accepted and the state stays.
    let mut pos = edit(&g, |s| s.strokes = 1);
    let out = Outcome::still(&pos, MID);
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.status(), Status::Drawn);
    let before = pos.to_setup();
    let out = Outcome::still(&pos, MID);
    assert!(g.resolve(&mut pos, &out).is_err());
    assert_eq!(pos.to_setup(), before);
}

#[test]
fn s5_leaving_the_zone_with_a_debt_and_a_pocketed_disc_passes_the_turn_and_pays() {
    // Section 5 "Extra losses of turn": "the player crosses the border of his own zone" is a
    // loss of turn, not a penalty. The turn ends, so B16 settles seat 0's debt with the
    // disc he pocketed earlier in the turn.
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    let mut pos = edit(&g, |s| {
        s.debt[Seat::new(0)] = 1;
        s.opening = false;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    assert!(g.resolve(&mut pos, &out).unwrap().continues());
    let report = g
        .call(&mut pos, &Call::Conduct(Seat::new(0), Conduct::LeftZone))
        .unwrap();
    assert_eq!(report.penalty, Penalty::None);
    assert!(report.turn_passed);
    assert_eq!(report.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn refused_outcomes_and_calls_leave_the_state_unchanged() {
    let g = game(Rules::lnf());
    let pos0 = edit(&g, |s| {
        s.discs[3].at = None;
        s.opening = false;
    });
    let before = pos0.to_setup();
    let mut pos = pos0.clone();
    // A contact with a disc already in the pocket.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2)).contact(0.2, P, d(3));
    assert_eq!(
        g.resolve(&mut pos, &out),
        Err(PlayError::Outcome(OutcomeError::Disc(1, DiscId(3))))
    );
    // A disc pocketed after it left the table.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2))
        .off_table(0.2, d(2), Vec2::new(0.1, 0.5))
        .pocket(0.3, d(2));
    assert_eq!(
        g.resolve(&mut pos, &out),
        Err(PlayError::Outcome(OutcomeError::Impossible(2)))
    );
    // A disc leaving the table at a point that is no point.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2))
        .off_table(0.2, d(2), Vec2::new(f64::NAN, 0.5));
    assert_eq!(
        g.resolve(&mut pos, &out),
        Err(PlayError::Outcome(OutcomeError::Impossible(1)))
    );
    // Two discs resting on each other after a foul that would have placed a penalty disc.
    let mut out = Outcome::still(&pos, MID);
    out.pocket(0.5, P).moved(DiscId(9), at(&pos, 10).unwrap());
    assert!(matches!(
        g.resolve(&mut pos, &out),
        Err(PlayError::Outcome(OutcomeError::Overlap(_, _)))
    ));
    // Calls: a seat that is not in the game, the opponent called for the striker's conduct,
    // the striker called for moving discs in the opponent's turn.
    assert_eq!(
        g.call(&mut pos, &Call::Conduct(Seat::new(2), Conduct::Delay)),
        Err(PlayError::Call(CallError::Seat(2)))
    );
    assert!(matches!(
        g.call(&mut pos, &Call::Conduct(Seat::new(1), Conduct::Delay)),
        Err(PlayError::Call(CallError::WrongOffender { .. }))
    ));
    assert!(matches!(
        g.call(
            &mut pos,
            &Call::Conduct(Seat::new(0), Conduct::MovedDiscInOpponentsTurn)
        ),
        Err(PlayError::Call(CallError::WrongOffender { .. }))
    ));
    assert_eq!(pos.to_setup(), before);
    assert_eq!(pos, pos0);
}

// ---------------------------------------------------------------------------------------
// Second batch: decisions pinned where the booklet's sentences could be read two ways
// ---------------------------------------------------------------------------------------

#[test]
fn b6_b7_a_direct_stroke_that_reaches_the_opposite_cushion_before_the_dark_disc_is_fair() {
    // No light disc (B7). The puck first touches opponent disc 9 (so the stroke is direct,
    // B5), then the opposite (north) cushion, then dark disc 0, which drops. B6: "treat a
    // dark disc touched by the puck before the puck has touched the opposite cushion or a
    // light disc as F4"; here the opposite cushion came first, so N13(a) allows it and the
    // disc counts (N12, N6). (F4's own words, "hits a dark disc with a direct stroke",
    // could be read as making every direct stroke foul a dark disc; N13(b) shows they
    // cannot: a direct stroke at a light disc may go on to a dark one. See the report.)
    let g = game(Rules::lattjo());
    let mut pos = only_dark(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9))
        .cushion(0.2, P, Compass::North)
        .contact(0.3, P, d(0))
        .pocket(0.5, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(matches!(
        r.kind,
        lattjo_disc_billiards::StrokeKind::Direct(DiscId(9))
    ));
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
    assert_eq!(pos.pocketed(Side::A), 1);
}

#[test]
fn b21_a_called_foul_stroke_that_pockets_the_last_disc_wins_nothing_and_under_the_lnf_loses() {
    // B21: a breach of technique is a foul (one penalty disc). Booklet: the disc the stroke
    // pocketed pays (B15), so side A has a disc on the table again and plays on. LNF, section
    // 5: "A breach on the very last stroke loses the set".
    for (rules, winner) in [(Rules::lattjo(), None), (Rules::lnf(), Some(Side::B))] {
        let g = game(rules);
        let mut pos = edit(&g, |s| {
            last_discs(s);
            s.opening = false;
        });
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.1, P, d(3)).pocket(0.4, d(3));
        let r = g.resolve_called_foul(&mut pos, &out).unwrap();
        assert!(r.fouls.contains(Foul::Technique));
        assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
        assert_eq!(r.winner, winner);
        match winner {
            None => {
                assert_eq!(pos.status(), Status::Playing);
                assert_eq!(pos.on_table(Side::A), 1);
                assert_eq!(pos.to_move(), Seat::new(1));
            }
            Some(w) => assert_eq!(pos.status(), Status::Won(w)),
        }
    }
}

#[test]
fn n9_b14_pairs_the_west_players_penalty_disc_on_the_east_cushion_on_the_emptier_half() {
    // Pairs (N16): seat 1 sits west; his row stands along the east cushion (B1), discs 8-15
    // at x = 0.474, y = -0.182 + 0.052 (i - 8). Disc 8 is in the pocket. Seat 1 misses (F2):
    // N9 puts disc 8 "on the centre line, touching the cushion opposite the offender" (B14:
    // in pairs, opposite the offending player), the east cushion at (0.474, 0). Discs 11
    // and 12 (y = -0.026, 0.026) take it, so it goes to "the side of the centre line where
    // there are fewer discs": south (y < 0) holds 15 discs (A's 16-23, B's 9-11 and
    // 28-31), north 16 (A's 0-7, B's 12-15 and 24-27). The nearest free point on the south
    // half of that line is disc 8's old spot, y = -0.182 (discs 9-15 fill -0.13 .. 0.182).
    // The turn passes clockwise to seat 2.
    let g = game(Rules::lattjo().with_players(4));
    let mut pos = edit(&g, |s| {
        s.discs[8].at = None;
        s.to_move = Seat::new(1);
    });
    let out = Outcome::still(&pos, MID);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(8)));
    assert!(
        close(at(&pos, 8), 0.5 - R, -0.182, 1.1e-3),
        "{:?}",
        at(&pos, 8)
    );
    assert_eq!(pos.to_move(), Seat::new(2));
    assert_no_overlap(&pos);
    // Seat 3 (east) fouls next in turn order: clockwise wraps to seat 0 (B20).
    let mut pos = edit(&g, |s| s.to_move = Seat::new(3));
    let out = Outcome::still(&pos, MID);
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.to_move(), Seat::new(0));
    assert_eq!(pos.debt_of(Seat::new(3)), 1, "B14: recorded for the seat");
    assert_eq!(pos.debt(Side::B), 1);
}

#[test]
fn invariant8_setups_that_contradict_the_win_condition_are_refused() {
    use lattjo_disc_billiards::SetupError;
    let g = game(Rules::lattjo());
    let all_a_pocketed = |s: &mut Setup| {
        for k in 0..8 {
            s.discs[k].at = None;
        }
    };
    // Side A has everything in the pocket and owes nothing, yet the game goes on.
    let mut s = g.new_state().to_setup();
    all_a_pocketed(&mut s);
    assert!(matches!(g.from_setup(s), Err(SetupError::Result(_))));
    // Side A "won" while it still owes a disc (B16: a side with debt cannot win).
    let mut s = g.new_state().to_setup();
    all_a_pocketed(&mut s);
    s.debt[Seat::new(0)] = 1;
    s.status = Status::Won(Side::A);
    assert!(matches!(g.from_setup(s), Err(SetupError::Result(_))));
    // An answering series (LNF) under the booklet's rules.
    let mut s = g.new_state().to_setup();
    all_a_pocketed(&mut s);
    s.answering = Some(Side::A);
    s.opening = false;
    assert!(matches!(g.from_setup(s), Err(SetupError::Result(_))));
    // A side owing more discs than it has (N10 with the documented cap).
    let mut s = g.new_state().to_setup();
    s.debt[Seat::new(1)] = 9;
    assert!(matches!(g.from_setup(s), Err(SetupError::Debt { .. })));
}

#[test]
fn n1_n2_b2_b23_rules_that_no_game_can_follow_are_refused_with_typed_errors() {
    use lattjo_disc_billiards::RulesError;
    // N1: "2 players (singles), or 4 players in two pairs".
    for players in [0usize, 1, 3, 5] {
        assert_eq!(
            Novuss::new(Rules::lattjo().with_players(players)).err(),
            Some(RulesError::Players(players))
        );
    }
    // N2: a row with as many discs on each side of the centre line.
    assert_eq!(
        Novuss::new(Rules::lattjo().with_discs_per_player(7)).err(),
        Some(RulesError::Discs(7))
    );
    // B19 `EightPerPair` with mini-novuss's six: three a partner, no half on each side.
    assert_eq!(
        Novuss::new(
            Rules::mini()
                .with_players(4)
                .with_pair_discs(lattjo_disc_billiards::PairDiscs::EightPerPair)
        )
        .err(),
        Some(RulesError::PairRow(6))
    );
    // B2: the first striker is a player of the game.
    assert_eq!(
        Novuss::new(Rules::lattjo().with_first_player(Seat::new(2))).err(),
        Some(RulesError::FirstPlayer(2, 2))
    );
    // B23: at least one set; the engine's stroke limit at least one stroke.
    assert_eq!(
        Novuss::new(Rules::lattjo().with_sets_to_win(0)).err(),
        Some(RulesError::Sets)
    );
    assert_eq!(
        Novuss::new(Rules::lattjo().with_stroke_limit(Some(0))).err(),
        Some(RulesError::StrokeLimit)
    );
    // Mini-novuss in pairs keeps six a player: twelve a pair (section 5).
    let g = game(Rules::mini().with_players(4));
    let pos = g.new_state();
    assert_eq!((pos.on_table(Side::A), pos.on_table(Side::B)), (12, 12));
}

#[test]
fn n16_b12_f5_in_pairs_the_partners_disc_off_is_the_strikers_own_and_the_others_is_f5() {
    // N16/B19: "own disc" means any disc of the pair's colour. Seat 0's stroke (first
    // contact his disc 3, a direct stroke) sends partner seat 2's disc 16 off: B12, a loss of
    // turn only under the booklet, placed at the centre of the circle. The same stroke
    // sending opponent seat 3's disc 24 off instead is F5.
    let g = game(Rules::lattjo().with_players(4));
    let mut pos = g.new_state();
    assert_eq!(pos.discs()[16].side, Side::A);
    assert_eq!(pos.discs()[24].side, Side::B);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(16))
        .off_table(0.3, d(16), Vec2::new(0.0, -0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert_eq!(at(&pos, 16), Some(Vec2::new(0.0, 0.0)));
    assert_eq!(pos.to_move(), Seat::new(1));
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(24))
        .off_table(0.3, d(24), Vec2::new(-0.5, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(at(&pos, 24), Some(Vec2::new(0.0, 0.0)));
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt_of(Seat::new(0)), 1);
}

#[test]
fn b2_loser_starts_in_pairs_gives_the_next_set_to_a_player_of_the_losing_pair() {
    // B2 option `LoserStarts`. Seat 2 (side A) pockets side A's last disc: A wins the set
    // and a player of pair B strikes first in the next.
    use boardgame_core::{BySeat, RoundContext, Rounds};
    let g = game(
        Rules::lattjo()
            .with_players(4)
            .with_sets_to_win(2)
            .with_next_set_starter(lattjo_disc_billiards::NextSetStarter::LoserStarts),
    );
    let mut prev = edit(&g, |s| {
        for k in 0..32 {
            if s.discs[k].side == Side::A && k != 3 {
                s.discs[k].at = None;
            }
        }
        s.to_move = Seat::new(2);
    });
    let mut out = Outcome::still(&prev, MID);
    out.cushion(0.05, P, Compass::South)
        .contact(0.1, P, d(3))
        .pocket(0.4, d(3));
    let r = g.resolve(&mut prev, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    let cfg = g.match_config();
    let totals = BySeat::new(4, 0);
    let next = g.new_round(&RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&prev),
        config: &cfg,
    });
    assert_eq!(Side::of_seat(next.to_move()), Side::B);
    assert_eq!(next.on_table(Side::A), 16);
}

/// N16 (a pair is one side; B2, a set is won by a side) makes partners' totals equal in every
/// match of sets the rules can reach; a match taken up (`Match::resume`, `check_state`) at
/// totals on which two partners differ was accepted, and the returns then gave the partners
/// opposite results. Found by the cause of carrom's
/// `regression_a_pairs_match_took_up_partners_with_different_totals_c21`.
#[test]
fn regression_a_pairs_match_took_up_partners_with_different_totals_n16() {
    use boardgame_core::{BySeat, Match, MatchConfig, ResumeError};
    let g = game(Rules::lattjo().with_players(4));
    let m = Match::new(g.clone(), MatchConfig::new(Some(3), None).expect("config"));
    let by_seat = |t: [i64; 4]| BySeat::from_fn(4, |s| t[s.index()]);
    let refused = m.resume(g.new_state(), by_seat([2, 1, 0, 1]));
    assert!(
        refused
            == Err(ResumeError::Partners {
                seat: Seat::new(0),
                partner: Seat::new(2)
            }),
        "{refused:?}"
    );
    let state = m
        .resume(g.new_state(), by_seat([2, 1, 2, 1]))
        .expect("partners level");
    assert_eq!(m.check_state(&state), Ok(()));
    // Singles: each seat is its own side.
    let singles = game(Rules::lattjo());
    let m = Match::new(
        singles.clone(),
        MatchConfig::new(Some(3), None).expect("config"),
    );
    assert!(
        m.resume(
            singles.new_state(),
            BySeat::from_fn(2, |s| [2, 0][s.index()])
        )
        .is_ok()
    );
}
