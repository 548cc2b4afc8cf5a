//! The game: rule sets, outcomes, draw rules, and boardgame-core's [`Game`] trait.

use boardgame_core::{BySeat, Game, GameRng, Returns, Seat, Turn};

use crate::outcome::{DrawReason, Outcome, WinReason, insufficient_material};
use crate::position::{IllegalMoveError, Move, Position};
use crate::types::{ByColor, Color};

/// Rule options. The two presets are [`Rules::fide`] (the default: the booklet's moves and
/// results with FIDE's draw rules filling its gaps, rules section 4 D3) and
/// [`Rules::lattjo`] (the literal booklet). Both generate identical moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rules {
    /// Threefold repetition (FIDE 9.2) and the 50-move rule (9.3) may be claimed.
    /// FIDE: on. Booklet: off (D3).
    pub claimable_draws: bool,
    /// Fivefold repetition and the 75-move rule end the game automatically (FIDE 9.6).
    /// FIDE: on. Booklet: off (D3).
    pub automatic_draws: bool,
    /// Turns the claimable draws into automatic ones (A4), for engines and test harnesses.
    /// Off in both presets.
    pub auto_claim: bool,
    /// A draw may be agreed only once both players have moved (FIDE 5.2.3). FIDE: on.
    /// Booklet: off.
    pub agreement_needs_moves: bool,
    /// A resignation is scored as a draw when the opponent could not checkmate by any
    /// series of legal moves (FIDE 5.1.2, A14). FIDE: on. Booklet: off.
    pub resignation_needs_mating_material: bool,
    /// Lists resignation, draw offers, acceptance and claims among the legal actions (D4).
    /// Off in both presets so that agents and random playouts only play moves; turn it on
    /// for play between people.
    pub decisions: bool,
}

impl Default for Rules {
    /// [`Rules::fide`], the workspace default for chess (rules section 4 D3).
    fn default() -> Rules {
        Rules::fide()
    }
}

impl Rules {
    /// FIDE Laws: the booklet's moves plus FIDE's draw rules (default).
    #[must_use]
    pub const fn fide() -> Rules {
        Rules {
            claimable_draws: true,
            automatic_draws: true,
            auto_claim: false,
            agreement_needs_moves: true,
            resignation_needs_mating_material: true,
            decisions: false,
        }
    }

    /// The literal LATTJO booklet: no repetition or move-count draws (D3).
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            claimable_draws: false,
            automatic_draws: false,
            auto_claim: false,
            agreement_needs_moves: false,
            resignation_needs_mating_material: false,
            decisions: false,
        }
    }

    /// The same rules with [`Rules::decisions`] set.
    #[must_use]
    pub const fn with_decisions(mut self, on: bool) -> Rules {
        self.decisions = on;
        self
    }

    /// The same rules with [`Rules::auto_claim`] set.
    #[must_use]
    pub const fn with_auto_claim(mut self, on: bool) -> Rules {
        self.auto_claim = on;
        self
    }
}

/// The draws the side to move may claim now (A4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawClaims {
    /// The current position has occurred at least three times (FIDE 9.2).
    pub threefold_repetition: bool,
    /// At least 50 moves by each side without pawn move or capture (FIDE 9.3).
    pub fifty_moves: bool,
}

impl DrawClaims {
    /// Whether any claim is possible.
    #[must_use]
    pub const fn any(self) -> bool {
        self.threefold_repetition || self.fifty_moves
    }
}

/// An action of the [`Game`]: a move, or a decision (D4, listed only with
/// [`Rules::decisions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Play a move.
    Move(Move),
    /// The side to move resigns.
    Resign,
    /// The side to move offers a draw; it still has to move, and the offer lapses when the
    /// opponent moves instead of accepting.
    OfferDraw,
    /// The side to move accepts the opponent's standing offer.
    AcceptDraw,
    /// The side to move claims a draw by threefold repetition or the 50-move rule.
    ClaimDraw,
}

/// Why an action was refused (the state is unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// Decisions are off ([`Rules::decisions`]).
    #[error("resignation and draw actions are disabled by the rules")]
    DecisionsDisabled,
    /// Nothing to accept.
    #[error("there is no draw offer to accept")]
    NoDrawOffer,
    /// An offer is already standing.
    #[error("a draw offer is already pending")]
    OfferPending,
    /// The agreement rule needs both players to have moved (FIDE 5.2.3).
    #[error("a draw cannot be agreed before both players have moved")]
    AgreementTooEarly,
    /// No claimable draw.
    #[error("no draw can be claimed in this position")]
    NothingToClaim,
}

/// The state of a game: the position, the history needed for repetitions, pending offers
/// and the outcome once decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessState {
    position: Position,
    keys: Vec<u64>,
    moves: Vec<Move>,
    moved: ByColor<bool>,
    draw_offer: Option<Color>,
    outcome: Option<Outcome>,
}

impl ChessState {
    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, if it has. Only automatic results appear here (A4); claimable
    /// draws are in [`Chess::claimable_draws`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The colour with a standing draw offer, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// How many times the current position has occurred (itself included), by position
    /// identity as FIDE 9.2.3 defines it (A3): same side to move, same placement, same
    /// castling rights, en passant only when a capture is legal.
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        let Some(&key) = self.keys.last() else {
            return 0;
        };
        let window = (self.position.halfmoves() as usize).min(self.keys.len() - 1);
        let n = self.keys.len();
        let mut count = 0;
        let mut back = 0;
        while back <= window {
            if self.keys[n - 1 - back] == key {
                count += 1;
            }
            back += 2;
        }
        count
    }
}

/// Chess as a [`Game`]: seat 0 plays White, seat 1 Black.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Turn};
/// use lattjo_chess::{Action, Chess, Rules};
///
/// let game = Chess::new(Rules::fide());
/// let mut state = game.new_initial_state();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     let m = state.position().parse_san(san)?;
///     game.apply(&mut state, &Action::Move(m))?;
/// }
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert_eq!(game.returns(&state).map(|r| r.as_slice().to_vec()), Some(vec![-1.0, 1.0]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess {
    rules: Rules,
    start: Position,
}

impl Default for Chess {
    fn default() -> Chess {
        Chess::new(Rules::default())
    }
}

impl Chess {
    /// Chess from the standard start under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Chess {
        Chess {
            rules,
            start: Position::new(),
        }
    }

    /// Chess from any valid position (a Chess960 start from [`Position::chess960`], a FEN).
    #[must_use]
    pub fn with_start(rules: Rules, start: Position) -> Chess {
        Chess { rules, start }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The draws the side to move may claim now (empty when the rules have no claims or the
    /// game is over).
    #[must_use]
    pub fn claimable_draws(&self, state: &ChessState) -> DrawClaims {
        if !self.rules.claimable_draws || state.outcome.is_some() {
            return DrawClaims::default();
        }
        DrawClaims {
            threefold_repetition: state.repetitions() >= 3,
            fifty_moves: state.position.halfmoves() >= 100,
        }
    }

    fn settle(&self, state: &mut ChessState) {
        let pos = &state.position;
        state.outcome = if !pos.has_legal_moves() {
            // K16 / T5: checkmate is in check with no legal move; A1: stalemate draws.
            Some(if pos.is_check() {
                Outcome::Win {
                    winner: !pos.turn(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            })
        } else if insufficient_material(pos) {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        } else if self.rules.automatic_draws && pos.halfmoves() >= 150 {
            Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
        } else if self.rules.automatic_draws && pos.halfmoves() >= 8 && state.repetitions() >= 5 {
            Some(Outcome::Draw(DrawReason::FivefoldRepetition))
        } else if self.rules.auto_claim && self.rules.claimable_draws {
            let claims = self.claimable_draws(state);
            if claims.threefold_repetition {
                Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
            } else if claims.fifty_moves {
                Some(Outcome::Draw(DrawReason::FiftyMoves))
            } else {
                None
            }
        } else {
            None
        };
    }

    fn check_decision(&self, state: &ChessState, action: &Action) -> Result<(), ActionError> {
        if !self.rules.decisions {
            return Err(ActionError::DecisionsDisabled);
        }
        let turn = state.position.turn();
        match action {
            Action::Resign | Action::Move(_) => Ok(()),
            Action::OfferDraw => {
                if state.draw_offer.is_some() {
                    Err(ActionError::OfferPending)
                } else {
                    Ok(())
                }
            }
            Action::AcceptDraw => {
                if state.draw_offer != Some(!turn) {
                    Err(ActionError::NoDrawOffer)
                } else if self.rules.agreement_needs_moves
                    && !(state.moved.white && state.moved.black)
                {
                    Err(ActionError::AgreementTooEarly)
                } else {
                    Ok(())
                }
            }
            Action::ClaimDraw => {
                if self.claimable_draws(state).any() {
                    Ok(())
                } else {
                    Err(ActionError::NothingToClaim)
                }
            }
        }
    }

    fn push_decisions(&self, state: &ChessState, mut push: impl FnMut(Action)) {
        if self.rules.decisions {
            for a in [
                Action::Resign,
                Action::OfferDraw,
                Action::AcceptDraw,
                Action::ClaimDraw,
            ] {
                if self.check_decision(state, &a).is_ok() {
                    push(a);
                }
            }
        }
    }
}

impl Game for Chess {
    type State = ChessState;
    type Action = Action;
    type Error = ActionError;

    fn num_players(&self) -> usize {
        2
    }

    fn new_initial_state(&self) -> ChessState {
        let mut state = ChessState {
            position: self.start.clone(),
            keys: vec![self.start.repetition_key()],
            moves: Vec::new(),
            moved: ByColor::default(),
            draw_offer: None,
            outcome: None,
        };
        self.settle(&mut state);
        state
    }

    fn turn(&self, state: &ChessState) -> Turn {
        match state.outcome {
            Some(_) => Turn::Terminal,
            None => Turn::Player(Seat::new(state.position.turn() as u8)),
        }
    }

    fn legal_actions(&self, state: &ChessState, out: &mut Vec<Action>) {
        out.clear();
        if state.outcome.is_some() {
            return;
        }
        state.position.generate(&mut |pm| {
            pm.for_each(|m| out.push(Action::Move(m)));
            false
        });
        self.push_decisions(state, |a| out.push(a));
    }

    fn is_legal(&self, state: &ChessState, action: &Action) -> bool {
        if state.outcome.is_some() {
            return false;
        }
        match action {
            Action::Move(m) => state.position.is_legal(*m),
            other => self.check_decision(state, other).is_ok(),
        }
    }

    fn chance_outcomes(&self, _state: &ChessState, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        true
    }

    fn sample_chance(&self, _state: &ChessState, _rng: &mut GameRng) -> Option<Action> {
        None
    }

    fn sample_action(
        &self,
        state: &ChessState,
        rng: &mut GameRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        if state.outcome.is_some() {
            return None;
        }
        if self.rules.decisions {
            self.legal_actions(state, buf);
            if buf.is_empty() {
                return None;
            }
            let i = rng.index(buf.len());
            return Some(buf.swap_remove(i));
        }
        state
            .position
            .choose_legal_move(|n| rng.index(n))
            .map(Action::Move)
    }

    fn apply(&self, state: &mut ChessState, action: &Action) -> Result<(), ActionError> {
        if state.outcome.is_some() {
            return Err(ActionError::GameOver);
        }
        let turn = state.position.turn();
        match *action {
            Action::Move(m) => {
                state.position.play(m)?;
                state.keys.push(state.position.repetition_key());
                state.moves.push(m);
                *state.moved.get_mut(turn) = true;
                if state.draw_offer == Some(!turn) {
                    state.draw_offer = None; // declined by moving (D4)
                }
                self.settle(state);
            }
            Action::Resign => {
                self.check_decision(state, action)?;
                let winner = !turn;
                let dead = self.rules.resignation_needs_mating_material
                    && ((state.position.board().by_color(winner)).count() == 1
                        || insufficient_material(&state.position));
                state.outcome = Some(if dead {
                    Outcome::Draw(DrawReason::ResignationWithoutMatingMaterial)
                } else {
                    Outcome::Win {
                        winner,
                        reason: WinReason::Resignation,
                    }
                });
            }
            Action::OfferDraw => {
                self.check_decision(state, action)?;
                state.draw_offer = Some(turn);
            }
            Action::AcceptDraw => {
                self.check_decision(state, action)?;
                state.outcome = Some(Outcome::Draw(DrawReason::Agreement));
            }
            Action::ClaimDraw => {
                self.check_decision(state, action)?;
                let claims = self.claimable_draws(state);
                state.outcome = Some(Outcome::Draw(if claims.threefold_repetition {
                    DrawReason::ThreefoldRepetition
                } else {
                    DrawReason::FiftyMoves
                }));
            }
        }
        Ok(())
    }

    fn returns(&self, state: &ChessState) -> Option<Returns> {
        let outcome = state.outcome?;
        Some(BySeat::from_fn(2, |seat| match outcome {
            Outcome::Draw(_) => 0.0,
            Outcome::Win { winner, .. } => {
                if winner as usize == seat.index() {
                    1.0
                } else {
                    -1.0
                }
            }
        }))
    }
}
