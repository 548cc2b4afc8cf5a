//! Sets of squares as 64-bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::{File, Rank, Square};

/// A set of squares, bit `i` standing for the square of index `i` (`A1 = 0`).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Bitboard, File, Square};
///
/// let b = Bitboard::from_square(Square::A1).with(Square::H8);
/// assert_eq!(b.count(), 2);
/// assert!(b.contains(Square::H8));
/// assert_eq!(b.collect::<Vec<Square>>(), [Square::A1, Square::H8]);
/// assert_eq!((Bitboard::file(File::A) & b).single(), Some(Square::A1));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of a file.
    #[must_use]
    pub const fn file(f: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << f as u32)
    }

    /// All squares of a rank.
    #[must_use]
    pub const fn rank(r: Rank) -> Bitboard {
        Bitboard(0xff << (8 * r as u32))
    }

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The number of squares of a set of at most 15 (the moves of any piece but a queen):
    /// the usual bit count with one step fewer, the 4-bit partial counts summed by a single
    /// multiplication (no partial sum exceeds 15, so none carries).
    pub(crate) const fn count_at_most_15(self) -> u32 {
        debug_assert!(self.0.count_ones() <= 15);
        let x = self.0 - ((self.0 >> 1) & 0x5555_5555_5555_5555);
        let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
        (x.wrapping_mul(0x1111_1111_1111_1111) >> 60) as u32
    }

    /// Whether the set holds two or more squares.
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// The only square, if the set holds exactly one.
    #[must_use]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// The set with every square moved `offset` squares up the index order (down for a
    /// negative offset); squares moved off the board are dropped, none wrap around.
    #[must_use]
    pub(crate) const fn shifted(self, offset: i32) -> Bitboard {
        if offset >= 0 {
            Bitboard(self.0 << offset)
        } else {
            Bitboard(self.0 >> -offset)
        }
    }

    /// The set mirrored top to bottom.
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_masked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    /// The `n`-th square, lowest first (clears the `n` lowest squares without testing each).
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Square> {
        for _ in 0..n {
            self.0 &= self.0.wrapping_sub(1);
        }
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard {
                Bitboard(self.0 $op o.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_at_most_15_is_the_bit_count_of_every_set_of_up_to_15_squares() {
        // Every set of the 15 highest and of the 15 lowest squares (where the partial sums
        // are largest and smallest), and spread-out sets of every size up to 15.
        for bits in 0..1u64 << 15 {
            for set in [bits, bits << 49, bits.wrapping_mul(0x0000_0421_0842_1085)] {
                let set = Bitboard(set);
                if set.count() <= 15 {
                    assert_eq!(set.count_at_most_15(), set.count(), "{set:?}");
                }
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Keep at most 15 of the bits.
            let mut set = x;
            while set.count_ones() > 15 {
                set &= set - 1;
            }
            assert_eq!(Bitboard(set).count_at_most_15(), set.count_ones());
        }
    }
}
