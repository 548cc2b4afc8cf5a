//! The conformance kit catches broken learning encodings: each wrapper below breaks one part
//! of the `Observe` / `IndexedActions` contract of the race, and the kit must say so.

use boardgame_core::conformance::{
    ConformanceConfig, check_imperfect_observations, check_indexed_actions, check_observations,
};
use boardgame_core::race::{Race, RaceAction, RaceError, RaceRules, RaceState, RaceView};
use boardgame_core::{
    BufferSizeError, Game, GameRng, ImperfectInfo, IndexedActions, Observe, Returns, Seat, Shape,
    Turn,
};

/// How a wrapper breaks the contract.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// Encodes the next seat's hidden hand too.
    LeaksAHand,
    /// Encodes nothing that changes.
    Constant,
    /// Leaves the last element as the caller left it.
    SkipsAnElement,
    /// Marks `Advance` illegal in the mask.
    MaskMissesAnAction,
    /// Gives `Play(1)` the index of `Advance`.
    SharedIndex,
    /// Maps an index outside the mask to a legal action.
    IndexOutsideMask,
}

struct Wrapped {
    race: Race,
    fault: Fault,
}

fn wrapped(fault: Fault) -> Wrapped {
    Wrapped {
        race: Race::new(RaceRules::default().with_players(3).with_hand(2)).unwrap(),
        fault,
    }
}

impl Game for Wrapped {
    type State = RaceState;
    type Action = RaceAction;
    type Error = RaceError;
    fn num_players(&self) -> usize {
        self.race.num_players()
    }
    fn new_initial_state(&self) -> RaceState {
        self.race.new_initial_state()
    }
    fn turn(&self, s: &RaceState) -> Turn {
        self.race.turn(s)
    }
    fn legal_actions(&self, s: &RaceState, out: &mut Vec<RaceAction>) {
        self.race.legal_actions(s, out);
    }
    fn chance_outcomes(&self, s: &RaceState, out: &mut Vec<(RaceAction, f64)>) -> bool {
        self.race.chance_outcomes(s, out)
    }
    fn apply(&self, s: &mut RaceState, a: &RaceAction) -> Result<(), RaceError> {
        self.race.apply(s, a)
    }
    fn returns(&self, s: &RaceState) -> Option<Returns> {
        self.race.returns(s)
    }
}

impl ImperfectInfo for Wrapped {
    type View = RaceView;
    fn view(&self, s: &RaceState, viewer: Option<Seat>) -> RaceView {
        self.race.view(s, viewer)
    }
    fn determinize(&self, s: &RaceState, seat: Seat, rng: &mut GameRng) -> RaceState {
        self.race.determinize(s, seat, rng)
    }
}

impl Observe for Wrapped {
    fn observation_shape(&self) -> Shape {
        Shape::flat(self.race.observation_shape().size() + 3).unwrap()
    }
    fn observe(&self, s: &RaceState, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_shape().size(), out.len())?;
        let (inner, extra) = out.split_at_mut(out.len() - 3);
        self.race.observe(s, seat, inner)?;
        extra.fill(0.0);
        match self.fault {
            Fault::LeaksAHand => {
                let next = seat.next(self.num_players());
                for (slot, &c) in extra.iter_mut().zip(&s.hand(next).unwrap()) {
                    *slot = f32::from(c);
                }
            }
            Fault::Constant => out.fill(0.5),
            Fault::SkipsAnElement => {
                if let Some(last) = out.last_mut() {
                    *last = f32::NAN;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl IndexedActions for Wrapped {
    fn num_distinct_actions(&self) -> usize {
        self.race.num_distinct_actions()
    }
    fn action_index(&self, s: &RaceState, a: &RaceAction) -> Option<usize> {
        match (self.fault, a) {
            (Fault::SharedIndex, RaceAction::Play(1)) => Some(0),
            _ => self.race.action_index(s, a),
        }
    }
    fn index_action(&self, s: &RaceState, i: usize) -> Option<RaceAction> {
        match (self.fault, i) {
            (Fault::IndexOutsideMask, 1..=3) => Some(RaceAction::Advance),
            _ => self.race.index_action(s, i),
        }
    }
    fn legal_mask(&self, s: &RaceState, out: &mut [bool]) -> Result<(), BufferSizeError> {
        self.race.legal_mask(s, out)?;
        if self.fault == Fault::MaskMissesAnAction {
            out[0] = false;
        }
        if self.fault == Fault::IndexOutsideMask {
            out[1..].fill(false);
        }
        Ok(())
    }
}

fn cfg() -> ConformanceConfig<RaceAction> {
    ConformanceConfig {
        games: 20,
        seed: 3,
        ..ConformanceConfig::default()
    }
}

#[test]
fn the_faithful_wrapper_passes_every_check() {
    let game = wrapped(Fault::None);
    check_imperfect_observations(&game, &cfg()).unwrap();
    check_observations(&game, &cfg()).unwrap();
    check_indexed_actions(&game, &cfg()).unwrap();
}

#[test]
fn an_observation_that_leaks_a_hand_is_caught() {
    let err = check_imperfect_observations(&wrapped(Fault::LeaksAHand), &cfg()).unwrap_err();
    assert!(err.what.contains("cannot tell apart"), "{err}");
}

#[test]
fn an_observation_that_never_changes_is_caught() {
    let err = check_observations(&wrapped(Fault::Constant), &cfg()).unwrap_err();
    assert!(err.what.contains("not the observation"), "{err}");
    let err = check_imperfect_observations(&wrapped(Fault::Constant), &cfg()).unwrap_err();
    assert!(err.what.contains("not its observation"), "{err}");
}

#[test]
fn an_element_left_unwritten_is_caught() {
    let err = check_observations(&wrapped(Fault::SkipsAnElement), &cfg()).unwrap_err();
    assert!(err.what.contains("not written"), "{err}");
}

#[test]
fn a_mask_without_a_legal_action_is_caught() {
    let err = check_indexed_actions(&wrapped(Fault::MaskMissesAnAction), &cfg()).unwrap_err();
    assert!(err.what.contains("the mask says false at index 0"), "{err}");
}

#[test]
fn two_actions_on_one_index_are_caught() {
    let err = check_indexed_actions(&wrapped(Fault::SharedIndex), &cfg()).unwrap_err();
    assert!(err.what.contains("maps to"), "{err}");
}

#[test]
fn an_index_outside_the_mask_naming_a_legal_action_is_caught() {
    let err = check_indexed_actions(&wrapped(Fault::IndexOutsideMask), &cfg()).unwrap_err();
    assert!(err.what.contains("maps to"), "{err}");
}

#[test]
fn wrong_buffer_lengths_are_typed_errors() {
    let game = wrapped(Fault::None);
    let state = game.new_initial_state();
    let n = game.observation_shape().size();
    let mut long = vec![1.0f32; n + 1];
    assert_eq!(
        game.observe(&state, Seat::new(0), &mut long),
        Err(BufferSizeError::check(n, n + 1).unwrap_err())
    );
    assert!(long.iter().all(|&x| x == 1.0));
    let mut mask = vec![true; 2];
    assert!(game.legal_mask(&state, &mut mask).is_err());
    assert_eq!(mask, [true, true]);
}

/// A one-player toy with a continuous action: three throws of a dart to a distance in
/// `[0, 1]` (or a pass); the score is the total distance.
struct Darts {
    /// Maps parameters outside the bounds to a throw anyway.
    lax: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Dart {
    Throw(f64),
    Pass,
}

#[derive(Debug, thiserror::Error)]
#[error("not a throw in [0, 1], or the game is over")]
struct DartError;

impl Game for Darts {
    type State = (u8, f64);
    type Action = Dart;
    type Error = DartError;
    fn num_players(&self) -> usize {
        1
    }
    fn new_initial_state(&self) -> (u8, f64) {
        (0, 0.0)
    }
    fn turn(&self, s: &(u8, f64)) -> Turn {
        if s.0 < 3 {
            Turn::Player(Seat::new(0))
        } else {
            Turn::Terminal
        }
    }
    fn legal_actions(&self, s: &(u8, f64), out: &mut Vec<Dart>) {
        out.clear();
        if s.0 < 3 {
            out.extend([Dart::Pass, Dart::Throw(0.5), Dart::Throw(1.0)]);
        }
    }
    fn is_legal(&self, s: &(u8, f64), a: &Dart) -> bool {
        s.0 < 3 && !matches!(a, Dart::Throw(x) if !(0.0..=1.0).contains(x))
    }
    fn chance_outcomes(&self, _: &(u8, f64), out: &mut Vec<(Dart, f64)>) -> bool {
        out.clear();
        true
    }
    fn apply(&self, s: &mut (u8, f64), a: &Dart) -> Result<(), DartError> {
        if !self.is_legal(s, a) {
            return Err(DartError);
        }
        s.0 += 1;
        if let Dart::Throw(x) = a {
            s.1 += x;
        }
        Ok(())
    }
    fn returns(&self, s: &(u8, f64)) -> Option<Returns> {
        (s.0 >= 3).then(|| boardgame_core::BySeat::new(1, s.1))
    }
}

impl IndexedActions for Darts {
    fn num_distinct_actions(&self) -> usize {
        1
    }
    fn action_index(&self, _: &(u8, f64), a: &Dart) -> Option<usize> {
        (*a == Dart::Pass).then_some(0)
    }
    fn index_action(&self, _: &(u8, f64), i: usize) -> Option<Dart> {
        (i == 0).then_some(Dart::Pass)
    }
}

impl boardgame_core::ParametricActions for Darts {
    fn parameter_bounds(&self) -> &[(f64, f64)] {
        &[(0.0, 1.0)]
    }
    fn action_parameters(
        &self,
        _: &(u8, f64),
        a: &Dart,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError> {
        BufferSizeError::check(1, out.len())?;
        match a {
            Dart::Throw(x) => {
                out[0] = *x;
                Ok(true)
            }
            Dart::Pass => Ok(false),
        }
    }
    fn parameters_action(&self, _: &(u8, f64), p: &[f64]) -> Option<Dart> {
        match p {
            [x] if self.lax || (0.0..=1.0).contains(x) => Some(Dart::Throw(*x)),
            _ => None,
        }
    }
}

#[test]
fn parametric_actions_round_trip_and_bounds_are_enforced() {
    use boardgame_core::conformance::check_parametric_actions;
    let cfg = ConformanceConfig {
        games: 10,
        exhaustive_actions: false,
        ..ConformanceConfig::default()
    };
    let report = check_parametric_actions(&Darts { lax: false }, &cfg).unwrap();
    assert!(report.parametric_actions > 0);
    let err = check_parametric_actions(&Darts { lax: true }, &cfg).unwrap_err();
    assert!(err.what.contains("bounds"), "{err}");
}

/// A match is observed as its round followed by the score (`Match`'s `Observe`): the kit's
/// checks pass on a match of races, and the score fields follow the totals from the
/// observer's seat on.
#[test]
fn a_match_of_races_passes_every_check_and_shows_the_score() {
    use boardgame_core::{Match, MatchConfig, random_playout_capped};
    let race = Race::new(RaceRules::default()).unwrap();
    let round = race.observation_shape().size();
    let game = Match::new(race, MatchConfig::new(Some(30), Some(20)).unwrap());
    let report = check_imperfect_observations(&game, &cfg()).unwrap();
    assert!(report.observations > 0);
    check_observations(&game, &cfg()).unwrap();
    check_indexed_actions(&game, &cfg()).unwrap();

    let mut rng = GameRng::new(5, 0);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    // Play until a round has been scored, then look at the score from both seats.
    while state.rounds_played() == 0 {
        random_playout_capped(&game, &mut state, &mut rng, &mut buf, 1);
    }
    let totals = state.totals().as_slice().to_vec();
    let mut out = vec![f32::NAN; game.observation_shape().size()];
    for seat in 0..2usize {
        game.observe(&state, Seat::new(seat as u8), &mut out)
            .unwrap();
        let score = &out[round..];
        assert_eq!(score[0], totals[seat] as f32 / 30.0);
        assert_eq!(score[1], totals[1 - seat] as f32 / 30.0);
        assert_eq!(score[2], state.rounds_played() as f32 / 20.0);
        assert_eq!(score[3], f32::from(u8::from(state.is_over())));
    }
    // A finished match has no legal action in its mask.
    random_playout_capped(&game, &mut state, &mut rng, &mut buf, 100_000);
    assert!(state.is_over());
    let mut mask = vec![true; game.num_distinct_actions()];
    game.legal_mask(&state, &mut mask).unwrap();
    assert!(mask.iter().all(|m| !m));
    game.observe(&state, Seat::new(0), &mut out).unwrap();
    assert_eq!(out[round + 3], 1.0);
}
