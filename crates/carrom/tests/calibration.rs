//! Issue 18, "carrom that plays like carrom": the calibrated jump model and the planner's
//! break. Published accounts call a coin leaving the board occasional, not routine (see
//! docs/carrom.md, "Calibration"); before the calibration a coin left the board on 59 of 60
//! planner breaks (always at 8 m/s, jump speed 4.5 m/s).

use boardgame_core::{Game, GameRng, Seat, Turn};
use lattjo_carrom::{
    Action, BASE_LINE_INSET, Carrom, HALF_SIZE, JUMP_SPEED_M_S, NoiseModel, Planner, Rules, Stroke,
    Vec2,
};

/// Breaks from nine places on the base line, each aimed at the queen or up to 3 cm to
/// either side of it, at `speed`: how many of them make a coin leave the board.
fn breaks_losing_a_coin(game: &Carrom, speed: f64) -> (usize, usize) {
    let state = game.initial_state(Seat::new(0)).unwrap();
    let mut lost = 0;
    let mut n = 0;
    for oi in -4i32..=4 {
        let offset = f64::from(oi) * 0.05;
        for ai in -3i32..=3 {
            let from = Vec2::new(offset, -HALF_SIZE + BASE_LINE_INSET);
            let dir = Vec2::new(f64::from(ai) * 0.01 - from.x, -from.y);
            let stroke = Stroke::on_base_line(offset, dir, speed);
            let mut s = state.clone();
            let r = game.strike(&mut s, &stroke).unwrap();
            n += 1;
            lost += usize::from(r.jumped > 0);
        }
    }
    (lost, n)
}

#[test]
fn issue_18_a_coin_leaves_the_board_only_on_the_hardest_breaks() {
    assert_eq!(JUMP_SPEED_M_S, 6.0);
    let game = Carrom::default();
    // Firm breaks never lose a coin; at the 8 m/s cap about one break in ten does.
    for speed in [4.0, 5.0, 6.0, 6.5] {
        assert_eq!(breaks_losing_a_coin(&game, speed).0, 0, "{speed} m/s");
    }
    let (lost, n) = breaks_losing_a_coin(&game, 8.0);
    assert!(
        lost > 0 && lost * 5 < n,
        "{lost} of {n} breaks at 8 m/s lost a coin"
    );
}

#[test]
fn issue_18_the_planner_breaks_like_a_player_not_flat_out() {
    let game = Carrom::default();
    for seat in [Seat::new(0), Seat::new(1)] {
        let state = game.initial_state(seat).unwrap();
        let Some(Action::Strike(_, stroke)) = Planner::default().choose(&game, &state) else {
            panic!("a break is due");
        };
        assert!(stroke.speed <= 6.5, "{stroke}");
    }
    // With execution noise (the tour's model) breaks pocket a few men and never lose one.
    let model = NoiseModel::default();
    let noisy = Carrom::new(Rules::lattjo().with_noise(Some(model))).unwrap();
    let (mut pocketed, mut lost) = (0, 0);
    for seed in 0..12u64 {
        let seat = Seat::new((seed % 2) as u8);
        let mut s = game.initial_state(seat).unwrap();
        let Some(Action::Strike(_, stroke)) = Planner::default().choose(&game, &s) else {
            panic!("a break is due");
        };
        // The noise node of the noisy game draws the miss; the stroke is played with it.
        let mut n = noisy.initial_state(seat).unwrap();
        noisy.apply(&mut n, &Action::Strike(seat, stroke)).unwrap();
        assert_eq!(noisy.turn(&n), Turn::Chance);
        let Some(Action::Noise(miss)) = noisy.sample_chance(&n, &mut GameRng::new(seed, 0)) else {
            panic!("a noise draw is due");
        };
        let played = stroke.perturbed(&miss);
        let outcome = game.simulate(&s, &played).unwrap();
        let r = game.strike(&mut s, &played).unwrap();
        pocketed += outcome.pocketed().len();
        lost += usize::from(r.jumped);
    }
    assert_eq!(lost, 0, "no coin left the board");
    assert!(
        (12..=60).contains(&pocketed),
        "{pocketed} pieces pocketed in 12 breaks"
    );
}
