//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! every player action as an index with a legal-action mask ([`IndexedActions`]), and the
//! tile chance gives as a chance-outcome index.
//!
//! The observation holds only what the seat may know ([`crate::View`], E11): its own hand,
//! the table, how many tiles each hand and the stock hold, and what play has shown. It never
//! holds another seat's tiles, which the conformance kit checks against determinizations.
//! Two encodings, chosen by [`Dominoes::with_observation`] ([`ObservationKind`]); sizes: T =
//! tiles in the set, (n+1)(n+2)/2 for a double-n set; N = n + 1 numbers; E = 4 + 2N end
//! slots; K = the end slots the spinner rule can open (2 without spinners, 4 with the first
//! double a spinner, E with every double); P = players; seats are counted from the observer
//! (0 = itself).
//!
//! [`ObservationKind::Compact`] (the default), every value written once. The 0/1 values come
//! first, in fields of whole bytes (eight values; `B(x)` is `x` rounded up to a multiple of
//! eight, the values past a field's own are 0): each field is a plain copy of a bit mask,
//! written eight values at a time from a table, with no packing.
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | B(T) | the observer's hand, by tile index | 0/1 |
//! | B(T) | B(T) | tiles on the table | 0/1 |
//! | 2B(T) | P B(N+1) | per seat: for each number, 1 if play has shown it holds no tile showing that number (D9: it drew or passed with the number open; every group of its hidden tiles lacks it); then 1 if the step names the seat (its turn) | 0/1 |
//! | 2B(T)+P B(N+1) | 8 | the step (dealing, opening, turn, drawing, drawn, over), then how the round ended (step over: a seat went out, blocked) | one-hot, one-hot |
//! | then | K | per end slot: (the number showing + 1) / N if open, else 0 | 0-1 |
//! | then | 2P | per seat: hand size / T; its points / 100: the fives it scored so far, the round's points once the round is over | 0-1, >= 0 |
//!
//! The stock's size is not written: it is what the table and the hands leave of the set,
//! `T` minus the table's tiles minus the hand sizes. Nor is the tile the round names (the
//! forced opening, a drawn tile to place): the legal actions name it, and the detailed
//! encoding holds it.
//!
//! [`ObservationKind::Detailed`]:
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | T | the observer's hand, by tile index | 0/1 |
//! | T | T | the tile it drew and must place (step `Drawn`, its own draw only) | 0/1 |
//! | 2T | T | tiles on the table | 0/1 |
//! | 3T | T | tiles the opening showed nobody was dealt | 0/1 |
//! | 4T | T | the tile the rules name for the opening (step `Opening`) | 0/1 |
//! | 5T | E(1+N) | per end slot: open, then the number showing (one-hot) | 0/1 |
//! | 5T+E(1+N) | P(N+6) | per seat: hand size / T, fives scored / 100, for each number the tiles shown to lack it / T, opened the round, won it, pips left / the set's pips, the round's points / 100 | 0-1, fives and points >= 0 |
//! | then | 6 | the step: dealing, opening, turn, drawing, drawn, over | one-hot |
//! | then | P | the seat the step names | one-hot |
//! | then | 1 | stock size / T | 0-1 |
//! | then | 1 | redeals / 10, at most 1 | 0-1 |
//! | then | 2 | how the round ended: a seat went out, blocked | one-hot |
//!
//! Actions (independent of the state): `Open(t)` is `t`'s index (`high (high + 1) / 2 +
//! low`), `Play(t, end)` is `T + index(t) E + slot(end)` with slots `left` 0, `right` 1, `up`
//! 2, `down` 3 and a later spinner `d-d`'s sides `4 + 2d` (up) and `5 + 2d` (down); `Draw` is
//! `T (1 + E)` and `Pass` the next. Chance: `Deal(t)` is `t`'s index.

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape, byte_values};

use crate::action::Action;
use crate::game::{Dominoes, Phase, RoundEnd, State};
use crate::rules::{Rules, SpinnerRule};
use crate::tile::{End, Side, Tile};

/// How many fives or points one unit of the observation stands for.
const POINTS_SCALE: f32 = 100.0;

/// How a [`Dominoes`] observation ([`Observe`]) encodes a seat's view
/// ([`Dominoes::with_observation`]). Both hold exactly what the seat may know (E11); their
/// tables are in the repository's `docs/dominoes.md`, "Learning encodings".
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::boardgame_core::Observe;
/// use lattjo_dominoes::{Dominoes, ObservationKind};
/// let game = Dominoes::default();
/// assert_eq!(game.observation(), ObservationKind::Compact);
/// assert_eq!(game.observation_shape().size(), 94);
/// let detailed = game.with_observation(ObservationKind::Detailed);
/// assert_eq!(detailed.observation_shape().size(), 322);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ObservationKind {
    /// The default: two tile planes (the observer's hand, the table), per seat the numbers
    /// play has shown it lacks and whether it is to act, the step, the open ends as numbers,
    /// and per seat its hand size and its points; 94 values for the booklet's 2-player game,
    /// each written once, the 0/1 fields in whole bytes.
    #[default]
    Compact,
    /// Five tile planes, the open ends' numbers one-hot, per seat the count of tiles shown
    /// to lack each number and the round's result in detail; 322 values for the booklet's
    /// 2-player game.
    Detailed,
}

/// Where the fields of the compact observation start (the module docs' table), fixed by the
/// rules and kept in the game so that `observe` does not work them out again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CompactFields {
    /// T, N, P.
    tiles: usize,
    numbers: usize,
    players: usize,
    /// The bytes (of eight values) of a tile plane and of a seat's 0/1 field: T and N + 1
    /// values rounded up to whole bytes.
    plane: usize,
    seat_bytes: usize,
    /// The offsets of the seats' 0/1 fields, the flags, the end slots (where the 0/1 values
    /// end) and the seats' values; and the length.
    lacks_at: usize,
    flags_at: usize,
    ends_at: usize,
    seats_at: usize,
    len: usize,
}

impl CompactFields {
    /// Whether these are `other`'s fields, read off three of them: the tiles and the players
    /// fix every field but the end slots', and with them the length fixes those.
    const fn same_shape(&self, other: &CompactFields) -> bool {
        self.tiles == other.tiles && self.players == other.players && self.len == other.len
    }

    /// The fields for `rules` (valid rules: at most double-twelve and 8 players).
    pub(crate) const fn new(rules: &Rules) -> CompactFields {
        let numbers = rules.highest as usize + 1;
        let tiles = numbers * (numbers + 1) / 2;
        let players = rules.players;
        let ends = match rules.spinner {
            SpinnerRule::None => 2,
            SpinnerRule::FirstDouble => 4,
            SpinnerRule::EveryDouble => 4 + 2 * numbers,
        };
        let plane = tiles.div_ceil(8);
        let seat_bytes = (numbers + 1).div_ceil(8);
        let lacks_at = 16 * plane;
        let flags_at = lacks_at + 8 * players * seat_bytes;
        let ends_at = flags_at + FLAGS;
        let seats_at = ends_at + ends;
        CompactFields {
            tiles,
            numbers,
            players,
            plane,
            seat_bytes,
            lacks_at,
            flags_at,
            ends_at,
            seats_at,
            len: seats_at + 2 * players,
        }
    }
}

/// The compact observation's fields for the booklet's rules ([`Rules::lattjo`]).
const BOOKLET: CompactFields = CompactFields::new(&Rules::lattjo());

/// The compact observation's flags: the six steps and the two ways a round ends.
const FLAGS: usize = 8;

impl Dominoes {
    /// This game with its observation ([`Observe`]) encoded as `kind`; the default is
    /// [`ObservationKind::Compact`]. Only the learning encoding changes, never the rules:
    /// the game plays the same states, and serializes as its rules alone (a deserialized
    /// game observes with the default).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_dominoes::boardgame_core::{Game, Observe, Seat};
    /// use lattjo_dominoes::{Dominoes, ObservationKind};
    /// let game = Dominoes::default().with_observation(ObservationKind::Detailed);
    /// assert_eq!(game.observation(), ObservationKind::Detailed);
    /// let mut out = vec![0.0; game.observation_shape().size()];
    /// game.observe(&game.new_initial_state(), Seat::new(0), &mut out)?;
    /// # Ok::<(), lattjo_dominoes::boardgame_core::BufferSizeError>(())
    /// ```
    #[must_use]
    pub const fn with_observation(mut self, kind: ObservationKind) -> Dominoes {
        self.observation = kind;
        self
    }

    /// How the observation is encoded.
    #[must_use]
    pub const fn observation(&self) -> ObservationKind {
        self.observation
    }
}

impl Dominoes {
    /// Numbers in the set (N).
    fn numbers(&self) -> usize {
        usize::from(self.rules().highest) + 1
    }

    /// Tiles in the set (T).
    fn tile_count(&self) -> usize {
        let n = self.numbers();
        n * (n + 1) / 2
    }

    /// End slots (E): the line's two ends, the first spinner's two sides, two sides for
    /// every later double.
    fn end_slots(&self) -> usize {
        4 + 2 * self.numbers()
    }

    /// The observation's length.
    fn observation_len(&self) -> usize {
        let (t, n, e, p) = (
            self.tile_count(),
            self.numbers(),
            self.end_slots(),
            self.rules().players,
        );
        match self.observation {
            ObservationKind::Compact => self.compact.len,
            ObservationKind::Detailed => 5 * t + e * (1 + n) + p * (n + 6) + 6 + p + 4,
        }
    }

    /// A tile's index, if it is in the set.
    fn tile_index(&self, t: Tile) -> Option<usize> {
        (t.high() <= self.rules().highest).then_some(usize::from(t.id()))
    }

    /// An end's slot, if the set has it.
    fn end_slot(&self, end: End) -> Option<usize> {
        match end {
            End::Left => Some(0),
            End::Right => Some(1),
            End::Up => Some(2),
            End::Down => Some(3),
            End::Side(d, side) if d.is_double() && d.high() <= self.rules().highest => {
                Some(4 + 2 * usize::from(d.high()) + usize::from(side == Side::Down))
            }
            End::Side(..) => None,
        }
    }

    /// The end in `slot`.
    fn slot_end(&self, slot: usize) -> Option<End> {
        match slot {
            0 => Some(End::Left),
            1 => Some(End::Right),
            2 => Some(End::Up),
            3 => Some(End::Down),
            s if s < self.end_slots() => {
                let d = u8::try_from((s - 4) / 2).ok()?;
                let side = if (s - 4) % 2 == 0 {
                    Side::Up
                } else {
                    Side::Down
                };
                Some(End::Side(Tile::new(d, d)?, side))
            }
            _ => None,
        }
    }

    /// The tile with index `i`, if the set has it.
    fn index_tile(&self, i: usize) -> Option<Tile> {
        (i < self.tile_count()).then(|| Tile::from_id(i as u8))
    }
}

impl Observe for Dominoes {
    fn observation_shape(&self) -> Shape {
        // Never `None`: the length is at least 5 tiles plus the fixed fields.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        match self.observation {
            // The booklet's fields as constants: the compiler folds the sizes and offsets
            // into the code (no loop set-up or bounds checks for them); every other set and
            // player count reads them from the game.
            ObservationKind::Compact if self.compact.same_shape(&BOOKLET) => {
                self.observe_compact(&BOOKLET, s, seat, out);
            }
            ObservationKind::Compact => self.observe_compact_any(s, seat, out),
            ObservationKind::Detailed => self.observe_detailed(s, seat, out),
        }
        Ok(())
    }
}

impl Dominoes {
    /// [`Dominoes::observe_compact`] with the game's fields, for every shape but the
    /// booklet's; kept out of `observe` so that the booklet's copy and the detailed encoding
    /// are not compiled around it.
    #[inline(never)]
    fn observe_compact_any(&self, s: &State, seat: Seat, out: &mut [f32]) {
        self.observe_compact(&self.compact, s, seat, out);
    }

    /// [`ObservationKind::Compact`] into `out`, of the right length, with the fields `f`
    /// (the game's, or the same as constants): every value is written once, so nothing is
    /// zeroed first. The 0/1 fields are whole bytes: they are gathered as bytes from the
    /// state's bit masks (no packing into one word), then each byte is written as its eight
    /// values, a row of [`byte_values`]. Always inlined, so that constant fields fold into the
    /// code.
    #[inline(always)]
    fn observe_compact(&self, f: &CompactFields, s: &State, seat: Seat, out: &mut [f32]) {
        let (nums, p) = (f.numbers, f.players);
        // T <= 91 and N <= 13 (valid rules) fit a byte, which converts without a sign test.
        let (tf, nf) = (f32::from(f.tiles as u8), f32::from(nums as u8));
        // The observer's hand and place, or a spectator's: no hand, looking from seat 0.
        let hands = s.hands.as_slice();
        let (hand, first) = match hands.get(seat.index()) {
            Some(hand) if hands.len() == p => (hand.0, seat.index()),
            _ => (0, 0),
        };
        // The step, the seat it names (`p` for none) and the seat holding a tile the round
        // names, which its record does not count (`holds_named`).
        let (kind, named) = step_of(s);
        let whose = named.map_or(p, |seat| relative(seat, first, p));
        let holder = if holds_named(s).is_some() { whose } else { p };
        // The seats' points (the fives so far, the round's points once it is over) and how
        // the round ended.
        let (points, ended) = match &s.result {
            Some(r) => (
                r.points.as_slice(),
                1 << (6 + u8::from(r.end == RoundEnd::Blocked)),
            ),
            None => (s.fives.as_slice(), 0),
        };

        // The 0/1 fields as bytes, each from a whole byte on. A field is stored a whole word
        // at a time (16 bytes for a plane, 2 for a seat): the bytes past the field are zero,
        // or belong to the next field, which is stored after it.
        let mut bytes = [0u8; BYTE_BUFFER];
        bytes[..16].copy_from_slice(&hand.to_le_bytes());
        if let Some(at) = bytes.get_mut(f.plane..f.plane + 16) {
            at.copy_from_slice(&s.layout.tiles().0.to_le_bytes());
        }
        let (bits, values) = out.split_at_mut(f.ends_at);
        let (ends, seats) = values.split_at_mut(f.seats_at - f.ends_at);

        let (open, first_spinner) = s.layout.open_slots();
        if let [left, right] = ends {
            // Without spinners the slots are the line's ends, the layout's arms 0 and 1.
            let value = |arm: usize| f32::from(s.layout.slot_value(arm) + 1) / nf;
            *left = if open & 1 == 0 { 0.0 } else { value(0) };
            *right = if open & 2 == 0 { 0.0 } else { value(1) };
        } else {
            let first_sides = first_spinner.map_or(0, |n| 2 + 2 * usize::from(n));
            for (slot, v) in ends.iter_mut().enumerate() {
                *v = match observed_arm(slot, first_sides) {
                    Some(arm) if open >> arm & 1 == 1 => {
                        f32::from(s.layout.slot_value(arm) + 1) / nf
                    }
                    _ => 0.0,
                };
            }
        }

        // Per seat from the observer on: the numbers it lacks and whether the step names it
        // (one byte up to a double-six set, else two); its hand's size and its points.
        let shown = s.shown.as_slice();
        let mut other = first;
        let mut at = 2 * f.plane;
        for (r, value) in seats.as_chunks_mut::<2>().0.iter_mut().enumerate() {
            // Both are there for a state of these rules; one of other rules reads as zeros.
            let (hidden, lacks, score) = match (shown.get(other), points.get(other)) {
                (Some(record), Some(&score)) => {
                    let (hidden, lacks) = record.summary();
                    (hidden, lacks, score)
                }
                _ => (0, 0, 0),
            };
            let word = lacks | u16::from(r == whose) << nums;
            if let Some(field) = bytes.get_mut(at..at + 2) {
                field.copy_from_slice(&word.to_le_bytes());
            }
            *value = [
                f32::from(hidden + u8::from(r == holder)) / tf,
                score as f32 / POINTS_SCALE,
            ];
            other = if other + 1 == p { 0 } else { other + 1 };
            at += f.seat_bytes;
        }
        if let Some(flags) = bytes.get_mut(at) {
            *flags = 1 << kind | ended;
        }
        for (values, &byte) in bits.as_chunks_mut::<8>().0.iter_mut().zip(&bytes) {
            *values = byte_values(byte);
        }
    }

    /// [`ObservationKind::Detailed`] into `out`, of the right length (kept out of `observe`,
    /// whose compact copy it would otherwise be compiled around).
    #[inline(never)]
    fn observe_detailed(&self, s: &State, seat: Seat, out: &mut [f32]) {
        let (t, nums, e, p) = (
            self.tile_count(),
            self.numbers(),
            self.end_slots(),
            self.rules().players,
        );
        let tf = t as f32;
        let me = (seat.index() < p && s.hands.len() == p).then_some(seat);
        out.fill(0.0);
        // The five tile planes: a tile's bit is its index. The planes are sparse (a hand, the
        // table), so only the set bits are visited.
        let hand = me.map_or(0, |me| s.hands[me].0);
        let drawn = match s.phase {
            Phase::Drawn(drawer, tile) if Some(drawer) == me => tile.bit(),
            _ => 0,
        };
        let forced = match s.phase {
            Phase::Opening {
                forced: Some(tile), ..
            } => tile.bit(),
            _ => 0,
        };
        let (planes_of, rest) = out.split_at_mut(5 * t);
        let planes = [hand, drawn, s.layout.tiles().0, s.not_dealt.0, forced];
        for (bits, plane) in planes.into_iter().zip(planes_of.chunks_exact_mut(t)) {
            mark_bits(plane, bits);
        }
        self.observe_ends(s, &mut rest[..e * (1 + nums)]);
        let seats = e * (1 + nums);
        // Every number appears n + 2 times in a double-n set: (n+1)(n+2)n/2 pips in all.
        let h = nums - 1;
        let set_pips = ((h * (h + 1) * (h + 2)) / 2).max(1) as f32;
        // Seat `me + r` (wrapping) is written at relative place `r`. A seat the game does not
        // have (in a state of other rules) is not written, as in the compact encoding (an
        // audit found such a seat written past its field, or past the buffer: a panic).
        let first = me.map_or(0, Seat::index);
        let rel = |other: Seat| (other.index() < p).then(|| relative(other, first, p));
        let numbers = (1u16 << nums) - 1;
        let holds_named = holds_named(s);
        for (other, shown) in s.shown.iter() {
            let Some(r) = rel(other) else { continue };
            let field = &mut rest[seats + r * (nums + 6)..][..nums + 6];
            let mut held = u8::from(holds_named == Some(other));
            field[1] = s.fives[other] as f32 / POINTS_SCALE;
            for g in shown.groups() {
                held = held.saturating_add(g.count);
                let share = f32::from(g.count) / tf;
                let mut lacks = g.lacks & numbers;
                while lacks != 0 {
                    field[2 + lacks.trailing_zeros() as usize] += share;
                    lacks &= lacks - 1;
                }
            }
            field[0] = f32::from(held) / tf;
            field[2 + nums] = f32::from(u8::from(s.opener == Some(other)));
            if let Some(r) = &s.result {
                field[3 + nums] = f32::from(u8::from(r.winner == Some(other)));
                field[4 + nums] = r.pips[other] as f32 / set_pips;
                field[5 + nums] = r.points[other] as f32 / POINTS_SCALE;
            }
        }
        let step = seats + p * (nums + 6);
        let (kind, named) = step_of(s);
        rest[step + kind] = 1.0;
        if let Some(r) = named.and_then(rel) {
            rest[step + 6 + r] = 1.0;
        }
        let tail = step + 6 + p;
        rest[tail] = s.stock.len() as f32 / tf;
        rest[tail + 1] = (f32::from(s.redeals) / 10.0).min(1.0);
        if let Some(r) = &s.result {
            rest[tail + 2 + usize::from(r.end == RoundEnd::Blocked)] = 1.0;
        }
    }
}

/// The place of `seat` counted from seat `first` on, at a table of `p` (`first < p`).
fn relative(seat: Seat, first: usize, p: usize) -> usize {
    let i = seat.index() + p - first;
    if i >= p { i - p } else { i }
}

/// The seat that holds a tile the round names and has not laid yet: the opening it must
/// lay, a drawn tile it must place. A hand holds the tiles its record of what play has shown
/// counts (`check_state` holds every state to that) plus that tile, so the observations count
/// each hand from its record instead of counting the bits of every hand.
fn holds_named(s: &State) -> Option<Seat> {
    match s.phase {
        Phase::Opening {
            seat,
            forced: Some(_),
        }
        | Phase::Drawn(seat, _) => Some(seat),
        _ => None,
    }
}

/// The step's place in the one-hot step field (dealing, opening, turn, drawing, drawn,
/// over) and the seat it names.
fn step_of(s: &State) -> (usize, Option<Seat>) {
    match s.phase {
        Phase::Dealing => (0, None),
        Phase::Opening { seat, .. } => (1, Some(seat)),
        Phase::Turn(seat) => (2, Some(seat)),
        Phase::Drawing(seat) => (3, Some(seat)),
        Phase::Drawn(seat, _) => (4, Some(seat)),
        Phase::Over => (5, None),
    }
}

/// The layout's arm at the observation's end slot `slot` (the reverse of [`observed_slot`]),
/// if any: the first spinner's sides are the layout's arms `first_sides` and `first_sides +
/// 1` (0 without a first spinner).
fn observed_arm(slot: usize, first_sides: usize) -> Option<usize> {
    match slot {
        0 | 1 => Some(slot),
        2 | 3 => (first_sides != 0).then_some(first_sides + slot - 2),
        _ => Some(slot - 2).filter(|&arm| arm & !1 != first_sides),
    }
}

/// The observation's end slot of the layout's arm `arm`, the first spinner's sides being
/// the layout's arms `first_sides` and `first_sides + 1` (0 without a first spinner): the
/// layout's arm slots are the observation's, except the first spinner's sides (slots 2 and
/// 3 here, `up` and `down`) and a later spinner's (two further on here, after `up` and
/// `down`).
fn observed_slot(arm: usize, first_sides: usize) -> usize {
    match arm {
        0 | 1 => arm,
        _ if arm & !1 == first_sides => 2 + (arm & 1),
        _ => arm + 2,
    }
}

impl Dominoes {
    /// The end slots' part of the detailed observation (zeroed by the caller): for each
    /// open end, its slot's "open" value and the number showing.
    fn observe_ends(&self, s: &State, out: &mut [f32]) {
        let stride = 1 + self.numbers();
        let (mut open, first) = s.layout.open_slots();
        let first_sides = first.map_or(0, |n| 2 + 2 * usize::from(n));
        while open != 0 {
            let arm = open.trailing_zeros() as usize;
            open &= open - 1;
            let slot = observed_slot(arm, first_sides);
            let number = 1 + usize::from(s.layout.slot_value(arm));
            if let Some(at) = out.get_mut(slot * stride..(slot + 1) * stride) {
                at[0] = 1.0;
                if let Some(v) = at.get_mut(number) {
                    *v = 1.0;
                }
            }
        }
    }
}

/// The compact observation's 0/1 values as bytes, with room past them for a field's whole
/// word: two tile planes of at most 12 bytes (91 tiles), at most 8 seats of at most 2 bytes
/// (13 numbers and the turn), the flags' byte.
const BYTE_BUFFER: usize = 2 * 12 + 8 * 2 + 1 + 16;

/// Sets `out[i]` to 1 for every set bit `i` of `bits` below `out.len()`, visiting only the
/// set bits (a word at a time: a 128-bit count of trailing zeros branches on its halves).
fn mark_bits(out: &mut [f32], bits: u128) {
    for (half, base) in [(bits as u64, 0), ((bits >> 64) as u64, 64)] {
        let mut rest = half;
        while rest != 0 {
            if let Some(v) = out.get_mut(base + rest.trailing_zeros() as usize) {
                *v = 1.0;
            }
            rest &= rest - 1;
        }
    }
}

impl IndexedActions for Dominoes {
    fn num_distinct_actions(&self) -> usize {
        self.tile_count() * (1 + self.end_slots()) + 2
    }

    fn action_index(&self, _: &State, action: &Action) -> Option<usize> {
        let t = self.tile_count();
        match *action {
            Action::Open(tile) => self.tile_index(tile),
            Action::Play(tile, end) => {
                Some(t + self.tile_index(tile)? * self.end_slots() + self.end_slot(end)?)
            }
            Action::Draw => Some(t * (1 + self.end_slots())),
            Action::Pass => Some(t * (1 + self.end_slots()) + 1),
            Action::Deal(_) => None,
        }
    }

    fn index_action(&self, _: &State, index: usize) -> Option<Action> {
        let (t, e) = (self.tile_count(), self.end_slots());
        if index < t {
            return self.index_tile(index).map(Action::Open);
        }
        let play = index - t;
        if play < t * e {
            return Some(Action::Play(
                self.index_tile(play / e)?,
                self.slot_end(play % e)?,
            ));
        }
        match play - t * e {
            0 => Some(Action::Draw),
            1 => Some(Action::Pass),
            _ => None,
        }
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        self.for_each_legal(s, |a| {
            if let Some(slot) = self.action_index(s, &a).and_then(|i| out.get_mut(i)) {
                *slot = true;
            }
        });
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        self.tile_count()
    }

    fn chance_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Deal(tile) => self.tile_index(tile),
            _ => None,
        }
    }

    fn index_chance(&self, _: &State, index: usize) -> Option<Action> {
        self.index_tile(index).map(Action::Deal)
    }
}

#[cfg(test)]
mod tests {
    use boardgame_core::Game;

    use super::*;
    use crate::rules::Rules;

    #[test]
    fn every_index_names_its_action_and_back() {
        for rules in [
            Rules::lattjo(),
            Rules::five_up().with_players(4),
            Rules::double_twelve(),
        ] {
            let game = Dominoes::new(rules).unwrap();
            let s = game.new_initial_state();
            for i in 0..game.num_distinct_actions() {
                let a = game.index_action(&s, i).unwrap();
                assert_eq!(game.action_index(&s, &a), Some(i), "{a}");
            }
            assert_eq!(game.index_action(&s, game.num_distinct_actions()), None);
            for i in 0..game.num_chance_outcomes() {
                let a = game.index_chance(&s, i).unwrap();
                assert_eq!(game.chance_index(&s, &a), Some(i));
            }
            assert_eq!(game.index_chance(&s, game.num_chance_outcomes()), None);
        }
    }

    #[test]
    fn hand_sizes_counted_from_the_record_are_the_hands() {
        // Both observations count each hand from its record of what play has shown plus a
        // tile the round names (the forced opening, a drawn tile to place): the same as the
        // hand's tiles at every node of seeded rounds, for the presets with draws, passes,
        // forced and free openings, drawn tiles kept by choice and partnerships. The compact
        // one reads the record's summary (`Shown::summary`: no loop over the groups), which
        // equals the groups' count and the numbers every group lacks.
        for rules in [
            Rules::lattjo(),
            Rules::five_up().with_players(4),
            Rules::block().with_players(3),
            Rules::partnership(),
            Rules::lattjo().with_must_play_if_able(false),
            Rules::draw(),
        ] {
            for kind in [ObservationKind::Compact, ObservationKind::Detailed] {
                let game = Dominoes::new(rules).unwrap().with_observation(kind);
                let (t, n, e, p) = (
                    game.tile_count(),
                    game.numbers(),
                    game.end_slots(),
                    rules.players,
                );
                // Where seat 0's field starts, each seat's length, the size's place in it.
                let (seats, stride, at) = match kind {
                    ObservationKind::Compact => (game.compact.seats_at, 2, 0),
                    ObservationKind::Detailed => (5 * t + e * (1 + n), n + 6, 0),
                };
                let mut out = vec![0.0; game.observation_len()];
                let mut buf = Vec::new();
                for seed in 0..40 {
                    let mut rng = boardgame_core::GameRng::new(seed, 3);
                    let mut s = if seed % 2 == 0 {
                        game.new_initial_state()
                    } else {
                        game.initial_state(Seat::new(1)).unwrap()
                    };
                    loop {
                        for (_, shown) in s.shown.iter() {
                            // The compact encoding's summary of each record is its groups'.
                            let all = shown.groups().fold(u16::MAX, |l, g| l & g.lacks);
                            let total = shown.groups().map(|g| g.count).sum::<u8>();
                            let lacks = if total == 0 { 0 } else { all };
                            assert_eq!(shown.summary(), (total, lacks), "{s:?}");
                        }
                        for me in Seat::all(p) {
                            game.observe(&s, me, &mut out).unwrap();
                            for (other, hand) in s.hands.iter() {
                                let r = (other.index() + p - me.index()) % p;
                                let size = out[seats + r * stride + at];
                                assert_eq!(size, hand.len() as f32 / t as f32, "{s:?}");
                            }
                        }
                        let a = match game.turn(&s) {
                            boardgame_core::Turn::Terminal => break,
                            boardgame_core::Turn::Chance => game.sample_chance(&s, &mut rng),
                            boardgame_core::Turn::Player(_) => {
                                game.sample_action(&s, &mut rng, &mut buf)
                            }
                        };
                        game.apply(&mut s, &a.unwrap()).unwrap();
                    }
                }
            }
        }
    }

    #[test]
    fn the_booklet_shape_is_read_off_three_fields() {
        // `observe` takes the booklet's constant fields exactly when the game's are equal to
        // them: every preset, 2 to 6 players, every spinner rule and set.
        for rules in [
            Rules::lattjo(),
            Rules::block(),
            Rules::draw(),
            Rules::all_fives(),
            Rules::muggins(),
            Rules::partnership(),
            Rules::five_up(),
            Rules::double_nine(),
            Rules::double_twelve(),
        ] {
            for players in 2..=6 {
                let Ok(game) = Dominoes::new(rules.with_players(players)) else {
                    continue;
                };
                let f = game.compact;
                assert_eq!(f.same_shape(&BOOKLET), f == BOOKLET, "{rules:?}, {players}");
            }
        }
        assert!(Dominoes::default().compact.same_shape(&BOOKLET));
        assert!(
            !Dominoes::new(Rules::all_fives())
                .unwrap()
                .compact
                .same_shape(&BOOKLET)
        );
    }

    #[test]
    fn the_booklet_set_has_28_tiles_and_18_end_slots() {
        // D1: a double-six set, two players by default.
        let game = Dominoes::default();
        assert_eq!(game.num_distinct_actions(), 28 * 19 + 2);
        assert_eq!(game.num_chance_outcomes(), 28);
        assert_eq!(
            game.observation_shape().size(),
            2 * 32 + 2 * 8 + 8 + 2 + 2 * 2
        );
        assert_eq!(
            game.with_observation(ObservationKind::Detailed)
                .observation_shape()
                .size(),
            5 * 28 + 18 * 8 + 2 * 13 + 6 + 2 + 4
        );
        let six_four = Tile::new(6, 4).unwrap();
        let s = game.new_initial_state();
        assert_eq!(game.action_index(&s, &Action::Open(six_four)), Some(25));
        assert_eq!(
            game.action_index(&s, &Action::Play(six_four, End::Right)),
            Some(28 + 25 * 18 + 1)
        );
        // A tile or end outside the set has no index.
        let nine = Tile::new(9, 0).unwrap();
        assert_eq!(game.action_index(&s, &Action::Open(nine)), None);
        let side = End::Side(Tile::new(9, 9).unwrap(), Side::Up);
        assert_eq!(game.action_index(&s, &Action::Play(six_four, side)), None);
    }
}
