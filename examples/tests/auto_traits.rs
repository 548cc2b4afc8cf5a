//! The auto traits of every type the crates export at their roots.
//!
//! Game servers share a game value between threads and move states, actions and errors
//! across them (`Send`, `Sync`), box errors as `Box<dyn Error + Send + Sync>`, and catch a
//! panic around a call (`UnwindSafe`). None of this is written in a signature: a type gets
//! these traits from its fields, and loses them silently when a field changes (an `Rc`, a
//! `Cell`, a raw pointer), which would break every user who relied on them. This test names
//! them, so that losing one is a compile error here instead.

use boardgame_core::Game;
use std::panic::{RefUnwindSafe, UnwindSafe};

/// Compiles only for a type with every auto trait a library value should keep.
fn auto<T: Send + Sync + Unpin + UnwindSafe + RefUnwindSafe + 'static>() {}

#[test]
fn every_exported_type_is_send_sync_unpin_and_unwind_safe() {
    // The generic ones, at the types a user has.
    auto::<boardgame_core::BySeat<f64>>();
    auto::<lattjo_chess::ByColor<u64>>();
    auto::<lattjo_ludo::ByColour<u8>>();
    auto::<lattjo_draughts::PdnReader<&'static [u8]>>();
    auto::<lattjo_draughts::PdnReader<std::io::BufReader<std::fs::File>>>();
    auto::<boardgame_core::RoundContext<'static, lattjo_dominoes::State>>();
    // boardgame_core
    auto::<boardgame_core::RandomAgent>();
    auto::<boardgame_core::race::ParseRaceActionError>();
    auto::<boardgame_core::MatchConfig>();
    auto::<boardgame_core::MatchConfigError>();
    auto::<boardgame_core::BufferSizeError>();
    auto::<boardgame_core::Shape>();
    auto::<boardgame_core::ParseShapeError>();
    auto::<boardgame_core::ResumeError>();
    auto::<boardgame_core::IsMcts>();
    auto::<boardgame_core::Mcts>();
    auto::<boardgame_core::MctsConfig>();
    auto::<boardgame_core::GameRng>();
    auto::<boardgame_core::Returns>();
    auto::<boardgame_core::Seat>();
    auto::<boardgame_core::SeatError>();
    auto::<boardgame_core::ParseSeatError>();
    auto::<boardgame_core::Turn>();
    // disc_physics
    auto::<disc_physics::DiscId>();
    auto::<disc_physics::DiscKind>();
    auto::<disc_physics::DiscState>();
    auto::<disc_physics::DiscStatus>();
    auto::<disc_physics::KindError>();
    auto::<disc_physics::ParseIdError>();
    auto::<disc_physics::Event>();
    auto::<disc_physics::EventError>();
    auto::<disc_physics::EventKind>();
    auto::<disc_physics::NoEvents>();
    auto::<disc_physics::SolverStats>();
    auto::<disc_physics::StepProfile>();
    auto::<disc_physics::SvgOptions>();
    auto::<disc_physics::CushionId>();
    auto::<disc_physics::Params>();
    auto::<disc_physics::Pocket>();
    auto::<disc_physics::PocketId>();
    auto::<disc_physics::Table>();
    auto::<disc_physics::TableError>();
    auto::<disc_physics::Wall>();
    auto::<disc_physics::Trajectory>();
    auto::<disc_physics::SnapshotError>();
    auto::<disc_physics::ConfigError>();
    auto::<disc_physics::PlaceError>();
    auto::<disc_physics::RemoveError>();
    auto::<disc_physics::RunSummary>();
    auto::<disc_physics::StepConfig>();
    auto::<disc_physics::StrikeError>();
    auto::<disc_physics::World>();
    // lattjo_chess
    auto::<lattjo_chess::Bitboard>();
    auto::<lattjo_chess::Board>();
    auto::<lattjo_chess::BoardError>();
    auto::<lattjo_chess::ParseBoardError>();
    auto::<lattjo_chess::EpMode>();
    auto::<lattjo_chess::FenError>();
    auto::<lattjo_chess::Action>();
    auto::<lattjo_chess::ParseActionError>();
    auto::<lattjo_chess::Chess>();
    auto::<lattjo_chess::DrawClaims>();
    auto::<lattjo_chess::PlayError>();
    auto::<lattjo_chess::Rules>();
    auto::<lattjo_chess::RulesError>();
    auto::<lattjo_chess::State>();
    auto::<lattjo_chess::StateError>();
    auto::<lattjo_chess::MoveList>();
    auto::<lattjo_chess::DrawReason>();
    auto::<lattjo_chess::GameResult>();
    auto::<lattjo_chess::Outcome>();
    auto::<lattjo_chess::ParseGameResultError>();
    auto::<lattjo_chess::WinReason>();
    auto::<lattjo_chess::CastlingMode>();
    auto::<lattjo_chess::IllegalMoveError>();
    auto::<lattjo_chess::Move>();
    auto::<lattjo_chess::Position>();
    auto::<lattjo_chess::SanError>();
    auto::<lattjo_chess::PositionError>();
    auto::<lattjo_chess::PositionErrorKind>();
    auto::<lattjo_chess::Setup>();
    auto::<lattjo_chess::CastlingSide>();
    auto::<lattjo_chess::Color>();
    auto::<lattjo_chess::File>();
    auto::<lattjo_chess::ParseColorError>();
    auto::<lattjo_chess::ParseFileError>();
    auto::<lattjo_chess::ParseRankError>();
    auto::<lattjo_chess::ParseSquareError>();
    auto::<lattjo_chess::Piece>();
    auto::<lattjo_chess::Rank>();
    auto::<lattjo_chess::Role>();
    auto::<lattjo_chess::Square>();
    auto::<lattjo_chess::UciError>();
    auto::<lattjo_chess::UciMove>();
    auto::<lattjo_chess::UciPosition>();
    auto::<lattjo_chess::UciPositionError>();
    // lattjo_draughts
    auto::<lattjo_draughts::FenError>();
    auto::<lattjo_draughts::Action>();
    auto::<lattjo_draughts::ParseActionError>();
    auto::<lattjo_draughts::CapturesError>();
    auto::<lattjo_draughts::Draughts>();
    auto::<lattjo_draughts::DrawReason>();
    auto::<lattjo_draughts::Draws>();
    auto::<lattjo_draughts::FirstSeatError>();
    auto::<lattjo_draughts::Outcome>();
    auto::<lattjo_draughts::PlayError>();
    auto::<lattjo_draughts::Rules>();
    auto::<lattjo_draughts::RulesError>();
    auto::<lattjo_draughts::State>();
    auto::<lattjo_draughts::StateError>();
    auto::<lattjo_draughts::WinReason>();
    auto::<lattjo_draughts::KingMoves>();
    auto::<lattjo_draughts::Move>();
    auto::<lattjo_draughts::MoveError>();
    auto::<lattjo_draughts::ParseMoveError>();
    auto::<lattjo_draughts::MoveTextError>();
    auto::<lattjo_draughts::GameResult>();
    auto::<lattjo_draughts::PdnError>();
    auto::<lattjo_draughts::PdnErrorKind>();
    auto::<lattjo_draughts::PdnGame>();
    auto::<lattjo_draughts::ResultError>();
    auto::<lattjo_draughts::TagError>();
    auto::<lattjo_draughts::IllegalMoveError>();
    auto::<lattjo_draughts::Position>();
    auto::<lattjo_draughts::PositionError>();
    auto::<lattjo_draughts::Setup>();
    auto::<lattjo_draughts::Color>();
    auto::<lattjo_draughts::Piece>();
    auto::<lattjo_draughts::Role>();
    auto::<lattjo_draughts::Square>();
    auto::<lattjo_draughts::SquareError>();
    // lattjo_backgammon
    auto::<lattjo_backgammon::Label>();
    auto::<lattjo_backgammon::LabelError>();
    auto::<lattjo_backgammon::Point>();
    auto::<lattjo_backgammon::PointError>();
    auto::<lattjo_backgammon::Position>();
    auto::<lattjo_backgammon::PositionError>();
    auto::<lattjo_backgammon::PositionSetup>();
    auto::<lattjo_backgammon::Side>();
    auto::<lattjo_backgammon::SideError>();
    auto::<lattjo_backgammon::ParseSideError>();
    auto::<lattjo_backgammon::ParsePositionError>();
    auto::<lattjo_backgammon::Action>();
    auto::<lattjo_backgammon::Backgammon>();
    auto::<lattjo_backgammon::MatchContext>();
    auto::<lattjo_backgammon::MatchContextError>();
    auto::<lattjo_backgammon::ParseMatchContextError>();
    auto::<lattjo_backgammon::Outcome>();
    auto::<lattjo_backgammon::OtherRulesError>();
    auto::<lattjo_backgammon::Phase>();
    auto::<lattjo_backgammon::PlayError>();
    auto::<lattjo_backgammon::Rules>();
    auto::<lattjo_backgammon::RulesError>();
    auto::<lattjo_backgammon::State>();
    auto::<lattjo_backgammon::StateError>();
    auto::<lattjo_backgammon::StateSetup>();
    auto::<lattjo_backgammon::WinKind>();
    auto::<lattjo_backgammon::GnubgId>();
    auto::<lattjo_backgammon::GnubgIdError>();
    auto::<lattjo_backgammon::IdGameState>();
    auto::<lattjo_backgammon::MatchId>();
    auto::<lattjo_backgammon::MatchIdError>();
    auto::<lattjo_backgammon::MatchIdSetup>();
    auto::<lattjo_backgammon::PositionIdError>();
    auto::<lattjo_backgammon::ResignLevel>();
    auto::<lattjo_backgammon::ToXgidError>();
    auto::<lattjo_backgammon::XgDice>();
    auto::<lattjo_backgammon::Xgid>();
    auto::<lattjo_backgammon::XgidError>();
    auto::<lattjo_backgammon::XgidSetup>();
    auto::<lattjo_backgammon::ImportError>();
    auto::<lattjo_backgammon::ObservationKind>();
    auto::<lattjo_backgammon::Dice>();
    auto::<lattjo_backgammon::DiceError>();
    auto::<lattjo_backgammon::Play>();
    auto::<lattjo_backgammon::PlayList>();
    auto::<lattjo_backgammon::SingleDiePolicy>();
    auto::<lattjo_backgammon::Step>();
    auto::<lattjo_backgammon::StepError>();
    auto::<lattjo_backgammon::StepRangeError>();
    auto::<lattjo_backgammon::TooManySteps>();
    auto::<lattjo_backgammon::NotationError>();
    auto::<lattjo_backgammon::NotationStyle>();
    auto::<lattjo_backgammon::ParseActionError>();
    auto::<lattjo_backgammon::ParseDiceError>();
    auto::<lattjo_backgammon::ParseStepError>();
    // lattjo_ludo
    auto::<lattjo_ludo::Colour>();
    auto::<lattjo_ludo::ParseColourError>();
    auto::<lattjo_ludo::Seats>();
    auto::<lattjo_ludo::SeatsError>();
    auto::<lattjo_ludo::Die>();
    auto::<lattjo_ludo::DieError>();
    auto::<lattjo_ludo::ParseDieError>();
    auto::<lattjo_ludo::Ludo>();
    auto::<lattjo_ludo::ParseLegalMoveError>();
    auto::<lattjo_ludo::ParseStateError>();
    auto::<lattjo_ludo::PlayError>();
    auto::<lattjo_ludo::State>();
    auto::<lattjo_ludo::StateError>();
    auto::<lattjo_ludo::ObservationKind>();
    auto::<lattjo_ludo::Action>();
    auto::<lattjo_ludo::Move>();
    auto::<lattjo_ludo::MoveKind>();
    auto::<lattjo_ludo::ParseActionError>();
    auto::<lattjo_ludo::ParseMoveError>();
    auto::<lattjo_ludo::Dot>();
    auto::<lattjo_ludo::DotError>();
    auto::<lattjo_ludo::Opening>();
    auto::<lattjo_ludo::PlaceError>();
    auto::<lattjo_ludo::Places>();
    auto::<lattjo_ludo::Position>();
    auto::<lattjo_ludo::PositionError>();
    auto::<lattjo_ludo::Finish>();
    auto::<lattjo_ludo::Geometry>();
    auto::<lattjo_ludo::GeometryError>();
    auto::<lattjo_ludo::Overshoot>();
    auto::<lattjo_ludo::ParseGeometryError>();
    auto::<lattjo_ludo::ParseReleaseRollsError>();
    auto::<lattjo_ludo::ParseRulesError>();
    auto::<lattjo_ludo::ParseSafeDotsError>();
    auto::<lattjo_ludo::Preset>();
    auto::<lattjo_ludo::ReleaseRolls>();
    auto::<lattjo_ludo::ReleaseRollsError>();
    auto::<lattjo_ludo::Rules>();
    auto::<lattjo_ludo::RulesError>();
    auto::<lattjo_ludo::SixRelease>();
    // lattjo_dominoes
    auto::<lattjo_dominoes::Action>();
    auto::<lattjo_dominoes::ParseActionError>();
    auto::<lattjo_dominoes::Dominoes>();
    auto::<lattjo_dominoes::PlayError>();
    auto::<lattjo_dominoes::RoundEnd>();
    auto::<lattjo_dominoes::RoundResult>();
    auto::<lattjo_dominoes::Setup>();
    auto::<lattjo_dominoes::SetupError>();
    auto::<lattjo_dominoes::State>();
    auto::<lattjo_dominoes::StateError>();
    auto::<lattjo_dominoes::InSet>();
    auto::<lattjo_dominoes::Layout>();
    auto::<lattjo_dominoes::ParseLayoutError>();
    auto::<lattjo_dominoes::PlaceError>();
    auto::<lattjo_dominoes::ObservationKind>();
    auto::<lattjo_dominoes::ParseRoundError>();
    auto::<lattjo_dominoes::ReplayRoundError>();
    auto::<lattjo_dominoes::RoundRecord>();
    auto::<lattjo_dominoes::BlockedTie>();
    auto::<lattjo_dominoes::DrawRule>();
    auto::<lattjo_dominoes::NextRoundLeader>();
    auto::<lattjo_dominoes::NoDouble>();
    auto::<lattjo_dominoes::Rules>();
    auto::<lattjo_dominoes::RulesError>();
    auto::<lattjo_dominoes::ScoreBasis>();
    auto::<lattjo_dominoes::Scoring>();
    auto::<lattjo_dominoes::SpinnerRule>();
    auto::<lattjo_dominoes::Group>();
    auto::<lattjo_dominoes::Shown>();
    auto::<lattjo_dominoes::End>();
    auto::<lattjo_dominoes::ParseEndError>();
    auto::<lattjo_dominoes::ParseTileError>();
    auto::<lattjo_dominoes::ParseTilesError>();
    auto::<lattjo_dominoes::Side>();
    auto::<lattjo_dominoes::ParseSideError>();
    auto::<lattjo_dominoes::Tile>();
    auto::<lattjo_dominoes::Tiles>();
    auto::<lattjo_dominoes::Step>();
    auto::<lattjo_dominoes::View>();
    // lattjo_carrom
    auto::<lattjo_carrom::AimedShot>();
    auto::<lattjo_carrom::Action>();
    auto::<lattjo_carrom::ParseActionError>();
    auto::<lattjo_carrom::Call>();
    auto::<lattjo_carrom::Carrom>();
    auto::<lattjo_carrom::DueChoice>();
    auto::<lattjo_carrom::PlayError>();
    auto::<lattjo_carrom::Side>();
    auto::<lattjo_carrom::CarromGame>();
    auto::<lattjo_carrom::Planner>();
    auto::<lattjo_carrom::PlannerConfig>();
    auto::<lattjo_carrom::EventsError>();
    auto::<lattjo_carrom::Outcome>();
    auto::<lattjo_carrom::Resolution>();
    auto::<lattjo_carrom::BoardEndScoring>();
    auto::<lattjo_carrom::BothLastPieces>();
    auto::<lattjo_carrom::BreakRotation>();
    auto::<lattjo_carrom::NoiseModel>();
    auto::<lattjo_carrom::PenaltyPoints>();
    auto::<lattjo_carrom::QueenWithFirstPiece>();
    auto::<lattjo_carrom::Rules>();
    auto::<lattjo_carrom::RulesError>();
    auto::<lattjo_carrom::TieAfterMaxBoards>();
    auto::<lattjo_carrom::TurnDirection>();
    auto::<lattjo_carrom::PhysicsConfig>();
    auto::<lattjo_carrom::PhysicsConfigError>();
    auto::<lattjo_carrom::PhysicsError>();
    auto::<lattjo_carrom::BoardEnd>();
    auto::<lattjo_carrom::BoardResult>();
    auto::<lattjo_carrom::Colour>();
    auto::<lattjo_carrom::Phase>();
    auto::<lattjo_carrom::Piece>();
    auto::<lattjo_carrom::PieceError>();
    auto::<lattjo_carrom::QueenState>();
    auto::<lattjo_carrom::Setup>();
    auto::<lattjo_carrom::SetupError>();
    auto::<lattjo_carrom::State>();
    auto::<lattjo_carrom::Noise>();
    auto::<lattjo_carrom::NoiseError>();
    auto::<lattjo_carrom::ParseStrokeError>();
    auto::<lattjo_carrom::Stroke>();
    auto::<lattjo_carrom::StrokeError>();
    auto::<lattjo_carrom::StrokeTrace>();
    // lattjo_disc_billiards
    auto::<lattjo_disc_billiards::Call>();
    auto::<lattjo_disc_billiards::CallError>();
    auto::<lattjo_disc_billiards::CallReport>();
    auto::<lattjo_disc_billiards::Conduct>();
    auto::<lattjo_disc_billiards::ParseConductError>();
    auto::<lattjo_disc_billiards::Disc>();
    auto::<lattjo_disc_billiards::DiscId>();
    auto::<lattjo_disc_billiards::ParseDiscIdError>();
    auto::<lattjo_disc_billiards::Side>();
    auto::<lattjo_disc_billiards::ParseSideError>();
    auto::<lattjo_disc_billiards::Action>();
    auto::<lattjo_disc_billiards::ParseActionError>();
    auto::<lattjo_disc_billiards::Novuss>();
    auto::<lattjo_disc_billiards::PlayError>();
    auto::<lattjo_disc_billiards::WeakPlayer>();
    auto::<lattjo_disc_billiards::Compass>();
    auto::<lattjo_disc_billiards::ParseCompassError>();
    auto::<lattjo_disc_billiards::Dimensions>();
    auto::<lattjo_disc_billiards::Body>();
    auto::<lattjo_disc_billiards::Foul>();
    auto::<lattjo_disc_billiards::ParseFoulError>();
    auto::<lattjo_disc_billiards::Fouls>();
    auto::<lattjo_disc_billiards::Outcome>();
    auto::<lattjo_disc_billiards::OutcomeError>();
    auto::<lattjo_disc_billiards::Penalty>();
    auto::<lattjo_disc_billiards::Resolution>();
    auto::<lattjo_disc_billiards::StrokeEvent>();
    auto::<lattjo_disc_billiards::StrokeKind>();
    auto::<lattjo_disc_billiards::TurnLoss>();
    auto::<lattjo_disc_billiards::TurnLosses>();
    auto::<lattjo_disc_billiards::UnknownBits>();
    auto::<lattjo_disc_billiards::Planner>();
    auto::<lattjo_disc_billiards::PlannerConfig>();
    auto::<lattjo_disc_billiards::DebtSettlement>();
    auto::<lattjo_disc_billiards::DirectAtDark>();
    auto::<lattjo_disc_billiards::NextSetStarter>();
    auto::<lattjo_disc_billiards::NoiseModel>();
    auto::<lattjo_disc_billiards::OffTablePlacement>();
    auto::<lattjo_disc_billiards::OwnDiscOffTable>();
    auto::<lattjo_disc_billiards::PairDiscs>();
    auto::<lattjo_disc_billiards::PlacementTest>();
    auto::<lattjo_disc_billiards::PuckReturnRule>();
    auto::<lattjo_disc_billiards::Rules>();
    auto::<lattjo_disc_billiards::RulesError>();
    auto::<lattjo_disc_billiards::SideReboundToDark>();
    auto::<lattjo_disc_billiards::TechniqueBreach>();
    auto::<lattjo_disc_billiards::Candidate>();
    auto::<lattjo_disc_billiards::ShotKind>();
    auto::<lattjo_disc_billiards::PhysicsConfig>();
    auto::<lattjo_disc_billiards::PhysicsConfigError>();
    auto::<lattjo_disc_billiards::PhysicsError>();
    auto::<lattjo_disc_billiards::SimScratch>();
    auto::<lattjo_disc_billiards::Setup>();
    auto::<lattjo_disc_billiards::SetupError>();
    auto::<lattjo_disc_billiards::State>();
    auto::<lattjo_disc_billiards::Status>();
    auto::<lattjo_disc_billiards::Noise>();
    auto::<lattjo_disc_billiards::ParseStrokeError>();
    auto::<lattjo_disc_billiards::Stroke>();
    auto::<lattjo_disc_billiards::StrokeError>();
    auto::<lattjo_disc_billiards::StrokeTrace>();
}

/// A game value and every type the core builds over it: its state, action and error, a
/// played game, a driver's error, a match and its state, a search's result, a record and
/// its replay error, and the error of a record's text.
macro_rules! game_types {
    ($($g:ty),* $(,)?) => {$(
        auto::<$g>();
        auto::<<$g as Game>::State>();
        auto::<<$g as Game>::Action>();
        auto::<<$g as Game>::Error>();
        auto::<boardgame_core::Played<$g>>();
        auto::<boardgame_core::PlayError<<$g as Game>::Error>>();
        auto::<boardgame_core::Match<$g>>();
        auto::<boardgame_core::MatchState<<$g as Game>::State>>();
        auto::<boardgame_core::SearchResult<<$g as Game>::Action>>();
        auto::<boardgame_core::Record<<$g as Game>::Action>>();
        auto::<boardgame_core::ReplayError<<$g as Game>::Error>>();
        auto::<boardgame_core::ParseRecordError<<<$g as Game>::Action as core::str::FromStr>::Err>>();
    )*};
}

#[test]
fn every_game_and_what_the_core_builds_over_it_is_send_sync_unpin_and_unwind_safe() {
    game_types!(
        boardgame_core::race::Race,
        lattjo_chess::Chess,
        lattjo_draughts::Draughts,
        lattjo_backgammon::Backgammon,
        lattjo_ludo::Ludo,
        lattjo_dominoes::Dominoes,
        lattjo_carrom::Carrom,
        lattjo_disc_billiards::Novuss,
    );
}
