//! Stage 2: the broadphase. Large worlds keep a uniform grid of the discs and the list of
//! pairs of discs closer than a skin distance (a Verlet list), both built at one instant and
//! kept over many substeps; small worlds with few moving discs skip it (stage 3 then tests the
//! moving discs against every disc).

mod classes;
mod fast;
mod late;

use super::predict::{Neighbours, first_dues};
use super::{Kin, NEAR_MARGIN_M, Solver, Substep, prefetch};
use classes::Classes;
use fast::FastGrid;
use late::Late;

/// No disc (the end of a list, a cushion instead of a disc).
pub(crate) const NONE: u32 = u32::MAX;

/// [`Near::recheck`]: the share of half the skin up to which a disc's true displacement
/// since the build is covered by the common bound; a disc that moved farther (an escapee) is
/// checked against the discs near it. The three constants measured fewest instructions on
/// scene (c) at N = 4096 over 500 steps among 0.5 to 0.8 for this one, 0.1 to 0.3 for
/// [`RECHECK_GAIN`] and 8 to 32 (or none) for [`RECHECK_ESCAPEES`]; most choices near these
/// are within 1 %.
const RECHECK_TAU: f64 = 0.7;
/// [`Near::recheck`]: the least share of half the skin that `tau` may shrink to when the
/// fastest disc's travel in the next substep leaves less than `(1 − RECHECK_TAU)` half the
/// skin for the check to give ([`RECHECK_GAIN`] beyond it): below, the check declines. A
/// smaller `tau` makes more escapees (discs moved farther than it); a world whose fastest
/// disc is far faster than the rest (scene (c) at N = 262,144: a disc near 2.4 m/s against
/// 1.5 at the launch) then still checks its list instead of rebuilding it. Scene (c), 500
/// steps: at N = 262,144 eleven checks declined so before, and the builds fell from 41 to
/// 39 (callgrind: 15,589 M instructions to 15,456 M, the broadphase 33.6 to 32.5 a
/// disc-step); at N = 4096 no check declined so, and nothing changed. Scene (c) never
/// needs less than 0.69. The least is a guard for faster worlds, not a measured optimum (no
/// benchmark scene has such substeps): with a smaller `tau` most moving discs would be
/// escapees, and the check a look at the grid around each, which a rebuild does better.
const RECHECK_TAU_LEAST: f64 = 0.5;
/// [`Near::recheck`]: the least travel beyond the next substep's, as a share of half the
/// skin, for which a check that postpones the rebuild is worth it (each check reads every
/// disc).
const RECHECK_GAIN: f64 = 0.15;
/// [`Near::recheck`]: at most one disc in this many may be an escapee (each costs a look at
/// the grid around it), or the list is rebuilt.
const RECHECK_ESCAPEES: usize = 20;

/// [`Near::recheck`]: a check that finds more than one in this many of the escapees it
/// allows ([`RECHECK_ESCAPEES`]) is the list's last; when it runs out, the list is rebuilt
/// without another check. The escapees grow about fivefold from one check to the next (more
/// discs move farther than the same bound), so such a next check almost always finds too
/// many, after reading most discs for nothing (scene (c) at N = 4096: 30 of 31 checks after
/// one with 35 or more escapees failed, at about 60 % of the discs; 17 of 18 after fewer
/// held). Declining a check only makes the rebuild the check might have spared, so it never
/// misses a contact. Scene (c), instructions a disc-step: at N = 4096 84.97 without, 84.52
/// with 4, 84.55 (3), 85.05 (5), 84.98 (6), 84.72 (8), 85.11 (10): the builds' substeps
/// shift, so the figures scatter; 4 gains at N = 2048, 8192 and 16384 too (-0.49, -0.54,
/// -0.23).
const RECHECK_LAST: usize = 4;

/// The most discs a build keeps out of the grid as larger than [`Near::r_grid`] in a list
/// (`big`), among `n_on` on the table: the big discs are searched against each other pair by
/// pair, so at most about the square root of the discs (their pairs then cost at most about
/// one test a disc); a world with more large discs keeps them in a grid per size class
/// ([`Classes`]). Before 7 Dec 2026 such a world gridded every disc by the largest radius,
/// which listed every pair of small discs within a large disc's width of each other.
fn big_discs_at_most(n_on: usize) -> usize {
    n_on.isqrt().max(8)
}

/// The stretch of a fast disc's path that one look covers ([`Near::enter_late`]), in units of
/// the larger of the skin and [`Near::r_grid`]: a look costs about the discs within the
/// stretch (and its reach) of the path, and a disc looks again every half stretch.
const LATE_STRETCH: f64 = 2.0;

/// The substep's `vmax2` when the list keeps fast discs apart ([`Near::fast`]): below every
/// squared speed, so that stage 4 re-predicts every disc whose path changes through the
/// grid, whose box query visits the fast discs (their pairs are never listed), and not
/// through the list alone.
pub(super) const KEPT_APART: f64 = -1.0;

/// Pairs per block of [`Near::block_due`]. 32 measured fewest instructions on scenes
/// (a)-(c) among 8, 16, 32 and 64 (with the due bits in a u64; they are a u32 since
/// 2 Dec 2026, which rules out 64).
pub(crate) const DUE_BLOCK: usize = 32;
// Stage 3 keeps a block's due pairs as the bits of a u32.
const _: () = assert!(DUE_BLOCK <= 32);

impl Solver {
    /// Stage 2: decides how this substep finds pairs, and when a disc may have moved half the
    /// skin since the last build (or what the last check allowed), checks the list against
    /// the discs' true displacements and rebuilds the grid and pair list if it no longer
    /// serves (see [`Near`]).
    #[inline(always)]
    pub(super) fn broadphase(&mut self, sub: &mut Substep) {
        let s = &self.s;
        let h = sub.h;
        // `vstep` bounds every speed in this substep unless a round raises one (then
        // `dallow` widens).
        let vstep = sub.vmax2.sqrt();
        // Few moving discs in a small world: a disc whose path changes is re-predicted
        // against every disc directly; with at most `direct_movers` moving discs (none by
        // default), stage 3 tests them against every disc too instead of the pair list.
        let tu = &self.tuning;
        sub.brute = s.moving.len().saturating_mul(self.n_on) <= tu.brute_force_pairs;
        sub.direct = sub.brute && s.moving.len() <= tu.direct_movers;
        // A list that keeps its fastest discs apart ([`Near::fast`]): stage 2 of its own.
        if !s.near.fast.is_empty() && s.near.valid && !sub.direct {
            self.broadphase_apart(sub);
            return;
        }
        let vstep = if !sub.direct
            && (!s.near.valid
                || (!s.near.complete
                    && 2.0 * (s.near.disp - s.near.since + h * vstep) + NEAR_MARGIN_M
                        >= s.near.serve))
        {
            self.recheck_or_rebuild(sub, vstep)
        } else {
            vstep
        };
        sub.dallow = self.s.near.disp + h * vstep;
    }

    /// Stage 2 when the list keeps fast discs apart ([`Near::fast`]) and stage 3 walks it:
    /// the list, its check and its rebuild serve the other discs, whose largest speed
    /// ([`Solver::slow_speeds`]) is the substep's; a rebuild chooses the fast discs anew from
    /// every moving disc's speed. Then the fast discs' pairs, found afresh
    /// ([`Solver::fast_pairs`]).
    #[cold]
    #[inline(never)]
    fn broadphase_apart(&mut self, sub: &mut Substep) {
        let h = sub.h;
        let vall2 = sub.vmax2;
        let vstep = self.slow_speeds(sub);
        let s = &mut self.s;
        let vstep = if !s.near.complete
            && 2.0 * (s.near.disp - s.near.since + h * vstep) + NEAR_MARGIN_M >= s.near.serve
        {
            if s.near.recheck(&self.d.k, &self.d.r, &self.d.on, h * vstep) {
                vstep
            } else {
                self.rebuild(sub, vall2)
            }
        } else {
            vstep
        };
        sub.dallow = self.s.near.disp + h * vstep;
        if !self.s.near.fast.is_empty() {
            self.fast_pairs(sub);
        }
    }

    /// The pairs of the fast discs the list keeps apart ([`Near::fast`]), found afresh in
    /// every substep in which stage 3 walks the list (stage 3's work for them, done by stage
    /// 2 so that a world without fast discs has no more to test in stage 3): each fast disc
    /// on the table against every disc whose path can meet its own in the substep (the grid's
    /// discs in the cells around its path, widened by `dallow`, how far any disc of the grid
    /// can be from where the grid has it, and every disc kept out of the grid), each pair of
    /// fast discs once (by its lower index). After `dallow` is set.
    #[cold]
    #[inline(never)]
    fn fast_pairs(&mut self, sub: &Substep) {
        if self.s.near.fast_grid.on {
            let near = &mut self.s.near;
            let dims = (sub.h, sub.hx, sub.hy, near.r_grid);
            let discs = (&self.d.k[..], &self.d.r[..], &self.d.on[..]);
            near.fast_grid.build(&near.fast, discs, dims);
        }
        let (d, near, heap) = (&self.d, &self.s.near, &mut self.s.heap);
        let look = Neighbours {
            near,
            dallow: sub.dallow,
        };
        for &f in &near.fast {
            let f = f as usize;
            if d.on[f] {
                look.predict(sub.h, d, heap, f, 0.0, |j| {
                    j == f || (j < f && near.is_fast[j])
                });
            }
        }
    }

    /// Stage 2 when the list keeps fast discs apart ([`Near::fast`]): the largest speed of the
    /// other moving discs, which the list and the displacement bound `disp` serve, as the
    /// substep's `v_over2` (stage 4 does not raise it for a fast disc, whose pairs are found
    /// afresh), and `vmax2` set to [`KEPT_APART`]. Returns that speed.
    #[cold]
    #[inline(never)]
    fn slow_speeds(&self, sub: &mut Substep) -> f64 {
        let (k, fast) = (&self.d.k, &self.s.near.is_fast);
        let mut v2 = 0.0f64;
        for &i in self.s.moving.as_slice() {
            let i = i as usize;
            if !fast[i] {
                let w2 = k[i].vx * k[i].vx + k[i].vy * k[i].vy;
                v2 = if w2 > v2 { w2 } else { v2 };
            }
        }
        sub.vmax2 = KEPT_APART;
        sub.v_over2 = v2;
        v2.sqrt()
    }

    /// Stage 2 when the pair list may no longer serve: a check of the discs' true
    /// displacements ([`Near::recheck`]) may show that it still does for a while; else a
    /// rebuild (and, if it keeps fast discs apart, their pairs). `vstep` is the substep's
    /// largest speed. Returns the speed the list serves in the substep.
    #[cold]
    #[inline(never)]
    fn recheck_or_rebuild(&mut self, sub: &mut Substep, vstep: f64) -> f64 {
        let s = &mut self.s;
        if s.near.valid
            && !s.near.complete
            && s.near
                .recheck(&self.d.k, &self.d.r, &self.d.on, sub.h * vstep)
        {
            return vstep;
        }
        let vstep = self.rebuild(sub, sub.vmax2);
        // A build that keeps fast discs apart: their pairs (as `broadphase_apart` finds them).
        if !self.s.near.fast.is_empty() {
            sub.dallow = self.s.near.disp + sub.h * vstep;
            self.fast_pairs(sub);
        }
        vstep
    }

    /// Stage 2's rebuild of the grid and pair list (rare: out of line, so that the inlined
    /// stage stays small), and stage 3's first look at the new pairs.
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, sub: &mut Substep, vall2: f64) -> f64 {
        // Every moving disc's largest speed: the build chooses anew which discs, if any, it
        // keeps apart as fast, and the substep's bounds are those of the discs it lists.
        sub.vmax2 = vall2;
        sub.v_over2 = vall2;
        let vstep = vall2.sqrt();
        let s = &mut self.s;
        let d = &self.d;
        let h = sub.h;
        let tu = &self.tuning;
        // A small world lists every pair (a skin wider than the table), which never needs
        // rebuilding while the same discs are on the table. Otherwise the skin of
        // `Tuning::skin_radii`, at least 2.5 h vstep plus twice the margin, so that the
        // list always serves the substep it is built for (2 h vstep + margin < skin).
        let n_on = self.n_on;
        let complete = n_on.saturating_mul(n_on.saturating_sub(1)) / 2 <= tu.complete_pairs;
        if !s.near.same_discs(&d.k, n_on) {
            s.near.enter_discs(&d.r, &d.on);
        }
        // The skin is sized from the grid's discs ([`Near::r_grid`]): from the largest radius
        // of any disc (the world's `r_max`, as always) unless some discs are more than twice
        // the smallest on the table (`big` or size classes), whose pairs are then found apart.
        let r_skin = if !s.near.apart() {
            self.r_max
        } else {
            s.near.r_grid
        };
        // The fastest few discs are kept apart ([`Near::fast`]) when the skin their speed
        // asks for is more than twice what the others' would be: the skin is then the others'.
        let base = tu.skin_radii * r_skin;
        let vstep = if !complete && 2.5 * h * vstep + 2.0 * NEAR_MARGIN_M > 2.0 * base {
            s.near
                .keep_fast_apart(&d.k, s.moving.as_slice(), (h, base, vstep))
        } else {
            s.near.clear_fast();
            vstep
        };
        if !s.near.fast.is_empty() {
            sub.vmax2 = KEPT_APART;
            sub.v_over2 = vstep * vstep;
        }
        let skin = if complete {
            2.0 * (sub.hx + sub.hy)
        } else {
            base.max(2.5 * h * vstep + 2.0 * NEAR_MARGIN_M)
        };
        // The pair index (`index_partners`) is left until stage 3 has read the discs' records
        // for the new pairs: in a large world the records the sort read are then still in the
        // last level cache, with one index fewer written between (at N = 262,144 it is
        // 3.6 MB; LL read misses 0.267 -> 0.217 a disc-step).
        s.near.list_pairs(sub.hx, sub.hy, skin, &d.k, &d.r, &d.on);
        s.near.complete = complete;
        s.near.ahead = d.k.len() > tu.warm_discs;
        s.near.base_tick = self.stats.substeps;
        self.stats.broadphase_builds += 1;
        self.stats.broadphase_pairs += s.near.pairs.len() as u64;
        // Stage 3's tests of the new list, in its order (`ahh` as stage 3 computes it).
        let ahh = self.mo.a * h * h;
        self.stats.pair_tests += first_dues(d, &mut s.near, (h, ahh));
        s.near.index_partners(d.k.len());
        vstep
    }
}

/// The broadphase: a uniform grid of the discs' positions and the list of pairs of discs
/// closer than a skin distance `skin` (a Verlet list), both built at one instant and kept
/// over many substeps.
///
/// The grid's cells are sized from the discs (the largest diameter plus the skin), never from
/// the table, so the cost follows the discs. When some discs on the table are more than twice
/// the smallest radius, those are kept out of the grid, whose cells and the skin are sized
/// from the largest of the others ([`Near::r_grid`]). If they are few
/// ([`big_discs_at_most`]) they are a list ([`Near::big`]): each large disc's pairs are found
/// in the cells within its own reach and with the other large ones ([`Near::big_pairs`]), and
/// every box query and check visits the large discs apart. If there are more, they are kept
/// in a grid per size class ([`Classes`]): a pair is found by its smaller disc in the few
/// cells of the larger disc's class within its reach, and every box query and check looks
/// at each class's cells around it, so that a build costs about the discs times the classes
/// whatever the radii (radii spread from 0.1 mm to 100 m make at most 21 classes). Which
/// pairs are listed changes no result, only how many are tested (the events are a function
/// of the two paths, ordered by time, kind and discs; see the solver's module docs). When
/// the table holds few enough cells the grid is
/// an array of them; otherwise (a cluster of discs on a huge table) the cells are hashed into
/// twice as many buckets as there are discs, each entry keeping its cell's coordinates.
///
/// The skin must cover what the discs move while the list serves (at least 2.5 times the
/// fastest disc's travel in a substep). When some discs are far faster than the rest, so
/// that their speed alone would make the skin more than twice what the others need, the
/// build keeps them apart too ([`Near::fast`], chosen by [`Near::keep_fast_apart`]): they
/// are in neither the grid nor the list, the skin and `disp` follow the other discs'
/// speeds, and their pairs are found afresh in every substep, in the grid cells around each
/// one's path ([`Solver::fast_pairs`](super::Solver::fast_pairs)); stage 4 then re-predicts
/// every changed disc through the grid. Every box query visits them: all of them when they
/// are at most [`big_discs_at_most`], else those in the cells of their own grid, rebuilt in
/// every substep ([`FastGrid`]), that meet the box widened by how far a fast disc can be
/// from where that grid has it, so that the fast discs' pairs with each other and with the
/// others cost about what their paths cross, and the memory stays linear in the discs
/// whatever their speeds. Before 7 Dec 2026 one disc at 100 m/s among coins at rest listed
/// every pair of coins within its travel of each other (128 million pairs for 16,000 coins
/// in a step of 1/60 s); later that day more such discs than [`big_discs_at_most`] still
/// did (√n + 2 of them), until they were gridded too. A fast disc larger than `r_grid` is
/// kept apart the same way (since the forty-second sitting; before, one made the build keep
/// none apart). A disc of the list that an impact sends far faster than it allows, and a
/// fast disc whose path changes, is entered among the substep's discs made fast
/// ([`Near::enter_late`]) and looks along its path a stretch at a time; a disc of the grid
/// so entered makes a rebuild after the substep. A disc that becomes a little faster than
/// the list allows widens the substep's looks and makes the check or a rebuild, as any.
///
/// The world tracks `disp`, an upper bound of how far any disc has moved since the build (the
/// sum over substeps of the substep length times the largest speed any disc had in it; a
/// disc kept apart as fast is not counted, since it is never looked for in the grid). While
/// `2 * disp < skin`, two discs that are not a listed pair are still more than their radii
/// apart, so the pairs are the only candidates for a contact at the start of a substep. When
/// that bound runs out, [`Near::recheck`] looks at the discs' true displacements (most discs
/// moved far less than the fastest) and may let the list serve further, from then on while
/// `2 * (disp - since) < serve`. A disc whose path changes within a substep is tested against
/// the grid cells around its new path, widened by `disp`: every other disc lies within
/// `disp` of the position it was entered at.
#[derive(Clone, Debug, Default)]
pub(crate) struct Near {
    /// Whether the grid and pairs describe the discs now (false after a disc is added or put
    /// on the table elsewhere).
    pub valid: bool,
    /// The skin distance: pairs whose surfaces were closer than this at the build are listed.
    pub skin: f64,
    /// Whether every pair of discs on the table at the build is listed (a small world; see
    /// [`COMPLETE_PAIRS`](super::COMPLETE_PAIRS)): the list then serves however far the discs
    /// move, until a disc is added or put back on the table.
    pub complete: bool,
    /// An upper bound of any disc's displacement since the build, metres.
    pub disp: f64,
    /// `disp` at the last check of the list ([`Near::recheck`]; 0 at the build).
    since: f64,
    /// Whether [`Near::recheck`] may check the list again (true at the build; false after a
    /// check that found many escapees, see [`RECHECK_LAST`]).
    may_recheck: bool,
    /// The list serves while `2 (disp - since + h v) + NEAR_MARGIN_M < serve`, with v the
    /// largest speed in the substep: `skin` at the build, then what the last check found.
    serve: f64,
    /// The largest radius of any disc at the build.
    pub r_max: f64,
    /// The largest radius of the discs entered in the grid: the largest radius of any disc
    /// on the table at the build whose radius is at most twice the smallest (`r_max` when
    /// every radius is within a factor of two of the smallest, and then `big` is empty).
    /// The grid's cells and the pair search's reach through them are sized from it, so that
    /// one large disc beside many small ones does not make every small disc the neighbour of
    /// every small disc within the large one's diameter.
    pub r_grid: f64,
    /// The discs on the table at the build larger than `r_grid`, in index order, when there
    /// are at most [`big_discs_at_most`] of them (else none: see `classes`): not entered in
    /// the grid; their pairs are found by a search of the grid cells within their own reach
    /// and with each other ([`Near::big_pairs`]), and every box query visits them all.
    pub big: Vec<u32>,
    /// The discs on the table at the build larger than `r_grid` when there are more of them
    /// than [`big_discs_at_most`] (`big` is then empty): a grid per size class, searched
    /// around each disc instead of whole ([`Classes`]); no class when `big` serves.
    classes: Classes,
    /// The moving discs kept out of the grid and the pair list for their speed, in index
    /// order (of any radius: one larger than `r_grid` stays in `big` or its size class too,
    /// with no listed pairs; see [`Near::keep_fast_apart`]): the skin and
    /// `disp` are sized from the other discs' speeds, a fast disc's pairs are found afresh in
    /// every substep (stage 2 looks at the grid cells around its path, [`Solver::fast_pairs`],
    /// and stage 4 re-predicts every changed disc through the grid), and every box query
    /// visits them: all, as it does `big`, when they are at most [`big_discs_at_most`], else
    /// those of their own grid's cells near the box (`fast_grid`). Empty in a world where no
    /// disc is exceptionally fast, which then takes the same path as before them.
    pub fast: Vec<u32>,
    /// Per disc: whether it is in `fast` (all false when `fast` is empty; as long as the
    /// discs when it is not).
    pub is_fast: Vec<bool>,
    /// The fast discs in a grid of their own, built in every substep, when they are more
    /// than [`big_discs_at_most`] (else unused: a query visits every one).
    fast_grid: FastGrid,
    /// The discs of the grid whose path changed within the substep to one far faster than
    /// the list serves ([`Near::enter_late`]), for the rest of the substep (empty between
    /// substeps).
    late: Late,
    /// Whether a disc of the grid is among them (the list is then rebuilt after the
    /// substep, [`Near::end_late`]).
    late_gridded: bool,
    /// Tests' counters: the discs entered among the discs made fast in a substep (at a new
    /// path or a horizon), and the horizons.
    #[cfg(test)]
    pub late_counts: [u64; 2],
    /// Per disc, when some are `big` or `fast`: whether it is on the table and entered in
    /// the grid (scratch of [`Near::sort_small_into_buckets`]).
    grid_on: Vec<bool>,
    /// The smallest radius of any disc on the table at the build (for [`Near::reserve`] in
    /// [`Near::list_pairs`]).
    r_min: f64,
    /// When every disc on the table at the build has the same radius: the sum of two radii,
    /// `r_max + r_max`, which is the bits of `r[i] + r[j]` for every listed pair while the
    /// list lives (a disc's radius never changes, and a disc added or put back on the table
    /// makes a rebuild); else `None`. A large world's pair tests read it instead of `r`.
    pub rr_same: Option<f64>,
    /// The discs on the table at the build. A disc leaving the table lowers the world's
    /// count and any disc coming on makes a rebuild, so while the world has as many on the
    /// table, every listed pair's discs are on it: a large world's pair tests then do not
    /// read `on`.
    pub n_on: usize,
    /// The cells and buckets.
    grid: Grid,
    /// `start[b]..start[b + 1]` are the discs of bucket b in `items` (by index, creation
    /// order within a bucket).
    start: Vec<u32>,
    items: Vec<Item>,
    /// The cell of each entry of `items` (parallel to it; a hashed grid's: a dense grid's
    /// build leaves it as it was, unread).
    item_cell: Vec<[u32; 2]>,
    /// The counting sorts' tallies, per bucket (the grid's) or per disc (the pair index's):
    /// all zeros between builds (see [`begins_and_clear`]).
    tally: Vec<u32>,
    /// The discs [`Near::recheck`] looks at one by one (scratch).
    escapees: Vec<u32>,
    /// Per disc, in the discs' order: its position at the build, or NaN for a disc off the
    /// table then (which no check counts as moved). [`Near::recheck`] reads it beside the
    /// discs' records in one stream; the entries of `items` hold the same positions in the
    /// grid's order, which is no order in memory once the discs have moved.
    home: Vec<[f64; 2]>,
    /// Pairs of discs on the table whose surfaces were closer than `skin` at the build, in
    /// bucket order, each pair once.
    pub pairs: Vec<[u32; 2]>,
    /// Per pair: the first substep (counted from `base_tick`) in which it may touch, so it
    /// need not be tested before (see [`Near::due`]); then `u32::MAX` up to a whole number
    /// of blocks of [`DUE_BLOCK`], so that stage 3 reads whole blocks only.
    pub due: Vec<u32>,
    /// Per block of [`DUE_BLOCK`] pairs (`pairs[DUE_BLOCK * b..]`): at most the earliest due
    /// of its pairs, so that stage 3 skips a block with no pair due in a single test.
    pub block_due: Vec<u32>,
    /// Whether stage 3 loads its pairs' entries and records ahead of their tests
    /// (`predict::near_pairs_ahead`: a world of more than [`WARM_DISCS`](super::WARM_DISCS)
    /// discs at the build).
    pub ahead: bool,
    /// Stage 3's list of the pairs due in a substep, when it loads ahead (scratch: room for
    /// every pair).
    pub todo: Vec<u32>,
    /// At most the earliest of `block_due`, so that stage 3 skips a substep with no pair due
    /// in a single test (most substeps of the breaks).
    pub next_due: u32,
    /// The solver's substep count at the build.
    pub base_tick: u64,
    /// Per disc: the pairs listing it first, `pairs[own[i][0]..own[i][1]]` (the pair search
    /// lists each disc's pairs with the later discs together).
    own: Vec<[u32; 2]>,
    /// `adj[adj_start[i]..adj_start[i + 1]]` are the pairs listing disc i second, each as
    /// `[p, j]`: its index into `pairs` and its first disc (`pairs[p][0]`, kept beside the
    /// index since the tenth sitting, so that a walk of disc i's partners reads no pair
    /// entry at a random place of the list). During a build's counting sort, before the index
    /// is built, disc i's bucket instead (scratch of the right length, which no one reads
    /// then).
    adj_start: Vec<u32>,
    adj: Vec<[u32; 2]>,
}

/// The grid's geometry: where a point's cell is and which bucket holds it. A copy of its own,
/// so that the build's loops keep it in registers (read through `self`, it was loaded again
/// for every disc, since the loops store through the buffers).
#[derive(Clone, Copy, Debug, Default)]
struct Grid {
    ox: f64,
    oy: f64,
    inv_cell: f64,
    /// Cells across and along the table (cell coordinates run over `0..nx` and `0..ny`).
    nx: u32,
    ny: u32,
    /// Whether cells are hashed into buckets (`mask + 1` of them) rather than stored one per
    /// bucket (`(nx + 1) * (ny + 1)`, with an empty column and row).
    hashed: bool,
    mask: u32,
}

impl Grid {
    /// The whole number of cells at least `cell` wide across and along a table of half sizes
    /// `hx`, `hy` (at least one, at most 2^31 - 1 each way).
    fn cells_across(hx: f64, hy: f64, cell: f64) -> (f64, f64) {
        let n = |h: f64| {
            (2.0 * h / cell)
                .floor()
                .clamp(1.0, f64::from(u32::MAX >> 1))
        };
        (n(hx), n(hy))
    }

    /// A hashed grid over a table of half sizes `hx`, `hy`, its cells at least `want` wide
    /// (a whole number of them across the table), into `buckets` buckets (a power of two).
    fn hashed(hx: f64, hy: f64, want: f64, buckets: usize) -> Grid {
        let (nx, ny) = Grid::cells_across(hx, hy, want);
        let cw = (2.0 * hx / nx).max(2.0 * hy / ny).max(want);
        Grid {
            ox: -hx,
            oy: -hy,
            inv_cell: 1.0 / cw,
            nx: nx as u32,
            ny: ny as u32,
            hashed: true,
            mask: (buckets - 1) as u32,
        }
    }

    /// The cell of a point, clamped to the grid.
    #[inline]
    fn cell_coords(&self, x: f64, y: f64) -> (u32, u32) {
        (self.cx(x), self.cy(y))
    }

    #[inline]
    fn cx(&self, x: f64) -> u32 {
        let f = (x - self.ox) * self.inv_cell;
        cell_of(f, self.nx)
    }

    #[inline]
    fn cy(&self, y: f64) -> u32 {
        let f = (y - self.oy) * self.inv_cell;
        cell_of(f, self.ny)
    }

    /// The bucket holding cell (cx, cy).
    #[inline]
    fn bucket(&self, cx: u32, cy: u32) -> u32 {
        if self.hashed {
            hash_cell(cx, cy, self.mask)
        } else {
            cy * (self.nx + 1) + cx
        }
    }
}

/// A disc entered in the grid: its position at the build (so that the pair search reads them
/// in order instead of gathering them by disc index), its index and its bucket. No radius:
/// the search of a world whose discs all have one radius needs none
/// ([`Near::rr_same`]), and another reads the discs' `r` by index (a radius never changes),
/// so an entry is 24 bytes, not 32.
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    x: f64,
    y: f64,
    id: u32,
    bucket: u32,
}
const _: () = assert!(size_of::<Item>() == 24);

/// Lengthens `tally` to at least `len` entries with zeros (its entries are zero between uses).
#[inline]
fn grow_zeroed(tally: &mut Vec<u32>, len: usize) {
    if tally.len() < len {
        tally.resize(len, 0);
    }
}

/// A counting sort's running sums in one pass: `begins[0] = 0` and `begins[b + 1]` = the sum
/// of `tally[..b]` (where key b's entries begin), zeroing `tally` as it goes (so that it needs
/// no clearing before its next use). `begins` is one longer than `tally`; its last entry is
/// left as it was (the scatter advances `begins[b + 1]` from where key b begins to where it
/// ends). Returns the sum of the tallies.
#[inline]
fn begins_and_clear(tally: &mut [u32], begins: &mut [u32]) -> usize {
    let begins = &mut begins[..tally.len() + 1];
    begins[0] = 0;
    let mut acc = 0u32;
    for (count, begin) in tally.iter_mut().zip(&mut begins[1..]) {
        *begin = acc;
        acc += *count;
        *count = 0;
    }
    acc as usize
}

/// The cell coordinate `f` falls in, limited to `[0, n - 1]`: `f` truncated toward zero,
/// and 0 for a negative `f` or NaN, by Rust's saturating conversion, then at most `n - 1`.
/// The same as truncating `f` clamped to `[0, n - 1]` as a float (which the grid did
/// before): for `f` in `(-1, n - 1]` both truncate the same value (0 for `(-1, 0]`), below
/// both give 0, above both give `n - 1` (`n - 1` is exact as a float); NaN gives 0 both
/// ways. A float clamp of x and y, vectorised by the compiler, took a branch per coordinate.
#[inline(always)]
fn cell_of(f: f64, n: u32) -> u32 {
    (f as u32).min(n - 1)
}

/// The least and the largest corner of the box of the segment from `a` to `b`.
#[inline(always)]
fn corners(a: [f64; 2], b: [f64; 2]) -> ([f64; 2], [f64; 2]) {
    let (x0, x1) = if a[0] < b[0] {
        (a[0], b[0])
    } else {
        (b[0], a[0])
    };
    let (y0, y1) = if a[1] < b[1] {
        (a[1], b[1])
    } else {
        (b[1], a[1])
    };
    ([x0, y0], [x1, y1])
}

/// The cells of `grid` that meet the segment from `a` to `b` widened by `reach` (and perhaps
/// others), row by row: calls `f(cy, cx0, cx1)` for each row `cy` the widened segment meets,
/// with the least and largest cell of the row to visit. Each row's cells run from the cell of
/// the least x of the segment's part whose y is within `reach` of the row to the cell of the
/// largest (widened by `reach` and a margin of a billionth of the coordinates for the
/// roundings), so that a long diagonal path reads the cells along it, not its whole box.
fn rows_along(grid: &Grid, a: [f64; 2], b: [f64; 2], reach: f64, mut f: impl FnMut(u32, u32, u32)) {
    let ([x0, y0], [x1, y1]) = corners(a, b);
    let margin = 1e-9 * (1.0 + x1.abs() + x0.abs() + y1.abs() + y0.abs() + reach);
    let cw = 1.0 / grid.inv_cell;
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    for cy in grid.cy(y0 - reach)..=grid.cy(y1 + reach) {
        // The row's band of y widened by `reach` (unbounded beyond the first and last
        // rows, which hold every point past them), and the segment's part within it as
        // parameters in [0, 1] (the whole segment when the roundings leave none).
        let lo = if cy == 0 {
            f64::NEG_INFINITY
        } else {
            grid.oy + f64::from(cy) * cw - reach - margin
        };
        let hi = if cy + 1 >= grid.ny {
            f64::INFINITY
        } else {
            grid.oy + f64::from(cy + 1) * cw + reach + margin
        };
        let (t0, t1) = if dy == 0.0 {
            (0.0, 1.0)
        } else {
            let (u, v) = ((lo - a[1]) / dy, (hi - a[1]) / dy);
            let (u, v) = if u < v { (u, v) } else { (v, u) };
            (u.max(0.0), v.min(1.0))
        };
        let (t0, t1) = if t0 <= t1 { (t0, t1) } else { (0.0, 1.0) };
        let (xa, xb) = (a[0] + t0 * dx, a[0] + t1 * dx);
        let (xa, xb) = if xa < xb { (xa, xb) } else { (xb, xa) };
        f(
            cy,
            grid.cx(xa - reach - margin),
            grid.cx(xb + reach + margin),
        );
    }
}

/// Discs per chunk of [`find_escapees`]' pass (the bits of a `u32` at most). 8 measured
/// fewest instructions on scene (c) at N = 4096 among 4, 8 and 16 (85.16, 84.97 and 85.16
/// a disc-step).
const MOVED_CHUNK: usize = 8;
const _: () = assert!(MOVED_CHUNK <= 32);

/// [`Near::recheck`]'s escapees: the discs on the table now (`on`) whose squared
/// displacement from their position at the build (`home`, NaN for a disc off the table
/// then) to now (`kin`) exceeds `tau2`, into `escapees` in ascending order; false (and
/// `escapees` incomplete) if there are more than `room` of them.
///
/// The same discs, in the same order, as a plain pass testing `dx² + dy² > tau2 && on[i]`
/// disc by disc: each disc's squared displacement is computed and compared by the same
/// operations, only chunk by chunk ([`moved_beyond`], so that the compiler takes a chunk's
/// tests together, without a branch a disc), and the discs of a chunk whose test holds are
/// then taken in ascending order (lowest bit first), before the next chunk's. A chunk is
/// tested disc by disc only if its largest squared displacement ([`most_moved2`]) exceeds
/// `tau2`: since `tau2 = tau²` is not negative, the largest exceeds it exactly when one of
/// them does (a NaN exceeds nothing and is never the largest), so a chunk skipped holds no
/// escapee (most chunks hold none). The test `escapees_are_those_of_the_plain_pass`
/// compares the two.
///
/// Since the eleventh sitting the pass runs in the discs' order, over their records and
/// `home` side by side: two streams that the processor fetches ahead by itself. It ran in
/// the grid's order before, reading each disc's record at a place that drifts from the
/// entries' order as the discs move (scene (c) at N = 262,144: about 9 ns a disc a check,
/// with requests ahead).
#[inline]
fn find_escapees(
    kin: &[Kin],
    home: &[[f64; 2]],
    on: &[bool],
    (tau2, room): (f64, usize),
    escapees: &mut Vec<u32>,
) -> bool {
    escapees.clear();
    let n = kin.len().min(home.len()).min(on.len());
    let (kin, home, on) = (&kin[..n], &home[..n], &on[..n]);
    let (chunks, rest) = kin.as_chunks::<MOVED_CHUNK>();
    let (homes, home_rest) = home.as_chunks::<MOVED_CHUNK>();
    let mut take = |first: usize, mut far: u32| {
        while far != 0 {
            let e = first + far.trailing_zeros() as usize;
            far &= far - 1;
            if on[e] {
                if escapees.len() == room {
                    return false;
                }
                escapees.push(e as u32);
            }
        }
        true
    };
    for (c, (chunk, at)) in chunks.iter().zip(homes).enumerate() {
        if most_moved2(chunk, at) > tau2 && !take(c * MOVED_CHUNK, moved_beyond(chunk, at, tau2)) {
            return false;
        }
    }
    take(n - rest.len(), moved_beyond(rest, home_rest, tau2))
}

/// The squared displacement of a disc from its position at the build (`home`) to now.
#[inline(always)]
fn moved2(k: &Kin, home: &[f64; 2]) -> f64 {
    let (dx, dy) = (k.px - home[0], k.py - home[1]);
    dx * dx + dy * dy
}

/// The largest squared displacement of the discs ([`moved2`]; 0 if none, and a NaN never
/// the largest): above `tau2` if and only if some disc's is, so a chunk whose largest is not
/// holds no escapee.
#[inline(always)]
fn most_moved2(kin: &[Kin], home: &[[f64; 2]]) -> f64 {
    let mut most = 0.0f64;
    for (k, at) in kin.iter().zip(home) {
        let d2 = moved2(k, at);
        most = if d2 > most { d2 } else { most };
    }
    most
}

/// Bit i set for each disc `kin[i]` (at most 32) whose squared displacement from `home[i]`
/// ([`moved2`]) exceeds `tau2`.
#[inline(always)]
fn moved_beyond(kin: &[Kin], home: &[[f64; 2]], tau2: f64) -> u32 {
    let mut far = 0u32;
    for (i, (k, at)) in kin.iter().zip(home).enumerate() {
        far |= u32::from(moved2(k, at) > tau2) << i;
    }
    far
}

/// The bucket of cell (cx, cy) among `mask + 1` hashed buckets.
#[inline(always)]
fn hash_cell(cx: u32, cy: u32, mask: u32) -> u32 {
    let h = u64::from(cx).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ u64::from(cy).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    ((h >> 32) as u32) & mask
}

/// The reach of the dense pair search: two discs are a pair if their centres are closer than
/// `r_i + r_j + skin`; `same2` is `(rr_same + skin)²` when every disc has the same radius;
/// `r` the discs' radii (read only when they differ).
#[derive(Clone, Copy)]
struct Reach<'a> {
    skin: f64,
    same2: f64,
    r: &'a [f64],
}

/// Where the dense pair search stands: the next entry of the grid to search and the pairs
/// found so far.
struct DenseAt {
    a: usize,
    k: usize,
}

/// Lengthens the pair buffer to `room` entries and [`PAIRS_SLACK`] more (as far as its
/// capacity, which [`Near::reserve`] sized for the world, allows), so that a search rarely
/// stops to lengthen it again. Rare: a build truncates the buffer to its pairs, so a search
/// lengthens it only when it finds more pairs than the build before.
#[cold]
#[inline(never)]
fn lengthen(pairs: &mut Vec<[u32; 2]>, room: usize) {
    let want = (room + PAIRS_SLACK).min(pairs.capacity()).max(room);
    pairs.resize(want, [0, 0]);
}

/// [`lengthen`]'s entries beyond what a disc's candidates need. 256 (2 KB zeroed at most a
/// build) made scene (c) at N = 4096 lengthen about once a build instead of about 117 times.
const PAIRS_SLACK: usize = 256;

/// The dense pair search's test of disc `me` against the candidates `cands`: each candidate
/// is written at `pairs[k]` and kept (k advances) only if close enough, with no branch to
/// mispredict. Returns the new count. The offset is taken as the candidate's position less
/// the disc's, the negation of the disc's less the candidate's with the same bits
/// (round-to-nearest is symmetric), so the squares and the pairs kept are those of either.
/// `r_me` is `me`'s radius (when not `SAME`; the candidates' are read from `reach.r`).
#[inline(always)]
fn close_candidates<const SAME: bool>(
    (me, r_me): (&Item, f64),
    cands: &[Item],
    reach: Reach,
    pairs: &mut [[u32; 2]],
    mut k: usize,
) -> usize {
    let (x, y, i) = (me.x, me.y, me.id);
    let (skin, same2, r) = (reach.skin, reach.same2, reach.r);
    for item in cands {
        let dx = item.x - x;
        let dy = item.y - y;
        let reach2 = if SAME {
            same2
        } else {
            let reach = r_me + r[item.id as usize] + skin;
            reach * reach
        };
        pairs[k] = [i, item.id];
        k += usize::from(dx * dx + dy * dy < reach2);
    }
    k
}

impl Near {
    /// Substep `substeps` (counted as [`SolverStats::substeps`](super::SolverStats::substeps))
    /// relative to the list's build, as the pairs' dues count it (below `u32::MAX`, which is
    /// never due).
    #[inline(always)]
    pub(super) fn tick(&self, substeps: u64) -> u32 {
        (substeps - self.base_tick).min(u64::from(u32::MAX - 1)) as u32
    }

    /// Rebuilds the grid, the pairs and their index from the discs' positions now, with skin
    /// `skin` (the tests' build; the rebuild takes its steps one at a time, with stage 3's
    /// first dues before the index): [`Near::enter_discs`], [`Near::list_pairs`],
    /// [`Near::index_partners`]. `on[i]` says whether disc i is on the table.
    #[cfg(test)]
    pub fn build(&mut self, hx: f64, hy: f64, skin: f64, kin: &[Kin], r: &[f64], on: &[bool]) {
        self.enter_discs(&r[..kin.len()], &on[..kin.len()]);
        self.build_over(hx, hy, skin, kin, r, on);
    }

    /// A build's look at the discs (radii `r`, `on` the table, one each) before the grid and
    /// pairs ([`Near::list_pairs`]): their largest and smallest radii and count, and the empty
    /// ranges of pairs of those off the table. A build over the same discs as the last
    /// ([`Near::same_discs`]) may skip it.
    pub fn enter_discs(&mut self, r: &[f64], on: &[bool]) {
        let n = r.len();
        let on = &on[..n];
        let mut r_max = 0.0f64;
        let mut r_min = f64::INFINITY;
        let mut n_on = 0usize;
        // A disc off the table lists no pairs; the pair search sets the others' `own`.
        self.own.resize(n, [0; 2]);
        let own = &mut self.own[..n];
        for i in 0..n {
            if on[i] {
                // Radii are positive and finite: plain compares (no NaN handling).
                r_max = if r[i] > r_max { r[i] } else { r_max };
                r_min = if r[i] < r_min { r[i] } else { r_min };
                n_on += 1;
            } else {
                own[i] = [0; 2];
            }
        }
        self.r_max = r_max;
        self.r_min = r_min;
        // Radii within a factor of two of the smallest: the grid holds every disc (the plain
        // compare is false for no disc on the table, r_min infinite). Else the discs more
        // than twice the smallest are kept apart: in a list (`big`) if there are few of them
        // ([`big_discs_at_most`]), else in a grid per size class (`classes`).
        self.big.clear();
        self.classes.clear();
        self.r_grid = r_max;
        if r_max > 2.0 * r_min {
            let mut r_grid = 0.0f64;
            let mut larger = 0usize;
            for i in 0..n {
                if on[i] && r[i] <= 2.0 * r_min {
                    r_grid = if r[i] > r_grid { r[i] } else { r_grid };
                }
            }
            for i in 0..n {
                larger += usize::from(on[i] && r[i] > r_grid);
            }
            self.r_grid = r_grid;
            if larger <= big_discs_at_most(n_on) {
                for i in 0..n {
                    if on[i] && r[i] > r_grid {
                        self.big.push(i as u32);
                    }
                }
            } else {
                self.classes.enter(r, on, r_grid);
            }
        }
        self.rr_same = (r_min == r_max).then_some(r_max + r_max);
        self.n_on = n_on;
    }

    /// Whether a rebuild over discs `kin` with `n_on` of them on the table may skip
    /// [`Near::enter_discs`]: the list describes the discs (`valid`: none was added or put on
    /// the table since the build, each of which clears it) and as many are on the table as at
    /// the build (a disc leaving it lowers the count, and none came on), so the discs on the
    /// table are those of the build.
    pub fn same_discs(&self, kin: &[Kin], n_on: usize) -> bool {
        self.valid && self.n_on == n_on && self.own.len() == kin.len()
    }

    /// The tests' build over the same discs on the table as the build before
    /// ([`Near::same_discs`]): [`Near::list_pairs`] and [`Near::index_partners`].
    #[cfg(test)]
    pub fn build_over(&mut self, hx: f64, hy: f64, skin: f64, kin: &[Kin], r: &[f64], on: &[bool]) {
        self.list_pairs(hx, hy, skin, kin, r, on);
        self.index_partners(kin.len());
    }

    /// Rebuilds the grid and the pairs from the discs' positions now (`kin`; radii `r`, `on`
    /// the table), with skin `skin`, and makes room for the pairs' dues; the pairs' index
    /// ([`Near::index_partners`]) must follow before it is read. The discs' largest and
    /// smallest radii, their count and the off-table discs' empty ranges of pairs (the pair
    /// search writes only those of discs on the table) are those [`Near::enter_discs`] found,
    /// at this build or one before over the same discs.
    pub fn list_pairs(&mut self, hx: f64, hy: f64, skin: f64, kin: &[Kin], r: &[f64], on: &[bool]) {
        let n = kin.len();
        let n_on = self.n_on;
        self.valid = true;
        self.skin = skin;
        self.disp = 0.0;
        self.since = 0.0;
        self.may_recheck = true;
        self.serve = skin;
        // Cells of at least the largest diameter plus the skin, a whole number of them across
        // the table (a disc's neighbours within the skin are in its cell or the 8 around).
        let want = 2.0 * self.r_grid + skin;
        let want = if want.is_finite() && want > 0.0 {
            want
        } else {
            2.0 * hx.max(hy)
        };
        // A dense grid when the table holds few enough cells, with cells up to twice as wide
        // as wanted (a small world); else hashed cells of the wanted width. A dense grid keeps
        // one empty column right of the table and one empty row above it, so that every cell
        // has a right neighbour and a row above in the array (`stride` = nx + 1).
        let max_dense = (4 * n_on + 16) as f64;
        let (mut nx, mut ny, mut cell) = (0.0, 0.0, want);
        let mut hashed = true;
        while cell <= 2.0 * want {
            (nx, ny) = Grid::cells_across(hx, hy, cell);
            if (nx + 1.0) * (ny + 1.0) <= max_dense {
                hashed = false;
                break;
            }
            cell *= 1.25;
        }
        if hashed {
            cell = want;
            (nx, ny) = Grid::cells_across(hx, hy, cell);
        }
        let cw = (2.0 * hx / nx).max(2.0 * hy / ny).max(cell);
        let (nx, ny) = (nx as u32, ny as u32);
        let buckets = if hashed {
            (2 * n_on).next_power_of_two().max(16)
        } else {
            (nx as usize + 1) * (ny as usize + 1)
        };
        let grid = Grid {
            ox: -hx,
            oy: -hy,
            inv_cell: 1.0 / cw,
            nx,
            ny,
            hashed,
            mask: (buckets - 1) as u32,
        };
        self.grid = grid;
        self.reserve(n, n_on, self.r_grid, self.r_min, skin);
        let m = if self.apart() || !self.fast.is_empty() {
            self.sort_small_into_buckets(kin, on, r, buckets)
        } else if n_on == n {
            self.sort_into_buckets::<true>(kin, on, buckets)
        } else {
            self.sort_into_buckets::<false>(kin, on, buckets)
        };
        if !self.classes.levels.is_empty() {
            let k = self.class_pairs((hx, hy, skin), kin, r);
            // A fast disc of a size class is found in every substep wherever it is: no check
            // counts it as moved (its listed pairs, a skin for the others' speeds, are tested
            // as any, the same events again).
            for &i in &self.fast {
                self.home[i as usize] = [f64::NAN; 2];
            }
            self.pairs.truncate(k);
            self.room_for_dues();
            return;
        }
        let k = if hashed {
            self.item_cell.resize(m, [0; 2]);
            for slot in 0..m {
                let (cx, cy) = grid.cell_coords(self.items[slot].x, self.items[slot].y);
                self.item_cell[slot] = [cx, cy];
            }
            self.hashed_pairs(skin, r)
        } else {
            self.dense_pairs(skin, r)
        };
        let k = if self.big.is_empty() {
            k
        } else {
            self.big_pairs(k, skin, kin, r)
        };
        self.pairs.truncate(k);
        self.room_for_dues();
    }

    /// The build's counting sort of the discs on the table into the grid's `buckets` buckets
    /// (`items`, `start`). Returns the number of entries. `ALL_ON`: every disc is on the
    /// table, so `on` is not read. The first pass keeps each disc's bucket in `adj_start` (as
    /// long as the discs plus one, and rewritten whole by [`Near::index_partners`] after the
    /// search). It also keeps each disc's position in `home` (NaN for a disc off the table),
    /// which the check reads ([`Near::recheck`]); the scatter reads the positions from there,
    /// 16 bytes a disc, not from the records again (64). Before the eleventh sitting, when no
    /// check read them, a buffer of positions was more to write and read in a large world
    /// than the records read twice.
    ///
    /// `tally[b]` counts bucket b (`tally` is all zeros between builds); one pass then sets
    /// `start[b + 1]` to where bucket b begins (the running sum of the tallies before it) and
    /// zeroes `tally[b]` as it goes; the scatter advances `start[b + 1]` to where bucket b
    /// ends, which is where bucket b + 1 begins.
    fn sort_into_buckets<const ALL_ON: bool>(
        &mut self,
        kin: &[Kin],
        on: &[bool],
        buckets: usize,
    ) -> usize {
        let n = kin.len();
        let (kin, on) = (&kin[..n], &on[..n]);
        let grid = self.grid;
        // The buffers are taken out of `self` for the passes (without allocating), so that
        // they are indexed through slices cut once while the grid's geometry is read.
        let (mut start, mut items, mut bucket_of) = (
            std::mem::take(&mut self.start),
            std::mem::take(&mut self.items),
            std::mem::take(&mut self.adj_start),
        );
        grow_zeroed(&mut self.tally, buckets);
        start.resize(buckets + 1, 0);
        bucket_of.resize(n + 1, 0);
        self.home.resize(n, [0.0; 2]);
        let (tally, bucket_at) = (&mut self.tally[..buckets], &mut bucket_of[..n]);
        let home = &mut self.home[..n];
        for i in 0..n {
            if ALL_ON || on[i] {
                let (x, y) = (kin[i].px, kin[i].py);
                let (cx, cy) = grid.cell_coords(x, y);
                let bucket = grid.bucket(cx, cy);
                bucket_at[i] = bucket;
                tally[bucket as usize] += 1;
                home[i] = [x, y];
            } else {
                home[i] = [f64::NAN; 2];
            }
        }
        let m = begins_and_clear(tally, &mut start[..buckets + 1]);
        items.resize(m, Item::default());
        let (cursor, slots) = (&mut start[1..], &mut items[..m]);
        for i in 0..n {
            if ALL_ON || on[i] {
                let ([x, y], bucket) = (home[i], bucket_at[i]);
                let b = bucket as usize;
                slots[cursor[b] as usize] = Item {
                    x,
                    y,
                    id: i as u32,
                    bucket,
                };
                cursor[b] += 1;
            }
        }
        (self.start, self.items) = (start, items);
        self.adj_start = bucket_of;
        m
    }

    /// [`Near::sort_into_buckets`] of the discs on the table of radius at most
    /// [`Near::r_grid`] only (those not `big`), with `home` kept for the `big` ones too (the
    /// check's escapees are every disc's on the table). Returns the number of entries.
    #[cold]
    #[inline(never)]
    fn sort_small_into_buckets(
        &mut self,
        kin: &[Kin],
        on: &[bool],
        r: &[f64],
        buckets: usize,
    ) -> usize {
        let n = kin.len();
        let mut grid_on = std::mem::take(&mut self.grid_on);
        grid_on.clear();
        if self.fast.is_empty() {
            grid_on.extend((0..n).map(|i| on[i] && r[i] <= self.r_grid));
        } else {
            let fast = &self.is_fast[..n];
            grid_on.extend((0..n).map(|i| on[i] && r[i] <= self.r_grid && !fast[i]));
        }
        let m = self.sort_into_buckets::<false>(kin, &grid_on, buckets);
        self.grid_on = grid_on;
        for &i in &self.big {
            let i = i as usize;
            if !self.fast_disc(i) {
                self.home[i] = [kin[i].px, kin[i].py];
            }
        }
        // A fast disc lists no pairs (its `home` stays NaN: no check counts it as moved).
        for &i in &self.fast {
            self.own[i as usize] = [0; 2];
        }
        m
    }

    /// Forgets the fast discs of the last build ([`Near::fast`]).
    #[inline]
    pub fn clear_fast(&mut self) {
        if !self.fast.is_empty() {
            for &i in &self.fast {
                self.is_fast[i as usize] = false;
            }
            self.fast.clear();
            self.fast_grid.on = false;
        }
    }

    /// Whether disc `i`'s new path in the substep, `travel` long at most (the substep's length
    /// times its speed), should go into the discs made fast within the substep
    /// ([`Near::enter_late`]) rather than widen every later look of the substep to its travel:
    /// a disc of a list that is not complete whose speed alone would ask for more than twice
    /// the list's skin (`2.5 h v + 2 NEAR_MARGIN_M`, the rule a build sizes the skin by), a
    /// fast disc the list keeps apart, or one entered already.
    #[inline]
    pub fn goes_late(&self, i: usize, travel: f64) -> bool {
        self.late.has(i)
            || self.fast_disc(i)
            || (self.valid
                && !self.complete
                && 2.5 * travel + 2.0 * NEAR_MARGIN_M > 2.0 * self.skin)
    }

    /// Enters disc `i` (of `n`; radius `r`) in the discs made fast within the substep, at `at`, its
    /// position at substep time `t` (when its path changed, or at its horizon), moving at
    /// speed `c` in a substep of length `h` on a table of half sizes `hx`, `hy`, or moves it
    /// there if it is entered already. Every look of the rest of the substep finds it there
    /// ([`Near::for_each_in_box`], [`Near::for_each_along`]); the substep's end takes it out
    /// and marks the list for a rebuild ([`Near::end_late`]).
    ///
    /// A disc whose rest of the substep is longer than one stretch ([`LATE_STRETCH`] times
    /// the larger of the skin and `r_grid`, or a millionth of its substep's travel if more) is
    /// entered for the stretch alone: its look goes along the stretch ([`Near::late_until`]),
    /// it is found by the looks within a stretch of `at` (where it is for a stretch's time
    /// before and after: past its horizon, and through a round's window before), and the
    /// returned time, halfway
    /// along the stretch, is its horizon (the caller queues it, `KIND_HORIZON`), at which it
    /// is entered again where it is then and looks along the next stretch. Each look queues
    /// only the contacts of its own part of the path (from its entering, or from the end of
    /// the stretch the look before covered, to the end of its stretch), so a disc's looks
    /// share out its path without overlap. Every contact is queued in time: of the two looks,
    /// one per disc, whose parts hold the contact (each made before it), the later one
    /// finds the other disc, which was entered on its present path before and is, at the
    /// contact, within a stretch of where it was last entered (or, a disc of the grid,
    /// within `disp` of its cell; a disc kept apart, within its level's spread). Each pair
    /// is computed as the re-prediction at the later of its discs' path changes computed it
    /// (`predict::Neighbours::predict_stretch`), so the events are the same bits however the
    /// pairs are found.
    pub fn enter_late(
        &mut self,
        (i, n, r): (usize, usize, f64),
        at: (f64, f64),
        (t, c, h): (f64, f64, f64),
        (hx, hy): (f64, f64),
    ) -> Option<f64> {
        if !self.late.has(i) {
            if !self.fast_disc(i) {
                self.late_gridded = true;
            } else if self.fast_grid.on {
                self.fast_grid.gone(i);
            }
        }
        #[cfg(test)]
        {
            self.late_counts[0] += 1;
        }
        let unit = self.skin.max(self.r_grid);
        let dims = [hx, hy, self.r_grid];
        // (At least a millionth of the substep's travel, so that the half stretch an entering
        // covers backwards always holds a round's window, a billionth of the substep.)
        let stretch = (LATE_STRETCH * unit).max(1e-6 * h * c);
        let rest = (h - t) * c;
        if rest > stretch {
            let w = stretch / c;
            self.late.enter((i, n, r), at, (stretch, t + w), unit, dims);
            Some(t + 0.5 * w)
        } else {
            self.late.enter((i, n, r), at, (rest, h), unit, dims);
            None
        }
    }

    /// The substep time up to which disc `i`'s last look went along its path, if it is one
    /// of the discs made fast in the substep ([`Near::enter_late`]).
    #[inline]
    pub fn late_until(&self, i: usize) -> Option<f64> {
        if self.late.any() {
            self.late.until(i)
        } else {
            None
        }
    }

    /// Whether the fast discs the last build keeps apart are in grids of their own
    /// ([`FastGrid`]).
    #[cfg(test)]
    pub fn fast_grid_on(&self) -> bool {
        self.fast_grid.on
    }

    /// Whether any disc was entered in the substep's discs made fast ([`Near::enter_late`]).
    #[inline(always)]
    pub fn late_any(&self) -> bool {
        self.late.any()
    }

    /// The end of a substep whose stage 4 made discs fast ([`Near::enter_late`]): takes them
    /// out, and, if any of them is a disc of the grid, marks the list for a rebuild, since it
    /// may be farther from where the grid has it than the displacement bound `disp` says (the
    /// rebuild keeps it apart as fast if it still is). The fast discs the list keeps apart
    /// ([`Near::fast`]) are found afresh in every substep, wherever they are.
    #[cold]
    pub fn end_late(&mut self) {
        self.late.clear();
        if self.late_gridded {
            self.late_gridded = false;
            self.valid = false;
        }
    }

    /// Whether disc `i` is one of the fast discs the list keeps apart ([`Near::fast`]).
    #[inline(always)]
    pub fn fast_disc(&self, i: usize) -> bool {
        !self.fast.is_empty() && self.is_fast.get(i).copied().unwrap_or(false)
    }

    /// A build's choice of the discs it keeps apart for their speed ([`Near::fast`]), among
    /// the `moving` discs (records `kin`), for a substep of length `h` whose
    /// fastest disc moves at `v_all`, with `base` the skin the radii ask for: the discs whose
    /// speed alone asks for a skin more than twice `base` (`2.5 h v + 2 NEAR_MARGIN_M`, the
    /// rebuild's rule), if the skin the others ask for is less than half the one `v_all`
    /// asks for, however many they are (more than [`big_discs_at_most`]: in a grid of their
    /// own, [`FastGrid`]) and whatever their radii (a disc larger than [`Near::r_grid`] is
    /// kept apart as the others are, and stays in `big` or its size class too, where a look
    /// may find it again: the same pair, the same event; before 7 Dec 2026, the forty-second
    /// sitting, one such disc kept every disc in the list, and the skin followed it). Returns the
    /// largest speed of the others (the list's), or `v_all` when it keeps none apart. After
    /// [`Near::enter_discs`].
    pub fn keep_fast_apart(
        &mut self,
        kin: &[Kin],
        moving: &[u32],
        (h, base, v_all): (f64, f64, f64),
    ) -> f64 {
        self.clear_fast();
        let n = kin.len();
        let most = big_discs_at_most(self.n_on);
        // Room for them once (the first build that asks; the reserve of a world whose
        // builds never keep discs apart stays as it was).
        if self.is_fast.capacity() < n {
            self.fast.reserve(most);
            self.is_fast.reserve(n);
            self.grid_on.reserve(n);
        }
        let need = |v: f64| base.max(2.5 * h * v + 2.0 * NEAR_MARGIN_M);
        // Faster than this asks for more than twice `base`.
        let thr = (2.0 * base - 2.0 * NEAR_MARGIN_M) / (2.5 * h);
        let thr2 = thr * thr;
        let mut slow2 = 0.0f64;
        for &i in moving {
            let k = &kin[i as usize];
            let w2 = k.vx * k.vx + k.vy * k.vy;
            if w2 > thr2 {
                // More than the cap: room for every disc, once (then a grid of their own).
                if self.fast.len() == most {
                    self.fast.reserve(n - most);
                    self.fast_grid.reserve(n);
                }
                self.fast.push(i);
            } else {
                slow2 = if w2 > slow2 { w2 } else { slow2 };
            }
        }
        let slow = slow2.sqrt();
        if self.fast.is_empty() || need(v_all) <= 2.0 * need(slow) {
            self.fast.clear();
            return v_all;
        }
        self.fast.sort_unstable();
        self.fast_grid.on = self.fast.len() > most;
        self.is_fast.resize(n, false);
        for &i in &self.fast {
            self.is_fast[i as usize] = true;
        }
        slow
    }

    /// Checks whether the list still serves, from the discs' true displacements since the
    /// build (`kin`, `r` and `on` as [`Near::list_pairs`] takes them, at the substep's start), now
    /// that the bound `disp` says it may not: if it does, sets how much farther any disc may
    /// move before the next check (`since`, `serve`) and returns true; else returns false
    /// (the caller rebuilds). `h_v` is what any disc moves in the coming substep (its length
    /// times the largest speed).
    ///
    /// With `half` = (skin − [`NEAR_MARGIN_M`]) / 2 and `tau` = [`RECHECK_TAU`] `half`, or less
    /// when the next substep's travel `h_v` needs it (`half − tau` must reach `h_v` +
    /// [`RECHECK_GAIN`] `half`; at least [`RECHECK_TAU_LEAST`] `half`): a pair not listed was
    /// at least `skin` apart (surfaces) at the build, so two discs that have both moved at most
    /// `tau` since are at least `skin − 2 tau` apart now, and cannot touch before one of them
    /// moves `half − tau` more (which holds for any `tau` up to `half`). A disc that has moved
    /// farther (an escapee; at most one in [`RECHECK_ESCAPEES`]) is checked against each disc
    /// near it now that it is not listed with (found in the grid, which has every disc within
    /// `disp` of where it is): a gap `g` between them now lets each move
    /// `(g − NEAR_MARGIN_M) / 2` more. The list then serves while every disc moves less than
    /// the least of these from now on, which must exceed `h_v` by [`RECHECK_GAIN`] `half`, or
    /// the check is not worth it.
    pub fn recheck(&mut self, kin: &[Kin], r: &[f64], on: &[bool], h_v: f64) -> bool {
        let half = 0.5 * (self.skin - NEAR_MARGIN_M);
        let least = h_v + RECHECK_GAIN * half;
        let tau = (RECHECK_TAU * half).min(half - least);
        let mut slack = half - tau;
        if tau < RECHECK_TAU_LEAST * half || !self.may_recheck {
            return false;
        }
        // When `tau` was shrunk to `half - least`, `half - tau` can round to an ulp below
        // `least`; the check is then still worth it unless an escapee lowers `slack`.
        let worth = least.min(slack);
        // The escapees first, so that a check with too many looks at none of them.
        // (The discs entered: the grid's and the size classes'.)
        let entered = self.items.len() + self.classes.entries();
        let (room, tau2) = (entered / RECHECK_ESCAPEES, tau * tau);
        if !find_escapees(kin, &self.home, on, (tau2, room), &mut self.escapees) {
            return false;
        }
        // Unlisted discs farther apart than this now do not lower `slack`. The escapees come
        // in the discs' order, on which the verdict and `serve` do not depend: `slack` ends as
        // the least over all of them (a minimum, exact in any order), and since it only
        // falls, a check that returns false at one escapee would after all of them too.
        let near_gap = 2.0 * slack + NEAR_MARGIN_M;
        let has_big = self.apart();
        for &e in &self.escapees {
            let e = e as usize;
            let (ex, ey, re) = (kin[e].px, kin[e].py, r[e]);
            let reach = re + self.r_grid + near_gap + self.disp;
            // A disc is within `disp` of its entry's position, so one whose entry is farther
            // than `reach` from the escapee is farther than `re + r_max + near_gap` now: its
            // test below would fail, and its record (a miss at a random place in a large
            // world) is not read. The bound is widened by a billionth for the roundings.
            let far2 = {
                let far = reach * (1.0 + 1e-9);
                far * far
            };
            self.for_each_entry_in_box(ex - reach, ey - reach, ex + reach, ey + reach, |item| {
                let (hx, hy) = (ex - item.x, ey - item.y);
                if hx * hx + hy * hy > far2 {
                    return;
                }
                let j = item.id as usize;
                let (dx, dy) = (ex - kin[j].px, ey - kin[j].py);
                // Every entry's disc has radius `r_max` when they all have one (the same
                // bits as `r[j]`, see `rr_same`): no read of `r` then.
                let rj = match self.rr_same {
                    Some(_) => self.r_max,
                    None => r[j],
                };
                let (d2, close) = (dx * dx + dy * dy, re + rj + near_gap);
                if d2 < close * close && j != e && on[j] && !self.listed(e, j) {
                    let gap = d2.sqrt() - re - rj;
                    slack = slack.min(0.5 * (gap - NEAR_MARGIN_M));
                }
            });
            // The discs larger than `r_grid` are not in the grid: each is looked at.
            if has_big {
                slack = self.big_slack(e, (kin, r, on), near_gap, slack);
            }
            if slack < worth {
                return false;
            }
        }
        self.since = self.disp;
        self.serve = 2.0 * slack + NEAR_MARGIN_M;
        self.may_recheck = self.escapees.len() * RECHECK_LAST <= room;
        true
    }

    /// [`Near::recheck`]'s look at the discs larger than [`Near::r_grid`] (`big`, not in the
    /// grid) for escapee `e`: `slack` lowered to half the gap (less the margin) of each not
    /// listed with it and closer than `near_gap` now.
    #[cold]
    #[inline(never)]
    fn big_slack(
        &self,
        e: usize,
        (kin, r, on): (&[Kin], &[f64], &[bool]),
        near_gap: f64,
        mut slack: f64,
    ) -> f64 {
        if !self.classes.levels.is_empty() {
            return self.class_slack(e, (kin, r, on), near_gap, slack);
        }
        for &j in &self.big {
            slack = self.slack_with(e, j as usize, (kin, r, on), near_gap, slack);
        }
        slack
    }

    /// `slack` lowered to half the gap (less the margin) between escapee `e` and disc `j`
    /// when `j` is on the table, not `e`, closer than `near_gap` and not listed with `e`.
    #[inline]
    fn slack_with(
        &self,
        e: usize,
        j: usize,
        (kin, r, on): (&[Kin], &[f64], &[bool]),
        near_gap: f64,
        slack: f64,
    ) -> f64 {
        let (dx, dy) = (kin[e].px - kin[j].px, kin[e].py - kin[j].py);
        let (d2, close) = (dx * dx + dy * dy, r[e] + r[j] + near_gap);
        if d2 < close * close && j != e && on[j] && !self.listed(e, j) {
            let gap = d2.sqrt() - r[e] - r[j];
            slack.min(0.5 * (gap - NEAR_MARGIN_M))
        } else {
            slack
        }
    }

    /// Disc `i`'s two ranges of the pair index: the pairs listing it first
    /// (`pairs[lo..hi]`) and its entries for those listing it second (`adj[alo..ahi]`).
    /// Every walk of a disc's partners begins here; `i` must be below `own.len()`.
    #[inline(always)]
    fn ranges(&self, i: usize) -> ([usize; 2], [usize; 2]) {
        let own = self.own[i].map(|p| p as usize);
        let adj = [self.adj_start[i] as usize, self.adj_start[i + 1] as usize];
        (own, adj)
    }

    /// Whether discs `i` and `j` are a listed pair. Out of line: [`Near::recheck`] asks it
    /// only of the few discs close to an escapee, and the closure that asks it is then small
    /// enough to be inlined into [`Near::for_each_in_box`]'s loops (else a call a disc).
    #[inline(never)]
    fn listed(&self, i: usize, j: usize) -> bool {
        let ([lo, hi], [alo, ahi]) = self.ranges(i);
        self.pairs[lo..hi].iter().any(|&[_, b]| b as usize == j)
            || self.adj[alo..ahi].iter().any(|&[_, a]| a as usize == j)
    }

    /// Room for the pairs' dues, every block and the list due at once. The pairs' own dues
    /// are left for [`first_dues`], which the rebuild calls at once and which writes every
    /// one of them: only room the list did not have before is zeroed, and the last block's
    /// padding set to never (zeroing every due first, a `memset` of 4 bytes a pair, was
    /// wasted).
    fn room_for_dues(&mut self) {
        let k = self.pairs.len();
        self.due.truncate(k);
        self.due.resize(k, 0);
        self.due.resize(k.next_multiple_of(DUE_BLOCK), u32::MAX);
        self.block_due.clear();
        self.block_due.resize(k.div_ceil(DUE_BLOCK), 0);
        self.next_due = 0;
    }

    /// The pairs listing each disc second, over `n` discs (a counting sort by disc: the
    /// search keeps the pairs listing a disc first together), and room in stage 3's scratch
    /// list for every pair (`todo`; sized here, after the first dues, so that what it
    /// zeroes when the list grows comes after them, as the index does). Out of line, as is
    /// [`Near::dense_pairs`]: inlined into the build they cost about 1 M instructions more in 7
    /// builds of scene (c) at N = 4096 (registers spilled across the loops).
    #[inline(never)]
    pub fn index_partners(&mut self, n: usize) {
        let k = self.pairs.len();
        self.todo.resize(k, 0);
        // Counting sort by disc, as the grid's: tally[x] counts disc x, one pass sets
        // adj_start[x + 1] to where disc x's pairs begin (and clears the tally), and the
        // scatter advances it to where they end (where disc x + 1's begin).
        grow_zeroed(&mut self.tally, n);
        self.adj_start.resize(n + 1, 0);
        let (pairs, tally) = (&self.pairs[..k], &mut self.tally[..n]);
        for &[_, j] in pairs {
            tally[j as usize] += 1;
        }
        let total = begins_and_clear(tally, &mut self.adj_start[..n + 1]);
        self.adj.resize(total, [0; 2]);
        let (adj, cursor) = (&mut self.adj[..], &mut self.adj_start[1..n + 1]);
        for (p, &[i, j]) in pairs.iter().enumerate() {
            adj[cursor[j as usize] as usize] = [p as u32, i];
            cursor[j as usize] += 1;
        }
    }

    /// The radius of every disc on the table now, when they all have one: `Some(r_max)` if
    /// the list is `valid` and [`Near::rr_same`] is set, else `None`.
    ///
    /// Why this is exact: `valid` means no disc was added or put on the table since the
    /// build (each clears it), so every disc on the table now was on it at the build; with
    /// `rr_same` set, each of those has radius `r_max` exactly (the smallest radius equals
    /// the largest), and a radius never changes.
    #[inline]
    pub fn one_radius(&self) -> Option<f64> {
        if self.valid {
            self.rr_same.map(|_| self.r_max)
        } else {
            None
        }
    }

    /// What a large world's stage 4 need not read of a changed disc's listed partners, with
    /// `n_on` discs on the table now: the partner's radius, when every disc on the table at
    /// the build had the same radius ([`Near::rr_same`]: then `Some(r_max)`, the bits of
    /// every listed disc's `r`), and its `on`, when the world has as many discs on the table
    /// as the build (`true`: see [`Near::n_on`]).
    ///
    /// Why these are exact: a listed pair's discs were both on the table at the build, and
    /// `r_max` is the largest radius of those discs; with `rr_same` set, the smallest equals
    /// it, so every one of them has radius `r_max` exactly, and a radius never changes. No
    /// disc comes on the table while the list lives (a disc added or put back makes a
    /// rebuild) and every disc leaving it lowers the world's count at once, so while that
    /// count is the build's, no listed disc has left: each partner is on the table.
    #[inline]
    pub fn lean_partners(&self, n_on: usize) -> (Option<f64>, bool) {
        (self.rr_same.map(|_| self.r_max), n_on == self.n_on)
    }

    /// Calls `test` with every disc listed in a pair with disc `i`, and makes the pair due at
    /// the substep it returns (`None`: the pair is left as it is), lowering its block's and
    /// the list's earliest dues to it if later (so that stage 4's re-predictions need no
    /// [`Near::pairs_due`] walk first). Two loops over slices (the pairs listing disc `i`
    /// first, then its entries in the index), each with `test` inlined (stage 4 marks its
    /// closure `#[inline(always)]`), and the dues cut to whole blocks: a pair's index is
    /// checked once, where one loop checked it three or four times (in scene (a) 4,900 fewer
    /// instructions, in (b) 2,500; in (c) the same, within 0.02 %).
    #[inline]
    pub fn retest_partners(&mut self, i: usize, mut test: impl FnMut(usize) -> Option<u32>) {
        if i >= self.own.len() {
            return;
        }
        let ([lo, hi], [alo, ahi]) = self.ranges(i);
        // The dues in whole blocks and the blocks' earliest dues cut to one length, so that a
        // pair's block is checked once for both.
        let (blocks, _) = self.due.as_chunks_mut::<DUE_BLOCK>();
        let n_blocks = blocks.len().min(self.block_due.len());
        let (blocks, block_due) = (&mut blocks[..n_blocks], &mut self.block_due[..n_blocks]);
        let next_due = &mut self.next_due;
        // Pair `p` with partner `j`: tested, and its due set (one function for both loops,
        // inlined into each). The list's earliest due is at most every block's
        // ([`Near::next_due`]), so a due at or after its block's earliest is at or after the
        // list's too: only a block lowered can lower the list's (in scene (c) one due in a
        // hundred lowers its block).
        #[inline(always)]
        fn retest(
            (p, j): (usize, u32),
            test: &mut impl FnMut(usize) -> Option<u32>,
            (blocks, block_due): (&mut [[u32; DUE_BLOCK]], &mut [u32]),
            next_due: &mut u32,
        ) {
            if let Some(next) = test(j as usize) {
                let blk = p / DUE_BLOCK;
                blocks[blk][p % DUE_BLOCK] = next;
                let block = &mut block_due[blk];
                if *block > next {
                    *block = next;
                    if *next_due > next {
                        *next_due = next;
                    }
                }
            }
        }
        // The pairs listing disc i first (one range of the list), then those listing it
        // second, each with the other disc.
        for (k, &[_, j]) in self.pairs[lo..hi].iter().enumerate() {
            let dues = (&mut *blocks, &mut *block_due);
            retest((lo + k, j), &mut test, dues, next_due);
        }
        for &[p, j] in &self.adj[alo..ahi] {
            let dues = (&mut *blocks, &mut *block_due);
            retest((p as usize, j), &mut test, dues, next_due);
        }
    }

    /// Calls `f` with every disc listed in a pair with disc `i`, as
    /// [`retest_partners`](Self::retest_partners) walks them, and asks for each pair's due
    /// ([`prefetch()`]), which the re-prediction may write: stage 4's requests ahead
    /// (`events::warm_changed`). Changes nothing.
    #[inline]
    pub fn warm_partners(&self, i: usize, mut f: impl FnMut(usize)) {
        if i >= self.own.len() {
            return;
        }
        let ([lo, hi], [alo, ahi]) = self.ranges(i);
        if let Some(due) = self.due.get(lo) {
            prefetch(due);
        }
        for &[_, j] in &self.pairs[lo..hi] {
            f(j as usize);
        }
        for &[p, j] in &self.adj[alo..ahi] {
            if let Some(due) = self.due.get(p as usize) {
                prefetch(due);
            }
            f(j as usize);
        }
    }

    /// Makes every pair of disc `i` due again by substep `rel` (counted from the build): its
    /// path changed, so what was known of when its pairs may touch no longer holds.
    #[inline]
    pub fn pairs_due(&mut self, i: usize, rel: u32) {
        if !self.valid || i >= self.own.len() {
            return;
        }
        let ([lo, hi], [alo, ahi]) = self.ranges(i);
        let (due, block_due) = (&mut self.due[..], &mut self.block_due[..]);
        // The pairs listing disc i first are one range of the list, their blocks another.
        if lo < hi {
            for due in &mut due[lo..hi] {
                *due = (*due).min(rel);
            }
            for block in &mut block_due[lo / DUE_BLOCK..=(hi - 1) / DUE_BLOCK] {
                *block = (*block).min(rel);
            }
        }
        for &[p, _] in &self.adj[alo..ahi] {
            let (due, block) = (&mut due[p as usize], &mut block_due[p as usize / DUE_BLOCK]);
            if *due > rel {
                *due = rel;
            }
            if *block > rel {
                *block = rel;
            }
        }
        if (lo < hi || alo < ahi) && self.next_due > rel {
            self.next_due = rel;
        }
    }

    /// The pair search of a dense grid: each disc against the later discs of its cell and
    /// the discs of the next cell of its row (one range of `items`), and against the three
    /// cells of the next row (another range), so that each pair of neighbouring cells is
    /// searched once; the grid's empty column and row stand in for the neighbours beyond the
    /// table's edge. Every candidate is written at `k` and kept (k advances) only if close
    /// enough: no branch to mispredict. `pairs` is lengthened ahead of the writes, between
    /// runs of the search ([`Near::dense_run`]) so that the search's loop calls nothing (it
    /// only grows to the largest candidate count seen). Returns the number of pairs.
    ///
    /// When every disc has the same radius ([`Near::rr_same`]) the squared reach is one
    /// constant, `(rr_same + skin)²` (the same bits as each pair's `(r_i + r_j + skin)²`),
    /// which saves the radius read, two additions and a multiplication a candidate.
    #[inline(never)]
    fn dense_pairs(&mut self, skin: f64, r: &[f64]) -> usize {
        match self.rr_same {
            Some(rr) => self.dense_pairs_in::<true>(skin, rr, r),
            None => self.dense_pairs_in::<false>(skin, 0.0, r),
        }
    }

    /// [`Near::dense_pairs`]; `SAME`: every disc's radius is the same, `rr` the sum of two
    /// (else the radii `r` are read).
    #[inline(always)]
    fn dense_pairs_in<const SAME: bool>(&mut self, skin: f64, rr: f64, r: &[f64]) -> usize {
        let same_reach = rr + skin;
        let reach = Reach {
            skin,
            same2: same_reach * same_reach,
            r,
        };
        // The pairs and ranges taken out of `self` for the loop (without allocating), so that
        // their addresses and lengths stay in registers.
        let (mut pairs, mut own) = (
            std::mem::take(&mut self.pairs),
            std::mem::take(&mut self.own),
        );
        // Each pair of entries is a candidate at most once, so there are at most m (m - 1) / 2
        // candidates: a small world's buffer is lengthened once, before the search.
        let m = self.items.len();
        let most = m * m.saturating_sub(1) / 2;
        if pairs.len() < most && most <= pairs.capacity() {
            pairs.resize(most, [0, 0]);
        }
        let mut at = DenseAt { a: 0, k: 0 };
        loop {
            let room = self.dense_run::<SAME>(reach, &mut pairs, &mut own, &mut at);
            if room == 0 {
                break;
            }
            lengthen(&mut pairs, room);
        }
        (self.pairs, self.own) = (pairs, own);
        at.k
    }

    /// [`Near::dense_pairs_in`]'s search from entry `at.a` on, with `at.k` pairs found, until
    /// every entry is searched (returns 0) or an entry's candidates would not fit in `pairs`
    /// (returns the length they need; `at` is then where to resume once it is lengthened).
    /// Out of line, and the loop calls nothing, so its values stay in registers (with the
    /// buffer's growth in the same function, the squared reach was spilled and reloaded a
    /// candidate).
    #[inline(never)]
    fn dense_run<const SAME: bool>(
        &self,
        reach: Reach,
        pairs: &mut [[u32; 2]],
        own: &mut [[u32; 2]],
        at: &mut DenseAt,
    ) -> usize {
        let stride = self.grid.nx as usize + 1;
        let (items, start) = (&self.items[..], &self.start[..]);
        let mut k = at.k;
        for a in at.a..items.len() {
            let me = &items[a];
            // The beginnings of buckets c to c + stride + 2, cut once: the later discs of its
            // cell and the next cell's are `a + 1..start[c + 2]`, the three cells of the next
            // row `start[c + stride - 1]..start[c + stride + 2]`.
            let c = me.bucket as usize;
            let w = &start[c..c + stride + 3];
            let (right, from, to) = (
                w[2] as usize,
                w[stride - 1] as usize,
                w[stride + 2] as usize,
            );
            let (row, next) = (&items[a + 1..right], &items[from..to]);
            let room = k + row.len() + next.len();
            if pairs.len() < room {
                *at = DenseAt { a, k };
                return room;
            }
            let first = k;
            let r_me = if SAME { 0.0 } else { reach.r[me.id as usize] };
            k = close_candidates::<SAME>((me, r_me), row, reach, pairs, k);
            k = close_candidates::<SAME>((me, r_me), next, reach, pairs, k);
            own[me.id as usize] = [first as u32, k as u32];
        }
        at.k = k;
        0
    }

    /// The pair search of a hashed grid: each disc against the later discs of its own cell
    /// and every disc of the next cell of its row and of the three cells of the next row,
    /// found through their buckets and told apart from other cells' entries by their cell.
    /// Returns the number of pairs.
    fn hashed_pairs(&mut self, skin: f64, r: &[f64]) -> usize {
        let mut k = 0usize;
        let grid = self.grid;
        let (nx, ny) = (grid.nx, grid.ny);
        for a in 0..self.items.len() {
            let [cx, cy] = self.item_cell[a];
            let Item { x, y, id: i, .. } = self.items[a];
            let ri = r[i as usize];
            let own = grid.bucket(cx, cy) as usize;
            let forward = [
                (cx + 1 < nx).then(|| (cx + 1, cy)),
                (cx > 0 && cy + 1 < ny).then(|| (cx.wrapping_sub(1), cy + 1)),
                (cy + 1 < ny).then(|| (cx, cy + 1)),
                (cx + 1 < nx && cy + 1 < ny).then(|| (cx + 1, cy + 1)),
            ];
            let scan = |this: &mut Near, lo: usize, hi: usize, cell: [u32; 2], k: &mut usize| {
                for b in lo..hi {
                    if this.item_cell[b] != cell {
                        continue;
                    }
                    let item = this.items[b];
                    let (dx, dy) = (x - item.x, y - item.y);
                    let reach = ri + r[item.id as usize] + skin;
                    if dx * dx + dy * dy < reach * reach {
                        if this.pairs.len() <= *k {
                            this.pairs.resize(*k + 64, [0, 0]);
                        }
                        this.pairs[*k] = [i, item.id];
                        *k += 1;
                    }
                }
            };
            let first = k as u32;
            let hi = self.start[own + 1] as usize;
            scan(self, a + 1, hi, [cx, cy], &mut k);
            for (ncx, ncy) in forward.into_iter().flatten() {
                let nb = grid.bucket(ncx, ncy) as usize;
                let (lo, hi) = (self.start[nb] as usize, self.start[nb + 1] as usize);
                scan(self, lo, hi, [ncx, ncy], &mut k);
            }
            self.own[i as usize] = [first, k as u32];
        }
        k
    }

    /// The pairs of the discs larger than [`Near::r_grid`] (`big`, not in the grid), after the
    /// `k` pairs the grid's search found: each big disc, in index order, with every disc of
    /// the grid whose centre was closer than the two radii and the skin (found in the grid
    /// cells within the big disc's own reach, its radius plus `r_grid` plus the skin), then
    /// with every later big disc so close. Each pair once, the big disc first, so that its
    /// pairs are one range (`own`). Returns the number of pairs.
    #[cold]
    #[inline(never)]
    fn big_pairs(&mut self, mut k: usize, skin: f64, kin: &[Kin], r: &[f64]) -> usize {
        let (mut pairs, mut own, big) = (
            std::mem::take(&mut self.pairs),
            std::mem::take(&mut self.own),
            std::mem::take(&mut self.big),
        );
        let put = |pairs: &mut Vec<[u32; 2]>, k: &mut usize, pair: [u32; 2]| {
            if pairs.len() <= *k {
                lengthen(pairs, *k + 1);
            }
            pairs[*k] = pair;
            *k += 1;
        };
        for (a, &i) in big.iter().enumerate() {
            // A fast disc kept apart lists no pairs (its pairs are found in every substep).
            if self.fast_disc(i as usize) {
                continue;
            }
            let (x, y, ri) = (kin[i as usize].px, kin[i as usize].py, r[i as usize]);
            let first = k;
            let reach = ri + self.r_grid + skin;
            self.for_each_entry_in_box(x - reach, y - reach, x + reach, y + reach, |item| {
                let (dx, dy) = (item.x - x, item.y - y);
                let reach = ri + r[item.id as usize] + skin;
                if dx * dx + dy * dy < reach * reach {
                    put(&mut pairs, &mut k, [i, item.id]);
                }
            });
            for &j in &big[a + 1..] {
                if self.fast_disc(j as usize) {
                    continue;
                }
                let (dx, dy) = (kin[j as usize].px - x, kin[j as usize].py - y);
                let reach = ri + r[j as usize] + skin;
                if dx * dx + dy * dy < reach * reach {
                    put(&mut pairs, &mut k, [i, j]);
                }
            }
            own[i as usize] = [first as u32, k as u32];
        }
        (self.pairs, self.own, self.big) = (pairs, own, big);
        k
    }

    /// Reserves the buffers for a build over `n` discs, `n_on` of them on the table, with
    /// radii in `[r_min, r_max]` and skin `skin`, so that builds after the first allocate
    /// nothing (the world calls this before its first substep too, since the first build may
    /// come later).
    ///
    /// Discs do not overlap, so the discs whose centres lie within 2 r_max + skin of a disc's
    /// centre fit in a circle of radius 2 r_max + skin + r_min: at most
    /// ((2 r_max + skin + r_min) / r_min)^2 of them. The pair buffer also holds the
    /// candidates of one disc before they are filtered, so it gets that many per disc
    /// (capped for extreme radius ratios, where it may grow). A build passes the grid's
    /// largest radius ([`Near::r_grid`]) as `r_max`; the pairs of discs larger than that
    /// (`big`) may grow the buffer at a build too, and the room to keep them apart is
    /// reserved when the radii given differ by more than a factor of two.
    pub fn reserve(&mut self, n: usize, n_on: usize, r_max: f64, r_min: f64, skin: f64) {
        fn at_least<T>(v: &mut Vec<T>, k: usize) {
            if v.capacity() < k {
                v.reserve(k.saturating_sub(v.len()));
            }
        }
        let span = (2.0 * r_max + skin + r_min) / r_min;
        let per_disc = span * span;
        // No disc has more partners than there are other discs.
        let per_disc = if per_disc.is_finite() {
            (per_disc.ceil() as usize).min(128).min(n_on)
        } else {
            1
        };
        at_least(&mut self.start, 4 * n_on + 18);
        at_least(&mut self.tally, (4 * n_on + 16).max(n));
        at_least(&mut self.escapees, n_on / RECHECK_ESCAPEES);
        at_least(&mut self.items, n_on);
        at_least(&mut self.home, n);
        at_least(&mut self.item_cell, n_on);
        at_least(&mut self.pairs, per_disc * n_on + 64);
        at_least(
            &mut self.due,
            (per_disc * n_on + 64).next_multiple_of(DUE_BLOCK),
        );
        at_least(
            &mut self.block_due,
            (per_disc * n_on + 64).div_ceil(DUE_BLOCK),
        );
        at_least(&mut self.todo, per_disc * n_on + 64);
        at_least(&mut self.own, n);
        // Discs more than twice the smallest radius: a build may keep some out of the grid.
        // (The room to keep fast discs apart is made by the first build that does.)
        if r_max > 2.0 * r_min {
            at_least(&mut self.big, big_discs_at_most(n_on));
            at_least(&mut self.grid_on, n);
            self.classes.reserve(n, r_max, r_min);
        }
        at_least(&mut self.adj_start, n + 2);
        at_least(&mut self.adj, per_disc * n_on + 64);
    }

    /// Calls `f` with every disc entered in a cell that meets the box
    /// `[x0, x1] x [y0, y1]` (and perhaps others), each once, and with the discs larger than
    /// [`Near::r_grid`] (not in the grid) after them: every one of a list (`big`), or those of
    /// each size class in its cells that meet the box widened by the class's largest radius
    /// less `r_grid` (or more; [`Classes::for_each_in_box`]). A box of more cells than a
    /// hashed grid's discs reads every entry and visits those inside the box.
    #[inline]
    pub fn for_each_in_box(&self, x0: f64, y0: f64, x1: f64, y1: f64, mut f: impl FnMut(u32)) {
        self.for_each_entry_in_box(x0, y0, x1, y1, |item| f(item.id));
        for &j in &self.big {
            f(j);
        }
        if !self.fast.is_empty() {
            self.for_each_fast([x0, y0, x1, y1], &mut f);
        }
        if self.late.any() {
            self.late.for_each_in_box([x0, y0, x1, y1], &mut f);
        }
        if !self.classes.levels.is_empty() {
            self.classes.for_each_in_box([x0, y0, x1, y1], f);
        }
    }

    /// [`Near::for_each_in_box`] for the discs near a path: calls `f` with every disc entered
    /// in a cell that meets the segment from `a` to `b` widened by `reach` (and perhaps
    /// others), each once, then with the discs kept out of the grid as the box query does
    /// (the size classes' around the segment's box widened by `reach`). A dense grid is
    /// walked row by row, each row from the cell of the least x of the segment's part whose
    /// y is within `reach` of the row to the cell of the largest (widened by `reach` and a
    /// margin of a billionth of the coordinates for the roundings), so that a long diagonal
    /// path reads the cells along it, not its whole box; a hashed grid's query is the box.
    pub fn for_each_along(&self, a: [f64; 2], b: [f64; 2], reach: f64, mut f: impl FnMut(u32)) {
        let ([x0, y0], [x1, y1]) = corners(a, b);
        let grid = &self.grid;
        if grid.hashed {
            self.for_each_in_box(x0 - reach, y0 - reach, x1 + reach, y1 + reach, f);
            return;
        }
        let stride = grid.nx as usize + 1;
        rows_along(grid, a, b, reach, |cy, cx0, cx1| {
            let row = cy as usize * stride;
            let lo = self.start[row + cx0 as usize] as usize;
            let hi = self.start[row + cx1 as usize + 1] as usize;
            for item in &self.items[lo..hi] {
                f(item.id);
            }
        });
        for &j in &self.big {
            f(j);
        }
        if self.late.any() {
            self.late.for_each_along(a, b, reach, &mut f);
        }
        let (x0, y0, x1, y1) = (x0 - reach, y0 - reach, x1 + reach, y1 + reach);
        self.for_each_fast([x0, y0, x1, y1], &mut f);
        if !self.classes.levels.is_empty() {
            self.classes.for_each_in_box([x0, y0, x1, y1], f);
        }
    }

    /// The fast discs ([`Near::fast`]) a query of the box `[x0, x1] x [y0, y1]` visits, each
    /// once: every one, or, when they are more than [`big_discs_at_most`], those of their own
    /// grid's cells that meet the box widened by how far they may be from them
    /// ([`FastGrid`]).
    #[inline(never)]
    fn for_each_fast(&self, bx: [f64; 4], f: &mut impl FnMut(u32)) {
        // A fast disc whose path changed in the substep is visited where it is entered in
        // `late` instead.
        let late = self.late.any();
        let mut g = |j: u32| {
            if !late || !self.late.has(j as usize) {
                f(j);
            }
        };
        if self.fast_grid.on {
            self.fast_grid.for_each_in_box(bx, &mut g);
        } else {
            for &j in &self.fast {
                g(j);
            }
        }
    }

    /// The size classes the last build kept discs larger than [`Near::r_grid`] in (none
    /// when they are few enough for a list, `big`, or there are none).
    #[cfg(test)]
    pub fn classes_kept(&self) -> usize {
        self.classes.levels.len()
    }

    /// Whether some discs on the table at the build are kept out of the grid (larger than
    /// [`Near::r_grid`]): listed in `big`, or in size classes ([`Near::classes`]).
    #[inline]
    fn apart(&self) -> bool {
        !self.big.is_empty() || !self.classes.levels.is_empty()
    }

    /// [`Near::for_each_in_box`] with each disc's entry (its index and its position at the
    /// build).
    #[inline]
    fn for_each_entry_in_box(&self, x0: f64, y0: f64, x1: f64, y1: f64, mut f: impl FnMut(&Item)) {
        let grid = &self.grid;
        let (cx0, cx1) = (grid.cx(x0), grid.cx(x1));
        let (cy0, cy1) = (grid.cy(y0), grid.cy(y1));
        if !grid.hashed {
            let stride = grid.nx as usize + 1;
            for cy in cy0 as usize..=cy1 as usize {
                let row = cy * stride;
                let lo = self.start[row + cx0 as usize] as usize;
                let hi = self.start[row + cx1 as usize + 1] as usize;
                for item in &self.items[lo..hi] {
                    f(item);
                }
            }
            return;
        }
        let cells = (u64::from(cx1 - cx0) + 1) * (u64::from(cy1 - cy0) + 1);
        if cells > self.items.len() as u64 {
            // Only the entries inside the box (those outside it are the "perhaps others",
            // which no caller needs): a large disc's box over a hashed grid of small discs
            // has more cells than entries, and a test here is far cheaper than the caller's.
            for item in &self.items {
                if x0 <= item.x && item.x <= x1 && y0 <= item.y && item.y <= y1 {
                    f(item);
                }
            }
            return;
        }
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                let b = hash_cell(cx, cy, grid.mask) as usize;
                let (lo, hi) = (self.start[b] as usize, self.start[b + 1] as usize);
                for a in lo..hi {
                    if self.item_cell[a] == [cx, cy] {
                        f(&self.items[a]);
                    }
                }
            }
        }
    }

    /// Heap bytes held (capacity).
    pub fn capacity_bytes(&self) -> usize {
        4 * (self.start.capacity()
            + self.big.capacity()
            + self.tally.capacity()
            + self.escapees.capacity()
            + self.due.capacity()
            + self.block_due.capacity()
            + self.todo.capacity()
            + self.adj_start.capacity())
            + 8 * (self.pairs.capacity()
                + self.item_cell.capacity()
                + self.own.capacity()
                + self.adj.capacity())
            + 16 * self.home.capacity()
            + size_of::<Item>() * self.items.capacity()
            + self.grid_on.capacity()
            + 4 * self.fast.capacity()
            + self.is_fast.capacity()
            + self.fast_grid.capacity_bytes()
            + self.late.capacity_bytes()
            + self.classes.capacity_bytes()
    }
}

// Stage 4's loads ahead through the pair index (an `impl` of its own, apart from the
// broadphase's own code).
impl Near {
    /// Asks for disc `i`'s two ranges of the pair index (`own[i]` and `adj_start[i..=i + 1]`)
    /// and, with `entries`, reads them and asks for the first line of each range's entries
    /// (`pairs[own[i][0]]`, `adj[adj_start[i]]`: a disc has a few pairs, so mostly all of
    /// them), without using them ([`prefetch()`]). Stage 4 asks for the ranges two rounds
    /// ahead and the entries one round ahead (`events::warm_changed`), so that each round's
    /// reads depend only on lines asked for in rounds before. Computes nothing.
    #[inline]
    pub fn warm_ranges(&self, i: usize, entries: bool) {
        if i >= self.own.len() {
            return;
        }
        if !entries {
            prefetch(&self.own[i]);
            prefetch(&self.adj_start[i]);
            return;
        }
        let ([lo, hi], alo, ahi) = (self.own[i], self.adj_start[i], self.adj_start[i + 1]);
        let (lo, hi, alo, ahi) = (lo as usize, hi as usize, alo as usize, ahi as usize);
        if lo < hi {
            prefetch(&self.pairs[lo]);
        }
        if alo < ahi {
            prefetch(&self.adj[alo]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discs at rest at the given positions, as the solver keeps them.
    fn kins(px: &[f64], py: &[f64]) -> Vec<Kin> {
        px.iter()
            .zip(py)
            .map(|(&px, &py)| Kin {
                px,
                py,
                ..Kin::default()
            })
            .collect()
    }

    /// `n` discs in a 1 m square whose centre is at `(cx, cy)`, at pseudo-random places
    /// (overlaps do not matter here): their x, y, radii and `on` (every seventh off).
    fn discs(n: usize, seed: u64, cx: f64, cy: f64) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<bool>) {
        let mut z = seed;
        let mut unit = || {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (z >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut out = (vec![], vec![], vec![], vec![]);
        for i in 0..n {
            out.0.push(cx + unit() - 0.5);
            out.1.push(cy + unit() - 0.5);
            out.2.push(0.005 + 0.02 * unit());
            out.3.push(i % 7 != 3);
        }
        out
    }

    /// [`discs`]' radii made those of a few large discs among small ones: 16 discs (at most
    /// one in 29) 0.05 to 0.08 m, the others 0.005 to 0.01 m (within a factor of two of the
    /// smallest), so that a build keeps the large ones out of its grid ([`Near::big`]).
    fn a_few_large(r: &mut [f64]) {
        let every = (r.len() / 16).max(29);
        for (i, r) in r.iter_mut().enumerate() {
            *r = if i % every == every / 2 {
                0.05 + 0.005 * (i % 7) as f64
            } else {
                0.005 + (*r - 0.005) / 4.0
            };
        }
    }

    /// [`discs`]' radii spread log-uniformly from 0.4 to 80 mm (eight size classes), so that
    /// most discs are more than twice the smallest, far more than a list keeps: a build keeps
    /// them in size classes ([`Near::classes`]).
    fn spread(r: &mut [f64]) {
        for (i, r) in r.iter_mut().enumerate() {
            let z = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let u = (z >> 11) as f64 / (1u64 << 53) as f64;
            // About 0.0004 * 200^u from + - * / only (step code: no `powf`): 2^t,
            // t = 7.64 u, as 2^floor(t) (1 + frac(t)).
            let t = 7.64 * u;
            let k = t.floor();
            *r = 0.0004 * (1u64 << k as u32) as f64 * (1.0 + (t - k));
        }
    }

    /// The radii of a test's discs: [`discs`]' own (0.005 to 0.025 m: more than twice the
    /// smallest for most discs, so that worlds of more than a few discs keep them in size
    /// classes), [`a_few_large`] (a list, [`Near::big`]) or [`spread`] (many size classes).
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Radii {
        Plain,
        AFew,
        Spread,
    }

    impl Radii {
        const ALL: [Radii; 3] = [Radii::Plain, Radii::AFew, Radii::Spread];

        fn apply(self, r: &mut [f64]) {
            match self {
                Radii::Plain => {}
                Radii::AFew => a_few_large(r),
                Radii::Spread => spread(r),
            }
        }

        /// Asserts that a build over such discs took the path meant.
        fn check(self, near: &Near) {
            match self {
                Radii::Plain => {}
                Radii::AFew => assert!(!near.big.is_empty() && near.classes.levels.is_empty()),
                Radii::Spread => assert!(near.big.is_empty() && near.classes.levels.len() >= 6),
            }
        }
    }

    /// The tables of the tests: one the discs fill (a dense grid), one smaller than the
    /// square they are strewn over (discs beyond its edges are entered in its edge cells, next
    /// to the dense grid's empty column and row) and a 20 km one with the discs in a corner
    /// (hashed cells).
    const TABLES: [(f64, f64, f64); 3] =
        [(0.5, 0.0, 0.0), (0.4, 0.0, 0.0), (1e4, -9999.4, -9999.3)];

    /// Also with one radius for every disc (the pair search's constant reach, `rr_same`).
    #[test]
    fn build_lists_exactly_the_pairs_closer_than_the_skin() {
        for (half, cx, cy) in TABLES {
            for (n, skin, seed, same, radii) in [
                (10, 0.01, 1, false, Radii::Plain),
                (300, 0.02, 2, false, Radii::Plain),
                (2000, 0.005, 3, false, Radii::Plain),
                (1, 0.1, 4, false, Radii::Plain),
                (300, 0.02, 5, true, Radii::Plain),
                (2000, 0.005, 6, true, Radii::Plain),
                (300, 0.02, 7, false, Radii::AFew),
                (2000, 0.005, 8, false, Radii::AFew),
                (300, 0.02, 9, false, Radii::Spread),
                (2000, 0.005, 10, false, Radii::Spread),
                (2000, 0.05, 11, false, Radii::Spread),
            ] {
                let (px, py, mut r, on) = discs(n, seed, cx, cy);
                if same {
                    r.iter_mut().for_each(|r| *r = 0.0125);
                }
                radii.apply(&mut r);
                let mut near = Near::default();
                near.build(half, half, skin, &kins(&px, &py), &r, &on);
                radii.check(&near);
                // Radii of 5 to 25 mm: more discs twice the smallest than a list keeps.
                let classes = !near.classes.levels.is_empty();
                assert_eq!(
                    classes,
                    n >= 300 && !same && radii != Radii::AFew,
                    "n = {n}"
                );
                assert_eq!(near.rr_same.is_some(), same || n == 1, "n = {n}");
                assert!(near.grid.hashed || half < 1.0, "n = {n}");
                assert!(
                    half > 1.0 || n < 300 || !near.grid.hashed,
                    "n = {n}: a dense grid"
                );
                let mut got: Vec<(u32, u32)> = near
                    .pairs
                    .iter()
                    .map(|&[a, b]| (a.min(b), a.max(b)))
                    .collect();
                got.sort_unstable();
                let mut want = vec![];
                for i in 0..n {
                    for j in i + 1..n {
                        let (dx, dy) = (px[i] - px[j], py[i] - py[j]);
                        let reach = r[i] + r[j] + skin;
                        if on[i] && on[j] && dx * dx + dy * dy < reach * reach {
                            want.push((i as u32, j as u32));
                        }
                    }
                }
                assert_eq!(got, want, "table {half}, n = {n}, skin = {skin}");
            }
        }
    }

    /// A dense search that stops to lengthen the pair buffer at every few discs (a `Near`
    /// with no room reserved) resumes where it stopped: the same pairs in the same order, and
    /// the same ranges per disc, as a search with room for all of them.
    #[test]
    fn a_dense_search_resumed_after_lengthening_lists_the_same_pairs_in_order() {
        for (n, skin, seed, same) in [(300, 0.02, 2, false), (2000, 0.005, 3, true)] {
            let (px, py, mut r, on) = discs(n, seed, 0.0, 0.0);
            if same {
                r.iter_mut().for_each(|r| *r = 0.0125);
            }
            let kin = kins(&px, &py);
            let mut roomy = Near::default();
            roomy.reserve(n, n, 0.025, 0.005, skin);
            roomy.build(0.5, 0.5, skin, &kin, &r, &on);
            let mut tight = Near::default();
            tight.build(0.5, 0.5, skin, &kin, &r, &on);
            assert!(!tight.grid.hashed && tight.pairs.len() > 100, "n = {n}");
            assert_eq!(tight.pairs, roomy.pairs, "n = {n}");
            assert_eq!(tight.own, roomy.own, "n = {n}");
        }
    }

    /// The running sums of `begins_and_clear`, with a scatter that advances them, sort
    /// random keys as a plain stable sort does, give each key's range, and leave the tallies
    /// zero for their next use (also keys that no entry has, and no entries at all).
    #[test]
    fn the_counting_sort_sorts_as_a_plain_sort_and_clears_its_tallies() {
        let mut z = 7u64;
        let mut next = |n: u64| {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (z >> 33) % n
        };
        let mut tally = vec![];
        for (len, keys) in [(0, 5), (1, 1), (50, 3), (1000, 300), (500, 2000)] {
            let key: Vec<usize> = (0..len).map(|_| next(keys) as usize).collect();
            grow_zeroed(&mut tally, keys as usize);
            let tally = &mut tally[..keys as usize];
            for &k in &key {
                tally[k] += 1;
            }
            let mut begins = vec![u32::MAX; keys as usize + 1];
            assert_eq!(begins_and_clear(tally, &mut begins), len);
            assert!(tally.iter().all(|&t| t == 0), "tallies left");
            let mut sorted = vec![usize::MAX; len];
            for (e, &k) in key.iter().enumerate() {
                sorted[begins[k + 1] as usize] = e;
                begins[k + 1] += 1;
            }
            let mut want: Vec<usize> = (0..len).collect();
            want.sort_by_key(|&e| key[e]);
            assert_eq!(sorted, want, "{len} entries, {keys} keys");
            for k in 0..keys as usize {
                let range = begins[k] as usize..begins[k + 1] as usize;
                assert!(sorted[range.clone()].iter().all(|&e| key[e] == k));
                assert_eq!(range.len(), key.iter().filter(|&&x| x == k).count());
            }
        }
    }

    /// A rebuild over the same discs (`build_over`, after the discs moved and with another
    /// skin) gives the grid, pairs, ranges and pair index of a fresh build, with every disc
    /// on the table and with some off it.
    #[test]
    fn a_build_over_the_same_discs_equals_a_fresh_build() {
        for (half, cx, cy) in TABLES {
            for all_on in [true, false] {
                let (px, py, r, mut on) = discs(600, 11, cx, cy);
                if all_on {
                    on.iter_mut().for_each(|o| *o = true);
                }
                let n_on = on.iter().filter(|&&o| o).count();
                let mut over = Near::default();
                over.build(half, half, 0.02, &kins(&px, &py), &r, &on);
                let (qx, qy): (Vec<f64>, Vec<f64>) = px
                    .iter()
                    .zip(&py)
                    .enumerate()
                    .map(|(i, (&x, &y))| (x + 0.004 * (i % 5) as f64, y - 0.003 * (i % 3) as f64))
                    .unzip();
                let moved = kins(&qx, &qy);
                assert!(over.same_discs(&moved, n_on));
                assert!(!over.same_discs(&moved, n_on - 1));
                over.build_over(half, half, 0.025, &moved, &r, &on);
                let mut fresh = Near::default();
                fresh.build(half, half, 0.025, &moved, &r, &on);
                let ids = |near: &Near| near.items.iter().map(|it| it.id).collect::<Vec<_>>();
                assert_eq!(ids(&over), ids(&fresh), "table {half}, all on {all_on}");
                assert_eq!(over.start, fresh.start);
                assert_eq!(over.pairs, fresh.pairs);
                assert_eq!(over.own, fresh.own);
                assert_eq!(over.adj_start, fresh.adj_start);
                assert_eq!(over.adj, fresh.adj);
                assert_eq!(over.rr_same, fresh.rr_same);
                assert!(over.tally.iter().all(|&t| t == 0));
            }
        }
    }

    /// `cell_of` gives the cell of the float clamp it replaced (truncation of `f` clamped to
    /// `[0, n - 1]`) at the edges, around them by a few ulps, at huge, infinite and NaN
    /// values, and at many random ones.
    #[test]
    fn a_cell_is_the_truncation_of_the_clamped_coordinate() {
        fn clamped(f: f64, n: u32) -> u32 {
            let hi = f64::from(n - 1);
            let f = if f > 0.0 { f } else { 0.0 };
            (if f > hi { hi } else { f }) as u32
        }
        let mut z = 3u64;
        for n in [1, 2, 7, 1000, u32::MAX >> 1] {
            let hi = f64::from(n - 1);
            let mut fs = vec![
                0.0,
                -0.0,
                -1.0,
                -0.5,
                hi,
                hi + 1.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
                1e300,
                -1e300,
                f64::MIN_POSITIVE,
            ];
            for base in [0.0f64, 1.0, hi, hi + 1.0, -1.0] {
                let mut up = base;
                let mut down = base;
                for _ in 0..5 {
                    up = up.next_up();
                    down = down.next_down();
                    fs.extend([up, down]);
                }
            }
            for _ in 0..10_000 {
                z = z
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let u = (z >> 11) as f64 / (1u64 << 53) as f64;
                fs.push((u * 1.2 - 0.1) * (hi + 1.0));
            }
            for f in fs {
                assert_eq!(cell_of(f, n), clamped(f, n), "f = {f}, n = {n}");
            }
        }
    }

    #[test]
    fn retesting_partners_sets_the_dues_and_earliest_dues_of_the_plain_computation() {
        // Dues at random, each block's earliest at or below its pairs' dues and the list's at
        // or below the blocks' (as the stages keep them); each time one disc's partners get
        // new dues at random (or keep theirs): the dues, the blocks' and the list's earliest
        // are those of the plain computation, every new due lowering both.
        let (half, cx, cy) = TABLES[0];
        let (px, py, r, on) = discs(600, 5, cx, cy);
        let mut near = Near::default();
        near.build(half, half, 0.02, &kins(&px, &py), &r, &on);
        let mut z = 0x9e37_79b9_u64;
        let mut rand = move |m: u32| {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((z >> 33) as u32) % m
        };
        let k = near.pairs.len();
        let (mut lowered, mut kept) = (0, 0);
        for round in 0..3_000 {
            if round % 5 == 0 {
                for d in &mut near.due[..k] {
                    *d = 100 + rand(1_000);
                }
                for b in 0..near.block_due.len() {
                    let least = near.due[b * DUE_BLOCK..(b + 1) * DUE_BLOCK].iter().min();
                    near.block_due[b] = least.unwrap().saturating_sub(rand(3));
                }
                let least = near.block_due.iter().min().unwrap();
                near.next_due = least.saturating_sub(rand(2));
            }
            // New dues from a little before the list's earliest to well after it.
            let i = rand(600) as usize;
            let from = near.next_due.saturating_sub(5);
            let new: Vec<Option<u32>> = (0..600)
                .map(|_| [None, Some(from + rand(12))][rand(2) as usize])
                .collect();
            let mut plain = near.clone();
            for (p, &[a, b]) in near.pairs.iter().enumerate() {
                let j = match (a as usize == i, b as usize == i) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => continue,
                };
                if let Some(next) = new[j as usize] {
                    plain.due[p] = next;
                    let block = &mut plain.block_due[p / DUE_BLOCK];
                    *block = (*block).min(next);
                    plain.next_due = plain.next_due.min(next);
                }
            }
            let before = near.next_due;
            near.retest_partners(i, |j| new[j]);
            assert_eq!(near.due, plain.due, "round {round}");
            assert_eq!(near.block_due, plain.block_due, "round {round}");
            assert_eq!(near.next_due, plain.next_due, "round {round}");
            if near.next_due < before {
                lowered += 1;
            } else {
                kept += 1;
            }
        }
        assert!(lowered > 100 && kept > 100, "{lowered} {kept}");
    }

    #[test]
    fn each_disc_reaches_exactly_its_pairs_both_ways() {
        // The pairs listing a disc first (a range of the list) and those listing it second
        // (the index): `retest_partners` and `pairs_due` reach exactly the disc's pairs, also
        // after a rebuild that took discs off the table.
        for ((half, cx, cy), radii) in TABLES.into_iter().flat_map(|t| Radii::ALL.map(|k| (t, k))) {
            let (px, py, mut r, mut on) = discs(600, 5, cx, cy);
            radii.apply(&mut r);
            let mut near = Near::default();
            near.build(half, half, 0.02, &kins(&px, &py), &r, &on);
            on.iter_mut().step_by(5).for_each(|o| *o = false);
            near.build(half, half, 0.02, &kins(&px, &py), &r, &on);
            radii.check(&near);
            near.due.iter_mut().for_each(|d| *d = u32::MAX);
            near.block_due.iter_mut().for_each(|d| *d = u32::MAX);
            near.next_due = u32::MAX;
            for (i, &on_i) in on.iter().enumerate() {
                let mut want: Vec<(usize, usize)> = (0..near.pairs.len())
                    .filter_map(|p| match near.pairs[p] {
                        [a, b] if a as usize == i => Some((p, b as usize)),
                        [a, b] if b as usize == i => Some((p, a as usize)),
                        _ => None,
                    })
                    .collect();
                let mut got = vec![];
                near.retest_partners(i, |j| {
                    got.push(j);
                    None
                });
                let mut seen = vec![];
                near.retest_partners(i, |j| {
                    seen.push(j);
                    Some(1_000 + i as u32)
                });
                for &(p, _) in &want {
                    assert_eq!(near.due[p], 1_000 + i as u32, "table {half}, disc {i}");
                }
                // The blocks' and the list's earliest dues follow the dues it sets.
                for (b, &block) in near.block_due.iter().enumerate() {
                    let has = want.iter().any(|&(p, _)| p / DUE_BLOCK == b);
                    let want_block = if has { 1_000 + i as u32 } else { u32::MAX };
                    assert_eq!(block, want_block, "table {half}, disc {i}, block {b}");
                }
                let want_next = if want.is_empty() {
                    u32::MAX
                } else {
                    1_000 + i as u32
                };
                assert_eq!(near.next_due, want_next, "disc {i}");
                near.pairs_due(i, 7);
                let mut lowered: Vec<usize> = (0..near.pairs.len())
                    .filter(|&p| near.due[p] == 7)
                    .collect();
                near.due.iter_mut().for_each(|d| *d = u32::MAX);
                for (b, block) in near.block_due.iter_mut().enumerate() {
                    let has = want.iter().any(|&(p, _)| p / DUE_BLOCK == b);
                    assert_eq!(*block == 7, has, "table {half}, disc {i}, block {b}");
                    *block = u32::MAX;
                }
                assert_eq!(near.next_due == 7, !want.is_empty(), "disc {i}");
                near.next_due = u32::MAX;
                got.sort_unstable();
                seen.sort_unstable();
                lowered.sort_unstable();
                want.sort_unstable_by_key(|&(_, j)| j);
                assert_eq!(got, want.iter().map(|&(_, j)| j).collect::<Vec<_>>());
                assert_eq!(seen, got);
                want.sort_unstable();
                assert_eq!(lowered, want.iter().map(|&(p, _)| p).collect::<Vec<_>>());
                assert!(on_i || want.is_empty(), "disc {i} is off the table");
            }
        }
    }

    /// A check that keeps the list (`Near::recheck` true) leaves no pair that is not listed
    /// with a gap now below what the list then serves (so no disc moving less than half of
    /// that can reach a disc it is not listed with), with discs moved by up to 0.6 of half
    /// the skin and one in 25 or one in 8 (the escapees) by up to 1.5; it keeps some lists
    /// and refuses others. It fails if the escapees' look at the grid is left out.
    #[test]
    fn escapees_are_those_of_the_plain_pass() {
        let mut z = 0x2545_f491_4f6c_dd1du64;
        let mut unit = || {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (z >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut got = Vec::new();
        for case in 0..3000 {
            let n = case % 83;
            let tau2 = 0.01 * unit();
            let mut kin = Vec::new();
            let mut home = Vec::new();
            let mut on = Vec::new();
            for i in 0..n {
                let (x, y) = (unit() - 0.5, unit() - 0.5);
                // Some displacements right at the bound, some beyond, most within.
                let reach = match (case + i) % 5 {
                    0 => tau2.sqrt(),
                    1 => 2.0 * tau2.sqrt(),
                    _ => 0.5 * tau2.sqrt(),
                };
                let (cos, sin) = crate::scenes::cos_sin(std::f64::consts::TAU * unit());
                kin.push(Kin {
                    px: x + reach * cos,
                    py: y + reach * sin,
                    ..Kin::default()
                });
                // A disc off the table at the build has a NaN position (it may be back on
                // the table in this test, which a world rebuilds for).
                let off = unit() < 0.1;
                home.push(if off { [f64::NAN; 2] } else { [x, y] });
                on.push(unit() < 0.95);
            }
            // The plain pass, disc by disc.
            let plain: Vec<u32> = (0..n)
                .filter(|&i| {
                    let (dx, dy) = (kin[i].px - home[i][0], kin[i].py - home[i][1]);
                    dx * dx + dy * dy > tau2 && on[i]
                })
                .map(|i| i as u32)
                .collect();
            for room in [0, 1, plain.len().saturating_sub(1), plain.len(), n] {
                let fits = find_escapees(&kin, &home, &on, (tau2, room), &mut got);
                assert_eq!(fits, plain.len() <= room, "case {case} room {room}");
                if fits {
                    assert_eq!(got, plain, "case {case} room {room}");
                } else {
                    assert_eq!(got[..], plain[..room], "case {case} room {room}");
                }
            }
        }
    }

    #[test]
    fn a_check_with_many_escapees_is_the_lists_last() {
        let (half, cx, cy) = TABLES[0];
        let (px, py, r, on) = discs(500, 7, cx, cy);
        let skin = 0.03;
        let far = 0.8 * 0.5 * skin;
        for movers in [2usize, 12] {
            let mut near = Near::default();
            near.build(half, half, skin, &kins(&px, &py), &r, &on);
            let room = (near.items.len() + near.classes.entries()) / RECHECK_ESCAPEES;
            // `movers` discs on the table far apart moved 0.8 half skins (escapees, beyond
            // `RECHECK_TAU`), the others not at all.
            let mut qx = px.clone();
            let spread = (0..px.len()).filter(|&i| on[i] && i % 37 == 0);
            for i in spread.take(movers) {
                qx[i] += far;
            }
            let k = kins(&qx, &py);
            near.disp = far;
            assert!(near.recheck(&k, &r, &on, 0.0), "{movers} movers");
            assert_eq!(near.escapees.len(), movers);
            let crowded = movers * RECHECK_LAST > room;
            assert_eq!(crowded, movers == 12, "room {room}");
            // The same discs at the same places: another check holds as the first did,
            // unless the first was crowded.
            near.disp = 1.01 * far;
            assert_eq!(near.recheck(&k, &r, &on, 0.0), !crowded, "{movers} movers");
            // A rebuild allows checks again.
            near.build(half, half, skin, &k, &r, &on);
            assert!(near.may_recheck);
        }
    }

    /// Also when the next substep's travel `h_v` shrinks the check's `tau`
    /// ([`RECHECK_TAU_LEAST`]): with a quarter of half the skin, `tau` is 0.6 of it.
    #[test]
    fn a_kept_list_has_no_unlisted_pair_closer_than_it_serves() {
        for h_v_share in [0.0, 0.25] {
            for radii in Radii::ALL {
                a_kept_list_has_no_unlisted_pair_closer_than_it_serves_at(h_v_share, radii);
            }
        }
    }

    /// `radii`: with [`discs`]' own (most in size classes), a few large discs
    /// ([`a_few_large`]), or radii over many size classes ([`spread`]): the discs kept out of
    /// the grid, which the escapees' look at the grid does not find there (it fails if they
    /// are not looked at apart).
    fn a_kept_list_has_no_unlisted_pair_closer_than_it_serves_at(h_v_share: f64, radii: Radii) {
        let (mut kept, mut refused) = (0, 0);
        for (half, cx, cy) in TABLES {
            for seed in 0..30u64 {
                let (px, py, mut r, on) = discs(500, 100 + seed, cx, cy);
                radii.apply(&mut r);
                let skin = 0.03;
                let mut near = Near::default();
                near.build(half, half, skin, &kins(&px, &py), &r, &on);
                radii.check(&near);
                let mut z = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                let mut unit = || {
                    z ^= z << 13;
                    z ^= z >> 7;
                    z ^= z << 17;
                    (z >> 11) as f64 / (1u64 << 53) as f64
                };
                let (mut qx, mut qy, mut far) = (px.clone(), py.clone(), 0.0f64);
                for i in 0..px.len() {
                    let every = if seed % 2 == 0 { 25 } else { 8 };
                    let reach = if i % every == 7 { 1.5 } else { 0.6 };
                    // A displacement of length up to `reach` half skins, any direction.
                    let (ux, uy) = (2.0 * unit() - 1.0, 2.0 * unit() - 1.0);
                    let len = (ux * ux + uy * uy).sqrt().max(1e-9);
                    let d = reach * 0.5 * skin * unit();
                    qx[i] += d * ux / len;
                    qy[i] += d * uy / len;
                    far = far.max(d);
                }
                near.disp = far * (1.0 + 1e-12);
                let h_v = h_v_share * 0.5 * (skin - NEAR_MARGIN_M);
                if !near.recheck(&kins(&qx, &qy), &r, &on, h_v) {
                    refused += 1;
                    continue;
                }
                kept += 1;
                assert_eq!(near.since, near.disp);
                let listed: std::collections::HashSet<(u32, u32)> = near
                    .pairs
                    .iter()
                    .map(|&[a, b]| (a.min(b), a.max(b)))
                    .collect();
                for i in 0..px.len() {
                    for j in i + 1..px.len() {
                        if !on[i] || !on[j] || listed.contains(&(i as u32, j as u32)) {
                            continue;
                        }
                        let (dx, dy) = (qx[i] - qx[j], qy[i] - qy[j]);
                        let gap = (dx * dx + dy * dy).sqrt() - r[i] - r[j];
                        assert!(
                            gap >= near.serve,
                            "table {half}, seed {seed}: discs {i} and {j} {gap} apart, not \
                             listed, but the list serves {}",
                            near.serve
                        );
                    }
                }
            }
        }
        assert!(
            kept >= 10 && refused >= 10,
            "h_v {h_v_share} half skins, {radii:?}: kept {kept}, refused {refused}"
        );
    }

    /// A check whose escapee came close to a large disc that the grid does not hold, and that
    /// it is not listed with, serves no more than their gap: the radii are `radii`'s, and
    /// `apart` says whether the build kept the large disc where the test means it to be.
    fn an_escapee_near_a_disc_out_of_the_grid_lowers_what_the_list_serves(
        radii: impl Fn(&mut [f64]),
        apart: impl Fn(&Near, usize) -> bool,
    ) {
        let (half, cx, cy) = TABLES[0];
        let (mut px, mut py, mut r, on) = discs(500, 11, cx, cy);
        radii(&mut r);
        let skin = 0.03;
        let b = (0..500).find(|&i| on[i] && r[i] > 0.04).unwrap();
        let e = (0..500).find(|&i| on[i] && r[i] < 0.01 && i != b).unwrap();
        // The escapee 1.05 skins from the large disc at the build (not a pair), towards the
        // table's centre, then 0.8 skins closer (a gap of a quarter skin).
        let dir = if px[b] > 0.0 { -1.0 } else { 1.0 };
        let (ex, ey) = (px[b] + dir * (r[b] + r[e] + 1.05 * skin), py[b]);
        (px[e], py[e]) = (ex, ey);
        let mut near = Near::default();
        near.build(half, half, skin, &kins(&px, &py), &r, &on);
        assert!(apart(&near, b) && !near.listed(e, b));
        let mut qx = px.clone();
        qx[e] -= dir * 0.8 * skin;
        near.disp = 0.8 * skin * (1.0 + 1e-12);
        assert!(near.recheck(&kins(&qx, &py), &r, &on, 0.0));
        assert_eq!(near.escapees, [e as u32]);
        let (dx, dy) = (qx[e] - qx[b], py[e] - py[b]);
        let gap = (dx * dx + dy * dy).sqrt() - r[e] - r[b];
        assert!(gap < 0.3 * skin, "{gap}");
        assert!(
            near.serve <= gap,
            "serves {} with a gap of {gap}",
            near.serve
        );
    }

    /// The large disc one of a few ([`Near::big`]): the large discs are looked at apart from
    /// the grid.
    #[test]
    fn an_escapee_near_a_large_disc_lowers_what_the_list_serves() {
        an_escapee_near_a_disc_out_of_the_grid_lowers_what_the_list_serves(
            a_few_large,
            |near, b| near.big.contains(&(b as u32)),
        );
    }

    /// The large discs in size classes ([`Near::classes`]: one disc in five 0.05 to 0.08 m,
    /// far more than a list keeps): the escapee's look at each class's cells around it finds
    /// the large disc, which the grid does not hold.
    #[test]
    fn an_escapee_near_a_disc_of_a_size_class_lowers_what_the_list_serves() {
        an_escapee_near_a_disc_out_of_the_grid_lowers_what_the_list_serves(
            |r| {
                for (i, r) in r.iter_mut().enumerate() {
                    *r = if i % 5 == 2 {
                        0.05 + 0.005 * (i % 7) as f64
                    } else {
                        0.005 + (*r - 0.005) / 4.0
                    };
                }
            },
            |near, _| near.big.is_empty() && !near.classes.levels.is_empty(),
        );
    }

    /// A check whose fastest disc would leave less than [`RECHECK_GAIN`] beyond its next
    /// substep with `tau` = [`RECHECK_TAU`] shrinks `tau` instead of declining (scene (c) at
    /// N = 262,144 declined eleven checks so), and declines once `tau` would fall below
    /// [`RECHECK_TAU_LEAST`]; what a kept check serves still covers the next substep with
    /// the gain to spare.
    #[test]
    fn a_fast_disc_shrinks_the_checks_tau_instead_of_declining_it() {
        let (half, cx, cy) = TABLES[0];
        let (px, py, r, on) = discs(500, 11, cx, cy);
        let skin = 0.03;
        let h = 0.5 * (skin - NEAR_MARGIN_M);
        for (share, holds) in [
            (0.1, true),
            (0.2, true),
            (0.3, true),
            (0.34, true),
            (0.36, false),
        ] {
            let mut near = Near::default();
            near.build(half, half, skin, &kins(&px, &py), &r, &on);
            // No disc moved: only the bound says the list may not serve.
            near.disp = 0.5 * h;
            let h_v = share * h;
            assert_eq!(
                near.recheck(&kins(&px, &py), &r, &on, h_v),
                holds,
                "{share}"
            );
            if holds {
                assert!(near.escapees.is_empty());
                let slack = 0.5 * (near.serve - NEAR_MARGIN_M);
                let least = h_v + RECHECK_GAIN * h;
                assert!(slack >= least * (1.0 - 1e-12), "{share}: {slack} < {least}");
                assert!(slack >= (1.0 - RECHECK_TAU) * h * (1.0 - 1e-12), "{share}");
            }
        }
    }

    /// Regression (found on reading the thirty-fifth session's diff): when the next
    /// substep's travel shrinks `tau` to `half - least`, the starting `slack` can round to an
    /// ulp below `least`, and a check with any escapee then failed at its first escapee,
    /// though no disc near it lowered `slack`.
    #[test]
    fn regression_a_shrunk_checks_slack_an_ulp_short_failed_at_any_escapee() {
        let (half, cx, cy) = TABLES[0];
        let (mut px, py, r, on) = discs(500, 11, cx, cy);
        let skin = 0.03;
        let h = 0.5 * (skin - NEAR_MARGIN_M);
        // A travel for which `half - tau` rounds below `least` (the check's own sums).
        let h_v = (0..100_000)
            .map(|k| (0.16 + 0.19 * k as f64 / 100_000.0) * h)
            .find(|&h_v| {
                let least = h_v + RECHECK_GAIN * h;
                let tau = (RECHECK_TAU * h).min(h - least);
                tau >= RECHECK_TAU_LEAST * h && h - tau < least
            })
            .expect("a travel whose slack rounds short");
        let mut near = Near::default();
        near.build(half, half, skin, &kins(&px, &py), &r, &on);
        near.disp = 0.5 * h;
        // One escapee, moved 0.8 `h`: unlisted discs were at least `2 h + NEAR_MARGIN_M`
        // apart at the build, so at least `1.2 h + NEAR_MARGIN_M` from it now, and the check
        // counts only gaps below `2 slack + NEAR_MARGIN_M`, at most `h + NEAR_MARGIN_M` here.
        let e = (0..px.len()).find(|&i| on[i]).unwrap();
        px[e] += 0.8 * h;
        assert!(near.recheck(&kins(&px, &py), &r, &on, h_v));
        assert_eq!(near.escapees, [e as u32]);
    }

    /// Regression (2 Dec 2026: the pair index's counting sort moved to `adj_start[x + 2]`
    /// while `reserve` still sized it for n + 1, so the breaks' first build allocated, which
    /// only `alloc-check` saw): a build after `reserve` for the world's discs allocates
    /// nothing, on dense, hashed and single-cell grids.
    #[test]
    fn a_build_after_reserve_allocates_nothing() {
        for (half, cx, cy) in TABLES {
            for (n, skin, seed, radii) in [
                (20, 10.0, 5, Radii::Plain),
                (300, 0.02, 6, Radii::Plain),
                (2000, 0.005, 7, Radii::Plain),
                (300, 0.02, 8, Radii::AFew),
                (2000, 0.005, 9, Radii::Spread),
            ] {
                let (px, py, mut r, on) = discs(n, seed, cx, cy);
                radii.apply(&mut r);
                let r_min = r.iter().copied().fold(f64::INFINITY, f64::min);
                let r_max = r.iter().copied().fold(0.0, f64::max);
                let mut near = Near::default();
                near.reserve(n, n, r_max, r_min, skin);
                let bytes = near.capacity_bytes();
                near.build(half, half, skin, &kins(&px, &py), &r, &on);
                radii.check(&near);
                assert!(!near.pairs.is_empty());
                assert_eq!(near.capacity_bytes(), bytes, "table {half}, n = {n}");
                near.build(half, half, skin, &kins(&py, &px), &r, &on);
                assert_eq!(near.capacity_bytes(), bytes, "table {half}, n = {n}, again");
            }
        }
    }

    #[test]
    fn a_box_query_returns_every_disc_entered_inside_it_once() {
        for ((half, cx, cy), radii) in TABLES.into_iter().flat_map(|t| Radii::ALL.map(|k| (t, k))) {
            let (px, py, mut r, on) = discs(500, 9, cx, cy);
            radii.apply(&mut r);
            let mut near = Near::default();
            near.build(half, half, 0.01, &kins(&px, &py), &r, &on);
            radii.check(&near);
            for (x0, y0, x1, y1) in [(-0.1, 0.05, 0.2, 0.3), (-0.6, -0.6, 0.6, 0.6)] {
                let (x0, y0, x1, y1) = (cx + x0, cy + y0, cx + x1, cy + y1);
                let mut got = vec![];
                near.for_each_in_box(x0, y0, x1, y1, |j| got.push(j));
                let mut unique = got.clone();
                unique.sort_unstable();
                unique.dedup();
                assert_eq!(unique.len(), got.len(), "a disc twice");
                for i in 0..px.len() {
                    let inside = (x0..=x1).contains(&px[i]) && (y0..=y1).contains(&py[i]);
                    if on[i] && inside {
                        assert!(got.contains(&(i as u32)), "disc {i} missing");
                    }
                    if !on[i] {
                        assert!(!got.contains(&(i as u32)), "disc {i} is off the table");
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Any segment (from a point, along an axis, across the grid or beyond the table)
        /// and reach, on any of the tests' tables and radii: the query along it visits every
        /// disc on the table whose position at the build lies within the reach of the
        /// segment, none twice and none off the table (the fast discs' pairs are found so).
        #[test]
        fn a_query_along_a_path_visits_every_disc_within_its_reach_once(
            table in 0usize..3,
            radii in 0usize..3,
            ends in (-0.8f64..0.8, -0.8f64..0.8, -0.8f64..0.8, -0.8f64..0.8),
            axis in 0usize..4,
            reach in 0.0f64..0.3,
        ) {
            let (half, cx, cy) = TABLES[table];
            let radii = Radii::ALL[radii];
            let (px, py, mut r, on) = discs(500, 13, cx, cy);
            radii.apply(&mut r);
            let mut near = Near::default();
            near.build(half, half, 0.01, &kins(&px, &py), &r, &on);
            let (ax, ay, mut bx, mut by) = ends;
            match axis {
                1 => by = ay,
                2 => bx = ax,
                3 => (bx, by) = (ax, ay),
                _ => {}
            }
            let (a, b) = ([cx + ax, cy + ay], [cx + bx, cy + by]);
            let mut got = vec![];
            near.for_each_along(a, b, reach, |j| got.push(j));
            let mut unique = got.clone();
            unique.sort_unstable();
            unique.dedup();
            proptest::prop_assert_eq!(unique.len(), got.len(), "a disc twice");
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let dd = dx * dx + dy * dy;
            for i in 0..px.len() {
                let (qx, qy) = (px[i] - a[0], py[i] - a[1]);
                let t = if dd > 0.0 { ((qx * dx + qy * dy) / dd).clamp(0.0, 1.0) } else { 0.0 };
                let (ex, ey) = (qx - t * dx, qy - t * dy);
                let within = ex * ex + ey * ey < reach * reach * (1.0 - 1e-9);
                let seen = got.contains(&(i as u32));
                proptest::prop_assert!(on[i] || !seen, "disc {} is off the table", i);
                proptest::prop_assert!(!on[i] || !within || seen, "disc {} missing", i);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Any mix of radii (each disc's a power of `spread` up to 10⁴ times the smallest,
        /// from 0.1 mm), on any of the tests' tables: a build lists exactly the pairs of
        /// discs on the table closer than the skin (whichever way it keeps the discs: one
        /// grid, a list of large ones, or size classes), and every box query around a disc
        /// visits every disc within the box.
        #[test]
        fn any_mix_of_radii_lists_exactly_the_pairs_closer_than_the_skin(
            table in 0usize..3,
            spread in 0.0f64..13.3,
            skin in 0.0001f64..0.05,
            discs in proptest::collection::vec(
                (0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0, proptest::bool::weighted(0.9)),
                1..160,
            ),
        ) {
            let (half, cx, cy) = TABLES[table];
            let n = discs.len();
            let px: Vec<f64> = discs.iter().map(|d| cx + d.0 - 0.5).collect();
            let py: Vec<f64> = discs.iter().map(|d| cy + d.1 - 0.5).collect();
            // 0.0001 m times about 2^(spread u), from + - * / only (step code: no `powf`):
            // 2^floor(t) (1 + frac(t)), up to 1 m.
            let r: Vec<f64> = discs
                .iter()
                .map(|d| {
                    let t = spread * d.2;
                    let k = t.floor();
                    0.0001 * (1u64 << k as u32) as f64 * (1.0 + (t - k))
                })
                .collect();
            let on: Vec<bool> = discs.iter().map(|d| d.3).collect();
            let mut near = Near::default();
            near.build(half, half, skin, &kins(&px, &py), &r, &on);
            let mut got: Vec<(u32, u32)> =
                near.pairs.iter().map(|&[a, b]| (a.min(b), a.max(b))).collect();
            got.sort_unstable();
            let mut want = vec![];
            for i in 0..n {
                for j in i + 1..n {
                    let (dx, dy) = (px[i] - px[j], py[i] - py[j]);
                    let reach = r[i] + r[j] + skin;
                    if on[i] && on[j] && dx * dx + dy * dy < reach * reach {
                        want.push((i as u32, j as u32));
                    }
                }
            }
            proptest::prop_assert_eq!(got, want);
            for i in (0..n).filter(|&i| on[i]) {
                let reach = r[i] + near.r_grid + skin;
                let (x0, y0, x1, y1) = (px[i] - reach, py[i] - reach, px[i] + reach, py[i] + reach);
                let mut seen = vec![];
                near.for_each_in_box(x0, y0, x1, y1, |j| seen.push(j as usize));
                for j in (0..n).filter(|&j| on[j]) {
                    // Within the box widened by j's radius less the grid's largest.
                    let w = (r[j] - near.r_grid).max(0.0);
                    let inside = (x0 - w..=x1 + w).contains(&px[j]) && (y0 - w..=y1 + w).contains(&py[j]);
                    proptest::prop_assert!(!inside || seen.contains(&j), "disc {} not visited", j);
                }
            }
        }
    }
}
