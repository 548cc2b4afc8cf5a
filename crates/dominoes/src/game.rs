//! The round: dealing, opening, playing, drawing, the end and the score.

use core::fmt;

use boardgame_core::{
    BySeat, Game, GameRng, MatchConfig, Returns, RoundContext, RoundState, Rounds, Seat, Turn,
};

use crate::action::Action;
use crate::layout::{Layout, PlaceError};
use crate::learning::{CompactFields, ObservationKind};
use crate::rules::{
    BlockedTie, DrawRule, NextRoundLeader, NoDouble, Rules, RulesError, ScoreBasis, Scoring,
    SpinnerRule,
};
use crate::shown::Shown;
use crate::tile::{
    DOUBLES, End, Tile, Tiles, byte_prefix_counts, byte_prefix_counts32, select32, select64, spread,
};

/// The game: validated [`Rules`] acting on [`State`]s through boardgame-core's [`Game`],
/// [`boardgame_core::ImperfectInfo`] and [`Rounds`] traits.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, Turn};
/// use lattjo_dominoes::{Dominoes, Rules};
///
/// let game = Dominoes::new(Rules::lattjo())?;
/// let mut state = game.new_initial_state();
/// let mut rng = GameRng::new(7, 0);
/// let mut buf = Vec::new();
/// while game.turn(&state) != Turn::Terminal {
///     let a = match game.turn(&state) {
///         Turn::Chance => game.sample_chance(&state, &mut rng),
///         _ => game.sample_action(&state, &mut rng, &mut buf),
///     };
///     game.apply(&mut state, &a.expect("a live node has an action"))?;
/// }
/// let result = state.result().expect("the round is over");
/// println!("{:?} scored {:?}", result.winner, result.points);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Rules", into = "Rules"))]
pub struct Dominoes {
    rules: Rules,
    /// [`Rules::key`] of `rules`, which every state of this game carries.
    key: u64,
    set: Tiles,
    hand: u8,
    /// The seat receiving the `i`-th dealt tile (each seat takes its whole hand in turn);
    /// 128 entries so that a 7-bit index needs no bounds check.
    deal_seat: [u8; 128],
    /// How many tiles the deal gives (every hand).
    deal_total: u8,
    /// How [`boardgame_core::Observe`] encodes a seat's view ([`Dominoes::with_observation`]).
    pub(crate) observation: ObservationKind,
    /// Where the compact observation's fields start.
    pub(crate) compact: CompactFields,
}

impl Default for Dominoes {
    /// The booklet's game for 2 players ([`Rules::lattjo`]).
    fn default() -> Dominoes {
        match Dominoes::new(Rules::lattjo()) {
            Ok(g) => g,
            Err(_) => unreachable!("the booklet's rules are valid"),
        }
    }
}

/// Who opens a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Lead {
    /// The holder of the highest double, with it (D4, E8).
    HighestDouble,
    /// This seat, with any tile (E7 options).
    Seat(Seat),
}

/// Where the round stands.
///
/// `repr(u8)`: the variant is a tag byte of its own. Without it the compiler stores it in
/// the spare values of `Opening`'s `Option<Tile>` tag, and every match on the phase (four
/// an action: `turn`, `sample_*`, `apply` and the play) first decodes it with a subtraction
/// and a conditional move (issue 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub(crate) enum Phase {
    /// Chance deals the next tile (D2).
    Dealing,
    /// `seat` lays the first tile: `forced` when the rules name it (D4).
    Opening { seat: Seat, forced: Option<Tile> },
    /// `seat` plays, draws or passes.
    Turn(Seat),
    /// Chance gives `seat` a tile from the stock (D9).
    Drawing(Seat),
    /// `seat` drew this tile and it fits (E3).
    Drawn(Seat, Tile),
    /// The round is over.
    Over,
}

/// How a round ended.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Layout, RoundEnd, Seat, Setup, Tiles};
/// let game = Dominoes::default();
/// // Closed at 6 (E1 b): every 6-tile is down and nobody can play again.
/// let layout: Layout = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6".parse()?;
/// let hands: Vec<Tiles> = vec!["2-0".parse()?, "5-4 1-0".parse()?];
/// let stock = game.set().difference(layout.tiles()).difference(hands[0]).difference(hands[1]);
/// let state = game.setup(Setup { hands, stock, layout, to_move: Seat::new(0) })?;
/// let result = state.result().ok_or("the round is blocked")?;
/// match result.end {
///     RoundEnd::Blocked => assert_eq!(result.pips.as_slice(), [2, 10]),
///     RoundEnd::Out(seat) => panic!("{seat} went out"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RoundEnd {
    /// This seat placed its last tile (D11, E12).
    Out(Seat),
    /// Nobody can place a tile (D11, E1).
    Blocked,
}

/// The outcome of a finished round.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Layout, RoundEnd, Seat, Setup, Tiles};
/// let game = Dominoes::default();
/// // Closed at 6 (E1 b): every 6-tile is down and nobody can play again.
/// let layout: Layout = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6".parse()?;
/// let hands: Vec<Tiles> = vec!["2-0".parse()?, "5-4 1-0".parse()?];
/// let stock = game.set().difference(layout.tiles()).difference(hands[0]).difference(hands[1]);
/// let state = game.setup(Setup { hands, stock, layout, to_move: Seat::new(0) })?;
/// let result = state.result().ok_or("the round is blocked")?;
/// assert_eq!(result.winner, Some(Seat::new(0)), "the lowest pip total (D12)");
/// assert_eq!(result.points.as_slice(), [8, 0], "10 - 2 (D13)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct RoundResult {
    /// Going out or blocked.
    pub end: RoundEnd,
    /// The round winner (D12): the seat that went out, or the seat with the lowest pips (in
    /// partnerships, the winning team's member with fewer pips, the lower seat if both hold
    /// as many); `None` for a tie that scores nothing (E5).
    pub winner: Option<Seat>,
    /// Pips left in each hand.
    pub pips: BySeat<u32>,
    /// Points each seat made this round (partners carry their team's points): the winner's
    /// score (D13, E6) plus any fives scored during play.
    pub points: BySeat<i64>,
}

/// One round of dominoes under the rules it carries: hands, stock, layout, whose turn it is,
/// and what play has shown about the hidden hands.
///
/// Build it with [`Game::new_initial_state`] (the deal follows as chance events),
/// [`Dominoes::initial_state`], [`Rounds::new_round`], or [`Dominoes::setup`] for a
/// hand-built position. A game plays only states of its own rules: [`Game::apply`] refuses
/// another game's state with [`PlayError::OtherRules`]. With the `serde` feature a state
/// serializes with its rules and deserializes through the checks of
/// [`Dominoes::check_state`], so no invalid state can be read.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, Turn, random_playout};
/// use lattjo_dominoes::{Dominoes, Rules};
///
/// let game = Dominoes::default();
/// let mut state = game.new_initial_state();
/// random_playout(&game, &mut state, &mut GameRng::new(5, 0), &mut Vec::new());
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert_eq!(*state.rules(), Rules::lattjo());
/// assert_eq!(game.check_state(&state), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serde_impls::StateRepr"))]
pub struct State {
    pub(crate) rules: Rules,
    /// [`Rules::key`] of `rules`, compared with the game's on every action.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) key: u64,
    pub(crate) phase: Phase,
    pub(crate) hands: BySeat<Tiles>,
    pub(crate) stock: Tiles,
    pub(crate) layout: Layout,
    pub(crate) dealt: u8,
    pub(crate) redeals: u16,
    pub(crate) lead: Lead,
    pub(crate) opener: Option<Seat>,
    pub(crate) shown: BySeat<Shown>,
    pub(crate) not_dealt: Tiles,
    pub(crate) fives: BySeat<i64>,
    pub(crate) result: Option<RoundResult>,
}

/// Why an action was refused. The state is unchanged.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, PlayError};
/// let game = Dominoes::default();
/// let mut state = game.new_initial_state();
/// assert_eq!(game.apply(&mut state, &"draw".parse()?), Err(PlayError::ChanceToAct));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The round is over.
    #[error("the round is over")]
    RoundOver,
    /// A player action where chance acts (the deal or a draw).
    #[error("a tile from the stock comes next, not a player's move")]
    ChanceToAct,
    /// A chance result where a player acts.
    #[error("a player is to move, not chance")]
    NotChance,
    /// A tile the set does not have.
    #[error("{0} is not in the set")]
    NotInSet(Tile),
    /// A chance result naming a tile that is not in the stock.
    #[error("{0} is not in the stock")]
    NotInStock(Tile),
    /// A tile the player to move does not hold.
    #[error("{tile} is not in {seat}'s hand")]
    NotHeld {
        /// The tile.
        tile: Tile,
        /// The player to move.
        seat: Seat,
    },
    /// The tile cannot go there.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// The same placement as on an earlier-listed end (E4): play it there.
    #[error("{tile} {end} is the same play as {tile} {same_as}; play it {same_as}")]
    SamePlay {
        /// The tile.
        tile: Tile,
        /// The end asked for.
        end: End,
        /// The end move generation lists.
        same_as: End,
    },
    /// The round must open with its first tile.
    #[error("the round opens with a first tile, like 6-6")]
    MustOpen,
    /// The rules name the first tile (D4).
    #[error("the round must open with {required}, not {tile}")]
    WrongOpening {
        /// The tile given.
        tile: Tile,
        /// The tile the rules require.
        required: Tile,
    },
    /// The first tile is already down.
    #[error("the round is already open: add tiles to an end, like 6-4 left")]
    AlreadyOpen,
    /// Drawing or passing while holding a tile that fits (D10).
    #[error("a tile fits: a player who can place a tile must")]
    MustPlay,
    /// The drawn tile fits and must be played (E3).
    #[error("the drawn tile {0} fits and must be played")]
    MustPlayDrawn(Tile),
    /// Without the duty to play (E3's option), after a draw the turn is to play the drawn
    /// tile, if it fits, or to pass: nothing else.
    #[error("after drawing {0} the turn is to play that tile, if it fits, or to pass")]
    PlayDrawnOrPass(Tile),
    /// Drawing with no tile left to draw.
    #[error("the stock is empty")]
    StockEmpty,
    /// Drawing when the tiles left in the stock are ones the rules never draw
    /// ([`DrawRule::DrawUntilPlayableLeaveTwo`]: the last two stay in the stock): `left`
    /// tiles, one or two.
    #[error("the stock is down to its last two tiles, which these rules never draw ({left} left)")]
    StockKept {
        /// The tiles left in the stock.
        left: usize,
    },
    /// Drawing under rules without drawing ([`DrawRule::NoDraw`], the block game), wherever
    /// a player acts: before the round is open as well as on a turn.
    #[error("these rules have no drawing")]
    NoDrawing,
    /// The state is played under other rules than this game's (see [`State`]).
    #[error("the state is played under other rules than this game's")]
    OtherRules,
    /// Passing while a tile can be drawn (D9).
    #[error("a stuck player draws from the stock before passing")]
    MustDraw,
}

/// A hand-built position: the hands, the stock and the layout, and who is to move.
///
/// With an empty layout the round opens as after a deal: the holder of the highest double
/// opens (D4), or, with no double in any hand, the tiles are dealt again (D5) or the
/// heaviest tile opens (E8 option). With tiles down it is `to_move`'s turn, or the round is
/// already over if a hand is empty or nobody can play (E1). Hidden-information bookkeeping
/// starts afresh: nothing is known about any hand.
///
/// With the `serde` feature a setup serializes and deserializes as written, unchecked like
/// its fields: [`Dominoes::setup`] checks it when it builds the state.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, Layout, Seat, Setup, Tiles, Turn};
/// let game = Dominoes::default();
/// let layout: Layout = "[6-6]".parse()?;
/// let hands: Vec<Tiles> = vec!["6-4 2-1".parse()?, "5-5 3-0".parse()?];
/// let stock = game.set().difference(layout.tiles()).difference(hands[0]).difference(hands[1]);
/// let state = game.setup(Setup { hands, stock, layout, to_move: Seat::new(1) })?;
/// assert_eq!(game.turn(&state), Turn::Player(Seat::new(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// One hand per seat.
    pub hands: Vec<Tiles>,
    /// The stock.
    pub stock: Tiles,
    /// The tiles on the table.
    pub layout: Layout,
    /// Who is to move when the layout has tiles.
    pub to_move: Seat,
}

/// A state that is not a state of the game: what [`Dominoes::check_state`] (and so
/// deserialization) refuses.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, Rules, StateError};
/// let state = Dominoes::default().new_initial_state();
/// assert_eq!(Dominoes::new(Rules::block())?.check_state(&state), Err(StateError::OtherRules));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The state's rules cannot make a game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The state is played under other rules than the game's.
    #[error("the state is played under other rules than the game's")]
    OtherRules,
    /// Per-seat data of the wrong length, or a seat not at the table.
    #[error("seats do not match: {0}")]
    Seats(&'static str),
    /// A tile outside the game's set.
    #[error("{0} is not in the set")]
    NotInSet(Tile),
    /// A tile in two places.
    #[error("tile {0} appears twice")]
    Duplicate(Tile),
    /// A tile of the set nowhere.
    #[error("{0} is missing: hands, layout and stock must hold the whole set")]
    Missing(Tile),
    /// The layout's spinners do not follow the spinner rule.
    #[error("the layout's spinners do not follow the spinner rule {0:?}")]
    Spinners(SpinnerRule),
    /// The phase does not fit the hands, stock and layout.
    #[error("inconsistent phase: {0}")]
    Phase(&'static str),
    /// A result that is not the one the round's end gives.
    #[error("the result is not the one the hands and fives give")]
    Result,
    /// Fives that the rules or the plays cannot give.
    #[error("bad fives: {0}")]
    Fives(&'static str),
    /// Tiles said not to have been dealt that the opening did not show.
    #[error("the tiles nobody was dealt are not the ones the opening showed")]
    NotDealt,
    /// A record of what play has shown that cannot be.
    #[error("bad record of what play has shown: {0}")]
    Shown(&'static str),
}

/// A [`Setup`] that is not a position of these rules.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Layout, Seat, Setup, SetupError, Tiles};
/// let game = Dominoes::default();
/// let setup = Setup {
///     hands: vec![Tiles::EMPTY],
///     stock: game.set(),
///     layout: Layout::EMPTY,
///     to_move: Seat::new(0),
/// };
/// assert_eq!(game.setup(setup), Err(SetupError::Hands { expected: 2, got: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not one hand per player.
    #[error("{got} hands for {expected} players")]
    Hands {
        /// Players.
        expected: usize,
        /// Hands given.
        got: usize,
    },
    /// A tile outside the set.
    #[error("{0} is not in the set")]
    NotInSet(Tile),
    /// A tile in two places.
    #[error("{0} appears twice")]
    Duplicate(Tile),
    /// A tile of the set nowhere (hands + layout + stock must be the set).
    #[error("{0} is missing: hands, layout and stock must hold the whole set")]
    Missing(Tile),
    /// `to_move` is not a seat.
    #[error("seat {0} is not at the table")]
    Seat(usize),
    /// The layout's spinners do not follow the rules' spinner rule (a spinner without one,
    /// a later spinner under All Fives, a double that is no spinner under Five-Up).
    #[error("the layout's spinners do not follow the spinner rule {0:?}")]
    Spinners(SpinnerRule),
    /// More than one hand is empty while tiles lie on the table: a round ends when the first
    /// player goes out (D11), so no state of the game has two.
    #[error("{0} hands are empty: a round ends when the first player goes out")]
    EmptyHands(usize),
    /// A hand is empty before the first tile is laid (nothing on the table): every player
    /// is dealt tiles (D2), so no round opens with a player who has none.
    #[error(
        "seat {0} holds no tile before the first tile is laid: every player is dealt tiles (D2)"
    )]
    EmptyHandAtOpening(Seat),
}

impl Dominoes {
    /// A game with these rules.
    ///
    /// # Errors
    ///
    /// [`RulesError`] when the rules cannot make a game.
    pub fn new(rules: Rules) -> Result<Dominoes, RulesError> {
        rules.validate()?;
        let set = Tiles::full_set(rules.highest).ok_or(RulesError::SetTooLarge(rules.highest))?;
        // Validated: hand * players <= 91, so both fit a byte.
        let hand = rules.hand_size() as u8;
        let mut deal_seat = [0u8; 128];
        for (i, d) in deal_seat.iter_mut().enumerate() {
            *d = (i / usize::from(hand)).min(rules.players - 1) as u8;
        }
        Ok(Dominoes {
            key: rules.key(),
            rules,
            set,
            hand,
            deal_seat,
            deal_total: (usize::from(hand) * rules.players) as u8,
            observation: ObservationKind::Compact,
            compact: CompactFields::new(&rules),
        })
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The whole set of tiles.
    #[must_use]
    pub fn set(&self) -> Tiles {
        self.set
    }

    fn players(&self) -> usize {
        self.rules.players
    }

    /// The scoring unit of a seat: its team with partnerships, else itself.
    fn unit(&self, seat: Seat) -> usize {
        if self.rules.partnerships {
            seat.index() % 2
        } else {
            seat.index()
        }
    }

    fn units(&self) -> usize {
        if self.rules.partnerships {
            2
        } else {
            self.players()
        }
    }

    fn fresh(&self, lead: Lead) -> State {
        let n = self.players();
        State {
            rules: self.rules,
            key: self.key,
            phase: Phase::Dealing,
            hands: BySeat::new(n, Tiles::EMPTY),
            stock: self.set,
            layout: Layout::EMPTY,
            dealt: 0,
            redeals: 0,
            lead,
            opener: None,
            shown: BySeat::new(n, Shown::default()),
            not_dealt: Tiles::EMPTY,
            fives: BySeat::new(n, 0),
            result: None,
        }
    }

    /// A round whose first tile `first` lays, with any tile of its hand, after the deal (the
    /// E7 options' way to open; the booklet opens with the highest double, which
    /// [`Game::new_initial_state`] does).
    ///
    /// # Errors
    ///
    /// [`SetupError::Seat`] for a seat that is not at the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::{Game, GameRng, Seat, Turn};
    /// use lattjo_dominoes::Dominoes;
    /// let game = Dominoes::default();
    /// let mut state = game.initial_state(Seat::new(1))?;
    /// let mut rng = GameRng::new(1, 0);
    /// while game.turn(&state) == Turn::Chance {
    ///     let deal = game.sample_chance(&state, &mut rng).ok_or("the deal goes on")?;
    ///     game.apply(&mut state, &deal)?;
    /// }
    /// assert_eq!(game.turn(&state), Turn::Player(Seat::new(1)));
    /// assert!(game.initial_state(Seat::new(2)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn initial_state(&self, first: Seat) -> Result<State, SetupError> {
        if first.index() >= self.players() {
            return Err(SetupError::Seat(first.index()));
        }
        Ok(self.fresh(Lead::Seat(first)))
    }

    /// Builds a hand-built position (for tests, puzzles and analysis).
    ///
    /// # Errors
    ///
    /// [`SetupError`] unless the hands, stock and layout hold every tile of the set exactly
    /// once, `to_move` is a seat and the layout's spinners follow the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::{Game, Seat, Turn};
    /// use lattjo_dominoes::{Dominoes, Rules, Setup, Tiles};
    ///
    /// let game = Dominoes::new(Rules::lattjo())?;
    /// let set = game.set();
    /// let hands: Vec<Tiles> = vec!["6-4 2-1".parse()?, "5-5 3-0".parse()?];
    /// let layout = "[6-6]".parse()?;
    /// let used = hands[0].union(hands[1]);
    /// let stock = set.difference(used).difference("6-6".parse()?);
    /// let mut state = game.setup(Setup { hands, stock, layout, to_move: Seat::new(0) })?;
    /// assert_eq!(game.turn(&state), Turn::Player(Seat::new(0)));
    /// game.apply(&mut state, &"6-4 left".parse()?)?;
    /// assert_eq!(state.layout().to_string(), "4-6 [6-6]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn setup(&self, setup: Setup) -> Result<State, SetupError> {
        let n = self.players();
        if setup.hands.len() != n {
            return Err(SetupError::Hands {
                expected: n,
                got: setup.hands.len(),
            });
        }
        if setup.to_move.index() >= n {
            return Err(SetupError::Seat(setup.to_move.index()));
        }
        let mut seen = Tiles::EMPTY;
        let parts = setup
            .hands
            .iter()
            .copied()
            .chain([setup.stock, setup.layout.tiles()]);
        for part in parts {
            if let Some(t) = part.difference(self.set).iter().next() {
                return Err(SetupError::NotInSet(t));
            }
            if let Some(t) = part.intersection(seen).iter().next() {
                return Err(SetupError::Duplicate(t));
            }
            seen = seen.union(part);
        }
        if let Some(t) = self.set.difference(seen).iter().next() {
            return Err(SetupError::Missing(t));
        }
        if !self.spinners_follow_rules(&setup.layout) {
            return Err(SetupError::Spinners(self.rules.spinner));
        }
        if setup.layout.is_empty() {
            if let Some(i) = setup.hands.iter().position(|h| h.is_empty()) {
                return Err(SetupError::EmptyHandAtOpening(Seat::new(i as u8)));
            }
        } else {
            let empty = setup.hands.iter().filter(|h| h.is_empty()).count();
            if empty > 1 {
                return Err(SetupError::EmptyHands(empty));
            }
        }
        let mut s = self.fresh(Lead::HighestDouble);
        s.stock = setup.stock;
        s.dealt = setup.hands.iter().map(|h| h.len() as u8).sum();
        for (i, h) in setup.hands.iter().enumerate() {
            let seat = Seat::new(i as u8);
            s.hands[seat] = *h;
            for _ in 0..h.len() {
                s.shown[seat].keep(0, true);
            }
        }
        s.layout = setup.layout;
        if s.layout.is_empty() {
            self.finish_deal(&mut s);
        } else if let Some(out) = Seat::all(n).find(|&seat| s.hands[seat].is_empty()) {
            self.end_round(&mut s, RoundEnd::Out(out));
        } else if self.blocked(&s) {
            self.end_round(&mut s, RoundEnd::Blocked);
        } else {
            s.phase = Phase::Turn(setup.to_move);
        }
        Ok(s)
    }

    fn drawable(&self, s: &State) -> bool {
        self.rules.draw_rule.drawable(s.stock)
    }

    /// Whether the layout's spinners are the ones the spinner rule makes: none without one,
    /// at most the first double under [`SpinnerRule::FirstDouble`] (and one as soon as a
    /// double lies), every double under [`SpinnerRule::EveryDouble`]. The layout's own
    /// checks (its text) already place the first spinner as the first double played.
    pub(crate) fn spinners_follow_rules(&self, layout: &Layout) -> bool {
        let doubles = layout.tiles().iter().filter(|t| t.is_double()).count();
        let spinners = layout.spinners().len();
        match self.rules.spinner {
            SpinnerRule::None => spinners == 0,
            SpinnerRule::FirstDouble => spinners == usize::from(doubles > 0),
            SpinnerRule::EveryDouble => spinners == doubles,
        }
    }

    /// E1 for [`crate::view`]'s determinization.
    pub(crate) fn is_blocked(&self, s: &State) -> bool {
        self.blocked(s)
    }

    /// E1: nobody holds a tile that fits, and either nothing can be drawn (a) or the layout
    /// is closed (b).
    #[inline(always)]
    fn blocked(&self, s: &State) -> bool {
        let fits = s.layout.playable_mask();
        // Hands, stock and layout partition the set (every way in checks it).
        let held = self.set.0 & !(s.stock.0 | s.layout.tiles().0);
        // `&` and `|`, not `&&` and `||`: every test is cheap, and branches on the random
        // hands and stock mispredict.
        (held & fits == 0)
            & (!self.drawable(s) | (self.rules.closed_layout_ends_round & (s.stock.0 & fits == 0)))
    }

    /// E4: the end move generation lists instead of `end`, if another open end gives the
    /// same position.
    fn same_as(&self, layout: &Layout, end: End) -> Option<End> {
        layout.duplicate_of(end, self.rules.scoring == Scoring::Fives)
    }

    /// The open ends move generation uses: each open end unless an earlier end gives the
    /// same position (E4). Depends only on the layout, not on the tile.
    fn canonical_ends(&self, layout: &Layout) -> u32 {
        layout.canonical_ends(self.rules.scoring == Scoring::Fives)
    }

    #[inline]
    fn each_placement(layout: &Layout, ends: u32, tile: Tile, f: &mut impl FnMut(Action)) {
        let mut m = ends & (layout.showing(tile.high()) | layout.showing(tile.low()));
        while m != 0 {
            let slot = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Action::Play(tile, layout.slot_end(slot)));
        }
    }

    /// Calls `f` with every legal action of `s`, in [`Game::legal_actions`]'s order (the
    /// order seeded games draw from), without allocating.
    #[inline]
    pub(crate) fn for_each_legal(&self, s: &State, mut f: impl FnMut(Action)) {
        if s.key != self.key {
            return; // a state of another game: nothing is legal here
        }
        match s.phase {
            Phase::Opening { seat, forced } => match forced {
                Some(t) => f(Action::Open(t)),
                None => s.hands[seat].iter().for_each(|t| f(Action::Open(t))),
            },
            Phase::Turn(seat) => {
                let playable = Tiles(s.hands[seat].0 & s.layout.playable_mask());
                if !playable.is_empty() {
                    let ends = self.canonical_ends(&s.layout);
                    for t in playable.iter() {
                        Self::each_placement(&s.layout, ends, t, &mut f);
                    }
                }
                let drawable = self.drawable(s);
                if playable.is_empty() {
                    f(if drawable { Action::Draw } else { Action::Pass });
                } else if drawable && !self.rules.must_play_if_able {
                    f(Action::Draw);
                }
            }
            Phase::Drawn(_, t) => {
                Self::each_placement(&s.layout, self.canonical_ends(&s.layout), t, &mut f);
                if !self.rules.must_play_if_able {
                    f(Action::Pass);
                }
            }
            Phase::Dealing | Phase::Drawing(_) | Phase::Over => {}
        }
    }

    /// [`Game::sample_action`] as the trait's default draws it: from the listed actions
    /// (the opening's without listing them).
    #[cold]
    #[inline(never)]
    fn sample_listed(&self, s: &State, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if let Phase::Opening { seat, forced } = s.phase {
            // The legal actions are the hand's tiles in order, or the one tile the rules
            // name: the `k`-th of them for `k = rng.index(len)`, without listing them.
            let tiles = forced.map_or(s.hands[seat], |t| Tiles(t.bit()));
            return tiles.sample(rng).map(Action::Open);
        }
        self.legal_actions(s, buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.index(buf.len());
        Some(buf.swap_remove(i))
    }

    fn can_play(&self, s: &State, seat: Seat) -> bool {
        s.hands[seat].0 & s.layout.playable_mask() != 0
    }

    /// Checks an action without applying it.
    ///
    /// # Errors
    ///
    /// The [`PlayError`] that [`Game::apply`] would return.
    pub fn check(&self, s: &State, action: &Action) -> Result<(), PlayError> {
        let in_set = |t: Tile| {
            if self.set.contains(t) {
                Ok(())
            } else {
                Err(PlayError::NotInSet(t))
            }
        };
        let held = |seat: Seat, t: Tile| {
            in_set(t)?;
            if s.hands[seat].contains(t) {
                Ok(())
            } else {
                Err(PlayError::NotHeld { tile: t, seat })
            }
        };
        let place = |t: Tile, e: End| -> Result<(), PlayError> {
            s.layout.check(t, e)?;
            match self.same_as(&s.layout, e) {
                Some(same_as) => Err(PlayError::SamePlay {
                    tile: t,
                    end: e,
                    same_as,
                }),
                None => Ok(()),
            }
        };
        if s.key != self.key {
            return Err(PlayError::OtherRules);
        }
        match (s.phase, *action) {
            (Phase::Over, _) => Err(PlayError::RoundOver),
            (Phase::Dealing | Phase::Drawing(_), Action::Deal(t)) => {
                in_set(t)?;
                if s.stock.contains(t) {
                    Ok(())
                } else {
                    Err(PlayError::NotInStock(t))
                }
            }
            (Phase::Dealing | Phase::Drawing(_), _) => Err(PlayError::ChanceToAct),
            (_, Action::Deal(_)) => Err(PlayError::NotChance),
            // The block game has no drawing at all: say so wherever a player acts, not that
            // the round must open first.
            (_, Action::Draw) if self.rules.draw_rule == DrawRule::NoDraw => {
                Err(PlayError::NoDrawing)
            }
            (Phase::Opening { seat, forced }, Action::Open(t)) => {
                held(seat, t)?;
                match forced {
                    Some(required) if required != t => {
                        Err(PlayError::WrongOpening { tile: t, required })
                    }
                    _ => Ok(()),
                }
            }
            (Phase::Opening { .. }, _) => Err(PlayError::MustOpen),
            (_, Action::Open(_)) => Err(PlayError::AlreadyOpen),
            (Phase::Turn(seat), Action::Play(t, e)) => {
                held(seat, t)?;
                place(t, e)
            }
            (Phase::Turn(seat), Action::Draw) => {
                if s.stock.is_empty() {
                    Err(PlayError::StockEmpty)
                } else if !self.drawable(s) {
                    Err(PlayError::StockKept {
                        left: s.stock.len(),
                    })
                } else if self.rules.must_play_if_able && self.can_play(s, seat) {
                    Err(PlayError::MustPlay)
                } else {
                    Ok(())
                }
            }
            (Phase::Turn(seat), Action::Pass) => {
                if self.can_play(s, seat) {
                    Err(PlayError::MustPlay)
                } else if self.drawable(s) {
                    Err(PlayError::MustDraw)
                } else {
                    Ok(())
                }
            }
            (Phase::Drawn(seat, d), Action::Play(t, e)) => {
                held(seat, t)?;
                if t != d {
                    return Err(self.only_the_drawn(d));
                }
                place(t, e)
            }
            (Phase::Drawn(_, d), Action::Draw) => Err(self.only_the_drawn(d)),
            (Phase::Drawn(_, d), Action::Pass) => {
                if self.rules.must_play_if_able {
                    Err(PlayError::MustPlayDrawn(d))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Plays `t` on `end` if that is a legal play here (the fast path of [`Game::apply`]).
    #[inline(always)]
    fn try_play(&self, s: &mut State, t: Tile, end: End) -> bool {
        let (seat, from_hidden) = match s.phase {
            Phase::Turn(seat) => (seat, true),
            // The drawn tile is in the hand, and everybody saw it drawn.
            Phase::Drawn(seat, d) if t.id() == d.id() => (seat, false),
            _ => return false,
        };
        let Some(slot) = self.placement(&s.layout, t, end) else {
            return false;
        };
        // The hand once: whether it holds the tile, the tile out, whether it is now empty.
        let Some(hand) = s.hands.as_mut_slice().get_mut(seat.index()) else {
            return false;
        };
        if hand.0 & t.bit() == 0 {
            return false;
        }
        hand.0 &= !t.bit();
        let out = hand.is_empty();
        if from_hidden {
            let not_dealt = s.not_dealt;
            if let Some(shown) = s.shown.as_mut_slice().get_mut(seat.index()) {
                shown.played(t, not_dealt);
            }
        }
        s.layout.place_at(t, slot, self.rules.spinner);
        self.after_play(s, seat, out);
        true
    }

    /// Draws if that is legal here under the duty to play (the fast path of
    /// [`Game::apply`]): the player to move is stuck and the stock has a tile to draw.
    #[inline(always)]
    fn try_draw(&self, s: &mut State) -> bool {
        let Phase::Turn(seat) = s.phase else {
            return false;
        };
        if !(self.rules.must_play_if_able
            && self.drawable(s)
            && s.hand_bits(seat) & s.layout.playable_mask() == 0)
        {
            return false;
        }
        let numbers = s.layout.end_numbers();
        if let Some(shown) = s.shown.as_mut_slice().get_mut(seat.index()) {
            shown.stuck(numbers);
        }
        s.phase = Phase::Drawing(seat);
        true
    }

    /// [`Game::apply`] for what its fast paths do not recognise: checked, then played.
    #[cold]
    #[inline(never)]
    fn apply_slow(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        // The round's first tile: once a round, so out of the fast path's match.
        if let Action::Open(t) = *a
            && s.key == self.key
            && self.try_open(s, t)
        {
            return Ok(());
        }
        self.check(s, a)?;
        self.apply_checked(s, *a);
        Ok(())
    }

    fn apply_checked(&self, s: &mut State, action: Action) {
        match (s.phase, action) {
            (Phase::Dealing, Action::Deal(t)) => self.deal_tile(s, t),
            (Phase::Drawing(seat), Action::Deal(t)) => self.draw_tile(s, seat, t),
            (Phase::Opening { seat, forced }, Action::Open(t)) => self.open(s, seat, forced, t),
            (Phase::Turn(seat), Action::Play(t, e)) => {
                if let Some(slot) = s.layout.slot(e) {
                    s.hands[seat].remove(t);
                    s.shown[seat].played(t, s.not_dealt);
                    self.place(s, seat, t, slot);
                }
            }
            (Phase::Drawn(seat, _), Action::Play(t, e)) => {
                if let Some(slot) = s.layout.slot(e) {
                    s.hands[seat].remove(t);
                    self.place(s, seat, t, slot);
                }
            }
            (Phase::Turn(seat), Action::Draw) => {
                if self.rules.must_play_if_able {
                    s.shown[seat].stuck(s.layout.end_numbers());
                }
                s.phase = Phase::Drawing(seat);
            }
            (Phase::Turn(seat), Action::Pass) => {
                s.shown[seat].stuck(s.layout.end_numbers());
                self.advance(s, seat);
            }
            (Phase::Drawn(seat, _), Action::Pass) => {
                s.shown[seat].keep(0, false);
                self.advance(s, seat);
            }
            _ => {}
        }
    }

    /// Opens the round with `t` if that is legal here (the opening's fast path of
    /// [`Game::apply`]): the opener holds it and it is the tile the rules name, if they
    /// name one (D4).
    #[inline(always)]
    fn try_open(&self, s: &mut State, t: Tile) -> bool {
        let Phase::Opening { seat, forced } = s.phase else {
            return false;
        };
        let named = forced.is_none_or(|f| f == t);
        if !(named && s.hand_bits(seat) & t.bit() != 0) {
            return false;
        }
        self.open(s, seat, forced, t);
        true
    }

    /// `seat` lays the first tile `t`, a tile of its hand that the rules allow (D4, E7,
    /// E8); a tile the rules did not name shows the seat held it.
    fn open(&self, s: &mut State, seat: Seat, forced: Option<Tile>, t: Tile) {
        s.hands[seat].remove(t);
        if forced.is_none() {
            s.shown[seat].played(t, s.not_dealt);
        }
        let _ = s.layout.open(t, self.rules.spinner);
        s.opener = Some(seat);
        self.after_play(s, seat, s.hands[seat].is_empty());
    }

    /// The deal gives `t`, a tile of the stock, to the next hand (D2); the last tile dealt
    /// finds the opener.
    #[inline(always)]
    fn deal_tile(&self, s: &mut State, t: Tile) {
        s.stock.0 &= !t.bit();
        let seat = Seat::new(self.deal_seat[usize::from(s.dealt) & 127]);
        s.set_hand_bits(seat, |h| h | t.bit());
        if let Some(shown) = s.shown.as_mut_slice().get_mut(seat.index()) {
            shown.dealt_one();
        }
        s.dealt += 1;
        if s.dealt == self.deal_total {
            self.finish_deal(s);
        }
    }

    /// `seat` draws `t`, a tile of the stock (D9, E2): a tile that fits must be played
    /// next (E3); otherwise the seat keeps it, showing it lacks the open ends' numbers, and
    /// draws again or the turn passes.
    ///
    /// Without the duty to play (`must_play_if_able` off) a drawn tile that fits may be
    /// kept too, by a pass. A last draw whose tile does not fit then also ends at the
    /// drawer's pass (`Phase::Drawn`, the pass its only action), so that the others see the
    /// same steps whether the kept tile fits or not: passing on at once would tell them it
    /// does not ([`Dominoes::drawn_may_miss`]). Unless nobody can play any more: the round
    /// then ends at once (E1), as the end of a blocked round shows every hand anyway.
    #[inline(never)]
    fn draw_tile(&self, s: &mut State, seat: Seat, t: Tile) {
        s.stock.0 &= !t.bit();
        s.set_hand_bits(seat, |h| h | t.bit());
        // A tile that does not fit waits for the pass only while the round goes on: when
        // nobody can play any more (E1, found by libFuzzer's `dominoes_apply`), the round
        // ends at once, as it did before.
        if s.layout.playable_mask() & t.bit() != 0 || (self.drawn_may_miss(s) && !self.blocked(s)) {
            s.phase = Phase::Drawn(seat, t);
            return;
        }
        let lacks = if self.rules.must_play_if_able {
            s.layout.end_numbers()
        } else {
            0
        };
        if let Some(shown) = s.shown.as_mut_slice().get_mut(seat.index()) {
            shown.keep(lacks, false);
        }
        if self.draws_again() && self.drawable(s) {
            s.phase = Phase::Drawing(seat);
        } else {
            self.advance(s, seat);
        }
    }

    /// The error for anything but the drawn tile `d` (or, without the duty to play, a pass)
    /// after a draw (E3).
    fn only_the_drawn(&self, d: Tile) -> PlayError {
        if self.rules.must_play_if_able {
            PlayError::MustPlayDrawn(d)
        } else {
            PlayError::PlayDrawnOrPass(d)
        }
    }

    /// Whether a draw that gives a tile that does not fit is followed by another draw when
    /// the stock allows (E2's draw-until-playable rules).
    #[inline]
    fn draws_again(&self) -> bool {
        matches!(
            self.rules.draw_rule,
            DrawRule::DrawUntilPlayable | DrawRule::DrawUntilPlayableLeaveTwo
        )
    }

    /// Whether the tile just drawn in `s` (its stock as after the draw) ends the drawing at
    /// the drawer's pass even if it does not fit: without the duty to play (E3's option), at
    /// the last draw of the turn. The others then cannot tell a kept tile that fits from one
    /// that does not ([`Dominoes::draw_tile`]); under the duty to play, or while drawing goes
    /// on, play shows which it was anyway.
    #[inline]
    pub(crate) fn drawn_may_miss(&self, s: &State) -> bool {
        !(self.rules.must_play_if_able || (self.draws_again() && self.drawable(s)))
    }

    /// The arm slot where move generation places `t` on `end`, if it lists that play: an
    /// open end showing one of the tile's numbers and not dropped as the twin of an earlier
    /// end (E4). The tile is the holder's, so it is not on the table.
    #[inline(always)]
    fn placement(&self, layout: &Layout, t: Tile, end: End) -> Option<usize> {
        let slot = layout.slot(end)?;
        let listed = (self.canonical_ends(layout) >> (slot & 31)) & 1 != 0;
        // `&`, not `&&`: both are cheap, and a branch on the random `listed` mispredicts.
        (listed & t.has(layout.slot_value(slot))).then_some(slot)
    }

    /// `seat` lays `t`, already out of its hand, on arm `slot`, where it fits.
    #[inline(always)]
    fn place(&self, s: &mut State, seat: Seat, t: Tile, slot: usize) {
        s.layout.place_at(t, slot, self.rules.spinner);
        self.after_play(s, seat, s.hands[seat].is_empty());
    }

    /// Checks that `s` is a state of this game: what deserialization runs on every state
    /// (see [`State`]), so that no later action can panic, overflow or leave the rules.
    ///
    /// Checked: the state's rules are the game's; one hand, record of what play has shown
    /// and fives count per seat; hands, stock and layout hold the set exactly once; the
    /// layout's spinners follow the spinner rule; every seat named is at the table; the
    /// phase fits the rest (the deal in progress follows the deal order; the opener and the
    /// required first tile are the ones the deal gives, D4, E7, E8; a round in play has tiles
    /// down, no empty hand and is not blocked, E1; a draw in progress has a tile to draw; a
    /// drawn tile that fits is in the drawer's hand, E3); a finished round's result is the one
    /// its hands and fives give (D12, D13, E5, E6); fives are multiples of 5 that the plays
    /// could have scored, none under block scoring; the tiles nobody was dealt are those the
    /// opening showed (or none); the record of what play has shown counts each seat's hidden
    /// tiles and admits the true hand.
    ///
    /// # Errors
    ///
    /// The first [`StateError`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::Game;
    /// use lattjo_dominoes::{Dominoes, Rules, StateError};
    /// let booklet = Dominoes::default();
    /// let state = booklet.new_initial_state();
    /// assert_eq!(booklet.check_state(&state), Ok(()));
    /// let five_up = Dominoes::new(Rules::five_up())?;
    /// assert_eq!(five_up.check_state(&state), Err(StateError::OtherRules));
    /// # Ok::<(), lattjo_dominoes::RulesError>(())
    /// ```
    pub fn check_state(&self, s: &State) -> Result<(), StateError> {
        use StateError as E;
        if s.key != self.key {
            return Err(E::OtherRules);
        }
        let n = self.players();
        if s.hands.len() != n || s.shown.len() != n || s.fives.len() != n {
            return Err(E::Seats("one hand, record and fives count per player"));
        }
        let mut seen = Tiles::EMPTY;
        for part in s
            .hands
            .as_slice()
            .iter()
            .chain([&s.stock, &s.layout.tiles()])
        {
            if let Some(t) = part.difference(self.set).iter().next() {
                return Err(E::NotInSet(t));
            }
            if let Some(t) = part.intersection(seen).iter().next() {
                return Err(E::Duplicate(t));
            }
            seen = seen.union(*part);
        }
        if let Some(t) = self.set.difference(seen).iter().next() {
            return Err(E::Missing(t));
        }
        if !self.spinners_follow_rules(&s.layout) {
            return Err(E::Spinners(self.rules.spinner));
        }
        let at_table = |seat: Seat| seat.index() < n;
        let seat_ok = match s.phase {
            Phase::Dealing | Phase::Over => true,
            Phase::Opening { seat, .. }
            | Phase::Turn(seat)
            | Phase::Drawing(seat)
            | Phase::Drawn(seat, _) => at_table(seat),
        };
        // A seat may lead under any rules: `Dominoes::initial_state` opens a round so whatever
        // `next_round_leader` says (the later rounds of a match follow it).
        let lead_ok = match s.lead {
            Lead::HighestDouble => true,
            Lead::Seat(seat) => at_table(seat),
        };
        if !seat_ok || !lead_ok || !s.opener.is_none_or(at_table) {
            return Err(E::Seats("a seat that is not at the table"));
        }
        if s.opener.is_some() && s.layout.is_empty() {
            return Err(E::Phase("an opener with no tile down"));
        }
        if usize::from(s.dealt) > self.set.len() {
            return Err(E::Phase("more tiles dealt than the set has"));
        }
        self.check_fives(s)?;
        self.check_phase(s)?;
        self.check_shown(s)
    }

    /// The phase against the hands, stock and layout (see [`Dominoes::check_state`]).
    fn check_phase(&self, s: &State) -> Result<(), StateError> {
        use StateError as E;
        let n = self.players();
        let dealing = matches!(s.phase, Phase::Dealing | Phase::Opening { .. });
        if dealing != s.layout.is_empty() {
            return Err(E::Phase("tiles are down exactly after the first tile"));
        }
        if matches!(s.phase, Phase::Over) != s.result.is_some() {
            return Err(E::Phase("a result exactly when the round is over"));
        }
        let empty_hand = Seat::all(n).find(|&seat| s.hands[seat].is_empty());
        match s.phase {
            Phase::Dealing => {
                let hand = usize::from(self.hand);
                let dealt = usize::from(s.dealt);
                if dealt >= hand * n {
                    return Err(E::Phase("the deal is complete"));
                }
                for seat in Seat::all(n) {
                    let due = dealt.saturating_sub(seat.index() * hand).min(hand);
                    if s.hands[seat].len() != due {
                        return Err(E::Phase("the hands do not follow the deal order"));
                    }
                    if s.shown[seat] != Shown::dealt(due) {
                        return Err(E::Shown("a dealt hand shows nothing yet"));
                    }
                }
                if !s.not_dealt.is_empty() || s.opener.is_some() {
                    return Err(E::Phase("nothing is shown before the deal is complete"));
                }
            }
            Phase::Opening { .. } => {
                // Every player is dealt tiles (D2): no round opens with an empty hand.
                if empty_hand.is_some() {
                    return Err(E::Phase("a hand is empty before the first tile"));
                }
                // The deal (or a hand-built setup) gives the opener, the tile it must lay,
                // the tiles nobody was dealt and the records: redo it.
                let mut t = self.fresh(s.lead);
                t.hands = s.hands;
                t.stock = s.stock;
                t.dealt = s.dealt;
                t.redeals = s.redeals;
                for seat in Seat::all(n) {
                    t.shown[seat] = Shown::dealt(s.hands[seat].len());
                }
                if usize::from(s.dealt) != s.hands.as_slice().iter().map(|h| h.len()).sum::<usize>()
                {
                    return Err(E::Phase("the deal is not complete"));
                }
                self.finish_deal(&mut t);
                if t.phase != s.phase || t.not_dealt != s.not_dealt || t.shown != s.shown {
                    return Err(E::Phase("not the opening this deal gives"));
                }
            }
            Phase::Turn(_) | Phase::Drawing(_) | Phase::Drawn(..) => {
                if empty_hand.is_some() || self.blocked(s) {
                    return Err(E::Phase(
                        "the round is over (a hand is empty or play is blocked)",
                    ));
                }
                // D10, E3: under the duty to play a player draws only when stuck, and its
                // records then show it lacks every open end's number (the drawn tile that
                // fits aside).
                if let Phase::Drawing(seat) | Phase::Drawn(seat, _) = s.phase
                    && self.rules.must_play_if_able
                {
                    let mut held = s.hands[seat];
                    if let Phase::Drawn(_, t) = s.phase {
                        held.remove(t);
                    }
                    let ends = s.layout.end_numbers();
                    if held.0 & s.layout.playable_mask() != 0
                        || s.shown[seat].groups().any(|g| g.lacks & ends != ends)
                    {
                        return Err(E::Phase("a draw while holding a tile that fits"));
                    }
                }
                match s.phase {
                    Phase::Drawing(_) if !self.drawable(s) => {
                        return Err(E::Phase("a draw with nothing to draw"));
                    }
                    Phase::Drawn(seat, t) => {
                        let fits = s.layout.playable_mask() & t.bit() != 0;
                        if !s.hands[seat].contains(t) || !(fits || self.drawn_may_miss(s)) {
                            return Err(E::Phase(
                                "the drawn tile is not a tile that fits in the drawer's hand",
                            ));
                        }
                        if self.rules.draw_rule == DrawRule::NoDraw {
                            return Err(E::Phase("a drawn tile without drawing"));
                        }
                    }
                    _ => {}
                }
            }
            Phase::Over => {
                let Some(r) = s.result else {
                    return Err(E::Phase("a result exactly when the round is over"));
                };
                let end_ok = match r.end {
                    RoundEnd::Out(seat) => {
                        at(n, seat) && Seat::all(n).filter(|&x| s.hands[x].is_empty()).eq([seat])
                    }
                    RoundEnd::Blocked => empty_hand.is_none() && self.blocked(s),
                };
                if !end_ok {
                    return Err(E::Result);
                }
                let mut t = s.clone();
                t.result = None;
                self.end_round(&mut t, r.end);
                if t.result != s.result {
                    return Err(E::Result);
                }
            }
        }
        if !matches!(s.phase, Phase::Dealing | Phase::Opening { .. })
            && !s.not_dealt.is_empty()
            && Some(s.not_dealt) != s.layout.first().map(|o| self.not_dealt_before(o))
        {
            return Err(E::NotDealt);
        }
        Ok(())
    }

    /// The tiles the opening with `opening` showed nobody was dealt (see `finish_deal`):
    /// the doubles above an opening double, or, when the heaviest tile opened because no
    /// double was dealt (E8), every double and every heavier tile.
    fn not_dealt_before(&self, opening: Tile) -> Tiles {
        let key = |t: Tile| (t.pips(), t.high());
        self.set
            .iter()
            .filter(|&t| {
                if opening.is_double() {
                    t.is_double() && t.high() > opening.high()
                } else {
                    t.is_double() || key(t) > key(opening)
                }
            })
            .collect()
    }

    /// Fives: none under block scoring and before the first tile; otherwise multiples of 5
    /// no larger than the plays so far could score.
    fn check_fives(&self, s: &State) -> Result<(), StateError> {
        use StateError as E;
        let fives = s.fives.as_slice();
        if fives.iter().any(|&f| f < 0 || f % 5 != 0) {
            return Err(E::Fives("fives are non-negative multiples of 5"));
        }
        if (self.rules.scoring == Scoring::Block || s.layout.is_empty())
            && fives.iter().any(|&f| f != 0)
        {
            return Err(E::Fives(
                "no fives without fives scoring or before the first tile",
            ));
        }
        // One play scores at most every open end (two per spinner and the line's two)
        // showing the highest number, a double counting twice.
        let highest = i64::from(self.rules.highest);
        let per_play = 2 * highest * (2 + 2 * (highest + 1));
        let plays = s.layout.len() as i64;
        // Saturating: each score may be near `i64::MAX` (JSON), and a sum that saturates is
        // above any bound the plays give.
        let sum = fives.iter().fold(0i64, |sum, &f| sum.saturating_add(f));
        if sum > plays * per_play {
            return Err(E::Fives("more fives than the plays could score"));
        }
        Ok(())
    }

    /// The records of what play has shown: canonical, one entry per hidden tile, and the true
    /// hand among the hands they allow.
    fn check_shown(&self, s: &State) -> Result<(), StateError> {
        use StateError as E;
        let numbers = (1u16 << (self.rules.highest + 1)) - 1;
        for (seat, shown) in s.shown.iter() {
            if !shown.is_canonical() || shown.groups().any(|g| g.lacks & !numbers != 0) {
                return Err(E::Shown("a record that is not in canonical form"));
            }
            let mut hidden = s.hands[seat];
            match s.phase {
                Phase::Opening {
                    seat: o,
                    forced: Some(t),
                } if o == seat => {
                    hidden.remove(t);
                }
                Phase::Drawn(d, t) if d == seat => {
                    hidden.remove(t);
                }
                _ => {}
            }
            if shown.total() != hidden.len() {
                return Err(E::Shown("a record that does not count the hidden tiles"));
            }
            if !shown.admits_hand(hidden, s.not_dealt) {
                return Err(E::Shown("a record that excludes the true hand"));
            }
        }
        Ok(())
    }

    /// The deal is complete: find the opener (D4, D5, E7, E8).
    #[inline(never)]
    fn finish_deal(&self, s: &mut State) {
        s.not_dealt = Tiles::EMPTY;
        if let Lead::Seat(seat) = s.lead {
            s.phase = Phase::Opening { seat, forced: None };
            return;
        }
        let held_by =
            |s: &State, t: Tile| Seat::all(self.players()).find(|&seat| s.hands[seat].contains(t));
        // The highest double dealt opens; the doubles above it were not dealt (the double
        // with the highest id is the highest double).
        let dealt = s.hands.as_slice().iter().fold(0, |m, h| m | h.0);
        let doubles = self.set.0 & DOUBLES;
        let highest = 127u32.checked_sub((dealt & doubles).leading_zeros());
        let above = highest.map_or(u128::MAX, |id| (u128::MAX << id) << 1);
        s.not_dealt = Tiles(doubles & above);
        let mut opening = highest.and_then(|id| {
            let d = Tile::from_id(id as u8);
            held_by(s, d).map(|seat| (seat, d))
        });
        if opening.is_none() {
            match self.rules.no_double {
                NoDouble::Redeal => {
                    // D5: all tiles back, deal again.
                    let redeals = s.redeals.saturating_add(1);
                    *s = self.fresh(s.lead);
                    s.redeals = redeals;
                    return;
                }
                NoDouble::HighestTileLeads => {
                    let all = s
                        .hands
                        .as_slice()
                        .iter()
                        .fold(Tiles::EMPTY, |m, h| m.union(*h));
                    if let Some(best) = all.iter().max_by_key(|t| (t.pips(), t.high())) {
                        for t in self.set.iter() {
                            if (t.pips(), t.high()) > (best.pips(), best.high()) {
                                s.not_dealt.insert(t);
                            }
                        }
                        opening = held_by(s, best).map(|seat| (seat, best));
                    }
                }
            }
        }
        if let Some((seat, t)) = opening {
            s.shown[seat].played(t, s.not_dealt);
            s.phase = Phase::Opening {
                seat,
                forced: Some(t),
            };
        }
    }

    #[inline(always)]
    /// After `seat` laid a tile: fives, then the round's end if `out` (its hand is empty,
    /// D11) or blocked (E1), else the next seat's turn.
    fn after_play(&self, s: &mut State, seat: Seat, out: bool) {
        if self.rules.scoring == Scoring::Fives {
            let total = s.layout.ends_total();
            if total > 0 && total.is_multiple_of(5) {
                s.fives[seat] += i64::from(total);
            }
        }
        if out {
            self.end_round(s, RoundEnd::Out(seat));
        } else {
            self.advance(s, seat);
        }
    }

    #[inline(always)]
    fn advance(&self, s: &mut State, seat: Seat) {
        if self.blocked(s) {
            self.end_round(s, RoundEnd::Blocked);
        } else {
            // The seat after `seat`, clockwise (D6), without a division.
            let next = seat.index() + 1;
            s.phase = Phase::Turn(Seat::new(if next < self.players() {
                next as u8
            } else {
                0
            }));
        }
    }

    #[inline(never)]
    fn end_round(&self, s: &mut State, end: RoundEnd) {
        let n = self.players();
        let units = self.units();
        let mut pips = BySeat::new(n, 0);
        let mut unit_pips = [0u32; boardgame_core::MAX_SEATS];
        let mut unit_fives = [0i64; boardgame_core::MAX_SEATS];
        for seat in Seat::all(n) {
            let (p, u) = (s.hands[seat].pips(), self.unit(seat));
            pips[seat] = p;
            unit_pips[u] += p;
            unit_fives[u] += s.fives[seat];
        }
        let winner_unit = match end {
            RoundEnd::Out(seat) => Some(self.unit(seat)),
            RoundEnd::Blocked => {
                let low = unit_pips[..units].iter().copied().min().unwrap_or(0);
                let mut tied = [0usize; boardgame_core::MAX_SEATS];
                let mut n_tied = 0;
                for u in (0..units).filter(|&u| unit_pips[u] == low) {
                    tied[n_tied] = u;
                    n_tied += 1;
                }
                let tied = &tied[..n_tied];
                match (tied.len(), self.rules.blocked_tie) {
                    (1, _) => Some(tied[0]),
                    (_, BlockedTie::NoScore) => None,
                    (_, BlockedTie::LightestTile) => {
                        // E5: the tied player (team) whose lightest tile is lighter wins; a
                        // player's lightest tile is its lowest tile weight, however many of
                        // its tiles have that weight. Equal lightest weights: nobody scores.
                        let lightest = |u: usize| {
                            Seat::all(n)
                                .filter(|&seat| self.unit(seat) == u)
                                .fold(Tiles::EMPTY, |m, seat| m.union(s.hands[seat]))
                                .lightest()
                        };
                        let mut best: Option<(u32, usize)> = None;
                        let mut unique = false;
                        for &u in tied {
                            let Some(w) = lightest(u) else {
                                continue;
                            };
                            match best {
                                Some((b, _)) if w > b => {}
                                Some((b, _)) if w == b => unique = false,
                                _ => {
                                    best = Some((w, u));
                                    unique = true;
                                }
                            }
                        }
                        best.filter(|_| unique).map(|(_, u)| u)
                    }
                }
            }
        };
        let bonus = winner_unit.map_or(0, |w| {
            let own = i64::from(unit_pips[w]);
            let others: i64 = (0..units)
                .filter(|&u| u != w)
                .map(|u| i64::from(unit_pips[u]))
                .sum();
            let raw = match self.rules.score_basis {
                // Never negative: in partnerships the partner of a player who went out may
                // hold more than the opponents (E13); the booklet's D13 cannot go below 0.
                ScoreBasis::OthersMinusOwn => (others - own).max(0),
                ScoreBasis::OthersOnly => others,
            };
            match self.rules.scoring {
                Scoring::Block => raw,
                Scoring::Fives => (raw + 2) / 5 * 5,
            }
        });
        let winner = winner_unit.and_then(|w| match end {
            RoundEnd::Out(seat) => Some(seat),
            RoundEnd::Blocked => Seat::all(n)
                .filter(|&seat| self.unit(seat) == w)
                .min_by_key(|&seat| pips[seat]),
        });
        let mut points = BySeat::new(n, 0);
        for seat in Seat::all(n) {
            let u = self.unit(seat);
            points[seat] = unit_fives[u] + if Some(u) == winner_unit { bonus } else { 0 };
        }
        s.result = Some(RoundResult {
            end,
            winner,
            pips,
            points,
        });
        s.phase = Phase::Over;
    }

    /// Whose turn it is and what kind of step comes next, for display.
    fn describe(&self, s: &State) -> String {
        match s.phase {
            Phase::Dealing => format!(
                "dealing ({} of {} dealt)",
                s.dealt,
                usize::from(self.hand) * self.players()
            ),
            Phase::Opening {
                seat,
                forced: Some(t),
            } => format!("{seat} opens with {t}"),
            Phase::Opening { seat, forced: None } => format!("{seat} opens with any tile"),
            Phase::Turn(seat) => format!("{seat} to play"),
            Phase::Drawing(seat) => format!("{seat} draws"),
            Phase::Drawn(seat, t) if s.layout.playable_mask() & t.bit() != 0 => {
                format!("{seat} drew {t}, which fits")
            }
            Phase::Drawn(seat, t) => format!("{seat} drew {t}, which does not fit: a pass"),
            Phase::Over => "round over".to_owned(),
        }
    }

    /// A multi-line description of the round: layout, hands, stock, next step, result.
    #[must_use]
    pub fn describe_state(&self, s: &State) -> String {
        use fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "layout: {}", s.layout);
        for (seat, h) in s.hands.iter() {
            let _ = writeln!(out, "{seat}: {h} ({} pips)", h.pips());
        }
        let _ = writeln!(out, "stock: {} tiles", s.stock.len());
        let _ = write!(out, "{}", self.describe(s));
        if let Some(r) = &s.result {
            let _ = write!(out, "; winner {:?}, points {:?}", r.winner, r.points);
        }
        out
    }
}

/// The `k`-th set bit of `word` for `k = rng.below(n + extra)`, `n` its set bits: `None`
/// for `k == n` (the extra action after the bits).
#[inline(always)]
fn pick_bit(word: u64, extra: bool, rng: &mut GameRng) -> Option<u32> {
    let cum = byte_prefix_counts(word);
    let n = (cum >> 56) as u32;
    let k = rng.below(n + u32::from(extra));
    (k < n).then(|| select64(word, cum, k))
}

/// [`pick_bit`] for a word of 32 bits.
#[inline(always)]
fn pick_bit32(word: u32, extra: bool, rng: &mut GameRng) -> Option<u32> {
    let cum = byte_prefix_counts32(word);
    let n = cum >> 24;
    let k = rng.below(n + u32::from(extra));
    (k < n).then(|| select32(word, cum, k))
}

/// [`pick_bit`] over the placements of the tiles `left` on the left end and `right` on the
/// right, by tile, the left end first: the bits of the interleaved word (bit 2i: tile i on
/// the left, bit 2i + 1: on the right). Returns the tile's id and whether it goes left.
/// Out of line: only the tile showing both ends' numbers goes on both, and the spreading
/// would cost every other play.
#[inline(never)]
fn pick_interleaved(left: u32, right: u32, extra: bool, rng: &mut GameRng) -> Option<(u32, bool)> {
    pick_bit(spread(left) | spread(right) << 1, extra, rng).map(|pos| (pos >> 1, pos & 1 == 0))
}

/// Whether `seat` is one of `n` seats.
fn at(n: usize, seat: Seat) -> bool {
    seat.index() < n
}

impl State {
    /// The tiles of `seat`'s hand as bits (none for a seat not at the table).
    #[inline]
    fn hand_bits(&self, seat: Seat) -> u128 {
        self.hands.as_slice().get(seat.index()).map_or(0, |h| h.0)
    }

    /// Changes `seat`'s hand to `f(hand)` as bits (nothing for a seat not at the table).
    #[inline]
    fn set_hand_bits(&mut self, seat: Seat, f: impl FnOnce(u128) -> u128) {
        if let Some(h) = self.hands.as_mut_slice().get_mut(seat.index()) {
            h.0 = f(h.0);
        }
    }

    /// The rules the round is played under.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The tiles `seat` holds (`None` for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<Tiles> {
        self.hands.get(seat).copied()
    }

    /// The stock (boneyard). Its order does not exist: each draw is a chance event.
    #[must_use]
    pub fn stock(&self) -> Tiles {
        self.stock
    }

    /// The tiles on the table.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The result once the round is over.
    #[must_use]
    pub fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }

    /// The tile the player to move just drew and must place next (E3), if any. Without the
    /// duty to play ([`Rules::must_play_if_able`] off) also a drawn tile the player may keep,
    /// and the last drawn tile of a turn, fitting or not, until the pass that keeps it.
    #[must_use]
    pub fn drawn(&self) -> Option<Tile> {
        match self.phase {
            Phase::Drawn(_, t) => Some(t),
            _ => None,
        }
    }

    /// The seat that laid the first tile.
    #[must_use]
    pub fn opener(&self) -> Option<Seat> {
        self.opener
    }

    /// How many times the tiles were dealt again because nobody held a double (D5).
    #[must_use]
    pub fn redeals(&self) -> u16 {
        self.redeals
    }

    /// Fives scored so far this round, per seat (All Fives / Muggins).
    #[must_use]
    pub fn fives(&self) -> &BySeat<i64> {
        &self.fives
    }

    /// What play has shown about each seat's hidden tiles.
    #[must_use]
    pub fn shown(&self) -> &BySeat<Shown> {
        &self.shown
    }
}

// `turn`, `sample_action`, `sample_chance` and `apply` are `#[inline]`: they run once per
// action of every playout, and a driver in another crate (boardgame-core's
// `random_playout`, the benches, a user's search) inlines a non-generic type's trait methods
// only when they are marked (issue 17, "Performance" in docs/dominoes.md).
impl Game for Dominoes {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        self.players()
    }

    /// Partners (seats 0 and 2, 1 and 3) share a team when the rules have partnerships.
    fn team(&self, seat: Seat) -> usize {
        self.unit(seat)
    }

    fn new_initial_state(&self) -> State {
        self.fresh(Lead::HighestDouble)
    }

    #[inline]
    fn turn(&self, s: &State) -> Turn {
        match s.phase {
            Phase::Dealing | Phase::Drawing(_) => Turn::Chance,
            Phase::Opening { seat, .. } | Phase::Turn(seat) | Phase::Drawn(seat, _) => {
                Turn::Player(seat)
            }
            Phase::Over => Turn::Terminal,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(s, |a| out.push(a));
    }

    /// The same action, from the same draw, as the trait's default (the `k`-th action of
    /// [`Game::legal_actions`] for `k = rng.index(len)`), so seeded games keep their
    /// records; on a line layout (only its two ends open) it is found without listing the
    /// actions.
    #[inline]
    fn sample_action(&self, s: &State, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if s.key != self.key {
            return None;
        }
        let fives = self.rules.scoring == Scoring::Fives;
        let (tiles, extra) = if let Phase::Turn(seat) = s.phase {
            let playable = s.hand_bits(seat) & s.layout.playable_mask();
            let drawable = self.drawable(s);
            if playable == 0 {
                let _ = rng.below(1);
                return Some(if drawable { Action::Draw } else { Action::Pass });
            }
            (playable, drawable && !self.rules.must_play_if_able)
        } else {
            match s.phase {
                Phase::Drawn(_, t) => (t.bit(), !self.rules.must_play_if_able),
                _ => return self.sample_listed(s, rng, buf),
            }
        };
        // The tiles of the first 32 (sets up to double-six) in 32-bit words.
        let (Ok(tiles), Some((left, right))) = (u32::try_from(tiles), s.layout.line_targets(fives))
        else {
            return self.sample_listed(s, rng, buf);
        };
        let (left, right) = (tiles & left, tiles & right);
        // The legal actions list the placements by tile, a tile's left end before its right,
        // then the extra draw or pass. Usually no tile goes on both ends (only the tile
        // showing both numbers can): the placements are then the tiles of `left | right`
        // in order.
        let picked = if left & right == 0 {
            pick_bit32(left | right, extra, rng).map(|id| (id, (left >> id) & 1 != 0))
        } else {
            pick_interleaved(left, right, extra, rng)
        };
        let Some((id, on_left)) = picked else {
            return Some(if matches!(s.phase, Phase::Drawn(..)) {
                Action::Pass
            } else {
                Action::Draw
            });
        };
        let end = if on_left { End::Left } else { End::Right };
        Some(Action::Play(Tile::from_id(id as u8), end))
    }

    fn is_legal(&self, s: &State, a: &Action) -> bool {
        self.check(s, a).is_ok()
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        if matches!(s.phase, Phase::Dealing | Phase::Drawing(_)) && s.key == self.key {
            let p = 1.0 / s.stock.len() as f64;
            out.extend(s.stock.iter().map(|t| (Action::Deal(t), p)));
        }
        true
    }

    #[inline]
    fn sample_chance(&self, s: &State, rng: &mut GameRng) -> Option<Action> {
        if !matches!(s.phase, Phase::Dealing | Phase::Drawing(_)) {
            return None;
        }
        s.stock.sample(rng).map(Action::Deal)
    }

    #[inline]
    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        // The legal forms of the common actions are recognised and played here; anything
        // else goes through `check`, which names what is wrong (or accepts a rarer form).
        if s.key == self.key {
            match *a {
                Action::Deal(t) if s.stock.0 & t.bit() != 0 => match s.phase {
                    Phase::Dealing => {
                        self.deal_tile(s, t);
                        return Ok(());
                    }
                    Phase::Drawing(seat) => {
                        self.draw_tile(s, seat, t);
                        return Ok(());
                    }
                    _ => {}
                },
                Action::Play(t, e) if self.try_play(s, t, e) => return Ok(()),
                Action::Draw if self.try_draw(s) => return Ok(()),
                _ => {}
            }
        }
        self.apply_slow(s, a)
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        let r = s.result.as_ref()?;
        let n = self.players();
        if s.key != self.key {
            return None; // a state of another game
        }
        Some(match self.rules.scoring {
            Scoring::Block => BySeat::from_fn(n, |seat| match r.winner {
                None => 0.0,
                Some(w) if self.unit(w) == self.unit(seat) => 1.0,
                Some(_) => -1.0,
            }),
            Scoring::Fives => {
                let best = r.points.as_slice().iter().copied().max().unwrap_or(0);
                let all_equal = r.points.as_slice().iter().all(|&p| p == best);
                BySeat::from_fn(n, |seat| {
                    if all_equal {
                        0.0
                    } else if r.points[seat] == best {
                        1.0
                    } else {
                        -1.0
                    }
                })
            }
        })
    }
}

/// A deal is a round of a match (`Match<Dominoes>`), so a match in progress deserializes.
impl RoundState for State {
    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn is_round_over(&self) -> bool {
        self.result.is_some()
    }
}

impl Rounds for Dominoes {
    fn round_points(&self, s: &State) -> Option<BySeat<i64>> {
        s.result.map(|r| r.points)
    }

    /// A round of other rules, or one its own check refuses ([`Dominoes::check_state`]), is
    /// refused.
    fn check_round(
        &self,
        round: &State,
        _totals: &BySeat<i64>,
        _config: &MatchConfig,
    ) -> Result<(), &'static str> {
        match self.check_state(round) {
            Ok(()) => Ok(()),
            Err(StateError::OtherRules) => {
                Err("the round was made under other rules than the game's")
            }
            Err(_) => Err("the round is not a state of the game's rules"),
        }
    }

    /// Each round starts again from the deal (D15); who opens follows E7.
    fn new_round(&self, ctx: &RoundContext<'_, State>) -> State {
        let lead = match (self.rules.next_round_leader, ctx.previous) {
            (NextRoundLeader::HighestDouble, _) | (_, None) => Lead::HighestDouble,
            (NextRoundLeader::PreviousWinner, Some(p)) => p
                .result
                .and_then(|r| r.winner)
                .map_or(Lead::HighestDouble, Lead::Seat),
            (NextRoundLeader::NextClockwise, Some(p)) => p
                .opener
                .map_or(Lead::HighestDouble, |o| Lead::Seat(o.next(self.players()))),
        };
        self.fresh(lead)
    }
}
