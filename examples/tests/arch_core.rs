//! docs/architecture.md's contract sections ("The `Game` trait in one paragraph", "The
//! determinism contract", "Every core: the parallel drivers", "Hidden information", "Rounds
//! and matches", "How a new game plugs in"), checked from outside, game by game, through the
//! public API only. Claims the crates' own tests already check exactly are not repeated here
//! (the conformance kit in each crate's `tests/conformance.rs` covers returns at the end,
//! chance probabilities and record replay on each crate's presets).

use boardgame_core::conformance::{ConformanceConfig, check_game, check_imperfect};
use boardgame_core::parallel::{agent_games, random_games};
use boardgame_core::race::{Race, RaceAction, RaceError, RaceRules, RaceState};
use boardgame_core::{
    Agent, BySeat, Game, GameRng, ImperfectInfo, IsMcts, Match, MatchConfig, MatchState, Mcts,
    MctsConfig, RandomAgent, ResumeError, Returns, Rounds, Seat, Turn, play_game,
};
use lattjo_backgammon as backgammon;
use lattjo_carrom as carrom;
use lattjo_chess as chess;
use lattjo_disc_billiards as novuss;
use lattjo_dominoes as dominoes;
use lattjo_draughts as draughts;
use lattjo_ludo as ludo;

// ---------------------------------------------------------------------------------------------
// Helpers

/// The next action of a seeded random walk: a chance outcome from `rng`, or a uniformly random
/// legal action; `None` at the end (or where the game offers nothing).
fn next_random<G: Game>(game: &G, s: &G::State, rng: &mut GameRng) -> Option<G::Action> {
    match game.turn(s) {
        Turn::Terminal => None,
        Turn::Chance => game.sample_chance(s, rng),
        Turn::Player(_) => game.sample_action(s, rng, &mut Vec::new()),
    }
}

/// Every state of a seeded random game, the first and the last included, at most `max_plies`
/// actions long.
fn walk<G: Game>(game: &G, seed: u64, max_plies: u32) -> Vec<G::State> {
    let mut rng = GameRng::new(seed, 0);
    let mut s = game.new_initial_state();
    let mut out = vec![s.clone()];
    for _ in 0..max_plies {
        let Some(a) = next_random(game, &s, &mut rng) else {
            break;
        };
        game.apply(&mut s, &a).expect("a generated action applies");
        out.push(s.clone());
    }
    out
}

/// The actions (player actions and chance outcomes) that `game` offers along a few random
/// games, at most `cap` of them, without repeats.
fn offered<G: Game>(
    game: &G,
    seeds: core::ops::Range<u64>,
    max_plies: u32,
    cap: usize,
) -> Vec<G::Action> {
    let mut pool: Vec<G::Action> = Vec::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for seed in seeds {
        for s in walk(game, seed, max_plies) {
            game.legal_actions(&s, &mut legal);
            game.chance_outcomes(&s, &mut outcomes);
            let more = legal.drain(..).chain(outcomes.drain(..).map(|(a, _)| a));
            for a in more {
                if pool.len() < cap && !pool.contains(&a) {
                    pool.push(a);
                }
            }
        }
    }
    pool
}

/// Applies every action of `pool` to a copy of every `stride`-th state of a few random games
/// of `game` (the last state of each game always): an action `apply` refuses must leave the
/// copy unchanged, and `apply` must agree with `is_legal`. Returns the refusals checked.
fn refuses_others<G: Game>(
    name: &str,
    game: &G,
    pool: &[G::Action],
    seeds: core::ops::Range<u64>,
    max_plies: u32,
    stride: usize,
) -> usize
where
    G::State: PartialEq,
{
    let mut refused = 0;
    for seed in seeds {
        let states = walk(game, seed, max_plies);
        let last = states.len() - 1;
        for (i, s) in states.iter().enumerate() {
            if i % stride != 0 && i != last {
                continue;
            }
            for a in pool {
                let legal = game.is_legal(s, a);
                let mut copy = s.clone();
                match game.apply(&mut copy, a) {
                    Ok(()) => assert!(
                        legal,
                        "{name}, seed {seed}, ply {i}: is_legal refuses {a:?}, apply took it"
                    ),
                    Err(e) => {
                        assert!(
                            !legal,
                            "{name}, seed {seed}, ply {i}: is_legal takes {a:?}, apply: {e}"
                        );
                        assert!(
                            copy == *s,
                            "{name}, seed {seed}, ply {i}: refusing {a:?} ({e}) changed the state"
                        );
                        refused += 1;
                    }
                }
                if game.turn(s) == Turn::Terminal {
                    assert!(!legal, "{name}: {a:?} is legal at the end");
                }
            }
        }
    }
    refused
}

/// Checks the refusals of `own` against what each of `others` offers.
fn refuses_all_others<G: Game>(
    name: &str,
    own: &G,
    others: &[&G],
    max_plies: u32,
    stride: usize,
    cap: usize,
) where
    G::State: PartialEq,
{
    let mut pool = Vec::new();
    for other in others {
        for a in offered(*other, 0..2, max_plies, cap) {
            if !pool.contains(&a) {
                pool.push(a);
            }
        }
    }
    let refused = refuses_others(name, own, &pool, 10..12, max_plies, stride);
    assert!(refused > 0, "{name}: nothing was refused");
}

// ---------------------------------------------------------------------------------------------
// The `Game` trait in one paragraph

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: chess actions that other
/// configurations offer (Chess960 castling, draw offers with decisions on) on the FIDE game's
/// states, at every kind of node and at the end.
#[test]
fn apply_refuses_other_configurations_actions_chess() {
    use chess::{Chess, Position, Rules};
    let fide = Chess::new(Rules::fide()).expect("rules");
    let decisions = Chess::new(Rules::fide().with_decisions(true)).expect("rules");
    let c960 = Chess::new(Rules::fide())
        .expect("rules")
        .with_start(Position::chess960(0).expect("number"));
    refuses_all_others("chess fide", &fide, &[&decisions, &c960], 300, 7, 400);
    refuses_all_others("chess 960", &c960, &[&fide, &decisions], 300, 7, 400);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: draughts moves of flying kings and
/// of the other presets on each preset's states.
#[test]
fn apply_refuses_other_configurations_actions_draughts() {
    use draughts::{Draughts, Rules};
    let wcdf = Draughts::new(Rules::wcdf()).expect("rules");
    let flying = Draughts::new(Rules::wcdf().with_flying_kings(true)).expect("rules");
    let lattjo = Draughts::new(Rules::lattjo()).expect("rules");
    refuses_all_others("draughts wcdf", &wcdf, &[&flying, &lattjo], 400, 5, 500);
    refuses_all_others("draughts lattjo", &lattjo, &[&flying, &wcdf], 400, 5, 500);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: backgammon's cube, beaver and
/// resignation actions and other presets' plays on games without them.
#[test]
fn apply_refuses_other_configurations_actions_backgammon() {
    use backgammon::{Backgammon, Rules};
    let no_cube = Backgammon::new(Rules::standard().with_cube(false)).expect("rules");
    let lattjo = Backgammon::default();
    let all = Backgammon::new(
        Rules::standard()
            .with_beavers(true)
            .with_resignations(true)
            .with_jacoby(true),
    )
    .expect("rules");
    refuses_all_others(
        "backgammon no cube",
        &no_cube,
        &[&all, &lattjo],
        400,
        3,
        600,
    );
    refuses_all_others("backgammon lattjo", &lattjo, &[&all, &no_cube], 400, 3, 600);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: ludo moves of four colours on a
/// two-player game, and of the other presets.
#[test]
fn apply_refuses_other_configurations_actions_ludo() {
    use ludo::{Ludo, Rules};
    let two = Ludo::new(Rules::lattjo().with_players(2)).expect("rules");
    let four = Ludo::new(Rules::lattjo().with_players(4)).expect("rules");
    let classic = Ludo::new(Rules::classic()).expect("rules");
    let mensch = Ludo::new(Rules::mensch()).expect("rules");
    refuses_all_others("ludo two", &two, &[&four, &classic, &mensch], 600, 5, 600);
    refuses_all_others("ludo mensch", &mensch, &[&four, &classic], 600, 5, 600);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: dominoes actions of other player
/// counts, sets and draw rules.
#[test]
fn apply_refuses_other_configurations_actions_dominoes() {
    use dominoes::{Dominoes, Rules};
    let block = Dominoes::new(Rules::block()).expect("rules");
    let lattjo4 = Dominoes::new(Rules::lattjo().with_players(4)).expect("rules");
    let nine =
        Dominoes::new(Rules::double_nine().with_players(4).with_hand_size(Some(7))).expect("rules");
    let draw3 = Dominoes::new(Rules::draw().with_players(3)).expect("rules");
    refuses_all_others(
        "dominoes block",
        &block,
        &[&lattjo4, &nine, &draw3],
        300,
        2,
        800,
    );
    refuses_all_others(
        "dominoes 4",
        &lattjo4,
        &[&block, &nine, &draw3],
        300,
        2,
        800,
    );
}

/// A few carrom strokes that the other configurations offer (a pairs game's seats 2 and 3,
/// the noise of a game with execution noise): refused on a singles board without noise.
/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal."
#[test]
fn apply_refuses_other_configurations_actions_carrom() {
    use carrom::{Carrom, NoiseModel, Rules};
    let singles = Carrom::new(Rules::lattjo()).expect("rules");
    let pairs = Carrom::new(Rules::icf().with_players(4)).expect("rules");
    let noisy =
        Carrom::new(Rules::lattjo().with_noise(Some(NoiseModel::default()))).expect("rules");
    let mut pool = offered(&pairs, 0..1, 12, 12);
    pool.extend(offered(&noisy, 0..1, 12, 12));
    let refused = refuses_others("carrom singles", &singles, &pool, 10..11, 12, 6);
    assert!(refused > 0);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal." Here: Novuss strokes of a pairs game and
/// the noise of a game with execution noise, on a singles game without noise.
#[test]
fn apply_refuses_other_configurations_actions_disc_billiards() {
    use novuss::{NoiseModel, Novuss, Rules};
    let singles = Novuss::new(Rules::lattjo()).expect("rules");
    let pairs = Novuss::new(Rules::lattjo().with_players(4)).expect("rules");
    let noisy = Novuss::new(Rules::lattjo().with_noise(Some(NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    })))
    .expect("rules");
    let mut pool = offered(&pairs, 0..1, 12, 12);
    pool.extend(offered(&noisy, 0..1, 12, 12));
    let refused = refuses_others("novuss singles", &singles, &pool, 10..11, 12, 6);
    assert!(refused > 0);
}

// ---------------------------------------------------------------------------------------------
// The determinism contract, 2: the streams of `play_game`

/// An agent that checks the generator `play_game` hands it: stream `1 + seat` of the seed,
/// used by nobody else between its turns.
struct Streams<'a, G: Game> {
    inner: Box<dyn Agent<G> + 'a>,
    expected: GameRng,
}

impl<G: Game> Agent<G> for Streams<'_, G> {
    fn act(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Action> {
        assert_eq!(*rng, self.expected, "the agent's stream");
        let a = self.inner.act(game, state, rng);
        self.expected = rng.clone();
        a
    }
}

/// Plays one game with `agents` (wrapped to check their streams) and checks that every chance
/// result in the record is what `sample_chance` draws from stream 0 of the seed. Returns the
/// record's chance results and how many actions it has.
fn check_streams<'a, G: Game>(
    game: &G,
    seed: u64,
    agents: Vec<Box<dyn Agent<G> + 'a>>,
    max_plies: u32,
) -> (Vec<G::Action>, Vec<G::Action>) {
    let mut wrapped: Vec<Streams<'a, G>> = agents
        .into_iter()
        .enumerate()
        .map(|(i, inner)| Streams {
            inner,
            expected: GameRng::new(seed, 1 + i as u64),
        })
        .collect();
    let mut refs: Vec<&mut dyn Agent<G>> =
        wrapped.iter_mut().map(|a| a as &mut dyn Agent<G>).collect();
    let played = play_game(game, seed, &mut refs, max_plies).expect("the game ends");
    let mut chance = GameRng::new(seed, 0);
    let mut s = game.new_initial_state();
    let mut draws = Vec::new();
    for a in &played.record.actions {
        if game.turn(&s) == Turn::Chance {
            let drawn = game.sample_chance(&s, &mut chance);
            assert_eq!(
                drawn.as_ref(),
                Some(a),
                "chance from stream 0 of seed {seed}"
            );
            draws.push(a.clone());
        }
        game.apply(&mut s, a).expect("the record replays");
    }
    (draws, played.record.actions)
}

fn mcts<'a, G: Game + 'a>(iterations: u32) -> Box<dyn Agent<G> + 'a> {
    Box::new(Mcts::new(MctsConfig {
        iterations,
        max_rollout_plies: 200,
        ..MctsConfig::default()
    }))
}

fn random<'a, G: Game + 'a>() -> Box<dyn Agent<G> + 'a> {
    Box::new(RandomAgent)
}

/// Checks that the chance results of two games from one seed, whose seat 0 searched with
/// different effort, agree as far as both go; says whether the games differed (a test needs
/// some that did, else it checks nothing).
fn same_dice<A: PartialEq + core::fmt::Debug>(
    name: &str,
    a: &(Vec<A>, Vec<A>),
    b: &(Vec<A>, Vec<A>),
) -> bool {
    let n = a.0.len().min(b.0.len());
    assert!(n > 0, "{name}: no chance results");
    assert!(
        a.0[..n] == b.0[..n],
        "{name}: the dice changed with the agent's effort"
    );
    a.1 != b.1
}

/// architecture.md, "The determinism contract", 2: "`play_game` draws chance from stream 0 of
/// the seed and gives seat `i`'s agent stream `1 + i`, so an agent that thinks longer never
/// changes the dice." Backgammon and ludo: the dice; dominoes: the deal and the draws.
#[test]
fn play_game_streams_and_dice_independent_of_search_effort_dice_games() {
    use backgammon::Backgammon;
    use dominoes::Dominoes;
    use ludo::{Ludo, Rules as LudoRules};
    let bg = Backgammon::new(backgammon::Rules::standard().with_cube(false)).expect("rules");
    let ludo = Ludo::new(LudoRules::lattjo().with_players(2)).expect("rules");
    let dom = Dominoes::new(dominoes::Rules::draw()).expect("rules");
    let mut differed = [false; 3];
    for seed in 1..5 {
        let a = check_streams(&bg, seed, vec![mcts(2), random()], 5_000);
        let b = check_streams(&bg, seed, vec![mcts(40), random()], 5_000);
        differed[0] |= same_dice("backgammon", &a, &b);
        let a = check_streams(&ludo, seed, vec![mcts(2), random()], 5_000);
        let b = check_streams(&ludo, seed, vec![mcts(40), random()], 5_000);
        differed[1] |= same_dice("ludo", &a, &b);
        let a = check_streams(&dom, seed, vec![mcts(2), random()], 5_000);
        let b = check_streams(&dom, seed, vec![mcts(40), random()], 5_000);
        differed[2] |= same_dice("dominoes", &a, &b);
    }
    assert_eq!(
        differed, [true; 3],
        "the effort changed some decision in each game"
    ); // A whole match: the chance results of every game of it come from stream 0 too.
    let to_3 = Match::new(bg, MatchConfig::new(Some(3), None).expect("config"));
    check_streams(&to_3, 7, vec![mcts(4), random()], 20_000);
}

/// architecture.md, "The determinism contract", 2: "`play_game` draws chance from stream 0 of
/// the seed and gives seat `i`'s agent stream `1 + i`". Chess and draughts have no chance
/// node: their agents' streams only.
#[test]
fn play_game_gives_each_seat_its_stream_chess_and_draughts() {
    let chess = chess::Chess::new(chess::Rules::fide()).expect("rules");
    let (draws, _) = check_streams(&chess, 5, vec![random(), random()], 20_000);
    assert!(draws.is_empty());
    let draughts = draughts::Draughts::new(draughts::Rules::wcdf()).expect("rules");
    let (draws, _) = check_streams(&draughts, 5, vec![random(), random()], 20_000);
    assert!(draws.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Every core: the parallel drivers

/// What a finished random game leaves, in a form that crosses threads: its seed, plies,
/// returns and the whole final state as `Debug` shows it.
type Summary = (u64, u32, Option<Returns>, String);

/// `random_games` over `seeds` on 1, 2 and 3 threads: identical, in seed order, and equal to
/// a serial loop of `random_playout` from stream 0 of each seed.
fn random_games_agree<G>(name: &str, game: &G, seeds: core::ops::Range<u64>)
where
    G: Game + Sync,
    G::State: core::fmt::Debug,
{
    let run = |threads| {
        random_games(game, seeds.clone(), threads, |seed, s, plies| -> Summary {
            (seed, plies, game.returns(s), format!("{s:?}"))
        })
    };
    let one = run(1);
    let serial: Vec<Summary> = seeds
        .clone()
        .map(|seed| {
            let mut s = game.new_initial_state();
            let plies = boardgame_core::random_playout(
                game,
                &mut s,
                &mut GameRng::new(seed, 0),
                &mut Vec::new(),
            );
            (seed, plies, game.returns(&s), format!("{s:?}"))
        })
        .collect();
    assert_eq!(one, serial, "{name}: one thread against the serial loop");
    assert!(
        one.iter().all(|r| r.2.is_some()),
        "{name}: every game ended"
    );
    assert_eq!(run(2), one, "{name}: two threads");
    assert_eq!(run(3), one, "{name}: three threads");
}

/// `agent_games` with the agents `make` builds, on 1, 2 and 3 threads: identical records, in
/// seed order.
fn agent_games_agree<G, M>(name: &str, game: &G, seeds: core::ops::Range<u64>, make: M)
where
    G: Game + Sync,
    G::Action: Send,
    M: Fn(u64) -> Vec<Box<dyn Agent<G>>> + Sync,
{
    let run = |threads| {
        agent_games(
            game,
            seeds.clone(),
            threads,
            20_000,
            &make,
            |seed, played| {
                let played = played.unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"));
                (seed, played.record.seed, played.record.actions)
            },
        )
    };
    let one = run(1);
    assert!(
        one.iter()
            .zip(seeds.clone())
            .all(|(r, s)| r.0 == s && r.1 == s)
    );
    assert_eq!(run(2), one, "{name}: two threads");
    assert_eq!(run(3), one, "{name}: three threads");
}

/// Small searchers for seat 0, random play for the other seats.
fn searcher_and_random<G: Game + 'static>(players: usize) -> Vec<Box<dyn Agent<G>>> {
    let mut v: Vec<Box<dyn Agent<G>>> = vec![Box::new(Mcts::new(MctsConfig {
        iterations: 8,
        max_rollout_plies: 100,
        ..MctsConfig::default()
    }))];
    v.extend((1..players).map(|_| Box::new(RandomAgent) as Box<dyn Agent<G>>));
    v
}

/// architecture.md, "Every core: the parallel drivers": "Results come back in index (seed)
/// order and are identical for every thread count, because a game's randomness comes from
/// its own seed and streams (chance from stream 0, seat `k`'s agent from stream `1 + k`)".
/// The five games without physics, random games and games between agents.
#[test]
fn parallel_drivers_agree_for_1_2_and_3_threads_board_and_dice_games() {
    let chess = chess::Chess::new(chess::Rules::fide()).expect("rules");
    random_games_agree("chess", &chess, 0..4);
    agent_games_agree("chess", &chess, 0..3, |_| {
        vec![Box::new(RandomAgent), Box::new(RandomAgent)]
    });
    let draughts = draughts::Draughts::new(draughts::Rules::wcdf()).expect("rules");
    random_games_agree("draughts", &draughts, 0..6);
    agent_games_agree("draughts", &draughts, 0..3, |_| searcher_and_random(2));
    let bg = backgammon::Backgammon::new(backgammon::Rules::standard()).expect("rules");
    random_games_agree("backgammon", &bg, 0..6);
    agent_games_agree("backgammon", &bg, 0..3, |_| searcher_and_random(2));
    let ludo = ludo::Ludo::new(ludo::Rules::lattjo().with_players(4)).expect("rules");
    random_games_agree("ludo", &ludo, 0..6);
    agent_games_agree("ludo", &ludo, 0..3, |_| searcher_and_random(4));
    let dom = dominoes::Dominoes::new(dominoes::Rules::lattjo().with_players(4)).expect("rules");
    random_games_agree("dominoes", &dom, 0..6);
    agent_games_agree("dominoes", &dom, 0..3, |_| {
        let mut v: Vec<Box<dyn Agent<dominoes::Dominoes>>> =
            vec![Box::new(IsMcts::new(MctsConfig {
                iterations: 8,
                ..MctsConfig::default()
            }))];
        v.extend((1..4).map(|_| Box::new(RandomAgent) as Box<dyn Agent<_>>));
        v
    });
    let to_50 = Match::new(dom, MatchConfig::new(Some(50), None).expect("config"));
    random_games_agree("dominoes match", &to_50, 0..3);
}

// ---------------------------------------------------------------------------------------------
// Hidden information

/// architecture.md, "Hidden information": "`IsMcts` searches a fresh determinization each
/// iteration, so it never uses what its seat cannot see." Two states the seat to act cannot
/// tell apart (the true one and a determinization for it) get the same search (visit counts
/// and decision) from the same stream: dominoes rounds of several presets, and a match.
#[test]
fn is_mcts_decides_the_same_on_states_its_seat_cannot_tell_apart() {
    fn check<G: ImperfectInfo>(name: &str, game: &G, seeds: core::ops::Range<u64>)
    where
        G::State: PartialEq,
    {
        let mut differed = 0;
        for seed in seeds {
            for (ply, s) in walk(game, seed, 200).iter().enumerate() {
                let Turn::Player(seat) = game.turn(s) else {
                    continue;
                };
                let d = game.determinize(s, seat, &mut GameRng::new(seed, 100 + ply as u64));
                assert_eq!(game.view(&d, Some(seat)), game.view(s, Some(seat)));
                if d == *s {
                    continue;
                }
                differed += 1;
                let config = MctsConfig {
                    iterations: 40,
                    ..MctsConfig::default()
                };
                let on_true = IsMcts::new(config).search(game, s, &mut GameRng::new(7, 1));
                let on_guess = IsMcts::new(config).search(game, &d, &mut GameRng::new(7, 1));
                assert_eq!(
                    on_true, on_guess,
                    "{name}, seed {seed}, ply {ply}: the decision of {seat} used hidden tiles"
                );
            }
        }
        assert!(differed > 0, "{name}: no hidden tile was re-dealt");
    }
    let two = dominoes::Dominoes::new(dominoes::Rules::draw()).expect("rules");
    check("dominoes draw", &two, 0..3);
    let four = dominoes::Dominoes::new(dominoes::Rules::lattjo().with_players(4)).expect("rules");
    check("dominoes 4", &four, 0..3);
    // A constrained ending where no greedy fill fitted (seed 13): the determinization was the
    // true state, and the search's visit counts differed.
    let three = dominoes::Dominoes::new(dominoes::Rules::draw().with_players(3)).expect("rules");
    check("dominoes draw 3", &three, 0..25);
    for rules in [
        dominoes::Rules::muggins().with_players(4),
        dominoes::Rules::partnership(),
        dominoes::Rules::five_up()
            .with_players(4)
            .with_highest(9)
            .with_hand_size(Some(7)),
    ] {
        let g = dominoes::Dominoes::new(rules).expect("rules");
        check("dominoes presets", &g, 0..8);
    }
    // The core's race, the other game with hidden hands.
    let race = Race::new(RaceRules::default().with_players(3).with_hand(3)).expect("rules");
    check("race", &race, 0..6);
    let races = Match::new(race, MatchConfig::new(Some(40), None).expect("config"));
    check("race match", &races, 0..2);
    let to_30 = Match::new(two, MatchConfig::new(Some(30), None).expect("config"));
    check("dominoes match", &to_30, 0..2);
}

// ---------------------------------------------------------------------------------------------
// Rounds and matches

/// A state of `m` in play at which some seat has scored: the first of a random match from
/// `seed` (or `None`).
fn scored_in_play<G: Rounds>(
    m: &Match<G>,
    seed: u64,
    max_plies: u32,
) -> Option<MatchState<G::State>> {
    walk(m, seed, max_plies)
        .into_iter()
        .find(|s| !s.is_over() && s.totals().as_slice().iter().any(|&t| t > 0))
}

/// `Match::resume`'s refusals on `m` (a match with a target): totals not one per seat, a
/// decided match, a finished round (`finished`), a round of other seats (`other_seats`).
fn resume_refusals<G: Rounds>(
    name: &str,
    m: &Match<G>,
    finished: Option<G::State>,
    other_seats: Option<(G::State, usize)>,
) where
    G::State: PartialEq,
{
    let n = m.game().num_players();
    let target = m.config().target().expect("a target");
    let fresh = m.new_initial_state().round().clone();
    let zeros = BySeat::new(n, 0);
    assert_eq!(m.resume(fresh.clone(), zeros).map(|_| ()), Ok(()), "{name}");
    assert_eq!(
        m.resume(fresh.clone(), BySeat::new(n + 1, 0)).map(|_| ()),
        Err(ResumeError::Seats {
            totals: n + 1,
            players: n
        }),
        "{name}"
    );
    assert_eq!(
        m.resume(fresh.clone(), BySeat::new(n - 1, 0)).map(|_| ()),
        Err(ResumeError::Seats {
            totals: n - 1,
            players: n
        }),
        "{name}"
    );
    let decided = BySeat::from_fn(n, |s| if s.index() == 1 { target } else { 0 });
    assert_eq!(
        m.resume(fresh, decided).map(|_| ()),
        Err(ResumeError::Decided),
        "{name}"
    );
    if let Some(round) = finished {
        assert_eq!(m.game().turn(&round), Turn::Terminal);
        assert_eq!(
            m.resume(round, zeros).map(|_| ()),
            Err(ResumeError::RoundOver),
            "{name}"
        );
    }
    if let Some((round, seats)) = other_seats {
        assert_eq!(
            m.resume(round, zeros).map(|_| ()),
            Err(ResumeError::RoundSeats {
                round: seats,
                players: n
            }),
            "{name}"
        );
    }
}

/// `Match::check_state` on states saved under other settings: a match in play whose totals
/// reach a lower target is `Decided` there; a match that a round limit ended is `NotDecided`
/// under the same target without the limit; each is accepted by its own settings.
fn saved_under_other_settings<G: Rounds + Clone>(name: &str, game: &G, target: i64, max_plies: u32)
where
    G::State: PartialEq,
{
    let own = Match::new(
        game.clone(),
        MatchConfig::new(Some(target), None).expect("config"),
    );
    let s = (0..20)
        .find_map(|seed| scored_in_play(&own, seed, max_plies))
        .unwrap_or_else(|| panic!("{name}: no match scored"));
    assert_eq!(own.check_state(&s), Ok(()), "{name}");
    let reached = *s.totals().as_slice().iter().max().expect("seats");
    let lower = Match::new(
        game.clone(),
        MatchConfig::new(Some(reached), None).expect("config"),
    );
    assert_eq!(lower.check_state(&s), Err(ResumeError::Decided), "{name}");
    let one_round = MatchConfig::new(Some(target), Some(1)).expect("config");
    let limited = Match::new(game.clone(), one_round);
    let over = (0..20)
        .map(|seed| {
            let states = walk(&limited, seed, max_plies);
            states.last().cloned().expect("a state")
        })
        .find(|s| s.is_over() && s.totals().as_slice().iter().all(|&t| t < target))
        .unwrap_or_else(|| panic!("{name}: no one-round match ended below the target"));
    assert_eq!(limited.check_state(&over), Ok(()), "{name}");
    assert_eq!(
        own.check_state(&over),
        Err(ResumeError::NotDecided),
        "{name}"
    );
}

/// architecture.md, "Rounds and matches": "`ResumeError` refuses totals not one per seat, a
/// round of another number of seats, a decided match or a finished round", and
/// "`Match::check_state` ... refuses such a state (`ResumeError::Decided`), and a finished
/// match that these settings would not have ended (`ResumeError::NotDecided`)". Backgammon
/// and dominoes.
#[test]
fn match_resume_and_check_state_refusals_backgammon_and_dominoes() {
    let bg = backgammon::Backgammon::new(backgammon::Rules::standard()).expect("rules");
    let to_7 = Match::new(bg, MatchConfig::new(Some(7), None).expect("config"));
    let finished = walk(to_7.game(), 1, 5_000).last().cloned();
    let finished = finished.filter(|s| bg.turn(s) == Turn::Terminal);
    assert!(finished.is_some());
    resume_refusals("backgammon", &to_7, finished, None);
    saved_under_other_settings("backgammon", &bg, 7, 20_000);

    let two = dominoes::Dominoes::new(dominoes::Rules::lattjo()).expect("rules");
    let three = dominoes::Dominoes::new(dominoes::Rules::lattjo().with_players(3)).expect("rules");
    let to_100 = Match::new(two, MatchConfig::new(Some(100), None).expect("config"));
    let finished = walk(&two, 1, 5_000).last().cloned();
    resume_refusals(
        "dominoes",
        &to_100,
        finished,
        Some((three.new_initial_state(), 3)),
    );
    saved_under_other_settings("dominoes", &two, 100, 20_000);
}

/// architecture.md, "Rounds and matches": the refusals of `Match::resume` and
/// `Match::check_state` (see the backgammon and dominoes test) on carrom's match of boards
/// (singles, and pairs for a round of other seats) and on Novuss's match of sets.
#[test]
fn match_resume_and_check_state_refusals_carrom_and_disc_billiards() {
    let board = carrom::Carrom::new(carrom::Rules::lattjo()).expect("rules");
    let pairs = carrom::Carrom::new(carrom::Rules::lattjo().with_players(4)).expect("rules");
    let game = board.clone().full_game();
    let finished = walk(&board, 2, 2_000).last().cloned();
    let finished = finished.filter(|s| board.turn(s) == Turn::Terminal);
    assert!(finished.is_some(), "a random board ends");
    resume_refusals(
        "carrom",
        &game,
        finished,
        Some((pairs.new_initial_state(), 4)),
    );
    saved_under_other_settings("carrom", &board, 25, 20_000);

    let singles = novuss::Novuss::new(novuss::Rules::lattjo()).expect("rules");
    let four = novuss::Novuss::new(novuss::Rules::lattjo().with_players(4)).expect("rules");
    let sets = Match::new(
        singles.clone(),
        MatchConfig::new(Some(3), None).expect("config"),
    );
    let finished = walk(&singles, 2, 5_000).last().cloned();
    let finished = finished.filter(|s| singles.turn(s) == Turn::Terminal);
    assert!(finished.is_some(), "a random set ends");
    resume_refusals(
        "novuss",
        &sets,
        finished,
        Some((four.new_initial_state(), 4)),
    );
    saved_under_other_settings("novuss", &singles, 3, 20_000);
}

/// architecture.md, "Rounds and matches": "`Match::resume` takes a match up part-way, at given
/// totals with a round the caller built for them", and "`Match::check_state` asks the game
/// whether it takes the round up at those totals" (API conventions); the trait's own words: "a
/// game whose round records the match's score checks it against the totals". A carrom board
/// records the scores before it (the queen's points count only below 22, the C-rules'
/// cut-off), so a board built at 0-0 is not one a match at 23-4 plays.
#[test]
fn a_carrom_match_takes_up_no_board_built_for_another_score() {
    let board = carrom::Carrom::new(carrom::Rules::lattjo()).expect("rules");
    let game = board.clone().full_game();
    let at_0_0 = game.new_initial_state().round().clone();
    assert_eq!(at_0_0.totals_before(), [0, 0]);
    let at_23_4 = BySeat::from_fn(2, |s| [23, 4][s.index()]);
    assert!(
        matches!(
            game.resume(at_0_0.clone(), at_23_4),
            Err(ResumeError::Round(_))
        ),
        "a board of another score was taken up"
    );
    assert!(game.resume(at_0_0, BySeat::new(2, 0)).is_ok());
}

/// architecture.md, "The determinism contract", 2: "`play_game` draws chance from stream 0 of
/// the seed and gives seat `i`'s agent stream `1 + i`, so an agent that thinks longer never
/// changes the dice." The stroke games: the toss and each stroke's execution noise, with a
/// shot planner that simulates 1 or 6 shots a stroke in seat 0.
#[test]
fn play_game_streams_and_noise_independent_of_planning_effort_stroke_games() {
    use carrom::{Carrom, NoiseModel, Planner, PlannerConfig};
    let board = Carrom::new(carrom::Rules::lattjo().with_noise(Some(NoiseModel::default())))
        .expect("rules");
    let planner = |shots| -> Box<dyn Agent<Carrom>> {
        Box::new(Planner::new(PlannerConfig {
            shots_simulated: shots,
            bank_shots_simulated: shots / 2,
            grid_stride: 8 / shots,
        }))
    };
    let mut differed = [false; 2];
    for seed in 1..4 {
        let a = check_streams(&board, seed, vec![planner(1), random()], 4_000);
        let b = check_streams(&board, seed, vec![planner(6), random()], 4_000);
        differed[0] |= same_dice("carrom", &a, &b);
    }
    let noise = novuss::NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    };
    let set = novuss::Novuss::new(novuss::Rules::lattjo().with_noise(Some(noise))).expect("rules");
    let planner = |shots| -> Box<dyn Agent<novuss::Novuss>> {
        Box::new(novuss::Planner::new(novuss::PlannerConfig {
            shots_simulated: shots,
        }))
    };
    for seed in 1..4 {
        let a = check_streams(&set, seed, vec![planner(1), random()], 4_000);
        let b = check_streams(&set, seed, vec![planner(6), random()], 4_000);
        differed[1] |= same_dice("novuss", &a, &b);
    }
    assert_eq!(
        differed, [true; 2],
        "the effort changed some decision in each game"
    );
}

/// architecture.md, "Every core: the parallel drivers": "Results come back in index (seed)
/// order and are identical for every thread count". The stroke games (physics on every
/// stroke): random boards and sets, and a planner against random play.
#[test]
fn parallel_drivers_agree_for_1_2_and_3_threads_stroke_games() {
    use carrom::{Carrom, NoiseModel};
    let board = Carrom::new(carrom::Rules::lattjo().with_noise(Some(NoiseModel::default())))
        .expect("rules");
    random_games_agree("carrom", &board, 0..3);
    agent_games_agree("carrom", &board, 0..3, |_| {
        vec![
            Box::new(carrom::Planner::new(carrom::PlannerConfig {
                shots_simulated: 2,
                bank_shots_simulated: 0,
                grid_stride: 8,
            })),
            Box::new(RandomAgent),
        ]
    });
    let set = novuss::Novuss::new(novuss::Rules::lattjo().with_players(4)).expect("rules");
    random_games_agree("novuss", &set, 0..3);
    agent_games_agree("novuss", &set, 0..3, |_| {
        let mut v: Vec<Box<dyn Agent<novuss::Novuss>>> =
            vec![Box::new(novuss::Planner::new(novuss::PlannerConfig {
                shots_simulated: 2,
            }))];
        v.extend((1..4).map(|_| Box::new(RandomAgent) as Box<dyn Agent<_>>));
        v
    });
}

// ---------------------------------------------------------------------------------------------
// How a new game plugs in: what the conformance kit checks

/// One break of the `Game` contract, planted in the core's race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    None,
    ReturnsBeforeTheEnd,
    NoReturnsAtTheEnd,
    NoLegalActionForSeat1,
    RefusesAdvance,
    ProbabilitiesShort,
    RefusalCountsInTheState,
    ApplyTakesAnUnheldCard,
    CountsEveryApply,
    PartnersApart,
    DeterminizesForTheOtherSeat,
    /// Every second determinization is the true state (what a fallback that gives up does).
    TrueStateEverySecondTime,
}

/// The race with one flaw. Its state carries a counter that some flaws write.
struct Flawed {
    race: Race,
    flaw: Flaw,
    applies: core::cell::Cell<u64>,
}

impl Flawed {
    fn new(flaw: Flaw, rules: RaceRules) -> Flawed {
        Flawed {
            race: Race::new(rules).expect("rules"),
            flaw,
            applies: core::cell::Cell::new(0),
        }
    }
}

impl Game for Flawed {
    type State = (RaceState, u64);
    type Action = RaceAction;
    type Error = RaceError;

    fn num_players(&self) -> usize {
        self.race.num_players()
    }

    fn team(&self, seat: Seat) -> usize {
        self.race.team(seat)
    }

    fn new_initial_state(&self) -> Self::State {
        (self.race.new_initial_state(), 0)
    }

    fn turn(&self, s: &Self::State) -> Turn {
        self.race.turn(&s.0)
    }

    fn legal_actions(&self, s: &Self::State, out: &mut Vec<RaceAction>) {
        self.race.legal_actions(&s.0, out);
        if self.flaw == Flaw::NoLegalActionForSeat1 && self.turn(s) == Turn::Player(Seat::new(1)) {
            out.clear();
        }
    }

    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(RaceAction, f64)>) -> bool {
        let listed = self.race.chance_outcomes(&s.0, out);
        if self.flaw == Flaw::ProbabilitiesShort {
            for (_, p) in out.iter_mut() {
                *p *= 0.9;
            }
        }
        listed
    }

    fn sample_chance(&self, s: &Self::State, rng: &mut GameRng) -> Option<RaceAction> {
        self.race.sample_chance(&s.0, rng)
    }

    fn apply(&self, s: &mut Self::State, a: &RaceAction) -> Result<(), RaceError> {
        self.applies.set(self.applies.get() + 1);
        let stuck = self.flaw == Flaw::NoLegalActionForSeat1;
        if (stuck && self.turn(s) == Turn::Player(Seat::new(1)))
            || (self.flaw == Flaw::RefusesAdvance && *a == RaceAction::Advance)
        {
            return Err(RaceError::Die(0));
        }
        if self.flaw == Flaw::ApplyTakesAnUnheldCard
            && matches!(a, RaceAction::Play(_))
            && !self.race.is_legal(&s.0, a)
            && matches!(self.turn(s), Turn::Player(_))
        {
            return self.race.apply(&mut s.0, &RaceAction::Advance);
        }
        let r = self.race.apply(&mut s.0, a);
        if r.is_err() && self.flaw == Flaw::RefusalCountsInTheState {
            s.1 += 1;
        }
        if r.is_ok() && self.flaw == Flaw::CountsEveryApply {
            // The game value's count of every apply so far: a replay counts anew.
            s.1 = self.applies.get();
        }
        r
    }

    fn returns(&self, s: &Self::State) -> Option<Returns> {
        match self.flaw {
            Flaw::ReturnsBeforeTheEnd => Some(
                self.race
                    .returns(&s.0)
                    .unwrap_or(BySeat::new(self.num_players(), 0.0)),
            ),
            Flaw::NoReturnsAtTheEnd => None,
            Flaw::PartnersApart => self.race.returns(&s.0).map(|mut r| {
                r[Seat::new(0)] += 0.5;
                r
            }),
            _ => self.race.returns(&s.0),
        }
    }
}

impl ImperfectInfo for Flawed {
    type View = <Race as ImperfectInfo>::View;

    fn view(&self, s: &Self::State, viewer: Option<Seat>) -> Self::View {
        self.race.view(&s.0, viewer)
    }

    fn determinize(&self, s: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State {
        let seat = if self.flaw == Flaw::DeterminizesForTheOtherSeat {
            seat.next(self.num_players())
        } else {
            seat
        };
        self.applies.set(self.applies.get() + 1);
        if self.flaw == Flaw::TrueStateEverySecondTime && self.applies.get().is_multiple_of(2) {
            return s.clone();
        }
        (self.race.determinize(&s.0, seat, rng), s.1)
    }
}

/// architecture.md, "How a new game plugs in": the conformance kit "plays seeded random games
/// and checks at every node: returns exactly at the end, a legal action at every player node,
/// generated actions accepted, chance probabilities summing to 1, foreign and made-up actions
/// refused with the state unchanged, records that replay, equal returns for partners;
/// `check_imperfect` adds the view and determinize checks." Each check is shown to catch its
/// breach, planted in the core's race game (the sound race passes), and a determinization
/// that uses the true hidden cards (the true state every second time) is caught too.
#[test]
fn the_conformance_kit_catches_each_breach_it_names() {
    let cfg = ConformanceConfig {
        games: 20,
        extra_actions: vec![RaceAction::Play(3), RaceAction::Roll(9)],
        ..ConformanceConfig::default()
    };
    let partners = RaceRules::default().with_players(4).with_partners(true);
    let sound = Flawed::new(Flaw::None, partners);
    assert!(check_imperfect(&sound, &cfg).is_ok());
    for (flaw, rules, imperfect, what) in [
        (
            Flaw::ReturnsBeforeTheEnd,
            RaceRules::default(),
            false,
            "returns are Some",
        ),
        (
            Flaw::NoReturnsAtTheEnd,
            RaceRules::default(),
            false,
            "returns are None",
        ),
        (
            Flaw::NoLegalActionForSeat1,
            RaceRules::default(),
            false,
            "no legal action",
        ),
        (
            Flaw::RefusesAdvance,
            RaceRules::default(),
            false,
            "apply refuses it",
        ),
        (
            Flaw::ProbabilitiesShort,
            RaceRules::default(),
            false,
            "probabilities sum to",
        ),
        (
            Flaw::RefusalCountsInTheState,
            RaceRules::default(),
            false,
            "changed the state",
        ),
        (
            Flaw::ApplyTakesAnUnheldCard,
            RaceRules::default(),
            false,
            "apply accepts it",
        ),
        (
            Flaw::CountsEveryApply,
            RaceRules::default(),
            false,
            "record",
        ),
        (Flaw::PartnersApart, partners, false, "partners"),
        (
            Flaw::DeterminizesForTheOtherSeat,
            RaceRules::default(),
            true,
            "determinize",
        ),
        (
            Flaw::TrueStateEverySecondTime,
            RaceRules::default(),
            true,
            "cannot see",
        ),
    ] {
        let game = Flawed::new(flaw, rules);
        let found = if imperfect {
            check_imperfect(&game, &cfg)
        } else {
            check_game(&game, &cfg)
        };
        match found {
            Err(v) => assert!(v.what.contains(what), "{flaw:?}: {}", v.what),
            Ok(report) => panic!("{flaw:?} passed the kit: {report:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// More of the `Game` trait, the determinism contract, the drivers and matches

/// At every chance node of a few random games: the listed outcomes' probabilities are
/// positive and sum to 1, every one of them applies (the kit tries at most 16 a node), and
/// the sampled outcome is among them; where nothing is listed (continuous noise) a sample
/// applies. Returns the chance nodes seen.
fn every_outcome_applies<G: Game>(
    name: &str,
    game: &G,
    seeds: core::ops::Range<u64>,
    max_plies: u32,
) -> usize {
    let mut nodes = 0;
    let mut outcomes = Vec::new();
    for seed in seeds {
        for (ply, s) in walk(game, seed, max_plies).iter().enumerate() {
            if game.turn(s) != Turn::Chance {
                continue;
            }
            nodes += 1;
            let sampled = game
                .sample_chance(s, &mut GameRng::new(seed, 50))
                .unwrap_or_else(|| panic!("{name}, seed {seed}, ply {ply}: no sample"));
            if !game.chance_outcomes(s, &mut outcomes) {
                assert!(
                    outcomes.is_empty(),
                    "{name}: unlisted outcomes in the buffer"
                );
                game.apply(&mut s.clone(), &sampled)
                    .unwrap_or_else(|e| panic!("{name}, seed {seed}, ply {ply}: {e}"));
                continue;
            }
            let sum: f64 = outcomes.iter().map(|(_, p)| *p).sum();
            assert!(
                (sum - 1.0).abs() < 1e-9,
                "{name}, seed {seed}, ply {ply}: sum {sum}"
            );
            assert!(
                outcomes.iter().any(|(a, _)| *a == sampled),
                "{name}: sampled unlisted"
            );
            for (a, p) in &outcomes {
                assert!(*p > 0.0, "{name}, seed {seed}, ply {ply}: {a:?} has {p}");
                game.apply(&mut s.clone(), a)
                    .unwrap_or_else(|e| panic!("{name}, seed {seed}, ply {ply}: {a:?}: {e}"));
            }
        }
    }
    nodes
}

/// architecture.md, "The `Game` trait in one paragraph": "at a chance node it lists the exact
/// outcomes with probabilities (or, for continuous noise, samples one from the `GameRng` it
/// is handed). Chance results are ordinary actions applied with `apply`". Every listed
/// outcome of every chance node, in every game with chance (and in matches).
#[test]
fn every_listed_chance_outcome_applies_and_they_sum_to_1() {
    let bg = backgammon::Backgammon::new(backgammon::Rules::standard()).expect("rules");
    assert!(every_outcome_applies("backgammon", &bg, 0..3, 3_000) > 0);
    let m = Match::new(bg, MatchConfig::new(Some(5), None).expect("config"));
    assert!(every_outcome_applies("backgammon match", &m, 0..2, 5_000) > 0);
    for rules in [ludo::Rules::lattjo().with_players(4), ludo::Rules::mensch()] {
        let g = ludo::Ludo::new(rules).expect("rules");
        assert!(every_outcome_applies("ludo", &g, 0..3, 3_000) > 0);
    }
    for rules in [
        dominoes::Rules::draw(),
        dominoes::Rules::double_nine()
            .with_players(4)
            .with_hand_size(Some(7)),
        dominoes::Rules::all_fives().with_players(3),
    ] {
        let g = dominoes::Dominoes::new(rules).expect("rules");
        assert!(every_outcome_applies("dominoes", &g, 0..3, 3_000) > 0);
    }
    let noisy = carrom::Carrom::new(
        carrom::Rules::icf()
            .with_players(4)
            .with_noise(Some(carrom::NoiseModel::default())),
    )
    .expect("rules");
    assert!(every_outcome_applies("carrom", &noisy, 0..1, 60) > 0);
    let noise = novuss::NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    };
    let set = novuss::Novuss::new(novuss::Rules::lattjo().with_noise(Some(noise))).expect("rules");
    assert!(every_outcome_applies("novuss", &set, 0..1, 60) > 0);
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal", for whole matches: a finished match
/// refuses what another configuration offers, as its rounds do (backgammon, dominoes).
#[test]
fn a_match_refuses_other_configurations_actions_to_its_end() {
    let bg = backgammon::Backgammon::new(backgammon::Rules::standard()).expect("rules");
    let all = backgammon::Backgammon::new(
        backgammon::Rules::standard()
            .with_beavers(true)
            .with_resignations(true),
    )
    .expect("rules");
    let to_3 = Match::new(bg, MatchConfig::new(Some(3), None).expect("config"));
    let pool = offered(&all, 0..2, 400, 400);
    assert!(refuses_others("backgammon match", &to_3, &pool, 0..2, 10_000, 25) > 0);
    let two = dominoes::Dominoes::new(dominoes::Rules::lattjo()).expect("rules");
    let four = dominoes::Dominoes::new(dominoes::Rules::lattjo().with_players(4)).expect("rules");
    let to_50 = Match::new(two, MatchConfig::new(Some(50), None).expect("config"));
    let pool = offered(&four, 0..2, 400, 400);
    assert!(refuses_others("dominoes match", &to_50, &pool, 0..2, 10_000, 10) > 0);
}

/// architecture.md, "The determinism contract", 4: "Search is counted in iterations, never
/// wall-clock time." The same search twice (once while another thread keeps a core busy)
/// gives the same visit counts, in every game.
#[test]
fn search_is_counted_in_iterations_not_time() {
    fn twice<G: Game + Sync>(name: &str, game: &G, seed: u64)
    where
        G::State: Sync,
    {
        let states = walk(game, seed, 40);
        let s = states
            .iter()
            .rev()
            .find(|s| matches!(game.turn(s), Turn::Player(_)))
            .expect("a player node");
        let config = MctsConfig {
            iterations: 60,
            max_rollout_plies: 60,
            ..MctsConfig::default()
        };
        let quiet = Mcts::new(config).search(game, s, &mut GameRng::new(seed, 1));
        let stop = std::sync::atomic::AtomicBool::new(false);
        let busy = std::thread::scope(|scope| {
            let spin = scope.spawn(|| {
                let mut x = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                }
                x
            });
            let r = Mcts::new(config).search(game, s, &mut GameRng::new(seed, 1));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let _ = spin.join();
            r
        });
        assert!(quiet.is_some(), "{name}: a search result");
        assert_eq!(quiet, busy, "{name}: the search depends on time");
    }
    twice(
        "chess",
        &chess::Chess::new(chess::Rules::fide()).expect("rules"),
        1,
    );
    twice(
        "draughts",
        &draughts::Draughts::new(draughts::Rules::wcdf()).expect("rules"),
        1,
    );
    twice("backgammon", &backgammon::Backgammon::default(), 1);
    twice(
        "ludo",
        &ludo::Ludo::new(ludo::Rules::lattjo()).expect("rules"),
        1,
    );
    twice("dominoes", &dominoes::Dominoes::default(), 1);
    let board = carrom::Carrom::new(carrom::Rules::lattjo()).expect("rules");
    let s = walk(&board, 1, 3).pop().expect("a state");
    let config = MctsConfig {
        iterations: 6,
        max_rollout_plies: 2,
        ..MctsConfig::default()
    };
    let a = Mcts::new(config).search(&board, &s, &mut GameRng::new(1, 1));
    let b = Mcts::new(config).search(&board, &s, &mut GameRng::new(1, 1));
    assert!(a.is_some() && a == b, "carrom");
    let set = novuss::Novuss::new(novuss::Rules::lattjo()).expect("rules");
    let s = set.new_initial_state();
    let a = Mcts::new(config).search(&set, &s, &mut GameRng::new(1, 1));
    let b = Mcts::new(config).search(&set, &s, &mut GameRng::new(1, 1));
    assert!(a.is_some() && a == b, "novuss");
}

/// architecture.md, "Every core: the parallel drivers": "the calling thread is one of the
/// workers, so `threads` threads means `threads - 1` spawned", and `map_indexed` / `for_seeds`
/// give results "in index (seed) order". One thread runs everything on the caller; three
/// use at most three threads.
#[test]
fn parallel_work_runs_on_at_most_threads_threads_the_caller_among_them() {
    use boardgame_core::parallel::{for_seeds, map_indexed};
    let me = std::thread::current().id();
    let ids = map_indexed(200, 1, |i| (i, std::thread::current().id()));
    assert!(
        ids.iter()
            .enumerate()
            .all(|(k, (i, id))| k == *i && *id == me)
    );
    let ids = map_indexed(600, 3, |i| {
        std::thread::sleep(std::time::Duration::from_micros(20));
        (i, std::thread::current().id())
    });
    assert!(ids.iter().enumerate().all(|(k, (i, _))| k == *i));
    let mut distinct: Vec<_> = ids.iter().map(|(_, id)| *id).collect();
    distinct.sort_by_key(|id| format!("{id:?}"));
    distinct.dedup();
    assert!(distinct.len() <= 3, "{} threads for 3", distinct.len());
    let race = Race::new(RaceRules::default()).expect("rules");
    let seeds = for_seeds(&race, 10..40, 3, |_, seed| seed);
    assert_eq!(seeds, (10..40).collect::<Vec<_>>());
}

/// architecture.md, "Rounds and matches": "`conformance::check_rounds` checks that both agree
/// with the game at every node" — on carrom's match of whole games (`CarromGame`, whose
/// crate runs `check_game` on it but not `check_rounds`).
#[test]
fn check_rounds_on_carrom_whole_games() {
    use boardgame_core::conformance::check_rounds;
    let mut rules = carrom::Rules::icf();
    rules.target_points = 3;
    rules.max_boards = 1;
    let game = carrom::CarromGame::new(carrom::Carrom::new(rules).expect("rules"));
    let cfg = ConformanceConfig {
        games: 1,
        seed: 3,
        max_plies: 20_000,
        exhaustive_actions: false,
        generated_checks_per_node: 1,
        foreign_checks_per_node: 2,
        ..ConformanceConfig::default()
    };
    let report = check_rounds(&game, &cfg).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 1);
}

/// architecture.md, "Rounds and matches": `Match::resume`'s refusals on carrom's best-of match
/// of whole games (`full_match`): totals not one per seat, a decided match, a game of other
/// seats.
#[test]
fn match_resume_refusals_carrom_whole_games() {
    let board = carrom::Carrom::new(carrom::Rules::icf()).expect("rules");
    let pairs = carrom::Carrom::new(carrom::Rules::icf().with_players(4)).expect("rules");
    let best_of = board.full_match();
    let other = carrom::CarromGame::new(pairs).new_initial_state();
    resume_refusals("carrom games", &best_of, None, Some((other, 4)));
}

/// architecture.md, "The `Game` trait in one paragraph": "`returns` is `Some` exactly at the
/// end, one value per seat". Games that start from a position (chess's `with_start`,
/// draughts' `state_from`) that is already over: the end at once, nothing legal, returns.
#[test]
fn a_game_started_at_its_end_is_over_with_returns() {
    use chess::{Chess, Position};
    for (fen, white) in [
        // Fool's mate: white is mated.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            Some(-1.0),
        ),
        // Stalemate.
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Some(0.0)),
        // Bare kings: a dead position, drawn at once (FIDE 9.6).
        ("8/8/8/4k3/8/8/4K3/8 w - - 0 1", Some(0.0)),
        // 75 moves without a capture or a pawn move, no mate: drawn at once (FIDE 9.6.2).
        ("8/8/8/4k3/8/8/4K3/7R w - - 150 200", Some(0.0)),
    ] {
        let start: Position = fen.parse().expect("a position");
        let game = Chess::new(chess::Rules::fide())
            .expect("rules")
            .with_start(start);
        let s = game.new_initial_state();
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        let returns = game.returns(&s);
        assert_eq!(game.turn(&s), Turn::Terminal, "{fen}");
        assert!(legal.is_empty(), "{fen}: {legal:?}");
        assert_eq!(returns.map(|r| r.len()), Some(2), "{fen}");
        assert_eq!(returns.map(|r| r[Seat::new(0)]), white, "{fen}");
    }
    let wcdf = draughts::Draughts::new(draughts::Rules::wcdf()).expect("rules");
    // White to move with no piece left, and black to move with every man blocked.
    let mut ended = 0;
    for fen in ["W:W:B1", "W:WK32:B", "W:W29:B25,22", "B:W28,32:B1"] {
        let Ok(position) = fen.parse::<draughts::Position>() else {
            continue;
        };
        let s = wcdf.state_from(position);
        let mut legal = Vec::new();
        wcdf.legal_actions(&s, &mut legal);
        let (over, agree) = game_end(&wcdf, &s);
        assert!(agree, "{fen}: turn and returns disagree");
        assert_eq!(over, legal.is_empty(), "{fen}");
        ended += usize::from(over);
    }
    assert!(ended > 0, "no draughts position started at its end");
}

/// Whether `s` is the end (turn and returns agree) and, if so, `(true, true)`.
fn game_end<G: Game>(game: &G, s: &G::State) -> (bool, bool) {
    let over = game.turn(s) == Turn::Terminal;
    (over, game.returns(s).is_some() == over)
}

/// The end of a random game of `game` from `seed`: returns one per seat, equal for partners.
fn partners_equal<G: Game>(name: &str, game: &G, seed: u64, max_plies: u32) {
    let end = walk(game, seed, max_plies).pop().expect("a state");
    assert_eq!(
        game.turn(&end),
        Turn::Terminal,
        "{name}, seed {seed}: the game ended"
    );
    let r = game.returns(&end).expect("returns at the end");
    assert_eq!(r.len(), game.num_players(), "{name}");
    for a in Seat::all(game.num_players()) {
        for b in Seat::all(game.num_players()) {
            if game.team(a) == game.team(b) {
                assert_eq!(r[a], r[b], "{name}, seed {seed}: partners {a} and {b}");
            }
        }
    }
}

/// architecture.md, "The `Game` trait in one paragraph": "`returns` is `Some` exactly at the
/// end, one value per seat, equal for partners", in every game with partners (carrom's and
/// Novuss's pairs, dominoes' partnerships), for rounds and for whole matches.
#[test]
fn partners_get_equal_returns_in_rounds_and_matches() {
    for rules in [
        carrom::Rules::lattjo().with_players(4),
        carrom::Rules::icf().with_players(4),
    ] {
        let board = carrom::Carrom::new(rules).expect("rules");
        assert!((0..4).any(|s| board.team(Seat::new(s)) != board.team(Seat::new(0))));
        for seed in 0..3 {
            partners_equal("carrom pairs", &board, seed, 5_000);
        }
        let mut short = rules;
        short.target_points = 5;
        short.max_boards = 2;
        let game = carrom::Carrom::new(short).expect("rules").full_game();
        partners_equal("carrom pairs game", &game, 1, 20_000);
    }
    let pairs = novuss::Novuss::new(novuss::Rules::lattjo().with_players(4)).expect("rules");
    for seed in 0..3 {
        partners_equal("novuss pairs", &pairs, seed, 5_000);
    }
    let sets = Match::new(pairs, MatchConfig::new(Some(2), None).expect("config"));
    partners_equal("novuss pairs match", &sets, 1, 20_000);
    let dom = dominoes::Dominoes::new(dominoes::Rules::partnership()).expect("rules");
    for seed in 0..5 {
        partners_equal("dominoes partnership", &dom, seed, 5_000);
    }
    let to_100 = Match::new(dom, MatchConfig::new(Some(100), None).expect("config"));
    partners_equal("dominoes partnership match", &to_100, 1, 50_000);
}

/// architecture.md, "Rounds and matches": "`Match<G>` adds rounds up to a target score and/or
/// a round limit". A match limited to three rounds ends after three (backgammon money
/// sessions, dominoes, Novuss; carrom plays on after a tie at the limit, its docs' C20) and a
/// match to a target ends when a seat reaches it.
#[test]
fn a_match_ends_at_its_round_limit_or_target() {
    fn ends<G: Rounds + Clone>(name: &str, game: G, rounds: u32, target: i64) {
        let limited = Match::new(
            game.clone(),
            MatchConfig::new(None, Some(rounds)).expect("config"),
        );
        for seed in 0..3 {
            let end = walk(&limited, seed, 100_000).pop().expect("a state");
            assert!(end.is_over(), "{name}: over");
            assert_eq!(end.rounds_played(), rounds, "{name}, seed {seed}");
        }
        let to = Match::new(game, MatchConfig::new(Some(target), None).expect("config"));
        let end = walk(&to, 1, 200_000).pop().expect("a state");
        assert!(end.is_over(), "{name}: over");
        assert!(
            end.totals().as_slice().iter().any(|&t| t >= target),
            "{name}"
        );
    }
    ends("backgammon", backgammon::Backgammon::default(), 3, 5);
    ends("dominoes", dominoes::Dominoes::default(), 3, 100);
    ends(
        "novuss",
        novuss::Novuss::new(novuss::Rules::lattjo()).expect("rules"),
        3,
        2,
    );
}

/// architecture.md, "The `Game` trait in one paragraph": "`apply` returns a typed error and
/// leaves the state unchanged on anything illegal", for the referee's calls of the stroke
/// games (carrom's ICF 35-37, Novuss's LNF conduct calls): refused at the end of a board, a
/// set and a whole match, and wherever `is_legal` refuses them.
#[test]
fn referee_calls_are_refused_at_the_end_and_wherever_illegal() {
    let icf = carrom::Carrom::new(carrom::Rules::icf()).expect("rules");
    let mut calls = Vec::new();
    for seat in 0..2 {
        let seat = Seat::new(seat);
        calls.push(carrom::Action::Call(carrom::Call::TechnicalFoul(seat)));
        calls.push(carrom::Action::Call(carrom::Call::FoulStroke(
            seat,
            carrom::Stroke::on_base_line(0.0, carrom::Vec2::new(0.0, 1.0), 3.0),
        )));
        calls.push(carrom::Action::Pass(seat));
        calls.push(carrom::Action::Toss(seat));
    }
    let mut pool = offered(&icf, 0..1, 200, 40);
    pool.extend(calls);
    assert!(refuses_others("carrom icf", &icf, &pool, 0..2, 5_000, 50) > 0);
    let mut short = carrom::Rules::icf();
    short.target_points = 3;
    short.max_boards = 1;
    let game = carrom::Carrom::new(short).expect("rules").full_game();
    assert!(refuses_others("carrom icf game", &game, &pool, 0..1, 20_000, 200) > 0);

    let lnf = novuss::Novuss::new(novuss::Rules::lnf()).expect("rules");
    let mut pool = offered(&lnf, 0..1, 200, 40);
    for seat in 0..2 {
        for conduct in [
            novuss::Conduct::DoubleStroke,
            novuss::Conduct::LeftZone,
            novuss::Conduct::MovedDiscInOpponentsTurn,
        ] {
            pool.push(novuss::Action::Call(novuss::Call::Conduct(
                Seat::new(seat),
                conduct,
            )));
        }
    }
    assert!(refuses_others("novuss lnf", &lnf, &pool, 0..2, 5_000, 50) > 0);
    let sets = lnf.clone().full_match();
    assert!(refuses_others("novuss lnf match", &sets, &pool, 0..1, 20_000, 200) > 0);
}

/// architecture.md, "Rounds and matches": "`Match::try_new` refuses a higher target
/// (`MatchConfigError::TargetTooHigh`) and `Match::new` panics on one": carrom (its rules'
/// own target; backgammon's 64 points are checked in its crate), while games without a
/// longest target (dominoes, Novuss) take any.
#[test]
fn match_new_panics_where_try_new_refuses_a_target_too_high() {
    use boardgame_core::MatchConfigError;
    let board = carrom::Carrom::new(carrom::Rules::lattjo()).expect("rules");
    let max = board.max_target().expect("carrom has a longest target");
    let over = MatchConfig::new(Some(max + 1), None).expect("config");
    assert_eq!(
        Match::try_new(board.clone(), over).err(),
        Some(MatchConfigError::TargetTooHigh {
            target: max + 1,
            max
        })
    );
    let b = board.clone();
    assert!(std::panic::catch_unwind(move || Match::new(b, over)).is_err());
    let at = MatchConfig::new(Some(max), None).expect("config");
    assert!(Match::try_new(board, at).is_ok());
    let far = MatchConfig::new(Some(1_000_000), None).expect("config");
    let dom = dominoes::Dominoes::default();
    assert_eq!(dom.max_target(), None);
    assert!(Match::try_new(dom, far).is_ok());
    let set = novuss::Novuss::new(novuss::Rules::lattjo()).expect("rules");
    assert_eq!(set.max_target(), None);
    assert!(Match::try_new(set, far).is_ok());
}

/// architecture.md, "Rounds and matches": "`Match<G>` ... is itself a `Game` ..., so drivers,
/// agents and the conformance kit work on whole matches unchanged" — the kit on Novuss's
/// best-of-three match of sets (LNF), which its crate plays but does not run the kit on.
#[test]
fn the_conformance_kit_runs_on_a_novuss_match() {
    let sets = novuss::Novuss::new(novuss::Rules::lnf())
        .expect("rules")
        .full_match();
    let cfg = ConformanceConfig {
        games: 1,
        seed: 5,
        max_plies: 20_000,
        exhaustive_actions: false,
        generated_checks_per_node: 1,
        foreign_checks_per_node: 2,
        ..ConformanceConfig::default()
    };
    let report = check_game(&sets, &cfg).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 1);
}

/// architecture.md, "The determinism contract", 2: "`play_game` draws chance from stream 0 of
/// the seed and gives seat `i`'s agent stream `1 + i`", with more than two seats: ludo and
/// dominoes of four, Novuss pairs.
#[test]
fn play_game_gives_each_of_four_seats_its_stream() {
    let four = || -> Vec<Box<dyn Agent<_>>> { (0..4).map(|_| random()).collect() };
    let ludo = ludo::Ludo::new(ludo::Rules::lattjo().with_players(4)).expect("rules");
    let (draws, _) = check_streams(&ludo, 9, four(), 20_000);
    assert!(!draws.is_empty());
    let dom = dominoes::Dominoes::new(dominoes::Rules::lattjo().with_players(4)).expect("rules");
    let agents: Vec<Box<dyn Agent<dominoes::Dominoes>>> = (0..4).map(|_| random()).collect();
    let (draws, _) = check_streams(&dom, 9, agents, 20_000);
    assert!(!draws.is_empty());
    let pairs = novuss::Novuss::new(novuss::Rules::lattjo().with_players(4).with_noise(Some(
        novuss::NoiseModel {
            direction_sd: 0.02,
            speed_sd: 0.05,
        },
    )))
    .expect("rules");
    let agents: Vec<Box<dyn Agent<novuss::Novuss>>> = (0..4).map(|_| random()).collect();
    let (draws, _) = check_streams(&pairs, 9, agents, 20_000);
    assert!(!draws.is_empty());
}
