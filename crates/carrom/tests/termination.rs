//! Issue 15.13 for carrom: random play ends. `sample_action` draws from the whole stroke
//! space (uniform place, direction and speed), and under every preset (singles and pairs, the
//! booklet and ICF, with and without noise) every random board ends within
//! `RANDOM_PLAY_BOUND` actions over many seeds; whole games and an ICF match end too.

use boardgame_core::parallel::{available_threads, for_seeds};
use boardgame_core::{Game, GameRng, random_playout_capped};
use lattjo_carrom::{Carrom, NoiseModel, RANDOM_PLAY_BOUND, Rules};

/// Seeds per preset (100 per preset were run when the bound was set: the longest board took
/// 566 actions, ICF pairs with noise; 468 on 5 Dec 2026, after the sampler's change to the
/// crate's own sine and cosine).
const SEEDS: u64 = 30;

fn random_game<G: Game>(game: &G, seed: u64, bound: u32) -> Option<u32> {
    let mut state = game.new_initial_state();
    let plies = random_playout_capped(
        game,
        &mut state,
        &mut GameRng::new(seed, 0),
        &mut Vec::new(),
        bound,
    );
    game.returns(&state).map(|_| plies)
}

#[test]
fn issue_15_13_random_boards_end_under_every_preset_within_the_bound() {
    let presets = [
        ("booklet", Rules::lattjo()),
        ("booklet pairs", Rules::lattjo().with_players(4)),
        ("icf", Rules::icf()),
        (
            "icf pairs with noise",
            Rules::icf()
                .with_players(4)
                .with_noise(Some(NoiseModel::default())),
        ),
    ];
    for (name, rules) in presets {
        let game = Carrom::new(rules).unwrap();
        let plies = for_seeds(&game, 0..SEEDS, available_threads(), |g, seed| {
            random_game(g, seed, RANDOM_PLAY_BOUND)
        });
        for (seed, p) in plies.iter().enumerate() {
            assert!(
                p.is_some(),
                "{name}: the random board of seed {seed} did not end within {RANDOM_PLAY_BOUND} actions"
            );
        }
    }
}

#[test]
fn issue_15_13_random_games_and_matches_end() {
    // A game is at most 8 boards plus extra boards after a tie; a match is at most three
    // games: the bound per board times the boards played.
    let game = Carrom::new(Rules::lattjo()).unwrap().full_game();
    let plies = for_seeds(&game, 0..3, available_threads(), |g, seed| {
        random_game(g, seed, 20 * RANDOM_PLAY_BOUND)
    });
    assert!(plies.iter().all(Option::is_some), "{plies:?}");
    let mut short = Rules::icf();
    short.target_points = 10;
    let game = Carrom::new(short).unwrap().full_match();
    let plies = for_seeds(&game, 0..2, available_threads(), |g, seed| {
        random_game(g, seed, 60 * RANDOM_PLAY_BOUND)
    });
    assert!(plies.iter().all(Option::is_some), "{plies:?}");
}
