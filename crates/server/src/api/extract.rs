//! The extractors of the API, each rejecting with [`ApiError`], so every malformed
//! request gets the JSON error body before any handler runs:
//!
//! - [`EvmNet`] / [`NativeNet`] resolve the path's `{network}`: an unknown, unserved or
//!   wrong-kind network is a 400 `antelope.chain.error_invalid_network` with the name in
//!   `details.network`;
//! - [`Path`], [`Query`] and [`JsonBody`] wrap axum's extractors of the same purpose.

use std::ops::Deref;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequest, FromRequestParts, RawPathParams};
use axum::http::request::Parts;

use super::error::ApiError;
use crate::evm::{EvmNetwork, EvmNetworks};
use crate::native::{NativeNetwork, NativeNetworks};

/// The served EVM network named by the path's `{network}`.
#[derive(Debug, Clone)]
pub struct EvmNet(pub Arc<EvmNetwork>);

/// The served native network named by the path's `{network}`.
#[derive(Debug, Clone)]
pub struct NativeNet(pub Arc<NativeNetwork>);

impl Deref for EvmNet {
    type Target = EvmNetwork;

    fn deref(&self) -> &EvmNetwork {
        &self.0
    }
}

impl Deref for NativeNet {
    type Target = NativeNetwork;

    fn deref(&self) -> &NativeNetwork {
        &self.0
    }
}

/// The served networks of one kind, by name.
trait Served {
    /// One network's state.
    type Network;

    /// The served network named `name`.
    fn served(&self, name: &str) -> Option<&Arc<Self::Network>>;
}

impl Served for EvmNetworks {
    type Network = EvmNetwork;

    fn served(&self, name: &str) -> Option<&Arc<EvmNetwork>> {
        self.get(name)
    }
}

impl Served for NativeNetworks {
    type Network = NativeNetwork;

    fn served(&self, name: &str) -> Option<&Arc<NativeNetwork>> {
        self.get(name)
    }
}

/// The served network of kind `N` named by the route's `{network}`.
async fn network<S, N>(parts: &mut Parts, state: &S) -> Result<Arc<N::Network>, ApiError>
where
    S: Send + Sync,
    N: Served,
    Arc<N>: FromRef<S>,
{
    let params = RawPathParams::from_request_parts(parts, state).await?;
    let name = params
        .iter()
        .find_map(|(key, value)| (key == "network").then_some(value))
        .ok_or_else(ApiError::internal)?;
    Arc::<N>::from_ref(state)
        .served(name)
        .cloned()
        .ok_or_else(|| ApiError::invalid_network(name))
}

impl<S> FromRequestParts<S> for EvmNet
where
    S: Send + Sync,
    Arc<EvmNetworks>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        network::<S, EvmNetworks>(parts, state).await.map(Self)
    }
}

impl<S> FromRequestParts<S> for NativeNet
where
    S: Send + Sync,
    Arc<NativeNetworks>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        network::<S, NativeNetworks>(parts, state).await.map(Self)
    }
}

/// The path's parameters; a malformed one is the JSON error body.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// The query string; a malformed one (a number that is not one, an unknown or repeated
/// key) is a 400 `validation.invalid_parameter` with serde's reason.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// A JSON body; one that is not JSON, not the expected shape or sent without the JSON
/// content type is a 400 `validation.invalid_body` with the reason, one over the size
/// limit a 413 `validation.payload_too_large`, one that stops arriving a 408 (`api/error.rs`).
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct JsonBody<T>(pub T);
