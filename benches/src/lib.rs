//! Shared helpers of the criterion benches in `benches/` (the benches themselves are the
//! files there, one per `[[bench]]`).
//!
//! The machines these benches run on are shared, so wall time also measures everyone else's
//! work. [`CpuTime`] measures what the benchmarked code costs: the CPU time of the
//! benchmarking thread.

use std::time::Instant;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// This thread's CPU time in nanoseconds, from Linux's `/proc/thread-self/schedstat`; `None`
/// where that file does not exist or cannot be read.
#[must_use]
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
}

/// A criterion [`Measurement`] of the benchmarking thread's CPU time in nanoseconds.
///
/// Where the kernel does not report thread CPU time it falls back to wall time, so figures
/// stay meaningful. The CPU clock advances at scheduler ticks, so a sample should last tens
/// of milliseconds; a sample that reads zero counts as 1 ns so that criterion's statistics
/// stay defined.
///
/// # Examples
///
/// ```
/// use benches::CpuTime;
/// use criterion::Criterion;
/// let _c: Criterion<CpuTime> = Criterion::default().with_measurement(CpuTime::new());
/// ```
pub struct CpuTime {
    wall: WallTime,
    epoch: Instant,
}

impl CpuTime {
    /// A thread-CPU-time measurement.
    #[must_use]
    pub fn new() -> CpuTime {
        CpuTime {
            wall: WallTime,
            epoch: Instant::now(),
        }
    }

    fn now_ns(&self) -> u64 {
        thread_cpu_ns().unwrap_or_else(|| self.epoch.elapsed().as_nanos() as u64)
    }
}

impl Default for CpuTime {
    fn default() -> CpuTime {
        CpuTime::new()
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        self.now_ns().saturating_sub(start).max(1)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}
