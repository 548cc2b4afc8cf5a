"""A second model of the Novuss rules layer (the booklet's `Rules::lattjo()`, singles and pairs,
the LNF preset `Rules::lnf()`, mini-novuss `Rules::mini()` and every option of `Rules` that
changes how a stroke or a referee's call is resolved), written from the project's rules digest
(shared/rules/disc-billiards.md) and docs/disc-billiards.md, not from the crate; tests/model.rs
checks the crate against its output.

    python3 novuss_model.py rows.txt > expected.txt

rows.txt holds one row a line, fields tab-separated:
- `T <state> <outcome> <called>`: a stroke. <state> is the state before it as the crate
  serializes it (feature `serde`); <outcome> is what happened on the table as JSON:
  `{"ev": [...], "rest": [...], "puck": [x, y] or null, "line": bool}` with events in time
  order, `["c", t, a, b]` (a contact; a body is -1 for the puck, else the disc's index),
  `["k", t, body, "N"|"S"|"E"|"W"]` (a cushion), `["p", t, body]` (pocketed),
  `["o", t, body, x, y]` (left the table at x, y), `rest` the rest position of every disc (null
  when pocketed or off the table) and `line` the LNF own-edge-line flag; <called> is 1 for a
  stroke the referee called a foul stroke (N4, B21), else 0.
- `C <state> <call>`: a referee's call on conduct (section 5), the crate's serde form of
  `Call::Conduct`.
The model copies each row and appends a field: what follows, as JSON. For a stroke: the stroke
kind (B5), fouls, penalty, turn losses, counts pocketed (own, opponent's), discs restored and
returned, debt discs paid, whether the debt was capped, the winner, whether the set was
replayed; then the state after: seat to strike, status, debt by seat, strokes, opening
series, answering side, and every disc: null (in a pocket), [x, y] where the rules fix the
spot (a disc left where the stroke put it, a restored disc, a returned disc, a penalty disc on
its spot, a replayed layout), "T" (on the table where the rules leave the spot to the
implementation: the nearest free spot when the one the rules name is taken) or a cushion
letter (a penalty disc against that cushion, beside a taken centre-line spot, B14). For a
call: penalty, turn passed, debt paid and capped, winner, and the state after.

Geometry (from docs/disc-billiards.md and the crate's `Dimensions`, which the state carries):
origin at the table's centre, +y north; singles seat 0 plays from the south and seat 1 from
the north, pairs seats 0-3 sit south, west, north, east; a strike zone is the rectangle along
a seat's cushion, `zone_depth` deep and `zone_half_width` each side of the centre line; the
centre circle has radius `circle_radius`. A disc is "in" a zone or the circle when its hole
(radius `disc_hole_radius`) lies wholly inside (B4, docs "Light and dark").

The rules, by id:
- N6, N7(a)-(e): the turn continues only if an own disc was pocketed and none of: an
  opponent's disc pocketed with it (a), no own disc pocketed (b), any disc off the table (c),
  a foul (d), the puck at rest in the striker's zone (e; B17 `DirectStrokeWithLightDiscs`:
  only after a direct stroke while the striker had a light disc). Turns pass to seat + 1 (N16,
  B20: clockwise in pairs).
- N8, B9: one penalty disc whatever the number of fouls. F1 the puck pocketed or off the table;
  F2 with a light disc, the puck touched no own disc; F3 with a light disc, the puck's first
  disc an opponent's, or an own and an opponent's within 1 microsecond (B8: rebounds too);
  F4 the puck touched a dark disc before it touched the opposite cushion or a light disc
  (N13(a), (b), B6; option `side_rebound_to_dark: Allowed`: a side cushion too, not the
  striker's own; option `direct_at_dark: Allowed`: not in a direct stroke); F5 a direct
  stroke sent an opponent's disc off the table; B12 `Foul` an own disc off the table; B21 a
  called foul stroke (`Foul`).
- N11, N12, N13, B4, B7: light and dark for the striker before the stroke; N13 also for the
  disc that knocks a dark disc in (docs' decision, `Foul::DarkKnockedIn`): an own dark disc
  pocketed after its last impact (its contacts within 1 microsecond of its last contact, one
  impact of a disc that touches others) was with opponent's discs, own dark discs, or the
  puck at a moment F4 forbids, and with no fair body, is a foul; with no recorded contact it
  is fair.
- F4, B10, invariant 7: a dark disc touched against F4 or knocked in against N13 is put back
  where it stood.
- F5, B12, B13: a disc off the table goes back: the centre of the circle (`CentreCircle`; its
  edge when the centre is taken) or its spot before the stroke (`OriginalSpot`); an
  opponent's disc sent off by a direct stroke follows `direct_off_table_placement`, every
  other disc `off_table_placement`.
- N9, N10, B14, B15, B11, B18: pocketed discs count for their owners; the penalty is the
  lowest-numbered disc of the offender's side in the pocket after the stroke (docs' choice),
  on the centre line against the cushion opposite the offending seat, or (spot taken) along
  that cushion; with none in the pocket one more disc owed by the seat that fouled, unless the
  side already owes as many discs as it has (the cap, `debt_capped`).
- B16: at the end of the debtor's turn (`EndOfTurn`) or after each of his strokes
  (`Immediate`) a debt disc per unit owed while the side has discs in the pocket, the
  striker's own debt first, then his partner's, each opposite the seat that owes it.
- N14, N15, B11: after settlement, a side with no disc on the table and no debt wins; both at
  once, the striker's side.
- LNF section 5 options: B22 `zone_contact_foul` (a direct stroke whose first disc lies in the
  striker's zone), `dark_only_must_reach` (with only dark own discs on the table a stroke that
  is not direct must touch the opposite cushion or a disc in the circle),
  `doubles_blind_zone_foul` (pairs: a direct stroke after which an opponent's disc that lay
  outside the circle rests inside it), `own_edge_line_loss` (a rebound stroke while the
  striker has no dark disc, with the outcome's line flag: the turn passes), the opening-series
  equaliser (`opening_equaliser`: a side clearing during the first striker's first turn does
  not win at once, the other side answers; both clearing replays the set from the start with
  the answering striker first; in pairs clearing in the opening series loses; a foul on the
  stroke that pocketed the striker's side's last disc loses), and the referee's calls on
  conduct (`conduct_penalties`, `zone_exit_turn_loss`: a penalty charged to the offender's
  side opposite him, the turn passing except for a disc moved in the opponent's turn, the
  striker's debt settled when it passes, the opening series over, the answering series lost,
  an equaliser cancelled by a penalty disc put back for the side that cleared).

Readings where the rules file and the docs leave a choice (each checked against the crate,
which reads them the same way): N7(e) judges the puck at rest by its centre (a closed
rectangle); with `direct_at_dark: Allowed` the puck may touch dark discs at any moment, not
only in a direct stroke; a dark disc F4 already puts back is reported under F4 alone, not
also as knocked in; when several discs go back and one cannot have its spot, which goes back
first is left open; in LNF doubles a stroke of the opening series that clears both pairs
loses the set for the striking pair (section 5) rather than winning it (B11).

The engine's stroke limit (`Rules::stroke_limit`, docs: a game is drawn after that many
strokes) is modelled too: a stroke that reaches it without a winner draws the game.

Left out: the placement test (B3) and stroke checks (the rules layer is given the outcome),
physics, execution noise, matches of sets (B2, B23),
where exactly a disc goes when the spot the rules name is taken (the implementation's nearest
free spot), and malformed outcomes (the crate refuses them before any rule applies).
"""
import json
import sys

FOULS = ['PuckLost', 'NoOwnDisc', 'OpponentFirst', 'DarkDisc', 'OpponentOffTable', 'OwnOffTable',
         'Technique', 'ZoneContact', 'DarkOnlyShort', 'BlindZone', 'DarkKnockedIn']
LOSSES = ['OpponentWithOwn', 'NothingPocketed', 'OffTable', 'Foul', 'PuckReturned', 'OwnEdgeLine',
          'SeriesStopped']
SIMULTANEOUS_S = 1e-6
SINGLES = ['S', 'N']
PAIRS = ['S', 'W', 'N', 'E']
OPPOSITE = {'S': 'N', 'N': 'S', 'W': 'E', 'E': 'W'}


def to_local(c, p, h):
    x, y = p
    return {'S': (x, y + h), 'N': (-x, h - y), 'W': (-y, x + h), 'E': (y, h - x)}[c]


def from_local(c, u, v, h):
    return {'S': [u, v - h], 'N': [-u, h - v], 'W': [v - h, -u], 'E': [h - v, u]}[c]


class Table:
    def __init__(self, rules):
        self.r = rules
        d = rules['dimensions']
        self.h, self.zd, self.zw = d['half_size'], d['zone_depth'], d['zone_half_width']
        self.cr, self.dr, self.hr = d['circle_radius'], d['disc_radius'], d['disc_hole_radius']
        self.players = rules['players']
        self.seats = SINGLES if self.players == 2 else PAIRS
        dpp = rules['discs_per_player']
        if self.players == 2:
            self.per_side = dpp
        else:
            self.per_side = 2 * dpp if rules['pair_discs'] == 'EightPerPlayer' else dpp

    def compass(self, seat):
        return self.seats[seat]

    def in_zone(self, c, p, r):
        u, v = to_local(c, p, self.h)
        return abs(u) + r <= self.zw and v - r >= 0 and v + r <= self.zd

    def in_circle(self, p, r):
        return (p[0] ** 2 + p[1] ** 2) ** 0.5 + r <= self.cr

    def dark_area(self, c, p):
        return self.in_zone(c, p, self.hr) or self.in_circle(p, self.hr)

    def free(self, p, at, skip):
        m = 2 * self.dr
        return all(i == skip or q is None or ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5 >= m
                   for i, q in enumerate(at))

    def penalty_spot(self, seat):
        return from_local(self.compass(seat), 0.0, 2 * self.h - self.dr, self.h)


def side_of(seat):
    return 'A' if seat % 2 == 0 else 'B'


class Game:
    """The state's fields the rules speak of."""

    def __init__(self, s):
        self.rules = s['rules']
        self.t = Table(self.rules)
        su = s['setup']
        self.sides = [d['side'] for d in su['discs']]
        self.home = [[d['home']['x'], d['home']['y']] for d in su['discs']]
        self.at = [None if d['at'] is None else [d['at']['x'], d['at']['y']] for d in su['discs']]
        self.fixed = [True] * len(self.at)  # whether the rules fix each disc's spot
        self.debt = list(su['debt'])
        self.to_move = su['to_move']
        self.status = su['status']
        self.strokes = su['strokes']
        self.opening = su['opening']
        self.answering = su['answering']
        self.uncertain = False

    def on_table(self, side):
        return sum(1 for i, p in enumerate(self.at) if p is not None and self.sides[i] == side)

    def side_debt(self, side):
        return sum(d for seat, d in enumerate(self.debt) if side_of(seat) == side)

    def complete(self, side):
        return self.on_table(side) == 0 and self.side_debt(side) == 0

    def place(self, i, spot, fallback='T'):
        """Puts disc i on `spot` when free (the rules fix it), else somewhere the rules leave
        open (`fallback`)."""
        if not self.uncertain and self.t.free(spot, self.at, i):
            self.at[i] = list(spot)
            self.fixed[i] = True
        else:
            self.at[i] = list(spot)  # near it; not compared
            self.fixed[i] = fallback
            self.uncertain = True

    def pay_one(self, side, seat):
        """N9, B14, B15: the lowest-numbered pocketed disc of `side` on the spot opposite `seat`."""
        pocketed = [i for i, p in enumerate(self.at) if p is None and self.sides[i] == side]
        if not pocketed:
            return None
        i = pocketed[0]
        opp = OPPOSITE[self.t.compass(seat)]
        self.place(i, self.t.penalty_spot(seat), opp)
        return i

    def charge(self, seat):
        """A penalty for `seat` (N9, N10): (penalty text, capped)."""
        side = side_of(seat)
        i = self.pay_one(side, seat)
        if i is not None:
            return f'placed:{i}', False
        if self.side_debt(side) >= self.t.per_side:
            return 'debt', True
        self.debt[seat] += 1
        return 'debt', False

    def settle(self, striker):
        """B16: the striker's debt first, then his partner's."""
        side = side_of(striker)
        order = [striker] + [s for s in range(self.t.players) if s != striker and side_of(s) == side]
        paid = 0
        for seat in order:
            while self.debt[seat] > 0:
                if self.pay_one(side, seat) is None:
                    return paid
                self.debt[seat] -= 1
                paid += 1
        return paid

    def snapshot(self):
        discs = []
        for p, f in zip(self.at, self.fixed):
            if p is None:
                discs.append(None)
            elif f is True:
                discs.append(p)
            else:
                discs.append(f)
        return {'to_move': self.to_move, 'status': status_text(self.status), 'debt': self.debt,
                'strokes': self.strokes, 'opening': self.opening, 'answering': self.answering,
                'discs': discs}


def status_text(st):
    if isinstance(st, dict):
        (k, v), = st.items()
        return f'{k}:{v}'
    return st


def stroke(s, o, called):
    g = Game(s)
    t, r = g.t, g.rules
    seat = g.to_move
    side = side_of(seat)
    comp = t.compass(seat)
    pre = [None if p is None else list(p) for p in g.at]
    own = [i for i, p in enumerate(pre) if p is not None and g.sides[i] == side]
    dark = {i for i in own if t.dark_area(comp, pre[i])}
    light = set(own) - dark
    has_light = bool(light)
    ev = o['ev']
    P = -1

    def is_own(i):
        return g.sides[i] == side

    # B5: the puck's first contact.
    kind = '-'
    for e in ev:
        if e[0] == 'c' and P in (e[2], e[3]):
            kind = f'D:{e[3] if e[2] == P else e[2]}'
            break
        if e[0] == 'k' and e[2] == P:
            kind = f'R:{e[3]}'
            break
    direct = kind.startswith('D')
    fouls = set()
    # When the puck may touch a dark disc (N13(a), (b), B6, mini's direct strokes).
    fair_from = None
    fair_at = []
    for k, e in enumerate(ev):
        fair_at.append(fair_from is not None)
        if e[0] == 'k' and e[2] == P:
            # The opposite cushion; under the option a side one, never the striker's own.
            if e[3] == OPPOSITE[comp] or (r['side_rebound_to_dark'] == 'Allowed' and e[3] != comp):
                fair_from = fair_from if fair_from is not None else k
        if e[0] == 'c' and P in (e[2], e[3]):
            other = e[3] if e[2] == P else e[2]
            if other in light:
                fair_from = fair_from if fair_from is not None else k
    # Mini-novuss (`direct_at_dark: Allowed`): the puck may touch dark discs; read as any
    # time, a rebound being no worse than a direct stroke (the crate's reading; the options'
    # docs leave the combination with `side_rebound_to_dark: Foul` open).
    direct_ok = r['direct_at_dark'] == 'Allowed'

    def puck_fair(k):
        return fair_at[k] or direct_ok

    restore = set()
    puck_discs = []  # (time, disc) the puck touched
    for k, e in enumerate(ev):
        if e[0] == 'c' and P in (e[2], e[3]):
            other = e[3] if e[2] == P else e[2]
            puck_discs.append((e[1], other))
            if other in dark and not puck_fair(k):
                fouls.add('DarkDisc')  # F4
                restore.add(other)
    # F1
    if any(e[0] in 'po' and e[2] == P for e in ev):
        fouls.add('PuckLost')
    # F2, F3 (B7: only with a light disc; B8: rebounds too)
    if has_light:
        if not any(is_own(i) for _, i in puck_discs):
            fouls.add('NoOwnDisc')
        if puck_discs:
            t0 = puck_discs[0][0]
            first = [i for tt, i in puck_discs if tt - t0 <= SIMULTANEOUS_S]
            if any(not is_own(i) for i in first):
                fouls.add('OpponentFirst')
    off = [(e[2], e[3], e[4]) for e in ev if e[0] == 'o' and e[2] != P]
    # F5
    if direct and any(not is_own(i) for i, _, _ in off):
        fouls.add('OpponentOffTable')
    # B12
    if r['own_disc_off_table'] == 'Foul' and any(is_own(i) for i, _, _ in off):
        fouls.add('OwnOffTable')
    # B21
    if called and r['technique_breach'] == 'Foul':
        fouls.add('Technique')
    # B22
    if r['zone_contact_foul'] and direct:
        first = puck_discs[0][1]
        if t.in_zone(comp, pre[first], t.hr):
            fouls.add('ZoneContact')
    # LNF: only dark discs left.
    if r['dark_only_must_reach'] and own and not light and not direct:
        reached = any(e[0] == 'k' and e[2] == P and e[3] == OPPOSITE[comp] for e in ev) or \
            any(t.in_circle(pre[i], t.hr) for _, i in puck_discs)
        if not reached:
            fouls.add('DarkOnlyShort')
    # LNF doubles blind zone.
    if r['doubles_blind_zone_foul'] and t.players == 4 and direct:
        for i, p in enumerate(pre):
            q = o['rest'][i]
            if p is not None and q is not None and not is_own(i) \
                    and not t.in_circle(p, t.hr) and t.in_circle(q, t.hr):
                fouls.add('BlindZone')
    # N13 for the body that knocks a dark disc in (docs' decision).
    for k, e in enumerate(ev):
        if e[0] == 'p' and e[2] in dark:
            i = e[2]
            last = None
            for j in range(k - 1, -1, -1):
                f = ev[j]
                if f[0] == 'c' and i in (f[2], f[3]):
                    last = j
                    break
            if last is None or i in restore:
                # A disc F4 already restores is reported under F4 only.
                continue
            # The last impact: the disc's contacts within SIMULTANEOUS_S of its last one (a
            # disc struck while it touches others). A fair body among them knocks it in
            # fairly: the puck (where F4 forbids the puck's touch, F4 itself applies) or an
            # own light disc.
            t_last = ev[last][1]
            fair = False
            for j in range(last, -1, -1):
                f = ev[j]
                if f[0] != 'c' or i not in (f[2], f[3]):
                    continue
                if t_last - f[1] > SIMULTANEOUS_S:
                    break
                by = f[3] if f[2] == i else f[2]
                if by == P or (is_own(by) and by in light):
                    fair = True
            if not fair:
                fouls.add('DarkKnockedIn')
                restore.add(i)
    # The table after the stroke: rest positions, then restorations (F4), then returns.
    pocketed = [e[2] for e in ev if e[0] == 'p' and e[2] != P]
    g.at = [None if q is None else list(q) for q in o['rest']]
    restored = 0
    for i in sorted(restore):
        g.at[i] = None
    for i in sorted(restore):
        g.place(i, pre[i])
        restored += 1
    returned = 0
    back = [(i, r['direct_off_table_placement'] if (direct and not is_own(i))
             else r['off_table_placement']) for i, _, _ in off if i not in restore]
    target = {i: (pre[i] if rule == 'OriginalSpot' else [0.0, 0.0]) for i, rule in back}
    clash = len(back) > 1 and any(
        not t.free(p, g.at, i)
        or any(j != i and ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 < 2 * t.dr
               for j, q in target.items())
        for i, p in target.items())
    for i, _ in back:
        if clash:
            # Several discs go back and one of them cannot have its spot: the rules do not
            # say in which order they are put back, so none of their spots is compared.
            g.at[i] = list(target[i])
            g.fixed[i] = 'T'
            g.uncertain = True
        else:
            g.place(i, target[i])
        returned += 1
    own_pocketed = sum(1 for i in pocketed if is_own(i) and i not in restore)
    opp_pocketed = sum(1 for i in pocketed if not is_own(i))
    own_cleared = own_pocketed > 0 and g.on_table(side) == 0
    # The penalty (N9, N10, B9, B15).
    penalty, capped = '-', False
    if fouls:
        penalty, capped = g.charge(seat)
    # The turn (N6, N7, B17, LNF own edge line).
    losses = set()
    if own_pocketed and opp_pocketed:
        losses.add('OpponentWithOwn')
    if not own_pocketed:
        losses.add('NothingPocketed')
    if off:
        losses.add('OffTable')
    if fouls:
        losses.add('Foul')
    if o['puck'] is not None and t.in_zone(comp, o['puck'], 0.0):
        if r['puck_return_rule'] == 'Always' or (direct and has_light):
            losses.add('PuckReturned')
    if r['own_edge_line_loss'] and kind.startswith('R') and not dark and o['line']:
        losses.add('OwnEdgeLine')
    other = 'B' if side == 'A' else 'A'
    g.strokes += 1
    winner, replayed, debt_paid = None, False, 0
    # B16, before any win is decided (the reference order's steps 9 and 10).
    if r['debt_settlement'] == 'Immediate' or losses:
        debt_paid = g.settle(seat)
    # The LNF opening-series equaliser.
    if r['opening_equaliser'] and fouls and own_cleared:
        winner = other
    elif r['opening_equaliser'] and g.answering == other:
        if g.complete(side):
            replayed = True
        elif losses:
            winner = other
    elif r['opening_equaliser'] and g.opening and g.complete(side) and t.players == 4:
        # Section 5: in doubles clearing in the opening series loses the set, also when the
        # stroke cleared the other pair too (the crate's reading: B11's "the striker wins"
        # is not applied here; the rules file does not say which rule prevails).
        winner = other
    elif r['opening_equaliser'] and g.opening and g.complete(side) and not g.complete(other):
        losses.add('SeriesStopped')
        g.answering = side
    if replayed:
        g.at = [list(h) for h in g.home]
        g.fixed = [True] * len(g.at)
        g.debt = [0] * t.players
        g.to_move, g.opening, g.answering = seat, True, None
        return result(kind, fouls, penalty, losses, own_pocketed, opp_pocketed, restored, returned,
                      0, capped, None, True, g)
    if winner is None:
        # N14, N15, B11
        if g.answering is None:
            if g.complete(side):
                winner = side
            elif g.complete(other):
                winner = other
    if winner is not None:
        g.status = {'Won': winner}
        g.answering = None
    if losses:
        g.to_move = (seat + 1) % t.players
        g.opening = False
    return result(kind, fouls, penalty, losses, own_pocketed, opp_pocketed, restored, returned,
                  debt_paid, capped, winner, False, g)


def result(kind, fouls, penalty, losses, own, opp, restored, returned, paid, capped, winner,
           replayed, g):
    # The engine's stroke limit (docs: "draws a game after that many strokes"), after a win.
    limit = g.rules['stroke_limit']
    if winner is None and limit is not None and g.strokes >= limit:
        g.status = 'Drawn'
    out = {'kind': kind, 'fouls': [f for f in FOULS if f in fouls], 'penalty': penalty,
           'losses': [x for x in LOSSES if x in losses], 'own': own, 'opp': opp,
           'restored': restored, 'returned': returned, 'debt_paid': paid, 'capped': capped,
           'winner': winner, 'replayed': replayed}
    out.update(g.snapshot())
    return out


def call(s, c):
    """A referee's call on conduct (section 5)."""
    g = Game(s)
    r = g.rules
    offender, conduct = c['Conduct']
    enabled = r['zone_exit_turn_loss'] if conduct == 'LeftZone' else r['conduct_penalties']
    if not enabled:
        return {'error': 'refused'}
    striker = g.to_move
    penalty, capped, paid, winner = '-', False, 0, None
    if conduct != 'LeftZone':
        penalty, capped = g.charge(offender)
        if penalty.startswith('placed') and g.answering == side_of(offender):
            g.answering = None
    passed = conduct != 'MovedDiscInOpponentsTurn'
    if passed:
        paid = g.settle(striker)
        g.opening = False
        if g.answering is not None:
            winner = g.answering
            g.status = {'Won': winner}
            g.answering = None
        g.to_move = (striker + 1) % g.t.players
    out = {'penalty': penalty, 'turn_passed': passed, 'debt_paid': paid, 'capped': capped,
           'winner': winner}
    out.update(g.snapshot())
    return out


def main(path):
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            p = line.split('\t')
            s = json.loads(p[1])
            if p[0] == 'T':
                want = stroke(s, json.loads(p[2]), p[3] == '1')
            else:
                want = call(s, json.loads(p[2]))
            print(line + '\t' + json.dumps(want, separators=(',', ':')))


if __name__ == '__main__':
    main(sys.argv[1])
