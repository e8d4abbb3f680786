//! The OpenAPI document: served at /api/v1/openapi.json, identical to what
//! `tandem-server --print-openapi` writes (the web types' source), describing the core
//! EVM routes with their error bodies and exact-decimal (string) amounts.

use crate::evm_core_support::get;
use axum::http::StatusCode;
use serde_json::Value;
use tandem_domain::network::ChainSettings;
use tandem_server::api::openapi::document_json;
use tandem_server::app;
use tandem_server::state::AppState;

#[tokio::test]
async fn openapi_document_is_served_and_matches_the_printed_one() {
    let app = app::router(AppState::new(
        ChainSettings::all_builtin(),
        "/nonexistent/web/dist".into(),
    ));
    let (status, served) = get(&app, "/api/v1/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let printed: Value = serde_json::from_str(&document_json()).expect("printed document");
    assert_eq!(served, printed);
    assert!(document_json().ends_with("}\n"));
    assert_eq!(served["openapi"], "3.1.0");
    assert_eq!(served["info"]["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn openapi_document_describes_the_core_evm_routes() {
    let document: Value = serde_json::from_str(&document_json()).expect("document");
    let paths = &document["paths"];
    for path in [
        "/api/v1/health",
        "/api/v1/networks",
        "/api/v1/networks/{name}",
        "/api/v1/openapi.json",
        "/api/v1/evm/{network}/accounts/{address}/balances",
        "/api/v1/evm/{network}/prices/{symbol}",
        "/api/v1/evm/{network}/prices/{symbol}/chart",
        "/api/v1/evm/{network}/contracts/{address}",
        "/api/v1/evm/{network}/status",
    ] {
        let get = &paths[path]["get"];
        assert!(get.is_object(), "{path} not documented");
        assert!(get["responses"]["200"].is_object(), "{path}: no 200");
    }
    let balances = &paths["/api/v1/evm/{network}/accounts/{address}/balances"]["get"];
    let parameters: Vec<&str> = balances["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(parameters, ["network", "address", "fiat", "locale"]);
    let bad_request = &balances["responses"]["400"]["content"]["application/json"]["schema"];
    assert_eq!(bad_request["$ref"], "#/components/schemas/ErrorBody");

    let schemas = &document["components"]["schemas"];
    let amount = &schemas["AmountView"]["properties"];
    for field in ["value", "raw", "formatted"] {
        assert_eq!(amount[field]["type"], "string", "AmountView.{field}");
    }
    assert_eq!(
        schemas["BalanceRowView"]["properties"]["price"]["type"],
        "string"
    );
    assert!(
        schemas["ErrorBody"]["required"]
            .as_array()
            .is_some_and(|r| r.contains(&Value::from("code")))
    );
}

#[test]
fn openapi_document_describes_every_native_route() {
    let document: Value = serde_json::from_str(&document_json()).expect("document");
    let paths = &document["paths"];
    let served = tandem_server::api::native::route_paths();
    assert!(served.len() >= 20, "{served:?}");
    for (method, path) in &served {
        let operation = &paths[path.as_str()][method.as_str().to_lowercase()];
        assert!(operation.is_object(), "{method} {path} is not documented");
        assert!(
            operation["responses"]["200"].is_object(),
            "{method} {path}: no 200"
        );
        assert_eq!(operation["tags"][0], "native", "{method} {path}");
        let errors = operation["responses"]
            .as_object()
            .expect("responses")
            .iter()
            .filter(|(status, _)| status.starts_with('4') || status.starts_with('5'))
            .count();
        assert!(errors > 0, "{method} {path}: no error answer documented");
    }
    // Nothing documented under /native that is not served.
    for (path, item) in paths.as_object().expect("paths") {
        if !path.starts_with("/api/v1/native/") {
            continue;
        }
        for method in item.as_object().expect("item").keys() {
            assert!(
                served
                    .iter()
                    .any(|(m, p)| p == path && m.as_str().eq_ignore_ascii_case(method)),
                "{method} {path} documented but not served"
            );
        }
    }
    // Operation ids are unique (the web's generated types are keyed by them).
    let mut ids: Vec<&str> = paths
        .as_object()
        .expect("paths")
        .values()
        .flat_map(|item| item.as_object().into_iter().flat_map(|ops| ops.values()))
        .filter_map(|operation| operation["operationId"].as_str())
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "duplicate operation ids");
}
