# Run as: IDS=<file> OUT=<dir> gnubg -t -q -p positions_played.py
# Set-up positions played on (positions-played.sgf, positions-played.expect): for the first
# 120 GNUBG IDs in $IDS (unswapped IDs of random states this crate played), both players
# human: `new session`, `set matchid`, `set board`, then 1 to 6 turns (`roll` when no dice
# are set, a random move among GNUBG's hints at 0 plies), a line LIVE with the IDs GNUBG
# has, `save game $OUT/NNN.sgf`, and a line LOAD with its IDs after `load game`.
# positions-played.sgf is the 10 smallest files with three moves or more, concatenated;
# positions-played.expect their LIVE lines.
import gnubg, os, random
random.seed(17)
gnubg.command('set player 0 human'); gnubg.command('set player 1 human')
ids = [l.strip() for l in open(os.environ['IDS']) if l.strip()][:120]
def dice():
    d = gnubg.posinfo().get('dice')
    return d if d and d[0] else None
def playing():
    return gnubg.posinfo().get('gamestate') == 1
for k, gid in enumerate(ids):
    pos, mid = gid.split(':')
    gnubg.command('new session')
    gnubg.command('set matchid ' + mid)
    gnubg.command('set board ' + pos)
    for i in range(random.randint(1, 6)):
        if not playing(): break
        if not dice():
            gnubg.command('roll')
            if not playing() or not dice(): continue
        try:
            h = gnubg.hint(10000)
        except Exception:
            break
        mv = random.choice(h['hint'])['move'] if h and h.get('hint') else None
        gnubg.command('move ' + mv if mv else 'move')
    print('LIVE', k, gnubg.positionid() + ':' + gnubg.matchid())
    fn = os.environ['OUT'] + '/%03d.sgf' % k
    gnubg.command('save game ' + fn)
    gnubg.command('load game ' + fn)
    print('LOAD', k, gnubg.positionid() + ':' + gnubg.matchid())
