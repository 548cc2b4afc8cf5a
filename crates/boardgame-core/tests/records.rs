//! Game records (`Record`: the seed and every action) against the design notes
//! (`/work/shared/design/core.md` decision 1: "a record is `seed + Vec<Action>` and replays
//! without any RNG"; "every game record replays bit-for-bit from its seed"), on the crate's
//! own test game: in progress and finished, of a single game and of a match, through JSON;
//! hostile records (an action replaced, another rule set or seat count) are refused at the
//! first refused action with the state left before it; hostile JSON for every deserializer
//! of the crate is refused with the reason.

use boardgame_core::race::{Race, RaceAction, RaceRules};
use boardgame_core::{Game, GameRng, Match, MatchConfig, Record, Turn};
use proptest::prelude::*;

fn any_race() -> impl Strategy<Value = Race> {
    (
        2usize..=4,
        1u8..=200,
        0u8..=6,
        1u8..=20,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter_map(
            "rules that make a race",
            |(players, track, hand, copies, extra_turn_on_six, bump, partners)| {
                Race::new(
                    RaceRules::default()
                        .with_players(players)
                        .with_track(track)
                        .with_hand(hand)
                        .with_copies(copies)
                        .with_extra_turn_on_six(extra_turn_on_six)
                        .with_bump(bump)
                        .with_partners(partners && players == 4),
                )
                .ok()
            },
        )
}

/// A random game's record (at most `n` actions) and every state along it.
fn play<G: Game>(game: &G, seed: u64, n: usize) -> (Record<G::Action>, Vec<G::State>) {
    let mut s = game.new_initial_state();
    let mut rng = GameRng::new(seed, 0);
    let mut buf = Vec::new();
    let mut record = Record::new(seed);
    let mut states = vec![s.clone()];
    while record.actions.len() < n {
        let a = match game.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
        };
        let Some(a) = a else { break };
        game.apply(&mut s, &a).expect("a sampled action is legal");
        record.actions.push(a);
        states.push(s.clone());
    }
    (record, states)
}

/// Every action the race's notation can hold: each variant with the smallest and largest
/// values.
fn all_actions() -> Vec<RaceAction> {
    let mut out = vec![RaceAction::Advance];
    for v in (0..=8).chain([200, 255]) {
        out.extend([
            RaceAction::Deal(v),
            RaceAction::Roll(v),
            RaceAction::Play(v),
        ]);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// A record in progress (cut anywhere) and finished replays to the state it recorded,
    /// and (with serde) reads back from its JSON to itself.
    #[test]
    fn a_record_round_trips_and_replays_in_progress_and_finished(
        game in any_race(),
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let (record, states) = play(&game, seed, 10_000);
        prop_assert_eq!(game.turn(states.last().expect("a state")), Turn::Terminal);
        let k = cut.index(record.actions.len() + 1);
        for n in [k, record.actions.len()] {
            let r = Record { seed, actions: record.actions[..n].to_vec() };
            let got = r.replay(&game);
            prop_assert_eq!(got.as_ref(), Ok(&states[n]));
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(&r).expect("serializes");
                let back: Record<RaceAction> = serde_json::from_str(&json).expect("reads");
                prop_assert_eq!(&back, &r);
            }
        }
        // Replaying onto a state in progress continues it.
        let mut s = states[k].clone();
        Record { seed, actions: record.actions[k..].to_vec() }
            .replay_from(&game, &mut s)
            .expect("the rest replays");
        prop_assert_eq!(&s, states.last().expect("a state"));
    }

    /// A record with one action replaced: refused at that action or later, naming it, with
    /// the state left at the position before the refused action; or accepted.
    #[test]
    fn a_record_with_an_action_replaced_is_refused_where_it_fails(
        game in any_race(),
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let (mut record, states) = play(&game, seed, 10_000);
        let k = cut.index(record.actions.len());
        record.actions[k] = *pick.get(&all_actions());
        let mut s = game.new_initial_state();
        if let Err(e) = record.replay_from(&game, &mut s) {
            prop_assert!(e.index >= k);
            if e.index == k {
                prop_assert_eq!(&s, &states[k]);
            }
            let before = Record { seed, actions: record.actions[..e.index].to_vec() };
            let got = before.replay(&game);
            prop_assert_eq!(got.as_ref(), Ok(&s));
            let says = format!("action {} of the record", e.index);
            prop_assert!(e.to_string().starts_with(&says));
        }
    }

    /// A record of one rule set or seat count replayed under another: a typed error or a
    /// state, never a panic; and the same for a match's record.
    #[test]
    fn a_record_of_another_rule_set_or_seat_count_never_panics(
        a in any_race(),
        b in any_race(),
        seed in any::<u64>(),
    ) {
        let (record, _) = play(&a, seed, 10_000);
        let _ = record.replay(&b);
        let config = MatchConfig::new(Some(3), Some(5)).expect("config");
        let (ma, mb) = (Match::new(a, config), Match::new(b, config));
        let (record, states) = play(&ma, seed, 10_000);
        let got = record.replay(&ma);
        prop_assert_eq!(got.as_ref(), Ok(states.last().expect("a state")));
        let _ = record.replay(&mb);
    }
}

/// Hostile JSON for every deserializer of the crate: empty, deeply nested, non-UTF-8,
/// numbers out of range, fields twice or missing, too many seats, an unbounded match, an
/// empty shape. Always an error that says what was wrong; never a panic.
#[cfg(feature = "serde")]
#[test]
fn hostile_json_is_refused_with_the_reason() {
    use boardgame_core::{BySeat, Seat, Shape};
    let nested = "[".repeat(100_000) + &"]".repeat(100_000);
    let record = |text: &str| {
        serde_json::from_str::<Record<RaceAction>>(text)
            .expect_err(text)
            .to_string()
    };
    for (text, says) in [
        ("", "EOF"),
        (nested.as_str(), "expected u64"),
        (r#"{"seed":0,"actions":[{"Roll":256}]}"#, "u8"),
        (r#"{"seed":18446744073709551616,"actions":[]}"#, "u64"),
        (
            r#"{"seed":0,"seed":0,"actions":[]}"#,
            "duplicate field `seed`",
        ),
        (r#"{"actions":[]}"#, "missing field `seed`"),
        (r#"{"seed":0,"actions":["Fly"]}"#, "unknown variant"),
    ] {
        let e = record(text);
        assert!(e.contains(says), "{}: {e}", &text[..text.len().min(40)]);
    }
    assert!(
        serde_json::from_slice::<Record<RaceAction>>(b"{\"seed\":0,\"actions\":[\"\xff\"]}")
            .is_err()
    );
    // Seats, turns and per-seat values: a seat is any u8 (`Seat::new`), a list of more
    // than MAX_SEATS values is refused.
    assert!(serde_json::from_str::<Seat>("256").is_err());
    assert!(serde_json::from_str::<Turn>(r#"{"Player":-1}"#).is_err());
    let nine = serde_json::from_str::<BySeat<i64>>("[1,2,3,4,5,6,7,8,9]").expect_err("nine seats");
    assert!(nine.to_string().contains("at most MAX_SEATS"), "{nine}");
    assert!(serde_json::from_str::<BySeat<i64>>(&nested).is_err());
    // Match settings go through MatchConfig::new.
    for (text, says) in [
        (
            r#"{"target":null,"max_rounds":null}"#,
            "target score or a maximum",
        ),
        (r#"{"target":0,"max_rounds":null}"#, "must be positive"),
        (r#"{"target":5,"max_rounds":0}"#, "at least 1"),
        (
            r#"{"target":5,"target":6,"max_rounds":null}"#,
            "duplicate field `target`",
        ),
        (r#"{}"#, "target score or a maximum"),
    ] {
        let e = serde_json::from_str::<MatchConfig>(text)
            .expect_err(text)
            .to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
    // A missing optional setting is serde's `None` (what `Serialize` writes as `null`).
    assert_eq!(
        serde_json::from_str::<MatchConfig>(r#"{"target":5}"#).ok(),
        MatchConfig::new(Some(5), None).ok()
    );
    assert!(serde_json::from_str::<Shape>(r#"{"dims":[]}"#).is_err());
    // The generator: a saved one continues the same stream; a hostile one is refused or is
    // a generator (every ChaCha key, stream and position is one), never a panic.
    let mut a = GameRng::new(9, 3);
    let _ = (a.next_u64(), a.below(7));
    let mut b: GameRng =
        serde_json::from_str(&serde_json::to_string(&a).expect("writes")).expect("reads");
    for _ in 0..100 {
        assert_eq!(a.next_u64(), b.next_u64());
    }
    let seed = format!("[{}]", ["255"; 32].join(","));
    for text in [
        format!(
            r#"{{"inner":{{"seed":{seed},"stream":3,"word_pos":{}}}}}"#,
            u128::MAX
        ),
        format!(
            r#"{{"inner":{{"seed":{seed},"stream":{},"word_pos":0}}}}"#,
            u64::MAX
        ),
        r#"{"inner":{"seed":[1,2,3],"stream":3,"word_pos":0}}"#.to_string(),
        format!(r#"{{"inner":{{"seed":{seed},"stream":3,"word_pos":-1}}}}"#),
        format!(r#"{{"inner":{{"seed":{seed},"stream":3}}}}"#),
        format!(r#"{{"inner":{{"seed":{seed},"stream":3,"word_pos":0,"word_pos":1}}}}"#),
    ] {
        if let Ok(mut r) = serde_json::from_str::<GameRng>(&text) {
            let _ = (r.next_u64(), r.below(6), r.next_u32());
        }
    }
}
