//! Condottiere (FFG 2006 edition) for 2–6 players with the five optional rules, as decided in
//! `shared/rules/condottiere.md` (rulings R1–R32). Pure: the seed is the only source of chance.

mod actions;
mod cards;
mod legal;
mod map;
mod rules;
mod state;
mod strength;
mod validate;
mod view;

pub use actions::{Action, Decision, Event, RuleError, SeatCard};
pub use cards::{Card, Hand, DECK_SIZE};
pub use map::{largest_group, Region, BORDERS, REGION_COUNT};
pub use rules::Events;
pub use state::{
    Battle, BattleKind, DrawChoice, Ending, Game, LineCard, Options, Outcome, Pending, Position,
    SeatSet, Series, Step, CURRENT_RULES_VERSION, RULES_VERSIONS,
};
pub use validate::PositionError;
pub use view::{visible_events, BattleView, CardView, SeatView, View, Waiting};

use crate::engine::{Audience, Rules, Seat, Seed, Viewer};

/// Either problem that can stop a setup or an action.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl Game {
    /// Apply one action: the new state, or the untouched state and the rule that forbids it.
    /// The state is handed back by value on purpose (the `Rules` boundary), hence the large `Err`.
    #[allow(clippy::result_large_err)]
    pub fn apply(
        self,
        seat: Seat,
        action: &Action,
        events: &mut Events,
    ) -> Result<Game, (Game, RuleError)> {
        if let Err(error) = self.check(seat, action) {
            return Err((self, error));
        }
        let mut game = self;
        game.perform(seat, action, events);
        Ok(game)
    }

    /// Every problem with the state, for simulations and property tests (empty when sound).
    pub fn audit(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let counts = self.card_counts();
        for card in Card::ALL {
            if counts[card as usize] != card.copies() {
                problems.push(format!(
                    "{} {} cards exist, not {}",
                    counts[card as usize],
                    card.code(),
                    card.copies()
                ));
            }
        }
        if let Err(e) = Game::from_position(self.to_position()) {
            problems.extend(e.0);
        }
        if !self.is_over() {
            let waiting = self.waiting_on();
            if waiting.is_empty() {
                problems.push("the game waits on nobody but is not over".into());
            }
            for seat in waiting {
                if self.legal_actions(seat).is_empty() {
                    problems.push(format!("{seat} is asked to decide but has no legal action"));
                }
            }
        }
        problems
    }
}

impl Rules for Game {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = Error;

    const NAME: &'static str = "condottiere";
    const CURRENT_RULES_VERSION: u32 = CURRENT_RULES_VERSION;

    fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
    ) -> Result<Self, Error> {
        Ok(Game::setup(
            rules_version,
            options,
            players,
            seed,
            &mut Vec::new(),
        )?)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Game::legal_actions(self, seat)
    }
    fn apply(
        self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<(Audience, Event)>,
    ) -> Result<Self, (Self, Error)> {
        Game::apply(self, seat, action, events).map_err(|(g, e)| (g, Error::Rule(e)))
    }
    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }
    fn waiting_on(&self) -> Vec<Seat> {
        Game::waiting_on(self)
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
}
