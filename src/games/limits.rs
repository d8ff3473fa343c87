//! How much one client or one address may ask of the service: games created per hour and per
//! day, sign-in mails, invitations to addresses that never answered. Counted in the database.

use crate::store::{self, AnyConnection, Millis};
use diesel::QueryResult;
use std::time::Duration;

/// The limits, from configuration; forms and the API share them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games one client (IP address) or one creator address may create in an hour.
    pub games_per_hour: u32,
    /// … and in a day.
    pub games_per_day: u32,
    /// Sign-in mails one address may be sent in an hour.
    pub sign_ins_per_hour: u32,
    /// Sign-in mails one client (IP address) may ask for in an hour, whatever the addresses.
    pub sign_ins_per_client_hour: u32,
    /// Invitations an address that never followed a link of ours may be sent in a day.
    pub invitations_per_day: u32,
    /// Invitations one creator (their address, and their client) may send in a day to
    /// addresses that never followed a link of ours: new games, rematches and replacements.
    pub new_addresses_per_day: u32,
    /// Messages one seat may send to its table in an hour (pages, API and replies together).
    pub messages_per_hour: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            games_per_hour: 10,
            games_per_day: 30,
            sign_ins_per_hour: 3,
            sign_ins_per_client_hour: 10,
            invitations_per_day: 3,
            new_addresses_per_day: 20,
            messages_per_hour: 30,
        }
    }
}

impl Limits {
    /// No limit worth the name (load generators and tests that create many games).
    pub fn unlimited() -> Limits {
        Limits {
            games_per_hour: u32::MAX,
            games_per_day: u32::MAX,
            sign_ins_per_hour: u32::MAX,
            sign_ins_per_client_hour: u32::MAX,
            invitations_per_day: u32::MAX,
            new_addresses_per_day: u32::MAX,
            messages_per_hour: u32::MAX,
        }
    }
}

/// A limit reached: what was limited and when to try again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limited {
    /// Which limit (`games`, `sign_ins`, `invitations`, `messages`).
    pub what: &'static str,
    pub retry_after: Duration,
}

pub const HOUR: Duration = Duration::from_secs(3600);
pub const DAY: Duration = Duration::from_secs(24 * 3600);

/// Count one use of `bucket` in the fixed window of `window` that holds `now`; `Err` when it
/// would be more than `limit` (then the caller's transaction rolls back and nothing counts).
pub fn count(
    conn: &mut AnyConnection,
    what: &'static str,
    bucket: &str,
    window: Duration,
    limit: u32,
    now: Millis,
) -> QueryResult<Result<(), Limited>> {
    let width = window.as_millis() as i64;
    let start = now.0 - now.0.rem_euclid(width);
    let used = store::bump_counter(conn, bucket, start)?;
    if used > i64::from(limit) {
        let left = (start + width - now.0).max(1000) as u64;
        return Ok(Err(Limited {
            what,
            retry_after: Duration::from_millis(left),
        }));
    }
    Ok(Ok(()))
}
