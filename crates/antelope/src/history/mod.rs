//! The Hyperion v2 history client (`v2/history/*`, `v2/state/*`), GET with query
//! parameters as the public services expect, at most [`MAX_IN_FLIGHT`] requests at a
//! time per service (spec §7), like the EVM side's indexer and history clients.

pub mod types;

use std::sync::Arc;

use serde::de::DeserializeOwned;
use tandem_domain::antelope::Name;
use tokio::sync::Semaphore;

use crate::error::AntelopeError;
use crate::http::Service;
use crate::keys::PublicKey;
use types::{
    ActionsPage, Creator, DeltasPage, HistoryTransaction, KeyAccounts, Links, Proposals,
    StateAccount, Tokens,
};

/// Newest or oldest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Newest first (the default).
    #[default]
    Desc,
    /// Oldest first.
    Asc,
}

/// A `get_actions` request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActionsQuery {
    /// The account (notified or authoriser).
    pub account: Option<Name>,
    /// Page size (Hyperion's default is 10).
    pub limit: Option<u32>,
    /// Actions to skip.
    pub skip: Option<u32>,
    /// Order.
    pub sort: Sort,
    /// `code:name` filters, comma-separated, `*` wildcards.
    pub filter: Option<String>,
    /// Only actions with this name.
    pub act_name: Option<Name>,
    /// From this ISO time or block number.
    pub after: Option<String>,
    /// Up to this ISO time or block number.
    pub before: Option<String>,
    /// Only actions of this block.
    pub block_num: Option<u32>,
    /// Only actions this account was notified of.
    pub notified: Option<Name>,
}

impl ActionsQuery {
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        let mut push = |key: &'static str, value: Option<String>| {
            if let Some(value) = value {
                pairs.push((key, value));
            }
        };
        push("account", self.account.map(|name| name.to_string()));
        push("limit", self.limit.map(|n| n.to_string()));
        push("skip", self.skip.map(|n| n.to_string()));
        push("filter", self.filter.clone());
        push("act.name", self.act_name.map(|name| name.to_string()));
        push("after", self.after.clone());
        push("before", self.before.clone());
        push("block_num", self.block_num.map(|n| n.to_string()));
        push("notified", self.notified.map(|name| name.to_string()));
        let sort = match self.sort {
            Sort::Desc => "desc",
            Sort::Asc => "asc",
        };
        pairs.push(("sort", sort.to_owned()));
        pairs
    }
}

/// A `get_proposals` request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProposalsQuery {
    /// Proposed by.
    pub proposer: Option<Name>,
    /// Proposal name.
    pub proposal: Option<Name>,
    /// Awaiting this account's approval.
    pub requested: Option<Name>,
    /// Approved by this account.
    pub provided: Option<Name>,
    /// Executed or not.
    pub executed: Option<bool>,
    /// Page size.
    pub limit: Option<u32>,
    /// Proposals to skip.
    pub skip: Option<u32>,
}

/// A `get_deltas` request: one contract table's row changes, newest first by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeltasQuery {
    /// The contract.
    pub code: Name,
    /// The table's scope.
    pub scope: Name,
    /// The table.
    pub table: Name,
    /// Only changes up to this ISO time or block number.
    pub before: Option<String>,
    /// Only changes after this ISO time or block number.
    pub after: Option<String>,
    /// Page size.
    pub limit: u32,
    /// Order (by block number).
    pub sort: Sort,
}

impl DeltasQuery {
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![
            ("code", self.code.to_string()),
            ("scope", self.scope.to_string()),
            ("table", self.table.to_string()),
            ("limit", self.limit.to_string()),
            (
                "sort",
                match self.sort {
                    Sort::Desc => "desc",
                    Sort::Asc => "asc",
                }
                .to_owned(),
            ),
        ];
        if let Some(before) = &self.before {
            pairs.push(("before", before.clone()));
        }
        if let Some(after) = &self.after {
            pairs.push(("after", after.clone()));
        }
        pairs
    }
}

/// Spec §7: requests to the history service are throttled to at most 5 in flight.
pub const MAX_IN_FLIGHT: usize = 5;

/// Of those, bulk reads (history exports, page after page) hold at most this many, all
/// exports together: the other slots stay for people reading their history.
pub const MAX_BULK_IN_FLIGHT: usize = 2;

/// The history service of one network; its clones share the in-flight limits.
#[derive(Debug, Clone)]
pub struct HistoryClient {
    service: Service,
    in_flight: Arc<Semaphore>,
    bulk: Arc<Semaphore>,
}

impl HistoryClient {
    /// A client for the service at `base` (e.g. `https://mainnet.telos.net`).
    ///
    /// # Errors
    /// [`AntelopeError::InvalidUrl`].
    pub fn new(base: &str, client: reqwest::Client) -> Result<Self, AntelopeError> {
        Ok(Self {
            service: Service::new("hyperion", base, client)?,
            in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            bulk: Arc::new(Semaphore::new(MAX_BULK_IN_FLIGHT)),
        })
    }

    /// Waits for one of the [`MAX_IN_FLIGHT`] slots (released when the answer is read).
    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, AntelopeError> {
        // The semaphore is never closed, so a slot always comes.
        let _slot = self.in_flight.acquire().await.ok();
        self.service.get(path, query).await
    }

    /// `v2/history/get_actions`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_actions(&self, query: &ActionsQuery) -> Result<ActionsPage, AntelopeError> {
        self.get("v2/history/get_actions", &query.to_pairs()).await
    }

    /// `v2/history/get_deltas`: the changes of one contract table's rows as the history
    /// service recorded them (a row's state at a past time is its newest change before it).
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_deltas(&self, query: &DeltasQuery) -> Result<DeltasPage, AntelopeError> {
        self.get("v2/history/get_deltas", &query.to_pairs()).await
    }

    /// `v2/history/get_actions` for bulk work (an export): in the bulk lane, so exports
    /// never hold more than [`MAX_BULK_IN_FLIGHT`] of the slots interactive reads use.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_actions_in_bulk(
        &self,
        query: &ActionsQuery,
    ) -> Result<ActionsPage, AntelopeError> {
        // Never closed, so a place in the lane always comes.
        let _lane = self.bulk.acquire().await.ok();
        self.get_actions(query).await
    }

    /// Accounts `account` created (`newaccount` actions it authorised), up to 100.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_children(&self, account: Name) -> Result<Vec<String>, AntelopeError> {
        let query = ActionsQuery {
            account: Some(account),
            limit: Some(100),
            filter: Some("eosio:newaccount".to_owned()),
            ..ActionsQuery::default()
        };
        let page = self.get_actions(&query).await?;
        let creator = account.to_string();
        Ok(page
            .actions
            .iter()
            .filter(|action| {
                action.act.data.get("creator").and_then(|c| c.as_str()) == Some(&creator)
            })
            .filter_map(|action| {
                let data = &action.act.data;
                data.get("newact")
                    .or_else(|| data.get("name"))
                    .and_then(|name| name.as_str())
                    .map(str::to_owned)
            })
            .collect())
    }

    /// `v2/history/get_creator`; `None` when the service knows no creator (HTTP 404).
    ///
    /// # Errors
    /// Any other [`AntelopeError`] of the call.
    pub async fn get_creator(&self, account: Name) -> Result<Option<Creator>, AntelopeError> {
        let answer = self
            .get(
                "v2/history/get_creator",
                &[("account", account.to_string())],
            )
            .await;
        match answer {
            Err(error) if error.http_status() == Some(404) => Ok(None),
            other => other.map(Some),
        }
    }

    /// `v2/history/get_transaction`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_transaction(&self, id: &str) -> Result<HistoryTransaction, AntelopeError> {
        self.get("v2/history/get_transaction", &[("id", id.to_owned())])
            .await
    }

    /// `v2/state/get_tokens`: which tokens the account holds (not how much).
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_tokens(&self, account: Name) -> Result<Tokens, AntelopeError> {
        self.get("v2/state/get_tokens", &[("account", account.to_string())])
            .await
    }

    /// `v2/state/get_account`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_account(&self, account: Name) -> Result<StateAccount, AntelopeError> {
        self.get("v2/state/get_account", &[("account", account.to_string())])
            .await
    }

    /// `v2/state/get_links`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_links(&self, account: Name) -> Result<Links, AntelopeError> {
        self.get("v2/state/get_links", &[("account", account.to_string())])
            .await
    }

    /// `v2/state/get_key_accounts`, asked in the legacy `EOS…` form for K1 keys, which
    /// every deployment indexes.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_key_accounts(&self, key: &PublicKey) -> Result<KeyAccounts, AntelopeError> {
        self.get(
            "v2/state/get_key_accounts",
            &[("public_key", key.to_legacy_string())],
        )
        .await
    }

    /// `v2/state/get_proposals`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_proposals(&self, query: &ProposalsQuery) -> Result<Proposals, AntelopeError> {
        let mut pairs = Vec::new();
        let names = [
            ("proposer", query.proposer),
            ("proposal", query.proposal),
            ("requested", query.requested),
            ("provided", query.provided),
        ];
        for (key, value) in names {
            if let Some(value) = value {
                pairs.push((key, value.to_string()));
            }
        }
        if let Some(executed) = query.executed {
            pairs.push(("executed", executed.to_string()));
        }
        if let Some(limit) = query.limit {
            pairs.push(("limit", limit.to_string()));
        }
        if let Some(skip) = query.skip {
            pairs.push(("skip", skip.to_string()));
        }
        self.get("v2/state/get_proposals", &pairs).await
    }
}
