//! Polyglot opening books (`.bin`): the book format most chess GUIs and engines read. A book is
//! a file of 16-byte entries sorted by key, each big-endian: the position's Polyglot key
//! ([`Position::zobrist`]), a move, a weight and a learn value. A move packs the target square
//! (bits 0-5), the origin (bits 6-11, squares counted a1 = 0 to h8 = 63) and a promotion
//! (bits 12-14: 1 knight, 2 bishop, 3 rook, 4 queen); castling is written as the king taking
//! its own rook (`e1h1`), in standard chess as in Chess960.
//!
//! [`Book`] reads a book from bytes the caller owns, without copying them or allocating, and
//! finds a position's entries by binary search.
//!
//! # Examples
//!
//! ```
//! use lattjo_chess::polyglot::Book;
//! use lattjo_chess::{GameRng, Position};
//! // A one-entry book: 1. e4 from the start, weight 10.
//! let start = Position::new();
//! let mut bytes = start.zobrist().to_be_bytes().to_vec();
//! bytes.extend_from_slice(&(12 << 6 | 28u16).to_be_bytes()); // e2 (12) to e4 (28)
//! bytes.extend_from_slice(&10u16.to_be_bytes());
//! bytes.extend_from_slice(&0u32.to_be_bytes());
//! let book = Book::new(&bytes)?;
//! let entries: Vec<_> = book.entries(&start).collect();
//! assert_eq!(entries.len(), 1);
//! assert_eq!(start.to_uci(entries[0].mv).to_string(), "e2e4");
//! assert_eq!(entries[0].weight, 10);
//! let mut rng = GameRng::new(1, 0);
//! assert_eq!(book.choose(&start, &mut rng), Some(entries[0].mv));
//! # Ok::<(), lattjo_chess::polyglot::BookError>(())
//! ```

use crate::position::{Move, Position};
use crate::types::{Role, Square};
use boardgame_core::GameRng;

/// The size of a book entry in bytes.
pub const ENTRY_BYTES: usize = 16;

/// Bytes that are not a Polyglot book.
///
/// # Examples
///
/// ```
/// use lattjo_chess::polyglot::{Book, BookError};
/// assert_eq!(Book::new(&[0; 17]).err(), Some(BookError::Length(17)));
/// let mut two = [0u8; 32];
/// two[7] = 1; // the first entry's key is 1, the second's 0
/// assert_eq!(Book::new(&two).err(), Some(BookError::Unsorted { entry: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The length is not a multiple of 16 bytes.
    #[error("a polyglot book is a whole number of 16-byte entries, got {0} bytes")]
    Length(usize),
    /// An entry's key is below the key before it: the binary search would miss entries.
    #[error("entry {entry} has a lower key than the entry before it: the book is not sorted")]
    Unsorted {
        /// The entry's index, 0 first.
        entry: usize,
    },
}

/// One entry of a book as stored: the key, the packed move, the weight and the learn value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move as packed in the file (see the module docs).
    pub mv: u16,
    /// The weight: how often the move should be chosen, relative to the position's others.
    pub weight: u16,
    /// The learn value, which most books leave 0.
    pub learn: u32,
}

/// A book entry for a position: its move, checked legal there, with the weight and learn value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The move, in this crate's encoding (castling as the king onto its rook).
    pub mv: Move,
    /// The weight.
    pub weight: u16,
    /// The learn value.
    pub learn: u32,
}

/// A Polyglot opening book borrowed from bytes: whole entries, sorted by key (checked once).
/// `Debug` shows the number of entries, not the bytes.
#[derive(Clone, Copy)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

impl core::fmt::Debug for Book<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Book")
            .field("entries", &self.len())
            .finish()
    }
}

impl<'a> Book<'a> {
    /// The book in `bytes`.
    ///
    /// # Errors
    ///
    /// [`BookError::Length`] when the length is not a multiple of 16,
    /// [`BookError::Unsorted`] when a key is below the one before it.
    pub fn new(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(BookError::Length(bytes.len()));
        }
        let book = Book { bytes };
        let mut last = 0;
        for i in 0..book.len() {
            let key = book.key(i);
            if key < last {
                return Err(BookError::Unsorted { entry: i });
            }
            last = key;
        }
        Ok(book)
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_BYTES
    }

    /// Whether the book has no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn key(&self, i: usize) -> u64 {
        let b = &self.bytes[i * ENTRY_BYTES..i * ENTRY_BYTES + 8];
        u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    }

    /// Entry `i` as stored (0 first), or `None` past the end (for any `i`, however large).
    #[must_use]
    pub fn raw(&self, i: usize) -> Option<RawEntry> {
        if i >= self.len() {
            return None;
        }
        let b = self.bytes.get(i * ENTRY_BYTES..(i + 1) * ENTRY_BYTES)?;
        Some(RawEntry {
            key: self.key(i),
            mv: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        })
    }

    /// The entries stored for `key`, in the book's order.
    pub fn raw_entries(&self, key: u64) -> impl Iterator<Item = RawEntry> + '_ {
        // The first entry whose key is not below `key`.
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo..self.len()).map_while(move |i| self.raw(i).filter(|e| e.key == key))
    }

    /// The entries for `position` whose moves are legal there, in the book's order, whatever
    /// their weight (python-chess's `find_all` with `minimum_weight=0`). An entry whose move
    /// is not legal (a key collision, or a damaged book) is skipped.
    pub fn entries<'p>(&'p self, position: &'p Position) -> impl Iterator<Item = BookEntry> + 'p {
        self.raw_entries(position.zobrist()).filter_map(|e| {
            let mv = decode(position, e.mv)?;
            position.is_legal(mv).then_some(BookEntry {
                mv,
                weight: e.weight,
                learn: e.learn,
            })
        })
    }

    /// A move for `position` drawn with probability proportional to its weight, from the
    /// seeded generator (the same seed gives the same choice); `None` when the book has no
    /// legal move of positive weight there.
    pub fn choose(&self, position: &Position, rng: &mut GameRng) -> Option<Move> {
        // In u64: a book may repeat an entry, and 65,537 weights of 65,535 pass u32.
        let total: u64 = self.entries(position).map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.index(usize::try_from(total).unwrap_or(usize::MAX)) as u64;
        for e in self.entries(position) {
            let w = u64::from(e.weight);
            if pick < w {
                return Some(e.mv);
            }
            pick -= w;
        }
        None
    }
}

/// The move a packed book move names in `position`: origin, target and promotion; `None` for
/// a promotion code above 4. The king's two-square move of standard chess (`e1g1`), which
/// some books write for castling, becomes castling as [`Position::parse_uci`] reads it.
fn decode(position: &Position, raw: u16) -> Option<Move> {
    let to = Square::new(u32::from(raw & 0x3f))?;
    let from = Square::new(u32::from((raw >> 6) & 0x3f))?;
    let promotion = match (raw >> 12) & 0x7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    Some(position.coordinate_move(from, to, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, mv: u16, weight: u16) -> [u8; ENTRY_BYTES] {
        let mut e = [0u8; ENTRY_BYTES];
        e[..8].copy_from_slice(&key.to_be_bytes());
        e[8..10].copy_from_slice(&mv.to_be_bytes());
        e[10..12].copy_from_slice(&weight.to_be_bytes());
        e
    }

    /// e2 = 12, e4 = 28, d2 = 11, d4 = 27, a1 = 0, h8 = 63.
    fn start_book() -> Vec<u8> {
        let key = Position::new().zobrist();
        [
            entry(key - 1, 12 << 6 | 28, 9),
            entry(key, 12 << 6 | 28, 3),
            entry(key, 11 << 6 | 27, 1),
            entry(key, 63, 5),                     // a1h8: not legal, skipped
            entry(key, 5 << 12 | 12 << 6 | 28, 5), // promotion code 5: no move
            entry(key, 11 << 6 | 27, 0),           // weight 0: listed, never chosen
            entry(key + 1, 11 << 6 | 27, 9),
        ]
        .concat()
    }

    #[test]
    fn entries_are_the_keys_legal_moves_in_file_order() {
        let bytes = start_book();
        let book = Book::new(&bytes).unwrap();
        assert_eq!(book.len(), 7);
        assert_eq!(format!("{book:?}"), "Book { entries: 7 }");
        let p = Position::new();
        assert_eq!(book.raw_entries(p.zobrist()).count(), 5);
        let got: Vec<(String, u16)> = book
            .entries(&p)
            .map(|e| (p.to_uci(e.mv).to_string(), e.weight))
            .collect();
        assert_eq!(
            got,
            [("e2e4".into(), 3), ("d2d4".into(), 1), ("d2d4".into(), 0)]
        );
        assert_eq!(book.raw(7), None);
        assert_eq!(book.raw(0).map(|e| e.weight), Some(9));
    }

    #[test]
    fn promotions_decode_by_code_and_castling_as_the_king_onto_its_rook() {
        let p: Position = "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
        // a7 = 48, a8 = 56; e1 = 4, h1 = 7, g1 = 6.
        for (code, uci) in [(1, "a7a8n"), (2, "a7a8b"), (3, "a7a8r"), (4, "a7a8q")] {
            let m = decode(&p, code << 12 | 48 << 6 | 56).unwrap();
            assert_eq!(p.to_uci(m).to_string(), uci);
        }
        for code in 5..8 {
            assert_eq!(decode(&p, code << 12 | 48 << 6 | 56), None);
        }
        let king_takes_rook = decode(&p, 4 << 6 | 7).unwrap();
        assert!(p.is_legal(king_takes_rook));
        assert_eq!(p.to_uci(king_takes_rook).to_string(), "e1g1");
        assert_eq!(
            decode(&p, 4 << 6 | 6),
            Some(king_takes_rook),
            "e1g1 read as castling too"
        );
    }

    #[test]
    fn regression_weights_summing_past_u32_overflowed_in_choose() {
        let key = Position::new().zobrist();
        let bytes = entry(key, 12 << 6 | 28, u16::MAX).repeat(65_537 + 10);
        let book = Book::new(&bytes).unwrap();
        let p = Position::new();
        let e4 = p.parse_uci("e2e4").unwrap();
        assert_eq!(book.choose(&p, &mut GameRng::new(1, 0)), Some(e4));
    }

    #[test]
    fn choose_follows_the_weights() {
        let bytes = start_book();
        let book = Book::new(&bytes).unwrap();
        let p = Position::new();
        let e4 = p.parse_uci("e2e4").unwrap();
        let mut rng = GameRng::new(5, 0);
        let n = 4000;
        let hits = (0..n)
            .filter(|_| book.choose(&p, &mut rng) == Some(e4))
            .count();
        // Weight 3 of 4: three in four draws, well within six standard deviations.
        assert!((2850..=3150).contains(&hits), "{hits}");
        let empty = Book::new(&[]).unwrap();
        assert_eq!(empty.choose(&p, &mut rng), None);
    }
}
