//! Durations and dates as data for the UI (spec §9), the workspace's one clock read
//! ([`now_ms`]) and its one calendar conversion ([`days_from_civil`] /
//! [`civil_from_days`], the proleptic Gregorian calendar).
//!
//! Duration rule (the spec names the units, not the rule): the largest unit of minutes,
//! hours, days, weeks, months (30 days) and years (365 days) that fits at least once,
//! counted whole and rounded down (10 days read "1 week", never "2 weeks", so a lock
//! never reads longer than it is). Under a minute reads "0 minutes".

use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;

/// The default date format, in Unicode (date-fns) pattern letters.
pub const DEFAULT_DATE_FORMAT: &str = "MMM d, yyyy hh:mm:ss a";

/// A unit of a described duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DurationUnit {
    /// 60 s.
    Minute,
    /// 60 minutes.
    Hour,
    /// 24 hours.
    Day,
    /// 7 days.
    Week,
    /// 30 days.
    Month,
    /// 365 days.
    Year,
}

impl DurationUnit {
    /// Length in seconds.
    #[must_use]
    pub fn seconds(self) -> u64 {
        const DAY: u64 = 86_400;
        match self {
            Self::Minute => 60,
            Self::Hour => 3_600,
            Self::Day => DAY,
            Self::Week => 7 * DAY,
            Self::Month => 30 * DAY,
            Self::Year => 365 * DAY,
        }
    }

    fn english(self) -> &'static str {
        match self {
            Self::Minute => "minute",
            Self::Hour => "hour",
            Self::Day => "day",
            Self::Week => "week",
            Self::Month => "month",
            Self::Year => "year",
        }
    }
}

/// A duration as a count of one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DurationText {
    /// Whole units.
    pub value: u64,
    /// The unit.
    pub unit: DurationUnit,
}

/// Describes `seconds` by the largest unit that fits (see the module docs).
#[must_use]
pub fn describe_duration(seconds: u64) -> DurationText {
    use DurationUnit::{Day, Hour, Minute, Month, Week, Year};
    let unit = [Year, Month, Week, Day, Hour]
        .into_iter()
        .find(|unit| seconds >= unit.seconds())
        .unwrap_or(Minute);
    DurationText {
        value: seconds / unit.seconds(),
        unit,
    }
}

/// English wording: "1 minute", "4 days".
impl std::fmt::Display for DurationText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.value == 1 { "" } else { "s" };
        write!(f, "{} {}{plural}", self.value, self.unit.english())
    }
}

/// Milliseconds since the Unix epoch, now (0 for a clock set before 1970).
#[must_use]
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Seconds since the Unix epoch of a chain time, `2026-12-04T00:00:00` (fractions of a
/// second and a trailing `Z` ignored; the chain writes UTC); `None` when it is not one.
#[must_use]
pub fn chain_time_seconds(text: &str) -> Option<i64> {
    let text = text.strip_suffix('Z').unwrap_or(text);
    let (date, time) = text.split_once('T')?;
    let time = time.split_once('.').map_or(time, |(whole, _)| whole);
    let mut date_parts = date.splitn(3, '-').map(str::parse::<i64>);
    let (year, month, day) = (
        date_parts.next()?.ok()?,
        date_parts.next()?.ok()?,
        date_parts.next()?.ok()?,
    );
    let mut time_parts = time.splitn(3, ':').map(str::parse::<i64>);
    let (hour, minute, second) = (
        time_parts.next()?.ok()?,
        time_parts.next()?.ok()?,
        time_parts.next()?.ok()?,
    );
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (0..24).contains(&hour)
        && (0..60).contains(&minute)
        && (0..=60).contains(&second);
    valid.then(|| days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second)
}

/// Days from 1970-01-01 to the civil date `year-month-day` (Howard Hinnant's
/// `days_from_civil`); negative before 1970.
#[must_use]
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The civil date `(year, month, day)` of a day count from 1970-01-01 (the inverse of
/// [`days_from_civil`]).
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_and_day_counts_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        for days in [-800_000, -1, 0, 59, 10_956, 11_016, 20_000, 2_932_896] {
            let (year, month, day) = civil_from_days(days);
            assert_eq!(days_from_civil(year, month, day), days, "{days}");
        }
        assert!(now_ms() > 1_700_000_000_000);
    }

    #[test]
    fn reads_chain_times() {
        assert_eq!(chain_time_seconds("1970-01-01T00:00:00"), Some(0));
        assert_eq!(
            chain_time_seconds("2026-12-04T00:00:00"),
            Some(1_796_342_400)
        );
        assert_eq!(
            chain_time_seconds("2026-12-04T00:00:01.500"),
            Some(1_796_342_401)
        );
        assert_eq!(
            chain_time_seconds("2026-12-04T00:00:01Z"),
            Some(1_796_342_401)
        );
        for bad in [
            "",
            "2026-12-04",
            "2026-13-04T00:00:00",
            "2026-12-04T24:00:00",
            "x-1-1T0:0:0",
        ] {
            assert_eq!(chain_time_seconds(bad), None, "{bad}");
        }
    }

    #[test]
    fn picks_the_largest_unit_that_fits() {
        let cases = [
            (0, "0 minutes"),
            (59, "0 minutes"),
            (60, "1 minute"),
            (3_599, "59 minutes"),
            (3_600, "1 hour"),
            (86_399, "23 hours"),
            (4 * 86_400, "4 days"),
            (7 * 86_400, "1 week"),
            (10 * 86_400, "1 week"),
            (29 * 86_400, "4 weeks"),
            (30 * 86_400, "1 month"),
            (364 * 86_400, "12 months"),
            (365 * 86_400, "1 year"),
            (3 * 365 * 86_400 + 5, "3 years"),
        ];
        for (seconds, expected) in cases {
            assert_eq!(
                describe_duration(seconds).to_string(),
                expected,
                "{seconds}"
            );
        }
        assert_eq!(
            describe_duration(7_200),
            DurationText {
                value: 2,
                unit: DurationUnit::Hour
            }
        );
        assert_eq!(DEFAULT_DATE_FORMAT, "MMM d, yyyy hh:mm:ss a");
    }
}
