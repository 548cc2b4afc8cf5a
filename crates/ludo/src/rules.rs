//! Rule options: the board geometry and the orthogonal flags D1-D10 of the rules file, with the
//! three presets built from them.

use core::fmt;

use crate::Die;

/// The board geometry in path indices (rules file section 1, D10, A1): `T` dots in the shared
/// loop, `L` the last loop index a checker visits before it turns onto its home track, `H`
/// home-track dots.
///
/// A checker's path index is 0 in the den, 1 on its start dot, `2..=L` further round the loop,
/// `L+1..=L+H` on its own home track and `L+H+1` on the finishing dot (when the board has one,
/// see [`Finish`]).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Geometry;
/// let g = Geometry::new(52, 51, 5)?;
/// assert_eq!(g.finish_index(), 57);
/// assert!(Geometry::new(41, 40, 4).is_err(), "four start dots a quarter apart");
/// # Ok::<(), lattjo_ludo::GeometryError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawGeometry"))]
pub struct Geometry {
    loop_len: u8,
    last_loop: u8,
    home_len: u8,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawGeometry {
    loop_len: u8,
    last_loop: u8,
    home_len: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawGeometry> for Geometry {
    type Error = GeometryError;
    fn try_from(r: RawGeometry) -> Result<Geometry, GeometryError> {
        Geometry::new(r.loop_len, r.last_loop, r.home_len)
    }
}

/// A geometry that no board can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// The loop length is not a multiple of 4 from 8 to [`MAX_LOOP`] (the four start dots are
    /// `T/4` apart).
    #[error("the loop must have a multiple of 4 dots from 8 to 128, not {0}")]
    LoopLength(u8),
    /// `L` below 2 or above `T` (a checker goes round at most once).
    #[error(
        "the last loop index must be between 2 and the loop length {loop_len}, not {last_loop}"
    )]
    LastLoop {
        /// `T`.
        loop_len: u8,
        /// `L`.
        last_loop: u8,
    },
    /// No home track, or a path so long that indices no longer fit.
    #[error("the home track must have 1 to {max} dots, not {home_len}")]
    HomeLength {
        /// `H`.
        home_len: u8,
        /// The largest `H` this `L` allows.
        max: u8,
    },
}

/// The longest loop a geometry may have (the loop's dots are kept in a 128-bit set).
pub const MAX_LOOP: u8 = 128;

/// The largest finishing index a geometry may have (indices are bytes, with room for a bounce).
pub const MAX_FINISH: u8 = 120;

impl Geometry {
    /// The provisional LATTJO geometry (A1): 40/40/4, finishing dot at 45.
    pub const LATTJO: Geometry = Geometry {
        loop_len: 40,
        last_loop: 40,
        home_len: 4,
    };
    /// Classic Ludo (D10): 52/51/5, finish at 57.
    pub const CLASSIC: Geometry = Geometry {
        loop_len: 52,
        last_loop: 51,
        home_len: 5,
    };
    /// Mensch ärgere dich nicht (D10): 40/40/4 with four goal fields.
    pub const MENSCH: Geometry = Geometry {
        loop_len: 40,
        last_loop: 40,
        home_len: 4,
    };

    /// A geometry of `loop_len` loop dots (`T`), last loop index `last_loop` (`L`) and
    /// `home_len` home-track dots (`H`).
    ///
    /// # Errors
    ///
    /// [`GeometryError`] unless `T` is a multiple of 4 and at least 8, `2 <= L <= T` and
    /// `1 <= H` with `L + H + 1 <=` [`MAX_FINISH`].
    pub const fn new(loop_len: u8, last_loop: u8, home_len: u8) -> Result<Geometry, GeometryError> {
        if loop_len < 8 || loop_len > MAX_LOOP || !loop_len.is_multiple_of(4) {
            return Err(GeometryError::LoopLength(loop_len));
        }
        if last_loop < 2 || last_loop > loop_len {
            return Err(GeometryError::LastLoop {
                loop_len,
                last_loop,
            });
        }
        let max = if last_loop + 1 >= MAX_FINISH {
            0
        } else {
            MAX_FINISH - last_loop - 1
        };
        if home_len < 1 || home_len > max {
            return Err(GeometryError::HomeLength { home_len, max });
        }
        Ok(Geometry {
            loop_len,
            last_loop,
            home_len,
        })
    }

    /// `T`, the dots in the shared loop.
    #[must_use]
    pub const fn loop_len(self) -> u8 {
        self.loop_len
    }

    /// `L`, the last loop index before the home track.
    #[must_use]
    pub const fn last_loop(self) -> u8 {
        self.last_loop
    }

    /// `H`, the home-track dots.
    #[must_use]
    pub const fn home_len(self) -> u8 {
        self.home_len
    }

    /// `F = L + H + 1`, the index of the finishing dot.
    #[must_use]
    pub const fn finish_index(self) -> u8 {
        self.last_loop + self.home_len + 1
    }

    /// The loop dot (0-based, clockwise from red's start dot) of path index `k` of colour `c`,
    /// or `None` when `k` is not a loop index (`k == 0` or `k > L`).
    #[must_use]
    pub const fn loop_dot(self, c: crate::Colour, k: u8) -> Option<u8> {
        if k == 0 || k > self.last_loop {
            return None;
        }
        let a = self.start_offset(c) as u16 + k as u16 - 1;
        Some((a % self.loop_len as u16) as u8)
    }

    /// The loop dot of colour `c`'s start dot.
    #[must_use]
    pub const fn start_offset(self, c: crate::Colour) -> u8 {
        (self.loop_len / 4) * c as u8
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.loop_len, self.last_loop, self.home_len)
    }
}

/// How the path ends (D10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Finish {
    /// One shared finishing dot at index `F = L+H+1`; a checker that reaches it is taken out of
    /// play (L16, A16). LATTJO and Classic.
    #[default]
    CentreDot,
    /// No finishing dot: the `H` home-track dots are goal fields, the furthest a checker can go
    /// is `L+H`, and a colour has finished when all four checkers stand in its goal fields.
    /// Schmidt's Mensch ärgere dich nicht.
    GoalFields,
}

/// What happens when a roll would carry a checker past the end of its path (D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Overshoot {
    /// The checker counts up to the end and back by the excess (L15, A4): target `2E - p - d`
    /// where `E` is the end of the path.
    #[default]
    Bounce,
    /// That checker cannot use the roll (the exact count is needed).
    Illegal,
}

/// What a 6 does for a checker in the den (D2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SixRelease {
    /// The booklet (L6, A5): two checkers from the den to the start dot (only with at least two
    /// in the den), or one checker straight to the sixth dot.
    #[default]
    TwoOrSixthDot,
    /// One checker to the start dot, like every other release roll.
    OneToStart,
}

/// The die values that let a checker leave the den (D1), a set of faces 1 to 6.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Die, ReleaseRolls};
/// let r = ReleaseRolls::ONE_AND_SIX;
/// assert!(r.contains(Die::new(1)?));
/// assert!(!r.contains(Die::new(5)?));
/// assert_eq!(r.to_string(), "{1,6}");
/// # Ok::<(), lattjo_ludo::DieError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReleaseRolls(u8);

impl ReleaseRolls {
    /// 1 or 6 (the booklet, L4).
    pub const ONE_AND_SIX: ReleaseRolls = ReleaseRolls(0b10_0001);
    /// 6 only (Classic and Mensch).
    pub const SIX: ReleaseRolls = ReleaseRolls(0b10_0000);

    /// The set of these faces; `None` for an empty list (nobody could ever leave the den).
    #[must_use]
    pub fn new(faces: &[Die]) -> Option<ReleaseRolls> {
        let mut m = 0u8;
        for d in faces {
            m |= 1 << (d.value() - 1);
        }
        (m != 0).then_some(ReleaseRolls(m))
    }

    /// Whether `die` releases.
    #[must_use]
    pub const fn contains(self, die: Die) -> bool {
        self.0 & (1 << (die.value() - 1)) != 0
    }

    pub(crate) const fn contains_value(self, v: u8) -> bool {
        self.0 & (1 << (v - 1)) != 0
    }
}

impl fmt::Display for ReleaseRolls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        let mut first = true;
        for d in Die::ALL {
            if self.contains(d) {
                if !first {
                    write!(f, ",")?;
                }
                first = false;
                write!(f, "{d}")?;
            }
        }
        write!(f, "}}")
    }
}

impl fmt::Debug for ReleaseRolls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ReleaseRolls({self})")
    }
}

/// A named rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Preset {
    /// The LATTJO booklet (the default).
    Lattjo,
    /// Common Western Ludo.
    Classic,
    /// Schmidt's Mensch ärgere dich nicht.
    Mensch,
}

/// The rules: one value per deviation flag of the rules file (D1-D10) plus the start and end
/// options (L2/A13, A15). Build a preset and change single fields to get hybrids.
///
/// D6 (a landing always captures, the choice of move stays free) and D7 (only the own home
/// track is safe) are the same in every preset and are not options.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Overshoot, Rules};
/// // The booklet rules with the Classic exact-count finish.
/// let mut rules = Rules::lattjo();
/// rules.overshoot = Overshoot::Illegal;
/// assert!(rules.validate().is_ok());
/// assert_eq!(Rules::default(), Rules::lattjo());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rules {
    /// D10 / A1: the board geometry.
    pub geometry: Geometry,
    /// D10 / A1: whether the path ends on a shared finishing dot or in goal fields.
    pub finish: Finish,
    /// D10 / A7 / T2: the path index of the sixth dot (default 6).
    pub sixth_dot: u8,
    /// D1: the rolls that release a checker from the den.
    pub release_rolls: ReleaseRolls,
    /// D2: what a 6 does for the den (when 6 is a release roll).
    pub six_release: SixRelease,
    /// D1 (Mensch): a release roll must release a checker when it can.
    pub release_compulsory: bool,
    /// D2 (Mensch): while checkers remain in the den, a checker on the own start dot must move
    /// off it when it can.
    pub clear_start: bool,
    /// D3: whether the player's own checkers may share a dot (L9).
    pub own_stacking: bool,
    /// D4: what an overshooting roll does.
    pub overshoot: Overshoot,
    /// D5: the number of consecutive 6s that forfeits the roll and ends the turn (`None`:
    /// unlimited, every 6 gives another roll).
    pub max_sixes: Option<u8>,
    /// D8: three rolls to get a checker out when nothing can move.
    pub three_tries: bool,
    /// D9 / A11: a player who can move must move (otherwise passing is always allowed).
    pub must_move: bool,
    /// Mensch: each colour begins with one checker on its start dot.
    pub opening_checker: bool,
    /// L2 / A13: roll for who starts (ties re-rolled); otherwise the first seat starts.
    pub roll_for_start: bool,
    /// A15: after the first player finishes, play on to rank the remaining places.
    pub play_out_places: bool,
}

/// A rule combination that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The sixth-dot index is not a loop index `2..=L`.
    #[error("the sixth dot must be a loop index from 2 to {last_loop}, not {sixth_dot}")]
    SixthDot {
        /// The index asked for.
        sixth_dot: u8,
        /// `L`.
        last_loop: u8,
    },
    /// A limit of consecutive sixes below 1.
    #[error("the limit of consecutive sixes must be at least 1")]
    MaxSixes,
    /// No roll releases a checker, so nobody could ever leave the den.
    #[error("at least one die value must release a checker from the den")]
    NoReleaseRoll,
}

impl Rules {
    /// The booklet rules (`Lattjo`), the default: every decision A1-A16 of the rules file.
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            geometry: Geometry::LATTJO,
            finish: Finish::CentreDot,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::ONE_AND_SIX,
            six_release: SixRelease::TwoOrSixthDot,
            release_compulsory: false,
            clear_start: false,
            own_stacking: true,
            overshoot: Overshoot::Bounce,
            max_sixes: None,
            three_tries: false,
            must_move: true,
            opening_checker: false,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// Common Western Ludo (`Classic`): release on a 6 only, one checker out, no sharing, exact
    /// count, the third 6 in a row forfeits, 52/51/5.
    #[must_use]
    pub const fn classic() -> Rules {
        Rules {
            geometry: Geometry::CLASSIC,
            finish: Finish::CentreDot,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::SIX,
            six_release: SixRelease::OneToStart,
            release_compulsory: false,
            clear_start: false,
            own_stacking: false,
            overshoot: Overshoot::Illegal,
            max_sixes: Some(3),
            three_tries: false,
            must_move: true,
            opening_checker: false,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// Schmidt's Mensch ärgere dich nicht (`Mensch`): one checker starts on the start field, a
    /// 6 must release while checkers remain in the den and the start field must then be
    /// cleared, one piece per field, exact count into four goal fields, 40/40/4.
    #[must_use]
    pub const fn mensch() -> Rules {
        Rules {
            geometry: Geometry::MENSCH,
            finish: Finish::GoalFields,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::SIX,
            six_release: SixRelease::OneToStart,
            release_compulsory: true,
            clear_start: true,
            own_stacking: false,
            overshoot: Overshoot::Illegal,
            max_sixes: None,
            three_tries: false,
            must_move: true,
            opening_checker: true,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// The rules of a preset.
    #[must_use]
    pub const fn preset(p: Preset) -> Rules {
        match p {
            Preset::Lattjo => Rules::lattjo(),
            Preset::Classic => Rules::classic(),
            Preset::Mensch => Rules::mensch(),
        }
    }

    /// Checks the combination.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a sixth dot off the loop or a zero limit of sixes.
    pub const fn validate(&self) -> Result<(), RulesError> {
        let l = self.geometry.last_loop();
        if self.sixth_dot < 2 || self.sixth_dot > l {
            return Err(RulesError::SixthDot {
                sixth_dot: self.sixth_dot,
                last_loop: l,
            });
        }
        if let Some(0) = self.max_sixes {
            return Err(RulesError::MaxSixes);
        }
        if self.release_rolls.0 & 0b11_1111 == 0 {
            return Err(RulesError::NoReleaseRoll);
        }
        Ok(())
    }

    /// The furthest index a checker can reach: `F = L+H+1` with a finishing dot, `L+H` with
    /// goal fields.
    #[must_use]
    pub const fn end_index(&self) -> u8 {
        match self.finish {
            Finish::CentreDot => self.geometry.finish_index(),
            Finish::GoalFields => self.geometry.finish_index() - 1,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lattjo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d10_a1_preset_geometries() {
        assert_eq!(Rules::lattjo().geometry.to_string(), "40/40/4");
        assert_eq!(Rules::lattjo().end_index(), 45);
        assert_eq!(Rules::classic().geometry.to_string(), "52/51/5");
        assert_eq!(Rules::classic().end_index(), 57);
        assert_eq!(Rules::mensch().geometry.to_string(), "40/40/4");
        assert_eq!(
            Rules::mensch().end_index(),
            44,
            "four goal fields, no finishing dot"
        );
        for p in [Preset::Lattjo, Preset::Classic, Preset::Mensch] {
            assert_eq!(Rules::preset(p).validate(), Ok(()));
        }
    }

    #[test]
    fn d10_geometry_is_validated() {
        assert_eq!(Geometry::new(42, 40, 4), Err(GeometryError::LoopLength(42)));
        assert_eq!(Geometry::new(4, 4, 4), Err(GeometryError::LoopLength(4)));
        assert!(matches!(
            Geometry::new(40, 41, 4),
            Err(GeometryError::LastLoop { .. })
        ));
        assert!(matches!(
            Geometry::new(40, 40, 0),
            Err(GeometryError::HomeLength { .. })
        ));
        assert!(matches!(
            Geometry::new(100, 100, 30),
            Err(GeometryError::HomeLength { .. })
        ));
        assert!(Geometry::new(8, 8, 1).is_ok());
        assert_eq!(
            Geometry::new(132, 100, 4),
            Err(GeometryError::LoopLength(132))
        );
        assert!(Geometry::new(128, 100, 4).is_ok());
    }

    #[test]
    fn a7_t2_sixth_dot_is_a_validated_parameter() {
        let mut r = Rules::lattjo();
        assert_eq!(r.sixth_dot, 6);
        r.sixth_dot = 7; // the DE reading "6th field from the start field"
        assert_eq!(r.validate(), Ok(()));
        r.sixth_dot = 41;
        assert_eq!(
            r.validate(),
            Err(RulesError::SixthDot {
                sixth_dot: 41,
                last_loop: 40
            })
        );
        r.sixth_dot = 1;
        assert!(r.validate().is_err());
        let mut r = Rules::classic();
        r.max_sixes = Some(0);
        assert_eq!(r.validate(), Err(RulesError::MaxSixes));
    }

    #[test]
    fn start_offsets_are_a_quarter_apart() {
        let g = Geometry::LATTJO;
        assert_eq!(g.start_offset(crate::Colour::Green), 10);
        assert_eq!(g.loop_dot(crate::Colour::Blue, 11), Some(0));
        assert_eq!(g.loop_dot(crate::Colour::Red, 40), Some(39));
        assert_eq!(g.loop_dot(crate::Colour::Red, 41), None);
        assert_eq!(g.loop_dot(crate::Colour::Red, 0), None);
    }
}
