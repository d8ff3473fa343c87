//! The command-line shell around the library: one module per `corriere` subcommand family.
//! Commands parse their input, call the library, and print; they hold no rules.

pub mod engine;
pub mod records;
pub mod serve;
pub mod simulate;
