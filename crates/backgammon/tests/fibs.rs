//! FIBS board lines against the tools that write and read them.
//!
//! Sources: `data/gnubg_fibs_boards.txt` (board lines GNU Backgammon 1.07.001 wrote for 312
//! states) and `data/gnubg_external.txt` (357 lines of this crate's writer and GNU
//! Backgammon's answers to them through its `external` interface); each file's header says how
//! it was made. FIBS's own lines come from the protocol's specification and from the tests of
//! Gibbon, a FIBS client (cited at each).

use lattjo_backgammon::fibs::FibsBoard;
use lattjo_backgammon::{Phase, PlayList, SingleDiePolicy, State};

fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

/// GNU Backgammon's board lines read back as the states they were written for, and this
/// crate writes the same states, for the player on roll, as lines that read the same.
#[test]
fn gnubg_written_board_lines_read_as_the_states_they_describe() {
    let mut n = 0;
    for row in rows(include_str!("data/gnubg_fibs_boards.txt")) {
        let (xgid, line) = (row[0], row[1]);
        let state: State = xgid.parse().unwrap();
        let on_roll = state.position().to_move();
        let board: FibsBoard = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(board.to_string(), line, "writes back as read");
        assert_eq!(
            board.to_state(on_roll).as_ref(),
            Ok(&state),
            "{xgid}\n{line}"
        );
        // GNUBG writes the dice in both fields, 0 for the bar counts and its own last two
        // fields; this crate's line differs there and reads as the same state.
        let ours = FibsBoard::from_state(&state, on_roll, board.names()).unwrap();
        assert_eq!(ours.board(), board.board(), "{xgid}");
        assert_eq!(ours.to_state(on_roll).as_ref(), Ok(&state), "{xgid}");
        n += 1;
    }
    assert_eq!(n, 312);
}

/// GNU Backgammon read this crate's lines, for the player on roll and for the other player,
/// as the states they describe: its play is legal for the dice, it answers a double as a
/// double, and it doubles only where the player on roll may.
#[test]
fn gnubg_external_answers_fit_the_states_of_this_crates_lines() {
    let mut n = 0;
    for row in rows(include_str!("data/gnubg_external.txt")) {
        let (xgid, whose, line, answer) = (row[0], row[1], row[3], row.get(4).copied());
        let answer = answer.unwrap_or("");
        let state: State = xgid.parse().unwrap();
        let on_roll = state.position().to_move();
        let (you, names) = match whose {
            "onroll" => (on_roll, ["onroll", "other"]),
            _ => (on_roll.opponent(), ["other", "onroll"]),
        };
        let ours = FibsBoard::from_state(&state, you, names).unwrap();
        assert_eq!(
            ours.to_string(),
            line,
            "the writer is unchanged: {xgid} {whose}"
        );
        assert_eq!(ours.to_state(you).as_ref(), Ok(&state));
        match state.phase() {
            Phase::Moving => {
                let dice = state.dice().unwrap();
                let p = state.position();
                if answer.is_empty() {
                    let mut list = PlayList::new();
                    p.legal_plays(dice, SingleDiePolicy::Standard, &mut list);
                    assert!(list.plays().all(|play| play.steps().is_empty()), "{xgid}");
                } else {
                    let play = p
                        .parse_play(answer, dice, SingleDiePolicy::Standard)
                        .unwrap_or_else(|e| panic!("{xgid} {whose}: GNUBG played {answer}: {e}"));
                    // The play as FIBS's `move` command takes it, in the line's numbering.
                    let text = ours.move_text(&play).unwrap();
                    assert_eq!(ours.parse_move(&text, SingleDiePolicy::Standard), Ok(play));
                }
            }
            Phase::BeforeRoll => {
                let m = state.match_context();
                let may = state.cube_owner() != Some(on_roll.opponent())
                    && !m.is_some_and(|m| m.is_crawford());
                assert!(
                    answer == "roll" || (answer == "double" && may),
                    "{xgid}: {answer}"
                );
            }
            Phase::Doubled => {
                let money = state.match_context().is_none();
                let ok = ["take", "drop"].contains(&answer) || (answer == "beaver" && money);
                assert!(ok, "{xgid} {whose}: {answer}");
            }
            p => panic!("{xgid}: phase {p:?}"),
        }
        n += 1;
    }
    assert_eq!(n, 357);
}

/// A double in GNU Backgammon 1.07.001's own lines (`set player 0 human`, `set player 1
/// human`, `set output rawboard on`, `set seed 1`, `new match 5`; root, on roll with 6-3, plays
/// `24/18 13/10`; gnubg doubles; root takes; `show board` after each): the doubler stays on
/// turn, GNUBG writes the was-doubled field with the doubler's colour (−1), and the may-double
/// fields keep the cube before the double.
#[test]
fn gnubg_lines_during_and_after_a_double_read_as_the_double_and_the_take() {
    use lattjo_backgammon::{Phase, Side};
    let pending = "board:root:gnubg:5:0:0:0:-2:0:0:0:0:5:0:3:0:1:0:-5:4:0:0:0:-3:1:-5:0:0:0:0:1:0:\
                   -1:0:0:0:0:1:1:1:-1:1:-1:0:25:0:0:0:0:0:0:0:1";
    let taken = "board:root:gnubg:5:0:0:0:-2:0:0:0:0:5:0:3:0:1:0:-5:4:0:0:0:-3:1:-5:0:0:0:0:1:0:\
                 -1:0:0:0:0:2:1:0:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    let s = State::from_fibs_board(pending, Side::White).unwrap();
    assert_eq!(s.phase(), Phase::Doubled);
    assert_eq!(s.position().to_move(), Side::Black, "gnubg doubled");
    assert_eq!((s.cube_log2(), s.cube_owner()), (0, None));
    assert_eq!(
        s.match_context().map(|m| (m.length(), m.scores())),
        Some((5, [0, 0]))
    );
    let t = State::from_fibs_board(taken, Side::White).unwrap();
    assert_eq!(t.phase(), Phase::BeforeRoll);
    assert_eq!(t.position().to_move(), Side::Black);
    assert_eq!(
        (t.cube_log2(), t.cube_owner()),
        (1, Some(Side::White)),
        "root took"
    );
    assert_eq!(t.position(), s.position());
    // This crate writes the taker's line with FIBS's was-doubled 1; both read the same.
    let ours = FibsBoard::from_state(&s, Side::White, ["root", "gnubg"]).unwrap();
    assert_eq!(ours.to_state(Side::White), Ok(s));
    assert_eq!(ours.to_string().split(':').nth(40), Some("1"));
}

/// Regression (libFuzzer, `backgammon_fibs`): a line with the cube at 1, a double offered and
/// only the opponent allowed to double read as a double of a cube the opponent owned at 1.
/// No legal game has an owned cube at 1 (a player owns the cube only after taking a double,
/// B28), and FIBS's line cannot write one back: written for the doubler it read as a
/// centred cube. Every way a state is made now refuses it (`StateError::OwnedCubeAtOne`), so
/// the line is refused for both players, and so is a `StateSetup` that says it.
#[test]
fn regression_a_cube_owned_at_1_read_from_a_fibs_line_did_not_write_back() {
    use lattjo_backgammon::{ImportError, Side, StateError, StateSetup};
    let line = "board:bot:them:0:4:2:0:1:2:1:2:-2:-1:0:0:0:-1:-1:0:2:0:2:0:0:-2:-5:-2:-1:1:0:2:\
                2:-1:0:0:0:0:1:0:1:1:1:-1:0:25:0:0:2:0:0:0:0:0";
    let board: FibsBoard = line.parse().expect("the line reads");
    for you in Side::ALL {
        assert_eq!(
            board.to_state(you),
            Err(ImportError::State(StateError::OwnedCubeAtOne)),
            "{you:?}"
        );
    }
    let owned_at_1 = StateSetup {
        cube_owner: Some(Side::Black),
        ..StateSetup::from(State::default())
    };
    let owned_at_1 = StateSetup {
        phase: Phase::BeforeRoll,
        ..owned_at_1
    };
    assert_eq!(State::try_from(owned_at_1), Err(StateError::OwnedCubeAtOne));
    let owned_at_2 = StateSetup {
        cube_log2: 1,
        ..owned_at_1
    };
    assert!(State::try_from(owned_at_2).is_ok());
}

/// Regression (D4): a FIBS line at match point with the did-Crawford field 0 and the
/// redoubles field non-zero was read as the Crawford game. GNU Backgammon uses the redoubles
/// field as its own "not the Crawford game" flag (`fNonCrawford` in `ProcessFIBSBoardInfo`,
/// drawboard.c; its `FIBSBoard` writes `!fCrawford` there), so it reads such a line as a
/// game after the Crawford game: its `external` interface (1.07.001, `evaluation fibsboard
/// <line> plies 0 cubeful`) gave the cubeful equity 0.761141 for the line below with `0:0`
/// at the end (the Crawford game, a dead cube) and 0.716715 with `0:1`, `0:3` and `1:0`.
#[test]
fn regression_redoubles_field_nonzero_at_match_point_is_not_the_crawford_game() {
    use lattjo_backgammon::Side;
    let line = |did_crawford: u32, redoubles: u32| {
        format!(
            "board:You:Opp:5:2:4:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:\
             1:1:1:0:1:-1:0:25:0:0:0:0:0:0:{did_crawford}:{redoubles}"
        )
    };
    let crawford = |d, r| {
        let b: FibsBoard = line(d, r).parse().unwrap();
        let s = b.to_state(Side::White).unwrap();
        s.match_context().unwrap().is_crawford()
    };
    assert!(crawford(0, 0));
    assert!(!crawford(0, 1));
    assert!(!crawford(0, 3));
    assert!(!crawford(1, 0));
    assert!(!crawford(1, 1));
    // Away from match point the field says nothing about the Crawford game.
    let b: FibsBoard = line(0, 1).replace(":5:2:4:", ":5:2:2:").parse().unwrap();
    assert!(
        !b.to_state(Side::White)
            .unwrap()
            .match_context()
            .unwrap()
            .is_crawford()
    );
}

/// A number field of a board line that is refused is quoted through
/// `boardgame_core::text::excerpt`, as the names are: a megabyte of digits in any number field
/// (the match length, a point, the dice, the cube) made an error, and its message, of a
/// megabyte (found by `examples/tests/error_excerpts.rs`, which makes every field of valid
/// texts long, 8 December 2026).
#[test]
fn regression_fibs_board_number_fields_were_copied_whole_into_the_error() {
    use boardgame_core::text::EXCERPT_CHARS;
    use lattjo_backgammon::fibs::FibsBoardError;
    let row = rows(include_str!("data/gnubg_fibs_boards.txt"))
        .next()
        .expect("a row");
    let line = row[1];
    let fields: Vec<&str> = line.split(':').collect();
    let long = "7".repeat(1 << 20);
    for index in 3..fields.len() {
        let mut changed = fields.clone();
        changed[index] = &long;
        let err = changed.join(":").parse::<FibsBoard>().unwrap_err();
        match &err {
            FibsBoardError::Field {
                index: i, value, ..
            } => {
                assert_eq!(*i, index);
                assert_eq!(value.chars().count(), EXCERPT_CHARS, "field {index}");
            }
            other => panic!("field {index}: {other:?}"),
        }
        assert!(err.to_string().len() < 200, "field {index}: {err}");
    }
}
