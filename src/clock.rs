//! Time as an input: the service asks a `Clock` for the time, so tests move it forward without
//! sleeping. `SystemClock` reads the system's; `ManualClock` is set and advanced by hand.

use crate::domain::Millis;
use chrono::{DateTime, TimeZone, Utc};
use std::fmt;
use std::sync::{Arc, Mutex};

/// Where the service reads the time.
pub trait Clock: Send + Sync + fmt::Debug {
    fn now(&self) -> DateTime<Utc>;

    /// The time as stored (milliseconds since the epoch).
    fn millis(&self) -> Millis {
        Millis(self.now().timestamp_millis())
    }
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until it is set or advanced (tests and simulations).
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Mutex<DateTime<Utc>>>);

impl ManualClock {
    pub fn at(time: DateTime<Utc>) -> ManualClock {
        ManualClock(Arc::new(Mutex::new(time)))
    }

    /// A clock at the system's time now, to be moved by hand from there.
    pub fn starting_now() -> ManualClock {
        ManualClock::at(Utc::now())
    }

    pub fn set(&self, time: DateTime<Utc>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = time;
    }

    pub fn advance(&self, by: chrono::Duration) {
        let mut now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The system's clock moved by a fixed offset (`serve --clock-offset`, for trials and
/// demonstrations: deadlines come due without waiting for them).
#[derive(Clone, Copy, Debug)]
pub struct OffsetClock(pub chrono::Duration);

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.0
    }
}

/// The system's clock moved by `by`, as a shared handle.
pub fn offset(by: chrono::Duration) -> SharedClock {
    Arc::new(OffsetClock(by))
}

/// An offset as an operator reads it: "+2d 3h 0m".
pub fn describe_offset(by: chrono::Duration) -> String {
    let sign = if by < chrono::Duration::zero() {
        '-'
    } else {
        '+'
    };
    let minutes = by.num_minutes().abs();
    format!(
        "{sign}{}d {}h {}m",
        minutes / (24 * 60),
        minutes / 60 % 24,
        minutes % 60
    )
}

/// The shared clock handle the service keeps.
pub type SharedClock = Arc<dyn Clock>;

/// The system clock as a shared handle.
pub fn system() -> SharedClock {
    Arc::new(SystemClock)
}

impl Millis {
    /// The UTC time of these milliseconds (the epoch when out of range).
    pub fn to_utc(self) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(self.0)
            .single()
            .unwrap_or_default()
    }
}

impl From<DateTime<Utc>> for Millis {
    fn from(time: DateTime<Utc>) -> Millis {
        Millis(time.timestamp_millis())
    }
}
