//! Polyglot opening books against python-chess 1.11.2's reader. `data/polyglot/book.bin` was
//! written by `data/polyglot/gen.py` from the format's description (python-chess's keys), and
//! `data/polyglot/expected.tsv` holds what python-chess reads from it for each of its 1,204
//! positions (standard chess and Chess960, castling, promotions, en-passant captures, weights
//! of 0 and entries that are not legal, which a reader skips). On the real book python-chess
//! ships (`performance.bin`, 92,954 entries) this crate found the same entries as python-chess
//! at all 6,314 positions reached by following the book's moves (a scratch run, 5 Dec 2026;
//! that book is not kept here).

use lattjo_chess::polyglot::{Book, BookError, ENTRY_BYTES};
use lattjo_chess::{CastlingMode, GameRng, Position};

const BOOK: &[u8] = include_bytes!("data/polyglot/book.bin");

#[test]
fn python_chess_finds_the_same_entries_in_a_book() {
    let book = Book::new(BOOK).unwrap();
    let mut n = 0;
    for line in include_str!("data/polyglot/expected.tsv").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let mode = if f[0] == "1" {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let p = Position::from_fen(f[1], mode).unwrap_or_else(|e| panic!("{}: {e}", f[1]));
        let got: Vec<String> = book
            .entries(&p)
            .map(|e| format!("{}:{}:{}", p.to_uci(e.mv), e.weight, e.learn))
            .collect();
        assert_eq!(got.join(" "), f[2], "{}", f[1]);
        n += 1;
    }
    assert_eq!(n, 1204);
}

#[test]
fn a_book_that_is_cut_short_or_out_of_order_is_refused() {
    assert_eq!(
        Book::new(&BOOK[..BOOK.len() - 1]).err(),
        Some(BookError::Length(BOOK.len() - 1))
    );
    // The last entry moved to the front: its key is the largest.
    let last = BOOK.len() - ENTRY_BYTES;
    let mut shuffled = BOOK[last..].to_vec();
    shuffled.extend_from_slice(&BOOK[..last]);
    assert_eq!(
        Book::new(&shuffled).err(),
        Some(BookError::Unsorted { entry: 1 })
    );
    assert!(Book::new(&[]).unwrap().is_empty());
}

#[test]
fn choose_draws_a_legal_book_move_by_weight_from_the_seed() {
    let book = Book::new(BOOK).unwrap();
    let mut tried = 0;
    for line in include_str!("data/polyglot/expected.tsv").lines().take(300) {
        let f: Vec<&str> = line.split('\t').collect();
        let mode = if f[0] == "1" {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let p = Position::from_fen(f[1], mode).unwrap();
        let weighted: Vec<_> = book.entries(&p).filter(|e| e.weight > 0).collect();
        for seed in 0..4 {
            let a = book.choose(&p, &mut GameRng::new(seed, 3));
            let b = book.choose(&p, &mut GameRng::new(seed, 3));
            assert_eq!(a, b, "the same seed, the same move");
            match a {
                Some(m) => assert!(weighted.iter().any(|e| e.mv == m) && p.is_legal(m)),
                None => assert!(weighted.is_empty()),
            }
        }
        tried += 1;
    }
    assert_eq!(tried, 300);
}
