//! The Blockscout v2 REST client (docs.blockscout.com, "REST API Endpoints"; the
//! OpenAPI documents of github.com/blockscout/swaggers): an [`EvmSource`](crate::EvmSource)
//! of kind [`SourceKind::Blockscout`](crate::SourceKind), the explorer Telos EVM's
//! `teloscan.io` runs since February 2026 (telosnetwork/telos-wallet #861), and what the
//! own index asks of it to fill an account ([`activity`]).
//!
//! Answers are read tolerantly, as the Teloscan client's are (see
//! [`crate::http::tolerant`]): a drifted field degrades to `None`, an unreadable row is
//! skipped and counted in [`BlockscoutClient::skipped_rows`]. Lists are paged by
//! Blockscout's cursors in both API generations (`paging`). Requests share the
//! indexers' limiter (at most 5 in flight) and retry policy ([`HttpRetry::INDEXER`]).
//!
//! Blockscout keeps no approvals: a client given an [`ApprovalFinder`] answers them
//! from it (the chain's events, confirmed by state reads), and without one says it
//! cannot — never an empty list that would read as "no approvals".

pub mod activity;
mod convert;
mod paging;
mod reads;
mod source;
mod timeline;
mod wire;

pub use convert::InternalTransfer;
pub use reads::IndexingState;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use url::Url;

use crate::EvmError;
use crate::http::tolerant::{Rows, parse_rows};
use crate::http::{HttpClient, HttpRetry, RequestLimiter, Upstream};
use crate::reads::ChainReader;
use crate::source::ApprovalFinder;
use paging::{Cursor, Cursors, cursor_of, page_query};
use wire::ListWire;

/// Pages a list is walked for at most (50 rows each) when the wallet pages it.
const MAX_PAGES: u64 = 400;

/// A client for one Blockscout instance.
#[derive(Debug, Clone)]
pub struct BlockscoutClient {
    http: HttpClient,
    host: String,
    node: Option<ChainReader>,
    approvals: Option<Arc<dyn ApprovalFinder>>,
    skipped: Arc<AtomicU64>,
    cursors: Arc<Cursors>,
    timelines: Arc<timeline::Timelines>,
}

/// One page of a list as sent.
struct ListPage {
    items: Vec<Box<RawValue>>,
    next: Option<Cursor>,
    path: String,
}

/// What a walk over a list found.
pub(crate) struct Walked<T> {
    /// The rows asked for.
    pub rows: Vec<T>,
    /// Whether rows follow them.
    pub more: bool,
}

/// Whether a converted row belongs to the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// It does.
    Yes,
    /// It does not (another block range, say); later rows may.
    No,
    /// It does not, and no later row will (the list is ordered past the range).
    Stop,
}

/// One list to walk: its path, its own parameters (sent with every page) and any
/// filtering the client does itself (part of the cursor table's key).
pub(crate) struct ListSpec<'a> {
    pub path: String,
    pub params: Vec<(&'a str, String)>,
    pub filter_key: String,
    pub max_pages: u64,
}

impl<'a> ListSpec<'a> {
    pub(crate) fn new(path: String, params: Vec<(&'a str, String)>) -> Self {
        Self {
            path,
            params,
            filter_key: String::new(),
            max_pages: MAX_PAGES,
        }
    }

    fn key(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        format!("{}?{}#{}", self.path, params.join("&"), self.filter_key)
    }
}

impl BlockscoutClient {
    /// A client at `base_url` (the explorer's own host, e.g. `https://teloscan.io`;
    /// `/api/v2/…` is appended), sharing the HTTP `client`, the indexers' `limiter` and
    /// retry policy.
    ///
    /// # Errors
    /// [`EvmError::InvalidUpstreamUrl`] for an unusable base URL.
    pub fn new(
        client: reqwest::Client,
        base_url: &str,
        limiter: RequestLimiter,
    ) -> Result<Self, EvmError> {
        let http = HttpClient::new(client, Upstream::Blockscout, base_url, Some(limiter))?
            .with_retry(HttpRetry::INDEXER);
        let host = Url::parse(base_url)
            .ok()
            .and_then(|url| url.host_str().map(str::to_owned))
            .unwrap_or_default();
        Ok(Self {
            http,
            host,
            node: None,
            approvals: None,
            skipped: Arc::new(AtomicU64::new(0)),
            cursors: Arc::new(Cursors::default()),
            timelines: Arc::new(timeline::Timelines::default()),
        })
    }

    /// The same client, reading the chain's head (for its lag), transactions' logs
    /// (one batch of receipts per page, instead of a request per transaction) and
    /// nonces (for fills) from `node`.
    #[must_use]
    pub fn with_node(mut self, node: ChainReader) -> Self {
        self.node = Some(node);
        self
    }

    /// The same client, answering approvals (which Blockscout does not keep) from
    /// `finder`.
    #[must_use]
    pub fn with_approvals(mut self, finder: Arc<dyn ApprovalFinder>) -> Self {
        self.approvals = Some(finder);
        self
    }

    /// What to call this source in words: `Blockscout (teloscan.io)`.
    #[must_use]
    pub fn name(&self) -> String {
        if self.host.is_empty() {
            "Blockscout".to_owned()
        } else {
            format!("Blockscout ({})", self.host)
        }
    }

    /// How many answer rows were unreadable and skipped since this client was made.
    #[must_use]
    pub fn skipped_rows(&self) -> u64 {
        self.skipped.load(Ordering::Relaxed)
    }

    /// The node this client confirms against, when it has one.
    #[must_use]
    pub fn node(&self) -> Option<&ChainReader> {
        self.node.as_ref()
    }

    /// GETs one JSON object; `None` when Blockscout answers 404 (it knows no such thing).
    async fn object<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<Option<T>, EvmError> {
        match self.http.get_unless(path, query, &[404]).await? {
            Some(answer) => self.http.decode(&answer).map(Some),
            None => Ok(None),
        }
    }

    /// GETs one page of a list.
    async fn page(
        &self,
        path: &str,
        params: &[(&str, String)],
        cursor: Option<&Cursor>,
    ) -> Result<ListPage, EvmError> {
        let query = page_query(params, cursor);
        let query: Vec<(&str, String)> = query
            .iter()
            .map(|(key, value)| (key.as_str(), value.clone()))
            .collect();
        let answer = self.http.get_ok(path, &query).await?;
        let list: ListWire = self.http.decode(&answer)?;
        let Some(items) = list.items.into_option() else {
            return Err(EvmError::Decode {
                upstream: Upstream::Blockscout,
                path: answer.path,
                source: "the answer has no `items` list".into(),
            });
        };
        Ok(ListPage {
            items,
            next: list.next_page_params.into_option().map(|p| cursor_of(&p)),
            path: answer.path,
        })
    }

    /// Converts rows, counting (and logging) the ones that did not survive.
    fn keep<W, T>(&self, page: &ListPage, convert: impl Fn(W) -> Option<T>) -> Vec<T>
    where
        W: DeserializeOwned,
    {
        let Rows { rows, skipped } = parse_rows(&page.items, convert);
        self.count_skipped(&page.path, skipped);
        rows
    }

    fn count_skipped(&self, path: &str, skipped: usize) {
        if skipped > 0 {
            self.skipped.fetch_add(
                u64::try_from(skipped).unwrap_or(u64::MAX),
                Ordering::Relaxed,
            );
            tracing::warn!(%path, skipped, "Blockscout rows skipped as unreadable");
        }
    }

    /// Rows `skip..skip + take` of a list (counted after `keep`), walking its pages from
    /// the furthest cursor known; each item becomes zero or more rows (`convert`; `None`
    /// is an unreadable item).
    pub(crate) async fn walk<W, T>(
        &self,
        spec: &ListSpec<'_>,
        skip: u64,
        take: u64,
        convert: impl Fn(W) -> Option<Vec<T>>,
        keep: impl Fn(&T) -> Keep,
    ) -> Result<Walked<T>, EvmError>
    where
        W: DeserializeOwned,
    {
        let key = spec.key();
        let (mut seen, mut cursor) = self.cursors.start(&key, skip);
        let mut rows = Vec::new();
        for _ in 0..spec.max_pages {
            let page = self.page(&spec.path, &spec.params, cursor.as_ref()).await?;
            let mut stopped = false;
            let mut kept = Vec::new();
            for row in self.keep(&page, &convert).into_iter().flatten() {
                match keep(&row) {
                    Keep::Yes => kept.push(row),
                    Keep::No => {}
                    Keep::Stop => {
                        stopped = true;
                        break;
                    }
                }
            }
            let page_rows = kept.len() as u64;
            let mut left_over = false;
            for (at, row) in (seen..).zip(kept) {
                if at < skip {
                    continue;
                }
                if (rows.len() as u64) < take {
                    rows.push(row);
                } else {
                    left_over = true;
                }
            }
            seen += page_rows;
            let next = if stopped { None } else { page.next };
            let Some(next) = next else {
                return Ok(Walked {
                    rows,
                    more: left_over,
                });
            };
            self.cursors.put(&key, seen, &next);
            if rows.len() as u64 >= take {
                return Ok(Walked { rows, more: true });
            }
            cursor = Some(next);
        }
        Err(EvmError::Decode {
            upstream: Upstream::Blockscout,
            path: spec.path.clone(),
            source: format!("the list goes on past {} pages", spec.max_pages).into(),
        })
    }

    /// Every row of a list (up to its page bound).
    pub(crate) async fn all<W, T>(
        &self,
        spec: &ListSpec<'_>,
        convert: impl Fn(W) -> Option<Vec<T>>,
        keep: impl Fn(&T) -> Keep,
    ) -> Result<Vec<T>, EvmError>
    where
        W: DeserializeOwned,
    {
        Ok(self.walk(spec, 0, u64::MAX, convert, keep).await?.rows)
    }
}

/// Addresses go into paths in lower case.
fn path_address(address: alloy_primitives::Address) -> String {
    format!("{address:#x}")
}
