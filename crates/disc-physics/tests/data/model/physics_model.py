"""A second model of disc-physics's level-0 model, written from its documentation alone
(docs/physics.md: "The model (level 0)", the API table, the events' and parameters' docs;
shared/design/physics.md sections 2 and 5), not from the solver's source. tests/model.rs
checks the crate against what it writes.

    python3 physics_model.py --seed 1 --cases 100 [--pockets] [--walls] [--friction] [--line]
        [--slow] [--wide] [--max-events 30] [--fault NAME] > rows.jsonl

What it models, exactly (an event-driven simulation in 50-digit decimal arithmetic, so that
its own rounding is far below the crate's):

* Discs translate only, on a rectangular table with four straight cushions at x = +-W,
  y = +-H (ids BOTTOM 0 at y = -H, RIGHT 1, TOP 2, LEFT 3). A disc of radius r touches a
  cushion when its centre reaches the line at distance r from it.
* Impacts at their exact instants (the smaller root of the quadratic for two discs, the line
  for a cushion), processed in time order; Newton restitution on the normal approach
  velocity, through the centres: e_d for two discs, e_c for a cushion. A contact event
  reports the normal approach speed before the impact. A disc whose velocity an impact makes
  exactly zero gets a CameToRest event then ("a disc's velocity became exactly zero").
* With `--pockets`, the four corner pockets of `Table::with_corner_pockets(c, R)`, centres
  (-c,-c), (+c,-c), (+c,+c), (-c,+c) (PocketId 0-3): a disc is pocketed at the instant its
  centre enters a pocket circle, strictly (a centre path tangent to the circle does not
  count), and is off the table from then on (it meets nothing more). Rails run on past the
  pockets.
* With `--walls`, one to three internal walls (`Table::with_wall(a, b, w)`, CushionId 4 + k
  in the order added): capsules around the segment a-b, lines (w = 0) and posts (a == b).
  A disc touches one when its centre reaches distance r + w from the segment, on a flat
  side (the contact point between the ends) or a round end; restitution e_c along the
  normal from the segment's closest point ("e_rail disc-cushion/wall").
* Without `--friction`, mu = 0: the simulation does not depend on the time step at all.
  With `--friction`, the chord model of docs/physics.md: in each substep of length h a
  moving disc of speed s moves at the constant velocity (s - a h / 2) along its direction
  and ends the substep at s - a h, or, if s <= a h, moves at s / 2 until it stops exactly at
  s / a after the substep's start (a CameToRest event). Impacts act on the substep's
  velocities; after an impact at time t into the substep, a disc's speed at the substep's
  end is its new substep speed less a (h - t) / 2, and a disc slower than that stops at the
  end (the docs name no time for its CameToRest: the model puts it at the substep's end).
  Substep k of the run spans [k h, (k + 1) h]. Stretches of substeps in which nothing can
  happen (a bound from the gaps and speeds) are slid over at once: the chords' sum is the
  parabola at the substeps' ends.

Which results are fragile: an exact model and a rounding one must part where a tiny change
of the state changes what happens. The model marks (field `fragile`, the earliest such time)
two events that share a disc within 1e-8 s (the crate solves events within 1e-9 h together
in one round), a grazing contact (normal speed below 1e-4 of the relative speed), a near
miss (two discs passing within 1e-9 m of touching, a centre passing within 1e-9 m of a
pocket's edge), an impact within 1e-10 s of a substep's boundary (where the chord velocity
jumps) or within 1e-8 s of its disc's stop, and chaos: collisions amplify a change of the
state, so the model runs three twins from states nudged by +-1e-12 (positions in m,
velocities in m/s) and marks the first event (or the end) where a twin parts from the run by
more than 1e-8 (time in s, speed relative to the fastest start speed, at least 1 m/s). There
an error of 1e-13 in the crate's floats could have grown beyond the 1e-9 of the comparison.
tests/model.rs compares the events before that time, and the final state only when there is
none. It also stops at an impact that the solver's contact slop (1 nm, docs/physics.md's
internal tolerances) moved to a substep's start, up to 1 nm / speed before the exact instant.

Left out: jumping (`jump_speed_m_s`), pockets other than the corner four, discs that touch at the start (formations, rows), restitution 0 (a disc held against a
cushion makes contacts that the crate solves in rounds), and everything the fragile marks
exclude: simultaneous impacts on one disc (the crate's rounds and Gauss-Seidel) and the order
of events of one instant.

Case families: random positions and directions by default; `--line` puts every centre on
one line y = y0 with velocities along it (one kind of disc, half the time e_d = 1: head-on
impacts, discs stopped dead); `--slow` makes discs slow (0.1-0.8 m/s), friction high
(0.2-0.6), steps long (1/60 s, 13.7 ms) and the table crowded (area fraction 0.15-0.3), so
that discs stop at the end of the substep of an impact; `--wide` widens the kinds (radius
1-100 mm, mass 10 mg-10 kg), the restitutions (from 0.1) and the pockets (from half the
largest radius). Otherwise 2 to 12 discs of one or
two kinds (radius 5-80 mm, mass 1 g-1 kg, log-uniform), area fraction 0.02-0.1, aspect
0.5-2, 25 % of the discs at rest and the rest at 0.05-2 m/s, restitutions 1 (30 %) or
0.5-1, mu 0.02-0.3 with `--friction`, pockets of radius 1.1-2.5 times the largest disc at
centres 0.6-1.2 pocket radii inside the cushions of the shorter side with `--pockets`, a step of 1 ms, 1/120 s, 5 ms,
13.7 ms or 1/60 s with 1-16 substeps, and a run of 0.2-3 s cut before the 31st event
(`--max-events`).

`--fault NAME` puts a fault into the model on purpose (e-cushion-for-discs, masses-swapped,
speed-after-impact, pocket-at-disc-edge; with friction chord-at-start-speed,
stop-at-substep-end, full-loss-after-impact), to see that the comparison notices it.

Output: a header line `# generated by physics_model.py <args>`, then one JSON object a case:
`table` (hw, hh, pockets [c, R] or null, mu, g, e_disc, e_cushion), `dt`, `substeps`, `steps`
(the run is `steps` calls of `World::step`), `discs` ([r, m, x, y, vx, vy] each), `events`
(in time order: ["D", t, a, b, s] a contact of discs a < b at normal approach speed s,
["C", t, a, c, s] disc a on cushion c, ["P", t, a, p] disc a pocketed in pocket p,
["R", t, a] disc a came to rest, ["R", t, a, 1] disc a stopped dead by an impact, which
tests/model.rs takes as optional: whether the crate's floats cancel to exactly zero there is
rounding, and where they do not it reports the stop at that substep's end with friction, or
keeps a speed of some 1e-16 m/s without), `final` ([status "on" or "P<k>", x, y, vx, vy] per
disc at the end of the run) and `fragile` (a time or null). Inputs have 9 significant digits,
answers 13.
"""

import json
import math
import random
import sys
from decimal import Decimal, getcontext

getcontext().prec = 50
D = Decimal
ZERO = D(0)
ONE = D(1)
TWO = D(2)
INF = D("Infinity")

# Fragility thresholds (see the docstring).
SHARED_WINDOW_S = D("1e-8")
GRAZE = D("1e-4")
NEAR_M = D("1e-9")
BOUNDARY_S = D("1e-10")
ZERO_SPEED = D("1e-40")
TWIN_NUDGE = D("1e-12")
TWIN_GAIN = D("1e4")
TWINS = 3

# A fault put in on purpose (`--fault NAME`), to see that the comparison notices it.
FAULT = None
# `--slow`: one kind of disc, area fraction 0.15-0.3, speeds 0.1-0.8 m/s, mu 0.2-0.6 and
# steps of 1/60 s or 13.7 ms, so that discs often stop in the substep of an impact (the
# end-of-substep rule).
SLOW = False
# `--line`: one kind of disc, every centre on one line y = y0 and every velocity along it,
# half the time with e_d = 1: head-on impacts, and equal masses exchange their velocities,
# so a disc stops dead (a CameToRest event at the impact).
LINE = False
# `--wide`: radii 1-100 mm, masses 10 mg-10 kg (ratios to 10^6), restitutions from 0.1, and
# pockets from half the largest radius.
WIDE = False
# `--walls`: one to three internal walls (`Table::with_wall`): posts (30 %, a == b, half
# thickness 0.2-1.5 of the largest radius), lines (zero thickness) and capsules.
WALLS = False


def dsqrt(x):
    return x.sqrt() if x > 0 else ZERO


class Disc:
    def __init__(self, r, m, p, v):
        self.r = D(r)
        self.m = D(m)
        self.x, self.y = D(p[0]), D(p[1])
        self.vx, self.vy = D(v[0]), D(v[1])
        self.on = True
        self.status = "on"


class Capped(Exception):
    """More events than the caller asked for (an inelastic collapse has infinitely many)."""


class Sim:
    """One world: the table, the discs and the clock, in 50-digit decimal arithmetic."""

    def __init__(self, case, cap):
        self.cap = cap
        t = case["table"]
        self.W = D(t["hw"])
        self.H = D(t["hh"])
        self.ed = D(t["e_disc"])
        self.ec = D(t["e_cushion"])
        self.a = D(t["mu"]) * D(t["g"]) if t["mu"] != 0 else ZERO
        self.pockets = []
        if t["pockets"] is not None:
            c, rad = D(t["pockets"][0]), D(t["pockets"][1])
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                self.pockets.append((c * sx, c * sy, rad))
        # Walls: capsules around segments a-b of half thickness w (a post when a == b).
        self.walls = [
            (D(w[0]), D(w[1]), D(w[2]), D(w[3]), D(w[4])) for w in t.get("walls", [])
        ]
        self.discs = [Disc(d[0], d[1], d[2:4], d[4:6]) for d in case["discs"]]
        self.now = ZERO
        self.events = []
        self.fragile = None

    # --- helpers -------------------------------------------------------------------------

    def mark(self, t):
        if self.fragile is None or t < self.fragile:
            self.fragile = t

    def emit(self, t, ev):
        ev["t"] = t
        self.events.append(ev)
        if len(self.events) > self.cap:
            raise Capped()

    def advance(self, tau):
        for d in self.discs:
            if d.on:
                d.x += d.vx * tau
                d.y += d.vy * tau

    # --- predictions (relative to now, straight paths at the current velocities) ---------

    def pair_time(self, i, j):
        a, b = self.discs[i], self.discs[j]
        dx, dy = b.x - a.x, b.y - a.y
        wx, wy = b.vx - a.vx, b.vy - a.vy
        R = a.r + b.r
        qa = wx * wx + wy * wy
        qb = dx * wx + dy * wy
        qc = dx * dx + dy * dy - R * R
        if qb >= 0 or qa == 0:
            return INF
        disc = qb * qb - qa * qc
        if disc < 0:
            return INF
        if qc <= 0:
            return ZERO
        return (qc) / (-qb + dsqrt(disc))  # the smaller root, written without cancellation

    def pair_near_miss(self, i, j, span):
        """Whether two discs that do not meet pass within NEAR_M of touching in [0, span]."""
        a, b = self.discs[i], self.discs[j]
        dx, dy = b.x - a.x, b.y - a.y
        wx, wy = b.vx - a.vx, b.vy - a.vy
        qa = wx * wx + wy * wy
        qb = dx * wx + dy * wy
        if qa == 0 or qb >= 0:
            return False
        tau = min(-qb / qa, span)
        gx, gy = dx + wx * tau, dy + wy * tau
        gap = dsqrt(gx * gx + gy * gy) - (a.r + b.r)
        return ZERO <= gap < NEAR_M

    def cushion_times(self, i):
        d = self.discs[i]
        out = []
        if d.vy < 0:
            out.append(((-self.H + d.r - d.y) / d.vy, 0))
        if d.vx > 0:
            out.append(((self.W - d.r - d.x) / d.vx, 1))
        if d.vy > 0:
            out.append(((self.H - d.r - d.y) / d.vy, 2))
        if d.vx < 0:
            out.append(((-self.W + d.r - d.x) / d.vx, 3))
        return [(max(t, ZERO), c) for t, c in out]

    def pocket_times(self, i, span):
        """Entries into pockets (time, k); marks near-tangent paths within [0, span]."""
        d = self.discs[i]
        out = []
        qa = d.vx * d.vx + d.vy * d.vy
        if qa == 0:
            return out
        for k, (px, py, rad) in enumerate(self.pockets):
            if FAULT == "pocket-at-disc-edge":
                rad += d.r
            ox, oy = d.x - px, d.y - py
            qb = ox * d.vx + oy * d.vy
            qc = ox * ox + oy * oy - rad * rad
            tau = -qb / qa
            if 0 <= tau <= span:
                cx, cy = ox + d.vx * tau, oy + d.vy * tau
                closest = dsqrt(cx * cx + cy * cy)
                if abs(closest - rad) < NEAR_M:
                    self.mark(self.now + tau)
            if qb >= 0:
                continue
            disc = qb * qb - qa * qc
            if disc <= 0:
                continue
            out.append((qc / (-qb + dsqrt(disc)), k))
        return out

    def next_event(self, span):
        """The earliest event within [0, span] from now: (tau, kind, data) or None."""
        best = None

        def consider(tau, order, data):
            nonlocal best
            if tau > span:
                return
            key = (tau, order, data)
            if best is None or key < best:
                best = key

        on = [i for i, d in enumerate(self.discs) if d.on]
        for i in on:
            for tau, k in self.pocket_times(i, span):
                consider(tau, 0, ("P", i, k))
        for x, i in enumerate(on):
            for j in on[x + 1:]:
                tau = self.pair_time(i, j)
                consider(tau, 1, ("D", i, j))
        for i in on:
            for tau, c in self.cushion_times(i):
                consider(tau, 2, ("C", i, c))
            for k in range(len(self.walls)):
                consider(self.wall_time(i, k, span), 2, ("W", i, k))
        return best

    def circle_time(self, d, cx, cy, rad, span):
        """When disc d's centre first reaches distance rad from (cx, cy), approaching; marks
        a near miss within [0, span]."""
        ox, oy = d.x - cx, d.y - cy
        qa = d.vx * d.vx + d.vy * d.vy
        qb = ox * d.vx + oy * d.vy
        qc = ox * ox + oy * oy - rad * rad
        if qb >= 0 or qa == 0:
            return INF
        disc = qb * qb - qa * qc
        if disc < 0:
            tau = min(-qb / qa, span)
            gx, gy = ox + d.vx * tau, oy + d.vy * tau
            if dsqrt(gx * gx + gy * gy) - rad < NEAR_M:
                self.mark(self.now + tau)
            return INF
        if qc <= 0:
            return ZERO
        return qc / (-qb + dsqrt(disc))

    def wall_time(self, i, k, span):
        """The first contact of disc i with wall k: the flat sides where the contact point
        lies between the ends, or the round ends."""
        d = self.discs[i]
        ax, ay, bx, by, w = self.walls[k]
        rad = d.r + w
        best = min(self.circle_time(d, ax, ay, rad, span), self.circle_time(d, bx, by, rad, span))
        tx, ty = bx - ax, by - ay
        length = dsqrt(tx * tx + ty * ty)
        if length == 0:
            return best
        tx, ty = tx / length, ty / length
        nx, ny = -ty, tx
        d0 = nx * (d.x - ax) + ny * (d.y - ay)
        dv = nx * d.vx + ny * d.vy
        if d0 * dv < 0 and abs(d0) >= rad:
            tau = (abs(d0) - rad) / abs(dv)
            u = tx * (d.x + d.vx * tau - ax) + ty * (d.y + d.vy * tau - ay)
            if 0 <= u <= length:
                best = min(best, tau)
        return best

    def wall_point(self, d, k):
        """The point of wall k's centre line closest to disc d's centre."""
        ax, ay, bx, by, _ = self.walls[k]
        tx, ty = bx - ax, by - ay
        l2 = tx * tx + ty * ty
        if l2 == 0:
            return ax, ay
        u = min(max(((d.x - ax) * tx + (d.y - ay) * ty) / l2, ZERO), ONE)
        return ax + tx * u, ay + ty * u

    # --- impacts ------------------------------------------------------------------------

    def disc_impact(self, i, j):
        a, b = self.discs[i], self.discs[j]
        dx, dy = b.x - a.x, b.y - a.y
        n = dsqrt(dx * dx + dy * dy)
        nx, ny = dx / n, dy / n
        wx, wy = b.vx - a.vx, b.vy - a.vy
        un = wx * nx + wy * ny  # < 0 when approaching
        rel = dsqrt(wx * wx + wy * wy)
        if rel > 0 and -un < GRAZE * rel:
            self.mark(self.now)
        e = self.ec if FAULT == "e-cushion-for-discs" else self.ed
        jmp = -(ONE + e) * un / (ONE / a.m + ONE / b.m)
        ma, mb = (b.m, a.m) if FAULT == "masses-swapped" else (a.m, b.m)
        a.vx -= jmp / ma * nx
        a.vy -= jmp / ma * ny
        b.vx += jmp / mb * nx
        b.vy += jmp / mb * ny
        return -un

    def wall_impact(self, i, k):
        """Newton restitution e_c along the normal from the wall's closest point."""
        d = self.discs[i]
        qx, qy = self.wall_point(d, k)
        nx, ny = d.x - qx, d.y - qy
        n = dsqrt(nx * nx + ny * ny)
        nx, ny = nx / n, ny / n
        un = d.vx * nx + d.vy * ny  # < 0 when approaching
        speed = dsqrt(d.vx * d.vx + d.vy * d.vy)
        if speed > 0 and -un < GRAZE * speed:
            self.mark(self.now)
        d.vx -= (ONE + self.ec) * un * nx
        d.vy -= (ONE + self.ec) * un * ny
        return -un

    def cushion_impact(self, i, c):
        d = self.discs[i]
        if c in (0, 2):
            s = abs(d.vy)
            d.vy = -self.ec * d.vy
        else:
            s = abs(d.vx)
            d.vx = -self.ec * d.vx
        return s * self.ec if FAULT == "speed-after-impact" else s

    # --- the frictionless run ------------------------------------------------------------

    def run_free(self, until):
        """Events in time order up to the instant `until` (exclusive of later ones)."""
        while True:
            span = until - self.now
            ev = self.next_event(span)
            tau = span if ev is None else ev[0]
            self.check_near_misses(tau)
            self.advance(tau)
            self.now += tau
            if ev is None:
                return
            self.apply(ev[2])

    def check_near_misses(self, span):
        on = [i for i, d in enumerate(self.discs) if d.on]
        for x, i in enumerate(on):
            for j in on[x + 1:]:
                if self.pair_time(i, j) == INF and self.pair_near_miss(i, j, span):
                    self.mark(self.now)

    def apply(self, what):
        kind = what[0]
        if kind == "P":
            _, i, k = what
            d = self.discs[i]
            d.on = False
            d.status = "P%d" % k
            d.vx = d.vy = ZERO
            self.emit(self.now, {"k": "P", "a": i, "p": k})
        elif kind == "D":
            _, i, j = what
            s = self.disc_impact(i, j)
            self.emit(self.now, {"k": "D", "a": i, "b": j, "s": s})
        elif kind == "W":
            _, i, k = what
            s = self.wall_impact(i, k)
            self.emit(self.now, {"k": "C", "a": i, "c": 4 + k, "s": s})
        else:
            _, i, c = what
            s = self.cushion_impact(i, c)
            self.emit(self.now, {"k": "C", "a": i, "c": c, "s": s})
        # CameToRest: "a disc's velocity became exactly zero", here by the impact (a head-on
        # impact of equal masses with e = 1 stops the striking disc dead). A component below
        # ZERO_SPEED is the decimals' rounding of an exact zero.
        if kind != "P":
            for i in what[1:3] if kind == "D" else what[1:2]:
                d = self.discs[i]
                if abs(d.vx) < ZERO_SPEED:
                    d.vx = ZERO
                if abs(d.vy) < ZERO_SPEED:
                    d.vy = ZERO
                if d.vx == 0 and d.vy == 0:
                    self.emit(self.now, {"k": "R", "a": i, "z": 1})

    # --- the chord model with friction ---------------------------------------------------

    def run_friction(self, dt, substeps, steps):
        """Friction with the documented chord model: `steps` steps of `substeps` substeps."""
        h = D(dt) / D(substeps)
        total = steps * substeps
        k = 0
        while k < total:
            jump = min(self.quiet_substeps(h), total - k)
            if jump >= 2:
                self.slide(h, jump - 1)
                k += jump - 1
            self.substep(h * k, h)
            k += 1

    def quiet_substeps(self, h):
        """How many substeps from now surely hold no impact, pocketing or stop (a float bound
        with a margin): speeds only fall without impacts, so a gap closes at most at the sum
        of the speeds now."""
        a = float(self.a)
        hf = float(h)
        on = [d for d in self.discs if d.on]
        speed = {id(d): math.hypot(float(d.vx), float(d.vy)) for d in on}
        horizon = math.inf
        for x, d in enumerate(on):
            s = speed[id(d)]
            if s == 0:
                continue
            # Whole substeps before the one in which it stops (s - k a h <= a h).
            horizon = min(horizon, (math.floor(s / (a * hf)) - 1) * hf)
            px, py = float(d.x), float(d.y)
            r = float(d.r)
            room = min(float(self.W) - r - abs(px), float(self.H) - r - abs(py))
            horizon = min(horizon, room / s)
            for cx, cy, rad in self.pockets:
                horizon = min(horizon, (math.hypot(px - float(cx), py - float(cy)) - float(rad)) / s)
            for k, wall in enumerate(self.walls):
                qx, qy = self.wall_point(d, k)
                gap = math.hypot(px - float(qx), py - float(qy)) - r - float(wall[4])
                horizon = min(horizon, gap / s)
        for x, d in enumerate(on):
            for e in on[x + 1:]:
                closing = speed[id(d)] + speed[id(e)]
                if closing == 0:
                    continue
                gap = math.hypot(float(d.x - e.x), float(d.y - e.y)) - float(d.r + e.r)
                horizon = min(horizon, gap / closing)
        if horizon == math.inf:
            return 1 << 60
        return max(0, int((horizon - 1e-7) / hf) - 1)

    def moving(self):
        """The discs on the table that move: index, disc, speed and unit direction (each
        computed when the loop reaches the disc)."""
        for i, d in enumerate(self.discs):
            if not d.on:
                continue
            s = dsqrt(d.vx * d.vx + d.vy * d.vy)
            if s != 0:
                yield i, d, s, d.vx / s, d.vy / s

    def slide(self, h, n):
        """`n` substeps with nothing but sliding: each disc's chords add up to its exact
        parabola at the substeps' ends (no disc stops within them)."""
        a = self.a
        t = h * n
        for _, d, s, ux, uy in self.moving():
            dist = t * s - a * h * t * n / 2  # sum of h (s - k a h - a h / 2), k < n
            d.x += ux * dist
            d.y += uy * dist
            d.vx, d.vy = ux * (s - a * t), uy * (s - a * t)
        self.now += t

    def substep(self, ts, h):
        """One substep of length h from ts (== now): the chord velocities, the impacts and
        stops in time order, then the speeds at the substep's end."""
        a = self.a
        end = ts + h
        # Per disc moving at the start: its speed s there and when it stops (or None); per
        # disc hit in the substep: the time of its last impact from ts.
        start_speed, stop_at, hit_at, stopped_at = {}, {}, {}, {}
        for i, d, s, ux, uy in self.moving():
            if s > a * h:
                c = s if FAULT == "chord-at-start-speed" else s - a * h / 2
            else:
                c = s / 2
                stop_at[i] = ts + (h if FAULT == "stop-at-substep-end" else s / a)
            start_speed[i] = s
            d.vx, d.vy = ux * c, uy * c
        while True:
            span = end - self.now
            ev = self.next_event(span)
            tau = span if ev is None else ev[0]
            stops = sorted((t, i) for i, t in stop_at.items() if t - self.now <= tau)
            if stops:
                t, i = stops[0]
                if ev is not None and abs(self.now + tau - t) < SHARED_WINDOW_S:
                    self.mark(t)
                self.check_near_misses(t - self.now)
                self.advance(t - self.now)
                self.now = t
                d = self.discs[i]
                d.vx = d.vy = ZERO
                del stop_at[i]
                stopped_at[i] = t
                self.emit(t, {"k": "R", "a": i})
                continue
            self.check_near_misses(tau)
            self.advance(tau)
            self.now += tau
            if ev is None:
                break
            what = ev[2]
            if min(self.now - ts, end - self.now) < BOUNDARY_S:
                self.mark(self.now)  # the chord velocity jumps at a substep's boundary
            self.apply(what)
            for i in what[1:3] if what[0] == "D" else what[1:2]:
                if abs(stopped_at.get(i, -INF) - self.now) < SHARED_WINDOW_S:
                    self.mark(self.now)
                stop_at.pop(i, None)
                hit_at[i] = self.now - ts
        self.now = end
        # Speeds at the end: s - a h for a disc that slid the whole substep; its new speed
        # less a (h - t) / 2 after an impact at t, and at rest if that is not positive.
        for i, d in enumerate(self.discs):
            if not d.on or i in stopped_at and i not in hit_at:
                continue
            c = dsqrt(d.vx * d.vx + d.vy * d.vy)
            if i in hit_at:
                new = c - a * (h - hit_at[i]) / (1 if FAULT == "full-loss-after-impact" else 2)
            elif i in start_speed:
                new = start_speed[i] - a * h
            else:
                continue
            if new > 0:
                d.vx, d.vy = d.vx / c * new, d.vy / c * new
            elif c > 0:
                d.vx = d.vy = ZERO
                self.emit(end, {"k": "R", "a": i})


def f(x):
    """An answer as a JSON number: 13 significant digits, far finer than the tolerances."""
    return float("%.13g" % x)


def simulate(case, cap, perturb=ZERO, pattern=0):
    """The model run on a case, every initial coordinate and velocity component of a moving
    disc moved by +-`perturb` (signs drawn from `pattern`); at most `cap` + 1 events."""
    sim = Sim(case, cap)
    signs = random.Random(pattern)
    # Discs on one line stay on it (a nudge across would make a head-on impact oblique).
    across = ZERO if all(d.y == sim.discs[0].y and d.vy == 0 for d in sim.discs) else ONE
    for d in sim.discs:
        moving = ONE if d.vx != 0 or d.vy != 0 else ZERO
        d.x += signs.choice((ONE, -ONE)) * perturb
        d.y += signs.choice((ONE, -ONE)) * perturb * across
        d.vx += signs.choice((ONE, -ONE)) * perturb * moving
        d.vy += signs.choice((ONE, -ONE)) * perturb * moving * across
    try:
        if case["table"]["mu"] == 0:
            sim.run_free(D(case["dt"]) * D(case["steps"]))
        else:
            sim.run_friction(case["dt"], case["substeps"], case["steps"])
    except Capped:
        pass
    return sim


def twin_check(sim, twin, case):
    """Marks `sim` fragile where `twin` parts from it by more than the allowed gain."""
    evs = sim.events
    limit = TWIN_NUDGE * TWIN_GAIN
    scale = max([ONE] + [dsqrt(D(d[4]) ** 2 + D(d[5]) ** 2) for d in case["discs"]])
    for x, e in enumerate(evs):
        if x >= len(twin.events):
            sim.mark(e["t"])
            break
        g = twin.events[x]
        same = all(e.get(k) == g.get(k) for k in ("k", "a", "b", "c", "p"))
        dev = abs(e["t"] - g["t"])
        if "s" in e and same:
            dev = max(dev, abs(e["s"] - g["s"]) / scale)
        if not same or dev > limit:
            sim.mark(min(e["t"], g["t"]))
            break
    else:
        if len(twin.events) > len(evs):
            sim.mark(twin.events[len(evs)]["t"])
    for a, b in zip(sim.discs, twin.discs):
        dev = max(abs(a.x - b.x), abs(a.y - b.y), (abs(a.vx - b.vx) + abs(a.vy - b.vy)) / scale)
        if a.status != b.status or dev > limit:
            sim.mark(sim.now)


def run_case(case, cap):
    """The model's answer for a case: events, final state and the fragile time (or None)."""
    sim = simulate(case, cap)
    # Events that share a disc within the window are fragile.
    evs = sim.events
    for x, e in enumerate(evs):
        who = {e["a"], e.get("b", -1)} - {-1}
        for g in evs[x + 1:]:
            if g["t"] - e["t"] > SHARED_WINDOW_S:
                break
            if g["k"] == "R" and g["t"] == e["t"] and e["k"] in "DC":
                continue  # stopped dead by this impact
            if who & ({g["a"], g.get("b", -1)} - {-1}):
                sim.mark(e["t"])
    # Chaos: collisions amplify a small change of the state. Twin runs from states moved
    # by TWIN_NUDGE mark the first event (or the end) where a twin parts from the run by
    # more than TWIN_NUDGE * TWIN_GAIN: there a rounding crate may part from the model by
    # more than the comparison's tolerance (1e-9 needs rounding errors below 1e-13 at that
    # gain).
    for pattern in range(TWINS):
        twin_check(sim, simulate(case, cap, TWIN_NUDGE, pattern), case)
    out_events = []
    for e in evs:
        o = [e["k"], f(e["t"]), e["a"]]
        for key in ("b", "c", "p", "z"):
            if key in e:
                o.append(e[key])
        if "s" in e:
            o.append(f(e["s"]))
        out_events.append(o)
    final = [[d.status, f(d.x), f(d.y), f(d.vx), f(d.vy)] for d in sim.discs]
    return out_events, final, (None if sim.fragile is None else f(sim.fragile))


# --- random cases ---------------------------------------------------------------------------

DTS = [0.001, 1.0 / 60.0, 0.0137, 1.0 / 120.0, 0.005]
SUBSTEPS = [1, 1, 1, 2, 3, 4, 16]


def segment_distance(x, y, wall):
    """The distance from (x, y) to a wall's centre line [ax, ay, bx, by, w]."""
    ax, ay, bx, by, _ = wall
    tx, ty = bx - ax, by - ay
    l2 = tx * tx + ty * ty
    u = 0.0 if l2 == 0 else min(max(((x - ax) * tx + (y - ay) * ty) / l2, 0.0), 1.0)
    return math.hypot(x - ax - tx * u, y - ay - ty * u)


def short(x):
    """An input with 9 significant digits (the crate and the model read the same double)."""
    return float("%.9g" % x)


def loguniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def draw_case(rng, pockets, friction, max_events):
    n = rng.randint(2, 12)
    def kind():
        if WIDE:
            return (short(loguniform(rng, 0.001, 0.1)), short(loguniform(rng, 1e-5, 10.0)))
        return (short(loguniform(rng, 0.005, 0.08)), short(loguniform(rng, 0.001, 1.0)))

    kinds = [kind()]
    if rng.random() < 0.5 and not SLOW and not LINE:
        kinds.append(kind())
    which = [rng.randrange(len(kinds)) for _ in range(n)]
    rmax = max(kinds[k][0] for k in set(which))
    area = sum(math.pi * kinds[k][0] ** 2 for k in which)
    phi = rng.uniform(0.15, 0.3) if SLOW else rng.uniform(0.02, 0.1)
    aspect = rng.uniform(0.5, 2.0)
    wh = area / (4.0 * phi)
    hw = short(max(math.sqrt(wh * aspect), 4.0 * rmax))
    hh = short(max(math.sqrt(wh / aspect), 4.0 * rmax))
    low = 0.1 if WIDE else 0.5
    e_disc = 1.0 if rng.random() < 0.3 else short(rng.uniform(low, 1.0))
    e_cushion = 1.0 if rng.random() < 0.3 else short(rng.uniform(low, 1.0))
    pk = None
    if pockets:
        rad = short(rmax * rng.uniform(0.5 if WIDE else 1.1, 2.5))
        off = short(min(hw, hh) - rad * rng.uniform(0.6, 1.2))
        pk = [off, rad]
    mu = 0.0
    if friction:
        mu = short(rng.uniform(0.2, 0.6) if SLOW else rng.uniform(0.02, 0.3))
    walls = []
    for _ in range(rng.randint(1, 3) if WALLS else 0):
        ax = short(rng.uniform(-hw, hw))
        ay = short(rng.uniform(-hh, hh))
        if rng.random() < 0.3:
            walls.append([ax, ay, ax, ay, short(rmax * rng.uniform(0.2, 1.5))])
        else:
            bx = short(rng.uniform(-hw, hw))
            by = short(rng.uniform(-hh, hh))
            w = 0.0 if rng.random() < 0.3 else short(rmax * rng.uniform(0.05, 0.5))
            walls.append([ax, ay, bx, by, w])
    discs = []
    tries = 0
    line_y = short(rng.uniform(-hh + rmax + 1e-4, hh - rmax - 1e-4))
    if LINE and rng.random() < 0.5:
        e_disc = 1.0
    for k in which:
        r, m = kinds[k]
        while True:
            tries += 1
            if tries > 10000:
                return None
            x = short(rng.uniform(-hw + r + 1e-4, hw - r - 1e-4))
            y = line_y if LINE else short(rng.uniform(-hh + r + 1e-4, hh - r - 1e-4))
            if any(math.hypot(x - o[2], y - o[3]) < r + o[0] + 1e-4 for o in discs):
                continue
            if pk is not None and any(
                math.hypot(x - sx * pk[0], y - sy * pk[0]) < pk[1] + 1e-4
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ):
                continue
            if any(segment_distance(x, y, wl) < r + wl[4] + 1e-4 for wl in walls):
                continue
            break
        if rng.random() < 0.25:
            v = [0.0, 0.0]
        else:
            s = rng.uniform(0.1, 0.8) if SLOW else rng.uniform(0.05, 2.0)
            th = rng.uniform(0.0, 2.0 * math.pi)
            v = [short(s * math.cos(th)), short(s * math.sin(th))]
            if LINE:
                v = [short(s) * rng.choice((-1.0, 1.0)), 0.0]
        discs.append([r, m, x, y, v[0], v[1]])
    dt = rng.choice(DTS[1:3] if SLOW else DTS)
    case = {
        "table": {
            "hw": hw,
            "hh": hh,
            "pockets": pk,
            "mu": mu,
            "g": 9.81,
            "e_disc": e_disc,
            "e_cushion": e_cushion,
        },
        "dt": dt,
        "substeps": rng.choice(SUBSTEPS),
        "steps": max(1, int(rng.uniform(0.2, 3.0) / dt)),
        "discs": discs,
    }
    if walls:
        case["table"]["walls"] = walls
    events, final, fragile = run_case(case, max_events)
    if len(events) > max_events:
        # Stop the run before the (max_events + 1)-th event.
        # (An event at the very end of the shortened run, as a stop at a substep's end, may
        # still be the one too many: then one step less.)
        steps = int(events[max_events][1] / dt)
        while len(events) > max_events:
            if steps < 1:
                return None
            case["steps"] = steps
            events, final, fragile = run_case(case, max_events)
            steps -= 1
    case["events"] = events
    case["final"] = final
    case["fragile"] = fragile
    return case


def main(argv):
    seed, cases, pockets, friction, max_events = 1, 10, False, False, 30
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a == "--cases":
            cases = int(args.pop(0))
        elif a == "--pockets":
            pockets = True
        elif a == "--friction":
            friction = True
        elif a == "--max-events":
            max_events = int(args.pop(0))
        elif a == "--line":
            global LINE
            LINE = True
        elif a == "--wide":
            global WIDE
            WIDE = True
        elif a == "--walls":
            global WALLS
            WALLS = True
        elif a == "--slow":
            global SLOW
            SLOW = True
        elif a == "--fault":
            global FAULT
            FAULT = args.pop(0)
        else:
            sys.exit("unknown argument " + a)
    print("# generated by physics_model.py %s" % " ".join(argv))
    written = 0
    k = 0
    while written < cases:
        rng = random.Random(seed * 1_000_003 + k)
        k += 1
        case = draw_case(rng, pockets, friction, max_events)
        if case is None:
            continue
        case["case"] = k - 1
        print(json.dumps(case, separators=(",", ":")))
        written += 1


if __name__ == "__main__":
    main(sys.argv[1:])
