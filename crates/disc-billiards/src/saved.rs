//! A self-contained snapshot of a game: its rules and its position, validated on the way in
//! (with the `serde` feature, deserialization goes through the same check).

use crate::Novuss;
use crate::position::{Position, PositionError, Setup};
use crate::rules::{Rules, RulesError};

/// The plain data of a [`SavedGame`]: rules and an unvalidated setup.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SavedGameData {
    /// The rule set.
    pub rules: Rules,
    /// The table.
    pub setup: Setup,
}

/// A game and a position valid under its rules.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Rules, SavedGame};
/// let game = Novuss::new(Rules::booklet())?;
/// let saved = SavedGame::new(&game, &game.start());
/// let data = saved.data();
/// let back = SavedGame::try_from(data)?;
/// assert_eq!(back.position().to_setup(), game.start().to_setup());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "SavedGameData", into = "SavedGameData")
)]
pub struct SavedGame {
    game: Novuss,
    position: Position,
}

/// Why a [`SavedGameData`] is not a valid game.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SavedGameError {
    /// The rules do not fit together.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    /// The setup is not a valid position under the rules.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
}

impl SavedGame {
    /// A snapshot of `position` under `game`'s rules.
    #[must_use]
    pub fn new(game: &Novuss, position: &Position) -> SavedGame {
        SavedGame {
            game: game.clone(),
            position: position.clone(),
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Novuss {
        &self.game
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The plain data.
    #[must_use]
    pub fn data(&self) -> SavedGameData {
        SavedGameData {
            rules: *self.game.rules(),
            setup: self.position.to_setup(),
        }
    }
}

impl TryFrom<SavedGameData> for SavedGame {
    type Error = SavedGameError;
    fn try_from(data: SavedGameData) -> Result<SavedGame, SavedGameError> {
        let game = Novuss::new(data.rules)?;
        let position = game.position(&data.setup)?;
        Ok(SavedGame { game, position })
    }
}

impl From<SavedGame> for SavedGameData {
    fn from(saved: SavedGame) -> SavedGameData {
        saved.data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;

    #[test]
    fn invariant10_reload_validates_and_round_trips() {
        let game = Novuss::new(Rules::booklet_pairs()).unwrap();
        let mut pos = game.start();
        game.play(
            &mut pos,
            &crate::Stroke::new(Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0),
        )
        .unwrap();
        let data = SavedGame::new(&game, &pos).data();
        let back = SavedGame::try_from(data.clone()).unwrap();
        assert_eq!(back.data(), data);
        assert_eq!(back.position().to_setup(), pos.to_setup());
        // A corrupted snapshot is refused with the reason.
        let mut bad = data.clone();
        bad.setup.discs[1].at = Some(Vec2::new(5.0, 0.0));
        assert!(matches!(
            SavedGame::try_from(bad),
            Err(SavedGameError::Position(PositionError::OffTable(_)))
        ));
        let mut bad = data;
        bad.rules.players = 3;
        assert!(matches!(
            SavedGame::try_from(bad),
            Err(SavedGameError::Rules(RulesError::Players(3)))
        ));
    }
}
