//! What happened during a run, in deterministic order with its time.

use crate::{CushionId, DiscId, PocketId};

/// One thing that happened, at simulated time `time_s` (seconds since the world was built).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// World time in seconds at which it happened.
    pub time_s: f64,
    /// What happened.
    pub kind: EventKind,
}

/// What happened.
///
/// Events come out in time order; events of the same instant come out in the order the solver
/// resolved them (pocketing first, then contacts by disc index), which is deterministic.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum EventKind {
    /// Two discs collided; `first` has the smaller index.
    DiscContact {
        /// The disc with the smaller index.
        first: DiscId,
        /// The disc with the larger index.
        second: DiscId,
        /// Normal approach speed just before the impact, m/s.
        speed_m_s: f64,
    },
    /// A disc hit a cushion or an internal wall.
    CushionContact {
        /// The disc.
        disc: DiscId,
        /// The cushion or wall.
        cushion: CushionId,
        /// Normal approach speed just before the impact, m/s.
        speed_m_s: f64,
    },
    /// A disc's centre entered a pocket circle; it is off the table from this instant.
    Pocketed {
        /// The disc.
        disc: DiscId,
        /// The pocket.
        pocket: PocketId,
    },
    /// A disc jumped an outer cushion (see [`Params::jump_speed_m_s`](crate::Params)).
    LeftTable {
        /// The disc.
        disc: DiscId,
        /// The cushion it jumped.
        cushion: CushionId,
    },
    /// A disc's velocity became exactly zero.
    CameToRest {
        /// The disc.
        disc: DiscId,
    },
}

/// Somewhere to put events: a `Vec<Event>` collects them, [`NoEvents`] drops them.
pub trait EventSink {
    /// Receives one event.
    fn record(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}

/// An [`EventSink`] that drops every event (for benchmarks and bulk simulation).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn record(&mut self, _event: Event) {}
}
