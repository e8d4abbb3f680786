//! Shared set-up of the native API tests: a real native devnet, the server's router
//! configured with its manifest (as `TANDEM_NATIVE_DEVNET_MANIFEST` would), and calls.

#![allow(dead_code, reason = "each test module uses a part")]

use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::Value;
use tandem_domain::network::{ChainSettingsOverride, NetworkName};
use tandem_server::app;
use tandem_server::config::Config;
use tandem_server::native::SafetyLists;
use tandem_server::networks::served_networks;
use tandem_server::state::AppState;
use tandem_testkit::NativeDevnet;

pub const NETWORK: &str = "telos-native-devnet";

/// The router serving the devnet, optionally with the fee sponsor at another URL.
pub fn router(devnet: &NativeDevnet, fuel_rpc: Option<String>) -> Router {
    router_with(
        devnet,
        ChainSettingsOverride {
            fuel_rpc,
            ..ChainSettingsOverride::default()
        },
    )
}

/// The router serving the devnet with some of its settings overridden.
pub fn router_with(devnet: &NativeDevnet, overrides: ChainSettingsOverride) -> Router {
    let mut config = Config {
        native_devnet_manifest: Some(devnet.manifest_path().to_owned()),
        ..Config::default()
    };
    config
        .network_overrides
        .insert(NetworkName::TelosNativeDevnet, overrides);
    let networks = served_networks(&config).expect("networks with the native devnet");
    app::router(AppState::new(networks, "/nonexistent/web/dist".into()))
}

/// The router serving the devnet with the operator's memo-required and phishing lists.
pub fn router_with_lists(devnet: &NativeDevnet, lists: SafetyLists) -> Router {
    let config = Config {
        native_devnet_manifest: Some(devnet.manifest_path().to_owned()),
        ..Config::default()
    };
    let networks = served_networks(&config).expect("networks with the native devnet");
    app::router(
        AppState::builder(networks, "/nonexistent/web/dist".into())
            .safety_lists(lists)
            .build(),
    )
}

pub use crate::call;

pub async fn get(app: &Router, path: &str) -> (StatusCode, Value) {
    call(
        app,
        Method::GET,
        &format!("/api/v1/native/{NETWORK}/{path}"),
        None,
    )
    .await
}

pub async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    call(
        app,
        Method::POST,
        &format!("/api/v1/native/{NETWORK}/{path}"),
        Some(body),
    )
    .await
}
