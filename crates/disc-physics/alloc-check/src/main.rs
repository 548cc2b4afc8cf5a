//! Counts heap allocations during `World::step`: scenes (a), (b), (c) at N = 256, 4096 and
//! 32,768, and the clustered box at N = 4000; and during `World::run_to_rest` after the first
//! step (which runs lean steps back to back in the solver) for the breaks.
//! Exits non-zero if any step after the first allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use disc_physics::{NoEvents, World, scenes};

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

fn check(name: &str, mut world: World, steps: usize) -> bool {
    world.step(&mut NoEvents);
    let before = ALLOCS.load(Ordering::Relaxed);
    for _ in 1..steps {
        world.step(&mut NoEvents);
    }
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    println!("{name}: {n} allocations in steps 2..={steps}");
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

fn main() {
    let mut ok = true;
    ok &= check("scene (c) N=256", scenes::scaling_box(256), 500);
    ok &= check("scene (c) N=4096", scenes::scaling_box(4096), 500);
    // Above `WARM_DISCS`: stage 4 loads its rounds' data ahead.
    ok &= check("scene (c) N=32768", scenes::scaling_box(32_768), 100);
    ok &= check("scene (a) carrom break", scenes::carrom_break(), 1665);
    ok &= check("scene (b) novuss break", scenes::novuss_break(), 1474);
    ok &= check("clustered box N=4000", scenes::clustered_box(4000), 300);
    ok &= check_run("scene (a) carrom break", scenes::carrom_break());
    ok &= check_run("scene (b) novuss break", scenes::novuss_break());
    if !ok {
        eprintln!("a step allocated");
        std::process::exit(1);
    }
}
