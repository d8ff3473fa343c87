//! Pergamemnon's state: the options a game is created with, the whole game between two actions
//! (`Game`, cards as `Card` indices), and its hand-writable stored form (`Position`, card ids).
//!
//! `Game::from_position` accepts partial positions as the worked examples of §12 write them:
//! every card a position does not place is put where it cannot matter (§12 "cards not listed
//! are irrelevant"): creatures among the setup removal, army cards in the box, charisma cards in
//! the supply (lowest id first).

use super::actions::{Outcome, Plan, StandingOrders};
use super::cards::{Card, CardSet, CardSetDoc, Nation, Weapon};
use crate::engine::{Seat, Seed};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The creation options (§5): the card set, the nations, the first player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PergamemnonOptions)]
pub struct Options {
    /// The card set's id: a built-in set (`reference-1`…) or the embedded `cards`.
    #[serde(default = "default_card_set")]
    pub card_set: String,
    /// The set's SHA-256 (§4.3), filled in when the game is created: a replay checks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_set_sha256: Option<String>,
    /// The whole set, embedded for every set that is not built into the engine (an
    /// operator's `published` set, a `custom` one), so the record verifies offline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Box<CardSetDoc>>,
    /// One nation per seat, fixed (R4); absent: dealt at random (§5 step 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nations: Option<Vec<Nation>>,
    /// The seat that begins (R5); absent: the most charisma, ties by lot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<u8>, minimum = 1)]
    pub first_player: Option<Seat>,
}

fn default_card_set() -> String {
    super::cards::default_set_id().to_string()
}

impl Default for Options {
    fn default() -> Options {
        Options {
            card_set: default_card_set(),
            card_set_sha256: None,
            cards: None,
            nations: None,
            first_player: None,
        }
    }
}

/// One seat between two actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub nation: Nation,
    /// The city shows its back: the leader was captured (§6.7). Never turns back.
    pub city_back: bool,
    /// The nation card's side (always true with 2 players).
    pub active: bool,
    /// In the order drawn (R35).
    pub hand: Vec<Card>,
    /// Top first.
    pub draw: Vec<Card>,
    /// Oldest first (R33).
    pub discard: Vec<Card>,
    /// Charisma cards and captured cards kept for charisma, in arrival order.
    pub tucked: Vec<Card>,
    pub secured: Vec<Card>,
    pub orders: StandingOrders,
}

/// Which side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Attacker,
    Defender,
}

/// A declared attack waiting for the defender's first card (D2). `card` is hidden (§8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Seat,
    pub target: Seat,
    pub weapon: Weapon,
    pub card: Card,
    pub plan: Plan,
}

/// An exchange stopped at a side's reinforcement point (D3, `reinforce: ask`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub attacker: Seat,
    pub defender: Seat,
    pub plans: [Plan; 2],
    /// Used cards per side (attacker, defender), in play order; the last is the current card.
    pub used: [Vec<Card>; 2],
    /// The side that must defend `incoming` now.
    pub defending: Side,
    pub incoming: (Weapon, u8),
}

/// A won battle waiting for the winner's disposal (D4) and/or the loser's discard (D5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aftermath {
    pub attacker: Seat,
    pub defender: Seat,
    pub winner: Seat,
    pub loser: Seat,
    /// The cards that fought, per side (attacker, defender), in play order: what the battle
    /// was, for the view (they are already in their new places).
    pub used: [Vec<Card>; 2],
    /// The captured cards awaiting disposal, in play order (Egypt's fleeing takes are already in
    /// its discard pile).
    pub captured: Vec<Card>,
    /// D4 is owed (capture: ask and some captured card could be tucked) and not yet answered.
    pub dispose_owed: bool,
    /// D5 is owed (discard_after_loss: ask) and not yet answered.
    pub discard_owed: bool,
    /// The answers given so far (D4 then D5 apply once both are in, §10.1).
    pub disposal: Option<Vec<(Card, super::actions::Zone)>>,
    pub discard: Option<Vec<Card>>,
    /// The capture plan of the winner (for the cards D4 does not ask about).
    pub capture_plan: Plan,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// D1 for `Game::at_turn`.
    Turn,
    /// D2 for the target.
    Defence(Attack),
    /// D3 for the defending side.
    Reinforce(Box<Battle>),
    /// D4 / D5.
    Aftermath(Box<Aftermath>),
    Over,
}

/// Counters a verifier and the balance report read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// Turns taken (recruitments + attacks), counted when the D1 action is applied.
    #[serde(default)]
    pub turns: u32,
    /// Attacks declared, counted when the attack is applied.
    #[serde(default)]
    pub battles: u32,
    #[serde(default)]
    pub ties: u32,
    #[serde(default)]
    pub recruitments: u32,
    /// Every action applied except standing orders (D6); `Rules::apply` counts it.
    #[serde(default)]
    pub actions: u32,
}

/// The whole game between two actions.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules_version: u32,
    pub options: Options,
    pub set: Arc<CardSet>,
    pub seed: Seed,
    pub seats: Vec<SeatState>,
    /// Display slots in order.
    pub display: Vec<Card>,
    /// Top first.
    pub creature_deck: Vec<Card>,
    /// Creatures removed unseen at setup (R34).
    pub removed: Vec<Card>,
    /// Cards out of the game, in arrival order (public).
    pub boxed: Vec<Card>,
    /// Unused charisma cards, lowest id first (§5 step 4).
    pub supply: Vec<Card>,
    pub at_turn: Seat,
    pub phase: Phase,
    /// Words read from the stream `pergamemnon/deal` (§9), resumed for every reshuffle.
    pub stream: u64,
    pub counters: Counters,
    pub outcome: Option<Outcome>,
}

// ---------------------------------------------------------------------------------------------
// The stored form.

/// A game as hand-writable JSON (docs/formats.md): cards by id, seats from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub rules_version: u32,
    pub seed: Seed,
    #[serde(default)]
    pub options: Options,
    /// One per seat, seat order.
    pub seats: Vec<SeatPosition>,
    pub display: Vec<String>,
    #[serde(default)]
    pub creature_deck: Vec<String>,
    #[serde(default)]
    pub removed: Vec<String>,
    #[serde(default, rename = "box")]
    pub boxed: Vec<String>,
    /// Absent: every charisma card not tucked, lowest id first.
    #[serde(default)]
    pub supply: Option<Vec<String>>,
    pub at_turn: Seat,
    #[serde(default)]
    pub phase: PhasePosition,
    #[serde(default)]
    pub stream: u64,
    #[serde(default)]
    pub counters: Counters,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    pub nation: Nation,
    /// `true`: the city shows its back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub city_back: bool,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub active: bool,
    #[serde(default)]
    pub hand: Vec<String>,
    #[serde(default)]
    pub draw: Vec<String>,
    #[serde(default)]
    pub discard: Vec<String>,
    #[serde(default)]
    pub tucked: Vec<String>,
    #[serde(default)]
    pub secured: Vec<String>,
    #[serde(default)]
    pub orders: StandingOrders,
}

fn yes() -> bool {
    true
}
fn is_true(value: &bool) -> bool {
    *value
}

/// The phase as stored: `{"step": "turn"}`, `{"step": "defence", …}`…
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum PhasePosition {
    #[default]
    Turn,
    Defence {
        attacker: Seat,
        target: Seat,
        weapon: Weapon,
        card: String,
        #[serde(default)]
        plan: Plan,
    },
    Reinforce {
        attacker: Seat,
        defender: Seat,
        plans: [Plan; 2],
        used: [Vec<String>; 2],
        defending: Side,
        incoming: (Weapon, u8),
    },
    Aftermath {
        attacker: Seat,
        defender: Seat,
        winner: Seat,
        loser: Seat,
        /// The cards that fought (attacker, defender); absent in a hand-written position.
        #[serde(default)]
        used: [Vec<String>; 2],
        captured: Vec<String>,
        dispose_owed: bool,
        discard_owed: bool,
        #[serde(default)]
        disposal: Option<Vec<super::actions::Disposal>>,
        #[serde(default)]
        discard: Option<Vec<String>>,
        #[serde(default)]
        capture_plan: Plan,
    },
    Over,
}

impl Game {
    pub fn players(&self) -> u8 {
        self.seats.len() as u8
    }
    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }
    pub fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// The stored form of this game.
    pub fn to_position(&self) -> Position {
        let ids = |cards: &[Card]| -> Vec<String> {
            cards.iter().map(|&c| self.set.id(c).to_string()).collect()
        };
        let phase = match &self.phase {
            Phase::Turn => PhasePosition::Turn,
            Phase::Over => PhasePosition::Over,
            Phase::Defence(a) => PhasePosition::Defence {
                attacker: a.attacker,
                target: a.target,
                weapon: a.weapon,
                card: self.set.id(a.card).into(),
                plan: a.plan.clone(),
            },
            Phase::Reinforce(b) => PhasePosition::Reinforce {
                attacker: b.attacker,
                defender: b.defender,
                plans: b.plans.clone(),
                used: [ids(&b.used[0]), ids(&b.used[1])],
                defending: b.defending,
                incoming: b.incoming,
            },
            Phase::Aftermath(a) => PhasePosition::Aftermath {
                attacker: a.attacker,
                defender: a.defender,
                winner: a.winner,
                loser: a.loser,
                used: [ids(&a.used[0]), ids(&a.used[1])],
                captured: ids(&a.captured),
                dispose_owed: a.dispose_owed,
                discard_owed: a.discard_owed,
                disposal: a.disposal.as_ref().map(|d| {
                    d.iter()
                        .map(|(c, to)| super::actions::Disposal {
                            card: self.set.id(*c).into(),
                            to: *to,
                        })
                        .collect()
                }),
                discard: a.discard.as_ref().map(|d| ids(d)),
                capture_plan: a.capture_plan.clone(),
            },
        };
        Position {
            rules_version: self.rules_version,
            seed: self.seed,
            options: self.options.clone(),
            seats: self
                .seats
                .iter()
                .map(|s| SeatPosition {
                    nation: s.nation,
                    city_back: s.city_back,
                    active: s.active,
                    hand: ids(&s.hand),
                    draw: ids(&s.draw),
                    discard: ids(&s.discard),
                    tucked: ids(&s.tucked),
                    secured: ids(&s.secured),
                    orders: s.orders.clone(),
                })
                .collect(),
            display: ids(&self.display),
            creature_deck: ids(&self.creature_deck),
            removed: ids(&self.removed),
            boxed: ids(&self.boxed),
            supply: Some(ids(&self.supply)),
            at_turn: self.at_turn,
            phase,
            stream: self.stream,
            counters: self.counters,
            outcome: self.outcome.clone(),
        }
    }

    /// A game from a stored or hand-written position, or every problem with it (unknown
    /// cards, a card in two places, a nation twice, a phase that does not fit…).
    pub fn from_position(position: Position) -> Result<Game, Vec<String>> {
        let set = super::sets::resolve(&position.options).map_err(|p| vec![p.to_string()])?;
        let mut problems = Vec::new();
        let players = position.seats.len();
        if !(2..=5).contains(&players) {
            return Err(vec![format!(
                "Pergamemnon takes 2 to 5 seats, not {players}"
            )]);
        }
        for (i, seat) in position.seats.iter().enumerate() {
            if position.seats[..i].iter().any(|s| s.nation == seat.nation) {
                problems.push(format!("the {} play twice", seat.nation));
            }
        }
        let mut placed = [false; super::cards::ALL_CARDS];
        let mut place = |ids: &[String], problems: &mut Vec<String>| -> Vec<Card> {
            let mut out = Vec::new();
            for id in ids {
                match set.card(id) {
                    None => problems.push(format!("no card {id} in the card set {}", set.id)),
                    Some(card) if placed[card.index()] => {
                        problems.push(format!("the card {id} is in two places"))
                    }
                    Some(card) => {
                        placed[card.index()] = true;
                        out.push(card);
                    }
                }
            }
            out
        };
        let mut seats = Vec::new();
        for seat in &position.seats {
            seats.push(SeatState {
                nation: seat.nation,
                city_back: seat.city_back,
                active: seat.active || players == 2,
                hand: place(&seat.hand, &mut problems),
                draw: place(&seat.draw, &mut problems),
                discard: place(&seat.discard, &mut problems),
                tucked: place(&seat.tucked, &mut problems),
                secured: place(&seat.secured, &mut problems),
                orders: seat.orders.clone(),
            });
        }
        let display = place(&position.display, &mut problems);
        let creature_deck = place(&position.creature_deck, &mut problems);
        let mut removed = place(&position.removed, &mut problems);
        let mut boxed = place(&position.boxed, &mut problems);
        let supply_given = position.supply.is_some();
        let mut supply = place(position.supply.as_deref().unwrap_or(&[]), &mut problems);
        let seat_ok = |seat: Seat| seat.index() < players;
        let seat_check = |seat: Seat, what: &str, problems: &mut Vec<String>| {
            if !seat_ok(seat) {
                problems.push(format!(
                    "{what} names seat {}, which is not at this table",
                    seat.number()
                ));
            }
        };
        seat_check(position.at_turn, "at_turn", &mut problems);
        let phase = match &position.phase {
            PhasePosition::Turn => Phase::Turn,
            PhasePosition::Over => Phase::Over,
            PhasePosition::Defence {
                attacker,
                target,
                weapon,
                card,
                plan,
            } => {
                seat_check(*attacker, "the attack", &mut problems);
                seat_check(*target, "the attack", &mut problems);
                let cards = place(std::slice::from_ref(card), &mut problems);
                match cards.first() {
                    Some(&card) => Phase::Defence(Attack {
                        attacker: *attacker,
                        target: *target,
                        weapon: *weapon,
                        card,
                        plan: plan.clone(),
                    }),
                    None => Phase::Turn,
                }
            }
            PhasePosition::Reinforce {
                attacker,
                defender,
                plans,
                used,
                defending,
                incoming,
            } => {
                seat_check(*attacker, "the battle", &mut problems);
                seat_check(*defender, "the battle", &mut problems);
                let a = place(&used[0], &mut problems);
                let d = place(&used[1], &mut problems);
                if a.is_empty() || d.is_empty() {
                    problems.push("a battle under way has used cards on both sides".into());
                }
                Phase::Reinforce(Box::new(Battle {
                    attacker: *attacker,
                    defender: *defender,
                    plans: plans.clone(),
                    used: [a, d],
                    defending: *defending,
                    incoming: *incoming,
                }))
            }
            PhasePosition::Aftermath {
                attacker,
                defender,
                winner,
                loser,
                used,
                captured,
                dispose_owed,
                discard_owed,
                disposal,
                discard,
                capture_plan,
            } => {
                // Looked up, not placed: the cards that fought are in their new places already.
                let fought = |list: &Vec<String>| -> Vec<Card> {
                    list.iter().filter_map(|id| set.card(id)).collect()
                };
                let used = [fought(&used[0]), fought(&used[1])];
                for seat in [attacker, defender, winner, loser] {
                    seat_check(*seat, "the battle", &mut problems);
                }
                let captured = place(captured, &mut problems);
                let disposal = disposal.as_ref().map(|list| {
                    list.iter()
                        .filter_map(|d| set.card(&d.card).map(|c| (c, d.to)))
                        .collect()
                });
                let discard = discard
                    .as_ref()
                    .map(|list| list.iter().filter_map(|id| set.card(id)).collect());
                Phase::Aftermath(Box::new(Aftermath {
                    attacker: *attacker,
                    defender: *defender,
                    winner: *winner,
                    loser: *loser,
                    used,
                    captured,
                    dispose_owed: *dispose_owed,
                    discard_owed: *discard_owed,
                    disposal,
                    discard,
                    capture_plan: capture_plan.clone(),
                }))
            }
        };
        for card in super::play::all_cards() {
            if placed[card.index()] {
                continue;
            }
            if card.is_creature() {
                removed.push(card);
            } else if card.is_army() || supply_given {
                boxed.push(card);
            } else {
                supply.push(card);
            }
        }
        supply.sort();
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Game {
            rules_version: position.rules_version,
            options: position.options,
            set,
            seed: position.seed,
            seats,
            display,
            creature_deck,
            removed,
            boxed,
            supply,
            at_turn: position.at_turn,
            phase,
            stream: position.stream,
            counters: position.counters,
            outcome: position.outcome,
        })
    }

    /// Every card a place holds, with the place's name (every movable card once, §12.1).
    fn places(&self) -> Vec<(String, Vec<Card>)> {
        let mut out = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let n = i + 1;
            out.push((format!("seat {n} hand"), s.hand.clone()));
            out.push((format!("seat {n} draw pile"), s.draw.clone()));
            out.push((format!("seat {n} discard pile"), s.discard.clone()));
            out.push((format!("seat {n} tucked zone"), s.tucked.clone()));
            out.push((format!("seat {n} secured zone"), s.secured.clone()));
        }
        out.push(("display".into(), self.display.clone()));
        out.push(("creature deck".into(), self.creature_deck.clone()));
        out.push(("setup removal".into(), self.removed.clone()));
        out.push(("box".into(), self.boxed.clone()));
        out.push(("supply".into(), self.supply.clone()));
        match &self.phase {
            Phase::Defence(a) => out.push(("face-down attack".into(), vec![a.card])),
            Phase::Reinforce(b) => {
                out.push(("battle".into(), b.used.concat()));
            }
            Phase::Aftermath(a) => out.push(("captured".into(), a.captured.clone())),
            Phase::Turn | Phase::Over => {}
        }
        out
    }

    /// Every broken invariant of §12.1 that a single state can show.
    pub fn audit(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let n = self.seats.len();
        let mut seen = [0u8; super::cards::ALL_CARDS];
        for (_, cards) in self.places() {
            for card in cards {
                seen[card.index()] += 1;
            }
        }
        for card in super::play::all_cards() {
            if seen[card.index()] != 1 {
                problems.push(format!(
                    "conservation: {} is in {} places",
                    self.set.id(card),
                    seen[card.index()]
                ));
            }
        }
        let tucked_charisma: usize = self
            .seats
            .iter()
            .map(|s| s.tucked.iter().filter(|c| c.is_charisma()).count())
            .sum();
        if tucked_charisma + self.supply.len() != super::cards::CHARISMA_CARDS {
            problems.push(format!(
                "charisma: {} in the supply and {tucked_charisma} tucked, not 21",
                self.supply.len()
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(card) = s.tucked.iter().find(|&&c| self.set.charisma(c) == 0) {
                problems.push(format!(
                    "charisma: seat {} has {} (charisma 0) tucked",
                    i + 1,
                    self.set.id(*card)
                ));
            }
            let outside = s
                .hand
                .iter()
                .chain(&s.draw)
                .chain(&s.discard)
                .chain(&s.secured)
                .find(|c| c.is_charisma());
            if let Some(card) = outside {
                problems.push(format!(
                    "charisma: {} is outside a tucked zone",
                    self.set.id(*card)
                ));
            }
        }
        if self.removed.len() != 24 - 4 * n {
            problems.push(format!(
                "creatures: {} set aside at setup, not {}",
                self.removed.len(),
                24 - 4 * n
            ));
        }
        if !self.creature_deck.is_empty() && self.display.len() != 2 * n {
            problems.push(format!(
                "creatures: the display holds {} while the creature deck lasts, not {}",
                self.display.len(),
                2 * n
            ));
        }
        let over = matches!(self.phase, Phase::Over);
        if over != self.outcome.is_some() {
            problems.push("the game's phase and its outcome disagree".into());
        }
        if !over && self.display.len() < n {
            problems.push("creatures: the display is below n in a running game".into());
        }
        if let Phase::Turn = self.phase {
            for (i, s) in self.seats.iter().enumerate() {
                let size = self.hand_size(Seat(i as u8));
                if s.hand.len() != size {
                    problems.push(format!(
                        "hands: seat {} holds {} cards between actions, not {size}",
                        i + 1,
                        s.hand.len()
                    ));
                }
            }
            let active = self.seats.iter().filter(|s| s.active).count();
            if !self.seat(self.at_turn).active {
                problems.push("turn: the player at turn is inactive".into());
            } else if n > 2 && active < 2 {
                problems.push("turn: nobody else is active".into());
            }
        }
        problems
    }
}
