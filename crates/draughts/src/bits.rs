//! Private bitboard geometry: bit `i` is square `i + 1` in the standard numbering, rows run
//! from Black's back row (row 0, squares 1-4) to White's (row 7, squares 29-32).
//!
//! Directions: 0 = down-left, 1 = down-right (towards White, Black's forward), 2 = up-left,
//! 3 = up-right (White's forward); left and right as seen from White.

/// No square (a step off the board).
pub(crate) const NONE: u8 = 32;

const fn column(i: u32) -> i32 {
    let r = i / 4;
    let c = (i % 4) as i32;
    if r.is_multiple_of(2) {
        2 * c + 1
    } else {
        2 * c
    }
}

const fn index_of(row: i32, col: i32) -> u8 {
    if row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0 {
        return NONE;
    }
    (row * 4 + col / 2) as u8
}

const DELTA: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, -1), (-1, 1)];

/// `NEIGHBOR[d][i]`: the square one step from `i` in direction `d`, or [`NONE`].
pub(crate) const NEIGHBOR: [[u8; 33]; 4] = {
    let mut t = [[NONE; 33]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            let r = (i / 4) as i32;
            t[d][i as usize] = index_of(r + DELTA[d].0, column(i) + DELTA[d].1);
            i += 1;
        }
        d += 1;
    }
    t
};

/// Squares whose neighbour in direction `d` is at index offset `k` (signed).
const fn offset_mask(d: usize, k: i32) -> u32 {
    let mut m = 0u32;
    let mut i = 0;
    while i < 32 {
        let n = NEIGHBOR[d][i];
        if n != NONE && n as i32 - i as i32 == k {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

const DL4: u32 = offset_mask(0, 4);
const DL3: u32 = offset_mask(0, 3);
const DR4: u32 = offset_mask(1, 4);
const DR5: u32 = offset_mask(1, 5);
const UL4: u32 = offset_mask(2, -4);
const UL5: u32 = offset_mask(2, -5);
const UR4: u32 = offset_mask(3, -4);
const UR3: u32 = offset_mask(3, -3);

// Every neighbour offset is one of the two per direction handled below.
const _: () = {
    assert!(DL4 | DL3 == offset_mask(0, 4) | offset_mask(0, 3));
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        let mut all = 0u32;
        while i < 32 {
            if NEIGHBOR[d][i] != NONE {
                all |= 1 << i;
            }
            i += 1;
        }
        let covered = match d {
            0 => DL4 | DL3,
            1 => DR4 | DR5,
            2 => UL4 | UL5,
            _ => UR4 | UR3,
        };
        assert!(all == covered);
        d += 1;
    }
};

/// Every square of `bb` moved one step in direction `d` (squares stepping off the board
/// vanish).
#[inline(always)]
pub(crate) const fn step(bb: u32, d: usize) -> u32 {
    match d {
        0 => ((bb & DL4) << 4) | ((bb & DL3) << 3),
        1 => ((bb & DR4) << 4) | ((bb & DR5) << 5),
        2 => ((bb & UL4) >> 4) | ((bb & UL5) >> 5),
        _ => ((bb & UR4) >> 4) | ((bb & UR3) >> 3),
    }
}

/// Every square of `bb` moved one step down (`down`: directions 0 and 1 together, towards
/// White) or up (directions 2 and 3), by the index change of 4: left from an even row and
/// right from an odd one going down, the other way round going up. Every square off the last
/// row has such a step, so it is a bare shift.
#[inline(always)]
pub(crate) const fn by4(bb: u32, down: bool) -> u32 {
    if down { bb << 4 } else { bb >> 4 }
}

/// Every square of `bb` moved one step down (`down`) or up by the other index change: 3 or 5
/// (going down: 3 to the left from an odd row, 5 to the right from an even one; going up:
/// 3 to the right from an even row, 5 to the left from an odd one). Together with [`by4`]
/// it makes both steps of a vertical direction, and a square's row parity tells which
/// diagonal a step took: two consecutive steps on one diagonal are always one of each kind.
#[inline(always)]
pub(crate) const fn by35(bb: u32, down: bool) -> u32 {
    if down {
        ((bb & DL3) << 3) | ((bb & DR5) << 5)
    } else {
        ((bb & UR3) >> 3) | ((bb & UL5) >> 5)
    }
}

/// The even rows (0, 2, 4, 6: squares 1-4, 9-12, ...).
pub(crate) const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// The odd rows (1, 3, 5, 7: squares 5-8, 13-16, ...).
pub(crate) const ODD_ROWS: u32 = 0xF0F0_F0F0;

// `by4` is a bare shift: down-left by 4 (even rows) and down-right by 4 (odd rows) together
// are every square off row 7, and likewise upwards off row 0. `by35` going up undoes it
// going down: a square reached by 3 steps back by 3, one reached by 5 by 5.
const _: () = {
    assert!(DL4 & DR4 == 0 && DL4 | DR4 == 0x0FFF_FFFF);
    assert!(UL4 & UR4 == 0 && UL4 | UR4 == 0xFFFF_FFF0);
    assert!(DL4 & !EVEN_ROWS == 0 && DR4 & !ODD_ROWS == 0);
    assert!(UL4 & !EVEN_ROWS == 0 && UR4 & !ODD_ROWS == 0);
    assert!(DL3 & !ODD_ROWS == 0 && DR5 & !EVEN_ROWS == 0);
    assert!(UR3 & !EVEN_ROWS == 0 && UL5 & !ODD_ROWS == 0);
    assert!(DL3 << 3 == UR3 && DR5 << 5 == UL5);
};

/// The direction opposite `d`.
#[inline(always)]
pub(crate) const fn reverse(d: usize) -> usize {
    3 - d
}

/// The (mask, signed offset) pairs of direction `d`, for turning targets back into origins.
pub(crate) const PAIRS: [[(u32, i32); 2]; 4] = [
    [(DL4, 4), (DL3, 3)],
    [(DR4, 4), (DR5, 5)],
    [(UL4, -4), (UL5, -5)],
    [(UR4, -4), (UR3, -3)],
];

/// Row 0 (squares 1-4): where White men are crowned.
pub(crate) const ROW0: u32 = 0x0000_000F;
/// Row 7 (squares 29-32): where Black men are crowned.
pub(crate) const ROW7: u32 = 0xF000_0000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_by_hand() {
        // Square 11 (index 10, f6): down-left 15, down-right 16, up-left 7, up-right 8.
        assert_eq!(NEIGHBOR[0][10], 14);
        assert_eq!(NEIGHBOR[1][10], 15);
        assert_eq!(NEIGHBOR[2][10], 6);
        assert_eq!(NEIGHBOR[3][10], 7);
        // Square 5 (a7) has no left neighbours; square 4 (h8) only down-left to 8.
        assert_eq!(NEIGHBOR[0][4], NONE);
        assert_eq!(NEIGHBOR[2][4], NONE);
        assert_eq!(NEIGHBOR[0][3], 7);
        assert_eq!(NEIGHBOR[1][3], NONE);
        assert_eq!(NEIGHBOR[3][3], NONE);
    }

    #[test]
    fn vertical_steps_are_both_diagonals() {
        for i in 0..32 {
            let b = 1u32 << i;
            assert_eq!(
                by4(b, true) | by35(b, true),
                step(b, 0) | step(b, 1),
                "down {i}"
            );
            assert_eq!(
                by4(b, false) | by35(b, false),
                step(b, 2) | step(b, 3),
                "up {i}"
            );
            assert_eq!(by4(b, true) & by35(b, true), 0);
            assert_eq!(by4(b, false) & by35(b, false), 0);
            // Back again.
            if by35(b, true) != 0 {
                assert_eq!(by35(by35(b, true), false), b);
            }
            if by4(b, true) != 0 {
                assert_eq!(by4(by4(b, true), false), b);
            }
        }
    }

    #[test]
    fn step_agrees_with_table() {
        for (d, table) in NEIGHBOR.iter().enumerate() {
            for (i, &n) in table.iter().take(32).enumerate() {
                let want = if n == NONE { 0 } else { 1u32 << n };
                assert_eq!(step(1 << i, d), want, "d {d} i {i}");
            }
        }
    }
}
