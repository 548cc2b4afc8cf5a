//! PDN games: a real published game, several games in one text, A10's results, errors.

use lattjo_draughts::{
    Color, GameResult, KingMoves, MoveTextError, PdnErrorKind, PdnGame, Position, Role, read_games,
};

#[test]
fn reads_the_pdn_standard_checkers_example() {
    let games = read_games(include_str!("golden/double_corner_dyke.pdn")).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    // 23 full moves and Black's 24th and White's reply: 48 plies, all legal in turn.
    assert_eq!(g.moves.len(), 48);
    assert_eq!(g.tag("Black"), Some("Jordan,A"));
    assert_eq!(g.tag("White"), Some("Tesheliet,F"));
    assert_eq!(g.tag("GameType"), Some("21"));
    assert_eq!(g.tag("Result"), Some("1/2-1/2"));
    // The movetext ends with "*": the termination marker wins over the tag.
    assert_eq!(g.result, GameResult::Unfinished);
    assert_eq!(g.comments.len(), 3);
    assert_eq!(g.comments[0].0, 5, "after 3. 15-19");
    assert!(g.comments[2].1.starts_with("! a really beautiful escape"));
    // 24. 7x23 is a double jump written in the short form: only its ends are given.
    let m = g.moves[46];
    assert_eq!(
        (m.from().number(), m.to().number(), m.num_captured()),
        (7, 23, 2)
    );
    // Material: 14 single captures and the double jump.
    let end = g.final_position();
    let taken: u32 = g.moves.iter().map(|m| m.num_captured()).sum();
    assert_eq!(
        end.count(Color::Black) + end.count(Color::White),
        24 - taken
    );
    assert_eq!(
        end.count_role(Color::Black, Role::King) + end.count_role(Color::White, Role::King),
        0
    );
}

#[test]
fn a10_result_tokens_and_several_games() {
    let text = "[Event \"one\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 1-0\n\n\
                [Event \"two\"]\n1. 9-13 22-18 0-1\n\
                [Event \"three\"]\n1. 9-14 1/2-1/2\n\
                [Event \"four\"]\n[SetUp \"1\"]\n[FEN \"W:W18:B14\"]\n1... 18x9 *  {compulsory capture}\n\
                [Event \"five\"]\n1. 10-14 (1... 22-17 {a variation is skipped}) 24-19 $2 2. 14-18!? \n";
    let games = read_games(text).unwrap();
    let results: Vec<GameResult> = games.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unfinished,
            GameResult::Unfinished
        ]
    );
    // A10: 1-0 is a win for White, who moves second.
    assert_eq!(GameResult::from_winner(Some(Color::White)).as_pdn(), "1-0");
    assert_eq!(GameResult::from_winner(Some(Color::Black)).as_pdn(), "0-1");
    assert_eq!(games[3].start.turn(), Color::White);
    assert_eq!(games[3].moves.len(), 1);
    assert_eq!(games[4].moves.len(), 3);
    assert_eq!(games[4].tag("event"), Some("five"));
    // Points-style results some files use.
    assert_eq!("2-0".parse::<GameResult>().unwrap(), GameResult::WhiteWins);
    assert_eq!("0-2".parse::<GameResult>().unwrap(), GameResult::BlackWins);
    assert_eq!("1-1".parse::<GameResult>().unwrap(), GameResult::Draw);
}

#[test]
fn write_then_read_round_trip() {
    let mut g = read_games(include_str!("golden/double_corner_dyke.pdn"))
        .unwrap()
        .remove(0);
    let text = g.to_string();
    let again = read_games(&text).unwrap();
    assert_eq!(again, vec![g.clone()]);
    // A game from a set-up position, Black's capture sequences in full or short form.
    let start: Position = "B:W9,10,17,18:BK6,K1".parse().unwrap();
    let mv = start.parse_move("6x15x22x13x6", KingMoves::Short).unwrap();
    g = PdnGame::new(start, vec![mv], GameResult::BlackWins);
    g.comments.push((1, "White has nothing left".into()));
    let text = g.to_string();
    assert!(text.contains("[FEN \"B:W9,10,17,18:BK1,K6\"]"), "{text}");
    assert!(
        text.contains("1. 6x15x22x13x6 {White has nothing left} 0-1"),
        "{text}"
    );
    assert_eq!(read_games(&text).unwrap(), vec![g]);
}

#[test]
fn bad_pdn_is_a_typed_error() {
    let err = |t: &str| read_games(t).unwrap_err();
    assert_eq!(
        err("1. 11-15 {never closed").kind,
        PdnErrorKind::UnterminatedComment
    );
    assert_eq!(
        err("1. 11-15 (22-18").kind,
        PdnErrorKind::UnterminatedVariation
    );
    assert!(matches!(
        err("[Event x]\n1. 11-15 *").kind,
        PdnErrorKind::BadTag(_)
    ));
    assert!(matches!(
        err("[Event \"x\"\n1. 11-15 *").kind,
        PdnErrorKind::BadTag(_)
    ));
    assert!(matches!(
        err("[GameType \"20\"]\n1. 32-28 *").kind,
        PdnErrorKind::UnsupportedGameType(_)
    ));
    assert!(matches!(
        err("[FEN \"B:W33:B1\"]\n1. 1-5 *").kind,
        PdnErrorKind::Fen(_)
    ));
    let e = err("1. 11-15 23-19 2. 8-11 1-0\n1. 11-15 11-15 *");
    assert_eq!(e.game, 2);
    assert!(matches!(
        e.kind,
        PdnErrorKind::Move {
            ply: 2,
            source: MoveTextError::Illegal { .. },
            ..
        }
    ));
    assert!(matches!(
        err("1. hello *").kind,
        PdnErrorKind::Unexpected(_)
    ));
    assert!(read_games("").unwrap().is_empty());
}
