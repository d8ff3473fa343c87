//! Pergamemnon's battles: the attack and the hidden first cards (§6.3, §8), the exchange with
//! battle plans and D3 (§6.4, §10.2–§10.3, R8, R10), and everything after it (§6.5–§6.7): the
//! fates of the loser's cards, captures, the city's turn and Egypt's purge, D4 and D5, the draws,
//! the end by exhaustion and who is at turn next.
//!
//! Nothing here is random: the only draws of a battle are `draw_up`'s reshuffles (play.rs).
//! A side is indexed 0 (attacker) and 1 (defender) in `Battle::used` and `Battle::plans`.

use super::actions::{
    Action, AfterLoss, BattleResult, Capture, Disposal, Ending, Event, Fallback, Fate, Plan,
    ReinforceMode, Respond, RuleError, Zone,
};
use super::cards::{Card, CardData, Nation, Weapon};
use super::state::{Aftermath, Attack, Battle, Game, Phase, Side};
use crate::engine::{Audience, Events, Seat};
use std::cmp::Reverse;

impl Game {
    /// D1 `attack`, checked: the attack waits for D2, or, when the target's standing orders say
    /// `respond: auto`, is answered at once by the auto defence with the standing plan.
    pub fn declare_attack(&mut self, attack: Attack, events: &mut Events<Event>) {
        take_from(&mut self.seat_mut(attack.attacker).hand, attack.card);
        self.counters.battles += 1;
        events.push((
            Audience::Everyone,
            Event::Attacked {
                attacker: attack.attacker,
                target: attack.target,
                weapon: attack.weapon,
            },
        ));
        let orders = &self.seat(attack.target).orders;
        if orders.respond == Respond::Auto {
            let plan = orders.plan.clone();
            let card = self.auto_defence(attack.target, attack.weapon, &plan);
            events.push((
                Audience::Everyone,
                Event::Defaulted {
                    seat: attack.target,
                    decision: "D2".to_string(),
                },
            ));
            self.defend(attack, card, plan, events);
        } else {
            self.phase = Phase::Defence(attack);
        }
    }

    /// Rules version 2: new standing orders answer the decision their seat owes now when they
    /// would have answered it had they been given before it was asked: a defence (D2) under
    /// `respond: auto`, a discard after a lost battle (D5) under `after loss: none`. A player
    /// who replies "orders respond auto" to the mail asking for his defence means this one too.
    pub fn answer_by_orders(&mut self, seat: Seat, events: &mut Events<Event>) {
        let orders = self.seat(seat).orders.clone();
        match std::mem::replace(&mut self.phase, Phase::Turn) {
            Phase::Defence(attack) if attack.target == seat && orders.respond == Respond::Auto => {
                let card = self.auto_defence(seat, attack.weapon, &orders.plan);
                events.push((
                    Audience::Everyone,
                    Event::Defaulted {
                        seat,
                        decision: "D2".to_string(),
                    },
                ));
                self.defend(attack, card, orders.plan, events);
            }
            Phase::Aftermath(mut aftermath)
                if aftermath.loser == seat
                    && aftermath.discard_owed
                    && orders.discard_after_loss == AfterLoss::None =>
            {
                aftermath.discard = Some(Vec::new());
                aftermath.discard_owed = false;
                self.settle(*aftermath, events);
            }
            phase => self.phase = phase,
        }
    }

    /// The auto defence of §10.5 for a defender against `weapon` (never fails: a hand is never
    /// empty in a running game).
    pub fn auto_defence(&self, seat: Seat, weapon: Weapon, plan: &Plan) -> Card {
        let hand = &self.seat(seat).hand;
        let keep = resolve(self, &plan.keep);
        let free: Vec<Card> = hand.iter().copied().filter(|c| !keep.contains(c)).collect();
        let pool = if free.is_empty() { hand.clone() } else { free };
        pool.into_iter()
            .min_by_key(|&card| (Reverse(self.def(seat, card, weapon)), tie_break(self, card)))
            .expect("a hand in a running game is never empty")
    }

    /// The auto reinforcement of §10.5: `seat`'s current card is `current` and fails against
    /// `incoming`; the opponent (`opponent`) has `their_current`.
    pub fn auto_reinforcement(
        &self,
        seat: Seat,
        current: Card,
        incoming: (Weapon, u8),
        opponent: Seat,
        their_current: Card,
        plan: &Plan,
    ) -> Option<Card> {
        // A card whose counter-attack the opponent's current card cannot parry alone has a
        // positive margin, so the largest margin puts those first (§10.5).
        legal_reinforcements(self, seat, current, incoming, plan)
            .into_iter()
            .min_by_key(|&card| {
                let weapon = data(self, card).weapon;
                let margin = i16::from(self.atk(seat, card))
                    - i16::from(self.def(opponent, their_current, weapon));
                (Reverse(margin), tie_break(self, card))
            })
    }

    /// Whether `seat` may take this battle action now (D2 `defend`, D3 `reinforce`, D4
    /// `dispose`, D5 `discard`); `Rules::check` asks it for those four. Any other action is
    /// refused as not the decision owed.
    pub fn check_battle_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if matches!(self.phase, Phase::Over) {
            return Err(RuleError::GameOver);
        }
        if seat.index() >= self.seats.len() {
            return Err(RuleError::NoSuchSeat(seat.number()));
        }
        let owed = owed(self, seat).ok_or(RuleError::NotYourTurn)?;
        let asked = match action {
            Action::Defend { .. } => "D2",
            Action::Reinforce { .. } => "D3",
            Action::Dispose { .. } => "D4",
            Action::Discard { .. } => "D5",
            Action::Recruit { .. }
            | Action::Attack { .. }
            | Action::Orders { .. }
            | Action::Pass => "",
        };
        if owed != asked {
            return Err(RuleError::WrongDecision { expected: owed });
        }
        match (action, &self.phase) {
            (Action::Defend { card, plan }, Phase::Defence(_)) => {
                let card = known(self, card)?;
                in_hand(self, seat, card)?;
                for id in plan.prefer.iter().chain(&plan.keep) {
                    known(self, id)?;
                }
                Ok(())
            }
            (Action::Reinforce { card }, Phase::Reinforce(battle)) => {
                check_reinforcement(self, battle, card.as_deref())
            }
            (Action::Dispose { cards }, Phase::Aftermath(aftermath)) => {
                check_disposal(self, aftermath, cards)
            }
            (Action::Discard { cards }, Phase::Aftermath(_)) => {
                let mut seen = Vec::with_capacity(cards.len());
                for id in cards {
                    let card = known(self, id)?;
                    if seen.contains(&card) {
                        return Err(RuleError::Repeated);
                    }
                    seen.push(card);
                    in_hand(self, seat, card)?;
                }
                Ok(())
            }
            _ => unreachable!("owed() names the decision of the phase"),
        }
    }

    /// Apply a checked battle action and run the battle as far as it goes without a decision.
    pub fn apply_battle_action(&mut self, seat: Seat, action: &Action, events: &mut Events<Event>) {
        let _ = seat;
        let phase = std::mem::replace(&mut self.phase, Phase::Turn);
        match (action, phase) {
            (Action::Defend { card, plan }, Phase::Defence(attack)) => {
                let card = self.set.card(card).expect("checked");
                self.defend(attack, card, plan.clone(), events);
            }
            (Action::Reinforce { card }, Phase::Reinforce(battle)) => {
                let card = card.as_ref().map(|id| self.set.card(id).expect("checked"));
                self.exchange(*battle, Some(card), events);
            }
            (Action::Dispose { cards }, Phase::Aftermath(mut aftermath)) => {
                let answers = cards
                    .iter()
                    .map(|d| (self.set.card(&d.card).expect("checked"), d.to))
                    .collect();
                aftermath.disposal = Some(answers);
                aftermath.dispose_owed = false;
                self.settle(*aftermath, events);
            }
            (Action::Discard { cards }, Phase::Aftermath(mut aftermath)) => {
                let cards = cards
                    .iter()
                    .map(|id| self.set.card(id).expect("checked"))
                    .collect();
                aftermath.discard = Some(cards);
                aftermath.discard_owed = false;
                self.settle(*aftermath, events);
            }
            (_, phase) => self.phase = phase,
        }
    }

    /// The answer given for a seat whose D2–D5 deadline passed (§10.5).
    pub fn default_battle_action(&self, seat: Seat) -> Option<Action> {
        match (&self.phase, owed(self, seat)?) {
            (Phase::Defence(attack), "D2") => {
                let plan = self.seat(seat).orders.plan.clone();
                let card = self.auto_defence(seat, attack.weapon, &plan);
                Some(Action::Defend {
                    card: self.set.id(card).to_string(),
                    plan,
                })
            }
            (Phase::Reinforce(battle), "D3") => {
                let s = side(battle.defending);
                let o = 1 - s;
                let card = self.auto_reinforcement(
                    seat,
                    current(battle, s),
                    battle.incoming,
                    seat_of(battle, o),
                    current(battle, o),
                    &battle.plans[s],
                );
                Some(Action::Reinforce {
                    card: card.map(|c| self.set.id(c).to_string()),
                })
            }
            (Phase::Aftermath(aftermath), "D4") => Some(Action::Dispose {
                cards: self.disposals(&asked(self, aftermath), |_| Zone::Discard),
            }),
            (Phase::Aftermath(_), "D5") => Some(Action::Discard { cards: Vec::new() }),
            _ => None,
        }
    }

    /// Every answer `seat` may give to the battle decision it owes now (D2–D5), for the menu;
    /// empty when it owes none. D2: every hand card with the standing plan; D3: every legal
    /// card, then none; D4: all discard, all tuck, then each single card tucked alone and
    /// discarded alone; D5: every subset of the hand, in hand order. Each passes
    /// `check_battle_action`.
    pub fn legal_battle_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(owed) = owed(self, seat) else {
            return Vec::new();
        };
        let hand = &self.seat(seat).hand;
        match (&self.phase, owed) {
            (Phase::Defence(_), "D2") => {
                let plan = &self.seat(seat).orders.plan;
                hand.iter()
                    .map(|&card| Action::Defend {
                        card: self.set.id(card).to_string(),
                        plan: plan.clone(),
                    })
                    .collect()
            }
            (Phase::Reinforce(battle), "D3") => {
                let s = side(battle.defending);
                let current = current(battle, s);
                let (weapon, value) = battle.incoming;
                if self.def(seat, current, weapon) >= value {
                    return Vec::new();
                }
                legal_reinforcements(self, seat, current, battle.incoming, &battle.plans[s])
                    .into_iter()
                    .map(|card| Some(self.set.id(card).to_string()))
                    .chain([None])
                    .map(|card| Action::Reinforce { card })
                    .collect()
            }
            (Phase::Aftermath(aftermath), "D4") => {
                let asked = asked(self, aftermath);
                let mut answers = vec![
                    self.disposals(&asked, |_| Zone::Discard),
                    self.disposals(&asked, |_| Zone::Tuck),
                ];
                for &one in &asked {
                    answers.push(self.disposals(&asked, |c| {
                        if c == one {
                            Zone::Tuck
                        } else {
                            Zone::Discard
                        }
                    }));
                    answers.push(self.disposals(&asked, |c| {
                        if c == one {
                            Zone::Discard
                        } else {
                            Zone::Tuck
                        }
                    }));
                }
                let mut unique: Vec<Vec<Disposal>> = Vec::new();
                for answer in answers {
                    if !unique.contains(&answer) {
                        unique.push(answer);
                    }
                }
                unique
                    .into_iter()
                    .map(|cards| Action::Dispose { cards })
                    .collect()
            }
            (Phase::Aftermath(_), "D5") => (0u32..1 << hand.len())
                .map(|mask| Action::Discard {
                    cards: hand
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, &card)| self.set.id(card).to_string())
                        .collect(),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    // -----------------------------------------------------------------------------------------
    // The exchange.

    /// D2 answered (by the defender or by `respond: auto`): reveal both first cards and run the
    /// exchange.
    fn defend(&mut self, attack: Attack, card: Card, plan: Plan, events: &mut Events<Event>) {
        take_from(&mut self.seat_mut(attack.target).hand, card);
        events.push((
            Audience::Everyone,
            Event::Revealed {
                attack: self.set.id(attack.card).to_string(),
                defence: self.set.id(card).to_string(),
            },
        ));
        let incoming = (
            data(self, attack.card).weapon,
            self.atk(attack.attacker, attack.card),
        );
        let battle = Battle {
            attacker: attack.attacker,
            defender: attack.target,
            plans: [attack.plan, plan],
            used: [vec![attack.card], vec![card]],
            defending: Side::Defender,
            incoming,
        };
        self.exchange(battle, None, events);
    }

    /// The loop of §6.4.2 from the side that must defend `battle.incoming` now. `answer` is the
    /// D3 answer for that side's reinforcement point, when the exchange resumes after one. It
    /// stops in `Phase::Reinforce` when a side's plan says `ask` and it has a legal card.
    fn exchange(
        &mut self,
        mut battle: Battle,
        mut answer: Option<Option<Card>>,
        events: &mut Events<Event>,
    ) {
        loop {
            let s = side(battle.defending);
            let seat = seat_of(&battle, s);
            let (weapon, value) = battle.incoming;
            let mine = current(&battle, s);
            // Only the defender's first card, against the first incoming attack, is fresh (R8).
            let fresh = s == 1 && battle.used[0].len() == 1 && battle.used[1].len() == 1;
            if self.def(seat, mine, weapon) >= value {
                events.push((
                    Audience::Everyone,
                    Event::Defended {
                        seat,
                        weapon,
                        value,
                        card: None,
                    },
                ));
                if !fresh {
                    self.battle_over(battle, BattleResult::Tie, events);
                    return;
                }
            } else {
                let choice = match answer.take() {
                    Some(choice) => choice,
                    None => match self.planned(&battle) {
                        Planned::Play(card) => card,
                        Planned::Ask => {
                            self.phase = Phase::Reinforce(Box::new(battle));
                            return;
                        }
                    },
                };
                let Some(card) = choice else {
                    let result = BattleResult::Won {
                        winner: seat_of(&battle, 1 - s),
                        loser: seat,
                    };
                    self.battle_over(battle, result, events);
                    return;
                };
                take_from(&mut self.seat_mut(seat).hand, card);
                battle.used[s].push(card);
                events.push((
                    Audience::Everyone,
                    Event::Defended {
                        seat,
                        weapon,
                        value,
                        card: Some(self.set.id(card).to_string()),
                    },
                ));
            }
            let current = current(&battle, s);
            let counter = (data(self, current).weapon, self.atk(seat, current));
            events.push((
                Audience::Everyone,
                Event::Countered {
                    seat,
                    weapon: counter.0,
                    value: counter.1,
                },
            ));
            battle.incoming = counter;
            battle.defending = match battle.defending {
                Side::Attacker => Side::Defender,
                Side::Defender => Side::Attacker,
            };
        }
    }

    /// What the defending side's plan does at a reinforcement point (§10.3).
    fn planned(&self, battle: &Battle) -> Planned {
        let s = side(battle.defending);
        let o = 1 - s;
        let seat = seat_of(battle, s);
        let plan = &battle.plans[s];
        let auto = || {
            self.auto_reinforcement(
                seat,
                current(battle, s),
                battle.incoming,
                seat_of(battle, o),
                current(battle, o),
                plan,
            )
        };
        match plan.reinforce {
            ReinforceMode::Auto => Planned::Play(auto()),
            ReinforceMode::Never => Planned::Play(None),
            ReinforceMode::Prefer => {
                let legal =
                    legal_reinforcements(self, seat, current(battle, s), battle.incoming, plan);
                let listed = resolve(self, &plan.prefer)
                    .into_iter()
                    .find(|card| legal.contains(card));
                match (listed, plan.fallback) {
                    (Some(card), _) => Planned::Play(Some(card)),
                    (None, Fallback::Auto) => Planned::Play(auto()),
                    (None, Fallback::None) => Planned::Play(None),
                }
            }
            ReinforceMode::Ask => {
                // A decision with a single legal answer (none) is not prompted (§10.1).
                if legal_reinforcements(self, seat, current(battle, s), battle.incoming, plan)
                    .is_empty()
                {
                    Planned::Play(None)
                } else {
                    Planned::Ask
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // After the battle (§6.5).

    /// Steps 1–4 of §6.5, then the disposal and the discard at once, or a stop for D4/D5.
    fn battle_over(&mut self, battle: Battle, result: BattleResult, events: &mut Events<Event>) {
        events.push((Audience::Everyone, Event::BattleEnded { result }));
        let Battle {
            attacker,
            defender,
            plans: [attack_plan, defence_plan],
            used: [attack_used, defence_used],
            ..
        } = battle;
        let fought = [attack_used.clone(), defence_used.clone()];
        let BattleResult::Won { winner, loser } = result else {
            // Step 1: the tie.
            self.seat_mut(attacker).discard.extend(attack_used);
            self.seat_mut(defender).discard.extend(defence_used);
            self.take_charisma(defender, events);
            self.turn_inactive(attacker, events);
            self.counters.ties += 1;
            self.draws_and_next(attacker, defender, defender, events);
            return;
        };
        let (winner_used, loser_used, winner_plan) = if winner == attacker {
            (attack_used, defence_used, attack_plan)
        } else {
            (defence_used, attack_used, defence_plan)
        };
        // Step 2: the winner's cards.
        self.seat_mut(winner).discard.extend(winner_used);
        // Step 3: the fates of the loser's cards, judged before any city turns.
        let egypt_takes = {
            let w = self.seat(winner);
            w.nation == Nation::Egyptians && !w.city_back
        };
        let mut fates = Vec::with_capacity(loser_used.len());
        let mut captured = Vec::new();
        for card in loser_used {
            let fate = if data(self, card).secure {
                self.seat_mut(loser).secured.push(card);
                Fate::Secured
            } else if self.flees(loser, card) {
                if egypt_takes {
                    self.seat_mut(winner).discard.push(card);
                    Fate::TakenByEgypt
                } else {
                    self.boxed.push(card);
                    Fate::Fled
                }
            } else {
                captured.push(card);
                Fate::Captured
            };
            fates.push((card, fate));
        }
        events.push((
            Audience::Everyone,
            Event::Fates {
                seat: loser,
                cards: fates
                    .iter()
                    .map(|&(card, fate)| (self.set.id(card).to_string(), fate))
                    .collect(),
            },
        ));
        // Step 4: the leader (R14) and Egypt's purge (R17).
        let nation = self.seat(loser).nation;
        let leader = self.set.leader(nation);
        let leader_taken = fates.iter().any(|&(card, fate)| {
            card == leader && matches!(fate, Fate::Captured | Fate::TakenByEgypt)
        });
        if leader_taken && !self.seat(loser).city_back {
            self.seat_mut(loser).city_back = true;
            events.push((Audience::Everyone, Event::CityTurned { seat: loser }));
            if nation == Nation::Egyptians {
                self.purge(loser, events);
            }
        }
        // Steps 5 and 7 may need D4 and D5, prompted together (§10.1).
        let tuckable = captured.iter().any(|&card| self.set.charisma(card) >= 1);
        let loser_state = self.seat(loser);
        let aftermath = Aftermath {
            attacker,
            defender,
            winner,
            loser,
            used: fought,
            captured,
            dispose_owed: winner_plan.capture == Capture::Ask && tuckable,
            discard_owed: loser_state.orders.discard_after_loss == AfterLoss::Ask
                && !loser_state.hand.is_empty(),
            disposal: None,
            discard: None,
            capture_plan: winner_plan,
        };
        self.settle(aftermath, events);
    }

    /// Steps 5–10 of §6.5 once D4 and D5 are answered or not owed; otherwise wait for them.
    fn settle(&mut self, aftermath: Aftermath, events: &mut Events<Event>) {
        if aftermath.dispose_owed || aftermath.discard_owed {
            self.phase = Phase::Aftermath(Box::new(aftermath));
            return;
        }
        let Aftermath {
            attacker,
            defender,
            winner,
            loser,
            captured,
            disposal,
            discard,
            capture_plan,
            ..
        } = aftermath;
        // Step 5: the disposal, card by card in play order.
        let zones: Vec<(Card, Zone)> = captured
            .iter()
            .map(|&card| {
                let answered = disposal
                    .as_ref()
                    .and_then(|answers| answers.iter().find(|(c, _)| *c == card))
                    .map(|&(_, zone)| zone);
                let zone = answered.unwrap_or_else(|| {
                    let charisma = self.set.charisma(card);
                    let tuck = match capture_plan.capture {
                        Capture::Discard | Capture::Ask => false,
                        Capture::Tuck => charisma >= 1,
                        Capture::TuckZeroPoints => charisma >= 1 && self.set.points(card) == 0,
                    };
                    if tuck {
                        Zone::Tuck
                    } else {
                        Zone::Discard
                    }
                });
                (card, zone)
            })
            .collect();
        for &(card, zone) in &zones {
            let w = self.seat_mut(winner);
            match zone {
                Zone::Discard => w.discard.push(card),
                Zone::Tuck => w.tucked.push(card),
            }
        }
        if !zones.is_empty() {
            events.push((
                Audience::Everyone,
                Event::Disposed {
                    seat: winner,
                    cards: zones
                        .iter()
                        .map(|&(card, to)| Disposal {
                            card: self.set.id(card).to_string(),
                            to,
                        })
                        .collect(),
                },
            ));
        }
        // Step 6.
        if winner == defender {
            self.take_charisma(defender, events);
        }
        self.turn_inactive(loser, events);
        // Step 7: the voluntary discard, in hand order.
        let named = discard.unwrap_or_default();
        if !named.is_empty() {
            let l = self.seat_mut(loser);
            let (gone, kept): (Vec<Card>, Vec<Card>) =
                l.hand.iter().partition(|card| named.contains(card));
            l.hand = kept;
            l.discard.extend(gone.iter().copied());
            events.push((
                Audience::Everyone,
                Event::Discarded {
                    seat: loser,
                    cards: gone.iter().map(|&c| self.set.id(c).to_string()).collect(),
                },
            ));
        }
        // Steps 8–10: the winning attacker plays again, otherwise the defender (§6.1).
        self.draws_and_next(attacker, defender, winner, events);
    }

    /// Egypt's purge (R17): every card with printed Flee in the hand, draw pile and discard pile
    /// goes to the box; tucked and secured cards stay.
    fn purge(&mut self, seat: Seat, events: &mut Events<Event>) {
        let set = self.set.clone();
        let flees = |card: &Card| set.data(*card).is_some_and(|d| d.flee);
        let state = self.seat_mut(seat);
        let mut purged = Vec::new();
        for pile in [&mut state.hand, &mut state.draw, &mut state.discard] {
            let (gone, stay): (Vec<Card>, Vec<Card>) = pile.iter().partition(|c| flees(c));
            *pile = stay;
            purged.extend(gone);
        }
        self.boxed.extend(purged.iter().copied());
        events.push((
            Audience::Everyone,
            Event::Purged {
                seat,
                cards: purged.iter().map(|&c| set.id(c).to_string()).collect(),
            },
        ));
    }

    /// A nation card turns inactive (3 to 5 players; with 2 there are none, R24).
    fn turn_inactive(&mut self, seat: Seat, events: &mut Events<Event>) {
        if self.players() >= 3 {
            self.seat_mut(seat).active = false;
            events.push((Audience::Everyone, Event::NationInactive { seat }));
        }
    }

    /// §6.5 steps 8–10: A draws, then D (R39); the end by exhaustion (T2) if either could not
    /// fill his hand, else `next` is at turn.
    fn draws_and_next(
        &mut self,
        attacker: Seat,
        defender: Seat,
        next: Seat,
        events: &mut Events<Event>,
    ) {
        self.phase = Phase::Turn;
        let attacker_full = self.draw_up(attacker, events);
        let defender_full = self.draw_up(defender, events);
        let mut short: Vec<Seat> = [(attacker, attacker_full), (defender, defender_full)]
            .into_iter()
            .filter(|&(_, full)| !full)
            .map(|(seat, _)| seat)
            .collect();
        short.sort();
        if short.is_empty() {
            self.give_turn(next, events);
        } else {
            self.end(Ending::Exhaustion { seats: short }, events);
        }
    }

    /// D4 answers for the asked cards, each to the zone `to` gives it.
    fn disposals(&self, asked: &[Card], to: impl Fn(Card) -> Zone) -> Vec<Disposal> {
        asked
            .iter()
            .map(|&card| Disposal {
                card: self.set.id(card).to_string(),
                to: to(card),
            })
            .collect()
    }
}

/// A plan's choice at a reinforcement point.
enum Planned {
    Play(Option<Card>),
    /// Stop for D3.
    Ask,
}

fn side(side: Side) -> usize {
    match side {
        Side::Attacker => 0,
        Side::Defender => 1,
    }
}

fn seat_of(battle: &Battle, side: usize) -> Seat {
    if side == 0 {
        battle.attacker
    } else {
        battle.defender
    }
}

fn current(battle: &Battle, side: usize) -> Card {
    *battle.used[side].last().expect("a side has played a card")
}

fn data(game: &Game, card: Card) -> &CardData {
    game.set.data(card).expect("only fighting cards fight")
}

/// Removes one card from a pile, if it is there.
fn take_from(pile: &mut Vec<Card>, card: Card) {
    if let Some(at) = pile.iter().position(|&c| c == card) {
        pile.remove(at);
    }
}

/// The cards a plan names, in its order; unknown ids are ignored (they are checked on entry).
fn resolve(game: &Game, ids: &[String]) -> Vec<Card> {
    ids.iter().filter_map(|id| game.set.card(id)).collect()
}

/// §10.5's tie-break after the main criterion: a non-leader first, then fewer points, then
/// canonical order.
fn tie_break(game: &Game, card: Card) -> (bool, u8, Card) {
    let d = data(game, card);
    (d.leader, d.points, card)
}

/// The hand cards, not kept, that make `current`'s defence against `incoming` succeed (R10), in
/// hand order.
fn legal_reinforcements(
    game: &Game,
    seat: Seat,
    current: Card,
    incoming: (Weapon, u8),
    plan: &Plan,
) -> Vec<Card> {
    let (weapon, value) = incoming;
    let keep = resolve(game, &plan.keep);
    let base = u16::from(game.def(seat, current, weapon));
    game.seat(seat)
        .hand
        .iter()
        .copied()
        .filter(|card| !keep.contains(card))
        .filter(|&card| base + u16::from(game.def(seat, card, weapon)) >= u16::from(value))
        .collect()
}

/// The decision `seat` owes now, by its id of §10.1.
fn owed(game: &Game, seat: Seat) -> Option<&'static str> {
    match &game.phase {
        Phase::Turn => (seat == game.at_turn).then_some("D1"),
        Phase::Defence(attack) => (seat == attack.target).then_some("D2"),
        Phase::Reinforce(battle) => {
            (seat == seat_of(battle, side(battle.defending))).then_some("D3")
        }
        Phase::Aftermath(aftermath) => {
            if seat == aftermath.winner && aftermath.dispose_owed {
                Some("D4")
            } else if seat == aftermath.loser && aftermath.discard_owed {
                Some("D5")
            } else {
                None
            }
        }
        Phase::Over => None,
    }
}

/// The captured cards D4 asks about: those that could be tucked (charisma ≥ 1), in play order.
fn asked(game: &Game, aftermath: &Aftermath) -> Vec<Card> {
    aftermath
        .captured
        .iter()
        .copied()
        .filter(|&card| game.set.charisma(card) >= 1)
        .collect()
}

fn known(game: &Game, id: &str) -> Result<Card, RuleError> {
    game.set
        .card(id)
        .ok_or_else(|| RuleError::UnknownCard(id.to_string()))
}

fn in_hand(game: &Game, seat: Seat, card: Card) -> Result<(), RuleError> {
    if game.seat(seat).hand.contains(&card) {
        Ok(())
    } else {
        Err(RuleError::NotInHand(game.set.id(card).to_string()))
    }
}

/// D3 (R10): nothing when the current card defends alone; a card must be in hand, not kept by
/// the side's plan, and make the defence succeed. A kept card is refused as not in hand: the
/// plan withholds it from the battle (no code of its own exists).
fn check_reinforcement(game: &Game, battle: &Battle, card: Option<&str>) -> Result<(), RuleError> {
    let s = side(battle.defending);
    let seat = seat_of(battle, s);
    let current = current(battle, s);
    let (weapon, value) = battle.incoming;
    let base = game.def(seat, current, weapon);
    if base >= value {
        return Err(RuleError::NoReinforcementNeeded);
    }
    let Some(id) = card else {
        return Ok(());
    };
    let card = known(game, id)?;
    in_hand(game, seat, card)?;
    if resolve(game, &battle.plans[s].keep).contains(&card) {
        return Err(RuleError::NotInHand(id.to_string()));
    }
    let total = base.saturating_add(game.def(seat, card, weapon));
    if total < value {
        return Err(RuleError::ReinforcementTooWeak {
            card: id.to_string(),
            total,
            value,
        });
    }
    Ok(())
}

/// D4 (R11): every asked card exactly once; a tuck only for a card with charisma ≥ 1 that
/// Egypt did not take fleeing.
fn check_disposal(game: &Game, aftermath: &Aftermath, cards: &[Disposal]) -> Result<(), RuleError> {
    let asked = asked(game, aftermath);
    let mut seen = Vec::with_capacity(cards.len());
    for disposal in cards {
        let card = known(game, &disposal.card)?;
        if seen.contains(&card) {
            return Err(RuleError::Repeated);
        }
        seen.push(card);
        if disposal.to == Zone::Tuck
            && (game.set.charisma(card) == 0 || taken_fleeing(game, aftermath, card))
        {
            return Err(RuleError::CannotTuck(disposal.card.clone()));
        }
        if !asked.contains(&card) {
            return Err(RuleError::NotCaptured(disposal.card.clone()));
        }
    }
    if seen.len() != asked.len() {
        return Err(RuleError::DisposalIncomplete);
    }
    Ok(())
}

/// Whether `card` is one the Egyptian winner took fleeing in this battle (R11): it was not
/// captured, it lies in the winner's discard pile, and it flees for the loser.
fn taken_fleeing(game: &Game, aftermath: &Aftermath, card: Card) -> bool {
    let winner = game.seat(aftermath.winner);
    winner.nation == Nation::Egyptians
        && !winner.city_back
        && !aftermath.captured.contains(&card)
        && winner.discard.contains(&card)
        && game.flees(aftermath.loser, card)
}
