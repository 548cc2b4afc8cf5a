# Writes m3-played-resigned.sgf: GNUBG imports a .mat whose two games each end with a
# resignation by the player who has just played (GNUBG's importer takes a resignation from
# either player at any time; interactive play lets only the player to act resign), prints
# gnubg.match()'s summary (scores O X before the game, winner, points, resigned) and saves
# the match as SGF.
# Run: OUT=m3-played-resigned.sgf gnubg -t -q -p played_resigned.py
import gnubg, os, tempfile

MAT = """ 3 point match

 Game 1
 alice : 0                      bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2) 52: 13/8 13/11              Wins 2 points

 Game 2
 alice : 0                      bob : 2
  1)                             42: 8/4 6/4
  2) 61: 13/7 8/7                53: 8/3 6/3
      Wins 1 point
"""

path = os.path.join(tempfile.mkdtemp(), 'played-resigned.mat')
open(path, 'w').write(MAT)
gnubg.command('set confirm default yes')
gnubg.command('import mat "%s"' % path)
for g in gnubg.match()['games']:
    i = g['info']
    print('GAME', i['score-O'], i['score-X'], i.get('winner'), i.get('points-won', 0), i.get('resigned'))
gnubg.command('save match "%s"' % os.environ['OUT'])
