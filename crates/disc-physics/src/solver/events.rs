//! Stage 4: events, round by round. The earliest pending event and every event within
//! 10⁻⁹·h of it form a round: the discs involved are brought to that instant, pocket entries
//! are applied first, jumps next, and the contacts still approaching are solved together
//! ([`impulse`](super::impulse)); every disc whose velocity changed is re-predicted (stage 3's
//! tests from its new path; a disc made fast in the substep along a stretch at a time, with a
//! horizon event halfway along it, [`Near::enter_late`]). Stale events are dropped by
//! per-disc version numbers.

use super::broadphase::{KEPT_APART, Near};
use super::impulse::{Contact, solve};
use super::predict::{
    ChangedAt, Neighbours, brute_neighbours, neighbour_pair_due, predict_fixed, predict_fixed_at,
    push, valid,
};
use super::queue::Queue;
use super::{
    APPROACH_EPS, Ctx, Discs, KIND_CUSHION, KIND_DISC, KIND_HORIZON, KIND_POCKET, KIND_REST, NONE,
    Pending, ROUND_CAP, ROUND_CAP_PER_MOVING, SLOP_M, Scratch, Solver, Substep, WINDOW_REL,
};
use super::{direction_speed, normal_or_zero, prefetch};
use crate::{CushionId, DiscId, DiscStatus, Event, EventKind, EventSink, PocketId, Table, Vec2};

impl Solver {
    /// Stage 4: resolves the substep's events in time order.
    #[inline]
    pub(super) fn events<S: EventSink>(
        &mut self,
        table: &Table,
        sub: &mut Substep,
        events: &mut S,
    ) {
        let Solver {
            d,
            s,
            stats,
            n_on,
            walls,
            fixed,
            mo,
            tuning,
            ..
        } = self;
        let ctx = Ctx {
            hx: sub.hx,
            hy: sub.hy,
            h: sub.h,
            window: sub.h * WINDOW_REL,
            table,
            walls,
            fixed,
        };
        let cap = ROUND_CAP + ROUND_CAP_PER_MOVING * s.moving.len() as u64;
        // a h², for the dues of the pairs re-predicted (see `predict::open_substeps`).
        let ahh = mo.a * sub.h * sub.h;
        // The next substep, counted from the broadphase's build.
        let rel_next = (stats.substeps + 1)
            .saturating_sub(s.near.base_tick)
            .min(u64::from(u32::MAX - 1)) as u32;
        // This substep, counted the same way (the dues of stage 3 are counted from it).
        let rel_now = rel_next.saturating_sub(1);
        // A small world (`sub.brute`) re-predicts a changed disc against every disc when at
        // most one disc moved at the substep's start (the striker or puck alone: its pairs
        // are tested again in the next substep). With more, the pair list's re-predictions,
        // which give each pair its due from the gap, cost less than the direct test and stage
        // 3's test of every pair again, while no disc is faster than at the substep's start
        // (after that, the direct test instead of the grid's).
        let lone = s.moving.len() <= 1;
        // Stages 1 and 3's batch, sorted once if it is large (see `queue`).
        s.heap.settle(tuning.settle_events);
        let mut rounds = 0u64;
        while let Some(first) = s.heap.pop() {
            if !valid(d, &first) {
                continue;
            }
            if first.kind == KIND_HORIZON {
                horizon(d, &mut s.near, &mut s.heap, sub, (first, s.mark));
                continue;
            }
            rounds += 1;
            if rounds > cap {
                stats.capped_substeps += 1;
                break;
            }
            let t = f64::from_bits(first.t);
            // The round's other events: `s.round` lists the round (with `first`) only if it
            // has any. A round of one event, nine in ten of scene (c)'s, is read in place.
            s.round.clear();
            while let Some(next) = s.heap.peek() {
                if f64::from_bits(next.t) <= t + ctx.window {
                    let next = *next;
                    s.heap.pop();
                    if valid(d, &next) {
                        if next.kind == KIND_HORIZON {
                            // (Its look finds the contacts of its stretch, which may
                            // belong to this round: queued before the round is read on.)
                            horizon(d, &mut s.near, &mut s.heap, sub, (next, s.mark));
                            continue;
                        }
                        if s.round.is_empty() {
                            s.round.push(first);
                        }
                        s.round.push(next);
                    }
                } else {
                    break;
                }
            }
            if s.round.len() > 1 {
                s.round.sort_unstable_by_key(|p| (p.kind, p.a, p.b, p.t));
                s.round.dedup_by_key(|p| (p.kind, p.a, p.b));
            }
            stats.rounds += 1;
            s.round_mark = s.round_mark.wrapping_add(1);
            if s.round_mark == 0 {
                s.changed_mark.iter_mut().for_each(|m| *m = 0);
                s.round_mark = 1;
            }
            s.contacts.clear();
            s.changed.clear();
            debug_assert!(s.advanced.is_empty(), "every round gives its records back");
            let single = s.round.is_empty();
            for ri in 0..s.round.len().max(1) {
                let ev = if single { first } else { s.round[ri] };
                let a = ev.a as usize;
                if !d.on[a] {
                    continue;
                }
                match ev.kind {
                    KIND_POCKET => {
                        s.paths.keep(a, s.mark, &mut d.fixed_due);
                        d.advance(a, t);
                        d.on[a] = false;
                        *n_on -= 1;
                        d.stop(a);
                        d.status[a] = DiscStatus::Pocketed(PocketId(ev.b as u16));
                        d.tag[a].version = d.tag[a].version.wrapping_add(1);
                        events.record(Event {
                            time_s: (sub.ts + t).min(sub.te),
                            kind: EventKind::Pocketed {
                                disc: DiscId(ev.a),
                                pocket: PocketId(ev.b as u16),
                            },
                        });
                    }
                    KIND_REST => {
                        // The disc stops here: the end of its path. Its neighbours are
                        // predicted anew against it at rest. (A disc that stops is on the
                        // moving list: its speed is now the one at the end.)
                        s.paths.keep(a, s.mark, &mut d.fixed_due);
                        d.advance(a, t);
                        d.stop(a);
                        d.tag[a].path = s.mark;
                        if s.changed_mark[a] != s.round_mark {
                            s.changed_mark[a] = s.round_mark;
                            s.changed.push(a as u32);
                        }
                    }
                    KIND_CUSHION => {
                        s.paths.keep(a, s.mark, &mut d.fixed_due);
                        let before = d.advance_noting(a, t);
                        if let Some(c) = cushion_contact(&ctx, d, a, ev.b as u16) {
                            s.contacts.push(c);
                        } else {
                            s.advanced.extend(before);
                        }
                    }
                    _ => {
                        let b = ev.b as usize;
                        if !d.on[b] {
                            continue;
                        }
                        s.paths.keep(a, s.mark, &mut d.fixed_due);
                        s.paths.keep(b, s.mark, &mut d.fixed_due);
                        let before = [d.advance_noting(a, t), d.advance_noting(b, t)];
                        if let Some(c) = disc_contact(&ctx, d, a, b) {
                            s.contacts.push(c);
                        } else {
                            s.advanced.extend(before.into_iter().flatten());
                        }
                    }
                }
            }
            if s.contacts.is_empty() && s.changed.is_empty() {
                if !s.advanced.is_empty() {
                    d.unadvance(&mut s.advanced, &s.changed_mark, s.round_mark);
                }
                continue;
            }
            // Jumps: a disc hitting an outer cushion too hard leaves the table.
            if let Some(jump) = table.params().jump_speed_m_s {
                for ci in 0..s.contacts.len() {
                    let c = s.contacts[ci];
                    let i = c.i as usize;
                    if c.j == NONE && c.cushion < 4 && c.speed > jump && d.on[i] {
                        d.on[i] = false;
                        *n_on -= 1;
                        d.stop(i);
                        d.status[i] = DiscStatus::LeftTable(CushionId::OUTER[c.cushion as usize]);
                        d.tag[i].version = d.tag[i].version.wrapping_add(1);
                        events.record(Event {
                            time_s: (sub.ts + t).min(sub.te),
                            kind: EventKind::LeftTable {
                                disc: DiscId(c.i),
                                cushion: CushionId::OUTER[c.cushion as usize],
                            },
                        });
                    }
                }
                s.contacts
                    .retain(|c| d.on[c.i as usize] && (c.j == NONE || d.on[c.j as usize]));
                if s.contacts.is_empty() && s.changed.is_empty() {
                    if !s.advanced.is_empty() {
                        d.unadvance(&mut s.advanced, &s.changed_mark, s.round_mark);
                    }
                    continue;
                }
            }
            // The discs involved, in order of first appearance.
            for ci in 0..s.contacts.len() {
                let c = s.contacts[ci];
                for x in [c.i, c.j] {
                    if x != NONE && s.changed_mark[x as usize] != s.round_mark {
                        s.changed_mark[x as usize] = s.round_mark;
                        s.changed.push(x);
                    }
                }
            }
            // A disc brought to the round's instant whose path does not change (its contact no
            // longer approaching) keeps the record of its path.
            if !s.advanced.is_empty() {
                d.unadvance(&mut s.advanced, &s.changed_mark, s.round_mark);
            }
            if d.k.len() > tuning.warm_discs && !sub.brute {
                warm_changed(d, s, *n_on);
            }
            stats.impacts += s.contacts.len() as u64;
            if s.contacts.len() > 1 {
                stats.multi_contact_rounds += 1;
            }
            if !s.contacts.is_empty() {
                solve(d, &mut s.contacts, &s.changed, &mut s.saved_v);
            }
            for c in &s.contacts {
                let kind = if c.j == NONE {
                    EventKind::CushionContact {
                        disc: DiscId(c.i),
                        cushion: CushionId::wall_or_outer(c.cushion),
                        speed_m_s: normal_or_zero(c.speed),
                    }
                } else {
                    let (lo, hi) = if c.i < c.j { (c.i, c.j) } else { (c.j, c.i) };
                    EventKind::DiscContact {
                        first: DiscId(lo),
                        second: DiscId(hi),
                        speed_m_s: normal_or_zero(c.speed),
                    }
                };
                events.record(Event {
                    time_s: (sub.ts + t).min(sub.te),
                    kind,
                });
            }
            // New paths: version, direction and speed (the velocity is the substep's, so the
            // speed at the substep's end is half the remaining time's deceleration below it;
            // a disc too slow for that stops at the end), then predictions.
            let n_discs = d.k.len();
            for k in 0..s.changed.len() {
                let i = s.changed[k] as usize;
                // (Its tag and record are borrowed once: one index check each for all that
                // follows.)
                let ti = &mut d.tag[i];
                ti.version = ti.version.wrapping_add(1);
                // On the moving list already: moving at the substep's start (its speed then
                // is not zero, unless its path changed since), or its path changed before in
                // this substep (which lists it).
                let ki = &mut d.k[i];
                let listed = ti.path == s.mark || ki.s != 0.0;
                if !listed {
                    s.moving.push(i as u32);
                    s.appended += 1;
                }
                // Its speed `s` is set below to the one at the substep's end.
                ti.path = s.mark;
                let (ux, uy, c) = direction_speed(ki.vx, ki.vy);
                ki.ux = ux;
                ki.uy = uy;
                d.fixed_due[i] = 0;
                let c2 = c * c;
                if (c2 > sub.v_over2 || s.near.late_any() || !s.near.fast.is_empty())
                    && !sub.brute
                    && s.near.goes_late(i, sub.h * c)
                {
                    // Far faster than the list serves (or made so before in this substep): in
                    // the discs made fast, at its position now with the rest of the substep's
                    // travel, instead of widening every later look to its travel; every
                    // re-prediction from now on goes through the grid, which visits them.
                    let at = ki.pos_at(t);
                    let dims = (sub.hx, sub.hy);
                    let who = (i, n_discs, d.r[i]);
                    if let Some(th) = s.near.enter_late(who, at, (t, c, sub.h), dims) {
                        push(&mut s.heap, th, KIND_HORIZON, i as u32, 0, ti.version, 0);
                    }
                    sub.vmax2 = KEPT_APART;
                } else if c2 > sub.v_over2 && !s.near.fast_disc(i) {
                    // Faster than any disc so far: every disc stays within the wider bound
                    // for the rest of the substep. (Not a fast disc the list keeps apart,
                    // `Near::fast`, never looked for in the grid: one whose path changes comes
                    // here only in a small world, `sub.brute`, whose re-predictions then test
                    // every disc directly.)
                    sub.v_over2 = c2;
                    sub.dallow = s.near.disp + sub.h * c;
                }
                if c == 0.0 {
                    d.stop(i);
                    events.record(Event {
                        time_s: (sub.ts + t).min(sub.te),
                        kind: EventKind::CameToRest {
                            disc: DiscId(i as u32),
                        },
                    });
                    continue;
                }
                let end = c - mo.half_a * (sub.h - t);
                if end > 0.0 {
                    ki.s = end;
                } else {
                    ki.s = 0.0;
                    push(&mut s.heap, sub.h, KIND_REST, i as u32, 0, ti.version, 0);
                }
            }
            // The listed pairs of a disc whose path changed are due again from the next
            // substep. Through the pair list the re-predictions below set the due of each
            // pair they test, and the blocks' earliest dues with it: every pair whose other
            // disc is on the table (one whose other disc left keeps its due; stage 3's test
            // of it finds nothing). Otherwise `pairs_due` does, before any re-prediction.
            let direct = sub.brute && (sub.direct || lone || sub.v_over2 > sub.vmax2);
            if direct || sub.v_over2 > sub.vmax2 {
                for &i in &s.changed {
                    s.near.pairs_due(i as usize, rel_next);
                }
            }
            for k in 0..s.changed.len() {
                let i = s.changed[k] as usize;
                let mark = s.round_mark;
                let cm = &s.changed_mark;
                if direct {
                    predict_fixed(&ctx, d, &mut s.heap, i, t);
                    brute_neighbours(d, &mut s.heap, i, t, sub.h, (cm, mark));
                } else if sub.v_over2 <= sub.vmax2 {
                    // No disc has been faster than at the substep's start: the pair list's
                    // guarantee holds to its end, so a disc can only meet its listed pairs.
                    // A pair that misses gets the substep in which it may touch, as in stage
                    // 3 (its new path made it due in the next one).
                    // The disc at the round's instant, read once for all its re-predictions
                    // (its cushions' test inlined: most discs of a large world are far from
                    // every cushion).
                    let c = ChangedAt::new(d, i, t);
                    predict_fixed_at(&ctx, d, &mut s.heap, &c);
                    let (near, heap, hs) = (&mut s.near, &mut s.heap, (sub.h, ahh));
                    let (cm, rel) = ((&cm[..], mark), rel_now);
                    if near.complete {
                        retest_listed::<true, false>(d, near, heap, &c, cm, hs, rel, *n_on);
                    } else if near.ahead {
                        // A large world: without the partners' reads that
                        // `Near::lean_partners` shows needless (the same bits).
                        retest_listed::<false, true>(d, near, heap, &c, cm, hs, rel, *n_on);
                    } else {
                        retest_listed::<false, false>(d, near, heap, &c, cm, hs, rel, *n_on);
                    }
                } else {
                    // (Every changed disc when the list keeps fast discs apart, `Near::fast`:
                    // their pairs are never listed, and the grid's box query visits them.)
                    predict_fixed(&ctx, d, &mut s.heap, i, t);
                    let near = Neighbours {
                        near: &s.near,
                        dallow: sub.dallow,
                    };
                    near.predict(ctx.h, d, &mut s.heap, i, t, |j| {
                        j == i || (j < i && cm[j] == mark)
                    });
                }
            }
        }
        // Discs made fast in this substep: out, and the list rebuilt in the next.
        if s.near.late_any() {
            s.near.end_late();
        }
    }
}

/// A fast disc's horizon (`KIND_HORIZON`, [`Near::enter_late`]): the disc, unchanged, is
/// entered again where it is at the horizon's time, and its pairs along the next stretch of
/// its path are predicted through the grid, those beyond the stretch its last look covered
/// queued ([`Neighbours::predict_stretch`]).
#[cold]
#[inline(never)]
fn horizon(
    d: &Discs,
    near: &mut Near,
    heap: &mut Queue,
    sub: &Substep,
    (ev, mark): (Pending, u32),
) {
    let (i, t) = (ev.a as usize, f64::from_bits(ev.t));
    #[cfg(test)]
    {
        near.late_counts[1] += 1;
    }
    let k = &d.k[i];
    let c = (k.vx * k.vx + k.vy * k.vy).sqrt();
    let at = k.pos_at(t);
    // The end of the stretch its last look covered (the events up to it are queued).
    let covered = near.late_until(i).unwrap_or(t);
    let who = (i, d.k.len(), d.r[i]);
    if let Some(th) = near.enter_late(who, at, (t, c, sub.h), (sub.hx, sub.hy)) {
        push(heap, th, KIND_HORIZON, i as u32, 0, ev.va, 0);
    }
    let look = Neighbours {
        near,
        dallow: sub.dallow,
    };
    look.predict_stretch(sub.h, d, heap, (i, t), (covered, mark));
    // Many fast discs' re-predictions leave most of their events stale: a queue grown far
    // past its live events drops them (only here, where such substeps come, so that others
    // pay nothing).
    heap.compact(|p| valid(d, p));
}

/// Re-predicts the listed pairs of disc `c.i` (just changed, at its local time `c.t`) against
/// every partner on the table, except the earlier ones (`j < i`) whose entry in `marks` is
/// `mark` (re-predicted already in this round, which tested the pair), and gives each its
/// due ([`neighbour_pair_due`]; `COMPLETE`: the list is complete, [`Near::complete`]).
/// `LEAN` (a large world's): with `n_on` discs on the table, the partners' radius when they
/// all have one and their `on` when they are all on the table ([`Near::lean_partners`]), so
/// that neither is read per partner.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn retest_listed<const COMPLETE: bool, const LEAN: bool>(
    d: &Discs,
    near: &mut Near,
    heap: &mut Queue,
    c: &ChangedAt,
    (cm, mark): (&[u32], u32),
    hs: (f64, f64),
    rel: u32,
    n_on: usize,
) {
    let i = c.i;
    // The arrays read per partner cut to one length: one index check.
    let n = d.k.len();
    let (kin, radii, on, cm) = (&d.k[..n], &d.r[..n], &d.on[..n], &cm[..n]);
    let (r_same, all_on) = if LEAN {
        near.lean_partners(n_on)
    } else {
        (None, false)
    };
    // The test is inlined into both of `retest_partners`' loops (called from two places,
    // it was left out of line).
    near.retest_partners(
        i,
        #[inline(always)]
        |j| {
            if !(all_on || on[j]) || (j < i && cm[j] == mark) {
                return None;
            }
            let rj = match r_same {
                Some(r) => r,
                None => radii[j],
            };
            Some(neighbour_pair_due::<COMPLETE>(
                d,
                heap,
                c,
                (j, &kin[j], rj),
                hs,
                rel,
            ))
        },
    );
}

/// Loads, before the round's impulses, what its new paths and re-predictions will read of
/// each disc whose velocity changes (its tag and stage 1 due) and of each of its
/// listed partners (record, radius, `on`, round mark), and what the next event reads of its
/// discs, without using any of it. In a world larger than the caches these are cache misses
/// at random places (a round's discs lie anywhere on the table): a tight loop of independent
/// requests overlaps them, where the work that uses them met them one after another (each
/// partner's test is long enough to fill the processor's window). The lines are asked for
/// by [`prefetch()`] (since the tenth sitting; before, by loads, each of which held the
/// processor's retirement until its line came); the index entries the walk follows are read.
/// Computes nothing, so the results are the same bit for bit
/// (`how_pairs_are_found_never_changes_what_is_computed` runs worlds with and without it).
///
/// The walk through the pair index is a chain of dependent loads (a disc's ranges, then their
/// entries, then the partners' records), each level a wait of its own. So the index is also
/// loaded ahead (`Near::warm_ranges`): the ranges of the discs of the event after the next
/// (the earlier child of the queue's root) and the first entries of the next event's discs,
/// whose ranges the round before loaded. The queue's next events are the next rounds' in
/// about 98 of 100 rounds of scene (c) at N = 262,144; a wrong guess costs a few loads.
///
/// With `n_on` discs on the table, the partners' radii and `on` are not loaded where the
/// re-predictions will not read them ([`Near::lean_partners`]), nor the next event's discs'
/// radii and inverse masses when every disc has the same ([`Discs::same`]).
#[inline(never)]
fn warm_changed(d: &Discs, s: &mut Scratch, n_on: usize) {
    let Scratch {
        changed,
        changed_mark,
        near,
        heap,
        paths,
        ..
    } = s;
    let lean = !near.complete && matches!(near.lean_partners(n_on), (Some(_), true));
    for &i in changed.iter() {
        let i = i as usize;
        prefetch(&d.tag[i]);
        prefetch(&d.fixed_due[i]);
        if lean {
            // The round mark only where the re-prediction reads it (an earlier partner).
            near.warm_partners(i, |j| {
                prefetch(&d.k[j]);
                if j < i {
                    prefetch(&changed_mark[j]);
                }
            });
        } else {
            near.warm_partners(i, |j| {
                prefetch(&d.k[j]);
                prefetch(&d.r[j]);
                prefetch(&d.on[j]);
                prefetch(&changed_mark[j]);
            });
        }
    }
    if let Some(next) = heap.peek() {
        let disc = |i: usize| {
            prefetch(&d.k[i]);
            prefetch(&d.on[i]);
            prefetch(&d.tag[i]);
            // Written when the event brings the disc to an instant (`Paths::keep`).
            prefetch(&d.fixed_due[i]);
            if d.same.is_none() {
                prefetch(&d.r[i]);
                prefetch(&d.im[i]);
            }
            prefetch(&paths.mark[i]);
            prefetch(&changed_mark[i]);
            // One round ahead: its ranges' entries (the round before loaded the ranges).
            near.warm_ranges(i, true);
        };
        disc(next.a as usize);
        if next.kind == KIND_DISC {
            disc(next.b as usize);
        }
    }
    // Two rounds ahead: the ranges (the next round loads their entries, as above).
    if let Some([a, b]) = heap.after_next() {
        near.warm_ranges(a as usize, false);
        if b != NONE {
            near.warm_ranges(b as usize, false);
        }
    }
}

impl CushionId {
    fn wall_or_outer(code: u16) -> CushionId {
        if code < 4 {
            CushionId::OUTER[code as usize]
        } else {
            CushionId::wall(code - 4)
        }
    }
}

/// The contact of disc `a` with cushion `code` at the current instant, if approaching.
fn cushion_contact(ctx: &Ctx<'_>, d: &Discs, a: usize, code: u16) -> Option<Contact> {
    let x = d.k[a].px;
    let y = d.k[a].py;
    let r = d.radius(a);
    let (nx, ny, gap) = match code {
        0 => (0.0, 1.0, y + ctx.hy - r),
        1 => (-1.0, 0.0, ctx.hx - x - r),
        2 => (0.0, -1.0, ctx.hy - y - r),
        3 => (1.0, 0.0, x + ctx.hx - r),
        _ => {
            let w = &ctx.walls[(code - 4) as usize];
            let wall = crate::table::Wall {
                a: Vec2::new(w.ax, w.ay),
                b: Vec2::new(w.bx, w.by),
                half_thickness_m: w.h,
            };
            let cp = wall.closest_point(Vec2::new(x, y));
            let dx = x - cp.x;
            let dy = y - cp.y;
            let dist = (dx * dx + dy * dy).sqrt();
            if dist <= 0.0 {
                return None;
            }
            (dx / dist, dy / dist, dist - r - w.h)
        }
    };
    let vn = d.k[a].vx * nx + d.k[a].vy * ny;
    if vn >= -APPROACH_EPS || gap > SLOP_M - 2.0 * vn * ctx.window {
        return None;
    }
    Some(Contact {
        i: a as u32,
        j: NONE,
        cushion: code,
        nx,
        ny,
        kinv: d.mass(a),
        im_i: d.inv_mass(a),
        im_j: 0.0,
        e: ctx.table.params().restitution_cushion,
        lam: 0.0,
        speed: -vn,
    })
}

/// The contact of discs `a` and `b` at the current instant, if approaching.
fn disc_contact(ctx: &Ctx<'_>, d: &Discs, a: usize, b: usize) -> Option<Contact> {
    let dx = d.k[a].px - d.k[b].px;
    let dy = d.k[a].py - d.k[b].py;
    let dist = (dx * dx + dy * dy).sqrt();
    if dist <= 0.0 {
        return None;
    }
    let nx = dx / dist;
    let ny = dy / dist;
    let vn = (d.k[a].vx - d.k[b].vx) * nx + (d.k[a].vy - d.k[b].vy) * ny;
    let gap = dist - d.radius(a) - d.radius(b);
    if vn >= -APPROACH_EPS || gap > SLOP_M - 2.0 * vn * ctx.window {
        return None;
    }
    Some(Contact {
        i: a as u32,
        j: b as u32,
        cushion: 0,
        nx,
        ny,
        kinv: 1.0 / (d.inv_mass(a) + d.inv_mass(b)),
        im_i: d.inv_mass(a),
        im_j: d.inv_mass(b),
        e: ctx.table.params().restitution_disc,
        lam: 0.0,
        speed: -vn,
    })
}
