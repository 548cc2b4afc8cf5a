//! boardgame-core's conformance kit on every preset, a hybrid and 2-4 players, each preset
//! with D7's safe stars, with made-up actions that must be refused with the state unchanged.

use boardgame_core::conformance::{ConformanceConfig, check_game};
use lattjo_ludo::{Action, Colour, Ludo, Move, MoveKind, Overshoot, Rules, SafeDots, Seats};

fn extra() -> Vec<Action> {
    let mut v: Vec<Action> = [
        "R:0>2",
        "R:0>1,0>1",
        "G:0>6",
        "Y:3>9",
        "B:44>45",
        "R:40>41xG",
        "G:-",
        "R:12>16xR",
    ]
    .iter()
    .filter_map(|s| s.parse::<Move>().ok())
    .map(Action::Move)
    .collect();
    v.push(Action::Move(Move::new(
        Colour::Blue,
        MoveKind::Step {
            from: 200,
            to: 250,
            bounce: true,
        },
        None,
    )));
    v.push(Action::Move(Move::new(
        Colour::Red,
        MoveKind::Step {
            from: 0,
            to: 3,
            bounce: false,
        },
        None,
    )));
    v.push(Action::Move(Move::new(
        Colour::Green,
        MoveKind::Enter { to: 0 },
        Some(Colour::Green),
    )));
    v
}

fn check(game: &Ludo, games: u32, seed: u64) {
    let cfg = ConformanceConfig {
        games,
        seed,
        max_plies: 100_000,
        extra_actions: extra(),
        ..ConformanceConfig::default()
    };
    let report = check_game(game, &cfg).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, games);
    assert!(report.chance_nodes > 0 && report.player_nodes > 0);
    assert!(report.refusals_checked > 0);
}

#[test]
fn conformance_lattjo_two_to_four_players() {
    for (n, seats) in [(2, "RY"), (3, "GYB"), (4, "RGYB")] {
        let g = Ludo::new(Rules::lattjo().with_seats(seats.parse::<Seats>().unwrap())).unwrap();
        assert_eq!(g.seats().len(), n);
        check(&g, 25, 100 * n as u64);
    }
}

#[test]
fn conformance_classic_and_mensch() {
    check(&Ludo::new(Rules::classic()).unwrap(), 20, 7);
    check(&Ludo::new(Rules::mensch()).unwrap(), 20, 8);
}

/// The booklet's rules with every option the presets share flipped.
fn every_option_flipped() -> Rules {
    let mut r = Rules::lattjo();
    r.overshoot = Overshoot::Illegal;
    r.max_sixes = Some(2);
    r.three_tries = true;
    r.must_move = false;
    r.play_out_places = true;
    r.own_stacking = false;
    r.clear_start = true;
    r
}

#[test]
fn conformance_hybrid_with_every_option_flipped() {
    let g = Ludo::new(every_option_flipped().with_seats("RYB".parse().unwrap())).unwrap();
    check(&g, 20, 9);
}

/// D7's separate option: Ludo King's stars on every preset (2 to 4 players), and on the
/// all-options hybrid.
#[test]
fn conformance_d7_safe_stars_on_every_preset() {
    let stars = SafeDots::LUDO_KING;
    check(
        &Ludo::new(Rules::lattjo().with_safe_dots(stars)).unwrap(),
        20,
        11,
    );
    check(
        &Ludo::new(Rules::classic().with_safe_dots(stars)).unwrap(),
        20,
        12,
    );
    check(
        &Ludo::new(Rules::mensch().with_safe_dots(stars)).unwrap(),
        20,
        13,
    );
    check(
        &Ludo::new(Rules::classic().with_safe_dots(stars).with_players(2)).unwrap(),
        20,
        14,
    );
    let r = every_option_flipped().with_safe_dots(SafeDots::new(&[0, 3, 8]).unwrap());
    check(
        &Ludo::new(r.with_seats("GYB".parse().unwrap())).unwrap(),
        20,
        15,
    );
}
