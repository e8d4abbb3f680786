//! Balances as the source reports them, cached per account for 10 s (spec §4
//! "Balances": refresh every 10000 ms); concurrent requests share one fetch. When the
//! source in use fails, the RPC fallback answers instead.
//!
//! On a network whose primary is the own index, the index answers only while it is
//! fresh and holds the account's whole history; otherwise every amount is read from the
//! chain — the token-list tokens, and those the index has seen the account hold — so
//! what chain reads can answer exactly never comes from an index that lags or still
//! fills the account.

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{Address, U256};
use tandem_domain::time::now_ms;
use tandem_evm::source::{EvmSource, SourceKind, TokenBalance};

use super::EvmNetwork;
use super::account_reads::own_index_stamp;
use super::cache::IndexStamp;
use super::coverage::IndexContext;

use crate::cache::{BoundedCache, CacheStore, Lifetimes, weigh_by_debug};
use crate::error::ServiceError;

/// Spec §9: balance refresh 10 s.
const BALANCE_TTL: Duration = Duration::from_secs(10);
/// A failed fetch is not repeated for this long.
const FAILURE_TTL: Duration = Duration::from_secs(2);

/// One account's balances and where they came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedBalances {
    /// The source that answered.
    pub source: SourceKind,
    /// Native (`token: None`) and token balances.
    pub balances: Vec<TokenBalance>,
    /// When they were fetched, milliseconds since the epoch.
    pub fetched_ms: u64,
}

weigh_by_debug!(FetchedBalances);

/// The per-account balance cache of one network.
#[derive(Debug)]
pub struct BalanceCache {
    /// Keyed by the source in use too, so a switch of sources is seen at once; balances
    /// from the own index also by its stamp, so they are reused only while the index
    /// stands where they were read (and every replica at that state answers alike).
    cache: BoundedCache<(SourceKind, Address, Option<IndexStamp>), Arc<FetchedBalances>>,
}

impl BalanceCache {
    /// The cache, kept in `store`.
    #[must_use]
    pub fn new(store: &CacheStore) -> Self {
        Self {
            cache: store.cache(
                "balances",
                Lifetimes {
                    answer: BALANCE_TTL,
                    failure: FAILURE_TTL,
                },
            ),
        }
    }

    /// The cached balances of `owner`, fetched from `network`'s source when stale;
    /// `index` is the own index's side of the answer on a network whose primary it is.
    ///
    /// # Errors
    /// When the source in use and the RPC fallback both fail.
    pub async fn get(
        &self,
        network: &EvmNetwork,
        owner: Address,
        index: Option<&IndexContext>,
    ) -> Result<Arc<FetchedBalances>, ServiceError> {
        match index {
            Some(context) => {
                let (kind, stamp) = if context.fresh && context.coverage.is_complete() {
                    (SourceKind::OwnIndex, own_index_stamp(network, index))
                } else {
                    (SourceKind::Rpc, None)
                };
                self.cache
                    .get_or_fetch((kind, owner, stamp), || async {
                        fetch_own(network, owner, kind).await.map(Arc::new)
                    })
                    .await
            }
            None => {
                let kind = network.source_kind();
                self.cache
                    .get_or_fetch((kind, owner, None), || async {
                        fetch(network, owner).await.map(Arc::new)
                    })
                    .await
            }
        }
    }
}

/// From the own index when `kind` says so (the chain when it fails), else from the chain.
async fn fetch_own(
    network: &EvmNetwork,
    owner: Address,
    kind: SourceKind,
) -> Result<FetchedBalances, ServiceError> {
    if kind == SourceKind::OwnIndex {
        match network.source().balances(owner).await {
            Ok(balances) => {
                return Ok(FetchedBalances {
                    source: SourceKind::OwnIndex,
                    balances,
                    fetched_ms: now_ms(),
                });
            }
            Err(error) => {
                tracing::warn!(network = %network.name(), %error, "balances from the chain: the own index failed");
            }
        }
    }
    let mut balances = network.rpc.balances(owner).await?;
    let seen = match network.source().balances(owner).await {
        Ok(indexed) => indexed.into_iter().filter_map(|row| row.token).collect(),
        Err(error) => {
            tracing::warn!(network = %network.name(), %error, "the own index's tokens of the account unknown");
            Vec::new()
        }
    };
    add_chain_balances(network, owner, &mut balances, seen).await;
    Ok(FetchedBalances {
        source: SourceKind::Rpc,
        balances,
        fetched_ms: now_ms(),
    })
}

async fn fetch(network: &EvmNetwork, owner: Address) -> Result<FetchedBalances, ServiceError> {
    let (kind, source) = network.selector.current();
    let mut fetched = match source.balances(owner).await {
        Ok(balances) => FetchedBalances {
            source: kind,
            balances,
            fetched_ms: now_ms(),
        },
        Err(error) if kind != SourceKind::Rpc => {
            tracing::warn!(network = %network.name(), %error, "balances from the RPC fallback");
            let balances = network.rpc.balances(owner).await?;
            FetchedBalances {
                source: SourceKind::Rpc,
                balances,
                fetched_ms: now_ms(),
            }
        }
        Err(error) => return Err(error.into()),
    };
    if fetched.source == SourceKind::TeloscanIndexer {
        complete_core_balances(network, owner, &mut fetched.balances).await;
    }
    Ok(fetched)
}

/// The indexer's balance page is limited to 50 rows and can drop TLOS or the staking
/// tokens of an account with many tokens (third-party-apis.md, "Known drift"); those
/// are read from the chain when missing.
async fn complete_core_balances(
    network: &EvmNetwork,
    owner: Address,
    balances: &mut Vec<TokenBalance>,
) {
    let has = |balances: &[TokenBalance], token: Option<Address>| {
        balances.iter().any(|b| b.token == token)
    };
    if !has(balances, None) {
        match network.reader.native_balance(owner).await {
            Ok(amount) => balances.push(row(None, amount)),
            Err(error) => tracing::warn!(%error, "native balance not read"),
        }
    }
    let core = [network.staked_token(), network.wrapped_token()];
    add_chain_balances(
        network,
        owner,
        balances,
        core.into_iter().flatten().collect(),
    )
    .await;
}

/// Reads from the chain the balances of `tokens` that `balances` lacks, adding those
/// above zero.
async fn add_chain_balances(
    network: &EvmNetwork,
    owner: Address,
    balances: &mut Vec<TokenBalance>,
    tokens: Vec<Address>,
) {
    let mut missing: Vec<Address> = tokens
        .into_iter()
        .filter(|token| !balances.iter().any(|b| b.token == Some(*token)))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if missing.is_empty() {
        return;
    }
    let pairs: Vec<(Address, Address)> = missing.iter().map(|token| (*token, owner)).collect();
    match network.reader.balances_of(&pairs).await {
        Ok(amounts) => {
            for (token, amount) in missing.into_iter().zip(amounts) {
                match amount {
                    Ok(amount) if !amount.is_zero() => balances.push(row(Some(token), amount)),
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(%token, error = %error.message, "token balance not read")
                    }
                }
            }
        }
        Err(error) => tracing::warn!(%error, "token balances not read"),
    }
}

fn row(token: Option<Address>, amount: U256) -> TokenBalance {
    TokenBalance {
        token,
        amount,
        contract: None,
        updated_ms: None,
    }
}
