//! corriere's pure core: the rules engines, the game boundary, the presenters and catalogs,
//! audit and simulation. Pure functions of their inputs: no database, network, clock or runtime.
//!
//! Layers, lowest first; a module imports only modules listed before it (the test
//! `layers_point_down` in the service crate reads every `use` and checks it):
//! `engine` → `present` → `kinds` → `audit` → `simulate`.

pub mod audit;
pub mod engine;
pub mod kinds;
pub mod present;
pub mod simulate;
