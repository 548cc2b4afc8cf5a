//! The validated position, its unvalidated [`Setup`], and playing moves on it.

use boardgame_core::perft::{PerftDepthError, check_depth};
use core::fmt;

use crate::bits::{ROW0, ROW7};
use crate::movegen::{self, Collect, Find, KingMoves, Move};
use crate::square::{Color, Piece, Role, Square};

/// A board and the side to move, not yet checked: build one freely, then turn it into a
/// [`Position`] with [`Position::try_from`].
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Piece, Position, Role, Setup, Square};
/// let mut setup = Setup::empty(Color::White);
/// let king = Piece { color: Color::White, role: Role::King };
/// setup.set(Square::new(18).unwrap(), Some(king));
/// let pos = Position::try_from(setup)?;
/// assert_eq!(pos.piece_at(Square::new(18).unwrap()), Some(king));
/// # Ok::<(), lattjo_draughts::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The side to move.
    pub turn: Color,
    /// The piece on each square; index 0 is square 1.
    pub board: [Option<Piece>; 32],
}

impl Setup {
    /// No pieces, `turn` to move.
    #[must_use]
    pub fn empty(turn: Color) -> Setup {
        Setup {
            turn,
            board: [None; 32],
        }
    }

    /// The piece on `square`.
    #[must_use]
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.board[square.index() as usize]
    }

    /// Puts `piece` on `square` (or empties it).
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square.index() as usize] = piece;
    }
}

/// Why a [`Setup`] is not a position that can arise in a game.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Piece, Position, PositionError, Role, Setup, Square};
/// let mut setup = Setup::empty(Color::Black);
/// // A White man on square 3, White's crowning row (D11).
/// let man = Piece { color: Color::White, role: Role::Man };
/// setup.set(Square::new(3).unwrap(), Some(man));
/// assert_eq!(
///     Position::try_from(setup),
///     Err(PositionError::ManOnCrowningRow { color: Color::White, square: Square::new(3).unwrap() })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// More than 12 pieces of one colour (D1).
    #[error("{color} has {count} pieces, at most 12 are possible")]
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many pieces it has.
        count: u32,
    },
    /// An uncrowned man on the row where it would have been crowned (D11).
    #[error("a {color} man stands on its crowning row at square {square}")]
    ManOnCrowningRow {
        /// The man's colour.
        color: Color,
        /// Its square.
        square: Square,
    },
}

/// A legal draughts position: where the men and kings stand and who moves.
///
/// Invariants (checked by [`Position::try_from`]): at most 12 pieces a side, no man on its
/// own crowning row. Squares are the 32 dark squares in standard 1-32 numbering.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Position};
/// let mut pos = Position::start();
/// let mv = pos.parse_move("11-15", KingMoves::Short)?;
/// pos.play(&mv, KingMoves::Short)?;
/// assert_eq!(pos.to_string(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Position {
    pub(crate) black: u32,
    pub(crate) white: u32,
    pub(crate) kings: u32,
    pub(crate) turn: Color,
}

/// A move that is not legal in the position it was played on.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Move, Position};
/// let mut pos = Position::start();
/// let mv: Move = "22-18".parse()?; // White's move, but Black is to move
/// let err = pos.play(&mv, KingMoves::Short).unwrap_err();
/// assert_eq!(err.to_string(), "22-18 is not a legal move for black here");
/// assert_eq!(pos, Position::start());
/// # Ok::<(), lattjo_draughts::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move for {turn} here")]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The refused move.
    pub mv: Move,
    /// The side to move.
    pub turn: Color,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position (D1, D2, D3): Black men on 1-12, White men on 21-32, Black to move.
    #[must_use]
    pub const fn start() -> Position {
        Position {
            black: 0x0000_0FFF,
            white: 0xFFF0_0000,
            kings: 0,
            turn: Color::Black,
        }
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let b = square.bit();
        let role = if self.kings & b != 0 {
            Role::King
        } else {
            Role::Man
        };
        if self.black & b != 0 {
            Some(Piece {
                color: Color::Black,
                role,
            })
        } else if self.white & b != 0 {
            Some(Piece {
                color: Color::White,
                role,
            })
        } else {
            None
        }
    }

    /// How many pieces `color` has.
    #[must_use]
    pub fn count(&self, color: Color) -> u32 {
        self.side(color).count_ones()
    }

    /// How many of `color`'s pieces have `role`.
    #[must_use]
    pub fn count_role(&self, color: Color, role: Role) -> u32 {
        let k = self.side(color) & self.kings;
        match role {
            Role::King => k.count_ones(),
            Role::Man => (self.side(color) & !k).count_ones(),
        }
    }

    /// Every occupied square with its piece, in numbering order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The same board, as an unvalidated [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.turn);
        for (s, p) in self.pieces() {
            setup.set(s, Some(p));
        }
        setup
    }

    pub(crate) fn side(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Clears `out` and fills it with every legal move (D4-D12): captures only when one exists
    /// (D8), each complete capture path as its own move (D7, D9, A5, A8).
    ///
    /// The vector is the caller's buffer: once it has grown, generating allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{KingMoves, Position};
    /// // D8: White's man on 18 must take the man on 14; its step to 15 is not allowed.
    /// let pos: Position = "W:W18,32:B14".parse()?;
    /// let mut moves = Vec::new();
    /// pos.legal_moves(KingMoves::Short, &mut moves);
    /// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["18x9"]);
    /// assert!(pos.must_capture(KingMoves::Short));
    /// assert_eq!(pos.count_moves(KingMoves::Short), 1);
    /// # Ok::<(), lattjo_draughts::FenError>(())
    /// ```
    pub fn legal_moves(&self, kings: KingMoves, out: &mut Vec<Move>) {
        out.clear();
        movegen::generate(self, kings, &mut Collect(out));
    }

    /// The number of legal moves, without listing them.
    #[must_use]
    pub fn count_moves(&self, kings: KingMoves) -> u64 {
        movegen::count_moves(self, kings)
    }

    /// Whether the side to move must capture.
    #[must_use]
    pub fn must_capture(&self, kings: KingMoves) -> bool {
        let mut v = MustCapture(false);
        movegen::generate(self, kings, &mut v);
        v.0
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: &Move, kings: KingMoves) -> bool {
        if kings == KingMoves::Short {
            return movegen::is_legal_short(self, mv);
        }
        let mut f = Find {
            target: mv,
            found: false,
        };
        movegen::generate(self, kings, &mut f);
        f.found
    }

    /// Plays `mv`: the moving piece goes to its last square, the captured pieces are removed
    /// (A6), a man reaching the far row is crowned (D11), and the other side is to move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not legal here; the position is then unchanged.
    pub fn play(&mut self, mv: &Move, kings: KingMoves) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv, kings) {
            return Err(IllegalMoveError {
                mv: *mv,
                turn: self.turn,
            });
        }
        *self = self.after(mv);
        Ok(())
    }

    /// The position after `mv`, which the caller has checked is legal.
    pub(crate) fn after(&self, mv: &Move) -> Position {
        self.after_raw(mv.from().index(), mv.to().index(), mv.captured_bits())
    }

    #[inline(always)]
    pub(crate) fn after_raw(&self, from: u32, to: u32, captured: u32) -> Position {
        let fb = 1u32 << from;
        let tb = 1u32 << to;
        let mut p = *self;
        let crown = match self.turn {
            Color::Black => {
                p.black = (p.black & !fb) | tb;
                p.white &= !captured;
                ROW7
            }
            Color::White => {
                p.white = (p.white & !fb) | tb;
                p.black &= !captured;
                ROW0
            }
        };
        if p.kings & fb != 0 {
            p.kings = (p.kings & !fb & !captured) | tb;
        } else {
            p.kings &= !captured;
            p.kings |= tb & crown; // D11: crowned on arrival
        }
        p.turn = self.turn.opponent();
        p
    }

    /// Whether the move would crown a man (D11).
    #[must_use]
    pub fn crowns(&self, mv: &Move) -> bool {
        let from = mv.from().bit();
        let crown = match self.turn {
            Color::Black => ROW7,
            Color::White => ROW0,
        };
        self.kings & from == 0 && mv.to().bit() & crown != 0
    }
}

struct MustCapture(bool);

impl movegen::Sink for MustCapture {
    fn quiet(&mut self, _: u32, _: u32) {}
    fn capture(&mut self, _: &[u8], _: u32) {
        self.0 = true;
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let mut p = Position {
            black: 0,
            white: 0,
            kings: 0,
            turn: setup.turn,
        };
        for s in Square::all() {
            let Some(piece) = setup.get(s) else { continue };
            match piece.color {
                Color::Black => p.black |= s.bit(),
                Color::White => p.white |= s.bit(),
            }
            if piece.role == Role::King {
                p.kings |= s.bit();
            } else if s.row() == piece.color.crowning_row() {
                return Err(PositionError::ManOnCrowningRow {
                    color: piece.color,
                    square: s,
                });
            }
        }
        for color in [Color::Black, Color::White] {
            let count = p.count(color);
            if count > 12 {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        Ok(p)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Counts the leaf nodes of the move tree of `position` to `depth` plies with short kings
/// (the `Wcdf` and `Lattjo` move rules), every distinct capture path counted (A8).
///
/// Moves are counted in bulk at the last ply; nothing is allocated.
///
/// The tree is walked depth-first, one stack frame a ply, so the depth is bounded by
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64; no tree that deep could
/// be counted): a depth of a few hundred used to overflow the stack and abort the process
/// ([`perft_with`] and [`perft_parallel`] alike).
///
/// # Panics
///
/// If `depth` is above `MAX_PERFT_DEPTH`; [`try_perft`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{perft, Position};
/// assert_eq!(perft(&Position::start(), 4), 1469);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_with(position, depth, KingMoves::Short)
}

/// [`perft`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any move is generated.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{try_perft, Position};
/// assert_eq!(try_perft(&Position::start(), 4), Ok(1469));
/// assert_eq!(try_perft(&Position::start(), 600).map_err(|e| e.depth), Err(600));
/// ```
pub fn try_perft(position: &Position, depth: u32) -> Result<u64, PerftDepthError> {
    try_perft_with(position, depth, KingMoves::Short)
}

/// [`perft`] with a choice of king moves (flying kings, V2).
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64);
/// [`try_perft_with`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Position, perft_with};
/// // A flying king on 29 takes 18 and lands on 15, 11, 8 or 4.
/// let pos: Position = "B:W18:BK29".parse()?;
/// assert_eq!(perft_with(&pos, 1, KingMoves::Flying), 4);
/// assert_eq!(perft_with(&pos, 1, KingMoves::Short), 1);
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
#[must_use]
pub fn perft_with(position: &Position, depth: u32, kings: KingMoves) -> u64 {
    match try_perft_with(position, depth, kings) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft_with`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any move is generated.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{try_perft_with, KingMoves, Position};
/// let pos: Position = "B:W18:BK29".parse()?;
/// assert_eq!(try_perft_with(&pos, 1, KingMoves::Flying), Ok(4));
/// assert_eq!(try_perft_with(&pos, 65, KingMoves::Flying).map_err(|e| e.depth), Err(65));
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
pub fn try_perft_with(
    position: &Position,
    depth: u32,
    kings: KingMoves,
) -> Result<u64, PerftDepthError> {
    Ok(movegen::perft_raw(position, check_depth(depth)?, kings))
}

/// [`perft_with`] on up to `threads` threads, with the same count: the tree is split two
/// plies below `position` (49 subtrees from the start position) and the subtrees are shared
/// out with [`boardgame_core::parallel::map_indexed`]. With `threads <= 1`, or a depth below
/// 3, it runs on the calling thread.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Position, perft, perft_parallel};
/// use lattjo_draughts::boardgame_core::parallel::available_threads;
/// let start = Position::start();
/// let n = perft_parallel(&start, 7, KingMoves::Short, available_threads());
/// assert_eq!(n, 179_740);
/// assert_eq!(n, perft(&start, 7));
/// ```
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64);
/// [`try_perft_parallel`] returns the error instead.
#[must_use]
pub fn perft_parallel(position: &Position, depth: u32, kings: KingMoves, threads: usize) -> u64 {
    match try_perft_parallel(position, depth, kings, threads) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft_parallel`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any move is generated or any thread
/// started.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{try_perft_parallel, KingMoves, Position};
/// let start = Position::start();
/// assert_eq!(try_perft_parallel(&start, 4, KingMoves::Short, 2), Ok(1469));
/// let deep = try_perft_parallel(&start, 100, KingMoves::Short, 2);
/// assert_eq!(deep.map_err(|e| e.depth), Err(100));
/// ```
pub fn try_perft_parallel(
    position: &Position,
    depth: u32,
    kings: KingMoves,
    threads: usize,
) -> Result<u64, PerftDepthError> {
    let depth = check_depth(depth)?;
    if depth < 3 || threads <= 1 {
        return Ok(movegen::perft_raw(position, depth, kings));
    }
    let mut subtrees = Vec::new();
    let (mut first, mut second) = (Vec::new(), Vec::new());
    position.legal_moves(kings, &mut first);
    for a in &first {
        let child = position.after(a);
        child.legal_moves(kings, &mut second);
        subtrees.extend(second.iter().map(|b| child.after(b)));
    }
    Ok(
        boardgame_core::parallel::map_indexed(subtrees.len(), threads, |i| {
            movegen::perft_raw(&subtrees[i], depth - 2, kings)
        })
        .into_iter()
        .sum(),
    )
}
