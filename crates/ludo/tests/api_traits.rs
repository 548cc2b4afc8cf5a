//! What the Rust API Guidelines ask of `lattjo-ludo`'s public types, checked where a user
//! relies on it.
//!
//! C-SEND-SYNC: a game server shares values between threads and moves them across, and a
//! type loses `Send` or `Sync` silently when a field changes (an `Rc`, a `Cell`), which
//! would break those users. Every public type of the crate is named below, at the types a
//! user has for the generic ones, so that such a change fails to compile here.
//! C-GOOD-ERR: every error type is a `std::error::Error` that a user can box
//! (`Send + Sync + 'static`), print, clone and compare in a test.
//! The `regression_*` tests pin traits that were missing (C-COMMON-TRAITS, C-SERDE).

use std::fmt::{Debug, Display};

/// Compiles only for a type that can be sent to and shared with another thread.
fn send_sync<T: Send + Sync>() {}

/// Compiles only for an error type as C-GOOD-ERR describes it.
fn good_error<
    T: std::error::Error + Debug + Display + Clone + PartialEq + Send + Sync + 'static,
>() {
}

#[test]
fn every_public_type_is_send_and_sync() {
    send_sync::<lattjo_ludo::Action>();
    send_sync::<lattjo_ludo::ByColour<u8>>();
    send_sync::<lattjo_ludo::Colour>();
    send_sync::<lattjo_ludo::Die>();
    send_sync::<lattjo_ludo::DieError>();
    send_sync::<lattjo_ludo::Dot>();
    send_sync::<lattjo_ludo::DotError>();
    send_sync::<lattjo_ludo::Finish>();
    send_sync::<lattjo_ludo::Geometry>();
    send_sync::<lattjo_ludo::GeometryError>();
    send_sync::<lattjo_ludo::Ludo>();
    send_sync::<lattjo_ludo::Move>();
    send_sync::<lattjo_ludo::MoveKind>();
    send_sync::<lattjo_ludo::ObservationKind>();
    send_sync::<lattjo_ludo::Opening>();
    send_sync::<lattjo_ludo::Overshoot>();
    send_sync::<lattjo_ludo::ParseActionError>();
    send_sync::<lattjo_ludo::ParseColourError>();
    send_sync::<lattjo_ludo::ParseDieError>();
    send_sync::<lattjo_ludo::ParseGeometryError>();
    send_sync::<lattjo_ludo::ParseLegalMoveError>();
    send_sync::<lattjo_ludo::ParseMoveError>();
    send_sync::<lattjo_ludo::ParseReleaseRollsError>();
    send_sync::<lattjo_ludo::ParseRulesError>();
    send_sync::<lattjo_ludo::ParseSafeDotsError>();
    send_sync::<lattjo_ludo::ParseStateError>();
    send_sync::<lattjo_ludo::PlaceError>();
    send_sync::<lattjo_ludo::Places>();
    send_sync::<lattjo_ludo::PlayError>();
    send_sync::<lattjo_ludo::Position>();
    send_sync::<lattjo_ludo::PositionError>();
    send_sync::<lattjo_ludo::Preset>();
    send_sync::<lattjo_ludo::ReleaseRolls>();
    send_sync::<lattjo_ludo::ReleaseRollsError>();
    send_sync::<lattjo_ludo::Rules>();
    send_sync::<lattjo_ludo::RulesError>();
    send_sync::<lattjo_ludo::SafeDots>();
    send_sync::<lattjo_ludo::SafeDotsError>();
    send_sync::<lattjo_ludo::Seats>();
    send_sync::<lattjo_ludo::SeatsError>();
    send_sync::<lattjo_ludo::SixRelease>();
    send_sync::<lattjo_ludo::State>();
    send_sync::<lattjo_ludo::StateError>();
    send_sync::<lattjo_ludo::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_ludo::DieError>();
    good_error::<lattjo_ludo::DotError>();
    good_error::<lattjo_ludo::GeometryError>();
    good_error::<lattjo_ludo::ParseActionError>();
    good_error::<lattjo_ludo::ParseColourError>();
    good_error::<lattjo_ludo::ParseDieError>();
    good_error::<lattjo_ludo::ParseGeometryError>();
    good_error::<lattjo_ludo::ParseLegalMoveError>();
    good_error::<lattjo_ludo::ParseMoveError>();
    good_error::<lattjo_ludo::ParseReleaseRollsError>();
    good_error::<lattjo_ludo::ParseRulesError>();
    good_error::<lattjo_ludo::ParseSafeDotsError>();
    good_error::<lattjo_ludo::ParseStateError>();
    good_error::<lattjo_ludo::PlaceError>();
    good_error::<lattjo_ludo::PlayError>();
    good_error::<lattjo_ludo::PositionError>();
    good_error::<lattjo_ludo::ReleaseRollsError>();
    good_error::<lattjo_ludo::RulesError>();
    good_error::<lattjo_ludo::SafeDotsError>();
    good_error::<lattjo_ludo::SeatsError>();
    good_error::<lattjo_ludo::StateError>();
}

#[test]
fn regression_ludo_game_was_not_hash() {
    use lattjo_ludo::{Ludo, Rules};
    use std::collections::HashSet;
    let games: HashSet<Ludo> = [
        Ludo::new(Rules::lattjo()).expect("the booklet"),
        Ludo::new(Rules::lattjo()).expect("the booklet"),
        Ludo::new(Rules::lattjo().with_players(2)).expect("two players"),
    ]
    .into_iter()
    .collect();
    assert_eq!(games.len(), 2);
}

/// A state string's `rules=` field was quoted whole in its error (C-GOOD-ERR, and the
/// workspace's bound on what one input can cost): a megabyte of options made a megabyte
/// of message. It is quoted through `boardgame_core::text::excerpt`, as every other field.
#[test]
fn regression_rules_field_was_quoted_whole_in_its_error() {
    use lattjo_ludo::{Ludo, State};
    let position = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";
    for junk in [
        format!("lattjo,{}", "x".repeat(1 << 20)),
        format!("lattjo,{}=yes", "x".repeat(1 << 20)),
        "q".repeat(1 << 20),
    ] {
        let text = format!("{position} rules={junk}");
        let e = text.parse::<State>().expect_err("no such options");
        assert!(
            e.to_string().len() < 400,
            "a {}-byte message",
            e.to_string().len()
        );
        let e = Ludo::default()
            .state_from_str(&text)
            .expect_err("no such options");
        assert!(
            e.to_string().len() < 400,
            "a {}-byte message",
            e.to_string().len()
        );
    }
}

/// `Geometry` wrote itself (`40/40/4`) but did not read itself back (C-CONV). Every
/// geometry is read back, and three numbers that make none give `GeometryError`'s reason.
#[test]
fn regression_geometry_displayed_but_did_not_parse() {
    use lattjo_ludo::{Geometry, MAX_FINISH, MAX_LOOP, ParseGeometryError};
    let mut read = 0;
    for t in (8..=MAX_LOOP).step_by(4).chain([0, 4, 9, 132]) {
        for l in 0..=t.saturating_add(1) {
            for h in 0..=MAX_FINISH {
                let text = format!("{t}/{l}/{h}");
                match Geometry::new(t, l, h) {
                    Ok(g) => {
                        assert_eq!(g.to_string(), text);
                        assert_eq!(text.parse::<Geometry>(), Ok(g), "{text}");
                        read += 1;
                    }
                    Err(e) => assert_eq!(
                        text.parse::<Geometry>(),
                        Err(ParseGeometryError::Geometry(e)),
                        "{text}"
                    ),
                }
            }
        }
    }
    assert!(read > 100_000, "{read} geometries");
    for g in [Geometry::LATTJO, Geometry::CLASSIC, Geometry::MENSCH] {
        assert_eq!(g.to_string().parse::<Geometry>(), Ok(g));
    }
    let long = "4".repeat(1 << 20);
    let long_list = format!("40/40/{}", "4/".repeat(1 << 19));
    for bad in [
        "",
        "40/40",
        "40/40/4/4",
        "40/40/4 ",
        " 40/40/4",
        "40 /40/4",
        "40/40/4\n",
        "+40/40/4",
        "40/40/-4",
        "256/40/4",
        "1000/40/4",
        "40//4",
        "//",
        "x/y/z",
        "40-40-4",
        "forty/40/4",
        &long,
        &long_list,
    ] {
        match bad.parse::<Geometry>() {
            Err(ParseGeometryError::Malformed(text)) => {
                assert!(text.chars().count() <= 70, "{text}");
                if bad.len() < 64 {
                    assert_eq!(text, bad);
                }
            }
            other => panic!("{bad:?} read as {other:?}"),
        }
    }
}

/// `ReleaseRolls` wrote itself (`{1,6}`) but did not read itself back (C-CONV). Every set
/// of faces is read back.
#[test]
fn regression_release_rolls_displayed_but_did_not_parse() {
    use lattjo_ludo::{Die, ReleaseRolls};
    for mask in 1..64u8 {
        let faces: Vec<Die> = Die::ALL
            .into_iter()
            .filter(|d| mask & 1 << (d.value() - 1) != 0)
            .collect();
        let r = ReleaseRolls::new(&faces).expect("faces");
        assert_eq!(r.to_string().parse::<ReleaseRolls>(), Ok(r), "{r}");
    }
    assert_eq!("{1,6}".parse(), Ok(ReleaseRolls::ONE_AND_SIX));
    assert_eq!("{6}".parse(), Ok(ReleaseRolls::SIX));
    let long = format!("{{{}}}", "1,".repeat(1 << 19));
    for bad in [
        "", "{}", "{", "}", "1,6", "{1,6", "1,6}", "{6,1}", "{1,1}", "{0}", "{7}", "{1,6,7}",
        "{1, 6}", "{1,6} ", " {1,6}", "{ 1,6}", "{1,,6}", "{1,6,}", "{+1}", "{-1}", "{16}", "16",
        "{x}", &long,
    ] {
        let e = bad
            .parse::<ReleaseRolls>()
            .expect_err(&bad[..bad.len().min(20)]);
        assert!(e.0.chars().count() <= 70, "{e}");
        if bad.len() < 64 {
            assert_eq!(e.0, bad);
        }
    }
}

/// `SafeDots` wrote itself (`{0,8}`) but did not read itself back (C-CONV). There are 2^128
/// sets: every set of at most two offsets, every subset of the first 13 (a quarter of the
/// Classic loop), all 128, and a few thousand more of every size are read back.
#[test]
fn regression_safe_dots_displayed_but_did_not_parse() {
    use lattjo_ludo::{MAX_LOOP, SafeDots};
    let check = |offsets: &[u8]| {
        let s = SafeDots::new(offsets).expect("offsets below 128");
        assert_eq!(s.to_string().parse::<SafeDots>(), Ok(s), "{s}");
    };
    check(&[]);
    for a in 0..MAX_LOOP {
        check(&[a]);
        for b in a + 1..MAX_LOOP {
            check(&[a, b]);
        }
    }
    for mask in 0..1u32 << 13 {
        let offsets: Vec<u8> = (0..13).filter(|&o| mask & 1 << o != 0).collect();
        check(&offsets);
    }
    check(&(0..MAX_LOOP).collect::<Vec<u8>>());
    let mut x = 0x9E37_79B9_7F4A_7C15_u64;
    for i in 0..4_000 {
        let offsets: Vec<u8> = (0..MAX_LOOP)
            .filter(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % 64 < i % 64
            })
            .collect();
        check(&offsets);
    }
    assert_eq!("{0,8}".parse(), Ok(SafeDots::LUDO_KING));
    assert_eq!("{}".parse(), Ok(SafeDots::NONE));
    let long = format!("{{{}}}", "1,".repeat(1 << 19));
    for bad in [
        "", "{", "}", "0,8", "{0,8", "0,8}", "{8,0}", "{0,0}", "{128}", "{256}", "{1000}",
        "{0, 8}", "{0,8} ", " {0,8}", "{,}", "{0,}", "{,0}", "{-1}", "{+1}", "none", "{none}",
        "0+8", "{0+8}", &long,
    ] {
        let e = bad
            .parse::<SafeDots>()
            .expect_err(&bad[..bad.len().min(20)]);
        assert!(e.0.chars().count() <= 70, "{e}");
        if bad.len() < 64 {
            assert_eq!(e.0, bad);
        }
    }
}
