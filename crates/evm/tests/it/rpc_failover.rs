//! Fallback nodes: a node that gives no answer (refused, HTTP 503) hands the request to
//! the next; a node that answers — a JSON-RPC error included — is final.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use tandem_evm::reads::ChainReader;

/// A node answering every request as `answer` does, counting them.
async fn node(answer: fn(&Value) -> Response) -> (String, Arc<AtomicUsize>) {
    let asked = Arc::new(AtomicUsize::new(0));
    let app = Router::new()
        .route(
            "/",
            post(
                move |State(asked): State<Arc<AtomicUsize>>, Json(request): Json<Value>| async move {
                    asked.fetch_add(1, Ordering::SeqCst);
                    answer(&request)
                },
            ),
        )
        .with_state(Arc::clone(&asked));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (url, asked)
}

fn block_42(request: &Value) -> Response {
    Json(json!({"jsonrpc": "2.0", "id": request["id"], "result": "0x2a"})).into_response()
}

fn overloaded(_: &Value) -> Response {
    StatusCode::SERVICE_UNAVAILABLE.into_response()
}

fn refuses_the_method(request: &Value) -> Response {
    Json(json!({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "method not allowed"}}))
        .into_response()
}

fn closed_port() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    format!("http://127.0.0.1:{port}")
}

#[tokio::test]
async fn a_node_without_an_answer_hands_the_request_to_the_next() {
    let (busy, busy_asked) = node(overloaded).await;
    let (spare, spare_asked) = node(block_42).await;
    let reader = ChainReader::connect_with_fallbacks(&closed_port(), &[busy, spare]).unwrap();
    assert_eq!(reader.block_number().await.unwrap(), 42);
    assert_eq!(busy_asked.load(Ordering::SeqCst), 1);
    assert_eq!(spare_asked.load(Ordering::SeqCst), 1);
    // Every request starts again at the configured node.
    assert_eq!(reader.block_number().await.unwrap(), 42);
    assert_eq!(busy_asked.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_node_that_answers_with_an_error_is_final() {
    let (strict, strict_asked) = node(refuses_the_method).await;
    let (spare, spare_asked) = node(block_42).await;
    let reader = ChainReader::connect_with_fallbacks(&strict, &[spare]).unwrap();
    let error = reader.block_number().await.unwrap_err();
    assert!(error.to_string().contains("method not allowed"), "{error}");
    assert_eq!(strict_asked.load(Ordering::SeqCst), 1);
    assert_eq!(spare_asked.load(Ordering::SeqCst), 0);
    // Without fallbacks, a refused connection is the answer.
    let alone = ChainReader::connect_with_fallbacks(&closed_port(), &[]).unwrap();
    assert!(alone.block_number().await.is_err());
}
