//! The benchmark scenes of physics.md §3, ready to run: (a) the carrom break, (b) the Novuss
//! break and (c) the scaling box. Benches, golden checksums and validation tests use them.

use crate::{DiscId, DiscKind, PlaceError, StepConfig, Table, Vec2, World, carrom, novuss};

/// The striker's id in [`carrom_break`] (the 19 coins come first, in
/// [`carrom::formation`] order).
pub const CARROM_STRIKER: DiscId = DiscId(19);

/// The puck's id in [`novuss_break`] (the far row is ids 0-7, the near row 8-15, each in
/// order of increasing x).
pub const NOVUSS_PUCK: DiscId = DiscId(16);

/// Scene (a): the ICF board, the 19-coin formation, the striker at (0, −0.2526) moving at
/// (0, +6) m/s, dt = 1 ms.
///
/// # Panics
///
/// Never: the scene's constants are valid (a unit test builds it).
#[must_use]
pub fn carrom_break() -> World {
    let table = carrom::table().expect("ICF constants are valid");
    let mut w = World::new(table, StepConfig::default()).expect("default config is valid");
    for (p, _) in carrom::formation() {
        w.add_disc(carrom::COIN, p, Vec2::ZERO)
            .expect("the formation fits the board");
    }
    let s = w
        .add_disc(
            carrom::STRIKER,
            Vec2::new(0.0, carrom::STRIKER_Y_M),
            Vec2::new(0.0, carrom::BREAK_SPEED_M_S),
        )
        .expect("the striker fits the board");
    debug_assert_eq!(s, CARROM_STRIKER);
    w
}

/// The puck's start and velocity in scene (b): at (0.30, −0.435) aimed at the centre of the
/// far row's outermost +x disc (0.182, 0.474) at 6 m/s.
#[must_use]
pub fn novuss_break_shot() -> (Vec2, Vec2) {
    let from = Vec2::new(0.30, -0.435);
    let to = Vec2::new(0.182, novuss::ROW_Y_M);
    let dir = (to - from).normalized().unwrap_or(Vec2::new(0.0, 1.0));
    (from, dir * novuss::BREAK_SPEED_M_S)
}

/// Scene (b): the Novuss table, both rows of 8 touching discs against their rails, the puck
/// struck at the far row's +x end, dt = 1 ms.
///
/// # Panics
///
/// Never: the scene's constants are valid (a unit test builds it).
#[must_use]
pub fn novuss_break() -> World {
    let table = novuss::table().expect("Novuss constants are valid");
    let mut w = World::new(table, StepConfig::default()).expect("default config is valid");
    for side in [1.0, -1.0] {
        for p in novuss::row(side) {
            w.add_disc(novuss::DISC, p, Vec2::ZERO)
                .expect("the rows fit the table");
        }
    }
    let (p, v) = novuss_break_shot();
    let puck = w
        .add_disc(novuss::PUCK, p, v)
        .expect("the puck fits the table");
    debug_assert_eq!(puck, NOVUSS_PUCK);
    w
}

/// SplitMix64, the scene (c) generator of physics.md (seed 42's first output is
/// 0xbdd732262feb6e95).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform draw in [0, 1): `(next_u64 >> 11) · 2⁻⁵³`.
    pub fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// The disc of scene (c): r = 0.0159 m, m = 0.0055 kg (a carrom coin).
pub const BOX_DISC: DiscKind = carrom::COIN;

/// The side L = √(Nπr²/φ) of scene (c)'s box for `n` discs at area fraction φ = 0.25.
#[must_use]
pub fn scaling_box_side_m(n: usize) -> f64 {
    let r = BOX_DISC.radius_m;
    (n as f64 * std::f64::consts::PI * r * r / 0.25).sqrt()
}

/// Scene (c): `n` equal discs on a jittered lattice in a box of side
/// [`scaling_box_side_m`]`(n)`, random speeds up to 1.5 m/s (SplitMix64, seed 42), no pockets,
/// default parameters, dt = 1 ms. The setup uses `cos`/`sin` for the launch angles (the step
/// does not).
///
/// # Panics
///
/// If the box would be wider than the largest table ([`limits::HALF_SIZE_M`](crate::limits::HALF_SIZE_M): beyond 10¹¹
/// discs). `n = 0` gives an empty world. [`scaling_box_on`] is the checked twin.
#[must_use]
pub fn scaling_box(n: usize) -> World {
    let l = scaling_box_side_m(n.max(1));
    let table = Table::new(l / 2.0, l / 2.0).expect("a box within the table limits");
    scaling_box_on(table, n).expect("the lattice never overlaps")
}

/// Scene (c)'s discs on a given table (for variants with other parameters, such as V5's
/// elastic box): the lattice spans the table's width.
///
/// # Errors
///
/// The [`PlaceError`] of the first disc that does not fit (a table smaller than the scene's
/// box, or too many discs).
pub fn scaling_box_on(table: Table, n: usize) -> Result<World, PlaceError> {
    let l = 2.0 * table.half_width_m();
    let r = BOX_DISC.radius_m;
    let mut w = World::new(table, StepConfig::default()).expect("default config is valid");
    let k = (n as f64).sqrt().ceil() as usize;
    let k = if k * k < n { k + 1 } else { k.max(1) };
    let s = l / k as f64;
    let jitter = 0.9 * (s / 2.0 - r);
    let mut rng = SplitMix64(42);
    for i in 0..n {
        let (ix, iy) = (i % k, i / k);
        let x = -l / 2.0 + (ix as f64 + 0.5) * s + (2.0 * rng.next_unit() - 1.0) * jitter;
        let y = -l / 2.0 + (iy as f64 + 0.5) * s + (2.0 * rng.next_unit() - 1.0) * jitter;
        let speed = 1.5 * rng.next_unit();
        let angle = 2.0 * std::f64::consts::PI * rng.next_unit();
        let v = Vec2::new(speed * angle.cos(), speed * angle.sin());
        w.add_disc(BOX_DISC, Vec2::new(x, y), v)?;
    }
    Ok(w)
}
