# Run as: DIR=<dir> gnubg -t -q -p loadcheck.py
# For each <dir>/*.sgf with a <file>.expect (written by tests/sgf.rs write_random_sgf_files),
# `load match` it in GNUBG and dump GNUBG's view in the same format (per game the scores,
# winner, points, resigned; per action move/double/take/drop/resign with the player and,
# for moves, the dice and the position ID before the move), then compare. With RESAVE=<dir>
# it also saves each loaded match again there (`save match`), for tests/sgf.rs to compare
# GNUBG's save with the file this crate wrote.
import gnubg, os, glob
D = os.environ['DIR']
ok = bad = 0
games = moves = 0
for fn in sorted(glob.glob(D + '/*.sgf')):
    if not os.path.exists(fn + '.expect'):
        continue
    gnubg.command('load match ' + fn)
    if os.environ.get('RESAVE'):
        gnubg.command('save match ' + os.environ['RESAVE'] + '/' + os.path.basename(fn))
    m = gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)
    out = []
    for g in m['games']:
        i = g['info']
        out.append('game %d %d %s %d %s' % (i['score-O'], i['score-X'], i.get('winner'), i.get('points-won', 0), i.get('resigned')))
        for a in g['game']:
            t = a['action']
            if t == 'move':
                d = sorted(a['dice'], reverse=True)
                out.append('move %s %d%d %s' % (a['player'], d[0], d[1], a['board']))
                moves += 1
            elif t in ('double', 'take', 'drop', 'resign'):
                out.append('%s %s' % (t, a['player']))
            else:
                out.append('other %s' % t)
        games += 1
    got = '\n'.join(out) + '\n'
    open(fn + '.gnubg', 'w').write(got)
    if got == open(fn + '.expect').read():
        ok += 1
    else:
        bad += 1
        print('MISMATCH', fn)
print('loadcheck: %d files agree, %d differ (%d games, %d moves)' % (ok, bad, games, moves))
