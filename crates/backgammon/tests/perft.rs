//! Published perft figures and per-roll opening counts (source: the issue, matching GNU
//! Backgammon's distinct-position move generation from the standard start).

use lattjo_backgammon::{
    Dice, PlayList, Position, Side, SingleDiePolicy, perft, perft_divide, perft_parallel,
};

/// The 21 opening counts under `Standard` (issue 5).
const OPENING: [(u8, u8, usize); 21] = [
    (6, 5, 7),
    (6, 4, 14),
    (6, 3, 14),
    (6, 2, 14),
    (6, 1, 10),
    (5, 4, 9),
    (5, 3, 9),
    (5, 2, 8),
    (5, 1, 8),
    (4, 3, 17),
    (4, 2, 18),
    (4, 1, 14),
    (3, 2, 17),
    (3, 1, 16),
    (2, 1, 15),
    (6, 6, 11),
    (5, 5, 4),
    (4, 4, 52),
    (3, 3, 73),
    (2, 2, 75),
    (1, 1, 42),
];

// A17, B5, B6, B16: distinct resulting positions per opening roll.
#[test]
fn a17_opening_counts_per_roll_standard() {
    let start = Position::start(Side::White);
    let mut list = PlayList::new();
    for (h, l, n) in OPENING {
        let d = Dice::new(h, l).unwrap();
        assert_eq!(
            list.generate(&start, d, SingleDiePolicy::Standard),
            n,
            "{d}"
        );
        // Every result is distinct (A17).
        let r: Vec<Position> = list.results().collect();
        for i in 0..r.len() {
            for j in i + 1..r.len() {
                assert_ne!(r[i], r[j], "{d}: duplicate result");
            }
        }
    }
}

#[test]
fn perft_1_is_447() {
    assert_eq!(
        perft(&Position::start(Side::White), 1, SingleDiePolicy::Standard),
        447
    );
    assert_eq!(
        perft(&Position::start(Side::Black), 1, SingleDiePolicy::Standard),
        447
    );
}

#[test]
fn perft_2_is_202782() {
    assert_eq!(
        perft(&Position::start(Side::White), 2, SingleDiePolicy::Standard),
        202_782
    );
}

#[test]
fn perft_divide_matches_opening_counts() {
    let d = perft_divide(&Position::start(Side::White), 1, SingleDiePolicy::Standard);
    for ((dice, n), (h, l, want)) in d.iter().zip(OPENING) {
        assert_eq!(*dice, Dice::new(h, l).unwrap());
        assert_eq!(*n, want as u64);
    }
    let sum: u64 = perft_divide(&Position::start(Side::White), 2, SingleDiePolicy::Standard)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(sum, 202_782);
}

// Colour symmetry (section 7): swapping colours gives the same counts.
#[test]
fn colour_symmetry_same_counts() {
    let start = Position::start(Side::White);
    let mut list = PlayList::new();
    let mut a = Vec::new();
    for d in Dice::ALL {
        list.generate(&start, d, SingleDiePolicy::Standard);
        for r in list.results().collect::<Vec<_>>() {
            a.push(perft(&r, 1, SingleDiePolicy::Standard));
            assert_eq!(
                perft(&r.swap_colours(), 1, SingleDiePolicy::Standard),
                *a.last().unwrap()
            );
        }
    }
}

/// perft(3) = 116,154,993 takes about a second in release; the bench asserts it too.
#[test]
#[ignore = "a few seconds; run with --ignored or see benches/benches/backgammon_perft.rs"]
fn perft_3_is_116154993() {
    let start = Position::start(Side::White);
    assert_eq!(perft(&start, 3, SingleDiePolicy::Standard), 116_154_993);
    assert_eq!(
        perft_parallel(&start, 3, SingleDiePolicy::Standard, 2),
        116_154_993
    );
}

/// Issue 17: parallel perft counts the same as serial perft for 1, 2 and 4 threads, from the
/// start and from positions with the bar, bear-offs and blocks, under both policies.
#[test]
fn parallel_perft_counts_are_identical_for_1_2_4_threads() {
    let mut positions = vec![Position::start(Side::White), Position::start(Side::Black)];
    for x in [
        // Vectors of issue 14 (bar, contact, match positions) and a bear-off.
        "XGID=-Ba-aBD-a----Ca-Aa-f-AabaB:0:0:1:00:0:0:0:0:10",
        "XGID=-aBaAAE-AA--aB--ac-dAa-cA-:0:0:1:52:0:0:0:0:10",
        "XGID=-A-------bc-----aaa---abd-:0:0:1:41:3:5:0:7:10",
        "XGID=-dCCCAa--A--A--A--A-a-dbcA:1:-1:1:00:2:4:0:7:10",
        "XGID=-BBCCBC------------bbccbc-:0:0:-1:00:0:0:0:0:10",
    ] {
        positions.push(*x.parse::<lattjo_backgammon::Xgid>().unwrap().position());
    }
    for p in positions {
        for policy in [SingleDiePolicy::Standard, SingleDiePolicy::Lattjo] {
            for depth in [1, 2] {
                let serial = perft(&p, depth, policy);
                for threads in [1, 2, 4] {
                    assert_eq!(
                        perft_parallel(&p, depth, policy, threads),
                        serial,
                        "{} depth {depth} {policy:?} {threads} threads",
                        p.position_id()
                    );
                }
            }
        }
    }
    assert_eq!(
        perft_parallel(
            &Position::start(Side::White),
            2,
            SingleDiePolicy::Standard,
            4
        ),
        202_782
    );
}

/// Regression: a deep perft walked the tree one stack frame and one play list a ply, so a
/// depth of some thousands overflowed the stack and one near `u32::MAX` asked for about a
/// terabyte of lists, either of which aborts the process. A depth above `MAX_PERFT_DEPTH`
/// is refused before any list is made.
#[test]
fn regression_a_deep_perft_overflowed_the_stack_or_the_memory() {
    use lattjo_backgammon::{MAX_PERFT_DEPTH, try_perft, try_perft_divide, try_perft_parallel};
    let start = Position::start(Side::White);
    for policy in [SingleDiePolicy::Standard, SingleDiePolicy::Lattjo] {
        for depth in [MAX_PERFT_DEPTH + 1, 20_000, u32::MAX] {
            let alone = try_perft(&start, depth, policy);
            assert_eq!(alone.map_err(|e| e.depth), Err(depth));
            let parallel = try_perft_parallel(&start, depth, policy, 2);
            assert_eq!(parallel.map_err(|e| e.depth), Err(depth));
            let divided = try_perft_divide(&start, depth, policy);
            assert_eq!(divided.map_err(|e| e.depth), Err(depth));
        }
        assert_eq!(try_perft(&start, 1, policy), Ok(perft(&start, 1, policy)));
        assert_eq!(
            try_perft_divide(&start, 1, policy),
            Ok(perft_divide(&start, 1, policy))
        );
    }
}

/// `perft` is `try_perft`'s panicking twin (its `# Panics`).
#[test]
#[should_panic(expected = "perft depth 65 is above the limit of 64 plies")]
fn perft_panics_above_the_depth_limit() {
    let _ = perft(&Position::start(Side::White), 65, SingleDiePolicy::Standard);
}

/// `perft_parallel` is `try_perft_parallel`'s panicking twin.
#[test]
#[should_panic(expected = "perft depth 1000 is above the limit of 64 plies")]
fn perft_parallel_panics_above_the_depth_limit() {
    let start = Position::start(Side::White);
    let _ = perft_parallel(&start, 1_000, SingleDiePolicy::Standard, 2);
}

/// `perft_divide` is `try_perft_divide`'s panicking twin.
#[test]
#[should_panic(expected = "perft depth 4294967295 is above the limit of 64 plies")]
fn perft_divide_panics_above_the_depth_limit() {
    let _ = perft_divide(
        &Position::start(Side::White),
        u32::MAX,
        SingleDiePolicy::Standard,
    );
}
