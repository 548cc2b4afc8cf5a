"""Writes a Polyglot book and what python-chess reads from it, for tests/polyglot.rs.

    python3 -m pip install chess==1.11.2
    python3 gen.py book.bin expected.tsv

The book is written here from the Polyglot format's description, with python-chess's
`chess.polyglot.zobrist_hash` for the keys: positions of seeded random games (standard chess
and Chess960), each with one to four of its legal moves (castling, promotions and en-passant
captures preferred when there are any) at random weights (0 included) and learn values, and now
and then a move that is not legal there (which a reader must skip). expected.tsv has, per
position, its castling mode (1 for Chess960), its FEN and python-chess's
`MemoryMappedReader.find_all(board, minimum_weight=0)`: each entry as `uci:weight:learn`.
"""
import random
import struct
import sys

import chess
import chess.polyglot

PROMO = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}


def raw_move(board, move):
    to = move.to_square
    if board.is_castling(move) and not board.chess960:
        # Castling is the king taking its own rook in the book format.
        rook_file = 7 if chess.square_file(move.to_square) == 6 else 0
        to = chess.square(rook_file, chess.square_rank(move.from_square))
    return to | move.from_square << 6 | PROMO[move.promotion] << 12


def main():
    rng = random.Random(24)
    entries = []
    positions = []
    seen = set()
    for game in range(70):
        c960 = game % 3 == 0
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if c960 else chess.Board()
        for ply in range(rng.randrange(20, 120)):
            legal = list(board.legal_moves)
            if not legal:
                break
            key = chess.polyglot.zobrist_hash(board)
            if rng.random() < 0.25 and key not in seen:
                seen.add(key)
                special = [m for m in legal if board.is_castling(m) or m.promotion or board.is_en_passant(m)]
                chosen = special[:2] + rng.sample(legal, min(len(legal), rng.randrange(1, 4)))
                for m in dict.fromkeys(chosen):
                    entries.append((key, raw_move(board, m), rng.choice([0, 1, 7, 100, 65535]), rng.randrange(2**32)))
                if rng.random() < 0.1:
                    # An entry whose move is not legal here: a1 to h8, or a promotion code of 5.
                    entries.append((key, 63 | 0 << 6, 5, 0))
                    entries.append((key, 28 | 12 << 6 | 5 << 12, 5, 0))
                positions.append(board.copy())
            board.push(rng.choice(legal))
    entries.sort(key=lambda e: e[0])  # stable: a position's entries keep their order
    with open(sys.argv[1], 'wb') as f:
        for e in entries:
            f.write(struct.pack('>QHHI', *e))
    with chess.polyglot.open_reader(sys.argv[1]) as book, open(sys.argv[2], 'w') as out:
        for b in positions:
            found = ' '.join(f'{e.move.uci()}:{e.weight}:{e.learn}' for e in book.find_all(b, minimum_weight=0))
            out.write(f'{int(b.chess960)}\t{b.fen()}\t{found}\n')


main()
