//! The table: an axis-aligned box of four cushions, optional internal walls, corner pockets and
//! the physical parameters of the level-0 model.

use core::fmt;
use core::str::FromStr;

use crate::disc::{ParseIdError, decimal};
use crate::{Vec2, limits};

/// Physical parameters of the level-0 model (physics.md §1.3 and §2). Units are in the names.
///
/// The defaults are the benchmark values of physics.md; they are engineering estimates, not
/// measurements, which is why they live in this one struct.
///
/// Every field has a range in [`limits`], checked by [`Params::validate`] when a table takes
/// the parameters ([`Table::with_params`]) and when they are deserialized.
///
/// # Examples
///
/// ```
/// use disc_physics::{Params, Table, TableError};
/// let slick = Params { friction_mu: 0.05, ..Params::default() };
/// assert!((slick.friction_decel_m_s2() - 0.4905).abs() < 1e-12);
/// let table = Table::new(0.37, 0.37)?.with_params(slick)?;
/// assert_eq!(table.params().friction_mu, 0.05);
/// let bouncy = Params { restitution_disc: 1.5, ..Params::default() };
/// assert_eq!(bouncy.validate(), Err(TableError::Restitution(1.5)));
/// # Ok::<(), TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ParamsRaw"))]
pub struct Params {
    /// Disc-board sliding friction coefficient μ (dimensionless). Default 0.10: powdered
    /// lacquered wood is estimated at 0.05-0.2; a coin flicked at 1 m/s slides about 0.5 m.
    /// Range: zero or [`limits::FRICTION_MU`].
    pub friction_mu: f64,
    /// Gravitational acceleration g in m/s². Default 9.81. It enters only through the constant
    /// friction deceleration μg. Range: zero or [`limits::GRAVITY_M_S2`].
    pub gravity_m_s2: f64,
    /// Newton restitution e for every disc-disc contact (dimensionless, in [0, 1]). Default 0.90
    /// (hardwood/plastic 0.8-0.95). Range: zero or [`limits::RESTITUTION`].
    pub restitution_disc: f64,
    /// Newton restitution for disc-cushion and disc-wall contacts (in [0, 1]). Default 0.75 (a
    /// hard wooden frame, 0.6-0.85). Range: zero or [`limits::RESTITUTION`].
    pub restitution_cushion: f64,
    /// Normal approach speed in m/s above which a disc hitting one of the four outer cushions
    /// jumps it and leaves the table ([`EventKind::LeftTable`](crate::EventKind::LeftTable)).
    /// Default `None`: the level-0 model is planar, so nothing ever leaves the table.
    /// Range: [`limits::SPEED_M_S`].
    pub jump_speed_m_s: Option<f64>,
    /// The largest speed in m/s that a disc may be given (strikes, placement). Default 100 m/s,
    /// far above any stroke (a hard carrom break is 4-8 m/s); it keeps every product finite.
    /// Range: [`limits::SPEED_M_S`]. (Collisions may pass a disc more than this, as a heavy
    /// disc gives a light one up to twice its speed; the limit is on what a caller sets.)
    pub max_speed_m_s: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            friction_mu: 0.10,
            gravity_m_s2: 9.81,
            restitution_disc: 0.90,
            restitution_cushion: 0.75,
            jump_speed_m_s: None,
            max_speed_m_s: 100.0,
        }
    }
}

impl Params {
    /// The friction deceleration μg in m/s².
    #[must_use]
    pub fn friction_decel_m_s2(&self) -> f64 {
        self.friction_mu * self.gravity_m_s2
    }

    /// Checks every parameter against its range in [`limits`].
    ///
    /// # Errors
    ///
    /// The [`TableError`] naming the first parameter out of range.
    pub fn validate(&self) -> Result<(), TableError> {
        if !limits::zero_or_within(self.friction_mu, &limits::FRICTION_MU) {
            return Err(TableError::Friction(self.friction_mu));
        }
        if !limits::zero_or_within(self.gravity_m_s2, &limits::GRAVITY_M_S2) {
            return Err(TableError::Gravity(self.gravity_m_s2));
        }
        if !limits::zero_or_within(self.restitution_disc, &limits::RESTITUTION) {
            return Err(TableError::Restitution(self.restitution_disc));
        }
        if !limits::zero_or_within(self.restitution_cushion, &limits::RESTITUTION) {
            return Err(TableError::CushionRestitution(self.restitution_cushion));
        }
        if let Some(j) = self.jump_speed_m_s
            && !limits::within(j, &limits::SPEED_M_S)
        {
            return Err(TableError::JumpSpeed(j));
        }
        if !limits::within(self.max_speed_m_s, &limits::SPEED_M_S) {
            return Err(TableError::MaxSpeed(self.max_speed_m_s));
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct ParamsRaw {
    friction_mu: f64,
    gravity_m_s2: f64,
    restitution_disc: f64,
    restitution_cushion: f64,
    jump_speed_m_s: Option<f64>,
    max_speed_m_s: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<ParamsRaw> for Params {
    type Error = TableError;
    fn try_from(raw: ParamsRaw) -> Result<Params, TableError> {
        let p = Params {
            friction_mu: raw.friction_mu,
            gravity_m_s2: raw.gravity_m_s2,
            restitution_disc: raw.restitution_disc,
            restitution_cushion: raw.restitution_cushion,
            jump_speed_m_s: raw.jump_speed_m_s,
            max_speed_m_s: raw.max_speed_m_s,
        };
        p.validate()?;
        Ok(p)
    }
}

/// Which cushion or wall a disc touched.
///
/// The four outer cushions are numbered counter-clockwise from the breaker's side:
/// [`BOTTOM`](Self::BOTTOM) (y = −H), [`RIGHT`](Self::RIGHT), [`TOP`](Self::TOP),
/// [`LEFT`](Self::LEFT). Internal walls follow in the order they were added
/// ([`CushionId::wall`]).
///
/// # Examples
///
/// ```
/// use disc_physics::{carrom, CushionId, EventKind, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(0.0, 2.0))?; // straight up the board
/// let mut events = Vec::new();
/// world.run_to_rest(&mut events);
/// let hit = events.iter().find_map(|e| match e.kind {
///     EventKind::CushionContact { cushion, .. } => Some(cushion),
///     _ => None,
/// });
/// assert_eq!(hit, Some(CushionId::TOP));
/// assert!(CushionId::TOP.is_outer() && !CushionId::wall(0).is_outer());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CushionId(u16);

impl CushionId {
    /// The cushion along y = −half height (the breaking player's side).
    pub const BOTTOM: CushionId = CushionId(0);
    /// The cushion along x = +half width.
    pub const RIGHT: CushionId = CushionId(1);
    /// The cushion along y = +half height (opposite the breaking player).
    pub const TOP: CushionId = CushionId(2);
    /// The cushion along x = −half width.
    pub const LEFT: CushionId = CushionId(3);
    /// The four outer cushions, counter-clockwise from [`BOTTOM`](Self::BOTTOM).
    pub const OUTER: [CushionId; 4] = [Self::BOTTOM, Self::RIGHT, Self::TOP, Self::LEFT];

    /// The id of the `k`-th internal wall (0-based, in the order added). A table has at most
    /// [`limits::MAX_POCKETS_OR_WALLS`] walls; a `k` above 65,531 (past the last id) gives the
    /// last id, 65,535, which is never an outer cushion. (Before the API audit of 5 Dec 2026
    /// `wall(65_535)` overflowed: a panic in a debug build, [`CushionId::LEFT`] in a release
    /// build.)
    #[must_use]
    pub const fn wall(k: u16) -> CushionId {
        CushionId(k.saturating_add(4))
    }

    /// The raw index: 0-3 for the outer cushions, 4 + k for wall k.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the four outer cushions.
    #[must_use]
    pub const fn is_outer(self) -> bool {
        self.0 < 4
    }

    /// The wall number if this is an internal wall.
    #[must_use]
    pub const fn wall_index(self) -> Option<usize> {
        if self.0 >= 4 {
            Some(self.0 as usize - 4)
        } else {
            None
        }
    }
}

/// The four outer cushions' words, in [`CushionId::OUTER`]'s order.
const OUTER_WORDS: [&str; 4] = [
    "bottom cushion",
    "right cushion",
    "top cushion",
    "left cushion",
];

/// `bottom cushion`, `right cushion`, `top cushion` and `left cushion` for the outer cushions,
/// `wall 0`, `wall 1`, ... for the internal walls, as the error messages name them.
impl fmt::Display for CushionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.wall_index() {
            None => f.write_str(OUTER_WORDS[self.index()]),
            Some(k) => write!(f, "wall {k}"),
        }
    }
}

/// Reads exactly what `Display` writes: one of the four outer cushions' words, or `wall`,
/// one space and the wall's number in decimal digits without a sign or a leading zero, from
/// `wall 0` to `wall 65531` (whether a table has that wall is the table's to say). Lower
/// case only, nothing around it.
///
/// # Errors
///
/// [`ParseIdError`] for any other text.
///
/// # Examples
///
/// ```
/// use disc_physics::CushionId;
/// assert_eq!("top cushion".parse::<CushionId>()?, CushionId::TOP);
/// assert_eq!("wall 2".parse::<CushionId>()?, CushionId::wall(2));
/// assert_eq!(CushionId::wall(2).to_string(), "wall 2");
/// assert!("wall 65532".parse::<CushionId>().is_err());
/// # Ok::<(), disc_physics::ParseIdError>(())
/// ```
impl FromStr for CushionId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<CushionId, ParseIdError> {
        let outer = OUTER_WORDS
            .iter()
            .position(|w| *w == s)
            .map(|i| CushionId::OUTER[i]);
        let wall = || {
            s.strip_prefix("wall ")
                .and_then(decimal::<u16>)
                .filter(|&k| k <= u16::MAX - 4)
                .map(CushionId::wall)
        };
        outer.or_else(wall).ok_or_else(|| {
            ParseIdError::new(
                "a cushion (bottom, right, top or left cushion, or wall <n>, n from 0 to 65531)",
                s,
            )
        })
    }
}

/// Which pocket a disc fell into: the index in the order the pockets were added.
///
/// # Examples
///
/// The ICF board's pockets are numbered counter-clockwise from the bottom left, so a coin
/// struck towards the top right falls into pocket 2:
///
/// ```
/// use disc_physics::{carrom, EventKind, PocketId, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// let coin = world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(2.0, 2.0))?;
/// let mut events = Vec::new();
/// world.run_to_rest(&mut events);
/// let pocketed = EventKind::Pocketed { disc: coin, pocket: PocketId(2) };
/// assert!(events.iter().any(|e| e.kind == pocketed));
/// let centre = world.table().pockets()[PocketId(2).index()].centre;
/// assert!(centre.x > 0.0 && centre.y > 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PocketId(pub u16);

impl PocketId {
    /// The pocket's index in [`Table::pockets`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// `pocket 2`: the word `pocket`, one space and the index, as the error messages name it.
impl fmt::Display for PocketId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pocket {}", self.0)
    }
}

/// Reads exactly what `Display` writes: `pocket`, one space and the index in decimal digits
/// without a sign or a leading zero, from `pocket 0` to `pocket 65535` (whether a table has
/// that pocket is the table's to say). Lower case only, nothing around it.
///
/// # Errors
///
/// [`ParseIdError`] for any other text.
///
/// # Examples
///
/// ```
/// use disc_physics::PocketId;
/// assert_eq!("pocket 2".parse::<PocketId>()?, PocketId(2));
/// assert_eq!(PocketId(3).to_string(), "pocket 3");
/// assert!("pocket +2".parse::<PocketId>().is_err());
/// # Ok::<(), disc_physics::ParseIdError>(())
/// ```
impl FromStr for PocketId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<PocketId, ParseIdError> {
        s.strip_prefix("pocket ")
            .and_then(decimal)
            .map(PocketId)
            .ok_or_else(|| ParseIdError::new("a pocket (pocket <n>, n from 0 to 65535)", s))
    }
}

/// A pocket: a hole whose circle swallows a disc the moment the disc's centre enters it.
///
/// # Examples
///
/// ```
/// use disc_physics::{Pocket, PocketId, Table, Vec2};
/// let table = Table::new(0.5, 0.5)?.with_pocket(Vec2::new(0.45, -0.45), 0.04)?;
/// assert_eq!(table.pockets(), &[Pocket { centre: Vec2::new(0.45, -0.45), radius_m: 0.04 }]);
/// // A disc whose centre is inside the circle falls in.
/// assert_eq!(table.pocket_at(Vec2::new(0.44, -0.44)), Some(PocketId(0)));
/// assert_eq!(table.pocket_at(Vec2::ZERO), None);
/// # Ok::<(), disc_physics::TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pocket {
    /// Centre in metres.
    pub centre: Vec2,
    /// Radius in metres.
    pub radius_m: f64,
}

/// An immovable internal wall: a straight segment from `a` to `b` thickened by
/// `half_thickness_m` on each side (a capsule). A wall of zero length is a fixed round post.
///
/// # Examples
///
/// ```
/// use disc_physics::{CushionId, Table, Vec2};
/// let a = Vec2::new(-0.25, 0.0);
/// let b = Vec2::new(0.25, 0.0);
/// let table = Table::new(0.5, 0.5)?.with_wall(a, b, 0.01)?;
/// let wall = table.walls()[CushionId::wall(0).wall_index().unwrap_or(0)];
/// // The centre line's closest point to a point above it, and to one past its end.
/// assert_eq!(wall.closest_point(Vec2::new(0.125, 0.3)), Vec2::new(0.125, 0.0));
/// assert_eq!(wall.closest_point(Vec2::new(0.4, 0.1)), b);
/// # Ok::<(), disc_physics::TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wall {
    /// First end of the centre line, metres.
    pub a: Vec2,
    /// Second end of the centre line, metres.
    pub b: Vec2,
    /// Half the wall's thickness in metres (≥ 0).
    pub half_thickness_m: f64,
}

impl Wall {
    /// The point of the centre line closest to `p`.
    #[must_use]
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let ab = self.b - self.a;
        let len2 = ab.length_squared();
        if len2 <= 0.0 {
            return self.a;
        }
        let u = (p - self.a).dot(ab) / len2;
        let u = u.clamp(0.0, 1.0);
        self.a + ab * u
    }
}

/// Why a table could not be built.
///
/// # Examples
///
/// ```
/// use disc_physics::{Table, TableError, Vec2};
/// assert_eq!(Table::new(0.0, 0.5), Err(TableError::HalfSize(0.0)));
/// // A pocket outside the cushions.
/// match Table::new(0.5, 0.5)?.with_pocket(Vec2::new(0.6, 0.0), 0.05) {
///     Err(TableError::PocketCentre) => {}
///     other => panic!("expected a refused pocket centre, got {other:?}"),
/// }
/// # Ok::<(), TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// A half size is outside [`limits::HALF_SIZE_M`] (1 mm to 10 km).
    #[error("table half size must be in [1e-3, 1e4] m, got {0}")]
    HalfSize(f64),
    /// A pocket's centre is not finite, has a subnormal coordinate or lies outside the
    /// cushions.
    #[error("pocket centre must be finite, not subnormal and inside the cushions")]
    PocketCentre,
    /// A pocket's radius is outside [`limits::POCKET_RADIUS_M`].
    #[error("pocket radius must be in [1e-4, 1e4] m, got {0}")]
    PocketRadius(f64),
    /// A wall end is not finite, has a subnormal coordinate or lies outside the cushions.
    #[error("wall ends must be finite, not subnormal and inside the cushions")]
    WallEnd,
    /// A wall's half thickness is neither zero nor in [`limits::WALL_HALF_THICKNESS_M`].
    #[error("wall half thickness must be 0 or in [1e-6, 1e4] m, got {0}")]
    WallThickness(f64),
    /// Too many pockets or walls (at most [`limits::MAX_POCKETS_OR_WALLS`] of each).
    #[error("too many pockets or walls (at most 1000 of each)")]
    TooMany,
    /// The friction coefficient is neither zero nor in [`limits::FRICTION_MU`].
    #[error("friction coefficient must be 0 or in [1e-6, 10], got {0}")]
    Friction(f64),
    /// Gravity is neither zero nor in [`limits::GRAVITY_M_S2`].
    #[error("gravity must be 0 or in [1e-3, 100] m/s^2, got {0}")]
    Gravity(f64),
    /// The disc-disc restitution ([`Params::restitution_disc`]) is neither zero nor in
    /// [`limits::RESTITUTION`].
    #[error("disc-disc restitution must be 0 or in [1e-6, 1], got {0}")]
    Restitution(f64),
    /// The disc-cushion restitution ([`Params::restitution_cushion`]) is neither zero nor in
    /// [`limits::RESTITUTION`]. (Before the API audit of 5 Dec 2026 it was reported as
    /// [`TableError::Restitution`], which did not say which of the two was wrong.)
    #[error("cushion restitution must be 0 or in [1e-6, 1], got {0}")]
    CushionRestitution(f64),
    /// The offset of [`Table::with_corner_pockets`] is negative or NaN: the pockets would
    /// not come in the documented order (a negative offset put pocket 0 at (+, +)).
    #[error("corner pocket offset must be zero or positive, got {0}")]
    CornerOffset(f64),
    /// The jump speed is outside [`limits::SPEED_M_S`].
    #[error("jump speed must be in [1e-3, 1e3] m/s, got {0}")]
    JumpSpeed(f64),
    /// The maximum speed is outside [`limits::SPEED_M_S`].
    #[error("maximum speed must be in [1e-3, 1e3] m/s, got {0}")]
    MaxSpeed(f64),
}

/// A table: the playing surface inside four straight cushions at x = ±half width and
/// y = ±half height, optional internal walls, pockets and the model's [`Params`].
///
/// Built with [`Table::new`] and the `with_*` builders, each checked. With the `serde` feature
/// a table serializes as its half sizes, pockets, walls and parameters, and deserializes
/// through the same builders (so through the same checks).
///
/// # Examples
///
/// ```
/// use disc_physics::{Table, Vec2};
/// # fn main() -> Result<(), disc_physics::TableError> {
/// let table = Table::new(0.5, 0.5)?.with_pocket(Vec2::new(0.435, 0.435), 0.05)?;
/// assert_eq!(table.pockets().len(), 1);
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "TableRaw"))]
pub struct Table {
    half_width_m: f64,
    half_height_m: f64,
    pockets: Vec<Pocket>,
    walls: Vec<Wall>,
    params: Params,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct TableRaw {
    half_width_m: f64,
    half_height_m: f64,
    pockets: Vec<Pocket>,
    walls: Vec<Wall>,
    params: Params,
}

#[cfg(feature = "serde")]
impl TryFrom<TableRaw> for Table {
    type Error = TableError;
    fn try_from(raw: TableRaw) -> Result<Table, TableError> {
        if raw.pockets.len() > limits::MAX_POCKETS_OR_WALLS
            || raw.walls.len() > limits::MAX_POCKETS_OR_WALLS
        {
            return Err(TableError::TooMany);
        }
        let mut t = Table::new(raw.half_width_m, raw.half_height_m)?.with_params(raw.params)?;
        for p in raw.pockets {
            t = t.with_pocket(p.centre, p.radius_m)?;
        }
        for w in raw.walls {
            t = t.with_wall(w.a, w.b, w.half_thickness_m)?;
        }
        Ok(t)
    }
}

impl Table {
    /// A table whose cushions are at x = ±`half_width_m` and y = ±`half_height_m`, with no
    /// pockets and default [`Params`].
    ///
    /// # Errors
    ///
    /// [`TableError::HalfSize`] if a half size is outside [`limits::HALF_SIZE_M`].
    pub fn new(half_width_m: f64, half_height_m: f64) -> Result<Table, TableError> {
        for h in [half_width_m, half_height_m] {
            if !limits::within(h, &limits::HALF_SIZE_M) {
                return Err(TableError::HalfSize(h));
            }
        }
        Ok(Table {
            half_width_m,
            half_height_m,
            pockets: Vec::new(),
            walls: Vec::new(),
            params: Params::default(),
        })
    }

    /// Adds a pocket circle.
    ///
    /// # Errors
    ///
    /// [`TableError::PocketCentre`] if the centre is not finite, has a subnormal coordinate
    /// or lies outside the cushions, [`TableError::PocketRadius`] if the radius is outside
    /// [`limits::POCKET_RADIUS_M`], [`TableError::TooMany`] past 1000 pockets.
    pub fn with_pocket(mut self, centre: Vec2, radius_m: f64) -> Result<Table, TableError> {
        if !self.holds(centre) {
            return Err(TableError::PocketCentre);
        }
        if !limits::within(radius_m, &limits::POCKET_RADIUS_M) {
            return Err(TableError::PocketRadius(radius_m));
        }
        if self.pockets.len() >= limits::MAX_POCKETS_OR_WALLS {
            return Err(TableError::TooMany);
        }
        self.pockets.push(Pocket { centre, radius_m });
        Ok(self)
    }

    /// Adds the four corner pockets of radius `radius_m` centred at
    /// (±`centre_offset_m`, ±`centre_offset_m`) measured from the centre, in the order
    /// (−,−), (+,−), (+,+), (−,+) (counter-clockwise from the breaker's left).
    ///
    /// # Errors
    ///
    /// [`TableError::CornerOffset`] for a negative or NaN offset (the pockets would not come
    /// in that order); otherwise as [`with_pocket`](Self::with_pocket).
    pub fn with_corner_pockets(
        self,
        centre_offset_m: f64,
        radius_m: f64,
    ) -> Result<Table, TableError> {
        if centre_offset_m.is_nan() || centre_offset_m < 0.0 {
            return Err(TableError::CornerOffset(centre_offset_m));
        }
        let c = centre_offset_m;
        self.with_pocket(Vec2::new(-c, -c), radius_m)?
            .with_pocket(Vec2::new(c, -c), radius_m)?
            .with_pocket(Vec2::new(c, c), radius_m)?
            .with_pocket(Vec2::new(-c, c), radius_m)
    }

    /// Adds an immovable internal wall (a capsule around the segment `a`-`b`); its id is
    /// [`CushionId::wall`]`(k)` for the k-th wall added.
    ///
    /// # Errors
    ///
    /// [`TableError::WallEnd`], [`TableError::WallThickness`] or [`TableError::TooMany`].
    pub fn with_wall(
        mut self,
        a: Vec2,
        b: Vec2,
        half_thickness_m: f64,
    ) -> Result<Table, TableError> {
        for p in [a, b] {
            if !self.holds(p) {
                return Err(TableError::WallEnd);
            }
        }
        if !limits::zero_or_within(half_thickness_m, &limits::WALL_HALF_THICKNESS_M) {
            return Err(TableError::WallThickness(half_thickness_m));
        }
        if self.walls.len() >= limits::MAX_POCKETS_OR_WALLS {
            return Err(TableError::TooMany);
        }
        self.walls.push(Wall {
            a,
            b,
            half_thickness_m,
        });
        Ok(self)
    }

    /// Replaces the physical parameters.
    ///
    /// # Errors
    ///
    /// The [`TableError`] naming the first invalid parameter.
    pub fn with_params(mut self, params: Params) -> Result<Table, TableError> {
        params.validate()?;
        self.params = params;
        Ok(self)
    }

    /// Whether `p` has plain (finite, not subnormal) coordinates inside the cushions.
    fn holds(&self, p: Vec2) -> bool {
        limits::plain(p.x)
            && limits::plain(p.y)
            && p.x.abs() <= self.half_width_m
            && p.y.abs() <= self.half_height_m
    }

    /// Half the width (cushion at x = ±this), metres.
    #[must_use]
    pub fn half_width_m(&self) -> f64 {
        self.half_width_m
    }

    /// Half the height (cushion at y = ±this), metres.
    #[must_use]
    pub fn half_height_m(&self) -> f64 {
        self.half_height_m
    }

    /// The pockets, indexed by [`PocketId`].
    #[must_use]
    pub fn pockets(&self) -> &[Pocket] {
        &self.pockets
    }

    /// The internal walls, indexed by [`CushionId::wall_index`].
    #[must_use]
    pub fn walls(&self) -> &[Wall] {
        &self.walls
    }

    /// The physical parameters.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The pocket whose circle strictly contains `p`, if any (the first in index order).
    #[must_use]
    pub fn pocket_at(&self, p: Vec2) -> Option<PocketId> {
        self.pockets
            .iter()
            .position(|k| (p - k.centre).length_squared() < k.radius_m * k.radius_m)
            .map(|i| PocketId(i as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::{CushionId, PocketId};
    use crate::world::{PlaceError, RemoveError, StrikeError};
    use crate::{DiscId, EventError};

    /// Every id reads back from its text: discs and pockets across their whole range, every
    /// cushion and wall; what is not such a text is refused and quoted.
    #[test]
    fn ids_read_back_from_their_text() {
        for i in [0, 1, 9, 10, 4_294_967_295] {
            let id = DiscId::from_index(i);
            assert_eq!(id.to_string().parse::<DiscId>(), Ok(id));
        }
        for i in [0, 3, 65_535] {
            assert_eq!(PocketId(i).to_string().parse::<PocketId>(), Ok(PocketId(i)));
        }
        for k in 0..=u16::MAX - 4 {
            let wall = CushionId::wall(k);
            assert_eq!(wall.to_string().parse::<CushionId>(), Ok(wall));
        }
        for c in CushionId::OUTER {
            assert_eq!(c.to_string().parse::<CushionId>(), Ok(c));
        }
        assert_eq!(CushionId::LEFT.to_string(), "left cushion");
        for bad in [
            "",
            "disc",
            "disc  1",
            "disc 01",
            "disc +1",
            "disc 4294967296",
            " disc 1",
        ] {
            let err = bad.parse::<DiscId>().unwrap_err();
            assert_eq!(err.text, bad);
        }
        for bad in ["pocket 65536", "Pocket 1", "pocket 1 "] {
            assert!(bad.parse::<PocketId>().is_err(), "{bad:?}");
        }
        for bad in ["wall 65532", "wall -1", "top", "cushion 2", "wall 00"] {
            assert!(bad.parse::<CushionId>().is_err(), "{bad:?}");
        }
        let long = "disc ".repeat(100_000);
        assert_eq!(long.parse::<DiscId>().unwrap_err().text.chars().count(), 64);
    }

    /// The errors named discs, cushions and pockets by their `Debug` text: "disc would overlap
    /// disc DiscId(0)", "disc would overlap wall CushionId(4)", "disc DiscId(19) has an
    /// invalid direction or speed". They now use the ids' own words.
    #[test]
    fn regression_errors_named_ids_by_their_debug_text() {
        let disc = DiscId::from_index(19);
        let cases = [
            (
                PlaceError::Overlaps(DiscId::from_index(0)).to_string(),
                "the disc would overlap disc 0",
            ),
            (
                PlaceError::OverlapsWall(CushionId::wall(0)).to_string(),
                "the disc would overlap wall 0",
            ),
            (
                PlaceError::OverlapsWall(CushionId::TOP).to_string(),
                "the disc would overlap the top cushion",
            ),
            (
                PlaceError::InPocket(PocketId(2)).to_string(),
                "the disc's centre would lie inside pocket 2",
            ),
            (
                StrikeError::UnknownDisc(disc).to_string(),
                "this world has no disc 19",
            ),
            (
                RemoveError::NotOnTable(disc).to_string(),
                "disc 19 is not on the table",
            ),
            (
                EventError::NotOuter(CushionId::wall(1)).to_string(),
                "a disc can only jump an outer cushion, got wall 1",
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
        #[cfg(feature = "serde")]
        assert_eq!(
            crate::SnapshotError::Velocity(disc).to_string(),
            "disc 19 has an invalid direction or speed"
        );
    }
}
