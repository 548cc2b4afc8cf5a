//! The substep's queue of predicted events, earliest first by [`Pending`]'s order (time,
//! kind, discs, versions).
//!
//! Stage 1 pushes the stops and stage 3 the tests' events, all before stage 4 takes the
//! first: in scene (c) at N = 262,144 some 2,600 events a substep (80 KiB), 40 at N = 4096.
//! Stage 4 takes them one by one and pushes a few more after each round. Taken from a binary
//! heap, each of a large batch costs a walk from the root to a leaf, a load at each level
//! that depends on the one before, most of them missing the first-level cache once the heap
//! outgrows it: 93 ns an event at N = 262,144 against 21 at N = 4096 (perf of the code
//! before the twelfth sitting). So stage 4 first [`settle`](Queue::settle)s a large batch:
//! it is sorted once (fewer comparisons than the walks, and in order in memory) into a run
//! that gives up its earliest event from its end, and the heap keeps only what stage 4
//! pushes. The earliest event is the earlier of the run's and the heap's, so events come in
//! the same order as from one heap (two events equal in every field are the same event);
//! nothing computed changes (`the_queue_gives_what_one_heap_gives`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{KIND_DISC, NONE, Pending};

/// A batch at least this large is sorted into the run ([`Queue::settle`]); a smaller one
/// stays in the heap, which has it in the first-level cache. The solver's default
/// ([`Tuning::settle_events`](super::Tuning::settle_events)).
pub(super) const SETTLE: usize = 256;

/// The events of a substep, earliest first (see the module's doc).
#[derive(Clone, Debug, Default)]
pub(super) struct Queue {
    /// Events pushed since the last [`settle`](Queue::settle): a binary heap, earliest at
    /// its root.
    heap: BinaryHeap<Reverse<Pending>>,
    /// The settled batch, latest first: its earliest event is its last.
    run: Vec<Reverse<Pending>>,
    /// The size past which [`Queue::compact`] drops the stale events (0: not yet set in
    /// this substep, [`COMPACT_LEAST`]).
    compact_at: usize,
}

/// The least size at which [`Queue::compact`] looks for stale events: far above what any
/// substep of the benchmark scenes or the games queues, so that they never do.
const COMPACT_LEAST: usize = 1 << 16;

impl Queue {
    /// Adds an event.
    #[inline]
    pub(super) fn push(&mut self, p: Pending) {
        self.heap.push(Reverse(p));
    }

    /// Sorts the heap into the run when it holds at least `at_least` events ([`SETTLE`] in
    /// the solver) and the run is empty (as it is at stage 4's start, after
    /// [`clear`](Queue::clear)); otherwise nothing. The run's empty buffer becomes the
    /// heap's, so neither allocates once both are reserved.
    #[inline]
    pub(super) fn settle(&mut self, at_least: usize) {
        if self.heap.len() >= at_least && self.run.is_empty() {
            self.sort_batch();
        }
    }

    /// [`settle`](Queue::settle)'s sort, out of line (rare: the breaks never get there).
    #[cold]
    #[inline(never)]
    fn sort_batch(&mut self) {
        let mut batch = std::mem::take(&mut self.heap).into_vec();
        // Ascending in `Reverse`: latest first, the earliest at the end.
        batch.sort_unstable();
        self.heap = BinaryHeap::from(std::mem::replace(&mut self.run, batch));
    }

    /// The earliest event, taken out.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<Pending> {
        if let Some(r) = self.run.last()
            && self.heap.peek().is_none_or(|h| h.0 >= r.0)
        {
            return self.run.pop().map(|r| r.0);
        }
        self.heap.pop().map(|h| h.0)
    }

    /// The earliest event.
    #[inline]
    pub(super) fn peek(&self) -> Option<&Pending> {
        match (self.run.last(), self.heap.peek()) {
            (Some(r), Some(h)) if h.0 < r.0 => Some(&h.0),
            (Some(r), _) => Some(&r.0),
            (None, h) => h.map(|h| &h.0),
        }
    }

    /// The discs of the event after the earliest (`NONE` for the second of an event with one
    /// disc), which stage 4 asks for two rounds ahead: the earlier of the run's and the
    /// heap's earliest that is not the earliest, or their second (in the heap, the earlier
    /// of its root's children).
    pub(super) fn after_next(&self) -> Option<[u32; 2]> {
        let heap = self.heap.as_slice();
        let heap_second = match heap {
            [_, x, y, ..] => Some(if x.0 <= y.0 { &x.0 } else { &y.0 }),
            [_, x] => Some(&x.0),
            _ => None,
        };
        let run = self.run.as_slice();
        let run_second = run.len().checked_sub(2).map(|k| &run[k].0);
        let p = match (run.last(), heap.first()) {
            (None, _) => heap_second,
            (Some(_), None) => run_second,
            (Some(r), Some(h)) if h.0 < r.0 => Some(earlier(&r.0, heap_second)),
            (Some(_), Some(h)) => Some(earlier(&h.0, run_second)),
        }?;
        Some([p.a, if p.kind == KIND_DISC { p.b } else { NONE }])
    }

    /// Whether no event is queued.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.heap.is_empty() && self.run.is_empty()
    }

    /// How many events are queued (for tests).
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.heap.len() + self.run.len()
    }

    /// Drops every event.
    pub(super) fn clear(&mut self) {
        self.heap.clear();
        self.run.clear();
        self.compact_at = 0;
    }

    /// When the queue has grown past twice its size after the last compaction (and
    /// [`COMPACT_LEAST`]), drops every event `live` refuses (a stale one: its disc's version
    /// changed or it left the table, which never comes back within a substep), so that a
    /// substep of many fast discs, whose re-predictions leave most of their events stale,
    /// takes its events from a queue of about the live ones. Which events come out, and in
    /// which order, does not change.
    #[inline]
    pub(super) fn compact(&mut self, live: impl FnMut(&Pending) -> bool) {
        if self.heap.len() + self.run.len() > self.compact_at.max(COMPACT_LEAST) {
            self.compact_stale(live);
        }
    }

    /// [`Queue::compact`]'s work, out of line.
    #[cold]
    #[inline(never)]
    fn compact_stale(&mut self, mut live: impl FnMut(&Pending) -> bool) {
        self.heap.retain(|e| live(&e.0));
        self.run.retain(|e| live(&e.0));
        self.compact_at = 2 * (self.heap.len() + self.run.len());
    }

    /// Room for at least `n` events in the heap and in the run each.
    pub(super) fn reserve(&mut self, n: usize) {
        self.heap.reserve(n);
        self.run.reserve(n);
    }

    /// The events the buffers have room for, together.
    pub(super) fn capacity(&self) -> usize {
        self.heap.capacity() + self.run.capacity()
    }

    /// Every event queued, earliest first (for tests).
    #[cfg(test)]
    pub(super) fn into_sorted_vec(mut self) -> Vec<Pending> {
        let mut all = Vec::with_capacity(self.len());
        while let Some(p) = self.pop() {
            all.push(p);
        }
        all
    }
}

/// The earlier of `p` and `q` (`p` if `q` is `None`).
fn earlier<'a>(p: &'a Pending, q: Option<&'a Pending>) -> &'a Pending {
    match q {
        Some(q) if q < p => q,
        _ => p,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random event: many equal times, every kind, few discs and versions, so that
    /// ties on every field but the last occur.
    fn event(next: &mut impl FnMut() -> u64, t0: u64) -> Pending {
        Pending {
            t: t0 + next() % 8,
            kind: (next() % 4) as u8,
            a: (next() % 16) as u32,
            b: (next() % 16) as u32,
            va: (next() % 3) as u32,
            vb: 0,
        }
    }

    #[test]
    fn the_queue_gives_what_one_heap_gives() {
        // Batches of 0 to 700 events (below and above `SETTLE`), settled, then taken one by
        // one while later events (never earlier than the last taken, as stage 4 pushes them)
        // come in between: every event taken, `peek` and `after_next` against a plain binary
        // heap fed the same events, and the queue left empty.
        let mut rng = crate::scenes::SplitMix64(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let (mut settled, mut mixed) = (0, 0);
        for len in (0..40).chain([255, 256, 257, 700]) {
            for _ in 0..20 {
                let (mut q, mut want) = (Queue::default(), BinaryHeap::new());
                for _ in 0..len {
                    let p = event(&mut next, 0);
                    q.push(p);
                    want.push(Reverse(p));
                }
                q.settle(SETTLE);
                settled += usize::from(!q.run.is_empty());
                assert_eq!(q.len(), want.len());
                loop {
                    let mut all: Vec<Pending> = want.iter().map(|r| r.0).collect();
                    all.sort();
                    let second = all
                        .get(1)
                        .map(|p| [p.a, if p.kind == KIND_DISC { p.b } else { NONE }]);
                    assert_eq!(q.after_next(), second, "{all:?}");
                    assert_eq!(q.peek(), want.peek().map(|r| &r.0));
                    let (got, exp) = (q.pop(), want.pop().map(|r| r.0));
                    assert_eq!(got, exp);
                    let Some(taken) = got else { break };
                    if next() % 3 == 0 {
                        let p = event(&mut next, taken.t);
                        mixed += usize::from(!q.run.is_empty());
                        q.push(p);
                        want.push(Reverse(p));
                    }
                }
                assert!(q.is_empty());
            }
        }
        assert!(settled >= 60 && mixed > 1000, "{settled} {mixed}");
    }

    /// A queue past its compaction size drops the events refused (here those of versions
    /// 0, "stale"), keeps every other in the order one heap of them gives (settled or not,
    /// with events pushed between the takes), allocates nothing, and below the size does
    /// nothing.
    #[test]
    fn compaction_drops_the_stale_events_and_keeps_the_order() {
        let mut rng = crate::scenes::SplitMix64(0xc0_4ac7);
        let mut next = move || rng.next_u64();
        let live = |p: &Pending| p.va != 0;
        for settle in [false, true] {
            let (mut q, mut want) = (Queue::default(), BinaryHeap::new());
            let n = COMPACT_LEAST + 5000;
            q.reserve(n);
            for _ in 0..n {
                let p = event(&mut next, 0);
                q.push(p);
                if live(&p) {
                    want.push(Reverse(p));
                }
            }
            if settle {
                q.settle(SETTLE);
            }
            let caps = q.capacity();
            q.compact(live);
            assert_eq!(q.len(), want.len());
            assert_eq!(q.capacity(), caps);
            // Below twice the size left: nothing dropped (a stale event pushed stays).
            let stale = Pending {
                va: 0,
                ..event(&mut next, 10)
            };
            q.push(stale);
            want.push(Reverse(stale));
            q.compact(live);
            assert_eq!(q.len(), want.len());
            while let Some(got) = q.pop() {
                assert_eq!(Some(got), want.pop().map(|r| r.0));
            }
            assert!(want.is_empty());
        }
    }

    #[test]
    fn settling_reuses_the_buffers() {
        // Two settles in a row of a batch as large as the reserve: no buffer grows.
        let mut rng = crate::scenes::SplitMix64(0x5e77_1e00_b0ff_e125);
        let mut next = move || rng.next_u64();
        let mut q = Queue::default();
        q.reserve(1000);
        let caps = (q.heap.capacity(), q.run.capacity());
        for _ in 0..2 {
            for _ in 0..1000 {
                q.push(event(&mut next, 0));
            }
            q.settle(SETTLE);
            assert_eq!(q.run.len(), 1000);
            let mut last = None;
            while let Some(p) = q.pop() {
                assert!(last <= Some(p));
                last = Some(p);
            }
            q.clear();
        }
        let now = (q.heap.capacity(), q.run.capacity());
        assert!(now.0 >= 1000 && now.1 >= 1000, "{now:?}");
        assert_eq!(now.0.max(now.1), caps.0.max(caps.1));
    }
}
