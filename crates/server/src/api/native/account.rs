//! Account reads: resources, balances, REX, profile, permissions.

use axum::Json;
use axum::extract::Path;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::AntelopeError;
use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::Account;
use tandem_domain::antelope::{
    Asset, DelegatedBandwidth, Name, RefundRequest, RexPool, rex_value, total_resources,
};

use super::views::{AssetView, LimitView, RamView};
use super::{account_name, invalid_chain_data, upstream};
use crate::api::error::ApiError;
use crate::api::extract::NativeNet;
use crate::native::NativeNetwork;

/// Balances are read at most this many at a time (spec §7: 5 concurrent requests).
const BALANCE_CONCURRENCY: usize = 5;

/// `{account}` of every account route.
#[derive(Debug, Deserialize)]
pub struct AccountPath {
    account: String,
}

impl AccountPath {
    /// The account as written.
    pub fn account(&self) -> &str {
        &self.account
    }
}

fn parse_asset(text: &str) -> Result<Asset, ApiError> {
    text.parse().map_err(|error| invalid_chain_data(&error))
}

/// The account's resources (spec §3 "Native account data read").
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    network: String,
    account: String,
    created: String,
    privileged: bool,
    liquid: Option<AssetView>,
    ram: RamView,
    cpu: LimitView,
    net: LimitView,
    staked_cpu: Option<AssetView>,
    staked_net: Option<AssetView>,
    refund_cpu: Option<AssetView>,
    refund_net: Option<AssetView>,
    refund_request_time: Option<String>,
    /// Self-delegated CPU and NET plus refunds, by the domain's rule.
    total_resources: AssetView,
    voter_proxy: Option<String>,
    voted_producers: Vec<String>,
}

fn account_view(native: &NativeNetwork, account: &Account) -> Result<AccountView, ApiError> {
    let delegated = account
        .self_delegated_bandwidth
        .as_ref()
        .map(|own| -> Result<_, ApiError> {
            Ok(DelegatedBandwidth {
                cpu_weight: parse_asset(&own.cpu_weight)?,
                net_weight: parse_asset(&own.net_weight)?,
            })
        })
        .transpose()?;
    let refund = account
        .refund_request
        .as_ref()
        .map(|refund| -> Result<_, ApiError> {
            Ok(RefundRequest {
                cpu_amount: parse_asset(&refund.cpu_amount)?,
                net_amount: parse_asset(&refund.net_amount)?,
            })
        })
        .transpose()?;
    let total = total_resources(native.system_symbol, delegated.as_ref(), refund.as_ref())
        .map_err(|error| invalid_chain_data(&error))?;
    let liquid = account
        .core_liquid_balance
        .as_deref()
        .map(parse_asset)
        .transpose()?;
    let voter = account.voter_info.as_ref();
    Ok(AccountView {
        network: native.settings.name.to_string(),
        account: account.account_name.clone(),
        created: account.created.clone(),
        privileged: account.privileged,
        liquid: liquid.as_ref().map(AssetView::from),
        ram: RamView::new(account.ram_quota, account.ram_usage),
        cpu: LimitView::from(&account.cpu_limit),
        net: LimitView::from(&account.net_limit),
        staked_cpu: delegated.as_ref().map(|d| AssetView::from(&d.cpu_weight)),
        staked_net: delegated.as_ref().map(|d| AssetView::from(&d.net_weight)),
        refund_cpu: refund.as_ref().map(|r| AssetView::from(&r.cpu_amount)),
        refund_net: refund.as_ref().map(|r| AssetView::from(&r.net_amount)),
        refund_request_time: account
            .refund_request
            .as_ref()
            .map(|r| r.request_time.clone()),
        total_resources: AssetView::from(&total),
        voter_proxy: voter
            .map(|v| v.proxy.clone())
            .filter(|proxy| !proxy.is_empty()),
        voted_producers: voter.map(|v| v.producers.clone()).unwrap_or_default(),
    })
}

/// `GET …/accounts/{account}`.
pub async fn account(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<AccountView>, ApiError> {
    let name = account_name(path.account())?;
    let account = native
        .chain
        .get_account(name)
        .await
        .map_err(|e| upstream(&e))?;
    Ok(Json(account_view(&native, &account)?))
}

/// One token balance, exact from `get_currency_balance`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    contract: String,
    is_system: bool,
    #[serde(flatten)]
    balance: AssetView,
    /// Fiat price: not served yet (the price service comes later).
    price: Option<String>,
}

/// `GET …/balances`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalancesView {
    network: String,
    account: String,
    balances: Vec<BalanceView>,
    /// False when the history service could not list the account's tokens, so only the
    /// system token is shown.
    tokens_complete: bool,
    /// Prices are not served yet; every `price` is null.
    prices_available: bool,
}

/// `GET …/accounts/{account}/balances`: the system token and every token the history
/// service lists, amounts from the chain.
pub async fn balances(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<BalancesView>, ApiError> {
    let name = account_name(path.account())?;
    let system = (native.token_contract, native.system_symbol.code.to_string());
    let mut wanted = vec![system.clone()];
    let listed = match &native.history {
        Some(history) => history.get_tokens(name).await.ok(),
        None => None,
    };
    let tokens_complete = listed.is_some();
    for token in listed.map(|t| t.tokens).unwrap_or_default() {
        let Ok(contract) = token.contract.parse::<Name>() else {
            continue;
        };
        let entry = (contract, token.symbol);
        if !wanted.contains(&entry) {
            wanted.push(entry);
        }
    }
    let mut balances = Vec::new();
    for chunk in wanted.chunks(BALANCE_CONCURRENCY) {
        let mut tasks = tokio::task::JoinSet::new();
        for (index, (contract, symbol)) in chunk.iter().cloned().enumerate() {
            let chain = native.chain.clone();
            tasks.spawn(async move {
                let found = chain
                    .get_currency_balance(contract, name, Some(&symbol))
                    .await;
                (index, contract, found)
            });
        }
        let mut results = tasks.join_all().await;
        results.sort_by_key(|(index, _, _)| *index);
        for (_, contract, found) in results {
            for asset in found.map_err(|e| upstream(&e))? {
                balances.push(BalanceView {
                    contract: contract.to_string(),
                    is_system: (contract, asset.symbol.code.to_string()) == system,
                    balance: AssetView::from(&asset),
                    price: None,
                });
            }
        }
    }
    Ok(Json(BalancesView {
        network: native.settings.name.to_string(),
        account: name.to_string(),
        balances,
        tokens_complete,
        prices_available: false,
    }))
}

#[derive(Debug, Deserialize)]
struct RexPoolRow {
    total_lendable: String,
    total_rex: String,
}

#[derive(Debug, Deserialize)]
struct RexBalRow {
    rex_balance: String,
}

#[derive(Debug, Deserialize)]
struct RexFundRow {
    balance: String,
}

/// `GET …/rex`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RexView {
    account: String,
    rex_balance: Option<AssetView>,
    fund: Option<AssetView>,
    total_lendable: Option<AssetView>,
    total_rex: Option<AssetView>,
    /// rex_balance × total_lendable ÷ total_rex + fund, in the system token.
    value: AssetView,
}

/// `GET …/accounts/{account}/rex`: the REX value by the domain's formula.
pub async fn rex(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<RexView>, ApiError> {
    let name = account_name(path.account())?;
    let chain = &native.chain;
    let key = name.to_string();
    let queries = (
        TableQuery::all("eosio", "eosio", "rexpool", 1),
        TableQuery::row("eosio", "eosio", "rexbal", &key),
        TableQuery::row("eosio", "eosio", "rexfund", &key),
    );
    let (pool, balance, fund) = tokio::join!(
        chain.get_table_rows::<RexPoolRow>(&queries.0),
        chain.get_table_rows::<RexBalRow>(&queries.1),
        chain.get_table_rows::<RexFundRow>(&queries.2),
    );
    let rex_contract_missing = |error: AntelopeError| {
        ApiError::new(
            StatusCode::BAD_GATEWAY,
            "antelope.rex.error_contract_not_found",
            error.to_string(),
        )
    };
    let pool = pool.map_err(rex_contract_missing)?.rows.into_iter().next();
    let balance = balance.map_err(|e| upstream(&e))?.rows.into_iter().next();
    let fund = fund.map_err(|e| upstream(&e))?.rows.into_iter().next();
    let pool = pool
        .map(|row| -> Result<_, ApiError> {
            Ok(RexPool {
                total_lendable: parse_asset(&row.total_lendable)?,
                total_rex: parse_asset(&row.total_rex)?,
            })
        })
        .transpose()?;
    let balance = balance
        .map(|row| parse_asset(&row.rex_balance))
        .transpose()?;
    let fund = fund.map(|row| parse_asset(&row.balance)).transpose()?;
    let value = rex_value(
        native.system_symbol,
        balance.as_ref(),
        pool.as_ref(),
        fund.as_ref(),
    )
    .map_err(|error| invalid_chain_data(&error))?;
    Ok(Json(RexView {
        account: key,
        rex_balance: balance.as_ref().map(AssetView::from),
        fund: fund.as_ref().map(AssetView::from),
        total_lendable: pool.as_ref().map(|p| AssetView::from(&p.total_lendable)),
        total_rex: pool.as_ref().map(|p| AssetView::from(&p.total_rex)),
        value: AssetView::from(&value),
    }))
}

/// `GET …/accounts/{account}/profile`: the single `profiles` row of the account.
pub async fn profile(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let name = account_name(path.account())?;
    let query = TableQuery::row("profiles", "profiles", "profiles", &name.to_string());
    let rows = native
        .chain
        .get_table_rows::<serde_json::Value>(&query)
        .await
        .map_err(|e| upstream(&e))?;
    let key = name.to_string();
    let row = rows
        .rows
        .into_iter()
        .find(|row| row.get("account_name").and_then(|v| v.as_str()) == Some(key.as_str()));
    match row {
        Some(profile) => Ok(Json(
            serde_json::json!({ "account": key, "profile": profile }),
        )),
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "antelope.profile.not_found",
            "profile not found",
        )
        .with_details(serde_json::json!({ "account": key }))),
    }
}

/// `GET …/accounts/{account}/permissions`: permissions with their keys, accounts and
/// linked actions, as the chain reports them.
pub async fn permissions(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let name = account_name(path.account())?;
    let account = native
        .chain
        .get_account(name)
        .await
        .map_err(|e| upstream(&e))?;
    Ok(Json(
        serde_json::json!({ "account": name, "permissions": account.permissions }),
    ))
}
