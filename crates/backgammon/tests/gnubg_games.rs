//! Differential tests against GNU Backgammon 1.07.001 (Debian package gnubg 1.07.001-1+b1):
//! legal plays and their notation (`data/gnubg_plays.txt`). The data file's header says how it
//! was made.
//!
//! Rule ids: legal plays B5-B24, A4-A7, A9 (the standard single-die policy, which GNUBG
//! implements), A17 (plays are distinct resulting positions).

use std::collections::BTreeMap;

use lattjo_backgammon::{Dice, NotationStyle, Play, PlayList, Position, Side, SingleDiePolicy};

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// The result of `play` from `p`, with the mover kept on roll: the Position ID then lists
/// the opponent first and the mover second, as GNUBG's `PositionID` of its board after the
/// move, before its sides are swapped.
fn result_id(p: &Position, play: &Play) -> String {
    p.apply_steps(play)
        .expect("a generated play applies")
        .with_to_move(p.to_move())
        .position_id()
}

/// One row of `data/gnubg_plays.txt`: a position (the player on roll is GNUBG's player on
/// roll), a roll, and GNUBG's legal plays as (resulting Position ID, GNUBG's move text).
struct PlaysRow<'a> {
    position_id: &'a str,
    dice: Dice,
    plays: BTreeMap<String, String>,
}

fn plays_rows() -> Vec<PlaysRow<'static>> {
    data_lines(include_str!("data/gnubg_plays.txt"))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let roll = f[1].as_bytes();
            let dice = Dice::new(roll[0] - b'0', roll[1] - b'0').expect("a roll");
            let n: usize = f[2].parse().expect("a count");
            let plays: BTreeMap<String, String> = f[3..]
                .iter()
                .map(|e| {
                    let (id, text) = e.split_once('=').expect("ID=text");
                    (id.to_string(), text.replace('_', " "))
                })
                .collect();
            assert_eq!(plays.len(), n, "{line}");
            PlaysRow {
                position_id: f[0],
                dice,
                plays,
            }
        })
        .collect()
}

/// A17, A9 and every movement rule: for each (position, roll) of the golden file, this
/// crate's standard-policy plays reach exactly the positions GNUBG's plays reach, with either
/// colour on roll; each play is written exactly as GNUBG writes it; and GNUBG's text reads
/// back to its play.
#[test]
fn gnubg_1_07_legal_plays_and_notation_golden() {
    let rows = plays_rows();
    let mut list = PlayList::new();
    let (mut plays, mut no_play) = (0, 0);
    for row in &rows {
        for side in Side::ALL {
            let p = Position::from_position_id(row.position_id, side).expect("a Position ID");
            list.generate(&p, row.dice, SingleDiePolicy::Standard);
            let ours: BTreeMap<String, String> = list
                .plays()
                .map(|pl| {
                    (
                        result_id(&p, &pl),
                        p.format_play(&pl, NotationStyle::Compact),
                    )
                })
                .collect();
            assert_eq!(ours.len(), list.len(), "A17: distinct results");
            let ctx = format!("{} {} ({side} on roll)", row.position_id, row.dice);
            assert_eq!(
                ours.keys().collect::<Vec<_>>(),
                row.plays.keys().collect::<Vec<_>>(),
                "{ctx}: the resulting positions"
            );
            assert_eq!(ours, row.plays, "{ctx}: the notation");
            for (id, text) in &row.plays {
                let back = p
                    .parse_play(text, row.dice, SingleDiePolicy::Standard)
                    .unwrap_or_else(|e| panic!("{ctx}: {text}: {e}"));
                assert_eq!(&result_id(&p, &back), id, "{ctx}: {text}");
            }
        }
        plays += row.plays.len();
        no_play += usize::from(row.plays.is_empty());
    }
    assert_eq!(
        (rows.len(), plays, no_play),
        (1242, 6017, 156),
        "rows, plays, rows without a play"
    );
}
