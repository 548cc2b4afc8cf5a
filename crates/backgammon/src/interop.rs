//! A [`State`] as an XGID (its `Display` and `FromStr`) and as a GNU Backgammon ID.

use core::fmt;
use core::str::FromStr;

use crate::board::{Position, Side};
use crate::game::{
    Backgammon, MatchContext, MatchContextError, Phase, Rules, State, StateError, StateSetup,
    WinKind,
};
use crate::ids::{
    GnubgId, GnubgIdError, IdGameState, MAX_CUBE_LOG2, MatchId, MatchIdSetup, XgDice, Xgid,
    XgidError, XgidSetup,
};

/// An XGID or GNU Backgammon ID that does not describe a game this crate can continue.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{ImportError, State};
/// // White (the bottom player) has borne off everything: the game is over.
/// let r = "XGID=a-------------------------:0:0:1:00:0:0:0:0:10".parse::<State>();
/// assert_eq!(r, Err(ImportError::Finished));
/// assert!(matches!("XGID=junk".parse::<State>(), Err(ImportError::Xgid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// The XGID did not read.
    #[error("xgid: {0}")]
    Xgid(#[from] XgidError),
    /// The GNUBG ID did not read.
    #[error("gnubg id: {0}")]
    GnubgId(#[from] GnubgIdError),
    /// The FIBS board line did not read.
    #[error("fibs board: {0}")]
    Fibs(#[from] crate::fibs::FibsBoardError),
    /// The game is over: a side has borne off every checker, or the Match ID's game has
    /// ended. A finished game is not imported (there is nothing left to play, and neither
    /// format says everything about how it ended).
    #[error("the game is already over")]
    Finished,
    /// A situation this crate does not model. No import returns it at present: the one it
    /// named, a resignation offered while a double is pending, reads as
    /// [`Phase::ResignOfferedDoubled`].
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// Fields that contradict each other (the player to act, a position other than the start
    /// before the first game, ...).
    #[error("inconsistent: {0}")]
    Inconsistent(&'static str),
    /// The match fields do not make a match context.
    #[error(transparent)]
    Match(#[from] MatchContextError),
    /// The fields do not make a state (a cube above 2^12, a double the player cannot offer,
    /// doubling in the Crawford game, ...).
    #[error(transparent)]
    State(#[from] StateError),
}

/// The match context of an ID: Crawford as flagged (GNU Backgammon's rule for what follows:
/// a side at length − 1 and no Crawford flag is post-Crawford).
fn context(
    length: u32,
    score: [u32; 2],
    crawford: bool,
) -> Result<Option<MatchContext>, ImportError> {
    if length == 0 {
        return Ok(None);
    }
    Ok(Some(MatchContext::new(length, score, crawford)?))
}

/// What a state's XGID and GNUBG ID write for rule fields: `None` writes the neutral values
/// (no Jacoby, no beavers, maximum cube 2^10 or the cube).
fn xgid_of(s: &State, rules: Option<&Rules>) -> Xgid {
    let m = s.match_context;
    let money = m.is_none();
    let dice = match (s.phase, s.dice) {
        // A resignation offered after the roll is written as the state it interrupted.
        (Phase::Moving | Phase::ResignOffered(_), Some(d)) => XgDice::Rolled(d.high(), d.low()),
        // A beaver to answer (D5) is written as the double before it, a resignation offered
        // instead of an answer to a double as that double.
        (Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_), _) => XgDice::Doubled,
        _ => XgDice::NotRolled,
    };
    let doubled = u8::from(matches!(
        s.phase,
        Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_)
    ));
    let max = rules
        .and_then(|r| r.max_cube_log2)
        .unwrap_or(10)
        .max(s.cube_log2 + doubled);
    let setup = XgidSetup {
        position: s.position,
        cube_log2: s.cube_log2,
        cube_owner: s.cube_owner,
        dice,
        score: m.map_or([0, 0], |m| m.scores()),
        crawford: m.is_some_and(|m| m.is_crawford()),
        jacoby: money && rules.is_some_and(|r| r.jacoby),
        beavers: money && rules.is_some_and(|r| r.beavers),
        match_length: m.map_or(0, |m| m.length()),
        max_cube_log2: max,
    };
    debug_assert!(Xgid::try_from(setup).is_ok(), "{setup:?}");
    Xgid::from_valid(setup)
}

/// A state's GNUBG ID as GNU Backgammon shows it after `set xgid` with the state's XGID: the
/// players swapped when Black (the XGID's top player) is on roll.
fn gnubg_of(s: &State, rules: Option<&Rules>) -> GnubgId {
    let id = gnubg_unswapped_of(s, rules);
    if s.position.to_move == Side::Black {
        id.swap_players()
    } else {
        id
    }
}

/// A state's GNUBG ID with White as GNUBG's player 1 and Black as its player 0.
fn gnubg_unswapped_of(s: &State, rules: Option<&Rules>) -> GnubgId {
    let m = s.match_context;
    let money = m.is_none();
    let mut score = m.map_or([0, 0], |m| m.scores());
    let mut position = s.position;
    let on_roll = s.position.to_move;
    let (game_state, turn, resignation) = match (s.phase, s.outcome) {
        (Phase::Opening, _) => (IdGameState::NoGame, on_roll, None),
        (Phase::Doubled | Phase::Beavered, _) => (IdGameState::Playing, on_roll.opponent(), None),
        (Phase::ResignOffered(l), _) => (IdGameState::Playing, on_roll.opponent(), Some(l)),
        // The doubled player's offer: the doubler answers it (GNUBG's own ID of it).
        (Phase::ResignOfferedDoubled(l), _) => (IdGameState::Playing, on_roll, Some(l)),
        (Phase::Over, Some(o)) => {
            // GNU Backgammon adds the points to the winner's score as the game ends.
            score[o.winner.index()] += o.points.clamp(0, 3 << 12) as u32;
            match o.kind {
                WinKind::Drop => (IdGameState::Dropped, on_roll.opponent(), None),
                WinKind::Resignation(l) => (IdGameState::Resigned, on_roll.opponent(), Some(l)),
                // After the last play GNUBG has passed the roll: the loser is on roll.
                _ => {
                    position.to_move = on_roll.opponent();
                    (IdGameState::Over, on_roll.opponent(), None)
                }
            }
        }
        _ => (IdGameState::Playing, on_roll, None),
    };
    let setup = MatchIdSetup {
        cube_log2: s.cube_log2,
        cube_owner: s.cube_owner,
        on_roll: position.to_move,
        crawford: m.is_some_and(|m| m.is_crawford()),
        game_state,
        turn,
        double_offered: matches!(
            s.phase,
            Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_)
        ),
        resignation,
        // With the dice to play, or a resignation offered after the roll (D6).
        dice: s.dice,
        match_length: m.map_or(0, |m| m.length()),
        score,
        jacoby: money && rules.is_some_and(|r| r.jacoby),
    };
    debug_assert!(MatchId::try_from(setup).is_ok(), "{setup:?}");
    GnubgId::new(position, MatchId::from_valid(setup))
}

impl State {
    /// The XGID of this state, without rule fields: no Jacoby or beaver flag, and the maximum
    /// cube 2^10 (XG's usual) or the cube if larger. [`Backgammon::xgid`] writes the rules'
    /// own. This is the text `Display` writes.
    ///
    /// An XGID records the position, the cube, the dice (or a double offered), the match
    /// score and the Crawford flag. Reading it back gives the same state, whole, for every
    /// state with dice to play ([`Phase::Moving`]), with a double offered ([`Phase::Doubled`])
    /// and before the roll ([`Phase::BeforeRoll`]) unless the player on roll has just had a
    /// resignation refused (the only states that carry [`State::resign_refused`], which no
    /// format records; rolling, doubling and playing clear it). The other phases are written
    /// as the nearest: the opening roll as the start before White's roll, a chosen roll as the
    /// state before the roll, a pending resignation as the state it interrupted (before the
    /// roll, or with the dice to play), a beaver to answer ([`Phase::Beavered`]) as
    /// the double before it, a finished game as its final position (which reads back as an
    /// error when a side has borne off everything).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Backgammon, Dice, Position, Side};
    /// let game = Backgammon::default();
    /// let s = game.state_from(Position::start(Side::White), Dice::new(5, 2))?;
    /// assert_eq!(s.to_xgid().to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10");
    /// # Ok::<(), lattjo_backgammon::StateError>(())
    /// ```
    #[must_use]
    pub fn to_xgid(&self) -> Xgid {
        xgid_of(self, None)
    }

    /// The GNU Backgammon ID (`PositionID:MatchID`) of this state as GNU Backgammon numbers
    /// the players after `set xgid` with the state's XGID, with the Jacoby flag off
    /// ([`Backgammon::gnubg_id`] writes the rules' own).
    ///
    /// GNUBG's `set xgid` makes the XGID's bottom player (White) its player 1 and, when the
    /// top player (Black) is on roll, swaps the players by default (see
    /// `MatchId::from(&Xgid)`), so that the player on roll is its player 1. This ID does the
    /// same: with White on roll it is [`State::to_gnubg_id_unswapped`], with Black on roll
    /// that ID with the players exchanged ([`GnubgId::swap_players`]). For a state before the
    /// roll or with dice to play it equals `GnubgId::from(&state.to_xgid())` (checked against
    /// GNU Backgammon 1.07.001's `set xgid`); the phases an XGID cannot hold are written as
    /// GNUBG's Match ID holds them (no game started, a double or resignation offered, the
    /// game over). GNUBG's `set xgid` and `set gnubgid` step a pending double or resignation
    /// back to the decision before it.
    ///
    /// GNUBG's player 1 reads back as White ([`State::from_gnubg_id`]), so with Black on roll
    /// this ID reads back as the same game with the colours, scores and cube owner exchanged.
    /// [`State::to_gnubg_id_unswapped`] reads back as this very state.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{GnubgId, Side, State, Xgid};
    /// // Black (the top player) on roll with 3-1 at 2-4 in a 7-point match, owning the cube at 2.
    /// let x = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:4:0:7:10";
    /// let s: State = x.parse()?;
    /// let id = s.to_gnubg_id();
    /// assert_eq!(id.to_string(), "4HPwATDgc/ABMA:UYnlACAAIAAE"); // as GNU Backgammon 1.07 shows it
    /// assert_eq!(id, GnubgId::from(&x.parse::<Xgid>()?));
    /// assert_eq!(id.match_id().on_roll(), Side::White); // GNUBG's player 1
    /// // Read back: the same game with the players exchanged.
    /// let back = State::try_from(&id)?;
    /// assert_eq!(*back.position(), s.position().swap_colours());
    /// assert_eq!(back.cube_owner(), Some(Side::White));
    /// // The unswapped ID reads back as the state itself.
    /// assert_eq!(s.to_gnubg_id_unswapped().to_string(), "4HPwATDgc/ABMA:AYHlAEAAEAAE");
    /// assert_eq!(State::try_from(&s.to_gnubg_id_unswapped())?, s);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_gnubg_id(&self) -> GnubgId {
        gnubg_of(self, None)
    }

    /// The GNU Backgammon ID of this state with White as GNUBG's player 1 and Black as its
    /// player 0 whoever is on roll: what GNUBG shows after `set xgid` with the state's XGID
    /// when it does not swap the players (`set confirm default no`); the same as
    /// [`State::to_gnubg_id`] when White is on roll. The Jacoby flag is off
    /// ([`Backgammon::gnubg_id_unswapped`] writes the rules' own).
    ///
    /// The Match ID records everything an XGID does and also the opening roll (no game
    /// started), a pending resignation and a finished game (as GNU Backgammon writes it: the
    /// points already added to the winner's score). Reading it back
    /// ([`State::from_gnubg_id`]) gives the same state, whole, for every state except a chosen
    /// roll (read as before the roll), a refused resignation (read without it, before the
    /// roll or with the dice to play), a beaver to answer ([`Phase::Beavered`], written and
    /// read as the double before it) and a finished game (refused).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::State;
    /// let s = State::from_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAE")?;
    /// assert_eq!(s.to_gnubg_id_unswapped().to_string(), "4HPwATDgc/ABMA:cAkAAAAAAAAE");
    /// assert_eq!(State::try_from(&s.to_gnubg_id_unswapped())?, s);
    /// # Ok::<(), lattjo_backgammon::ImportError>(())
    /// ```
    #[must_use]
    pub fn to_gnubg_id_unswapped(&self) -> GnubgId {
        gnubg_unswapped_of(self, None)
    }

    /// The state a GNU Backgammon ID (`PositionID:MatchID`, as `set gnubgid` takes it)
    /// describes, GNUBG's player 1 (its bottom player) as White; see
    /// `State::try_from(&GnubgId)`.
    ///
    /// # Errors
    ///
    /// [`ImportError`] when the text is not a GNUBG ID or the ID not a game to continue.
    pub fn from_gnubg_id(text: &str) -> Result<State, ImportError> {
        let id: GnubgId = text.parse()?;
        State::try_from(&id)
    }
}

impl Backgammon {
    /// The XGID of `state` with the rule fields of this game: the Jacoby and beaver flags in
    /// money play and the maximum cube (10 when the rules have none).
    #[must_use]
    pub fn xgid(&self, state: &State) -> Xgid {
        xgid_of(state, Some(self.rules()))
    }

    /// The GNU Backgammon ID of `state` with the Jacoby flag of this game (money play), the
    /// players numbered as GNUBG numbers them after `set xgid` (see [`State::to_gnubg_id`]:
    /// with Black on roll, the players are swapped).
    #[must_use]
    pub fn gnubg_id(&self, state: &State) -> GnubgId {
        gnubg_of(state, Some(self.rules()))
    }

    /// The GNU Backgammon ID of `state` with the Jacoby flag of this game (money play), White
    /// as GNUBG's player 1 whoever is on roll (see [`State::to_gnubg_id_unswapped`]).
    #[must_use]
    pub fn gnubg_id_unswapped(&self, state: &State) -> GnubgId {
        gnubg_unswapped_of(state, Some(self.rules()))
    }
}

impl Xgid {
    /// The rules this XGID's rule fields describe, `base` giving what an XGID does not
    /// record (the single-die policy, automatic doubles, resignations): in money play the
    /// Jacoby rule and beavers as field 7 says, in match play the Crawford rule on when this
    /// is the Crawford game (an XGID cannot say that the rule is off), and the maximum cube
    /// of field 10 (at most 2^12, this crate's own limit; XG writes 10 for its default
    /// 1024). The cube is turned on when the XGID uses it (a cube above 1, a double
    /// offered, the Jacoby rule or beavers). Play the state ([`State::try_from`]) under
    /// these rules, and the game plays the cube by the rules the XGID records.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Backgammon, Rules, State, Xgid};
    /// // A money game with the Jacoby rule and beavers, the cube at most 2^6.
    /// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:3:0:6".parse()?;
    /// let rules = x.rules(&Rules::standard());
    /// assert!(rules.jacoby && rules.beavers);
    /// assert_eq!(rules.max_cube_log2, Some(6));
    /// let game = Backgammon::new(rules)?;
    /// let state = State::try_from(&x)?;
    /// assert_eq!(game.check_state(&state), Ok(()));
    /// assert_eq!(game.xgid(&state), x); // the rule fields write back
    /// // The Crawford game of a 7-point match turns on the Crawford rule the booklet lacks.
    /// let c: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:6:1:7:10".parse()?;
    /// assert!(!Rules::lattjo().crawford && c.rules(&Rules::lattjo()).crawford);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self, base: &Rules) -> Rules {
        let mut r = *base;
        if self.match_length() == 0 {
            r.jacoby = self.jacoby();
            r.beavers = self.beavers();
        } else {
            r.crawford |= self.crawford();
        }
        r.cube |= r.jacoby || r.beavers || self.cube_log2() > 0 || self.dice() == XgDice::Doubled;
        r.max_cube_log2 = Some(self.max_cube_log2().min(MAX_CUBE_LOG2));
        debug_assert!(r.validate().is_ok(), "{r:?}");
        r
    }
}

impl MatchId {
    /// The rules this Match ID's fields describe, `base` giving what a Match ID does not
    /// record (beavers, the maximum cube, automatic doubles, resignations, ...): in money
    /// play the Jacoby rule as bit 66 says, in match play the Crawford rule on when this is
    /// the Crawford game (a Match ID cannot say that the rule is off). The cube is turned on
    /// when the ID uses it (a cube above 1, a double offered, the Jacoby rule), and a limit in
    /// `base` below the ID's cube is lifted to it (at most to 2^12, this crate's own limit:
    /// the state of an ID with a larger cube is refused).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{GnubgId, Rules};
    /// // GNU Backgammon's money game with the Jacoby rule (its default).
    /// let id: GnubgId = "4HPwATDgc/ABMA:cAkAAAAAAAAA".parse()?;
    /// assert!(id.match_id().rules(&Rules::standard()).jacoby);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self, base: &Rules) -> Rules {
        let mut r = *base;
        if self.match_length() == 0 {
            r.jacoby = self.jacoby();
        } else {
            r.crawford |= self.crawford();
        }
        r.cube |= r.jacoby || self.cube_log2() > 0 || self.double_offered();
        // A Match ID holds a cube up to 2^15, no state one above 2^12 (`State::try_from`).
        let cube = self.cube_log2().min(MAX_CUBE_LOG2);
        r.max_cube_log2 = r.max_cube_log2.map(|m| m.max(cube));
        debug_assert!(r.validate().is_ok(), "{r:?}");
        r
    }
}

/// The state an XGID describes: before the roll (`00`), with the dice to play, or with a
/// double offered (`D`), in the match its fields describe. The rule fields (Jacoby, beavers,
/// maximum cube) belong to the [`Backgammon`] the state is played under, not to the state:
/// [`Xgid::rules`] reads them.
///
/// # Errors
///
/// [`ImportError::Finished`] when a side has borne off every checker; [`ImportError::State`]
/// when the fields make no state.
impl TryFrom<&Xgid> for State {
    type Error = ImportError;
    fn try_from(x: &Xgid) -> Result<State, ImportError> {
        let position = *x.position();
        if position.winner().is_some() {
            return Err(ImportError::Finished);
        }
        let (phase, dice) = match x.dice() {
            XgDice::NotRolled => (Phase::BeforeRoll, None),
            XgDice::Doubled => (Phase::Doubled, None),
            XgDice::Rolled(a, b) => (Phase::Moving, crate::Dice::new(a, b)),
        };
        let setup = StateSetup {
            position,
            phase,
            dice,
            cube_log2: x.cube_log2(),
            cube_owner: x.cube_owner(),
            resign_refused: false,
            outcome: None,
            match_context: context(
                x.match_length(),
                [x.score(Side::White), x.score(Side::Black)],
                x.crawford(),
            )?,
        };
        Ok(State::try_from(setup)?)
    }
}

/// The state a GNU Backgammon ID describes, GNUBG's player 1 (its bottom player) as White and
/// player 0 as Black. GNUBG's game states map to phases: no game
/// started is the opening roll (the position must be the start), a game in play is before
/// the roll, with the dice to play, with a double offered, with a resignation offered before
/// the roll or after it (D6), or with a resignation offered by the doubled player instead of
/// an answer to the double, the doubler to answer it ([`Phase::ResignOfferedDoubled`], as
/// GNU Backgammon writes it: the double and the offer both set, the turn back at the
/// player on roll). The money-session score and the Jacoby flag are not part of a state.
///
/// # Errors
///
/// [`ImportError::Finished`] for an ended game or a side with every checker off;
/// [`ImportError::Inconsistent`] when the player to act does not fit the rest.
impl TryFrom<&GnubgId> for State {
    type Error = ImportError;
    fn try_from(id: &GnubgId) -> Result<State, ImportError> {
        let m = id.match_id();
        let mut position = *id.position();
        if m.game_state().is_ended() || position.winner().is_some() {
            return Err(ImportError::Finished);
        }
        let match_context = context(
            m.match_length(),
            [m.score(Side::White), m.score(Side::Black)],
            m.crawford(),
        )?;
        let on_roll = m.on_roll();
        let (phase, dice) = if m.game_state() == IdGameState::NoGame {
            if position.board != Position::start(Side::White).board
                || m.dice().is_some()
                || m.double_offered()
                || m.resignation().is_some()
            {
                return Err(ImportError::Inconsistent(
                    "no game has started but the board, dice or offers say otherwise",
                ));
            }
            position.to_move = Side::White;
            (Phase::Opening, None)
        } else {
            // A pending double passes the turn to the doubled player, a pending resignation
            // to the resigner's opponent: with both (GNUBG lets the doubled player offer to
            // resign instead of answering) the doubler answers the offer.
            let expect_turn = if m.double_offered() != m.resignation().is_some() {
                on_roll.opponent()
            } else {
                on_roll
            };
            if m.turn() != expect_turn {
                return Err(ImportError::Inconsistent("the player to act"));
            }
            match (m.resignation(), m.double_offered(), m.dice()) {
                // Before the roll, or after it (D6: the dice stay to play).
                (Some(l), false, dice) => (Phase::ResignOffered(l), dice),
                // The doubled player's offer instead of an answer (GNU Backgammon allows it;
                // here under `Rules::resign_when_doubled`).
                (Some(l), true, None) => (Phase::ResignOfferedDoubled(l), None),
                (Some(_), true, Some(_)) => {
                    return Err(ImportError::Inconsistent("a double offered after the roll"));
                }
                (None, true, None) => (Phase::Doubled, None),
                (None, true, Some(_)) => {
                    return Err(ImportError::Inconsistent("a double offered after the roll"));
                }
                (None, false, Some(d)) => (Phase::Moving, Some(d)),
                (None, false, None) => (Phase::BeforeRoll, None),
            }
        };
        let setup = StateSetup {
            position,
            phase,
            dice,
            cube_log2: m.cube_log2(),
            cube_owner: m.cube_owner(),
            resign_refused: false,
            outcome: None,
            match_context,
        };
        Ok(State::try_from(setup)?)
    }
}

/// Writes the state's XGID ([`State::to_xgid`]).
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_xgid(), f)
    }
}

/// Reads an XGID (`State::try_from(&Xgid)`).
impl FromStr for State {
    type Err = ImportError;
    fn from_str(s: &str) -> Result<State, ImportError> {
        let x: Xgid = s.parse()?;
        State::try_from(&x)
    }
}
