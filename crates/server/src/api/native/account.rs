//! Account reads: resources, balances, REX, profile, permissions.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::account_name;
use super::views::{AssetView, LimitView, RamView};
use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Path};
use crate::native::{AccountResources, NativeNetwork};

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

fn account_view(native: &NativeNetwork, resources: &AccountResources) -> AccountView {
    let AccountResources {
        account,
        liquid,
        delegated,
        refund,
        total,
    } = resources;
    let voter = account.voter_info.as_ref();
    AccountView {
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
        total_resources: AssetView::from(total),
        voter_proxy: voter
            .map(|v| v.proxy.clone())
            .filter(|proxy| !proxy.is_empty()),
        voted_producers: voter.map(|v| v.producers.clone()).unwrap_or_default(),
    }
}

/// `GET …/accounts/{account}`.
pub async fn account(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<AccountView>, ApiError> {
    let name = account_name(path.account())?;
    let resources = native.resources(name).await?;
    Ok(Json(account_view(&native, &resources)))
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
    let read = native.balances(name).await?;
    let balances = read
        .balances
        .iter()
        .map(|balance| BalanceView {
            contract: balance.contract.to_string(),
            is_system: balance.is_system,
            balance: AssetView::from(&balance.asset),
            price: None,
        })
        .collect();
    Ok(Json(BalancesView {
        network: native.settings.name.to_string(),
        account: name.to_string(),
        balances,
        tokens_complete: read.tokens_complete,
        prices_available: false,
    }))
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
    let rex = native.rex(name).await?;
    Ok(Json(RexView {
        account: name.to_string(),
        rex_balance: rex.balance.as_ref().map(AssetView::from),
        fund: rex.fund.as_ref().map(AssetView::from),
        total_lendable: rex
            .pool
            .as_ref()
            .map(|p| AssetView::from(&p.total_lendable)),
        total_rex: rex.pool.as_ref().map(|p| AssetView::from(&p.total_rex)),
        value: AssetView::from(&rex.value),
    }))
}

/// `GET …/accounts/{account}/profile`: the single `profiles` row of the account.
pub async fn profile(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let name = account_name(path.account())?;
    let key = name.to_string();
    match native.profile(name).await? {
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
    let permissions = native.permissions(name).await?;
    Ok(Json(
        serde_json::json!({ "account": name, "permissions": permissions }),
    ))
}
