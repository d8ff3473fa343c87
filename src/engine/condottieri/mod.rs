//! Condottieri, the web edition of *Machiavelli* (rules reference `condottieri-machiavelli.md`):
//! map, scenarios, orders, adjudication and retreats as a pure, deterministic, typed API.

pub mod adjudicate;
pub mod data;
pub mod map;
pub mod orders;
mod resolve;
pub mod retreats;
pub mod scenario;
pub mod state;
pub mod written;

pub use adjudicate::{adjudicate, Outcome, PhaseResult, Retreating, Siege, UnitReport, Void};
pub use map::{find_area, Area};
pub use orders::{check, check_for, legal_orders, Illegal, Order, Orders, Sub, UnitRef};
pub use retreats::{accept_retreat, resolve_retreats, RetreatOrder, RetreatResult};
pub use scenario::{assign_powers, Scenario, SCENARIOS};
pub use state::{Owner, Position, Power, Season, Unit, UnitKind};
pub use written::{accept, parse, print, Rejection, Style};
