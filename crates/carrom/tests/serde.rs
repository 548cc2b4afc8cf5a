//! Serde (issue 16): a board's state, a game's and a match's state serialize with their rules
//! and deserialize back exactly (every float to the same bits, through serde_json's exact
//! float round trip), through the same checks as `Carrom::from_setup` (plus the phase and the
//! result); play then continues identically. Corrupted states are refused.
#![cfg(feature = "serde")]

use crate::common;

use boardgame_core::{Game, GameRng, MatchState, Turn};
use lattjo_carrom::{Carrom, NoiseModel, Rules, State};
use proptest::prelude::*;

fn boards() -> Vec<Carrom> {
    vec![
        Carrom::new(Rules::lattjo()).unwrap(),
        Carrom::new(Rules::lattjo().with_players(4)).unwrap(),
        Carrom::new(Rules::icf()).unwrap(),
        Carrom::new(Rules::icf().with_noise(Some(NoiseModel::default()))).unwrap(),
    ]
}

/// Plays up to `n` random actions.
fn play<G: Game>(game: &G, s: &mut G::State, rng: &mut GameRng, n: usize) {
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

/// Round trip through JSON; the copy equals the original, prints the same JSON, and plays on
/// identically.
fn round_trip<G>(game: &G, s: G::State, seed: u64) -> Result<(), TestCaseError>
where
    G: Game,
    G::State: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    let json = serde_json::to_string(&s).unwrap();
    let back: G::State = serde_json::from_str(&json).unwrap();
    prop_assert!(back == s);
    prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let (mut a, mut b) = (s, back);
    play(game, &mut a, &mut GameRng::new(seed, 1), 10);
    play(game, &mut b, &mut GameRng::new(seed, 1), 10);
    prop_assert!(a == b);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_mid_board_state_round_trips_through_json_and_plays_on_identically(
        which in 0usize..4,
        seed in any::<u64>(),
        plies in 0usize..60,
    ) {
        let game = boards().swap_remove(which);
        let mut s = game.new_initial_state();
        play(&game, &mut s, &mut GameRng::new(seed, 0), plies);
        round_trip(&game, s, seed)?;
    }

    #[test]
    fn a_mid_game_and_a_mid_match_state_round_trip(seed in any::<u64>(), plies in 0usize..400) {
        let game = Carrom::new(Rules::lattjo().with_target_points(5)).unwrap().full_game();
        let mut s = game.new_initial_state();
        play(&game, &mut s, &mut GameRng::new(seed, 0), plies);
        round_trip(&game, s, seed)?;
        let game = Carrom::new(Rules::icf().with_target_points(3)).unwrap().full_match();
        let mut s = game.new_initial_state();
        play(&game, &mut s, &mut GameRng::new(seed, 0), plies);
        round_trip(&game, s, seed)?;
    }
}

#[test]
fn corrupted_states_are_refused() {
    let game = Carrom::new(Rules::icf()).unwrap();
    let mut s = game.new_initial_state();
    play(&game, &mut s, &mut GameRng::new(3, 0), 5);
    let json: serde_json::Value = serde_json::to_value(&s).unwrap();
    let corrupt = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut j = json.clone();
        f(&mut j);
        serde_json::from_value::<State>(j)
    };
    assert!(corrupt(&|_| {}).is_ok());
    assert!(corrupt(&|j| j["setup"]["pieces"][3]["x"] = 5.0.into()).is_err());
    assert!(corrupt(&|j| j["setup"]["strokes"] = (-1).into()).is_err());
    assert!(corrupt(&|j| j["setup"]["to_move"] = 2.into()).is_err());
    assert!(corrupt(&|j| j["rules"]["players"] = 3.into()).is_err());
    assert!(corrupt(&|j| j["rules"]["queen_points"] = i64::MAX.into()).is_err());
    // A result on a board that goes on; a phase the rules cannot reach.
    assert!(
        corrupt(&|j| j["result"] =
            serde_json::json!({"winner": 0, "points": [3, 0], "reason": "AllPieces"}))
        .is_err()
    );
    assert!(corrupt(&|j| j["phase"] = serde_json::json!("Over")).is_err());
    // A due choice about the queen (bit 0), which is never a due man.
    assert!(
        corrupt(
            &|j| j["phase"] = serde_json::json!({"Dues": {"placer": 1, "men": 1, "then": null}})
        )
        .is_err()
    );
    // A match whose totals do not fit its round.
    let m = Carrom::new(Rules::lattjo()).unwrap().full_game();
    let ms = m.new_initial_state();
    let mut j = serde_json::to_value(&ms).unwrap();
    assert!(serde_json::from_value::<MatchState<State>>(j.clone()).is_ok());
    j["totals"] = serde_json::json!([0, 0, 0]);
    assert!(serde_json::from_value::<MatchState<State>>(j.clone()).is_err());
    j["totals"] = serde_json::json!([0, 0]);
    j["over"] = true.into();
    assert!(serde_json::from_value::<MatchState<State>>(j).is_err());
}

/// A board that ended blocked (no winner, `BoardEnd::Blocked`) reads back; a result that has
/// no winner for another reason, a winner for a blocked board or points after one is refused.
#[test]
fn a_blocked_board_round_trips_and_inconsistent_blocked_results_are_refused() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = common::both_lines_blocked(game.rules(), lattjo_carrom::QueenState::OnBoard);
    game.apply(
        &mut s,
        &lattjo_carrom::Action::Pass(boardgame_core::Seat::new(0)),
    )
    .unwrap();
    assert_eq!(s.result().map(|r| r.winner), Some(None));
    let json: serde_json::Value = serde_json::to_value(&s).unwrap();
    assert_eq!(json["result"]["winner"], serde_json::Value::Null);
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), s);
    let corrupt = |result: serde_json::Value| {
        let mut j = json.clone();
        j["result"] = result;
        serde_json::from_value::<State>(j)
    };
    use serde_json::json;
    let refused = [
        json!({"winner": null, "points": [0, 0], "reason": "AllPieces"}),
        json!({"winner": 0, "points": [1, 0], "reason": "Blocked"}),
        json!({"winner": null, "points": [1, 0], "reason": "Blocked"}),
        json!({"winner": 2, "points": [1, 0], "reason": "AllPieces"}),
    ];
    for r in refused {
        assert!(corrupt(r.clone()).is_err(), "{r}");
    }
    assert!(corrupt(json!({"winner": null, "points": [0, 0], "reason": "Blocked"})).is_ok());
    // A blocked end on a board where a base line is free: the middle black man (x = 0)
    // moved off the south line leaves the striker room there.
    let mut j = json.clone();
    let middle = common::black(3);
    j["setup"]["pieces"][usize::from(middle.id())]["y"] = json!(0.1);
    let e = serde_json::from_value::<State>(j).unwrap_err();
    assert!(e.to_string().contains("every base line"), "{e}");
}

/// Regression (configuration sweep, 5 December 2026): the state check bounded a board's
/// points by `MAX_POINTS` (1000), the largest value of an option, but a board won with the
/// queen covered (C18) under the largest queen points (1000) scores more: here the queen and
/// the loser's last man, 1001 points. The game played the state and its JSON did not read
/// back. The bound is now what the rules can award: the queen's points, the men, the penalty
/// and extra points, or `max_points_per_board` when that is less (ICF 28).
#[test]
fn regression_a_board_won_at_the_largest_queen_points_did_not_deserialize_c18() {
    use common::{both, setup, white};
    use lattjo_carrom::{Outcome, QueenState};
    let won = |rules: Rules| {
        let game = Carrom::new(rules).unwrap();
        let su = setup(game.rules(), &both(8, 8), QueenState::Covered(0), [0, 0], 0);
        let mut s = game.from_setup(su).unwrap();
        game.resolve(&mut s, &Outcome::counted().pocket(white(8)))
            .unwrap();
        s
    };
    let s = won(Rules::lattjo().with_queen_points(lattjo_carrom::MAX_POINTS));
    assert_eq!(s.result().unwrap().points, [1001, 0]);
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(json).unwrap(), s);
    // Under a cap per board (ICF 28) the check holds the points to the cap.
    let s = won(Rules::lattjo().with_max_points_per_board(Some(4)));
    assert_eq!(s.result().unwrap().points, [4, 0]);
    let mut json = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), s);
    json["result"]["points"] = serde_json::json!([5, 0]);
    assert!(serde_json::from_value::<State>(json).is_err());
}

/// Regression (configuration sweep, 5 December 2026): under A1's `DeductFromOffender` option a
/// board lost by C17 (own last piece before the queen) scores the victim its normal C18 count,
/// 0 (the offender has no man left), and takes 3 plus the victim's men on the board from the
/// offender. The state check wanted at least 1 point for every board's winner (A18's reading
/// under the default `CreditVictim`), so the game played a state whose JSON did not read back.
#[test]
fn regression_a_c17_loss_with_points_deducted_did_not_deserialize_a1() {
    use common::{both, setup, white};
    use lattjo_carrom::{BoardEnd, Outcome, PenaltyPoints, QueenState};
    let game = Carrom::new(Rules::lattjo().with_penalty_points(PenaltyPoints::DeductFromOffender))
        .unwrap();
    let su = setup(game.rules(), &both(8, 0), QueenState::OnBoard, [0, 0], 0);
    let mut s = game.from_setup(su).unwrap();
    game.resolve(&mut s, &Outcome::counted().pocket(white(8)))
        .unwrap();
    let r = s.result().unwrap();
    assert_eq!(r.reason, BoardEnd::OwnLastBeforeQueen);
    assert_eq!((r.winner, r.points), (Some(1), [-12, 0]));
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), s);
    // Under the default the winner of a board scores at least 1 (A18).
    let mut credit = json;
    credit["rules"]["penalty_points"] = serde_json::json!("CreditVictim");
    assert!(serde_json::from_value::<State>(credit).is_err());
}

/// Regression (configuration sweep, 5 December 2026): A14's ICF option
/// (`last_piece_with_striker_loses`, ICF 81) under the booklet's count ends the board before the
/// stroke's penalty brings the striker's men back, so the ended board holds men of both colours
/// (ICF's own count writes them off, ICF 28). The state check wanted a colour with no man left
/// on every ended board, so the state did not read back.
#[test]
fn regression_a_board_lost_by_the_last_man_with_the_striker_did_not_deserialize_a14() {
    use common::{both, position, resolve, white};
    use lattjo_carrom::{BoardEnd, Colour, Outcome, QueenState};
    let rules = Rules::lattjo().with_last_piece_with_striker_loses(true);
    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &Outcome::counted().pocket(white(8)).striker_pocketed(),
    )
    .unwrap();
    assert_eq!(r.board_over.unwrap().reason, BoardEnd::LastPieceWithStriker);
    assert!(s.on_board(Colour::White) > 0 && s.on_board(Colour::Black) > 0);
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), s);
    // Another end with men of both colours on the board is still refused.
    let mut other = json;
    other["result"]["reason"] = serde_json::json!("OpponentsLastPiece");
    assert!(serde_json::from_value::<State>(other).is_err());
}
