//! Every rule, foul and decision of shared/rules/disc-billiards.md checked on constructed
//! situations: discs placed by hand, the stroke's events fed in as an [`Outcome`].
//!
//! Singles layout (B1): seat 0 strikes from the south; his discs 0-7 stand along the north
//! cushion at x = 0.182, 0.130, 0.078, 0.026, -0.026, -0.078, -0.130, -0.182 (y = 0.474).
//! Seat 1's discs 8-15 stand along the south cushion at x = -0.182 ... 0.182 (y = -0.474).
//!
//! P4 (grammar slips in the booklet's N7-N13) changes nothing: the rules are tested as the
//! rules file translates them.

use boardgame_core::Seat;
use lattjo_disc_billiards::{
    Body, Call, CallError, Compass, DebtSettlement, DirectAtDark, DiscId, Foul, Novuss,
    OffTablePlacement, Outcome, OutcomeError, OwnDiscOffTable, Penalty, PlayError, PuckReturnRule,
    Rules, Setup, Side, SideReboundToDark, State, Status, Stroke, StrokeError, StrokeKind,
    TechniqueBreach, TurnLoss, Vec2,
};

const P: Body = Body::Puck;
/// The puck on the middle line of the striker's zone, 9 cm from his cushion, in his own frame
/// (for seat 0 the board point (0, -0.41), for seat 1 (0, 0.41)).
const SPOT: Vec2 = Vec2::new(0.0, 0.09);
/// Where the puck stops when a test does not care: mid-table, outside every zone.
const MID: Vec2 = Vec2::new(0.3, 0.1);

fn d(i: u8) -> Body {
    Body::Disc(DiscId(i))
}

fn game(rules: Rules) -> Novuss {
    Novuss::new(rules).expect("valid rules")
}

/// A stroke straight ahead from the spot, for any seat (seat 0 plays it up the table).
fn up() -> Stroke {
    Stroke::new(SPOT, Vec2::new(0.0, 1.0), 4.0)
}

fn edit(g: &Novuss, f: impl FnOnce(&mut Setup)) -> State {
    let mut s = g.new_state().to_setup();
    f(&mut s);
    g.from_setup(s.clone()).expect("valid constructed position")
}

fn at(pos: &State, i: u8) -> Option<Vec2> {
    pos.discs()[usize::from(i)].at
}

#[test]
fn n5_n6_pocketing_an_own_disc_continues_the_turn() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    assert_eq!(r.own_pocketed, 1);
    assert_eq!(pos.to_move(), Seat::new(0));
    assert_eq!(pos.pocketed(Side::A), 1);
    assert_eq!(pos.strokes(), 1);
}

#[test]
fn n7a_opponent_disc_with_own_disc_ends_the_turn_without_penalty() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .contact(0.3, d(3), d(9))
        .pocket(0.5, d(3))
        .pocket(0.6, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::OpponentWithOwn));
    assert!(r.fouls.is_empty());
    assert_eq!(r.penalty, Penalty::None);
    assert_eq!(pos.to_move(), Seat::new(1));
    // B11: the opponent's disc counts for its owner.
    assert_eq!(pos.pocketed(Side::B), 1);
    assert_eq!(pos.pocketed(Side::A), 1);
}

#[test]
fn n7b_nothing_pocketed_ends_the_turn_without_penalty() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .moved(DiscId(3), Vec2::new(0.026, 0.30));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::NothingPocketed));
    assert!(r.fouls.is_empty());
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_eq!(
        at(&pos, 3),
        Some(Vec2::new(0.026, 0.30)),
        "rest positions are applied"
    );
}

#[test]
fn n7c_b12_own_disc_off_the_table_loses_the_turn_and_goes_to_the_centre() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .pocket(0.4, d(2))
        .off_table(0.5, d(3), Vec2::new(0.1, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(
        r.losses.contains(TurnLoss::OffTable),
        "own disc pocketed, but a disc left: N7(c)"
    );
    assert!(r.fouls.is_empty(), "B12 default: no foul");
    assert_eq!(r.returned, 1);
    assert_eq!(
        at(&pos, 3),
        Some(Vec2::new(0.0, 0.0)),
        "centre of the centre circle"
    );
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b12_option_own_disc_off_the_table_is_a_foul() {
    let mut rules = Rules::lattjo();
    rules.own_disc_off_table = OwnDiscOffTable::Foul;
    let g = game(rules);
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .pocket(0.4, d(2))
        .off_table(0.5, d(3), Vec2::new(0.1, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OwnOffTable));
    // B15: the disc pocketed in the foul stroke pays the penalty.
    assert_eq!(r.penalty, Penalty::Placed(DiscId(2)));
    assert_eq!(pos.pocketed(Side::A), 0);
}

#[test]
fn n7d_n8_f1_puck_pocketed_is_a_foul() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3)).pocket(0.3, d(3)).pocket(0.9, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost));
    assert!(r.losses.contains(TurnLoss::Foul));
    assert_eq!(pos.to_move(), Seat::new(1));
    // B10, B15: disc 3 stays pocketed, then pays the penalty; nothing is owed.
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)));
    assert_eq!(pos.debt(Side::A), 0);
}

#[test]
fn f1_puck_off_the_table_is_a_foul() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .off_table(0.3, P, Vec2::new(0.0, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost));
    assert_eq!(r.penalty, Penalty::Debt, "N10: nothing pocketed, so a debt");
    assert_eq!(pos.debt(Side::A), 1);
}

#[test]
fn f2_touching_no_own_disc_with_a_light_disc_on_the_table() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.kind, StrokeKind::Rebound(Compass::North));
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.penalty, Penalty::Debt);
}

#[test]
fn f3_opponent_disc_first() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(9)).contact(0.5, P, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert!(!r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.kind, StrokeKind::Direct(DiscId(9)));
}

#[test]
fn f3_own_and_opponent_disc_at_the_same_moment() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .contact(0.2, P, d(9))
        .pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    // Just after (beyond SIMULTANEOUS_S) is fine.
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(3))
        .contact(0.2001, P, d(9))
        .pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
    assert!(r.continues());
}

#[test]
fn b8_f3_applies_to_rebound_strokes() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::East)
        .contact(0.2, P, d(9))
        .contact(0.5, P, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.kind, StrokeKind::Rebound(Compass::East));
    assert!(r.fouls.contains(Foul::OpponentFirst));
}

/// Seat 0 with disc 3 moved into the centre circle (dark, N11) and the rest of his row
/// still light.
fn with_dark_disc(g: &Novuss) -> State {
    edit(g, |s| s.discs[3].at = Some(Vec2::new(0.0, 0.0)))
}

#[test]
fn f4_direct_stroke_at_a_dark_disc_is_a_foul_and_the_disc_is_put_back() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    assert!(pos.is_dark(Seat::new(0), DiscId(3)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(r.restored, 1);
    // Invariant 7: back where it stood, off the pocket list.
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)));
    assert_eq!(r.own_pocketed, 0);
    assert_eq!(r.penalty, Penalty::Debt);
    // A dark disc knocked away (not pocketed) is put back too.
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .moved(DiscId(3), Vec2::new(0.2, 0.2));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)));
}

#[test]
fn f4_restored_disc_whose_spot_is_taken_goes_to_the_nearest_free_spot() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    // Disc 3 is driven away and disc 9 rolls onto its spot.
    out.contact(0.1, P, d(3))
        .moved(DiscId(3), Vec2::new(0.2, 0.2))
        .moved(DiscId(9), Vec2::new(0.0, 0.01));
    g.resolve(&mut pos, &out).unwrap();
    let p3 = at(&pos, 3).unwrap();
    assert!(
        (p3.distance(Vec2::new(0.0, 0.01)) - 0.052).abs() < 0.003,
        "touching disc 9: {p3}"
    );
}

#[test]
fn n13a_dark_disc_after_the_opposite_cushion_is_fair() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(3))
        .pocket(0.8, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues(), "N12: a rebound may pocket a dark disc");
    assert_eq!(at(&pos, 3), None);
}

#[test]
fn n13b_dark_disc_after_a_light_disc_is_fair() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(2))
        .contact(0.4, P, d(3))
        .pocket(0.8, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.kind, StrokeKind::Direct(DiscId(2)));
    assert!(r.fouls.is_empty());
    assert!(r.continues());
}

#[test]
fn n13c_dark_disc_knocked_by_an_own_light_disc_is_fair() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(2))
        .contact(0.4, d(2), d(3))
        .pocket(0.8, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
    assert!(r.continues());
}

/// P6: the booklet names only the opposite cushion (N13(a)); the side-cushion route is an
/// option.
#[test]
fn b6_side_rebound_onto_a_dark_disc_is_f4_unless_allowed() {
    let g = game(Rules::lattjo());
    let mut pos = with_dark_disc(&g);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::East)
        .contact(0.3, P, d(3))
        .pocket(0.8, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)));

    let mut rules = Rules::lattjo();
    rules.side_rebound_to_dark = SideReboundToDark::Allowed;
    let g = game(rules);
    let mut pos = with_dark_disc(&g);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
    assert!(r.continues());
}

#[test]
fn mini_novuss_allows_direct_strokes_at_dark_discs() {
    let mut rules = Rules::mini();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::LineVisible;
    assert_eq!(rules.direct_at_dark, DirectAtDark::Allowed);
    let g = game(rules);
    let mut pos = edit(&g, |s| s.discs[2].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2)).pocket(0.5, d(2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
    assert!(r.continues());
}

#[test]
fn b7_no_light_disc_left_f2_and_f3_do_not_apply() {
    let g = game(Rules::lattjo());
    // Seat 0's only disc on the table lies in the centre circle (dark); the rest pocketed.
    let mut pos = edit(&g, |s| {
        for i in 0..8 {
            s.discs[i].at = None;
        }
        s.discs[0].at = Some(Vec2::new(0.05, 0.0));
    });
    assert!(!pos.has_light(Seat::new(0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.2, P, d(9)).cushion(0.3, P, Compass::West);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(
        r.fouls.is_empty(),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert!(r.losses.contains(TurnLoss::NothingPocketed));
    // B7: N13 still holds: a direct stroke onto the dark disc is F4.
    let mut pos2 = pos.clone();
    pos2 = {
        let mut s = pos2.to_setup();
        s.to_move = Seat::new(0);
        g.from_setup(s.clone()).unwrap()
    };
    let mut out = Outcome::still(&pos2, MID);
    out.contact(0.2, P, d(0));
    let r = g.resolve(&mut pos2, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
}

#[test]
fn f5_direct_stroke_sends_an_opponent_disc_off_the_table() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .off_table(0.3, d(9), Vec2::new(-0.5, 0.2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(
        at(&pos, 9),
        Some(Vec2::new(0.0, 0.0)),
        "centre of the circle"
    );
    assert!(r.losses.contains(TurnLoss::OffTable));
}

#[test]
fn f5_centre_taken_the_disc_goes_on_the_circle_edge_on_the_exit_side() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[10].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .off_table(0.3, d(9), Vec2::new(-0.5, 0.0));
    g.resolve(&mut pos, &out).unwrap();
    let p = at(&pos, 9).unwrap();
    assert!(
        p.distance(Vec2::new(-0.125, 0.0)) < 1e-12,
        "left on the west: west edge of the circle, got {p}"
    );
}

/// P5: F5 covers direct strokes only; any other disc off the table is N7(c), a loss of turn.
#[test]
fn b13_opponent_disc_off_the_table_after_a_rebound_is_no_foul() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::West)
        .contact(0.2, P, d(3))
        .contact(0.25, d(3), d(9));
    out.off_table(0.3, d(9), Vec2::new(0.5, -0.2))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert_eq!(at(&pos, 9), Some(Vec2::new(0.0, 0.0)));

    let mut rules = Rules::lattjo();
    rules.off_table_placement = OffTablePlacement::OriginalSpot;
    let g = game(rules);
    let mut pos = g.new_state();
    let before = at(&pos, 9);
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(at(&pos, 9), before);
}

#[test]
fn lnf_opponent_disc_off_by_a_direct_stroke_returns_to_its_spot() {
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    let mut pos = g.new_state();
    let before = at(&pos, 9);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .off_table(0.3, d(9), Vec2::new(0.5, -0.2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(at(&pos, 9), before);
}

#[test]
fn n9_penalty_disc_on_the_centre_line_against_the_cushion_opposite_the_offender() {
    let g = game(Rules::lattjo());
    // Discs 3 and 4 (x = +-0.026 on the north cushion) were pocketed before: the spot is free.
    let mut pos = edit(&g, |s| {
        s.discs[3].at = None;
        s.discs[4].at = None;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(
        r.penalty,
        Penalty::Placed(DiscId(3)),
        "the lowest-numbered pocketed disc"
    );
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.474)));
    // The north player's penalty goes against the south cushion.
    let mut pos = edit(&g, |s| {
        s.discs[11].at = None;
        s.discs[12].at = None;
        s.to_move = Seat::new(1);
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(11)));
    assert_eq!(at(&pos, 11), Some(Vec2::new(0.0, -0.474)));
}

#[test]
fn n9_b14_no_room_on_the_centre_line_uses_the_emptier_half() {
    let g = game(Rules::lattjo());
    // Disc 6 (x = -0.130) pocketed: the west half of the table has fewer discs.
    let mut pos = edit(&g, |s| s.discs[6].at = None);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9));
    g.resolve(&mut pos, &out).unwrap();
    let p = at(&pos, 6).unwrap();
    assert!(
        (p.y - 0.474).abs() < 1e-12,
        "against the north cushion: {p}"
    );
    assert!(p.x < 0.0, "on the emptier (west) half: {p}");
}

/// N10 with P3 read as "the penalty becomes a debt, placed later".
#[test]
fn n10_debt_when_nothing_is_pocketed_and_b16_paid_at_the_end_of_the_debtors_turn() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    // Foul with nothing pocketed: a debt.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    // Seat 1 misses.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(12));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.to_move(), Seat::new(0));
    // Seat 0 pockets an own disc: his turn continues and the debt waits (B16).
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.3, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    assert_eq!(r.debt_paid, 0);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.pocketed(Side::A), 1);
    // He misses: the turn ends and the debt is paid with the pocketed disc.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
}

#[test]
fn b16_option_immediate_settlement() {
    let mut rules = Rules::lattjo();
    rules.debt_settlement = DebtSettlement::Immediate;
    let g = game(rules);
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 1);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.3, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
}

#[test]
fn b15_a_disc_pocketed_in_the_foul_stroke_pays_the_penalty() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9))
        .contact(0.2, P, d(3))
        .pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)));
    assert_eq!(pos.debt(Side::A), 0);
}

#[test]
fn b9_several_fouls_cost_one_penalty_disc() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        s.discs[0].at = None;
        s.discs[1].at = None;
    });
    let mut out = Outcome::still(&pos, MID);
    // F3 and F1 and B21 (a called foul stroke) at once.
    out.contact(0.1, P, d(9)).pocket(0.5, P);
    let r = g.resolve_called_foul(&mut pos, &out).unwrap();
    assert!(r.fouls.iter().count() >= 3);
    assert!(matches!(r.penalty, Penalty::Placed(_)));
    assert_eq!(pos.pocketed(Side::A), 1, "exactly one of the two came out");
}

#[test]
fn b10_discs_pocketed_in_a_foul_stroke_stay_pocketed() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2))
        .pocket(0.2, d(2))
        .pocket(0.3, d(1))
        .pocket(0.4, d(10))
        .pocket(0.9, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost));
    // Two own discs pocketed; one comes out as the penalty; the opponent's stays down.
    assert_eq!(pos.pocketed(Side::A), 1);
    assert_eq!(pos.pocketed(Side::B), 1);
}

#[test]
fn n7e_puck_back_in_the_zone_ends_the_turn_and_b17_option() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, Vec2::new(0.2, -0.45));
    out.cushion(0.1, P, Compass::North)
        .contact(0.3, P, d(3))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::PuckReturned));
    assert!(r.fouls.is_empty());
    // B17 option: only after a direct stroke with a light disc; this was a rebound.
    let mut rules = Rules::lattjo();
    rules.puck_return_rule = PuckReturnRule::DirectStrokeWithLightDiscs;
    let g = game(rules);
    let mut pos = g.new_state();
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
}

#[test]
fn b18_opponent_disc_pocketed_alone_ends_the_turn_and_counts_for_its_owner() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .pocket(0.4, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::NothingPocketed));
    assert!(r.fouls.is_empty());
    assert_eq!(pos.pocketed(Side::B), 1);
}

fn last_disc_position(g: &Novuss) -> State {
    // Seat 0 has only disc 3 left; seat 1 only disc 12.
    edit(g, |s| {
        for i in 0..16 {
            if i != 3 && i != 12 {
                s.discs[i].at = None;
            }
        }
    })
}

#[test]
fn n14_n15_pocketing_the_last_disc_wins_at_once() {
    let g = game(Rules::lattjo());
    let mut pos = last_disc_position(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(pos.status(), Status::Won(Side::A));
    // No stroke is accepted after the end (invariant 8).
    let err = g.resolve(&mut pos.clone(), &out).unwrap_err();
    assert_eq!(err, PlayError::Stroke(StrokeError::GameOver));
    let err = g.strike(&mut pos.clone(), &up()).unwrap_err();
    assert_eq!(err, PlayError::Stroke(StrokeError::GameOver));
}

#[test]
fn n14_b16_a_side_with_debt_cannot_win() {
    let g = game(Rules::lattjo());
    let mut pos = last_disc_position(&g);
    pos = {
        let mut s = pos.to_setup();
        s.debt[Seat::new(0)] = 1;
        g.from_setup(s.clone()).unwrap()
    };
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None);
    assert!(r.continues(), "N6 while owing");
    // Next stroke: nothing of his on the table, nothing pocketed: turn ends, debt paid.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(12));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(
        r.fouls.is_empty(),
        "B7: no light disc, so F3 does not apply"
    );
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.on_table(Side::A), 1);
    assert_eq!(pos.status(), Status::Playing);
}

#[test]
fn b11_an_opponent_pocketing_the_owners_last_disc_makes_the_owner_win() {
    let g = game(Rules::lattjo());
    let mut pos = last_disc_position(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(12))
        .pocket(0.4, d(12));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::B));
}

#[test]
fn b11_both_sides_finishing_at_once_the_striker_wins() {
    let g = game(Rules::lattjo());
    let mut pos = last_disc_position(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(12))
        .pocket(0.4, d(12))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
}

/// N4 (strokes made standing, thin end of the cue, hands on the frame) has no sanction in the
/// booklet: the referee calls such a stroke a foul stroke, a foul by default (B21).
#[test]
fn b21_technique_breach_is_a_foul_unless_ignored() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve_called_foul(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::Technique));
    assert!(!r.continues());
    // Through the game: the called stroke is played and resolved with the foul.
    let mut pos = g.new_state();
    let report = g
        .call(&mut pos, &Call::FoulStroke(Seat::new(0), up()))
        .unwrap();
    let r = report.stroke.unwrap();
    assert!(r.fouls.contains(Foul::Technique));
    assert!(report.turn_passed);
    assert_eq!(pos.to_move(), Seat::new(1));
    // Ignored: a called foul stroke is refused (the state unchanged); the same outcome
    // resolved plainly continues.
    let g = game(Rules::lattjo().with_technique_breach(TechniqueBreach::Ignore));
    let mut pos = g.new_state();
    assert_eq!(
        g.call(&mut pos, &Call::FoulStroke(Seat::new(0), up())),
        Err(PlayError::Call(CallError::TechniqueIgnored))
    );
    assert_eq!(pos, g.new_state());
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
}

#[test]
fn b22_lnf_first_contact_with_a_disc_in_the_own_zone() {
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    // An opponent disc lies in seat 0's zone (seat 1's row along the south cushion).
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.01, P, d(12)).contact(0.3, P, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::ZoneContact));
    // The booklet has no such foul (only F3 here).
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(!r.fouls.contains(Foul::ZoneContact));
}

#[test]
fn lnf_dark_only_stroke_must_reach_the_opposite_cushion_or_the_circle() {
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    let g = game(rules);
    let only_dark = |g: &Novuss| {
        edit(g, |s| {
            for i in 0..8 {
                s.discs[i].at = None;
            }
            s.discs[0].at = Some(Vec2::new(0.05, 0.0));
        })
    };
    let mut pos = only_dark(&g);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::East);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkOnlyShort));
    let mut pos = only_dark(&g);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty());
}

#[test]
fn b5_direct_rebound_and_no_contact() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let out = Outcome::still(&pos, Vec2::new(0.0, -0.2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.kind, StrokeKind::NoContact);
    assert!(r.fouls.contains(Foul::NoOwnDisc));
}

#[test]
fn n16_b19_b20_pairs_clockwise_partner_discs_are_own_penalty_opposite_offender() {
    let g = game(Rules::lattjo().with_players(4));
    let mut pos = g.new_state();
    assert_eq!(pos.discs().len(), 32);
    // Seat 0 (south) owns discs 0-7 along the north cushion; seat 2 (north, his partner)
    // discs 16-23 along the south cushion. Pocketing the partner's disc is pocketing an own
    // disc (N16).
    let partner_disc = (16u8..24)
        .find(|&i| pos.discs()[usize::from(i)].side == Side::A)
        .unwrap();
    assert_eq!(partner_disc, 16);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North)
        .contact(0.3, P, d(16))
        .pocket(0.6, d(16));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(
        r.fouls.is_empty(),
        "rebound onto the partner's (dark) disc: N12"
    );
    assert!(r.continues());
    // A miss passes the turn clockwise to seat 1 (west), an opponent (B20).
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.to_move(), Seat::new(1));
    // Seat 1 (west) fouls: the penalty is charged to side B and goes on the centre line
    // against the east cushion (B14: opposite the offending player). Seat 1's own row
    // stands along the east cushion, so it goes beside the row on the emptier half.
    let mut s = pos.to_setup();
    for i in 0..32 {
        if s.discs[i].side == Side::B && s.discs[i].at.is_some_and(|p| p.x > 0.4) && i % 8 == 3 {
            s.discs[i].at = None;
        }
    }
    let mut pos = g.from_setup(s.clone()).unwrap();
    let mut out = Outcome::still(&pos, Vec2::new(0.1, 0.3));
    out.contact(0.1, P, d(3)).pocket(0.9, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    let Penalty::Placed(id) = r.penalty else {
        panic!("expected a placed penalty, got {:?}", r.penalty)
    };
    let p = pos.discs()[id.index()].at.unwrap();
    assert!((p.x - 0.474).abs() < 1e-12, "against the east cushion: {p}");
    assert_eq!(
        pos.to_move(),
        Seat::new(2),
        "clockwise: south, west, north, east"
    );
}

#[test]
fn b2_the_caller_chooses_who_strikes_first() {
    let g = game(Rules::lattjo());
    assert_eq!(g.new_state().to_move(), Seat::new(0));
    assert_eq!(
        g.initial_state(Seat::new(1)).unwrap().to_move(),
        Seat::new(1)
    );
    assert!(g.initial_state(Seat::new(2)).is_err());
}

/// B4 and invariant 6 (light/dark purity): classification depends on positions and the
/// striker only.
#[test]
fn b4_light_and_dark_are_decided_for_the_striker_at_the_moment_of_the_stroke() {
    let g = game(Rules::lattjo());
    // Disc 3 of seat 0 lies in seat 0's own zone: dark for him (N11). Moving it out by a
    // stroke makes it light for the next stroke: only positions count (invariant 6).
    let mut pos = edit(&g, |s| s.discs[3].at = Some(Vec2::new(0.25, -0.45)));
    assert!(pos.is_dark(Seat::new(0), DiscId(3)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North)
        .contact(0.3, P, d(3))
        .moved(DiscId(3), Vec2::new(0.25, -0.2));
    g.resolve(&mut pos, &out).unwrap();
    assert!(pos.is_light(Seat::new(0), DiscId(3)));
}

#[test]
fn bad_strokes_are_refused_and_the_position_is_unchanged() {
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    let s0 = Seat::new(0);
    // Places in seat 0's own frame: x along his cushion, y forward from it.
    let cases = [
        (
            Stroke::new(Vec2::new(f64::NAN, 0.09), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::NotFinite,
        ),
        (
            Stroke::new(SPOT, Vec2::new(0.0, f64::INFINITY), 2.0),
            StrokeError::NotFinite,
        ),
        (
            Stroke::new(SPOT, Vec2::new(0.0, 0.0), 2.0),
            StrokeError::NoDirection,
        ),
        (
            Stroke::new(SPOT, Vec2::new(0.0, 1.0), 0.0),
            StrokeError::Speed {
                speed: 0.0,
                max: 20.0,
            },
        ),
        (
            Stroke::new(SPOT, Vec2::new(0.0, 1.0), 9.0),
            StrokeError::Speed {
                speed: 9.0,
                max: 8.0,
            },
        ),
        // The centre of the table.
        (
            Stroke::new(Vec2::new(0.0, 0.5), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::NotInZone,
        ),
        // In the zone but no line shows through the hole (B3, the booklet's test).
        (
            Stroke::new(Vec2::new(0.2, 0.08), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::NotInZone,
        ),
        // In the other player's zone.
        (
            Stroke::new(Vec2::new(0.0, 0.91), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::NotInZone,
        ),
        (
            Stroke::new(Vec2::new(0.0, 0.04), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::OnDisc(DiscId(11)),
        ),
        (
            Stroke::new(Vec2::new(0.0, -0.1), Vec2::new(0.0, 1.0), 2.0),
            StrokeError::PuckOffTable,
        ),
    ];
    for (stroke, want) in cases {
        let mut p = pos.clone();
        assert_eq!(
            g.strike(&mut p, &stroke),
            Err(PlayError::Stroke(want)),
            "{stroke}"
        );
        assert_eq!(p, pos);
    }
    // The wrong seat.
    let err = g.check_stroke(&pos, Seat::new(1), &up()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Stroke(StrokeError::WrongSeat {
            expected: s0,
            got: Seat::new(1)
        })
    );
}

#[test]
fn malformed_outcomes_are_refused_and_the_position_is_unchanged() {
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    let mut bad = Vec::new();
    let mut o = Outcome::still(&pos, MID);
    o.contact(0.3, P, d(3)).contact(0.2, P, d(2));
    bad.push((o, OutcomeError::Time(1)));
    let mut o = Outcome::still(&pos, MID);
    o.pocket(0.3, d(3)).pocket(0.4, d(3));
    bad.push((o, OutcomeError::Impossible(1)));
    let mut o = Outcome::still(&pos, MID);
    o.contact(0.3, P, d(40));
    bad.push((o, OutcomeError::Disc(0, DiscId(40))));
    let mut o = Outcome::still(&pos, MID);
    o.contact(f64::NAN, P, d(3));
    bad.push((o, OutcomeError::Time(0)));
    let mut o = Outcome::still(&pos, MID);
    o.rest[5] = None;
    bad.push((o, OutcomeError::Rest(DiscId(5))));
    let mut o = Outcome::still(&pos, MID);
    o.puck_rest = None;
    bad.push((o, OutcomeError::PuckRest));
    let mut o = Outcome::still(&pos, MID);
    o.moved(DiscId(5), at(&pos, 4).unwrap());
    bad.push((o, OutcomeError::Overlap(DiscId(4), DiscId(5))));
    let mut o = Outcome::still(&pos, MID);
    o.moved(DiscId(5), Vec2::new(0.44, 0.44));
    bad.push((o, OutcomeError::Rest(DiscId(5))));
    for (o, want) in bad {
        let mut p = pos.clone();
        assert_eq!(g.resolve(&mut p, &o), Err(PlayError::Outcome(want)));
        assert_eq!(p, pos);
    }
}

#[test]
fn stroke_limit_draws_the_game() {
    let mut rules = Rules::lattjo();
    rules.stroke_limit = Some(1);
    let g = game(rules);
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.status(), Status::Drawn);
}

fn lnf_lenient(players: usize) -> Novuss {
    let mut rules = Rules::lnf();
    rules.placement_test = lattjo_disc_billiards::PlacementTest::Lenient;
    rules.players = players;
    game(rules)
}

#[test]
fn lnf_opening_equaliser_the_other_side_answers_and_loses_by_missing() {
    let g = lnf_lenient(2);
    // Still the opening series: seat 0 has one disc left and pockets it.
    let mut pos = edit(&g, |s| {
        for i in 0..8 {
            if i != 3 {
                s.discs[i].at = None;
            }
        }
    });
    assert!(pos.opening());
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None, "no win at once: the opponent answers");
    // Regression (proptest `section6_invariants_hold_over_random_games`, LNF, seed
    // 4114981645176099483): the report said the striker goes on (no turn loss) while the turn
    // passed to the answering side.
    assert!(r.losses.contains(TurnLoss::SeriesStopped) && !r.continues());
    assert_eq!(pos.answering(), Some(Side::A));
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_eq!(pos.status(), Status::Playing);
    // Seat 1 pockets one of his (continues), then misses: side A wins.
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(12)).pocket(0.4, d(12));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    assert_eq!(pos.status(), Status::Playing);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(11));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.status(), Status::Won(Side::A));
}

/// Found by libFuzzer (`disc_billiards_json`, a 4 kg puck): one stroke of the opening series
/// completed both sides. The equaliser then left side B an answering series with no disc to
/// play, a state whose own setup is refused ("an answering series needs ... exactly that side
/// finished"). B11 decides instead: the striking side wins.
#[test]
fn lnf_opening_equaliser_one_stroke_completing_both_sides_wins_for_the_striker_b11() {
    let g = lnf_lenient(2);
    let mut pos = edit(&g, |s| {
        for i in 0..16 {
            if i != 3 && i != 12 {
                s.discs[i].at = None;
            }
        }
    });
    assert!(pos.opening());
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .pocket(0.4, d(3))
        .pocket(0.5, d(12));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(pos.status(), Status::Won(Side::A));
    assert_eq!(pos.answering(), None);
    assert!(g.from_setup(pos.to_setup()).is_ok());
}

/// Side A cleared in the opening series; side B (seat 1) answers with one disc left, disc
/// 12, and pockets it: the game, the position and that stroke's outcome.
fn answering_side_pockets_its_last_disc() -> (Novuss, State, Outcome) {
    let g = lnf_lenient(2);
    let pos = edit(&g, |s| {
        for i in 0..16 {
            if i != 12 {
                s.discs[i].at = None;
            }
        }
        s.opening = false;
        s.answering = Some(Side::A);
        s.to_move = Seat::new(1);
        s.strokes = 9;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(12)).pocket(0.4, d(12));
    (g, pos, out)
}

#[test]
fn lnf_opening_equaliser_both_clear_and_the_set_is_replayed_with_the_first_stroke_swapped() {
    let (g, mut pos, out) = answering_side_pockets_its_last_disc();
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None);
    assert!(r.replayed, "the report says the set was replayed");
    assert_eq!(r.own_pocketed, 1, "what the stroke did before the replay");
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(
        pos.on_table(Side::A) + pos.on_table(Side::B),
        16,
        "a fresh layout"
    );
    assert_eq!(
        pos.to_move(),
        Seat::new(1),
        "the answering side now strikes first"
    );
    assert!(pos.opening());
    assert_eq!(pos.answering(), None);
    assert_eq!(pos.strokes(), 10);
}

/// The replay's report survives a JSON round trip; a state saved before `replayed` existed
/// reads it as `false`; a report claiming a replay where the state is no fresh set is
/// refused (deserialization validates).
#[cfg(feature = "serde")]
#[test]
fn lnf_a_replayed_sets_report_round_trips_and_a_false_claim_is_refused() {
    let (g, mut pos, out) = answering_side_pockets_its_last_disc();
    g.resolve(&mut pos, &out).unwrap();
    let json = serde_json::to_value(&pos).unwrap();
    assert_eq!(json["last"]["replayed"], serde_json::Value::Bool(true));
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, pos);
    // Without the field (an older file), and on a state no replay left.
    let (_, before, _) = answering_side_pockets_its_last_disc();
    let mut older = serde_json::to_value(&before).unwrap();
    older["last"] = json["last"].clone();
    older["last"].as_object_mut().unwrap().remove("replayed");
    let read: State = serde_json::from_value(older.clone()).unwrap();
    assert!(!read.last_resolution().unwrap().replayed);
    older["last"]["replayed"] = serde_json::Value::Bool(true);
    assert!(serde_json::from_value::<State>(older).is_err());
    // On the fresh set, but with someone else to strike.
    let mut other = json.clone();
    other["last"]["striker"] = 0.into();
    assert!(serde_json::from_value::<State>(other).is_err());
}

/// Regression (found beside the stopped-series report below): the answering side cleared
/// its last disc with a foul and the set was replayed with that side striking first, so a
/// foul kept the stroke. Section 5: a breach on the very last stroke loses the set, in the
/// answering series too.
#[test]
fn regression_lnf_a_breach_on_the_answering_sides_last_stroke_loses_the_set() {
    let (g, mut pos, out) = answering_side_pockets_its_last_disc();
    let r = g.resolve_called_foul(&mut pos, &out).unwrap();
    assert!(!r.fouls.is_empty());
    assert!(!r.replayed);
    assert_eq!(r.winner, Some(Side::A), "the side that cleared first wins");
    assert_eq!(pos.status(), Status::Won(Side::A));
    assert_eq!(pos.answering(), None);
}

#[test]
fn lnf_pairs_clearing_in_the_opening_series_loses_the_set() {
    let g = lnf_lenient(4);
    let mut pos = edit(&g, |s| {
        for (i, disc) in s.discs.iter_mut().enumerate() {
            if disc.side == Side::A && i != 3 {
                disc.at = None;
            }
        }
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::B));
}

#[test]
fn lnf_a_breach_on_the_last_stroke_loses_the_set() {
    let g = lnf_lenient(2);
    let mut pos = edit(&g, |s| {
        for i in 0..8 {
            if i != 3 {
                s.discs[i].at = None;
            }
        }
        s.opening = false;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve_called_foul(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::B));
    // The booklet: the penalty disc comes back and the game goes on.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        for i in 0..8 {
            if i != 3 {
                s.discs[i].at = None;
            }
        }
    });
    let r = g.resolve_called_foul(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(pos.status(), Status::Playing);
}

#[test]
fn lnf_doubles_direct_stroke_knocking_an_opponent_disc_into_the_centre_circle() {
    let g = lnf_lenient(4);
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(8))
        .moved(DiscId(8), Vec2::new(0.0, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::BlindZone));
    // Not in singles, and not without the option.
    let g = lnf_lenient(2);
    let mut pos = g.new_state();
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(!r.fouls.contains(Foul::BlindZone));
}

/// Seat 0 with only dark discs left: disc 0 in the centre circle (and disc 1 beside it when
/// `two`), the rest of his row pocketed; seat 1's row complete (B7: no light disc left).
fn only_dark_discs(g: &Novuss, two: bool) -> State {
    edit(g, |s| {
        for i in 0..8 {
            s.discs[i].at = None;
        }
        s.discs[0].at = Some(Vec2::new(0.03, 0.0));
        if two {
            s.discs[1].at = Some(Vec2::new(-0.03, 0.0));
        }
    })
}

/// Issue 15.11 (N13 with B7): the crate checked only what the puck touched, so a dark disc
/// knocked in by an opponent's disc counted as fair and could win the game. N13 allows three
/// routes only; any other is sanctioned as F4 (library decision, docs): a foul, one penalty
/// disc, the disc back where it stood, the turn lost.
#[test]
fn issue_15_11_n13_b7_a_dark_disc_knocked_in_by_an_opponents_disc_is_a_foul() {
    let g = game(Rules::lattjo());
    let mut pos = only_dark_discs(&g, false);
    assert!(!pos.has_light(Seat::new(0)));
    assert!(pos.is_dark(Seat::new(0), DiscId(0)));
    let mut out = Outcome::still(&pos, MID);
    // A rebound off the opposite cushion (N13(a) would make the puck fair), but the puck hits
    // an opponent's disc, which knocks the dark disc in.
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(9))
        .contact(0.5, d(9), d(0))
        .pocket(0.8, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkKnockedIn), "{:?}", r.fouls);
    assert_eq!(r.winner, None, "the game is not won by it");
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(
        at(&pos, 0),
        Some(Vec2::new(0.03, 0.0)),
        "put back where it stood"
    );
    assert_eq!(r.restored, 1);
    assert_eq!(r.own_pocketed, 0);
    assert!(
        matches!(r.penalty, Penalty::Placed(_)),
        "one penalty disc (F4)"
    );
    assert!(r.losses.contains(TurnLoss::Foul));
    assert_eq!(pos.to_move(), Seat::new(1));
}

/// Issue 15.11, the class: the last contact decides (it is the one that knocked the disc in),
/// and only the puck after it cleared (N13(a), (b)) or an own light disc (N13(c)) may knock a
/// dark disc in. Another dark disc of his may not: it does not lie outside the dark zones.
#[test]
fn issue_15_11_n13_only_the_three_routes_knock_a_dark_disc_in() {
    let g = game(Rules::lattjo());
    // Knocked in by his other dark disc, which the puck struck fairly.
    let mut pos = only_dark_discs(&g, true);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(1))
        .contact(0.5, d(1), d(0))
        .pocket(0.8, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkKnockedIn));
    assert_eq!(at(&pos, 0), Some(Vec2::new(0.03, 0.0)));
    // Struck fairly by the puck first, then knocked in by an opponent's disc: unfair.
    let mut pos = only_dark_discs(&g, false);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(0))
        .contact(0.5, d(9), d(0))
        .pocket(0.8, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkKnockedIn));
    // The fair route (a): the puck after the opposite cushion, then a cushion in between
    // (a cushion does not change who knocked it in): fair, and it wins the game.
    let mut pos = only_dark_discs(&g, false);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(0))
        .cushion(0.6, d(0), Compass::West)
        .pocket(0.8, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert_eq!(r.winner, Some(Side::A));
    // A dark disc merely touched by an opponent's disc, not knocked in: no foul.
    let mut pos = only_dark_discs(&g, false);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.2, P, Compass::North)
        .contact(0.4, P, d(9))
        .contact(0.5, d(9), d(0))
        .moved(DiscId(0), Vec2::new(0.1, 0.1));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
}

/// Issue 15.12 (B14 in pairs): seat 0 fouled with nothing in the pocket, so the penalty became
/// a debt of his side, settled at the end of his partner's (seat 2's) turn. The disc went
/// against the cushion opposite the partner; B14 (and N9) say opposite the player who fouled.
#[test]
fn issue_15_12_b14_pairs_a_settled_debt_goes_opposite_the_seat_that_fouled() {
    let g = game(Rules::lattjo().with_players(4));
    // Seat 0 (south) fouls with nothing of side A pocketed: a debt for his foul.
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.debt_of(Seat::new(0)), 1);
    assert_eq!(pos.debt_of(Seat::new(2)), 0);
    // Seat 1 (west) misses; seat 2 (north, his partner) pockets an own disc, then misses:
    // his turn ends and side A's debt is settled with the disc just pocketed.
    let mut out = Outcome::still(&pos, Vec2::new(0.1, 0.3));
    out.contact(0.1, P, d(11));
    g.resolve(&mut pos, &out).unwrap();
    assert_eq!(pos.to_move(), Seat::new(2));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(16)).pocket(0.5, d(16));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(17));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    // Disc 16 paid the debt: on the centre line's cushion opposite seat 0 (the north one),
    // not opposite seat 2 (the south one).
    let p = at(&pos, 16).unwrap();
    assert!(
        (p.y - 0.474).abs() < 1e-12,
        "against the north cushion: {p}"
    );
}

/// Found by the second model (tests/model.rs): under `DirectAtDark::Allowed` (mini-novuss) a
/// dark disc the puck struck directly, whose last contact was then with an opponent's disc,
/// dropped as a fair pocket, though N13 (with B7, the docs' decision for a dark disc knocked
/// in by a body N13 does not allow) applies whatever the puck may touch: the same disc after
/// a fair rebound off the opposite cushion was already a foul. The N13 check was skipped for
/// every disc the puck touched before it cleared, also where F4 does not apply.
#[test]
fn regression_mini_a_dark_disc_struck_directly_then_knocked_in_by_an_opponents_disc_n13() {
    for rules in [
        Rules::mini().with_placement_test(lattjo_disc_billiards::PlacementTest::LineVisible),
        Rules::lattjo().with_direct_at_dark(DirectAtDark::Allowed),
    ] {
        let g = game(rules);
        let mut pos = edit(&g, |s| s.discs[2].at = Some(Vec2::new(0.0, 0.0)));
        assert!(pos.is_dark(Seat::new(0), DiscId(2)));
        let opp = (0..pos.discs().len() as u8)
            .find(|&i| pos.discs()[usize::from(i)].side == Side::B)
            .unwrap();
        let mut out = Outcome::still(&pos, MID);
        // The puck strikes the dark disc directly (allowed), which then touches an opponent's
        // disc last before it drops.
        out.contact(0.1, P, d(2))
            .contact(0.2, d(2), d(opp))
            .pocket(0.5, d(2));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(
            r.fouls.contains(Foul::DarkKnockedIn),
            "{:?}",
            r.fouls.iter().collect::<Vec<_>>()
        );
        assert!(
            !r.fouls.contains(Foul::DarkDisc),
            "the direct touch is allowed"
        );
        assert_eq!(at(&pos, 2), Some(Vec2::new(0.0, 0.0)), "put back (F4, B10)");
        assert_eq!((r.own_pocketed, r.restored), (0, 1));
        assert!(r.losses.contains(TurnLoss::Foul));
    }
}

/// Found by the second model (tests/model.rs): the rules file judges whether a disc is inside
/// a zone by its hole (section 1: "the hole is used to judge whether a disc is inside a zone";
/// B4), and the crate did so for light and dark and for the LNF doubles blind zone, but B22's
/// "a disc in the striker's own zone" and the LNF dark-only rule's "a disc in the circle"
/// looked at the disc's centre alone. A disc whose centre is inside but whose hole shows the
/// line is not inside.
#[test]
fn regression_b22_and_lnf_dark_only_judge_a_disc_in_a_zone_by_its_hole() {
    let g = lnf_lenient(2);
    // B22: seat 0's zone runs 0.13 m in from the south cushion (y = -0.5). Disc 12 (seat 1's)
    // with its centre 0.128 m in: its hole (radius 6 mm) crosses the end line.
    for (v, foul) in [(0.128, false), (0.1, true)] {
        let mut pos = edit(&g, |s| s.discs[12].at = Some(Vec2::new(0.2, v - 0.5)));
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.1, P, d(12));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert_eq!(r.fouls.contains(Foul::ZoneContact), foul, "centre {v} m in");
    }
    // LNF, only dark discs: the rebound off the east cushion touches disc 9 (seat 1's) with
    // its centre 0.121 m from the table's centre: its hole crosses the circle's line
    // (radius 0.125), so the stroke reached neither the opposite cushion nor a disc in the
    // circle.
    for (r9, foul) in [(0.121, true), (0.09, false)] {
        let mut pos = edit(&g, |s| {
            for i in 0..8 {
                s.discs[i].at = None;
            }
            s.discs[0].at = Some(Vec2::new(0.03, 0.0));
            s.discs[9].at = Some(Vec2::new(0.0, -r9));
        });
        let mut out = Outcome::still(&pos, MID);
        out.cushion(0.1, P, Compass::East).contact(0.3, P, d(9));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert_eq!(
            r.fouls.contains(Foul::DarkOnlyShort),
            foul,
            "centre {r9} m out"
        );
    }
}

/// Found by the second model (tests/model.rs): two dark discs touched against F4, the second
/// coming to rest on the first one's spot. The discs were put back one by one, the first
/// while the second still lay on its spot, so it went to the nearest free spot though the
/// second went back to its own: invariant 7 (after F4 the dark disc touched is back at its
/// pre-stroke position) failed. Every disc to be restored leaves the table first.
#[test]
fn regression_f4_two_restored_dark_discs_both_go_back_where_they_stood_invariant_7() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        s.discs[2].at = Some(Vec2::new(0.0, 0.0));
        s.discs[3].at = Some(Vec2::new(0.06, 0.0));
    });
    assert!(pos.is_dark(Seat::new(0), DiscId(2)) && pos.is_dark(Seat::new(0), DiscId(3)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, P, d(2))
        .moved(DiscId(2), Vec2::new(0.3, 0.3))
        .moved(DiscId(3), Vec2::new(0.0, 0.01));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(r.restored, 2);
    assert_eq!(at(&pos, 2), Some(Vec2::new(0.0, 0.0)));
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.06, 0.0)));
}

/// Regression (an audit against the rules file, N13 and the physics' contacts): a dark disc
/// the puck struck fairly after the opposite cushion (N13(a)) while it touched another dark
/// disc was judged knocked in by that disc, since the engine reports the contact with every
/// touching neighbour at the impact's instant, after the puck's. Contacts within
/// `SIMULTANEOUS_S` are one impact, and a fair body among them knocks the disc in fairly.
#[test]
fn regression_a_fair_rebound_into_touching_dark_discs_was_a_dark_knocked_in_foul_n13() {
    let g = game(Rules::lattjo());
    let touching = |g: &Novuss| {
        edit(g, |s| {
            s.discs[3].at = Some(Vec2::new(0.0, 0.0));
            s.discs[4].at = Some(Vec2::new(0.052, 0.0));
        })
    };
    let mut pos = touching(&g);
    assert!(pos.is_dark(Seat::new(0), DiscId(3)) && pos.is_dark(Seat::new(0), DiscId(4)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North)
        .contact(0.3, P, d(3))
        .contact(0.3, d(3), d(4))
        .moved(DiscId(4), Vec2::new(0.07, 0.01))
        .pocket(0.6, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
    // Listed the other way round within the instant, the same.
    let mut pos = touching(&g);
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.1, P, Compass::North)
        .contact(0.3, d(3), d(4))
        .contact(0.3, P, d(3))
        .moved(DiscId(4), Vec2::new(0.07, 0.01))
        .pocket(0.6, d(3));
    assert!(g.resolve(&mut pos, &out).unwrap().fouls.is_empty());
    // A later contact with the dark disc is a knock of its own (the docs' last contact),
    // and so is the same cluster struck through the other disc (N13(c): a dark disc may not
    // knock a dark disc in).
    for second in [0.35, 0.3] {
        let mut pos = touching(&g);
        let mut out = Outcome::still(&pos, MID);
        if second == 0.35 {
            out.cushion(0.1, P, Compass::North)
                .contact(0.3, P, d(3))
                .contact(0.35, d(3), d(4));
        } else {
            out.cushion(0.1, P, Compass::North)
                .contact(0.3, P, d(4))
                .contact(0.3, d(4), d(3));
        }
        out.moved(DiscId(4), Vec2::new(0.07, 0.01))
            .pocket(0.6, d(3));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(
            r.fouls.contains(Foul::DarkKnockedIn),
            "{second}: {:?}",
            r.fouls
        );
    }
}

/// Regression (an audit against the rules file, B6): `SideReboundToDark::Allowed` made dark
/// discs fair after any cushion, the striker's own included; the option covers a side
/// cushion (B6, P6), and the own cushion is neither that nor the opposite one of N13(a).
#[test]
fn regression_b6_allowed_also_let_the_strikers_own_cushion_make_dark_discs_fair() {
    let g = game(Rules::lattjo().with_side_rebound_to_dark(SideReboundToDark::Allowed));
    for (cushion, fair) in [
        (Compass::South, false),
        (Compass::East, true),
        (Compass::West, true),
        (Compass::North, true),
    ] {
        let mut pos = with_dark_disc(&g);
        let mut out = Outcome::still(&pos, MID);
        out.cushion(0.05, P, cushion)
            .contact(0.3, P, d(3))
            .pocket(0.6, d(3));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert_eq!(r.fouls.is_empty(), fair, "{cushion:?}: {:?}", r.fouls);
        assert_eq!(r.fouls.contains(Foul::DarkDisc), !fair, "{cushion:?}");
    }
    // Seat 1 strikes from the north: its own cushion is the north one.
    let mut pos = edit(&g, |s| {
        s.discs[11].at = Some(Vec2::new(0.0, 0.0));
        s.to_move = Seat::new(1);
    });
    assert!(pos.is_dark(Seat::new(1), DiscId(11)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::North)
        .contact(0.3, P, d(11))
        .pocket(0.6, d(11));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc), "{:?}", r.fouls);
}

/// Regression (an audit against the rules file): a cushion event of the puck after the puck
/// was pocketed (or left the table) was accepted, and could make the stroke a rebound; every
/// event naming a body after it is gone is refused (`OutcomeError::Impossible`).
#[test]
fn regression_a_puck_cushion_after_the_puck_was_gone_was_accepted() {
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.pocket(0.1, P).cushion(0.2, P, Compass::North);
    let mut after = pos.clone();
    assert_eq!(
        g.resolve(&mut after, &out),
        Err(PlayError::Outcome(OutcomeError::Impossible(1)))
    );
    assert_eq!(after, pos, "refused unchanged");
    let mut out = Outcome::still(&pos, MID);
    out.off_table(0.1, P, Vec2::new(0.0, 0.6))
        .cushion(0.2, P, Compass::East);
    assert_eq!(
        g.resolve(&mut after, &out),
        Err(PlayError::Outcome(OutcomeError::Impossible(1)))
    );
}

/// Regression (an audit against the rules file, B3): the LNF's placement test says the puck
/// "does not touch any disc when it is placed", but the crate refused only a puck lying on a
/// disc, as the other tests do. Seat 0's puck beside seat 1's disc at the board point
/// (0.182, -0.474) (the striker's frame: (0.182, 0.026)), at its own cushion (v = the puck's
/// radius): touching or within a nanometre of it is refused under the LNF's test and
/// accepted under the lenient one; a micrometre's gap is accepted.
#[test]
fn regression_b3_the_lnf_test_accepted_a_puck_touching_a_disc() {
    let lnf = Rules::lnf();
    let lenient = Rules::lnf().with_placement_test(lattjo_disc_billiards::PlacementTest::Lenient);
    let d = lnf.dimensions;
    let reach = d.puck_radius + d.disc_radius;
    let (disc_u, disc_v) = (0.182, 0.026);
    let v = d.puck_radius;
    let dv = v - disc_v;
    for (gap, lnf_ok) in [
        (-5e-10, false),
        (0.0, false),
        (5e-10, false),
        (1e-6, true),
        (1e-3, true),
    ] {
        let u = disc_u + ((reach + gap) * (reach + gap) - dv * dv).sqrt();
        let stroke = Stroke::new(Vec2::new(u, v), Vec2::new(0.0, 1.0), 3.0);
        let g = game(lnf);
        let pos = g.new_state();
        assert_eq!(pos.discs()[15].at, Some(Vec2::new(0.182, -0.474)));
        let r = g.check_stroke(&pos, Seat::new(0), &stroke);
        if lnf_ok {
            assert_eq!(r, Ok(()), "gap {gap}");
        } else {
            assert_eq!(
                r,
                Err(PlayError::Stroke(StrokeError::OnDisc(DiscId(15)))),
                "gap {gap}"
            );
        }
        let g = game(lenient);
        let pos = g.new_state();
        assert_eq!(
            g.check_stroke(&pos, Seat::new(0), &stroke),
            Ok(()),
            "gap {gap}"
        );
    }
}
