//! What one viewer may know of a Pergamemnon game (§8): the only way its state leaves the
//! engine. Hands and draw piles are counts except for their owner (hands) and reviewers.

use super::actions::{Decision, Outcome, StandingOrders};
use super::cards::{CardSet, Nation, Provenance, Weapon};
use super::state::{Counters, Game, Side};
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
        let _ = viewer;
        todo!("flow helper")
    }
}
