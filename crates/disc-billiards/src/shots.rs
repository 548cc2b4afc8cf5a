//! The shots a player sees: direct and one-cushion rebound shots at own discs into a pocket,
//! found by geometry (the "ghost puck" where the puck must meet the disc), drives and soft
//! touches. The planner simulates the best few; `legal_actions` and the weak player of
//! `sample_action` use them unsimulated.

use boardgame_core::Seat;
use disc_physics::Vec2;

use crate::discs::{DiscId, Side, seat_compass};
use crate::geometry::Compass;
use crate::rules::{DirectAtDark, PlacementTest, Rules};
use crate::state::{Relax, State, Status, overlaps};
use crate::stroke::Stroke;

/// What kind of shot a candidate is.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Planner, ShotKind};
/// let game = Novuss::default();
/// let state = game.new_state();
/// let mut planner = Planner::default();
/// let kinds: Vec<ShotKind> = planner.candidates(&game, &state).iter().map(|c| c.kind).collect();
/// assert!(kinds.contains(&ShotKind::Drive), "a drive into the own row");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShotKind {
    /// The puck goes straight to the disc, which goes into the pocket.
    Direct,
    /// The puck goes off this cushion to the disc, which goes into the pocket.
    Rebound(Compass),
    /// A hard stroke straight at an own light disc, to spread a cluster or a row (the
    /// simulation tells whether anything drops).
    Drive,
    /// A soft touch of an own light disc, to avoid F2 when no pot is on.
    Touch,
}

/// A geometric shot candidate.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Planner};
/// let game = Novuss::default();
/// let state = game.new_state();
/// let mut planner = Planner::default();
/// for c in planner.candidates(&game, &state) {
///     assert!(game.check_stroke(&state, state.to_move(), &c.stroke).is_ok());
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The stroke.
    pub stroke: Stroke,
    /// The disc aimed at.
    pub target: DiscId,
    /// Direct, rebound or touch.
    pub kind: ShotKind,
    /// A geometric quality (higher is better): cut angle and distances.
    pub score: f64,
}

/// Valid puck placements for the player to move, on a grid that follows the placement test
/// (on the zone's lines for the booklet's test), centre first: each in the player's frame and
/// on the board. Where the discs leave the rules' test no place, the placements of the first
/// level of [`Relax`] that has one (B3's gap).
pub(crate) fn placements(rules: &Rules, pos: &State) -> std::vec::IntoIter<(Vec2, Vec2)> {
    let seat = pos.to_move();
    Relax::ALL
        .into_iter()
        .map(|level| placements_at(rules, pos, seat, level))
        .find(|found| !found.is_empty())
        .unwrap_or_default()
        .into_iter()
}

/// The level of [`Relax`] whose test decides `seat`'s placement now: the first at which
/// [`placements`]' grid holds a placement (the last when none does).
pub(crate) fn relaxation(rules: &Rules, pos: &State, seat: Seat) -> Relax {
    Relax::ALL
        .into_iter()
        .find(|&level| !placements_at(rules, pos, seat, level).is_empty())
        .unwrap_or(Relax::Half)
}

/// The placements of `seat` that pass the test of `level`, on that level's grid.
pub(crate) fn placements_at(
    rules: &Rules,
    pos: &State,
    seat: Seat,
    level: Relax,
) -> Vec<(Vec2, Vec2)> {
    let d = &rules.dimensions;
    let side = seat_compass(seat, rules.players);
    let (w, depth, r, h) = (
        d.zone_half_width,
        d.zone_depth,
        d.puck_radius,
        d.puck_hole_radius,
    );
    let step = 0.02;
    let mut pts: Vec<(f64, f64)> = Vec::new();
    let ncols = (2.0 * w / step) as i32;
    let us = (0..=ncols).map(move |k| -w + f64::from(k) * step);
    let nrows = ((depth - r) / 0.01) as i32;
    let vs = (0..=nrows).map(move |k| r + f64::from(k) * 0.01);
    match (level, rules.placement_test) {
        (Relax::Rules, PlacementTest::LineVisible) => {
            for v in vs.clone() {
                pts.push((0.0, v));
            }
            for u in us {
                pts.push((u, depth));
            }
            for v in vs {
                pts.push((-w, v));
                pts.push((w, v));
            }
        }
        (Relax::Rules | Relax::Zone, _) => {
            for u in us {
                for v in vs.clone() {
                    let (uu, vv) = (u.clamp(-w + h, w - h), v.clamp(h, depth - h));
                    pts.push((uu, vv));
                }
            }
        }
        (Relax::Half, _) => {
            // The striker's half, from his cushion to the centre line, on a 2 cm grid (some
            // 1,200 places on the Novuss table, which the shots then aim from).
            let half = d.half_size;
            let n = ((half - r) / step) as i32;
            for i in -n..=n {
                for k in 0..=n {
                    pts.push((f64::from(i) * step, r + f64::from(k) * step));
                }
            }
        }
    }
    pts.sort_by(|a, b| {
        a.0.abs()
            .total_cmp(&b.0.abs())
            .then(b.1.total_cmp(&a.1))
            .then(a.0.total_cmp(&b.0))
    });
    pts.dedup();
    pts.into_iter()
        .map(|(u, v)| (Vec2::new(u, v), side.from_local(u, v, d.half_size)))
        .filter(|&(_, p)| pos.placement_check_at(seat, p, level).is_ok())
        .collect()
}

/// Speeds of drive strokes, m/s, most useful first.
const DRIVE_SPEEDS: [f64; 3] = [4.0, 6.0, 2.5];

/// Distance from `q` to the segment `a`-`b`.
fn seg_dist(a: Vec2, b: Vec2, q: Vec2) -> f64 {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let len2 = abx * abx + aby * aby;
    let t = if len2 > 0.0 {
        (((q.x - a.x) * abx + (q.y - a.y) * aby) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    q.distance(Vec2::new(a.x + t * abx, a.y + t * aby))
}

/// Whether a body of radius `rad` moving from `a` to `b` passes clear of every disc on the
/// table except `skip`.
fn clear(pos: &State, rules: &Rules, a: Vec2, b: Vec2, rad: f64, skip: DiscId) -> bool {
    let reach = rad + rules.dimensions.disc_radius - 1e-9;
    pos.discs()
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != skip.index())
        .filter_map(|(_, x)| x.at)
        .all(|q| seg_dist(a, b, q) >= reach)
}

fn unit(a: Vec2, b: Vec2) -> Option<(Vec2, f64)> {
    let len = a.distance(b);
    (len > 1e-9).then(|| (Vec2::new((b.x - a.x) / len, (b.y - a.y) / len), len))
}

/// Where the puck's centre touches cushion `c`, and the unit normal pointing into the table.
fn cushion_line(rules: &Rules, c: Compass) -> (f64, Vec2) {
    (
        rules.dimensions.half_size - rules.dimensions.puck_radius,
        c.inward(),
    )
}

/// Fills `out` with geometric candidates for the player to move, best first, for the
/// friction and restitution of `params`.
pub(crate) fn candidates(
    rules: &Rules,
    params: &disc_physics::Params,
    pos: &State,
    out: &mut Vec<Candidate>,
) {
    out.clear();
    if pos.status() != Status::Playing {
        return;
    }
    let d = &rules.dimensions;
    let seat = pos.to_move();
    let me = Side::of_seat(seat);
    let own = seat_compass(seat, rules.players);
    let far = own.opposite();
    // A stroke from the board place `p` (whose player-frame place is `l`) in the board
    // direction `w`, in the player's frame.
    let local = |l: Vec2, w: Vec2, v: f64| Stroke::new(l, own.direction_to_local(w), v);
    let mu_g = params.friction_decel_m_s2();
    let e_d = params.restitution_disc;
    let e_c = params.restitution_cushion;
    let transfer = (1.0 + e_d) * d.puck_mass / (d.puck_mass + d.disc_mass);
    let contact = d.puck_radius + d.disc_radius;
    let spots: Vec<(Vec2, Vec2)> = placements(rules, pos).collect();
    let pockets = d.pockets();
    for (i, disc) in pos.discs().iter().enumerate() {
        let Some(t) = disc.at else { continue };
        if disc.side != me {
            continue;
        }
        let id = DiscId(i as u8);
        let light = pos.is_light(seat, id);
        let direct_ok = light || rules.direct_at_dark == DirectAtDark::Allowed;
        for pk in pockets {
            let Some((ut, d2)) = unit(t, pk) else {
                continue;
            };
            // The disc must roll clear to the pocket.
            if !clear(pos, rules, t, pk, d.disc_radius, id) {
                continue;
            }
            let g = Vec2::new(t.x - ut.x * contact, t.y - ut.y * contact);
            if !d.on_table(g, d.puck_radius) {
                continue;
            }
            let v_t = (0.09 + 2.0 * mu_g * (d2 - d.pocket_radius).max(0.0)).sqrt();
            for &(l, p) in &spots {
                // Direct.
                if direct_ok && let Some((w, d1)) = unit(p, g) {
                    let cos = w.x * ut.x + w.y * ut.y;
                    if cos > 0.3 && clear(pos, rules, p, g, d.puck_radius, id) {
                        let v_imp = v_t / (cos * transfer);
                        let v0 = (v_imp * v_imp + 2.0 * mu_g * d1).sqrt() * 1.15;
                        if v0 <= rules.max_speed {
                            out.push(Candidate {
                                stroke: local(l, w, v0),
                                target: id,
                                kind: ShotKind::Direct,
                                score: 2.0 * cos - 0.6 * (d1 + d2) + 0.2,
                            });
                        }
                    }
                }
                // One cushion: light discs off any cushion, dark ones off the opposite one
                // (N13(a)).
                for c in Compass::ALL {
                    if !light && c != far {
                        continue;
                    }
                    let (lim, n) = cushion_line(rules, c);
                    // Normal coordinate s = lim - (distance along -n) ... measure along n.
                    let sp = p.x * n.x + p.y * n.y + lim; // distance of p from the line
                    let sg = g.x * n.x + g.y * n.y + lim;
                    if sp <= 0.0 || sg <= 0.0 {
                        continue;
                    }
                    // Image of g beyond the line, stretched by 1/e for the cushion's restitution.
                    let img = Vec2::new(g.x - n.x * (sg + sg / e_c), g.y - n.y * (sg + sg / e_c));
                    let Some((w, _)) = unit(p, img) else { continue };
                    let wn = w.x * n.x + w.y * n.y;
                    if wn >= -1e-6 {
                        continue;
                    }
                    // Where the puck meets the line.
                    let k = sp / -wn;
                    let q = Vec2::new(p.x + w.x * k, p.y + w.y * k);
                    if !d.on_table(q, d.puck_radius - 1e-6) {
                        continue;
                    }
                    // After the cushion: tangential kept, normal reversed and scaled.
                    let wt = Vec2::new(w.x - wn * n.x, w.y - wn * n.y);
                    let after = Vec2::new(wt.x - e_c * wn * n.x, wt.y - e_c * wn * n.y);
                    let keep = after.length();
                    let Some((w2, d12)) = unit(q, g) else {
                        continue;
                    };
                    let cos = w2.x * ut.x + w2.y * ut.y;
                    if cos <= 0.3
                        || !clear(pos, rules, p, q, d.puck_radius, DiscId(u8::MAX))
                        || !clear(pos, rules, q, g, d.puck_radius, id)
                    {
                        continue;
                    }
                    let d11 = p.distance(q);
                    let v_imp = v_t / (cos * transfer);
                    let v_after = (v_imp * v_imp + 2.0 * mu_g * d12).sqrt();
                    let v_before = v_after / keep;
                    let v0 = (v_before * v_before + 2.0 * mu_g * d11).sqrt() * 1.15;
                    if v0 <= rules.max_speed {
                        out.push(Candidate {
                            stroke: local(l, w, v0),
                            target: id,
                            kind: ShotKind::Rebound(c),
                            score: 2.0 * cos - 0.6 * (d11 + d12 + d2) - 0.3,
                        });
                    }
                }
            }
        }
        // Drives at the disc's centre and a soft touch (no pot expected): the touch avoids
        // F2 when nothing better exists.
        if light {
            for &(l, p) in spots.iter().take(60) {
                let Some((w, dist)) = unit(p, t) else {
                    continue;
                };
                let stop = (dist - contact).max(0.0);
                if clear(
                    pos,
                    rules,
                    p,
                    Vec2::new(t.x - w.x * contact, t.y - w.y * contact),
                    d.puck_radius,
                    id,
                ) {
                    let v0 = (0.25 + 2.0 * mu_g * stop).sqrt();
                    out.push(Candidate {
                        stroke: local(l, w, v0),
                        target: id,
                        kind: ShotKind::Touch,
                        score: -20.0 - stop,
                    });
                    for (k, speed) in DRIVE_SPEEDS.iter().enumerate() {
                        if *speed <= rules.max_speed && *speed > v0 {
                            // Nearer discs and middle speeds first.
                            let score = -10.0 - stop - 0.1 * k as f64;
                            out.push(Candidate {
                                stroke: local(l, w, *speed),
                                target: id,
                                kind: ShotKind::Drive,
                                score,
                            });
                        }
                    }
                    break;
                }
            }
        }
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    // Keep one candidate per (target, kind, pocket direction) family among the best: a
    // cheap diversity filter so the simulated few are not all the same shot.
    let half = d.half_size;
    let board = |s: &Stroke| own.from_local(s.place.x, s.place.y, half);
    let mut kept: Vec<Candidate> = Vec::with_capacity(out.len());
    for c in out.iter() {
        let similar = kept.iter().any(|k| {
            k.target == c.target
                && k.kind == c.kind
                && (k.stroke.direction.x * c.stroke.direction.x
                    + k.stroke.direction.y * c.stroke.direction.y)
                    > 0.999
                && !overlaps(board(&k.stroke), board(&c.stroke), 0.03)
        });
        if !similar {
            kept.push(*c);
        }
    }
    *out = kept;
}
