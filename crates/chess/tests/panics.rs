//! Numbers a caller passes through from a client never panic (the panic audit).

use lattjo_chess::{File, Rank, Square};

/// Regression (panic audit): `Square::offset`, `File::offset` and `Rank::offset` added the
/// step in `i32`, so a step of `i32::MAX` (or `i32::MIN` from a low value) overflowed and
/// panicked in a debug build instead of returning `None`.
#[test]
fn regression_offset_overflowed_on_a_huge_step() {
    for step in [i32::MAX, i32::MIN, i32::MAX - 3, i32::MIN + 3] {
        for sq in [Square::A1, Square::E4, Square::H8] {
            assert_eq!(sq.offset(step, 0), None, "{sq} {step}");
            assert_eq!(sq.offset(0, step), None, "{sq} {step}");
            assert_eq!(sq.offset(step, step), None, "{sq} {step}");
        }
        for f in [File::A, File::H] {
            assert_eq!(f.offset(step), None);
        }
        for r in [Rank::First, Rank::Eighth] {
            assert_eq!(r.offset(step), None);
        }
    }
    assert_eq!(Square::E4.offset(1, 1), Some(Square::F5));
    assert_eq!(File::A.offset(7), Some(File::H));
    assert_eq!(Rank::Eighth.offset(-7), Some(Rank::First));
}

/// Regression (panic audit): `Book::raw(i)` computed the entry's byte range `i * 16` before
/// looking it up, so an index above `usize::MAX / 16` (an entry number from a client)
/// overflowed and panicked in a debug build instead of returning `None`.
#[test]
fn regression_book_raw_overflowed_on_a_huge_index() {
    use lattjo_chess::polyglot::{Book, ENTRY_BYTES};
    let bytes = [0u8; 2 * ENTRY_BYTES];
    let book = Book::new(&bytes).expect("two zero entries are sorted");
    assert!(book.raw(1).is_some());
    for i in [
        2,
        usize::MAX,
        usize::MAX / ENTRY_BYTES + 1,
        usize::MAX / ENTRY_BYTES,
    ] {
        assert_eq!(book.raw(i), None, "{i}");
    }
}

/// Regression (panic audit): `Position::mirror` validated the mirrored setup strictly, so a
/// position accepted with `PositionError::ignore_impossible_check` (two knights giving
/// check) panicked with "mirroring keeps a position valid", a cause that was not the one.
#[test]
fn regression_mirror_panicked_on_a_position_accepted_with_an_impossible_check() {
    use lattjo_chess::{FenError, Position, perft};
    let fen = "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1";
    let pos = match fen.parse::<Position>() {
        Err(FenError::Position(e)) => e.ignore_impossible_check().expect("accepted so"),
        other => panic!("{fen} is refused for its check, got {other:?}"),
    };
    let mirrored = pos.mirror();
    assert_eq!(mirrored.to_string(), "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(mirrored.mirror(), pos);
    assert_eq!(perft(&mirrored, 2), perft(&pos, 2));
    // A valid position mirrors as before.
    let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    assert_eq!(kiwipete.mirror().mirror(), kiwipete);
}

/// Regression (panic audit): `Position::mirror` had no checked twin, and on a position whose
/// invariants `play_unchecked` broke with an illegal move (documented to never panic) it
/// panicked with "mirroring keeps a position valid", a cause that was not the one. Now
/// `try_mirror` returns the problems and `mirror`'s panic names the broken invariants.
#[test]
fn regression_mirror_had_no_checked_twin_for_a_position_play_unchecked_broke() {
    use lattjo_chess::{Color, Move, Position, PositionErrorKind, Square};
    let mut broken: Position = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
    broken.play_unchecked(Move {
        from: Square::D1,
        to: Square::E8,
        promotion: None,
    });
    let err = broken.try_mirror().unwrap_err();
    assert!(
        err.contains(PositionErrorKind::MissingKing(Color::White)),
        "{err}"
    );
    let panic = std::panic::catch_unwind(|| broken.mirror()).unwrap_err();
    let text = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("play_unchecked"), "{text}");
    let start = Position::new();
    assert_eq!(start.try_mirror().ok(), Some(start.mirror()));
}
