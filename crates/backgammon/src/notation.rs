//! Move notation as GNU Backgammon and eXtreme Gammon write it (section 6): `24/18 13/11`,
//! `bar/22`, `6/off`, `13/7*`, `8/5(2)`, `24/18/13`.

use boardgame_core::text::excerpt;
use core::fmt;
use core::fmt::Write;

use crate::board::{BAR, OFF, Position};
use crate::movegen::{Dice, Play, PlayList, SingleDiePolicy, Step};

/// How intermediate points of one checker's path are written.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Dice, NotationStyle, Position, Side, SingleDiePolicy};
/// let p = Position::start(Side::White);
/// let play = p.parse_play("13/7(2)", Dice::new(3, 3).unwrap(), SingleDiePolicy::Standard)?;
/// assert_eq!(p.format_play(&play, NotationStyle::Compact), "13/7(2)");
/// assert_eq!(p.format_play(&play, NotationStyle::Steps), "13/10/7(2)");
/// # Ok::<(), lattjo_backgammon::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NotationStyle {
    /// GNU Backgammon's form: a checker moving twice is written `24/13`, with intermediate
    /// points only where it hit (`24/18*/13`).
    #[default]
    Compact,
    /// Every landing point written: `24/18/13`.
    Steps,
}

/// Move text that does not name a legal play.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Dice, NotationError, Position, Side, SingleDiePolicy};
/// let p = Position::start(Side::White);
/// let d = Dice::new(6, 5).unwrap();
/// assert!(matches!(p.parse_play("24/14", d, SingleDiePolicy::Standard), Err(NotationError::Illegal(_))));
/// assert!(matches!(p.parse_play("6/8", d, SingleDiePolicy::Standard), Err(NotationError::Backwards(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A token is not of the form `from/to[*][/to[*]]…[(n)]`.
    #[error("cannot read move {0:?}")]
    Syntax(String),
    /// A point is outside 1..=24, or `bar`/`off` in the wrong place.
    #[error("{0:?} is not a point here")]
    BadPoint(String),
    /// A move goes backwards or nowhere.
    #[error("move {0:?} does not go forward")]
    Backwards(String),
    /// More than four checker movements.
    #[error("more than four checker movements")]
    TooMany,
    /// The text is well formed but no legal play matches it.
    #[error("{0:?} is not a legal play for this roll")]
    Illegal(String),
}

pub(crate) fn point_name(p: u8, out: &mut String) {
    match p as usize {
        BAR => out.push_str("bar"),
        OFF => out.push_str("off"),
        _ => {
            let _ = write!(out, "{p}");
        }
    }
}

impl Position {
    /// Writes `play` (for the side on roll) in GNU Backgammon / XG notation, exactly as GNU
    /// Backgammon's `FormatMove` writes it (checked on 169,931 plays against GNUBG 1.07.001,
    /// `tests/gnubg_games.rs`): the checker movements sorted by origin, then destination,
    /// highest first; each continued by the first later movement from where it ended, so one
    /// checker's path is one item (`3/off`, not `3/2 2/off`); intermediate points written only
    /// where the opponent had a checker before the play (`24/18*/13`); equal items counted
    /// (`8/5(2)`); a `*` after each point where a blot stood, once per point. The empty play is
    /// written as the empty string.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Dice, NotationStyle, Position, Side, SingleDiePolicy};
    /// let p = Position::start(Side::White);
    /// let play = p.parse_play("24/13", Dice::new(6, 5).unwrap(), SingleDiePolicy::Standard)?;
    /// assert_eq!(p.format_play(&play, NotationStyle::Compact), "24/13");
    /// assert_eq!(p.format_play(&play, NotationStyle::Steps), "24/18/13");
    /// # Ok::<(), lattjo_backgammon::NotationError>(())
    /// ```
    #[must_use]
    pub fn format_play(&self, play: &Play, style: NotationStyle) -> String {
        // GNU Backgammon's `FormatMove` (drawboard.c): the checker movements sorted by origin,
        // then destination, highest first; each movement continued by the first later one
        // that starts where it ends (one checker's path); an intermediate point kept where
        // the opponent had a checker before the play (a hit), else elided; equal paths
        // counted `(n)`; a `*` after a point where the opponent had a checker, once per point
        // (always at a kept intermediate point).
        let opp = &self.board[self.to_move.opponent().index()];
        let had_blot = |q: u8| q != OFF as u8 && q != BAR as u8 && opp[25 - q as usize] > 0;
        let mut moves = [(0u8, 0u8); 4];
        let n = play.steps().len();
        for (m, s) in moves.iter_mut().zip(play.steps()) {
            *m = (s.from, s.to);
        }
        moves[..n].sort_unstable_by(|a, b| b.cmp(a));
        // Paths: the points written (origin, kept intermediate points, destination).
        let mut paths = [([0u8; 5], 0usize); 4];
        let mut np = 0;
        let mut used = [false; 4];
        for i in 0..n {
            if used[i] {
                continue;
            }
            used[i] = true;
            let (pts, len) = &mut paths[np];
            np += 1;
            pts[0] = moves[i].0;
            pts[1] = moves[i].1;
            *len = 2;
            for j in i + 1..n {
                if !used[j] && moves[j].0 == pts[*len - 1] && pts[*len - 1] != OFF as u8 {
                    used[j] = true;
                    if style == NotationStyle::Steps || had_blot(pts[*len - 1]) {
                        pts[*len] = moves[j].1;
                        *len += 1;
                    } else {
                        pts[*len - 1] = moves[j].1;
                    }
                }
            }
        }
        let mut out = String::new();
        let mut flagged = 0u32;
        let mut done = [false; 4];
        for i in 0..np {
            if done[i] {
                continue;
            }
            let (pts, len) = paths[i];
            let mut count = 1;
            for j in i + 1..np {
                if !done[j] && paths[j].1 == len && paths[j].0[..len] == pts[..len] {
                    done[j] = true;
                    count += 1;
                }
            }
            if !out.is_empty() {
                out.push(' ');
            }
            point_name(pts[0], &mut out);
            for (k, &q) in pts[1..len].iter().enumerate() {
                out.push('/');
                point_name(q, &mut out);
                let intermediate = k + 2 < len;
                let star = if intermediate && style == NotationStyle::Compact {
                    true
                } else {
                    had_blot(q) && flagged & (1 << q) == 0
                };
                if star {
                    out.push('*');
                    flagged |= 1 << q;
                }
            }
            if count > 1 {
                let _ = write!(out, "({count})");
            }
        }
        out
    }

    /// Reads move text for the side on roll and finds the legal play it names for `dice`
    /// under `policy`. Accepts `24/18 13/11`, `24/13`, `24/18/13`, `bar/22`, `25/22`,
    /// `6/off`, `6/0`, `13/7*` (the `*` is optional at a final landing point), `8/5(2)`, and
    /// the empty string for "cannot move".
    ///
    /// # Errors
    ///
    /// [`NotationError`] when the text is malformed or names no legal play.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Dice, NotationStyle, Position, Side, SingleDiePolicy};
    /// let p = Position::start(Side::White);
    /// let d = Dice::new(3, 1).unwrap();
    /// let play = p.parse_play("8/5 6/5", d, SingleDiePolicy::Standard)?;
    /// assert_eq!(p.format_play(&play, NotationStyle::Compact), "8/5 6/5");
    /// assert!(p.parse_play("8/3", d, SingleDiePolicy::Standard).is_err());
    /// # Ok::<(), lattjo_backgammon::NotationError>(())
    /// ```
    pub fn parse_play(
        &self,
        text: &str,
        dice: Dice,
        policy: SingleDiePolicy,
    ) -> Result<Play, NotationError> {
        let mut list = PlayList::new();
        self.parse_play_with(text, dice, policy, &mut list)
    }

    /// [`Position::parse_play`] with a caller-provided buffer.
    ///
    /// # Errors
    ///
    /// As [`Position::parse_play`].
    pub fn parse_play_with(
        &self,
        text: &str,
        dice: Dice,
        policy: SingleDiePolicy,
        list: &mut PlayList,
    ) -> Result<Play, NotationError> {
        let target = self.apply_text(text)?;
        list.generate(self, dice, policy);
        if list.is_empty() {
            return if target == self.with_to_move(self.to_move.opponent()) {
                Ok(Play::NONE)
            } else {
                Err(NotationError::Illegal(excerpt(text)))
            };
        }
        if let Some(play) = list
            .plays()
            .zip(list.results())
            .find_map(|(p, r)| (r == target).then_some(p))
        {
            return Ok(play);
        }
        // Lenient: an unmarked intermediate hit ("24/13" where the only path hits on 18).
        let m = self.to_move.index();
        let mut found = list
            .plays()
            .zip(list.results())
            .filter(|(_, r)| r.board[m] == target.board[m]);
        match (found.next(), found.next()) {
            (Some((play, _)), None) => Ok(play),
            _ => Err(NotationError::Illegal(excerpt(text))),
        }
    }

    /// The position the text describes (hits at marked intermediate points and at every
    /// final landing on a blot), without checking dice.
    fn apply_text(&self, text: &str) -> Result<Position, NotationError> {
        let m = self.to_move.index();
        let o = 1 - m;
        let mut next = *self;
        next.to_move = self.to_move.opponent();
        let mut moves = 0;
        let mut hit = 0u32;
        for token in text.split([' ', ',', '\t']).filter(|t| !t.is_empty()) {
            let (body, count) = split_count(token)?;
            for _ in 0..count {
                let mut parts = body.split('/');
                let first = parts
                    .next()
                    .ok_or_else(|| NotationError::Syntax(excerpt(token)))?;
                let (mut from, star) = parse_point(first, token)?;
                if star || from == 0 {
                    return Err(NotationError::BadPoint(excerpt(first)));
                }
                let mut any = false;
                for part in parts {
                    any = true;
                    let (to, star) = parse_point(part, token)?;
                    if to == BAR as u8 || to >= from {
                        return Err(NotationError::Backwards(excerpt(token)));
                    }
                    moves += 1;
                    if moves > 4 {
                        return Err(NotationError::TooMany);
                    }
                    if next.board[m][from as usize] == 0 {
                        return Err(NotationError::Illegal(excerpt(text)));
                    }
                    next.board[m][from as usize] -= 1;
                    next.board[m][to as usize] += 1;
                    if to != 0 {
                        let oq = 25 - to as usize;
                        match next.board[o][oq] {
                            0 => {
                                // A star is allowed where this play already hit.
                                if star && hit & (1 << to) == 0 {
                                    return Err(NotationError::Illegal(excerpt(text)));
                                }
                            }
                            1 => {
                                next.board[o][oq] = 0;
                                next.board[o][BAR] += 1;
                                hit |= 1 << to;
                            }
                            _ => return Err(NotationError::Illegal(excerpt(text))),
                        }
                    }
                    from = to;
                }
                if !any {
                    return Err(NotationError::Syntax(excerpt(token)));
                }
            }
        }
        Ok(next)
    }
}

fn split_count(token: &str) -> Result<(&str, u32), NotationError> {
    let Some(open) = token.find('(') else {
        return Ok((token, 1));
    };
    let inner = token
        .get(open + 1..)
        .and_then(|r| r.strip_suffix(')'))
        .ok_or_else(|| NotationError::Syntax(excerpt(token)))?;
    let n: u32 = match inner {
        "1" => 1,
        "2" => 2,
        "3" => 3,
        "4" => 4,
        _ => return Err(NotationError::Syntax(excerpt(token))),
    };
    Ok((&token[..open], n))
}

/// A point token: `bar`, `off`, `0..=25`, with an optional trailing `*`.
fn parse_point(s: &str, token: &str) -> Result<(u8, bool), NotationError> {
    let (body, star) = match s.strip_suffix('*') {
        Some(b) => (b, true),
        None => (s, false),
    };
    if body.eq_ignore_ascii_case("bar") {
        return Ok((BAR as u8, star));
    }
    if body.eq_ignore_ascii_case("off") {
        return Ok((0, star));
    }
    if body.is_empty() || body.len() > 2 || !body.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::Syntax(excerpt(token)));
    }
    let n: u8 = body
        .parse()
        .map_err(|_| NotationError::Syntax(excerpt(token)))?;
    if n > 25 {
        return Err(NotationError::BadPoint(excerpt(s)));
    }
    Ok((n, star))
}

impl Step {
    /// The step as `from/to` (`bar`, `off` by name): what `Display` writes.
    #[must_use]
    pub fn text(self) -> String {
        let mut s = String::new();
        point_name(self.from, &mut s);
        s.push('/');
        point_name(self.to, &mut s);
        s
    }
}

/// `from/to` in the mover's numbering, `bar` and `off` by name (`24/18`, `bar/22`, `6/off`),
/// as [`Step::text`].
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// A text that is not a checker movement: what `Step`'s [`FromStr`](core::str::FromStr)
/// refuses, with the text (at most 64 characters of it).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Step;
/// let e = "6/8".parse::<Step>().unwrap_err();
/// assert_eq!(e.0, "6/8");
/// assert_eq!(e.to_string(), "not a forward checker movement: \"6/8\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a forward checker movement: {0:?}")]
#[non_exhaustive]
pub struct ParseStepError(pub String);

/// Reads what `Display` writes: `from/to`, each a point from 1 to 24 (no leading zero), `bar`
/// (as `from`) or `off` (as `to`), moving forward. Only the plain step: no hit mark, no count
/// and no chain of points, which [`Position::parse_play`] reads in a play.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Step;
/// assert_eq!("bar/22".parse(), Ok(Step::new(25, 22).unwrap()));
/// assert_eq!("6/off".parse::<Step>().map(|s| s.to_string()), Ok("6/off".to_string()));
/// assert!("13/7*".parse::<Step>().is_err());
/// ```
impl core::str::FromStr for Step {
    type Err = ParseStepError;
    fn from_str(s: &str) -> Result<Step, ParseStepError> {
        let point = |t: &str| -> Option<u8> {
            match t {
                "bar" => Some(25),
                "off" => Some(0),
                _ if (1..=2).contains(&t.len())
                    && t.bytes().all(|c| c.is_ascii_digit())
                    && !t.starts_with('0') =>
                {
                    t.parse().ok().filter(|p| (1..=24).contains(p))
                }
                _ => None,
            }
        };
        s.split_once('/')
            .and_then(|(from, to)| Step::new(point(from)?, point(to)?))
            .ok_or_else(|| ParseStepError(excerpt(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;

    #[test]
    fn writes_and_reads_opening_plays() {
        let p = Position::start(Side::White);
        let std = SingleDiePolicy::Standard;
        let mut list = PlayList::new();
        for d in Dice::ALL {
            list.generate(&p, d, std);
            for (play, res) in list.plays().zip(list.results()) {
                for style in [NotationStyle::Compact, NotationStyle::Steps] {
                    let t = p.format_play(&play, style);
                    let back = p
                        .parse_play(&t, d, std)
                        .unwrap_or_else(|e| panic!("{d} {t}: {e}"));
                    assert_eq!(p.apply_steps(&back).unwrap(), res, "{d} {t}");
                }
            }
        }
        let d = Dice::new(3, 1).unwrap();
        let play = p.parse_play("8/5 6/5", d, std).unwrap();
        assert_eq!(p.format_play(&play, NotationStyle::Compact), "8/5 6/5");
        let d = Dice::new(1, 1).unwrap();
        let play = p.parse_play("8/7(2) 6/5(2)", d, std).unwrap();
        assert_eq!(
            p.format_play(&play, NotationStyle::Compact),
            "8/7(2) 6/5(2)"
        );
        let d = Dice::new(6, 5).unwrap();
        for t in ["24/13", "24/18/13", "24/18 18/13"] {
            let play = p.parse_play(t, d, std).unwrap();
            assert_eq!(p.format_play(&play, NotationStyle::Compact), "24/13", "{t}");
        }
    }

    #[test]
    fn bar_off_and_hits() {
        // White: one checker on the bar, Black blot on White's 22 (Black's 3).
        let mut w = [0u8; 26];
        let mut b = [0u8; 26];
        w[25] = 1;
        w[6] = 14;
        b[3] = 1; // White's 22
        b[12] = 14;
        let p = Position::new(Side::White, w, b).unwrap();
        let d = Dice::new(3, 2).unwrap();
        let std = SingleDiePolicy::Standard;
        // Standard: both dice must be played, so the entry alone is not a play.
        assert!(p.parse_play("bar/22*", d, std).is_err());
        let play = p.parse_play("bar/22 6/4", d, std).unwrap();
        // B11: the blot goes to the bar; written with a star.
        let t = p.format_play(&play, NotationStyle::Compact);
        assert_eq!(t, "bar/22* 6/4");
        assert_eq!(p.apply_steps(&play).unwrap().bar(Side::Black), 1);
        assert_eq!(p.parse_play(&t, d, std).unwrap(), play);
        // A hit mark where the play hits nothing names no play (the class of ludo's
        // `regression_parse_move_accepted_a_bounce_mark_on_a_move_that_is_no_bounce`): 6/4
        // lands on an empty point.
        assert!(matches!(
            p.parse_play("bar/22* 6/4*", d, std),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            p.parse_play("bar/22 6/4*", d, std),
            Err(NotationError::Illegal(_))
        ));
        // Bearing off.
        let mut w = [0u8; 26];
        w[6] = 2;
        w[5] = 13;
        let mut b = [0u8; 26];
        b[24] = 15;
        let p = Position::new(Side::White, w, b).unwrap();
        let play = p
            .parse_play("6/off 5/off", Dice::new(6, 5).unwrap(), std)
            .unwrap();
        assert_eq!(p.format_play(&play, NotationStyle::Compact), "6/off 5/off");
        let play = p.parse_play("6/off(2)", Dice::new(6, 6).unwrap(), std);
        assert!(play.is_err(), "6-6 must be used four times");
        let play = p
            .parse_play("6/off(2) 5/off(2)", Dice::new(6, 6).unwrap(), std)
            .unwrap();
        assert_eq!(
            p.format_play(&play, NotationStyle::Compact),
            "6/off(2) 5/off(2)"
        );
    }

    #[test]
    fn hit_at_intermediate_point_is_written() {
        let mut w = [0u8; 26];
        w[24] = 1;
        w[6] = 14;
        let mut b = [0u8; 26];
        b[25 - 18] = 1; // a blot on White's 18
        b[2] = 14;
        let p = Position::new(Side::White, w, b).unwrap();
        let d = Dice::new(6, 5).unwrap();
        let std = SingleDiePolicy::Standard;
        let play = p.parse_play("24/18*/13", d, std).unwrap();
        assert_eq!(p.format_play(&play, NotationStyle::Compact), "24/18*/13");
        assert_eq!(p.format_play(&play, NotationStyle::Steps), "24/18*/13");
        let quiet = p.parse_play("24/19/13", d, std).unwrap();
        assert_eq!(p.format_play(&quiet, NotationStyle::Compact), "24/13");
        assert_ne!(
            p.apply_steps(&quiet).unwrap(),
            p.apply_steps(&play).unwrap()
        );
    }

    #[test]
    fn bad_text_is_an_error() {
        let p = Position::start(Side::White);
        let d = Dice::new(3, 1).unwrap();
        let std = SingleDiePolicy::Standard;
        for bad in [
            "8/",
            "8",
            "x/5",
            "8/5(9)",
            "8/5(",
            "5/8",
            "26/20",
            "8/5 6/5 6/5 6/5 6/5",
            "/",
            "8//5",
            "8/5**",
        ] {
            assert!(p.parse_play(bad, d, std).is_err(), "{bad}");
        }
        assert!(matches!(
            p.parse_play("7/4 6/5", d, std),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            p.parse_play("", d, std),
            Err(NotationError::Illegal(_))
        ));
    }
}

#[cfg(test)]
mod regression {
    use super::*;
    use crate::board::Side;

    /// Differential test against GNU Backgammon 1.07.001 (`hint` at 0-ply, all legal moves):
    /// on 8,820 (position, roll) pairs 6,641 of 121,123 plays were written otherwise than
    /// GNUBG writes them, though every one named the same play. Paths were built in play
    /// order, so a checker relayed through a point of its own came out as two movements
    /// (`3/2 2/off` for GNUBG's `3/off`), and the movements were sorted by destination where
    /// GNUBG keeps its own order (`13/8 13/3` for `13/3 13/8`) and continues the highest
    /// checker first (`bar/23 24/22` for `bar/22 24/23`, `8/7* 8/6` for `8/7*/6 8/7`). Now
    /// `format_play` is GNUBG's `FormatMove`. Each row: Position ID, side on roll, dice,
    /// GNUBG's text, the text written before.
    #[test]
    fn regression_notation_follows_gnubg_format_move() {
        let rows = [
            (
                "4HPFQSDEufAAWA",
                Side::Black,
                (5, 5),
                "bar/20 13/3 13/8",
                "bar/20 13/8 13/3",
            ),
            (
                "4HPFQSDEufAAWA",
                Side::Black,
                (1, 1),
                "bar/24 8/7*/6 8/7",
                "bar/24 8/7* 8/6",
            ),
            (
                "4HPFQSDEufAAWA",
                Side::Black,
                (1, 1),
                "bar/22 24/23",
                "bar/23 24/22",
            ),
            (
                "4HPFQSDEufAAWA",
                Side::Black,
                (4, 4),
                "bar/21 24/16* 24/20",
                "bar/21 24/20 24/16*",
            ),
            ("90iAAD7+DgAAAA", Side::Black, (2, 1), "3/off", "3/2 2/off"),
            ("x2VAFBY/XgAAAA", Side::Black, (2, 1), "5/2*", "5/4 4/2*"),
            (
                "x2VAFBY/XgAAAA",
                Side::Black,
                (2, 2),
                "4/2*/off(2)",
                "4/2*/off 4/off",
            ),
            (
                "x2VAFBY/XgAAAA",
                Side::Black,
                (2, 2),
                "4/2*/off 4/2(2)",
                "4/2*(2) 4/off",
            ),
            (
                "vxQCSwHvW4BAAQ",
                Side::White,
                (3, 1),
                "19/15",
                "19/18 18/15",
            ),
            (
                "vxQCSwHvW4BAAQ",
                Side::White,
                (1, 1),
                "19/16* 18/17",
                "19/17 18/16*",
            ),
            (
                "ZRhEYzF+PwARCA",
                Side::White,
                (6, 6),
                "22/4* 16/10",
                "22/10 16/4*",
            ),
        ];
        let std = SingleDiePolicy::Standard;
        for (id, side, (a, b), gnubg, before) in rows {
            let p = Position::from_position_id(id, side).unwrap();
            let d = Dice::new(a, b).unwrap();
            let play = p.parse_play(gnubg, d, std).unwrap();
            let old = p.parse_play(before, d, std).unwrap();
            assert_eq!(
                p.apply_steps(&old),
                p.apply_steps(&play),
                "{id} {d} {gnubg}"
            );
            assert_eq!(
                p.format_play(&play, NotationStyle::Compact),
                gnubg,
                "{id} {d}"
            );
            assert_eq!(
                p.format_play(&old, NotationStyle::Compact),
                gnubg,
                "{id} {d}"
            );
        }
        // The steps style writes the same paths with every landing point.
        let p = Position::from_position_id("90iAAD7+DgAAAA", Side::Black).unwrap();
        let play = p
            .parse_play("3/off", Dice::new(2, 1).unwrap(), std)
            .unwrap();
        assert_eq!(p.format_play(&play, NotationStyle::Steps), "3/2/off");
        let p = Position::from_position_id("vxQCSwHvW4BAAQ", Side::White).unwrap();
        let play = p
            .parse_play("19/15", Dice::new(3, 1).unwrap(), std)
            .unwrap();
        assert_eq!(p.format_play(&play, NotationStyle::Steps), "19/18/15");
    }

    /// Found by proptest: two checkers to a blot were written `24/22 24/22*` and that text
    /// did not parse back.
    #[test]
    fn regression_two_checkers_onto_a_blot_written_with_one_star() {
        let mut w = [0u8; 26];
        w[24] = 2;
        w[6] = 13;
        let mut b = [0u8; 26];
        b[3] = 1; // blot on White's 22
        b[12] = 14;
        let p = Position::new(Side::White, w, b).unwrap();
        let d = Dice::new(2, 2).unwrap();
        let std = SingleDiePolicy::Standard;
        let play = p.parse_play("24/22*(2) 6/4(2)", d, std).unwrap();
        assert_eq!(
            p.format_play(&play, NotationStyle::Compact),
            "24/22*(2) 6/4(2)"
        );
        assert_eq!(p.parse_play("24/22 24/22* 6/4 6/4", d, std).unwrap(), play);
        assert!(
            p.parse_play("24/22 24/22 6/4* 6/4", d, std).is_err(),
            "a star where nothing was hit"
        );
    }
}
