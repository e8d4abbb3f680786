//! The history export's CSV, shared by the EVM and native exports: one row per value
//! movement, the columns documented in `docs/user/history-export.md` (keep the two
//! together), written as RFC 4180 text. A cell a spreadsheet would run as a formula
//! (`=`, `+`, `-`, `@`, tab or carriage return first) gets a leading `'`, so an
//! exported token name can never execute; amounts are never negative (the direction
//! carries the sign), so they are never touched.

use std::fmt::Write as _;
use std::time::Duration;

use bytes::Bytes;
use futures_util::stream::{self, BoxStream, StreamExt};
use tandem_domain::time::{civil_from_days, days_from_civil};

use crate::error::ServiceError;
use crate::limits::ExpensivePermit;

/// The header, in column order.
pub const COLUMNS: [&str; 16] = [
    "date_utc",
    "transaction_id",
    "direction",
    "counterparty",
    "token",
    "contract",
    "token_id",
    "amount",
    "fee",
    "fee_token",
    "fee_paid_by",
    "failed",
    "fiat_value_at_todays_price",
    "fiat_currency",
    "price_note",
    "fee_fiat_value_at_todays_price",
];

/// What `price_note` says where a value (the amount or the fee) has no fiat value.
pub const PRICE_NOT_KNOWN: &str = "price not known";

/// Which way a movement went, seen from the exported account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Received.
    In,
    /// Sent.
    Out,
    /// From the account to itself.
    ToSelf,
    /// No value moved; the row carries the fee the account paid.
    Fee,
}

impl Direction {
    /// The column's word.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::In => "in",
            Self::Out => "out",
            Self::ToSelf => "self",
            Self::Fee => "fee",
        }
    }
}

/// One row of the export; empty text is an empty cell.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportRow {
    /// ISO 8601, UTC, seconds (`2026-11-27T14:33:25Z`).
    pub date_utc: String,
    /// Transaction hash or id.
    pub transaction_id: String,
    /// `in`, `out`, `self` or `fee`.
    pub direction: &'static str,
    /// The other party.
    pub counterparty: String,
    /// Token symbol (or the collection's name for an NFT).
    pub token: String,
    /// Token contract (EVM address, or the Antelope token account); empty for the EVM native coin.
    pub contract: String,
    /// NFT id, for NFT movements.
    pub token_id: String,
    /// Exact amount in whole tokens, plain decimal.
    pub amount: String,
    /// The fee, on the first row of a transaction the account paid for.
    pub fee: String,
    /// The fee's token.
    pub fee_token: String,
    /// Who paid the fee.
    pub fee_paid_by: String,
    /// Whether the transaction failed.
    pub failed: bool,
    /// Fiat value at today's price; empty when no price is known.
    pub fiat_value: Option<String>,
    /// The fiat currency of `fiat_value` and `fee_fiat_value`.
    pub fiat_currency: String,
    /// The fee's fiat value at today's price; empty without a fee or a price for it.
    pub fee_fiat_value: Option<String>,
}

fn cell(out: &mut String, text: &str) {
    let guarded = matches!(
        text.chars().next(),
        Some('=' | '+' | '-' | '@' | '\t' | '\r')
    );
    let quoted = guarded || text.contains([',', '"', '\n', '\r']);
    if quoted {
        out.push('"');
        if guarded {
            out.push('\'');
        }
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

/// The header line, CRLF-terminated as RFC 4180 asks.
#[must_use]
pub fn header_line() -> String {
    let mut line = COLUMNS.join(",");
    line.push_str("\r\n");
    line
}

impl ExportRow {
    /// Appends the row as one CSV line to `out`.
    pub fn write_to(&self, out: &mut String) {
        // The note marks a value without its price: the amount's, or the fee's (a row that
        // only carries the fee has no amount to price).
        let amount_unpriced = !self.amount.is_empty() && self.fiat_value.is_none();
        let fee_unpriced = !self.fee.is_empty() && self.fee_fiat_value.is_none();
        let note = if amount_unpriced || fee_unpriced {
            PRICE_NOT_KNOWN
        } else {
            ""
        };
        let fiat = self.fiat_value.as_deref().unwrap_or_default();
        let cells = [
            self.date_utc.as_str(),
            &self.transaction_id,
            self.direction,
            &self.counterparty,
            &self.token,
            &self.contract,
            &self.token_id,
            &self.amount,
            &self.fee,
            &self.fee_token,
            &self.fee_paid_by,
            if self.failed { "true" } else { "false" },
            fiat,
            &self.fiat_currency,
            note,
            self.fee_fiat_value.as_deref().unwrap_or_default(),
        ];
        for (i, text) in cells.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            cell(out, text);
        }
        out.push_str("\r\n");
    }
}

/// `seconds` since the epoch as ISO 8601 UTC (`YYYY-MM-DDTHH:MM:SSZ`).
#[must_use]
pub fn iso_utc(seconds: u64) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(i64::MAX);
    let rest = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    let mut text = String::with_capacity(20);
    let _ = write!(
        text,
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    );
    text
}

/// The inclusive `from` / exclusive `to` bounds of an export, in ms since the epoch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportRange {
    /// First instant included.
    pub from_ms: u64,
    /// First instant no longer included.
    pub to_ms: u64,
}

impl ExportRange {
    /// Whether `ms` lies in the range.
    #[must_use]
    pub fn contains(&self, ms: u64) -> bool {
        (self.from_ms..self.to_ms).contains(&ms)
    }
}

/// Why a date range was refused (a request's mistake, answered as a 400 by the API:
/// `code()` is its stable key, `message()` its words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// Not a `YYYY-MM-DD` date.
    NotADate {
        /// The parameter.
        parameter: &'static str,
        /// What was sent.
        text: String,
    },
    /// The start lies after the end.
    Reversed,
    /// The range starts after today: nothing can have happened there yet.
    InFuture,
}

impl RangeError {
    /// The stable key.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotADate { .. } => "export.invalid_date",
            Self::Reversed => "export.range_reversed",
            Self::InFuture => "export.range_in_future",
        }
    }

    /// In words.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            Self::NotADate { text, .. } => format!("'{text}' is not a date (YYYY-MM-DD)"),
            Self::Reversed => "the start date is after the end date".to_owned(),
            Self::InFuture => {
                "the date range starts in the future: there is no history there yet".to_owned()
            }
        }
    }

    /// The parameter at fault.
    #[must_use]
    pub fn parameter(&self) -> &'static str {
        match self {
            Self::NotADate { parameter, .. } => parameter,
            Self::Reversed | Self::InFuture => "from",
        }
    }
}

const DAY_MS: u64 = 86_400_000;

/// Midnight UTC at the start of `text` (`YYYY-MM-DD`), in ms since the epoch.
fn day_start_ms(parameter: &'static str, text: &str) -> Result<u64, RangeError> {
    let not_a_date = || RangeError::NotADate {
        parameter,
        text: text.to_owned(),
    };
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return Err(not_a_date());
    };
    let number = |part: &str, digits: usize| {
        (part.len() == digits && part.chars().all(|c| c.is_ascii_digit()))
            .then(|| part.parse::<i64>().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (number(year, 4), number(month, 2), number(day, 2)) else {
        return Err(not_a_date());
    };
    let days = days_from_civil(y, m, d);
    // A day the calendar does not have (2026-02-30) does not come back the same.
    if !(1..=12).contains(&m) || civil_from_days(days) != (y, m, d) || days < 0 {
        return Err(not_a_date());
    }
    u64::try_from(days)
        .map(|days| days * DAY_MS)
        .map_err(|_| not_a_date())
}

/// The range from the day `from` through the day `to` (UTC, both included; `None`:
/// from the start of history, through today), checked against `now_ms`. A range
/// starting after today (one day of grace for time zones ahead of UTC) is refused;
/// an end after now is simply now.
///
/// # Errors
/// A malformed date, a start after the end, or a start in the future.
pub fn parse_range(
    from: Option<&str>,
    to: Option<&str>,
    now_ms: u64,
) -> Result<ExportRange, RangeError> {
    let from_ms = from
        .map(|text| day_start_ms("from", text))
        .transpose()?
        .unwrap_or(0);
    let to_ms = match to {
        Some(text) => day_start_ms("to", text)? + DAY_MS,
        None => now_ms + 1,
    };
    if from_ms > now_ms + DAY_MS {
        return Err(RangeError::InFuture);
    }
    if from_ms >= to_ms {
        return Err(RangeError::Reversed);
    }
    Ok(ExportRange {
        from_ms,
        to_ms: to_ms.min(now_ms + DAY_MS),
    })
}

/// An export's body held to `budget` in all: past it the stream ends with
/// [`ServiceError::ExportTooLarge`] (the download fails rather than look complete).
/// `permit`, the export's expensive-work slot, is held until the body ends.
#[must_use]
pub fn within_budget(
    body: BoxStream<'static, Result<Bytes, ServiceError>>,
    budget: Duration,
    permit: Option<ExpensivePermit>,
) -> BoxStream<'static, Result<Bytes, ServiceError>> {
    let deadline = tokio::time::Instant::now() + budget;
    let state = (body, Some(permit), false);
    stream::unfold(state, move |(mut body, permit, over)| async move {
        if over {
            return None;
        }
        match tokio::time::timeout_at(deadline, body.next()).await {
            Ok(Some(chunk)) => Some((chunk, (body, permit, false))),
            Ok(None) => None,
            Err(_) => {
                tracing::warn!(?budget, "an export ran out of time");
                let limit = format!("{} s", budget.as_secs());
                Some((
                    Err(ServiceError::ExportTooLarge { limit }),
                    (body, None, true),
                ))
            }
        }
    })
    // The HTTP body may ask again after the end; a fused stream answers `None` again.
    .fuse()
    .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_export_past_its_time_ends_with_an_error_not_silently() {
        let stalls = stream::once(async { Ok(Bytes::from_static(b"head\n")) })
            .chain(stream::pending())
            .boxed();
        let chunks: Vec<_> = within_budget(stalls, Duration::from_millis(50), None)
            .collect()
            .await;
        assert_eq!(chunks.len(), 2, "{chunks:?}");
        assert!(matches!(
            chunks[1],
            Err(ServiceError::ExportTooLarge { .. })
        ));
        let whole = stream::iter([Ok(Bytes::from_static(b"a")), Ok(Bytes::from_static(b"b"))]);
        let mut done = within_budget(whole.boxed(), Duration::from_secs(5), None);
        let mut chunks = 0;
        while done.next().await.is_some() {
            chunks += 1;
        }
        assert_eq!(chunks, 2);
        assert!(
            done.next().await.is_none(),
            "asked again after its end: still the end"
        );
    }

    #[test]
    fn dates_are_iso_8601_utc() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(1_795_790_005), "2026-11-27T14:33:25Z");
        assert_eq!(iso_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso_utc(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    #[test]
    fn cells_are_quoted_when_needed_and_formulas_are_defused() {
        let row = ExportRow {
            date_utc: iso_utc(0),
            transaction_id: "0xab".into(),
            direction: Direction::Out.word(),
            counterparty: "0x01".into(),
            token: "=HYPERLINK(\"x\")".into(),
            contract: String::new(),
            token_id: String::new(),
            amount: "1.5".into(),
            fee: "0.000021".into(),
            fee_token: "TLOS".into(),
            fee_paid_by: "0x02".into(),
            failed: false,
            fiat_value: None,
            fiat_currency: "USD".into(),
            fee_fiat_value: Some("0.0000049245".into()),
        };
        let mut line = String::new();
        row.write_to(&mut line);
        assert_eq!(
            line,
            "1970-01-01T00:00:00Z,0xab,out,0x01,\"'=HYPERLINK(\"\"x\"\")\",,,1.5,0.000021,TLOS,0x02,false,,USD,price not known,0.0000049245\r\n"
        );
        assert_eq!(header_line().split(',').count(), COLUMNS.len());
        let mut comma = String::new();
        cell(&mut comma, "a,b");
        assert_eq!(comma, "\"a,b\"");
    }

    #[test]
    fn a_fee_row_is_priced_by_its_fee() {
        let fee_only = |fee_fiat: Option<&str>| {
            let mut line = String::new();
            ExportRow {
                direction: Direction::Fee.word(),
                fee: "0.000021".into(),
                fee_token: "TLOS".into(),
                fiat_currency: "USD".into(),
                fee_fiat_value: fee_fiat.map(str::to_owned),
                ..ExportRow::default()
            }
            .write_to(&mut line);
            line
        };
        assert!(fee_only(Some("0.0000049245")).ends_with(",USD,,0.0000049245\r\n"));
        assert!(fee_only(None).ends_with(",USD,price not known,\r\n"));
    }

    #[test]
    fn ranges_are_whole_utc_days_and_bad_ones_are_refused() {
        let now = 1_795_790_005_000; // 2026-11-27T14:33:25Z
        let range = parse_range(Some("2026-11-01"), Some("2026-11-27"), now).expect("range");
        assert_eq!(iso_utc(range.from_ms / 1000), "2026-11-01T00:00:00Z");
        assert_eq!(range.to_ms, 1_795_824_000_000, "the end of the 27th");
        assert_eq!(parse_range(None, None, now).map(|r| r.from_ms), Ok(0));
        assert_eq!(
            parse_range(Some("2026-12-01"), None, now),
            Err(RangeError::InFuture)
        );
        assert_eq!(
            parse_range(Some("2026-11-20"), Some("2026-11-10"), now),
            Err(RangeError::Reversed)
        );
        for bad in [
            "2026-02-30",
            "26-11-01",
            "2026-13-01",
            "yesterday",
            "2026-1-01",
        ] {
            assert_eq!(
                parse_range(Some(bad), None, now).map_err(|e| e.code()),
                Err("export.invalid_date"),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_range_includes_its_start_and_not_its_end() {
        let range = ExportRange {
            from_ms: 10,
            to_ms: 20,
        };
        assert!(range.contains(10) && range.contains(19));
        assert!(!range.contains(20) && !range.contains(9));
    }
}
