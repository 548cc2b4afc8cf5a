//! The game: rule sets, draw rules, the game state, and boardgame-core's [`Game`] trait.

use boardgame_core::{BySeat, Game, GameRng, Returns, Turn};
use core::fmt;

use crate::movegen::LegalSets;
use crate::outcome::{DrawReason, Outcome, WinReason, insufficient_material};
use crate::position::{IllegalMoveError, Move, Position};
use crate::types::{ByColor, Color, Role};

/// Rule options. The two presets are [`Rules::fide`] (the default: the booklet's moves and
/// results with FIDE's draw rules filling its gaps, rules section 4 D3) and
/// [`Rules::lattjo`] (the literal booklet). Both generate identical moves. Each option has a
/// builder method taking its value; [`Chess::new`] validates the combination.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Chess, Rules};
///
/// let rules = Rules::fide().with_auto_claim(true).with_decisions(true);
/// assert!(rules.auto_claim && rules.claimable_draws);
/// let game = Chess::new(rules)?;
/// assert_eq!(game.rules(), &rules);
/// // Auto-claiming needs claimable draws to claim.
/// assert!(Chess::new(Rules::lattjo().with_auto_claim(true)).is_err());
/// # Ok::<(), lattjo_chess::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// Threefold repetition (FIDE 9.2) and the 50-move rule (9.3) may be claimed, on the
    /// current position ([`Action::ClaimDraw`]) or with the move that brings them (9.2.1.1,
    /// 9.3.1.1: [`Action::ClaimDrawWith`]). FIDE: on. Booklet: off (D3).
    pub claimable_draws: bool,
    /// Fivefold repetition and the 75-move rule end the game automatically (FIDE 9.6).
    /// FIDE: on. Booklet: off (D3).
    pub automatic_draws: bool,
    /// Turns the claimable draws into automatic ones (A4), for engines and test harnesses;
    /// needs `claimable_draws`. Off in both presets.
    pub auto_claim: bool,
    /// A draw may be agreed only once both players have moved (FIDE 5.2.3). FIDE: on.
    /// Booklet: off. Moves count from the game's start: in a game from a FEN, the moves
    /// before it (which the FEN does not record) do not count.
    pub agreement_needs_moves: bool,
    /// A resignation is scored as a draw when the opponent could not checkmate by any
    /// series of legal moves (FIDE 5.1.2, A14; [`Position::has_insufficient_material`]).
    /// FIDE: on. Booklet: off.
    pub resignation_needs_mating_material: bool,
    /// Lists resignation, draw offers, acceptance and claims among the legal actions (D4).
    /// Off in both presets so that agents and random playouts only play moves; turn it on
    /// for play between people.
    pub decisions: bool,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    claimable_draws: bool,
    automatic_draws: bool,
    auto_claim: bool,
    agreement_needs_moves: bool,
    resignation_needs_mating_material: bool,
    decisions: bool,
}

// Deserialization validates (`Rules::validate`), as the game's constructor does: the private
// mirror above reads the fields and these two impls wrap it. (A `remote = "Self"` derive on
// the type itself made that unchecked reader a public inherent `Rules::deserialize`, which
// a caller's `Rules::deserialize(d)` reached instead of this impl.)
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let rules = RulesFields::deserialize(deserializer)?;
        rules.validate().map_err(serde::de::Error::custom)?;
        Ok(rules)
    }
}

impl Default for Rules {
    /// [`Rules::fide`], the workspace default for chess (rules section 4 D3).
    fn default() -> Rules {
        Rules::fide()
    }
}

impl Rules {
    /// Checks that the options fit together: auto-claiming needs claimable draws to claim.
    /// [`Chess::new`] and deserialization check the same.
    ///
    /// # Errors
    ///
    /// [`RulesError::AutoClaimWithoutClaims`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Rules, RulesError};
    /// assert_eq!(Rules::fide().validate(), Ok(()));
    /// let r = Rules::lattjo().with_auto_claim(true);
    /// assert_eq!(r.validate(), Err(RulesError::AutoClaimWithoutClaims));
    /// ```
    pub const fn validate(&self) -> Result<(), RulesError> {
        if self.auto_claim && !self.claimable_draws {
            return Err(RulesError::AutoClaimWithoutClaims);
        }
        Ok(())
    }

    /// The options as the bits of one byte: a game compares its rules with a state's on
    /// every action, and one byte compares in one instruction.
    /// Every field is named, so that a new option cannot be left out of it.
    const fn key(&self) -> u8 {
        let Rules {
            claimable_draws,
            automatic_draws,
            auto_claim,
            agreement_needs_moves,
            resignation_needs_mating_material,
            decisions,
        } = *self;
        (claimable_draws as u8)
            | (automatic_draws as u8) << 1
            | (auto_claim as u8) << 2
            | (agreement_needs_moves as u8) << 3
            | (resignation_needs_mating_material as u8) << 4
            | (decisions as u8) << 5
    }

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

    /// The same rules with [`Rules::claimable_draws`] set to `on`.
    #[must_use]
    pub const fn with_claimable_draws(mut self, on: bool) -> Rules {
        self.claimable_draws = on;
        self
    }

    /// The same rules with [`Rules::automatic_draws`] set to `on`.
    #[must_use]
    pub const fn with_automatic_draws(mut self, on: bool) -> Rules {
        self.automatic_draws = on;
        self
    }

    /// The same rules with [`Rules::auto_claim`] set to `on`.
    #[must_use]
    pub const fn with_auto_claim(mut self, on: bool) -> Rules {
        self.auto_claim = on;
        self
    }

    /// The same rules with [`Rules::agreement_needs_moves`] set to `on`.
    #[must_use]
    pub const fn with_agreement_needs_moves(mut self, on: bool) -> Rules {
        self.agreement_needs_moves = on;
        self
    }

    /// The same rules with [`Rules::resignation_needs_mating_material`] set to `on`.
    #[must_use]
    pub const fn with_resignation_needs_mating_material(mut self, on: bool) -> Rules {
        self.resignation_needs_mating_material = on;
        self
    }

    /// The same rules with [`Rules::decisions`] set to `on`.
    #[must_use]
    pub const fn with_decisions(mut self, on: bool) -> Rules {
        self.decisions = on;
        self
    }
}

/// A combination of [`Rules`] options that [`Chess::new`] refuses.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Chess, Rules, RulesError};
///
/// assert_eq!(
///     Chess::new(Rules::lattjo().with_auto_claim(true)).unwrap_err(),
///     RulesError::AutoClaimWithoutClaims
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// `auto_claim` without `claimable_draws`: there would be nothing to claim.
    #[error("auto_claim needs claimable_draws")]
    AutoClaimWithoutClaims,
}

/// The draws the side to move may claim now (A4, [`Chess::claimable_draws`]), or with a
/// given move ([`Chess::claimable_draws_with`], [`Chess::claimable_moves`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Chess, Game, Position, Rules};
///
/// let start: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80".parse()?;
/// let game = Chess::new(Rules::fide().with_decisions(true))?.with_start(start);
/// let mut state = game.new_initial_state();
/// let claims = game.claimable_draws(&state);
/// assert!(claims.fifty_moves && !claims.threefold_repetition);
/// game.apply(&mut state, &Action::ClaimDraw)?;
/// assert!(state.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawClaims {
    /// The current position has occurred at least three times (FIDE 9.2); for a claim with
    /// a move, the position it brings will have.
    pub threefold_repetition: bool,
    /// At least 50 moves by each side without pawn move or capture (FIDE 9.3), before the
    /// current position or, for a claim with a move, once it is made.
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
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Chess, Game, Rules};
///
/// let game = Chess::new(Rules::fide().with_decisions(true))?;
/// let mut state = game.new_initial_state();
/// let e4 = state.position().parse_san("e4")?;
/// game.apply(&mut state, &Action::Move(e4))?;
/// game.apply(&mut state, &Action::Resign)?;
/// assert_eq!(state.outcome().map(|o| o.result().to_string()), Some("1-0".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// The side to move claims a draw by threefold repetition or the 50-move rule, on the
    /// current position ([`Chess::claimable_draws`]).
    ClaimDraw,
    /// The side to move claims a draw with the move it is about to make (FIDE 9.2.1.1,
    /// 9.3.1.1): the move, legal here, brings the third occurrence of a position (A3) or
    /// completes fifty moves of each side without a pawn move or capture
    /// ([`Chess::claimable_draws_with`], [`Chess::claimable_moves`]).
    ///
    /// A correct claim ends the game in a draw. The claimed move is recorded, as FIDE has
    /// it written on the scoresheet before the claim: it is the last of
    /// [`State::moves`], [`State::position`] is the position the claim was judged on, and
    /// the game's PGN ends with that move and `1/2-1/2`. Should the move also end the game
    /// by itself (the seventy-fifth move or the fifth occurrence under
    /// [`Rules::automatic_draws`]), that draw is the one recorded.
    ///
    /// An incorrect claim is refused ([`PlayError::IncorrectClaim`], the state unchanged):
    /// FIDE 9.5.3 would have the player make the move, which is [`Action::Move`] (this
    /// crate has no clocks for the opponent's extra minutes). So the legal actions hold a
    /// claim with a move only when it is correct, and each such claim once. With
    /// [`Rules::auto_claim`] there is nothing to claim ([`PlayError::NothingToClaim`]): the
    /// move itself ends the game in the same draw. Rules without claims refuse it in every
    /// position ([`PlayError::ClaimsDisabled`]).
    ClaimDrawWith(Move),
}

/// The text of an action, as `Action`'s [`FromStr`](core::str::FromStr) reads it: a move is its own
/// text ([`Move`]'s UCI form in the crate's encoding: `e2e4`, `e7e8q`, castling as king
/// takes rook `e1h1`), a decision is lower-case words: `resign`, `offer draw`,
/// `accept draw`, `claim draw`, and `claim draw with e7e8q` for a claim with a move.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Move, Square};
/// assert_eq!(Action::Move(Move::new(Square::E2, Square::E4)).to_string(), "e2e4");
/// assert_eq!(Action::OfferDraw.to_string(), "offer draw");
/// let claim = Action::ClaimDrawWith(Move::new(Square::G1, Square::F3));
/// assert_eq!(claim.to_string(), "claim draw with g1f3");
/// ```
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => write!(f, "{m}"),
            Action::Resign => f.write_str("resign"),
            Action::OfferDraw => f.write_str("offer draw"),
            Action::AcceptDraw => f.write_str("accept draw"),
            Action::ClaimDraw => f.write_str("claim draw"),
            Action::ClaimDrawWith(m) => write!(f, "claim draw with {m}"),
        }
    }
}

/// An action's text that is not an action: what `Action`'s [`FromStr`](core::str::FromStr)
/// refuses, with the text (at most 64 characters of it, through
/// [`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, ParseActionError, UciError};
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!(
///     "claim draw with e2e9".parse::<Action>(),
///     Err(ParseActionError::Move(UciError::Syntax("e2e9".into())))
/// );
/// assert!(matches!("offer a draw".parse::<Action>(), Err(ParseActionError::Malformed(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing given, or only whitespace.
    #[error("empty action")]
    Empty,
    /// Not one of the forms `Action`'s `Display` writes.
    #[error(
        "malformed action {0:?}: expected a move such as 'e2e4', 'resign', 'offer draw', 'accept draw', 'claim draw' or 'claim draw with e2e4'"
    )]
    Malformed(String),
    /// A move was expected (a single word that is not a decision, or the word after
    /// `claim draw with`) and the word is not one: [`Move`]'s `FromStr` error.
    #[error(transparent)]
    Move(#[from] crate::uci::UciError),
}

/// Reads what `Display` writes: `parse(a.to_string()) == a` for every action. Words are
/// separated by whitespace, as in backgammon's actions: whitespace around and between the
/// words is accepted (`Display` writes single spaces), and the words are lower case and
/// exact. The text says nothing of the position, so a move is read as [`Move`]'s
/// `FromStr` reads it (castling as king takes rook, any role letter as a promotion, `0000`
/// as [`Move::NULL`]); whether the action is legal is the game's to say
/// ([`Chess::apply`], which refuses a null move as [`PlayError::NullMove`]). For a move as
/// engines write it (`e1g1`) read against its position, see [`Position::parse_uci`].
///
/// # Errors
///
/// [`ParseActionError`]: [`Empty`](ParseActionError::Empty) for no words,
/// [`Move`](ParseActionError::Move) for a word that should be a move and is not,
/// [`Malformed`](ParseActionError::Malformed) for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Move, Role, Square};
/// assert_eq!("resign".parse(), Ok(Action::Resign));
/// assert_eq!("  accept   draw ".parse(), Ok(Action::AcceptDraw));
/// let promote = Move { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) };
/// assert_eq!("e7e8q".parse(), Ok(Action::Move(promote)));
/// assert_eq!("claim draw with e7e8q".parse(), Ok(Action::ClaimDrawWith(promote)));
/// assert!("Resign".parse::<Action>().is_err());
/// ```
impl core::str::FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        use boardgame_core::text::excerpt;
        // At most one word more than the longest form: a longer text is malformed, and a
        // hostile text is not split beyond that.
        let (words, n) = boardgame_core::text::words::<5>(s);
        match &words[..n] {
            [] => Err(ParseActionError::Empty),
            ["resign"] => Ok(Action::Resign),
            ["offer", "draw"] => Ok(Action::OfferDraw),
            ["accept", "draw"] => Ok(Action::AcceptDraw),
            ["claim", "draw"] => Ok(Action::ClaimDraw),
            ["claim", "draw", "with", m] => Ok(Action::ClaimDrawWith(m.parse()?)),
            [m] if !matches!(*m, "offer" | "accept" | "claim") => Ok(Action::Move(m.parse()?)),
            _ => Err(ParseActionError::Malformed(excerpt(s))),
        }
    }
}

/// Why an action was refused (the state is unchanged).
///
/// A game plays only the states of its own rules ([`State::rules`]): every action on a state
/// made under other rules is refused first, [`PlayError::OtherRules`].
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Chess, Game, Move, PlayError, Square};
///
/// let game = Chess::default();
/// let mut state = game.new_initial_state();
/// let before = state.clone();
/// let err = game.apply(&mut state, &Action::Move(Move::new(Square::E2, Square::E5))).unwrap_err();
/// assert!(matches!(err, PlayError::IllegalMove(_)));
/// assert_eq!(game.apply(&mut state, &Action::Resign), Err(PlayError::DecisionsDisabled));
/// assert_eq!(state, before, "refused actions leave the state unchanged");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// [`Move::NULL`] (`0000`, as [`Action`]'s `FromStr` reads it) played or claimed with
    /// ([`Action::Move`], [`Action::ClaimDrawWith`]): no rules have a null move, in any
    /// position, so it is not [`PlayError::IllegalMove`]. PGN's null moves are
    /// [`Position::play_null`]'s, outside the game.
    #[error("a null move (0000) is not a move of the game")]
    NullMove,
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
    /// No claimable draw in this position, or none to claim with a move because
    /// [`Rules::auto_claim`] makes the claimable draws automatic. Rules without claims at all
    /// are [`PlayError::ClaimsDisabled`].
    #[error("no draw can be claimed in this position")]
    NothingToClaim,
    /// A claim ([`Action::ClaimDraw`], [`Action::ClaimDrawWith`]) under rules without
    /// [`Rules::claimable_draws`], which have no draw claims in any position (the booklet's
    /// preset, D3). Decisions off are [`PlayError::DecisionsDisabled`] first.
    #[error("draw claims are disabled by the rules")]
    ClaimsDisabled,
    /// A claim with a legal move that brings neither the third occurrence of a position nor
    /// the fiftieth move without a pawn move or capture (FIDE 9.5.3 would have the move
    /// played: play it as [`Action::Move`]).
    #[error(
        "a draw claimed with {0} is incorrect: it brings neither a threefold repetition nor the 50-move rule"
    )]
    IncorrectClaim(Move),
    /// The state was made under other rules than this game's ([`State::rules`],
    /// [`Chess::check_state`]): it is not played on as if it were this game's.
    #[error("the state was built under other rules than this game's")]
    OtherRules,
}

/// A game history that is not a valid [`State`] under its rules (see [`Chess::replay`],
/// [`Chess::state_after`] and the `serde` feature).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Chess, Move, Position, Square, StateError};
///
/// let moves = [Move::new(Square::E2, Square::E4), Move::new(Square::E2, Square::E4)];
/// assert_eq!(
///     Chess::default().replay(Position::new(), &moves),
///     Err(StateError::IllegalMove { ply: 2, mv: moves[1] })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// A move of the history is not legal where it stands.
    #[error("move {ply} ({mv}) is illegal")]
    IllegalMove {
        /// The 1-based ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// A move of the history is [`Move::NULL`] (`0000`), which is no move of the game under
    /// any rules ([`PlayError::NullMove`]).
    #[error("move {0} is a null move (0000), which is not a move of the game")]
    NullMove(usize),
    /// A move of the history comes after the game had already ended: by the position
    /// (checkmate, stalemate or insufficient material), or by a draw the state's rules make
    /// automatic (the 75-move rule and fivefold repetition under [`Rules::automatic_draws`],
    /// threefold repetition and the 50-move rule under [`Rules::auto_claim`]).
    #[error("move {0} comes after the end of the game")]
    MoveAfterEnd(usize),
    /// The recorded outcome does not fit the final position and history under the state's
    /// rules (a checkmate that is not one, a repetition draw without the repetitions, an
    /// agreement without an offer or before both sides have moved under
    /// [`Rules::agreement_needs_moves`], a won resignation where
    /// [`Rules::resignation_needs_mating_material`] scores it a draw, no outcome where the
    /// game has ended, ...).
    #[error("the outcome {0:?} does not fit the position and history")]
    Outcome(Option<Outcome>),
    /// The recorded outcome is one the state's rules never give, whatever the history: a
    /// resignation or an agreed draw without [`Rules::decisions`], a threefold repetition or
    /// 50-move draw without [`Rules::claimable_draws`] (or without the decisions or
    /// [`Rules::auto_claim`] that claim it), a fivefold repetition or 75-move draw without
    /// [`Rules::automatic_draws`], a resignation scored a draw without
    /// [`Rules::resignation_needs_mating_material`].
    #[error("the rules of the state never end a game in {0:?}")]
    OutcomeOutsideRules(Outcome),
    /// A draw offer stands under rules without [`Rules::decisions`], which has no offers.
    #[error("a draw offer by {0} stands under rules without decisions")]
    OfferWithoutDecisions(Color),
    /// A draw offer by the side not to move before any move: only the side to move can
    /// have offered.
    #[error("a draw offer by {0} stands before any move, when only the side to move can offer")]
    DrawOffer(Color),
}

/// The state of a game: the rules it is played under, the start, the moves played, the
/// current position with the keys needed for repetitions, pending offers and the outcome
/// once decided.
///
/// A state carries a copy of the [`Rules`] of the [`Chess`] that made it
/// ([`State::rules`]), and a game plays only the states of its own rules: every action on
/// another's is refused with [`PlayError::OtherRules`] ([`Chess::check_state`]), so a state
/// saved under FIDE's rules is never played on by the booklet's game, nor the reverse. The
/// start is the state's own: a game plays a state of its rules from any start.
///
/// Built by [`Game::new_initial_state`], by [`Chess::state_after`] / [`Chess::replay`] from
/// a start and a list of moves, or (feature `serde`) by deserialization, which replays the
/// history under the state's rules through the same checks: a `State` is always one that
/// play under its rules can reach.
///
/// As text, a state is its start and moves: a UCI `position` command
/// ([`UciPosition::from_state`](crate::UciPosition::from_state), read back by
/// [`UciPosition::to_state`](crate::UciPosition::to_state)) or a PGN game
/// ([`PgnGame::new`](crate::pgn::PgnGame::new) with the start, the moves and
/// [`Outcome::result`], read back by [`Chess::replay`] of its start and moves).
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::PgnGame;
/// use lattjo_chess::{Action, Chess, Game, GameResult};
///
/// let game = Chess::default();
/// let mut state = game.new_initial_state();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     let m = state.position().parse_uci(uci)?;
///     game.apply(&mut state, &Action::Move(m))?;
/// }
/// assert_eq!(state.repetitions(), 2);
/// assert_eq!(state.moves().len(), 4);
/// let again = game.replay(state.start().clone(), state.moves())?;
/// assert_eq!(again, state);
///
/// // The game as PGN, and back.
/// let result = state.outcome().map_or(GameResult::Unknown, |o| o.result());
/// let pgn = PgnGame::new(&[], state.start().clone(), state.moves().to_vec(), result);
/// assert!(pgn.to_string().ends_with("1. Nf3 Nf6 2. Ng1 Ng8 *\n"));
/// let read: PgnGame = pgn.to_string().parse()?;
/// assert_eq!(game.replay(read.start, &read.moves)?, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct State {
    /// The rules of the game that made the state, the only game that plays it.
    rules: Rules,
    /// [`Rules::key`] of `rules` (derived data), compared with the game's on every action.
    key: u8,
    start: Position,
    position: Position,
    /// Repetition keys of the positions since the last pawn move or capture, the current
    /// one last (positions before an irreversible move can never recur).
    keys: Vec<u64>,
    moves: Vec<Move>,
    moved: ByColor<bool>,
    draw_offer: Option<Color>,
    outcome: Option<Outcome>,
    /// The legal moves of `position`, generated once per ply (derived data).
    legal: LegalSets,
    /// A counting filter of the keys in `keys` but the last (derived data): bit `key % 64`
    /// of `seen[i]` is set when at least `i + 1` of them have that remainder (four or more
    /// count as four). When the current key's bit is not set in `seen[i]`, the position has
    /// occurred at most `i + 1` times and the repetitions need no counting.
    seen: [u64; 4],
    /// Derived data too: how often each key of `keys` stands in it, while `keys` holds more
    /// than [`LONG_KEYS`] (`None` otherwise). Without the 75-move rule (the booklet's rules,
    /// or FIDE's with `automatic_draws` off) nothing bounds `keys`, and counting the current
    /// key by a walk through them made each claim test O(h): listing the legal actions
    /// of a 100,000-ply game with claims took 14 µs a ply and grew with it.
    counts: Option<Box<KeyCounts>>,
}

/// [`State::counts`]: occurrences by repetition key.
type KeyCounts = std::collections::BTreeMap<u64, u32>;

/// Beyond this many repetition keys, [`State::counts`] keeps their counts.
const LONG_KEYS: usize = 256;

/// The room a new [`State`] makes for its repetition keys: runs of reversible moves are
/// mostly shorter, so a game rarely has to grow it.
const KEYS_CAPACITY: usize = 32;
/// The room a new [`State`] makes for its moves (most games are shorter).
const MOVES_CAPACITY: usize = 128;
/// The room a clone keeps beyond a history longer than a new state's.
const CLONE_ROOM: usize = 16;

/// A copy of `v` with room for at least `least` items, or `CLONE_ROOM` more than it holds.
fn copy_with_room<T: Clone>(v: &[T], least: usize) -> Vec<T> {
    let mut out = Vec::with_capacity((v.len() + CLONE_ROOM).max(least));
    out.extend_from_slice(v);
    out
}

impl Clone for State {
    /// A copy with as much room for its history as a new state makes (or some more than the
    /// history holds when it is longer): a search clones a state and applies a move to the
    /// copy, and a copy holding exactly the history's keys and moves (what a derived `Clone`
    /// gives) would grow both vectors at its first move.
    fn clone(&self) -> State {
        State {
            rules: self.rules,
            key: self.key,
            start: self.start.clone(),
            position: self.position.clone(),
            keys: copy_with_room(&self.keys, KEYS_CAPACITY),
            moves: copy_with_room(&self.moves, MOVES_CAPACITY),
            moved: self.moved,
            draw_offer: self.draw_offer,
            outcome: self.outcome,
            legal: self.legal,
            seen: self.seen,
            counts: self.counts.clone(),
        }
    }
}

/// Hashes what defines the state: its rules, start, position, history and outcome. The
/// rest (the legal-move sets, the repetition counts) follows from these, so equal states
/// hash alike, as `Eq` requires.
impl core::hash::Hash for State {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.key.hash(h);
        self.start.hash(h);
        self.position.hash(h);
        self.keys.hash(h);
        self.moves.hash(h);
        self.moved.hash(h);
        self.draw_offer.hash(h);
        self.outcome.hash(h);
    }
}

impl State {
    /// The state at `start` under `rules` before any move, with no outcome recorded yet.
    fn fresh(rules: Rules, start: Position) -> State {
        let mut keys = Vec::with_capacity(KEYS_CAPACITY);
        keys.push(start.repetition_key());
        State {
            rules,
            key: rules.key(),
            keys,
            seen: [0; 4],
            counts: None,
            legal: LegalSets::of(&start),
            position: start.clone(),
            start,
            moves: Vec::with_capacity(MOVES_CAPACITY),
            moved: ByColor::default(),
            draw_offer: None,
            outcome: None,
        }
    }

    /// What the current position decides by itself ([`Position::outcome`], from the moves
    /// already generated). With `material_changed` false the insufficient-material test
    /// (A2) is skipped: the caller knows that the last move neither captured nor moved a
    /// pawn, so the material is that of the position before, which did not end the game.
    fn own_outcome(&self, material_changed: bool) -> Option<Outcome> {
        if self.legal.total() == 0 {
            Some(if self.position.is_check() {
                Outcome::Win {
                    winner: !self.position.turn(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            })
        } else if material_changed && insufficient_material(&self.position) {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        } else {
            None
        }
    }

    /// Plays a legal move of a piece of `role` and updates the history (no outcome).
    #[inline(always)]
    fn push_move(&mut self, m: Move, role: crate::types::Role) {
        let turn = self.position.turn();
        self.position.play_role::<true>(m, role);
        self.legal.fill(&self.position);
        if self.position.halfmoves() == 0 {
            if self.keys.len() > LONG_KEYS {
                self.counts = None;
            }
            self.keys.clear();
            self.seen = [0; 4];
        } else if let Some(&prev) = self.keys.last() {
            let bit = 1 << (prev & 63);
            if let Some(level) = self.seen.iter_mut().find(|level| **level & bit == 0) {
                *level |= bit;
            }
        }
        self.keys.push(self.position.repetition_key());
        if self.keys.len() > LONG_KEYS {
            self.count_pushed();
        }
        self.moves.push(m);
        *self.moved.get_mut(turn) = true;
        if self.draw_offer == Some(!turn) {
            self.draw_offer = None; // declined by moving (D4)
        }
    }

    /// [`State::push_move`] with more than [`LONG_KEYS`] keys: the new key counted, or, when
    /// the keys have just grown that many, all of them.
    #[cold]
    #[inline(never)]
    fn count_pushed(&mut self) {
        let key = self.keys[self.keys.len() - 1];
        match &mut self.counts {
            Some(counts) => *counts.entry(key).or_insert(0) += 1,
            None => {
                let mut counts = KeyCounts::new();
                for &k in &self.keys {
                    *counts.entry(k).or_insert(0) += 1;
                }
                self.counts = Some(Box::new(counts));
            }
        }
    }

    /// The state after playing `moves` from `start` under `rules` (valid rules), ended
    /// where the rules end it: [`Chess::replay`].
    fn replay_under(rules: Rules, start: Position, moves: &[Move]) -> Result<State, StateError> {
        let mut state = State::fresh(rules, start);
        state.settle(true);
        for (i, &m) in moves.iter().enumerate() {
            if state.outcome.is_some() {
                return Err(StateError::MoveAfterEnd(i + 1));
            }
            let Some(role) = state.legal.role_of(m) else {
                return Err(if m.is_null() {
                    StateError::NullMove(i + 1)
                } else {
                    StateError::IllegalMove { ply: i + 1, mv: m }
                });
            };
            state.push_move(m, role);
            let material_changed = state.position.halfmoves() == 0;
            state.settle(material_changed);
        }
        Ok(state)
    }

    /// Records the outcome the state's rules give the current position, if any;
    /// `material_changed` as for [`State::own_outcome`].
    #[inline(always)]
    fn settle(&mut self, material_changed: bool) {
        // K16 / T5 checkmate, A1 stalemate, K21 / A2 insufficient material; checkmate on the
        // 75th move or the fifth repetition still wins (A5).
        self.outcome = match self.own_outcome(material_changed) {
            Some(outcome) => Some(outcome),
            None => self.draw_by_rule(),
        };
    }

    /// The draws the state's rules make automatic in the current position (the 75-move
    /// rule, fivefold repetition, and with `auto_claim` the claimable ones), if any.
    #[inline(always)]
    fn draw_by_rule(&self) -> Option<Outcome> {
        let rules = &self.rules;
        let halfmoves = self.position.halfmoves();
        if rules.automatic_draws && halfmoves >= 150 {
            Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
        } else if rules.automatic_draws && self.repeated(5) {
            Some(Outcome::Draw(DrawReason::FivefoldRepetition))
        } else if rules.auto_claim && rules.claimable_draws {
            if self.repeated(3) {
                Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
            } else if halfmoves >= 100 {
                Some(Outcome::Draw(DrawReason::FiftyMoves))
            } else {
                None
            }
        } else {
            None
        }
    }

    /// The rules the state is played under: those of the [`Chess`] that made it, the only
    /// game that plays it on (any other refuses it, [`PlayError::OtherRules`]). A state
    /// read back from a file (feature `serde`) says so which game it belongs to.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Action, Chess, Game, PlayError, Rules};
    ///
    /// let booklet = Chess::new(Rules::lattjo())?;
    /// let mut state = booklet.new_initial_state();
    /// assert_eq!(state.rules(), &Rules::lattjo());
    /// let fide = Chess::default();
    /// let e4 = Action::Move(state.position().parse_san("e4")?);
    /// assert_eq!(fide.apply(&mut state, &e4), Err(PlayError::OtherRules));
    /// // The game of the state's rules plays it.
    /// Chess::new(*state.rules())?.apply(&mut state, &e4)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far, the scoresheet's: a move a draw was claimed with
    /// ([`Action::ClaimDrawWith`], FIDE 9.2.1.1, 9.3.1.1) is the last, and
    /// [`State::position`] is the position it brings.
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
    /// castling rights, en passant only when a capture is legal. Only positions since the
    /// last pawn move or capture can repeat, so only those are compared.
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        let Some(&key) = self.keys.last() else {
            return 0;
        };
        if self.seen[0] & (1 << (key & 63)) == 0 {
            return 1; // no earlier key shares its low bits: a new position
        }
        if self.keys.len() > LONG_KEYS {
            self.counted(key)
        } else {
            self.walked(key)
        }
    }

    /// [`State::repetitions`] by a walk through the keys, every second one back.
    #[inline(always)]
    fn walked(&self, key: u64) -> u32 {
        let n = self.keys.len();
        let window = (self.position.halfmoves() as usize).min(n - 1);
        let mut count = 0;
        let mut back = 0;
        while back <= window {
            count += u32::from(self.keys[n - 1 - back] == key);
            back += 2;
        }
        count
    }

    /// [`State::repetitions`] with more than [`LONG_KEYS`] keys: from [`State::counts`]
    /// (equal keys have the same side to move, so they stand an even number of plies apart,
    /// as the walk counts them; and the walk's window, the halfmove clock, reaches back to
    /// the first key).
    #[cold]
    #[inline(never)]
    fn counted(&self, key: u64) -> u32 {
        let counts = self.counts.as_deref();
        counts.and_then(|c| c.get(&key).copied()).unwrap_or(1)
    }

    /// The positions the side to move could bring with its next move that have occurred
    /// twice already (A3; a claim with that move is a threefold repetition, FIDE 9.2.1.1):
    /// the keys standing at least twice among those with the other side to move (every
    /// second key back from the one before the current).
    #[inline]
    fn repeated_keys(&self) -> RepeatedKeys {
        let n = self.keys.len();
        // A position recurs at the earliest four plies later: the third occurrence of the
        // position after the next move needs eight plies before it; and some key stands
        // twice among the earlier ones only if the counting filter says so.
        if n < 8 || self.seen[1] == 0 {
            return RepeatedKeys::NONE;
        }
        if n > LONG_KEYS {
            // Counted in a map (`State::counts`): each move's key is looked up.
            return RepeatedKeys::MANY;
        }
        // From the newest back, a 1024-bit filter of the keys passed; a key that hits it is
        // looked for among them.
        let mut once = [0u64; 16];
        let mut found = RepeatedKeys::NONE;
        let mut i = n;
        while i >= 2 {
            i -= 2;
            let key = self.keys[i];
            let (word, bit) = ((key >> 6) as usize & 15, 1u64 << (key & 63));
            if once[word] & bit != 0
                && !found.keys[..usize::from(found.len)].contains(&key)
                && self.keys[i + 2..].iter().step_by(2).any(|&k| k == key)
            {
                if usize::from(found.len) == found.keys.len() {
                    return RepeatedKeys::MANY;
                }
                found.keys[usize::from(found.len)] = key;
                found.len += 1;
            }
            once[word] |= bit;
        }
        found
    }

    /// Whether the position with repetition key `key`, the side not to move to move, has
    /// occurred at least twice (its third occurrence would come with the next move).
    #[inline]
    fn occurred_twice(&self, key: u64) -> bool {
        let n = self.keys.len();
        if n > LONG_KEYS {
            return self.counted(key) >= 2;
        }
        let mut count = 0;
        let mut i = n;
        while i >= 2 {
            i -= 2;
            count += u32::from(self.keys[i] == key);
            if count >= 2 {
                return true;
            }
        }
        false
    }

    /// Whether the current position has occurred at least `times` times (`times` >= 2).
    #[inline(always)]
    fn repeated(&self, times: u32) -> bool {
        let earlier = (times as usize - 1).min(self.seen.len());
        // A position recurs at the earliest four plies later; the filter rules out most
        // positions before any counting.
        self.keys.len() > 4 * (times as usize - 1)
            && self
                .keys
                .last()
                .is_some_and(|&key| self.seen[earlier - 1] & (1 << (key & 63)) != 0)
            && self.repetitions() >= times
    }
}

/// Chess as a [`Game`]: seat 0 plays White, seat 1 Black.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Action, Chess, Game, Rules, Turn};
///
/// let game = Chess::new(Rules::fide())?;
/// let mut state = game.new_initial_state();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     let m = state.position().parse_san(san)?;
///     game.apply(&mut state, &Action::Move(m))?;
/// }
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert_eq!(game.returns(&state).map(|r| r.as_slice().to_vec()), Some(vec![-1.0, 1.0]));
///
/// // Any valid position as the start, here Chess960 number 0.
/// let c960 = lattjo_chess::Position::chess960(0).expect("0..960");
/// let game = Chess::default().with_start(c960);
/// assert_eq!(game.start().board().board_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chess {
    rules: Rules,
    /// [`Rules::key`] of `rules`, compared with a state's on every action.
    key: u8,
    start: Position,
}

impl Default for Chess {
    /// [`Rules::default`] from the standard start.
    fn default() -> Chess {
        Chess {
            rules: Rules::default(),
            key: Rules::default().key(),
            start: Position::new(),
        }
    }
}

impl Chess {
    /// Chess from the standard start under `rules`.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a combination of options that makes no sense.
    pub fn new(rules: Rules) -> Result<Chess, RulesError> {
        rules.validate()?;
        Ok(Chess {
            rules,
            key: rules.key(),
            start: Position::new(),
        })
    }

    /// The same game from another start: any valid position (a Chess960 start from
    /// [`Position::chess960`], a FEN). It cannot fail, since a [`Position`] is valid by
    /// construction.
    ///
    /// A start that is already decided gives a game over before its first move: checkmate,
    /// stalemate or insufficient material under any rules, and with
    /// [`Rules::automatic_draws`] a halfmove clock of 150 or more (the 75-move rule; the
    /// clock is taken at its word, as python-chess takes it, even where the position could
    /// not have it). A clock of 100 or more can be claimed at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Chess, DrawReason, Game, Outcome, Rules};
    ///
    /// let start = "4k3/8/8/8/8/8/8/R3K3 w - - 150 120".parse()?;
    /// let fide = Chess::default().with_start(start);
    /// let state = fide.new_initial_state();
    /// assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::SeventyFiveMoves)));
    /// let booklet = Chess::new(Rules::lattjo())?.with_start(state.start().clone());
    /// assert_eq!(booklet.new_initial_state().outcome(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_start(mut self, start: Position) -> Chess {
        self.start = start;
        self
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

    /// The state after playing `moves` from this game's start under its rules (the game
    /// ends where the rules end it, for instance at a fivefold repetition under FIDE).
    ///
    /// # Errors
    ///
    /// [`StateError`] for an illegal move (or a null move) or a move after the end of the
    /// game.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Chess, Move, Square};
    ///
    /// let game = Chess::default();
    /// let state = game.state_after(&[Move::new(Square::E2, Square::E4)])?;
    /// assert_eq!(state.position().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert!(game.state_after(&[Move::new(Square::E2, Square::E5)]).is_err());
    /// # Ok::<(), lattjo_chess::StateError>(())
    /// ```
    pub fn state_after(&self, moves: &[Move]) -> Result<State, StateError> {
        self.replay(self.start.clone(), moves)
    }

    /// The state after playing `moves` from `start`, any valid position (this game's start
    /// or another: a game plays states from any start), under this game's rules: the state
    /// carries them ([`State::rules`]), and the game ends where they end it (checkmate,
    /// stalemate and insufficient material under any rules; the 75-move rule and fivefold
    /// repetition under [`Rules::automatic_draws`]; threefold repetition and the 50-move
    /// rule under [`Rules::auto_claim`]). [`Chess::state_after`] is this from the game's
    /// start.
    ///
    /// # Errors
    ///
    /// [`StateError::IllegalMove`] for a move that is not legal where it stands,
    /// [`StateError::NullMove`] for [`Move::NULL`], [`StateError::MoveAfterEnd`] for a move
    /// after the end of the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Chess, Position, Rules, StateError};
    ///
    /// // Five knights' dances bring the start position a fifth time on the 16th move: a
    /// // draw under FIDE (9.6.1), not under the booklet (D3).
    /// let start = Position::new();
    /// let mut moves = Vec::new();
    /// let mut pos = start.clone();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(5) {
    ///     let m = pos.parse_uci(uci)?;
    ///     pos.play(m)?;
    ///     moves.push(m);
    /// }
    /// let booklet = Chess::new(Rules::lattjo())?;
    /// let state = booklet.replay(start.clone(), &moves)?;
    /// assert_eq!((state.repetitions(), state.outcome()), (6, None));
    /// assert_eq!(state.rules(), &Rules::lattjo());
    /// let fide = Chess::default();
    /// assert_eq!(fide.replay(start, &moves), Err(StateError::MoveAfterEnd(17)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, start: Position, moves: &[Move]) -> Result<State, StateError> {
        State::replay_under(self.rules, start, moves)
    }

    /// Whether this game plays `state`: it was made under this game's rules
    /// ([`State::rules`]). Every other `State` is valid by construction, so this is the one
    /// check a game makes of a state before it plays it; [`Game::apply`] makes it first.
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Chess, Game, PlayError, Rules};
    ///
    /// let fide = Chess::default();
    /// let state = fide.new_initial_state();
    /// assert_eq!(fide.check_state(&state), Ok(()));
    /// let booklet = Chess::new(Rules::lattjo())?;
    /// assert_eq!(booklet.check_state(&state), Err(PlayError::OtherRules));
    /// // The start does not matter: a game plays its rules' states from any start.
    /// let c960 = fide.clone().with_start(lattjo_chess::Position::chess960(0).expect("0..960"));
    /// assert_eq!(c960.check_state(&state), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn check_state(&self, state: &State) -> Result<(), PlayError> {
        if state.key == self.key {
            Ok(())
        } else {
            Err(PlayError::OtherRules)
        }
    }

    /// Whether `state` is of this game's rules and not over: the game has something to
    /// play on it.
    #[inline(always)]
    pub(crate) fn plays(&self, state: &State) -> bool {
        state.outcome.is_none() && state.key == self.key
    }

    /// Why [`Game::apply`] refuses every action on `state`, a state the game does not play
    /// on ([`Chess::plays`]): a state of other rules first (it is not played on as if it
    /// were this game's), then the end of the game.
    #[cold]
    #[inline(never)]
    fn refusal(&self, state: &State) -> PlayError {
        match self.check_state(state) {
            Err(e) => e,
            Ok(()) => PlayError::GameOver,
        }
    }

    /// The draws the side to move may claim now (empty when the rules have no claims, the
    /// game is over or the state is of other rules, [`Chess::check_state`]).
    #[must_use]
    pub fn claimable_draws(&self, state: &State) -> DrawClaims {
        if !self.rules.claimable_draws || !self.plays(state) {
            return DrawClaims::default();
        }
        DrawClaims {
            threefold_repetition: state.repeated(3),
            fifty_moves: state.position.halfmoves() >= 100,
        }
    }

    /// Whether the side to move may claim a draw with a move that would make the claim
    /// correct, and whether that move is `m` (FIDE 9.2.1.1, 9.3.1.1;
    /// [`Action::ClaimDrawWith`]): what the claim would be correct for, empty when `m` is not
    /// legal here, the game is over, the rules have no claims or make them automatic
    /// ([`Rules::auto_claim`]), or the state is of other rules ([`Chess::check_state`]).
    ///
    /// Threefold repetition: the position `m` brings has occurred twice before (A3: same
    /// side to move, pieces, castling rights and en-passant possibilities). Fifty moves: the
    /// halfmove clock is 99 or more and `m` neither captures nor moves a pawn, and does not
    /// end the game by checkmate or stalemate (which would take precedence, as python-chess
    /// and FIDE 9.6.2 have it).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Action, Chess, DrawReason, Game, Outcome, Rules};
    ///
    /// let game = Chess::new(Rules::fide().with_decisions(true))?;
    /// let mut state = game.new_initial_state();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     let m = state.position().parse_uci(uci)?;
    ///     game.apply(&mut state, &Action::Move(m))?;
    /// }
    /// // Nf6-g8 would bring the start position with White to move a third time.
    /// let back = state.position().parse_uci("f6g8")?;
    /// assert!(game.claimable_draws_with(&state, back).threefold_repetition);
    /// assert!(!game.claimable_draws(&state).any(), "not yet on the board");
    /// game.apply(&mut state, &Action::ClaimDrawWith(back))?;
    /// assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::ThreefoldRepetition)));
    /// assert_eq!(state.moves().last(), Some(&back), "recorded, as on the scoresheet");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn claimable_draws_with(&self, state: &State, m: Move) -> DrawClaims {
        match state.legal.role_of(m) {
            Some(role) if self.move_claims_open(state) => {
                claim_with(state, MoveClaimScope::of(state), m, role)
            }
            _ => DrawClaims::default(),
        }
    }

    /// Every legal move the side to move may claim a draw with
    /// ([`Chess::claimable_draws_with`], [`Action::ClaimDrawWith`]), with what each claim is
    /// correct for, in move generation order. It allocates nothing. When no move can be
    /// claimed with, as in most positions, it costs a test of the halfmove clock and a walk
    /// through every second repetition key since the last pawn move or capture (at most 75
    /// under the 75-move rule) with a 1024-bit filter; the moves are tested one by one only
    /// when the clock is at 99 or more or some position has occurred twice.
    ///
    /// python-chess's `can_claim_threefold_repetition` and `can_claim_fifty_moves` are
    /// [`Chess::claimable_draws`] or some move of this list.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Chess, Game, Position};
    ///
    /// // 99 half-moves without a pawn move or capture: any king move completes fifty.
    /// let start: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse()?;
    /// let game = Chess::default().with_start(start);
    /// let state = game.new_initial_state();
    /// assert!(!game.claimable_draws(&state).any());
    /// let claims: Vec<_> = game.claimable_moves(&state).collect();
    /// assert_eq!(claims.len(), state.position().legal_moves().len());
    /// assert!(claims.iter().all(|(_, c)| c.fifty_moves && !c.threefold_repetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn claimable_moves<'a>(&self, state: &'a State) -> ClaimableMoves<'a> {
        let scope = if self.move_claims_open(state) {
            MoveClaimScope::of(state)
        } else {
            MoveClaimScope::CLOSED
        };
        ClaimableMoves {
            state,
            scope,
            next: 0,
            total: if scope.is_open() {
                state.legal.total()
            } else {
                0
            },
        }
    }

    /// Calls `f` with every legal move the side to move may claim a draw with and what the
    /// claim is correct for, as [`Chess::claimable_moves`] lists them (in the same order),
    /// walking the legal moves once: for the legal actions and the learning mask.
    #[inline]
    pub(crate) fn for_each_claimable_move(
        &self,
        state: &State,
        mut f: impl FnMut(Move, DrawClaims),
    ) {
        if !self.move_claims_open(state) {
            return;
        }
        let scope = MoveClaimScope::of(state);
        if !scope.is_open() {
            return;
        }
        let board = state.position.board();
        state.legal.for_each(|m| {
            if let Some(role) = board.role_at(m.from) {
                let claims = claim_with(state, scope, m, role);
                if claims.any() {
                    f(m, claims);
                }
            }
        });
    }

    /// Whether the rules let the side to move claim with a move: claims on and not
    /// automatic, the game not over, and the state of these rules.
    #[inline]
    fn move_claims_open(&self, state: &State) -> bool {
        self.rules.claimable_draws && !self.rules.auto_claim && self.plays(state)
    }

    /// A claim with `m` checked (decisions aside): the moving piece's role and what the
    /// claim is correct for.
    fn move_claim(&self, state: &State, m: Move) -> Result<(Role, DrawClaims), PlayError> {
        if !self.rules.claimable_draws {
            return Err(PlayError::ClaimsDisabled);
        }
        if self.rules.auto_claim {
            return Err(PlayError::NothingToClaim);
        }
        let Some(role) = state.legal.role_of(m) else {
            return Err(not_legal(m));
        };
        let claims = claim_with(state, MoveClaimScope::of(state), m, role);
        if claims.any() {
            Ok((role, claims))
        } else {
            Err(PlayError::IncorrectClaim(m))
        }
    }

    fn check_decision(&self, state: &State, action: &Action) -> Result<(), PlayError> {
        if !self.rules.decisions {
            return Err(PlayError::DecisionsDisabled);
        }
        let turn = state.position.turn();
        match action {
            Action::Resign | Action::Move(_) => Ok(()),
            Action::OfferDraw => {
                if state.draw_offer.is_some() {
                    Err(PlayError::OfferPending)
                } else {
                    Ok(())
                }
            }
            Action::AcceptDraw => {
                if state.draw_offer != Some(!turn) {
                    Err(PlayError::NoDrawOffer)
                } else if self.rules.agreement_needs_moves
                    && !(state.moved.white && state.moved.black)
                {
                    Err(PlayError::AgreementTooEarly)
                } else {
                    Ok(())
                }
            }
            Action::ClaimDraw => {
                if !self.rules.claimable_draws {
                    Err(PlayError::ClaimsDisabled)
                } else if self.claimable_draws(state).any() {
                    Ok(())
                } else {
                    Err(PlayError::NothingToClaim)
                }
            }
            Action::ClaimDrawWith(m) => self.move_claim(state, *m).map(|_| ()),
        }
    }

    fn push_decisions(&self, state: &State, mut push: impl FnMut(Action)) {
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
            self.for_each_claimable_move(state, |m, _| push(Action::ClaimDrawWith(m)));
        }
    }
}

impl Game for Chess {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        2
    }

    fn new_initial_state(&self) -> State {
        let mut state = State::fresh(self.rules, self.start.clone());
        state.settle(true);
        state
    }

    fn turn(&self, state: &State) -> Turn {
        match state.outcome {
            Some(_) => Turn::Terminal,
            None => Turn::Player(state.position.turn().seat()),
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        if !self.plays(state) {
            return; // over, or a state of other rules: nothing is legal here
        }
        state.legal.for_each(|m| out.push(Action::Move(m)));
        self.push_decisions(state, |a| out.push(a));
    }

    fn is_legal(&self, state: &State, action: &Action) -> bool {
        if !self.plays(state) {
            return false;
        }
        match action {
            Action::Move(m) => state.legal.role_of(*m).is_some(),
            other => self.check_decision(state, other).is_ok(),
        }
    }

    fn chance_outcomes(&self, _state: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        true
    }

    fn sample_chance(&self, _state: &State, _rng: &mut GameRng) -> Option<Action> {
        None
    }

    fn sample_action(
        &self,
        state: &State,
        rng: &mut GameRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        if !self.plays(state) {
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
        match state.legal.total() {
            0 => None,
            n => state.legal.nth(rng.index(n)).map(Action::Move),
        }
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<(), PlayError> {
        if !self.plays(state) {
            return Err(self.refusal(state));
        }
        // Moves first, tested by themselves: the decisions are rare (and off by default).
        if let Action::Move(m) = *action {
            let Some(role) = state.legal.role_of(m) else {
                return Err(not_legal(m));
            };
            state.push_move(m, role);
            // A position without insufficient material never gets it by a move that
            // neither captures nor moves a pawn (the clock is zeroed by both).
            let material_changed = state.position.halfmoves() == 0;
            state.settle(material_changed);
            return Ok(());
        }
        let turn = state.position.turn();
        match *action {
            Action::Move(_) => {} // played above
            Action::Resign => {
                self.check_decision(state, action)?;
                let winner = !turn;
                let dead = self.rules.resignation_needs_mating_material
                    && cannot_mate(&state.position, winner);
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
            Action::ClaimDrawWith(m) => {
                if !self.rules.decisions {
                    return Err(PlayError::DecisionsDisabled);
                }
                let (role, claims) = self.move_claim(state, m)?;
                // The move is recorded and the claim judged on the position it brings
                // (FIDE 9.2.1.1, 9.3.1.1). It neither captures nor moves a pawn, so the
                // material is unchanged; it does not mate or stalemate (`claim_with`).
                state.push_move(m, role);
                state.settle(false);
                if state.outcome.is_none() {
                    state.outcome = Some(Outcome::Draw(if claims.threefold_repetition {
                        DrawReason::ThreefoldRepetition
                    } else {
                        DrawReason::FiftyMoves
                    }));
                }
            }
        }
        Ok(())
    }

    fn returns(&self, state: &State) -> Option<Returns> {
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

/// Why `m`, not legal in the position, is refused: [`PlayError::NullMove`] for
/// [`Move::NULL`], which no rules have, else [`PlayError::IllegalMove`].
#[cold]
#[inline(never)]
fn not_legal(m: Move) -> PlayError {
    if m.is_null() {
        PlayError::NullMove
    } else {
        PlayError::IllegalMove(IllegalMoveError {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
        })
    }
}

/// What the side to move's claim with a move may be correct for in a position, tested once
/// for all its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveClaimScope {
    /// The halfmove clock is 99 or more: a move that neither captures nor moves a pawn
    /// completes fifty moves of each side (FIDE 9.3.1.1).
    fifty: bool,
    /// [`State::repeated_keys`]: the key after a move must be one of them for a threefold
    /// repetition (FIDE 9.2.1.1).
    repeated: RepeatedKeys,
}

/// The keys of [`State::repeated_keys`]: up to four, or "many" (then each move's key is
/// counted, [`State::occurred_twice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RepeatedKeys {
    keys: [u64; 4],
    /// How many of `keys` hold keys; `u8::MAX` for many.
    len: u8,
}

impl RepeatedKeys {
    /// None.
    const NONE: RepeatedKeys = RepeatedKeys {
        keys: [0; 4],
        len: 0,
    };
    /// More than four, or not listed.
    const MANY: RepeatedKeys = RepeatedKeys {
        keys: [0; 4],
        len: u8::MAX,
    };

    /// Whether there is none.
    #[inline]
    fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Whether the position with key `key` (the side not to move to move) has occurred at
    /// least twice in `state`.
    #[inline]
    fn contains(&self, state: &State, key: u64) -> bool {
        match self.keys.get(..usize::from(self.len)) {
            Some(keys) => keys.contains(&key),
            None => state.seen[1] & (1 << (key & 63)) != 0 && state.occurred_twice(key),
        }
    }
}

impl MoveClaimScope {
    /// No claim with a move.
    const CLOSED: MoveClaimScope = MoveClaimScope {
        fifty: false,
        repeated: RepeatedKeys::NONE,
    };

    /// The scope of the side to move's claims in `state` (the rules and the outcome aside).
    #[inline]
    fn of(state: &State) -> MoveClaimScope {
        MoveClaimScope {
            fifty: state.position.halfmoves() >= 99,
            repeated: state.repeated_keys(),
        }
    }

    /// Whether some move may be claimed with.
    #[inline]
    fn is_open(self) -> bool {
        self.fifty || !self.repeated.is_empty()
    }
}

/// What a claim with `m`, a legal move of a piece of `role` in `state`, is correct for
/// (FIDE 9.2.1.1, 9.3.1.1), within `scope`.
fn claim_with(state: &State, scope: MoveClaimScope, m: Move, role: Role) -> DrawClaims {
    let pos = &state.position;
    if !scope.is_open() || role == Role::Pawn || pos.board().by_color(!pos.turn()).contains(m.to) {
        // A pawn move or capture starts the count again: nothing before it can recur.
        return DrawClaims::default();
    }
    let threefold =
        !scope.repeated.is_empty() && scope.repeated.contains(state, pos.key_after_quiet(m, role));
    // The fiftieth move, unless it checkmates or stalemates: those end the game by
    // themselves (a repeated position never does: it did not the first time).
    let fifty = scope.fifty && {
        let mut after = pos.clone();
        after.play_role::<false>(m, role);
        after.has_legal_moves()
    };
    DrawClaims {
        threefold_repetition: threefold,
        fifty_moves: fifty,
    }
}

/// The legal moves the side to move may claim a draw with, and what each claim is correct
/// for ([`Chess::claimable_moves`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Chess, Game};
///
/// let game = Chess::default();
/// let state = game.new_initial_state();
/// assert_eq!(game.claimable_moves(&state).count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct ClaimableMoves<'a> {
    state: &'a State,
    scope: MoveClaimScope,
    /// The index of the next legal move to test, in generation order.
    next: usize,
    /// The number of legal moves to test (0 when none can be claimed with).
    total: usize,
}

impl Iterator for ClaimableMoves<'_> {
    type Item = (Move, DrawClaims);

    fn next(&mut self) -> Option<(Move, DrawClaims)> {
        while self.next < self.total {
            let m = self.state.legal.nth(self.next)?;
            self.next += 1;
            let role = self.state.position.board().role_at(m.from)?;
            let claims = claim_with(self.state, self.scope, m, role);
            if claims.any() {
                return Some((m, claims));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.total - self.next))
    }
}

impl core::iter::FusedIterator for ClaimableMoves<'_> {}

/// Whether `side` cannot checkmate by any series of legal moves, as A14 judges it
/// ([`Position::has_insufficient_material`]).
fn cannot_mate(pos: &Position, side: Color) -> bool {
    pos.has_insufficient_material(side)
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! `State` as its rules and history: the rules, the start, the moves, the standing offer
    //! and the outcome. Deserialization validates the rules (as [`Rules`] deserializes),
    //! replays the moves under them ([`Chess::replay`]: a move after a draw the rules make
    //! automatic is refused) and checks that the outcome and offer fit the rules and what
    //! the history reached.

    use super::{Outcome, Rules, State, StateError, cannot_mate};
    use crate::outcome::{DrawReason, WinReason};
    use crate::position::{Move, Position};
    use crate::types::Color;

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Repr {
        rules: Rules,
        start: Position,
        moves: Vec<Move>,
        draw_offer: Option<Color>,
        outcome: Option<Outcome>,
    }

    impl serde::Serialize for State {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Repr {
                rules: self.rules,
                start: self.start.clone(),
                moves: self.moves.clone(),
                draw_offer: self.draw_offer,
                outcome: self.outcome,
            }
            .serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for State {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<State, D::Error> {
            let r = Repr::deserialize(d)?;
            from_repr(r).map_err(serde::de::Error::custom)
        }
    }

    /// Whether `rules` ever end a game in `outcome`, whatever the history: the decisions
    /// (D4) need [`Rules::decisions`], the draws of FIDE 9.2/9.3 claims or auto-claiming,
    /// those of 9.6 automatic draws (A4), the draw for a resignation FIDE 5.1.2 (A14).
    fn rules_give(rules: &Rules, outcome: Outcome) -> bool {
        match outcome {
            Outcome::Win {
                reason: WinReason::Checkmate,
                ..
            } => true,
            Outcome::Win {
                reason: WinReason::Resignation,
                ..
            } => rules.decisions,
            Outcome::Draw(reason) => match reason {
                DrawReason::Stalemate | DrawReason::InsufficientMaterial => true,
                DrawReason::FivefoldRepetition | DrawReason::SeventyFiveMoves => {
                    rules.automatic_draws
                }
                DrawReason::ThreefoldRepetition | DrawReason::FiftyMoves => {
                    rules.claimable_draws && (rules.decisions || rules.auto_claim)
                }
                DrawReason::Agreement => rules.decisions,
                DrawReason::ResignationWithoutMatingMaterial => {
                    rules.decisions && rules.resignation_needs_mating_material
                }
            },
        }
    }

    fn from_repr(r: Repr) -> Result<State, StateError> {
        let Repr {
            rules,
            start,
            moves,
            draw_offer,
            outcome,
        } = r;
        // The rules are valid: `Rules` deserializes through `Rules::validate`.
        let mut state = State::replay_under(rules, start, &moves)?;
        let pos = &state.position;
        let turn = pos.turn();
        if let Some(by) = draw_offer {
            if !rules.decisions {
                return Err(StateError::OfferWithoutDecisions(by));
            }
            if moves.is_empty() && by == !turn {
                // Before any move, only the side to move can have offered.
                return Err(StateError::DrawOffer(by));
            }
        }
        if let Some(o) = outcome.filter(|&o| !rules_give(&rules, o)) {
            return Err(StateError::OutcomeOutsideRules(o));
        }
        let fits = match (state.outcome, outcome) {
            // What the position or the rules decide by themselves is decided (the replay
            // ended there).
            (Some(decided), recorded) => recorded == Some(decided),
            (None, None) => true,
            // The decisions and claims, each where the rules allow it.
            (None, Some(o)) => match o {
                Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                } => {
                    winner == !turn
                        && !(rules.resignation_needs_mating_material && cannot_mate(pos, winner))
                }
                Outcome::Win { .. } => false,
                Outcome::Draw(reason) => match reason {
                    // Claimed (with decisions; auto-claimed draws ended the replay).
                    DrawReason::ThreefoldRepetition => {
                        !rules.auto_claim && state.repetitions() >= 3
                    }
                    DrawReason::FiftyMoves => !rules.auto_claim && pos.halfmoves() >= 100,
                    DrawReason::Agreement => {
                        draw_offer == Some(!turn)
                            && (!rules.agreement_needs_moves
                                || (state.moved.white && state.moved.black))
                    }
                    DrawReason::ResignationWithoutMatingMaterial => cannot_mate(pos, !turn),
                    _ => false,
                },
            },
        };
        if !fits {
            return Err(StateError::Outcome(outcome));
        }
        state.outcome = outcome;
        state.draw_offer = draw_offer;
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Game;

    /// The claims with a move by their definition (FIDE 9.2.1.1, 9.3.1.1, A3): each legal
    /// move played on a copy, its repetitions counted, its clock and legal moves looked at.
    fn claims_by_playing(state: &State) -> Vec<(Move, DrawClaims)> {
        let mut out = Vec::new();
        state.legal.for_each(|m| {
            let role = state.legal.role_of(m).expect("legal");
            let mut after = state.clone();
            after.push_move(m, role);
            let quiet = after.position.halfmoves() > 0;
            let claims = DrawClaims {
                threefold_repetition: quiet && after.repetitions() >= 3,
                fifty_moves: quiet && after.position.halfmoves() >= 100 && after.legal.total() > 0,
            };
            if claims.any() {
                out.push((m, claims));
            }
        });
        out
    }

    /// `Rules::key`, which a game compares with a state's on every action, tells every
    /// combination of options apart (valid or not): equal keys, equal rules.
    #[test]
    fn the_rules_key_tells_every_combination_apart() {
        let all: Vec<Rules> = (0..64u8)
            .map(|b| {
                Rules::lattjo()
                    .with_claimable_draws(b & 1 != 0)
                    .with_automatic_draws(b & 2 != 0)
                    .with_auto_claim(b & 4 != 0)
                    .with_agreement_needs_moves(b & 8 != 0)
                    .with_resignation_needs_mating_material(b & 16 != 0)
                    .with_decisions(b & 32 != 0)
            })
            .collect();
        for a in &all {
            for b in &all {
                assert_eq!(a.key() == b.key(), a == b, "{a:?} {b:?}");
            }
        }
    }

    /// `Position::key_after_quiet` (the key a claim with a move tests, A3) is the key of the
    /// position the move brings, for every legal move that neither captures nor moves a
    /// pawn (castling included, Chess960 too) in random games.
    #[test]
    fn the_key_after_a_quiet_move_is_the_key_of_the_position_it_brings() {
        let mut tested = 0;
        let mut castlings = 0;
        for (i, start) in [Position::new(), Position::chess960(0).expect("0")]
            .into_iter()
            .chain((0..6).map(|n| Position::chess960(n * 151).expect("< 960")))
            .enumerate()
        {
            for seed in 0..8 {
                let game = Chess::default().with_start(start.clone());
                let mut state = game.new_initial_state();
                let mut rng = boardgame_core::GameRng::new(seed, i as u64);
                let mut buf = Vec::new();
                for _ in 0..200 {
                    let pos = state.position().clone();
                    for m in pos.legal_moves().iter().copied() {
                        let role = pos.board().role_at(m.from).expect("a piece");
                        if role == Role::Pawn || pos.is_capture(m) {
                            continue;
                        }
                        let mut after = pos.clone();
                        after.play(m).expect("legal");
                        assert_eq!(pos.key_after_quiet(m, role), after.repetition_key(), "{m}");
                        tested += 1;
                        castlings += usize::from(pos.is_castling(m));
                    }
                    let Some(a) = game.sample_action(&state, &mut rng, &mut buf) else {
                        break;
                    };
                    game.apply(&mut state, &a).expect("legal");
                }
            }
        }
        assert!(tested > 100_000 && castlings > 100, "{tested} {castlings}");
    }

    /// Regression (noticed 2 Dec 2026): the derived `Clone` gave a copy's keys and moves
    /// exactly the history's capacity, so the first move applied to every copy a search made
    /// reallocated both vectors.
    #[test]
    fn a_clone_keeps_room_for_its_next_move() {
        let game = Chess::default();
        // Random moves until both histories are longer than a new state's room (the first
        // seed whose game gets there: a long run of reversible moves late in a random game).
        let mut buf = Vec::new();
        let long =
            |state: &State| state.moves.len() > MOVES_CAPACITY && state.keys.len() > KEYS_CAPACITY;
        let state = (0..100)
            .find_map(|seed| {
                let mut state = game.new_initial_state();
                let mut rng = boardgame_core::GameRng::new(seed, 0);
                while !long(&state) {
                    let action = game.sample_action(&state, &mut rng, &mut buf)?;
                    game.apply(&mut state, &action)
                        .expect("a sampled action is legal");
                }
                Some(state)
            })
            .expect("one of 100 random games has a long run of reversible moves");
        let copy = state.clone();
        assert_eq!(copy, state);
        assert!(copy.keys.capacity() > copy.keys.len());
        assert!(copy.moves.capacity() > copy.moves.len());
        let (keys, moves) = (copy.keys.as_ptr(), copy.moves.as_ptr());
        let mut copy = copy;
        let mut rng = boardgame_core::GameRng::new(8, 0);
        let action = game
            .sample_action(&copy, &mut rng, &mut buf)
            .expect("the game goes on");
        game.apply(&mut copy, &action)
            .expect("a sampled action is legal");
        // The same buffers: nothing was reallocated by the move.
        assert_eq!((copy.keys.as_ptr(), copy.moves.as_ptr()), (keys, moves));
        // A short history gets a new state's room.
        let fresh = game.new_initial_state().clone();
        assert!(fresh.keys.capacity() >= KEYS_CAPACITY);
        assert!(fresh.moves.capacity() >= MOVES_CAPACITY);
    }

    /// Found by a hostile-input sweep (4 Dec 2026): without the 75-move rule nothing bounds
    /// the repetition keys, and counting the current one by a walk through them made every
    /// claim test O(h) (listing the legal actions of a 100,000-ply game took 14 µs a ply, and
    /// grew). Past `LONG_KEYS` the counts are kept in a map; this checks them against the
    /// walk at every ply of random piece moves that neither capture nor move a pawn (so the
    /// keys only grow), with repetitions and threefold claims coming up, and
    /// that a capture-free run past the limit deserializes to an equal state.
    #[test]
    fn regression_long_key_histories_count_repetitions_in_a_map_as_the_walk_does() {
        let game = Chess::new(
            Rules::fide()
                .with_automatic_draws(false)
                .with_decisions(true),
        )
        .expect("valid rules");
        let start: Position = "r1bqkb1r/8/8/pppppppp/PPPPPPPP/8/8/R1BQKB1R w - - 0 1"
            .parse()
            .expect("a position");
        let (mut repeated, mut claims, mut claims_with_move) = (0, 0, 0);
        for seed in 0..6 {
            let mut state = game.replay(start.clone(), &[]).expect("a start");
            let mut rng = boardgame_core::GameRng::new(seed, 3);
            let mut buf = Vec::new();
            for ply in 0..700 {
                game.legal_actions(&state, &mut buf);
                let pos = state.position();
                let pawns = pos.board().by_role(crate::types::Role::Pawn);
                buf.retain(|a| {
                    matches!(a, Action::Move(m) if !pos.is_capture(*m) && !pawns.contains(m.from))
                });
                // Every 100 plies, 12 plies of each side undoing its last move, so that
                // positions repeat (three times and more) deep in the history.
                let back = (ply % 100 >= 88)
                    .then(|| {
                        let n = state.moves.len();
                        let last = state.moves[n - 2];
                        buf.iter().copied().find(|a| {
                            matches!(a, Action::Move(m) if m.from == last.to && m.to == last.from)
                        })
                    })
                    .flatten();
                let action = back.unwrap_or_else(|| buf[rng.index(buf.len())]);
                game.apply(&mut state, &action).expect("legal");
                assert_eq!(state.counts.is_some(), state.keys.len() > LONG_KEYS);
                let key = state.keys[state.keys.len() - 1];
                let walked = state.walked(key);
                assert_eq!(state.repetitions(), walked, "seed {seed}, ply {ply}");
                repeated += usize::from(walked > 1 && state.counts.is_some());
                claims += usize::from(game.claimable_draws(&state).threefold_repetition);
                // The claims with a move (FIDE 9.2.1.1) read the same counts.
                let with_move: Vec<_> = game.claimable_moves(&state).collect();
                assert_eq!(
                    with_move,
                    claims_by_playing(&state),
                    "seed {seed}, ply {ply}"
                );
                claims_with_move += usize::from(
                    state.counts.is_some() && with_move.iter().any(|(_, c)| c.threefold_repetition),
                );
            }
            assert_eq!(
                state.keys.len(),
                701,
                "no capture or pawn move cleared them"
            );
            let again = game.replay(start.clone(), state.moves()).expect("a replay");
            assert_eq!(again, state);
        }
        assert!(
            repeated > 0 && claims > 0 && claims_with_move > 0,
            "{repeated} repeats, {claims} claims, {claims_with_move} with a move"
        );
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::fide()).unwrap();
        v["auto_claim"] = true.into();
        v["claimable_draws"] = false.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }

    /// Every variant writes its form and reads back; the moves include a promotion, castling
    /// as king takes rook and the null move.
    #[test]
    fn action_text_round_trips_every_variant() {
        use crate::types::Square;
        let promote = Move {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Role::Queen),
        };
        let castle = Move::new(Square::E1, Square::H1);
        let cases = [
            (Action::Move(Move::new(Square::E2, Square::E4)), "e2e4"),
            (Action::Move(promote), "e7e8q"),
            (Action::Move(castle), "e1h1"),
            (Action::Move(Move::NULL), "0000"),
            (Action::Resign, "resign"),
            (Action::OfferDraw, "offer draw"),
            (Action::AcceptDraw, "accept draw"),
            (Action::ClaimDraw, "claim draw"),
            (Action::ClaimDrawWith(promote), "claim draw with e7e8q"),
            (Action::ClaimDrawWith(castle), "claim draw with e1h1"),
        ];
        for (action, text) in cases {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
        }
    }

    /// Whitespace around and between the words is accepted, as backgammon's actions do.
    #[test]
    fn action_text_accepts_any_whitespace_between_words() {
        assert_eq!(" resign\n".parse::<Action>(), Ok(Action::Resign));
        assert_eq!("claim\t draw".parse::<Action>(), Ok(Action::ClaimDraw));
        assert_eq!(
            "  claim  draw  with  e2e4 ".parse::<Action>(),
            "claim draw with e2e4".parse::<Action>()
        );
        assert_eq!(
            "\u{3000}e2e4\u{3000}".parse::<Action>(),
            "e2e4".parse::<Action>()
        );
    }

    /// Each bad text gives its variant; nothing panics on long or non-ASCII text.
    #[test]
    fn action_text_errors() {
        use crate::uci::UciError;
        let parse = |s: &str| s.parse::<Action>();
        let malformed = |s: &str| Err(ParseActionError::Malformed(s.to_owned()));
        let syntax = |s: &str| Err(ParseActionError::Move(UciError::Syntax(s.to_owned())));
        assert_eq!(parse(""), Err(ParseActionError::Empty));
        assert_eq!(parse(" \t\n "), Err(ParseActionError::Empty));
        for bad in [
            "offer",
            "accept",
            "claim",
            "claim draw with",
            "claim draw e2e4",
            "claim with e2e4",
            "claim draw with e2e4 e7e5",
            "resign now",
            "offer draw please",
            "accept resignation",
            "e2e4 e7e5",
            "claim draw with e2e4 and more words",
        ] {
            assert_eq!(parse(bad), malformed(bad), "{bad:?}");
        }
        for (bad, word) in [
            ("Resign", "Resign"),
            ("draw", "draw"),
            ("e2e9", "e2e9"),
            ("E2E4", "E2E4"),
            ("e7e8Q", "e7e8Q"),
            ("claim draw with e2", "e2"),
            ("claim draw with resign", "resign"),
            ("é2e4", "é2e4"),
        ] {
            assert_eq!(parse(bad), syntax(word), "{bad:?}");
        }
        let long = "z".repeat(1 << 16);
        let Err(ParseActionError::Move(UciError::Syntax(quoted))) = parse(&long) else {
            panic!("a long word is a bad move");
        };
        assert_eq!(quoted.chars().count(), boardgame_core::text::EXCERPT_CHARS);
        let many = "claim draw ".repeat(1 << 14);
        let Err(ParseActionError::Malformed(quoted)) = parse(&many) else {
            panic!("many words are malformed");
        };
        assert_eq!(quoted.chars().count(), boardgame_core::text::EXCERPT_CHARS);
        assert_eq!(
            ParseActionError::Empty.to_string(),
            "empty action",
            "lower case, no period"
        );
    }
}
