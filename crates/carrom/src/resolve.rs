//! Resolving one stroke from its physics events, in the rules file's reference order.

use boardgame_core::Seat;
use disc_physics::Vec2;

use crate::geometry::{
    CENTRE_SPOT_RADIUS, HALF_SIZE, PIECE_RADIUS, POCKET_RADIUS, Side, pocket_centres, sin_cos,
};
use crate::rules::{BoardEndScoring, BothLastPieces, PenaltyPoints, QueenWithFirstPiece, Rules};
use crate::state::{
    BoardEnd, BoardResult, Colour, MEN_PER_COLOUR, PIECES, Phase, Piece, QueenState, SetupError,
    State, check_pieces, colour_mask, team_of,
};

/// What one stroke did, as the rules need it: the physics layer's events boiled down. Build
/// one by hand to feed the rules a constructed situation.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Colour, Piece, Outcome};
/// let ev = Outcome::counted()
///     .pocket(Piece::man(Colour::White, 0).unwrap())
///     .pocket(Piece::QUEEN);
/// assert_eq!(ev.pocketed().len(), 2);
/// ```
///
/// With the `serde` feature it serializes with its pocketed pieces as a list of ids in the
/// order they dropped (`pocketed`) and the pieces that jumped off the board as a list of ids
/// (`jumped`, ascending), and deserializes only when those lists name existing pieces (ids
/// 0-18), each once ([`EventsError::NoSuchPocketed`], [`EventsError::PocketedTwice`] and
/// the like). What depends on the position (a piece that is not on the board, one both
/// pocketed and jumped, a final position off the board) is [`crate::Carrom::resolve`]'s to
/// refuse, with the same error.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "OutcomeData", into = "OutcomeData")
)]
pub struct Outcome {
    /// The striker left the base line at some point (C4). A stroke that touches a piece
    /// always counts as leaving.
    pub left_base_line: bool,
    /// The striker touched at least one piece (what makes a break attempt succeed, A5).
    pub touched_piece: bool,
    /// The striker fell into a pocket (C10).
    pub striker_pocketed: bool,
    /// The striker jumped off the board (A8).
    pub striker_left_board: bool,
    order: [u8; PIECES],
    n_pocketed: u8,
    left_board: u32,
    /// Positions of the pieces at rest after the stroke, by id; `None` leaves a piece where
    /// it was (pocketed and jumped pieces are taken off regardless).
    pub final_positions: [Option<Vec2>; PIECES],
}

impl Outcome {
    /// A stroke that left the base line and touched a piece, with nothing pocketed yet.
    #[must_use]
    pub fn counted() -> Outcome {
        Outcome {
            left_base_line: true,
            touched_piece: true,
            ..Outcome::void()
        }
    }

    /// A stroke in which the striker never left the base line (C4).
    #[must_use]
    pub fn void() -> Outcome {
        Outcome {
            left_base_line: false,
            touched_piece: false,
            striker_pocketed: false,
            striker_left_board: false,
            order: [0; PIECES],
            n_pocketed: 0,
            left_board: 0,
            final_positions: [None; PIECES],
        }
    }

    /// A stroke that left the base line but touched nothing.
    #[must_use]
    pub fn missed() -> Outcome {
        Outcome {
            left_base_line: true,
            ..Outcome::void()
        }
    }

    /// Adds `piece` to the pocketed pieces, in order (a repeated piece is kept once).
    #[must_use]
    pub fn pocket(mut self, piece: Piece) -> Outcome {
        self.push_pocketed(piece);
        self
    }

    /// Marks the striker as pocketed.
    #[must_use]
    pub fn striker_pocketed(mut self) -> Outcome {
        self.striker_pocketed = true;
        self.left_base_line = true;
        self
    }

    /// Marks `piece` as having jumped off the board.
    #[must_use]
    pub fn jump(mut self, piece: Piece) -> Outcome {
        self.left_board |= 1 << piece.id();
        self
    }

    pub(crate) fn push_jumped(&mut self, piece: Piece) {
        self.left_board |= 1 << piece.id();
    }

    pub(crate) fn push_pocketed(&mut self, piece: Piece) {
        if !self.pocketed().contains(&piece.id()) && (self.n_pocketed as usize) < PIECES {
            self.order[self.n_pocketed as usize] = piece.id();
            self.n_pocketed += 1;
        }
    }

    /// Piece ids pocketed, in the order they dropped.
    #[must_use]
    pub fn pocketed(&self) -> &[u8] {
        &self.order[..self.n_pocketed as usize]
    }

    /// Whether `piece` jumped off the board.
    #[must_use]
    pub fn jumped(&self, piece: Piece) -> bool {
        self.left_board & (1 << piece.id()) != 0
    }
}

/// The serialized form of an [`Outcome`]: its flags, the pocketed pieces in order, the
/// jumped pieces and the final positions; checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct OutcomeData {
    left_base_line: bool,
    touched_piece: bool,
    striker_pocketed: bool,
    striker_left_board: bool,
    pocketed: Vec<u8>,
    jumped: Vec<u8>,
    final_positions: [Option<Vec2>; PIECES],
}

#[cfg(feature = "serde")]
impl TryFrom<OutcomeData> for Outcome {
    type Error = EventsError;
    fn try_from(d: OutcomeData) -> Result<Outcome, EventsError> {
        let mut out = Outcome {
            left_base_line: d.left_base_line,
            touched_piece: d.touched_piece,
            striker_pocketed: d.striker_pocketed,
            striker_left_board: d.striker_left_board,
            final_positions: d.final_positions,
            ..Outcome::void()
        };
        for &id in &d.pocketed {
            let piece = Piece::new(id).ok_or(EventsError::NoSuchPocketed(id))?;
            if out.pocketed().contains(&id) {
                return Err(EventsError::PocketedTwice(id));
            }
            // Distinct ids of the 19 pieces: never more than `PIECES`, so none is dropped.
            out.push_pocketed(piece);
        }
        for &id in &d.jumped {
            let piece = Piece::new(id).ok_or(EventsError::NoSuchJumped(id))?;
            if out.jumped(piece) {
                return Err(EventsError::JumpedTwice(id));
            }
            out.push_jumped(piece);
        }
        Ok(out)
    }
}

#[cfg(feature = "serde")]
impl From<Outcome> for OutcomeData {
    fn from(o: Outcome) -> OutcomeData {
        OutcomeData {
            left_base_line: o.left_base_line,
            touched_piece: o.touched_piece,
            striker_pocketed: o.striker_pocketed,
            striker_left_board: o.striker_left_board,
            pocketed: o.pocketed().to_vec(),
            jumped: (0..PIECES as u8)
                .filter(|&i| o.left_board & (1 << i) != 0)
                .collect(),
            final_positions: o.final_positions,
        }
    }
}

/// Events that cannot have happened: in the position they are applied to
/// ([`crate::Carrom::resolve`]), or at all (an [`Outcome`] read with the `serde` feature whose
/// lists of pieces name a piece that does not exist, or one piece twice).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour, Outcome, Piece, PlayError};
/// let game = Carrom::default();
/// let mut state = game.initial_state(Seat::new(0))?;
/// let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
/// // A man cannot both drop and leave the board.
/// let err = game.resolve(&mut state, &Outcome::counted().pocket(white).jump(white));
/// assert!(matches!(err, Err(PlayError::Events(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// An outcome read back whose list names a piece twice:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lattjo_carrom::{Colour, Outcome, Piece};
/// let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
/// let json = serde_json::to_string(&Outcome::counted().pocket(white))?;
/// let twice = json.replace(r#""pocketed":[1]"#, r#""pocketed":[1,1]"#);
/// let e = serde_json::from_str::<Outcome>(&twice).err().ok_or("read back")?;
/// assert!(e.to_string().contains("piece 1 is pocketed twice"));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventsError {
    /// A pocketed or jumped piece was not on the board.
    #[error("piece {0} is not on the board")]
    NotOnBoard(u8),
    /// A piece both pocketed and off the board.
    #[error("piece {0} cannot be both pocketed and off the board")]
    PocketedAndJumped(u8),
    /// A final position that is not finite, off the playing surface or centred in a pocket.
    #[error("the final position of piece {0} is invalid")]
    BadPosition(u8),
    /// The board is not waiting for a stroke.
    #[error("no stroke is expected now")]
    NotExpectingStroke,
    /// Two pieces come to rest overlapping (as [`crate::SetupError::Overlap`]).
    #[error("pieces {0} and {1} come to rest overlapping")]
    Overlap(u8, u8),
    /// A pocketed piece id that names no piece (ids are 0-18; a deserialized outcome).
    #[error("pocketed piece {0} does not exist (piece ids are 0-18)")]
    NoSuchPocketed(u8),
    /// A piece listed twice among the pocketed pieces (a deserialized outcome).
    #[error("piece {0} is pocketed twice")]
    PocketedTwice(u8),
    /// A jumped piece id that names no piece (ids are 0-18; a deserialized outcome).
    #[error("jumped piece {0} does not exist (piece ids are 0-18)")]
    NoSuchJumped(u8),
    /// A piece listed twice among the pieces that jumped off the board (a deserialized
    /// outcome).
    #[error("piece {0} jumped off the board twice")]
    JumpedTwice(u8),
}

/// What the rules made of one stroke.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_carrom::{Carrom, Colour, Outcome, Piece};
/// let game = Carrom::default();
/// let mut state = game.initial_state(Seat::new(0))?;
/// // The break pockets the striker and a white man: two men charged, the turn goes on (C12, A2).
/// let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
/// let r = game.resolve(&mut state, &Outcome::counted().pocket(white).striker_pocketed())?;
/// assert_eq!(r.penalty, 2);
/// assert!(r.turn_continues && r.board_over.is_none());
/// assert_eq!(state.debt(Colour::White), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data (a report: every
/// field is public and any combination can be built).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resolution {
    /// C4: the striker did not leave the base line; nothing changed.
    pub void: bool,
    /// A5: a break attempt that touched nothing.
    pub failed_break: bool,
    /// Pieces charged to the striking side (C10, C12, A10).
    pub penalty: u8,
    /// Men physically returned to the centre, white then black (A9).
    pub returned: [u8; 2],
    /// The queen went back to the centre (C8, A11, A12, A13, striker foul).
    pub queen_returned: bool,
    /// Pieces that jumped off the board and were put back (C14, A8).
    pub jumped: u8,
    /// The striking seat strikes again.
    pub turn_continues: bool,
    /// The seat to strike next (or the striker, when the board ended).
    pub next: Seat,
    /// The board's result when this stroke ended it.
    pub board_over: Option<BoardResult>,
    /// A6: who places the returned and jumped pieces: the opponent who strikes next (in
    /// singles the opponent; in pairs the opponent to the striker's right, ICF 51(b)(i)).
    /// When only the other side's men came back (the striker pocketed men of a side that owed,
    /// or a called foul returned them), the striker himself (ICF 51(b)(ii)). `None` when
    /// nothing was placed.
    pub placed_by: Option<Seat>,
    /// The penalty would have made the side owe more than its nine men: the debt stays at nine
    /// (a library decision: a side never owes more men than it has).
    pub debt_capped: bool,
}

/// Resolves the stroke `ev` played by `seat` (the seat to move) and updates `state`.
///
/// # Errors
///
/// [`EventsError`] when the events do not fit the position; `state` is then unchanged.
pub(crate) fn resolve(
    rules: &Rules,
    state: &mut State,
    ev: &Outcome,
) -> Result<Resolution, EventsError> {
    resolve_stroke(rules, state, ev, false)
}

/// [`resolve`], for a stroke the referee called a foul stroke when `called_foul` (ICF 35-37:
/// whatever it pocketed goes back to the board, one penalty man, and the turn ends; at the
/// break, a lost turn and no penalty, ICF 18(c); under [`BoardEndScoring::Icf`] a foul stroke
/// that pockets a side's last man ends the board, ICF 75(b)-85(b)).
pub(crate) fn resolve_stroke(
    rules: &Rules,
    state: &mut State,
    ev: &Outcome,
    called_foul: bool,
) -> Result<Resolution, EventsError> {
    if !matches!(state.phase, Phase::Stroke | Phase::Noise(..)) {
        return Err(EventsError::NotExpectingStroke);
    }
    check_events(state, ev, called_foul)?;
    let seat = state.to_move;
    let players = state.rules.players;
    let side = team_of(seat);
    let opp = 1 - side;
    let own = state.colour_of(side);
    let their = own.other();
    let mut res = Resolution {
        void: false,
        failed_break: false,
        penalty: 0,
        returned: [0, 0],
        queen_returned: false,
        jumped: 0,
        turn_continues: true,
        next: seat,
        board_over: None,
        placed_by: None,
        debt_capped: false,
    };
    state.strokes = state.strokes.saturating_add(1);
    state.phase = Phase::Stroke;
    // C10, A8: the striker dropped, or left the board under A8's option, which makes that
    // count as pocketing it. Every rule that asks whether the striker dropped asks this.
    let striker_dropped =
        ev.striker_pocketed || (rules.striker_off_board_is_foul && ev.striker_left_board);

    // 1. Void check (C4; during the break a failed attempt, A5). A called foul stroke is a foul
    // even if the striker stayed on the base line (ICF 37(a)).
    if !ev.left_base_line && !called_foul {
        res.void = true;
        if state.break_pending {
            res.failed_break = true;
            state.break_attempts += 1;
            if state.break_attempts >= rules.break_attempts {
                pass_break(state, players, &mut res);
            }
        } else if let Some(limit) = rules.void_stroke_limit {
            state.void_strokes += 1;
            if state.void_strokes >= limit {
                end_turn(state, players, &mut res);
                if res.queen_returned {
                    // A6, A12: the queen goes back, placed by the opponent who strikes next.
                    res.placed_by = placer(&res, [0, 0], own, seat, players);
                    place_queen(state, rules);
                }
            }
        }
        // C4, invariant 13: a void stroke does not count, so the turn has begun only if a
        // stroke that counted began it (ICF 36's technical foul before the first stroke keeps
        // the turn); a turn the void ended (the void-stroke limit, a passed break) is over.
        state.turn_started &= res.turn_continues;
        return Ok(res);
    }
    state.void_strokes = 0;

    // 2. Break check (A5): touching nothing is a failed attempt, with no penalty.
    if state.break_pending {
        if !ev.touched_piece {
            res.failed_break = true;
            state.break_attempts += 1;
            // ICF 18(c): an improper stroke in an attempt to break loses the turn, with no due
            // or penalty.
            if state.break_attempts >= rules.break_attempts || striker_dropped || called_foul {
                pass_break(state, players, &mut res);
            }
            state.turn_started = res.turn_continues;
            return Ok(res);
        }
        state.break_pending = false;
        state.break_attempts = 0;
    }

    // Snapshot before the stroke.
    let p_before = [state.pocketed(Colour::White), state.pocketed(Colour::Black)];
    let n_before = [
        i32::from(p_before[0]) - i32::from(state.debt[0]),
        i32::from(p_before[1]) - i32::from(state.debt[1]),
    ];
    let queen_before = state.queen;
    let debt_before = state.debt;

    // Move pieces to their final positions; 3. take jumped pieces off (placed after step 9).
    for (i, fp) in ev.final_positions.iter().enumerate() {
        if let (Some(p), Some(_)) = (*fp, state.pieces[i]) {
            state.pieces[i] = Some(p);
        }
    }
    let pocketed: &[u8] = ev.pocketed();
    let left_board = ev.left_board;
    let mut jumped_list = [0u8; PIECES];
    let mut n_jumped = 0;
    for i in 0..PIECES {
        if left_board & (1 << i) != 0 {
            state.pieces[i] = None;
            jumped_list[n_jumped] = i as u8;
            n_jumped += 1;
        }
    }
    res.jumped = n_jumped as u8;

    // 4. Pocketed pieces, by colour (A4, A9).
    let mut k = 0u8; // own men pocketed
    let mut opp_pocketed = 0u8;
    let mut queen_dropped = false;
    for &id in pocketed {
        state.pieces[id as usize] = None;
        match Piece::new(id).and_then(Piece::colour) {
            None => queen_dropped = true,
            Some(c) if c == own => k += 1,
            Some(_) => opp_pocketed += 1,
        }
    }

    // 5. Striker pocketed (C10, C12, A10); striker off the board only under A8's option.
    let foul = called_foul || striker_dropped;
    let mut queen_back = false;
    // A called foul stroke (ICF 35-37): the own men it pocketed come out with one man for the
    // foul (ICF 37(b), 50(a)), one more if the striker dropped (A10; ICF 71(b)-74(b) charge
    // two); the opponent's men and the queen go back too (section 5; the placer may decline
    // the opponent's men, which leaves them pocketed as ICF 49 has it).
    let mut opp_back = 0u8;
    if called_foul {
        res.penalty = k + 1 + u8::from(striker_dropped);
        opp_back = opp_pocketed;
        if queen_dropped {
            queen_back = true;
        }
    } else if foul {
        res.penalty = if k >= 1 { k + 1 } else { 1 };
        if queen_dropped {
            queen_back = true;
        }
    }
    // Men physically on the board after the stroke, before any due comes back (ICF 28 writes
    // the dues off at the board's end), striking side's colour then the other.
    let b_raw = [
        MEN_PER_COLOUR - (p_before[own as usize] + k),
        MEN_PER_COLOUR - (p_before[their as usize] + opp_pocketed),
    ];

    // 6. Normalise the net positions (A9).
    let mut n_after = n_before;
    n_after[own as usize] += i32::from(k) - i32::from(res.penalty);
    n_after[their as usize] += i32::from(opp_pocketed) - i32::from(opp_back);
    let mut p_after = [0u8; 2];
    for c in 0..2 {
        p_after[c] = n_after[c].max(0) as u8;
        let owed = (-n_after[c]).max(0);
        res.debt_capped |= owed > i32::from(MEN_PER_COLOUR);
        state.debt[c] = owed.min(i32::from(MEN_PER_COLOUR)) as u8;
    }
    // Pieces off the board per colour now, minus what should stay in pocket, go back.
    // (Jumped men are off the board too, but they are not in a pocket.)
    let jumped_men = |c: Colour| {
        jumped_list[..n_jumped]
            .iter()
            .filter(|&&j| Piece::new(j).and_then(Piece::colour) == Some(c))
            .count() as u8
    };
    let off_now = [
        state.pocketed(Colour::White) - jumped_men(Colour::White),
        state.pocketed(Colour::Black) - jumped_men(Colour::Black),
    ];
    let returned = [off_now[0] - p_after[0], off_now[1] - p_after[1]];
    res.returned = returned;

    // 7. Queen state (C7-C9, A11-A13).
    let mut too_early = false;
    if queen_dropped && foul && !called_foul && p_before[own as usize] == 0 {
        // ICF 68(d): the queen with the striker while all nine own men are on the board: the
        // queen goes back (above), a due is charged and the turn is lost.
        too_early = true;
    }
    if queen_dropped && !queen_back {
        if p_before[own as usize] >= 1 {
            // C7 satisfied: covered at once with an own man (C9), else waiting (A12).
            state.queen = if k >= 1 {
                QueenState::Covered(side)
            } else {
                QueenState::Waiting(side)
            };
        } else {
            // A11: no own man in pocket before the stroke.
            let k_prime = p_after[own as usize];
            let owing = debt_before[own as usize] > 0 && rules.queen_while_owing_goes_back;
            let outcome = if k == 0 || owing {
                // ICF 68(b): pocketed while owing a due, the queen goes back.
                None
            } else {
                match rules.queen_with_first_piece {
                    QueenWithFirstPiece::CoveredAtOnce if k_prime >= 1 => {
                        Some(QueenState::Covered(side))
                    }
                    QueenWithFirstPiece::RequireNextCover if k_prime >= 2 => {
                        Some(QueenState::Covered(side))
                    }
                    QueenWithFirstPiece::RequireNextCover if k_prime == 1 => {
                        Some(QueenState::Waiting(side))
                    }
                    _ => None,
                }
            };
            match outcome {
                Some(q) => state.queen = q,
                None => {
                    queen_back = true;
                    too_early = true;
                }
            }
        }
    } else if queen_before == QueenState::Waiting(side) {
        // A13: the covering stroke.
        if foul {
            if k == 0 {
                queen_back = true;
            }
        } else if k >= 1 && p_after[own as usize] >= 1 {
            state.queen = QueenState::Covered(side);
        } else if k >= 1 {
            // The own men only paid a debt (left by striker + own man in the stroke before,
            // A13): nothing of the side's stays in pocket to cover with, so the queen goes back
            // (section 6, invariant 5); the men still count for C6 (A9).
            queen_back = true;
        }
    }
    if queen_back {
        state.queen = QueenState::OnBoard;
        res.queen_returned = true;
    }

    // 8. End-of-board checks, after penalties (A14) unless ICF 81 applies.
    let b_own = MEN_PER_COLOUR - p_after[own as usize];
    let b_opp = MEN_PER_COLOUR - p_after[their as usize];
    let queen_covered = matches!(state.queen, QueenState::Covered(_));
    let icf_end = rules.board_end_scoring == BoardEndScoring::Icf;
    let end = if called_foul {
        // ICF 75(b)-85(b): an improper stroke that pockets the opponent's last man, or the own
        // last man leaving the queen uncovered, loses the board; otherwise (and always under
        // the booklet's scoring) whatever it pocketed is back on the board.
        if !icf_end {
            None
        } else if b_raw[1] == 0 {
            Some((opp, BoardEnd::OpponentsLastPiece))
        } else if b_raw[0] == 0 && !queen_covered {
            Some((
                opp,
                if striker_dropped {
                    BoardEnd::LastPieceWithStriker
                } else {
                    BoardEnd::OwnLastBeforeQueen
                },
            ))
        } else {
            None
        }
    } else if rules.last_piece_with_striker_loses
        && foul
        && b_raw[0] == 0
        && (state.queen == QueenState::OnBoard || b_raw[1] == 0)
    {
        // ICF 81, 82 (the queen left on the board), 83, 85 (both last men).
        Some((opp, BoardEnd::LastPieceWithStriker))
    } else if b_opp == 0 {
        if b_own == 0 && rules.both_last_pieces == BothLastPieces::ByQueenState && queen_covered {
            Some((side, BoardEnd::AllPieces))
        } else {
            Some((opp, BoardEnd::OpponentsLastPiece))
        }
    } else if b_own == 0 {
        if queen_covered {
            Some((side, BoardEnd::AllPieces))
        } else {
            Some((opp, BoardEnd::OwnLastBeforeQueen))
        }
    } else {
        None
    };
    if let Some((winner, reason)) = end {
        let result = if icf_end {
            let striker = striker_dropped;
            icf_score(
                rules,
                state,
                queen_before,
                winner,
                reason,
                side,
                b_raw,
                striker,
                called_foul,
            )
        } else {
            score(rules, state, winner, reason, [b_own, b_opp], side, foul)
        };
        let mut returned = returned;
        if icf_end {
            // ICF 28: dues and penalties are written off at the board's end: nothing comes
            // back and no debt stands.
            state.debt = [0, 0];
            returned = [0, 0];
            res.returned = returned;
        }
        state.result = Some(result);
        state.phase = Phase::Over;
        res.board_over = Some(result);
        res.turn_continues = false;
        // A queen still waiting when the board ends goes back (invariant 4); it scores
        // nothing either way, since only a covered queen counts (C18).
        if matches!(state.queen, QueenState::Waiting(_)) {
            state.queen = QueenState::OnBoard;
            res.queen_returned = true;
        }
        if res.queen_returned {
            place_queen(state, rules);
        }
        place_returned(state, rules, &jumped_list[..n_jumped], returned, own);
        res.placed_by = placer(&res, returned, own, seat, players);
        state.turn_started = false;
        return Ok(res);
    }

    // 9. Turn continuation (C6, C13, A2, A3, A12).
    // Only a queen that became waiting in this stroke keeps the turn going (A12); a covering
    // stroke that pockets nothing of its own ends it (A13).
    let waiting =
        state.queen == QueenState::Waiting(side) && queen_before != QueenState::Waiting(side);
    let barred = (opp_pocketed > 0 && rules.opponent_piece_ends_turn)
        || (too_early && rules.queen_too_early_loses_turn);
    let continues = !barred
        && !called_foul
        && if foul {
            (k >= 1 && rules.striker_with_own_piece_continues)
                || (queen_dropped && rules.striker_with_queen_continues)
        } else {
            k >= 1 || waiting
        };
    if !continues {
        end_turn(state, players, &mut res);
    }
    res.turn_continues = continues;
    state.turn_started = continues;
    res.next = state.to_move;
    res.placed_by = placer(&res, returned, own, seat, players);
    if res.queen_returned {
        place_queen(state, rules);
    }
    let dues = place_returned(state, rules, &jumped_list[..n_jumped], returned, own);
    offer_dues(rules, state, own, dues, seat);
    Ok(res)
}

/// ICF 60: with the option on, the placer of due men may decline them: a player node, entered
/// only when declining is possible (it may not take the side's last man off the board). The
/// due men of each colour are placed, and may be declined, by an opponent of that colour:
/// the striking side's by the opponent who strikes next (A6, ICF 45(a), 51(b)(i)), the other
/// side's (a debt it paid with men the striker pocketed, or men a called foul returned) by the
/// striker himself (ICF 51(b)(ii)). A side never decides about its own dues.
fn offer_dues(rules: &Rules, state: &mut State, own: Colour, dues: u32, striker: Seat) {
    if !rules.dues_may_be_declined || dues == 0 || state.phase != Phase::Stroke {
        return;
    }
    let players = state.rules.players;
    let choice = |c: Colour, placer: Seat| {
        let men = dues & colour_mask(c);
        (men != 0 && u32::from(state.on_board(c)) > men.count_ones()).then_some((placer, men))
    };
    let first = choice(own, striker.next(players));
    let second = choice(own.other(), striker);
    let (now, then) = match (first, second) {
        (Some(a), b) => (a, b),
        (None, Some(b)) => (b, None),
        (None, None) => return,
    };
    state.phase = Phase::Dues {
        placer: now.0,
        men: now.1,
        then,
    };
}

/// ICF 60: the placer declines the due men `men`: they stay in the pocket and the side's debt
/// is written off (all or nothing). `then` is the other colour's choice still to come.
pub(crate) fn decline_dues(state: &mut State, men: u32, then: Option<(Seat, u32)>) {
    for i in 0..PIECES {
        if men & (1 << i) != 0 {
            state.pieces[i] = None;
            if let Some(c) = Piece::new(i as u8).and_then(Piece::colour) {
                state.debt[c as usize] = 0;
            }
        }
    }
    next_dues(state, then);
}

/// After a due choice: the other colour's choice if one is still open, else the stroke.
pub(crate) fn next_dues(state: &mut State, then: Option<(Seat, u32)>) {
    state.phase = match then {
        Some((placer, men)) => Phase::Dues {
            placer,
            men,
            then: None,
        },
        None => Phase::Stroke,
    };
}

/// ICF 35-37: a technical foul by the seat to move, called before its stroke: one penalty man
/// (returned or owed, A9); the turn goes on if the seat has not struck yet in this turn
/// (ICF 36), otherwise it ends.
pub(crate) fn technical_foul(rules: &Rules, state: &mut State) -> Resolution {
    let seat = state.to_move;
    let players = state.rules.players;
    let own = state.colour_of(team_of(seat));
    let c = own as usize;
    let p_before = state.pocketed(own);
    let n = i32::from(p_before) - i32::from(state.debt[c]) - 1;
    let p_after = n.max(0) as u8;
    let owed = (-n).max(0);
    state.debt[c] = owed.min(i32::from(MEN_PER_COLOUR)) as u8;
    let mut returned = [0u8; 2];
    returned[c] = p_before - p_after;
    let mut res = Resolution {
        void: false,
        failed_break: false,
        penalty: 1,
        returned,
        queen_returned: false,
        jumped: 0,
        turn_continues: !state.turn_started,
        next: seat,
        board_over: None,
        placed_by: None,
        debt_capped: owed > i32::from(MEN_PER_COLOUR),
    };
    if state.turn_started {
        if state.break_pending {
            // After a failed break attempt: the break passes (A5), attempts start afresh.
            pass_break(state, players, &mut res);
        } else {
            end_turn(state, players, &mut res);
            if res.queen_returned {
                place_queen(state, rules);
            }
        }
    }
    res.placed_by = placer(&res, returned, own, seat, players);
    let dues = place_returned(state, rules, &[], returned, own);
    offer_dues(rules, state, own, dues, seat);
    res
}

fn check_events(state: &State, ev: &Outcome, called_foul: bool) -> Result<(), EventsError> {
    // A void stroke moves nothing (C4), unless the referee called it a foul stroke: then
    // what it moved and pocketed counts (ICF 37(a)) and is checked like any other.
    if !ev.left_base_line && !called_foul {
        return Ok(());
    }
    for &id in ev.pocketed() {
        if (id as usize) >= PIECES || state.pieces[id as usize].is_none() {
            return Err(EventsError::NotOnBoard(id));
        }
        if ev.left_board & (1 << id) != 0 {
            return Err(EventsError::PocketedAndJumped(id));
        }
    }
    for i in 0..PIECES {
        if ev.left_board & (1 << i) != 0 && state.pieces[i].is_none() {
            return Err(EventsError::NotOnBoard(i as u8));
        }
        if let Some(p) = ev.final_positions[i] {
            let limit = HALF_SIZE - PIECE_RADIUS + 1e-9;
            let plain = disc_physics::limits::plain;
            if !(p.is_finite() && plain(p.x) && plain(p.y))
                || p.x.abs() > limit
                || p.y.abs() > limit
            {
                return Err(EventsError::BadPosition(i as u8));
            }
        }
    }
    if ev.left_board >> PIECES != 0 {
        return Err(EventsError::NotOnBoard(PIECES as u8));
    }
    // Where the pieces left on the board come to rest passes the checks of a setup (a
    // state the rules reach is a state a setup can hold, and it reads back from JSON).
    let mut rest = state.pieces;
    for (i, slot) in rest.iter_mut().enumerate() {
        if let (Some(p), Some(_)) = (ev.final_positions[i], *slot) {
            *slot = Some(p);
        }
        if ev.left_board & (1 << i) != 0 || ev.pocketed().contains(&(i as u8)) {
            *slot = None;
        }
    }
    match check_pieces(&rest) {
        Ok(()) => Ok(()),
        Err(SetupError::Overlap(a, b)) => Err(EventsError::Overlap(a, b)),
        Err(SetupError::NotFinite(i) | SetupError::OffBoard(i)) => Err(EventsError::BadPosition(i)),
        Err(_) => Err(EventsError::BadPosition(PIECES as u8)),
    }
}

/// C18, C19, A1, A17: the points of a finished board.
fn score(
    rules: &Rules,
    state: &State,
    winner: usize,
    reason: BoardEnd,
    b: [u8; 2],
    striker_team: usize,
    foul: bool,
) -> BoardResult {
    let loser = 1 - winner;
    // b = [striking side's men on board, the other side's men on board].
    let on_board = |team: usize| i64::from(if team == striker_team { b[0] } else { b[1] });
    let before = state.totals_before;
    let bonus = |team: usize| {
        if state.queen == QueenState::Covered(team) && before[team] < rules.queen_bonus_cutoff {
            rules.queen_points
        } else {
            0
        }
    };
    let penalty = |victim: usize| {
        if rules.penalty_points_respect_22_cap && before[victim] >= rules.queen_bonus_cutoff {
            1
        } else {
            3
        }
    };
    let normal = on_board(loser) + bonus(winner);
    let mut points = [0i64; 2];
    match (reason, rules.penalty_points) {
        // At least 1: only reachable at 0 when both last men drop and A15's ByQueenState
        // option gives the striker the board (A18: every board credits at least 1 point).
        (BoardEnd::AllPieces, _) => points[winner] = normal.max(1),
        (
            BoardEnd::OpponentsLastPiece | BoardEnd::LastPieceWithStriker,
            PenaltyPoints::CreditVictim,
        ) => {
            points[winner] = normal + penalty(winner);
        }
        (
            BoardEnd::OpponentsLastPiece | BoardEnd::LastPieceWithStriker,
            PenaltyPoints::DeductFromOffender,
        ) => {
            points[winner] = normal;
            points[loser] = -penalty(winner);
        }
        (BoardEnd::OwnLastBeforeQueen, PenaltyPoints::CreditVictim) => {
            points[winner] = normal + penalty(winner) + on_board(winner);
        }
        (BoardEnd::OwnLastBeforeQueen, PenaltyPoints::DeductFromOffender) => {
            points[winner] = normal;
            points[loser] = -(penalty(winner) + on_board(winner));
        }
        // Not a stroke's end: a blocked board ends in `pass_turn`, with no points.
        (BoardEnd::Blocked, _) => {}
    }
    // ICF 75-85: one more point, if demanded, when the striker's side lost the board on a
    // stroke in which it pocketed the striker (or fouled).
    if rules.extra_point_if_demanded && foul && winner != striker_team {
        points[winner] += 1;
    }
    if let Some(cap) = rules.max_points_per_board {
        points[winner] = points[winner].min(cap);
    }
    BoardResult {
        winner: Some(winner),
        points,
        reason,
    }
}

/// ICF 25-28 and 75-85 ([`BoardEndScoring::Icf`]): the points of a finished board. `b` holds
/// the men physically on the board after the stroke with its dues written off (ICF 28),
/// striking side first; `striker` says the striker was pocketed, `improper` that the stroke
/// was a called foul; `queen_before` is the queen's state before the stroke (whether the
/// losing striker "has covered" it, ICF 83, or was covering it, ICF 76).
#[allow(clippy::too_many_arguments)]
fn icf_score(
    rules: &Rules,
    state: &State,
    queen_before: QueenState,
    winner: usize,
    reason: BoardEnd,
    striker_team: usize,
    b: [u8; 2],
    striker: bool,
    improper: bool,
) -> BoardResult {
    let loser = 1 - winner;
    let men = |team: usize| i64::from(if team == striker_team { b[0] } else { b[1] });
    let before = state.totals_before;
    let cut = rules.queen_bonus_cutoff;
    let queen = state.queen;
    let base = if winner == striker_team {
        // ICF 25-27: the loser's men on the board, and the queen's points if the winner covered
        // it and had less than 22; ICF 75(a), 77(a): both last men covering the queen win by 3,
        // by 1 from 22 (no man of the loser is left, and a board is worth at least 1).
        let q = if queen == QueenState::Covered(winner) && before[winner] < cut {
            rules.queen_points
        } else {
            0
        };
        men(loser) + q
    } else {
        // "1 point instead of 3 when the opponent has 22 or more".
        let three_or_one = if before[winner] >= cut { 1 } else { 3 };
        let own_last = men(loser) == 0;
        let opp_last = men(winner) == 0;
        match (own_last, opp_last) {
            // ICF 76, 79, 84: the striker's men on the board plus the queen's points ("by the
            // number of C/m only" against 22 or more), also when the stroke covered it (ICF 76:
            // "while covering"); a queen the striker's side had covered before the stroke is
            // credited to nobody (ICF 26(b), 26(c)).
            (false, _) => {
                let q = if queen_before != QueenState::Covered(loser) && before[winner] < cut {
                    rules.queen_points
                } else {
                    0
                };
                men(loser) + q
            }
            // ICF 83: both last men, the queen covered by the striker's side: by 1.
            (true, true) if queen_before == QueenState::Covered(loser) => 1,
            // ICF 78, 80, 81, 82, 85 (85 names no 22-point clause; ICF 27 is applied).
            (true, _) => three_or_one,
        }
    };
    let mut points = [0i64; 2];
    points[winner] = base.max(1);
    // ICF 75(b)-85(b): one extra point "if demanded" for the pocketed striker and one for the
    // improper stroke (two for both, ICF 81(b)-85(b)).
    if rules.extra_point_if_demanded && winner != striker_team {
        points[winner] += i64::from(striker) + i64::from(improper);
    }
    if let Some(cap) = rules.max_points_per_board {
        points[winner] = points[winner].min(cap);
    }
    BoardResult {
        winner: Some(winner),
        points,
        reason,
    }
}

/// A6: the opponent who strikes next places the pieces (the next seat in turn order is always
/// an opponent, since partners sit opposite); when only the other side's men came back, the
/// striker himself (ICF 51(b)(ii)).
fn placer(
    res: &Resolution,
    returned: [u8; 2],
    own: Colour,
    striker: Seat,
    players: usize,
) -> Option<Seat> {
    if res.jumped > 0 || res.queen_returned || returned[own as usize] > 0 {
        Some(striker.next(players))
    } else if returned[own.other() as usize] > 0 {
        Some(striker)
    } else {
        None
    }
}

/// A pass (C2: the pieces block the mover's whole base line): the turn goes to the next seat
/// as after a turn-ending stroke; during the break the break passes (A5); a waiting queen
/// goes back (A12). When the pieces block every seat's line, no seat can strike again (a
/// pass moves no piece on the lines), so the board ends without a winner and without points
/// ([`BoardEnd::Blocked`], a library decision: no rule covers it); a waiting queen goes back
/// as at any board's end.
pub(crate) fn pass_turn(rules: &Rules, state: &mut State, every_line_blocked: bool) {
    if every_line_blocked {
        state.result = Some(BoardResult {
            winner: None,
            points: [0, 0],
            reason: BoardEnd::Blocked,
        });
        state.phase = Phase::Over;
        if matches!(state.queen, QueenState::Waiting(_)) {
            state.queen = QueenState::OnBoard;
            place_queen(state, rules);
        }
        return;
    }
    let players = state.rules.players;
    let mut res = Resolution {
        void: true,
        failed_break: false,
        penalty: 0,
        returned: [0, 0],
        queen_returned: false,
        jumped: 0,
        turn_continues: false,
        next: state.to_move,
        board_over: None,
        placed_by: None,
        debt_capped: false,
    };
    if state.break_pending {
        pass_break(state, players, &mut res);
        return;
    }
    end_turn(state, players, &mut res);
    if res.queen_returned {
        place_queen(state, rules);
    }
}

fn pass_break(state: &mut State, players: usize, res: &mut Resolution) {
    state.break_attempts = 0;
    state.turn_started = false;
    state.to_move = state.to_move.next(players);
    res.turn_continues = false;
    res.next = state.to_move;
}

fn end_turn(state: &mut State, players: usize, res: &mut Resolution) {
    state.to_move = state.to_move.next(players);
    state.void_strokes = 0;
    state.turn_started = false;
    res.turn_continues = false;
    res.next = state.to_move;
    if matches!(state.queen, QueenState::Waiting(_)) {
        // A12: a turn never ends with the queen waiting.
        state.queen = QueenState::OnBoard;
        state.pieces[0] = None;
        res.queen_returned = true;
    }
}

/// The board direction "behind the centre spot" for the seat to strike next (C14).
fn behind(state: &State, rules: &Rules) -> Vec2 {
    let side: Side = state.side_of(state.to_move, rules.turn_direction);
    side.to_board(Vec2::new(0.0, 1.0))
}

fn place_queen(state: &mut State, rules: &Rules) {
    state.pieces[0] = None;
    let away = behind(state, rules);
    let p = free_spot_near_centre(state, away, 0.0);
    state.pieces[0] = Some(p);
}

/// Puts jumped pieces (queen first, then the striking side's men, A7) and returned men back
/// near the centre spot (the men off the centre circle under ICF 62(b)); returns the returned
/// men as a bit mask of ids. `striking` is the colour of the side that struck.
fn place_returned(
    state: &mut State,
    rules: &Rules,
    jumped: &[u8],
    returned: [u8; 2],
    striking: Colour,
) -> u32 {
    let away = behind(state, rules);
    let mut order = [0u8; PIECES];
    let mut n = 0;
    if jumped.contains(&0) {
        order[n] = 0;
        n += 1;
    }
    // A7: after the queen, the striking side's men, then the other side's.
    for colour in [striking, striking.other()] {
        for &j in jumped
            .iter()
            .filter(|&&j| Piece::new(j).and_then(Piece::colour) == Some(colour))
        {
            order[n] = j;
            n += 1;
        }
    }
    let n_jumped = n;
    for (c, colour) in [Colour::White, Colour::Black].into_iter().enumerate() {
        let mut left = returned[c];
        for i in 0..MEN_PER_COLOUR {
            if left == 0 {
                break;
            }
            let Some(p) = Piece::man(colour, i) else {
                continue;
            };
            if state.pieces[p.id() as usize].is_none() && !jumped.contains(&p.id()) {
                order[n] = p.id();
                n += 1;
                left -= 1;
            }
        }
    }
    let mut dues = 0u32;
    for (i, &id) in order[..n].iter().enumerate() {
        let due = i >= n_jumped;
        let min_r = if due && rules.dues_off_centre_circle {
            CENTRE_SPOT_RADIUS + PIECE_RADIUS
        } else {
            0.0
        };
        let p = free_spot_near_centre(state, away, min_r);
        state.pieces[id as usize] = Some(p);
        if due {
            dues |= 1 << id;
        }
    }
    dues
}

/// C14/A7: the free point nearest the centre spot for a man: the spot itself if free, else
/// the nearest free point on rings 1 mm apart, each searched from directly behind the spot
/// (`away`, the side away from the next striker) alternately both ways in 5 degree steps.
/// With `min_r > 0` (ICF 62(b), dues off the centre circle) only rings of radius `min_r` and
/// more are searched.
fn free_spot_near_centre(state: &State, away: Vec2, min_r: f64) -> Vec2 {
    let d2 = (2.0 * PIECE_RADIUS) * (2.0 * PIECE_RADIUS) - 1e-12;
    let free = |p: Vec2| {
        let lim = HALF_SIZE - PIECE_RADIUS;
        p.x.abs() <= lim
            && p.y.abs() <= lim
            && pocket_centres()
                .iter()
                .all(|c| c.distance_squared(p) >= POCKET_RADIUS * POCKET_RADIUS)
            && state
                .pieces
                .iter()
                .flatten()
                .all(|q| q.distance_squared(p) >= d2)
    };
    let centre = Vec2::default();
    if min_r <= 0.0 && free(centre) {
        return centre;
    }
    let (s, c) = sin_cos(5.0 * core::f64::consts::PI / 180.0);
    let first = ((min_r * 1000.0).ceil() as i32).max(1);
    for ring in first..first + 400 {
        let r = f64::from(ring) * 0.001;
        if free(Vec2::new(away.x * r, away.y * r)) {
            return Vec2::new(away.x * r, away.y * r);
        }
        let mut left = away;
        let mut right = away;
        for _ in 0..36 {
            left = Vec2::new(left.x * c - left.y * s, left.x * s + left.y * c);
            right = Vec2::new(right.x * c + right.y * s, -right.x * s + right.y * c);
            for v in [left, right] {
                let p = Vec2::new(v.x * r, v.y * r);
                if free(p) {
                    return p;
                }
            }
        }
    }
    // Unreachable in practice: 19 pieces cannot cover the board.
    centre
}

#[cfg(all(test, feature = "serde"))]
pub(crate) mod serde_tests {
    use super::*;
    use crate::{Action, Carrom};
    use boardgame_core::{Game, GameRng, Turn};
    use proptest::prelude::*;

    /// JSON and back: the copy equals the original and writes the same JSON (the crate's
    /// serde tests share it).
    pub(crate) fn round_trip<T>(value: &T) -> T
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
    {
        let json = serde_json::to_string(value).expect("writes");
        let back: T = serde_json::from_str(&json).expect("reads back");
        assert_eq!(&back, value, "{json}");
        assert_eq!(serde_json::to_string(&back).expect("writes"), json);
        back
    }

    fn white(i: u8) -> Piece {
        Piece::man(Colour::White, i).expect("a white man")
    }

    /// The JSON of `out` with `field`'s list replaced by `list`.
    fn with_list(out: &Outcome, field: &str, list: &str) -> String {
        let mut v = serde_json::to_value(out).expect("writes");
        v[field] = serde_json::from_str(list).expect("a list");
        v.to_string()
    }

    fn refused(json: &str) -> String {
        serde_json::from_str::<Outcome>(json)
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn outcomes_built_by_the_api_round_trip_through_json() {
        let mut moved = Outcome::counted().pocket(white(3)).pocket(Piece::QUEEN);
        moved.final_positions[12] = Some(Vec2::new(0.1, -0.2));
        for out in [
            Outcome::void(),
            Outcome::missed(),
            Outcome::counted(),
            moved,
            Outcome::counted()
                .pocket(white(8))
                .pocket(white(0))
                .jump(white(2))
                .jump(Piece::QUEEN)
                .striker_pocketed(),
        ] {
            let back = round_trip(&out);
            assert_eq!(back.pocketed(), out.pocketed(), "the order they dropped in");
        }
    }

    #[test]
    fn an_outcome_lists_its_pieces_by_id() {
        let out = Outcome::counted()
            .pocket(white(8))
            .pocket(Piece::QUEEN)
            .jump(white(1))
            .jump(white(0));
        let v = serde_json::to_value(&out).expect("writes");
        assert_eq!(v["pocketed"], serde_json::json!([9, 0]));
        assert_eq!(v["jumped"], serde_json::json!([1, 2]));
    }

    /// Outcomes of real strokes (simulated from seeded games) and what the rules made of them
    /// read back exactly, and the outcome read back resolves to the same resolution.
    #[test]
    fn outcomes_and_resolutions_of_real_strokes_round_trip() {
        let game = Carrom::default();
        let mut rng = GameRng::new(7, 0);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        let mut strokes = 0;
        while strokes < 12 {
            let action = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut rng),
                Turn::Player(_) => game.sample_action(&state, &mut rng, &mut buf),
            }
            .expect("an action");
            if let Action::Strike(_, stroke) = action
                && game.rules().noise.is_none()
            {
                let out = game.trace(&state, &stroke).expect("a stroke").outcome;
                let back = round_trip(&out);
                let (mut a, mut b) = (state.clone(), state.clone());
                let ra = game.resolve(&mut a, &out).expect("resolves");
                let rb = game.resolve(&mut b, &back).expect("resolves");
                assert_eq!(ra, rb);
                assert!(a == b);
                round_trip(&ra);
                strokes += 1;
            }
            game.apply(&mut state, &action).expect("legal");
        }
        assert_eq!(strokes, 12);
    }

    #[test]
    fn an_outcome_with_a_pocketed_piece_twice_does_not_deserialize() {
        let out = Outcome::counted().pocket(white(0));
        let e = refused(&with_list(&out, "pocketed", "[1, 0, 1]"));
        assert!(e.contains("piece 1 is pocketed twice"), "{e}");
    }

    #[test]
    fn an_outcome_pocketing_a_piece_that_does_not_exist_does_not_deserialize() {
        let e = refused(&with_list(&Outcome::counted(), "pocketed", "[0, 19]"));
        assert!(e.contains("pocketed piece 19 does not exist"), "{e}");
        // More pocketed than there are pieces is one of these two.
        let all: Vec<u8> = (0..=PIECES as u8).collect();
        let e = refused(&with_list(
            &Outcome::counted(),
            "pocketed",
            &format!("{all:?}"),
        ));
        assert!(e.contains("pocketed piece 19 does not exist"), "{e}");
        let e = refused(&with_list(&Outcome::counted(), "pocketed", "[256]"));
        assert!(e.contains("256"), "{e}");
    }

    #[test]
    fn an_outcome_with_a_piece_jumping_twice_does_not_deserialize() {
        let out = Outcome::counted().jump(white(4));
        let e = refused(&with_list(&out, "jumped", "[5, 5]"));
        assert!(e.contains("piece 5 jumped off the board twice"), "{e}");
    }

    #[test]
    fn an_outcome_jumping_a_piece_that_does_not_exist_does_not_deserialize() {
        let e = refused(&with_list(&Outcome::counted(), "jumped", "[31]"));
        assert!(e.contains("jumped piece 31 does not exist"), "{e}");
    }

    #[test]
    fn an_outcome_with_the_wrong_number_of_final_positions_does_not_deserialize() {
        let short = vec![None::<Vec2>; PIECES - 1];
        let e = refused(&with_list(
            &Outcome::counted(),
            "final_positions",
            &serde_json::to_string(&short).expect("writes"),
        ));
        assert!(e.contains("length"), "{e}");
    }

    /// A piece both pocketed and jumped is a value the API builds; the position decides
    /// (resolve refuses it unless the stroke was void), so it reads back.
    #[test]
    fn a_piece_both_pocketed_and_jumped_reads_back_and_resolve_refuses_it() {
        let out = Outcome::counted().pocket(white(0)).jump(white(0));
        let back = round_trip(&out);
        let game = Carrom::default();
        let mut state = game.initial_state(Seat::new(0)).expect("a board");
        assert!(matches!(
            game.resolve(&mut state, &back),
            Err(crate::PlayError::Events(EventsError::PocketedAndJumped(1)))
        ));
    }

    fn any_outcome() -> impl Strategy<Value = Outcome> {
        (
            prop::collection::vec(0..PIECES as u8, 0..8),
            prop::collection::vec(0..PIECES as u8, 0..4),
            any::<[bool; 4]>(),
            prop::collection::vec((0..PIECES, -0.3f64..0.3, -0.3f64..0.3), 0..4),
        )
            .prop_map(|(pocketed, jumped, flags, moved)| {
                let mut out = Outcome::void();
                for id in pocketed {
                    out = out.pocket(Piece::new(id).expect("an id"));
                }
                for id in jumped {
                    out = out.jump(Piece::new(id).expect("an id"));
                }
                [
                    out.left_base_line,
                    out.touched_piece,
                    out.striker_pocketed,
                    out.striker_left_board,
                ] = flags;
                for (i, x, y) in moved {
                    out.final_positions[i] = Some(Vec2::new(x, y));
                }
                out
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_outcome_the_api_builds_round_trips(out in any_outcome()) {
            round_trip(&out);
        }
    }
}
