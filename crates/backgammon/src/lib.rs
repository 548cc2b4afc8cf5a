//! Backgammon (WIP).

mod board;
mod ids;
mod movegen;

pub use board::{
    BAR, CHECKERS, Label, LabelError, OFF, Point, Position, PositionError, PositionSetup, Side,
};
pub use ids::{
    IdGameState, MatchId, MatchIdError, PositionIdError, ResignLevel, XgDice, Xgid, XgidError,
};
pub use movegen::{Dice, Play, PlayList, SingleDiePolicy, Step, StepError, perft, perft_divide};
