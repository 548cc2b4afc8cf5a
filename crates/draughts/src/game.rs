//! The rule sets, the game state with its draw bookkeeping, and boardgame-core's `Game`.

use boardgame_core::{BySeat, Game, Returns, Turn};

use crate::movegen::{self, KingMoves, Move, Sink};
use crate::position::{IllegalMoveError, Position};
use crate::square::Color;

/// How draws come about (V1, A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Draws {
    /// Only by agreement ([`Draughts::agree_draw`]): the booklet, which knows no draw rule.
    Agreement,
    /// WCDF: agreement, and the player to move may claim ([`Action::ClaimDraw`]) a third
    /// repetition or the 40-move rule. The default.
    #[default]
    Claim,
    /// WCDF with automatic adjudication (for engines and test harnesses): the game ends
    /// drawn on the third occurrence of a position or after 40 moves each (80 plies) with
    /// no man moved and nothing captured. Agreement still works.
    Automatic,
}

/// A rule set, built from orthogonal options. Both presets play the same moves (D1-D14);
/// they differ only in draws.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Draws, KingMoves, Rules};
/// assert_eq!(Rules::default(), Rules::wcdf());
/// assert_eq!(Rules::lattjo().draws, Draws::Agreement);
/// let engine = Rules::wcdf().with_auto_adjudicate();
/// assert_eq!(engine.draws, Draws::Automatic);
/// assert_eq!(Rules::wcdf().with_flying_kings().king_moves, KingMoves::Flying);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rules {
    /// Short kings (D12, the default) or the French text's flying kings (V2).
    pub king_moves: KingMoves,
    /// How draws happen (V1, A1). Defaults to WCDF claims: the booklet has no draw rule
    /// and without one king-against-king endings never end.
    pub draws: Draws,
}

impl Rules {
    /// The booklet's play rules with WCDF draws as claims (V1, A1): the default.
    #[must_use]
    pub const fn wcdf() -> Rules {
        Rules {
            king_moves: KingMoves::Short,
            draws: Draws::Claim,
        }
    }

    /// The booklet as written: no draw except by agreement (`Lattjo`).
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            king_moves: KingMoves::Short,
            draws: Draws::Agreement,
        }
    }

    /// The same rules with WCDF draws adjudicated automatically.
    #[must_use]
    pub const fn with_auto_adjudicate(self) -> Rules {
        Rules {
            draws: Draws::Automatic,
            ..self
        }
    }

    /// The same rules with flying kings (V2).
    #[must_use]
    pub const fn with_flying_kings(self) -> Rules {
        Rules {
            king_moves: KingMoves::Flying,
            ..self
        }
    }

    /// The same rules with draws decided by `draws`.
    #[must_use]
    pub const fn with_draws(self, draws: Draws) -> Rules {
        Rules { draws, ..self }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The players agreed (V1 a).
    Agreement,
    /// The same position with the same side to move for the third time (V1 b, A1).
    Repetition,
    /// 40 moves each (80 plies) without a man moving or a capture (V1 c, A1).
    FortyMoveRule,
}

/// How a player won (D14, A7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser has no piece left.
    NoPieces,
    /// The loser, to move, has no legal move (A7: a loss, not a draw).
    NoMoves,
}

/// How a game ended.
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
    /// A draw.
    Draw(DrawReason),
}

/// A player's action: a move, or a draw claim under the WCDF rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Play a move.
    Move(Move),
    /// Claim a draw by [`DrawReason::Repetition`] or [`DrawReason::FortyMoveRule`]
    /// ([`Draws::Claim`] only; listed among the legal actions when it is valid).
    ClaimDraw(DrawReason),
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not legal in this position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// A draw claim that the rules or the position do not allow.
    #[error("no draw by {0:?} can be claimed here")]
    NoClaim(DrawReason),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// A game in progress: the position, what the draw rules need to know, and the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    position: Position,
    /// Positions since the last man move or capture (the only ones that can repeat),
    /// the current one last.
    history: Vec<Position>,
    quiet_plies: u32,
    plies: u32,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
}

impl State {
    /// A game starting from `position` (which may be the end already).
    #[must_use]
    pub fn from_position(position: Position, kings: KingMoves) -> State {
        let mut s = State {
            position,
            history: vec![position],
            quiet_plies: 0,
            plies: 0,
            last_move: None,
            outcome: None,
        };
        s.outcome = s.lost(kings);
        s
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Plies since the last man move or capture (A1: the 40-move rule needs 80).
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// How many times the current position (placement and side to move) has occurred.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.occurrences(&self.position)
    }

    fn occurrences(&self, p: &Position) -> usize {
        self.history.iter().filter(|h| *h == p).count()
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Move> {
        self.last_move.as_ref()
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// D14, A7: the side to move loses with no piece or no legal move.
    fn lost(&self, kings: KingMoves) -> Option<Outcome> {
        let turn = self.position.turn();
        let winner = turn.opponent();
        if self.position.count(turn) == 0 {
            Some(Outcome::Win {
                winner,
                reason: WinReason::NoPieces,
            })
        } else if self.position.count_moves(kings) == 0 {
            Some(Outcome::Win {
                winner,
                reason: WinReason::NoMoves,
            })
        } else {
            None
        }
    }
}

/// English draughts under a rule set: the [`Game`] for boardgame-core's drivers.
///
/// Seat 0 plays Black (moves first), seat 1 White. Returns: +1 for the winner, -1 for the
/// loser, 0 each for a draw.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Turn};
/// use lattjo_draughts::{Action, Draughts, Rules};
///
/// let game = Draughts::new(Rules::wcdf());
/// let mut state = game.new_initial_state();
/// let mv = state.position().parse_move("11-15", game.rules().king_moves)?;
/// game.apply(&mut state, &Action::Move(mv))?;
/// assert_eq!(game.turn(&state), Turn::Player(lattjo_draughts::Color::White.seat()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Draughts {
    rules: Rules,
}

impl Draughts {
    /// The game under `rules`.
    #[must_use]
    pub const fn new(rules: Rules) -> Draughts {
        Draughts { rules }
    }

    /// The rule set.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A state starting from `position`.
    #[must_use]
    pub fn state_from(&self, position: Position) -> State {
        State::from_position(position, self.rules.king_moves)
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// [`PlayError::IllegalMove`] or [`PlayError::GameOver`]; the state is then unchanged.
    pub fn play(&self, state: &mut State, mv: &Move) -> Result<(), PlayError> {
        if state.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if !state.position.is_legal(mv, self.rules.king_moves) {
            return Err(IllegalMoveError {
                mv: *mv,
                turn: state.position.turn(),
            }
            .into());
        }
        let mover_was_king = state
            .position
            .piece_at(mv.from())
            .is_some_and(|p| p.role == crate::Role::King);
        state.position = state.position.after(mv);
        state.plies += 1;
        state.last_move = Some(*mv);
        if mv.is_capture() || !mover_was_king {
            // A1: every man move is an advance; captures and man moves cannot be undone.
            state.history.clear();
            state.quiet_plies = 0;
        } else {
            state.quiet_plies += 1;
        }
        state.history.push(state.position);
        state.outcome = state.lost(self.rules.king_moves);
        if state.outcome.is_none() && self.rules.draws == Draws::Automatic {
            if state.repetitions() >= 3 {
                state.outcome = Some(Outcome::Draw(DrawReason::Repetition));
            } else if state.quiet_plies >= 80 {
                state.outcome = Some(Outcome::Draw(DrawReason::FortyMoveRule));
            }
        }
        Ok(())
    }

    /// Whether the player to move may claim a draw for `reason` now ([`Draws::Claim`]):
    /// a repetition when the position stands for the third time or one of their moves
    /// would make it so; the 40-move rule after 80 plies without a man move or capture.
    #[must_use]
    pub fn can_claim(&self, state: &State, reason: DrawReason) -> bool {
        if state.outcome.is_some() || self.rules.draws != Draws::Claim {
            return false;
        }
        match reason {
            DrawReason::Agreement => false,
            DrawReason::FortyMoveRule => state.quiet_plies >= 80,
            DrawReason::Repetition => {
                if state.repetitions() >= 3 {
                    return true;
                }
                let mut probe = RepetitionProbe {
                    state,
                    pos: &state.position,
                    found: false,
                };
                movegen::generate(&state.position, self.rules.king_moves, &mut probe);
                probe.found
            }
        }
    }

    /// Claims a draw ([`Draws::Claim`]).
    ///
    /// # Errors
    ///
    /// [`PlayError::NoClaim`] when the claim is not valid now, [`PlayError::GameOver`] after
    /// the end; the state is then unchanged.
    pub fn claim_draw(&self, state: &mut State, reason: DrawReason) -> Result<(), PlayError> {
        if state.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.can_claim(state, reason) {
            return Err(PlayError::NoClaim(reason));
        }
        state.outcome = Some(Outcome::Draw(reason));
        Ok(())
    }

    /// Ends the game as a draw agreed by both players (V1 a; every preset).
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has already ended.
    pub fn agree_draw(&self, state: &mut State) -> Result<(), PlayError> {
        if state.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        state.outcome = Some(Outcome::Draw(DrawReason::Agreement));
        Ok(())
    }
}

/// Finds a king step that would bring back a position for the third time.
struct RepetitionProbe<'a> {
    state: &'a State,
    pos: &'a Position,
    found: bool,
}

impl Sink for RepetitionProbe<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        if self.found || self.pos.kings & (1 << from) == 0 {
            return; // a man move resets the history: it cannot repeat
        }
        let next = self.pos.after_raw(from, to, 0);
        self.found = self.state.occurrences(&next) >= 2;
    }
    fn capture(&mut self, _: &[u8], _: u32) {}
}

struct PushActions<'a>(&'a mut Vec<Action>);

impl Sink for PushActions<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        self.0.push(Action::Move(Move::quiet(from, to)));
    }
    fn capture(&mut self, path: &[u8], captured: u32) {
        self.0.push(Action::Move(Move::capture(path, captured)));
    }
}

impl Game for Draughts {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        2
    }

    fn new_initial_state(&self) -> State {
        State::from_position(Position::start(), self.rules.king_moves)
    }

    fn turn(&self, s: &State) -> Turn {
        if s.outcome.is_some() {
            Turn::Terminal
        } else {
            Turn::Player(s.position.turn().seat())
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        movegen::generate(&s.position, self.rules.king_moves, &mut PushActions(out));
        for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
            if self.can_claim(s, reason) {
                out.push(Action::ClaimDraw(reason));
            }
        }
    }

    fn is_legal(&self, s: &State, a: &Action) -> bool {
        match a {
            Action::Move(m) => s.outcome.is_none() && s.position.is_legal(m, self.rules.king_moves),
            Action::ClaimDraw(r) => self.can_claim(s, *r),
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        true
    }

    fn sample_chance(&self, _: &State, _: &mut boardgame_core::GameRng) -> Option<Action> {
        None
    }

    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        match a {
            Action::Move(m) => self.play(s, m),
            Action::ClaimDraw(r) => self.claim_draw(s, *r),
        }
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        let mut r = BySeat::new(2, 0.0);
        match s.outcome? {
            Outcome::Win { winner, .. } => {
                r[winner.seat()] = 1.0;
                r[winner.opponent().seat()] = -1.0;
            }
            Outcome::Draw(_) => {}
        }
        Some(r)
    }
}
