//! Games from the American Checker Federation's archives, as transcribed in
//! github.com/EricCJoyce/Datasets (`Checkers/ACF.txt`, MIT License; the notice is in the
//! data file's header): 600 real games played over the board by people under the ACF's
//! rules, which are the WCDF rules this crate implements (D1-D13: men forward, kings one
//! square, captures compulsory with free choice among them, a man crowned ends its move).
//! An independent check of the move rules on play no generator produced: every recorded
//! move must be exactly one legal move here, and no game may end before its record does.
//!
//! The file numbers the squares 0-31 from the first mover's side (its `REF.png`: 0 = a1,
//! 3 = g1, 4 = b2, 31 = h8), and joins the squares of a move and of a jump alike with `-`,
//! a multiple jump with every landing square. The standard numbering (Black, who moves
//! first, on 1-12; square 1 in the far corner from White's single corner) mirrors each
//! row: archive square `d` is standard `4 * (d / 4) + 4 - d % 4`, so archive 8 (a3) is
//! standard 12 and the opening `10-13` is `10-15`.

use lattjo_draughts::{Draughts, Game, Position, Rules, Turn};

const GAMES: &str = include_str!("golden/acf_games.txt");

/// Archive square (0-31) to standard square number (1-32).
fn standard(archive: u32) -> u32 {
    4 * (archive / 4) + 4 - archive % 4
}

#[test]
fn the_archive_numbering_maps_the_standard_openings() {
    // The seven legal first moves of Black (standard 9-13, 9-14, 10-14, 10-15, 11-15,
    // 11-16, 12-16) and where they sit in the archive's numbering.
    let firsts: Vec<(u32, u32)> = [
        (11, 15),
        (11, 14),
        (10, 14),
        (10, 13),
        (9, 13),
        (9, 12),
        (8, 12),
    ]
    .iter()
    .map(|&(a, b)| (standard(a), standard(b)))
    .collect();
    assert_eq!(
        firsts,
        [
            (9, 13),
            (9, 14),
            (10, 14),
            (10, 15),
            (11, 15),
            (11, 16),
            (12, 16)
        ]
    );
    assert_eq!(
        (standard(0), standard(3), standard(28), standard(31)),
        (4, 1, 32, 29)
    );
}

#[test]
fn acf_archive_games_replay_move_by_move_d1_d13() {
    let game = Draughts::new(Rules::wcdf()).expect("rules");
    let mut legal = Vec::new();
    let (mut games, mut plies) = (0, 0);
    for (no, line) in GAMES.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let line_no = no + 1;
        let (movetext, result) = line.split_once('\t').expect("a tab before the result");
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result),
            "line {line_no}: result {result:?}"
        );
        let mut state = game.state_from(Position::start());
        let moves: Vec<&str> = movetext.split_whitespace().collect();
        for (ply, text) in moves.iter().enumerate() {
            assert_ne!(
                game.turn(&state),
                Turn::Terminal,
                "line {line_no}: the game is over before ply {}",
                ply + 1
            );
            let path: Vec<String> = text
                .split('-')
                .map(|s| standard(s.parse().expect("a square")).to_string())
                .collect();
            state.position().legal_moves(Default::default(), &mut legal);
            let found: Vec<_> = legal
                .iter()
                .filter(|m| m.path().map(|s| s.to_string()).eq(path.iter().cloned()))
                .collect();
            assert_eq!(
                found.len(),
                1,
                "line {line_no}, ply {}: {text} ({}) in {}: legal {:?}",
                ply + 1,
                path.join("-"),
                state.position(),
                legal.iter().map(ToString::to_string).collect::<Vec<_>>()
            );
            let mv = *found[0];
            game.play(&mut state, &mv)
                .unwrap_or_else(|e| panic!("line {line_no}, ply {}: {e}", ply + 1));
            plies += 1;
        }
        games += 1;
    }
    assert_eq!((games, plies), (600, GAMES_PLIES));
}

/// The plies of the 600 games (`grep -v '^#' acf_games.txt | cut -f1 | wc -w`).
const GAMES_PLIES: usize = 29_843;
