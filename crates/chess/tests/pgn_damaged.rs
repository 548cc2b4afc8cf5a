//! Damaged archives: broken games next to each other, and files cut off at any byte. Every
//! good game must read exactly as if the broken ones were absent, and each broken game must
//! give one error naming its own game number and line (the PGN standard, 8.1 and 8.2: each
//! game is a tag pair section, then movetext ending in a game termination marker, 8.2.6).

use std::io::BufReader;

use lattjo_chess::SanError;
use lattjo_chess::pgn::{PgnError, PgnErrorKind, PgnGame, PgnReader, read_pgn};

/// One kind of broken game (each after the earlier audit's regression tests): its text (with
/// `\n` line ends, each ending in a blank line as an archive separates its games), the line
/// of its error counted from its first line (0), and whether an error kind is its.
struct Broken {
    name: &'static str,
    text: &'static str,
    line: usize,
    kind: fn(&PgnErrorKind) -> bool,
}

fn unterminated(plies: usize) -> impl Fn(&PgnErrorKind) -> bool {
    move |k| matches!(k, PgnErrorKind::UnterminatedGame(g) if g.moves.len() == plies)
}

const BROKEN: &[Broken] = &[
    Broken {
        name: "unclosed comment on its line",
        text: "[Event \"b\"]\n\n1. e4 {oops e5 1-0\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::UnclosedComment,
    },
    Broken {
        name: "unclosed comment over lines",
        text: "[Event \"b\"]\n[Site \"y\"]\n\n1. e4 {oops\ne5\n1-0\n   \n\n",
        line: 3,
        kind: |k| *k == PgnErrorKind::UnclosedComment,
    },
    Broken {
        name: "a lone brace",
        text: "[Event \"b\"]\n\n{\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::UnclosedComment,
    },
    Broken {
        name: "unclosed comment holding a blank line",
        text: "[Event \"b\"]\n\n1. d4 {oops\n\nmore text\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::UnclosedComment,
    },
    Broken {
        name: "tag with an odd quote",
        text: "[Event \"b]\n\n1. d4 *\n\n",
        line: 0,
        kind: |k| matches!(k, PgnErrorKind::Tag(_)),
    },
    Broken {
        name: "tag without quotes",
        text: "[Event b]\n[Site \"y\"]\n\n1. d4 *\n\n",
        line: 0,
        kind: |k| matches!(k, PgnErrorKind::Tag(_)),
    },
    Broken {
        name: "tag without a value",
        text: "[Event]\n\n1. d4 *\n\n",
        line: 0,
        kind: |k| matches!(k, PgnErrorKind::Tag(_)),
    },
    Broken {
        name: "tag without quotes, no movetext",
        text: "[Event b]\n\n",
        line: 0,
        kind: |k| matches!(k, PgnErrorKind::Tag(_)),
    },
    Broken {
        name: "cut off in a tag",
        text: "[Event \"b\"]\n[Sit\n\n",
        line: 1,
        kind: |k| matches!(k, PgnErrorKind::Tag(_)),
    },
    Broken {
        name: "illegal move",
        text: "[Event \"b\"]\n\n1. e4 e4 2. d4 *\n\n",
        line: 2,
        kind: |k| {
            *k == PgnErrorKind::Move {
                san: "e4".to_owned(),
                ply: 2,
                error: SanError::Illegal("e4".to_owned()),
            }
        },
    },
    Broken {
        name: "unclosed variation",
        text: "[Event \"b\"]\n\n1. e4 e5\n2. Nf3 (2. d4 exd4\n\n",
        line: 3,
        kind: |k| *k == PgnErrorKind::Parentheses,
    },
    Broken {
        name: "unclosed variation with its result",
        text: "[Event \"b\"]\n\n1. e4 (1. d4 d5 1-0\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::Parentheses,
    },
    Broken {
        name: "close without open",
        text: "[Event \"b\"]\n\n1. e4 ) e5 *\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::Parentheses,
    },
    Broken {
        name: "NAG out of range",
        text: "[Event \"b\"]\n\n1. e4 $256 *\n\n",
        line: 2,
        kind: |k| *k == PgnErrorKind::Nag("$256".to_owned()),
    },
    Broken {
        name: "other variant",
        text: "[Event \"b\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n",
        line: 0,
        kind: |k| *k == PgnErrorKind::Variant("crazyhouse".to_owned()),
    },
    Broken {
        name: "no termination marker",
        text: "[Event \"b\"]\n\n1. e4 e5 2. Nf3\n\n",
        line: 0,
        kind: |k| unterminated(3)(k),
    },
    Broken {
        name: "tags only",
        text: "[Event \"b\"]\n[Site \"y\"]\n\n",
        line: 0,
        kind: |k| unterminated(0)(k),
    },
];

/// Good games, read alone and in the archive: comments (one holding blank lines and a line
/// that starts with `[`), variations, NAGs, a `;` comment and a `%` line.
const GOOD: [&str; 4] = [
    "[Event \"g1\"]\n[Site \"x\"]\n\n1. e4 {fine} e5 2. Nf3 1-0\n\n",
    "[Event \"g2\"]\n[Site \"x\"]\n\n1. e4 {see\n\n[Diagram]\n\nabove} e5 (1... c5 {x} 2. Nf3) \
     2. Nf3 $1 Nc6 1/2-1/2\n\n",
    "[Event \"g3\"]\n\n1. d4 ; a line comment\nd5 2. c4 *\n\n",
    "[Event \"g4\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n%escaped line\n\n",
];

/// The text with its line ends as `eol`.
fn with_eol(text: &str, eol: &str) -> String {
    text.replace('\n', eol)
}

/// Every way of reading a text: the whole string, and streams with small buffers.
fn readings(text: &str) -> Vec<Vec<Result<PgnGame, PgnError>>> {
    let read = read_pgn(text);
    let mut from_str: Vec<Result<PgnGame, PgnError>> = Vec::new();
    // read_pgn keeps the games and errors apart: put them back in file order by number.
    let (mut games, mut errors) = (read.games.into_iter(), read.errors.into_iter().peekable());
    let mut n = 1;
    loop {
        if let Some(e) = errors.next_if(|e| e.game == n) {
            from_str.push(Err(e));
        } else if let Some(g) = games.next() {
            from_str.push(Ok(g));
        } else {
            break;
        }
        n += 1;
    }
    let mut all = vec![from_str];
    for cap in [1, 3, 64] {
        all.push(PgnReader::new(BufReader::with_capacity(cap, text.as_bytes())).collect());
    }
    all
}

/// What the items are, in short: a game's Event tag and move count, an error's game, line and
/// kind.
fn outline(items: &[Result<PgnGame, PgnError>]) -> Vec<String> {
    items
        .iter()
        .map(|i| match i {
            Ok(g) => format!("{} {}", g.tag("Event").unwrap_or(""), g.moves.len()),
            Err(e) => format!("{} {} {}", e.game, e.line, e.kind),
        })
        .collect()
}

/// The 1-based line on which byte `at` of `text` stands.
fn line_at(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    1 + (0..at)
        .filter(|&i| b[i] == b'\r' || (b[i] == b'\n' && (i == 0 || b[i - 1] != b'\r')))
        .count()
}

/// Found by the damaged-archive audit (5 Dec 2026), putting two broken games next to each
/// other, in every order and at every place of a good archive, with each kind of line end:
/// an unclosed comment followed by a game whose first tag pair has no quote (`[Event x]`)
/// took that game with it (the comment only ended at a line starting `[Name "`), and a game
/// of tags alone followed by a game whose first tag pair is malformed merged with it (only a
/// well-formed tag naming the first tag again began a new game). Now the good games read as
/// alone, and each broken game gives one error with its own number and line (the PGN
/// standard, 8.1, 8.2, 8.2.6).
#[test]
fn regression_two_broken_games_in_a_row_were_lost_together_pgn_8_2() {
    let mut checked = 0;
    for eol in ["\n", "\r\n", "\r"] {
        let good: Vec<String> = GOOD.iter().map(|g| with_eol(g, eol)).collect();
        let alone: Vec<PgnGame> = good
            .iter()
            .map(|g| g.parse::<PgnGame>().expect("a good game reads"))
            .collect();
        for a in BROKEN {
            for b in BROKEN {
                for place in 0..=good.len() {
                    let (ta, tb) = (with_eol(a.text, eol), with_eol(b.text, eol));
                    let mut text = good[..place].concat();
                    let at_a = text.len();
                    text.push_str(&ta);
                    let at_b = text.len();
                    text.push_str(&tb);
                    text.push_str(&good[place..].concat());
                    let (line_a, line_b) =
                        (line_at(&text, at_a) + a.line, line_at(&text, at_b) + b.line);
                    for items in readings(&text) {
                        let what = format!("{} then {} at {place} ({eol:?})", a.name, b.name);
                        assert_eq!(items.len(), good.len() + 2, "{what}: {:?}", outline(&items));
                        for (i, item) in items.iter().enumerate() {
                            let good_index = match i {
                                _ if i < place => Some(i),
                                _ if i >= place + 2 => Some(i - 2),
                                _ => None,
                            };
                            match (good_index, item) {
                                (Some(g), Ok(game)) => assert_eq!(game, &alone[g], "{what}"),
                                (None, Err(e)) => {
                                    let (want, line) =
                                        if i == place { (a, line_a) } else { (b, line_b) };
                                    assert!(
                                        (want.kind)(&e.kind) && e.game == i + 1 && e.line == line,
                                        "{what}: item {i} is {e:?}, want game {}, line {line}",
                                        i + 1
                                    );
                                }
                                _ => panic!("{what}: item {i} is {item:?}"),
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        checked,
        3 * BROKEN.len() * BROKEN.len() * (GOOD.len() + 1) * 4
    );
}

/// The items of a reading compared: a game with its line, an error as it is.
fn same(a: &Result<PgnGame, PgnError>, b: &Result<PgnGame, PgnError>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x == y && x.line == y.line,
        (Err(x), Err(y)) => x == y,
        _ => false,
    }
}

/// Where the games of an archive start: at each line starting with `[Event ` that follows a
/// blank line, a `%` line or the start of the file.
fn game_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = Vec::new();
    let mut prev_blank = true;
    let mut at = 0;
    while at < b.len() {
        let end = b[at..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(b.len(), |n| at + n);
        let line = &b[at..end];
        if prev_blank && line.starts_with(b"[Event ") {
            starts.push(at);
        }
        prev_blank = line.trim_ascii().is_empty() || line.starts_with(b"%");
        at = end + 1;
        if end + 1 < b.len() && b[end] == b'\r' && b[end + 1] == b'\n' {
            at += 1;
        }
    }
    starts
}

/// Cuts an archive at every `stride`th byte (from the start of the game two before the cut one, so that
/// the test stays linear) and checks each reading: the games before the cut read exactly as
/// in the whole text, and the cut game (if any of it is left) gives an error with its number,
/// never a game (a game whose termination marker is cut off is
/// [`PgnErrorKind::UnterminatedGame`], 8.2.6), unless the cut falls after its marker. With
/// another game appended after a blank line (a file cut off, then the next), the same items
/// come, then that game as read alone: no game is merged with the cut one.
fn cut_everywhere(name: &str, text: &str, limit: usize, stride: usize) -> usize {
    let starts = game_starts(text);
    assert!(starts.len() > 2, "{name}: games found");
    let mut cuts = 0;
    let mut window_items: Vec<(usize, Vec<Result<PgnGame, PgnError>>)> = Vec::new();
    for cut in (0..=text.len().min(limit)).step_by(stride) {
        if !text.is_char_boundary(cut) {
            continue;
        }
        let k = starts.iter().rposition(|&s| s <= cut).unwrap_or(0);
        let from = starts[k.saturating_sub(2)].min(cut);
        if !window_items.iter().any(|(f, _)| *f == from) {
            window_items.push((from, PgnReader::new(&text.as_bytes()[from..]).collect()));
        }
        let whole = &window_items
            .iter()
            .find(|(f, _)| *f == from)
            .expect("read")
            .1;
        let part = &text[from..cut];
        let streams: [Vec<Result<PgnGame, PgnError>>; 2] = [
            PgnReader::new(part.as_bytes()).collect(),
            PgnReader::new(BufReader::with_capacity(3, part.as_bytes())).collect(),
        ];
        for items in &streams {
            let what = || format!("{name} cut at {cut}: {:?}", outline(items));
            assert!(items.len() <= whole.len(), "{}", what());
            for (i, item) in items.iter().enumerate() {
                if i + 1 < items.len() || same(item, &whole[i]) {
                    assert!(same(item, &whole[i]), "{}", what());
                    continue;
                }
                // The cut game: an error with its number; an unterminated one holds the
                // moves read, the whole game's first ones but the last, which may be cut
                // itself (`O-O` of `O-O-O`).
                let e = item.as_ref().err().unwrap_or_else(|| panic!("{}", what()));
                assert_eq!(e.game, i + 1, "{}", what());
                if let (PgnErrorKind::UnterminatedGame(cut_game), Ok(full)) = (&e.kind, &whole[i]) {
                    let read = cut_game.moves.len().saturating_sub(1);
                    assert!(
                        full.moves.starts_with(&cut_game.moves[..read]),
                        "{}",
                        what()
                    );
                }
            }
        }
        // `read_pgn` reads as the reader does.
        let read = read_pgn(part);
        let (games, errors): (Vec<_>, Vec<_>) = streams[0].iter().cloned().partition(Result::is_ok);
        assert_eq!(
            read.games,
            games.into_iter().map(Result::unwrap).collect::<Vec<_>>()
        );
        assert_eq!(
            read.errors,
            errors
                .into_iter()
                .map(Result::unwrap_err)
                .collect::<Vec<_>>()
        );
        // The cut file with another appended (a download cut off, then the next one): the
        // same items, then the next game as alone.
        let eol = if text.contains("\r\n") {
            "\r\n"
        } else if text.contains('\r') {
            "\r"
        } else {
            "\n"
        };
        let next = with_eol(GOOD[0], eol);
        let appended: Vec<Result<PgnGame, _>> =
            PgnReader::new(format!("{part}{eol}{eol}{next}").as_bytes()).collect();
        let what = || format!("{name} cut at {cut}, then a game: {:?}", outline(&appended));
        assert_eq!(appended.len(), streams[0].len() + 1, "{}", what());
        for (a, b) in appended.iter().zip(&streams[0]) {
            match (a, b) {
                (Ok(x), Ok(y)) => assert_eq!(x, y, "{}", what()),
                // The cut game may give another error, the next game's tags ending it.
                (Err(x), Err(y)) => assert_eq!(x.game, y.game, "{}", what()),
                _ => panic!("{}", what()),
            }
        }
        let alone: PgnGame = next.parse().expect("reads");
        assert_eq!(
            appended.last().and_then(|g| g.as_ref().ok()),
            Some(&alone),
            "{}",
            what()
        );
        cuts += 1;
    }
    cuts
}

/// A file cut off at any byte, as an interrupted download leaves it: for archives of real
/// games (hand-written, python-chess's, lichess's and TWIC's), with each kind of line end.
#[test]
fn an_archive_cut_off_at_any_byte_reads_its_games_and_reports_the_cut_one_pgn_8_2_6() {
    // Every byte of the small files, every fifth of the larger ones (each byte class is met
    // many times over).
    let files: [(&str, &str, usize, usize); 5] = [
        ("multi", include_str!("data/multi.pgn"), usize::MAX, 1),
        (
            "lichess",
            include_str!("data/pgn_parser_lichess_mliebelt_2024-01-03.pgn"),
            usize::MAX,
            1,
        ),
        (
            "python-chess",
            include_str!("data/python_chess_games.pgn"),
            usize::MAX,
            5,
        ),
        (
            "32games",
            include_str!("data/pgn_parser_32games.pgn"),
            usize::MAX,
            5,
        ),
        (
            "twic",
            include_str!("data/pgn_parser_twic-01-232games.pgn"),
            12_000,
            1,
        ),
    ];
    let mut cuts = 0;
    for (name, text, limit, stride) in files {
        for eol in ["\n", "\r\n", "\r"] {
            let text = text.replace("\r\n", "\n").replace('\n', eol);
            cuts += cut_everywhere(&format!("{name} {eol:?}"), &text, limit, stride);
        }
    }
    assert!(cuts > 80_000, "{cuts}");
}

/// An unclosed comment holding many lines that may start a game (`[A x]` after a blank line)
/// is read again from the first of them only once: 2 MB of them read in linear time (each
/// such line is a game with a malformed tag pair). Copying the rest of the replayed text
/// after each game made it quadratic while this was written (4 s for 1 MB).
#[test]
fn an_unclosed_comment_full_of_tag_like_lines_is_read_again_once() {
    for (unit, items) in [("\n\n[A x]", 2 + 2_000_000 / 7), ("\n\n[A\n{", 3)] {
        let text = format!(
            "1. e4 {{{}\n\n[Event \"end\"]\n\n1. e4 *\n",
            unit.repeat(2_000_000 / unit.len())
        );
        for read in [
            PgnReader::new(text.as_bytes()).collect::<Vec<_>>(),
            PgnReader::new(BufReader::with_capacity(7, text.as_bytes())).collect(),
        ] {
            assert_eq!(read.len(), items, "{unit:?}");
            assert_eq!(
                read[0].as_ref().map_err(|e| &e.kind),
                Err(&PgnErrorKind::UnclosedComment)
            );
            assert_eq!(read[items - 1].as_ref().map(|g| g.moves.len()), Ok(1));
        }
    }
}
