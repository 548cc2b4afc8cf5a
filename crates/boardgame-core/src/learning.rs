//! What learners need from a game, as OpenSpiel's users expect it: a fixed-size observation
//! tensor per seat ([`Observe`]), a fixed discrete action space with integer indices and a
//! legal-action mask ([`IndexedActions`]), and, for the continuous games, an action as a
//! fixed-length parameter vector with documented bounds ([`ParametricActions`]).
//!
//! These traits are opt-in, beside [`Game`], like [`crate::ImperfectInfo`]: typed actions stay
//! the game's own vocabulary, and the indices are a view of them. Every method writes into a
//! caller's buffer, so encoding allocates nothing; a buffer of the wrong length is a
//! [`BufferSizeError`], never a panic.
//!
//! ```
//! use boardgame_core::race::{Race, RaceRules};
//! use boardgame_core::{Game, IndexedActions, Observe, Seat};
//!
//! let game = Race::new(RaceRules::default().with_hand(0))?;
//! let mut state = game.new_initial_state();
//! let roll = game.index_chance(&state, 5).unwrap(); // chance outcome 5: the die shows 3
//! game.apply(&mut state, &roll)?;
//!
//! let mut observation = vec![0.0; game.observation_shape().size()];
//! game.observe(&state, Seat::new(0), &mut observation)?;
//!
//! let mut mask = vec![false; game.num_distinct_actions()];
//! game.legal_mask(&state, &mut mask)?;
//! let first_legal = mask.iter().position(|&legal| legal).unwrap();
//! let action = game.index_action(&state, first_legal).unwrap();
//! assert_eq!(game.action_index(&state, &action), Some(first_legal));
//! game.apply(&mut state, &action)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The conformance kit checks every implementation:
//! [`crate::conformance::check_observations`], [`crate::conformance::check_imperfect_observations`],
//! [`crate::conformance::check_indexed_actions`] and
//! [`crate::conformance::check_parametric_actions`].

use core::fmt;

use crate::{Game, Seat, Turn};

/// The most dimensions a [`Shape`] has.
pub const MAX_RANK: usize = 4;

/// The shape of an observation tensor, outermost dimension first (planes, rows, columns for
/// a board; one dimension for a flat vector). The tensor is stored row-major: element
/// `[p][r][c]` of a `[P, R, C]` tensor is at `(p * R + r) * C + c`.
///
/// # Examples
///
/// ```
/// use boardgame_core::Shape;
/// // Element [p][r][c] of a 2 x 3 x 4 tensor is at (p * 3 + r) * 4 + c.
/// let shape = Shape::new(&[2, 3, 4]).ok_or("a valid shape")?;
/// assert_eq!(shape.size(), 24);
/// assert_eq!(shape.to_string(), "2x3x4");
/// const BOARD: Shape = Shape::fixed([12, 8, 8]);
/// assert_eq!(BOARD.dims(), &[12, 8, 8]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it deserializes through the checks of [`Shape::new`] (an audit
/// found that a derived impl accepted a rank of 9, a zero dimension and a size that
/// overflows, on which `dims` and `size` then panicked).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ShapeRepr", into = "ShapeRepr"))]
pub struct Shape {
    dims: [usize; MAX_RANK],
    rank: u8,
}

/// [`Shape`]'s serde form: its fields as they are, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ShapeRepr {
    dims: [usize; MAX_RANK],
    rank: u8,
}

#[cfg(feature = "serde")]
impl From<Shape> for ShapeRepr {
    fn from(s: Shape) -> ShapeRepr {
        ShapeRepr {
            dims: s.dims,
            rank: s.rank,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<ShapeRepr> for Shape {
    type Error = &'static str;
    fn try_from(r: ShapeRepr) -> Result<Shape, &'static str> {
        let rank = usize::from(r.rank);
        let shape = r
            .dims
            .get(..rank)
            .and_then(Shape::new)
            .ok_or("a shape has 1 to 4 dimensions, none zero, and a size that fits usize")?;
        // The dimensions beyond the rank are 1 in every shape `Shape::new` makes, so that
        // equal shapes compare equal.
        if shape.dims != r.dims {
            return Err("a shape's dimensions beyond its rank are 1");
        }
        Ok(shape)
    }
}

impl Shape {
    /// A shape from its dimensions; `None` for no dimension, more than [`MAX_RANK`], a zero
    /// dimension, or a size that overflows `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::Shape;
    /// let chess = Shape::new(&[20, 8, 8]).unwrap();
    /// assert_eq!(chess.size(), 1280);
    /// assert_eq!(chess.dims(), &[20, 8, 8]);
    /// assert!(Shape::new(&[]).is_none());
    /// assert!(Shape::new(&[3, 0]).is_none());
    /// ```
    #[must_use]
    pub fn new(dims: &[usize]) -> Option<Shape> {
        if dims.is_empty() || dims.len() > MAX_RANK || dims.contains(&0) {
            return None;
        }
        dims.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))?;
        let mut out = [1; MAX_RANK];
        out[..dims.len()].copy_from_slice(dims);
        Some(Shape {
            dims: out,
            rank: dims.len() as u8,
        })
    }

    /// A shape known when the program is written, for a `const`: `const SHAPE: Shape =
    /// Shape::fixed([20, 8, 8]);` (an invalid shape is then a compile error).
    ///
    /// # Panics
    ///
    /// On no dimension, more than [`MAX_RANK`], a zero dimension, or a size that overflows
    /// `usize` (at compile time when evaluated in a `const`). [`Shape::new`] is the checked
    /// twin.
    #[must_use]
    pub const fn fixed<const R: usize>(dims: [usize; R]) -> Shape {
        assert!(
            R >= 1 && R <= MAX_RANK,
            "a shape has 1 to MAX_RANK dimensions"
        );
        let mut out = [1; MAX_RANK];
        let mut size: usize = 1;
        let mut i = 0;
        while i < R {
            assert!(dims[i] > 0, "a dimension of a shape is zero");
            size = match size.checked_mul(dims[i]) {
                Some(s) => s,
                None => panic!("the size of a shape overflows usize"),
            };
            out[i] = dims[i];
            i += 1;
        }
        let _ = size;
        Shape {
            dims: out,
            rank: R as u8,
        }
    }

    /// A flat vector of `len` elements (`len` at least 1).
    #[must_use]
    pub fn flat(len: usize) -> Option<Shape> {
        Shape::new(&[len])
    }

    /// The dimensions, outermost first.
    #[must_use]
    pub fn dims(&self) -> &[usize] {
        &self.dims[..usize::from(self.rank)]
    }

    /// The number of elements (the product of the dimensions).
    #[must_use]
    pub fn size(&self) -> usize {
        self.dims().iter().product()
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape{:?}", self.dims())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dims().iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A text that is not a shape as [`Shape`]'s `Display` writes it (`9`, `20x8x8`): the text,
/// at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it.
///
/// # Examples
///
/// ```
/// use boardgame_core::{ParseShapeError, Shape};
/// let err: ParseShapeError = "8x0".parse::<Shape>().unwrap_err();
/// assert_eq!(err.0, "8x0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a shape (1 to 4 dimensions from 1 up joined by x, such as 20x8x8, of a size that \
     fits usize): {0:?}"
)]
#[non_exhaustive]
pub struct ParseShapeError(
    /// The text, at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it.
    pub String,
);

/// Reads exactly what `Display` writes: the dimensions, outermost first, in decimal digits
/// without a sign or a leading zero, joined by a lower-case `x` (`9`, `20x8x8`), with the
/// checks of [`Shape::new`]; nothing around it. `parse(s.to_string()) == s` for every shape.
///
/// # Errors
///
/// [`ParseShapeError`] for any other text, and for dimensions [`Shape::new`] refuses.
///
/// # Examples
///
/// ```
/// use boardgame_core::Shape;
/// let shape: Shape = "20x8x8".parse()?;
/// assert_eq!(shape, Shape::fixed([20, 8, 8]));
/// assert_eq!(shape.to_string().parse::<Shape>()?, shape);
/// assert!("20X8X8".parse::<Shape>().is_err());
/// assert!("1x2x3x4x5".parse::<Shape>().is_err());
/// # Ok::<(), boardgame_core::ParseShapeError>(())
/// ```
impl core::str::FromStr for Shape {
    type Err = ParseShapeError;
    fn from_str(s: &str) -> Result<Shape, ParseShapeError> {
        let bad = || ParseShapeError(crate::text::excerpt(s));
        let mut dims = [0usize; MAX_RANK];
        let mut rank = 0;
        for d in s.split('x') {
            // One dimension more than a shape holds is refused before the rest is split.
            let slot = dims.get_mut(rank).ok_or_else(bad)?;
            *slot = crate::text::decimal(d).ok_or_else(bad)?;
            rank += 1;
        }
        Shape::new(&dims[..rank]).ok_or_else(bad)
    }
}

/// A caller's buffer does not have the length the encoding needs.
///
/// # Examples
///
/// ```
/// use boardgame_core::{BufferSizeError, Game, Observe, Seat};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let state = game.new_initial_state();
/// let mut too_short = [0.5f32; 3];
/// match game.observe(&state, Seat::new(0), &mut too_short) {
///     Err(BufferSizeError { expected, got, .. }) => assert_eq!((expected, got), (24, 3)),
///     Ok(()) => panic!("a buffer of 3 is refused"),
/// }
/// assert_eq!(too_short, [0.5; 3]); // untouched
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the buffer holds {got} elements but the encoding needs exactly {expected}")]
#[non_exhaustive]
pub struct BufferSizeError {
    /// The length needed.
    pub expected: usize,
    /// The length given.
    pub got: usize,
}

impl BufferSizeError {
    /// `Ok` when `got == expected`, else the error. Implementations of the traits of this
    /// module call it first.
    ///
    /// # Errors
    ///
    /// The error when the lengths differ.
    pub fn check(expected: usize, got: usize) -> Result<(), BufferSizeError> {
        if expected == got {
            Ok(())
        } else {
            Err(BufferSizeError { expected, got })
        }
    }
}

/// A fixed-size observation tensor per seat, as OpenSpiel's `observation_tensor`.
///
/// The contract, which [`crate::conformance::check_observations`] checks:
/// - **Fixed shape.** [`Observe::observation_shape`] does not change for the life of the game
///   value, and [`Observe::observe`] overwrites every element of the buffer (no element keeps
///   what the caller left there).
/// - **Deterministic and finite.** The same state and seat give the same values, all finite.
/// - **Only what the seat may know.** For a hidden-information game ([`crate::ImperfectInfo`])
///   two states with the same view for the seat give the same observation, so an observation
///   can never leak another seat's hand.
/// - **Informative.** An action that changes what the seat can know (the state, or the seat's
///   view in a hidden-information game) changes the observation.
///
/// Each game documents its encoding as a table (plane or field, meaning, range) in its docs
/// page.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Observe, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// let mut state = game.new_initial_state();
/// let mut before = vec![0.0; game.observation_shape().size()];
/// game.observe(&state, Seat::new(0), &mut before)?;
/// game.apply(&mut state, &RaceAction::Roll(6))?;
/// let mut after = vec![0.0; game.observation_shape().size()];
/// game.observe(&state, Seat::new(0), &mut after)?;
/// assert_ne!(before, after); // the roll is seen
/// assert!(after.iter().all(|x| (0.0..=1.0).contains(x)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Observe: Game {
    /// The shape of every observation of this game value.
    fn observation_shape(&self) -> Shape;

    /// Writes what `seat` observes of `state` into `out`, which must hold exactly
    /// `observation_shape().size()` elements. A seat out of range for the game observes as
    /// the game documents (usually as a spectator).
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] when `out` has the wrong length; `out` is then unchanged.
    fn observe(
        &self,
        state: &Self::State,
        seat: Seat,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError>;
}

/// A bijection between a game's discrete actions and `0..num_distinct_actions()`, and the
/// legal-action mask, as OpenSpiel's `num_distinct_actions` and `legal_actions_mask`; chance
/// outcomes likewise where they are finite.
///
/// The contract, which [`crate::conformance::check_indexed_actions`] checks: at a player
/// node, every legal action has an index below [`IndexedActions::num_distinct_actions`],
/// distinct legal actions have distinct indices, [`IndexedActions::index_action`] maps each
/// index back to its action, and the mask is `true` exactly at the legal actions' indices.
/// Indices may depend on the state (a board seen from the side to move), which is why every
/// method takes it.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, IndexedActions};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(1))?;
/// let mut state = game.new_initial_state();
/// for chance in [RaceAction::Deal(2), RaceAction::Deal(1), RaceAction::Roll(3)] {
///     assert!(game.chance_index(&state, &chance).is_some());
///     game.apply(&mut state, &chance)?;
/// }
/// // Seat 0 may advance (index 0) or play its 2 (index 2).
/// let mut mask = vec![false; game.num_distinct_actions()];
/// game.legal_mask(&state, &mut mask)?;
/// assert_eq!(mask, [true, false, true, false]);
/// assert_eq!(game.index_action(&state, 2), Some(RaceAction::Play(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait IndexedActions: Game {
    /// The size of the discrete player-action space.
    fn num_distinct_actions(&self) -> usize;

    /// The index of a player action in `state`; `None` for an action without one (a chance
    /// outcome, a continuous stroke, something malformed).
    fn action_index(&self, state: &Self::State, action: &Self::Action) -> Option<usize>;

    /// The player action with this index in `state`; `None` for an index out of range or
    /// one that names no action here. The action need not be legal: check with
    /// [`Game::is_legal`] or the mask.
    fn index_action(&self, state: &Self::State, index: usize) -> Option<Self::Action>;

    /// Writes the legal-action mask of `state` into `out` (exactly
    /// [`IndexedActions::num_distinct_actions`] elements): `true` at the index of every legal
    /// action, `false` elsewhere (everywhere at chance and terminal nodes).
    ///
    /// The default lists [`Game::legal_actions`] and allocates; games override it where it
    /// is hot.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] when `out` has the wrong length; `out` is then unchanged.
    fn legal_mask(&self, state: &Self::State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        if matches!(self.turn(state), Turn::Player(_)) {
            let mut legal = Vec::new();
            self.legal_actions(state, &mut legal);
            for a in &legal {
                if let Some(slot) = self.action_index(state, a).and_then(|i| out.get_mut(i)) {
                    *slot = true;
                }
            }
        }
        Ok(())
    }

    /// The number of distinct chance outcomes, or 0 where chance is continuous or absent.
    fn num_chance_outcomes(&self) -> usize {
        0
    }

    /// The index of a chance outcome in `state`, below
    /// [`IndexedActions::num_chance_outcomes`]; `None` for anything else.
    fn chance_index(&self, state: &Self::State, action: &Self::Action) -> Option<usize> {
        let _ = (state, action);
        None
    }

    /// The chance outcome with this index in `state`; `None` for an index out of range or
    /// one that names no outcome here.
    fn index_chance(&self, state: &Self::State, index: usize) -> Option<Self::Action> {
        let _ = (state, index);
        None
    }
}

/// A continuous action (a carrom or Novuss stroke) as a fixed-length vector of parameters
/// with documented bounds. The game's discrete decisions (passes, dues, calls) stay
/// [`IndexedActions`]; every legal action has either an index or parameters.
///
/// The contract, which [`crate::conformance::check_parametric_actions`] checks: a legal
/// continuous action's parameters are within the bounds and map back to the same action;
/// any finite vector within the bounds maps to an action that [`Game::apply`] either plays or
/// refuses with a typed error (never a panic); anything outside the bounds or not finite
/// maps to `None`.
///
/// # Examples
///
/// A one-shot game where the only seat throws at an angle of 0 to 90 degrees:
///
/// ```
/// use boardgame_core::{BufferSizeError, Game, ParametricActions};
/// # use boardgame_core::{BySeat, Returns, Seat, Turn};
/// struct Throw;
/// # impl Game for Throw {
/// #     type State = Option<f64>;
/// #     type Action = f64;
/// #     type Error = std::fmt::Error;
/// #     fn num_players(&self) -> usize { 1 }
/// #     fn new_initial_state(&self) -> Option<f64> { None }
/// #     fn turn(&self, s: &Option<f64>) -> Turn {
/// #         if s.is_some() { Turn::Terminal } else { Turn::Player(Seat::new(0)) }
/// #     }
/// #     fn legal_actions(&self, _: &Option<f64>, out: &mut Vec<f64>) {
/// #         out.clear();
/// #         out.push(45.0);
/// #     }
/// #     fn chance_outcomes(&self, _: &Option<f64>, out: &mut Vec<(f64, f64)>) -> bool {
/// #         out.clear();
/// #         true
/// #     }
/// #     fn apply(&self, s: &mut Option<f64>, a: &f64) -> Result<(), std::fmt::Error> {
/// #         if s.is_some() || !(0.0..=90.0).contains(a) { return Err(std::fmt::Error) }
/// #         *s = Some(*a);
/// #         Ok(())
/// #     }
/// #     fn returns(&self, s: &Option<f64>) -> Option<Returns> { s.map(|_| BySeat::new(1, 0.0)) }
/// # }
/// impl ParametricActions for Throw {
///     fn parameter_bounds(&self) -> &[(f64, f64)] {
///         &[(0.0, 90.0)]
///     }
///     fn action_parameters(
///         &self,
///         _: &Option<f64>,
///         angle: &f64,
///         out: &mut [f64],
///     ) -> Result<bool, BufferSizeError> {
///         BufferSizeError::check(1, out.len())?;
///         out[0] = *angle;
///         Ok(true)
///     }
///     fn parameters_action(&self, _: &Option<f64>, p: &[f64]) -> Option<f64> {
///         match *p {
///             [angle] if (0.0..=90.0).contains(&angle) => Some(angle),
///             _ => None,
///         }
///     }
/// }
///
/// let state = Throw.new_initial_state();
/// assert_eq!(Throw.parameters_action(&state, &[30.0]), Some(30.0));
/// assert_eq!(Throw.parameters_action(&state, &[91.0]), None); // out of bounds
/// let mut p = [0.0];
/// assert_eq!(Throw.action_parameters(&state, &30.0, &mut p), Ok(true));
/// assert_eq!(p, [30.0]);
/// ```
pub trait ParametricActions: Game {
    /// The inclusive bounds `(low, high)` of each parameter, in order; the slice's length is
    /// the number of parameters. Units are documented by the game.
    fn parameter_bounds(&self) -> &[(f64, f64)];

    /// Writes the parameters of a continuous action into `out` (exactly
    /// `parameter_bounds().len()` elements) and returns `Ok(true)`; returns `Ok(false)`,
    /// leaving `out` unchanged, for an action that is not continuous (it has an index
    /// instead) or cannot be expressed in `state`.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] when `out` has the wrong length.
    fn action_parameters(
        &self,
        state: &Self::State,
        action: &Self::Action,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError>;

    /// The continuous action these parameters describe in `state`; `None` when the slice has
    /// the wrong length, a value is not finite or is outside its bounds.
    fn parameters_action(&self, state: &Self::State, parameters: &[f64]) -> Option<Self::Action>;
}

/// The eight values of each byte, lowest bit first (the table behind [`byte_values`]).
static BYTES: [[f32; 8]; 256] = {
    let mut table = [[0.0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][bit] = 1.0;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The eight observation values of `byte`'s bits, lowest bit first: 1.0 for a set bit, 0.0
/// for a clear one. One row of the table [`write_bits`] writes from, for an encoding that
/// gathers its 0/1 fields as bytes first.
///
/// # Examples
///
/// ```
/// use boardgame_core::byte_values;
/// assert_eq!(byte_values(0b1000_0101), [1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
/// ```
#[inline]
#[must_use]
pub fn byte_values(byte: u8) -> [f32; 8] {
    BYTES[usize::from(byte)]
}

/// Writes the lowest `out.len()` bits of `bits` into `out`, lowest bit first: 1.0 for a set
/// bit, 0.0 for a clear one. A bitboard (of squares, tiles, cells) becomes an observation
/// plane this way eight values at a time from a table (8 KiB), without a branch on the bits;
/// bits past `out.len()` are ignored, and values past bit 127 are 0.
///
/// # Examples
///
/// ```
/// use boardgame_core::write_bits;
/// let mut plane = [9.0f32; 6];
/// write_bits(&mut plane, 0b10_0101);
/// assert_eq!(plane, [1.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
/// ```
pub fn write_bits(out: &mut [f32], bits: u128) {
    let mut rest = bits;
    let mut octets = out.chunks_exact_mut(8);
    for values in &mut octets {
        values.copy_from_slice(&byte_values(rest as u8));
        rest >>= 8;
    }
    // The tail (fewer than eight values) from its byte's row: one copy (a `memcpy` call)
    // costs about what copies of four, two and one do, and far less than a value per bit;
    // a plane of whole bytes has no tail and makes no call.
    let tail = octets.into_remainder();
    let len = tail.len();
    if len > 0 {
        tail.copy_from_slice(&byte_values(rest as u8)[..len]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (an audit): `Shape` deserialized without checks, and `dims` or `size` then
    /// panicked on a rank of 9 or a size that overflows.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_a_shape_deserialized_without_checks_and_then_panicked() {
        let good = Shape::new(&[2, 3]).expect("a shape");
        let text = serde_json::to_string(&good).expect("writes");
        assert_eq!(serde_json::from_str::<Shape>(&text).expect("reads"), good);
        for bad in [
            r#"{"dims":[1,1,1,1],"rank":9}"#,
            r#"{"dims":[1,1,1,1],"rank":0}"#,
            r#"{"dims":[0,5,1,1],"rank":2}"#,
            r#"{"dims":[18446744073709551615,2,1,1],"rank":2}"#,
            r#"{"dims":[2,3,7,1],"rank":2}"#,
        ] {
            assert!(serde_json::from_str::<Shape>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn write_bits_matches_a_plain_loop_for_every_length() {
        let patterns = [
            0u128,
            u128::MAX,
            0x8000_0000_0000_0001,
            0x0123_4567_89ab_cdef_f00f_1234_5678_9abc,
        ];
        for bits in patterns {
            for len in 0..=140 {
                let mut got = vec![7.0f32; len];
                write_bits(&mut got, bits);
                let want: Vec<f32> = (0..len)
                    .map(|i| {
                        if i < 128 && bits >> i & 1 == 1 {
                            1.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                assert_eq!(got, want, "bits {bits:#x}, length {len}");
            }
        }
    }

    #[test]
    fn shape_rejects_what_no_tensor_has() {
        assert!(Shape::new(&[]).is_none());
        assert!(Shape::new(&[1, 2, 3, 4, 5]).is_none());
        assert!(Shape::new(&[4, 0, 2]).is_none());
        assert!(Shape::new(&[usize::MAX, 2]).is_none());
        let s = Shape::new(&[2, 3, 4]).unwrap();
        assert_eq!((s.dims(), s.size()), (&[2, 3, 4][..], 24));
        assert_eq!(s.to_string(), "2x3x4");
        assert_eq!(format!("{s:?}"), "Shape[2, 3, 4]");
        assert_eq!(Shape::flat(9).unwrap().dims(), &[9]);
        const CHESS: Shape = Shape::fixed([20, 8, 8]);
        assert_eq!(Some(CHESS), Shape::new(&[20, 8, 8]));
    }

    #[test]
    fn shapes_read_back_from_their_text() {
        let mut shapes = vec![
            Shape::flat(1).unwrap(),
            Shape::flat(usize::MAX).unwrap(),
            Shape::fixed([20, 8, 8]),
            Shape::fixed([1, 1, 1, 1]),
            Shape::new(&[usize::MAX / 2, 2]).unwrap(),
        ];
        for a in [1, 2, 7, 10, 100] {
            for b in [1, 3, 64] {
                shapes.push(Shape::new(&[a, b]).unwrap());
                shapes.push(Shape::new(&[b, a, 2]).unwrap());
                shapes.push(Shape::new(&[a, 5, b, 10]).unwrap());
            }
        }
        for s in shapes {
            assert_eq!(s.to_string().parse::<Shape>(), Ok(s), "{s}");
        }
    }

    #[test]
    fn a_text_that_is_no_shape_is_refused_without_a_panic() {
        let long = "1x".repeat(50_000);
        let digits = "9".repeat(100_000);
        for bad in [
            "",
            " ",
            "x",
            "3x",
            "x3",
            "3xx4",
            "3X4",
            "3 x 4",
            " 3x4",
            "3x4 ",
            "3x4\n",
            "3x4y",
            "0",
            "3x0",
            "03x4",
            "+3",
            "-3",
            "1x2x3x4x5",
            "18446744073709551616",
            "4294967296x4294967296",
            "３x4",
            "3×4",
            long.as_str(),
            digits.as_str(),
        ] {
            let err = bad.parse::<Shape>().expect_err(bad);
            assert_eq!(err, ParseShapeError(crate::text::excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= crate::text::EXCERPT_CHARS);
        }
    }

    #[test]
    fn buffer_size_error_says_both_lengths() {
        assert_eq!(BufferSizeError::check(3, 3), Ok(()));
        let e = BufferSizeError::check(3, 5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the buffer holds 5 elements but the encoding needs exactly 3"
        );
    }
}
