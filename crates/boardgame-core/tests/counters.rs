//! Counters a caller or a file controls, set at or near their type's maximum: the state they
//! reach by play still reads back (tests run with overflow checks on).

#[cfg(feature = "serde")]
use boardgame_core::{
    BySeat, Game, Match, MatchConfig, MatchState, Returns, RoundContext, RoundState, Rounds, Seat,
    Turn,
};

/// A round of one action by seat 0, which scores 1 point for seat 0.
#[cfg(feature = "serde")]
#[derive(Clone, Debug)]
struct OnePoint;

/// Whether the round's one action was played.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Round(bool);

#[cfg(feature = "serde")]
impl RoundState for Round {
    fn seats(&self) -> usize {
        2
    }
    fn is_round_over(&self) -> bool {
        self.0
    }
}

#[cfg(feature = "serde")]
impl Game for OnePoint {
    type State = Round;
    type Action = ();
    type Error = core::fmt::Error;
    fn num_players(&self) -> usize {
        2
    }
    fn new_initial_state(&self) -> Round {
        Round(false)
    }
    fn turn(&self, s: &Round) -> Turn {
        if s.0 {
            Turn::Terminal
        } else {
            Turn::Player(Seat::new(0))
        }
    }
    fn legal_actions(&self, s: &Round, out: &mut Vec<()>) {
        out.clear();
        if !s.0 {
            out.push(());
        }
    }
    fn chance_outcomes(&self, _: &Round, out: &mut Vec<((), f64)>) -> bool {
        out.clear();
        true
    }
    fn apply(&self, s: &mut Round, _: &()) -> Result<(), core::fmt::Error> {
        s.0 = true;
        Ok(())
    }
    fn returns(&self, s: &Round) -> Option<Returns> {
        s.0.then(|| BySeat::from_fn(2, |seat| [1.0, -1.0][seat.index()]))
    }
}

#[cfg(feature = "serde")]
impl Rounds for OnePoint {
    fn round_points(&self, s: &Round) -> Option<BySeat<i64>> {
        s.0.then(|| BySeat::from_fn(2, |seat| [1, 0][seat.index()]))
    }
    fn new_round(&self, _: &RoundContext<'_, Round>) -> Round {
        Round(false)
    }
}

/// Regression (counter audit): a match in play read back at `u32::MAX - 1` rounds played
/// (which the deserializer accepts: there is room to count the round in play) counted that
/// round to `u32::MAX` and played on, and the state it reached did not read back ("a match in
/// play has played fewer than u32::MAX rounds"). A match now ends when its count of rounds
/// reaches `u32::MAX`, scored as any other (here seat 0 leads: it wins).
#[cfg(feature = "serde")]
#[test]
fn regression_a_match_counted_to_u32_max_rounds_in_play_did_not_read_back() {
    let m = Match::new(
        OnePoint,
        MatchConfig::new(Some(1_000), None).expect("config"),
    );
    let text = |played: u32| {
        format!(
            r#"{{"round":false,"totals":[5,0],"rounds_played":{played},"over":false,"scoreless_rounds":0}}"#
        )
    };
    for played in [u32::MAX - 2, u32::MAX - 1] {
        let mut s: MatchState<Round> = serde_json::from_str(&text(played)).expect("in play");
        assert_eq!(m.check_state(&s), Ok(()));
        while m.turn(&s) != Turn::Terminal {
            m.apply(&mut s, &()).expect("the round's action");
            let json = serde_json::to_string(&s).expect("writes");
            let back: MatchState<Round> = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("from {played}, at {}: {e}", s.rounds_played()));
            assert_eq!(back, s);
            assert_eq!(m.check_state(&back), Ok(()));
        }
        assert_eq!(s.rounds_played(), u32::MAX);
        assert!(s.is_over());
        assert_eq!(m.returns(&s).expect("over").as_slice(), &[1.0, -1.0]);
    }
    // Real counts are unchanged: the match plays on to its target.
    let mut s: MatchState<Round> = serde_json::from_str(&text(7)).expect("in play");
    m.apply(&mut s, &()).expect("the round's action");
    assert_eq!((s.rounds_played(), s.is_over()), (8, false));
}
