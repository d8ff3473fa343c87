//! Pergamemnon invariants (rules reference §12.1) over random games of 2–5 players, checked by
//! this test's own reading of `to_position()` and the events; replay; the table bot against B0.

use corriere::engine::pergamemnon::bot;
use corriere::engine::pergamemnon::cards::{builtin, CardSet};
use corriere::engine::pergamemnon::state::{PhasePosition, Position};
use corriere::engine::pergamemnon::{
    Action, AfterLoss, Capture, Event, Fate, Game, Nation, Options, Plan, ReinforceMode, Respond,
    StandingOrders, Weapon,
};
use corriere::engine::{Rules, Seat, Seed};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

const RULES: u32 = corriere::engine::pergamemnon::RULES_VERSION;

/// The set the games of this test are played with: the default of new games (their options
/// name none).
fn set() -> std::sync::Arc<CardSet> {
    builtin(corriere::engine::pergamemnon::cards::default_set_id())
        .expect("the reference set is built in")
}

fn below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    (rng.next_u64() % bound as u64) as usize
}

/// Every card id a position places, with the number of places it is found in; the battle's
/// cards in the phase are counted only where they are not also in a zone.
fn places(p: &Position) -> BTreeMap<String, usize> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let add = |id: &String, seen: &mut BTreeMap<String, usize>| {
        *seen.entry(id.clone()).or_default() += 1;
    };
    for s in &p.seats {
        for zone in [&s.hand, &s.draw, &s.discard, &s.tucked, &s.secured] {
            for id in zone {
                add(id, &mut seen);
            }
        }
    }
    for zone in [&p.display, &p.creature_deck, &p.removed, &p.boxed] {
        for id in zone {
            add(id, &mut seen);
        }
    }
    for id in p.supply.iter().flatten() {
        add(id, &mut seen);
    }
    let in_phase: Vec<String> = match &p.phase {
        PhasePosition::Defence { card, .. } => vec![card.clone()],
        PhasePosition::Reinforce { used, .. } => used.iter().flatten().cloned().collect(),
        PhasePosition::Aftermath { captured, .. } => captured.clone(),
        _ => Vec::new(),
    };
    for id in in_phase {
        if !seen.contains_key(&id) {
            add(&id, &mut seen);
        }
    }
    seen
}

fn is_charisma(set: &CardSet, id: &str) -> bool {
    set.card(id).map(|c| c.is_charisma()).unwrap_or(false)
}

/// §12.1 conservation and charisma, from the position alone.
fn check_position(set: &CardSet, p: &Position, n: usize) -> Result<(), String> {
    let seen = places(p);
    let twice: Vec<_> = seen.iter().filter(|(_, k)| **k > 1).collect();
    if !twice.is_empty() {
        return Err(format!("cards in two places: {twice:?}"));
    }
    if seen.len() != 100 {
        return Err(format!("{} cards placed, not 100", seen.len()));
    }
    let armies = seen
        .keys()
        .filter(|id| set.card(id).is_some_and(|c| c.is_army()))
        .count();
    let creatures = seen
        .keys()
        .filter(|id| set.card(id).is_some_and(|c| c.is_creature()))
        .count();
    let charisma = seen.keys().filter(|id| is_charisma(set, id)).count();
    if (armies, creatures, charisma) != (55, 24, 21) {
        return Err(format!(
            "{armies} armies, {creatures} creatures, {charisma} charisma"
        ));
    }
    let supply = p.supply.as_ref().map_or(0, Vec::len);
    let tucked_charisma: usize = p
        .seats
        .iter()
        .map(|s| s.tucked.iter().filter(|id| is_charisma(set, id)).count())
        .sum();
    if supply + tucked_charisma != 21 {
        return Err(format!("supply {supply} + tucked {tucked_charisma} != 21"));
    }
    for (i, s) in p.seats.iter().enumerate() {
        for id in &s.tucked {
            if !is_charisma(set, id) {
                let card = set.card(id).ok_or(format!("unknown {id}"))?;
                let charisma = set.data(card).map_or(0, |d| d.charisma);
                if charisma == 0 {
                    return Err(format!("seat {} tucks {id} with charisma 0", i + 1));
                }
            }
        }
    }
    if p.removed.len() != 24 - 4 * n {
        return Err(format!("{} creatures removed at setup", p.removed.len()));
    }
    // Unused nations' army cards are in the box.
    let used: BTreeSet<Nation> = p.seats.iter().map(|s| s.nation).collect();
    for nation in [
        Nation::Romans,
        Nation::Egyptians,
        Nation::Hellenes,
        Nation::Carthaginians,
        Nation::Persians,
    ] {
        if !used.contains(&nation) {
            for card in set.army(nation) {
                let id = set.id(card).to_string();
                if !p.boxed.contains(&id) {
                    return Err(format!("{id} of an unused nation is not in the box"));
                }
            }
        }
    }
    Ok(())
}

/// §7.2 and §7.3 recomputed from the final position: twice each score.
fn scores(set: &CardSet, p: &Position) -> Vec<u32> {
    p.seats
        .iter()
        .map(|s| {
            let mut scored: Vec<&String> = Vec::new();
            scored.extend(
                s.hand
                    .iter()
                    .chain(&s.draw)
                    .chain(&s.discard)
                    .chain(&s.secured),
            );
            scored.extend(
                s.tucked
                    .iter()
                    .filter(|id| set.card(id).is_some_and(|c| c.is_creature())),
            );
            let mut half = 0u32;
            for id in scored {
                let card = set.card(id).expect("a known card");
                let points = u32::from(set.data(card).map_or(0, |d| d.points));
                half += 2 * points;
                if s.nation == Nation::Hellenes && !s.city_back && points >= 1 {
                    half += 1;
                }
            }
            half
        })
        .collect()
}

fn random_orders(rng: &mut ChaCha8Rng) -> StandingOrders {
    StandingOrders {
        respond: [Respond::Auto, Respond::Ask][below(rng, 2)],
        plan: Plan {
            reinforce: [
                ReinforceMode::Auto,
                ReinforceMode::Ask,
                ReinforceMode::Never,
            ][below(rng, 3)],
            capture: [
                Capture::Ask,
                Capture::Tuck,
                Capture::Discard,
                Capture::TuckZeroPoints,
            ][below(rng, 4)],
            ..Plan::default()
        },
        discard_after_loss: [AfterLoss::Ask, AfterLoss::None][below(rng, 2)],
    }
}

/// Actions of every shape, most of them wrong at any given moment.
fn wrong_actions(set: &CardSet, rng: &mut ChaCha8Rng) -> Action {
    let any_card = |rng: &mut ChaCha8Rng| {
        let army = set.army(
            [
                Nation::Romans,
                Nation::Egyptians,
                Nation::Hellenes,
                Nation::Carthaginians,
                Nation::Persians,
            ][below(rng, 5)],
        );
        set.id(army[below(rng, army.len())]).to_string()
    };
    match below(rng, 6) {
        0 => Action::Attack {
            target: Seat(below(rng, 5) as u8),
            weapon: [Weapon::Sword, Weapon::Spear, Weapon::Bow][below(rng, 3)],
            card: any_card(rng),
            plan: Plan::default(),
        },
        1 => Action::Defend {
            card: any_card(rng),
            plan: Plan::default(),
        },
        2 => Action::Reinforce {
            card: Some(any_card(rng)),
        },
        3 => Action::Discard {
            cards: vec![any_card(rng)],
        },
        4 => {
            let creatures = set.creatures();
            Action::Recruit {
                creature: set.id(creatures[below(rng, creatures.len())]).to_string(),
                payment: vec![any_card(rng)],
            }
        }
        _ => Action::Recruit {
            creature: "nothing".into(),
            payment: Vec::new(),
        },
    }
}

struct Played {
    positions: Vec<String>,
    events: Vec<String>,
    game: Game,
}

/// One random game, checking every §12.1 invariant after every action.
fn play(players: u8, seed: u64, check: bool) -> Result<Played, String> {
    let set = set();
    let n = players as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut events = Vec::new();
    let mut game = <Game as Rules>::setup(
        RULES,
        &Options::default(),
        players,
        Seed::from_u64(seed),
        &mut events,
    )
    .map_err(|e| format!("{e:?}"))?;
    let mut positions = vec![serde_json::to_string(&game.to_position()).unwrap()];
    let mut cities = vec![false; n];
    let mut battle = Battle::default();
    let mut steps = 0;
    while !game.is_over() {
        steps += 1;
        if steps > 5000 {
            return Err("no end after 5000 actions".into());
        }
        let (seat, _) = game.pending()[0].clone();
        let menu = game.legal_actions(seat);
        if check {
            for action in &menu {
                game.check(seat, action)
                    .map_err(|e| format!("menu entry {action:?} refused: {e:?}"))?;
            }
            // A refused action changes nothing.
            let wrong = wrong_actions(&set, &mut rng);
            let before = game.to_position();
            let mut probe = Vec::new();
            if let Err((same, _)) = game.clone().apply(seat, &wrong, &mut probe) {
                if same.to_position() != before {
                    return Err(format!("refused {wrong:?} changed the game"));
                }
                if !probe.is_empty() {
                    return Err(format!("refused {wrong:?} emitted events"));
                }
            }
        }
        let roll = below(&mut rng, 10);
        let (actor, action) = if roll == 0 {
            let who = Seat(below(&mut rng, n) as u8);
            (
                who,
                Action::Orders {
                    orders: random_orders(&mut rng),
                },
            )
        } else {
            let action = match roll {
                1 | 2 => game.default_action(seat),
                3 | 4 => bot::balance(&game, seat),
                5 | 6 => bot::choose(&game, seat, &mut rng),
                _ if menu.is_empty() => None,
                _ => Some(menu[below(&mut rng, menu.len())].clone()),
            }
            .or_else(|| game.default_action(seat))
            .ok_or(format!("seat {seat:?} pending without an action"))?;
            (seat, action)
        };
        let from = events.len();
        game = game
            .apply(actor, &action, &mut events)
            .map_err(|(_, e)| format!("{action:?} refused: {e:?}"))?;
        let position = game.to_position();
        positions.push(serde_json::to_string(&position).unwrap());
        if !check {
            continue;
        }
        let problems = game.audit();
        if !problems.is_empty() {
            return Err(format!("audit after {action:?}: {problems:?}"));
        }
        check_position(&set, &position, n).map_err(|e| format!("after {action:?}: {e}"))?;
        let before_cities = cities.clone();
        for (i, s) in position.seats.iter().enumerate() {
            if cities[i] && !s.city_back {
                return Err(format!("seat {} city turned back to its front", i + 1));
            }
            cities[i] = s.city_back;
        }
        if !game.is_over() {
            let at = position.at_turn;
            if !position.seats[at.index()].active {
                return Err(format!("seat {at:?} at turn is inactive"));
            }
            if n >= 3
                && matches!(position.phase, PhasePosition::Turn)
                && !position
                    .seats
                    .iter()
                    .enumerate()
                    .any(|(i, s)| i != at.index() && s.active)
            {
                return Err("no other seat active at the start of a turn".into());
            }
        }
        let fresh: Vec<Event> = events[from..].iter().map(|(_, e)| e.clone()).collect();
        check_events(&set, &position, &before_cities, &mut battle, &fresh)?;
    }
    if check {
        let outcome = game.outcome().ok_or("over without an outcome")?;
        let final_position = game.to_position();
        let mine = scores(&set, &final_position);
        if mine != outcome.half_points {
            return Err(format!(
                "scores {mine:?} != outcome {:?}",
                outcome.half_points
            ));
        }
        if game.counters.turns > 400 {
            return Err(format!("{} turns", game.counters.turns));
        }
    }
    let events = events
        .iter()
        .map(|(_, e)| serde_json::to_string(e).unwrap())
        .collect();
    Ok(Played {
        positions,
        events,
        game,
    })
}

/// The battle under way, across the actions that run it (D1, D2, D3…).
#[derive(Default)]
struct Battle {
    cards: usize,
    last_attack: Option<(Seat, Seat)>,
}

/// Battles use at most 7 cards; no Secure card is captured; Flee cards go only to an Egyptian
/// with his city front before the battle's fates (a city turned by this battle turns after them).
fn check_events(
    set: &CardSet,
    p: &Position,
    cities_before: &[bool],
    battle: &mut Battle,
    events: &[Event],
) -> Result<(), String> {
    let Battle { cards, last_attack } = battle;
    for event in events {
        match event {
            Event::Attacked {
                attacker, target, ..
            } => {
                if attacker == target {
                    return Err("a seat attacked itself".into());
                }
                *last_attack = Some((*attacker, *target));
                *cards = 0;
            }
            Event::Revealed { .. } => {
                *cards += 2;
            }
            Event::Defended { card: Some(_), .. } => *cards += 1,
            Event::Fates { seat, cards: fates } => {
                let winner = match *last_attack {
                    Some((a, d)) if *seat == a => Some(d),
                    Some((a, d)) if *seat == d => Some(a),
                    _ => None,
                };
                for (id, fate) in fates {
                    let card = set.card(id).ok_or(format!("unknown {id}"))?;
                    let data = set.data(card).ok_or(format!("no data for {id}"))?;
                    if data.secure && *fate != Fate::Secured {
                        return Err(format!("secure card {id} got {fate:?}"));
                    }
                    let loser = &p.seats[seat.index()];
                    let flees = data.flee
                        || loser.nation == Nation::Persians && cities_before[seat.index()];
                    if *fate == Fate::Captured && (flees && !data.secure) {
                        return Err(format!("fleeing card {id} captured"));
                    }
                    if *fate == Fate::TakenByEgypt {
                        let w = winner.ok_or("fates outside a known battle")?;
                        if p.seats[w.index()].nation != Nation::Egyptians {
                            return Err(format!("{id} taken by a non-Egyptian"));
                        }
                        if cities_before[w.index()] {
                            return Err(format!("{id} taken by Egypt with its city back"));
                        }
                    }
                }
            }
            _ => {}
        }
        if *cards > 7 {
            return Err(format!("a battle used {cards} cards"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Every §12.1 invariant after every action of a random game, and the score at the end.
    #[test]
    fn pergamemnon_random_games_keep_every_invariant(players in 2u8..=5, seed in any::<u64>()) {
        let played = play(players, seed, true);
        prop_assert!(played.is_ok(), "n={} seed={}: {:?}", players, seed, played.err());
    }

    /// The same seed and the same choices give the same positions and the same events.
    #[test]
    fn pergamemnon_replay_is_identical(players in 2u8..=5, seed in any::<u64>()) {
        let a = play(players, seed, false).expect("plays");
        let b = play(players, seed, false).expect("plays");
        prop_assert!(a.game.is_over());
        prop_assert_eq!(a.positions, b.positions);
        prop_assert_eq!(a.events, b.events);
    }
}

/// Each table size: the table bot against random seats wins at least twice the fair share
/// (run by `conformance`; 200 games, the simulator's).
pub(crate) fn the_bot_wins_twice_its_fair_share(players: u8) {
    crate::conformance::assert_the_bot_wins_twice_its_fair_share("pergamemnon", players, 200);
}
