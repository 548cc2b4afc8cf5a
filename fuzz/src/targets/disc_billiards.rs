//! lattjo-disc-billiards: `Stroke`'s and `Action`'s text forms, the JSON of every deserializable type
//! (states with their rules, setups, rules, strokes, actions, calls, noise draws, results,
//! physics configurations, stroke outcomes, call reports, the planner's candidates),
//! `Novuss::resolve` of constructed outcomes (the rules without physics) and `apply` with the
//! physics.

use std::sync::OnceLock;

use lattjo_disc_billiards::{
    Action, Body, Call, CallReport, Candidate, Compass, Conduct, DiscId, Game, Noise, Novuss,
    Outcome, OutcomeError, PhysicsConfig, Planner, Resolution, Rules, Seat, Setup, Side, State,
    Stroke, StrokeEvent, Vec2,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, coarse_step, joined, json_round_trip,
    play_from_bytes, random_states, seed_bytes, split, stroke_apply_seeds, text, text_round_trip,
    to_json,
};

/// The presets, singles and pairs.
fn presets() -> [Rules; 5] {
    [
        Rules::lattjo(),
        Rules::lnf(),
        Rules::mini(),
        Rules::lattjo().with_players(4),
        Rules::lnf().with_players(4),
    ]
}

fn game(rules: Rules) -> Novuss {
    match Novuss::new(rules) {
        Ok(g) => g,
        Err(e) => panic!("{rules:?} was accepted before but the game refuses it: {e}"),
    }
}

/// A valid state (the invariants of the rules file's section on invariants): every disc is
/// on the table or pocketed, debts within a side's discs, the seat to move is a seat, the
/// positions are finite; its setup rebuilds it and its JSON reads back as itself.
fn check_state(g: &Novuss, s: &State) {
    let per_side = usize::from(g.rules().discs_per_side());
    assert_eq!(s.discs().len(), 2 * per_side, "{s:?}: disc count");
    for side in Side::BOTH {
        assert_eq!(
            s.on_table(side) + s.pocketed(side),
            per_side,
            "{s:?}: {side:?} discs lost or doubled"
        );
        assert!(usize::from(s.debt(side)) <= per_side, "{s:?}: debt");
    }
    assert!(s.to_move().index() < g.num_players(), "{s:?}: seat to move");
    for d in s.discs() {
        assert!(
            d.at.is_none_or(|p| p.x.is_finite() && p.y.is_finite()),
            "{s:?}: {d:?}"
        );
    }
    match g.from_setup(s.to_setup()) {
        Ok(back) => assert_eq!(back.discs(), s.discs(), "{s:?}: setup round trip"),
        Err(e) => panic!("{s:?}: its own setup is refused: {e}"),
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
        let a = f64::from(b.u8()) * (std::f64::consts::PI / 255.0);
        Stroke::new(
            Vec2::new(
                f64::from(b.u8() as i8) / 200.0,
                f64::from(b.u8() as i8) / 400.0,
            ),
            Vec2::new(a.cos(), a.sin()),
            f64::from(b.u8()) / 16.0,
        )
    }
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    match b.u8() % 5 {
        0 | 1 => Action::Strike(seat(b), stroke(b)),
        2 => Action::Noise(Noise {
            slip: b.f64_mostly_sane(),
            speed_error: b.f64_mostly_sane(),
        }),
        3 => Action::Call(Call::Conduct(seat(b), b.pick(&Conduct::ALL))),
        _ => Action::Call(Call::FoulStroke(seat(b), stroke(b))),
    }
}

/// Plays on from `state` (at most `steps` actions: each stroke runs the physics).
fn play_on(g: &Novuss, state: State, bytes: &mut Bytes<'_>, steps: usize) {
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
/// start of a game, and an action read is applied there under the booklet's and the LNF's
/// rules, without a panic; refused, it leaves the state unchanged.
pub fn stroke_text(data: &[u8]) {
    let Some(s) = text(data) else { return };
    // The vocabulary's own texts, line by line (`side A`, `north`, `disc 3`, a conduct's
    // phrase, a foul's label), and the physics' ids.
    for line in s.lines().take(64) {
        text_round_trip::<Side>(line);
        text_round_trip::<Compass>(line);
        text_round_trip::<DiscId>(line);
        text_round_trip::<Conduct>(line);
        text_round_trip::<lattjo_disc_billiards::Foul>(line);
        // disc-physics's ids (`disc 3`, `top cushion`, `wall 2`, `pocket 1`).
        text_round_trip::<lattjo_disc_billiards::disc_physics::DiscId>(line);
        text_round_trip::<lattjo_disc_billiards::disc_physics::CushionId>(line);
        text_round_trip::<lattjo_disc_billiards::disc_physics::PocketId>(line);
    }
    if let Some(st) = text_round_trip::<Stroke>(s) {
        let _ = st.check_shape();
        let g = Novuss::default();
        let state = g.new_state();
        let _ = g.check_stroke(&state, Seat::new(0), &st);
    }
    if let Some(a) = text_round_trip::<Action>(s) {
        for rules in [Rules::lattjo(), Rules::lnf()] {
            let g = game(rules);
            let mut state = g.new_state();
            let before = state.clone();
            if let Err(e) = g.apply(&mut state, &a) {
                assert!(state == before, "{a} refused ({e}) but the state changed");
            }
        }
    }
}

/// Seeds for [`stroke_text`]: strokes and actions, the calls on the strokes among them.
pub fn stroke_text_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![b"0 -nan,0 5".to_vec()];
    for text in [
        "noise -0.01 0.05",
        "call conduct 0 refused-to-strike",
        "call conduct 1 moved-disc-in-opponents-turn",
        "call conduct 0 left-zone",
        "noise nan 0",
        "call conduct 256 delay",
        "side A\nside B\nnorth\ndisc 3\ndisc 256\nrefused to strike\nF1 puck lost\nSide A",
        "top cushion\nwall 2\nwall 65531\nwall 65532\npocket 1\npocket 65536\ndisc 4294967295",
    ] {
        out.push(text.as_bytes().to_vec());
    }
    for (r, s) in real_states().iter().take(8) {
        let g = game(*r);
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

/// The JSON of every deserializable type, chosen by the first byte; a state, setup, rules
/// or physics configuration read is valid and is played on (a few strokes); an outcome read
/// holds together (`Outcome::check_shape`) and is resolved against real states.
pub fn json(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (head, tail) = split(rest);
    let mut bytes = Bytes::new(tail);
    match which % 12 {
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
                        play_on(&g, s, &mut bytes, 2);
                    }
                }
            }
        }
        2 => {
            if let Some(r) = json_round_trip::<Rules>(head)
                && let Ok(g) = Novuss::new(r)
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
            json_round_trip::<Call>(head);
        }
        5 => {
            if let Some(n) = json_round_trip::<Noise>(head) {
                assert!(n.slip.is_finite() && n.speed_error.is_finite(), "{n:?}");
            }
        }
        6 => {
            json_round_trip::<Resolution>(head);
        }
        7 => {
            json_round_trip::<Conduct>(head);
            json_round_trip::<Compass>(head);
        }
        9 => {
            if let Some(o) = json_round_trip::<Outcome>(head) {
                resolve_read_outcome(&o, &mut bytes);
            }
        }
        10 => {
            json_round_trip::<CallReport>(head);
        }
        11 => {
            if let Some(c) = json_round_trip::<Candidate>(head) {
                assert!(c.score.is_finite(), "{c:?}");
                assert!(c.stroke.check_shape().is_ok(), "{c:?}");
            }
        }
        _ => {
            if let Some(p) = json_round_trip::<PhysicsConfig>(head)
                && let Ok(g) = Novuss::default().with_physics(p)
            {
                play_on(&g, g.new_state(), &mut bytes, 1);
            }
        }
    }
}

/// An outcome read from JSON holds together, and resolved (plain or as a called foul, chosen
/// by the bytes) against real states under their rules it leaves a valid state or, refused,
/// the state unchanged.
fn resolve_read_outcome(o: &Outcome, bytes: &mut Bytes<'_>) {
    assert_eq!(o.check_shape(), Ok(()), "{o:?}");
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
        if let Some(r) = s.last_resolution() {
            out.push(tagged(6, to_json(r)));
        }
    }
    for r in presets() {
        out.push(tagged(2, joined(&to_json(&r), &seed_bytes(1, 24))));
    }
    let st = Stroke::new(Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), 3.0);
    out.push(tagged(3, to_json(&st)));
    out.push(tagged(4, to_json(&Action::Strike(Seat::new(0), st))));
    out.push(tagged(
        4,
        to_json(&Call::Conduct(Seat::new(1), Conduct::TouchedDisc)),
    ));
    out.push(tagged(
        5,
        to_json(&Noise {
            slip: 0.01,
            speed_error: -0.02,
        }),
    ));
    out.push(tagged(7, to_json(&Conduct::Delay)));
    out.push(tagged(
        8,
        joined(&to_json(&PhysicsConfig::default()), &[9, 9, 9, 9]),
    ));
    // Outcomes of real strokes, call reports and the planner's candidates of real states.
    let mut planner = Planner::default();
    for (i, (rules, s)) in real_states().iter().enumerate().take(12) {
        let g = game(*rules);
        let candidates = planner.candidates(&g, s).to_vec();
        if let Some(c) = candidates.first() {
            out.push(tagged(11, to_json(c)));
            if let Ok(o) = g.simulate(s, &c.stroke) {
                out.push(tagged(9, joined(&to_json(&o), &seed_bytes(i as u64, 8))));
            }
        }
        let call = Call::Conduct(s.to_move(), Conduct::RefusedToStrike);
        if let Ok(report) = g.call(&mut s.clone(), &call) {
            out.push(tagged(10, to_json(&report)));
        }
    }
    out
}

fn body(b: &mut Bytes<'_>) -> Body {
    if b.u8().is_multiple_of(4) {
        Body::Puck
    } else {
        Body::Disc(DiscId(b.u8() % 34))
    }
}

/// An outcome constructed from the bytes against `s`: everything still, then events in time
/// order (sometimes out of order), moved discs and a puck position.
fn outcome(b: &mut Bytes<'_>, g: &Novuss, s: &State) -> Outcome {
    // The puck where the player to move places it (in the player's frame, on the own edge
    // line), or anywhere.
    let puck = if !b.u8().is_multiple_of(4) {
        let place = Vec2::new(f64::from(b.u8() as i8) / 400.0, 0.0);
        let st = Stroke::new(place, Vec2::new(0.0, 1.0), 1.0);
        g.stroke_on_board(s.to_move(), &st).0
    } else {
        Vec2::new(b.f64_mostly_sane() / 16.0, b.f64_mostly_sane() / 16.0)
    };
    let mut o = Outcome::still(s, puck);
    let mut t = 0.0;
    for _ in 0..b.u8() % 6 {
        t += f64::from(b.u8()) / 256.0 - if b.u8().is_multiple_of(16) { 0.5 } else { 0.0 };
        match b.u8() % 6 {
            0 | 1 => {
                o.contact(t, body(b), body(b));
            }
            2 => {
                o.cushion(t, body(b), b.pick(&Compass::ALL));
            }
            3 => {
                o.pocket(t, body(b));
            }
            4 => {
                let at = Vec2::new(b.f64_mostly_sane(), b.f64_mostly_sane());
                o.off_table(t, body(b), at);
            }
            _ => {
                let to = Vec2::new(b.f64_mostly_sane() / 16.0, b.f64_mostly_sane() / 16.0);
                o.moved(DiscId(b.u8() % 34), to);
            }
        }
    }
    o.own_line_crossed = b.u8().is_multiple_of(8);
    o
}

/// The rules without physics: from a real state or the start under a preset, the bytes
/// choose constructed outcomes to resolve (plain or as a called foul) and calls of conduct;
/// a refused one leaves the state unchanged, an accepted one leaves a valid state.
pub fn resolve(data: &[u8]) {
    let mut b = Bytes::new(data);
    let states = real_states();
    let (rules, start) = &states[usize::from(b.u8()) % states.len()];
    let g = game(*rules);
    let mut state = if b.bool() {
        start.clone()
    } else {
        g.new_state()
    };
    check_state(&g, &state);
    for _ in 0..120 {
        if b.is_empty() {
            break;
        }
        let before = state.clone();
        let result = match b.u8() % 8 {
            0..=4 => {
                let o = outcome(&mut b, &g, &state);
                let r = g.resolve(&mut state, &o).map(|_| ());
                check_outcome_shape(&o, r.is_ok());
                r
            }
            5 => {
                let o = outcome(&mut b, &g, &state);
                let r = g.resolve_called_foul(&mut state, &o).map(|_| ());
                check_outcome_shape(&o, r.is_ok());
                r
            }
            _ => {
                let a = Action::Call(Call::Conduct(seat(&mut b), b.pick(&Conduct::ALL)));
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

/// A constructed outcome reads back from its JSON exactly when `Outcome::check_shape` accepts
/// it; one `resolve` accepted fails the shape only for a value resolving ignores (where the
/// puck left the table, a rest position that is not finite).
fn check_outcome_shape(o: &Outcome, resolved: bool) {
    let shape = o.check_shape();
    match shape {
        Ok(()) => check_json_reads_back(o),
        Err(e) => {
            let json = to_json(o);
            assert!(
                serde_json::from_slice::<Outcome>(&json).is_err(),
                "{o:?} fails its shape ({e}) but reads back from its JSON"
            );
            let ignored = match e {
                OutcomeError::Rest(_) | OutcomeError::PuckRest => true,
                OutcomeError::Impossible(k) => matches!(
                    o.events[k],
                    StrokeEvent::LeftTable {
                        body: Body::Puck,
                        ..
                    }
                ),
                _ => false,
            };
            assert!(
                !resolved || ignored,
                "{o:?} was resolved but fails its shape: {e}"
            );
        }
    }
}

/// Seeds for [`resolve`].
pub fn resolve_seeds() -> Vec<Vec<u8>> {
    (0..16u64)
        .map(|i| {
            let mut v = vec![(i * 7) as u8, (i % 2) as u8];
            v.extend(seed_bytes(i, 600));
            v
        })
        .collect()
}

/// The game with its default physics or a coarser time step ([`coarse_step`]).
fn with_step(g: Novuss, b: &mut Bytes<'_>) -> Novuss {
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

/// `apply` with the physics, from the start of a game under a preset: a few strokes (chosen
/// among the generated candidates, or arbitrary) per input.
pub fn apply(data: &[u8]) {
    let mut b = Bytes::new(data);
    let rules = presets()[usize::from(b.u8() % 5)];
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
