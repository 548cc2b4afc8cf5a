"""A second model of the booklet's draw game (`Rules::lattjo()`, 2-5 players), written from the
project's rules digest (D1-D15, E1-E6, E12) and not from the crate; tests/model.rs checks the
crate against its output.

    python3 dominoes_model.py states.jsonl > expected.txt

states.jsonl holds one state a line, as the crate serializes it (feature `serde`): a player
node (phase `Opening`, `Turn` or `Drawn`) or a draw (phase `Drawing`, a chance node). For each
the model writes `S <state>`, then for a player node `P <legal actions, sorted, |-separated>`
and, for each action, `M <action> <what follows>`; for a draw, `C <deal t> <what follows>` for
each tile t of the stock. What follows is a JSON object with the state's `phase`, `hands`,
`stock`, `layout` and `result` as the crate writes them. Fields are tab-separated.

The rules, by id:
- D4: the opener lays the highest double; the opening is that tile, nothing else.
- D6: play goes clockwise (seat + 1) after every turn.
- D7, D8, E4: a tile goes on an open end whose number one of its halves shows, that half
  against the end; with both ends showing the same number only `left` is listed (the two
  placements give the same game).
- D9, D10, E2, E3: a player who can place a tile must; one who cannot draws one tile when the
  stock has any, and passes when it has none; a drawn tile that fits must be played at once,
  on an end of the player's choice; one that does not passes the turn.
- D11, E1, E12: a round ends when a player places his last tile (at once), or when it is
  blocked: (a) the stock is empty and nobody holds a tile that fits, or (b) the layout is
  closed (both ends show n and all n-tiles are down).
- D12, D13, E5, E6: the winner is the player who went out, or else the one with the strictly
  lowest pips in hand (a tie: nobody); he scores the pips of all other hands less his own.
"""
import json
import sys


def tiles(text):
    return [] if text == '-' else [tuple(map(int, t.split('-'))) for t in text.split()]


def tiles_text(ts):
    return ' '.join(f'{a}-{b}' for a, b in sorted(ts, key=lambda t: (t[0], t[1]))) or '-'


def tile(a, b):
    return (max(a, b), min(a, b))


def layout_parts(text):
    """The layout's tiles as they lie, left to right, and the index of the first tile."""
    parts, first = [], None
    for i, w in enumerate(text.split()):
        if w.startswith('['):
            first = i
            w = w[1:-1]
        a, b = map(int, w.split('-'))
        parts.append((a, b))
    return parts, first


def layout_text(parts, first):
    return ' '.join((f'[{a}-{b}]' if i == first else f'{a}-{b}') for i, (a, b) in enumerate(parts))


class Round:
    def __init__(self, state):
        self.raw = state
        self.n = state['rules']['players']
        self.hands = [tiles(h) for h in state['hands']]
        self.stock = tiles(state['stock'])
        self.phase = state['phase']
        if state['layout'] == 'empty':
            self.parts, self.first = [], None
        else:
            self.parts, self.first = layout_parts(state['layout'])

    def ends(self):
        return (self.parts[0][0], self.parts[-1][1]) if self.parts else None

    def placements(self, t):
        """Where tile t may go: [(text, end)], E4's duplicate dropped."""
        left, right = self.ends()
        out = []
        if left in t:
            out.append('left')
        if right in t and not (left == right and out):
            out.append('right')
        return out

    def fits(self, t):
        return bool(self.placements(t))

    def legal(self):
        kind = next(iter(self.phase))
        if kind == 'Opening':
            a, b = map(int, self.phase['Opening']['forced'].split('-'))
            return [f'{a}-{b}']
        if kind == 'Drawn':
            seat, t = self.phase['Drawn']
            t = tuple(map(int, t.split('-')))
            return [f'{t[0]}-{t[1]} {e}' for e in self.placements(t)]
        seat = self.phase['Turn']
        out = [f'{a}-{b} {e}' for (a, b) in self.hands[seat] for e in self.placements((a, b))]
        if out:
            return out
        return ['draw'] if self.stock else ['pass']

    def seat(self):
        kind = next(iter(self.phase))
        v = self.phase[kind]
        return v['seat'] if kind == 'Opening' else (v[0] if kind == 'Drawn' else v)

    def place(self, t, end):
        a, b = t
        if not self.parts:
            self.parts, self.first = [(a, b)], 0
            return
        left, right = self.ends()
        if end == 'left':
            other = b if a == left else a
            self.parts.insert(0, (other, left))
            self.first += 1
        else:
            other = b if a == right else a
            self.parts.append((right, other))

    def blocked(self):
        left, right = self.ends()
        if left == right:
            down = {tile(a, b) for a, b in self.parts}
            if all(tile(left, k) in down for k in range(7)):
                return True
        return not self.stock and not any(self.fits(t) for h in self.hands for t in h)

    def over(self, out_seat):
        pips = [sum(a + b for a, b in h) for h in self.hands]
        if out_seat is not None:
            winner, end = out_seat, {'Out': out_seat}
        else:
            end = 'Blocked'
            low = min(pips)
            winner = pips.index(low) if pips.count(low) == 1 else None
        points = [0] * self.n
        if winner is not None:
            points[winner] = sum(pips) - 2 * pips[winner]
        self.phase = 'Over'
        return {'end': end, 'winner': winner, 'pips': pips, 'points': points}

    def after(self, seat, out_seat=None):
        """After a turn of `seat`: the round's end or the next player's turn."""
        if out_seat is not None or self.blocked():
            return self.over(out_seat)
        self.phase = {'Turn': (seat + 1) % self.n}
        return None

    def snapshot(self, result):
        return {'phase': self.phase, 'hands': [tiles_text(h) for h in self.hands],
                'stock': tiles_text(self.stock),
                'layout': layout_text(self.parts, self.first) if self.parts else 'empty',
                'result': result}

    def play(self, action):
        seat = self.seat()
        if action == 'pass':
            return self.snapshot(self.after(seat))
        if action == 'draw':
            self.phase = {'Drawing': seat}
            return self.snapshot(None)
        words = action.split()
        a, b = map(int, words[0].split('-'))
        t = tile(a, b)
        self.hands[seat].remove(t)
        self.place(t, words[1] if len(words) > 1 else None)
        return self.snapshot(self.after(seat, seat if not self.hands[seat] else None))

    def deal(self, t):
        seat = self.phase['Drawing']
        self.stock.remove(t)
        self.hands[seat].append(t)
        if self.fits(t):
            self.phase = {'Drawn': [seat, f'{t[0]}-{t[1]}']}
            return self.snapshot(None)
        return self.snapshot(self.after(seat))


def main():
    for line in open(sys.argv[1]):
        line = line.strip()
        if not line:
            continue
        state = json.loads(line)
        print(f'S\t{line}')
        r = Round(state)
        if 'Drawing' in state['phase']:
            for t in sorted(r.stock):
                out = Round(state).deal(t)
                print(f'C\tdeal {t[0]}-{t[1]}\t{json.dumps(out, separators=(",", ":"))}')
        else:
            legal = sorted(r.legal())
            print(f'P\t{"|".join(legal)}')
            for a in legal:
                out = Round(state).play(a)
                print(f'M\t{a}\t{json.dumps(out, separators=(",", ":"))}')


if __name__ == '__main__':
    main()
