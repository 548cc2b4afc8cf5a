//! A review of the game against the rules file (`backgammon.md`: B-rules, decisions A1-A18,
//! deviations D1-D7), written from the rules before reading the implementation: the opening
//! roll, the single-die policies through the game, bearing off after a hit, the cube (who
//! doubles and when, drops, beavers, the limit, automatic doubles, Jacoby), gammons and
//! backgammons with the cube, resignations, and match play to its end (Crawford once, a match
//! won mid-game by a drop). Each test is named after the rules it checks.

use boardgame_core::{Game, Match, MatchConfig, MatchState, Rounds, Seat, Turn};
use lattjo_backgammon::{
    Action, Backgammon, Dice, Phase, Play, PlayError, PlayList, Position, ResignLevel, Rules, Side,
    SingleDiePolicy, State, Step, WinKind,
};

pub(crate) const STD: SingleDiePolicy = SingleDiePolicy::Standard;
pub(crate) const LAT: SingleDiePolicy = SingleDiePolicy::Lattjo;

/// A position from (point, count) lists in each side's own numbering; 25 = bar, 0 = off.
pub(crate) fn pos(white: &[(usize, u8)], black: &[(usize, u8)], to_move: Side) -> Position {
    let mut w = [0u8; 26];
    let mut b = [0u8; 26];
    for &(p, n) in white {
        w[p] += n;
    }
    for &(p, n) in black {
        b[p] += n;
    }
    Position::new(to_move, w, b).expect("valid test position")
}

pub(crate) fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

pub(crate) fn game(rules: Rules) -> Backgammon {
    Backgammon::new(rules).expect("valid rules")
}

pub(crate) fn apply<G: Game<Action = Action>>(g: &G, s: &mut G::State, a: Action)
where
    G::Error: std::fmt::Display,
{
    g.apply(s, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

pub(crate) fn legal<G: Game<Action = Action>>(g: &G, s: &G::State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// The first legal checker play (to move a game along).
pub(crate) fn any_play<G: Game<Action = Action>>(g: &G, s: &mut G::State)
where
    G::Error: std::fmt::Display,
{
    let a = legal(g, s)
        .into_iter()
        .find(|a| matches!(a, Action::Play(_)))
        .expect("a play");
    apply(g, s, a);
}

/// The positions the legal plays of `p` with `d` reach under `policy`.
pub(crate) fn results(p: &Position, d: Dice, policy: SingleDiePolicy) -> Vec<Position> {
    let mut list = PlayList::new();
    list.generate(p, d, policy);
    list.results().collect()
}

/// The position a sequence of (from, to) checker movements reaches, legal or not.
pub(crate) fn after(p: &Position, steps: &[(u8, u8)]) -> Position {
    let steps: Vec<Step> = steps
        .iter()
        .map(|&(f, t)| Step::new(f, t).unwrap())
        .collect();
    p.apply_steps(&Play::from_steps(&steps).unwrap()).unwrap()
}

/// Asserts that the legal plays reach exactly `expected` (each once).
pub(crate) fn assert_results(
    p: &Position,
    d: Dice,
    policy: SingleDiePolicy,
    expected: &[Position],
    why: &str,
) {
    let got = results(p, d, policy);
    assert_eq!(got.len(), expected.len(), "{why}: {got:?}");
    for e in expected {
        assert!(got.contains(e), "{why}: missing {e:?} in {got:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The opening roll (B3, A3, D3)
// ---------------------------------------------------------------------------------------

/// B3: each player rolls one die; the higher moves first and plays both numbers (one die of
/// each player). A3: a tie is re-rolled, so the opening play is never a double. A10: a double
/// is offered before a roll, and the opening play's roll is already made, so the first player
/// plays at once.
#[test]
fn b3_a3_the_higher_die_moves_first_with_both_numbers_ties_are_rerolled() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        for w in 1..=6u8 {
            for b in 1..=6u8 {
                let mut s = g.new_initial_state();
                let a = Action::Opening { white: w, black: b };
                if w == b {
                    assert!(
                        matches!(g.apply(&mut s, &a), Err(PlayError::BadDice(_))),
                        "A3: {w}-{b} is re-rolled, not played"
                    );
                    assert_eq!(s, g.new_initial_state());
                    assert_eq!(s.cube_value(), 1, "A3: no automatic double by default");
                    continue;
                }
                apply(&g, &mut s, a);
                let first = if w > b { Side::White } else { Side::Black };
                assert_eq!(s.to_move(), first, "B3: {w}-{b}");
                assert_eq!(s.phase(), Phase::Moving, "B3: the opening roll is played");
                assert_eq!(s.dice(), Some(dice(w, b)), "B3: both numbers");
                assert!(!s.dice().unwrap().is_double());
                assert_eq!(g.turn(&s), Turn::Player(first.seat()));
                assert!(
                    legal(&g, &s).iter().all(|a| matches!(a, Action::Play(_))),
                    "A10: no double once the roll is made"
                );
            }
        }
        // The chance node never yields a tie.
        let mut out = Vec::new();
        g.chance_outcomes(&g.new_initial_state(), &mut out);
        assert!(
            out.iter()
                .all(|(a, _)| matches!(a, Action::Opening { white, black } if white != black))
        );
    }
}

/// B3, B4: after the opening play each player rolls their own two dice; the second player's
/// first turn starts before the roll, when a double may be offered (the cube is centred:
/// either player, A10).
#[test]
fn b4_a10_after_the_opening_play_the_other_player_may_double_before_rolling() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let mut s = g.new_initial_state();
        apply(&g, &mut s, Action::Opening { white: 1, black: 3 });
        assert_eq!(s.to_move(), Side::Black);
        any_play(&g, &mut s);
        assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::White));
        assert_eq!(legal(&g, &s), vec![Action::Roll, Action::Double]);
    }
}

/// D3: with automatic doubles each opening tie doubles the centred cube, up to the agreed
/// limit; past it a tie is just re-rolled. The cube stays centred, so either player may then
/// double it (A10).
#[test]
fn d3_automatic_doubles_stop_at_the_agreed_limit_and_leave_the_cube_centred() {
    let g = game(Rules::standard().with_automatic_doubles(1));
    let mut s = g.new_initial_state();
    apply(&g, &mut s, Action::Opening { white: 2, black: 2 });
    assert_eq!(
        (s.cube_value(), s.cube_owner(), s.phase()),
        (2, None, Phase::Opening)
    );
    // Past the limit: the tie changes nothing but is re-rolled.
    apply(&g, &mut s, Action::Opening { white: 5, black: 5 });
    assert_eq!(
        (s.cube_value(), s.cube_owner(), s.phase()),
        (2, None, Phase::Opening)
    );
    apply(&g, &mut s, Action::Opening { white: 6, black: 4 });
    assert_eq!((s.to_move(), s.dice()), (Side::White, Some(dice(6, 4))));
    any_play(&g, &mut s);
    // Black, who does not own the centred cube, may double it: 2 -> 4.
    assert_eq!(s.phase(), Phase::BeforeRoll);
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (4, Some(Side::White)));
}

/// D3 with A13: an automatic double never takes the cube past the configured cube limit.
#[test]
fn d3_a13_automatic_doubles_respect_the_cube_limit() {
    let g = game(
        Rules::standard()
            .with_automatic_doubles(3)
            .with_max_cube_log2(Some(1)),
    );
    let mut s = g.new_initial_state();
    for _ in 0..3 {
        apply(&g, &mut s, Action::Opening { white: 3, black: 3 });
        assert_eq!((s.cube_value(), s.phase()), (2, Phase::Opening), "A13");
    }
    assert!(g.check_state(&s).is_ok());
    apply(&g, &mut s, Action::Opening { white: 3, black: 4 });
    any_play(&g, &mut s);
    assert_eq!(
        g.turn(&s),
        Turn::Chance,
        "A13: a centred cube at the limit is not doubled"
    );
}

/// D5: automatic doubles are a money-play convention and never apply in match play: an
/// opening tie in a match is re-rolled and the cube stays at 1.
#[test]
fn d3_d5_automatic_doubles_never_apply_in_match_play() {
    let g = game(Rules::standard().with_automatic_doubles(2));
    let m = Match::new(g, MatchConfig::new(Some(3), None).unwrap());
    let s = m.new_initial_state();
    let mut out = Vec::new();
    m.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 30, "A3: ties are no outcome in a match");
    let mut t = s.clone();
    assert!(
        m.apply(&mut t, &Action::Opening { white: 4, black: 4 })
            .is_err()
    );
    assert_eq!(t.round().cube_value(), 1);
}

// ---------------------------------------------------------------------------------------
// Using the dice (D1, A8, A9, A15) through positions the GNUBG cross-check does not reach
// ---------------------------------------------------------------------------------------

/// A9 (Standard): both dice must be used when any order uses both, also when only one order
/// fits (the 6 first is blocked, the 1 first opens the way). Under the booklet (A8) the full
/// play is also the only one: the higher die alone is blocked and the lower is never alone.
#[test]
fn a9_a8_both_dice_in_the_only_order_that_fits() {
    // White: one checker on its 24 point, 14 off. Black blocks White's 18 (Black's 7).
    let p = pos(&[(24, 1), (0, 14)], &[(7, 2), (6, 13)], Side::White);
    let full = after(&p, &[(24, 23), (23, 17)]);
    assert_results(&p, dice(6, 1), STD, &[full], "A9: 24/23/17");
    assert_results(&p, dice(6, 1), LAT, &[full], "A8: 24/23/17, no 24/23 alone");
}

/// A8a and B13/B14 (booklet): entering with the lower die and then playing the higher die is
/// a full play, not a "lower die alone"; only when the higher die cannot follow does the
/// booklet leave the player unmoved, where the standard enters with the lower die (A9).
#[test]
fn a8a_a9_entering_with_the_lower_die() {
    // White: one on the bar, 14 on its 6 point; Black holds White's 19 (Black's 6 point).
    let p = pos(&[(25, 1), (6, 14)], &[(6, 2), (13, 13)], Side::White);
    let full = after(&p, &[(25, 24), (24, 18)]);
    let other = after(&p, &[(25, 24), (6, 0)]); // not legal: a checker is outside home
    assert_results(&p, dice(6, 1), STD, &[full], "bar/24/18");
    assert_results(
        &p,
        dice(6, 1),
        LAT,
        &[full],
        "bar/24/18 under the booklet too",
    );
    assert!(!results(&p, dice(6, 1), STD).contains(&other));
    // Now Black also holds White's 18 (Black's 7) and 12 (Black's 13): after bar/24 the 6 is
    // blocked for every checker (White's 6 point checkers could only bear off: not home).
    let p = pos(
        &[(25, 1), (6, 14)],
        &[(6, 2), (7, 2), (13, 11)],
        Side::White,
    );
    let enter = after(&p, &[(25, 24)]);
    assert_results(
        &p,
        dice(6, 1),
        STD,
        &[enter],
        "A9c: the lower die when only it plays",
    );
    assert_results(
        &p,
        dice(6, 1),
        LAT,
        &[],
        "A8a/A8d: the lower die never alone",
    );
}

/// A15 with A8d through the game: with no legal play the only action is the empty play, and
/// the turn passes (S1 under the booklet; the standard plays the lower die).
#[test]
fn a15_a8d_no_legal_play_passes_the_turn() {
    let p = *"XGID=-bb-----A----------ef-----:0:0:1:61:0:0:0:0:10"
        .parse::<lattjo_backgammon::Xgid>()
        .unwrap()
        .position();
    let lat = game(Rules::lattjo());
    let mut s = lat.state_from(p, Some(dice(6, 1))).unwrap();
    assert_eq!(legal(&lat, &s), vec![Action::Play(Play::NONE)]);
    apply(&lat, &mut s, Action::Play(Play::NONE));
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.position().checkers(Side::White), p.checkers(Side::White));
    let std = game(Rules::standard());
    let s = std.state_from(p, Some(dice(6, 1))).unwrap();
    let v = legal(&std, &s);
    assert_eq!(v.len(), 1);
    assert_ne!(v[0], Action::Play(Play::NONE), "A9c: the 1 must be played");
}

// ---------------------------------------------------------------------------------------
// Bearing off (B18-B24, A5, A6)
// ---------------------------------------------------------------------------------------

/// A5 with B17: with doubles, the moves after the one that brings the last checker home may
/// bear off.
#[test]
fn a5_b19_doubles_bear_off_once_the_last_checker_is_home() {
    let p = pos(&[(8, 1), (2, 3), (6, 11)], &[(6, 15)], Side::White);
    for policy in [STD, LAT] {
        let got = results(&p, dice(2, 2), policy);
        let best = after(&p, &[(8, 6), (2, 0), (2, 0), (2, 0)]);
        assert!(got.contains(&best), "8/6 2/off(3)");
        assert!(got.iter().all(|r| r.off(Side::White) <= 3));
    }
}

/// B24: a checker hit during the bear-off must come back in and reach home before its owner
/// bears off again: no play of the turn it enters bears off, even with 6-6.
#[test]
fn b24_no_bear_off_in_the_turn_a_hit_checker_enters() {
    // White: one on the bar, 4 off, the rest home; Black leaves White's 19 open.
    let p = pos(
        &[(25, 1), (0, 4), (6, 4), (5, 3), (1, 3)],
        &[(13, 15)],
        Side::White,
    );
    for policy in [STD, LAT] {
        for d in [dice(6, 6), dice(6, 5), dice(1, 1)] {
            let got = results(&p, d, policy);
            assert!(!got.is_empty());
            assert!(
                got.iter().all(|r| r.off(Side::White) == 4),
                "B24: {d:?} bears nothing off: {got:?}"
            );
            assert!(
                got.iter().all(|r| r.bar(Side::White) == 0),
                "B13: enter first"
            );
        }
    }
}

/// A6, B22, B23: a die larger than needed bears off only from the highest occupied point,
/// never from a lower one.
#[test]
fn a6_b23_a_larger_die_bears_off_from_the_highest_point_only() {
    // White: 5:1, 2:1, 13 off; roll 6-1.
    let p = pos(&[(5, 1), (2, 1), (0, 13)], &[(6, 15)], Side::White);
    let on_1 = after(&p, &[(5, 0), (2, 1)]);
    let on_2 = after(&p, &[(5, 4), (4, 0)]);
    assert_results(&p, dice(6, 1), STD, &[on_1, on_2], "5/off 2/1, 5/4/off");
    let lower = after(&p, &[(2, 0), (5, 4)]);
    for policy in [STD, LAT] {
        assert!(
            !results(&p, dice(6, 1), policy).contains(&lower),
            "A6: the 6 never bears off from the 2 while the 5 is occupied"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The cube (B25-B29, A10-A13, D2, D5)
// ---------------------------------------------------------------------------------------

/// A state of `g` with `p`, `d` to play (or before the roll), and the cube set.
pub(crate) fn cubed(
    g: &Backgammon,
    p: Position,
    d: Option<Dice>,
    log2: u8,
    owner: Option<Side>,
) -> State {
    let mut setup = g
        .state_from(p, d)
        .unwrap_or_else(|e| panic!("{p:?}: {e}"))
        .setup();
    setup.cube_log2 = log2;
    setup.cube_owner = owner;
    let s = State::try_from(setup).expect("a state");
    g.check_state(&s).expect("a state of these rules");
    s
}

/// White about to bear off its last checker (on its 1 point) with 6-5.
pub(crate) fn white_wins(black: &[(usize, u8)]) -> Position {
    pos(&[(1, 1), (0, 14)], black, Side::White)
}

/// B27, A11: a dropped redouble pays the cube before it, never a gammon multiplier, even
/// where the dropper would have been gammoned or backgammoned; the doubler wins.
#[test]
fn b27_a11_a_dropped_redouble_pays_the_cube_before_it_and_no_gammon() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        // Black on roll owns the cube at 2; Black has a checker on the bar (backgammon threat).
        let p = white_wins(&[(25, 1), (6, 14)]).with_to_move(Side::Black);
        let mut s = cubed(&g, p, None, 1, Some(Side::Black));
        assert_eq!(s.phase(), Phase::BeforeRoll);
        apply(&g, &mut s, Action::Double);
        assert_eq!(s.cube_value(), 2, "B28: the cube turns only when taken");
        apply(&g, &mut s, Action::Drop);
        let o = s.outcome().unwrap();
        assert_eq!(
            (o.winner, o.kind, o.points),
            (Side::Black, WinKind::Drop, 2)
        );
        assert_eq!(g.round_points(&s).unwrap().as_slice(), &[0, 2]);
    }
}

/// B28, B29, A10: after a take the taker owns the cube at twice the stake; the doubler rolls
/// at once and may not double again; the owner may redouble before a later roll, never after
/// rolling.
#[test]
fn b28_b29_a10_ownership_passes_to_the_taker_who_alone_redoubles() {
    let g = game(Rules::standard().with_resignations(true));
    let p = Position::start(Side::Black);
    let mut s = g.state_from(p, None).unwrap();
    apply(&g, &mut s, Action::Double);
    assert_eq!(
        g.turn(&s),
        Turn::Player(Side::White.seat()),
        "A10: the opponent answers"
    );
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (2, Some(Side::White)));
    assert_eq!(s.to_move(), Side::Black);
    assert!(
        !legal(&g, &s).contains(&Action::Double),
        "B29: the doubler has no cube"
    );
    assert!(g.apply(&mut s.clone(), &Action::Double).is_err());
    apply(&g, &mut s, Action::Dice(dice(4, 2)));
    any_play(&g, &mut s);
    // White owns the cube: it may double before its roll, not after.
    assert!(legal(&g, &s).contains(&Action::Double));
    apply(&g, &mut s, Action::Roll);
    apply(&g, &mut s, Action::Dice(dice(4, 2)));
    assert!(matches!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::NotNow { .. })
    ));
    any_play(&g, &mut s);
    // Black, without the cube, cannot double.
    assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
    assert!(!legal(&g, &s).contains(&Action::Double));
    assert_eq!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeNotOwned)
    );
}

/// B31-B34: single, gammon and backgammon times the cube, for either winner; the backgammon
/// needs both conditions of B33 (none borne off, and a checker on the bar or in the winner's
/// home board).
#[test]
fn b31_b32_b33_b34_scoring_with_the_cube_for_either_winner() {
    let g = game(Rules::standard());
    let finish = |p: Position, log2: u8| {
        let owner = (log2 > 0).then(|| p.to_move().opponent());
        let mut s = cubed(&g, p, Some(dice(6, 5)), log2, owner);
        any_play(&g, &mut s);
        let o = s.outcome().expect("B30, A14: over");
        (o.winner, o.kind, o.points)
    };
    use WinKind::*;
    // White wins, cube 4.
    assert_eq!(
        finish(white_wins(&[(6, 14), (0, 1)]), 2),
        (Side::White, Single, 4)
    );
    assert_eq!(finish(white_wins(&[(6, 15)]), 2), (Side::White, Gammon, 8));
    assert_eq!(
        finish(white_wins(&[(6, 14), (19, 1)]), 2),
        (Side::White, Backgammon, 12)
    );
    assert_eq!(
        finish(white_wins(&[(6, 14), (25, 1)]), 2),
        (Side::White, Backgammon, 12)
    );
    // B33 needs none borne off: one off, one on the bar, one in White's home: single.
    assert_eq!(
        finish(white_wins(&[(0, 1), (25, 1), (20, 1), (6, 12)]), 1),
        (Side::White, Single, 2)
    );
    // Black's 18 is outside White's home (White's 7): a gammon.
    assert_eq!(
        finish(white_wins(&[(6, 14), (18, 1)]), 0),
        (Side::White, Gammon, 2)
    );
    // Black wins: White checkers in Black's home are on White's 19-24.
    let black_wins = |white: &[(usize, u8)]| pos(white, &[(1, 1), (0, 14)], Side::Black);
    assert_eq!(
        finish(black_wins(&[(6, 14), (23, 1)]), 1),
        (Side::Black, Backgammon, 6)
    );
    assert_eq!(
        finish(black_wins(&[(6, 14), (18, 1)]), 1),
        (Side::Black, Gammon, 4)
    );
    assert_eq!(
        finish(black_wins(&[(6, 14), (0, 1)]), 1),
        (Side::Black, Single, 2)
    );
}

/// D5 (Jacoby, money only): gammons and backgammons count single until the cube has been
/// turned; once turned they count in full; in match play the rule never applies.
#[test]
fn d5_jacoby_counts_gammons_once_the_cube_is_turned_and_never_in_a_match() {
    let g = game(Rules::standard().with_jacoby(true));
    let backgammon = white_wins(&[(6, 14), (25, 1)]);
    let mut s = cubed(&g, backgammon, Some(dice(6, 5)), 0, None);
    any_play(&g, &mut s);
    assert_eq!(s.outcome().unwrap().points, 1, "centred cube: single");
    let mut s = cubed(&g, backgammon, Some(dice(6, 5)), 1, Some(Side::White));
    any_play(&g, &mut s);
    assert_eq!(
        s.outcome().unwrap().points,
        6,
        "turned cube: backgammon x 2"
    );
    // Turned in this game through the game's own double and take.
    let mut s = g
        .state_from(backgammon.with_to_move(Side::Black), None)
        .unwrap();
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Take);
    apply(&g, &mut s, Action::Dice(dice(2, 1)));
    any_play(&g, &mut s);
    apply(&g, &mut s, Action::Roll);
    apply(&g, &mut s, Action::Dice(dice(6, 5)));
    any_play(&g, &mut s);
    let o = s.outcome().unwrap();
    assert_eq!(o.winner, Side::White);
    assert!(o.points >= 4, "a gammon or backgammon at cube 2: {o:?}");
    // Match play: the Jacoby rule does not apply.
    let m = lattjo_backgammon::MatchContext::new(5, [0, 0], false).unwrap();
    let mut setup = g.state_from(backgammon, Some(dice(6, 5))).unwrap().setup();
    setup.match_context = Some(m);
    let mut s = State::try_from(setup).unwrap();
    any_play(&g, &mut s);
    assert_eq!(
        (s.outcome().unwrap().kind, s.outcome().unwrap().points),
        (WinKind::Backgammon, 3),
        "D5: gammons always count in a match"
    );
}

/// D5 (beavers, money only): the doubled player may beaver (take and redouble at once,
/// keeping the cube); in match play no beaver is offered.
#[test]
fn d5_a16_beavers_never_in_match_play() {
    let g = game(Rules::standard().with_beavers(true));
    let m = Match::new(g, MatchConfig::new(Some(5), None).unwrap());
    let mut s = m.new_initial_state();
    apply(&m, &mut s, Action::Opening { white: 3, black: 1 });
    any_play(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    assert_eq!(legal(&m, &s), vec![Action::Take, Action::Drop]);
    assert!(m.apply(&mut s.clone(), &Action::Beaver).is_err());
    // The same rules in money play offer it.
    let mut t = g.new_initial_state();
    apply(&g, &mut t, Action::Opening { white: 3, black: 1 });
    any_play(&g, &mut t);
    apply(&g, &mut t, Action::Double);
    assert!(legal(&g, &t).contains(&Action::Beaver));
    apply(&g, &mut t, Action::Beaver);
    apply(&g, &mut t, Action::Take);
    assert_eq!((t.cube_value(), t.cube_owner()), (4, Some(Side::White)));
}

/// A13 with D5: with a cube limit of 4 a centred cube may be doubled and beavered (to 4), a
/// cube of 2 may be doubled to 4 but not beavered (8), and a cube at 4 is not doubled at all:
/// the roll is then due at once.
#[test]
fn a13_d5_doubles_and_beavers_at_the_cube_limit() {
    let g = game(
        Rules::standard()
            .with_beavers(true)
            .with_max_cube_log2(Some(2)),
    );
    let p = Position::start(Side::Black);
    let mut s = cubed(&g, p, None, 0, None);
    apply(&g, &mut s, Action::Double);
    assert!(legal(&g, &s).contains(&Action::Beaver), "1 -> 2 -> 4 fits");
    let mut s = cubed(&g, p, None, 1, Some(Side::Black));
    apply(&g, &mut s, Action::Double);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Take, Action::Drop],
        "2 -> 4 -> 8 does not"
    );
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (4, Some(Side::White)));
    let s = cubed(&g, p.with_to_move(Side::White), None, 2, Some(Side::White));
    assert_eq!(g.turn(&s), Turn::Chance, "A13: no double at the limit");
    assert!(matches!(
        g.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CubeAtLimit(2)) | Err(PlayError::ChanceExpected)
    ));
    // A limit of 1 (log2 0) means no doubling at all.
    let g = game(Rules::standard().with_max_cube_log2(Some(0)));
    let s = g.state_from(p, None).unwrap();
    assert_eq!(g.turn(&s), Turn::Chance);
}

// ---------------------------------------------------------------------------------------
// Resignations (D6)
// ---------------------------------------------------------------------------------------

/// D6: the player on roll may resign a single game, a gammon or a backgammon, before or after
/// rolling; accepted, the opponent wins the level times the cube; refused, play goes on.
#[test]
fn d6_a_resignation_scores_its_level_times_the_cube() {
    let g = game(Rules::standard().with_resignations(true));
    let p = white_wins(&[(6, 15)]).with_to_move(Side::Black);
    for (level, mult) in [
        (ResignLevel::Single, 1),
        (ResignLevel::Gammon, 2),
        (ResignLevel::Backgammon, 3),
    ] {
        // Before the roll, cube 4 owned by White.
        let mut s = cubed(&g, p, None, 2, Some(Side::White));
        apply(&g, &mut s, Action::Resign(level));
        assert_eq!(
            g.turn(&s),
            Turn::Player(Side::White.seat()),
            "the opponent answers"
        );
        let mut refused = s;
        apply(&g, &mut refused, Action::RejectResignation);
        assert_eq!(
            (refused.phase(), refused.to_move()),
            (Phase::BeforeRoll, Side::Black)
        );
        apply(&g, &mut s, Action::AcceptResignation);
        let o = s.outcome().unwrap();
        assert_eq!(
            (o.winner, o.kind, o.points),
            (Side::White, WinKind::Resignation(level), 4 * mult)
        );
        // After the roll, before the play.
        let mut s = cubed(&g, p, Some(dice(3, 2)), 2, Some(Side::White));
        apply(&g, &mut s, Action::Resign(level));
        let mut refused = s;
        apply(&g, &mut refused, Action::RejectResignation);
        assert_eq!(
            refused.dice(),
            Some(dice(3, 2)),
            "the dice stay to be played"
        );
        apply(&g, &mut s, Action::AcceptResignation);
        assert_eq!(s.outcome().unwrap().points, 4 * mult);
    }
}

/// D6 with A10 (resign when doubled): the doubled player may resign instead of answering; the
/// double was not taken, so an accepted resignation pays the level times the cube before the
/// double; refused, the double must still be answered.
#[test]
fn d6_a10_resigning_when_doubled_pays_the_cube_before_the_double() {
    let g = game(
        Rules::standard()
            .with_resignations(true)
            .with_resign_when_doubled(true),
    );
    let p = white_wins(&[(6, 15)]).with_to_move(Side::Black);
    let mut s = cubed(&g, p, None, 1, Some(Side::Black));
    apply(&g, &mut s, Action::Double);
    assert!(legal(&g, &s).contains(&Action::Resign(ResignLevel::Gammon)));
    apply(&g, &mut s, Action::Resign(ResignLevel::Gammon));
    assert_eq!(
        g.turn(&s),
        Turn::Player(Side::Black.seat()),
        "the doubler answers"
    );
    let mut refused = s;
    apply(&g, &mut refused, Action::RejectResignation);
    let v = legal(&g, &refused);
    assert!(v.contains(&Action::Take) && v.contains(&Action::Drop));
    apply(&g, &mut refused, Action::Drop);
    assert_eq!(
        refused.outcome().unwrap().points,
        2,
        "B27 after the refusal"
    );
    apply(&g, &mut s, Action::AcceptResignation);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Resignation(ResignLevel::Gammon), 4),
        "gammon x the cube before the double (2)"
    );
}

// ---------------------------------------------------------------------------------------
// Match play (B35, A16, D4)
// ---------------------------------------------------------------------------------------

pub(crate) type M = Match<Backgammon>;

/// The opening (White 3-1) and White's play; Black is then on roll.
pub(crate) fn open(m: &M, s: &mut MatchState<State>) {
    apply(m, s, Action::Opening { white: 3, black: 1 });
    any_play(m, s);
    assert_eq!(s.round().to_move(), Side::Black);
}

pub(crate) fn totals(s: &MatchState<State>) -> [i64; 2] {
    [s.totals()[Seat::new(0)], s.totals()[Seat::new(1)]]
}

/// Black doubles, White takes, Black rolls and plays, White redoubles to 4 and Black drops:
/// White wins 2 points.
pub(crate) fn white_wins_a_dropped_redouble(m: &M, s: &mut MatchState<State>) {
    open(m, s);
    apply(m, s, Action::Double);
    apply(m, s, Action::Take);
    apply(m, s, Action::Dice(dice(6, 5)));
    any_play(m, s);
    assert_eq!(s.round().to_move(), Side::White);
    apply(m, s, Action::Double);
    apply(m, s, Action::Drop);
}

/// B35, A16, D4: a 3-point match under the standard rules. White reaches 2 (match point):
/// the next game is the Crawford game (no doubling; resigning is fine); the games after it
/// are post-Crawford and doubling is allowed again; a second player reaching match point
/// makes no second Crawford game; the match is won in mid-game by a dropped redouble, and
/// the winner's score may pass the length.
#[test]
fn b35_a16_d4_crawford_once_and_a_match_won_mid_game_by_a_drop() {
    let m = Match::new(
        game(Rules::standard().with_resignations(true)),
        MatchConfig::new(Some(3), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    assert!(!s.round().match_context().unwrap().is_crawford());
    white_wins_a_dropped_redouble(&m, &mut s);
    assert_eq!(
        (totals(&s), s.rounds_played(), s.is_over()),
        ([2, 0], 1, false)
    );
    // Game 2: the Crawford game.
    let c = s.round().match_context().unwrap();
    assert!(c.is_crawford() && !c.is_post_crawford());
    assert_eq!(c.scores(), [2, 0]);
    // The encodings carry the Crawford flag (GNUBG Match ID bit, XGID field 8).
    assert!(s.round().to_xgid().crawford());
    assert!(s.round().to_gnubg_id().match_id().crawford());
    open(&m, &mut s);
    assert!(!legal(&m, &s).contains(&Action::Double), "D4: no double");
    assert_eq!(
        m.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CrawfordGame)
    );
    apply(&m, &mut s, Action::Roll);
    apply(&m, &mut s, Action::Dice(dice(6, 5)));
    any_play(&m, &mut s);
    assert!(
        !legal(&m, &s).contains(&Action::Double),
        "D4: nobody doubles"
    );
    apply(&m, &mut s, Action::Resign(ResignLevel::Single));
    apply(&m, &mut s, Action::AcceptResignation);
    assert_eq!(totals(&s), [2, 1]);
    // Game 3: post-Crawford; Black doubles and White drops.
    let c = s.round().match_context().unwrap();
    assert!(!c.is_crawford() && c.is_post_crawford());
    open(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert_eq!(totals(&s), [2, 2]);
    // Game 4: both at match point, still no Crawford game (once per match).
    let c = s.round().match_context().unwrap();
    assert!(!c.is_crawford() && c.is_post_crawford());
    assert_eq!(c.scores(), [2, 2]);
    white_wins_a_dropped_redouble(&m, &mut s);
    assert!(s.is_over(), "A16: 4 >= 3");
    assert_eq!(totals(&s), [4, 2]);
    assert_eq!(m.turn(&s), Turn::Terminal);
    assert!(legal(&m, &s).is_empty());
    let r = m.returns(&s).unwrap();
    assert!(r[Seat::new(0)] > r[Seat::new(1)]);
}

/// D4 (booklet): without the Crawford rule the game after match point allows doubling.
#[test]
fn d4_the_booklet_has_no_crawford_game() {
    let m = Match::new(
        game(Rules::lattjo()),
        MatchConfig::new(Some(3), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    white_wins_a_dropped_redouble(&m, &mut s);
    assert_eq!(totals(&s), [2, 0]);
    assert!(!s.round().match_context().unwrap().is_crawford());
    open(&m, &mut s);
    assert!(legal(&m, &s).contains(&Action::Double));
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert_eq!(totals(&s), [2, 1]);
}

/// D4: a Crawford game whose trailer also reaches match point is followed by post-Crawford
/// games; the trailer's gammon in the Crawford game counts in full (A16).
#[test]
fn d4_a16_the_crawford_game_is_followed_by_post_crawford_games() {
    let m = Match::new(
        game(Rules::standard().with_resignations(true)),
        MatchConfig::new(Some(3), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    white_wins_a_dropped_redouble(&m, &mut s);
    assert!(s.round().match_context().unwrap().is_crawford());
    open(&m, &mut s);
    apply(&m, &mut s, Action::Roll);
    apply(&m, &mut s, Action::Dice(dice(6, 5)));
    any_play(&m, &mut s);
    apply(&m, &mut s, Action::Resign(ResignLevel::Gammon));
    apply(&m, &mut s, Action::AcceptResignation);
    assert_eq!(totals(&s), [2, 2]);
    let c = s.round().match_context().unwrap();
    assert!(!c.is_crawford() && c.is_post_crawford());
    // A resignation that ends the match.
    open(&m, &mut s);
    apply(&m, &mut s, Action::Resign(ResignLevel::Backgammon));
    apply(&m, &mut s, Action::AcceptResignation);
    assert!(s.is_over());
    assert_eq!(totals(&s), [5, 2]);
}

// ---------------------------------------------------------------------------------------
// The single-die policies against an oracle written from the rules (B5-B23, A5-A9, D1)
// ---------------------------------------------------------------------------------------

/// Checkers of the side to move and of the opponent, each in its owner's numbering.
type Board = ([u8; 26], [u8; 26]);

/// Every position one checker movement of `d` reaches from `b`, written from the rules:
/// bar first (B13, B14), blocks of two or more (A1), hits (B11), bearing off only with every
/// checker home (B18, A5), exactly or from the highest point with the die's point and every
/// higher one empty (B20, B23, A6).
fn oracle_steps(b: &Board, d: u8) -> Vec<Board> {
    let (me, opp) = b;
    let d = usize::from(d);
    let mut out = Vec::new();
    let mut land = |from: usize, to: usize| {
        let (mut me, mut opp) = (*me, *opp);
        me[from] -= 1;
        if to > 0 {
            let o = 25 - to;
            if opp[o] >= 2 {
                return;
            }
            if opp[o] == 1 {
                opp[o] = 0;
                opp[25] += 1;
            }
        }
        me[to] += 1;
        out.push((me, opp));
    };
    if me[25] > 0 {
        land(25, 25 - d);
        return out;
    }
    let all_home = (7..=25).all(|p| me[p] == 0);
    let highest = (1..=24).rev().find(|&p| me[p] > 0).unwrap_or(0);
    for (from, &n) in me.iter().enumerate().take(25).skip(1) {
        if n == 0 {
            continue;
        }
        if from > d {
            land(from, from - d);
        } else if all_home && (from == d || from == highest) {
            land(from, 0);
        }
    }
    out
}

fn won(b: &Board) -> bool {
    b.0[0] == 15
}

/// The plays that use the dice in `order`, as far as they go: (dice used, result).
fn oracle_sequences(b: &Board, order: &[u8], used: usize, out: &mut Vec<(usize, Board)>) {
    let next = if won(b) || order.is_empty() {
        Vec::new()
    } else {
        oracle_steps(b, order[0])
    };
    if next.is_empty() {
        out.push((used, *b));
        return;
    }
    for n in next {
        oracle_sequences(&n, &order[1..], used + 1, out);
    }
}

/// The legal results of a roll under `policy`, from the rules alone.
fn oracle(b: &Board, dice: Dice, policy: SingleDiePolicy) -> Vec<Board> {
    let mut seqs = Vec::new();
    let (h, l) = (dice.high(), dice.low());
    if dice.is_double() {
        oracle_sequences(b, &[h; 4], 0, &mut seqs);
        // B17, A8c, A9: as many moves as possible, under both policies.
        let most = seqs.iter().map(|s| s.0).max().unwrap_or(0);
        seqs.retain(|s| s.0 == most);
    } else {
        oracle_sequences(b, &[h, l], 0, &mut seqs);
        oracle_sequences(b, &[l, h], 0, &mut seqs);
        let full: Vec<Board> = seqs.iter().filter(|s| s.0 == 2).map(|s| s.1).collect();
        let high: Vec<Board> = oracle_steps(b, h);
        let low: Vec<Board> = oracle_steps(b, l);
        seqs = match policy {
            // A9: both if possible; else the higher if possible; else the lower.
            SingleDiePolicy::Standard => {
                let v = if !full.is_empty() {
                    full
                } else if !high.is_empty() {
                    high
                } else {
                    low
                };
                v.into_iter().map(|x| (0, x)).collect()
            }
            // A8: every full play and every higher-die-only play; never the lower alone.
            SingleDiePolicy::Lattjo => full.into_iter().chain(high).map(|x| (0, x)).collect(),
            _ => unreachable!(),
        };
    }
    let mut v: Vec<Board> = seqs.into_iter().map(|s| s.1).collect();
    v.sort();
    v.dedup();
    // A play with no move leaves the position as it was.
    if v.is_empty() {
        v.push(*b);
    }
    v
}

/// D1, A8, A9, B17 (rules file section 7): over positions from random games, the legal plays
/// of every roll under both policies reach exactly what the rules say.
#[test]
fn d1_a8_a9_b17_both_policies_match_an_oracle_written_from_the_rules() {
    use boardgame_core::GameRng;
    let mut checked = 0usize;
    for (seed, rules) in (0..60u64).zip([Rules::lattjo(), Rules::standard()].iter().cycle()) {
        let g = game(rules.with_cube(false));
        let mut s = g.new_initial_state();
        let mut rng = GameRng::new(seed, 3);
        let mut buf = Vec::new();
        while g.turn(&s) != Turn::Terminal {
            if s.phase() == Phase::Moving {
                let p = *s.position();
                let side = p.to_move();
                let board = (*p.checkers(side), *p.checkers(side.opponent()));
                for h in 1..=6u8 {
                    for l in 1..=h {
                        let d = dice(h, l);
                        for policy in [STD, LAT] {
                            let mut got: Vec<Board> = results(&p, d, policy)
                                .iter()
                                .map(|r| (*r.checkers(side), *r.checkers(side.opponent())))
                                .collect();
                            if got.is_empty() {
                                got.push(board);
                            }
                            got.sort();
                            assert_eq!(got, oracle(&board, d, policy), "{policy:?} {d:?} {p:?}");
                            checked += 1;
                        }
                    }
                }
            }
            let a = match g.sample_chance(&s, &mut rng) {
                Some(a) => a,
                None => g.sample_action(&s, &mut rng, &mut buf).unwrap(),
            };
            apply(&g, &mut s, a);
        }
    }
    assert!(checked > 50_000, "{checked}");
}

/// A10, D6, A16, D5: resigning instead of answering a double ends a match when its points
/// (the level times the cube before the double) reach the length; gammons and backgammons
/// count in a match even with the Jacoby rule on.
#[test]
fn a10_d6_a16_a_resignation_when_doubled_can_end_the_match() {
    let rules = Rules::standard()
        .with_jacoby(true)
        .with_resignations(true)
        .with_resign_when_doubled(true);
    let m = Match::new(game(rules), MatchConfig::new(Some(3), None).unwrap());
    let mut s = m.new_initial_state();
    open(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Resign(ResignLevel::Backgammon));
    apply(&m, &mut s, Action::AcceptResignation);
    assert!(s.is_over());
    assert_eq!(totals(&s), [0, 3]);
    // A gammon resigned with the cube centred counts 2 in a match.
    let mut s = m.new_initial_state();
    open(&m, &mut s);
    apply(&m, &mut s, Action::Resign(ResignLevel::Gammon));
    apply(&m, &mut s, Action::AcceptResignation);
    assert_eq!(totals(&s), [2, 0]);
}

/// A10, D4, A16: in a 1-point match there is no Crawford game and the cube may be turned
/// (the rules allow a double whose cube is dead); a drop ends the match at once. In a
/// 2-point match the game after a 1-0 score is the Crawford game.
#[test]
fn a10_d4_a16_short_matches() {
    let std = game(Rules::standard());
    let m = Match::new(std, MatchConfig::new(Some(1), None).unwrap());
    let mut s = m.new_initial_state();
    assert!(!s.round().match_context().unwrap().is_crawford());
    open(&m, &mut s);
    assert!(legal(&m, &s).contains(&Action::Double));
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert!(s.is_over());
    assert_eq!(totals(&s), [0, 1]);
    let m = Match::new(std, MatchConfig::new(Some(2), None).unwrap());
    let mut s = m.new_initial_state();
    open(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert_eq!((totals(&s), s.is_over()), ([0, 1], false));
    assert!(s.round().match_context().unwrap().is_crawford());
    open(&m, &mut s);
    assert_eq!(
        m.turn(&s),
        Turn::Chance,
        "D4: no double in the Crawford game"
    );
}

/// The named rule sets (rules file, header, D1-D5, A13): `Lattjo` is the default, with the
/// booklet's single-die policy and no Crawford rule; `Standard` plays the standard policy
/// with the Crawford rule; in both the cube is in use, the money-play conventions are off and
/// the cube has no configured limit.
#[test]
fn d1_d4_d5_a13_the_presets() {
    let (l, s) = (Rules::lattjo(), Rules::standard());
    assert_eq!(Rules::default(), l);
    assert_eq!((l.single_die, l.crawford), (LAT, false));
    assert_eq!((s.single_die, s.crawford), (STD, true));
    for r in [l, s] {
        assert!(r.cube);
        assert!(!r.jacoby && !r.beavers && r.automatic_doubles == 0);
        assert_eq!(r.max_cube_log2, None);
        // Hybrids build from orthogonal flags.
        assert!(Backgammon::new(r.with_single_die(STD).with_crawford(!r.crawford)).is_ok());
    }
}

/// B25, D2, D3, D5: every game starts with the cube centred at 1 (64 face up), in a money
/// session as in a match; automatic doubles apply again at each money game's opening.
#[test]
fn b25_d3_every_game_starts_with_a_centred_cube_of_one() {
    let rules = Rules::standard().with_automatic_doubles(1);
    let m = Match::new(game(rules), MatchConfig::new(None, Some(2)).unwrap());
    let mut s = m.new_initial_state();
    apply(&m, &mut s, Action::Opening { white: 5, black: 5 });
    assert_eq!(s.round().cube_value(), 2);
    open(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert_eq!((totals(&s), s.rounds_played()), ([0, 2], 1));
    assert_eq!((s.round().cube_value(), s.round().cube_owner()), (1, None));
    assert_eq!(s.round().phase(), Phase::Opening);
    apply(&m, &mut s, Action::Opening { white: 1, black: 1 });
    assert_eq!(s.round().cube_value(), 2, "D3 again in the next money game");
    open(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Take);
    apply(&m, &mut s, Action::Dice(dice(6, 5)));
    any_play(&m, &mut s);
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert!(s.is_over());
    assert_eq!(totals(&s), [4, 2]);
    // In a match too, after a game played at cube 4.
    let m = Match::new(
        game(Rules::standard()),
        MatchConfig::new(Some(7), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    white_wins_a_dropped_redouble(&m, &mut s);
    assert_eq!(totals(&s), [2, 0]);
    assert_eq!((s.round().cube_value(), s.round().cube_owner()), (1, None));
}
