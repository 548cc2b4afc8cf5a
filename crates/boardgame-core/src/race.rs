//! Race: the core's own small test game, with chance, hidden hands, extra turns, partners
//! and rounds. It proves the core's traits and drivers without depending on any real game.
//!
//! Rules: every seat holds a hidden hand of cards (values 1 to 3) dealt one at a time from a
//! public deck of [`RaceRules::copies`] copies of each value. On a turn the seat rolls a die,
//! then either advances its token by the roll or plays a card from hand to advance by roll
//! plus card (the card is discarded face up). A token that ends its move on the square of
//! an opponent's token sends that token back to the start (when [`RaceRules::bump`]). A six
//! gives the same seat another turn (when [`RaceRules::extra_turn_on_six`]). The first token to reach [`RaceRules::track`] wins for
//! its team (partners sit opposite when [`RaceRules::partners`]). As a [`Rounds`] game, the
//! winner's team scores the distance the losers still had to go; the seat that starts
//! rotates each round.

use crate::{
    BufferSizeError, BySeat, Game, GameRng, ImperfectInfo, IndexedActions, Observe, Returns,
    RoundContext, RoundState, Rounds, Seat, Shape, Turn,
};

/// Card values run from 1 to this.
pub const CARD_VALUES: usize = 3;

/// The most copies of each value a deck may hold.
const MAX_COPIES: u8 = 20;

/// Settings of a race: plain data with a `with_<option>` builder for each field, checked
/// once by [`Race::new`] (and by deserialization, with feature `serde`).
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Seat};
/// use boardgame_core::race::{Race, RaceRules};
/// // Four players in two partnerships: seats 0 and 2 against 1 and 3.
/// let game = Race::new(RaceRules::default().with_players(4).with_partners(true))?;
/// assert_eq!(game.num_players(), 4);
/// assert_eq!(game.team(Seat::new(0)), game.team(Seat::new(2)));
/// assert_ne!(game.team(Seat::new(0)), game.team(Seat::new(1)));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RaceRules {
    /// Seats, 2 to 4.
    pub players: usize,
    /// Squares to the finish, 1 to 200.
    pub track: u8,
    /// Cards dealt to each seat, at most what the deck holds per seat.
    pub hand: u8,
    /// Copies of each card value in the deck, 1 to 20.
    pub copies: u8,
    /// Whether a six gives another turn.
    pub extra_turn_on_six: bool,
    /// Whether ending a move on an opponent's square sends the opponent back to the start.
    pub bump: bool,
    /// Whether seats 0 and 2, and 1 and 3, are partners (needs 4 players).
    pub partners: bool,
}

/// [`RaceRules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "RaceRules", rename = "RaceRules")]
struct RaceRulesFields {
    players: usize,
    track: u8,
    hand: u8,
    copies: u8,
    extra_turn_on_six: bool,
    bump: bool,
    partners: bool,
}

// Deserialization checks the settings as `Race::new` does (`RaceRules::validate`): the private
// mirror above reads the fields and these two impls wrap it. (A `remote = "Self"` derive on
// the type itself made that unchecked reader a public inherent `RaceRules::deserialize`, which
// a caller's `RaceRules::deserialize(d)` reached instead of this impl.)
#[cfg(feature = "serde")]
impl serde::Serialize for RaceRules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RaceRulesFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for RaceRules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RaceRules, D::Error> {
        let rules = RaceRulesFields::deserialize(deserializer)?;
        rules.validate().map_err(serde::de::Error::custom)?;
        Ok(rules)
    }
}

impl Default for RaceRules {
    /// [`RaceRules::standard`].
    fn default() -> RaceRules {
        RaceRules::standard()
    }
}

impl RaceRules {
    /// Two players, a track of 20, two cards each from a deck of four copies of 1, 2 and 3,
    /// extra turn on a six, bumping on, no partners.
    #[must_use]
    pub const fn standard() -> RaceRules {
        RaceRules {
            players: 2,
            track: 20,
            hand: 2,
            copies: 4,
            extra_turn_on_six: true,
            bump: true,
            partners: false,
        }
    }

    /// These rules with `players` seats (2 to 4).
    #[must_use]
    pub const fn with_players(mut self, players: usize) -> RaceRules {
        self.players = players;
        self
    }

    /// These rules with a track of `squares` (1 to 200).
    #[must_use]
    pub const fn with_track(mut self, squares: u8) -> RaceRules {
        self.track = squares;
        self
    }

    /// These rules with `cards` dealt to each seat.
    #[must_use]
    pub const fn with_hand(mut self, cards: u8) -> RaceRules {
        self.hand = cards;
        self
    }

    /// These rules with `copies` of each card value in the deck (1 to 20).
    #[must_use]
    pub const fn with_copies(mut self, copies: u8) -> RaceRules {
        self.copies = copies;
        self
    }

    /// These rules with a six giving another turn, or not.
    #[must_use]
    pub const fn with_extra_turn_on_six(mut self, on: bool) -> RaceRules {
        self.extra_turn_on_six = on;
        self
    }

    /// These rules with bumping on or off.
    #[must_use]
    pub const fn with_bump(mut self, on: bool) -> RaceRules {
        self.bump = on;
        self
    }

    /// These rules with partnerships (seats 0 and 2 against 1 and 3; needs 4 players), or
    /// without.
    #[must_use]
    pub const fn with_partners(mut self, on: bool) -> RaceRules {
        self.partners = on;
        self
    }

    /// Checks the settings as [`Race::new`] does.
    ///
    /// # Errors
    ///
    /// [`RaceError::Players`], [`RaceError::Track`], [`RaceError::Copies`],
    /// [`RaceError::Hand`] or [`RaceError::Partners`] for settings out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{RaceError, RaceRules};
    /// assert_eq!(RaceRules::default().validate(), Ok(()));
    /// let eight = RaceRules::default().with_hand(7);
    /// assert_eq!(eight.validate(), Err(RaceError::Hand { hand: 7, players: 2, deck: 12 }));
    /// ```
    pub const fn validate(&self) -> Result<(), RaceError> {
        if self.players < 2 || self.players > 4 {
            return Err(RaceError::Players(self.players));
        }
        if self.track == 0 || self.track > 200 {
            return Err(RaceError::Track(self.track));
        }
        if self.copies == 0 || self.copies > MAX_COPIES {
            return Err(RaceError::Copies(self.copies));
        }
        let deck = self.copies as usize * CARD_VALUES;
        if self.hand as usize * self.players > deck {
            return Err(RaceError::Hand {
                hand: self.hand,
                players: self.players,
                deck,
            });
        }
        if self.partners && self.players != 4 {
            return Err(RaceError::Partners(self.players));
        }
        Ok(())
    }
}

/// Why a race could not be set up or an action was refused.
///
/// # Examples
///
/// ```
/// use boardgame_core::Game;
/// use boardgame_core::race::{Race, RaceAction, RaceError, RaceRules};
/// let five = Race::new(RaceRules::default().with_players(5));
/// assert!(matches!(five, Err(RaceError::Players(5))));
///
/// // The race opens with the deal: a player's move is refused and the state is unchanged.
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// let before = state.clone();
/// match game.apply(&mut state, &RaceAction::Advance) {
///     Err(RaceError::WrongKind { expected, .. }) => assert_eq!(expected, "a card is being dealt"),
///     other => panic!("expected a refusal, got {other:?}"),
/// }
/// assert_eq!(state, before);
/// # Ok::<(), RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RaceError {
    /// Fewer than 2 or more than 4 players.
    #[error("a race needs 2 to 4 players, got {0}")]
    Players(usize),
    /// A track of 0 or over 200.
    #[error("the track must be 1 to 200 squares, got {0}")]
    Track(u8),
    /// Copies of each card out of 1 to 20.
    #[error("the deck needs 1 to 20 copies of each card, got {0}")]
    Copies(u8),
    /// More cards to deal than the deck holds.
    #[error("cannot deal {hand} cards to each of {players} players from {deck} cards")]
    Hand {
        /// Cards per hand.
        hand: u8,
        /// Players.
        players: usize,
        /// Cards in the deck.
        deck: usize,
    },
    /// Partners need exactly four players.
    #[error("partners need exactly 4 players, got {0}")]
    Partners(usize),
    /// A chance result where a player must act, or a player action at a chance node.
    #[error("{action:?} is not possible now: {expected}")]
    WrongKind {
        /// The refused action.
        action: RaceAction,
        /// What the state expects.
        expected: &'static str,
    },
    /// A die value outside 1 to 6.
    #[error("a die shows 1 to 6, not {0}")]
    Die(u8),
    /// Dealing a card the deck has no copy of (or a value outside 1 to 3).
    #[error("the deck has no card of value {0}")]
    NotInDeck(u8),
    /// Playing a card under rules that deal none ([`RaceRules::hand`] 0): these rules never
    /// put a card in a hand, whatever the roll. (A state they play from another race's deal
    /// may hold cards, and those are played as dealt.)
    #[error("these rules deal no cards, so none can be played")]
    NoCards,
    /// Playing a card not in the hand (under rules that deal cards: [`RaceError::NoCards`]
    /// otherwise).
    #[error("{seat} holds no card of value {value}")]
    NotInHand {
        /// Who tried.
        seat: Seat,
        /// The card.
        value: u8,
    },
    /// Anything at all after the race is over.
    #[error("the race is over")]
    Over,
    /// A state that these rules cannot have: made by a race of other rules (another number
    /// of seats, track length, deck or hand size).
    #[error("the state belongs to a race of other rules")]
    OtherRules,
}

/// An action: a chance result (deal, roll) or a player's choice.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(1))?;
/// let mut state = game.new_initial_state();
/// // Chance deals a 2 to seat 0 and a 1 to seat 1, then seat 0 rolls a 3.
/// for chance in [RaceAction::Deal(2), RaceAction::Deal(1), RaceAction::Roll(3)] {
///     game.apply(&mut state, &chance)?;
/// }
/// // Playing the 2 advances by roll plus card.
/// game.apply(&mut state, &RaceAction::Play(2))?;
/// assert_eq!(state.position(Seat::new(0)), Some(5));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RaceAction {
    /// Chance: the next card dealt has this value.
    Deal(u8),
    /// Chance: the die shows this.
    Roll(u8),
    /// Advance by the roll.
    Advance,
    /// Play a card of this value and advance by roll plus card.
    Play(u8),
}

/// An action's text: `deal 2`, `roll 3`, `advance`, `play 1` (a number as its decimal
/// digits).
///
/// # Examples
///
/// ```
/// use boardgame_core::race::RaceAction;
/// assert_eq!(RaceAction::Play(2).to_string(), "play 2");
/// assert_eq!("roll 6".parse(), Ok(RaceAction::Roll(6)));
/// ```
impl core::fmt::Display for RaceAction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RaceAction::Deal(v) => write!(f, "deal {v}"),
            RaceAction::Roll(v) => write!(f, "roll {v}"),
            RaceAction::Advance => f.write_str("advance"),
            RaceAction::Play(v) => write!(f, "play {v}"),
        }
    }
}

/// An action's text that is not one of the forms [`RaceAction`]'s `Display` writes (the text
/// quoted, at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it). Whether
/// the numbers fit the race is the game's to say.
///
/// # Examples
///
/// ```
/// use boardgame_core::race::{ParseRaceActionError, RaceAction};
/// let err: ParseRaceActionError = "roll".parse::<RaceAction>().unwrap_err();
/// assert_eq!(err.0, "roll");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a race action (deal <n>, roll <n>, advance, play <n>, n from 0 to 255): {0:?}")]
#[non_exhaustive]
pub struct ParseRaceActionError(
    /// The text, at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it.
    pub String,
);

/// Reads what `Display` writes, words separated by any whitespace.
impl core::str::FromStr for RaceAction {
    type Err = ParseRaceActionError;
    fn from_str(s: &str) -> Result<RaceAction, ParseRaceActionError> {
        let bad = || ParseRaceActionError(crate::text::excerpt(s));
        let mut words = s.split_whitespace();
        let (kind, n, more) = (words.next(), words.next(), words.next());
        let number = |w: &str| {
            w.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| w.parse::<u8>().ok())
                .flatten()
                .ok_or_else(bad)
        };
        match (kind, n, more) {
            (Some("advance"), None, None) => Ok(RaceAction::Advance),
            (Some("deal"), Some(n), None) => Ok(RaceAction::Deal(number(n)?)),
            (Some("roll"), Some(n), None) => Ok(RaceAction::Roll(number(n)?)),
            (Some("play"), Some(n), None) => Ok(RaceAction::Play(number(n)?)),
            _ => Err(bad()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Phase {
    /// Dealing card number `dealt` (seat `dealt % players` receives it).
    Dealing {
        dealt: u8,
    },
    Rolling(Seat),
    Moving {
        seat: Seat,
        die: u8,
    },
    Over(Seat),
}

/// A position of the race.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// assert_eq!(state.position(Seat::new(0)), Some(0));
/// game.apply(&mut state, &RaceAction::Deal(3))?; // the first card goes to seat 0
/// assert_eq!(state.hand(Seat::new(0)), Some([0, 0, 1]));
/// assert_eq!(state.hand(Seat::new(1)), Some([0, 0, 0]));
/// assert_eq!(state.winner(), None);
/// assert_eq!(state.position(Seat::new(2)), None); // two players only
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RaceState {
    phase: Phase,
    /// Who rolls first once the deal is over.
    starter: Seat,
    positions: BySeat<u8>,
    /// `hands[seat][v - 1]`: copies of value `v` in the hand.
    hands: BySeat<[u8; CARD_VALUES]>,
    deck: [u8; CARD_VALUES],
    discards: [u8; CARD_VALUES],
}

/// [`RaceState`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "RaceState", rename = "RaceState")]
struct RaceStateFields {
    phase: Phase,
    starter: Seat,
    positions: BySeat<u8>,
    hands: BySeat<[u8; CARD_VALUES]>,
    deck: [u8; CARD_VALUES],
    discards: [u8; CARD_VALUES],
}

impl RaceState {
    /// Squares `seat` has covered.
    pub fn position(&self, seat: Seat) -> Option<u8> {
        self.positions.get(seat).copied()
    }

    /// Cards of each value (1 to 3) in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> Option<[u8; CARD_VALUES]> {
        self.hands.get(seat).copied()
    }

    /// The winner, once the race is over.
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over(s) => Some(s),
            _ => None,
        }
    }
}

// Deserialization checks what a state shows by itself (`RaceState::check_alone`); which
// rules it belongs to is [`Race::check_state`]'s question, which every method of the game asks.
#[cfg(feature = "serde")]
impl serde::Serialize for RaceState {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RaceStateFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for RaceState {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RaceState, D::Error> {
        let state = RaceStateFields::deserialize(deserializer)?;
        state.check_alone().map_err(serde::de::Error::custom)?;
        Ok(state)
    }
}

#[cfg(feature = "serde")]
impl RaceState {
    /// Checks that the state could belong to some race: 2 to 4 seats with one position and
    /// one hand each, no position past 200 squares, each card value the same number of
    /// times in all (1 to 20), and a phase that names a seat in range, a die of 1 to 6 and
    /// fewer cards dealt than the deck holds. [`Race::check_state`] checks the rest against
    /// the rules. The error says which of these fails.
    fn check_alone(&self) -> Result<(), &'static str> {
        let n = self.positions.len();
        if !(2..=4).contains(&n) || self.hands.len() != n {
            return Err("a race state holds a position and a hand for each of 2 to 4 seats");
        }
        if self.starter.index() >= n {
            return Err("the seat that rolls first is not one of the state's seats");
        }
        if self.positions.as_slice().iter().any(|&p| p > 200) {
            return Err("a position is past 200 squares, the longest track");
        }
        let mut totals = [0u32; CARD_VALUES];
        for hand in self.hands.as_slice() {
            for (t, &c) in totals.iter_mut().zip(hand) {
                *t += u32::from(c);
            }
        }
        for ((t, &deck), &discards) in totals.iter_mut().zip(&self.deck).zip(&self.discards) {
            *t += u32::from(deck) + u32::from(discards);
        }
        let copies = totals[0];
        if copies == 0 || copies > u32::from(MAX_COPIES) || totals.iter().any(|&t| t != copies) {
            return Err(
                "the hands, deck and discards do not hold each card value equally, 1 to 20 times",
            );
        }
        match self.phase {
            Phase::Dealing { dealt } if u32::from(dealt) >= copies * CARD_VALUES as u32 => {
                Err("more cards dealt than the deck holds")
            }
            Phase::Rolling(seat) | Phase::Over(seat) | Phase::Moving { seat, .. }
                if seat.index() >= n =>
            {
                Err("the phase names a seat the state does not have")
            }
            Phase::Moving { die, .. } if !(1..=6).contains(&die) => {
                Err("the die to move by is not 1 to 6")
            }
            _ => Ok(()),
        }
    }
}

/// What one seat (or a spectator) knows of a race.
///
/// # Examples
///
/// Seat 1 is dealt a 1 in one state and a 3 in the other: only seat 1 can tell them apart.
///
/// ```
/// use boardgame_core::{Game, ImperfectInfo, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let (mut a, mut b) = (game.new_initial_state(), game.new_initial_state());
/// for (state, card) in [(&mut a, 1), (&mut b, 3)] {
///     game.apply(state, &RaceAction::Deal(2))?;
///     game.apply(state, &RaceAction::Deal(card))?;
/// }
/// assert_eq!(game.view(&a, Some(Seat::new(0))), game.view(&b, Some(Seat::new(0))));
/// assert_eq!(game.view(&a, None), game.view(&b, None));
/// assert_ne!(game.view(&a, Some(Seat::new(1))), game.view(&b, Some(Seat::new(1))));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RaceView {
    phase_and_positions: (u8, u8, u8, BySeat<u8>),
    hand_sizes: BySeat<u8>,
    own_hand: Option<[u8; CARD_VALUES]>,
    deck_size: u8,
    discards: [u8; CARD_VALUES],
}

/// The race game.
///
/// # Examples
///
/// ```
/// use boardgame_core::{random_playout, Game, GameRng};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// assert_eq!(game.rules().track, 20);
/// let mut state = game.new_initial_state();
/// random_playout(&game, &mut state, &mut GameRng::new(11, 0), &mut Vec::new());
/// let winner = state.winner().ok_or("the race is over")?;
/// assert_eq!(state.position(winner), Some(20));
/// assert_eq!(game.returns(&state).ok_or("returns at the end")?[winner], 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    rules: RaceRules,
    /// The observation's shape ([`Observe`]), fixed by the number of players.
    shape: Shape,
}

// A race (de)serializes as its rules, read back through [`Race::new`].
#[cfg(feature = "serde")]
impl serde::Serialize for Race {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.rules, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Race {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Race, D::Error> {
        let rules = <RaceRules as serde::Deserialize>::deserialize(deserializer)?;
        Race::new(rules).map_err(serde::de::Error::custom)
    }
}

impl Race {
    /// A race with these rules.
    ///
    /// # Errors
    ///
    /// [`RaceError`] for settings out of range.
    pub fn new(rules: RaceRules) -> Result<Race, RaceError> {
        rules.validate()?;
        let shape = Shape::flat(3 * rules.players + 18).ok_or(RaceError::Players(rules.players))?;
        Ok(Race { rules, shape })
    }

    /// The rules.
    pub fn rules(&self) -> &RaceRules {
        &self.rules
    }

    fn players(&self) -> usize {
        self.rules.players
    }

    /// The seats as a `u8` (2 to 4, checked by [`Race::new`]).
    fn players_u8(&self) -> u8 {
        self.rules.players as u8
    }

    fn to_deal(&self) -> u8 {
        self.rules.hand * self.players_u8()
    }

    fn fresh(&self, starter: Seat) -> RaceState {
        let n = self.players();
        let phase = if self.rules.hand == 0 {
            Phase::Rolling(starter)
        } else {
            Phase::Dealing { dealt: 0 }
        };
        RaceState {
            phase,
            starter,
            positions: BySeat::new(n, 0),
            hands: BySeat::new(n, [0; CARD_VALUES]),
            deck: [self.rules.copies; CARD_VALUES],
            discards: [0; CARD_VALUES],
        }
    }

    /// Checks that `s` is a state these rules can have: one position and one hand per seat,
    /// no token past the track, each card value `copies` times in all (deck, hands,
    /// discards), the seats named in range, and the phase consistent with the positions and
    /// the cards to deal. A state made by a race of other rules fails it, and every method
    /// of the game refuses such a state (`apply`) or treats it as having nothing to do.
    ///
    /// # Errors
    ///
    /// [`RaceError::OtherRules`].
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::Game;
    /// use boardgame_core::race::{Race, RaceError, RaceRules};
    /// let two = Race::new(RaceRules::default())?;
    /// let three = Race::new(RaceRules::default().with_players(3))?;
    /// assert_eq!(two.check_state(&two.new_initial_state()), Ok(()));
    /// assert_eq!(two.check_state(&three.new_initial_state()), Err(RaceError::OtherRules));
    /// # Ok::<(), RaceError>(())
    /// ```
    pub fn check_state(&self, s: &RaceState) -> Result<(), RaceError> {
        if self.fits(s) {
            Ok(())
        } else {
            Err(RaceError::OtherRules)
        }
    }

    /// Whether `s` is a state of these rules ([`Race::check_state`]). Every method asks it,
    /// so it reads the state in one pass: the shape, then each seat's position and hand.
    fn fits(&self, s: &RaceState) -> bool {
        let n = self.players();
        let track = self.rules.track;
        let (positions, hands) = (s.positions.as_slice(), s.hands.as_slice());
        if positions.len() != n || hands.len() != n || s.starter.index() >= n {
            return false;
        }
        let mut cards = [0u32; CARD_VALUES];
        let mut any_finished = false;
        for (&p, hand) in positions.iter().zip(hands) {
            if p > track {
                return false;
            }
            any_finished |= p >= track;
            for (total, &c) in cards.iter_mut().zip(hand) {
                *total += u32::from(c);
            }
        }
        let copies = u32::from(self.rules.copies);
        for ((held, &deck), &discards) in cards.iter().zip(&s.deck).zip(&s.discards) {
            if held + u32::from(deck) + u32::from(discards) != copies {
                return false;
            }
        }
        match s.phase {
            Phase::Dealing { dealt } => dealt < self.to_deal() && !any_finished,
            Phase::Rolling(seat) => seat.index() < n && !any_finished,
            Phase::Moving { seat, die } => {
                seat.index() < n && (1..=6).contains(&die) && !any_finished
            }
            Phase::Over(seat) => positions.get(seat.index()).is_some_and(|&p| p >= track),
        }
    }

    fn wrong(action: RaceAction, expected: &'static str) -> RaceError {
        RaceError::WrongKind { action, expected }
    }
}

impl Game for Race {
    type State = RaceState;
    type Action = RaceAction;
    type Error = RaceError;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn team(&self, seat: Seat) -> usize {
        if self.rules.partners {
            seat.index() % 2
        } else {
            seat.index()
        }
    }

    fn new_initial_state(&self) -> RaceState {
        self.fresh(Seat::new(0))
    }

    fn turn(&self, s: &RaceState) -> Turn {
        match s.phase {
            Phase::Dealing { .. } | Phase::Rolling(_) => Turn::Chance,
            Phase::Moving { seat, .. } => Turn::Player(seat),
            Phase::Over(_) => Turn::Terminal,
        }
    }

    fn legal_actions(&self, s: &RaceState, out: &mut Vec<RaceAction>) {
        out.clear();
        if !self.fits(s) {
            return;
        }
        if let Phase::Moving { seat, .. } = s.phase {
            out.push(RaceAction::Advance);
            for (i, &c) in s.hands[seat].iter().enumerate() {
                if c > 0 {
                    out.push(RaceAction::Play(i as u8 + 1));
                }
            }
        }
    }

    fn is_legal(&self, s: &RaceState, a: &RaceAction) -> bool {
        self.apply(&mut s.clone(), a).is_ok()
    }

    fn chance_outcomes(&self, s: &RaceState, out: &mut Vec<(RaceAction, f64)>) -> bool {
        out.clear();
        if !self.fits(s) {
            return true;
        }
        match s.phase {
            Phase::Dealing { .. } => {
                let total: u8 = s.deck.iter().sum();
                for (i, &c) in s.deck.iter().enumerate() {
                    if c > 0 {
                        out.push((
                            RaceAction::Deal(i as u8 + 1),
                            f64::from(c) / f64::from(total),
                        ));
                    }
                }
            }
            Phase::Rolling(_) => out.extend((1..=6).map(|d| (RaceAction::Roll(d), 1.0 / 6.0))),
            _ => {}
        }
        true
    }

    fn sample_chance(&self, s: &RaceState, rng: &mut GameRng) -> Option<RaceAction> {
        if !self.fits(s) {
            return None;
        }
        match s.phase {
            Phase::Dealing { .. } => {
                let total: u8 = s.deck.iter().sum();
                let mut x = rng.below(u32::from(total)) as u8;
                for (i, &c) in s.deck.iter().enumerate() {
                    if x < c {
                        return Some(RaceAction::Deal(i as u8 + 1));
                    }
                    x -= c;
                }
                None
            }
            Phase::Rolling(_) => Some(RaceAction::Roll(rng.below(6) as u8 + 1)),
            _ => None,
        }
    }

    fn apply(&self, s: &mut RaceState, a: &RaceAction) -> Result<(), RaceError> {
        self.check_state(s)?;
        let n = self.players();
        match (s.phase, *a) {
            (Phase::Over(_), _) => Err(RaceError::Over),
            (Phase::Dealing { dealt }, RaceAction::Deal(v)) => {
                let i = usize::from(v).wrapping_sub(1);
                if s.deck.get(i).copied().unwrap_or(0) == 0 {
                    return Err(RaceError::NotInDeck(v));
                }
                let seat = Seat::new(dealt % self.players_u8());
                s.deck[i] -= 1;
                s.hands[seat][i] += 1;
                let dealt = dealt + 1;
                s.phase = if dealt >= self.to_deal() {
                    Phase::Rolling(s.starter)
                } else {
                    Phase::Dealing { dealt }
                };
                Ok(())
            }
            (Phase::Dealing { .. }, other) => Err(Self::wrong(other, "a card is being dealt")),
            (Phase::Rolling(seat), RaceAction::Roll(d)) => {
                if !(1..=6).contains(&d) {
                    return Err(RaceError::Die(d));
                }
                s.phase = Phase::Moving { seat, die: d };
                Ok(())
            }
            (Phase::Rolling(_), other) => Err(Self::wrong(other, "the die is being rolled")),
            (Phase::Moving { .. }, other @ (RaceAction::Deal(_) | RaceAction::Roll(_))) => {
                Err(Self::wrong(other, "a player chooses a move"))
            }
            (Phase::Moving { seat, die }, choice) => {
                let card = match choice {
                    RaceAction::Play(v) => {
                        let i = usize::from(v).wrapping_sub(1);
                        if s.hands[seat].get(i).copied().unwrap_or(0) == 0 {
                            // Rules that deal no cards never have one to play.
                            return Err(if self.rules.hand == 0 {
                                RaceError::NoCards
                            } else {
                                RaceError::NotInHand { seat, value: v }
                            });
                        }
                        s.hands[seat][i] -= 1;
                        s.discards[i] += 1;
                        v
                    }
                    _ => 0,
                };
                let pos = s.positions[seat]
                    .saturating_add(die + card)
                    .min(self.rules.track);
                s.positions[seat] = pos;
                if self.rules.bump && pos < self.rules.track {
                    let team = self.team(seat);
                    for other in Seat::all(n) {
                        if self.team(other) != team && s.positions[other] == pos {
                            s.positions[other] = 0;
                        }
                    }
                }
                s.phase = if pos >= self.rules.track {
                    Phase::Over(seat)
                } else if die == 6 && self.rules.extra_turn_on_six {
                    Phase::Rolling(seat)
                } else {
                    Phase::Rolling(seat.next(n))
                };
                Ok(())
            }
        }
    }

    fn returns(&self, s: &RaceState) -> Option<Returns> {
        let Phase::Over(winner) = s.phase else {
            return None;
        };
        if !self.fits(s) {
            return None;
        }
        let team = self.team(winner);
        Some(BySeat::from_fn(self.players(), |seat| {
            if self.team(seat) == team { 1.0 } else { -1.0 }
        }))
    }
}

impl ImperfectInfo for Race {
    type View = RaceView;

    fn view(&self, s: &RaceState, viewer: Option<Seat>) -> RaceView {
        let (kind, a, b) = match s.phase {
            Phase::Dealing { dealt } => (0, dealt, 0),
            Phase::Rolling(seat) => (1, seat.index() as u8, 0),
            Phase::Moving { seat, die } => (2, seat.index() as u8, die),
            Phase::Over(seat) => (3, seat.index() as u8, 0),
        };
        RaceView {
            phase_and_positions: (kind, a, b, s.positions),
            hand_sizes: BySeat::from_fn(self.players(), |seat| {
                s.hands.get(seat).map_or(0, |h| h.iter().sum())
            }),
            own_hand: viewer.and_then(|v| s.hands.get(v).copied()),
            deck_size: s.deck.iter().sum(),
            discards: s.discards,
        }
    }

    /// Keeps `seat`'s hand, the discards and every hand size; deals the cards `seat` cannot
    /// see (the other hands and the deck) afresh, uniformly.
    fn determinize(&self, s: &RaceState, seat: Seat, rng: &mut GameRng) -> RaceState {
        let mut out = s.clone();
        if !self.fits(s) {
            return out; // a state of other rules: nothing this game can re-deal
        }
        // Every state holds each value `copies <= MAX_COPIES` times in all, so the unseen
        // cards fit a fixed buffer (the search calls this once per iteration). They are laid
        // out by value before the shuffle, never in the order the true hands and deck hold
        // them: the result depends only on what `seat` sees and on `rng` (an audit, 6 December
        // 2026, found IS-MCTS searching differently from two states the seat could not tell
        // apart, because the buffer began with the true hands).
        let mut counts = [0u8; CARD_VALUES];
        let mut gather = |held: &mut [u8; CARD_VALUES]| {
            for (total, count) in counts.iter_mut().zip(held.iter_mut()) {
                *total = total.saturating_add(*count);
                *count = 0;
            }
        };
        for other in Seat::all(self.players()).filter(|&o| o != seat) {
            gather(&mut out.hands[other]);
        }
        gather(&mut out.deck);
        let mut buffer = [0u8; MAX_COPIES as usize * CARD_VALUES];
        let mut unseen = 0;
        for (value, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                if let Some(slot) = buffer.get_mut(unseen) {
                    *slot = value as u8;
                    unseen += 1;
                }
            }
        }
        let unseen = &mut buffer[..unseen];
        rng.shuffle(unseen);
        let mut cards = unseen.iter().copied();
        for other in Seat::all(self.players()).filter(|&o| o != seat) {
            let size: u8 = s.hands[other].iter().sum();
            for card in cards.by_ref().take(usize::from(size)) {
                out.hands[other][usize::from(card)] += 1;
            }
        }
        for card in cards {
            out.deck[usize::from(card)] += 1;
        }
        out
    }
}

/// The observation of a seat: a flat vector of `3 * players + 18` values in `[0, 1]`, seats
/// counted from the observer (relative seat 0 is the observer, 1 the next to act after it):
///
/// | elements | meaning |
/// | --- | --- |
/// | `players` | each relative seat's square, divided by the track length |
/// | `players` | each relative seat's hand size, divided by the deck size |
/// | `players` | one-hot: the relative seat the phase names (dealt to next, rolling, moving, winner) |
/// | 3 | the observer's own cards of each value, divided by the copies |
/// | 1 | cards left in the deck, divided by the deck size |
/// | 3 | discards of each value, divided by the copies |
/// | 4 | one-hot phase: dealing, rolling, moving, over |
/// | 6 | one-hot: the die, while moving |
/// | 1 | cards dealt so far, divided by the cards to deal (while dealing) |
///
/// Other seats' hands and the deck's make-up are not encoded: only what the observer's view
/// holds. A seat out of range observes as a spectator (no own cards).
impl Observe for Race {
    fn observation_shape(&self) -> Shape {
        self.shape
    }

    fn observe(&self, s: &RaceState, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        let n = self.players();
        BufferSizeError::check(3 * n + 18, out.len())?;
        out.fill(0.0);
        if !self.fits(s) {
            return Ok(()); // a state of other rules: all zeros
        }
        let deck_total = f32::from(self.rules.copies) * CARD_VALUES as f32;
        let copies = f32::from(self.rules.copies);
        let relative = |other: Seat| (other.index() + n - seat.index() % n) % n;
        for other in Seat::all(n) {
            let r = relative(other);
            out[r] = f32::from(s.positions[other]) / f32::from(self.rules.track);
            out[n + r] = f32::from(s.hands[other].iter().sum::<u8>()) / deck_total;
        }
        let (phase, named, die) = match s.phase {
            Phase::Dealing { dealt } => (0, Seat::new(dealt % self.players_u8()), 0),
            Phase::Rolling(who) => (1, who, 0),
            Phase::Moving { seat: who, die } => (2, who, die),
            Phase::Over(who) => (3, who, 0),
        };
        out[2 * n + relative(named)] = 1.0;
        let base = 3 * n;
        if let Some(hand) = s.hands.get(seat) {
            for (i, &c) in hand.iter().enumerate() {
                out[base + i] = f32::from(c) / copies;
            }
        }
        out[base + 3] = f32::from(s.deck.iter().sum::<u8>()) / deck_total;
        for (i, &c) in s.discards.iter().enumerate() {
            out[base + 4 + i] = f32::from(c) / copies;
        }
        out[base + 7 + phase] = 1.0;
        if (1..=6).contains(&die) {
            out[base + 11 + usize::from(die) - 1] = 1.0;
        }
        if let Phase::Dealing { dealt } = s.phase {
            out[base + 17] = f32::from(dealt) / f32::from(self.to_deal().max(1));
        }
        Ok(())
    }
}

/// Player actions: `Advance` is 0 and `Play(v)` is `v` (1 to 3). Chance outcomes: `Deal(v)`
/// is `v - 1` (0 to 2) and `Roll(d)` is `2 + d` (3 to 8). Indices do not depend on the state.
impl IndexedActions for Race {
    fn num_distinct_actions(&self) -> usize {
        1 + CARD_VALUES
    }

    fn action_index(&self, _: &RaceState, action: &RaceAction) -> Option<usize> {
        match *action {
            RaceAction::Advance => Some(0),
            RaceAction::Play(v @ 1..=3) => Some(usize::from(v)),
            _ => None,
        }
    }

    fn index_action(&self, _: &RaceState, index: usize) -> Option<RaceAction> {
        match index {
            0 => Some(RaceAction::Advance),
            1..=3 => Some(RaceAction::Play(index as u8)),
            _ => None,
        }
    }

    fn legal_mask(&self, s: &RaceState, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(1 + CARD_VALUES, out.len())?;
        out.fill(false);
        if !self.fits(s) {
            return Ok(());
        }
        if let Phase::Moving { seat, .. } = s.phase {
            out[0] = true;
            for (slot, &c) in out[1..].iter_mut().zip(&s.hands[seat]) {
                *slot = c > 0;
            }
        }
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        CARD_VALUES + 6
    }

    fn chance_index(&self, _: &RaceState, action: &RaceAction) -> Option<usize> {
        match *action {
            RaceAction::Deal(v @ 1..=3) => Some(usize::from(v) - 1),
            RaceAction::Roll(d @ 1..=6) => Some(2 + usize::from(d)),
            _ => None,
        }
    }

    fn index_chance(&self, _: &RaceState, index: usize) -> Option<RaceAction> {
        match index {
            0..=2 => Some(RaceAction::Deal(index as u8 + 1)),
            3..=8 => Some(RaceAction::Roll(index as u8 - 2)),
            _ => None,
        }
    }
}

/// A race is a round of a match (`Match<Race>`).
impl RoundState for RaceState {
    fn seats(&self) -> usize {
        self.positions.len()
    }

    fn is_round_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }
}

impl Rounds for Race {
    fn round_points(&self, s: &RaceState) -> Option<BySeat<i64>> {
        let winner = s.winner()?;
        if !self.fits(s) {
            return None;
        }
        let team = self.team(winner);
        let owed: i64 = Seat::all(self.players())
            .filter(|&o| self.team(o) != team)
            .map(|o| i64::from(self.rules.track - s.positions[o]))
            .sum();
        Some(BySeat::from_fn(self.players(), |seat| {
            if self.team(seat) == team { owed } else { 0 }
        }))
    }

    /// A round of other rules ([`Race::check_state`]) is refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{Race, RaceRules};
    /// use boardgame_core::{BySeat, Game, Match, MatchConfig, ResumeError};
    /// let four = Race::new(RaceRules::default())?; // four copies of each card
    /// let two = Race::new(RaceRules::default().with_copies(2))?;
    /// let to_50 = Match::new(four.clone(), MatchConfig::new(Some(50), None)?);
    /// let totals = BySeat::new(2, 0);
    /// assert!(to_50.resume(four.new_initial_state(), totals).is_ok());
    /// // A round of a race with another deck: not one this match plays.
    /// assert!(matches!(
    ///     to_50.resume(two.new_initial_state(), totals),
    ///     Err(ResumeError::Round(_))
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_round(
        &self,
        round: &RaceState,
        _totals: &BySeat<i64>,
        _config: &crate::MatchConfig,
    ) -> Result<(), &'static str> {
        self.check_state(round)
            .map_err(|_| "the race was made under other rules than the game's")
    }

    fn new_round(&self, ctx: &RoundContext<'_, RaceState>) -> RaceState {
        let starter = (ctx.round as usize % self.players()) as u8;
        self.fresh(Seat::new(starter))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{
        ConformanceConfig, check_game, check_imperfect, check_imperfect_observations,
        check_indexed_actions,
    };
    use crate::{Match, MatchConfig, random_playout};

    #[test]
    fn a_race_says_its_seats_and_when_it_is_over_as_a_round() {
        let game = Race::new(RaceRules::default().with_players(3)).unwrap();
        let mut s = game.new_initial_state();
        assert_eq!((s.seats(), s.is_round_over()), (3, false));
        random_playout(&game, &mut s, &mut GameRng::new(4, 0), &mut Vec::new());
        assert_eq!(game.turn(&s), Turn::Terminal);
        assert_eq!((s.seats(), s.is_round_over()), (3, true));
    }

    fn dealt(game: &Race, cards: &[u8]) -> RaceState {
        let mut s = game.new_initial_state();
        for &c in cards {
            game.apply(&mut s, &RaceAction::Deal(c)).unwrap();
        }
        s
    }

    #[test]
    fn rules_out_of_range_are_refused() {
        let base = RaceRules::default();
        assert_eq!(
            Race::new(base.with_players(5)).unwrap_err(),
            RaceError::Players(5)
        );
        assert_eq!(
            Race::new(base.with_track(0)).unwrap_err(),
            RaceError::Track(0)
        );
        assert_eq!(
            Race::new(base.with_partners(true)).unwrap_err(),
            RaceError::Partners(2)
        );
        assert!(matches!(
            Race::new(base.with_hand(7)),
            Err(RaceError::Hand { .. })
        ));
    }

    #[test]
    fn a_six_gives_another_turn_and_cards_add_to_the_roll() {
        let game = Race::new(RaceRules::default()).unwrap();
        let mut s = dealt(&game, &[1, 2, 3, 3]);
        assert_eq!(s.hand(Seat::new(0)), Some([1, 0, 1]));
        game.apply(&mut s, &RaceAction::Roll(6)).unwrap();
        game.apply(&mut s, &RaceAction::Play(3)).unwrap();
        assert_eq!(s.position(Seat::new(0)), Some(9));
        assert_eq!(game.turn(&s), Turn::Chance);
        game.apply(&mut s, &RaceAction::Roll(2)).unwrap();
        assert_eq!(
            game.turn(&s),
            Turn::Player(Seat::new(0)),
            "the six gave seat 0 another turn"
        );
        game.apply(&mut s, &RaceAction::Advance).unwrap();
        game.apply(&mut s, &RaceAction::Roll(1)).unwrap();
        assert_eq!(game.turn(&s), Turn::Player(Seat::new(1)));
    }

    #[test]
    fn landing_on_an_opponent_sends_it_home() {
        let game = Race::new(RaceRules::default().with_hand(0)).unwrap();
        let mut s = game.new_initial_state();
        for a in [
            RaceAction::Roll(3),
            RaceAction::Advance,
            RaceAction::Roll(3),
            RaceAction::Advance,
        ] {
            game.apply(&mut s, &a).unwrap();
        }
        assert_eq!(s.position(Seat::new(0)), Some(0), "bumped");
        assert_eq!(s.position(Seat::new(1)), Some(3));
        let no_bump = Race::new(RaceRules::default().with_hand(0).with_bump(false)).unwrap();
        let mut s = no_bump.new_initial_state();
        for a in [
            RaceAction::Roll(3),
            RaceAction::Advance,
            RaceAction::Roll(3),
            RaceAction::Advance,
        ] {
            no_bump.apply(&mut s, &a).unwrap();
        }
        assert_eq!(s.position(Seat::new(0)), Some(3));
    }

    /// Under rules that deal no cards (`hand` 0) a card played on a player's move was refused
    /// as `NotInHand`, "seat 0 holds no card of value 2", as if another hand might hold one.
    /// It is now `NoCards`; with cards dealt, a card the hand lacks is still `NotInHand`, and
    /// the chance nodes and the end of the race come first. The state is unchanged each time.
    #[test]
    fn regression_a_card_under_rules_without_cards_was_refused_as_not_in_hand() {
        let game = Race::new(RaceRules::default().with_hand(0).with_track(3)).unwrap();
        let mut s = game.new_initial_state();
        let before = s.clone();
        assert!(matches!(
            game.apply(&mut s, &RaceAction::Play(2)),
            Err(RaceError::WrongKind { .. })
        ));
        game.apply(&mut s, &RaceAction::Roll(2)).unwrap();
        let moving = s.clone();
        for v in [1, 2, 3, 7] {
            assert_eq!(
                game.apply(&mut s, &RaceAction::Play(v)),
                Err(RaceError::NoCards)
            );
            assert_eq!(s, moving);
        }
        assert_eq!(
            RaceError::NoCards.to_string(),
            "these rules deal no cards, so none can be played"
        );
        game.apply(&mut s, &RaceAction::Advance).unwrap();
        game.apply(&mut s, &RaceAction::Roll(1)).unwrap();
        game.apply(&mut s, &RaceAction::Advance).unwrap();
        game.apply(&mut s, &RaceAction::Roll(1)).unwrap();
        game.apply(&mut s, &RaceAction::Advance).unwrap();
        assert_eq!(game.turn(&s), Turn::Terminal);
        let over = s.clone();
        assert_eq!(
            game.apply(&mut s, &RaceAction::Play(2)),
            Err(RaceError::Over)
        );
        assert_eq!(s, over);
        assert_ne!(before, over);
        // Cards dealt: a card the hand lacks is not in the hand.
        let game = Race::new(RaceRules::default()).unwrap();
        let mut s = dealt(&game, &[1, 1, 1, 1]);
        game.apply(&mut s, &RaceAction::Roll(3)).unwrap();
        assert_eq!(
            game.apply(&mut s, &RaceAction::Play(2)),
            Err(RaceError::NotInHand {
                seat: Seat::new(0),
                value: 2
            })
        );
    }

    #[test]
    fn illegal_actions_leave_the_state_unchanged() {
        let game = Race::new(RaceRules::default()).unwrap();
        let mut s = dealt(&game, &[1, 1, 1, 1]);
        let before = s.clone();
        assert_eq!(
            game.apply(&mut s, &RaceAction::Roll(7)),
            Err(RaceError::Die(7))
        );
        assert!(matches!(
            game.apply(&mut s, &RaceAction::Advance),
            Err(RaceError::WrongKind { .. })
        ));
        assert_eq!(s, before);
        game.apply(&mut s, &RaceAction::Roll(3)).unwrap();
        let before = s.clone();
        assert_eq!(
            game.apply(&mut s, &RaceAction::Play(2)),
            Err(RaceError::NotInHand {
                seat: Seat::new(0),
                value: 2
            })
        );
        assert_eq!(s, before);
        // The deck had 4 ones and all were dealt.
        let mut fresh = dealt(&game, &[1, 1, 1]);
        game.apply(&mut fresh, &RaceAction::Deal(1)).unwrap();
        let mut again = game.new_initial_state();
        for _ in 0..4 {
            game.apply(&mut again, &RaceAction::Deal(1)).unwrap();
        }
        assert_eq!(fresh, again);
    }

    #[test]
    fn partners_share_returns() {
        let game = Race::new(RaceRules::default().with_players(4).with_partners(true)).unwrap();
        let mut s = game.new_initial_state();
        random_playout(&game, &mut s, &mut GameRng::new(8, 0), &mut Vec::new());
        let r = game.returns(&s).unwrap();
        assert_eq!(r[Seat::new(0)], r[Seat::new(2)]);
        assert_eq!(r[Seat::new(1)], r[Seat::new(3)]);
        assert_eq!(r[Seat::new(0)], -r[Seat::new(1)]);
    }

    /// Regression (architecture audit, 6 December 2026): `determinize` laid the unseen cards
    /// out in the order the true hands and deck held them before shuffling, so two states a
    /// seat cannot tell apart gave different determinizations for one generator, and IS-MCTS
    /// searched differently from them (docs/architecture.md, "Hidden information").
    #[test]
    fn regression_determinize_depended_on_the_hidden_cards() {
        let game = Race::new(RaceRules::default().with_players(3)).unwrap();
        let me = Seat::new(0);
        let (mut a, mut b) = (game.new_initial_state(), game.new_initial_state());
        for (state, cards) in [(&mut a, [2, 1, 3, 2, 1, 3]), (&mut b, [2, 3, 1, 2, 3, 1])] {
            for card in cards {
                game.apply(state, &RaceAction::Deal(card)).unwrap();
            }
        }
        assert_ne!(a, b);
        assert_eq!(game.view(&a, Some(me)), game.view(&b, Some(me)));
        for k in 0..20 {
            let da = game.determinize(&a, me, &mut GameRng::new(k, 0));
            let db = game.determinize(&b, me, &mut GameRng::new(k, 0));
            assert_eq!(da, db, "generator {k}");
        }
    }

    #[test]
    fn determinize_keeps_own_hand_and_counts() {
        let game = Race::new(RaceRules::default().with_players(3)).unwrap();
        let s = dealt(&game, &[1, 2, 3, 1, 2, 3]);
        let mut rng = GameRng::new(4, 0);
        let mut differed = false;
        for _ in 0..50 {
            let d = game.determinize(&s, Seat::new(1), &mut rng);
            assert_eq!(
                game.view(&d, Some(Seat::new(1))),
                game.view(&s, Some(Seat::new(1)))
            );
            assert_eq!(game.view(&d, None), game.view(&s, None));
            differed |= d != s;
        }
        assert!(differed, "the other hands were never re-dealt");
        assert!(
            game.view(&s, None).own_hand.is_none(),
            "a spectator sees no hand"
        );
    }

    /// Regression (API convention audit, 6 December 2026): the race's rules were a struct
    /// that callers built field by field (not `#[non_exhaustive]`, no `with_<option>`
    /// builders, `players` a `u8` where every other crate counts seats in `usize`), and its
    /// rules, states and views had no serde. Each builder sets its field, and validation is
    /// one function for the constructor and the deserializer.
    #[test]
    fn regression_race_rules_had_no_builders_and_no_validation_of_their_own() {
        let r = RaceRules::standard()
            .with_players(4)
            .with_track(30)
            .with_hand(3)
            .with_copies(5)
            .with_extra_turn_on_six(false)
            .with_bump(false)
            .with_partners(true);
        assert_eq!(
            (r.players, r.track, r.hand, r.copies),
            (4, 30, 3, 5),
            "{r:?}"
        );
        assert!(!r.extra_turn_on_six && !r.bump && r.partners);
        assert_eq!(RaceRules::default(), RaceRules::standard());
        for (bad, err) in [
            (RaceRules::standard().with_players(1), RaceError::Players(1)),
            (
                RaceRules::standard().with_players(usize::MAX),
                RaceError::Players(usize::MAX),
            ),
            (RaceRules::standard().with_track(201), RaceError::Track(201)),
            (RaceRules::standard().with_copies(21), RaceError::Copies(21)),
            (
                RaceRules::standard().with_players(3).with_partners(true),
                RaceError::Partners(3),
            ),
        ] {
            assert_eq!(bad.validate(), Err(err.clone()), "{bad:?}");
            assert_eq!(Race::new(bad), Err(err), "{bad:?}");
        }
    }

    #[cfg(feature = "serde")]
    mod serde_tests {
        use super::*;

        /// The rules, the game, every state and every view along random games of several
        /// settings read back from JSON as they were.
        #[test]
        fn rules_states_and_views_read_back_from_json() {
            let settings = [
                RaceRules::standard(),
                RaceRules::standard().with_players(3).with_hand(0),
                RaceRules::standard()
                    .with_players(4)
                    .with_partners(true)
                    .with_copies(20)
                    .with_hand(15)
                    .with_track(200),
            ];
            let mut states = 0;
            for rules in settings {
                let text = serde_json::to_string(&rules).unwrap();
                assert_eq!(serde_json::from_str::<RaceRules>(&text).unwrap(), rules);
                let game = Race::new(rules).unwrap();
                let text = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<Race>(&text).unwrap(), game);
                for seed in 0..4 {
                    let mut s = game.new_initial_state();
                    let mut rng = GameRng::new(seed, 0);
                    let mut buf = Vec::new();
                    loop {
                        let text = serde_json::to_string(&s).unwrap();
                        let back: RaceState = serde_json::from_str(&text).unwrap();
                        assert_eq!(back, s, "{text}");
                        assert_eq!(game.check_state(&back), Ok(()));
                        for seat in [None, Some(Seat::new(0)), Some(Seat::new(1))] {
                            let v = game.view(&s, seat);
                            let text = serde_json::to_string(&v).unwrap();
                            assert_eq!(serde_json::from_str::<RaceView>(&text).unwrap(), v);
                        }
                        states += 1;
                        if game.turn(&s) == Turn::Terminal {
                            break;
                        }
                        let a = match game.sample_chance(&s, &mut rng) {
                            Some(a) => a,
                            None => {
                                game.legal_actions(&s, &mut buf);
                                buf[rng.index(buf.len())]
                            }
                        };
                        game.apply(&mut s, &a).unwrap();
                    }
                }
            }
            assert!(states > 200, "{states}");
        }

        /// Rules out of range are refused by the deserializer with the constructor's error,
        /// and a game is read through [`Race::new`].
        #[test]
        fn rules_out_of_range_do_not_deserialize() {
            let good = serde_json::to_value(RaceRules::standard()).unwrap();
            for (field, value, err) in [
                ("players", 5, RaceError::Players(5)),
                ("track", 0, RaceError::Track(0)),
                ("copies", 0, RaceError::Copies(0)),
            ] {
                let mut v = good.clone();
                v[field] = serde_json::json!(value);
                let e = serde_json::from_value::<RaceRules>(v.clone()).unwrap_err();
                assert!(e.to_string().contains(&err.to_string()), "{e}");
                let e = serde_json::from_value::<Race>(v).unwrap_err();
                assert!(e.to_string().contains(&err.to_string()), "{e}");
            }
            let mut partners = good.clone();
            partners["partners"] = serde_json::json!(true);
            assert!(serde_json::from_value::<RaceRules>(partners).is_err());
        }

        /// A state that fits no race (a fifth seat, a card value short, a seat out of range, a
        /// die of 7, more dealt than the deck holds) does not deserialize.
        #[test]
        fn a_state_that_fits_no_race_does_not_deserialize() {
            let game = Race::new(RaceRules::standard()).unwrap();
            let mut s = game.new_initial_state();
            game.apply(&mut s, &RaceAction::Deal(1)).unwrap();
            let good = serde_json::to_value(&s).unwrap();
            assert_eq!(
                serde_json::from_value::<RaceState>(good.clone()).unwrap(),
                s
            );
            let seats = "a position and a hand for each of 2 to 4 seats";
            let cards = "each card value equally";
            let edits: [(&str, serde_json::Value, &str); 11] = [
                ("positions", serde_json::json!([0, 0, 0, 0, 0]), seats),
                ("positions", serde_json::json!([0]), seats),
                ("positions", serde_json::json!([0, 201]), "past 200 squares"),
                ("hands", serde_json::json!([[1, 0, 0]]), seats),
                ("deck", serde_json::json!([3, 4, 3]), cards),
                ("deck", serde_json::json!([0, 0, 0]), cards),
                ("starter", serde_json::json!(2), "rolls first"),
                (
                    "phase",
                    serde_json::json!({ "Dealing": { "dealt": 12 } }),
                    "more cards dealt",
                ),
                (
                    "phase",
                    serde_json::json!({ "Moving": { "seat": 0, "die": 7 } }),
                    "not 1 to 6",
                ),
                (
                    "phase",
                    serde_json::json!({ "Moving": { "seat": 2, "die": 3 } }),
                    "names a seat",
                ),
                ("phase", serde_json::json!({ "Rolling": 3 }), "names a seat"),
            ];
            for (field, value, why) in edits {
                let mut v = good.clone();
                v[field] = value;
                let err = serde_json::from_value::<RaceState>(v.clone()).unwrap_err();
                assert!(err.to_string().contains(why), "{v}: {err}");
            }
        }
    }

    #[test]
    fn conformance_kit_passes_on_every_setting() {
        let settings = [
            RaceRules::default(),
            RaceRules::default().with_players(3).with_hand(3),
            RaceRules::default()
                .with_players(4)
                .with_partners(true)
                .with_hand(0),
            RaceRules::default()
                .with_extra_turn_on_six(false)
                .with_track(5),
        ];
        for rules in settings {
            let game = Race::new(rules).unwrap();
            let cfg = ConformanceConfig {
                games: 40,
                seed: 1,
                ..ConformanceConfig::default()
            };
            let report = check_imperfect(&game, &cfg).unwrap_or_else(|v| panic!("{rules:?}: {v}"));
            assert_eq!(report.games, 40);
            let observed = check_imperfect_observations(&game, &cfg)
                .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
            assert!(observed.observations > 0, "{rules:?}");
            let indexed =
                check_indexed_actions(&game, &cfg).unwrap_or_else(|v| panic!("{rules:?}: {v}"));
            assert_eq!(
                indexed.masks,
                indexed.player_nodes + indexed.chance_nodes + 40
            );
            if rules.hand > 0 {
                assert!(report.determinizations_that_differed > 0, "{rules:?}");
            }
        }
    }

    #[test]
    fn conformance_kit_passes_on_a_match() {
        let game = Match::new(
            Race::new(RaceRules::default()).unwrap(),
            MatchConfig::new(Some(40), Some(10)).unwrap(),
        );
        let cfg = ConformanceConfig {
            games: 10,
            seed: 2,
            ..ConformanceConfig::default()
        };
        check_imperfect(&game, &cfg).unwrap();
        check_game(&game, &cfg).unwrap();
    }

    #[test]
    fn round_points_are_the_losers_distance() {
        let game = Race::new(RaceRules::default().with_hand(0).with_track(6)).unwrap();
        let mut s = game.new_initial_state();
        for a in [
            RaceAction::Roll(2),
            RaceAction::Advance,
            RaceAction::Roll(5),
            RaceAction::Advance,
        ] {
            game.apply(&mut s, &a).unwrap();
        }
        assert_eq!(game.round_points(&s), None);
        game.apply(&mut s, &RaceAction::Roll(4)).unwrap();
        game.apply(&mut s, &RaceAction::Advance).unwrap();
        assert_eq!(s.winner(), Some(Seat::new(0)));
        assert_eq!(
            game.round_points(&s).unwrap().as_slice(),
            &[1, 0],
            "seat 1 stood on 5 of 6"
        );
    }

    #[test]
    fn regression_a_race_handed_a_state_with_fewer_seats_panicked() {
        // An audit found `apply` (and the observation) indexing a 2-seat state by a 4-seat
        // game's seats. Now every method refuses it or treats it as having nothing to do.
        let two = Race::new(RaceRules::default()).unwrap();
        let four = Race::new(RaceRules::default().with_players(4).with_partners(true)).unwrap();
        let mut s = two.new_initial_state();
        random_playout(&two, &mut s, &mut GameRng::new(3, 0), &mut Vec::new());
        let mut s = two.new_initial_state();
        for a in [RaceAction::Deal(1), RaceAction::Deal(2)] {
            two.apply(&mut s, &a).unwrap();
        }
        let before = s.clone();
        for a in [
            RaceAction::Deal(1),
            RaceAction::Roll(3),
            RaceAction::Advance,
        ] {
            assert_eq!(four.apply(&mut s, &a), Err(RaceError::OtherRules));
            assert_eq!(s, before);
        }
        assert_eq!(four.check_state(&s), Err(RaceError::OtherRules));
        let mut out = vec![0.0; four.observation_shape().size()];
        for seat in Seat::all(4) {
            four.observe(&s, seat, &mut out).unwrap();
            let _ = four.view(&s, Some(seat));
            assert_eq!(four.determinize(&s, seat, &mut GameRng::new(1, 0)), s);
        }
        assert_eq!(four.round_points(&s), None);
    }

    #[test]
    fn regression_a_race_handed_a_state_with_more_seats_or_another_deck_panicked() {
        // The other way round: a 4-seat state (more hands) and a state of a deck of other
        // copies in a 2-seat game.
        let two = Race::new(RaceRules::default()).unwrap();
        for other in [
            RaceRules::default().with_players(4),
            RaceRules::default().with_copies(9).with_hand(4),
            RaceRules::default().with_track(60),
        ] {
            let other = Race::new(other).unwrap();
            let mut s = other.new_initial_state();
            random_playout(&other, &mut s, &mut GameRng::new(5, 0), &mut Vec::new());
            assert_eq!(two.check_state(&s), Err(RaceError::OtherRules));
            assert_eq!(two.returns(&s), None);
            let before = s.clone();
            assert!(two.apply(&mut s, &RaceAction::Advance).is_err());
            assert_eq!(s, before);
        }
    }

    /// Every pair of race rules that differ in a dimension of the state's shape (seats,
    /// track, deck, hand, partners), both ways, and matches of other settings.
    #[test]
    fn a_race_refuses_or_plays_validly_every_state_of_another_race() {
        use crate::conformance::{
            check_foreign_states, probe_imperfect, probe_indexed, probe_observe, probe_rounds,
        };
        let d = RaceRules::default();
        let rules = [
            d,
            d.with_players(3),
            d.with_players(4).with_partners(true),
            d.with_track(6),
            d.with_copies(1).with_hand(1),
            d.with_hand(0)
                .with_bump(false)
                .with_extra_turn_on_six(false),
        ];
        let games: Vec<Race> = rules.iter().map(|&r| Race::new(r).unwrap()).collect();
        let cfg = ConformanceConfig {
            games: 4,
            determinize_every: 3,
            ..ConformanceConfig::default()
        };
        let (mut pairs, mut nodes) = (0, 0);
        for a in &games {
            for b in &games {
                let report = check_foreign_states(
                    a,
                    b,
                    &cfg,
                    |s| b.check_state(s).map_err(|e| e.to_string()),
                    |s, rng| {
                        probe_imperfect(b, s, rng)?;
                        probe_observe(b, s)?;
                        probe_indexed(b, s)?;
                        probe_rounds(b, s)
                    },
                )
                .unwrap_or_else(|v| panic!("{:?} on {:?}: {v}", b.rules(), a.rules()));
                pairs += 1;
                nodes += report.foreign_nodes;
            }
        }
        // Matches of other settings and of other races.
        let configs = [
            MatchConfig::new(Some(5), None).unwrap(),
            MatchConfig::new(None, Some(1)).unwrap(),
            MatchConfig::new(Some(40), Some(3)).unwrap(),
        ];
        let matches: Vec<Match<Race>> = games
            .iter()
            .take(3)
            .flat_map(|g| configs.iter().map(|c| Match::new(g.clone(), *c)))
            .collect();
        let cfg = ConformanceConfig { games: 2, ..cfg };
        for a in &matches {
            for b in &matches {
                let report = check_foreign_states(
                    a,
                    b,
                    &cfg,
                    |s| {
                        if s.is_over() {
                            Ok(())
                        } else {
                            b.game().check_state(s.round()).map_err(|e| e.to_string())
                        }
                    },
                    |s, rng| {
                        probe_imperfect(b, s, rng)?;
                        probe_observe(b, s)?;
                        probe_indexed(b, s)?;
                        probe_rounds(b.game(), s.round())
                    },
                )
                .unwrap_or_else(|v| panic!("{v}"));
                pairs += 1;
                nodes += report.foreign_nodes;
            }
        }
        assert_eq!(pairs, 36 + 81);
        assert!(nodes > 1000, "{nodes}");
    }

    /// `RaceRules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `RaceRules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_race_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(RaceRules::default()).unwrap();
        v["players"] = 5.into();
        assert!(RaceRules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<RaceRules>(v).is_err());
    }

    /// `RaceState::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `RaceState::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_race_state_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v =
            serde_json::to_value(Race::new(RaceRules::default()).unwrap().new_initial_state())
                .unwrap();
        v["positions"][0] = 201.into();
        assert!(RaceState::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<RaceState>(v).is_err());
    }
}
