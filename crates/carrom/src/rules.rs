//! Rule options: the booklet's majority reading as the default, the ICF laws as a preset,
//! every difference an orthogonal switch (rules file, sections 4 and 5).

/// Where the penalty points of C16 and C17 go (A1).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{PenaltyPoints, Rules};
/// let rules = Rules::lattjo().with_penalty_points(PenaltyPoints::DeductFromOffender);
/// assert_eq!(rules.penalty_points, PenaltyPoints::DeductFromOffender);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PenaltyPoints {
    /// The victim wins the board and is credited the penalty (default; scores never fall).
    CreditVictim,
    /// The literal reading: the offender loses the points (scores may go negative) and the
    /// victim scores its normal C18 count.
    DeductFromOffender,
}

/// What happens when the queen drops together with own pieces while the side had no own
/// piece in pocket before the stroke (A11).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{QueenWithFirstPiece, Rules};
/// let rules = Rules::lattjo().with_queen_with_first_piece(QueenWithFirstPiece::RequireNextCover);
/// assert_eq!(rules.queen_with_first_piece, QueenWithFirstPiece::RequireNextCover);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum QueenWithFirstPiece {
    /// C9 as written: covered when at least one own piece stays in pocket after debts
    /// (default).
    CoveredAtOnce,
    /// ICF 68(a)/70(b): one own piece left after debts unlocks the queen, which must then be
    /// covered with the next stroke; two or more cover it.
    RequireNextCover,
    /// The queen always goes back to the centre.
    ReturnQueen,
}

/// What happens after the 8th board when the scores are level (A18).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{TieAfterMaxBoards, Rules};
/// let rules = Rules::lattjo().with_tie_after_max_boards(TieAfterMaxBoards::Draw);
/// assert_eq!(rules.tie_after_max_boards, TieAfterMaxBoards::Draw);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TieAfterMaxBoards {
    /// Extra boards until the scores differ; a toss decides who breaks each one (default,
    /// ICF 29(b)).
    ExtraBoard,
    /// The game is drawn.
    Draw,
}

/// The order in which seats take turns, seen from above (A19).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{TurnDirection, Rules};
/// let rules = Rules::lattjo().with_turn_direction(TurnDirection::Clockwise);
/// assert_eq!(rules.turn_direction, TurnDirection::Clockwise);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TurnDirection {
    /// To the right of the player who just struck (default, ICF 22(b)).
    CounterClockwise,
    /// To the left.
    Clockwise,
}

/// Who breaks the boards after the first (A20).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{BreakRotation, Rules};
/// let rules = Rules::lattjo().with_break_rotation(BreakRotation::LoserBreaks);
/// assert_eq!(rules.break_rotation, BreakRotation::LoserBreaks);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BreakRotation {
    /// The next seat in turn order after the previous board's breaker (default, ICF 22(a)).
    Rotate,
    /// A seat of the side that lost the previous board.
    LoserBreaks,
    /// A seat of the side that won the previous board.
    WinnerBreaks,
}

/// How the points of a finished board are counted (C15-C19, A1 against ICF 25-28 and 75-85).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{BoardEndScoring, Rules};
/// let rules = Rules::lattjo().with_board_end_scoring(BoardEndScoring::Icf);
/// assert_eq!(rules.board_end_scoring, BoardEndScoring::Icf);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BoardEndScoring {
    /// The booklet (default): a C15 win counts the loser's men on the board (after the
    /// stroke's penalties, A14) plus 3 for a queen the winner covered; C16 adds the 3 penalty
    /// points (A1, [`Rules::penalty_points`]); C17 gives the victim 3 plus its own men on the
    /// board.
    Booklet,
    /// ICF 25-28 and 75-85: men on the board are counted with the stroke's dues written off
    /// (ICF 28); pocketing the opponent's last man loses by the striker's men on the board plus
    /// the queen's 3 (men only against a side on 22 or more, ICF 76, 79, 84); the own last man
    /// with the queen on the board, or both last men, lose by 3 (1 against 22 or more, ICF 78,
    /// 80, 81, 82), by 1 when the striker's side covered the queen (ICF 83); both last men
    /// covering the queen win by 3 (1 from 22, ICF 75(a), 77(a)). The extra points "if
    /// demanded" ([`Rules::extra_point_if_demanded`]) are 1 for a pocketed striker, 1 for an
    /// improper (called foul) stroke, 2 for both (ICF 75(b)-85(b)). A called foul stroke that
    /// pockets a side's last man ends the board by the (b) laws. Points always go to the winner
    /// (ICF 26; [`Rules::penalty_points`] is not consulted).
    Icf,
}

/// When both sides' last pieces drop in one stroke (A15).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{BothLastPieces, Rules};
/// let rules = Rules::lattjo().with_both_last_pieces(BothLastPieces::ByQueenState);
/// assert_eq!(rules.both_last_pieces, BothLastPieces::ByQueenState);
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BothLastPieces {
    /// C16 takes precedence: the striking side loses (default).
    StrikerLoses,
    /// ICF 75/78 as read here: the striking side wins if the queen is covered after the
    /// stroke, and loses otherwise.
    ByQueenState,
}

/// Execution noise: a chance node after every stroke that perturbs its direction and speed.
///
/// The direction is turned by `atan(e)` where the sideways slip `e` (the tangent of the
/// angle error) and the relative speed error `s` are each drawn from an Irwin-Hall(12)
/// approximation of a normal distribution (the sum of 12 uniforms minus 6, so mean 0,
/// variance 1, truncated at +-6) scaled by the standard deviations below. The drawn values
/// are recorded in the game record, so games replay exactly.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Carrom, NoiseModel, Rules};
/// let noisy = Rules::lattjo().with_noise(Some(NoiseModel { direction_sd: 0.02, speed_sd: 0.05 }));
/// assert!(Carrom::new(noisy).is_ok());
/// let wild = Rules::lattjo().with_noise(Some(NoiseModel { direction_sd: 1.0, speed_sd: 0.05 }));
/// assert!(Carrom::new(wild).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoiseModel {
    /// Standard deviation of the tangent of the direction error (0.02 is about 1.1 degrees);
    /// at most 0.1 ([`MAX_NOISE_SD`]).
    pub direction_sd: f64,
    /// Standard deviation of the relative speed error (0.05 = 5 %); at most 0.2
    /// ([`MAX_NOISE_SD`]).
    pub speed_sd: f64,
}

impl Default for NoiseModel {
    /// About 1.1 degrees of aim and 5 % of speed: a good club player's spread (an estimate).
    fn default() -> NoiseModel {
        NoiseModel {
            direction_sd: 0.02,
            speed_sd: 0.05,
        }
    }
}

/// Every rule option. [`Rules::lattjo`] (also `Default`) is the LATTJO booklet's majority
/// reading; [`Rules::icf`] the International Carrom Federation laws as far as the physics
/// model can express them. Each option has a `with_*` builder that takes its value
/// (`with_players(4)` for pairs); [`crate::Carrom::new`] validates the combination.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{NoiseModel, QueenWithFirstPiece, Rules};
/// let icf = Rules::icf();
/// assert_eq!(icf.queen_with_first_piece, QueenWithFirstPiece::RequireNextCover);
/// assert!(Rules::lattjo().opponent_piece_ends_turn);
/// let pairs = Rules::lattjo()
///     .with_players(4)
///     .with_noise(Some(NoiseModel::default()));
/// assert_eq!(pairs.players, 4);
/// assert!(pairs.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rules {
    /// 2 (singles) or 4 (pairs, partners opposite) players (C1). Both presets: 2.
    pub players: usize,
    /// A1: where the C16/C17 penalty points go. Both presets:
    /// [`PenaltyPoints::CreditVictim`].
    pub penalty_points: PenaltyPoints,
    /// A1 under [`BoardEndScoring::Booklet`]: whether the 3 penalty points shrink to 1 when the
    /// victim has [`Rules::queen_bonus_cutoff`] (22) or more before the board, the threshold of
    /// C19 that the ICF's "1 point instead of 3" also uses (a house reading; the ICF laws count
    /// differently, see [`BoardEndScoring::Icf`]). Default `false`.
    pub penalty_points_respect_22_cap: bool,
    /// How a finished board is scored. Default [`BoardEndScoring::Booklet`]; ICF
    /// [`BoardEndScoring::Icf`].
    pub board_end_scoring: BoardEndScoring,
    /// A2: the turn continues after pocketing the striker with an own piece. Default `true`.
    pub striker_with_own_piece_continues: bool,
    /// A3/C13: pocketing an opponent's piece ends the turn even if own pieces dropped.
    /// Default `true`; ICF `false` (ICF 21, 48).
    pub opponent_piece_ends_turn: bool,
    /// A5: after this many void strokes in a row (striker never left the base line) outside
    /// the break, the turn passes; a stroke that counts starts the count again (T4, T5: the
    /// stroke is retried). Default `None` (retaken without limit); `Some(3)` is the FI/ES/HU
    /// reading.
    pub void_stroke_limit: Option<u8>,
    /// A5: failed attempts a breaker gets before the break passes (C5). Default 3.
    pub break_attempts: u8,
    /// A8: the striker leaving the board counts as pocketing it (C10). Default `false`.
    pub striker_off_board_is_foul: bool,
    /// A11: the queen dropped with the first own pieces. Default
    /// [`QueenWithFirstPiece::CoveredAtOnce`]; ICF [`QueenWithFirstPiece::RequireNextCover`]
    /// (ICF 70(b)).
    pub queen_with_first_piece: QueenWithFirstPiece,
    /// ICF 68: a queen pocketed too early (no own piece in pocket before the stroke, or while
    /// owing) goes back and the turn is lost even if own pieces dropped; so does a queen
    /// pocketed with the striker while all nine own men are on the board (ICF 68(d)).
    /// Default `false`; ICF `true`.
    pub queen_too_early_loses_turn: bool,
    /// ICF 68(b): a queen pocketed while the side owes a due goes back, whatever own men drop
    /// with it. Default `false`: A11 applies "including while he owes" (the own men left in
    /// pocket after the debt decide); ICF `true`.
    pub queen_while_owing_goes_back: bool,
    /// ICF 71-72: pocketing the striker with the queen returns the queen and the turn
    /// continues. Default `false` (the A10 row without the queen decides); ICF `true`.
    pub striker_with_queen_continues: bool,
    /// A14/ICF 81-85: pocketing the last own piece together with the striker loses the board
    /// (the check runs before the penalty returns pieces) when the queen is not covered after
    /// the stroke (ICF 81, 82) or the opponent's last man drops too (ICF 83, 85); with a
    /// covered queen and men of the opponent left, ICF 46 returns the men and the board goes
    /// on. Default `false` (penalties first, so the board goes on); ICF `true`.
    pub last_piece_with_striker_loses: bool,
    /// A15: both last pieces in one stroke. Default [`BothLastPieces::StrikerLoses`]; ICF
    /// [`BothLastPieces::ByQueenState`] (ICF 75, 78).
    pub both_last_pieces: BothLastPieces,
    /// A17/C19: a side whose score before the board is this or more gets no queen points.
    /// Default 22; 0..=[`MAX_POINTS`].
    pub queen_bonus_cutoff: i64,
    /// Points for covering the queen (C18). Default 3; 0..=[`MAX_POINTS`].
    pub queen_points: i64,
    /// ICF 28: most points one board can award, 1..=[`MAX_POINTS`]. Default `None` (no cap;
    /// at most 15 can arise with the default queen points); ICF `Some(12)`.
    pub max_points_per_board: Option<i64>,
    /// C20: the game ends when a side reaches this score. Default 25; 1..=[`MAX_POINTS`].
    pub target_points: i64,
    /// C20: the most boards in a game before the tie rule. Default 8; 1..=[`MAX_BOARDS`].
    pub max_boards: u32,
    /// A18: what a tie after the last board means. Both presets:
    /// [`TieAfterMaxBoards::ExtraBoard`].
    pub tie_after_max_boards: TieAfterMaxBoards,
    /// A19: the turn order around the table. Both presets: [`TurnDirection::CounterClockwise`].
    pub turn_direction: TurnDirection,
    /// A20: who breaks later boards. Both presets: [`BreakRotation::Rotate`].
    pub break_rotation: BreakRotation,
    /// A20: the side that breaks a board plays white on it. Default `true`; `false` keeps the
    /// colours of the first toss for the whole game.
    pub colour_follows_break: bool,
    /// Execution noise after every stroke, `None` for exact strokes (both presets).
    pub noise: Option<NoiseModel>,
    /// ICF 75-85: when a board ends on a stroke in which the striking side pocketed the striker
    /// (or on a called foul stroke) and the other side wins, the winner gets the extra points
    /// "if demanded": one (under [`BoardEndScoring::Icf`]: one for the striker and one for the
    /// improper stroke, two for both, ICF 81(b)-85(b)). Modelled as always demanded (demanding
    /// can only gain, so a decision node would offer a dominated choice); still subject to
    /// [`Rules::max_points_per_board`]. Default `false`; ICF `true`.
    pub extra_point_if_demanded: bool,
    /// ICF 62(b), A6: due and penalty men are placed inside the outer circle without covering
    /// the centre circle (on the nearest free ring just outside it) instead of on the centre
    /// spot. Jumped pieces and the queen still go on the spot (C14, A7). Default `false`; ICF
    /// `true`.
    pub dues_off_centre_circle: bool,
    /// ICF 60: the player who places a side's due men may decline to place them, all or
    /// nothing: after such a stroke he chooses with [`crate::Action::Dues`] (a player node);
    /// declined men stay in the pocket and the side's debt is written off. The placer is always
    /// an opponent of the men's colour (A6): the striking side's men by the opponent who strikes
    /// next (ICF 45(a), 51(b)(i)), the other side's men (a debt paid by men the striker
    /// pocketed, or men a called foul returned) by the striker himself (ICF 51(b)(ii)); when
    /// both colours come back, one choice each, the striking side's first. A side never
    /// decides about its own dues. Default `false`; ICF `true`.
    pub dues_may_be_declined: bool,
    /// ICF 35-37: the referee may call a foul stroke (pushed, or the sitting rules broken) or a
    /// technical foul, as [`crate::Action::Call`]. C2 forbids pushing but the booklet names no
    /// penalty. Default `false`; ICF `true`.
    pub referee_calls: bool,
    /// ICF 29-33: games per match (best of this many, odd). Used by [`crate::Carrom::full_match`].
    /// Default 1; ICF 3.
    pub games_per_match: u8,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    players: usize,
    penalty_points: PenaltyPoints,
    penalty_points_respect_22_cap: bool,
    board_end_scoring: BoardEndScoring,
    striker_with_own_piece_continues: bool,
    opponent_piece_ends_turn: bool,
    void_stroke_limit: Option<u8>,
    break_attempts: u8,
    striker_off_board_is_foul: bool,
    queen_with_first_piece: QueenWithFirstPiece,
    queen_too_early_loses_turn: bool,
    queen_while_owing_goes_back: bool,
    striker_with_queen_continues: bool,
    last_piece_with_striker_loses: bool,
    both_last_pieces: BothLastPieces,
    queen_bonus_cutoff: i64,
    queen_points: i64,
    max_points_per_board: Option<i64>,
    target_points: i64,
    max_boards: u32,
    tie_after_max_boards: TieAfterMaxBoards,
    turn_direction: TurnDirection,
    break_rotation: BreakRotation,
    colour_follows_break: bool,
    noise: Option<NoiseModel>,
    extra_point_if_demanded: bool,
    dues_off_centre_circle: bool,
    dues_may_be_declined: bool,
    referee_calls: bool,
    games_per_match: u8,
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
    fn default() -> Rules {
        Rules::lattjo()
    }
}

impl Rules {
    /// The LATTJO booklet, majority reading, singles (the default rule set).
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            players: 2,
            penalty_points: PenaltyPoints::CreditVictim,
            penalty_points_respect_22_cap: false,
            board_end_scoring: BoardEndScoring::Booklet,
            striker_with_own_piece_continues: true,
            opponent_piece_ends_turn: true,
            void_stroke_limit: None,
            break_attempts: 3,
            striker_off_board_is_foul: false,
            queen_with_first_piece: QueenWithFirstPiece::CoveredAtOnce,
            queen_too_early_loses_turn: false,
            queen_while_owing_goes_back: false,
            striker_with_queen_continues: false,
            last_piece_with_striker_loses: false,
            both_last_pieces: BothLastPieces::StrikerLoses,
            queen_bonus_cutoff: 22,
            queen_points: 3,
            max_points_per_board: None,
            target_points: 25,
            max_boards: 8,
            tie_after_max_boards: TieAfterMaxBoards::ExtraBoard,
            turn_direction: TurnDirection::CounterClockwise,
            break_rotation: BreakRotation::Rotate,
            colour_follows_break: true,
            noise: None,
            extra_point_if_demanded: false,
            dues_off_centre_circle: false,
            dues_may_be_declined: false,
            referee_calls: false,
            games_per_match: 1,
        }
    }

    /// The ICF laws preset (section 5), singles: opponent's pieces legal (ICF 21, 48), striker
    /// with the queen continues (ICF 71-72), the queen too early or while owing goes back and
    /// loses the turn (ICF 68) and needs a next-stroke cover with the first piece (ICF 70(b)),
    /// the last piece with the striker loses the board (ICF 81), both last pieces by queen
    /// state (ICF 75, 78), board ends scored by ICF 75-85, at most 12 points a board
    /// (ICF 28), the extra points "if demanded" (ICF 75-85), dues placed off the centre circle
    /// (ICF 62(b)) and declinable (ICF 60), referee calls for foul strokes and technical fouls
    /// (ICF 35-37), best-of-three matches (ICF 29-33).
    #[must_use]
    pub const fn icf() -> Rules {
        let mut r = Rules::lattjo();
        r.opponent_piece_ends_turn = false;
        r.striker_with_queen_continues = true;
        r.queen_too_early_loses_turn = true;
        r.queen_while_owing_goes_back = true;
        r.queen_with_first_piece = QueenWithFirstPiece::RequireNextCover;
        r.last_piece_with_striker_loses = true;
        r.both_last_pieces = BothLastPieces::ByQueenState;
        r.board_end_scoring = BoardEndScoring::Icf;
        r.max_points_per_board = Some(12);
        r.extra_point_if_demanded = true;
        r.dues_off_centre_circle = true;
        r.dues_may_be_declined = true;
        r.referee_calls = true;
        r.games_per_match = 3;
        r
    }
}

macro_rules! builders {
    ($($(#[$doc:meta])* $name:ident: $field:ident: $ty:ty;)*) => {
        impl Rules {
            $(
                $(#[$doc])*
                #[must_use]
                pub const fn $name(mut self, value: $ty) -> Rules {
                    self.$field = value;
                    self
                }
            )*
        }
    };
}

builders! {
    /// The same rules for `players` players: 2 (singles) or 4 (two partnerships, C1, C21);
    /// checked by [`crate::Carrom::new`].
    with_players: players: usize;
    /// Sets [`Rules::penalty_points`] (A1).
    with_penalty_points: penalty_points: PenaltyPoints;
    /// Sets [`Rules::penalty_points_respect_22_cap`] (A1).
    with_penalty_points_respect_22_cap: penalty_points_respect_22_cap: bool;
    /// Sets [`Rules::board_end_scoring`].
    with_board_end_scoring: board_end_scoring: BoardEndScoring;
    /// Sets [`Rules::striker_with_own_piece_continues`] (A2).
    with_striker_with_own_piece_continues: striker_with_own_piece_continues: bool;
    /// Sets [`Rules::opponent_piece_ends_turn`] (A3, C13).
    with_opponent_piece_ends_turn: opponent_piece_ends_turn: bool;
    /// Sets [`Rules::void_stroke_limit`] (A5).
    with_void_stroke_limit: void_stroke_limit: Option<u8>;
    /// Sets [`Rules::break_attempts`] (A5, C5).
    with_break_attempts: break_attempts: u8;
    /// Sets [`Rules::striker_off_board_is_foul`] (A8).
    with_striker_off_board_is_foul: striker_off_board_is_foul: bool;
    /// Sets [`Rules::queen_with_first_piece`] (A11).
    with_queen_with_first_piece: queen_with_first_piece: QueenWithFirstPiece;
    /// Sets [`Rules::queen_too_early_loses_turn`] (ICF 68).
    with_queen_too_early_loses_turn: queen_too_early_loses_turn: bool;
    /// Sets [`Rules::queen_while_owing_goes_back`] (ICF 68(b)).
    with_queen_while_owing_goes_back: queen_while_owing_goes_back: bool;
    /// Sets [`Rules::striker_with_queen_continues`] (ICF 71-72).
    with_striker_with_queen_continues: striker_with_queen_continues: bool;
    /// Sets [`Rules::last_piece_with_striker_loses`] (A14, ICF 81-85).
    with_last_piece_with_striker_loses: last_piece_with_striker_loses: bool;
    /// Sets [`Rules::both_last_pieces`] (A15).
    with_both_last_pieces: both_last_pieces: BothLastPieces;
    /// Sets [`Rules::queen_bonus_cutoff`] (A17, C19).
    with_queen_bonus_cutoff: queen_bonus_cutoff: i64;
    /// Sets [`Rules::queen_points`] (C18).
    with_queen_points: queen_points: i64;
    /// Sets [`Rules::max_points_per_board`] (ICF 28).
    with_max_points_per_board: max_points_per_board: Option<i64>;
    /// Sets [`Rules::target_points`] (C20).
    with_target_points: target_points: i64;
    /// Sets [`Rules::max_boards`] (C20).
    with_max_boards: max_boards: u32;
    /// Sets [`Rules::tie_after_max_boards`] (A18).
    with_tie_after_max_boards: tie_after_max_boards: TieAfterMaxBoards;
    /// Sets [`Rules::turn_direction`] (A19).
    with_turn_direction: turn_direction: TurnDirection;
    /// Sets [`Rules::break_rotation`] (A20).
    with_break_rotation: break_rotation: BreakRotation;
    /// Sets [`Rules::colour_follows_break`] (A20).
    with_colour_follows_break: colour_follows_break: bool;
    /// Sets [`Rules::noise`]: `Some` model for execution noise, `None` for exact strokes.
    with_noise: noise: Option<NoiseModel>;
    /// Sets [`Rules::extra_point_if_demanded`] (ICF 75-85).
    with_extra_point_if_demanded: extra_point_if_demanded: bool;
    /// Sets [`Rules::dues_off_centre_circle`] (ICF 62(b), A6).
    with_dues_off_centre_circle: dues_off_centre_circle: bool;
    /// Sets [`Rules::dues_may_be_declined`] (ICF 60).
    with_dues_may_be_declined: dues_may_be_declined: bool;
    /// Sets [`Rules::referee_calls`] (ICF 35-37).
    with_referee_calls: referee_calls: bool;
    /// Sets [`Rules::games_per_match`] (ICF 29-33).
    with_games_per_match: games_per_match: u8;
}

/// The largest value of a point-valued option ([`Rules::target_points`],
/// [`Rules::queen_points`], [`Rules::queen_bonus_cutoff`], [`Rules::max_points_per_board`]): far
/// above any real game (25, 3, 22, 12), and small enough that no sum of a game's points can
/// overflow.
pub const MAX_POINTS: i64 = 1000;
/// The largest [`Rules::max_boards`].
pub const MAX_BOARDS: u32 = 100;
/// The largest noise deviations ([`NoiseModel::direction_sd`], about 5.7 degrees, and
/// [`NoiseModel::speed_sd`], 20 %): beyond them a stroke is no longer aimed.
pub const MAX_NOISE_SD: (f64, f64) = (0.1, 0.2);

/// The smallest nonzero noise deviation, for both [`NoiseModel`] fields: 10⁻⁹ (a nanoradian of
/// aim, a billionth of the speed). Below it the noise means nothing, and a drawn error (the
/// deviation times a draw that can be as small as 2⁻⁵³) could leave the normal range, which a
/// stroke refuses (fuzz, 2 Dec 2026: the same cause as a subnormal `max_speed` in
/// disc-billiards).
pub const MIN_NOISE_SD: f64 = 1e-9;

/// Rules that cannot be played.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Carrom, Rules, RulesError};
/// assert_eq!(Carrom::new(Rules::lattjo().with_players(3)).err(), Some(RulesError::Players(3)));
/// assert!(matches!(
///     Carrom::new(Rules::lattjo().with_target_points(0)),
///     Err(RulesError::OutOfRange { option: "target_points", .. })
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not 2 or 4 players (C1, A21).
    #[error("carrom is played by 2 or 4 players, not {0}")]
    Players(usize),
    /// No break attempts.
    #[error("the breaker needs at least one attempt")]
    NoBreakAttempts,
    /// A void-stroke limit of zero.
    #[error("the void-stroke limit must be at least 1")]
    NoVoidStrokes,
    /// A numeric option outside its documented range.
    #[error("{option} is {value}, outside {min}..={max}")]
    OutOfRange {
        /// The option's field name.
        option: &'static str,
        /// The value given.
        value: i64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// A noise deviation that is not zero or within [`MIN_NOISE_SD`]..=[`MAX_NOISE_SD`] (NaN
    /// included).
    #[error("noise {option} is {value}: neither 0 nor within 1e-9..={max}")]
    Noise {
        /// `direction_sd` or `speed_sd`.
        option: &'static str,
        /// The value given.
        value: f64,
        /// The largest value allowed.
        max: f64,
    },
    /// An even or zero number of games per match.
    #[error("a match is best of an odd number of games, not {0}")]
    GamesPerMatch(u8),
    /// disc-physics refused its own ICF table (never expected).
    #[error("disc-physics refused the ICF table: {0}")]
    Physics(disc_physics::TableError),
}

impl Rules {
    /// Checks that the options describe a playable game: every number in its documented
    /// range.
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming the first bad option.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.players != 2 && self.players != 4 {
            return Err(RulesError::Players(self.players));
        }
        if self.break_attempts == 0 {
            return Err(RulesError::NoBreakAttempts);
        }
        if self.void_stroke_limit == Some(0) {
            return Err(RulesError::NoVoidStrokes);
        }
        let range = |option: &'static str, value: i64, min: i64, max: i64| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(RulesError::OutOfRange {
                    option,
                    value,
                    min,
                    max,
                })
            }
        };
        range("target_points", self.target_points, 1, MAX_POINTS)?;
        range(
            "max_boards",
            i64::from(self.max_boards),
            1,
            i64::from(MAX_BOARDS),
        )?;
        range("queen_points", self.queen_points, 0, MAX_POINTS)?;
        range("queen_bonus_cutoff", self.queen_bonus_cutoff, 0, MAX_POINTS)?;
        if let Some(cap) = self.max_points_per_board {
            range("max_points_per_board", cap, 1, MAX_POINTS)?;
        }
        if self.games_per_match.is_multiple_of(2) {
            return Err(RulesError::GamesPerMatch(self.games_per_match));
        }
        if let Some(n) = self.noise {
            let check = |option: &'static str, value: f64, max: f64| {
                if value == 0.0 || (MIN_NOISE_SD..=max).contains(&value) {
                    Ok(())
                } else {
                    Err(RulesError::Noise { option, value, max })
                }
            };
            check("direction_sd", n.direction_sd, MAX_NOISE_SD.0)?;
            check("speed_sd", n.speed_sd, MAX_NOISE_SD.1)?;
        }
        Ok(())
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::lattjo()).unwrap();
        v["players"] = 3.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }
}
