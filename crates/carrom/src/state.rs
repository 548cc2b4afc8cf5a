//! The board state: pieces on the board or in pockets, debts, the queen, whose turn, the
//! break, and the setup type that validates a constructed position.

use boardgame_core::Seat;
use disc_physics::Vec2;
use disc_physics::limits::plain;

use crate::geometry::{
    HALF_SIZE, PIECE_RADIUS, POCKET_RADIUS, STRIKER_RADIUS, Side, formation_breaker_frame,
    pocket_centres,
};
use crate::rules::{Rules, TurnDirection};
use crate::stroke::{Stroke, StrokeError};

/// Number of pieces: the queen and 9 men of each colour.
pub const PIECES: usize = 19;
/// Men of one colour.
pub const MEN_PER_COLOUR: u8 = 9;

/// The colour of the carrom men.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour};
/// let game = Carrom::default();
/// let state = game.initial_state(Seat::new(1))?;
/// assert_eq!(state.colour_of(1), Colour::White);
/// assert_eq!(Colour::White.other(), Colour::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// The colour that breaks (C3).
    White,
    /// The other colour.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    const fn idx(self) -> usize {
        self as usize
    }
}

/// One of the 19 pieces: 0 is the queen, 1-9 the white men, 10-18 the black men.
///
/// With the `serde` feature it serializes as its number and deserializes only from 0-18.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Colour, Piece};
/// let man = Piece::man(Colour::Black, 2).ok_or("no such man")?;
/// assert_eq!(man.id(), 12);
/// assert_eq!(man.colour(), Some(Colour::Black));
/// assert_eq!(Piece::QUEEN.colour(), None);
/// assert!(Piece::new(19).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Piece(u8);

/// A piece number that is not 0-18.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Piece, PieceError};
/// let e: PieceError = Piece::try_from(20u8).unwrap_err();
/// assert_eq!(e.0, 20);
/// assert_eq!(Piece::try_from(0u8), Ok(Piece::QUEEN));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no piece {0} (pieces are 0-18)")]
#[non_exhaustive]
pub struct PieceError(pub u8);

impl TryFrom<u8> for Piece {
    type Error = PieceError;
    fn try_from(id: u8) -> Result<Piece, PieceError> {
        Piece::new(id).ok_or(PieceError(id))
    }
}

impl From<Piece> for u8 {
    fn from(p: Piece) -> u8 {
        p.0
    }
}

impl Piece {
    /// The red queen.
    pub const QUEEN: Piece = Piece(0);

    /// Piece number `id` if it is below 19.
    #[must_use]
    pub const fn new(id: u8) -> Option<Piece> {
        if (id as usize) < PIECES {
            Some(Piece(id))
        } else {
            None
        }
    }

    /// The `i`-th man (0-8) of `colour`, or `None` for `i > 8`.
    #[must_use]
    pub const fn man(colour: Colour, i: u8) -> Option<Piece> {
        if i >= MEN_PER_COLOUR {
            return None;
        }
        Some(match colour {
            Colour::White => Piece(1 + i),
            Colour::Black => Piece(10 + i),
        })
    }

    /// The piece number.
    #[must_use]
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The colour of a man; `None` for the queen.
    #[must_use]
    pub const fn colour(self) -> Option<Colour> {
        match self.0 {
            0 => None,
            1..=9 => Some(Colour::White),
            _ => Some(Colour::Black),
        }
    }

    fn men(colour: Colour) -> impl Iterator<Item = Piece> {
        let base = match colour {
            Colour::White => 1,
            Colour::Black => 10,
        };
        (base..base + MEN_PER_COLOUR).map(Piece)
    }
}

/// Where the queen is (rules file section 6, invariant 1).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Outcome, Piece, QueenState, Colour};
/// let game = Carrom::default();
/// let mut state = game.initial_state(Seat::new(0))?;
/// assert_eq!(state.queen(), QueenState::OnBoard);
/// // The queen and a white man in one stroke: covered by team 0 (C9).
/// let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
/// game.resolve(&mut state, &Outcome::counted().pocket(Piece::QUEEN).pocket(white))?;
/// match state.queen() {
///     QueenState::Covered(team) => assert_eq!(team, 0),
///     other => return Err(format!("{other:?}").into()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum QueenState {
    /// On the board.
    OnBoard,
    /// Pocketed by the team and waiting to be covered with its next stroke (C8, A12).
    Waiting(usize),
    /// Pocketed and covered by the team (C8, C9).
    Covered(usize),
}

/// How a board ended.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{BoardEnd, BoardResult};
/// let r = BoardResult { winner: Some(1), points: [0, 12], reason: BoardEnd::OpponentsLastPiece };
/// let why = match r.reason {
///     BoardEnd::AllPieces => "cleared",
///     BoardEnd::OpponentsLastPiece => "C16",
///     BoardEnd::OwnLastBeforeQueen => "C17",
///     BoardEnd::LastPieceWithStriker => "ICF 81",
///     BoardEnd::Blocked => "no seat can strike",
/// };
/// assert_eq!(why, "C16");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BoardEnd {
    /// C15: the winner pocketed all nine men after the queen was covered.
    AllPieces,
    /// C16: the striking side pocketed the opponent's last man and lost.
    OpponentsLastPiece,
    /// C17: the striking side pocketed its own last man before the queen was covered.
    OwnLastBeforeQueen,
    /// ICF 81 (option `last_piece_with_striker_loses`): the last own man with the striker.
    LastPieceWithStriker,
    /// Library decision (no rule covers it): a seat passed while the pieces blocked every
    /// seat's base line (C2), so that no seat could ever strike again (a pass moves no
    /// piece). The board ends without a winner and without points.
    Blocked,
}

/// The result of a finished board.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour, Outcome, Piece, Setup, QueenState};
/// let game = Carrom::default();
/// // White (team 0) has one man left and the queen covered; it drops: a C15 win.
/// let mut setup = Setup::opening(game.rules(), Seat::new(0));
/// for i in 0..8 {
///     setup.pieces[usize::from(Piece::man(Colour::White, i).ok_or("no man")?.id())] = None;
/// }
/// setup.pieces[0] = None;
/// setup.queen = QueenState::Covered(0);
/// setup.break_pending = false;
/// let mut state = game.from_setup(setup)?;
/// let last = Piece::man(Colour::White, 8).ok_or("no man")?;
/// let r = game.resolve(&mut state, &Outcome::counted().pocket(last))?;
/// let result = r.board_over.ok_or("the board is over")?;
/// assert_eq!(result.winner, Some(0));
/// assert_eq!(result.points, [9 + 3, 0], "black's nine men and the queen");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardResult {
    /// The team that won the board; `None` only for a board that ended
    /// [`BoardEnd::Blocked`], which no one wins.
    pub winner: Option<usize>,
    /// Points each team receives for the board (negative only under
    /// `PenaltyPoints::DeductFromOffender`; zero for both after [`BoardEnd::Blocked`]).
    pub points: [i64; 2],
    /// Why the board ended.
    pub reason: BoardEnd,
}

/// What the game waits for.
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use lattjo_carrom::{Carrom, Phase};
/// let game = Carrom::default();
/// let state = game.new_initial_state();
/// match state.phase() {
///     Phase::Toss => {}
///     other => return Err(format!("{other:?}").into()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// The coin toss for white / the break (C3, A18): a chance node.
    Toss,
    /// A stroke by the seat to move.
    Stroke,
    /// Execution noise for the stroke a seat just chose: a chance node.
    Noise(Seat, Stroke),
    /// ICF 60 (option `dues_may_be_declined`): the placer chooses whether to place the due
    /// men just returned to the board (ids in the bit mask `men`) or to decline them all.
    Dues {
        /// The seat that places (A6), to choose: an opponent of the men's colour (the next
        /// seat for the striking side's men, the striker himself for the other side's, ICF
        /// 51(b)).
        placer: Seat,
        /// Bit `i` set: man `i` was returned to the board as a due (men of one colour).
        men: u32,
        /// The other colour's due men returned by the same stroke, and their placer: that
        /// choice follows this one.
        then: Option<(Seat, u32)>,
    },
    /// The board is over.
    Over,
}

/// The state of one board of carrom (`Game::State`): a validated position with the rules it
/// is played under, what the board waits for, and its result. Build the opening with
/// [`crate::Carrom::initial_state`] and any position with [`crate::Carrom::from_setup`]. With
/// the `serde` feature a state serializes with its rules and deserializes back exactly,
/// through the same checks as [`Setup::into_state`] plus those of the phase and the result.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour, Phase, QueenState};
/// let game = Carrom::default();
/// let state = game.initial_state(Seat::new(1))?;
/// assert_eq!(state.to_move(), Seat::new(1));
/// assert!(state.break_pending());
/// assert_eq!(state.phase(), Phase::Stroke);
/// assert_eq!(state.queen(), QueenState::OnBoard);
/// assert_eq!(state.colour_of(1), Colour::White, "the breaker's side plays white");
/// assert_eq!(game.from_setup(state.to_setup())?, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StateData", into = "StateData"))]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) pieces: [Option<Vec2>; PIECES],
    pub(crate) queen: QueenState,
    pub(crate) debt: [u8; 2],
    pub(crate) white_team: usize,
    pub(crate) phase: Phase,
    pub(crate) to_move: Seat,
    pub(crate) breaker: Seat,
    pub(crate) break_pending: bool,
    pub(crate) break_attempts: u8,
    pub(crate) void_strokes: u8,
    pub(crate) board: u32,
    pub(crate) totals_before: [i64; 2],
    pub(crate) result: Option<BoardResult>,
    pub(crate) strokes: u32,
    pub(crate) first_breaker: Seat,
    pub(crate) turn_started: bool,
}

impl State {
    /// The rules the state was built under. A game of other rules refuses the state
    /// ([`crate::PlayError::OtherRules`]), so a state read back from a file says which game
    /// plays it on.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_carrom::{Carrom, Game, Rules, Seat};
    /// let state = Carrom::new(Rules::icf())?.initial_state(Seat::new(0))?;
    /// assert_eq!(*state.rules(), Rules::icf());
    /// let game = Carrom::new(*state.rules())?;
    /// let mut actions = Vec::new();
    /// game.legal_actions(&state, &mut actions);
    /// assert!(!actions.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Where piece `p` lies, or `None` if it is in a pocket.
    #[must_use]
    pub fn piece(&self, p: Piece) -> Option<Vec2> {
        self.pieces[p.0 as usize]
    }

    /// All 19 piece positions (index = piece id), `None` for pocketed pieces.
    #[must_use]
    pub fn pieces(&self) -> &[Option<Vec2>; PIECES] {
        &self.pieces
    }

    /// B(c): men of `colour` on the board.
    #[must_use]
    pub fn on_board(&self, colour: Colour) -> u8 {
        Piece::men(colour)
            .filter(|p| self.pieces[p.0 as usize].is_some())
            .count() as u8
    }

    /// P(c): men of `colour` in pockets (counted for that colour, A4).
    #[must_use]
    pub fn pocketed(&self, colour: Colour) -> u8 {
        MEN_PER_COLOUR - self.on_board(colour)
    }

    /// D(c): men of `colour` owed (A9).
    #[must_use]
    pub fn debt(&self, colour: Colour) -> u8 {
        self.debt[colour.idx()]
    }

    /// The queen's state.
    #[must_use]
    pub fn queen(&self) -> QueenState {
        self.queen
    }

    /// The team (0 or 1) playing white this board.
    #[must_use]
    pub fn white_team(&self) -> usize {
        self.white_team
    }

    /// The colour of `team`.
    #[must_use]
    pub fn colour_of(&self, team: usize) -> Colour {
        if team == self.white_team {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// The seat due to strike (also during a noise chance node: the seat that struck).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// What the game waits for.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the formation still waits to be broken.
    #[must_use]
    pub fn break_pending(&self) -> bool {
        self.break_pending
    }

    /// Failed break attempts by the current breaker (A5).
    #[must_use]
    pub fn break_attempts(&self) -> u8 {
        self.break_attempts
    }

    /// The seat due to break this board (after a toss or rotation).
    #[must_use]
    pub fn breaker(&self) -> Seat {
        self.breaker
    }

    /// Index of this board in the game (0 for the first).
    #[must_use]
    pub fn board_number(&self) -> u32 {
        self.board
    }

    /// Team scores before this board.
    #[must_use]
    pub fn totals_before(&self) -> [i64; 2] {
        self.totals_before
    }

    /// The result, once the board is over.
    #[must_use]
    pub fn result(&self) -> Option<BoardResult> {
        self.result
    }

    /// Strokes played on this board, void ones included (the count stops at `u32::MAX`).
    #[must_use]
    pub fn strokes(&self) -> u32 {
        self.strokes
    }

    /// The position as a [`Setup`] (to save it; [`Setup::into_state`] reads it back, and for
    /// a state waiting for a stroke the round trip gives the same state).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            pieces: self.pieces,
            queen: self.queen,
            debt: self.debt,
            white_team: self.white_team,
            to_move: self.to_move,
            breaker: self.breaker,
            break_pending: self.break_pending,
            break_attempts: self.break_attempts,
            board: self.board,
            totals_before: self.totals_before,
            strokes: self.strokes,
            void_strokes: self.void_strokes,
            first_breaker: self.first_breaker,
            turn_started: self.turn_started,
        }
    }

    /// Whether the seat to move has already struck in this turn (ICF 36: a technical foul
    /// before the first stroke of a turn does not end it).
    #[must_use]
    pub fn turn_started(&self) -> bool {
        self.turn_started
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.rules.players
    }

    /// The side of the board where `seat` sits: seats follow the turn order around the table
    /// (A19), so with counter-clockwise play seat 1 sits to the right of seat 0. In singles
    /// the two players sit opposite (C1).
    #[must_use]
    pub fn side_of(&self, seat: Seat, direction: TurnDirection) -> Side {
        side_of(self.rules.players, seat, direction)
    }
}

/// The side of the board where `seat` sits when `players` play (see [`State::side_of`]).
#[must_use]
pub fn side_of(players: usize, seat: Seat, direction: TurnDirection) -> Side {
    if players == 2 {
        return if seat.index() == 0 {
            Side::South
        } else {
            Side::North
        };
    }
    match (seat.index() % 4, direction) {
        (0, _) => Side::South,
        (2, _) => Side::North,
        (1, TurnDirection::CounterClockwise) | (3, TurnDirection::Clockwise) => Side::East,
        _ => Side::West,
    }
}

/// The team of `seat`: partners sit opposite, so seats 0 and 2 are team 0 (C1, C21).
#[must_use]
pub const fn team_of(seat: Seat) -> usize {
    seat.index() % 2
}

/// An unvalidated position, to construct situations (tests, analysis, a client's upload).
/// [`Setup::into_state`] checks it.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour, Setup};
/// let game = Carrom::default();
/// let mut setup = Setup::opening(game.rules(), Seat::new(0));
/// setup.pieces[1] = None; // white man 1 in a pocket
/// setup.break_pending = false;
/// let state = game.from_setup(setup)?;
/// assert_eq!(state.pocketed(Colour::White), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Piece positions by id (0 queen, 1-9 white, 10-18 black); `None` = in a pocket.
    pub pieces: [Option<Vec2>; PIECES],
    /// The queen's state; must agree with `pieces[0]`.
    pub queen: QueenState,
    /// Debts, white then black.
    pub debt: [u8; 2],
    /// The team playing white.
    pub white_team: usize,
    /// The seat to strike.
    pub to_move: Seat,
    /// The board's breaker.
    pub breaker: Seat,
    /// Whether the break is still pending.
    pub break_pending: bool,
    /// Failed break attempts so far.
    pub break_attempts: u8,
    /// Board index in the game.
    pub board: u32,
    /// Team scores before the board.
    pub totals_before: [i64; 2],
    /// Strokes played on the board so far.
    pub strokes: u32,
    /// Void strokes in a row, since the turn began or its last stroke that counted (for the
    /// A5 `void_stroke_limit` option).
    pub void_strokes: u8,
    /// The seat that broke the first board of the game (for the break rotation).
    pub first_breaker: Seat,
    /// Whether the seat to move has already struck in this turn (ICF 36). Absent in older
    /// saved setups: `false`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub turn_started: bool,
}

/// The checks every placement of the pieces passes, whoever made it (a [`Setup`], or a
/// stroke's outcome given to [`crate::Carrom::resolve`]): finite positions on the playing
/// surface, none centred in a pocket, no two pieces overlapping.
pub(crate) fn check_pieces(pieces: &[Option<Vec2>; PIECES]) -> Result<(), SetupError> {
    let limit = HALF_SIZE - PIECE_RADIUS;
    let pockets = pocket_centres();
    for (i, p) in pieces.iter().enumerate() {
        let Some(p) = *p else { continue };
        if !p.is_finite() {
            return Err(SetupError::NotFinite(i as u8));
        }
        if !(plain(p.x) && plain(p.y)) {
            return Err(SetupError::Subnormal(i as u8));
        }
        if p.x.abs() > limit
            || p.y.abs() > limit
            || pockets
                .iter()
                .any(|c| c.distance_squared(p) < POCKET_RADIUS * POCKET_RADIUS)
        {
            return Err(SetupError::OffBoard(i as u8));
        }
        for (j, q) in pieces.iter().enumerate().take(i) {
            if let Some(q) = *q
                && p.distance(q) < 2.0 * PIECE_RADIUS - 1e-9
            {
                return Err(SetupError::Overlap(j as u8, i as u8));
            }
        }
    }
    Ok(())
}

impl Setup {
    /// The opening of a board broken by `breaker`: the formation turned to face the breaker,
    /// white to the breaker's team.
    #[must_use]
    pub fn opening(rules: &Rules, breaker: Seat) -> Setup {
        let side = side_of(rules.players, breaker, rules.turn_direction);
        let f = formation_breaker_frame();
        let mut pieces = [None; PIECES];
        for (slot, p) in pieces.iter_mut().zip(f) {
            *slot = Some(side.to_board(p));
        }
        Setup {
            pieces,
            queen: QueenState::OnBoard,
            debt: [0, 0],
            white_team: team_of(breaker),
            to_move: breaker,
            breaker,
            break_pending: true,
            break_attempts: 0,
            board: 0,
            totals_before: [0, 0],
            strokes: 0,
            void_strokes: 0,
            first_breaker: breaker,
            turn_started: false,
        }
    }

    /// Validates the setup into a [`State`] waiting for a stroke.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming what is inconsistent.
    pub fn into_state(self, rules: &Rules) -> Result<State, SetupError> {
        self.validate(rules, false, false)
    }

    /// [`Setup::into_state`]; with `over`, a board that has ended (a colour with no man on the
    /// board) instead of one waiting for a stroke; with `returned_after_end` as well, one that
    /// ended before the stroke's penalty brought men back (ICF 81 under the booklet's count),
    /// so that men of both colours may lie on it.
    fn validate(
        self,
        rules: &Rules,
        over: bool,
        returned_after_end: bool,
    ) -> Result<State, SetupError> {
        rules.validate().map_err(|_| SetupError::Rules)?;
        let players = rules.players;
        if self.to_move.index() >= players {
            return Err(SetupError::Seat(self.to_move.index()));
        }
        if self.breaker.index() >= players {
            return Err(SetupError::Seat(self.breaker.index()));
        }
        if self.white_team > 1 {
            return Err(SetupError::Team(self.white_team));
        }
        check_pieces(&self.pieces)?;
        match self.queen {
            QueenState::OnBoard if self.pieces[0].is_none() => return Err(SetupError::Queen),
            QueenState::Waiting(_) | QueenState::Covered(_) if self.pieces[0].is_some() => {
                return Err(SetupError::Queen);
            }
            QueenState::Waiting(t) if t != team_of(self.to_move) => return Err(SetupError::Queen),
            QueenState::Covered(t) | QueenState::Waiting(t) if t > 1 => {
                return Err(SetupError::Team(t));
            }
            _ => {}
        }
        let state = State {
            rules: *rules,
            pieces: self.pieces,
            queen: self.queen,
            debt: self.debt,
            white_team: self.white_team,
            phase: Phase::Stroke,
            to_move: self.to_move,
            breaker: self.breaker,
            break_pending: self.break_pending,
            break_attempts: self.break_attempts,
            void_strokes: self.void_strokes,
            board: self.board,
            totals_before: self.totals_before,
            result: None,
            strokes: self.strokes,
            first_breaker: self.first_breaker,
            turn_started: self.turn_started,
        };
        let cleared = state.on_board(Colour::White) == 0 || state.on_board(Colour::Black) == 0;
        if over && !cleared && !returned_after_end {
            return Err(SetupError::Phase(
                "a board is over only when a colour has no man left",
            ));
        }
        for c in [Colour::White, Colour::Black] {
            if state.on_board(c) == 0 && !over {
                return Err(SetupError::NoMen(c));
            }
            if state.debt(c) > 0 && state.pocketed(c) > 0 {
                return Err(SetupError::Debt(c));
            }
            if state.debt(c) > MEN_PER_COLOUR {
                return Err(SetupError::Debt(c));
            }
        }
        if self.first_breaker.index() >= players {
            return Err(SetupError::Seat(self.first_breaker.index()));
        }
        // Void strokes are counted only towards a limit (A5), and stay below it.
        if rules
            .void_stroke_limit
            .is_none_or(|l| self.void_strokes >= l)
            && self.void_strokes > 0
        {
            return Err(SetupError::VoidStrokes(self.void_strokes));
        }
        // Scores before a board: below the target (a side on the target has won the game,
        // A22), and never negative when only the winner of a board scores (A1).
        for (team, &value) in self.totals_before.iter().enumerate() {
            let low = match rules.penalty_points {
                crate::rules::PenaltyPoints::CreditVictim => 0,
                crate::rules::PenaltyPoints::DeductFromOffender => i64::MIN,
            };
            if value < low || value >= rules.target_points {
                return Err(SetupError::Totals { team, value });
            }
        }

        if self.break_attempts >= rules.break_attempts
            || (self.break_pending && state.pieces.iter().any(Option::is_none))
        {
            return Err(SetupError::Break);
        }
        Ok(state)
    }
}

/// Why a [`Setup`] is not a playable position.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Setup, SetupError, Vec2};
/// let game = Carrom::default();
/// let mut setup = Setup::opening(game.rules(), Seat::new(0));
/// setup.pieces[3] = Some(Vec2::new(f64::NAN, 0.0));
/// assert_eq!(game.from_setup(setup), Err(SetupError::NotFinite(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The rules themselves are invalid ([`Rules::validate`] gives the reason).
    #[error("the rules are invalid (Rules::validate gives the reason)")]
    Rules,
    /// A seat beyond the number of players.
    #[error("seat {0} does not exist")]
    Seat(usize),
    /// A team other than 0 or 1.
    #[error("team {0} does not exist")]
    Team(usize),
    /// A piece position with NaN or infinity.
    #[error("piece {0} has a non-finite position")]
    NotFinite(u8),
    /// A piece position with a subnormal coordinate (nonzero and below `f64::MIN_POSITIVE`),
    /// which the physics refuses ([`disc_physics::limits::plain`]).
    #[error("piece {0} has a subnormal coordinate (too close to zero)")]
    Subnormal(u8),
    /// A piece outside the playing surface or over a pocket.
    #[error("piece {0} is off the playing surface")]
    OffBoard(u8),
    /// Two pieces overlap.
    #[error("pieces {0} and {1} overlap")]
    Overlap(u8, u8),
    /// The queen's state disagrees with its position or with the seat to move.
    #[error("the queen's state does not match the position")]
    Queen,
    /// A colour has no man on the board: the board would already be over.
    #[error("no {0:?} man is on the board")]
    NoMen(Colour),
    /// A debt beside pocketed men of the same colour, or more than nine.
    #[error("{0:?} owes men while having men in pocket")]
    Debt(Colour),
    /// A pending break with pieces already pocketed or too many attempts.
    #[error("the break state is inconsistent")]
    Break,
    /// The phase or the result of a deserialized state does not fit the rules or the board
    /// (a noise draw without noise, a due choice without declinable dues or with men that are
    /// not due, a result on a board that goes on, or none on one that is over).
    #[error("the phase does not fit: {0}")]
    Phase(&'static str),
    /// A void-stroke count without a void-stroke limit, or at the limit (A5).
    #[error("{0} void strokes do not fit the rules' void-stroke limit")]
    VoidStrokes(u8),
    /// A team's score before the board is negative (when only winners score) or has already
    /// reached the target (the game would be over, A22).
    #[error("team {team} cannot have {value} points before a board")]
    Totals {
        /// The team.
        team: usize,
        /// Its score.
        value: i64,
    },
}

/// The serialized form of a [`State`]: its rules, the position as a [`Setup`], what the
/// board waits for and its result.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StateData {
    rules: Rules,
    setup: Setup,
    phase: Phase,
    result: Option<BoardResult>,
}

#[cfg(feature = "serde")]
impl TryFrom<StateData> for State {
    type Error = SetupError;
    fn try_from(d: StateData) -> Result<State, SetupError> {
        State::from_parts(&d.rules, d.setup, d.phase, d.result)
    }
}

#[cfg(feature = "serde")]
impl From<State> for StateData {
    fn from(s: State) -> StateData {
        StateData {
            rules: s.rules,
            setup: s.to_setup(),
            phase: s.phase,
            result: s.result,
        }
    }
}

#[cfg(feature = "serde")]
impl State {
    /// A state from its parts, through the checks of [`Setup::into_state`] and those of the
    /// phase and the result (what a deserialized state goes through).
    pub(crate) fn from_parts(
        rules: &Rules,
        setup: Setup,
        phase: Phase,
        result: Option<BoardResult>,
    ) -> Result<State, SetupError> {
        let over = phase == Phase::Over;
        // A blocked board ends with men of both colours on the board (checked below).
        let blocked = result.is_some_and(|r| r.reason == BoardEnd::Blocked);
        // A14's ICF option (`last_piece_with_striker_loses`, ICF 81-85) ends the board before
        // the penalty returns men; under the booklet's count the penalty still brings them
        // back (ICF 28 writes them off), so men of both colours may lie on such a board.
        // Regression (configuration sweep, 5 December 2026): such boards were refused.
        let returned_after_end = result.is_some_and(|r| r.reason == BoardEnd::LastPieceWithStriker)
            && rules.last_piece_with_striker_loses
            && rules.board_end_scoring == crate::rules::BoardEndScoring::Booklet;
        let mut state = setup.validate(rules, over && !blocked, returned_after_end)?;
        let bad = |why| Err(SetupError::Phase(why));
        match phase {
            Phase::Stroke | Phase::Over => {}
            Phase::Toss => {
                if !state.break_pending || state.strokes != 0 || state.turn_started {
                    return bad("the toss comes before the first stroke of a board");
                }
            }
            Phase::Noise(seat, stroke) => {
                if rules.noise.is_none() || seat != state.to_move {
                    return bad("a noise draw needs noise rules and the seat that struck");
                }
                let side = state.side_of(seat, rules.turn_direction);
                stroke
                    .check_shape()
                    .and_then(|()| check_striker_place(&state, side, &stroke))
                    .map_err(|_| {
                        SetupError::Phase("the stroke awaiting its noise is not playable")
                    })?;
            }
            Phase::Dues { placer, men, then } => {
                let mut choices = [(placer, men), (placer, 0)];
                if let Some(t) = then {
                    choices[1] = t;
                }
                if !rules.dues_may_be_declined || (then.is_some() && choices[1].1 == 0) {
                    return bad("a due choice needs declinable dues (ICF 60)");
                }
                let mut colours = [false; 2];
                for (seat, mask) in choices.iter().filter(|c| c.1 != 0) {
                    let colour = [Colour::White, Colour::Black]
                        .into_iter()
                        .find(|&c| mask & !colour_mask(c) == 0);
                    let Some(colour) = colour else {
                        return bad("the due men are not men of one colour");
                    };
                    let on_board = (0..PIECES)
                        .filter(|i| mask & (1 << i) != 0)
                        .all(|i| state.pieces[i].is_some());
                    // The placer is an opponent of the men's colour; declining must leave the
                    // colour a man on the board.
                    if seat.index() >= rules.players
                        || state.colour_of(team_of(*seat)) == colour
                        || colours[colour as usize]
                        || !on_board
                        || u32::from(state.on_board(colour)) <= mask.count_ones()
                    {
                        return bad("the due choice does not fit the board");
                    }
                    colours[colour as usize] = true;
                }
                if men == 0 {
                    return bad("a due choice names no men");
                }
            }
        }
        match (over, result) {
            (true, Some(r)) => {
                let cap = max_board_points(rules);
                match (r.winner, r.reason) {
                    (None, BoardEnd::Blocked) if r.points == [0, 0] => {
                        if !every_base_line_blocked(&state) {
                            return bad("a board ends blocked only when every base line is");
                        }
                    }
                    (None, BoardEnd::Blocked) => {
                        return bad("a blocked board scores no points");
                    }
                    (Some(w), reason) if w <= 1 && reason != BoardEnd::Blocked => {
                        // A1 (penalties deducted from the offender): at most the 3 penalty
                        // points and the offender's own men on the board; and the victim
                        // scores its normal C18 count, 0 after a C17 loss (the offender has no
                        // man left). Otherwise every board credits at least 1 point (A18).
                        let deducted = 3 + i64::from(MEN_PER_COLOUR);
                        let least = match rules.penalty_points {
                            crate::rules::PenaltyPoints::CreditVictim => 1,
                            crate::rules::PenaltyPoints::DeductFromOffender => 0,
                        };
                        if !(least..=cap).contains(&r.points[w])
                            || !(-deducted..=0).contains(&r.points[1 - w])
                        {
                            return bad("the result's points are out of range");
                        }
                    }
                    (Some(w), _) if w > 1 => return bad("the winner is not a team"),
                    _ => return bad("a board has no winner if and only if it ended blocked"),
                }
            }
            (false, None) => {}
            _ => return bad("a result goes with a board that is over, and only with one"),
        }
        state.phase = phase;
        state.result = result;
        Ok(state)
    }
}

/// The most points one board can give a side under `rules` (C18, C19, A1, ICF 25-28 and
/// 75-85): the queen's points, the 18 men, 3 penalty points
/// and the 2 extra points "if demanded", or [`Rules::max_points_per_board`] when that is less.
/// Regression (configuration sweep, 5 December 2026): the state check bounded a board's points
/// by [`crate::MAX_POINTS`] (1000), the largest value of an option, and a board won with the
/// queen at the largest queen points (1000) scored up to 1023: the game played a state that
/// did not deserialize.
#[cfg(feature = "serde")]
pub(crate) fn max_board_points(rules: &Rules) -> i64 {
    let most = rules.queen_points + 2 * i64::from(MEN_PER_COLOUR) + 3 + 2;
    rules.max_points_per_board.map_or(most, |cap| cap.min(most))
}

/// The bit mask of the men of `colour` (ids 1-9 white, 10-18 black).
pub(crate) fn colour_mask(colour: Colour) -> u32 {
    match colour {
        Colour::White => 0x3fe,
        Colour::Black => 0x7fc00,
    }
}

/// Checks that the striker of `stroke` by a player at `side` overlaps no piece on the board
/// (C2; touching is allowed).
///
/// # Errors
///
/// [`StrokeError::BaseLineBlocked`] when no spot of the whole base line is free (the player
/// can only pass, [`crate::Action::Pass`]), else [`StrokeError::OverlapsPiece`] naming the
/// first piece the striker would overlap.
pub(crate) fn check_striker_place(
    state: &State,
    side: Side,
    stroke: &Stroke,
) -> Result<(), StrokeError> {
    let Some(p) = first_overlap_at(state, side.place_to_board(stroke.place)) else {
        return Ok(());
    };
    if free_offset(state, side).is_none() {
        Err(StrokeError::BaseLineBlocked)
    } else {
        Err(StrokeError::OverlapsPiece(p))
    }
}

/// A striker offset on `side`'s base line that overlaps no piece: the free offset nearest the
/// middle on a 1 mm grid, else (a free gap narrower than the grid) an exact one next to the
/// end of a piece's shadow on the line; `None` when the pieces block the whole line.
pub(crate) fn free_offset(state: &State, side: Side) -> Option<f64> {
    let steps = (crate::geometry::MAX_STRIKER_OFFSET * 1000.0) as i32;
    for i in 0..=steps {
        for o in [i, -i] {
            let off = f64::from(o) / 1000.0;
            if first_overlap(state, side, off).is_none() {
                return Some(off);
            }
        }
    }
    // Exact: the free set is the base line minus the open shadows of the pieces (the offsets
    // where the striker would overlap them); if it is not empty it contains an end of the line
    // or an end of a shadow. Each candidate is checked with the same test as a stroke.
    let max = crate::geometry::MAX_STRIKER_OFFSET;
    let line = side.striker_position(0.0);
    let min = STRIKER_RADIUS + PIECE_RADIUS;
    let local_line = side.from_board(line);
    let mut found = None;
    for p in state.pieces.iter().flatten() {
        let q = side.from_board(*p);
        let dy = q.y - local_line.y;
        if dy.abs() >= min {
            continue;
        }
        let w = (min * min - dy * dy).sqrt();
        for x in [q.x - w - 1e-9, q.x + w + 1e-9] {
            if x.abs() <= max && first_overlap(state, side, x).is_none() {
                found = Some(x);
            }
        }
    }
    found
}

/// Whether the pieces block every seat's base line (no seat can place the striker, C2):
/// where a pass ends the board ([`BoardEnd::Blocked`]).
pub(crate) fn every_base_line_blocked(state: &State) -> bool {
    let players = state.rules.players;
    (0..players).all(|k| {
        let side = side_of(players, Seat::new(k as u8), state.rules.turn_direction);
        free_offset(state, side).is_none()
    })
}

/// The first piece the striker at `offset` on `side`'s base line would overlap.
pub(crate) fn first_overlap(state: &State, side: Side, offset: f64) -> Option<u8> {
    first_overlap_at(state, side.striker_position(offset))
}

/// The first piece a striker centred at the board point `s` would overlap.
pub(crate) fn first_overlap_at(state: &State, s: Vec2) -> Option<u8> {
    let min = STRIKER_RADIUS + PIECE_RADIUS;
    state.pieces.iter().enumerate().find_map(|(i, p)| match p {
        Some(p) if p.distance_squared(s) < min * min => Some(i as u8),
        _ => None,
    })
}
