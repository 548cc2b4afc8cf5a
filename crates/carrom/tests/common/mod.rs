//! Helpers to construct situations: pieces on a grid away from the centre, some pocketed.
#![allow(dead_code)]

use boardgame_core::Seat;
use lattjo_carrom::{
    Carrom, Colour, Outcome, PIECES, ParseStrokeError, Piece, PlayError, QueenState, Resolution,
    Rules, Setup, State, Stroke, Vec2,
};

/// Resolves `outcome` as the stroke of the seat to move under `rules` (no physics).
pub fn resolve(
    rules: &Rules,
    state: &mut State,
    outcome: &Outcome,
) -> Result<Resolution, PlayError> {
    Carrom::new(*rules).unwrap().resolve(state, outcome)
}

/// [`resolve`] for a stroke the referee called a foul stroke (ICF 35-37).
pub fn resolve_called_foul(
    rules: &Rules,
    state: &mut State,
    outcome: &Outcome,
) -> Result<Resolution, PlayError> {
    Carrom::new(*rules)
        .unwrap()
        .resolve_called_foul(state, outcome)
}

/// Grid position of piece `i`: three rows of nine, clear of the centre and the base lines.
pub fn grid(i: usize) -> Vec2 {
    let col = (i % 9) as f64;
    let row = (i / 9) as f64;
    Vec2::new(-0.24 + 0.06 * col, 0.10 + 0.06 * row)
}

pub fn white(i: u8) -> Piece {
    Piece::man(Colour::White, i).unwrap()
}

pub fn black(i: u8) -> Piece {
    Piece::man(Colour::Black, i).unwrap()
}

/// A position after the break: `pocketed` pieces off the board, the rest on the grid; seat
/// `to_move` (team 0 plays white) to strike.
pub fn position(
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    debt: [u8; 2],
    to_move: u8,
) -> State {
    setup(rules, pocketed, queen, debt, to_move)
        .into_state(rules)
        .expect("valid test position")
}

pub fn setup(
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    debt: [u8; 2],
    to_move: u8,
) -> Setup {
    let mut pieces = [None; PIECES];
    for (i, p) in pieces.iter_mut().enumerate() {
        if !pocketed.iter().any(|q| q.id() as usize == i) {
            *p = Some(grid(i));
        }
    }
    if queen != QueenState::OnBoard {
        pieces[0] = None;
    }
    let mut s = Setup::opening(rules, Seat::new(0));
    s.pieces = pieces;
    s.queen = queen;
    s.debt = debt;
    s.to_move = Seat::new(to_move);
    s.break_pending = false;
    s
}

pub fn whites(n: u8) -> Vec<Piece> {
    (0..n).map(white).collect()
}

pub fn blacks(n: u8) -> Vec<Piece> {
    (0..n).map(black).collect()
}

pub fn both(w: u8, b: u8) -> Vec<Piece> {
    let mut v = whites(w);
    v.extend(blacks(b));
    v
}

/// The board y of the south base line (seat 0 in singles), where the striker's centre sits.
pub fn south_line_y() -> f64 {
    lattjo_carrom::Side::South.striker_position(0.0).y
}

/// Seven men 7 cm apart: their shadows on the line (striker + man radii, 3.65 cm either side)
/// overlap, covering -24.7 cm..24.7 cm, wider than the striker's range of +-21.91 cm.
pub fn blocking_xs() -> Vec<f64> {
    (0..7).map(|k| -0.21 + 0.07 * f64::from(k)).collect()
}

/// Singles with seat 0 (south) to move: seven black men across the south base line and seven
/// white men across the north one, so that neither seat can place the striker (C2).
pub fn both_lines_blocked(rules: &Rules, queen: QueenState) -> State {
    // White man 0 pocketed, so that a waiting queen is consistent (C7).
    let mut s = setup(rules, &whites(1), queen, [0, 0], 0);
    for (k, &x) in blocking_xs().iter().enumerate() {
        s.pieces[black(k as u8).id() as usize] = Some(Vec2::new(x, south_line_y()));
        s.pieces[white(k as u8 + 1).id() as usize] = Some(Vec2::new(x, -south_line_y()));
    }
    s.into_state(rules).expect("valid constructed position")
}

/// Asserts that each of `texts` is refused as a stroke, with an error that `expected` accepts.
pub fn assert_strokes_refused(texts: &[&str], expected: fn(&ParseStrokeError) -> bool) {
    for text in texts {
        let got = text.parse::<Stroke>();
        assert!(matches!(&got, Err(e) if expected(e)), "{text}: {got:?}");
    }
}
