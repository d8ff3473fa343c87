//! Pergamemnon's flow outside battles: setup (§5, §9), effective values (§6.4.1, §6.7),
//! recruiting and payments (§6.2, R18, R20), drawing and reshuffling (§6.8), who is at turn
//! (§6.1, R6), the end and the score (§7), and the deadline's default action (§10.5).

use super::actions::{Action, Capture, Ending, Event, Outcome, Plan, RuleError};
use super::cards::{Card, CardSet, Nation, Weapon, ARMY_CARDS, CHARISMA_CARDS, CREATURES};
use super::state::{Counters, Game, Options, Phase, SeatState};
use crate::engine::rng::Stream;
use crate::engine::{Audience, Events, Seat, Seed};
use std::sync::Arc;

/// The stream every shuffle of a game reads, in the order of §9 (resumed at `Game::stream`).
pub const STREAM: &str = "pergamemnon/deal";

impl Game {
    /// A new game (§5): nations, nation cards, cities, charisma, army decks and hands,
    /// creatures, first player; the first `AtTurn`.
    pub fn setup(
        rules_version: u32,
        options: &Options,
        set: Arc<CardSet>,
        players: u8,
        seed: Seed,
        events: &mut Events<Event>,
    ) -> Game {
        let n = usize::from(players);
        let mut stream = Stream::new(&seed, STREAM, 0);
        let nations: Vec<Nation> = match &options.nations {
            Some(fixed) => fixed.clone(),
            None => {
                let mut all = Nation::ALL.to_vec();
                stream.shuffle(&mut all);
                all.truncate(n);
                all
            }
        };
        let mut supply: Vec<Card> = (1..=CHARISMA_CARDS as u8).map(Card::charisma).collect();
        let mut seats: Vec<SeatState> = nations
            .iter()
            .map(|&nation| SeatState {
                nation,
                city_back: false,
                active: true,
                hand: Vec::new(),
                draw: Vec::new(),
                discard: Vec::new(),
                tucked: supply.drain(..nation.starting_charisma()).collect(),
                secured: Vec::new(),
                orders: Default::default(),
            })
            .collect();
        let first = match options.first_player {
            Some(seat) => seat,
            None => {
                let most = seats.iter().map(|s| s.tucked.len()).max().unwrap_or(0);
                let tied: Vec<Seat> = Seat::all(players)
                    .filter(|s| seats[s.index()].tucked.len() == most)
                    .collect();
                if tied.len() == 1 {
                    tied[0]
                } else {
                    tied[stream.below(tied.len() as u32) as usize]
                }
            }
        };
        let mut boxed = Vec::new();
        for nation in Nation::ALL {
            if !nations.contains(&nation) {
                boxed.extend(set.army(nation));
            }
        }
        for seat in seats.iter_mut() {
            let mut deck = set.army(seat.nation);
            stream.shuffle(&mut deck);
            seat.draw = deck;
        }
        let mut creatures = set.creatures();
        stream.shuffle(&mut creatures);
        let removed = creatures.split_off(4 * n);
        let creature_deck = creatures.split_off(2 * n);
        let display = creatures;
        let card_set = set.id.clone();
        let card_set_sha256 = set.sha256.clone();
        let mut game = Game {
            rules_version,
            options: options.clone(),
            set,
            seed,
            seats,
            display,
            creature_deck,
            removed,
            boxed,
            supply,
            at_turn: first,
            phase: Phase::Turn,
            stream: stream.position(),
            counters: Counters::default(),
            outcome: None,
        };
        events.push((
            Audience::Everyone,
            Event::Setup {
                nations,
                first,
                card_set,
                card_set_sha256,
            },
        ));
        for seat in Seat::all(players) {
            game.draw_up(seat, events);
        }
        game.give_turn(first, events);
        game
    }

    fn data_of(&self, card: Card) -> Option<&super::cards::CardData> {
        self.set.data(card)
    }

    /// 3, or 4 for the Persians with the city front up (§6.7).
    pub fn hand_size(&self, seat: Seat) -> usize {
        let state = self.seat(seat);
        if state.nation == Nation::Persians && !state.city_back {
            4
        } else {
            3
        }
    }

    /// `atk(c)` of a card played by `seat` (§6.4.1; Carthage back −1, floor 0; R16).
    pub fn atk(&self, seat: Seat, card: Card) -> u8 {
        let state = self.seat(seat);
        let malus = u8::from(state.nation == Nation::Carthaginians && state.city_back);
        self.data_of(card)
            .map_or(0, |d| d.attack.saturating_sub(malus))
    }

    /// `def_t(c)` of a card played by `seat` (§6.4.1; Rome back −1, floor 0; R16).
    pub fn def(&self, seat: Seat, card: Card, weapon: Weapon) -> u8 {
        let state = self.seat(seat);
        let malus = u8::from(state.nation == Nation::Romans && state.city_back);
        self.data_of(card)
            .map_or(0, |d| d.defence.against(weapon).saturating_sub(malus))
    }

    /// Whether a card of `seat` flees when defeated: printed Flee, or any card of a Persian
    /// whose city is back up (R16). Secure wins over Flee (R12): check `secure` first.
    pub fn flees(&self, seat: Seat, card: Card) -> bool {
        let state = self.seat(seat);
        self.data_of(card).is_some_and(|d| d.flee)
            || (state.nation == Nation::Persians && state.city_back)
    }

    /// The effective cost of a creature for `seat` (R20).
    pub fn effective_cost(&self, seat: Seat, creature: Card) -> u8 {
        let state = self.seat(seat);
        let cost = i16::from(self.data_of(creature).map_or(0, |d| d.cost));
        let discount = i16::from(state.nation == Nation::Carthaginians && !state.city_back);
        let surcharge = i16::from(state.nation == Nation::Hellenes && state.city_back);
        (cost - discount + surcharge).max(1) as u8
    }

    /// The highest charisma value among the seat's hand cards (§6.2 step 2).
    pub fn hand_value(&self, seat: Seat) -> u8 {
        self.seat(seat)
            .hand
            .iter()
            .map(|&c| self.set.charisma(c))
            .max()
            .unwrap_or(0)
    }

    /// Whether `payment` (tucked cards) buys `creature` for `seat` (§6.2 step 3, R18).
    pub fn check_payment(
        &self,
        seat: Seat,
        creature: Card,
        payment: &[Card],
    ) -> Result<(), RuleError> {
        if !self.display.contains(&creature) {
            return Err(RuleError::NotOnDisplay(self.set.id(creature).into()));
        }
        if payment.is_empty() {
            return Err(RuleError::EmptyPayment);
        }
        for (i, card) in payment.iter().enumerate() {
            if payment[..i].contains(card) {
                return Err(RuleError::Repeated);
            }
            if !self.seat(seat).tucked.contains(card) {
                return Err(RuleError::NotTucked(self.set.id(*card).into()));
            }
        }
        let cost = self.effective_cost(seat, creature);
        let total = u32::from(self.hand_value(seat))
            + payment
                .iter()
                .map(|&c| u32::from(self.set.charisma(c)))
                .sum::<u32>();
        if total < u32::from(cost) {
            return Err(RuleError::PaymentTooLow {
                reached: total.min(255) as u8,
                cost,
            });
        }
        // Every value is at least 1, so a payment is minimal exactly when no single card can
        // be left out (a one-card payment always is: the empty set is no payment).
        if payment.len() > 1 {
            if let Some(spare) = payment
                .iter()
                .find(|&&c| total - u32::from(self.set.charisma(c)) >= u32::from(cost))
            {
                return Err(RuleError::PaymentNotMinimal(self.set.id(*spare).into()));
            }
        }
        Ok(())
    }

    /// Every legal payment for a creature, in the order of §10.5's default payment (the
    /// default first). Charisma cards are interchangeable: each payment uses the lowest ids.
    pub fn payments(&self, seat: Seat, creature: Card) -> Vec<Vec<Card>> {
        if !self.display.contains(&creature) {
            return Vec::new();
        }
        let tucked = &self.seat(seat).tucked;
        let mut charisma: Vec<Card> = tucked.iter().copied().filter(|c| c.is_charisma()).collect();
        charisma.sort();
        let mut captured: Vec<Card> = tucked
            .iter()
            .copied()
            .filter(|c| !c.is_charisma())
            .collect();
        captured.sort();
        captured.truncate(12);
        let cost = u32::from(self.effective_cost(seat, creature));
        let hand = u32::from(self.hand_value(seat));
        let mut found: Vec<(u32, usize, usize, Vec<Card>)> = Vec::new();
        for mask in 0u32..(1 << captured.len()) {
            let chosen: Vec<Card> = captured
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &c)| c)
                .collect();
            let base: u32 = chosen
                .iter()
                .map(|&c| u32::from(self.set.charisma(c)))
                .sum();
            for j in 0..=charisma.len() {
                let total = hand + base + j as u32;
                if total < cost {
                    continue;
                }
                let mut payment = chosen.clone();
                payment.extend(&charisma[..j]);
                if payment.is_empty() {
                    continue;
                }
                if self.check_payment(seat, creature, &payment).is_ok() {
                    payment.sort();
                    found.push((base + j as u32, j, payment.len(), payment));
                }
                break;
            }
        }
        found.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(b.1.cmp(&a.1))
                .then(a.2.cmp(&b.2))
                .then(a.3.cmp(&b.3))
        });
        found.into_iter().map(|(.., p)| p).collect()
    }

    /// The default payment of §10.5 for a creature, if any payment is legal.
    pub fn default_payment(&self, seat: Seat, creature: Card) -> Option<Vec<Card>> {
        self.payments(seat, creature).into_iter().next()
    }

    /// The seats `seat` may attack, clockwise from its left (§6.3; 2 players: the other).
    pub fn targets(&self, seat: Seat) -> Vec<Seat> {
        let players = self.players();
        (1..players)
            .map(|k| Seat((seat.0 + k) % players))
            .filter(|s| players == 2 || self.seat(*s).active)
            .collect()
    }

    /// Apply a checked recruitment (§6.2 step 4), including the end by creatures, the draw and
    /// the next turn.
    pub fn recruit(
        &mut self,
        seat: Seat,
        creature: Card,
        payment: &[Card],
        events: &mut Events<Event>,
    ) {
        let players = self.players();
        for &card in payment {
            self.seat_mut(seat).tucked.retain(|&c| c != card);
            if card.is_charisma() {
                let at = self.supply.partition_point(|&c| c < card);
                self.supply.insert(at, card);
            } else {
                self.boxed.push(card);
            }
        }
        let hand = std::mem::take(&mut self.seat_mut(seat).hand);
        self.seat_mut(seat).discard.extend(&hand);
        self.seat_mut(seat).discard.push(creature);
        let slot = self
            .display
            .iter()
            .position(|&c| c == creature)
            .expect("a checked creature is on display");
        let refill = if self.creature_deck.is_empty() {
            self.display.remove(slot);
            None
        } else {
            let next = self.creature_deck.remove(0);
            self.display[slot] = next;
            Some(next)
        };
        self.counters.recruitments += 1;
        events.push((
            Audience::Everyone,
            Event::Recruited {
                seat,
                creature: self.set.id(creature).into(),
                payment: payment
                    .iter()
                    .map(|&c| self.set.id(c).to_string())
                    .collect(),
                discarded: hand.iter().map(|&c| self.set.id(c).to_string()).collect(),
                refill: refill.map(|c| self.set.id(c).to_string()),
            },
        ));
        if players > 2 {
            self.seat_mut(seat).active = false;
            events.push((Audience::Everyone, Event::NationInactive { seat }));
        }
        if self.display.len() < usize::from(players) {
            self.end(Ending::Creatures, events);
            return;
        }
        if !self.draw_up(seat, events) {
            self.end(Ending::Exhaustion { seats: vec![seat] }, events);
            return;
        }
        let next = self.next_active(seat);
        self.give_turn(next, events);
    }

    /// Draw up to the hand size, reshuffling the discard pile when the draw pile is empty
    /// (§6.8, R27). Returns whether the hand is full.
    pub fn draw_up(&mut self, seat: Seat, events: &mut Events<Event>) -> bool {
        let size = self.hand_size(seat);
        let mut drawn = Vec::new();
        while self.seat(seat).hand.len() < size {
            if self.seat(seat).draw.is_empty() {
                if self.seat(seat).discard.is_empty() {
                    break;
                }
                let mut pile = std::mem::take(&mut self.seat_mut(seat).discard);
                let mut stream = Stream::resume(&self.seed, STREAM, 0, self.stream);
                stream.shuffle(&mut pile);
                self.stream = stream.position();
                events.push((
                    Audience::Everyone,
                    Event::Reshuffled {
                        seat,
                        count: pile.len() as u8,
                    },
                ));
                self.seat_mut(seat).draw = pile;
            }
            let card = self.seat_mut(seat).draw.remove(0);
            self.seat_mut(seat).hand.push(card);
            drawn.push(card);
        }
        if !drawn.is_empty() {
            events.push((
                Audience::Only(seat),
                Event::Drew {
                    seat,
                    cards: drawn.iter().map(|&c| self.set.id(c).to_string()).collect(),
                },
            ));
            events.push((
                Audience::Everyone,
                Event::DrewCount {
                    seat,
                    count: drawn.len() as u8,
                },
            ));
        }
        self.seat(seat).hand.len() >= size
    }

    /// One charisma card from the supply into the seat's tucked zone (R19: none if empty).
    pub fn take_charisma(&mut self, seat: Seat, events: &mut Events<Event>) {
        let card = if self.supply.is_empty() {
            None
        } else {
            Some(self.supply.remove(0))
        };
        if let Some(card) = card {
            self.seat_mut(seat).tucked.push(card);
        }
        events.push((
            Audience::Everyone,
            Event::CharismaTaken {
                seat,
                card: card.map(|c| self.set.id(c).to_string()),
            },
        ));
    }

    /// Make `seat` the player at turn: reactivation (R6), `Phase::Turn`, `AtTurn`.
    pub fn give_turn(&mut self, seat: Seat, events: &mut Events<Event>) {
        if self.players() > 2
            && self
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| s.active == (i == seat.index()))
        {
            for state in self.seats.iter_mut() {
                state.active = true;
            }
            events.push((Audience::Everyone, Event::Reactivated));
        }
        self.at_turn = seat;
        self.phase = Phase::Turn;
        events.push((Audience::Everyone, Event::AtTurn { seat }));
    }

    /// The first seat clockwise from `seat` (excluded) with an active nation card (§6.1 table,
    /// "P recruits"); with 2 players, the other seat.
    pub fn next_active(&self, seat: Seat) -> Seat {
        let players = self.players();
        (1..players)
            .map(|k| Seat((seat.0 + k) % players))
            .find(|s| players == 2 || self.seat(*s).active)
            .unwrap_or(seat.left(players))
    }

    /// End the game (§7): score, tie-break, `Outcome`, `Phase::Over`, `Ended`.
    pub fn end(&mut self, ending: Ending, events: &mut Events<Event>) {
        let (half_points, creatures) = self.scores();
        let best = Seat::all(self.players())
            .map(|s| (half_points[s.index()], &creatures[s.index()]))
            .max()
            .expect("a game has seats");
        let winners = Seat::all(self.players())
            .filter(|s| (half_points[s.index()], &creatures[s.index()]) == best)
            .collect();
        let outcome = Outcome {
            ending,
            half_points,
            creatures,
            winners,
        };
        self.phase = Phase::Over;
        self.outcome = Some(outcome.clone());
        events.push((Audience::Everyone, Event::Ended { outcome }));
    }

    /// Every seat's score in half points and its scored creatures' costs, highest first (§7.2).
    pub fn scores(&self) -> (Vec<u32>, Vec<Vec<u8>>) {
        let mut half = Vec::new();
        let mut lists = Vec::new();
        for state in &self.seats {
            let scored: Vec<Card> = state
                .hand
                .iter()
                .chain(&state.draw)
                .chain(&state.discard)
                .chain(&state.secured)
                .chain(state.tucked.iter().filter(|c| c.is_creature()))
                .copied()
                .collect();
            let points: u32 = scored.iter().map(|&c| u32::from(self.set.points(c))).sum();
            let bonus = if state.nation == Nation::Hellenes && !state.city_back {
                scored.iter().filter(|&&c| self.set.points(c) >= 1).count() as u32
            } else {
                0
            };
            half.push(2 * points + bonus);
            let mut costs: Vec<u8> = scored
                .iter()
                .filter(|c| c.is_creature())
                .map(|&c| self.data_of(c).map_or(0, |d| d.cost))
                .collect();
            costs.sort_by(|a, b| b.cmp(a));
            lists.push(costs);
        }
        (half, lists)
    }

    /// The default action of D1 (§10.5).
    pub fn default_turn_action(&self, seat: Seat) -> Action {
        let mut best: Option<(u8, Card, Vec<Card>)> = None;
        for &creature in &self.display {
            if let Some(payment) = self.default_payment(seat, creature) {
                let cost = self.effective_cost(seat, creature);
                if best.as_ref().is_none_or(|(c, ..)| cost > *c) {
                    best = Some((cost, creature, payment));
                }
            }
        }
        if let Some((_, creature, payment)) = best {
            return Action::Recruit {
                creature: self.set.id(creature).into(),
                payment: payment
                    .iter()
                    .map(|&c| self.set.id(c).to_string())
                    .collect(),
            };
        }
        let target = self.targets(seat)[0];
        let hand = &self.seat(seat).hand;
        let leader = |c: Card| self.data_of(c).is_some_and(|d| d.leader);
        let pool: Vec<Card> = if hand.iter().all(|&c| leader(c)) {
            hand.clone()
        } else {
            hand.iter().copied().filter(|&c| !leader(c)).collect()
        };
        let card = *pool
            .iter()
            .max_by_key(|&&c| {
                (
                    self.atk(seat, c),
                    std::cmp::Reverse(self.set.points(c)),
                    std::cmp::Reverse(c.index()),
                )
            })
            .expect("a hand in a running game is never empty");
        let own_leader = self.set.leader(self.seat(seat).nation);
        Action::Attack {
            target,
            weapon: self.data_of(card).map_or(Weapon::Sword, |d| d.weapon),
            card: self.set.id(card).into(),
            plan: Plan {
                keep: vec![self.set.id(own_leader).into()],
                capture: Capture::Discard,
                ..Plan::default()
            },
        }
    }
}

/// Every card index of a set, for conservation checks.
pub(crate) fn all_cards() -> impl Iterator<Item = Card> {
    (0..(ARMY_CARDS + CREATURES + CHARISMA_CARDS) as u8).map(Card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pergamemnon::state::Position;
    use crate::engine::Rules;

    fn options(nations: &[Nation]) -> Options {
        Options {
            nations: Some(nations.to_vec()),
            ..Options::default()
        }
    }

    fn new_game(nations: &[Nation], seed: u64) -> Game {
        let mut events = Vec::new();
        <Game as Rules>::setup(
            super::super::RULES_VERSION,
            &options(nations),
            nations.len() as u8,
            Seed::from_u64(seed),
            &mut events,
        )
        .unwrap()
    }

    #[test]
    fn e1_setup_of_four_players_deals_charisma_hands_and_creatures_and_the_romans_begin() {
        use Nation::*;
        let game = new_game(&[Hellenes, Romans, Persians, Egyptians], 7);
        let tucked: Vec<usize> = game.seats.iter().map(|s| s.tucked.len()).collect();
        assert_eq!(tucked, [1, 5, 1, 1]);
        assert_eq!(game.supply.len(), 13);
        let hands: Vec<usize> = game.seats.iter().map(|s| s.hand.len()).collect();
        assert_eq!(hands, [3, 3, 4, 3]);
        let draws: Vec<usize> = game.seats.iter().map(|s| s.draw.len()).collect();
        assert_eq!(draws, [8, 8, 7, 8]);
        assert_eq!(
            (
                game.display.len(),
                game.creature_deck.len(),
                game.removed.len()
            ),
            (8, 8, 8)
        );
        assert_eq!(game.at_turn, Seat(1));
        assert_eq!(game.boxed.len(), 11, "the Carthaginian army is in the box");
        assert!(game.audit().is_empty(), "{:?}", game.audit());
    }

    #[test]
    fn every_table_size_sets_up_soundly_and_the_same_seed_deals_the_same_game() {
        for n in 2..=5u8 {
            for seed in 0..20 {
                let mut events = Vec::new();
                let game = <Game as Rules>::setup(
                    1,
                    &Options::default(),
                    n,
                    Seed::from_u64(seed),
                    &mut events,
                )
                .unwrap();
                assert!(game.audit().is_empty(), "{n} {seed}: {:?}", game.audit());
                let again = <Game as Rules>::setup(
                    1,
                    &Options::default(),
                    n,
                    Seed::from_u64(seed),
                    &mut Vec::new(),
                )
                .unwrap();
                assert_eq!(
                    serde_json::to_value(game.to_position()).unwrap(),
                    serde_json::to_value(again.to_position()).unwrap()
                );
                let back = Game::from_position(game.to_position()).unwrap();
                assert_eq!(back.to_position(), game.to_position());
            }
        }
    }

    fn position(json: serde_json::Value) -> Game {
        let position: Position = serde_json::from_value(json).unwrap();
        Game::from_position(position).unwrap()
    }

    fn e2() -> Game {
        position(serde_json::json!({
            "rules_version": 1, "seed": "00".repeat(32),
            "seats": [
                {"nation": "hellenes", "hand": ["hel_agamemnon", "hel_chariot_1", "hel_spearman_1"],
                 "tucked": ["chr_01", "chr_02"],
                 "draw": ["hel_guard", "hel_bowman_1", "hel_horseman", "hel_spearman_2"]},
                {"nation": "romans", "active": false},
                {"nation": "persians"},
                {"nation": "egyptians"}
            ],
            "display": ["cr_orthos", "cr_centaur", "cr_minotaur", "cr_siren", "cr_hydra", "cr_dryad", "cr_talos", "cr_harpy"],
            "creature_deck": ["cr_griffin", "cr_medusa"],
            "at_turn": 1
        }))
    }

    #[test]
    fn e2_the_rulebooks_recruitment() {
        let game = e2();
        let card = |id: &str| game.set.card(id).unwrap();
        let centaur = card("cr_centaur");
        assert_eq!(
            game.check_payment(Seat(0), centaur, &[card("chr_01")]),
            Ok(())
        );
        assert!(matches!(
            game.check_payment(Seat(0), centaur, &[card("chr_01"), card("chr_02")]),
            Err(RuleError::PaymentNotMinimal(_))
        ));
        assert_eq!(
            game.check_payment(Seat(0), centaur, &[]),
            Err(RuleError::EmptyPayment)
        );
        let mut events = Vec::new();
        let game = game
            .apply(
                Seat(0),
                &Action::Recruit {
                    creature: "cr_centaur".into(),
                    payment: vec!["chr_01".into()],
                },
                &mut events,
            )
            .unwrap();
        let p = serde_json::to_value(game.to_position()).unwrap();
        assert_eq!(
            p["seats"][0]["discard"],
            serde_json::json!([
                "hel_agamemnon",
                "hel_chariot_1",
                "hel_spearman_1",
                "cr_centaur"
            ])
        );
        assert_eq!(p["seats"][0]["tucked"], serde_json::json!(["chr_02"]));
        assert_eq!(
            p["seats"][0]["hand"],
            serde_json::json!(["hel_guard", "hel_bowman_1", "hel_horseman"])
        );
        assert_eq!(p["seats"][0]["active"], serde_json::json!(false));
        assert_eq!(p["display"][1], "cr_griffin");
        assert_eq!(p["creature_deck"], serde_json::json!(["cr_medusa"]));
        assert!(p["supply"].as_array().unwrap().contains(&"chr_01".into()));
        assert_eq!(game.at_turn, Seat(2), "seat 2 is inactive: seat 3 plays");
    }

    #[test]
    fn e3_captured_cards_pay_and_carthage_pays_less_and_the_default_payment() {
        let game = position(serde_json::json!({
            "rules_version": 1, "seed": "00".repeat(32),
            "seats": [
                {"nation": "carthaginians", "hand": ["car_slinger_1", "car_elite_1", "car_spearman_1"],
                 "tucked": ["chr_03", "egy_nefertiti", "per_guard"]},
                {"nation": "egyptians"}, {"nation": "persians"}
            ],
            "display": ["cr_hydra", "cr_cyclops", "cr_dryad", "cr_orthos", "cr_lamia", "cr_siren"],
            "at_turn": 1
        }));
        let card = |id: &str| game.set.card(id).unwrap();
        let hydra = card("cr_hydra");
        assert_eq!(game.effective_cost(Seat(0), hydra), 8);
        assert_eq!(
            game.check_payment(Seat(0), hydra, &[card("egy_nefertiti")]),
            Ok(())
        );
        assert!(matches!(
            game.check_payment(Seat(0), hydra, &[card("chr_03"), card("per_guard")]),
            Err(RuleError::PaymentTooLow { .. })
        ));
        assert!(matches!(
            game.check_payment(Seat(0), hydra, &[card("egy_nefertiti"), card("chr_03")]),
            Err(RuleError::PaymentNotMinimal(_))
        ));
        let dryad = card("cr_dryad");
        assert_eq!(
            game.check_payment(Seat(0), dryad, &[card("egy_nefertiti")]),
            Ok(())
        );
        assert_eq!(
            game.default_payment(Seat(0), dryad),
            Some(vec![card("chr_03")])
        );
        assert_eq!(
            game.default_turn_action(Seat(0)),
            Action::Recruit {
                creature: "cr_hydra".into(),
                payment: vec!["egy_nefertiti".into()]
            }
        );
        let mut back = game.clone();
        back.seats[0].city_back = true;
        assert_eq!(back.effective_cost(Seat(0), hydra), 9);
        assert!(back
            .check_payment(Seat(0), hydra, &[card("egy_nefertiti")])
            .is_err());
        assert_eq!(
            back.check_payment(Seat(0), hydra, &[card("egy_nefertiti"), card("chr_03")]),
            Ok(())
        );
        // E10: Hannibal captured: the Elephant attacks with 6; the Minotaur costs 6, the Dryad 3.
        assert_eq!(back.atk(Seat(0), card("car_elephant_1")), 6);
        assert_eq!(back.effective_cost(Seat(0), card("cr_minotaur")), 6);
        assert_eq!(back.effective_cost(Seat(0), dryad), 3);
    }
}
