//! The price aggregator (a CoinGecko-style API): simple price with market cap, 24 h
//! volume, change and last-update time, and the one-day hourly market chart. Numbers
//! are read as their exact text ([`NumberText`]) and answered as plain decimal strings.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use tandem_evm::EvmError;
use tandem_evm::http::tolerant::{Lenient, NumberText};
use tandem_evm::http::{HttpClient, Upstream};

use super::decimal::plain_decimal;

/// What the aggregator says of one coin in one fiat currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimplePrice {
    /// Price as a plain decimal string.
    pub price: String,
    /// Market capitalisation, plain decimal.
    pub market_cap: Option<String>,
    /// 24 h volume, plain decimal.
    pub day_volume: Option<String>,
    /// 24 h change in percent, plain decimal (may be negative).
    pub day_change: Option<String>,
    /// When the aggregator last updated it, milliseconds since the epoch.
    pub updated_ms: Option<u64>,
}

crate::cache::weigh_by_debug!(SimplePrice);

/// One chart point: milliseconds since the epoch and the price as plain decimal text.
pub type ChartPoint = (u64, String);

/// A client for one aggregator deployment (base URL such as
/// `https://api.coingecko.com/api/v3`).
#[derive(Debug, Clone)]
pub struct AggregatorClient {
    http: HttpClient,
}

#[derive(Debug, Deserialize)]
struct ChartWire {
    #[serde(default)]
    prices: Vec<Box<RawValue>>,
}

impl AggregatorClient {
    /// A client at `base_url`.
    ///
    /// # Errors
    /// When `base_url` is not an absolute http(s) URL.
    pub fn new(client: reqwest::Client, base_url: &str) -> Result<Self, EvmError> {
        Ok(Self {
            http: HttpClient::new(client, Upstream::PriceAggregator, base_url, None)?,
        })
    }

    /// `GET /simple/price?ids={coin}&vs_currencies={fiat}&include_market_cap=true&…`;
    /// `None` when the answer has no price for the coin in that currency.
    ///
    /// # Errors
    /// Transport failures, non-2xx answers and unreadable bodies.
    pub async fn simple_price(
        &self,
        coin: &str,
        fiat: &str,
    ) -> Result<Option<SimplePrice>, EvmError> {
        let fiat = fiat.to_ascii_lowercase();
        let query = [
            ("ids", coin.to_owned()),
            ("vs_currencies", fiat.clone()),
            ("include_market_cap", "true".to_owned()),
            ("include_24hr_vol", "true".to_owned()),
            ("include_24hr_change", "true".to_owned()),
            ("include_last_updated_at", "true".to_owned()),
        ];
        let answer: HashMap<String, HashMap<String, Lenient<NumberText>>> =
            self.http.get_json("simple/price", &query).await?;
        let Some(fields) = answer.get(coin) else {
            return Ok(None);
        };
        let decimal = |key: &str| {
            fields
                .get(key)
                .and_then(Lenient::as_ref)
                .and_then(|number| plain_decimal(&number.0))
        };
        let Some(price) = decimal(&fiat).filter(|price| !price.starts_with('-')) else {
            return Ok(None);
        };
        Ok(Some(SimplePrice {
            price,
            market_cap: decimal(&format!("{fiat}_market_cap")),
            day_volume: decimal(&format!("{fiat}_24h_vol")),
            day_change: decimal(&format!("{fiat}_24h_change")),
            updated_ms: fields
                .get("last_updated_at")
                .and_then(Lenient::as_ref)
                .and_then(NumberText::to_u64)
                .map(|seconds| seconds.saturating_mul(1000)),
        }))
    }

    /// `GET /coins/{coin}/market_chart?vs_currency={fiat}&days=1`: one day of hourly
    /// prices, oldest first. Unreadable points are left out.
    ///
    /// # Errors
    /// Transport failures, non-2xx answers and unreadable bodies.
    pub async fn day_chart(&self, coin: &str, fiat: &str) -> Result<Vec<ChartPoint>, EvmError> {
        self.chart(coin, fiat, 1).await
    }

    /// `GET /coins/{coin}/market_chart?vs_currency={fiat}&days={days}`: the prices of
    /// the last `days` (hourly up to 90 days), oldest first. Unreadable points are left out.
    ///
    /// # Errors
    /// Transport failures, non-2xx answers and unreadable bodies.
    pub async fn chart(
        &self,
        coin: &str,
        fiat: &str,
        days: u32,
    ) -> Result<Vec<ChartPoint>, EvmError> {
        let path = format!("coins/{coin}/market_chart");
        let query = [
            ("vs_currency", fiat.to_ascii_lowercase()),
            ("days", days.to_string()),
        ];
        let answer: ChartWire = self.http.get_json(&path, &query).await?;
        let mut points: Vec<ChartPoint> = answer
            .prices
            .iter()
            .filter_map(|raw| serde_json::from_str::<(NumberText, NumberText)>(raw.get()).ok())
            .filter_map(|(time, price)| Some((time.to_u64()?, plain_decimal(&price.0)?)))
            .collect();
        points.sort_by_key(|(time, _)| *time);
        Ok(points)
    }
}
