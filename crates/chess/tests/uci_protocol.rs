//! The UCI protocol's messages (`lattjo_chess::uci`) against the specification ("Description
//! of the universal chess interface (UCI)", Stefan Meyer-Kahlen, April 2006) and against a
//! transcript of Stockfish 15.1.

use lattjo_chess::uci::{
    BestMove, CurrLine, EngineMessage, EngineOption, Go, GuiCommand, Id, Info, OptionKind,
    Register, Score, ScoreBound, ScoreValue, SetOption, Status, UciMessageError, UciPosition, Wdl,
    resolve_line,
};
use lattjo_chess::{CastlingMode, Position, Role, Square, UciError, UciMove};
use proptest::prelude::*;

fn gui(line: &str) -> GuiCommand {
    GuiCommand::parse_strict(line, CastlingMode::Standard).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn engine(line: &str) -> EngineMessage {
    EngineMessage::parse_strict(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// Every GUI command of the specification's list, in its canonical form, reads and writes
/// back as it was.
#[test]
fn every_gui_command_of_the_specification_reads_and_writes_back() {
    for line in [
        "uci",
        "debug on",
        "debug off",
        "isready",
        "setoption name Nullmove value true",
        "setoption name Selectivity value 3",
        "setoption name Style value Risky",
        "setoption name Clear Hash",
        "setoption name NalimovPath value c:\\chess\\tb\\4;c:\\chess\\tb\\5",
        "register later",
        "register name Stefan MK code 4359874324",
        "ucinewgame",
        "position startpos",
        "position startpos moves e2e4 e7e5",
        "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4",
        "go",
        "go ponder",
        "go wtime 300000 btime 300000 winc 2000 binc 2000 movestogo 40",
        "go depth 12 nodes 1000000 mate 3 movetime 5000",
        "go infinite searchmoves e2e4 d2d4",
        "stop",
        "ponderhit",
        "quit",
    ] {
        let cmd = gui(line);
        assert_eq!(cmd.to_string(), line);
        assert_eq!(line.parse::<GuiCommand>(), Ok(cmd));
    }
}

/// Every engine message of the specification's list, with every `info` field and option
/// type, reads and writes back as it was.
#[test]
fn every_engine_message_of_the_specification_reads_and_writes_back() {
    for line in [
        "id name Shredder X.Y",
        "id author Stefan MK",
        "uciok",
        "readyok",
        "bestmove g1f3 ponder d8f6",
        "bestmove e2e4",
        "bestmove (none)",
        "bestmove 0000",
        "copyprotection checking",
        "copyprotection ok",
        "copyprotection error",
        "registration checking",
        "registration ok",
        "registration error",
        "info depth 12 seldepth 20 multipv 2 score cp 214 nodes 123456 nps 100000 hashfull 500 \
         tbhits 3 sbhits 4 cpuload 750 time 1242 pv e2e4 e7e5 g1f3",
        "info depth 5 score mate -3 upperbound nodes 10",
        "info score cp 20 wdl 200 700 100 lowerbound",
        "info currmove e2e4 currmovenumber 1",
        "info refutation d1h5 g6h5",
        "info refutation d1h5",
        "info currline 1 d1h5 g6h5",
        "info currline e2e4",
        "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
        "info depth 0 score mate 0",
        "option name Nullmove type check default true",
        "option name Selectivity type spin default 2 min 0 max 4",
        "option name Style type combo default Normal var Solid var Normal var Risky",
        "option name NalimovPath type string default c:\\",
        "option name Clear Hash type button",
        "option name Debug Log File type string default ",
        "option name SyzygyPath type string default <empty>",
    ] {
        let msg = engine(line);
        assert_eq!(msg.to_string(), line);
        assert_eq!(line.parse::<EngineMessage>(), Ok(msg));
    }
}

/// The fields read into the types the specification describes.
#[test]
fn fields_read_as_the_specification_describes_them() {
    let m = |s: &str| s.parse::<UciMove>().unwrap();
    let info: Info = "info depth 2 score cp 214 time 1242 nodes 2124 nps 34928 pv e2e4 e7e5 g1f3"
        .parse()
        .unwrap();
    assert_eq!(
        info,
        Info {
            depth: Some(2),
            score: Some(Score {
                value: ScoreValue::Cp(214),
                bound: None
            }),
            time: Some(1242),
            nodes: Some(2124),
            nps: Some(34928),
            pv: vec![m("e2e4"), m("e7e5"), m("g1f3")],
            ..Info::default()
        }
    );
    // The specification's order is not Display's: the value is the same.
    assert_eq!(
        info.to_string(),
        "info depth 2 score cp 214 nodes 2124 nps 34928 time 1242 pv e2e4 e7e5 g1f3"
    );
    let c: Info = "info currline 2 e2e4 e7e5".parse().unwrap();
    assert_eq!(
        c.currline,
        Some(CurrLine {
            cpu: Some(2),
            moves: vec![m("e2e4"), m("e7e5")]
        })
    );
    let w: Info = "info wdl 1000 0 0".parse().unwrap();
    assert_eq!(
        w.wdl,
        Some(Wdl {
            win: 1000,
            draw: 0,
            loss: 0
        })
    );
    let s: Info = "info string   two  spaces\tand a tab ".parse().unwrap();
    assert_eq!(s.string.as_deref(), Some("two spaces and a tab"));
    assert_eq!(
        "id name Stockfish 15.1".parse::<Id>(),
        Ok(Id::Name("Stockfish 15.1".into()))
    );
    assert_eq!("checking".parse::<Status>(), Ok(Status::Checking));
    assert!("ok ok".parse::<Status>().is_err());
    assert_eq!("mate 3".parse::<ScoreValue>(), Ok(ScoreValue::Mate(3)));
    assert!("cp 3 lowerbound".parse::<ScoreValue>().is_err());
    assert_eq!(
        "copyprotection ok".parse::<EngineMessage>(),
        Ok(EngineMessage::CopyProtection(Status::Ok))
    );
    let b: BestMove = "bestmove e7e8q ponder e2e1n".parse().unwrap();
    assert_eq!(
        b.best,
        Some(UciMove::Normal {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Role::Queen)
        })
    );
    let o: EngineOption = "option name NalimovPath type string default c:\\ min var"
        .parse()
        .unwrap();
    // A string's default is the rest of the line, keywords and all.
    assert_eq!(
        o.kind,
        OptionKind::String {
            default: Some("c:\\ min var".into())
        }
    );
    let go: Go = "go searchmoves e2e4 d2d4 depth 3".parse().unwrap();
    assert_eq!((go.searchmoves.len(), go.depth), (2, Some(3)));
    let s: SetOption = "setoption name A B value C D value E".parse().unwrap();
    assert_eq!(
        (s.name.as_str(), s.value.as_deref()),
        ("A B", Some("C D value E"))
    );
    let r: Register = "register code 123 name Me".parse().unwrap();
    assert_eq!(
        r,
        Register::Now {
            name: "Me".into(),
            code: "123".into()
        }
    );
}

/// The specification: "If the engine or the GUI receives an unknown command or token it
/// should just ignore it and try to parse the rest of the string in this line" ("joho debug
/// on" switches debug on). The lenient readers skip; the strict readers report the word.
#[test]
fn unknown_words_are_skipped_by_the_lenient_readers_and_named_by_the_strict_ones() {
    let std = CastlingMode::Standard;
    assert_eq!(
        "joho debug on".parse::<GuiCommand>(),
        Ok(GuiCommand::Debug(true))
    );
    assert_eq!(
        GuiCommand::parse_strict("joho debug on", std),
        Err(UciMessageError::NoCommand("joho debug on".into()))
    );
    // "debug joho on" is undefined in the specification: an error here.
    assert!(matches!(
        "debug joho on".parse::<GuiCommand>(),
        Err(UciMessageError::Expected { field: "debug", .. })
    ));
    let go: Go = "go depth 3 perft 7 movetime 10".parse().unwrap();
    assert_eq!((go.depth, go.movetime), (Some(3), Some(10)));
    assert_eq!(
        GuiCommand::parse_strict("go depth 3 perft 7", std),
        Err(UciMessageError::UnknownToken {
            command: "go",
            token: "perft".into()
        })
    );
    let info: Info = "info depth 3 foo 9 nodes 5".parse().unwrap();
    assert_eq!((info.depth, info.nodes), (Some(3), Some(5)));
    assert!(EngineMessage::parse_strict("info depth 3 foo 9 nodes 5").is_err());
    assert_eq!(
        "uciok extra".parse::<EngineMessage>(),
        Ok(EngineMessage::UciOk)
    );
    assert!(EngineMessage::parse_strict("uciok extra").is_err());
    // A line with no message at all: an engine's greeting, an empty line.
    for line in [
        "",
        "   ",
        "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
    ] {
        assert!(matches!(
            EngineMessage::parse(line),
            Err(UciMessageError::NoCommand(_))
        ));
    }
    // A bound without a score is a stray word.
    assert_eq!("info lowerbound".parse::<Info>(), Ok(Info::default()));
}

/// Numbers out of range are errors, not wraps; values that do not read name the field.
#[test]
fn bad_values_are_errors_that_name_the_field() {
    let err = |s: &str| s.parse::<EngineMessage>().unwrap_err();
    let gerr = |s: &str| s.parse::<GuiCommand>().unwrap_err();
    assert_eq!(
        gerr("go depth 4294967296"),
        UciMessageError::Number {
            field: "depth",
            text: "4294967296".into(),
            min: 0,
            max: u32::MAX.into()
        }
    );
    assert!(matches!(
        gerr("go wtime -1"),
        UciMessageError::Number { field: "wtime", .. }
    ));
    assert!(matches!(
        gerr("go nodes 99999999999999999999999999999999999999999999"),
        UciMessageError::Number { field: "nodes", .. }
    ));
    assert_eq!(gerr("go depth"), UciMessageError::MissingValue("depth"));
    assert_eq!(
        gerr("go depth 1 depth 2"),
        UciMessageError::Duplicate("depth")
    );
    assert_eq!(
        gerr("go searchmoves"),
        UciMessageError::MissingValue("searchmoves")
    );
    assert_eq!(
        gerr("setoption value 3"),
        UciMessageError::MissingField {
            command: "setoption",
            field: "name"
        }
    );
    assert_eq!(
        gerr("setoption name value 3"),
        UciMessageError::MissingValue("name")
    );
    assert_eq!(
        gerr("register name Me"),
        UciMessageError::MissingField {
            command: "register",
            field: "code"
        }
    );
    assert!(matches!(gerr("position"), UciMessageError::Position(_)));
    assert_eq!(
        err("info hashfull 1001"),
        UciMessageError::Number {
            field: "hashfull",
            text: "1001".into(),
            min: 0,
            max: 1000
        }
    );
    assert!(matches!(
        err("info cpuload -1"),
        UciMessageError::Number {
            field: "cpuload",
            ..
        }
    ));
    assert!(matches!(
        err("info score cp 2147483648"),
        UciMessageError::Number { field: "cp", .. }
    ));
    assert!(matches!(
        err("info score pawns 3"),
        UciMessageError::Expected { field: "score", .. }
    ));
    assert_eq!(
        err("info depth 1 depth 2"),
        UciMessageError::Duplicate("depth")
    );
    assert_eq!(err("info pv"), UciMessageError::MissingValue("pv"));
    assert_eq!(
        err("info score cp 1 lowerbound upperbound"),
        UciMessageError::Duplicate("score bound")
    );
    assert!(matches!(
        err("info wdl 1 2"),
        UciMessageError::MissingValue("wdl")
    ));
    assert_eq!(err("bestmove"), UciMessageError::MissingValue("bestmove"));
    assert_eq!(
        err("bestmove e2e9"),
        UciMessageError::Move {
            field: "bestmove",
            error: UciError::Syntax("e2e9".into())
        }
    );
    assert_eq!(
        err("bestmove e2e4 ponder"),
        UciMessageError::MissingValue("ponder")
    );
    assert!(matches!(
        err("copyprotection maybe"),
        UciMessageError::Expected { .. }
    ));
    assert!(matches!(
        err("id"),
        UciMessageError::Expected { field: "id", .. }
    ));
    assert!(matches!(
        err("option name X type slider"),
        UciMessageError::Expected { field: "type", .. }
    ));
    assert!(matches!(
        err("option name X type check default yes"),
        UciMessageError::Expected {
            field: "default",
            ..
        }
    ));
    assert_eq!(
        err("option name X"),
        UciMessageError::MissingField {
            command: "option",
            field: "type"
        }
    );
    assert_eq!(
        err("option name X type spin min 1 min 2"),
        UciMessageError::Duplicate("min")
    );
    // Each type reads only its own command.
    assert_eq!(
        "uciok".parse::<Info>(),
        Err(UciMessageError::WrongCommand {
            expected: "info",
            found: "uciok"
        })
    );
    assert_eq!(
        "stop".parse::<Go>(),
        Err(UciMessageError::WrongCommand {
            expected: "go",
            found: "stop"
        })
    );
    // Errors say what was wrong.
    assert_eq!(
        gerr("go depth -3").to_string(),
        "\"depth\" takes a whole number from 0 to 4294967295, not \"-3\""
    );
}

/// Regression (found by the Stockfish driver): `go` wrote `searchmoves` before `depth`, and
/// Stockfish 15.1 reads every word after `searchmoves` as a move, so `go searchmoves d7d6
/// d7e6 d7c7 depth 6` lost its depth and searched without end. `searchmoves` now comes last,
/// as in the specification's example (`go infinite searchmoves e2e4 d2d4`).
#[test]
fn go_writes_searchmoves_last_since_stockfish_reads_every_word_after_it_as_a_move() {
    let go = Go {
        searchmoves: vec!["d7d6".parse().unwrap(), "d7e6".parse().unwrap()],
        depth: Some(6),
        wtime: Some(1000),
        infinite: true,
        ..Go::default()
    };
    assert_eq!(
        go.to_string(),
        "go wtime 1000 depth 6 infinite searchmoves d7d6 d7e6"
    );
    assert_eq!(go.to_string().parse::<Go>(), Ok(go));
}

/// Regression (found by the Stockfish driver): the strict reader took the words of a
/// `position` command after `position` for unknown words (`unknown word "startpos"`); the
/// position reader takes the line whole.
#[test]
fn the_strict_reader_takes_a_position_command_whole() {
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let cmd = GuiCommand::parse_strict("position startpos moves e2e4", mode).unwrap();
        let GuiCommand::Position(p) = &cmd else {
            panic!("{cmd:?}")
        };
        assert_eq!(p.moves().len(), 1);
    }
    // The lenient reader skips words before `position`, as before any command.
    assert!(matches!(
        "joho position startpos".parse::<GuiCommand>(),
        Ok(GuiCommand::Position(_))
    ));
}

/// libFuzzer's `chess_uci_protocol`: a text made only of characters that `str::trim` removes
/// but the readers keep in a word (they split at ASCII whitespace), such as a vertical tab or a
/// no-break space, was written as no text. `id name \u{b}` read as the name "\u{b}" and wrote
/// back as `id name`, which reads as an empty name. The same held for `id author`, `info
/// string` and `setoption ... value`.
#[test]
fn regression_a_text_of_unicode_spaces_was_written_as_no_text() {
    for text in ["\u{b}", "\u{a0}", "\u{85}", "\u{2003}", "a\u{b}"] {
        for line in [
            format!("id name {text}"),
            format!("id author {text}"),
            format!("info depth 3 string {text}"),
        ] {
            let m = engine(&line);
            assert_eq!(m.to_string(), line, "{line:?} writes back as it was");
            assert_eq!(engine(&m.to_string()), m, "{line:?}");
        }
        let line = format!("setoption name Style value {text}");
        let c = gui(&line);
        assert_eq!(c.to_string(), line);
        assert_eq!(gui(&c.to_string()), c);
    }
}

/// `Display` never writes a line break: text fields are written as words.
#[test]
fn display_never_writes_a_line_break() {
    let cmd = GuiCommand::SetOption(SetOption {
        name: "Hash".into(),
        value: Some("1\nquit".into()),
    });
    assert_eq!(cmd.to_string(), "setoption name Hash value 1 quit");
    let info = Info {
        string: Some("a\r\nbestmove e2e4".into()),
        ..Info::default()
    };
    assert_eq!(info.to_string(), "info string a bestmove e2e4");
}

/// `resolve_line` names the first illegal move by its index (from 0), and reads castling
/// as the position's mode writes it.
#[test]
fn resolve_line_names_the_first_illegal_move() {
    let m = |s: &str| s.parse::<UciMove>().unwrap();
    let pos = Position::new();
    let line = [m("e2e4"), m("e7e5"), m("e2e4")];
    let err = resolve_line(&pos, &line).unwrap_err();
    assert_eq!((err.index, err.uci), (2, m("e2e4")));
    assert_eq!(err.error, UciError::Illegal("e2e4".into()));
    let err = resolve_line(&pos, &[m("0000")]).unwrap_err();
    assert_eq!((err.index, err.error), (0, UciError::Null));
    assert_eq!(resolve_line(&pos, &[]), Ok(vec![]));
    // Castling: e1g1 in standard chess, e1h1 (king takes rook) in Chess960.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let std = Position::from_fen(fen, CastlingMode::Standard).unwrap();
    let c960 = Position::from_fen(fen, CastlingMode::Chess960).unwrap();
    assert!(resolve_line(&std, &[m("e1g1"), m("e8c8")]).is_ok());
    assert!(resolve_line(&c960, &[m("e1h1"), m("e8a8")]).is_ok());
    assert_eq!(resolve_line(&c960, &[m("e1g1")]).unwrap_err().index, 0);
}

/// The transcript of Stockfish 15.1 (its header says how it was made): every command we
/// sent reads back as the line sent; every line Stockfish wrote reads with the strict
/// reader (but the lines that hold no UCI message, named below), writes back as it was
/// written, and every `pv`, `currmove`, `bestmove` and `ponder` is legal in the position
/// searched.
#[test]
fn stockfish_transcript_reads_and_its_lines_are_legal() {
    let text = include_str!("data/stockfish_uci_transcript.txt");
    let mut mode = CastlingMode::Standard;
    let mut position: Option<Position> = None;
    let (mut sent, mut read, mut skipped) = (0, 0, 0);
    let (mut pvs, mut bestmoves, mut nones, mut options) = (0, 0, 0, 0);
    let (mut mates, mut bounds, mut currmoves, mut multipv3) = (0, 0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        let at = n + 1;
        if line.starts_with('#') {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("> ") {
            if cmd == "uci" {
                // A new engine process: standard chess until told otherwise.
                mode = CastlingMode::Standard;
                position = None;
            }
            let c = GuiCommand::parse_strict(cmd, mode)
                .unwrap_or_else(|e| panic!("line {at}: {cmd}: {e}"));
            assert_eq!(c.to_string(), cmd, "line {at}");
            match c {
                GuiCommand::SetOption(SetOption { name, value })
                    if name == "UCI_Chess960" && value.as_deref() == Some("true") =>
                {
                    mode = CastlingMode::Chess960;
                }
                GuiCommand::Position(p) => position = Some(p.position().clone()),
                _ => {}
            }
            sent += 1;
            continue;
        }
        let Some(out) = line.strip_prefix("< ") else {
            panic!("line {at}: neither '> ' nor '< ': {line:?}");
        };
        read += 1;
        let msg = match EngineMessage::parse_strict(out) {
            Ok(msg) => msg,
            Err(UciMessageError::NoCommand(_))
                if out.is_empty()
                    || out.starts_with("Stockfish 15.1 by the Stockfish developers")
                    || out.starts_with("Unknown command: 'debug ") =>
            {
                skipped += 1;
                continue;
            }
            Err(e) => panic!("line {at}: {out:?}: {e}"),
        };
        assert_eq!(msg.to_string(), out, "line {at}");
        match msg {
            EngineMessage::Info(info) => {
                let pos = position.as_ref().expect("a position before a search");
                if !info.pv.is_empty() {
                    pvs += 1;
                    if let Err(e) = info.resolve_pv(pos) {
                        panic!("line {at}: {e}");
                    }
                }
                if let Some(c) = info.currmove {
                    currmoves += 1;
                    assert!(resolve_line(pos, &[c]).is_ok(), "line {at}");
                }
                mates += usize::from(matches!(
                    info.score,
                    Some(Score {
                        value: ScoreValue::Mate(_),
                        ..
                    })
                ));
                bounds += usize::from(info.score.is_some_and(|s| s.bound.is_some()));
                multipv3 += usize::from(info.multipv == Some(3));
            }
            EngineMessage::BestMove(b) => {
                let pos = position.as_ref().expect("a position before a search");
                bestmoves += 1;
                match b.best {
                    None => {
                        nones += 1;
                        assert!(pos.legal_moves().is_empty(), "line {at}");
                    }
                    Some(best) => {
                        let line: Vec<UciMove> = std::iter::once(best).chain(b.ponder).collect();
                        assert!(resolve_line(pos, &line).is_ok(), "line {at}");
                    }
                }
            }
            EngineMessage::Option(_) => options += 1,
            _ => {}
        }
    }
    // What the transcript holds (its header gives the same counts).
    let counts = [
        sent, read, skipped, pvs, bestmoves, nones, options, mates, bounds, currmoves, multipv3,
    ];
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
    let header = text
        .lines()
        .find(|l| l.starts_with("# counts:"))
        .expect("counts line");
    let expected = format!(
        "# counts: {sent} sent, {read} read, {skipped} skipped, {pvs} pvs, {bestmoves} bestmoves \
         ({nones} none), {options} options, {mates} mate scores, {bounds} bounds, {currmoves} \
         currmoves, {multipv3} multipv 3"
    );
    assert_eq!(header, expected);
}

// ---- properties ----

const KEYWORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "code",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "stop",
    "ponderhit",
    "quit",
    "id",
    "author",
    "uciok",
    "readyok",
    "bestmove",
    "copyprotection",
    "registration",
    "checking",
    "ok",
    "error",
    "info",
    "seldepth",
    "time",
    "pv",
    "multipv",
    "score",
    "cp",
    "lowerbound",
    "upperbound",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
    "currline",
    "wdl",
    "option",
    "type",
    "default",
    "min",
    "max",
    "var",
    "check",
    "spin",
    "combo",
    "button",
    "(none)",
    "0000",
];

fn word() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_:;./\\\\<>()'-]{1,8}"
        .prop_filter("not a keyword", |w| !KEYWORDS.contains(&w.as_str()))
}

/// Words separated by single spaces, none a keyword (a name or a value as the readers keep it).
fn text(min: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(word(), min..4).prop_map(|w| w.join(" "))
}

/// Any words, keywords too (a text that runs to the end of the line).
fn rest_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            word(),
            prop::sample::select(KEYWORDS).prop_map(String::from)
        ],
        0..4,
    )
    .prop_map(|w| w.join(" "))
}

fn uci_move() -> impl Strategy<Value = UciMove> {
    prop_oneof![
        1 => Just(UciMove::Null),
        20 => (0u32..64, 0u32..64, prop::option::of(prop::sample::select(&[Role::Queen, Role::Rook, Role::Bishop, Role::Knight][..])))
            .prop_map(|(f, t, promotion)| UciMove::Normal {
                from: Square::new(f).unwrap(),
                to: Square::new(t).unwrap(),
                promotion,
            }),
    ]
}

fn moves(min: usize) -> impl Strategy<Value = Vec<UciMove>> {
    prop::collection::vec(uci_move(), min..5)
}

fn go() -> impl Strategy<Value = Go> {
    let o64 = || prop::option::of(any::<u64>());
    let o32 = || prop::option::of(any::<u32>());
    (
        prop_oneof![Just(vec![]), moves(1)],
        any::<bool>(),
        (o64(), o64(), o64(), o64()),
        (o32(), o32(), o64(), o32(), o64()),
        any::<bool>(),
    )
        .prop_map(
            |(
                searchmoves,
                ponder,
                (wtime, btime, winc, binc),
                (movestogo, depth, nodes, mate, movetime),
                infinite,
            )| Go {
                searchmoves,
                ponder,
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                depth,
                nodes,
                mate,
                movetime,
                infinite,
            },
        )
}

/// A position command: a start and random legal moves from it.
fn position() -> impl Strategy<Value = UciPosition> {
    (
        0u32..960,
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..12),
    )
        .prop_map(|(n, c960, picks)| {
            let start = if c960 {
                Position::chess960(n).unwrap()
            } else {
                Position::new()
            };
            let mut pos = start.clone();
            let mut played = Vec::new();
            for p in picks {
                let list = pos.legal_moves();
                if list.is_empty() {
                    break;
                }
                let m = list[usize::from(p) % list.len()];
                pos.play_unchecked(m);
                played.push(m);
            }
            UciPosition::new(start, &played).unwrap()
        })
}

fn gui_command() -> impl Strategy<Value = GuiCommand> {
    prop_oneof![
        Just(GuiCommand::Uci),
        any::<bool>().prop_map(GuiCommand::Debug),
        Just(GuiCommand::IsReady),
        (text(1), prop::option::of(rest_text()))
            .prop_map(|(name, value)| GuiCommand::SetOption(SetOption { name, value })),
        Just(GuiCommand::Register(Register::Later)),
        (text(1), text(1))
            .prop_map(|(name, code)| GuiCommand::Register(Register::Now { name, code })),
        Just(GuiCommand::UciNewGame),
        position().prop_map(GuiCommand::Position),
        go().prop_map(GuiCommand::Go),
        Just(GuiCommand::Stop),
        Just(GuiCommand::PonderHit),
        Just(GuiCommand::Quit),
    ]
}

fn score() -> impl Strategy<Value = Score> {
    (
        prop_oneof![
            any::<i32>().prop_map(ScoreValue::Cp),
            any::<i32>().prop_map(ScoreValue::Mate)
        ],
        prop::option::of(prop_oneof![
            Just(ScoreBound::Lower),
            Just(ScoreBound::Upper)
        ]),
    )
        .prop_map(|(value, bound)| Score { value, bound })
}

fn info() -> impl Strategy<Value = Info> {
    let o32 = || prop::option::of(any::<u32>());
    let o64 = || prop::option::of(any::<u64>());
    let permill = || prop::option::of(0u16..=1000);
    (
        (o32(), o32(), o32(), prop::option::of(score())),
        (
            prop::option::of((any::<u32>(), any::<u32>(), any::<u32>()))
                .prop_map(|w| w.map(|(win, draw, loss)| Wdl { win, draw, loss })),
            o64(),
            o64(),
            permill(),
        ),
        (o64(), o64(), permill(), o64()),
        (prop::option::of(uci_move()), o32()),
        (
            prop_oneof![Just(vec![]), moves(1)],
            prop_oneof![Just(vec![]), moves(1)],
            prop::option::of((o32(), moves(0)).prop_map(|(cpu, moves)| CurrLine { cpu, moves })),
            prop::option::of(rest_text()),
        ),
    )
        .prop_map(
            |(
                (depth, seldepth, multipv, score),
                (wdl, nodes, nps, hashfull),
                (tbhits, sbhits, cpuload, time),
                (currmove, currmovenumber),
                (pv, refutation, currline, string),
            )| Info {
                depth,
                seldepth,
                multipv,
                score,
                wdl,
                nodes,
                nps,
                hashfull,
                tbhits,
                sbhits,
                cpuload,
                time,
                currmove,
                currmovenumber,
                pv,
                refutation,
                currline,
                string,
            },
        )
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    let o64 = || prop::option::of(any::<i64>());
    prop_oneof![
        prop::option::of(any::<bool>()).prop_map(|default| OptionKind::Check { default }),
        (o64(), o64(), o64()).prop_map(|(default, min, max)| OptionKind::Spin {
            default,
            min,
            max
        }),
        (
            prop::option::of(text(0)),
            prop::collection::vec(text(0), 0..4)
        )
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        Just(OptionKind::Button),
        prop::option::of(rest_text()).prop_map(|default| OptionKind::String { default }),
    ]
}

fn engine_message() -> impl Strategy<Value = EngineMessage> {
    let status = || {
        prop_oneof![
            Just(Status::Checking),
            Just(Status::Ok),
            Just(Status::Error)
        ]
    };
    prop_oneof![
        rest_text().prop_map(|t| EngineMessage::Id(Id::Name(t))),
        rest_text().prop_map(|t| EngineMessage::Id(Id::Author(t))),
        Just(EngineMessage::UciOk),
        Just(EngineMessage::ReadyOk),
        (prop::option::of(uci_move()), prop::option::of(uci_move()))
            .prop_map(|(best, ponder)| EngineMessage::BestMove(BestMove { best, ponder })),
        status().prop_map(EngineMessage::CopyProtection),
        status().prop_map(EngineMessage::Registration),
        info().prop_map(EngineMessage::Info),
        (text(1), option_kind())
            .prop_map(|(name, kind)| EngineMessage::Option(EngineOption { name, kind })),
    ]
}

/// Lines made of the protocol's words, moves, numbers and junk: the readers' deeper paths.
fn word_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(KEYWORDS).prop_map(String::from),
            1 => uci_move().prop_map(|m| m.to_string()),
            1 => any::<i64>().prop_map(|n| n.to_string()),
            1 => "\\PC{0,6}",
            1 => Just("startpos".to_string()),
        ],
        0..14,
    )
    .prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// parse(display(x)) == x, and the strict reader agrees.
    #[test]
    fn gui_commands_read_back_as_written(cmd in gui_command()) {
        let mode = match &cmd {
            GuiCommand::Position(p) => p.start().castling_mode(),
            _ => CastlingMode::Standard,
        };
        let text = cmd.to_string();
        prop_assert!(!text.contains(['\n', '\r']));
        prop_assert_eq!(GuiCommand::parse(&text, mode), Ok(cmd.clone()), "{}", text);
        prop_assert_eq!(GuiCommand::parse_strict(&text, mode), Ok(cmd), "{}", text);
    }

    /// parse(display(x)) == x, and the strict reader agrees.
    #[test]
    fn engine_messages_read_back_as_written(msg in engine_message()) {
        let text = msg.to_string();
        prop_assert!(!text.contains(['\n', '\r']));
        prop_assert_eq!(EngineMessage::parse(&text), Ok(msg.clone()), "{}", text);
        prop_assert_eq!(EngineMessage::parse_strict(&text), Ok(msg), "{}", text);
    }

    /// No input panics; what reads writes a line that reads as the same value.
    #[test]
    fn any_text_reads_or_is_refused_without_panic(s in prop_oneof!["\\PC{0,40}", any::<String>(), word_soup()]) {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Ok(cmd) = GuiCommand::parse(&s, mode) {
                prop_assert_eq!(GuiCommand::parse(&cmd.to_string(), mode), Ok(cmd));
            }
            let _ = GuiCommand::parse_strict(&s, mode);
        }
        if let Ok(msg) = EngineMessage::parse(&s) {
            prop_assert_eq!(EngineMessage::parse(&msg.to_string()), Ok(msg));
        }
        let _ = EngineMessage::parse_strict(&s);
        let _ = s.parse::<Score>();
    }
}

/// `register` without a `name` field (`register`, `register code 1`) was refused as
/// `"name" has no value`, as if the field were there and empty, and `register name Me` as
/// `"code" has no value`. A field that is not there is now `MissingField`; one that is there
/// with nothing after it stays `MissingValue`.
#[test]
fn regression_a_missing_uci_field_was_reported_as_a_field_without_a_value() {
    let gerr = |s: &str| s.parse::<GuiCommand>().unwrap_err();
    let field = |command, field| UciMessageError::MissingField { command, field };
    assert_eq!(gerr("register"), field("register", "name"));
    assert_eq!(gerr("register code 1"), field("register", "name"));
    assert_eq!(gerr("register name Me"), field("register", "code"));
    assert_eq!(
        gerr("register name code 1"),
        UciMessageError::MissingValue("name")
    );
    assert_eq!(
        gerr("register name Me code"),
        UciMessageError::MissingValue("code")
    );
    assert_eq!(gerr("setoption"), field("setoption", "name"));
    assert_eq!(
        gerr("setoption name"),
        UciMessageError::MissingValue("name")
    );
    assert_eq!(
        gerr("register code 1").to_string(),
        "the \"register\" command has no \"name\" field"
    );
}
