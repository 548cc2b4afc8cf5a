//! lattjo-backgammon: XGID, GNU Backgammon's Position ID, Match ID and combined ID, move
//! notation, `State`'s `FromStr`, Jellyfish `.mat` match files, the JSON of every
//! deserializable type and `apply`.

use lattjo_backgammon::boardgame_core::{Agent, RandomAgent, play_game};
use lattjo_backgammon::fibs::FibsBoard;
use lattjo_backgammon::mat::{MATCH_RULES, MatFile, Replay};
use lattjo_backgammon::sgf::SgfFile;
use lattjo_backgammon::{
    Action, Backgammon, Dice, Game, GnubgId, Label, MatchContext, MatchId, MatchIdSetup,
    NotationStyle, ObservationKind, OtherRulesError, Outcome, Phase, Play, PlayError, PlayList,
    Position, PositionSetup, ResignLevel, Rules, Side, SingleDiePolicy, State, StateSetup, Step,
    WinKind, XgDice, Xgid, XgidSetup,
};
use lattjo_backgammon::{Match, MatchConfig};

use crate::{
    Bytes, check_json_reads_back, check_learning, joined, json_round_trip, play_from_bytes,
    random_states, seed_bytes, split, text, text_round_trip, to_json,
};

/// Real XGIDs: the start, openings, match scores (Crawford, post-Crawford), cubes, doubles,
/// bear-offs, contact and the finished and impossible ones of issue 15.4/15.5.
const XGIDS: &[&str] = &[
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:6:1:7:10",
    "XGID=-b----E-D--AeC---c-e----B-:0:0:-1:00:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:3:4:0:9:10",
    "XGID=-a-BBBBB---------------bbbb-:2:-1:1:66:0:0:3:0:10",
    "XGID=aA--BBBC-----------abbbcb-A:0:0:1:64:5:6:0:7:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:5:0:2:10",
    "XGID=a-------------------------:0:0:1:00:0:0:0:0:10",
    "XGID=--------------------------:0:0:1:00:0:0:0:0:10",
    "XGID=-BBBBBC-----------------bcb-:4:1:-1:21:12:3:0:15:12",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:2:0:10",
];

/// Real GNU Backgammon IDs (`PositionID:MatchID`), among them issue 15.4/15.5's.
const GNUBG_IDS: &[&str] = &[
    "4HPwATDgc/ABMA:cAkAAAAAAAAE",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:QYkqAAAAAAAA",
    "4HPwATDgc/ABMA:MIEFAAAAAAAA",
    "jGfkASjg8wcBMA:cInuAEAAIAAA",
    "AAAAAAAAAAAAAA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:EQFgAaAAoAAA",
    "sNvBAAAAAAAAAA:UQmgAAAAAAAA",
    "4HPhASLgc/ABMA:8ImgAAAAAAAA",
];

const POLICIES: [SingleDiePolicy; 2] = [SingleDiePolicy::Lattjo, SingleDiePolicy::Standard];

/// A valid position: 15 checkers a side, never both colours on a point, rebuilt from its
/// setup and from its Position ID.
fn check_position(p: &Position) {
    for side in [Side::White, Side::Black] {
        let total: u32 = p.checkers(side).iter().map(|&c| u32::from(c)).sum();
        assert_eq!(total, 15, "{p:?}: {side:?} has {total} checkers");
    }
    let w = p.checkers(Side::White);
    let b = p.checkers(Side::Black);
    for pt in 1..=24 {
        assert!(
            w[pt] == 0 || b[25 - pt] == 0,
            "{p:?}: point {pt} holds both colours"
        );
    }
    assert!(
        !(p.has_won(Side::White) && p.has_won(Side::Black)),
        "{p:?}: both sides borne off"
    );
    assert_eq!(
        Position::try_from(PositionSetup::from(*p)).as_ref(),
        Ok(p),
        "setup"
    );
    let id = p.position_id();
    assert_eq!(
        Position::from_position_id(&id, p.to_move()).as_ref(),
        Ok(p),
        "Position ID {id}"
    );
}

/// A valid state: its position, its fields through `StateSetup`, its JSON, and its XGID and
/// GNUBG ID where the formats hold the whole state (see `State::to_xgid`).
fn check_state(s: &State, game: &Backgammon) {
    check_position(s.position());
    assert_eq!(
        State::try_from(s.setup()).as_ref(),
        Ok(s),
        "{s:?}: setup round trip"
    );
    assert_eq!(
        s.phase() == Phase::Over,
        s.outcome().is_some(),
        "{s:?}: outcome"
    );
    // Dice to play, or kept while a resignation offered after the roll waits (D6).
    match s.phase() {
        Phase::Moving => assert!(s.dice().is_some(), "{s:?}: dice"),
        Phase::ResignOffered(_) => {}
        _ => assert!(s.dice().is_none(), "{s:?}: dice"),
    }
    if s.phase() != Phase::Over {
        assert_eq!(
            s.position().winner(),
            None,
            "{s:?}: a finished game in play"
        );
    }
    if let Some(m) = s.match_context() {
        assert!(
            m.length() >= 1 && m.scores().iter().all(|&x| x < m.length()),
            "{s:?}: a match that is over"
        );
    }
    check_json_reads_back(s);
    // Neither ID holds a refused resignation (not even with dice to play, where the flag no
    // longer matters: see fuzz-findings.md, "backgammon: resign_refused"); the state read
    // back is compared with the flag cleared.
    let mut cleared = s.setup();
    cleared.resign_refused = false;
    let Ok(cleared) = State::try_from(cleared) else {
        panic!("{s:?} without its refused resignation is refused")
    };
    let s_read = &cleared;
    let whole_xgid = match s.phase() {
        Phase::BeforeRoll => !s.resign_refused(),
        Phase::Moving | Phase::Doubled => true,
        _ => false,
    };
    for x in [s.to_xgid(), game.xgid(s)] {
        let text = x.to_string();
        assert_eq!(text.parse::<Xgid>().as_ref(), Ok(&x), "{text}");
        match State::try_from(&x) {
            Ok(back) if whole_xgid => assert_eq!(&back, s_read, "{s:?} -> {text}"),
            Ok(back) => check_position(back.position()),
            Err(e) => assert!(!whole_xgid, "{s:?} writes {text}, which reads as {e}"),
        }
    }
    let whole_gnubg = match s.phase() {
        Phase::BeforeRoll => !s.resign_refused(),
        Phase::Opening
        | Phase::Moving
        | Phase::Doubled
        | Phase::ResignOffered(_)
        | Phase::ResignOfferedDoubled(_) => true,
        // A beaver to answer is written as the double before it.
        Phase::Rolling | Phase::Beavered | Phase::Over => false,
    };
    // GNUBG's own form swaps the players when Black is on roll (as `set xgid` does), so it
    // reads back as the mirrored game; the unswapped form reads back as the state itself.
    for id in [s.to_gnubg_id(), game.gnubg_id(s)] {
        let text = id.to_string();
        assert_eq!(text.parse::<GnubgId>().as_ref(), Ok(&id), "{text}");
        if let Ok(back) = State::from_gnubg_id(&text) {
            check_position(back.position());
        }
    }
    for id in [s.to_gnubg_id_unswapped(), game.gnubg_id_unswapped(s)] {
        let text = id.to_string();
        assert_eq!(text.parse::<GnubgId>().as_ref(), Ok(&id), "{text}");
        match State::from_gnubg_id(&text) {
            Ok(back) if whole_gnubg => assert_eq!(&back, s_read, "{s:?} -> {text}"),
            Ok(back) => {
                assert_ne!(s.phase(), Phase::Over, "{s:?}: a finished game reads back");
                check_position(back.position());
            }
            Err(e) => assert!(!whole_gnubg, "{s:?} writes {text}, which reads as {e}"),
        }
    }
}

/// A state of other rules: nothing offered, every action refused with the reason, the state
/// unchanged.
fn refused_whole(game: &Backgammon, state: &State, e: OtherRulesError, bytes: &mut Bytes<'_>) {
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    assert!(
        legal.is_empty(),
        "{state:?}: {legal:?} offered on a refused state"
    );
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    assert!(
        outcomes.is_empty(),
        "{state:?}: chance outcomes on a refused state"
    );
    let mut rng = lattjo_backgammon::GameRng::new(u64::from(bytes.u32()), 0);
    assert_eq!(game.sample_chance(state, &mut rng), None);
    assert_eq!(game.sample_action(state, &mut rng, &mut legal), None);
    for _ in 0..16 {
        if bytes.is_empty() {
            break;
        }
        let a = arbitrary_action(bytes);
        assert!(!game.is_legal(state, &a), "{state:?}: {a:?} is legal");
        let mut s = *state;
        assert_eq!(game.apply(&mut s, &a), Err(PlayError::OtherRules(e)));
        assert_eq!(&s, state, "{a:?} changed a refused state");
    }
}

fn rules_from(b: &mut Bytes<'_>) -> Backgammon {
    let bits = b.u8();
    let rules = Rules::lattjo()
        .with_single_die(POLICIES[usize::from(bits & 1)])
        .with_cube(bits & 2 == 0)
        .with_crawford(bits & 4 != 0)
        .with_jacoby(bits & 8 != 0)
        .with_beavers(bits & 16 != 0)
        .with_resignations(bits & 32 != 0)
        // With resignations and the cube, and one of the two single-die policies (no bit is
        // left in the byte).
        .with_resign_when_doubled(bits & 32 != 0 && bits & 2 == 0 && bits & 1 != 0)
        .with_automatic_doubles(if bits & 64 != 0 { b.u8() % 4 } else { 0 })
        .with_max_cube_log2(if bits & 128 != 0 {
            Some(b.u8() % 16)
        } else {
            None
        });
    match Backgammon::new(rules) {
        Ok(g) => g,
        Err(_) => {
            assert!(
                rules.max_cube_log2.is_some_and(|m| m > 12)
                    || (!rules.cube
                        && (rules.jacoby || rules.beavers || rules.automatic_doubles > 0)),
                "{rules:?} refused"
            );
            Backgammon::default()
        }
    }
}

fn match_from(b: &mut Bytes<'_>) -> Option<MatchContext> {
    if b.u8().is_multiple_of(3) {
        return None;
    }
    let length = u32::from(b.u8() % 70);
    let score = [u32::from(b.u8() % 70), u32::from(b.u8() % 70)];
    let m = MatchContext::new(length, score, b.bool()).ok()?;
    assert!(m.length() >= 1 && m.length() <= 64, "{m:?}");
    assert!(m.scores().iter().all(|&x| x < m.length()), "{m:?}");
    Some(m)
}

fn arbitrary_play(b: &mut Bytes<'_>) -> Play {
    let n = usize::from(b.u8() % 5);
    let steps: Vec<Step> = (0..n)
        .filter_map(|_| Step::new(b.u8() % 26, b.u8() % 25))
        .collect();
    Play::from_steps(&steps).unwrap_or(Play::NONE)
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    match b.u8() % 12 {
        0 => Action::Opening {
            white: b.u8() % 8,
            black: b.u8() % 8,
        },
        1 => match Dice::new(b.u8() % 8, b.u8() % 8) {
            Some(d) => Action::Dice(d),
            None => Action::Roll,
        },
        2 => Action::Roll,
        3 => Action::Double,
        4 => Action::Take,
        5 => Action::Drop,
        6 => Action::Beaver,
        7 => Action::Resign(b.pick(&ResignLevel::ALL)),
        8 => Action::AcceptResignation,
        9 => Action::RejectResignation,
        _ => Action::Play(arbitrary_play(b)),
    }
}

/// Plays on from `state` and checks every state met on the way and at the end. A state the
/// game's rules cannot reach (`Backgammon::check_state`) is refused whole instead.
fn play_on(game: &Backgammon, state: State, bytes: &mut Bytes<'_>) {
    check_state(&state, game);
    if let Err(e) = game.check_state(&state) {
        refused_whole(game, &state, e, bytes);
        return;
    }
    let end = play_from_bytes(game, state, bytes, 120, arbitrary_action);
    check_state(&end, game);
    // What a game of these rules reaches passes its own check.
    assert_eq!(
        game.check_state(&end),
        Ok(()),
        "{end:?} under {:?}",
        game.rules()
    );
    for kind in [ObservationKind::TdGammon, ObservationKind::Compact] {
        check_learning(&game.with_observation(kind), &end, bytes, false);
    }
    if let Some(Outcome { points, kind, .. }) = end.outcome() {
        assert!(points >= 1, "{end:?}: {points} points");
        if let WinKind::Resignation(l) = kind {
            assert!(points <= l as i64 * end.cube_value() as i64, "{end:?}");
        }
    }
}

/// XGID: `Xgid`'s and `State`'s `FromStr`/`Display`, `XgidSetup` and the Match ID of an
/// XGID; an accepted state is valid and is played on with the bytes after a NUL.
pub fn xgid(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    if let Some(x) = text_round_trip::<Xgid>(s) {
        check_position(x.position());
        assert_eq!(Xgid::try_from(x.setup()), Ok(x), "XgidSetup round trip");
        let m = MatchId::from(&x);
        assert_eq!(MatchId::try_from(m.setup()), Ok(m), "MatchId of {x}");
        if x.match_length() > 0 {
            assert!(
                x.score(Side::White) < x.match_length() && x.score(Side::Black) < x.match_length(),
                "{x}: a match that is over"
            );
        }
    }
    let Some(state) = text_round_trip::<State>(s) else {
        return;
    };
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`xgid`]: real XGIDs and those of random games' states.
pub fn xgid_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = XGIDS.iter().map(|x| x.as_bytes().to_vec()).collect();
    let game = Backgammon::new(Rules::standard()).unwrap_or_default();
    let start = game.new_game(MatchContext::new(7, [3, 5], false).ok());
    for s in random_states(&game, &start, 0..4, 200, 25) {
        out.push(joined(
            s.to_xgid().to_string().as_bytes(),
            &seed_bytes(out.len() as u64, 64),
        ));
    }
    out
}

/// FIBS board lines: a line that reads writes back to itself; the state it makes for either
/// player is valid, writes a line that reads as the same state (but for a double of a centred
/// cube above 1 written for the doubler, which `FibsBoard::from_state` documents), and is
/// played on.
pub fn fibs(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    let Some(board) = text_round_trip::<FibsBoard>(s) else {
        return;
    };
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    let mut states = Vec::new();
    for you in Side::ALL {
        let Ok(state) = board.to_state(you) else {
            continue;
        };
        let centred_double = state.phase() == Phase::Doubled
            && state.cube_owner().is_none()
            && state.cube_log2() > 0;
        for writer in Side::ALL {
            let line = game
                .fibs_board(&state, writer, board.names())
                .unwrap_or_else(|e| panic!("{s:?}: the names read do not write: {e}"));
            let again =
                text_round_trip::<FibsBoard>(&line.to_string()).expect("written line reads");
            if !(centred_double && writer == state.position().to_move()) {
                assert_eq!(
                    again.to_state(writer).as_ref(),
                    Ok(&state),
                    "{s:?} -> {line}"
                );
            }
        }
        states.push(state);
    }
    // Moves: every legal play reads back from its FIBS text; arbitrary text never panics.
    let policy = game.rules().single_die;
    if let Some(state) = states.first()
        && let (Phase::Moving, Some(dice)) = (state.phase(), state.dice())
    {
        let mut list = PlayList::new();
        state.position().legal_plays(dice, policy, &mut list);
        for play in list.plays().take(32) {
            let text = board.move_text(&play).expect("a line in play");
            assert_eq!(board.parse_move(&text, policy), Ok(play), "{s:?}: {text}");
        }
    }
    let n = usize::from(bytes.u8() % 24);
    let words = [
        "bar", "b", "off", "o", "-", " ", "move", "m", ".", "1", "6", "12", "19", "24", "25", "0",
    ];
    let text: String = (0..n)
        .map(|_| words[usize::from(bytes.u8()) % words.len()])
        .collect();
    let _ = board.parse_move(&text, policy);
    // The tail itself as a move's text, however long (the words above are at most 24).
    if let Some(raw) = self::text(tail) {
        let _ = board.parse_move(raw, policy);
    }
    if let Some(state) = states.into_iter().next() {
        play_on(&game, state, &mut bytes);
    }
}

/// Seeds for [`fibs`]: the protocol's example and the lines of random games' states for both
/// players.
pub fn fibs_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0".to_vec(),
    ];
    let game = Backgammon::new(Rules::standard()).unwrap_or_default();
    for ctx in [
        None,
        MatchContext::new(5, [4, 2], true).ok(),
        MatchContext::new(7, [1, 6], false).ok(),
    ] {
        let start = game.new_game(ctx);
        for s in random_states(&game, &start, 0..3, 200, 25) {
            for you in Side::ALL {
                if let Ok(line) = game.fibs_board(&s, you, ["bot", "them"]) {
                    out.push(joined(
                        line.to_string().as_bytes(),
                        &seed_bytes(out.len() as u64, 64),
                    ));
                }
            }
        }
    }
    out
}

/// GNU Backgammon IDs: `GnubgId`, `MatchId` and the Position ID round-trip; the ID of an
/// XGID; an accepted state (`State::from_gnubg_id`) is valid and is played on.
pub fn gnubg_id(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    if let Some(id) = text_round_trip::<GnubgId>(s) {
        check_position(id.position());
        let m = id.match_id();
        assert_eq!(MatchId::try_from(m.setup()).as_ref(), Ok(m), "MatchIdSetup");
        assert_eq!(id.swap_players().swap_players(), id, "swap_players twice");
        if let Ok(x) = Xgid::try_from(&id) {
            assert_eq!(x.to_string().parse::<Xgid>(), Ok(x), "the XGID of {id}");
        }
    }
    for part in s.split(':') {
        if let Some(m) = text_round_trip::<MatchId>(part) {
            assert_eq!(MatchId::try_from(m.setup()), Ok(m), "MatchIdSetup");
            assert_eq!(m.swap_players().swap_players(), m, "swap_players twice");
            if m.match_length() > 0 && !m.game_state().is_ended() {
                assert!(
                    m.score(Side::White) < m.match_length()
                        && m.score(Side::Black) < m.match_length(),
                    "{m}: a match that is over"
                );
            }
        }
        for side in [Side::White, Side::Black] {
            if let Ok(p) = Position::from_position_id(part, side) {
                check_position(&p);
            }
        }
    }
    let Ok(state) = State::from_gnubg_id(s) else {
        return;
    };
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`gnubg_id`]: real IDs and those of random games' states.
pub fn gnubg_id_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = GNUBG_IDS.iter().map(|x| x.as_bytes().to_vec()).collect();
    let game = Backgammon::new(Rules::lattjo().with_resignations(true)).unwrap_or_default();
    for (i, ctx) in [None, MatchContext::new(5, [4, 2], true).ok()]
        .into_iter()
        .enumerate()
    {
        let start = game.new_game(ctx);
        let seeds = (i as u64 * 10)..(i as u64 * 10 + 3);
        for s in random_states(&game, &start, seeds, 150, 25) {
            out.push(joined(
                s.to_gnubg_id().to_string().as_bytes(),
                &seed_bytes(out.len() as u64, 64),
            ));
        }
    }
    out
}

/// Move notation: the first line a state with dice (an XGID), else the start with dice from
/// the input's length; the other lines plays in either policy. An accepted play is legal and
/// its text (both styles) reads back to the same result; every legal play's text does too.
/// Each line is also read as an `Action`'s text and each word as `Dice` and as a `Step`:
/// what is read writes a text that reads back to it.
pub fn notation(data: &[u8]) {
    let Some(s) = text(data) else { return };
    // A position diagram (`Position`'s `Display`) reads back exactly, and is a position.
    if let Some(p) = text_round_trip::<Position>(s) {
        check_position(&p);
    }
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    let (pos, dice, lines) = match first.parse::<State>() {
        Ok(st) if st.dice().is_some() => (*st.position(), st.dice(), rest),
        _ => (
            Position::start(Side::White),
            Dice::new(1 + (data.len() % 6) as u8, 1 + (data.len() / 6 % 6) as u8),
            s,
        ),
    };
    let Some(dice) = dice else {
        panic!("the dice are 1..=6")
    };
    let mut list = PlayList::new();
    for policy in POLICIES {
        list.generate(&pos, dice, policy);
        let results: Vec<Position> = list.results().collect();
        for (play, result) in list.plays().zip(results.iter()).take(40) {
            assert_eq!(
                pos.apply_steps(&play).as_ref(),
                Ok(result),
                "{pos:?}: {play:?}"
            );
            for style in [NotationStyle::Compact, NotationStyle::Steps] {
                let t = pos.format_play(&play, style);
                match pos.parse_play(&t, dice, policy) {
                    Ok(p) => assert_eq!(
                        pos.apply_steps(&p).as_ref(),
                        Ok(result),
                        "{pos:?}: {play:?} written {t:?} reads as {p:?}"
                    ),
                    Err(e) => panic!("{pos:?} {dice}: {play:?} written {t:?} reads as {e}"),
                }
            }
        }
        for line in lines.lines().take(16) {
            text_round_trip::<Action>(line);
            text_round_trip::<MatchContext>(line);
            for tok in line.split_ascii_whitespace() {
                text_round_trip::<Label>(tok);
                text_round_trip::<Dice>(tok);
                text_round_trip::<Step>(tok);
                text_round_trip::<Side>(tok);
            }
            let Ok(play) = pos.parse_play(line, dice, policy) else {
                continue;
            };
            assert!(
                list.contains(&play) || (play.is_none() && list.is_empty()),
                "{pos:?} {dice}: {line:?} read as the illegal {play:?}"
            );
            let Ok(result) = pos.apply_steps(&play) else {
                panic!("{pos:?}: {line:?} read as {play:?}, which does not apply")
            };
            check_position(&result);
            let t = pos.format_play(&play, NotationStyle::Compact);
            let again = pos.parse_play(&t, dice, policy);
            assert_eq!(
                again.map(|p| pos.apply_steps(&p)),
                Ok(Ok(result)),
                "{line:?} -> {t:?}"
            );
        }
    }
}

/// Seeds for [`notation`].
pub fn notation_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\n13/11 13/8\n13/8 13/11\n24/22 24/19\n8/3 6/4".to_vec(),
        b"XGID=-b----E-C---eE---c-e----B-:0:0:1:33:0:0:0:0:10\n13/7(2)\n8/5(2) 6/3(2)\n24/21/18/15/12\n13/10/7 13/10/7".to_vec(),
        b"XGID=-a-BBBBB---------------bbbb-:2:-1:1:66:0:0:3:0:10\n6/off(4)\n6/0 6/0 6/0 6/0\nbar/19".to_vec(),
        b"XGID=aA--BBBC-----------abbbcb-A:0:0:1:64:5:6:0:7:10\nbar/21 13/9*\n25/21 25/19\n\n".to_vec(),
        b"24/18* 13/11, 8/5(2) 6/off 24A 12 7a".to_vec(),
        b"roll 6-5\nbar/22 6/off\nresign Gammon\nopening 3-1\ncannot move\n5-6 1-1 7-1".to_vec(),
        "3-1 in 7\n6-3 in 7 (Crawford)\n0\u{2013}0 in 64\n7-1 in 7".as_bytes().to_vec(),
    ];
    let game = Backgammon::default();
    let start = game.new_initial_state();
    for s in random_states(&game, &start, 30..33, 200, 9) {
        if let Some(d) = s.dice() {
            let mut list = PlayList::new();
            list.generate(s.position(), d, SingleDiePolicy::Lattjo);
            let mut text = format!("{}\n", s.to_xgid());
            for p in list.plays().take(3) {
                text.push_str(&s.position().format_play(&p, NotationStyle::Steps));
                text.push('\n');
            }
            out.push(text.into_bytes());
        }
    }
    // Position diagrams, as `Position`'s `Display` writes them.
    out.push(Position::start(Side::White).to_string().into_bytes());
    out.push(Position::start(Side::Black).to_string().into_bytes());
    out
}

/// A `State` from JSON (through `StateSetup`'s checks): valid, played on.
pub fn state_json(data: &[u8]) {
    let (head, tail) = split(data);
    if let Some(state) = json_round_trip::<State>(head) {
        checked_state(state, tail);
    }
}

/// A state read from any format plays on (the game's rules from `tail`).
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`state_json`]: states of random money games and matches, among them
/// issue 15.4's match contexts of length -5 and 0.
pub fn state_json_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let games = [
        Backgammon::default(),
        Backgammon::new(Rules::standard().with_beavers(true).with_jacoby(true)).unwrap_or_default(),
        Backgammon::new(Rules::standard().with_resignations(true)).unwrap_or_default(),
    ];
    for (i, game) in games.iter().enumerate() {
        for ctx in [None, MatchContext::new(3, [2, 1], false).ok()] {
            let start = game.new_game(ctx);
            let seeds = (i as u64 * 10)..(i as u64 * 10 + 2);
            for s in random_states(game, &start, seeds, 400, 60) {
                out.push(joined(&to_json(&s), &seed_bytes(out.len() as u64, 48)));
            }
        }
    }
    let money = to_json(&State::default());
    let text = String::from_utf8_lossy(&money).into_owned();
    for bad in [
        r#""match_context":{"length":-5,"score":[0,0],"crawford":false}"#,
        r#""match_context":{"length":0,"score":[0,0],"crawford":false}"#,
    ] {
        out.push(text.replace(r#""match_context":null"#, bad).into_bytes());
    }
    out
}

/// `StateSetup`, `Position`, `PositionSetup`, `Xgid`, `XgidSetup`, `MatchId`,
/// `MatchIdSetup`, `GnubgId` and the other types from JSON: round trip, and each validated
/// type equal to what its checked constructor builds.
pub fn types_json(data: &[u8]) {
    if let Some(setup) = json_round_trip::<StateSetup>(data)
        && let Ok(s) = State::try_from(setup)
    {
        check_state(&s, &Backgammon::default());
    }
    if let Some(p) = json_round_trip::<Position>(data) {
        check_position(&p);
    }
    if let Some(setup) = json_round_trip::<PositionSetup>(data)
        && let Ok(p) = Position::try_from(setup)
    {
        check_position(&p);
    }
    if let Some(x) = json_round_trip::<Xgid>(data) {
        assert_eq!(x.to_string().parse::<Xgid>(), Ok(x), "text of a JSON XGID");
    }
    if let Some(setup) = json_round_trip::<XgidSetup>(data)
        && let Ok(x) = Xgid::try_from(setup)
    {
        assert_eq!(x.to_string().parse::<Xgid>(), Ok(x), "text of an XgidSetup");
    }
    if let Some(m) = json_round_trip::<MatchId>(data) {
        assert_eq!(
            m.to_string().parse::<MatchId>(),
            Ok(m),
            "text of a JSON MatchId"
        );
    }
    if let Some(setup) = json_round_trip::<MatchIdSetup>(data)
        && let Ok(m) = MatchId::try_from(setup)
    {
        assert_eq!(
            m.to_string().parse::<MatchId>(),
            Ok(m),
            "text of a MatchIdSetup"
        );
    }
    if let Some(id) = json_round_trip::<GnubgId>(data) {
        assert_eq!(
            id.to_string().parse::<GnubgId>(),
            Ok(id),
            "text of a JSON GnubgId"
        );
    }
    if let Some(b) = json_round_trip::<FibsBoard>(data) {
        assert_eq!(
            b.to_string().parse::<FibsBoard>().as_ref(),
            Ok(&b),
            "text of a JSON FibsBoard"
        );
    }
    if let Some(m) = json_round_trip::<MatchContext>(data) {
        assert_eq!(
            MatchContext::new(m.length(), m.scores(), m.is_crawford()),
            Ok(m)
        );
    }
    if let Some(r) = json_round_trip::<Rules>(data) {
        let _ = Backgammon::new(r);
    }
    json_round_trip::<Action>(data);
    json_round_trip::<Play>(data);
    json_round_trip::<Dice>(data);
    json_round_trip::<Step>(data);
    json_round_trip::<Outcome>(data);
    json_round_trip::<Phase>(data);
    json_round_trip::<XgDice>(data);
    json_round_trip::<Label>(data);
}

/// Seeds for [`types_json`].
pub fn types_json_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        to_json(&StateSetup::from(State::default())),
        to_json(&PositionSetup::from(Position::start(Side::Black))),
        to_json(&Position::start(Side::White)),
        to_json(&MatchIdSetup::money_start()),
        to_json(&MatchId::money_start()),
        to_json(&XgidSetup::money(Position::start(Side::White))),
        to_json(&Xgid::money(Position::start(Side::White))),
        to_json(&Rules::standard()),
        to_json(&Action::Opening { white: 3, black: 1 }),
        to_json(&Action::Resign(ResignLevel::Gammon)),
        to_json(&Label::new(24, true)),
        to_json(&MatchContext::new(7, [6, 2], true).ok()),
    ];
    if let Ok(id) = GNUBG_IDS[0].parse::<GnubgId>() {
        out.push(to_json(&id));
    }
    if let Ok(b) = State::default().to_fibs_board(Side::White, ["a", "b"]) {
        out.push(to_json(&b));
    }
    if let (Some(a), Some(b)) = (Step::new(24, 18), Step::new(13, 11))
        && let Some(p) = Play::from_steps(&[a, b])
    {
        out.push(to_json(&p));
        out.push(to_json(&Action::Play(p)));
    }
    out
}

/// `apply`: a game under rules from the bytes, money or a match from the bytes, played with
/// generated and arbitrary actions.
pub fn apply(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let game = rules_from(&mut bytes);
    let ctx = match_from(&mut bytes);
    let state = game.new_game(ctx);
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    (0..8).map(|i| seed_bytes(200 + i, 600)).collect()
}

/// Real GNU Backgammon 1.07.001 `.mat` exports (the crate's golden files).
const MAT_FILES: &[&str] = &[
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/m105-L3.mat"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/m118-L9.mat"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/m124-L3.mat"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/m131-L0-j.mat"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/m135-L0-jb.mat"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_mat/w26-L0-j.mat"),
];

/// The rule sets a `.mat` file is replayed under: GNUBG's default, with beavers, with the
/// Jacoby rule, and the booklet's (no Crawford rule, its single-die policy).
fn mat_rules() -> [Rules; 4] {
    [
        MATCH_RULES,
        MATCH_RULES.with_beavers(true),
        MATCH_RULES.with_jacoby(true).with_beavers(true),
        Rules::lattjo().with_resignations(true),
    ]
}

/// The crate's two match-file formats, for the checks [`mat`] and [`sgf`] share.
trait MatchFile: Sized + PartialEq + core::fmt::Debug {
    fn parse(text: &str) -> Result<Self, String>;
    fn write(&self) -> Result<String, String>;
    fn replay(&self, rules: &Rules) -> Result<Replay, String>;
    fn record(rules: &Rules, length: u32, actions: &[Action]) -> Result<Self, String>;
    fn game_count(&self) -> usize;
}

impl MatchFile for MatFile {
    fn parse(text: &str) -> Result<Self, String> {
        MatFile::parse(text).map_err(|e| e.to_string())
    }
    fn write(&self) -> Result<String, String> {
        MatFile::write(self).map_err(|e| e.to_string())
    }
    fn replay(&self, rules: &Rules) -> Result<Replay, String> {
        MatFile::replay(self, rules).map_err(|e| e.to_string())
    }
    fn record(rules: &Rules, length: u32, actions: &[Action]) -> Result<Self, String> {
        MatFile::record(rules, length, names(), actions).map_err(|e| e.to_string())
    }
    fn game_count(&self) -> usize {
        self.games.len()
    }
}

impl MatchFile for SgfFile {
    fn parse(text: &str) -> Result<Self, String> {
        SgfFile::parse(text).map_err(|e| e.to_string())
    }
    fn write(&self) -> Result<String, String> {
        SgfFile::write(self).map_err(|e| e.to_string())
    }
    fn replay(&self, rules: &Rules) -> Result<Replay, String> {
        SgfFile::replay(self, rules).map_err(|e| e.to_string())
    }
    fn record(rules: &Rules, length: u32, actions: &[Action]) -> Result<Self, String> {
        SgfFile::record(rules, length, names(), actions).map_err(|e| e.to_string())
    }
    fn game_count(&self) -> usize {
        self.games.len()
    }
}

/// The players' names of the records the checks write.
fn names() -> [String; 2] {
    [String::from("white"), String::from("black")]
}

/// The checks of a match file read from fuzz input: what reads writes (when the record is
/// writable) to a text that reads back as the same record and writes the same again; a
/// replay under any of `rule_sets` never panics, and an accepted one replays through a
/// fresh `Match` to the same state, and records, writes, reads and replays again to the
/// same scores.
fn check_match_file<F: MatchFile>(file: &F, length: u32, rule_sets: &[Rules]) {
    if let Ok(written) = file.write() {
        let again = F::parse(&written)
            .unwrap_or_else(|e| panic!("written record does not read: {e}\n{written}"));
        assert_eq!(&again, file, "parse(write(x)) != x\n{written}");
        assert_eq!(
            again.write().as_ref(),
            Ok(&written),
            "write is not a fixed point"
        );
    }
    for rules in rule_sets {
        let Ok(replay) = file.replay(rules) else {
            continue;
        };
        let m = &replay.game;
        let mut st = replay.start.clone();
        for a in &replay.actions {
            m.apply(&mut st, a)
                .unwrap_or_else(|e| panic!("replayed action {a} refused: {e}"));
        }
        assert_eq!(st, replay.state, "the actions do not replay to the state");
        assert_eq!(
            replay.games.len(),
            file.game_count(),
            "one replayed game per game"
        );
        // `record` plays from the match's start; a record taken up part-way is not one.
        let from_start = replay.start == m.new_initial_state();
        if let Some(Ok(rec)) = from_start.then(|| F::record(rules, length, &replay.actions)) {
            let text = rec.write().expect("a recorded match writes");
            let back = F::parse(&text).expect("a recorded match reads");
            assert_eq!(back, rec, "parse(write(record))");
            let again = back
                .replay(rules)
                .unwrap_or_else(|e| panic!("a recorded match replays: {e}\n{text}"));
            assert_eq!(
                again.state.totals(),
                replay.state.totals(),
                "recorded match scores"
            );
        }
    }
}

/// `files`, then the records in format `F` of three random matches played here (1 and 3
/// points, and a money session with beavers), the RNG seeds from `seed`.
fn match_file_seeds<F: MatchFile>(files: &[&str], seed: u64) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = files.iter().map(|t| t.as_bytes().to_vec()).collect();
    for (i, length) in [1u32, 3, 0].into_iter().enumerate() {
        let Ok(bg) = Backgammon::new(MATCH_RULES.with_beavers(length == 0)) else {
            continue;
        };
        let config = if length > 0 {
            MatchConfig::new(Some(i64::from(length)), None)
        } else {
            MatchConfig::new(None, Some(3))
        };
        let Ok(config) = config else { continue };
        let m = Match::new(bg, config);
        let (mut a, mut b) = (RandomAgent, RandomAgent);
        let agents: &mut [&mut dyn Agent<_>] = &mut [&mut a, &mut b];
        let Ok(played) = play_game(&m, seed + i as u64, agents, 100_000) else {
            continue;
        };
        if let Ok(rec) = F::record(m.game().rules(), length, &played.record.actions)
            && let Ok(text) = rec.write()
        {
            out.push(text.into_bytes());
        }
    }
    out
}

/// Jellyfish `.mat` text (`lattjo_backgammon::mat`): no panic, and [`check_match_file`]'s
/// checks under the four rule sets of [`mat_rules`].
pub fn mat(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(file) = MatFile::parse(s) else { return };
    check_match_file(&file, file.length, &mat_rules());
}

/// Seeds for [`mat`]: GNUBG's exports and records of random matches played here.
pub fn mat_seeds() -> Vec<Vec<u8>> {
    match_file_seeds::<MatFile>(MAT_FILES, 300)
}

/// Real GNU Backgammon 1.07.001 SGF saves (the crate's golden files).
const SGF_FILES: &[&str] = &[
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/m1-analysed.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/m5-rolled-resigned.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/m7-crawford.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/s-beavers.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/s-jacoby-beavers.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/s-setboard.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/m3-saved-mid-turn.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/m3-saved-doubled.sgf"),
    include_str!("../../../crates/backgammon/tests/data/gnubg_sgf/positions.sgf"),
];

/// GNU Backgammon SGF text (`lattjo_backgammon::sgf`): no panic, [`check_match_file`]'s
/// checks under the file's rules and `.mat`'s four rule sets, and the state each replay
/// reaches, written as a set-up position (`SgfFile::position`), reads back as itself.
pub fn sgf(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(file) = SgfFile::parse(s) else { return };
    let length = file.games.first().map_or(0, |g| g.length);
    let mut rule_sets = mat_rules().to_vec();
    rule_sets.push(file.rules());
    check_match_file(&file, length, &rule_sets);
    // The state a replay reaches, written as a set-up position, reads back as itself.
    for rules in &rule_sets {
        let Ok(replay) = file.replay(rules) else {
            continue;
        };
        let state = *replay.state.round();
        let Ok(set_up) = SgfFile::position(rules, &state, names()) else {
            continue;
        };
        let text = set_up.write().expect("a set-up position writes");
        let back = SgfFile::parse(&text).expect("a set-up position reads");
        let again = back
            .replay(&back.rules())
            .unwrap_or_else(|e| panic!("a set-up position replays: {e}\n{text}"));
        let mut expected = state.setup();
        expected.resign_refused = false;
        assert_eq!(again.state.round().setup(), expected, "{text}");
    }
}

/// Seeds for [`sgf`]: GNUBG's saves and records of random matches played here.
pub fn sgf_seeds() -> Vec<Vec<u8>> {
    match_file_seeds::<SgfFile>(SGF_FILES, 400)
}
