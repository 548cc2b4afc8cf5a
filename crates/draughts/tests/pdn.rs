//! PDN games: a real published game, several games in one text, A10's results, errors.

use lattjo_draughts::{
    Color, GameResult, KingMoves, MoveTextError, PdnError, PdnErrorKind, PdnGame, PdnReader,
    Position, Role, TagError, read_games, read_games_with,
};

#[test]
fn reads_the_pdn_standard_checkers_example() {
    let games = read_games(include_str!("golden/double_corner_dyke.pdn")).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    // 23 full moves and Black's 24th and White's reply: 48 plies, all legal in turn.
    assert_eq!(g.moves().len(), 48);
    assert_eq!(g.tag("Black"), Some("Jordan,A"));
    assert_eq!(g.tag("White"), Some("Tesheliet,F"));
    assert_eq!(g.tag("GameType"), Some("21"));
    assert_eq!(g.tag("Result"), Some("1/2-1/2"));
    // The movetext ends with "*": the termination marker wins over the tag.
    assert_eq!(g.result(), GameResult::Unfinished);
    assert_eq!(g.comments().len(), 3);
    assert_eq!(g.comments()[0].0, 5, "after 3. 15-19");
    assert!(g.comments()[2].1.starts_with("! a really beautiful escape"));
    // 24. 7x23 is a double jump written in the short form: only its ends are given.
    let m = g.moves()[46];
    assert_eq!(
        (m.from().number(), m.to().number(), m.num_captured()),
        (7, 23, 2)
    );
    // Material: 14 single captures and the double jump.
    let end = g.final_position();
    let taken: u32 = g.moves().iter().map(|m| m.num_captured()).sum();
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
                [Event \"five\"]\n1. 10-14 (1... 22-17 {a variation is skipped}) 24-19 $2 2. 14-18!? *\n";
    let games = read_games(text).unwrap();
    let results: Vec<GameResult> = games.iter().map(|g| g.result()).collect();
    assert_eq!(
        results,
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            // D14, A7: 18x9 took Black's last man, so White has won though the text says `*`.
            GameResult::WhiteWins,
            GameResult::Unfinished
        ]
    );
    // A10: 1-0 is a win for White, who moves second.
    assert_eq!(GameResult::from_winner(Some(Color::White)).as_pdn(), "1-0");
    assert_eq!(GameResult::from_winner(Some(Color::Black)).as_pdn(), "0-1");
    assert_eq!(games[3].start().turn(), Color::White);
    assert_eq!(games[3].moves().len(), 1);
    assert_eq!(games[4].moves().len(), 3);
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
    g = PdnGame::new(start, KingMoves::Short);
    g.push_move(mv).unwrap();
    g.set_result(GameResult::BlackWins);
    g.push_comment("White has nothing left");
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

#[test]
fn regression_flying_king_game_was_written_with_short_king_forms() {
    // A game read with flying kings was written with the short-king test for ambiguity:
    // 13x22x8 is the only short-king capture from 13 to 8, so it was written "13x8", but
    // with flying kings 13x8 has two paths and the text no longer read back. A game now
    // keeps its king rule and writes its moves by it.
    let start: Position = "B:W9,10,11,12,17,19:BK13".parse().unwrap();
    let mv = start.parse_move("13x22x8", KingMoves::Flying).unwrap();
    assert!(start.parse_move("13x8", KingMoves::Flying).is_err());
    assert_eq!(start.move_text(&mv, KingMoves::Short), "13x8");
    let mut g = PdnGame::new(start, KingMoves::Flying);
    g.push_move(mv).unwrap();
    let text = g.to_string();
    assert!(text.contains("1. 13x22x8 *"), "{text}");
    assert_eq!(read_games_with(&text, KingMoves::Flying), Ok(vec![g]));
}

#[test]
fn regression_final_position_of_unchecked_moves_could_overlap_pieces() {
    // `PdnGame`'s moves were a public field: a move pushed by hand was never checked, and
    // `final_position` then built boards with pieces on top of each other. Moves now go
    // in through `push_move`, which checks them.
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    let illegal = "22x15".parse::<lattjo_draughts::Move>().unwrap();
    assert!(g.push_move(illegal).is_err());
    assert_eq!(g.moves(), &[]);
    assert_eq!(g.final_position(), Position::start());
}

/// A probe for Unicode whitespace found it (thirty-seventh session): a comment built with
/// `push_comment` holding a blank line (here of a form feed) and then a line starting like a
/// tag pair was written as it was, and the reader took that line for the next game's tags
/// after a comment left open (`UnterminatedComment`). `push_comment` now drops blank lines,
/// as the reader's blank test has them (ASCII whitespace only), and writes line breaks `\n`.
#[test]
fn regression_a_comment_with_a_blank_line_before_a_tag_did_not_read_back() {
    for text in [
        "a\n\u{c}\n[Event \"x\"] b",
        "a\n\n[Event \"x\"] b",
        "a\r\n \t\r\n[Site \"y\"]",
        "a\r\r[Round \"1\"]",
    ] {
        let mut g = PdnGame::new(Position::start(), KingMoves::Short);
        g.push_comment(text);
        assert_eq!(g.to_string().parse::<PdnGame>(), Ok(g.clone()), "{text:?}");
    }
    // Lines of other characters are kept: the reader does not take them for blank.
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    g.push_comment("a\n\u{b}\n\u{a0}\n[Event \"x\"]");
    let text = g.to_string();
    assert!(text.contains("{a\n\u{b}\n\u{a0}\n[Event \"x\"]}"), "{text}");
    assert_eq!(text.parse::<PdnGame>(), Ok(g));
}

/// Reads, writes and reads again: the same games.
fn stable(text: &str) -> Vec<PdnGame> {
    let first = read_games(text).unwrap();
    let written: String = first.iter().map(|g| format!("{g}\n")).collect();
    let second = read_games(&written).unwrap();
    assert_eq!(first, second, "{written}");
    first
}

#[test]
fn read_write_read_is_stable_duplicate_tags_comment_spaces_and_escapes() {
    let games = stable(
        "[Event \"one\"]\n[Event \"two\"]\n[Black \"a \\\"quoted\\\" \\\\ name\"]\n\
         {before  the   moves}\n1. 11-15 {*  0} 23-19 {line\nbreak} 2. 8-11 {} 1-0\n\
         [Result \"0-1\"]\n1. 9-13 *\n\
         [Event \"a result token\"]\n1. 10-14 *\n\
         [Site \"  spaces inside  \"]\n{only a comment}\n\
         [GameType \"21,B,8,8,N1,0\"]\n[FEN \"W:W21-32:B1-12\"]\n1... 22-18 1/2-1/2\n",
    );
    // Tags before any movetext belong to the same game: the Site, the comment and the
    // GameType and FEN tags make one game.
    assert_eq!(games.len(), 4);
    // Duplicate tags are kept in order; `tag` gives the first.
    assert_eq!(games[0].tags()[0], ("Event".into(), "one".into()));
    assert_eq!(games[0].tags()[1], ("Event".into(), "two".into()));
    assert_eq!(games[0].tag("event"), Some("one"));
    assert_eq!(games[0].tag("Black"), Some("a \"quoted\" \\ name"));
    // Comments keep their inner spaces and line breaks, and are trimmed at the ends; a
    // `}` ends a comment, the rest of the word is a word.
    let comments: Vec<&str> = games[0]
        .comments()
        .iter()
        .map(|(_, c)| c.as_str())
        .collect();
    assert_eq!(
        comments[..4],
        ["before  the   moves", "*  0", "line\nbreak", ""]
    );
    assert_eq!(games[1].result(), GameResult::Unfinished, "the token wins");
    assert_eq!(games[1].tag("Result"), Some("0-1"));
    assert_eq!(games[2].moves().len(), 1);
    assert_eq!(games[3].tag("Site"), Some("  spaces inside  "));
    assert_eq!(games[3].comments()[0], (0, "only a comment".to_string()));
    assert_eq!(games[3].start().turn(), Color::White);
}

#[test]
fn a_utf8_byte_order_mark_at_the_start_is_skipped() {
    // Files written by Windows tools begin with U+FEFF.
    let games = read_games("\u{feff}[Event \"x\"]\n1. 11-15 *").unwrap();
    assert_eq!(games[0].moves().len(), 1);
    let games = read_games("\u{feff}1. 11-15 *").unwrap();
    assert_eq!(games[0].moves().len(), 1);
    let games = read_games("\u{feff}\r\n1. 11-15 *").unwrap();
    assert_eq!(games[0].moves().len(), 1);
    // Between tokens too (files concatenated into one; U+FEFF elsewhere is a zero-width
    // no-break space): see byte_order_mark_of_a_concatenated_file_was_an_unexpected_word.
    let games = read_games("1. 11-15 \u{feff} *").unwrap();
    assert_eq!(games[0].moves().len(), 1);
}

#[test]
fn bad_games_are_reported_with_their_line_and_skipped() {
    let text = b"[Event \"1 good\"]\n1. 11-15 23-19 1-0\n\n\
        [Event \"2 illegal move\"]\n1. 11-15\n11-15 *\n\n\
        [Event \"3 good\"]\n1. 9-13 0-1\n\n\
        [Event \"4 bad tag\n1. 9-13 *\n\n\
        [Event \"5 bad fen\"]\n[FEN \"B:W33:B1\"]\n1. 1-6 *\n\n\
        [Event \"6 not draughts\"]\n[GameType \"20\"]\n*\n\n\
        [Event \"7 a word not utf-8\"]\n1. 9-13 \xff *\n\n\
        [Event \"8 a word\"]\n1. hello 9-13 *\n\n\
        [Event \"9 no result token\"]\n1. 9-13 22-18\n\
        [Event \"10 good after it\"]\n1. 11-16 *\n\
        [Event \"11 unclosed\"]\n1. 11-15 {never closed\n\n[Event \"12\"]\n1. 9-13 *\n";
    let items: Vec<_> = PdnReader::new(&text[..]).collect();
    let summary: Vec<(usize, Option<usize>, String)> = items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Ok(g) => (i, None, g.tag("Event").unwrap_or("").to_string()),
            Err(e) => (i, Some(e.line), format!("{} {}", e.game, e.kind)),
        })
        .collect();
    let want: Vec<(usize, Option<usize>, String)> = vec![
        (0, None, "1 good".into()),
        (
            1,
            Some(6),
            "2 move 2 \"11-15\": 11-15 is not a legal move here".into(),
        ),
        (2, None, "3 good".into()),
        (
            3,
            Some(11),
            "4 bad tag pair \"[Event \\\"4 bad tag\"".into(),
        ),
        (
            4,
            Some(15),
            "5 bad FEN tag: square 33 is out of range (squares are numbered 1-32)".into(),
        ),
        (
            5,
            Some(19),
            "6 game type \"20\" is not english draughts (21)".into(),
        ),
        (6, Some(23), "7 a word of movetext that is not utf-8".into()),
        (7, Some(26), "8 unexpected \"hello\" in the movetext".into()),
        // No result token (PDN 3.0, as PGN 8.2.6, ends every game with one): reported,
        // holding the game as read.
        (
            8,
            Some(28),
            "9 game not terminated: no result token after move 2".into(),
        ),
        (9, None, "10 good after it".into()),
        // The unclosed comment ends where the next game's tags begin (it used to run to the
        // end of the input, and game 12 was lost).
        (10, Some(33), "11 unterminated comment".into()),
        (11, None, "12".into()),
    ];
    assert_eq!(summary, want);
}

/// PDN comes from PGN, whose text is Latin-1 (PGN section 4.1), and older checkers programs
/// write their files so; the reader refused every game with a tag value or comment that was
/// not UTF-8 ("text that is not utf-8"), so a Latin-1 archive lost each game whose players'
/// names had a letter beyond ASCII. Such text is now read as Windows-1252 (which extends
/// Latin-1), in a file that mixes games from both kinds of tool too, and the game writes (in
/// UTF-8) and reads back equal.
#[test]
fn regression_latin1_tags_and_comments_refused_the_game() {
    let mut file: Vec<u8> = Vec::new();
    file.extend_from_slice(
        b"[Event \"Championnat de Qu\xe9bec\"]\n[White \"Tr\xe9panier, Ren\xe9\"]\n\
          [Black \"\xd8stergaard, S\xf8ren\"]\n[Result \"1-0\"]\n\
          1. 11-15 {d\xe9but classique} 23-19 1-0\n\n",
    );
    file.extend_from_slice("[White \"Mittelsträß\"]\n1. 9-13 {ça va} *\n\n".as_bytes());
    file.extend_from_slice(b"[Event \"\x93Open\x94 \x96 \x80 50\"]\n1. 10-14 *\n");
    let games: Vec<_> = PdnReader::new(&file[..])
        .map(|g| g.expect("valid"))
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].tag("Event"), Some("Championnat de Québec"));
    assert_eq!(games[0].tag("White"), Some("Trépanier, René"));
    assert_eq!(games[0].tag("Black"), Some("Østergaard, Søren"));
    assert_eq!(games[0].moves().len(), 2);
    assert_eq!(games[1].tag("White"), Some("Mittelsträß"));
    assert_eq!(
        games[2].tag("Event"),
        Some("\u{201c}Open\u{201d} \u{2013} \u{20ac} 50")
    );
    for g in &games {
        let back = read_games(&g.to_string()).expect("reads back");
        assert_eq!(&back[0], g);
    }
    assert_eq!(games[0].to_string().matches("début classique").count(), 1);
    assert_eq!(games[1].to_string().matches("ça va").count(), 1);
}

#[test]
fn the_reader_streams_from_a_slow_source_with_the_same_result() {
    struct OneByte<'a>(&'a [u8]);
    impl std::io::Read for OneByte<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = usize::from(!self.0.is_empty() && !out.is_empty());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = include_str!("golden/double_corner_dyke.pdn").repeat(3);
    let slow: Vec<_> = PdnReader::new(std::io::BufReader::with_capacity(
        1,
        OneByte(text.as_bytes()),
    ))
    .collect();
    assert_eq!(slow.len(), 3);
    let fast: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(slow, fast);
}

#[test]
fn an_io_error_is_reported_once_and_ends_the_reading() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let items: Vec<_> = PdnReader::new(std::io::BufReader::new(Broken)).collect();
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::Io { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "pdn game 1, line 1: reading failed: disk on fire"
    );
}

#[test]
fn a_game_text_parses_as_exactly_one_game() {
    let g: PdnGame = "1. 11-15 *".parse().unwrap();
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.to_string().parse::<PdnGame>(), Ok(g));
    assert_eq!(
        "".parse::<PdnGame>().unwrap_err().kind,
        PdnErrorKind::NoGame
    );
    assert_eq!(
        "1. 11-15 * 1. 9-13 *".parse::<PdnGame>().unwrap_err().kind,
        PdnErrorKind::ExtraGame
    );
}

#[test]
fn tags_that_pdn_cannot_hold_are_refused() {
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    assert_eq!(g.set_tag("", "x"), Err(TagError::BadKey(String::new())));
    assert_eq!(g.set_tag("a]b", "x"), Err(TagError::BadKey("a]b".into())));
    assert_eq!(
        g.set_tag("gametype", "20"),
        Err(TagError::Reserved("gametype".into()))
    );
    assert_eq!(
        g.set_tag("Annotator", "two\nlines"),
        Err(TagError::LineBreak)
    );
    // A carriage return alone ends a line as well (the reader ends the tag there).
    assert_eq!(g.set_tag("Annotator", "z\rw"), Err(TagError::LineBreak));
    g.set_tag("Annotator", "x \"y\" \\ z").unwrap();
    g.set_tag("Event", "replaced").unwrap();
    assert_eq!(g.tag("Event"), Some("replaced"));
    assert_eq!(g.to_string().parse::<PdnGame>(), Ok(g));
}

/// Regression, found comparing with pydraughts 0.6.7: a game in traditional notation, its
/// captures written with `-` (`10-17 21-14`), was refused at its first capture; pydraughts
/// reads it. Section 6, D8.
#[test]
fn dash_written_capture_was_refused_in_pdn_section_6_d8() {
    let traditional = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10-17 21-14 *\n";
    let standard = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *\n";
    let a = read_games(traditional).unwrap();
    let b = read_games(standard).unwrap();
    assert_eq!(a[0].moves(), b[0].moves());
    assert_eq!(a[0].moves()[6].num_captured(), 1);
    // Written back in the standard form.
    assert!(a[0].to_string().contains("4. 10x17 21x14 *"));
    // The reading grammar's `:` separator too.
    let colon = read_games("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10:17 21:14 *\n");
    assert_eq!(colon.unwrap()[0].moves(), b[0].moves());
}

/// Found by a hostile-input sweep (4 Dec 2026): the streaming reader kept a game's text
/// however long it ran, so a comment running on through a stream (or a game of millions of
/// comments) grew memory without bound. A game longer than `MAX_PDN_GAME_BYTES` or
/// `MAX_PDN_GAME_TOKENS` is now `GameTooLong`, read on to its end without keeping its
/// text, and the next game reads.
#[test]
fn regression_a_game_longer_than_the_limit_is_refused_and_the_next_one_reads() {
    use lattjo_draughts::{MAX_PDN_GAME_BYTES, MAX_PDN_GAME_TOKENS, PdnErrorKind, PdnReader};
    use std::io::{BufReader, Read};

    /// Its parts, each repeated as often as given, produced as they are read.
    struct Source {
        parts: Vec<(Vec<u8>, usize)>,
        at: usize,
    }
    impl Read for Source {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let Some((bytes, times)) = self.parts.first() else {
                return Ok(0);
            };
            let total = bytes.len() * times;
            let n = out.len().min(total - self.at);
            for (i, o) in out[..n].iter_mut().enumerate() {
                *o = bytes[(self.at + i) % bytes.len()];
            }
            self.at += n;
            if self.at == total {
                self.parts.remove(0);
                self.at = 0;
            }
            Ok(n)
        }
    }
    let cases = [
        ("1. 11-15 {", "a", MAX_PDN_GAME_BYTES + 1, "}"),
        ("1. 11-15 ", "{c} ", MAX_PDN_GAME_TOKENS + 1, ""),
        ("[Event \"", "a", MAX_PDN_GAME_BYTES + 1, "\"]\n1. 11-15"),
    ];
    for (head, filler, times, tail) in cases {
        let mut parts = vec![(format!("[Site \"x\"]\n{head}").into_bytes(), 1)];
        parts.push((filler.as_bytes().to_vec(), times));
        parts.push((
            format!("{tail} *\n\n[Event \"next\"]\n1. 9-13 *\n").into_bytes(),
            1,
        ));
        let games: Vec<_> = PdnReader::new(BufReader::new(Source { parts, at: 0 })).collect();
        assert_eq!(games.len(), 2, "{filler:?} {head:?}");
        let Err(err) = &games[0] else {
            panic!("{head:?}: the long game was read");
        };
        assert_eq!(err.kind, PdnErrorKind::GameTooLong, "{head:?}");
        let next = games[1].as_ref().unwrap();
        assert_eq!(next.tag("Event"), Some("next"));
        assert_eq!(next.moves().len(), 1);
    }
}

/// Regression (notation audit, 5 Dec 2026): a game ending in `0-0`, the double forfeit of the
/// PDN 3.0 reading grammar (`DOUBLEFORFEIT`) and of its default result type (`1-0`, `0-1`,
/// `1/2-1/2`, `0-0`, `*`), was refused as a move from square 0; pydraughts 0.6.7 reads it.
/// Every result token of the reading grammar now reads, as a terminator and as a value, and
/// what is written reads back to the same result (A10).
#[test]
fn double_forfeit_0_0_result_was_refused_a10() {
    let tokens = [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("2-0", GameResult::WhiteWins),
        ("0-2", GameResult::BlackWins),
        ("1-1", GameResult::Draw),
        ("0-0", GameResult::DoubleForfeit),
        ("*", GameResult::Unfinished),
    ];
    for (token, result) in tokens {
        assert_eq!(token.parse::<GameResult>(), Ok(result), "{token}");
        assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
        let text = format!("[Result \"{token}\"]\n1. 11-15 22-18 {token}\n1. 9-13 *\n");
        let games = read_games(&text).unwrap();
        assert_eq!(games.len(), 2, "{token}: the token ends the game");
        assert_eq!(games[0].result(), result, "{token}");
        assert_eq!(games[0].moves().len(), 2, "{token}");
        assert_eq!(
            games[0].to_string().parse::<PdnGame>(),
            Ok(games[0].clone())
        );
    }
    assert_eq!(GameResult::DoubleForfeit.as_pdn(), "0-0");
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    g.set_result(GameResult::DoubleForfeit);
    assert!(g.to_string().contains("[Result \"0-0\"]"));
    assert!(g.to_string().ends_with("0-0\n"));
    assert_eq!(g.to_string().parse::<PdnGame>(), Ok(g));
    // A bad game ending in 0-0 is skipped to that token; the next game reads.
    let games: Vec<_> =
        PdnReader::new("1. 11-15 11-15 22-18 0-0\n1. 9-13 *\n".as_bytes()).collect();
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().unwrap().moves().len(), 1);
}

/// Regression (notation audit, 5 Dec 2026): `1. ... 22-18`, the ellipsis the PDN 3.0 reading
/// grammar reads as a move (`ELLIPSES`: "`1. ... 7-12` is sometimes used instead of
/// `1... 7-12`"), was refused as an unexpected word; pydraughts 0.6.7 reads it. Every form of
/// the move number and the ellipsis now reads the same moves.
#[test]
fn ellipsis_for_the_other_sides_move_was_refused() {
    let fen = "[SetUp \"1\"]\n[FEN \"W:W21-32:B1-12\"]\n";
    let expected = read_games(&format!("{fen}22-18 11-15 18x11 8x15 *")).unwrap();
    for movetext in [
        "1. ... 22-18 2. 11-15 18x11 3. 8x15 *",
        "1... 22-18 2. 11-15 18x11 3. 8x15 *",
        "1...22-18 2.11-15 18x11 3.8x15 *",
        "1. ...22-18 2. 11-15 ... 18x11 3. 8x15 *",
        "1.... 22-18 2. 11-15 2... 18x11 3. 8x15 *",
    ] {
        let games = read_games(&format!("{fen}{movetext}")).unwrap();
        assert_eq!(games[0].moves(), expected[0].moves(), "{movetext}");
    }
    // An ellipsis is not a move: a real move still has to be legal for the side to move.
    let err = read_games(&format!("{fen}1. ... 11-15 *")).unwrap_err();
    assert!(matches!(
        err.kind,
        PdnErrorKind::Move {
            source: MoveTextError::WrongSide { .. },
            ..
        }
    ));
}

/// Regression (notation audit, 5 Dec 2026): `11-15*`, a move with the star that draughts
/// publications use for a forced move (the PDN 3.0 notes: "`*` is commonly used in draughts
/// publications to denote forced moves"; joined to the move it cannot be the game
/// terminator), refused the game. Every strength mark joined to a move is now skipped, as
/// `!` and `?` were; a `*` standing alone still ends the game.
#[test]
fn star_marked_forced_move_was_refused() {
    let plain = read_games("1. 11-15 23-19 2. 8-11 22-17 *").unwrap();
    for marked in [
        "1. 11-15* 23-19 2. 8-11!* 22-17?! *",
        "1. 11-15! 23-19?? 2. 8-11!! 22-17(?) *",
        "1. 11-15 $7 23-19 (!) 2. 8-11 $1 22-17 *",
        "1. 11-15+ 23-19# 2. 8-11 22-17* *",
    ] {
        let games = read_games(marked).unwrap();
        assert_eq!(games.len(), 1, "{marked}");
        assert_eq!(games[0].moves(), plain[0].moves(), "{marked}");
    }
    // A `*` alone ends the game, also right after a marked move.
    let games = read_games("1. 11-15* * 1. 9-13 *").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves().len(), 1);
}

/// Regression (notation audit, 5 Dec 2026): `[Event"x"]`, a tag pair with no space between
/// its key and its value, was a bad tag; the PDN grammar (`PdnTag : LBRACKET IDENTIFIER
/// STRING RBRACKET`) puts nothing between its tokens. Any white space, or none, now reads.
#[test]
fn tag_without_space_before_its_value_was_refused() {
    for tag in [
        "[Event\"x y\"]",
        "[Event \"x y\"]",
        "[ Event\t\"x y\" ]",
        "[Event   \"x y\"  ]",
    ] {
        let games = read_games(&format!("{tag}\n1. 11-15 *")).unwrap();
        assert_eq!(
            games[0].tags(),
            [("Event".to_string(), "x y".to_string())],
            "{tag}"
        );
    }
    for bad in ["[Event]", "[\"x\"]", "[Event x]", "[Ev=ent \"x\"]"] {
        let err = read_games(&format!("{bad}\n1. 11-15 *")).unwrap_err();
        assert!(matches!(err.kind, PdnErrorKind::BadTag(_)), "{bad}: {err}");
    }
}

/// Regression (notation audit, 5 Dec 2026): `set_tag` took any key of ASCII letters, digits
/// and `_`, so `set_tag("1st_round", ..)` or `set_tag("event", ..)` wrote tag pairs that the
/// PDN grammar cannot read (`IDENTIFIER : [A-Z][a-zA-Z0-9_]*`; "a key must start with a
/// capital"). The writer now refuses them; the reader still reads such keys from files.
#[test]
fn tag_key_not_starting_with_a_capital_was_written() {
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    for key in [
        "1st_round",
        "_Note",
        "event",
        "\u{c9}v\u{e9}nement",
        "Black-Player",
        "",
    ] {
        assert_eq!(
            g.set_tag(key, "x"),
            Err(TagError::BadKey(key.into())),
            "{key}"
        );
    }
    for key in ["Event", "WhiteFmjdId", "X", "Round_2", "Z9"] {
        g.set_tag(key, "x").unwrap();
    }
    // Every key written is an IDENTIFIER.
    for (key, _) in g.tags() {
        let mut bytes = key.bytes();
        assert!(bytes.next().unwrap().is_ascii_uppercase(), "{key}");
        assert!(
            bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "{key}"
        );
    }
    // Files that break the rule still read, and write back as they were.
    let read = read_games("[event \"x\"]\n[1st \"y\"]\n1. 11-15 *").unwrap();
    assert_eq!(read[0].tag("event"), Some("x"));
    assert_eq!(read[0].to_string().parse::<PdnGame>(), Ok(read[0].clone()));
}

/// Regression (notation audit, 5 Dec 2026): a byte-order mark was skipped only at the start of
/// the input, so files concatenated into one (`cat a.pdn b.pdn`, each written by a Windows
/// tool with its mark) gave a phantom bad game, "unexpected \"\\u{feff}\"", and numbered
/// every later game one too high. A mark before any token is now skipped, whether a tag, a
/// comment, a move number or a move follows it, in whole and trickled reads alike.
#[test]
fn byte_order_mark_of_a_concatenated_file_was_an_unexpected_word() {
    const BOM: &str = "\u{feff}";
    let one = "[Event \"a\"]\r\n1. 11-15 *\r\n";
    let two = "[Event \"b\"]\r\n1. 9-13 22-18 *\r\n";
    let plain = read_games(&format!("{one}{two}")).unwrap();
    for text in [
        format!("{BOM}{one}{BOM}{two}"),
        format!("{BOM}{BOM}{one}{BOM}\r\n{BOM}{two}"),
        format!("{one}{BOM}{two}"),
    ] {
        let games: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        assert_eq!(
            games,
            plain.iter().cloned().map(Ok).collect::<Vec<_>>(),
            "{text:?}"
        );
    }
    // Before a comment, a move number, a move.
    for text in [
        format!("{BOM}{{c}} 1. 11-15 *"),
        format!("{BOM}1. 11-15 *"),
        format!("1. {BOM}11-15 *"),
    ] {
        let games = read_games(&text).unwrap();
        assert_eq!(games.len(), 1, "{text:?}");
        assert_eq!(games[0].moves().len(), 1, "{text:?}");
    }
    // A mark inside a word is not skipped: that word is a typed error, not a panic.
    assert!(read_games(&format!("1. 11-15{BOM} *")).is_err());
}

/// Regression (the chess PGN audit's finding, checked here for its class, 5 Dec 2026): in a
/// file whose lines end with a carriage return alone, a `;` comment or `%` escape ran on to
/// the end of the input and swallowed every later move and game without an error.
#[test]
fn regression_a_line_comment_in_a_cr_only_file_swallowed_the_rest_of_the_file() {
    let lf = "[Event \"a\"]\n\n1. 11-15 ; to the end of the line\n% an escape line\n23-19 *\n\n\
              [Event \"b\"]\n1. 9-13 ; last\n22-18 1-0\n";
    let want = read_games(lf).unwrap();
    assert_eq!(want.len(), 2);
    assert_eq!(want[0].moves().len(), 2);
    assert_eq!(want[1].moves().len(), 2);
    for text in [lf.replace('\n', "\r"), lf.replace('\n', "\r\n")] {
        assert_eq!(read_games(&text).unwrap(), want, "{text:?}");
    }
}

/// One item the reader gives: a good game's Event tag and move count, or an error's game
/// number, line and kind.
#[derive(Debug, PartialEq)]
enum Item {
    Game(String, usize),
    Error(usize, usize, PdnErrorKind),
}

fn outline(text: &str) -> Vec<Item> {
    PdnReader::new(text.as_bytes())
        .map(|g| match g {
            Ok(g) => Item::Game(g.tag("Event").unwrap_or("").to_owned(), g.moves().len()),
            Err(e) => Item::Error(e.game, e.line, e.kind),
        })
        .collect()
}

fn good(event: &str) -> String {
    format!("[Event \"{event}\"]\n[Site \"x\"]\n1. 11-15 {{fine}} 23-19 (22-18) 2. 8-11 1-0\n\n")
}

/// Found reading an archive with one broken game in it (5 Dec 2026): a `{` comment or a `(`
/// variation left unclosed ran on to the end of the input (or to the next `}` or `)`
/// anywhere), and the reader stopped there: every later game of the archive was lost under
/// one error. PDN 3.0 takes its comments and variations from PGN (8.2.5: a brace comment ends
/// only at `}`), and each game's tag pairs follow the previous game's empty line: a line that
/// starts with a tag pair (`[Name "`, the name starting with a capital letter) after a blank
/// line now ends the unclosed comment or
/// variation there, the broken game is reported with its number and the line of its `{` or
/// `(`, and every later game reads as if it were absent.
#[test]
fn regression_unclosed_comment_or_variation_ended_the_archive_pdn_3_0() {
    for (broken, kind) in [
        (
            "[Event \"broken\"]\n1. 11-15 {oops 23-19 1-0\n\n",
            PdnErrorKind::UnterminatedComment,
        ),
        (
            "[Event \"broken\"]\r\n1. 11-15 {oops\r\n23-19\r\n\r\n",
            PdnErrorKind::UnterminatedComment,
        ),
        (
            "[Event \"broken\"]\n1. 11-15 (9-13 {a} (9-14 22-18) 1-0\n  \n",
            PdnErrorKind::UnterminatedVariation,
        ),
        (
            "[Event \"broken\"]\r1. 11-15 (9-13 {open\r\r",
            PdnErrorKind::UnterminatedVariation,
        ),
    ] {
        let text = [good("a"), broken.to_owned(), good("c"), good("d")].concat();
        assert_eq!(
            outline(&text),
            vec![
                Item::Game("a".to_owned(), 3),
                Item::Error(2, 6, kind),
                Item::Game("c".to_owned(), 3),
                Item::Game("d".to_owned(), 3),
            ],
            "{broken:?}"
        );
    }
    // Closed ones read as before, a line starting with `[` inside included, and so does an
    // unclosed one at the end of the input.
    let text = "1. 11-15 {see\n[Event \"x\"] and\n\n[a] below} (9-13\n\n[Diagram]\n\n[Event x]) \
                23-19 *\n\n1. 9-13 {open\n\n";
    let games: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    let first = games[0].as_ref().expect("the first game reads");
    assert_eq!(first.comments()[0].1, "see\n[Event \"x\"] and\n\n[a] below");
    assert_eq!(first.moves().len(), 2);
    let err = games[1].as_ref().expect_err("the second is unclosed");
    assert_eq!(
        (err.game, err.line, &err.kind),
        (2, 10, &PdnErrorKind::UnterminatedComment)
    );
}

/// Found by the same audit: a carriage return alone ends a line (classic Mac OS files, and
/// files mixed from several tools), but the reader counted only `\n`: every error of a
/// CR-only file was on line 1. A malformed tag pair (odd quotes) also ran on to the next
/// `\n`: in a CR-only file, to the end of the file.
#[test]
fn regression_lone_carriage_returns_were_not_lines() {
    let text = "[Event \"a\"]\r[Site \"x\"]\r1. 11-15 11-15 *\r\r[Event \"b]\r1. 9-13 *\r\r\
                [Event \"c\"]\n1. 11-15\r\n23-19 23-19 *\n\n[Event \"d\"]\r\n1. 9-13 *\r\n";
    let kinds: Vec<(usize, usize, bool)> = PdnReader::new(text.as_bytes())
        .map(|g| match g {
            Ok(g) => (0, g.moves().len(), true),
            Err(e) => (e.game, e.line, false),
        })
        .collect();
    assert_eq!(
        kinds,
        vec![(1, 3, false), (2, 5, false), (3, 10, false), (0, 1, true)]
    );
}

/// Found by cutting a game of an archive at every byte (a truncated file with the next one
/// appended): a game cut off in its tag pairs took the next game with it, because a tag pair
/// only began a new game after movetext. Cut inside a tag, both games were lost under one
/// error; cut after whole tags, the two games' tags were merged and the cut game vanished
/// without a word. A tag after a blank line that names the game's first tag again, or that
/// follows a game already failed, now begins the next game.
#[test]
fn regression_a_game_cut_off_in_its_tags_took_the_next_game_with_it() {
    let next = "[Event \"next\"]\n[Site \"x\"]\n1. 11-15 23-19 1-0\n";
    // The cut game has no result token: reported, holding what was read.
    let items: Vec<_> =
        PdnReader::new(format!("[Event \"cut\"]\n[Site \"y\"]\n\n{next}").as_bytes()).collect();
    let e = items[0].clone().unwrap_err();
    assert_eq!((e.game, e.line), (1, 1));
    let cut = e.ignore_unterminated().expect("unterminated");
    assert_eq!(
        (cut.tag("Event"), cut.tag("Site")),
        (Some("cut"), Some("y"))
    );
    assert_eq!(items[1].as_ref().map(|g| g.moves().len()), Ok(2));
    let cut_tag = format!("[Event \"cut\"]\n[Sit\n\n{next}");
    assert_eq!(
        outline(&cut_tag),
        vec![
            Item::Error(1, 2, PdnErrorKind::BadTag("[Sit".to_owned())),
            Item::Game("next".to_owned(), 2)
        ]
    );
    // Tags of one game with a blank line between them stay one game.
    let one = "[Event \"one\"]\n\n[Site \"x\"]\n1. 11-15 *\n";
    assert_eq!(outline(one), vec![Item::Game("one".to_owned(), 1)]);
}

/// Regression (the class of the chess audit's PGN finding, 5 Dec 2026): the reader kept
/// whatever result a game's text gave, so a game whose last move left the side to move
/// without a legal move (a loss, D14, A7) could read as a draw, as unfinished or as a win
/// for the side that had lost, and `PdnGame` wrote such a result back. The final position
/// decides now, in the reader, `PdnGame::new`, `push_move` and `set_result`; results the
/// position does not decide (a draw, a resignation) stand as written.
#[test]
fn regression_d14_a7_pdn_result_contradicting_the_final_position_is_replaced() {
    // White's 22x15 takes Black's last man: Black to move has nothing left.
    let setup = "[FEN \"W:W22:B18\"]\n\n";
    for (movetext, want) in [
        ("1. 22x15 1/2-1/2", GameResult::WhiteWins),
        ("1. 22x15 0-1", GameResult::WhiteWins),
        ("1. 22x15 *", GameResult::WhiteWins),
        ("1. 22x15", GameResult::WhiteWins),
        ("1. 22x15 {a comment} 1/2-1/2", GameResult::WhiteWins),
        // Not decided by the position: the text's result stands.
        ("[FEN \"W:W30:B1\"]\n\n1. 30-26 1/2-1/2", GameResult::Draw),
        ("[FEN \"W:W30:B1\"]\n\n1. 30-26 0-1", GameResult::BlackWins),
    ] {
        let text = if movetext.starts_with('[') {
            movetext.to_string()
        } else {
            format!("{setup}{movetext}")
        };
        // Without a result token the game is read but reported.
        let game: PdnGame = text
            .parse()
            .or_else(PdnError::ignore_unterminated)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.result(), want, "{text}");
        let written = game.to_string();
        assert!(written.contains(&format!(" {want}")), "{written}");
        let back: PdnGame = written.parse().expect("reads back");
        assert_eq!(back.result(), want, "{written}");
        assert_eq!(back.to_string(), written);
    }
    // A Result tag that contradicts the end is rewritten too.
    let game: PdnGame = format!("[Result \"0-1\"]\n{setup}1. 22x15 0-1")
        .parse()
        .expect("a game");
    assert_eq!(game.tag("Result"), Some("1-0"));
    // Built by hand: the move that ends the game decides it, and a later result cannot undo it.
    let start: Position = "W:W22:B18".parse().expect("a position");
    let mut game = PdnGame::new(start, KingMoves::Short);
    assert_eq!(game.result(), GameResult::Unfinished);
    let mv = start.parse_move("22x15", KingMoves::Short).expect("legal");
    game.push_move(mv).expect("legal");
    assert_eq!(game.result(), GameResult::WhiteWins);
    game.set_result(GameResult::Draw);
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(game.tag("Result"), Some("1-0"));
}

/// Found by the damaged-archive audit (5 Dec 2026): a file whose last game was cut off in its
/// movetext (an interrupted download) read that game as complete, though PDN 3.0, as PGN
/// (8.2.6), ends every game with a result token; so did a game of tags alone, and a game ended
/// by the next game's tags without a result. Such a game is now
/// `PdnErrorKind::UnterminatedGame`, holding the game as read so far
/// (`PdnError::ignore_unterminated` takes it), with the game's first line. A file cut
/// anywhere else gives its own typed error.
#[test]
fn regression_a_game_cut_off_in_its_movetext_read_as_complete_pdn_3_0() {
    let first = "[Event \"a\"]\n1. 11-15 23-19 1-0\n\n";
    let unterminated = |text: &str, line: usize, plies: usize| {
        let items: Vec<_> = PdnReader::new(format!("{first}{text}").as_bytes()).collect();
        assert_eq!(items.len(), 2, "{text:?}");
        assert_eq!(
            items[0].as_ref().map(|g| g.moves().len()),
            Ok(2),
            "{text:?}"
        );
        let e = items[1].clone().unwrap_err();
        assert_eq!((e.game, e.line), (2, line), "{text:?}");
        let game = e.ignore_unterminated().expect("unterminated");
        assert_eq!(game.moves().len(), plies, "{text:?}");
        assert_eq!(game.tag("Event"), Some("b"), "{text:?}");
        game
    };
    // Cut in the movetext, between moves or after a move number; the game holds its Result
    // tag, as a game without a result token always read.
    let game = unterminated(
        "[Event \"b\"]\n[Result \"1-0\"]\n1. 11-15 23-19\n2. 8-11",
        4,
        3,
    );
    assert_eq!(game.result(), GameResult::WhiteWins);
    unterminated("[Event \"b\"]\n1. 11-15 23-19 2.", 4, 2);
    unterminated("[Event \"b\"]\n1. 11-15 23-19 {good} ; fine\n", 4, 2);
    // Tags and no movetext, at the end of the input and before the next game.
    unterminated("[Event \"b\"]\n[Site \"x\"]\n", 4, 0);
    unterminated("[Event \"b\"]\n[Site \"x\"]", 4, 0);
    let text = format!("[Event \"b\"]\n[Site \"x\"]\n\n{first}");
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert!(matches!(&items[0], Err(e) if (e.game, e.line) == (1, 1)
        && matches!(&e.kind, PdnErrorKind::UnterminatedGame(g) if g.tag("Event") == Some("b"))));
    assert_eq!(items[1].as_ref().map(|g| g.moves().len()), Ok(2));
    // Movetext without a result before the next game's tags.
    let text = format!("[Event \"b\"]\n1. 9-13 22-18\n{first}");
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert!(matches!(&items[0], Err(e) if (e.game, e.line) == (1, 1)
        && matches!(&e.kind, PdnErrorKind::UnterminatedGame(g) if g.moves().len() == 2)));
    assert_eq!(items[1].as_ref().map(|g| g.moves().len()), Ok(2));
    // Cut anywhere else: the error of what was cut.
    for (cut, line, kind) in [
        (
            "[Event \"b",
            4,
            PdnErrorKind::BadTag("[Event \"b".to_owned()),
        ),
        (
            "[Event \"b\"]\n[Si",
            5,
            PdnErrorKind::BadTag("[Si".to_owned()),
        ),
        (
            "[Event \"b\"]\n1. 11-15 {a comm",
            5,
            PdnErrorKind::UnterminatedComment,
        ),
        (
            "[Event \"b\"]\n1. 11-15 23-19 (2. 9-13\n22-18",
            5,
            PdnErrorKind::UnterminatedVariation,
        ),
        (
            "[Event \"b\"]\n1. 11-15 23-19 2. 8-",
            5,
            PdnErrorKind::Move {
                ply: 3,
                text: "8-".to_owned(),
                source: MoveTextError::Syntax("8-".to_owned()),
            },
        ),
        (
            "[Event \"b\"]\n1. 11-15 23-19 1",
            5,
            PdnErrorKind::Unexpected("1".to_owned()),
        ),
        (
            "[Event \"b\"]\n1. 11-15 23-19 1/2",
            5,
            PdnErrorKind::Unexpected("1/2".to_owned()),
        ),
    ] {
        for eol in ["\n", "\r\n", "\r"] {
            let text = format!("{first}{cut}").replace('\n', eol);
            assert_eq!(
                outline(&text),
                vec![
                    Item::Game("a".to_owned(), 2),
                    Item::Error(2, line, kind.clone())
                ],
                "{cut:?} {eol:?}"
            );
        }
    }
}

/// Regression (found by the thirtieth sitting's archive audit): a malformed tag pair's error
/// quoted its whole line, so one line of a megabyte made a megabyte of message. It quotes an
/// excerpt now, as the other readers' errors do.
#[test]
fn regression_a_bad_tag_pair_error_quoted_its_whole_line_pdn_3_0() {
    let long = format!("[Event \"{}\n\n1. 11-15 *\n", "x".repeat(1 << 20));
    let err = PdnReader::new(long.as_bytes())
        .find_map(Result::err)
        .expect("an error");
    let PdnErrorKind::BadTag(text) = &err.kind else {
        panic!("{err}")
    };
    assert!(
        text.starts_with("[Event \"xxx") && text.ends_with('…'),
        "{text}"
    );
    assert!(err.to_string().len() < 200, "{err}");
}

/// Regression: a PDN file in UTF-16 read no game. Windows PowerShell 5.1 writes UTF-16 with
/// CRLF line ends wherever it redirects, and Notepad does for "Unicode"; the first game was
/// refused as "a word of movetext that is not utf-8" and every other with a tag pair that
/// read `[\0E\0v\0e\0n\0t...`. Such a file now reads as the same file in UTF-8 does, game for
/// game and error for error at the same lines, however its reads are cut. The same holds
/// without the byte-order mark, as `iconv -t UTF-16LE` (or `UTF-16BE`) writes it.
#[test]
fn regression_a_utf16_file_read_no_game() {
    use boardgame_core::text::encode_utf16_file;
    let damaged = "[Event \"a\"]\n1. 11-15 23-19 1-0\n\n[Event \"b\"]\n1. 11-15 11-15 *\n";
    for text in [
        include_str!("golden/double_corner_dyke.pdn"),
        include_str!("golden/pydraughts_games.pdn"),
        damaged,
    ] {
        let crlf = text.replace('\n', "\r\n");
        for text in [text, crlf.as_str()] {
            let utf8: Vec<_> = PdnReader::new(text.as_bytes()).collect();
            assert!(utf8.iter().any(Result::is_ok));
            for big_endian in [false, true] {
                let file = encode_utf16_file(text, big_endian);
                for (mark, file) in [(true, &file[..]), (false, &file[2..])] {
                    let read: Vec<_> =
                        PdnReader::new(std::io::BufReader::with_capacity(7, file)).collect();
                    assert_eq!(read, utf8, "big-endian: {big_endian}, mark: {mark}");
                }
            }
        }
    }
}

/// UTF-16 files joined byte for byte (`copy /b`, `cat`) each bring their byte-order mark;
/// the one inside reads as the UTF-8 mark that the reader skips before any token, so the
/// joined file reads as both files' games in turn.
#[test]
fn utf16_files_joined_read_as_both() {
    use boardgame_core::text::encode_utf16_file;
    let (a, b) = (
        include_str!("golden/double_corner_dyke.pdn"),
        "[Event \"joined\"]\r\n1. 11-15 23-19 1-0\r\n",
    );
    let joined = [encode_utf16_file(a, false), encode_utf16_file(b, true)].concat();
    let read: Vec<_> = PdnReader::new(&joined[..]).collect();
    assert_eq!(read.len(), 2, "{read:?}");
    let last = read[1].as_ref().expect("read");
    assert_eq!(last.tag("Event"), Some("joined"));
}

/// `PdnGame::set_tag` searched every tag for the key at each call, so setting n tags (copying
/// those of a file read, say, which an archive can make a million) cost O(n^2): 80,000
/// distinct keys took 18 s, and the 200,000 here (sharing a long start, which each comparison
/// went through) took over two minutes. Beyond a few tags the
/// keys are now looked up in an index; the tags, their order, the first of a key replaced
/// (in any case) and equality are as before.
#[test]
fn regression_setting_many_tags_searched_every_tag() {
    const N: usize = 200_000;
    const KEY: &str = "Annotator_of_the_match_game_";
    let mut game = PdnGame::new(Position::start(), KingMoves::Short);
    let before = game.tags().len();
    for i in 0..N {
        game.set_tag(&format!("{KEY}{i}"), "first").unwrap();
    }
    // Every seventh key again, in capitals: the tag of that key is replaced, none added.
    for i in (0..N).step_by(7) {
        game.set_tag(&format!("{}{i}", KEY.to_uppercase()), "second")
            .unwrap();
    }
    game.set_tag("EVENT", "club").unwrap();
    game.set_result(GameResult::Draw);
    assert_eq!(game.tags().len(), before + N);
    assert_eq!(game.tags()[0], ("Event".into(), "club".into()));
    assert_eq!(game.tag("event"), Some("club"));
    assert_eq!(game.tag("result"), Some("1/2-1/2"));
    assert_eq!(game.result(), GameResult::Draw);
    for i in [0, 1, 6, 7, 49_999, N - 1] {
        let want = if i % 7 == 0 { "second" } else { "first" };
        assert_eq!(
            game.tags()[before + i],
            (format!("{KEY}{i}"), want.to_owned())
        );
        assert_eq!(game.tag(&format!("{}{i}", KEY.to_lowercase())), Some(want));
    }
    assert_eq!(game.tag(&format!("{KEY}{N}")), None);
    // A game past the few tags searched equals (and shows as) the game read back from its
    // text, whose tags were pushed and never looked up.
    let mut small = PdnGame::new(Position::start(), KingMoves::Short);
    for i in 0..40 {
        small.set_tag(&format!("{KEY}{i}"), "v").unwrap();
    }
    small.set_tag(&format!("{KEY}3"), "w").unwrap();
    let read: PdnGame = small.to_string().parse().unwrap();
    assert_eq!(read, small);
    assert_eq!(format!("{read:?}"), format!("{small:?}"));
    assert!(format!("{small:?}").ends_with("result: Unfinished }"));
}
