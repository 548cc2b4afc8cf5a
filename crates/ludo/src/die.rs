//! The die.

use boardgame_core::text::excerpt;
use core::fmt;

/// The value shown by the die, 1 to 6.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Die;
/// let six = Die::new(6)?;
/// assert_eq!(six.value(), 6);
/// assert!(Die::new(7).is_err());
/// assert!(Die::new(0).is_err());
/// # Ok::<(), lattjo_ludo::DieError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Die(u8);

/// A die value outside 1 to 6.
///
/// # Examples
///
/// ```
/// let e = lattjo_ludo::Die::new(7).unwrap_err();
/// assert_eq!(e.0, 7);
/// assert_eq!(e.to_string(), "a die shows 1 to 6, not 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a die shows 1 to 6, not {0}")]
#[non_exhaustive]
pub struct DieError(pub u32);

impl Die {
    /// All six faces in order.
    pub const ALL: [Die; 6] = [Die(1), Die(2), Die(3), Die(4), Die(5), Die(6)];

    /// The die showing `value`.
    ///
    /// # Errors
    ///
    /// [`DieError`] unless `1 <= value <= 6`.
    pub const fn new(value: u8) -> Result<Die, DieError> {
        if value >= 1 && value <= 6 {
            Ok(Die(value))
        } else {
            Err(DieError(value as u32))
        }
    }

    /// The value shown, 1 to 6.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Die {
    type Error = DieError;
    fn try_from(v: u8) -> Result<Die, DieError> {
        Die::new(v)
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

/// A die value that is not a single digit 1 to 6.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Die, ParseDieError};
/// assert!(matches!("x".parse::<Die>(), Err(ParseDieError::NotANumber(_))));
/// assert!(matches!("9".parse::<Die>(), Err(ParseDieError::Range(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseDieError {
    /// Not a number in ASCII digits without a leading zero (a sign, white space, `06`, ...).
    #[error("not a die value: {0:?}")]
    NotANumber(String),
    /// A number outside 1 to 6.
    #[error(transparent)]
    Range(#[from] DieError),
}

impl core::str::FromStr for Die {
    type Err = ParseDieError;
    fn from_str(s: &str) -> Result<Die, ParseDieError> {
        // ASCII digits only, as every number of the notation: Rust's integer parser would also
        // take a sign (`+6`); and one digit, so no leading zero (`06`).
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits || (s.len() > 1 && s.starts_with('0')) {
            return Err(ParseDieError::NotANumber(excerpt(s)));
        }
        let v: u32 = s
            .parse()
            .map_err(|_| ParseDieError::NotANumber(excerpt(s)))?;
        if v > 6 {
            return Err(DieError(v).into());
        }
        Ok(Die::new(v as u8)?)
    }
}
