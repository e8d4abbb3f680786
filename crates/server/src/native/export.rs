//! The CSV export of a native account's token transfers over a date range (one row per
//! transfer the account sent or received; columns in [`crate::export`]), streamed a
//! page of the history service at a time. Native transfers pay no fee (the chain's
//! resources are staked, or a sponsor's fee is a transfer of its own, listed as one),
//! so the fee columns stay empty. Fiat values come from the price service the balances
//! use, at today's price: the system token's rows are priced (when the aggregator knows
//! it), any other token's fiat cell is empty and `price_note` says "price not known" —
//! never a 0.
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
use tandem_domain::evm_move::{EVM_CONTRACT, deposit_destination, deposit_memo};
use tandem_domain::price::MarketPrice;

use super::NativeNetwork;
use super::balances::amount_of;
use crate::error::ServiceError;
use crate::export::{Direction, ExportRange, ExportRow, header_line, iso_utc};

/// Actions per page (the history services cap pages near this).
const PAGE: u32 = 100;
/// Deepest skip asked for before the window moves.
const MAX_SKIP: u32 = 9_900;
/// Transfers one export may read (a thousand pages of the history service, which
/// other people's reads share): past it the export fails and asks for a shorter range.
pub const MAX_ROWS: u64 = 100_000;

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

/// How the rows are priced: the system token at today's price in `currency`.
#[derive(Debug, Clone)]
pub struct RowPricing {
    /// The system token's contract and symbol code.
    pub system: (String, String),
    /// Its price today, when known.
    pub price: Option<MarketPrice>,
    /// The fiat currency asked for (upper case).
    pub currency: String,
}

impl RowPricing {
    /// No price known: every row says so.
    #[must_use]
    pub fn unpriced(currency: &str) -> Self {
        Self {
            system: (String::new(), String::new()),
            price: None,
            currency: currency.to_owned(),
        }
    }

    /// The fiat value of `asset` of `contract`, when its price is known.
    fn fiat_value(&self, contract: &str, asset: &Asset) -> Option<String> {
        let (system_contract, system_code) = &self.system;
        if contract != system_contract || asset.symbol.code.to_string() != *system_code {
            return None;
        }
        let amount = amount_of(asset)?;
        let value = self.price.as_ref()?.to_fiat(&amount).ok()?;
        Some(value.to_plain_string())
    }
}

struct Cursor {
    network: Arc<NativeNetwork>,
    account: Name,
    pricing: RowPricing,
    after: String,
    before: String,
    skip: u32,
    /// Global sequences at the window's current end, already written.
    seen_at_end: HashSet<i64>,
    first: Option<ActionsPage>,
    done: bool,
    /// Actions read so far.
    read: u64,
}

/// `ms` since the epoch as the history service's time (`YYYY-MM-DDTHH:MM:SS.mmm`, UTC).
fn service_time(ms: u64) -> String {
    let iso = iso_utc(ms / 1000);
    format!("{}.{:03}", iso.trim_end_matches('Z'), ms % 1000)
}

impl NativeNetwork {
    /// Starts the export of `account`'s transfers over `range`, valued in `fiat` (an
    /// upper-case currency code).
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn export_history(
        self: &Arc<Self>,
        account: Name,
        range: ExportRange,
        fiat: &str,
    ) -> Result<NativeExport, ServiceError> {
        let pricing = RowPricing {
            system: (
                self.token_contract.to_string(),
                self.system_symbol.code.to_string(),
            ),
            price: self.system_quote(fiat).await.0,
            currency: fiat.to_owned(),
        };
        let mut cursor = Cursor {
            network: Arc::clone(self),
            account,
            pricing,
            after: service_time(range.from_ms),
            // The service's `before` includes its bound; the range's end does not.
            before: service_time(range.to_ms.saturating_sub(1)),
            skip: 0,
            seen_at_end: HashSet::new(),
            first: None,
            done: false,
            read: 0,
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
    // In the history service's bulk lane: people reading their history go first.
    cursor.network.actions_in_bulk(&query).await
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
    cursor.read += page.actions.len() as u64;
    if cursor.read > MAX_ROWS {
        cursor.done = true;
        let limit = format!("{MAX_ROWS} transfers");
        return Some((Err(ServiceError::ExportTooLarge { limit }), cursor));
    }
    let account = cursor.account.to_string();
    let mut text = String::new();
    for action in &page.actions {
        if let Some(sequence) = action.global_sequence
            && cursor.seen_at_end.contains(&sequence)
        {
            continue;
        }
        if let Some(row) = transfer_row(action, &account, &cursor.pricing) {
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

/// The row of a token transfer the account sent or received, valued by `pricing`;
/// `None` for anything else.
#[must_use]
pub fn transfer_row(
    action: &HistoryAction,
    account: &str,
    pricing: &RowPricing,
) -> Option<ExportRow> {
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
    // TLOS moved to Telos EVM: the other side is the EVM address the memo names (ADR 0035).
    let memo = data
        .get("memo")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("");
    let moved_to = (counterparty == EVM_CONTRACT)
        .then(|| deposit_destination(memo))
        .flatten();
    let counterparty =
        moved_to.map_or_else(|| counterparty.to_owned(), |address| deposit_memo(&address));
    let time = action.time();
    Some(ExportRow {
        date_utc: format!("{}Z", &time[..time.len().min(19)]),
        transaction_id: action.trx_id.clone(),
        direction: direction.word(),
        counterparty,
        token: asset.symbol.code.to_string(),
        contract: action.act.account.clone(),
        amount: amount.to_owned(),
        fiat_value: pricing.fiat_value(&action.act.account, &asset),
        fiat_currency: pricing.currency.clone(),
        ..ExportRow::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transfer(contract: &str, from: &str, to: &str, quantity: &str) -> HistoryAction {
        serde_json::from_value(serde_json::json!({
            "@timestamp": "2026-11-27T14:33:25.500",
            "block_num": 12,
            "trx_id": "ab12",
            "act": {
                "account": contract,
                "name": "transfer",
                "authorization": [],
                "data": { "from": from, "to": to, "quantity": quantity, "memo": "" }
            },
            "global_sequence": 7
        }))
        .expect("a transfer action")
    }

    #[test]
    fn tlos_moved_to_telos_evm_names_the_evm_address_as_the_other_side() {
        let mut deposit = transfer("eosio.token", "alice", "eosio.evm", "12.5000 TLOS");
        deposit.act.data["memo"] = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8".into();
        let row = transfer_row(&deposit, "alice", &pricing(None)).expect("a row");
        assert_eq!(
            (row.direction, row.counterparty.as_str()),
            ("out", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8")
        );
        // A transfer to the contract without an address stays with the contract's name.
        let plain = transfer("eosio.token", "alice", "eosio.evm", "1.0000 TLOS");
        assert_eq!(
            transfer_row(&plain, "alice", &pricing(None))
                .expect("a row")
                .counterparty,
            "eosio.evm"
        );
    }

    fn pricing(price: Option<&str>) -> RowPricing {
        RowPricing {
            system: ("eosio.token".to_owned(), "TLOS".to_owned()),
            price: price.map(|p| MarketPrice::from_decimal_str(p, 0).expect("a price")),
            currency: "USD".to_owned(),
        }
    }

    #[test]
    fn the_system_token_is_valued_at_todays_price_and_other_tokens_say_not_known() {
        let priced = pricing(Some("0.25"));
        let row = transfer_row(
            &transfer("eosio.token", "alice", "bob", "2.5000 TLOS"),
            "alice",
            &priced,
        )
        .expect("a row");
        assert_eq!(row.direction, "out");
        assert_eq!(row.counterparty, "bob");
        assert_eq!(row.amount, "2.5000");
        assert_eq!(row.date_utc, "2026-11-27T14:33:25Z");
        assert_eq!(row.fiat_value.as_deref(), Some("0.625"));
        assert_eq!(row.fiat_currency, "USD");

        // Same symbol from another contract is another token: never priced as TLOS.
        let copycat = transfer_row(
            &transfer("fake.token", "bob", "alice", "2.5000 TLOS"),
            "alice",
            &priced,
        )
        .expect("a row");
        assert_eq!(copycat.direction, "in");
        assert_eq!(copycat.fiat_value, None);
        let mut line = String::new();
        copycat.write_to(&mut line);
        assert!(line.trim_end().ends_with(",USD,price not known,"), "{line}");

        let unknown = transfer_row(
            &transfer("eosio.token", "alice", "bob", "1.0000 TLOS"),
            "alice",
            &pricing(None),
        )
        .expect("a row");
        assert_eq!(unknown.fiat_value, None);
    }

    #[test]
    fn transfers_of_others_and_other_actions_are_no_rows() {
        let priced = pricing(Some("1"));
        assert!(
            transfer_row(
                &transfer("eosio.token", "bob", "carol", "1.0000 TLOS"),
                "alice",
                &priced
            )
            .is_none()
        );
        let mut other = transfer("eosio.token", "alice", "bob", "1.0000 TLOS");
        other.act.name = "issue".to_owned();
        assert!(transfer_row(&other, "alice", &priced).is_none());
    }
}
