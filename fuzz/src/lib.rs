//! Fuzz targets for the lattjo-games workspace: every parser, `FromStr`, deserializer and
//! `apply`, each a plain `fn(&[u8])` that panics on a finding. Two drivers run them:
//! `fuzz_targets/` (libFuzzer through cargo-fuzz, for long campaigns on nightly) and
//! `src/bin/smoke.rs` (a bounded mutation run on stable Rust, with overflow checks, in CI).
//!
//! What every target checks, where it applies:
//! - no panic, on any input;
//! - `parse(write(parse(s))) == parse(s)` for text and JSON: what was accepted writes back
//!   to something that reads as the same value;
//! - an accepted value is valid under the rules: it goes on to be played (legal actions
//!   listed and applied) without a panic or a contradiction;
//! - a refused action leaves the state unchanged.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use boardgame_core::{Game, GameRng, IndexedActions, Observe, Seat, Turn, random_playout_capped};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub mod targets;

/// One fuzz target: its name (the libFuzzer binary's name too), the function, and the seed
/// inputs the smoke run mutates.
pub struct Target {
    /// Name, as in `cargo fuzz run <name>`.
    pub name: &'static str,
    /// The check; panics on a finding.
    pub run: fn(&[u8]),
    /// Valid inputs to start mutating from.
    pub seeds: fn() -> Vec<Vec<u8>>,
}

/// The input as text, if it is UTF-8.
#[must_use]
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The UTF-16 files of the text that a reader built on `boardgame_core::text::Utf16AsUtf8`
/// reads from `data`, when `data` is UTF-8: that text (`data` itself, or what it decodes to
/// when it looks like UTF-16 without a mark, which some UTF-8 does: `[\0E\0`) with a
/// byte-order mark (little-endian for an even length of `data`, big-endian for an odd one)
/// and, when its first two characters (or only one) are from U+0001 to U+00FF, without the
/// mark too. No file for input that is not UTF-8, or for a text with U+FFFE, a noncharacter
/// that is the other byte order's mark in UTF-16. Each file must read as `data` does.
#[must_use]
pub fn utf16_files(data: &[u8]) -> Vec<Vec<u8>> {
    use boardgame_core::text::{decode_file, encode_utf16_file};
    if text(data).is_none() {
        return Vec::new();
    }
    let read = decode_file(data);
    if read.contains('\u{fffe}') {
        return Vec::new();
    }
    let marked = encode_utf16_file(&read, data.len() % 2 == 1);
    let latin1 = |c: char| ('\u{1}'..='\u{ff}').contains(&c);
    let mut head = read.chars();
    let unmarked = (head.next().is_some_and(latin1) && head.next().is_none_or(latin1))
        .then(|| marked[2..].to_vec());
    std::iter::once(marked).chain(unmarked).collect()
}

/// Checks `T`'s text form on `s`: if `s` parses, the value displays to a text that parses
/// back to the same value and displays the same way (a fixed point after one round).
pub fn text_round_trip<T>(s: &str) -> Option<T>
where
    T: FromStr + Display + PartialEq + Debug,
{
    let value = s.parse::<T>().ok()?;
    let written = value.to_string();
    let again = match written.parse::<T>() {
        Ok(v) => v,
        Err(_) => {
            panic!("{value:?} was read from {s:?} but its text {written:?} does not read back")
        }
    };
    assert_eq!(
        again, value,
        "{s:?} -> {written:?} reads back as another value"
    );
    assert_eq!(
        again.to_string(),
        written,
        "writing is not stable for {s:?}"
    );
    Some(value)
}

/// Checks `T`'s JSON form on `data`: if it deserializes, the value serializes to JSON that
/// deserializes to the same value.
pub fn json_round_trip<T>(data: &[u8]) -> Option<T>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let value: T = serde_json::from_slice(data).ok()?;
    let written = match serde_json::to_string(&value) {
        Ok(w) => w,
        Err(e) => panic!("{value:?} was deserialized but does not serialize: {e}"),
    };
    let again: T = match serde_json::from_str(&written) {
        Ok(v) => v,
        Err(e) => panic!("{value:?} serializes to {written} which does not deserialize: {e}"),
    };
    assert_eq!(
        again, value,
        "JSON round trip changed the value ({written})"
    );
    Some(value)
}

/// Splits an input at its first NUL byte: the text (or JSON) before it, and the bytes that
/// drive play after it (empty when there is no NUL). Text formats never hold a raw NUL, so
/// the fuzzer mutates both halves independently.
#[must_use]
pub fn split(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// A seed in the form [`split`] reads: `head`, a NUL, then `tail`.
#[must_use]
pub fn joined(head: &[u8], tail: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(head.len() + 1 + tail.len());
    v.extend_from_slice(head);
    v.push(0);
    v.extend_from_slice(tail);
    v
}

/// `len` deterministic pseudo-random bytes (seeds that drive play).
#[must_use]
pub fn seed_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = GameRng::new(seed, 0xf022);
    (0..len).map(|_| rng.next_u32() as u8).collect()
}

/// The stroke games' time step for an `apply` input: their default one input in four
/// (`None`), otherwise a coarser step chosen by the bytes (a valid configuration the game
/// must play as well; it keeps the physics-backed targets fast enough for long campaigns).
pub fn coarse_step(b: &mut Bytes<'_>) -> Option<disc_physics::StepConfig> {
    let k = b.u8();
    (!k.is_multiple_of(4)).then(|| disc_physics::StepConfig {
        dt_s: [0.004, 0.01, 0.02][usize::from(k % 3)],
        substeps: 1,
        max_time_s: 60.0,
    })
}

/// Seeds for the stroke games' `apply` targets: a preset byte, then bytes that drive play.
#[must_use]
pub fn stroke_apply_seeds() -> Vec<Vec<u8>> {
    (0..8u64)
        .map(|i| {
            let mut v = vec![i as u8];
            v.extend(seed_bytes(i, 60));
            v
        })
        .collect()
}

/// Asserts that `value` reads back from its own JSON as an equal value: every state a target
/// reaches must survive serialization.
///
/// # Panics
///
/// If the JSON does not read back, or reads back as another value.
pub fn check_json_reads_back<T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = to_json(value);
    match serde_json::from_slice::<T>(&json) {
        Ok(back) => assert_eq!(
            &back, value,
            "{value:?} reads back from its JSON as another"
        ),
        Err(e) => panic!(
            "{value:?} does not read back from its JSON ({e}): {}",
            String::from_utf8_lossy(&json)
        ),
    }
}

/// The JSON text of `value` (for seeds).
///
/// # Panics
///
/// If `value` does not serialize (a seed generator's bug).
#[must_use]
pub fn to_json<T: Serialize>(value: &T) -> Vec<u8> {
    match serde_json::to_vec(value) {
        Ok(v) => v,
        Err(e) => panic!("a seed does not serialize: {e}"),
    }
}

/// States met along seeded random games from `start` (uniform random actions and chance
/// outcomes, [`GameRng::new`]`(seed, 0)` for each seed): the states after `every`, `2 *
/// every`, ... plies, up to `max_plies` plies or the end of the game (the last state is
/// always kept). Real mid-game states for seeds.
#[must_use]
pub fn random_states<G: Game>(
    game: &G,
    start: &G::State,
    seeds: std::ops::Range<u64>,
    max_plies: u32,
    every: u32,
) -> Vec<G::State> {
    let every = every.max(1);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in seeds {
        let mut rng = GameRng::new(seed, 0);
        let mut state = start.clone();
        let mut plies = 0;
        while plies < max_plies {
            let n = random_playout_capped(game, &mut state, &mut rng, &mut buf, every);
            plies += every;
            out.push(state.clone());
            if n < every {
                break;
            }
        }
    }
    out
}

/// A cursor over the fuzzer's bytes (zero once they run out).
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }

    /// Whether every byte has been read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.at >= self.data.len()
    }

    /// The next byte (0 once the data runs out).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// One of `items` (the first when the data has run out).
    ///
    /// # Panics
    ///
    /// If `items` is empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::from(self.u8()) % items.len()]
    }

    /// Whether the next byte is odd.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// The bytes not read yet.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.at..).unwrap_or(&[])
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// The next eight bytes as an `f64` (any bit pattern: NaN, infinities, subnormals).
    pub fn f64(&mut self) -> f64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.u8();
        }
        f64::from_le_bytes(b)
    }

    /// An `f64` that is usually ordinary: a small integer, a fraction, or (one time in
    /// eight) any bit pattern.
    pub fn f64_mostly_sane(&mut self) -> f64 {
        match self.u8() % 8 {
            0 => self.f64(),
            1..=3 => f64::from(self.u8() as i8) / 16.0,
            _ => f64::from(self.u16()) / 4096.0 - 8.0,
        }
    }
}

/// Plays `game` from `state` driven by the fuzzer's bytes: each step either applies one of
/// the generated legal actions (or chance outcomes), or an arbitrary action decoded by
/// `arbitrary`; at most `max_steps` steps. Checks at every step: returns exist exactly at
/// the end; a generated action is accepted; a refused action leaves the state unchanged.
///
/// # Panics
///
/// On a finding.
pub fn play_from_bytes<G>(
    game: &G,
    mut state: G::State,
    bytes: &mut Bytes<'_>,
    max_steps: usize,
    mut arbitrary: impl FnMut(&mut Bytes<'_>) -> G::Action,
) -> G::State
where
    G: Game,
    G::State: PartialEq,
{
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut rng = GameRng::new(u64::from(bytes.u32()), 0);
    for _ in 0..max_steps {
        if bytes.is_empty() {
            break;
        }
        let turn = game.turn(&state);
        assert_eq!(
            turn == Turn::Terminal,
            game.returns(&state).is_some(),
            "turn {turn:?} disagrees with the returns"
        );
        let pick = bytes.u8();
        let generated = pick < 160;
        let action = if generated {
            match turn {
                Turn::Terminal => arbitrary(bytes),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut legal);
                    assert!(!legal.is_empty(), "a player node without a legal action");
                    legal[usize::from(bytes.u8()) % legal.len()].clone()
                }
                Turn::Chance => {
                    if game.chance_outcomes(&state, &mut outcomes) && !outcomes.is_empty() {
                        outcomes[usize::from(bytes.u8()) % outcomes.len()].0.clone()
                    } else {
                        match game.sample_chance(&state, &mut rng) {
                            Some(a) => a,
                            None => panic!("a chance node without an outcome"),
                        }
                    }
                }
            }
        } else {
            arbitrary(bytes)
        };
        let before = state.clone();
        let legal_now = game.is_legal(&state, &action);
        match game.apply(&mut state, &action) {
            Ok(()) => {
                assert!(
                    legal_now,
                    "apply accepted {action:?}, which is_legal refuses"
                );
            }
            Err(e) => {
                assert!(
                    state == before,
                    "apply refused {action:?} ({e}) but changed the state"
                );
                assert!(
                    !(generated && turn != Turn::Terminal),
                    "apply refused the generated {action:?}: {e}"
                );
                assert!(
                    !legal_now,
                    "is_legal accepts {action:?} but apply refuses it: {e}"
                );
            }
        }
    }
    state
}

/// The learning encodings (issue 19) of one valid state, with indices from the fuzzer's
/// bytes: every seat's observation (and one seat past the players') fits the documented
/// shape, is finite and the same when encoded again; a buffer of the wrong length is refused
/// and left as it was; at a player node every legal action has its own index below
/// `num_distinct_actions`, which maps back to it, and the mask is true exactly there; an
/// arbitrary index names nothing or an action with that index, marked in the mask exactly
/// when it is legal; chance outcomes
/// likewise where the game indexes them. With `strokes`, legal actions without an index (the
/// stroke games' continuous strokes, `ParametricActions`) are allowed.
///
/// # Panics
///
/// On a finding.
pub fn check_learning<G>(game: &G, state: &G::State, bytes: &mut Bytes<'_>, strokes: bool)
where
    G: Observe + IndexedActions,
{
    let size = game.observation_shape().size();
    let mut first = vec![f32::NAN; size];
    let mut again = vec![f32::NAN; size];
    let players = u8::try_from(game.num_players()).unwrap_or(u8::MAX);
    for seat in (0..=players).map(Seat::new) {
        for out in [&mut first, &mut again] {
            if let Err(e) = game.observe(state, seat, out) {
                panic!("{seat}: a buffer of the shape's size {size} was refused: {e}");
            }
        }
        if let Some(x) = first.iter().find(|x| !x.is_finite()) {
            panic!("{seat}: the observation holds {x}");
        }
        assert!(
            first
                .iter()
                .zip(&again)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "{seat}: encoding the same state twice gave different observations"
        );
    }
    let mut wrong = vec![7.0f32; size + 1];
    assert!(
        game.observe(state, Seat::new(0), &mut wrong).is_err(),
        "a buffer of {} values was accepted for a shape of {size}",
        size + 1
    );
    assert!(
        wrong.iter().all(|&x| x == 7.0),
        "a refused buffer was written"
    );

    let actions = game.num_distinct_actions();
    let mut mask = vec![false; actions];
    if let Err(e) = game.legal_mask(state, &mut mask) {
        panic!("a mask of num_distinct_actions() = {actions} was refused: {e}");
    }
    let mut short = vec![true; actions.saturating_sub(1)];
    if actions > 0 {
        assert!(
            game.legal_mask(state, &mut short).is_err(),
            "a short mask was accepted"
        );
        assert!(short.iter().all(|&x| x), "a refused mask was written");
    }
    let mut legal = Vec::new();
    if matches!(game.turn(state), Turn::Player(_)) {
        game.legal_actions(state, &mut legal);
    }
    let mut marked = 0;
    for a in &legal {
        let Some(i) = game.action_index(state, a) else {
            assert!(strokes, "the legal {a:?} has no index");
            continue;
        };
        assert!(i < actions, "{a:?} has index {i} >= {actions}");
        assert!(mask[i], "the mask is false at the legal {a:?} (index {i})");
        marked += 1;
        assert_eq!(
            game.index_action(state, i).as_ref(),
            Some(a),
            "index {i} of {a:?} maps back to another action"
        );
    }
    assert_eq!(
        mask.iter().filter(|&&m| m).count(),
        marked,
        "the mask marks indices no legal action has (legal: {legal:?})"
    );
    for _ in 0..4 {
        let i = bytes.u32() as usize % (actions + 16);
        // The action an index names need not be legal (the trait says so), but it has that
        // index, and the mask marks it exactly when it is legal.
        if let Some(a) = game.index_action(state, i) {
            assert_eq!(
                game.action_index(state, &a),
                Some(i),
                "{a:?} from index {i}"
            );
            assert_eq!(
                mask.get(i).copied().unwrap_or(false),
                legal.contains(&a),
                "index {i} names {a:?}: the mask and the legal actions disagree"
            );
        }
    }
    let outcomes = game.num_chance_outcomes();
    let mut listed = Vec::new();
    if outcomes > 0
        && matches!(game.turn(state), Turn::Chance)
        && game.chance_outcomes(state, &mut listed)
    {
        for (a, _) in &listed {
            let Some(i) = game.chance_index(state, a) else {
                panic!("the chance outcome {a:?} has no index");
            };
            assert!(i < outcomes, "{a:?} has chance index {i} >= {outcomes}");
            assert_eq!(
                game.index_chance(state, i).as_ref(),
                Some(a),
                "chance index {i}"
            );
        }
    }
    for _ in 0..2 {
        let i = bytes.u32() as usize % (outcomes + 16);
        if let Some(a) = game.index_chance(state, i) {
            assert_eq!(
                game.chance_index(state, &a),
                Some(i),
                "{a:?} from chance index {i}"
            );
        }
    }
}
