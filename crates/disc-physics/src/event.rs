//! What happened during a run, in deterministic order with its time.

use crate::{CushionId, DiscId, PocketId, limits};

/// One thing that happened, at simulated time `time_s` (seconds since the world was built).
///
/// With the `serde` feature an event serializes exactly and deserializes through
/// [`Event::validate`].
///
/// # Examples
///
/// A lone coin sliding at 0.5 m/s: the one event is its stop, at exactly 0.5 / μg seconds.
///
/// ```
/// use disc_physics::{carrom, Event, EventKind, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// let coin = world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(0.5, 0.0))?;
/// let mut events: Vec<Event> = Vec::new();
/// world.run_to_rest(&mut events);
/// assert_eq!(events.len(), 1);
/// assert_eq!(events[0].kind, EventKind::CameToRest { disc: coin });
/// assert!((events[0].time_s - 0.5 / 0.981).abs() < 1e-9);
/// assert_eq!(events[0].validate(), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "EventRaw"))]
pub struct Event {
    /// World time in seconds at which it happened.
    pub time_s: f64,
    /// What happened.
    pub kind: EventKind,
}

/// What happened.
///
/// Events come out in time order, also across substeps and steps: an event's time lies in
/// its step, from the world's time before the step to its time after, and a substep's events
/// are never later than the next substep's (an event at a substep's very end is reported at
/// the next substep's start time where the two roundings differ). Events of the same instant
/// come out in the order the solver resolved them (pocketing first, then contacts by disc
/// index), which is deterministic.
///
/// # Examples
///
/// ```
/// use disc_physics::{carrom, EventKind, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// let a = world.add_disc(carrom::COIN, Vec2::new(-0.1, 0.0), Vec2::new(1.0, 0.0))?;
/// let b = world.add_disc(carrom::COIN, Vec2::new(0.1, 0.0), Vec2::ZERO)?;
/// let mut events = Vec::new();
/// world.run_to_rest(&mut events);
/// let contact = events.iter().find_map(|e| match e.kind {
///     EventKind::DiscContact { first, second, speed_m_s } => Some((first, second, speed_m_s)),
///     _ => None,
/// });
/// let (first, second, speed) = contact.ok_or("the coins collide")?;
/// assert_eq!((first, second), (a, b));
/// // Friction slowed `a` over the gap to v² = 1 − 2μg·gap, give or take the μg·dt / 2 of
/// // the speed within one 1 ms step.
/// let gap = 0.2 - 2.0 * carrom::COIN_RADIUS_M;
/// assert!((speed - (1.0 - 2.0 * 0.981 * gap).sqrt()).abs() <= 0.981 * 0.001 / 2.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "EventKindRaw"))]
#[non_exhaustive]
pub enum EventKind {
    /// Two discs collided; `first` has the smaller index.
    DiscContact {
        /// The disc with the smaller index.
        first: DiscId,
        /// The disc with the larger index.
        second: DiscId,
        /// Normal approach speed at the impact, m/s, from the discs' velocities over the
        /// substep in which it falls (each disc's is its mean over the substep, within half a
        /// substep of sliding deceleration, `mu g h / 2` with `h` the substep, of its velocity
        /// at the instant; so the approach speed is within `mu g h` of the one at the
        /// instant when both discs slide, e.g. head-on).
        speed_m_s: f64,
    },
    /// A disc hit a cushion or an internal wall.
    CushionContact {
        /// The disc.
        disc: DiscId,
        /// The cushion or wall.
        cushion: CushionId,
        /// Normal approach speed at the impact, m/s, from the disc's velocity over the
        /// substep in which it falls (its mean over the substep: within half a substep of
        /// sliding deceleration, `mu g h / 2` with `h` the substep, of the speed at the
        /// instant).
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

/// Why an [`Event`] is not one the solver can report.
///
/// # Examples
///
/// ```
/// use disc_physics::{DiscId, Event, EventError, EventKind};
/// let (one, three) = (DiscId::from_index(1), DiscId::from_index(3));
/// let swapped = Event {
///     time_s: 0.5,
///     kind: EventKind::DiscContact { first: three, second: one, speed_m_s: 1.0 },
/// };
/// assert_eq!(swapped.validate(), Err(EventError::DiscOrder(three, one)));
/// let early = Event { time_s: -1.0, kind: EventKind::CameToRest { disc: one } };
/// assert_eq!(early.validate(), Err(EventError::Time(-1.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// The time is negative, not finite or subnormal.
    #[error("event time must be finite, non-negative and not subnormal, got {0}")]
    Time(f64),
    /// A contact speed is negative, not finite, subnormal or above
    /// [`limits::MAX_STATE_SPEED_M_S`].
    #[error("contact speed must be in [0, 1e12] m/s and not subnormal, got {0}")]
    Speed(f64),
    /// A disc contact's `first` is not the smaller index.
    #[error("a disc contact names the smaller index first, got {0} and {1}")]
    DiscOrder(DiscId, DiscId),
    /// A disc left the table over an internal wall (only outer cushions can be jumped).
    #[error("a disc can only jump an outer cushion, got {0}")]
    NotOuter(CushionId),
}

impl EventKind {
    /// Checks what the solver guarantees of an event: speeds finite, non-negative, not
    /// subnormal and at most [`limits::MAX_STATE_SPEED_M_S`]; `first < second` in a disc
    /// contact; only an outer cushion jumped.
    ///
    /// # Errors
    ///
    /// The [`EventError`] saying what is wrong.
    pub fn validate(&self) -> Result<(), EventError> {
        let speed = |v: f64| {
            if limits::plain(v) && (0.0..=limits::MAX_STATE_SPEED_M_S).contains(&v) {
                Ok(())
            } else {
                Err(EventError::Speed(v))
            }
        };
        match *self {
            EventKind::DiscContact {
                first,
                second,
                speed_m_s,
            } => {
                if first >= second {
                    return Err(EventError::DiscOrder(first, second));
                }
                speed(speed_m_s)
            }
            EventKind::CushionContact { speed_m_s, .. } => speed(speed_m_s),
            EventKind::LeftTable { cushion, .. } if !cushion.is_outer() => {
                Err(EventError::NotOuter(cushion))
            }
            EventKind::Pocketed { .. }
            | EventKind::LeftTable { .. }
            | EventKind::CameToRest { .. } => Ok(()),
        }
    }
}

impl Event {
    /// Checks the time (finite, non-negative, not subnormal) and the kind
    /// ([`EventKind::validate`]).
    ///
    /// # Errors
    ///
    /// The [`EventError`] saying what is wrong.
    pub fn validate(&self) -> Result<(), EventError> {
        if !(limits::plain(self.time_s) && self.time_s >= 0.0) {
            return Err(EventError::Time(self.time_s));
        }
        self.kind.validate()
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct EventRaw {
    time_s: f64,
    kind: EventKind,
}

#[cfg(feature = "serde")]
impl TryFrom<EventRaw> for Event {
    type Error = EventError;
    fn try_from(raw: EventRaw) -> Result<Event, EventError> {
        let e = Event {
            time_s: raw.time_s,
            kind: raw.kind,
        };
        e.validate()?;
        Ok(e)
    }
}

/// The serialized form of [`EventKind`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
enum EventKindRaw {
    DiscContact {
        first: DiscId,
        second: DiscId,
        speed_m_s: f64,
    },
    CushionContact {
        disc: DiscId,
        cushion: CushionId,
        speed_m_s: f64,
    },
    Pocketed {
        disc: DiscId,
        pocket: PocketId,
    },
    LeftTable {
        disc: DiscId,
        cushion: CushionId,
    },
    CameToRest {
        disc: DiscId,
    },
}

#[cfg(feature = "serde")]
impl TryFrom<EventKindRaw> for EventKind {
    type Error = EventError;
    fn try_from(raw: EventKindRaw) -> Result<EventKind, EventError> {
        let k = match raw {
            EventKindRaw::DiscContact {
                first,
                second,
                speed_m_s,
            } => EventKind::DiscContact {
                first,
                second,
                speed_m_s,
            },
            EventKindRaw::CushionContact {
                disc,
                cushion,
                speed_m_s,
            } => EventKind::CushionContact {
                disc,
                cushion,
                speed_m_s,
            },
            EventKindRaw::Pocketed { disc, pocket } => EventKind::Pocketed { disc, pocket },
            EventKindRaw::LeftTable { disc, cushion } => EventKind::LeftTable { disc, cushion },
            EventKindRaw::CameToRest { disc } => EventKind::CameToRest { disc },
        };
        k.validate()?;
        Ok(k)
    }
}

/// Somewhere to put events: a `Vec<Event>` collects them, [`NoEvents`] drops them.
///
/// # Examples
///
/// A sink that counts cushion hits and keeps nothing else:
///
/// ```
/// use disc_physics::{carrom, Event, EventKind, EventSink, StepConfig, Vec2, World};
/// struct CushionHits(u32);
/// impl EventSink for CushionHits {
///     fn record(&mut self, event: Event) {
///         if matches!(event.kind, EventKind::CushionContact { .. }) {
///             self.0 += 1;
///         }
///     }
/// }
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(3.0, 0.0))?;
/// let mut hits = CushionHits(0);
/// world.run_to_rest(&mut hits);
/// assert_eq!(hits.0, 3); // right, left, right
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// # Examples
///
/// Dropping the events changes nothing in the simulation:
///
/// ```
/// use disc_physics::{scenes, Event, NoEvents};
/// let mut quiet = scenes::novuss_break();
/// let mut logged = quiet.clone();
/// let mut events: Vec<Event> = Vec::new();
/// quiet.run_to_rest(&mut NoEvents);
/// logged.run_to_rest(&mut events);
/// assert!(!events.is_empty());
/// assert_eq!(quiet.checksum(), logged.checksum());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn record(&mut self, _event: Event) {}
}
