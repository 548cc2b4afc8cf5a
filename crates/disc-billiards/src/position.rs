//! The table state: every disc (on the table or pocketed), debts, whose stroke it is, and
//! the result; the unvalidated [`Setup`] it is built from; the start layout (B1); light and
//! dark discs (N11, B4); the placement test (B3); where returned and penalty discs go.

use core::fmt;
use disc_physics::Vec2;

use boardgame_core::{BySeat, Seat};

use crate::geometry::{Compass, DIRS16, Dimensions};
use crate::resolve::StrokeReport;
use crate::rules::{PlacementTest, Rules};
use crate::stroke::Stroke;

/// The most discs a table can hold: 8 per player, 4 players.
pub const MAX_DISCS: usize = 32;

/// One of the two sides: a player in singles, a pair in pairs (one colour each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Side {
    /// Seat 0's side (and seat 2's in pairs): light-coloured discs.
    A,
    /// Seat 1's side (and seat 3's in pairs): dark-coloured discs.
    B,
}

impl Side {
    /// Both sides.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The side a seat plays for: partners (seats 0 and 2, seats 1 and 3) share one.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Side {
        if seat.index().is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "side A",
            Side::B => "side B",
        })
    }
}

/// Where a seat plays from: singles south and north; pairs south, west, north, east
/// (clockwise, partners opposite, N16).
#[must_use]
pub const fn seat_compass(seat: Seat, players: u8) -> Compass {
    if players == 4 {
        Compass::ALL[seat.index() % 4]
    } else if seat.index() == 0 {
        Compass::South
    } else {
        Compass::North
    }
}

/// Names one disc by its index in the position (0-based, fixed for the whole game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscId(pub u8);

impl DiscId {
    /// The index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for DiscId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "disc {}", self.0)
    }
}

/// One object disc.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Disc {
    /// Its owner.
    pub side: Side,
    /// Its place in the starting row.
    pub home: Vec2,
    /// Its centre on the table, or `None` when it is in a pocket.
    pub at: Option<Vec2>,
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// A stroke is awaited.
    Playing,
    /// A stroke was announced; the execution-noise chance node is next.
    AwaitingNoise,
    /// The side won (N14, N15, B11).
    Won(Side),
    /// The engine's stroke limit was reached ([`Rules::stroke_limit`]).
    Drawn,
}

/// An unvalidated table state with public fields: build or edit one freely, then turn it
/// into a [`Position`] with [`crate::Novuss::position`], which checks it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Every disc of both sides.
    pub discs: Vec<Disc>,
    /// Penalty discs owed (N10), by the seat whose foul they are for (B14: each goes against
    /// the cushion opposite that seat), one value per seat; a side owes the sum of its seats'.
    pub debt: BySeat<u8>,
    /// Who strikes next (or struck the stroke awaiting noise).
    pub to_move: Seat,
    /// Playing, awaiting noise, won or drawn.
    pub status: Status,
    /// The stroke awaiting execution noise (with [`Status::AwaitingNoise`]).
    pub pending: Option<Stroke>,
    /// Strokes played so far.
    pub strokes: u32,
    /// Whether the game's opening series (the first striker's first turn) is still going
    /// on (for [`Rules::opening_equaliser`]).
    pub opening: bool,
    /// The side that cleared its discs in the opening series while the other side plays its
    /// answering series ([`Rules::opening_equaliser`]).
    pub answering: Option<Side>,
}

/// Why a [`Setup`] is not a valid position under the rules.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has the wrong number of discs.
    #[error("{side} has {found} discs, the rules give it {expected}")]
    DiscCount {
        /// The side.
        side: Side,
        /// Discs found.
        found: usize,
        /// Discs it should have.
        expected: usize,
    },
    /// A disc's centre or home is not a finite point on the table.
    #[error("{0} is not on the playing area")]
    OffTable(DiscId),
    /// A disc on the table lies over a pocket hole.
    #[error("{0} lies in a pocket hole")]
    InPocket(DiscId),
    /// Two discs overlap.
    #[error("{0} and {1} overlap")]
    Overlap(DiscId, DiscId),
    /// The seat to move is not a seat of the game.
    #[error("seat {0} is not a player of this game")]
    Seat(usize),
    /// A pending stroke without the noise status, or the reverse.
    #[error("a pending stroke goes with the awaiting-noise status and only with it")]
    Pending,
    /// A side has all its discs pocketed and no debt, but the game is not over (or the
    /// winner named has not finished).
    #[error("the status does not match the discs: {0}")]
    Result(&'static str),
    /// The pending stroke could not be played in this position.
    #[error("the pending stroke is not playable here: {0}")]
    PendingStroke(crate::stroke::StrokeError),
    /// The stroke count does not fit the stroke limit ([`Rules::stroke_limit`]): a game at the
    /// limit is drawn, and only such a game is.
    #[error("{strokes} strokes do not fit the status under the stroke limit")]
    Strokes {
        /// The stroke count.
        strokes: u32,
    },
    /// Debts for a number of seats other than the game's.
    #[error("debts are given for {0} seats, not one per seat of the game")]
    DebtSeats(usize),
    /// A debt that could never come from a game.
    #[error("{side} owes {debt} discs, more than it has")]
    Debt {
        /// The side.
        side: Side,
        /// Its debt.
        debt: u8,
    },
}

/// A validated table state: the game's state type.
///
/// Discs keep their index for the whole game ([`DiscId`]); each is on the table or in a
/// pocket. Build the start with [`crate::Novuss::start`] (or the
/// [`boardgame_core::Game`] trait) or any position with [`crate::Novuss::position`].
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub(crate) n: u8,
    pub(crate) discs: [Disc; MAX_DISCS],
    pub(crate) debt: BySeat<u8>,
    pub(crate) to_move: Seat,
    pub(crate) status: Status,
    pub(crate) pending: Option<Stroke>,
    pub(crate) strokes: u32,
    pub(crate) opening: bool,
    pub(crate) answering: Option<Side>,
    pub(crate) last: Option<StrokeReport>,
}

const EMPTY_DISC: Disc = Disc {
    side: Side::A,
    home: Vec2::new(0.0, 0.0),
    at: None,
};

impl Position {
    /// The start (N2, B1): each player's row of discs touching each other and the cushion
    /// **opposite** him, half on each side of the centre line; `first` strikes first (B2).
    pub(crate) fn start(rules: &Rules, first: Seat) -> Position {
        let d = &rules.dimensions;
        let row = usize::from(rules.row_len());
        let mut discs = [EMPTY_DISC; MAX_DISCS];
        let mut n = 0;
        for seat in Seat::all(usize::from(rules.players)) {
            let side = Side::of_seat(seat);
            let far = seat_compass(seat, rules.players).opposite();
            for k in 0..row {
                // u = (2k + 1 - row) r: touching neighbours, symmetric about the centre line.
                let u = (2.0 * k as f64 + 1.0 - row as f64) * d.disc_radius;
                let p = far.from_local(u, d.disc_radius, d.half_size);
                discs[n] = Disc {
                    side,
                    home: p,
                    at: Some(p),
                };
                n += 1;
            }
        }
        Position {
            n: n as u8,
            discs,
            debt: BySeat::new(usize::from(rules.players), 0),
            to_move: first,
            status: Status::Playing,
            pending: None,
            strokes: 0,
            opening: true,
            answering: None,
            last: None,
        }
    }

    /// Validates a setup (see [`PositionError`]).
    pub(crate) fn from_setup(rules: &Rules, setup: &Setup) -> Result<Position, PositionError> {
        let d = &rules.dimensions;
        let per_side = usize::from(rules.discs_per_side());
        for side in Side::BOTH {
            let found = setup.discs.iter().filter(|x| x.side == side).count();
            if found != per_side {
                return Err(PositionError::DiscCount {
                    side,
                    found,
                    expected: per_side,
                });
            }
        }
        for (i, disc) in setup.discs.iter().enumerate() {
            let id = DiscId(i as u8);
            if !d.on_table(disc.home, d.disc_radius) {
                return Err(PositionError::OffTable(id));
            }
            if let Some(p) = disc.at {
                if !d.on_table(p, d.disc_radius) {
                    return Err(PositionError::OffTable(id));
                }
                if d.in_pocket(p) {
                    return Err(PositionError::InPocket(id));
                }
                for (j, other) in setup.discs.iter().enumerate().take(i) {
                    if other
                        .at
                        .is_some_and(|q| overlaps(q, p, 2.0 * d.disc_radius))
                    {
                        return Err(PositionError::Overlap(DiscId(j as u8), id));
                    }
                }
            }
        }
        if setup.to_move.index() >= usize::from(rules.players) {
            return Err(PositionError::Seat(setup.to_move.index()));
        }
        if setup.pending.is_some() != (setup.status == Status::AwaitingNoise) {
            return Err(PositionError::Pending);
        }
        if setup.status == Status::AwaitingNoise && rules.noise.is_none() {
            return Err(PositionError::Result(
                "awaiting noise in a game without noise",
            ));
        }
        if setup.debt.len() != usize::from(rules.players) {
            return Err(PositionError::DebtSeats(setup.debt.len()));
        }
        for side in Side::BOTH {
            let debt = side_debt(&setup.debt, side);
            if usize::from(debt) > per_side {
                return Err(PositionError::Debt { side, debt });
            }
        }
        let mut discs = [EMPTY_DISC; MAX_DISCS];
        discs[..setup.discs.len()].copy_from_slice(&setup.discs);
        let pos = Position {
            n: setup.discs.len() as u8,
            discs,
            debt: setup.debt,
            to_move: setup.to_move,
            status: setup.status,
            pending: setup.pending,
            strokes: setup.strokes,
            opening: setup.opening,
            answering: setup.answering,
            last: None,
        };
        if let Some(stroke) = pos.pending {
            crate::stroke::validate(rules, &pos, pos.to_move, &stroke)
                .map_err(PositionError::PendingStroke)?;
        }
        let at_limit = rules.stroke_limit.is_some_and(|l| setup.strokes >= l);
        let drawn = setup.status == Status::Drawn;
        if drawn != at_limit && !matches!(setup.status, Status::Won(_)) {
            return Err(PositionError::Strokes {
                strokes: setup.strokes,
            });
        }
        let done = |s: Side| pos.complete(s);
        if let Some(x) = setup.answering {
            if !rules.opening_equaliser || !done(x) || done(x.other()) || setup.opening {
                return Err(PositionError::Result(
                    "an answering series needs the equaliser and exactly that side finished",
                ));
            }
            return match setup.status {
                Status::Playing | Status::AwaitingNoise => Ok(pos),
                _ => Err(PositionError::Result(
                    "an answering series belongs to a game in progress",
                )),
            };
        }
        match setup.status {
            // With the equaliser a set can also be lost by a foul on the last disc or by
            // clearing in a pairs opening series, so the winner need not have finished.
            Status::Won(s) if !done(s) && !rules.opening_equaliser => Err(PositionError::Result(
                "the winner has discs left or owes discs",
            )),
            Status::Playing | Status::AwaitingNoise if done(Side::A) || done(Side::B) => Err(
                PositionError::Result("a side has finished but the game goes on"),
            ),
            _ => Ok(pos),
        }
    }

    /// The position as an editable [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            discs: self.discs().to_vec(),
            debt: self.debt,
            to_move: self.to_move,
            status: self.status,
            pending: self.pending,
            strokes: self.strokes,
            opening: self.opening,
            answering: self.answering,
        }
    }

    /// Every disc, indexed by [`DiscId`].
    #[must_use]
    pub fn discs(&self) -> &[Disc] {
        &self.discs[..usize::from(self.n)]
    }

    /// One disc, or `None` for an index past the last.
    #[must_use]
    pub fn disc(&self, id: DiscId) -> Option<&Disc> {
        self.discs().get(id.index())
    }

    /// Discs of `side` still on the table.
    #[must_use]
    pub fn on_table(&self, side: Side) -> usize {
        self.discs()
            .iter()
            .filter(|d| d.side == side && d.at.is_some())
            .count()
    }

    /// Discs of `side` in the pockets.
    #[must_use]
    pub fn pocketed(&self, side: Side) -> usize {
        self.discs()
            .iter()
            .filter(|d| d.side == side && d.at.is_none())
            .count()
    }

    /// Penalty discs `side` owes (N10): the sum of its seats' debts.
    #[must_use]
    pub fn debt(&self, side: Side) -> u8 {
        side_debt(&self.debt, side)
    }

    /// Penalty discs owed for `seat`'s fouls (B14: each will be placed against the cushion
    /// opposite that seat); 0 for a seat that does not play.
    #[must_use]
    pub fn debt_of(&self, seat: Seat) -> u8 {
        self.debt.get(seat).copied().unwrap_or(0)
    }

    /// Who strikes next (or whose stroke awaits its noise).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Playing, awaiting noise, won or drawn.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Strokes played so far.
    #[must_use]
    pub fn strokes(&self) -> u32 {
        self.strokes
    }

    /// Whether the game's opening series is still going on.
    #[must_use]
    pub fn opening(&self) -> bool {
        self.opening
    }

    /// The side that cleared in the opening series while the other side answers
    /// ([`Rules::opening_equaliser`]).
    #[must_use]
    pub fn answering(&self) -> Option<Side> {
        self.answering
    }

    /// What the last stroke did (fouls, pocketed discs, the turn), if any stroke was played
    /// since this position was built and no referee's call ([`crate::Novuss::call`]) came
    /// after it.
    #[must_use]
    pub fn last_report(&self) -> Option<&StrokeReport> {
        self.last.as_ref()
    }

    /// The stroke awaiting its execution noise.
    #[must_use]
    pub fn pending(&self) -> Option<&Stroke> {
        self.pending.as_ref()
    }

    /// Whether `side` has all its discs pocketed and owes nothing (the win condition, B11).
    #[must_use]
    pub fn complete(&self, side: Side) -> bool {
        self.on_table(side) == 0 && self.debt(side) == 0
    }

    /// Whether disc `id` is **dark** for `seat` (N11, B4): an own disc (of the seat's side)
    /// on the table whose hole lies wholly inside the seat's strike zone or wholly inside
    /// the centre circle. Own discs on the table that are not dark are light; opponents'
    /// discs are neither.
    #[must_use]
    pub fn is_dark(&self, rules: &Rules, seat: Seat, id: DiscId) -> bool {
        let Some(disc) = self.disc(id) else {
            return false;
        };
        let Some(p) = disc.at else { return false };
        disc.side == Side::of_seat(seat)
            && in_dark_area(&rules.dimensions, seat_compass(seat, rules.players), p)
    }

    /// Whether disc `id` is an own **light** disc of `seat` (N11, B4).
    #[must_use]
    pub fn is_light(&self, rules: &Rules, seat: Seat, id: DiscId) -> bool {
        self.disc(id).is_some_and(|d| {
            d.at.is_some() && d.side == Side::of_seat(seat) && !self.is_dark(rules, seat, id)
        })
    }

    /// Whether `seat` has at least one light disc on the table.
    #[must_use]
    pub fn has_light(&self, rules: &Rules, seat: Seat) -> bool {
        (0..self.n).any(|i| self.is_light(rules, seat, DiscId(i)))
    }

    /// Whether the puck may be placed at `p` for `seat`'s stroke (N3, B3).
    #[must_use]
    pub fn placement_ok(&self, rules: &Rules, seat: Seat, p: Vec2) -> bool {
        self.placement_check(rules, seat, p).is_ok()
    }

    pub(crate) fn placement_check(
        &self,
        rules: &Rules,
        seat: Seat,
        p: Vec2,
    ) -> Result<(), PlacementFault> {
        let d = &rules.dimensions;
        let side = seat_compass(seat, rules.players);
        if !p.is_finite() || !d.on_table(p, d.puck_radius) {
            return Err(PlacementFault::OffTable);
        }
        let ok = match rules.placement_test {
            PlacementTest::Lenient => d.in_zone(side, p),
            PlacementTest::LineVisible => {
                d.in_zone(side, p) && d.distance_to_zone_line(side, p) <= d.puck_hole_radius
            }
            PlacementTest::LnfHoleInside => d.circle_in_zone(side, p, d.puck_hole_radius),
        };
        if !ok {
            return Err(PlacementFault::Zone);
        }
        if d.in_pocket(p) {
            return Err(PlacementFault::OffTable);
        }
        let reach = d.puck_radius + d.disc_radius;
        if let Some(i) = self
            .discs()
            .iter()
            .position(|x| x.at.is_some_and(|q| overlaps(q, p, reach)))
        {
            return Err(PlacementFault::OnDisc(DiscId(i as u8)));
        }
        Ok(())
    }

    /// Whether a disc could stand at `p` (on the table, off the pockets, touching but not
    /// overlapping any disc other than `except`).
    pub(crate) fn free(&self, d: &Dimensions, p: Vec2, except: Option<DiscId>) -> bool {
        d.on_table(p, d.disc_radius)
            && !d.in_pocket(p)
            && self.discs().iter().enumerate().all(|(i, x)| {
                Some(DiscId(i as u8)) == except
                    || !x.at.is_some_and(|q| overlaps(q, p, 2.0 * d.disc_radius))
            })
    }

    /// The free spot nearest to `want` found on rings of 2 mm steps (16 directions each).
    pub(crate) fn nearest_free(&self, d: &Dimensions, want: Vec2, except: Option<DiscId>) -> Vec2 {
        if self.free(d, want, except) {
            return want;
        }
        let step = 0.002;
        let mut k = 1;
        while f64::from(k) * step < 4.0 * d.half_size {
            let r = f64::from(k) * step;
            for dir in DIRS16 {
                let p = Vec2::new(want.x + r * dir.x, want.y + r * dir.y);
                if self.free(d, p, except) {
                    return p;
                }
            }
            k += 1;
        }
        // A table holds at most 32 discs: unreachable for valid rules, but stay total.
        want
    }

    /// Where the penalty disc goes (N9, B14): on the centre line touching the cushion
    /// opposite `offender`, or else along that cushion as near the centre line as possible,
    /// on the half holding fewer discs (ties: the offender's right).
    pub(crate) fn penalty_spot(&self, rules: &Rules, offender: Seat) -> Vec2 {
        let d = &rules.dimensions;
        let me = seat_compass(offender, rules.players);
        let far = me.opposite();
        let v = d.disc_radius;
        let at = |u: f64| far.from_local(u, v, d.half_size);
        let centre = at(0.0);
        if self.free(d, centre, None) {
            return centre;
        }
        // Count discs on each half, seen from the offender (u > 0 is his right).
        let (mut left, mut right) = (0, 0);
        for p in self.discs().iter().filter_map(|x| x.at) {
            let (u, _) = me.to_local(p, d.half_size);
            if u > 0.0 {
                right += 1;
            } else if u < 0.0 {
                left += 1;
            }
        }
        // Seen from the far cushion the offender's right is its local -u.
        let first = if left < right { 1.0 } else { -1.0 };
        let step = 0.001;
        let max_u = d.half_size - d.disc_radius;
        for sign in [first, -first] {
            let mut k = 1;
            while f64::from(k) * step <= max_u {
                let p = at(sign * f64::from(k) * step);
                if self.free(d, p, None) {
                    return p;
                }
                k += 1;
            }
        }
        self.nearest_free(d, centre, None)
    }

    /// Where a disc that left the table goes under [`crate::rules::OffTablePlacement::CentreCircle`]
    /// (F5, B12, B13): the circle's centre, else the point of the circle's edge on the side
    /// where it left (`exit`), else the nearest free spot to that point.
    pub(crate) fn circle_spot(&self, d: &Dimensions, exit: Vec2, id: DiscId) -> Vec2 {
        let centre = Vec2::new(0.0, 0.0);
        if self.free(d, centre, Some(id)) {
            return centre;
        }
        let len = exit.length();
        let edge = if len > 0.0 && len.is_finite() {
            Vec2::new(
                exit.x / len * d.circle_radius,
                exit.y / len * d.circle_radius,
            )
        } else {
            Vec2::new(0.0, d.circle_radius)
        };
        self.nearest_free(d, edge, Some(id))
    }
}

/// The debt of `side`: the sum over its seats (at most 2 x 16, no overflow).
fn side_debt(debt: &BySeat<u8>, side: Side) -> u8 {
    debt.iter()
        .filter(|(seat, _)| Side::of_seat(*seat) == side)
        .fold(0u8, |sum, (_, &d)| sum.saturating_add(d))
}

/// Whether a disc centred at `p` is in the dark area of the player at `side` (B4): its hole
/// wholly inside his strike zone or wholly inside the centre circle.
pub(crate) fn in_dark_area(d: &Dimensions, side: Compass, p: Vec2) -> bool {
    d.circle_in_zone(side, p, d.disc_hole_radius) || d.circle_in_centre(p, d.disc_hole_radius)
}

/// Two circles whose centres are closer than `reach` overlap (touching is allowed, with a
/// nanometre of slack for rounding).
pub(crate) fn overlaps(a: Vec2, b: Vec2, reach: f64) -> bool {
    let r = reach - 1e-9;
    a.distance_squared(b) < r * r
}

/// Why a puck placement was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlacementFault {
    OffTable,
    Zone,
    OnDisc(DiscId),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::booklet()
    }

    /// N2 with P1 read as "4 discs on each side of the centre line".
    #[test]
    fn n2_b1_rows_along_the_opposite_cushion() {
        let r = rules();
        let pos = Position::start(&r, Seat::new(0));
        assert_eq!(pos.discs().len(), 16);
        // Seat 0 (south) owns the row along the north cushion, 4 each side of x = 0.
        let a: Vec<Vec2> = pos
            .discs()
            .iter()
            .filter(|d| d.side == Side::A)
            .filter_map(|d| d.at)
            .collect();
        assert_eq!(a.len(), 8);
        assert!(a.iter().all(|p| (p.y - 0.474).abs() < 1e-12));
        assert_eq!(a.iter().filter(|p| p.x < 0.0).count(), 4);
        assert_eq!(a.iter().filter(|p| p.x > 0.0).count(), 4);
        // Touching each other: neighbours 2r apart.
        let mut xs: Vec<f64> = a.iter().map(|p| p.x).collect();
        xs.sort_by(f64::total_cmp);
        for w in xs.windows(2) {
            assert!((w[1] - w[0] - 0.052).abs() < 1e-12);
        }
        let b: Vec<Vec2> = pos
            .discs()
            .iter()
            .filter(|d| d.side == Side::B)
            .filter_map(|d| d.at)
            .collect();
        assert!(b.iter().all(|p| (p.y + 0.474).abs() < 1e-12));
        // B1: own discs start light.
        for i in 0..16 {
            let id = DiscId(i);
            let seat = if pos.discs()[i as usize].side == Side::A {
                Seat::new(0)
            } else {
                Seat::new(1)
            };
            assert!(pos.is_light(&r, seat, id));
        }
    }

    #[test]
    fn n16_pairs_rows_and_compass() {
        let r = Rules::booklet_pairs();
        let pos = Position::start(&r, Seat::new(0));
        assert_eq!(pos.discs().len(), 32);
        assert_eq!(pos.on_table(Side::A), 16);
        assert_eq!(seat_compass(Seat::new(1), 4), Compass::West);
        assert_eq!(seat_compass(Seat::new(2), 4), Compass::North);
        // B19: the partner's row lies in the striker's zone, so it is dark for him.
        let south_row_of_north_player = (0..32u8)
            .map(DiscId)
            .filter(|&id| {
                pos.discs()[id.index()].side == Side::A
                    && pos.discs()[id.index()].at.unwrap().y < 0.0
            })
            .collect::<Vec<_>>();
        assert_eq!(south_row_of_north_player.len(), 8);
        for id in south_row_of_north_player {
            assert!(
                pos.is_dark(&r, Seat::new(0), id),
                "partner's disc dark for the south striker"
            );
            assert!(pos.is_light(&r, Seat::new(2), id));
        }
    }

    #[test]
    fn n11_b4_light_and_dark_by_the_hole() {
        let r = rules();
        let mut s = Position::start(&r, Seat::new(0)).to_setup();
        // Own (side A) disc 0 into the centre circle, disc 1 into the south zone, disc 2 on
        // the edge line of the zone (the line crosses its hole: light), disc 3 just outside
        // the circle but with its hole crossing the circle line: light.
        s.discs[0].at = Some(Vec2::new(0.0, 0.05));
        s.discs[1].at = Some(Vec2::new(0.28, -0.45));
        s.discs[2].at = Some(Vec2::new(-0.2, -0.372));
        s.discs[3].at = Some(Vec2::new(0.123, 0.0));
        let pos = Position::from_setup(&r, &s).unwrap();
        assert!(pos.is_dark(&r, Seat::new(0), DiscId(0)));
        assert!(pos.is_dark(&r, Seat::new(0), DiscId(1)));
        assert!(pos.is_light(&r, Seat::new(0), DiscId(2)));
        assert!(pos.is_light(&r, Seat::new(0), DiscId(3)));
        // B4: relative to the striker: side B's discs are never dark for seat 0.
        assert!(!pos.is_dark(&r, Seat::new(0), DiscId(8)));
        assert!(!pos.is_light(&r, Seat::new(0), DiscId(8)));
    }

    /// B3 with P2: the booklet's "line visible" wording is the default, the LNF test a preset.
    #[test]
    fn b3_placement_tests() {
        let pos = Position::start(&rules(), Seat::new(0));
        let booklet = rules();
        let lnf = Rules::lnf();
        let mini = Rules::mini();
        let s0 = Seat::new(0);
        // On the middle line of the south zone: the line shows through the hole.
        let on_line = Vec2::new(0.0, -0.41);
        assert!(pos.placement_ok(&booklet, s0, on_line));
        assert!(
            !pos.placement_ok(&lnf, s0, Vec2::new(0.2, -0.375)),
            "end line shows: LNF refuses"
        );
        // Clear of every line: booklet refuses, LNF accepts.
        let clear = Vec2::new(0.26, -0.41);
        assert!(!pos.placement_ok(&booklet, s0, clear));
        assert!(pos.placement_ok(&lnf, s0, clear));
        assert!(pos.placement_ok(&mini, s0, clear));
        // Outside the zone, or in the other player's zone.
        assert!(!pos.placement_ok(&mini, s0, Vec2::new(0.0, 0.0)));
        assert!(!pos.placement_ok(&mini, s0, Vec2::new(0.0, 0.41)));
        assert!(pos.placement_ok(&mini, Seat::new(1), Vec2::new(0.0, 0.41)));
        // On a disc: side B's row lies along the south cushion.
        assert_eq!(
            pos.placement_check(&mini, s0, Vec2::new(0.026, -0.45)),
            Err(PlacementFault::OnDisc(DiscId(12)))
        );
        // Not finite.
        assert_eq!(
            pos.placement_check(&mini, s0, Vec2::new(f64::NAN, -0.45)),
            Err(PlacementFault::OffTable)
        );
    }

    #[test]
    fn n9_b14_penalty_spot() {
        let r = rules();
        let mut s = Position::start(&r, Seat::new(0)).to_setup();
        s.discs[0].at = None;
        let pos = Position::from_setup(&r, &s).unwrap();
        // South offender: centre line against the north cushion, which is taken by his row
        // (discs at x = +-0.026 touch x = 0). Half with fewer discs: disc 0 (x = +0.182) is
        // pocketed, so the east half (x > 0) has fewer discs.
        let p = pos.penalty_spot(&r, Seat::new(0));
        assert!((p.y - 0.474).abs() < 1e-12);
        assert!(p.x > 0.0, "{p}");
        assert!(pos.free(&r.dimensions, p, None));
        // The nearest free spot to the centre line on that half: the pocketed disc's old spot.
        assert!((p.x - 0.182).abs() < 0.0011, "{p}");
        // North offender's penalty goes against the south cushion.
        let q = pos.penalty_spot(&r, Seat::new(1));
        assert!((q.y + 0.474).abs() < 1e-12);
    }

    #[test]
    fn setup_validation() {
        let r = rules();
        let good = Position::start(&r, Seat::new(0)).to_setup();
        assert!(Position::from_setup(&r, &good).is_ok());
        let mut s = good.clone();
        s.discs.pop();
        assert!(matches!(
            Position::from_setup(&r, &s),
            Err(PositionError::DiscCount { .. })
        ));
        let mut s = good.clone();
        s.discs[1].at = s.discs[0].at;
        assert_eq!(
            Position::from_setup(&r, &s),
            Err(PositionError::Overlap(DiscId(0), DiscId(1)))
        );
        let mut s = good.clone();
        s.discs[1].at = Some(Vec2::new(f64::INFINITY, 0.0));
        assert_eq!(
            Position::from_setup(&r, &s),
            Err(PositionError::OffTable(DiscId(1)))
        );
        let mut s = good.clone();
        s.discs[1].at = Some(Vec2::new(0.43, 0.43));
        assert_eq!(
            Position::from_setup(&r, &s),
            Err(PositionError::InPocket(DiscId(1)))
        );
        let mut s = good.clone();
        s.to_move = Seat::new(2);
        assert_eq!(Position::from_setup(&r, &s), Err(PositionError::Seat(2)));
        let mut s = good.clone();
        for d in s.discs.iter_mut().filter(|d| d.side == Side::A) {
            d.at = None;
        }
        assert!(matches!(
            Position::from_setup(&r, &s),
            Err(PositionError::Result(_))
        ));
        s.status = Status::Won(Side::A);
        assert!(Position::from_setup(&r, &s).is_ok());
        s.status = Status::Won(Side::B);
        assert!(matches!(
            Position::from_setup(&r, &s),
            Err(PositionError::Result(_))
        ));
    }
}
