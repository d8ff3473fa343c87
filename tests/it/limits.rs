//! Rate limits' fixed windows: an hourly and a daily limit on the same bucket count apart,
//! whatever the hour (in the first hour of a UTC day both windows start at the same instant).

use crate::support;

use corriere::domain::Millis;
use corriere::service::limits::{count, DAY, HOUR};
use support::{Backend, TestDb};

on_each_backend!(an_hourly_and_a_daily_limit_on_one_bucket_count_apart_in_the_day_s_first_hour);

async fn an_hourly_and_a_daily_limit_on_one_bucket_count_apart_in_the_day_s_first_hour(
    backend: Backend,
) {
    let fresh = TestDb::fresh(&backend);
    let db = fresh.open();
    let mut conn = db.get().expect("a connection");
    // 00:30 UTC: the hour's window and the day's both start at midnight.
    let midnight = chrono::NaiveDate::from_ymd_opt(2026, 11, 28)
        .unwrap()
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp_millis();
    let now = Millis(midnight + 30 * 60 * 1000);
    // Three uses, each counted against an hourly limit of 3 and a daily limit of 3, as a
    // creation is: all three fit both.
    for n in 1..=3 {
        for window in [HOUR, DAY] {
            let counted = count(&mut conn, "games", "games:ann", window, 3, now)
                .expect("the counter is written");
            assert!(counted.is_ok(), "use {n} of 3 in the {window:?} window");
        }
    }
    // The fourth is over both.
    for window in [HOUR, DAY] {
        let counted = count(&mut conn, "games", "games:ann", window, 3, now).unwrap();
        assert!(counted.is_err(), "a fourth use in the {window:?} window");
    }
}
