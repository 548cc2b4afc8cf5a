//! lattjo-dominoes: the notations (`Tile`, `Tiles`, `End`, `Action`, `Layout` and
//! `Layout::parse_in_set`, `RoundRecord` and its replay), the JSON of every deserializable
//! type (states, rules, the game, records, results), `Dominoes::setup` and `apply`.

use boardgame_core::{GameRng, ImperfectInfo};
use lattjo_dominoes::{
    Action, BlockedTie, Dominoes, DrawRule, End, Game, HandTable, Layout, NextRoundLeader,
    NoDouble, ObservationKind, RoundRecord, RoundResult, Rules, ScoreBasis, Scoring, Seat, Setup,
    Side, SpinnerRule, State, Tile, Tiles, View,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, joined, json_round_trip, play_from_bytes,
    random_states, seed_bytes, split, text, text_round_trip, to_json,
};

/// Every preset, as the seeds and the targets use them.
fn presets() -> Vec<Rules> {
    vec![
        Rules::lattjo(),
        Rules::lattjo().with_players(4),
        Rules::block(),
        Rules::draw(),
        Rules::all_fives(),
        Rules::muggins(),
        Rules::five_up(),
        Rules::partnership(),
        Rules::double_nine(),
        Rules::double_twelve(),
    ]
}

fn game(rules: Rules) -> Dominoes {
    match Dominoes::new(rules) {
        Ok(g) => g,
        Err(e) => panic!("{rules:?} was accepted before but the game refuses it: {e}"),
    }
}

/// A valid state: the game accepts it, no tile is in two places, every tile is of the set,
/// and its JSON reads back as itself.
fn check_state(g: &Dominoes, s: &State) {
    if let Err(e) = g.check_state(s) {
        panic!("{s:?} was accepted but check_state refuses it: {e}");
    }
    let set = g.set();
    let mut seen = s.layout().tiles();
    assert_eq!(
        seen.len(),
        s.layout().len(),
        "{s:?}: a tile twice in the layout"
    );
    let mut parts = vec![s.stock()];
    for i in 0..g.num_players() {
        match s.hand(Seat::new(i as u8)) {
            Some(h) => parts.push(h),
            None => panic!("{s:?}: no hand for seat {i}"),
        }
    }
    for p in parts {
        assert!(
            seen.intersection(p).is_empty(),
            "{s:?}: a tile in two places"
        );
        seen = seen.union(p);
    }
    assert_eq!(
        seen.difference(set),
        Tiles::EMPTY,
        "{s:?}: a tile not of the set"
    );
    check_json_reads_back(s);
}

fn tile(b: &mut Bytes<'_>) -> Tile {
    let t = Tile::new(b.u8() % 14, b.u8() % 14);
    t.unwrap_or_else(|| Tile::new(0, 0).unwrap_or_else(|| unreachable!()))
}

fn end(b: &mut Bytes<'_>) -> End {
    match b.u8() % 6 {
        0 => End::Left,
        1 => End::Right,
        2 => End::Up,
        3 => End::Down,
        _ => End::Side(tile(b), if b.bool() { Side::Up } else { Side::Down }),
    }
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    match b.u8() % 5 {
        0 => Action::Open(tile(b)),
        1 => Action::Play(tile(b), end(b)),
        2 => Action::Draw,
        3 => Action::Pass,
        _ => Action::Deal(tile(b)),
    }
}

/// Plays on from `state` with the fuzzer's bytes and checks the state reached.
fn play_on(g: &Dominoes, state: State, bytes: &mut Bytes<'_>) {
    check_state(g, &state);
    let end = play_from_bytes(g, state, bytes, 300, arbitrary_action);
    check_state(g, &end);
    for kind in [ObservationKind::Compact, ObservationKind::Detailed] {
        check_learning(&g.with_observation(kind), &end, bytes, false);
    }
    check_determinize(g, &end, bytes);
    if let Some(r) = end.result() {
        let json = to_json(r);
        assert_eq!(
            serde_json::from_slice::<RoundResult>(&json).ok().as_ref(),
            Some(r),
            "a result does not read back"
        );
    }
}

/// `determinize` from every seat's view (a generator seeded from the fuzzer's bytes) gives a
/// state the game accepts and the seat cannot tell from `s` (the same view), and the same one
/// from that state (it depends on the view and the generator alone), whatever `s` is:
/// its complete search (the hidden tiles matched to the hands, bounded) runs on states read
/// from JSON or reached by arbitrary actions too.
fn check_determinize(g: &Dominoes, s: &State, bytes: &mut Bytes<'_>) {
    let seed = u64::from(bytes.u32());
    for i in 0..g.num_players() {
        let seat = Seat::new(i as u8);
        let d = g.determinize(s, seat, &mut GameRng::new(seed, 0xde7e));
        check_state(g, &d);
        assert_eq!(
            g.view(&d, Some(seat)),
            g.view(s, Some(seat)),
            "{s:?}: a determinization for seat {i} shows the seat something else"
        );
        // The same generator from another state of the same view gives the same one.
        let again = g.determinize(&d, seat, &mut GameRng::new(seed, 0xde7e));
        assert_eq!(
            again, d,
            "{s:?}: seat {i}'s determinization depends on hidden tiles"
        );
    }
}

/// Rules from the fuzzer's bytes: a preset with options changed.
fn rules_from(b: &mut Bytes<'_>) -> Rules {
    let mut r = b.pick(&presets());
    let bits = b.u16();
    if bits & 1 != 0 {
        r = r.with_players(usize::from(b.u8() % 10));
    }
    if bits & 2 != 0 {
        r = r.with_highest(b.u8() % 16);
    }
    if bits & 4 != 0 {
        r = r.with_hand_size(if b.bool() {
            None
        } else {
            Some(usize::from(b.u8()))
        });
        r = r.with_hand_table(b.pick(&[HandTable::Booklet, HandTable::Block]));
    }
    if bits & 8 != 0 {
        r = r.with_draw_rule(b.pick(&[
            DrawRule::DrawOne,
            DrawRule::DrawUntilPlayable,
            DrawRule::DrawUntilPlayableLeaveTwo,
            DrawRule::NoDraw,
        ]));
    }
    if bits & 16 != 0 {
        r = r.with_blocked_tie(b.pick(&[BlockedTie::NoScore, BlockedTie::LightestTile]));
    }
    if bits & 32 != 0 {
        r = r.with_score_basis(b.pick(&[ScoreBasis::OthersMinusOwn, ScoreBasis::OthersOnly]));
    }
    if bits & 64 != 0 {
        r = r.with_next_round_leader(b.pick(&[
            NextRoundLeader::HighestDouble,
            NextRoundLeader::PreviousWinner,
            NextRoundLeader::NextClockwise,
        ]));
    }
    if bits & 128 != 0 {
        r = r.with_no_double(b.pick(&[NoDouble::Redeal, NoDouble::HighestTileLeads]));
    }
    if bits & 256 != 0 {
        r = r.with_scoring(b.pick(&[Scoring::Block, Scoring::Fives]));
    }
    if bits & 512 != 0 {
        r = r.with_spinner(b.pick(&[
            SpinnerRule::None,
            SpinnerRule::FirstDouble,
            SpinnerRule::EveryDouble,
        ]));
    }
    r.with_must_play_if_able(bits & 1024 != 0)
        .with_closed_layout_ends_round(bits & 2048 != 0)
        .with_partnerships(bits & 4096 != 0 && r.players == 4)
}

fn real_states() -> Vec<(Rules, State)> {
    let mut out = Vec::new();
    for (i, rules) in presets().into_iter().enumerate() {
        let g = game(rules);
        for s in random_states(
            &g,
            &g.new_initial_state(),
            (i as u64 * 2)..(i as u64 * 2 + 2),
            200,
            9,
        ) {
            out.push((rules, s));
        }
    }
    out
}

/// The text forms: the first line as a layout (in its own set, and in every set size), the
/// rest as a round record (replayed under the presets), and every token as a tile, a set of
/// tiles, an end and an action.
pub fn text_forms(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    if let Some(layout) = text_round_trip::<Layout>(first) {
        assert_eq!(
            layout.tiles().len(),
            layout.len(),
            "{first:?}: a tile twice"
        );
        let highest = layout.highest_number().unwrap_or(0);
        let written = layout.in_set(highest.max(6)).to_string();
        match Layout::parse_in_set(&written, highest.max(6)) {
            Ok(back) => assert_eq!(back, layout, "{written:?} reads back as another layout"),
            Err(e) => panic!("{layout:?} writes {written:?} in its set, which reads as {e}"),
        }
    }
    for highest in [6, 9, 12] {
        if let Ok(l) = Layout::parse_in_set(first, highest) {
            let written = l.in_set(highest).to_string();
            assert_eq!(
                Layout::parse_in_set(&written, highest).as_ref(),
                Ok(&l),
                "{first:?} -> {written:?} in double-{highest}"
            );
        }
    }
    if let Some(record) = text_round_trip::<RoundRecord>(rest) {
        for rules in [Rules::lattjo(), Rules::block(), Rules::five_up()] {
            let g = game(rules);
            if let Ok(end) = g.replay_round(&g.new_initial_state(), &record) {
                check_state(&g, &end);
            }
        }
    }
    for tok in s.split(['\n', ';']).chain(s.split_whitespace()) {
        text_round_trip::<Tile>(tok);
        text_round_trip::<Tiles>(tok);
        text_round_trip::<End>(tok);
        text_round_trip::<Side>(tok);
        text_round_trip::<Action>(tok);
    }
}

/// Seeds for [`text_forms`]: layouts of real rounds followed by their records.
pub fn text_forms_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (k, rules) in presets().into_iter().enumerate().step_by(2) {
        let g = game(rules);
        let mut rng = lattjo_dominoes::GameRng::new(k as u64, 0);
        let mut state = g.new_initial_state();
        let mut record = RoundRecord::default();
        let mut buf = Vec::new();
        for _ in 0..120 {
            let a = match g.turn(&state) {
                lattjo_dominoes::Turn::Terminal => break,
                lattjo_dominoes::Turn::Chance => g.sample_chance(&state, &mut rng),
                lattjo_dominoes::Turn::Player(_) => g.sample_action(&state, &mut rng, &mut buf),
            };
            let Some(a) = a else { break };
            if g.apply(&mut state, &a).is_err() {
                break;
            }
            record.actions.push(a);
        }
        out.push(format!("{}\n{record}", state.layout()).into_bytes());
        out.push(
            state
                .layout()
                .in_set(rules.highest)
                .to_string()
                .into_bytes(),
        );
    }
    out.push(b"0-5 [5-5]* 5-1 / up 5-2 2-2+\n2-6 2-2:down\n6-4 left; deal 3-2".to_vec());
    out.push(b"double-6 3-5 5-6 [6-6] 6-2\n6-6\n5-5 3-0".to_vec());
    out
}

/// The JSON of every deserializable type, chosen by the first byte; a state read is valid
/// and is played on.
pub fn json(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (head, tail) = split(rest);
    match which % 8 {
        0 => {
            if let Some(s) = json_round_trip::<State>(head) {
                checked_state(s, tail);
            }
        }
        1 => {
            if let Some(r) = json_round_trip::<Rules>(head)
                && let Ok(g) = Dominoes::new(r)
            {
                play_on(&g, g.new_initial_state(), &mut Bytes::new(tail));
            }
        }
        2 => {
            if let Some(g) = json_round_trip::<Dominoes>(head) {
                assert_eq!(
                    Dominoes::new(*g.rules()).as_ref(),
                    Ok(&g),
                    "the game's rules"
                );
                play_on(&g, g.new_initial_state(), &mut Bytes::new(tail));
            }
        }
        3 => {
            json_round_trip::<RoundRecord>(head);
        }
        4 => {
            json_round_trip::<RoundResult>(head);
        }
        5 => {
            json_round_trip::<Action>(head);
            json_round_trip::<End>(head);
            json_round_trip::<View>(head);
            if let Some(setup) = json_round_trip::<Setup>(head) {
                let g = Dominoes::default();
                if let Ok(s) = g.setup(setup) {
                    checked_state(s, tail);
                }
            }
        }
        6 => {
            if let Some(l) = json_round_trip::<Layout>(head) {
                assert_eq!(l.tiles().len(), l.len(), "{l:?}: a tile twice");
            }
        }
        _ => {
            json_round_trip::<Tiles>(head);
            json_round_trip::<Tile>(head);
        }
    }
}

/// Seeds for [`json`].
pub fn json_seeds() -> Vec<Vec<u8>> {
    let tagged = |k: u8, v: Vec<u8>| {
        let mut x = vec![k];
        x.extend(v);
        x
    };
    let mut out = Vec::new();
    for (i, (_, s)) in real_states().iter().enumerate().step_by(3) {
        out.push(tagged(0, joined(&to_json(s), &seed_bytes(i as u64, 32))));
        out.push(tagged(6, to_json(s.layout())));
        if let Some(r) = s.result() {
            out.push(tagged(4, to_json(r)));
        }
    }
    for r in presets() {
        out.push(tagged(1, joined(&to_json(&r), &seed_bytes(3, 64))));
        out.push(tagged(2, to_json(&game(r))));
    }
    out.push(tagged(
        3,
        br#"{"actions":["deal 6-6","deal 3-2","6-6","6-4 left","draw","pass"]}"#.to_vec(),
    ));
    out.push(tagged(5, br#""2-6 2-2:down""#.to_vec()));
    out.push(tagged(5, br#"{"Side":["2-2","Up"]}"#.to_vec()));
    if let Some((r, s)) = real_states().first() {
        let g = game(*r);
        out.push(tagged(5, to_json(&g.view(s, Some(Seat::new(0))))));
        out.push(tagged(5, to_json(&g.view(s, None))));
    }
    out.push(tagged(7, br#""6-4 2-1 5-5""#.to_vec()));
    out
}

/// `Dominoes::setup`: a real state's layout kept, its other tiles shared out among the
/// hands and the stock by the bytes, the seat to move chosen by them; an accepted setup is
/// valid and is played on.
pub fn setup(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let states = setup_bases();
    let (rules, base) = &states[usize::from(bytes.u8()) % states.len()];
    let g = game(*rules);
    let players = g.num_players();
    let hands_n = usize::from(bytes.u8() % 3) + players - 1;
    let mut hands = vec![Tiles::EMPTY; hands_n];
    let mut stock = Tiles::EMPTY;
    let mut layout = *base.layout();
    if bytes.u8().is_multiple_of(8) {
        layout = Layout::default();
    }
    let free = g.set().difference(layout.tiles());
    for t in free.iter() {
        let k = usize::from(bytes.u8()) % (hands_n + 2);
        if k < hands_n {
            hands[k].insert(t);
        } else if k == hands_n {
            stock.insert(t);
        }
    }
    let to_move = Seat::new(bytes.u8() % 6);
    let setup = Setup {
        hands,
        stock,
        layout,
        to_move,
    };
    if let Ok(state) = g.setup(setup) {
        play_on(&g, state, &mut bytes);
    }
}

/// Real states with a layout, built once (the targets run millions of times).
fn setup_bases() -> &'static [(Rules, State)] {
    static BASES: std::sync::OnceLock<Vec<(Rules, State)>> = std::sync::OnceLock::new();
    BASES.get_or_init(|| {
        real_states()
            .into_iter()
            .filter(|(_, s)| !s.layout().is_empty())
            .step_by(4)
            .take(64)
            .collect()
    })
}

/// Seeds for [`setup`].
pub fn setup_seeds() -> Vec<Vec<u8>> {
    (0..16u64)
        .map(|i| {
            let mut v = vec![(i * 5) as u8, 1, 1];
            v.extend(seed_bytes(i, 400));
            v
        })
        .collect()
}

/// `apply` from the start of a round under rules chosen by the bytes, with arbitrary actions
/// mixed in.
pub fn apply(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = rules_from(&mut bytes);
    let Ok(g) = Dominoes::new(rules) else { return };
    let state = g.new_initial_state();
    play_on(&g, state, &mut bytes);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    (0..12u64)
        .map(|i| {
            let mut v = vec![i as u8, 0, 0];
            v.extend(seed_bytes(i, 800));
            v
        })
        .collect()
}

/// Seeds' sanity: the presets play.
/// A state read from any format plays on, under its own rules.
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    let g = game(*state.rules());
    play_on(&g, state, &mut Bytes::new(tail));
}

/// A dominoes match in progress from JSON (before the first NUL), checked by
/// `Match::check_state` under matches of several settings and player counts; where a match
/// accepts it, the bytes after the NUL play it on, and every state reached must pass the
/// same check and the game's own state check.
pub fn match_state_json(data: &[u8]) {
    use lattjo_dominoes::{Match, MatchConfig, MatchState, Turn};
    let (json, play) = split(data);
    let Some(state) = json_round_trip::<MatchState<State>>(json) else {
        return;
    };
    let configs = [
        (Some(100), None),
        (Some(61), None),
        (None, Some(3)),
        (Some(1), Some(1)),
    ];
    for rules in [
        Rules::lattjo(),
        Rules::lattjo().with_players(4),
        Rules::all_fives(),
    ] {
        for (target, rounds) in configs {
            let Ok(config) = MatchConfig::new(target, rounds) else {
                panic!("{target:?} {rounds:?} is a valid match configuration")
            };
            let m = Match::new(game(rules), config);
            if m.check_state(&state).is_err() || m.game().check_state(state.round()).is_err() {
                continue;
            }
            let mut bytes = Bytes::new(play);
            let mut s = state.clone();
            let mut rng = lattjo_dominoes::GameRng::new(u64::from(bytes.u32()), 0);
            let mut buf = Vec::new();
            for _ in 0..300 {
                if bytes.is_empty() {
                    break;
                }
                let action = match m.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => m.sample_chance(&s, &mut rng),
                    Turn::Player(_) => m.sample_action(&s, &mut rng, &mut buf),
                };
                let Some(action) = action else { break };
                let _ = bytes.u8();
                if let Err(e) = m.apply(&mut s, &action) {
                    panic!("{action:?} was sampled but refused: {e}");
                }
                if let Err(e) = m.check_state(&s) {
                    panic!("a match played on from an accepted state is refused: {e} ({s:?})");
                }
            }
        }
    }
}

/// Seeds for [`match_state_json`]: a match's first state, one taken up at 40-12, and one
/// played to its end, each followed by bytes that drive play.
pub fn match_state_json_seeds() -> Vec<Vec<u8>> {
    use lattjo_dominoes::{BySeat, Match, MatchConfig};
    let Ok(config) = MatchConfig::new(Some(100), None) else {
        panic!("a match to 100 is valid")
    };
    let m = Match::new(game(Rules::lattjo()), config);
    let mut states = vec![m.new_initial_state()];
    let totals = BySeat::from_fn(2, |s| [40, 12][s.index()]);
    if let Ok(s) = m.resume(m.game().new_initial_state(), totals) {
        states.push(s);
    }
    let mut s = m.new_initial_state();
    lattjo_dominoes::boardgame_core::random_playout_capped(
        &m,
        &mut s,
        &mut lattjo_dominoes::GameRng::new(5, 0),
        &mut Vec::new(),
        100_000,
    );
    states.push(s);
    states
        .iter()
        .map(|s| joined(&to_json(s), &seed_bytes(1, 64)))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn presets_are_valid() {
        for r in super::presets() {
            assert!(lattjo_dominoes::Dominoes::new(r).is_ok(), "{r:?}");
        }
    }
}
