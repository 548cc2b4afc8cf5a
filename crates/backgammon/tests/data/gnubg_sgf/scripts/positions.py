# Run as: IDS=<file> OUT=<dir> gnubg -t -q -p positions.py
# GNU Backgammon's set-up positions (positions.sgf, positions.expect): for each GNUBG ID
# `PositionID:MatchID` in $IDS (one a line; for the golden file, the unswapped IDs of random
# states this crate played), both players human: `new session`, `set matchid`, `set board`,
# `save position $OUT/NNN.sgf`; then `load position` of each file and a line
# `LOAD positionid():matchid()`. positions.sgf is 40 of those files concatenated (the first
# 10 money sessions and the first 30 matches), positions.expect their LOAD lines.
#
# Run as: LOADONLY=1 OUT=<dir> gnubg -t -q -p positions.py
# only loads $OUT/NNN.sgf (files `SgfFile::position` wrote) and prints the LOAD lines, to
# compare with the IDs of the states written.
import gnubg, os, glob
out = os.environ['OUT']
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
if not os.environ.get('LOADONLY'):
    ids = [l.strip() for l in open(os.environ['IDS']) if l.strip()]
    for k, gid in enumerate(ids):
        pos, mid = gid.split(':')
        gnubg.command('new session')
        gnubg.command('set matchid ' + mid)
        gnubg.command('set board ' + pos)
        gnubg.command('save position %s/%03d.sgf' % (out, k))
for fn in sorted(glob.glob(out + '/*.sgf')):
    gnubg.command('load position ' + fn)
    print('LOAD', gnubg.positionid() + ':' + gnubg.matchid())
