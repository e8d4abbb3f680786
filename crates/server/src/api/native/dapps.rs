//! `GET /api/v1/native/{network}/dapps?q=`: the curated list of native-chain apps
//! ([`crate::native::dapps`]), searched by name, category and description. Every entry
//! is served on every native network, marked with whether it runs there, those that do
//! first, so a testnet or the devnet still shows the directory. Each link carries its
//! risk, judged against the phishing list ([`crate::native::phishing`]) and the listed
//! apps' own domains.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Query};
use crate::native::dapps::Dapp;
use tandem_domain::spam::phishing::{LinkRisk, host_of};

/// Longest search text accepted.
const MAX_QUERY_CHARS: usize = 100;

/// Query of `…/dapps`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct DappQuery {
    /// Words to search for (every one must match); all apps when empty. At most 100 characters.
    q: Option<String>,
}

/// One app in the answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DappView {
    id: String,
    name: String,
    category: String,
    description: String,
    url: String,
    networks: Vec<String>,
    /// Whether the app runs on the network asked about.
    runs_on_network: bool,
    /// Set when the link is on the phishing list or imitates a listed app's domain: the
    /// web then warns instead of linking. Null for a link with nothing against it.
    risk: Option<LinkRiskView>,
}

/// Why an app's link is risky.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkRiskView {
    /// `phishing_listed` (its domain is on the phishing list), `phishing_lookalike` (it
    /// imitates a known app's domain) or `phishing_punycode` (its host is written in
    /// punycode, where look-alike letters hide).
    code: String,
    /// The listed domain it matched, the domain it imitates, or (punycode) its own host.
    domain: String,
}

impl LinkRiskView {
    fn new(risk: &LinkRisk, link: &str) -> Self {
        let domain = match risk {
            LinkRisk::Listed { domain } => domain.clone(),
            LinkRisk::Lookalike { of } => of.clone(),
            LinkRisk::Punycode => host_of(link).unwrap_or_default(),
        };
        Self {
            code: risk.code().to_owned(),
            domain,
        }
    }
}

impl DappView {
    fn new(dapp: &Dapp, runs_on_network: bool, risk: Option<LinkRiskView>) -> Self {
        Self {
            id: dapp.id.clone(),
            name: dapp.name.clone(),
            category: dapp.category.clone(),
            description: dapp.description.clone(),
            url: dapp.url.clone(),
            networks: dapp.networks.clone(),
            runs_on_network,
            risk,
        }
    }
}

/// `GET …/dapps`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DappsView {
    network: String,
    query: String,
    total: usize,
    /// Those that run on the network first.
    dapps: Vec<DappView>,
}

/// The curated apps matching every word of `q` (all when empty).
#[utoipa::path(
    get,
    operation_id = "native_dapps",
    path = "/api/v1/native/{network}/dapps",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), DappQuery),
    responses(
        (status = 200, description = "Matching apps", body = DappsView),
        (status = 400, description = "Unknown network or a search too long", body = crate::api::error::ErrorBody),
    )
)]
pub async fn dapps(
    native: NativeNet,
    Query(query): Query<DappQuery>,
) -> Result<Json<DappsView>, ApiError> {
    let text = query.q.unwrap_or_default();
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_parameter",
            format!("q can have at most {MAX_QUERY_CHARS} characters"),
        )
        .with_details(serde_json::json!({ "parameter": "q" })));
    }
    let name = native.settings.name.to_string();
    let phishing = native.phishing().current();
    let hosts = native.dapps().hosts();
    let good: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let dapps: Vec<DappView> = native
        .dapps()
        .search(&name, &text)
        .into_iter()
        .map(|(dapp, runs)| {
            let risk = phishing
                .judge(&dapp.url, &good)
                .map(|risk| LinkRiskView::new(&risk, &dapp.url));
            DappView::new(dapp, runs, risk)
        })
        .collect();
    Ok(Json(DappsView {
        network: name,
        query: text.trim().to_owned(),
        total: dapps.len(),
        dapps,
    }))
}
