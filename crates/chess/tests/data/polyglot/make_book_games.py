"""Writes make_book_games.pgn, the games that PolyGlot's own `make-book` turned into
make_book.bin, for tests/polyglot.rs:

    python3 -m pip install chess==1.11.2
    python3 make_book_games.py make_book_games.pgn
    polyglot make-book -pgn make_book_games.pgn -bin make_book.bin -max-ply 1000 -min-game 1

(PolyGlot 2.0.4, Debian's package, which starts every game from the standard position: its
`make-book` ignores a FEN tag.) The games are seeded random games from the start, biased
towards positions whose en-passant capture is pseudo-legal but not legal (the Polyglot key
hashes the file then), promotions and castling, and one hand-made game with such a position.
Every game is a draw, so the book keeps every move with weight equal to the times played.
"""
import chess, chess.pgn, io, random, sys

rng = random.Random(3738)


def pseudo_only(b):
    return b.has_pseudo_legal_en_passant() and not b.has_legal_en_passant()


def after(b, m):
    b.push(m)
    r = (b.has_pseudo_legal_en_passant(), pseudo_only(b))
    b.pop()
    return r


def pick(b):
    ms = list(b.legal_moves)
    dbl = [m for m in ms if b.piece_type_at(m.from_square) == chess.PAWN
           and abs(m.to_square - m.from_square) == 16]
    if dbl:
        tags = [(m, after(b, m)) for m in dbl]
        po = [m for m, (_, o) in tags if o]
        if po and rng.random() < 0.95:
            return rng.choice(po)
        ps = [m for m, (p, _) in tags if p]
        if ps and rng.random() < 0.5:
            return rng.choice(ps)
    sp = [m for m in ms if m.promotion or b.is_en_passant(m) or b.is_castling(m)]
    if sp and rng.random() < 0.5:
        return rng.choice(sp)
    if rng.random() < 0.4:
        pw = [m for m in ms if b.piece_type_at(m.from_square) == chess.PAWN]
        if pw:
            return rng.choice(pw)
    return rng.choice(ms)


def random_game(i):
    game = chess.pgn.Game()
    game.headers["Event"] = "ep %d" % i
    node, b = game, chess.Board()
    for _ in range(rng.randrange(10, 200)):
        if b.is_game_over(claim_draw=False):
            break
        m = pick(b)
        node = node.add_main_variation(m)
        b.push(m)
    return game


# Black's e-pawn pinned on the b1-h7 diagonal when White plays f2-f4: exf3 e.p. is
# pseudo-legal and not legal. Then d2-d4 with the king off the diagonal: exd3 e.p. is legal.
out = [chess.pgn.read_game(io.StringIO(
    '[Event "pin"]\n\n1. e3 e5 2. c3 Ke7 3. Bd3 Kf6 4. Bc2 e4 5. a3 Kg6 6. f4 Kh6 7. d4 exd3 '
    '8. Bxd3 *\n'))]
need = dict.fromkeys(["O-O", "O-O-O", "=N", "=B", "=R", "=Q", "e.p."], 0)
for i in range(3000):
    g = random_game(i)
    moves = list(g.mainline_moves())
    b, last, have = g.board(), None, set()
    for k, m in enumerate(moves):
        if b.is_kingside_castling(m):
            have.add("O-O")
        if b.is_queenside_castling(m):
            have.add("O-O-O")
        if m.promotion:
            have.add("=" + chess.piece_symbol(m.promotion).upper())
        if b.is_en_passant(m):
            have.add("e.p.")
        b.push(m)
        if pseudo_only(b):
            last = k + 1
    if last is not None:
        # Cut two plies after the game's last such position.
        g = chess.pgn.Game()
        g.headers["Event"] = "ep %d" % i
        node = g
        for m in moves[:last + 2]:
            node = node.add_main_variation(m)
        out.append(g)
    elif len(moves) < 120 and any(need[h] < 3 for h in have):
        for h in have:
            need[h] += 1
        out.append(g)
for g in out:
    g.headers["Result"] = "1/2-1/2"
with open(sys.argv[1], "w") as f:
    f.write("% Written by make_book_games.py (python-chess 1.11.2); make_book.bin is PolyGlot "
            "2.0.4's `make-book -max-ply 1000 -min-game 1` of this file.\n")
    f.write("\n\n".join(str(g) for g in out) + "\n")
