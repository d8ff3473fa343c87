//! Pergamemnon (Irongames 2011; rules reference `pergamemnon.md`): five nations build decks of
//! army cards and creatures and fight battles of attack and parry, 2 to 5 players.
//!
//! Every card value is data (R2): a game reads the `CardSet` its options name (`cards.rs`),
//! a built-in reference set by default, never the published values unless an operator loads
//! them. `Game` (`state.rs`) is the whole game between two actions; `play.rs` is the flow
//! outside battles (setup, recruiting, drawing, turns, the end and the score), `battle.rs` the
//! battles and their aftermath, `rules.rs` the `Rules` the service plays, `view.rs` what each
//! viewer sees (§8).
//!
//! Randomness (§9): one stream, `pergamemnon/deal` index 0, read in the order of §9 (nation
//! deal, first-player lot, army decks in seat order, creatures, then every reshuffle), resumed
//! at `Game::stream`. Bots read their own streams (`bot.rs`), never this one.

pub mod actions;
pub mod balance;
pub mod battle;
pub mod bot;
pub mod cards;
pub mod play;
pub mod rules;
pub mod sets;
pub mod state;
pub mod view;

pub use actions::{
    Action, AfterLoss, BattleResult, Capture, Decision, Disposal, Ending, Event, Fallback, Fate,
    OptionProblem, Outcome, Plan, ReinforceMode, Respond, RuleError, StandingOrders, Zone,
};
pub use cards::{Card, CardData, CardSet, Nation, Provenance, Weapon};
pub use rules::RULES_VERSION;
pub use state::{Game, Options, Position};
pub use view::View;
