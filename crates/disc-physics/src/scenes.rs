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
///
/// # Examples
///
/// ```
/// use disc_physics::scenes::SplitMix64;
/// let mut rng = SplitMix64(42);
/// assert_eq!(rng.next_u64(), 0xbdd7_3226_2feb_6e95);
/// let u = rng.next_unit();
/// assert!((0.0..1.0).contains(&u));
/// ```
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
/// default parameters, dt = 1 ms. The launch velocity is (speed · cos θ, speed · sin θ) with
/// θ = 2πu, where cos and sin are computed by [`cos_sin`] with `+ - * /` only and correctly
/// rounded, so the scene is the same on every platform (a libm's `cos` and `sin` may differ
/// in the last bit between platforms).
///
/// # Panics
///
/// If the box would be wider than the largest table
/// ([`limits::HALF_SIZE_M`](crate::limits::HALF_SIZE_M): beyond 10¹¹ discs) or `n` is above
/// [`limits::MAX_DISCS`](crate::limits::MAX_DISCS); the message says which. `n = 0` gives an
/// empty world. [`scaling_box_on`] is the checked twin (with the table
/// `Table::new(l / 2, l / 2)`, `l` = [`scaling_box_side_m`]`(n)`).
#[must_use]
pub fn scaling_box(n: usize) -> World {
    let l = scaling_box_side_m(n.max(1));
    let table = match Table::new(l / 2.0, l / 2.0) {
        Ok(table) => table,
        Err(e) => panic!("no table holds a scaling box of {n} discs: {e}"),
    };
    match scaling_box_on(table, n) {
        Ok(w) => w,
        Err(e) => panic!("no scaling box of {n} discs: {e}"),
    }
}

/// Scene (c)'s discs on a given table (for variants with other parameters, such as V5's
/// elastic box): the lattice spans the table's width.
///
/// # Errors
///
/// The [`PlaceError`] of the first disc that does not fit (a table smaller than the scene's
/// box), or [`PlaceError::TooManyDiscs`] at once, before any disc is added, for `n` above
/// [`limits::MAX_DISCS`](crate::limits::MAX_DISCS) (before the API audit of 5 Dec 2026 it
/// added 2³¹ discs first, about 200 GB).
pub fn scaling_box_on(table: Table, n: usize) -> Result<World, PlaceError> {
    let l = 2.0 * table.half_width_m();
    let mut w = World::new(table, StepConfig::default()).expect("default config is valid");
    lattice(&mut w, n, -l / 2.0, l)?;
    Ok(w)
}

/// Half the side of [`clustered_box`]'s table: 10 km (a 20 km table, the largest allowed).
pub const CLUSTER_TABLE_HALF_M: f64 = 1e4;

/// Scene (c)'s `n` discs (the same lattice, speeds and directions, in a box of side
/// [`scaling_box_side_m`]`(n)`) packed into the corner (−10 km, −10 km) of a 20 km table: the
/// clustered scene of issue 18, whose cost must follow the discs, not the table. The box's
/// own top and right sides are open (the table's cushions are 20 km away).
///
/// # Panics
///
/// As [`scaling_box`] (also at once for `n` above
/// [`limits::MAX_DISCS`](crate::limits::MAX_DISCS)). [`try_clustered_box`] is the checked
/// twin.
#[must_use]
pub fn clustered_box(n: usize) -> World {
    match try_clustered_box(n) {
        Ok(w) => w,
        Err(e) => panic!("no clustered box of {n} discs: {e}"),
    }
}

/// [`clustered_box`], checked.
///
/// # Errors
///
/// [`PlaceError::TooManyDiscs`] at once, before any disc is added, for `n` above
/// [`limits::MAX_DISCS`](crate::limits::MAX_DISCS); otherwise the [`PlaceError`] of the
/// first disc that does not fit (a box wider than the table).
pub fn try_clustered_box(n: usize) -> Result<World, PlaceError> {
    let l = scaling_box_side_m(n.max(1));
    let half = CLUSTER_TABLE_HALF_M;
    let table = Table::new(half, half).expect("the largest table is valid");
    let mut w = World::new(table, StepConfig::default()).expect("default config is valid");
    lattice(&mut w, n, -half, l)?;
    Ok(w)
}

/// Scene (c)'s lattice of `n` discs in the square of side `l` whose lower-left corner is at
/// (`x0`, `x0`) (SplitMix64, seed 42, four draws per disc).
fn lattice(w: &mut World, n: usize, x0: f64, l: f64) -> Result<(), PlaceError> {
    // More than a world holds: refused before any disc is added (and before `k * k` below
    // could overflow).
    if n > crate::limits::MAX_DISCS {
        return Err(PlaceError::TooManyDiscs);
    }
    let r = BOX_DISC.radius_m;
    let k = (n as f64).sqrt().ceil() as usize;
    let k = if k * k < n { k + 1 } else { k.max(1) };
    let s = l / k as f64;
    let jitter = 0.9 * (s / 2.0 - r);
    let mut rng = SplitMix64(42);
    for i in 0..n {
        let (ix, iy) = (i % k, i / k);
        let x = x0 + (ix as f64 + 0.5) * s + (2.0 * rng.next_unit() - 1.0) * jitter;
        let y = x0 + (iy as f64 + 0.5) * s + (2.0 * rng.next_unit() - 1.0) * jitter;
        let speed = 1.5 * rng.next_unit();
        let angle = 2.0 * std::f64::consts::PI * rng.next_unit();
        let (cos, sin) = cos_sin(angle);
        let v = Vec2::new(speed * cos, speed * sin);
        w.add_disc(BOX_DISC, Vec2::new(x, y), v)?;
    }
    Ok(())
}

/// `(cos θ, sin θ)` for θ in [0, 2π], correctly rounded, computed with `+ - * /` only, so
/// that every platform gets the same bits (scene (c)'s launch directions; physics.md asks for
/// `+ - * /` and `sqrt` in everything the golden values depend on).
///
/// θ is reduced by the nearest multiple k·π/2 (π/2 in three parts, in double-double
/// arithmetic), and the Taylor series of sin and cos on |r| ≤ π/4 are summed to 15 terms in
/// double-double (relative error about 10⁻³⁰); rounding the double-double to the nearest
/// double is then correct unless the true value lies within about 10⁻³⁰ of a rounding
/// boundary, or θ lies within 10⁻¹² of a multiple of π/2, where the reduction's 10⁻³² absolute
/// error dominates. Scene (c)'s draws meet neither (`tests/validation.rs` compares every
/// draw up to N = 262,144 with the platform's `cos` and `sin` to one ulp; on x86-64 Linux they
/// agree bit for bit, which is why the scene's checksums did not change when it stopped
/// using them). Angles outside [0, 2π] are reduced the same way, less precisely, up to
/// |θ| = [`COS_SIN_MAX_THETA`] (2⁵⁰, about 1.1·10¹⁵: beyond it one rounding of θ·2/π can put
/// the reduced angle outside the range where the series converges). A larger or non-finite
/// θ gives `(NaN, NaN)`.
#[must_use]
pub fn cos_sin(theta: f64) -> (f64, f64) {
    // pi/2 = PIO2_1 + PIO2_2 + PIO2_3 to about 1e-49.
    const PIO2_1: f64 = std::f64::consts::FRAC_PI_2;
    const PIO2_2: f64 = 6.123233995736766e-17;
    const PIO2_3: f64 = -1.4973849048591698e-33;
    const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
    // Also refuses NaN and the infinities. (Before the API audit of 5 Dec 2026 a larger θ
    // was reduced wrongly: cos_sin(1e20) gave (9.8e50, -2.5e52), cos_sin(1e300) NaN.)
    if theta.is_nan() || theta.abs() > COS_SIN_MAX_THETA {
        return (f64::NAN, f64::NAN);
    }
    let k = (theta * TWO_OVER_PI + 0.5).floor();
    // r = theta - k pi/2, exactly to double-double precision.
    let r = Dd::from(theta)
        .sub(Dd::prod(k, PIO2_1))
        .sub(Dd::prod(k, PIO2_2))
        .sub(Dd::from(k * PIO2_3));
    let r2 = r.mul(r);
    let sin_r = r.mul(horner(&SIN_COEFFS, r2)).round();
    let cos_r = horner(&COS_COEFFS, r2).round();
    // k mod 4 (k is a small whole number for theta in range; rem_euclid keeps it in 0..4).
    match k.rem_euclid(4.0) as u8 {
        0 => (cos_r, sin_r),
        1 => (-sin_r, cos_r),
        2 => (-cos_r, -sin_r),
        _ => (sin_r, -cos_r),
    }
}

/// The largest |θ| that [`cos_sin`] reduces: 2⁵⁰ (about 1.1·10¹⁵). Up to it θ·2/π is
/// rounded by less than 0.15, so the multiple of π/2 taken off is the nearest to within
/// 0.65 of a step and the reduced angle stays within about 1 rad, where the series
/// converges to full precision.
pub const COS_SIN_MAX_THETA: f64 = 1_125_899_906_842_624.0;

/// (-1)^n / (2n + 1)! for n = 0..14 as double-doubles (exact rationals rounded twice).
const SIN_COEFFS: [(f64, f64); 15] = [
    (1.0, 0.0),
    (-0.16666666666666666, -9.25185853854297e-18),
    (0.008333333333333333, 1.1564823173178714e-19),
    (-0.0001984126984126984, -1.7209558293420705e-22),
    (2.7557319223985893e-06, -1.858393274046472e-22),
    (-2.505210838544172e-08, 1.448814070935912e-24),
    (1.6059043836821613e-10, 1.2585294588752098e-26),
    (-7.647163731819816e-13, -7.03872877733453e-30),
    (2.8114572543455206e-15, 1.6508842730861433e-31),
    (-8.22063524662433e-18, -2.2141894119604265e-34),
    (1.9572941063391263e-20, -1.3643503830087908e-36),
    (-3.868170170630684e-23, 8.843177655482344e-40),
    (6.446950284384474e-26, -1.9330404233703465e-42),
    (-9.183689863795546e-29, -1.4303150396787322e-45),
    (1.1309962886447716e-31, 1.0498015412959506e-47),
];

/// (-1)^n / (2n)! for n = 0..14 as double-doubles.
const COS_COEFFS: [(f64, f64); 15] = [
    (1.0, 0.0),
    (-0.5, 0.0),
    (0.041666666666666664, 2.3129646346357427e-18),
    (-0.001388888888888889, 5.300543954373577e-20),
    (2.48015873015873e-05, 2.1511947866775882e-23),
    (-2.755731922398589e-07, -2.3767714622250297e-23),
    (2.08767569878681e-09, -1.20734505911326e-25),
    (-1.1470745597729725e-11, -2.0655512752830745e-28),
    (4.779477332387385e-14, 4.399205485834081e-31),
    (-1.5619206968586225e-16, -1.1910679660273754e-32),
    (4.110317623312165e-19, 1.4412973378659527e-36),
    (-8.896791392450574e-22, 7.911402614872376e-38),
    (1.6117375710961184e-24, -3.6846573564509766e-41),
    (-2.4795962632247976e-27, 1.2953730964765229e-43),
    (3.279889237069838e-30, 1.5117542744029879e-46),
];

/// Σ c_n x^n by Horner's rule in double-double.
fn horner(coeffs: &[(f64, f64)], x: Dd) -> Dd {
    let mut acc = Dd::ZERO;
    for &(hi, lo) in coeffs.iter().rev() {
        acc = acc.mul(x).add(Dd { hi, lo });
    }
    acc
}

/// A double-double: the unevaluated sum `hi + lo` with |lo| ≤ ulp(hi) / 2 (about 106 bits),
/// from the classic error-free transformations (Dekker, Knuth), with no fused multiply-add.
#[derive(Clone, Copy, Debug)]
struct Dd {
    hi: f64,
    lo: f64,
}

impl Dd {
    const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };

    fn from(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// `a + b` exactly (Knuth's two-sum).
    fn two_sum(a: f64, b: f64) -> Dd {
        let s = a + b;
        let bb = s - a;
        Dd {
            hi: s,
            lo: (a - (s - bb)) + (b - bb),
        }
    }

    /// `a + b` exactly when |a| ≥ |b|.
    fn quick_two_sum(a: f64, b: f64) -> Dd {
        let s = a + b;
        Dd {
            hi: s,
            lo: b - (s - a),
        }
    }

    /// Dekker's split of `a` into two halves of 26 bits.
    fn split(a: f64) -> (f64, f64) {
        let c = 134_217_729.0 * a; // 2^27 + 1
        let hi = c - (c - a);
        (hi, a - hi)
    }

    /// `a * b` exactly (Dekker's two-product).
    fn prod(a: f64, b: f64) -> Dd {
        let p = a * b;
        let (ah, al) = Dd::split(a);
        let (bh, bl) = Dd::split(b);
        Dd {
            hi: p,
            lo: ((ah * bh - p) + ah * bl + al * bh) + al * bl,
        }
    }

    fn add(self, o: Dd) -> Dd {
        let s = Dd::two_sum(self.hi, o.hi);
        let t = Dd::two_sum(self.lo, o.lo);
        let u = Dd::quick_two_sum(s.hi, s.lo + t.hi);
        Dd::quick_two_sum(u.hi, u.lo + t.lo)
    }

    fn sub(self, o: Dd) -> Dd {
        self.add(Dd {
            hi: -o.hi,
            lo: -o.lo,
        })
    }

    fn mul(self, o: Dd) -> Dd {
        let p = Dd::prod(self.hi, o.hi);
        Dd::quick_two_sum(p.hi, p.lo + (self.hi * o.lo + self.lo * o.hi))
    }

    /// The double nearest `hi + lo`.
    fn round(self) -> f64 {
        self.hi + self.lo
    }
}
