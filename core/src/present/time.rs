//! Times as people read them: a moment in the reader's zone and words ("Thursday 14:00, in 2
//! days"), and lengths of time ("3 days").

use super::Words;
use chrono::{Datelike, Timelike};

/// The name a reader sees beside a time in `zone`: the zone's abbreviation where it has a
/// lettered one ("UTC", "CET", "EDT"), else the offset from UTC ("UTC-3", "UTC+5:30"): a time
/// is never printed without saying in which zone it is.
pub fn zone_label(local: &chrono::DateTime<chrono_tz::Tz>) -> String {
    let abbreviation = local.format("%Z").to_string();
    let Some(sign) = abbreviation
        .chars()
        .next()
        .filter(|c| *c == '+' || *c == '-')
    else {
        return abbreviation;
    };
    let digits = &abbreviation[1..];
    let (hours, minutes) = digits.split_at(digits.len().min(2));
    let hours = hours.trim_start_matches('0');
    let hours = if hours.is_empty() { "0" } else { hours };
    match minutes.trim_start_matches(':') {
        "" | "00" => format!("UTC{sign}{hours}"),
        minutes => format!("UTC{sign}{hours}:{minutes}"),
    }
}

/// The clock time of `local` with its zone's name: "14:05 UTC-3".
fn clock(w: Words, local: &chrono::DateTime<chrono_tz::Tz>) -> String {
    let time = w.two(
        "time-clock",
        ("hour", format!("{:02}", local.hour())),
        ("minute", format!("{:02}", local.minute())),
    );
    w.two("time-zoned", ("time", time), ("zone", zone_label(local)))
}

/// A moment in `zone`, seen from `now`: the weekday and time, the date when it is more than
/// six days away, and how far it is ("in 2 days", "3 hours ago").
/// `at` and `now` are milliseconds since the epoch.
pub fn when(w: Words, at: i64, now: i64, zone: chrono_tz::Tz) -> String {
    let local = chrono::DateTime::from_timestamp_millis(at)
        .unwrap_or_default()
        .with_timezone(&zone);
    let weekday = w.get(&format!(
        "time-weekday-{}",
        local.weekday().num_days_from_monday()
    ));
    let clock = clock(w, &local);
    let moment = if (at - now).abs() > 6 * 24 * 3600 * 1000 {
        w.with(
            "time-date",
            &[
                ("weekday", weekday.into()),
                ("day", local.day().into()),
                (
                    "month",
                    w.get(&format!("time-month-{}", local.month())).into(),
                ),
                ("time", clock.into()),
            ],
        )
    } else {
        w.two("time-moment", ("weekday", weekday), ("time", clock))
    };
    w.two(
        "time-when",
        ("moment", moment),
        ("relative", relative(w, at, now)),
    )
}

/// Moments in `zone` as a date and time ("Tuesday 24 November 14:05"), for a log's entries:
/// the weekday and month names are looked up once per page, not once per entry.
pub struct Stamper<'w> {
    w: Words<'w>,
    zone: chrono_tz::Tz,
    weekdays: Vec<String>,
    months: Vec<String>,
}

impl<'w> Stamper<'w> {
    pub fn new(w: Words<'w>, zone: chrono_tz::Tz) -> Stamper<'w> {
        Stamper {
            w,
            zone,
            weekdays: (0..7)
                .map(|d| w.get(&format!("time-weekday-{d}")))
                .collect(),
            months: (1..=12)
                .map(|m| w.get(&format!("time-month-{m}")))
                .collect(),
        }
    }

    pub fn stamp(&self, at: i64) -> String {
        let local = chrono::DateTime::from_timestamp_millis(at)
            .unwrap_or_default()
            .with_timezone(&self.zone);
        let clock = clock(self.w, &local);
        self.w.with(
            "time-date",
            &[
                (
                    "weekday",
                    self.weekdays[local.weekday().num_days_from_monday() as usize]
                        .as_str()
                        .into(),
                ),
                ("day", local.day().into()),
                (
                    "month",
                    self.months[local.month0() as usize].as_str().into(),
                ),
                ("time", clock.into()),
            ],
        )
    }
}

/// How far `at` is from `now`, roughly: "in 2 days", "in 5 hours", "3 minutes ago".
pub fn relative(w: Words, at: i64, now: i64) -> String {
    let minutes = (at - now) / 60_000;
    if minutes == 0 {
        // Within a minute either way: "in a minute" would be wrong for a moment just past.
        return w.get("time-now");
    }
    let (key, n) = match minutes.abs() {
        m if m >= 48 * 60 => ("days", m / (24 * 60)),
        m if m >= 90 => ("hours", (m + 30) / 60),
        m => ("minutes", m.max(1)),
    };
    let direction = if minutes >= 0 { "in" } else { "ago" };
    w.one(&format!("time-{direction}-{key}"), "n", n)
}

#[cfg(test)]
mod tests {
    use super::zone_label;
    use chrono::TimeZone;

    fn label(zone: chrono_tz::Tz, millis: i64) -> String {
        zone_label(&zone.timestamp_millis_opt(millis).unwrap())
    }

    #[test]
    fn a_zone_is_named_by_its_letters_or_else_by_its_offset_from_utc() {
        // 2026-11-27 12:00 UTC.
        let at = 1_795_780_800_000;
        assert_eq!(label(chrono_tz::UTC, at), "UTC");
        assert_eq!(label(chrono_tz::America::Sao_Paulo, at), "UTC-3");
        assert_eq!(label(chrono_tz::America::Noronha, at), "UTC-2");
        assert_eq!(label(chrono_tz::Asia::Kolkata, at), "IST");
        assert_eq!(label(chrono_tz::Asia::Kathmandu, at), "UTC+5:45");
        assert_eq!(label(chrono_tz::Europe::Lisbon, at), "WET");
        assert_eq!(label(chrono_tz::America::New_York, at), "EST");
    }
}
