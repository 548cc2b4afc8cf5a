//! Value stability: seeded games pinned by a hash of their records and final positions.
//!
//! Source of the pinned values: this crate after the issue 18 calibration (the jump speed
//! raised from 4.5 to 6 m/s, the planner's break chosen like a player's: firm, beside the
//! queen, judged with two slightly missed copies), which changed every game once; before it,
//! the values of commit afb74c3 had held through every change since. Any later change that
//! alters a single bit of a stroke, a noise draw or a resting position fails here. Regenerate
//! only for an intended change of the game's behaviour, and say so in the commit.

use boardgame_core::{Agent, Game, GameRng, Turn, play_game};
use lattjo_carrom::{Action, Call, Carrom, DueChoice, NoiseModel, Planner, Rules, State};

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

fn hash_action(h: &mut Fnv, a: &Action) {
    match a {
        Action::Toss(s) => {
            h.word(1);
            h.word(s.index() as u64);
        }
        Action::Strike(s, k) => {
            h.word(2);
            h.word(s.index() as u64);
            h.f(k.place.x);
            h.f(k.direction.x);
            h.f(k.direction.y);
            h.f(k.speed);
        }
        Action::Noise(n) => {
            h.word(3);
            h.f(n.slip);
            h.f(n.speed_error);
        }
        Action::Pass(s) => {
            h.word(5);
            h.word(s.index() as u64);
        }
        Action::Dues(s, c) => {
            h.word(6);
            h.word(s.index() as u64);
            h.word(u64::from(*c == DueChoice::Decline));
        }
        Action::Call(c) => {
            h.word(7);
            match c {
                Call::FoulStroke(s, k) => {
                    h.word(s.index() as u64);
                    h.f(k.place.x);
                    h.f(k.direction.x);
                    h.f(k.direction.y);
                    h.f(k.speed);
                }
                Call::TechnicalFoul(s) => h.word(s.index() as u64 + 100),
            }
        }
    }
}

fn hash_state(h: &mut Fnv, s: &State) {
    for p in s.pieces() {
        match p {
            Some(p) => {
                h.f(p.x);
                h.f(p.y);
            }
            None => h.word(u64::MAX),
        }
    }
    h.word(s.strokes().into());
    h.word(s.to_move().index() as u64);
    if let Some(r) = s.result() {
        // Every board in the golden games has a winner: `w as u64`, as the hashes were pinned.
        h.word(r.winner.map_or(u64::MAX, |w| w as u64));
        h.word(r.points[0] as u64);
        h.word(r.points[1] as u64);
    }
}

/// The ICF preset as it stood when the hashes were pinned (before the section 5 gaps were
/// closed): the later options are off, so these games must not change. The review's fixes
/// (ICF 75-85 scoring, `board_end_scoring`; ICF 68(b), `queen_while_owing_goes_back`; ICF
/// 68(d); ICF 81 only with the queen on the board) stay on: these two games reach none of the
/// cases they change (their hashes held, so they were not regenerated).
fn icf_as_pinned() -> Rules {
    let mut r = Rules::icf();
    r.extra_point_if_demanded = false;
    r.dues_off_centre_circle = false;
    r.dues_may_be_declined = false;
    r.referee_calls = false;
    r.games_per_match = 1;
    r
}

fn planner_board(rules: Rules, seed: u64) -> u64 {
    let game = Carrom::new(rules).unwrap();
    let mut planners: Vec<Planner> = (0..rules.players).map(|_| Planner::default()).collect();
    let mut agents: Vec<&mut dyn Agent<Carrom>> = planners
        .iter_mut()
        .map(|a| a as &mut dyn Agent<Carrom>)
        .collect();
    let played = play_game(&game, seed, &mut agents, 5_000).unwrap();
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for a in &played.record.actions {
        hash_action(&mut h, a);
    }
    hash_state(&mut h, &played.state);
    h.0
}

fn random_board(rules: Rules, seed: u64) -> u64 {
    let game = Carrom::new(rules).unwrap();
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
        hash_action(&mut h, &a);
        game.apply(&mut state, &a).unwrap();
    }
    hash_state(&mut h, &state);
    h.0
}

#[test]
fn seeded_planner_boards_are_bit_identical_to_the_pinned_hashes() {
    let got = [
        planner_board(Rules::lattjo(), 1),
        planner_board(Rules::lattjo().with_players(4), 2),
        planner_board(icf_as_pinned(), 3),
        planner_board(Rules::lattjo().with_noise(Some(NoiseModel::default())), 4),
    ];
    assert_eq!(got, PLANNER);
}

#[test]
fn seeded_random_boards_are_bit_identical_to_the_pinned_hashes() {
    let got = [
        random_board(Rules::lattjo(), 5),
        random_board(Rules::lattjo().with_players(4), 6),
        random_board(icf_as_pinned().with_noise(Some(NoiseModel::default())), 7),
    ];
    assert_eq!(got, RANDOM);
}

// Re-pinned when issue 18's exact sliding (disc-physics) met the carrom calibration (jump
// speed, the planner's break, execution noise): both change every stroke's path.
const PLANNER: [u64; 4] = [
    0x6eb2_b486_c331_4dcb,
    0xcab8_2ede_2807_9eae,
    0x0b07_1816_7c43_f3bf,
    0xd8b9_c9f2_ff43_3d47,
];
// Re-pinned (5 Dec 2026) when the random sampler's stroke directions moved from the
// platform's `sin`, `cos` and `acos` to the crate's own sine and cosine (`+ - * /` only), so
// that a seeded random game is the same record on every machine; the planner's boards above
// did not change.
const RANDOM: [u64; 3] = [
    0xf0e0_bbdc_34d8_59d5,
    0x60e0_4fa8_d05c_5533,
    0x06c4_4f1a_7190_bfd0,
];

/// The full ICF preset (ICF 75-85 scoring, dues declinable by an opponent of their colour,
/// dues off the centre circle): first pinned after 4b45f01 (the review's fixes), re-pinned with
/// the others for the issue 18 calibration, from this crate's own output, for value stability
/// only.
#[test]
fn seeded_full_icf_boards_are_bit_identical_to_the_pinned_hashes() {
    let got = [
        planner_board(
            Rules::icf()
                .with_players(4)
                .with_noise(Some(NoiseModel::default())),
            9,
        ),
        random_board(Rules::icf(), 10),
    ];
    assert_eq!(got, ICF_FULL, "{got:#x?}");
}

// The random board re-pinned with `RANDOM` (the sampler's own sine and cosine).
const ICF_FULL: [u64; 2] = [0x943d_63ee_d062_e920, 0x7328_9fb7_d180_858e];
