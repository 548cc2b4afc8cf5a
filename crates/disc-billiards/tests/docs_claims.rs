//! The claims of docs/disc-billiards.md checked from outside (an audit of the page against the
//! crate): each test is named after a claim and cites the page's section and the rule id.
//! Claims that another file of tests/ already checks exactly are left to it.
//!
//! Singles layout (B1): seat 0 strikes from the south; his discs 0-7 stand along the north
//! cushion at x = 0.182 ... -0.182 (y = 0.474); seat 1's discs 8-15 along the south cushion.

use boardgame_core::{BySeat, Game, MatchConfig, Observe, RoundContext, Rounds, Seat};
use lattjo_disc_billiards::{
    Body, Call, Compass, Conduct, DebtSettlement, Dimensions, DirectAtDark, DiscId, Foul,
    NextSetStarter, Noise, NoiseModel, Novuss, OffTablePlacement, Outcome, OwnDiscOffTable,
    PairDiscs, Penalty, PlacementTest, PlannerConfig, PlayError, PuckReturnRule, Rules, RulesError,
    Setup, SetupError, Side, SideReboundToDark, State, Status, Stroke, StrokeError,
    TechniqueBreach, TurnLoss, Vec2, seat_compass,
};

const P: Body = Body::Puck;
/// Where the puck stops when a test does not care: mid-table, outside every zone.
const MID: Vec2 = Vec2::new(0.3, 0.1);

pub(crate) fn d(i: u8) -> Body {
    Body::Disc(DiscId(i))
}

pub(crate) fn game(rules: Rules) -> Novuss {
    Novuss::new(rules).expect("valid rules")
}

pub(crate) fn edit(g: &Novuss, f: impl FnOnce(&mut Setup)) -> State {
    let mut s = g.new_state().to_setup();
    f(&mut s);
    g.from_setup(s).expect("valid constructed position")
}

pub(crate) fn at(pos: &State, i: u8) -> Option<Vec2> {
    pos.discs()[usize::from(i)].at
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn drive() -> Stroke {
    Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0)
}

fn noise(direction_sd: f64, speed_sd: f64) -> Option<NoiseModel> {
    Some(NoiseModel {
        direction_sd,
        speed_sd,
    })
}

/// Takes every disc of `side` off the table.
fn clear(s: &mut Setup, side: Side) {
    for disc in s.discs.iter_mut().filter(|x| x.side == side) {
        disc.at = None;
    }
}

/// The start with every disc of `side` off the table: `side` has won.
fn won_by(g: &Novuss, side: Side) -> State {
    edit(g, |s| {
        clear(s, side);
        s.status = Status::Won(side);
    })
}

/// The start after seat 0 has played `drive()` under a game with noise: the stroke awaits its
/// execution noise.
fn awaiting_noise(g: &Novuss) -> State {
    let mut pos = g.new_state();
    g.apply(
        &mut pos,
        &lattjo_disc_billiards::Action::Strike(Seat::new(0), drive()),
    )
    .unwrap();
    assert_eq!(pos.status(), Status::AwaitingNoise);
    pos
}

/// Resolves the stroke whose events `events` records, the puck stopping at `puck`.
fn resolved(
    g: &Novuss,
    pos: &mut State,
    puck: Vec2,
    events: impl FnOnce(&mut Outcome),
) -> lattjo_disc_billiards::Resolution {
    let mut out = Outcome::still(pos, puck);
    events(&mut out);
    g.resolve(pos, &out).unwrap()
}

/// Side A clears the table in the LNF opening series: seat 0 pockets disc 3, his last one
/// (placement test lenient); the state after and the stroke's resolution.
fn cleared_in_the_opening_series() -> (Novuss, State, lattjo_disc_billiards::Resolution) {
    let g = game(Rules::lnf().with_placement_test(PlacementTest::Lenient));
    let mut pos = edit(&g, |s| {
        for i in (0..8).filter(|&i| i != 3) {
            s.discs[i].at = None;
        }
    });
    let r = resolved(&g, &mut pos, MID, |o| {
        o.contact(0.1, P, d(3)).pocket(0.4, d(3));
    });
    (g, pos, r)
}

// ---- The table (B1) ----

/// "The table": 1 x 1 m, pockets of radius 50 mm centred 65 mm from both cushions, zones
/// 130 mm deep, circle of radius 125 mm; assumed disc 26 mm / 10 g, puck 28.5 mm / 15 g,
/// holes 6 and 9 mm, zone half-width 0.35 m (B1).
#[test]
fn b1_every_size_is_the_documented_figure() {
    let d = Dimensions::NOVUSS;
    let want = [
        (d.half_size, 0.5),
        (d.pocket_radius, 0.05),
        (d.pocket_inset, 0.065),
        (d.zone_depth, 0.13),
        (d.zone_half_width, 0.35),
        (d.circle_radius, 0.125),
        (d.disc_radius, 0.026),
        (d.disc_mass, 0.010),
        (d.disc_hole_radius, 0.006),
        (d.puck_radius, 0.0285),
        (d.puck_mass, 0.015),
        (d.puck_hole_radius, 0.009),
    ];
    for (i, (got, want)) in want.into_iter().enumerate() {
        assert!(close(got, want), "field {i}: {got} != {want}");
    }
    assert_eq!(Rules::lattjo().dimensions, d);
    assert_eq!(Dimensions::default(), d);
}

/// "The table": friction and restitution are disc-physics's `Params` (mu = 0.10, e = 0.90
/// disc-disc, 0.75 cushion), carried by the game's physics (B1).
#[test]
fn b1_the_default_physics_is_mu_0_10_and_restitution_0_90_and_0_75() {
    let p = Novuss::default().physics().params;
    assert!(close(p.friction_mu, 0.10));
    assert!(close(p.restitution_disc, 0.90));
    assert!(close(p.restitution_cushion, 0.75));
}

/// "The table": singles seat 0 plays from the south, seat 1 from the north; pairs seats 0-3
/// sit south, west, north, east, turns (`Seat::next`) pass clockwise and partners (0 and 2,
/// 1 and 3, sides A and B) face each other (N16, B20).
#[test]
fn n16_b20_seats_sit_south_north_and_in_pairs_clockwise_with_partners_opposite() {
    assert_eq!(seat_compass(Seat::new(0), 2), Compass::South);
    assert_eq!(seat_compass(Seat::new(1), 2), Compass::North);
    let pairs = [Compass::South, Compass::West, Compass::North, Compass::East];
    for (i, want) in pairs.into_iter().enumerate() {
        let seat = Seat::new(i as u8);
        assert_eq!(seat_compass(seat, 4), want);
        assert_eq!(seat.next(4), Seat::new(((i + 1) % 4) as u8));
        let partner = Seat::new(((i + 2) % 4) as u8);
        assert_eq!(seat_compass(partner, 4), want.opposite());
        assert_eq!(Side::of_seat(seat), Side::of_seat(partner));
        assert_ne!(Side::of_seat(seat), Side::of_seat(seat.next(4)));
    }
    assert_eq!(Side::of_seat(Seat::new(0)), Side::A);
    assert_eq!(Side::of_seat(Seat::new(1)), Side::B);
}

/// "The table", Start: each player's row touches the cushion opposite him and each other,
/// half on each side of the centre line, so his own discs start light; in pairs each player
/// has his own row (`EightPerPlayer`, 16 discs a pair) or half a row (`EightPerPair`)
/// (N2, B1, B19).
#[test]
fn n2_b1_b19_every_row_starts_touching_the_cushion_opposite_its_owner() {
    let cases = [
        (Rules::lattjo(), 8, 8),
        (Rules::mini(), 6, 6),
        (Rules::lattjo().with_players(4), 8, 16),
        (
            Rules::lattjo()
                .with_players(4)
                .with_pair_discs(PairDiscs::EightPerPair),
            4,
            8,
        ),
    ];
    for (rules, row, per_side) in cases {
        let g = game(rules);
        let pos = g.new_state();
        let r = g.rules().dimensions.disc_radius;
        let half = g.rules().dimensions.half_size;
        for side in Side::BOTH {
            assert_eq!(pos.on_table(side), per_side);
        }
        for k in 0..rules.players {
            let seat = Seat::new(k as u8);
            let far = seat_compass(seat, rules.players).opposite();
            let mine = &pos.discs()[k * row..(k + 1) * row];
            let mut us: Vec<f64> = Vec::new();
            for disc in mine {
                assert_eq!(disc.side, Side::of_seat(seat));
                let p = disc.at.expect("on the table");
                assert_eq!(p, disc.home);
                let (u, v) = far.to_local(p, half);
                assert!(close(v, r), "touching the cushion opposite seat {k}: {p}");
                us.push(u);
            }
            us.sort_by(f64::total_cmp);
            for w in us.windows(2) {
                assert!(close(w[1] - w[0], 2.0 * r), "touching each other: {us:?}");
            }
            assert_eq!(us.iter().filter(|&&u| u < 0.0).count(), row / 2);
            assert_eq!(us.iter().filter(|&&u| u > 0.0).count(), row / 2);
            // Own discs start light (B1).
            for i in k * row..(k + 1) * row {
                assert!(pos.is_light(seat, DiscId(i as u8)), "seat {k} disc {i}");
            }
        }
    }
}

/// "Light and dark" with B4 and B19: in pairs the dark area is the striker's own zone and
/// the circle, so his partner's row, which starts along the striker's cushion, is dark for
/// him (B4, B19).
#[test]
fn b4_b19_in_pairs_the_partners_starting_row_is_dark_for_the_striker() {
    let g = game(Rules::lattjo().with_players(4));
    let pos = g.new_state();
    let s0 = Seat::new(0);
    for i in 16u8..24 {
        assert_eq!(pos.discs()[usize::from(i)].side, Side::A);
        assert!(pos.is_dark(s0, DiscId(i)), "partner's disc {i}");
        assert!(pos.is_light(Seat::new(2), DiscId(i)), "light for its owner");
    }
    for i in 0u8..8 {
        assert!(pos.is_light(s0, DiscId(i)));
    }
}

// ---- The API paragraph and the presets ----

/// "Presets (orthogonal options)": every row of the presets table.
#[test]
fn presets_set_every_option_of_the_presets_table() {
    let (b, l, m) = (Rules::lattjo(), Rules::lnf(), Rules::mini());
    assert_eq!(Rules::default(), b);
    // The rows in which the presets differ, one column per preset.
    for (r, discs, placement, at_dark, own_off, direct_off, lnf, sets) in [
        (
            b,
            8,
            PlacementTest::LineVisible,
            DirectAtDark::Foul,
            OwnDiscOffTable::TurnLossOnly,
            OffTablePlacement::CentreCircle,
            false,
            1,
        ),
        (
            l,
            8,
            PlacementTest::LnfHoleInside,
            DirectAtDark::Foul,
            OwnDiscOffTable::Foul,
            OffTablePlacement::OriginalSpot,
            true,
            2,
        ),
        (
            m,
            6,
            PlacementTest::Lenient,
            DirectAtDark::Allowed,
            OwnDiscOffTable::TurnLossOnly,
            OffTablePlacement::CentreCircle,
            false,
            1,
        ),
    ] {
        assert_eq!((r.players, r.discs_per_player), (2, discs));
        assert_eq!(r.placement_test, placement);
        assert_eq!(r.direct_at_dark, at_dark);
        assert_eq!(r.own_disc_off_table, own_off);
        assert_eq!(r.direct_off_table_placement, direct_off);
        let lnf_flags = [
            r.zone_contact_foul,
            r.dark_only_must_reach,
            r.opening_equaliser,
            r.doubles_blind_zone_foul,
            r.conduct_penalties,
            r.zone_exit_turn_loss,
            r.own_edge_line_loss,
        ];
        assert_eq!(lnf_flags, [lnf; 7], "{placement:?}");
        assert_eq!(r.sets_to_win, sets);
    }
    // The rows the presets share.
    for r in [b, l, m] {
        assert_eq!(r.side_rebound_to_dark, SideReboundToDark::Foul);
        assert_eq!(r.off_table_placement, OffTablePlacement::CentreCircle);
        assert_eq!(r.debt_settlement, DebtSettlement::EndOfTurn);
        assert_eq!(r.puck_return_rule, PuckReturnRule::Always);
        assert_eq!(r.technique_breach, TechniqueBreach::Foul);
        assert_eq!(r.next_set_starter, NextSetStarter::Alternate);
        assert_eq!(r.first_player, Seat::new(0));
        assert_eq!(r.stroke_limit, None);
        assert_eq!(r.noise, None);
        assert!(close(r.max_speed, 8.0));
    }
    // `with_players(4)` for pairs; the rest of the booklet unchanged.
    let pairs = Rules::lattjo().with_players(4);
    assert_eq!(pairs.players, 4);
    assert_eq!(pairs.pair_discs, PairDiscs::EightPerPlayer);
    assert_eq!(pairs.with_players(2), b);
}

/// "The API in one paragraph": every option has a `with_*` builder taking its value.
#[test]
fn every_option_has_a_with_builder_taking_its_value() {
    let noise = noise(0.01, 0.03);
    let dims = Dimensions {
        puck_radius: 0.025,
        ..Dimensions::NOVUSS
    };
    let r = Rules::lattjo()
        .with_players(4)
        .with_discs_per_player(4)
        .with_pair_discs(PairDiscs::EightPerPair)
        .with_placement_test(PlacementTest::Lenient)
        .with_side_rebound_to_dark(SideReboundToDark::Allowed)
        .with_direct_at_dark(DirectAtDark::Allowed)
        .with_own_disc_off_table(OwnDiscOffTable::Foul)
        .with_direct_off_table_placement(OffTablePlacement::OriginalSpot)
        .with_off_table_placement(OffTablePlacement::OriginalSpot)
        .with_debt_settlement(DebtSettlement::Immediate)
        .with_puck_return_rule(PuckReturnRule::DirectStrokeWithLightDiscs)
        .with_technique_breach(TechniqueBreach::Ignore)
        .with_zone_contact_foul(true)
        .with_opening_equaliser(true)
        .with_doubles_blind_zone_foul(true)
        .with_dark_only_must_reach(true)
        .with_conduct_penalties(true)
        .with_zone_exit_turn_loss(true)
        .with_own_edge_line_loss(true)
        .with_first_player(Seat::new(3))
        .with_next_set_starter(NextSetStarter::LoserStarts)
        .with_sets_to_win(3)
        .with_stroke_limit(Some(500))
        .with_noise(noise)
        .with_dimensions(dims)
        .with_max_speed(12.0);
    assert_eq!(r.players, 4);
    assert_eq!(r.discs_per_player, 4);
    assert_eq!(r.pair_discs, PairDiscs::EightPerPair);
    assert_eq!(r.placement_test, PlacementTest::Lenient);
    assert_eq!(r.side_rebound_to_dark, SideReboundToDark::Allowed);
    assert_eq!(r.direct_at_dark, DirectAtDark::Allowed);
    assert_eq!(r.own_disc_off_table, OwnDiscOffTable::Foul);
    assert_eq!(
        r.direct_off_table_placement,
        OffTablePlacement::OriginalSpot
    );
    assert_eq!(r.off_table_placement, OffTablePlacement::OriginalSpot);
    assert_eq!(r.debt_settlement, DebtSettlement::Immediate);
    assert_eq!(
        r.puck_return_rule,
        PuckReturnRule::DirectStrokeWithLightDiscs
    );
    assert_eq!(r.technique_breach, TechniqueBreach::Ignore);
    assert!(r.zone_contact_foul && r.opening_equaliser && r.doubles_blind_zone_foul);
    assert!(r.dark_only_must_reach && r.conduct_penalties);
    assert!(r.zone_exit_turn_loss && r.own_edge_line_loss);
    assert_eq!(r.first_player, Seat::new(3));
    assert_eq!(r.next_set_starter, NextSetStarter::LoserStarts);
    assert_eq!(r.sets_to_win, 3);
    assert_eq!(r.stroke_limit, Some(500));
    assert_eq!(r.noise, noise);
    assert_eq!(r.dimensions, dims);
    assert!(close(r.max_speed, 12.0));
    assert!(Novuss::new(r).is_ok());
}

/// "The API in one paragraph": `new_initial_state()` and `new_state()` use
/// `Rules::first_player`; `initial_state(first)` starts with `first` and refuses a seat that
/// does not play (B2).
#[test]
fn b2_new_state_uses_the_rules_first_player_and_initial_state_the_seat_given() {
    let g = game(Rules::lattjo().with_first_player(Seat::new(1)));
    assert_eq!(g.new_state().to_move(), Seat::new(1));
    assert_eq!(g.new_initial_state().to_move(), Seat::new(1));
    assert_eq!(
        g.initial_state(Seat::new(0)).unwrap().to_move(),
        Seat::new(0)
    );
    assert_eq!(g.initial_state(Seat::new(2)), Err(SetupError::Seat(2)));
    let pairs = game(Rules::lattjo().with_players(4));
    assert_eq!(
        pairs.initial_state(Seat::new(3)).unwrap().to_move(),
        Seat::new(3)
    );
}

// ---- A stroke ----

/// "A stroke": the stroke is in the striking player's own frame, `x` to his right of the
/// middle of his cushion and `y` forward; `stroke_from_board` and `stroke_on_board` convert.
#[test]
fn a_stroke_is_in_the_strikers_own_frame_and_converts_to_the_board() {
    let s = Stroke::new(Vec2::new(0.1, 0.05), Vec2::new(0.0, 1.0), 3.0);
    // Singles seat 1 plays from the north: facing south, his right is the board's -x.
    let g = Novuss::default();
    let (place, dir) = g.stroke_on_board(Seat::new(1), &s);
    assert!(close(place.x, -0.1) && close(place.y, 0.45), "{place}");
    assert_eq!(dir, Vec2::new(0.0, -1.0));
    let back = g.stroke_from_board(Seat::new(1), place, dir, 3.0);
    assert!(close(back.place.x, 0.1) && close(back.place.y, 0.05));
    assert_eq!(back.direction, s.direction);
    // Pairs seat 1 plays from the west: facing east, his right is the board's -y.
    let pairs = game(Rules::lattjo().with_players(4));
    let (place, dir) = pairs.stroke_on_board(Seat::new(1), &s);
    assert!(close(place.x, -0.45) && close(place.y, -0.1), "{place}");
    assert_eq!(dir, Vec2::new(1.0, 0.0));
    // Seat 0 (south): the board frame itself, shifted to his cushion.
    let (place, dir) = g.stroke_on_board(Seat::new(0), &s);
    assert!(close(place.x, 0.1) && close(place.y, -0.45), "{place}");
    assert_eq!(dir, Vec2::new(0.0, 1.0));
}

/// "A stroke": a direction with a component beyond +-2 is refused with
/// `StrokeError::LongDirection`; a speed in `(0, max_speed]` is accepted up to the top
/// (8 m/s by default, at most 20); `check_stroke` refuses a finished game (N3).
#[test]
fn a_long_direction_is_refused_and_the_speed_range_is_closed_at_the_top() {
    let g = Novuss::default();
    let pos = g.new_state();
    let s0 = Seat::new(0);
    let long = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 2.5), 3.0);
    assert_eq!(
        g.check_stroke(&pos, s0, &long),
        Err(PlayError::Stroke(StrokeError::LongDirection {
            x: 0.0,
            y: 2.5
        }))
    );
    let corner = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(-2.0, 2.0), 3.0);
    assert_eq!(g.check_stroke(&pos, s0, &corner), Ok(()));
    let top = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 8.0);
    assert_eq!(g.check_stroke(&pos, s0, &top), Ok(()));
    let fast = game(Rules::lattjo().with_max_speed(20.0));
    let twenty = Stroke { speed: 20.0, ..top };
    assert_eq!(fast.check_stroke(&fast.new_state(), s0, &twenty), Ok(()));
    assert!(matches!(
        Novuss::new(Rules::lattjo().with_max_speed(20.5)),
        Err(RulesError::MaxSpeed(_))
    ));
    // A finished game refuses every stroke.
    let won = won_by(&g, Side::B);
    assert_eq!(
        g.check_stroke(&won, s0, &top),
        Err(PlayError::Stroke(StrokeError::GameOver))
    );
}

/// "Placement tests (B3, P2)": `LineVisible` (booklet): the centre in the zone and a zone
/// line (end, side or middle line) within the puck's hole radius.
#[test]
fn b3_p2_line_visible_needs_the_centre_in_the_zone_and_a_line_within_the_hole() {
    let g = Novuss::default();
    let pos = g.new_state();
    let s0 = Seat::new(0);
    let ok = |x: f64, y: f64| {
        g.check_stroke(
            &pos,
            s0,
            &Stroke::new(Vec2::new(x, y), Vec2::new(0.0, 1.0), 3.0),
        )
    };
    let not_in_zone = Err(PlayError::Stroke(StrokeError::NotInZone));
    // The middle line 5 mm away, the end line 5 mm away, a side line 5 mm away.
    // (Seat 1's row stands in seat 0's zone up to 5.2 cm from the cushion, |x| < 0.21.)
    assert_eq!(ok(0.005, 0.09), Ok(()));
    assert_eq!(ok(0.2, 0.125), Ok(()));
    assert_eq!(ok(0.345, 0.06), Ok(()));
    // In the zone, every line 7 cm or more away.
    assert_eq!(ok(0.28, 0.06), not_in_zone);
    // A line within the hole, but the centre outside the zone (beyond the end line, beyond
    // a side line).
    assert_eq!(ok(0.2, 0.135), not_in_zone);
    assert_eq!(ok(0.355, 0.06), not_in_zone);
    // The line 1 mm beyond the hole's radius.
    assert_eq!(ok(0.2, 0.12), not_in_zone);
}

/// "Placement tests (B3, P2)": `LnfHoleInside`: the hole wholly inside the zone;
/// `Lenient` (mini-novuss): the centre anywhere in the zone.
#[test]
fn b3_p2_the_lnf_test_needs_the_hole_inside_and_the_lenient_one_the_centre() {
    let lnf = game(Rules::lnf());
    let pos = lnf.new_state();
    let s0 = Seat::new(0);
    let try_at = |g: &Novuss, pos: &State, x: f64, y: f64| {
        g.check_stroke(
            pos,
            s0,
            &Stroke::new(Vec2::new(x, y), Vec2::new(0.0, 1.0), 3.0),
        )
    };
    let not_in_zone = Err(PlayError::Stroke(StrokeError::NotInZone));
    assert_eq!(try_at(&lnf, &pos, 0.28, 0.06), Ok(()));
    assert_eq!(try_at(&lnf, &pos, 0.2, 0.12), Ok(()), "hole up to 0.129");
    assert_eq!(
        try_at(&lnf, &pos, 0.2, 0.125),
        not_in_zone,
        "hole past 0.13"
    );
    assert_eq!(
        try_at(&lnf, &pos, 0.345, 0.06),
        not_in_zone,
        "over a side line"
    );
    let mini = game(Rules::mini());
    let pos = mini.new_state();
    assert_eq!(try_at(&mini, &pos, 0.28, 0.06), Ok(()));
    assert_eq!(try_at(&mini, &pos, 0.349, 0.129), Ok(()));
    assert_eq!(try_at(&mini, &pos, 0.2, 0.131), not_in_zone);
    assert_eq!(try_at(&mini, &pos, 0.351, 0.06), not_in_zone);
}

/// "Placement tests": rules whose starting layout leaves a seat no placement are refused
/// (`RulesError::Dimensions`, "the strike zone must hold the puck in front of the starting
/// rows") (N3, B1, B19).
#[test]
fn n3_b19_rules_whose_starting_rows_leave_no_placement_are_refused() {
    let mut d = Dimensions::NOVUSS;
    d.half_size = 5.5;
    d.disc_radius = 0.06;
    let rules = Rules::lattjo()
        .with_players(4)
        .with_placement_test(PlacementTest::LnfHoleInside)
        .with_dimensions(d);
    assert_eq!(
        Novuss::new(rules).err(),
        Some(RulesError::Dimensions(
            "the strike zone must hold the puck in front of the starting rows"
        ))
    );
    d.zone_depth = 0.2;
    assert!(Novuss::new(rules.with_dimensions(d)).is_ok());
}

/// "Placement tests": `Rules::validate` refuses dimensions under which the discs could
/// cover the striker's half ("the discs could cover the striker's whole half, leaving the
/// puck no place"; the page's example is a 20 cm puck), and those under which the other
/// discs could leave a disc put back no spot (N3, B3, F4, F5, B12-B14).
#[test]
fn n3_b3_dimensions_that_the_discs_could_cover_are_refused() {
    let big_puck = Dimensions {
        puck_radius: 0.1,
        zone_depth: 0.25,
        ..Dimensions::NOVUSS
    };
    assert_eq!(
        Novuss::new(Rules::lattjo().with_dimensions(big_puck)).err(),
        Some(RulesError::Dimensions(
            "the discs could cover the striker's whole half, leaving the puck no place"
        ))
    );
    let big_discs = Dimensions {
        disc_radius: 0.125,
        puck_radius: 0.0025,
        puck_hole_radius: 0.001,
        ..Dimensions::NOVUSS
    };
    assert_eq!(
        Novuss::new(
            Rules::lattjo()
                .with_discs_per_player(2)
                .with_dimensions(big_discs)
        )
        .err(),
        Some(RulesError::Dimensions(
            "the other discs could cover the table, leaving a disc put back no spot"
        ))
    );
}

// ---- Light and dark (N11, B4) ----

/// "Light and dark (N11, B4)": an own disc is dark when its hole lies wholly inside the
/// striker's own zone or wholly inside the centre circle, light otherwise; opponents' discs
/// are neither.
#[test]
fn n11_b4_a_disc_is_dark_exactly_when_its_hole_is_wholly_inside() {
    let g = Novuss::default();
    let s0 = Seat::new(0);
    let with = |p: Vec2| edit(&g, |s| s.discs[3].at = Some(p));
    // The circle: radius 0.125, hole 0.006, so the centre within 0.119.
    assert!(with(Vec2::new(0.1189, 0.0)).is_dark(s0, DiscId(3)));
    assert!(with(Vec2::new(0.1191, 0.0)).is_light(s0, DiscId(3)));
    // His zone: the end line at y = -0.37, so the centre below -0.376.
    assert!(with(Vec2::new(0.2, -0.3761)).is_dark(s0, DiscId(3)));
    assert!(with(Vec2::new(0.2, -0.3759)).is_light(s0, DiscId(3)));
    // The side line at x = 0.35: the centre within 0.344.
    assert!(with(Vec2::new(0.3439, -0.43)).is_dark(s0, DiscId(3)));
    assert!(with(Vec2::new(0.3441, -0.43)).is_light(s0, DiscId(3)));
    // The opponent's zone is not the striker's: light for him.
    assert!(with(Vec2::new(0.25, 0.42)).is_light(s0, DiscId(3)));
    // An opponent's disc is neither, wherever it lies.
    let pos = edit(&g, |s| s.discs[9].at = Some(Vec2::new(0.0, 0.0)));
    assert!(!pos.is_dark(s0, DiscId(9)) && !pos.is_light(s0, DiscId(9)));
    let pos = g.new_state();
    assert!(!pos.is_dark(s0, DiscId(9)) && !pos.is_light(s0, DiscId(9)));
}

// ---- Resolving a stroke ----

/// "Resolving a stroke", step 4, F3: an own and an opponent's disc "within
/// `SIMULTANEOUS_S` (1 µs)" is F3; further apart it is not (F3).
#[test]
fn f3_the_same_moment_means_within_one_microsecond() {
    let g = Novuss::default();
    let own_then_opponent = |after: f64| {
        resolved(&g, &mut g.new_state(), MID, |o| {
            o.contact(0.1, P, d(3)).contact(0.1 + after, P, d(9));
        })
    };
    let r = own_then_opponent(0.9e-6);
    assert!(r.fouls.contains(Foul::OpponentFirst));
    let r = own_then_opponent(5e-6);
    assert!(
        r.fouls.is_empty(),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
}

/// "Resolving a stroke", step 4, N13 with B7: a dark disc with no recorded contact (a
/// constructed outcome) is taken as fairly pocketed (N13, B7).
#[test]
fn n13_a_dark_disc_dropping_with_no_recorded_contact_is_fair() {
    let g = Novuss::default();
    let mut pos = edit(&g, |s| s.discs[2].at = Some(Vec2::new(0.0, 0.0)));
    assert!(pos.is_dark(Seat::new(0), DiscId(2)));
    let r = resolved(&g, &mut pos, MID, |o| {
        o.contact(0.1, P, d(3)).pocket(0.5, d(2));
    });
    assert!(
        r.fouls.is_empty(),
        "{:?}",
        r.fouls.iter().collect::<Vec<_>>()
    );
    assert_eq!(r.own_pocketed, 1);
    assert!(r.continues());
    assert_eq!(at(&pos, 2), None);
}

/// "Resolving a stroke", step 7: the penalty disc goes on the centre line against the
/// cushion opposite the offender; if that spot is taken, along the same cushion on the half
/// holding fewer discs, "ties: the offender's right" (N9, B14).
#[test]
fn n9_b14_a_penalty_disc_with_equal_halves_goes_to_the_offenders_right() {
    let g = Novuss::default();
    // Disc 3 pocketed; disc 4 stands on the centre spot of the north cushion. Seven discs
    // of seat 0 (three each side of the centre line, one on it) and seat 1's row (four and
    // four): the halves hold as many discs.
    let mut pos = edit(&g, |s| {
        s.discs[3].at = None;
        s.discs[4].at = Some(Vec2::new(0.0, 0.474));
    });
    let east = pos
        .discs()
        .iter()
        .filter_map(|x| x.at)
        .filter(|p| p.x > 0.0)
        .count();
    let west = pos
        .discs()
        .iter()
        .filter_map(|x| x.at)
        .filter(|p| p.x < 0.0)
        .count();
    assert_eq!(east, west);
    // Seat 0 (south, his right is the east) misses: F2.
    let out = Outcome::still(&pos, MID);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(3)));
    let p = at(&pos, 3).unwrap();
    assert!(close(p.y, 0.474), "against the north cushion: {p}");
    assert!(
        p.x > 0.0,
        "on the offender's (seat 0's) right, the east: {p}"
    );
}

/// "Resolving a stroke", step 9: at the end of the debtor's turn one penalty disc per unit of
/// debt, "the striker's own debt first, then his partner's, each disc opposite the seat that
/// fouled"; `State::debt` is the side's sum of `State::debt_of` (B14, B16).
#[test]
fn b14_b16_in_pairs_the_strikers_own_debt_is_settled_before_his_partners() {
    let g = game(Rules::lattjo().with_players(4));
    // Side A (seats 0 and 2) owes one disc for each seat; one disc of side A (16, of seat 2's
    // row) is in the pocket; seat 2 (north) is to strike.
    let mut pos = edit(&g, |s| {
        s.discs[16].at = None;
        s.debt[Seat::new(0)] = 1;
        s.debt[Seat::new(2)] = 1;
        s.to_move = Seat::new(2);
    });
    assert_eq!(pos.debt(Side::A), 2);
    assert_eq!(pos.debt_of(Seat::new(0)), 1);
    assert_eq!(pos.debt_of(Seat::new(2)), 1);
    // Seat 2 touches his own disc 17 and pockets nothing: his turn ends (N7(b)).
    let r = resolved(&g, &mut pos, Vec2::new(0.3, -0.1), |o| {
        o.contact(0.1, P, d(17));
    });
    assert!(r.fouls.is_empty());
    assert_eq!(r.debt_paid, 1);
    assert_eq!(pos.debt_of(Seat::new(2)), 0, "the striker's own debt first");
    assert_eq!(pos.debt_of(Seat::new(0)), 1);
    // Against the cushion opposite seat 2 (north): the south one.
    let p = at(&pos, 16).unwrap();
    assert!(close(p.y, -0.474), "against the south cushion: {p}");
}

/// "Referee calls" and step 7: a debt never exceeds the side's disc count: at that cap, for
/// a stroke as for a call, the debt stays and the report says `debt_capped` (N10).
#[test]
fn n10_a_foul_stroke_at_the_debt_cap_keeps_the_debt_and_says_so() {
    let g = Novuss::default();
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 8);
    let out = Outcome::still(&pos, MID);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(r.fouls.contains(Foul::NoOwnDisc));
    assert_eq!(r.penalty, Penalty::Debt);
    assert!(r.debt_capped);
    assert_eq!(pos.debt(Side::A), 8);
    // One below the cap, the debt grows.
    let mut pos = edit(&g, |s| s.debt[Seat::new(0)] = 7);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert!(!r.debt_capped);
    assert_eq!(pos.debt(Side::A), 8);
}

/// "Resolving a stroke", step 8: "The puck is in the zone when its centre is" (N7(e), B17).
#[test]
fn n7e_the_puck_is_back_in_the_zone_when_its_centre_is() {
    let g = Novuss::default();
    let pocket_three = |puck: Vec2| {
        resolved(&g, &mut g.new_state(), puck, |o| {
            o.contact(0.1, P, d(3)).pocket(0.4, d(3));
        })
    };
    // The zone's end line is at y = -0.37.
    let r = pocket_three(Vec2::new(0.2, -0.371));
    assert!(r.losses.contains(TurnLoss::PuckReturned));
    assert!(!r.continues());
    // The centre 1 mm beyond the line, most of the puck (and its hole) over the zone.
    let r = pocket_three(Vec2::new(0.2, -0.369));
    assert!(!r.losses.contains(TurnLoss::PuckReturned));
    assert!(r.continues());
}

/// "Resolving a stroke", step 10 with "Sets and matches": a set is one game and the winning
/// side's seats score 1 (`Rounds`); in pairs both partners (N14, N16, B11, B23).
#[test]
fn b23_a_won_set_scores_one_for_each_seat_of_the_winning_side() {
    let g = game(Rules::lattjo().with_players(4));
    let won = won_by(&g, Side::A);
    let points = g.round_points(&won).unwrap();
    let got: Vec<i64> = (0..4).map(|i| points[Seat::new(i)]).collect();
    assert_eq!(got, [1, 0, 1, 0]);
    assert_eq!(g.round_points(&g.new_state()), None);
}

/// The start of set `round` (from 0) of a match of `g` to `target` points in which no seat has
/// scored yet, after the set `previous`.
fn next_set(g: &Novuss, target: i64, round: u32, previous: Option<&State>) -> State {
    let config = MatchConfig::new(Some(target), None).unwrap();
    let totals = BySeat::new(g.rules().players, 0);
    g.new_round(&RoundContext {
        round,
        totals: &totals,
        previous,
        config: &config,
    })
}

/// "Sets and matches": the first stroke of set k goes to seat `first_player + k` (B2
/// `Alternate`) or to the loser (`LoserStarts`) (B2).
#[test]
fn b2_the_next_set_starts_alternately_or_with_the_loser() {
    for starter in [NextSetStarter::Alternate, NextSetStarter::LoserStarts] {
        let g = game(Rules::lattjo().with_next_set_starter(starter));
        // Side B (seat 1) won the first set.
        let won_by_b = edit(&g, |s| {
            clear(s, Side::B);
            s.status = Status::Won(Side::B);
            s.to_move = Seat::new(1);
        });
        let next = next_set(&g, 2, 1, Some(&won_by_b));
        let want = match starter {
            NextSetStarter::Alternate => Seat::new(1),
            _ => Seat::new(0),
        };
        assert_eq!(next.to_move(), want, "{starter:?}");
        assert_eq!(next, g.initial_state(want).unwrap());
    }
    // Alternating in pairs: set k starts with seat k (mod 4).
    let g = game(Rules::lattjo().with_players(4));
    for k in 0..6u32 {
        assert_eq!(next_set(&g, 3, k, None).to_move(), Seat::new((k % 4) as u8));
    }
}

// ---- Saving and loading, numbers in range ----

/// "Saving and loading" and "Numbers in range": `from_setup` checks a seat of the game,
/// debts per seat and at most the side's disc count, a status that matches the discs, and a
/// stroke count that fits the stroke limit (a game at the limit is drawn, and only such a
/// game: `SetupError::Strokes`).
#[test]
fn from_setup_refuses_what_the_page_lists() {
    let g = Novuss::default();
    let base = g.new_state().to_setup();
    let refuse = |g: &Novuss, f: &dyn Fn(&mut Setup)| {
        let mut s = g.new_state().to_setup();
        f(&mut s);
        g.from_setup(s).unwrap_err()
    };
    type Change = dyn Fn(&mut Setup);
    let refusals: [(&Change, SetupError); 4] = [
        (&|s| s.to_move = Seat::new(2), SetupError::Seat(2)),
        (&|s| s.debt = BySeat::new(3, 0), SetupError::DebtSeats(3)),
        (
            &|s| s.debt[Seat::new(1)] = 9,
            SetupError::Debt {
                side: Side::B,
                debt: 9,
            },
        ),
        (
            &|s| s.status = Status::Drawn,
            SetupError::Strokes { strokes: 0 },
        ),
    ];
    for (change, error) in refusals {
        assert_eq!(refuse(&g, change), error);
    }
    // A status that does not match the discs: a winner with discs left, no winner without.
    let mismatched: [&Change; 2] = [&|s| s.status = Status::Won(Side::A), &|s| clear(s, Side::A)];
    for change in mismatched {
        assert!(matches!(refuse(&g, change), SetupError::Result(_)));
    }
    let limited = game(Rules::lattjo().with_stroke_limit(Some(10)));
    assert_eq!(
        refuse(&limited, &|s| s.strokes = 10),
        SetupError::Strokes { strokes: 10 }
    );
    let mut at_limit = limited.new_state().to_setup();
    at_limit.strokes = 10;
    at_limit.status = Status::Drawn;
    assert!(limited.from_setup(at_limit).is_ok());
    // A debt of the side's whole count is accepted.
    let mut full = base;
    full.debt[Seat::new(1)] = 8;
    assert!(g.from_setup(full).is_ok());
}

// ---- Referee calls and the opening-series equaliser (§5) ----

/// "Referee calls": a call on conduct counts no stroke and clears `State::last_resolution`.
#[test]
fn s5_a_call_on_conduct_counts_no_stroke_and_clears_the_last_resolution() {
    let g = game(Rules::lnf());
    let mut pos = g.new_state();
    resolved(&g, &mut pos, MID, |o| {
        o.contact(0.1, P, d(3));
    });
    assert!(pos.last_resolution().is_some());
    assert_eq!(pos.strokes(), 1);
    let report = g
        .call(&mut pos, &Call::Conduct(Seat::new(1), Conduct::Delay))
        .unwrap();
    assert!(report.turn_passed);
    assert_eq!(pos.strokes(), 1);
    assert_eq!(pos.last_resolution(), None);
    assert_eq!(pos.to_move(), Seat::new(0));
}

/// "A stroke": a breach of N4 is the referee's call `Call::FoulStroke(seat, stroke)`,
/// "played exactly and resolved with `Foul::Technique`" — also under rules with execution
/// noise (no chance node) (N4, B21).
#[test]
fn n4_b21_a_called_foul_stroke_is_played_exactly_even_under_noise() {
    let noisy = game(Rules::lattjo().with_noise(noise(0.05, 0.1)));
    let mut pos = noisy.new_state();
    let report = noisy
        .call(&mut pos, &Call::FoulStroke(Seat::new(0), drive()))
        .unwrap();
    let r = report.stroke.unwrap();
    assert!(r.fouls.contains(Foul::Technique));
    assert_eq!(pos.status(), Status::Playing, "no noise node");
    assert_eq!(pos.strokes(), 1);
    // The same stroke played exactly by a game without noise does the same on the table.
    let exact = Novuss::default();
    let mut reference = exact.new_state();
    let plain = exact.strike(&mut reference, &drive()).unwrap();
    assert_eq!(r.kind, plain.kind);
    assert_eq!(r.own_pocketed, plain.own_pocketed);
    assert_eq!(r.opponent_pocketed, plain.opponent_pocketed);
    assert!(report.turn_passed);
}

/// "The opening-series equaliser": a side that clears in the opening series does not win at
/// once; its series stops and the other side answers; `State::answering` names the side
/// that cleared and waits for the answer (LNF §5).
#[test]
fn s5_state_answering_names_the_side_that_cleared_and_waits() {
    let (_, pos, r) = cleared_in_the_opening_series();
    assert!(r.losses.contains(TurnLoss::SeriesStopped));
    assert_eq!(r.winner, None);
    assert_eq!(pos.answering(), Some(Side::A));
    assert_eq!(pos.to_move(), Seat::new(1), "side B answers");
}

/// "Learning encodings", offset 237: the side that cleared in the opening series and waits
/// for the other side's answering series (LNF equaliser), own or other, seen from each seat.
#[test]
fn learning_offset_237_is_the_side_that_cleared_in_the_opening_series() {
    let (g, pos, _) = cleared_in_the_opening_series();
    assert_eq!(pos.answering(), Some(Side::A));
    let mut obs = vec![0.0f32; g.observation_shape().size()];
    g.observe(&pos, Seat::new(0), &mut obs).unwrap();
    assert_eq!(&obs[237..239], &[1.0, 0.0], "seat 0 cleared: own side");
    g.observe(&pos, Seat::new(1), &mut obs).unwrap();
    assert_eq!(
        &obs[237..239],
        &[0.0, 1.0],
        "seen by seat 1: the other side"
    );
}

// ---- The Game trait, noise, learning, the planner ----

/// "The Game trait": the noise draw is "cut at 6 sd": a draw beyond six standard deviations
/// is not legal, one within is.
#[test]
fn a_noise_draw_beyond_six_standard_deviations_is_refused() {
    let g = game(Rules::lattjo().with_noise(noise(0.01, 0.03)));
    let mut pos = awaiting_noise(&g);
    let noise = |slip: f64, speed_error: f64| {
        lattjo_disc_billiards::Action::Noise(Noise { slip, speed_error })
    };
    assert!(g.is_legal(&pos, &noise(0.059, 0.179)));
    assert!(g.is_legal(&pos, &noise(-0.059, -0.179)));
    assert!(!g.is_legal(&pos, &noise(0.061, 0.0)));
    assert!(!g.is_legal(&pos, &noise(0.0, -0.181)));
    let before = pos.clone();
    assert_eq!(
        g.apply(&mut pos, &noise(0.061, 0.0)),
        Err(PlayError::Stroke(StrokeError::Noise))
    );
    assert_eq!(pos, before);
}

/// "Learning encodings": a seat out of range observes as seat 0; the strokes field is
/// strokes played / 3,000 (offset 239).
#[test]
fn learning_a_seat_out_of_range_observes_as_seat_0() {
    let g = Novuss::default();
    let mut pos = g.new_state();
    resolved(&g, &mut pos, MID, |o| {
        o.contact(0.1, P, d(3));
    });
    let n = g.observation_shape().size();
    let (mut zero, mut far) = (vec![0.0f32; n], vec![1.0f32; n]);
    g.observe(&pos, Seat::new(0), &mut zero).unwrap();
    g.observe(&pos, Seat::new(7), &mut far).unwrap();
    assert_eq!(zero, far);
    assert!((zero[239] - 1.0 / 3000.0).abs() < 1e-9);
}

/// "Learning encodings": the stroke's parameter bounds: +-`zone_half_width`, 0 to
/// `zone_depth`, +-2, +-2 and 0 to `max_speed`, the place bounds with 1 nm of slack.
#[test]
fn learning_the_stroke_parameter_bounds_are_the_documented_ones() {
    let g = game(Rules::lattjo().with_max_speed(6.0));
    let b = g.stroke_parameter_bounds();
    let slack = 1e-9;
    assert!(close(b[0].0, -0.35 - slack) && close(b[0].1, 0.35 + slack));
    assert!(close(b[1].0, -slack) && close(b[1].1, 0.13 + slack));
    assert_eq!((b[2], b[3]), ((-2.0, 2.0), (-2.0, 2.0)));
    assert_eq!(b[4], (0.0, 6.0));
}

/// "The shot planner": `Planner::new(PlannerConfig { shots_simulated: k })` (default 6).
#[test]
fn the_planner_simulates_six_shots_by_default() {
    assert_eq!(PlannerConfig::default().shots_simulated, 6);
    assert_eq!(
        lattjo_disc_billiards::Planner::default()
            .config()
            .shots_simulated,
        6
    );
}

/// "Referee calls": calls are never generated by `legal_actions` or `sample_action` (the
/// weak player's wild strokes included: a stroke carries no breach of technique, B21 is the
/// referee's `Call::FoulStroke`) (N4, B21).
#[test]
fn n4_b21_sample_action_never_generates_a_call() {
    for rules in [Rules::lattjo(), Rules::lnf()] {
        let g = game(rules);
        let pos = g.new_state();
        let mut rng = boardgame_core::GameRng::new(7, 0);
        let mut buf = Vec::new();
        let mut strokes = 0;
        for _ in 0..1500 {
            match g.sample_action(&pos, &mut rng, &mut buf) {
                Some(lattjo_disc_billiards::Action::Strike(seat, stroke)) => {
                    assert_eq!(seat, Seat::new(0));
                    assert_eq!(g.check_stroke(&pos, seat, &stroke), Ok(()));
                    strokes += 1;
                }
                other => panic!("not a stroke: {other:?}"),
            }
        }
        assert_eq!(strokes, 1500);
    }
}

/// "Referee calls": a call is accepted only at a stroke node; otherwise it is a
/// `PlayError::Call` with a typed `CallError` (`GameOver`, `AwaitingNoise`, `Stroke`) and
/// the state is unchanged — for a called foul stroke too (N4, B21).
#[test]
fn n4_b21_a_called_foul_stroke_is_refused_off_a_stroke_node_with_a_typed_error() {
    use lattjo_disc_billiards::CallError;
    let g = Novuss::default();
    let foul = |seat: u8, stroke: Stroke| Call::FoulStroke(Seat::new(seat), stroke);
    let refuse = |g: &Novuss, pos: &State, call: Call| {
        let mut p = pos.clone();
        let err = g.call(&mut p, &call).unwrap_err();
        assert_eq!(&p, pos, "unchanged");
        assert_eq!(g.check_call(pos, &call), Err(err.clone()));
        err
    };
    let pos = g.new_state();
    assert_eq!(
        refuse(&g, &pos, foul(1, drive())),
        PlayError::Call(CallError::Stroke(StrokeError::WrongSeat {
            expected: Seat::new(0),
            got: Seat::new(1)
        }))
    );
    let off = Stroke::new(Vec2::new(0.0, 0.5), Vec2::new(0.0, 1.0), 3.0);
    assert_eq!(
        refuse(&g, &pos, foul(0, off)),
        PlayError::Call(CallError::Stroke(StrokeError::NotInZone))
    );
    let won = won_by(&g, Side::B);
    assert_eq!(
        refuse(&g, &won, foul(0, drive())),
        PlayError::Call(CallError::GameOver)
    );
    let noisy = game(Rules::lattjo().with_noise(noise(0.01, 0.03)));
    let waiting = awaiting_noise(&noisy);
    assert_eq!(
        refuse(&noisy, &waiting, foul(0, drive())),
        PlayError::Call(CallError::AwaitingNoise)
    );
}

/// "Numbers in range": a stroke is accepted (by serde, through `Stroke::check_shape`) only
/// with finite values, a non-zero aim and a speed in (0, 20] m/s.
#[test]
fn a_strokes_shape_needs_finite_values_an_aim_and_a_speed_up_to_20() {
    let s = |dx: f64, dy: f64, speed: f64| {
        Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(dx, dy), speed).check_shape()
    };
    assert_eq!(s(0.0, 1.0, 20.0), Ok(()));
    assert_eq!(s(0.0, 1.0, 0.001), Ok(()));
    assert!(matches!(s(0.0, 1.0, 20.5), Err(StrokeError::Speed { .. })));
    assert!(matches!(s(0.0, 1.0, 0.0), Err(StrokeError::Speed { .. })));
    assert!(matches!(s(0.0, 1.0, -1.0), Err(StrokeError::Speed { .. })));
    assert_eq!(s(0.0, 0.0, 3.0), Err(StrokeError::NoDirection));
    assert_eq!(s(f64::NAN, 1.0, 3.0), Err(StrokeError::NotFinite));
    assert_eq!(s(0.0, 1.0, f64::INFINITY), Err(StrokeError::NotFinite));
}

/// Regression (6 December 2026, found by the property test below; N9, B14): the penalty
/// disc's spot was searched in millimetre steps along the cushion, which skipped a gap of
/// 0.4 mm between two discs 14 cm from the centre line, and the disc went to 25 cm, beyond
/// the next disc. The nearest free spot is where the first disc's stretch of the line ends.
#[test]
fn regression_the_penalty_disc_skipped_a_gap_narrower_than_a_millimetre_n9_b14() {
    let g = Novuss::default();
    let mut setup = g.new_state().to_setup();
    let line = 0.474;
    // Discs 0 and 8 pay from the pocket; on the penalty line discs at 0 (the centre spot),
    // 0.0895 and 0.1939 (0.1044 apart: 0.4 mm more than a disc's diameter) and -0.1764; one
    // more on the left half, so that the halves tie and the offender's right (+x) is taken.
    for (i, disc) in setup.discs.iter_mut().enumerate() {
        disc.at = match i {
            1 => Some(Vec2::new(0.193_936_932_432_637_2, line)),
            2 => Some(Vec2::new(0.0, line)),
            4 => Some(Vec2::new(0.089_465_848_379_719_16, line)),
            14 => Some(Vec2::new(-0.176_444_993_916_871_63, line)),
            15 => Some(Vec2::new(-0.445_193_388_453_520_5, 0.0)),
            _ => None,
        };
    }
    setup.to_move = Seat::new(0);
    let mut pos = g.from_setup(setup).unwrap();
    let mut out = Outcome::still(&pos, MID);
    out.pocket(0.1, P);
    let r = g.resolve(&mut pos, &out).unwrap();
    assert_eq!(r.penalty, Penalty::Placed(DiscId(0)));
    let p = at(&pos, 0).unwrap();
    // Touching the disc at 0.0895 (to rounding), not 25 cm out.
    assert!(close(p.y, line), "{p}");
    assert!(
        (p.x - (0.089_465_848_379_719_16 + 0.052)).abs() < 1e-9,
        "{p}"
    );
    for (i, q) in pos.discs().iter().enumerate() {
        if let (true, Some(q)) = (i != 0, q.at) {
            assert!(
                q.distance(p) >= 0.052 - 1e-9,
                "{p} overlaps disc {i} at {q}"
            );
        }
    }
}

/// Whether a disc centred at `p` would overlap a disc of `pos` (touching allowed).
fn blocked(pos: &State, p: Vec2) -> bool {
    let r2 = 2.0 * 0.026 - 1e-9;
    pos.discs()
        .iter()
        .filter_map(|x| x.at)
        .any(|q| q.distance_squared(p) < r2 * r2)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// "Resolving a stroke", step 7, over random positions: the penalty disc goes on the
    /// centre line against the cushion opposite the offender; if that spot is taken, along
    /// the same cushion as near the centre line as possible on the half holding fewer discs
    /// (ties: the offender's right) (N9, B14).
    #[test]
    fn n9_b14_the_penalty_disc_goes_as_near_the_centre_as_possible_on_the_emptier_half(
        seat in 0u8..2,
        places in proptest::collection::vec(
            (0u8..3, -0.47f64..0.47, -0.47f64..0.47),
            16,
        ),
    ) {
        let g = Novuss::default();
        let mut setup = g.new_state().to_setup();
        // Discs 0 (side A) and 8 (side B) are in the pocket and pay; the others stand at
        // random, a third of them on the cushion line where the penalty spots are.
        let striker = Seat::new(seat);
        let line = if seat == 0 { 0.474 } else { -0.474 };
        let mut placed: Vec<Vec2> = Vec::new();
        for (i, &(kind, x, y)) in places.iter().enumerate() {
            if i == 0 || i == 8 {
                setup.discs[i].at = None;
                continue;
            }
            let p = match kind {
                0 => Vec2::new(x * 0.5, line),
                _ => Vec2::new(x, y),
            };
            let free = placed.iter().all(|q| q.distance(p) >= 0.052)
                && g.rules().dimensions.on_table(p, 0.026)
                && !g.rules().dimensions.in_pocket(p);
            setup.discs[i].at = free.then_some(p);
            if free {
                placed.push(p);
            }
        }
        setup.to_move = striker;
        let Ok(mut pos) = g.from_setup(setup) else {
            return Ok(());
        };
        let before = pos.clone();
        // The puck drops into a pocket: F1, whatever else happened.
        let mut out = Outcome::still(&pos, MID);
        out.pocket(0.1, P);
        let r = g.resolve(&mut pos, &out).unwrap();
        let paid = if seat == 0 { 0 } else { 8 };
        proptest::prop_assert_eq!(r.penalty, Penalty::Placed(DiscId(paid)));
        let p = at(&pos, paid).unwrap();
        proptest::prop_assert!(close(p.y, line), "against the cushion opposite: {}", p);
        let centre = Vec2::new(0.0, line);
        if !blocked(&before, centre) {
            proptest::prop_assert_eq!(p, centre);
            return Ok(());
        }
        // The offender's right: +x for seat 0 (south), -x for seat 1 (north).
        let right = if seat == 0 { 1.0 } else { -1.0 };
        let count = |sign: f64| {
            before.discs().iter().filter_map(|x| x.at).filter(|q| q.x * sign > 0.0).count()
        };
        let fewer = if count(-right) < count(right) { -right } else { right };
        // At a tenth of a millimetre: the spot search also finds gaps narrower than its
        // millimetre steps.
        let half_has_room = |sign: f64| {
            (1..=4_400).any(|k| !blocked(&before, Vec2::new(sign * f64::from(k) * 0.000_1, line)))
        };
        let want = if half_has_room(fewer) { fewer } else { -fewer };
        proptest::prop_assert!(p.x * want > 0.0, "on the {} half: {}", want, p);
        proptest::prop_assert!(!blocked(&before, p));
        // No free spot nearer the centre line on that half (to the search's millimetre).
        let mut x = 0.000_25;
        while x < p.x.abs() - 0.001 {
            proptest::prop_assert!(
                blocked(&before, Vec2::new(want * x, line)),
                "{} is free, nearer than {}", want * x, p
            );
            x += 0.000_25;
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// "Placement tests (B3, P2)" over random places at the start (where the rules' own test
    /// leaves places, so it decides): `LineVisible` the centre in the zone and a zone line
    /// (end, side or middle line) within the puck's hole radius; `LnfHoleInside` the hole
    /// wholly inside the zone and no disc touched (a gap of more than a nanometre);
    /// `Lenient` the centre anywhere in the zone; under every test the puck on no disc.
    #[test]
    fn b3_p2_placement_is_decided_as_the_page_describes(
        places in proptest::collection::vec((-0.42f64..0.42, 0.0f64..0.17), 24),
    ) {
        let (w, depth, hole) = (0.35, 0.13, 0.009);
        for test in [PlacementTest::LineVisible, PlacementTest::LnfHoleInside, PlacementTest::Lenient] {
            let g = game(Rules::lattjo().with_placement_test(test));
            let pos = g.new_state();
            for &(u, v) in &places {
                let place = Vec2::new(u, v);
                let got = g.check_stroke(&pos, Seat::new(0), &Stroke::new(place, Vec2::new(0.0, 1.0), 3.0));
                let board = Vec2::new(u, v - 0.5);
                let in_zone = u.abs() <= w && (0.0..=depth).contains(&v);
                let seg = |du: f64, dv: f64| (du * du + dv * dv).sqrt();
                let along_v = if v > depth { v - depth } else if v < 0.0 { -v } else { 0.0 };
                let beyond_w = (u.abs() - w).max(0.0);
                let line = seg(v - depth, beyond_w) // the end line
                    .min(seg(u.abs() - w, along_v)) // the side lines
                    .min(seg(u, along_v)); // the middle line
                let zone_ok = match test {
                    PlacementTest::LineVisible => in_zone && line <= hole,
                    PlacementTest::LnfHoleInside => {
                        u.abs() + hole <= w && v - hole >= 0.0 && v + hole <= depth
                    }
                    _ => in_zone,
                };
                let reach: f64 = 0.0285 + 0.026;
                let disc = pos.discs().iter().position(|x| {
                    x.at.is_some_and(|q| match test {
                        PlacementTest::LnfHoleInside => q.distance(board) <= reach + 1e-9,
                        _ => q.distance(board) < reach - 1e-9,
                    })
                });
                let want = if v < 0.0285 {
                    Err(PlayError::Stroke(StrokeError::PuckOffTable))
                } else if !zone_ok {
                    Err(PlayError::Stroke(StrokeError::NotInZone))
                } else if let Some(i) = disc {
                    Err(PlayError::Stroke(StrokeError::OnDisc(DiscId(i as u8))))
                } else {
                    Ok(())
                };
                proptest::prop_assert_eq!(got, want, "{:?} at {}", test, place);
            }
        }
    }
}

/// `Novuss::resolve_called_foul`'s doc: its errors are "as `Novuss::resolve`". At the noise
/// node (a stroke awaiting its execution noise) `resolve` answers `StrokeError::WrongNode`,
/// but `resolve_called_foul` said `StrokeError::GameOver`, of a game still in progress.
#[test]
fn regression_resolve_called_foul_said_game_over_while_a_stroke_awaited_its_noise() {
    let g = game(Rules::lattjo().with_noise(noise(0.01, 0.03)));
    let mut pos = awaiting_noise(&g);
    let before = pos.clone();
    let out = Outcome::still(&pos, MID);
    let plain = g.resolve(&mut pos, &out).unwrap_err();
    assert!(matches!(
        plain,
        PlayError::Stroke(StrokeError::WrongNode(_))
    ));
    assert_eq!(g.resolve_called_foul(&mut pos, &out), Err(plain));
    assert_eq!(pos, before);
    // A finished game: both say the game is over.
    let plain_game = Novuss::default();
    let mut won = won_by(&plain_game, Side::B);
    let out = Outcome::still(&won, MID);
    let over = Err(PlayError::Stroke(StrokeError::GameOver));
    assert_eq!(plain_game.resolve(&mut won, &out), over);
    assert_eq!(plain_game.resolve_called_foul(&mut won, &out), over);
}

/// "The API in one paragraph" and "Resolving a stroke": `simulate` gives the `Outcome`
/// without changing the state, and `strike` "builds that outcome with disc-physics and
/// resolves it", exactly: the same as `resolve` of the simulated outcome; `strike` plays the
/// stroke exactly also under rules with noise (no chance node).
#[test]
fn strike_is_resolve_of_the_simulated_outcome_and_ignores_noise() {
    let strokes = [
        drive(),
        Stroke::new(Vec2::new(0.005, 0.09), Vec2::new(0.3, 1.0), 6.0),
        Stroke::new(Vec2::new(0.345, 0.1), Vec2::new(-0.2, 1.0), 2.5),
        Stroke::new(Vec2::new(-0.2, 0.125), Vec2::new(1.0, 0.4), 7.5),
    ];
    for rules in [
        Rules::lattjo(),
        Rules::lattjo().with_noise(noise(0.05, 0.1)),
    ] {
        let g = game(rules);
        for stroke in strokes {
            let start = g.new_state();
            let out = g.simulate(&start, &stroke).unwrap();
            assert_eq!(g.simulate(&start, &stroke).unwrap(), out, "deterministic");
            let mut by_strike = start.clone();
            let r = g.strike(&mut by_strike, &stroke).unwrap();
            let mut by_resolve = start.clone();
            assert_eq!(g.resolve(&mut by_resolve, &out), Ok(r), "{stroke}");
            assert_eq!(by_strike, by_resolve, "{stroke}");
            assert_eq!(by_strike.status(), Status::Playing);
            assert_eq!(by_strike.strokes(), 1);
        }
    }
}
