//! The learning encodings (issue 19) under boardgame-core's conformance kit: both presets,
//! cube on and off, every money option, both observation kinds, and games of a match
//! (ordinary, Crawford, post-Crawford); plus hand-made positions whose encoding is known.

use boardgame_core::conformance::{ConformanceConfig, check_indexed_actions, check_observations};
use boardgame_core::{BufferSizeError, Game, GameRng, IndexedActions, Observe, Returns, Seat};
use boardgame_core::{Shape, Turn};
use lattjo_backgammon::{
    Action, Backgammon, CONTEXT_INPUTS, Dice, MatchContext, NUM_ACTIONS, ObservationKind, Phase,
    Play, PlayError, Position, ResignLevel, Rules, Side, State, Step, TD_GAMMON_INPUTS,
};

fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::lattjo(),
        Rules::standard(),
        Rules::lattjo().with_cube(false),
        Rules::standard().with_cube(false),
        Rules::standard()
            .with_jacoby(true)
            .with_beavers(true)
            .with_automatic_doubles(3)
            .with_max_cube_log2(Some(6))
            .with_resignations(true)
            .with_resign_when_doubled(true),
        Rules::lattjo().with_resignations(true),
    ]
}

fn config(games: u32, seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games,
        seed,
        generated_checks_per_node: 4,
        foreign_checks_per_node: 2,
        ..ConformanceConfig::default()
    }
}

/// One game of a match: [`Backgammon`] started from a match context (A16, D4), everything
/// else delegated, so the kit plays games at a match score.
struct MatchGame {
    game: Backgammon,
    context: MatchContext,
}

impl Game for MatchGame {
    type State = State;
    type Action = Action;
    type Error = PlayError;
    fn num_players(&self) -> usize {
        2
    }
    fn new_initial_state(&self) -> State {
        self.game.new_game(Some(self.context))
    }
    fn turn(&self, s: &State) -> Turn {
        self.game.turn(s)
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.game.legal_actions(s, out);
    }
    fn is_legal(&self, s: &State, a: &Action) -> bool {
        self.game.is_legal(s, a)
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) -> bool {
        self.game.chance_outcomes(s, out)
    }
    fn sample_chance(&self, s: &State, rng: &mut GameRng) -> Option<Action> {
        self.game.sample_chance(s, rng)
    }
    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        self.game.apply(s, a)
    }
    fn returns(&self, s: &State) -> Option<Returns> {
        self.game.returns(s)
    }
}

impl Observe for MatchGame {
    fn observation_shape(&self) -> Shape {
        self.game.observation_shape()
    }
    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        self.game.observe(s, seat, out)
    }
}

impl IndexedActions for MatchGame {
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }
    fn action_index(&self, s: &State, a: &Action) -> Option<usize> {
        self.game.action_index(s, a)
    }
    fn index_action(&self, s: &State, i: usize) -> Option<Action> {
        self.game.index_action(s, i)
    }
    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        self.game.legal_mask(s, out)
    }
    fn num_chance_outcomes(&self) -> usize {
        self.game.num_chance_outcomes()
    }
    fn chance_index(&self, s: &State, a: &Action) -> Option<usize> {
        self.game.chance_index(s, a)
    }
    fn index_chance(&self, s: &State, i: usize) -> Option<Action> {
        self.game.index_chance(s, i)
    }
}

/// Observations are deterministic, finite, of the documented shape, and change whenever the
/// state does, for both seats, under every rule set and both observation kinds.
#[test]
fn observations_conform_for_every_rule_set_and_kind() {
    for (i, rules) in rule_sets().into_iter().enumerate() {
        for kind in [ObservationKind::TdGammon, ObservationKind::Compact] {
            let game = Backgammon::new(rules)
                .expect("rules")
                .with_observation(kind);
            let report = check_observations(&game, &config(6, 500 + i as u64))
                .unwrap_or_else(|v| panic!("{rules:?} {kind:?}: {v}"));
            assert!(report.observations > 0);
        }
    }
}

/// The index bijection, the mask equal to `legal_actions`, and the chance indices, at every
/// node of random games under every rule set.
#[test]
fn indexed_actions_conform_for_every_rule_set() {
    for (i, rules) in rule_sets().into_iter().enumerate() {
        let game = Backgammon::new(rules).expect("rules");
        let report = check_indexed_actions(&game, &config(8, 1500 + i as u64))
            .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
        assert!(report.masks > 0);
    }
}

/// A16, D4: games of a 7-point match at an ordinary score, the Crawford game and a
/// post-Crawford game, under both presets.
#[test]
fn match_games_conform() {
    let contexts = [
        MatchContext::new(7, [2, 4], false),
        MatchContext::new(7, [6, 3], true),
        MatchContext::new(7, [3, 6], false),
        MatchContext::new(1, [0, 0], false),
    ];
    for (i, rules) in [Rules::standard(), Rules::lattjo()].into_iter().enumerate() {
        for (j, context) in contexts.into_iter().enumerate() {
            let context = context.expect("a match context");
            // Without the Crawford rule (the booklet's, D4) no match has a Crawford game:
            // the game refuses one (`Backgammon::check_state`).
            if context.is_crawford() && !rules.crawford {
                continue;
            }
            let game = MatchGame {
                game: Backgammon::new(rules).expect("rules"),
                context,
            };
            let seed = 2500 + 10 * i as u64 + j as u64;
            check_observations(&game, &config(3, seed))
                .unwrap_or_else(|v| panic!("{rules:?} {context:?}: {v}"));
            check_indexed_actions(&game, &config(3, seed))
                .unwrap_or_else(|v| panic!("{rules:?} {context:?}: {v}"));
        }
    }
}

fn step(from: u8, to: u8) -> Step {
    Step::new(from, to).expect("a step")
}

fn play(steps: &[(u8, u8)]) -> Action {
    let steps: Vec<Step> = steps.iter().map(|&(f, t)| step(f, t)).collect();
    Action::Play(Play::from_steps(&steps).expect("at most four steps"))
}

/// The legal actions of `s` read back from the mask, in index order.
fn from_mask(game: &Backgammon, s: &State) -> Vec<(usize, Action)> {
    let mut mask = vec![false; game.num_distinct_actions()];
    game.legal_mask(s, &mut mask).expect("sized");
    mask.iter()
        .enumerate()
        .filter(|(_, on)| **on)
        .map(|(i, _)| (i, game.index_action(s, i).expect("an action")))
        .collect()
}

/// B4, B16 (doubles play four times), the opening 3-1 and 6-6 from the start: known plays
/// have known indices; the mask lists as many plays as move generation (16 for 3-1 under
/// the standard rules).
#[test]
fn b4_known_plays_from_the_start_have_known_indices() {
    let game = Backgammon::new(Rules::standard()).expect("rules");
    let mut s = game.new_initial_state();
    game.apply(&mut s, &Action::Opening { white: 3, black: 1 })
        .expect("an opening roll");
    // 8/5 6/5: the higher die (3) first from 8, then the lower (1) from 6.
    let point = play(&[(8, 5), (6, 5)]);
    assert!(game.is_legal(&s, &point));
    assert_eq!(
        game.action_index(&s, &point),
        Some(61 + 25 * (8 - 1) + (6 - 1))
    );
    let legal = from_mask(&game, &s);
    assert_eq!(legal.len(), 16);
    assert!(legal.iter().any(|&(_, a)| a == point));
    // The same two steps in the other order are not the listed play: they have no index
    // of their own and the index of the listed play gives the listed play.
    let swapped = play(&[(6, 5), (8, 5)]);
    assert!(!game.is_legal(&s, &swapped));
    let idx = game
        .action_index(&s, &swapped)
        .expect("an index as a play of 1 then 3");
    assert_eq!(idx, 61 + 625 + 25 * (6 - 1) + (8 - 1));
    assert!(!legal.iter().any(|&(i, _)| i == idx));

    // A double: 6-6 for Black after White's play: 24/18(2) 13/7(2) is the multiset
    // {24, 24, 13, 13}, highest first.
    game.apply(&mut s, &point).expect("legal");
    game.apply(&mut s, &Action::Roll).expect("may roll");
    game.apply(&mut s, &Action::Dice(Dice::new(6, 6).expect("dice")))
        .expect("dice");
    let four = play(&[(24, 18), (24, 18), (13, 7), (13, 7)]);
    assert!(game.is_legal(&s, &four));
    let v = [23usize, 23, 12, 12]; // origins - 1
    let binomial = |n: usize, k: usize| -> usize { (0..k).fold(1, |r, i| r * (n - i) / (i + 1)) };
    let rank: usize = (0..4).map(|i| binomial(v[i] + 3 - i, 4 - i)).sum();
    assert_eq!(game.action_index(&s, &four), Some(4586 + rank));
    assert_eq!(game.index_action(&s, 4586 + rank), Some(four));
    // Non-increasing origins only: another order of the same steps has no index.
    let unsorted = play(&[(13, 7), (24, 18), (24, 18), (13, 7)]);
    assert_eq!(game.action_index(&s, &unsorted), None);
}

/// A10, B26-B28: the cube decisions have fixed indices 0-4; resignation offers and answers
/// (D6) 5-9.
#[test]
fn a10_cube_and_resignation_decisions_have_fixed_indices() {
    let game = Backgammon::new(Rules::standard().with_resignations(true)).expect("rules");
    let pos = Position::start(Side::White);
    let s = game.state_from(pos, None).expect("a state");
    assert_eq!(s.phase(), Phase::BeforeRoll);
    let legal: Vec<(usize, Action)> = from_mask(&game, &s);
    assert_eq!(
        legal,
        [
            (0, Action::Roll),
            (1, Action::Double),
            (5, Action::Resign(ResignLevel::Single)),
            (6, Action::Resign(ResignLevel::Gammon)),
            (7, Action::Resign(ResignLevel::Backgammon)),
        ]
    );
    let mut doubled = s;
    game.apply(&mut doubled, &Action::Double)
        .expect("may double");
    let legal: Vec<usize> = from_mask(&game, &doubled).iter().map(|p| p.0).collect();
    assert_eq!(legal, [2, 3]); // take, drop (no beavers)
    let mut offered = s;
    game.apply(&mut offered, &Action::Resign(ResignLevel::Gammon))
        .expect("may resign");
    let legal: Vec<usize> = from_mask(&game, &offered).iter().map(|p| p.0).collect();
    assert_eq!(legal, [8, 9]);
}

/// B20, B23 (bearing off: a die from its own point, or a higher die from the highest occupied
/// point): with 6-5 and White's last two checkers on its 3 and 2 points, the play 3/off 2/off
/// could be read as either die first; it has one index (the higher die first), and the other
/// reading names nothing.
#[test]
fn b23_a_bear_off_either_die_makes_has_one_index() {
    let game = Backgammon::new(Rules::standard()).expect("rules");
    let mut white = [0u8; 26];
    white[3] = 1;
    white[2] = 1;
    let mut black = [0u8; 26];
    black[6] = 15;
    let pos = Position::new(Side::White, white, black).expect("a position");
    let s = game
        .state_from(pos, Dice::new(6, 5))
        .expect("a state with dice");
    let both_off = play(&[(3, 0), (2, 0)]);
    assert!(game.is_legal(&s, &both_off));
    let first = 61 + 25 * 2 + 1;
    assert_eq!(game.action_index(&s, &both_off), Some(first));
    assert_eq!(game.index_action(&s, first), Some(both_off));
    assert_eq!(game.index_action(&s, first + 625), None);
    assert_eq!(from_mask(&game, &s), [(first, both_off)]);
}

/// A15: a player who cannot move plays the empty play, index 10.
#[test]
fn a15_cannot_move_is_index_10() {
    let game = Backgammon::new(Rules::standard()).expect("rules");
    // White on the bar against Black's closed board (Black's 1-6 are White's 19-24).
    let mut white = [0u8; 26];
    white[25] = 1;
    white[6] = 14;
    let mut black = [0u8; 26];
    black[1..=6].fill(2);
    black[13] = 3;
    let pos = Position::new(Side::White, white, black).expect("a position");
    let s = game.state_from(pos, Dice::new(4, 2)).expect("a state");
    assert_eq!(from_mask(&game, &s), [(10, Action::Play(Play::NONE))]);
}

/// TD-Gammon's inputs of the start position (B1: 2, 5, 3, 5 checkers on the 24, 13, 8 and 6
/// points for each side), and the context after the opening roll 5-2.
#[test]
fn b1_the_start_position_in_td_gammon_inputs() {
    let game = Backgammon::default();
    let mut s = game.new_initial_state();
    let mut x = vec![0.0; game.observation_shape().size()];
    assert_eq!(x.len(), TD_GAMMON_INPUTS + CONTEXT_INPUTS);
    game.observe(&s, Seat::new(1), &mut x).expect("sized");
    let units = |n: u8| -> [f32; 4] {
        [
            f32::from(u8::from(n >= 1)),
            f32::from(u8::from(n >= 2)),
            f32::from(u8::from(n >= 3)),
            f32::from(n.saturating_sub(3)) / 2.0,
        ]
    };
    for side in 0..2 {
        for p in 1..=24usize {
            let n = match p {
                24 => 2,
                13 | 6 => 5,
                8 => 3,
                _ => 0,
            };
            let at = 96 * side + 4 * (p - 1);
            assert_eq!(x[at..at + 4], units(n), "side {side} point {p}");
        }
    }
    assert_eq!(x[192..196], [0.0; 4]); // nobody on the bar or off
    // Before the opening roll White is on roll by convention: seat 1 sees the opponent on roll.
    assert_eq!(x[196..198], [0.0, 1.0]);
    let c = TD_GAMMON_INPUTS;
    assert_eq!(x[c], 1.0); // phase: opening
    assert_eq!(x[c + 25], 1.0); // cube centred
    assert_eq!(x[c + 24], 0.0); // cube 1 = 2^0

    game.apply(&mut s, &Action::Opening { white: 2, black: 5 })
        .expect("an opening roll");
    // Black won the opening roll: Black moves with 5-2.
    game.observe(&s, Seat::new(1), &mut x).expect("sized");
    assert_eq!(x[196..198], [1.0, 0.0]);
    assert_eq!(x[c + 3], 1.0); // phase: moving
    assert_eq!(x[c + 12 + 4], 1.0); // higher die 5
    assert_eq!(x[c + 18 + 1], 1.0); // lower die 2
    assert_eq!(x[c + 10..c + 12], [1.0, 0.0]); // the observer is on roll
    let mut white = vec![0.0; x.len()];
    game.observe(&s, Seat::new(0), &mut white).expect("sized");
    assert_eq!(white[196..198], [0.0, 1.0]);
    assert_eq!(white[..192], x[..192], "the start is symmetric");
}

/// The compact board (Stochastic MuZero's 28 values) of the start position, from White.
#[test]
fn the_start_position_in_the_compact_board() {
    let game = Backgammon::default().with_observation(ObservationKind::Compact);
    let s = game.new_initial_state();
    let mut x = vec![0.0; game.observation_shape().size()];
    assert_eq!(x.len(), 28 + CONTEXT_INPUTS);
    game.observe(&s, Seat::new(0), &mut x).expect("sized");
    let mut expected = [0.0f32; 28];
    for (p, n) in [(24, 2.0), (13, 5.0), (8, 3.0), (6, 5.0)] {
        expected[p - 1] = n / 15.0;
        expected[25 - p - 1] = -n / 15.0; // Black's point p is White's 25 - p
    }
    assert_eq!(x[..28], expected);
}

/// B27, A11, B35: the cube owner, a dropped double and a match score show in the context.
#[test]
fn b27_cube_and_match_score_show_in_the_context() {
    let game = Backgammon::new(Rules::standard()).expect("rules");
    let mut s = game.new_game(Some(MatchContext::new(5, [1, 3], false).expect("a match")));
    game.apply(&mut s, &Action::Opening { white: 4, black: 1 })
        .expect("an opening roll");
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    game.apply(&mut s, &legal[0]).expect("legal");
    game.apply(&mut s, &Action::Double)
        .expect("Black may double");
    game.apply(&mut s, &Action::Take).expect("White takes");
    let c = TD_GAMMON_INPUTS;
    let mut x = vec![0.0; game.observation_shape().size()];
    game.observe(&s, Seat::new(0), &mut x).expect("sized");
    assert_eq!(x[c + 24], 1.0 / 12.0); // cube 2 = 2^1
    assert_eq!(x[c + 25..c + 28], [0.0, 1.0, 0.0]); // White, the observer, owns it
    assert_eq!(x[c + 30..c + 34], [1.0, 5.0 / 64.0, 1.0 / 64.0, 3.0 / 64.0]);
    game.observe(&s, Seat::new(1), &mut x).expect("sized");
    assert_eq!(x[c + 25..c + 28], [0.0, 0.0, 1.0]);
    assert_eq!(x[c + 32..c + 34], [3.0 / 64.0, 1.0 / 64.0]);
}

/// A buffer of the wrong size is an error, never a panic, and the buffer is unchanged.
#[test]
fn wrong_buffer_sizes_are_refused() {
    let game = Backgammon::default();
    let state = game.new_initial_state();
    let mut small = vec![7.0; 3];
    assert!(game.observe(&state, Seat::new(0), &mut small).is_err());
    assert_eq!(small, [7.0; 3]);
    let mut mask = vec![true; 5];
    assert!(game.legal_mask(&state, &mut mask).is_err());
    assert_eq!(mask, [true; 5]);
    assert_eq!(game.num_distinct_actions(), NUM_ACTIONS);
}

/// B5-B24, A17 under both policies (D1): at the positions of random games, with each of the
/// 21 rolls, every legal play has one index that gives it back, no two share one, and the
/// mask marks exactly them.
#[test]
fn every_roll_at_random_positions_indexes_every_legal_play_once() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let game = Backgammon::new(rules.with_cube(false)).expect("rules");
        let mut rng = GameRng::new(77, 0);
        let mut mask = vec![false; NUM_ACTIONS];
        let mut legal = Vec::new();
        let mut buf = Vec::new();
        let mut plays = 0usize;
        for _ in 0..6 {
            let mut s = game.new_initial_state();
            while game.turn(&s) != Turn::Terminal {
                if s.phase() == Phase::Moving {
                    for dice in Dice::ALL {
                        let mut setup = s.setup();
                        setup.dice = Some(dice);
                        let t = State::try_from(setup).expect("the same state, other dice");
                        game.legal_actions(&t, &mut legal);
                        game.legal_mask(&t, &mut mask).expect("sized");
                        assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
                        for a in &legal {
                            let i = game.action_index(&t, a).expect("an index");
                            assert!(mask[i], "{a} at {i}");
                            assert_eq!(game.index_action(&t, i), Some(*a));
                        }
                        plays += legal.len();
                    }
                }
                let a = if matches!(game.turn(&s), Turn::Player(_)) {
                    game.sample_action(&s, &mut rng, &mut buf)
                } else {
                    game.sample_chance(&s, &mut rng)
                }
                .expect("an action");
                game.apply(&mut s, &a).expect("legal");
            }
        }
        assert!(plays > 10_000, "{plays}");
    }
}
