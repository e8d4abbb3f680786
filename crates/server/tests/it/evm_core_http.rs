//! Cross-cutting behaviour of the EVM routes that needs no chain: malformed input is a
//! 400 with a stable code (checked before any upstream is asked), answers carry a strict
//! Content-Security-Policy, are compressed on request, and get no CORS headers.

use crate::evm_core_support::get;
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use tandem_domain::network::ChainSettings;
use tandem_server::app;
use tandem_server::state::AppState;
use tandem_testkit::request::send;

const ALICE: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

fn app() -> Router {
    app::router(AppState::new(
        ChainSettings::all_builtin(),
        "/nonexistent/web/dist".into(),
    ))
}

#[tokio::test]
async fn evm_core_malformed_input_is_a_400_with_a_stable_code() {
    let app = app();
    let balances = |network: &str, address: &str, query: &str| {
        format!("/api/v1/evm/{network}/accounts/{address}/balances{query}")
    };
    let cases = [
        (
            balances("nope", ALICE, ""),
            "antelope.chain.error_invalid_network",
            "network",
        ),
        (
            balances("telos", ALICE, ""),
            "antelope.chain.error_invalid_network",
            "network",
        ),
        (
            balances("telos-evm-devnet", ALICE, ""),
            "antelope.chain.error_invalid_network",
            "network",
        ),
        (
            balances("telos-evm", "0x123", ""),
            "antelope.evm.error_invalid_address",
            "address",
        ),
        (
            balances(
                "telos-evm",
                &ALICE.replace('C', "c").replacen('c', "C", 1),
                "",
            ),
            "validation.invalid_checksum_address",
            "address",
        ),
        (
            balances("telos-evm", ALICE, "?fiat=US"),
            "validation.invalid_fiat_currency",
            "fiat",
        ),
        (
            balances("telos-evm", ALICE, "?fiat=%E2%82%AC"),
            "validation.invalid_fiat_currency",
            "fiat",
        ),
        (
            balances("telos-evm", ALICE, "?locale=en_US"),
            "validation.invalid_locale",
            "locale",
        ),
        (
            "/api/v1/evm/telos-evm/prices/T-LOS".to_owned(),
            "validation.invalid_token_symbol",
            "symbol",
        ),
        (
            "/api/v1/evm/telos-evm/prices/TLOS/chart?fiat=1".to_owned(),
            "validation.invalid_fiat_currency",
            "fiat",
        ),
        (
            "/api/v1/evm/telos-evm/contracts/0xZZ".to_owned(),
            "antelope.evm.error_invalid_address",
            "address",
        ),
        (
            "/api/v1/evm/wax/contracts/0x00".to_owned(),
            "antelope.chain.error_invalid_network",
            "network",
        ),
        (
            "/api/v1/evm/eos/status".to_owned(),
            "antelope.chain.error_invalid_network",
            "network",
        ),
    ];
    for (uri, code, field) in cases {
        let (status, body) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(body["code"], code, "{uri}: {body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(body["details"][field].is_string(), "{uri}: {body}");
    }
    let (status, body) = get(&app, "/api/v1/evm/telos-evm/prices/GEMS/chart").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "evm.price.chart_unavailable");
}

#[tokio::test]
async fn evm_core_answers_carry_a_strict_content_security_policy() {
    let app = app();
    for uri in ["/api/v1/health", "/", "/evm/wallet"] {
        let response = send(&app, Request::get(uri).body(Body::empty()).unwrap()).await;
        let policy = response
            .headers
            .get(header::CONTENT_SECURITY_POLICY)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("{uri}: no CSP"))
            .to_owned();
        let directives: Vec<&str> = policy.split("; ").collect();
        for expected in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data: https:",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(
                directives.contains(&expected),
                "{uri}: {expected} in {policy}"
            );
        }
        let connect = directives
            .iter()
            .find(|d| d.starts_with("connect-src "))
            .expect("connect-src");
        assert!(connect.starts_with("connect-src 'self' "), "{connect}");
        assert!(connect.contains(" https://rpc.telos.net"), "{connect}");
        assert!(!policy.contains("unsafe"), "{policy}");
    }
}

#[tokio::test]
async fn evm_core_compresses_on_request_and_sends_no_cors_headers() {
    let app = app();
    for encoding in ["br", "gzip"] {
        let request = Request::get("/api/v1/openapi.json")
            .header(header::ACCEPT_ENCODING, encoding)
            .header(header::ORIGIN, "https://evil.example")
            .body(Body::empty())
            .unwrap();
        let response = send(&app, request).await;
        assert_eq!(response.status, StatusCode::OK);
        let headers = response.headers;
        assert_eq!(
            headers
                .get(header::CONTENT_ENCODING)
                .and_then(|v| v.to_str().ok()),
            Some(encoding)
        );
        assert!(headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
    }
    let plain = send(
        &app,
        Request::get("/api/v1/openapi.json")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert!(plain.headers.get(header::CONTENT_ENCODING).is_none());

    let preflight = Request::builder()
        .method(Method::OPTIONS)
        .uri("/api/v1/evm/telos-evm/status")
        .header(header::ORIGIN, "https://evil.example")
        .header(header::ACCESS_CONTROL_REQUEST_METHOD, "GET")
        .body(Body::empty())
        .unwrap();
    let response = send(&app, preflight).await;
    assert!(!response.status.is_success(), "{}", response.status);
    assert!(
        response
            .headers
            .get(header::ACCESS_CONTROL_ALLOW_ORIGIN)
            .is_none()
    );
}
