//! Extractors that resolve the `{network}` of a path, so a handler receives a served
//! network or never runs: an unknown, unserved or wrong-kind network is a 400
//! `antelope.chain.error_invalid_network` with the name in `details.network`.

use std::ops::Deref;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, RawPathParams};
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
