//! The War state machine: setup, applying a checked action, and everything that happens
//! automatically between decisions (attack plans battle after battle, defenders' standing
//! orders, conquests, the end of turn, the end of the game).

use super::actions::{Action, AttackEnd, Direction, DrawReason, Event, RerolledDie, Side, Split};
use super::cards::{Card, CardSet, Objective};
use super::combat::{self, best_reroll, resolve, Stakes};
use super::map::{Continent, Territory, TerritorySet, TERRITORY_COUNT};
use super::orders::{
    AttackTerrain, CardClass, DefenceTerrain, Occupy, React, RerollWhen, StandingOrders,
};
use super::state::{
    attack_limit, table_colours, AttackPending, Combat, Ending, Game, Movement, OpenAttack,
    Options, Outcome, Phase, PileCard, Reinforce, TerritoryCounts, RULES_VERSIONS,
};
use super::validate::PositionError;
use crate::engine::rng::Stream;
use crate::engine::{Audience, Seat, Seed};
use std::collections::BTreeMap;

pub type Events = Vec<(Audience, Event)>;

pub(super) fn public(events: &mut Events, event: Event) {
    events.push((Audience::Everyone, event));
}

pub(super) fn private(events: &mut Events, seat: Seat, event: Event) {
    events.push((Audience::Only(seat), event));
}

/// The armies of phase A (§5.2.1), in pools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pools {
    /// max(3, ⌊territories ÷ 2⌋).
    pub base: u32,
    /// FREE armies from trades.
    pub trades: u32,
    /// CONT pools of the kept continent bonuses, in continent order.
    pub cont: Vec<(Continent, u32)>,
    pub terr: TerritoryCounts,
}

impl Pools {
    pub fn free(&self) -> u32 {
        self.base + self.trades
    }
    pub fn total(&self) -> u32 {
        self.free() + self.cont.iter().map(|(_, n)| n).sum::<u32>() + self.terr.total()
    }
}

/// The value of one trade group (§5.3, R8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeValue {
    pub base: u32,
    pub joker_bonus: u32,
    /// Own territories on the group's cards: 2 armies each.
    pub own: Vec<Territory>,
}

impl TradeValue {
    pub fn total(&self) -> u32 {
        self.base + self.joker_bonus + 2 * self.own.len() as u32
    }
}

/// The value of a group of distinct cards, or `None` when the group is illegal (§5.3, R8).
pub fn trade_value(cards: &[Card], owns: impl Fn(Territory) -> bool) -> Option<TradeValue> {
    let n = cards.len() as u32;
    if !(1..=6).contains(&n) {
        return None;
    }
    let jokers = cards.iter().filter(|c| c.is_joker()).count();
    let symbols: Vec<_> = cards.iter().filter_map(|c| c.symbol()).collect();
    let mut distinct = symbols.clone();
    distinct.sort();
    distinct.dedup();
    let base = if distinct.len() <= 1 {
        n * n
    } else if distinct.len() == symbols.len() && n <= 3 {
        n * (n + 1) / 2
    } else {
        return None;
    };
    let joker_bonus = [0, 10, 25][jokers];
    let own = cards
        .iter()
        .filter_map(|c| c.territory())
        .filter(|&t| owns(t))
        .collect();
    Some(TradeValue {
        base,
        joker_bonus,
        own,
    })
}

/// Where a battle stands when a reaction step is due.
pub(super) struct Dice {
    pub attack: Vec<u8>,
    pub defence: Vec<u8>,
}

enum StepResult {
    Passed,
    Reacted,
    /// The attacker's plan says `ask` and a reaction is possible: D3.
    Ask,
}

/// How a plan's run (or a battle) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Another battle may follow.
    Continue,
    /// The plan stopped; the attack stays open.
    Stopped,
    /// D3 or D4 is pending.
    Paused,
    /// The attack closed.
    Closed,
    /// The game ended.
    Over,
}

impl Game {
    /// A new game: objectives, dealer, territories and the draw pile from the seed (§4, §8).
    pub fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events,
    ) -> Result<Game, PositionError> {
        let mut problems = Vec::new();
        if !RULES_VERSIONS.contains(&rules_version) {
            problems.push(format!("rules_version {rules_version} is not known"));
        }
        if !(3..=6).contains(&players) {
            problems.push(format!("players must be 3 to 6, not {players} (R2)"));
        }
        if problems.is_empty() {
            problems.extend(
                super::option_problem_list(options, players)
                    .into_iter()
                    .map(|p| p.to_string()),
            );
        }
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        let n = players as usize;
        let colours = table_colours(options, players);
        let mut stream = Game::stream_at(&seed, 0);
        // 1. Objectives: shuffle the cards of the colours in play until nobody holds his own.
        let mut canonical = colours.clone();
        canonical.sort();
        let mut deals = 0;
        let objectives = loop {
            deals += 1;
            let mut deck = canonical.clone();
            stream.shuffle(&mut deck);
            if deck.iter().zip(&colours).all(|(o, c)| o != c) {
                break deck.into_iter().map(Objective).collect::<Vec<_>>();
            }
        };
        // 2. Dealer.
        let dealer = match options.dealer {
            Some(seat) => seat,
            None => Seat(stream.below(players as u32) as u8),
        };
        // 3. Territories: position p (from 1) goes to seat (D + p − 1) mod n.
        let mut cards: Vec<Territory> = Territory::ALL.to_vec();
        stream.shuffle(&mut cards);
        let mut owner = [Seat(0); TERRITORY_COUNT];
        let mut dealt = vec![Vec::new(); n];
        for (i, t) in cards.iter().enumerate() {
            let seat = Seat(((dealer.index() + i) % n) as u8);
            owner[t.index()] = seat;
            dealt[seat.index()].push(*t);
        }
        // 4. The draw pile: all 44 cards, index 0 on top.
        let mut draw: Vec<Card> = Card::all().collect();
        stream.shuffle(&mut draw);
        draw.reverse();
        let mut game = Game {
            rules_version,
            options: options.clone(),
            players,
            seed,
            stream: stream.position(),
            dice: Vec::new(),
            colours: colours.clone(),
            objectives,
            dealer,
            round: 1,
            active: dealer,
            owner,
            armies: [1; TERRITORY_COUNT],
            hands: vec![CardSet::default(); n],
            draw,
            discard: Vec::new(),
            used: CardSet::default(),
            terrain: CardSet::default(),
            passage: CardSet::default(),
            intelligence: CardSet::default(),
            orders: vec![StandingOrders::default(); n],
            spent: vec![0; n],
            phase: Phase::Reinforce(Reinforce::default()),
            battles: 0,
            conquests: 0,
        };
        game.active = game.first_player();
        public(
            events,
            Event::GameStarted {
                players,
                colours,
                dealer,
                first: game.active,
            },
        );
        for seat in Seat::all(players) {
            private(
                events,
                seat,
                Event::ObjectiveDealt {
                    seat,
                    objective: game.objective(seat),
                    deals,
                },
            );
        }
        for seat in Seat::all(players) {
            let mut territories = dealt[seat.index()].clone();
            territories.sort();
            public(events, Event::TerritoriesDealt { seat, territories });
        }
        game.start_turn(events);
        Ok(game)
    }

    /// Apply an action that `check` has accepted.
    pub(super) fn perform(&mut self, seat: Seat, action: &Action, events: &mut Events) {
        match action {
            Action::SetOrders { orders } => {
                self.orders[seat.index()] = orders.clone();
                private(
                    events,
                    seat,
                    Event::OrdersChanged {
                        seat,
                        orders: orders.clone(),
                    },
                );
            }
            Action::Intelligence { continents } => self.convert(continents, events),
            Action::Trade { cards } => self.trade(cards, events),
            Action::Place { armies } => self.place(armies, events),
            Action::Attack {
                from,
                to,
                air_card,
                plan,
            } => {
                self.close_open_attack(AttackEnd::OtherAction, events);
                let Phase::Combat(combat) = &mut self.phase else {
                    unreachable!("checked: phase B")
                };
                combat.attacks += 1;
                let number = combat.attacks;
                let defender = self.owner(*to);
                public(
                    events,
                    Event::AttackDeclared {
                        seat,
                        from: *from,
                        to: *to,
                        defender,
                        air_card: *air_card,
                        number,
                    },
                );
                if let Some(card) = air_card {
                    self.used.insert(*card);
                    self.discard_cards(self.active, &[*card], false, events);
                }
                let mut attack = OpenAttack {
                    from: *from,
                    to: *to,
                    air: air_card.is_some(),
                    battles: 0,
                    plan: plan.clone(),
                    plan_battles: 0,
                    plan_spent: 0,
                    pending: None,
                };
                self.terrain_at_declaration(&attack, events);
                let run = self.run_plan(&mut attack, events);
                self.settle(attack, run);
            }
            Action::Continue { plan } => {
                let mut attack = self.take_attack();
                attack.plan = plan.clone();
                attack.plan_battles = 0;
                attack.plan_spent = 0;
                public(
                    events,
                    Event::AttackContinued {
                        seat,
                        from: attack.from,
                        to: attack.to,
                    },
                );
                self.terrain_at_declaration(&attack, events);
                let run = self.run_plan(&mut attack, events);
                self.settle(attack, run);
            }
            Action::EndCombat => {
                self.close_open_attack(AttackEnd::OtherAction, events);
                self.start_movement(events);
            }
            Action::RevealTerrain | Action::Reroll { .. } | Action::NoReaction => {
                let mut attack = self.take_attack();
                let Some(AttackPending::Reaction {
                    attack: a,
                    defence: d,
                    steps,
                }) = attack.pending.take()
                else {
                    unreachable!("checked: D3 pending")
                };
                let mut dice = Dice {
                    attack: a,
                    defence: d,
                };
                let passed = match action {
                    Action::RevealTerrain => {
                        self.reveal_terrain(self.active, Side::Attacker, attack.to, events);
                        false
                    }
                    Action::Reroll {
                        card,
                        dice: positions,
                    } => {
                        self.reroll(
                            self.active,
                            Side::Attacker,
                            *card,
                            positions,
                            &mut dice,
                            events,
                        );
                        false
                    }
                    _ => true,
                };
                let mut run = self.fight(&mut attack, dice, steps + 1, Some(passed), events);
                if run == Run::Continue {
                    run = self.run_plan(&mut attack, events);
                }
                self.settle(attack, run);
            }
            Action::Occupy { armies } => {
                let attack = self.take_attack();
                self.move_in(&attack, *armies, events);
                self.settle(attack, Run::Closed);
            }
            Action::Move { from, to, armies } => {
                self.enter_movement(events);
                let fresh = self.fresh(*from);
                let k = armies
                    .resolve(fresh, self.armies(*from))
                    .expect("checked: at least 1");
                self.armies[from.index()] -= k;
                self.armies[to.index()] += k;
                self.moved_mut().add(*to, k);
                public(
                    events,
                    Event::Moved {
                        seat,
                        from: *from,
                        to: *to,
                        armies: k,
                    },
                );
            }
            Action::HiddenPassage { card } => {
                self.enter_movement(events);
                self.used.insert(*card);
                self.passage.insert(*card);
                public(events, Event::PassageRevealed { seat, card: *card });
            }
            Action::AirTransport {
                card,
                direction,
                armies,
            } => {
                self.enter_movement(events);
                let x = card.territory().expect("checked: a territory card");
                self.used.insert(*card);
                self.discard_cards(seat, &[*card], false, events);
                for (t, k) in armies.entries() {
                    let (source, target) = match direction {
                        Direction::Out => (x, t),
                        Direction::In => (t, x),
                    };
                    self.armies[source.index()] -= k;
                    self.armies[target.index()] += k;
                    self.moved_mut().add(target, k);
                }
                public(
                    events,
                    Event::Transported {
                        seat,
                        card: *card,
                        territory: x,
                        direction: *direction,
                        armies: *armies,
                    },
                );
            }
            Action::ContinentalAlliance { card, armies } => {
                self.enter_movement(events);
                let continent = card
                    .territory()
                    .expect("checked: a territory card")
                    .continent();
                self.used.insert(*card);
                self.discard_cards(seat, &[*card], false, events);
                for (t, split) in armies {
                    self.armies[t.index()] = split.fresh + split.moved;
                    self.moved_mut().set(*t, split.moved);
                }
                public(
                    events,
                    Event::Redistributed {
                        seat,
                        card: *card,
                        continent,
                        armies: armies.clone(),
                    },
                );
            }
            Action::EndTurn { discard } => {
                self.enter_movement(events);
                self.end_turn(discard.as_deref(), events);
            }
            Action::Discard { cards } => {
                self.hand_limit_discard(cards, events);
                self.finish_turn(events);
            }
        }
    }

    // ----- cards -----

    /// Draw the top card for a seat (§5.7, R21): nothing when both piles are empty.
    pub(super) fn draw_card(
        &mut self,
        seat: Seat,
        reason: DrawReason,
        events: &mut Events,
    ) -> Option<Card> {
        let Some(card) = self.draw.pop() else {
            public(events, Event::DrawLost { seat });
            return None;
        };
        self.hands[seat.index()].insert(card);
        public(events, Event::Drew { seat, reason });
        private(events, seat, Event::Received { seat, card, reason });
        self.reshuffle_if_needed(events);
        Some(card)
    }

    /// Move cards from a seat's hand to the discard pile (face down for the hand limit).
    pub(super) fn discard_cards(
        &mut self,
        seat: Seat,
        cards: &[Card],
        face_down: bool,
        events: &mut Events,
    ) {
        for &card in cards {
            self.hands[seat.index()].remove(card);
            self.discard.push(PileCard {
                card,
                face_down_by: face_down.then_some(seat),
            });
        }
        self.reshuffle_if_needed(events);
    }

    /// The draw pile is never empty while the discard pile is not (R21): shuffle the discard
    /// pile, oldest card first, into a new draw pile whose top is index 0.
    fn reshuffle_if_needed(&mut self, events: &mut Events) {
        if !self.draw.is_empty() || self.discard.is_empty() {
            return;
        }
        let mut cards: Vec<Card> = self.discard.drain(..).map(|pc| pc.card).collect();
        self.with_stream(|stream| stream.shuffle(&mut cards));
        cards.reverse();
        self.draw = cards;
        public(
            events,
            Event::Reshuffled {
                cards: self.draw.len() as u32,
            },
        );
    }

    /// The game's one stream (§8), where it stands now: `f` draws from it and the position
    /// moves on by what it read, so the next random step goes on from there.
    pub(super) fn with_stream<R>(&mut self, f: impl FnOnce(&mut Stream) -> R) -> R {
        let mut stream = Game::stream_at(&self.seed, self.stream);
        let result = f(&mut stream);
        self.stream = stream.position();
        result
    }

    /// One random step of dice: one value per minimum, in order (a battle roll or a reroll).
    /// Written dice (a hand-made position's `dice`) come first and read nothing from the stream.
    fn roll(&mut self, mins: &[u8]) -> Vec<u8> {
        let mut values = Vec::with_capacity(mins.len());
        let mut rest = Vec::new();
        for &min in mins {
            if self.dice.is_empty() {
                rest.push(min);
            } else {
                values.push(self.dice.remove(0).clamp(min, 6));
            }
        }
        if !rest.is_empty() {
            self.with_stream(|stream| {
                for min in rest {
                    values.push(min + stream.below(7 - min as u32) as u8);
                }
            });
        }
        values
    }

    /// The class of a card for its user now (§5.4.7, R16).
    pub fn card_class(&self, user: Seat, card: Card) -> CardClass {
        match card.territory() {
            None => CardClass::Joker,
            Some(t) if self.owner(t) == user => CardClass::Owned,
            Some(_) => CardClass::Unowned,
        }
    }

    // ----- phase A -----

    fn start_turn(&mut self, events: &mut Events) {
        if self.active == self.first_player() {
            public(events, Event::RoundStarted { round: self.round });
        }
        public(
            events,
            Event::TurnStarted {
                seat: self.active,
                round: self.round,
                turn: self.turn(),
            },
        );
        self.phase = Phase::Reinforce(Reinforce::default());
        let territories = self.territory_count(self.active);
        public(
            events,
            Event::Entitlement {
                seat: self.active,
                territories,
                base: (territories / 2).max(3),
                continents: self.continents_of(self.active),
            },
        );
    }

    /// The continents a seat owns entirely, in continent order.
    pub fn continents_of(&self, seat: Seat) -> Vec<Continent> {
        Continent::ALL
            .into_iter()
            .filter(|&c| self.owns_continent(seat, c))
            .collect()
    }

    /// The pools of phase A now (§5.2.1); `None` outside phase A.
    pub fn pools(&self) -> Option<Pools> {
        let Phase::Reinforce(r) = &self.phase else {
            return None;
        };
        let converted = r.converted.clone().unwrap_or_default();
        Some(Pools {
            base: (self.territory_count(self.active) / 2).max(3),
            trades: r.trades,
            cont: self
                .continents_of(self.active)
                .into_iter()
                .filter(|c| !converted.contains(c))
                .map(|c| (c, c.bonus()))
                .collect(),
            terr: r.terr,
        })
    }

    fn convert(&mut self, continents: &[Continent], events: &mut Events) {
        let mut sorted = continents.to_vec();
        sorted.sort();
        let cards = continents.iter().map(|c| c.bonus()).sum::<u32>() / 2;
        if let Phase::Reinforce(r) = &mut self.phase {
            r.converted = Some(sorted.clone());
        }
        public(
            events,
            Event::Converted {
                seat: self.active,
                continents: sorted,
                cards,
            },
        );
        for _ in 0..cards {
            if let Some(card) = self.draw_card(self.active, DrawReason::Intelligence, events) {
                self.intelligence.insert(card);
            }
        }
    }

    fn trade(&mut self, cards: &[Card], events: &mut Events) {
        let active = self.active;
        let value = trade_value(cards, |t| self.owner(t) == active).expect("checked: legal group");
        if let Phase::Reinforce(r) = &mut self.phase {
            r.trades += value.base + value.joker_bonus;
            for &t in &value.own {
                r.terr.add(t, 2);
            }
        }
        self.discard_cards(active, cards, false, events);
        public(
            events,
            Event::Traded {
                seat: active,
                cards: cards.to_vec(),
                base: value.base,
                joker_bonus: value.joker_bonus,
                value: value.total(),
                own: value.own,
            },
        );
    }

    fn place(&mut self, armies: &TerritoryCounts, events: &mut Events) {
        for (t, n) in armies.entries() {
            self.armies[t.index()] += n;
        }
        public(
            events,
            Event::Placed {
                seat: self.active,
                armies: *armies,
            },
        );
        if self.round <= 1 {
            self.start_movement(events);
        } else {
            self.phase = Phase::Combat(Combat::default());
            public(
                events,
                Event::CombatStarted {
                    seat: self.active,
                    limit: attack_limit(self.round),
                },
            );
        }
    }

    /// The deadline placement of §9.6: TERR pools on their territories, then each CONT pool and
    /// the FREE pool one army at a time on the weakest candidate bordering an enemy.
    pub fn default_placement(&self, pools: &Pools) -> TerritoryCounts {
        let own = self.territories_of(self.active);
        let mut placed = pools.terr;
        let place_one = |candidates: TerritorySet, placed: &mut TerritoryCounts| {
            let current = |t: Territory| self.armies(t) + placed.get(t);
            let frontier: Vec<Territory> = candidates
                .iter()
                .filter(|t| !t.neighbours().minus(own).is_empty())
                .collect();
            let pool: Vec<Territory> = if frontier.is_empty() {
                candidates.iter().collect()
            } else {
                frontier
            };
            let best = pool
                .into_iter()
                .min_by_key(|&t| (current(t), t.number()))
                .expect("a seat always owns a territory");
            placed.add(best, 1);
        };
        for &(continent, n) in &pools.cont {
            for _ in 0..n {
                place_one(continent.mask().intersection(own), &mut placed);
            }
        }
        for _ in 0..pools.free() {
            place_one(own, &mut placed);
        }
        placed
    }

    // ----- phase B -----

    fn take_attack(&mut self) -> OpenAttack {
        match &mut self.phase {
            Phase::Combat(c) => c.attack.take().expect("checked: an open attack"),
            _ => unreachable!("checked: phase B"),
        }
    }

    /// Put an attack back after a run, unless it closed or the game ended.
    fn settle(&mut self, attack: OpenAttack, run: Run) {
        if let Phase::Combat(c) = &mut self.phase {
            c.attack = match run {
                Run::Stopped | Run::Paused => Some(attack),
                Run::Closed | Run::Continue | Run::Over => None,
            };
        }
    }

    /// Close an open attack because the player does something else (R10).
    fn close_open_attack(&mut self, reason: AttackEnd, events: &mut Events) {
        if let Phase::Combat(c) = &mut self.phase {
            if let Some(a) = c.attack.take() {
                public(
                    events,
                    Event::AttackClosed {
                        from: a.from,
                        to: a.to,
                        reason,
                    },
                );
            }
        }
    }

    fn terrain_at_declaration(&mut self, attack: &OpenAttack, events: &mut Events) {
        let card = Card::of(attack.to);
        if attack.plan.terrain == AttackTerrain::AtDeclaration
            && self.hand(self.active).contains(card)
            && !self.used.contains(card)
        {
            self.reveal_terrain(self.active, Side::Attacker, attack.to, events);
        }
    }

    /// Terrain status and armies for a battle from `from` on `to` now.
    pub(super) fn stakes(&self, from: Territory, to: Territory) -> Stakes {
        let card = Card::of(to);
        let revealed = self.terrain.contains(card);
        Stakes {
            attacker_terrain: revealed && self.hand(self.active).contains(card),
            defender_terrain: revealed && self.hand(self.owner(to)).contains(card),
            from: self.armies(from),
            to: self.armies(to),
        }
    }

    fn reveal_terrain(
        &mut self,
        seat: Seat,
        side: Side,
        territory: Territory,
        events: &mut Events,
    ) {
        let card = Card::of(territory);
        self.used.insert(card);
        self.terrain.insert(card);
        public(events, Event::TerrainRevealed { seat, side, card });
    }

    fn reroll(
        &mut self,
        seat: Seat,
        side: Side,
        card: Card,
        positions: &[u8],
        dice: &mut Dice,
        events: &mut Events,
    ) {
        let class = self.card_class(seat, card);
        let (_, min) = class.power();
        self.used.insert(card);
        self.discard_cards(seat, &[card], false, events);
        let mut sorted = positions.to_vec();
        sorted.sort();
        let values = self.roll(&vec![min; sorted.len()]);
        let own = match side {
            Side::Attacker => &mut dice.attack,
            Side::Defender => &mut dice.defence,
        };
        let mut rerolled = Vec::new();
        for (&p, &value) in sorted.iter().zip(&values) {
            own[p as usize - 1] = value;
            rerolled.push(RerolledDie {
                position: p,
                value,
                min,
            });
        }
        public(
            events,
            Event::Rerolled {
                seat,
                side,
                card,
                class,
                dice: rerolled,
                now: own.clone(),
            },
        );
    }

    /// Battles of the open attack under its plan until a stop, a pause, the close or the end.
    fn run_plan(&mut self, attack: &mut OpenAttack, events: &mut Events) -> Run {
        loop {
            let from_armies = self.armies(attack.from);
            let capped = attack
                .plan
                .max_battles
                .is_some_and(|m| attack.plan_battles >= m);
            if from_armies <= attack.plan.stop_at || capped {
                public(
                    events,
                    Event::AttackStopped {
                        from: attack.from,
                        to: attack.to,
                    },
                );
                return Run::Stopped;
            }
            let a = (attack.plan.dice as u32).min(from_armies - 1).min(3) as usize;
            let d = self.armies(attack.to).min(3) as usize;
            let mut rolled = self.roll(&[1; 6][..a + d]);
            let defence = rolled.split_off(a);
            let dice = Dice {
                attack: rolled,
                defence,
            };
            self.battles += 1;
            attack.battles += 1;
            attack.plan_battles += 1;
            public(
                events,
                Event::Rolled {
                    from: attack.from,
                    to: attack.to,
                    attack: dice.attack.clone(),
                    defence: dice.defence.clone(),
                },
            );
            match self.fight(attack, dice, 0, None, events) {
                Run::Continue => continue,
                other => return other,
            }
        }
    }

    /// The reaction steps of a battle (R17) and its resolution. `resume` is the outcome of an
    /// attacker step already taken (a D3 answer: `true` when he passed).
    fn fight(
        &mut self,
        attack: &mut OpenAttack,
        mut dice: Dice,
        mut steps: u32,
        resume: Option<bool>,
        events: &mut Events,
    ) -> Run {
        let mut attacker_passed = match resume {
            Some(passed) => passed,
            None => match self.attacker_step(attack, &mut dice, events) {
                StepResult::Ask => {
                    attack.pending = Some(AttackPending::Reaction {
                        attack: dice.attack,
                        defence: dice.defence,
                        steps,
                    });
                    return Run::Paused;
                }
                StepResult::Passed => true,
                StepResult::Reacted => false,
            },
        };
        if resume.is_none() {
            steps += 1;
        }
        loop {
            let defender_passed = !self.defender_step(attack, &mut dice, events);
            steps += 1;
            if attacker_passed && defender_passed {
                break;
            }
            match self.attacker_step(attack, &mut dice, events) {
                StepResult::Ask => {
                    attack.pending = Some(AttackPending::Reaction {
                        attack: dice.attack,
                        defence: dice.defence,
                        steps,
                    });
                    return Run::Paused;
                }
                StepResult::Passed => attacker_passed = true,
                StepResult::Reacted => attacker_passed = false,
            }
            steps += 1;
        }
        self.finish_battle(attack, &dice, events)
    }

    /// Whether the attacker could react at all now (D3 is only asked when he can).
    pub(super) fn attacker_can_react(&self) -> bool {
        self.hand(self.active)
            .iter()
            .any(|c| !self.used.contains(c))
    }

    fn attacker_step(
        &mut self,
        attack: &mut OpenAttack,
        dice: &mut Dice,
        events: &mut Events,
    ) -> StepResult {
        if attack.plan.react == React::Ask {
            return if self.attacker_can_react() {
                StepResult::Ask
            } else {
                StepResult::Passed
            };
        }
        let seat = self.active;
        let card_b = Card::of(attack.to);
        let stakes = self.stakes(attack.from, attack.to);
        let current = resolve(&dice.attack, &dice.defence, stakes);
        // Terrain first.
        if attack.plan.terrain == AttackTerrain::WhenNeeded
            && self.hand(seat).contains(card_b)
            && !self.used.contains(card_b)
        {
            let with = resolve(
                &dice.attack,
                &dice.defence,
                Stakes {
                    attacker_terrain: true,
                    ..stakes
                },
            );
            if with.defender_losses > current.defender_losses
                || with.attacker_losses < current.attacker_losses
            {
                self.reveal_terrain(seat, Side::Attacker, attack.to, events);
                return StepResult::Reacted;
            }
        }
        // Then a reroll.
        let plan = &attack.plan.reroll;
        let triggered = match plan.when {
            RerollWhen::Loss1 => current.attacker_losses >= 1,
            RerollWhen::Loss2 => current.attacker_losses >= 2,
            RerollWhen::Loss3 => current.attacker_losses >= 3,
            RerollWhen::Never | RerollWhen::LosingTerritory => false,
        };
        if !triggered || attack.plan_spent >= plan.max_cards {
            return StepResult::Passed;
        }
        let keep_terrain_card = attack.plan.terrain != AttackTerrain::Never;
        let classes = plan.classes.clone();
        let (keep, reserve) = (plan.keep.clone(), plan.reserve);
        for class in classes {
            let Some(card) = self.eligible_card(
                seat,
                class,
                &keep,
                reserve,
                keep_terrain_card.then_some(card_b),
            ) else {
                continue;
            };
            let (max, min) = class.power();
            if let Some((positions, _)) = best_reroll(
                Side::Attacker,
                &dice.attack,
                &dice.defence,
                stakes,
                max,
                min,
            ) {
                attack.plan_spent += 1;
                self.reroll(seat, Side::Attacker, card, &positions, dice, events);
                return StepResult::Reacted;
            }
        }
        StepResult::Passed
    }

    /// The lowest-numbered card of a class that orders may spend (§9.3 step 2).
    fn eligible_card(
        &self,
        seat: Seat,
        class: CardClass,
        keep: &[Card],
        reserve: u32,
        spare: Option<Card>,
    ) -> Option<Card> {
        let hand = self.hand(seat);
        if (hand.len() as u32) < reserve + 1 {
            return None;
        }
        hand.iter().find(|&c| {
            !self.used.contains(c)
                && !keep.contains(&c)
                && Some(c) != spare
                && self.card_class(seat, c) == class
        })
    }

    /// The defender's reaction step by his standing orders (§9.3); `true` when he reacted.
    fn defender_step(&mut self, attack: &OpenAttack, dice: &mut Dice, events: &mut Events) -> bool {
        let seat = self.owner(attack.to);
        let block = self.orders[seat.index()].block(attack.to).clone();
        let card_b = Card::of(attack.to);
        let stakes = self.stakes(attack.from, attack.to);
        let current = resolve(&dice.attack, &dice.defence, stakes);
        if self.hand(seat).contains(card_b) && !self.used.contains(card_b) {
            let reveal = match block.terrain {
                DefenceTerrain::Never => false,
                DefenceTerrain::Always => true,
                DefenceTerrain::WhenNeeded => {
                    let with = resolve(
                        &dice.attack,
                        &dice.defence,
                        Stakes {
                            defender_terrain: true,
                            ..stakes
                        },
                    );
                    with.defender_losses < current.defender_losses
                }
            };
            if reveal {
                self.reveal_terrain(seat, Side::Defender, attack.to, events);
                return true;
            }
        }
        let orders = &block.reroll;
        let triggered = match orders.when {
            RerollWhen::Never => false,
            RerollWhen::Loss1 => current.defender_losses >= 1,
            RerollWhen::Loss2 => current.defender_losses >= 2,
            RerollWhen::Loss3 => current.defender_losses >= 3,
            RerollWhen::LosingTerritory => current.defender_losses >= stakes.to,
        };
        if !triggered || self.spent[seat.index()] >= orders.max_cards_per_turn {
            return false;
        }
        let spare = (block.terrain != DefenceTerrain::Never).then_some(card_b);
        for &class in &orders.classes {
            let Some(card) = self.eligible_card(seat, class, &orders.keep, orders.reserve, spare)
            else {
                continue;
            };
            let (max, min) = class.power();
            if let Some((positions, _)) = best_reroll(
                Side::Defender,
                &dice.attack,
                &dice.defence,
                stakes,
                max,
                min,
            ) {
                self.spent[seat.index()] += 1;
                self.reroll(seat, Side::Defender, card, &positions, dice, events);
                return true;
            }
        }
        false
    }

    fn finish_battle(&mut self, attack: &mut OpenAttack, dice: &Dice, events: &mut Events) -> Run {
        let stakes = self.stakes(attack.from, attack.to);
        let result: combat::Result = resolve(&dice.attack, &dice.defence, stakes);
        self.armies[attack.from.index()] -= result.attacker_losses;
        self.armies[attack.to.index()] -= result.defender_losses;
        public(
            events,
            Event::BattleResolved {
                from: attack.from,
                to: attack.to,
                attack: dice.attack.clone(),
                defence: dice.defence.clone(),
                attacker_terrain: stakes.attacker_terrain,
                defender_terrain: stakes.defender_terrain,
                attacker_losses: result.attacker_losses,
                defender_losses: result.defender_losses,
                no_occupant: result.no_occupant,
                armies_from: self.armies(attack.from),
                armies_to: self.armies(attack.to),
            },
        );
        if self.armies(attack.to) == 0 {
            return self.conquer(attack, dice.attack.len() as u8, events);
        }
        if self.armies(attack.from) == 1 {
            public(
                events,
                Event::AttackClosed {
                    from: attack.from,
                    to: attack.to,
                    reason: AttackEnd::SourceExhausted,
                },
            );
            return Run::Closed;
        }
        Run::Continue
    }

    /// The conquest sequence of §5.4.8 (R27).
    fn conquer(&mut self, attack: &mut OpenAttack, dice: u8, events: &mut Events) -> Run {
        let winner = self.active;
        let loser = self.owner(attack.to);
        self.owner[attack.to.index()] = winner;
        self.conquests += 1;
        public(
            events,
            Event::Conquered {
                seat: winner,
                territory: attack.to,
                from: loser,
            },
        );
        let card = Card::of(attack.to);
        if self.terrain.contains(card) && self.hand(loser).contains(card) {
            self.hands[loser.index()].remove(card);
            self.hands[winner.index()].insert(card);
            public(
                events,
                Event::TerrainCardPassed {
                    card,
                    from: loser,
                    to: winner,
                },
            );
        }
        self.draw_card(winner, DrawReason::Conquest, events);
        let eliminated = self.territory_count(loser) == 0;
        let max = self.armies(attack.from) - 1;
        if attack.plan.occupy == Occupy::Ask && !eliminated && max > 1 {
            attack.pending = Some(AttackPending::MoveIn { dice });
            return Run::Paused;
        }
        let k = self.occupy_amount(attack.plan.occupy, dice, attack.from);
        self.move_in(attack, k, events);
        if eliminated {
            self.eliminate(loser, events);
            return Run::Over;
        }
        Run::Closed
    }

    /// A plan's `occupy` rule, clamped to 1 … armies(A) − 1 (`ask` gives D4's default).
    pub(super) fn occupy_amount(&self, occupy: Occupy, dice: u8, from: Territory) -> u32 {
        let armies = self.armies(from);
        let max = armies - 1;
        let k = match occupy {
            Occupy::Dice | Occupy::Ask => dice as u32,
            Occupy::All => max,
            Occupy::Min => 1,
            Occupy::Exactly(k) => k,
            Occupy::Leave(m) => armies.saturating_sub(m),
        };
        k.clamp(1, max)
    }

    fn move_in(&mut self, attack: &OpenAttack, k: u32, events: &mut Events) {
        self.armies[attack.from.index()] -= k;
        self.armies[attack.to.index()] += k;
        public(
            events,
            Event::MovedIn {
                from: attack.from,
                to: attack.to,
                armies: k,
            },
        );
        public(
            events,
            Event::AttackClosed {
                from: attack.from,
                to: attack.to,
                reason: AttackEnd::Conquest,
            },
        );
    }

    // ----- phase C -----

    fn start_movement(&mut self, events: &mut Events) {
        self.phase = Phase::Movement(Movement::default());
        public(events, Event::MovementStarted { seat: self.active });
    }

    /// A phase C action sent in phase B ends the combat phase first (§9.2 scripts).
    fn enter_movement(&mut self, events: &mut Events) {
        if matches!(self.phase, Phase::Combat(_)) {
            self.close_open_attack(AttackEnd::OtherAction, events);
            self.start_movement(events);
        }
    }

    fn moved_mut(&mut self) -> &mut TerritoryCounts {
        match &mut self.phase {
            Phase::Movement(m) => &mut m.moved,
            _ => unreachable!("moves happen in phase C"),
        }
    }

    /// Armies of phase C that have moved onto this territory (0 outside phase C).
    pub fn moved(&self, t: Territory) -> u32 {
        match &self.phase {
            Phase::Movement(m) => m.moved.get(t),
            _ => 0,
        }
    }

    /// Armies that may still move from this territory in phase C.
    pub fn fresh(&self, t: Territory) -> u32 {
        self.armies(t) - self.moved(t)
    }

    /// The own territories a normal move from `from` reaches (§5.5.1, R23).
    pub fn move_targets(&self, from: Territory) -> TerritorySet {
        let own = self.territories_of(self.active);
        let passable: TerritorySet = self
            .passage
            .iter()
            .filter(|c| self.hand(self.active).contains(*c))
            .filter_map(|c| c.territory())
            .collect();
        let mut reached = from.neighbours();
        let mut visited = TerritorySet::EMPTY;
        let mut frontier = from.neighbours().intersection(passable);
        while !frontier.is_empty() {
            visited = visited.union(frontier);
            let mut next = TerritorySet::EMPTY;
            for x in frontier.iter() {
                reached = reached.union(x.neighbours());
                next = next.union(x.neighbours().intersection(passable));
            }
            frontier = next.minus(visited);
        }
        let mut targets = reached.intersection(own);
        targets.remove(from);
        targets
    }

    // ----- end of turn -----

    fn end_turn(&mut self, preference: Option<&[Card]>, events: &mut Events) {
        let returned: Vec<Card> = CardSet(self.terrain.0 | self.passage.0).iter().collect();
        if !returned.is_empty() {
            public(events, Event::CardsReturned { cards: returned });
        }
        self.used = CardSet::default();
        self.terrain = CardSet::default();
        self.passage = CardSet::default();
        self.intelligence = CardSet::default();
        self.spent.iter_mut().for_each(|s| *s = 0);
        if self.hand(self.active).len() > 6 {
            match preference {
                Some(preferred) => {
                    let cards = self.hand_limit_choice(preferred);
                    self.hand_limit_discard(&cards, events);
                }
                None => {
                    self.phase = Phase::HandLimit;
                    return;
                }
            }
        }
        self.finish_turn(events);
    }

    /// The cards the hand-limit discard takes: the preferred ones still in hand first, then the
    /// default of §9.6 (unowned territories, owned territories, jokers; highest number first).
    pub fn hand_limit_choice(&self, preferred: &[Card]) -> Vec<Card> {
        let seat = self.active;
        let mut hand = self.hand(seat);
        let excess = hand.len().saturating_sub(6);
        let mut chosen = Vec::with_capacity(excess);
        for &card in preferred {
            if chosen.len() == excess {
                break;
            }
            if hand.contains(card) {
                hand.remove(card);
                chosen.push(card);
            }
        }
        let mut rest: Vec<Card> = hand.iter().collect();
        rest.sort_by_key(|&c| {
            let group = match self.card_class(seat, c) {
                CardClass::Unowned => 0,
                CardClass::Owned => 1,
                CardClass::Joker => 2,
            };
            (group, std::cmp::Reverse(c.number()))
        });
        chosen.extend(rest.into_iter().take(excess - chosen.len()));
        chosen
    }

    fn hand_limit_discard(&mut self, cards: &[Card], events: &mut Events) {
        let seat = self.active;
        self.discard_cards(seat, cards, true, events);
        public(
            events,
            Event::HandLimitDiscarded {
                seat,
                count: cards.len() as u32,
            },
        );
        private(
            events,
            seat,
            Event::HandLimitCards {
                seat,
                cards: cards.to_vec(),
            },
        );
    }

    fn finish_turn(&mut self, events: &mut Events) {
        public(events, Event::TurnEnded { seat: self.active });
        let next = self.active.left(self.players);
        let round_over = next == self.first_player();
        if round_over && self.options.round_limit == Some(self.round) {
            let seats: Vec<Seat> = Seat::all(self.players).collect();
            let (winners, criterion) = self.tie_break(&seats);
            self.end(
                Outcome {
                    winners,
                    ending: Ending::RoundLimit,
                    eliminated: None,
                    eliminator: None,
                    criterion: Some(criterion),
                },
                events,
            );
            return;
        }
        if round_over {
            self.round += 1;
        }
        self.active = next;
        self.start_turn(events);
    }

    // ----- the end -----

    fn eliminate(&mut self, loser: Seat, events: &mut Events) {
        let winner = self.active;
        public(
            events,
            Event::Eliminated {
                seat: loser,
                by: winner,
            },
        );
        if self.objective(winner).target() == self.colour(loser) {
            self.end(
                Outcome {
                    winners: vec![winner],
                    ending: Ending::Objective,
                    eliminated: Some(loser),
                    eliminator: Some(winner),
                    criterion: None,
                },
                events,
            );
            return;
        }
        let cards: Vec<Card> = self.hand(loser).iter().collect();
        self.hands[winner.index()].0 |= self.hands[loser.index()].0;
        self.hands[loser.index()] = CardSet::default();
        public(
            events,
            Event::CardsTaken {
                from: loser,
                to: winner,
                cards,
            },
        );
        let seats: Vec<Seat> = Seat::all(self.players).filter(|&s| s != loser).collect();
        let (winners, criterion) = self.tie_break(&seats);
        self.end(
            Outcome {
                winners,
                ending: Ending::TieBreak,
                eliminated: Some(loser),
                eliminator: Some(winner),
                criterion: Some(criterion),
            },
            events,
        );
    }

    /// The criteria of §6.2 (R28) among these seats: the winners and the deciding criterion.
    pub fn tie_break(&self, seats: &[Seat]) -> (Vec<Seat>, u8) {
        if let Some(&s) = seats.iter().find(|&&s| self.territory_count(s) >= 24) {
            return (vec![s], 1);
        }
        let mut tied = seats.to_vec();
        let keys: [(u8, &dyn Fn(Seat) -> u32); 3] = [
            (2, &|s| self.territory_count(s)),
            (3, &|s| self.army_count(s)),
            (4, &|s| self.hand(s).len() as u32),
        ];
        for (criterion, key) in keys {
            let best = tied.iter().map(|&s| key(s)).max().unwrap_or(0);
            tied.retain(|&s| key(s) == best);
            if tied.len() == 1 {
                return (tied, criterion);
            }
        }
        (tied, 5)
    }

    fn end(&mut self, outcome: Outcome, events: &mut Events) {
        self.phase = Phase::Over {
            outcome: outcome.clone(),
        };
        public(events, Event::GameOver { outcome });
    }

    /// The new fresh and moved split Aliança Continental gives (helper for listings).
    pub(super) fn alliance_gather(
        &self,
        continent: Continent,
        target: Territory,
    ) -> BTreeMap<Territory, Split> {
        let mut fresh: u32 = continent.territories().map(|t| self.fresh(t)).sum();
        let mut moved: u32 = continent.territories().map(|t| self.moved(t)).sum();
        let mut split = BTreeMap::new();
        for t in continent.territories().filter(|&t| t != target) {
            let s = if moved > 0 {
                moved -= 1;
                Split { fresh: 0, moved: 1 }
            } else {
                fresh -= 1;
                Split { fresh: 1, moved: 0 }
            };
            split.insert(t, s);
        }
        split.insert(target, Split { fresh, moved });
        split
    }
}
