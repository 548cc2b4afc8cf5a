//! GNU Backgammon interop (issue 14): what GNUBG shows after `set xgid`, and back.
//!
//! Source of the vectors: GNU Backgammon, `set xgid <XGID>` then its Position ID and Match ID
//! (issue 14's table).

use lattjo_backgammon::{
    Backgammon, GnubgId, IdGameState, MatchId, MatchIdError, Phase, Position, Rules, Side, State,
    Xgid,
};

/// (XGID, Position ID, Match ID) as GNU Backgammon shows them.
const VECTORS: [(&str, &str, &str); 5] = [
    (
        "XGID=-Ba-aBD-a----Ca-Aa-f-AabaB:0:0:1:00:0:0:0:0:10",
        "LX4iEBLDHnAEYQ",
        "cAkAAAAAAAAE",
    ),
    (
        "XGID=-aBaAAE-AA--aB--ac-dAa-cA-:0:0:1:52:0:0:0:0:10",
        "Tp4LASSmPoUBIQ",
        "cIkKAAAAAAAE",
    ),
    // Jacoby on.
    (
        "XGID=-F--------b--b-aa--a-aacc-:0:0:1:00:0:0:1:0:10",
        "dyXKGAA/AAAAAA",
        "cAkAAAAAAAAA",
    ),
    (
        "XGID=-A-------bc-----aaa---abd-:0:0:1:41:3:5:0:7:10",
        "b6ECNwABAAAAAA",
        "cAnmAFAAGAAE",
    ),
    (
        "XGID=-dCCCAa--A--A--A--A-a-dbcA:1:-1:1:00:2:4:0:7:10",
        "tycAEDzuLkREQA",
        "QQngAEAAEAAE",
    ),
];

#[test]
fn gnubg_vectors_xgid_to_position_id_and_match_id() {
    for (xgid, pos_id, match_id) in VECTORS {
        let x: Xgid = xgid.parse().unwrap_or_else(|e| panic!("{xgid}: {e}"));
        assert_eq!(x.to_string(), xgid, "the XGID writes back unchanged");
        assert_eq!(x.position().position_id(), pos_id, "{xgid}");
        assert_eq!(MatchId::from(&x).to_string(), match_id, "{xgid}");
        assert_eq!(
            GnubgId::from(&x).to_string(),
            format!("{pos_id}:{match_id}")
        );
    }
}

#[test]
fn gnubg_vectors_position_id_and_match_id_back_to_xgid() {
    for (xgid, pos_id, match_id) in VECTORS {
        // Every Match ID GNUBG writes decodes and re-encodes to the same 12 characters.
        let m: MatchId = match_id
            .parse()
            .unwrap_or_else(|e| panic!("{match_id}: {e}"));
        assert_eq!(m.to_string(), match_id);
        let id: GnubgId = format!("{pos_id}:{match_id}").parse().unwrap();
        assert_eq!(id.position().position_id(), pos_id);
        let back = Xgid::try_from(&id).unwrap();
        assert_eq!(back.to_string(), xgid, "{pos_id}:{match_id}");
    }
}

/// Issue 14: GNUBG's `set xgid` imports the XGID's bottom player (turn 1, upper case) as its
/// player 1, with that player's cube ownership and score in player 1's fields.
#[test]
fn regression_bottom_player_is_gnubg_player_1() {
    // Vector 5: the top player (Black) owns the cube at 2, scores bottom 2, top 4.
    let x: Xgid = VECTORS[4].0.parse().unwrap();
    let m = MatchId::from(&x);
    assert_eq!(m.on_roll(), Side::White);
    assert_eq!(m.cube_owner(), Some(Side::Black));
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 4));
    // In the key: cube owner 0 (GNUBG's player 0 = Black), player on roll 1 (White).
    let key = m.to_string();
    assert_eq!(&key[..1], "Q"); // bits 0-5 = 0b010000 >> ... cube 1, owner 0
    assert_eq!(Side::White.gnubg_player(), 1);
    // Vector 4: the bottom player (White, on roll with 4-1) has 3, the top player 5.
    let m = MatchId::from(&VECTORS[3].0.parse::<Xgid>().unwrap());
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (3, 5));
    assert_eq!(m.dice().map(|d| (d.high(), d.low())), Some((4, 1)));
}

/// Issue 14: bit 66 of the Match ID key is set when the Jacoby rule is not in use; GNUBG
/// writes it in money play without Jacoby and in match play.
#[test]
fn regression_jacoby_bit_decodes() {
    for (_, _, match_id) in VECTORS {
        let m: MatchId = match_id.parse().unwrap();
        assert_eq!(m.jacoby(), match_id.ends_with('A'), "{match_id}");
    }
}

/// A pending double (`D`): GNUBG's `SetMatchID` "cannot handle positions where a double has
/// been offered" and steps back to the doubler before doubling.
#[test]
fn set_xgid_steps_back_a_pending_double() {
    let doubled: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:0:0:0:0:10"
        .parse()
        .unwrap();
    let rolled: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10"
        .parse()
        .unwrap();
    assert_eq!(MatchId::from(&doubled), MatchId::from(&rolled));
    assert_eq!(MatchId::from(&doubled).on_roll(), Side::Black);
    // The state keeps the double.
    let s = State::try_from(&doubled).unwrap();
    assert_eq!(s.phase(), Phase::Doubled);
    assert_eq!(s.to_gnubg_id().match_id().turn(), Side::White);
    assert!(s.to_gnubg_id().match_id().double_offered());
}

/// The combined GNUBG ID reads into a state and writes back; a state's ID reads back to it.
#[test]
fn gnubg_id_state_round_trip() {
    for (xgid, pos_id, match_id) in VECTORS {
        let text = format!("{pos_id}:{match_id}");
        let s = State::from_gnubg_id(&text).unwrap();
        let from_xgid: State = xgid.parse().unwrap();
        assert_eq!(s, from_xgid, "{xgid}");
        // The Jacoby flag belongs to the rules: the rules-neutral export writes it off, a
        // game under the Jacoby rule writes it on.
        let jacoby = match_id.ends_with('A');
        let game = Backgammon::new(Rules::standard().with_jacoby(jacoby)).unwrap();
        assert_eq!(game.gnubg_id(&s).to_string(), text);
        assert_eq!(game.xgid(&s).to_string(), xgid);
        let neutral = s.to_gnubg_id().to_string();
        assert_eq!(neutral[..26], text[..26]);
        assert_eq!(s.to_string().parse::<State>().unwrap(), s);
    }
}

/// Issue 15.5: a finished game (a side with all 15 off, or an ended game state) is refused on
/// import; the empty board is no position at all.
#[test]
fn regression_finished_games_are_refused_on_import() {
    use lattjo_backgammon::ImportError;
    assert!(matches!(
        State::from_gnubg_id("AAAAAAAAAAAAAA:cAkAAAAAAAAA"),
        Err(ImportError::GnubgId(_))
    ));
    assert!(
        "XGID=--------------------------:0:0:1:00:0:0:0:0:10"
            .parse::<State>()
            .is_err()
    );
    // White (bottom) has borne off everything; Black has one checker left.
    let x = "XGID=a-------------------------:0:0:1:00:0:0:0:0:10";
    assert!(x.parse::<Xgid>().is_ok(), "the XGID itself is well formed");
    assert_eq!(x.parse::<State>(), Err(ImportError::Finished));
    let id = GnubgId::from(&x.parse::<Xgid>().unwrap()).to_string();
    assert_eq!(State::from_gnubg_id(&id), Err(ImportError::Finished));
    // A Match ID whose game has ended.
    let start = Position::start(Side::White);
    let over = lattjo_backgammon::MatchIdSetup {
        game_state: IdGameState::Over,
        ..lattjo_backgammon::MatchIdSetup::money_start()
    };
    let over = GnubgId::new(start, MatchId::try_from(over).unwrap());
    assert_eq!(State::try_from(&over), Err(ImportError::Finished));
}

/// The Match ID text never panics and refuses what GNUBG's own reader refuses.
#[test]
fn match_id_refuses_what_gnubg_refuses() {
    // Cube owner code 2 (bits 4-5 = 2): 'g' = 32 = 0b100000 puts 2 in bits 4-5? The first
    // character holds bits 2-7 of byte 0 (key bits 2..7): 0b100000 sets key bit 7 (Crawford)
    // ... build it from the layout instead.
    let mut m = MatchId::money_start().to_string().into_bytes();
    // First char = key bits 2..7 of byte 0 (base64 is big-endian within bytes): byte 0 of the
    // money start is 0b0111_0000 (owner 3, player 1 on roll); owner 2 is 0b0110_0000.
    m[0] = b'Y'; // 0b011000 -> byte 0 = 0b0110_00xx
    assert_eq!(
        String::from_utf8(m).unwrap().parse::<MatchId>(),
        Err(MatchIdError::BadCubeOwner)
    );
}

/// `set xgid` with the top player on roll: SetXGID itself keeps the bottom player as player
/// 1 (so the top player, Black, is on roll as player 0); GNUBG then offers `swap players`,
/// which it performs in batch mode. Both forms are available, and the swap keeps the
/// Position ID (the side on roll is listed second either way).
#[test]
fn top_player_on_roll_and_gnubgs_swap_players() {
    let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:4:0:7:10"
        .parse()
        .unwrap();
    let id = GnubgId::from(&x);
    let m = id.match_id();
    assert_eq!(m.on_roll(), Side::Black);
    assert_eq!(m.turn(), Side::Black);
    assert_eq!(m.cube_owner(), Some(Side::Black));
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 4));
    // In the key: player on roll 0, cube owner 0, player 0's score (Black's, 4) first.
    let swapped = id.swap_players();
    assert_eq!(swapped.match_id().on_roll(), Side::White);
    assert_eq!(swapped.match_id().cube_owner(), Some(Side::White));
    assert_eq!(swapped.match_id().score(Side::White), 4);
    assert_eq!(
        swapped.position().position_id(),
        id.position().position_id()
    );
    assert_eq!(swapped.swap_players(), id);
    // Both read back to states that are the same game with the colours exchanged.
    let a = State::try_from(&id).unwrap();
    let b = State::try_from(&swapped).unwrap();
    assert_eq!(a.position().swap_colours(), *b.position());
    assert_eq!(a, x.to_string().parse::<State>().unwrap());
}
