//! Counts heap allocations during `World::step`: scenes (a), (b), (c) at N = 256, 4096 and
//! 32,768, the clustered box at N = 4000, 4,000 discs over seven size classes (the
//! broadphase's size classes) and a disc at 100 m/s among 4,000 coins at rest (its fast
//! discs); and during `World::run_to_rest` after the first
//! step (which runs lean steps back to back in the solver) for the breaks.
//! Exits non-zero if any step after the first (or a world's longer warm-up) allocates, or if
//! adding a carrom board's 20 discs to a new world allocates more than once an array.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use disc_physics::{DiscKind, NoEvents, StepConfig, Table, Vec2, World, scenes};

/// Forwards to the system allocator and counts allocations and reallocations.
struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counter is an atomic with no other effect.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same layout as received, forwarded to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was returned by `System` for this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: `ptr` was returned by `System` for `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn check(name: &str, world: World, steps: usize) -> bool {
    check_after(name, world, 1, steps)
}

/// As [`check`], after `warm` steps (a world whose pair list grows over its first steps).
fn check_after(name: &str, mut world: World, warm: usize, steps: usize) -> bool {
    for _ in 0..warm {
        world.step(&mut NoEvents);
    }
    let before = ALLOCS.load(Ordering::Relaxed);
    for _ in warm..steps {
        world.step(&mut NoEvents);
    }
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    println!("{name}: {n} allocations in steps {}..={steps}", warm + 1);
    n == 0
}

/// As [`check`], the steps after the first through `run_to_rest`.
fn check_run(name: &str, mut world: World) -> bool {
    world.step(&mut NoEvents);
    let before = ALLOCS.load(Ordering::Relaxed);
    let run = world.run_to_rest(&mut NoEvents);
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    println!(
        "{name}: {n} allocations in the run to rest after step 1 ({} steps)",
        run.steps
    );
    n == 0 && run.at_rest
}

/// 4,000 discs of radii spread log-uniformly from 2 to 200 mm (seven size classes), largest
/// first on rows across a square table, each at up to 0.5 m/s: more discs far larger than the
/// smallest than the broadphase keeps in a list, so its builds keep them in a grid per size
/// class.
fn spread_radii(n: usize) -> World {
    let mut z = 5u64;
    let mut unit = move || {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = z;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((x ^ (x >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut r: Vec<f64> = (0..n).map(|_| 0.002 * 100f64.powf(unit())).collect();
    r.sort_by(|a, b| b.total_cmp(a));
    let gap = 0.004;
    let width = r
        .iter()
        .map(|r| (2.0 * r + gap).powi(2))
        .sum::<f64>()
        .sqrt()
        * 1.2;
    let (mut x, mut y, mut row) = (0.0, 0.0, 0.0);
    let mut at = Vec::with_capacity(n);
    for &ri in &r {
        let d = 2.0 * ri + gap;
        if x + d > width {
            (x, y, row) = (0.0, y + row, 0.0);
        }
        row = if row == 0.0 { d } else { row };
        at.push((x + d / 2.0, y + d / 2.0));
        x += d;
    }
    let half = width.max(y + row) / 2.0 + 0.01;
    let mut w = World::new(Table::new(half, half).unwrap(), StepConfig::default()).unwrap();
    for (&ri, &(x, y)) in r.iter().zip(&at) {
        let kind = DiscKind::new(ri, 100.0 * ri * ri).unwrap();
        let v = Vec2::new(unit() - 0.5, unit() - 0.5);
        w.add_disc(kind, Vec2::new(x - half, y - half), v).unwrap();
    }
    w
}

/// `n` coins of 5 mm (3 g) at rest on a square lattice of pitch 1.88 cm but the first, at
/// 100 m/s across it, stepped at `dt_s`: the broadphase keeps the fast discs out of its grid
/// and pair list.
fn coins_and_a_bullet(n: usize, dt_s: f64) -> World {
    coins_and_strikers(n, 1, dt_s)
}

/// `n` coins of 5 mm (3 g) at rest on a square lattice of pitch 1.88 cm, every
/// `n / strikers`-th (from the first) at 100 m/s across it, stepped at `dt_s`: with more
/// strikers than √n, the broadphase keeps them in a grid of their own.
fn coins_and_strikers(n: usize, strikers: usize, dt_s: f64) -> World {
    let pitch = 0.0188;
    let across = (n as f64).sqrt().ceil() as usize;
    let half = across as f64 * pitch / 2.0 + 0.05;
    let step = StepConfig {
        dt_s,
        ..StepConfig::default()
    };
    let mut w = World::new(Table::new(half, half).unwrap(), step).unwrap();
    let coin = DiscKind::new(0.005, 0.003).unwrap();
    for i in 0..n {
        let x = (i % across) as f64 * pitch - half + 0.05 + pitch / 2.0;
        let y = (i / across) as f64 * pitch - half + 0.05 + pitch / 2.0;
        let v = if i % (n / strikers) == 0 {
            Vec2::new(60.0, 80.0)
        } else {
            Vec2::ZERO
        };
        w.add_disc(coin, Vec2::new(x, y), v).unwrap();
    }
    w
}

/// Adding a table game's discs (a carrom board's 20) to a new world allocates each of the
/// discs' eight arrays once: the first disc makes room for 32 (`Discs::push`), where growing
/// by doubling took some 30 allocations, for a world the games build for every stroke.
fn check_build() -> bool {
    use disc_physics::carrom;
    let table = carrom::table().expect("the carrom table is valid");
    let mut world = World::new(table, StepConfig::default()).expect("the default step is valid");
    let before = ALLOCS.load(Ordering::Relaxed);
    for i in 0..20 {
        let row = if i < 10 { 0.0 } else { 0.1 };
        let at = Vec2::new(-0.3 + 0.035 * f64::from(i % 10), row);
        world
            .add_disc(carrom::COIN, at, Vec2::ZERO)
            .expect("the coins are apart on the board");
    }
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    println!("20 discs added to a new world: {n} allocations (at most 8, one an array)");
    n <= 8
}

fn main() {
    let mut ok = true;
    ok &= check_build();
    ok &= check("scene (c) N=256", scenes::scaling_box(256), 500);
    ok &= check("scene (c) N=4096", scenes::scaling_box(4096), 500);
    // Above `WARM_DISCS`: stage 4 loads its rounds' data ahead.
    ok &= check("scene (c) N=32768", scenes::scaling_box(32_768), 100);
    ok &= check("scene (a) carrom break", scenes::carrom_break(), 1665);
    ok &= check("scene (b) novuss break", scenes::novuss_break(), 1474);
    ok &= check("clustered box N=4000", scenes::clustered_box(4000), 300);
    // The broadphase's size classes.
    ok &= check(
        "radii spread over seven size classes N=4000",
        spread_radii(4000),
        300,
    );
    // The broadphase's fast discs. The coins the fast disc strikes grow the pair list over
    // the first steps (at 1/60 s, so many at once in the second step that the build keeps
    // none apart, as before the fast discs), which allocates there.
    ok &= check_after(
        "a disc at 100 m/s among 4,000 coins at rest, 1 ms steps",
        coins_and_a_bullet(4000, 0.001),
        10,
        300,
    );
    ok &= check_after(
        "a disc at 100 m/s among 4,000 coins at rest, 1/60 s steps",
        coins_and_a_bullet(4000, 1.0 / 60.0),
        2,
        20,
    );
    // More fast discs than a build keeps apart in a list: a grid of their own. The world
    // allocates over its first steps as the struck coins multiply (at 1 ms, 10 allocations in
    // steps 11 to 200, none after step 60).
    ok &= check_after(
        "67 discs at 100 m/s among 4,000 coins at rest, 1 ms steps",
        coins_and_strikers(4000, 4000usize.isqrt() + 3, 0.001),
        60,
        200,
    );
    ok &= check_after(
        "67 discs at 100 m/s among 4,000 coins at rest, 1/60 s steps",
        coins_and_strikers(4000, 4000usize.isqrt() + 3, 1.0 / 60.0),
        2,
        20,
    );
    ok &= check_run("scene (a) carrom break", scenes::carrom_break());
    ok &= check_run("scene (b) novuss break", scenes::novuss_break());
    if !ok {
        eprintln!("a step allocated");
        std::process::exit(1);
    }
}
