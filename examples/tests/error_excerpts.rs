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
