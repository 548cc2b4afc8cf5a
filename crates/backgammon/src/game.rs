//! The rules object, the game state with cube and dice, and boardgame-core's `Game` and
//! `Rounds` traits (B3, B4, B25-B35, D2-D6, A3, A10-A16, A18).

use core::cell::RefCell;
use core::fmt;

use boardgame_core::{
    BySeat, Game, GameRng, MatchConfig, Returns, RoundContext, Rounds, Seat, Turn,
};

use crate::board::{BAR, Position, Side};
use crate::ids::{IdGameState, MatchId, MatchIdError, ResignLevel, XgDice, Xgid};
use crate::movegen::{Dice, Play, PlayList, SingleDiePolicy};

/// The largest cube log2 the state stores whatever the options (2^60 keeps 3 x cube in an
/// `i64`); A13 sets no rule limit, this is a representation bound.
pub const CUBE_LOG2_HARD_LIMIT: u8 = 60;

/// Rule options. Build from a preset and change single fields; every combination is valid.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Rules, SingleDiePolicy};
/// // The default is the booklet.
/// assert_eq!(Rules::default(), Rules::lattjo());
/// assert_eq!(Rules::lattjo().single_die, SingleDiePolicy::Lattjo);
/// // A hybrid: standard play of the dice, no Crawford rule.
/// let r = Rules { crawford: false, ..Rules::standard() };
/// assert_eq!(r.single_die, SingleDiePolicy::Standard);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// Off in both presets.
    pub jacoby: bool,
    /// Money play only: a doubled player may beaver (take and redouble at once, keeping the
    /// cube) (D5). Off in both presets.
    pub beavers: bool,
    /// Money play only: each tie on the opening roll doubles the centred cube, at most this
    /// many times per game (D3); 0 = off, the default of both presets.
    pub automatic_doubles: u8,
    /// The largest cube (as log2) a double may reach; `None` = no limit (A13), the default.
    pub max_cube_log2: Option<u8>,
    /// Whether the player on roll may offer to resign a single game, gammon or backgammon
    /// before rolling (D6). Off in both presets, so that random and search players do not
    /// resign at random; available under either.
    pub resignations: bool,
}

impl Rules {
    /// The booklet's rules (the default): [`SingleDiePolicy::Lattjo`], no Crawford rule.
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
        }
    }

    /// Modern tournament and money rules: [`SingleDiePolicy::Standard`], the Crawford rule.
    #[must_use]
    pub const fn standard() -> Rules {
        Rules {
            single_die: SingleDiePolicy::Standard,
            crawford: true,
            ..Rules::lattjo()
        }
    }

    fn cube_limit(&self) -> u8 {
        self.max_cube_log2
            .unwrap_or(CUBE_LOG2_HARD_LIMIT)
            .min(CUBE_LOG2_HARD_LIMIT)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lattjo()
    }
}

/// The game of backgammon under some [`Rules`]: implements boardgame-core's [`Game`] (a
/// money game, or one game of a match through [`Rounds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Backgammon {
    rules: Rules,
}

impl Backgammon {
    /// The game under `rules`.
    #[must_use]
    pub const fn new(rules: Rules) -> Backgammon {
        Backgammon { rules }
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Chance: each player rolls one die (B3, A3).
    Opening,
    /// The player on roll decides before rolling: roll, double (A10) or offer to resign.
    Decide,
    /// Chance: the player on roll rolls two dice (B4).
    Rolling,
    /// The player on roll chooses a play for the dice.
    Moving,
    /// The opponent of the player on roll answers a double: take, drop or beaver.
    Doubled,
    /// The opponent of the player on roll answers a resignation offer.
    ResignOffered(ResignLevel),
    /// The game is over.
    Over,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinKind {
    /// Single game (B31).
    Single,
    /// Gammon (B32).
    Gammon,
    /// Backgammon (B33).
    Backgammon,
    /// The opponent dropped a double (B27).
    Drop,
    /// The opponent's resignation was accepted (D6).
    Resignation(ResignLevel),
}

/// The end of a game: who won, how, and the points (already times the cube).
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

/// The match a game belongs to (standard match play, A16, D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchContext {
    /// Points needed to win the match.
    pub length: i64,
    /// Scores of White and Black before this game.
    pub score: [i64; 2],
    /// Whether this is the Crawford game (no doubling).
    pub crawford: bool,
    /// Whether the Crawford game has been played.
    pub post_crawford: bool,
}

/// A game in progress: the checkers, the dice, the cube, the phase.
///
/// With the `serde` feature, deserialization validates: the position (15 checkers a side,
/// one colour a point), a cube within the representable bound, dice present exactly when a
/// play is due, an outcome exactly when the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StateRepr", into = "StateRepr"))]
pub struct State {
    position: Position,
    phase: Phase,
    dice: Option<Dice>,
    cube_log2: u8,
    cube_owner: Option<Side>,
    automatic_doubles: u8,
    resign_refused: bool,
    outcome: Option<Outcome>,
    match_context: Option<MatchContext>,
}

/// The serialized form of [`State`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
struct StateRepr {
    position: Position,
    phase: Phase,
    dice: Option<Dice>,
    cube_log2: u8,
    cube_owner: Option<Side>,
    automatic_doubles: u8,
    resign_refused: bool,
    outcome: Option<Outcome>,
    match_context: Option<MatchContext>,
}

/// A deserialized [`State`] that breaks an invariant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The cube is above [`CUBE_LOG2_HARD_LIMIT`].
    #[error("cube 2^{0} is above the representable 2^60")]
    Cube(u8),
    /// Dice missing while a play is due, or present otherwise.
    #[error("the dice do not fit the phase {0:?}")]
    Dice(Phase),
    /// An outcome without the game being over, or the reverse, or a non-positive score.
    #[error("the outcome does not fit the phase {0:?}")]
    Outcome(Phase),
}

#[cfg(feature = "serde")]
impl TryFrom<StateRepr> for State {
    type Error = StateError;
    fn try_from(r: StateRepr) -> Result<State, StateError> {
        if r.cube_log2 > CUBE_LOG2_HARD_LIMIT {
            return Err(StateError::Cube(r.cube_log2));
        }
        if (r.phase == Phase::Moving) != r.dice.is_some() {
            return Err(StateError::Dice(r.phase));
        }
        if (r.phase == Phase::Over) != r.outcome.is_some()
            || r.outcome.is_some_and(|o| o.points <= 0)
        {
            return Err(StateError::Outcome(r.phase));
        }
        Ok(State {
            position: r.position,
            phase: r.phase,
            dice: r.dice,
            cube_log2: r.cube_log2,
            cube_owner: r.cube_owner,
            automatic_doubles: r.automatic_doubles,
            resign_refused: r.resign_refused,
            outcome: r.outcome,
            match_context: r.match_context,
        })
    }
}

#[cfg(feature = "serde")]
impl From<State> for StateRepr {
    fn from(s: State) -> StateRepr {
        StateRepr {
            position: s.position,
            phase: s.phase,
            dice: s.dice,
            cube_log2: s.cube_log2,
            cube_owner: s.cube_owner,
            automatic_doubles: s.automatic_doubles,
            resign_refused: s.resign_refused,
            outcome: s.outcome,
            match_context: s.match_context,
        }
    }
}

impl State {
    /// The checkers; the side on roll is the player whose turn it is (or who owns the pending
    /// decision's turn: a double or resignation is answered by the other side).
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice to play, in [`Phase::Moving`].
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

    /// Who owns the cube; `None` while centred.
    #[must_use]
    pub const fn cube_owner(&self) -> Option<Side> {
        self.cube_owner
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

    /// The side that must act now (`None` at chance nodes and at the end).
    #[must_use]
    pub const fn actor(&self) -> Option<Side> {
        match self.phase {
            Phase::Decide | Phase::Moving => Some(self.position.to_move),
            Phase::Doubled | Phase::ResignOffered(_) => Some(self.position.to_move.opponent()),
            Phase::Opening | Phase::Rolling | Phase::Over => None,
        }
    }

    /// The GNU Backgammon Match ID of this state (White is GNUBG's player 0).
    ///
    /// # Errors
    ///
    /// [`MatchIdError`] when the cube is above 2^15 or a score or length above 32767 (A13).
    pub fn match_id(&self) -> Result<MatchId, MatchIdError> {
        let small = |v: i64| {
            u16::try_from(v)
                .ok()
                .filter(|&v| v <= 0x7fff)
                .ok_or(MatchIdError::TooLarge(v as u32))
        };
        let (length, score, crawford) = match self.match_context {
            Some(m) => (
                small(m.length)?,
                [small(m.score[0])?, small(m.score[1])?],
                m.crawford,
            ),
            None => (0, [0, 0], false),
        };
        let game_state = match self.outcome.map(|o| o.kind) {
            None if self.phase == Phase::Opening => IdGameState::NoGame,
            None => IdGameState::Playing,
            Some(WinKind::Drop) => IdGameState::Dropped,
            Some(WinKind::Resignation(_)) => IdGameState::Resigned,
            Some(_) => IdGameState::Over,
        };
        let id = MatchId {
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            on_roll: self.position.to_move,
            crawford,
            game_state,
            turn: self.actor().unwrap_or(self.position.to_move),
            double_offered: self.phase == Phase::Doubled,
            resignation: match self.phase {
                Phase::ResignOffered(l) => Some(l),
                _ => None,
            },
            dice: if self.phase == Phase::Moving {
                self.dice.map(|d| (d.high(), d.low()))
            } else {
                None
            },
            match_length: length,
            score,
        };
        id.encode()?;
        Ok(id)
    }

    /// The XGID of this state (White is the bottom player). The maximum-cube field is the
    /// rules' limit, or 10 (XG's usual 1024) when there is none and the cube is below it.
    #[must_use]
    pub fn xgid(&self, rules: &Rules) -> Xgid {
        let (score, flags, length) = match self.match_context {
            Some(m) => (
                [
                    m.score[0].clamp(0, i64::from(u32::MAX)) as u32,
                    m.score[1].clamp(0, i64::from(u32::MAX)) as u32,
                ],
                u8::from(m.crawford),
                m.length.clamp(0, i64::from(u32::MAX)) as u32,
            ),
            None => (
                [0, 0],
                u8::from(rules.jacoby) | (u8::from(rules.beavers) << 1),
                0,
            ),
        };
        let dice = match self.phase {
            Phase::Moving => self
                .dice
                .map_or(XgDice::NotRolled, |d| XgDice::Rolled(d.high(), d.low())),
            Phase::Doubled => XgDice::Doubled,
            _ => XgDice::NotRolled,
        };
        Xgid {
            position: self.position,
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            dice,
            score,
            flags,
            match_length: length,
            max_cube_log2: rules.max_cube_log2.unwrap_or(10).max(self.cube_log2),
        }
    }
}

/// A move of the game: a chance result, a cube or resignation decision, or a play.
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
    /// The player on roll offers to resign at this level (D6).
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
                    f.write_str(&s.text())?;
                }
                Ok(())
            }
        }
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
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
    /// roll, a double after it).
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
    /// Beavers are off, or this is match play.
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
}

thread_local! {
    static SCRATCH: RefCell<PlayList> = RefCell::new(PlayList::new());
}

fn with_plays<R>(
    pos: &Position,
    dice: Dice,
    policy: SingleDiePolicy,
    f: impl FnOnce(&PlayList) -> R,
) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut list) => {
            // `legal_actions` then `apply` on the same node: generate once.
            if !list.is_for(pos, dice, policy) {
                list.generate(pos, dice, policy);
            }
            f(&list)
        }
        Err(_) => {
            let mut list = PlayList::new();
            list.generate(pos, dice, policy);
            f(&list)
        }
    })
}

impl Backgammon {
    fn money(&self, s: &State) -> bool {
        s.match_context.is_none()
    }

    /// Why the player on roll may not double now, if so (A10, B29, D4, A13).
    fn double_refusal(&self, s: &State) -> Option<ActionError> {
        if !self.rules.cube {
            return Some(ActionError::CubeDisabled);
        }
        if s.match_context.is_some_and(|m| m.crawford) {
            return Some(ActionError::CrawfordGame);
        }
        if s.cube_owner.is_some_and(|o| o != s.position.to_move) {
            return Some(ActionError::CubeNotOwned);
        }
        let limit = self.rules.cube_limit();
        if s.cube_log2 >= limit {
            return Some(ActionError::CubeAtLimit(limit));
        }
        None
    }

    fn beaver_allowed(&self, s: &State) -> bool {
        self.rules.beavers && self.money(s) && s.cube_log2 + 2 <= self.rules.cube_limit()
    }

    fn ties_are_outcomes(&self, s: &State) -> bool {
        self.rules.automatic_doubles > 0 && self.rules.cube && self.money(s)
    }

    /// The state at the start of a game (the opening roll is next).
    #[must_use]
    pub fn new_game(&self, match_context: Option<MatchContext>) -> State {
        State {
            position: Position::start(Side::White),
            phase: Phase::Opening,
            dice: None,
            cube_log2: 0,
            cube_owner: None,
            automatic_doubles: 0,
            resign_refused: false,
            outcome: None,
            match_context,
        }
    }

    /// A state from a position with `dice` to play (or before the roll when `None`), the cube
    /// centred: for analysis and tests.
    #[must_use]
    pub fn state_from(&self, position: Position, dice: Option<Dice>) -> State {
        let mut s = self.new_game(None);
        s.position = position;
        match dice {
            Some(d) => {
                s.dice = Some(d);
                s.phase = Phase::Moving;
            }
            None => self.start_turn(&mut s),
        }
        s
    }

    fn start_turn(&self, s: &mut State) {
        s.resign_refused = false;
        s.dice = None;
        s.phase = if self.double_refusal(s).is_none() || self.rules.resignations {
            Phase::Decide
        } else {
            Phase::Rolling
        };
    }

    /// Points for a game won by bearing off (B30-B34, A14; D5 Jacoby).
    fn score_bear_off(&self, s: &State, winner: Side) -> Outcome {
        let loser = winner.opponent();
        let lb = &s.position.board[loser.index()];
        let mut kind = if lb[0] > 0 {
            WinKind::Single
        } else if lb[BAR] > 0 || lb[19..=24].iter().any(|&c| c > 0) {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        };
        if self.jacoby_applies(s) {
            kind = WinKind::Single;
        }
        let mult = match kind {
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
            _ => 1,
        };
        Outcome {
            winner,
            kind,
            points: mult * s.cube_value() as i64,
        }
    }

    fn jacoby_applies(&self, s: &State) -> bool {
        self.rules.jacoby && self.money(s) && s.cube_owner.is_none()
    }

    fn apply_checked(&self, s: &mut State, a: &Action) -> Result<(), ActionError> {
        match (s.phase, a) {
            (Phase::Over, _) => Err(ActionError::GameOver),
            (Phase::Opening, Action::Opening { white, black }) => {
                let (w, b) = (*white, *black);
                if !(1..=6).contains(&w) || !(1..=6).contains(&b) {
                    return Err(ActionError::BadDice(format!("{w}-{b}")));
                }
                if w == b {
                    if !self.ties_are_outcomes(s) {
                        return Err(ActionError::BadDice(format!(
                            "{w}-{b} (ties are re-rolled)"
                        )));
                    }
                    // D3 automatic doubles, up to the agreed number and the cube limit.
                    if s.automatic_doubles < self.rules.automatic_doubles
                        && s.cube_log2 < self.rules.cube_limit()
                    {
                        s.automatic_doubles += 1;
                        s.cube_log2 += 1;
                    }
                    return Ok(());
                }
                let starter = if w > b { Side::White } else { Side::Black };
                s.position.to_move = starter;
                s.dice = Dice::new(w, b);
                s.phase = Phase::Moving;
                Ok(())
            }
            (Phase::Rolling, Action::Dice(d)) => {
                s.dice = Some(*d);
                s.phase = Phase::Moving;
                Ok(())
            }
            (Phase::Opening | Phase::Rolling, _) => Err(ActionError::ChanceExpected),
            (_, Action::Opening { .. } | Action::Dice(_)) => Err(ActionError::NotChance),
            (Phase::Decide, Action::Roll) => {
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Decide, Action::Double) => match self.double_refusal(s) {
                Some(e) => Err(e),
                None => {
                    s.phase = Phase::Doubled;
                    Ok(())
                }
            },
            (Phase::Decide, Action::Resign(l)) => {
                if !self.rules.resignations {
                    Err(ActionError::ResignationsDisabled)
                } else if s.resign_refused {
                    Err(ActionError::ResignationAlreadyRefused)
                } else {
                    s.phase = Phase::ResignOffered(*l);
                    Ok(())
                }
            }
            (Phase::Doubled, Action::Take) => {
                s.cube_log2 = s.cube_log2.saturating_add(1);
                s.cube_owner = Some(s.position.to_move.opponent());
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Doubled, Action::Beaver) => {
                if !self.beaver_allowed(s) {
                    return Err(ActionError::BeaversDisabled);
                }
                s.cube_log2 = s.cube_log2.saturating_add(2);
                s.cube_owner = Some(s.position.to_move.opponent());
                s.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Doubled, Action::Drop) => {
                let winner = s.position.to_move;
                s.outcome = Some(Outcome {
                    winner,
                    kind: WinKind::Drop,
                    points: s.cube_value() as i64,
                });
                s.phase = Phase::Over;
                Ok(())
            }
            (Phase::ResignOffered(l), Action::AcceptResignation) => {
                let mut mult = i64::from(l.multiplier());
                if self.jacoby_applies(s) {
                    mult = 1;
                }
                let winner = s.position.to_move.opponent();
                s.outcome = Some(Outcome {
                    winner,
                    kind: WinKind::Resignation(l),
                    points: mult * s.cube_value() as i64,
                });
                s.phase = Phase::Over;
                Ok(())
            }
            (Phase::ResignOffered(_), Action::RejectResignation) => {
                s.resign_refused = true;
                s.phase = Phase::Decide;
                Ok(())
            }
            (Phase::Moving, Action::Play(play)) => {
                let Some(dice) = s.dice else {
                    return Err(ActionError::IllegalPlay(*play));
                };
                let found = with_plays(&s.position, dice, self.rules.single_die, |list| {
                    if list.is_empty() {
                        play.is_none()
                            .then(|| s.position.with_to_move(s.position.to_move.opponent()))
                    } else {
                        list.plays()
                            .iter()
                            .position(|p| p == play)
                            .map(|i| list.result(i))
                    }
                });
                let Some(next) = found else {
                    return Err(ActionError::IllegalPlay(*play));
                };
                let mover = s.position.to_move;
                s.position = next;
                if next.has_won(mover) {
                    // A14: the game ends the moment the 15th checker is off.
                    s.position.to_move = mover;
                    s.outcome = Some(self.score_bear_off(s, mover));
                    s.phase = Phase::Over;
                    s.dice = None;
                } else {
                    self.start_turn(s);
                }
                Ok(())
            }
            (phase, a) => Err(ActionError::NotNow {
                action: action_name(a),
                phase,
            }),
        }
    }
}

/// A GNUBG or XG identifier that does not describe a game this crate can continue.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// The Position ID did not decode.
    #[error("position id: {0}")]
    PositionId(#[from] crate::ids::PositionIdError),
    /// The Match ID did not decode.
    #[error("match id: {0}")]
    MatchId(#[from] MatchIdError),
    /// The identifier describes a finished game (its result is not recorded in it).
    #[error("the game is already over")]
    Finished,
    /// A state this crate does not model (an XG beaver or raccoon pending, a cube above 2^60).
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// Dice outside 1..=6.
    #[error("dice {0}-{1} are not a roll")]
    BadDice(u8, u8),
}

impl Backgammon {
    /// The state a GNU Backgammon Position ID and Match ID describe (White is GNUBG's player
    /// 0; the Position ID is read from the side of the player on roll). Resignation and
    /// double offers, dice, cube, Crawford flag and match score are taken over.
    ///
    /// # Errors
    ///
    /// [`ImportError`] when an ID does not decode or the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Backgammon, Phase, Rules, Side};
    /// let g = Backgammon::new(Rules::standard());
    /// let s = g.state_from_gnubg("4HPwATDgc/ABMA", "cAkAAAAAAAAA")?;
    /// assert_eq!(s.to_move(), Side::Black);
    /// assert_eq!(s.phase(), Phase::Decide);
    /// # Ok::<(), lattjo_backgammon::ImportError>(())
    /// ```
    pub fn state_from_gnubg(
        &self,
        position_id: &str,
        match_id: &str,
    ) -> Result<State, ImportError> {
        let m: MatchId = match_id.parse()?;
        let position = Position::from_position_id(position_id, m.on_roll)?;
        let ctx = (m.match_length > 0).then(|| {
            let (len, sc) = (
                i64::from(m.match_length),
                [i64::from(m.score[0]), i64::from(m.score[1])],
            );
            MatchContext {
                length: len,
                score: sc,
                crawford: m.crawford,
                post_crawford: self.rules.crawford
                    && !m.crawford
                    && sc.iter().any(|&x| x == len - 1),
            }
        });
        let mut s = self.new_game(ctx);
        s.position = position;
        s.cube_log2 = m.cube_log2;
        s.cube_owner = m.cube_owner;
        match m.game_state {
            IdGameState::NoGame => {
                s.position.to_move = Side::White;
                return Ok(s);
            }
            IdGameState::Playing => {}
            _ => return Err(ImportError::Finished),
        }
        if m.double_offered {
            s.phase = Phase::Doubled;
        } else if let Some(l) = m.resignation {
            s.phase = Phase::ResignOffered(l);
        } else if let Some((a, b)) = m.dice {
            s.dice = Some(Dice::new(a, b).ok_or(ImportError::BadDice(a, b))?);
            s.phase = Phase::Moving;
        } else {
            self.start_turn(&mut s);
        }
        Ok(s)
    }

    /// The state an XGID describes (White is the bottom player).
    ///
    /// # Errors
    ///
    /// [`ImportError::Unsupported`] for a pending beaver or raccoon or a cube above 2^60.
    pub fn state_from_xgid(&self, x: &Xgid) -> Result<State, ImportError> {
        if x.cube_log2 > CUBE_LOG2_HARD_LIMIT {
            return Err(ImportError::Unsupported("a cube above 2^60"));
        }
        let ctx = (x.match_length > 0).then(|| {
            let len = i64::from(x.match_length);
            let sc = [i64::from(x.score[0]), i64::from(x.score[1])];
            let crawford = x.flags & 1 == 1;
            MatchContext {
                length: len,
                score: sc,
                crawford,
                post_crawford: self.rules.crawford && !crawford && sc.iter().any(|&v| v == len - 1),
            }
        });
        let mut s = self.new_game(ctx);
        s.position = x.position;
        s.cube_log2 = x.cube_log2;
        s.cube_owner = x.cube_owner;
        match x.dice {
            XgDice::NotRolled => self.start_turn(&mut s),
            XgDice::Doubled => s.phase = Phase::Doubled,
            XgDice::Rolled(a, b) => {
                s.dice = Some(Dice::new(a, b).ok_or(ImportError::BadDice(a, b))?);
                s.phase = Phase::Moving;
            }
            XgDice::Beavered | XgDice::Raccooned => {
                return Err(ImportError::Unsupported("a pending beaver or raccoon"));
            }
        }
        Ok(s)
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
    type Error = ActionError;

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
            _ => match s.actor() {
                Some(side) => Turn::Player(side.seat()),
                None => Turn::Terminal,
            },
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        match s.phase {
            Phase::Decide => {
                out.push(Action::Roll);
                if self.double_refusal(s).is_none() {
                    out.push(Action::Double);
                }
                if self.rules.resignations && !s.resign_refused {
                    out.extend(ResignLevel::ALL.map(Action::Resign));
                }
            }
            Phase::Doubled => {
                out.push(Action::Take);
                out.push(Action::Drop);
                if self.beaver_allowed(s) {
                    out.push(Action::Beaver);
                }
            }
            Phase::ResignOffered(_) => {
                out.push(Action::AcceptResignation);
                out.push(Action::RejectResignation);
            }
            Phase::Moving => {
                if let Some(d) = s.dice {
                    with_plays(&s.position, d, self.rules.single_die, |list| {
                        if list.is_empty() {
                            out.push(Action::Play(Play::NONE));
                        } else {
                            out.extend(list.plays().iter().map(|p| Action::Play(*p)));
                        }
                    });
                }
            }
            Phase::Opening | Phase::Rolling | Phase::Over => {}
        }
    }

    fn is_legal(&self, s: &State, a: &Action) -> bool {
        let mut copy = *s;
        self.apply_checked(&mut copy, a).is_ok()
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        match s.phase {
            Phase::Opening => {
                let ties = self.ties_are_outcomes(s);
                let p = if ties { 1.0 / 36.0 } else { 1.0 / 30.0 };
                for white in 1..=6 {
                    for black in 1..=6 {
                        if white != black || ties {
                            out.push((Action::Opening { white, black }, p));
                        }
                    }
                }
            }
            Phase::Rolling => out.extend(
                Dice::ALL
                    .iter()
                    .map(|d| (Action::Dice(*d), d.probability())),
            ),
            _ => {}
        }
        true
    }

    fn sample_chance(&self, s: &State, rng: &mut GameRng) -> Option<Action> {
        match s.phase {
            Phase::Opening => {
                let ties = self.ties_are_outcomes(s);
                loop {
                    let white = rng.below(6) as u8 + 1;
                    let black = rng.below(6) as u8 + 1;
                    if white != black || ties {
                        return Some(Action::Opening { white, black });
                    }
                }
            }
            Phase::Rolling => {
                let a = rng.below(6) as u8 + 1;
                let b = rng.below(6) as u8 + 1;
                Dice::new(a, b).map(Action::Dice)
            }
            _ => None,
        }
    }

    /// Uniform over [`Game::legal_actions`], without building the action list for plays.
    fn sample_action(&self, s: &State, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if let (Phase::Moving, Some(d)) = (s.phase, s.dice) {
            return Some(with_plays(&s.position, d, self.rules.single_die, |list| {
                if list.is_empty() {
                    Action::Play(Play::NONE)
                } else {
                    Action::Play(list.plays()[rng.index(list.len())])
                }
            }));
        }
        self.legal_actions(s, buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.index(buf.len());
        Some(buf.swap_remove(i))
    }

    fn apply(&self, s: &mut State, a: &Action) -> Result<(), ActionError> {
        let mut next = *s;
        self.apply_checked(&mut next, a)?;
        *s = next;
        Ok(())
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        let o = s.outcome?;
        let mut r = BySeat::new(2, -(o.points as f64));
        r[o.winner.seat()] = o.points as f64;
        Some(r)
    }
}

impl Rounds for Backgammon {
    fn round_points(&self, s: &State) -> Option<BySeat<i64>> {
        let o = s.outcome?;
        let mut r = BySeat::new(2, 0i64);
        r[o.winner.seat()] = o.points;
        Some(r)
    }

    /// A new game of the match: with a target score, standard match play (A16, D4: the
    /// Crawford game follows the first game in which a player reached target - 1, when the
    /// rules have `crawford`); without one, a money game.
    fn new_round(&self, ctx: &RoundContext<'_, State>) -> State {
        let Some(length) = ctx.config.target() else {
            return self.new_game(None);
        };
        let score = [ctx.totals[Seat::new(0)], ctx.totals[Seat::new(1)]];
        let prev = ctx.previous.and_then(|p| p.match_context);
        let was = prev.is_some_and(|m| m.crawford || m.post_crawford);
        let at_point = score.iter().any(|&x| x == length - 1);
        let (crawford, post_crawford) = if !self.rules.crawford {
            (false, false)
        } else if was {
            (false, true)
        } else {
            (at_point, false)
        };
        self.new_game(Some(MatchContext {
            length,
            score,
            crawford,
            post_crawford,
        }))
    }

    fn match_over(&self, config: &MatchConfig, totals: &BySeat<i64>, rounds_played: u32) -> bool {
        config
            .target()
            .is_some_and(|t| totals.as_slice().iter().any(|&p| p >= t))
            || config.max_rounds().is_some_and(|m| rounds_played >= m)
    }
}
