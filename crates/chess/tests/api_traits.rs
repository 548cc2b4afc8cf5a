//! What the Rust API Guidelines ask of `lattjo-chess`'s public types, checked where a user
//! relies on it.
//!
//! C-SEND-SYNC: a game server shares values between threads and moves them across, and a
//! type loses `Send` or `Sync` silently when a field changes (an `Rc`, a `Cell`), which
//! would break those users. Every public type of the crate is named below, at the types a
//! user has for the generic ones, so that such a change fails to compile here.
//! C-GOOD-ERR: every error type is a `std::error::Error` that a user can box
//! (`Send + Sync + 'static`), print, clone and compare in a test.
//! The `regression_*` tests pin traits that were missing (C-COMMON-TRAITS, C-SERDE).

use std::fmt::{Debug, Display};

/// Compiles only for a type that can be sent to and shared with another thread.
fn send_sync<T: Send + Sync>() {}

/// Compiles only for an error type as C-GOOD-ERR describes it.
fn good_error<
    T: std::error::Error + Debug + Display + Clone + PartialEq + Send + Sync + 'static,
>() {
}

#[test]
fn every_public_type_is_send_and_sync() {
    send_sync::<lattjo_chess::Action>();
    send_sync::<lattjo_chess::Bitboard>();
    send_sync::<lattjo_chess::Board>();
    send_sync::<lattjo_chess::BoardError>();
    send_sync::<lattjo_chess::ByColor<u8>>();
    send_sync::<lattjo_chess::CastlingMode>();
    send_sync::<lattjo_chess::CastlingSide>();
    send_sync::<lattjo_chess::Chess>();
    send_sync::<lattjo_chess::ClaimableMoves<'static>>();
    send_sync::<lattjo_chess::Color>();
    send_sync::<lattjo_chess::DrawClaims>();
    send_sync::<lattjo_chess::DrawReason>();
    send_sync::<lattjo_chess::EpMode>();
    send_sync::<lattjo_chess::FenError>();
    send_sync::<lattjo_chess::File>();
    send_sync::<lattjo_chess::GameResult>();
    send_sync::<lattjo_chess::IllegalMoveError>();
    send_sync::<lattjo_chess::Move>();
    send_sync::<lattjo_chess::MoveList>();
    send_sync::<lattjo_chess::Outcome>();
    send_sync::<lattjo_chess::ParseColorError>();
    send_sync::<lattjo_chess::ParseFileError>();
    send_sync::<lattjo_chess::ParseGameResultError>();
    send_sync::<lattjo_chess::ParseRankError>();
    send_sync::<lattjo_chess::ParseSquareError>();
    send_sync::<lattjo_chess::Piece>();
    send_sync::<lattjo_chess::PlayError>();
    send_sync::<lattjo_chess::Position>();
    send_sync::<lattjo_chess::PositionError>();
    send_sync::<lattjo_chess::PositionErrorKind>();
    send_sync::<lattjo_chess::Rank>();
    send_sync::<lattjo_chess::Role>();
    send_sync::<lattjo_chess::Rules>();
    send_sync::<lattjo_chess::RulesError>();
    send_sync::<lattjo_chess::SanError>();
    send_sync::<lattjo_chess::Setup>();
    send_sync::<lattjo_chess::Square>();
    send_sync::<lattjo_chess::State>();
    send_sync::<lattjo_chess::StateError>();
    send_sync::<lattjo_chess::UciError>();
    send_sync::<lattjo_chess::UciMove>();
    send_sync::<lattjo_chess::UciPosition>();
    send_sync::<lattjo_chess::UciPositionError>();
    send_sync::<lattjo_chess::WinReason>();
    send_sync::<lattjo_chess::epd::Epd>();
    send_sync::<lattjo_chess::epd::EpdError>();
    send_sync::<lattjo_chess::epd::Operation>();
    send_sync::<lattjo_chess::epd::Value>();
    send_sync::<lattjo_chess::fen::Fen<'static>>();
    send_sync::<lattjo_chess::pgn::PgnError>();
    send_sync::<lattjo_chess::pgn::PgnErrorKind>();
    send_sync::<lattjo_chess::pgn::PgnGame>();
    send_sync::<lattjo_chess::pgn::PgnRead>();
    send_sync::<lattjo_chess::pgn::PgnReader<&'static [u8]>>();
    send_sync::<lattjo_chess::pgn::Variation>();
    send_sync::<lattjo_chess::pgn::commands::Command>();
    send_sync::<lattjo_chess::pgn::commands::CommandError>();
    send_sync::<lattjo_chess::pgn::commands::CommandErrorKind>();
    send_sync::<lattjo_chess::pgn::commands::Commands<'static>>();
    send_sync::<lattjo_chess::pgn::commands::Eval>();
    send_sync::<lattjo_chess::pgn::commands::MarkColor>();
    send_sync::<lattjo_chess::pgn::commands::PlyCommands>();
    send_sync::<lattjo_chess::pgn::commands::PlyOutOfRange>();
    send_sync::<lattjo_chess::pgn::commands::Score>();
    send_sync::<lattjo_chess::polyglot::Book<'static>>();
    send_sync::<lattjo_chess::polyglot::BookEntry>();
    send_sync::<lattjo_chess::polyglot::BookError>();
    send_sync::<lattjo_chess::polyglot::RawEntry>();
    send_sync::<lattjo_chess::san::San>();
    send_sync::<lattjo_chess::san::SanPlus>();
    send_sync::<lattjo_chess::san::Suffix>();
    send_sync::<lattjo_chess::svg::Options>();
    send_sync::<lattjo_chess::uci::BestMove>();
    send_sync::<lattjo_chess::uci::CurrLine>();
    send_sync::<lattjo_chess::uci::EngineMessage>();
    send_sync::<lattjo_chess::uci::EngineOption>();
    send_sync::<lattjo_chess::uci::Go>();
    send_sync::<lattjo_chess::uci::GuiCommand>();
    send_sync::<lattjo_chess::uci::Id>();
    send_sync::<lattjo_chess::uci::Info>();
    send_sync::<lattjo_chess::uci::LineError>();
    send_sync::<lattjo_chess::uci::OptionKind>();
    send_sync::<lattjo_chess::uci::Register>();
    send_sync::<lattjo_chess::uci::Score>();
    send_sync::<lattjo_chess::uci::ScoreBound>();
    send_sync::<lattjo_chess::uci::ScoreValue>();
    send_sync::<lattjo_chess::uci::SetOption>();
    send_sync::<lattjo_chess::uci::Status>();
    send_sync::<lattjo_chess::uci::UciMessageError>();
    send_sync::<lattjo_chess::uci::Wdl>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_chess::BoardError>();
    good_error::<lattjo_chess::FenError>();
    good_error::<lattjo_chess::IllegalMoveError>();
    good_error::<lattjo_chess::ParseColorError>();
    good_error::<lattjo_chess::ParseFileError>();
    good_error::<lattjo_chess::ParseGameResultError>();
    good_error::<lattjo_chess::ParseRankError>();
    good_error::<lattjo_chess::ParseSquareError>();
    good_error::<lattjo_chess::PlayError>();
    good_error::<lattjo_chess::PositionError>();
    good_error::<lattjo_chess::PositionErrorKind>();
    good_error::<lattjo_chess::RulesError>();
    good_error::<lattjo_chess::SanError>();
    good_error::<lattjo_chess::StateError>();
    good_error::<lattjo_chess::UciError>();
    good_error::<lattjo_chess::UciPositionError>();
    good_error::<lattjo_chess::epd::EpdError>();
    good_error::<lattjo_chess::pgn::PgnError>();
    good_error::<lattjo_chess::pgn::PgnErrorKind>();
    good_error::<lattjo_chess::pgn::commands::CommandError>();
    good_error::<lattjo_chess::pgn::commands::CommandErrorKind>();
    good_error::<lattjo_chess::pgn::commands::PlyOutOfRange>();
    good_error::<lattjo_chess::polyglot::BookError>();
    good_error::<lattjo_chess::uci::LineError>();
    good_error::<lattjo_chess::uci::UciMessageError>();
}

#[test]
fn regression_state_was_not_hash() {
    use lattjo_chess::{Action, Chess, Game, State};
    use std::collections::HashSet;
    let game = Chess::default();
    let mut state = game.new_initial_state();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        let m = state.position().parse_uci(uci).expect("a legal move");
        game.apply(&mut state, &Action::Move(m)).expect("legal");
    }
    let again = game
        .replay(state.start().clone(), state.moves())
        .expect("the same moves replay");
    let states: HashSet<State> = [state.clone(), again, game.new_initial_state(), state]
        .into_iter()
        .collect();
    assert_eq!(states.len(), 2);
}

#[test]
fn regression_chess_game_was_not_hash() {
    use lattjo_chess::{Chess, Rules};
    use std::collections::HashSet;
    let rules = Rules::default();
    let games: HashSet<Chess> = [
        Chess::default(),
        Chess::new(rules).expect("the default rules"),
        Chess::new(rules.with_auto_claim(!rules.auto_claim)).expect("the other claim setting"),
    ]
    .into_iter()
    .collect();
    assert_eq!(games.len(), 2);
}

#[test]
fn regression_move_list_was_not_eq_or_hash() {
    use lattjo_chess::{MoveList, Position};
    use std::collections::HashSet;
    let mut a = MoveList::new();
    Position::new().legal_moves_into(&mut a);
    let mut b = MoveList::new();
    // A list that held more moves before it was cleared compares by its moves alone.
    let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .expect("a FEN");
    kiwipete.legal_moves_into(&mut b);
    assert_ne!(a, b);
    b.clear();
    Position::new().legal_moves_into(&mut b);
    assert_eq!(a, b);
    let lists: HashSet<MoveList> = [a, b, MoveList::new()].into_iter().collect();
    assert_eq!(lists.len(), 2);
}

/// `File` wrote itself (`e`) but did not read itself back (C-CONV).
#[test]
fn regression_file_displayed_but_did_not_parse() {
    use lattjo_chess::File;
    for f in File::ALL {
        assert_eq!(f.to_string().parse::<File>(), Ok(f), "{f}");
    }
    for bad in ["", "E", "i", "e ", " e", "ee", "e4", "1", "\u{e9}"] {
        let e = bad.parse::<File>().expect_err(bad);
        assert_eq!(e.0, bad);
    }
    let long = "e".repeat(1 << 20);
    let e = long.parse::<File>().expect_err("a long text");
    assert!(e.0.chars().count() <= 70, "{e}");
}

/// `Rank` wrote itself (`4`) but did not read itself back (C-CONV).
#[test]
fn regression_rank_displayed_but_did_not_parse() {
    use lattjo_chess::Rank;
    for r in Rank::ALL {
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r), "{r}");
    }
    for bad in ["", "0", "9", "4 ", " 4", "44", "04", "+4", "e4", "\u{664}"] {
        let e = bad.parse::<Rank>().expect_err(bad);
        assert_eq!(e.0, bad);
    }
    let long = "4".repeat(1 << 20);
    let e = long.parse::<Rank>().expect_err("a long text");
    assert!(e.0.chars().count() <= 70, "{e}");
}

/// `Color` wrote itself (`white`, `black`) but did not read itself back (C-CONV).
#[test]
fn regression_color_displayed_but_did_not_parse() {
    use lattjo_chess::Color;
    for c in Color::ALL {
        assert_eq!(c.to_string().parse::<Color>(), Ok(c), "{c}");
    }
    for bad in [
        "",
        "White",
        "BLACK",
        "white ",
        " black",
        "w",
        "b",
        "whiteblack",
        "red",
    ] {
        let e = bad.parse::<Color>().expect_err(bad);
        assert_eq!(e.0, bad);
    }
    let long = "white".repeat(1 << 20);
    let e = long.parse::<Color>().expect_err("a long text");
    assert!(e.0.chars().count() <= 70, "{e}");
}
