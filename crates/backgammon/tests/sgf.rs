//! GNU Backgammon's SGF match files (`lattjo_backgammon::sgf`): the golden files GNUBG
//! 1.07.001 saved (`data/gnubg_sgf/*.sgf`, their sources in that directory's README) read,
//! replay through `Match` to GNUBG's results and write back to the same record; random
//! matches played here write, read and replay to the same actions; the reader never panics.
//!
//! Rule ids: B3 (the opening roll), A10/B26-B29 (cube actions), A14, A16 and D4 (match
//! scores and the Crawford game), D5 (beavers, the Jacoby rule), D6 (resignations, which SGF
//! records in `RE` only).

use lattjo_backgammon::mat::{self, MATCH_RULES, MatFile, Replay};
use lattjo_backgammon::sgf::{
    ParseErrorKind, ReplayErrorKind, SgfAction, SgfFile, SgfGame, SgfResult,
};
use lattjo_backgammon::{Action, Dice, Game, Phase, Rules, Side, WinKind};
use proptest::prelude::*;

use crate::common;
use common::{
    random_match, random_match_with, resignations_instead_of_answers, without_refused_resignations,
    without_rolls,
};

/// The golden files, with GNUBG's own record of each game (`gnubg.match()`): per game the
/// scores before it (White's, Black's), the winner (`X` GNUBG's player 0, SGF's `W`, Black
/// here; `O` White; `N` none, the game is not finished), the points and whether the loser
/// resigned.
#[allow(clippy::type_complexity)]
const GOLDEN: [(&str, &str, &[(u32, u32, char, i64, bool)]); 6] = [
    (
        "m1-analysed",
        include_str!("data/gnubg_sgf/m1-analysed.sgf"),
        &[(0, 0, 'O', 2, true)],
    ),
    (
        "m7-crawford",
        include_str!("data/gnubg_sgf/m7-crawford.sgf"),
        &[
            (0, 0, 'O', 1, false),
            (1, 0, 'X', 1, false),
            (1, 1, 'X', 1, false),
            (1, 2, 'X', 4, false),
            (1, 6, 'O', 2, false),
            (3, 6, 'O', 1, false),
            (4, 6, 'O', 1, false),
            (5, 6, 'O', 1, false),
            (6, 6, 'O', 2, false),
        ],
    ),
    (
        "s-jacoby-beavers",
        include_str!("data/gnubg_sgf/s-jacoby-beavers.sgf"),
        &[
            (0, 0, 'O', 32, false),
            (32, 0, 'O', 2, false),
            (34, 0, 'X', 2, false),
            (34, 2, 'O', 1, false),
        ],
    ),
    (
        "s-beavers",
        include_str!("data/gnubg_sgf/s-beavers.sgf"),
        &[
            (0, 0, 'O', 1, false),
            (1, 0, 'O', 4, false),
            (5, 0, 'O', 1, false),
            (6, 0, 'O', 2, false),
        ],
    ),
    (
        "m5-rolled-resigned",
        include_str!("data/gnubg_sgf/m5-rolled-resigned.sgf"),
        &[(0, 0, 'O', 2, true), (2, 0, 'X', 1, true)],
    ),
    (
        "m3-played-resigned",
        include_str!("data/gnubg_sgf/m3-played-resigned.sgf"),
        &[(0, 0, 'O', 2, true), (2, 0, 'X', 1, true)],
    ),
];

/// GNUBG takes a resignation from either player at any time, and its SGF ends such a game
/// with the loser's move node and `RE[..R]`: GNUBG 1.07.001 saved `m3-played-resigned.sgf`
/// from a `.mat` whose two games each end with the player who has just played resigning
/// (as 9 of 258 real match files from online play do). The replay refused it ("a
/// resignation by the player not on roll"); it reads the resignation as made after the
/// roll, before that play (D6, the same result), with the play kept beside the actions.
#[test]
fn regression_gnubg_sgf_resignation_by_the_player_who_has_just_played() {
    let file = SgfFile::parse(include_str!("data/gnubg_sgf/m3-played-resigned.sgf")).unwrap();
    let replay = file.replay(&rules_of(&file)).unwrap();
    for (i, g) in replay.games.iter().enumerate() {
        let play = g.play_before_resignation.expect("the loser's last play");
        let actions = replay.game_actions(i).unwrap();
        assert!(matches!(
            actions,
            [
                ..,
                Action::Dice(_),
                Action::Resign(_),
                Action::AcceptResignation
            ]
        ));
        assert!(!actions.contains(&Action::Play(play)));
    }
}

/// A probe for white space found it (thirty-seventh session): FF[4] lets white space, which it
/// says includes the vertical tab, stand between nodes, properties and values, but the reader
/// skipped ASCII white space only, which leaves the vertical tab out, and refused it there.
#[test]
fn regression_a_vertical_tab_between_nodes_was_refused() {
    let plain = "(;FF[4]GM[6]MI[length:1];B[63lrad])";
    let want = SgfFile::parse(plain).expect("reads");
    for ws in ["\u{b}", "\u{c}", " \u{b}\t\r\n"] {
        let text = plain
            .replace(";B", &format!("{ws};B"))
            .replace("(;", &format!("({ws};"));
        assert_eq!(SgfFile::parse(&text), Ok(want.clone()), "{text:?}");
    }
}

/// The rules to replay a GNUBG file with: what its `RU` names, and beavers (not recorded;
/// turning them on only allows more).
fn rules_of(file: &SgfFile) -> Rules {
    file.rules().with_beavers(true)
}

/// Checks a replay against GNUBG's summary rows.
fn check_rows(name: &str, file: &SgfFile, rows: &[(u32, u32, char, i64, bool)]) {
    let rules = rules_of(file);
    let replay = file
        .replay(&rules)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(rows.len(), replay.games.len(), "{name}: games");
    for (i, (row, (g, sg))) in rows
        .iter()
        .zip(replay.games.iter().zip(&file.games))
        .enumerate()
    {
        let (white, black, winner, points, resigned) = *row;
        assert_eq!(
            (
                sg.scores[Side::White.index()],
                sg.scores[Side::Black.index()]
            ),
            (white, black),
            "{name} game {i}: scores"
        );
        if winner == 'N' {
            // GNUBG's `None`: the game is not finished.
            assert_eq!(g.outcome, None, "{name} game {i}: finished");
            continue;
        }
        let o = g
            .outcome
            .unwrap_or_else(|| panic!("{name} game {i}: unfinished"));
        let winner = if winner == 'X' {
            Side::Black
        } else {
            Side::White
        };
        assert_eq!(o.winner, winner, "{name} game {i}");
        assert_eq!(
            matches!(o.kind, WinKind::Resignation(_)),
            resigned,
            "{name} game {i}"
        );
        if !(rules.jacoby && resigned) {
            assert_eq!(o.points, points, "{name} game {i}");
        }
    }
}

#[test]
fn gnubg_1_07_sgf_golden_replay_and_round_trip() {
    for (name, text, rows) in GOLDEN {
        let file = SgfFile::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_rows(name, &file, rows);
        let written = file.write().unwrap();
        assert_eq!(SgfFile::parse(&written).unwrap(), file, "{name}");
    }
}

/// GNUBG's file of a game set up by hand (`set board`, `set cube value`, `set dice`,
/// `save game`): the setup nodes read and write back; the replay reads the set-up position
/// and refuses the move node after it (GNUBG's placeholder for a hint, written with the
/// game's first dice, 41, not those set, 62), naming that node.
#[test]
fn gnubg_1_07_setboard_reads_and_is_not_replayed() {
    let text = include_str!("data/gnubg_sgf/s-setboard.sgf");
    let file = SgfFile::parse(text).unwrap();
    let nodes = &file.games[0].nodes;
    let setups = nodes
        .iter()
        .filter(|n| matches!(n.action, SgfAction::Setup(_)))
        .count();
    assert_eq!(setups, 4);
    assert_eq!(SgfFile::parse(&file.write().unwrap()).unwrap(), file);
    let e = file.replay(&file.rules()).unwrap_err();
    assert_eq!(
        e.kind,
        ReplayErrorKind::Unsupported(
            "a move without steps after a set-up position, of other dice than those set"
        )
    );
    assert_eq!(e.offset, nodes[4].offset);
    assert_eq!(&text[e.offset as usize..e.offset as usize + 7], ";B[41])");
}

/// Each game tree of a golden collection of GNUBG's set-up positions (`sgf`) replayed as a
/// file of its own under the rules it names, to the GNUBG ID on the matching line of
/// `expect` (headed by its source line): the rules, the replay and the players.
fn golden_set_ups(sgf: &str, expect: &'static str) -> Vec<(Rules, Replay, [String; 2])> {
    let collection = SgfFile::parse(sgf).unwrap();
    let mut expected = expect.lines();
    let header = expected.next().unwrap();
    assert!(
        header.starts_with("# source: GNU Backgammon 1.07.001"),
        "{header}"
    );
    let expected: Vec<&str> = expected.collect();
    assert_eq!(collection.games.len(), expected.len());
    let mut out = Vec::new();
    for (g, want) in collection.games.iter().zip(expected) {
        let file = SgfFile {
            games: vec![g.clone()],
        };
        let rules = file.rules();
        let replay = file.replay(&rules).unwrap();
        let game = lattjo_backgammon::Backgammon::new(rules).unwrap();
        assert_eq!(
            game.gnubg_id_unswapped(replay.state.round()).to_string(),
            want
        );
        out.push((rules, replay, g.players.clone()));
    }
    out
}

/// GNUBG's set-up positions (`save position`, 40 of them: money and match play, dice set or
/// not, cubes 1 to 16, owned and centred, the Crawford game) read, each, to the state whose
/// Position ID and Match ID GNUBG itself gives after `load position`; and
/// `SgfFile::position` writes each state back to a file that reads as the same state.
#[test]
fn gnubg_1_07_set_up_positions_read_as_gnubg_loads_them() {
    let set_ups = golden_set_ups(
        include_str!("data/gnubg_sgf/positions.sgf"),
        include_str!("data/gnubg_sgf/positions.expect"),
    );
    assert_eq!(set_ups.len(), 40);
    let mut with_dice = 0;
    for (rules, replay, players) in set_ups {
        assert!(replay.actions.is_empty());
        let state = *replay.state.round();
        assert_eq!(replay.start.round(), &state);
        with_dice += usize::from(state.phase() == Phase::Moving);
        let again = SgfFile::position(&rules, &state, players).unwrap();
        let back = SgfFile::parse(&again.write().unwrap()).unwrap();
        assert_eq!(back.replay(&back.rules()).unwrap().state.round(), &state);
    }
    assert_eq!(with_dice, 15);
}

/// GNUBG's set-up positions played on (`set board`, then 1 to 6 turns, `save game`; 10 of
/// them, one where the first roll had no legal play): each replays from the position
/// before the roll, every move with its own dice, to the state whose IDs GNUBG had when it
/// saved the game.
#[test]
fn gnubg_1_07_set_up_positions_played_on_replay_to_gnubg_s_game() {
    let set_ups = golden_set_ups(
        include_str!("data/gnubg_sgf/positions-played.sgf"),
        include_str!("data/gnubg_sgf/positions-played.expect"),
    );
    assert_eq!(set_ups.len(), 10);
    let mut plays = 0;
    for (_, replay, _) in set_ups {
        assert_eq!(replay.start.round().phase(), Phase::BeforeRoll);
        plays += replay
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count();
    }
    assert_eq!(plays, 29);
}

/// A set-up position's values are checked as GNUBG writes them, each refusal by name.
#[test]
fn set_up_positions_refuse_what_gnubg_does_not_write() {
    let base = "(;GM[6]MI[length:0]\n;PL[B]AE[a:y]AW[a][a]AB[x][x][t]\n;CV[2]\n;CP[c]";
    let read = |tail: &str| {
        SgfFile::parse(&format!("{base}{tail})"))
            .unwrap()
            .replay(&MATCH_RULES)
    };
    // As written: White on roll with two checkers on its 1 point and one on its 5, Black
    // with two on its 1 point, cube 2 centred.
    let r = read("").unwrap();
    let s = *r.state.round();
    assert_eq!(
        (s.to_move(), s.phase(), s.cube_value()),
        (Side::White, Phase::BeforeRoll, 2)
    );
    assert_eq!(
        (s.position().off(Side::White), s.position().off(Side::Black)),
        (12, 13)
    );
    // Dice set, and GNUBG's placeholder move node of those dice without steps.
    let r = read("\n;PL[B]DI[62]\n;B[62]").unwrap();
    assert_eq!(r.state.round().dice(), Dice::new(6, 2));
    let refused = |tail: &str| read(tail).unwrap_err().kind;
    let value = |id: &str, value: &str| ReplayErrorKind::SetupValue {
        id: id.into(),
        value: value.into(),
    };
    assert_eq!(refused("\n;CV[3]"), value("CV", "3"));
    assert_eq!(refused("\n;CV[8192]"), value("CV", "8192"));
    assert_eq!(refused("\n;CP[x]"), value("CP", "x"));
    assert_eq!(refused("\n;PL[B]DI[70]"), value("DI", "70"));
    assert_eq!(refused("\n;PL[X]"), value("PL", "X"));
    assert_eq!(refused("\n;PL[B]DI[62]\n;PL[W]"), value("DI", "62 for B"));
    // GNUBG's `save game` placeholder of other dice than those set, without steps.
    assert_eq!(
        refused("\n;PL[B]DI[62]\n;B[41]"),
        ReplayErrorKind::Unsupported(
            "a move without steps after a set-up position, of other dice than those set"
        )
    );
    // Moves after it replay from the position before the roll, each with its own dice:
    // White bears off two checkers, and Black is on roll.
    let r = read("\n;PL[B]DI[62]\n;B[62tzxz]").unwrap();
    assert_eq!(r.start.round().phase(), Phase::BeforeRoll);
    let s = *r.state.round();
    assert_eq!(
        (s.to_move(), s.position().off(Side::White)),
        (Side::Black, 14)
    );
    assert_eq!(
        refused("\n;AB[z]"),
        ReplayErrorKind::SetupValue {
            id: "AB".into(),
            value: "z".into()
        }
    );
    // Both sides on a point: not a position.
    assert!(matches!(
        refused("\n;AW[x]"),
        ReplayErrorKind::SetupPosition(_)
    ));
    // Sixteen checkers of a side.
    let many = format!("\n;AW{}", "[b]".repeat(14));
    assert!(matches!(refused(&many), ReplayErrorKind::SetupPosition(_)));
    // A board not cleared whole first, and no player on roll.
    let partial = "(;GM[6]MI[length:0]\n;PL[B]AE[a:x]AW[a]AB[x])";
    let e = SgfFile::parse(partial)
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert!(matches!(e.kind, ReplayErrorKind::Unsupported(m) if m.contains("AE[a:y]")));
    let nobody = "(;GM[6]MI[length:0]\n;AE[a:y]AW[a]AB[x])";
    let e = SgfFile::parse(nobody)
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(e.kind, value("PL", ""));
    // A cube in the Crawford game is not a state.
    let crawford = "(;GM[6]MI[length:3][game:0][ws:2][bs:0]RU[Crawford:CrawfordGame]\n\
        ;PL[B]AE[a:y]AW[a]AB[x]\n;CV[2])";
    let e = SgfFile::parse(crawford)
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert!(matches!(e.kind, ReplayErrorKind::SetupState(_)), "{e}");
    // The Crawford game with no side at match point is no game of a match.
    let early = crawford.replace("[ws:2]", "[ws:0]");
    let e = SgfFile::parse(&early)
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(
        e.kind,
        ReplayErrorKind::SetupMatch(lattjo_backgammon::MatchContextError::Crawford)
    );
    // A result after a set-up position: nothing is replayed that could give it.
    let e = SgfFile::parse(&format!("{}RE[B+2]{})", &base[..19], &base[19..]))
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(
        e.kind,
        ReplayErrorKind::Unsupported("a result after a set-up position")
    );
    // Only before the roll or with the dice to play is a set-up position written.
    let opening = lattjo_backgammon::Backgammon::default().new_initial_state();
    assert_eq!(
        SgfFile::position(&MATCH_RULES, &opening, ["a".into(), "b".into()]).unwrap_err(),
        lattjo_backgammon::sgf::SetUpError::Phase(Phase::Opening)
    );
}

/// GNUBG's saves of an unfinished match: with the dice rolled and not played (a `PL`/`DI`
/// setup node and a move node without steps, found replaying them: refused as a setup
/// before), the replay ends with those dice to play; with a double pending, it ends there.
#[test]
fn regression_gnubg_1_07_saved_mid_turn_ends_with_the_dice_to_play() {
    let file = SgfFile::parse(include_str!("data/gnubg_sgf/m3-saved-mid-turn.sgf")).unwrap();
    let r = file.replay(&file.rules()).unwrap();
    let st = r.state.round();
    assert_eq!(st.phase(), Phase::Moving);
    assert_eq!(st.to_move(), Side::Black); // SGF's W
    assert_eq!(st.dice(), Dice::new(4, 3));
    assert_eq!(r.games[0].outcome, None);
    assert_eq!(SgfFile::parse(&file.write().unwrap()).unwrap(), file);

    let file = SgfFile::parse(include_str!("data/gnubg_sgf/m3-saved-doubled.sgf")).unwrap();
    let r = file.replay(&file.rules()).unwrap();
    assert_eq!(r.state.round().phase(), Phase::Doubled);
    assert_eq!(r.state.round().actor(), Some(Side::Black));
}

/// Reads every `*.sgf` in `$LATTJO_SGF_DIR` (GNUBG's `save match` output) and checks each
/// against GNUBG's `.mat` export of the same match beside it (`<stem>.mat`: the same actions)
/// and GNUBG's summary (`<file>.summary`: per game `game <white score> <black
/// score> <winner X|O> <points> <resigned> ...`), then writes and reads it back. Without
/// a summary only the replay and the round trip are checked. With `$LATTJO_SGF_EXPECT` set
/// it also writes `<file>.expect` (see `expectation`), for GNUBG's own load of the file to
/// be compared with this crate's replay move by move. With `$LATTJO_SGF_ORIG` set, each file
/// (GNUBG's save of a file this crate wrote, `loadcheck.py` with `RESAVE`) must hold the same
/// games as the file of the same name there, but for the root's other properties.
#[test]
#[ignore = "needs $LATTJO_SGF_DIR"]
fn gnubg_sgf_directory() {
    let Ok(dir) = std::env::var("LATTJO_SGF_DIR") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    paths.sort();
    let (mut files, mut games, mut rolls, mut cube, mut resigned, mut unsupported, mut mats) =
        (0, 0, 0, 0, 0, 0, 0);
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.display().to_string();
        let file = SgfFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rules = rules_of(&file);
        let replay = match file.replay(&rules) {
            Ok(r) => r,
            Err(e)
                if matches!(
                    e.kind,
                    ReplayErrorKind::Unsupported(_)
                        | ReplayErrorKind::Replay(mat::ReplayErrorKind::Variation(_))
                ) =>
            {
                eprintln!("{name}: {e}");
                unsupported += 1;
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        // GNUBG's `.mat` export of the same match, when beside it: the same actions.
        let mat_path = path.with_extension("mat");
        if let Ok(mat) = std::fs::read_to_string(&mat_path) {
            let no_roll = |a: &[Action]| -> Vec<Action> {
                a.iter().copied().filter(|a| *a != Action::Roll).collect()
            };
            let theirs = MatFile::parse(&mat)
                .unwrap_or_else(|e| panic!("{}: {e}", mat_path.display()))
                .replay(&rules)
                .unwrap_or_else(|e| panic!("{}: {e}", mat_path.display()));
            assert_eq!(
                no_roll(&theirs.actions),
                no_roll(&replay.actions),
                "{name}: .mat"
            );
            mats += 1;
        }
        if let Ok(summary) = std::fs::read_to_string(format!("{name}.summary")) {
            let rows: Vec<(u32, u32, char, i64, bool)> = summary
                .lines()
                .filter_map(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    (w.first() == Some(&"game")).then(|| {
                        (
                            w[1].parse().unwrap(),
                            w[2].parse().unwrap(),
                            w[3].chars().next().unwrap(),
                            w[4].parse().unwrap(),
                            w[5] == "True",
                        )
                    })
                })
                .collect();
            check_rows(&name, &file, &rows);
        }
        let written = file.write().unwrap();
        assert_eq!(SgfFile::parse(&written).unwrap(), file, "{name}");
        // A file GNUBG loaded from this crate's writer and saved again: the same games as
        // the original (GNUBG adds its own root information, such as the date).
        if let Ok(orig) = std::env::var("LATTJO_SGF_ORIG") {
            let stem = path.file_name().unwrap().to_string_lossy();
            let o = std::fs::read_to_string(format!("{orig}/{stem}")).unwrap();
            let o = SgfFile::parse(&o).unwrap();
            let strip = |f: &SgfFile| -> Vec<SgfGame> {
                f.games
                    .iter()
                    .map(|g| SgfGame {
                        info: Vec::new(),
                        ..g.clone()
                    })
                    .collect()
            };
            assert_eq!(strip(&file), strip(&o), "{name}");
        }
        if std::env::var_os("LATTJO_SGF_EXPECT").is_some() {
            std::fs::write(format!("{name}.expect"), expectation(&file, &rules)).unwrap();
        }
        files += 1;
        games += file.games.len();
        for g in &file.games {
            resigned += usize::from(g.result.is_some_and(|r| r.resigned));
            for n in &g.nodes {
                match n.action {
                    SgfAction::Roll { .. } => rolls += 1,
                    SgfAction::Double(_) => cube += 1,
                    _ => {}
                }
            }
        }
    }
    eprintln!(
        "{files} files replayed ({games} games, {rolls} rolls, {cube} doubles, {resigned} resignations), {unsupported} unsupported; {mats} with GNUBG's .mat export of the same match replayed to the same actions"
    );
}

/// Writes SGF files of random matches played here (seeds 0 to `$LATTJO_SGF_COUNT`, 48 by
/// default) to `$LATTJO_SGF_OUT`, named `w<seed>-L<length>[-jb].sgf` (`j` the Jacoby rule,
/// `b` beavers), with `<file>.expect` beside each: per game `game <white score> <black
/// score> <winner X|O> <points> <resigned>` as this crate played it, for GNUBG's `load
/// match` to be checked against (scripts in docs/backgammon.md).
#[test]
#[ignore = "needs $LATTJO_SGF_OUT"]
fn write_random_sgf_files() {
    let Ok(dir) = std::env::var("LATTJO_SGF_OUT") else {
        return;
    };
    let count: u64 = std::env::var("LATTJO_SGF_COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(48);
    // `LATTJO_SGF_RWD=1`: the doubled player may resign instead of answering (flag `r`).
    let rwd = std::env::var("LATTJO_SGF_RWD").is_ok_and(|v| v == "1");
    for seed in 0..count {
        let (rules, length, actions) = random_match_with(seed, rwd);
        let file =
            SgfFile::record(&rules, length, ["White".into(), "Black".into()], &actions).unwrap();
        let flags: String = [
            (rules.jacoby, 'j'),
            (rules.beavers, 'b'),
            (rules.resign_when_doubled, 'r'),
        ]
        .iter()
        .filter_map(|&(on, c)| on.then_some(c))
        .collect();
        let name = if flags.is_empty() {
            format!("w{seed}-L{length}")
        } else {
            format!("w{seed}-L{length}-{flags}")
        };
        std::fs::write(format!("{dir}/{name}.sgf"), file.write().unwrap()).unwrap();
        let expect = expectation(&file, &rules);
        std::fs::write(format!("{dir}/{name}.sgf.expect"), expect).unwrap();
    }
}

/// GNUBG's view of a record, as `scripts/gnubg_sgf_load.py` (docs/backgammon.md) dumps it
/// after `load match`: per game `game <white score> <black score> <winner X|O> <points>
/// <resigned>` (X is GNUBG's player 0, Black here), then per action `move <player> <dice
/// high-low> <position ID before the move>`, `double`, `take`, `drop` or `resign` with
/// the player; a resignation after the roll (D6) follows `other set`, GNUBG's record of
/// the dice its setup node sets.
fn expectation(file: &SgfFile, rules: &Rules) -> String {
    let replay = file.replay(rules).unwrap();
    let m = &replay.game;
    let mut s = replay.start.clone();
    let letter = |side: Side| if side == Side::Black { 'X' } else { 'O' };
    let mut out = String::new();
    for (gi, g) in file.games.iter().enumerate() {
        let r = g.result.unwrap_or(SgfResult {
            winner: Side::White,
            points: 0,
            resigned: false,
        });
        out.push_str(&format!(
            "game {} {} {} {} {}\n",
            g.scores[Side::White.index()],
            g.scores[Side::Black.index()],
            letter(r.winner),
            r.points,
            if r.resigned { "True" } else { "False" },
        ));
        for a in replay.game_actions(gi).unwrap() {
            let before = *s.round();
            let actor = before.actor().unwrap_or(before.to_move());
            match a {
                Action::Play(_) => {
                    let d = before.dice().unwrap();
                    out.push_str(&format!(
                        "move {} {}{} {}\n",
                        letter(before.to_move()),
                        d.high(),
                        d.low(),
                        before.position().position_id()
                    ));
                }
                Action::Double | Action::Beaver => {
                    out.push_str(&format!("double {}\n", letter(actor)));
                }
                Action::Take => out.push_str(&format!("take {}\n", letter(actor))),
                Action::Drop => out.push_str(&format!("drop {}\n", letter(actor))),
                Action::Resign(_) => {
                    if before.dice().is_some() {
                        out.push_str("other set\n");
                    }
                    out.push_str(&format!("resign {}\n", letter(actor)));
                }
                _ => {}
            }
            m.apply(&mut s, a).unwrap();
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// parse(write(record(actions))) == record(actions), and it replays to the same actions
    /// (less refused resignations and the rolls a decision to roll makes) and the same
    /// scores.
    #[test]
    fn record_write_parse_replay_round_trip(seed in any::<u64>()) {
        let (rules, length, actions) = random_match(seed);
        let file = SgfFile::record(&rules, length, ["White".into(), "Black".into()], &actions).unwrap();
        let text = file.write().unwrap();
        let back = SgfFile::parse(&text).unwrap();
        prop_assert_eq!(&back, &file);
        let replay = back.replay(&rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let expected: Vec<Action> = without_refused_resignations(&actions)
            .into_iter()
            .filter(|a| *a != Action::Roll)
            .collect();
        let got: Vec<Action> = replay.actions.iter().copied().filter(|a| *a != Action::Roll).collect();
        prop_assert_eq!(got, expected);
    }

    /// A state before the roll or with the dice to play, written as a set-up position, reads
    /// back as itself.
    #[test]
    fn set_up_position_write_parse_replay_round_trip(seed in any::<u64>(), cut in 0usize..4000) {
        let (rules, length, actions) = random_match(seed);
        let m = lattjo_backgammon::Match::new(
            lattjo_backgammon::Backgammon::new(rules).unwrap(),
            if length > 0 {
                lattjo_backgammon::MatchConfig::new(Some(i64::from(length)), None)
            } else {
                lattjo_backgammon::MatchConfig::new(None, Some(u32::MAX))
            }
            .unwrap(),
        );
        let mut s = m.new_initial_state();
        for a in &actions[..cut.min(actions.len())] {
            m.apply(&mut s, a).unwrap();
        }
        let state = *s.round();
        let file = SgfFile::position(&rules, &state, ["w".into(), "b".into()]);
        if !matches!(state.phase(), Phase::BeforeRoll | Phase::Moving) {
            prop_assert!(file.is_err());
            return Ok(());
        }
        let text = file.unwrap().write().unwrap();
        let back = SgfFile::parse(&text).unwrap();
        let replay = back.replay(&back.rules()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut expected = state.setup();
        expected.resign_refused = false;
        prop_assert_eq!(replay.state.round().setup(), expected);
    }

    /// Any record the writer accepts reads back as itself: names, root properties and rule
    /// words with brackets, backslashes, colons, line breaks and any other character.
    #[test]
    fn write_parse_round_trip_of_arbitrary_records(
        names in proptest::array::uniform2("\\PC{0,12}"),
        info in proptest::collection::vec((prop_oneof![Just("DT"), Just("EV"), Just("GC"), Just("ZZ")], proptest::collection::vec("\\PC{0,10}", 1..3)), 0..4),
        other in proptest::collection::vec("[A-Za-z0-9 \\]\\\\]{1,6}", 0..3),
        length in 0u32..70,
        number in any::<u32>(),
        scores in any::<[u32; 2]>(),
        result in proptest::option::of((any::<bool>(), 1u32..10_000, any::<bool>())),
        nodes in proptest::collection::vec((any::<bool>(), 0u8..8, 1u8..7, 1u8..7, proptest::collection::vec((1u8..=25, 0u8..=24), 0..=4)), 0..12),
    ) {
        let side = |b: bool| if b { Side::White } else { Side::Black };
        let game = SgfGame {
            length,
            number,
            scores,
            players: names,
            rules: lattjo_backgammon::sgf::SgfRules {
                crawford: length % 2 == 0,
                crawford_game: length % 3 == 0,
                jacoby: length % 5 == 0,
                no_cube: length % 7 == 0,
                other,
            },
            initial_cube: 1 << (length % 13),
            result: result.map(|(w, points, resigned)| SgfResult { winner: side(w), points, resigned }),
            info: info
                .into_iter()
                .map(|(id, values)| lattjo_backgammon::sgf::SgfProperty { id: id.into(), values })
                .collect(),
            nodes: nodes
                .into_iter()
                .map(|(b, kind, d1, d2, steps)| lattjo_backgammon::sgf::SgfNode {
                    action: match kind {
                        0 => SgfAction::Double(side(b)),
                        1 => SgfAction::Take(side(b)),
                        2 => SgfAction::Drop(side(b)),
                        _ => SgfAction::Roll {
                            side: side(b),
                            dice: [d1, d2],
                            steps: steps
                                .into_iter()
                                .filter_map(|(f, t)| lattjo_backgammon::Step::new(f, t))
                                .collect(),
                        },
                    },
                    offset: 0,
                })
                .collect(),
            offset: 0,
        };
        let file = SgfFile { games: vec![game] };
        match file.write() {
            Ok(text) => {
                let back = SgfFile::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                prop_assert_eq!(back, file);
            }
            // Only a length over 64 or a rule word that is one of `RU`'s own is refused.
            Err(e) => prop_assert!(
                length > 64 || file.games[0].rules.other.iter().any(|w| ["NoCube", "Crawford", "CrawfordGame", "Jacoby"].contains(&w.as_str())),
                "{e}"
            ),
        }
    }

    /// Arbitrary bytes (as text) never panic the reader; what reads writes and reads back the
    /// same, and replaying it never panics.
    #[test]
    fn arbitrary_text_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(f) = SgfFile::parse(&text) {
            let _ = f.replay(&MATCH_RULES);
            if let Ok(w) = f.write() {
                prop_assert_eq!(SgfFile::parse(&w).unwrap(), f);
            }
        }
    }

    /// SGF-shaped text never panics the reader or the replay.
    #[test]
    fn sgf_shaped_text_never_panics(
        text in "\\(;GM\\[6\\](MI\\[length:[0-9]{1,2}\\]\\[game:[0-9]\\])?(RE\\[[BW]\\+[0-9]R?\\])?(\n?;[BW]\\[([1-7]{2}[a-z]{0,8}|double|take|drop)\\]){0,30}\\)"
    ) {
        if let Ok(f) = SgfFile::parse(&text) {
            let _ = f.replay(&MATCH_RULES.with_beavers(true));
            let _ = f.replay(&MATCH_RULES.with_jacoby(true));
            if let Ok(w) = f.write() {
                prop_assert_eq!(SgfFile::parse(&w).unwrap(), f);
            }
        }
    }

    /// A valid file with one byte replaced, inserted or removed never panics the reader or
    /// the replay.
    #[test]
    fn mutated_valid_files_never_panic(seed in 0u64..32, at in any::<prop::sample::Index>(), byte in any::<u8>(), op in 0u8..3) {
        let (rules, length, actions) = random_match(seed);
        let text = SgfFile::record(&rules, length, ["W".into(), "B".into()], &actions)
            .unwrap()
            .write()
            .unwrap();
        let mut bytes = text.into_bytes();
        let i = at.index(bytes.len());
        match op {
            0 => bytes[i] = byte,
            1 => bytes.insert(i, byte),
            _ => {
                bytes.remove(i);
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(f) = SgfFile::parse(&text) {
            let _ = f.replay(&rules);
        }
    }
}

/// A game whose result says resigned but ended by play, or the other way round, is refused.
#[test]
fn resignation_flag_must_match_the_end() {
    let base = "(;GM[6]MI[length:1][game:0][ws:0][bs:0]RU[Crawford]";
    let moves = "\n;B[63lrad]\n;W[double]\n;B[drop])";
    let ok = SgfFile::parse(&format!("{base}RE[W+1]{moves}")).unwrap();
    ok.replay(&MATCH_RULES).unwrap();
    let e = SgfFile::parse(&format!("{base}RE[W+1R]{moves}"))
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(e.kind, ReplayErrorKind::Resigned { written: true });
    // Resigned after B's first move: W is on roll, so B resigns... is refused; W resigns.
    let f = SgfFile::parse(&format!("{base}RE[B+1R]\n;B[63lrad])")).unwrap();
    let r = f.replay(&MATCH_RULES).unwrap();
    assert!(matches!(
        r.games[0].outcome.unwrap().kind,
        WinKind::Resignation(_)
    ));
    let e = SgfFile::parse(&format!("{base}RE[B+1]\n;B[63lrad])"))
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(e.kind, ReplayErrorKind::Resigned { written: false });
}

/// Setup nodes read and write back; a move after a set-up position replays from it (a
/// roll without steps, last, is dice rolled and not played); setup nodes elsewhere than a
/// game's start are refused by the replay with their offset.
#[test]
fn setup_nodes_are_kept_and_replayed_only_at_the_start() {
    let text = "(;GM[6]MI[length:0]\n;PL[B]AE[a:y]AW[a][a]AB[x][x][w]\n;B[21])\n";
    let f = SgfFile::parse(text).unwrap();
    assert!(matches!(&f.games[0].nodes[0].action, SgfAction::Setup(p) if p.len() == 4));
    assert_eq!(SgfFile::parse(&f.write().unwrap()).unwrap(), f);
    let r = f.replay(&MATCH_RULES).unwrap();
    assert_eq!(
        r.actions,
        [Action::Roll, Action::Dice(Dice::new(2, 1).unwrap())]
    );
    assert_eq!(r.state.round().phase(), Phase::Moving);
    let later = "(;GM[6]MI[length:0]\n;B[31qtst]\n;CV[2])\n";
    let e = SgfFile::parse(later)
        .unwrap()
        .replay(&MATCH_RULES)
        .unwrap_err();
    assert_eq!(e.offset, 31);
    assert!(matches!(e.kind, ReplayErrorKind::Unsupported(m) if m.contains("setup")));
}

/// Errors name the byte.
#[test]
fn parse_errors_name_the_byte() {
    let e = SgfFile::parse("(;GM[6]\n;B[63lrad]\n;W[65xrm])").unwrap_err();
    assert_eq!(
        (e.offset, e.kind),
        (19, ParseErrorKind::Move("65xrm".into()))
    );
    let e = SgfFile::parse(&"x".repeat(17 << 20)).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::TooLarge(_)));
}

/// Found by the fuzz target's smoke run: a file whose only game has no moves replays to no
/// actions, and the record of no actions had no game, which SGF cannot write (no empty
/// collection). The record of a match not started is now one game without moves.
#[test]
fn regression_record_of_no_actions_writes_one_empty_game() {
    let rules = MATCH_RULES.with_jacoby(true);
    let file = SgfFile::record(&rules, 0, ["w".into(), "b".into()], &[]).unwrap();
    assert_eq!(file.games.len(), 1);
    assert!(file.games[0].nodes.is_empty() && file.games[0].rules.jacoby);
    let text = file.write().unwrap();
    assert_eq!(SgfFile::parse(&text).unwrap(), file);
    let replay = file.replay(&rules).unwrap();
    assert!(replay.actions.is_empty() && replay.games[0].outcome.is_none());
}

/// GNUBG 1.07.001 writes a variant in `RU` (`set variation nackgammon`, `save match`:
/// `RU[Nackgammon]`; `3-chequer-hypergammon`: `RU[Crawford:Hypergammon3]`). Refused before
/// any move with the `.mat` reader's error for its `Variation` header, naming it.
#[test]
fn gnubg_variant_sgf_is_refused_as_a_variation() {
    for (ru, name) in [
        ("Nackgammon", "Nackgammon"),
        ("Crawford:Hypergammon3", "Hypergammon3"),
    ] {
        let text = format!("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]RU[{ru}]\n;W[21xvwv])\n");
        let e = SgfFile::parse(&text)
            .unwrap()
            .replay(&MATCH_RULES)
            .unwrap_err();
        assert_eq!(
            e.kind,
            ReplayErrorKind::Replay(mat::ReplayErrorKind::Variation(name.into())),
            "{ru}"
        );
    }
}

/// Regression: the reader held every value of every property it read, also of those it
/// skips, and kept one heap string per value of the root and setup properties, so a hostile
/// file of 16 MiB (`MAX_FILE_BYTES`) took more than 1 GiB: `YY[]` repeated in the root
/// 1.26 GB, `;AE[a]` repeated 0.96 GB, an analysis property `A[][]...` of 8 million empty
/// values 215 MB held for one node. Now the values of skipped properties (analysis,
/// comments, `GS`, a move's values after its first, every property of a variation) are read
/// for their syntax only, and the root and setup values held are at most `MAX_VALUES` a file
/// (GNUBG writes about ten a game), which bounds the parser at about 15 bytes held per byte
/// of input.
#[test]
fn regression_hostile_sgf_values_are_not_held_without_bound() {
    use lattjo_backgammon::sgf::MAX_VALUES;
    let over = MAX_VALUES + 1;
    // Unknown root properties (kept in `info`), one value each.
    let text = format!("(;GM[6]{})", "YY[]".repeat(over));
    let e = SgfFile::parse(&text).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::TooManyValues);
    assert!(e.to_string().contains("524288"), "{e}");
    // One root property with too many values, and setup nodes one value each.
    let text = format!("(;GM[6]DT{})", "[x]".repeat(over));
    assert_eq!(
        SgfFile::parse(&text).unwrap_err().kind,
        ParseErrorKind::TooManyValues
    );
    let text = format!("(;GM[6]{})", ";AE[a]".repeat(over));
    assert_eq!(
        SgfFile::parse(&text).unwrap_err().kind,
        ParseErrorKind::TooManyValues
    );
    // The unknown words of `RU`, each a value held.
    let text = format!("(;GM[6]RU[{}])", "a:".repeat(over));
    assert_eq!(
        SgfFile::parse(&text).unwrap_err().kind,
        ParseErrorKind::TooManyValues
    );
    let text = format!("(;GM[6]RU[{}])", "a:".repeat(MAX_VALUES / 2));
    let f = SgfFile::parse(&text).unwrap();
    assert_eq!(f.games[0].rules.other.len(), MAX_VALUES / 2);
    // ... and the replay's refusal of such a variation quotes an excerpt, not all of it.
    let e = f.replay(&MATCH_RULES).unwrap_err();
    assert!(e.to_string().len() < 200, "{}", e.to_string().len());
    // Games: each root's values count (GM, MI, PW, ...).
    let text = "(;GM[6]PW[a])".repeat(over / 2 + 1);
    assert_eq!(
        SgfFile::parse(&text).unwrap_err().kind,
        ParseErrorKind::TooManyValues
    );
    // Skipped properties are not counted, however many values: analysis and comments in
    // a move node, statistics in the root, the values of a move after its first, and
    // whole variations.
    let many = "[]".repeat(over);
    let text = format!(
        "(;GM[6]GS{many};W[52mhmk]A{many}C{many};B[31]{many}(;W[double])(;W[take]DI{many}))"
    );
    let f = SgfFile::parse(&text).unwrap();
    assert_eq!(f.games[0].nodes.len(), 3);
    assert!(f.games[0].info.is_empty());
    assert!(matches!(
        &f.games[0].nodes[1].action,
        SgfAction::Roll { dice: [3, 1], .. }
    ));
    assert!(
        matches!(&f.games[0].nodes[0].action, SgfAction::Roll { steps, .. } if steps.len() == 2)
    );
    // ... but they are still read for their syntax.
    let e = SgfFile::parse("(;GM[6];W[52mhmk]A[1][2)").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::UnexpectedEnd);
    let e = SgfFile::parse("(;GM[6];W[52mhmk](;B[31]C[a]x[b]))").unwrap_err();
    assert!(
        matches!(
            e.kind,
            ParseErrorKind::PropertyId(_) | ParseErrorKind::Unexpected(_)
        ),
        "{e}"
    );
    // Up to the bound, a file reads.
    let text = format!("(;GM[6]{})", "YY[]".repeat(MAX_VALUES - 1));
    assert_eq!(
        SgfFile::parse(&text).unwrap().games[0].info.len(),
        MAX_VALUES - 1
    );
    // The writer refuses what the reader would: GM, four MI values, PW and PB are 7.
    let mut file = SgfFile::parse("(;GM[6];W[52mhmk])").unwrap();
    file.games[0]
        .info
        .push(lattjo_backgammon::sgf::SgfProperty {
            id: "YY".into(),
            values: vec![String::new(); MAX_VALUES - 7],
        });
    let written = file.write().unwrap();
    assert_eq!(SgfFile::parse(&written).unwrap(), file);
    file.games[0].info[0].values.push(String::new());
    assert_eq!(
        file.write(),
        Err(lattjo_backgammon::sgf::WriteError::TooManyValues)
    );
}

/// GNU Backgammon lets the doubled player resign instead of answering the double; its SGF
/// (`save match`, 1.07.001) ends such a game with the double and writes the resignation in
/// `RE` only. The text below has the shape of GNUBG's save of `new match 5`, a play each,
/// `double`, `resign gammon`, `accept` (GNUBG's own record: the doubler wins 2 points,
/// resigned). The replay refused it ("a resignation by the player not on roll, or while a
/// double is pending"); under `Rules::resign_when_doubled` (D6, A10) it replays to GNUBG's
/// result, and without the option it names the option.
#[test]
fn regression_gnubg_sgf_resignation_instead_of_an_answer_to_a_double() {
    let text = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:5][game:0][ws:0][bs:0]PW[w]PB[b]RU[Crawford]RE[B+2R]\n;B[21lnab]\n;W[52mhxv]\n;B[double])\n";
    let file = SgfFile::parse(text).expect("parses");
    let e = file.replay(&file.rules()).expect_err("the option is off");
    assert_eq!(
        e.kind,
        ReplayErrorKind::Replay(mat::ReplayErrorKind::ResignationWhileDoubled)
    );
    let rules = file.rules().with_resign_when_doubled(true);
    let r = file.replay(&rules).expect("GNUBG's result");
    let o = r.games[0].outcome.expect("the game ended");
    assert_eq!(
        (o.kind, o.points),
        (
            WinKind::Resignation(lattjo_backgammon::ResignLevel::Gammon),
            2
        )
    );
    assert_eq!(r.state.totals().as_slice()[o.winner.index()], 2);
    assert!(r.actions.ends_with(&[
        Action::Double,
        Action::Resign(lattjo_backgammon::ResignLevel::Gammon),
        Action::AcceptResignation
    ]));
    // Recorded from the actions, it writes a file that replays to the same actions.
    let again = SgfFile::record(&rules, 5, ["w".into(), "b".into()], &r.actions).unwrap();
    let back = SgfFile::parse(&again.write().unwrap()).unwrap();
    assert_eq!(back.replay(&rules).unwrap().actions, r.actions);
}

/// D6 with A10 (`Rules::resign_when_doubled`): random matches in which a doubled player may
/// resign instead of answering record, write, read and replay to the same actions (as
/// `record_write_parse_replay_round_trip`); such a game ends with the double, the
/// resignation in `RE` only, as GNUBG saves it.
#[test]
fn d6_a10_resignations_instead_of_an_answer_round_trip() {
    let mut resigned = 0;
    for seed in 0..300 {
        let (rules, length, actions) = random_match_with(seed, true);
        let file =
            SgfFile::record(&rules, length, ["White".into(), "Black".into()], &actions).unwrap();
        let text = file.write().unwrap();
        let back = SgfFile::parse(&text).unwrap();
        assert_eq!(back, file);
        let replay = back
            .replay(&rules)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let expected = without_rolls(&without_refused_resignations(&actions));
        let got = without_rolls(&replay.actions);
        assert_eq!(got, expected, "seed {seed}");
        resigned += resignations_instead_of_answers(&got);
    }
    assert!(
        resigned >= 20,
        "{resigned} resignations instead of an answer"
    );
}

/// GNU Backgammon 1.07.001's save of a match in which a doubled player resigns instead of
/// answering (`data/gnubg_sgf/m5-resigned-doubled.sgf`, see the README): game 1 ends with
/// the double and `RE[B+2R]`, which replays under `Rules::resign_when_doubled` (D6, A10) to
/// GNUBG's own results game by game (where its `.mat` export of the same match writes twice
/// the points: `tests/mat.rs`, `gnubg_export_of_a_resignation_instead_of_an_answer`);
/// without the option the replay names it. The file writes back to itself.
#[test]
fn gnubg_save_of_a_resignation_instead_of_an_answer() {
    use lattjo_backgammon::ResignLevel::{Gammon, Single};
    let file = SgfFile::parse(include_str!("data/gnubg_sgf/m5-resigned-doubled.sgf")).unwrap();
    assert_eq!(SgfFile::parse(&file.write().unwrap()).unwrap(), file);
    let e = file.replay(&file.rules()).expect_err("the option is off");
    assert_eq!(
        (e.game, e.kind),
        (
            1,
            ReplayErrorKind::Replay(mat::ReplayErrorKind::ResignationWhileDoubled)
        )
    );
    let r = file
        .replay(&file.rules().with_resign_when_doubled(true))
        .expect("GNUBG's results");
    let got: Vec<_> = r
        .games
        .iter()
        .map(|g| g.outcome.map(|o| (o.winner, o.kind, o.points)))
        .collect();
    assert_eq!(
        got,
        [
            Some((Side::White, WinKind::Resignation(Gammon), 2)),
            Some((Side::Black, WinKind::Resignation(Single), 2)),
            None,
        ]
    );
    assert_eq!(r.state.totals().as_slice(), &[2, 2]);
}

/// Regression: an SGF file saved as UTF-16 (as Windows PowerShell's `>` and Notepad's
/// "Unicode" write) did not read by the way `SgfFile::parse` documented, `text::decode`,
/// which took its bytes as Windows-1252. `text::decode_file` reads it as the same file in
/// UTF-8.
#[test]
fn regression_a_utf16_sgf_file_did_not_read() {
    use boardgame_core::text::{decode, decode_file, encode_utf16_file};
    for (name, text, _) in GOLDEN {
        let utf8 = SgfFile::parse(text);
        assert!(utf8.is_ok(), "{name}: {utf8:?}");
        for big_endian in [false, true] {
            let file = encode_utf16_file(text, big_endian);
            // With its mark, and without, as `iconv -t UTF-16LE` writes it.
            for file in [&file[..], &file[2..]] {
                assert_eq!(SgfFile::parse(&decode_file(file)), utf8, "{name}");
                assert!(SgfFile::parse(&decode(file)).is_err(), "{name}");
            }
        }
    }
}

/// A property identifier or rule word the writer refuses is quoted through
/// `boardgame_core::text::excerpt` in its error: a megabyte-long one made an error, and its
/// message, of a megabyte (found by a review of the error types' `String` fields,
/// 8 December 2026).
#[test]
fn regression_an_unwritable_property_or_rule_was_copied_whole() {
    use boardgame_core::text::EXCERPT_CHARS;
    use lattjo_backgammon::sgf::{SgfProperty, WriteError};
    let file = SgfFile::record(&MATCH_RULES, 1, ["alice".into(), "bob".into()], &[])
        .expect("an empty match");
    let mut property = file.clone();
    property.games[0].info.push(SgfProperty {
        id: "Z".repeat(1 << 20),
        values: vec!["x".into()],
    });
    let mut rule = file;
    rule.games[0]
        .rules
        .other
        .push(format!("a:{}", "z".repeat(1 << 20)));
    for f in [property, rule] {
        let err = f.write().unwrap_err();
        let (WriteError::Property(text) | WriteError::Rule(text)) = &err else {
            panic!("{err:?}");
        };
        assert_eq!(text.chars().count(), EXCERPT_CHARS, "{err:?}");
        assert!(err.to_string().len() < 200, "{}", err.to_string().len());
    }
}
