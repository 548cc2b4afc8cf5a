# Special GNUBG-written SGF files: a resignation after the roll, a position set by hand,
# automatic doubles, a comment with escapes, names with ']' and '\'.
import gnubg, random
rng = random.Random(5)
def playrandom(n):
    for _ in range(n):
        gnubg.command('roll')
        try:
            h = gnubg.hint(10000); mv = [x['move'] for x in h['hint']]
        except Exception:
            mv = []
        if mv:
            gnubg.command('move %s' % rng.choice(mv))
for p in (0, 1):
    gnubg.command('set player %d human' % p)
gnubg.command('set automatic game off')
gnubg.command('set automatic roll off')
gnubg.command('set seed 5')
# 1. rolled, then resigned (a gammon), accepted; then the match goes on one more game.
gnubg.command('new match 5')
gnubg.command('set player 0 name Al]ce\\x')
playrandom(6)
gnubg.command('roll')
gnubg.command('resign gammon')
gnubg.command('accept')
gnubg.command('new game')
playrandom(3)
gnubg.command('resign normal')
gnubg.command('accept')
gnubg.command('save match ' + D + '/rolled_resigned.sgf')
# 2. a position set by hand in a money game, then played.
gnubg.command('set automatic doubles 0')
gnubg.command('new session')
gnubg.command('set board 4PPgAyDg28ABMA')
gnubg.command('set cube value 2')
gnubg.command('set dice 6 2')
gnubg.command('save game ' + D + '/setboard.sgf')
# 3. automatic doubles.
gnubg.command('set automatic doubles 2')
gnubg.command('set display on')
gnubg.command('new session')
playrandom(2)
gnubg.command('save match ' + D + '/autodouble.sgf')
