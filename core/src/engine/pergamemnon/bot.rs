//! Pergamemnon's bots: the balance bot B0 of §4.6 (the yardstick card sets are tuned with) and
//! the table's bot, which plays to win; both decide only from what their seat may know (§8).
//!
//! What a seat may know of another: its discard pile, tucked and secured zones and counts are
//! public, and so is the union of its hand and draw pile (the rosters are public and every move
//! of a card between seats is public, §8), but not which of those cards are in the hand. The
//! table's bot therefore samples the hidden hands it fights against from that union, never from
//! the hand itself, and never looks at the attacker's face-down first card.

use super::actions::{Action, Capture, Plan};
use super::cards::{Card, Weapon};
use super::state::{Game, Phase};
use crate::engine::rng::Stream;
use crate::engine::{Rules, Seat};

/// The plan both bots fight with: auto reinforcements, zero-point captures tucked (§4.6 B0).
pub fn plan() -> Plan {
    Plan {
        capture: Capture::TuckZeroPoints,
        ..Plan::default()
    }
}

/// B0 of §4.6 for `seat`, deterministic given the game (its one draw reads the stream
/// `pergamemnon/b0/<seat number>` at the index of the turn): recruit the dearest affordable
/// creature, else attack a target drawn by lot with the strongest card; `auto` everywhere else.
pub fn balance(game: &Game, seat: Seat) -> Option<Action> {
    match game.decision(seat)? {
        super::actions::Decision::Turn { .. } => Some(balance_turn(game, seat)),
        super::actions::Decision::Defend { weapon, .. } => {
            let plan = plan();
            Some(Action::Defend {
                card: game
                    .set
                    .id(game.auto_defence(seat, weapon, &plan))
                    .to_string(),
                plan,
            })
        }
        _ => game.default_action(seat),
    }
}

fn balance_turn(game: &Game, seat: Seat) -> Action {
    if let Some(action) = dearest_recruit(game, seat, |game, creature| {
        game.set.data(creature).map_or(0, |d| d.cost)
    }) {
        return action;
    }
    let targets = game.targets(seat);
    let mut stream = Stream::new(
        &game.seed,
        &format!("pergamemnon/b0/{}", seat.number()),
        u64::from(game.counters.turns),
    );
    let target = targets[stream.below(targets.len() as u32) as usize];
    let card = strongest(game, seat, &game.seat(seat).hand);
    attack(game, target, card)
}

/// The affordable display creature with the highest `rank` (ties: the lowest slot), bought
/// with the default payment.
fn dearest_recruit(game: &Game, seat: Seat, rank: impl Fn(&Game, Card) -> u8) -> Option<Action> {
    let mut best: Option<(u8, Card, Vec<Card>)> = None;
    for &creature in &game.display {
        let Some(payment) = game.default_payment(seat, creature) else {
            continue;
        };
        let value = rank(game, creature);
        if best.as_ref().is_none_or(|(v, _, _)| value > *v) {
            best = Some((value, creature, payment));
        }
    }
    best.map(|(_, creature, payment)| recruit(game, creature, &payment))
}

fn recruit(game: &Game, creature: Card, payment: &[Card]) -> Action {
    Action::Recruit {
        creature: game.set.id(creature).to_string(),
        payment: payment
            .iter()
            .map(|c| game.set.id(*c).to_string())
            .collect(),
    }
}

fn attack(game: &Game, target: Seat, card: Card) -> Action {
    Action::Attack {
        target,
        weapon: weapon(game, card),
        card: game.set.id(card).to_string(),
        plan: plan(),
    }
}

fn weapon(game: &Game, card: Card) -> Weapon {
    game.set.data(card).map_or(Weapon::Sword, |d| d.weapon)
}

fn leader(game: &Game, card: Card) -> bool {
    game.set.data(card).is_some_and(|d| d.leader)
}

/// The hand card with the highest `atk` (ties: a non-leader, then canonical order).
fn strongest(game: &Game, seat: Seat, hand: &[Card]) -> Card {
    *hand
        .iter()
        .max_by_key(|&&c| {
            (
                game.atk(seat, c),
                !leader(game, c),
                std::cmp::Reverse(c.index()),
            )
        })
        .expect("a hand in a running game is never empty")
}

// ---------------------------------------------------------------------------------------------
// The table's bot.

/// How many hidden hands the table's bot imagines per choice it weighs.
const SAMPLES: usize = 24;

/// The table's bot for `seat`: `None` when the seat owes nothing.
pub fn choose(game: &Game, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
    match game.decision(seat)? {
        super::actions::Decision::Turn { .. } => Some(table_turn(game, seat, rng)),
        super::actions::Decision::Defend {
            attacker, weapon, ..
        } => Some(table_defence(game, seat, attacker, weapon, rng)),
        _ => game.default_action(seat),
    }
}

/// Recruit when a creature is worth more than the best attack; an attack is worth its sampled
/// expected gain in points; a recruitment that would end the game is taken only when it wins.
fn table_turn(game: &Game, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Action {
    let mut best: Option<(f64, Action)> = None;
    let mut consider = |value: f64, action: Action| {
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, action));
        }
    };
    for &creature in &game.display {
        let Some(payment) = game.default_payment(seat, creature) else {
            continue;
        };
        let data = game.set.data(creature).expect("a creature has data");
        let strength = f64::from(data.attack)
            + f64::from(
                data.defence
                    .helmet
                    .max(data.defence.armour)
                    .max(data.defence.shield),
            );
        let mut value = f64::from(data.points) + strength / 8.0;
        if ends_game(game) {
            value = if wins_after(game, seat, data.points) {
                100.0
            } else {
                -100.0
            };
        }
        consider(value, recruit(game, creature, &payment));
    }
    let own = &game.seat(seat).hand;
    for target in game.targets(seat) {
        let unknown = hidden(game, target, None);
        let count = game.seat(target).hand.len();
        for &card in own {
            let rest: Vec<Card> = own.iter().copied().filter(|&c| c != card).collect();
            let mut total = 0.0;
            for _ in 0..SAMPLES {
                let their = sample(&unknown, count, rng);
                let d1 = defence_guess(game, target, weapon(game, card), &their);
                let their_rest: Vec<Card> = their.iter().copied().filter(|&c| c != d1).collect();
                total += worth(game, seat, target, card, d1, &rest, &their_rest);
            }
            consider(total / SAMPLES as f64, attack(game, target, card));
        }
    }
    best.expect("an attack is always possible (R40)").1
}

/// Choose the first card that does best on average against the attacker's possible cards of
/// the announced weapon (sampled from what the attacker may hold, never the face-down card).
fn table_defence(
    game: &Game,
    seat: Seat,
    attacker: Seat,
    announced: Weapon,
    rng: &mut dyn rand_core::RngCore,
) -> Action {
    let a1_hidden = match &game.phase {
        Phase::Defence(attack) => Some(attack.card),
        _ => None,
    };
    let unknown = hidden(game, attacker, a1_hidden);
    let openers: Vec<Card> = unknown
        .iter()
        .copied()
        .filter(|&c| weapon(game, c) == announced)
        .collect();
    let own = game.seat(seat).hand.clone();
    let count = game.seat(attacker).hand.len();
    let mut best: Option<(f64, Card)> = None;
    for &d1 in &own {
        let rest: Vec<Card> = own.iter().copied().filter(|&c| c != d1).collect();
        let mut total = 0.0;
        for _ in 0..SAMPLES {
            let Some(&a1) = openers.get(below(rng, openers.len().max(1))) else {
                break;
            };
            let others: Vec<Card> = unknown.iter().copied().filter(|&c| c != a1).collect();
            let their = sample(&others, count, rng);
            total -= worth(game, attacker, seat, a1, d1, &their, &rest);
        }
        if best.as_ref().is_none_or(|(v, _)| total > *v) {
            best = Some((total, d1));
        }
    }
    let card = best.map_or_else(|| game.auto_defence(seat, announced, &plan()), |(_, c)| c);
    Action::Defend {
        card: game.set.id(card).to_string(),
        plan: plan(),
    }
}

/// The cards `seat` may be holding as another seat knows it: its hand and draw pile together
/// (with the face-down first card of an attack under way, which that seat no longer holds).
fn hidden(game: &Game, seat: Seat, face_down: Option<Card>) -> Vec<Card> {
    let state = game.seat(seat);
    let mut cards: Vec<Card> = state.hand.iter().chain(&state.draw).copied().collect();
    cards.extend(face_down);
    cards.sort();
    cards
}

fn below(rng: &mut dyn rand_core::RngCore, bound: usize) -> usize {
    (rng.next_u32() as usize) % bound.max(1)
}

fn sample(cards: &[Card], count: usize, rng: &mut dyn rand_core::RngCore) -> Vec<Card> {
    let mut pool = cards.to_vec();
    let mut hand = Vec::with_capacity(count);
    while hand.len() < count && !pool.is_empty() {
        let i = below(rng, pool.len());
        hand.push(pool.swap_remove(i));
    }
    hand
}

/// The defender's likely first card: the best defence against the weapon (the auto defence).
fn defence_guess(game: &Game, seat: Seat, against: Weapon, hand: &[Card]) -> Card {
    *hand
        .iter()
        .max_by_key(|&&c| {
            (
                game.def(seat, c, against),
                !leader(game, c),
                std::cmp::Reverse(game.set.points(c)),
                std::cmp::Reverse(c.index()),
            )
        })
        .unwrap_or(&hand[0])
}

/// What a battle is worth to the attacker, in points: the points it captures when it wins (and
/// a turn more), minus what it loses when it loses, a little less for a tie (it goes inactive
/// and the defender takes a charisma card).
fn worth(
    game: &Game,
    a: Seat,
    d: Seat,
    a1: Card,
    d1: Card,
    a_hand: &[Card],
    d_hand: &[Card],
) -> f64 {
    let (result, used) = exchange(game, a, d, a1, d1, a_hand, d_hand);
    match result {
        Some(0) => lost_value(game, d, a, &used[1]) + 1.0,
        Some(_) => -lost_value(game, a, d, &used[0]) - 0.5,
        None => -0.5,
    }
}

/// The points `loser` loses to `winner` with these used cards, and 3 more for a leader whose
/// capture turns a city.
fn lost_value(game: &Game, loser: Seat, winner: Seat, used: &[Card]) -> f64 {
    let state = game.seat(loser);
    let egypt =
        game.seat(winner).nation == super::cards::Nation::Egyptians && !game.seat(winner).city_back;
    used.iter()
        .map(|&card| {
            let data = game.set.data(card);
            if data.is_some_and(|d| d.secure) {
                return 0.0;
            }
            let points = f64::from(game.set.points(card));
            if game.flees(loser, card) && !egypt {
                return points;
            }
            let city = if leader(game, card)
                && !state.city_back
                && data.and_then(|d| d.nation) == Some(state.nation)
            {
                3.0
            } else {
                0.0
            };
            2.0 * points + city
        })
        .sum()
}

/// The exchange of §6.4.2 with both sides reinforcing by the auto rule of §10.5, on given hands:
/// the winner (0 attacker, 1 defender; `None` for a tie) and each side's used cards.
fn exchange(
    game: &Game,
    a: Seat,
    d: Seat,
    a1: Card,
    d1: Card,
    a_hand: &[Card],
    d_hand: &[Card],
) -> (Option<usize>, [Vec<Card>; 2]) {
    let seats = [a, d];
    let mut hands = [a_hand.to_vec(), d_hand.to_vec()];
    let mut current = [a1, d1];
    let mut used = [vec![a1], vec![d1]];
    let mut side = 1;
    let mut incoming = (weapon(game, a1), game.atk(a, a1));
    let mut fresh = true;
    loop {
        let (kind, value) = incoming;
        if game.def(seats[side], current[side], kind) >= value {
            if !fresh {
                return (None, used);
            }
        } else {
            let other = 1 - side;
            let base = game.def(seats[side], current[side], kind);
            let pick = hands[side]
                .iter()
                .copied()
                .filter(|&r| base + game.def(seats[side], r, kind) >= value)
                .max_by_key(|&r| {
                    let margin = i16::from(game.atk(seats[side], r))
                        - i16::from(game.def(seats[other], current[other], weapon(game, r)));
                    (
                        margin > 0,
                        margin,
                        !leader(game, r),
                        std::cmp::Reverse(game.set.points(r)),
                        std::cmp::Reverse(r.index()),
                    )
                });
            let Some(r) = pick else {
                return (Some(other), used);
            };
            hands[side].retain(|&c| c != r);
            used[side].push(r);
            current[side] = r;
        }
        incoming = (
            weapon(game, current[side]),
            game.atk(seats[side], current[side]),
        );
        side = 1 - side;
        fresh = false;
    }
}

/// Whether a recruitment now ends the game by creatures (§7.1 T1).
fn ends_game(game: &Game) -> bool {
    game.creature_deck.is_empty() && game.display.len() - 1 < usize::from(game.players())
}

/// Whether `seat` would win if the game ended now with `points` more.
fn wins_after(game: &Game, seat: Seat, points: u8) -> bool {
    let (mut half, _) = game.scores();
    half[seat.index()] += 2 * u32::from(points);
    let mine = half[seat.index()];
    half.iter()
        .enumerate()
        .all(|(i, &h)| i == seat.index() || h < mine)
}
