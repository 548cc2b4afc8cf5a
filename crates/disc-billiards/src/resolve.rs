//! Resolving one stroke from its [`Outcome`], following the rules file's reference
//! resolution order (steps 1-10), independent of any physics engine.

use disc_physics::Vec2;

use boardgame_core::Seat;

use crate::discs::{DiscId, MAX_DISCS, Side, seat_compass};
use crate::outcome::{
    Body, Foul, Fouls, Outcome, OutcomeError, Penalty, Resolution, SIMULTANEOUS_S, StrokeEvent,
    StrokeKind, TurnLoss, TurnLosses,
};
use crate::rules::{
    DebtSettlement, DirectAtDark, OffTablePlacement, OwnDiscOffTable, PuckReturnRule, Rules,
    SideReboundToDark, TechniqueBreach,
};
use crate::state::{State, Status, overlaps};

/// Applies `outcome` of the stroke just played to `pos` and returns what happened; with
/// `technique` the referee called the stroke a foul stroke (B21). `pos` is changed only on
/// success.
pub(crate) fn resolve(
    rules: &Rules,
    pos: &mut State,
    outcome: &Outcome,
    technique: bool,
) -> Result<Resolution, OutcomeError> {
    let d = &rules.dimensions;
    let n = usize::from(pos.n);
    let seat = pos.to_move;
    let me = Side::of_seat(seat);
    let compass = seat_compass(seat, rules.players);
    let far = compass.opposite();

    // Step 1: technique (placement was checked before the stroke was accepted).
    let mut fouls = Fouls::default();
    if technique && rules.technique_breach == TechniqueBreach::Foul {
        fouls.insert(Foul::Technique);
    }

    // Step 2: light and dark, at the moment of the stroke, for the striker (B4).
    let mut dark = [false; MAX_DISCS];
    let mut light = [false; MAX_DISCS];
    for i in 0..n {
        dark[i] = pos.is_dark(seat, DiscId(i as u8));
        light[i] = pos.is_light(seat, DiscId(i as u8));
    }
    let has_light = light.iter().any(|&l| l);
    let own_on_table = pos.on_table(me);

    // Step 3 and the facts step 4 needs, in one pass over the events.
    let mut first: Option<StrokeKind> = None;
    let mut first_disc_time: Option<f64> = None;
    let mut first_opp = false;
    let mut cleared: Option<f64> = None;
    let mut touched_own = false;
    let mut reached = false;
    let mut illegal_dark = [false; MAX_DISCS];
    // N13: whether the last body to touch each disc was one allowed to knock a dark disc in
    // (the puck after it cleared, or an own light disc); `None` before any contact. Contacts
    // within `SIMULTANEOUS_S` of each other are one impact (a disc struck while it touches
    // others, whose contacts the engine reports at the same instant): a fair body among them
    // makes the knock fair, whatever order the events list them in.
    let mut fair_knock: [Option<bool>; MAX_DISCS] = [None; MAX_DISCS];
    let mut fair_time: [Option<f64>; MAX_DISCS] = [None; MAX_DISCS];
    let mut knock = |fair_knock: &mut [Option<bool>], i: usize, fair: bool, time: f64| {
        let same_impact = fair_time[i].is_some_and(|t0| time - t0 <= SIMULTANEOUS_S);
        fair_knock[i] = Some(fair || same_impact);
        if fair {
            fair_time[i] = Some(time);
        }
    };
    let mut knocked_unfairly = [false; MAX_DISCS];
    let puck_always_fair = rules.direct_at_dark == DirectAtDark::Allowed;
    let mut puck_gone = false;
    let mut pocketed = [false; MAX_DISCS];
    let mut left: [Option<Vec2>; MAX_DISCS] = [None; MAX_DISCS];
    let mut last_time = 0.0f64;
    let check_disc = |k: usize, id: DiscId, pocketed: &[bool], left: &[Option<Vec2>]| {
        let i = id.index();
        if i >= n || pos.discs[i].at.is_none() {
            Err(OutcomeError::Disc(k, id))
        } else if pocketed[i] || left[i].is_some() {
            Err(OutcomeError::Impossible(k))
        } else {
            Ok(i)
        }
    };
    for (k, ev) in outcome.events.iter().enumerate() {
        let time = ev.time();
        if !(time.is_finite() && time >= last_time) {
            return Err(OutcomeError::Time(k));
        }
        last_time = time;
        if puck_gone
            && matches!(
                ev,
                StrokeEvent::Contact { a: Body::Puck, .. }
                    | StrokeEvent::Contact { b: Body::Puck, .. }
                    | StrokeEvent::Cushion {
                        body: Body::Puck,
                        ..
                    }
            )
        {
            return Err(OutcomeError::Impossible(k));
        }
        match *ev {
            StrokeEvent::Contact { a, b, .. } => match (a, b) {
                (Body::Puck, Body::Puck) => return Err(OutcomeError::Impossible(k)),
                (Body::Puck, Body::Disc(id)) | (Body::Disc(id), Body::Puck) => {
                    let i = check_disc(k, id, &pocketed, &left)?;
                    let disc = pos.discs[i];
                    let p = disc.at.unwrap_or_default();
                    if first.is_none() {
                        first = Some(StrokeKind::Direct(id));
                    }
                    match first_disc_time {
                        None => {
                            first_disc_time = Some(time);
                            first_opp |= disc.side != me;
                        }
                        Some(t0) if time - t0 <= SIMULTANEOUS_S => first_opp |= disc.side != me,
                        Some(_) => {}
                    }
                    touched_own |= disc.side == me;
                    let puck_cleared = cleared.is_some_and(|c| c < time - SIMULTANEOUS_S);
                    if dark[i] && !puck_cleared {
                        illegal_dark[i] = true;
                    }
                    knock(&mut fair_knock, i, puck_cleared || puck_always_fair, time);
                    if light[i] && cleared.is_none() {
                        cleared = Some(time);
                    }
                    // A disc is in the circle when its hole is (rules file section 1, B4).
                    if d.circle_in_centre(p, d.disc_hole_radius) {
                        reached = true;
                    }
                }
                (Body::Disc(x), Body::Disc(y)) => {
                    let xi = check_disc(k, x, &pocketed, &left)?;
                    let yi = check_disc(k, y, &pocketed, &left)?;
                    if x == y {
                        return Err(OutcomeError::Impossible(k));
                    }
                    // N13(c): an own disc lying outside the dark zones (light at the moment of
                    // the stroke, B4) may knock a dark disc; no other disc may.
                    knock(&mut fair_knock, yi, light[xi], time);
                    knock(&mut fair_knock, xi, light[yi], time);
                }
            },
            StrokeEvent::Cushion { body, cushion, .. } => match body {
                Body::Puck => {
                    if first.is_none() {
                        first = Some(StrokeKind::Rebound(cushion));
                    }
                    if cushion == far {
                        reached = true;
                    }
                    // N13(a), B6: the opposite cushion, and under the option a side one
                    // (never the striker's own).
                    let side = cushion != far && cushion != compass;
                    if (cushion == far
                        || (side && rules.side_rebound_to_dark == SideReboundToDark::Allowed))
                        && cleared.is_none()
                    {
                        cleared = Some(time);
                    }
                }
                Body::Disc(id) => {
                    check_disc(k, id, &pocketed, &left)?;
                }
            },
            StrokeEvent::Pocketed { body, .. } | StrokeEvent::LeftTable { body, .. } => {
                let at = if let StrokeEvent::LeftTable { at, .. } = *ev {
                    Some(at)
                } else {
                    None
                };
                match body {
                    Body::Puck if puck_gone => return Err(OutcomeError::Impossible(k)),
                    Body::Puck => puck_gone = true,
                    Body::Disc(id) => {
                        let i = check_disc(k, id, &pocketed, &left)?;
                        match at {
                            None => {
                                pocketed[i] = true;
                                // N13 with B7: a dark disc knocked in by a body N13 does not
                                // allow (the last contact is the one that knocked it in). A
                                // disc F4 puts back is F4's; one the puck may touch
                                // (`DirectAtDark::Allowed`) is still judged here.
                                let f4_restores =
                                    illegal_dark[i] && rules.direct_at_dark == DirectAtDark::Foul;
                                if dark[i] && fair_knock[i] == Some(false) && !f4_restores {
                                    knocked_unfairly[i] = true;
                                }
                            }
                            Some(p)
                                if p.is_finite()
                                    && disc_physics::limits::plain(p.x)
                                    && disc_physics::limits::plain(p.y) =>
                            {
                                left[i] = Some(p);
                            }
                            Some(_) => return Err(OutcomeError::Impossible(k)),
                        }
                    }
                }
            }
        }
    }
    let kind = first.unwrap_or(StrokeKind::NoContact);
    let direct = matches!(kind, StrokeKind::Direct(_));
    // The puck's rest: on the table unless it was pocketed or left.
    let puck_rest = match (puck_gone, outcome.puck_rest) {
        (true, _) => None,
        (false, Some(p)) if d.on_table(p, d.puck_radius) => Some(p),
        (false, _) => return Err(OutcomeError::PuckRest),
    };

    // Step 4: fouls, at most one penalty (B9).
    if puck_gone {
        fouls.insert(Foul::PuckLost);
    }
    if has_light && !touched_own {
        fouls.insert(Foul::NoOwnDisc);
    }
    if has_light && first_opp {
        fouls.insert(Foul::OpponentFirst);
    }
    let f4 = rules.direct_at_dark == DirectAtDark::Foul && illegal_dark.iter().any(|&x| x);
    if f4 {
        fouls.insert(Foul::DarkDisc);
    }
    if knocked_unfairly.iter().any(|&x| x) {
        fouls.insert(Foul::DarkKnockedIn);
    }
    let opp_left = (0..n).any(|i| left[i].is_some() && pos.discs[i].side != me);
    let own_left = (0..n).any(|i| left[i].is_some() && pos.discs[i].side == me);
    let any_left = opp_left || own_left;
    if direct && opp_left {
        fouls.insert(Foul::OpponentOffTable);
    }
    if own_left && rules.own_disc_off_table == OwnDiscOffTable::Foul {
        fouls.insert(Foul::OwnOffTable);
    }
    if rules.zone_contact_foul
        && let StrokeKind::Direct(id) = kind
        && pos.discs[id.index()]
            .at
            .is_some_and(|p| d.circle_in_zone(compass, p, d.disc_hole_radius))
    {
        fouls.insert(Foul::ZoneContact);
    }
    if rules.doubles_blind_zone_foul && rules.players == 4 && direct {
        let hole = d.disc_hole_radius;
        let knocked_in = (0..n).any(|i| {
            pos.discs[i].side != me
                && pos.discs[i]
                    .at
                    .is_some_and(|p| !d.circle_in_centre(p, hole))
                && !pocketed[i]
                && left[i].is_none()
                && outcome.rest[i].is_some_and(|p| d.circle_in_centre(p, hole))
        });
        if knocked_in {
            fouls.insert(Foul::BlindZone);
        }
    }
    if rules.dark_only_must_reach && !has_light && own_on_table > 0 && !direct && !reached {
        fouls.insert(Foul::DarkOnlyShort);
    }

    // The discs after the stroke, before any disc is put back.
    let mut next = pos.clone();
    for i in 0..n {
        if pos.discs[i].at.is_none() {
            continue;
        }
        next.discs[i].at = if pocketed[i] || left[i].is_some() {
            None
        } else {
            match outcome.rest[i] {
                Some(p) if d.on_table(p, d.disc_radius) => Some(p),
                _ => return Err(OutcomeError::Rest(DiscId(i as u8))),
            }
        };
    }
    // Rest positions must not overlap (a hair of slack for the solver's rounding) nor lie in
    // a pocket.
    for i in 0..n {
        let Some(p) = next.discs[i].at else { continue };
        if d.in_pocket(p) {
            return Err(OutcomeError::Rest(DiscId(i as u8)));
        }
        for j in 0..i {
            if next.discs[j]
                .at
                .is_some_and(|q| overlaps(q, p, 2.0 * d.disc_radius - 1e-7))
            {
                return Err(OutcomeError::Overlap(DiscId(j as u8), DiscId(i as u8)));
            }
        }
    }
    let mut restored = 0u8;
    // F4: the dark disc touched is put back where it stood (invariant 7); so is a dark disc
    // knocked in against N13 (sanctioned as F4).
    // Every disc to be put back leaves the table first, so that none is kept off its spot by
    // another that goes back to its own.
    let restore = |i: usize| (f4 && illegal_dark[i]) || knocked_unfairly[i];
    for i in 0..n {
        if restore(i) {
            next.discs[i].at = None;
        }
    }
    for i in 0..n {
        if restore(i) {
            let id = DiscId(i as u8);
            let want = pos.discs[i].at.unwrap_or_default();
            next.discs[i].at = Some(next.nearest_free(d, want, Some(id)));
            pocketed[i] = false;
            left[i] = None;
            restored += 1;
        }
    }

    // Step 5: discs that left the table are put back (F5, B12, B13).
    let mut returned = 0u8;
    for (i, exit) in left.iter().enumerate().take(n) {
        let Some(exit) = *exit else { continue };
        let id = DiscId(i as u8);
        let own = pos.discs[i].side == me;
        let placement = if !own && direct {
            rules.direct_off_table_placement
        } else {
            rules.off_table_placement
        };
        let spot = match placement {
            OffTablePlacement::CentreCircle => next.circle_spot(d, exit, id),
            OffTablePlacement::OriginalSpot => {
                next.nearest_free(d, pos.discs[i].at.unwrap_or_default(), Some(id))
            }
        };
        next.discs[i].at = Some(spot);
        returned += 1;
    }

    // Step 6: pocketed discs count for their owners (B11).
    let own_pocketed = (0..n)
        .filter(|&i| pocketed[i] && pos.discs[i].side == me)
        .count() as u8;
    let opponent_pocketed = (0..n)
        .filter(|&i| pocketed[i] && pos.discs[i].side != me)
        .count() as u8;

    // Whether this stroke left the striker's side with no disc on the table (before any
    // penalty disc comes back).
    let cleared_all = own_on_table > 0 && next.on_table(me) == 0;

    // Step 7: the penalty, from the pocket (B15) or as a debt (N10).
    let (penalty, debt_capped) = if fouls.is_empty() {
        (Penalty::None, false)
    } else {
        charge(rules, &mut next, seat)
    };

    // Step 8: the turn.
    let mut losses = TurnLosses::default();
    if own_pocketed > 0 && opponent_pocketed > 0 {
        losses.insert(TurnLoss::OpponentWithOwn);
    }
    if own_pocketed == 0 {
        losses.insert(TurnLoss::NothingPocketed);
    }
    if any_left {
        losses.insert(TurnLoss::OffTable);
    }
    if !fouls.is_empty() {
        losses.insert(TurnLoss::Foul);
    }
    let returns_count = match rules.puck_return_rule {
        PuckReturnRule::Always => true,
        PuckReturnRule::DirectStrokeWithLightDiscs => direct && has_light,
    };
    if returns_count && puck_rest.is_some_and(|p| d.in_zone(compass, p)) {
        losses.insert(TurnLoss::PuckReturned);
    }
    if rules.own_edge_line_loss
        && matches!(kind, StrokeKind::Rebound(_))
        && !dark.iter().any(|&x| x)
        && outcome.own_line_crossed
    {
        losses.insert(TurnLoss::OwnEdgeLine);
    }
    let continues = losses.is_empty();

    // Step 9: settle the striking side's debt at the end of its turn (B16).
    let mut debt_paid = 0u8;
    if !continues || rules.debt_settlement == DebtSettlement::Immediate {
        debt_paid = settle(rules, &mut next, seat);
    }

    // Step 10: the win (B11: the striking side first when both finish), with the LNF
    // opening-series equaliser when it is on.
    let players = rules.players;
    let mut next_seat = if continues { seat } else { seat.next(players) };
    next.strokes = pos.strokes.saturating_add(1);
    next.pending = None;
    let mut winner = if next.complete(me) {
        Some(me)
    } else if next.complete(me.other()) {
        Some(me.other())
    } else {
        None
    };
    let mut replayed = false;
    if rules.opening_equaliser {
        if let Some(x) = pos.answering {
            // The striker's side answers; the side that cleared waits for the result.
            winner = None;
            if next.complete(me) && !fouls.is_empty() {
                // A breach on the stroke that cleared the answering side loses the set, as
                // it does for the side that cleared first.
                winner = Some(x);
            } else if next.complete(me) {
                // Both cleared: the set is replayed, the answering side striking first.
                let strokes = next.strokes;
                next = State::start(rules, seat);
                next.strokes = strokes;
                next_seat = seat;
                replayed = true;
            } else if !continues {
                winner = Some(x);
            }
        } else if !fouls.is_empty() && cleared_all {
            // A breach on the stroke that pocketed the side's last disc loses the set.
            winner = Some(me.other());
        } else if pos.opening && winner == Some(me) {
            if players == 4 {
                // Pairs: clearing every disc in the opening series loses the set.
                winner = Some(me.other());
            } else if next.complete(me.other()) {
                // The stroke completed both sides (B11 counts the other side's discs for it):
                // no answering series is left to play, so B11 decides, the striking side
                // wins. (It used to leave an answering series for a side with no disc, a
                // state its own setup refused.)
            } else {
                winner = None;
                next.answering = Some(me);
                next.opening = false;
                next_seat = seat.next(players);
                losses.insert(TurnLoss::SeriesStopped);
            }
        }
    }
    if !continues && !replayed {
        next.opening = false;
    }
    next.status = match winner {
        Some(w) => Status::Won(w),
        None if rules.stroke_limit.is_some_and(|l| next.strokes >= l) => Status::Drawn,
        None => Status::Playing,
    };
    if next.status != Status::Playing {
        // A finished game has no answering series left (a state holding one is no state of
        // the game: its setup and its JSON are refused).
        next.answering = None;
    }
    next.to_move = next_seat;
    let report = Resolution {
        striker: seat,
        kind,
        fouls,
        penalty,
        losses,
        own_pocketed,
        opponent_pocketed,
        restored,
        returned,
        debt_paid,
        debt_capped,
        winner,
        replayed,
    };
    next.last = Some(report);
    *pos = next;
    Ok(report)
}

/// Charges one penalty to `offender`'s side (N9, N10): a pocketed disc placed on the
/// penalty spot, else one more disc owed. A side never owes more discs than it has (a
/// position owing more is not valid, `SetupError::Debt`): at that cap the debt stays and
/// the second value is `true`. Strokes (step 7) and referee calls both charge through here.
pub(crate) fn charge(rules: &Rules, pos: &mut State, offender: Seat) -> (Penalty, bool) {
    if let Some(id) = place_one(rules, pos, offender) {
        return (Penalty::Placed(id), false);
    }
    if pos.debt(Side::of_seat(offender)) < rules.discs_per_side()
        && let Some(debt) = pos.debt.as_mut_slice().get_mut(offender.index())
    {
        *debt += 1;
        (Penalty::Debt, false)
    } else {
        (Penalty::Debt, true)
    }
}

/// B16: settles the debt of `striker`'s side at the end of its turn: for each of its seats,
/// the striker first, one pocketed disc per unit of that seat's debt while the side has discs
/// in the pocket, each against the cushion opposite the seat whose foul it pays (B14).
/// Returns the discs placed.
pub(crate) fn settle(rules: &Rules, pos: &mut State, striker: Seat) -> u8 {
    let players = rules.players;
    let me = Side::of_seat(striker);
    let mut paid = 0u8;
    let mut seat = striker;
    for _ in 0..players {
        if Side::of_seat(seat) == me {
            while pos.debt_of(seat) > 0 && place_one(rules, pos, seat).is_some() {
                if let Some(d) = pos.debt.as_mut_slice().get_mut(seat.index()) {
                    *d -= 1;
                }
                paid += 1;
            }
        }
        seat = seat.next(players);
    }
    paid
}

/// Takes the lowest-numbered pocketed disc of `offender`'s side out and places it as a
/// penalty disc (N9, B14); `None` when that side has nothing in the pockets.
pub(crate) fn place_one(rules: &Rules, pos: &mut State, offender: Seat) -> Option<DiscId> {
    let side = Side::of_seat(offender);
    let i = pos
        .discs()
        .iter()
        .position(|x| x.side == side && x.at.is_none())?;
    let spot = pos.penalty_spot(rules, offender);
    pos.discs[i].at = Some(spot);
    Some(DiscId(i as u8))
}
