//! Balancing a Pergamemnon card set by simulation (§4.6): the suites T and A played by the
//! balance bot B0 on the real engine, the statistics and acceptance criteria A1–A5, and the
//! deterministic tuning loop that derives `reference-2` from `reference-1`.
//!
//! Everything here is a pure function of the card set and the suite: game `i` of a suite uses the
//! seed `base + i`, the seats get the combination's nations by a shuffle of the stream
//! `pergamemnon/balance/seats`, and shared wins are counted in sixtieths, so two runs (on any
//! number of threads) give the same numbers.

use super::actions::{Ending, Event};
use super::bot;
use super::cards::{CardSet, CardSetDoc, Nation, Provenance, Weapon};
use super::state::{Game, Options};
use crate::engine::rng::Stream;
use crate::engine::{Events, Rules, Seed};
use rand_core::SeedableRng;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A suite of §4.6: `per_combination` games for every nation combination of every n (five
/// times as many for n = 5, which has one), seeds consecutive from `base`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suite {
    pub name: &'static str,
    pub base: u64,
    pub per_combination: u32,
}

pub const TUNING: Suite = Suite {
    name: "T",
    base: 1_000_000,
    per_combination: 120,
};

pub const ACCEPTANCE: Suite = Suite {
    name: "A",
    base: 9_000_000,
    per_combination: 1_000,
};

/// A game is stopped as broken past this many actions (A3: no game over 400 turns).
const ACTION_CAP: u32 = 4_000;

/// One game's facts for the statistics.
#[derive(Clone, Debug, Default)]
struct Played {
    players: u8,
    nations: Vec<Nation>,
    first: usize,
    winners: Vec<usize>,
    turns: u32,
    battles: u32,
    ties: u32,
    by_creatures: bool,
    leaders_captured: Vec<Nation>,
    violations: Vec<String>,
}

/// The statistics of one player count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Count {
    pub games: u64,
    /// Per nation: games played and wins in sixtieths (a win shared by k counts 60/k).
    pub played: BTreeMap<Nation, u64>,
    pub won: BTreeMap<Nation, u64>,
    /// The seat that opened the game: its wins in sixtieths.
    pub first_won: u64,
    pub turns: u64,
    pub max_turns: u32,
    pub battles: u64,
    pub ties: u64,
    pub by_creatures: u64,
    pub shared: u64,
    /// Per leader's nation: games in which it was captured.
    pub leaders_captured: BTreeMap<Nation, u64>,
}

/// A suite's result: statistics per player count and every invariant violation seen (A5).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub counts: BTreeMap<u8, Count>,
    pub violations: Vec<String>,
}

impl Count {
    /// dev(n, X) of §4.6.
    pub fn dev(&self, nation: Nation, players: u8) -> f64 {
        let played = self.played.get(&nation).copied().unwrap_or(0);
        if played == 0 {
            return 0.0;
        }
        self.won.get(&nation).copied().unwrap_or(0) as f64 / 60.0 / played as f64
            - 1.0 / f64::from(players)
    }
    pub fn first_share(&self) -> f64 {
        self.first_won as f64 / 60.0 / self.games.max(1) as f64
    }
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
    pub fn ties_per_battle(&self) -> f64 {
        self.ties as f64 / self.battles.max(1) as f64
    }
    pub fn creature_share(&self) -> f64 {
        self.by_creatures as f64 / self.games.max(1) as f64
    }
    pub fn leader_rate(&self, nation: Nation) -> f64 {
        self.leaders_captured.get(&nation).copied().unwrap_or(0) as f64
            / self.played.get(&nation).copied().unwrap_or(0).max(1) as f64
    }
}

/// The tolerance of A1 for a player count.
pub fn tolerance(players: u8) -> f64 {
    if players == 2 {
        0.04
    } else {
        0.025
    }
}

impl Report {
    /// J of §4.6 step 1 and its worst cell (n, nation, dev).
    pub fn worst(&self) -> (f64, u8, Nation, f64) {
        let mut worst = (0.0, 2, Nation::Romans, 0.0);
        for (&n, count) in &self.counts {
            for nation in Nation::ALL {
                let dev = count.dev(nation, n);
                let j = dev.abs() / tolerance(n);
                if j > worst.0 {
                    worst = (j, n, nation, dev);
                }
            }
        }
        worst
    }

    /// Each acceptance criterion of §4.6 with whether it holds and its numbers.
    pub fn acceptance(&self) -> Vec<(&'static str, bool, String)> {
        let mut out = Vec::new();
        let (j, n, nation, dev) = self.worst();
        out.push((
            "A1",
            j <= 1.0,
            format!("worst |dev| {dev:+.4} ({nation}, n = {n}), J = {j:.2}"),
        ));
        let mut a2 = true;
        let mut text = Vec::new();
        for (&n, count) in &self.counts {
            let share = count.first_share();
            a2 &= (share - 1.0 / f64::from(n)).abs() <= 0.05;
            text.push(format!("n={n}: {share:.3}"));
        }
        out.push(("A2", a2, text.join(", ")));
        let mut a3 = true;
        let mut text = Vec::new();
        for (&n, count) in &self.counts {
            let turns = count.mean_turns();
            let ties = count.ties_per_battle();
            let creatures = count.creature_share();
            let shared = count.shared as f64 / count.games.max(1) as f64;
            let leaders: Vec<f64> = Nation::ALL
                .iter()
                .filter(|x| count.played.get(x).copied().unwrap_or(0) > 0)
                .map(|&x| count.leader_rate(x))
                .collect();
            let ok = (15.0..=80.0).contains(&turns)
                && count.max_turns <= 400
                && (0.08..=0.35).contains(&ties)
                && creatures >= 0.2
                && 1.0 - creatures >= 0.2
                && leaders.iter().all(|r| (0.15..=0.70).contains(r))
                && shared <= 0.01;
            a3 &= ok;
            text.push(format!(
                "n={n}: turns {turns:.1} (max {}), ties/battle {ties:.3}, by creatures {creatures:.2}, leaders {:.2}–{:.2}, shared {shared:.4}",
                count.max_turns,
                leaders.iter().copied().fold(f64::INFINITY, f64::min),
                leaders.iter().copied().fold(0.0, f64::max),
            ));
        }
        out.push(("A3", a3, text.join("; ")));
        out.push((
            "A5",
            self.violations.is_empty(),
            format!("{} invariant violations", self.violations.len()),
        ));
        out
    }
}

/// The nation combinations of n players, in canonical order.
pub fn combinations(players: u8) -> Vec<Vec<Nation>> {
    let mut out = Vec::new();
    for mask in 0u32..32 {
        if mask.count_ones() == u32::from(players) {
            out.push(
                Nation::ALL
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &x)| x)
                    .collect(),
            );
        }
    }
    out.sort();
    out
}

/// Every game of a suite as (seed, nations by seat), in suite order.
fn schedule(suite: Suite, scale: u32, players: &[u8]) -> Vec<(u64, Vec<Nation>)> {
    let mut out = Vec::new();
    let mut index = 0u64;
    for &n in players {
        let combos = combinations(n);
        let per = u64::from(suite.per_combination) * u64::from(scale) * if n == 5 { 5 } else { 1 };
        for combo in &combos {
            for _ in 0..per {
                let seed = suite.base + index;
                index += 1;
                let mut nations = combo.clone();
                Stream::new(&Seed::from_u64(seed), "pergamemnon/balance/seats", 0)
                    .shuffle(&mut nations);
                out.push((seed, nations));
            }
        }
    }
    out
}

/// One game of B0 on every seat. `audit`: check every invariant after every action (A5).
fn play(set: &Arc<CardSet>, nations: &[Nation], seed: u64, audit: bool) -> Played {
    let options = Options {
        card_set: set.id.clone(),
        nations: Some(nations.to_vec()),
        ..Options::default()
    };
    let players = nations.len() as u8;
    let mut events: Events<Event> = Vec::new();
    let mut game = Game::setup(
        super::RULES_VERSION,
        &options,
        set.clone(),
        players,
        Seed::from_u64(seed),
        &mut events,
    );
    let first = game.at_turn.index();
    let mut played = Played {
        players,
        nations: nations.to_vec(),
        first,
        ..Played::default()
    };
    let mut actions = 0;
    while !game.is_over() {
        actions += 1;
        if actions > ACTION_CAP {
            played
                .violations
                .push(format!("seed {seed}: no end after {ACTION_CAP} actions"));
            return played;
        }
        let Some((seat, _)) = game.pending().into_iter().next() else {
            played
                .violations
                .push(format!("seed {seed}: nobody to act in a running game"));
            return played;
        };
        let Some(action) = bot::balance(&game, seat) else {
            played
                .violations
                .push(format!("seed {seed}: B0 has no answer for {seat}"));
            return played;
        };
        events.clear();
        game = match game.apply(seat, &action, &mut events) {
            Ok(game) => game,
            Err((_, error)) => {
                played
                    .violations
                    .push(format!("seed {seed}: B0's {action:?} refused: {error}"));
                return played;
            }
        };
        if audit {
            for problem in game.audit() {
                played.violations.push(format!("seed {seed}: {problem}"));
            }
        }
    }
    let outcome = game.outcome().expect("over").clone();
    played.winners = outcome.winners.iter().map(|s| s.index()).collect();
    played.by_creatures = matches!(outcome.ending, Ending::Creatures);
    played.turns = game.counters.turns;
    played.battles = game.counters.battles;
    played.ties = game.counters.ties;
    played.leaders_captured = game
        .seats
        .iter()
        .filter(|s| s.city_back)
        .map(|s| s.nation)
        .collect();
    played
}

/// The table's bot against B0: `games` games of `players` from seed `base`, nations dealt at
/// random, the table's bot on seat `i mod players` of game `i` and B0 on every other seat
/// (its own decisions drawn from a stream of the game's seed). Returns the bot's win share
/// (shared wins split) and the fair share 1/n it should beat.
pub fn duel(set: &Arc<CardSet>, players: u8, games: u64, base: u64, threads: usize) -> (f64, f64) {
    let threads = threads.max(1) as u64;
    let won: u64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut won = 0u64;
                    for i in (t..games).step_by(threads as usize) {
                        let seed = Seed::from_u64(base + i);
                        let options = Options {
                            card_set: set.id.clone(),
                            ..Options::default()
                        };
                        let mut events: Events<Event> = Vec::new();
                        let mut game = Game::setup(
                            super::RULES_VERSION,
                            &options,
                            set.clone(),
                            players,
                            seed,
                            &mut events,
                        );
                        let hero = crate::engine::Seat((i % u64::from(players)) as u8);
                        let mut rng = rand_chacha::ChaCha20Rng::from_seed(seed.0);
                        let mut actions = 0;
                        while !game.is_over() && actions < ACTION_CAP {
                            actions += 1;
                            let (seat, _) = game.pending()[0].clone();
                            let action = if seat == hero {
                                bot::choose(&game, seat, &mut rng)
                            } else {
                                bot::balance(&game, seat)
                            }
                            .expect("a seat that owes a decision has an answer");
                            events.clear();
                            game = game
                                .apply(seat, &action, &mut events)
                                .expect("bots play legal moves");
                        }
                        if let Some(outcome) = game.outcome() {
                            if outcome.winners.contains(&hero) {
                                won += 60 / outcome.winners.len() as u64;
                            }
                        }
                    }
                    won
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a duel thread panicked"))
            .sum()
    });
    (won as f64 / 60.0 / games as f64, 1.0 / f64::from(players))
}

/// Play a suite (scaled: `scale` times its games) for these player counts on `threads`
/// threads; `progress` is told how many games are done now and then.
pub fn evaluate(
    set: &Arc<CardSet>,
    suite: Suite,
    scale: u32,
    players: &[u8],
    audit: bool,
    threads: usize,
) -> Report {
    let games = schedule(suite, scale, players);
    let threads = threads.max(1);
    let parts: Vec<Report> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let games = &games;
                scope.spawn(move || {
                    let mut report = Report::default();
                    for (seed, nations) in games.iter().skip(t).step_by(threads) {
                        add(&mut report, &play(set, nations, *seed, audit));
                    }
                    report
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a balance thread panicked"))
            .collect()
    });
    let mut total = Report::default();
    for part in parts {
        merge(&mut total, part);
    }
    total.violations.sort();
    total
}

fn add(report: &mut Report, played: &Played) {
    report.violations.extend(played.violations.iter().cloned());
    if played.winners.is_empty() {
        return;
    }
    let count = report.counts.entry(played.players).or_default();
    count.games += 1;
    let share = 60 / played.winners.len() as u64;
    for (seat, &nation) in played.nations.iter().enumerate() {
        *count.played.entry(nation).or_default() += 1;
        if played.winners.contains(&seat) {
            *count.won.entry(nation).or_default() += share;
        }
    }
    if played.winners.contains(&played.first) {
        count.first_won += share;
    }
    count.turns += u64::from(played.turns);
    count.max_turns = count.max_turns.max(played.turns);
    count.battles += u64::from(played.battles);
    count.ties += u64::from(played.ties);
    count.by_creatures += u64::from(played.by_creatures);
    count.shared += u64::from(played.winners.len() > 1);
    for &nation in &played.leaders_captured {
        *count.leaders_captured.entry(nation).or_default() += 1;
    }
}

fn merge(total: &mut Report, part: Report) {
    total.violations.extend(part.violations);
    for (n, c) in part.counts {
        let t = total.counts.entry(n).or_default();
        t.games += c.games;
        for (k, v) in c.played {
            *t.played.entry(k).or_default() += v;
        }
        for (k, v) in c.won {
            *t.won.entry(k).or_default() += v;
        }
        t.first_won += c.first_won;
        t.turns += c.turns;
        t.max_turns = t.max_turns.max(c.max_turns);
        t.battles += c.battles;
        t.ties += c.ties;
        t.by_creatures += c.by_creatures;
        t.shared += c.shared;
        for (k, v) in c.leaders_captured {
            *t.leaders_captured.entry(k).or_default() += v;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The tuning loop.

/// An attribute the loop may move (§4.6 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    Weapon,
    Defence(Weapon),
    Points,
    Charisma,
}

/// One candidate move: ±1 on an attribute of every copy of a troop type of a nation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub nation: Nation,
    pub name: String,
    pub attribute: Attribute,
    pub delta: i8,
}

/// The defence that is the nation's weakness, never tuned (§4.6 step 3).
fn weakness(nation: Nation) -> Option<Weapon> {
    match nation {
        Nation::Romans => None,
        Nation::Egyptians | Nation::Hellenes => Some(Weapon::Spear),
        Nation::Carthaginians => Some(Weapon::Bow),
        Nation::Persians => Some(Weapon::Sword),
    }
}

/// Whether an attribute of a card is pinned by C2 (never moved).
fn pinned(nation: Nation, name: &str, attribute: Attribute) -> bool {
    use Attribute::*;
    matches!(
        (nation, name, attribute),
        (Nation::Hellenes, "Agamemnon", Charisma)
            | (Nation::Romans, "Spearman", Weapon)
            | (Nation::Romans, "Spearman", Defence(self::Weapon::Bow))
            | (Nation::Persians, "Spearman", Weapon)
            | (Nation::Persians, "Spearman", Defence(self::Weapon::Bow))
            | (Nation::Persians, "Xerxes", Weapon)
            | (Nation::Persians, "Xerxes", Defence(self::Weapon::Bow))
            | (Nation::Egyptians, "Guard", Defence(self::Weapon::Spear))
    )
}

/// The C4 range of an attribute for a troop or a leader.
fn range(leader: bool, attribute: Attribute) -> (u8, u8) {
    match (leader, attribute) {
        (false, Attribute::Weapon) => (4, 7),
        (false, Attribute::Defence(_)) => (1, 6),
        (false, Attribute::Charisma) => (0, 2),
        (false, Attribute::Points) => (0, 2),
        (true, Attribute::Weapon) => (6, 9),
        (true, Attribute::Defence(_)) => (1, 6),
        (true, Attribute::Charisma) => (4, 7),
        (true, Attribute::Points) => (2, 3),
    }
}

fn value_of(card: &super::cards::ArmyDoc, attribute: Attribute) -> u8 {
    match attribute {
        Attribute::Weapon => card.weapon.value,
        Attribute::Defence(w) => card.defence.against(w),
        Attribute::Points => card.points,
        Attribute::Charisma => card.charisma,
    }
}

fn set_value(card: &mut super::cards::ArmyDoc, attribute: Attribute, value: u8) {
    match attribute {
        Attribute::Weapon => card.weapon.value = value,
        Attribute::Defence(Weapon::Sword) => card.defence.helmet = value,
        Attribute::Defence(Weapon::Spear) => card.defence.armour = value,
        Attribute::Defence(Weapon::Bow) => card.defence.shield = value,
        Attribute::Points => card.points = value,
        Attribute::Charisma => card.charisma = value,
    }
}

/// Every legal move on `nation` in `direction` (+1 raise, −1 lower), in a canonical order.
pub fn candidates(doc: &CardSetDoc, nation: Nation, direction: i8) -> Vec<Move> {
    let mut names: Vec<(String, bool)> = Vec::new();
    for card in doc.army.iter().filter(|c| c.nation == nation) {
        if !names.iter().any(|(n, _)| *n == card.name) {
            names.push((card.name.clone(), card.leader));
        }
    }
    let mut attributes = vec![Attribute::Weapon, Attribute::Points, Attribute::Charisma];
    attributes.extend(
        Weapon::ALL
            .into_iter()
            .filter(|w| Some(*w) != weakness(nation))
            .map(Attribute::Defence),
    );
    let mut out = Vec::new();
    for (name, leader) in names {
        for &attribute in &attributes {
            if pinned(nation, &name, attribute) {
                continue;
            }
            if leader && attribute == Attribute::Weapon && direction < 0 {
                continue;
            }
            let card = doc
                .army
                .iter()
                .find(|c| c.nation == nation && c.name == name)
                .expect("the name came from the set");
            let (lo, hi) = range(leader, attribute);
            let next = i16::from(value_of(card, attribute)) + i16::from(direction);
            if next < i16::from(lo) || next > i16::from(hi) {
                continue;
            }
            out.push(Move {
                nation,
                name: name.clone(),
                attribute,
                delta: direction,
            });
        }
    }
    out
}

/// The document with a move applied to every copy of the troop type.
pub fn apply_move(doc: &CardSetDoc, change: &Move) -> CardSetDoc {
    let mut doc = doc.clone();
    for card in doc
        .army
        .iter_mut()
        .filter(|c| c.nation == change.nation && c.name == change.name)
    {
        let value = (i16::from(value_of(card, change.attribute)) + i16::from(change.delta)) as u8;
        set_value(card, change.attribute, value);
    }
    doc
}

/// What the loop did: the best document, its J on the last tuning evaluation, whether A1 was
/// met on suite A, and a line per evaluation.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub doc: CardSetDoc,
    pub j: f64,
    pub accepted: Option<Report>,
    pub log: Vec<String>,
}

/// The tuning loop of §4.6 from `start` (a `reference` set): at most `max_steps` steps.
pub fn tune(
    start: CardSetDoc,
    threads: usize,
    max_steps: u32,
    mut log: impl FnMut(&str),
) -> Result<Tuned, String> {
    let players = [2, 3, 4, 5];
    let load = |doc: &CardSetDoc| -> Option<Arc<CardSet>> {
        CardSet::from_doc(doc.clone())
            .ok()
            .map(|loaded| Arc::new(loaded.set))
    };
    let mut best_doc = start;
    let Some(set) = load(&best_doc) else {
        return Err("the starting set does not load".into());
    };
    let mut scale = 1;
    let mut report = evaluate(&set, TUNING, scale, &players, false, threads);
    let mut lines = Vec::new();
    let mut say = |line: String, lines: &mut Vec<String>| {
        log(&line);
        lines.push(line);
    };
    let (mut j, ..) = report.worst();
    say(format!("start: J = {j:.3} on T×{scale}"), &mut lines);
    for step in 0..max_steps {
        if j <= 1.0 {
            let accepted = evaluate(&set_of(&best_doc)?, ACCEPTANCE, 1, &players, true, threads);
            let (ja, n, x, dev) = accepted.worst();
            say(
                format!(
                    "step {step}: T met (J = {j:.3}); A: J = {ja:.3}, worst {x} n={n} {dev:+.4}"
                ),
                &mut lines,
            );
            if ja <= 1.0 {
                return Ok(Tuned {
                    doc: best_doc,
                    j,
                    accepted: Some(accepted),
                    log: lines,
                });
            }
            scale *= 2;
            report = evaluate(&set_of(&best_doc)?, TUNING, scale, &players, false, threads);
            j = report.worst().0;
            continue;
        }
        let (_, n, nation, dev) = report.worst();
        let direction = if dev < 0.0 { 1 } else { -1 };
        let mut moves = candidates(&best_doc, nation, direction);
        Stream::new(
            &Seed::from_u64(u64::from(step)),
            "pergamemnon/balance/moves",
            0,
        )
        .shuffle(&mut moves);
        let mut tried = 0;
        let mut improved: Option<(f64, CardSetDoc, Report, Move)> = None;
        for change in moves {
            let doc = apply_move(&best_doc, &change);
            let Some(set) = load(&doc) else {
                continue; // breaks I1–I10
            };
            let candidate = evaluate(&set, TUNING, scale, &players, false, threads);
            let (cj, ..) = candidate.worst();
            tried += 1;
            if cj < j && improved.as_ref().is_none_or(|(b, ..)| cj < *b) {
                improved = Some((cj, doc, candidate, change));
            }
            if tried % 5 == 0 && improved.is_some() {
                break;
            }
            if tried >= 15 {
                break;
            }
        }
        match improved {
            Some((cj, doc, candidate, change)) => {
                say(
                    format!(
                        "step {step}: worst {nation} n={n} {dev:+.4}; {} {} {:?} {:+} → J {j:.3} → {cj:.3}",
                        change.nation, change.name, change.attribute, change.delta
                    ),
                    &mut lines,
                );
                best_doc = doc;
                report = candidate;
                j = cj;
            }
            None => {
                scale *= 2;
                say(
                    format!("step {step}: worst {nation} n={n} {dev:+.4}; no move of {tried} lowers J {j:.3}; T×{scale}"),
                    &mut lines,
                );
                report = evaluate(&set_of(&best_doc)?, TUNING, scale, &players, false, threads);
                j = report.worst().0;
            }
        }
    }
    Ok(Tuned {
        doc: best_doc,
        j,
        accepted: None,
        log: lines,
    })
}

fn set_of(doc: &CardSetDoc) -> Result<Arc<CardSet>, String> {
    CardSet::from_doc(doc.clone())
        .map(|loaded| Arc::new(loaded.set))
        .map_err(|problems| format!("{} problems", problems.len()))
}

/// The next reference set's document: `id` and title for `reference-N`, based on `from`.
pub fn successor(doc: &CardSetDoc, from: &CardSet, number: u32) -> CardSetDoc {
    let mut next = doc.clone();
    next.id = format!("reference-{number}");
    next.title = format!("Pergamemnon — reference card set {number} (not the published values)");
    next.provenance = Provenance::Reference;
    next.based_on = Some(format!("{} sha256:{}", from.id, from.sha256));
    next
}
