//! Differential tests against GNU Backgammon 1.07.001 (Debian package gnubg 1.07.001-1+b1):
//! legal plays and their notation (`data/gnubg_plays.txt`), and whole matches and money
//! sessions GNUBG recorded (`data/gnubg_matches.txt`), replayed through this crate under the
//! standard rules. Each data file's header says how it was made.
//!
//! Rule ids: legal plays B5-B24, A4-A7, A9 (the standard single-die policy, which GNUBG
//! implements), A17 (plays are distinct resulting positions); scoring B25-B35, A10, A11,
//! A14, A16, D4 (Crawford), D5 (Jacoby), D6 (resignations).

use std::collections::BTreeMap;

use lattjo_backgammon::{
    Action, Backgammon, Dice, Match, MatchConfig, NotationStyle, Phase, Play, PlayList, Position,
    ResignLevel, Rules, Side, SingleDiePolicy, Step, WinKind,
};
use lattjo_backgammon::{Game, Turn};

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// The result of `play` from `p`, with the mover kept on roll: the Position ID then lists
/// the opponent first and the mover second, as GNUBG's `PositionID` of its board after the
/// move, before its sides are swapped.
fn result_id(p: &Position, play: &Play) -> String {
    p.apply_steps(play)
        .expect("a generated play applies")
        .with_to_move(p.to_move())
        .position_id()
}

/// One row of `data/gnubg_plays.txt`: a position (the player on roll is GNUBG's player on
/// roll), a roll, and GNUBG's legal plays as (resulting Position ID, GNUBG's move text).
struct PlaysRow<'a> {
    position_id: &'a str,
    dice: Dice,
    plays: BTreeMap<String, String>,
}

fn plays_rows() -> Vec<PlaysRow<'static>> {
    data_lines(include_str!("data/gnubg_plays.txt"))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let roll = f[1].as_bytes();
            let dice = Dice::new(roll[0] - b'0', roll[1] - b'0').expect("a roll");
            let n: usize = f[2].parse().expect("a count");
            let plays: BTreeMap<String, String> = f[3..]
                .iter()
                .map(|e| {
                    let (id, text) = e.split_once('=').expect("ID=text");
                    (id.to_string(), text.replace('_', " "))
                })
                .collect();
            assert_eq!(plays.len(), n, "{line}");
            PlaysRow {
                position_id: f[0],
                dice,
                plays,
            }
        })
        .collect()
}

/// A17, A9 and every movement rule: for each (position, roll) of the golden file, this
/// crate's standard-policy plays reach exactly the positions GNUBG's plays reach, with either
/// colour on roll; each play is written exactly as GNUBG writes it; and GNUBG's text reads
/// back to its play.
#[test]
fn gnubg_1_07_legal_plays_and_notation_golden() {
    let rows = plays_rows();
    let mut list = PlayList::new();
    let (mut plays, mut no_play) = (0, 0);
    for row in &rows {
        for side in Side::ALL {
            let p = Position::from_position_id(row.position_id, side).expect("a Position ID");
            list.generate(&p, row.dice, SingleDiePolicy::Standard);
            let ours: BTreeMap<String, String> = list
                .plays()
                .map(|pl| {
                    (
                        result_id(&p, &pl),
                        p.format_play(&pl, NotationStyle::Compact),
                    )
                })
                .collect();
            assert_eq!(ours.len(), list.len(), "A17: distinct results");
            let ctx = format!("{} {} ({side} on roll)", row.position_id, row.dice);
            assert_eq!(
                ours.keys().collect::<Vec<_>>(),
                row.plays.keys().collect::<Vec<_>>(),
                "{ctx}: the resulting positions"
            );
            assert_eq!(ours, row.plays, "{ctx}: the notation");
            for (id, text) in &row.plays {
                let back = p
                    .parse_play(text, row.dice, SingleDiePolicy::Standard)
                    .unwrap_or_else(|e| panic!("{ctx}: {text}: {e}"));
                assert_eq!(&result_id(&p, &back), id, "{ctx}: {text}");
            }
        }
        plays += row.plays.len();
        no_play += usize::from(row.plays.is_empty());
    }
    assert_eq!(
        (rows.len(), plays, no_play),
        (1242, 6017, 156),
        "rows, plays, rows without a play"
    );
}

/// The side a golden-file player letter names: GNUBG's player 1 (its bottom player, `O` in
/// its records) is White, player 0 Black, as everywhere in this crate.
fn side_of(s: &str) -> Side {
    match s {
        "W" => Side::White,
        "B" => Side::Black,
        _ => panic!("no side {s}"),
    }
}

fn resign_level(n: &str) -> ResignLevel {
    match n {
        "1" => ResignLevel::Single,
        "2" => ResignLevel::Gammon,
        "3" => ResignLevel::Backgammon,
        _ => panic!("no resignation level {n}"),
    }
}

type BgMatch = Match<Backgammon>;
type MatchState = lattjo_backgammon::boardgame_core::MatchState<lattjo_backgammon::State>;

/// Applies `a` to the match; when it ends a game, the game's final state goes to `finished`
/// (the match has already started the next game).
fn apply(
    m: &BgMatch,
    s: &mut MatchState,
    a: &Action,
    finished: &mut Option<lattjo_backgammon::State>,
) -> Result<(), lattjo_backgammon::PlayError> {
    let before = *s.round();
    let n = s.rounds_played();
    m.apply(s, a)?;
    if s.rounds_played() > n {
        let mut last = before;
        m.game().apply(&mut last, a)?;
        *finished = Some(last);
    }
    Ok(())
}

/// Counts of what the match replay went through.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    matches: u32,
    games: u32,
    plays: u32,
    doubles: u32,
    drops: u32,
    beavers: u32,
    automatic_doubles: u32,
    resignations: u32,
    jacoby_resignations: u32,
    singles: u32,
    gammons: u32,
    backgammons: u32,
    crawford_games: u32,
    post_crawford_games: u32,
    refused_crawford: u32,
    refused_owner: u32,
    refused_dead: u32,
}

/// Replays `data/gnubg_matches.txt`: every match and money session GNUBG recorded, game by
/// game, through `boardgame_core::Match` of this crate under the standard rules (with
/// resignations, and the Jacoby rule, beavers and automatic doubles where GNUBG used them). Every play GNUBG made
/// is legal here (A17, A9); every double, take, drop, beaver and resignation GNUBG accepted is
/// accepted here (A10, B26-B29, D5, D6), a beaver answered by the doubler as in GNUBG; each
/// game starts at GNUBG's score with GNUBG's Crawford flag (A16, D4) and ends with GNUBG's
/// winner and points (B30-B34, A11, A14, D5); the match ends at GNUBG's final score. Where
/// GNUBG refused a double, this crate refuses it too in the Crawford game (D4) and with the
/// opponent's cube (B29).
///
/// Two differences are rules decisions, checked as such: GNUBG refuses a double whose cube is
/// dead in match play (the doubler's score plus the cube already reaches the length), which
/// the rules allow (A10), so this crate accepts it; and GNUBG scores an accepted resignation
/// at its level times the cube even in money play under the Jacoby rule with the cube
/// centred, where this crate counts the resigned gammon or backgammon single (D5).
#[test]
fn gnubg_1_07_matches_replay() {
    let text = include_str!("data/gnubg_matches.txt");
    let mut seen = Seen::default();
    let mut lines = data_lines(text).peekable();
    while let Some(header) = lines.next() {
        let f: Vec<&str> = header.split_whitespace().collect();
        assert_eq!(
            (f[0], f[2], f[4], f[6], f[8], f[10]),
            (
                "match",
                "length",
                "jacoby",
                "beavers",
                "autodoubles",
                "games"
            )
        );
        let length: i64 = f[3].parse().unwrap();
        let jacoby = f[5] == "1";
        let beavers = f[7] == "1";
        let autodoubles: u8 = f[9].parse().unwrap();
        let games: u32 = f[11].parse().unwrap();
        let rules = Rules::standard()
            .with_resignations(true)
            .with_jacoby(jacoby)
            .with_beavers(beavers)
            .with_automatic_doubles(autodoubles);
        let config = if length > 0 {
            MatchConfig::new(Some(length), None)
        } else {
            MatchConfig::new(None, Some(games))
        }
        .unwrap();
        let m = Match::new(Backgammon::new(rules).unwrap(), config);
        let mut s = m.new_initial_state();
        seen.matches += 1;
        let mut game_no = 0;
        let mut finished = None;
        // GNUBG's points minus ours, per side, from the Jacoby resignations.
        let mut adjust = [0i64; 2];
        let totals = |s: &MatchState, adjust: [i64; 2]| {
            let t = s.totals().as_slice();
            [t[0] + adjust[0], t[1] + adjust[1]]
        };
        while let Some(line) = lines.next_if(|l| !l.starts_with("match ")) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let ctx = format!("{header}, game {game_no}: {line}");
            let round = *s.round();
            match f[0] {
                "game" => {
                    // game <n> white <w> black <b> crawford <0|1>
                    game_no = f[1].parse().unwrap();
                    let (w, b): (i64, i64) = (f[3].parse().unwrap(), f[5].parse().unwrap());
                    let crawford = f[7] == "1";
                    assert_eq!(totals(&s, adjust), [w, b], "{ctx}: the score");
                    assert_eq!(round.phase(), Phase::Opening, "{ctx}");
                    match round.match_context() {
                        Some(c) => {
                            assert_eq!(c.scores().map(i64::from), [w, b], "{ctx}");
                            assert_eq!(c.is_crawford(), crawford, "{ctx}: D4");
                            seen.post_crawford_games += u32::from(c.is_post_crawford());
                        }
                        None => assert!(length == 0 && !crawford, "{ctx}"),
                    }
                    seen.games += 1;
                    seen.crawford_games += u32::from(crawford);
                }
                "opening-tie" => {
                    // D3: an opening tie doubles the centred cube (GNUBG's `set automatic
                    // doubles`; its record keeps the cube the game started with).
                    assert_eq!(round.phase(), Phase::Opening, "{ctx}");
                    let cube = round.cube_value();
                    apply(
                        &m,
                        &mut s,
                        &Action::Opening { white: 3, black: 3 },
                        &mut finished,
                    )
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert_eq!(s.round().phase(), Phase::Opening, "{ctx}");
                    assert_eq!(s.round().cube_value(), 2 * cube, "{ctx}");
                    assert_eq!(s.round().cube_owner(), None, "{ctx}");
                    seen.automatic_doubles += 1;
                }
                "move" => {
                    // move <side> <dice> <from/to>...: GNUBG's checker movements in the
                    // mover's numbering (25 the bar, 0 off).
                    let side = side_of(f[1]);
                    let roll = f[2].as_bytes();
                    let (a, b) = (roll[0] - b'0', roll[1] - b'0');
                    let dice = Dice::new(a, b).unwrap();
                    match round.phase() {
                        Phase::Opening => {
                            // B3: the higher die moves first.
                            let (hi, lo) = (dice.high(), dice.low());
                            let (white, black) = if side == Side::White {
                                (hi, lo)
                            } else {
                                (lo, hi)
                            };
                            apply(&m, &mut s, &Action::Opening { white, black }, &mut finished)
                                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        }
                        // After a take the doubler rolls (Rolling).
                        Phase::BeforeRoll | Phase::Rolling => {
                            if matches!(m.turn(&s), Turn::Player(_)) {
                                apply(&m, &mut s, &Action::Roll, &mut finished).unwrap();
                            }
                            apply(&m, &mut s, &Action::Dice(dice), &mut finished)
                                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        }
                        other => panic!("{ctx}: a move in phase {other:?}"),
                    }
                    let round = *s.round();
                    assert_eq!(round.phase(), Phase::Moving, "{ctx}");
                    assert_eq!(round.to_move(), side, "{ctx}");
                    let steps: Vec<Step> = f[3..]
                        .iter()
                        .map(|t| {
                            let (x, y) = t.split_once('/').unwrap();
                            Step::new(x.parse().unwrap(), y.parse().unwrap()).unwrap()
                        })
                        .collect();
                    let gnubg_play = Play::from_steps(&steps).unwrap();
                    let p = *round.position();
                    let target = p
                        .apply_steps(&gnubg_play)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    let mut legal = Vec::new();
                    m.legal_actions(&s, &mut legal);
                    // The same movements as text, as GNUBG's Jellyfish export (`export match
                    // mat`) writes them (`24/18 18/15`, `25/22`, `6/0`), read by this crate's
                    // notation parser.
                    let text = f[3..].join(" ");
                    let parsed = p
                        .parse_play(&text, dice, SingleDiePolicy::Standard)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert_eq!(p.apply_steps(&parsed), Ok(target), "{ctx}: {text}");
                    let play = legal
                        .iter()
                        .find_map(|a| match a {
                            Action::Play(pl) if p.apply_steps(pl) == Ok(target) => Some(*pl),
                            _ => None,
                        })
                        .unwrap_or_else(|| panic!("{ctx}: not a legal play here"));
                    apply(&m, &mut s, &Action::Play(play), &mut finished).unwrap();
                    seen.plays += 1;
                }
                "double" | "take" | "drop" => {
                    let side = side_of(f[1]);
                    let action = match f[0] {
                        "double" => Action::Double,
                        "take" => Action::Take,
                        _ => Action::Drop,
                    };
                    // A take or drop answers a double, or (D5) the doubler answers a beaver.
                    let expected = if f[0] == "double" {
                        [Phase::BeforeRoll; 2]
                    } else {
                        [Phase::Doubled, Phase::Beavered]
                    };
                    assert!(expected.contains(&round.phase()), "{ctx}");
                    assert_eq!(round.actor(), Some(side), "{ctx}");
                    apply(&m, &mut s, &action, &mut finished)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    seen.doubles += u32::from(f[0] == "double");
                    seen.drops += u32::from(f[0] == "drop");
                }
                "beaver" => {
                    // D5: GNUBG records a beaver as a double by the doubled player; the
                    // doubler then takes or drops it.
                    let side = side_of(f[1]);
                    assert_eq!(round.phase(), Phase::Doubled, "{ctx}");
                    assert_eq!(round.actor(), Some(side), "{ctx}");
                    apply(&m, &mut s, &Action::Beaver, &mut finished)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert_eq!(s.round().phase(), Phase::Beavered, "{ctx}");
                    seen.beavers += 1;
                }
                "resign" => {
                    // GNUBG records only accepted resignations.
                    let side = side_of(f[1]);
                    assert_eq!(round.actor(), Some(side), "{ctx}");
                    apply(
                        &m,
                        &mut s,
                        &Action::Resign(resign_level(f[2])),
                        &mut finished,
                    )
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    apply(&m, &mut s, &Action::AcceptResignation, &mut finished).unwrap();
                    seen.resignations += 1;
                }
                "refused-double" => {
                    // GNUBG refused `double` here; the reason follows from its Match ID. (Right
                    // after a take the doubler is rolling: this crate's `Phase::Rolling`.)
                    let side = side_of(f[1]);
                    assert!(
                        matches!(round.phase(), Phase::BeforeRoll | Phase::Rolling),
                        "{ctx}"
                    );
                    assert_eq!(round.to_move(), side, "{ctx}");
                    let ours = m.is_legal(&s, &Action::Double);
                    match f[2] {
                        "crawford" => {
                            assert!(!ours, "{ctx}: D4");
                            assert!(round.match_context().unwrap().is_crawford(), "{ctx}");
                            seen.refused_crawford += 1;
                        }
                        "owner" => {
                            assert!(!ours, "{ctx}: B29");
                            assert_eq!(round.cube_owner(), Some(side.opponent()), "{ctx}");
                            seen.refused_owner += 1;
                        }
                        "dead" => {
                            // GNUBG: "The cube is dead; you can't double any more." The rules
                            // (A10) allow the double.
                            let c = round.match_context().unwrap();
                            let away = u64::from(c.length() - c.score(side));
                            assert!(round.cube_value() >= away, "{ctx}");
                            assert!(ours, "{ctx}: A10 allows a double with a dead cube");
                            seen.refused_dead += 1;
                        }
                        why => panic!("{ctx}: unexpected reason {why}"),
                    }
                }
                "result" => {
                    // result <winner> <points> <played|resigned>
                    let last = finished
                        .take()
                        .unwrap_or_else(|| panic!("{ctx}: the game is not over"));
                    let o = last.outcome().expect("a finished game has an outcome");
                    assert_eq!(o.winner, side_of(f[1]), "{ctx}");
                    let gnubg_points: i64 = f[2].parse().unwrap();
                    match o.kind {
                        // GNUBG scores a resignation at its level times the cube even where
                        // the Jacoby rule counts a gammon single (money play, centred cube);
                        // this crate applies the rule (D5) to resigned gammons too.
                        WinKind::Resignation(l)
                            if jacoby && length == 0 && last.cube_owner().is_none() =>
                        {
                            let cube = last.cube_value() as i64;
                            assert_eq!(gnubg_points, l as i64 * cube, "{ctx}");
                            assert_eq!(o.points, cube, "{ctx}: D5");
                            adjust[o.winner.index()] += gnubg_points - o.points;
                            seen.jacoby_resignations += 1;
                        }
                        _ => assert_eq!(o.points, gnubg_points, "{ctx}"),
                    }
                    assert_eq!(
                        matches!(o.kind, WinKind::Resignation(_)),
                        f[3] == "resigned",
                        "{ctx}: {:?}",
                        o.kind
                    );
                    match o.kind {
                        WinKind::Single => seen.singles += 1,
                        WinKind::Gammon => seen.gammons += 1,
                        WinKind::Backgammon => seen.backgammons += 1,
                        _ => {}
                    }
                }
                "end" => {
                    let (w, b): (i64, i64) = (f[2].parse().unwrap(), f[4].parse().unwrap());
                    assert!(s.is_over(), "{ctx}: the match is over");
                    assert_eq!(totals(&s, adjust), [w, b], "{ctx}: the final score");
                }
                other => panic!("{ctx}: unknown line {other}"),
            }
        }
    }
    let expected = Seen {
        matches: 13,
        games: 74,
        plays: 5286,
        doubles: 51,
        drops: 17,
        beavers: 10,
        automatic_doubles: 5,
        resignations: 11,
        jacoby_resignations: 5,
        singles: 24,
        gammons: 19,
        backgammons: 3,
        crawford_games: 6,
        post_crawford_games: 3,
        refused_crawford: 228,
        refused_owner: 23,
        refused_dead: 35,
    };
    assert_eq!(seen, expected, "what the replay went through");
}
