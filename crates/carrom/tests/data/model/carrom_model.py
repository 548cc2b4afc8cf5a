"""A second model of carrom's rules layer, written from the project's rules digest
(shared/rules/carrom.md: C1-C21, T1-T23, A1-A24, section 5's ICF options, section 6's
invariants) and the rules-as-implemented sections of docs/carrom.md (the reference order, the
ICF options, the presets table and the decisions recorded there), not from the crate's code.
It reads a board state in the crate's serde JSON (feature `serde`) and one event, and writes
what the rules say the event leaves; tests/model.rs checks the crate against its output.

    python3 carrom_model.py states.jsonl > rows.txt

(expected.txt is these rows under its two `#` header lines, which say how the states were
drawn.)

Each input line is a JSON object: `before` (a state as the crate serializes it), `kind` and
`event`. Kinds: `S` a stroke resolved from hand-built events (`Carrom::resolve`), `F` the same
stroke called a foul stroke by the referee (`Carrom::resolve_called_foul`), `T` a technical
foul called on the seat to move, `D` the placer's choice about due men (`event.choice`:
`Place` or `Decline`), `G` a finished board with the team totals after `event.round` boards
(`event.totals`): whether the game is over and the next board (`Rounds::match_over`,
`Rounds::new_round`); for these the summary is `over=`, `board=`, `tot=`, the phase, who breaks
(the seat under `Rotate`, the side under `LoserBreaks`/`WinnerBreaks`, whose seat in pairs the
rules leave open) and which team plays white, and `fresh=1`: the new board is the formation
with the queen on the centre spot, nothing pocketed or owed, the break pending and every
counter at 0. A stroke's event holds `left_base_line`, `touched_piece`,
`striker_pocketed`, `striker_left_board`, `pocketed` (piece ids in the order they dropped)
and `jumped` (ids). The output row is `<kind>\t<state>\t<event>\t<summary>` with the summary
described in `summary()` below: men on the board, in pocket and owed per colour, the queen,
who strikes, the phase (with the due choices pending), the break counters, the stroke and
void-stroke counters, the board's result, for strokes the resolution (penalty, men returned
per colour, queen returned, pieces jumped, turn continues, next seat, who places, debt capped),
and the placement facts the rules fix (see below). Piece ids: 0 the queen, 1-9 white, 10-18
black. Which pocketed men come back is the implementation's choice (any man of the colour),
so the model speaks of counts per colour, not of ids.

What the model implements, by rule id:
- Seats and turns (C1, C6, C21, A19): seats are numbered in turn order, so the next seat is
  seat + 1 (mod the players) whatever the direction (the direction only says where a seat
  sits); team = seat mod 2; partners share colour, pockets, debt, queen and score.
- Void strokes (C4, A5, T4, T5, invariant 13): a stroke whose striker never left the base
  line changes nothing but the counters; during the break it is a failed attempt. With
  `void_stroke_limit` N, the N-th void stroke of a turn outside the break passes the turn.
- The break (C5, A5): a break stroke that touches no piece is a failed attempt (no penalty,
  even with the striker pocketed); after `break_attempts` failures, or at once with the
  striker pocketed, the next seat breaks the same formation with the colours unchanged.
- Jumped pieces (C14, A7, A8): back on the board, not pocketed, no foul; the striker off the
  board is a foul only with `striker_off_board_is_foul` (then as a pocketed striker, C10).
- Net position and debt (A4, A9, C10-C12, A10): every pocketed man counts for its colour;
  the striker costs k + 1 with k >= 1 own men, else 1; P = max(N, 0), D = max(-N, 0); the
  men returned are P(before) + pocketed - P(after); a debt never passes nine men
  (docs: `debt_capped`).
- The queen (C7-C9, A11-A13, A16, docs step 7): with an own man in pocket before the stroke
  the queen and an own man cover it, the queen alone waits (the turn continues, A12); without
  one, k' (own men left in pocket after debts) decides per `queen_with_first_piece`; the
  covering stroke covers only with an own man that stays in pocket; the striker alone sends a
  waiting queen back, the striker with own men leaves it waiting; a queen that drops with the
  striker goes back (A10), and with `striker_with_queen_continues` (ICF 71-72) the turn goes
  on; `queen_while_owing_goes_back` (ICF 68(b)) and `queen_too_early_loses_turn` (ICF 68, 68(d))
  as the docs' ICF options describe them. A turn never ends with the queen waiting (A12).
- The turn (C6, C13, A2, A3): continues iff the board goes on, no opponent's man dropped
  (with `opponent_piece_ends_turn`) and either the striker dropped with an own man (A2,
  `striker_with_own_piece_continues`) or no striker and an own man dropped or the queen waits.
- The board's end and its score under the booklet (C15-C19, A1, A14, A15, A17, A24):
  checks after penalties; the opponent's last man first (C16; both last men per
  `both_last_pieces`), then the own last man (C15 with a covered queen, else C17); the
  counts of A1/C18, the 22-point rule on the score before the board, `penalty_points`,
  `penalty_points_respect_22_cap`, at least 1 point, `extra_point_if_demanded`,
  `max_points_per_board`; `last_piece_with_striker_loses` (ICF 81-85 as the docs restrict it).
- The ICF board-end table (`board_end_scoring: Icf`, ICF 25-28, 75-85, the docs' table and
  its recorded decisions), for proper strokes and called fouls.
- Due men (A6, ICF 45(a), 51(b), 60, 62(b)): who places (the next seat for the striking
  side's men and jumped pieces, the striker for the other side's men alone); with
  `dues_may_be_declined` a choice per colour, the striking side's first, not offered when
  declining would leave the side no man on the board; declining keeps the men in the pocket
  and writes the side's debt off.
- Referee calls (ICF 18(c), 35-37, 50(a)): a called foul stroke returns what it pocketed, costs
  one man plus one for a pocketed striker and ends the turn; at the break a called stroke that
  touches nothing loses the turn with no penalty; a technical foul costs one man and ends the
  turn only if the seat has struck in it.
- Placement the rules fix (C14, A6, A7, ICF 62(b)): men that were not pocketed or jumped stay
  where they were ("without disturbing other pieces"); a queen that comes back goes on the
  centre spot when no piece left on the board covers any of it (queen first, A7); with
  `dues_off_centre_circle` returned due men do not cover the centre circle. Where exactly
  returned men lie otherwise is left to the implementation and is not compared.
- The game (C3, C20, A18, A20, A22): the game is over once a side has the target, or after
  `max_boards` boards unless the scores are level (then extra boards, each after a toss, A18;
  `Draw` ends it level); the next board's breaker rotates (`break_rotation`), the breaking
  side plays white unless `colour_follows_break` is off (then the colours stay).

Readings the model takes where the texts are terse (each checked against the crate, which
agreed once the model read them so; the first ones are the model's own slips, corrected from
the texts cited):
- The board's end ends the turn: a waiting queen goes back (A12, invariant 4) and no turn has
  started. A pass of the break (three failures, a technical foul after a failed attempt)
  gives the next breaker fresh attempts (A5, invariant 11).
- A called foul's `penalty` counts the men it pocketed and charges them back with the foul's
  man (invariant 3: returned + new debt = penalty); a called stroke that never left the base
  line is not `void` (ICF 37(a)); the own last man with the striker by a called foul ends the
  board as ICF 81(b) (`LastPieceWithStriker`).
- `void_stroke_limit` counts the retries of one stroke (T5's FI/HU wording); a stroke that
  counts starts them afresh.
- `ReturnQueen` with `queen_too_early_loses_turn`: the queen sent back for want of an own man
  in pocket before the stroke is "too early", so the turn is lost (the option's own words).
- Under the ICF count (docs: men "counted as they lie after the stroke, with its dues written
  off"), who wins follows the checks after debts (A14) and which law scores it follows what
  the stroke pocketed (both last men even when a debt brings men back); the queen's 3 in ICF
  25-27, 75-77, 79 and 84 is `queen_points`, the 3 of 78, 80-83 and 85 is 3; with A15's
  `StrikerLoses` both last men lose as 78 (1 when the striker's side had covered the queen
  before, as 83); both last men with the striker score as 82, 83, 85 also without
  `last_piece_with_striker_loses` (then the opponent's last man ends the board, C16).
- Under the booklet's count with `last_piece_with_striker_loses`, the men counted lie after
  the penalty (`BoardEndScoring::Booklet`: "after the stroke's penalties, A14"); under
  `DeductFromOffender` the victim scores its plain C18 count, which may be 0 (the "at least 1"
  of invariant 6 is CreditVictim's).
- Open (no law names it, and docs/carrom.md records no decision): both last men by a called
  foul after the striker's side had covered the queen. The model follows the crate's 1 (+ the
  extra points), as ICF 83 counts with the striker; ICF 75(b)/77(b) would give 3.


Left out: the stroke's physics (positions at rest: the events carry no final positions, so the
men that must not move are the ones the stroke did not pocket or jump), the pass of a blocked
base line (it needs the geometry of the base line), the toss and execution noise (chance
outcomes the caller draws), and the match of games (ICF 29-33, `CarromGame`).
"""
import json
import sys

WHITE, BLACK = 0, 1
PIECE_RADIUS = 0.0159       # disc_physics::carrom::COIN_RADIUS_M
CENTRE_CIRCLE_RADIUS = 0.0159  # CENTRE_CIRCLE_DIAMETER_M / 2


def colour_of_piece(pid):
    return None if pid == 0 else (WHITE if pid <= 9 else BLACK)


class Board:
    def __init__(self, js):
        self.rules = js['rules']
        s = js['setup']
        self.pieces = s['pieces']
        self.queen = self.parse_queen(s['queen'])
        self.debt = list(s['debt'])
        self.white_team = s['white_team']
        self.to_move = s['to_move']
        self.breaker = s['breaker']
        self.break_pending = s['break_pending']
        self.break_attempts = s['break_attempts']
        self.totals = list(s['totals_before'])
        self.strokes = s['strokes']
        self.void_strokes = s['void_strokes']
        self.turn_started = s.get('turn_started', False)
        self.phase = js['phase']
        self.result = js['result']
        self.n = self.rules['players']
        self.on = [0, 0]
        for pid in range(1, 19):
            if self.pieces[pid] is not None:
                self.on[colour_of_piece(pid)] += 1
        self.pocketed = [9 - self.on[0], 9 - self.on[1]]

    @staticmethod
    def parse_queen(q):
        if q == 'OnBoard':
            return ('OnBoard', None)
        (k, v), = q.items()
        return (k, v)

    def colour(self, team):
        return WHITE if team == self.white_team else BLACK

    def next_seat(self, seat):
        return (seat + 1) % self.n


def queen_text(q):
    return q[0] if q[1] is None else f'{q[0]}({q[1]})'


class After:
    """The model's prediction for the state after an event."""

    def __init__(self, b):
        self.on = list(b.on)
        self.pocketed = list(b.pocketed)
        self.debt = list(b.debt)
        self.queen = b.queen
        self.to_move = b.to_move
        self.phase = 'Stroke'
        self.dues = []  # (placer, colour, count)
        self.break_pending = b.break_pending
        self.break_attempts = b.break_attempts
        self.breaker = b.breaker
        self.void_strokes = b.void_strokes
        self.turn_started = b.turn_started
        self.strokes = b.strokes
        self.result = None
        self.res = None
        self.still = []     # piece ids that must not move
        self.qspot = False  # the queen must be on the centre spot
        self.off_circle = False  # returned due men must not cover the centre circle
        self.refused = False


def pass_turn(b, a):
    """The turn passes to the next seat (C6); a waiting queen goes back (A12). During the
    break the next seat breaks with fresh attempts (A5, invariant 11)."""
    a.to_move = b.next_seat(b.to_move)
    if a.break_pending:
        a.break_attempts = 0
    a.turn_started = False
    a.void_strokes = 0
    if a.queen[0] == 'Waiting':
        a.queen = ('OnBoard', None)
        return True
    return False


def settle(net):
    """A9: the net position as pocketed and owed, the debt at most nine (library decision)."""
    capped = net < -9
    net = max(net, -9)
    return max(net, 0), max(-net, 0), capped


def resolution(**kw):
    base = dict(void=False, failed_break=False, penalty=0, returned=[0, 0], queen_returned=False,
                jumped=0, turn_continues=False, next=None, board_over=None, placed_by=None,
                debt_capped=False)
    base.update(kw)
    return base


def queen_spot_free(b, gone):
    """Whether no piece left on the board covers any of the centre spot (C14, A7)."""
    for pid in range(1, 19):
        p = b.pieces[pid]
        if p is None or pid in gone:
            continue
        if (p['x'] ** 2 + p['y'] ** 2) ** 0.5 < 2 * PIECE_RADIUS:
            return False
    return True


def stroke(b, ev, called):
    r = b.rules
    a = After(b)
    seat = b.to_move
    t = seat % 2
    c = b.colour(t)
    o = 1 - c
    a.strokes = min(b.strokes + 1, 2 ** 32 - 1)
    pk = ev['pocketed']
    jumped = ev['jumped']
    gone = set(pk) | set(jumped)
    a.still = [pid for pid in range(19) if b.pieces[pid] is not None and pid not in gone]
    left = ev['left_base_line']
    touched = ev['touched_piece']
    striker_foul = ev['striker_pocketed'] or (
        ev['striker_left_board'] and r['striker_off_board_is_foul'])

    # Steps 1-2: void strokes and the break (C4, C5, A5; ICF 18(c) for a called break).
    if b.break_pending and not touched:
        # A void attempt (the striker never left the base line) does not count as a stroke
        # (C4, invariant 13): it counts only as an attempt and begins no turn.
        a.turn_started = b.turn_started if (not left and not called) else True
        if called:
            # ICF 18(c): an improper break stroke loses the turn, no penalty.
            passed = True
        else:
            a.break_attempts = b.break_attempts + 1
            passed = striker_foul or a.break_attempts >= r['break_attempts']
        if passed:
            a.break_attempts = 0
            pass_turn(b, a)
        # A called stroke is a foul stroke even when it never left the base line (ICF 37(a)).
        a.res = resolution(void=not left and not called, failed_break=True,
                           turn_continues=not passed,
                           next=a.to_move)
        return a
    if not left and not called:
        # C4, invariant 13: a void stroke does not count and begins no turn.
        a.turn_started = b.turn_started
        a.void_strokes = b.void_strokes
        passed = False
        qr = False
        if r['void_stroke_limit'] is not None:
            a.void_strokes = b.void_strokes + 1
            if a.void_strokes >= r['void_stroke_limit']:
                passed = True
                qr = pass_turn(b, a)
        a.res = resolution(void=True, turn_continues=not passed, next=a.to_move,
                           queen_returned=qr)
        if qr:
            a.res['placed_by'] = b.next_seat(seat)
            a.qspot = queen_spot_free(b, set())
        return a
    if touched:
        a.break_pending = False
        a.break_attempts = 0 if b.break_pending else b.break_attempts
    a.turn_started = True
    # A5, T5: the void-stroke limit counts the retries of one stroke; a stroke that counts
    # ends them.
    a.void_strokes = 0

    k = sum(1 for p in pk if colour_of_piece(p) == c)
    m = sum(1 for p in pk if colour_of_piece(p) == o)
    q = 0 in pk
    P, D, B = b.pocketed, b.debt, b.on

    if called:
        # ICF 35-37, 50(a): what the stroke pocketed comes out, one man and the striker's due.
        # Invariant 3's bookkeeping: the men it pocketed count, and are charged back with
        # the penalty man (and the striker's due).
        penalty = k + 1 + (1 if striker_foul else 0)
        nc = P[c] - D[c] + k - penalty
        no = P[o] - D[o]
        pc, dc, capped = settle(nc)
        po, do, _ = settle(no)
        returned = [0, 0]
        returned[c] = k + P[c] - pc
        returned[o] = m
        queen = b.queen
        qr = False
        if q or queen[0] == 'Waiting':
            queen = ('OnBoard', None)
            qr = True
    else:
        penalty = (k + 1 if k >= 1 else 1) if striker_foul else 0
        nc = P[c] - D[c] + k - penalty
        no = P[o] - D[o] + m
        pc, dc, capped = settle(nc)
        po, do, _ = settle(no)
        returned = [0, 0]
        returned[c] = P[c] + k - pc
        returned[o] = P[o] + m - po
        queen, qr, lost_turn, queen_keeps_turn = queen_step(b, r, t, k, q, striker_foul, pc)

    after_p = [0, 0]
    after_d = [0, 0]
    after_p[c], after_d[c] = pc, dc
    after_p[o], after_d[o] = po, do
    raw_on = [0, 0]
    raw_on[c] = B[c] - k
    raw_on[o] = B[o] - m

    # Step 8: the end of the board.
    end = None
    if r['board_end_scoring'] == 'Icf':
        end = icf_end(b, r, t, c, o, raw_on, queen, striker_foul, called, after_p)
    elif not called:
        end = booklet_end(b, r, t, c, o, raw_on, after_p, queen, striker_foul)

    a.res = resolution(penalty=penalty, debt_capped=capped, jumped=len(jumped))
    if end is not None:
        winner, points, reason = end
        a.result = dict(winner=winner, points=points, reason=reason)
        a.phase = 'Over'
        # The board's end ends the turn: no turn goes on, and a waiting queen goes back (A12).
        a.turn_started = False
        if queen[0] == 'Waiting':
            queen = ('OnBoard', None)
            qr = True
        a.queen = queen
        if r['board_end_scoring'] == 'Icf':
            # ICF 28 (docs): the stroke that ends the board returns no due, no debt stands.
            a.pocketed = [9 - raw_on[0], 9 - raw_on[1]]
            a.debt = [0, 0]
            returned = [0, 0]
        else:
            a.pocketed = after_p
            a.debt = after_d
        a.on = [9 - a.pocketed[0], 9 - a.pocketed[1]]
        a.res.update(returned=returned, queen_returned=qr, turn_continues=False, next=seat,
                     board_over=a.result)
        a.res['placed_by'] = placer(b, seat, returned, c, qr, jumped)
        place_facts(b, a, r, qr, gone, returned)
        return a

    a.pocketed = after_p
    a.debt = after_d
    a.on = [9 - after_p[0], 9 - after_p[1]]
    a.queen = queen

    # Step 9: the turn.
    if called:
        cont = False
    else:
        if striker_foul:
            cont = k >= 1 and r['striker_with_own_piece_continues']
            if queen_keeps_turn:
                cont = True
        else:
            cont = k >= 1 or queen[0] == 'Waiting'
        if m > 0 and r['opponent_piece_ends_turn']:
            cont = False
        if lost_turn:
            cont = False
    if not cont:
        if pass_turn(b, a):
            qr = True
    a.res.update(returned=returned, queen_returned=qr, turn_continues=cont, next=a.to_move)
    a.res['placed_by'] = placer(b, seat, returned, c, qr, jumped)
    place_facts(b, a, r, qr, gone, returned)
    due_choices(b, a, r, seat, c, o, returned)
    return a


def placer(b, seat, returned, c, qr, jumped):
    """A6, ICF 51(b): the next seat places, or the striker when only the other side's men
    came back; nobody when nothing was placed."""
    if returned[c] > 0 or qr or jumped:
        return b.next_seat(seat)
    if returned[1 - c] > 0:
        return seat
    return None


def place_facts(b, a, r, qr, gone, returned):
    if qr and a.queen[0] == 'OnBoard':
        a.qspot = queen_spot_free(b, gone)
    if r['dues_off_centre_circle'] and sum(returned) > 0:
        a.off_circle = True


def due_choices(b, a, r, seat, c, o, returned):
    """ICF 60: the placer may decline, all or nothing, the striking side's men first."""
    if not r['dues_may_be_declined']:
        return
    for col, who in ((c, b.next_seat(seat)), (o, seat)):
        if returned[col] > 0 and a.on[col] - returned[col] > 0:
            a.dues.append((who, col, returned[col]))
    if a.dues:
        a.phase = 'Dues'


def queen_step(b, r, t, k, q, striker_foul, pc):
    """Step 7 (C7-C9, A10-A13, A16, ICF 68, 71-72): the queen's state after the stroke, and
    whether it came back, the turn is lost, or the striker-with-queen rule keeps the turn."""
    queen = b.queen
    c = b.colour(t)
    had = b.pocketed[c] >= 1
    owing = b.debt[c] > 0
    lost = False
    keep = False
    if queen[0] == 'Waiting':
        if striker_foul:
            if k >= 1:
                return queen, False, False, False
            return ('OnBoard', None), True, False, False
        if k >= 1 and pc >= 1:
            return ('Covered', t), False, False, False
        return ('OnBoard', None), True, False, False
    if queen[0] != 'OnBoard' or not q:
        return queen, False, False, False
    if striker_foul:
        if r['striker_with_queen_continues']:
            keep = True
        if r['queen_too_early_loses_turn'] and not had:
            keep, lost = False, True
        return ('OnBoard', None), True, lost, keep
    if owing and r['queen_while_owing_goes_back']:
        return ('OnBoard', None), True, r['queen_too_early_loses_turn'], False
    if had:
        if k >= 1:
            return ('Covered', t), False, False, False
        return ('Waiting', t), False, False, False
    if k == 0 or pc == 0:
        return ('OnBoard', None), True, r['queen_too_early_loses_turn'], False
    rule = r['queen_with_first_piece']
    if rule == 'CoveredAtOnce':
        return ('Covered', t), False, False, False
    if rule == 'RequireNextCover':
        if pc == 1:
            return ('Waiting', t), False, False, False
        return ('Covered', t), False, False, False
    # ReturnQueen: the queen pocketed before the first own man goes back, which is the
    # "too early" of ICF 68 (the option loses the turn even though own men dropped).
    return ('OnBoard', None), True, r['queen_too_early_loses_turn'], False


def cap_points(r, pts):
    pts = max(pts, 1)
    if r['max_points_per_board'] is not None:
        pts = min(pts, r['max_points_per_board'])
    return pts


def booklet_end(b, r, t, c, o, raw_on, after_p, queen, striker_foul):
    """Step 8 under the booklet (C15-C19, A1, A14, A15, A17, A24)."""
    on = [9 - after_p[0], 9 - after_p[1]]
    reason = None
    if r['last_piece_with_striker_loses'] and striker_foul and raw_on[c] == 0 and (
            queen[0] == 'OnBoard' or raw_on[o] == 0):
        # ICF 81-85 as the docs restrict the option: checked before the penalty returns.
        winner = 1 - t
        reason = 'LastPieceWithStriker'
    elif on[o] == 0:
        if on[c] == 0 and r['both_last_pieces'] == 'ByQueenState' and queen[0] == 'Covered':
            winner, reason = t, 'AllPieces'
        else:
            winner, reason = 1 - t, 'OpponentsLastPiece'
    elif on[c] == 0:
        if queen[0] == 'Covered':
            winner, reason = t, 'AllPieces'
        else:
            winner, reason = 1 - t, 'OwnLastBeforeQueen'
    else:
        return None
    loser = 1 - winner
    wc = b.colour(winner)
    before = b.totals[winner]
    bonus = 0
    if queen == ('Covered', winner) and before < r['queen_bonus_cutoff']:
        bonus = r['queen_points']
    pen3 = 1 if r['penalty_points_respect_22_cap'] and before >= r['queen_bonus_cutoff'] else 3
    points = [0, 0]
    if reason == 'AllPieces':
        base, pen = on[1 - wc] + bonus, 0
    elif reason in ('OpponentsLastPiece', 'LastPieceWithStriker'):
        base, pen = on[1 - wc] + bonus, pen3
    else:  # C17
        base, pen = 0, pen3 + on[wc]
    extra = 1 if r['extra_point_if_demanded'] and striker_foul and winner != t else 0
    if r['penalty_points'] == 'CreditVictim':
        points[winner] = cap_points(r, base + pen + extra)
    else:
        # Under DeductFromOffender the victim scores its plain C18 count (it may be 0: the
        # "at least 1" of invariant 6 is CreditVictim's) and the offender loses the penalty.
        points[winner] = min(base + extra, r['max_points_per_board'] or base + extra)
        if reason == 'AllPieces':
            points[winner] = cap_points(r, base + extra)
        points[loser] = -pen
    return winner, points, reason


def icf_end(b, r, t, c, o, raw_on, queen, striker_foul, called, after_p):
    """Step 8 under ICF 25-28, 75-85 (the docs' table and decisions). Whether the board ends
    is decided after debts and returns (A14), except where the docs' ICF 81-85 look before the
    penalty; the men counted lie as after the stroke with its dues written off (ICF 28)."""
    s, opp = t, 1 - t
    on = [9 - after_p[0], 9 - after_p[1]]
    raw_both = raw_on[c] == 0 and raw_on[o] == 0
    covered_by_s = queen == ('Covered', s)
    covered_by_o = queen == ('Covered', opp)
    covering = covered_by_s and b.queen != ('Covered', s)
    covered = queen[0] == 'Covered'

    def low(team):
        return b.totals[team] >= r['queen_bonus_cutoff']

    def three(team):
        return 1 if low(team) else 3

    qp = r['queen_points']
    extra = 0
    if r['extra_point_if_demanded']:
        extra = (1 if striker_foul else 0) + (1 if called else 0)
    if called:
        # The (b) halves: what a called foul pocketed comes out, so its own events decide;
        # the opponent wins with the (a) count and the extra points.
        if raw_both:
            # ICF 75(b), 77(b): 3 (1 from 22). Both last men by an improper stroke after the
            # striker's side had covered the queen is named by no law (75 covers it, 77 pockets
            # it): the crate counts 1, as ICF 83 does with the striker; listed as open, not
            # decided by the rules file or docs/carrom.md.
            pts = 1 if covered_by_s else three(opp)
            return opp, award(r, opp, pts + extra), 'OpponentsLastPiece'
        if raw_on[o] == 0:
            bonus = qp if (not covered or covered_by_o) and not low(opp) else 0
            return opp, award(r, opp, raw_on[c] + bonus + extra), 'OpponentsLastPiece'
        if raw_on[c] == 0 and not covered:
            why = 'LastPieceWithStriker' if striker_foul else 'OwnLastBeforeQueen'
            return opp, award(r, opp, three(opp) + extra), why
        return None
    if striker_foul:
        if raw_both and (r['last_piece_with_striker_loses'] or on[o] == 0):
            # ICF 82, 83, 85: both last men with the striker (the table follows the stroke's
            # events; without `last_piece_with_striker_loses` the penalty brings the own men
            # back and the opponent's last man decides, C16).
            pts = 1 if covered_by_s else three(opp)
            why = ('LastPieceWithStriker' if r['last_piece_with_striker_loses']
                   else 'OpponentsLastPiece')
            return opp, award(r, opp, pts + extra), why
        if (raw_on[c] == 0 and queen[0] == 'OnBoard'
                and r['last_piece_with_striker_loses']):
            # ICF 81: the own last man with the striker, the queen on the board.
            return opp, award(r, opp, three(opp) + extra), 'LastPieceWithStriker'
        if on[o] == 0:
            # ICF 84 (and 76 with the striker): the opponent's last man with the striker.
            bonus = qp if (not covered or covered_by_o) and not low(opp) else 0
            return opp, award(r, opp, raw_on[c] + bonus + extra), 'OpponentsLastPiece'
        # Otherwise the own last man comes back with the due (ICF 46, 74(a)).
        return None
    # Who wins follows the checks after debts and returns (A14, A15, A24, as under the
    # booklet); which law scores it follows what the stroke pocketed, its dues written off
    # (ICF 28): both last men even when a debt brings men back.
    if on[o] == 0:
        if on[c] == 0 and r['both_last_pieces'] == 'ByQueenState' and covered:
            winner = s
        else:
            winner, why = opp, 'OpponentsLastPiece'
    elif on[c] == 0:
        if covered:
            winner = s
        else:
            # ICF 80 (78 when both last men dropped).
            return opp, award(r, opp, three(opp)), 'OwnLastBeforeQueen'
    else:
        return None
    if winner == s:
        if raw_both:
            # ICF 75, 77: both last men covering the queen or with it: 3 for the queen (none
            # from 22); 1 when the opponent had covered it (the docs' unnamed case).
            pts = (0 if low(s) else qp) if covered_by_s else 1
        else:
            # ICF 25-27: the opponent's men and the queen if the striker's side covered it.
            pts = raw_on[o] + (qp if covered_by_s and not low(s) else 0)
        return s, award(r, s, pts), 'AllPieces'
    if raw_both:
        # ICF 78 (A15's StrikerLoses: also with a covered queen, 1 when the striker's side
        # had covered it before, as 83).
        pts = 1 if covered_by_s and not covering else three(opp)
    else:
        # ICF 76, 79: the striker's men, plus the queen's 3 when on the board, covered by this
        # stroke or by the victim; men only from 22.
        bonus = qp if (not covered or covering or covered_by_o) and not low(opp) else 0
        pts = raw_on[c] + bonus
    return opp, award(r, opp, pts), why


def award(r, team, pts):
    points = [0, 0]
    points[team] = cap_points(r, pts)
    return points


def technical(b):
    """ICF 36: one penalty man; the turn ends if the seat has struck in it."""
    r = b.rules
    a = After(b)
    seat = b.to_move
    t = seat % 2
    c = b.colour(t)
    a.still = [pid for pid in range(19) if b.pieces[pid] is not None]
    pc, dc, _ = settle(b.pocketed[c] - b.debt[c] - 1)
    returned = [0, 0]
    returned[c] = b.pocketed[c] - pc
    a.pocketed[c], a.debt[c] = pc, dc
    a.on[c] = 9 - pc
    qr = False
    if b.turn_started:
        qr = pass_turn(b, a)
    if qr:
        a.qspot = queen_spot_free(b, set())
    if r['dues_off_centre_circle'] and returned[c] > 0:
        a.off_circle = True
    due_choices(b, a, r, seat, c, 1 - c, returned)
    return a


def dues(b, ev):
    a = After(b)
    a.still = [pid for pid in range(19) if b.pieces[pid] is not None]
    ph = b.phase['Dues']
    men = ph['men']
    ids = [i for i in range(19) if men >> i & 1]
    col = colour_of_piece(ids[0])
    if ev['choice'] == 'Decline':
        if not b.rules['dues_may_be_declined']:
            a.refused = True
            return a
        a.pocketed[col] += len(ids)
        a.on[col] -= len(ids)
        a.debt[col] = 0
        a.still = [p for p in a.still if p not in ids]
    if ph['then'] is not None:
        seat2, men2 = ph['then']
        ids2 = [i for i in range(19) if men2 >> i & 1]
        a.phase = 'Dues'
        a.dues = [(seat2, colour_of_piece(ids2[0]), len(ids2))]
    return a


def summary(a):
    if a.refused:
        return 'refused'
    w = f'W={a.on[0]}/{a.pocketed[0]}/{a.debt[0]}'
    k = f'K={a.on[1]}/{a.pocketed[1]}/{a.debt[1]}'
    if a.phase == 'Dues':
        ph = 'Dues(' + ';'.join(f'{p},{"WK"[c]},{n}' for p, c, n in a.dues) + ')'
    else:
        ph = a.phase
    res = '-' if a.result is None else result_text(a.result)
    words = [w, k, 'q=' + queen_text(a.queen), f'to={a.to_move}', 'ph=' + ph,
             f'brk={int(a.break_pending)},{a.break_attempts},{a.breaker}',
             f'void={a.void_strokes}', f'ts={int(a.turn_started)}', f'n={a.strokes}',
             'res=' + res]
    if a.res is not None:
        x = a.res
        pb = '-' if x['placed_by'] is None else str(x['placed_by'])
        words.append('r=' + ','.join(map(str, [
            int(x['void']), int(x['failed_break']), x['penalty'], x['returned'][0],
            x['returned'][1], int(x['queen_returned']), x['jumped'], int(x['turn_continues']),
            x['next'], pb, int(x['debt_capped'])])))
    words.append('still=' + ','.join(map(str, a.still)))
    words.append(f'qspot={flag(a.qspot)}')
    words.append(f'off={flag(a.off_circle)}')
    return ' '.join(words)


def flag(v):
    return v if isinstance(v, str) else int(v)


def result_text(res):
    return f'{res["winner"]},{res["points"][0]},{res["points"][1]},{res["reason"]}'


def next_board(b, ev):
    """C3, C20, A18, A20, A22: whether the game is over after `round` boards with these team
    totals, and the board that follows a finished one."""
    r = b.rules
    tot = ev['totals']
    rnd = ev['round']
    over = any(t >= r['target_points'] for t in tot) or (
        rnd >= r['max_boards'] and (r['tie_after_max_boards'] == 'Draw' or tot[0] != tot[1]))
    words = [f'over={int(over)}', f'board={rnd}', f'tot={tot[0]},{tot[1]}']
    if rnd >= r['max_boards']:
        # A18: an extra board (the scores were level) begins with a toss for the break.
        words.append('ph=Toss')
    else:
        prev = b.breaker
        if r['break_rotation'] == 'Rotate':
            # A20, ICF 22(a): the next seat in turn order after the last board's breaker.
            brk = f'seat{b.next_seat(prev)}'
            team = b.next_seat(prev) % 2
        else:
            # "A seat of the side that lost (won) the previous board": the side is the rule's.
            w = b.result['winner']
            team = 1 - w if r['break_rotation'] == 'LoserBreaks' else w
            brk = f'team{team}'
        white = team if r['colour_follows_break'] else b.white_team
        words += ['ph=Stroke', f'brk={brk}', f'white={white}']
    # A fresh formation (T1: the queen on the centre spot), nothing owed, the break pending.
    words.append('fresh=1')
    return ' '.join(words)


def model(before, kind, event):
    b = Board(before)
    if kind == 'G':
        return next_board(b, event)
    if kind == 'S':
        return stroke(b, event, False)
    if kind == 'F':
        return stroke(b, event, True)
    if kind == 'T':
        return technical(b)
    if kind == 'D':
        return dues(b, event)
    raise ValueError(f'unknown kind {kind}')


def main():
    for line in open(sys.argv[1]):
        row = json.loads(line)
        a = model(row['before'], row['kind'], row['event'])
        ev = json.dumps(row['event'], separators=(',', ':'))
        st = json.dumps(row['before'], separators=(',', ':'))
        print(f'{row["kind"]}\t{st}\t{ev}\t{a if isinstance(a, str) else summary(a)}')


if __name__ == '__main__':
    main()
