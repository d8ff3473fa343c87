//! Auditable game records: commit–reveal deal seeds, the hash-chained log, `corriere-record/1`,
//! the offline verifier, the one replay path and simulated records. Pure: no DB, network or clock.

pub mod chain;
pub mod merkle;
pub mod receipt;
pub mod record;
pub mod replay;
pub mod seed;
pub mod verify;

pub use chain::{
    entry_hash, genesis, name_hash, Author, Chain, Entry, Hash, LogHeader, LogVersion, LOG_TAG,
    LOG_TAG_V2, NAME_TAG,
};
pub use record::{
    parse_hash, rfc3339_millis, Record, RecordedAction, SeatName, RECORD_FORMAT, RECORD_FORMAT_V2,
};
pub use replay::{milestones, replay_states, RecordStep, Rejection, Replay, Step};
pub use seed::{commitment, derive_seed, parse_secret, Contribution, Source, SEED_TAG};
pub use verify::{
    verify, verify_json, verify_log, verify_log_with, verify_with, Discrepancy, Summary,
};
