//! The router called in-process: API answers, error bodies, SPA hosting and headers.

use std::path::Path;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use axum::routing::get;
use serde_json::Value;
use tandem_domain::network::{ChainSettings, DevnetSettings, RpcEndpoint};
use tandem_server::app;
use tandem_server::state::{AppState, ClientSettings};
use tandem_testkit::request::{self, Answer};

fn app_with(networks: Vec<ChainSettings>, web_dist: &Path) -> Router {
    app::router(AppState::new(networks, web_dist.to_owned()))
}

fn app_without_dist() -> Router {
    app_with(
        ChainSettings::all_builtin(),
        Path::new("/nonexistent/tandem/web/dist"),
    )
}

async fn send(app: Router, method: Method, uri: &str) -> Answer {
    request::call(&app, method, uri, None).await
}

async fn get_json(app: Router, uri: &str) -> (StatusCode, Value) {
    let response = send(app, Method::GET, uri).await;
    let status = response.status;
    (status, json_body(&response))
}

fn body_text(response: &Answer) -> String {
    String::from_utf8(response.body.to_vec()).expect("utf-8 body")
}

fn json_body(response: &Answer) -> Value {
    assert_eq!(
        response.header(header::CONTENT_TYPE),
        Some("application/json")
    );
    serde_json::from_str(&body_text(response)).expect("JSON body")
}

/// The error body of a refused request: a `validation.*` code and a message.
fn assert_validation_error(uri: &str, body: &Value) {
    assert!(
        body["code"]
            .as_str()
            .is_some_and(|code| code.starts_with("validation.")),
        "{uri}: {body}"
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{uri}: {body}"
    );
}

fn header_value(response: &Answer, name: header::HeaderName) -> Option<&str> {
    response.header(name)
}

#[tokio::test]
async fn health_reports_version_uptime_and_served_networks() {
    let (status, body) = get_json(app_without_dist(), "/api/v1/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    assert!(body["uptimeSeconds"].is_u64(), "{body}");
    // What the operator left unset is said here, not on the users' home page.
    assert_eq!(
        body["operatorNotes"][0]["setting"], "wallet_connect_project_id",
        "{body}"
    );
    let names: Vec<&str> = body["networks"]
        .as_array()
        .expect("networks array")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        names,
        [
            "telos",
            "telos-evm",
            "telos-testnet",
            "telos-evm-testnet",
            "eos",
            "wax",
            "ux",
            "jungle"
        ]
    );
}

#[tokio::test]
async fn networks_lists_every_chain_setting() {
    let (status, body) = get_json(app_without_dist(), "/api/v1/networks").await;
    assert_eq!(status, StatusCode::OK);
    let networks = body["networks"].as_array().expect("networks array");
    assert_eq!(networks.len(), 8);
    let telos_evm = networks
        .iter()
        .find(|network| network["name"] == "telos-evm")
        .expect("telos-evm listed");
    assert_eq!(telos_evm["chainId"], 40);
    assert_eq!(telos_evm["kind"], "evm");
    assert_eq!(
        telos_evm["wrappedToken"]["contract"],
        "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E"
    );
}

#[tokio::test]
async fn one_network_by_name() {
    let (status, body) = get_json(app_without_dist(), "/api/v1/networks/telos-evm-testnet").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["chainId"], 41);
    assert_eq!(body["isTestnet"], true);
    assert_eq!(body["indexerEndpoint"], "https://testnet.teloscan.io");
}

#[tokio::test]
async fn an_unknown_network_answers_the_invalid_network_key() {
    for name in ["mars", "telos-evm-devnet"] {
        let uri = format!("/api/v1/networks/{name}");
        let (status, body) = get_json(app_without_dist(), &uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}");
        assert_eq!(body["code"], "antelope.chain.error_invalid_network");
        assert_eq!(body["message"], format!("unknown network '{name}'"));
        assert_eq!(body["details"]["network"], name);
    }
}

#[tokio::test]
async fn the_devnet_is_served_when_its_settings_are_given() {
    let mut networks = ChainSettings::all_builtin();
    networks.push(ChainSettings::devnet(DevnetSettings {
        chain_id: 41,
        rpc_endpoint: RpcEndpoint {
            protocol: "http".to_owned(),
            host: "127.0.0.1".to_owned(),
            port: 8545,
            path: "/".to_owned(),
        },
        token_list_url: "http://127.0.0.1:9100/tokenlist.json".to_owned(),
        wrapped_token_address: "0x5FbDB2315678afecb367f032d93F642f64180aa3".to_owned(),
        staked_token_address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512".to_owned(),
        escrow_address: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0".to_owned(),
    }));
    let app = app_with(networks, Path::new("/nonexistent"));
    let (status, body) = get_json(app.clone(), "/api/v1/networks/telos-evm-devnet").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["isDevnet"], true);
    assert_eq!(body["rpcEndpoint"]["port"], 8545);
    let (_, health) = get_json(app, "/api/v1/health").await;
    assert_eq!(health["networks"][8], "telos-evm-devnet");
}

#[tokio::test]
async fn unknown_api_paths_answer_not_found_in_json() {
    for uri in ["/api", "/api/", "/api/v1", "/api/v1/nope", "/api/v2/health"] {
        let (status, body) = get_json(app_without_dist(), uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(body["code"], "not_found", "{uri}");
        assert_eq!(body["details"]["path"], uri);
    }
}

#[tokio::test]
async fn a_wrong_method_answers_405_with_a_body() {
    let response = send(app_without_dist(), Method::POST, "/api/v1/health").await;
    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
    let body = json_body(&response);
    assert_eq!(body["code"], "method_not_allowed");
    assert_eq!(body["message"], "POST is not allowed on /api/v1/health");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    for uri in ["/api/v1/health", "/api/nope", "/"] {
        let response = send(app_without_dist(), Method::GET, uri).await;
        assert_eq!(
            header_value(&response, header::X_CONTENT_TYPE_OPTIONS),
            Some("nosniff")
        );
        assert_eq!(
            header_value(&response, header::REFERRER_POLICY),
            Some("no-referrer")
        );
        assert_eq!(
            header_value(&response, header::X_FRAME_OPTIONS),
            Some("DENY")
        );
    }
}

#[tokio::test]
async fn a_panicking_handler_still_answers_the_json_error_body() {
    let panicking = Router::new().route(
        "/api/v1/boom",
        get(|| async {
            panic!("deliberate test panic");
            #[allow(unreachable_code, reason = "gives the handler a response type")]
            ""
        }),
    );
    let response = send(app::with_middleware(panicking), Method::GET, "/api/v1/boom").await;
    assert_eq!(response.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        header_value(&response, header::X_FRAME_OPTIONS),
        Some("DENY")
    );
    let body = json_body(&response);
    assert_eq!(body["code"], "internal_error");
}

/// A built web app in `<root>/dist` (index.html, one hashed asset, one root file),
/// beside a file outside it that must never be served.
struct WebBuild {
    root: tempfile::TempDir,
}

impl WebBuild {
    fn new() -> Self {
        let root = tempfile::tempdir().expect("temp dir");
        let dist = root.path().join("dist");
        std::fs::create_dir_all(dist.join("assets")).expect("assets dir");
        let write = |path: &Path, text: &str| std::fs::write(path, text).expect("write file");
        write(
            &dist.join("index.html"),
            "<!doctype html><title>Tandem</title>",
        );
        write(
            &dist.join("assets/index-3f2a9c.js"),
            "console.log('tandem')",
        );
        write(&dist.join("favicon.svg"), "<svg/>");
        write(&root.path().join("secret.txt"), "outside the dist dir");
        Self { root }
    }

    fn app(&self) -> Router {
        app_with(ChainSettings::all_builtin(), &self.root.path().join("dist"))
    }
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[tokio::test]
async fn the_spa_is_served_with_cache_headers() {
    let build = WebBuild::new();
    let app = build.app();
    // (path, status, cache control, body starts with)
    let cases = [
        ("/", StatusCode::OK, "no-cache", "<!doctype html>"),
        ("/index.html", StatusCode::OK, "no-cache", "<!doctype html>"),
        (
            "/wallet/balances",
            StatusCode::OK,
            "no-cache",
            "<!doctype html>",
        ),
        (
            "/evm/telos-evm/nfts?x=1",
            StatusCode::OK,
            "no-cache",
            "<!doctype html>",
        ),
        ("/favicon.svg", StatusCode::OK, "no-cache", "<svg/>"),
        (
            "/assets/index-3f2a9c.js",
            StatusCode::OK,
            IMMUTABLE,
            "console.log",
        ),
    ];
    for (uri, status, cache_control, start) in cases {
        let response = send(app.clone(), Method::GET, uri).await;
        assert_eq!(response.status, status, "{uri}");
        assert_eq!(
            header_value(&response, header::CACHE_CONTROL),
            Some(cache_control),
            "{uri}"
        );
        assert_eq!(
            header_value(&response, header::X_CONTENT_TYPE_OPTIONS),
            Some("nosniff")
        );
        assert!(body_text(&response).starts_with(start), "{uri}");
    }

    let script = send(app.clone(), Method::GET, "/assets/index-3f2a9c.js").await;
    let content_type = header_value(&script, header::CONTENT_TYPE).unwrap_or_default();
    assert!(content_type.contains("javascript"), "{content_type}");
    let page = send(app.clone(), Method::HEAD, "/wallet").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(header_value(&page, header::CACHE_CONTROL), Some("no-cache"));
}

#[tokio::test]
async fn missing_assets_and_escapes_are_not_served() {
    let build = WebBuild::new();
    let app = build.app();
    let missing = send(app.clone(), Method::GET, "/assets/gone-000000.js").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_ne!(
        header_value(&missing, header::CACHE_CONTROL),
        Some(IMMUTABLE)
    );

    for uri in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/../../secret.txt",
    ] {
        let escape = send(app.clone(), Method::GET, uri).await;
        let body = body_text(&escape);
        assert!(
            !body.contains("outside the dist dir"),
            "{uri} served {body}"
        );
    }

    let post = send(app, Method::POST, "/wallet").await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(json_body(&post)["code"], "method_not_allowed");
}

#[tokio::test]
async fn a_missing_web_build_answers_503_saying_to_build_it() {
    let app = app_without_dist();
    for uri in ["/", "/wallet/balances"] {
        let response = send(app.clone(), Method::GET, uri).await;
        assert_eq!(response.status, StatusCode::SERVICE_UNAVAILABLE, "{uri}");
        let page = body_text(&response);
        assert!(page.contains("npm run build"), "{page}");
        assert!(page.contains("/nonexistent/tandem/web/dist"), "{page}");
    }
    let (status, _) = get_json(app, "/api/v1/health").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn extractor_rejections_answer_with_the_json_error_body() {
    let address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    for uri in [
        // A query key given twice: the query extractor rejects it before the handler.
        format!("/api/v1/evm/telos-evm/accounts/{address}/balances?fiat=USD&fiat=EUR"),
        // A number that is not one.
        "/api/v1/native/telos/accounts/alice/history?limit=many".to_owned(),
    ] {
        let (status, body) = get_json(app_without_dist(), &uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_validation_error(&uri, &body);
    }

    // A JSON body that is not JSON.
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/evm/telos-evm/transactions/prepare")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{not json"))
        .expect("request");
    let response = request::send(&app_without_dist(), request).await;
    assert!(response.status.is_client_error());
    let body = json_body(&response);
    assert!(
        body["code"]
            .as_str()
            .is_some_and(|code| code.starts_with("validation.")),
        "{body}"
    );
}

/// Rejections that no handler sees (a body too large, a missing content type, a path
/// that is not UTF-8, a bad query) still answer the JSON error body with a stable code.
#[tokio::test]
async fn rejections_before_any_handler_are_json_error_bodies() {
    let prepare = "/api/v1/evm/telos-evm/transactions/prepare";
    let post = |content_type: Option<&str>, body: Body| {
        let mut request = Request::builder().method(Method::POST).uri(prepare);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        request.body(body).expect("request")
    };
    let too_large = Body::from(vec![b' '; 3 << 20]);
    let requests = [
        post(None, Body::from("{}")),
        post(Some("text/plain"), Body::from("{}")),
        post(Some("application/json"), too_large),
        Request::get("/api/v1/evm/telos-evm/accounts/%FF%FE/balances")
            .body(Body::empty())
            .expect("request"),
        Request::get("/api/v1/native/telos/accounts/alice/proposals?limit=-1")
            .body(Body::empty())
            .expect("request"),
    ];
    for request in requests {
        let uri = request.uri().to_string();
        let response = request::send(&app_without_dist(), request).await;
        let status = response.status;
        assert!(status.is_client_error(), "{uri}: {status}");
        assert_validation_error(&uri, &json_body(&response));
    }
}

#[tokio::test]
async fn client_config_says_whether_the_connection_protocol_is_configured() {
    let (status, body) = get_json(app_without_dist(), "/api/v1/client-config").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, serde_json::json!({ "walletConnectProjectId": null }));

    let id = "0123456789abcdef0123456789abcdef";
    let configured = app::router(
        AppState::builder(ChainSettings::all_builtin(), "/nonexistent".into())
            .client_settings(ClientSettings {
                wallet_connect_project_id: Some(id.to_owned()),
            })
            .build(),
    );
    let response = send(configured.clone(), Method::GET, "/api/v1/client-config").await;
    let policy = header_value(&response, header::CONTENT_SECURITY_POLICY)
        .expect("a policy")
        .to_owned();
    assert!(policy.contains("wss://relay.walletconnect.org"), "{policy}");
    assert_eq!(
        json_body(&response),
        serde_json::json!({ "walletConnectProjectId": id })
    );
    let response = send(app_without_dist(), Method::GET, "/api/v1/client-config").await;
    let policy = header_value(&response, header::CONTENT_SECURITY_POLICY).expect("a policy");
    assert!(!policy.contains("walletconnect"), "{policy}");
}
