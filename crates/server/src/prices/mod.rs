//! Token prices (spec §4 "Prices", §7 "Price services"): the indexer's market data first
//! (cached 10 minutes), the price aggregator for the system token (cached 60 s). A price
//! counts only while it is less than 10 minutes old (the domain's [`MarketPrice`] rule).
//! A failed fetch never fails the caller: the token simply has no price. Shared by the
//! EVM networks and the native ones (whose system token — TLOS, EOS, WAX — is priced by
//! the same aggregator with the same lifetimes).

mod aggregator;
pub mod decimal;

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::Address;
use tandem_domain::price::MarketPrice;
use tandem_domain::time::now_ms;
use tandem_evm::market::{MarketData, MarketFeed, MarketQuery};

pub use aggregator::{AggregatorClient, ChartPoint, SimplePrice};

use crate::cache::{BoundedCache, CacheStore, Lifetimes};

/// Spec §9: token price cache, 10 minutes.
const MARKET_DATA_TTL: Duration = Duration::from_secs(600);
/// Spec §9: price service cache, 60 s.
const AGGREGATOR_TTL: Duration = Duration::from_secs(60);
/// A failed price fetch is not repeated for this long.
const FAILURE_TTL: Duration = Duration::from_secs(30);

/// Answers live `answer`, failures [`FAILURE_TTL`].
const fn lifetimes(answer: Duration) -> Lifetimes {
    Lifetimes {
        answer,
        failure: FAILURE_TTL,
    }
}
/// The aggregator's coin id of a system token it knows (UTX it does not).
fn aggregator_coin_id(symbol: &str) -> Option<&'static str> {
    match symbol {
        "TLOS" => Some("telos"),
        "EOS" => Some("eos"),
        "WAX" => Some("wax"),
        _ => None,
    }
}

/// Where a quote came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PriceSource {
    /// The indexer's market data.
    Indexer,
    /// The price aggregator.
    Aggregator,
    /// No current price.
    Unavailable,
}

/// A token to price: its symbol and contract (`None` for the native coin).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedToken {
    /// Symbol, e.g. `TLOS`.
    pub symbol: String,
    /// Contract address; `None` for the native coin.
    pub address: Option<Address>,
}

/// The price of one token in one fiat currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceQuote {
    /// The price, when a current one is known.
    pub price: Option<MarketPrice>,
    /// 24 h change in percent, plain decimal, when known.
    pub day_change: Option<String>,
    /// Where it came from.
    pub source: PriceSource,
}

impl PriceQuote {
    fn unavailable() -> Self {
        Self {
            price: None,
            day_change: None,
            source: PriceSource::Unavailable,
        }
    }
}

/// One day of hourly prices plus the current figures (spec §3 "Price chart data").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceChart {
    /// When the current price was last updated, milliseconds since the epoch.
    pub last_updated_ms: Option<u64>,
    /// The current price; `None` when the aggregator could not be read.
    pub token_price: Option<String>,
    /// 24 h change in percent.
    pub day_change: Option<String>,
    /// 24 h volume in fiat.
    pub day_volume: Option<String>,
    /// Market capitalisation in fiat.
    pub market_cap: Option<String>,
    /// Hourly points, oldest first.
    pub prices: Vec<ChartPoint>,
}

/// Prices of one network's tokens.
#[derive(Debug)]
pub struct PriceService {
    system_symbol: String,
    /// The aggregator's id of the system token, when it knows it.
    system_coin_id: Option<&'static str>,
    wrapped_symbol: Option<String>,
    market: Option<Arc<dyn MarketFeed>>,
    aggregator: Option<AggregatorClient>,
    market_cache: BoundedCache<(String, String), Arc<Vec<MarketData>>>,
    simple_cache: BoundedCache<String, Option<SimplePrice>>,
    chart_cache: BoundedCache<String, Arc<Vec<ChartPoint>>>,
}

impl PriceService {
    /// A service reading market data from `market` (the network's indexer) and the
    /// system token's price from `aggregator`; either may be absent. `wrapped_symbol`
    /// (WTLOS) is charted like the system token it wraps one to one. Answers are kept in
    /// `store`.
    #[must_use]
    pub fn new(
        store: &CacheStore,
        system_symbol: &str,
        wrapped_symbol: Option<&str>,
        market: Option<Arc<dyn MarketFeed>>,
        aggregator: Option<AggregatorClient>,
    ) -> Self {
        let system_symbol = system_symbol.to_ascii_uppercase();
        Self {
            system_coin_id: aggregator_coin_id(&system_symbol),
            system_symbol,
            wrapped_symbol: wrapped_symbol.map(str::to_ascii_uppercase),
            market,
            aggregator,
            market_cache: store.cache("market_data", lifetimes(MARKET_DATA_TTL)),
            simple_cache: store.cache("aggregator_prices", lifetimes(AGGREGATOR_TTL)),
            chart_cache: store.cache("aggregator_charts", lifetimes(AGGREGATOR_TTL)),
        }
    }

    /// Whether any price source is configured.
    #[must_use]
    pub fn is_configured(&self) -> bool {
        self.market.is_some() || self.aggregator.is_some()
    }

    /// Quotes for `tokens` in `fiat` (an upper-case currency code), in their order.
    pub async fn quotes(&self, tokens: &[PricedToken], fiat: &str) -> Vec<PriceQuote> {
        let market = self.market_data(tokens, fiat).await;
        let now = now_ms();
        let mut quotes = Vec::with_capacity(tokens.len());
        for token in tokens {
            let indexer_price = market
                .iter()
                .find(|row| token.address.is_some() && row.address == token.address)
                .or_else(|| {
                    market.iter().find(|row| {
                        row.symbol
                            .as_deref()
                            .is_some_and(|symbol| symbol.eq_ignore_ascii_case(&token.symbol))
                    })
                })
                .and_then(|row| row.price)
                .filter(|price| price.is_valid_at(now));
            let is_system =
                token.address.is_none() && token.symbol.eq_ignore_ascii_case(&self.system_symbol);
            let aggregated = if is_system {
                self.system_price(fiat).await
            } else {
                None
            };
            let quote = match (indexer_price, aggregated) {
                (Some(price), aggregated) => PriceQuote {
                    price: Some(price),
                    day_change: aggregated.and_then(|a| a.day_change),
                    source: PriceSource::Indexer,
                },
                (None, Some(aggregated)) => aggregated_quote(&aggregated, now),
                (None, None) => PriceQuote::unavailable(),
            };
            quotes.push(quote);
        }
        quotes
    }

    /// The one-day hourly chart of `symbol` in `fiat`; `None` when the symbol is not
    /// charted (only the system token and its wrapped form are). An unreachable
    /// aggregator gives a chart without price or points, never an error.
    pub async fn chart(&self, symbol: &str, fiat: &str) -> Option<PriceChart> {
        let symbol = symbol.to_ascii_uppercase();
        let charted = symbol == self.system_symbol || self.wrapped_symbol.as_ref() == Some(&symbol);
        if !charted {
            return None;
        }
        let current = self.system_price(fiat).await;
        let points = match (&self.aggregator, self.system_coin_id) {
            (Some(aggregator), Some(coin)) => self
                .chart_cache
                .get_or_fetch(fiat.to_owned(), || async {
                    Ok(Arc::new(aggregator.day_chart(coin, fiat).await?))
                })
                .await
                .inspect_err(|error| tracing::warn!(%error, "price chart unavailable"))
                .ok(),
            _ => None,
        };
        Some(PriceChart {
            last_updated_ms: current.as_ref().and_then(|c| c.updated_ms),
            token_price: current.as_ref().map(|c| c.price.clone()),
            day_change: current.as_ref().and_then(|c| c.day_change.clone()),
            day_volume: current.as_ref().and_then(|c| c.day_volume.clone()),
            market_cap: current.as_ref().and_then(|c| c.market_cap.clone()),
            prices: points.map(|p| p.as_ref().clone()).unwrap_or_default(),
        })
    }

    /// The system token's prices over the last `days` in `fiat` (oldest first), cached
    /// 60 s like the chart; `None` when the aggregator is absent or fails. Its wrapped
    /// form is worth the same.
    pub async fn system_series(&self, fiat: &str, days: u32) -> Option<Arc<Vec<ChartPoint>>> {
        let aggregator = self.aggregator.as_ref()?;
        let coin = self.system_coin_id?;
        self.chart_cache
            .get_or_fetch(format!("{fiat}/{days}d"), || async {
                Ok(Arc::new(aggregator.chart(coin, fiat, days).await?))
            })
            .await
            .inspect_err(|error| tracing::warn!(%error, "price series unavailable"))
            .ok()
    }

    /// The system token's symbol and its wrapped form's, upper case.
    #[must_use]
    pub fn series_symbols(&self) -> (&str, Option<&str>) {
        (&self.system_symbol, self.wrapped_symbol.as_deref())
    }

    /// The aggregator's figures for the system token, cached 60 s; `None` on failure.
    pub async fn system_price(&self, fiat: &str) -> Option<SimplePrice> {
        let aggregator = self.aggregator.as_ref()?;
        let coin = self.system_coin_id?;
        self.simple_cache
            .get_or_fetch(fiat.to_owned(), || async {
                Ok(aggregator.simple_price(coin, fiat).await?)
            })
            .await
            .inspect_err(|error| tracing::warn!(%error, "system token price unavailable"))
            .ok()
            .flatten()
    }

    /// The indexer's market data for the tokens' symbols, cached 10 minutes; empty on
    /// failure.
    async fn market_data(&self, tokens: &[PricedToken], fiat: &str) -> Arc<Vec<MarketData>> {
        let Some(market) = &self.market else {
            return Arc::default();
        };
        let mut asked: Vec<MarketQuery> = tokens
            .iter()
            .map(|token| MarketQuery {
                address: token.address,
                symbol: token.symbol.to_ascii_uppercase(),
            })
            .collect();
        asked.sort();
        asked.dedup();
        if asked.is_empty() {
            return Arc::default();
        }
        let names: Vec<String> = asked
            .iter()
            .map(|query| match query.address {
                Some(address) => format!("{}@{address:#x}", query.symbol),
                None => query.symbol.clone(),
            })
            .collect();
        let key = (fiat.to_owned(), names.join(","));
        self.market_cache
            .get_or_fetch(key, || async {
                Ok(Arc::new(market.market_data(&asked, fiat).await?))
            })
            .await
            .unwrap_or_else(|error| {
                tracing::warn!(%error, "market data unavailable");
                Arc::default()
            })
    }
}

fn aggregated_quote(aggregated: &SimplePrice, now: u64) -> PriceQuote {
    let updated = aggregated.updated_ms.unwrap_or(now);
    let price = MarketPrice::from_decimal_str(&aggregated.price, updated)
        .ok()
        .filter(|price| price.is_valid_at(now));
    PriceQuote {
        source: if price.is_some() {
            PriceSource::Aggregator
        } else {
            PriceSource::Unavailable
        },
        price,
        day_change: aggregated.day_change.clone(),
    }
}
