//! Property tests: no parser panics on arbitrary or mutated input; legal <=> generated;
//! parse(display(x)) == x for FEN, SAN and UCI; the incremental hash equals a fresh one;
//! pieces are conserved; the mover's king is never left attacked (rules section 7).

use boardgame_core::GameRng;
use lattjo_chess::pgn::read_pgn;
use lattjo_chess::uci::UciPosition;
use lattjo_chess::{CastlingMode, Chess, Move, Position, Role, Rules, Square};
use proptest::prelude::*;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// The positions of a random walk of `plies` legal moves from one of the standard positions.
fn random_position(seed: u64, plies: u32) -> Vec<Position> {
    random_walk(seed, plies).0
}

fn random_walk(seed: u64, plies: u32) -> (Vec<Position>, Vec<Move>) {
    let mut rng = GameRng::new(seed, 3);
    let start: Position = FENS[rng.index(FENS.len())].parse().expect("valid");
    walk_from(start, &mut rng, plies)
}

/// The positions and moves of a random walk of `plies` legal moves from `start`.
fn walk_from(start: Position, rng: &mut GameRng, plies: u32) -> (Vec<Position>, Vec<Move>) {
    let mut pos = start;
    let mut seen = vec![pos.clone()];
    let mut played = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.index(moves.len())];
        pos.play(m).expect("generated moves are legal");
        seen.push(pos.clone());
        played.push(m);
    }
    (seen, played)
}

fn mutate(s: &str, edits: &[(u8, u16, char)]) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for &(kind, at, c) in edits {
        let i = if chars.is_empty() {
            0
        } else {
            at as usize % chars.len()
        };
        match kind % 3 {
            0 if !chars.is_empty() => {
                chars.remove(i);
            }
            1 => chars.insert(i, c),
            _ if !chars.is_empty() => chars[i] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn char_strategy() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '/', ' ', '-', 'K', 'Q', 'k', 'q', 'p', 'P', '1', '8', '9', '0', 'x', '=', '+', '#',
            '(', ')', '{', '}', '[', ']', '"', '$', 'O', 'e', 'a', 'h', '\n'
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parsers_never_panic_on_arbitrary_strings(s in "\\PC{0,80}") {
        let _ = s.parse::<Position>();
        let _ = Position::from_fen(&s, CastlingMode::Chess960);
        let start = Position::new();
        let _ = start.parse_san(&s);
        let _ = start.parse_uci(&s);
        let _ = read_pgn(&s);
        let _ = s.parse::<UciPosition>();
        let _ = UciPosition::parse(&format!("position startpos moves {s}"), CastlingMode::Chess960);
        let _ = UciPosition::parse(&format!("position fen {s}"), CastlingMode::Standard);
    }

    /// A UCI `position` command for a random game (from standard positions and Chess960
    /// starts) reads back as the same command, in its castling mode, and mutated commands are
    /// refused or read consistently.
    #[test]
    fn uci_position_commands_round_trip(
        seed in any::<u64>(), plies in 0u32..80, c960 in any::<bool>(), number in 0u32..960,
        edits in prop::collection::vec((any::<u8>(), any::<u16>(), char_strategy()), 0..4),
    ) {
        let (positions, moves) = random_walk(seed, plies);
        let (start, moves, mode) = if c960 {
            let start = Position::chess960(number).expect("0..960");
            let (_, played) = walk_from(start.clone(), &mut GameRng::new(seed, 9), plies);
            (start, played, CastlingMode::Chess960)
        } else {
            (positions[0].clone(), moves, CastlingMode::Standard)
        };
        let cmd = UciPosition::new(start, &moves).expect("legal moves");
        let text = cmd.to_string();
        prop_assert_eq!(UciPosition::parse(&text, mode), Ok(cmd.clone()), "{}", text);
        let booklet = Chess::new(Rules::lattjo()).expect("a preset");
        if let Ok(state) = cmd.to_state(&booklet) {
            prop_assert_eq!(state.position(), cmd.position());
            prop_assert_eq!(UciPosition::from_state(&state), cmd.clone());
        }
        let mutated = mutate(&text, &edits);
        if let Ok(m) = UciPosition::parse(&mutated, mode) {
            prop_assert_eq!(UciPosition::parse(&m.to_string(), mode), Ok(m));
        }
    }

    #[test]
    fn parsers_never_panic_on_mutated_valid_inputs(
        which in 0usize..4,
        edits in prop::collection::vec((any::<u8>(), any::<u16>(), char_strategy()), 1..6),
    ) {
        let fen = mutate(FENS[which], &edits);
        if let Ok(p) = fen.parse::<Position>() {
            // Whatever parses is a valid position that round-trips.
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
            let _ = lattjo_chess::perft(&p, 2);
        }
        let kiwi: Position = FENS[1].parse().expect("valid");
        for san in ["O-O-O", "Qxf6", "exd6", "Nxe6", "d5e6", "a2a3"] {
            let _ = kiwi.parse_san(&mutate(san, &edits));
            let _ = kiwi.parse_uci(&mutate(san, &edits));
        }
        let pgn = "[Event \"x\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n1. O-O {c} O-O-O (1... Kd8 $1) 2. Rf2 1-0\n";
        let _ = read_pgn(&mutate(pgn, &edits));
    }

    #[test]
    fn legal_iff_generated_and_round_trips(seed in any::<u64>(), plies in 0u32..60) {
        let positions = random_position(seed, plies);
        let pos = positions.last().expect("at least the start");
        let legal = pos.legal_moves();
        // legal <=> generated, over every from/to pair and promotion choice.
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [None, Some(Role::Queen), Some(Role::Knight), Some(Role::King)] {
                    let m = Move { from, to, promotion };
                    prop_assert_eq!(pos.is_legal(m), legal.contains(&m), "{:?} in {}", m, pos);
                }
            }
        }
        prop_assert_eq!(legal.len(), pos.count_legal_moves());
        // Choosing by index reaches every legal move exactly once (uniform random moves),
        // index k being the k-th move of the list (seeded games depend on this order).
        let chosen: Vec<Move> = (0..legal.len()).filter_map(|k| pos.choose_legal_move(|_| k)).collect();
        prop_assert_eq!(chosen, legal.to_vec());
        prop_assert_eq!(pos.choose_legal_move(|n| n), None);
        // FEN round trip, SAN and UCI round trips for every legal move.
        prop_assert_eq!(&pos.to_string().parse::<Position>().expect("fen"), pos);
        for &m in legal.iter() {
            prop_assert_eq!(pos.parse_san(&pos.san(m)), Ok(m), "{} in {}", pos.san(m), pos);
            prop_assert_eq!(pos.parse_uci(&pos.to_uci(m).to_string()), Ok(m));
        }
    }

    #[test]
    fn hash_pieces_and_king_safety_after_every_move(seed in any::<u64>()) {
        let (positions, moves) = random_walk(seed, 80);
        for (pair, &m) in positions.windows(2).zip(&moves) {
            let (before, after) = (&pair[0], &pair[1]);
            // The incremental hash equals the hash of the same position built from scratch.
            let fresh: Position = after.to_string().parse().expect("fen");
            prop_assert_eq!(fresh.zobrist(), after.zobrist());
            // Pieces are conserved: at most one capture per move, nothing appears.
            let (n0, n1) = (before.board().occupied().count(), after.board().occupied().count());
            prop_assert!(n1 == n0 || n1 + 1 == n0);
            // The side that just moved is not in check, and kings are never adjacent.
            prop_assert!(after.attackers_to(after.king(!after.turn()), after.turn(), after.board().occupied()).is_empty());
            prop_assert!(!lattjo_chess::king_attacks(after.king(after.turn())).contains(after.king(!after.turn())));
            // Checkmate <=> in check and no legal move; stalemate <=> not in check and none.
            let none = after.legal_moves().is_empty();
            prop_assert_eq!(after.is_checkmate(), after.is_check() && none);
            prop_assert_eq!(after.is_stalemate(), !after.is_check() && none);
            // Castling rights never come back; the half-move clock resets exactly on pawn
            // moves and captures.
            prop_assert_eq!(after.castling_rooks() & !before.castling_rooks(), lattjo_chess::Bitboard::EMPTY);
            let pawn_move = before.board().role_at(m.from) == Some(Role::Pawn);
            let expected = if pawn_move || before.is_capture(m) { 0 } else { before.halfmoves() + 1 };
            prop_assert_eq!(after.halfmoves(), expected);
            // The en-passant right lives exactly one ply.
            if let Some(ep) = before.ep_square() {
                prop_assert!(after.ep_square() != Some(ep));
            }
        }
    }
}

/// A setup with both kings and up to 12 other pieces at random squares, random castling
/// bits on the back ranks, a random en-passant square, side to move and clocks: mostly valid
/// positions near the edge of validity.
fn setup_strategy() -> impl Strategy<Value = lattjo_chess::Setup> {
    (
        0u32..64,
        0u32..64,
        prop::collection::vec((0u32..64, 0usize..12), 0..12),
        any::<u64>(),
        prop::option::of(0u32..64),
        any::<bool>(),
        0u32..200,
        0u32..3,
    )
        .prop_map(|(wk, bk, pieces, castle, ep, black, half, full)| {
            use lattjo_chess::{Bitboard, Board, Color, Piece, Setup};
            let mut board = Board::empty();
            for (sq, kind) in pieces {
                let role = Role::ALL[kind % 5];
                let color = if kind >= 6 {
                    Color::Black
                } else {
                    Color::White
                };
                board.set_piece_at(Square::new(sq).expect("in range"), Piece { color, role });
            }
            let king = |color| Piece {
                color,
                role: Role::King,
            };
            board.set_piece_at(Square::new(wk).expect("in range"), king(Color::White));
            board.set_piece_at(Square::new(bk).expect("in range"), king(Color::Black));
            Setup {
                board,
                turn: if black { Color::Black } else { Color::White },
                castling_rooks: Bitboard(castle & 0x9500_0000_0000_0095),
                ep_square: ep.and_then(Square::new),
                halfmoves: half,
                fullmoves: full,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Issue 15.3 and its class: whatever `from_setup` accepts (directly, or after the
    /// recovery options) is a position whose invariants hold, that plays without panics and
    /// that reads back from its own setup and FEN.
    #[test]
    fn accepted_setups_are_valid_positions(setup in setup_strategy(), chess960 in any::<bool>()) {
        use lattjo_chess::{Color, Piece};
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let accepted = Position::from_setup(setup, mode)
            .or_else(lattjo_chess::PositionError::ignore_invalid_castling_rights)
            .or_else(lattjo_chess::PositionError::ignore_invalid_ep_square);
        let Ok(pos) = accepted else { return Ok(()) };
        let b = pos.board();
        for c in Color::ALL {
            prop_assert_eq!(b.by_piece(Piece { color: c, role: Role::King }).count(), 1);
        }
        prop_assert!(!lattjo_chess::king_attacks(pos.king(Color::White)).contains(pos.king(Color::Black)));
        prop_assert!(pos.attackers_to(pos.king(!pos.turn()), pos.turn(), b.occupied()).is_empty());
        prop_assert!(pos.checkers().count() <= 2);
        prop_assert_eq!(Position::from_setup(pos.to_setup(), mode), Ok(pos.clone()));
        prop_assert_eq!(Position::from_fen(&pos.to_string(), mode), Ok(pos.clone()));
        let _ = lattjo_chess::perft(&pos, 2);
    }
}

fn san_strategy() -> impl Strategy<Value = lattjo_chess::san::San> {
    use lattjo_chess::san::San;
    use lattjo_chess::{CastlingSide, File, Rank};
    let opt_role = prop::option::of(prop::sample::select(Role::ALL.to_vec()));
    prop_oneof![
        prop::sample::select(vec![CastlingSide::KingSide, CastlingSide::QueenSide])
            .prop_map(San::Castle),
        (
            prop::sample::select(Role::ALL.to_vec()),
            prop::option::of(prop::sample::select(File::ALL.to_vec())),
            prop::option::of(prop::sample::select(Rank::ALL.to_vec())),
            any::<bool>(),
            0u32..64,
            opt_role,
        )
            .prop_map(|(role, file, rank, capture, to, promotion)| San::Normal {
                role,
                file,
                rank,
                capture,
                to: Square::new(to).expect("in range"),
                promotion,
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Issue 14: the text types round-trip: parse(display(x)) == x for every value.
    #[test]
    fn text_types_round_trip(
        san in san_strategy(),
        suffix in prop::option::of(prop::sample::select(vec![
            lattjo_chess::san::Suffix::Check,
            lattjo_chess::san::Suffix::Checkmate,
        ])),
        from in 0u32..64,
        to in 0u32..64,
        promotion in prop::option::of(prop::sample::select(Role::ALL.to_vec())),
        result in 0usize..4,
    ) {
        use lattjo_chess::san::{San, SanPlus};
        use lattjo_chess::{Color, GameResult};
        prop_assert_eq!(san.to_string().parse::<San>(), Ok(san));
        let plus = SanPlus { san, suffix };
        prop_assert_eq!(plus.to_string().parse::<SanPlus>(), Ok(plus));
        let m = Move { from: Square::new(from).expect("in range"), to: Square::new(to).expect("in range"), promotion };
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        let r = [GameResult::Win(Color::White), GameResult::Win(Color::Black), GameResult::Draw, GameResult::Unknown][result];
        prop_assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
    }

    /// No panic on arbitrary text for every text parser, and what parses round-trips.
    #[test]
    fn text_parsers_never_panic_and_round_trip(s in "\\PC{0,40}") {
        use lattjo_chess::san::{San, SanPlus};
        use lattjo_chess::{GameResult, Setup, UciMove};
        if let Ok(x) = s.parse::<San>() {
            prop_assert_eq!(x.to_string().parse::<San>(), Ok(x));
        }
        if let Ok(x) = s.parse::<SanPlus>() {
            prop_assert_eq!(x.to_string().parse::<SanPlus>(), Ok(x));
        }
        if let Ok(x) = s.parse::<Move>() {
            prop_assert_eq!(x.to_string().parse::<Move>(), Ok(x));
        }
        if let Ok(x) = s.parse::<UciMove>() {
            prop_assert_eq!(x.to_string().parse::<UciMove>(), Ok(x));
        }
        if let Ok(x) = s.parse::<GameResult>() {
            prop_assert_eq!(x.to_string().parse::<GameResult>(), Ok(x));
        }
        let _ = Setup::from_fen(&s);
        if let Ok(p) = s.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }
}

/// Issue 17: the game state keeps the legal moves of its position (generated once per ply
/// with other sliding-attack code than `Position::legal_moves`). Along random games from
/// positions with castling (Chess960 too), en passant, promotions and pins, the trait's `legal_actions`
/// equals the position's legal moves in the same order, `count_legal_moves` their number,
/// and `Game::is_legal` agrees with `Position::is_legal` on every move and on arbitrary
/// (from, to, promotion) triples.
#[test]
fn state_move_cache_matches_position_move_generation() {
    use lattjo_chess::{Action, Chess, Game, Turn};
    let promotions = [
        None,
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
        Some(Role::King),
        Some(Role::Pawn),
    ];
    let mut actions = Vec::new();
    let mut plies = 0;
    for seed in 0..120u64 {
        // The standard positions, and a Chess960 one (castling as the king onto its rook).
        let start = match FENS.get(seed as usize % (FENS.len() + 1)) {
            Some(fen) => fen.parse().expect("valid"),
            None => Position::from_fen(
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                CastlingMode::Chess960,
            )
            .expect("valid"),
        };
        let game = Chess::default().with_start(start);
        let mut state = game.new_initial_state();
        let mut rng = GameRng::new(seed, 17);
        for _ in 0..200 {
            if game.turn(&state) == Turn::Terminal {
                break;
            }
            let pos = state.position().clone();
            game.legal_actions(&state, &mut actions);
            let expected: Vec<Action> =
                pos.legal_moves().iter().map(|&m| Action::Move(m)).collect();
            assert_eq!(actions, expected, "{pos}");
            assert_eq!(pos.count_legal_moves(), expected.len(), "{pos}");
            for a in &actions {
                assert!(game.is_legal(&state, a), "{a:?} in {pos}");
            }
            for _ in 0..64 {
                let m = Move {
                    from: Square::ALL[rng.index(64)],
                    to: Square::ALL[rng.index(64)],
                    promotion: promotions[rng.index(promotions.len())],
                };
                assert_eq!(
                    game.is_legal(&state, &Action::Move(m)),
                    pos.is_legal(m),
                    "{m} in {pos}"
                );
            }
            let a = game
                .sample_action(&state, &mut rng, &mut actions)
                .expect("a move");
            assert!(expected.contains(&a), "{a:?} sampled in {pos}");
            game.apply(&mut state, &a).expect("legal");
            plies += 1;
        }
    }
    assert!(plies > 5_000, "{plies} plies checked");
}
