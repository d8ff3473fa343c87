//! Condottieri, the web edition of *Machiavelli* (rules reference `condottieri-machiavelli.md`):
//! map, scenarios, orders, adjudication and retreats as a pure, deterministic, typed API.
//!
//! Not yet a game of the service: no `Rules` impl, presenter or registry line. The typed API is
//! `Scenario::initial_position`, `written::accept` (a line of a power → unit id and `Order`),
//! `adjudicate(&Position, &Orders) -> PhaseResult`, `accept_retreat` and `resolve_retreats`.
//!
//! Stored forms (serde, unknown fields refused): a `Position` is `scenario`, `year`, `season`,
//! `units` (id order; `{"id", "owner", "type", "area", "siege"}`, `owner` a power slug or
//! `null` for an autonomous garrison, `siege` left out when 0), `control` (area → power),
//! `disabled`, `next_id`, `treasury` (Finances only). An `Order` is tagged by `"order"`. Unit
//! ids follow R10. The only randomness so far, the power shuffle of R8, reads the stream
//! `condottieri/powers`, index 0.
//!
//! Where the reference is silent, the choices made are written where they apply: the resolver's
//! guess bookkeeping (`resolve.rs`), a support of a garrisoning (counted as given, never used).

pub mod adjudicate;
pub mod data;
pub mod map;
pub mod orders;
mod resolve;
pub mod retreats;
pub mod scenario;
pub mod state;
pub mod submission;
pub mod written;

pub use adjudicate::{adjudicate, Outcome, PhaseResult, Retreating, Siege, UnitReport, Void};
pub use map::{find_area, Area};
pub use orders::{check, check_for, legal_orders, Illegal, Order, Orders, Sub, UnitRef};
pub use retreats::{accept_retreat, resolve_retreats, RetreatOrder, RetreatResult};
pub use scenario::{assign_powers, Scenario, SCENARIOS};
pub use state::{Owner, Position, Power, Season, Unit, UnitKind};
pub use submission::{apply_line, Applied};
pub use written::{accept, parse, print, Rejection, Style};
