//! Per-network EVM state, built once at start (docs/architecture.md):
//! the configured primary source (`data_source`: Blockscout by default on telos-evm /
//! telos-evm-testnet, Teloscan where configured, the own index — `own_index` — on the
//! devnet or where configured, plain RPC reads) and the RPC fallback chosen by health, chain reads, the contract
//! resolver, the token list, prices and the balance cache. On a network whose primary
//! is the own index, account lists keep coming from it while it lags (with its lag and
//! the account's coverage in each answer, `coverage`); balances then come from the chain.
//!
//! Nothing here waits for an upstream at start: the selector starts on the RPC fallback
//! until its first health check, the token list loads in the background with retries,
//! and an own index follows the chain in a background task that stops with the
//! server. Handlers reach a network through the `EvmNet` extractor (`api/extract.rs`).

pub mod account_reads;
pub mod approval_check;
pub mod approvals;
mod balances;
pub mod cache;
pub mod calls;
pub mod coverage;
pub mod data_source;
pub mod dealings;
pub mod export;
pub mod history;
pub mod nfts;
pub mod own_index;
pub mod portfolio;
pub mod prepare;
mod setup;
mod sheet;
pub mod staking;
mod token_list;
pub mod transaction;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use alloy_primitives::Address;
use tandem_domain::network::{ChainSettings, NetworkName};
use tandem_domain::nft::IpfsGateway;
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::hyperion_evm::HyperionEvmClient;
use tandem_evm::lookup::{ContractLookup, ContractResolver};
use tandem_evm::reads::ChainReader;
use tandem_evm::selector::{HealthSnapshot, PollingHandle, SelectorConfig, SourceSelector};
use tandem_evm::source::{EvmSource, SourceKind, SwitchableSource};
use tandem_evm::teloscan::TeloscanClient;
use tandem_evm::tokenlist::TokenList;
use tandem_fetch::LocalAllowance;
use tandem_indexer::IndexerStatus;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use crate::prices::{PriceQuote, PriceService, PriceSource, PricedToken};
pub use balances::{BalanceCache, FetchedBalances};
pub use sheet::{BalanceSheet, NATIVE_MARKER, SheetRow};

use crate::apy::StakingApy;
use account_reads::AccountReadCaches;
use data_source::{Primary, SourceSettings};
use own_index::OwnIndex;

use crate::cache::{BoundedCache, CacheStore, weigh_inline};
use crate::error::ServiceError;
use crate::media::MediaLinks;
use token_list::TokenListSlot;

/// Facts of the devnet manifest beyond its chain settings (additive manifest fields).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DevnetExtras {
    /// First block worth indexing.
    pub start_block: u64,
    /// The recorded price aggregator the devnet serves (`priceAggregatorUrl`).
    pub price_aggregator_url: Option<String>,
    /// The recorded Teloscan-style market data the devnet serves (`marketDataUrl`).
    pub market_data_url: Option<String>,
    /// The devnet's assets server (`assetsUrl`: token list, NFT metadata and media), on
    /// loopback: the one local address fetches on a chain's say-so may reach, and only
    /// on the devnet (`tandem_fetch::LocalAllowance`).
    pub assets_url: Option<String>,
}

impl DevnetExtras {
    /// What fetches on a chain's say-so may reach locally: the assets server, exactly.
    #[must_use]
    pub fn fetch_allowance(&self) -> LocalAllowance {
        LocalAllowance::devnet_origins(self.assets_url.as_deref())
    }
}

/// How the EVM state is built.
#[derive(Debug, Clone, Default)]
pub struct EvmOptions {
    /// Where the built-in index keeps its stores (`<data_dir>/index/<network>.sqlite`).
    /// `None`: no built-in index; the devnet is then read over RPC only.
    pub data_dir: Option<PathBuf>,
    /// Price aggregator base URL (CoinGecko-style) for the public networks.
    pub price_aggregator_url: Option<String>,
    /// The devnet manifest's extra facts, when the devnet is served.
    pub devnet: Option<DevnetExtras>,
    /// How often the primary source's health is checked.
    pub selector: SelectorConfig,
    /// Per network: the configured primary source and own index (`[networks.<name>]`).
    pub sources: BTreeMap<NetworkName, SourceSettings>,
    /// The store every cache of the networks keeps its entries in (one byte budget).
    pub cache: CacheStore,
    /// How media links in answers are rewritten (the media proxy); default: unchanged.
    pub media: MediaLinks,
}

/// The EVM state of one served network.
#[derive(Debug)]
pub struct EvmNetwork {
    settings: ChainSettings,
    chain_id: u64,
    primary: Primary,
    selector: Arc<SourceSelector>,
    rpc: Arc<SwitchableSource>,
    reader: ChainReader,
    resolver: ContractResolver,
    token_list: Arc<TokenListSlot>,
    prices: PriceService,
    balances: BalanceCache,
    teloscan: Option<TeloscanClient>,
    blockscout: Option<BlockscoutClient>,
    history_service: Option<HyperionEvmClient>,
    own_index: Option<Arc<OwnIndex>>,
    /// Accounts' coverage by the own index, read once for the requests of a moment.
    coverage: BoundedCache<Address, tandem_indexer::fill::AccountCoverage>,
    chain_data: BoundedCache<(), ChainData>,
    gateway: IpfsGateway,
    account_reads: AccountReadCaches,
    apy: StakingApy,
    staking_yield: crate::staking_yield::YieldCache,
    media: MediaLinks,
}

/// The chain's head and gas price (spec §3 "Chain entry").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainData {
    /// The newest block number.
    pub block_number: u64,
    /// The node's gas price, in wei.
    pub gas_price: u128,
}

weigh_inline!(ChainData);

/// Spec §4 "Chain data refresh": skipped when updated less than 10 s ago.
const CHAIN_DATA_TTL: std::time::Duration = std::time::Duration::from_secs(10);
/// A failed chain read is not repeated for this long.
const CHAIN_DATA_FAILURE_TTL: std::time::Duration = std::time::Duration::from_secs(2);

impl EvmNetwork {
    /// `link` (an NFT's media, a token's logo) as the browser should load it: through the
    /// media proxy when it is on.
    #[must_use]
    pub fn media_link(&self, link: &str) -> String {
        self.media.link(link)
    }
}

impl EvmNetwork {
    /// The network's chain settings.
    #[must_use]
    pub fn settings(&self) -> &ChainSettings {
        &self.settings
    }

    /// The network's name.
    #[must_use]
    pub fn name(&self) -> NetworkName {
        self.settings.name
    }

    /// The EVM chain id.
    #[must_use]
    pub fn chain_id(&self) -> u64 {
        self.chain_id
    }

    /// The data source of account lists and records: the own index on a network whose
    /// primary it is (with its lag shown, even while it lags), else the primary while it
    /// is healthy and the RPC fallback meanwhile.
    #[must_use]
    pub fn source(&self) -> Arc<dyn EvmSource> {
        match &self.own_index {
            Some(index) => index.source(),
            None => self.selector.source(),
        }
    }

    /// The configured (or default) primary source.
    #[must_use]
    pub fn primary(&self) -> Primary {
        self.primary
    }

    /// Which source answers what plain chain reads can answer too (balances, contract
    /// facts): the primary while healthy, else the RPC fallback.
    #[must_use]
    pub fn source_kind(&self) -> SourceKind {
        self.selector.current().0
    }

    /// Plain RPC reads behind the [`EvmSource`] interface (the fallback), for callers
    /// that must not depend on an index.
    #[must_use]
    pub fn rpc_source(&self) -> Arc<dyn EvmSource> {
        Arc::clone(&self.rpc) as Arc<dyn EvmSource>
    }

    /// How often the source in use changed since start.
    #[must_use]
    pub fn source_switches(&self) -> u64 {
        self.selector.switches()
    }

    /// What the last health check of the primary found.
    #[must_use]
    pub fn health(&self) -> HealthSnapshot {
        self.selector.snapshot()
    }

    /// Checks the primary's health now (also done every few seconds in the background).
    pub async fn check_sources_now(&self) -> HealthSnapshot {
        self.selector.check_now().await
    }

    /// Typed chain reads (ERC-20/721/1155, staking, escrow, blocks, gas).
    #[must_use]
    pub fn reader(&self) -> &ChainReader {
        &self.reader
    }

    /// Contract lookup in the spec's order.
    #[must_use]
    pub fn resolver(&self) -> &ContractResolver {
        &self.resolver
    }

    /// What is known of the contract at `address`, looked up in the spec's order.
    pub async fn lookup_contract(&self, address: Address) -> ContractLookup {
        self.resolver.resolve(address, None).await
    }

    /// The token list, once loaded (it loads in the background).
    #[must_use]
    pub fn token_list(&self) -> Option<Arc<TokenList>> {
        self.token_list.get()
    }

    /// Prices of the network's tokens.
    #[must_use]
    pub fn prices(&self) -> &PriceService {
        &self.prices
    }

    /// The Teloscan client, on networks whose primary it is.
    #[must_use]
    pub fn teloscan(&self) -> Option<&TeloscanClient> {
        self.teloscan.as_ref()
    }

    /// The Blockscout client, on networks whose primary it is or whose own index fills
    /// accounts from it.
    #[must_use]
    pub fn blockscout(&self) -> Option<&BlockscoutClient> {
        self.blockscout.as_ref()
    }

    /// What to call a source of this network in words: `Blockscout (teloscan.io)`,
    /// `Teloscan (api.teloscan.io)`, `Own index`, `Network node (rpc.telos.net)` (a user reads these).
    #[must_use]
    pub fn source_name(&self, kind: SourceKind) -> String {
        let host = |url: &str| {
            url::Url::parse(url)
                .ok()
                .and_then(|url| url.host_str().map(str::to_owned))
        };
        let named = |word: &str, url: Option<&str>| match url.and_then(host) {
            Some(host) => format!("{word} ({host})"),
            None => word.to_owned(),
        };
        match kind {
            SourceKind::Blockscout => self
                .blockscout
                .as_ref()
                .map_or_else(|| "Blockscout".to_owned(), BlockscoutClient::name),
            SourceKind::TeloscanIndexer => {
                named("Teloscan", self.settings.indexer_endpoint.as_deref())
            }
            SourceKind::OwnIndex => "Own index".to_owned(),
            SourceKind::Rpc => named("Network node", Some(&self.settings.rpc_endpoint.url())),
        }
    }

    /// The history service's EVM routes, on networks that have one.
    #[must_use]
    pub fn history_service(&self) -> Option<&HyperionEvmClient> {
        self.history_service.as_ref()
    }

    /// The own index's progress, on networks whose primary it is.
    #[must_use]
    pub fn indexer_status(&self) -> Option<IndexerStatus> {
        self.own_index.as_ref().map(|index| index.status())
    }

    /// The own index's account fills since start and running now.
    #[must_use]
    pub fn fill_counts(&self) -> Option<tandem_indexer::fill::FillCounts> {
        self.own_index.as_ref().map(|index| index.fill_counts())
    }

    /// The gateway `ipfs://` links (NFT metadata and media) are shown through.
    #[must_use]
    pub fn ipfs_gateway(&self) -> &IpfsGateway {
        &self.gateway
    }

    /// The caches of the account reads (history pages, NFT transfers, NFT records).
    #[must_use]
    pub fn account_caches(&self) -> &AccountReadCaches {
        &self.account_reads
    }

    /// The block number and gas price, refreshed at most every 10 s.
    ///
    /// # Errors
    /// When the node does not answer.
    pub async fn chain_data(&self) -> Result<ChainData, ServiceError> {
        self.chain_data
            .get_or_fetch((), || async {
                let (block_number, gas_price) =
                    tokio::try_join!(self.reader.block_number(), self.reader.gas_price())?;
                Ok(ChainData {
                    block_number,
                    gas_price,
                })
            })
            .await
    }

    /// The staked token (STLOS) contract.
    #[must_use]
    pub fn staked_token(&self) -> Option<Address> {
        token_address(self.settings.staked_token.as_ref())
    }

    /// The wrapped token (WTLOS) contract.
    #[must_use]
    pub fn wrapped_token(&self) -> Option<Address> {
        token_address(self.settings.wrapped_token.as_ref())
    }

    /// The unstake escrow contract.
    #[must_use]
    pub fn escrow(&self) -> Option<Address> {
        self.settings
            .escrow_address
            .as_deref()
            .and_then(|text| text.parse().ok())
    }

    /// The balances of `owner` as the source reports them, refreshed at most every
    /// 10 s per account; concurrent requests share one fetch.
    ///
    /// # Errors
    /// When neither the source in use nor the RPC fallback can answer.
    pub async fn raw_balances(
        &self,
        owner: Address,
        index: Option<&coverage::IndexContext>,
    ) -> Result<Arc<FetchedBalances>, ServiceError> {
        self.balances.get(self, owner, index).await
    }
}

fn token_address(token: Option<&tandem_domain::network::TokenSettings>) -> Option<Address> {
    token
        .and_then(|token| token.contract.as_deref())
        .and_then(|text| text.parse().ok())
}

/// The EVM state of every served EVM network, and the background work that keeps it
/// current (stopped by [`EvmNetworks::stop`] or when dropped).
#[derive(Debug)]
pub struct EvmNetworks {
    networks: BTreeMap<NetworkName, Arc<EvmNetwork>>,
    stop: watch::Sender<bool>,
    /// The sources' health checks; dropping a handle stops its polling.
    _polling: Vec<PollingHandle>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl EvmNetworks {
    /// Builds the state of the EVM networks among `networks` and, inside a Tokio
    /// runtime, starts their background work. A network whose settings cannot make
    /// clients is left out and logged.
    #[must_use]
    pub fn new(networks: &[ChainSettings], options: &EvmOptions) -> Self {
        let (stop, _) = watch::channel(false);
        let built = setup::build_all(networks, options, &stop);
        let runtime = tokio::runtime::Handle::try_current().ok();
        if runtime.is_none() && !built.jobs.is_empty() {
            tracing::warn!(
                "no async runtime: EVM background work (health checks, token lists, indexing) not started"
            );
        }
        let (polling, tasks) = match runtime {
            Some(runtime) => (
                built
                    .networks
                    .values()
                    .map(|network| network.selector.spawn_polling())
                    .collect(),
                built
                    .jobs
                    .into_iter()
                    .map(|job| runtime.spawn(job))
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Self {
            networks: built
                .networks
                .into_iter()
                .map(|(name, network)| (name, Arc::new(network)))
                .collect(),
            stop,
            _polling: polling,
            tasks: Mutex::new(tasks),
        }
    }

    /// The served EVM network named `name`; `None` for an unknown, native or unserved one.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Arc<EvmNetwork>> {
        let name: NetworkName = name.parse().ok()?;
        self.networks.get(&name)
    }

    /// Every served EVM network, in name order.
    pub fn iter(&self) -> impl Iterator<Item = &EvmNetwork> {
        self.networks.values().map(AsRef::as_ref)
    }

    /// Asks the background work to stop (the indexer finishes its batch first).
    pub fn stop(&self) {
        self.stop.send_replace(true);
    }

    /// Stops the background work and waits until it has ended.
    pub async fn shut_down(&self) {
        self.stop();
        let tasks = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(PoisonError::into_inner));
        for task in tasks {
            match task.await {
                Err(error) if !error.is_cancelled() => {
                    tracing::error!(%error, "EVM background task failed");
                }
                _ => {}
            }
        }
    }
}

impl Drop for EvmNetworks {
    fn drop(&mut self) {
        self.stop();
        for task in self
            .tasks
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            task.abort();
        }
    }
}
