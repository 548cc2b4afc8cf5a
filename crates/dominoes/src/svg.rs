//! SVG pictures of a layout and, optionally, one hand: tiles and pips drawn as shapes, so no
//! font is needed.

use core::fmt::Write;

use crate::layout::{Layout, SLOTS, side_slot};
use crate::tile::{End, Side, Tile, Tiles};

const U: f64 = 24.0; // half a tile: a tile is 2U by U (the usual 2:1 shape)
const MARGIN: f64 = 12.0;

/// Pip positions on a 3x3 grid (0..=2 each way) for 0 to 9 pips; 10 to 12 are drawn on a
/// 3-by-4 grid by [`half`].
fn pips(n: u8) -> &'static [(u8, u8)] {
    match n {
        0 => &[],
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6 => &[(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
        7 => &[(0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)],
        8 => &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        _ => &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
    }
}

/// One half-square of a tile: a square of side `U` at (x, y) showing `n`.
fn half(out: &mut String, x: f64, y: f64, n: u8) {
    let step = U / 4.0;
    if n > 9 {
        // Ten to twelve: three columns of four rows, the middle column's inner pips left
        // out for 10 and the lower one for 11 (12 fills the grid).
        let row = U / 5.0;
        for i in 0..3u8 {
            for j in 0..4u8 {
                let skip = i == 1 && ((n == 10 && (j == 1 || j == 2)) || (n == 11 && j == 2));
                if !skip {
                    let _ = write!(
                        out,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="1.9"/>"#,
                        x + step * (f64::from(i) + 1.0),
                        y + row * (f64::from(j) + 1.0)
                    );
                }
            }
        }
        return;
    }
    for &(i, j) in pips(n) {
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="2.2"/>"#,
            x + step * (f64::from(i) + 1.0),
            y + step * (f64::from(j) + 1.0)
        );
    }
}

/// What to draw besides the layout.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{svg, Tiles};
/// let options = svg::Options::default().with_hand("4-1 0-0".parse::<Tiles>()?);
/// assert_eq!(options.hand.map(|h| h.len()), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// A hand to draw in a row below the layout.
    pub hand: Option<Tiles>,
}

impl Options {
    /// These options with `hand` drawn below the layout.
    #[must_use]
    pub const fn with_hand(mut self, hand: Tiles) -> Options {
        self.hand = Some(hand);
        self
    }
}

/// A tile with its first half (`a`) at (x, y), lying along x when `horizontal`.
fn tile(out: &mut String, x: f64, y: f64, a: u8, b: u8, horizontal: bool) {
    let (w, h) = if horizontal {
        (2.0 * U, U)
    } else {
        (U, 2.0 * U)
    };
    let _ = write!(
        out,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="3" fill="#fffdf5" stroke="#222"/>"##
    );
    let (x2, y2) = if horizontal { (x + U, y) } else { (x, y + U) };
    let _ = if horizontal {
        write!(
            out,
            r##"<line x1="{x2:.1}" y1="{:.1}" x2="{x2:.1}" y2="{:.1}" stroke="#222"/>"##,
            y + 3.0,
            y + U - 3.0
        )
    } else {
        write!(
            out,
            r##"<line x1="{:.1}" y1="{y2:.1}" x2="{:.1}" y2="{y2:.1}" stroke="#222"/>"##,
            x + 3.0,
            x + U - 3.0
        )
    };
    half(out, x, y, a);
    half(out, x2, y2, b);
}

/// A compass direction on the picture (y grows downward).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    E,
    S,
    W,
    N,
}

impl Dir {
    fn step(self) -> (i32, i32) {
        match self {
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
            Dir::N => (0, -1),
        }
    }

    fn horizontal(self) -> bool {
        matches!(self, Dir::E | Dir::W)
    }

    /// The two directions across this one: toward the spinner's `up` side first (north
    /// for a horizontal arm, west for a vertical one), then `down`.
    fn across(self) -> [Dir; 2] {
        if self.horizontal() {
            [Dir::N, Dir::S]
        } else {
            [Dir::W, Dir::E]
        }
    }
}

/// A rectangle in grid units of half a tile's width (`U / 2`), half-open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// One tile as drawn.
#[derive(Clone, Copy)]
struct Drawn {
    rect: Rect,
    /// The arm it belongs to (`ROOT` for the first tile).
    slot: usize,
    /// The number on the top (vertical tile) or left (horizontal tile) half.
    a: u8,
    b: u8,
}

/// Where an arm grows from: the middle of the face it starts at, the direction it grows
/// in, and the face's width in grid units.
#[derive(Clone, Copy)]
struct Cursor {
    x: i32,
    y: i32,
    dir: Dir,
    face: i32,
}

/// A tile's centre and the direction of its arm (for a spinner: where its sides go).
type Spot = (i32, i32, Dir);

/// The picture being laid out: tiles placed so far, and where each spinner lies (its
/// centre and the direction of its arm), by number.
struct Picture {
    tiles: Vec<Drawn>,
    spinners: [Option<Spot>; 13],
    mode: Turning,
    /// Arms that found no way without overlaps.
    crowded: Vec<usize>,
    /// The arms whose tiles blocked a way tried for the arm being laid.
    blockers: u64,
    /// The arm being laid.
    current: usize,
}

/// Which way an arm turns first when the way ahead is taken.
#[derive(Clone, Copy)]
enum Turning {
    /// Away from the first tile, where there is more room.
    Outward,
    /// Toward the spinner's up side (north or west).
    UpFirst,
    /// Toward the down side (south or east).
    DownFirst,
    /// Whichever way (straight on first among equals) leaves the longest free run ahead,
    /// up to the arm's remaining length: away from the crowd.
    Roomiest,
    /// The arm's tile of this index turns toward the up side (with `true`, else the down
    /// side) where it can; the others go straight on first, turning that way second.
    At(usize, bool),
}

impl Picture {
    /// The rectangle of a tile `len` long and `width` wide laid in `dir` from the middle
    /// point (x, y) of its inner edge.
    fn rect(x: i32, y: i32, dir: Dir, len: i32, width: i32) -> Rect {
        let (dx, dy) = dir.step();
        let (ex, ey) = (x + dx * len, y + dy * len);
        let (hx, hy) = (dy.abs() * width / 2, dx.abs() * width / 2);
        Rect {
            x0: x.min(ex) - hx,
            y0: y.min(ey) - hy,
            x1: x.max(ex) + hx,
            y1: y.max(ey) + hy,
        }
    }

    fn free(&self, r: &Rect) -> bool {
        self.tiles.iter().all(|d| !d.rect.overlaps(r))
    }

    /// The arms whose tiles `r` overlaps, as a set of slots.
    fn blocked_by(&self, r: &Rect) -> u64 {
        self.tiles
            .iter()
            .filter(|d| d.rect.overlaps(r))
            .fold(0, |set, d| set | bit(d.slot))
    }

    /// The three ways to lay a tile at the cursor, straight on first, then turning (the
    /// line may bend in any direction, D8): each as the tile drawn, the cursor after it and
    /// the tile's centre and direction.
    fn options(
        &self,
        at: Cursor,
        inner: u8,
        outer: u8,
        double: bool,
        index: usize,
    ) -> [(Drawn, Cursor, Spot); 3] {
        let (len, width) = if double { (2, 4) } else { (4, 2) };
        let [l, r] = at.dir.across();
        let (lx, ly) = l.step();
        let outward = lx * at.x + ly * at.y >= 0;
        let turns = match self.mode {
            Turning::Outward if outward => [at.dir, l, r],
            Turning::Outward => [at.dir, r, l],
            Turning::UpFirst | Turning::Roomiest => [at.dir, l, r],
            Turning::DownFirst => [at.dir, r, l],
            Turning::At(k, true) if k == index => [l, r, at.dir],
            Turning::At(k, false) if k == index => [r, l, at.dir],
            Turning::At(_, true) => [at.dir, l, r],
            Turning::At(_, false) => [at.dir, r, l],
        };
        turns.map(|dir| {
            // Turning: the tile lies beyond the face, flush with the arm's side.
            let (x, y) = if dir == at.dir {
                (at.x, at.y)
            } else {
                let (dx, dy) = at.dir.step();
                let (tx, ty) = dir.step();
                (
                    at.x + dx * width / 2 - tx * at.face / 2,
                    at.y + dy * width / 2 - ty * at.face / 2,
                )
            };
            // The inner half lies toward the start: first (top or left) when growing east
            // or south.
            let (a, b) = if matches!(dir, Dir::E | Dir::S) {
                (inner, outer)
            } else {
                (outer, inner)
            };
            let (dx, dy) = dir.step();
            (
                Drawn {
                    rect: Picture::rect(x, y, dir, len, width),
                    slot: self.current,
                    a,
                    b,
                },
                Cursor {
                    x: x + dx * len,
                    y: y + dy * len,
                    dir,
                    face: width,
                },
                (x + dx * len / 2, y + dy * len / 2, dir),
            )
        })
    }

    /// How far (in grid units, at most four per tile of `tiles` more) the way straight on
    /// from `at` is free.
    fn room(&self, at: Cursor, tiles: usize) -> i32 {
        let cap = i32::try_from(tiles.min(8)).unwrap_or(8) * 2;
        let mut k = 0;
        while k < cap && self.free(&Picture::rect(at.x, at.y, at.dir, 2 * (k + 1), 2)) {
            k += 1;
        }
        k
    }

    /// Lays `tiles` (inner half, outer half, double) from `at` so that none overlaps a tile
    /// already drawn: a depth-first search preferring straight on, within `budget` steps.
    /// On success the tiles are drawn and their spots returned in `spots`.
    fn fit(
        &mut self,
        tiles: &[(u8, u8, bool)],
        at: Cursor,
        budget: &mut u32,
        spots: &mut Vec<Spot>,
    ) -> bool {
        let Some(&(inner, outer, double)) = tiles.first() else {
            return true;
        };
        let mut options = self.options(at, inner, outer, double, spots.len());
        if matches!(self.mode, Turning::Roomiest) {
            let room = options.map(|(d, next, _)| {
                if self.free(&d.rect) {
                    self.room(next, tiles.len() - 1)
                } else {
                    -1
                }
            });
            let mut by_room = [0, 1, 2];
            by_room.sort_by_key(|&i| core::cmp::Reverse(room[i]));
            options = by_room.map(|i| options[i]);
        }
        for (drawn, next, spot) in options {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if !self.free(&drawn.rect) {
                self.blockers |= self.blocked_by(&drawn.rect);
                continue;
            }
            self.tiles.push(drawn);
            spots.push(spot);
            if self.fit(&tiles[1..], next, budget, spots) {
                return true;
            }
            self.tiles.pop();
            spots.pop();
        }
        false
    }

    /// Lays an arm of the layout from `at`, recording where its spinners lie, and tells
    /// whether it found a way without overlaps within `budget` search steps. If not, the
    /// arm goes straight on (counted as crowded) with `straight`, else is not drawn.
    fn arm(
        &mut self,
        layout: &Layout,
        slot: usize,
        at: Cursor,
        budget: u32,
        straight: bool,
    ) -> bool {
        self.current = slot;
        self.blockers = 0;
        let mut tiles = Vec::new();
        let mut doubles = Vec::new();
        for (inner, outer, t) in layout.oriented(slot) {
            tiles.push((inner, outer, t.is_double()));
            doubles.push(t);
        }
        let mut spots = Vec::new();
        let mut budget = budget;
        let fits = self.fit(&tiles, at, &mut budget, &mut spots);
        if !fits {
            if !straight {
                return false;
            }
            self.crowded.push(slot);
            let mut at = at;
            for &(inner, outer, double) in &tiles {
                let [(drawn, next, spot), ..] = self.options(at, inner, outer, double, usize::MAX);
                self.tiles.push(drawn);
                spots.push(spot);
                at = next;
            }
        }
        for (t, spot) in doubles.into_iter().zip(spots) {
            if layout.is_spinner(t) {
                self.spinners[usize::from(t.high()) % 13] = Some(spot);
            }
        }
        fits
    }

    /// Where arm `slot` starts, once the tile holding it is drawn.
    fn start(&self, slot: usize, root_double: bool) -> Option<Cursor> {
        let (half, face) = if root_double { (1, 4) } else { (2, 2) };
        Some(match slot {
            0 => Cursor {
                x: -half,
                y: 0,
                dir: Dir::W,
                face,
            },
            1 => Cursor {
                x: half,
                y: 0,
                dir: Dir::E,
                face,
            },
            _ => {
                let (x, y, dir) = self.spinners.get((slot - 2) / 2).copied().flatten()?;
                let out = dir.across()[(slot - 2) % 2];
                let (dx, dy) = out.step();
                Cursor {
                    x: x + dx * 2,
                    y: y + dy * 2,
                    dir: out,
                    face: 2,
                }
            }
        })
    }

    /// Lays the arms `order` one after another, each in every way of turning in turn,
    /// going back to an earlier arm when one finds no way: to the latest arm among those
    /// that blocked it and its holder (conflict-directed backjumping), at most `budget` arms
    /// laid in all. On success every arm is drawn without overlaps; else the arms that
    /// stood in the way are returned as a set of slots.
    fn backtrack(
        &mut self,
        layout: &Layout,
        arms: &Arms,
        order: &[usize],
        root_double: bool,
        budget: &mut u32,
    ) -> Result<(), u64> {
        let Some((&slot, rest)) = order.split_first() else {
            return Ok(());
        };
        let Some(at) = self.start(slot, root_double) else {
            return self.backtrack(layout, arms, rest, root_double, budget);
        };
        let me = bit(slot);
        let mut conflicts = arms.parent.get(slot).map_or(0, |&p| bit(p));
        let (len, spinners) = (self.tiles.len(), self.spinners);
        let mut tried: Vec<Vec<Rect>> = Vec::new();
        for mode in MODES {
            if *budget == 0 {
                return Err(u64::MAX);
            }
            *budget -= 1;
            self.mode = mode;
            if self.arm(layout, slot, at, 2_000, false) {
                let drawn: Vec<Rect> = self.tiles[len..].iter().map(|d| d.rect).collect();
                if !tried.contains(&drawn) {
                    tried.push(drawn);
                    match self.backtrack(layout, arms, rest, root_double, budget) {
                        Ok(()) => return Ok(()),
                        Err(c) if c & me == 0 => {
                            self.tiles.truncate(len);
                            self.spinners = spinners;
                            return Err(c);
                        }
                        Err(c) => conflicts |= c & !me,
                    }
                }
            } else {
                conflicts |= self.blockers & !me;
            }
            self.tiles.truncate(len);
            self.spinners = spinners;
        }
        Err(conflicts)
    }
}

/// The set holding only arm `slot` (empty for `ROOT`).
fn bit(slot: usize) -> u64 {
    if slot < 64 { 1 << slot } else { 0 }
}

/// "The first tile" as the holder of an arm: the parent of the line's two arms and of the
/// first tile's sides when it is a spinner.
const ROOT: usize = usize::MAX;

/// The arms of a layout as a tree: `parent[slot]` is the arm holding the spinner whose
/// side `slot` is (`ROOT` for the line's arms and the first tile's sides).
struct Arms {
    parent: [usize; SLOTS],
    /// Every arm, the line's first and then breadth first (a spinner's sides after the
    /// arm holding it, the spinners in text order).
    breadth_first: Vec<usize>,
    /// Every arm, each spinner's sides right after the arm holding it, then the sides of the
    /// spinners in those sides (the line's spinners from the left).
    depth_first: Vec<usize>,
}

impl Arms {
    fn new(layout: &Layout) -> Arms {
        let mut parent = [ROOT; SLOTS];
        let mut seen = [false; SLOTS];
        let mut queue = vec![0, 1];
        seen[0] = true;
        seen[1] = true;
        if let Some(root) = layout.first().filter(|&t| layout.is_spinner(t)) {
            for side in Side::BOTH {
                let slot = side_slot(root.high(), side);
                seen[slot] = true;
                queue.push(slot);
            }
        }
        let mut i = 0;
        while let Some(&slot) = queue.get(i) {
            i += 1;
            for (_, _, t) in layout.oriented(slot) {
                if layout.is_spinner(t) {
                    for side in Side::BOTH {
                        let child = side_slot(t.high(), side);
                        if !seen[child] {
                            seen[child] = true;
                            parent[child] = slot;
                            queue.push(child);
                        }
                    }
                }
            }
        }
        let mut breadth_first = vec![0, 1];
        let (order, n) = layout.spinners_in_text_order();
        for &s in &order[..n] {
            breadth_first.extend(Side::BOTH.map(|side| side_slot(s, side)));
        }
        let mut depth_first = vec![0, 1];
        let mut line: Vec<Tile> = layout.arm(End::Left).collect();
        line.reverse();
        line.extend(layout.first());
        line.extend(layout.arm(End::Right));
        for t in line {
            if layout.is_spinner(t) {
                Arms::depth_first(layout, t.high(), &mut depth_first);
            }
        }
        let mut arms = Arms {
            parent,
            breadth_first: Vec::new(),
            depth_first: Vec::new(),
        };
        arms.breadth_first = arms.order(&[], &breadth_first);
        arms.depth_first = arms.order(&[], &depth_first);
        arms
    }

    fn depth_first(layout: &Layout, s: u8, out: &mut Vec<usize>) {
        for side in Side::BOTH {
            let slot = side_slot(s, side);
            if out.contains(&slot) {
                continue;
            }
            out.push(slot);
            for (_, _, t) in layout.oriented(slot) {
                if layout.is_spinner(t) {
                    Arms::depth_first(layout, t.high(), out);
                }
            }
        }
    }

    /// The arms `first` and then `rest`, each after the arms holding it, each once.
    fn order(&self, first: &[usize], rest: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &slot in first.iter().chain(rest) {
            let mut chain = vec![slot];
            let mut at = slot;
            while let Some(&p) = self.parent.get(at) {
                if p == ROOT {
                    break;
                }
                chain.push(p);
                at = p;
            }
            for &s in chain.iter().rev() {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }
}

/// Places every tile of the layout on a grid: the first tile in the middle, the line to
/// the left and right, each spinner's sides across its arm (up: north of a horizontal arm,
/// west of a vertical one), an arm turning when the way ahead is taken. First whole pictures
/// are tried, each way of turning with the spinners' sides laid breadth first and then depth first; an arm that
/// finds no way is moved ahead of the others (rip-up and reroute) and the picture laid
/// again. If none draws every arm without overlaps, a backtracking search over the arms
/// (each in every way of turning, backjumping to the arm in the way) is run on four orders
/// of the arms; if even that runs out of budget, the picture with fewest crowded arms is
/// kept (about 1 picture in 5,000 of double-twelve games for 6 to 8 players, outside the
/// tests' seeds).
fn place(layout: &Layout) -> Vec<Drawn> {
    let arms = Arms::new(layout);
    let mut best: Option<Picture> = None;
    let mut first: Vec<usize> = Vec::new();
    for attempt in 0..ATTEMPTS {
        let base = if attempt % 2 == 0 {
            &arms.breadth_first
        } else {
            &arms.depth_first
        };
        let p = place_with(layout, &arms.order(&first, base), |slot| {
            turning(attempt, slot)
        });
        if p.crowded.is_empty() {
            return p.tiles;
        }
        let mut next = p.crowded.clone();
        next.extend(first.iter().filter(|s| !p.crowded.contains(s)));
        first = next;
        if best
            .as_ref()
            .is_none_or(|b| p.crowded.len() < b.crowded.len())
        {
            best = Some(p);
        }
    }
    let root_double = layout.first().is_some_and(Tile::is_double);
    for order in [
        &arms.order(&first, &arms.breadth_first),
        &arms.order(&first, &arms.depth_first),
        &arms.breadth_first,
        &arms.depth_first,
    ] {
        let mut p = place_with(layout, &[], |_| Turning::Outward);
        let mut budget = BACKTRACK;
        if p.backtrack(layout, &arms, order, root_double, &mut budget)
            .is_ok()
        {
            return p.tiles;
        }
    }
    best.map(|p| p.tiles).unwrap_or_default()
}

/// How many arms the backtracking search lays at most, per order of the arms.
const BACKTRACK: u32 = 3_000;

/// Every way of turning, in the order tried.
const MODES: [Turning; 12] = [
    Turning::Outward,
    Turning::Roomiest,
    Turning::UpFirst,
    Turning::DownFirst,
    Turning::At(0, true),
    Turning::At(0, false),
    Turning::At(1, true),
    Turning::At(1, false),
    Turning::At(2, true),
    Turning::At(2, false),
    Turning::At(3, true),
    Turning::At(3, false),
];

/// How many pictures are tried before the best one is kept.
const ATTEMPTS: usize = 16;

/// How arm `slot` turns in attempt `attempt`: the first eight attempts lay every arm
/// alike (each way of turning, breadth first and depth first), later ones mix the ways
/// per arm (a fixed hash, no randomness).
fn turning(attempt: usize, slot: usize) -> Turning {
    let i = if attempt < 8 {
        attempt / 2 % 4
    } else {
        let h = (slot as u64 + 1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(attempt as u64)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (h >> 40) as usize
    };
    MODES[i % MODES.len()]
}

fn place_with(layout: &Layout, order: &[usize], mode: impl Fn(usize) -> Turning) -> Picture {
    let mut p = Picture {
        tiles: Vec::new(),
        spinners: [None; 13],
        mode: Turning::Outward,
        crowded: Vec::new(),
        blockers: 0,
        current: ROOT,
    };
    let (Some(root), Some(left)) = (layout.first(), layout.root_left()) else {
        return p;
    };
    let right = root.other(left).unwrap_or(left);
    let rect = if root.is_double() {
        Rect {
            x0: -1,
            y0: -2,
            x1: 1,
            y1: 2,
        }
    } else {
        Rect {
            x0: -2,
            y0: -1,
            x1: 2,
            y1: 1,
        }
    };
    p.tiles.push(Drawn {
        rect,
        slot: ROOT,
        a: left,
        b: right,
    });
    if layout.is_spinner(root) {
        p.spinners[usize::from(root.high()) % 13] = Some((0, 0, Dir::E));
    }
    for &slot in order {
        let Some(at) = p.start(slot, root.is_double()) else {
            continue;
        };
        p.mode = mode(slot);
        p.arm(layout, slot, at, 20_000, true);
    }
    p
}

/// Draws the layout (doubles crosswise, every spinner's sides across its arm, an arm
/// turning where the way ahead is taken, so that no two tiles overlap: a bounded,
/// deterministic search, which finds a way for every position of the tested seeded games
/// up to double-twelve but not yet for all, see `docs/dominoes.md`) and, when
/// [`Options::hand`] is given, a hand in a row below.
///
/// The picture is only a picture: where the line bends has no effect on the rules (D8).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{svg, Layout, Tiles};
/// let layout: Layout = "3-5 5-6 [6-6] 6-2".parse()?;
/// let hand: Tiles = "4-1 0-0".parse()?;
/// let svg = svg::render(&layout, &svg::Options::default().with_hand(hand));
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<rect").count(), 4 + 2 + 1); // tiles plus the background
/// assert!(!svg.contains("<text")); // no font needed
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render(layout: &Layout, options: &Options) -> String {
    let hand = options.hand.as_ref();
    let drawn = place(layout);
    let g = U / 2.0; // one grid unit
    let min_x = drawn.iter().map(|d| d.rect.x0).min().unwrap_or(0);
    let min_y = drawn.iter().map(|d| d.rect.y0).min().unwrap_or(0);
    let max_x = drawn.iter().map(|d| d.rect.x1).max().unwrap_or(0);
    let max_y = drawn.iter().map(|d| d.rect.y1).max().unwrap_or(0);
    let mut body = String::new();
    for d in &drawn {
        let horizontal = d.rect.x1 - d.rect.x0 > d.rect.y1 - d.rect.y0;
        tile(
            &mut body,
            MARGIN + f64::from(d.rect.x0 - min_x) * g,
            MARGIN + f64::from(d.rect.y0 - min_y) * g,
            d.a,
            d.b,
            horizontal,
        );
    }
    let mut width = MARGIN * 2.0 + f64::from(max_x - min_x) * g;
    let mut height = MARGIN * 2.0 + f64::from(max_y - min_y) * g;
    if let Some(h) = hand {
        let y = height + U / 2.0;
        let mut hx = MARGIN;
        for t in h.iter() {
            tile(&mut body, hx, y, t.high(), t.low(), false);
            hx += U + 6.0;
        }
        width = width.max(hx + MARGIN);
        height = y + 2.0 * U + MARGIN;
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}"><rect width="100%" height="100%" fill="#2e6b3f"/><g fill="#111">{body}</g></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_every_tile_once() {
        let layout: Layout = "3-5 [5-5]* 5-0 / up 5-2 2-2 / down 5-6".parse().unwrap();
        let svg = render(&layout, &Options::default());
        assert_eq!(svg.matches("<rect").count(), layout.len() + 1);
        // 3+5 + 5+5 + 5+0 + 5+2 + 2+2 + 5+6 pips, each drawn as a circle.
        assert_eq!(svg.matches("<circle").count(), 8 + 10 + 5 + 7 + 4 + 11);
        let empty = render(&Layout::EMPTY, &Options::default());
        assert_eq!(empty.matches("<rect").count(), 1);
    }

    /// Issue 16: ten to twelve pips are circles too (a numeral needed a font).
    #[test]
    fn ten_to_twelve_pips_are_shapes() {
        let layout: Layout = "[12-12] 12-11 11-10".parse().unwrap();
        let svg = render(&layout, &Options::default());
        assert!(!svg.contains("<text"));
        assert_eq!(svg.matches("<circle").count(), 24 + 23 + 21);
    }
}
