//! The CSV export of a native account's token transfers over a date range (one row per
//! transfer the account sent or received; columns in [`crate::export`]), streamed a
//! page of the history service at a time. Native transfers pay no fee (the chain's
//! resources are staked, or a sponsor's fee is a transfer of its own, listed as one),
//! so the fee columns stay empty. Fiat values of native tokens are not known here yet:
//! the fiat column is empty and `price_note` says "price not known" — never a 0.
//!
//! The history service refuses deep skips, so past [`MAX_SKIP`] the window's end moves
//! to the oldest time read so far, and the actions of that second seen already are
//! skipped by their global sequence.

use std::collections::HashSet;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::{self, BoxStream, StreamExt};
use tandem_antelope::history::types::{ActionsPage, HistoryAction};
use tandem_antelope::history::{ActionsQuery, Sort};
use tandem_domain::antelope::{Asset, Name};

use super::NativeNetwork;
use crate::error::ServiceError;
use crate::export::{Direction, ExportRange, ExportRow, header_line, iso_utc};

/// Actions per page (the history services cap pages near this).
const PAGE: u32 = 100;
/// Deepest skip asked for before the window moves.
const MAX_SKIP: u32 = 9_900;

/// An export ready to stream.
pub struct NativeExport {
    /// Transfers of the account in the range, as the history service counts them.
    pub transfers_total: Option<u64>,
    /// The CSV, header first.
    pub body: BoxStream<'static, Result<Bytes, ServiceError>>,
}

impl std::fmt::Debug for NativeExport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NativeExport")
            .field("transfers_total", &self.transfers_total)
            .finish_non_exhaustive()
    }
}

struct Cursor {
    network: Arc<NativeNetwork>,
    account: Name,
    after: String,
    before: String,
    skip: u32,
    /// Global sequences at the window's current end, already written.
    seen_at_end: HashSet<i64>,
    first: Option<ActionsPage>,
    done: bool,
}

/// `ms` since the epoch as the history service's time (`YYYY-MM-DDTHH:MM:SS.mmm`, UTC).
fn service_time(ms: u64) -> String {
    let iso = iso_utc(ms / 1000);
    format!("{}.{:03}", iso.trim_end_matches('Z'), ms % 1000)
}

impl NativeNetwork {
    /// Starts the export of `account`'s transfers over `range`.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn export_history(
        self: &Arc<Self>,
        account: Name,
        range: ExportRange,
    ) -> Result<NativeExport, ServiceError> {
        let mut cursor = Cursor {
            network: Arc::clone(self),
            account,
            after: service_time(range.from_ms),
            // The service's `before` includes its bound; the range's end does not.
            before: service_time(range.to_ms.saturating_sub(1)),
            skip: 0,
            seen_at_end: HashSet::new(),
            first: None,
            done: false,
        };
        let first = fetch(&cursor).await?;
        let transfers_total = Some(first.total.value);
        cursor.first = Some(first);
        let header = stream::once(async { Ok(Bytes::from(header_line())) });
        Ok(NativeExport {
            transfers_total,
            body: header.chain(stream::unfold(cursor, step)).fuse().boxed(),
        })
    }
}

async fn fetch(cursor: &Cursor) -> Result<ActionsPage, ServiceError> {
    let query = ActionsQuery {
        account: Some(cursor.account),
        limit: Some(PAGE),
        skip: Some(cursor.skip),
        sort: Sort::Desc,
        filter: Some("*:transfer".to_owned()),
        after: Some(cursor.after.clone()),
        before: Some(cursor.before.clone()),
        ..ActionsQuery::default()
    };
    cursor.network.actions(&query).await
}

async fn step(mut cursor: Cursor) -> Option<(Result<Bytes, ServiceError>, Cursor)> {
    if cursor.done {
        return None;
    }
    let page = match cursor.first.take() {
        Some(page) => page,
        None => match fetch(&cursor).await {
            Ok(page) => page,
            Err(error) => {
                cursor.done = true;
                return Some((Err(error), cursor));
            }
        },
    };
    let account = cursor.account.to_string();
    let mut text = String::new();
    for action in &page.actions {
        if let Some(sequence) = action.global_sequence
            && cursor.seen_at_end.contains(&sequence)
        {
            continue;
        }
        if let Some(row) = transfer_row(action, &account) {
            row.write_to(&mut text);
        }
    }
    let full = page.actions.len() as u32 == PAGE;
    cursor.skip += page.actions.len() as u32;
    if !full {
        cursor.done = true;
    } else if cursor.skip >= MAX_SKIP
        && let Some(oldest) = page.actions.last()
    {
        // Move the window's end to the oldest second read; what of it was written is
        // remembered, the rest of it comes again from the top of the new window.
        let end = oldest.time().to_owned();
        let second = &end[..end.len().min(19)];
        cursor.seen_at_end = page
            .actions
            .iter()
            .filter(|a| a.time().starts_with(second))
            .filter_map(|a| a.global_sequence)
            .collect();
        cursor.before = end;
        cursor.skip = 0;
    }
    Some((Ok(Bytes::from(text)), cursor))
}

/// The row of a token transfer the account sent or received; `None` for anything else.
#[must_use]
pub fn transfer_row(action: &HistoryAction, account: &str) -> Option<ExportRow> {
    if action.act.name != "transfer" {
        return None;
    }
    let data = &action.act.data;
    let from = data.get("from")?.as_str()?;
    let to = data.get("to")?.as_str()?;
    let quantity = data.get("quantity")?.as_str()?;
    let asset: Asset = quantity.parse().ok()?;
    let (amount, _) = quantity.split_once(' ')?;
    let (direction, counterparty) = match (from == account, to == account) {
        (true, true) => (Direction::ToSelf, to),
        (true, false) => (Direction::Out, to),
        (false, true) => (Direction::In, from),
        (false, false) => return None,
    };
    let time = action.time();
    Some(ExportRow {
        date_utc: format!("{}Z", &time[..time.len().min(19)]),
        transaction_id: action.trx_id.clone(),
        direction: direction.word(),
        counterparty: counterparty.to_owned(),
        token: asset.symbol.code.to_string(),
        contract: action.act.account.clone(),
        amount: amount.to_owned(),
        ..ExportRow::default()
    })
}
