//! Hostile input: arbitrary and mutated text and bytes into every parser (FEN, moves, PDN,
//! results, squares) never panics, and whatever is accepted writes back to text that reads
//! back to the same value. Seeds for the mutations are valid texts; the mutations insert,
//! delete, replace and duplicate characters (or bytes, for the streaming reader).

use std::io::{BufRead, Read};

use lattjo_draughts::{
    GameResult, KingMoves, Move, PdnGame, PdnReader, Position, Square, read_games_with,
};
use proptest::prelude::*;

const FENS: &[&str] = &[
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,K2:B7,K10",
    " B : B1-12 : W 21 - 32 ",
    "\"W:WK1-3,18:B7,K10.\"",
    "B:W9,10,17,18:BK6",
];

const MOVES: &[&str] = &[
    "11-15",
    "15x24x31",
    "6x15x22x13x6",
    "1-10",
    "29x11",
    " 9-13 ",
];

const DYKE: &str = include_str!("golden/double_corner_dyke.pdn");

const PDNS: &[&str] = &[
    DYKE,
    "[Event \"a\"]\n[Event \"b\"]\n1. 11-15 {*  0} 23-19 $2 2. 8-11!? (2. 9-13 {x}) 1-0\n",
    "[SetUp \"1\"]\n[FEN \"W:W18:B14\"]\n1... 18x9 * ; rest of line\n% escape\n[Event \"next\"]\n1. 9-14 1/2-1/2",
    "\u{feff}[Event \"bom\"]\n1. 11-15 *",
    "[GameType \"21,B,8,8,N1,0\"]\n[Black \"a \\\"quoted\\\" \\\\ name\"]\n1. 10-14 22-17 0-1\n",
    "[SetUp\"1\"][FEN\"W:W21-32:B1-12\"]\n1. ... 22-18* 2. 11-15!? 18x11 0-0\n",
];

/// Characters that mean something to one of the parsers.
const PALETTE: &[char] = &[
    '0', '1', '2', '3', '9', '-', 'x', 'X', 'K', 'k', ':', ',', 'B', 'W', '[', ']', '"', '{', '}',
    '(', ')', '\n', ' ', '.', '*', '\u{feff}', '/', ';', '%', '$', '\\', '!', '?', '\r', '\t',
    '\u{a0}', 'é',
];

/// A seed text with up to `edits` random edits.
fn mutated(seeds: &'static [&'static str], edits: usize) -> impl Strategy<Value = String> {
    (
        0..seeds.len(),
        prop::collection::vec(
            (
                0u8..5,
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
                any::<char>(),
            ),
            0..edits,
        ),
    )
        .prop_map(move |(i, ops)| {
            let mut s: Vec<char> = seeds[i].chars().collect();
            for (op, at, other, ch) in ops {
                let pos = at.index(s.len() + 1);
                let ch = if u32::from(ch) % 3 == 0 {
                    ch
                } else {
                    PALETTE[other.index(PALETTE.len())]
                };
                match op {
                    0 => s.insert(pos, ch),
                    1 if pos < s.len() => {
                        s.remove(pos);
                    }
                    2 if pos < s.len() => s[pos] = ch,
                    3 => {
                        let end = (pos + other.index(12)).min(s.len());
                        let copy: Vec<char> = s[pos..end].to_vec();
                        s.splice(pos..pos, copy);
                    }
                    _ => {
                        let end = (pos + other.index(6)).min(s.len());
                        s.drain(pos..end);
                    }
                }
            }
            s.into_iter().collect()
        })
}

/// A seed's bytes with random byte edits (so also text that is not UTF-8).
fn mutated_bytes(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (
        0..seeds.len(),
        prop::collection::vec((0u8..3, any::<prop::sample::Index>(), any::<u8>()), 0..8),
    )
        .prop_map(move |(i, ops)| {
            let mut b = seeds[i].as_bytes().to_vec();
            for (op, at, byte) in ops {
                let pos = at.index(b.len() + 1);
                match op {
                    0 => b.insert(pos, byte),
                    1 if pos < b.len() => b[pos] = byte,
                    _ if pos < b.len() => {
                        b.remove(pos);
                    }
                    _ => {}
                }
            }
            b
        })
}

/// A reader that hands out at most `chunk` bytes at a time, as a slow pipe would.
struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.chunk.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

impl BufRead for Trickle<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let n = self.chunk.min(self.data.len());
        Ok(&self.data[..n])
    }
    fn consume(&mut self, n: usize) {
        self.data = &self.data[n..];
    }
}

/// Positions to read move text against, with short and flying kings.
fn positions() -> Vec<Position> {
    [
        "B:W9,10,17,18:BK6",
        "B:W18:BK29",
        "B:W10,22:BK29",
        "W:W18,K2:B7,K10",
    ]
    .iter()
    .map(|f| f.parse().unwrap())
    .chain([Position::start()])
    .collect()
}

/// Every parser on `s`; every accepted value round-trips through its text.
fn check_text(s: &str) -> Result<(), TestCaseError> {
    if let Ok(p) = s.parse::<Position>() {
        prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    }
    if let Ok(m) = s.parse::<Move>() {
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }
    if let Ok(sq) = s.parse::<Square>() {
        prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    if let Ok(r) = s.parse::<GameResult>() {
        prop_assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
    }
    if let Ok(g) = s.parse::<PdnGame>() {
        prop_assert_eq!(g.to_string().parse::<PdnGame>(), Ok(g));
    }
    for kings in [KingMoves::Short, KingMoves::Flying] {
        check_pdn(s.as_bytes(), kings)?;
        for p in positions() {
            if let Ok(mv) = p.parse_move(s, kings) {
                let mut moves = Vec::new();
                p.legal_moves(kings, &mut moves);
                prop_assert!(moves.contains(&mv));
                prop_assert_eq!(p.parse_move(&p.move_text(&mv, kings), kings), Ok(mv));
            }
        }
    }
    Ok(())
}

/// Streams `bytes` as PDN (whole and trickled): the same items either way, every game read
/// writes back to text that reads back to the same game, errors count games and lines.
fn check_pdn(bytes: &[u8], kings: KingMoves) -> Result<(), TestCaseError> {
    let whole: Vec<_> = PdnReader::new(bytes).with_king_moves(kings).collect();
    let trickled: Vec<_> = PdnReader::new(Trickle {
        data: bytes,
        chunk: 3,
    })
    .with_king_moves(kings)
    .collect();
    prop_assert_eq!(&whole, &trickled);
    // A line ends at `\n`, `\r\n` or a `\r` alone.
    let lines = bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' || (b == b'\n' && (i == 0 || bytes[i - 1] != b'\r')))
        .count()
        + 1;
    let mut last_game = 0;
    for item in &whole {
        match item {
            Ok(g) => {
                let text = g.to_string();
                let again = read_games_with(&text, kings);
                prop_assert_eq!(again, Ok(vec![g.clone()]), "{}", text);
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
                prop_assert!(e.game > last_game, "{:?}", e);
                last_game = e.game;
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics_and_round_trips(s in "\\PC{0,120}") {
        check_text(&s)?;
    }

    #[test]
    fn mutated_fen_never_panics_and_round_trips(s in mutated(FENS, 6)) {
        check_text(&s)?;
    }

    #[test]
    fn mutated_move_text_never_panics_and_round_trips(s in mutated(MOVES, 4)) {
        check_text(&s)?;
    }

    #[test]
    fn mutated_pdn_never_panics_and_round_trips(s in mutated(PDNS, 10)) {
        check_text(&s)?;
    }

    #[test]
    fn mutated_pdn_bytes_never_panic(b in mutated_bytes(PDNS)) {
        check_pdn(&b, KingMoves::Short)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(b in prop::collection::vec(any::<u8>(), 0..200)) {
        check_pdn(&b, KingMoves::Short)?;
    }
}
