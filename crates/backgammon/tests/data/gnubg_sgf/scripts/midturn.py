# GNUBG saves unfinished matches: after a play (before_roll.sgf), with the dice rolled and not
# played (mid_turn.sgf), and with a double pending (doubled.sgf).
# Run as: gnubg -t -q -p midturn.py   (writes to /tmp/sgfwork/special/)
import gnubg
for p in (0, 1):
    gnubg.command('set player %d human' % p)
gnubg.command('set automatic game off')
gnubg.command('set automatic roll off')
gnubg.command('set seed 9')
gnubg.command('new match 3')
gnubg.command('roll')
h = gnubg.hint(10000); gnubg.command('move %s' % h['hint'][0]['move'])
gnubg.command('save match /tmp/sgfwork/special/before_roll.sgf')
gnubg.command('roll')
gnubg.command('save match /tmp/sgfwork/special/mid_turn.sgf')
h = gnubg.hint(10000); gnubg.command('move %s' % h['hint'][0]['move'])
gnubg.command('double')
gnubg.command('save match /tmp/sgfwork/special/doubled.sgf')
