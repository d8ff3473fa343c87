//! What one viewer may know of a Pergamemnon game (§8): the only way its state leaves the
//! engine. Hands and draw piles are counts except for their owner (hands) and reviewers.

use super::actions::{Decision, Outcome, StandingOrders};
use super::cards::{CardSet, Nation, Provenance, Weapon};
use super::state::{Counters, Game, Phase, Side};
use crate::engine::{Seat, Seed, Viewer};
use serde::Serialize;
use std::sync::Arc;

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub rules_version: u32,
    pub players: u8,
    pub card_set: CardSetInfo,
    /// The card values, for presenters (not serialized: the set is public by its id and hash).
    #[serde(skip)]
    pub set: Arc<CardSet>,
    pub seats: Vec<SeatView>,
    pub at_turn: Seat,
    /// Display slots in order.
    pub display: Vec<String>,
    pub creature_deck_count: usize,
    /// Reviewers after the end only: the creature deck top first, and the setup removal (R34).
    pub creature_deck: Option<Vec<String>>,
    pub removed_count: usize,
    pub removed: Option<Vec<String>>,
    #[serde(rename = "box")]
    pub boxed: Vec<String>,
    pub supply_count: usize,
    pub battle: Option<BattleView>,
    pub waiting: Vec<(Seat, Decision)>,
    pub counters: Counters,
    pub outcome: Option<Outcome>,
    /// Reviewers only.
    pub seed: Option<Seed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CardSetInfo {
    pub id: String,
    pub title: String,
    pub provenance: Provenance,
    pub sha256: String,
    /// A `published` set with unverified cards (§4.3 "partly verified").
    pub partly_verified: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub nation: Nation,
    pub city_back: bool,
    pub active: bool,
    pub hand_size: usize,
    pub hand_count: usize,
    /// The owner's own hand; everyone's once the game is over.
    pub hand: Option<Vec<String>>,
    pub draw_count: usize,
    /// After the end only, top first (§8).
    pub draw: Option<Vec<String>>,
    pub discard: Vec<String>,
    pub tucked: Vec<String>,
    /// Charisma in the tucked zone (charisma cards count 1, captured cards their value).
    pub charisma: u32,
    pub secured: Vec<String>,
    /// The seat's own standing orders (the owner only).
    pub orders: Option<StandingOrders>,
    /// Twice the score, when this viewer may know it (the game is over).
    pub half_points: Option<u32>,
}

/// The battle under way, as this viewer may see it.
#[derive(Clone, Debug, Serialize)]
pub struct BattleView {
    pub attacker: Seat,
    pub defender: Seat,
    pub weapon: Weapon,
    /// The attacker's first card: the attacker sees it at once, everyone else once d1 is in.
    pub attack_card: Option<String>,
    /// Used cards per side (attacker, defender) once revealed, in play order.
    pub used: [Vec<String>; 2],
    /// At a D3 point: who defends what.
    pub defending: Option<Side>,
    pub incoming: Option<(Weapon, u8)>,
    /// After a won battle, while D4/D5 are open: the captured cards awaiting disposal.
    pub captured: Vec<String>,
    pub winner: Option<Seat>,
}

impl Game {
    pub fn view(&self, viewer: Viewer) -> View {
        let over = self.outcome.is_some();
        let all = over;
        let ids = |cards: &[super::cards::Card]| -> Vec<String> {
            cards.iter().map(|&c| self.set.id(c).to_string()).collect()
        };
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let seat = Seat(i as u8);
                let own = viewer == Viewer::Seat(seat);
                SeatView {
                    seat,
                    nation: s.nation,
                    city_back: s.city_back,
                    active: s.active,
                    hand_size: self.hand_size(seat),
                    hand_count: s.hand.len(),
                    hand: (own || all).then(|| ids(&s.hand)),
                    draw_count: s.draw.len(),
                    draw: all.then(|| ids(&s.draw)),
                    discard: ids(&s.discard),
                    tucked: ids(&s.tucked),
                    charisma: s
                        .tucked
                        .iter()
                        .map(|&c| u32::from(self.set.charisma(c)))
                        .sum(),
                    secured: ids(&s.secured),
                    orders: (own || all).then(|| s.orders.clone()),
                    half_points: self.outcome.as_ref().map(|o| o.half_points[i]),
                }
            })
            .collect();
        let battle = match &self.phase {
            Phase::Defence(a) => Some(BattleView {
                attacker: a.attacker,
                defender: a.target,
                weapon: a.weapon,
                attack_card: (viewer == Viewer::Seat(a.attacker))
                    .then(|| self.set.id(a.card).into()),
                used: [Vec::new(), Vec::new()],
                defending: None,
                incoming: None,
                captured: Vec::new(),
                winner: None,
            }),
            Phase::Reinforce(b) => Some(BattleView {
                attacker: b.attacker,
                defender: b.defender,
                weapon: self
                    .set
                    .data(b.used[0][0])
                    .map_or(Weapon::Sword, |d| d.weapon),
                attack_card: Some(self.set.id(b.used[0][0]).into()),
                used: [ids(&b.used[0]), ids(&b.used[1])],
                defending: Some(b.defending),
                incoming: Some(b.incoming),
                captured: Vec::new(),
                winner: None,
            }),
            Phase::Aftermath(a) => Some(BattleView {
                attacker: a.attacker,
                defender: a.defender,
                weapon: a.used[0]
                    .first()
                    .and_then(|&c| self.set.data(c))
                    .map_or(Weapon::Sword, |d| d.weapon),
                attack_card: a.used[0].first().map(|&c| self.set.id(c).into()),
                used: [ids(&a.used[0]), ids(&a.used[1])],
                defending: None,
                incoming: None,
                captured: ids(&a.captured),
                winner: Some(a.winner),
            }),
            Phase::Turn | Phase::Over => None,
        };
        View {
            viewer,
            rules_version: self.rules_version,
            players: self.players(),
            card_set: CardSetInfo {
                id: self.set.id.clone(),
                title: self.set.title.clone(),
                provenance: self.set.provenance,
                sha256: self.set.sha256.clone(),
                partly_verified: self.set.partly_verified,
            },
            set: self.set.clone(),
            seats,
            at_turn: self.at_turn,
            display: ids(&self.display),
            creature_deck_count: self.creature_deck.len(),
            creature_deck: all.then(|| ids(&self.creature_deck)),
            removed_count: self.removed.len(),
            removed: all.then(|| ids(&self.removed)),
            boxed: ids(&self.boxed),
            supply_count: self.supply.len(),
            battle,
            waiting: crate::engine::Rules::pending(self),
            counters: self.counters,
            outcome: self.outcome.clone(),
            seed: (viewer == Viewer::Reviewer && over).then_some(self.seed),
        }
    }
}
