//! corriere: a play-by-email service for slow board games. The library behind the binary:
//! the pure rules engine and audit, then the store, the game service, mail, web and commands.

pub mod audit;
pub mod cli;
pub mod config;
pub mod engine;
pub mod games;
pub mod mail;
pub mod simulate;
pub mod store;
pub mod web;
