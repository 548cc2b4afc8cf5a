//! Counters a caller or a file controls, set at or near their type's maximum: refused where
//! they enter, never overflowed by later arithmetic (tests run with overflow checks on).

#[cfg(feature = "serde")]
use lattjo_dominoes::{Rules, State};

#[cfg(feature = "serde")]
use crate::common::{game, pos};

/// The largest multiple of 5 an `i64` holds: a fives score that passes the per-seat checks.
#[cfg(feature = "serde")]
const HUGE_FIVES: i64 = i64::MAX - i64::MAX % 5;

/// Deserializing a state summed its fives scores to bound them by what the plays could score;
/// two scores that each pass the per-seat checks (non-negative multiples of 5) overflowed the
/// sum: a panic with overflow checks, and in release a negative sum that let the state in.
#[cfg(feature = "serde")]
#[test]
fn regression_fives_scores_near_i64_max_overflowed_their_sum() {
    let g = game(Rules::all_fives());
    let s = pos(&g, &["5-0 5-2 1-1", "5-3 5-1 2-2"], "[5-5]*", 0);
    let mut v = serde_json::to_value(&s).expect("value");
    for fives in [[HUGE_FIVES, HUGE_FIVES], [HUGE_FIVES, 5], [HUGE_FIVES, 0]] {
        v["fives"] = serde_json::json!(fives);
        assert!(
            serde_json::from_value::<State>(v.clone()).is_err(),
            "fives {fives:?} in a one-tile layout"
        );
    }
    v["fives"] = serde_json::json!([0, 0]);
    assert_eq!(serde_json::from_value::<State>(v).expect("the state"), s);
}
