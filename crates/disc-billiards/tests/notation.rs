//! An action's text (`Action`'s `Display` and `FromStr`), checked as carrom's is: the
//! actions of random games under every preset and every variant built from arbitrary seats
//! and numbers read back as themselves, bit for bit; what serde or the stroke's checks refuse,
//! the text refuses too; arbitrary text never panics the reader, and what it reads writes a
//! text that reads back to the same action.

use boardgame_core::{Game, GameRng, Seat, Turn};
use lattjo_disc_billiards::{
    Action, Call, Conduct, MAX_DIRECTION, MAX_SPEED_LIMIT, Noise, NoiseModel, Novuss,
    ParseActionError, Rules, Stroke, TechniqueBreach, Vec2,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The bits of every number an action holds.
fn floats(a: &Action) -> Vec<u64> {
    let numbers = match a {
        Action::Strike(_, s) | Action::Call(Call::FoulStroke(_, s)) => {
            vec![s.place.x, s.place.y, s.direction.x, s.direction.y, s.speed]
        }
        Action::Noise(n) => vec![n.slip, n.speed_error],
        _ => Vec::new(),
    };
    numbers.into_iter().map(f64::to_bits).collect()
}

/// `a`'s text reads back as `a`, bit for bit, and writes the same text again.
fn reads_back(a: &Action) -> Result<Action, TestCaseError> {
    let text = a.to_string();
    let back: Action = text
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{a:?} writes {text:?}, refused: {e}")))?;
    prop_assert_eq!(&back, a, "{:?}", text);
    prop_assert_eq!(floats(&back), floats(a), "{:?}", text);
    prop_assert_eq!(back.to_string(), text);
    Ok(back)
}

fn presets() -> [Rules; 4] {
    let noisy = |r: Rules| {
        r.with_noise(Some(NoiseModel {
            direction_sd: 0.01,
            speed_sd: 0.03,
        }))
    };
    [
        noisy(Rules::lattjo()),
        Rules::lnf(),
        Rules::lattjo().with_players(4),
        noisy(Rules::mini()),
    ]
}

/// Plies of each random game: every stroke runs the physics.
const PLIES: usize = 16;

/// Any finite number: zeros of both signs, subnormals, the extremes.
fn finite() -> impl Strategy<Value = f64> {
    use proptest::num::f64::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    prop_oneof![
        POSITIVE | NEGATIVE | NORMAL | SUBNORMAL | ZERO,
        -1.0f64..1.0,
        Just(-0.0),
    ]
}

/// Any number, NaN and the infinities among them.
fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => finite(),
        1 => prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY)],
    ]
}

/// Mostly strokes of the right shape, some of any numbers.
fn stroke() -> impl Strategy<Value = Stroke> {
    let good = (
        -0.4f64..0.4,
        0.0f64..0.2,
        -MAX_DIRECTION..=MAX_DIRECTION,
        -MAX_DIRECTION..=MAX_DIRECTION,
        0.001..=MAX_SPEED_LIMIT,
    )
        .prop_map(|(x, y, dx, dy, v)| Stroke::new(Vec2::new(x, y), Vec2::new(dx, dy), v));
    let any = (
        any_number(),
        any_number(),
        any_number(),
        any_number(),
        any_number(),
    )
        .prop_map(|(x, y, dx, dy, v)| Stroke::new(Vec2::new(x, y), Vec2::new(dx, dy), v));
    prop_oneof![3 => good, 1 => any]
}

fn action() -> impl Strategy<Value = Action> {
    let seat = || any::<u8>().prop_map(Seat::new);
    prop_oneof![
        (seat(), stroke()).prop_map(|(s, st)| Action::Strike(s, st)),
        (any_number(), any_number())
            .prop_map(|(slip, speed_error)| Action::Noise(Noise { slip, speed_error })),
        (seat(), stroke()).prop_map(|(s, st)| Action::Call(Call::FoulStroke(s, st))),
        (seat(), prop::sample::select(Conduct::ALL.to_vec()))
            .prop_map(|(s, c)| Action::Call(Call::Conduct(s, c))),
    ]
}

/// The words of actions and of their parts, and some that are not.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "strike",
            "noise",
            "call",
            "foul-stroke",
            "conduct",
            "technical-foul",
            "delay",
            "left-zone",
            "moved-disc-in-opponents-turn",
            "0,0.09",
            "0,1",
            "nan",
            "inf",
            "-0",
        ])
        .prop_map(str::to_owned),
        "[0-9]{1,3}",
        "[-+0-9.eE]{1,8}",
        "[-+0-9.eEnaif]{1,6},[-+0-9.eEnaif]{1,6}",
        ".{1,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The actions met in random games (sampled strokes, noise draws, and the referee's calls
    /// on the strokes drawn and on the seat to strike, which are never sampled) read back
    /// as themselves; the game plays on with the action read, not the one drawn.
    #[test]
    fn the_actions_of_random_games_read_back(seed in any::<u64>(), preset in 0usize..4) {
        let game = Novuss::new(presets()[preset]).unwrap();
        let mut s = game.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        let (mut buf, mut outcomes) = (Vec::new(), Vec::new());
        for _ in 0..PLIES {
            game.chance_outcomes(&s, &mut outcomes);
            for (a, _) in &outcomes {
                reads_back(a)?;
            }
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            let Some(a) = a else { break };
            if let Action::Strike(seat, st) = a {
                let foul = reads_back(&Action::Call(Call::FoulStroke(seat, st)))?;
                let breach = game.rules().technique_breach == TechniqueBreach::Foul;
                prop_assert_eq!(game.is_legal(&s, &foul), breach);
                for c in Conduct::ALL {
                    let call = reads_back(&Action::Call(Call::Conduct(seat, c)))?;
                    let _ = game.is_legal(&s, &call);
                }
            }
            let back = reads_back(&a)?;
            prop_assert!(game.apply(&mut s, &back).is_ok(), "{} refused", back);
        }
    }

    /// Every variant with arbitrary seats and numbers: what serde would read (finite noise, a
    /// stroke of the right shape) reads back bit for bit; anything else is refused, as a
    /// stroke or as a number that is not finite.
    #[test]
    fn every_variant_reads_back_or_is_refused_as_serde_refuses_it(a in action()) {
        let shape = match a {
            Action::Strike(_, st) | Action::Call(Call::FoulStroke(_, st)) => st.check_shape(),
            _ => Ok(()),
        };
        let finite = match a {
            Action::Noise(n) => n.slip.is_finite() && n.speed_error.is_finite(),
            _ => true,
        };
        match a.to_string().parse::<Action>() {
            Ok(_) => {
                prop_assert!(shape.is_ok() && finite, "{} was read", a);
                reads_back(&a)?;
            }
            Err(ParseActionError::Stroke(_)) => prop_assert!(shape.is_err(), "{}", a),
            Err(ParseActionError::NotFinite(_)) => prop_assert!(!finite, "{}", a),
            Err(e) => return Err(TestCaseError::fail(format!("{a} refused: {e}"))),
        }
    }

    /// Arbitrary text, and texts made of the actions' words: never a panic; what reads writes
    /// a text that reads back to the same action.
    #[test]
    fn arbitrary_text_never_panics_and_what_reads_reads_back(text in prop_oneof![
        ".{0,80}",
        prop::collection::vec(word(), 0..9).prop_map(|w| w.join(" ")),
    ]) {
        if let Ok(a) = text.parse::<Action>() {
            reads_back(&a)?;
        }
    }
}

/// A whole game written as text, one action a line, reads back and replays to the same
/// state.
#[test]
fn a_game_as_text_replays() {
    for rules in presets() {
        let game = Novuss::new(rules).unwrap();
        let mut s = game.new_initial_state();
        let mut rng = GameRng::new(11, 0);
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        for _ in 0..40 {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            let Some(a) = a else { break };
            game.apply(&mut s, &a).unwrap();
            lines.push(a.to_string());
        }
        let text = lines.join("\n");
        let mut replayed = game.new_initial_state();
        for line in text.lines() {
            let a: Action = line.parse().unwrap();
            game.apply(&mut replayed, &a).unwrap();
        }
        assert_eq!(replayed, s);
    }
}

/// Hostile text: huge, many words, not ASCII, white space only; an error quotes at most 64
/// characters of it.
#[test]
fn hostile_text_is_refused_briefly() {
    let huge = "9".repeat(1 << 20);
    let words = "noise 0 ".repeat(1 << 16);
    let cases = [
        (huge.clone(), "unknown"),
        (format!("call conduct {huge} delay"), "seat"),
        (format!("noise {huge} 0"), "inf"),
        (words, "many"),
        ("\u{3000}\u{a0}\t\n\r ".to_owned(), "empty"),
        ("страйк 0".to_owned(), "unknown"),
        ("call conduct \u{661} delay".to_owned(), "seat"),
        ("strike 0 ０,0.09 0,1 3".to_owned(), "stroke"),
    ];
    for (text, kind) in cases {
        let e = text.parse::<Action>().unwrap_err();
        let ok = match kind {
            "unknown" => matches!(e, ParseActionError::Unknown { .. }),
            "seat" => matches!(e, ParseActionError::Seat(_)),
            "inf" => matches!(e, ParseActionError::NotFinite(_)),
            "many" => matches!(e, ParseActionError::TooManyWords { .. }),
            "empty" => e == ParseActionError::Empty,
            _ => matches!(e, ParseActionError::Stroke(_)),
        };
        assert!(ok, "{kind}: {e:?}");
        assert!(e.to_string().chars().count() < 200, "{e}");
    }
}
