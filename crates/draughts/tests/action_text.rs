//! `Action`'s text: `parse(a.to_string()) == a` for every legal action of random games
//! (moves and draw claims) with short and flying kings (a flying king's long jump written
//! with its captured squares, `1x19 capturing 10`); no panic on any text, and whatever reads
//! writes a text that reads back the same.

use boardgame_core::{Game, GameRng};
use lattjo_draughts::{
    Action, Draughts, Draws, KingMoves, Move, ParseActionError, Position, Rules, State,
};
use proptest::prelude::*;

/// Starts where claims and long jumps come up in random games: the initial position, kings
/// alone (their positions repeat, and forty moves pass without a man moving), and kings
/// among men.
const STARTS: [&str; 4] = [
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WK29:BK4",
    "W:WK22,K27:BK5,K10",
    "B:WK1,K3,22,26,30:BK28,K32,5,6,10",
];

/// WCDF claims with short kings or flying kings (V2).
fn game(flying: bool) -> Draughts {
    let rules = Rules::wcdf()
        .with_draws(Draws::Claim)
        .with_flying_kings(flying);
    Draughts::new(rules).expect("valid rules")
}

/// Plays at most `plies` random legal actions from `start` (a move 31 times in 32, otherwise
/// any legal action, so that games go on past the forty moves), calling `visit` on every
/// legal action of every state visited.
fn play(seed: u64, start: usize, flying: bool, plies: u32, mut visit: impl FnMut(&State, &Action)) {
    let game = game(flying);
    let position: Position = STARTS[start].parse().expect("a valid FEN");
    let mut state = game.state_from(position);
    let mut rng = GameRng::new(seed, 47);
    let mut actions = Vec::new();
    for _ in 0..plies {
        game.legal_actions(&state, &mut actions);
        if actions.is_empty() {
            break;
        }
        for a in &actions {
            visit(&state, a);
        }
        let moves: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Move(_)))
            .collect();
        let pick = if !moves.is_empty() && rng.below(32) != 0 {
            moves[rng.index(moves.len())]
        } else {
            actions[rng.index(actions.len())]
        };
        game.apply(&mut state, &pick)
            .expect("a listed action is legal");
    }
}

/// The action's text reads back as the action, whatever the king rules (a flying king's
/// long jump with its captured squares, `1x19 capturing 10`), and writes itself again.
fn check(state: &State, a: &Action) {
    let text = a.to_string();
    let read = text.parse::<Action>();
    let pos = state.position();
    assert_eq!(read.as_ref(), Ok(a), "{pos}: {a:?} is written {text:?}");
    if let Action::Move(m) = a {
        // The `capturing` form exactly when the move's own text does not give the move.
        assert_eq!(
            text.contains(" capturing "),
            m.to_string().parse::<Move>().as_ref() != Ok(m),
            "{pos}: {text:?}"
        );
        if text.contains(" capturing ") {
            assert_eq!(
                state.rules().king_moves,
                KingMoves::Flying,
                "{pos}: {text:?}"
            );
            assert_eq!(
                pos.parse_move(&m.to_string(), KingMoves::Flying).as_ref(),
                Ok(m),
                "{pos}: {text:?} against its position"
            );
        }
    }
}

/// Every kind of action turns up in the games the property test plays (each claim, and
/// long jumps with flying kings), and each reads back from its text as `check` has it.
#[test]
fn random_games_list_every_kind_of_action_and_each_round_trips() {
    let (mut moves, mut repetition, mut forty, mut long_jumps) = (0, 0, 0, 0);
    for seed in 0..16 {
        for start in 0..STARTS.len() {
            for flying in [false, true] {
                play(seed, start, flying, 200, |state, a| {
                    check(state, a);
                    match a {
                        Action::Move(m) if a.to_string().contains(" capturing ") => {
                            long_jumps += 1;
                        }
                        Action::Move(_) => moves += 1,
                        Action::ClaimDraw(lattjo_draughts::DrawReason::Repetition) => {
                            repetition += 1;
                        }
                        Action::ClaimDraw(_) => forty += 1,
                    }
                });
            }
        }
    }
    let seen = [moves, repetition, forty, long_jumps];
    assert!(
        seen.iter().all(|&n| n > 0),
        "moves, repetition and forty-move claims, long jumps: {seen:?}"
    );
}

/// The words of the action texts and some that are not, for texts near the valid ones.
const WORDS: [&str; 23] = [
    "claim",
    "capturing",
    "10",
    "14,23",
    "23,14",
    "5x32x14",
    "15,",
    ",",
    "draw",
    "repetition",
    "forty-move",
    "agreement",
    "11-15",
    "22x15",
    "15x24x31",
    "1x19",
    "15X24",
    "11-15-19",
    "33-29",
    "Claim",
    "x",
    "é",
    "",
];

/// Whitespace as a text may hold it between words.
const SPACES: [&str; 5] = [" ", "  ", "\t", "\n", "\u{3000}"];

fn near_valid() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(&SPACES[..]),
            prop::sample::select(&WORDS[..]),
        ),
        0..6,
    )
    .prop_map(|parts| parts.into_iter().flat_map(|(s, w)| [s, w]).collect())
}

/// A text that reads writes a text that reads as the same action and writes itself again.
fn reads_back(s: &str) -> Result<(), TestCaseError> {
    if let Ok(a) = s.parse::<Action>() {
        let text = a.to_string();
        prop_assert_eq!(text.parse::<Action>(), Ok(a), "{:?} -> {:?}", s, text);
        prop_assert_eq!(text.parse::<Action>().map(|b| b.to_string()), Ok(text));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `parse(a.to_string()) == a` for every legal action in every state of random games
    /// under WCDF claims, with short and flying kings (a long jump with its captures).
    #[test]
    fn every_legal_action_of_random_games_round_trips(
        seed in any::<u64>(),
        start in 0..STARTS.len(),
        flying in any::<bool>(),
    ) {
        play(seed, start, flying, 200, check);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// No panic on arbitrary text, and what reads round-trips.
    #[test]
    fn arbitrary_text_never_panics_and_what_reads_round_trips(s in "\\PC{0,48}") {
        reads_back(&s)?;
    }

    /// The same for texts made of the actions' words and other words, with any whitespace.
    #[test]
    fn texts_near_the_valid_ones_read_back(s in near_valid()) {
        reads_back(&s)?;
        if s.trim().is_empty() {
            prop_assert_eq!(s.parse::<Action>(), Err(ParseActionError::Empty));
        }
    }
}

/// Random games of WCDF draughts with flying kings (V2) played to the end: each game's
/// `Record` written as text (`seed <n>`, then one action a line) reads back whole with
/// `Record`'s `FromStr` as the same record, and replays to the state played. Before
/// `Action`'s text gave a long jump's captured squares (`1x19 capturing 10`), a king's long
/// jump was written as its path alone, which needs the position, so 44 of 50 such games'
/// records did not read back.
#[test]
fn regression_a_flying_kings_record_did_not_read_back_from_its_text() {
    use boardgame_core::{Agent, RandomAgent, Record, play_game};
    let rules = Rules::wcdf()
        .with_auto_adjudicate(true)
        .with_flying_kings(true);
    let game = Draughts::new(rules).expect("valid rules");
    let mut long_jumps = 0;
    for seed in 0..12 {
        let (mut a, mut b) = (RandomAgent, RandomAgent);
        let played = play_game(
            &game,
            seed,
            &mut [&mut a as &mut dyn Agent<Draughts>, &mut b],
            100_000,
        )
        .expect("a random game ends");
        long_jumps += played
            .record
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Move(m) if m.to_string().parse::<Move>() != Ok(*m)))
            .count();
        let text = played.record.to_string();
        let back: Record<Action> = text
            .parse()
            .unwrap_or_else(|e| panic!("seed {seed}: the record's text did not read back: {e}"));
        assert_eq!(back, played.record, "seed {seed}");
        let end = back
            .replay(&game)
            .unwrap_or_else(|e| panic!("seed {seed}: the record read back does not replay: {e:?}"));
        assert_eq!(end, played.state, "seed {seed}");
    }
    assert!(long_jumps > 0, "the games held no long jump");
}
