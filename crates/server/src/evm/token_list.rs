//! The network's token list, loaded in the background: the server starts without it
//! (no upstream may block start-up), retries with a growing pause until it loads, then
//! refreshes it now and then. Until then the list is simply empty.

use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use alloy_primitives::Address;
use async_trait::async_trait;
use tandem_domain::nft::IpfsGateway;
use tandem_evm::EvmError;
use tandem_evm::lookup::{ContractFacts, ContractFactsSource, LookupStep};
use tandem_evm::tokenlist::TokenList;

/// First pause after a failed load; doubled after each failure.
const FIRST_RETRY: Duration = Duration::from_secs(2);
/// Pause after a failure that asking again soon would not mend (a 404, an unreadable
/// list).
const SLOW_RETRY: Duration = Duration::from_secs(60);
/// Longest pause between attempts.
const MAX_RETRY: Duration = Duration::from_secs(300);
/// How often a loaded list is fetched again.
const REFRESH: Duration = Duration::from_secs(3600);

/// The current token list of one network (empty until loaded).
#[derive(Debug, Default)]
pub struct TokenListSlot {
    list: RwLock<Option<Arc<TokenList>>>,
}

impl TokenListSlot {
    /// The list, once loaded.
    #[must_use]
    pub fn get(&self) -> Option<Arc<TokenList>> {
        self.list
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Puts a freshly loaded list in place.
    pub fn set(&self, list: TokenList) {
        *self.list.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(list));
    }
}

#[async_trait]
impl ContractFactsSource for TokenListSlot {
    fn step(&self) -> LookupStep {
        LookupStep::TokenList
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        match self.get() {
            Some(list) => list.contract_facts(address).await,
            None => Ok(None),
        }
    }
}

/// Where and how to load one network's list.
#[derive(Debug, Clone)]
pub struct TokenListSource {
    /// HTTP client shared with the other upstream clients.
    pub client: reqwest::Client,
    /// The list's URL.
    pub url: String,
    /// Entries of other chains are left out.
    pub chain_id: u64,
    /// Gateway for `ipfs://` logos.
    pub gateway: IpfsGateway,
}

impl TokenListSource {
    /// Loads the list into `slot` until it succeeds, then refreshes it every hour;
    /// `on_loaded` runs after each successful load. Runs until the task is dropped.
    pub async fn keep_loaded(self, slot: Arc<TokenListSlot>, on_loaded: impl Fn(&TokenList)) {
        let mut pause = FIRST_RETRY;
        loop {
            match TokenList::fetch(self.client.clone(), &self.url, self.chain_id, &self.gateway)
                .await
            {
                Ok(list) => {
                    tracing::info!(tokens = list.tokens().len(), "token list loaded");
                    on_loaded(&list);
                    slot.set(list);
                    pause = FIRST_RETRY;
                    tokio::time::sleep(REFRESH).await;
                }
                Err(error) => {
                    // A list that is missing or unreadable stays so for a while: ask
                    // again at a slow pace rather than every few seconds.
                    if !error.retryable() {
                        pause = pause.max(SLOW_RETRY);
                    }
                    tracing::warn!(%error, retry_in = ?pause, "token list not loaded");
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(MAX_RETRY);
                }
            }
        }
    }
}
