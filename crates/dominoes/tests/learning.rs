//! The learning encodings (issue 19) under boardgame-core's conformance kit, every preset and
//! player count, plus hand-made positions whose encoding is known.

use boardgame_core::conformance::{
    ConformanceConfig, check_imperfect_observations, check_indexed_actions,
};
use boardgame_core::{Game, IndexedActions, Observe, Seat};
use lattjo_dominoes::{
    Action, Dominoes, DrawRule, End, Layout, ObservationKind, Rules, Setup, State, Tile, Tiles,
};

/// Both encodings.
const KINDS: [ObservationKind; 2] = [ObservationKind::Compact, ObservationKind::Detailed];

fn presets() -> Vec<Rules> {
    let mut all: Vec<Rules> = (2..=5).map(|p| Rules::lattjo().with_players(p)).collect();
    all.extend([
        Rules::block(),
        Rules::draw().with_players(3),
        Rules::all_fives(),
        Rules::muggins().with_players(4),
        Rules::partnership(),
        Rules::five_up().with_players(4),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(10)),
        Rules::lattjo()
            .with_players(3)
            .with_must_play_if_able(false)
            .with_closed_layout_ends_round(false),
        Rules::all_fives()
            .with_players(3)
            .with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo),
    ]);
    all
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 6,
        seed,
        determinize_every: 3,
        ..ConformanceConfig::default()
    }
}

/// E11: a seat's observation holds only what it may know; equal for states it cannot tell
/// apart (the kit compares it with determinizations), changed by whatever it learns. Both
/// encodings, every preset.
#[test]
fn observations_conform_for_every_preset() {
    for kind in KINDS {
        for (i, rules) in presets().into_iter().enumerate() {
            let game = Dominoes::new(rules).expect("rules").with_observation(kind);
            let report = check_imperfect_observations(&game, &config(900 + i as u64))
                .unwrap_or_else(|v| panic!("{kind:?}, {rules:?}: {v}"));
            assert!(report.observations > 0 && report.determinizations > 0);
        }
    }
}

/// The documented lengths of both encodings (`docs/dominoes.md`, "Learning encodings"): T
/// tiles, N numbers, E end slots, K end slots the spinner rule opens, P players.
#[test]
fn both_encodings_have_their_documented_lengths() {
    for rules in presets() {
        let game = Dominoes::new(rules).expect("rules");
        let n = usize::from(rules.highest) + 1;
        let (t, e, p) = (n * (n + 1) / 2, 4 + 2 * n, rules.players);
        let k = match rules.spinner {
            lattjo_dominoes::SpinnerRule::None => 2,
            lattjo_dominoes::SpinnerRule::FirstDouble => 4,
            _ => e,
        };
        assert_eq!(game.observation(), ObservationKind::Compact, "the default");
        // The 0/1 fields are whole bytes of eight values: the planes, each seat's field.
        let bytes = |x: usize| x.div_ceil(8) * 8;
        assert_eq!(
            game.observation_shape().size(),
            2 * bytes(t) + p * bytes(n + 1) + 8 + k + 2 * p,
            "{rules:?}"
        );
        let detailed = game.with_observation(ObservationKind::Detailed);
        assert_eq!(
            detailed.observation_shape().size(),
            5 * t + e * (1 + n) + p * (n + 6) + 6 + p + 4,
            "{rules:?}"
        );
        assert_eq!(detailed.rules(), game.rules(), "only the encoding changes");
    }
}

/// The index bijection and the mask equal `legal_actions` at every node of random games.
#[test]
fn indexed_actions_conform_for_every_preset() {
    for (i, rules) in presets().into_iter().enumerate() {
        let game = Dominoes::new(rules).expect("rules");
        let report = check_indexed_actions(&game, &config(1900 + i as u64))
            .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
        assert!(report.masks > 0);
    }
}

fn tiles(s: &str) -> Tiles {
    s.parse().expect("tiles")
}

/// D7 on a known line `6-4 [4-2] 2-1`: seat 0 holds 6-2 and 1-0; it may lay 6-2 on the left
/// (6 showing) and 1-0 on the right (1 showing), nothing else, and its observation shows its
/// hand, the table, both open ends and the opponent's hand size, never the opponent's tiles.
#[test]
fn d7_a_known_line_encodes_its_hand_ends_and_legal_plays() {
    let game = Dominoes::default().with_observation(ObservationKind::Detailed);
    let layout: Layout = "6-4 [4-2] 2-1".parse().expect("layout");
    let hands = vec![tiles("6-2 1-0"), tiles("5-5 3-3 2-2")];
    let used = layout.tiles().union(hands[0]).union(hands[1]);
    let state = game
        .setup(Setup {
            hands,
            stock: game.set().difference(used),
            layout,
            to_move: Seat::new(0),
        })
        .expect("setup");

    let mut mask = vec![false; game.num_distinct_actions()];
    game.legal_mask(&state, &mut mask).expect("size");
    let legal: Vec<Action> = mask
        .iter()
        .enumerate()
        .filter(|(_, on)| **on)
        .map(|(i, _)| game.index_action(&state, i).expect("action"))
        .collect();
    let six_two = Tile::new(6, 2).expect("tile");
    let one_zero = Tile::new(1, 0).expect("tile");
    assert_eq!(
        legal,
        [
            Action::Play(one_zero, End::Right),
            Action::Play(six_two, End::Left)
        ]
    );

    let mut obs = vec![0.0; game.observation_shape().size()];
    game.observe(&state, Seat::new(0), &mut obs).expect("size");
    let t = 28;
    let id = |tile: Tile| {
        usize::from(tile.high()) * (usize::from(tile.high()) + 1) / 2 + usize::from(tile.low())
    };
    let held: Vec<usize> = (0..t).filter(|&i| obs[i] == 1.0).collect();
    assert_eq!(held, [id(one_zero), id(six_two)]);
    let table: Vec<usize> = (0..t).filter(|&i| obs[2 * t + i] == 1.0).collect();
    assert_eq!(table.len(), 3);
    // Ends: left shows 6, right shows 1 (slots 0 and 1, 1 + 7 values each).
    let ends = 5 * t;
    assert_eq!(obs[ends], 1.0);
    assert_eq!(obs[ends + 1 + 6], 1.0);
    assert_eq!(obs[ends + 8], 1.0);
    assert_eq!(obs[ends + 8 + 1 + 1], 1.0);
    // Seats: the observer (2 tiles), then the opponent (3 tiles).
    let seats = ends + 18 * 8;
    assert_eq!(obs[seats], 2.0 / 28.0);
    assert_eq!(obs[seats + 13], 3.0 / 28.0);

    // The opponent's tiles never show: another deal of the hidden tiles encodes the same.
    let hands = vec![tiles("6-2 1-0"), tiles("5-4 3-2 0-0")];
    let layout: Layout = "6-4 [4-2] 2-1".parse().expect("layout");
    let used = layout.tiles().union(hands[0]).union(hands[1]);
    let other = game
        .setup(Setup {
            hands,
            stock: game.set().difference(used),
            layout,
            to_move: Seat::new(0),
        })
        .expect("setup");
    let mut obs2 = vec![0.0; obs.len()];
    game.observe(&other, Seat::new(0), &mut obs2).expect("size");
    assert_eq!(obs, obs2);
    game.observe(&other, Seat::new(1), &mut obs2).expect("size");
    assert_ne!(obs, obs2, "seat 1 sees its own hand");
}

/// The position of the D7 test (`6-4 [4-2] 2-1`, seat 0 holding 6-2 and 1-0, seat 1 holding
/// `seat1`), with seat 0 to move.
fn known_line(game: &Dominoes, seat0: &str, seat1: &str) -> State {
    let layout: Layout = "6-4 [4-2] 2-1".parse().expect("layout");
    let hands = vec![tiles(seat0), tiles(seat1)];
    let used = layout.tiles().union(hands[0]).union(hands[1]);
    game.setup(Setup {
        hands,
        stock: game.set().difference(used),
        layout,
        to_move: Seat::new(0),
    })
    .expect("setup")
}

/// The compact encoding of the D7 line, value by value (the table in `docs/dominoes.md`):
/// the hand and the table as planes, the step and the seat to move, the open ends as numbers
/// (6 left, 1 right: D7), each seat's hand size. The opponent's tiles
/// never show (E11): another deal of them encodes the same.
#[test]
fn d7_the_compact_encoding_of_a_known_line() {
    let game = Dominoes::default();
    let state = known_line(&game, "6-2 1-0", "5-5 3-3 2-2");
    let mut obs = vec![9.0; game.observation_shape().size()];
    game.observe(&state, Seat::new(0), &mut obs).expect("size");
    let mut want = vec![0.0f32; 94];
    let id = |s: &str| {
        let t: Tile = s.parse().expect("tile");
        usize::from(t.high()) * (usize::from(t.high()) + 1) / 2 + usize::from(t.low())
    };
    for t in ["6-2", "1-0"] {
        want[id(t)] = 1.0; // the hand, 0..28 (28..32 pad the plane to whole bytes)
    }
    for t in ["6-4", "4-2", "2-1"] {
        want[32 + id(t)] = 1.0; // the table, 32..60
    }
    // 64..80: per seat, the numbers it lacks (nothing shown yet), then its turn.
    want[64 + 7] = 1.0; // the observer's turn
    want[80 + 2] = 1.0; // 80..88: the step (a turn), how the round ended
    want[88] = 7.0 / 7.0; // left shows 6
    want[89] = 2.0 / 7.0; // right shows 1
    // Seat fields of 2 from 90: size, points.
    want[90] = 2.0 / 28.0;
    want[92] = 3.0 / 28.0;
    assert_eq!(obs, want);

    let other = known_line(&game, "6-2 1-0", "5-4 3-2 0-0");
    let mut obs2 = vec![0.0; obs.len()];
    game.observe(&other, Seat::new(0), &mut obs2).expect("size");
    assert_eq!(obs, obs2, "seat 1's tiles do not show");
    game.observe(&other, Seat::new(1), &mut obs2).expect("size");
    assert_ne!(obs, obs2, "seat 1 sees its own hand");
}

/// D9: a seat that draws because nothing fits shows that it holds no tile showing an open
/// end's number (6 and 1 here), and a drawn tile it keeps did not fit either; the compact
/// encoding marks those numbers in its field for every observer.
#[test]
fn d9_a_draw_shows_the_numbers_the_drawer_lacks() {
    let game = Dominoes::default();
    let mut state = known_line(&game, "5-5 3-3", "6-2 1-0 2-2");
    game.apply(&mut state, &Action::Draw)
        .expect("nothing fits: draw");
    let mut obs = vec![0.0; game.observation_shape().size()];
    let lacks =
        |obs: &[f32], at: usize| -> Vec<usize> { (0..7).filter(|&n| obs[at + n] == 1.0).collect() };
    // Seat 1 sees seat 0 at relative place 1 (from 72); seat 0 sees itself at 64.
    game.observe(&state, Seat::new(1), &mut obs).expect("size");
    assert_eq!(lacks(&obs, 72), [1, 6]);
    assert_eq!(
        lacks(&obs, 64),
        [] as [usize; 0],
        "seat 1 has shown nothing"
    );
    game.observe(&state, Seat::new(0), &mut obs).expect("size");
    assert_eq!(lacks(&obs, 64), [1, 6]);
    // It draws 3-2, which does not fit: the turn passes and the kept tile lacks 6 and 1 too.
    let deal: Action = "deal 3-2".parse().expect("action");
    game.apply(&mut state, &deal).expect("a tile of the stock");
    game.observe(&state, Seat::new(1), &mut obs).expect("size");
    assert_eq!(lacks(&obs, 72), [1, 6]);
    assert_eq!(obs[92], 3.0 / 28.0, "three tiles now");
}

/// A buffer of the wrong size is an error, never a panic, and the buffer is unchanged.
#[test]
fn wrong_buffer_sizes_are_refused() {
    let game = Dominoes::default();
    let state = game.new_initial_state();
    let mut small = vec![7.0; 3];
    assert!(game.observe(&state, Seat::new(0), &mut small).is_err());
    assert_eq!(small, [7.0; 3]);
    let mut mask = vec![true; 5];
    assert!(game.legal_mask(&state, &mut mask).is_err());
    assert_eq!(mask, [true; 5]);
}

/// A match to 100 (`Match<Dominoes>`) is observed as the round from the seat's view (E11)
/// followed by the score, with the round's action indices: the kit's checks pass on it,
/// across the rounds of whole matches.
#[test]
fn a_match_to_100_conforms() {
    use boardgame_core::Match;
    for (i, players) in [2, 4].into_iter().enumerate() {
        let game = Match::new(
            Dominoes::new(Rules::lattjo().with_players(players)).expect("rules"),
            Rules::suggested_match(),
        );
        let round = Dominoes::new(Rules::lattjo().with_players(players)).expect("rules");
        assert_eq!(
            game.observation_shape().size(),
            round.observation_shape().size() + players + 2
        );
        assert_eq!(game.num_distinct_actions(), round.num_distinct_actions());
        let cfg = ConformanceConfig {
            games: 2,
            ..config(2900 + i as u64)
        };
        let report = check_imperfect_observations(&game, &cfg).expect("observations conform");
        assert!(report.observations > 0 && report.determinizations > 0);
        let report = check_indexed_actions(&game, &cfg).expect("indices conform");
        assert!(report.masks > 0);
    }
}

/// The compact encoding read back against the seat's view (E11) at every node of seeded
/// rounds, for every seat, every value of it: the hand and table planes (and the zeros that
/// pad them to whole bytes), per seat the numbers every group of its hidden tiles lacks and
/// whether the step names it, the step and how the round ended, every open end's number in
/// its action slot (the line, All Fives' first spinner, Five-Up's later spinners: FU2, FU4)
/// and nothing else, the hand sizes and the points from the observer on; the stock's size,
/// which the encoding leaves out, is what the table and the hands leave of the set. The
/// presets take one and two bytes a seat (double-six, double-twelve) and up to six seats.
#[test]
fn the_compact_encoding_reads_back_as_the_view() {
    use boardgame_core::{GameRng, ImperfectInfo, Turn};
    use lattjo_dominoes::{Side, Step};
    for (i, rules) in [
        Rules::lattjo(),
        Rules::all_fives().with_players(3),
        Rules::five_up().with_players(4),
        Rules::partnership(),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(10)),
    ]
    .into_iter()
    .enumerate()
    {
        let game = Dominoes::new(rules).expect("rules");
        let n = usize::from(rules.highest) + 1;
        let (t, p) = (n * (n + 1) / 2, rules.players);
        let k = match rules.spinner {
            lattjo_dominoes::SpinnerRule::None => 2,
            lattjo_dominoes::SpinnerRule::FirstDouble => 4,
            _ => 4 + 2 * n,
        };
        let bytes = |x: usize| x.div_ceil(8) * 8;
        let (plane, seat_bits) = (bytes(t), bytes(n + 1));
        let step_at = 2 * plane + p * seat_bits;
        let ends_at = step_at + 8;
        let seats_at = ends_at + k;
        assert_eq!(seats_at + 2 * p, game.observation_shape().size());
        let index = |tile: Tile| {
            usize::from(tile.high()) * (usize::from(tile.high()) + 1) / 2 + usize::from(tile.low())
        };
        let slot = |end: End| match end {
            End::Left => 0,
            End::Right => 1,
            End::Up => 2,
            End::Down => 3,
            End::Side(d, side) => 4 + 2 * usize::from(d.high()) + usize::from(side == Side::Down),
            other => panic!("an end this test does not know: {other}"),
        };
        let mut obs = vec![0.0; game.observation_shape().size()];
        let mut buf = Vec::new();
        for seed in 0..8 {
            let mut rng = GameRng::new(seed, 40 + i as u64);
            let mut s = game.new_initial_state();
            loop {
                for me in Seat::all(p) {
                    obs.fill(f32::NAN);
                    game.observe(&s, me, &mut obs).expect("size");
                    let view = game.view(&s, Some(me));
                    let hand = view.hand.expect("a seat's view");
                    let table = s.layout().tiles();
                    let mut planes = vec![0.0f32; 2 * plane];
                    for tile in hand.iter() {
                        planes[index(tile)] = 1.0;
                    }
                    for tile in table.iter() {
                        planes[plane + index(tile)] = 1.0;
                    }
                    assert_eq!(obs[..2 * plane], planes[..], "the planes");
                    let (step, named) = match view.step {
                        Step::Dealing => (0, None),
                        Step::Opening { seat, .. } => (1, Some(seat)),
                        Step::Turn(seat) => (2, Some(seat)),
                        Step::Drawing(seat) => (3, Some(seat)),
                        Step::Drawn { seat, .. } => (4, Some(seat)),
                        _ => (5, None),
                    };
                    let order = |r: usize| Seat::new(((me.index() + r) % p) as u8);
                    let mut seat_fields = vec![0.0f32; p * seat_bits];
                    let mut values = vec![0.0f32; 2 * p];
                    for r in 0..p {
                        let other = order(r);
                        // What every group of its hidden tiles lacks (none: nothing).
                        let shown = &view.shown[other];
                        let all = shown.groups().fold(u16::MAX, |l, g| l & g.lacks);
                        let lacks = if shown.total() == 0 { 0 } else { all };
                        for number in 0..n {
                            if lacks >> number & 1 == 1 {
                                seat_fields[r * seat_bits + number] = 1.0;
                            }
                        }
                        if named == Some(other) {
                            seat_fields[r * seat_bits + n] = 1.0;
                        }
                        values[2 * r] = f32::from(view.hand_sizes[other]) / t as f32;
                        let points = view
                            .result
                            .as_ref()
                            .map_or(view.fives[other], |r| r.points[other]);
                        values[2 * r + 1] = points as f32 / 100.0;
                    }
                    assert_eq!(obs[2 * plane..step_at], seat_fields[..], "{:?}", view.step);
                    let mut flags = [0.0f32; 8];
                    flags[step] = 1.0;
                    if let Some(r) = &view.result {
                        let blocked = r.end == lattjo_dominoes::RoundEnd::Blocked;
                        flags[6 + usize::from(blocked)] = 1.0;
                    }
                    assert_eq!(obs[step_at..ends_at], flags[..], "{:?}", view.step);
                    let mut ends = vec![0.0f32; k];
                    for end in s.layout().open_ends() {
                        let value = s.layout().end_value(end).expect("open");
                        ends[slot(end)] = f32::from(value + 1) / n as f32;
                    }
                    assert_eq!(obs[ends_at..seats_at], ends[..], "{:?}", s.layout());
                    assert_eq!(obs[seats_at..], values[..], "sizes and points");
                    let in_hands: usize =
                        view.hand_sizes.iter().map(|(_, &h)| usize::from(h)).sum();
                    assert_eq!(usize::from(view.stock_size), t - table.len() - in_hands);
                }
                let a = match game.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => game.sample_chance(&s, &mut rng),
                    Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
                };
                game.apply(&mut s, &a.expect("an action")).expect("legal");
            }
        }
    }
}

/// Regression (an audit): the detailed observation of a state of other rules with more seats
/// than the game (a 4-player round observed by a 2-player game) wrote the extra seats' fields
/// past their place, into the step and beyond the buffer: a slice index panic. Seats the
/// game does not have are now left out, as the compact encoding leaves them.
#[test]
fn regression_the_detailed_observation_of_a_state_with_more_seats_panicked() {
    let four = Dominoes::new(Rules::lattjo().with_players(4)).expect("rules");
    let mut rng = boardgame_core::GameRng::new(4, 0);
    let mut buf = Vec::new();
    let start = four.new_initial_state();
    for kind in KINDS {
        for players in [2, 3] {
            let game = Dominoes::new(Rules::lattjo().with_players(players))
                .expect("rules")
                .with_observation(kind);
            let mut out = vec![0.0; game.observation_shape().size()];
            let mut s = start.clone();
            while !matches!(four.turn(&s), boardgame_core::Turn::Terminal) {
                for seat in 0..6 {
                    game.observe(&s, Seat::new(seat), &mut out)
                        .expect("the right length");
                    assert!(out.iter().all(|v| (0.0..=1.0).contains(v)), "{kind:?}");
                }
                let a = match four.turn(&s) {
                    boardgame_core::Turn::Chance => four.sample_chance(&s, &mut rng),
                    _ => four.sample_action(&s, &mut rng, &mut buf),
                };
                four.apply(&mut s, &a.expect("an action")).expect("legal");
            }
        }
    }
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "One dependency
/// line is enough": a game crate re-exports at its root "every item of theirs that its own
/// public signatures use". The learning traits this crate implements (`Observe`,
/// `IndexedActions`) and the types in their signatures (`Shape`,
/// `BufferSizeError`) were reachable only through
/// `boardgame_core`; backgammon re-exported them. This module names them from this crate
/// only.
mod regression_the_learning_traits_were_not_reexported_at_the_root {
    use lattjo_dominoes::{BufferSizeError, Dominoes, Game, IndexedActions, Observe, Shape};

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Dominoes::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_dominoes::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_dominoes::Seat::new(0), &mut []);
        assert!(short.is_err());
        assert!(game.num_distinct_actions() > 0);
    }
}
