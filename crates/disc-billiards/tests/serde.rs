//! Serde (issue 16): a state serializes with its rules and deserializes back exactly (every
//! float to the same bits, through serde_json's exact float round trip), through the same
//! checks as `Novuss::from_setup`; play then continues identically. A corrupted state is
//! refused.
#![cfg(feature = "serde")]

use boardgame_core::{Game, GameRng, Turn};
use lattjo_disc_billiards::{NoiseModel, Novuss, Rules, State};
use proptest::prelude::*;

fn games() -> Vec<Novuss> {
    vec![
        Novuss::new(Rules::lattjo()).unwrap(),
        Novuss::new(Rules::lattjo().with_players(4)).unwrap(),
        Novuss::new(Rules::lnf()).unwrap(),
        Novuss::new(Rules::mini().with_noise(Some(NoiseModel {
            direction_sd: 0.02,
            speed_sd: 0.05,
        })))
        .unwrap(),
    ]
}

/// Plays up to `n` random actions (the weak player of `sample_action`, and noise draws).
fn play(game: &Novuss, s: &mut State, rng: &mut GameRng, n: usize) {
    let mut buf = Vec::new();
    for _ in 0..n {
        let a = match game.turn(s) {
            Turn::Terminal => return,
            Turn::Chance => game.sample_chance(s, rng),
            Turn::Player(_) => game.sample_action(s, rng, &mut buf),
        };
        let Some(a) = a else { return };
        game.apply(s, &a).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_mid_game_state_round_trips_through_json_and_plays_on_identically(
        which in 0usize..4,
        seed in any::<u64>(),
        plies in 0usize..30,
    ) {
        let game = games().swap_remove(which);
        let mut s = game.new_initial_state();
        play(&game, &mut s, &mut GameRng::new(seed, 0), plies);
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
        // Play continues identically from the original and the copy.
        let (mut a, mut b) = (s, back);
        play(&game, &mut a, &mut GameRng::new(seed, 1), 12);
        play(&game, &mut b, &mut GameRng::new(seed, 1), 12);
        prop_assert_eq!(a, b);
    }
}

#[test]
fn a_corrupted_state_is_refused() {
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let s = game.new_initial_state();
    let json: serde_json::Value = serde_json::to_value(&s).unwrap();
    let corrupt = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut j = json.clone();
        f(&mut j);
        serde_json::from_value::<State>(j)
    };
    assert!(corrupt(&|_| {}).is_ok());
    // A disc off the table, two discs on one spot, a seat that does not play, a debt too
    // large, invalid rules, a last stroke naming a seat that does not play.
    assert!(corrupt(&|j| j["setup"]["discs"][1]["at"]["x"] = 5.0.into()).is_err());
    assert!(
        corrupt(&|j| j["setup"]["discs"][1]["at"] = j["setup"]["discs"][0]["at"].clone()).is_err()
    );
    assert!(corrupt(&|j| j["setup"]["to_move"] = 3.into()).is_err());
    assert!(corrupt(&|j| j["setup"]["debt"] = serde_json::json!([9, 0])).is_err());
    assert!(corrupt(&|j| j["rules"]["players"] = 3.into()).is_err());
    assert!(corrupt(&|j| j["rules"]["max_speed"] = 1e300.into()).is_err());
    let mut played = s.clone();
    game.strike(
        &mut played,
        &lattjo_disc_billiards::Stroke::new(
            lattjo_disc_billiards::Vec2::new(0.0, 0.09),
            lattjo_disc_billiards::Vec2::new(0.0, 1.0),
            4.0,
        ),
    )
    .unwrap();
    let mut j = serde_json::to_value(&played).unwrap();
    assert!(serde_json::from_value::<State>(j.clone()).is_ok());
    j["last"]["striker"] = 7.into();
    assert!(serde_json::from_value::<State>(j).is_err());
}

/// A match of sets (B23) round-trips too, through the core's checks (totals per seat, over
/// exactly when the set is).
#[test]
fn a_mid_match_state_round_trips_through_json_and_plays_on_identically() {
    use boardgame_core::MatchState;
    let game = Novuss::new(Rules::lnf()).unwrap().full_match();
    for seed in 0..4 {
        let mut rng = GameRng::new(seed, 0);
        let mut s = game.new_initial_state();
        let mut buf = Vec::new();
        for _ in 0..(20 + 15 * seed) {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            game.apply(&mut s, &a.unwrap()).unwrap();
        }
        let json = serde_json::to_string(&s).unwrap();
        let back: MatchState<State> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        let mut j: serde_json::Value = serde_json::from_str(&json).unwrap();
        j["totals"] = serde_json::json!([0]);
        assert!(serde_json::from_value::<MatchState<State>>(j).is_err());
    }
}
