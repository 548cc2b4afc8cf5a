//! Helpers shared by the match-file tests (`mat.rs`, `sgf.rs`).

use lattjo_backgammon::mat::MATCH_RULES;
use lattjo_backgammon::{Action, Backgammon, Game, GameRng, Match, MatchConfig, Phase, Rules};

/// Plays a random match or money session from `seed`, returning the rules, length and
/// actions.
pub fn random_match(seed: u64) -> (Rules, u32, Vec<Action>) {
    random_match_with(seed, false)
}

/// [`random_match`], with the doubled player allowed to resign instead of answering
/// (`Rules::resign_when_doubled`) when `resign_when_doubled`; without it the same match.
pub fn random_match_with(seed: u64, resign_when_doubled: bool) -> (Rules, u32, Vec<Action>) {
    let mut rng = GameRng::new(seed, 7);
    let length = [0u32, 1, 3, 5, 7][rng.below(5) as usize];
    let money = length == 0;
    let rules = MATCH_RULES
        .with_jacoby(money && rng.below(2) == 0)
        .with_beavers(money && rng.below(2) == 0)
        .with_resign_when_doubled(resign_when_doubled);
    let config = if money {
        MatchConfig::new(None, Some(1 + rng.below(4)))
    } else {
        MatchConfig::new(Some(i64::from(length)), None)
    }
    .unwrap();
    let m = Match::new(Backgammon::new(rules).unwrap(), config);
    let mut s = m.new_initial_state();
    let mut actions = Vec::new();
    let mut buf = Vec::new();
    // Random play, with fewer doubles and resignations than a uniform choice makes.
    while !s.is_over() && actions.len() < 20_000 {
        let a = match m.sample_chance(&s, &mut rng) {
            Some(a) => a,
            None => match m.sample_action(&s, &mut rng, &mut buf).unwrap() {
                // A resignation instead of an answer to a double (only with
                // `resign_when_doubled`) 1 time in 4, else a take or a drop.
                Action::Resign(l) if s.round().phase() == Phase::Doubled => {
                    if rng.below(4) == 0 {
                        Action::Resign(l)
                    } else {
                        [Action::Take, Action::Drop][rng.index(2)]
                    }
                }
                // Other resignations 1 time in 40 (else the roll, or after the roll a play), a
                // double 1 in 6.
                Action::Resign(_) if rng.below(40) != 0 => {
                    if s.round().phase() == Phase::Moving {
                        m.legal_actions(&s, &mut buf);
                        buf.retain(|a| matches!(a, Action::Play(_)));
                        buf[rng.index(buf.len())]
                    } else {
                        Action::Roll
                    }
                }
                Action::Double if rng.below(6) != 0 => Action::Roll,
                a => a,
            },
        };
        m.apply(&mut s, &a).unwrap();
        actions.push(a);
    }
    (rules, length, actions)
}

/// Drops refused resignations and their offers, which the format does not hold.
pub fn without_refused_resignations(actions: &[Action]) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for a in actions {
        if *a == Action::RejectResignation {
            out.pop();
        } else {
            out.push(*a);
        }
    }
    out
}

/// The actions of a match as its `.mat` record keeps them (less refused resignations): a
/// resignation accepted after a roll with exactly one legal play is written before the
/// roll, so that roll's dice are not in the record (GNUBG's importer would play that play),
/// unless the roll came right after a take.
#[allow(
    dead_code,
    reason = "used by mat.rs, not by sgf.rs, which shares this module"
)]
pub fn as_mat_keeps(rules: Rules, length: u32, actions: &[Action]) -> Vec<Action> {
    let config = if length > 0 {
        MatchConfig::new(Some(i64::from(length)), None)
    } else {
        MatchConfig::new(None, Some(u32::MAX))
    }
    .unwrap();
    let m = Match::new(Backgammon::new(rules).unwrap(), config);
    let mut s = m.new_initial_state();
    let mut out: Vec<Action> = Vec::new();
    let mut buf = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let accepted = actions.get(i + 1) == Some(&Action::AcceptResignation);
        if matches!(a, Action::Resign(_)) && accepted && s.round().phase() == Phase::Moving {
            m.legal_actions(&s, &mut buf);
            // `Play::NONE` stands for no legal play.
            let plays = buf
                .iter()
                .filter(|x| matches!(x, Action::Play(p) if !p.is_none()))
                .count();
            let after_take = out.len() >= 2 && out[out.len() - 2] == Action::Take;
            if plays == 1 && !after_take {
                // The dice (and the decision to roll before them) are not written.
                while matches!(out.last(), Some(Action::Dice(_) | Action::Roll)) {
                    out.pop();
                }
            }
        }
        m.apply(&mut s, a).unwrap();
        out.push(*a);
    }
    without_refused_resignations(&out)
}

/// The actions without the rolls (a record's replay and the game it records agree on every
/// other action, whatever the chance nodes in between).
pub fn without_rolls(actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .copied()
        .filter(|a| *a != Action::Roll)
        .collect()
}

/// How many resignations offered instead of an answer to a double, and accepted, `actions`
/// (rolls aside) holds (D6, A10: `Rules::resign_when_doubled`).
pub fn resignations_instead_of_answers(actions: &[Action]) -> usize {
    actions
        .windows(3)
        .filter(|w| {
            matches!(
                w,
                [Action::Double, Action::Resign(_), Action::AcceptResignation]
            )
        })
        .count()
}
