//! Regression guard: the game records of the presets that existed before Five-Up (and a few
//! option sets with the spinner) are pinned. Seeded uniform random rounds (deal, draws and
//! moves all drawn from one `GameRng` through the `Game` trait) are written out as text (the
//! round record, the final layout and the points) and hashed (FNV-1a, 64 bits). The pins were
//! taken before the spinner option grew into `SpinnerRule`; a changed hash means a changed
//! move order, move set, layout text or score for an existing game.

use boardgame_core::{Game, GameRng, Match, MatchConfig, Seat, Turn};
use lattjo_dominoes::{Dominoes, NextRoundLeader, Rules, SpinnerRule};

fn fnv(hash: &mut u64, text: &str) {
    for b in text.bytes() {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// Plays `n` seeded rounds and hashes their records, final layouts and points.
fn records_hash<G: Game>(game: &G, n: u64, describe: impl Fn(&G::State) -> String) -> u64
where
    G::Action: std::fmt::Display,
{
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut buf = Vec::new();
    for seed in 0..n {
        let mut rng = GameRng::new(seed, 11);
        let mut s = game.new_initial_state();
        let mut text = String::new();
        while game.turn(&s) != Turn::Terminal {
            let a = match game.turn(&s) {
                Turn::Chance => game.sample_chance(&s, &mut rng),
                _ => game.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("a live node has an action");
            text.push_str(&format!("{a}\n"));
            game.apply(&mut s, &a).expect("generated actions are legal");
        }
        text.push_str(&describe(&s));
        fnv(&mut hash, &text);
    }
    hash
}

fn round_hash(rules: Rules, n: u64) -> u64 {
    let game = Dominoes::new(rules).expect("rules");
    records_hash(&game, n, |s| {
        let r = s.result().expect("over");
        format!("{}\n{:?} {:?}\n", s.layout(), r.winner, r.points)
    })
}

#[test]
fn existing_presets_play_the_same_records_as_before_five_up() {
    let cases: [(&str, Rules, u64); 16] = [
        ("lattjo 2", Rules::lattjo(), PINS[0]),
        ("lattjo 3", Rules::lattjo().with_players(3), PINS[1]),
        ("lattjo 4", Rules::lattjo().with_players(4), PINS[2]),
        ("lattjo 5", Rules::lattjo().with_players(5), PINS[3]),
        ("block 2", Rules::block(), PINS[4]),
        ("draw 3", Rules::draw().with_players(3), PINS[5]),
        ("all fives 2", Rules::all_fives(), PINS[6]),
        ("all fives 3", Rules::all_fives().with_players(3), PINS[7]),
        ("all fives 4", Rules::all_fives().with_players(4), PINS[8]),
        ("muggins 2", Rules::muggins(), PINS[9]),
        ("muggins 4", Rules::muggins().with_players(4), PINS[10]),
        ("partnership", Rules::partnership(), PINS[11]),
        (
            "double nine",
            Rules::double_nine().with_players(4).with_hand_size(Some(7)),
            PINS[12],
        ),
        (
            "double twelve",
            Rules::double_twelve()
                .with_players(6)
                .with_hand_size(Some(10)),
            PINS[13],
        ),
        (
            "booklet with the first-double spinner",
            Rules::lattjo().with_spinner(SpinnerRule::FirstDouble),
            PINS[14],
        ),
        (
            "all fives, double-nine, partners",
            Rules::all_fives()
                .with_players(4)
                .with_highest(9)
                .with_hand_size(Some(9))
                .with_partnerships(true),
            PINS[15],
        ),
    ];
    let mut got = Vec::new();
    for (name, rules, _) in &cases {
        got.push((name, round_hash(*rules, 60)));
    }
    for ((name, rules, pin), (_, hash)) in cases.iter().zip(&got) {
        assert_eq!(
            *hash, *pin,
            "{name} ({rules:?}): records changed: {got:#x?}"
        );
    }
}

#[test]
fn existing_matches_play_the_same_records_as_before_five_up() {
    let cases = [
        (Rules::all_fives(), 121, PINS[16]),
        (
            Rules::lattjo()
                .with_players(4)
                .with_next_round_leader(NextRoundLeader::NextClockwise),
            100,
            PINS[17],
        ),
    ];
    for (i, (rules, target, pin)) in cases.into_iter().enumerate() {
        let game = Match::new(
            Dominoes::new(rules).expect("rules"),
            MatchConfig::new(Some(target), None).expect("config"),
        );
        let hash = records_hash(&game, 8, |s| {
            format!("{:?} {}\n", s.totals(), s.rounds_played())
        });
        assert_eq!(hash, pin, "{i} {rules:?}: match records changed: {hash:#x}");
    }
}

/// `sample_action` and `sample_chance` are fast paths (issue 17) that must pick what the
/// trait's defaults pick from the same draws, or seeded games change: the `k`-th of
/// `legal_actions` for `k = rng.index(len)`, and the `k`-th of `chance_outcomes`. Checked at
/// every node of seeded rounds of every preset, with the opening named by the rules (the
/// highest double, D4) and free (a seat opens with any tile, E7), and the generators must
/// be in the same state afterwards (the same number of draws).
#[test]
fn sampling_draws_what_the_trait_defaults_draw_from_the_same_draws() {
    let presets = [
        Rules::lattjo(),
        Rules::lattjo().with_players(3),
        Rules::lattjo().with_players(4),
        Rules::block(),
        Rules::draw().with_players(3),
        Rules::all_fives(),
        Rules::muggins(),
        Rules::five_up(),
        Rules::five_up().with_players(4),
        Rules::partnership(),
        Rules::double_nine(),
        Rules::double_twelve(),
    ];
    let (mut buf, mut listed, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
    let mut nodes = [0u32; 2];
    for rules in presets {
        let game = Dominoes::new(rules).expect("a preset is valid");
        for seed in 0..120u64 {
            let mut state = if seed % 2 == 0 {
                game.new_initial_state()
            } else {
                let first = Seat::new((seed % rules.players as u64) as u8);
                game.initial_state(first).expect("a seat at the table")
            };
            let mut rng = GameRng::new(seed, 5);
            loop {
                let mut default = rng.clone();
                let (fast, slow) = match game.turn(&state) {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        game.chance_outcomes(&state, &mut outcomes);
                        let k = default.index(outcomes.len());
                        nodes[0] += 1;
                        (game.sample_chance(&state, &mut rng), Some(outcomes[k].0))
                    }
                    Turn::Player(_) => {
                        game.legal_actions(&state, &mut listed);
                        let k = default.index(listed.len());
                        nodes[1] += 1;
                        let fast = game.sample_action(&state, &mut rng, &mut buf);
                        (fast, Some(listed[k]))
                    }
                };
                assert_eq!(fast, slow, "{rules:?}, seed {seed}");
                assert_eq!(rng.next_u64(), default.next_u64(), "{rules:?}, seed {seed}");
                let a = fast.expect("a live node has an action");
                game.apply(&mut state, &a)
                    .expect("a sampled action is legal");
            }
        }
    }
    assert!(nodes[0] > 20_000 && nodes[1] > 20_000, "{nodes:?}");
}

const PINS: [u64; 18] = [
    0xcd268611d18af2e3,
    0x933580e21d1a688b,
    0xe773b96ff68bc8cd,
    0x2fe947fa96a54834,
    0xb463bf1c8a7d7beb,
    0xa5d7a38965515c34,
    0x22afe0eb55527beb,
    0x71eab1ab4fe4e1bb,
    0xae0a796b4fb1a6d5,
    0xa4a7d86912411253,
    0xdff7548cee8febce,
    0xa0bc35b7fa32d3f8,
    0x96b6ae75a80af551,
    0xf8f4a4a69a0d6399,
    0xd302d112e4f5fc83,
    0x8a89d46082efa630,
    0xcc980031e3a04a8a,
    0x2992aa7b13b1b06e,
];
