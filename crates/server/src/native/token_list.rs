//! A native network's token list (spec §7 "fetched per network on native"): the Telos
//! token-list repository's `tokens.{network}.json`, an array of `{name, symbol, account,
//! precision, logo}`. It names tokens and gives their logos; a token is identified by its
//! contract *and* symbol, so a look-alike symbol on another contract is not listed. Read
//! at most once an hour; while it cannot be read, tokens show by symbol only.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tandem_antelope::http::Service;
use tandem_domain::nft::{IpfsGateway, PUBLIC_IPFS_GATEWAY};

use crate::cache::{BoundedCache, CacheStore, Lifetimes};
use crate::error::ServiceError;

/// The list changes rarely; a failed read is tried again after a minute.
const LIST_LIFETIMES: Lifetimes = Lifetimes {
    answer: Duration::from_secs(3600),
    failure: Duration::from_secs(60),
};

/// What the list says of one token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedToken {
    /// Display name.
    pub name: String,
    /// Logo URL (`ipfs://` rewritten to a gateway).
    pub logo: Option<String>,
}

crate::cache::weigh_by_debug!(ListedToken);

/// Listed tokens by `(contract, symbol)`.
pub type TokenListMap = HashMap<(String, String), ListedToken>;

#[derive(Debug, Deserialize)]
struct Entry {
    #[serde(default)]
    name: Option<String>,
    symbol: String,
    account: String,
    #[serde(default)]
    logo: Option<String>,
}

/// The token list of one native network.
#[derive(Debug)]
pub struct NativeTokenList {
    service: Option<Service>,
    cache: BoundedCache<(), Arc<TokenListMap>>,
    gateway: Option<IpfsGateway>,
}

impl NativeTokenList {
    /// The list at `url` (none: no list), cached in `store`.
    #[must_use]
    pub fn new(url: Option<&str>, http: &reqwest::Client, store: &CacheStore) -> Self {
        let service = url.and_then(|url| match Service::new("token_list", url, http.clone()) {
            Ok(service) => Some(service),
            Err(error) => {
                tracing::warn!(%error, "native token list not read");
                None
            }
        });
        Self {
            service,
            cache: store.cache("native_token_list", LIST_LIFETIMES),
            gateway: IpfsGateway::new(PUBLIC_IPFS_GATEWAY).ok(),
        }
    }

    /// The listed tokens; `None` when the network has no list or it cannot be read now.
    pub async fn tokens(&self) -> Option<Arc<TokenListMap>> {
        let service = self.service.as_ref()?;
        self.cache
            .get_or_fetch((), || async {
                let entries: Vec<serde_json::Value> =
                    service.get("", &[]).await.map_err(ServiceError::from)?;
                Ok(Arc::new(self.parse(entries)))
            })
            .await
            .inspect_err(|error| tracing::warn!(%error, "native token list unavailable"))
            .ok()
    }

    /// The entries that read as tokens; one malformed entry does not spoil the list.
    fn parse(&self, entries: Vec<serde_json::Value>) -> TokenListMap {
        entries
            .into_iter()
            .filter_map(|value| serde_json::from_value::<Entry>(value).ok())
            .map(|entry| {
                let logo =
                    entry
                        .logo
                        .filter(|logo| !logo.trim().is_empty())
                        .map(|logo| match &self.gateway {
                            Some(gateway) => gateway.rewrite(&logo),
                            None => logo,
                        });
                let key = (entry.account, entry.symbol.to_ascii_uppercase());
                let name = entry.name.unwrap_or_else(|| key.1.clone());
                (key, ListedToken { name, logo })
            })
            .collect()
    }
}
