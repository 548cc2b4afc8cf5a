//! Move generation on bitboards, the [`Move`] type, and perft.
//!
//! Generation is a depth-first walk that hands every move to a [`Sink`]; perft recurses from
//! inside its sink, so no move list is ever stored and nothing is allocated per node.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::bits::{
    EVEN_ROWS, NEIGHBOR, NONE, ODD_ROWS, PAIRS, ROW0, ROW7, by4, by35, reverse, step,
};
use crate::position::Position;
use crate::square::{Color, Square, SquareError};

/// How far kings move: one square (English draughts, D12, A3) or any distance (the French
/// text's flying king, V2).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Position, Rules};
/// assert_eq!(Rules::default().king_moves, KingMoves::Short);
/// let pos: Position = "B:W5:BK15".parse()?;
/// let mut moves = Vec::new();
/// pos.legal_moves(KingMoves::Short, &mut moves);
/// assert_eq!(moves.len(), 4);
/// pos.legal_moves(KingMoves::Flying, &mut moves);
/// assert_eq!(moves.len(), 13);
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum KingMoves {
    /// One square per step, forwards and backwards (D12, A3). The default.
    #[default]
    Short,
    /// Any distance along a diagonal (V2), with the international conventions: a capturing
    /// king lands on any empty square beyond the captured piece, captured pieces stay on the
    /// board until the move ends (they block and cannot be jumped twice), no majority rule.
    Flying,
}

/// The most squares in a move's path: the start and one landing per captured piece (a side
/// has at most 12 pieces).
pub const MAX_PATH: usize = 13;

/// A move: its full path (from, every landing square, to) and the squares of the pieces it
/// captures (A8). Two different paths are two different moves, even between the same squares.
///
/// Text form ([`fmt::Display`] and [`FromStr`]): `11-15` for a step, `15x24x31` for
/// captures with every landing square. [`Position::parse_move`](crate::Position::parse_move)
/// also reads the short form `15x31` and flying kings' long jumps.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, Move, Position};
/// let pos: Position = "B:W10,19:B6".parse()?;
/// let mv = pos.parse_move("6x24", KingMoves::Short)?; // the short form
/// assert_eq!(mv.to_string(), "6x15x24");
/// assert_eq!(mv.captured().map(|s| s.number()).collect::<Vec<_>>(), [10, 19]);
/// assert_eq!("6x15x24".parse::<Move>()?, mv);
/// assert!(pos.is_legal(&mv, KingMoves::Short));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "MoveRepr", into = "MoveRepr"))]
pub struct Move {
    path: [u8; MAX_PATH],
    len: u8,
    captured: u32,
}

impl Move {
    pub(crate) fn quiet(from: u32, to: u32) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from as u8;
        path[1] = to as u8;
        Move {
            path,
            len: 2,
            captured: 0,
        }
    }

    /// A single jump from index `from` in direction `d` (which must exist on the board).
    fn jump(from: u32, d: usize) -> Move {
        let j = JUMPS[from as usize & 31][d & 3];
        let mut path = [0; MAX_PATH];
        path[0] = from as u8;
        path[1] = j.to;
        Move {
            path,
            len: 2,
            captured: j.over,
        }
    }

    pub(crate) fn capture(squares: &[u8], captured: u32) -> Move {
        let mut path = [0; MAX_PATH];
        let n = squares.len().min(MAX_PATH);
        path[..n].copy_from_slice(&squares[..n]);
        Move {
            path,
            len: n as u8,
            captured,
        }
    }

    /// The square the piece starts on.
    #[must_use]
    pub fn from(&self) -> Square {
        Square::from_index(u32::from(self.path[0]))
    }

    /// The square the piece ends on (may equal [`Move::from`] for a king's capture loop).
    #[must_use]
    pub fn to(&self) -> Square {
        Square::from_index(u32::from(self.path[usize::from(self.len) - 1]))
    }

    /// Every square of the path: the start, each landing square, the end.
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square> + Clone + '_ {
        self.path[..usize::from(self.len)]
            .iter()
            .map(|&i| Square::from_index(u32::from(i)))
    }

    /// The squares of the captured pieces, in numbering order.
    pub fn captured(&self) -> impl Iterator<Item = Square> + Clone {
        let mut bb = self.captured;
        core::iter::from_fn(move || {
            if bb == 0 {
                return None;
            }
            let i = bb.trailing_zeros();
            bb &= bb - 1;
            Some(Square::from_index(i))
        })
    }

    /// How many pieces the move captures.
    #[must_use]
    pub fn num_captured(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Whether the move captures.
    #[must_use]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    pub(crate) fn captured_bits(&self) -> u32 {
        self.captured
    }

    pub(crate) fn raw_path(&self) -> &[u8] {
        &self.path[..usize::from(self.len)]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (k, s) in self.path().enumerate() {
            if k > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.is_capture() {
            write!(f, " taking")?;
            for s in self.captured() {
                write!(f, " {s}")?;
            }
        }
        write!(f, ")")
    }
}

/// Why a path and a set of captured squares cannot be a move in any position.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Move, MoveError, Square};
/// let sq = |n| Square::new(n).unwrap();
/// // 15 to 24 jumps 19 (the square between): a capture.
/// assert!(Move::new(&[sq(15), sq(24)], &[sq(19)]).is_ok());
/// // 15 and 17 are not on one diagonal.
/// assert_eq!(
///     Move::new(&[sq(15), sq(17)], &[]),
///     Err(MoveError::NotDiagonal { from: sq(15), to: sq(17) })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A path needs a start and at least one more square, and at most one landing square
    /// per opposing piece (13 squares in all).
    #[error("a move's path has 2 to {MAX_PATH} squares, got {0}")]
    PathLength(usize),
    /// A move without captures is a single step or slide: two squares.
    #[error("a move that captures nothing has 2 squares in its path, got {0}")]
    QuietPath(usize),
    /// Two consecutive squares of the path that are not on one diagonal (or are equal).
    #[error("{from} to {to} is not a move along a diagonal")]
    NotDiagonal {
        /// Where the leg starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A leg of a capture that does not pass over exactly one captured square (D5: one
    /// piece per jump).
    #[error("the jump {from}x{to} does not pass over exactly one captured square")]
    Jump {
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A captured square given twice (A6: a piece is captured at most once).
    #[error("square {0} is captured twice")]
    CapturedTwice(Square),
    /// A captured square that is also a landing square: a captured piece is never landed
    /// on (A6, V2).
    #[error("square {0} is both captured and on the path")]
    CapturedOnPath(Square),
    /// A captured square that no jump of the path passes over.
    #[error("square {0} is captured but no jump passes over it")]
    NotJumped(Square),
}

/// Whether `a` and `b` are on one diagonal (and differ): the squares strictly between
/// them, as bits, or `None`.
pub(crate) fn between_bits(a: Square, b: Square) -> Option<u32> {
    let (ra, ca) = (i32::from(a.row()), i32::from(a.column()));
    let (rb, cb) = (i32::from(b.row()), i32::from(b.column()));
    let (dr, dc) = (rb - ra, cb - ca);
    if dr == 0 || dr.abs() != dc.abs() {
        return None;
    }
    let (sr, sc) = (dr.signum(), dc.signum());
    let mut bits = 0u32;
    for k in 1..dr.abs() {
        let (r, c) = (ra + k * sr, ca + k * sc);
        // Every square on a diagonal between two dark squares is dark.
        bits |= 1 << (r * 4 + c / 2);
    }
    Some(bits)
}

impl Move {
    /// A move from its full path (start, every landing square, end) and the squares of
    /// the pieces it captures, checked for shape: every leg runs along a diagonal; a move
    /// that captures nothing is one leg; in a capture every leg passes over exactly one
    /// captured square and every captured square is passed over once and never landed on.
    /// Whether the move is legal depends on a position: see [`Position::is_legal`].
    ///
    /// # Errors
    ///
    /// [`MoveError`] naming what cannot be.
    ///
    /// [`Position::is_legal`]: crate::Position::is_legal
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Move, Square};
    /// let sq = |n| Square::new(n).unwrap();
    /// let mv = Move::new(&[sq(15), sq(24), sq(31)], &[sq(19), sq(27)])?;
    /// assert_eq!(mv.to_string(), "15x24x31");
    /// assert_eq!(mv, "15x24x31".parse()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(path: &[Square], captured: &[Square]) -> Result<Move, MoveError> {
        if path.len() < 2 || path.len() > MAX_PATH {
            return Err(MoveError::PathLength(path.len()));
        }
        let mut taken = 0u32;
        for &s in captured {
            if taken & s.bit() != 0 {
                return Err(MoveError::CapturedTwice(s));
            }
            if path.contains(&s) {
                return Err(MoveError::CapturedOnPath(s));
            }
            taken |= s.bit();
        }
        if taken == 0 && path.len() != 2 {
            return Err(MoveError::QuietPath(path.len()));
        }
        let mut jumped = 0u32;
        for leg in path.windows(2) {
            let (from, to) = (leg[0], leg[1]);
            let Some(inside) = between_bits(from, to) else {
                return Err(MoveError::NotDiagonal { from, to });
            };
            if taken != 0 {
                let over = inside & taken;
                if over.count_ones() != 1 {
                    return Err(MoveError::Jump { from, to });
                }
                jumped |= over;
            }
        }
        if let Some(i) = (0..32).find(|i| (taken & !jumped) & (1 << i) != 0) {
            return Err(MoveError::NotJumped(Square::from_index(i)));
        }
        let raw: [u8; MAX_PATH] =
            core::array::from_fn(|i| path.get(i).map_or(0, |s| s.index() as u8));
        Ok(Move {
            path: raw,
            len: path.len() as u8,
            captured: taken,
        })
    }
}

/// Why text is not a move's full path.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Move, ParseMoveError};
/// assert!(matches!("11-15-19".parse::<Move>(), Err(ParseMoveError::Syntax(_))));
/// // A flying king's long jump: which piece it takes depends on the position.
/// assert!(matches!("1x19".parse::<Move>(), Err(ParseMoveError::NeedsPosition(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Not squares joined by `-` (two squares) or by `x` (two or more).
    #[error("bad move text {0:?}: expected two squares joined by '-' or squares joined by 'x'")]
    Syntax(String),
    /// A square that is not a number 1-32.
    #[error(transparent)]
    Square(#[from] SquareError),
    /// A jump longer than two squares (a flying king's, V2): the piece it takes depends on
    /// the position. Read such moves with
    /// [`Position::parse_move`](crate::Position::parse_move).
    #[error("{0:?} has a jump longer than two squares: read it against a position")]
    NeedsPosition(String),
    /// The squares do not form a move.
    #[error(transparent)]
    Invalid(#[from] MoveError),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move's full path as [`Display`](fmt::Display) writes it: `11-15` (a step),
    /// `15x24` or `15x24x31` (jumps, each taking the piece on the square it passes over).
    /// Surrounding spaces are ignored. The short form `15x31` and flying kings' long jumps
    /// need the position: [`Position::parse_move`](crate::Position::parse_move).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        let (path, n, capture) = read_path(s)?;
        let path = &path[..n];
        let mut captured = [Square::from_index(0); MAX_PATH];
        if capture {
            for (k, leg) in path.windows(2).enumerate() {
                let Some(inside) = between_bits(leg[0], leg[1]) else {
                    return Err(MoveError::NotDiagonal {
                        from: leg[0],
                        to: leg[1],
                    }
                    .into());
                };
                match inside.count_ones() {
                    0 => {
                        return Err(MoveError::Jump {
                            from: leg[0],
                            to: leg[1],
                        }
                        .into());
                    }
                    1 => captured[k] = Square::from_index(inside.trailing_zeros()),
                    _ => return Err(ParseMoveError::NeedsPosition(excerpt(t))),
                }
            }
        }
        let captured = if capture { &captured[..n - 1] } else { &[][..] };
        Ok(Move::new(path, captured)?)
    }
}

/// The squares of a move's path as text (`11-15`, `15x24x31`, also a flying king's long
/// legs such as `1x19`), how many there are, and whether they are joined by `x` (a
/// capture), without looking at what the legs pass over. Surrounding spaces are ignored.
pub(crate) fn read_path(s: &str) -> Result<([Square; MAX_PATH], usize, bool), ParseMoveError> {
    let t = s.trim();
    let syntax = || ParseMoveError::Syntax(excerpt(s));
    let capture = t.contains(['x', 'X']);
    if capture == t.contains('-') {
        return Err(syntax());
    }
    let mut path = [Square::from_index(0); MAX_PATH];
    let mut n = 0;
    for part in t.split(['x', 'X', '-']) {
        if n == MAX_PATH {
            return Err(ParseMoveError::Invalid(MoveError::PathLength(n + 1)));
        }
        path[n] = part.parse().map_err(|e| match e {
            SquareError::NotANumber(_) => syntax(),
            other => ParseMoveError::Square(other),
        })?;
        n += 1;
    }
    if n < 2 || (!capture && n != 2) {
        return Err(syntax());
    }
    Ok((path, n, capture))
}

/// The serialized form of a [`Move`]: its path and captured squares.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct MoveRepr {
    path: Vec<Square>,
    captured: Vec<Square>,
}

#[cfg(feature = "serde")]
impl TryFrom<MoveRepr> for Move {
    type Error = MoveError;
    fn try_from(r: MoveRepr) -> Result<Move, MoveError> {
        Move::new(&r.path, &r.captured)
    }
}

#[cfg(feature = "serde")]
impl From<Move> for MoveRepr {
    fn from(m: Move) -> MoveRepr {
        MoveRepr {
            path: m.path().collect(),
            captured: m.captured().collect(),
        }
    }
}

/// Receives generated moves. Squares are internal indices 0-31.
pub(crate) trait Sink {
    fn quiet(&mut self, from: u32, to: u32);
    fn capture(&mut self, path: &[u8], captured: u32);
}

/// The side to move, at compile time, so that the hot loops carry no colour branches.
pub(crate) trait Side {
    const WHITE: bool;
    type Other: Side;
}

/// Black to move.
pub(crate) struct BlackSide;
/// White to move.
pub(crate) struct WhiteSide;

impl Side for BlackSide {
    const WHITE: bool = false;
    type Other = WhiteSide;
}

impl Side for WhiteSide {
    const WHITE: bool = true;
    type Other = BlackSide;
}

/// A board seen from the side to move: its pieces, the opponent's, and all kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rel {
    pub(crate) me: u32,
    pub(crate) opp: u32,
    pub(crate) kings: u32,
}

impl Rel {
    pub(crate) fn of(pos: &Position) -> Rel {
        match pos.turn {
            Color::Black => Rel {
                me: pos.black,
                opp: pos.white,
                kings: pos.kings,
            },
            Color::White => Rel {
                me: pos.white,
                opp: pos.black,
                kings: pos.kings,
            },
        }
    }

    /// The board after a move by `Sd`, seen from the opponent (who is then to move).
    #[inline(always)]
    pub(crate) fn after<Sd: Side>(self, from: u32, to: u32, captured: u32) -> Rel {
        let fb = 1u32 << from;
        let tb = 1u32 << to;
        let me = (self.me & !fb) | tb;
        let opp = self.opp & !captured;
        let kings = if self.kings & fb != 0 {
            (self.kings & !fb & !captured) | tb
        } else {
            // D11: a man reaching the far row is crowned at once.
            (self.kings & !captured) | (tb & crown_row(Sd::WHITE))
        };
        Rel {
            me: opp,
            opp: me,
            kings,
        }
    }
}

/// Direction bits of the men of the side to move (bit d = direction d).
#[inline(always)]
const fn forward_bits(white: bool) -> u8 {
    if white { 0b1100 } else { 0b0011 }
}

#[inline(always)]
const fn crown_row(white: bool) -> u32 {
    if white { ROW0 } else { ROW7 }
}

/// One possible jump: the square jumped over and the landing square (bits; 0 off the
/// board), and the landing square's index.
#[derive(Clone, Copy)]
struct Jump {
    over: u32,
    land: u32,
    to: u8,
}

const JUMPS: [[Jump; 4]; 32] = {
    let mut t = [[Jump {
        over: 0,
        land: 0,
        to: 0,
    }; 4]; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            let n = NEIGHBOR[d][s];
            if n != NONE {
                let l = NEIGHBOR[d][n as usize];
                if l != NONE {
                    t[s][d] = Jump {
                        over: 1 << n,
                        land: 1 << l,
                        to: l,
                    };
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Squares of the men and short kings to move that have a capture.
#[inline(always)]
fn short_capturers<Sd: Side>(men: u32, kings: u32, opp: u32, empty: u32) -> u32 {
    let mut from = 0;
    for d in 0..4 {
        let movers = if forward_bits(Sd::WHITE) & (1 << d) != 0 {
            men | kings
        } else {
            kings
        };
        if movers != 0 {
            let r = reverse(d);
            from |= step(step(empty, r) & opp, r) & movers;
        }
    }
    from
}

struct Walk<'a, S: Sink> {
    sink: &'a mut S,
    opp: u32,
    empty: u32,
    crown: u32,
    path: [u8; MAX_PATH],
}

impl<S: Sink> Walk<'_, S> {
    /// Continues a capture by a man (`DIRS` its forward directions) or a short king (all
    /// four) standing on `s` after `len` path squares, emitting each complete sequence.
    #[inline(always)]
    fn short<const DIRS: u8, const MAN: bool>(&mut self, s: u8, captured: u32, len: usize) {
        let avail = self.opp & !captured;
        let mut any = false;
        let jumps = &JUMPS[usize::from(s) & 31];
        for (d, j) in jumps.iter().enumerate() {
            if DIRS & (1 << d) == 0 {
                continue;
            }
            // A5, A6: every opposing piece at most once; continue while a jump exists.
            if avail & j.over != 0 && self.empty & j.land != 0 && len < MAX_PATH {
                any = true;
                self.path[len] = j.to;
                if MAN && j.land & self.crown != 0 {
                    // D10, A4: crowning ends the move.
                    self.sink.capture(&self.path[..=len], captured | j.over);
                } else {
                    self.short_rec::<DIRS, MAN>(j.to, captured | j.over, len + 1);
                }
            }
        }
        if !any && len > 1 {
            self.sink.capture(&self.path[..len], captured);
        }
    }

    #[inline(never)]
    fn short_rec<const DIRS: u8, const MAN: bool>(&mut self, s: u8, captured: u32, len: usize) {
        self.short::<DIRS, MAN>(s, captured, len);
    }

    /// Continues a capture by a flying king (V2) standing on `s`; returns whether it
    /// emitted a move.
    fn flying(&mut self, s: u8, captured: u32, len: usize) -> bool {
        let mut any = false;
        for nb in &NEIGHBOR {
            let mut x = nb[usize::from(s)];
            while x != NONE && (self.empty & (1 << x)) != 0 {
                x = nb[usize::from(x)];
            }
            if x == NONE {
                continue;
            }
            let xb = 1u32 << x;
            if (self.opp & !captured & xb) == 0 {
                continue; // own piece, or a piece already captured (it stays and blocks)
            }
            let mut y = nb[usize::from(x)];
            while y != NONE && (self.empty & (1 << y)) != 0 && len < MAX_PATH {
                any = true;
                self.path[len] = y;
                self.flying(y, captured | xb, len + 1);
                y = nb[usize::from(y)];
            }
        }
        if !any && len > 1 {
            self.sink.capture(&self.path[..len], captured);
        }
        any || len > 1
    }
}

/// The pieces of the side to move that can capture with short kings (men and kings; with
/// flying kings the men among them are the men that can capture).
#[inline(always)]
pub(crate) fn capturers(pos: &Position) -> u32 {
    match pos.turn {
        Color::Black => capturers_rel::<BlackSide>(Rel::of(pos)),
        Color::White => capturers_rel::<WhiteSide>(Rel::of(pos)),
    }
}

#[inline(always)]
fn capturers_rel<Sd: Side>(b: Rel) -> u32 {
    let empty = !(b.me | b.opp);
    short_capturers::<Sd>(b.me & !b.kings, b.me & b.kings, b.opp, empty)
}

/// Hands every legal move of `pos` to `sink`.
pub(crate) fn generate<S: Sink>(pos: &Position, kings: KingMoves, sink: &mut S) {
    generate_cached(pos, kings, capturers(pos), sink);
}

/// [`generate`] with the side to move's [`capturers`] already known.
pub(crate) fn generate_cached<S: Sink>(
    pos: &Position,
    kings: KingMoves,
    capturers: u32,
    sink: &mut S,
) {
    let flying = kings == KingMoves::Flying;
    match pos.turn {
        Color::Black => generate_for::<BlackSide, S>(Rel::of(pos), flying, capturers, sink),
        Color::White => generate_for::<WhiteSide, S>(Rel::of(pos), flying, capturers, sink),
    }
}

/// [`generate_for`] computing the capturers; with short kings through [`Mobility`], whose
/// steps are then handed out as they are.
#[inline(always)]
fn generate_rel<Sd: Side, S: Sink>(b: Rel, flying: bool, sink: &mut S) {
    if flying {
        let empty = !(b.me | b.opp);
        let capturers = short_capturers::<Sd>(b.me & !b.kings, 0, b.opp, empty);
        generate_for::<Sd, S>(b, true, capturers, sink);
        return;
    }
    let m = Mobility::of_rel::<Sd>(b);
    if m.capturers == 0 {
        m.each_step(sink);
    } else {
        generate_for::<Sd, S>(b, false, m.capturers, sink);
    }
}

#[inline(always)]
fn generate_for<Sd: Side, S: Sink>(b: Rel, flying: bool, capturers: u32, sink: &mut S) {
    let empty = !(b.me | b.opp);
    let kings = b.me & b.kings;
    let men = b.me & !b.kings;
    // With flying kings only the men's short captures count here; kings are walked below.
    let mut capturers = if flying { capturers & men } else { capturers };
    let mut emitted = false;
    if capturers != 0 || (flying && kings != 0) {
        let mut walk = Walk {
            sink,
            opp: b.opp,
            empty,
            crown: crown_row(Sd::WHITE),
            path: [0; MAX_PATH],
        };
        while capturers != 0 {
            let s = capturers.trailing_zeros();
            capturers &= capturers - 1;
            let sb = 1u32 << s;
            walk.empty = empty | sb; // the moving piece has left its square
            walk.path[0] = s as u8;
            if (men & sb) != 0 {
                if Sd::WHITE {
                    walk.short::<0b1100, true>(s as u8, 0, 1);
                } else {
                    walk.short::<0b0011, true>(s as u8, 0, 1);
                }
            } else {
                walk.short::<0b1111, false>(s as u8, 0, 1);
            }
            emitted = true;
        }
        if flying {
            let mut k = kings;
            while k != 0 {
                let s = k.trailing_zeros();
                k &= k - 1;
                walk.empty = empty | (1 << s);
                walk.path[0] = s as u8;
                emitted |= walk.flying(s as u8, 0, 1);
            }
        }
    }
    if emitted {
        return; // D8: capturing is compulsory
    }
    // Flying kings slide (below); everything else steps one square.
    let (fwd_movers, back_movers) = if flying { (men, 0) } else { (b.me, kings) };
    for (d, pairs) in PAIRS.iter().enumerate() {
        let movers = if forward_bits(Sd::WHITE) & (1 << d) != 0 {
            fwd_movers
        } else {
            back_movers
        };
        if movers == 0 {
            continue;
        }
        for &(mask, k) in pairs {
            let mut targets = if k > 0 {
                (movers & mask) << k
            } else {
                (movers & mask) >> -k
            } & empty;
            while targets != 0 {
                let t = targets.trailing_zeros();
                targets &= targets - 1;
                sink.quiet((t as i32 - k) as u32, t);
            }
        }
    }
    if flying {
        let mut k = kings;
        while k != 0 {
            let s = k.trailing_zeros();
            k &= k - 1;
            for nb in &NEIGHBOR {
                let mut x = nb[s as usize];
                while x != NONE && (empty & (1 << x)) != 0 {
                    sink.quiet(s, u32::from(x));
                    x = nb[usize::from(x)];
                }
            }
        }
    }
}

/// What the side to move can do, worked out once per ply: the pieces that can capture
/// with short kings ([`capturers`]) and, when none can, its steps (short kings) as target
/// squares, by the kind of index change ([`by4`], [`by35`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mobility {
    pub(crate) capturers: u32,
    /// The empty squares that a piece of the side to move reaches by one step: `steps[0]`
    /// down by 4, `steps[1]` down by 3 or 5, `steps[2]` up by 4, `steps[3]` up by 3 or 5
    /// (a target's row tells which diagonal, see [`STEP_GROUPS`]); all 0 when a capture
    /// exists (D8: no step is legal then).
    pub(crate) steps: [u32; 4],
}

impl Mobility {
    #[inline(always)]
    pub(crate) fn of(pos: &Position) -> Mobility {
        match pos.turn {
            Color::Black => Mobility::of_rel::<BlackSide>(Rel::of(pos)),
            Color::White => Mobility::of_rel::<WhiteSide>(Rel::of(pos)),
        }
    }

    /// One step from the movers, down and up, gives both the steps and, one step further
    /// over an opposing piece, the jumps; only when a jump exists are the jumps stepped back
    /// to the pieces that make them. A step of each kind (by 4, by 3 or 5) covers both
    /// diagonals of a vertical direction at once; a jump is one step of each kind.
    #[inline(always)]
    fn of_rel<Sd: Side>(b: Rel) -> Mobility {
        let empty = !(b.me | b.opp);
        let kings = b.me & b.kings;
        let mut steps = [0; 4];
        // Jump landings, by the kind of their first step: by 4, by 3 or 5; down, up.
        let mut landings = [0; 4];
        let mut go = |down: bool, movers: u32| {
            let i = if down { 0 } else { 2 };
            let (n4, n35) = (by4(movers, down), by35(movers, down));
            steps[i] = n4 & empty;
            steps[i + 1] = n35 & empty;
            landings[i] = by35(n4 & b.opp, down) & empty;
            landings[i + 1] = by4(n35 & b.opp, down) & empty;
        };
        // Forwards every piece, backwards the kings.
        go(!Sd::WHITE, b.me);
        if kings != 0 {
            go(Sd::WHITE, kings);
        }
        if landings == [0; 4] {
            return Mobility {
                capturers: 0,
                steps,
            };
        }
        // Back over the captured piece to the capturer, undoing the last step first.
        let [d4, d35, u4, u35] = landings;
        let capturers = by4(by35(d4, false), false)
            | by35(by4(d35, false), false)
            | by4(by35(u4, true), true)
            | by35(by4(u35, true), true);
        Mobility {
            capturers,
            steps: [0; 4],
        }
    }

    /// Whether the side to move has a legal move. The answer is the same with short and
    /// flying kings: a flying king that can neither step nor jump an adjacent piece is
    /// blocked on every diagonal.
    #[inline(always)]
    pub(crate) fn has_moves(&self) -> bool {
        let [a, b, c, d] = self.steps;
        self.capturers | a | b | c | d != 0
    }

    /// The number of steps: one population count for each vertical direction.
    #[inline(always)]
    pub(crate) fn count_steps(&self) -> u64 {
        let [a, b, c, d] = self.steps;
        // Without kings, one side's two directions are empty.
        if c | d == 0 {
            count_pair(a, b)
        } else if a | b == 0 {
            count_pair(c, d)
        } else {
            count_pair(a, b) + count_pair(c, d)
        }
    }

    /// Hands every step to `sink`, in [`generate`]'s order (see [`Mobility::nth_step`]).
    #[inline(always)]
    fn each_step<S: Sink>(&self, sink: &mut S) {
        for &(set, rows, k) in &STEP_GROUPS {
            let mut targets = self.steps[set] & rows;
            while targets != 0 {
                let t = targets.trailing_zeros();
                targets &= targets - 1;
                sink.quiet((t as i32 - k) as u32, t);
            }
        }
    }

    /// The `n`-th step (from 0), in [`generate`]'s order: by direction, then by the
    /// direction's two index offsets ([`PAIRS`]), then by target square ([`STEP_GROUPS`]).
    #[inline(always)]
    pub(crate) fn nth_step(&self, mut n: u64) -> Option<Move> {
        for &(set, rows, k) in &STEP_GROUPS {
            let mut targets = self.steps[set] & rows;
            while targets != 0 {
                let t = targets.trailing_zeros();
                if n == 0 {
                    return Some(Move::quiet((t as i32 - k) as u32, t));
                }
                n -= 1;
                targets &= targets - 1;
            }
        }
        None
    }
}

/// The steps in [`generate`]'s order: by direction `d`, then by the index offset `k` of
/// [`PAIRS`]`[d]`. Each is the targets of one [`Mobility::steps`] set on the rows that the
/// offset reaches: (set, rows, offset).
const STEP_GROUPS: [(usize, u32, i32); 8] = [
    (0, ODD_ROWS, 4),
    (1, EVEN_ROWS, 3),
    (0, EVEN_ROWS, 4),
    (1, ODD_ROWS, 5),
    (2, ODD_ROWS, -4),
    (3, EVEN_ROWS, -5),
    (2, EVEN_ROWS, -4),
    (3, ODD_ROWS, -3),
];

// Each group is one (direction, offset) pair of `PAIRS`, in its order: the pair's targets
// lie on the group's rows, in the group's set (by 4 or not; down for directions 0 and 1).
const _: () = {
    let mut d = 0;
    while d < 4 {
        let mut p = 0;
        while p < 2 {
            let (mask, k) = PAIRS[d][p];
            let targets = if k > 0 { mask << k } else { mask >> -k };
            let (set, rows, offset) = STEP_GROUPS[2 * d + p];
            let want = if d < 2 { 0 } else { 2 } + if k == 4 || k == -4 { 0 } else { 1 };
            assert!(offset == k && set == want && targets & !rows == 0);
            p += 1;
        }
        d += 1;
    }
};

/// When only men can capture (`capturers`, none of them a king) and every capture is a
/// single jump (no landing square, short of the crowning row, allows another: the bulk test
/// of perft), the men that jump in each forward direction; `None` otherwise (short kings).
#[inline(always)]
pub(crate) fn single_jumps(pos: &Position, capturers: u32) -> Option<(u32, u32)> {
    match pos.turn {
        Color::Black => single_jumps_for::<BlackSide>(Rel::of(pos), capturers),
        Color::White => single_jumps_for::<WhiteSide>(Rel::of(pos), capturers),
    }
}

#[inline(always)]
fn single_jumps_for<Sd: Side>(b: Rel, capturers: u32) -> Option<(u32, u32)> {
    if capturers & b.kings != 0 {
        return None;
    }
    let empty = !(b.me | b.opp);
    let fwd = !Sd::WHITE;
    // The landings of jumps whose first step is by 4, and by 3 or 5.
    let j4 = by35(by4(capturers, fwd) & b.opp, fwd) & empty;
    let j35 = by4(by35(capturers, fwd) & b.opp, fwd) & empty;
    // Going on forward never meets the vacated start or the captured piece, both behind.
    let go_on = (j4 | j35) & !crown_row(Sd::WHITE);
    let more = (by35(by4(go_on, fwd) & b.opp, fwd) | by4(by35(go_on, fwd) & b.opp, fwd)) & empty;
    if more != 0 {
        return None;
    }
    let o4 = by4(by35(j4, !fwd), !fwd);
    let o35 = by35(by4(j35, !fwd), !fwd);
    // From an even row a step by 4 is the first forward direction's (down-left, up-left).
    Some((
        (o4 & EVEN_ROWS) | (o35 & ODD_ROWS),
        (o4 & ODD_ROWS) | (o35 & EVEN_ROWS),
    ))
}

/// The `n`-th (from 0) of [`single_jumps`]' captures, in [`generate`]'s order: by starting
/// square, then direction.
pub(crate) fn nth_single_jump(pos: &Position, (o0, o1): (u32, u32), mut n: u64) -> Option<Move> {
    let (f0, f1) = match pos.turn {
        Color::Black => (0, 1),
        Color::White => (2, 3),
    };
    let mut origins = o0 | o1;
    while origins != 0 {
        let s = origins.trailing_zeros();
        origins &= origins - 1;
        for (set, d) in [(o0, f0), (o1, f1)] {
            if set & (1 << s) != 0 {
                if n == 0 {
                    return Some(Move::jump(s, d));
                }
                n -= 1;
            }
        }
    }
    None
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn quiet(&mut self, _: u32, _: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn capture(&mut self, _: &[u8], _: u32) {
        self.0 += 1;
    }
}

/// The number of legal moves of `pos`, counting quiet moves in bulk.
pub(crate) fn count_moves(pos: &Position, kings: KingMoves) -> u64 {
    let flying = kings == KingMoves::Flying;
    match pos.turn {
        Color::Black => count_for::<BlackSide>(Rel::of(pos), flying),
        Color::White => count_for::<WhiteSide>(Rel::of(pos), flying),
    }
}

/// The directions of the side to move: forwards (two) and backwards (two).
#[inline(always)]
const fn dirs<Sd: Side>() -> (usize, usize, usize, usize) {
    if Sd::WHITE {
        (2, 3, 0, 1)
    } else {
        (0, 1, 2, 3)
    }
}

#[inline(always)]
fn count_for<Sd: Side>(b: Rel, flying: bool) -> u64 {
    let empty = !(b.me | b.opp);
    let kings = b.me & b.kings;
    if flying && kings != 0 {
        let mut c = Counter(0);
        generate_rel::<Sd, Counter>(b, true, &mut c);
        return c.0;
    }
    // One step per direction serves both the quiet count and the capture test.
    let (f0, f1, b0, b1) = dirs::<Sd>();
    let s0 = step(b.me, f0);
    let s1 = step(b.me, f1);
    let j0 = step(s0 & b.opp, f0) & empty;
    let j1 = step(s1 & b.opp, f1) & empty;
    if kings == 0 {
        if j0 | j1 == 0 {
            return count_pair(s0 & empty, s1 & empty);
        }
        // Men only: when no landing square (short of the crowning row) allows a further
        // jump, every capture is a single jump and they can be counted in bulk. Going on
        // forward never meets the vacated start or the captured piece, both behind.
        let go_on = (j0 | j1) & !crown_row(Sd::WHITE);
        let more = (step(step(go_on, f0) & b.opp, f0) | step(step(go_on, f1) & b.opp, f1)) & empty;
        if more == 0 {
            return count_pair(j0, j1);
        }
    } else {
        let (s2, s3) = (step(kings, b0), step(kings, b1));
        let jumps = j0 | j1 | ((step(s2 & b.opp, b0) | step(s3 & b.opp, b1)) & empty);
        if jumps == 0 {
            return count_pair(s0 & empty, s1 & empty) + count_pair(s2 & empty, s3 & empty);
        }
    }
    let mut c = Counter(0);
    generate_rel::<Sd, Counter>(b, false, &mut c);
    c.0
}

/// The number of set bits of `a` and `b` together: one 64-bit population count, which
/// costs the same as a 32-bit one where the CPU has no population count instruction (the
/// baseline x86-64 target).
#[inline(always)]
pub(crate) fn count_pair(a: u32, b: u32) -> u64 {
    u64::from((u64::from(a) | (u64::from(b) << 32)).count_ones())
}

struct PerftSink<Sd: Side> {
    board: Rel,
    depth: u32,
    flying: bool,
    nodes: u64,
    side: core::marker::PhantomData<Sd>,
}

impl<Sd: Side> Sink for PerftSink<Sd> {
    #[inline(always)]
    fn quiet(&mut self, from: u32, to: u32) {
        let child = self.board.after::<Sd>(from, to, 0);
        self.nodes += perft_rel::<Sd::Other>(child, self.depth, self.flying);
    }
    #[inline(always)]
    fn capture(&mut self, path: &[u8], captured: u32) {
        let from = u32::from(path[0]);
        let to = u32::from(path[path.len() - 1]);
        let child = self.board.after::<Sd>(from, to, captured);
        self.nodes += perft_rel::<Sd::Other>(child, self.depth, self.flying);
    }
}

/// The sink two plies above the leaves: each move's child is counted in bulk right here,
/// with no call per child.
struct LeafParent<Sd: Side> {
    board: Rel,
    flying: bool,
    nodes: u64,
    side: core::marker::PhantomData<Sd>,
}

impl<Sd: Side> Sink for LeafParent<Sd> {
    #[inline(always)]
    fn quiet(&mut self, from: u32, to: u32) {
        let child = self.board.after::<Sd>(from, to, 0);
        self.nodes += count_for::<Sd::Other>(child, self.flying);
    }
    #[inline(always)]
    fn capture(&mut self, path: &[u8], captured: u32) {
        let from = u32::from(path[0]);
        let to = u32::from(path[path.len() - 1]);
        let child = self.board.after::<Sd>(from, to, captured);
        self.nodes += count_for::<Sd::Other>(child, self.flying);
    }
}

fn perft_rel<Sd: Side>(b: Rel, depth: u32, flying: bool) -> u64 {
    match depth {
        0 => 1,
        1 => count_for::<Sd>(b, flying),
        2 => {
            let mut sink = LeafParent::<Sd> {
                board: b,
                flying,
                nodes: 0,
                side: core::marker::PhantomData,
            };
            generate_rel::<Sd, _>(b, flying, &mut sink);
            sink.nodes
        }
        _ => {
            let mut sink = PerftSink::<Sd> {
                board: b,
                depth: depth - 1,
                flying,
                nodes: 0,
                side: core::marker::PhantomData,
            };
            generate_rel::<Sd, _>(b, flying, &mut sink);
            sink.nodes
        }
    }
}

pub(crate) fn perft_raw(pos: &Position, depth: u32, kings: KingMoves) -> u64 {
    let flying = kings == KingMoves::Flying;
    match pos.turn {
        Color::Black => perft_rel::<BlackSide>(Rel::of(pos), depth, flying),
        Color::White => perft_rel::<WhiteSide>(Rel::of(pos), depth, flying),
    }
}

/// Collects moves into a caller's vector.
pub(crate) struct Collect<'a>(pub(crate) &'a mut Vec<Move>);

impl Sink for Collect<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        self.0.push(Move::quiet(from, to));
    }
    fn capture(&mut self, path: &[u8], captured: u32) {
        self.0.push(Move::capture(path, captured));
    }
}

/// Looks for one move among the generated ones.
pub(crate) struct Find<'a> {
    pub(crate) target: &'a Move,
    pub(crate) found: bool,
}

impl Sink for Find<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        let t = self.target;
        if !t.is_capture()
            && t.len == 2
            && u32::from(t.path[0]) == from
            && u32::from(t.path[1]) == to
        {
            self.found = true;
        }
    }
    fn capture(&mut self, path: &[u8], captured: u32) {
        if self.target.captured == captured && self.target.raw_path() == path {
            self.found = true;
        }
    }
}

/// Whether `mv` is legal in `pos` with short kings, checked jump by jump along its path
/// (no full generation).
pub(crate) fn is_legal_short(pos: &Position, mv: &Move) -> bool {
    is_legal_short_cached(pos, mv, &Mobility::of(pos))
}

/// `STEP_SET[s][t]`: the [`Mobility::steps`] set that holds the step from index `s` to
/// index `t`, or 4 when `t` is not a neighbour of `s`.
const STEP_SET: [[u8; 32]; 32] = {
    let mut t = [[4u8; 32]; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            let n = NEIGHBOR[d][s];
            if n != NONE {
                let by_4 = n as usize == s + 4 || n as usize + 4 == s;
                t[s][n as usize] = if d < 2 { 0 } else { 2 } + if by_4 { 0 } else { 1 };
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// [`is_legal_short`] with the position's [`Mobility`] already known.
#[inline(always)]
pub(crate) fn is_legal_short_cached(pos: &Position, mv: &Move, mobility: &Mobility) -> bool {
    if !mv.is_capture() {
        // A step: legal when it is one of the side to move's steps (D4, D12), which there
        // are none of when something can be captured (D8). Only `from` reaches `to` with
        // the step's index change, and only with a piece that may move that way.
        let (from, to) = (usize::from(mv.path[0]) & 31, usize::from(mv.path[1]) & 31);
        let set = STEP_SET[from][to];
        return mv.len == 2 && set < 4 && mobility.steps[usize::from(set)] & (1 << to) != 0;
    }
    match pos.turn {
        Color::Black => is_legal_short_for::<BlackSide>(Rel::of(pos), mv),
        Color::White => is_legal_short_for::<WhiteSide>(Rel::of(pos), mv),
    }
}

/// `JUMP_DIR[s][l]`: the direction of the jump from index `s` landing on index `l`, or 4.
const JUMP_DIR: [[u8; 32]; 32] = {
    let mut t = [[4u8; 32]; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            let j = JUMPS[s][d];
            if j.land != 0 {
                t[s][j.to as usize] = d as u8;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// A capture's legality, jump by jump along its path.
fn is_legal_short_for<Sd: Side>(b: Rel, mv: &Move) -> bool {
    let fb = 1u32 << (mv.path[0] & 31);
    if b.me & fb == 0 {
        false
    } else if b.kings & fb != 0 {
        jumps_legal::<0b1111, false>(b, mv, 0)
    } else if Sd::WHITE {
        jumps_legal::<0b1100, true>(b, mv, crown_row(true))
    } else {
        jumps_legal::<0b0011, true>(b, mv, crown_row(false))
    }
}

/// [`is_legal_short_for`] for a piece of the side to move jumping in the directions `DIRS`
/// (a man, crowned on `crown`, when `MAN`).
#[inline(always)]
fn jumps_legal<const DIRS: u8, const MAN: bool>(b: Rel, mv: &Move, crown: u32) -> bool {
    let path = mv.raw_path();
    let mut s = usize::from(path[0] & 31);
    let empty = !(b.me | b.opp) | (1 << s);
    // The opposing pieces not yet captured (A6: each at most once).
    let mut avail = b.opp;
    let mut crowned = false;
    for &l in path.iter().skip(1) {
        // 4 (no jump) is outside every direction set.
        let d = JUMP_DIR[s][usize::from(l & 31)];
        // D10, A4: nothing after crowning; a man only forwards.
        if crowned || DIRS & (1 << d) == 0 {
            return false;
        }
        let j = JUMPS[s][usize::from(d & 3)];
        if avail & j.over == 0 || empty & j.land == 0 {
            return false;
        }
        avail &= !j.over;
        crowned = MAN && j.land & crown != 0;
        s = usize::from(l & 31);
    }
    // A5: the sequence must be complete.
    b.opp & !avail == mv.captured_bits()
        && (crowned
            || !JUMPS[s]
                .iter()
                .enumerate()
                .any(|(d, j)| DIRS & (1 << d) != 0 && avail & j.over != 0 && empty & j.land != 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Draughts;
    use boardgame_core::{Game, GameRng};

    /// Every position of 40 seeded random games (short kings, WCDF draws adjudicated).
    fn played_positions() -> Vec<Position> {
        let game = Draughts::new(crate::Rules::wcdf().with_auto_adjudicate(true)).unwrap();
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for seed in 0..40 {
            let mut rng = GameRng::new(seed, 3);
            let mut s = game.new_initial_state();
            out.push(*s.position());
            while let Some(a) = game.sample_action(&s, &mut rng, &mut buf) {
                game.apply(&mut s, &a).unwrap();
                out.push(*s.position());
            }
        }
        out
    }

    #[test]
    fn mobility_agrees_with_the_generator() {
        // The capturers are the starts of the generated captures (D8); without one, the
        // steps are the generated moves, in the same order by `nth_step` and `each_step`.
        let mut moves = Vec::new();
        let positions = played_positions();
        assert!(positions.len() > 1000);
        for p in positions {
            p.legal_moves(KingMoves::Short, &mut moves);
            let m = Mobility::of(&p);
            let starts = moves
                .iter()
                .filter(|mv| mv.is_capture())
                .fold(0, |acc, mv| acc | mv.from().bit());
            assert_eq!(m.capturers, starts, "{p}");
            assert_eq!(m.has_moves(), !moves.is_empty(), "{p}");
            if m.capturers != 0 {
                assert_eq!(m.steps, [0; 4], "{p}");
                continue;
            }
            let n = moves.len() as u64;
            assert_eq!(m.count_steps(), n, "{p}");
            let nth: Vec<Move> = (0..n).filter_map(|i| m.nth_step(i)).collect();
            assert_eq!(nth, moves, "{p}");
            assert_eq!(m.nth_step(n), None);
            let mut each = Vec::new();
            m.each_step(&mut Collect(&mut each));
            assert_eq!(each, moves, "{p}");
        }
    }

    #[test]
    fn single_jumps_agree_with_the_generator() {
        // D5, D8, A5: when only men capture and no capture goes on, `single_jumps` lists
        // exactly the generated captures, in their order; otherwise it declines.
        let mut moves = Vec::new();
        let (mut counted, mut beside_kings, mut declined) = (0, 0, 0);
        for p in played_positions() {
            let m = Mobility::of(&p);
            if m.capturers == 0 {
                continue;
            }
            p.legal_moves(KingMoves::Short, &mut moves);
            let kings_capture = m.capturers & p.kings != 0;
            let all_single = moves.iter().all(|mv| mv.num_captured() == 1);
            match single_jumps(&p, m.capturers) {
                Some(jumps) => {
                    assert!(!kings_capture && all_single, "{p}");
                    let n = count_pair(jumps.0, jumps.1);
                    assert_eq!(n, moves.len() as u64, "{p}");
                    let nth: Vec<Move> = (0..n)
                        .filter_map(|i| nth_single_jump(&p, jumps, i))
                        .collect();
                    assert_eq!(nth, moves, "{p}");
                    assert_eq!(nth_single_jump(&p, jumps, n), None);
                    counted += 1;
                    if p.side(p.turn()) & p.kings != 0 {
                        beside_kings += 1;
                    }
                }
                None => {
                    assert!(kings_capture || !all_single, "{p}");
                    declined += 1;
                }
            }
        }
        assert!(
            counted > 100 && beside_kings > 10 && declined > 10,
            "{counted} {beside_kings} {declined}"
        );
    }
}
