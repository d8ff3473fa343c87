//! Addresses as people: what the service knows of each address (proof, preferences, whether it
//! may be mailed), muted games, sign-in links, signed-in sessions and rate-limit counters.

use super::schema::{addresses, muted, rate_counters, seats, sessions, sign_ins};
use super::{AnyConnection, Conn, SeatRow};
use crate::domain::{random_base32, GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// One `addresses` row: a person.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = addresses)]
pub struct AddressRow {
    /// In lower case.
    pub address: String,
    pub created_at: i64,
    pub undeliverable_at: Option<i64>,
    pub undeliverable_reason: Option<String>,
    /// When a link mailed to it was first followed.
    pub verified_at: Option<i64>,
    /// `every_turn`, `digest` or `results`.
    pub mail_mode: String,
    /// The local hour of the daily digest.
    pub digest_hour: i32,
    /// An IANA zone name.
    pub time_zone: String,
    pub language: Option<String>,
    /// Set when the person asked never to be mailed again.
    pub suppressed_at: Option<i64>,
    pub last_digest_at: Option<i64>,
    /// Bumped to revoke every session and mail-settings link.
    pub link_version: i32,
    /// A random public name for mail-settings links.
    pub key: String,
    /// The language of the pages the person last read here (when they chose none, their mails
    /// are written in it).
    pub language_seen: Option<String>,
    /// Whether the person hides their reliability from others.
    pub reliability_hidden: bool,
    /// When the operator blocked the address service-wide.
    pub blocked_at: Option<i64>,
}

/// The address as stored: lower case, trimmed.
pub fn address_key(address: &str) -> String {
    address.trim().to_lowercase()
}

/// The person of `address`, made when first seen.
pub fn ensure_address(conn: &mut Conn, address: &str, now: Millis) -> QueryResult<AddressRow> {
    let address = address_key(address);
    if let Some(row) = find_address(conn, &address)? {
        return Ok(row);
    }
    let inserted = super::on_backend!(conn, c => diesel::insert_into(addresses::table)
        .values((
            addresses::address.eq(&address),
            addresses::created_at.eq(now.0),
            addresses::key.eq(random_base32(16)),
        ))
        .execute(c));
    match inserted {
        Ok(_) => {}
        // Made by a concurrent request meanwhile: theirs stands.
        Err(error) if super::is_unique_violation(&error) => {}
        Err(error) => return Err(error),
    }
    find_address(conn, &address)?.ok_or(diesel::result::Error::NotFound)
}

pub fn find_address(conn: &mut Conn, address: &str) -> QueryResult<Option<AddressRow>> {
    super::on_backend!(conn, c => {
        addresses::table
            .find(address_key(address))
            .select(AddressRow::as_select())
            .get_result(c)
            .optional()
    })
}

/// The person of `address` (when known) and whether they muted `game`: one look-up, made at
/// every move for each seat a mail goes to.
pub fn find_address_muting(
    conn: &mut Conn,
    address: &str,
    game: &GameId,
) -> QueryResult<Option<(AddressRow, bool)>> {
    let found: Option<(AddressRow, Option<String>)> = super::on_backend!(conn, c => {
        addresses::table
            .left_join(
                muted::table.on(muted::address
                    .eq(addresses::address)
                    .and(muted::game_id.eq(game.as_str()))),
            )
            .filter(addresses::address.eq(address_key(address)))
            .select((AddressRow::as_select(), muted::game_id.nullable()))
            .get_result(c)
            .optional()
    })?;
    Ok(found.map(|(person, muted)| (person, muted.is_some())))
}

pub fn address_by_key(conn: &mut Conn, key: &str) -> QueryResult<Option<AddressRow>> {
    super::on_backend!(conn, c => {
        addresses::table
            .filter(addresses::key.eq(key))
            .select(AddressRow::as_select())
            .get_result(c)
            .optional()
    })
}

/// The keys of these addresses, each once.
pub(super) fn address_keys(addresses: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = addresses.iter().map(|a| address_key(a)).collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The people of these addresses (those known), in no particular order: one look-up by key
/// each (see [`absences_of_between`](super::absences_of_between) for why not one query).
pub fn find_addresses(conn: &mut Conn, addresses: &[&str]) -> QueryResult<Vec<AddressRow>> {
    let mut rows = Vec::new();
    for key in &address_keys(addresses) {
        rows.extend(super::on_backend!(conn, c => {
            addresses::table
                .find(key)
                .select(AddressRow::as_select())
                .get_result::<AddressRow>(c)
                .optional()
        })?);
    }
    Ok(rows)
}

/// A link mailed to the address was followed: it is proven.
pub fn mark_verified(conn: &mut Conn, address: &str, now: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(
            addresses::table
                .find(address_key(address))
                .filter(addresses::verified_at.is_null()),
        )
        .set(addresses::verified_at.eq(Some(now.0)))
        .execute(c)
        .map(drop)
    })
}

/// A person's mail preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preferences {
    pub mail_mode: String,
    pub digest_hour: i32,
    pub time_zone: String,
    pub language: Option<String>,
    pub reliability_hidden: bool,
}

pub fn set_preferences(
    conn: &mut Conn,
    address: &str,
    preferences: &Preferences,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set((
                addresses::mail_mode.eq(&preferences.mail_mode),
                addresses::digest_hour.eq(preferences.digest_hour),
                addresses::time_zone.eq(&preferences.time_zone),
                addresses::language.eq(preferences.language.as_deref()),
                addresses::reliability_hidden.eq(preferences.reliability_hidden),
            ))
            .execute(c)
            .map(drop)
    })
}

/// The person's time zone, `zone`, unless they have one already (theirs is `unknown`).
pub fn set_zone_if_unknown(
    conn: &mut Conn,
    address: &str,
    unknown: &str,
    zone: &str,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(
            addresses::table
                .find(address_key(address))
                .filter(addresses::time_zone.eq(unknown)),
        )
        .set(addresses::time_zone.eq(zone))
        .execute(c)
        .map(drop)
    })
}

/// The person's chosen language (`None`: as their browser asks).
pub fn set_language(conn: &mut Conn, address: &str, language: Option<&str>) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set(addresses::language.eq(language))
            .execute(c)
            .map(drop)
    })
}

/// The language of the pages the person is reading now.
pub fn set_language_seen(conn: &mut Conn, address: &str, language: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set(addresses::language_seen.eq(Some(language)))
            .execute(c)
            .map(drop)
    })
}

/// Never mail this address again (`Some`), or mail it again (`None`).
pub fn set_suppressed(conn: &mut Conn, address: &str, at: Option<Millis>) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set(addresses::suppressed_at.eq(at.map(|m| m.0)))
            .execute(c)
            .map(drop)
    })
}

/// Revoke every session and mail-settings link of the address.
pub fn bump_address_version(conn: &mut Conn, address: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set(addresses::link_version.eq(addresses::link_version + 1))
            .execute(c)?;
        diesel::delete(sessions::table.filter(sessions::address.eq(address_key(address))))
            .execute(c)
            .map(drop)
    })
}

/// The people who asked for a daily digest and may be mailed.
pub fn digest_readers(conn: &mut Conn) -> QueryResult<Vec<AddressRow>> {
    super::on_backend!(conn, c => {
        addresses::table
            .filter(addresses::mail_mode.eq("digest"))
            .filter(addresses::suppressed_at.is_null())
            .select(AddressRow::as_select())
            .load(c)
    })
}

/// Claim the digest due at `due` for the address: true for exactly one caller, however many
/// workers race (the row changes only while its last digest is older).
pub fn claim_digest(conn: &mut Conn, address: &str, due: Millis) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            addresses::table.find(address_key(address)).filter(
                addresses::last_digest_at
                    .is_null()
                    .or(addresses::last_digest_at.lt(due.0)),
            ),
        )
        .set(addresses::last_digest_at.eq(Some(due.0)))
        .execute(c)
        .map(|n| n == 1)
    })
}

/// Remember that mail to `address` cannot be delivered, and why.
pub fn mark_undeliverable(
    conn: &mut Conn,
    address: &str,
    reason: &str,
    now: Millis,
) -> QueryResult<()> {
    ensure_address(conn, address, now)?;
    super::on_backend!(conn, c => diesel::update(addresses::table.find(address_key(address)))
        .set((
            addresses::undeliverable_at.eq(Some(now.0)),
            addresses::undeliverable_reason.eq(Some(reason)),
        ))
        .execute(c))
    .map(drop)
}

/// Why mail to `address` cannot be delivered, if it cannot.
pub fn undeliverable(conn: &mut Conn, address: &str) -> QueryResult<Option<String>> {
    super::on_backend!(conn, c => {
        Ok(addresses::table
            .find(address_key(address))
            .select(addresses::undeliverable_reason)
            .get_result::<Option<String>>(c)
            .optional()?
            .flatten())
    })
}

/// Forget that mail to `address` could not be delivered (the operator retries it).
pub fn clear_undeliverable(conn: &mut Conn, address: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(address_key(address)))
            .set((
                addresses::undeliverable_at.eq(None::<i64>),
                addresses::undeliverable_reason.eq(None::<String>),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Every seat of the address, in every game (newest games first is the caller's business).
pub fn seats_of_address(conn: &mut Conn, address: &str) -> QueryResult<Vec<SeatRow>> {
    super::on_backend!(conn, c => {
        // Seats keep the address as typed; compare in lower case.
        let address = address_key(address);
        seats::table
            .select(seats::all_columns)
            .load::<SeatRow>(c)
            .map(|rows| {
                rows.into_iter()
                    .filter(|s| address_key(&s.email) == address)
                    .collect()
            })
    })
}

// ---------------------------------------------------------------- muted games

pub fn set_muted(conn: &mut Conn, address: &str, game: &GameId, on: bool) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        let address = address_key(address);
        diesel::delete(muted::table.find((&address, game.as_str()))).execute(c)?;
        if on {
            diesel::insert_into(muted::table)
                .values((
                    muted::address.eq(&address),
                    muted::game_id.eq(game.as_str()),
                ))
                .execute(c)?;
        }
        Ok(())
    })
}

/// The games the address muted.
pub fn muted_games(conn: &mut Conn, address: &str) -> QueryResult<Vec<String>> {
    super::on_backend!(conn, c => {
        muted::table
            .filter(muted::address.eq(address_key(address)))
            .select(muted::game_id)
            .load(c)
    })
}

/// The addresses that muted this game.
pub fn muted_by(conn: &mut Conn, game: &GameId) -> QueryResult<Vec<String>> {
    super::on_backend!(conn, c => {
        muted::table
            .filter(muted::game_id.eq(game.as_str()))
            .select(muted::address)
            .load(c)
    })
}

// ---------------------------------------------------------------- sign-ins and sessions

pub fn insert_sign_in(
    conn: &mut Conn,
    nonce: &str,
    address: &str,
    now: Millis,
    expires_at: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(sign_ins::table)
            .values((
                sign_ins::nonce.eq(nonce),
                sign_ins::address.eq(address_key(address)),
                sign_ins::created_at.eq(now.0),
                sign_ins::expires_at.eq(expires_at.0),
            ))
            .execute(c)
            .map(drop)
    })
}

/// What a sign-in link may be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignIn {
    /// Good, and now used: the address.
    Used(String),
    /// Known, but already used or expired: the address.
    Spent(String),
    Unknown,
}

/// Use a sign-in link once: true for exactly one caller, and only before it expires.
pub fn use_sign_in(conn: &mut Conn, nonce: &str, now: Millis) -> QueryResult<SignIn> {
    super::on_backend!(conn, c => {
        let Some(address) = sign_ins::table
            .find(nonce)
            .select(sign_ins::address)
            .get_result::<String>(c)
            .optional()?
        else {
            return Ok(SignIn::Unknown);
        };
        let used = diesel::update(
            sign_ins::table
                .find(nonce)
                .filter(sign_ins::used_at.is_null())
                .filter(sign_ins::expires_at.gt(now.0)),
        )
        .set(sign_ins::used_at.eq(Some(now.0)))
        .execute(c)?;
        Ok(if used == 1 {
            SignIn::Used(address)
        } else {
            SignIn::Spent(address)
        })
    })
}

/// The address of the sign-in nonce (to check a link's signature before using it).
pub fn sign_in_address(conn: &mut Conn, nonce: &str) -> QueryResult<Option<String>> {
    super::on_backend!(conn, c => {
        sign_ins::table
            .find(nonce)
            .select(sign_ins::address)
            .get_result(c)
            .optional()
    })
}

pub fn insert_session(
    conn: &mut Conn,
    id_hash: &str,
    address: &str,
    now: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(sessions::table)
            .values((
                sessions::id_hash.eq(id_hash),
                sessions::address.eq(address_key(address)),
                sessions::created_at.eq(now.0),
                sessions::last_used_at.eq(now.0),
            ))
            .execute(c)
            .map(drop)
    })
}

/// A stored session: whose, made when, last used when.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    pub address: String,
    pub created_at: i64,
    pub last_used_at: i64,
}

/// The session of `id_hash`, expired or not (the caller holds it to its limits).
pub fn find_session(conn: &mut Conn, id_hash: &str) -> QueryResult<Option<SessionRow>> {
    super::on_backend!(conn, c => {
        sessions::table
            .find(id_hash)
            .select(SessionRow::as_select())
            .get_result(c)
            .optional()
    })
}

/// Note that the session was used at `now`.
pub fn touch_session(conn: &mut Conn, id_hash: &str, now: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(sessions::table.find(id_hash))
            .set(sessions::last_used_at.eq(now.0))
            .execute(c)
            .map(drop)
    })
}

pub fn delete_session(conn: &mut Conn, id_hash: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(sessions::table.find(id_hash))
            .execute(c)
            .map(drop)
    })
}

/// End every session of the address but `keep` (a session's hash); how many ended.
pub fn delete_sessions_of(
    conn: &mut Conn,
    address: &str,
    keep: Option<&str>,
) -> QueryResult<usize> {
    super::on_backend!(conn, c => {
        diesel::delete(
            sessions::table
                .filter(sessions::address.eq(address_key(address)))
                .filter(sessions::id_hash.ne(keep.unwrap_or(""))),
        )
        .execute(c)
    })
}

/// Forget the address's sessions that were made before `made_before` or last used before
/// `used_before` (expired ones, which sign nobody in any more).
pub fn prune_sessions(
    conn: &mut Conn,
    address: &str,
    made_before: Millis,
    used_before: Millis,
) -> QueryResult<usize> {
    super::on_backend!(conn, c => {
        diesel::delete(
            sessions::table
                .filter(sessions::address.eq(address_key(address)))
                .filter(
                    sessions::created_at
                        .lt(made_before.0)
                        .or(sessions::last_used_at.lt(used_before.0)),
                ),
        )
        .execute(c)
    })
}

// ---------------------------------------------------------------- rate limits

/// Count one use of `bucket` in the window starting at `window_start`; the count after it.
/// Atomic on both backends (an upsert that returns the new count), so concurrent requests
/// never both see room for one.
pub fn bump_counter(conn: &mut Conn, bucket: &str, window_start: i64) -> QueryResult<i64> {
    use diesel::upsert::excluded;
    let values = (
        rate_counters::bucket.eq(bucket),
        rate_counters::window_start.eq(window_start),
        rate_counters::count.eq(1i64),
    );
    match &mut conn.raw {
        AnyConnection::Postgresql(pg) => diesel::insert_into(rate_counters::table)
            .values(values)
            .on_conflict((rate_counters::bucket, rate_counters::window_start))
            .do_update()
            .set(rate_counters::count.eq(rate_counters::count + excluded(rate_counters::count)))
            .returning(rate_counters::count)
            .get_result(pg),
        AnyConnection::Sqlite(sqlite) => diesel::insert_into(rate_counters::table)
            .values(values)
            .on_conflict((rate_counters::bucket, rate_counters::window_start))
            .do_update()
            .set(rate_counters::count.eq(rate_counters::count + excluded(rate_counters::count)))
            .returning(rate_counters::count)
            .get_result(sqlite),
    }
}

/// Forget the counters of windows that started before `before`.
pub fn prune_counters(conn: &mut Conn, before: Millis) -> QueryResult<usize> {
    super::on_backend!(conn, c => {
        diesel::delete(rate_counters::table.filter(rate_counters::window_start.lt(before.0)))
            .execute(c)
    })
}
