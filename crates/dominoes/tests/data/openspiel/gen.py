"""Writes random games of OpenSpiel's Python block dominoes (2 players) and team dominoes
(4 players, partners 0-2 and 1-3) for tests/openspiel.rs.

    pip install open_spiel==2.0.2
    python3 gen.py block 300 > block.txt
    python3 gen.py team 200 > team.txt

Per game: `game <n>`, `hands` (every hand, `|` between seats), then per player node
`node <player> <legal>` (each legal action as `tile:edge`, edge `-` on the empty table) and
`play <tile>:<edge>`, and last `returns <one per seat>`. Tiles print as `high-low`.
"""
import random
import sys

import pyspiel
from open_spiel.python.games import block_dominoes, team_dominoes  # registers both

kind, count = sys.argv[1], int(sys.argv[2])
mod = block_dominoes if kind == 'block' else team_dominoes
game = pyspiel.load_game('python_block_dominoes' if kind == 'block' else 'python_team_dominoes')
rng = random.Random(20261204)


def tile(t):
    a, b = int(t[0]), int(t[1])
    return '%d-%d' % (max(a, b), min(a, b))


def act(a):
    return '%s:%s' % (tile(a.tile), '-' if a.edge is None else int(a.edge))


print('# source: OpenSpiel 2.0.2 (PyPI open_spiel, Apache-2.0), python_%s_dominoes, '
      'generated 2026-12-04 by gen.py (this folder): python3 gen.py %s %d, '
      'random.Random(20261204) for the deal and the plays'
      % (kind, kind, count))
for n in range(count):
    s = game.new_initial_state()
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        s.apply_action(rng.choice(outcomes)[0])
    print('game %d' % n)
    print('hands ' + ' | '.join(' '.join(tile(t) for t in h) for h in s.hands))
    while not s.is_terminal():
        p = s.current_player()
        legal = s.legal_actions()
        print('node %d %s' % (p, ' '.join(act(mod._ACTIONS[a]) for a in legal)))
        a = rng.choice(legal)
        print('play %s' % act(mod._ACTIONS[a]))
        s.apply_action(a)
    print('returns ' + ' '.join('%d' % r for r in s.returns()))
