//! What the Rust API Guidelines ask of `boardgame-core`'s public types, checked where a user
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
    send_sync::<boardgame_core::BufferSizeError>();
    send_sync::<boardgame_core::BySeat<i64>>();
    send_sync::<boardgame_core::GameRng>();
    send_sync::<boardgame_core::IsMcts>();
    send_sync::<boardgame_core::Match<boardgame_core::race::Race>>();
    send_sync::<boardgame_core::MatchConfig>();
    send_sync::<boardgame_core::MatchConfigError>();
    send_sync::<boardgame_core::MatchState<boardgame_core::race::RaceState>>();
    send_sync::<boardgame_core::Mcts>();
    send_sync::<boardgame_core::MctsConfig>();
    send_sync::<boardgame_core::PlayError<boardgame_core::race::RaceError>>();
    send_sync::<boardgame_core::Played<boardgame_core::race::Race>>();
    send_sync::<boardgame_core::RandomAgent>();
    send_sync::<boardgame_core::Record<boardgame_core::race::RaceAction>>();
    send_sync::<boardgame_core::ReplayError<boardgame_core::race::RaceError>>();
    send_sync::<boardgame_core::ResumeError>();
    send_sync::<boardgame_core::RoundContext<'static, boardgame_core::race::RaceState>>();
    send_sync::<boardgame_core::SearchResult<boardgame_core::race::RaceAction>>();
    send_sync::<boardgame_core::SearchResultError>();
    send_sync::<boardgame_core::Seat>();
    send_sync::<boardgame_core::SeatError>();
    send_sync::<boardgame_core::Shape>();
    send_sync::<boardgame_core::Turn>();
    send_sync::<boardgame_core::conformance::ConformanceConfig<boardgame_core::race::RaceAction>>();
    send_sync::<boardgame_core::conformance::ConformanceReport>();
    send_sync::<boardgame_core::conformance::Violation>();
    send_sync::<boardgame_core::parallel::TooManyResults>();
    send_sync::<boardgame_core::perft::PerftDepthError>();
    send_sync::<boardgame_core::race::Race>();
    send_sync::<boardgame_core::race::RaceAction>();
    send_sync::<boardgame_core::race::RaceError>();
    send_sync::<boardgame_core::race::RaceRules>();
    send_sync::<boardgame_core::race::RaceState>();
    send_sync::<boardgame_core::race::RaceView>();
    send_sync::<boardgame_core::text::Utf16AsUtf8<&'static [u8]>>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<boardgame_core::BufferSizeError>();
    good_error::<boardgame_core::MatchConfigError>();
    good_error::<boardgame_core::PlayError<boardgame_core::race::RaceError>>();
    good_error::<boardgame_core::ReplayError<boardgame_core::race::RaceError>>();
    good_error::<boardgame_core::ResumeError>();
    good_error::<boardgame_core::SearchResultError>();
    good_error::<boardgame_core::SeatError>();
    good_error::<boardgame_core::conformance::Violation>();
    good_error::<boardgame_core::parallel::TooManyResults>();
    good_error::<boardgame_core::perft::PerftDepthError>();
    good_error::<boardgame_core::race::RaceError>();
}

#[test]
fn regression_driver_play_error_was_not_clone_or_eq() {
    use boardgame_core::race::{Race, RaceRules};
    use boardgame_core::{Agent, PlayError, RandomAgent, play_game};
    let game = Race::new(RaceRules::default()).expect("the default rules");
    let mut only = RandomAgent;
    let err = play_game(&game, 1, &mut [&mut only as &mut dyn Agent<Race>], 10_000)
        .expect_err("one agent for two seats");
    assert_eq!(err.clone(), err);
    assert_eq!(
        err,
        PlayError::WrongAgentCount {
            expected: 2,
            got: 1
        }
    );
}

#[test]
fn regression_played_was_not_partial_eq() {
    use boardgame_core::race::{Race, RaceRules};
    use boardgame_core::{Agent, RandomAgent, play_game};
    let game = Race::new(RaceRules::default()).expect("the default rules");
    let play = |seed| {
        let (mut a, mut b) = (RandomAgent, RandomAgent);
        play_game(
            &game,
            seed,
            &mut [&mut a as &mut dyn Agent<Race>, &mut b],
            10_000,
        )
        .expect("a finished race")
    };
    assert_eq!(play(7), play(7));
    assert_ne!(play(7), play(8));
}

#[test]
fn regression_round_context_was_not_copy() {
    use boardgame_core::race::{Race, RaceRules};
    use boardgame_core::{BySeat, MatchConfig, RoundContext, Rounds};
    let game = Race::new(RaceRules::default()).expect("the default rules");
    let config = MatchConfig::new(Some(50), None).expect("a match to 50");
    let totals = BySeat::new(2, 0);
    let ctx = RoundContext {
        round: 1,
        totals: &totals,
        previous: None,
        config: &config,
    };
    let copy = ctx;
    assert_eq!(game.new_round(&copy), game.new_round(&ctx));
}

#[test]
fn regression_race_and_match_were_not_eq_or_hash() {
    use boardgame_core::race::{Race, RaceRules};
    use boardgame_core::{Match, MatchConfig};
    use std::collections::HashSet;
    let race = Race::new(RaceRules::default()).expect("the default rules");
    let other = Race::new(RaceRules::default().with_track(30)).expect("a longer track");
    assert_eq!(race, race.clone());
    assert_ne!(race, other);
    let to_50 = MatchConfig::new(Some(50), None).expect("a match to 50");
    let to_30 = MatchConfig::new(Some(30), None).expect("a match to 30");
    let games: HashSet<Match<Race>> = [
        Match::new(race.clone(), to_50),
        Match::new(race.clone(), to_50),
        Match::new(race, to_30),
        Match::new(other, to_50),
    ]
    .into_iter()
    .collect();
    assert_eq!(games.len(), 3);
}

/// A game server logs a bot's decisions and a conformance run's report: the search result,
/// the report and the violation lacked serde (C-SERDE) until 7 December 2026.
#[cfg(feature = "serde")]
#[test]
fn regression_reports_were_not_serde() {
    fn serializes<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    serializes::<boardgame_core::SearchResult<boardgame_core::race::RaceAction>>();
    serializes::<boardgame_core::conformance::ConformanceReport>();
    serializes::<boardgame_core::conformance::Violation>();
}
