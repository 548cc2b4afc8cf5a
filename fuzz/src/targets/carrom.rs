//! lattjo-carrom: `Stroke`'s and `Action`'s text forms, the JSON of every deserializable type (states with
//! their rules, setups, rules, strokes, actions, noise draws, physics configurations, stroke
//! outcomes, resolutions and aimed shots), `Carrom::resolve` of constructed outcomes (the rules
//! without physics) and `apply` with the physics.

use std::sync::OnceLock;

use lattjo_carrom::{
    Action, AimedShot, Call, Carrom, Colour, DueChoice, Game, HALF_SIZE, MEN_PER_COLOUR, Noise,
    Outcome, PIECES, PhysicsConfig, Piece, Resolution, Rules, Seat, Setup, State, Stroke, Vec2,
    aimed_shots,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, coarse_step, joined, json_round_trip,
    play_from_bytes, random_states, seed_bytes, split, stroke_apply_seeds, text, text_round_trip,
    to_json,
};

/// The presets, singles and pairs.
fn presets() -> [Rules; 4] {
    let pairs = |mut r: Rules| {
        r.players = 4;
        r
    };
    [
        Rules::lattjo(),
        Rules::icf(),
        pairs(Rules::lattjo()),
        pairs(Rules::icf()),
    ]
}

fn game(rules: Rules) -> Carrom {
    match Carrom::new(rules) {
        Ok(g) => g,
        Err(e) => panic!("{rules:?} was accepted before but the game refuses it: {e}"),
    }
}

/// A valid state: every man is on the board or in a pocket, the pieces on the board are on
/// it, a board in play is rebuilt from its setup, and its JSON reads back as itself.
fn check_state(g: &Carrom, s: &State) {
    for c in [Colour::White, Colour::Black] {
        assert_eq!(
            u32::from(s.on_board(c)) + u32::from(s.pocketed(c)),
            u32::from(MEN_PER_COLOUR),
            "{s:?}: {c:?} men are lost or doubled"
        );
    }
    for (i, p) in s.pieces().iter().enumerate() {
        if let Some(p) = p {
            assert!(
                p.x.is_finite()
                    && p.y.is_finite()
                    && p.x.abs() <= HALF_SIZE
                    && p.y.abs() <= HALF_SIZE,
                "{s:?}: piece {i} at {p} is off the board"
            );
        }
    }
    if s.result().is_none() {
        match g.from_setup(s.to_setup()) {
            Ok(back) => assert_eq!(back.pieces(), s.pieces(), "{s:?}: setup round trip"),
            Err(e) => panic!("{s:?}: its own setup is refused: {e}"),
        }
    }
    check_json_reads_back(s);
}

fn seat(b: &mut Bytes<'_>) -> Seat {
    Seat::new(b.u8() % 5)
}

fn stroke(b: &mut Bytes<'_>) -> Stroke {
    if b.u8().is_multiple_of(4) {
        Stroke::new(
            Vec2::new(b.f64(), b.f64()),
            Vec2::new(b.f64(), b.f64()),
            b.f64(),
        )
    } else {
        Stroke::at_angle(
            f64::from(b.u8() as i8) / 600.0,
            f64::from(b.u8()) * (180.0 / 255.0),
            f64::from(b.u8()) / 16.0,
        )
    }
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    match b.u8() % 7 {
        0 => Action::Toss(seat(b)),
        1 | 2 => Action::Strike(seat(b), stroke(b)),
        3 => Action::Noise(Noise {
            slip: b.f64_mostly_sane(),
            speed_error: b.f64_mostly_sane(),
        }),
        4 => Action::Pass(seat(b)),
        5 => Action::Dues(
            seat(b),
            if b.bool() {
                DueChoice::Place
            } else {
                DueChoice::Decline
            },
        ),
        _ => Action::Call(if b.bool() {
            Call::TechnicalFoul(seat(b))
        } else {
            Call::FoulStroke(seat(b), stroke(b))
        }),
    }
}

/// Plays on from `state` (at most `steps` actions: each stroke runs the physics).
fn play_on(g: &Carrom, state: State, bytes: &mut Bytes<'_>, steps: usize) {
    check_state(g, &state);
    let end = play_from_bytes(g, state, bytes, steps, arbitrary_action);
    check_state(g, &end);
    check_learning(g, &end, bytes, true);
}

/// States of random games under every preset, built once.
fn real_states() -> &'static [(Rules, State)] {
    static STATES: OnceLock<Vec<(Rules, State)>> = OnceLock::new();
    STATES.get_or_init(|| {
        let mut out = Vec::new();
        for (i, rules) in presets().into_iter().enumerate() {
            let g = game(rules);
            for s in random_states(&g, &g.new_initial_state(), i as u64..i as u64 + 1, 24, 4) {
                out.push((rules, s));
            }
        }
        out
    })
}

/// `Stroke`'s and `Action`'s text forms: round trip; a stroke read is checked against the
/// start of a board, and an action read is applied there (and at the toss) under both
/// presets, without a panic; refused, it leaves the state unchanged.
pub fn stroke_text(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Some(st) = text_round_trip::<Stroke>(s) {
        let _ = st.check_shape();
        let g = Carrom::default();
        if let Ok(state) = g.initial_state(Seat::new(0)) {
            let _ = g.check_stroke(&state, Seat::new(0), &st);
        }
    }
    if let Some(a) = text_round_trip::<Action>(s) {
        for rules in [Rules::lattjo(), Rules::icf()] {
            let g = game(rules);
            let starts = [Ok(g.new_initial_state()), g.initial_state(Seat::new(0))];
            for mut state in starts.into_iter().flatten() {
                let before = state.clone();
                if let Err(e) = g.apply(&mut state, &a) {
                    assert!(state == before, "{a} refused ({e}) but the state changed");
                }
            }
        }
    }
}

/// Seeds for [`stroke_text`]: strokes and actions, the calls on the strokes among them.
pub fn stroke_text_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![b"0 -nan,0 5".to_vec(), b"0.1 0,1 6".to_vec()];
    for text in [
        "toss 1",
        "noise -0.01 0.05",
        "pass 0",
        "dues 1 decline",
        "call technical-foul 0",
        "noise nan 0",
        "toss 256",
    ] {
        out.push(text.as_bytes().to_vec());
    }
    for (_, s) in real_states().iter().take(8) {
        let g = Carrom::default();
        let mut buf = Vec::new();
        g.legal_actions(s, &mut buf);
        for a in buf.iter().take(4) {
            if let Action::Strike(seat, st) = a {
                out.push(st.to_string().into_bytes());
                out.push(a.to_string().into_bytes());
                out.push(
                    Action::Call(Call::FoulStroke(*seat, *st))
                        .to_string()
                        .into_bytes(),
                );
            }
        }
    }
    out
}

/// The JSON of every deserializable type, chosen by the first byte; a state, setup or rules
/// read is valid and is played on (a few strokes); an outcome read lists existing pieces once
/// each and is resolved against real states (plain and as a called foul).
pub fn json(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (head, tail) = split(rest);
    let mut bytes = Bytes::new(tail);
    match which % 11 {
        0 => {
            if let Some(s) = json_round_trip::<State>(head) {
                checked_state(s, tail);
            }
        }
        1 => {
            if let Some(setup) = json_round_trip::<Setup>(head) {
                for rules in presets() {
                    let g = game(rules);
                    if let Ok(s) = g.from_setup(setup.clone()) {
                        assert_eq!(s.to_setup(), setup, "from_setup changed the setup");
                        play_on(&g, s, &mut bytes, 2);
                    }
                }
            }
        }
        2 => {
            if let Some(r) = json_round_trip::<Rules>(head)
                && let Ok(g) = Carrom::new(r)
            {
                play_on(&g, g.new_initial_state(), &mut bytes, 2);
            }
        }
        3 => {
            if let Some(st) = json_round_trip::<Stroke>(head) {
                assert!(
                    [
                        st.place.x,
                        st.place.y,
                        st.direction.x,
                        st.direction.y,
                        st.speed
                    ]
                    .iter()
                    .all(|v| v.is_finite()),
                    "{st:?}: a stroke with a non-finite number"
                );
            }
        }
        4 => {
            json_round_trip::<Action>(head);
        }
        5 => {
            if let Some(n) = json_round_trip::<Noise>(head) {
                assert!(n.slip.is_finite() && n.speed_error.is_finite(), "{n:?}");
            }
        }
        8 => {
            if let Some(o) = json_round_trip::<Outcome>(head) {
                resolve_read_outcome(&o, &mut bytes);
            }
        }
        9 => {
            json_round_trip::<Resolution>(head);
        }
        10 => {
            if let Some(shot) = json_round_trip::<AimedShot>(head) {
                assert!(shot.pocket < 4 && shot.cut_cos.is_finite(), "{shot:?}");
                assert!(shot.stroke.check_shape().is_ok(), "{shot:?}");
            }
        }
        _ => {
            if let Some(p) = json_round_trip::<PhysicsConfig>(head)
                && let Ok(g) = Carrom::default().with_physics(p)
                && let Ok(s) = g.initial_state(Seat::new(0))
            {
                play_on(&g, s, &mut bytes, 1);
            }
        }
    }
}

/// An outcome read from JSON: its pieces are existing ones, each pocketed once, and resolved
/// (plain or as a called foul, chosen by the bytes) against real states under their rules it
/// leaves a valid state or, refused, the state unchanged.
fn resolve_read_outcome(o: &Outcome, bytes: &mut Bytes<'_>) {
    let pocketed = o.pocketed();
    for (i, id) in pocketed.iter().enumerate() {
        assert!(usize::from(*id) < PIECES, "{o:?}: piece {id}");
        assert!(!pocketed[..i].contains(id), "{o:?}: piece {id} twice");
    }
    let states = real_states();
    for _ in 0..2 {
        let (rules, s) = &states[usize::from(bytes.u8()) % states.len()];
        let g = game(*rules);
        let mut state = s.clone();
        let r = if bytes.bool() {
            g.resolve(&mut state, o)
        } else {
            g.resolve_called_foul(&mut state, o)
        };
        match r {
            Ok(res) => {
                check_json_reads_back(&res);
                check_state(&g, &state);
            }
            Err(e) => assert!(state == *s, "refused ({e}) but the state changed"),
        }
    }
}

/// Seeds for [`json`].
pub fn json_seeds() -> Vec<Vec<u8>> {
    let tagged = |k: u8, v: Vec<u8>| {
        let mut x = vec![k];
        x.extend(v);
        x
    };
    let mut out = Vec::new();
    for (i, (_, s)) in real_states().iter().enumerate() {
        out.push(tagged(0, joined(&to_json(s), &seed_bytes(i as u64, 24))));
        out.push(tagged(
            1,
            joined(&to_json(&s.to_setup()), &seed_bytes(i as u64, 24)),
        ));
    }
    for r in presets() {
        out.push(tagged(2, joined(&to_json(&r), &seed_bytes(1, 24))));
    }
    let st = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0);
    out.push(tagged(3, to_json(&st)));
    out.push(tagged(4, to_json(&Action::Strike(Seat::new(0), st))));
    out.push(tagged(
        4,
        to_json(&Action::Call(Call::TechnicalFoul(Seat::new(1)))),
    ));
    out.push(tagged(
        5,
        to_json(&Noise {
            slip: 0.01,
            speed_error: -0.02,
        }),
    ));
    out.push(tagged(
        7,
        joined(&to_json(&PhysicsConfig::default()), &[9, 9, 9, 9]),
    ));
    let mut setup = Setup::opening(&Rules::lattjo(), Seat::new(0));
    setup.strokes = u32::MAX;
    out.push(tagged(1, to_json(&setup)));
    // Outcomes and resolutions of real strokes, and the aimed shots of real states.
    for (i, (rules, s)) in real_states().iter().enumerate().take(12) {
        let g = game(*rules);
        let mut buf = Vec::new();
        g.legal_actions(s, &mut buf);
        if let Some(Action::Strike(_, st)) = buf.first()
            && let Ok(trace) = g.trace(s, st)
        {
            let o = trace.outcome;
            out.push(tagged(8, joined(&to_json(&o), &seed_bytes(i as u64, 8))));
            if let Ok(r) = g.resolve(&mut s.clone(), &o) {
                out.push(tagged(9, to_json(&r)));
            }
        }
        let mut shots = Vec::new();
        aimed_shots(&g, s, &mut shots);
        if let Some(shot) = shots.first() {
            out.push(tagged(10, to_json(shot)));
        }
    }
    let white = Piece::man(Colour::White, 0).expect("a white man");
    let built = Outcome::counted()
        .pocket(white)
        .pocket(Piece::QUEEN)
        .jump(white)
        .striker_pocketed();
    out.push(tagged(8, joined(&to_json(&built), &[1, 2, 3, 4])));
    out
}

/// An outcome constructed from the bytes against the pieces of `s`.
fn outcome(b: &mut Bytes<'_>, s: &State) -> Outcome {
    let mut o = match b.u8() % 4 {
        0 => Outcome::void(),
        1 => Outcome::missed(),
        _ => Outcome::counted(),
    };
    o.final_positions = *s.pieces();
    for _ in 0..b.u8() % 4 {
        let Some(p) = Piece::new(b.u8() % (PIECES as u8 + 2)) else {
            continue;
        };
        match b.u8() % 4 {
            0 | 1 => o = o.pocket(p),
            2 => o = o.jump(p),
            _ => {
                o.final_positions[usize::from(p.id())] = if b.bool() {
                    None
                } else {
                    Some(Vec2::new(
                        b.f64_mostly_sane() / 16.0,
                        b.f64_mostly_sane() / 16.0,
                    ))
                }
            }
        }
    }
    let pocketed = o.pocketed().to_vec();
    for id in pocketed {
        o.final_positions[usize::from(id)] = None;
    }
    if b.u8().is_multiple_of(8) {
        o = o.striker_pocketed();
    }
    if b.u8().is_multiple_of(8) {
        o.striker_left_board = true;
    }
    if b.u8().is_multiple_of(4) {
        o.touched_piece = !o.touched_piece;
    }
    o
}

/// The rules without physics: from a board's start (or a real state) under a preset, the
/// bytes choose constructed outcomes to resolve (plain or as a called foul) and the other
/// actions; a refused one leaves the state unchanged, an accepted one leaves a valid state.
pub fn resolve(data: &[u8]) {
    let mut b = Bytes::new(data);
    let rules = presets()[usize::from(b.u8() % 4)];
    let g = game(rules);
    let mut state = match b.u8() % 4 {
        0 => {
            let states = real_states();
            let (r, s) = &states[usize::from(b.u8()) % states.len()];
            if *r != rules {
                return;
            }
            s.clone()
        }
        _ => match g.initial_state(Seat::new(b.u8() % 4)) {
            Ok(s) => s,
            Err(_) => return,
        },
    };
    check_state(&g, &state);
    for _ in 0..200 {
        if b.is_empty() {
            break;
        }
        let before = state.clone();
        let result = match b.u8() % 8 {
            0..=4 => {
                let o = outcome(&mut b, &state);
                outcome_reads_back(&o);
                g.resolve(&mut state, &o).map(|_| ())
            }
            5 => {
                let o = outcome(&mut b, &state);
                outcome_reads_back(&o);
                g.resolve_called_foul(&mut state, &o).map(|_| ())
            }
            _ => {
                let a = match b.u8() % 4 {
                    0 => Action::Pass(seat(&mut b)),
                    1 => Action::Dues(
                        seat(&mut b),
                        if b.bool() {
                            DueChoice::Place
                        } else {
                            DueChoice::Decline
                        },
                    ),
                    2 => Action::Toss(seat(&mut b)),
                    _ => Action::Call(Call::TechnicalFoul(seat(&mut b))),
                };
                let legal = g.is_legal(&state, &a);
                let r = g.apply(&mut state, &a);
                assert_eq!(legal, r.is_ok(), "is_legal and apply disagree on {a:?}");
                r
            }
        };
        match result {
            Ok(()) => check_state(&g, &state),
            Err(e) => assert!(state == before, "refused ({e}) but the state changed"),
        }
    }
}

/// Every outcome the API builds reads back from its JSON as itself (when its positions are
/// numbers JSON can hold).
fn outcome_reads_back(o: &Outcome) {
    if o.final_positions.iter().flatten().all(|p| p.is_finite()) {
        check_json_reads_back(o);
    }
}

/// Seeds for [`resolve`].
pub fn resolve_seeds() -> Vec<Vec<u8>> {
    (0..16u64)
        .map(|i| {
            let mut v = vec![i as u8, 1 + (i % 3) as u8, 0];
            v.extend(seed_bytes(i, 600));
            v
        })
        .collect()
}

/// The game with its default physics or a coarser time step ([`coarse_step`]).
fn with_step(g: Carrom, b: &mut Bytes<'_>) -> Carrom {
    let Some(step) = coarse_step(b) else {
        return g;
    };
    let physics = PhysicsConfig {
        step,
        ..*g.physics()
    };
    match g.clone().with_physics(physics) {
        Ok(h) => h,
        Err(e) => panic!("{physics:?} is a valid configuration but the game refuses it: {e}"),
    }
}

/// `apply` with the physics, from the start of a board under a preset: a few strokes (chosen
/// among the generated candidates, or arbitrary) per input.
pub fn apply(data: &[u8]) {
    let mut b = Bytes::new(data);
    let rules = presets()[usize::from(b.u8() % 4)];
    let g = with_step(game(rules), &mut b);
    let state = g.new_initial_state();
    play_on(&g, state, &mut b, 6);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    stroke_apply_seeds()
}

/// A state read from any format plays on (three strokes), under its own rules.
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    let g = game(*state.rules());
    play_on(&g, state, &mut Bytes::new(tail), 3);
}
