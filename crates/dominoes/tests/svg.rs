//! The SVG picture of Five-Up layouts (every double a spinner, sides of sides): every tile
//! is drawn once and no two drawn tiles overlap, on seeded random games.

use boardgame_core::{Game, GameRng, Turn};
use lattjo_dominoes::{Action, Dominoes, Layout, Rules};

/// The tile rectangles of a picture (the background has no `x`), as (x0, y0, x1, y1).
fn rects(svg: &str) -> Vec<(f64, f64, f64, f64)> {
    let attr = |s: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let at = s.find(&key).expect("attribute") + key.len();
        let end = s[at..].find('"').expect("closing quote") + at;
        s[at..end].parse().expect("number")
    };
    svg.split("<rect")
        .skip(1)
        .filter(|r| r.starts_with(" x="))
        .map(|r| {
            let (x, y) = (attr(r, "x"), attr(r, "y"));
            (x, y, x + attr(r, "width"), y + attr(r, "height"))
        })
        .collect()
}

fn overlaps(layout: &Layout) -> usize {
    let r = rects(&lattjo_dominoes::svg::render(
        layout,
        &lattjo_dominoes::svg::Options::default(),
    ));
    assert_eq!(r.len(), layout.len(), "every tile drawn once: {layout}");
    let mut n = 0;
    for (i, a) in r.iter().enumerate() {
        for b in &r[i + 1..] {
            let eps = 1e-6;
            if a.0 < b.2 - eps && b.0 < a.2 - eps && a.1 < b.3 - eps && b.1 < a.3 - eps {
                n += 1;
            }
        }
    }
    n
}

/// Plays `games` seeded random rounds and draws the layout after every play: returns the
/// pictures drawn and those with overlapping tiles.
fn draw_games(rules: Rules, games: u64) -> (usize, Vec<String>) {
    let game = Dominoes::new(rules).expect("rules");
    let mut buf = Vec::new();
    let (mut drawn, mut bad) = (0, Vec::new());
    for seed in 0..games {
        let mut rng = GameRng::new(seed, 5);
        let mut s = game.new_initial_state();
        while game.turn(&s) != Turn::Terminal {
            let a = match game.turn(&s) {
                Turn::Chance => game.sample_chance(&s, &mut rng),
                _ => game.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("an action");
            game.apply(&mut s, &a).expect("legal");
            if matches!(a, Action::Play(..)) {
                drawn += 1;
                if overlaps(s.layout()) > 0 {
                    bad.push(s.layout().to_string());
                }
            }
        }
    }
    (drawn, bad)
}

/// Seeded random Five-Up rounds (2 and 4 players, double-six and double-nine) and All
/// Fives: the layout is drawn after every play and no two tiles ever overlap.
#[test]
fn five_up_pictures_have_no_overlapping_tiles() {
    for rules in [
        Rules::five_up(),
        Rules::five_up().with_players(4),
        Rules::five_up()
            .with_players(4)
            .with_highest(9)
            .with_hand_size(Some(9)),
        Rules::all_fives(),
    ] {
        let (drawn, bad) = draw_games(rules, 150);
        assert!(drawn > 1000);
        assert!(
            bad.is_empty(),
            "{rules:?}: {} of {drawn} pictures overlap, e.g. {:?}",
            bad.len(),
            &bad[..bad.len().min(3)]
        );
    }
}

/// Double-twelve Five-Up (up to 91 tiles, 13 spinners, sides of sides) is crowded: an arm
/// can be walled in by arms drawn before it, which the backtracking over arms undoes. Six
/// players with 12 tiles each (9,983 pictures; 73 overlapped before the backtracking), eight
/// players with 11 each, and two players with 5 each (long layouts, up to about 85 tiles
/// after drawing): no two tiles ever overlap.
#[test]
fn double_twelve_five_up_pictures_have_no_overlapping_tiles() {
    for (players, hand, games, least) in
        [(6, 12, 150, 9_000), (8, 11, 30, 2_000), (2, 5, 60, 1_000)]
    {
        let (drawn, bad) = draw_games(
            Rules::five_up()
                .with_players(players)
                .with_highest(12)
                .with_hand_size(Some(hand)),
            games,
        );
        assert!(drawn > least, "{players} players: {drawn} pictures");
        assert!(
            bad.is_empty(),
            "{players} players: {} of {drawn} pictures overlap, e.g. {:?}",
            bad.len(),
            &bad[..bad.len().min(3)]
        );
    }
}

/// A hand-built layout with every double of a double-six set a spinner and all sides
/// holding tiles draws without overlaps.
#[test]
fn nested_spinners_draw_apart() {
    for text in [
        "0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / down 5-4 4-4+ 4-6 / 3-3:up 3-6 6-6+ 6-2 / 4-4:down 4-1 / 6-6:up 6-0",
        "6-5 5-5+ 5-4 4-4+ 4-3 3-3+ 3-2 2-2+ 2-1 1-1+ 1-0 0-0+ 0-6 [6-6]* 6-2 \
         / up 6-3 / down 6-4 / 5-5:up 5-0 / 4-4:down 4-2 / 3-3:up 3-1 / 2-2:down 2-5 / 1-1:up 1-4",
        // Regression: overlapped before the backtracking over arms (8-8:up walled in by
        // 4-4:down, each arm laid straight first).
        "12-9 9-5 5-1 1-9 9-4 4-4+ 4-12 [12-12]* 12-5 5-8 8-0 0-6 6-5 5-7 / 4-4:up 4-11 11-12 \
         / 4-4:down 4-10 10-10+ 10-0 / up 12-10 10-2 2-7 7-7+ / down 12-1 1-1+ 1-6 6-10 \
         / 1-1:up 1-8 8-8+ 8-11 / 1-1:down 1-3 3-11 / 8-8:up 8-10",
        // Regression: overlapped until the backtracking jumped back to the arm in the way
        // (chronological backtracking ran out of budget on the arms between).
        "3-12 12-9 9-5 5-1 1-9 9-4 4-4+ 4-12 [12-12]* 12-5 5-8 8-0 0-6 6-5 5-7 7-6 \
         / 4-4:up 4-11 11-12 / 4-4:down 4-10 10-10+ 10-0 / up 12-10 10-2 2-7 7-7+ 7-9 \
         / down 12-1 1-1+ 1-6 6-10 / 1-1:up 1-8 8-8+ 8-11 11-0 0-9 9-8 \
         / 1-1:down 1-3 3-11 11-7 / 8-8:up 8-10 10-7 7-12 / 8-8:down 8-3",
    ] {
        let l: Layout = text.parse().expect("layout");
        assert_eq!(overlaps(&l), 0, "{l}");
    }
}
