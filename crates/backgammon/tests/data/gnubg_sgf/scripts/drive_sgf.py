# GNU Backgammon 1.07.001 plays a match or money session against itself and saves it as SGF.
# Run as: SEED=1 LEN=3 OUT=/dir/name.json gnubg -t -q -p drive_sgf.py
# Environment: SEED, LEN (match length, 0 a money session), GAMES (games of a session),
# DOUBLEP, RESIGNP (chances to double or resign before a roll), JACOBY, BEAVERS, BEAVERP,
# AUTODBL (automatic doubles), ANALYSE (1: `analyse match` at 0-ply before saving).
# Both players are human; plays are random legal ones from gnubg.hint(), whose analysis GNUBG
# keeps in the file. Writes OUT's name with .sgf (`save match`), .mat (`export match mat`)
# and the .json of gnubg.match() (summarize.py turns it into <name>.sgf.summary).
import gnubg, random, sys, json, os
SEED = int(os.environ.get('SEED', '1'))
DOUBLEP = float(os.environ.get('DOUBLEP', '0.015'))
RESIGNP = float(os.environ.get('RESIGNP', '0.0015'))
BEAVERS = int(os.environ.get('BEAVERS', '0'))
BEAVERP = float(os.environ.get('BEAVERP', '0'))
LEN = int(os.environ.get('LEN', '5'))
JACOBY = int(os.environ.get('JACOBY', '0'))
GAMES = int(os.environ.get('GAMES', '6'))   # for money sessions
OUT = os.environ.get('OUT', '/tmp/drive_out.json')
rng = random.Random(SEED)
b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
def mid():
    s = gnubg.matchid()
    bits = 0
    # base64 big-endian per byte groups: decode to bytes
    raw = []
    v = [b64.index(c) for c in s]
    by = []
    for i in range(0, 12, 4):
        n = (v[i] << 18) | (v[i+1] << 12) | (v[i+2] << 6) | v[i+3]
        by += [(n >> 16) & 255, (n >> 8) & 255, n & 255]
    key = 0
    for i, b in enumerate(by): key |= b << (8 * i)
    f = lambda lo, n: (key >> lo) & ((1 << n) - 1)
    return dict(cube=f(0,4), owner=f(4,2), onroll=f(6,1), crawford=f(7,1), state=f(8,3), turn=f(11,1),
                doubled=f(12,1), resigned=f(13,2), d1=f(15,3), d2=f(18,3), length=f(21,15), s0=f(36,15), s1=f(51,15), id=s)
for p in (0, 1):
    gnubg.command('set player %d human' % p)
gnubg.command('set seed %d' % SEED)
gnubg.command('set display on')
gnubg.command('set automatic game off')
gnubg.command('set automatic roll off')
gnubg.command('set jacoby %s' % ('on' if JACOBY else 'off'))
gnubg.command('set cube use on')
gnubg.command('set beavers %d' % BEAVERS)
gnubg.command('set automatic doubles %d' % int(os.environ.get('AUTODBL', '0')))
if LEN:
    gnubg.command('new match %d' % LEN)
else:
    gnubg.command('new session')
log = []   # events for our own record (refused doubles etc.)
games = 1
steps = 0
while steps < 20000:
    steps += 1
    m = mid()
    if m['state'] != 1:   # game over or not started
        if LEN and max(m['s0'], m['s1']) >= LEN:
            break
        if not LEN and games >= GAMES:
            break
        games += 1
        gnubg.command('new game')
        continue
    who = m['turn']
    if m['doubled']:
        a = 'take' if rng.random() < 0.45 else 'drop'
        if BEAVERS and rng.random() < BEAVERP:
            a = 'redouble'
        gnubg.command(a)
        continue
    if m['resigned']:
        a = 'accept' if rng.random() < 0.8 else 'reject'
        gnubg.command(a)
        continue
    if m['d1'] == 0:
        r = rng.random()
        crawford = m['crawford']
        if r < RESIGNP:
            lvl = rng.choice(['normal', 'gammon', 'backgammon'])
            gnubg.command('resign %s' % lvl)
            if mid()['resigned'] == 0:
                log.append(('resign-refused', games, lvl, mid()['id']))
            continue
        post = LEN and not crawford and (m['s0'] == LEN - 1 or m['s1'] == LEN - 1)
        if r < DOUBLEP or (crawford and r < 0.5) or (post and r < 0.2):
            before = mid()
            gnubg.command('double')
            after = mid()
            if after['doubled'] == 0:
                mm = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
                log.append(('double-refused', len(mm['games']) - 1, len(mm['games'][-1]['game']), before['id'], gnubg.positionid()))
                gnubg.command('roll')
            else:
                pass
            continue
        gnubg.command('roll')
        continue
    # dice to play
    try:
        h = gnubg.hint(10000)
        moves = [x['move'] for x in h['hint']]
    except Exception as e:
        moves = []
    before = mid()
    if moves:
        mv = rng.choice(moves)
        gnubg.command('move %s' % mv)
    else:
        log.append(('no-move', games, before['id']))
        # gnubg should have moved on automatically
        break
if int(os.environ.get('ANALYSE', '0')):
    gnubg.command('set analysis chequerplay evaluation plies 0')
    gnubg.command('set analysis cubedecision evaluation plies 0')
    gnubg.command('analyse match')
gnubg.command('save match ' + OUT.replace('.json', '.sgf'))
gnubg.command('export match mat ' + OUT.replace('.json', '.mat'))
m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
json.dump({'match': m, 'log': log, 'final': mid()}, open(OUT, 'w'), default=str)
