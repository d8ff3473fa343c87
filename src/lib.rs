pub mod audit;
pub mod cli;
pub mod engine;
pub mod simulate;
