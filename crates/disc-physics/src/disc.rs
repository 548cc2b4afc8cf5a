//! Disc kinds, ids and states.

use core::fmt;
use core::str::FromStr;

use crate::{CushionId, PocketId, Vec2, limits};

/// The size and mass of a kind of disc (a carrom coin, a striker, a Novuss puck...).
///
/// # Examples
///
/// ```
/// use disc_physics::DiscKind;
/// # fn main() -> Result<(), disc_physics::KindError> {
/// let coin = DiscKind::new(0.0159, 0.0055)?;
/// assert_eq!(coin.radius_m(), 0.0159);
/// assert!(DiscKind::new(0.0, 0.0055).is_err());
/// # Ok(()) }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "DiscKindRaw"))]
pub struct DiscKind {
    pub(crate) radius_m: f64,
    pub(crate) mass_kg: f64,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct DiscKindRaw {
    radius_m: f64,
    mass_kg: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<DiscKindRaw> for DiscKind {
    type Error = KindError;
    fn try_from(raw: DiscKindRaw) -> Result<DiscKind, KindError> {
        DiscKind::new(raw.radius_m, raw.mass_kg)
    }
}

/// Why a [`DiscKind`] is invalid.
///
/// # Examples
///
/// ```
/// use disc_physics::{DiscKind, KindError};
/// assert_eq!(DiscKind::new(-0.01, 0.005), Err(KindError::Radius(-0.01)));
/// match DiscKind::new(0.02, f64::NAN) {
///     Err(KindError::Mass(m)) => assert!(m.is_nan()),
///     other => panic!("expected a refused mass, got {other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum KindError {
    /// The radius is not in [`limits::RADIUS_M`] (10⁻⁴ to 100 m; NaN, infinities and
    /// subnormals are outside).
    #[error("disc radius must be in [1e-4, 100] m, got {0}")]
    Radius(f64),
    /// The mass is not in [`limits::MASS_KG`] (10⁻⁶ to 10⁶ kg; NaN, infinities and
    /// subnormals are outside).
    #[error("disc mass must be in [1e-6, 1e6] kg, got {0}")]
    Mass(f64),
}

impl DiscKind {
    /// A kind of disc of radius `radius_m` metres and mass `mass_kg` kilograms.
    ///
    /// # Errors
    ///
    /// [`KindError::Radius`] or [`KindError::Mass`] for a value outside its range in
    /// [`limits`] (NaN, infinite, subnormal, zero, negative or absurdly large).
    pub fn new(radius_m: f64, mass_kg: f64) -> Result<DiscKind, KindError> {
        if !limits::within(radius_m, &limits::RADIUS_M) {
            return Err(KindError::Radius(radius_m));
        }
        if !limits::within(mass_kg, &limits::MASS_KG) {
            return Err(KindError::Mass(mass_kg));
        }
        Ok(DiscKind { radius_m, mass_kg })
    }

    /// The radius in metres.
    #[must_use]
    pub const fn radius_m(&self) -> f64 {
        self.radius_m
    }

    /// The mass in kilograms.
    #[must_use]
    pub const fn mass_kg(&self) -> f64 {
        self.mass_kg
    }
}

/// A disc's handle: its index in creation order. Ids are never reused; a pocketed or removed
/// disc keeps its id and can be placed again.
///
/// # Examples
///
/// ```
/// use disc_physics::{carrom, DiscId, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// let coin = world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO)?;
/// let striker = world.add_disc(carrom::STRIKER, Vec2::new(0.0, carrom::STRIKER_Y_M), Vec2::ZERO)?;
/// assert_eq!((coin.index(), striker.index()), (0, 1));
/// assert_eq!(DiscId::from_index(1), striker);
/// world.remove(coin)?;
/// assert!(world.disc(coin).is_some()); // the id stays valid off the table
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscId(pub(crate) u32);

impl DiscId {
    /// The creation index (0 for the first disc added).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of the disc created `index`-th, whether or not such a disc exists.
    #[must_use]
    pub const fn from_index(index: u32) -> DiscId {
        DiscId(index)
    }
}

/// `disc 3`: the word `disc`, one space and the creation index, as the error messages name a
/// disc and as the games name theirs.
impl fmt::Display for DiscId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "disc {}", self.0)
    }
}

/// Reads exactly what `Display` writes: `disc`, one space and the index in decimal digits
/// without a sign or a leading zero, from `disc 0` to `disc 4294967295` (whether a world has
/// that disc is the world's to say). Lower case only, nothing around it.
///
/// # Errors
///
/// [`ParseIdError`] for any other text.
///
/// # Examples
///
/// ```
/// use disc_physics::DiscId;
/// assert_eq!("disc 7".parse::<DiscId>()?, DiscId::from_index(7));
/// assert_eq!(DiscId::from_index(31).to_string(), "disc 31");
/// assert!("disc 07".parse::<DiscId>().is_err());
/// assert!("Disc 7".parse::<DiscId>().is_err());
/// # Ok::<(), disc_physics::ParseIdError>(())
/// ```
impl FromStr for DiscId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<DiscId, ParseIdError> {
        s.strip_prefix("disc ")
            .and_then(decimal)
            .map(DiscId)
            .ok_or_else(|| ParseIdError::new("a disc (disc <n>, n from 0 to 4294967295)", s))
    }
}

/// A text that is not an id as [`DiscId`], [`CushionId`](crate::CushionId) or
/// [`PocketId`](crate::PocketId) write theirs: what was expected, and the text (at most 64
/// characters of it).
///
/// # Examples
///
/// ```
/// use disc_physics::{DiscId, PocketId};
/// let err = "disc -1".parse::<DiscId>().unwrap_err();
/// assert_eq!(err.text, "disc -1");
/// assert_eq!(err.to_string(), "not a disc (disc <n>, n from 0 to 4294967295): \"disc -1\"");
/// assert!("pocket".parse::<PocketId>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not {expected}: {text:?}")]
#[non_exhaustive]
pub struct ParseIdError {
    /// What the text should have been, with its form.
    pub expected: &'static str,
    /// The text, at most 64 characters of it (63 and `…` when longer).
    pub text: String,
}

impl ParseIdError {
    pub(crate) fn new(expected: &'static str, text: &str) -> ParseIdError {
        const MAX: usize = 64;
        let text = match text.char_indices().nth(MAX) {
            None => text.to_owned(),
            Some(_) => {
                let cut = text
                    .char_indices()
                    .nth(MAX - 1)
                    .map_or(text.len(), |(i, _)| i);
                format!("{}…", &text[..cut])
            }
        };
        ParseIdError { expected, text }
    }
}

/// A number in decimal digits without a sign or a leading zero (`0` itself allowed) that
/// fits `T`.
pub(crate) fn decimal<T: FromStr>(s: &str) -> Option<T> {
    let canonical = match s.as_bytes() {
        [] | [b'0', _, ..] => false,
        b => b.iter().all(u8::is_ascii_digit),
    };
    if canonical { s.parse().ok() } else { None }
}

/// Where a disc is.
///
/// # Examples
///
/// ```
/// use disc_physics::{DiscKind, DiscStatus, NoEvents, PocketId, StepConfig, Table, Vec2, World};
/// let table = Table::new(0.5, 0.5)?.with_pocket(Vec2::new(0.4, 0.0), 0.05)?;
/// let mut world = World::new(table, StepConfig::default())?;
/// let coin = world.add_disc(DiscKind::new(0.02, 0.005)?, Vec2::ZERO, Vec2::new(1.5, 0.0))?;
/// world.run_to_rest(&mut NoEvents);
/// let status = world.disc(coin).map(|d| d.status);
/// assert_eq!(status, Some(DiscStatus::Pocketed(PocketId(0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DiscStatus {
    /// On the playing surface, taking part in the simulation.
    OnTable,
    /// Fell into this pocket.
    Pocketed(PocketId),
    /// Jumped this outer cushion and left the table.
    LeftTable(CushionId),
    /// Taken off by [`World::remove`](crate::World::remove).
    Removed,
}

/// A snapshot of one disc.
///
/// With the `serde` feature it serializes and deserializes, its kind through
/// [`DiscKind`]'s checks; the rest is read as written (a snapshot is a report, which nothing
/// in the crate takes back: a whole [`World`](crate::World) is what restores a table).
///
/// # Examples
///
/// ```
/// use disc_physics::{carrom, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// let coin = world.add_disc(carrom::COIN, Vec2::new(0.1, 0.0), Vec2::new(0.0, 0.5))?;
/// let on = world.disc(coin).ok_or("an added disc")?;
/// assert!(on.on_table());
/// assert_eq!((on.position, on.kind), (Vec2::new(0.1, 0.0), carrom::COIN));
/// world.remove(coin)?;
/// let off = world.disc(coin).ok_or("ids stay valid")?;
/// assert!(!off.on_table());
/// assert_eq!(off.velocity, Vec2::ZERO);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscState {
    /// The disc's id.
    pub id: DiscId,
    /// Its kind (radius, mass).
    pub kind: DiscKind,
    /// Centre position in metres (for a disc off the table: where it was last on it).
    pub position: Vec2,
    /// Velocity in m/s (zero off the table).
    pub velocity: Vec2,
    /// Where it is.
    pub status: DiscStatus,
}

impl DiscState {
    /// Whether the disc is on the table.
    #[must_use]
    pub fn on_table(&self) -> bool {
        self.status == DiscStatus::OnTable
    }
}
