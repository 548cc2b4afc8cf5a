//! The rules object, the game state with cube and dice, and boardgame-core's `Game` and
//! `Rounds` traits (B3, B4, B25-B35, D2-D6, A3, A10-A16, A18).

use core::cell::RefCell;
use core::fmt;

use boardgame_core::{
    BySeat, Game, GameRng, MatchConfig, Returns, RoundContext, Rounds, Seat, Turn,
};

use crate::board::{BAR, OFF, Position, Side};
use crate::ids::{MAX_CUBE_LOG2, MAX_MATCH_LENGTH, ResignLevel};
use crate::learning::ObservationKind;
use crate::movegen::{Dice, Play, PlayList, SingleDiePolicy};

/// Rule options: a preset ([`Rules::lattjo`], the default, or [`Rules::standard`]) changed
/// by `with_<option>` builders. [`Backgammon::new`] checks the combination.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Backgammon, Rules, SingleDiePolicy};
/// // The default is the booklet.
/// assert_eq!(Rules::default(), Rules::lattjo());
/// assert_eq!(Rules::lattjo().single_die, SingleDiePolicy::Lattjo);
/// // A hybrid: standard play of the dice, no Crawford rule, no cube.
/// let r = Rules::standard().with_crawford(false).with_cube(false);
/// assert!(!r.cube && r.single_die == SingleDiePolicy::Standard);
/// let game = Backgammon::new(r)?;
/// // Money options need the cube.
/// assert!(Backgammon::new(Rules::standard().with_cube(false).with_jacoby(true)).is_err());
/// # Ok::<(), lattjo_backgammon::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// How a non-double may be under-used (D1). Booklet: [`SingleDiePolicy::Lattjo`];
    /// standard: [`SingleDiePolicy::Standard`].
    pub single_die: SingleDiePolicy,
    /// Whether the doubling cube is in use (B25-B29). On in both presets; off gives checker
    /// play only (the form OpenSpiel and most benchmarks use).
    pub cube: bool,
    /// The Crawford rule in match play (D4). Booklet: off (it has no such rule); standard: on.
    pub crawford: bool,
    /// Money play only: gammons and backgammons count single while the cube is centred (D5).
    /// Off in both presets; needs the cube.
    pub jacoby: bool,
    /// Money play only: a doubled player may beaver (take and redouble at once, keeping the
    /// cube) (D5). Off in both presets; needs the cube.
    pub beavers: bool,
    /// Money play only: each tie on the opening roll doubles the centred cube, at most this
    /// many times per game (D3); 0 = off, the default of both presets. Needs the cube.
    pub automatic_doubles: u8,
    /// The largest cube (as log2, 0..=12) a double may reach; `None` = up to 2^12 = 4096, the
    /// most any state holds ([`MAX_CUBE_LOG2`], GNU Backgammon's own limit; decision for
    /// A13). `None` in both presets.
    pub max_cube_log2: Option<u8>,
    /// Whether the player on roll may offer to resign a single game, gammon or backgammon,
    /// before rolling or, with the dice rolled, before playing them (D6, as GNU Backgammon
    /// allows). Off in both presets, so that random and search players do not resign at
    /// random; available under either.
    pub resignations: bool,
    /// With `resignations`: whether a doubled player may offer to resign instead of
    /// answering the double, the doubler then answering the offer ([`Phase::ResignOfferedDoubled`];
    /// D6 with A10, as GNU Backgammon allows: its `resign` takes the offer from the player to
    /// act). Accepted, the doubler wins the level times the cube before the double; refused,
    /// the double is answered as before. Off in both presets, and in
    /// [`crate::mat::MATCH_RULES`]; needs the cube and `resignations`.
    pub resign_when_doubled: bool,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    single_die: SingleDiePolicy,
    cube: bool,
    crawford: bool,
    jacoby: bool,
    beavers: bool,
    automatic_doubles: u8,
    max_cube_log2: Option<u8>,
    resignations: bool,
    #[serde(default)]
    resign_when_doubled: bool,
}

// Deserialization validates (`Rules::validate`), as the game's constructor does: the private
// mirror above reads the fields and these two impls wrap it. (A `remote = "Self"` derive on
// the type itself made that unchecked reader a public inherent `Rules::deserialize`, which
// a caller's `Rules::deserialize(d)` reached instead of this impl.)
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let rules = RulesFields::deserialize(deserializer)?;
        rules.validate().map_err(serde::de::Error::custom)?;
        Ok(rules)
    }
}

impl Rules {
    /// Checks that the options fit together: a cube limit of at most 2^12, and no cube option
    /// (the Jacoby rule, beavers, automatic doubles) without the cube. [`Backgammon::new`]
    /// and deserialization check the same.
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming the first option that does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Rules, RulesError};
    /// assert_eq!(Rules::standard().validate(), Ok(()));
    /// let mut r = Rules::standard();
    /// r.max_cube_log2 = Some(20);
    /// assert_eq!(r.validate(), Err(RulesError::CubeLimit(20)));
    /// ```
    pub const fn validate(&self) -> Result<(), RulesError> {
        if let Some(m) = self.max_cube_log2
            && m > MAX_CUBE_LOG2
        {
            return Err(RulesError::CubeLimit(m));
        }
        if !self.cube {
            if self.jacoby {
                return Err(RulesError::NeedsCube("the jacoby rule"));
            }
            if self.beavers {
                return Err(RulesError::NeedsCube("beavers"));
            }
            if self.automatic_doubles > 0 {
                return Err(RulesError::NeedsCube("automatic doubles"));
            }
            if self.resign_when_doubled {
                return Err(RulesError::NeedsCube("resignations while doubled"));
            }
        }
        if self.resign_when_doubled && !self.resignations {
            return Err(RulesError::NeedsResignations);
        }
        Ok(())
    }

    /// The booklet's rules (the default): [`SingleDiePolicy::Lattjo`], no Crawford rule, the
    /// cube on.
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            single_die: SingleDiePolicy::Lattjo,
            cube: true,
            crawford: false,
            jacoby: false,
            beavers: false,
            automatic_doubles: 0,
            max_cube_log2: None,
            resignations: false,
            resign_when_doubled: false,
        }
    }

    /// Modern tournament and money rules (WBF/USBGF style): [`SingleDiePolicy::Standard`],
    /// the Crawford rule, the cube on.
    #[must_use]
    pub const fn standard() -> Rules {
        Rules::lattjo()
            .with_single_die(SingleDiePolicy::Standard)
            .with_crawford(true)
    }

    /// These rules with the single-die policy `policy` (D1).
    #[must_use]
    pub const fn with_single_die(mut self, policy: SingleDiePolicy) -> Rules {
        self.single_die = policy;
        self
    }

    /// These rules with the doubling cube on or off (B25-B29).
    #[must_use]
    pub const fn with_cube(mut self, on: bool) -> Rules {
        self.cube = on;
        self
    }

    /// These rules with the Crawford rule on or off (D4).
    #[must_use]
    pub const fn with_crawford(mut self, on: bool) -> Rules {
        self.crawford = on;
        self
    }

    /// These rules with the Jacoby rule on or off (money play, D5).
    #[must_use]
    pub const fn with_jacoby(mut self, on: bool) -> Rules {
        self.jacoby = on;
        self
    }

    /// These rules with beavers allowed or not (money play, D5).
    #[must_use]
    pub const fn with_beavers(mut self, on: bool) -> Rules {
        self.beavers = on;
        self
    }

    /// These rules with at most `n` automatic doubles per game (money play, D3; 0 = off).
    #[must_use]
    pub const fn with_automatic_doubles(mut self, n: u8) -> Rules {
        self.automatic_doubles = n;
        self
    }

    /// These rules with the cube limited to `2^log2` (`None` = 2^12, A13).
    #[must_use]
    pub const fn with_max_cube_log2(mut self, log2: Option<u8>) -> Rules {
        self.max_cube_log2 = log2;
        self
    }

    /// These rules with resignation offers allowed or not (D6).
    #[must_use]
    pub const fn with_resignations(mut self, on: bool) -> Rules {
        self.resignations = on;
        self
    }

    /// These rules with a doubled player allowed or not to offer to resign instead of
    /// answering the double ([`Rules::resign_when_doubled`]; needs `resignations`).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Backgammon, Rules, RulesError};
    /// let r = Rules::standard().with_resignations(true).with_resign_when_doubled(true);
    /// assert!(Backgammon::new(r).is_ok());
    /// let alone = Rules::standard().with_resign_when_doubled(true);
    /// assert_eq!(Backgammon::new(alone), Err(RulesError::NeedsResignations));
    /// ```
    #[must_use]
    pub const fn with_resign_when_doubled(mut self, on: bool) -> Rules {
        self.resign_when_doubled = on;
        self
    }

    /// The largest cube log2 a double may reach.
    const fn cube_limit(&self) -> u8 {
        match self.max_cube_log2 {
            Some(m) if m < MAX_CUBE_LOG2 => m,
            _ => MAX_CUBE_LOG2,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lattjo()
    }
}

/// A combination of [`Rules`] that [`Backgammon::new`] refuses.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Backgammon, Rules, RulesError};
/// let r = Rules::standard().with_max_cube_log2(Some(20));
/// assert_eq!(Backgammon::new(r), Err(RulesError::CubeLimit(20)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A cube limit above 2^12 ([`MAX_CUBE_LOG2`]).
    #[error("a cube limit of 2^{0} is above the 2^12 every state holds")]
    CubeLimit(u8),
    /// A cube option (`jacoby`, `beavers`, `automatic_doubles`, `resign_when_doubled`)
    /// without the cube.
    #[error("the rules have {0} but no doubling cube")]
    NeedsCube(&'static str),
    /// `resign_when_doubled` without `resignations`.
    #[error("the rules have resignations while doubled but no resignations")]
    NeedsResignations,
}

/// The game of backgammon under some [`Rules`]: implements boardgame-core's [`Game`] (a
/// money game, or one game of a match through [`Rounds`]).
///
/// # Examples
///
/// ```
/// use boardgame_core::{random_playout, Game, GameRng, Turn};
/// use lattjo_backgammon::{Backgammon, Rules};
/// let game = Backgammon::new(Rules::standard().with_cube(false))?;
/// let mut state = game.new_initial_state();
/// random_playout(&game, &mut state, &mut GameRng::new(3, 0), &mut Vec::new());
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert_eq!(Backgammon::default().rules(), &Rules::lattjo());
/// # Ok::<(), lattjo_backgammon::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Backgammon {
    rules: Rules,
    observation: ObservationKind,
    /// The largest cube (log2) a state of these rules holds: the cube limit, or 0 without
    /// the cube (the rules' own, kept for [`Backgammon::check_state`]).
    cube_max: u8,
}

/// The booklet's game ([`Rules::lattjo`]).
impl Default for Backgammon {
    fn default() -> Backgammon {
        Backgammon {
            rules: Rules::lattjo(),
            observation: ObservationKind::TdGammon,
            cube_max: Rules::lattjo().cube_limit(),
        }
    }
}

impl Backgammon {
    /// The game under `rules`.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a cube limit above 2^12, or a cube option without the cube.
    pub const fn new(rules: Rules) -> Result<Backgammon, RulesError> {
        if let Err(e) = rules.validate() {
            return Err(e);
        }
        Ok(Backgammon {
            rules,
            observation: ObservationKind::TdGammon,
            cube_max: if rules.cube { rules.cube_limit() } else { 0 },
        })
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// This game with the board part of its observation ([`boardgame_core::Observe`]) encoded
    /// as `kind`; the default is [`ObservationKind::TdGammon`]. Only the learning encoding
    /// changes, never the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Backgammon, ObservationKind, Observe};
    /// let game = Backgammon::default().with_observation(ObservationKind::Compact);
    /// assert_eq!(game.observation(), ObservationKind::Compact);
    /// assert_eq!(game.observation_shape().size(), 28 + 44);
    /// assert_eq!(Backgammon::default().observation_shape().size(), 198 + 44);
    /// ```
    #[must_use]
    pub const fn with_observation(mut self, kind: ObservationKind) -> Backgammon {
        self.observation = kind;
        self
    }

    /// How the board part of the observation is encoded.
    #[must_use]
    pub const fn observation(&self) -> ObservationKind {
        self.observation
    }

    /// Checks that these rules can reach `s`: a state does not carry its rules (no ID or
    /// file names them all), so a state built or read elsewhere may hold what only other
    /// rules make. Every state a game of these rules reaches passes; [`Game::apply`] and
    /// [`Game::is_legal`] refuse any other ([`PlayError::OtherRules`]), and
    /// [`Game::legal_actions`], [`Game::chance_outcomes`], [`Game::sample_chance`] and
    /// [`Game::sample_action`] offer nothing on it. ([`State::try_from`] has already checked
    /// what no rules reach.)
    ///
    /// What each option makes reachable, and so what its absence refuses:
    ///
    /// * the cube (`cube`, B25-B29): a cube above 1 or owned, a double to answer (also
    ///   beavered or interrupted by a resignation offer), a game won by a drop;
    /// * the cube limit (`max_cube_log2`, A13): a cube up to the limit; a double offered, or
    ///   dropped, only below it; a beaver, or a dropped beaver, only two below it;
    /// * automatic doubles (`automatic_doubles`, D3): a cube above 1 at the opening roll, up
    ///   to that many doubles, in money play only. A centred cube above 1 later in the game,
    ///   which only automatic doubles make in play, is taken as set by hand: GNU Backgammon
    ///   and XG set one in a position (`set cube value`, an SGF set-up position's `CV`, an
    ///   XGID), and it plays the same under any rules with the cube;
    /// * the Crawford rule (`crawford`, D4): a Crawford game (the match context's flag);
    /// * beavers (`beavers`, D5): [`Phase::Beavered`], and a drop won by the beaverer;
    /// * resignations (`resignations`, D6): [`Phase::ResignOffered`], a refused resignation
    ///   ([`State::resign_refused`]) before the roll or the play, a game won by resignation;
    /// * resignations while doubled (`resign_when_doubled`): [`Phase::ResignOfferedDoubled`],
    ///   a refused resignation with a double to answer, a resignation won by the doubler;
    /// * the Jacoby rule (`jacoby`, D5): with it, a gammon or backgammon (played out or
    ///   resigned) with the cube centred in money play scores single; without it, never;
    /// * a roll chosen before the dice ([`Phase::Rolling`]) needs a choice before the roll
    ///   (resignations, or a cube the player on roll could double) or a double just taken.
    ///
    /// The single-die policy (D1) decides only which plays are legal, not what a state
    /// holds, so it refuses nothing here.
    ///
    /// # Errors
    ///
    /// The first [`OtherRulesError`] found, naming the option and what in `s` needs it.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::Game;
    /// use lattjo_backgammon::{Backgammon, MatchContext, OtherRulesError, Rules};
    /// let crawford_game = MatchContext::new(5, [4, 2], true)?;
    /// let standard = Backgammon::new(Rules::standard())?;
    /// let s = standard.new_game(Some(crawford_game));
    /// assert_eq!(standard.check_state(&s), Ok(()));
    /// // The booklet has no Crawford rule (D4): its matches have no Crawford game.
    /// let booklet = Backgammon::default();
    /// assert_eq!(booklet.check_state(&s), Err(OtherRulesError::NeedsCrawford));
    /// let mut actions = Vec::new();
    /// booklet.legal_actions(&s, &mut actions);
    /// assert!(actions.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn check_state(&self, s: &State) -> Result<(), OtherRulesError> {
        if self.reaches_at_a_glance(s) {
            debug_assert_eq!(self.check_state_fully(s), Ok(()), "{s:?}");
            return Ok(());
        }
        self.check_state_fully(s)
    }

    /// The states of nearly every action, in a few compares, passed without the full check:
    /// the opening roll, before the roll, the roll chosen, the dice to play or a double to
    /// answer, no refused resignation, a cube these rules hold, no Crawford game they lack.
    /// (An owned cube is above 1, `State::try_from`, so within `cube_max` without the cube
    /// it is centred too.)
    #[inline]
    fn reaches_at_a_glance(&self, s: &State) -> bool {
        let r = &self.rules;
        let cube_max = self.cube_max;
        let crawford_game = s.match_context.is_some_and(|m| m.crawford);
        let phase_ok = matches!(s.phase, Phase::BeforeRoll | Phase::Moving)
            || match s.phase {
                // The roll chosen at a decision before it, a double offered below the limit,
                // the opening roll before any automatic double (the rest in full).
                Phase::Rolling => r.resignations || (!crawford_game && s.cube_log2 < cube_max),
                Phase::Doubled => s.cube_log2 < cube_max,
                Phase::Opening => s.cube_log2 == 0,
                _ => false,
            };
        phase_ok && !s.resign_refused && s.cube_log2 <= cube_max && (r.crawford || !crawford_game)
    }

    /// Whether these rules reach `s`: [`Backgammon::check_state`] is `Ok`.
    #[inline]
    fn reaches(&self, s: &State) -> bool {
        self.reaches_at_a_glance(s) || self.check_state_fully(s).is_ok()
    }

    /// [`Backgammon::check_state`] field by field.
    #[inline(never)]
    fn check_state_fully(&self, s: &State) -> Result<(), OtherRulesError> {
        use OtherRulesError as E;
        let r = &self.rules;
        if !r.cube {
            return self.check_without_cube(s);
        }
        let limit = r.cube_limit();
        if s.cube_log2 > limit {
            return Err(E::CubeAboveLimit {
                cube_log2: s.cube_log2,
                limit,
            });
        }
        if s.phase == Phase::Opening && s.cube_log2 > 0 {
            // In the opening the cube counts the automatic doubles (D3).
            let allowed = if s.match_context.is_none() {
                r.automatic_doubles
            } else {
                0
            };
            if s.cube_log2 > allowed {
                return Err(E::AutomaticDoubles {
                    cube_log2: s.cube_log2,
                    allowed,
                });
            }
        }
        let crawford_game = s.match_context.is_some_and(|m| m.crawford);
        if crawford_game && !r.crawford {
            return Err(E::NeedsCrawford);
        }
        if s.resign_refused {
            self.check_refused(s)?;
        }
        match s.phase {
            Phase::Opening | Phase::BeforeRoll | Phase::Moving => Ok(()),
            // Chosen at a decision before the roll, or due after a take.
            Phase::Rolling => {
                if r.resignations
                    || (!crawford_game
                        && (s.cube_log2 < limit
                            || s.cube_owner == Some(s.position.to_move.opponent())))
                {
                    Ok(())
                } else {
                    Err(E::NoChoiceToRoll)
                }
            }
            _ => self.check_rare_phase(s, limit),
        }
    }

    /// [`Backgammon::check_state`] under rules without the cube.
    fn check_without_cube(&self, s: &State) -> Result<(), OtherRulesError> {
        use OtherRulesError as E;
        let r = &self.rules;
        if s.cube_log2 > 0 || s.cube_owner.is_some() {
            return Err(E::NeedsCube("a cube above 1"));
        }
        if matches!(
            s.phase,
            Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_)
        ) {
            return Err(E::NeedsCube("a double offered"));
        }
        if s.outcome.is_some_and(|o| o.kind == WinKind::Drop) {
            return Err(E::NeedsCube("a dropped double"));
        }
        if s.match_context.is_some_and(|m| m.crawford) && !r.crawford {
            return Err(E::NeedsCrawford);
        }
        if s.resign_refused {
            self.check_refused(s)?;
        }
        match s.phase {
            // With no cube only a resignation offer is a choice before the roll.
            Phase::Rolling if !r.resignations => Err(E::NoChoiceToRoll),
            Phase::ResignOffered(_) | Phase::Over => self.check_rare_phase(s, 0),
            _ => Ok(()),
        }
    }

    /// A refused resignation ([`State::resign_refused`]): an offer was refused before.
    #[cold]
    fn check_refused(&self, s: &State) -> Result<(), OtherRulesError> {
        if s.phase == Phase::Doubled {
            if !self.rules.resign_when_doubled {
                return Err(OtherRulesError::NeedsResignWhenDoubled(
                    "a resignation refused with a double to answer",
                ));
            }
        } else if !self.rules.resignations {
            return Err(OtherRulesError::NeedsResignations("a refused resignation"));
        }
        Ok(())
    }

    /// The phases of the cube, of resignations and of the end (`limit`: the cube limit).
    #[cold]
    fn check_rare_phase(&self, s: &State, limit: u8) -> Result<(), OtherRulesError> {
        use OtherRulesError as E;
        let r = &self.rules;
        let past = |what| E::PastCubeLimit {
            what,
            needs: s.cube_log2 + 1,
            limit,
        };
        match s.phase {
            Phase::Doubled if s.cube_log2 >= limit => Err(past("a double offered")),
            Phase::Beavered => {
                if !r.beavers {
                    Err(E::NeedsBeavers("a beaver to answer"))
                } else if s.cube_log2 + 2 > limit {
                    Err(E::PastCubeLimit {
                        what: "a beaver",
                        needs: s.cube_log2 + 2,
                        limit,
                    })
                } else {
                    Ok(())
                }
            }
            Phase::ResignOffered(_) if !r.resignations => {
                Err(E::NeedsResignations("a resignation offered"))
            }
            Phase::ResignOfferedDoubled(_) => {
                if !r.resign_when_doubled {
                    Err(E::NeedsResignWhenDoubled(
                        "a resignation offered instead of an answer to a double",
                    ))
                } else if s.cube_log2 >= limit {
                    Err(past("a double offered"))
                } else {
                    Ok(())
                }
            }
            Phase::Over => match s.outcome {
                Some(o) => self.check_outcome(s, o, limit),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// How a finished game ended (`limit`: the cube limit).
    fn check_outcome(&self, s: &State, o: Outcome, limit: u8) -> Result<(), OtherRulesError> {
        use OtherRulesError as E;
        let r = &self.rules;
        let doubler_won = o.winner == s.position.to_move;
        // A double was offered at the cube as it stands (a beaver: one below it, D5).
        let past = E::PastCubeLimit {
            what: "a dropped double",
            needs: s.cube_log2 + 1,
            limit,
        };
        let jacoby = self.jacoby_applies(s);
        match o.kind {
            WinKind::Drop => {
                if !doubler_won && !r.beavers {
                    Err(E::NeedsBeavers("a dropped beaver"))
                } else if s.cube_log2 >= limit {
                    Err(past)
                } else {
                    Ok(())
                }
            }
            WinKind::Resignation(l) => {
                if !r.resignations {
                    Err(E::NeedsResignations("a game won by resignation"))
                } else if doubler_won && !r.resign_when_doubled {
                    Err(E::NeedsResignWhenDoubled(
                        "a resignation accepted by the doubler",
                    ))
                } else if doubler_won && s.cube_log2 >= limit {
                    Err(E::PastCubeLimit {
                        what: "a double offered",
                        needs: s.cube_log2 + 1,
                        limit,
                    })
                } else if l == ResignLevel::Single {
                    Ok(())
                } else if jacoby && o.points != s.cube_value() as i64 {
                    Err(E::Jacoby("a resigned gammon or backgammon"))
                } else if !jacoby && o.points == s.cube_value() as i64 {
                    Err(E::NeedsJacoby("a resigned gammon or backgammon"))
                } else {
                    Ok(())
                }
            }
            WinKind::Single | WinKind::Gammon | WinKind::Backgammon => {
                let played = bear_off_kind(&s.position, o.winner.opponent());
                if jacoby && o.kind != WinKind::Single {
                    Err(E::Jacoby("a gammon or backgammon"))
                } else if !jacoby && o.kind != played {
                    Err(E::NeedsJacoby("a gammon or backgammon"))
                } else {
                    Ok(())
                }
            }
        }
    }
}

/// Where a game stands.
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_backgammon::{Action, Backgammon, Phase};
/// let game = Backgammon::default();
/// let mut s = game.new_initial_state();
/// assert_eq!(s.phase(), Phase::Opening);
/// game.apply(&mut s, &Action::Opening { white: 5, black: 2 })?;
/// assert_eq!(s.phase(), Phase::Moving);
/// # Ok::<(), lattjo_backgammon::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Chance: each player rolls one die (B3, A3).
    Opening,
    /// Before the roll of the player on roll. A player node when they may double (A10) or
    /// offer to resign (D6); otherwise (no cube, the Crawford game, a cube they do not own)
    /// the roll is due at once and this is a chance node.
    BeforeRoll,
    /// Chance: the player on roll chose to roll and rolls two dice (B4).
    Rolling,
    /// The player on roll chooses a play for the dice.
    Moving,
    /// The opponent of the player on roll answers a double: take, drop or (money play with
    /// beavers, D5) beaver.
    Doubled,
    /// Money play with beavers (D5): the opponent beavered the double of the player on roll,
    /// who answers as to a double: take (play on at four times the cube, the beaverer owning
    /// it) or drop (pay twice the cube). The cube and its owner are still those before the
    /// double.
    Beavered,
    /// The opponent of the player on roll answers a resignation offer, made before the roll
    /// or, as GNU Backgammon allows, after it and before the play (D6): then the dice stay
    /// rolled ([`State::dice`]), and a refusal returns to [`Phase::Moving`] with them.
    ResignOffered(ResignLevel),
    /// The player on roll doubled and the opponent, instead of answering, offered to resign
    /// ([`Rules::resign_when_doubled`], as GNU Backgammon allows); the doubler answers.
    /// Accepted, the doubler wins the level times the cube as it stands (the double was not
    /// taken); refused, back to [`Phase::Doubled`], where the offer may not be repeated.
    ResignOfferedDoubled(ResignLevel),
    /// The game is over.
    Over,
}

/// How a game was won.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::WinKind;
/// assert_eq!(WinKind::Gammon.multiplier(), 2);
/// assert_eq!(WinKind::Drop.multiplier(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinKind {
    /// Single game (B31).
    Single,
    /// Gammon (B32).
    Gammon,
    /// Backgammon (B33).
    Backgammon,
    /// The opponent dropped a double (B27), or the doubler dropped a beaver (D5): the
    /// beaverer wins the double.
    Drop,
    /// The opponent's resignation was accepted (D6).
    Resignation(ResignLevel),
}

impl WinKind {
    /// The points per unit of the cube: 1, 2 or 3 (a drop counts 1, A11; the Jacoby rule
    /// may score a gammon or a resignation single, see [`Outcome`]).
    #[must_use]
    pub const fn multiplier(self) -> i64 {
        match self {
            WinKind::Single | WinKind::Drop => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
            WinKind::Resignation(l) => l as i64,
        }
    }
}

/// The end of a game: who won, how, and the points (already times the cube).
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_backgammon::{Action, Backgammon, Dice, Outcome, Position, Side, WinKind};
/// let mut white = [0u8; 26];
/// white[2] = 1; // White's last checker, on its 2 point
/// let mut black = [0u8; 26];
/// black[6] = 14;
/// black[20] = 1; // Black's 20 point is White's 5: in White's home board
/// let game = Backgammon::default();
/// let pos = Position::new(Side::White, white, black)?;
/// let mut s = game.state_from(pos, Dice::new(2, 1))?;
/// let play = pos.parse_play("2/off", Dice::new(2, 1).unwrap(), game.rules().single_die)?;
/// game.apply(&mut s, &Action::Play(play))?;
/// let Some(Outcome { winner, kind, points }) = s.outcome() else { unreachable!() };
/// assert_eq!((winner, kind, points), (Side::White, WinKind::Backgammon, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// How.
    pub kind: WinKind,
    /// Points won.
    pub points: i64,
}

/// The match a game belongs to (standard match play, B35, A16, D4): the length, the scores
/// before this game, and whether it is the Crawford game.
///
/// Invariants, checked by [`MatchContext::new`] and on deserialization: a length of 1 to
/// [`MAX_MATCH_LENGTH`] points, both scores below it, and a Crawford game only in a match of
/// two or more points with a side at length − 1.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchContext, MatchContextError, Side};
/// let m = MatchContext::new(7, [6, 3], true)?;
/// assert!(m.is_crawford() && !m.is_post_crawford());
/// assert_eq!(m.score(Side::Black), 3);
/// assert_eq!(MatchContext::new(7, [6, 3], false)?.is_post_crawford(), true);
/// assert!(MatchContext::new(2, [1, 5], false).is_err()); // issue 15.4
/// assert!(MatchContext::new(0, [0, 0], false).is_err());
/// assert_eq!(MatchContext::new(7, [2, 3], true), Err(MatchContextError::Crawford));
/// # Ok::<(), MatchContextError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "MatchContextRepr", into = "MatchContextRepr")
)]
pub struct MatchContext {
    length: u32,
    score: [u32; 2],
    crawford: bool,
}

/// The serialized form of [`MatchContext`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct MatchContextRepr {
    length: u32,
    score: [u32; 2],
    crawford: bool,
}

#[cfg(feature = "serde")]
impl TryFrom<MatchContextRepr> for MatchContext {
    type Error = MatchContextError;
    fn try_from(r: MatchContextRepr) -> Result<MatchContext, MatchContextError> {
        MatchContext::new(r.length, r.score, r.crawford)
    }
}

#[cfg(feature = "serde")]
impl From<MatchContext> for MatchContextRepr {
    fn from(m: MatchContext) -> MatchContextRepr {
        MatchContextRepr {
            length: m.length,
            score: m.score,
            crawford: m.crawford,
        }
    }
}

/// A match context that no match reaches.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchContext, MatchContextError};
/// assert_eq!(MatchContext::new(0, [0, 0], false), Err(MatchContextError::Length(0)));
/// assert_eq!(
///     MatchContext::new(2, [1, 5], false),
///     Err(MatchContextError::Score { score: 5, length: 2 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchContextError {
    /// A length of 0 or above [`MAX_MATCH_LENGTH`].
    #[error("a match is 1 to 64 points long, got {0}")]
    Length(u32),
    /// A score not below the length: the match would be over.
    #[error("score {score} is not below the match length {length}")]
    Score {
        /// The score.
        score: u32,
        /// The match length.
        length: u32,
    },
    /// A Crawford game in a 1-point match or with no side at length − 1 (D4).
    #[error("a crawford game needs a match of 2 or more points with a side at length - 1")]
    Crawford,
}

impl MatchContext {
    /// The game of a `length`-point match at `score` (White's, Black's) before it; `crawford`
    /// when it is the Crawford game.
    ///
    /// # Errors
    ///
    /// [`MatchContextError`] when the length is 0 or above 64, a score is not below the
    /// length, or the Crawford flag has no side at length − 1 (or the match is 1 point).
    pub const fn new(
        length: u32,
        score: [u32; 2],
        crawford: bool,
    ) -> Result<MatchContext, MatchContextError> {
        if length == 0 || length > MAX_MATCH_LENGTH {
            return Err(MatchContextError::Length(length));
        }
        let mut i = 0;
        while i < 2 {
            if score[i] >= length {
                return Err(MatchContextError::Score {
                    score: score[i],
                    length,
                });
            }
            i += 1;
        }
        let m = MatchContext {
            length,
            score,
            crawford,
        };
        if crawford && !m.at_match_point() {
            return Err(MatchContextError::Crawford);
        }
        Ok(m)
    }

    /// Points needed to win the match.
    #[must_use]
    pub const fn length(&self) -> u32 {
        self.length
    }

    /// The score of `side` before this game.
    #[must_use]
    pub const fn score(&self, side: Side) -> u32 {
        self.score[side as usize]
    }

    /// The scores before this game, White's then Black's.
    #[must_use]
    pub const fn scores(&self) -> [u32; 2] {
        self.score
    }

    /// Whether this is the Crawford game (no doubling, D4).
    #[must_use]
    pub const fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// Whether this game comes after the Crawford game: a side is at length − 1 and this is
    /// not the Crawford game (GNU Backgammon's `fPostCrawford`; meaningful under the Crawford
    /// rule).
    #[must_use]
    pub const fn is_post_crawford(&self) -> bool {
        !self.crawford && self.at_match_point()
    }

    /// Whether a side needs one point (in a match of two or more points).
    const fn at_match_point(&self) -> bool {
        self.length >= 2 && (self.score[0] == self.length - 1 || self.score[1] == self.length - 1)
    }
}

/// The score text of section 6 of the rules file, `a-b in N`: White's score, a hyphen,
/// Black's score, ` in ` and the match length, with ` (Crawford)` after it in the Crawford
/// game (D4).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::MatchContext;
/// assert_eq!(MatchContext::new(7, [3, 1], false)?.to_string(), "3-1 in 7");
/// assert_eq!(MatchContext::new(7, [6, 3], true)?.to_string(), "6-3 in 7 (Crawford)");
/// # Ok::<(), lattjo_backgammon::MatchContextError>(())
/// ```
impl fmt::Display for MatchContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [white, black] = self.score;
        write!(f, "{white}-{black} in {}", self.length)?;
        if self.crawford {
            f.write_str(" (Crawford)")?;
        }
        Ok(())
    }
}

/// A text that is not a match score as [`MatchContext`]'s `Display` writes it, or one that
/// names no match.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchContext, MatchContextError, ParseMatchContextError};
/// assert_eq!(
///     "3-1 of 7".parse::<MatchContext>(),
///     Err(ParseMatchContextError::Syntax("3-1 of 7".into()))
/// );
/// assert_eq!(
///     "7-1 in 7".parse::<MatchContext>(),
///     Err(ParseMatchContextError::Invalid(MatchContextError::Score { score: 7, length: 7 }))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMatchContextError {
    /// Not of the form `a-b in N` or `a-b in N (Crawford)` with canonical decimal numbers:
    /// the text, at most 64 characters of it ([`boardgame_core::text::excerpt`]).
    #[error("not a match score (such as \"3-1 in 7\" or \"6-3 in 7 (Crawford)\"): {0:?}")]
    Syntax(String),
    /// The form is right but the numbers name no match: a length of 0 or above 64, a score
    /// not below the length, or a Crawford game with no side at length - 1.
    #[error("not a match score: {0}")]
    Invalid(#[from] MatchContextError),
}

/// Reads what `Display` writes: `a-b in N`, then ` (Crawford)` in the Crawford game. The
/// rules file writes the score with an en dash (`a–b in N`), which is read too. Numbers are
/// canonical decimals (no sign, no leading zero); nothing else may stand around the text.
///
/// # Errors
///
/// [`ParseMatchContextError::Syntax`] for another form, [`ParseMatchContextError::Invalid`]
/// when the numbers fail [`MatchContext::new`].
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchContext, Side};
/// let m: MatchContext = "6-3 in 7 (Crawford)".parse()?;
/// assert_eq!((m.length(), m.score(Side::Black), m.is_crawford()), (7, 3, true));
/// assert_eq!("0–0 in 5".parse::<MatchContext>()?, MatchContext::new(5, [0, 0], false)?);
/// assert!("3-1 in 07".parse::<MatchContext>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl core::str::FromStr for MatchContext {
    type Err = ParseMatchContextError;
    fn from_str(s: &str) -> Result<MatchContext, ParseMatchContextError> {
        let syntax = || ParseMatchContextError::Syntax(boardgame_core::text::excerpt(s));
        let (body, crawford) = match s.strip_suffix(" (Crawford)") {
            Some(body) => (body, true),
            None => (s, false),
        };
        let (scores, length) = body.split_once(" in ").ok_or_else(syntax)?;
        let (white, black) = scores
            .split_once('-')
            .or_else(|| scores.split_once('\u{2013}'))
            .ok_or_else(syntax)?;
        let number = |t: &str| boardgame_core::text::decimal::<u32>(t).ok_or_else(syntax);
        let (white, black, length) = (number(white)?, number(black)?, number(length)?);
        Ok(MatchContext::new(length, [white, black], crawford)?)
    }
}

/// A game in progress or over: the checkers, the phase, the dice, the cube, the result and
/// the match it belongs to.
///
/// `Display` writes the state as an XGID and `FromStr` reads one (see [`State::to_xgid`]);
/// [`State::to_gnubg_id`] and [`State::from_gnubg_id`] do the same with GNU Backgammon's ID.
/// Deserialization (feature `serde`) goes through the same checks as [`State::try_from`] on
/// a [`StateSetup`].
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_backgammon::{Action, Backgammon, Phase, Side, State};
/// let game = Backgammon::default();
/// let mut s: State = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10".parse()?;
/// assert_eq!((s.phase(), s.to_move()), (Phase::Moving, Side::White));
/// let play = s.position().parse_play("13/11 13/8", s.dice().unwrap(), game.rules().single_die)?;
/// game.apply(&mut s, &Action::Play(play))?;
/// assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
/// assert_eq!(s.to_string(), "XGID=-b----E-D--AeC---c-e----B-:0:0:-1:00:0:0:0:0:10");
/// assert_eq!(s.to_string().parse::<State>()?, s);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StateSetup", into = "StateSetup"))]
pub struct State {
    pub(crate) position: Position,
    pub(crate) phase: Phase,
    pub(crate) dice: Option<Dice>,
    pub(crate) cube_log2: u8,
    pub(crate) cube_owner: Option<Side>,
    pub(crate) resign_refused: bool,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) match_context: Option<MatchContext>,
}

/// The fields of a [`State`], unvalidated: build one with `State::try_from(setup)`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Phase, Position, Side, State, StateError, StateSetup};
/// let setup = StateSetup::from(State::default());
/// assert_eq!(setup.phase, Phase::Opening);
/// let no_dice = StateSetup { phase: Phase::Moving, ..setup };
/// assert_eq!(State::try_from(no_dice), Err(StateError::Dice(Phase::Moving)));
/// let moved = StateSetup { position: Position::start(Side::Black), ..setup };
/// assert_eq!(State::try_from(moved), Err(StateError::Opening)); // White rolls first by convention
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StateSetup {
    /// The checkers; the side to move is the player on roll (the doubler while a double is
    /// offered, and while the doubled player's resignation offer instead of an answer waits
    /// ([`Phase::ResignOfferedDoubled`]), the resigner while a resignation is offered
    /// otherwise, the winner or loser as
    /// [`State::position`] says once the game is over).
    pub position: Position,
    /// The phase.
    pub phase: Phase,
    /// The dice to play: `Some` in [`Phase::Moving`], and in [`Phase::ResignOffered`] when the
    /// offer came after the roll (D6); `None` otherwise.
    pub dice: Option<Dice>,
    /// Log2 of the cube value, at most [`MAX_CUBE_LOG2`]. In the opening it counts the
    /// automatic doubles so far (D3).
    pub cube_log2: u8,
    /// The cube owner; `None` while centred.
    pub cube_owner: Option<Side>,
    /// Whether the player to act has had a resignation refused in the decision at hand
    /// (D6): only before the roll ([`Phase::BeforeRoll`]) or the play ([`Phase::Moving`]),
    /// or, with [`Rules::resign_when_doubled`], the answer to a double ([`Phase::Doubled`]),
    /// since it governs only those offers; rolling, doubling, answering a double and playing
    /// clear it, as GNU Backgammon forgets a declined resignation at the next move of the
    /// game.
    pub resign_refused: bool,
    /// The result: `Some` exactly in [`Phase::Over`].
    pub outcome: Option<Outcome>,
    /// The match, or `None` for a money game.
    pub match_context: Option<MatchContext>,
}

/// A [`StateSetup`] that is not a state of any game.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Backgammon, Position, Side, StateError};
/// let mut black = [0u8; 26];
/// black[3] = 1;
/// let won = Position::new(Side::Black, [0; 26], black)?; // White is off
/// assert_eq!(Backgammon::default().state_from(won, None), Err(StateError::Finished(Side::White)));
/// # Ok::<(), lattjo_backgammon::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The cube is above 2^12 ([`MAX_CUBE_LOG2`]).
    #[error("cube 2^{0} is above the largest cube 2^12")]
    Cube(u8),
    /// Dice missing while a play is due, or present outside [`Phase::Moving`] and a
    /// resignation offered after the roll ([`Phase::ResignOffered`]).
    #[error("the dice do not fit the phase {0:?}")]
    Dice(Phase),
    /// An outcome without the game being over, or the reverse.
    #[error("the outcome does not fit the phase {0:?}")]
    OutcomePhase(Phase),
    /// A cube owned at 1: a player owns the cube only after taking a double (B28), which
    /// leaves it at 2 or more; no legal game has an owned cube at 1, and no format writes
    /// one in a way that reads back (FIBS's line has no field for it).
    #[error("an owned cube at 1: the cube is owned only after a double was taken")]
    OwnedCubeAtOne,
    /// Both sides closed out ([`Position::closed_out`]) in a game that goes on: neither side
    /// can ever move again, so the game's checker play would never end (without the cube it
    /// could not end at all). No legal game reaches such a position: a play never leaves its
    /// own player on the bar, and a player who enters opens the other's closed board.
    #[error("both sides are closed out (on the bar against a closed board): no side can ever move")]
    MutualCloseout,
    /// A side has borne off all its checkers but the game is not over (B30, A14).
    #[error("{0} has borne off every checker: the game is over")]
    Finished(Side),
    /// The outcome does not fit the position, the side to move or the cube (winner, kind or
    /// points).
    #[error("the outcome does not fit the position and the cube")]
    Outcome,
    /// The opening roll with checkers off the start, a turned cube, a cube doubled in match
    /// play, or the wrong side to move (White, by convention).
    #[error("the opening roll needs the start position, white to move and a centred cube")]
    Opening,
    /// A turned cube or a double in the Crawford game (D4): pending, or ended by a drop or
    /// by a resignation the doubler accepted.
    #[error("no doubling in the crawford game")]
    Crawford,
    /// A double offered by a player who may not double (B29, A13): pending, or ended by a
    /// drop or by a resignation the doubler accepted.
    #[error("the player on roll cannot have offered this double")]
    Double,
    /// A beaver (D5) in match play, or with no room for the cube to double twice.
    #[error("a beaver needs money play and a cube that can double twice")]
    Beaver,
    /// A refused resignation outside [`Phase::BeforeRoll`], [`Phase::Moving`] and
    /// [`Phase::Doubled`] (the flag governs the offers of the decisions before the roll,
    /// before the play and, with [`Rules::resign_when_doubled`], before the answer to a
    /// double; rolling, doubling, answering and playing clear it).
    #[error(
        "a refused resignation is kept only before the roll, the play or the answer to a double, not in phase {0:?}"
    )]
    ResignRefused(Phase),
}

/// What in a state the game's rules cannot reach, and the option of [`Rules`] it needs:
/// [`Backgammon::check_state`]'s error, which [`Game::apply`] returns as
/// [`PlayError::OtherRules`].
///
/// A state does not carry its rules: the XGID, the GNUBG ID, a FIBS board line, a `.mat`
/// file and an SGF file each name some of them at most. So a state read from one is checked
/// against the rules of the game that plays it, which refuses what those rules could never
/// have produced (a beaver to answer in a game without beavers, a resignation offered in a
/// game without resignations, ...).
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_backgammon::{Action, Backgammon, OtherRulesError, PlayError, Rules};
/// let beavers = Backgammon::new(Rules::standard().with_beavers(true))?;
/// let mut s = beavers.new_initial_state();
/// beavers.apply(&mut s, &Action::Opening { white: 3, black: 1 })?;
/// let play = s.position().parse_play("8/5 6/5", s.dice().unwrap(), beavers.rules().single_die)?;
/// for a in [Action::Play(play), Action::Double, Action::Beaver] {
///     beavers.apply(&mut s, &a)?;
/// }
/// let standard = Backgammon::new(Rules::standard())?;
/// let e = OtherRulesError::NeedsBeavers("a beaver to answer");
/// assert_eq!(standard.check_state(&s), Err(e));
/// assert_eq!(e.to_string(), "a beaver to answer needs beavers (D5)");
/// let before = s;
/// assert_eq!(standard.apply(&mut s, &Action::Take), Err(PlayError::OtherRules(e)));
/// assert_eq!(s, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OtherRulesError {
    /// A cube above 1 or owned, a double offered, or a dropped double, under rules without
    /// the doubling cube ([`Rules::cube`], B25-B29).
    #[error("{0} needs the doubling cube (rules option cube)")]
    NeedsCube(&'static str),
    /// A cube above the rules' limit ([`Rules::max_cube_log2`], A13).
    #[error("cube 2^{cube_log2} is above the cube limit 2^{limit} (max_cube_log2)")]
    CubeAboveLimit {
        /// Log2 of the state's cube.
        cube_log2: u8,
        /// Log2 of the rules' limit.
        limit: u8,
    },
    /// A double offered (or dropped, or a beaver) that takes the cube past the rules' limit
    /// ([`Rules::max_cube_log2`], A10, A13): no double is offered at the limit.
    #[error("{what} needs the cube at 2^{needs}, above the cube limit 2^{limit} (max_cube_log2)")]
    PastCubeLimit {
        /// What in the state: a double offered, a beaver, a dropped double.
        what: &'static str,
        /// Log2 of the cube it needs.
        needs: u8,
        /// Log2 of the rules' limit.
        limit: u8,
    },
    /// A cube above 1 at the opening roll (where it counts the automatic doubles, D3)
    /// beyond the automatic doubles the rules allow in this game: [`Rules::automatic_doubles`]
    /// in money play, none in match play (D5).
    #[error(
        "a cube at 2^{cube_log2} at the opening roll needs {cube_log2} automatic doubles, these rules allow {allowed} in this game (automatic_doubles, money play only)"
    )]
    AutomaticDoubles {
        /// Log2 of the state's cube: the automatic doubles it needs.
        cube_log2: u8,
        /// The automatic doubles the rules allow in this game.
        allowed: u8,
    },
    /// The Crawford game of a match (its [`MatchContext::is_crawford`]) under rules without
    /// the Crawford rule ([`Rules::crawford`], D4).
    #[error("the crawford game needs the crawford rule (D4)")]
    NeedsCrawford,
    /// A beaver to answer ([`Phase::Beavered`]) or a dropped beaver under rules without
    /// beavers ([`Rules::beavers`], D5).
    #[error("{0} needs beavers (D5)")]
    NeedsBeavers(&'static str),
    /// A resignation offered, refused or accepted under rules without resignations
    /// ([`Rules::resignations`], D6).
    #[error("{0} needs resignations (D6)")]
    NeedsResignations(&'static str),
    /// A resignation offered, refused or accepted instead of an answer to a double under
    /// rules without [`Rules::resign_when_doubled`] (D6, A10).
    #[error("{0} needs resign_when_doubled (D6)")]
    NeedsResignWhenDoubled(&'static str),
    /// A gammon or backgammon scored single, played out or resigned, under rules without
    /// the Jacoby rule, or in a game it does not apply to ([`Rules::jacoby`], D5).
    #[error("{0} scored single needs the jacoby rule with the cube centred in money play (D5)")]
    NeedsJacoby(&'static str),
    /// A gammon or backgammon, played out or resigned, scored as such in a money game with
    /// the cube centred, which the Jacoby rule scores single ([`Rules::jacoby`], D5).
    #[error("the jacoby rule scores {0} single with the cube centred in money play (D5)")]
    Jacoby(&'static str),
    /// A roll chosen before the dice ([`Phase::Rolling`]) where the player on roll had no
    /// choice to make and no double was just taken: that needs resignations
    /// ([`Rules::resignations`], D6), or a cube the player could double or the opponent has
    /// just taken ([`Rules::cube`], below [`Rules::max_cube_log2`], not in the Crawford game;
    /// A10).
    #[error(
        "a chosen roll needs a choice before it: resignations, or the cube in use below its limit (a roll is due at once here)"
    )]
    NoChoiceToRoll,
}

impl State {
    /// The checkers; the side to move is the player on roll (see [`StateSetup::position`]).
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice to play: in [`Phase::Moving`], and while a resignation offered after the roll
    /// awaits its answer (D6).
    #[must_use]
    pub const fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The cube value (a power of two, at least 1; D2: the centred cube shows 64 but is worth 1).
    #[must_use]
    pub const fn cube_value(&self) -> u64 {
        1u64 << self.cube_log2
    }

    /// Log2 of the cube value.
    #[must_use]
    pub const fn cube_log2(&self) -> u8 {
        self.cube_log2
    }

    /// Ends the game with a dropped double or beaver (B27, D5): `winner` wins the cube's
    /// value as it stands.
    fn end_by_drop(&mut self, winner: Side) {
        self.outcome = Some(Outcome {
            winner,
            kind: WinKind::Drop,
            points: self.cube_value() as i64,
        });
        self.phase = Phase::Over;
    }

    /// Who owns the cube; `None` while centred.
    #[must_use]
    pub const fn cube_owner(&self) -> Option<Side> {
        self.cube_owner
    }

    /// Whether the player to act has had a resignation refused this turn, so may not offer
    /// another before the next move (D6). Only ever true before the roll
    /// ([`Phase::BeforeRoll`]) or the play ([`Phase::Moving`]), or, with
    /// [`Rules::resign_when_doubled`], the answer to a double ([`Phase::Doubled`]): rolling,
    /// doubling, answering a double and playing clear it.
    #[must_use]
    pub const fn resign_refused(&self) -> bool {
        self.resign_refused
    }

    /// The result, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The match this game belongs to, if any.
    #[must_use]
    pub const fn match_context(&self) -> Option<MatchContext> {
        self.match_context
    }

    /// The side on roll.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.position.to_move
    }

    /// The side whose decision or play is pending: the player on roll before the roll
    /// (whether they have a choice depends on the rules, see [`Phase::BeforeRoll`]) and with
    /// the dice, the opponent while a double or resignation awaits an answer, the player on
    /// roll again while their double's beaver (D5) or the doubled player's resignation offer
    /// ([`Phase::ResignOfferedDoubled`]) does; `None` at the opening roll, while rolling and
    /// at the end.
    #[must_use]
    pub const fn actor(&self) -> Option<Side> {
        match self.phase {
            Phase::BeforeRoll
            | Phase::Moving
            | Phase::Beavered
            | Phase::ResignOfferedDoubled(_) => Some(self.position.to_move),
            Phase::Doubled | Phase::ResignOffered(_) => Some(self.position.to_move.opponent()),
            Phase::Opening | Phase::Rolling | Phase::Over => None,
        }
    }

    /// The fields.
    #[must_use]
    pub const fn setup(&self) -> StateSetup {
        StateSetup {
            position: self.position,
            phase: self.phase,
            dice: self.dice,
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            resign_refused: self.resign_refused,
            outcome: self.outcome,
            match_context: self.match_context,
        }
    }
}

/// The state before the opening roll of a money game under any rules.
impl Default for State {
    fn default() -> State {
        State {
            position: Position::start(Side::White),
            phase: Phase::Opening,
            dice: None,
            cube_log2: 0,
            cube_owner: None,
            resign_refused: false,
            outcome: None,
            match_context: None,
        }
    }
}

/// The kind of a bear-off win over `loser` (B31-B33).
fn bear_off_kind(position: &Position, loser: Side) -> WinKind {
    let lb = &position.board[loser.index()];
    if lb[OFF] > 0 {
        WinKind::Single
    } else if lb[BAR] > 0 || lb[19..=24].iter().any(|&c| c > 0) {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

fn check_state(s: &StateSetup) -> Result<(), StateError> {
    if s.cube_log2 > MAX_CUBE_LOG2 {
        return Err(StateError::Cube(s.cube_log2));
    }
    if s.cube_owner.is_some() && s.cube_log2 == 0 {
        return Err(StateError::OwnedCubeAtOne);
    }
    // The dice are rolled exactly while the play is due, or while a resignation offered
    // after the roll awaits its answer (D6).
    let dice_due = s.phase == Phase::Moving;
    let dice_may = dice_due || matches!(s.phase, Phase::ResignOffered(_));
    if (dice_due && s.dice.is_none()) || (!dice_may && s.dice.is_some()) {
        return Err(StateError::Dice(s.phase));
    }
    if (s.phase == Phase::Over) != s.outcome.is_some() {
        return Err(StateError::OutcomePhase(s.phase));
    }
    let pos = &s.position;
    let cube = 1i64 << s.cube_log2;
    // The Jacoby rule (D5) may have scored a gammon or a resignation single.
    let jacoby_possible = s.match_context.is_none() && s.cube_owner.is_none();
    match s.outcome {
        None => {
            if let Some(w) = pos.winner() {
                return Err(StateError::Finished(w));
            }
            if pos.closed_out(Side::White) && pos.closed_out(Side::Black) {
                return Err(StateError::MutualCloseout);
            }
        }
        Some(o) => {
            let ok = match o.kind {
                WinKind::Single | WinKind::Gammon | WinKind::Backgammon => {
                    let actual = bear_off_kind(pos, o.winner.opponent());
                    pos.winner() == Some(o.winner)
                        && pos.to_move == o.winner
                        && (o.kind == actual || (o.kind == WinKind::Single && jacoby_possible))
                        && o.points == o.kind.multiplier() * cube
                }
                // The doubler wins a dropped double on roll; a dropped beaver (D5) goes to
                // the beaverer, who owns the cube (its value: the double, taken).
                WinKind::Drop => {
                    pos.winner().is_none()
                        && o.points == cube
                        && (pos.to_move == o.winner
                            || (s.match_context.is_none() && s.cube_owner == Some(o.winner)))
                }
                // Resigned by the player on roll, or by the doubled player while the winner's
                // double was pending ([`Rules::resign_when_doubled`]): either side may be on
                // roll.
                WinKind::Resignation(l) => {
                    pos.winner().is_none()
                        && (o.points == l as i64 * cube || (jacoby_possible && o.points == cube))
                }
            };
            if !ok {
                return Err(StateError::Outcome);
            }
        }
    }
    if s.phase == Phase::Opening
        && (*pos != Position::start(Side::White)
            || s.cube_owner.is_some()
            || (s.match_context.is_some() && s.cube_log2 > 0))
    {
        return Err(StateError::Opening);
    }
    // A double pending, or one that ended the game: dropped, or answered by a resignation
    // the doubler (on roll) accepted.
    let doubled = matches!(
        s.phase,
        Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_)
    ) || s.outcome.is_some_and(|o| {
        o.winner == pos.to_move && matches!(o.kind, WinKind::Drop | WinKind::Resignation(_))
    });
    if s.match_context.is_some_and(|m| m.is_crawford())
        && (s.cube_log2 > 0 || s.cube_owner.is_some() || doubled)
    {
        return Err(StateError::Crawford);
    }
    if doubled && (s.cube_owner.is_some_and(|o| o != pos.to_move) || s.cube_log2 >= MAX_CUBE_LOG2) {
        return Err(StateError::Double);
    }
    if s.phase == Phase::Beavered && (s.match_context.is_some() || s.cube_log2 + 2 > MAX_CUBE_LOG2)
    {
        return Err(StateError::Beaver);
    }
    if s.resign_refused && !matches!(s.phase, Phase::BeforeRoll | Phase::Moving | Phase::Doubled) {
        return Err(StateError::ResignRefused(s.phase));
    }
    Ok(())
}

impl TryFrom<StateSetup> for State {
    type Error = StateError;
    fn try_from(s: StateSetup) -> Result<State, StateError> {
        check_state(&s)?;
        Ok(State {
            position: s.position,
            phase: s.phase,
            dice: s.dice,
            cube_log2: s.cube_log2,
            cube_owner: s.cube_owner,
            resign_refused: s.resign_refused,
            outcome: s.outcome,
            match_context: s.match_context,
        })
    }
}

impl From<State> for StateSetup {
    fn from(s: State) -> StateSetup {
        s.setup()
    }
}

/// A move of the game: a chance result, a cube or resignation decision, or a play.
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_backgammon::{Action, Backgammon, Dice, Phase, Play};
/// let game = Backgammon::default();
/// let mut s = game.new_initial_state();
/// game.apply(&mut s, &Action::Opening { white: 3, black: 1 })?; // White starts with 3-1
/// let play = s.position().parse_play("8/5 6/5", Dice::new(3, 1).unwrap(), game.rules().single_die)?;
/// game.apply(&mut s, &Action::Play(play))?;
/// assert_eq!(s.phase(), Phase::BeforeRoll); // Black may double before rolling
/// game.apply(&mut s, &Action::Double)?;
/// game.apply(&mut s, &Action::Take)?;
/// assert_eq!(s.cube_value(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Chance, opening: White's die and Black's die (B3). Ties are re-rolled (A3) and are
    /// outcomes only with automatic doubles.
    Opening {
        /// White's die, 1..=6.
        white: u8,
        /// Black's die, 1..=6.
        black: u8,
    },
    /// Chance: the two dice of the player on roll (B4).
    Dice(Dice),
    /// The player on roll rolls without doubling.
    Roll,
    /// The player on roll offers a double (B26, A10).
    Double,
    /// The opponent accepts the double and owns the cube (B28).
    Take,
    /// The opponent gives up the game at the stake before the double (B27, A11).
    Drop,
    /// Money play with beavers: the opponent takes and redoubles at once, keeping the cube.
    Beaver,
    /// The player on roll offers to resign at this level (D6): before the roll, or with the
    /// dice rolled before the play.
    Resign(ResignLevel),
    /// The opponent accepts the resignation: the game ends.
    AcceptResignation,
    /// The opponent refuses the resignation: play goes on.
    RejectResignation,
    /// The player on roll plays the dice ([`Play::NONE`] when no play is possible, A15).
    Play(Play),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Opening { white, black } => write!(f, "opening {white}-{black}"),
            Action::Dice(d) => write!(f, "roll {d}"),
            Action::Roll => f.write_str("roll"),
            Action::Double => f.write_str("double"),
            Action::Take => f.write_str("take"),
            Action::Drop => f.write_str("drop"),
            Action::Beaver => f.write_str("beaver"),
            Action::Resign(l) => write!(f, "resign {l:?}"),
            Action::AcceptResignation => f.write_str("accept resignation"),
            Action::RejectResignation => f.write_str("reject resignation"),
            Action::Play(p) if p.is_none() => f.write_str("cannot move"),
            Action::Play(p) => {
                for (i, s) in p.steps().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
        }
    }
}

/// An action's text that is not an action: what `Action`'s [`FromStr`](core::str::FromStr)
/// refuses, with the text (at most 64 characters of it).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Action, ParseActionError};
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert!(matches!("roll 7-1".parse::<Action>(), Err(ParseActionError::Dice(_))));
/// assert!(matches!("8/9".parse::<Action>(), Err(ParseActionError::Step(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing given.
    #[error("empty action")]
    Empty,
    /// Not one of the forms `Action`'s `Display` writes.
    #[error(
        "malformed action {0:?}: expected 'opening 3-1', 'roll 6-5', 'roll', 'double', 'take', 'drop', 'beaver', 'resign Single', 'accept resignation', 'reject resignation', 'cannot move' or steps such as '24/18 13/11'"
    )]
    Malformed(String),
    /// Dice that are not two faces from 1 to 6 (`roll 6-5`, either face first), as
    /// [`Dice`]'s `FromStr` reads them.
    #[error("not a roll of two dice: {0:?}")]
    Dice(String),
    /// A step that is not a forward checker movement (`from/to`, points 1 to 24, `bar`, `off`),
    /// as [`Step`](crate::movegen::Step)'s `FromStr` reads them.
    #[error("not a checker movement: {0:?}")]
    Step(String),
    /// More than four steps.
    #[error(transparent)]
    TooManySteps(#[from] crate::movegen::TooManySteps),
}

/// Reads what `Display` writes: `parse(a.to_string()) == a` for every action. The text
/// says nothing of the position, so a play's steps are read as written, in the mover's own
/// numbering; whether the action is legal is the game's to say ([`Backgammon::apply`]). For
/// a play in the notation players write (`24/18/13`, `8/5(2)`), read against its position
/// and dice, see [`Position::parse_play`].
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Action, Dice, Play, ResignLevel, Step};
/// assert_eq!("roll 6-5".parse(), Ok(Action::Dice(Dice::new(6, 5).unwrap())));
/// assert_eq!("resign Gammon".parse(), Ok(Action::Resign(ResignLevel::Gammon)));
/// let play = Play::from_steps(&[Step::new(25, 22).unwrap(), Step::new(6, 0).unwrap()]).unwrap();
/// assert_eq!("bar/22 6/off".parse(), Ok(Action::Play(play)));
/// assert_eq!(Action::Play(play).to_string(), "bar/22 6/off");
/// ```
impl core::str::FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        use boardgame_core::text::excerpt;
        let (words, n) = boardgame_core::text::words::<5>(s);
        let words = &words[..n];
        let malformed = || ParseActionError::Malformed(excerpt(s));
        let pair = |w: &str| -> Option<(u8, u8)> {
            let (a, b) = w.split_once('-')?;
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
            if !digits(a) || !digits(b) {
                return None;
            }
            Some((a.parse().ok()?, b.parse().ok()?))
        };
        match words {
            [] => Err(ParseActionError::Empty),
            ["opening", w] => {
                let (white, black) = pair(w).ok_or_else(malformed)?;
                Ok(Action::Opening { white, black })
            }
            ["roll"] => Ok(Action::Roll),
            ["roll", w] => w
                .parse()
                .map(Action::Dice)
                .map_err(|_| ParseActionError::Dice(excerpt(w))),
            ["double"] => Ok(Action::Double),
            ["take"] => Ok(Action::Take),
            ["drop"] => Ok(Action::Drop),
            ["beaver"] => Ok(Action::Beaver),
            ["resign", level] => ResignLevel::ALL
                .into_iter()
                .find(|l| format!("{l:?}") == *level)
                .map(Action::Resign)
                .ok_or_else(malformed),
            ["accept", "resignation"] => Ok(Action::AcceptResignation),
            ["reject", "resignation"] => Ok(Action::RejectResignation),
            ["cannot", "move"] => Ok(Action::Play(Play::NONE)),
            steps if steps.iter().all(|w| w.contains('/')) => {
                if steps.len() > 4 {
                    let n = s.split_whitespace().count();
                    return Err(crate::movegen::TooManySteps(n).into());
                }
                let mut read = [crate::movegen::Step::UNUSED; 4];
                for (slot, w) in read.iter_mut().zip(steps) {
                    *slot = w.parse().map_err(|_| ParseActionError::Step(excerpt(w)))?;
                }
                Play::from_steps(&read[..steps.len()])
                    .map(Action::Play)
                    .ok_or(ParseActionError::TooManySteps(
                        crate::movegen::TooManySteps(steps.len()),
                    ))
            }
            _ => Err(malformed()),
        }
    }
}

/// Why an action was refused. The state is unchanged.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Action, Backgammon, Game, PlayError};
/// let game = Backgammon::default();
/// let mut s = game.new_initial_state();
/// let before = s;
/// assert_eq!(game.apply(&mut s, &Action::Double), Err(PlayError::ChanceExpected));
/// assert!(matches!(
///     game.apply(&mut s, &Action::Opening { white: 4, black: 4 }),
///     Err(PlayError::BadDice(_)) // ties are re-rolled (A3)
/// ));
/// assert_eq!(s, before);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance result is due (opening roll or dice), not a player's action.
    #[error("the dice must be rolled first")]
    ChanceExpected,
    /// A chance result was given where a player must act.
    #[error("a player must act, not chance")]
    NotChance,
    /// Dice outside 1..=6, or an opening tie where ties are not outcomes.
    #[error("{0} is not a possible roll here")]
    BadDice(String),
    /// The action does not fit the phase (a take with no double offered, a play before the
    /// roll, a double after it). An action the rules lack altogether is refused with its own
    /// error in every phase ([`PlayError::CubeDisabled`], [`PlayError::BeaversDisabled`],
    /// [`PlayError::ResignationsDisabled`]).
    #[error("{action} is not possible now ({phase:?})")]
    NotNow {
        /// The action.
        action: &'static str,
        /// The phase.
        phase: Phase,
    },
    /// The player on roll does not own the cube (B29).
    #[error("only the owner of the cube may double")]
    CubeNotOwned,
    /// No doubling in the Crawford game (D4).
    #[error("no doubling in the crawford game")]
    CrawfordGame,
    /// The rules have no cube.
    #[error("the cube is not in use")]
    CubeDisabled,
    /// The cube is at its limit (A13).
    #[error("the cube is at its limit of 2^{0}")]
    CubeAtLimit(u8),
    /// Beavers are off, this is match play, or the cube would pass its limit.
    #[error("beavers are not allowed")]
    BeaversDisabled,
    /// Resignation offers are off.
    #[error("resignation offers are not allowed")]
    ResignationsDisabled,
    /// A resignation was already refused this turn.
    #[error("a resignation was already refused this turn")]
    ResignationAlreadyRefused,
    /// The play is not one of the legal plays for the dice.
    #[error("{0:?} is not a legal play")]
    IllegalPlay(Play),
    /// The state is not one these rules reach ([`Backgammon::check_state`]): a state of
    /// other rules, refused before anything else.
    #[error("a state of other rules: {0}")]
    OtherRules(OtherRulesError),
}

/// The play list of the last node this thread generated, and the play `sample_action` last
/// chose from it with its result: `legal_actions` or `sample_action` followed by `apply` on
/// the same node generates once and finds the chosen play at once.
struct Scratch {
    list: PlayList,
    chosen: Option<(Play, Position)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const {
        RefCell::new(Scratch {
            list: PlayList::new(),
            chosen: None,
        })
    };
}

fn with_plays<R>(
    pos: &Position,
    dice: Dice,
    policy: SingleDiePolicy,
    f: impl FnOnce(&PlayList, &mut Option<(Play, Position)>) -> R,
) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            let Scratch { list, chosen } = &mut *scratch;
            if !list.is_for(pos, dice, policy) {
                list.generate(pos, dice, policy);
                *chosen = None;
            }
            f(list, chosen)
        }
        Err(_) => {
            let mut list = PlayList::new();
            list.generate(pos, dice, policy);
            f(&list, &mut None)
        }
    })
}

impl Backgammon {
    fn money(&self, s: &State) -> bool {
        s.match_context.is_none()
    }

    /// Why the player on roll may not double now, if so (A10, B29, D4, A13).
    pub(crate) fn double_refusal(&self, s: &State) -> Option<PlayError> {
        if !self.rules.cube {
            return Some(PlayError::CubeDisabled);
        }
        if s.match_context.is_some_and(|m| m.crawford) {
            return Some(PlayError::CrawfordGame);
        }
        if s.cube_owner.is_some_and(|o| o != s.position.to_move) {
            return Some(PlayError::CubeNotOwned);
        }
        let limit = self.rules.cube_limit();
        if s.cube_log2 >= limit {
            return Some(PlayError::CubeAtLimit(limit));
        }
        None
    }

    /// Whether the player on roll has a decision before the roll (a double or a resignation
    /// offer); otherwise [`Phase::BeforeRoll`] is a chance node.
    fn has_pre_roll_choice(&self, s: &State) -> bool {
        self.may_offer_resignation(s) || self.double_refusal(s).is_none()
    }

    /// Whether the player on roll may offer to resign now, before the roll or the play (D6):
    /// the rules allow offers and none was refused since the last move.
    fn may_offer_resignation(&self, s: &State) -> bool {
        self.rules.resignations && !s.resign_refused
    }

    /// Why the player on roll may not offer to resign, before the roll or the play (D6).
    fn resignation_refusal(&self) -> PlayError {
        if self.rules.resignations {
            PlayError::ResignationAlreadyRefused
        } else {
            PlayError::ResignationsDisabled
        }
    }

    /// Why `a` is refused in `phase`, where no arm of `apply` takes it: an action these rules
    /// do not have at all says so (resignations off, no cube, beavers off) wherever a player
    /// acts, as before the roll; an action they have is refused as [`PlayError::NotNow`].
    fn refusal_out_of_phase(&self, phase: Phase, a: &Action) -> PlayError {
        let r = &self.rules;
        match a {
            Action::Resign(_) if !r.resignations => PlayError::ResignationsDisabled,
            Action::Double | Action::Take | Action::Drop | Action::Beaver if !r.cube => {
                PlayError::CubeDisabled
            }
            Action::Beaver if !r.beavers => PlayError::BeaversDisabled,
            _ => PlayError::NotNow {
                action: action_name(a),
                phase,
            },
        }
    }

    fn beaver_allowed(&self, s: &State) -> bool {
        self.rules.beavers && self.money(s) && s.cube_log2 + 2 <= self.rules.cube_limit()
    }

    fn ties_are_outcomes(&self, s: &State) -> bool {
        self.rules.automatic_doubles > 0 && self.rules.cube && self.money(s)
    }

    /// Whether `s` is a chance node whose outcomes are the 21 rolls.
    fn dice_due(&self, s: &State) -> bool {
        match s.phase {
            Phase::Rolling => true,
            Phase::BeforeRoll => !self.has_pre_roll_choice(s),
            _ => false,
        }
    }

    /// Calls `f` with every legal player action of `s`, in the order of
    /// [`Game::legal_actions`] (which collects them), without allocating: the legal-action
    /// mask goes through it too.
    pub(crate) fn for_each_legal(&self, s: &State, mut f: impl FnMut(Action)) {
        if !self.reaches(s) {
            return;
        }
        match s.phase {
            Phase::BeforeRoll => {
                if !self.has_pre_roll_choice(s) {
                    return;
                }
                f(Action::Roll);
                if self.double_refusal(s).is_none() {
                    f(Action::Double);
                }
                if self.may_offer_resignation(s) {
                    for l in ResignLevel::ALL {
                        f(Action::Resign(l));
                    }
                }
            }
            Phase::Doubled => {
                f(Action::Take);
                f(Action::Drop);
                if self.beaver_allowed(s) {
                    f(Action::Beaver);
                }
                // Instead of an answer, as GNU Backgammon allows (D6, A10).
                if self.rules.resign_when_doubled && self.may_offer_resignation(s) {
                    for l in ResignLevel::ALL {
                        f(Action::Resign(l));
                    }
                }
            }
            Phase::Beavered => {
                f(Action::Take);
                f(Action::Drop);
            }
            Phase::ResignOffered(_) | Phase::ResignOfferedDoubled(_) => {
                f(Action::AcceptResignation);
                f(Action::RejectResignation);
            }
            Phase::Moving => {
                if let Some(d) = s.dice {
                    with_plays(&s.position, d, self.rules.single_die, |list, _| {
                        if list.is_empty() {
                            f(Action::Play(Play::NONE));
                        } else {
                            list.plays().for_each(|p| f(Action::Play(p)));
                        }
                    });
                }
                // After the roll, before the play, as GNU Backgammon allows (D6).
                if self.may_offer_resignation(s) {
                    for l in ResignLevel::ALL {
                        f(Action::Resign(l));
                    }
                }
            }
            Phase::Opening | Phase::Rolling | Phase::Over => {}
        }
    }

    /// The state at the start of a game (the opening roll is next), money play when
    /// `match_context` is `None`. A Crawford game ([`MatchContext::is_crawford`]) under rules
    /// without the Crawford rule is a state this game refuses ([`Backgammon::check_state`]).
    #[must_use]
    pub fn new_game(&self, match_context: Option<MatchContext>) -> State {
        State {
            match_context,
            ..State::default()
        }
    }

    /// A money-game state from a position with `dice` to play (or before the roll when
    /// `None`), the cube centred: for analysis and tests.
    ///
    /// # Errors
    ///
    /// [`StateError::Finished`] when a side has already borne off every checker,
    /// [`StateError::MutualCloseout`] when both sides are closed out (a game that could never
    /// end): the checks of every deserialized or imported state.
    pub fn state_from(&self, position: Position, dice: Option<Dice>) -> Result<State, StateError> {
        let mut s = self.new_game(None);
        s.position = position;
        match dice {
            Some(d) => {
                s.dice = Some(d);
                s.phase = Phase::Moving;
            }
            None => self.start_turn(&mut s),
        }
        check_state(&s.setup())?;
        Ok(s)
    }

    fn start_turn(&self, s: &mut State) {
        s.resign_refused = false;
        s.dice = None;
        s.phase = Phase::BeforeRoll;
    }

    /// Points for a game won by bearing off (B30-B34, A14; D5 Jacoby).
    fn score_bear_off(&self, s: &State, winner: Side) -> Outcome {
        let mut kind = bear_off_kind(&s.position, winner.opponent());
        if self.jacoby_applies(s) {
            kind = WinKind::Single;
        }
        Outcome {
            winner,
            kind,
            points: kind.multiplier() * s.cube_value() as i64,
        }
    }

    fn jacoby_applies(&self, s: &State) -> bool {
        self.rules.jacoby && self.money(s) && s.cube_owner.is_none()
    }

    fn roll(&self, s: &mut State, d: Dice) {
        // A refused resignation governs only the decision it interrupted (D6): the play
        // after the roll is a new one, at which the player may offer again.
        s.resign_refused = false;
        s.dice = Some(d);
        s.phase = Phase::Moving;
    }

    fn apply_checked(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        match (s.phase, a) {
            (Phase::Over, _) => Err(PlayError::GameOver),
            (Phase::Opening, Action::Opening { white, black }) => {
                let (w, b) = (*white, *black);
                let Some(dice) = Dice::new(w, b) else {
                    return Err(PlayError::BadDice(format!("{w}-{b}")));
                };
                if w == b {
                    if !self.ties_are_outcomes(s) {
                        return Err(PlayError::BadDice(format!("{w}-{b} (ties are re-rolled)")));
                    }
                    // D3 automatic doubles, up to the agreed number and the cube limit; in
                    // the opening the cube counts them.
                    if s.cube_log2 < self.rules.automatic_doubles
                        && s.cube_log2 < self.rules.cube_limit()
                    {
                        s.cube_log2 += 1;
                    }
                    return Ok(());
                }
                s.position.to_move = if w > b { Side::White } else { Side::Black };
                self.roll(s, dice);
                Ok(())
            }
            (Phase::Rolling, Action::Dice(d)) => {
                self.roll(s, *d);
                Ok(())
            }
            (Phase::BeforeRoll, Action::Dice(d)) if !self.has_pre_roll_choice(s) => {
                self.roll(s, *d);
                Ok(())
            }
            (Phase::Opening | Phase::Rolling, _) => Err(PlayError::ChanceExpected),
            (Phase::BeforeRoll, a) if !self.has_pre_roll_choice(s) => Err(match a {
                // The roll is due because the player has no choice: say why.
                Action::Double => self.double_refusal(s).unwrap_or(PlayError::ChanceExpected),
                Action::Resign(_) => self.resignation_refusal(),
                _ => PlayError::ChanceExpected,
            }),
            (_, Action::Opening { .. } | Action::Dice(_)) => Err(PlayError::NotChance),
            (Phase::BeforeRoll, Action::Roll) => {
                s.resign_refused = false;
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::BeforeRoll, Action::Double) => match self.double_refusal(s) {
                Some(e) => Err(e),
                None => {
                    s.resign_refused = false;
                    s.phase = Phase::Doubled;
                    Ok(())
                }
            },
            // Before the roll, or with the dice rolled before the play (D6; the dice stay).
            (Phase::BeforeRoll | Phase::Moving, Action::Resign(l)) => {
                if self.may_offer_resignation(s) {
                    s.phase = Phase::ResignOffered(*l);
                    Ok(())
                } else {
                    Err(self.resignation_refusal())
                }
            }
            // Instead of an answer to the double (D6, A10), as GNU Backgammon allows.
            (Phase::Doubled, Action::Resign(l)) if self.rules.resign_when_doubled => {
                if self.may_offer_resignation(s) {
                    s.phase = Phase::ResignOfferedDoubled(*l);
                    Ok(())
                } else {
                    Err(self.resignation_refusal())
                }
            }
            (Phase::Doubled, Action::Take) => {
                s.resign_refused = false;
                s.cube_log2 = (s.cube_log2 + 1).min(MAX_CUBE_LOG2);
                s.cube_owner = Some(s.position.to_move.opponent());
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Doubled, Action::Beaver) => {
                if !self.beaver_allowed(s) {
                    return Err(PlayError::BeaversDisabled);
                }
                // The doubler answers the beaver (D5), as GNU Backgammon has it.
                s.resign_refused = false;
                s.phase = Phase::Beavered;
                Ok(())
            }
            (Phase::Beavered, Action::Take) => {
                s.cube_log2 += 2;
                s.cube_owner = Some(s.position.to_move.opponent());
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Beavered, Action::Drop) => {
                // The beaverer had taken the double: the doubler pays it.
                let winner = s.position.to_move.opponent();
                s.cube_log2 += 1;
                s.cube_owner = Some(winner);
                s.end_by_drop(winner);
                Ok(())
            }
            (Phase::Doubled, Action::Drop) => {
                s.resign_refused = false;
                s.end_by_drop(s.position.to_move);
                Ok(())
            }
            (Phase::ResignOffered(l), Action::AcceptResignation) => {
                let mult = if self.jacoby_applies(s) {
                    1
                } else {
                    i64::from(l.multiplier())
                };
                let winner = s.position.to_move.opponent();
                s.outcome = Some(Outcome {
                    winner,
                    kind: WinKind::Resignation(l),
                    points: mult * s.cube_value() as i64,
                });
                s.phase = Phase::Over;
                s.dice = None;
                Ok(())
            }
            // The doubled player's offer: the doubler, on roll, wins the level times the cube
            // as it stands, the double not taken.
            (Phase::ResignOfferedDoubled(l), Action::AcceptResignation) => {
                let mult = if self.jacoby_applies(s) {
                    1
                } else {
                    i64::from(l.multiplier())
                };
                s.outcome = Some(Outcome {
                    winner: s.position.to_move,
                    kind: WinKind::Resignation(l),
                    points: mult * s.cube_value() as i64,
                });
                s.phase = Phase::Over;
                Ok(())
            }
            // Back to the double, which the doubled player now answers.
            (Phase::ResignOfferedDoubled(_), Action::RejectResignation) => {
                s.resign_refused = true;
                s.phase = Phase::Doubled;
                Ok(())
            }
            (Phase::ResignOffered(_), Action::RejectResignation) => {
                // Back to the decision the offer interrupted: the roll, or the play of the
                // dice rolled.
                s.resign_refused = true;
                s.phase = if s.dice.is_some() {
                    Phase::Moving
                } else {
                    Phase::BeforeRoll
                };
                Ok(())
            }
            (Phase::Moving, Action::Play(play)) => self.apply_play(s, play),
            (phase, a) => Err(self.refusal_out_of_phase(phase, a)),
        }
    }

    /// [`Game::apply`] on a state that needs the full check ([`Backgammon::check_state`]).
    #[inline(never)]
    fn apply_checked_fully(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        self.check_state_fully(s).map_err(PlayError::OtherRules)?;
        self.apply_checked(s, a)
    }

    /// Plays `play` in [`Phase::Moving`] (the caller has checked the phase); refuses an
    /// illegal play before changing anything.
    #[inline]
    fn apply_play(&self, s: &mut State, play: &Play) -> Result<(), PlayError> {
        let Some(dice) = s.dice else {
            return Err(PlayError::IllegalPlay(*play));
        };
        let before = s.position;
        let mover = before.to_move;
        let legal = with_plays(&before, dice, self.rules.single_die, |list, chosen| {
            let next = if list.is_empty() {
                play.is_none()
                    .then(|| before.with_to_move(mover.opponent()))
            } else if let Some((p, r)) = *chosen
                && p == *play
            {
                Some(r)
            } else {
                list.contains(play).then(|| before.after(play))
            };
            next.map(|next| s.position = next).is_some()
        });
        if !legal {
            return Err(PlayError::IllegalPlay(*play));
        }
        if s.position.has_won(mover) {
            // A14: the game ends the moment the 15th checker is off. A resignation refused
            // before this play governs nothing now (D6).
            s.resign_refused = false;
            s.position.to_move = mover;
            s.outcome = Some(self.score_bear_off(s, mover));
            s.phase = Phase::Over;
            s.dice = None;
        } else {
            self.start_turn(s);
        }
        Ok(())
    }
}

fn action_name(a: &Action) -> &'static str {
    match a {
        Action::Opening { .. } => "an opening roll",
        Action::Dice(_) => "a roll of the dice",
        Action::Roll => "roll",
        Action::Double => "double",
        Action::Take => "take",
        Action::Drop => "drop",
        Action::Beaver => "beaver",
        Action::Resign(_) => "resign",
        Action::AcceptResignation => "accept resignation",
        Action::RejectResignation => "reject resignation",
        Action::Play(_) => "a play",
    }
}

impl Game for Backgammon {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        2
    }

    fn new_initial_state(&self) -> State {
        self.new_game(None)
    }

    fn turn(&self, s: &State) -> Turn {
        match s.phase {
            Phase::Opening | Phase::Rolling => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::BeforeRoll if !self.has_pre_roll_choice(s) => Turn::Chance,
            _ => match s.actor() {
                Some(side) => Turn::Player(side.seat()),
                None => Turn::Terminal,
            },
        }
    }

    /// Nothing on a state these rules cannot reach ([`Backgammon::check_state`]), where
    /// [`Game::apply`] refuses every action.
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(s, |a| out.push(a));
    }

    fn is_legal(&self, s: &State, a: &Action) -> bool {
        let mut copy = *s;
        self.reaches(s) && self.apply_checked(&mut copy, a).is_ok()
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        if !self.reaches(s) {
            // No action applies to a state these rules cannot reach.
        } else if s.phase == Phase::Opening {
            let ties = self.ties_are_outcomes(s);
            let p = if ties { 1.0 / 36.0 } else { 1.0 / 30.0 };
            for white in 1..=6 {
                for black in 1..=6 {
                    if white != black || ties {
                        out.push((Action::Opening { white, black }, p));
                    }
                }
            }
        } else if self.dice_due(s) {
            out.extend(
                Dice::ALL
                    .iter()
                    .map(|d| (Action::Dice(*d), d.probability())),
            );
        }
        true
    }

    fn sample_chance(&self, s: &State, rng: &mut GameRng) -> Option<Action> {
        if !self.reaches(s) {
            None
        } else if s.phase == Phase::Opening {
            // One draw per roll: the 36 ordered pairs, or the 30 without a tie (A3).
            let (white, black) = if self.ties_are_outcomes(s) {
                let r = rng.below(36) as u8;
                (r / 6 + 1, r % 6 + 1)
            } else {
                let r = rng.below(30) as u8;
                let (white, other) = (r / 5 + 1, r % 5 + 1);
                (white, if other >= white { other + 1 } else { other })
            };
            Some(Action::Opening { white, black })
        } else if self.dice_due(s) {
            let r = rng.below(36) as u8;
            Dice::new(r / 6 + 1, r % 6 + 1).map(Action::Dice)
        } else {
            None
        }
    }

    /// Uniform over [`Game::legal_actions`], without building the action list for plays.
    fn sample_action(&self, s: &State, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if !self.reaches(s) {
            return None;
        }
        if let (Phase::Moving, Some(d)) = (s.phase, s.dice) {
            // The resignation offers come after the plays, as `legal_actions` lists them.
            let offers = if self.may_offer_resignation(s) {
                ResignLevel::ALL.len()
            } else {
                0
            };
            return Some(with_plays(
                &s.position,
                d,
                self.rules.single_die,
                |list, chosen| {
                    // No legal play is one action too, `Play::NONE`. Without offers the draw
                    // is `index(list.len())` as it always was (0, drawing nothing, for none).
                    let plays = list.len().max(1);
                    let i = if offers == 0 {
                        rng.index(list.len())
                    } else {
                        rng.index(plays + offers)
                    };
                    match list.get(i) {
                        Some(play) => {
                            *chosen = Some((play, s.position.after(&play)));
                            Action::Play(play)
                        }
                        None if i < plays => Action::Play(Play::NONE),
                        None => Action::Resign(ResignLevel::ALL[i - plays]),
                    }
                },
            ));
        }
        self.legal_actions(s, buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.index(buf.len());
        Some(buf.swap_remove(i))
    }

    /// # Errors
    ///
    /// [`PlayError::OtherRules`] first, for a state these rules cannot reach
    /// ([`Backgammon::check_state`]); then the action's own refusal. The state is unchanged.
    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        if !self.reaches_at_a_glance(s) {
            return self.apply_checked_fully(s, a);
        }
        // `apply_checked` refuses before it changes anything. The two actions of every turn,
        // the roll and the play, go straight to their arms.
        match (s.phase, a) {
            (Phase::Moving, Action::Play(play)) => self.apply_play(s, play),
            (Phase::BeforeRoll, Action::Dice(d)) if !self.has_pre_roll_choice(s) => {
                self.roll(s, *d);
                Ok(())
            }
            _ => self.apply_checked(s, a),
        }
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        let o = s.outcome?;
        let mut r = BySeat::new(2, -(o.points as f64));
        r[o.winner.seat()] = o.points as f64;
        Some(r)
    }
}

/// A game is a round of a match (`Match<Backgammon>`), so a match in progress deserializes.
impl boardgame_core::RoundState for State {
    fn seats(&self) -> usize {
        2
    }

    fn is_round_over(&self) -> bool {
        self.outcome.is_some()
    }
}

impl Rounds for Backgammon {
    fn round_points(&self, s: &State) -> Option<BySeat<i64>> {
        let o = s.outcome?;
        let mut r = BySeat::new(2, 0i64);
        r[o.winner.seat()] = o.points;
        Some(r)
    }

    /// A match is at most [`MAX_MATCH_LENGTH`] points long (64, GNU Backgammon's limit, which
    /// every match context, ID and match file of this crate shares): `Match::try_new`
    /// refuses a longer one, whose games could not be played under the match rules (D4, D5,
    /// A16; found by an audit: they were played as money games, with the Jacoby rule and
    /// beavers and without a Crawford game).
    fn max_target(&self) -> Option<i64> {
        Some(i64::from(MAX_MATCH_LENGTH))
    }

    /// A game these rules cannot reach ([`Backgammon::check_state`]) is refused, and so is
    /// one out of step with the match (A16): in a match to a target of at most
    /// [`MAX_MATCH_LENGTH`] points, a game without a match context, or whose context has
    /// another length or scores than the match's target and totals (white's score seat 0's);
    /// in a money session (no target), a game of a match. A Crawford game needs the
    /// Crawford rule (D4), which `check_state` asks.
    fn check_round(
        &self,
        round: &State,
        totals: &BySeat<i64>,
        config: &MatchConfig,
    ) -> Result<(), &'static str> {
        if self.check_state(round).is_err() {
            return Err("the game is not one these rules reach");
        }
        let length = config
            .target()
            .and_then(|t| u32::try_from(t).ok())
            .filter(|&t| t <= MAX_MATCH_LENGTH);
        match (length, round.match_context) {
            (None, None) => Ok(()),
            (None, Some(_)) => Err("a game of a match in a money session"),
            (Some(_), None) => Err("a money game in a match"),
            (Some(length), Some(m)) => {
                let score = |seat: u8| {
                    totals
                        .get(Seat::new(seat))
                        .and_then(|&t| u32::try_from(t).ok())
                };
                if m.length() != length {
                    Err("the game's match length is not the match's target")
                } else if [score(0), score(1)]
                    != [Some(m.score(Side::White)), Some(m.score(Side::Black))]
                {
                    Err("the game's match score is not the match's totals")
                } else {
                    Ok(())
                }
            }
        }
    }

    /// A new game of the match: with a target score, standard match play (A16; D4 under the
    /// `crawford` rule: the Crawford game is the first game after a side reached
    /// target − 1, in a match of two points or more); without one, a money game.
    ///
    /// A target above [`MAX_MATCH_LENGTH`] has no match context; `Match` refuses such a
    /// target ([`Rounds::max_target`]), and a caller who builds a round for one anyway gets
    /// a money game.
    fn new_round(&self, ctx: &RoundContext<'_, State>) -> State {
        let Some(length) = ctx
            .config
            .target()
            .and_then(|t| u32::try_from(t).ok())
            .filter(|&t| t <= MAX_MATCH_LENGTH)
        else {
            return self.new_game(None);
        };
        let totals = [ctx.totals[Seat::new(0)], ctx.totals[Seat::new(1)]];
        let (Ok(w), Ok(b)) = (u32::try_from(totals[0]), u32::try_from(totals[1])) else {
            return self.new_game(None);
        };
        let score = [w, b];
        let at_point = |s: [u32; 2]| length >= 2 && s.contains(&(length - 1));
        // The Crawford game follows the game in which a side first reached length - 1: the
        // previous game started with nobody there.
        let before = ctx
            .previous
            .and_then(|p| p.match_context)
            .is_some_and(|m| at_point(m.scores()));
        let crawford = self.rules.crawford && at_point(score) && !before;
        match MatchContext::new(length, score, crawford) {
            Ok(m) => self.new_game(Some(m)),
            Err(_) => self.new_game(None),
        }
    }

    fn match_over(&self, config: &MatchConfig, totals: &BySeat<i64>, rounds_played: u32) -> bool {
        config
            .target()
            .is_some_and(|t| totals.as_slice().iter().any(|&p| p >= t))
            || config.max_rounds().is_some_and(|m| rounds_played >= m)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    /// Section 6 "scores shown as `a–b in N`": every match context there is (each length,
    /// each pair of scores below it, Crawford where a side is at length - 1) writes a text
    /// that reads back to it.
    #[test]
    fn match_score_text_round_trips_for_every_match_context() {
        let mut n = 0;
        for length in 1..=MAX_MATCH_LENGTH {
            for white in 0..length {
                for black in 0..length {
                    for crawford in [false, true] {
                        let Ok(m) = MatchContext::new(length, [white, black], crawford) else {
                            continue;
                        };
                        let text = m.to_string();
                        assert_eq!(text.parse::<MatchContext>(), Ok(m), "{text}");
                        n += 1;
                    }
                }
            }
        }
        // Every pair of scores below each length once, and a Crawford game for each pair
        // with a side at length - 1 (2l - 1 pairs) in matches of 2 or more points.
        let crawford: u32 = (2..=MAX_MATCH_LENGTH).map(|l| 2 * l - 1).sum();
        let plain: u32 = (1..=MAX_MATCH_LENGTH).map(|l| l * l).sum();
        assert_eq!(n, plain + crawford);
    }

    #[test]
    fn match_score_text_refuses_other_forms_and_impossible_matches() {
        let syntax = |t: &str| ParseMatchContextError::Syntax(t.to_owned());
        for bad in [
            "",
            "3-1",
            "3-1 in",
            "in 7",
            "3 1 in 7",
            "3-1 in 7 ",
            " 3-1 in 7",
            "3-1  in 7",
            "3-1 of 7",
            "3-1 IN 7",
            "3-1 in 7 (crawford)",
            "3-1 in 7(Crawford)",
            "3-1 in 7 (Crawford) (Crawford)",
            "03-1 in 7",
            "3-1 in 07",
            "+3-1 in 7",
            "-3-1 in 7",
            "3--1 in 7",
            "3-1-2 in 7",
            "3\u{2014}1 in 7",
            "3\u{2212}1 in 7",
            "३-1 in 7",
            "4294967296-1 in 7",
            "3-1 in 4294967296",
        ] {
            assert_eq!(bad.parse::<MatchContext>(), Err(syntax(bad)), "{bad:?}");
        }
        let long = "9".repeat(100_000) + "-1 in 7";
        match long.parse::<MatchContext>() {
            Err(ParseMatchContextError::Syntax(t)) => {
                assert_eq!(t.chars().count(), boardgame_core::text::EXCERPT_CHARS);
            }
            other => panic!("{other:?}"),
        }
        let invalid = |t: &str| match t.parse::<MatchContext>() {
            Err(ParseMatchContextError::Invalid(e)) => e,
            other => panic!("{t:?}: {other:?}"),
        };
        assert_eq!(invalid("0-0 in 0"), MatchContextError::Length(0));
        assert_eq!(invalid("0-0 in 65"), MatchContextError::Length(65));
        assert_eq!(
            invalid("1-7 in 7"),
            MatchContextError::Score {
                score: 7,
                length: 7
            }
        );
        // D4: no Crawford game in a 1-point match, nor without a side at length - 1.
        assert_eq!(invalid("0-0 in 1 (Crawford)"), MatchContextError::Crawford);
        assert_eq!(invalid("5-5 in 7 (Crawford)"), MatchContextError::Crawford);
        assert_eq!(
            invalid("7-1 in 7").to_string(),
            "score 7 is not below the match length 7"
        );
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::standard()).unwrap();
        v["max_cube_log2"] = 13.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }
}
