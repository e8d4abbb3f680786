//! An account's history as one list. Blockscout keeps three lists of an address: the
//! transactions it sent or received (`/transactions`), its token transfers
//! (`/token-transfers`, where a transfer someone else's transaction made to it shows)
//! and the native value moved to or from it inside contract calls
//! (`/internal-transactions`). Each is paged newest first; the history is their merge,
//! one row per transaction, newest block first.
//!
//! A merge read so far is kept a few seconds per account, so the next page continues
//! where the last stopped; an ascending page needs the whole history and reads it all
//! (up to [`MAX_ENTRIES`]).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex as StdMutex, PoisonError};
use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256};
use tokio::sync::Mutex;

use super::convert::{self, hash_of, u64_of};
use super::paging::Cursor;
use super::wire::{InternalWire, TokenTransferWire, TransactionWire};
use super::{BlockscoutClient, path_address};
use crate::EvmError;
use crate::http::Upstream;
use crate::source::TransactionRecord;

/// How long a merge read so far is reused: about a block's worth of patience for a
/// person paging, short enough that new transactions show on the next visit.
const REUSE: Duration = Duration::from_secs(10);
/// Accounts whose merges are kept at once.
const MAX_ACCOUNTS: usize = 256;
/// Rows a history is read to at most.
pub(crate) const MAX_ENTRIES: usize = 20_000;

/// One transaction of the history.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub block: u64,
    pub hash: B256,
    /// Its index in the block, when a list said.
    pub position: Option<u64>,
    /// The transaction as the transactions list gave it (without logs).
    pub row: Option<TransactionRecord>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Transactions,
    TokenTransfers,
    Internal,
}

#[derive(Debug)]
enum Next {
    First,
    After(Cursor),
    Done,
}

#[derive(Debug)]
struct Stream {
    kind: Kind,
    next: Next,
    buffer: VecDeque<Entry>,
}

/// The merge of one account's lists, read so far.
#[derive(Debug)]
pub(crate) struct Timeline {
    pub entries: Vec<Entry>,
    by_hash: HashMap<B256, usize>,
    streams: Vec<Stream>,
}

impl Timeline {
    fn new() -> Self {
        let stream = |kind| Stream {
            kind,
            next: Next::First,
            buffer: VecDeque::new(),
        };
        Self {
            entries: Vec::new(),
            by_hash: HashMap::new(),
            streams: vec![
                stream(Kind::Transactions),
                stream(Kind::TokenTransfers),
                stream(Kind::Internal),
            ],
        }
    }

    /// Whether every list was read to its end.
    pub fn complete(&self) -> bool {
        self.streams
            .iter()
            .all(|s| matches!(s.next, Next::Done) && s.buffer.is_empty())
    }

    /// Reads on until the merge holds `want` rows or every list ended.
    pub async fn extend(
        &mut self,
        client: &BlockscoutClient,
        account: Address,
        want: usize,
    ) -> Result<(), EvmError> {
        let want = want.min(MAX_ENTRIES);
        while self.entries.len() < want {
            let empty: Vec<usize> = (0..self.streams.len())
                .filter(|&i| {
                    self.streams[i].buffer.is_empty() && !matches!(self.streams[i].next, Next::Done)
                })
                .collect();
            if !empty.is_empty() {
                let pages = futures_util::future::try_join_all(
                    empty
                        .iter()
                        .map(|&i| fetch(client, account, &self.streams[i])),
                )
                .await?;
                for (i, (entries, next)) in empty.into_iter().zip(pages) {
                    let stream = &mut self.streams[i];
                    stream.buffer.extend(entries);
                    stream.next = next.map_or(Next::Done, Next::After);
                }
                continue;
            }
            // Every list has a row at hand or has ended: the newest of their heads is next.
            let Some(pick) = (0..self.streams.len())
                .filter(|&i| !self.streams[i].buffer.is_empty())
                .max_by_key(|&i| {
                    let head = &self.streams[i].buffer[0];
                    (head.block, head.hash)
                })
            else {
                return Ok(());
            };
            let Some(entry) = self.streams[pick].buffer.pop_front() else {
                continue;
            };
            match self.by_hash.get(&entry.hash) {
                Some(&at) => {
                    let known = &mut self.entries[at];
                    known.position = known.position.or(entry.position);
                    if known.row.is_none() {
                        known.row = entry.row;
                    }
                }
                None => {
                    self.by_hash.insert(entry.hash, self.entries.len());
                    self.entries.push(entry);
                }
            }
        }
        if self.entries.len() >= MAX_ENTRIES && !self.complete() {
            return Err(EvmError::Decode {
                upstream: Upstream::Blockscout,
                path: format!("/api/v2/addresses/{}", path_address(account)),
                source: format!("the account's history is longer than {MAX_ENTRIES} transactions")
                    .into(),
            });
        }
        Ok(())
    }
}

/// The next page of one list, as entries, and the cursor after it.
async fn fetch(
    client: &BlockscoutClient,
    account: Address,
    stream: &Stream,
) -> Result<(Vec<Entry>, Option<Cursor>), EvmError> {
    let cursor = match &stream.next {
        Next::First => None,
        Next::After(cursor) => Some(cursor),
        Next::Done => return Ok((Vec::new(), None)),
    };
    let list = match stream.kind {
        Kind::Transactions => "transactions",
        Kind::TokenTransfers => "token-transfers",
        Kind::Internal => "internal-transactions",
    };
    let path = format!("api/v2/addresses/{}/{list}", path_address(account));
    let page = client.page(&path, &[], cursor).await?;
    let entries = match stream.kind {
        Kind::Transactions => client.keep(&page, |wire: TransactionWire| {
            let block = u64_of(&wire.block_number).or_else(|| u64_of(&wire.block))?;
            let hash = hash_of(&wire.hash)?;
            let position = u64_of(&wire.position);
            Some(Entry {
                block,
                hash,
                position,
                row: convert::transaction(wire),
            })
        }),
        Kind::TokenTransfers => client.keep(&page, |wire: TokenTransferWire| {
            Some(Entry {
                block: u64_of(&wire.block_number)?,
                hash: hash_of(&wire.transaction_hash).or_else(|| hash_of(&wire.tx_hash))?,
                position: None,
                row: None,
            })
        }),
        Kind::Internal => client.keep(&page, |wire: InternalWire| {
            let transfer = convert::internal(wire)?;
            Some(Entry {
                block: transfer.block_number,
                hash: transfer.transaction,
                position: None,
                row: None,
            })
        }),
    };
    Ok((entries, page.next))
}

/// A merge shared by the requests of a moment, and when it was begun.
type Kept = (Instant, Arc<Mutex<Timeline>>);

/// The merges read so far, per account.
#[derive(Debug, Default)]
pub(crate) struct Timelines {
    kept: StdMutex<HashMap<Address, Kept>>,
}

impl Timelines {
    /// The account's merge: the one read in the last few seconds, or a new one.
    pub fn of(&self, account: Address) -> Arc<Mutex<Timeline>> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if let Some((made, timeline)) = kept.get(&account)
            && now.duration_since(*made) < REUSE
        {
            return Arc::clone(timeline);
        }
        if kept.len() >= MAX_ACCOUNTS {
            kept.retain(|_, (made, _)| now.duration_since(*made) < REUSE);
            if kept.len() >= MAX_ACCOUNTS {
                kept.clear();
            }
        }
        let timeline = Arc::new(Mutex::new(Timeline::new()));
        kept.insert(account, (now, Arc::clone(&timeline)));
        timeline
    }
}
