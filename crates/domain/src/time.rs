//! Durations and dates as data for the UI (spec §9).
//!
//! Duration rule (the spec names the units, not the rule): the largest unit of minutes,
//! hours, days, weeks, months (30 days) and years (365 days) that fits at least once,
//! counted whole and rounded down (10 days read "1 week", never "2 weeks", so a lock
//! never reads longer than it is). Under a minute reads "0 minutes".

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

#[cfg(test)]
mod tests {
    use super::*;

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
