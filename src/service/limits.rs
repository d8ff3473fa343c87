//! How much one client or one address may ask of the service: games created per hour and per
//! day, sign-in mails, invitations to addresses that never answered. Counted in the database.

use crate::store::{self, Conn};

use crate::domain::Millis;
use diesel::QueryResult;
use std::net::{IpAddr, Ipv6Addr};
use std::time::Duration;

/// How many leading bits of an IPv6 address name one client: a /64 is the block one subscriber
/// (a home, a server) is given, so counting each address of it apart would give one client
/// 2^64 limits.
pub const IPV6_CLIENT_PREFIX: u32 = 64;

/// The key a client's limits are counted under: an IPv4 address whole (an IPv4 address mapped
/// into IPv6 as itself); an IPv6 address by its first [`IPV6_CLIENT_PREFIX`] bits, written as
/// the network, `2001:db8:1:2::/64`.
pub fn client_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let mask = u128::MAX << (128 - IPV6_CLIENT_PREFIX);
                let network = Ipv6Addr::from(u128::from(v6) & mask);
                format!("{network}/{IPV6_CLIENT_PREFIX}")
            }
        },
    }
}

/// The limits, from configuration; forms and the API share them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games one client (IP address, see [`client_key`]) or one creator address may create in
    /// an hour.
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
    conn: &mut Conn,
    what: &'static str,
    bucket: &str,
    window: Duration,
    limit: u32,
    now: Millis,
) -> QueryResult<Result<(), Limited>> {
    let width = window.as_millis() as i64;
    let start = now.0 - now.0.rem_euclid(width);
    // The window's width is part of the counter's name: an hourly and a daily limit on one
    // bucket start at the same instant in a day's first hour, and must not share a row.
    // What follows the bucket's kind (an address, a network address) is kept only as a hash,
    // so no counter names a person.
    let (kind, who) = bucket.split_once(':').unwrap_or((bucket, ""));
    let who = {
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(format!("corriere-bucket/v1:{who}").as_bytes());
        hex::encode(&digest[..16])
    };
    let counter = format!("{kind}:{who}/{}s", window.as_secs());
    let used = store::bump_counter(conn, &counter, start)?;
    if used > i64::from(limit) {
        let left = (start + width - now.0).max(1000) as u64;
        return Ok(Err(Limited {
            what,
            retry_after: Duration::from_millis(left),
        }));
    }
    Ok(Ok(()))
}

impl super::Games {
    /// Count a creation against the client's and the creator's hourly and daily limits.
    pub(super) fn count_creation(
        &self,
        conn: &mut Conn,
        new: &super::NewGame,
        creator_email: &str,
        now: Millis,
    ) -> Result<(), super::CreateError> {
        let limits = *self.limits();
        let mut buckets = vec![format!("games:{}", store::address_key(creator_email))];
        buckets.extend(new.client_ip.iter().map(|ip| format!("games-ip:{ip}")));
        for bucket in &buckets {
            for (window, limit) in [(HOUR, limits.games_per_hour), (DAY, limits.games_per_day)] {
                count(conn, "games", bucket, window, limit, now)?
                    .map_err(super::CreateError::Limited)?;
            }
        }
        Ok(())
    }

    /// Count an invitation to `invitee` by the creator of `sender` (and their client), if the
    /// invitee never followed a link of ours: against the invitee's daily limit and the
    /// sender's daily limit of new addresses. New games, rematches and replacements alike.
    pub(super) fn count_invitation(
        &self,
        conn: &mut Conn,
        invitee: &store::AddressRow,
        sender: &str,
        client: Option<&str>,
        now: Millis,
    ) -> diesel::QueryResult<Result<(), Limited>> {
        if invitee.verified_at.is_some() {
            return Ok(Ok(()));
        }
        let limits = *self.limits();
        let mut buckets = vec![
            (
                format!("invitations:{}", invitee.address),
                limits.invitations_per_day,
            ),
            (
                format!("new-addresses:{}", store::address_key(sender)),
                limits.new_addresses_per_day,
            ),
        ];
        buckets.extend(client.map(|ip| {
            (
                format!("new-addresses-ip:{ip}"),
                limits.new_addresses_per_day,
            )
        }));
        for (bucket, limit) in buckets {
            if let Err(limited) = count(conn, "invitations", &bucket, DAY, limit, now)? {
                return Ok(Err(limited));
            }
        }
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::client_key;

    #[test]
    fn an_ipv6_client_is_its_64_block_and_an_ipv4_client_its_address() {
        let key = |ip: &str| client_key(ip.parse().unwrap());
        assert_eq!(key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
    }
}
