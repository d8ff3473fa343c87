//! Pergamemnon at the service's table: the `Rules` over `Game`: options and the card set they
//! name, the judge and the menu, pending decisions and their defaults, audiences, views.
//!
//! Audiences (§8): an `attack` entry (its first card and plan) and a `defend` entry are private
//! to their seat while the game runs (their public parts are the `Attacked` and `Revealed`
//! events); standing orders likewise; every other entry is public. Drawn cards go to the drawer
//! only (`Drew`), their count to everyone (`DrewCount`).

use super::actions::{Action, Decision, Event, OptionProblem, Outcome, RuleError};
use super::state::{Game, Options, Position};
use super::view::View;
use crate::engine::{
    schema, Audience, Events, OptionField, OptionKind, Rules, Seat, Seed, Standing, Viewer,
};

/// The rules version new games get; every version listed replays for ever.
pub const RULES_VERSION: u32 = 1;

impl Rules for Game {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;
    type Outcome = Outcome;
    type Position = Position;
    type RuleError = RuleError;
    type OptionProblem = OptionProblem;

    const NAME: &'static str = "pergamemnon";
    const RULES_VERSIONS: &'static [u32] = &[RULES_VERSION];
    const CURRENT_RULES_VERSION: u32 = RULES_VERSION;
    const PLAYERS: (u8, u8) = (2, 5);

    fn option_fields() -> Vec<OptionField> {
        vec![
            OptionField {
                name: "card_set",
                kind: OptionKind::Choice {
                    values: super::cards::BUILTIN,
                    default: super::cards::BUILTIN[super::cards::BUILTIN.len() - 1],
                },
            },
            OptionField {
                name: "first_player",
                kind: OptionKind::OptionalSeat,
            },
        ]
    }

    fn schemas() -> Vec<schema::NamedSchema> {
        todo!("flow helper: schema::of_game like the other games")
    }

    fn option_problems(options: &Options, players: u8) -> Vec<OptionProblem> {
        let _ = (options, players);
        todo!("flow helper")
    }

    fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events<Event>,
    ) -> Result<Self, Vec<String>> {
        let _ = (rules_version, options, players, seed, events);
        todo!("flow helper")
    }

    fn players(&self) -> u8 {
        Game::players(self)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let _ = (seat, action);
        todo!("flow helper")
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let _ = seat;
        todo!("flow helper")
    }

    fn apply(
        self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Event>,
    ) -> Result<Self, (Self, RuleError)> {
        let _ = (seat, action, events);
        todo!("flow helper")
    }

    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }

    fn pending(&self) -> Vec<(Seat, Decision)> {
        todo!("flow helper")
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        let _ = seat;
        todo!("flow helper")
    }

    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        super::bot::choose(self, seat, rng)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn standings(&self) -> Vec<Standing> {
        todo!("flow helper")
    }

    fn entry_audience(options: &Options, seat: Seat, action: &Action) -> Audience {
        let _ = options;
        match action {
            Action::Attack { .. } | Action::Defend { .. } | Action::Orders { .. } => {
                Audience::Only(seat)
            }
            _ => Audience::Everyone,
        }
    }

    fn to_position(&self) -> Position {
        Game::to_position(self)
    }

    fn from_position(position: Position) -> Result<Self, Vec<String>> {
        Game::from_position(position)
    }

    fn audit(&self) -> Vec<String> {
        Game::audit(self)
    }
}
