//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]) and
//! every move, whole capture paths included, as an index with a legal-action mask
//! ([`IndexedActions`]).
//!
//! Squares are the 32 playing squares, numbered as PDN does (1-32, index = number - 1), seen
//! from a side: for Black (which starts on 1-12) a square's index is turned half round
//! (`31 - index`), so that every side plays "up" from squares 21-32 as White does.
//!
//! The observation (135 values, from the observing seat's side):
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | 32 | the observer's men | 0/1 |
//! | 32 | 32 | the observer's kings | 0/1 |
//! | 64 | 32 | the opponent's men | 0/1 |
//! | 96 | 32 | the opponent's kings | 0/1 |
//! | 128 | 1 | the observer is to move | 0/1 |
//! | 129 | 1 | the observer plays Black | 0/1 |
//! | 130 | 1 | quiet plies / (2 × [`Rules::quiet_moves`]), at most 1 (V1 c, A1) | 0-1 |
//! | 131 | 1 | this position's occurrences / [`Rules::repetitions`], at most 1 (V1 b) | 0-1 |
//! | 132 | 3 | the outcome for the observer: won, lost, drawn | one-hot, 0 in play |
//!
//! Quiet plies are those since a man moved or a piece was taken (the 40-move rule). The draw
//! fields are scaled by the game's own thresholds (80 plies and 3 occurrences by default), so
//! each is 1 exactly when its count reaches the rule's threshold, from where a claim on that
//! ground is legal or the game is adjudicated, whatever `with_quiet_moves` and
//! `with_repetitions` set. (A repetition claim can also be legal a move earlier, by the move
//! that brings a position back: that depends on earlier positions and shows only in the mask.)
//!
//! Actions, from the side to move's view: a move from square `f` to square `t` that is the
//! `k`-th legal move between them in generation order (`k` > 0 only for capture paths that
//! share their ends: D9 and T4 choose between whole sequences) is `(f * 32 + t) * 8 + k`; the
//! two draw claims follow at 8192 (repetition) and 8193 (the 40-move rule). Eight ranks leave
//! room: in the positions the tests reach (600 random games with short and flying kings, and
//! the trees of the perft golden positions six plies deep with both) no two squares have more
//! than two paths between them. A ninth path would have no index (`action_index` gives
//! `None`, and the conformance kit's check would fail).
//!
//! [`Rules::quiet_moves`]: crate::Rules::quiet_moves
//! [`Rules::repetitions`]: crate::Rules::repetitions

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape, Turn};

use crate::Game;
use crate::game::{Action, Draughts, DrawReason, Outcome, State};
use crate::movegen::{self, Move, Sink};
use crate::position::Position;
use crate::square::Color;

/// Paths between the same two squares that get an index each.
const RANKS: usize = 8;
/// Indices of moves.
const MOVES: usize = 32 * 32 * RANKS;
/// The observation's length.
const OBS: usize = 135;

/// A square's index seen from `side`.
fn view(index: u32, side: Color) -> usize {
    let i = (index & 31) as usize;
    match side {
        Color::White => i,
        Color::Black => 31 - i,
    }
}

/// Each byte's eight bits as values 0 or 1, lowest bit first (`ascending`) or highest bit
/// first.
const fn byte_values(ascending: bool) -> [[f32; 8]; 256] {
    let mut table = [[0.0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            let shift = if ascending { bit } else { 7 - bit };
            if byte >> shift & 1 == 1 {
                table[byte][bit] = 1.0;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// The values of a byte of a bitboard, square by square, as White sees them.
static AS_WHITE: [[f32; 8]; 256] = byte_values(true);
/// The values of a byte of a bitboard as Black sees them: the bits in reverse order.
static AS_BLACK: [[f32; 8]; 256] = byte_values(false);

/// Writes the 32 squares of `board` into `plane` as `side` sees them ([`view`]): for White
/// bit `i` at `i`, for Black at `31 - i`, which is the bytes in reverse order, each read
/// from its highest bit. One table look-up per byte, no loop over squares.
fn write_plane(plane: &mut [f32], board: u32, side: Color) {
    let (bytes, table) = match side {
        Color::White => (board.to_le_bytes(), &AS_WHITE),
        Color::Black => (board.to_be_bytes(), &AS_BLACK),
    };
    for (values, byte) in plane.chunks_exact_mut(8).zip(bytes) {
        values.copy_from_slice(&table[usize::from(byte)]);
    }
}

/// Walks the legal moves of `pos` in generation order, giving each its index (or `None` past
/// [`RANKS`] paths between the same squares) until `f` returns `true`.
struct Indexer<F> {
    side: Color,
    seen: [u8; 1024],
    f: F,
    done: bool,
}

impl<F: FnMut(Move, Option<usize>) -> bool> Indexer<F> {
    fn emit(&mut self, from: u32, to: u32, mv: impl FnOnce() -> Move) {
        if self.done {
            return;
        }
        let pair = view(from, self.side) * 32 + view(to, self.side);
        let k = usize::from(self.seen[pair]);
        self.seen[pair] = self.seen[pair].saturating_add(1);
        let index = (k < RANKS).then_some(pair * RANKS + k);
        self.done = (self.f)(mv(), index);
    }
}

impl<F: FnMut(Move, Option<usize>) -> bool> Sink for Indexer<F> {
    fn quiet(&mut self, from: u32, to: u32) {
        self.emit(from, to, || Move::quiet(from, to));
    }

    fn capture(&mut self, path: &[u8], captured: u32) {
        let (from, to) = (
            u32::from(path[0]),
            u32::from(path[path.len().saturating_sub(1)]),
        );
        self.emit(from, to, || Move::capture(path, captured));
    }
}

impl Draughts {
    /// Calls `f` with every legal move of `s` and its index, in generation order, until `f`
    /// returns `true`; nothing when the game is over or the state is of other rules (which
    /// [`Game::apply`](crate::Game::apply) refuses).
    fn each_indexed_move(&self, s: &State, f: impl FnMut(Move, Option<usize>) -> bool) {
        if s.outcome().is_some() || self.check_state(s).is_err() {
            return;
        }
        let pos: &Position = s.position();
        let mut sink = Indexer {
            side: pos.turn(),
            seen: [0; 1024],
            f,
            done: false,
        };
        movegen::generate(pos, self.rules().king_moves, &mut sink);
    }
}

impl Draughts {
    /// The observation's two draw fields: the quiet plies over the plies that draw
    /// ([`Rules::quiet_moves`](crate::Rules::quiet_moves) moves each, twice as many plies)
    /// and the position's occurrences over [`Rules::repetitions`](crate::Rules::repetitions),
    /// each at most 1, and 1 exactly when the count reaches the rule's threshold (both
    /// thresholds are below 2^24, so a count one short divides to a value below 1 in `f32`).
    /// The defaults' thresholds are 80 and 3, the old fixed scales.
    fn draw_fractions(&self, s: &State) -> (f32, f32) {
        let rules = self.rules();
        // Both conversions are exact (a u16 doubled and a u8 fit in f32's 24-bit mantissa).
        let quiet_threshold = 2.0 * f32::from(rules.quiet_moves);
        let repetition_threshold = f32::from(rules.repetitions);
        (
            (s.quiet_plies() as f32 / quiet_threshold).min(1.0),
            (s.repetitions() as f32 / repetition_threshold).min(1.0),
        )
    }
}

impl Observe for Draughts {
    fn observation_shape(&self) -> Shape {
        Shape::fixed([OBS])
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        let got = out.len();
        let Ok(out) = <&mut [f32; OBS]>::try_from(out) else {
            // The lengths differ: the error.
            return BufferSizeError::check(OBS, got);
        };
        let me = if seat.index() == 0 {
            Color::Black
        } else {
            Color::White
        };
        let pos = s.position();
        let (mine, theirs) = (pos.side(me), pos.side(me.opponent()));
        let boards = [
            mine & !pos.kings,
            mine & pos.kings,
            theirs & !pos.kings,
            theirs & pos.kings,
        ];
        let (planes, rest) = out.split_at_mut(128);
        for (plane, board) in planes.chunks_exact_mut(32).zip(boards) {
            write_plane(plane, board, me);
        }
        let outcome = s.outcome();
        let result = |won: bool| f32::from(u8::from(won));
        let (quiet, repeated) = self.draw_fractions(s);
        rest.copy_from_slice(&[
            result(pos.turn() == me && outcome.is_none()),
            result(me == Color::Black),
            quiet,
            repeated,
            result(matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == me)),
            result(matches!(outcome, Some(Outcome::Win { winner, .. }) if winner != me)),
            result(matches!(outcome, Some(Outcome::Draw(_)))),
        ]);
        Ok(())
    }
}

impl IndexedActions for Draughts {
    fn num_distinct_actions(&self) -> usize {
        MOVES + 2
    }

    fn action_index(&self, s: &State, action: &Action) -> Option<usize> {
        match action {
            Action::ClaimDraw(DrawReason::Repetition) => Some(MOVES),
            Action::ClaimDraw(DrawReason::FortyMoveRule) => Some(MOVES + 1),
            Action::ClaimDraw(_) => None,
            Action::Move(m) => {
                let mut found = None;
                self.each_indexed_move(s, |mv, index| {
                    if mv == *m {
                        found = index;
                        true
                    } else {
                        false
                    }
                });
                found
            }
        }
    }

    /// The legal move with this index (`None` when no legal move has it), or a claim.
    fn index_action(&self, s: &State, index: usize) -> Option<Action> {
        match index {
            MOVES => Some(Action::ClaimDraw(DrawReason::Repetition)),
            i if i == MOVES + 1 => Some(Action::ClaimDraw(DrawReason::FortyMoveRule)),
            i if i < MOVES => {
                let mut found = None;
                self.each_indexed_move(s, |mv, at| {
                    if at == Some(i) {
                        found = Some(Action::Move(mv));
                        true
                    } else {
                        false
                    }
                });
                found
            }
            _ => None,
        }
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(MOVES + 2, out.len())?;
        out.fill(false);
        if !matches!(self.turn(s), Turn::Player(_)) {
            return Ok(());
        }
        self.each_indexed_move(s, |_, index| {
            if let Some(i) = index {
                out[i] = true;
            }
            false
        });
        out[MOVES] = self.can_claim(s, DrawReason::Repetition);
        out[MOVES + 1] = self.can_claim(s, DrawReason::FortyMoveRule);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn black_and_white_see_the_start_alike() {
        // D2: each side starts on its first three rows; turned half round for Black, both
        // sides see their own men on 20-31 and the opponent's on 0-11.
        let game = Draughts::default();
        let s = game.new_initial_state();
        let mut black = vec![0.0; OBS];
        let mut white = vec![0.0; OBS];
        game.observe(&s, Seat::new(0), &mut black).unwrap();
        game.observe(&s, Seat::new(1), &mut white).unwrap();
        assert_eq!(black[..128], white[..128]);
        assert!(black[20..32].iter().all(|&v| v == 1.0));
        assert!(black[64..76].iter().all(|&v| v == 1.0));
        assert_eq!(
            (black[128], white[128]),
            (1.0, 0.0),
            "Black moves first (D3)"
        );
        assert_eq!((black[129], white[129]), (1.0, 0.0));
    }

    /// The observation written from bitboards by byte tables equals the table of the module
    /// docs read plainly, square by square and field by field, for both seats, over every
    /// state of seeded random games (terminal states included) under the claim and the
    /// adjudicating rules.
    #[test]
    fn observation_equals_the_square_by_square_reading() {
        use boardgame_core::{GameRng, random_playout_capped};
        let mut got = vec![0.0; OBS];
        let mut buf = Vec::new();
        let mut outcomes = [0u32; 3];
        for rules in [
            Rules::wcdf(),
            Rules::wcdf().with_auto_adjudicate(true),
            Rules::wcdf().with_quiet_moves(25).with_repetitions(4),
        ] {
            let game = Draughts::new(rules).expect("a preset is valid");
            let quiet_threshold = 2.0 * f32::from(rules.quiet_moves);
            let repetition_threshold = f32::from(rules.repetitions);
            for seed in 0..20 {
                let mut s = game.new_initial_state();
                let mut rng = GameRng::new(seed, 0);
                loop {
                    for seat in 0..2 {
                        let me = [Color::Black, Color::White][usize::from(seat)];
                        let mut want = [0.0f32; OBS];
                        for (square, piece) in s.position().pieces() {
                            let plane = usize::from(piece.color != me) * 2
                                + usize::from(piece.role == crate::square::Role::King);
                            want[plane * 32 + view(u32::from(square.number() - 1), me)] = 1.0;
                        }
                        if s.outcome().is_none() && s.position().turn() == me {
                            want[128] = 1.0;
                        }
                        if me == Color::Black {
                            want[129] = 1.0;
                        }
                        want[130] = (s.quiet_plies() as f32 / quiet_threshold).min(1.0);
                        want[131] = (s.repetitions() as f32 / repetition_threshold).min(1.0);
                        let slot = match s.outcome() {
                            Some(Outcome::Win { winner, .. }) if winner == me => Some(0),
                            Some(Outcome::Win { .. }) => Some(1),
                            Some(Outcome::Draw(_)) => Some(2),
                            None => None,
                        };
                        if let Some(k) = slot {
                            want[132 + k] = 1.0;
                            outcomes[k] += 1;
                        }
                        game.observe(&s, Seat::new(seat), &mut got).unwrap();
                        assert_eq!(got, want, "seed {seed}, seat {seat}");
                    }
                    if random_playout_capped(&game, &mut s, &mut rng, &mut buf, 1) == 0 {
                        break;
                    }
                }
            }
        }
        assert!(
            outcomes.iter().all(|&n| n > 0),
            "wins, losses and draws all seen: {outcomes:?}"
        );
    }

    /// Regression (issue 19 audit): the draw fields were divided by a fixed 80 and 3, so
    /// under `with_quiet_moves(> 40)` or `with_repetitions(> 3)` they reached 1 before a
    /// claim was legal, and two states alike in the observation differed in the mask. Now
    /// each field is 1 exactly when its count reaches the rule's threshold: for the 40-move
    /// field exactly when the claim (mask 8193) is legal, for the repetition field only where
    /// the claim (mask 8192) is legal; the defaults' values stay those of 80 and 3.
    #[test]
    fn draw_fields_scale_with_the_rules_thresholds() {
        use crate::game::Draws;
        use boardgame_core::{Game, GameRng};
        let mut obs = vec![0.0; OBS];
        let mut mask = vec![false; MOVES + 2];
        let mut buf = Vec::new();
        let mut replies = Vec::new();
        // Small thresholds are reached in random games; 41 moves and 4 occurrences are past
        // the old fixed scales, where the old fields saturated early.
        for (quiet_moves, repetitions) in [(40, 3), (41, 4), (12, 5), (20, 2)] {
            let mut reached = [0u32; 2];
            for draws in [Draws::Claim, Draws::Automatic, Draws::Agreement] {
                let rules = Rules::wcdf()
                    .with_quiet_moves(quiet_moves)
                    .with_repetitions(repetitions)
                    .with_draws(draws);
                let game = Draughts::new(rules).expect("valid");
                // Random games from the start end in a win long before; kings alone (two
                // each, far apart) shuffle round and reach both thresholds.
                let kings: Position = "B:WK29,K31:BK2,K4".parse().expect("a FEN");
                for seed in 0..12 {
                    let mut s = if seed % 2 == 0 {
                        game.new_initial_state()
                    } else {
                        game.state_from(kings)
                    };
                    let mut rng = GameRng::new(seed, 3);
                    loop {
                        game.observe(&s, Seat::new(0), &mut obs).unwrap();
                        let quiet = s.quiet_plies() >= 2 * u32::from(quiet_moves);
                        let repeated = s.repetitions() >= usize::from(repetitions);
                        if (quiet_moves, repetitions) == (40, 3) {
                            // The defaults: the same values as the old fixed scales.
                            assert_eq!(obs[130], (s.quiet_plies() as f32 / 80.0).min(1.0));
                            assert_eq!(obs[131], (s.repetitions() as f32 / 3.0).min(1.0));
                        }
                        assert_eq!(obs[130] == 1.0, quiet, "{rules:?} seed {seed}");
                        assert_eq!(obs[131] == 1.0, repeated, "{rules:?} seed {seed}");
                        reached[0] += u32::from(quiet);
                        reached[1] += u32::from(repeated);
                        if draws == Draws::Claim && s.outcome().is_none() {
                            game.legal_mask(&s, &mut mask).unwrap();
                            assert_eq!(mask[MOVES + 1], quiet, "{rules:?} seed {seed}");
                            if repeated {
                                assert!(mask[MOVES], "{rules:?} seed {seed}");
                            }
                        }
                        if draws == Draws::Automatic {
                            let drawn = matches!(s.outcome(), Some(Outcome::Draw(_)));
                            assert_eq!(drawn, obs[134] == 1.0);
                            if quiet || repeated {
                                assert!(s.outcome().is_some(), "{rules:?} seed {seed}");
                            }
                        }
                        // A random move, never a claim, and from the kings' position one
                        // that offers the opponent no capture where there is one, so that
                        // the counts go on rising.
                        game.legal_actions(&s, &mut buf);
                        buf.retain(|a| matches!(a, Action::Move(_)));
                        if buf.is_empty() || s.plies() > 600 {
                            break;
                        }
                        let start = rng.index(buf.len());
                        let mut a = buf[start];
                        if seed % 2 == 1 {
                            let mut offers_no_capture = |a: &Action| {
                                let mut next = s.clone();
                                game.apply(&mut next, a).expect("a legal move");
                                game.legal_actions(&next, &mut replies);
                                !replies
                                    .iter()
                                    .any(|r| matches!(r, Action::Move(m) if m.is_capture()))
                            };
                            let n = buf.len();
                            if let Some(k) =
                                (0..n).find(|k| offers_no_capture(&buf[(start + k) % n]))
                            {
                                a = buf[(start + k) % n];
                            }
                        }
                        game.apply(&mut s, &a).expect("a legal move");
                    }
                }
            }
            assert!(
                reached.iter().all(|&n| n > 0),
                "both thresholds reached under ({quiet_moves}, {repetitions}): {reached:?}"
            );
        }
    }

    #[test]
    fn a_buffer_of_another_length_is_refused_and_left_alone() {
        let game = Draughts::default();
        let s = game.new_initial_state();
        for len in [0, OBS - 1, OBS + 1] {
            let mut out = vec![7.0; len];
            assert_eq!(
                game.observe(&s, Seat::new(0), &mut out),
                Err(BufferSizeError::check(OBS, len).unwrap_err())
            );
            assert!(out.iter().all(|&v| v == 7.0));
        }
    }

    #[test]
    fn the_first_move_11_15_has_its_documented_index() {
        // Black's 11-15: squares 10 -> 14, seen turned: 21 -> 17.
        let game = Draughts::default();
        let s = game.new_initial_state();
        let m = Action::Move("11-15".parse().unwrap());
        let i = game.action_index(&s, &m).unwrap();
        assert_eq!(i, (21 * 32 + 17) * RANKS);
        assert_eq!(game.index_action(&s, i), Some(m));
        let mut mask = vec![false; game.num_distinct_actions()];
        game.legal_mask(&s, &mut mask).unwrap();
        assert_eq!(
            mask.iter().filter(|&&m| m).count(),
            7,
            "seven opening moves"
        );
    }
}
