//! Property tests: no panic on arbitrary text, round trips, legal <=> generated, and the
//! board invariants of section 7 of the rules file.

use boardgame_core::GameRng;
use lattjo_draughts::{
    Color, GameResult, KingMoves, Move, PdnGame, Piece, Position, Role, Setup, Square, read_games,
    read_games_with,
};
use proptest::prelude::*;

/// A position reached by `plies` random legal moves from the start.
fn played(seed: u64, plies: u32) -> Position {
    let mut pos = Position::start();
    let mut rng = GameRng::new(seed, 7);
    let mut v = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(KingMoves::Short, &mut v);
        if v.is_empty() {
            break;
        }
        let m = v[rng.index(v.len())];
        pos.play(&m, KingMoves::Short).unwrap();
    }
    pos
}

/// Any legal placement: up to 12 pieces a side, men off their crowning rows.
fn placement() -> impl Strategy<Value = Position> {
    (prop::collection::vec(0u8..9, 32), any::<bool>()).prop_map(|(cells, white)| {
        let mut setup = Setup::empty(if white { Color::White } else { Color::Black });
        let mut counts = [0; 2];
        for (s, c) in Square::all().zip(cells) {
            let (color, role) = match c {
                0 => (Color::Black, Role::Man),
                1 => (Color::Black, Role::King),
                2 => (Color::White, Role::Man),
                3 => (Color::White, Role::King),
                _ => continue,
            };
            if counts[color as usize] == 12 {
                continue;
            }
            let role = if s.row() == color.crowning_row() {
                Role::King
            } else {
                role
            };
            counts[color as usize] += 1;
            setup.set(s, Some(Piece { color, role }));
        }
        Position::try_from(setup).unwrap()
    })
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        (any::<u64>(), 0u32..120).prop_map(|(s, n)| played(s, n)),
        placement()
    ]
}

fn kings() -> impl Strategy<Value = KingMoves> {
    prop_oneof![Just(KingMoves::Short), Just(KingMoves::Flying)]
}

/// Checks every invariant of section 7 on one move.
fn check_move(pos: &Position, mv: &Move, kings: KingMoves, all: &[Move]) {
    let me = pos.turn();
    let mut after = *pos;
    after.play(mv, kings).unwrap();
    // Material: the captured count is the number of pieces gone; nothing else changes.
    assert_eq!(after.count(me), pos.count(me));
    assert_eq!(
        after.count(me.opponent()),
        pos.count(me.opponent()) - mv.num_captured()
    );
    for s in mv.captured() {
        assert_eq!(pos.piece_at(s).map(|p| p.color), Some(me.opponent()));
        assert_eq!(after.piece_at(s), None);
    }
    if kings == KingMoves::Short && mv.is_capture() {
        assert_eq!(
            mv.num_captured() as usize,
            mv.path().len() - 1,
            "one piece per jump"
        );
    }
    // Capture obligation.
    if all.iter().any(Move::is_capture) {
        assert!(mv.is_capture());
    }
    // Direction: a man's every step heads for its crowning row.
    let piece = pos.piece_at(mv.from()).unwrap();
    if piece.role == Role::Man {
        let rows: Vec<i32> = mv.path().map(|s| i32::from(s.row())).collect();
        let sign = if me == Color::Black { 1 } else { -1 };
        assert!(rows.windows(2).all(|w| (w[1] - w[0]) * sign > 0), "{mv}");
    }
    // Crowning: a man ending on the far row is a king, and it arrived only at the end.
    let moved = after.piece_at(mv.to()).unwrap();
    let crowned = piece.role == Role::Man && mv.to().row() == me.crowning_row();
    assert_eq!(moved.role, if crowned { Role::King } else { piece.role });
    if crowned {
        assert!(
            mv.path()
                .take(mv.path().len() - 1)
                .all(|s| s.row() != me.crowning_row())
        );
    }
    // Maximal sequence: a capture that did not crown has no further capture from its end.
    // (Short kings only: with flying kings the captured pieces block until the move ends,
    // V2, so the board after the move is not the board the sequence ended on.)
    if kings == KingMoves::Short && mv.is_capture() && !crowned {
        let mut setup = after.to_setup();
        setup.turn = me;
        let again = Position::try_from(setup).unwrap();
        let mut v = Vec::new();
        again.legal_moves(kings, &mut v);
        assert!(
            !v.iter().any(|m| m.is_capture() && m.from() == mv.to()),
            "{mv} could go on"
        );
    }
    // Board invariants.
    for (s, p) in after.pieces() {
        assert!(!(p.role == Role::Man && s.row() == p.color.crowning_row()));
    }
    assert!(after.count(Color::Black) <= 12 && after.count(Color::White) <= 12);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_panic_on_arbitrary_text(s in ".{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Square>();
        let _ = s.parse::<GameResult>();
        let _ = read_games(&s);
        for fen in ["B:W9,10,17,18:BK6", "B:W18:BK29"] {
            let p: Position = fen.parse().unwrap();
            let _ = p.parse_move(&s, KingMoves::Short);
            let _ = p.parse_move(&s, KingMoves::Flying);
        }
        let _ = Position::start().parse_move(&s, KingMoves::Short);
    }

    #[test]
    fn no_panic_on_fen_like_text(s in "[BW]:[BWK0-9,: -]{0,40}(:[BWK0-9,: -]{0,40})?") {
        if let Ok(p) = s.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }

    #[test]
    fn no_panic_on_pdn_like_text(s in "(\\[[A-Za-z]{1,5} \"[^\"]{0,8}\"\\]\n|[0-9]{1,2}\\. |[0-9]{1,2}[-x][0-9]{1,2} |\\{[a-z ]{0,6}\\} |\\(|\\)|1-0|0-1|\\*| )*") {
        let _ = read_games(&s);
    }

    #[test]
    fn fen_round_trip(p in any_position()) {
        prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        prop_assert_eq!(Position::try_from(p.to_setup()), Ok(p));
    }

    #[test]
    fn move_text_round_trip_and_invariants(p in any_position(), k in kings()) {
        let mut v = Vec::new();
        p.legal_moves(k, &mut v);
        prop_assert_eq!(v.len() as u64, p.count_moves(k));
        for mv in &v {
            prop_assert_eq!(&p.parse_move(&mv.to_string(), k).unwrap(), mv);
            prop_assert_eq!(&p.parse_move(&p.move_text(mv, k), k).unwrap(), mv);
            check_move(&p, mv, k, &v);
        }
        // Distinct moves (A8).
        for (i, a) in v.iter().enumerate() {
            prop_assert!(v[i + 1..].iter().all(|b| b != a));
        }
    }

    #[test]
    fn legal_iff_generated(p in any_position(), q in any_position(), k in kings()) {
        let (mut mine, mut other) = (Vec::new(), Vec::new());
        p.legal_moves(k, &mut mine);
        q.legal_moves(k, &mut other);
        for mv in mine.iter().chain(&other) {
            let generated = mine.contains(mv);
            prop_assert_eq!(p.is_legal(mv, k), generated, "{} in {}", mv, p);
            let mut copy = p;
            prop_assert_eq!(copy.play(mv, k).is_ok(), generated);
            if !generated {
                prop_assert_eq!(copy, p, "state unchanged after an illegal move");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn draw_state_never_changes_move_generation(seed in any::<u64>()) {
        use boardgame_core::Game;
        use lattjo_draughts::{Action, Draughts, Rules};
        let games = [Draughts::new(Rules::wcdf()).unwrap(), Draughts::new(Rules::lattjo()).unwrap(), Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap()];
        for game in games {
            let mut s = game.new_initial_state();
            let mut rng = GameRng::new(seed, 3);
            let (mut acts, mut moves) = (Vec::new(), Vec::new());
            let mut material = 24;
            for _ in 0..300 {
                if s.outcome().is_some() {
                    break;
                }
                game.legal_actions(&s, &mut acts);
                s.position().legal_moves(KingMoves::Short, &mut moves);
                let listed: Vec<Move> = acts.iter().filter_map(|a| match a { Action::Move(m) => Some(*m), _ => None }).collect();
                prop_assert_eq!(&listed, &moves);
                let mv = moves[rng.index(moves.len())];
                game.play(&mut s, &mv).unwrap();
                let now = s.position().count(Color::Black) + s.position().count(Color::White);
                prop_assert_eq!(now, material - mv.num_captured(), "pieces conserved");
                material = now;
            }
        }
    }
}

/// The draw-claim rule written out by brute force: the position stands for the `r`-th
/// time, or some legal move brings a position of the history back for the `r`-th time.
fn claim_by_brute_force(s: &lattjo_draughts::State, r: usize, kings: KingMoves) -> bool {
    let count = |p: &Position| s.history().iter().filter(|h| *h == p).count();
    if count(s.position()) >= r {
        return true;
    }
    let mut moves = Vec::new();
    s.position().legal_moves(kings, &mut moves);
    moves.iter().any(|m| {
        let mut next = *s.position();
        next.play(m, kings).unwrap();
        count(&next) + 1 >= r
    })
}

#[test]
fn v1_a1_repetition_claims_match_the_brute_force_rule() {
    use lattjo_draughts::{Draughts, DrawReason, Rules};
    let mut claims = [0usize; 5];
    for seed in 0..40u64 {
        for r in 2u8..5 {
            for flying in [false, true] {
                let rules = Rules::wcdf().with_repetitions(r).with_flying_kings(flying);
                let game = Draughts::new(rules).unwrap();
                let kings = rules.king_moves;
                // Kings only, few of them: repetitions come up often.
                let start: Position = "B:WK25,K30:BK1,K3".parse().unwrap();
                let mut s = game.state_from(start);
                let mut rng = GameRng::new(seed, 5);
                let mut moves = Vec::new();
                for _ in 0..150 {
                    if s.outcome().is_some() {
                        break;
                    }
                    let want = claim_by_brute_force(&s, usize::from(r), kings);
                    assert_eq!(game.can_claim(&s, DrawReason::Repetition), want, "{s:?}");
                    claims[usize::from(r)] += usize::from(want);
                    s.position().legal_moves(kings, &mut moves);
                    let mv = moves[rng.index(moves.len())];
                    game.play(&mut s, &mv).unwrap();
                }
            }
        }
    }
    // Every threshold was reached in some game (the comparison is not vacuous).
    assert!(claims[2..].iter().all(|&c| c > 0), "{claims:?}");
}

#[test]
fn sample_action_draws_as_the_trait_default_does() {
    // `Draughts::sample_action` counts steps instead of listing them; it must pick the same
    // action as the trait's default (uniform over `legal_actions`, in its order, with one
    // `rng.index` draw), so that a seed plays the same game either way.
    use boardgame_core::Game;
    use lattjo_draughts::{Draughts, Rules};
    for rules in [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
        Rules::wcdf().with_flying_kings(true),
        Rules::wcdf().with_repetitions(2).with_quiet_moves(2),
    ] {
        let game = Draughts::new(rules).unwrap();
        for seed in 0..60u64 {
            let mut s = game.new_initial_state();
            let (mut ours, mut theirs) = (GameRng::new(seed, 9), GameRng::new(seed, 9));
            let (mut buf, mut all) = (Vec::new(), Vec::new());
            loop {
                let a = game.sample_action(&s, &mut ours, &mut buf);
                game.legal_actions(&s, &mut all);
                let b = (!all.is_empty()).then(|| all[theirs.index(all.len())]);
                assert_eq!(a, b, "{rules:?} seed {seed} at {:?}", s.position());
                let Some(a) = a else { break };
                game.apply(&mut s, &a).unwrap();
            }
        }
    }
}

/// One step of building a game through the API: a move (the `n`-th legal one), a comment, a
/// tag, or a result.
#[derive(Clone, Debug)]
enum Build {
    Move(prop::sample::Index),
    Comment(String),
    Tag(String, String),
    Result(GameResult),
}

fn build_step() -> impl Strategy<Value = Build> {
    // Text that means something to PDN (brackets, quotes, escapes, line breaks, comment
    // starts, a byte-order mark, white space outside ASCII), any printable text, or lines
    // (blank ones among them) that start like a tag pair, which a reader may take for the
    // next game's tags after a comment left open.
    let text = || {
        prop_oneof![
            "[ -~\\t\\r\\n{}()\\[\\]\"\\\\;%éß\u{a0}\u{feff}\u{2028}]{0,30}",
            "\\PC{0,20}",
            "(\\n|\\r|\\x0C|\\t| |\\[Event \"|\\[a|[a-z])(\\n|\\r|\\x0C|\\t| |\\[Event \"|[a-z]){0,12}",
        ]
    };
    prop_oneof![
        6 => any::<prop::sample::Index>().prop_map(Build::Move),
        2 => text().prop_map(Build::Comment),
        1 => ("[A-Za-z0-9_ ]{0,8}", text()).prop_map(|(k, v)| Build::Tag(k, v)),
        1 => prop_oneof![
            Just(GameResult::WhiteWins),
            Just(GameResult::BlackWins),
            Just(GameResult::Draw),
            Just(GameResult::Unfinished),
            Just(GameResult::DoubleForfeit),
        ]
        .prop_map(Build::Result),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Section 6 round trips: a game built through the API (any start, legal moves, comments
    /// and tag values of any text, any result) writes PDN that reads back to the same game,
    /// in lines under 80 characters but for a single long comment or tag.
    #[test]
    fn built_game_round_trips_through_pdn(
        start in any_position(),
        k in kings(),
        steps in prop::collection::vec(build_step(), 0..60),
    ) {
        let mut g = PdnGame::new(start, k);
        let mut v = Vec::new();
        for step in steps {
            match step {
                Build::Move(i) => {
                    g.final_position().legal_moves(k, &mut v);
                    if !v.is_empty() {
                        g.push_move(v[i.index(v.len())]).unwrap();
                    }
                }
                Build::Comment(c) => g.push_comment(&c),
                Build::Tag(key, value) => {
                    let _ = g.set_tag(&key, &value);
                }
                Build::Result(r) => g.set_result(r),
            }
        }
        let text = g.to_string();
        prop_assert_eq!(read_games_with(&text, k), Ok(vec![g.clone()]), "{}", text);
        if k == KingMoves::Short {
            prop_assert_eq!(text.parse::<PdnGame>(), Ok(g.clone()), "{}", text);
        }
        for line in text.lines() {
            prop_assert!(
                line.chars().count() < 80 || line.starts_with('[') || line.contains('{'),
                "{}",
                line
            );
        }
    }
}
