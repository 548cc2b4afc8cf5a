//! How games end: [`Outcome`] with its reasons, the PGN result [`GameResult`], and the
//! results a position decides by itself ([`Position::outcome`]).

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role};

/// Why a game was won.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Outcome, WinReason};
///
/// fn describe(o: Outcome) -> &'static str {
///     match o {
///         Outcome::Win { reason: WinReason::Checkmate, .. } => "mate",
///         Outcome::Win { .. } => "resigned",
///         Outcome::Draw(_) => "draw",
///     }
/// }
/// assert_eq!(describe(Outcome::Win { winner: lattjo_chess::Color::White, reason: WinReason::Resignation }), "resigned");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// Checkmate (rule K16).
    Checkmate,
    /// The opponent resigned (D4).
    Resignation,
}

/// Why a game was drawn.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{DrawReason, Outcome, Position};
///
/// let bare: Position = "8/8/4k3/8/8/4K3/8/8 w - - 0 1".parse()?;
/// assert!(matches!(bare.outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial))));
/// # Ok::<(), lattjo_chess::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// No legal move and not in check (A1, D1).
    Stalemate,
    /// Neither side can checkmate with the material left (K21, A2).
    InsufficientMaterial,
    /// The same position for the fifth time (FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without pawn move or capture (FIDE 9.6.2).
    SeventyFiveMoves,
    /// Threefold repetition, claimed or auto-claimed (FIDE 9.2).
    ThreefoldRepetition,
    /// 50 moves by each side without pawn move or capture, claimed or auto-claimed (9.3).
    FiftyMoves,
    /// The players agreed (FIDE 5.2.3, D4).
    Agreement,
    /// A resignation when the opponent could not have checkmated (FIDE 5.1.2, A14).
    ResignationWithoutMatingMaterial,
}

/// How a game ended: who won and how, or why it was drawn.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, Outcome, Position, WinReason};
///
/// let mut pos = Position::new();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     pos.play(pos.parse_san(san)?)?;
/// }
/// match pos.outcome() {
///     Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }) => {}
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Drawn.
    Draw(DrawReason),
}

impl Outcome {
    /// The result: who won, or a draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Color, DrawReason, GameResult, Outcome};
    ///
    /// assert_eq!(Outcome::Draw(DrawReason::Stalemate).result().to_string(), "1/2-1/2");
    /// assert_eq!(Outcome::Draw(DrawReason::Agreement).result(), GameResult::Draw);
    /// ```
    #[must_use]
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Win { winner, .. } => GameResult::Win(winner),
            Outcome::Draw(_) => GameResult::Draw,
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(o: Outcome) -> GameResult {
        o.result()
    }
}

/// A game's result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game in
/// progress, abandoned, or of unknown result.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, GameResult};
///
/// let r: GameResult = "0-1".parse()?;
/// assert_eq!(r, GameResult::Win(Color::Black));
/// assert_eq!(r.to_string(), "0-1");
/// assert_eq!("*".parse::<GameResult>()?, GameResult::Unknown);
/// assert!("2-0".parse::<GameResult>().is_err());
/// # Ok::<(), lattjo_chess::ParseGameResultError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// That side won (`1-0` for White, `0-1` for Black).
    Win(Color),
    /// Drawn (`1/2-1/2`).
    Draw,
    /// Not finished or not known (`*`).
    #[default]
    Unknown,
}

impl GameResult {
    /// The text of the result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a result token (`1-0`, `0-1`, `1/2-1/2`, `*`; also `½-½`, and `1/2`,
    /// which pgn-extract reads as a draw).
    #[must_use]
    pub fn from_token(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::Win(Color::White)),
            "0-1" => Some(GameResult::Win(Color::Black)),
            "1/2-1/2" | "\u{bd}-\u{bd}" | "1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// A string that is not a result token.
///
/// # Examples
///
/// ```
/// let err = "2-0".parse::<lattjo_chess::GameResult>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid result \"2-0\" (expected 1-0, 0-1, 1/2-1/2 or *)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {0:?} (expected 1-0, 0-1, 1/2-1/2 or *)")]
#[non_exhaustive]
pub struct ParseGameResultError(pub String);

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ParseGameResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        GameResult::from_token(s).ok_or_else(|| ParseGameResultError(excerpt(s)))
    }
}

/// Insufficient material (K21, A2): K v K, K+B v K, K+N v K, or only bishops besides the
/// kings, all on squares of one colour. K+N+N v K, K+N v K+N, K+B v K+N and
/// opposite-coloured bishops are not.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{insufficient_material, Position};
///
/// let same_colour_bishops: Position = "4k3/8/8/8/2B5/3K4/8/5B2 w - - 0 1".parse()?;
/// assert!(insufficient_material(&same_colour_bishops));
/// let both_colours: Position = "4k3/8/8/8/2B5/3K4/5B2/8 w - - 0 1".parse()?;
/// assert!(!insufficient_material(&both_colours));
/// let knight: Position = "8/8/4k3/8/8/3K4/5N2/8 w - - 0 1".parse()?;
/// assert!(insufficient_material(&knight));
/// # Ok::<(), lattjo_chess::FenError>(())
/// ```
#[must_use]
pub fn insufficient_material(pos: &Position) -> bool {
    let b = pos.board();
    if (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
        return false;
    }
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty())
}

impl Position {
    /// The result this position decides by itself, under any rule set: checkmate (K16),
    /// stalemate (A1) or insufficient material (K21, A2); `None` while play goes on.
    /// Repetitions and move counts need the game's history and rules
    /// ([`crate::State::outcome`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{DrawReason, Outcome, Position};
    ///
    /// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    /// let bare: Position = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse()?;
    /// assert_eq!(bare.outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
    /// assert_eq!(Position::new().outcome(), None);
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            Some(if self.is_check() {
                Outcome::Win {
                    winner: !self.turn(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            })
        } else if insufficient_material(self) {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        } else {
            None
        }
    }

    /// Whether neither side can checkmate with the material left ([`insufficient_material`]).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        insufficient_material(self)
    }

    /// Whether `side` could not checkmate by any series of legal moves, whatever the
    /// opponent plays (FIDE 5.1.2, A14): the test that scores a resignation as a draw.
    /// Conservative, like [`insufficient_material`]: `true` only when mate is impossible.
    /// That is the case for a bare king; for a king and one knight when the opponent has
    /// nothing but queens besides the king (a rook, bishop, knight or pawn of the opponent's
    /// could block its own king, a queen next to the king can always take the knight); and
    /// for a king and bishops when no pawn or knight is on the board and every bishop on it
    /// stands on squares of one colour (the opponent's rooks and queens can always block or
    /// take). Both sides having insufficient material is [`insufficient_material`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Color, Position};
    ///
    /// // A knight cannot mate a king with a queen, but can mate one with a rook.
    /// let queen: Position = "8/2q5/8/8/3N3k/8/1K6/8 b - - 0 1".parse()?;
    /// assert!(queen.has_insufficient_material(Color::White));
    /// assert!(!queen.has_insufficient_material(Color::Black));
    /// let rook: Position = "8/2r5/8/8/3N3k/8/1K6/8 b - - 0 1".parse()?;
    /// assert!(!rook.has_insufficient_material(Color::White));
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    #[must_use]
    pub fn has_insufficient_material(&self, side: Color) -> bool {
        let b = self.board();
        let ours = b.by_color(side);
        if (ours & (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen))).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if (ours & knights).any() {
            // One knight, and the opponent's only other pieces are queens.
            let helpers = b.by_color(!side) & !(b.by_role(Role::King) | b.by_role(Role::Queen));
            return ours.count() <= 2 && helpers.is_empty();
        }
        if (ours & bishops).any() {
            let one_colour =
                (bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty();
            return one_colour && b.by_role(Role::Pawn).is_empty() && knights.is_empty();
        }
        true
    }
}
