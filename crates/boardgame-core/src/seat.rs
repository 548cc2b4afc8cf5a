//! Seats, teams, whose turn it is, and per-seat containers.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Index, IndexMut};

/// The largest number of seats any game in the workspace seats (dominoes has 5); per-seat
/// containers are fixed arrays of this size so that they never allocate.
pub const MAX_SEATS: usize = 8;

/// A player's place at the table, counted from 0 in turn order.
///
/// A `Seat` is only an index; whether it is in range depends on the game
/// ([`Seat::checked`] checks it against a player count).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// let s = Seat::checked(1, 2)?;
/// assert_eq!(s.index(), 1);
/// assert!(Seat::checked(2, 2).is_err());
/// # Ok::<(), boardgame_core::SeatError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat(u8);

/// A seat number that is not below the number of players.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Seat, SeatError};
/// match Seat::checked(4, 4) {
///     Err(SeatError { seat, players, .. }) => assert_eq!((seat, players), (4, 4)),
///     Ok(s) => panic!("{s} does not exist with 4 players"),
/// }
/// let err = Seat::checked(9, 9).unwrap_err(); // past MAX_SEATS
/// assert_eq!(err.to_string(), "seat 9 is out of range for 9 players");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat} is out of range for {players} players")]
#[non_exhaustive]
pub struct SeatError {
    /// The seat asked for.
    pub seat: usize,
    /// How many players the game has.
    pub players: usize,
}

impl Seat {
    /// Seat number `index`, unchecked against any game (any `u8` names a seat).
    #[must_use]
    pub const fn new(index: u8) -> Seat {
        Seat(index)
    }

    /// Seat number `index` if it is below `players` (and below [`MAX_SEATS`]).
    ///
    /// # Errors
    ///
    /// [`SeatError`] when `index >= players` or `index >= MAX_SEATS`.
    pub fn checked(index: usize, players: usize) -> Result<Seat, SeatError> {
        if index < players && index < MAX_SEATS {
            Ok(Seat(index as u8))
        } else {
            Err(SeatError {
                seat: index,
                players,
            })
        }
    }

    /// The seat number as an index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat that plays after this one when `players` sit at the table (wrapping round),
    /// one of [`Seat::all`]`(players)`: a count above [`MAX_SEATS`] counts as [`MAX_SEATS`], as
    /// it does there. With no players there is no next seat: the seat itself is returned (no
    /// panic).
    ///
    /// ```
    /// use boardgame_core::{Seat, MAX_SEATS};
    /// assert_eq!(Seat::new(2).next(3), Seat::new(0));
    /// assert_eq!(Seat::new(1).next(0), Seat::new(1));
    /// assert_eq!(Seat::new(7).next(300), Seat::new(0));
    /// ```
    #[must_use]
    pub const fn next(self, players: usize) -> Seat {
        let players = if players < MAX_SEATS {
            players
        } else {
            MAX_SEATS
        };
        match (self.0 as usize + 1).checked_rem(players) {
            Some(i) => Seat(i as u8),
            None => self,
        }
    }

    /// All seats `0..players`, in turn order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A text that is not a seat as [`Seat`]'s `Display` writes it (`seat 0` to `seat 255`): the
/// text, at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it.
///
/// # Examples
///
/// ```
/// use boardgame_core::{ParseSeatError, Seat};
/// let err: ParseSeatError = "seat 256".parse::<Seat>().unwrap_err();
/// assert_eq!(err.0, "seat 256");
/// assert_eq!(err.to_string(), "not a seat (seat <n>, n from 0 to 255): \"seat 256\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a seat (seat <n>, n from 0 to 255): {0:?}")]
#[non_exhaustive]
pub struct ParseSeatError(
    /// The text, at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it.
    pub String,
);

/// Reads exactly what `Display` writes: `seat`, one space and the index in decimal digits
/// without a sign or a leading zero, from `seat 0` to `seat 255` (any index a [`Seat`]
/// holds; whether the seat is at the table is the game's to say, [`Seat::checked`]). Lower
/// case only, nothing around it: `parse(s.to_string()) == s` for every seat.
///
/// # Errors
///
/// [`ParseSeatError`] for any other text.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// let seat: Seat = "seat 3".parse()?;
/// assert_eq!(seat, Seat::new(3));
/// assert_eq!(seat.to_string().parse::<Seat>()?, seat);
/// assert!("Seat 3".parse::<Seat>().is_err());
/// assert!("seat 03".parse::<Seat>().is_err());
/// assert!("3".parse::<Seat>().is_err());
/// # Ok::<(), boardgame_core::ParseSeatError>(())
/// ```
impl core::str::FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        s.strip_prefix("seat ")
            .and_then(crate::text::decimal)
            .map(Seat)
            .ok_or_else(|| ParseSeatError(crate::text::excerpt(s)))
    }
}

/// Whose move it is.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Seat, Turn};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// let mut state = game.new_initial_state();
/// assert_eq!(game.turn(&state), Turn::Chance); // the die is rolled first
/// assert_eq!(game.turn(&state).seat(), None);
/// game.apply(&mut state, &RaceAction::Roll(4))?;
/// assert_eq!(game.turn(&state), Turn::Player(Seat::new(0)));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Turn {
    /// A player chooses an action.
    Player(Seat),
    /// Chance chooses: a die roll, a deal, a draw, execution noise.
    Chance,
    /// The game is over; returns are available.
    Terminal,
}

impl Turn {
    /// The seat to act, if a player acts.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Turn::Player(s) => Some(s),
            _ => None,
        }
    }
}

/// One value per seat, in a fixed array so that it never allocates.
///
/// Only the first `len` entries are meaningful; the rest stay at their default.
///
/// # Examples
///
/// ```
/// use boardgame_core::{BySeat, Seat};
/// let mut points = BySeat::new(3, 0i64);
/// points[Seat::new(2)] += 5;
/// assert_eq!(points.as_slice(), &[0, 0, 5]);
/// ```
///
/// Equality and hashing look at the seats only (`len` and the first `len` values), so two
/// values with the same seats are equal however they were built.
///
/// With the `serde` feature it serializes as a sequence of `len` values; deserializing a
/// sequence longer than [`MAX_SEATS`] is an error.
#[derive(Clone, Copy)]
pub struct BySeat<T> {
    len: u8,
    values: [T; MAX_SEATS],
}

impl<T: Copy> BySeat<T> {
    /// `len` seats each holding `value` (`len` is capped at [`MAX_SEATS`]).
    #[must_use]
    pub fn new(len: usize, value: T) -> BySeat<T> {
        BySeat {
            len: len.min(MAX_SEATS) as u8,
            values: [value; MAX_SEATS],
        }
    }

    /// Builds the values from a function of the seat.
    #[must_use]
    pub fn from_fn(len: usize, mut f: impl FnMut(Seat) -> T) -> BySeat<T>
    where
        T: Default,
    {
        let mut out = BySeat::new(len, T::default());
        for s in Seat::all(len) {
            out[s] = f(s);
        }
        out
    }
}

impl<T> BySeat<T> {
    /// How many seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of `seat`, or `None` when the seat is out of range.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The values as a slice, seat 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.values[..self.len as usize]
    }

    /// The values as a mutable slice, seat 0 first.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.values[..self.len as usize]
    }

    /// Seats with their values.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }
}

// By hand, not derived: the entries beyond `len` are not seats (`BySeat::new` fills them
// with its value, `BySeat::from_fn` and deserialization with the default), so they take no
// part (found by an audit: `new(2, 5) != from_fn(2, |_| 5)`, and a value read back from its
// own JSON was not equal to it).
impl<T: PartialEq> PartialEq for BySeat<T> {
    fn eq(&self, other: &BySeat<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for BySeat<T> {}

impl<T: Hash> Hash for BySeat<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// # Panics
///
/// Panics when the seat is out of range; use [`BySeat::get`] for a checked look-up.
impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

/// # Panics
///
/// Panics when the seat is out of range.
impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        let len = self.len as usize;
        &mut self.values[..len][seat.index()]
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for BySeat<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de> + Copy + Default> serde::Deserialize<'de> for BySeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        if values.len() > MAX_SEATS {
            return Err(serde::de::Error::invalid_length(
                values.len(),
                &"at most MAX_SEATS (8) values",
            ));
        }
        let mut out = BySeat::new(values.len(), T::default());
        out.as_mut_slice().copy_from_slice(&values);
        Ok(out)
    }
}

/// Per-seat returns at the end of a game (+1 a win, -1 a loss, 0 a draw, or a game's own scale).
pub type Returns = BySeat<f64>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (6 December 2026): with more than 256 players `next` truncated the seat after
    /// 255 to seat 0 through `as u8`, and with 9 to 256 it named seats that `Seat::all` does not
    /// list. It now stays among `Seat::all(players)`.
    #[test]
    fn regression_next_named_seats_beyond_max_seats() {
        for players in [0, 1, 3, 5, MAX_SEATS, MAX_SEATS + 1, 256, 300, usize::MAX] {
            let all: Vec<Seat> = Seat::all(players).collect();
            for s in &all {
                assert!(all.contains(&s.next(players)), "{s} of {players}");
            }
            // Once round the table, in turn order.
            if let Some(&first) = all.first() {
                let mut s = first;
                for want in all.iter().skip(1).chain([&first]) {
                    s = s.next(players);
                    assert_eq!(s, *want, "{players} players");
                }
            }
        }
        assert_eq!(Seat::new(255).next(300), Seat::new(0));
    }

    /// Regression (an audit): equality and hashing compared the entries beyond `len`, which
    /// `BySeat::new` fills with its value and `from_fn` and deserialization with the default,
    /// so equal seats compared unequal and a value did not read back equal from its JSON.
    #[test]
    fn regression_by_seat_equality_and_hash_looked_at_entries_that_are_no_seats() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |b: &BySeat<i64>| {
            let mut h = DefaultHasher::new();
            b.hash(&mut h);
            h.finish()
        };
        let a = BySeat::new(2, 5i64);
        let b = BySeat::from_fn(2, |_| 5i64);
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, BySeat::new(3, 5i64), "the number of seats counts");
        assert_ne!(a, BySeat::from_fn(2, |s| s.index() as i64 + 5));
        #[cfg(feature = "serde")]
        {
            let back: BySeat<i64> =
                serde_json::from_str(&serde_json::to_string(&a).expect("writes")).expect("reads");
            assert_eq!(back, a);
            assert_eq!(hash(&back), hash(&a));
        }
    }

    #[test]
    fn every_seat_reads_back_from_its_text() {
        for i in 0..=u8::MAX {
            let seat = Seat::new(i);
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
    }

    #[test]
    fn a_text_that_is_no_seat_is_refused_without_a_panic() {
        let long = format!("seat {}", "1".repeat(100_000));
        for bad in [
            "",
            " ",
            "seat",
            "seat ",
            "Seat 1",
            "SEAT 1",
            "seat 1 ",
            " seat 1",
            "seat 1x",
            "seat  1",
            "seat\t1",
            "seat +1",
            "seat -1",
            "seat 01",
            "seat 256",
            "seat 1\n",
            "seat ١",
            "séat 1",
            "1",
            long.as_str(),
        ] {
            let err = bad.parse::<Seat>().expect_err(bad);
            assert_eq!(err, ParseSeatError(crate::text::excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= crate::text::EXCERPT_CHARS);
        }
    }

    #[test]
    fn next_wraps_and_with_no_players_stays() {
        assert_eq!(Seat::new(0).next(2), Seat::new(1));
        assert_eq!(Seat::new(1).next(2), Seat::new(0));
        assert_eq!(Seat::new(3).next(0), Seat::new(3));
    }

    #[test]
    fn seat_checked_refuses_out_of_range() {
        assert_eq!(
            Seat::checked(3, 3),
            Err(SeatError {
                seat: 3,
                players: 3
            })
        );
        assert!(Seat::checked(9, 20).is_err(), "above MAX_SEATS");
        assert_eq!(Seat::checked(0, 1).map(Seat::index), Ok(0));
    }

    #[test]
    fn seat_next_wraps() {
        assert_eq!(Seat::new(2).next(3), Seat::new(0));
        assert_eq!(Seat::new(0).next(2), Seat::new(1));
    }

    #[test]
    fn by_seat_get_is_checked() {
        let b = BySeat::new(2, 1u8);
        assert_eq!(b.get(Seat::new(1)), Some(&1));
        assert_eq!(b.get(Seat::new(2)), None);
        assert_eq!(b.len(), 2);
    }
}
