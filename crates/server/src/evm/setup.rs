//! Building each EVM network's clients and the background jobs that keep them
//! current. Building never touches the network; the jobs do, and retry on failure.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use alloy_primitives::Address;
use tandem_domain::network::{ChainId, ChainSettings, NetworkKind, NetworkName, TokenSettings};
use tandem_domain::nft::IpfsGateway;
use tandem_evm::EvmError;
use tandem_evm::approvals::{ChainApprovals, DEFAULT_WINDOW};
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::http::{HttpConfig, RequestLimiter};
use tandem_evm::hyperion_evm::HyperionEvmClient;
use tandem_evm::lookup::{CacheTtl, ContractResolver, LookupStep, SourceFacts};
use tandem_evm::market::MarketFeed;
use tandem_evm::reads::ChainReader;
use tandem_evm::rpc_source::RpcSource;
use tandem_evm::selector::SourceSelector;
use tandem_evm::source::{ContractInterface, ContractRecord, EvmSource, SwitchableSource};
use tandem_evm::teloscan::TeloscanClient;
use tandem_evm::tokenlist::TokenList;
use tandem_evm::verified::VerifiedContracts;
use tandem_fetch::LocalAllowance;
use tokio::sync::watch;

use super::account_reads::AccountReadCaches;
use super::balances::BalanceCache;
use super::cache::ContractLookups;
use super::data_source::{IndexSettings, Primary, StartBlock};
use super::own_index::{IndexSpec, OwnIndex};
use super::token_list::{TokenListSlot, TokenListSource};
use super::{EvmNetwork, EvmOptions};
use crate::apy::{ApyKind, StakingApy};
use crate::cache::Lifetimes;
use crate::prices::{AggregatorClient, PriceService};

/// Background work of one network, run until the stop signal.
pub(super) type Job = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The networks and the jobs to start.
pub(super) struct Built {
    pub networks: BTreeMap<NetworkName, EvmNetwork>,
    pub jobs: Vec<Job>,
}

/// Clients shared by every network (one budget per upstream kind, spec §7).
struct Shared {
    http: reqwest::Client,
    /// The product API's client, with its own shorter time limit.
    product_api: reqwest::Client,
    indexer_limiter: RequestLimiter,
    history_limiter: RequestLimiter,
    gateway: IpfsGateway,
}

pub(super) fn build_all(
    networks: &[ChainSettings],
    options: &EvmOptions,
    stop: &watch::Sender<bool>,
) -> Built {
    let mut built = Built {
        networks: BTreeMap::new(),
        jobs: Vec::new(),
    };
    let shared = match shared_clients() {
        Ok(shared) => shared,
        Err(error) => {
            tracing::error!(%error, "EVM networks not served: no HTTP client");
            return built;
        }
    };
    for settings in networks.iter().filter(|s| s.kind == NetworkKind::Evm) {
        match build(settings, options, &shared, stop) {
            Ok((network, jobs)) => {
                built
                    .jobs
                    .extend(jobs.into_iter().map(|job| until_stopped(job, stop)));
                built.networks.insert(settings.name, network);
            }
            Err(error) => {
                tracing::error!(network = %settings.name, %error, "EVM network not served");
            }
        }
    }
    built
}

fn shared_clients() -> Result<Shared, EvmError> {
    Ok(Shared {
        http: HttpConfig::default().build_client()?,
        product_api: crate::apy::http_client()?,
        indexer_limiter: RequestLimiter::new(RequestLimiter::DEFAULT_MAX_IN_FLIGHT),
        history_limiter: RequestLimiter::new(RequestLimiter::DEFAULT_MAX_IN_FLIGHT),
        gateway: IpfsGateway::new(tandem_domain::nft::PUBLIC_IPFS_GATEWAY)?,
    })
}

/// Ends `job` when the stop signal is raised (or its sender is gone).
fn until_stopped(job: Job, stop: &watch::Sender<bool>) -> Job {
    let mut stopped = stop.subscribe();
    Box::pin(async move {
        tokio::select! {
            () = job => {}
            _ = stopped.wait_for(|stop| *stop) => {}
        }
    })
}

fn build(
    settings: &ChainSettings,
    options: &EvmOptions,
    shared: &Shared,
    stop: &watch::Sender<bool>,
) -> Result<(EvmNetwork, Vec<Job>), EvmError> {
    let ChainId::Evm(chain_id) = settings.chain_id else {
        return Err(EvmError::Domain(
            tandem_domain::DomainError::InvalidNetwork(settings.name.to_string()),
        ));
    };
    let reader =
        ChainReader::connect_with_fallbacks(&settings.rpc_endpoint.url(), &settings.rpc_fallbacks)?;
    let core = core_tokens(settings);
    let rpc = Arc::new(SwitchableSource::new(Arc::new(rpc_source(
        &reader, &core, None,
    ))));
    let is_devnet = settings.name == NetworkName::TelosEvmDevnet;
    let devnet = options
        .devnet
        .clone()
        .filter(|_| is_devnet)
        .unwrap_or_default();
    let mut jobs: Vec<Job> = Vec::new();

    let configured = options
        .sources
        .get(&settings.name)
        .cloned()
        .unwrap_or_default();
    let primary = Primary::effective(configured.primary, settings, options.data_dir.is_some());
    let endpoint = settings.indexer_endpoint.as_deref();
    let teloscan = endpoint
        .filter(|_| primary == Primary::Teloscan)
        .map(|url| TeloscanClient::new(shared.http.clone(), url, shared.indexer_limiter.clone()))
        .transpose()?;
    // Blockscout serves a network whose primary it is, and fills the own index's
    // accounts (ADR 0028); the node confirms what it lists and answers approvals.
    let blockscout =
        endpoint
            .filter(|_| matches!(primary, Primary::Blockscout | Primary::Own))
            .map(|url| {
                BlockscoutClient::new(shared.http.clone(), url, shared.indexer_limiter.clone()).map(
                    |client| {
                        client.with_node(reader.clone()).with_approvals(Arc::new(
                            ChainApprovals::new(reader.clone(), DEFAULT_WINDOW),
                        ))
                    },
                )
            })
            .transpose()?;
    let own_index = match primary {
        Primary::Own => {
            let wrapped = core.iter().filter(|r| r.symbol.as_deref() == Some("WTLOS"));
            let default_start = if is_devnet {
                StartBlock::Number(devnet.start_block)
            } else {
                StartBlock::Head
            };
            let index = configured.index.clone().unwrap_or_default();
            let activity = blockscout
                .clone()
                .map(|client| Arc::new(client) as Arc<dyn tandem_evm::source::ActivitySource>);
            start_own_index(
                settings,
                index,
                options.data_dir.as_deref(),
                wrapped.map(|r| r.address).collect(),
                activity,
                (default_start, devnet.fetch_allowance()),
                stop,
            )
            .map(|(index, index_jobs)| {
                jobs.extend(index_jobs);
                index
            })
        }
        Primary::Blockscout | Primary::Teloscan | Primary::Rpc => None,
    };
    let primary_source: Arc<dyn EvmSource> = match (primary, &own_index, &teloscan, &blockscout) {
        (Primary::Own, Some(index), _, _) => index.source(),
        (Primary::Teloscan, _, Some(teloscan), _) => Arc::new(teloscan.clone()),
        (Primary::Blockscout, _, _, Some(blockscout)) => Arc::new(blockscout.clone()),
        _ => Arc::clone(&rpc) as Arc<dyn EvmSource>,
    };
    let selector = Arc::new(SourceSelector::new(
        primary_source,
        Arc::clone(&rpc) as Arc<dyn EvmSource>,
        options.selector,
    ));
    if let Some(index) = &own_index {
        jobs.push(recheck_when_caught_up(index.caught_up(), &selector));
    }

    let history_service = settings
        .history_endpoint
        .as_deref()
        .map(|url| HyperionEvmClient::new(shared.http.clone(), url, shared.history_limiter.clone()))
        .transpose()?;
    let token_list = Arc::new(TokenListSlot::default());
    let mut resolver = ContractResolver::new(CacheTtl::default()).with_cache(Arc::new(
        ContractLookups::new(&options.cache, own_index.clone()),
    ));
    // The primary is asked for contract facts while it is healthy.
    match (&own_index, &teloscan, &blockscout) {
        (Some(index), _, _) => {
            let facts = SourceFacts::new(index.source(), LookupStep::Indexer);
            resolver = resolver.with_indexer(Arc::new(facts), Some(selector.clone()));
        }
        (None, Some(teloscan), _) => {
            resolver = resolver.with_indexer(Arc::new(teloscan.clone()), Some(selector.clone()));
        }
        (None, None, Some(blockscout)) => {
            resolver = resolver.with_indexer(Arc::new(blockscout.clone()), Some(selector.clone()));
        }
        _ => {}
    }
    if let Some(history) = &history_service {
        resolver = resolver.with_history(Arc::new(history.clone()));
    }
    let chain_reads = SourceFacts::new(
        Arc::clone(&rpc) as Arc<dyn EvmSource>,
        LookupStep::ChainReads,
    );
    resolver = resolver.with_chain_reads(Arc::new(chain_reads));
    if let Some(bucket) = settings.trusted_contracts_bucket.as_deref() {
        resolver = resolver.with_verified(Arc::new(VerifiedContracts::new(
            shared.http.clone(),
            bucket,
            None,
        )?));
    }
    resolver = resolver.with_token_list(Arc::clone(&token_list) as _);

    if let Some(url) = &settings.token_list_url {
        let source = TokenListSource {
            client: shared.http.clone(),
            url: url.clone(),
            chain_id,
            gateway: shared.gateway.clone(),
        };
        let (slot, rpc, reader, core) = (
            Arc::clone(&token_list),
            Arc::clone(&rpc),
            reader.clone(),
            core.clone(),
        );
        jobs.push(Box::pin(source.keep_loaded(
            slot,
            move |list: &TokenList| {
                rpc.replace(Arc::new(rpc_source(&reader, &core, Some(list))));
            },
        )));
    }

    let market: Option<Arc<dyn MarketFeed>> = match devnet.market_data_url.as_deref() {
        Some(url) => Some(Arc::new(TeloscanClient::new(
            shared.http.clone(),
            url,
            shared.indexer_limiter.clone(),
        )?)),
        None => match (&teloscan, &blockscout) {
            (Some(teloscan), _) => Some(Arc::new(teloscan.clone())),
            (None, Some(blockscout)) => Some(Arc::new(blockscout.clone())),
            (None, None) => None,
        },
    };
    let aggregator_url = if is_devnet {
        devnet.price_aggregator_url.as_deref()
    } else {
        options.price_aggregator_url.as_deref()
    };
    let aggregator = match aggregator_url.map(|url| AggregatorClient::new(shared.http.clone(), url))
    {
        Some(Ok(client)) => Some(client),
        Some(Err(error)) => {
            tracing::warn!(network = %settings.name, %error, "no price aggregator");
            None
        }
        None => None,
    };
    let prices = PriceService::new(
        &options.cache,
        &settings.system_token.symbol,
        settings.wrapped_token.as_ref().map(|t| t.symbol.as_str()),
        market,
        aggregator,
    );

    let network = EvmNetwork {
        settings: settings.clone(),
        chain_id,
        primary,
        selector,
        rpc,
        reader,
        resolver,
        token_list,
        prices,
        balances: BalanceCache::new(&options.cache),
        teloscan,
        blockscout,
        history_service,
        own_index,
        coverage: options.cache.cache(
            "account_coverage",
            Lifetimes::answers(super::coverage::COVERAGE_REUSE),
        ),
        chain_data: options.cache.cache(
            "chain_data",
            Lifetimes {
                answer: super::CHAIN_DATA_TTL,
                failure: super::CHAIN_DATA_FAILURE_TTL,
            },
        ),
        gateway: shared.gateway.clone(),
        media: options.media.clone(),
        account_reads: AccountReadCaches::new(&options.cache),
        apy: StakingApy::new(
            &options.cache,
            shared.product_api.clone(),
            settings.api_endpoint.as_deref(),
            ApyKind::Evm,
        ),
        staking_yield: crate::staking_yield::YieldCache::new(&options.cache, "staking_yield"),
    };
    Ok((network, jobs))
}

/// Checks the primary again each time the own index catches up with the head, rather
/// than at the next poll: the first check runs at start, before the index has read
/// anything, and would otherwise keep the fallback (and the "out of sync" warning) for a
/// poll interval after the index is ready. Ends with the selector or the index.
fn recheck_when_caught_up(
    mut caught_up: watch::Receiver<bool>,
    selector: &Arc<SourceSelector>,
) -> Job {
    let selector = Arc::downgrade(selector);
    Box::pin(async move {
        while caught_up.changed().await.is_ok() {
            if !*caught_up.borrow_and_update() {
                continue;
            }
            let Some(selector) = selector.upgrade() else {
                return;
            };
            selector.check_now().await;
        }
    })
}

/// Starts the own index of `settings`' network; `None` (logged) when its store cannot be
/// opened, or there is no store to open: the network's reads then come from the RPC
/// fallback.
fn start_own_index(
    settings: &ChainSettings,
    index: IndexSettings,
    data_dir: Option<&std::path::Path>,
    wrapped: Vec<Address>,
    activity: Option<Arc<dyn tandem_evm::source::ActivitySource>>,
    (default_start, fetch_allowance): (StartBlock, LocalAllowance),
    stop: &watch::Sender<bool>,
) -> Option<(Arc<OwnIndex>, Vec<Job>)> {
    let network = settings.name;
    let Some(url) = index.store_url(data_dir, network) else {
        tracing::error!(%network, "own index not started: no store configured and no data directory");
        return None;
    };
    let spec = IndexSpec {
        network,
        url,
        rpc_url: settings.rpc_endpoint.url(),
        wrapped,
        default_start,
        settings: index,
        rebuild_on_mismatch: network == NetworkName::TelosEvmDevnet,
        activity,
        fetch_allowance,
    };
    let store = spec.url.to_string();
    match OwnIndex::start(spec, &stop.subscribe()) {
        Ok(started) => Some(started),
        Err(error) => {
            tracing::error!(%network, %store, error = %error.with_causes(), "own index not started");
            None
        }
    }
}

/// The staked and wrapped tokens as contract records: read by the RPC fallback even
/// before the token list has loaded.
fn core_tokens(settings: &ChainSettings) -> Vec<ContractRecord> {
    let record = |token: &TokenSettings| -> Option<ContractRecord> {
        let address: Address = token.contract.as_deref()?.parse().ok()?;
        Some(ContractRecord {
            address,
            name: Some(token.name.clone()),
            symbol: Some(token.symbol.clone()),
            decimals: Some(token.decimals),
            interfaces: vec![ContractInterface::Erc20],
            ..ContractRecord::default()
        })
    };
    [&settings.staked_token, &settings.wrapped_token]
        .into_iter()
        .flatten()
        .filter_map(record)
        .collect()
}

/// The RPC fallback reading the core tokens and, once loaded, every listed token.
fn rpc_source(
    reader: &ChainReader,
    core: &[ContractRecord],
    list: Option<&TokenList>,
) -> RpcSource {
    let mut known: Vec<ContractRecord> = core.to_vec();
    if let Some(list) = list {
        for entry in list.tokens() {
            match known
                .iter_mut()
                .find(|record| record.address == entry.address)
            {
                // The list's logo is the only thing the settings do not know.
                Some(record) => record.logo_uri = entry.logo_uri.clone(),
                None => known.push(entry.to_contract_record()),
            }
        }
    }
    let tokens = known.iter().map(|record| record.address).collect();
    RpcSource::new(reader.clone()).with_tokens(tokens, known)
}
