//! Per-network native (Antelope) state, built once at start: each served network's chain,
//! history-service and fee-sponsor clients, the reads and the transaction flows over
//! them (balances priced by the shared price service and named by the network's token
//! list), the dapp list, and the devnet manifest they may come from.

mod account;
mod balances;
pub mod dapps;
mod evm_link;
pub mod evm_move;
pub mod export;
pub mod manifest;
pub mod memo_required;
pub mod phishing;
pub mod producer_info;
pub mod producers;
mod rex_yield;
mod stake;
pub mod token_list;
mod transactions;

use std::collections::BTreeMap;
use std::sync::Arc;

use tandem_antelope::history::HistoryClient;
use tandem_antelope::http::Service;
use tandem_antelope::sponsor::SponsorClient;
use tandem_antelope::{AntelopeError, ChainClient};
use tandem_domain::antelope::{Name, Symbol};
use tandem_domain::network::{ChainSettings, NetworkKind, NetworkName};
use tandem_domain::sponsor::SponsorConfig;

pub use self::account::{AccountResources, RexFacts};
pub use self::balances::{TokenBalance, TokenBalances};
use self::dapps::DappCatalogue;
use self::memo_required::{MemoAccount, MemoRequired};
use self::phishing::PhishingDomains;
use self::producer_info::ProducerInfos;
use self::producers::ProducerList;
pub use self::stake::{Delegation, Delegations, RamQuote, RamTrade};
use self::token_list::NativeTokenList;
use crate::apy::{Apy, ApyKind, StakingApy};
use crate::cache::{BoundedCache, CacheStore};
use crate::media::MediaLinks;
use crate::prices::{AggregatorClient, PriceService};

/// The clients of one served native network.
#[derive(Debug, Clone)]
pub struct NativeNetwork {
    /// Its settings.
    pub settings: ChainSettings,
    /// The system token (`4,TLOS`).
    pub system_symbol: Symbol,
    /// The system token contract.
    pub token_contract: Name,
    chain: ChainClient,
    history: Option<HistoryClient>,
    sponsor: Option<SponsorClient>,
    dapps: Arc<DappCatalogue>,
    lists: SafetyLists,
    prices: Arc<PriceService>,
    token_list: Arc<NativeTokenList>,
    rex_apy: Arc<StakingApy>,
    rex_yield: Arc<crate::staking_yield::YieldCache>,
    producers: Arc<BoundedCache<(), Arc<ProducerList>>>,
    producer_infos: Arc<BoundedCache<(), Arc<ProducerInfos>>>,
    info_client: Option<tandem_fetch::OutboundClient>,
    media: MediaLinks,
}

/// What the native networks share with the EVM ones: the cache store, and the price
/// aggregator (the public one, and the devnet's recorded one for the native devnet).
#[derive(Debug, Clone, Default)]
pub struct NativeOptions {
    /// The one cache store.
    pub cache: CacheStore,
    /// Price aggregator base URL for the public networks.
    pub price_aggregator_url: Option<String>,
    /// The devnets' recorded price aggregator.
    pub devnet_price_aggregator_url: Option<String>,
    /// How token logos in answers are rewritten (the media proxy).
    pub media: MediaLinks,
    /// The accounts that need a memo and the phishing domains.
    pub lists: SafetyLists,
}

/// The lists the scam checks read (issue 37), shipped defaults plus the operator's files,
/// shared by every native network.
#[derive(Debug, Clone, Default)]
pub struct SafetyLists {
    /// Accounts that need a memo on every deposit (exchanges).
    pub memo_required: Arc<MemoRequired>,
    /// Phishing domains the dapp links are judged by.
    pub phishing: Arc<PhishingDomains>,
}

/// The clients of every served native network, built once at start.
#[derive(Debug, Clone, Default)]
pub struct NativeNetworks {
    networks: BTreeMap<NetworkName, Arc<NativeNetwork>>,
}

impl NativeNetworks {
    /// Clients for the native networks among `networks`; a network whose settings do not
    /// make valid clients is left out (and logged).
    #[must_use]
    pub fn new(networks: &[ChainSettings], options: &NativeOptions) -> Self {
        let http = Service::default_client();
        let dapps = Arc::new(DappCatalogue::embedded());
        let mut clients = BTreeMap::new();
        for settings in networks.iter().filter(|s| s.kind == NetworkKind::Native) {
            match NativeNetwork::new(settings, &http, Arc::clone(&dapps), options) {
                Ok(network) => {
                    clients.insert(settings.name, Arc::new(network));
                }
                Err(error) => {
                    tracing::warn!(network = %settings.name, %error, "native network not served");
                }
            }
        }
        Self { networks: clients }
    }

    /// The served native network named `name` (`None` for an unknown, EVM or unserved one).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Arc<NativeNetwork>> {
        let name: NetworkName = name.parse().ok()?;
        self.networks.get(&name)
    }
}

impl NativeNetwork {
    /// A token's logo as the browser should load it: through the media proxy when it is on.
    #[must_use]
    pub fn media_link(&self, link: &str) -> String {
        self.media.link(link)
    }
}

impl NativeNetwork {
    fn new(
        settings: &ChainSettings,
        http: &reqwest::Client,
        dapps: Arc<DappCatalogue>,
        options: &NativeOptions,
    ) -> Result<Self, AntelopeError> {
        let token = &settings.system_token;
        let system_symbol: Symbol = format!("{},{}", token.decimals, token.symbol).parse()?;
        let token_contract: Name = token.contract.as_deref().unwrap_or("eosio.token").parse()?;
        let history = settings
            .history_endpoint
            .as_deref()
            .map(|url| HistoryClient::new(url, http.clone()))
            .transpose()?;
        let sponsor = settings
            .fuel_rpc
            .as_deref()
            .map(|url| {
                SponsorClient::new(
                    url,
                    http.clone(),
                    SponsorConfig::public_sponsor(system_symbol),
                )
            })
            .transpose()?;
        let aggregator_url = if settings.is_devnet {
            options.devnet_price_aggregator_url.as_deref()
        } else {
            options.price_aggregator_url.as_deref()
        };
        let aggregator = aggregator_url.and_then(|url| {
            AggregatorClient::new(http.clone(), url)
                .inspect_err(
                    |error| tracing::warn!(network = %settings.name, %error, "no price aggregator"),
                )
                .ok()
        });
        let prices = PriceService::new(&options.cache, &token.symbol, None, None, aggregator);
        // The APY is decoration: without its short-timeout client it is read with the shared one.
        let product_api = crate::apy::http_client().unwrap_or_else(|_| http.clone());
        Ok(Self {
            media: options.media.clone(),
            rex_apy: Arc::new(StakingApy::new(
                &options.cache,
                product_api,
                settings.api_endpoint.as_deref(),
                ApyKind::Native,
            )),
            rex_yield: Arc::new(crate::staking_yield::YieldCache::new(
                &options.cache,
                "rex_yield",
            )),
            producers: Arc::new(
                options
                    .cache
                    .cache("native_producers", producers::PRODUCERS_LIFETIMES),
            ),
            producer_infos: Arc::new(
                options
                    .cache
                    .cache("native_producer_info", producer_info::INFO_LIFETIMES),
            ),
            // Producers name their own URLs: public addresses only, on every network.
            info_client: producer_info::info_client(tandem_fetch::LocalAllowance::none()),
            prices: Arc::new(prices),
            token_list: Arc::new(NativeTokenList::new(
                settings.token_list_url.as_deref(),
                http,
                &options.cache,
            )),
            chain: ChainClient::new(&settings.rpc_endpoint.url(), http.clone())?,
            settings: settings.clone(),
            system_symbol,
            token_contract,
            history,
            sponsor,
            dapps,
            lists: options.lists.clone(),
        })
    }

    /// The REX APY from the product API (`apy/native`), or why there is none.
    pub async fn rex_apy(&self) -> Apy {
        self.rex_apy.current().await
    }

    /// The curated list of apps, shared by every native network.
    #[must_use]
    pub fn dapps(&self) -> &DappCatalogue {
        &self.dapps
    }

    /// Who `account` is when it needs a memo on deposits (an exchange), else `None`.
    #[must_use]
    pub fn memo_required(&self, account: &str) -> Option<&MemoAccount> {
        self.lists.memo_required.get(self.settings.name, account)
    }

    /// The phishing domains the dapp links are judged by.
    #[must_use]
    pub fn phishing(&self) -> &PhishingDomains {
        &self.lists.phishing
    }
}
