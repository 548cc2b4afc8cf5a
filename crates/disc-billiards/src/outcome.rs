//! What happened on the table during a stroke ([`Outcome`]: the events in time order and the
//! rest positions) and what the rules made of it ([`Resolution`]: fouls, penalty, turn, win):
//! the vocabulary between the physics and the rules, independent of any physics engine.

use core::fmt;
use disc_physics::Vec2;

use boardgame_core::Seat;

use crate::discs::{DiscId, MAX_DISCS, Side};
use crate::geometry::Compass;

/// Two contacts closer in time than this (seconds) happen "at the same moment" (F3).
pub const SIMULTANEOUS_S: f64 = 1e-6;

/// A moving body: the puck or an object disc.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, Vec2};
/// let state = Novuss::default().new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.0, 0.1));
/// out.contact(0.2, Body::Puck, Body::Disc(DiscId(3)));
/// assert_eq!(out.events.len(), 1);
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data, its disc id as
/// [`DiscId`] does (any `u8`; an [`Outcome`] checks its ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Body {
    /// The striker's puck.
    Puck,
    /// An object disc.
    Disc(DiscId),
}

/// Something that happened during a stroke, at `time` seconds after the cue struck.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, Compass, Novuss, Outcome, StrokeEvent, Vec2};
/// let state = Novuss::default().new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.0, 0.1));
/// out.cushion(0.3, Body::Puck, Compass::North);
/// match out.events[0] {
///     StrokeEvent::Cushion { cushion, .. } => assert_eq!(cushion, Compass::North),
///     ref other => return Err(format!("{other:?}").into()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data, as [`Vec2`] and
/// [`DiscId`] do; an [`Outcome`] checks its events' times, bodies and places.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StrokeEvent {
    /// Two bodies touched (the puck and a disc, or two discs).
    Contact {
        /// When.
        time: f64,
        /// One body.
        a: Body,
        /// The other.
        b: Body,
    },
    /// A body touched a cushion.
    Cushion {
        /// When.
        time: f64,
        /// Which body.
        body: Body,
        /// Which cushion.
        cushion: Compass,
    },
    /// A body dropped into a pocket.
    Pocketed {
        /// When.
        time: f64,
        /// Which body.
        body: Body,
    },
    /// A body flew over a cushion off the table, leaving at `at`.
    LeftTable {
        /// When.
        time: f64,
        /// Which body.
        body: Body,
        /// Where it crossed the cushion.
        at: Vec2,
    },
}

impl StrokeEvent {
    /// When it happened.
    #[must_use]
    pub fn time(&self) -> f64 {
        match *self {
            StrokeEvent::Contact { time, .. }
            | StrokeEvent::Cushion { time, .. }
            | StrokeEvent::Pocketed { time, .. }
            | StrokeEvent::LeftTable { time, .. } => time,
        }
    }
}

/// What one stroke did on the table: its events in time order and where the puck and every
/// disc still on the table came to rest.
///
/// Build one by hand for a constructed situation, starting from [`Outcome::still`] (nothing
/// moves), or let the physics path fill one.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, Rules, TurnLoss, Vec2};
/// let game = Novuss::new(Rules::lattjo())?;
/// let mut state = game.new_state();
/// // The puck runs up the table, touches seat 0's disc 3 and pockets nothing: the turn
/// // passes (N7(b)). The outcome is in the board frame (origin at the centre).
/// let mut out = Outcome::still(&state, Vec2::new(0.0, 0.2));
/// out.contact(0.2, Body::Puck, Body::Disc(DiscId(3)));
/// let resolution = game.resolve(&mut state, &out)?;
/// assert!(resolution.fouls.is_empty());
/// assert!(resolution.losses.contains(TurnLoss::NothingPocketed));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes, and deserializes only when it holds together
/// whatever the position ([`Outcome::check_shape`], an [`OutcomeError`] naming the event or
/// the disc): [`Novuss::resolve`](crate::Novuss::resolve) checks the rest against the state.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "OutcomeRaw"))]
pub struct Outcome {
    /// The events in non-decreasing time order.
    pub events: Vec<StrokeEvent>,
    /// Rest position of each disc on the table after the stroke (`None` for a disc that is
    /// pocketed or left the table), indexed by [`DiscId`].
    pub rest: [Option<Vec2>; MAX_DISCS],
    /// Where the puck came to rest, `None` when it was pocketed or left the table.
    pub puck_rest: Option<Vec2>,
    /// Whether the puck, after leaving the striker's zone, crossed back over his own edge
    /// line (the zone's front line, across the table) during the stroke. The physics path
    /// sets it when [`crate::Rules::own_edge_line_loss`] is on (watching the puck after every
    /// physics step); set it by hand for a constructed situation.
    pub own_line_crossed: bool,
}

impl Outcome {
    /// Adds a contact between `a` and `b`.
    pub fn contact(&mut self, time: f64, a: Body, b: Body) -> &mut Outcome {
        self.events.push(StrokeEvent::Contact { time, a, b });
        self
    }

    /// Adds a cushion contact.
    pub fn cushion(&mut self, time: f64, body: Body, cushion: Compass) -> &mut Outcome {
        self.events.push(StrokeEvent::Cushion {
            time,
            body,
            cushion,
        });
        self
    }

    /// Pockets `body` (and removes its rest position).
    pub fn pocket(&mut self, time: f64, body: Body) -> &mut Outcome {
        self.events.push(StrokeEvent::Pocketed { time, body });
        self.clear_rest(body);
        self
    }

    /// Sends `body` off the table over the cushion at `at` (and removes its rest position).
    pub fn off_table(&mut self, time: f64, body: Body, at: Vec2) -> &mut Outcome {
        self.events.push(StrokeEvent::LeftTable { time, body, at });
        self.clear_rest(body);
        self
    }

    /// Disc `id` comes to rest at `to`. An id of [`MAX_DISCS`] or more, which no table
    /// holds and [`Outcome::rest`] has no place for, changes nothing.
    pub fn moved(&mut self, id: DiscId, to: Vec2) -> &mut Outcome {
        if let Some(r) = self.rest.get_mut(id.index()) {
            *r = Some(to);
        }
        self
    }

    /// Checks what an outcome must hold in any position (what deserialization checks):
    /// event times finite, not negative and in non-decreasing order ([`OutcomeError::Time`]);
    /// every disc named one a table can hold, below [`MAX_DISCS`]
    /// ([`OutcomeError::NoSuchDisc`]); no contact of a body with itself, no event of a body
    /// after it was pocketed or left the table, and a finite point where a body left it
    /// ([`OutcomeError::Impossible`]); finite rest positions ([`OutcomeError::Rest`],
    /// [`OutcomeError::PuckRest`]). [`Novuss::resolve`](crate::Novuss::resolve) refuses the
    /// same events in every position (it ignores some values this still wants finite: where
    /// the puck left the table, the rest of a disc that was not on the table, the puck's rest
    /// after it was lost), and checks the rest against the position.
    ///
    /// # Errors
    ///
    /// The first [`OutcomeError`] found, events first.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, OutcomeError, Vec2};
    /// let state = Novuss::default().new_state();
    /// let mut out = Outcome::still(&state, Vec2::new(0.0, 0.1));
    /// out.pocket(0.4, Body::Disc(DiscId(3)));
    /// assert_eq!(out.check_shape(), Ok(()));
    /// out.contact(0.5, Body::Puck, Body::Disc(DiscId(3)));
    /// assert_eq!(out.check_shape(), Err(OutcomeError::Impossible(1)));
    /// ```
    pub fn check_shape(&self) -> Result<(), OutcomeError> {
        let mut gone = [false; MAX_DISCS];
        let mut puck_gone = false;
        let mut last = 0.0f64;
        for (k, ev) in self.events.iter().enumerate() {
            let time = ev.time();
            if !(time.is_finite() && time >= last) {
                return Err(OutcomeError::Time(k));
            }
            last = time;
            let bodies = match *ev {
                StrokeEvent::Contact { a, b, .. } => {
                    if a == b {
                        return Err(OutcomeError::Impossible(k));
                    }
                    [Some(a), Some(b)]
                }
                StrokeEvent::Cushion { body, .. } | StrokeEvent::Pocketed { body, .. } => {
                    [Some(body), None]
                }
                StrokeEvent::LeftTable { body, at, .. } => {
                    let plain = disc_physics::limits::plain;
                    if !(at.is_finite() && plain(at.x) && plain(at.y)) {
                        return Err(OutcomeError::Impossible(k));
                    }
                    [Some(body), None]
                }
            };
            for body in bodies.into_iter().flatten() {
                let flag = match body {
                    Body::Puck => &mut puck_gone,
                    Body::Disc(id) => gone
                        .get_mut(id.index())
                        .ok_or(OutcomeError::NoSuchDisc(k, id))?,
                };
                if *flag {
                    return Err(OutcomeError::Impossible(k));
                }
                *flag = matches!(
                    ev,
                    StrokeEvent::Pocketed { .. } | StrokeEvent::LeftTable { .. }
                );
            }
        }
        for (i, r) in self.rest.iter().enumerate() {
            if r.is_some_and(|p| !p.is_finite()) {
                return Err(OutcomeError::Rest(DiscId(i as u8)));
            }
        }
        if self.puck_rest.is_some_and(|p| !p.is_finite()) {
            return Err(OutcomeError::PuckRest);
        }
        Ok(())
    }

    fn clear_rest(&mut self, body: Body) {
        match body {
            Body::Puck => self.puck_rest = None,
            Body::Disc(id) => {
                if let Some(r) = self.rest.get_mut(id.index()) {
                    *r = None;
                }
            }
        }
    }
}

/// The serialized form of an [`Outcome`], checked on the way in ([`Outcome::check_shape`]).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct OutcomeRaw {
    events: Vec<StrokeEvent>,
    rest: [Option<Vec2>; MAX_DISCS],
    puck_rest: Option<Vec2>,
    own_line_crossed: bool,
}

#[cfg(feature = "serde")]
impl TryFrom<OutcomeRaw> for Outcome {
    type Error = OutcomeError;
    fn try_from(raw: OutcomeRaw) -> Result<Outcome, OutcomeError> {
        let out = Outcome {
            events: raw.events,
            rest: raw.rest,
            puck_rest: raw.puck_rest,
            own_line_crossed: raw.own_line_crossed,
        };
        out.check_shape()?;
        Ok(out)
    }
}

/// An [`Outcome`] that does not fit the position it is applied to, or (deserializing one,
/// [`Outcome::check_shape`]) any position.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, OutcomeError, PlayError, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.0, 0.1));
/// out.contact(0.3, Body::Puck, Body::Disc(DiscId(3))).contact(0.2, Body::Puck, Body::Disc(DiscId(2)));
/// assert_eq!(game.resolve(&mut state, &out), Err(PlayError::Outcome(OutcomeError::Time(1))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OutcomeError {
    /// An event time is not finite or goes backwards.
    #[error("event {0} is out of time order or not finite")]
    Time(usize),
    /// An event names a disc that does not exist or was not on the table.
    #[error("event {0} names {1}, which was not on the table")]
    Disc(usize, DiscId),
    /// An event names the same body twice, or a body after it was pocketed or left.
    #[error("event {0} is impossible for its bodies")]
    Impossible(usize),
    /// A disc on the table has no rest position, or one off the table.
    #[error("{0} has no valid rest position")]
    Rest(DiscId),
    /// Two discs came to rest overlapping.
    #[error("{0} and {1} came to rest overlapping")]
    Overlap(DiscId, DiscId),
    /// The puck neither came to rest on the table nor was pocketed nor left it.
    #[error("the puck has no valid rest position")]
    PuckRest,
    /// An event names a disc no table holds (ids are below [`MAX_DISCS`]).
    #[error("event {0} names {1}, which no table has (disc ids are 0-31)")]
    NoSuchDisc(usize, DiscId),
}

/// The fouls F1-F5 and the optional ones.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Foul, Novuss, Outcome, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// // The puck touches nothing while seat 0 has light discs: F2.
/// let miss = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// let r = game.resolve(&mut state, &miss)?;
/// assert!(r.fouls.contains(Foul::NoOwnDisc));
/// assert_eq!(Foul::NoOwnDisc.to_string(), "F2 no own disc touched");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Foul {
    /// F1: the puck was pocketed or left the table.
    PuckLost,
    /// F2: with a light disc on the table, the puck touched no own disc.
    NoOwnDisc,
    /// F3: with a light disc on the table, the puck's first disc was an opponent's (or an
    /// own and an opponent's at the same moment), direct or rebound (B8).
    OpponentFirst,
    /// F4: the puck touched a dark disc by a route N13 does not allow (direct stroke, or a
    /// rebound off a cushion other than the opposite one, B6).
    DarkDisc,
    /// F5: a direct stroke sent an opponent's disc off the table.
    OpponentOffTable,
    /// B12 with [`crate::OwnDiscOffTable::Foul`]: an own disc left the table.
    OwnOffTable,
    /// B21: a breach of technique (N4) flagged on the stroke.
    Technique,
    /// B22 (LNF): the puck's first contact was a disc in the striker's own zone.
    ZoneContact,
    /// LNF §5: with only dark discs left, a stroke that was not direct touched neither the
    /// opposite cushion nor a disc in the centre circle.
    DarkOnlyShort,
    /// LNF doubles (§5): a direct stroke knocked an opponent's disc into the centre circle.
    BlindZone,
    /// N13 (in force with or without light discs, B7): a dark disc of the striker dropped
    /// after its last contact was with a body N13 does not allow: an opponent's disc or one
    /// of his own dark discs. Sanctioned as F4 (library decision): one penalty disc and the
    /// disc put back. A dark disc the puck itself knocks in by a route N13 does not allow is
    /// reported as [`Foul::DarkDisc`] alone: the puck's touch was already F4.
    DarkKnockedIn,
}

impl Foul {
    const ALL: [Foul; 11] = [
        Foul::PuckLost,
        Foul::NoOwnDisc,
        Foul::OpponentFirst,
        Foul::DarkDisc,
        Foul::OpponentOffTable,
        Foul::OwnOffTable,
        Foul::Technique,
        Foul::ZoneContact,
        Foul::DarkOnlyShort,
        Foul::BlindZone,
        Foul::DarkKnockedIn,
    ];
}

impl Foul {
    /// The label `Display` writes and `FromStr` reads.
    const fn label(self) -> &'static str {
        match self {
            Foul::PuckLost => "F1 puck lost",
            Foul::NoOwnDisc => "F2 no own disc touched",
            Foul::OpponentFirst => "F3 opponent's disc first",
            Foul::DarkDisc => "F4 dark disc",
            Foul::OpponentOffTable => "F5 opponent's disc off the table",
            Foul::OwnOffTable => "B12 own disc off the table",
            Foul::Technique => "B21 technique",
            Foul::ZoneContact => "B22 disc in own zone first",
            Foul::DarkOnlyShort => "LNF dark-only stroke fell short",
            Foul::BlindZone => "LNF doubles: opponent's disc knocked into the centre circle",
            Foul::DarkKnockedIn => "N13 dark disc knocked in by a body N13 does not allow",
        }
    }
}

/// The rule's id and a few words: `F1 puck lost`, `F2 no own disc touched`, `F3 opponent's
/// disc first`, `F4 dark disc`, `F5 opponent's disc off the table`, `B12 own disc off the
/// table`, `B21 technique`, `B22 disc in own zone first`, `LNF dark-only stroke fell short`,
/// `LNF doubles: opponent's disc knocked into the centre circle`, `N13 dark disc knocked in
/// by a body N13 does not allow`.
impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A text that is not one of the labels [`Foul`]'s `Display` writes: the text, at most 64
/// characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Foul, ParseFoulError};
/// let err: ParseFoulError = "F1".parse::<Foul>().unwrap_err();
/// assert_eq!(err.0, "F1");
/// assert_eq!(
///     err.to_string(),
///     "not a foul (a rule id and its words, such as \"F1 puck lost\"): \"F1\""
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a foul (a rule id and its words, such as \"F1 puck lost\"): {0:?}")]
#[non_exhaustive]
pub struct ParseFoulError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly the label `Display` writes (see there): the rule's id as written, single
/// spaces, nothing around it.
///
/// # Errors
///
/// [`ParseFoulError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::Foul;
/// let foul: Foul = "F4 dark disc".parse()?;
/// assert_eq!(foul, Foul::DarkDisc);
/// assert_eq!(Foul::Technique.to_string().parse::<Foul>()?, Foul::Technique);
/// assert!("f4 dark disc".parse::<Foul>().is_err());
/// # Ok::<(), lattjo_disc_billiards::ParseFoulError>(())
/// ```
impl core::str::FromStr for Foul {
    type Err = ParseFoulError;
    fn from_str(s: &str) -> Result<Foul, ParseFoulError> {
        Foul::ALL
            .into_iter()
            .find(|f| f.label() == s)
            .ok_or_else(|| ParseFoulError(boardgame_core::text::excerpt(s)))
    }
}

/// A set of fouls committed by one stroke.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, Foul, Novuss, Outcome, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// out.pocket(0.5, Body::Puck);
/// let r = game.resolve(&mut state, &out)?;
/// let fouls: Vec<Foul> = r.fouls.iter().collect();
/// assert_eq!(fouls, [Foul::PuckLost, Foul::NoOwnDisc]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u16", into = "u16"))]
pub struct Fouls(u16);

impl Fouls {
    /// Whether `foul` is in the set.
    #[must_use]
    pub const fn contains(self, foul: Foul) -> bool {
        self.0 & (1 << foul as u8) != 0
    }

    /// Whether no foul was committed.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The fouls in the set.
    pub fn iter(self) -> impl Iterator<Item = Foul> {
        Foul::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    pub(crate) fn insert(&mut self, foul: Foul) {
        self.0 |= 1 << foul as u8;
    }
}

/// Why the turn passed (N7(a)-(e)).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Outcome, TurnLoss, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let miss = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// let r = game.resolve(&mut state, &miss)?;
/// assert!(r.losses.contains(TurnLoss::NothingPocketed));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum TurnLoss {
    /// N7(a): an opponent's disc was pocketed together with an own disc.
    OpponentWithOwn,
    /// N7(b): no own disc was pocketed.
    NothingPocketed,
    /// N7(c): a disc left the table.
    OffTable,
    /// N7(d): a foul.
    Foul,
    /// N7(e): the puck came back into the striker's zone (B17).
    PuckReturned,
    /// LNF §5 ([`crate::Rules::own_edge_line_loss`]): after a rebound stroke with no dark disc of
    /// the striker, the puck crossed back over his own edge line.
    OwnEdgeLine,
    /// LNF §5 ([`crate::Rules::opening_equaliser`]): the striker's side pocketed its last disc
    /// in its opening series; its series stops and the other side answers.
    SeriesStopped,
}

/// The reasons the turn passed after a stroke; empty when the striker strikes again (N6).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// out.contact(0.1, Body::Puck, Body::Disc(DiscId(3))).pocket(0.4, Body::Disc(DiscId(3)));
/// let r = game.resolve(&mut state, &out)?;
/// assert!(r.losses.is_empty() && r.continues());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct TurnLosses(u8);

impl TurnLosses {
    /// Whether `reason` applies.
    #[must_use]
    pub const fn contains(self, reason: TurnLoss) -> bool {
        self.0 & (1 << reason as u8) != 0
    }

    /// Whether no reason applies (the turn continues).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) fn insert(&mut self, reason: TurnLoss) {
        self.0 |= 1 << reason as u8;
    }
}

/// The stroke's first contact (B5).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Body, Compass, Novuss, Outcome, StrokeKind, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let mut out = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// out.cushion(0.1, Body::Puck, Compass::East);
/// let r = game.resolve(&mut state, &out)?;
/// assert_eq!(r.kind, StrokeKind::Rebound(Compass::East));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StrokeKind {
    /// The puck's first contact was a disc.
    Direct(DiscId),
    /// The puck's first contact was a cushion.
    Rebound(Compass),
    /// The puck touched nothing.
    NoContact,
}

/// The penalty a stroke cost (N9, N10, B9, B15).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Outcome, Penalty, Side, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// // A foul with nothing in the pocket: a debt (N10).
/// let miss = Outcome::still(&state, Vec2::new(0.2, 0.0));
/// let r = game.resolve(&mut state, &miss)?;
/// assert_eq!(r.penalty, Penalty::Debt);
/// assert_eq!(state.debt(Side::A), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Penalty {
    /// No foul.
    None,
    /// This pocketed disc was put on the table.
    Placed(DiscId),
    /// Nothing was pocketed: the side's debt grew by one.
    Debt,
}

/// What one stroke did, step by step of the resolution order.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Stroke, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// let r = game.strike(&mut state, &Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0))?;
/// assert_eq!(state.last_resolution(), Some(&r));
/// assert!(r.own_pocketed >= 1 && r.continues());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resolution {
    /// Who struck.
    pub striker: Seat,
    /// Direct, rebound or no contact (B5).
    pub kind: StrokeKind,
    /// Fouls committed (at most one penalty whatever their number, B9).
    pub fouls: Fouls,
    /// The penalty charged.
    pub penalty: Penalty,
    /// Why the turn passed; empty when it continues.
    pub losses: TurnLosses,
    /// Own discs pocketed by this stroke (after F4 restoration).
    pub own_pocketed: u8,
    /// Opponent's discs pocketed by this stroke (they count for their owner, B11).
    pub opponent_pocketed: u8,
    /// Dark discs put back after F4.
    pub restored: u8,
    /// Discs put back on the table after leaving it (F5, B12, B13).
    pub returned: u8,
    /// Debt discs placed at the end of the turn (B16).
    pub debt_paid: u8,
    /// The penalty was a debt but the side already owed as many discs as it has
    /// ([`crate::Rules::discs_per_side`]), so the debt stayed at that cap.
    pub debt_capped: bool,
    /// The winner, if this stroke ended the game (N14, B11).
    pub winner: Option<Side>,
    /// LNF §5 ([`crate::Rules::opening_equaliser`]): this stroke cleared the answering side
    /// too, so the set was replayed from the start. Every disc is back on its starting spot,
    /// no side holds a pocketed disc or a debt, and the striker strikes first. The other
    /// counts of this report say what the stroke did before the replay. (Absent from
    /// reports serialised before the field existed: read as `false`.)
    #[cfg_attr(feature = "serde", serde(default))]
    pub replayed: bool,
}

impl Resolution {
    /// Whether the striker strikes again (N6).
    #[must_use]
    pub const fn continues(&self) -> bool {
        self.losses.is_empty()
    }
}

/// A bit set with a bit that names no foul or turn loss. The field is the whole bit set.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::Fouls;
/// let e = Fouls::try_from(1u16 << 15).unwrap_err();
/// assert_eq!(e.0, 1 << 15);
/// assert_eq!(e.to_string(), "bit set 0x8000 names an unknown foul or turn loss");
/// assert!(Fouls::try_from(1u16).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bit set {0:#x} names an unknown foul or turn loss")]
#[non_exhaustive]
pub struct UnknownBits(pub u16);

impl TryFrom<u16> for Fouls {
    type Error = UnknownBits;
    fn try_from(bits: u16) -> Result<Fouls, UnknownBits> {
        if bits >> Foul::ALL.len() == 0 {
            Ok(Fouls(bits))
        } else {
            Err(UnknownBits(bits))
        }
    }
}

impl From<Fouls> for u16 {
    fn from(f: Fouls) -> u16 {
        f.0
    }
}

impl TryFrom<u8> for TurnLosses {
    type Error = UnknownBits;
    fn try_from(bits: u8) -> Result<TurnLosses, UnknownBits> {
        // Seven reasons: N7(a)-(e), the LNF own edge line and the stopped opening series.
        if bits >> 7 == 0 {
            Ok(TurnLosses(bits))
        } else {
            Err(UnknownBits(u16::from(bits)))
        }
    }
}

impl From<TurnLosses> for u8 {
    fn from(t: TurnLosses) -> u8 {
        t.0
    }
}

#[cfg(all(test, feature = "serde"))]
pub(crate) mod serde_tests {
    use super::*;
    use crate::{Action, Call, Conduct, Novuss, Rules, Stroke};
    use boardgame_core::{Game, GameRng, Turn};
    use proptest::prelude::*;

    /// JSON and back: the copy equals the original and writes the same JSON (the crate's
    /// serde tests share it).
    pub(crate) fn round_trip<T>(value: &T) -> T
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + fmt::Debug,
    {
        let json = serde_json::to_string(value).expect("writes");
        let back: T = serde_json::from_str(&json).expect("reads back");
        assert_eq!(&back, value, "{json}");
        assert_eq!(serde_json::to_string(&back).expect("writes"), json);
        back
    }

    fn start() -> Outcome {
        Outcome::still(&Novuss::default().new_state(), Vec2::new(0.0, 0.1))
    }

    /// The message of the error deserializing `out`'s JSON with `field` replaced by `value`.
    fn refused(out: &Outcome, field: &str, value: serde_json::Value) -> String {
        let mut v = serde_json::to_value(out).expect("writes");
        v[field] = value;
        serde_json::from_value::<Outcome>(v)
            .expect_err("refused")
            .to_string()
    }

    /// The message of the error deserializing `out`'s own JSON.
    fn json_refusal(out: &Outcome) -> String {
        let json = serde_json::to_string(out).expect("writes");
        serde_json::from_str::<Outcome>(&json)
            .expect_err("refused")
            .to_string()
    }

    /// The error of `out` through the raw form (a format that carries what JSON cannot).
    fn raw_error(out: Outcome) -> OutcomeError {
        let raw = OutcomeRaw {
            events: out.events,
            rest: out.rest,
            puck_rest: out.puck_rest,
            own_line_crossed: out.own_line_crossed,
        };
        Outcome::try_from(raw).expect_err("refused")
    }

    #[test]
    fn outcomes_built_by_the_api_round_trip_through_json() {
        let mut out = start();
        out.contact(0.1, Body::Puck, Body::Disc(DiscId(3)))
            .contact(0.1, Body::Disc(DiscId(3)), Body::Disc(DiscId(4)))
            .cushion(0.2, Body::Disc(DiscId(4)), Compass::North)
            .pocket(0.3, Body::Disc(DiscId(3)))
            .off_table(0.5, Body::Disc(DiscId(4)), Vec2::new(0.2, 0.4))
            .moved(DiscId(5), Vec2::new(-0.1, 0.25))
            .pocket(0.7, Body::Puck);
        out.own_line_crossed = true;
        round_trip(&start());
        round_trip(&out);
        for event in &out.events {
            round_trip(event);
        }
        round_trip(&Body::Puck);
        round_trip(&Body::Disc(DiscId(31)));
    }

    /// Outcomes of real strokes (simulated from a seeded game) read back exactly and resolve
    /// to the same resolution; the resolutions and the states after them read back too.
    #[test]
    fn outcomes_of_real_strokes_round_trip_and_resolve_alike() {
        let game = Novuss::default();
        let mut rng = GameRng::new(5, 0);
        let mut state = game.new_state();
        let mut buf = Vec::new();
        let mut strokes = 0;
        while strokes < 10 {
            let action = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut rng),
                Turn::Player(_) => game.sample_action(&state, &mut rng, &mut buf),
            }
            .expect("an action");
            if let Action::Strike(_, stroke) = action {
                let out = game.simulate(&state, &stroke).expect("a stroke");
                assert_eq!(out.check_shape(), Ok(()));
                let back = round_trip(&out);
                let (mut a, mut b) = (state.clone(), state.clone());
                let ra = game.resolve(&mut a, &out).expect("resolves");
                assert_eq!(game.resolve(&mut b, &back), Ok(ra));
                assert!(a == b);
                round_trip(&ra);
                strokes += 1;
            }
            game.apply(&mut state, &action).expect("legal");
        }
        assert_eq!(strokes, 10);
    }

    #[test]
    fn call_reports_round_trip_through_json() {
        let game = Novuss::new(Rules::lnf()).expect("a preset");
        let mut state = game.new_state();
        let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
        let seat = state.to_move();
        let report = game
            .call(&mut state, &Call::FoulStroke(seat, stroke))
            .expect("a foul stroke");
        assert!(report.stroke.is_some());
        round_trip(&report);
        for conduct in [Conduct::RefusedToStrike, Conduct::LeftZone] {
            let seat = state.to_move();
            let report = game
                .call(&mut state, &Call::Conduct(seat, conduct))
                .expect("a call");
            round_trip(&report);
        }
    }

    #[test]
    fn an_outcome_with_events_out_of_time_order_does_not_deserialize() {
        let mut out = start();
        out.cushion(0.3, Body::Puck, Compass::North)
            .cushion(0.2, Body::Puck, Compass::East);
        let e = json_refusal(&out);
        assert_eq!(e, "event 1 is out of time order or not finite");
    }

    #[test]
    fn an_outcome_with_an_event_before_the_stroke_does_not_deserialize() {
        let mut out = start();
        out.cushion(-0.1, Body::Puck, Compass::North);
        let e = json_refusal(&out);
        assert_eq!(e, "event 0 is out of time order or not finite");
        let mut nan = start();
        nan.cushion(f64::NAN, Body::Puck, Compass::North);
        assert_eq!(raw_error(nan), OutcomeError::Time(0));
    }

    #[test]
    fn an_outcome_naming_a_disc_no_table_has_does_not_deserialize() {
        let mut out = start();
        out.contact(0.1, Body::Puck, Body::Disc(DiscId(32)));
        let e = json_refusal(&out);
        assert!(
            e.contains("event 0 names disc 32, which no table has"),
            "{e}"
        );
    }

    #[test]
    fn an_outcome_with_a_body_touching_itself_does_not_deserialize() {
        for body in [Body::Puck, Body::Disc(DiscId(2))] {
            let mut out = start();
            out.contact(0.1, body, body);
            let e = json_refusal(&out);
            assert_eq!(e, "event 0 is impossible for its bodies");
        }
    }

    #[test]
    fn an_outcome_with_a_disc_moving_after_it_was_pocketed_does_not_deserialize() {
        let mut out = start();
        out.pocket(0.2, Body::Disc(DiscId(3))).contact(
            0.3,
            Body::Disc(DiscId(4)),
            Body::Disc(DiscId(3)),
        );
        let e = json_refusal(&out);
        assert_eq!(e, "event 1 is impossible for its bodies");
    }

    #[test]
    fn an_outcome_with_the_puck_lost_twice_does_not_deserialize() {
        let mut out = start();
        out.pocket(0.2, Body::Puck)
            .off_table(0.3, Body::Puck, Vec2::new(0.0, 0.5));
        let e = json_refusal(&out);
        assert_eq!(e, "event 1 is impossible for its bodies");
    }

    #[test]
    fn an_outcome_with_a_body_leaving_at_no_point_does_not_deserialize() {
        let mut out = start();
        out.off_table(0.2, Body::Disc(DiscId(1)), Vec2::new(f64::INFINITY, 0.0));
        assert_eq!(raw_error(out), OutcomeError::Impossible(0));
        let mut out = start();
        out.off_table(0.2, Body::Puck, Vec2::new(0.1, f64::NAN));
        assert_eq!(raw_error(out), OutcomeError::Impossible(0));
    }

    #[test]
    fn an_outcome_with_a_rest_position_that_is_not_finite_does_not_deserialize() {
        let mut out = start();
        out.moved(DiscId(2), Vec2::new(f64::NAN, 0.0));
        let e = raw_error(out);
        assert_eq!(e, OutcomeError::Rest(DiscId(2)));
        assert_eq!(e.to_string(), "disc 2 has no valid rest position");
        let mut out = start();
        out.puck_rest = Some(Vec2::new(0.0, f64::NEG_INFINITY));
        let e = raw_error(out);
        assert_eq!(e.to_string(), "the puck has no valid rest position");
    }

    #[test]
    fn an_outcome_with_the_wrong_number_of_rest_positions_does_not_deserialize() {
        let e = refused(&start(), "rest", serde_json::json!([null, null]));
        assert!(e.contains("length 2"), "{e}");
    }

    fn any_body() -> impl Strategy<Value = Body> {
        prop_oneof![
            Just(Body::Puck),
            (0u8..40).prop_map(|i| Body::Disc(DiscId(i)))
        ]
    }

    fn any_event() -> impl Strategy<Value = StrokeEvent> {
        (0u8..4, -0.1f64..2.0, any_body(), any_body(), -1.0f64..1.0).prop_map(
            |(k, time, a, b, x)| match k {
                0 => StrokeEvent::Contact { time, a, b },
                1 => StrokeEvent::Cushion {
                    time,
                    body: a,
                    cushion: Compass::ALL[usize::from(b == Body::Puck)],
                },
                2 => StrokeEvent::Pocketed { time, body: a },
                _ => StrokeEvent::LeftTable {
                    time,
                    body: a,
                    at: Vec2::new(x, 0.6),
                },
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// An outcome reads back from its JSON exactly when it holds together, and then as
        /// itself; one that does not is refused by `resolve` too.
        #[test]
        fn an_outcome_reads_back_exactly_when_its_shape_is_valid(
            mut events in prop::collection::vec(any_event(), 0..8),
            sort in any::<bool>(),
            own_line_crossed in any::<bool>(),
        ) {
            if sort {
                events.sort_by(|x, y| x.time().total_cmp(&y.time()));
            }
            let mut out = start();
            out.events = events;
            out.own_line_crossed = own_line_crossed;
            let json = serde_json::to_string(&out).expect("writes");
            match (out.check_shape(), serde_json::from_str::<Outcome>(&json)) {
                (Ok(()), Ok(back)) => prop_assert_eq!(back, out),
                (Err(e), Err(d)) => {
                    prop_assert_eq!(d.to_string(), e.to_string());
                    // What the shape refuses, resolving refuses too.
                    let game = Novuss::default();
                    let mut state = game.new_state();
                    prop_assert!(game.resolve(&mut state, &out).is_err());
                }
                (shape, read) => prop_assert!(false, "{shape:?} but {read:?}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_foul_reads_back_from_its_label() {
        for foul in Foul::ALL {
            assert_eq!(foul.to_string().parse::<Foul>(), Ok(foul));
        }
    }

    #[test]
    fn a_text_that_is_no_foul_label_is_refused_without_a_panic() {
        let long = "F1 puck lost".repeat(9_000);
        for bad in [
            "",
            " ",
            "F1",
            "puck lost",
            "f1 puck lost",
            "F1 PUCK LOST",
            "F1 puck lost ",
            " F1 puck lost",
            "F1 puck lost\n",
            "F1  puck lost",
            "F1 puck lostx",
            "F3 opponent’s disc first",
            "F1 puck lóst",
            &long,
        ] {
            let err = bad.parse::<Foul>().expect_err(bad);
            assert_eq!(
                err,
                ParseFoulError(boardgame_core::text::excerpt(bad)),
                "{bad:?}"
            );
            assert!(err.0.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }
}
