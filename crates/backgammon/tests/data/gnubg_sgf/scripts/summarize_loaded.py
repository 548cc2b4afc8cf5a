# Run as: DIR=<dir> gnubg -t -q -p summarize_loaded.py ; writes <file>.summary for each
# <dir>/*.sgf from GNUBG's own load of it (gnubg.match()), in summarize.py's format.
import gnubg, os, glob
for fn in sorted(glob.glob(os.environ['DIR'] + '/*.sgf')):
    gnubg.command('load match ' + fn)
    m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    rows = []
    for g in m['games']:
        i = g['info']
        rows.append('game %d %d %s %d %s None' % (i['score-O'], i['score-X'], i.get('winner'), i.get('points-won', 0), i.get('resigned')))
    open(fn + '.summary', 'w').write('\n'.join(rows) + '\n')
