//! The CSV export of an EVM account's history over a date range (one row per value
//! movement; columns in [`crate::export`]). It streams: pages of
//! [`EXPORT_PAGE`] transactions are read, shaped as the history table shapes them
//! (amounts exact, fiat at today's price) and written one page at a time, so an
//! account with any number of rows is never held in memory — at most two pages: the
//! next one is read while the current one is shaped and written. Each page after the
//! first starts after the last row of the one before: the own index seeks there instead
//! of walking an offset (`bench/export`); other sources page by the offset. The source
//! lists newest first, so reading stops at the first page reaching below the range's
//! start.

use std::sync::Arc;

use alloy_primitives::Address;
use bytes::Bytes;
use futures_util::stream::{self, BoxStream, StreamExt};
use tandem_domain::amount::Amount;
use tandem_domain::history::ShapedTransaction;
use tandem_evm::source::{
    ChainPosition, Page, PageRequest, SortOrder, TransactionQuery, TransactionRecord,
};

use super::EvmNetwork;
use super::coverage::FillSlots;
use super::history::shape_page;
use crate::error::ServiceError;
use crate::export::{Direction, ExportRange, ExportRow, header_line, iso_utc};
use crate::limits::ExpensivePermit;

/// Transactions read and shaped per step of the stream.
pub const EXPORT_PAGE: u64 = 1_000;

/// An export ready to stream.
pub struct HistoryExport {
    /// The account's transactions in total, when the source knows (for progress).
    pub transactions_total: Option<u64>,
    /// On an own-index network still reading the account's earlier history: how far
    /// it got (0 to 1). The export then waits: it would miss rows.
    pub incomplete: Option<f64>,
    /// The CSV, header first.
    pub body: BoxStream<'static, Result<Bytes, ServiceError>>,
}

impl std::fmt::Debug for HistoryExport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HistoryExport")
            .field("transactions_total", &self.transactions_total)
            .field("incomplete", &self.incomplete)
            .finish_non_exhaustive()
    }
}

/// Where the stream stands.
struct Cursor {
    network: Arc<EvmNetwork>,
    account: Address,
    range: ExportRange,
    fiat: String,
    /// The first page, read before the answer starts (so a failing source is an error
    /// status, not a cut-off file).
    first: Option<Page<TransactionRecord>>,
    /// The next page, being read while the current one is shaped and written.
    ahead: Option<PageRead>,
    done: bool,
    /// Held until the stream ends: an export is expensive work.
    _permit: Option<ExpensivePermit>,
}

/// Which page to read: the offset names it for every source, the position of the last
/// row read lets a source that can seek (the own index) go straight to it.
#[derive(Debug, Clone, Copy)]
struct PageStart {
    offset: u64,
    after: Option<ChainPosition>,
}

impl EvmNetwork {
    /// Starts the export of `account`'s history over `range`, fiat values in `fiat`;
    /// `permit` (the client's expensive-work slot) is held while it streams, and a fill
    /// of the account's earlier history takes its slot from `slots`.
    ///
    /// # Errors
    /// When the index cannot say what it holds, or the source cannot list the
    /// account's transactions.
    pub async fn export_history(
        self: &Arc<Self>,
        account: Address,
        range: ExportRange,
        fiat: &str,
        slots: &dyn FillSlots,
        permit: Option<ExpensivePermit>,
    ) -> Result<HistoryExport, ServiceError> {
        let index = self.index_context(account, slots).await?;
        if let Some(context) = index.filter(|c| !c.coverage.is_complete()) {
            return Ok(HistoryExport {
                transactions_total: None,
                incomplete: Some(context.coverage.progress()),
                body: stream::empty().boxed(),
            });
        }
        let first_page = PageStart {
            offset: 0,
            after: None,
        };
        let first = fetch(self, account, first_page).await?;
        let transactions_total = first.total;
        let cursor = Cursor {
            network: Arc::clone(self),
            account,
            range,
            fiat: fiat.to_owned(),
            first: Some(first),
            ahead: None,
            done: false,
            _permit: permit,
        };
        let header = stream::once(async { Ok(Bytes::from(header_line())) });
        Ok(HistoryExport {
            transactions_total,
            incomplete: None,
            body: header.chain(stream::unfold(cursor, step)).fuse().boxed(),
        })
    }
}

async fn fetch(
    network: &EvmNetwork,
    account: Address,
    start: PageStart,
) -> Result<Page<TransactionRecord>, ServiceError> {
    let query = TransactionQuery {
        page: PageRequest {
            offset: start.offset,
            limit: EXPORT_PAGE,
        },
        sort: SortOrder::Descending,
        log_topic: None,
        resume_after: start.after,
    };
    Ok(network.source().transactions(account, &query).await?)
}

/// A page being read, and where it starts.
struct PageRead {
    start: PageStart,
    task: tokio::task::JoinHandle<Result<Page<TransactionRecord>, ServiceError>>,
}

impl Drop for Cursor {
    /// A client that goes away stops the read ahead too.
    fn drop(&mut self) {
        if let Some(read) = &self.ahead {
            read.task.abort();
        }
    }
}

impl Cursor {
    /// Starts reading the page at `start` while the current one is shaped.
    fn read_ahead(&mut self, start: PageStart) {
        let (network, account) = (Arc::clone(&self.network), self.account);
        let task = tokio::spawn(async move { fetch(&network, account, start).await });
        self.ahead = Some(PageRead { start, task });
    }
}

/// One page of the stream: read, shaped, written (the next one read meanwhile).
async fn step(mut cursor: Cursor) -> Option<(Result<Bytes, ServiceError>, Cursor)> {
    if cursor.done {
        return None;
    }
    let (read, offset) = match (cursor.first.take(), cursor.ahead.take()) {
        (Some(page), _) => (Ok(page), 0),
        (None, Some(read)) => (
            read.task
                .await
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic())),
            read.start.offset,
        ),
        (None, None) => return None,
    };
    let page = match read {
        Ok(page) => page,
        Err(error) => {
            cursor.done = true;
            return Some((Err(error), cursor));
        }
    };
    let oldest = page.rows.last().map(|row| row.transaction.timestamp_ms);
    cursor.done =
        !page.more || page.rows.is_empty() || oldest.is_some_and(|ms| ms < cursor.range.from_ms);
    if !cursor.done {
        cursor.read_ahead(PageStart {
            offset: offset + page.rows.len() as u64,
            after: page.rows.last().and_then(TransactionRecord::position),
        });
    }
    let in_range: Vec<TransactionRecord> = page
        .rows
        .into_iter()
        .filter(|row| cursor.range.contains(row.transaction.timestamp_ms))
        .collect();
    let network = &cursor.network;
    let shaped = shape_page(
        network,
        network.account_caches(),
        &network.source(),
        cursor.account,
        &in_range,
        &cursor.fiat,
    )
    .await
    .0;
    let account = cursor.account.to_checksum(None);
    let system = network.settings().system_token.symbol.clone();
    let mut text = String::with_capacity(shaped.len() * 200);
    for row in &shaped {
        for line in rows_of(row, &account, &system, &cursor.fiat) {
            line.write_to(&mut text);
        }
    }
    Some((Ok(Bytes::from(text)), cursor))
}

/// The export rows of one shaped transaction: one per movement, the fee on the first
/// (or alone, `fee`, when nothing moved but the account paid the fee); nothing for a
/// transaction that moved nothing of the account's and cost it nothing.
#[must_use]
pub fn rows_of(row: &ShapedTransaction, account: &str, system: &str, fiat: &str) -> Vec<ExportRow> {
    let base = ExportRow {
        date_utc: iso_utc(row.epoch),
        transaction_id: row.id.clone(),
        failed: row.failed,
        fiat_currency: fiat.to_owned(),
        ..ExportRow::default()
    };
    let direction = |counterparty: &str, outgoing: bool| {
        if counterparty == account {
            Direction::ToSelf
        } else if outgoing {
            Direction::Out
        } else {
            Direction::In
        }
        .word()
    };
    let fee_fiat = row.gas_fiat_value.as_ref().map(Amount::to_plain_string);
    let mut rows = Vec::new();
    for (movement, outgoing) in row
        .values_out
        .iter()
        .map(|m| (m, true))
        .chain(row.values_in.iter().map(|m| (m, false)))
    {
        rows.push(ExportRow {
            direction: direction(&movement.counterparty, outgoing),
            counterparty: movement.counterparty.clone(),
            token: movement.symbol.clone(),
            contract: movement.contract.clone().unwrap_or_default(),
            amount: movement.amount.to_plain_string(),
            fiat_value: movement.fiat_value.map(|f| f.to_plain_string()),
            ..base.clone()
        });
    }
    for (nft, outgoing) in row
        .nfts_out
        .iter()
        .map(|m| (m, true))
        .chain(row.nfts_in.iter().map(|m| (m, false)))
    {
        rows.push(ExportRow {
            direction: direction(&nft.counterparty, outgoing),
            counterparty: nft.counterparty.clone(),
            token: nft.collection_name.clone().unwrap_or_default(),
            contract: nft.collection_address.clone(),
            token_id: nft.token_id.clone(),
            amount: nft.quantity.clone(),
            ..base.clone()
        });
    }
    match (&row.gas_used, rows.first_mut()) {
        (Some(fee), Some(first)) => {
            first.fee = fee.to_plain_string();
            first.fee_token = system.to_owned();
            first.fee_paid_by = account.to_owned();
            first.fee_fiat_value = fee_fiat.clone();
        }
        (Some(fee), None) => rows.push(ExportRow {
            direction: Direction::Fee.word(),
            counterparty: row.to.clone().unwrap_or_default(),
            fee: fee.to_plain_string(),
            fee_token: system.to_owned(),
            fee_paid_by: account.to_owned(),
            fee_fiat_value: fee_fiat,
            ..base
        }),
        (None, _) => {
            // The sender paid; its amount is not the account's cost.
            for line in &mut rows {
                line.fee_paid_by.clone_from(&row.from);
            }
        }
    }
    rows
}
