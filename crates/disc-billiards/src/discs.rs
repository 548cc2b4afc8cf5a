//! The pieces: the two sides, where each seat plays from, and the object discs.

use core::fmt;
use disc_physics::Vec2;

use boardgame_core::Seat;

use crate::geometry::Compass;

/// The most discs a table can hold: 8 per player, 4 players.
pub const MAX_DISCS: usize = 32;

/// One of the two sides: a player in singles, a pair in pairs (one colour each).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::Side;
/// assert_eq!(Side::of_seat(Seat::new(2)), Side::A, "partners share a side (N16)");
/// assert_eq!(Side::A.other(), Side::B);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Side {
    /// Seat 0's side (and seat 2's in pairs): light-coloured discs.
    A,
    /// Seat 1's side (and seat 3's in pairs): dark-coloured discs.
    B,
}

impl Side {
    /// Both sides.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The side a seat plays for: partners (seats 0 and 2, seats 1 and 3) share one.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Side {
        if seat.index().is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "side A",
            Side::B => "side B",
        })
    }
}

/// Where a seat plays from: singles south and north; pairs south, west, north, east
/// (clockwise, partners opposite, N16).
#[must_use]
pub const fn seat_compass(seat: Seat, players: usize) -> Compass {
    if players == 4 {
        Compass::ALL[seat.index() % 4]
    } else if seat.index() == 0 {
        Compass::South
    } else {
        Compass::North
    }
}

/// Names one disc by its index in the position (0-based, fixed for the whole game).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{DiscId, Novuss, Side};
/// let state = Novuss::default().new_state();
/// let disc = state.disc(DiscId(3)).ok_or("no disc 3")?;
/// assert_eq!(disc.side, Side::A);
/// assert!(state.disc(DiscId(99)).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscId(pub u8);

impl DiscId {
    /// The index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for DiscId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "disc {}", self.0)
    }
}

/// One object disc.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Side};
/// let state = Novuss::default().new_state();
/// let on_the_north_cushion = state
///     .discs()
///     .iter()
///     .filter(|d| d.side == Side::A && d.at == Some(d.home))
///     .count();
/// assert_eq!(on_the_north_cushion, 8, "seat 0's row starts opposite him (B1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Disc {
    /// Its owner.
    pub side: Side,
    /// Its place in the starting row.
    pub home: Vec2,
    /// Its centre on the table, or `None` when it is in a pocket.
    pub at: Option<Vec2>,
}
