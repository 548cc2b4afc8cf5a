//! Rule options and presets: the booklet's rules by default, the Latvian Novuss Federation's
//! rules and mini-novuss as presets built from the same orthogonal options.

use boardgame_core::Seat;

use crate::geometry::Dimensions;

/// How the puck's placement in the strike zone is judged (N3, B3, P2).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{PlacementTest, Novuss, Rules};
/// let rules = Rules::lattjo().with_placement_test(PlacementTest::LnfHoleInside);
/// assert_eq!(rules.placement_test, PlacementTest::LnfHoleInside);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PlacementTest {
    /// The booklet (default): the puck's centre is in the zone and a zone line (end line,
    /// side line or middle line) shows through its hole.
    LineVisible,
    /// The LNF test: the puck's hole lies wholly inside the zone, no boundary line showing,
    /// and the puck touches no disc (B3: a gap of more than a nanometre to every disc; the
    /// other tests allow a puck touching a disc, not one lying on it).
    LnfHoleInside,
    /// Mini-novuss: the puck's centre anywhere in the zone.
    Lenient,
}

/// Whether a dark disc may be hit after a cushion other than the opposite one (B6, P6).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{SideReboundToDark, Novuss, Rules};
/// let rules = Rules::lattjo().with_side_rebound_to_dark(SideReboundToDark::Allowed);
/// assert_eq!(rules.side_rebound_to_dark, SideReboundToDark::Allowed);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SideReboundToDark {
    /// Default: a dark disc touched before the puck touched the opposite cushion or a light
    /// disc is an F4 foul. Under [`DirectAtDark::Allowed`] (mini-novuss) the puck may strike
    /// dark discs directly, so it may also reach them after any cushion, and this option
    /// changes nothing.
    Foul,
    /// A side cushion, like the opposite one, makes dark discs fair once the puck has
    /// touched it (B6, P6: some federation summaries allow a side-cushion rebound). The
    /// striker's own cushion does not: it is neither the opposite cushion of N13(a) nor a
    /// side cushion.
    Allowed,
}

/// Whether the puck may hit a dark disc with a direct stroke (N11, F4).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{DirectAtDark, Novuss, Rules};
/// let rules = Rules::lattjo().with_direct_at_dark(DirectAtDark::Allowed);
/// assert_eq!(rules.direct_at_dark, DirectAtDark::Allowed);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DirectAtDark {
    /// Default: F4.
    Foul,
    /// Mini-novuss for young players: dark discs may be struck directly.
    Allowed,
}

/// What an own disc leaving the table costs (N7(c), B12).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{OwnDiscOffTable, Novuss, Rules};
/// let rules = Rules::lattjo().with_own_disc_off_table(OwnDiscOffTable::Foul);
/// assert_eq!(rules.own_disc_off_table, OwnDiscOffTable::Foul);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum OwnDiscOffTable {
    /// Default (booklet): the turn only.
    TurnLossOnly,
    /// LNF: a foul with a penalty disc.
    Foul,
}

/// Where a disc that left the table is put back (F5, B12, B13).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{OffTablePlacement, Novuss, Rules};
/// let rules = Rules::lattjo().with_off_table_placement(OffTablePlacement::OriginalSpot);
/// assert_eq!(rules.off_table_placement, OffTablePlacement::OriginalSpot);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum OffTablePlacement {
    /// The centre of the centre circle, or the circle's edge on the side where it left.
    CentreCircle,
    /// Where it stood before the stroke.
    OriginalSpot,
}

/// When a debt is paid (N10, B16).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{DebtSettlement, Novuss, Rules};
/// let rules = Rules::lattjo().with_debt_settlement(DebtSettlement::Immediate);
/// assert_eq!(rules.debt_settlement, DebtSettlement::Immediate);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DebtSettlement {
    /// Default: at the end of the debtor's turn.
    EndOfTurn,
    /// After every stroke of the debtor's side.
    Immediate,
}

/// When the puck's return into the striker's zone costs the turn (N7(e), B17).
///
/// The puck is back in the zone when its centre comes to rest inside it. The rules say only
/// "comes back into his strike zone"; the centre is a library decision, halfway between the
/// two hole tests of placement (B3: the booklet's, a zone line seen through the hole, and
/// the LNF's, the hole wholly inside).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{PuckReturnRule, Novuss, Rules};
/// let rules = Rules::lattjo().with_puck_return_rule(PuckReturnRule::DirectStrokeWithLightDiscs);
/// assert_eq!(rules.puck_return_rule, PuckReturnRule::DirectStrokeWithLightDiscs);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PuckReturnRule {
    /// Default (booklet): always.
    Always,
    /// novussadventure: only after a direct stroke while the striker has a light disc.
    DirectStrokeWithLightDiscs,
}

/// Whether a breach of technique flagged on a stroke is a foul (N4, B21).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{TechniqueBreach, Novuss, Rules};
/// let rules = Rules::lattjo().with_technique_breach(TechniqueBreach::Ignore);
/// assert_eq!(rules.technique_breach, TechniqueBreach::Ignore);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TechniqueBreach {
    /// Default: a foul (one penalty disc).
    Foul,
    /// No sanction.
    Ignore,
}

/// How many discs a pair has (N16, B19).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{PairDiscs, Rules};
/// let rules = Rules::lattjo().with_players(4).with_pair_discs(PairDiscs::EightPerPair);
/// assert_eq!(rules.discs_per_side(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PairDiscs {
    /// Default: every player has his own row, so a pair has twice the singles count.
    EightPerPlayer,
    /// A 16-disc set: each player's row has half the singles count.
    EightPerPair,
}

/// Who breaks the next set (B2).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{NextSetStarter, Novuss, Rules};
/// let rules = Rules::lattjo().with_next_set_starter(NextSetStarter::LoserStarts);
/// assert_eq!(rules.next_set_starter, NextSetStarter::LoserStarts);
/// assert!(Novuss::new(rules).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum NextSetStarter {
    /// Default: the first stroke alternates from set to set.
    Alternate,
    /// The loser of the previous set starts.
    LoserStarts,
}

/// The rule set: every option with its default from the booklet.
///
/// Build one from a preset, [`Rules::lattjo`] (the booklet, also `Default`), [`Rules::lnf`]
/// or [`Rules::mini`], and change options with the `with_*` builders (each takes the value:
/// `with_players(4)` for pairs). [`crate::Novuss::new`] validates the combination.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{PlacementTest, Rules};
/// let rules = Rules::lattjo().with_players(4); // pairs (N16)
/// assert_eq!(rules.placement_test, PlacementTest::LineVisible);
/// assert_eq!(rules.discs_per_side(), 16);
/// assert_eq!(Rules::lnf().placement_test, PlacementTest::LnfHoleInside);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rules {
    /// 2 (singles) or 4 (pairs) (N1, N16). Every preset: 2.
    pub players: usize,
    /// Discs in each player's starting row in singles (8, N2; mini-novuss 6).
    pub discs_per_player: u8,
    /// Pairs only: how many discs each pair has (B19). Every preset:
    /// [`PairDiscs::EightPerPlayer`].
    pub pair_discs: PairDiscs,
    /// The placement test (B3). Booklet [`PlacementTest::LineVisible`], LNF
    /// [`PlacementTest::LnfHoleInside`], mini-novuss [`PlacementTest::Lenient`].
    pub placement_test: PlacementTest,
    /// B6. Every preset: [`SideReboundToDark::Foul`].
    pub side_rebound_to_dark: SideReboundToDark,
    /// F4 for direct strokes. Booklet and LNF [`DirectAtDark::Foul`], mini-novuss
    /// [`DirectAtDark::Allowed`].
    pub direct_at_dark: DirectAtDark,
    /// B12. Booklet and mini-novuss [`OwnDiscOffTable::TurnLossOnly`], LNF
    /// [`OwnDiscOffTable::Foul`].
    pub own_disc_off_table: OwnDiscOffTable,
    /// Where an opponent's disc sent off by a direct stroke goes (F5). Booklet and
    /// mini-novuss [`OffTablePlacement::CentreCircle`], LNF [`OffTablePlacement::OriginalSpot`].
    pub direct_off_table_placement: OffTablePlacement,
    /// Where any other disc that left the table goes (B12, B13). Every preset:
    /// [`OffTablePlacement::CentreCircle`].
    pub off_table_placement: OffTablePlacement,
    /// B16. Every preset: [`DebtSettlement::EndOfTurn`].
    pub debt_settlement: DebtSettlement,
    /// B17. Every preset: [`PuckReturnRule::Always`].
    pub puck_return_rule: PuckReturnRule,
    /// B21. Every preset: [`TechniqueBreach::Foul`].
    pub technique_breach: TechniqueBreach,
    /// LNF (B22): the puck's first contact being a disc inside the striker's own zone is a
    /// foul. On in [`Rules::lnf`] only (so for each LNF option below).
    pub zone_contact_foul: bool,
    /// LNF competition rules (§5): a side that clears all its discs in the game's opening
    /// series does not win at once: the other side gets an answering series; if it clears
    /// too, the set is replayed with the first stroke swapped, otherwise the first side wins.
    /// In pairs, clearing in the opening series loses the set. With this option a foul on
    /// the stroke that pockets a side's last disc also loses the set.
    pub opening_equaliser: bool,
    /// LNF doubles (§5): in pairs, a direct stroke that knocks an opponent's disc into the
    /// centre circle (a blind zone) is a foul.
    pub doubles_blind_zone_foul: bool,
    /// LNF (§5): with only dark own discs left, a stroke that is not direct must touch the
    /// opposite cushion or a disc in the centre circle, or it is a foul.
    pub dark_only_must_reach: bool,
    /// LNF (§5, "Longer penalty list"): the referee's conduct calls are sanctioned with a
    /// penalty disc ([`crate::Conduct`]: refusing to strike, a double stroke, touching discs
    /// or a moving puck, moving discs in the opponent's turn, delaying after a warning, the
    /// puck breaking). Off, such calls are refused.
    pub conduct_penalties: bool,
    /// LNF (§5, "Extra losses of turn"): crossing the border of one's own zone
    /// ([`crate::Conduct::LeftZone`]) costs the turn. Off, the call is refused.
    pub zone_exit_turn_loss: bool,
    /// LNF (§5, "Extra losses of turn"): after a rebound stroke (B5: a "backstroke", the
    /// puck's first contact a cushion) while the striker has no dark ("blind") disc, the puck
    /// crossing back over the striker's own edge line (the front line of his strike zone,
    /// across the table) costs the turn. The physics path detects it
    /// ([`crate::Outcome::own_line_crossed`]).
    pub own_edge_line_loss: bool,
    /// Who strikes first in the first set (B2). Every preset: seat 0.
    pub first_player: Seat,
    /// Who strikes first in later sets (B2). Every preset: [`NextSetStarter::Alternate`].
    pub next_set_starter: NextSetStarter,
    /// Sets needed to win a match (B23); 1 is a single game. Booklet and mini-novuss 1, LNF
    /// 2 (best of three).
    pub sets_to_win: u8,
    /// An engine addition, not a rule: the game is drawn after this many strokes (at least
    /// 1). `None` (the default) plays until a side wins. A match under a limit lasts at most
    /// `2 * sets_to_win - 1` sets ([`crate::Novuss::match_config`]).
    pub stroke_limit: Option<u32>,
    /// Optional execution noise, applied as a recorded chance node after every stroke.
    /// `None` in every preset.
    pub noise: Option<NoiseModel>,
    /// Every size of the table and pieces. Every preset: [`Dimensions::NOVUSS`].
    pub dimensions: Dimensions,
    /// The fastest stroke accepted, in m/s (physics.md: cue strokes reach 1-8 m/s); at least
    /// [`MIN_SPEED_LIMIT`] and at most [`MAX_SPEED_LIMIT`]. Every preset: 8.
    pub max_speed: f64,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    players: usize,
    discs_per_player: u8,
    pair_discs: PairDiscs,
    placement_test: PlacementTest,
    side_rebound_to_dark: SideReboundToDark,
    direct_at_dark: DirectAtDark,
    own_disc_off_table: OwnDiscOffTable,
    direct_off_table_placement: OffTablePlacement,
    off_table_placement: OffTablePlacement,
    debt_settlement: DebtSettlement,
    puck_return_rule: PuckReturnRule,
    technique_breach: TechniqueBreach,
    zone_contact_foul: bool,
    opening_equaliser: bool,
    doubles_blind_zone_foul: bool,
    dark_only_must_reach: bool,
    #[serde(default)]
    conduct_penalties: bool,
    #[serde(default)]
    zone_exit_turn_loss: bool,
    #[serde(default)]
    own_edge_line_loss: bool,
    first_player: Seat,
    next_set_starter: NextSetStarter,
    sets_to_win: u8,
    stroke_limit: Option<u32>,
    noise: Option<NoiseModel>,
    dimensions: Dimensions,
    max_speed: f64,
}

// Deserialization validates (`Rules::validate`), as the game's constructor does: the private
// mirror above reads the fields and these two impls wrap it. (A `remote = "Self"` derive on
// the type itself made that unchecked reader a public inherent `Rules::deserialize`, which
// a caller's `Rules::deserialize(d)` reached instead of this impl.)
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let rules = RulesFields::deserialize(deserializer)?;
        rules.validate().map_err(serde::de::Error::custom)?;
        Ok(rules)
    }
}

/// Execution noise: the cue's aim and force are perturbed by a chance node (recorded as an
/// ordinary action, [`crate::Noise`], so a record replays without any RNG). The same fields and
/// ranges as carrom's noise model.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{NoiseModel, Novuss, Rules};
/// let noisy = Rules::lattjo().with_noise(Some(NoiseModel { direction_sd: 0.01, speed_sd: 0.03 }));
/// assert!(Novuss::new(noisy).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoiseModel {
    /// Standard deviation of the tangent of the direction error (0.01 is about 0.6 degrees);
    /// `0..=0.1`.
    pub direction_sd: f64,
    /// Standard deviation of the relative speed error (0.03 = 3 %); `0..=0.2`.
    pub speed_sd: f64,
}

/// The largest noise deviations ([`NoiseModel::direction_sd`], about 5.7 degrees, and
/// [`NoiseModel::speed_sd`], 20 %).
pub const MAX_NOISE_SD: (f64, f64) = (0.1, 0.2);

/// The smallest nonzero noise deviation, for both [`NoiseModel`] fields: 10⁻⁹ (a nanoradian of
/// aim, a billionth of the speed). Below it the noise means nothing, and a drawn error (the
/// deviation times a draw that can be as small as 2⁻⁵³) could leave the normal range, which a
/// stroke refuses (fuzz, 2 Dec 2026: the same cause as a subnormal `max_speed` in
/// disc-billiards).
pub const MIN_NOISE_SD: f64 = 1e-9;

/// A rule set that cannot be played.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Rules, RulesError};
/// assert_eq!(Novuss::new(Rules::lattjo().with_players(3)).err(), Some(RulesError::Players(3)));
/// assert!(matches!(Novuss::new(Rules::lattjo().with_max_speed(50.0)), Err(RulesError::MaxSpeed(_))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not 2 or 4 players.
    #[error("novuss is played by 2 or 4 players, not {0}")]
    Players(usize),
    /// Too few or too many discs per player.
    #[error("each player needs 2 to 8 discs (an even number), not {0}")]
    Discs(u8),
    /// A pair of the 8-per-pair set would have an odd or empty row.
    #[error("with {0} discs per pair each partner's row would be odd or empty")]
    PairRow(u8),
    /// The first player is not a seat of the game.
    #[error("first player seat {0} is not below {1}")]
    FirstPlayer(usize, usize),
    /// Zero sets to win.
    #[error("a match needs at least one set to win")]
    Sets,
    /// A stroke limit of zero.
    #[error("the stroke limit must be at least 1")]
    StrokeLimit,
    /// A noise deviation that is not zero or within [`MIN_NOISE_SD`]..=[`MAX_NOISE_SD`] (NaN
    /// included).
    #[error("noise {option} is {value}: neither 0 nor within 1e-9..={max}")]
    Noise {
        /// `direction_sd` or `speed_sd`.
        option: &'static str,
        /// The value given.
        value: f64,
        /// The largest value allowed.
        max: f64,
    },
    /// A size that is not positive and finite, or sizes that do not fit together.
    #[error("table dimensions are not consistent: {0}")]
    Dimensions(&'static str),
    /// The top speed is not in [`MIN_SPEED_LIMIT`]..=[`MAX_SPEED_LIMIT`] (NaN included).
    #[error("the maximum stroke speed is {0} m/s, not in [0.001, 20] m/s")]
    MaxSpeed(f64),
    /// disc-physics refuses the table or the pieces these dimensions describe.
    #[error("disc-physics refuses the table or the pieces: {0}")]
    Physics(&'static str),
}

impl Rules {
    /// The LATTJO booklet's rules (the default): singles, 8 discs each, every decision of the
    /// rules file as stated there.
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            players: 2,
            discs_per_player: 8,
            pair_discs: PairDiscs::EightPerPlayer,
            placement_test: PlacementTest::LineVisible,
            side_rebound_to_dark: SideReboundToDark::Foul,
            direct_at_dark: DirectAtDark::Foul,
            own_disc_off_table: OwnDiscOffTable::TurnLossOnly,
            direct_off_table_placement: OffTablePlacement::CentreCircle,
            off_table_placement: OffTablePlacement::CentreCircle,
            debt_settlement: DebtSettlement::EndOfTurn,
            puck_return_rule: PuckReturnRule::Always,
            technique_breach: TechniqueBreach::Foul,
            zone_contact_foul: false,
            opening_equaliser: false,
            doubles_blind_zone_foul: false,
            dark_only_must_reach: false,
            conduct_penalties: false,
            zone_exit_turn_loss: false,
            own_edge_line_loss: false,
            first_player: Seat::new(0),
            next_set_starter: NextSetStarter::Alternate,
            sets_to_win: 1,
            stroke_limit: None,
            noise: None,
            dimensions: Dimensions::NOVUSS,
            max_speed: 8.0,
        }
    }

    /// The Latvian Novuss Federation's rules (§5): the hole-inside placement test, own disc
    /// off the table a foul, an opponent's disc sent off by a direct stroke back on its
    /// spot, the zone-contact foul (B22), the dark-only reach foul, the opening-series
    /// equaliser, the doubles blind-zone foul, the conduct penalties and the loss of turn for
    /// leaving one's zone (referee calls, [`crate::Conduct`]), and matches of best of three sets with the
    /// first stroke alternating.
    #[must_use]
    pub const fn lnf() -> Rules {
        let mut r = Rules::lattjo();
        r.placement_test = PlacementTest::LnfHoleInside;
        r.own_disc_off_table = OwnDiscOffTable::Foul;
        r.direct_off_table_placement = OffTablePlacement::OriginalSpot;
        r.zone_contact_foul = true;
        r.opening_equaliser = true;
        r.doubles_blind_zone_foul = true;
        r.dark_only_must_reach = true;
        r.conduct_penalties = true;
        r.zone_exit_turn_loss = true;
        r.own_edge_line_loss = true;
        r.sets_to_win = 2;
        r
    }

    /// Mini-novuss (§5): 6 discs per player, lenient placement, dark discs may be struck
    /// directly.
    #[must_use]
    pub const fn mini() -> Rules {
        let mut r = Rules::lattjo();
        r.discs_per_player = 6;
        r.placement_test = PlacementTest::Lenient;
        r.direct_at_dark = DirectAtDark::Allowed;
        r
    }

    /// Discs in each player's starting row.
    #[must_use]
    pub const fn row_len(&self) -> u8 {
        if self.players == 4 && matches!(self.pair_discs, PairDiscs::EightPerPair) {
            self.discs_per_player / 2
        } else {
            self.discs_per_player
        }
    }

    /// Discs of one side (a player in singles, a pair in pairs). For rules that
    /// [`Rules::validate`] refuses (its fields are public), at most 255: never a panic.
    #[must_use]
    pub const fn discs_per_side(&self) -> u8 {
        if self.players == 4 {
            self.row_len().saturating_mul(2)
        } else {
            self.row_len()
        }
    }

    /// Checks that the options fit together.
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming the first problem.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.players != 2 && self.players != 4 {
            return Err(RulesError::Players(self.players));
        }
        let n = self.discs_per_player;
        if !(2..=8).contains(&n) || !n.is_multiple_of(2) {
            return Err(RulesError::Discs(n));
        }
        if self.players == 4
            && matches!(self.pair_discs, PairDiscs::EightPerPair)
            && !(n / 2).is_multiple_of(2)
        {
            return Err(RulesError::PairRow(n));
        }
        if self.first_player.index() >= self.players {
            return Err(RulesError::FirstPlayer(
                self.first_player.index(),
                self.players,
            ));
        }
        if self.sets_to_win == 0 {
            return Err(RulesError::Sets);
        }
        if self.stroke_limit == Some(0) {
            return Err(RulesError::StrokeLimit);
        }
        if let Some(n) = self.noise {
            let check = |option: &'static str, value: f64, max: f64| {
                if value == 0.0 || (MIN_NOISE_SD..=max).contains(&value) {
                    Ok(())
                } else {
                    Err(RulesError::Noise { option, value, max })
                }
            };
            check("direction_sd", n.direction_sd, MAX_NOISE_SD.0)?;
            check("speed_sd", n.speed_sd, MAX_NOISE_SD.1)?;
        }
        if !(MIN_SPEED_LIMIT..=MAX_SPEED_LIMIT).contains(&self.max_speed) {
            return Err(RulesError::MaxSpeed(self.max_speed));
        }
        check_dimensions(&self.dimensions, self.row_len())?;
        let d = &self.dimensions;
        disc_physics::DiscKind::new(d.disc_radius, d.disc_mass)
            .map_err(|_| RulesError::Physics("the object discs"))?;
        disc_physics::DiscKind::new(d.puck_radius, d.puck_mass)
            .map_err(|_| RulesError::Physics("the puck"))?;
        disc_physics::Table::new(d.half_size, d.half_size)
            .and_then(|t| t.with_corner_pockets(d.half_size - d.pocket_inset, d.pocket_radius))
            .map_err(|_| RulesError::Physics("the table"))?;
        // No arrangement of the discs may leave the puck no place at all (N3, B3): the
        // placement test relaxes at last to the striker's half, and where the discs could
        // cover even that, a player node had no legal action (found by random play with a
        // 20 cm puck: three discs in the half blocked it). The discs and pockets forbid the
        // puck's centre less area together than the half holds, so some place is always free.
        if !half_always_has_room(d, 2 * usize::from(self.discs_per_side())) {
            return Err(RulesError::Dimensions(
                "the discs could cover the striker's whole half, leaving the puck no place",
            ));
        }
        // A disc put back (F4, F5, B12-B14) always finds a free spot, whatever the other
        // discs' places: the same area bound for the disc's centre over the whole table.
        if !table_always_has_room(d, 2 * usize::from(self.discs_per_side())) {
            return Err(RulesError::Dimensions(
                "the other discs could cover the table, leaving a disc put back no spot",
            ));
        }
        // Every seat must be able to place its puck at the start (N3): in pairs a partner's
        // row starts in the striker's zone (B1, B19), and with large discs in a shallow zone
        // no placement was left, so the first player node had no legal action.
        for seat in 0..self.players {
            let seat = Seat::new(seat as u8);
            let start = crate::state::State::start(self, seat);
            let strict = crate::state::Relax::Rules;
            if !crate::shots::any_placement(self, &start, seat, strict) {
                return Err(RulesError::Dimensions(
                    "the strike zone must hold the puck in front of the starting rows",
                ));
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lattjo()
    }
}

macro_rules! builders {
    ($($(#[$doc:meta])* $name:ident: $field:ident: $ty:ty;)*) => {
        impl Rules {
            $(
                $(#[$doc])*
                #[must_use]
                pub const fn $name(mut self, value: $ty) -> Rules {
                    self.$field = value;
                    self
                }
            )*
        }
    };
}

builders! {
    /// The same rules for `players` players: 2 (singles) or 4 (pairs, N16); checked by
    /// [`crate::Novuss::new`].
    with_players: players: usize;
    /// Sets [`Rules::discs_per_player`] (N2; mini-novuss 6).
    with_discs_per_player: discs_per_player: u8;
    /// Sets [`Rules::pair_discs`] (B19).
    with_pair_discs: pair_discs: PairDiscs;
    /// Sets [`Rules::placement_test`] (B3).
    with_placement_test: placement_test: PlacementTest;
    /// Sets [`Rules::side_rebound_to_dark`] (B6).
    with_side_rebound_to_dark: side_rebound_to_dark: SideReboundToDark;
    /// Sets [`Rules::direct_at_dark`] (F4).
    with_direct_at_dark: direct_at_dark: DirectAtDark;
    /// Sets [`Rules::own_disc_off_table`] (B12).
    with_own_disc_off_table: own_disc_off_table: OwnDiscOffTable;
    /// Sets [`Rules::direct_off_table_placement`] (F5).
    with_direct_off_table_placement: direct_off_table_placement: OffTablePlacement;
    /// Sets [`Rules::off_table_placement`] (B12, B13).
    with_off_table_placement: off_table_placement: OffTablePlacement;
    /// Sets [`Rules::debt_settlement`] (B16).
    with_debt_settlement: debt_settlement: DebtSettlement;
    /// Sets [`Rules::puck_return_rule`] (B17).
    with_puck_return_rule: puck_return_rule: PuckReturnRule;
    /// Sets [`Rules::technique_breach`] (B21).
    with_technique_breach: technique_breach: TechniqueBreach;
    /// Sets [`Rules::zone_contact_foul`] (B22).
    with_zone_contact_foul: zone_contact_foul: bool;
    /// Sets [`Rules::opening_equaliser`] (section 5).
    with_opening_equaliser: opening_equaliser: bool;
    /// Sets [`Rules::doubles_blind_zone_foul`] (section 5).
    with_doubles_blind_zone_foul: doubles_blind_zone_foul: bool;
    /// Sets [`Rules::dark_only_must_reach`] (section 5).
    with_dark_only_must_reach: dark_only_must_reach: bool;
    /// Sets [`Rules::conduct_penalties`] (section 5).
    with_conduct_penalties: conduct_penalties: bool;
    /// Sets [`Rules::zone_exit_turn_loss`] (section 5).
    with_zone_exit_turn_loss: zone_exit_turn_loss: bool;
    /// Sets [`Rules::own_edge_line_loss`] (section 5).
    with_own_edge_line_loss: own_edge_line_loss: bool;
    /// Sets [`Rules::first_player`] (B2).
    with_first_player: first_player: Seat;
    /// Sets [`Rules::next_set_starter`] (B2).
    with_next_set_starter: next_set_starter: NextSetStarter;
    /// Sets [`Rules::sets_to_win`] (B23).
    with_sets_to_win: sets_to_win: u8;
    /// Sets [`Rules::stroke_limit`] (an engine addition).
    with_stroke_limit: stroke_limit: Option<u32>;
    /// Sets [`Rules::noise`]: `Some` model for execution noise, `None` for exact strokes.
    with_noise: noise: Option<NoiseModel>;
    /// Sets [`Rules::dimensions`].
    with_dimensions: dimensions: Dimensions;
    /// Sets [`Rules::max_speed`].
    with_max_speed: max_speed: f64;
}

/// Whether the striker's half of the table (the puck's centre inside the cushions, from the
/// striker's cushion to the centre line: the last relaxation of the placement test, B3) keeps
/// a free place whatever `discs` discs stand on the table: the area the discs (a disk of radius
/// disc + puck radius each) and the four pockets (their own disks) forbid the puck's centre is
/// less than the half's, so their union cannot cover it. A sufficient test, not a necessary
/// one: the official dimensions forbid 0.18 of the 0.44 m² with 16 discs, 0.33 with 32.
fn half_always_has_room(d: &Dimensions, discs: usize) -> bool {
    let inner = d.half_size - d.puck_radius;
    let half_area = 2.0 * inner * inner;
    let reach = d.disc_radius + d.puck_radius;
    let pi = core::f64::consts::PI;
    let forbidden =
        discs as f64 * pi * reach * reach + 4.0 * pi * d.pocket_radius * d.pocket_radius;
    inner > 0.0 && forbidden < half_area
}

/// Whether a disc put back on the table always finds a spot that
/// [`State::nearest_free`](crate::state::State)'s last search (a grid of step
/// `s = GRID_STEP_IN_RADII` disc radii over the table) reaches, whatever the other `discs - 1`
/// discs' places: every point of the table lies within `δ = s / √2` of a grid point, so a
/// free disk of radius `δ` holds one; and such a disk exists where the disc's centre region
/// shrunk by `δ` (a square of side `2 (half − r − δ)`) has more area than the disks about the
/// other discs (radius `2r + δ`) and the pockets (radius pocket + `δ`) forbid. Sufficient, not
/// necessary: the official dimensions forbid 0.32 of the 0.89 m² with 32 discs.
fn table_always_has_room(d: &Dimensions, discs: usize) -> bool {
    let delta = d.disc_radius * crate::state::GRID_STEP_IN_RADII / core::f64::consts::SQRT_2;
    let side = 2.0 * (d.half_size - d.disc_radius - delta);
    let pi = core::f64::consts::PI;
    let others = discs.saturating_sub(1) as f64;
    let disc = 2.0 * d.disc_radius + delta;
    let pocket = d.pocket_radius + delta;
    let forbidden = others * pi * disc * disc + 4.0 * pi * pocket * pocket;
    side > 0.0 && forbidden < side * side
}

/// The highest [`Rules::max_speed`] a rule set may allow, m/s: well above the hardest cue
/// stroke (physics notes: 1-8 m/s).
pub const MAX_SPEED_LIMIT: f64 = 20.0;

/// The lowest [`Rules::max_speed`] a rule set may allow, m/s: the slowest speed the physics
/// lets a caller give a disc's table (`disc_physics::limits::SPEED_M_S`). The strokes the
/// game generates reach down to `max_speed` × 2⁻⁵³, and below this they could fall under the
/// normal range, which a stroke refuses (fuzz finding `disc_billiards_json`, 2 Dec 2026: a
/// rule set with `max_speed` 8.1e-320 listed a stroke of that speed and refused it).
pub const MIN_SPEED_LIMIT: f64 = *disc_physics::limits::SPEED_M_S.start();
/// The range of every length in [`Dimensions`], metres: a millimetre to ten metres.
pub const LENGTH_RANGE: (f64, f64) = (1e-3, 10.0);
/// The range of the masses in [`Dimensions`], kilograms: a tenth of a gram to ten kilograms.
pub const MASS_RANGE: (f64, f64) = (1e-4, 10.0);

fn check_dimensions(d: &Dimensions, row: u8) -> Result<(), RulesError> {
    let lengths = [
        d.half_size,
        d.pocket_radius,
        d.pocket_inset,
        d.zone_depth,
        d.zone_half_width,
        d.circle_radius,
        d.disc_radius,
        d.disc_hole_radius,
        d.puck_radius,
        d.puck_hole_radius,
    ];
    let within = |v: f64, (lo, hi): (f64, f64)| v.is_finite() && (lo..=hi).contains(&v);
    if !lengths.iter().all(|&v| within(v, LENGTH_RANGE)) {
        return Err(RulesError::Dimensions(
            "every length must be finite, from 1 mm to 10 m",
        ));
    }
    if !within(d.disc_mass, MASS_RANGE) || !within(d.puck_mass, MASS_RANGE) {
        return Err(RulesError::Dimensions(
            "every mass must be finite, from 0.1 g to 10 kg",
        ));
    }
    if d.disc_hole_radius >= d.disc_radius || d.puck_hole_radius >= d.puck_radius {
        return Err(RulesError::Dimensions(
            "a hole must be smaller than its disc",
        ));
    }
    if d.pocket_inset < d.pocket_radius || d.pocket_inset >= d.half_size {
        return Err(RulesError::Dimensions(
            "pockets must lie in the corners, inside the cushions",
        ));
    }
    if d.zone_depth < 2.0 * d.puck_radius || d.zone_depth >= d.half_size - d.circle_radius {
        return Err(RulesError::Dimensions(
            "the strike zone must hold the puck and stay clear of the circle",
        ));
    }
    if d.zone_half_width >= d.half_size - d.pocket_inset || d.zone_half_width < 2.0 * d.puck_radius
    {
        return Err(RulesError::Dimensions(
            "the strike zone must hold the puck and end before the pockets",
        ));
    }
    // Every starting row must fit between the pockets of its cushion.
    let row_half = f64::from(row) * d.disc_radius;
    if row_half > d.half_size - d.pocket_inset - d.pocket_radius - d.disc_radius {
        return Err(RulesError::Dimensions(
            "the starting row does not fit between the pockets",
        ));
    }
    if d.circle_radius < d.disc_radius || d.circle_radius >= d.half_size {
        return Err(RulesError::Dimensions(
            "the centre circle must hold a disc and fit the table",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid() {
        for r in [
            Rules::lattjo(),
            Rules::lattjo().with_players(4),
            Rules::lnf(),
            Rules::mini(),
        ] {
            assert_eq!(r.validate(), Ok(()));
        }
    }

    /// Found by libFuzzer (`disc_billiards_json`): pairs with 8 discs a player, whose partner
    /// rows start in the strikers' zones (B1, B19), on a table of discs 11.2 cm across and a
    /// 13 cm zone. The rules were accepted, and the first player node had no legal action:
    /// no placement was left for the puck (N3). Such rules are refused now. (Discs 11.2 cm
    /// across leave a sliver 2 mm deep between the rows and the zone's end line, which the
    /// grid the search used then missed and the exact search finds: those rules are
    /// accepted, and the puck has places at the start. Discs 12 cm across leave none.)
    #[test]
    fn regression_starting_rows_that_fill_the_strike_zone_n3_b19() {
        let mut r = Rules::lattjo().with_players(4);
        r.discs_per_player = 8;
        r.pair_discs = PairDiscs::EightPerPlayer;
        r.placement_test = PlacementTest::LnfHoleInside;
        r.dimensions.half_size = 5.5;
        r.dimensions.disc_radius = 0.056;
        assert_eq!(r.validate(), Ok(()));
        for seat in 0..r.players {
            let seat = Seat::new(seat as u8);
            let start = crate::state::State::start(&r, seat);
            let strict = crate::state::Relax::Rules;
            assert!(crate::shots::placements_at(&r, &start, seat, strict).is_empty());
            let found = crate::shots::exact_placements(&r, &start, seat, strict);
            assert!(!found.is_empty());
            assert!(found.iter().all(|&(l, _)| start.placement_ok(seat, l)));
        }
        r.dimensions.disc_radius = 0.06;
        assert_eq!(
            r.validate(),
            Err(RulesError::Dimensions(
                "the strike zone must hold the puck in front of the starting rows"
            ))
        );
        // The same discs in a zone deep enough for the puck in front of the row.
        r.dimensions.zone_depth = 0.2;
        assert_eq!(r.validate(), Ok(()));
        // Every seat of every preset can place the puck at the start, by the rules' own
        // test (not a relaxed one, B3).
        for r in [
            Rules::lattjo(),
            Rules::lattjo().with_players(4),
            Rules::lnf(),
            Rules::lnf().with_players(4),
            Rules::mini(),
            Rules::mini().with_players(4),
        ] {
            for seat in 0..r.players {
                let seat = Seat::new(seat as u8);
                let s = crate::state::State::start(&r, seat);
                let strict = crate::state::Relax::Rules;
                assert!(!crate::shots::placements_at(&r, &s, seat, strict).is_empty());
                assert!(crate::shots::any_placement(&r, &s, seat, strict));
            }
        }
    }

    #[test]
    fn n1_players_two_or_four() {
        let mut r = Rules::lattjo();
        r.players = 3;
        assert_eq!(r.validate(), Err(RulesError::Players(3)));
    }

    #[test]
    fn b19_pair_disc_counts() {
        let mut r = Rules::lattjo().with_players(4);
        assert_eq!(r.discs_per_side(), 16);
        assert_eq!(r.row_len(), 8);
        r.pair_discs = PairDiscs::EightPerPair;
        assert_eq!(r.discs_per_side(), 8);
        assert_eq!(r.row_len(), 4);
        r.discs_per_player = 6;
        assert_eq!(r.validate(), Err(RulesError::PairRow(6)));
    }

    #[test]
    fn bad_options_are_refused() {
        let mut r = Rules::lattjo();
        r.noise = Some(NoiseModel {
            direction_sd: f64::NAN,
            speed_sd: 0.0,
        });
        assert!(matches!(r.validate(), Err(RulesError::Noise { .. })));
        let mut r = Rules::lattjo();
        r.dimensions.disc_radius = -1.0;
        assert!(matches!(r.validate(), Err(RulesError::Dimensions(_))));
        let mut r = Rules::lattjo();
        r.dimensions.disc_radius = 0.05;
        assert!(
            matches!(r.validate(), Err(RulesError::Dimensions(_))),
            "a row of 8 big discs does not fit"
        );
        let mut r = Rules::lattjo();
        r.first_player = Seat::new(2);
        assert_eq!(r.validate(), Err(RulesError::FirstPlayer(2, 2)));
        let mut r = Rules::lattjo();
        r.max_speed = f64::INFINITY;
        assert!(matches!(r.validate(), Err(RulesError::MaxSpeed(_))));
        let mut r = Rules::lattjo();
        r.sets_to_win = 0;
        assert_eq!(r.validate(), Err(RulesError::Sets));
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::lattjo()).unwrap();
        v["players"] = 3.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }
}
