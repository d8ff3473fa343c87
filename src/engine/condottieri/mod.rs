//! Condottieri, the web edition of *Machiavelli* (rules reference `condottieri-machiavelli.md`):
//! map, scenarios, orders, adjudication and retreats as a pure, deterministic, typed API.

pub mod data;
pub mod map;
pub mod scenario;
pub mod state;

pub use map::{find_area, Area};
pub use scenario::{assign_powers, Scenario, SCENARIOS};
pub use state::{Owner, Position, Power, Season, Unit, UnitKind};
