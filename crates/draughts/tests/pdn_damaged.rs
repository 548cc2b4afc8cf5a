//! Damaged archives: broken games next to each other, and files cut off at any byte. Every
//! good game must read exactly as if the broken ones were absent, and each broken game must
//! give one error naming its own game number and line (PDN 3.0 takes its game layout from
//! PGN: each game is tag pairs, then movetext ending in a result token).

use std::io::BufReader;

use lattjo_draughts::{PdnError, PdnErrorKind, PdnGame, PdnReader, read_games};

/// One kind of broken game (each after the earlier audit's regression tests): its text (with
/// `\n` line ends, each ending in a blank line as an archive separates its games), the line
/// of its error counted from its first line (0), and whether an error kind is its.
struct Broken {
    name: &'static str,
    text: &'static str,
    line: usize,
    kind: fn(&PdnErrorKind) -> bool,
}

fn unterminated(k: &PdnErrorKind, plies: usize) -> bool {
    matches!(k, PdnErrorKind::UnterminatedGame(g) if g.moves().len() == plies)
}

fn bad_tag(k: &PdnErrorKind) -> bool {
    matches!(k, PdnErrorKind::BadTag(_))
}

const BROKEN: &[Broken] = &[
    Broken {
        name: "unclosed comment on its line",
        text: "[Event \"b\"]\n1. 11-15 {oops 23-19 1-0\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::UnterminatedComment,
    },
    Broken {
        name: "unclosed comment over lines",
        text: "[Event \"b\"]\n[Site \"y\"]\n1. 11-15 {oops\n23-19\n1-0\n   \n\n",
        line: 2,
        kind: |k| *k == PdnErrorKind::UnterminatedComment,
    },
    Broken {
        name: "a lone brace",
        text: "[Event \"b\"]\n{\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::UnterminatedComment,
    },
    Broken {
        name: "unclosed comment holding a blank line",
        text: "[Event \"b\"]\n1. 9-13 {oops\n\nmore text\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::UnterminatedComment,
    },
    Broken {
        name: "unclosed variation",
        text: "[Event \"b\"]\n1. 11-15 (9-13 {a} (9-14 22-18) 1-0\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::UnterminatedVariation,
    },
    Broken {
        name: "unclosed variation holding an unclosed comment",
        text: "[Event \"b\"]\n1. 11-15 23-19\n2. 8-11 (9-13 {open\n\n",
        line: 2,
        kind: |k| *k == PdnErrorKind::UnterminatedVariation,
    },
    Broken {
        name: "tag with an odd quote",
        text: "[Event \"b]\n1. 9-13 *\n\n",
        line: 0,
        kind: bad_tag,
    },
    Broken {
        name: "tag without quotes",
        text: "[Event b]\n[Site \"y\"]\n1. 9-13 *\n\n",
        line: 0,
        kind: bad_tag,
    },
    Broken {
        name: "tag without a value",
        text: "[Event]\n1. 9-13 *\n\n",
        line: 0,
        kind: bad_tag,
    },
    Broken {
        name: "tag without quotes, no movetext",
        text: "[Event b]\n\n",
        line: 0,
        kind: bad_tag,
    },
    Broken {
        name: "cut off in a tag",
        text: "[Event \"b\"]\n[Sit\n\n",
        line: 1,
        kind: bad_tag,
    },
    Broken {
        name: "illegal move",
        text: "[Event \"b\"]\n1. 11-15 11-15 2. 9-13 *\n\n",
        line: 1,
        kind: |k| matches!(k, PdnErrorKind::Move { ply: 2, .. }),
    },
    Broken {
        name: "not a move",
        text: "[Event \"b\"]\n1. 11-15 hello *\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::Unexpected("hello".to_owned()),
    },
    Broken {
        name: "other game type",
        text: "[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 *\n\n",
        line: 1,
        kind: |k| *k == PdnErrorKind::UnsupportedGameType("20".to_owned()),
    },
    Broken {
        name: "bad FEN",
        text: "[Event \"b\"]\n[FEN \"nonsense\"]\n1. 11-15 *\n\n",
        line: 1,
        kind: |k| matches!(k, PdnErrorKind::Fen(_)),
    },
    Broken {
        name: "no result token",
        text: "[Event \"b\"]\n1. 11-15 23-19 2. 8-11\n\n",
        line: 0,
        kind: |k| unterminated(k, 3),
    },
    Broken {
        name: "tags only",
        text: "[Event \"b\"]\n[Site \"y\"]\n\n",
        line: 0,
        kind: |k| unterminated(k, 0),
    },
];

/// Good games, read alone and in the archive: comments and a variation holding blank lines
/// and lines that start with `[`, a `;` comment and a `%` line.
const GOOD: [&str; 4] = [
    "[Event \"g1\"]\n[Site \"x\"]\n1. 11-15 {fine} 23-19 (22-18) 2. 8-11 1-0\n\n",
    "[Event \"g2\"]\n1. 11-15 {see\n\n[Diagram]\n\nabove} 23-19 (22-18 {x}\n\n[Note]\n\n) \
     2. 8-11 1/2-1/2\n\n",
    "[Event \"g3\"]\n1. 9-13 ; a line comment\n22-18 *\n\n",
    "[Event \"g4\"]\n[White \"A\"]\n1. 11-15 23-19 2. 8-11 0-1\n%escaped line\n\n",
];

fn with_eol(text: &str, eol: &str) -> String {
    text.replace('\n', eol)
}

/// The reader over the whole text, and over streams with small buffers.
fn readings(text: &str) -> Vec<Vec<Result<PdnGame, PdnError>>> {
    let mut all = vec![PdnReader::new(text.as_bytes()).collect::<Vec<_>>()];
    for cap in [1, 3, 64] {
        all.push(PdnReader::new(BufReader::with_capacity(cap, text.as_bytes())).collect());
    }
    all
}

/// What the items are, in short.
fn outline(items: &[Result<PdnGame, PdnError>]) -> Vec<String> {
    items
        .iter()
        .map(|i| match i {
            Ok(g) => format!("{} {}", g.tag("Event").unwrap_or(""), g.moves().len()),
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
/// an unclosed comment or variation followed by a game whose first tag pair has no quote
/// (`[Event x]`) took that game with it (it only ended at a line starting `[Name "`), and a
/// game of tags alone followed by a game whose first tag pair is malformed merged with it.
/// Now the good games read as alone, and each broken game gives one error with its own
/// number and line.
#[test]
fn regression_two_broken_games_in_a_row_were_lost_together_pdn_3_0() {
    let mut checked = 0;
    for eol in ["\n", "\r\n", "\r"] {
        let good: Vec<String> = GOOD.iter().map(|g| with_eol(g, eol)).collect();
        let alone: Vec<PdnGame> = good
            .iter()
            .map(|g| g.parse::<PdnGame>().expect("a good game reads"))
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
                                _ => panic!("{what}: item {i} is {:?}", outline(&items)),
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

/// Where the games of an archive start: at each line starting with `[Event ` that follows a
/// blank line, a `%` line, a line that is not a tag pair, or the start of the file.
fn game_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = Vec::new();
    let mut prev_tag = false;
    let mut at = 0;
    while at < b.len() {
        let end = b[at..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(b.len(), |n| at + n);
        let line = &b[at..end];
        if !prev_tag && line.starts_with(b"[Event ") {
            starts.push(at);
        }
        prev_tag = line.starts_with(b"[");
        at = end + 1;
        if end + 1 < b.len() && b[end] == b'\r' && b[end + 1] == b'\n' {
            at += 1;
        }
    }
    starts
}

fn same(a: &Result<PdnGame, PdnError>, b: &Result<PdnGame, PdnError>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x == y,
        (Err(x), Err(y)) => x == y,
        _ => false,
    }
}

/// Cuts an archive at every `stride`th byte (from the start of the game two before the cut
/// one, so that the test stays linear) and checks each reading: the games before the cut read
/// exactly as in the whole text, and the cut game (if any of it is left) gives an error with
/// its number, never a game ([`PdnErrorKind::UnterminatedGame`] when its result token is cut
/// off), unless the cut falls after its result token. With another game appended after a
/// blank line (a file cut off, then the next), the same items come, then that game as read
/// alone: no game is merged with the cut one.
fn cut_everywhere(name: &str, text: &str, stride: usize) -> usize {
    let starts = game_starts(text);
    assert!(!starts.is_empty(), "{name}: games found");
    let mut cuts = 0;
    let mut windows: Vec<(usize, Vec<Result<PdnGame, PdnError>>)> = Vec::new();
    for cut in (0..=text.len()).step_by(stride) {
        if !text.is_char_boundary(cut) {
            continue;
        }
        let k = starts.iter().rposition(|&s| s <= cut).unwrap_or(0);
        let from = starts[k.saturating_sub(2)].min(cut);
        if !windows.iter().any(|(f, _)| *f == from) {
            windows.push((from, PdnReader::new(&text.as_bytes()[from..]).collect()));
        }
        let whole = &windows.iter().find(|(f, _)| *f == from).expect("read").1;
        let part = &text[from..cut];
        let streams: [Vec<Result<PdnGame, PdnError>>; 2] = [
            PdnReader::new(part.as_bytes()).collect(),
            PdnReader::new(BufReader::with_capacity(3, part.as_bytes())).collect(),
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
                // itself into another legal move (a king's `6-1` of `6-10`; a cut that is no
                // legal move, as `11-1` of `11-15` or `9x18` of `9x18x27`, is a `Move` error).
                let e = item.as_ref().err().unwrap_or_else(|| panic!("{}", what()));
                assert_eq!(e.game, i + 1, "{}", what());
                if let (PdnErrorKind::UnterminatedGame(cut_game), Ok(full)) = (&e.kind, &whole[i]) {
                    let read = cut_game.moves().len().saturating_sub(1);
                    assert!(
                        full.moves().starts_with(&cut_game.moves()[..read]),
                        "{}",
                        what()
                    );
                }
            }
        }
        // `read_games` reads as the reader does, up to the first error.
        let first_error = streams[0].iter().find_map(|r| r.as_ref().err().cloned());
        match read_games(part) {
            Ok(games) => assert_eq!(Ok(games), streams[0].iter().cloned().collect()),
            Err(e) => assert_eq!(Some(e), first_error),
        }
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
        let appended: Vec<Result<PdnGame, _>> =
            PdnReader::new(format!("{part}{eol}{eol}{next}").as_bytes()).collect();
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
        let alone: PdnGame = next.parse().expect("reads");
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

/// A file cut off at any byte, as an interrupted download leaves it: the PDN standard's own
/// example and pydraughts's games, with each kind of line end.
#[test]
fn an_archive_cut_off_at_any_byte_reads_its_games_and_reports_the_cut_one_pdn_3_0() {
    let files = [
        (
            "pdn standard",
            include_str!("golden/double_corner_dyke.pdn"),
            1,
        ),
        ("pydraughts", include_str!("golden/pydraughts_games.pdn"), 3),
    ];
    let mut cuts = 0;
    for (name, text, stride) in files {
        for eol in ["\n", "\r\n", "\r"] {
            let text = text.replace("\r\n", "\n").replace('\n', eol);
            cuts += cut_everywhere(&format!("{name} {eol:?}"), &text, stride);
        }
    }
    assert!(cuts > 60_000, "{cuts}");
}

/// An unclosed comment or variation holding many lines that may start a game (`[A x]` after
/// a blank line) is read again from the first of them only once: 2 MB of them read in linear
/// time (each such line is a game with a malformed tag pair).
#[test]
fn an_unclosed_comment_full_of_tag_like_lines_is_read_again_once() {
    for (open, unit, items) in [
        ('{', "\n\n[A x]", 2 + 2_000_000 / 7),
        ('(', "\n\n[A x]", 2 + 2_000_000 / 7),
        ('{', "\n\n[A\n{", 3),
        ('(', "\n\n[A\n(", 3),
    ] {
        let text = format!(
            "1. 11-15 {open}{}\n\n[Event \"end\"]\n1. 11-15 *\n",
            unit.repeat(2_000_000 / unit.len())
        );
        for read in [
            PdnReader::new(text.as_bytes()).collect::<Vec<_>>(),
            PdnReader::new(BufReader::with_capacity(7, text.as_bytes())).collect(),
        ] {
            assert_eq!(read.len(), items, "{unit:?}");
            assert!(read[0].is_err());
            assert_eq!(read[items - 1].as_ref().map(|g| g.moves().len()), Ok(1));
        }
    }
}
