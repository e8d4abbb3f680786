//! The price aggregator (a CoinGecko-style API): simple price with market cap, 24 h
//! volume, change and last-update time, and the one-day hourly market chart. Numbers
//! are read as their exact text ([`NumberText`]) and answered as plain decimal strings.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use tandem_evm::http::tolerant::{Lenient, NumberText};
use url::Url;

use super::decimal::plain_decimal;
use crate::evm::cache::FetchError;

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

/// One chart point: milliseconds since the epoch and the price as plain decimal text.
pub type ChartPoint = (u64, String);

/// A client for one aggregator deployment (base URL such as
/// `https://api.coingecko.com/api/v3`).
#[derive(Debug, Clone)]
pub struct AggregatorClient {
    client: reqwest::Client,
    base: Url,
}

#[derive(Debug, Deserialize)]
struct ChartWire {
    #[serde(default)]
    prices: Vec<Box<RawValue>>,
}

fn unavailable(path: &str, reason: impl std::fmt::Display) -> FetchError {
    FetchError {
        code: "evm.price_aggregator_unavailable",
        message: format!("price aggregator request to {path} failed: {reason}"),
    }
}

impl AggregatorClient {
    /// A client at `base_url`.
    ///
    /// # Errors
    /// When `base_url` is not an absolute http(s) URL.
    pub fn new(client: reqwest::Client, base_url: &str) -> Result<Self, FetchError> {
        let base = Url::parse(base_url)
            .ok()
            .filter(|url| matches!(url.scheme(), "http" | "https"))
            .ok_or_else(|| unavailable("", "the base URL is not an http(s) URL"))?;
        Ok(Self { client, base })
    }

    async fn get(&self, path: &str, query: &[(&str, &str)]) -> Result<Vec<u8>, FetchError> {
        let mut url = self.base.clone();
        url.set_path(&format!(
            "{}/{}",
            self.base.path().trim_end_matches('/'),
            path
        ));
        url.query_pairs_mut().extend_pairs(query);
        let shown = url.path().to_owned();
        let response = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|error| unavailable(&shown, error.without_url()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(unavailable(&shown, format!("status {}", status.as_u16())));
        }
        let body = response
            .bytes()
            .await
            .map_err(|error| unavailable(&shown, error.without_url()))?;
        Ok(body.to_vec())
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
    ) -> Result<Option<SimplePrice>, FetchError> {
        let fiat = fiat.to_ascii_lowercase();
        let query = [
            ("ids", coin),
            ("vs_currencies", fiat.as_str()),
            ("include_market_cap", "true"),
            ("include_24hr_vol", "true"),
            ("include_24hr_change", "true"),
            ("include_last_updated_at", "true"),
        ];
        let body = self.get("simple/price", &query).await?;
        let answer: HashMap<String, HashMap<String, Lenient<NumberText>>> =
            serde_json::from_slice(&body).map_err(|error| unavailable("simple/price", error))?;
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
    pub async fn day_chart(&self, coin: &str, fiat: &str) -> Result<Vec<ChartPoint>, FetchError> {
        let fiat = fiat.to_ascii_lowercase();
        let path = format!("coins/{coin}/market_chart");
        let query = [("vs_currency", fiat.as_str()), ("days", "1")];
        let body = self.get(&path, &query).await?;
        let answer: ChartWire =
            serde_json::from_slice(&body).map_err(|error| unavailable(&path, error))?;
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
