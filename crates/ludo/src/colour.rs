//! The four colours, the set of colours that play, and a per-colour container.

use boardgame_core::text::excerpt;
use core::fmt;
use core::ops::{Index, IndexMut};

/// One of the four colours of the board, in clockwise order (the order of the start dots along
/// the track and the order of play).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Colour;
/// let g: Colour = "G".parse()?;
/// assert_eq!(g, Colour::Green);
/// assert_eq!(g.to_string(), "G");
/// assert_eq!(Colour::Blue.next(), Colour::Red);
/// # Ok::<(), lattjo_ludo::ParseColourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Colour {
    /// Red, letter `R`, start dot at loop dot 0.
    #[default]
    Red = 0,
    /// Green, letter `G`, start dot a quarter of the loop after red's.
    Green = 1,
    /// Yellow, letter `Y`, start dot opposite red's.
    Yellow = 2,
    /// Blue, letter `B`, start dot three quarters of the loop after red's.
    Blue = 3,
}

/// A letter that names no colour.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Colour;
/// let e = "X".parse::<Colour>().unwrap_err();
/// assert_eq!(e.0, "X");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?} (expected R, G, Y or B)")]
#[non_exhaustive]
pub struct ParseColourError(pub String);

impl Colour {
    /// All four colours in clockwise order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue];

    /// The colour with this index (0 red, 1 green, 2 yellow, 3 blue), if any.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Colour> {
        match i {
            0 => Some(Colour::Red),
            1 => Some(Colour::Green),
            2 => Some(Colour::Yellow),
            3 => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The index of the colour (0 red .. 3 blue).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's bit in a set of colours (`1 << index`).
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The colour clockwise after this one (whether or not it plays).
    #[must_use]
    pub const fn next(self) -> Colour {
        Colour::ALL[(self as usize + 1) % 4]
    }

    /// The letter used in the notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
        }
    }

    /// The colour named by a notation letter (upper case only).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Colour> {
        match c {
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            'Y' => Some(Colour::Yellow),
            'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The colour's name in lower case, as used by the SVG rendering and the docs.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl core::str::FromStr for Colour {
    type Err = ParseColourError;
    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        let mut it = s.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => Colour::from_letter(c).ok_or_else(|| ParseColourError(excerpt(s))),
            _ => Err(ParseColourError(excerpt(s))),
        }
    }
}

/// One value per colour, in a fixed array indexed by [`Colour`].
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{ByColour, Colour};
/// let mut home = ByColour([0u8; 4]);
/// home[Colour::Green] += 2;
/// assert_eq!(home.0, [0, 2, 0, 0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColour<T>(pub [T; 4]);

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        &mut self.0[c.index()]
    }
}

/// The colours that play (2 to 4 of them), which fixes the seats: seat 0 is the first playing
/// colour clockwise from red, seat 1 the next playing colour clockwise, and so on (A14). Colours
/// that do not play are absent from the board.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Seats};
/// let seats: Seats = "RY".parse()?;
/// assert_eq!(seats.len(), 2);
/// assert_eq!(seats.colour_of(boardgame_core::Seat::new(1)), Some(Colour::Yellow));
/// assert!(!seats.contains(Colour::Green));
/// assert!("RRY".parse::<Seats>().is_err());
/// # Ok::<(), lattjo_ludo::SeatsError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Seats {
    mask: u8,
}

/// A set of playing colours that is not 2 to 4 distinct colours.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Seats, SeatsError};
/// assert_eq!("R".parse::<Seats>(), Err(SeatsError::Count(1)));
/// assert_eq!("RR".parse::<Seats>(), Err(SeatsError::Duplicate(Colour::Red)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeatsError {
    /// Fewer than 2 or more than 4 colours.
    #[error("ludo needs 2 to 4 players, got {0}")]
    Count(usize),
    /// The same colour twice.
    #[error("colour {0} is listed twice")]
    Duplicate(Colour),
    /// A letter that is not a colour.
    #[error(transparent)]
    Colour(#[from] ParseColourError),
}

/// The number of bits set in each four-bit mask: a table popcount (the default target has no
/// popcount instruction).
const ONES: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

impl Seats {
    /// All four colours play.
    pub const FOUR: Seats = Seats { mask: 0b1111 };

    /// The seats for these colours (any order; the seats follow the clockwise order).
    ///
    /// # Errors
    ///
    /// [`SeatsError`] for fewer than 2 or more than 4 colours or a repeated colour.
    pub fn new(colours: &[Colour]) -> Result<Seats, SeatsError> {
        let mut mask = 0u8;
        for &c in colours {
            if mask & (1 << c.index()) != 0 {
                return Err(SeatsError::Duplicate(c));
            }
            mask |= 1 << c.index();
        }
        if !(2..=4).contains(&colours.len()) {
            return Err(SeatsError::Count(colours.len()));
        }
        Ok(Seats { mask })
    }

    /// The usual seating for `players` players: 2 play red and yellow (opposite each other),
    /// 3 play red, green and yellow, 4 play all colours.
    ///
    /// # Errors
    ///
    /// [`SeatsError::Count`] unless `players` is 2, 3 or 4.
    pub fn for_players(players: usize) -> Result<Seats, SeatsError> {
        match players {
            2 => Ok(Seats { mask: 0b0101 }),
            3 => Ok(Seats { mask: 0b0111 }),
            4 => Ok(Seats::FOUR),
            n => Err(SeatsError::Count(n)),
        }
    }

    /// How many colours play.
    #[must_use]
    pub const fn len(self) -> usize {
        // The mask has four bits.
        ONES[(self.mask & 0xF) as usize] as usize
    }

    /// Never true: at least two colours play.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// Whether `c` plays.
    #[must_use]
    pub const fn contains(self, c: Colour) -> bool {
        self.mask & (1 << c as u8) != 0
    }

    /// The playing colours in seat (clockwise) order.
    pub fn colours(self) -> impl Iterator<Item = Colour> + Clone {
        Colour::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The colour of `seat`, or `None` if no such seat plays.
    #[must_use]
    pub fn colour_of(self, seat: boardgame_core::Seat) -> Option<Colour> {
        self.colours().nth(seat.index())
    }

    /// The seat of colour `c`, or `None` if `c` does not play.
    #[must_use]
    pub fn seat_of(self, c: Colour) -> Option<boardgame_core::Seat> {
        if !self.contains(c) {
            return None;
        }
        // The playing colours before `c`.
        let below = ONES[usize::from(self.mask & ((1u8 << c as u8) - 1)) & 15];
        Some(boardgame_core::Seat::new(below))
    }

    /// The playing colour clockwise after `c`.
    #[must_use]
    pub fn next_after(self, c: Colour) -> Colour {
        let mut n = c.next();
        for _ in 0..4 {
            if self.contains(n) {
                return n;
            }
            n = n.next();
        }
        c
    }

    pub(crate) const fn mask(self) -> u8 {
        self.mask
    }

    pub(crate) const fn from_mask(mask: u8) -> Seats {
        Seats { mask }
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.colours() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seats({self})")
    }
}

impl core::str::FromStr for Seats {
    type Err = SeatsError;
    fn from_str(s: &str) -> Result<Seats, SeatsError> {
        let mut colours = [Colour::Red; 4];
        let mut n = 0;
        for ch in s.chars() {
            let c = Colour::from_letter(ch).ok_or_else(|| ParseColourError(ch.to_string()))?;
            if n == 4 {
                return Err(SeatsError::Count(s.chars().count()));
            }
            colours[n] = c;
            n += 1;
        }
        Seats::new(&colours[..n])
    }
}

impl TryFrom<String> for Seats {
    type Error = SeatsError;
    fn try_from(s: String) -> Result<Seats, SeatsError> {
        s.parse()
    }
}

impl From<Seats> for String {
    fn from(s: Seats) -> String {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Seat;

    #[test]
    fn a14_seats_follow_clockwise_order_among_active_colours() {
        let s = Seats::new(&[Colour::Blue, Colour::Green]).unwrap();
        assert_eq!(s.colour_of(Seat::new(0)), Some(Colour::Green));
        assert_eq!(s.colour_of(Seat::new(1)), Some(Colour::Blue));
        assert_eq!(s.colour_of(Seat::new(2)), None);
        assert_eq!(s.seat_of(Colour::Blue), Some(Seat::new(1)));
        assert_eq!(s.seat_of(Colour::Red), None);
        assert_eq!(s.next_after(Colour::Blue), Colour::Green);
        assert_eq!(s.next_after(Colour::Green), Colour::Blue);
        assert_eq!(s.next_after(Colour::Red), Colour::Green);
    }

    #[test]
    fn l1_two_to_four_players_only() {
        assert_eq!(Seats::new(&[Colour::Red]), Err(SeatsError::Count(1)));
        assert_eq!(Seats::for_players(5), Err(SeatsError::Count(5)));
        assert_eq!(
            Seats::new(&[Colour::Red, Colour::Red]),
            Err(SeatsError::Duplicate(Colour::Red))
        );
        assert!(matches!("RX".parse::<Seats>(), Err(SeatsError::Colour(_))));
        assert!(matches!(
            "RGYBR".parse::<Seats>(),
            Err(SeatsError::Count(5))
        ));
        assert_eq!("YR".parse::<Seats>().unwrap().to_string(), "RY");
    }
}
