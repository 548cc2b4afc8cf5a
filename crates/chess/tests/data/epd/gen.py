"""Writes python_chess.tsv: EPD lines and how python-chess reads them, for tests/epd.rs.

Run with python-chess 1.11.2 (`pip install chess==1.11.2`): `python3 gen.py > python_chess.tsv`.
Each line after the header: the EPD text, a tab, python-chess's position after
`Board.from_epd` (`board.fen(en_passant="fen")`, clocks included), a tab, and its operations
as JSON (moves in UCI; `pv`, `am` and `bm` as lists; None for an empty operand).
"""
import json
import random

import chess

rng = random.Random(20261204)
TEXTS = ['WAC.001', 'a "quoted" word', 'back\\slash', 'tab\there', 'semi;colon', '', 'line\nbreak', 'ünïcode ♞']


def random_board():
    chess960 = rng.random() < 0.2
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    for _ in range(rng.randrange(0, 80)):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


def value_json(v):
    if isinstance(v, chess.Move):
        return {'move': v.uci()}
    if isinstance(v, list):
        return {'moves': [m.uci() for m in v]}
    if isinstance(v, float):
        return {'float': v}
    if isinstance(v, int):
        return {'int': v}
    if v is None:
        return None
    return {'text': v}


print('# source: python-chess 1.11.2 (Board.epd, Board.from_epd), written by gen.py in this directory, seed 20261204')
for i in range(400):
    board = random_board()
    moves = list(board.legal_moves)
    ops = {}
    # python-chess reads the moves of a Chess960 EPD in a standard board (its castling moves
    # then fail), so Chess960 lines carry no moves.
    if moves and not board.chess960:
        if rng.random() < 0.6:
            ops['bm'] = rng.sample(moves, min(len(moves), rng.randrange(1, 4)))
        if rng.random() < 0.3:
            ops['am'] = rng.sample(moves, 1)
        if rng.random() < 0.4:
            line, b = [], board.copy(stack=False)
            for _ in range(rng.randrange(1, 7)):
                ms = list(b.legal_moves)
                if not ms:
                    break
                m = rng.choice(ms)
                line.append(m)
                b.push(m)
            ops['pv'] = line
        if rng.random() < 0.2:
            ops['sm'] = rng.choice(moves)
    if rng.random() < 0.7:
        ops['id'] = rng.choice(TEXTS)
    if rng.random() < 0.3:
        ops['acd'] = rng.randrange(-5, 40)
    if rng.random() < 0.3:
        ops['ce'] = rng.choice([0.5, -1.25, 1e-7, 3e20, 100.0])
    if rng.random() < 0.2:
        ops['noop'] = None
    if rng.random() < 0.5:
        ops['hmvc'] = board.halfmove_clock
        ops['fmvn'] = board.fullmove_number
    en_passant = rng.choice(['legal', 'fen'])
    if i % 10 == 9:
        # The perft suites' layout: ` ;D1 20 ;D2 400`.
        epd = board.epd(en_passant=en_passant) + ''.join(' ;D%d %d' % (d, rng.randrange(1, 10**7)) for d in range(1, rng.randrange(2, 5)))
    else:
        epd = board.epd(en_passant=en_passant, **ops)
    b, parsed = chess.Board.from_epd(epd, chess960=board.chess960)
    print('%s\t%s\t%s' % (epd, b.fen(en_passant='fen'), json.dumps({k: value_json(v) for k, v in parsed.items()}, ensure_ascii=False)))
