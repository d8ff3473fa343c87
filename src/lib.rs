pub mod engine;
pub mod games;
pub mod mail;
pub mod store;
