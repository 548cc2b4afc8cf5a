//! What a seat's own play has shown about the tiles it holds.

use crate::tile::{Tile, Tiles};

const CAP: usize = 6;

/// What every player can deduce about one seat's hidden hand from the table.
///
/// The hand is split into groups by when the tiles were taken (the deal first, then each
/// draw). Each group carries the numbers the seat has since shown it lacks: a player who
/// draws or passes because nothing fits holds no tile showing an open end's number (D9,
/// D10, E3), and a drawn tile that is kept did not fit either. Tiles taken later may show
/// those numbers again, so the groups are kept apart. The dealt group is also bound by the
/// opening (D4): nobody was dealt a double above the one that opened.
///
/// When the seat plays a tile, observers cannot tell which group it came from; it is taken
/// from the oldest group it could belong to, which keeps every hand that is really possible
/// (the groups are nested: older groups lack more). More than six groups merge the two
/// newest, keeping only what both lack. So the description may allow a few hands that
/// careful reasoning would exclude, but never excludes a possible one.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, GameRng, Turn};
/// let game = Dominoes::default();
/// let mut state = game.new_initial_state();
/// let mut rng = GameRng::new(1, 0);
/// while game.turn(&state) == Turn::Chance {
///     let deal = game.sample_chance(&state, &mut rng).ok_or("the deal goes on")?;
///     game.apply(&mut state, &deal)?;
/// }
/// // Just dealt: each hand is one group of dealt tiles that lacks nothing yet.
/// for (_, shown) in state.shown().iter() {
///     assert!(shown.groups().all(|g| g.dealt && g.lacks == 0));
///     assert!(shown.total() <= 7);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it deserializes only in canonical form, the only form play
/// makes (at most six groups, none empty, nested, only the oldest dealt): a record with more
/// groups than it holds, or groups out of order, is refused rather than read into a value
/// whose methods would index past its groups (an audit found `n: 200` read and
/// [`Shown::total`] panicking).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Shown {
    n: u8,
    count: [u8; CAP],
    lacks: [u16; CAP],
    dealt: [bool; CAP],
}

/// [`Shown`]'s fields as read, before the canonical-form check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Shown")]
struct ShownRepr {
    n: u8,
    count: [u8; CAP],
    lacks: [u16; CAP],
    dealt: [bool; CAP],
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Shown {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shown, D::Error> {
        let r = ShownRepr::deserialize(d)?;
        let shown = Shown {
            n: r.n,
            count: r.count,
            lacks: r.lacks,
            dealt: r.dealt,
        };
        if usize::from(shown.n) > CAP {
            return Err(serde::de::Error::custom(format_args!(
                "a record of shown tiles holds at most {CAP} groups, not {}",
                shown.n
            )));
        }
        if !shown.is_canonical() {
            return Err(serde::de::Error::custom(
                "a record of shown tiles must be in canonical form: its first n groups \
                 non-empty and the rest empty, each lacking at least what every newer one \
                 lacks, only the oldest dealt",
            ));
        }
        Ok(shown)
    }
}

/// One group of a seat's hidden tiles (see [`Shown`]).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Group, Tile, Tiles};
/// // A group that lacks 6 and 5 (its holder drew when 6 and 5 were open).
/// let g = Group { count: 2, lacks: (1 << 6) | (1 << 5), dealt: false };
/// assert!(g.admits(Tile::new(4, 1).ok_or("tile")?, Tiles::EMPTY));
/// assert!(!g.admits(Tile::new(6, 1).ok_or("tile")?, Tiles::EMPTY));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// How many tiles.
    pub count: u8,
    /// The numbers none of them shows, bit `n` for number `n`.
    pub lacks: u16,
    /// Whether they were dealt (and so bound by the opening).
    pub dealt: bool,
}

impl Group {
    /// Whether `tile` could be one of this group's tiles, given the tiles nobody was dealt.
    #[must_use]
    pub fn admits(&self, tile: Tile, not_dealt: Tiles) -> bool {
        tile.numbers() & self.lacks == 0 && !(self.dealt && not_dealt.contains(tile))
    }
}

impl Shown {
    /// The groups, oldest first.
    pub fn groups(&self) -> impl Iterator<Item = Group> + '_ {
        (0..usize::from(self.n)).map(|i| Group {
            count: self.count[i],
            lacks: self.lacks[i],
            dealt: self.dealt[i],
        })
    }

    /// Hidden tiles accounted for.
    #[must_use]
    pub fn total(&self) -> usize {
        self.count[..usize::from(self.n)]
            .iter()
            .map(|&c| usize::from(c))
            .sum()
    }

    /// The hidden tiles accounted for and the numbers all of them are shown to lack, without
    /// a loop over the groups. In canonical form ([`Shown::is_canonical`], which play keeps
    /// and every state read in is checked for) the slots past the groups are empty and the
    /// groups are nested, so the newest group lacks exactly what every group lacks; with no
    /// group the last slot is read, which is empty: no hidden tiles lack nothing.
    #[inline]
    pub(crate) fn summary(&self) -> (u8, u16) {
        let total = self.count.iter().fold(0u8, |sum, &c| sum.wrapping_add(c));
        let newest = usize::from(self.n).wrapping_sub(1).min(CAP - 1);
        (total, self.lacks[newest])
    }

    /// The record of a hand of `count` tiles just dealt: one dealt group, nothing shown.
    pub(crate) fn dealt(count: usize) -> Shown {
        let mut s = Shown::default();
        for _ in 0..count {
            s.keep(0, true);
        }
        s
    }

    /// Whether the hidden tiles `hand` can be split among the groups: each group gets
    /// exactly its count of tiles that it admits (a bipartite matching with capacities,
    /// found by augmenting paths; at most 91 tiles and six groups).
    pub(crate) fn admits_hand(&self, hand: Tiles, not_dealt: Tiles) -> bool {
        let groups: Vec<Group> = self.groups().collect();
        let tiles: Vec<Tile> = hand.iter().collect();
        if groups.iter().map(|g| usize::from(g.count)).sum::<usize>() != tiles.len() {
            return false;
        }
        // owner[t] = the group tile t is assigned to.
        let mut owner: Vec<Option<usize>> = vec![None; tiles.len()];
        let mut load = vec![0u8; groups.len()];
        // Tries to place tile `t`, moving other tiles along an augmenting path.
        fn place(
            t: usize,
            tiles: &[Tile],
            groups: &[Group],
            not_dealt: Tiles,
            owner: &mut [Option<usize>],
            load: &mut [u8],
            visited: &mut [bool],
        ) -> bool {
            for (g, group) in groups.iter().enumerate() {
                if visited[g] || !group.admits(tiles[t], not_dealt) {
                    continue;
                }
                visited[g] = true;
                if load[g] < group.count {
                    load[g] += 1;
                    owner[t] = Some(g);
                    return true;
                }
                // The group is full: move one of its tiles elsewhere.
                for u in 0..tiles.len() {
                    if owner[u] == Some(g) {
                        owner[u] = None;
                        if place(u, tiles, groups, not_dealt, owner, load, visited) {
                            owner[t] = Some(g);
                            return true;
                        }
                        owner[u] = Some(g);
                    }
                }
            }
            false
        }
        (0..tiles.len()).all(|t| {
            let mut visited = vec![false; groups.len()];
            place(
                t,
                &tiles,
                &groups,
                not_dealt,
                &mut owner,
                &mut load,
                &mut visited,
            )
        })
    }

    /// Whether the groups are in canonical form (used to validate states): no empty group
    /// before `n` and nothing after it; nested, each group lacking at least what every newer
    /// one lacks (play keeps them so: a group is made lacking only numbers every older group
    /// has been shown to lack, and later showings reach all groups); only the oldest group
    /// dealt. [`Shown::played`] relies on the nesting to keep every possible hand.
    pub(crate) fn is_canonical(&self) -> bool {
        let n = usize::from(self.n);
        n <= CAP
            && self.count[..n].iter().all(|&c| c > 0)
            && self.count[n..].iter().all(|&c| c == 0)
            && self.lacks[n..].iter().all(|&l| l == 0)
            && self.dealt[n..].iter().all(|&d| !d)
            && (1..n).all(|i| self.lacks[i] & !self.lacks[i - 1] == 0 && !self.dealt[i])
    }

    /// A tile taken into the hand unseen, lacking `lacks`.
    pub(crate) fn keep(&mut self, lacks: u16, dealt: bool) {
        let n = usize::from(self.n);
        if n > 0 && self.lacks[n - 1] == lacks && self.dealt[n - 1] == dealt {
            self.count[n - 1] += 1;
            return;
        }
        if n == CAP {
            // Merge the two newest groups, keeping only what both lack.
            self.count[n - 2] += self.count[n - 1];
            self.lacks[n - 2] &= self.lacks[n - 1];
            self.dealt[n - 2] &= self.dealt[n - 1];
            self.remove_if(n - 1, true);
            return self.keep(lacks, dealt);
        }
        self.count[n] = 1;
        self.lacks[n] = lacks;
        self.dealt[n] = dealt;
        self.n += 1;
    }

    /// One more tile dealt into a hand that has only been dealt to so far (a record of
    /// [`Shown::dealt`]).
    #[inline]
    pub(crate) fn dealt_one(&mut self) {
        self.n = 1;
        self.count[0] += 1;
        self.dealt[0] = true;
    }

    /// The seat showed it holds nothing with these numbers.
    #[inline]
    pub(crate) fn stuck(&mut self, numbers: u16) {
        // Every slot, masked: a loop over the first `n` would end at a random count (a
        // mispredicted exit on most calls); the slots past `n` stay empty.
        let n = usize::from(self.n);
        for (i, l) in self.lacks.iter_mut().enumerate() {
            *l |= numbers & u16::from(i < n).wrapping_neg();
        }
    }

    /// The seat revealed `tile` from its hand.
    #[inline(always)]
    pub(crate) fn played(&mut self, tile: Tile, not_dealt: Tiles) {
        if self.n == 1 {
            // One group (the usual case before the seat keeps a drawn tile): the tile comes
            // from it.
            self.count[0] = self.count[0].saturating_sub(1);
            self.remove_if(0, self.count[0] == 0);
            return;
        }
        let n = usize::from(self.n).min(CAP);
        // The oldest group the tile can come from (a group with tiles, lacking none of its
        // numbers, and not bound by the opening if the tile was not dealt); else the newest.
        let numbers = tile.numbers();
        let held_back = not_dealt.contains(tile);
        let mut fits = 0u32;
        for i in 0..CAP {
            // `&` rather than `&&`: no branch per group.
            let ok =
                (self.count[i] > 0) & (numbers & self.lacks[i] == 0) & !(self.dealt[i] & held_back);
            fits |= u32::from(ok) << i;
        }
        // Groups past `n` have no tiles, so they never fit.
        let Some(last) = n.checked_sub(1) else {
            return;
        };
        let i = if fits == 0 {
            last
        } else {
            fits.trailing_zeros() as usize
        };
        let i = i.min(CAP - 1);
        self.count[i] = self.count[i].saturating_sub(1);
        self.remove_if(i, self.count[i] == 0);
    }

    /// Drops group `i` (below `n`) when `drop`: the groups after it move down one place.
    /// Every slot from `i` on takes its successor's value, the last an empty group's, which is
    /// the same because the slots past `n` are empty. A fixed shift selected without a
    /// branch, instead of a copy of `n - i - 1` groups (a `memmove` call that branches on the
    /// length) behind a branch on whether the group emptied, both of which mispredict in
    /// random play.
    fn remove_if(&mut self, i: usize, drop: bool) {
        for j in 0..CAP - 1 {
            let later = drop & (j >= i);
            self.count[j] = if later {
                self.count[j + 1]
            } else {
                self.count[j]
            };
            self.lacks[j] = if later {
                self.lacks[j + 1]
            } else {
                self.lacks[j]
            };
            self.dealt[j] = if later {
                self.dealt[j + 1]
            } else {
                self.dealt[j]
            };
        }
        self.count[CAP - 1] *= u8::from(!drop);
        self.lacks[CAP - 1] *= u16::from(!drop);
        self.dealt[CAP - 1] &= !drop;
        self.n -= u8::from(drop);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `remove_if` is the old copy of the later groups down one place (and a no-op when not
    /// dropping), for every group count and position.
    #[test]
    fn remove_if_shifts_the_later_groups_down_exactly() {
        for n in 1..=CAP {
            let mut full = Shown::default();
            for k in 0..n {
                full.count[k] = 1 + k as u8;
                full.lacks[k] = 0b11 << k;
                full.dealt[k] = k == 0;
            }
            full.n = n as u8;
            for i in 0..n {
                let mut want = full;
                want.count.copy_within(i + 1..n, i);
                want.lacks.copy_within(i + 1..n, i);
                want.dealt.copy_within(i + 1..n, i);
                want.count[n - 1] = 0;
                want.lacks[n - 1] = 0;
                want.dealt[n - 1] = false;
                want.n -= 1;
                let mut got = full;
                got.remove_if(i, true);
                assert_eq!(got, want, "n {n}, i {i}");
                let mut kept = full;
                kept.remove_if(i, false);
                assert_eq!(kept, full, "n {n}, i {i}");
            }
        }
    }

    #[test]
    fn groups_merge_and_stay_canonical() {
        let mut s = Shown::default();
        for _ in 0..5 {
            s.keep(0, true);
        }
        s.stuck(0b11);
        for k in 0..10u16 {
            s.keep(1 << (k + 2), false);
        }
        assert_eq!(s.total(), 15);
        assert_eq!(s.groups().count(), CAP);
        let first = s.groups().next().unwrap();
        assert_eq!(
            first,
            Group {
                count: 5,
                lacks: 0b11,
                dealt: true
            }
        );
        let t = Tile::new(0, 5).unwrap();
        s.played(t, Tiles::EMPTY);
        assert_eq!(s.total(), 14);
    }

    /// Regression (fuzz finding `dominoes_json`): a deserialized record whose groups were not
    /// nested (a newer group lacking 4 and 9, which the older ones did not) was accepted, and
    /// `played` then took a tile from the wrong group, making a record that excluded the true
    /// hand (a state `check_state` refused, reached by a legal play). Such records are refused.
    #[test]
    fn regression_a_record_of_groups_that_are_not_nested_is_refused() {
        let bits = |ns: &[u16]| ns.iter().fold(0u16, |m, &n| m | (1 << n));
        let mut s = Shown::default();
        s.keep(bits(&[0, 7, 8, 11]), true);
        s.keep(bits(&[0, 7, 11]), false);
        assert!(s.is_canonical(), "nested: the newer group lacks less");
        s.keep(bits(&[0, 4, 9]), false);
        assert!(
            !s.is_canonical(),
            "4 and 9 were never shown for the older groups"
        );
        let mut dealt_late = Shown::default();
        dealt_late.keep(bits(&[3]), false);
        dealt_late.keep(0, true);
        assert!(!dealt_late.is_canonical(), "only the oldest group is dealt");
    }
}
