//! Stage 5: drift. Every disc that moved in the substep is carried to the substep's end at
//! its velocity, clamped inside the cushions (with exact times of impact the clamp moves a
//! disc by rounding error at most), gets its speed at the end (stage 4's when its path
//! changed, its slide's otherwise), and every disc touched in the substep gets its local clock
//! back to 0. A disc still moving then gets the next substep's stage 1 in the same pass
//! ([`slide`]), so that each moving disc is visited once per substep.

use super::friction::{ListBufs, Lists, Prepared, SlideCtx, glide, glide_clear, slide};
use super::prefetch::prefetch;
use super::{Discs, Kin, RunClock, Scratch, Slots, Solver, Substep, Tag, normal_or_zero};
use crate::Table;

impl Solver {
    /// Stage 5, with the next substep's stage 1. Returns whether any disc still moves.
    /// Inlined into the substep (a call and set-up a substep saved; the pass itself is not).
    #[inline(always)]
    pub(super) fn drift(&mut self, table: &Table, sub: &Substep) -> bool {
        // The next substep's stage 1.
        let next = SlideCtx::new(
            table,
            (&self.walls, &self.fixed),
            &self.mo,
            sub.h,
            self.stats.substeps + 1,
        );
        let walls = Cushions::new(sub.hx, sub.hy, self.r_max);
        // The discs stage 4 set moving go into the list's index order in a large world, so
        // that the pass reads the records in the order they lie in memory. `appended` counts
        // every disc appended since the last merge, those the passes since dropped too, so
        // the discs it names at the list's end are at least the ones out of order.
        let s = &mut self.s;
        if !s.near.ahead {
            s.appended = 0;
        } else if s.appended >= merge_at(s.moving.len) {
            merge_tail(&mut s.moving, s.appended, &mut s.moving_spare);
            s.appended = 0;
        }
        // The disc records and the scratch go by reference: the pass reads their fields
        // itself (no argument records written and read back every substep).
        let vmax2 = drift_pass(&mut self.d, &mut self.s, &next, &walls);
        let (s, d) = (&mut self.s, &mut self.d);
        s.prepared = Some(Prepared { h: sub.h, vmax2 });
        // Every disc touched in the substep is at the substep's end now (a disc at rest was
        // only brought to an instant): between steps every local time is 0.
        for &i in &s.paths.touched {
            d.k[i as usize].tl = 0.0;
        }
        s.paths.touched.clear();
        // Every disc moved at most h times the largest speed it had in this substep.
        s.near.disp += sub.h * sub.v_over2.sqrt();
        !s.moving.is_empty()
    }
}

/// Quiet substeps of length `h` back to back ([`Solver::run_lean`]), each a step of `run`:
/// the first one's largest squared speed is `vmax2`, and `started` tells whether its start
/// (its count) is done, as when stage 3 tested its due pairs and found nothing.
/// Each is its drift alone, as [`Solver::drift`] computes it when no disc was touched, with
/// the substep's start as `substep` makes it; the next follows while the drift lists no stop
/// and no disc near anything fixed, no pair is due in it and `run` goes on. Returns how many
/// ran and whether `run` goes on. `cx` and `walls` come by reference, so that the loop reads
/// their constants as the drift's pass does (`cx.now` is not read: the pass takes each
/// substep's count).
///
/// The substeps run in blocks where possible ([`quiet_block`]): when no moving disc can stop
/// or come near anything fixed within the next `l` substeps, those are run disc by disc
/// (each disc carried through all `l` in registers), which computes what `l` passes over the
/// moving list compute, bit for bit; the substep that may list a stop or a disc near
/// something fixed is the ordinary pass, which tells whether the stretch goes on. `known`:
/// the moving discs' [`Spread`] at this substep's start if the caller knows it (the stretch
/// before ended with a block and nothing changed the discs since), and on return the one
/// after the stretch if it ended with a block (`None` otherwise).
#[inline(never)]
pub(super) fn quiet_stretch(
    d: &mut Discs,
    s: &mut Scratch,
    (substeps, known): (&mut u64, &mut Option<Spread>),
    (cx, walls): (&SlideCtx<'_>, &Cushions),
    run: &mut RunClock,
    (mut vmax2, h): (f64, f64),
    (started, direct_movers): (bool, usize),
) -> (u64, bool) {
    let mut ran = 0;
    // The substep's start (as `substep` makes it; stage 4's queue is empty). The substep's
    // mark is not advanced: no disc is marked in a quiet substep, and the next substep that
    // marks any advances it past every mark given before.
    if !started {
        *substeps += 1;
    }
    // No pair is due before `due` (relative to the list's build, as stage 3 counts; it
    // stays while no pair is tested).
    let due = u64::from(s.near.next_due);
    let base = s.near.base_tick;
    loop {
        // The substeps from this one (`*substeps`) on that run as a block: none after which
        // a pair is due (the last may be the one before it: `due + base − substeps ≥ 1`, as
        // the stretch's test holds for this one), and none in which a disc may stop or come
        // near anything fixed.
        let spread = known.take().unwrap_or_else(|| Spread::of(d, s));
        let l = spread
            .clear(cx, *substeps + 1)
            .min((due + base).saturating_sub(*substeps));
        let next_vmax2 = if l > 0 {
            let (l, go_on, next_vmax2, after) =
                finish_block(&mut s.near.disp, run, cx, (h, vmax2, spread), l);
            ran += l;
            *substeps += l - 1;
            vmax2 = next_vmax2;
            // The stretch's test after the block's last substep (no stop and no disc near
            // anything fixed was listed, and every disc still moves).
            if !(go_on && *substeps + 1 - base < due) {
                quiet_block(d, s.moving.as_slice(), cx, walls, l);
                s.prepared = Some(Prepared { h, vmax2 });
                *known = Some(after);
                return (ran, go_on);
            }
            *substeps += 1;
            // The block, then the next substep's ordinary pass, disc by disc.
            quiet_block_and_pass(d, s, (cx, walls), l, *substeps + 1)
        } else {
            // The drift of a substep without events: every disc is carried into the next
            // substep.
            quiet_pass(d, s, cx, walls, *substeps + 1)
        };
        let kept = s.moving.len;
        ran += 1;
        let go_on = finish_quiet(&mut s.near.disp, (h, vmax2), run);
        vmax2 = next_vmax2;
        // The next substep is quiet if no pair is due in it (stage 3's test; stopping early
        // is always right, so the tick is not clamped as stage 3 clamps it).
        if !(go_on
            && *substeps + 1 - base < due
            && s.stops.is_empty()
            && s.fixed.is_empty()
            && kept > direct_movers)
        {
            s.prepared = Some(Prepared { h, vmax2 });
            return (ran, go_on);
        }
        *substeps += 1;
    }
}

/// What a quiet block ([`quiet_block`]) needs to know of the moving discs at a substep's
/// start: the slowest and the fastest speed and the earliest fixed due. In a block each
/// disc's speed falls by the same subtraction each substep and rounding is monotonic, so the
/// slowest disc stays the slowest and the fastest the fastest (or level), and no fixed due
/// changes: the spread after a block follows from the one before it ([`finish_block`]),
/// without a pass over the discs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spread {
    slowest: f64,
    fastest: f64,
    first_due: u64,
}

impl Spread {
    /// The spread of the moving discs (a pass reading each one's speed and fixed due).
    #[inline(never)]
    fn of(d: &Discs, s: &Scratch) -> Spread {
        let n = d.k.len();
        let (kin, fixed_due) = (&d.k[..n], &d.fixed_due[..n]);
        let (mut slowest, mut fastest, mut first_due) = (f64::INFINITY, 0.0, u64::MAX);
        for &i in s.moving.as_slice() {
            let i = i as usize;
            let v = kin[i].s;
            // (Selects, in `minsd`'s and `maxsd`'s operand order: no speed is NaN.)
            slowest = if slowest < v { slowest } else { v };
            fastest = if fastest > v { fastest } else { v };
            first_due = first_due.min(fixed_due[i]);
        }
        Spread {
            slowest,
            fastest,
            first_due,
        }
    }

    /// How many quiet substeps, whose passes prepare the substeps from `now` on, certainly
    /// list no stop and no disc near anything fixed, so that they can run as a block: each
    /// disc takes [`SlideCtx::slides_on`]'s common path in each (see
    /// [`SlideCtx::passes_sliding_on`], from the slowest disc's speed) and has its fixed due
    /// after each (`fixed_due > now + j`).
    #[inline(always)]
    fn clear(&self, cx: &SlideCtx<'_>, now: u64) -> u64 {
        let clear = self.first_due.saturating_sub(now);
        if clear == 0 {
            return 0;
        }
        clear.min(cx.passes_sliding_on(self.slowest))
    }
}

/// The ends of `l` quiet substeps of length `h` run as a block ([`quiet_block`]), as
/// [`finish_quiet`] ends each: `disp` grows by h times each one's largest speed and `run`
/// counts the steps, cut at the first after which `run` does not go on. The first one's
/// largest squared speed is `vmax2`; the next ones' are the fastest disc's chord speeds
/// squared (see [`Spread`]: each pass's largest). Returns how many substeps the block runs,
/// whether `run` goes on after the last, the largest squared speed of the substep after it,
/// and the spread then. Inlined into the stretch (a call and its saves less a block).
#[inline(always)]
fn finish_block(
    disp: &mut f64,
    run: &mut RunClock,
    cx: &SlideCtx<'_>,
    (h, mut vmax2, mut spread): (f64, f64, Spread),
    l: u64,
) -> (u64, bool, f64, Spread) {
    // (In locals, written back once.)
    let (mut moved, mut clock) = (*disp, *run);
    let mut ran = l;
    let mut go_on = true;
    for j in 0..l {
        moved += h * vmax2.sqrt();
        go_on = clock.tick();
        let (e, c) = cx.slide_on(spread.fastest);
        spread.fastest = e;
        spread.slowest = cx.slide_on(spread.slowest).0;
        // (`Lists::finish`'s square of the largest chord speed.)
        vmax2 = c * c;
        if !go_on {
            ran = j + 1;
            break;
        }
    }
    (*disp, *run) = (moved, clock);
    (ran, go_on, vmax2, spread)
}

/// `l` quiet substeps' drifts ([`carry_moving`] for a quiet substep, `l` times), disc by
/// disc: each moving disc is carried through the `l` substeps in registers, by the same
/// operations as the pass (its move, [`Cushions::carry_clear`]; its speed at the end and
/// next chord speed, [`SlideCtx::slide_on`]; its velocity, as [`glide`] gives it), loaded and
/// stored once. For a block that [`Spread::clear`] allows: no disc stops within two substeps
/// and none comes due for the fixed tests, so the pass would drop no disc, list nothing and
/// leave `fixed_due` as it is; its largest speeds are [`finish_block`]'s.
#[inline(never)]
fn quiet_block(d: &mut Discs, list: &[u32], cx: &SlideCtx<'_>, walls: &Cushions, l: u64) {
    let n = d.k.len();
    let (kin, rad) = (&mut d.k[..n], &d.r[..n]);
    for &i in list {
        let i = i as usize;
        block_disc(&mut kin[i], &rad[i], (cx, walls), l);
    }
}

/// A quiet block of `l` substeps ([`quiet_block`]) followed by the ordinary pass preparing
/// substep `now` ([`quiet_pass`]), disc by disc: each moving disc is carried through the
/// block and then through that substep's drift ([`Carry::disc`]), in one pass over the
/// moving list (whose discs it keeps in order, as [`Carry::retain`]); returns the next
/// substep's largest squared speed, as [`carry_moving`] does. For a block that ends where a
/// disc comes due for its fixed test or may stop: the pass that follows it is this one.
#[inline(never)]
fn quiet_block_and_pass(
    d: &mut Discs,
    s: &mut Scratch,
    (cx, walls): (&SlideCtx<'_>, &Cushions),
    l: u64,
    now: u64,
) -> f64 {
    over_moving::<false>(d, s, (cx, walls), now, |mut pass, listed, to| {
        let mut kept = 0;
        for at in 0..listed.len() {
            let i = listed[at];
            let k = &mut pass.kin[i as usize];
            block_disc(k, &pass.look.rad[i as usize], (cx, walls), l);
            if pass.disc::<false, true>(i as usize, to) {
                listed[kept] = i;
                kept += 1;
            }
        }
        kept
    })
}

/// Disc `k` (radius `r`) carried through the `l` substeps of a quiet block, loaded and stored
/// once ([`glide_block`]).
#[inline(always)]
fn block_disc(k: &mut Kin, r: &f64, (cx, walls): (&SlideCtx<'_>, &Cushions), l: u64) {
    /// Four times the least normal value.
    const FAR: f64 = 4.0 * f64::MIN_POSITIVE;
    // (`l` is far below 2⁵³: exact.)
    let reach = 4.0 * (cx.h * l as f64);
    let (p, v, u, sp) = ((k.px, k.py), (k.vx, k.vy), (k.ux, k.uy), k.s);
    // Each coordinate far from zero, beyond four times what the disc can slide across the
    // block: it keeps its sign and stays above 2 × `FAR` ([`glide_block`]), so the move's
    // normal-range test holds in every substep and is left out. (Not looked at in a block
    // of one substep, where the look costs more than the test.)
    let far =
        l > 1 && !((p.0.abs() < v.0.abs() * reach + FAR) | (p.1.abs() < v.1.abs() * reach + FAR));
    let (p, v, sp) = if far {
        glide_block::<false>((p, v, u, sp), cx, walls, r, l)
    } else {
        glide_block::<true>((p, v, u, sp), cx, walls, r, l)
    };
    (k.px, k.py, k.vx, k.vy, k.s) = (p.0, p.1, v.0, v.1, sp);
}

/// Two coordinates (a position, a velocity, a direction).
type Pair = (f64, f64);

/// One disc of a quiet block ([`quiet_block`]) through its `l ≥ 1` substeps: from its position
/// `p`, velocity `v`, direction `u` and speed `sp`, the position, velocity and speed after
/// them, by the pass's operations. `TEST`: whether each move takes the normal-range test
/// ([`Cushions::moved_clear`]); without it, for a disc whose coordinates stay far from zero:
/// each substep's velocity is at most the first's in size (the chord speed only falls), so a
/// coordinate at least `4 l h |v| + FAR` from zero moves less than a quarter of that
/// (rounding included) and stays normal.
#[inline(always)]
fn glide_block<const TEST: bool>(
    (mut p, mut v, u, mut sp): (Pair, Pair, Pair, f64),
    cx: &SlideCtx<'_>,
    walls: &Cushions,
    r: &f64,
    l: u64,
) -> (Pair, Pair, f64) {
    let h = cx.h;
    // (A block has at least one substep: no test before the first.)
    let mut left = l;
    loop {
        let to = (p.0 + v.0 * h, p.1 + v.1 * h);
        p = if TEST { walls.moved_clear(to, r) } else { to };
        let (e, c) = cx.slide_on(sp);
        sp = e;
        v = (u.0 * c, u.1 * c);
        left -= 1;
        if left == 0 {
            return (p, v, sp);
        }
    }
}

/// The drift of a quiet substep that a block cannot take ([`quiet_stretch`]): the pass over
/// the moving list ([`carry_moving`]) preparing substep `now`. Out of line: most stretches
/// end with a block, and the stretch's own code then keeps to a few registers.
#[inline(never)]
fn quiet_pass(
    d: &mut Discs,
    s: &mut Scratch,
    cx: &SlideCtx<'_>,
    walls: &Cushions,
    now: u64,
) -> f64 {
    carry_moving::<false, true>(d, s, cx, walls, now)
}

/// The end of a quiet substep of length `h` and largest squared speed `vmax2`
/// ([`quiet_stretch`]): every disc moved at most h times that speed (`disp`), and `run`
/// counts the step; whether the run goes on. Out of line, so that the stretch's loop keeps
/// the pass's constants, not these, in registers.
#[inline(never)]
fn finish_quiet(disp: &mut f64, (h, vmax2): (f64, f64), run: &mut RunClock) -> bool {
    *disp += h * vmax2.sqrt();
    run.tick()
}

/// Stage 5: every disc of the moving list (`s.moving`) still on the table is carried from its
/// local time to the end of the substep (clamped inside the cushions) and given its speed at
/// the end; one whose speed at the end is zero is left at rest (direction and velocity zero)
/// and dropped from the moving list, one still moving goes through the next substep's stage 1
/// into the lists. Returns the next substep's largest squared speed.
///
/// A disc stage 4 touched (brought to an instant: taken off the table, given a new path or
/// moved to a local time other than 0) has `s.paths.mark` equal to `s.mark`; one whose path it
/// changed has its tag's path mark equal to `s.mark` too (its speed `s` is then the one at the
/// substep's end).
///
/// The common path is a disc stage 4 left alone that stops in neither substep (most discs in
/// most substeps): its move needs no clamp when it ends well inside the cushions
/// ([`Cushions::plain`]), its two stop tests are one ([`SlideCtx::slides_on`]), and the
/// moving list is written only from the first disc dropped on ([`Carry::retain`]). Inlined
/// into the drift: it only picks the variant ([`carry_all`]).
#[inline(always)]
fn drift_pass(d: &mut Discs, s: &mut Scratch, cx: &SlideCtx<'_>, walls: &Cushions) -> f64 {
    // Most substeps have no event (no disc touched): their pass skips the marks.
    if s.paths.touched.is_empty() {
        carry_all::<false>(d, s, cx, walls)
    } else {
        carry_all::<true>(d, s, cx, walls)
    }
}

/// Merges the last `tail` discs of the moving list `list`, sorted first, into the ones before
/// them, through `spare` (a second buffer of the list's size, which becomes the list's);
/// the list is then in increasing order if the discs before the tail were.
///
/// The drift's pass keeps the moving list's order, and a disc stage 4 sets moving is appended
/// to it (`appended`), so without this the list would drift out of index order substep by
/// substep: in scene (c) at N = 262,144 3.5 % of the entries were a step back by the 500th
/// step, each a record read at a random place in 16.8 MB instead of the next line of the
/// pass's stream. The order of the moving list changes nothing that is computed (each disc
/// is carried alone; the pass's lists are read in no order that matters: stops and fixed
/// tests go into the time-ordered queue, the largest speed is a maximum), which
/// `how_pairs_are_found_never_changes_what_is_computed` checks with the merge forced in small
/// worlds (`warm_discs: 0`). The cost is one copy of the list (4 bytes a moving disc) every
/// few substeps ([`merge_at`]); a small world (`Near::ahead` false), whose records stay in
/// the caches, does not merge. `tail` may name more discs than are out of order (they are
/// sorted with the rest).
#[inline(never)]
fn merge_tail(list: &mut Slots<u32>, tail: usize, spare: &mut Vec<u32>) {
    let len = list.len;
    let head_len = len - tail.min(len);
    if spare.len() < list.buf.len() {
        spare.resize(list.buf.len(), 0);
    }
    list.buf[head_len..len].sort_unstable();
    let (head, new) = list.buf[..len].split_at(head_len);
    let out = &mut spare[..len];
    let (mut from, mut at) = (0, 0);
    for &x in new {
        let upto = from + gallop(&head[from..], x);
        let run = upto - from;
        out[at..at + run].copy_from_slice(&head[from..upto]);
        out[at + run] = x;
        at += run + 1;
        from = upto;
    }
    out[at..].copy_from_slice(&head[from..]);
    std::mem::swap(&mut list.buf, spare);
}

/// A large world merges the discs stage 4 set moving into the moving list ([`merge_tail`])
/// once at least this many are waiting at its end (1 in 512 of the list): a list of 262,144
/// takes about 100 a substep and is merged every few substeps, each merge a copy of the list,
/// while the few discs waiting are read out of order.
#[inline]
fn merge_at(len: usize) -> usize {
    (len / 512).max(1)
}

/// How many of `sorted`'s first entries are below `x` (`partition_point(|&y| y < x)`), found
/// from the front in steps that double and then by halving: a merge's next disc is mostly a
/// few hundred entries on ([`merge_tail`]), whose lines the copy reads next anyway, where a
/// search over the whole list would read lines all over it.
fn gallop(sorted: &[u32], x: u32) -> usize {
    let mut lo = 0;
    let mut step = 1;
    while lo + step <= sorted.len() && sorted[lo + step - 1] < x {
        lo += step;
        step *= 2;
    }
    let hi = sorted.len().min(lo + step);
    lo + sorted[lo..hi].partition_point(|&y| y < x)
}

/// [`drift_pass`] when stage 4 touched some disc in the substep (`TOUCHED`) or none. Out of
/// line, a function for each: each sets up and saves only what its own loop needs. A moving
/// list of [`LONG_PASS`] discs or more takes the long pass ([`long_pass`]), a shorter one
/// (the breaks') the plain pass ([`carry_moving`]).
#[inline(never)]
fn carry_all<const TOUCHED: bool>(
    d: &mut Discs,
    s: &mut Scratch,
    cx: &SlideCtx<'_>,
    walls: &Cushions,
) -> f64 {
    if s.moving.len() >= LONG_PASS {
        long_pass::<TOUCHED>(d, s, cx, walls)
    } else {
        carry_moving::<TOUCHED, false>(d, s, cx, walls, cx.now)
    }
}

/// A moving list at least this long takes the drift's long pass ([`long_pass`]): from there
/// its smaller loop pays for its set-up and the calls of its rare paths (the breaks, with at
/// most 20 discs, keep the plain pass).
const LONG_PASS: usize = 64;

/// The long pass compacts the moving list in pieces of this many discs
/// ([`retain_long`]): a piece's kept discs move to the list's front while the piece is
/// in the first-level cache (1 KiB), and a piece that drops no disc is not written.
const PIECE: usize = 256;

/// The drift's pass over a long moving list ([`carry_all`]): it computes what the plain pass
/// ([`carry_moving`]) computes, bit for bit, disc by disc in the same order, but its loop
/// is the common path alone ([`keep_long`]: a disc stage 4 left alone, whose fixed
/// due is later than the substep it prepares and which stops in neither substep), the rest
/// out of line; and it compacts the moving list piece by piece ([`retain_long`]).
#[inline(never)]
fn long_pass<const TOUCHED: bool>(
    d: &mut Discs,
    s: &mut Scratch,
    cx: &SlideCtx<'_>,
    walls: &Cushions,
) -> f64 {
    let r_one = s.near.one_radius();
    let ahead = s.near.ahead;
    over_moving::<TOUCHED>(d, s, (cx, walls), cx.now, |mut pass, listed, to| {
        pass.look.r_one = r_one;
        if ahead {
            retain_long::<TOUCHED, true>(pass, listed, to)
        } else {
            retain_long::<TOUCHED, false>(pass, listed, to)
        }
    })
}

/// The pass over the moving list ([`Carry::retain`]) that prepares substep `now`, for the
/// drift ([`carry_all`]) and a quiet stretch ([`quiet_stretch`], `QUIET`); leaves the discs
/// still moving in `s.moving` and returns the next substep's largest squared speed.
#[inline(always)]
fn carry_moving<const TOUCHED: bool, const QUIET: bool>(
    d: &mut Discs,
    s: &mut Scratch,
    cx: &SlideCtx<'_>,
    walls: &Cushions,
    now: u64,
) -> f64 {
    over_moving::<TOUCHED>(d, s, (cx, walls), now, |mut pass, listed, to| {
        pass.retain::<TOUCHED, QUIET>(listed, to)
    })
}

/// Runs `body` over the moving list with the drift's view of the discs ([`Carry`], preparing
/// substep `now`) and stage 1's lists to fill; `body` keeps the discs still moving at the
/// list's front and returns how many, which become `s.moving`. Returns the next substep's
/// largest squared speed. `TOUCHED`: whether stage 4 touched any disc in the substep (the
/// arrays read only for those discs are then cut to one length too). One set-up for
/// [`carry_moving`] and [`quiet_block_and_pass`].
#[inline(always)]
fn over_moving<const TOUCHED: bool>(
    d: &mut Discs,
    s: &mut Scratch,
    (cx, walls): (&SlideCtx<'_>, &Cushions),
    now: u64,
    body: impl FnOnce(Carry<'_, '_>, &mut [u32], &mut Lists<'_>) -> usize,
) -> f64 {
    let n = d.k.len();
    // Cut to one length: no bounds checks per disc after its record's. The arrays read only
    // for the discs stage 4 touched are cut only when there are some (a check less).
    let pass = Carry {
        kin: &mut d.k[..n],
        fixed_due: &mut d.fixed_due[..n],
        look: Look {
            rad: &d.r[..n],
            r_one: None,
            on: if TOUCHED { &d.on[..n] } else { &d.on },
            tag: if TOUCHED { &d.tag[..n] } else { &d.tag },
            touched_mark: if TOUCHED {
                &s.paths.mark[..n]
            } else {
                &s.paths.mark
            },
            mark: s.mark,
            walls,
            cx,
            now,
        },
    };
    let out = ListBufs {
        fixed: &mut s.fixed,
        stops: &mut s.stops,
    };
    let moving = &mut s.moving;
    let listed = &mut moving.buf[..moving.len];
    let mut kept = 0;
    let vmax2 = out.fill(|to| kept = body(pass, listed, to));
    moving.len = kept;
    vmax2
}

/// The drift's pass over the moving discs: what it reads and writes of each, cut to one
/// length.
struct Carry<'a, 'c> {
    kin: &'a mut [Kin],
    fixed_due: &'a mut [u64],
    /// Everything else the pass reads (the long pass holds it apart from the two arrays it
    /// writes, [`retain_long`]).
    look: Look<'a, 'c>,
}

impl Carry<'_, '_> {
    /// Carries each disc of `list` ([`disc`](Self::disc)) and keeps those still moving, in
    /// order, in place (as `Vec::retain`); returns how many. Nothing is written before the
    /// first disc dropped, so a pass that drops none (most) only reads the list. `TOUCHED`:
    /// whether stage 4 touched any disc in the substep; `QUIET`: see [`disc`](Self::disc).
    #[inline(always)]
    fn retain<const TOUCHED: bool, const QUIET: bool>(
        &mut self,
        list: &mut [u32],
        to: &mut Lists<'_>,
    ) -> usize {
        let n = list.len();
        let mut at = 0;
        while at < n && self.disc::<TOUCHED, QUIET>(list[at] as usize, to) {
            at += 1;
        }
        let mut kept = at;
        for at in at + 1..n {
            let i = list[at];
            if self.disc::<TOUCHED, QUIET>(i as usize, to) {
                list[kept] = i;
                kept += 1;
            }
        }
        kept
    }

    /// [`disc`](Self::disc) out of line, for the long pass ([`retain_long`]): a disc that
    /// stage 4 touched, whose fixed due has come or which stops in this substep or the next.
    #[cold]
    #[inline(never)]
    fn disc_rare<const TOUCHED: bool>(mut self, i: usize, to: &mut Lists<'_>) -> bool {
        self.disc::<TOUCHED, false>(i, to)
    }

    /// Disc `i` carried to the substep's end and, if it still moves, through the next
    /// substep's stage 1; returns whether it still moves. `TOUCHED`: whether stage 4 touched
    /// any disc in the substep (if not, none has the substep's mark). `QUIET`: the pass of a
    /// quiet substep ([`quiet_stretch`]), which prepares the substep `self.look.now` (a stretch
    /// runs several with one context) and whose discs are all clear of the cushions
    /// ([`Cushions::carry_clear`]).
    #[inline(always)]
    fn disc<const TOUCHED: bool, const QUIET: bool>(
        &mut self,
        i: usize,
        to: &mut Lists<'_>,
    ) -> bool {
        let (cx, mark) = (self.look.cx, self.look.mark);
        // The substep prepared: the context's, unless a quiet stretch runs several with it.
        let now = if QUIET { self.look.now } else { cx.now };
        let ki = &mut self.kin[i];
        // Carried from its local time to the end; its speed at the end (`None`: it stops),
        // and its radius if known without reading `rad`.
        let (end, one) = if !TOUCHED || self.look.touched_mark[i] != mark {
            // Untouched by stage 4 (most discs): on the table, at local time 0, on the path
            // stage 1 gave it (`h - 0` is `h`).
            if QUIET {
                self.look.walls.carry_clear(ki, cx.h, &self.look.rad[i]);
            } else {
                self.look.walls.carry(ki, cx.h, &self.look.rad[i]);
            }
            if let Some((e, c)) = cx.slides_on(ki.s) {
                ki.s = e;
                glide(
                    i,
                    ki,
                    c,
                    (&mut self.fixed_due[i], now),
                    &self.look.rad[i],
                    to,
                    cx,
                );
                return true;
            }
            (cx.end_speed(ki.s), None)
        } else if !self.look.on[i] {
            return false;
        } else {
            // On the table: its radius is `r_one` when that is set.
            let one = self.look.r_one;
            let r = match one {
                Some(r) => r,
                None => self.look.rad[i],
            };
            self.look.walls.carry_clamped(ki, cx.h - ki.tl, r);
            let end = if self.look.tag[i].path == mark {
                // Stage 4's speed at the end: one below the normal range is a stop.
                Some(ki.s).filter(|&s| s >= f64::MIN_POSITIVE)
            } else {
                cx.end_speed(ki.s)
            };
            (end, one)
        };
        self.end_at(i, end, now, to, one)
    }

    /// The end of [`disc`](Self::disc) for disc `i`, carried to the substep's end, whose
    /// speed there is `end` (`None`: it stops): a disc still moving goes through stage 1 of
    /// substep `now` ([`slide`]), one that stops is left at rest. Returns whether it still
    /// moves. `one`: its radius, if known without reading `rad` (see [`Look::r_one`]).
    #[inline(always)]
    fn end_at(
        &mut self,
        i: usize,
        end: Option<f64>,
        now: u64,
        to: &mut Lists<'_>,
        one: Option<f64>,
    ) -> bool {
        let cx = self.look.cx;
        let ki = &mut self.kin[i];
        if let Some(s) = end {
            ki.s = s;
            let r_one;
            let r = match one {
                Some(r) => {
                    r_one = r;
                    &r_one
                }
                None => &self.look.rad[i],
            };
            slide(i, ki, s, (&mut self.fixed_due[i], now), r, to, cx);
            true
        } else {
            ki.s = 0.0;
            ki.ux = 0.0;
            ki.uy = 0.0;
            ki.vx = 0.0;
            ki.vy = 0.0;
            false
        }
    }
}

/// [`Carry::retain`] for the long pass ([`long_pass`]), with the same outcome: each disc of
/// `list` carried in order ([`Carry::disc`]'s computation, [`keep_long`]) and those still
/// moving kept in order. The list goes in pieces of [`PIECE`] discs: each piece is compacted
/// in place (not written before its first disc dropped) and its kept discs then move up
/// behind those kept before it (not at all while none was dropped). The loop holds the
/// pass's slices and constants in locals, and its largest chord speed, which joins the
/// lists' at the end (the largest of several is the same in any order).
#[inline(always)]
fn retain_long<const TOUCHED: bool, const AHEAD: bool>(
    pass: Carry<'_, '_>,
    list: &mut [u32],
    to: &mut Lists<'_>,
) -> usize {
    let Carry {
        kin,
        fixed_due,
        look,
    } = pass;
    let n = kin.len();
    let (kin, fixed_due) = (&mut kin[..n], &mut fixed_due[..n]);
    let look = Look {
        rad: &look.rad[..n],
        ..look
    };
    let mut vmax = 0.0;
    let total = list.len();
    let (mut start, mut kept) = (0, 0);
    while start < total {
        let end = total.min(start + PIECE);
        // The piece is compacted in place: an entry is written only at or behind the one
        // carried, so the entries ahead, which `ask_ahead` reads, are still the list's.
        let mut at = start;
        while at < end {
            if AHEAD {
                ask_ahead::<TOUCHED>(list, at + LOOK_AHEAD, fixed_due, &look, kin);
            }
            if !keep_long::<TOUCHED>(list[at] as usize, (kin, fixed_due), &look, &mut vmax, to) {
                break;
            }
            at += 1;
        }
        let mut piece_kept = at;
        for at in at + 1..end {
            if AHEAD {
                ask_ahead::<TOUCHED>(list, at + LOOK_AHEAD, fixed_due, &look, kin);
            }
            let i = list[at];
            if keep_long::<TOUCHED>(i as usize, (kin, fixed_due), &look, &mut vmax, to) {
                list[piece_kept] = i;
                piece_kept += 1;
            }
        }
        let piece_kept = piece_kept - start;
        if kept < start {
            list.copy_within(start..start + piece_kept, kept);
        }
        kept += piece_kept;
        start = end;
    }
    to.widen(vmax);
    kept
}

/// How many discs of the moving list ahead of the one carried the long pass of a large world
/// asks for ([`ask_ahead`]): some 150 ns of the pass at N = 262,144, more than a miss's
/// wait. 16, 32 and 64 gave the same time within the noise; 8 was slower.
const LOOK_AHEAD: usize = 32;

/// The long pass of a large world ([`retain_long`] with `AHEAD`), [`LOOK_AHEAD`] discs
/// ahead of the one carried: asks for the disc's record ([`prefetch()`]; nothing computed
/// from it), and, if the disc will go out of line ([`Carry::disc_rare`]: its fixed due has
/// come, or stage 4 touched it and set it to 0), for what that path reads of it besides its
/// record and fixed due. Those are reads of a few discs in a hundred, at random places of
/// arrays that a large world's stage 4 has long pushed out of the caches; the common path
/// reads none of them. The fixed due read here is one the pass reads a little later (the
/// list is in index order, [`merge_tail`]), on a line the stream brings anyway. At
/// N = 262,144 (scene (c), 500 steps) the requests for the out-of-line discs took 4 % off
/// the run's time and those for the records 3 % more (task-clock medians of rotated runs,
/// the twelfth sitting; docs/physics-performance-log.md).
#[inline(always)]
fn ask_ahead<const TOUCHED: bool>(
    list: &[u32],
    at: usize,
    fixed_due: &[u64],
    look: &Look<'_, '_>,
    kin: &[Kin],
) {
    let Some(&j) = list.get(at) else { return };
    let j = j as usize;
    if let Some(k) = kin.get(j) {
        prefetch(k);
    }
    if fixed_due.get(j).is_some_and(|&due| due <= look.cx.now) {
        if TOUCHED
            && let (Some(mark), Some(tag), Some(on)) =
                (look.touched_mark.get(j), look.tag.get(j), look.on.get(j))
        {
            prefetch(mark);
            prefetch(tag);
            prefetch(on);
        }
        if look.r_one.is_none()
            && let Some(r) = look.rad.get(j)
        {
            prefetch(r);
        }
    }
}

/// What the drift's pass ([`Carry`]) reads besides the discs' records and fixed dues.
#[derive(Clone, Copy)]
struct Look<'a, 'c> {
    on: &'a [bool],
    rad: &'a [f64],
    /// The radius of every disc on the table, when they have one
    /// ([`Near::one_radius`](super::broadphase::Near::one_radius),
    /// set by the long pass): a disc stage 4 touched is then carried without reading `rad`
    /// (the same bits), which in a large world is a miss at a random place.
    r_one: Option<f64>,
    /// The discs' tags, for the path marks of those stage 4 touched.
    tag: &'a [Tag],
    touched_mark: &'a [u32],
    mark: u32,
    walls: &'a Cushions,
    cx: &'a SlideCtx<'c>,
    /// The substep the pass prepares (the next one), counted as
    /// [`SolverStats::substeps`](super::SolverStats::substeps): read by a quiet stretch's
    /// pass only (the drift's reads `cx.now`, which the compiler keeps in a register there).
    now: u64,
}

/// Disc `i` of the long pass ([`retain_long`]) carried as [`Carry::disc`] carries it (its
/// records `kin` and fixed dues `fixed_due`, the rest in `look`); returns whether it still
/// moves. The common disc is carried here: one whose fixed due is later than the substep
/// prepared (`cx.now`), faster than `2 a h` (it stops in neither substep,
/// [`SlideCtx::slides_on`]); the rest goes out of line ([`Carry::disc_rare`], on a view
/// rebuilt from the parts). A disc stage 4 touched is among the rest without a look at its
/// mark: stage 4 set its fixed due to 0 (`Paths::keep`, and any new path). The common disc
/// keeps the path and the due that stage 1 of the substep it is carried through
/// (`cx.now − 1`) gave it, and that stage did not list it for the fixed tests (its due is
/// later): its move is clear of the cushions ([`Cushions::moved_clear`], as [`Carry::disc`]
/// takes it in a quiet substep), and [`glide`] would not look at its clearance for `cx.now`
/// either ([`glide_clear`]). Its chord speed goes into `vmax`.
#[inline(always)]
fn keep_long<const TOUCHED: bool>(
    i: usize,
    (kin, fixed_due): (&mut [Kin], &mut [u64]),
    look: &Look<'_, '_>,
    vmax: &mut f64,
    to: &mut Lists<'_>,
) -> bool {
    let cx = look.cx;
    let ki = &mut kin[i];
    if fixed_due[i] > cx.now && cx.fast(ki.s) {
        let h = cx.h;
        let (x, y) = (ki.px + ki.vx * h, ki.py + ki.vy * h);
        (ki.px, ki.py) = look.walls.moved_clear((x, y), &look.rad[i]);
        let (e, c) = cx.slide_on(ki.s);
        ki.s = e;
        glide_clear(ki, c, vmax);
        true
    } else {
        let pass = Carry {
            kin,
            fixed_due,
            look: *look,
        };
        pass.disc_rare::<TOUCHED>(i, to)
    }
}

/// The cushions' contact lines for the discs' centres: a disc of radius `r` stays within
/// `[−hx + r, hx − r] × [−hy + r, hy − r]`. The inner box `(ix, iy)` = `(hx − r_max, hy −
/// r_max)`, with `r_max` the largest radius of any disc, lies within every disc's range.
pub(super) struct Cushions {
    hx: f64,
    hy: f64,
    ix: f64,
    iy: f64,
}

impl Cushions {
    pub(super) fn new(hx: f64, hy: f64, r_max: f64) -> Cushions {
        Cushions {
            hx,
            hy,
            ix: hx - r_max,
            iy: hy - r_max,
        }
    }

    /// Carries disc `k` of radius `r` (read only when needed) over the time `dt` at its
    /// velocity, clamped inside the cushions, each coordinate zero or normal
    /// ([`normal_or_zero`]).
    #[inline(always)]
    fn carry(&self, k: &mut Kin, dt: f64, r: &f64) {
        let (x, y) = (k.px + k.vx * dt, k.py + k.vy * dt);
        if self.plain(x, y) {
            k.px = x;
            k.py = y;
        } else {
            self.place(k, (x, y), *r);
        }
    }

    /// As [`carry`](Self::carry), for a disc that stage 1 did not list for the fixed tests
    /// in the substep (in a quiet substep none is listed): its fixed due is later, so what
    /// it slides in the substep cannot take its centre within a margin (0.1 µm, far above
    /// rounding) of a cushion's contact line ahead of it ([`SlideCtx::substeps_clear`]), and
    /// it moves away from the one behind it from within the cushions (every drift leaves
    /// each disc there). The clamp then leaves the move's end as it is, and only
    /// [`normal_or_zero`] is tested: 2 comparisons instead of 4 (a coordinate below the
    /// normal range takes the clamp, as in [`carry`](Self::carry)). Debug builds check the
    /// clamp.
    #[inline(always)]
    fn carry_clear(&self, k: &mut Kin, dt: f64, r: &f64) {
        (k.px, k.py) = self.moved_clear((k.px + k.vx * dt, k.py + k.vy * dt), r);
    }

    /// [`carry_clear`](Self::carry_clear)'s end of a move to (x, y), for a disc of radius
    /// `r` (read only when needed): the move's end as it is when both coordinates are in the
    /// normal range, else through the clamp. A quiet block carries its discs with it in
    /// registers.
    #[inline(always)]
    fn moved_clear(&self, (x, y): (f64, f64), r: &f64) -> (f64, f64) {
        debug_assert!(
            x == clamp(x, -self.hx + *r, self.hx - *r)
                && y == clamp(y, -self.hy + *r, self.hy - *r),
            "a disc clear of the cushions ends beyond a contact line"
        );
        // (Written as the negation of "either coordinate below the normal range", so that a
        // NaN, which the clamp and `normal_or_zero` leave as it is, takes the plain branch.)
        if !((x.abs() < f64::MIN_POSITIVE) | (y.abs() < f64::MIN_POSITIVE)) {
            (x, y)
        } else {
            self.clamped((x, y), *r)
        }
    }

    /// As [`carry`](Self::carry), always through the clamp: for the few discs stage 4
    /// touched, so that each variant of the pass has one inner-box test, which the compiler
    /// then makes one packed comparison (with two, it compared the coordinates one by one).
    #[inline(always)]
    fn carry_clamped(&self, k: &mut Kin, dt: f64, r: f64) {
        self.place(k, (k.px + k.vx * dt, k.py + k.vy * dt), r);
    }

    /// Puts disc `k` of radius `r` at (x, y) clamped inside the cushions, each coordinate
    /// zero or normal ([`normal_or_zero`]).
    #[inline(always)]
    fn place(&self, k: &mut Kin, to: (f64, f64), r: f64) {
        (k.px, k.py) = self.clamped(to, r);
    }

    /// The position (x, y) clamped inside the cushions for a disc of radius `r`, each
    /// coordinate zero or normal ([`normal_or_zero`]).
    #[inline(always)]
    fn clamped(&self, (x, y): (f64, f64), r: f64) -> (f64, f64) {
        (
            normal_or_zero(clamp(x, -self.hx + r, self.hx - r)),
            normal_or_zero(clamp(y, -self.hy + r, self.hy - r)),
        )
    }

    /// Whether the position (x, y) is one that the clamp and [`normal_or_zero`] leave as it is
    /// for every disc, so that both can be skipped: each coordinate normal and within the
    /// inner box. (Rounding is monotonic and symmetric, so `hx − r_max ≤ hx − r` and
    /// `−(hx − r_max) ≥ −hx + r` for every radius `r ≤ r_max`.) A disc at a coordinate of
    /// exactly zero takes the clamp, which leaves it at zero.
    #[inline(always)]
    fn plain(&self, x: f64, y: f64) -> bool {
        let (ax, ay) = (x.abs(), y.abs());
        (ax <= self.ix) & (ay <= self.iy) & (ax >= f64::MIN_POSITIVE) & (ay >= f64::MIN_POSITIVE)
    }
}

/// `x` limited to `[lo, hi]` (`lo <= hi`), as `f64::clamp` but without its check.
#[inline(always)]
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    let x = if x < lo { lo } else { x };
    if x > hi { hi } else { x }
}

#[cfg(test)]
mod tests {
    use super::super::Motion;
    use super::*;
    use crate::{DiscStatus, PocketId, Table};

    /// The pass tests' table (half sizes 0.5 m × 0.3 m, a pocket of radius 0.04 m at
    /// (0.45, 0.25)), its friction, and `a h` for the substep `h`.
    fn pocket_table(h: f64) -> (Table, Motion, f64) {
        let table = Table::new(0.5, 0.3)
            .and_then(|t| t.with_pocket(crate::Vec2::new(0.45, 0.25), 0.04))
            .unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        let ah = mo.a * h;
        (table, mo, ah)
    }

    /// `merge_tail` leaves the moving list a permutation of what it was, sorted when the
    /// discs before the tail were, for tails of every length (none, all, more than the list)
    /// and lists of every length, with the second buffer shorter than the list's too.
    #[test]
    fn merging_the_appended_discs_sorts_the_moving_list_and_loses_none() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |m: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(m)) as u32
        };
        for case in 0..2_000 {
            let n = 1 + next(300) as usize;
            let len = next(n as u32 + 1) as usize;
            // A random subset of 0..n, shuffled, cut into a sorted head and a tail.
            let mut discs: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                discs.swap(i, next(i as u32 + 1) as usize);
            }
            discs.truncate(len);
            let tail = next(len as u32 + 3) as usize;
            let head_len = len - tail.min(len);
            let sorted_head = case % 5 != 0;
            if sorted_head {
                discs[..head_len].sort_unstable();
            }
            let mut list = Slots::default();
            list.reserve(n);
            for &i in &discs {
                list.push(i);
            }
            let mut spare = vec![0; if case % 7 == 0 { 0 } else { n }];
            merge_tail(&mut list, tail, &mut spare);
            let got = list.as_slice().to_vec();
            assert!(list.buf.len() >= n, "case {case}: the list lost its room");
            let (mut a, mut b) = (got.clone(), discs.clone());
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "case {case}: not a permutation");
            if sorted_head {
                assert!(got.windows(2).all(|w| w[0] < w[1]), "case {case}: {got:?}");
            }
        }
    }

    #[test]
    fn gallop_finds_the_partition_point() {
        for len in 0..70u32 {
            let sorted: Vec<u32> = (0..len).map(|k| 3 * k).collect();
            for x in 0..3 * len + 3 {
                assert_eq!(
                    gallop(&sorted, x),
                    sorted.partition_point(|&y| y < x),
                    "len {len}, x {x}"
                );
            }
        }
    }

    /// A scratch at round mark `mark` whose moving, fixed and stop lists have room for `n`
    /// discs.
    fn scratch(n: usize, mark: u32) -> Scratch {
        let mut s = Scratch {
            mark,
            ..Scratch::default()
        };
        s.moving.reserve(n);
        s.fixed.reserve(n);
        s.stops.reserve(n);
        s
    }

    /// Pushes `n` discs onto `d`, on [`pocket_table`]'s table: disc `i` of radius `radius(i)`
    /// at a place drawn from `next` (every 17th at x = 0, where a coordinate is zero), in a
    /// drawn direction, at speed `speed(i, u)` for a drawn `u` in [0, 1), with the velocity
    /// `chord(speed)` along its direction.
    fn scatter(
        d: &mut Discs,
        n: usize,
        next: &mut impl FnMut() -> f64,
        radius: impl Fn(usize) -> f64,
        speed: impl Fn(usize, f64) -> f64,
        chord: impl Fn(f64) -> f64,
    ) {
        for i in 0..n {
            let r = radius(i);
            let px = if i % 17 == 0 {
                0.0
            } else {
                (2.0 * next() - 1.0) * (0.5 - r)
            };
            let py = (2.0 * next() - 1.0) * (0.3 - r);
            let (dx, dy) = (2.0 * next() - 1.0, 2.0 * next() - 1.0);
            let len = (dx * dx + dy * dy).sqrt();
            let speed = speed(i, next());
            let at = d.k.len();
            d.push(
                (px, py),
                (dx / len, dy / len, speed),
                r,
                1.0,
                DiscStatus::OnTable,
            );
            let c = chord(speed);
            d.k[at].vx = d.k[at].ux * c;
            d.k[at].vy = d.k[at].uy * c;
        }
    }

    #[test]
    fn drift_carries_each_moving_disc_to_the_end_and_prepares_the_next_substep() {
        let h = 0.001;
        let a = 0.1 * 9.81;
        let px = [0.0, 0.48, 0.1, -0.2, 0.0];
        let vx = [1.0, 20.0, 0.5, 0.0, -0.1];
        // Disc 2 was brought to t = 0.4 ms by an event that gave it a new path (mark 5: its
        // speed is the one at the end); disc 3 left the table in the substep (touched, mark
        // 5); disc 4 stops in the substep.
        let sp = [1.0, 20.0, 0.5, 0.0, 0.0001];
        let tl = [0.0, 0.0, 0.0004, 0.0, 0.0];
        let mut d = Discs::default();
        for i in 0..5 {
            let status = if i == 3 {
                DiscStatus::Pocketed(PocketId(0))
            } else {
                DiscStatus::OnTable
            };
            d.push((px[i], 0.0), (1.0, 0.0, sp[i]), 0.01, 1.0, status);
            d.k[i].vx = vx[i];
            d.k[i].vy = if i == 0 { -2.0 } else { 0.0 };
            d.k[i].tl = tl[i];
        }
        let mut s = Scratch {
            mark: 5,
            ..Scratch::default()
        };
        for (t, m) in d.tag.iter_mut().zip([4, 4, 5, 4, 4]) {
            t.path = m;
        }
        s.paths.mark = vec![4, 4, 5, 5, 4];
        s.paths.touched = vec![2, 3];
        let table = Table::new(0.5, 0.5).unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        s.moving.reserve(5);
        s.fixed.reserve(5);
        s.stops.reserve(5);
        // Listed out of order: the discs dropped (3 and 4) come before discs kept, which move
        // up in the list, in order.
        for i in [0, 3, 1, 4, 2] {
            s.moving.push(i);
        }
        let vmax2 = drift_pass(
            &mut d,
            &mut s,
            &SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 6),
            &Cushions::new(0.5, 0.5, 0.01),
        );
        let k = &d.k;
        assert_eq!((k[0].px, k[0].py), (0.001, -0.002));
        // 0.48 + 2 cm would cross x = 0.5 - r: clamped.
        assert_eq!(k[1].px, 0.49);
        assert_eq!(k[2].px, 0.1 + 0.5 * (0.001 - 0.0004));
        assert_eq!(k[3].px, -0.2);
        assert_eq!(
            (k[4].px, k[4].ux, k[4].vx, k[4].s),
            (-0.0001, 0.0, 0.0, 0.0)
        );
        // The speeds at the end: friction's, or the event's for disc 2.
        assert_eq!((k[0].s, k[1].s, k[2].s), (1.0 - a * h, 20.0 - a * h, 0.5));
        // The next substep's stage 1: velocities and the lists.
        let c0 = (1.0 - a * h) - 0.5 * a * h;
        assert_eq!((k[0].vx, k[0].vy), (c0, 0.0));
        assert_eq!(k[2].vx, 0.5 - 0.5 * a * h);
        assert_eq!(s.moving.as_slice(), [0, 1, 2]);
        // Disc 1 against the right cushion is listed for the fixed tests.
        assert_eq!(s.fixed.as_slice(), [1]);
        assert!(s.stops.is_empty());
        let c1 = 20.0 - 1.5 * a * h;
        assert_eq!(vmax2, c1 * c1);
    }

    #[test]
    fn the_pass_without_touched_discs_computes_what_the_pass_testing_the_marks_computes() {
        // 300 discs stage 4 left alone, at pseudo-random places (near the cushions and the
        // pocket too, some at x = 0), directions and speeds (some stop in this substep, some in
        // the next), a third due for the fixed tests: the variant for a substep without
        // events against the one that tests every disc's mark, record for record.
        let (h, n) = (0.001, 300);
        let (table, mo, ah) = pocket_table(h);
        let mut rng = crate::scenes::SplitMix64(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = move || rng.next_unit();
        let mut d = Discs::default();
        let mut s = scratch(n, 7);
        scatter(
            &mut d,
            n,
            &mut next,
            |i| if i % 10 == 0 { 0.02 } else { 0.01 },
            |i, u| match i % 5 {
                0 => ah * (0.01 + 0.98 * u),
                1 => ah * (1.0 + u),
                _ => 2.0 * ah + 3.0 * u,
            },
            |speed| speed - 0.5 * ah,
        );
        for i in 0..n {
            d.fixed_due[i] = if i % 3 == 0 { 8 } else { 1000 };
            s.moving.push(i as u32);
        }
        for t in &mut d.tag {
            t.path = 6;
        }
        s.paths.mark = vec![6; n];
        let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 8);
        let walls = Cushions::new(0.5, 0.3, 0.02);
        let (mut d2, mut s2) = (d.clone(), s.clone());
        let vmax2 = carry_all::<false>(&mut d, &mut s, &cx, &walls);
        let marked = carry_all::<true>(&mut d2, &mut s2, &cx, &walls);
        assert_eq!(vmax2.to_bits(), marked.to_bits());
        let bits = |k: &Kin| [k.px, k.py, k.vx, k.vy, k.ux, k.uy, k.s, k.tl].map(f64::to_bits);
        for (i, (k, k2)) in d.k.iter().zip(&d2.k).enumerate() {
            assert_eq!(bits(k), bits(k2), "disc {i}");
        }
        assert_eq!(d.fixed_due, d2.fixed_due);
        assert_eq!(s.moving.as_slice(), s2.moving.as_slice());
        assert_eq!(s.fixed.as_slice(), s2.fixed.as_slice());
        assert_eq!(s.stops.as_slice(), s2.stops.as_slice());
        // Every path was taken: discs dropped, listed for the fixed tests, stopping next.
        assert!(s.moving.len() < n - 30, "{}", s.moving.len());
        assert!(!s.fixed.is_empty() && s.stops.len() > 30);
    }

    #[test]
    fn the_passes_compute_what_the_plain_pass_computes_substep_by_substep() {
        // Two radii, the pair list as a build left it (`one_radius` none); one radius, the
        // list valid (the long pass takes the touched discs' radius from `one_radius`, the
        // plain pass from `r`); two radii and a stale list (not valid) whose build had one
        // radius. With `one_radius` not looking at `rr_same` the first case fails, with it
        // not looking at `valid` the third.
        passes_agree(true, true, None, 0.02);
        passes_agree(false, true, Some(0.02), 0.01);
        passes_agree(true, false, Some(0.02), 0.01);
    }

    /// [`the_passes_compute_what_the_plain_pass_computes_substep_by_substep`] with two radii
    /// (`mixed`) or one, and the pair list's `valid`, `rr_same` and `r_max`.
    fn passes_agree(mixed: bool, valid: bool, rr_same: Option<f64>, r_max: f64) {
        // 1500 moving discs (six pieces of the long pass, the last one short), listed in a
        // shuffled order, at pseudo-random places (near the cushions and the pocket, at
        // x = 0), directions and speeds (many stop within the run, some at once), carried
        // through 40 substeps: each substep the long pass (`long_pass`) against the plain
        // pass (`carry_moving`, which the breaks keep), record for record, dues, lists and
        // the largest speed. In two substeps of three stage 4 touched some discs (brought to
        // an instant, given a new path, some stopping, or taken off the table), as the drift
        // finds them; the third touched none. Both variants of the drift's pass (`carry_all`)
        // are the long pass for such a list.
        let (h, n) = (0.001, 1500);
        let (table, mo, ah) = pocket_table(h);
        let walls = Cushions::new(0.5, 0.3, 0.02);
        let mut rng = crate::scenes::SplitMix64(0x05ee_d0fd_21f7_u64);
        let mut next = move || rng.next_unit();
        let mut d = Discs::default();
        let mut s = scratch(n, 3);
        s.paths.mark = vec![0; n];
        (s.near.valid, s.near.rr_same, s.near.r_max) = (valid, rr_same, r_max);
        assert_eq!(s.near.one_radius().is_some(), !mixed);
        scatter(
            &mut d,
            n,
            &mut next,
            |i| if mixed && i % 10 == 0 { 0.02 } else { 0.01 },
            |i, u| match i % 4 {
                0 => ah * (0.5 + 40.0 * u),
                1 => ah * (1.0 + 2.0 * u),
                _ => 0.02 + 2.0 * u,
            },
            // The chord speed: half the speed for a disc that stops within the substep.
            |speed| {
                if speed <= ah {
                    0.5 * speed
                } else {
                    speed - 0.5 * ah
                }
            },
        );
        // The moving list in a shuffled order.
        let mut order: Vec<u32> = (0..n as u32).collect();
        for at in (1..n).rev() {
            order.swap(at, (next() * (at + 1) as f64) as usize);
        }
        for &i in &order {
            s.moving.push(i);
        }
        let bits = |k: &Kin| [k.px, k.py, k.vx, k.vy, k.ux, k.uy, k.s, k.tl].map(f64::to_bits);
        let (mut rare, mut dropped, mut listed) = (0, 0, 0);
        for now in 1..=40 {
            // Stage 4, in two substeps of three: about one moving disc in 30 touched.
            let touched = now % 3 != 0;
            s.mark += 1;
            if touched {
                for at in 0..s.moving.len() {
                    let i = s.moving.as_slice()[at] as usize;
                    if next() >= 1.0 / 30.0 {
                        continue;
                    }
                    // As stage 4 notes it (which also sets its fixed due to 0).
                    s.paths.keep(i, s.mark, &mut d.fixed_due);
                    let k = &mut d.k[i];
                    k.tl = h * next();
                    match (next() * 4.0) as u32 {
                        // Brought to an instant on its path.
                        0 => {}
                        // Taken off the table.
                        1 => d.on[i] = false,
                        // A new path: its speed at the end (below the normal range: a stop).
                        _ => {
                            d.tag[i].path = s.mark;
                            let a = std::f64::consts::TAU * next();
                            let c = 2.0 * next();
                            (k.ux, k.uy) = crate::scenes::cos_sin(a);
                            (k.vx, k.vy) = (k.ux * c, k.uy * c);
                            k.s = if next() < 0.2 { 1e-310 } else { c };
                            d.fixed_due[i] = 0;
                        }
                    }
                }
            }
            let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, now + 1);
            // Every other substep as a large world's (which asks for the rare discs' lines
            // ahead, `ask_ahead`: nothing computed may change).
            s.near.ahead = now % 2 == 0;
            let (mut d1, mut s1) = (d.clone(), s.clone());
            let (vmax2, plain) = if touched {
                (
                    long_pass::<true>(&mut d, &mut s, &cx, &walls),
                    carry_moving::<true, false>(&mut d1, &mut s1, &cx, &walls, now + 1),
                )
            } else {
                (
                    long_pass::<false>(&mut d, &mut s, &cx, &walls),
                    carry_moving::<false, false>(&mut d1, &mut s1, &cx, &walls, now + 1),
                )
            };
            assert_eq!(vmax2.to_bits(), plain.to_bits(), "substep {now}");
            for (i, (k, k1)) in d.k.iter().zip(&d1.k).enumerate() {
                assert_eq!(bits(k), bits(k1), "substep {now}, disc {i}");
            }
            assert_eq!(d.fixed_due, d1.fixed_due, "substep {now}");
            assert_eq!(s.moving.as_slice(), s1.moving.as_slice(), "substep {now}");
            assert_eq!(s.fixed.as_slice(), s1.fixed.as_slice(), "substep {now}");
            assert_eq!(s.stops.as_slice(), s1.stops.as_slice(), "substep {now}");
            rare += d
                .fixed_due
                .iter()
                .filter(|&&due| due > 0 && due <= now + 1)
                .count();
            dropped += s1.stops.len();
            listed += s.fixed.len();
            // The drift's end: every disc touched at local time 0.
            for &i in &s.paths.touched {
                d.k[i as usize].tl = 0.0;
            }
            s.paths.touched.clear();
        }
        // Discs stopped, were listed for the fixed tests, and came due for them.
        assert!(s.moving.len() < n / 2, "{}", s.moving.len());
        assert!(s.moving.len() > 100, "{}", s.moving.len());
        assert!(
            dropped > 200 && listed > 200 && rare > 0,
            "{dropped} {listed} {rare}"
        );
    }

    #[test]
    fn a_quiet_block_computes_what_its_quiet_passes_compute() {
        // 200 moving discs (at x = 0, with a subnormal coordinate, near both axes and far
        // from them, some moving along an axis), none of which stops within the blocks or
        // comes due for the fixed tests: `l` quiet passes (`carry_moving`, as the stretch
        // runs them one by one) against a block of `l` (`quiet_block`, with `finish_block`
        // for the ends and `Spread` for the bound), record for record, and the largest
        // speeds, `disp`, the clock and the spread after it. Blocks of 1 to 40 substeps (the
        // far discs' path without the normal-range test from 2 on), and one cut by the
        // clock; and a block fused with the ordinary pass after it (`quiet_block_and_pass`).
        let (h, n) = (0.001, 200);
        let table = Table::new(0.5, 0.3).unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        let ah = mo.a * h;
        let walls = Cushions::new(0.5, 0.3, 0.02);
        let mut rng = crate::scenes::SplitMix64(0x0dd5_ee7e_5eed_1e55_u64);
        let mut next = move || rng.next_unit();
        let (mut tested, mut cut, mut renewed) = (0, 0, 0);
        for (l, max_steps) in [1, 2, 3, 4, 7, 16, 40, 9]
            .into_iter()
            .zip([0, 0, 0, 0, 0, 0, 0, 5])
        {
            let mut d = Discs::default();
            let mut s = scratch(n, 0);
            let now = 100;
            for i in 0..n {
                let r = if i % 10 == 0 { 0.02 } else { 0.01 };
                let near_axis = i % 4 == 0;
                let mut coord = |half: f64| {
                    let x = (2.0 * next() - 1.0) * (half - r - 0.2);
                    if near_axis { x * 1e-3 } else { x }
                };
                let (mut px, py) = (coord(0.5), coord(0.3));
                if i % 17 == 0 {
                    px = 0.0;
                } else if i % 19 == 0 {
                    px = 1e-310;
                }
                let (dx, dy) = match i % 7 {
                    0 => (0.0, 1.0),
                    1 => (-1.0, 0.0),
                    _ => (2.0 * next() - 1.0, 2.0 * next() - 1.0),
                };
                let len = (dx * dx + dy * dy).sqrt();
                // Faster than 2 a h through the block and beyond, some only just.
                let speed = ah * (l as f64 + 4.0)
                    + if i % 5 == 0 {
                        ah * next()
                    } else {
                        2.0 * next()
                    };
                d.push(
                    (px, py),
                    (dx / len, dy / len, speed),
                    r,
                    1.0,
                    DiscStatus::OnTable,
                );
                let c = speed - 0.5 * ah;
                d.k[i].vx = d.k[i].ux * c;
                d.k[i].vy = d.k[i].uy * c;
                d.fixed_due[i] = now + 1 + l + (i % 3) as u64;
                s.moving.push(i as u32);
            }
            let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 0);
            let vmax2: f64 = 2.25;
            let clock = RunClock::new(
                0.25,
                h,
                (0.0, 1e6),
                (
                    7,
                    if max_steps > 0 {
                        7 + max_steps
                    } else {
                        u64::MAX
                    },
                ),
            )
            .unwrap();
            // The passes one by one, as the stretch ran them before blocks.
            let (mut d1, mut s1) = (d.clone(), s.clone());
            let (mut disp1, mut clock1, mut vm1, mut ran1) = (0.5, clock, vmax2, 0);
            for j in 0..l {
                let next_vm =
                    carry_moving::<false, true>(&mut d1, &mut s1, &cx, &walls, now + 1 + j);
                assert!(s1.stops.is_empty() && s1.fixed.is_empty() && s1.moving.len() == n);
                disp1 += h * vm1.sqrt();
                let go_on = clock1.tick();
                vm1 = next_vm;
                ran1 += 1;
                if !go_on {
                    break;
                }
            }
            let (mut d3, mut s3) = (d.clone(), s.clone());
            // The block.
            let spread = Spread::of(&d, &s);
            assert!(spread.clear(&cx, now + 1) >= l, "l {l}");
            let (mut disp2, mut clock2) = (0.5, clock);
            let (ran2, go_on, vm2, after) =
                finish_block(&mut disp2, &mut clock2, &cx, (h, vmax2, spread), l);
            quiet_block(&mut d, s.moving.as_slice(), &cx, &walls, ran2);
            assert_eq!((ran2, go_on), (ran1, ran1 == l), "l {l}");
            assert_eq!(vm2.to_bits(), vm1.to_bits(), "l {l}");
            assert_eq!(disp2.to_bits(), disp1.to_bits(), "l {l}");
            assert_eq!(
                (clock2.time_s.to_bits(), clock2.steps),
                (clock1.time_s.to_bits(), clock1.steps)
            );
            let bits = |k: &Kin| [k.px, k.py, k.vx, k.vy, k.ux, k.uy, k.s, k.tl].map(f64::to_bits);
            for (i, (k, k1)) in d.k.iter().zip(&d1.k).enumerate() {
                assert_eq!(bits(k), bits(k1), "l {l}, disc {i}");
            }
            assert_eq!(d.fixed_due, d1.fixed_due);
            let spread1 = Spread::of(&d1, &s1);
            assert_eq!(
                (
                    after.slowest.to_bits(),
                    after.fastest.to_bits(),
                    after.first_due
                ),
                (
                    spread1.slowest.to_bits(),
                    spread1.fastest.to_bits(),
                    spread1.first_due
                ),
                "l {l}"
            );
            tested += 1;
            cut += usize::from(ran2 < l);
            if ran2 < l {
                continue;
            }
            // The block and the ordinary pass after it, disc by disc, against that pass after
            // the passes one by one: a third of the discs come due for the fixed tests in it
            // (their clearance looked at, a new due given).
            let vm3 = quiet_block_and_pass(&mut d3, &mut s3, (&cx, &walls), l, now + 1 + l);
            let vm1 = carry_moving::<false, true>(&mut d1, &mut s1, &cx, &walls, now + 1 + l);
            assert_eq!(vm3.to_bits(), vm1.to_bits(), "l {l}");
            for (i, (k, k1)) in d3.k.iter().zip(&d1.k).enumerate() {
                assert_eq!(bits(k), bits(k1), "l {l}, disc {i}");
            }
            assert_eq!(d3.fixed_due, d1.fixed_due);
            renewed += d3
                .fixed_due
                .iter()
                .zip(&d.fixed_due)
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(
                (
                    s3.moving.as_slice(),
                    s3.fixed.as_slice(),
                    s3.stops.as_slice()
                ),
                (
                    s1.moving.as_slice(),
                    s1.fixed.as_slice(),
                    s1.stops.as_slice()
                )
            );
        }
        assert_eq!((tested, cut), (8, 1));
        assert!(renewed > 300, "{renewed}");
    }

    #[test]
    fn a_quiet_move_tests_only_the_normal_range_with_the_same_bits() {
        // `carry_clear` against the clamp and `normal_or_zero` (as every move took them), for
        // moves that end within the contact lines (its condition): at them, near the inner
        // box, at zero, subnormal and at the normal range's edge; from rest and from the
        // origin.
        let (hx, hy, r_max) = (0.5, 0.3, 0.02);
        let walls = Cushions::new(hx, hy, r_max);
        let mut clamped = 0;
        for r in [0.005, 0.0125, r_max] {
            let mut ends = vec![0.0, 1e-310, 1e-300, 0.1, f64::MIN_POSITIVE];
            ends.extend([f64::MIN_POSITIVE.next_down(), f64::MIN_POSITIVE.next_up()]);
            for edge in [walls.ix, walls.iy, hx - r, hy - r] {
                ends.extend([edge.next_down(), edge]);
            }
            let ends: Vec<f64> = ends.iter().flat_map(|&x| [x, -x]).collect();
            for &x in ends.iter().filter(|x| x.abs() <= hx - r) {
                for &y in ends.iter().filter(|y| y.abs() <= hy - r) {
                    for (p, v) in [((x, y), (0.0, 0.0)), ((0.0, 0.0), (x, y))] {
                        let k = Kin {
                            px: p.0,
                            py: p.1,
                            vx: v.0,
                            vy: v.1,
                            ..Kin::default()
                        };
                        let (mut full, mut quiet) = (k, k);
                        walls.place(&mut full, (k.px + k.vx, k.py + k.vy), r);
                        walls.carry_clear(&mut quiet, 1.0, &r);
                        assert_eq!(
                            (quiet.px.to_bits(), quiet.py.to_bits()),
                            (full.px.to_bits(), full.py.to_bits()),
                            "({x:e}, {y:e}), r {r}"
                        );
                        clamped += usize::from(x.abs() < f64::MIN_POSITIVE);
                    }
                }
            }
        }
        assert!(clamped > 100, "{clamped}");
    }

    #[test]
    fn a_move_that_ends_well_inside_the_cushions_skips_the_clamp_with_the_same_bits() {
        // The clamp and `normal_or_zero`, as every move took them before the inner box.
        let full = |k: &Kin, dt: f64, r: f64, (hx, hy): (f64, f64)| {
            (
                normal_or_zero(clamp(k.px + k.vx * dt, -hx + r, hx - r)),
                normal_or_zero(clamp(k.py + k.vy * dt, -hy + r, hy - r)),
            )
        };
        let (hx, hy, r_max) = (0.5, 0.3, 0.02);
        let walls = Cushions::new(hx, hy, r_max);
        // Ends of the inner box, the contact lines, zero, the normal range's edge and a
        // subnormal, each side, and a few plain values.
        let mut ends = vec![0.0, 1e-300, 0.1, 0.25];
        for x in [
            walls.ix,
            walls.iy,
            hx - 0.005,
            hy - 0.005,
            f64::MIN_POSITIVE,
        ] {
            ends.extend([x.next_down(), x, x.next_up()]);
        }
        ends.extend([hx, hy, 0.7]);
        let ends: Vec<f64> = ends.iter().flat_map(|&x| [x, -x]).collect();
        let mut skipped = 0;
        for &x in &ends {
            for &y in &ends {
                for r in [0.005, 0.0125, r_max] {
                    // The move itself: from (x, y) at rest over any time, and from the origin
                    // at the velocity (x, y) over 1 s.
                    for (p, v) in [((x, y), (0.0, 0.0)), ((0.0, 0.0), (x, y))] {
                        let mut k = Kin {
                            px: p.0,
                            py: p.1,
                            vx: v.0,
                            vy: v.1,
                            ..Kin::default()
                        };
                        let want = full(&k, 1.0, r, (hx, hy));
                        skipped += usize::from(walls.plain(k.px + k.vx, k.py + k.vy));
                        walls.carry(&mut k, 1.0, &r);
                        assert_eq!(
                            (k.px.to_bits(), k.py.to_bits()),
                            (want.0.to_bits(), want.1.to_bits()),
                            "({x:e}, {y:e}), r {r}"
                        );
                    }
                }
            }
        }
        // The skipped path was taken (and is the common one inside the box).
        assert!(skipped > 1000, "{skipped}");
        assert!(walls.plain(0.1, -0.25) && !walls.plain(0.0, 0.1) && !walls.plain(0.1, 0.29));
    }
}
