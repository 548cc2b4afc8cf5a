//! What the Rust API Guidelines ask of `lattjo-backgammon`'s public types, checked where a user
//! relies on it.
//!
//! C-SEND-SYNC: a game server shares values between threads and moves them across, and a
//! type loses `Send` or `Sync` silently when a field changes (an `Rc`, a `Cell`), which
//! would break those users. Every public type of the crate is named below, at the types a
//! user has for the generic ones, so that such a change fails to compile here.
//! C-GOOD-ERR: every error type is a `std::error::Error` that a user can box
//! (`Send + Sync + 'static`), print, clone and compare in a test.
//! The `regression_*` tests pin traits that were missing (C-COMMON-TRAITS, C-SERDE).

use std::fmt::{Debug, Display};

/// Compiles only for a type that can be sent to and shared with another thread.
fn send_sync<T: Send + Sync>() {}

/// Compiles only for an error type as C-GOOD-ERR describes it.
fn good_error<
    T: std::error::Error + Debug + Display + Clone + PartialEq + Send + Sync + 'static,
>() {
}

#[test]
fn every_public_type_is_send_and_sync() {
    send_sync::<lattjo_backgammon::Action>();
    send_sync::<lattjo_backgammon::Backgammon>();
    send_sync::<lattjo_backgammon::Dice>();
    send_sync::<lattjo_backgammon::DiceError>();
    send_sync::<lattjo_backgammon::GnubgId>();
    send_sync::<lattjo_backgammon::GnubgIdError>();
    send_sync::<lattjo_backgammon::IdGameState>();
    send_sync::<lattjo_backgammon::ImportError>();
    send_sync::<lattjo_backgammon::Label>();
    send_sync::<lattjo_backgammon::LabelError>();
    send_sync::<lattjo_backgammon::MatchContext>();
    send_sync::<lattjo_backgammon::MatchContextError>();
    send_sync::<lattjo_backgammon::MatchId>();
    send_sync::<lattjo_backgammon::MatchIdError>();
    send_sync::<lattjo_backgammon::MatchIdSetup>();
    send_sync::<lattjo_backgammon::NotationError>();
    send_sync::<lattjo_backgammon::NotationStyle>();
    send_sync::<lattjo_backgammon::ObservationKind>();
    send_sync::<lattjo_backgammon::OtherRulesError>();
    send_sync::<lattjo_backgammon::Outcome>();
    send_sync::<lattjo_backgammon::Phase>();
    send_sync::<lattjo_backgammon::Play>();
    send_sync::<lattjo_backgammon::ParseActionError>();
    send_sync::<lattjo_backgammon::ParseDiceError>();
    send_sync::<lattjo_backgammon::ParseStepError>();
    send_sync::<lattjo_backgammon::PlayError>();
    send_sync::<lattjo_backgammon::PlayList>();
    send_sync::<lattjo_backgammon::Point>();
    send_sync::<lattjo_backgammon::PointError>();
    send_sync::<lattjo_backgammon::Position>();
    send_sync::<lattjo_backgammon::PositionError>();
    send_sync::<lattjo_backgammon::PositionIdError>();
    send_sync::<lattjo_backgammon::PositionSetup>();
    send_sync::<lattjo_backgammon::ResignLevel>();
    send_sync::<lattjo_backgammon::Rules>();
    send_sync::<lattjo_backgammon::RulesError>();
    send_sync::<lattjo_backgammon::Side>();
    send_sync::<lattjo_backgammon::SideError>();
    send_sync::<lattjo_backgammon::SingleDiePolicy>();
    send_sync::<lattjo_backgammon::State>();
    send_sync::<lattjo_backgammon::StateError>();
    send_sync::<lattjo_backgammon::StateSetup>();
    send_sync::<lattjo_backgammon::Step>();
    send_sync::<lattjo_backgammon::StepError>();
    send_sync::<lattjo_backgammon::StepRangeError>();
    send_sync::<lattjo_backgammon::ToXgidError>();
    send_sync::<lattjo_backgammon::TooManySteps>();
    send_sync::<lattjo_backgammon::WinKind>();
    send_sync::<lattjo_backgammon::XgDice>();
    send_sync::<lattjo_backgammon::Xgid>();
    send_sync::<lattjo_backgammon::XgidError>();
    send_sync::<lattjo_backgammon::XgidSetup>();
    send_sync::<lattjo_backgammon::fibs::FibsBoard>();
    send_sync::<lattjo_backgammon::fibs::FibsBoardError>();
    send_sync::<lattjo_backgammon::fibs::FibsMoveError>();
    send_sync::<lattjo_backgammon::mat::HeaderTag>();
    send_sync::<lattjo_backgammon::mat::MatAction>();
    send_sync::<lattjo_backgammon::mat::MatEntry>();
    send_sync::<lattjo_backgammon::mat::MatFile>();
    send_sync::<lattjo_backgammon::mat::MatGame>();
    send_sync::<lattjo_backgammon::mat::MatMovement>();
    send_sync::<lattjo_backgammon::mat::ParseError>();
    send_sync::<lattjo_backgammon::mat::ParseErrorKind>();
    send_sync::<lattjo_backgammon::mat::RecordError>();
    send_sync::<lattjo_backgammon::mat::RecordErrorKind>();
    send_sync::<lattjo_backgammon::mat::Replay>();
    send_sync::<lattjo_backgammon::mat::ReplayError>();
    send_sync::<lattjo_backgammon::mat::ReplayErrorKind>();
    send_sync::<lattjo_backgammon::mat::ReplayedGame>();
    send_sync::<lattjo_backgammon::mat::WriteError>();
    send_sync::<lattjo_backgammon::sgf::ParseError>();
    send_sync::<lattjo_backgammon::sgf::ParseErrorKind>();
    send_sync::<lattjo_backgammon::sgf::ReplayError>();
    send_sync::<lattjo_backgammon::sgf::ReplayErrorKind>();
    send_sync::<lattjo_backgammon::sgf::SetUpError>();
    send_sync::<lattjo_backgammon::sgf::SgfAction>();
    send_sync::<lattjo_backgammon::sgf::SgfFile>();
    send_sync::<lattjo_backgammon::sgf::SgfGame>();
    send_sync::<lattjo_backgammon::sgf::SgfNode>();
    send_sync::<lattjo_backgammon::sgf::SgfProperty>();
    send_sync::<lattjo_backgammon::sgf::SgfResult>();
    send_sync::<lattjo_backgammon::sgf::SgfRules>();
    send_sync::<lattjo_backgammon::sgf::WriteError>();
    send_sync::<lattjo_backgammon::svg::Options>();
    send_sync::<lattjo_backgammon::svg::Scene>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_backgammon::DiceError>();
    good_error::<lattjo_backgammon::GnubgIdError>();
    good_error::<lattjo_backgammon::ImportError>();
    good_error::<lattjo_backgammon::LabelError>();
    good_error::<lattjo_backgammon::MatchContextError>();
    good_error::<lattjo_backgammon::MatchIdError>();
    good_error::<lattjo_backgammon::NotationError>();
    good_error::<lattjo_backgammon::OtherRulesError>();
    good_error::<lattjo_backgammon::ParseActionError>();
    good_error::<lattjo_backgammon::ParseDiceError>();
    good_error::<lattjo_backgammon::ParseStepError>();
    good_error::<lattjo_backgammon::PlayError>();
    good_error::<lattjo_backgammon::PointError>();
    good_error::<lattjo_backgammon::PositionError>();
    good_error::<lattjo_backgammon::PositionIdError>();
    good_error::<lattjo_backgammon::RulesError>();
    good_error::<lattjo_backgammon::SideError>();
    good_error::<lattjo_backgammon::StateError>();
    good_error::<lattjo_backgammon::StepError>();
    good_error::<lattjo_backgammon::StepRangeError>();
    good_error::<lattjo_backgammon::ToXgidError>();
    good_error::<lattjo_backgammon::TooManySteps>();
    good_error::<lattjo_backgammon::XgidError>();
    good_error::<lattjo_backgammon::fibs::FibsBoardError>();
    good_error::<lattjo_backgammon::fibs::FibsMoveError>();
    good_error::<lattjo_backgammon::mat::ParseError>();
    good_error::<lattjo_backgammon::mat::ParseErrorKind>();
    good_error::<lattjo_backgammon::mat::RecordError>();
    good_error::<lattjo_backgammon::mat::RecordErrorKind>();
    good_error::<lattjo_backgammon::mat::ReplayError>();
    good_error::<lattjo_backgammon::mat::ReplayErrorKind>();
    good_error::<lattjo_backgammon::mat::WriteError>();
    good_error::<lattjo_backgammon::sgf::ParseError>();
    good_error::<lattjo_backgammon::sgf::ParseErrorKind>();
    good_error::<lattjo_backgammon::sgf::ReplayError>();
    good_error::<lattjo_backgammon::sgf::ReplayErrorKind>();
    good_error::<lattjo_backgammon::sgf::SetUpError>();
    good_error::<lattjo_backgammon::sgf::WriteError>();
}

/// `Action` wrote itself (`Display`) but did not read itself back (C-CONV: a notation
/// type that displays also parses, and the round trip holds).
#[test]
fn regression_action_displayed_but_did_not_parse() {
    use lattjo_backgammon::{Action, Backgammon, Dice, Game, Play, ResignLevel, Turn};
    let round_trip = |a: Action| {
        let text = a.to_string();
        assert_eq!(text.parse::<Action>(), Ok(a), "{text}");
    };
    for white in 0..=u8::MAX {
        round_trip(Action::Opening { white, black: 1 });
        round_trip(Action::Opening {
            white: 6,
            black: white,
        });
    }
    for d in Dice::ALL {
        round_trip(Action::Dice(d));
    }
    for l in ResignLevel::ALL {
        round_trip(Action::Resign(l));
    }
    for a in [
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        Action::Beaver,
        Action::AcceptResignation,
        Action::RejectResignation,
        Action::Play(Play::NONE),
    ] {
        round_trip(a);
    }
    // Every action of some random games: plays with bar, off, hits and doubles among them.
    let game = Backgammon::default();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut seen = 0;
    for seed in 0..32 {
        let mut rng = boardgame_core::GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        for _ in 0..2_000 {
            let next = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => {
                    game.chance_outcomes(&state, &mut outcomes);
                    actions.clear();
                    actions.extend(outcomes.iter().map(|(a, _)| *a));
                    actions[rng.below(actions.len() as u32) as usize]
                }
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut actions);
                    actions[rng.below(actions.len() as u32) as usize]
                }
            };
            for &a in &actions {
                round_trip(a);
                seen += 1;
            }
            game.apply(&mut state, &next).expect("a listed action");
        }
    }
    assert!(seen > 5_000, "only {seen} actions");
}

#[test]
fn regression_action_parse_errors_are_typed() {
    use lattjo_backgammon::{Action, ParseActionError};
    let malformed = |s: &str| ParseActionError::Malformed(s.to_string());
    for (text, err) in [
        ("", ParseActionError::Empty),
        ("   ", ParseActionError::Empty),
        ("roll 7-1", ParseActionError::Dice("7-1".to_string())),
        ("roll 6", ParseActionError::Dice("6".to_string())),
        ("roll 6-+5", ParseActionError::Dice("6-+5".to_string())),
        ("opening 3", malformed("opening 3")),
        ("opening 300-1", malformed("opening 300-1")),
        ("resign single", malformed("resign single")),
        ("double double", malformed("double double")),
        ("cannot", malformed("cannot")),
        ("24/18 double", malformed("24/18 double")),
        ("8/9", ParseActionError::Step("8/9".to_string())),
        ("25/22", ParseActionError::Step("25/22".to_string())),
        ("bar/off/3", ParseActionError::Step("bar/off/3".to_string())),
        ("06/3", ParseActionError::Step("06/3".to_string())),
        ("Bar/22", ParseActionError::Step("Bar/22".to_string())),
    ] {
        assert_eq!(text.parse::<Action>(), Err(err), "{text:?}");
    }
    // `TooManySteps` is `#[non_exhaustive]`: built only by the crate, read by its field.
    match "6/5 6/5 6/5 6/5 6/5 6/5".parse::<Action>() {
        Err(ParseActionError::TooManySteps(e)) => assert_eq!(e.0, 6),
        other => panic!("six steps: {other:?}"),
    }
    // Whitespace around and between words is no part of an action, as elsewhere.
    assert_eq!(
        " roll  6-5 ".parse::<Action>(),
        "roll 6-5".parse::<Action>()
    );
    // Either face first: a roll is the same roll.
    assert_eq!("roll 1-6".parse::<Action>(), "roll 6-1".parse::<Action>());
    // A long bad text is quoted in part.
    let long = format!("resign {}", "x".repeat(1_000));
    match long.parse::<Action>() {
        Err(ParseActionError::Malformed(quoted)) => assert!(quoted.chars().count() <= 70),
        other => panic!("{other:?}"),
    }
}

#[test]
fn regression_mat_replay_was_not_eq() {
    use lattjo_backgammon::mat::{MATCH_RULES, MatFile};
    let replay = |text: &str| {
        MatFile::parse(text)
            .expect("GNUBG's own file")
            .replay(&MATCH_RULES)
            .expect("a match GNUBG played")
    };
    let a = replay(include_str!("data/gnubg_mat/m105-L3.mat"));
    let b = replay(include_str!("data/gnubg_mat/m118-L9.mat"));
    assert_eq!(a, replay(include_str!("data/gnubg_mat/m105-L3.mat")));
    assert_ne!(a, b);
}

/// `Dice` wrote itself (`6-5`) but did not read itself back (C-CONV).
#[test]
fn regression_dice_displayed_but_did_not_parse() {
    use lattjo_backgammon::Dice;
    for d in Dice::ALL {
        assert_eq!(d.to_string().parse::<Dice>(), Ok(d), "{d}");
        let (high, low) = d
            .to_string()
            .split_once('-')
            .map(|(h, l)| (h.to_string(), l.to_string()))
            .expect("high-low");
        assert_eq!(
            format!("{low}-{high}").parse::<Dice>(),
            Ok(d),
            "either face first"
        );
    }
    for bad in [
        "", "6", "6-", "-5", "0-1", "7-1", "6-5-4", "6 - 5", "06-5", "+6-5", "six-five", "6-5 ",
    ] {
        let e = bad.parse::<Dice>().expect_err(bad);
        assert_eq!(e.0, bad);
    }
    let long = "6".repeat(1_000);
    let e = long.parse::<Dice>().expect_err("a long text");
    assert!(e.0.chars().count() <= 70, "{e}");
}

/// `Step` had a text (`Step::text`) but no `Display`, and nothing read the text back
/// (C-CONV).
#[test]
fn regression_step_had_text_but_no_display_or_from_str() {
    use lattjo_backgammon::Step;
    let mut steps = 0;
    for from in 0..=30 {
        for to in 0..=30 {
            let Some(step) = Step::new(from, to) else {
                continue;
            };
            let text = step.to_string();
            assert_eq!(text, step.text());
            assert_eq!(text.parse::<Step>(), Ok(step), "{text}");
            steps += 1;
        }
    }
    assert_eq!(
        steps,
        25 * 26 / 2,
        "every forward step, bar and off included"
    );
    for bad in [
        "", "/", "6", "6/", "/5", "6/8", "6/6", "bar/bar", "off/3", "25/22", "6/0", "06/3", "0/0",
        "13/7*", "8/5(2)", "24/18/13", "Bar/22", " 6/5", "6/5 ", "+6/5", "100/5",
    ] {
        let e = bad.parse::<Step>().expect_err(bad);
        assert_eq!(e.0, bad);
    }
    let long = format!("{}/1", "9".repeat(1_000));
    let e = long.parse::<Step>().expect_err("a long text");
    assert!(e.0.chars().count() <= 70, "{e}");
}

/// Regression (6 December 2026): `Step` derived `Default`, which made `0/0`: no checker
/// movement, whose JSON and text (`Step::new` refuses it) did not read back. A step has no
/// default now; `Play`'s default is still the empty play.
#[test]
fn regression_step_default_was_no_checker_movement_and_did_not_read_back() {
    use lattjo_backgammon::{Play, Step};
    use std::marker::PhantomData;
    // Inherent methods win over trait methods: `has_default` is the inherent one only where
    // `T: Default`, else the fallback trait's.
    struct Probe<T>(PhantomData<T>);
    trait Fallback {
        fn has_default(&self) -> bool {
            false
        }
    }
    impl<T> Fallback for Probe<T> {}
    impl<T: Default> Probe<T> {
        fn has_default(&self) -> bool {
            true
        }
    }
    // The probe itself: `u8` has a default, a file handle none.
    assert!(Probe::<u8>(PhantomData).has_default());
    assert!(!Probe::<std::fs::File>(PhantomData).has_default());
    assert!(!Probe::<Step>(PhantomData).has_default());
    assert!(Probe::<Play>(PhantomData).has_default());
    assert_eq!(Play::default(), Play::NONE);
    assert!(Play::default().is_none());
}
