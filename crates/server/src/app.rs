//! The whole HTTP application: API routes, the SPA, and the layers every answer
//! passes through (panic guard, security headers, request tracing).

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use tandem_domain::network::ChainSettings;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::api::native::NativeClients;
use crate::api::{self, error::ApiError};
use crate::evm::{EvmNetwork, EvmNetworks, EvmOptions};
use crate::{security, spa};

/// What every handler can read: the served networks, the start time, the web dist.
#[derive(Debug, Clone)]
pub struct AppState {
    inner: Arc<StateInner>,
}

#[derive(Debug)]
struct StateInner {
    networks: Vec<ChainSettings>,
    native: NativeClients,
    evm: EvmNetworks,
    web_dist: PathBuf,
    started: Instant,
    client: ClientSettings,
}

/// What the browser app is told about this server's configuration
/// (`GET /api/v1/client-config`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientSettings {
    /// The connection-protocol (WalletConnect v2) project id, when configured.
    pub wallet_connect_project_id: Option<String>,
}

impl AppState {
    /// State without the built-in index or a price aggregator (see [`Self::with_evm`]).
    #[must_use]
    pub fn new(networks: Vec<ChainSettings>, web_dist: PathBuf) -> Self {
        Self::with_evm(networks, web_dist, &EvmOptions::default())
    }

    /// State whose EVM networks are built with `evm` options. Inside a Tokio runtime
    /// their background work (health checks, token lists, the devnet's indexer)
    /// starts at once; it stops with [`Self::shut_down`] or when the state is dropped.
    #[must_use]
    pub fn with_evm(networks: Vec<ChainSettings>, web_dist: PathBuf, evm: &EvmOptions) -> Self {
        Self {
            inner: Arc::new(StateInner {
                native: NativeClients::new(&networks),
                evm: EvmNetworks::new(&networks, evm),
                networks,
                web_dist,
                started: Instant::now(),
                client: ClientSettings::default(),
            }),
        }
    }

    /// The same state with `client` settings; call it right after building the state
    /// (before it is shared), as `main` does.
    #[must_use]
    pub fn with_client_settings(mut self, client: ClientSettings) -> Self {
        match Arc::get_mut(&mut self.inner) {
            Some(inner) => inner.client = client,
            None => tracing::warn!("client settings ignored: the state is already shared"),
        }
        self
    }

    /// What the browser app is told about this server.
    #[must_use]
    pub fn client_settings(&self) -> &ClientSettings {
        &self.inner.client
    }

    #[must_use]
    pub fn networks(&self) -> &[ChainSettings] {
        &self.inner.networks
    }

    /// Clients of the served native networks.
    #[must_use]
    pub fn native(&self) -> &NativeClients {
        &self.inner.native
    }

    /// The state of every served EVM network.
    #[must_use]
    pub fn evm_networks(&self) -> &EvmNetworks {
        &self.inner.evm
    }

    /// The served EVM network named `network`, or a 400
    /// `antelope.chain.error_invalid_network` for an unknown, native or unserved one.
    ///
    /// # Errors
    /// The 400 above, with the name in `details.network`.
    pub fn evm(&self, network: &str) -> Result<&EvmNetwork, ApiError> {
        let invalid = || {
            ApiError::from_domain(
                axum::http::StatusCode::BAD_REQUEST,
                &tandem_domain::DomainError::InvalidNetwork(network.to_owned()),
            )
            .with_details(serde_json::json!({ "network": network }))
        };
        let name: tandem_domain::network::NetworkName = network.parse().map_err(|_| invalid())?;
        self.inner.evm.get(name).ok_or_else(invalid)
    }

    /// Stops the background work (the devnet's indexer finishes its batch) and waits
    /// for it to end.
    pub async fn shut_down(&self) {
        self.inner.evm.shut_down().await;
    }

    #[must_use]
    pub fn web_dist(&self) -> &Path {
        &self.inner.web_dist
    }

    #[must_use]
    pub fn uptime(&self) -> Duration {
        self.inner.started.elapsed()
    }
}

/// The complete application, ready to serve.
pub fn router(state: AppState) -> Router {
    let policy = security::content_security_policy(
        state.networks(),
        state.client_settings().wallet_connect_project_id.is_some(),
    );
    let routes = api::routes()
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(fallback)
        .with_state(state);
    with_middleware(routes).layer(SetResponseHeaderLayer::overriding(
        header::CONTENT_SECURITY_POLICY,
        policy,
    ))
}

/// Wraps any router in the layers every Tandem answer gets. Public so tests can
/// check the panic guard on a route that panics on purpose.
pub fn with_middleware(router: Router) -> Router {
    let security_header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    router
        .layer(CatchPanicLayer::custom(answer_panic))
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::REFERRER_POLICY, "no-referrer"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        // gzip or brotli as the client accepts; no CORS layer, so other origins are refused.
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}

fn answer_panic(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = detail, "a request handler panicked");
    ApiError::internal().into_response()
}

async fn method_not_allowed(method: Method, request: Request) -> Response {
    ApiError::method_not_allowed(method.as_str(), request.uri().path()).into_response()
}

/// Anything no route matched: a JSON 404 under `/api`, the SPA elsewhere.
async fn fallback(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(path).into_response();
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return ApiError::method_not_allowed(request.method().as_str(), path).into_response();
    }
    spa::serve(state.web_dist(), request).await
}
