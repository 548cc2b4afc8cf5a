//! `Action`'s text: `parse(a.to_string()) == a` for every legal action of random games
//! (moves, decisions and draw claims, with and without a move), no panic on any text, and
//! whatever reads writes a text that reads back the same.

use boardgame_core::{Game, GameRng};
use lattjo_chess::{Action, Chess, ParseActionError, Position, Rules, State};
use proptest::prelude::*;

/// Starts where claims, promotions and castling come up in short random games: the initial
/// position, a rook ending five plies before the fifty-move claim (its kings and rook
/// shuffle, so positions repeat too), pawns about to promote, and castling both ways.
const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/4k3/8/8/3K4/8/R7 w - - 95 120",
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
];

/// FIDE's rules with decisions, so that resignation, draw offers and claims (also with a
/// move) are listed among the legal actions.
fn game(start: usize) -> Chess {
    let position: Position = STARTS[start].parse().expect("a valid FEN");
    Chess::new(Rules::fide().with_decisions(true))
        .expect("valid rules")
        .with_start(position)
}

/// Plays at most `plies` random actions of the game from `start` (a move seven times in
/// eight, otherwise any legal action), calling `visit` on every legal action of every
/// state visited.
fn play(seed: u64, start: usize, plies: u32, mut visit: impl FnMut(&State, &Action)) {
    let game = game(start);
    let mut rng = GameRng::new(seed, 47);
    let mut state = game.new_initial_state();
    let mut actions = Vec::new();
    for _ in 0..plies {
        game.legal_actions(&state, &mut actions);
        if actions.is_empty() {
            break;
        }
        for a in &actions {
            visit(&state, a);
        }
        let moves = actions
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .count();
        let pick = if moves > 0 && rng.below(8) != 0 {
            actions[rng.index(moves)] // the moves come first
        } else {
            actions[rng.index(actions.len())]
        };
        game.apply(&mut state, &pick)
            .expect("a listed action is legal");
    }
}

fn check(state: &State, a: &Action) {
    let text = a.to_string();
    assert_eq!(
        text.parse::<Action>().as_ref(),
        Ok(a),
        "{:?}: {a:?} is written {text:?}",
        state.position().to_string()
    );
}

/// Every kind of action turns up in the games the property test plays, claims included,
/// and each reads back from its text.
#[test]
fn random_games_list_every_kind_of_action_and_each_round_trips() {
    let mut seen = [0usize; 6];
    for seed in 0..24 {
        for start in 0..STARTS.len() {
            play(seed, start, 60, |state, a| {
                check(state, a);
                let kind = match a {
                    Action::Move(_) => 0,
                    Action::Resign => 1,
                    Action::OfferDraw => 2,
                    Action::AcceptDraw => 3,
                    Action::ClaimDraw => 4,
                    Action::ClaimDrawWith(_) => 5,
                };
                seen[kind] += 1;
            });
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "kinds seen: {seen:?}");
}

/// The words of the action texts and some that are not, for texts near the valid ones.
const WORDS: [&str; 16] = [
    "resign", "offer", "accept", "claim", "draw", "with", "e2e4", "e7e8q", "e1h1", "0000", "e2e9",
    "E2E4", "Draw", "x", "é", "",
];

/// Whitespace as a text may hold it between words.
const SPACES: [&str; 5] = [" ", "  ", "\t", "\n", "\u{3000}"];

fn near_valid() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(&SPACES[..]),
            prop::sample::select(&WORDS[..]),
        ),
        0..7,
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
    /// under FIDE's rules with decisions and claims.
    #[test]
    fn every_legal_action_of_random_games_round_trips(
        seed in any::<u64>(),
        start in 0..STARTS.len(),
    ) {
        play(seed, start, 80, check);
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
