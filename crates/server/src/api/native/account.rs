//! Account reads: resources, balances, REX, profile, permissions.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::account_name;
use super::views::{AssetView, LimitView, PermissionView, RamView};
use crate::api::error::ApiError;
use crate::api::evm::params::fiat_currency;
use crate::api::extract::{NativeNet, Path, Query};
use crate::error::ServiceError;
use crate::export::iso_utc;
use crate::native::{AccountResources, NativeNetwork, RexFacts};
use crate::prices::PriceSource;
use tandem_domain::antelope::{Asset, REFUND_DELAY_SECONDS, rex_proceeds};
use tandem_domain::time::chain_time_seconds;

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
#[derive(Debug, Serialize, utoipa::ToSchema)]
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
    /// Whether the account is a registered voting proxy (others may vote through it).
    is_proxy: bool,
    /// When the CPU and NET being unstaked come back (UTC), three days after the request.
    refund_available_at: Option<String>,
    /// Whether that time has come on the chain's clock (the refund may then be claimed).
    refund_due: bool,
    /// The chain's clock when read (UTC), from the node's answer; absent when it left it out.
    chain_time: Option<String>,
    /// Set when the account needs a memo on every deposit (an exchange on this server's
    /// list): a transfer to it without one reaches no user. Null otherwise.
    memo_required: Option<MemoRequiredView>,
}

/// Why a transfer to an account needs a memo.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemoRequiredView {
    /// Who the account is, as the list names it (e.g. an exchange's deposit account).
    label: String,
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
    let chain_now = chain_time_seconds(&account.head_block_time);
    let refund_at = account
        .refund_request
        .as_ref()
        .and_then(|r| chain_time_seconds(&r.request_time))
        .map(|requested| requested + REFUND_DELAY_SECONDS);
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
        is_proxy: voter.and_then(|v| v.is_proxy).unwrap_or(0) != 0,
        refund_available_at: refund_at.map(utc_text),
        refund_due: matches!((refund_at, chain_now), (Some(at), Some(now)) if at <= now),
        chain_time: chain_now.map(utc_text),
        memo_required: native
            .memo_required(&account.account_name)
            .map(|entry| MemoRequiredView {
                label: entry.label.clone(),
            }),
    }
}

/// An account and its resources; 404 `antelope.account.not_found` when the chain has none.
#[utoipa::path(
    get,
    operation_id = "native_account",
    path = "/api/v1/native/{network}/accounts/{account}",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "The account's resources", body = AccountView),
        (status = 400, description = "Unknown network or malformed name", body = crate::api::error::ErrorBody),
        (status = 404, description = "No such account (`antelope.account.not_found`)", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn account(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<AccountView>, ApiError> {
    let name = account_name(path.account())?;
    let resources = native.resources(name).await?;
    Ok(Json(account_view(&native, &resources)))
}

/// One token of an account (spec §4 "Balances").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NativeBalanceView {
    /// The token contract.
    contract: String,
    /// The symbol code.
    symbol: String,
    /// Its name in the network's token list, else the symbol.
    name: String,
    /// Its logo from the token list, if any.
    logo: Option<String>,
    /// The network's system token.
    is_system: bool,
    /// Listed (contract and symbol) in the network's token list.
    listed: bool,
    /// One of spec §9's supported native tokens.
    supported: bool,
    /// The exact amount; null when the chain could not read this token (the row stays).
    balance: Option<AssetView>,
    /// The price in `fiat`, exact decimal text; null when unknown.
    price: Option<String>,
    /// Where the price came from.
    price_source: PriceSource,
    /// The amount's value in `fiat`, exact decimal text (18 decimals); null without a price.
    fiat_value: Option<String>,
}

/// `GET …/balances`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NativeBalancesView {
    network: String,
    account: String,
    /// The fiat currency of every value.
    fiat: String,
    /// System token first, then by fiat value, then by amount; unread tokens last.
    balances: Vec<NativeBalanceView>,
    /// False when the history service could not list the account's tokens, so only the
    /// system token is shown.
    tokens_complete: bool,
    /// False when this server has no price service for the network.
    prices_available: bool,
    /// The sum of the fiat values, exact decimal text; null when nothing is priced.
    total_fiat_value: Option<String>,
}

/// `?fiat=` of the native balances.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NativeFiatQuery {
    /// ISO 4217 currency code; default USD.
    fiat: Option<String>,
}

/// The system token and every token the history service lists, amounts from the
/// chain, names and logos from the token list, fiat values from the price service.
#[utoipa::path(
    get,
    operation_id = "native_balances",
    path = "/api/v1/native/{network}/accounts/{account}/balances",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network, e.g. telos"),
        ("account" = String, Path, description = "Account name"),
        NativeFiatQuery,
    ),
    responses(
        (status = 200, description = "Balances in display order", body = NativeBalancesView),
        (status = 400, description = "Unknown network, malformed name or currency", body = crate::api::error::ErrorBody),
    )
)]
pub async fn balances(
    native: NativeNet,
    Path(path): Path<AccountPath>,
    Query(query): Query<NativeFiatQuery>,
) -> Result<Json<NativeBalancesView>, ApiError> {
    let name = account_name(path.account())?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let read = native.balances(name, &fiat).await?;
    let balances = read
        .balances
        .iter()
        .map(|row| NativeBalanceView {
            contract: row.contract.to_string(),
            name: row
                .listed
                .as_ref()
                .map_or_else(|| row.symbol.clone(), |listed| listed.name.clone()),
            logo: row
                .listed
                .as_ref()
                .and_then(|listed| listed.logo.as_deref())
                .map(|logo| native.media_link(logo)),
            symbol: row.symbol.clone(),
            is_system: row.is_system,
            listed: row.listed.is_some(),
            supported: row.supported,
            balance: row.asset.as_ref().map(AssetView::from),
            price: row.price.map(|price| price.price().to_plain_string()),
            price_source: row.price_source,
            fiat_value: row.fiat_value.map(|value| value.to_plain_string()),
        })
        .collect();
    Ok(Json(NativeBalancesView {
        network: native.settings.name.to_string(),
        account: name.to_string(),
        fiat,
        balances,
        tokens_complete: read.tokens_complete,
        prices_available: read.prices_available,
        total_fiat_value: read.total_fiat.map(|value| value.to_plain_string()),
    }))
}

/// `GET …/rex`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RexView {
    account: String,
    rex_balance: Option<AssetView>,
    fund: Option<AssetView>,
    total_lendable: Option<AssetView>,
    total_rex: Option<AssetView>,
    /// rex_balance × total_lendable ÷ total_rex + fund, in the system token.
    value: AssetView,
    /// REX by the time it matures (chain time, UTC), the matured buckets included.
    maturities: Vec<RexMaturityView>,
    /// The REX that may be sold now, on the chain's clock.
    matured: Option<AssetView>,
    /// What selling the matured REX pays into the REX fund now (`sellrex`).
    matured_value: Option<AssetView>,
    /// The chain's clock when read (UTC, `YYYY-MM-DDTHH:MM:SSZ`): maturities are judged by it.
    chain_time: String,
}

/// REX maturing at a time.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RexMaturityView {
    /// When (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    until: String,
    rex: AssetView,
    /// Whether that time has come on the chain's clock.
    matured: bool,
}

/// The account's REX and its value (spec §7: rex_balance × lendable ÷ total REX + fund).
#[utoipa::path(
    get,
    operation_id = "native_rex",
    path = "/api/v1/native/{network}/accounts/{account}/rex",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "REX held and its value", body = RexView),
        (status = 502, description = "The chain did not answer, or it has no REX (`antelope.rex.error_contract_not_found`)", body = crate::api::error::ErrorBody),
    )
)]
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
        maturities: rex_maturity_views(&rex),
        matured: rex.matured.as_ref().map(AssetView::from),
        matured_value: match (&rex.matured, &rex.pool) {
            (Some(matured), Some(pool)) => Some(AssetView::from(
                &rex_proceeds(matured, pool).map_err(ServiceError::InvalidChainData)?,
            )),
            _ => None,
        },
        chain_time: utc_text(rex.chain_now),
    }))
}

/// Unix seconds as `YYYY-MM-DDTHH:MM:SSZ` (the epoch for a time before it).
fn utc_text(seconds: i64) -> String {
    iso_utc(u64::try_from(seconds).unwrap_or(0))
}

fn rex_maturity_views(rex: &RexFacts) -> Vec<RexMaturityView> {
    let Some(symbol) = rex.balance.map(|balance| balance.symbol) else {
        return Vec::new();
    };
    rex.maturities
        .iter()
        .filter_map(|bucket| {
            Some(RexMaturityView {
                until: utc_text(bucket.until),
                rex: AssetView::from(&Asset::new(bucket.rex, symbol).ok()?),
                matured: bucket.until <= rex.chain_now,
            })
        })
        .collect()
}

/// `GET …/profile`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileView {
    account: String,
    /// The row of the `profiles` table: `account_name` plus whatever fields it has.
    #[schema(value_type = Object)]
    profile: serde_json::Value,
    /// The row's avatar (`avatar`, `avatar_url` or `avatarUrl`: an http(s) address) as
    /// the browser should load it, through the media proxy when it is on; `None` when the
    /// row names none.
    avatar_src: Option<String>,
}

/// The profile fields that name an avatar picture, in the order they are read.
const AVATAR_FIELDS: [&str; 3] = ["avatar", "avatar_url", "avatarUrl"];

/// The avatar address of a profile row, when it names one the browser may load.
fn avatar_of(profile: &serde_json::Value) -> Option<&str> {
    AVATAR_FIELDS
        .iter()
        .filter_map(|field| profile.get(*field)?.as_str())
        .map(str::trim)
        .find(|url| {
            (url.starts_with("https://") || url.starts_with("http://"))
                && url.len() <= 2048
                && !url.chars().any(char::is_whitespace)
        })
}

/// The account's row of the `profiles` contract; 404 `antelope.profile.not_found` without one.
#[utoipa::path(
    get,
    operation_id = "native_profile",
    path = "/api/v1/native/{network}/accounts/{account}/profile",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "The profile row", body = ProfileView),
        (status = 404, description = "No profile (`antelope.profile.not_found`)", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn profile(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<ProfileView>, ApiError> {
    let name = account_name(path.account())?;
    let key = name.to_string();
    match native.profile(name).await? {
        Some(profile) => Ok(Json(ProfileView {
            account: key,
            avatar_src: avatar_of(&profile).map(|url| native.media_link(url)),
            profile,
        })),
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "antelope.profile.not_found",
            "profile not found",
        )
        .with_details(serde_json::json!({ "account": key }))),
    }
}

/// `GET …/permissions`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PermissionsView {
    account: String,
    permissions: Vec<PermissionView>,
}

/// The account's permissions with their keys, accounts and linked actions.
#[utoipa::path(
    get,
    operation_id = "native_permissions",
    path = "/api/v1/native/{network}/accounts/{account}/permissions",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "The permission tree", body = PermissionsView),
        (status = 404, description = "No such account", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn permissions(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<PermissionsView>, ApiError> {
    let name = account_name(path.account())?;
    let permissions = native.permissions(name).await?;
    Ok(Json(PermissionsView {
        account: name.to_string(),
        permissions: permissions.iter().map(PermissionView::from).collect(),
    }))
}
