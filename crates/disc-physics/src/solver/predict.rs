//! Stage 3: prediction. Exact times of impact (continuous collision: swept circles against
//! circles, lines and capsules) of the moving discs with the cushions, walls and pockets, and
//! of every candidate pair with a moving disc, into an event queue ordered by (time, kind,
//! disc indices). The same tests re-predict a disc whose path changed in stage 4.
//!
//! Within a substep every disc moves in a straight line at a constant velocity (the chord of
//! its sliding path, see [`friction`](super::friction)), so every test is linear in time.
//! Every time computed here is a function of the two discs' paths and the instant of the
//! prediction only ([`Discs::pos_at`] is the one place a position is computed): whichever
//! broadphase lists a pair, the pair gets the same time.

use super::broadphase::{DUE_BLOCK, Near};
use super::fixed::Fixed;
use super::prefetch;
use super::queue::Queue;
use super::{
    APPROACH_EPS, Ctx, Discs, KIND_CUSHION, KIND_DISC, KIND_POCKET, Kin, NEAR_MARGIN_M, Pending,
    SLOP_M, Solver, Substep, WINDOW_REL, WallGeom,
};
use crate::{Pocket, Table};

impl Solver {
    /// Stage 3: cushions, walls and pockets of every listed disc, then every pair of
    /// neighbouring paths with at least one moving disc, from the substep's start.
    /// Inlined into the substep: most substeps of the breaks find nothing to do here, so
    /// the call's prologue and epilogue were much of its cost.
    #[inline(always)]
    pub(super) fn predict(&mut self, table: &Table, sub: &Substep) {
        let s = &mut self.s;
        let d = &self.d;
        let ctx = Ctx {
            hx: sub.hx,
            hy: sub.hy,
            h: sub.h,
            window: sub.h * WINDOW_REL,
            table,
            walls: &self.walls,
            fixed: &self.fixed,
        };
        for &i in s.fixed.as_slice() {
            let i = i as usize;
            predict_fixed(&ctx, d, &mut s.heap, i, 0.0);
        }
        if sub.direct {
            direct_pairs(
                d,
                s.moving.as_slice(),
                &s.moving_mark,
                s.mark,
                &mut s.heap,
                sub.h,
            );
        } else {
            let rel = s.near.tick(self.stats.substeps);
            // Most substeps of the breaks have no pair due: one test, without the call.
            if s.near.next_due <= rel {
                let ahh = self.mo.a * sub.h * sub.h;
                self.stats.pair_tests += if s.near.ahead {
                    let n_on = self.n_on;
                    near_pairs_ahead(d, &mut s.near, &mut s.heap, (sub.h, ahh), rel, n_on)
                } else {
                    near_pairs(d, &mut s.near, &mut s.heap, sub.h, ahh, rel)
                };
            }
        }
    }
}

#[inline]
pub(super) fn valid(d: &Discs, p: &Pending) -> bool {
    let a = p.a as usize;
    if !d.on[a] || d.tag[a].version != p.va {
        return false;
    }
    if p.kind == KIND_DISC {
        let b = p.b as usize;
        return d.on[b] && d.tag[b].version == p.vb;
    }
    true
}

#[inline]
pub(super) fn push(heap: &mut Queue, t: f64, kind: u8, a: u32, b: u32, va: u32, vb: u32) {
    // `t` is never negative; +0.0 keeps the bit order equal to the numeric order.
    let t = if t > 0.0 { t } else { 0.0 };
    heap.push(Pending {
        t: t.to_bits(),
        kind,
        a,
        b,
        va,
        vb,
    });
}

/// Pushes the contact of discs `i` and `j` at substep time `t` (the lower index first, with
/// both discs' versions).
#[inline]
pub(super) fn push_pair(heap: &mut Queue, t: f64, d: &Discs, i: usize, j: usize) {
    let (a, b) = if i < j { (i, j) } else { (j, i) };
    push(
        heap,
        t,
        KIND_DISC,
        a as u32,
        b as u32,
        d.tag[a].version,
        d.tag[b].version,
    );
}

/// Earliest s in [0, rem] at which two circles at relative position (dx, dy), relative
/// velocity (wx, wy) and summed radius `rr` touch while approaching.
#[inline]
pub(super) fn toi_circle(dx: f64, dy: f64, wx: f64, wy: f64, rr: f64, rem: f64) -> Option<f64> {
    let b = dx * wx + dy * wy;
    if b >= 0.0 {
        return None;
    }
    let c = dx * dx + dy * dy - rr * rr;
    if c <= 2.0 * rr * SLOP_M {
        // Touching or overlapping: an impact now if approaching fast enough.
        let dist = (dx * dx + dy * dy).sqrt();
        return if b < -APPROACH_EPS * dist {
            Some(0.0)
        } else {
            None
        };
    }
    let a = wx * wx + wy * wy;
    let ft = c + rem * (2.0 * b + a * rem);
    if ft > 0.0 && -b >= a * rem {
        return None;
    }
    let disc = b * b - a * c;
    if ft > 0.0 && disc < 0.0 {
        return None;
    }
    let disc = if disc > 0.0 { disc } else { 0.0 };
    let s = c / (-b + disc.sqrt());
    if s <= rem { Some(s) } else { None }
}

/// Whether [`toi_circle`] certainly returns `None` for these arguments: the same
/// expressions, evaluated without branches (the approach test `b >= 0` is a coin toss in a
/// box of moving discs, and almost every pair misses), so that only the rare candidate pays
/// for the branchy exact test. A pair of paths at rest relative to each other (`w = 0`) has
/// `b = ±0` and misses.
#[inline(always)]
fn toi_circle_misses(dx: f64, dy: f64, wx: f64, wy: f64, rr: f64, rem: f64) -> bool {
    let b = dx * wx + dy * wy;
    let c = dx * dx + dy * dy - rr * rr;
    let a = wx * wx + wy * wy;
    let ft = c + rem * (2.0 * b + a * rem);
    let disc = b * b - a * c;
    (b >= 0.0) | ((c > 2.0 * rr * SLOP_M) & (ft > 0.0) & ((-b >= a * rem) | (disc < 0.0)))
}

/// Predicts the cushion, wall and pocket events of disc `i` from substep time `t`.
#[inline]
pub(super) fn predict_fixed(ctx: &Ctx<'_>, d: &Discs, heap: &mut Queue, i: usize, t: f64) {
    predict_fixed_at(ctx, d, heap, &ChangedAt::new(d, i, t));
}

/// [`predict_fixed`] for a disc whose position at its instant, velocity and radius were
/// read already (stage 4 reads them once for its re-predictions). On a table without walls
/// or pockets (scene (c)) the common case, a disc whose swept box over the rest of the
/// substep stays clear of the outer cushions (about 37,000 of scene (c)'s 39,000
/// re-predictions over 500 steps at N = 4096), is that test alone, inlined into the caller;
/// everything else goes to [`fixed_tests`], out of line, which computes the same box again
/// (so the events are the same bit for bit).
#[inline(always)]
pub(super) fn predict_fixed_at(ctx: &Ctx<'_>, d: &Discs, heap: &mut Queue, c: &ChangedAt) {
    if ctx.walls.is_empty() && ctx.table.pockets().is_empty() {
        if c.vx == 0.0 && c.vy == 0.0 {
            return;
        }
        if !swept_box(ctx, c).1 {
            return;
        }
    }
    fixed_tests(ctx, d, heap, c);
}

/// The box `[x0, x1, y0, y1]` that disc `c`'s centre sweeps over the rest of the substep, and
/// whether it reaches within `2 SLOP_M` of an outer cushion's contact line: the filter of
/// [`predict_fixed_at`]'s inline test and of [`fixed_tests`], one computation for both so
/// that they cannot disagree.
#[inline(always)]
fn swept_box(ctx: &Ctx<'_>, c: &ChangedAt) -> ([f64; 4], bool) {
    let (x, y, vx, vy, r) = (c.x, c.y, c.vx, c.vy, c.r);
    let rem = ctx.h - c.t;
    let ex = x + vx * rem;
    let ey = y + vy * rem;
    let (x0, x1) = if ex < x { (ex, x) } else { (x, ex) };
    let (y0, y1) = if ey < y { (ey, y) } else { (y, ey) };
    let lim_x = ctx.hx - r - 2.0 * SLOP_M;
    let lim_y = ctx.hy - r - 2.0 * SLOP_M;
    let reaches = x0 <= -lim_x || x1 >= lim_x || y0 <= -lim_y || y1 >= lim_y;
    ([x0, x1, y0, y1], reaches)
}

/// The tests of [`predict_fixed`] for disc `c` from its instant: the outer cushions if its
/// swept box over the rest of the substep reaches within their limits, and every wall and
/// pocket whose box it reaches.
#[inline(never)]
fn fixed_tests(ctx: &Ctx<'_>, d: &Discs, heap: &mut Queue, c: &ChangedAt) {
    let (i, t) = (c.i, c.t);
    let (x, y, vx, vy, r) = (c.x, c.y, c.vx, c.vy, c.r);
    let rem = ctx.h - t;
    let vi = d.tag[i].version;
    let iu = i as u32;
    if vx == 0.0 && vy == 0.0 {
        return;
    }
    // The swept box of the centre over the rest of the substep: every test below is skipped
    // when the box cannot reach its object (a conservative filter, margin SLOP_M).
    let ([x0, x1, y0, y1], reaches_cushions) = swept_box(ctx, c);
    if reaches_cushions {
        // Outer cushions: 0 bottom (y = -hy), 1 right, 2 top, 3 left.
        let gaps = [
            (y + ctx.hy - r, -vy),
            (ctx.hx - x - r, vx),
            (ctx.hy - y - r, vy),
            (x + ctx.hx - r, -vx),
        ];
        for (k, &(gap, approach)) in gaps.iter().enumerate() {
            if approach <= 0.0 {
                continue;
            }
            let s = if gap <= SLOP_M {
                if approach > APPROACH_EPS {
                    0.0
                } else {
                    continue;
                }
            } else {
                gap / approach
            };
            if s <= rem {
                push(heap, t + s, KIND_CUSHION, iu, k as u32, vi, 0);
            }
        }
    }
    let probe = Probe {
        t,
        at: [x, y, vx, vy],
        r,
        rem,
        swept: [x0, x1, y0, y1],
        who: (iu, vi),
    };
    if ctx.fixed.on {
        probe.near_objects(ctx, heap);
        return;
    }
    for (k, w) in ctx.walls.iter().enumerate() {
        probe.wall(heap, k, w);
    }
    for (k, p) in ctx.table.pockets().iter().enumerate() {
        probe.pocket(heap, k, p);
    }
}

/// What [`fixed_tests`] tests a disc's walls and pockets with: from substep time `t`, its
/// position and velocity `at`, radius `r`, the rest of the substep `rem`, the box its centre
/// sweeps over it `[x0, x1, y0, y1]`, and its index and version.
struct Probe {
    t: f64,
    at: [f64; 4],
    r: f64,
    rem: f64,
    swept: [f64; 4],
    who: (u32, u32),
}

impl Probe {
    /// Internal wall `k` (a capsule), if the swept box reaches it.
    #[inline(always)]
    fn wall(&self, heap: &mut Queue, k: usize, w: &WallGeom) {
        let ([x, y, vx, vy], r, [x0, x1, y0, y1]) = (self.at, self.r, self.swept);
        let reach = r + w.h + 2.0 * SLOP_M;
        if x1 + reach < w.ax.min(w.bx)
            || x0 - reach > w.ax.max(w.bx)
            || y1 + reach < w.ay.min(w.by)
            || y0 - reach > w.ay.max(w.by)
        {
            return;
        }
        if let Some(s) = toi_wall(w, x, y, vx, vy, r, self.rem) {
            let (iu, vi) = self.who;
            push(heap, self.t + s, KIND_CUSHION, iu, 4 + k as u32, vi, 0);
        }
    }

    /// Pocket `k`: the centre entering the circle, if the swept box reaches it.
    #[inline(always)]
    fn pocket(&self, heap: &mut Queue, k: usize, p: &Pocket) {
        let ([x, y, vx, vy], [x0, x1, y0, y1], t) = (self.at, self.swept, self.t);
        let (iu, vi) = self.who;
        let reach = p.radius_m + 2.0 * SLOP_M;
        if x1 < p.centre.x - reach
            || x0 > p.centre.x + reach
            || y1 < p.centre.y - reach
            || y0 > p.centre.y + reach
        {
            return;
        }
        let qx = x - p.centre.x;
        let qy = y - p.centre.y;
        let cc = qx * qx + qy * qy - p.radius_m * p.radius_m;
        if cc < 0.0 {
            push(heap, t, KIND_POCKET, iu, k as u32, vi, 0);
            return;
        }
        let b = qx * vx + qy * vy;
        if b >= 0.0 {
            return;
        }
        let a = vx * vx + vy * vy;
        let disc = b * b - a * cc;
        if disc <= 0.0 {
            return;
        }
        let s = cc / (-b + disc.sqrt());
        if s <= self.rem {
            push(heap, t + s, KIND_POCKET, iu, k as u32, vi, 0);
        }
    }

    /// The walls and pockets entered in the index's cells of the swept box widened by the
    /// radius (a wall's test widens by it; a pocket's needs only the centre): the same tests
    /// as one by one, the same events (the queue orders them, whatever the order they come
    /// in). Out of line, so that a table without the index keeps [`fixed_tests`]'s registers.
    #[inline(never)]
    fn near_objects(&self, ctx: &Ctx<'_>, heap: &mut Queue) {
        let ([x0, x1, y0, y1], r) = (self.swept, self.r);
        let pockets = ctx.table.pockets();
        ctx.fixed
            .for_each_in_box([x0 - r, y0 - r, x1 + r, y1 + r], |o| match o {
                Fixed::Wall(k) => self.wall(heap, k, &ctx.walls[k]),
                Fixed::Pocket(k) => self.pocket(heap, k, &pockets[k]),
            });
    }
}

/// The broadphase as the round loop's re-prediction sees it: the grid of [`Near`] and how far
/// a disc can be from where the grid has it.
pub(super) struct Neighbours<'a> {
    pub(super) near: &'a Near,
    /// How far any disc can be from where the grid has it, metres: the displacement bound
    /// of the build plus the substep's length times the largest speed so far in it.
    pub(super) dallow: f64,
}

impl Neighbours<'_> {
    /// Predicts the disc-disc events of disc `i` from substep time `t` against every disc
    /// whose path can meet its own (except those `skip` rejects): the discs of the grid cells
    /// around its path, widened by how far a disc can be from its cell.
    pub(super) fn predict(
        &self,
        h: f64,
        d: &Discs,
        heap: &mut Queue,
        i: usize,
        t: f64,
        skip: impl Fn(usize) -> bool,
    ) {
        let (x, y) = d.pos_at(i, t);
        let vx = d.k[i].vx;
        let vy = d.k[i].vy;
        let r = d.r[i];
        let rem = h - t;
        // The stretch of its path to look along: to the substep's end, or, for a disc made
        // fast in it, to the end of the stretch it is entered for (the pairs it meets later
        // are found from there on). The tests cover the whole rest.
        let until = self.look_until(i, h);
        let ahead = until - t;
        let ex = x + vx * ahead;
        let ey = y + vy * ahead;
        let (x0, x1) = if ex < x { (ex, x) } else { (x, ex) };
        let (y0, y1) = if ey < y { (ey, y) } else { (y, ey) };
        // Every disc of the grid has a radius of at most `r_grid`; the larger ones (`big`) are
        // visited by the box query wherever they are.
        let reach = r + self.near.r_grid + self.dallow + NEAR_MARGIN_M;
        let mut test = |j: usize| {
            if !d.on[j] || skip(j) {
                return;
            }
            let (jx, jy) = d.pos_at(j, t);
            let (jvx, jvy) = (d.k[j].vx, d.k[j].vy);
            if let Some(s) = toi_circle(x - jx, y - jy, vx - jvx, vy - jvy, r + d.r[j], rem) {
                // (A contact beyond the stretch looked along is found again, in time, by
                // a later look, `predict_stretch`.)
                if until >= h || t + s <= until {
                    push_pair(heap, t + s, d, i, j);
                }
            }
        };
        if self.near.fast.is_empty() && !self.near.late_any() {
            self.near
                .for_each_in_box(x0 - reach, y0 - reach, x1 + reach, y1 + reach, |j| {
                    test(j as usize)
                });
        } else {
            // The list keeps fast discs apart (`Near::fast`), or discs were made fast in
            // this substep (`Near::enter_late`): every changed disc comes here, and a fast
            // disc's path is long. The cells along the path, not its box.
            self.near
                .for_each_along([x, y], [ex, ey], reach, |j| test(j as usize));
        }
    }

    /// The substep time up to which disc `i`'s look goes along its path in a substep of
    /// length `h`: the end of the stretch it is entered for if it was made fast in the
    /// substep ([`Near::late_until`]), else the substep's end.
    #[inline]
    fn look_until(&self, i: usize, h: f64) -> f64 {
        match self.near.late_until(i) {
            Some(u) if u < h => u,
            _ => h,
        }
    }

    /// Predicts the disc-disc events of disc `i`, made fast in the substep
    /// ([`Near::enter_late`]), at its horizon `tau`: against every disc whose path can meet
    /// the next stretch of its own (to [`Near::late_until`]), each pair from the later of
    /// the two discs' last path changes in the substep (`mark` is the substep's; a disc
    /// whose path has not changed in it counts from its start), with the records of those
    /// changes (a record changes only with its path, [`Discs::unadvance`]), as the
    /// re-prediction at that change computed it: the same bits, so that a pair found again
    /// is the same event (which the round's deduplication drops) and a pair found only now
    /// is the event a look along the whole path would have queued then. Only the events of
    /// the stretch beyond `covered`, the end of the stretch its last look covered, are
    /// queued: those at or before `tau` are past, those up to `covered` were queued by the
    /// looks before, and those after the stretch's end are queued by a later look. (A contact
    /// is queued by the look of whichever of its two discs was entered last before it, or by
    /// that disc's look before, when the contact lies within the stretch that one covered and
    /// the other disc was entered before it; [`Near::enter_late`].)
    pub(super) fn predict_stretch(
        &self,
        h: f64,
        d: &Discs,
        heap: &mut Queue,
        (i, tau): (usize, f64),
        (covered, mark): (f64, u32),
    ) {
        let ki = &d.k[i];
        let (x, y) = ki.pos_at(tau);
        let r = d.r[i];
        // Made fast in the substep: its path changed, at its record's local time.
        let ti = ki.tl;
        let until = self.look_until(i, h);
        let (ex, ey) = ki.pos_at(until);
        let from = if covered > tau { covered } else { tau };
        let reach = r + self.near.r_grid + self.dallow + NEAR_MARGIN_M;
        self.near.for_each_along([x, y], [ex, ey], reach, |j| {
            let j = j as usize;
            if j == i || !d.on[j] {
                return;
            }
            let kj = &d.k[j];
            let tj = if d.tag[j].path == mark { kj.tl } else { 0.0 };
            // The later change, and the changed disc first, as its re-prediction tested it
            // (the test is symmetric in its two discs, bit for bit).
            let (t, a, b) = if tj > ti { (tj, kj, ki) } else { (ti, ki, kj) };
            let (ax, ay) = a.pos_at(t);
            let (bx, by) = b.pos_at(t);
            // (A sum of two radii has the same bits in either order.)
            let rr = r + d.r[j];
            if let Some(s) = toi_circle(ax - bx, ay - by, a.vx - b.vx, a.vy - b.vy, rr, h - t) {
                let at = t + s;
                if at > from && at <= until {
                    push_pair(heap, at, d, i, j);
                }
            }
        });
    }
}

/// Stage 3 with the broadphase: every listed pair due in this substep (`rel`, counted from
/// the build), from the substep's start. A pair that misses is given the first substep in
/// which it could touch: when its gap could have closed at their relative velocity, which
/// friction changes by at most 2 a h a substep until a path changes (and a path change makes
/// its pairs due again; see [`open_substeps`]); the gap is the exact one (a square root), less a
/// margin, so a pair far apart is due far later than with the list's bound of it. A pair of discs both
/// at rest is not due again until one of them moves. The dues are kept per block of
/// [`DUE_BLOCK`] pairs too ([`Near::block_due`]), so a block with none due costs one test,
/// and their earliest over every block ([`Near::next_due`]), so that the caller skips a
/// substep with none due in one test, without the call. Returns the number of pairs tested.
fn near_pairs(d: &Discs, near: &mut Near, heap: &mut Queue, h: f64, ahh: f64, rel: u32) -> u64 {
    if near.complete {
        near_pairs_in::<true>(d, near, heap, h, ahh, rel)
    } else {
        near_pairs_in::<false>(d, near, heap, h, ahh, rel)
    }
}

/// [`near_pairs`] for a complete list (`COMPLETE`, [`Near::complete`]: the pair test's
/// further bounds, see [`open_substeps`]) or another.
#[inline(always)]
fn near_pairs_in<const COMPLETE: bool>(
    d: &Discs,
    near: &mut Near,
    heap: &mut Queue,
    h: f64,
    ahh: f64,
    rel: u32,
) -> u64 {
    debug_assert!(
        near.next_due <= rel,
        "the caller skips a substep with no pair due"
    );
    let n = d.k.len();
    let v = PairView {
        k: &d.k[..n],
        r: &d.r[..n],
        on: &d.on[..n],
        rr_same: None,
        all_on: false,
    };
    let pairs = &near.pairs[..];
    // Whole blocks: the dues are padded with `u32::MAX` (never due) to a whole block.
    let (blocks, _) = near.due.as_chunks_mut::<DUE_BLOCK>();
    let mut tested = 0u64;
    let mut next_due = u32::MAX;
    // The pairs a block at a time: a block whose earliest due is later is skipped in one
    // test, so the many pairs not due cost a fraction of an instruction each.
    for (blk, (dues, block_due)) in blocks.iter_mut().zip(&mut near.block_due).enumerate() {
        if *block_due <= rel {
            let base = blk * DUE_BLOCK;
            // The pairs due, as bits: without a branch per pair, so that the dues are
            // compared several at a time; then the due pairs in order, and the block's
            // earliest due anew.
            let mut mask = due_bits(dues, rel);
            let mut soonest = u32::MAX;
            while mask != 0 {
                let k = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                dues[k] = v.test::<false, COMPLETE>(pairs[base + k], d, heap, (h, ahh), rel);
                soonest = soonest.min(dues[k]);
                tested += 1;
            }
            // Every due is now after `rel`: a pair due in the next substep is the earliest
            // (most blocks of scene (c)), else the block is read again.
            *block_due = if soonest == rel + 1 {
                soonest
            } else {
                earliest(dues)
            };
            debug_assert_eq!(*block_due, earliest(dues));
        }
        next_due = next_due.min(*block_due);
    }
    near.next_due = next_due;
    tested
}

/// How many blocks ahead [`near_pairs_ahead`]'s first pass asks for a due block's dues.
const BLOCKS_AHEAD: usize = 8;

/// How many due pairs ahead [`near_pairs_ahead`] asks for a pair's entry, and (half as many)
/// its two discs' records (and radii, unless [`Near::rr_same`] stands for them).
const AHEAD: usize = 16;

/// [`near_pairs`] for a world larger than the caches: the same tests of the same pairs in
/// the same order, with the same dues, in two passes. The first lists the due pairs (the
/// blocks' due bits, asking for a due block's dues [`BLOCKS_AHEAD`] blocks ahead); the second
/// tests them, asking for the list's entry [`AHEAD`] pairs ahead and that pair's records and
/// tags half as far ahead ([`prefetch()`], nothing computed from them), so that the cache
/// misses of several pairs overlap instead of each test waiting for its entry and then for
/// its records. The tests are `LEAN` ones
/// ([`PairView::test`]): the radius sum from [`Near::rr_same`] and no look at `on` while
/// the world has the build's `n_on` discs on the table, when these hold (two to four lines
/// less a test).
#[cold]
#[inline(never)]
fn near_pairs_ahead(
    d: &Discs,
    near: &mut Near,
    heap: &mut Queue,
    (h, ahh): (f64, f64),
    rel: u32,
    n_on: usize,
) -> u64 {
    // The large world's bound even for a complete list (at most 32 of these many discs on
    // the table): sound for any list; its dues may then be earlier than `first_dues` gave.
    let n = d.k.len();
    let v = PairView {
        k: &d.k[..n],
        r: &d.r[..n],
        on: &d.on[..n],
        rr_same: near.rr_same,
        all_on: n_on == near.n_on,
    };
    let pairs = &near.pairs[..];
    let (blocks, _) = near.due.as_chunks_mut::<DUE_BLOCK>();
    let block_due = &mut near.block_due[..blocks.len()];
    let todo = &mut near.todo[..];
    let mut count = 0usize;
    let mut next_due = u32::MAX;
    for blk in 0..blocks.len() {
        // A due block's dues (two lines) are asked for eight blocks ahead: due blocks lie
        // apart, and a stream with gaps is not one the processor follows.
        if let (Some(&ahead), Some(dues)) = (
            block_due.get(blk + BLOCKS_AHEAD),
            blocks.get(blk + BLOCKS_AHEAD),
        ) && ahead <= rel
        {
            prefetch(&dues[0]);
            prefetch(&dues[DUE_BLOCK / 2]);
        }
        let (dues, block_due) = (&blocks[blk], &mut block_due[blk]);
        if *block_due <= rel {
            let mut mask = due_bits(dues, rel);
            if mask == 0 {
                *block_due = earliest(dues);
            }
            let base = (blk * DUE_BLOCK) as u32;
            while mask != 0 {
                let k = mask.trailing_zeros();
                mask &= mask - 1;
                todo[count] = base + k;
                count += 1;
            }
        }
        // A block with pairs due gets its earliest due after their tests, below.
        if *block_due > rel {
            next_due = next_due.min(*block_due);
        }
    }
    let todo = &todo[..count];
    let mut tested = 0u64;
    let mut blk = usize::MAX;
    let mut soonest = u32::MAX;
    for (q, &p) in todo.iter().enumerate() {
        if let Some(&ahead) = todo.get(q + AHEAD) {
            prefetch(&pairs[ahead as usize]);
        }
        if let Some(&ahead) = todo.get(q + AHEAD / 2) {
            let [i, j] = pairs[ahead as usize].map(|x| x as usize);
            prefetch(&v.k[i]);
            prefetch(&v.k[j]);
            // The versions, which a pair that touches pushes with its event.
            if let (Some(ti), Some(tj)) = (d.tag.get(i), d.tag.get(j)) {
                prefetch(ti);
                prefetch(tj);
            }
            if v.rr_same.is_none() {
                prefetch(&v.r[i]);
                prefetch(&v.r[j]);
            }
        }
        let p = p as usize;
        if p / DUE_BLOCK != blk {
            if blk != usize::MAX {
                let b = settle(&blocks[blk], soonest, rel);
                block_due[blk] = b;
                next_due = next_due.min(b);
            }
            blk = p / DUE_BLOCK;
            soonest = u32::MAX;
        }
        let due = v.test::<true, false>(pairs[p], d, heap, (h, ahh), rel);
        blocks[blk][p % DUE_BLOCK] = due;
        soonest = soonest.min(due);
        tested += 1;
    }
    if blk != usize::MAX {
        let b = settle(&blocks[blk], soonest, rel);
        block_due[blk] = b;
        next_due = next_due.min(b);
    }
    near.next_due = next_due;
    tested
}

/// A due block's earliest due after its tests, whose earliest was `soonest`: every due is
/// now after `rel`, so a pair due in the next substep is the earliest, else the block is read
/// again.
#[inline(always)]
fn settle(dues: &[u32; DUE_BLOCK], soonest: u32, rel: u32) -> u32 {
    let b = if soonest == rel + 1 {
        soonest
    } else {
        earliest(dues)
    };
    debug_assert_eq!(b, earliest(dues));
    b
}

/// Stage 3's first look at the pairs of a list just built (stage 2 of the same substep, so
/// `rel` = 0 and the discs are where stage 3 would find them): each pair's due from its gap,
/// as [`PairView::test`] gives it, for the pairs whose gap stays open the whole substep
/// (most of them); the others stay due now, and stage 3 tests them as before. Done in one
/// pass over the new list in its order, without stage 3's due blocks (which a rebuild makes
/// wholly due: before, four in five of scene (c)'s pair tests were of a list just built).
/// Every pair's due is written here (the build leaves the older list's dues in place).
/// Returns the pairs settled here (each counted as a pair test).
pub(super) fn first_dues(d: &Discs, near: &mut Near, hs: (f64, f64)) -> u64 {
    match (near.rr_same, near.complete) {
        (Some(rr), false) => first_dues_in::<true, false>(d, near, hs, rr),
        (None, false) => first_dues_in::<false, false>(d, near, hs, 0.0),
        (Some(rr), true) => first_dues_in::<true, true>(d, near, hs, rr),
        (None, true) => first_dues_in::<false, true>(d, near, hs, 0.0),
    }
}

/// [`first_dues`]; `SAME` (every disc on the table at the build has the same radius,
/// [`Near::rr_same`], at any size of world): the radius sum is `rr_same` for every pair
/// (the same bits as `r[i] + r[j]`), so the loop reads no radius and tests nothing for it.
/// `COMPLETE`: the list is complete ([`Near::complete`]; the bounds of [`open_substeps`]).
#[inline(always)]
fn first_dues_in<const SAME: bool, const COMPLETE: bool>(
    d: &Discs,
    near: &mut Near,
    (h, ahh): (f64, f64),
    rr_same: f64,
) -> u64 {
    let n = d.k.len();
    let (kin, r) = (&d.k[..n], &d.r[..n]);
    let (blocks, _) = near.due.as_chunks_mut::<DUE_BLOCK>();
    let mut settled = 0u64;
    let mut next_due = u32::MAX;
    let (all_pairs, ahead) = (&near.pairs, near.ahead);
    for (b, ((dues, pairs), block_due)) in blocks
        .iter_mut()
        .zip(all_pairs.chunks(DUE_BLOCK))
        .zip(&mut near.block_due)
        .enumerate()
    {
        // In a large world the next block's records are asked for now (the list's order, the
        // grid's at the build, is no order in memory once the discs have moved).
        if ahead {
            let next = all_pairs.get((b + 1) * DUE_BLOCK..).unwrap_or(&[]);
            for &[i, j] in next.iter().take(DUE_BLOCK) {
                if let (Some(ki), Some(kj)) = (kin.get(i as usize), kin.get(j as usize)) {
                    prefetch(ki);
                    prefetch(kj);
                }
            }
        }
        // The block's earliest due, taken pair by pair as the dues are written (a second
        // pass over the block compared unsigned lanes without SSE4.1's `pminud`, about 100
        // instructions a block).
        let mut soonest = u32::MAX;
        let mut record = |due: &mut u32, later: f64| {
            // `due_from(later, 0)` if the gap stays open the whole substep, else 0 (due
            // now): the saturating conversion gives both (0 below 1 and for NaN).
            let due_now = later as u32;
            *due = due_now;
            settled += u64::from(due_now != 0);
            soonest = soonest.min(due_now);
        };
        let pair = |[i, j]: [u32; 2]| {
            let (ki, kj) = (&kin[i as usize], &kin[j as usize]);
            let rr = if SAME {
                rr_same
            } else {
                r[i as usize] + r[j as usize]
            };
            let d = (ki.px - kj.px, ki.py - kj.py);
            (d, rr, (ki.vx, ki.vy), (kj.vx, kj.vy))
        };
        if COMPLETE {
            for (due, &ij) in dues.iter_mut().zip(pairs) {
                let (d, rr, vi, vj) = pair(ij);
                record(due, pair_open_substeps::<true>(d, rr, vi, vj, (h, ahh)));
            }
        } else {
            // Two pairs at a time, without a branch (see `open_substeps_lanes`).
            let (pairs2, rest) = pairs.as_chunks::<2>();
            let (dues2, _) = dues.as_chunks_mut::<2>();
            for (due2, &[p, q]) in dues2.iter_mut().zip(pairs2) {
                let [(dp, rp, vip, vjp), (dq, rq, viq, vjq)] = [pair(p), pair(q)];
                let later =
                    open_substeps_lanes([dp, dq], [rp, rq], [vip, viq], [vjp, vjq], (h, ahh));
                record(&mut due2[0], later[0]);
                record(&mut due2[1], later[1]);
            }
            if let [p] = rest {
                let (d, rr, vi, vj) = pair(*p);
                let [later] = open_substeps_lanes([d], [rr], [vi], [vj], (h, ahh));
                record(&mut dues[2 * pairs2.len()], later);
            }
        }
        // The padding of the last block is never due (`u32::MAX`), so it need not be read.
        *block_due = soonest;
        next_due = next_due.min(soonest);
    }
    near.next_due = next_due;
    settled
}

/// The bits of the dues at most `rel` (bit k for `dues[k]`), compared several at a time.
#[inline(always)]
fn due_bits(dues: &[u32; DUE_BLOCK], rel: u32) -> u32 {
    // A u32 (not a u64): the compiler then compares and masks four dues a vector, about 45
    // instructions a block of 32 instead of 80 (u64 lanes, two dues a vector).
    let mut mask = 0u32;
    for (k, &due) in dues.iter().enumerate() {
        mask |= u32::from(due <= rel) << k;
    }
    mask
}

/// The earliest of the dues, compared several at a time: four lanes of signed minima over
/// the dues with their sign bits flipped (a bijection that keeps the order: the signed
/// order of `due ^ 2³¹` is the unsigned order of `due`), flipped back. SSE2 has no unsigned
/// minimum; written as one, the compiler flipped the lanes anew for every comparison (84
/// instructions a block of 32 instead of 67).
#[inline(always)]
fn earliest(dues: &[u32; DUE_BLOCK]) -> u32 {
    const FLIP: u32 = 1 << 31;
    let mut least = [i32::MAX; 4];
    for four in dues.as_chunks::<4>().0 {
        for (m, &due) in least.iter_mut().zip(four) {
            *m = (*m).min((due ^ FLIP) as i32);
        }
    }
    let [a, b, c, d] = least;
    (a.min(b).min(c.min(d)) as u32) ^ FLIP
}

/// The per-disc arrays [`near_pairs`] reads, cut to one length.
struct PairView<'a> {
    k: &'a [Kin],
    r: &'a [f64],
    on: &'a [bool],
    /// [`Near::rr_same`]: read by `LEAN` tests instead of `r`.
    rr_same: Option<f64>,
    /// Whether every listed pair's discs are on the table (the world has [`Near::n_on`]
    /// discs on it): `LEAN` tests then do not read `on`.
    all_on: bool,
}

impl PairView<'_> {
    /// [`near_pairs`]' test of one pair due: pushes its contact if it touches within the
    /// substep; returns the substep in which it is due next. `LEAN` ([`near_pairs_ahead`]'s):
    /// the radius sum from `rr_same` and the discs' `on` from `all_on` when these hold, so
    /// that the test reads fewer lines (the same bits: see [`Near::rr_same`] and
    /// [`Near::n_on`]); small worlds keep the test without the two branches. `COMPLETE`: a
    /// pair of a complete list ([`Near::complete`]; the bounds of [`open_substeps`]).
    #[inline(always)]
    fn test<const LEAN: bool, const COMPLETE: bool>(
        &self,
        [i, j]: [u32; 2],
        d: &Discs,
        heap: &mut Queue,
        (h, ahh): (f64, f64),
        rel: u32,
    ) -> u32 {
        let (iu, ju) = (i as usize, j as usize);
        let (ki, kj) = (&self.k[iu], &self.k[ju]);
        let dx = ki.px - kj.px;
        let dy = ki.py - kj.py;
        let (vi, vj) = ((ki.vx, ki.vy), (kj.vx, kj.vy));
        let (wx, wy) = (vi.0 - vj.0, vi.1 - vj.1);
        let rr = match self.rr_same {
            Some(rr) if LEAN => rr,
            _ => self.r[iu] + self.r[ju],
        };
        if !((LEAN && self.all_on) || (self.on[iu] & self.on[ju])) {
            return u32::MAX;
        }
        // The gap between the surfaces, less a margin far above its rounding error, and the
        // substeps it certainly stays open: at least one (most pairs tested), and the pair
        // cannot touch in this substep, so the exact test is skipped. The others nearly all
        // touch (in scene (c) at N = 4096, 18,235 of 18,529 over 500 steps), so they go to
        // the exact test without `toi_circle_misses` first (whose "misses" only ever means
        // that `toi_circle` finds nothing).
        let later = pair_open_substeps::<COMPLETE>((dx, dy), rr, vi, vj, (h, ahh));
        if later >= 1.0 {
            return due_from(later, rel);
        }
        if let Some(s) = toi_circle(dx, dy, wx, wy, rr, h) {
            push_pair(heap, s, d, iu, ju);
        }
        rel + 1
    }
}

/// How many substeps, from this one's start, the gap between two discs certainly stays open:
/// discs whose surfaces are `gap` apart (less a margin), whose centres are `dist` apart at
/// relative position `(dx, dy)` (the first less the second; `dist` = √(dx² + dy²), as the
/// callers compute it for the gap) and moving at `vi` and `vj` (this substep's chord
/// velocities), with `ahh` = a h² (the friction deceleration a, the substep's length h). The
/// pair is due in the substep [`due_from`] makes of it. `COMPLETE` (a pair of a complete list,
/// [`Near::complete`]: a small world, whose pairs lie anywhere on the table and are tested
/// far more often than built) adds three bounds (below) that cost a few more instructions a
/// test; a large world's pairs, listed anew every few substeps, take the radial one alone.
///
/// Why the pair cannot touch before then. Until a path changes (which makes the pair due
/// again) each disc keeps its direction and its chord speed falls by at most a h a substep
/// (exactly a h while it slides; its stop's chord s / 2 and the zero after it fall by less),
/// never below zero. So in the k-th substep after this one the relative velocity differs
/// from w = vi − vj by at most 2 a h k, and after a time τ = x h (x substeps, x real) the
/// relative position D(τ) is off the straight relative path d + w τ by at most
/// |e| ≤ A x² with A = a h² (the sum of 2 a h² k over the whole substeps k < x and the
/// part substep; a bound on a vector's length, whatever the direction of d). Each bound
/// below is a lower bound of the straight path's distance |d + w τ|, less |e|:
///
/// - Radial: |d + w τ| ≥ d̂ · (d + w τ) = |d| − c τ, with d̂ = d / |d| and c = −(d · w) / |d|
///   the radial closing speed. Hence |D(τ)| ≥ |d| − c h x − A x², and the gap stays open
///   while c h x + A x² < `gap`: up to the positive root
///   L = 2 gap / (c h + √((c h)² + 4 A gap)) (for c ≥ 0). The radial speed is at most |w|
///   (the bound used before), far less for discs passing each other or moving the same way.
///   Separating (c < 0) the pair takes L = √(gap / A) (the straight path never comes
///   closer than |d|), or with `COMPLETE` the root above written without its cancellation,
///   (−c h + √((c h)² + 4 A gap)) / (2 A): the gap grows with the straight path, so friction
///   needs longer to close it.
/// - Passing (`COMPLETE`, approaching): the straight path comes no closer than its closest
///   approach m = |d × w| / |w|, so the gap stays open while A x² < gap − (|d| − m): up to
///   √((gap − (|d| − m)) / A). The larger of this and the radial bound holds.
/// - At rest (`COMPLETE`): a disc at rest (chord zero) stays at rest until its path changes,
///   and the other keeps its direction at a speed never above its chord now; so the
///   relative position at τ is d + w τ' for the distance travelled over |w|, τ' ≤ τ: a point
///   the straight path reached by τ. Every bound of the straight path's distance up to τ
///   then holds for the pair itself: A = 0 in both bounds (L = gap / (c h) approaching,
///   infinite separating or passing clear).
///
/// Rounding: c is `d · w` (its cancellation errs by a few ulps of |d| |w|) over |d|, so a
/// few ulps of |w| off; where that is above a 10⁻¹⁰ part of c (|c| < 10⁻⁵ |w|, a path
/// nearly square to d) the straight path never comes closer than
/// |d| √(1 − (c / |w|)²) > |d| (1 − 10⁻¹⁰), and elsewhere the error is a 10⁻¹⁰ part of the
/// closing; m errs by a few ulps of |d| (|d| − m is taken as at least 0, so that the passing
/// gap is never above `gap`): all far below the gap's margin of `NEAR_MARGIN_M`.
///
/// Infinite for two discs at rest (not due before one of them moves) or separating without
/// friction (and with `COMPLETE` for a straight path that misses or separates, without
/// friction or with a disc at rest); NaN or below 1 for a gap at most zero (or discs at one
/// place). At least 1 means the pair cannot touch in this substep (its straight path closes
/// by at most c h in it, or passes clear, with no deviation in it), so the callers skip the
/// exact test.
#[inline(always)]
fn open_substeps<const COMPLETE: bool>(
    gap: f64,
    dist: f64,
    (dx, dy): (f64, f64),
    vi: (f64, f64),
    vj: (f64, f64),
    (h, ahh): (f64, f64),
) -> f64 {
    let rests = |v: (f64, f64)| v == (0.0, 0.0);
    if rests(vi) && rests(vj) {
        return f64::INFINITY;
    }
    let (wx, wy) = (vi.0 - vj.0, vi.1 - vj.1);
    let dw = dx * wx + dy * wy;
    if !COMPLETE {
        if dw >= 0.0 {
            return (gap / ahh).sqrt();
        }
        let ch = -dw / dist * h;
        return 2.0 * gap / (ch + (ch * ch + 4.0 * ahh * gap).sqrt());
    }
    let dev = if rests(vi) || rests(vj) { 0.0 } else { ahh };
    let ch = -dw / dist * h;
    let root = (ch * ch + 4.0 * dev * gap).sqrt();
    if ch >= 0.0 {
        let radial = 2.0 * gap / (ch + root);
        radial.max(passing_substeps(gap, dist, (dx, dy), (wx, wy), dev))
    } else if gap > 0.0 {
        (root - ch) / (2.0 * dev)
    } else {
        0.0
    }
}

/// [`open_substeps`]' passing bound: the substeps until a deviation of `dev` x² (x substeps)
/// from the straight relative path at `w` from `d` (`dist` = |d|) closes the gap left at its
/// closest approach m = |d × w| / |w|, that is `gap` less |d| − m (taken as at least 0).
/// NaN (the larger of it and the radial bound is then the radial bound) if w = 0 or the
/// straight path comes within the gap.
#[inline(always)]
fn passing_substeps(
    gap: f64,
    dist: f64,
    (dx, dy): (f64, f64),
    (wx, wy): (f64, f64),
    dev: f64,
) -> f64 {
    let closest = (dx * wy - dy * wx).abs() / (wx * wx + wy * wy).sqrt();
    let passing_gap = gap - (dist - closest).max(0.0);
    (passing_gap / dev).sqrt()
}

/// [`open_substeps`] for two discs at relative position `(dx, dy)` (the first less the
/// second) whose radii sum to `rr`: their surfaces' gap less the margin `NEAR_MARGIN_M`, far
/// above its rounding error, from their centres' distance.
#[inline(always)]
fn pair_open_substeps<const COMPLETE: bool>(
    (dx, dy): (f64, f64),
    rr: f64,
    vi: (f64, f64),
    vj: (f64, f64),
    hs: (f64, f64),
) -> f64 {
    let dist = (dx * dx + dy * dy).sqrt();
    let gap = dist - rr - NEAR_MARGIN_M;
    open_substeps::<COMPLETE>(gap, dist, (dx, dy), vi, vj, hs)
}

/// [`pair_open_substeps`] of a list that is not complete (`COMPLETE` false) for `L` pairs
/// at once (lane l: relative position `d[l]`, radius sum `rr[l]`, velocities `vi[l]` and
/// `vj[l]`), without a branch: both radial bounds of [`open_substeps`] are computed and the
/// one for the sign of d · w selected, and infinity for two discs at rest. Each value is the
/// same expression as there, from the same operands, so each lane is the same bits for
/// every input, infinities included, and NaN where that is NaN (Rust does not fix a NaN's
/// sign and payload; the unit test
/// `the_open_substeps_in_lanes_are_the_branchy_ones_bit_for_bit` compares them). For
/// [`first_dues`]' walk of a new list, where the sign is a coin toss (the branch was
/// mispredicted about once in two pairs, 111 k times over scene (c)'s 500 steps at
/// N = 4096). Two pairs a call, so that their divisions and square roots go two to an
/// instruction: both bounds cost a division and a square root a pair more than the
/// branch's path, and one pair a call without the branch was slower than with it (the
/// divider, not the mispredicts, bounds the walk).
#[inline(always)]
fn open_substeps_lanes<const L: usize>(
    d: [(f64, f64); L],
    rr: [f64; L],
    vi: [(f64, f64); L],
    vj: [(f64, f64); L],
    (h, ahh): (f64, f64),
) -> [f64; L] {
    fn lanes<const L: usize>(f: impl FnMut(usize) -> f64) -> [f64; L] {
        std::array::from_fn(f)
    }
    let dist: [f64; L] = lanes(|l| (d[l].0 * d[l].0 + d[l].1 * d[l].1).sqrt());
    let gap: [f64; L] = lanes(|l| dist[l] - rr[l] - NEAR_MARGIN_M);
    let dw: [f64; L] = lanes(|l| d[l].0 * (vi[l].0 - vj[l].0) + d[l].1 * (vi[l].1 - vj[l].1));
    let separating: [f64; L] = lanes(|l| (gap[l] / ahh).sqrt());
    let ch: [f64; L] = lanes(|l| -dw[l] / dist[l] * h);
    let closing: [f64; L] = lanes(|l| {
        let root = (ch[l] * ch[l] + 4.0 * ahh * gap[l]).sqrt();
        2.0 * gap[l] / (ch[l] + root)
    });
    let rests = |v: (f64, f64)| (v.0 == 0.0) & (v.1 == 0.0);
    lanes(|l| {
        let radial = std::hint::select_unpredictable(dw[l] >= 0.0, separating[l], closing[l]);
        let both_rest = rests(vi[l]) & rests(vj[l]);
        std::hint::select_unpredictable(both_rest, f64::INFINITY, radial)
    })
}

/// The substep in which a pair whose gap stays open for `later` substeps (see
/// [`open_substeps`]) is due, counted as `rel` (the current substep): the next one if
/// `later` is below 1 or NaN.
#[inline(always)]
fn due_from(later: f64, rel: u32) -> u32 {
    if later >= f64::from(u32::MAX - rel) {
        u32::MAX
    } else if later >= 1.0 {
        rel + later as u32
    } else {
        rel + 1
    }
}

/// The box a disc's centre sweeps from (x, y) at velocity (vx, vy) over a time `dt`: a cheap
/// test, before the exact one, for the discs at rest that it cannot reach.
struct Sweep {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Sweep {
    #[inline(always)]
    fn new(x: f64, y: f64, vx: f64, vy: f64, dt: f64) -> Sweep {
        let (ex, ey) = (x + vx * dt, y + vy * dt);
        let (x0, x1) = if ex < x { (ex, x) } else { (x, ex) };
        let (y0, y1) = if ey < y { (ey, y) } else { (y, ey) };
        Sweep { x0, x1, y0, y1 }
    }

    /// Whether disc `k` is at rest (its position then holds at every instant) and its centre
    /// farther from the box than `rr`, the sum of the two radii, plus a margin far above
    /// rounding error: the swept disc then cannot touch it within `dt`, and [`toi_circle`]
    /// would find nothing (so skipping it changes nothing computed).
    #[inline(always)]
    fn misses_resting(&self, k: &Kin, rr: f64) -> bool {
        let reach = rr + NEAR_MARGIN_M;
        let outside = (k.px < self.x0 - reach)
            | (k.px > self.x1 + reach)
            | (k.py < self.y0 - reach)
            | (k.py > self.y1 + reach);
        outside && k.vx == 0.0 && k.vy == 0.0
    }
}

/// Stage 3 without the pair list: every moving disc against every disc on the table, each
/// pair once (a pair of moving discs from the one with the smaller index).
fn direct_pairs(
    d: &Discs,
    moving: &[u32],
    moving_mark: &[u32],
    mark: u32,
    heap: &mut Queue,
    h: f64,
) {
    let n = d.k.len();
    let (kin, r, on) = (&d.k[..n], &d.r[..n], &d.on[..n]);
    let moving_mark = &moving_mark[..n];
    for &iu in moving {
        let i = iu as usize;
        let ki = &kin[i];
        let sweep = Sweep::new(ki.px, ki.py, ki.vx, ki.vy, h);
        for j in 0..n {
            if !on[j] || j == i || (j < i && moving_mark[j] == mark) {
                continue;
            }
            let kj = &kin[j];
            if sweep.misses_resting(kj, r[i] + r[j]) {
                continue;
            }
            let dx = ki.px - kj.px;
            let dy = ki.py - kj.py;
            let wx = ki.vx - kj.vx;
            let wy = ki.vy - kj.vy;
            let rr = r[i] + r[j];
            if toi_circle_misses(dx, dy, wx, wy, rr, h) {
                continue;
            }
            if let Some(s) = toi_circle(dx, dy, wx, wy, rr, h) {
                push_pair(heap, s, d, i, j);
            }
        }
    }
}

/// A disc whose path just changed, at its local time `t` in the substep: what stage 4's
/// re-predictions read of it, read once for all its partners.
pub(super) struct ChangedAt {
    pub(super) i: usize,
    pub(super) t: f64,
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    r: f64,
}

impl ChangedAt {
    #[inline]
    pub(super) fn new(d: &Discs, i: usize, t: f64) -> ChangedAt {
        let (x, y) = d.pos_at(i, t);
        let (vx, vy, r) = (d.k[i].vx, d.k[i].vy, d.radius(i));
        ChangedAt {
            i,
            t,
            x,
            y,
            vx,
            vy,
            r,
        }
    }
}

/// Predicts the contact of disc `c.i` (just changed, at its local time `c.t`) with disc `j`
/// (its record `kj` and radius `rj`), a pair of the list, from `c.t` to the substep's end
/// `h`, and returns the substep (counted as `rel`, the current one) in which the pair is due
/// next: the first in which the gap between them at `c.t` could have closed if it stays open
/// the rest of this one (see [`open_substeps`]; a miss found so is not tested again in the
/// next substep), else the next one, after the exact test from `c.t`. `COMPLETE`: the pair is
/// of a complete list ([`Near::complete`]; the bounds of [`open_substeps`]). Inlined into
/// stage 4's loop over a changed disc's partners (fewer instructions than `#[inline]` left
/// it: 0.3 % of scene (a)'s).
///
/// Two discs at rest return `u32::MAX` before their positions are read: that is what the
/// computation gives them (`open_substeps` is infinite for them, `due_from` of that is
/// `u32::MAX`, and no exact test runs), as the test
/// `a_re_predicted_pair_gets_the_due_and_events_of_the_plain_computation` checks. (A disc
/// that stops re-predicts its pairs, in a break most of them with discs at rest.)
#[inline(always)]
pub(super) fn neighbour_pair_due<const COMPLETE: bool>(
    d: &Discs,
    heap: &mut Queue,
    c: &ChangedAt,
    (j, kj, rj): (usize, &Kin, f64),
    (h, ahh): (f64, f64),
    rel: u32,
) -> u32 {
    let (i, t) = (c.i, c.t);
    // Two discs at rest: never due, and no exact test (see above).
    if (c.vx, c.vy) == (0.0, 0.0) && (kj.vx, kj.vy) == (0.0, 0.0) {
        return u32::MAX;
    }
    let (jx, jy) = kj.pos_at(t);
    let (dx, dy) = (c.x - jx, c.y - jy);
    let (vi, vj) = ((c.vx, c.vy), (kj.vx, kj.vy));
    let rr = c.r + rj;
    // Counted from the substep's start, the pair cannot touch before the gap at t closes
    // (see `open_substeps`; before t is past). A gap that stays open a whole substep proves
    // there is no contact from t to the substep's end, as in stage 3's test; any other
    // `later`, below 1 or NaN (a gap within the margin: discs that touched a moment ago),
    // needs the exact test. Until 2 Dec 2026 this read `later < 1.0`, false for NaN, so a
    // disc that stopped within the margin of another was not tested against it again, and
    // the other slid into it (`tests/overlap.rs`).
    let later = pair_open_substeps::<COMPLETE>((dx, dy), rr, vi, vj, (h, ahh));
    if later >= 1.0 {
        return due_from(later, rel);
    }
    if let Some(s) = toi_circle(dx, dy, vi.0 - vj.0, vi.1 - vj.1, rr, h - t) {
        push_pair(heap, t + s, d, i, j);
    }
    rel.saturating_add(1)
}

/// The round loop's re-prediction without the grid: disc `i` from time `t` against every
/// other disc on the table, except the earlier ones (`j < i`) whose entry in `marks` is
/// `mark` (in stage 4: re-predicted already in this round, which tested the pair). The discs
/// before `i` and after it are two loops, so that the later ones are tested without reading
/// a mark or comparing with `i`.
pub(super) fn brute_neighbours(
    d: &Discs,
    heap: &mut Queue,
    i: usize,
    t: f64,
    h: f64,
    (marks, mark): (&[u32], u32),
) {
    let (x, y) = d.pos_at(i, t);
    let (vx, vy, r) = (d.k[i].vx, d.k[i].vy, d.r[i]);
    let rem = h - t;
    // The arrays cut to one length, so that the loops index them without checks.
    let n = d.k.len();
    let (kin, radii, on) = (&d.k[..n], &d.r[..n], &d.on[..n]);
    // One test, inlined into both loops.
    #[inline(always)]
    fn test(
        d: &Discs,
        heap: &mut Queue,
        (i, j): (usize, usize),
        (kj, rj): (&Kin, f64),
        (x, y, vx, vy, r): (f64, f64, f64, f64, f64),
        (t, rem): (f64, f64),
    ) {
        let (jx, jy) = kj.pos_at(t);
        if let Some(s) = toi_circle(x - jx, y - jy, vx - kj.vx, vy - kj.vy, r + rj, rem) {
            push_pair(heap, t + s, d, i, j);
        }
    }
    let marks = &marks[..i];
    for j in 0..i {
        if on[j] && marks[j] != mark {
            test(
                d,
                heap,
                (i, j),
                (&kin[j], radii[j]),
                (x, y, vx, vy, r),
                (t, rem),
            );
        }
    }
    for j in i + 1..n {
        if on[j] {
            test(
                d,
                heap,
                (i, j),
                (&kin[j], radii[j]),
                (x, y, vx, vy, r),
                (t, rem),
            );
        }
    }
}

/// Earliest contact within `rem` of a moving disc with a capsule wall.
fn toi_wall(w: &WallGeom, x: f64, y: f64, vx: f64, vy: f64, r: f64, rem: f64) -> Option<f64> {
    let rr = r + w.h;
    if w.len > 0.0 {
        // Flat sides: normal (-ty, tx).
        let nx = -w.ty;
        let ny = w.tx;
        let qx = x - w.ax;
        let qy = y - w.ay;
        let dist = qx * nx + qy * ny;
        let sign = if dist >= 0.0 { 1.0 } else { -1.0 };
        let gap = sign * dist - rr;
        let approach = -sign * (vx * nx + vy * ny);
        if approach > 0.0 {
            let s = if gap <= SLOP_M {
                if approach > APPROACH_EPS {
                    Some(0.0)
                } else {
                    None
                }
            } else {
                Some(gap / approach)
            };
            if let Some(s) = s
                && s <= rem
            {
                let along = (qx + vx * s) * w.tx + (qy + vy * s) * w.ty;
                if (0.0..=w.len).contains(&along) {
                    return Some(s);
                }
            }
        }
    }
    let ea = toi_circle(x - w.ax, y - w.ay, vx, vy, rr, rem);
    let eb = toi_circle(x - w.bx, y - w.by, vx, vy, rr, rem);
    match (ea, eb) {
        (Some(a), Some(b)) => Some(if a <= b { a } else { b }),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uniform numbers in `[0, 1)` from a 64-bit linear congruential generator seeded with
    /// `seed` (test inputs only).
    fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// `n` discs on the table at random places in the square of half side `half`, each with
    /// the radius `radius` draws, every `still_every`-th at rest and the others moving at up
    /// to `speed / 2` m/s in each coordinate.
    fn scattered(
        next: &mut impl FnMut() -> f64,
        n: usize,
        radius: impl Fn(&mut dyn FnMut() -> f64) -> f64,
        (half, still_every, speed): (f64, usize, f64),
    ) -> Discs {
        let mut d = Discs::default();
        for i in 0..n {
            let r = radius(next);
            let p = (2.0 * half * (next() - 0.5), 2.0 * half * (next() - 0.5));
            d.push(p, (0.0, 0.0, 0.0), r, 1.0, crate::DiscStatus::OnTable);
            if i % still_every != 0 {
                let k = d.k.last_mut().unwrap();
                (k.vx, k.vy) = (speed * (next() - 0.5), speed * (next() - 0.5));
            }
        }
        d
    }

    /// The unit vector along `(x, y)` (by `+ - * /` and `sqrt` only, as the step guard asks
    /// of this file; a tiny vector is taken as 1e-9 long).
    fn unit(x: f64, y: f64) -> (f64, f64) {
        let l = (x * x + y * y).sqrt().max(1e-9);
        (x / l, y / l)
    }

    #[test]
    fn the_due_bits_and_the_earliest_due_of_a_block_match_a_plain_scan() {
        let mut next = uniform(7);
        // Whole blocks, and blocks padded with `u32::MAX` as the last block of a list is.
        for len in [DUE_BLOCK, DUE_BLOCK, 1, 5, DUE_BLOCK - 1] {
            let mut dues = [u32::MAX; DUE_BLOCK];
            for due in &mut dues[..len] {
                *due = (next() * 12.0) as u32;
            }
            for rel in 0..12 {
                let bits = due_bits(&dues, rel);
                for (k, &due) in dues.iter().enumerate() {
                    assert_eq!(bits >> k & 1 == 1, due <= rel, "{dues:?} {rel} {k}");
                }
                assert_eq!(bits.checked_shr(len as u32).unwrap_or(0), 0);
            }
            assert_eq!(earliest(&dues), dues[..len].iter().copied().min().unwrap());
        }
        assert_eq!(earliest(&[u32::MAX; DUE_BLOCK]), u32::MAX);
        // Dues on both sides of 2³¹ (where the flip of the sign bit matters), each the
        // earliest at every place in the block.
        for least in [
            0,
            1,
            (1 << 31) - 1,
            1 << 31,
            (1 << 31) + 1,
            u32::MAX - 1,
            u32::MAX,
        ] {
            for k in 0..DUE_BLOCK {
                let mut dues = [u32::MAX; DUE_BLOCK];
                for (j, due) in dues.iter_mut().enumerate() {
                    *due = least
                        .saturating_add(1 + (j as u32).wrapping_mul(2_654_435_761) % (1 << 31));
                }
                dues[k] = least;
                assert_eq!(earliest(&dues), least, "{least} {k}");
            }
        }
    }

    /// A new list's first dues (`first_dues`, in the build's substep) are those stage 3's
    /// test gives its pairs in that substep whenever the gap stays open the whole substep;
    /// the other pairs stay due now, for stage 3 to test; the blocks' and the list's earliest
    /// dues are those of the pairs. Random discs, some at rest, some touching or overlapping.
    /// Two worlds: random radii, and one radius (`first_dues` then takes the radius sum from
    /// `Near::rr_same`; stage 3's plain test reads the radii); each taken as a complete list
    /// too (`Near::complete`: the bounds of a small world's pairs) and not.
    #[test]
    fn the_first_dues_of_a_new_list_are_those_stage_3_gives() {
        for same_r in [false, true] {
            for complete in [false, true] {
                the_first_dues_are_those_stage_3_gives_in(same_r, complete);
            }
        }
    }

    fn the_first_dues_are_those_stage_3_gives_in(same_r: bool, complete: bool) {
        let mut next = uniform(2_026_120_211);
        let radius = |next: &mut dyn FnMut() -> f64| {
            if same_r {
                0.011
            } else {
                0.005 + 0.015 * next()
            }
        };
        let d = scattered(&mut next, 600, radius, (0.5, 5, 6.0));
        let mut near = Near::default();
        near.build(0.5, 0.5, 0.03, &d.k, &d.r, &d.on);
        assert_eq!(near.rr_same.is_some(), same_r);
        // (Taken as complete, the list gets the complete list's bounds.)
        near.complete = complete;
        let (h, ahh) = (0.001, 2.0 * 0.001 * 0.001);
        let settled = first_dues(&d, &mut near, (h, ahh));
        let v = PairView {
            k: &d.k,
            r: &d.r,
            on: &d.on,
            rr_same: None,
            all_on: false,
        };
        let mut heap = Queue::default();
        let mut now = 0;
        for (p, &pair) in near.pairs.iter().enumerate() {
            let want = if complete {
                v.test::<false, true>(pair, &d, &mut heap, (h, ahh), 0)
            } else {
                v.test::<false, false>(pair, &d, &mut heap, (h, ahh), 0)
            };
            match near.due[p] {
                0 => now += 1,
                due => assert_eq!(due, want, "pair {pair:?}"),
            }
        }
        assert_eq!(settled + now, near.pairs.len() as u64);
        assert!(settled > 1_000 && now > 20, "{settled} {now}");
        for (blk, dues) in near.due.chunks(DUE_BLOCK).enumerate() {
            assert_eq!(near.block_due[blk], dues.iter().copied().min().unwrap());
        }
        assert_eq!(near.next_due, near.due.iter().copied().min().unwrap());
    }

    /// A list built over an older one (with more pairs, then fewer, then more) gets from
    /// `first_dues` the dues, blocks' and list's earliest dues of a list built afresh: the
    /// build leaves the old list's dues for `first_dues` to write over, every one.
    #[test]
    fn a_list_built_over_another_gets_the_first_dues_of_a_fresh_one() {
        let mut next = uniform(2_026_120_207);
        let (h, ahh) = (0.001, 2.0 * 0.001 * 0.001);
        let mut reused = Near::default();
        for n in [900, 300, 600, 1_200, 50] {
            let d = scattered(&mut next, n, |next| 0.005 + 0.015 * next(), (0.5, 5, 6.0));
            let mut fresh = Near::default();
            fresh.build(0.5, 0.5, 0.03, &d.k, &d.r, &d.on);
            reused.build(0.5, 0.5, 0.03, &d.k, &d.r, &d.on);
            first_dues(&d, &mut fresh, (h, ahh));
            first_dues(&d, &mut reused, (h, ahh));
            assert_eq!(reused.pairs, fresh.pairs, "n = {n}");
            assert_eq!(reused.due, fresh.due, "n = {n}");
            assert_eq!(reused.block_due, fresh.block_due, "n = {n}");
            assert_eq!(reused.next_due, fresh.next_due, "n = {n}");
        }
    }

    /// Stage 3 in a large world (`near_pairs_ahead`: the due pairs listed first, then tested
    /// with their entries and records loaded ahead, `LEAN` tests) tests the same pairs as
    /// `near_pairs` and leaves the same dues, blocks' and list's earliest dues, count and
    /// events, substep after substep; and a large world's `first_dues` the same dues as a
    /// small world's. Random discs (some at rest, some touching), more due pairs than one
    /// batch of loads ahead; the pairs of a list just built and those due later. Three
    /// worlds: random radii; one radius (the tests' radius sum from `Near::rr_same`); one
    /// radius and discs taken off the table after the build (the tests must read `on`).
    #[test]
    fn stage_3_loading_ahead_tests_and_dues_what_it_tests_and_dues_in_order() {
        for (same_r, off) in [(false, false), (true, false), (true, true)] {
            let mut next = uniform(2_026_120_206);
            let radius = |next: &mut dyn FnMut() -> f64| {
                if same_r { 0.009 } else { 0.004 + 0.01 * next() }
            };
            let mut d = scattered(&mut next, 2_000, radius, (1.0, 4, 8.0));
            let case = format!("same radius {same_r}, discs off {off}");
            let (h, ahh) = (0.001, 2.0 * 0.001 * 0.001);
            let mut near = Near::default();
            near.build(1.0, 1.0, 0.02, &d.k, &d.r, &d.on);
            assert_eq!(near.rr_same.is_some(), same_r, "{case}");
            let mut ahead = near.clone();
            ahead.ahead = true;
            first_dues(&d, &mut near, (h, ahh));
            first_dues(&d, &mut ahead, (h, ahh));
            assert_eq!(near.due, ahead.due, "{case}");
            assert_eq!(near.block_due, ahead.block_due, "{case}");
            assert_eq!(near.next_due, ahead.next_due, "{case}");
            // A disc leaving the table lowers the world's count of discs on it.
            let mut n_on = near.n_on;
            if off {
                for i in (0..2_000).step_by(7) {
                    d.on[i] = false;
                    n_on -= 1;
                }
            }
            let mut tested = 0;
            for rel in 0..40 {
                if near.next_due > rel {
                    assert!(ahead.next_due > rel);
                    continue;
                }
                let (mut plain_heap, mut ahead_heap) = (Queue::default(), Queue::default());
                let n = near_pairs(&d, &mut near, &mut plain_heap, h, ahh, rel);
                let a = near_pairs_ahead(&d, &mut ahead, &mut ahead_heap, (h, ahh), rel, n_on);
                assert_eq!(n, a, "{case}, substep {rel}");
                assert_eq!(near.due, ahead.due, "{case}, substep {rel}");
                assert_eq!(near.block_due, ahead.block_due, "{case}, substep {rel}");
                assert_eq!(near.next_due, ahead.next_due, "{case}, substep {rel}");
                assert_eq!(
                    plain_heap.into_sorted_vec(),
                    ahead_heap.into_sorted_vec(),
                    "{case}, substep {rel}"
                );
                tested += n;
            }
            assert!(tested > 2_000, "{case}: {tested}");
            if off {
                // Pairs with a disc off the table are never due again.
                assert!(near.due.iter().filter(|&&due| due == u32::MAX).count() > 100);
            }
        }
    }

    /// Stage 4's fixed re-prediction with its inlined cushion test (`predict_fixed_at`)
    /// pushes exactly the events of the full tests (`fixed_tests`, without the early
    /// return), on a table without walls or pockets (where the inlined test returns
    /// early for discs far from the cushions) and on tables with pockets or a wall; fast
    /// discs at random places and instants, some at rest, some overlapping a cushion.
    #[test]
    fn the_inlined_cushion_test_pushes_what_the_full_tests_push() {
        let mut next = uniform(2_026_120_207);
        let plain = Table::new(0.5, 0.5).unwrap();
        let pockets = plain.clone().with_corner_pockets(0.46, 0.04).unwrap();
        let wall = plain
            .clone()
            .with_wall(
                crate::Vec2::new(-0.2, 0.1),
                crate::Vec2::new(0.3, -0.1),
                0.01,
            )
            .unwrap();
        let h = 0.01;
        for table in [&plain, &pockets, &wall] {
            let walls = Solver::new(table).walls;
            let ctx = Ctx {
                hx: 0.5,
                hy: 0.5,
                h,
                window: h * WINDOW_REL,
                table,
                walls: &walls,
                fixed: &super::super::fixed::OFF,
            };
            let radius = |next: &mut dyn FnMut() -> f64| 0.005 + 0.015 * next();
            let d = scattered(&mut next, 5_000, radius, (0.5, 7, 40.0));
            let (mut pushed, mut quiet) = (0, 0);
            for i in 0..d.k.len() {
                let t = h * (0.9 * next()).min(0.999);
                let c = ChangedAt::new(&d, i, t);
                let (mut fast, mut full) = (Queue::default(), Queue::default());
                predict_fixed_at(&ctx, &d, &mut fast, &c);
                fixed_tests(&ctx, &d, &mut full, &c);
                let (fast, full) = (fast.into_sorted_vec(), full.into_sorted_vec());
                assert_eq!(fast, full, "disc {i} at {t}");
                if full.is_empty() {
                    quiet += 1;
                } else {
                    pushed += 1;
                }
            }
            // Both outcomes occur often, so the early return is tested where it matters.
            assert!(pushed > 500 && quiet > 1000, "{pushed} {quiet}");
        }
    }

    #[test]
    fn a_resting_disc_the_swept_box_test_skips_is_never_met() {
        // Whenever the box test skips a pair (direct_pairs), the exact test finds no contact:
        // random sweeps, and discs just outside the box's reach at the end of the sweep.
        let mut u = uniform(0x9e37_79b9_7f4a_7c15);
        let mut skipped = 0;
        for _ in 0..20_000 {
            let (x, y) = (u() - 0.5, u() - 0.5);
            let (vx, vy) = (20.0 * (u() - 0.5), 20.0 * (u() - 0.5));
            let h = 0.001 + 0.02 * u();
            let rr = 0.01 + 0.05 * u();
            let sweep = Sweep::new(x, y, vx, vy, h);
            let (ex, ey) = (x + vx * h, y + vy * h);
            let edge = rr + NEAR_MARGIN_M * (1.0 + u());
            for (px, py) in [(u() - 0.5, u() - 0.5), (ex + edge, ey), (ex, ey - edge)] {
                let rest = Kin {
                    px,
                    py,
                    ..Kin::default()
                };
                if sweep.misses_resting(&rest, rr) {
                    skipped += 1;
                    assert_eq!(toi_circle(x - px, y - py, vx, vy, rr, h), None);
                }
                // A moving disc is never skipped.
                let moving = Kin { vx: 1e-9, ..rest };
                assert!(!sweep.misses_resting(&moving, rr));
            }
        }
        assert!(skipped > 10_000, "{skipped}");
    }

    /// The earliest contact time of two circles, by bisection on the distance (independent of
    /// the closed form).
    fn bisect(dx: f64, dy: f64, wx: f64, wy: f64, rr: f64, rem: f64) -> Option<f64> {
        let gap = |t: f64| {
            let (x, y) = (dx + wx * t, dy + wy * t);
            (x * x + y * y).sqrt() - rr
        };
        // Sample for the first sign change, then bisect it.
        let n = 10_000;
        let mut prev = 0.0;
        for k in 1..=n {
            let t = rem * k as f64 / n as f64;
            if gap(t) <= 0.0 {
                let (mut lo, mut hi) = (prev, t);
                for _ in 0..100 {
                    let mid = 0.5 * (lo + hi);
                    if gap(mid) <= 0.0 { hi = mid } else { lo = mid }
                }
                return Some(hi);
            }
            prev = t;
        }
        None
    }

    #[test]
    fn toi_circle_matches_bisection_and_the_fast_miss_test_never_drops_a_hit() {
        let mut u = uniform(12345);
        let mut hits = 0;
        for _ in 0..2000 {
            let (dx, dy) = (0.2 * u() - 0.1, 0.2 * u() - 0.1);
            let (wx, wy) = (20.0 * u() - 10.0, 20.0 * u() - 10.0);
            let rr = 0.01 + 0.03 * u();
            if dx * dx + dy * dy <= rr * rr {
                continue; // overlapping at the start: another branch
            }
            let rem = 0.01;
            let got = toi_circle(dx, dy, wx, wy, rr, rem);
            let want = bisect(dx, dy, wx, wy, rr, rem);
            match (got, want) {
                (Some(g), Some(w)) => {
                    assert!((g - w).abs() <= 2e-6, "{g} vs {w}");
                    hits += 1;
                }
                (None, None) => {}
                // A graze the sampling resolves differently.
                (g, w) => assert!(
                    g.or(w).is_some_and(|t| (t - rem).abs() < 2e-6),
                    "{got:?} vs {want:?} for {dx} {dy} {wx} {wy} {rr}"
                ),
            }
            if got.is_some() {
                assert!(!toi_circle_misses(dx, dy, wx, wy, rr, rem));
            }
        }
        assert!(hits > 100, "only {hits} hits");
    }

    #[test]
    fn touching_circles_approaching_meet_now_and_separating_ones_never() {
        assert_eq!(toi_circle(0.02, 0.0, -1.0, 0.0, 0.02, 0.001), Some(0.0));
        assert_eq!(toi_circle(0.02, 0.0, 1.0, 0.0, 0.02, 0.001), None);
        // A wall segment from (-0.1, 0) to (0.1, 0), 1 mm thick: a disc 5 cm above falling at
        // 10 m/s meets it when the gap of 5 - 1 - 0.1 cm has closed.
        let w = WallGeom {
            ax: -0.1,
            ay: 0.0,
            bx: 0.1,
            by: 0.0,
            tx: 1.0,
            ty: 0.0,
            len: 0.2,
            h: 0.001,
        };
        let s = toi_wall(&w, 0.0, 0.05, 0.0, -10.0, 0.01, 0.01).unwrap();
        assert!((s - 0.039 / 10.0).abs() < 1e-15, "{s}");
        // Past the end it meets the round cap.
        let s = toi_wall(&w, 0.105, 0.05, 0.0, -10.0, 0.01, 0.01).unwrap();
        let dz = (0.011f64 * 0.011 - 0.005 * 0.005).sqrt();
        assert!((s - (0.05 - dz) / 10.0).abs() < 1e-12, "{s}");
    }

    /// [`neighbour_pair_due`] as it reads without its shortcut for two discs at rest: every
    /// pair's gap, bound and (where the bound is below a substep) exact test.
    fn plain_pair_due<const COMPLETE: bool>(
        d: &Discs,
        heap: &mut Queue,
        c: &ChangedAt,
        (j, kj, rj): (usize, &Kin, f64),
        (h, ahh): (f64, f64),
        rel: u32,
    ) -> u32 {
        let (jx, jy) = kj.pos_at(c.t);
        let (dx, dy) = (c.x - jx, c.y - jy);
        let (vi, vj) = ((c.vx, c.vy), (kj.vx, kj.vy));
        let rr = c.r + rj;
        let later = pair_open_substeps::<COMPLETE>((dx, dy), rr, vi, vj, (h, ahh));
        if later >= 1.0 {
            return due_from(later, rel);
        }
        if let Some(s) = toi_circle(dx, dy, vi.0 - vj.0, vi.1 - vj.1, rr, h - c.t) {
            push_pair(heap, c.t + s, d, c.i, j);
        }
        rel.saturating_add(1)
    }

    #[test]
    fn a_re_predicted_pair_gets_the_due_and_events_of_the_plain_computation() {
        // Crowded worlds, half the discs at rest (some with a velocity of -0), each disc in
        // turn changed at a random instant and re-predicted against every other: the due and
        // the events pushed are those of the computation without the shortcut for two discs
        // at rest, for both kinds of list.
        let mut next = uniform(20_261_203);
        let (h, ahh) = (0.001, 2.0 * 0.001 * 0.001);
        let (mut resting_pairs, mut events) = (0, 0);
        for world in 0..40 {
            let radius = |next: &mut dyn FnMut() -> f64| 0.01 + 0.02 * next();
            let mut d = scattered(&mut next, 60, radius, (0.25, 2, 4.0));
            for (i, k) in d.k.iter_mut().enumerate() {
                if i % 8 == 0 {
                    (k.vx, k.vy) = (-0.0, 0.0);
                }
            }
            let rel = [0, 5, u32::MAX - 3][world % 3];
            for i in 0..d.k.len() {
                let c = ChangedAt::new(&d, i, h * next());
                for j in (0..d.k.len()).filter(|&j| j != i) {
                    let pair = (j, &d.k[j], d.r[j]);
                    let (mut got, mut want) = (Queue::default(), Queue::default());
                    let due = neighbour_pair_due::<false>(&d, &mut got, &c, pair, (h, ahh), rel);
                    let plain = plain_pair_due::<false>(&d, &mut want, &c, pair, (h, ahh), rel);
                    assert_eq!(due, plain, "world {world}, pair {i} {j}");
                    let due = neighbour_pair_due::<true>(&d, &mut got, &c, pair, (h, ahh), rel);
                    let plain = plain_pair_due::<true>(&d, &mut want, &c, pair, (h, ahh), rel);
                    assert_eq!(due, plain, "world {world}, pair {i} {j}, complete");
                    events += want.len();
                    assert_eq!(got.into_sorted_vec(), want.into_sorted_vec());
                    let rests = |k: &Kin| k.vx == 0.0 && k.vy == 0.0;
                    resting_pairs += usize::from(rests(&d.k[i]) && rests(&d.k[j]));
                }
            }
        }
        assert!(
            resting_pairs > 30_000 && events > 500,
            "{resting_pairs} {events}"
        );
    }

    /// `open_substeps_lanes` (`first_dues`' branch-free bound of an incomplete list, two
    /// pairs a time and one for an odd last pair) gives the bits of the branchy
    /// `pair_open_substeps::<false>` in every lane: random pairs (approaching, separating,
    /// at rest, overlapping, at one place) and every mix of edge values (zeros of both signs,
    /// infinities, NaN, subnormals, huge and tiny numbers) for the positions, velocities,
    /// radius sum, h and a h², including a h² of zero.
    #[test]
    fn the_open_substeps_in_lanes_are_the_branchy_ones_bit_for_bit() {
        type Case = ((f64, f64), f64, (f64, f64), (f64, f64));
        // The same bits, or both NaN: Rust leaves the sign and payload of a NaN computed
        // from NaN operands unspecified (the compiler may swap a product's operands), so
        // they are not the branchy code's own either; `first_dues` reads a NaN as due now.
        let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
        let check = |cases: [Case; 2], hs: (f64, f64)| {
            let oracle =
                cases.map(|(d, rr, vi, vj)| pair_open_substeps::<false>(d, rr, vi, vj, hs));
            let two = open_substeps_lanes(
                cases.map(|c| c.0),
                cases.map(|c| c.1),
                cases.map(|c| c.2),
                cases.map(|c| c.3),
                hs,
            );
            for (lane, case) in cases.iter().enumerate() {
                let [one] = open_substeps_lanes([case.0], [case.1], [case.2], [case.3], hs);
                let want = oracle[lane];
                assert!(same(two[lane], want), "lane {lane} of {cases:?}, {hs:?}");
                assert!(same(one, want), "{case:?}, {hs:?}");
                assert_eq!(two[lane] as u32, want as u32, "the due of {case:?}, {hs:?}");
            }
        };
        let edges = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.03,
            -0.07,
            1e-300,
            -1e-300,
            f64::MIN_POSITIVE / 8.0,
            1e300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let mut next = uniform(18);
        let pick = |next: &mut dyn FnMut() -> f64| {
            let k = (next() * edges.len() as f64) as usize;
            edges[k.min(edges.len() - 1)]
        };
        let hs_edges = [
            (1e-3, 4e-7),
            (0.0, 0.0),
            (1e-3, 0.0),
            (f64::NAN, 1e-6),
            (1e-3, f64::INFINITY),
        ];
        for _ in 0..20_000 {
            // Random pairs: a gap of up to 0.2 m (or an overlap), speeds up to 2 m/s, a disc
            // at rest one time in four, both one time in sixteen.
            let random_case = |next: &mut dyn FnMut() -> f64| -> Case {
                let d = (0.4 * (next() - 0.5), 0.4 * (next() - 0.5));
                let rr = 0.06 * next();
                let mut v = || {
                    if next() < 0.25 {
                        (0.0, 0.0)
                    } else {
                        (4.0 * (next() - 0.5), 4.0 * (next() - 0.5))
                    }
                };
                (d, rr, v(), v())
            };
            let cases = [random_case(&mut next), random_case(&mut next)];
            check(cases, (1e-3 * (0.5 + next()), 1e-6 * next()));
            // Edge values in every argument.
            let edge_case = |next: &mut dyn FnMut() -> f64| -> Case {
                (
                    (pick(next), pick(next)),
                    pick(next),
                    (pick(next), pick(next)),
                    (pick(next), pick(next)),
                )
            };
            let cases = [edge_case(&mut next), random_case(&mut next)];
            let k = (next() * hs_edges.len() as f64) as usize;
            check(cases, hs_edges[k.min(hs_edges.len() - 1)]);
            let cases = [random_case(&mut next), edge_case(&mut next)];
            check(cases, (pick(&mut next), pick(&mut next)));
        }
        // Discs at one place, touching, and separating or closing exactly square.
        let special: [Case; 4] = [
            ((0.0, 0.0), 0.05, (1.0, 0.0), (0.0, 0.0)),
            ((0.05, 0.0), 0.05, (0.0, 1.0), (0.0, 0.0)),
            ((0.1, 0.0), 0.05, (1.0, 0.0), (0.0, 0.0)),
            ((0.1, 0.0), 0.05, (-1.0, 0.0), (-0.0, 0.0)),
        ];
        for a in special {
            for b in special {
                check([a, b], (1e-3, 1e-6));
            }
        }
    }

    /// The pair test skips the exact tests when the gap stays open for at least a substep
    /// (`open_substeps` >= 1): in every such case the exact test finds no contact and the
    /// fast miss test agrees, so the pair gets the contact and the due it got before. Random
    /// pairs, many of them closing just about the gap in the substep (at the edge of the
    /// skip), at rest, touching, and with and without friction; both kinds of list's bounds.
    #[test]
    fn a_pair_whose_gap_stays_open_a_substep_has_no_contact_in_it() {
        let mut next = uniform(20_261_202);
        let h = 0.001;
        let mut skipped = 0;
        let mut at_the_edge = 0;
        for case in 0..200_000 {
            let a = [0.0, 0.5, 4.0][case % 3];
            let ahh = a * h * h;
            let rr = 0.01 + 0.05 * next();
            let (ex, ey) = unit(2.0 * next() - 1.0, 2.0 * next() - 1.0);
            // Relative speed, and a gap about what the pair closes in the substep.
            let speed = [0.0, 0.01, 1.0, 10.0, 100.0][case % 5] * next();
            let gap = match case % 4 {
                0 => speed * h * (0.9 + 0.2 * next()),
                1 => speed * h * (1.0 + 1e-9 * (2.0 * next() - 1.0)) + NEAR_MARGIN_M,
                2 => 1e-9 * next(),
                _ => 0.05 * next(),
            };
            let dist = rr + gap;
            let (dx, dy) = (dist * ex, dist * ey);
            // Towards each other, mostly head on, or glancing.
            let turn = [0.0, 0.3, 1.0][case % 7 % 3] * (2.0 * next() - 1.0);
            let (wx, wy) = (-speed * (ex - turn * ey), -speed * (ey + turn * ex));
            let vj = (speed * (next() - 0.5), speed * (next() - 0.5));
            let vi = (vj.0 + wx, vj.1 + wy);
            let (vi, vj) = if case % 11 == 0 {
                ((0.0, 0.0), (0.0, 0.0))
            } else {
                (vi, vj)
            };
            let (wx, wy) = (vi.0 - vj.0, vi.1 - vj.1);
            let dist = (dx * dx + dy * dy).sqrt();
            let g = dist - rr - NEAR_MARGIN_M;
            for later in [
                open_substeps::<false>(g, dist, (dx, dy), vi, vj, (h, ahh)),
                open_substeps::<true>(g, dist, (dx, dy), vi, vj, (h, ahh)),
            ] {
                if later >= 1.0 {
                    skipped += 1;
                    if later < 1.01 {
                        at_the_edge += 1;
                    }
                    assert_eq!(toi_circle(dx, dy, wx, wy, rr, h), None, "case {case}");
                    assert!(toi_circle_misses(dx, dy, wx, wy, rr, h), "case {case}");
                }
            }
        }
        assert!(
            skipped > 50_000 && at_the_edge > 1_000,
            "{skipped} {at_the_edge}"
        );
    }

    /// The first substep (from 0) in which two discs sliding along fixed lines under friction
    /// (chords as the solver moves them, as in the test below) come within `rr`, up to
    /// `horizon` substeps.
    fn first_touch(
        mut p: [(f64, f64); 2],
        u: [(f64, f64); 2],
        mut s: [f64; 2],
        rr: f64,
        (a, h): (f64, f64),
        horizon: u32,
    ) -> Option<u32> {
        let chord = |s: f64| if a * h >= s { 0.5 * s } else { s - 0.5 * a * h };
        for k in 0..horizon {
            let c = [chord(s[0]), chord(s[1])];
            let v = [
                (u[0].0 * c[0], u[0].1 * c[0]),
                (u[1].0 * c[1], u[1].1 * c[1]),
            ];
            let (dx, dy) = (p[1].0 - p[0].0, p[1].1 - p[0].1);
            let (wx, wy) = (v[1].0 - v[0].0, v[1].1 - v[0].1);
            let ww = wx * wx + wy * wy;
            let tau = if ww > 0.0 {
                (-(dx * wx + dy * wy) / ww).clamp(0.0, h)
            } else {
                0.0
            };
            let (cx, cy) = (dx + wx * tau, dy + wy * tau);
            if (cx * cx + cy * cy).sqrt() <= rr {
                return Some(k);
            }
            for d in 0..2 {
                p[d] = (p[d].0 + v[d].0 * h, p[d].1 + v[d].1 * h);
                s[d] = if a * h >= s[d] { 0.0 } else { s[d] - a * h };
            }
        }
        None
    }

    /// A slow disc sliding straight away from a faster one that follows it at an angle: the
    /// pair separates at first (the follower's speed along the line between them is at most
    /// the leader's), but friction slows both by the same amount, so the follower gains and
    /// may touch the leader later. The due (`open_substeps`, both kinds of list's) is no
    /// substep after the first touch (the separating pair's bound from friction, with the
    /// growth of the gap for a complete list), and many of these pairs do touch.
    #[test]
    fn a_separating_pair_that_friction_brings_together_is_due_in_time() {
        let mut next = uniform(2_026_120_218);
        let h = 0.001;
        let mut touched = 0;
        for case in 0..20_000 {
            let a = [1.0, 4.0][case % 2];
            let rr = 0.02 + 0.02 * next();
            let gap = 1e-3 * next() * next();
            let beta = 0.2 + 0.6 * next();
            // The follower's travel to rest, c1² / 2a, from 2 mm to 2 cm.
            let c1 = (2.0 * a * (0.002 + 0.018 * next())).sqrt();
            // The leader's chord just above the follower's along the line between them.
            let c0 = beta * (c1 - 0.5 * a * h) * (1.0 + 1e-3 * next()) + 0.5 * a * h;
            let s = [c0, c1];
            let u = [(1.0, 0.0), (beta, (1.0 - beta * beta).sqrt())];
            let p = [(rr + gap + NEAR_MARGIN_M, 0.0), (0.0, 0.0)];
            let chord = |s: f64| if a * h >= s { 0.5 * s } else { s - 0.5 * a * h };
            let (ci, cj) = (chord(s[0]), chord(s[1]));
            let (vi, vj) = ((ci, 0.0), (u[1].0 * cj, u[1].1 * cj));
            let d0 = (p[0].0 - p[1].0, p[0].1 - p[1].1);
            assert!(
                d0.0 * (vi.0 - vj.0) + d0.1 * (vi.1 - vj.1) >= 0.0,
                "case {case}"
            );
            let hs = (h, a * h * h);
            let dues = [
                due_from(open_substeps::<false>(gap, d0.0, d0, vi, vj, hs), 0),
                due_from(open_substeps::<true>(gap, d0.0, d0, vi, vj, hs), 0),
            ];
            if let Some(k) = first_touch(p, u, s, rr, (a, h), 100_000) {
                touched += 1;
                for due in dues {
                    assert!(
                        k >= due,
                        "case {case}: touching in substep {k}, due in {due}"
                    );
                }
            }
        }
        assert!(touched > 2_000, "{touched}");
    }

    /// Two discs sliding along fixed lines under friction as the solver moves them (each
    /// substep at its chord: `s − a h / 2`, or `s / 2` in the substep where it stops, then at
    /// rest), from a gap at which the pair misses in the current substep: in no substep
    /// before the one `open_substeps` gives do they come within the sum of their radii (the
    /// closest approach of each substep's straight relative motion, exactly). Random cases,
    /// many of them discs moving the same way (where the relative velocity's bound is far
    /// later than the sum of the speeds), separating pairs (whose bound is friction's alone)
    /// and stops within the horizon. Both kinds of list's bounds.
    #[test]
    fn a_pair_cannot_touch_before_the_substep_it_is_due() {
        a_pair_cannot_touch_before_its_due::<false>();
        a_pair_cannot_touch_before_its_due::<true>();
    }

    fn a_pair_cannot_touch_before_its_due<const COMPLETE: bool>() {
        let mut next = uniform(18);
        let h = 0.001;
        let mut later_than_the_sum = 0;
        let mut separating = 0;
        for case in 0..40_000 {
            let a = [0.0, 0.5, 1.0, 4.0][case % 4];
            let (ah, ahh) = (a * h, a * h * h);
            let chord = |s: f64| if a * h >= s { 0.5 * s } else { s - 0.5 * ah };
            let scale = [0.02, 0.3, 3.0][case % 3];
            let mut s = [scale * next(), scale * next()];
            if case % 7 == 0 {
                s[1] = 0.0;
            }
            // A common heading, turned a little for the second disc most of the time.
            let u0 = unit(2.0 * next() - 1.0, 2.0 * next() - 1.0);
            let turn = if case % 5 == 0 { 100.0 } else { 0.3 };
            let u1 = unit(
                u0.0 + turn * (2.0 * next() - 1.0),
                u0.1 + turn * (2.0 * next() - 1.0),
            );
            let u = [u0, u1];
            let r = [0.005 + 0.02 * next(), 0.005 + 0.02 * next()];
            let rr = r[0] + r[1];
            let dist = rr + 0.05 * next() * next() + 2.0 * NEAR_MARGIN_M;
            let e = unit(2.0 * next() - 1.0, 2.0 * next() - 1.0);
            let mut p = [(0.0, 0.0), (dist * e.0, dist * e.1)];
            let gap = dist - rr - NEAR_MARGIN_M;
            let v = |k: usize, c: f64| (u[k].0 * c, u[k].1 * c);
            let c = [chord(s[0]), chord(s[1])];
            let d0 = (p[0].0 - p[1].0, p[0].1 - p[1].1);
            let due = due_from(
                open_substeps::<COMPLETE>(gap, dist, d0, v(0, c[0]), v(1, c[1]), (h, ahh)),
                0,
            );
            let sum = c[0] + c[1];
            if sum > 0.0 && f64::from(due) > gap / (sum * h) + 1.0 {
                later_than_the_sum += 1;
            }
            let w = (v(0, c[0]).0 - v(1, c[1]).0, v(0, c[0]).1 - v(1, c[1]).1);
            if d0.0 * w.0 + d0.1 * w.1 >= 0.0 && w != (0.0, 0.0) && due >= 2 {
                separating += 1;
            }
            for k in 0..due.min(20_000) {
                let c = [chord(s[0]), chord(s[1])];
                let (vi, vj) = (v(0, c[0]), v(1, c[1]));
                let (dx, dy) = (p[1].0 - p[0].0, p[1].1 - p[0].1);
                let (wx, wy) = (vj.0 - vi.0, vj.1 - vi.1);
                let ww = wx * wx + wy * wy;
                let tau = if ww > 0.0 {
                    (-(dx * wx + dy * wy) / ww).clamp(0.0, h)
                } else {
                    0.0
                };
                let (cx, cy) = (dx + wx * tau, dy + wy * tau);
                let apart = (cx * cx + cy * cy).sqrt() > rr;
                if k == 0 && !apart {
                    // They touch in this substep: the caller pushes the contact instead.
                    break;
                }
                assert!(
                    apart,
                    "case {case}: touching in substep {k} of {due} (a = {a}, speeds {s:?})"
                );
                for d in 0..2 {
                    let (vx, vy) = v(d, c[d]);
                    p[d] = (p[d].0 + vx * h, p[d].1 + vy * h);
                    s[d] = if a * h >= s[d] { 0.0 } else { s[d] - ah };
                }
            }
        }
        // The relative bound does make many pairs due later than the sum of the speeds would.
        assert!(later_than_the_sum > 10_000, "{later_than_the_sum}");
        // Many separating pairs, whose bound ignores their relative speed.
        assert!(separating > 10_000, "{separating}");
    }

    /// Pairs whose straight relative path passes the other disc about tangent (its closest
    /// approach within a millimetre or a micrometre of the sum of the radii, either side),
    /// approaching or already past, the discs moving any way or about the same way, one of
    /// them at rest in two cases of five, with and without friction, under several seeds:
    /// moved as the solver moves them (`first_touch`: each substep at its chord, falling by
    /// a h, stopping at zero, directions fixed), the pair never comes within the sum of the
    /// radii before the substep `open_substeps` makes it due (both kinds of list's bounds:
    /// the radial, and for a complete list the growth while separating, the passing bound
    /// and the resting partner's), nor in this substep when the gap stays open a whole one.
    /// Many pairs touch within an eighth of their due after it, so a bound even a little
    /// too long fails here (a closing speed taken 0.9 times, or a closest approach 1.001
    /// times, did).
    #[test]
    fn a_passing_pair_cannot_touch_before_the_substep_it_is_due() {
        let h = 0.001;
        let horizon = 3_000;
        let (mut tested, mut tight, mut passing_longer) = (0, [0; 2], 0);
        for seed in 0..6 {
            let mut next = uniform(2_026_120_300 + seed);
            for case in 0..6_000 {
                let a = [0.0, 0.5, 2.0, 4.0][case % 4];
                let chord = |s: f64| if a * h >= s { 0.5 * s } else { s - 0.5 * a * h };
                let scale = [0.05, 0.5, 5.0][case % 3];
                let mut s = [scale * next(), scale * next()];
                match case % 5 {
                    0 => s[0] = 0.0,
                    1 => s[1] = 0.0,
                    _ => {}
                }
                let u0 = unit(2.0 * next() - 1.0, 2.0 * next() - 1.0);
                let turn = if case % 3 == 0 { 0.2 } else { 100.0 };
                let u1 = unit(
                    u0.0 + turn * (2.0 * next() - 1.0),
                    u0.1 + turn * (2.0 * next() - 1.0),
                );
                let u = [u0, u1];
                let c = [chord(s[0]), chord(s[1])];
                let (vi, vj) = ((u0.0 * c[0], u0.1 * c[0]), (u1.0 * c[1], u1.1 * c[1]));
                let (wx, wy) = (vi.0 - vj.0, vi.1 - vj.1);
                if (wx, wy) == (0.0, 0.0) {
                    continue;
                }
                // The straight path d + w t: `along` before its closest approach `miss`.
                let (ex, ey) = unit(wx, wy);
                let rr = 0.01 + 0.04 * next();
                let miss = rr + [1e-3, 1e-6, 0.0, 1e-2][case % 4 % 3] * (2.0 * next() - 1.0);
                let along = [0.3, 0.05, -0.01][case % 7 % 3] * next();
                let d0 = (-along * ex - miss * ey, -along * ey + miss * ex);
                let dist = (d0.0 * d0.0 + d0.1 * d0.1).sqrt();
                if dist <= rr + 2.0 * NEAR_MARGIN_M {
                    continue;
                }
                let gap = dist - rr - NEAR_MARGIN_M;
                let p = [d0, (0.0, 0.0)];
                let hs = (h, a * h * h);
                let laters = [
                    open_substeps::<false>(gap, dist, d0, vi, vj, hs),
                    open_substeps::<true>(gap, dist, d0, vi, vj, hs),
                ];
                if laters[1] > laters[0] * 1.5 + 2.0 {
                    passing_longer += 1;
                }
                for (kind, &later) in laters.iter().enumerate() {
                    let due = due_from(later, 0);
                    tested += 1;
                    match first_touch(p, u, s, rr, (a, h), due.min(horizon)) {
                        Some(0) if later < 1.0 => {}
                        Some(k) => panic!(
                            "seed {seed} case {case} (complete {kind}): touching in substep \
                             {k}, due in {due} (a = {a}, speeds {s:?}, d {d0:?}, rr {rr})"
                        ),
                        None => {}
                    }
                    if (2..horizon).contains(&due)
                        && first_touch(p, u, s, rr, (a, h), due + due / 8 + 1).is_some()
                    {
                        tight[kind] += 1;
                    }
                }
            }
        }
        assert!(tested > 40_000, "{tested}");
        // Many dues are tight, for both kinds of bounds, and the complete list's bounds
        // make many pairs due far later.
        assert!(tight[0] > 500 && tight[1] > 500, "{tight:?}");
        assert!(passing_longer > 5_000, "{passing_longer}");
    }
}
