//! Value stability: seeded games pinned by a hash of their records and final positions.
//!
//! Source of the pinned values: the crate at commit afb74c3 (before `Point` became
//! `disc_physics::Vec2`); any later change that alters a single bit of a stroke, a noise draw
//! or a resting position fails here. Regenerate only for an intended change of the game's
//! behaviour, and say so in the commit.

use boardgame_core::{Agent, Game, GameRng, Turn, play_game};
use lattjo_disc_billiards::{
    Action, Call, NoiseModel, Novuss, Planner, PlannerConfig, Rules, State,
};

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Fnv {
    fn word(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn f(&mut self, v: f64) {
        self.word(v.to_bits());
    }
}

/// Hashes an action as the crate's records stood when the values were pinned: a stroke by its
/// board-frame puck place and aim (the bits are the same: the player's frame turns by quarter
/// turns and shifts by the exact half size) and a technique flag, now always clear (a breach is
/// a called foul stroke, which no pinned game contains).
fn hash_action(h: &mut Fnv, game: &Novuss, a: &Action) {
    match a {
        Action::Strike(seat, s) => {
            let (puck, aim) = game.stroke_on_board(*seat, s);
            h.word(1);
            h.f(puck.x);
            h.f(puck.y);
            h.f(aim.x);
            h.f(aim.y);
            h.f(s.speed);
            h.word(0);
        }
        Action::Noise(n) => {
            h.word(2);
            h.f(n.slip);
            h.f(n.speed_error);
        }
        Action::Call(c) => {
            h.word(3);
            h.word(c.offender().index() as u64);
            match c {
                Call::Conduct(_, conduct) => {
                    for b in format!("{conduct:?}").bytes() {
                        h.word(u64::from(b));
                    }
                }
                Call::FoulStroke(..) => h.word(u64::MAX),
            }
        }
    }
}

fn hash_position(h: &mut Fnv, p: &State) {
    for d in p.discs() {
        match d.at {
            Some(at) => {
                h.f(at.x);
                h.f(at.y);
            }
            None => h.word(u64::MAX),
        }
    }
    h.word(p.strokes().into());
    h.word(p.to_move().index() as u64);
}

fn planner_game(rules: Rules, seed: u64) -> u64 {
    let game = Novuss::new(rules).unwrap();
    let mut planners: Vec<Planner> = (0..game.num_players())
        .map(|_| Planner::new(PlannerConfig { shots_simulated: 4 }))
        .collect();
    let mut agents: Vec<&mut dyn Agent<Novuss>> = planners
        .iter_mut()
        .map(|a| a as &mut dyn Agent<Novuss>)
        .collect();
    let played = play_game(&game, seed, &mut agents, 3_000).unwrap();
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for a in &played.record.actions {
        hash_action(&mut h, &game, a);
    }
    hash_position(&mut h, &played.state);
    h.0
}

fn random_game(rules: Rules, seed: u64) -> u64 {
    let game = Novuss::new(rules).unwrap();
    let mut rng = GameRng::new(seed, 0);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for _ in 0..150 {
        let a = match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Player(_) => game.sample_action(&state, &mut rng, &mut buf),
        }
        .unwrap();
        hash_action(&mut h, &game, &a);
        game.apply(&mut state, &a).unwrap();
    }
    hash_position(&mut h, &state);
    h.0
}

fn noisy() -> Rules {
    Rules::lattjo().with_noise(Some(NoiseModel {
        direction_sd: 0.01,
        speed_sd: 0.03,
    }))
}

#[test]
fn seeded_games_are_bit_identical_to_the_pinned_hashes() {
    let got = [
        planner_game(Rules::lattjo(), 1),
        planner_game(Rules::lattjo().with_players(4), 2),
        planner_game(Rules::lnf(), 3),
        random_game(noisy(), 4),
        random_game(Rules::lnf(), 5),
    ];
    assert_eq!(got, PINNED);
}

/// Re-pinned for issue 15.11 (N13 with B7: a dark disc knocked in by a body N13 does not
/// allow is now a foul, `Foul::DarkKnockedIn`): the booklet, pairs and both random games meet
/// such strokes and change; the LNF planner game does not and keeps its value. Issue 15.12
/// (per-seat debts, B14) alone changes none of them (checked with 15.11 switched off). The
/// two random games (the last two) re-pinned again for issue 15.13 (`sample_action` plays as
/// a weak player, `WEAK_PLAYER`, so that random games end), and once more for issue 16: a
/// breach of technique is now a referee's call (`Call::FoulStroke`), not a flag on the stroke,
/// so the weak player's wild strokes no longer draw one (one `below(32)` draw fewer per wild
/// stroke changes the random stream; with that draw put back the previous values reproduce,
/// so the new stroke frame and names change no bit). The planner games are unchanged by both.
/// All five re-pinned once more for issue 18's exact sliding in disc-physics (each disc moves
/// along its exact constant-deceleration path within a substep), merged with the changes above.
const PINNED: [u64; 5] = [
    0xe497_c5e4_e92f_5234,
    0x9fa9_e1e4_80e3_eae6,
    0xefe8_663a_c300_7de5,
    0x0734_e195_d438_df39,
    0x7098_8a44_ae44_479d,
];
