//! PGN reading and writing on a multi-game file with comments, NAGs and variations.

use lattjo_chess::pgn::{PgnErrorKind, read_pgn, write_pgn};
use lattjo_chess::{Color, SanError};

#[test]
fn pgn_multi_game_file_with_comments_variations_and_a_bad_game() {
    let read = read_pgn(include_str!("data/multi.pgn"));
    // The first game has a typo (`qe7`), reported with its line and skipped.
    assert_eq!(read.errors.len(), 1);
    let err = &read.errors[0];
    assert_eq!(err.line, 13);
    assert!(
        matches!(&err.kind, PgnErrorKind::Move { san, ply: 14, error: SanError::Illegal(_) | SanError::Syntax(_) } if san == "qe7"),
        "{err:?}"
    );
    assert_eq!(read.games.len(), 3);

    let opera = &read.games[0];
    assert_eq!(opera.tag("White"), Some("Morphy, Paul"));
    assert_eq!(opera.moves.len(), 33);
    assert_eq!(opera.result.as_deref(), Some("1-0"));
    assert!(opera.end_position().is_checkmate());
    assert_eq!(opera.end_position().turn(), Color::Black);
    assert_eq!(
        opera.comments,
        vec![(6, "This is a weak move already.".to_owned())]
    );
    assert!(opera.nags.contains(&(6, 2)), "$2 after 3...Bg4");
    assert!(opera.nags.contains(&(19, 1)), "10. Nxb5! read as NAG 1");
    assert_eq!(opera.variations.len(), 2);
    assert_eq!(opera.variations[0].ply, 8, "replaces 4...Bxf3");
    assert_eq!(opera.variations[0].moves.len(), 4);
    // (13... Nxd7 14. Bxe7 (14. Rd1 Qe6) 14... Bxe7): a nested variation replacing 14. Bxe7.
    let second = &opera.variations[1];
    assert_eq!(second.ply, 26);
    assert_eq!(second.moves.len(), 3);
    assert_eq!(second.variations.len(), 1);
    assert_eq!(second.variations[0].ply, 2);
    assert_eq!(second.variations[0].moves.len(), 2);

    let endgame = &read.games[1];
    assert_eq!(endgame.moves.len(), 1);
    assert!(endgame.end_position().is_checkmate());

    let unfinished = &read.games[2];
    assert_eq!(unfinished.result.as_deref(), Some("*"));
    assert_eq!(unfinished.moves.len(), 6);
    assert_eq!(unfinished.comments, vec![(0, "a line comment".to_owned())]);
}

#[test]
fn pgn_write_then_read_round_trips() {
    let read = read_pgn(include_str!("data/multi.pgn"));
    for game in &read.games {
        let text = write_pgn(game);
        let again = read_pgn(&text);
        assert!(again.errors.is_empty(), "{text}\n{:?}", again.errors);
        assert_eq!(again.games.len(), 1);
        let g = &again.games[0];
        assert_eq!(g.moves, game.moves);
        assert_eq!(g.start, game.start);
        assert_eq!(g.result, game.result);
        assert_eq!(g.variations, game.variations);
        assert_eq!(g.nags, game.nags);
        assert_eq!(g.comments, game.comments);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    }
    let endgame = write_pgn(&read.games[1]);
    assert!(
        endgame.contains("[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/7R w - - 0 1\"]"),
        "{endgame}"
    );
    assert!(endgame.contains("1. Rh8# 1-0"), "{endgame}");
}

#[test]
fn pgn_errors_unclosed_comment_bad_tag_and_parentheses() {
    let read = read_pgn("[Event \"x\"]\n1. e4 {never closed\n");
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].kind, PgnErrorKind::UnclosedComment);
    assert_eq!(read.errors[0].line, 2);
    let read = read_pgn("[Event x]\n1. e4 *\n\n[Event \"y\"]\n1. d4 *\n");
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].kind, PgnErrorKind::Tag);
    assert_eq!(read.games.len(), 1);
    let read = read_pgn("1. e4 (1. d4 *\n");
    assert_eq!(read.errors.len(), 1);
    let read = read_pgn("1. e4 ) e5 *\n");
    assert_eq!(read.errors[0].kind, PgnErrorKind::Parentheses);
    let read = read_pgn("(1. d4) 1. e4 *\n");
    assert_eq!(read.errors[0].kind, PgnErrorKind::VariationWithoutMove);
    let read = read_pgn("[FEN \"not a fen\"]\n1. e4 *\n");
    assert!(matches!(read.errors[0].kind, PgnErrorKind::Fen(_)));
}
