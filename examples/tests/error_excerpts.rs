//! A parse error quotes at most an excerpt of a hostile input, never all of it.
//!
//! Regression (hostile-input audit, 5 December 2026): 24 of the crates' `FromStr` parsers,
//! and the readers behind them (FEN fields, SAN, UCI, PGN and PDN words, ludo's position
//! fields, backgammon's play notation), copied the whole bad text into their error, so a
//! 1 MiB input made a 1 MiB message (2 MiB for a PGN or PDN game). Every error now quotes its
//! input through `boardgame_core::text::excerpt`, at most `EXCERPT_CHARS` characters (the
//! carrom and Novuss stroke parsers and backgammon's files, which cut theirs by hand, too).
//! This test feeds every `FromStr` of the workspace, and the deeper fields, inputs of 1 MiB.

use std::fmt::Display;
use std::str::FromStr;

use boardgame_core::text::EXCERPT_CHARS;

/// The longest message allowed: a few quoted excerpts and the words around them.
const MAX_MESSAGE: usize = 4 * EXCERPT_CHARS + 256;

const N: usize = 1 << 20;

/// Long inputs of several shapes: one word, a number, many words, and text around the
/// separators the notations split on.
fn long_inputs() -> Vec<String> {
    vec![
        "z".repeat(N),
        format!("1{}", "z".repeat(N)),
        "z ".repeat(N / 2),
        "1".repeat(N),
        format!("{}:{}", "1".repeat(N / 2), "z".repeat(N / 2)),
        format!("{}-{}", "1".repeat(N / 2), "2".repeat(N / 2)),
        format!("{}/{}", "1".repeat(N / 2), "z".repeat(N / 2)),
        format!("R:{}", "0,".repeat(N / 2)),
        format!("e2e4{}", "q".repeat(N)),
    ]
}

fn check(what: &str, result: Result<impl Sized, impl Display>) {
    if let Err(e) = result {
        let message = e.to_string();
        assert!(
            message.len() <= MAX_MESSAGE,
            "{what}: a {}-byte message: {}...",
            message.len(),
            message.chars().take(200).collect::<String>()
        );
    }
}

fn parse_all<T: FromStr>(name: &str)
where
    T::Err: Display,
{
    for (i, s) in long_inputs().iter().enumerate() {
        check(&format!("{name}, input {i}"), s.parse::<T>());
    }
}

#[test]
fn every_from_str_quotes_an_excerpt_of_a_long_bad_input() {
    macro_rules! all {
        ($($t:ty),* $(,)?) => { $( parse_all::<$t>(stringify!($t)); )* };
    }
    all!(
        lattjo_backgammon::Action,
        lattjo_backgammon::Dice,
        lattjo_backgammon::Label,
        lattjo_backgammon::Side,
        lattjo_backgammon::Position,
        lattjo_backgammon::Step,
        lattjo_backgammon::fibs::FibsBoard,
        lattjo_backgammon::GnubgId,
        lattjo_backgammon::MatchId,
        lattjo_backgammon::Xgid,
        lattjo_backgammon::State,
        lattjo_backgammon::mat::MatFile,
        lattjo_backgammon::sgf::SgfFile,
        boardgame_core::race::RaceAction,
        boardgame_core::Seat,
        boardgame_core::Shape,
        boardgame_core::Record<boardgame_core::race::RaceAction>,
        boardgame_core::Record<lattjo_chess::Action>,
        boardgame_core::Record<lattjo_carrom::Action>,
        lattjo_carrom::Action,
        lattjo_carrom::Stroke,
        lattjo_disc_billiards::Action,
        lattjo_disc_billiards::Stroke,
        lattjo_disc_billiards::Side,
        lattjo_disc_billiards::Compass,
        lattjo_disc_billiards::DiscId,
        lattjo_disc_billiards::Conduct,
        lattjo_disc_billiards::Foul,
        lattjo_chess::Action,
        lattjo_draughts::Action,
        lattjo_chess::epd::Epd,
        lattjo_chess::Position,
        lattjo_chess::GameResult,
        lattjo_chess::pgn::PgnGame,
        lattjo_chess::Move,
        lattjo_chess::san::San,
        lattjo_chess::san::SanPlus,
        lattjo_chess::Square,
        lattjo_chess::File,
        lattjo_chess::Rank,
        lattjo_chess::Color,
        lattjo_chess::UciMove,
        lattjo_chess::UciPosition,
        lattjo_chess::pgn::commands::MarkColor,
        lattjo_chess::pgn::commands::Score,
        lattjo_chess::Board,
        lattjo_dominoes::Action,
        lattjo_dominoes::Layout,
        lattjo_dominoes::RoundRecord,
        lattjo_dominoes::End,
        lattjo_dominoes::Side,
        lattjo_dominoes::Tile,
        lattjo_dominoes::Tiles,
        lattjo_draughts::Position,
        lattjo_draughts::Move,
        lattjo_draughts::GameResult,
        lattjo_draughts::PdnGame,
        lattjo_draughts::Square,
        lattjo_ludo::Die,
        lattjo_ludo::Colour,
        lattjo_ludo::Seats,
        lattjo_ludo::State,
        lattjo_ludo::Action,
        lattjo_ludo::Move,
        lattjo_ludo::Position,
        lattjo_ludo::Geometry,
        lattjo_ludo::ReleaseRolls,
        lattjo_ludo::SafeDots,
    );
}

#[test]
fn long_fields_inside_valid_texts_are_quoted_as_excerpts() {
    let long = "Q".repeat(N);
    // Chess: a FEN's castling and en passant fields, an EPD operation, a UCI move list.
    check(
        "FEN castling",
        format!("4k3/8/8/8/8/8/8/4K3 w {long} - 0 1").parse::<lattjo_chess::Position>(),
    );
    check(
        "FEN en passant",
        format!("4k3/8/8/8/8/8/8/4K3 w - {long} 0 1").parse::<lattjo_chess::Position>(),
    );
    check(
        "EPD operation",
        format!("4k3/8/8/8/8/8/8/4K3 w - - bm {long};").parse::<lattjo_chess::epd::Epd>(),
    );
    // What follows a quoted operand is no field of a valid text: the systematic test below
    // cannot reach it.
    check(
        "EPD text after a quoted operand",
        format!("4k3/8/8/8/8/8/8/4K3 w - - id \"x\" {long};").parse::<lattjo_chess::epd::Epd>(),
    );
    check(
        "UCI moves",
        format!("position startpos moves e2e4 {long}").parse::<lattjo_chess::UciPosition>(),
    );
    check(
        "SAN in a position",
        lattjo_chess::Position::default().parse_san(&long),
    );
    // Draughts: a FEN square list, a PDN move, a move in a position.
    check(
        "draughts FEN",
        format!("B:W21,{long}:B1").parse::<lattjo_draughts::Position>(),
    );
    check(
        "PDN move",
        format!("[Event \"x\"]\n1. {long} *\n").parse::<lattjo_draughts::PdnGame>(),
    );
    let path = "11-15-".repeat(N / 6);
    check(
        "draughts move path",
        lattjo_draughts::Position::start().parse_move(&path, lattjo_draughts::KingMoves::Short),
    );
    // Ludo: a position's fields.
    check(
        "ludo position field",
        format!("LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 {long}")
            .parse::<lattjo_ludo::Position>(),
    );
    // Backgammon: play notation and a FIBS move.
    let p = lattjo_backgammon::Position::start(lattjo_backgammon::Side::White);
    let dice = lattjo_backgammon::Dice::new(3, 1).expect("dice");
    for text in [long.clone(), format!("8/5 {long}"), format!("{long}/5")] {
        check(
            "backgammon play",
            p.parse_play(&text, dice, lattjo_backgammon::SingleDiePolicy::Standard),
        );
    }
    // Dominoes: a layout arm and its set word.
    check(
        "dominoes layout",
        format!("[6-6] {long}").parse::<lattjo_dominoes::Layout>(),
    );
    check(
        "dominoes set word",
        format!("double-6 [6-6] double-{long}").parse::<lattjo_dominoes::Layout>(),
    );
}

/// How long each substituted field is in
/// [`every_field_of_a_valid_text_made_long_is_quoted_as_an_excerpt`]: a thousand times an
/// excerpt, and short enough that the thousands of substitutions stay cheap.
const FIELD: usize = 1 << 16;

/// The characters the notations split their fields on.
const SEPARATORS: &[char] = &[
    ' ', '\t', '\n', '/', ':', ',', '-', 'x', '=', ';', '"', '[', ']', '(', ')', '{', '}', '.',
    '+', '#', '*', '%', '|', '!', '?',
];

/// The fields of `text`: its maximal runs of characters that are not separators, as byte
/// ranges.
fn fields_of(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (SEPARATORS.contains(&c), start) {
            (true, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Long tokens of several shapes to put in place of `field`: all digits, all letters (lower
/// and upper case), digits then letters, and the field itself repeated.
fn long_tokens(field: &str) -> [String; 5] {
    [
        "1".repeat(FIELD),
        "z".repeat(FIELD),
        "Q".repeat(FIELD),
        format!("{}{}", "1".repeat(FIELD / 2), "z".repeat(FIELD / 2)),
        field.repeat(FIELD / field.len() + 1),
    ]
}

/// The substitutions made and the messages found too long.
#[derive(Default)]
struct Fields {
    readers: usize,
    substitutions: usize,
    failures: Vec<String>,
}

impl Fields {
    /// Puts each long token in place of each field of each seed that `read` accepts, and
    /// records every message longer than [`MAX_MESSAGE`]. At least one seed must be valid,
    /// so that a change of notation that makes them all invalid cannot empty the test.
    fn check(&mut self, name: &str, seeds: &[String], read: impl Fn(&str) -> Option<String>) {
        let valid: Vec<&String> = seeds.iter().filter(|s| read(s).is_none()).collect();
        assert!(
            !valid.is_empty(),
            "{name}: no valid seed among {seeds:?}: {:?}",
            seeds.first().and_then(|s| read(s))
        );
        self.readers += 1;
        for seed in valid {
            for (k, range) in fields_of(seed).into_iter().enumerate() {
                for (shape, token) in long_tokens(&seed[range.clone()]).iter().enumerate() {
                    let text = format!("{}{token}{}", &seed[..range.start], &seed[range.end..]);
                    self.substitutions += 1;
                    if let Some(message) = read(&text)
                        && message.len() > MAX_MESSAGE
                    {
                        self.failures.push(format!(
                            "{name}: field {k} ({:?}) of {:?}, shape {shape}: a {}-byte message: {}...",
                            &seed[range.clone()],
                            seed.chars().take(120).collect::<String>(),
                            message.len(),
                            message.chars().take(160).collect::<String>()
                        ));
                    }
                }
            }
        }
    }

    /// [`Fields::check`] with `T`'s own text of `values` as the seeds and `T`'s `FromStr` as
    /// the reader.
    fn displayed<T: FromStr + Display>(&mut self, name: &str, values: &[T])
    where
        T::Err: Display,
    {
        let seeds: Vec<String> = values.iter().map(ToString::to_string).collect();
        self.check(name, &dedup(seeds), |s| err(s.parse::<T>()));
    }

    /// [`Fields::check`] with `T`'s `FromStr` as the reader.
    fn parsed<T: FromStr>(&mut self, name: &str, seeds: &[&str])
    where
        T::Err: Display,
    {
        let seeds: Vec<String> = seeds.iter().map(|s| (*s).to_owned()).collect();
        self.check(name, &seeds, |s| err(s.parse::<T>()));
    }
}

fn err<T, E: Display>(r: Result<T, E>) -> Option<String> {
    r.err().map(|e| e.to_string())
}

/// `seeds` without repeats, at most eight of them, spread over the list.
fn dedup(seeds: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in seeds {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    let step = out.len().div_ceil(8).max(1);
    out.into_iter().step_by(step).collect()
}

/// The states and actions of a random game of `game` from `seed`, at most `plies` actions
/// (`arch_conventions::random_game`'s walk, every state kept).
fn walk<G: boardgame_core::Game>(
    game: &G,
    seed: u64,
    plies: usize,
) -> (Vec<G::State>, Vec<G::Action>)
where
    G::Error: std::fmt::Debug,
{
    let (mut states, mut actions) = (Vec::new(), Vec::new());
    crate::arch_conventions::random_game(game, seed, plies, |s, a| {
        states.push(s.clone());
        actions.extend(a.cloned());
    });
    (states, actions)
}

/// `items` at about `n` evenly spread places, the last one included.
fn spread<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    let step = items.len().div_ceil(n).max(1);
    let mut out: Vec<T> = items.iter().step_by(step).cloned().collect();
    if let Some(last) = items.last()
        && items.len() % step != 1
    {
        out.push(last.clone());
    }
    out
}

/// Closes the class of the bug the FEN clocks had (an outside review, 8 December 2026): a
/// field inside an otherwise valid text, a megabyte long, was copied whole into the error,
/// and the hand-picked fields above had only the castling and en-passant ones. Here every
/// field of valid, field-rich texts of every reader (mid-game positions, records, files,
/// protocol lines, most written by the types' own `Display`) is replaced in turn by long
/// tokens of several shapes, and every message must stay within [`MAX_MESSAGE`].
#[test]
fn every_field_of_a_valid_text_made_long_is_quoted_as_an_excerpt() {
    let mut f = Fields::default();
    chess_fields(&mut f);
    draughts_fields(&mut f);
    backgammon_fields(&mut f);
    ludo_fields(&mut f);
    dominoes_fields(&mut f);
    stroke_game_fields(&mut f);
    core_fields(&mut f);
    eprintln!(
        "{} readers, {} substitutions, {} too long",
        f.readers,
        f.substitutions,
        f.failures.len()
    );
    assert!(f.substitutions > 5_000, "{} substitutions", f.substitutions);
    // One line for each reader at fault: how many substitutions and the first of them.
    let mut by_reader: Vec<(&str, usize, &str)> = Vec::new();
    for failure in &f.failures {
        let name = failure.split(": field ").next().unwrap_or("");
        match by_reader.iter_mut().find(|(n, ..)| *n == name) {
            Some((_, count, _)) => *count += 1,
            None => by_reader.push((name, 1, failure)),
        }
    }
    assert!(
        by_reader.is_empty(),
        "{} messages too long:\n{}",
        f.failures.len(),
        by_reader
            .iter()
            .map(|(name, count, first)| format!("{name}: {count}, the first: {first}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn chess_fields(f: &mut Fields) {
    use lattjo_chess::{CastlingMode, Chess, GameResult, Position, Rules};
    let game = Chess::new(Rules::fide()).expect("a preset");
    let (states, actions) = walk(&game, 11, 60);
    let moves = states.last().expect("a state").moves().to_vec();
    let positions: Vec<Position> = spread(&states, 4)
        .iter()
        .map(|s| s.position().clone())
        .collect();
    f.displayed("chess Position", &positions);
    let boards: Vec<_> = positions.iter().map(|p| *p.board()).collect();
    f.displayed("chess Board", &boards);
    f.displayed("chess Action", &spread(&actions, 8));
    f.displayed("chess Move", &spread(&moves, 8));
    f.displayed(
        "chess Record<Action>",
        &[boardgame_core::Record {
            seed: 11,
            actions: actions[..12].to_vec(),
        }],
    );
    // SAN, UCI moves and the position command, move by move.
    let mut pos = Position::new();
    let (mut sans, mut ucis, mut before) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &m) in moves.iter().enumerate() {
        before.push(pos.clone());
        let (san, uci) = (pos.san(m), m.to_string());
        if i % 8 == 3 {
            let p = pos.clone();
            f.check(
                "chess Position::parse_san",
                std::slice::from_ref(&san),
                |s| err(p.parse_san(s)),
            );
            f.check(
                "chess Position::parse_uci",
                std::slice::from_ref(&uci),
                |s| err(p.parse_uci(s)),
            );
        }
        sans.push(san);
        ucis.push(uci);
        pos.play(m).expect("a played move");
    }
    f.parsed::<lattjo_chess::san::San>("chess San", &["Nbxd7", "exd8=Q", "O-O-O", "Qh4"]);
    f.parsed::<lattjo_chess::san::SanPlus>("chess SanPlus", &["Nbxd7+", "exd8=Q#", "O-O-O+"]);
    f.parsed::<lattjo_chess::UciMove>("chess UciMove", &["e7e8q", "e2e4", "0000"]);
    let start = positions[1].to_string();
    let uci_positions = [
        format!("position startpos moves {}", ucis[..10].join(" ")),
        format!("position fen {start} moves {}", ucis[..4].join(" ")),
    ];
    f.check("chess UciPosition", &uci_positions, |s| {
        err(s.parse::<lattjo_chess::UciPosition>())
    });
    f.check("chess UciPosition::parse", &uci_positions, |s| {
        err(lattjo_chess::UciPosition::parse(s, CastlingMode::Standard))
    });
    // EPD.
    let fen = before[20].to_string();
    let fen4: Vec<&str> = fen.split(' ').take(4).collect();
    let fen4 = fen4.join(" ");
    f.parsed::<lattjo_chess::epd::Epd>(
        "chess Epd",
        &[&format!(
            "{fen4} bm {}; am {}; id \"test 1\"; c0 \"a comment\"; acd 12; ce -35; hmvc 3; fmvn 12; pv {} {};",
            sans[20], sans[20], sans[20], sans[21]
        )],
    );
    // PGN: a game written by the type's own text, and one with comments, variations, NAGs
    // and commands.
    let pgn = lattjo_chess::pgn::PgnGame::new(
        &[
            ("Event", "Test match"),
            ("Site", "Lund"),
            ("Date", "2026.12.08"),
            ("Round", "3.1"),
            ("White", "Ann, A."),
            ("Black", "Bo, B."),
            ("TimeControl", "40/7200:3600"),
        ],
        Position::new(),
        moves[..24].to_vec(),
        GameResult::Unknown,
    );
    let written = lattjo_chess::pgn::write_pgn(&pgn);
    let rich = "[Event \"e\"]\n[Variant \"Standard\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\
        [SetUp \"1\"]\n\n1... e5 {[%eval 0.17,12] [%clk 1:05:23]} 2. Nf3 $1 (2. Bc4 Nc6 {side}) \
        2... Nc6 {[%csl Ra1,Gb2] [%cal Ge2e4,Rd7d5]} 3. Bb5 a6 1/2-1/2\n";
    let seeds = [written, rich.to_owned()];
    f.check("chess PgnGame", &seeds, |s| {
        err(s.parse::<lattjo_chess::pgn::PgnGame>())
    });
    f.check("chess read_pgn", &seeds, |s| {
        let errors = lattjo_chess::pgn::read_pgn(s).errors;
        (!errors.is_empty()).then(|| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        })
    });
    f.parsed::<lattjo_chess::pgn::commands::Command>(
        "chess PGN Command",
        &[
            "[%clk 1:05:23.5]",
            "[%eval -6.05,20]",
            "[%eval #-4]",
            "[%emt 0:05:42]",
            "[%csl Ra1,Gb2,Yc3]",
            "[%cal Ge2e4,Rd7d5]",
        ],
    );
    f.parsed::<lattjo_chess::pgn::commands::Eval>("chess PGN Eval", &["0.35,12", "#-4,20"]);
    f.parsed::<lattjo_chess::pgn::commands::Score>("chess PGN Score", &["-1.25", "#7"]);
    f.parsed::<lattjo_chess::pgn::commands::MarkColor>("chess MarkColor", &["R", "G"]);
    f.displayed("chess GameResult", &[GameResult::Draw, GameResult::Unknown]);
    // UCI: every kind of line of a real transcript, and hand-written ones.
    let transcript = include_str!("../../crates/chess/tests/data/stockfish_uci_transcript.txt");
    let (mut gui, mut engine) = (Vec::new(), Vec::new());
    let mut kinds = std::collections::HashMap::new();
    for line in transcript.lines() {
        let key: Vec<&str> = line.split(' ').take(3).collect();
        let n = kinds.entry(key.join(" ")).or_insert(0);
        *n += 1;
        if *n > 2 {
            continue;
        }
        if let Some(l) = line.strip_prefix("> ") {
            gui.push(l.to_owned());
        } else if let Some(l) = line.strip_prefix("< ") {
            engine.push(l.to_owned());
        }
    }
    gui.push("register name Stefan MK code 4359874324".to_owned());
    gui.push(format!(
        "go wtime 300000 btime 300000 winc 2000 binc 2000 movestogo 40 depth 20 nodes 1000000 \
         mate 3 movetime 5000 searchmoves {} {} ponder",
        ucis[0], ucis[2]
    ));
    engine.push(
        "info depth 20 seldepth 30 multipv 1 score cp 35 lowerbound wdl 300 500 200 \
        nodes 1234567 nps 1000000 hashfull 500 tbhits 0 time 1234 pv e2e4 e7e5 g1f3"
            .to_owned(),
    );
    engine.push("info currmove e2e4 currmovenumber 1 refutation d1h5 g6h5".to_owned());
    engine.push("info currline 1 e2e4 e7e5 string some text".to_owned());
    engine.push(
        "option name Style type combo default Normal var Solid var Normal var Risky".to_owned(),
    );
    engine.push("copyprotection checking".to_owned());
    engine.push("registration error".to_owned());
    f.check("chess GuiCommand", &gui, |s| {
        err(s.parse::<lattjo_chess::uci::GuiCommand>())
    });
    f.check("chess GuiCommand::parse_strict", &gui, |s| {
        err(lattjo_chess::uci::GuiCommand::parse_strict(
            s,
            CastlingMode::Standard,
        ))
    });
    f.check("chess EngineMessage", &engine, |s| {
        err(s.parse::<lattjo_chess::uci::EngineMessage>())
    });
    f.check("chess EngineMessage::parse_strict", &engine, |s| {
        err(lattjo_chess::uci::EngineMessage::parse_strict(s))
    });
    let options: Vec<String> = engine
        .iter()
        .filter(|l| l.starts_with("option "))
        .cloned()
        .collect();
    f.check("chess EngineOption", &options, |s| {
        err(s.parse::<lattjo_chess::uci::EngineOption>())
    });
    f.parsed::<lattjo_chess::uci::Score>(
        "chess UCI Score",
        &["cp 35 lowerbound", "mate -3", "cp -12 upperbound"],
    );
}

fn draughts_fields(f: &mut Fields) {
    use lattjo_draughts::{Draughts, KingMoves, PdnGame, Rules};
    let game = Draughts::new(Rules::wcdf()).expect("a preset");
    let (states, actions) = walk(&game, 5, 60);
    let positions: Vec<_> = spread(&states, 4).iter().map(|s| *s.position()).collect();
    f.displayed("draughts Position", &positions);
    f.displayed("draughts Action", &spread(&actions, 8));
    f.displayed(
        "draughts Record<Action>",
        &[boardgame_core::Record {
            seed: 5,
            actions: actions[..12].to_vec(),
        }],
    );
    let mut pdn = PdnGame::new(*states[0].position(), KingMoves::Short);
    pdn.set_tag("Event", "Test match").expect("a tag");
    pdn.set_tag("White", "Ann, A.").expect("a tag");
    let mut moves = Vec::new();
    for (i, pair) in states.windows(2).enumerate() {
        let Some(m) = pair[1].last_move().cloned() else {
            continue;
        };
        if i % 8 == 3 {
            let p = *pair[0].position();
            f.check("draughts Position::parse_move", &[m.to_string()], |s| {
                err(p.parse_move(s, KingMoves::Short))
            });
        }
        if i < 24 {
            pdn.push_move(m).expect("a legal move");
            if i == 5 {
                pdn.push_comment("a comment, with words");
            }
        }
        moves.push(m);
    }
    f.displayed("draughts Move", &spread(&moves, 8));
    pdn.set_result(lattjo_draughts::GameResult::Draw);
    let written = pdn.to_string();
    f.check("draughts PdnGame", std::slice::from_ref(&written), |s| {
        err(s.parse::<PdnGame>())
    });
    f.check("draughts read_games", &[written], |s| {
        err(lattjo_draughts::read_games(s))
    });
    f.displayed(
        "draughts GameResult",
        &[
            lattjo_draughts::GameResult::WhiteWins,
            lattjo_draughts::GameResult::Draw,
        ],
    );
    f.displayed(
        "draughts Square",
        &lattjo_draughts::Square::all().take(3).collect::<Vec<_>>(),
    );
}

fn backgammon_fields(f: &mut Fields) {
    use lattjo_backgammon::{
        Backgammon, Match, MatchConfig, NotationStyle, Rules, Side, SingleDiePolicy,
    };
    let game = Backgammon::new(Rules::standard()).expect("a preset");
    // A game that lasts (a random player doubles and drops early in many).
    let (all_states, actions) = (0..)
        .map(|seed| walk(&game, seed, 80))
        .find(|(_, actions)| actions.len() == 80)
        .expect("a long game");
    let states = spread(&all_states[10..70], 6);
    f.displayed("backgammon State", &states);
    let positions: Vec<_> = states.iter().map(|s| *s.position()).collect();
    f.displayed("backgammon Position", &positions);
    let xgids: Vec<_> = states.iter().map(|s| s.to_xgid()).collect();
    f.displayed("backgammon Xgid", &xgids);
    let gnubg: Vec<_> = states.iter().map(|s| s.to_gnubg_id()).collect();
    f.displayed("backgammon GnubgId", &gnubg);
    f.check(
        "backgammon State::from_gnubg_id",
        &gnubg.iter().map(ToString::to_string).collect::<Vec<_>>(),
        |s| err(lattjo_backgammon::State::from_gnubg_id(s)),
    );
    let boards: Vec<_> = states
        .iter()
        .filter_map(|s| s.to_fibs_board(Side::White, ["alice", "bob"]).ok())
        .collect();
    f.displayed("backgammon FibsBoard", &boards);
    f.check(
        "backgammon State::from_fibs_board",
        &boards.iter().map(ToString::to_string).collect::<Vec<_>>(),
        |s| err(lattjo_backgammon::State::from_fibs_board(s, Side::White)),
    );
    f.displayed("backgammon Action", &spread(&actions, 10));
    f.displayed(
        "backgammon Record<Action>",
        &[boardgame_core::Record {
            seed: 3,
            actions: actions[..12].to_vec(),
        }],
    );
    // Plays in their positions, in both notations and as FIBS moves.
    let mut plays = 0;
    for (i, action) in actions.iter().enumerate() {
        let (Some(dice), lattjo_backgammon::Action::Play(play)) = (all_states[i].dice(), action)
        else {
            continue;
        };
        plays += 1;
        if plays % 4 != 1 || play.steps().is_empty() {
            continue;
        }
        let before = &all_states[i];
        let p = *before.position();
        let texts: Vec<String> = [NotationStyle::Compact, NotationStyle::Steps]
            .iter()
            .map(|&style| p.format_play(play, style))
            .collect();
        f.check("backgammon Position::parse_play", &texts, |s| {
            err(p.parse_play(s, dice, SingleDiePolicy::Standard))
        });
        let steps: Vec<_> = play.steps().to_vec();
        f.displayed("backgammon Step", &steps);
        if let Ok(board) = before.to_fibs_board(before.to_move(), ["alice", "bob"])
            && let Ok(text) = board.move_text(play)
        {
            f.check("backgammon FibsBoard::parse_move", &[text], |s| {
                err(board.parse_move(s, SingleDiePolicy::Standard))
            });
        }
    }
    assert!(plays > 5, "{plays} plays");
    f.displayed(
        "backgammon Dice",
        &[lattjo_backgammon::Dice::new(6, 3).expect("dice")],
    );
    f.displayed(
        "backgammon Label",
        &[lattjo_backgammon::Label::new(12, true).expect("a label")],
    );
    // A match: its context, and its .mat and SGF files as the crate writes them.
    let rules = lattjo_backgammon::mat::MATCH_RULES;
    let m = Match::new(
        Backgammon::new(rules).expect("valid"),
        MatchConfig::new(Some(1), None).expect("valid"),
    );
    let (mstates, mactions) = walk(&m, 2, 5_000);
    let contexts: Vec<_> = all_states
        .iter()
        .chain(mstates.iter().map(|s| s.round()))
        .filter_map(|s| s.match_context())
        .collect();
    if !contexts.is_empty() {
        f.displayed("backgammon MatchContext", &spread(&contexts, 3));
    }
    let players = || ["alice".to_owned(), "bob".to_owned()];
    let mat = lattjo_backgammon::mat::MatFile::record(&rules, 1, players(), &mactions)
        .expect("a recorded match")
        .write()
        .expect("written");
    f.check("backgammon MatFile", std::slice::from_ref(&mat), |s| {
        err(s.parse::<lattjo_backgammon::mat::MatFile>())
    });
    let sgf = lattjo_backgammon::sgf::SgfFile::record(&rules, 1, players(), &mactions)
        .expect("a recorded match")
        .write()
        .expect("written");
    f.check("backgammon SgfFile", &[sgf], |s| {
        err(s.parse::<lattjo_backgammon::sgf::SgfFile>())
    });
}

fn ludo_fields(f: &mut Fields) {
    use lattjo_ludo::{Action, Ludo, Rules};
    let game = Ludo::new(Rules::classic()).expect("a preset");
    let (states, actions) = walk(&game, 9, 300);
    let picked = spread(&states[40..], 4);
    f.displayed("ludo State", &picked);
    let texts: Vec<String> = picked.iter().map(ToString::to_string).collect();
    f.check("ludo Ludo::state_from_str", &texts, |s| {
        err(game.state_from_str(s))
    });
    let positions: Vec<_> = picked.iter().map(|s| *s.position()).collect();
    f.displayed("ludo Position", &positions);
    f.displayed("ludo Action", &spread(&actions, 8));
    f.displayed(
        "ludo Record<Action>",
        &[boardgame_core::Record {
            seed: 9,
            actions: actions[..12].to_vec(),
        }],
    );
    let mut moves = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        if let Action::Move(m) = a {
            if moves.len() % 10 == 3 {
                let s = states[i];
                f.check("ludo Ludo::parse_move", &[m.to_string()], |t| {
                    err(game.parse_move(&s, t))
                });
            }
            moves.push(*m);
        }
    }
    f.displayed("ludo Move", &spread(&moves, 8));
    f.parsed::<lattjo_ludo::Seats>("ludo Seats", &["RY", "RGYB"]);
    f.displayed("ludo Geometry", &[Rules::classic().geometry]);
    f.displayed("ludo ReleaseRolls", &[Rules::classic().release_rolls]);
    f.displayed("ludo SafeDots", &[lattjo_ludo::SafeDots::LUDO_KING]);
}

fn dominoes_fields(f: &mut Fields) {
    use boardgame_core::Game;
    use lattjo_dominoes::{Dominoes, Layout, RoundRecord, Rules};
    let game = Dominoes::new(Rules::lattjo()).expect("a preset");
    let (states, actions) = walk(&game, 4, 200);
    let layouts: Vec<Layout> = spread(&states, 5).iter().map(|s| *s.layout()).collect();
    f.displayed("dominoes Layout", &layouts);
    f.check(
        "dominoes Layout::parse_in_set",
        &layouts.iter().map(ToString::to_string).collect::<Vec<_>>(),
        |s| err(Layout::parse_in_set(s, 6)),
    );
    let hands: Vec<_> = (0..game.num_players() as u8)
        .filter_map(|seat| states[10].hand(boardgame_core::Seat::new(seat)))
        .collect();
    f.displayed("dominoes Tiles", &hands);
    f.displayed("dominoes Action", &spread(&actions, 8));
    f.displayed(
        "dominoes RoundRecord",
        &[RoundRecord {
            actions: actions[..actions.len().min(40)].to_vec(),
        }],
    );
    f.displayed(
        "dominoes Record<Action>",
        &[boardgame_core::Record {
            seed: 4,
            actions: actions[..12].to_vec(),
        }],
    );
    f.displayed("dominoes End", &lattjo_dominoes::End::ALL);
}

fn stroke_game_fields(f: &mut Fields) {
    let carrom = lattjo_carrom::Carrom::new(lattjo_carrom::Rules::icf()).expect("a preset");
    let (_, actions) = walk(&carrom, 2, 6);
    f.displayed("carrom Action", &actions);
    let strokes: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            lattjo_carrom::Action::Strike(_, s) => Some(*s),
            _ => None,
        })
        .collect();
    f.displayed("carrom Stroke", &strokes);
    f.displayed(
        "carrom Record<Action>",
        &[boardgame_core::Record { seed: 2, actions }],
    );
    let novuss =
        lattjo_disc_billiards::Novuss::new(lattjo_disc_billiards::Rules::lnf()).expect("a preset");
    let (_, actions) = walk(&novuss, 2, 6);
    f.displayed("disc-billiards Action", &actions);
    let strokes: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            lattjo_disc_billiards::Action::Strike(_, s) => Some(*s),
            _ => None,
        })
        .collect();
    f.displayed("disc-billiards Stroke", &strokes);
    f.parsed::<lattjo_disc_billiards::Side>("disc-billiards Side", &["side B"]);
    f.parsed::<lattjo_disc_billiards::Compass>("disc-billiards Compass", &["west"]);
    f.parsed::<lattjo_disc_billiards::DiscId>("disc-billiards DiscId", &["disc 7"]);
    f.parsed::<lattjo_disc_billiards::Conduct>("disc-billiards Conduct", &["double stroke"]);
    f.parsed::<lattjo_disc_billiards::Foul>("disc-billiards Foul", &["F4 dark disc"]);
    f.displayed(
        "disc-billiards Record<Action>",
        &[boardgame_core::Record { seed: 2, actions }],
    );
}

fn core_fields(f: &mut Fields) {
    use boardgame_core::race::{Race, RaceRules};
    let game = Race::new(RaceRules::standard().with_players(4).with_hand(3)).expect("valid");
    let (_, actions) = walk(&game, 1, 40);
    f.displayed("race RaceAction", &spread(&actions, 8));
    f.displayed(
        "race Record<RaceAction>",
        &[boardgame_core::Record {
            seed: 1,
            actions: actions[..20].to_vec(),
        }],
    );
    f.displayed("core Seat", &[boardgame_core::Seat::new(3)]);
    f.parsed::<boardgame_core::Shape>("core Shape", &["20x8x8"]);
    // The one-word types of the games.
    f.parsed::<lattjo_backgammon::Side>("backgammon Side", &["white", "black"]);
    f.parsed::<lattjo_chess::Square>("chess Square", &["e4"]);
    f.parsed::<lattjo_chess::File>("chess File", &["e"]);
    f.parsed::<lattjo_chess::Rank>("chess Rank", &["4"]);
    f.parsed::<lattjo_chess::Color>("chess Color", &["white", "w"]);
    f.parsed::<lattjo_dominoes::Tile>("dominoes Tile", &["6-4"]);
    f.parsed::<lattjo_dominoes::Side>("dominoes Side", &["down"]);
    f.displayed("ludo Die", &lattjo_ludo::Die::ALL);
    f.displayed("ludo Colour", &lattjo_ludo::Colour::ALL);
}
