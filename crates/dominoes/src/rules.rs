//! The rule options: the booklet's draw game by default, the standard variants as settings.

use boardgame_core::MatchConfig;

use crate::tile::{MAX_NUMBER, Tiles};

/// What a player who cannot place a tile does (decision E2).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{DrawRule, Rules};
/// assert_eq!(Rules::lattjo().draw_rule, DrawRule::DrawOne);
/// assert_eq!(Rules::block().draw_rule, DrawRule::NoDraw);
/// let rules = Rules::lattjo().with_draw_rule(DrawRule::DrawUntilPlayable);
/// assert_eq!(rules.draw_rule, Rules::draw().draw_rule);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawRule {
    /// The booklet (D9, E2): draw exactly one tile; play it if it fits, else the turn passes.
    #[default]
    DrawOne,
    /// The standard draw game: keep drawing until a tile fits or the stock is empty.
    DrawUntilPlayable,
    /// As [`DrawRule::DrawUntilPlayable`], but the last two tiles of the stock are never drawn.
    DrawUntilPlayableLeaveTwo,
    /// The block game: no drawing; a stuck player passes and the stock is dead.
    NoDraw,
}

impl DrawRule {
    /// Whether a tile can be drawn from `stock`.
    pub(crate) fn drawable(self, stock: Tiles) -> bool {
        match self {
            DrawRule::DrawOne | DrawRule::DrawUntilPlayable => !stock.is_empty(),
            DrawRule::DrawUntilPlayableLeaveTwo => stock.more_than(2),
            DrawRule::NoDraw => false,
        }
    }
}

/// Who wins a blocked round when the lowest pip totals tie (decision E5).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{BlockedTie, Rules};
/// assert_eq!(Rules::lattjo().blocked_tie, BlockedTie::NoScore);
/// assert_eq!(Rules::block().blocked_tie, BlockedTie::LightestTile);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BlockedTie {
    /// Nobody scores (pagat; onlinedominogames).
    #[default]
    NoScore,
    /// The tied player holding the lightest single tile wins (domino-games.com); if those
    /// tiles tie too, nobody scores.
    LightestTile,
}

/// What the round winner scores (decision E6).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Rules, ScoreBasis};
/// assert_eq!(Rules::lattjo().score_basis, ScoreBasis::OthersMinusOwn);
/// assert_eq!(Rules::draw().score_basis, ScoreBasis::OthersOnly);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ScoreBasis {
    /// The booklet (D13): the pips in all other hands minus the winner's own, once.
    #[default]
    OthersMinusOwn,
    /// Classic block scoring: the pips in all other hands.
    OthersOnly,
}

/// Who opens the rounds after the first (decision E7). The first round always opens with
/// the highest double (D4).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{NextRoundLeader, Rules};
/// assert_eq!(Rules::lattjo().next_round_leader, NextRoundLeader::HighestDouble);
/// assert_eq!(Rules::all_fives().next_round_leader, NextRoundLeader::PreviousWinner);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum NextRoundLeader {
    /// The booklet: the highest double opens every round.
    #[default]
    HighestDouble,
    /// The previous round's winner opens with any tile (the highest double when the previous
    /// round had no winner).
    PreviousWinner,
    /// The seat after the previous round's opener opens with any tile.
    NextClockwise,
}

/// What happens when no player was dealt a double (decision E8).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, NoDouble, Rules};
/// let rules = Rules::lattjo().with_no_double(NoDouble::HighestTileLeads);
/// assert!(Dominoes::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum NoDouble {
    /// The booklet (D5): all tiles are returned and dealt again.
    #[default]
    Redeal,
    /// The holder of the heaviest tile (most pips, then the higher half) opens with it.
    HighestTileLeads,
}

/// How points are made (section 5).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Rules, Scoring};
/// assert_eq!(Rules::lattjo().scoring, Scoring::Block);
/// assert_eq!(Rules::muggins().scoring, Scoring::Fives);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Scoring {
    /// The booklet: only the round winner scores, from the pips left in hands (D12, D13).
    #[default]
    Block,
    /// All Fives / Muggins: after each play, open ends adding up to a multiple of 5 score
    /// that sum (a double at an end counts both halves); the round winner's score from the
    /// hands is rounded to the nearest 5.
    Fives,
}

/// Which doubles are spinners (section 5): a spinner opens its two long sides as new ends
/// once tiles lie on both of its in-line sides.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Rules, SpinnerRule};
/// assert_eq!(Rules::muggins().spinner, SpinnerRule::None);
/// assert_eq!(Rules::all_fives().spinner, SpinnerRule::FirstDouble);
/// assert_eq!(Rules::five_up().spinner, SpinnerRule::EveryDouble);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SpinnerRule {
    /// No spinner: the layout is a line with two ends (the booklet, D8; Muggins).
    #[default]
    None,
    /// The first double played is the spinner (All Fives).
    FirstDouble,
    /// Every double is a spinner (Five-Up, FU1).
    EveryDouble,
}

/// How many tiles each player is dealt when [`Rules::hand_size`] is not set: the booklet's
/// table (D2) or the block game's (section 5, learnplaywin). They differ at 3 players only.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{HandTable, Rules};
/// assert_eq!(Rules::lattjo().with_players(3).hand_size(), 7);
/// assert_eq!(Rules::block().hand_table, HandTable::Block);
/// assert_eq!(Rules::block().with_players(3).hand_size(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HandTable {
    /// The booklet (D2, T1): 7 tiles each for 2 or 3 players, 5 for 4 or more.
    #[default]
    Booklet,
    /// The block game (section 5, learnplaywin): 7 tiles each for 2 players, 5 for 3 or more.
    Block,
}

/// The rules of a dominoes game: every option of the rules file, each independent of the
/// others. [`Rules::lattjo`] is the booklet (the default); the other presets are the standard
/// games. Change options with the `with_*` methods; [`crate::Dominoes::new`] checks the
/// combination.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, DrawRule, Rules};
/// let booklet = Rules::lattjo().with_players(4);
/// assert_eq!(booklet.hand_size(), 5);
/// let no_drawing = Rules::lattjo().with_draw_rule(DrawRule::NoDraw);
/// assert_eq!(no_drawing.hand_size(), 7);
/// assert!(Dominoes::new(Rules::lattjo().with_players(9)).is_err());
/// assert_eq!(Rules::default(), Rules::lattjo());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// Players at the table, 2 to 8 (the booklet: 2 to 5, D1). Every preset: 2, except
    /// [`Rules::partnership`]: 4.
    pub players: usize,
    /// The highest number of the set, 0 to 12: 6 for the booklet's double-six set (D1), 9 or
    /// 12 for the larger sets ([`Rules::double_nine`], [`Rules::double_twelve`]).
    pub highest: u8,
    /// Tiles dealt to each player; `None` deals as [`Rules::hand_table`] says. Five-Up: 5.
    pub hand_size: Option<usize>,
    /// The table of hand sizes when `hand_size` is `None`: the booklet's (D2: 7 for 2-3
    /// players, 5 for 4 or more) or, in [`Rules::block`], the block game's (7 for 2 players,
    /// 5 for 3 or more). Missing from serialized rules of earlier versions: the booklet's.
    pub hand_table: HandTable,
    /// What a stuck player does (E2). The booklet draws one tile; block: no drawing; draw,
    /// All Fives, Muggins, Five-Up: draw until a tile fits.
    pub draw_rule: DrawRule,
    /// A player who can place a tile must, and a drawn tile that fits must be played (D10,
    /// E3). With `false` a player may draw while able to play, and may keep a drawn tile.
    /// Every preset: `true`.
    pub must_play_if_able: bool,
    /// End the round as soon as the layout is closed (E1 b): no tile anywhere can ever be
    /// played again. With `false` players keep drawing until the stock is empty. Every
    /// preset: `true`.
    pub closed_layout_ends_round: bool,
    /// Who wins a blocked round with tied lowest pips (E5). Block: the lightest tile; the
    /// others: nobody.
    pub blocked_tie: BlockedTie,
    /// What the round winner scores (E6). The booklet: the others' pips minus its own; the
    /// standard games: the others' pips.
    pub score_basis: ScoreBasis,
    /// Who opens later rounds (E7). All Fives, Muggins, Five-Up: the previous winner; the
    /// others: the highest double.
    pub next_round_leader: NextRoundLeader,
    /// No double dealt (E8). Every preset: deal again.
    pub no_double: NoDouble,
    /// Partners sit opposite (seats 0 and 2 against 1 and 3); needs 4 players (E13). Team
    /// pip totals decide blocked rounds and both partners carry the team's points. The
    /// winning team scores the opponents' pips minus its own (the partner's, when one went
    /// out), never less than 0. Only [`Rules::partnership`].
    pub partnerships: bool,
    /// Block scoring (the booklet, block, draw) or fives (All Fives, Muggins, Five-Up).
    pub scoring: Scoring,
    /// Which doubles are spinners, open on all four sides once both their in-line sides
    /// are covered: none (the booklet, D8; Muggins), the first double (All Fives) or every
    /// double (Five-Up).
    pub spinner: SpinnerRule,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    players: usize,
    highest: u8,
    hand_size: Option<usize>,
    #[serde(default)]
    hand_table: HandTable,
    draw_rule: DrawRule,
    must_play_if_able: bool,
    closed_layout_ends_round: bool,
    blocked_tie: BlockedTie,
    score_basis: ScoreBasis,
    next_round_leader: NextRoundLeader,
    no_double: NoDouble,
    partnerships: bool,
    scoring: Scoring,
    spinner: SpinnerRule,
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

/// Rules that cannot make a game.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Rules, RulesError};
/// assert_eq!(Dominoes::new(Rules::lattjo().with_players(9)), Err(RulesError::Players(9)));
/// let three = Rules::partnership().with_players(3);
/// assert_eq!(Dominoes::new(three), Err(RulesError::Partnerships(3)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Fewer than 2 or more than 8 players.
    #[error("dominoes needs 2 to 8 players, not {0}")]
    Players(usize),
    /// A set above double-twelve.
    #[error("double-{0} is not supported: the largest set is double-twelve")]
    SetTooLarge(u8),
    /// A hand size of zero, or more tiles dealt than the set has.
    #[error("{}", hand_size_message(*.hand, *.players, *.tiles))]
    HandSize {
        /// Tiles per hand.
        hand: usize,
        /// Players.
        players: usize,
        /// Tiles in the set.
        tiles: usize,
    },
    /// Partnerships with other than 4 players.
    #[error("partnerships need exactly 4 players, got {0}")]
    Partnerships(usize),
}

/// [`RulesError::HandSize`]'s message: a hand of no tiles is refused for being empty (it was
/// reported as "cannot deal 0 tiles to each of 2 players from a set of 28", which any set can).
fn hand_size_message(hand: usize, players: usize, tiles: usize) -> String {
    if hand == 0 {
        "a hand size of 0: every player is dealt at least one tile (D2)".to_string()
    } else {
        format!("cannot deal {hand} tiles to each of {players} players from a set of {tiles}")
    }
}

impl Rules {
    /// The booklet's game (D1-D15 with decisions E1-E13), the default: double-six, 7 tiles
    /// for 2-3 players and 5 for 4-5, highest double opens, draw one tile when stuck, others'
    /// pips minus own; 2 players.
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            players: 2,
            highest: 6,
            hand_size: None,
            hand_table: HandTable::Booklet,
            draw_rule: DrawRule::DrawOne,
            must_play_if_able: true,
            closed_layout_ends_round: true,
            blocked_tie: BlockedTie::NoScore,
            score_basis: ScoreBasis::OthersMinusOwn,
            next_round_leader: NextRoundLeader::HighestDouble,
            no_double: NoDouble::Redeal,
            partnerships: false,
            scoring: Scoring::Block,
            spinner: SpinnerRule::None,
        }
    }

    /// The standard block game (domino-games.com, learnplaywin): no drawing, a tied block goes
    /// to the lightest tile, the winner scores the others' pips, and 7 tiles each for 2
    /// players, 5 for 3 or more ([`HandTable::Block`]).
    #[must_use]
    pub const fn block() -> Rules {
        Rules::lattjo()
            .with_hand_table(HandTable::Block)
            .with_draw_rule(DrawRule::NoDraw)
            .with_blocked_tie(BlockedTie::LightestTile)
            .with_score_basis(ScoreBasis::OthersOnly)
    }

    /// The standard draw game (arkofbones, onlinedominogames): draw until a tile fits, the
    /// winner scores the others' pips, a tied block scores nothing.
    #[must_use]
    pub const fn draw() -> Rules {
        Rules::lattjo()
            .with_draw_rule(DrawRule::DrawUntilPlayable)
            .with_score_basis(ScoreBasis::OthersOnly)
    }

    /// All Fives (pagat): the draw game with a spinner and fives scoring, the previous
    /// winner leading later rounds. The usual targets are 61, 121, 150 or 200.
    #[must_use]
    pub const fn all_fives() -> Rules {
        Rules::draw()
            .with_scoring(Scoring::Fives)
            .with_spinner(SpinnerRule::FirstDouble)
            .with_next_round_leader(NextRoundLeader::PreviousWinner)
    }

    /// Muggins: All Fives without a spinner.
    #[must_use]
    pub const fn muggins() -> Rules {
        Rules::all_fives().with_spinner(SpinnerRule::None)
    }

    /// Five-Up (gambiter.com's Five Up, after Armanino; rules file section 5): All Fives
    /// with every double a spinner (FU1) and five tiles each (FU6). The target is 61 points
    /// counted in fives, 305 in this crate's pips: [`Rules::five_up_match`]. With four
    /// players it is usually played in partnerships:
    /// `Rules::five_up().with_players(4).with_partnerships(true)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_dominoes::{Rules, Scoring, SpinnerRule};
    /// let r = Rules::five_up();
    /// assert_eq!((r.scoring, r.spinner, r.hand_size()), (Scoring::Fives, SpinnerRule::EveryDouble, 5));
    /// assert_eq!(Rules::five_up_match().target(), Some(305));
    /// ```
    #[must_use]
    pub const fn five_up() -> Rules {
        Rules::all_fives()
            .with_spinner(SpinnerRule::EveryDouble)
            .with_hand_size(Some(5))
    }

    /// The booklet's game for four players as two partnerships, partners opposite (E13).
    #[must_use]
    pub const fn partnership() -> Rules {
        Rules::lattjo().with_players(4).with_partnerships(true)
    }

    /// The booklet's game with a double-nine set (55 tiles); set the hand size with
    /// [`Rules::with_hand_size`] (the booklet's table deals 7 or 5).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_dominoes::{Dominoes, Rules};
    /// let game = Dominoes::new(Rules::double_nine().with_players(4).with_hand_size(Some(7)))?;
    /// assert_eq!(game.set().len(), 55);
    /// # Ok::<(), lattjo_dominoes::RulesError>(())
    /// ```
    #[must_use]
    pub const fn double_nine() -> Rules {
        Rules::lattjo().with_highest(9)
    }

    /// The booklet's game with a double-twelve set (91 tiles); set the hand size with
    /// [`Rules::with_hand_size`].
    #[must_use]
    pub const fn double_twelve() -> Rules {
        Rules::lattjo().with_highest(12)
    }

    /// These rules for `players` players (2 to 8).
    #[must_use]
    pub const fn with_players(mut self, players: usize) -> Rules {
        self.players = players;
        self
    }

    /// These rules with the double-`highest` set (D1; 0 to 12).
    #[must_use]
    pub const fn with_highest(mut self, highest: u8) -> Rules {
        self.highest = highest;
        self
    }

    /// These rules dealing `hand_size` tiles each, or as [`Rules::hand_table`] says for
    /// `None` (D2).
    #[must_use]
    pub const fn with_hand_size(mut self, hand_size: Option<usize>) -> Rules {
        self.hand_size = hand_size;
        self
    }

    /// These rules with another table of hand sizes, used when no hand size is set (D2,
    /// section 5's block game).
    #[must_use]
    pub const fn with_hand_table(mut self, hand_table: HandTable) -> Rules {
        self.hand_table = hand_table;
        self
    }

    /// These rules with another draw rule (E2).
    #[must_use]
    pub const fn with_draw_rule(mut self, draw_rule: DrawRule) -> Rules {
        self.draw_rule = draw_rule;
        self
    }

    /// These rules with the duty to play when able on or off (D10, E3).
    #[must_use]
    pub const fn with_must_play_if_able(mut self, on: bool) -> Rules {
        self.must_play_if_able = on;
        self
    }

    /// These rules with a closed layout ending the round or not (E1 b).
    #[must_use]
    pub const fn with_closed_layout_ends_round(mut self, on: bool) -> Rules {
        self.closed_layout_ends_round = on;
        self
    }

    /// These rules with another tie rule for blocked rounds (E5).
    #[must_use]
    pub const fn with_blocked_tie(mut self, blocked_tie: BlockedTie) -> Rules {
        self.blocked_tie = blocked_tie;
        self
    }

    /// These rules with another score basis (E6).
    #[must_use]
    pub const fn with_score_basis(mut self, score_basis: ScoreBasis) -> Rules {
        self.score_basis = score_basis;
        self
    }

    /// These rules with another leader of later rounds (E7).
    #[must_use]
    pub const fn with_next_round_leader(mut self, next_round_leader: NextRoundLeader) -> Rules {
        self.next_round_leader = next_round_leader;
        self
    }

    /// These rules with another way out of a deal without doubles (E8).
    #[must_use]
    pub const fn with_no_double(mut self, no_double: NoDouble) -> Rules {
        self.no_double = no_double;
        self
    }

    /// These rules with partnerships on or off (E13; 4 players).
    #[must_use]
    pub const fn with_partnerships(mut self, on: bool) -> Rules {
        self.partnerships = on;
        self
    }

    /// These rules with block or fives scoring (section 5).
    #[must_use]
    pub const fn with_scoring(mut self, scoring: Scoring) -> Rules {
        self.scoring = scoring;
        self
    }

    /// These rules with another spinner rule (section 5, FU1).
    #[must_use]
    pub const fn with_spinner(mut self, spinner: SpinnerRule) -> Rules {
        self.spinner = spinner;
        self
    }

    /// Tiles dealt to each player: [`Rules::hand_size`] when set, else from
    /// [`Rules::hand_table`] (D2 by default).
    #[must_use]
    pub const fn hand_size(&self) -> usize {
        match (self.hand_size, self.hand_table) {
            (Some(h), _) => h,
            (None, HandTable::Booklet) if self.players <= 3 => 7,
            (None, HandTable::Block) if self.players <= 2 => 7,
            (None, _) => 5,
        }
    }

    /// Tiles in the set: 28 for double-six.
    #[must_use]
    pub const fn set_len(&self) -> usize {
        (self.highest as usize + 1) * (self.highest as usize + 2) / 2
    }

    /// The match settings the booklet suggests (E10): first to 100.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(lattjo_dominoes::Rules::suggested_match().target(), Some(100));
    /// ```
    #[must_use]
    pub fn suggested_match() -> MatchConfig {
        match MatchConfig::new(Some(100), None) {
            Ok(c) => c,
            Err(_) => unreachable!("100 is a valid target"),
        }
    }

    /// The Five-Up match (FU6): first to 61 points of five pips on the cribbage board, which
    /// is 305 in this crate's points (every fives score is a multiple of 5, so reaching 305
    /// pips is reaching 61 fives).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(lattjo_dominoes::Rules::five_up_match().target(), Some(61 * 5));
    /// ```
    #[must_use]
    pub fn five_up_match() -> MatchConfig {
        match MatchConfig::new(Some(Rules::FIVE_UP_TARGET), None) {
            Ok(c) => c,
            Err(_) => unreachable!("305 is a valid target"),
        }
    }

    /// The Five-Up target in this crate's points: 61 fives (FU6).
    pub const FIVE_UP_TARGET: i64 = 61 * 5;

    /// Checks that the rules make a game.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a bad player count, set, hand size or partnership table.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=8).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        if self.highest > MAX_NUMBER {
            return Err(RulesError::SetTooLarge(self.highest));
        }
        let hand = self.hand_size();
        if hand == 0 || hand.saturating_mul(self.players) > self.set_len() {
            return Err(RulesError::HandSize {
                hand,
                players: self.players,
                tiles: self.set_len(),
            });
        }
        if self.partnerships && self.players != 4 {
            return Err(RulesError::Partnerships(self.players));
        }
        Ok(())
    }
}

impl Rules {
    /// The rules of a game packed into 40 bits, equal exactly when the rules are equal for
    /// rules that make a game (every field has its own bits; the destructuring fails to
    /// compile when a field is added). Games and states compare keys, one instruction, on
    /// every action.
    pub(crate) fn key(&self) -> u64 {
        let Rules {
            players,
            highest,
            hand_size,
            hand_table,
            draw_rule,
            must_play_if_able,
            closed_layout_ends_round,
            blocked_tie,
            score_basis,
            next_round_leader,
            no_double,
            partnerships,
            scoring,
            spinner,
        } = *self;
        let mut k = (players & 0xF) as u64;
        k = k << 4 | u64::from(highest & 0xF);
        k = k << 8 | hand_size.map_or(0, |h| 0x80 | (h & 0x7F) as u64);
        k = k << 1 | hand_table as u64;
        k = k << 2 | draw_rule as u64;
        k = k << 1 | u64::from(must_play_if_able);
        k = k << 1 | u64::from(closed_layout_ends_round);
        k = k << 1 | blocked_tie as u64;
        k = k << 1 | score_basis as u64;
        k = k << 2 | next_round_leader as u64;
        k = k << 1 | no_double as u64;
        k = k << 1 | u64::from(partnerships);
        k = k << 1 | scoring as u64;
        k << 2 | spinner as u64
    }
}

impl Default for Rules {
    /// The booklet's game for 2 players ([`Rules::lattjo`]).
    fn default() -> Rules {
        Rules::lattjo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// D2 / T1: 7 tiles for 2-3 players, 5 for 4-5; the stock is the rest.
    #[test]
    fn d2_hand_sizes_follow_the_booklet_table() {
        for (players, hand, stock) in [(2, 7, 14), (3, 7, 7), (4, 5, 8), (5, 5, 3)] {
            let r = Rules::lattjo().with_players(players);
            assert_eq!(r.hand_size(), hand);
            assert_eq!(r.set_len() - hand * players, stock);
            assert_eq!(r.validate(), Ok(()));
        }
    }

    /// Section 5's block game (learnplaywin): 7 tiles for 2 players, 5 for 3 or 4 (and 5, as
    /// the booklet deals 5 players); the booklet's table deals 7 to 3 players (D2).
    #[test]
    fn section5_block_game_deals_5_tiles_to_3_players() {
        for (players, hand) in [(2, 7), (3, 5), (4, 5), (5, 5)] {
            let r = Rules::block().with_players(players);
            assert_eq!(r.hand_size(), hand, "{players} players");
            assert_eq!(r.validate(), Ok(()));
        }
        assert_eq!(Rules::lattjo().with_players(3).hand_size(), 7);
        let table = Rules::lattjo().with_hand_table(HandTable::Block);
        assert_eq!(table.with_players(3).hand_size(), 5);
        assert_eq!(table.with_players(3).with_hand_size(Some(6)).hand_size(), 6);
        for preset in [Rules::draw(), Rules::all_fives(), Rules::partnership()] {
            assert_eq!(preset.hand_table, HandTable::Booklet);
        }
    }

    /// Section 5: Muggins has no spinner, All Fives one, Five-Up every double (FU1); the
    /// booklet has none (D8).
    #[test]
    fn section5_spinner_rules_of_the_presets() {
        assert_eq!(SpinnerRule::default(), SpinnerRule::None);
        assert_eq!(Rules::lattjo().spinner, SpinnerRule::None);
        assert_eq!(Rules::muggins().spinner, SpinnerRule::None);
        assert_eq!(Rules::all_fives().spinner, SpinnerRule::FirstDouble);
        assert_eq!(Rules::five_up().spinner, SpinnerRule::EveryDouble);
        for players in 2..=5 {
            assert_eq!(Rules::five_up().with_players(players).validate(), Ok(()));
            assert_eq!(Rules::five_up().with_players(players).hand_size(), 5);
        }
        assert_eq!(Rules::five_up_match().target(), Some(Rules::FIVE_UP_TARGET));
    }

    /// `Rules::key` tells the presets and every single-option change apart.
    #[test]
    fn rules_keys_differ_exactly_when_rules_differ() {
        let base = Rules::lattjo();
        let variants = [
            base.with_players(3),
            base.with_players(5),
            base.with_highest(9),
            base.with_hand_size(Some(7)),
            base.with_hand_size(Some(5)),
            base.with_hand_table(HandTable::Block),
            base.with_draw_rule(DrawRule::NoDraw),
            base.with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo),
            base.with_must_play_if_able(false),
            base.with_closed_layout_ends_round(false),
            base.with_blocked_tie(BlockedTie::LightestTile),
            base.with_score_basis(ScoreBasis::OthersOnly),
            base.with_next_round_leader(NextRoundLeader::NextClockwise),
            base.with_next_round_leader(NextRoundLeader::PreviousWinner),
            base.with_no_double(NoDouble::HighestTileLeads),
            base.with_players(4).with_partnerships(true),
            base.with_scoring(Scoring::Fives),
            base.with_spinner(SpinnerRule::EveryDouble),
            base.with_spinner(SpinnerRule::FirstDouble),
            Rules::block(),
            Rules::five_up(),
            Rules::double_twelve()
                .with_players(8)
                .with_hand_size(Some(11)),
        ];
        for (i, a) in variants.iter().enumerate() {
            assert_eq!(a.validate(), Ok(()), "{a:?}");
            assert_ne!(a.key(), base.key(), "{a:?}");
            for b in &variants[i + 1..] {
                assert_eq!(a.key() == b.key(), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn bad_rules_are_refused() {
        let lattjo = Rules::lattjo();
        assert_eq!(
            lattjo.with_players(1).validate(),
            Err(RulesError::Players(1))
        );
        assert_eq!(
            lattjo.with_players(9).validate(),
            Err(RulesError::Players(9))
        );
        let d12 = Rules::double_twelve().with_players(8);
        assert!(matches!(
            d12.with_hand_size(Some(12)).validate(),
            Err(RulesError::HandSize { .. })
        ));
        assert_eq!(d12.with_hand_size(Some(11)).validate(), Ok(()));
        assert!(matches!(
            d12.with_hand_size(Some(usize::MAX)).validate(),
            Err(RulesError::HandSize { .. })
        ));
        assert_eq!(
            lattjo.with_highest(13).validate(),
            Err(RulesError::SetTooLarge(13))
        );
        assert_eq!(
            lattjo.with_players(3).with_partnerships(true).validate(),
            Err(RulesError::Partnerships(3))
        );
        assert!(matches!(
            lattjo.with_hand_size(Some(0)).validate(),
            Err(RulesError::HandSize { .. })
        ));
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::lattjo()).unwrap();
        v["players"] = 9.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }
}
