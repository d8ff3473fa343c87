//! corriere: a play-by-email service for slow board games. The library behind the binary:
//! the pure rules engine and audit, then the store, the game service, mail, web and commands.

/// The pure core, re-exported so that `crate::engine`, `crate::present`… read as before.
pub use corriere_core::{audit, engine, kinds, present, simulate};

pub mod app;
pub mod cli;
pub mod clock;
pub mod config;
pub mod domain;
pub mod jobs;
pub mod mail;
pub mod service;
pub mod store;
pub mod web;

/// glibc's allocator spent about a tenth of the service's CPU under load (perf, 64 clients),
/// much of it consolidating and returning freed memory; mimalloc keeps per-thread heaps.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
