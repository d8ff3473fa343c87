pub mod cli;
pub mod engine;
pub mod games;
pub mod mail;
pub mod simulate;
pub mod store;
pub mod config;
pub mod web;
