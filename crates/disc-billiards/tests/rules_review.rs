//! A reviewer's pass over the rules file (`disc-billiards.md`): each test is a scenario worked
//! out from the rule it is named after (N-rules, fouls F1-F5, B-decisions, the LNF options of
//! section 5), not from the implementation. Positions are built with [`Setup`]; strokes are
//! fed as constructed [`Outcome`]s.
//!
//! Singles layout (B1): seat 0 strikes from the south, his discs 0-7 along the north cushion
//! (y = 0.474); seat 1 strikes from the north, his discs 8-15 along the south cushion.

use boardgame_core::Seat;
use lattjo_disc_billiards::{
    Body, Compass, DebtSettlement, DiscId, Foul, Novuss, Outcome, Penalty, PlacementTest,
    PuckReturnRule, Rules, Setup, Side, State, Status, TurnLoss, Vec2,
};

const P: Body = Body::Puck;
/// Mid-table, outside every zone and the centre circle.
const MID: Vec2 = Vec2::new(0.3, 0.1);
const R: f64 = 0.026;

fn d(i: u8) -> Body {
    Body::Disc(DiscId(i))
}

fn game(rules: Rules) -> Novuss {
    Novuss::new(rules).expect("valid rules")
}

fn edit(g: &Novuss, f: impl FnOnce(&mut Setup)) -> State {
    let mut s = g.new_state().to_setup();
    f(&mut s);
    g.from_setup(s).expect("valid constructed position")
}

/// A stroke in which the puck touches nothing and stops mid-table.
fn miss(
    g: &Novuss,
    pos: &mut State,
) -> Result<lattjo_disc_billiards::Resolution, lattjo_disc_billiards::PlayError> {
    let out = Outcome::still(pos, MID);
    g.resolve(pos, &out)
}

fn at(pos: &State, i: u8) -> Option<Vec2> {
    pos.discs()[usize::from(i)].at
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

// ---------------------------------------------------------------------------------------
// Setup (N2, B1, B4)
// ---------------------------------------------------------------------------------------

#[test]
fn n2_b1_rows_of_eight_along_the_opposite_cushion_four_each_side_touching() {
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    for (side, y) in [(Side::A, 0.5 - R), (Side::B, -(0.5 - R))] {
        let mut xs: Vec<f64> = pos
            .discs()
            .iter()
            .filter(|d| d.side == side)
            .map(|d| {
                let p = d.at.unwrap();
                assert!((p.y - y).abs() < 1e-9, "{side}: along the cushion {p}");
                p.x
            })
            .collect();
        assert_eq!(xs.len(), 8);
        xs.sort_by(f64::total_cmp);
        assert_eq!(xs.iter().filter(|x| **x < 0.0).count(), 4);
        assert_eq!(xs.iter().filter(|x| **x > 0.0).count(), 4);
        for w in xs.windows(2) {
            assert!((w[1] - w[0] - 2.0 * R).abs() < 1e-9, "touching: {xs:?}");
        }
    }
    // B1: the owner's discs start light for him.
    for i in 0..8 {
        assert!(pos.is_light(Seat::new(0), DiscId(i)));
        assert!(pos.is_light(Seat::new(1), DiscId(i + 8)));
    }
}

#[test]
fn n11_b4_dark_is_the_strikers_zone_or_the_centre_circle_and_depends_on_the_striker() {
    let g = game(Rules::lattjo());
    let pos = edit(&g, |s| {
        s.discs[0].at = Some(Vec2::new(0.0, 0.0)); // centre circle
        s.discs[1].at = Some(Vec2::new(0.25, -0.43)); // seat 0's zone, clear of B's row
        s.discs[2].at = Some(Vec2::new(0.25, 0.43)); // seat 1's zone
        s.discs[8].at = Some(Vec2::new(0.05, 0.06)); // centre circle, B's
    });
    assert!(pos.is_dark(Seat::new(0), DiscId(0)));
    assert!(pos.is_dark(Seat::new(0), DiscId(1)));
    assert!(
        pos.is_light(Seat::new(0), DiscId(2)),
        "the other player's zone is not dark for seat 0"
    );
    assert!(pos.is_dark(Seat::new(1), DiscId(8)));
}

// ---------------------------------------------------------------------------------------
// Turn and fouls (N5-N8, B5-B10, B15, B17, B18)
// ---------------------------------------------------------------------------------------

#[test]
fn n5_f2_a_stroke_that_touches_nothing_counts_and_is_a_foul() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let r = miss(&g, &mut pos).unwrap();
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.penalty, Penalty::Debt, "N10: nothing pocketed");
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_eq!(pos.strokes(), 1);
}

#[test]
fn f4_b10_b15_a_restored_dark_disc_cannot_pay_the_penalty() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[0].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(0)).pocket(0.5, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(
        at(&pos, 0),
        Some(Vec2::new(0.0, 0.0)),
        "put back where it stood"
    );
    assert_eq!(r.own_pocketed, 0);
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert!(!r.continues());
}

#[test]
fn f4_b10_b15_a_light_disc_pocketed_in_the_f4_stroke_stays_and_pays() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[0].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(0))
        .moved(DiscId(0), Vec2::new(0.0, 0.2))
        .contact(0.2, d(0), d(1))
        .pocket(0.5, d(1));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(at(&pos, 0), Some(Vec2::new(0.0, 0.0)), "F4: restored");
    assert_eq!(r.penalty, Penalty::Placed(DiscId(1)));
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert!(!r.continues());
}

#[test]
fn n6_n7_own_disc_pocketed_but_the_puck_comes_back_into_the_zone_loses_the_turn() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, Vec2::new(0.25, -0.42));
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::PuckReturned));
    assert!(r.fouls.is_empty(), "N7: only (d) costs a penalty");
    assert_eq!(r.penalty, Penalty::None);
    assert_eq!(pos.pocketed(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b17_option_puck_return_only_after_a_direct_stroke_with_light_discs() {
    let rules = Rules::lattjo().with_puck_return_rule(PuckReturnRule::DirectStrokeWithLightDiscs);
    let g = game(rules);
    // Rebound stroke: no loss.
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, Vec2::new(0.25, -0.42));
    out.cushion(0.05, P, Compass::North)
        .contact(0.1, P, d(3))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues(), "{:?}", r.losses);
    // Direct stroke: loss.
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, Vec2::new(0.25, -0.42));
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::PuckReturned));
}

#[test]
fn n7c_b13_opponent_disc_knocked_off_after_a_rebound_is_a_plain_turn_loss() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::East)
        .contact(0.1, P, d(3))
        .contact(0.15, P, d(9))
        .pocket(0.3, d(3))
        .off_table(0.4, d(9), Vec2::new(-0.1, -0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert_eq!(r.returned, 1);
    assert_eq!(at(&pos, 9), Some(Vec2::new(0.0, 0.0)), "F5 placement");
    assert_eq!(pos.pocketed(Side::A), 1);
}

#[test]
fn f5_b9_direct_stroke_sending_an_opponent_disc_off_with_other_fouls_costs_one_disc() {
    let g = game(Rules::lattjo());
    // Two discs pocketed before: one penalty leaves one.
    let mut pos = edit(&g, |s| {
        s.discs[6].at = None;
        s.discs[7].at = None;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9))
        .off_table(0.3, d(9), Vec2::new(0.1, -0.5))
        .pocket(0.6, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert!(r.fouls.contains(Foul::PuckLost));
    assert!(matches!(r.penalty, Penalty::Placed(_)));
    assert_eq!(pos.pocketed(Side::A), 1, "B9: one penalty disc");
    assert_eq!(at(&pos, 9), Some(Vec2::new(0.0, 0.0)));
}

#[test]
fn f5_centre_occupied_goes_on_the_circle_edge_where_it_left() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[12].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .off_table(0.4, d(9), Vec2::new(-0.5, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    let p = at(&pos, 9).unwrap();
    assert!(p.x < 0.0, "west, where it left: {p}");
    assert!(
        (p.length() - 0.125).abs() < 2.0 * R,
        "on the circle's edge: {p}"
    );
    assert_no_overlap(&pos);
}

#[test]
fn f3_b8_rebound_then_simultaneous_own_and_opponent_is_a_foul() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::North)
        .contact(0.1, P, d(3))
        .contact(0.1, P, d(9))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)), "B15");
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.debt(Side::A), 0);
}

#[test]
fn b7_no_light_disc_touching_nothing_or_an_opponent_first_is_no_foul() {
    let g = game(Rules::lattjo());
    let ring = |k: usize| {
        let a = k as f64 * std::f64::consts::PI / 4.0;
        Vec2::new(a.cos(), a.sin()) * 0.085
    };
    let pos0 = edit(&g, |s| {
        for k in 0..8 {
            s.discs[k].at = Some(ring(k));
        }
    });
    assert!(!pos0.has_light(Seat::new(0)));
    let mut pos = pos0.clone();
    let r = miss(&g, &mut pos).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::NothingPocketed));
    assert_eq!(r.penalty, Penalty::None);
    let mut pos = pos0.clone();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    // N13 still holds: a direct stroke at a dark disc is F4.
    let mut pos = pos0;
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
}

#[test]
fn n12_n13a_a_rebound_off_the_opposite_cushion_may_pocket_a_dark_disc() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[0].at = Some(Vec2::new(0.25, -0.43)));
    assert!(pos.is_dark(Seat::new(0), DiscId(0)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::North)
        .contact(0.3, P, d(0))
        .pocket(0.6, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
    // Off his own (south) cushion first: not the opposite cushion, B6 makes it F4.
    let mut pos = edit(&g, |s| s.discs[0].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::South)
        .contact(0.3, P, d(0))
        .pocket(0.6, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(at(&pos, 0), Some(Vec2::new(0.0, 0.0)));
}

// ---------------------------------------------------------------------------------------
// Penalty discs and debts (N9, N10, B14-B16)
// ---------------------------------------------------------------------------------------

#[test]
fn b16_a_debt_and_a_new_foul_in_the_same_turn_are_both_counted() {
    // Seat 0 owes one. He pockets disc 3 (turn continues, debt waits), then misses (F2):
    // the new penalty takes disc 3 from the pocket; the old debt stays.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 1);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    let r = miss(&g, &mut pos).unwrap();
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(
        pos.debt(Side::A) as usize + pos.on_table(Side::A),
        9,
        "owed + on the table = 8 discs + 1 debt left"
    );
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.pocketed(Side::A), 0);
    // The same with immediate settlement: disc 3 pays the old debt at once, the foul is new
    // debt.
    let g = game(Rules::lattjo().with_debt_settlement(DebtSettlement::Immediate));
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 1);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues(), "N6 while owing");
    assert_eq!(pos.debt(Side::A), 0);
    let r = miss(&g, &mut pos).unwrap();
    assert_eq!(r.penalty, Penalty::Debt);
    assert_eq!(pos.debt(Side::A), 1);
}

#[test]
fn b14_several_debt_discs_alternate_halves_symmetrically_about_the_centre_line() {
    // A table symmetric about the centre line, so that N9's "half with fewer discs" and
    // B14's "alternate halves symmetrically" agree (on a lopsided table they need not: see
    // the review report). Seat 0 owes three; discs 0-2 are pocketed in his turn, which then
    // ends and all three are placed against the north cushion.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        for k in 0..8usize {
            s.discs[k].at = Some(if k < 3 {
                Vec2::new(-0.1 + 0.1 * k as f64, 0.15)
            } else {
                Vec2::new(-0.2 + 0.1 * (k as f64 - 3.0), 0.25)
            });
        }
        s.debt[Seat::new(0)] = 3;
    });
    for k in 0..3u8 {
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.1, P, d(k)).pocket(0.5, d(k));
        assert!(g.resolve(&mut pos, &out).unwrap().continues());
    }
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.debt_paid, 3);
    assert_eq!(pos.debt(Side::A), 0);
    let mut xs: Vec<f64> = (0..3u8)
        .map(|k| {
            let p = at(&pos, k).unwrap();
            assert!(
                (p.y - (0.5 - R)).abs() < 1e-9,
                "against the north cushion: {p}"
            );
            p.x
        })
        .collect();
    xs.sort_by(f64::total_cmp);
    assert!(xs[1].abs() < 1e-9, "one on the centre line: {xs:?}");
    assert!((xs[0] + xs[2]).abs() < 1e-9, "the others symmetric: {xs:?}");
    assert_no_overlap(&pos);
}

#[test]
fn b16_b19_in_pairs_the_partners_turn_settles_the_sides_debt() {
    // Seat 0 (side A) owes one. His partner seat 2 strikes for side A, pockets an A disc and
    // ends the turn: side A's turn ended, so its debt is settled (invariant 2).
    let g = game(Rules::lattjo().with_players(4));
    let mut pos = edit(&g, |s| {
        s.debt[Seat::new(0)] = 1;
        s.to_move = Seat::new(2);
    });
    let a_disc = (0u8..32)
        .find(|&i| {
            pos.discs()[usize::from(i)].side == Side::A && pos.is_light(Seat::new(2), DiscId(i))
        })
        .unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(a_disc)).pocket(0.5, d(a_disc));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.continues());
    let other = (0u8..32)
        .find(|&i| {
            i != a_disc
                && pos.discs()[usize::from(i)].side == Side::A
                && pos.is_light(Seat::new(2), DiscId(i))
        })
        .unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(other));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(!r.continues());
    assert_eq!(r.debt_paid, 1, "B16: end of the debtor side's turn");
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
}

// ---------------------------------------------------------------------------------------
// The win (N14, N15, B11, B16)
// ---------------------------------------------------------------------------------------

/// Side A with only disc 3 on the table, side B with only disc 11; seat 0 to strike.
fn last_discs(g: &Novuss) -> State {
    edit(g, |s| {
        for k in 0..16 {
            if k != 3 && k != 11 {
                s.discs[k].at = None;
            }
        }
    })
}

#[test]
fn n14_b15_a_foul_on_the_last_disc_puts_a_penalty_disc_back_so_no_win() {
    let g = game(Rules::lattjo());
    let mut pos = last_discs(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3)).pocket(0.8, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::PuckLost));
    assert_eq!(r.winner, None);
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(pos.on_table(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b11_a_foul_that_undoes_the_strikers_finish_lets_the_other_side_win() {
    // Disc 3 knocks the opponent's last disc in and drops too, but the puck drops (F1): A
    // puts one back, B is complete: B wins.
    let g = game(Rules::lattjo());
    let mut pos = last_discs(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(11))
        .pocket(0.4, d(11))
        .pocket(0.5, d(3))
        .pocket(0.8, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::B));
    assert_eq!(pos.status(), Status::Won(Side::B));
}

#[test]
fn b11_both_finish_in_one_stroke_the_striker_wins_and_no_stroke_follows() {
    let g = game(Rules::lattjo());
    let mut pos = last_discs(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(11))
        .pocket(0.4, d(11))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    let again = Outcome::still(&pos, MID);
    assert!(g.resolve(&mut pos, &again).is_err(), "invariant 8");
}

#[test]
fn n14_b16_pocketing_the_last_disc_while_owing_is_no_win_and_the_turn_goes_on() {
    let g = game(Rules::lattjo());
    // Side A: disc 3 on the table, the rest pocketed by the opponent, and a debt of one.
    let mut pos = edit(&g, |s| {
        for k in 0..8 {
            if k != 3 {
                s.discs[k].at = None;
            }
        }
        s.debt[Seat::new(0)] = 1;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None, "a side with debt cannot win");
    assert!(r.continues(), "N6");
    // His next stroke ends the turn; the debt is paid with a pocketed disc.
    let r = miss(&g, &mut pos).unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.on_table(Side::A), 1);
}

// ---------------------------------------------------------------------------------------
// Pairs (N16, B19, B20)
// ---------------------------------------------------------------------------------------

#[test]
fn n16_b19_in_pairs_the_partners_disc_in_the_strikers_zone_is_dark_and_own_for_f2() {
    let g = game(Rules::lattjo().with_players(4));
    let pos0 = g.new_state();
    assert_eq!(pos0.discs().len(), 32);
    assert_eq!(pos0.on_table(Side::A), 16);
    // Seat 2's row stands along the south cushion: in seat 0's zone.
    let partner: Vec<u8> = (0u8..32)
        .filter(|&i| {
            let d = pos0.discs()[usize::from(i)];
            d.side == Side::A && d.at.unwrap().y < -0.4
        })
        .collect();
    assert_eq!(partner.len(), 8);
    for &i in &partner {
        assert!(pos0.is_dark(Seat::new(0), DiscId(i)));
        assert!(
            pos0.is_light(Seat::new(2), DiscId(i)),
            "light for its owner"
        );
    }
    // A direct stroke at it is F4 for seat 0.
    let mut pos = pos0.clone();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(partner[3]));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert!(
        !r.fouls.contains(Foul::NoOwnDisc),
        "the partner's disc is own"
    );
    // The turn passes clockwise: south -> west.
    assert_eq!(pos.to_move(), Seat::new(1));
    assert_eq!(
        lattjo_disc_billiards::seat_compass(Seat::new(1), 4),
        Compass::West
    );
}

// ---------------------------------------------------------------------------------------
// Placement (N3, B3)
// ---------------------------------------------------------------------------------------

#[test]
fn b3_placement_tests_line_visible_and_lnf_hole_inside() {
    // In the striker's own frame: x along his cushion, y the distance from it.
    let booklet = game(Rules::lattjo()).new_state();
    // On the zone's middle line (x = 0), 10 cm from the cushion, clear of the discs.
    let middle = Vec2::new(0.0, 0.10);
    // Clear of every zone line: 20 cm right of the middle line.
    let clear = Vec2::new(0.20, 0.10);
    assert!(
        booklet.placement_ok(Seat::new(0), middle),
        "LineVisible: line in the hole"
    );
    assert!(
        !booklet.placement_ok(Seat::new(0), clear),
        "LineVisible: no line through the hole"
    );
    let lnf = game(Rules::lattjo().with_placement_test(PlacementTest::LnfHoleInside)).new_state();
    assert!(
        lnf.placement_ok(Seat::new(0), clear),
        "LNF: the hole wholly inside the zone"
    );
    // Straddling the end line (13 cm from the cushion): a zone line shows through the hole.
    assert!(!lnf.placement_ok(Seat::new(0), Vec2::new(0.2, 0.13)));
    // Outside the zone altogether: refused by both.
    assert!(!booklet.placement_ok(Seat::new(0), Vec2::new(0.0, 0.25)));
    assert!(!lnf.placement_ok(Seat::new(0), Vec2::new(0.2, 0.25)));
}

// ---------------------------------------------------------------------------------------
// Second pass: combinations
// ---------------------------------------------------------------------------------------

#[test]
fn b6_n13a_side_cushion_then_opposite_cushion_then_dark_disc_is_fair() {
    // B6: F4 only when the puck reaches the dark disc before touching the opposite cushion
    // or a light disc; here it touched the opposite cushion first.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[0].at = Some(Vec2::new(0.0, 0.0)));
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::East)
        .cushion(0.1, P, Compass::North)
        .contact(0.3, P, d(0))
        .pocket(0.6, d(0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
}

#[test]
fn f2_f3_the_puck_reaching_an_own_disc_only_through_an_opponents_disc() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(9))
        .contact(0.2, d(9), d(3))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert!(
        r.fouls.contains(Foul::NoOwnDisc),
        "the puck touched no own disc"
    );
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)), "B9, B15");
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn n7a_n8_own_and_opponent_pocketed_in_a_foul_stroke_cost_one_disc() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .pocket(0.4, d(9))
        .pocket(0.5, d(3))
        .pocket(0.8, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.losses.contains(TurnLoss::OpponentWithOwn));
    assert!(r.losses.contains(TurnLoss::Foul));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)));
    assert_eq!(pos.pocketed(Side::B), 1, "B11: it counts for its owner");
    assert_eq!(pos.pocketed(Side::A), 0);
}

#[test]
fn n14_the_last_disc_wins_even_when_the_stroke_also_loses_the_turn() {
    // N7(e) (puck back in the zone) and N7(a) (an opponent's disc too) are losses of turn,
    // not fouls: the game is over as soon as the last disc drops.
    let g = game(Rules::lattjo());
    let mut pos = last_discs(&g);
    let mut out = Outcome::still(&pos, Vec2::new(0.25, -0.42));
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
    // With an opponent's disc (not its last) too.
    let mut pos = edit(&g, |s| {
        for k in 0..8 {
            if k != 3 {
                s.discs[k].at = None;
            }
        }
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .pocket(0.4, d(9))
        .pocket(0.5, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::A));
}

#[test]
fn n14_f4_a_last_dark_disc_struck_directly_is_put_back_so_no_win() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        for k in 0..8 {
            if k != 3 {
                s.discs[k].at = None;
            }
        }
        s.discs[3].at = Some(Vec2::new(0.0, 0.0));
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(r.winner, None);
    assert_eq!(at(&pos, 3), Some(Vec2::new(0.0, 0.0)));
    // The penalty comes from the seven in the pocket.
    assert_eq!(pos.pocketed(Side::A), 6);
    assert_eq!(pos.on_table(Side::A), 2);
}

#[test]
fn n7c_b12_the_last_disc_off_the_table_comes_back_so_no_win() {
    let g = game(Rules::lattjo());
    let mut pos = last_discs(&g);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .off_table(0.4, d(3), Vec2::new(0.1, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None);
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert!(r.fouls.is_empty());
    assert_eq!(
        at(&pos, 3),
        Some(Vec2::new(0.0, 0.0)),
        "B12: centre of the circle"
    );
}

#[test]
fn b11_b16_an_opponent_pocketing_a_debtors_last_disc_is_no_win_for_the_debtor() {
    // Side B owes one; seven of its discs were pocketed (by A, B11). A's stroke pockets B's
    // last disc: B has everything in the pocket but owes, so B has not won (invariant 8).
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        for k in 8..16 {
            if k != 11 {
                s.discs[k].at = None;
            }
        }
        s.debt[Seat::new(1)] = 1;
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(11))
        .pocket(0.4, d(11));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(pos.to_move(), Seat::new(1));
    // B's turn: no disc on the table (B7: no foul for touching nothing); the turn ends and
    // the debt disc is placed.
    let r = miss(&g, &mut pos).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert_eq!(r.debt_paid, 1);
    assert_eq!(r.winner, None);
    assert_eq!(pos.on_table(Side::B), 1);
    assert_eq!(pos.debt(Side::B), 0);
}

#[test]
fn b11_a_foul_stroke_that_pockets_the_opponents_last_disc_makes_the_opponent_win() {
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        for k in 8..16 {
            if k != 11 {
                s.discs[k].at = None;
            }
        }
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(11)).pocket(0.4, d(11));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentFirst));
    assert_eq!(r.winner, Some(Side::B));
}

#[test]
fn lnf_own_disc_off_the_table_is_a_foul_and_the_opponents_direct_off_goes_back_to_its_spot() {
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| s.discs[0].at = None);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .off_table(0.4, d(3), Vec2::new(0.1, 0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OwnOffTable));
    assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
    let g = game(Rules::lnf());
    let mut pos = g.new_state();
    let before = at(&pos, 9).unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .off_table(0.4, d(9), Vec2::new(0.1, -0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(at(&pos, 9), Some(before), "LNF: back on its spot");
}

#[test]
fn b22_lnf_the_puck_first_touching_a_disc_in_the_strikers_zone() {
    // Side B's row stands in seat 0's zone. Under the booklet a first touch on it is F3
    // only; the LNF adds B22.
    for (rules, zone) in [(Rules::lattjo(), false), (Rules::lnf(), true)] {
        let g = game(rules);
        let mut pos = g.new_state();
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.01, P, d(11));
        let r = g.resolve(&mut pos, &out).unwrap();
        assert!(r.fouls.contains(Foul::OpponentFirst));
        assert_eq!(r.fouls.contains(Foul::ZoneContact), zone);
        assert_eq!(r.penalty, Penalty::Debt, "B9: one penalty");
        assert_eq!(pos.debt(Side::A), 1);
    }
}

#[test]
fn mini_six_discs_a_side_and_direct_strokes_at_dark_discs_allowed() {
    let g = game(Rules::mini());
    let pos0 = g.new_state();
    assert_eq!(pos0.on_table(Side::A), 6);
    assert_eq!(pos0.on_table(Side::B), 6);
    let a: Vec<u8> = (0u8..12)
        .filter(|&i| pos0.discs()[usize::from(i)].side == Side::A)
        .collect();
    let mut su = pos0.to_setup();
    su.discs[usize::from(a[0])].at = Some(Vec2::new(0.0, 0.0));
    let mut pos = g.from_setup(su).unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(a[0])).pocket(0.4, d(a[0]));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
}

#[test]
fn b16_debt_is_paid_only_with_discs_in_the_pocket_and_the_rest_waits() {
    // Owes two, pockets one, ends the turn: one placed, one still owed.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 2);
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3)).pocket(0.5, d(3));
    g.resolve(&mut pos, &out).unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.on_table(Side::A), 8);
}

#[test]
fn b2_b23_sets_alternate_the_first_stroke_and_lnf_needs_two_sets() {
    use boardgame_core::{BySeat, RoundContext, Rounds};
    let g = game(Rules::lnf());
    assert_eq!(g.match_config().target(), Some(2));
    let cfg = g.match_config();
    let totals = BySeat::new(2, 0);
    let prev = last_discs(&g);
    for round in 1..4u32 {
        let next = g.new_round(&RoundContext {
            round,
            totals: &totals,
            previous: Some(&prev),
            config: &cfg,
        });
        assert_eq!(next.to_move(), Seat::new((round % 2) as u8), "set {round}");
        assert_eq!(next.on_table(Side::A), 8);
        assert_eq!(next.debt(Side::A) + next.debt(Side::B), 0);
    }
}

#[test]
fn f4_a_dark_disc_struck_directly_off_the_table_is_put_back_where_it_stood() {
    // F4 puts the touched dark disc back where it stood, wherever it went.
    let g = game(Rules::lattjo());
    let spot = Vec2::new(0.25, -0.43);
    let mut pos = edit(&g, |s| s.discs[0].at = Some(spot));
    assert!(pos.is_dark(Seat::new(0), DiscId(0)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(0))
        .off_table(0.3, d(0), Vec2::new(0.5, -0.3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(at(&pos, 0), Some(spot));
}

#[test]
fn f4_only_the_touched_dark_disc_is_restored() {
    // The puck strikes dark disc 0 directly; it knocks light disc 1 along. Disc 1 stays
    // where it came to rest.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| {
        s.discs[0].at = Some(Vec2::new(0.0, 0.0));
        s.discs[1].at = Some(Vec2::new(0.0, 0.2));
    });
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(0))
        .contact(0.2, d(0), d(1))
        .moved(DiscId(0), Vec2::new(0.0, 0.1))
        .moved(DiscId(1), Vec2::new(-0.2, 0.3));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
    assert_eq!(r.restored, 1);
    assert_eq!(at(&pos, 0), Some(Vec2::new(0.0, 0.0)));
    assert_eq!(at(&pos, 1), Some(Vec2::new(-0.2, 0.3)));
}

#[test]
fn f5_two_discs_off_the_table_the_second_goes_on_the_circle_edge_on_its_exit_side() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .contact(0.2, d(3), d(10))
        .off_table(0.4, d(9), Vec2::new(-0.5, -0.2))
        .off_table(0.5, d(10), Vec2::new(0.5, -0.2));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::OpponentOffTable));
    assert_eq!(r.returned, 2);
    assert_eq!(at(&pos, 9), Some(Vec2::new(0.0, 0.0)), "first: the centre");
    let p = at(&pos, 10).unwrap();
    assert!(p.x > 0.0, "second: the east side, where it left: {p}");
    assert!(
        (p.length() - 0.125).abs() < 2.0 * R,
        "on the circle's edge: {p}"
    );
    assert_no_overlap(&pos);
}

#[test]
fn b12_b13_own_and_opponent_discs_off_in_one_rebound_stroke() {
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let mut out = Outcome::still(&pos, MID);
    out.cushion(0.05, P, Compass::North)
        .contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .off_table(0.4, d(3), Vec2::new(0.2, 0.5))
        .off_table(0.5, d(9), Vec2::new(0.2, -0.5));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.losses.contains(TurnLoss::OffTable));
    assert_eq!(r.returned, 2);
    assert_eq!(pos.on_table(Side::A), 8);
    assert_eq!(pos.on_table(Side::B), 8);
    assert_no_overlap(&pos);
    for i in [3u8, 9] {
        let p = at(&pos, i).unwrap();
        assert!(
            p.length() <= 0.125 + 1e-9,
            "disc {i} in the centre circle: {p}"
        );
    }
}

#[test]
fn b20_in_pairs_the_caller_picks_the_first_striker_and_turns_go_clockwise() {
    let g = game(
        Rules::lattjo()
            .with_players(4)
            .with_first_player(Seat::new(2)),
    );
    let mut pos = g.new_state();
    assert_eq!(pos.to_move(), Seat::new(2));
    let mut order = vec![];
    for _ in 0..4 {
        let r = miss(&g, &mut pos).unwrap();
        assert!(!r.continues());
        order.push(lattjo_disc_billiards::seat_compass(pos.to_move(), 4));
    }
    // Seat 2 sits north; clockwise from north: east, south, west, north.
    assert_eq!(
        order,
        [Compass::East, Compass::South, Compass::West, Compass::North]
    );
}

#[test]
fn b2_next_set_starter_loser_starts_option() {
    use boardgame_core::{BySeat, RoundContext, Rounds};
    let g = game(
        Rules::lattjo()
            .with_sets_to_win(2)
            .with_next_set_starter(lattjo_disc_billiards::NextSetStarter::LoserStarts),
    );
    let cfg = g.match_config();
    let totals = BySeat::new(2, 0);
    // A finished set won by side A (seat 0).
    let mut prev = last_discs(&g);
    let mut out = Outcome::still(&prev, MID);
    out.contact(0.1, P, d(3)).pocket(0.4, d(3));
    g.resolve(&mut prev, &out).unwrap();
    assert_eq!(prev.status(), Status::Won(Side::A));
    for round in 1..3u32 {
        let next = g.new_round(&RoundContext {
            round,
            totals: &totals,
            previous: Some(&prev),
            config: &cfg,
        });
        assert_eq!(next.to_move(), Seat::new(1), "the loser starts set {round}");
    }
}

#[test]
fn n3_b3_a_stroke_from_outside_the_zone_or_on_a_disc_is_refused() {
    use lattjo_disc_billiards::Stroke;
    let g = game(Rules::lattjo());
    let pos = g.new_state();
    let up = Vec2::new(0.0, 1.0);
    assert!(
        g.check_stroke(
            &pos,
            Seat::new(0),
            &Stroke::new(Vec2::new(0.0, 0.10), up, 4.0)
        )
        .is_ok()
    );
    assert!(
        g.check_stroke(
            &pos,
            Seat::new(0),
            &Stroke::new(Vec2::new(0.0, 0.30), up, 4.0)
        )
        .is_err()
    );
    // On seat 1's row (it stands in seat 0's zone along the south cushion).
    assert!(
        g.check_stroke(
            &pos,
            Seat::new(0),
            &Stroke::new(Vec2::new(0.0, 0.03), up, 4.0)
        )
        .is_err()
    );
}

#[test]
fn lnf_doubles_clearing_all_sixteen_in_the_first_series_loses_the_set() {
    let mut rules = Rules::lnf().with_players(4);
    rules.placement_test = PlacementTest::Lenient;
    let g = game(rules);
    let pos0 = g.new_state();
    let a: Vec<usize> = (0..32)
        .filter(|&i| pos0.discs()[i].side == Side::A)
        .collect();
    let last = a
        .iter()
        .copied()
        .find(|&i| pos0.is_light(Seat::new(0), DiscId(i as u8)))
        .unwrap();
    let mut pos = edit(&g, |s| {
        for &i in &a {
            if i != last {
                s.discs[i].at = None;
            }
        }
    });
    assert!(pos.opening());
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(last as u8))
        .pocket(0.4, d(last as u8));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.winner, Some(Side::B), "LNF doubles: the set is lost");
    assert_eq!(pos.status(), Status::Won(Side::B));
}

#[test]
fn b4_light_and_dark_are_fixed_at_the_moment_of_the_stroke() {
    // Disc 1 is light when the stroke starts; the puck knocks it into the centre circle and
    // touches it again there: no F4. At the next stroke it is dark.
    let g = game(Rules::lattjo());
    let mut pos = edit(&g, |s| s.discs[1].at = Some(Vec2::new(0.0, 0.2)));
    let mut out = Outcome::still(&pos, Vec2::new(0.0, -0.1));
    out.contact(0.1, P, d(1))
        .contact(0.4, P, d(1))
        .contact(0.5, d(1), d(2))
        .pocket(0.8, d(2))
        .moved(DiscId(1), Vec2::new(0.0, 0.0));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.is_empty(), "{:?}", r.fouls);
    assert!(r.continues());
    assert!(pos.is_dark(Seat::new(0), DiscId(1)));
    let mut out = Outcome::still(&pos, MID);
    out.contact(0.1, P, d(1));
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::DarkDisc));
}

#[test]
fn n5_through_the_physics_the_lightest_stroke_counts() {
    use lattjo_disc_billiards::Stroke;
    let g = game(Rules::lattjo());
    let mut pos = g.new_state();
    let r = g
        .strike(
            &mut pos,
            &Stroke::new(Vec2::new(0.0, 0.10), Vec2::new(0.0, 1.0), 0.01),
        )
        .unwrap();
    assert_eq!(pos.strokes(), 1, "N5: no void stroke");
    assert!(r.fouls.contains(Foul::NoOwnDisc), "F2");
    assert_eq!(pos.debt(Side::A), 1);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn b19_eight_per_pair_option_gives_each_partner_a_row_of_four() {
    let g = game(
        Rules::lattjo()
            .with_players(4)
            .with_pair_discs(lattjo_disc_billiards::PairDiscs::EightPerPair),
    );
    let pos = g.new_state();
    assert_eq!(pos.discs().len(), 16);
    assert_eq!(pos.on_table(Side::A), 8);
    assert_eq!(pos.on_table(Side::B), 8);
    // Each seat's row of four stands along the cushion opposite it, two each side of the
    // centre line, light for its owner.
    for seat in 0..4u8 {
        let own = Seat::new(seat);
        let side = Side::of_seat(own);
        let mine: Vec<usize> = (0..16)
            .filter(|&i| pos.discs()[i].side == side && pos.is_light(own, DiscId(i as u8)))
            .collect();
        assert!(mine.len() >= 4, "seat {seat}: {mine:?}");
    }
}

#[test]
fn lnf_conduct_penalty_ending_a_turn_charges_one_then_settles_the_debt() {
    use lattjo_disc_billiards::{Call, Conduct};
    let mut rules = Rules::lnf();
    rules.placement_test = PlacementTest::Lenient;
    let g = game(rules);
    // Seat 0 owes one, then pockets two of his discs (his turn goes on, the debt waits).
    let mut pos = edit(&g, |s| {
        s.debt[Seat::new(0)] = 1;
        s.opening = false;
    });
    for i in [2u8, 3] {
        let mut out = Outcome::still(&pos, MID);
        out.contact(0.1, P, d(i)).pocket(0.4, d(i));
        assert!(g.resolve(&mut pos, &out).unwrap().continues());
    }
    assert_eq!(pos.pocketed(Side::A), 2);
    // He refuses to strike: one penalty disc, the turn passes, and the end of his turn pays
    // the old debt with the other pocketed disc.
    let report = g
        .call(
            &mut pos,
            &Call::Conduct(Seat::new(0), Conduct::RefusedToStrike),
        )
        .unwrap();
    assert!(matches!(report.penalty, Penalty::Placed(_)));
    assert!(report.turn_passed);
    assert_eq!(report.debt_paid, 1);
    assert_eq!(pos.debt(Side::A), 0);
    assert_eq!(pos.pocketed(Side::A), 0);
    assert_eq!(pos.to_move(), Seat::new(1));
}

#[test]
fn lnf_moving_discs_in_the_opponents_turn_is_charged_at_once_and_the_striker_goes_on() {
    use lattjo_disc_billiards::{Call, Conduct};
    let g = game(Rules::lnf());
    let mut pos = edit(&g, |s| {
        s.discs[12].at = None;
        s.opening = false;
    });
    let report = g
        .call(
            &mut pos,
            &Call::Conduct(Seat::new(1), Conduct::MovedDiscInOpponentsTurn),
        )
        .unwrap();
    assert_eq!(report.penalty, Penalty::Placed(DiscId(12)));
    assert!(!report.turn_passed);
    assert_eq!(pos.to_move(), Seat::new(0));
    assert_eq!(pos.pocketed(Side::B), 0);
    let p = at(&pos, 12).unwrap();
    assert!(
        (p.y + (0.5 - R)).abs() < 1e-9,
        "against the cushion opposite seat 1 (south): {p}"
    );
}

// ---------------------------------------------------------------------------------------
// Symmetry: the same stroke from the other seat (section 6, invariants 6 and 10)
// ---------------------------------------------------------------------------------------

/// Disc `i` of one side is disc `mirror_id(i)` of the other: the singles rows are each
/// other's half-turn (disc 0 at (0.182, 0.474), disc 8 at (-0.182, -0.474)).
fn mirror_id(i: u8) -> u8 {
    (i + 8) % 16
}

fn mirror_body(b: Body) -> Body {
    match b {
        Body::Puck => Body::Puck,
        Body::Disc(DiscId(i)) => Body::Disc(DiscId(mirror_id(i))),
    }
}

fn mirror_setup(s: &Setup) -> Setup {
    let mut m = s.clone();
    for i in 0..16u8 {
        let src = s.discs[usize::from(i)];
        let dst = &mut m.discs[usize::from(mirror_id(i))];
        dst.side = src.side.other();
        dst.home = -src.home;
        dst.at = src.at.map(|p| -p);
    }
    m.debt[Seat::new(0)] = s.debt[Seat::new(1)];
    m.debt[Seat::new(1)] = s.debt[Seat::new(0)];
    m.to_move = Seat::new(1 - s.to_move.index() as u8);
    m
}

fn mirror_outcome(o: &Outcome) -> Outcome {
    use lattjo_disc_billiards::StrokeEvent;
    let mut m = o.clone();
    m.puck_rest = o.puck_rest.map(|p| -p);
    for i in 0..16u8 {
        m.rest[usize::from(mirror_id(i))] = o.rest[usize::from(i)].map(|p| -p);
    }
    for ev in &mut m.events {
        *ev = match *ev {
            StrokeEvent::Contact { time, a, b } => StrokeEvent::Contact {
                time,
                a: mirror_body(a),
                b: mirror_body(b),
            },
            StrokeEvent::Cushion {
                time,
                body,
                cushion,
            } => StrokeEvent::Cushion {
                time,
                body: mirror_body(body),
                cushion: cushion.opposite(),
            },
            StrokeEvent::Pocketed { time, body } => StrokeEvent::Pocketed {
                time,
                body: mirror_body(body),
            },
            StrokeEvent::LeftTable { time, body, at } => StrokeEvent::LeftTable {
                time,
                body: mirror_body(body),
                at: -at,
            },
        };
    }
    m
}

/// Resolves `out` on `setup` and the mirrored outcome on the mirrored setup; the reports
/// and the positions must mirror each other.
fn assert_mirrors(g: &Novuss, setup: &Setup, out: &Outcome) {
    let mut a = g.from_setup(setup.clone()).unwrap();
    let mut b = g.from_setup(mirror_setup(setup)).unwrap();
    let ra = g.resolve(&mut a, out).unwrap();
    let rb = g.resolve(&mut b, &mirror_outcome(out)).unwrap();
    assert_eq!(ra.fouls, rb.fouls);
    assert_eq!(ra.losses, rb.losses);
    assert_eq!(
        ra.penalty,
        match rb.penalty {
            Penalty::Placed(DiscId(i)) => Penalty::Placed(DiscId(mirror_id(i))),
            p => p,
        }
    );
    assert_eq!(ra.winner, rb.winner.map(Side::other));
    assert_eq!(
        (
            ra.own_pocketed,
            ra.opponent_pocketed,
            ra.restored,
            ra.returned,
            ra.debt_paid
        ),
        (
            rb.own_pocketed,
            rb.opponent_pocketed,
            rb.restored,
            rb.returned,
            rb.debt_paid
        )
    );
    assert_eq!(a.to_move().index(), 1 - b.to_move().index());
    for i in 0..16u8 {
        let pa = at(&a, i);
        let pb = at(&b, mirror_id(i)).map(|p| -p);
        match (pa, pb) {
            (Some(p), Some(q)) => assert!(p.distance(q) < 1e-9, "disc {i}: {p} vs {q}"),
            (p, q) => assert_eq!(p, q, "disc {i}"),
        }
    }
}

#[test]
fn invariant6_10_every_scenario_mirrors_for_the_other_seat() {
    let g = game(Rules::lattjo());
    let base = g.new_state().to_setup();
    let mut cases: Vec<(Setup, Outcome)> = Vec::new();
    let st = |s: &Setup| g.from_setup(s.clone()).unwrap();
    // Own disc pocketed; F3; F4 restored; F5 centre taken; penalty with a pocketed disc on a
    // lopsided cushion; a debt paid at the end of the turn.
    let mut o = Outcome::still(&st(&base), MID);
    o.contact(0.1, P, d(3)).pocket(0.5, d(3));
    cases.push((base.clone(), o));
    let mut o = Outcome::still(&st(&base), MID);
    o.contact(0.1, P, d(9))
        .contact(0.2, d(9), d(3))
        .pocket(0.5, d(3));
    cases.push((base.clone(), o));
    let mut s = base.clone();
    s.discs[0].at = Some(Vec2::new(0.0, 0.0));
    let mut o = Outcome::still(&st(&s), MID);
    o.contact(0.1, P, d(0))
        .moved(DiscId(0), Vec2::new(0.0, 0.2))
        .contact(0.2, d(0), d(1))
        .pocket(0.5, d(1));
    cases.push((s, o));
    let mut s = base.clone();
    s.discs[12].at = Some(Vec2::new(0.0, 0.0));
    let mut o = Outcome::still(&st(&s), MID);
    o.contact(0.1, P, d(3))
        .contact(0.2, d(3), d(9))
        .contact(0.2, d(3), d(10))
        .off_table(0.4, d(9), Vec2::new(-0.5, 0.1))
        .off_table(0.5, d(10), Vec2::new(0.5, -0.2));
    cases.push((s, o));
    let mut s = base.clone();
    s.discs[6].at = None;
    s.discs[1].at = None;
    s.discs[7].at = Some(Vec2::new(-0.3, 0.2));
    let mut o = Outcome::still(&st(&s), MID);
    o.cushion(0.05, P, Compass::East).pocket(0.6, P);
    cases.push((s, o));
    let mut s = base.clone();
    s.discs[2].at = None;
    s.debt[Seat::new(0)] = 1;
    let mut o = Outcome::still(&st(&s), Vec2::new(0.25, -0.42));
    o.contact(0.1, P, d(3)).pocket(0.5, d(3));
    cases.push((s, o));
    for (k, (s, o)) in cases.iter().enumerate() {
        eprintln!("case {k}");
        assert_mirrors(&g, s, o);
    }
}
