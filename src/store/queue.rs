//! The queues' leases: the one row that says which worker sends a queue's rows (mails, webhook
//! deliveries) now, so the rows themselves are written once and never stamped with a claim.

use super::schema::queue_leases;
use super::Conn;
use crate::domain::Millis;
use diesel::prelude::*;
use diesel::result::QueryResult;
use std::time::Duration;

/// Take `queue`'s lease for `holder` until `now + lease`, or renew it: whether `holder` has it
/// now. A lease another holder keeps past `now` is refused at once, without waiting. Call inside
/// a write transaction: two takers race on the one row (an `UPDATE` guarded by its holder and
/// time, or the `INSERT` of a first lease), and exactly one of them wins it.
pub(super) fn take_lease(
    conn: &mut Conn,
    queue: &str,
    holder: &str,
    now: Millis,
    lease: Duration,
) -> QueryResult<bool> {
    let until = now.plus(lease).0;
    let renewed = super::on_backend!(conn, c => diesel::update(
        queue_leases::table
            .find(queue)
            .filter(queue_leases::holder.eq(holder).or(queue_leases::held_until.le(now.0))),
    )
    .set((
        queue_leases::holder.eq(holder),
        queue_leases::held_until.eq(until),
    ))
    .execute(c))?;
    if renewed > 0 {
        return Ok(true);
    }
    // No row, or another's live lease: a first lease is inserted; a live one stands.
    let inserted = super::on_backend!(conn, c => diesel::insert_into(queue_leases::table)
        .values((
            queue_leases::queue.eq(queue),
            queue_leases::holder.eq(holder),
            queue_leases::held_until.eq(until),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(inserted > 0)
}

/// Let `queue`'s lease go if `holder` has it (its pass is over; every row it sent is settled):
/// the next pass of any worker may take the queue at once.
pub fn release_lease(conn: &mut Conn, queue: &str, holder: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::update(
        queue_leases::table
            .find(queue)
            .filter(queue_leases::holder.eq(holder)),
    )
    // Run out for every clock, however far ahead a test's passes step it.
    .set(queue_leases::held_until.eq(0))
    .execute(c))?;
    Ok(())
}
