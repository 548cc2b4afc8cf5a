//! PDN move text: `11-15`, `15x24`, `15x24x31`, and the short form `15x31`.

use crate::bits::{NEIGHBOR, NONE};
use crate::movegen::{self, KingMoves, Move, Sink};
use crate::position::Position;
use crate::square::{Color, Role, Square, SquareError};
use boardgame_core::text::excerpt;

/// Why move text could not be turned into a legal move.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, MoveTextError, Position};
/// let pos: Position = "B:W9,10,17,18:B6".parse()?;
/// // Two capture paths lead from 6 to 22: give a landing square in between.
/// assert!(matches!(
///     pos.parse_move("6x22", KingMoves::Short),
///     Err(MoveTextError::Ambiguous { count: 2, .. })
/// ));
/// assert!(pos.parse_move("6x13x22", KingMoves::Short).is_ok());
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveTextError {
    /// Not squares joined by one kind of separator: `-` (a step, or a capture in
    /// traditional notation), `x` or `:` (a capture).
    #[error("bad move text {0:?}: expected squares joined by '-', 'x' or ':'")]
    Syntax(String),
    /// A square that is not a number 1-32.
    #[error(transparent)]
    Square(#[from] SquareError),
    /// The move starts on a piece of the side not to move.
    #[error("square {square} holds a {} piece, but {turn} is to move", turn.opponent())]
    WrongSide {
        /// The starting square.
        square: Square,
        /// The side to move.
        turn: Color,
    },
    /// Well formed, but no legal move matches.
    #[error("{text} is not a legal move here")]
    Illegal {
        /// The text given.
        text: String,
    },
    /// Read under short kings (D12, A3), text that no legal move matches but that names one
    /// legal move here under flying kings (V2): a king's long move or long jump, of a kind
    /// short kings lack altogether (the move, as [`PlayError::FlyingMove`] refuses it).
    ///
    /// [`PlayError::FlyingMove`]: crate::PlayError::FlyingMove
    #[error("{0} is a flying king's move, and these rules' kings are short")]
    FlyingMove(Move),
    /// Several legal moves match the short form; give more landing squares.
    #[error("{text} is ambiguous: {count} legal moves match, give every landing square")]
    Ambiguous {
        /// The text given.
        text: String,
        /// How many moves match.
        count: usize,
    },
}

struct Matcher<'a> {
    squares: &'a [u8],
    /// Whether steps may match (captures always may).
    quiet: bool,
    count: usize,
    found: Option<Move>,
    exact: Option<Move>,
}

impl Matcher<'_> {
    fn consider(&mut self, path: &[u8], mv: impl FnOnce() -> Move) {
        let given = self.squares;
        if given.first() != path.first() || given.last() != path.last() || given.len() > path.len()
        {
            return;
        }
        // The inner squares given must appear in the path, in order.
        let mut rest = &path[1..path.len() - 1];
        for g in &given[1..given.len() - 1] {
            match rest.iter().position(|p| p == g) {
                Some(i) => rest = &rest[i + 1..],
                None => return,
            }
        }
        self.count += 1;
        if given.len() == path.len() {
            // Every square given: this path and no other (a path fixes its captures).
            self.exact = Some(mv());
        } else if self.found.is_none() {
            self.found = Some(mv());
        }
    }
}

impl Sink for Matcher<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        if self.quiet {
            self.consider(&[from as u8, to as u8], || Move::quiet(from, to));
        }
    }
    fn capture(&mut self, path: &[u8], captured: u32) {
        self.consider(path, || Move::capture(path, captured));
    }
}

/// Whether squares (indices) `a` and `b` are diagonal neighbours: a step can join them.
fn neighbours(a: u8, b: u8) -> bool {
    NEIGHBOR.iter().any(|nb| nb[usize::from(a)] == b)
}

/// The short-king move with every square of its path given: a step between neighbours, or
/// jumps of two squares each (taking the square between); `None` for anything else.
fn full_short_path(squares: &[u8], capture: bool) -> Option<Move> {
    if !capture {
        let (from, to) = (u32::from(squares[0]), u32::from(squares[1]));
        return NEIGHBOR
            .iter()
            .any(|nb| u32::from(nb[from as usize]) == to)
            .then(|| Move::quiet(from, to));
    }
    let mut captured = 0u32;
    for leg in squares.windows(2) {
        let over = NEIGHBOR.iter().find_map(|nb| {
            let mid = nb[usize::from(leg[0])];
            (mid != NONE && nb[usize::from(mid)] == leg[1]).then_some(mid)
        })?;
        captured |= 1 << over;
    }
    (captured.count_ones() as usize == squares.len() - 1).then(|| Move::capture(squares, captured))
}

impl Position {
    /// Reads PDN move text against this position: `11-15` (a step), `15x24` or `15x24x31`
    /// (captures with every landing square), or a short form such as `15x31` that leaves
    /// landing squares out when only one legal move fits. Spaces around the text are
    /// ignored; a trailing `*` or `+` is not allowed.
    ///
    /// What archives write is read too: `:` as the capture separator (`15:24`, the PDN
    /// reading grammar), and captures written with `-` as traditional checkers notation
    /// does (`15-24`, `15-24-31`; a capture is compulsory, D8, so a text never fits both a
    /// step and a capture). One text uses one kind of separator.
    ///
    /// # Errors
    ///
    /// [`MoveTextError`]: malformed text, a square outside 1-32, a move of the other side's
    /// piece, no legal move matching, or several legal moves matching a short form.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{KingMoves, MoveTextError, Position};
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_move("11-15", KingMoves::Short)?.to_string(), "11-15");
    /// assert!(matches!(pos.parse_move("12-17", KingMoves::Short), Err(MoveTextError::Illegal { .. })));
    /// // Traditional notation: a capture written with '-'.
    /// let pos: Position = "W:W19:B15,6".parse().unwrap();
    /// assert_eq!(pos.parse_move("19-1", KingMoves::Short)?.to_string(), "19x10x1");
    /// # Ok::<(), MoveTextError>(())
    /// ```
    pub fn parse_move(&self, text: &str, kings: KingMoves) -> Result<Move, MoveTextError> {
        let t = text.trim();
        let syntax = || MoveTextError::Syntax(excerpt(text));
        let has_x = t.contains(['x', 'X']);
        let has_colon = t.contains(':');
        let has_dash = t.contains('-');
        // One kind of separator: `-`, `x` or the reading grammar's `:`.
        if usize::from(has_x) + usize::from(has_colon) + usize::from(has_dash) != 1 {
            return Err(syntax());
        }
        let mut squares = [0u8; movegen::MAX_PATH];
        let mut n = 0;
        for part in t.split(['x', 'X', ':', '-']) {
            if n == squares.len() {
                return Err(syntax());
            }
            let sq: Square = part.parse().map_err(|e| match e {
                SquareError::NotANumber(_) => syntax(),
                other => MoveTextError::Square(other),
            })?;
            squares[n] = sq.index() as u8;
            n += 1;
        }
        if n < 2 {
            return Err(syntax());
        }
        // `-` joins the two squares of a step. Traditional checkers notation (and archives
        // copied from it) writes captures with `-` too (`10-17 21-14`), so a `-` text may
        // name a capture: steps and captures are never legal together (D8), so at most
        // one kind matches.
        let quiet = has_dash && n == 2;
        if kings == KingMoves::Short {
            // The usual case, a full path of short-king steps or jumps: check that one move
            // instead of generating them all (two neighbours can only be a step).
            let jumps = !quiet || !neighbours(squares[0], squares[1]);
            if let Some(mv) = full_short_path(&squares[..n], jumps)
                && movegen::is_legal_short(self, &mv)
            {
                return Ok(mv);
            }
        }
        let mut m = Matcher {
            squares: &squares[..n],
            quiet,
            count: 0,
            found: None,
            exact: None,
        };
        movegen::generate(self, kings, &mut m);
        match (m.exact, m.found, m.count) {
            (Some(mv), _, _) | (None, Some(mv), 1) => Ok(mv),
            (None, None, _) => {
                let from = Square::from_index(u32::from(squares[0]));
                match self.piece_at(from) {
                    Some(p) if p.color != self.turn => Err(MoveTextError::WrongSide {
                        square: from,
                        turn: self.turn,
                    }),
                    // A king's move that only flying kings make (V2), as `Draughts::play`
                    // refuses it.
                    Some(p) if p.role == Role::King && kings == KingMoves::Short => {
                        match self.parse_move(t, KingMoves::Flying) {
                            Ok(mv) => Err(MoveTextError::FlyingMove(mv)),
                            Err(_) => Err(MoveTextError::Illegal { text: excerpt(t) }),
                        }
                    }
                    _ => Err(MoveTextError::Illegal { text: excerpt(t) }),
                }
            }
            (None, Some(_), count) => Err(MoveTextError::Ambiguous {
                text: excerpt(t),
                count,
            }),
        }
    }

    /// Move text for a legal move: `11-15` for a step, the short form `from x to` for a
    /// capture when no other legal move shares its start and end, otherwise every landing
    /// square (`15x24x31`).
    #[must_use]
    pub fn move_text(&self, mv: &Move, kings: KingMoves) -> String {
        if mv.is_capture() && mv.path().len() > 2 {
            let short = [mv.from().index() as u8, mv.to().index() as u8];
            let mut m = Matcher {
                squares: &short,
                quiet: false,
                count: 0,
                found: None,
                exact: None,
            };
            movegen::generate(self, kings, &mut m);
            if m.count == 1 {
                return format!("{}x{}", mv.from(), mv.to());
            }
        }
        mv.to_string()
    }
}
