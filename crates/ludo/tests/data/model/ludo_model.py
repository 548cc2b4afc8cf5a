"""A second model of ludo, written from the project's rules digest (shared/rules/ludo.md:
L1-L17, D1-D10, A1-A16) and not from the crate, for the booklet's rules (`rules=lattjo`) and
common Western Ludo (`rules=classic`) and Schmidt's Mensch ärgere dich nicht as the crate's
docs/ludo.md details it (`rules=mensch`). It reads states in the crate's state notation and writes
what the rules say happens next; tests/model.rs checks the crate against its output.

    python3 ludo_model.py states.txt > expected.txt

states.txt holds one state string a line: a state before a roll (no `die=`) or with a die to
play (`die=<d>`). For a state before a roll the model writes, for each die 1-6,
`C <state> <die> <the state after the roll>`; for a state with a die, `P <state> <the legal
moves, sorted, space-separated>` and then, for each legal move, `M <state> <move> <the state
after it>`. Fields are tab-separated.

What the model implements, by rule id:
- Geometry (A1, D10): `T/L/H` from the state; the finishing dot is F = L + H + 1; the start
  dots are T/4 apart, red at loop dot 0, then green, yellow, blue clockwise (L3); path index k
  (1 <= k <= L) is loop dot (start + k - 1) mod T.
- Release (L4-L6, D1, D2, A5): Lattjo: a 1 puts one checker on the start dot (index 1); a 6
  puts two on the start dot (only with two or more in the den) or one on the sixth dot
  (index 6, A7). Classic: a 6 puts one checker on the start dot.
- Moving (L8, A6, A8): a checker on the path moves exactly the die; nothing blocks.
- Sharing (L9, D3): Lattjo lets own checkers share a dot; Classic lets no move end on an own
  checker, except the finishing dot, which holds any number (A16).
- Capture (L10, T1, A2, A4, A10, D6): a move or entry that ends on a loop dot holding another
  colour's checkers sends all of them to their den; the home track and the finishing dot are
  safe (L13, T5, D7).
- Finish (L14-L16, D4, A4): Lattjo bounces the excess back from F (t = 2F - (p + d)); Classic
  refuses a move past F.
- Turns (L7, A3, A11, A12, D5, A14): a player must move when a move exists; the roll is lost
  otherwise. Every 6 gives another roll (even one that could not be used), except that in
  Classic the third 6 in a row forfeits that roll and ends the turn. Play passes clockwise
  among the seats. The state's streak counts the 6s rolled in the turn so far.
- Mensch (D1-D4, D10): a 6 releases one checker onto the start field and must when it can;
  while checkers remain in the den a checker on the start field must move off first when it
  can; no move ends on an own checker; the four goal fields (L+1 to L+H) hold one checker each
  and need the exact count; a colour wins with all four in its goal fields.
- End (L17, A15): the first player with all four checkers on F (Mensch: in the goal fields)
  wins; the state then shows `-` to move, a streak of 0 and `places=<winner>`.
"""
import sys

OFFSET = {'R': 0, 'G': 1, 'Y': 2, 'B': 3}


class State:
    def __init__(self, text):
        words = text.split()
        assert words[0] == 'LUDO', text
        self.T, self.L, self.H = map(int, words[1].split('/'))
        self.F = self.L + self.H + 1
        self.seats = words[2]
        self.to = words[3]
        self.streak = int(words[4])
        self.pos = {}
        self.die = None
        self.rules = None
        for w in words[5:]:
            if len(w) > 2 and w[1] == ':' and w[0] in OFFSET:
                self.pos[w[0]] = sorted(map(int, w[2:].split(',')))
            elif w.startswith('die='):
                self.die = int(w[4:])
            elif w.startswith('rules='):
                self.rules = w[6:]
            else:
                raise ValueError(f'unexpected word {w!r} in {text!r}')
        if self.rules not in ('lattjo', 'classic', 'mensch'):
            raise ValueError(f'the model plays lattjo, classic and mensch, not {self.rules}')
        self.classic = self.rules == 'classic'
        self.mensch = self.rules == 'mensch'
        # The last index a checker can reach: the finishing dot, or Mensch's last goal field.
        self.end = self.L + self.H if self.mensch else self.F

    def text(self, to, streak, pos, die=None, winner=None):
        words = ['LUDO', f'{self.T}/{self.L}/{self.H}', self.seats, to, str(streak)]
        words += [f'{c}:' + ','.join(map(str, sorted(pos[c]))) for c in self.seats]
        if die is not None:
            words.append(f'die={die}')
        if winner is not None:
            words.append(f'places={winner}')
        words.append(f'rules={self.rules}')
        return ' '.join(words)

    def dot(self, colour, k):
        return (OFFSET[colour] * self.T // 4 + k - 1) % self.T

    def other_on(self, colour, k):
        """The other colour with checkers on `colour`'s path index k, if k is a loop dot."""
        if not 1 <= k <= self.L:
            return None
        d = self.dot(colour, k)
        for o, ps in self.pos.items():
            if o != colour and any(1 <= p <= self.L and self.dot(o, p) == d for p in ps):
                return o
        return None

    def moves(self, die):
        """The legal moves of the player to move: {notation: (entering, count, from, to)}."""
        c, F, ps = self.to, self.F, self.pos[self.to]
        den = ps.count(0)
        out = {}

        def add(text, land, move):
            o = self.other_on(c, land)
            out[text + (f'x{o}' if o else '')] = move

        if self.mensch:
            return self.mensch_moves(die, add, out)
        if self.classic:
            if die == 6 and den and 1 not in ps:
                add(f'{c}:0>1', 1, (True, 1, 0, 1))
        else:
            if die == 1 and den:
                add(f'{c}:0>1', 1, (True, 1, 0, 1))
            if die == 6 and den >= 2:
                add(f'{c}:0>1,0>1', 1, (True, 2, 0, 1))
            if die == 6 and den:
                add(f'{c}:0>6', 6, (True, 1, 0, 6))
        for p in sorted(set(ps)):
            if not 1 <= p < F:
                continue
            t = p + die
            bounce = t > F
            if bounce:
                if self.classic:
                    continue
                t = 2 * F - t
            if self.classic and t != F and t in ps:
                continue
            add(f'{c}:{p}>{t}' + ('~' if bounce else ''), t, (False, 1, p, t))
        return out

    def mensch_moves(self, die, add, out):
        """Mensch (D1-D4, D10): a 6 releases one checker onto the start field; no move ends on
        an own checker, goal fields included; no move goes past the last goal field. A 6 with
        checkers in the den must release when it can; while checkers remain in the den, a
        checker on the start field must move off it first, when it can."""
        c, ps = self.to, self.pos[self.to]
        den = ps.count(0)
        if die == 6 and den and 1 not in ps:
            add(f'{c}:0>1', 1, (True, 1, 0, 1))
        for p in sorted(set(ps)):
            if not 1 <= p < self.end:
                continue
            t = p + die
            if t > self.end or t in ps:
                continue
            add(f'{c}:{p}>{t}', t, (False, 1, p, t))
        if den:
            release = {k: v for k, v in out.items() if v[0]}
            if release:
                return release
            off_start = {k: v for k, v in out.items() if v[2] == 1}
            if off_start:
                return off_start
        return out

    def after_move(self, move):
        c = self.to
        _, count, src, dst = move
        pos = {k: list(v) for k, v in self.pos.items()}
        for _ in range(count):
            pos[c].remove(src)
            pos[c].append(dst)
        o = self.other_on(c, dst)
        if o:
            d = self.dot(c, dst)
            pos[o] = [0 if 1 <= q <= self.L and self.dot(o, q) == d else q for q in pos[o]]
        if all(p > self.L for p in pos[c]) if self.mensch else all(p == self.F for p in pos[c]):
            return self.text('-', 0, pos, winner=c)
        if self.die == 6:
            return self.text(c, self.streak, pos)
        return self.text(self.next(), 0, pos)

    def after_roll(self, die):
        streak = self.streak + (die == 6)
        if self.classic and die == 6 and streak >= 3:
            return self.text(self.next(), 0, self.pos)
        if self.moves(die):
            return self.text(self.to, streak, self.pos, die=die)
        if die == 6:
            return self.text(self.to, streak, self.pos)
        return self.text(self.next(), 0, self.pos)

    def next(self):
        return self.seats[(self.seats.index(self.to) + 1) % len(self.seats)]


def main():
    for line in open(sys.argv[1]):
        text = line.strip()
        if not text or text.startswith('#'):
            continue
        s = State(text)
        if s.die is None:
            for die in range(1, 7):
                print(f'C\t{text}\t{die}\t{s.after_roll(die)}')
        else:
            legal = s.moves(s.die)
            print(f'P\t{text}\t{" ".join(sorted(legal))}')
            for m in sorted(legal):
                print(f'M\t{text}\t{m}\t{s.after_move(legal[m])}')


if __name__ == '__main__':
    main()
