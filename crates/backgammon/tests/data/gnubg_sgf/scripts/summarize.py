# Writes <stem>.sgf.summary beside each GNUBG json dump (drive_sgf.py's gnubg.match()):
# per game `game <white score> <black score> <winner X|O> <points> <resigned> None`,
# X being GNUBG's player 0 (SGF's W, this crate's Black), O player 1 (SGF's B, White).
import json, sys
for fn in sys.argv[1:]:
    d = json.load(open(fn))
    rows = []
    for g in d['match']['games']:
        i = g['info']
        rows.append('game %d %d %s %d %s None' % (i['score-O'], i['score-X'], i.get('winner'), i.get('points-won', 0), i.get('resigned')))
    open(fn.replace('.json', '.sgf.summary'), 'w').write('\n'.join(rows) + '\n')
