//! Per-network native (Antelope) state, built once at start: each served network's chain,
//! history-service and fee-sponsor clients, the reads and the transaction flows over
//! them, the dapp list, and the devnet manifest they may come from.

mod account;
pub mod dapps;
pub mod export;
pub mod manifest;
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

pub use self::account::{AccountResources, RexFacts, TokenBalance, TokenBalances};
use self::dapps::DappCatalogue;

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
    pub fn new(networks: &[ChainSettings]) -> Self {
        let http = Service::default_client();
        let dapps = Arc::new(DappCatalogue::embedded());
        let mut clients = BTreeMap::new();
        for settings in networks.iter().filter(|s| s.kind == NetworkKind::Native) {
            match NativeNetwork::new(settings, &http, Arc::clone(&dapps)) {
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
    fn new(
        settings: &ChainSettings,
        http: &reqwest::Client,
        dapps: Arc<DappCatalogue>,
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
        Ok(Self {
            chain: ChainClient::new(&settings.rpc_endpoint.url(), http.clone())?,
            settings: settings.clone(),
            system_symbol,
            token_contract,
            history,
            sponsor,
            dapps,
        })
    }

    /// The curated list of apps, shared by every native network.
    #[must_use]
    pub fn dapps(&self) -> &DappCatalogue {
        &self.dapps
    }
}
