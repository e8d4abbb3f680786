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

/// The `{network}` parameter of the matched route, as sent.
async fn network_param<S: Send + Sync>(parts: &mut Parts, state: &S) -> Result<String, ApiError> {
    let params = RawPathParams::from_request_parts(parts, state).await?;
    params
        .iter()
        .find(|(key, _)| *key == "network")
        .map(|(_, value)| value.to_owned())
        .ok_or_else(ApiError::internal)
}

impl<S> FromRequestParts<S> for EvmNet
where
    S: Send + Sync,
    Arc<EvmNetworks>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let name = network_param(parts, state).await?;
        let networks = Arc::<EvmNetworks>::from_ref(state);
        match networks.get(&name) {
            Some(network) => Ok(Self(Arc::clone(network))),
            None => Err(ApiError::invalid_network(&name)),
        }
    }
}

impl<S> FromRequestParts<S> for NativeNet
where
    S: Send + Sync,
    Arc<NativeNetworks>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let name = network_param(parts, state).await?;
        let networks = Arc::<NativeNetworks>::from_ref(state);
        match networks.get(&name) {
            Some(network) => Ok(Self(Arc::clone(network))),
            None => Err(ApiError::invalid_network(&name)),
        }
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

/// A JSON body; one that is not JSON, not the expected shape, too large or sent
/// without the JSON content type is a 400 `validation.invalid_body` with the reason.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct JsonBody<T>(pub T);
