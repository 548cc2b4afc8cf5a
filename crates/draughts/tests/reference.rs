//! The bitboard generator against a plain reference written straight from the rules on an
//! 8x8 array (D4-D12, A2-A6, A8; V2 for flying kings), on many random positions.

use boardgame_core::GameRng;
use lattjo_draughts::{Color, KingMoves, Piece, Position, Role, Setup, Square};
use proptest::prelude::*;

type Board = [[Option<Piece>; 8]; 8];

fn number(r: i32, c: i32) -> u8 {
    (r * 4 + c / 2 + 1) as u8
}

struct Reference {
    board: Board,
    turn: Color,
    flying: bool,
    out: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Reference {
    fn inside(r: i32, c: i32) -> bool {
        (0..8).contains(&r) && (0..8).contains(&c)
    }

    /// Empty for the moving piece: no piece, or the square it started from.
    fn empty(&self, r: i32, c: i32, from: (i32, i32)) -> bool {
        Self::inside(r, c) && (self.board[r as usize][c as usize].is_none() || (r, c) == from)
    }

    fn dirs(&self, role: Role) -> Vec<(i32, i32)> {
        let f = if self.turn == Color::Black { 1 } else { -1 };
        match role {
            Role::Man => vec![(f, -1), (f, 1)],
            Role::King => vec![(1, -1), (1, 1), (-1, -1), (-1, 1)],
        }
    }

    fn jumps(
        &mut self,
        role: Role,
        from: (i32, i32),
        at: (i32, i32),
        path: &mut Vec<u8>,
        taken: &mut Vec<(i32, i32)>,
    ) {
        let crown = if self.turn == Color::Black { 7 } else { 0 };
        let mut any = false;
        for (dr, dc) in self.dirs(role) {
            let reach = if role == Role::King && self.flying {
                7
            } else {
                1
            };
            // Walk over empty squares (flying kings only) to the first piece.
            let mut k = 1;
            while k < reach && self.empty(at.0 + k * dr, at.1 + k * dc, from) {
                k += 1;
            }
            let (vr, vc) = (at.0 + k * dr, at.1 + k * dc);
            if !Self::inside(vr, vc) {
                continue;
            }
            let Some(victim) = self.board[vr as usize][vc as usize] else {
                continue;
            };
            if victim.color == self.turn || (vr, vc) == from || taken.contains(&(vr, vc)) {
                continue;
            }
            let mut j = 1;
            while j <= reach && self.empty(vr + j * dr, vc + j * dc, from) {
                let (lr, lc) = (vr + j * dr, vc + j * dc);
                any = true;
                path.push(number(lr, lc));
                taken.push((vr, vc));
                if role == Role::Man && lr == crown {
                    self.emit(path, taken);
                } else {
                    self.jumps(role, from, (lr, lc), path, taken);
                }
                path.pop();
                taken.pop();
                j += 1;
            }
        }
        if !any && path.len() > 1 {
            self.emit(path, taken);
        }
    }

    fn emit(&mut self, path: &[u8], taken: &[(i32, i32)]) {
        let mut t: Vec<u8> = taken.iter().map(|&(r, c)| number(r, c)).collect();
        t.sort_unstable();
        self.out.push((path.to_vec(), t));
    }

    fn moves(mut self) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mine: Vec<(i32, i32, Role)> = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .filter_map(|(r, c)| {
                self.board[r as usize][c as usize]
                    .filter(|p| p.color == self.turn)
                    .map(|p| (r, c, p.role))
            })
            .collect();
        for &(r, c, role) in &mine {
            self.jumps(
                role,
                (r, c),
                (r, c),
                &mut vec![number(r, c)],
                &mut Vec::new(),
            );
        }
        if self.out.is_empty() {
            for &(r, c, role) in &mine {
                let reach = if role == Role::King && self.flying {
                    7
                } else {
                    1
                };
                for (dr, dc) in self.dirs(role) {
                    let mut k = 1;
                    while k <= reach && self.empty(r + k * dr, c + k * dc, (r, c)) {
                        self.out
                            .push((vec![number(r, c), number(r + k * dr, c + k * dc)], vec![]));
                        k += 1;
                    }
                }
            }
        }
        self.out.sort();
        self.out
    }
}

fn reference(pos: &Position, kings: KingMoves) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut board: Board = [[None; 8]; 8];
    for (s, p) in pos.pieces() {
        board[usize::from(s.row())][usize::from(s.column())] = Some(p);
    }
    Reference {
        board,
        turn: pos.turn(),
        flying: kings == KingMoves::Flying,
        out: Vec::new(),
    }
    .moves()
}

fn generated(pos: &Position, kings: KingMoves) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut v = Vec::new();
    pos.legal_moves(kings, &mut v);
    let mut out: Vec<(Vec<u8>, Vec<u8>)> = v
        .iter()
        .map(|m| {
            (
                m.path().map(Square::number).collect(),
                m.captured().map(Square::number).collect(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Random positions with many kings: a random placement, then a few random moves.
fn position() -> impl Strategy<Value = (Position, u64)> {
    (
        prop::collection::vec(0u8..7, 32),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(cells, white, seed)| {
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
                if counts[color as usize] == 12
                    || (role == Role::Man && s.row() == color.crowning_row())
                {
                    continue;
                }
                counts[color as usize] += 1;
                setup.set(s, Some(Piece { color, role }));
            }
            (Position::try_from(setup).unwrap(), seed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generator_matches_the_reference(start in position()) {
        let (start, seed) = start;
        for kings in [KingMoves::Short, KingMoves::Flying] {
            let mut pos = start;
            let mut rng = GameRng::new(seed, 11);
            let mut v = Vec::new();
            for _ in 0..8 {
                prop_assert_eq!(generated(&pos, kings), reference(&pos, kings), "{} {:?}", pos, kings);
                pos.legal_moves(kings, &mut v);
                if v.is_empty() {
                    break;
                }
                let m = v[rng.index(v.len())];
                pos.play(&m, kings).unwrap();
            }
        }
    }
}

#[test]
fn reference_agrees_with_published_perft() {
    // The reference itself reproduces A133046 to depth 5, so it is a fair judge.
    fn perft(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for (path, _) in reference(pos, KingMoves::Short) {
            let text = path.iter().map(u8::to_string).collect::<Vec<_>>().join(
                if path.len() > 2 || pos.must_capture(KingMoves::Short) {
                    "x"
                } else {
                    "-"
                },
            );
            let mv = pos.parse_move(&text, KingMoves::Short).unwrap();
            let mut p = *pos;
            p.play(&mv, KingMoves::Short).unwrap();
            n += perft(&p, depth - 1);
        }
        n
    }
    let want = [7, 49, 302, 1469, 7361];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&Position::start(), d as u32 + 1), n);
    }
}
