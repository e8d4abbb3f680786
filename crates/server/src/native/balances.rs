//! An account's token balances on one native network (spec §4 "Balances"): the system
//! token and every token the history service lists, each amount read from the chain,
//! named and given a logo by the network's token list, priced by the price service
//! (the system token), kept and ordered by the domain's rules. One token whose read
//! fails is a row without an amount, never a failed list.

use alloy_primitives::U256;
use tandem_domain::amount::Amount;
use tandem_domain::antelope::{Asset, Name, is_supported_native_token};
use tandem_domain::balance::{Balance, arrange_balances};
use tandem_domain::price::MarketPrice;
use tandem_domain::token::Token;

use super::NativeNetwork;
use super::token_list::ListedToken;
use crate::error::ServiceError;
use crate::prices::{PriceSource, PricedToken};

/// Balances are read at most this many at a time (spec §7: 5 concurrent requests).
const BALANCE_CONCURRENCY: usize = 5;

/// One token row of an account.
#[derive(Debug, Clone)]
pub struct TokenBalance {
    /// The token contract.
    pub contract: Name,
    /// The symbol code.
    pub symbol: String,
    /// The exact amount; `None` when the chain could not read it (the row is shown
    /// without an amount).
    pub asset: Option<Asset>,
    /// Whether this is the system token.
    pub is_system: bool,
    /// Name and logo from the network's token list, when it lists the token.
    pub listed: Option<ListedToken>,
    /// One of spec §9's supported native tokens.
    pub supported: bool,
    /// The current price in the asked fiat currency, when known.
    pub price: Option<MarketPrice>,
    /// Where the price came from.
    pub price_source: PriceSource,
    /// The amount's fiat value, when priced.
    pub fiat_value: Option<Amount>,
}

/// An account's token balances.
#[derive(Debug, Clone)]
pub struct TokenBalances {
    /// System token first, then by fiat value, then by amount; rows that could not be
    /// read last.
    pub balances: Vec<TokenBalance>,
    /// False when the history service could not list the account's tokens, so only the
    /// system token is read.
    pub tokens_complete: bool,
    /// Whether a price service is configured for this network.
    pub prices_available: bool,
    /// The sum of the rows' fiat values (18 decimals); `None` when nothing is priced.
    pub total_fiat: Option<Amount>,
}

/// A positive (or the system token's) amount as the domain's exact amount.
pub(super) fn amount_of(asset: &Asset) -> Option<Amount> {
    let units = u64::try_from(asset.amount).ok()?;
    Amount::new(U256::from(units), asset.symbol.precision).ok()
}

impl NativeNetwork {
    /// The account's balances priced in `fiat` (an upper-case currency code).
    ///
    /// # Errors
    /// None today: every failure degrades a row (kept as a `Result` for the chain's
    /// own refusals a later read may add).
    pub async fn balances(&self, name: Name, fiat: &str) -> Result<TokenBalances, ServiceError> {
        let system = (self.token_contract, self.system_symbol.code.to_string());
        let mut wanted = vec![system.clone()];
        let listed_by_history = match &self.history {
            Some(history) => history.get_tokens(name).await.ok(),
            None => None,
        };
        let tokens_complete = listed_by_history.is_some();
        for token in listed_by_history.map(|t| t.tokens).unwrap_or_default() {
            let Ok(contract) = token.contract.parse::<Name>() else {
                continue;
            };
            let entry = (contract, token.symbol.to_ascii_uppercase());
            if !wanted.contains(&entry) {
                wanted.push(entry);
            }
        }
        let (reads, list, quote) = tokio::join!(
            self.read_balances(name, &wanted),
            self.token_list.tokens(),
            self.system_quote(fiat),
        );

        let mut rows = Vec::with_capacity(reads.len());
        for ((contract, symbol), read) in wanted.into_iter().zip(reads) {
            let is_system = (contract, symbol.clone()) == system;
            let asset = match read {
                Ok(Some(asset)) => Some(asset),
                // No row: the account holds none. The system token shows as zero; any
                // other token at zero is not shown (spec §4).
                Ok(None) if is_system => Asset::new(0, self.system_symbol).ok(),
                Ok(None) => continue,
                Err(error) => {
                    tracing::warn!(network = %self.settings.name, %contract, %symbol, %error, "token balance not read");
                    None
                }
            };
            let price = if is_system { quote.0 } else { None };
            let fiat_value = price
                .zip(asset.as_ref().and_then(amount_of))
                .and_then(|(price, amount)| price.to_fiat(&amount).ok());
            rows.push(TokenBalance {
                listed: list
                    .as_deref()
                    .and_then(|list| list.get(&(contract.to_string(), symbol.clone())).cloned()),
                supported: is_supported_native_token(&symbol),
                price_source: if price.is_some() {
                    quote.1
                } else {
                    PriceSource::Unavailable
                },
                contract,
                symbol,
                asset,
                is_system,
                price,
                fiat_value,
            });
        }
        let balances = arrange(rows, self.settings.name.as_str());
        let total_fiat = balances
            .iter()
            .filter_map(|row| row.fiat_value.as_ref())
            .try_fold(None::<Amount>, |sum, value| match sum {
                None => Some(Some(*value)),
                Some(sum) => sum.checked_add(value).ok().map(Some),
            })
            .flatten();
        Ok(TokenBalances {
            balances,
            tokens_complete,
            prices_available: self.prices.is_configured(),
            total_fiat,
        })
    }

    /// The system token's price and its source, when one is known.
    pub(super) async fn system_quote(&self, fiat: &str) -> (Option<MarketPrice>, PriceSource) {
        let token = PricedToken {
            symbol: self.system_symbol.code.to_string(),
            address: None,
        };
        let quote = self.prices.quotes(&[token], fiat).await.into_iter().next();
        quote.map_or((None, PriceSource::Unavailable), |q| (q.price, q.source))
    }

    /// Each wanted token's balance, at most [`BALANCE_CONCURRENCY`] reads at a time, in
    /// order: `Ok(None)` when the account holds none, `Err` when the read failed.
    async fn read_balances(
        &self,
        account: Name,
        wanted: &[(Name, String)],
    ) -> Vec<Result<Option<Asset>, ServiceError>> {
        let mut results = Vec::with_capacity(wanted.len());
        for chunk in wanted.chunks(BALANCE_CONCURRENCY) {
            let mut tasks = tokio::task::JoinSet::new();
            for (index, (contract, symbol)) in chunk.iter().cloned().enumerate() {
                let chain = self.chain.clone();
                tasks.spawn(async move {
                    let found = chain
                        .get_currency_balance(contract, account, Some(&symbol))
                        .await;
                    (index, found)
                });
            }
            let mut done = tasks.join_all().await;
            done.sort_by_key(|(index, _)| *index);
            results.extend(done.into_iter().map(|(_, found)| {
                found
                    .map(|assets| assets.into_iter().next())
                    .map_err(ServiceError::from)
            }));
        }
        results
    }
}

/// Spec §4: the system token always; other tokens only with a positive amount; system
/// first, then by fiat value, then by amount (the domain's order). Rows whose amount
/// could not be read stay, after the rest (the system token's stays first).
fn arrange(rows: Vec<TokenBalance>, network: &str) -> Vec<TokenBalance> {
    let mut unread = Vec::new();
    let mut candidates = Vec::new();
    for row in rows {
        match row.asset.as_ref().map(amount_of) {
            None => unread.push(row),
            Some(amount) => candidates.push((row, amount)),
        }
    }
    let mut keyed: Vec<(String, TokenBalance)> = Vec::new();
    let mut domain = Vec::new();
    for (row, amount) in candidates {
        // A negative amount (never a real balance) counts as none.
        let amount = amount
            .unwrap_or_else(|| Amount::zero(row.asset.as_ref().map_or(0, |a| a.symbol.precision)));
        let mut token = Token::new(&row.symbol, &row.contract.to_string(), network);
        token.is_system = row.is_system;
        token.decimals = amount.decimals();
        keyed.push((token.id().to_string(), row.clone()));
        domain.push(Balance {
            token,
            amount,
            fiat_value: row.fiat_value,
        });
    }
    let mut ordered: Vec<TokenBalance> = Vec::new();
    let (unread_system, unread_other): (Vec<_>, Vec<_>) =
        unread.into_iter().partition(|row| row.is_system);
    ordered.extend(unread_system);
    for balance in arrange_balances(domain) {
        let id = balance.token.id().to_string();
        if let Some(position) = keyed.iter().position(|(key, _)| *key == id) {
            ordered.push(keyed.swap_remove(position).1);
        }
    }
    ordered.extend(unread_other);
    ordered
}
