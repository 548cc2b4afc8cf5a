//! One test (or more) per rule of `shared/rules/chess.md`: the K rules, the translation notes
//! T1-T11, the deviations D1-D5 and the decisions A1-A14, on hand-worked positions.

use boardgame_core::{Game, Turn};
use lattjo_chess::{
    Action, CastlingMode, Chess, Color, DrawReason, Move, Outcome, Piece, PlayError, Position,
    PositionErrorKind, Role, Rules, Square, State, WinReason, insufficient_material,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub(crate) fn dests(p: &Position, from: Square) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| p.san(*m))
        .collect();
    v.sort();
    v
}

fn play_sans(game: &Chess, state: &mut State, sans: &[&str]) {
    for san in sans {
        let m = state
            .position()
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        game.apply(state, &Action::Move(m))
            .unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn k1_two_players_sixteen_pieces_each() {
    let game = Chess::default();
    assert_eq!(game.num_players(), 2);
    let start = Position::new();
    assert_eq!(start.board().by_color(Color::White).count(), 16);
    assert_eq!(start.board().by_color(Color::Black).count(), 16);
    assert_eq!(
        start.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn k2_white_moves_first_then_alternate() {
    let game = Chess::default();
    let mut s = game.new_initial_state();
    assert_eq!(game.turn(&s), Turn::Player(boardgame_core::Seat::new(0)));
    play_sans(&game, &mut s, &["e4"]);
    assert_eq!(s.position().turn(), Color::Black);
    // A black move when White is to move is refused (one move per turn).
    let mut t = s.clone();
    play_sans(&game, &mut t, &["e5"]);
    let bad = Move::new(Square::E5, Square::E4);
    assert!(game.apply(&mut t, &Action::Move(bad)).is_err());
}

#[test]
fn k3_never_onto_own_piece_and_k4_capture_removes() {
    let start = Position::new();
    for m in start.legal_moves().iter() {
        assert!(!start.board().by_color(Color::White).contains(m.to));
    }
    assert!(!start.is_legal(Move::new(Square::D1, Square::D2)));
    let mut p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    p.play(p.parse_san("exd5").expect("capture"))
        .expect("legal");
    assert_eq!(
        p.board().piece_at(Square::D5),
        Some(Piece {
            color: Color::White,
            role: Role::Pawn
        })
    );
    assert_eq!(p.board().by_color(Color::Black).count(), 1);
}

#[test]
fn k5_a7_pawn_one_or_two_from_start_then_one() {
    let p = pos("4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1");
    assert_eq!(dests(&p, Square::D2), ["d3", "d4"]);
    assert_eq!(dests(&p, Square::E3), ["e4"]);
    // A7: both squares in front must be empty (T11).
    let blocked = pos("4k3/8/8/8/3n4/8/3P4/4K3 w - - 0 1");
    assert_eq!(dests(&blocked, Square::D2), ["d3"]);
    let blocked_first = pos("4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1");
    assert!(dests(&blocked_first, Square::D2).is_empty());
}

#[test]
fn k6_t8_pawn_captures_diagonally_forward_only() {
    let p = pos("4k3/8/8/3pnp2/4P3/3b1b2/8/4K3 w - - 0 1");
    assert_eq!(dests(&p, Square::E4), ["exd5", "exf5"]);
}

#[test]
fn k7_t9_a8_promotion_compulsory_any_of_four_several_queens() {
    let p = pos("1n2k3/P7/8/8/8/8/8/Q3K3 w - - 0 1");
    let d = dests(&p, Square::A7);
    assert_eq!(
        d,
        [
            "a8=B", "a8=N", "a8=Q", "a8=R", "axb8=B", "axb8=N", "axb8=Q+", "axb8=R+"
        ]
    );
    assert!(
        !p.is_legal(Move::new(Square::A7, Square::A8)),
        "promotion is compulsory"
    );
    let mut q = p.clone();
    q.play(q.parse_san("a8=Q").expect("legal")).expect("legal");
    assert_eq!(
        q.board()
            .by_piece(Piece {
                color: Color::White,
                role: Role::Queen
            })
            .count(),
        2
    );
}

#[test]
fn k8_knight_jumps() {
    let start = Position::new();
    assert_eq!(dests(&start, Square::B1), ["Na3", "Nc3"]);
    let p = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    assert_eq!(dests(&p, Square::D4).len(), 8);
}

#[test]
fn k9_k10_k11_sliders_do_not_jump() {
    let start = Position::new();
    assert!(dests(&start, Square::C1).is_empty());
    assert!(dests(&start, Square::A1).is_empty());
    assert!(dests(&start, Square::D1).is_empty());
    let b = pos("6k1/8/8/8/3B4/8/8/7K w - - 0 1");
    assert_eq!(dests(&b, Square::D4).len(), 13);
    let r = pos("6k1/8/8/8/3R4/8/8/7K w - - 0 1");
    assert_eq!(dests(&r, Square::D4).len(), 14);
    let q = pos("6k1/8/8/8/3Q4/8/8/7K w - - 0 1");
    assert_eq!(dests(&q, Square::D4).len(), 27);
    let blocked = pos("6k1/8/8/3p4/2pRp3/3p4/8/7K w - - 0 1");
    assert_eq!(
        dests(&blocked, Square::D4),
        ["Rxc4", "Rxd3", "Rxd5", "Rxe4"]
    );
}

#[test]
fn k12_king_one_square_k13_a12_kings_never_adjacent() {
    let p = pos("8/8/8/4k3/8/4K3/8/8 w - - 0 1");
    // d4, e4, f4 touch the black king: only the five squares away from it remain.
    assert_eq!(dests(&p, Square::E3), ["Kd2", "Kd3", "Ke2", "Kf2", "Kf3"]);
    match Position::from_fen("8/8/8/4k3/4K3/8/8/8 w - - 0 1", CastlingMode::Standard) {
        Err(lattjo_chess::FenError::Position(e)) => {
            assert_eq!(e.kinds(), [PositionErrorKind::AdjacentKings]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn k14_t4_a9_no_move_into_check_pinned_pieces_stay() {
    // The bishop on e2 is pinned by the rook on e8: it may not leave the file.
    let p = pos("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(dests(&p, Square::E2).is_empty());
    // The king may not step onto a square the rook attacks.
    assert!(!dests(&p, Square::E1).iter().any(|m| m == "Ke2"));
    let pinned_rook = pos("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        dests(&pinned_rook, Square::E2),
        ["Re3", "Re4", "Re5", "Re6", "Re7", "Rxe8+"]
    );
}

#[test]
fn k15_check_is_answered_by_moving_capturing_or_blocking() {
    // White king e1 checked by the rook e4; the knight c3 can block on e2 or capture on e4,
    // the king can step aside.
    let p = pos("4k3/8/8/8/4r3/2N5/8/4K3 w - - 0 1");
    let mut all: Vec<String> = p.legal_moves().iter().map(|m| p.san(*m)).collect();
    all.sort();
    assert_eq!(all, ["Kd1", "Kd2", "Kf1", "Kf2", "Ne2", "Nxe4"]);
}

#[test]
fn k16_t2_t5_checkmate_wins_and_is_the_only_win_by_play() {
    let game = Chess::default();
    let mut s = game.new_initial_state();
    play_sans(&game, &mut s, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    assert!(s.position().is_checkmate());
    assert_eq!(game.turn(&s), Turn::Terminal);
    assert!(
        game.apply(&mut s, &Action::Move(Move::new(Square::A2, Square::A3)))
            .is_err()
    );
}

#[test]
fn k17_t1_a6_en_passant_only_immediately() {
    let game = Chess::default();
    let mut s = game.new_initial_state();
    play_sans(&game, &mut s, &["e4", "a6", "e5", "d5"]);
    assert!(
        s.position().parse_san("exd6").is_ok(),
        "immediately after the double step"
    );
    play_sans(&game, &mut s, &["a3", "a5"]);
    assert!(
        s.position().parse_san("exd6").is_err(),
        "the right has lapsed"
    );
    assert_eq!(s.position().ep_square(), None);
}

#[test]
fn k17_a9_en_passant_refused_when_it_exposes_the_king_horizontally() {
    // King a5, white pawn b5, black pawn c5 just double-stepped, black rook h5: taking en
    // passant would empty the fifth rank between king and rook.
    let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert!(p.parse_san("bxc6").is_err());
    assert_eq!(p.legal_ep_square(), None);
    assert_eq!(p.ep_square(), Some(Square::C6));
    let free = pos("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
    assert!(free.parse_san("bxc6").is_ok());
}

#[test]
fn k18_t7_a10_castling_once_and_rights_lost_for_good() {
    let game = Chess::default();
    let mut s = game.new_initial_state();
    play_sans(
        &game,
        &mut s,
        &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"],
    );
    assert_eq!(
        s.position()
            .castling_rook(Color::White, lattjo_chess::CastlingSide::KingSide),
        None
    );
    assert_eq!(
        s.position()
            .castling_rook(Color::White, lattjo_chess::CastlingSide::QueenSide),
        None
    );
    // A rook that moves and comes back does not restore the right (A10).
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for san in ["Rb1", "Rb8", "Ra1", "Ra8"] {
        p.play(p.parse_san(san).expect("legal")).expect("legal");
    }
    assert_eq!(p.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 4 3");
    assert!(p.parse_san("O-O-O").is_err());
    // Capturing a rook on its home square removes that right.
    let mut c = pos("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1");
    c.play(c.parse_san("Rg8+").expect("legal")).expect("legal");
    c.play(c.parse_san("Rxg8").expect("legal")).expect("legal");
    assert_eq!(
        c.castling_rook(Color::Black, lattjo_chess::CastlingSide::KingSide),
        None,
        "the h8 rook moved"
    );
    let mut d = pos("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1");
    d.play(d.parse_san("Rg7").expect("legal")).expect("legal");
    d.play(d.parse_san("Kd8").expect("legal")).expect("legal");
    assert_eq!(
        d.castling_rooks().count(),
        1,
        "the king moved: black rights gone, white queen side kept"
    );
    let mut e = pos("r3k2r/8/8/8/8/8/6B1/R3K3 w Qkq - 0 1");
    e.play(e.parse_san("Bxa8").expect("legal")).expect("legal");
    assert_eq!(
        e.castling_rook(Color::Black, lattjo_chess::CastlingSide::QueenSide),
        None
    );
}

#[test]
fn k19a_castling_needs_unmoved_king_and_rook() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(p.parse_san("O-O").is_err());
    assert!(p.parse_san("O-O-O").is_err());
    assert!(
        Position::from_fen("r3k2r/8/8/8/8/8/8/R4K1R w KQ - 0 1", CastlingMode::Standard).is_err()
    );
}

#[test]
fn k19b_t6_no_castling_out_of_or_into_check() {
    let in_check = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(in_check.parse_san("O-O").is_err());
    assert!(in_check.parse_san("O-O-O").is_err());
    let into_check = pos("6r1/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(into_check.parse_san("O-O").is_err());
    assert!(into_check.parse_san("O-O-O").is_ok());
}

#[test]
fn k19c_castling_needs_empty_squares_between() {
    let p = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert!(p.parse_san("O-O").is_err());
    assert!(p.parse_san("O-O-O").is_err());
    // A10: b1 must be empty even though the king does not cross it.
    let b1 = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(b1.parse_san("O-O-O").is_err());
    assert!(b1.parse_san("O-O").is_ok());
}

#[test]
fn k19d_a10_no_castling_through_attacked_square_but_rook_may_cross_one() {
    let through = pos("5r2/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(through.parse_san("O-O").is_err(), "f1 is attacked");
    let d1 = pos("3r4/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(d1.parse_san("O-O-O").is_err(), "d1 is attacked");
    let b1 = pos("1r6/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(
        b1.parse_san("O-O-O").is_ok(),
        "only the rook crosses b1 (A10)"
    );
}

#[test]
fn k20_a11_castling_moves_king_two_squares_rook_beside() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = p.parse_san("O-O").expect("legal");
    assert_eq!(
        p.to_uci(oo).to_string(),
        "e1g1",
        "A11: UCI writes the king's move"
    );
    assert_eq!(p.parse_uci("e1g1"), Ok(oo));
    p.play(oo).expect("legal");
    assert_eq!(
        p.board().piece_at(Square::G1).map(|x| x.role),
        Some(Role::King)
    );
    assert_eq!(
        p.board().piece_at(Square::F1).map(|x| x.role),
        Some(Role::Rook)
    );
    p.play(p.parse_san("O-O-O").expect("legal")).expect("legal");
    assert_eq!(
        p.board().piece_at(Square::C8).map(|x| x.role),
        Some(Role::King)
    );
    assert_eq!(
        p.board().piece_at(Square::D8).map(|x| x.role),
        Some(Role::Rook)
    );
    // K20: the white rook ends on a light square, the black rook on a dark one.
    assert!(Square::F1.is_light() && Square::D1.is_light());
    assert!(!Square::D8.is_light() && !Square::F8.is_light());
}

#[test]
fn k21_d2_a2_insufficient_material_is_a_draw() {
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/2b5/4k3/8/8/8/3BK3 w - - 0 1",
        "8/1b6/2b5/4k3/8/8/8/3BK3 w - - 0 1",
    ] {
        assert!(insufficient_material(&pos(fen)), "{fen}");
    }
    for fen in [
        "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1",
        "8/8/1n6/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/1n6/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
    ] {
        assert!(!insufficient_material(&pos(fen)), "{fen}");
    }
    // The game ends at once, in both presets.
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = Chess::new(rules)
            .expect("valid rules")
            .with_start(pos("8/8/8/4k3/3q4/8/8/3QK3 w - - 0 1"));
        let mut s = game.new_initial_state();
        play_sans(&game, &mut s, &["Qxd4+"]);
        assert_eq!(s.outcome(), None, "K+Q v K goes on");
        play_sans(&game, &mut s, &["Kxd4"]);
        assert_eq!(
            s.outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        );
    }
}

#[test]
fn a2_insufficient_material_ends_random_games_on_the_move_that_brings_it() {
    // The state tests insufficient material only after captures and pawn moves (a quiet
    // piece move keeps the material); every position of seeded random games, where
    // captures and promotions to every piece are frequent, is checked against the
    // position's own test.
    let mut buf = Vec::new();
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = Chess::new(rules).expect("valid rules");
        let mut endings = 0;
        for seed in 0..150 {
            let mut state = game.new_initial_state();
            let mut rng = boardgame_core::GameRng::new(seed, 7);
            while let Turn::Player(_) = game.turn(&state) {
                assert!(!insufficient_material(state.position()), "seed {seed}");
                let action = game
                    .sample_action(&state, &mut rng, &mut buf)
                    .expect("a player to move has a move");
                game.apply(&mut state, &action)
                    .expect("sampled actions are legal");
            }
            if insufficient_material(state.position()) {
                endings += 1;
                assert_eq!(
                    state.outcome(),
                    Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
                    "seed {seed}"
                );
            }
        }
        assert!(endings > 10, "the games reach insufficient material often");
    }
}

#[test]
fn k22_capturing_pieces_is_not_a_win() {
    let game = Chess::default();
    let s = {
        let g = Chess::new(Rules::fide())
            .expect("valid rules")
            .with_start(pos("4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1"));
        g.new_initial_state()
    };
    assert_eq!(s.outcome(), None, "a bare king that can move keeps playing");
    assert!(game.returns(&game.new_initial_state()).is_none());
}

#[test]
fn a1_d1_stalemate_is_a_draw_in_both_presets() {
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = Chess::new(rules)
            .expect("valid rules")
            .with_start(pos("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1"));
        let s = game.new_initial_state();
        assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
        assert_eq!(
            game.returns(&s).map(|r| r.as_slice().to_vec()),
            Some(vec![0.0, 0.0])
        );
    }
}

const KNIGHT_DANCE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn d3_a4_fide_fivefold_automatic_threefold_only_claimable() {
    let game = Chess::new(Rules::fide()).expect("valid rules");
    let mut s = game.new_initial_state();
    for i in 1..=4 {
        play_sans(&game, &mut s, &KNIGHT_DANCE);
        assert_eq!(s.repetitions(), i + 1);
        if i == 2 {
            assert!(game.claimable_draws(&s).threefold_repetition);
            assert_eq!(s.outcome(), None, "threefold is only a claim");
        }
        if i < 4 {
            assert_eq!(s.outcome(), None);
        }
    }
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    );
}

#[test]
fn d3_lattjo_has_no_repetition_or_move_count_draws() {
    let game = Chess::new(Rules::lattjo()).expect("valid rules");
    let mut s = game.new_initial_state();
    for _ in 0..6 {
        play_sans(&game, &mut s, &KNIGHT_DANCE);
    }
    assert_eq!(s.outcome(), None);
    assert!(!game.claimable_draws(&s).any());
    let g2 = Chess::new(Rules::lattjo())
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 w - - 160 100"));
    assert_eq!(g2.new_initial_state().outcome(), None);
}

#[test]
fn d3_a4_fifty_move_claim_and_seventy_five_automatic() {
    let game = Chess::new(Rules::fide())
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    let mut s = game.new_initial_state();
    assert!(!game.claimable_draws(&s).fifty_moves);
    play_sans(&game, &mut s, &["Ra2"]);
    assert!(game.claimable_draws(&s).fifty_moves);
    assert_eq!(s.outcome(), None);
    let g75 = Chess::new(Rules::fide())
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"));
    let mut s75 = g75.new_initial_state();
    play_sans(&g75, &mut s75, &["Ra2"]);
    assert_eq!(
        s75.outcome(),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
    // auto_claim turns the claim into an automatic draw (A4).
    let auto = Chess::new(Rules::fide().with_auto_claim(true))
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    let mut sa = auto.new_initial_state();
    play_sans(&auto, &mut sa, &["Ra2"]);
    assert_eq!(sa.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn a5_checkmate_on_the_seventy_fifth_move_wins() {
    let game = Chess::new(Rules::fide())
        .expect("valid rules")
        .with_start(pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 80"));
    let mut s = game.new_initial_state();
    play_sans(&game, &mut s, &["Ra8#"]);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn a3_repetition_ignores_an_en_passant_square_that_cannot_be_used() {
    // 1. e4 puts e3 in the FEN, but no black pawn can take: the position after 1...Nf6
    // 2.Nf3 Ng8 3.Ng1 is the same as after 1.e4 (FIDE 9.2.3).
    let game = Chess::default();
    let mut s = game.new_initial_state();
    play_sans(&game, &mut s, &["e4"]);
    let key = s.position().repetition_key();
    play_sans(&game, &mut s, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    assert_eq!(s.position().repetition_key(), key);
    assert_eq!(s.repetitions(), 2);
    // With a capturable en-passant pawn the positions differ.
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let q = pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(p.repetition_key(), q.repetition_key());
}

#[test]
fn a13_fen_validation_rejects_impossible_positions() {
    use PositionErrorKind as K;
    let cases = [
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            vec![K::MissingKing(Color::Black)],
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            vec![K::TooManyKings(Color::White)],
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            vec![K::PawnOnBackRank(Square::A1)],
        ),
        ("R3k3/8/8/8/8/8/8/4K3 w - - 0 1", vec![K::OppositeCheck]),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            vec![K::BadCastlingRights(Square::H1)],
        ),
        (
            "4k3/8/8/8/8/8/4P3/4K3 b - e3 0 1",
            vec![K::BadEnPassant(Square::E3)],
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
            vec![K::BadEnPassant(Square::E3)],
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1",
            vec![K::BadEnPassant(Square::E6)],
        ),
        // Every problem at once, in the documented order (the move number is set to 0
        // below: FEN's own field check refuses 0 before validation).
        (
            "4k3/8/8/8/8/8/8/P3K2k w Q e6 0 1",
            vec![
                K::TooManyKings(Color::Black),
                K::PawnOnBackRank(Square::A1),
                K::BadEnPassant(Square::E6),
                K::BadCastlingRights(Square::A1),
                K::ZeroFullmoves,
            ],
        ),
        (
            "R3k3/8/8/8/8/8/8/4K3 w Qk e3 0 1",
            vec![
                K::OppositeCheck,
                K::BadEnPassant(Square::E3),
                K::BadCastlingRights(Square::A1),
                K::BadCastlingRights(Square::H8),
                K::ZeroFullmoves,
            ],
        ),
    ];
    for (fen, kinds) in cases {
        let mut setup = lattjo_chess::Setup::from_fen(fen).expect("the fields parse");
        if kinds.contains(&K::ZeroFullmoves) {
            setup.fullmoves = 0;
        } else {
            assert_eq!(
                Position::from_fen(fen, CastlingMode::Standard).map_err(|e| e.to_string()),
                Err(format!(
                    "invalid position: {}",
                    Position::from_setup(setup, CastlingMode::Standard).expect_err(fen)
                )),
                "{fen}"
            );
        }
        let err = Position::from_setup(setup, CastlingMode::Standard).expect_err(fen);
        assert_eq!(err.kinds(), kinds.as_slice(), "{fen}");
    }
    // Section 6: on input an en-passant square is accepted whether or not a capture is
    // possible; FEN output writes it always by default, or only when legal.
    let p = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", CastlingMode::Standard)
        .expect("valid");
    assert_eq!(
        p.to_fen(lattjo_chess::EpMode::Always),
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
    );
    assert_eq!(
        p.to_fen(lattjo_chess::EpMode::Legal),
        "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn d4_a14_resignation_and_agreement_as_actions() {
    let game = Chess::new(Rules::fide().with_decisions(true)).expect("valid rules");
    let mut s = game.new_initial_state();
    let before = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::AcceptDraw),
        Err(PlayError::NoDrawOffer)
    );
    assert_eq!(s, before);
    game.apply(&mut s, &Action::OfferDraw).expect("offer");
    assert_eq!(
        game.apply(&mut s, &Action::OfferDraw),
        Err(PlayError::OfferPending)
    );
    play_sans(&game, &mut s, &["e4"]);
    assert_eq!(
        game.apply(&mut s, &Action::AcceptDraw),
        Err(PlayError::AgreementTooEarly),
        "FIDE 5.2.3"
    );
    play_sans(&game, &mut s, &["e5"]);
    assert_eq!(s.draw_offer(), None, "declined by moving");
    game.apply(&mut s, &Action::OfferDraw).expect("offer");
    play_sans(&game, &mut s, &["Nf3"]);
    game.apply(&mut s, &Action::AcceptDraw).expect("accept");
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));

    let mut r = game.new_initial_state();
    game.apply(&mut r, &Action::Resign).expect("resign");
    assert_eq!(
        r.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );

    // A14: resigning against a bare king is a draw under FIDE, a loss under the booklet.
    let start = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let fide = Chess::new(Rules::fide().with_decisions(true))
        .expect("valid rules")
        .with_start(start.clone());
    let mut f = fide.new_initial_state();
    fide.apply(&mut f, &Action::Resign).expect("resign");
    assert_eq!(
        f.outcome(),
        Some(Outcome::Draw(DrawReason::ResignationWithoutMatingMaterial))
    );
    let lattjo = Chess::new(Rules::lattjo().with_decisions(true))
        .expect("valid rules")
        .with_start(start);
    let mut l = lattjo.new_initial_state();
    lattjo.apply(&mut l, &Action::Resign).expect("resign");
    assert_eq!(
        l.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );

    // Decisions are off by default: refused, state unchanged.
    let plain = Chess::default();
    let mut p = plain.new_initial_state();
    assert_eq!(
        plain.apply(&mut p, &Action::Resign),
        Err(PlayError::DecisionsDisabled)
    );
}

#[test]
fn d4_threefold_claim_as_action() {
    let game = Chess::new(Rules::fide().with_decisions(true)).expect("valid rules");
    let mut s = game.new_initial_state();
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDraw),
        Err(PlayError::NothingToClaim)
    );
    play_sans(&game, &mut s, &KNIGHT_DANCE);
    play_sans(&game, &mut s, &KNIGHT_DANCE);
    game.apply(&mut s, &Action::ClaimDraw).expect("claim");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

#[test]
fn d5_both_presets_generate_identical_moves() {
    let a = Chess::new(Rules::fide()).expect("valid rules");
    let b = Chess::new(Rules::lattjo()).expect("valid rules");
    let (sa, sb) = (a.new_initial_state(), b.new_initial_state());
    let (mut va, mut vb) = (Vec::new(), Vec::new());
    a.legal_actions(&sa, &mut va);
    b.legal_actions(&sb, &mut vb);
    assert_eq!(va, vb);
}

#[test]
fn t3_t10_booklet_draw_label_and_colour_choice_do_not_change_rules() {
    // T3: the booklet's "stalemate" is the dead position; T10: who takes White is outside
    // the rules, White always moves first.
    assert!(insufficient_material(&pos("8/8/8/4k3/8/8/8/4K3 b - - 0 1")));
    assert_eq!(
        Chess::default().new_initial_state().position().turn(),
        Color::White
    );
}

#[test]
fn illegal_move_leaves_state_unchanged() {
    let game = Chess::default();
    let mut s = game.new_initial_state();
    let before = s.clone();
    assert!(
        game.apply(&mut s, &Action::Move(Move::new(Square::E2, Square::E5)))
            .is_err()
    );
    assert_eq!(s, before);
    let mut p = Position::new();
    let p0 = p.clone();
    assert!(p.play(Move::new(Square::E1, Square::E2)).is_err());
    assert_eq!(p, p0);
}

#[test]
fn apply_checks_moves_and_decisions_alike_whichever_comes_first() {
    // `apply` tests for a move before it looks at the decisions: an illegal move is still
    // refused with the state unchanged, with or without decisions, and once the game is
    // over every action, move or decision, is refused.
    for rules in [Rules::fide(), Rules::fide().with_decisions(true)] {
        let game = Chess::new(rules).expect("valid rules");
        let mut s = game.new_initial_state();
        let before = s.clone();
        let e2e5 = Action::Move(Move::new(Square::E2, Square::E5));
        assert!(matches!(
            game.apply(&mut s, &e2e5),
            Err(PlayError::IllegalMove(_))
        ));
        assert_eq!(s, before);
        play_sans(&game, &mut s, &["f3", "e5", "g4", "Qh4"]);
        assert!(s.outcome().is_some(), "fool's mate");
        let over = s.clone();
        let e2e4 = Action::Move(Move::new(Square::E2, Square::E4));
        for action in [e2e4, Action::Resign, Action::OfferDraw, Action::ClaimDraw] {
            assert_eq!(game.apply(&mut s, &action), Err(PlayError::GameOver));
            assert_eq!(s, over);
        }
    }
}

/// Regression (chessend audit, 5 Dec 2026): a resignation was scored as a draw only when
/// the winner had a bare king or the material was insufficient for both sides (A2), so a
/// side resigning its queen or rook against a lone knight or bishop lost, although the
/// knight or bishop could not checkmate by any series of legal moves (FIDE 5.1.2, A14;
/// python-chess's `has_insufficient_material(winner)` agrees on the 1,116 such positions of
/// 44,388 random ones). Positions where the lone piece can mate (the opponent's own men
/// block its king) stay wins.
#[test]
fn regression_a14_resigning_a_queen_or_rook_against_a_lone_minor_piece_is_a_draw() {
    let game = Chess::new(Rules::fide().with_decisions(true)).expect("valid rules");
    let resign = |fen: &str| {
        let mut s = game.clone().with_start(pos(fen)).new_initial_state();
        game.clone()
            .with_start(pos(fen))
            .apply(&mut s, &Action::Resign)
            .expect("resign");
        s.outcome()
    };
    let draw = Some(Outcome::Draw(DrawReason::ResignationWithoutMatingMaterial));
    let white_wins = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    // Black resigns a queen, a rook, queens against a knight or a bishop.
    for fen in [
        "8/2q5/8/8/3N3k/8/1K6/8 b - - 0 1",
        "8/8/4K3/8/k4r2/4B3/8/8 b - - 0 1",
        "8/8/8/2K4k/8/8/q7/2B5 b - - 0 1",
        "q7/8/8/2K4k/8/8/q7/2B5 b - - 0 1",
        "B7/7K/8/8/B5B1/8/4k3/r7 b - - 0 1",
    ] {
        assert_eq!(resign(fen), draw, "{fen}");
    }
    // The lone piece can mate when the loser has men that may block its own king: a rook
    // against a knight, a knight or pawn against a bishop, a bishop of the other colour.
    for fen in [
        "8/2r5/8/8/3N3k/8/1K6/8 b - - 0 1",
        "8/8/4K3/8/k5n1/4B3/8/8 b - - 0 1",
        "8/8/4K3/8/k4p2/4B3/8/8 b - - 0 1",
        "8/8/4K3/8/k3b3/4B3/8/8 b - - 0 1",
        "8/8/4K3/8/k4q2/3NB3/8/8 b - - 0 1",
    ] {
        assert_eq!(resign(fen), white_wins, "{fen}");
    }
    // The booklet's preset has no A14: a resignation always loses.
    let lattjo = Chess::new(Rules::lattjo().with_decisions(true))
        .expect("valid rules")
        .with_start(pos("8/2q5/8/8/3N3k/8/1K6/8 b - - 0 1"));
    let mut s = lattjo.new_initial_state();
    lattjo.apply(&mut s, &Action::Resign).expect("resign");
    assert_eq!(s.outcome(), white_wins);
}

/// D3, A4, A5, D4 on starts from a FEN (chessend audit): the halfmove clock is taken at its
/// word, so a start at 150 or more is a 75-move draw under FIDE before any move and one at
/// 100 or more can be claimed at once; a start that is checkmate or stalemate stays that,
/// whatever the clock (A5, A1); the booklet has no move-count draws. The agreement rule
/// (FIDE 5.2.3) counts the moves of this game only.
#[test]
fn d3_a5_d4_starts_from_a_fen_with_large_clocks_or_already_decided() {
    let outcome = |rules: Rules, fen: &str| {
        Chess::new(rules)
            .expect("valid rules")
            .with_start(pos(fen))
            .new_initial_state()
            .outcome()
    };
    let seventy_five = Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 150 120",
        "4k3/8/8/8/8/8/8/R3K3 w - - 200 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 1",
    ] {
        assert_eq!(outcome(Rules::fide(), fen), seventy_five, "{fen}");
        assert_eq!(outcome(Rules::lattjo(), fen), None, "{fen}");
    }
    let mate = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Checkmate,
    });
    assert_eq!(
        outcome(Rules::fide(), "R5k1/5ppp/8/8/8/8/8/4K3 b - - 200 120"),
        mate
    );
    assert_eq!(
        outcome(Rules::fide(), "7k/5Q2/6K1/8/8/8/8/8 b - - 200 120"),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let game = Chess::new(Rules::fide().with_decisions(true))
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"));
    let mut s = game.new_initial_state();
    assert!(game.claimable_draws(&s).fifty_moves);
    game.apply(&mut s, &Action::ClaimDraw).expect("claim");
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));

    // Black moves first from this FEN: White must still move before a draw is agreed.
    let game = Chess::new(Rules::fide().with_decisions(true))
        .expect("valid rules")
        .with_start(pos("4k3/8/8/8/8/8/8/R3K3 b - - 0 40"));
    let mut s = game.new_initial_state();
    game.apply(&mut s, &Action::OfferDraw).expect("offer");
    play_sans(&game, &mut s, &["Kd7"]);
    assert_eq!(
        game.apply(&mut s, &Action::AcceptDraw),
        Err(PlayError::AgreementTooEarly)
    );
    play_sans(&game, &mut s, &["Ra2"]);
    assert_eq!(s.draw_offer(), None, "declined by moving");
    game.apply(&mut s, &Action::OfferDraw).expect("offer");
    play_sans(&game, &mut s, &["Ke7"]);
    game.apply(&mut s, &Action::AcceptDraw)
        .expect("both have moved");
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "Rules: presets
/// plus options": "A game's own colour or side type converts to and from `Seat`", as
/// draughts' `Color` and backgammon's `Side` do. Chess's `Color` did not (the game cast it
/// to a seat number inside). White, who moves first (K2), is seat 0; Black seat 1.
#[test]
fn regression_color_did_not_convert_to_and_from_seat_k2() {
    use lattjo_chess::{Color, Game, Seat, SeatError, Turn};
    assert_eq!(Seat::from(Color::White), Seat::new(0));
    assert_eq!(Seat::from(Color::Black), Seat::new(1));
    assert_eq!(Color::Black.seat(), Seat::new(1));
    assert_eq!(Color::try_from(Seat::new(0)), Ok(Color::White));
    assert_eq!(Color::try_from(Seat::new(1)), Ok(Color::Black));
    let e: SeatError = Color::try_from(Seat::new(2)).unwrap_err();
    assert_eq!(e.to_string(), "seat 2 is out of range for 2 players");
    let game = lattjo_chess::Chess::default();
    let state = game.new_initial_state();
    assert_eq!(
        game.turn(&state),
        Turn::Player(state.position().turn().into())
    );
}

/// K2 "one move per turn": no rules have a null move (`Move::NULL`, `0000`), which passes
/// the turn without one. Yet `Action::Move(Move::NULL)` and
/// `Action::ClaimDrawWith(Move::NULL)`, which `"0000"` and `"claim draw with 0000"` read as,
/// were refused as `IllegalMove`, "illegal move 0000 in this position", as if another
/// position might allow them, and a history holding one as `StateError::IllegalMove`. Now
/// each is refused as a null move (`PlayError::NullMove`, `StateError::NullMove`), in
/// check or not, under every preset, the state unchanged; the claim's rule refusals
/// (decisions off, no claims, automatic claims) still come first, as for any move.
#[test]
fn regression_k2_a_null_move_was_refused_as_illegal_in_this_position() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
        "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
    ];
    for fen in starts {
        for rules in [
            Rules::fide(),
            Rules::fide().with_decisions(true),
            Rules::lattjo(),
        ] {
            let game = Chess::new(rules).unwrap().with_start(pos(fen));
            let mut s = game.new_initial_state();
            let before = s.clone();
            for text in ["0000", " 0000 "] {
                let a: Action = text.parse().unwrap();
                assert_eq!(a, Action::Move(Move::NULL));
                assert!(!game.is_legal(&s, &a));
                assert_eq!(game.apply(&mut s, &a), Err(PlayError::NullMove), "{fen}");
                assert_eq!(s, before);
            }
            assert_eq!(
                game.replay(pos(fen), &[Move::NULL]).unwrap_err(),
                lattjo_chess::StateError::NullMove(1)
            );
        }
    }
    assert_eq!(
        PlayError::NullMove.to_string(),
        "a null move (0000) is not a move of the game"
    );
    // A claim with a null move: its rule refusals first, then the null move.
    let claim: Action = "claim draw with 0000".parse().unwrap();
    assert_eq!(claim, Action::ClaimDrawWith(Move::NULL));
    let fifty = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    for (rules, want) in [
        (Rules::fide(), PlayError::DecisionsDisabled),
        (
            Rules::lattjo().with_decisions(true),
            PlayError::ClaimsDisabled,
        ),
        (
            Rules::fide().with_decisions(true).with_auto_claim(true),
            PlayError::NothingToClaim,
        ),
        (Rules::fide().with_decisions(true), PlayError::NullMove),
    ] {
        let game = Chess::new(rules).unwrap().with_start(pos(fifty));
        let mut s = game.new_initial_state();
        let before = s.clone();
        assert!(!game.is_legal(&s, &claim));
        assert_eq!(game.apply(&mut s, &claim), Err(want), "{rules:?}");
        assert_eq!(s, before);
        assert!(!game.claimable_draws_with(&s, Move::NULL).any());
    }
    // A history: the ply of the null move is named.
    let e2e4 = Move::new(Square::E2, Square::E4);
    let e = Chess::default()
        .state_after(&[e2e4, Move::NULL])
        .unwrap_err();
    assert_eq!(e, lattjo_chess::StateError::NullMove(2));
    assert_eq!(
        e.to_string(),
        "move 2 is a null move (0000), which is not a move of the game"
    );
    // Position-level play of PGN's null moves is unchanged.
    let mut p = Position::new();
    assert!(p.play_null().is_ok());
}
