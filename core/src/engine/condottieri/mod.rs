//! Condottieri, the web edition of *Machiavelli* (rules reference `condottieri-machiavelli.md`):
//! map, scenarios, orders, adjudication, retreats and the year as a pure, deterministic, typed API.
//!
//! The service plays it through `rules.rs` (the `Rules` impl: seats, sheets of written lines,
//! READY, draw votes) and the bot of `bot.rs`; below them the typed API is
//! `Scenario::initial_position`, `written::accept` (a line of a power → unit id and `Order`),
//! `adjudicate(&Position, &Orders) -> PhaseResult`, `accept_retreat` and `resolve_retreats`, and
//! above them the year (`year.rs`): `Game::new(Options)`, `Game::asked()` (who decides in the open
//! phase), `Game::dues()` (the adjustments each power owes), and
//! `Game::next(&Submissions, &Seed) -> (Game, Report)`, which resolves the open phase and runs
//! the automatic steps of §5.1 up to the next phase that asks for a decision. Lines arrive
//! through `written::accept_buying` (orders, R58), `finances::apply_money_line` (`PAY`, `GIVE`,
//! `CLEAR EXPENSE`), `accept_retreat` and `adjust::apply_adjust_line` (`BUILD`, `DISBAND`,
//! `MAINTAIN`, `WAIVE`), each refusing with a code and changing nothing.
//!
//! Stored forms (serde, unknown fields refused): a `Position` is `scenario`, `year`, `season`,
//! `units` (id order; `{"id", "owner", "type", "area", "siege"}`, `owner` a power slug or
//! `null` for an autonomous garrison, `siege` left out when 0), `control` (area → power),
//! `disabled`, `next_id`, `treasury` (Finances only), `famine`, `storms` (area lists) and
//! `rebellions` (area → `{"against", "garrisoned"}`), each left out when empty. A `Game` is
//! `options`, `phase` (`{"year", "season", "step"}`), `position`, `retreating`, `eliminated`,
//! `conquerors` (conquered → conqueror), `dice` (words read from the dice stream) and `end`. An
//! `Order` is tagged by `"order"`, an `Event` of a `Report` by `"event"`. Unit ids follow R10.
//!
//! Randomness: the power shuffle of R8 reads the stream `condottieri/powers`, index 0; every
//! die of §14 (plague, storms, famine, income, in that order within a year) reads the one stream
//! `condottieri/dice`, index 0, resumed at `Game::dice`. `Game::next_with` takes any `Dice`, so
//! rules cases script the rolls of the worked examples.
//!
//! Where the reference is silent, the choices made are written where they apply:
//! - the resolver's guess bookkeeping (`resolve.rs`); a support of a garrisoning (counted as
//!   given, never used);
//! - a draw vote is counted when the phase resolves: if every surviving power voted, the game
//!   ends in a draw before the phase's orders are adjudicated (`year.rs`);
//! - the years limit ends the game after all of the last Autumn's steps, famine roll and income
//!   included (§9.6 "after the end-of-Autumn steps");
//! - upkeep (§11.3): a unit not named by `DISBAND` is planned as kept, so a `BUILD` is accepted
//!   only when the treasury covers every such unit plus the builds; at resolution explicit
//!   `MAINTAIN` lines are paid first, then the builds, then the default keeps the other units in
//!   id order while money lasts (`adjust.rs`);
//! - with Finances the adjustments are skipped when no surviving power has units or ducats;
//! - two incited rebellions in one area: the payer first in slug order places it, the other is
//!   lost (§11.4.3 step 4 orders by area only); a rebellion against an eliminated power ends
//!   with it;
//! - a retreat into a city is refused where a rebellion placed in the same phase holds the
//!   city; a retreat into a field with a rebellion against another power liberates it;
//! - famine markers are not placed on a scenario's disabled areas.

pub mod adjudicate;
pub mod adjust;
pub mod bot;
pub mod control;
pub mod data;
pub mod disasters;
pub mod finances;
pub mod map;
pub mod orders;
mod resolve;
pub mod retreats;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod submission;
pub mod written;
pub mod year;

pub use adjudicate::{adjudicate, Outcome, PhaseResult, Retreating, Siege, UnitReport, Void};
pub use adjust::{apply_adjust_line, AdjustRejection, AdjustResult, Adjustment, Build, Due};
pub use control::{End, Goal};
pub use disasters::{Dice, Disaster, Roll, Scripted, SeededDice};
pub use finances::{apply_money_line, Expense, ExpenseKind, Income, MoneyRejection, Spending};
pub use map::{find_area, Area};
pub use orders::{check, check_for, legal_orders, Illegal, Order, Orders, Sub, UnitRef};
pub use retreats::{accept_retreat, resolve_retreats, RetreatOrder, RetreatResult};
pub use rules::{Condottieri, LINE_LIMIT};
pub use scenario::{assign_powers, Scenario, SCENARIOS};
pub use state::Rebellion;
pub use state::{Owner, Position, Power, Season, Unit, UnitKind};
pub use submission::{apply_line, Applied};
pub use written::{accept, accept_buying, parse, print, Rejection, Style};
pub use year::{Event, Game, Options, Phase, Report, Step, Submissions};
