//! The HTTP side of the abuse limits (`crate::limits`): [`rate_limit`], the middleware
//! in front of every `/api` route, and [`Client`], the extractor a handler asks for to
//! take a slot for expensive work.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use crate::evm::coverage::FillSlots;
use crate::limits::{Busy, ClientIp, ExpensivePermit, Limits};

/// Works out the request's client and turns it away, before any other work, when it is
/// over its rate: a 429 `rate_limited` with `Retry-After` and the JSON error body.
/// Requests that did not come over the network (in-process tests) have no client and
/// pass.
pub async fn rate_limit(
    State(limits): State<Arc<Limits>>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(client) = client_of(&limits, &request) else {
        return next.run(request).await;
    };
    if let Err(retry) = limits.admit(client) {
        metrics::counter!("tandem_rate_limited_total").increment(1);
        return ApiError::rate_limited(retry.seconds()).into_response();
    }
    request.extensions_mut().insert(client);
    next.run(request).await
}

/// Works out the request's client, as [`rate_limit`] does, without counting the request
/// against its rate (the media proxy: a page asks for dozens of pictures at once).
pub async fn identify(
    State(limits): State<Arc<Limits>>,
    mut request: Request,
    next: Next,
) -> Response {
    if let Some(client) = client_of(&limits, &request) {
        request.extensions_mut().insert(client);
    }
    next.run(request).await
}

fn client_of(limits: &Limits, request: &Request) -> Option<ClientIp> {
    let ConnectInfo(peer) = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .copied()?;
    let forwarded: Vec<&str> = request
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect();
    Some(limits.client(peer.ip(), &forwarded))
}

/// The request's client, when it came over the network, with the limits to take
/// expensive-work slots from.
#[derive(Debug, Clone)]
pub struct Client {
    client: Option<ClientIp>,
    limits: Arc<Limits>,
}

impl Client {
    /// A slot for one expensive operation, held until the permit is dropped (`None`:
    /// this client is exempt).
    ///
    /// # Errors
    /// 429 `too_many_concurrent` when this client runs as many as allowed; 503
    /// `server_busy` when the server does.
    pub fn expensive(&self) -> Result<Option<ExpensivePermit>, ApiError> {
        Ok(self.limits.expensive(self.client)?)
    }

    /// The time a streamed export's body may take (`[limits] export_timeout_seconds`).
    #[must_use]
    pub fn export_budget(&self) -> std::time::Duration {
        self.limits.config().timeouts.export
    }
}

/// A fill of an account's earlier activity is expensive work of the client whose request
/// started it, held for as long as it runs.
impl FillSlots for Client {
    fn take(&self) -> Result<Option<ExpensivePermit>, Busy> {
        self.limits.expensive(self.client)
    }
}

impl<S> FromRequestParts<S> for Client
where
    S: Send + Sync,
    Arc<Limits>: axum::extract::FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Ok(Self {
            client: parts.extensions.get::<ClientIp>().copied(),
            limits: axum::extract::FromRef::from_ref(state),
        })
    }
}
