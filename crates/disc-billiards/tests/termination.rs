//! Issue 15.13: random play ends. Under every preset (and pairs, the 8-per-pair set, and
//! moderate execution noise), `random_playout` with the game's `sample_action` (a weak
//! player, `WEAK_PLAYER`) ends every game within `RANDOM_PLAY_BOUND` actions, over many
//! seeds; so do matches of sets. Before the fix 0 of 5 random booklet games ended within
//! 5,000 strokes (penalty debts kept returning discs).

use boardgame_core::parallel::{available_threads, for_seeds};
use boardgame_core::{Game, GameRng, random_playout_capped};
use lattjo_disc_billiards::{NoiseModel, Novuss, PairDiscs, RANDOM_PLAY_BOUND, Rules};

/// Seeds per configuration (300 per configuration were run when the bound was set: the
/// longest game took 466 actions, moderate noise in LNF pairs).
const SEEDS: u64 = 40;

fn configurations() -> Vec<(&'static str, Rules)> {
    let mild = NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    };
    let lnf_pairs = Rules::lnf().with_players(4);
    let eight_per_pair = Rules::lattjo()
        .with_players(4)
        .with_pair_discs(PairDiscs::EightPerPair);
    let noisy = Rules::lattjo().with_noise(Some(mild));
    let noisy_lnf_pairs = lnf_pairs.with_noise(Some(mild));
    vec![
        ("booklet", Rules::lattjo()),
        ("booklet pairs", Rules::lattjo().with_players(4)),
        ("lnf", Rules::lnf()),
        ("mini", Rules::mini()),
        ("lnf pairs", lnf_pairs),
        ("eight per pair", eight_per_pair),
        ("booklet with noise", noisy),
        ("lnf pairs with noise", noisy_lnf_pairs),
    ]
}

/// The number of actions a random game took, or `None` if it did not end within the bound.
fn random_game<G: Game>(game: &G, seed: u64) -> Option<u32> {
    let mut state = game.new_initial_state();
    let plies = random_playout_capped(
        game,
        &mut state,
        &mut GameRng::new(seed, 0),
        &mut Vec::new(),
        RANDOM_PLAY_BOUND,
    );
    game.returns(&state).map(|_| plies)
}

#[test]
fn issue_15_13_random_play_ends_under_every_preset_within_the_bound() {
    for (name, rules) in configurations() {
        let game = Novuss::new(rules).unwrap();
        let plies = for_seeds(&game, 0..SEEDS, available_threads(), random_game);
        for (seed, p) in plies.iter().enumerate() {
            assert!(
                p.is_some(),
                "{name}: the random game of seed {seed} did not end within {RANDOM_PLAY_BOUND} actions"
            );
        }
    }
}

#[test]
fn issue_15_13_random_matches_of_sets_end() {
    // LNF: best of three sets.
    let m = Novuss::new(Rules::lnf()).unwrap().full_match();
    let plies = for_seeds(&m, 0..8, available_threads(), random_game);
    assert!(plies.iter().all(Option::is_some), "{plies:?}");
}
