//! lattjo-ludo: the state string (`State`'s `FromStr`, `Ludo::state_from_str`), the position
//! and move notations (`Position`, `Move`, `Action`, `Die`, `Colour`, `Seats`), the JSON of
//! every deserializable type (states, positions, rules, actions, moves, seats, geometry,
//! release rolls, safe dots) and `apply`.

use lattjo_ludo::{
    Action, Colour, Die, Finish, Game, Geometry, Ludo, Move, MoveKind, ObservationKind, Overshoot,
    Position, ReleaseRolls, Rules, SafeDots, Seats, SixRelease, State,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, joined, json_round_trip, play_from_bytes,
    random_states, seed_bytes, split, text, text_round_trip, to_json,
};

/// The rule sets seeds are drawn from: the presets, for 2, 3 and 4 players, then each preset
/// with D7's safe stars (Ludo King's), where colours share the stars.
fn preset_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for base in [Rules::lattjo(), Rules::classic(), Rules::mensch()] {
        for players in [2, 3, 4] {
            out.push(base.with_players(players));
        }
    }
    for base in [Rules::lattjo(), Rules::classic(), Rules::mensch()] {
        out.push(base.with_safe_dots(SafeDots::LUDO_KING));
    }
    out
}

/// The rules a bare position string is read under: the presets and Classic with D7's safe
/// stars (under which colours may share a star).
fn text_rules() -> [Rules; 4] {
    [
        Rules::lattjo(),
        Rules::classic(),
        Rules::mensch(),
        Rules::classic().with_safe_dots(SafeDots::LUDO_KING),
    ]
}

fn game(rules: Rules) -> Ludo {
    match Ludo::new(rules) {
        Ok(g) => g,
        Err(e) => panic!("{rules:?} was accepted before but the game refuses it: {e}"),
    }
}

/// A valid state: its game accepts its rules, every checker is on its path, the state string
/// and JSON read back as the state, and the legal moves are legal.
fn check_state(s: &State) {
    let g = game(*s.rules());
    let end = s.rules().end_index();
    let pos = s.position();
    for c in [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue] {
        for i in pos.checkers(c) {
            assert!(i <= end, "{s:?}: a {c:?} checker at path index {i} > {end}");
        }
    }
    let written = s.to_string();
    match written.parse::<State>() {
        Ok(back) => assert_eq!(&back, s, "{written:?} reads back as another state"),
        Err(e) => panic!("{s:?} writes {written:?}, which reads as {e}"),
    }
    check_json_reads_back(s);
    for m in s.legal_moves() {
        assert!(
            g.is_legal(s, &Action::Move(*m)),
            "{s:?}: listed {m} is not legal"
        );
        let text = m.to_string();
        assert_eq!(
            g.parse_move(s, &text).as_ref(),
            Ok(m),
            "{s:?}: {m} is written {text:?}"
        );
    }
}

fn colour(b: &mut Bytes<'_>) -> Colour {
    b.pick(&[Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue])
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    match b.u8() % 8 {
        0 | 1 => match Die::new(b.u8() % 8) {
            Ok(d) => Action::Roll(d),
            Err(_) => Action::Move(Move::new(colour(b), MoveKind::Pass, None)),
        },
        k => {
            let c = colour(b);
            let kind = match k {
                2 => MoveKind::Enter { to: b.u8() },
                3 => MoveKind::EnterTwo,
                4 => MoveKind::Pass,
                _ => MoveKind::Step {
                    from: b.u8(),
                    to: b.u8(),
                    bounce: b.bool(),
                },
            };
            let capture = if b.bool() { Some(colour(b)) } else { None };
            Action::Move(Move::new(c, kind, capture))
        }
    }
}

/// Plays on from `state` with the fuzzer's bytes and checks the state reached.
fn play_on(state: State, bytes: &mut Bytes<'_>) {
    check_state(&state);
    let g = game(*state.rules());
    let end = play_from_bytes(&g, state, bytes, 300, arbitrary_action);
    check_state(&end);
    for kind in [ObservationKind::Compact, ObservationKind::Planes] {
        check_learning(&g.clone().with_observation(kind), &end, bytes, false);
    }
}

/// Rules from the fuzzer's bytes: a preset, a player count and every option toggled.
fn rules_from(b: &mut Bytes<'_>) -> Rules {
    let base = b.pick(&[Rules::lattjo(), Rules::classic(), Rules::mensch()]);
    let mut r = base.with_players(usize::from(b.u8() % 6));
    let bits = b.u16();
    if bits & 1 != 0 {
        r = r.with_finish(b.pick(&[Finish::CentreDot, Finish::GoalFields]));
    }
    if bits & 2 != 0 {
        r = r.with_sixth_dot(b.u8());
    }
    if bits & 4 != 0 {
        let faces: Vec<Die> = (0..b.u8() % 4)
            .filter_map(|_| Die::new(b.u8() % 7).ok())
            .collect();
        if let Some(rr) = ReleaseRolls::new(&faces) {
            r = r.with_release_rolls(rr);
        }
    }
    if bits & 8 != 0 {
        r = r.with_six_release(b.pick(&[SixRelease::OneToStart, SixRelease::TwoOrSixthDot]));
    }
    if bits & 16 != 0 {
        r = r.with_overshoot(b.pick(&[Overshoot::Bounce, Overshoot::Illegal]));
    }
    if bits & 32 != 0 {
        r = r.with_max_sixes(if b.bool() { None } else { Some(b.u8()) });
    }
    if bits & 64 != 0
        && let Ok(g) = Geometry::new(b.u8(), b.u8(), b.u8())
    {
        r = r.with_geometry(g);
    }
    if bits & 128 != 0 {
        let cs: Vec<Colour> = (0..b.u8() % 5).map(|_| colour(b)).collect();
        if let Ok(s) = Seats::new(&cs) {
            r = r.with_seats(s);
        }
    }
    // D7's separate option: the stars, or offsets from the bytes (some past the loop).
    if b.u8().is_multiple_of(4) {
        let offsets: Vec<u8> = (0..b.u8() % 4).map(|_| b.u8() % 130).collect();
        r = r.with_safe_dots(SafeDots::new(&offsets).unwrap_or(SafeDots::LUDO_KING));
    }
    r.with_release_compulsory(bits & 256 != 0)
        .with_clear_start(bits & 512 != 0)
        .with_own_stacking(bits & 1024 != 0)
        .with_three_tries(bits & 2048 != 0)
        .with_must_move(bits & 4096 != 0)
        .with_opening_checker(bits & 8192 != 0)
        .with_roll_for_start(bits & 16384 != 0)
        .with_play_out_places(bits & 32768 != 0)
}

fn real_states() -> Vec<State> {
    let mut out = Vec::new();
    for (i, rules) in preset_rules().into_iter().enumerate() {
        let g = game(rules);
        out.extend(random_states(
            &g,
            &g.new_initial_state(),
            (i as u64 * 3)..(i as u64 * 3 + 2),
            600,
            90,
        ));
    }
    out
}

/// Hand-picked states: issue 15.2's six-streak 255 under two seats (refused, or played
/// without overflow), and D7's colours sharing a star, valid only with the stars.
const HOSTILE: &[&str] = &[
    "LUDO 40/40/4 RY Y 255 R:0,3,24,31 Y:0,9,16,21",
    "LUDO 40/40/4 RY Y 255 R:0,3,24,31 Y:0,9,16,21 rules=lattjo",
    "LUDO 40/40/4 RGYB G 1 R:0,0,0,0 G:0,0,1,44 Y:0,0,0,0 B:0,0,0,0 die=6 rules=lattjo",
    "LUDO 52/51/5 RY Y 0 R:0,0,0,0 Y:0,0,0,14 rules=classic",
    // D7: colours sharing a star (valid only with the stars), and off a star.
    "LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,48 Y:0,0,0,35 B:0,0,0,22 rules=classic,safe_dots=0+8",
    "LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,48 Y:0,0,0,0 B:0,0,0,0 rules=classic",
    "LUDO 52/51/5 RGYB R 0 R:0,0,0,10 G:0,0,0,49 Y:0,0,0,0 B:0,0,0,0 rules=classic,safe_dots=0+8",
];

/// The state string: `State`'s `FromStr` (round trip, valid, played on with the bytes after
/// a NUL) and `Ludo::state_from_str` under the presets for the bare position string.
pub fn state_text(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    for rules in text_rules() {
        for players in [2, 4] {
            let g = game(rules.with_players(players));
            if let Ok(state) = g.state_from_str(s) {
                assert_eq!(state.rules(), g.rules(), "state_from_str changed the rules");
                check_state(&state);
                play_on(state, &mut Bytes::new(tail));
            }
        }
    }
    if let Some(state) = text_round_trip::<State>(s) {
        play_on(state, &mut Bytes::new(tail));
    }
}

/// Seeds for [`state_text`]: states of random games under every preset.
pub fn state_text_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = HOSTILE.iter().map(|s| s.as_bytes().to_vec()).collect();
    for (i, s) in real_states().iter().enumerate() {
        out.push(joined(s.to_string().as_bytes(), &seed_bytes(i as u64, 48)));
        if i % 3 == 0 {
            out.push(s.position().to_string().into_bytes());
        }
    }
    out
}

/// The notations: `Position`, `Move`, `Action`, `Die`, `Colour`, `Seats`, `Geometry`,
/// `ReleaseRolls` and `SafeDots` round trip; a
/// position that reads is a state under a preset or refused, and a move is parsed against
/// the states of the first line.
pub fn notation(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Some(pos) = text_round_trip::<Position>(s) {
        let n = pos.seats().len();
        for rules in text_rules() {
            let g = game(rules.with_players(n));
            if let Ok(state) = g.state(pos) {
                check_state(&state);
            }
        }
    }
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    for tok in rest.split_whitespace().chain(std::iter::once(rest)) {
        text_round_trip::<Move>(tok);
        text_round_trip::<Action>(tok);
        text_round_trip::<Die>(tok);
        text_round_trip::<Colour>(tok);
        text_round_trip::<Seats>(tok);
        text_round_trip::<Geometry>(tok);
        text_round_trip::<ReleaseRolls>(tok);
        text_round_trip::<SafeDots>(tok);
    }
    if let Ok(state) = first.parse::<State>() {
        let g = game(*state.rules());
        for tok in rest.lines() {
            if let Ok(m) = g.parse_move(&state, tok) {
                assert!(
                    state.legal_moves().contains(&m),
                    "{state:?}: parse_move({tok:?}) gives {m}, which is not listed"
                );
            }
        }
    }
}

/// Seeds for [`notation`]: positions, states followed by their legal moves, and the words
/// of rule options.
pub fn notation_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for s in real_states() {
        out.push(s.position().to_string().into_bytes());
        let moves: Vec<String> = s.legal_moves().iter().map(ToString::to_string).collect();
        out.push(format!("{s}\n{}\nroll 6\nRGYB\nY", moves.join("\n")).into_bytes());
    }
    out.push(
        b"LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0\n40/40/4 52/51/5 {1,6} {6} {0,8} {}"
            .to_vec(),
    );
    out
}

/// The JSON of every deserializable type, chosen by the first byte; a state read is valid
/// and is played on.
pub fn json(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (head, tail) = split(rest);
    match which % 9 {
        0 => {
            if let Some(s) = json_round_trip::<State>(head) {
                checked_state(s, tail);
            }
        }
        1 => {
            if let Some(p) = json_round_trip::<Position>(head) {
                let g = game(Rules::lattjo().with_players(p.seats().len()));
                if let Ok(s) = g.state(p) {
                    play_on(s, &mut Bytes::new(tail));
                }
            }
        }
        2 => {
            if let Some(r) = json_round_trip::<Rules>(head)
                && let Ok(g) = Ludo::new(r)
            {
                play_on(g.new_initial_state(), &mut Bytes::new(tail));
            }
        }
        3 => {
            json_round_trip::<Action>(head);
        }
        4 => {
            json_round_trip::<Move>(head);
        }
        5 => {
            json_round_trip::<Seats>(head);
        }
        6 => {
            if let Some(g) = json_round_trip::<Geometry>(head) {
                assert_eq!(
                    Geometry::new(g.loop_len(), g.last_loop(), g.home_len()),
                    Ok(g),
                    "a deserialized geometry the constructor refuses"
                );
            }
        }
        7 => {
            if let Some(r) = json_round_trip::<ReleaseRolls>(head) {
                assert!(r.faces().next().is_some(), "no release roll");
            }
            if let Some(s) = json_round_trip::<SafeDots>(head) {
                assert!(s.offsets().all(|o| o < 128), "an offset past every loop");
            }
        }
        _ => {
            json_round_trip::<Die>(head);
        }
    }
}

/// Seeds for [`json`].
pub fn json_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let tagged = |k: u8, v: Vec<u8>| {
        let mut x = vec![k];
        x.extend(v);
        x
    };
    for (i, s) in real_states().iter().enumerate().step_by(2) {
        out.push(tagged(0, joined(&to_json(s), &seed_bytes(i as u64, 32))));
        out.push(tagged(1, to_json(s.position())));
        for m in s.legal_moves() {
            out.push(tagged(3, to_json(&Action::Move(*m))));
            out.push(tagged(4, to_json(m)));
        }
    }
    for r in preset_rules() {
        out.push(tagged(2, joined(&to_json(&r), &seed_bytes(7, 32))));
        out.push(tagged(6, to_json(&r.geometry)));
        out.push(tagged(7, to_json(&r.release_rolls)));
        out.push(tagged(7, to_json(&r.safe_dots)));
    }
    out.push(tagged(0, to_json(&HOSTILE[1])));
    out.push(tagged(5, to_json(&"RGY")));
    out.push(tagged(8, b"6".to_vec()));
    out.push(tagged(3, br#"{"Roll":3}"#.to_vec()));
    out
}

/// `apply` from the start of a game under rules chosen by the bytes, with arbitrary actions
/// mixed in.
pub fn apply(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = rules_from(&mut bytes);
    let Ok(g) = Ludo::new(rules) else { return };
    let state = g.new_initial_state();
    play_on(state, &mut bytes);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    (0..12u64)
        .map(|i| {
            let mut v = vec![(i % 3) as u8, 2 + (i % 3) as u8, 0, 0];
            v.extend(seed_bytes(i, 700));
            v
        })
        .collect()
}

/// A state read from any format plays on.
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    play_on(state, &mut Bytes::new(tail));
}
