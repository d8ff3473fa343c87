//! Pergamemnon's battles: the attack and the hidden first cards (§6.3, §8), the exchange with
//! battle plans and D3 (§6.4, §10.2–§10.3, R8, R10), and everything after it (§6.5–§6.7): the
//! fates of the loser's cards, captures, the city's turn and Egypt's purge, D4 and D5, the draws,
//! the end by exhaustion and who is at turn next.

use super::actions::{Action, Event, Plan, RuleError};
use super::cards::{Card, Weapon};
use super::state::{Attack, Game};
use crate::engine::{Events, Seat};

impl Game {
    /// D1 `attack`, checked: the attack waits for D2, or, when the target's standing orders say
    /// `respond: auto`, is answered at once by the auto defence with the standing plan.
    pub fn declare_attack(&mut self, attack: Attack, events: &mut Events<Event>) {
        let _ = (attack, events);
        todo!("battle helper")
    }

    /// The auto defence of §10.5 for a defender against `weapon` (never fails: a hand is never
    /// empty in a running game).
    pub fn auto_defence(&self, seat: Seat, weapon: Weapon, plan: &Plan) -> Card {
        let _ = (seat, weapon, plan);
        todo!("battle helper")
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
        let _ = (seat, current, incoming, opponent, their_current, plan);
        todo!("battle helper")
    }

    /// Whether `seat` may take this battle action now (D2 `defend`, D3 `reinforce`, D4
    /// `dispose`, D5 `discard`); `Rules::check` asks it for those four.
    pub fn check_battle_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let _ = (seat, action);
        todo!("battle helper")
    }

    /// Apply a checked battle action and run the battle as far as it goes without a decision.
    pub fn apply_battle_action(&mut self, seat: Seat, action: &Action, events: &mut Events<Event>) {
        let _ = (seat, action, events);
        todo!("battle helper")
    }

    /// The answer given for a seat whose D2–D5 deadline passed (§10.5).
    pub fn default_battle_action(&self, seat: Seat) -> Option<Action> {
        let _ = seat;
        todo!("battle helper")
    }
}
