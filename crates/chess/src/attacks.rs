//! Attack tables, all computed at compile time by `const fn` (no runtime initialisation):
//! leaper tables for pawns, knights and kings, "fancy" magic bitboards for sliders, and the
//! `between`/`line` tables used for pins and check masks.

use crate::bitboard::Bitboard;
use crate::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use crate::types::{Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq & 7) as i32, (sq >> 3) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if on_board(nf, nr) {
                t[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn pawn_table(dr: i32) -> [u64; 64] {
    leaper_table(&[(-1, dr), (1, dr)])
}

static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_DELTAS);
static KING: [u64; 64] = leaper_table(&KING_DELTAS);
static PAWN: [[u64; 64]; 2] = [pawn_table(1), pawn_table(-1)];

/// Sliding attacks by ray walking (used only to build the tables, and in tests).
pub(crate) const fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut a = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            a |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    a
}

/// The relevant occupancy mask: the rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut a = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
        while on_board(f + df, r + dr) {
            a |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    a
}

#[derive(Clone, Copy)]
struct MagicEntry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

const fn magics(dirs: &[(i32, i32); 4], numbers: &[u64; 64]) -> ([MagicEntry; 64], usize) {
    let mut out = [MagicEntry {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = MagicEntry {
            mask,
            magic: numbers[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (out, offset)
}

const ROOK_MAGIC_INFO: ([MagicEntry; 64], usize) = magics(&ROOK_DIRS, &ROOK_MAGICS);
const BISHOP_MAGIC_INFO: ([MagicEntry; 64], usize) = magics(&BISHOP_DIRS, &BISHOP_MAGICS);
static ROOK_M: [MagicEntry; 64] = ROOK_MAGIC_INFO.0;
static BISHOP_M: [MagicEntry; 64] = BISHOP_MAGIC_INFO.0;
const ROOK_TABLE_LEN: usize = ROOK_MAGIC_INFO.1;
const BISHOP_TABLE_LEN: usize = BISHOP_MAGIC_INFO.1;

const fn slider_table<const N: usize>(dirs: &[(i32, i32); 4], info: &[MagicEntry; 64]) -> [u64; N] {
    let mut t = [0u64; N];
    let mut sq = 0;
    while sq < 64 {
        let m = info[sq];
        // Carry-rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            let idx = m.offset + (sub.wrapping_mul(m.magic) >> m.shift) as usize;
            t[idx] = slide(sq, sub, dirs);
            sub = sub.wrapping_sub(m.mask) & m.mask;
            if sub == 0 {
                break;
            }
        }
        sq += 1;
    }
    t
}

// Building 100k entries at compile time takes a few seconds of const evaluation.
#[allow(long_running_const_eval)]
static ROOK_TABLE: [u64; ROOK_TABLE_LEN] =
    slider_table::<ROOK_TABLE_LEN>(&ROOK_DIRS, &ROOK_MAGIC_INFO.0);
#[allow(long_running_const_eval)]
static BISHOP_TABLE: [u64; BISHOP_TABLE_LEN] =
    slider_table::<BISHOP_TABLE_LEN>(&BISHOP_DIRS, &BISHOP_MAGIC_INFO.0);

const fn empty_board_table(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, 0, dirs);
        sq += 1;
    }
    t
}

static ROOK_RAYS: [u64; 64] = empty_board_table(&ROOK_DIRS);
static BISHOP_RAYS: [u64; 64] = empty_board_table(&BISHOP_DIRS);

/// Squares a rook on `sq` attacks on an empty board (a small table, for pin and check
/// detection).
#[inline]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq as usize])
}

/// Squares a bishop on `sq` attacks on an empty board.
#[inline]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq as usize])
}

/// The squares from `sq` (exclusive) to the edge in one direction.
const fn ray(sq: usize, df: i32, dr: i32) -> u64 {
    let mut a = 0u64;
    let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
    while on_board(f, r) {
        a |= 1u64 << (r * 8 + f);
        f += df;
        r += dr;
    }
    a
}

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = if d < 4 {
                ROOK_DIRS[d]
            } else {
                BISHOP_DIRS[d - 4]
            };
            // Full line through `a` in this direction (both ways).
            let full = ray(a, df, dr) | ray(a, -df, -dr) | (1u64 << a);
            let (mut f, mut r) = ((a & 7) as i32 + df, (a >> 3) as i32 + dr);
            let mut btw = 0u64;
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                between[a][b] = btw;
                line[a][b] = full;
                btw |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

const LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();
static BETWEEN: [[u64; 64]; 64] = LINES.0;
static LINE: [[u64; 64]; 64] = LINES.1;

/// Squares a knight on `sq` attacks.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{knight_attacks, Square};
///
/// assert_eq!(knight_attacks(Square::B1).collect::<Vec<_>>(), [Square::D2, Square::A3, Square::C3]);
/// ```
#[inline]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq as usize])
}

/// Squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq as usize])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward, rule K6).
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq as usize])
}

/// Squares a rook on `sq` attacks, given the occupied squares.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{rook_attacks, Bitboard, Square};
///
/// let blockers = Bitboard::from_square(Square::A4);
/// let a = rook_attacks(Square::A1, blockers);
/// assert!(a.contains(Square::A4) && !a.contains(Square::A5));
/// assert_eq!(a.count(), 3 + 7);
/// ```
#[inline]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &ROOK_M[sq as usize];
    Bitboard(
        ROOK_TABLE[m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize],
    )
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &BISHOP_M[sq as usize];
    Bitboard(
        BISHOP_TABLE[m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize],
    )
}

/// Rook attacks without the large magic table: two small tables indexed by the occupancy of
/// the six inner squares of the rook's file (4 KB) and of its rank (512 bytes). A few more
/// instructions than [`rook_attacks`], but nothing that can miss the cache: the faster
/// choice where positions vary a lot (random games).
#[inline]
#[must_use]
pub(crate) fn rook_attacks_small(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq as u32;
    let file = s & 7;
    // File: the file's occupancy moved to the a-file, its inner squares gathered by a
    // multiplication (`FILE_GATHER`), then the a-file attacks moved back.
    let on_a = (occupied.0 >> file) & FILE_A;
    let inner = (on_a.wrapping_mul(FILE_GATHER) >> 58) as usize;
    let file_attacks = FILE_ATTACKS[(s >> 3) as usize][inner] << file;
    // Rank: the six inner squares are adjacent bits already.
    let shift = s & 56;
    let inner = ((occupied.0 >> (shift + 1)) & 63) as usize;
    let rank = u64::from(RANK_ATTACKS[file as usize][inner]) << shift;
    Bitboard(file_attacks | rank)
}

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The c2-h7 diagonal: multiplying an a-file occupancy by it brings a2-a7 to the top six
/// bits (a2 highest) without carries, whatever a1 and a8 hold (checked by a test).
const FILE_GATHER: u64 = 0x0080_4020_1008_0400;

/// Rook attacks along the a-file by the rook's rank and the gathered inner occupancy.
const fn file_attack_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut pattern = 0;
    while pattern < 64 {
        let mut occ = 0u64;
        let mut k = 0;
        while k < 6 {
            if pattern >> k & 1 != 0 {
                occ |= 1 << (8 * (k + 1));
            }
            k += 1;
        }
        let inner = (occ.wrapping_mul(FILE_GATHER) >> 58) as usize;
        let mut rank = 0;
        while rank < 8 {
            t[rank][inner] = slide(rank * 8, occ, &ROOK_DIRS) & FILE_A;
            rank += 1;
        }
        pattern += 1;
    }
    t
}

static FILE_ATTACKS: [[u64; 64]; 8] = file_attack_table();

const fn rank_attack_table() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner as u64) << 1;
            t[f][inner] = slide(f, occ, &ROOK_DIRS) as u8;
            inner += 1;
        }
        f += 1;
    }
    t
}

static RANK_ATTACKS: [[u8; 64]; 8] = rank_attack_table();

/// A choice of sliding-attack functions: the move generator is instantiated with the one
/// that suits its workload.
pub(crate) trait Sliders {
    /// Bishop attacks from `sq`.
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard;
    /// Rook attacks from `sq`.
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard;
    /// Whether a lookup costs a single table read (magic bitboards), so that an attack
    /// map of a few sliders is cheaper than testing squares against them one by one.
    const ONE_READ: bool;
}

/// Magic bitboards: the fewest instructions, for workloads whose positions keep the tables
/// in cache (perft, search around one position).
pub(crate) struct Magic;

/// No large table, for workloads over many unrelated positions (random playouts), where
/// the 800 KB of magic rook attacks miss the cache: small file and rank tables for the rooks
/// ([`rook_attacks_small`]) and the magic bishops, whose 42 KB table stays in the cache.
pub(crate) struct SmallTables;

impl Sliders for Magic {
    const ONE_READ: bool = true;
    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks(sq, occupied)
    }
    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks(sq, occupied)
    }
}

impl Sliders for SmallTables {
    const ONE_READ: bool = false;
    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks(sq, occupied)
    }
    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks_small(sq, occupied)
    }
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; empty
/// otherwise.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{between, Square};
///
/// assert_eq!(between(Square::E1, Square::H4).count(), 2); // f2, g3
/// assert!(between(Square::E1, Square::F3).is_empty());
/// ```
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a as usize][b as usize])
}

/// The whole rank, file or diagonal through `a` and `b` (edge to edge), or empty if they do
/// not share one.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a as usize][b as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_and_small_table_attacks_agree_with_ray_walking() {
        // A cheap deterministic sweep of occupancies on every square.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for sq in Square::ALL {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let occ = x & x.rotate_left(17);
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    slide(sq as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(sq as usize, occ, &BISHOP_DIRS)
                );
                assert_eq!(
                    rook_attacks_small(sq, Bitboard(occ)).0,
                    slide(sq as usize, occ, &ROOK_DIRS)
                );
            }
        }
    }

    #[test]
    fn small_table_rook_attacks_agree_with_ray_walking_for_every_file_and_rank_occupancy() {
        // Every subset of the rook's file and rank (only they matter), plus pieces
        // elsewhere that must be ignored.
        for sq in Square::ALL {
            let lines = rook_rays(sq).0;
            let mut sub = 0u64;
            loop {
                for noise in [0, !lines & 0x5a5a_5a5a_5a5a_5a5a] {
                    let occ = sub | noise | 1 << sq as u32;
                    assert_eq!(
                        rook_attacks_small(sq, Bitboard(occ)).0,
                        slide(sq as usize, occ, &ROOK_DIRS),
                        "{sq} {occ:#x}"
                    );
                }
                sub = sub.wrapping_sub(lines) & lines;
                if sub == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn k8_knight_and_k12_king_move_counts_from_corners_and_centre() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::A1).count(), 3);
        assert_eq!(king_attacks(Square::E4).count(), 8);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2).with(Square::C3)
        );
        assert!(between(Square::A1, Square::B3).is_empty());
        assert!(line(Square::A1, Square::H8).contains(Square::E5));
        assert!(line(Square::A1, Square::B3).is_empty());
    }
}
