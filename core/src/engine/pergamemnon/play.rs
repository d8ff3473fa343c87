//! Pergamemnon's flow outside battles: setup (§5, §9), effective values (§6.4.1, §6.7),
//! recruiting and payments (§6.2, R18, R20), drawing and reshuffling (§6.8), who is at turn
//! (§6.1, R6), the end and the score (§7), and the deadline's default action (§10.5).

use super::actions::{Action, Ending, Event};
use super::cards::{Card, CardSet, Weapon};
use super::state::{Game, Options};
use crate::engine::{Events, Seat, Seed};
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
        let _ = (rules_version, options, set, players, seed, events);
        todo!("flow helper")
    }

    /// 3, or 4 for the Persians with the city front up (§6.7).
    pub fn hand_size(&self, seat: Seat) -> usize {
        let _ = seat;
        todo!("flow helper")
    }

    /// `atk(c)` of a card played by `seat` (§6.4.1; Carthage back −1, floor 0; R16).
    pub fn atk(&self, seat: Seat, card: Card) -> u8 {
        let _ = (seat, card);
        todo!("flow helper")
    }

    /// `def_t(c)` of a card played by `seat` (§6.4.1; Rome back −1, floor 0; R16).
    pub fn def(&self, seat: Seat, card: Card, weapon: Weapon) -> u8 {
        let _ = (seat, card, weapon);
        todo!("flow helper")
    }

    /// Whether a card of `seat` flees when defeated: printed Flee, or any card of a Persian
    /// whose city is back up (R16). Secure wins over Flee (R12): check `secure` first.
    pub fn flees(&self, seat: Seat, card: Card) -> bool {
        let _ = (seat, card);
        todo!("flow helper")
    }

    /// The effective cost of a creature for `seat` (R20).
    pub fn effective_cost(&self, seat: Seat, creature: Card) -> u8 {
        let _ = (seat, creature);
        todo!("flow helper")
    }

    /// The highest charisma value among the seat's hand cards (§6.2 step 2).
    pub fn hand_value(&self, seat: Seat) -> u8 {
        let _ = seat;
        todo!("flow helper")
    }

    /// Whether `payment` (tucked cards) buys `creature` for `seat` (§6.2 step 3, R18).
    pub fn check_payment(
        &self,
        seat: Seat,
        creature: Card,
        payment: &[Card],
    ) -> Result<(), super::actions::RuleError> {
        let _ = (seat, creature, payment);
        todo!("flow helper")
    }

    /// The default payment of §10.5 for a creature, if any payment is legal.
    pub fn default_payment(&self, seat: Seat, creature: Card) -> Option<Vec<Card>> {
        let _ = (seat, creature);
        todo!("flow helper")
    }

    /// The seats `seat` may attack, clockwise from its left (§6.3; 2 players: the other).
    pub fn targets(&self, seat: Seat) -> Vec<Seat> {
        let _ = seat;
        todo!("flow helper")
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
        let _ = (seat, creature, payment, events);
        todo!("flow helper")
    }

    /// Draw up to the hand size, reshuffling the discard pile when the draw pile is empty
    /// (§6.8, R27). Returns whether the hand is full.
    pub fn draw_up(&mut self, seat: Seat, events: &mut Events<Event>) -> bool {
        let _ = (seat, events);
        todo!("flow helper")
    }

    /// One charisma card from the supply into the seat's tucked zone (R19: none if empty).
    pub fn take_charisma(&mut self, seat: Seat, events: &mut Events<Event>) {
        let _ = (seat, events);
        todo!("flow helper")
    }

    /// Make `seat` the player at turn: reactivation (R6), `Phase::Turn`, `AtTurn`.
    pub fn give_turn(&mut self, seat: Seat, events: &mut Events<Event>) {
        let _ = (seat, events);
        todo!("flow helper")
    }

    /// The first seat clockwise from `seat` (excluded) with an active nation card (§6.1 table,
    /// "P recruits"); with 2 players, the other seat.
    pub fn next_active(&self, seat: Seat) -> Seat {
        let _ = seat;
        todo!("flow helper")
    }

    /// End the game (§7): score, tie-break, `Outcome`, `Phase::Over`, `Ended`.
    pub fn end(&mut self, ending: Ending, events: &mut Events<Event>) {
        let _ = (ending, events);
        todo!("flow helper")
    }

    /// Every seat's score in half points and its scored creatures' costs, highest first (§7.2).
    pub fn scores(&self) -> (Vec<u32>, Vec<Vec<u8>>) {
        todo!("flow helper")
    }

    /// The default action of D1 (§10.5).
    pub fn default_turn_action(&self, seat: Seat) -> Action {
        let _ = seat;
        todo!("flow helper")
    }
}
