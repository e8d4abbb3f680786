//! Connection hygiene over real sockets (issue 35), with loopback held to the limits:
//! a half-sent header, a half-sent body and an idle kept-alive connection are each closed
//! within the configured time; 500 connections from one address (127.0.0.2) are refused
//! past its cap while another (127.0.0.3) is still served; a body over the size limit is
//! a 413. The networks' upstreams point at a closed local port: nothing leaves the host.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tandem_server::app;
use tandem_server::limits::{LimitsConfig, Timeouts};
use tandem_server::state::AppState;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::oneshot;

use crate::evm_router_props::offline_networks;

const PREPARE: &str = "/api/v1/evm/telos-evm/transactions/prepare";
/// How long a stop lets requests in flight finish.
const DRAIN: Duration = Duration::from_secs(30);

fn limits(header: Duration, per_client: u32) -> LimitsConfig {
    LimitsConfig {
        requests_per_second: 0,
        exempt_loopback: false,
        connections_per_client: per_client,
        timeouts: Timeouts {
            header,
            body: Duration::from_secs(1),
            request: Duration::from_secs(5),
            export: Duration::from_secs(60),
        },
        ..LimitsConfig::default()
    }
}

/// The server on a free loopback port until the sender is fired.
async fn serve(limits: LimitsConfig) -> (SocketAddr, oneshot::Sender<()>) {
    let state = AppState::builder(offline_networks(), "/nonexistent/web/dist".into())
        .limits(limits)
        .build();
    let listener = tandem_server::bind("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let shared = Arc::clone(state.limits_arc());
    tokio::spawn(async move {
        tandem_server::serve(listener, app::router(state), shared, DRAIN, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (address, stop)
}

async fn connect_from(source: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    socket.connect(server).await.unwrap()
}

/// Reads until the server closes the connection (or 10 s pass); what it sent and when
/// it closed, counted from `since`.
async fn until_closed(stream: &mut TcpStream, since: Instant) -> (String, Duration) {
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => break,
            Ok(Ok(read)) => received.extend_from_slice(&buffer[..read]),
            Err(_) => panic!("still open after 10 s"),
        }
    }
    (
        String::from_utf8_lossy(&received).into_owned(),
        since.elapsed(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_and_idle_connections_are_closed_in_time() {
    let (server, stop) = serve(limits(Duration::from_secs(1), 64)).await;

    let mut header = connect_from("127.0.0.1", server).await;
    header
        .write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: tandem\r\nX-Slow: ")
        .await
        .unwrap();
    let (_, took) = until_closed(&mut header, Instant::now()).await;
    assert!(
        took < Duration::from_secs(3),
        "half-sent header held {took:?}"
    );

    let mut body = connect_from("127.0.0.1", server).await;
    let head = format!(
        "POST {PREPARE} HTTP/1.1\r\nHost: tandem\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"kind\":"
    );
    body.write_all(head.as_bytes()).await.unwrap();
    let (answer, took) = until_closed(&mut body, Instant::now()).await;
    assert!(
        took < Duration::from_secs(3),
        "half-sent body held {took:?}"
    );
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request_timeout"), "{answer}");

    let mut idle = connect_from("127.0.0.1", server).await;
    idle.write_all(b"GET /livez HTTP/1.1\r\nHost: tandem\r\n\r\n")
        .await
        .unwrap();
    let (answer, took) = until_closed(&mut idle, Instant::now()).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        took < Duration::from_secs(3),
        "idle kept-alive connection held {took:?}"
    );
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_is_refused_past_its_cap_while_another_is_served() {
    // A long header time, so only the cap closes connections early.
    let (server, stop) = serve(limits(Duration::from_secs(30), 20)).await;
    let mut flood = Vec::new();
    for _ in 0..500 {
        let mut stream = connect_from("127.0.0.2", server).await;
        // Half a request each, as a slow attacker sends.
        let _ = stream
            .write_all(b"GET /livez HTTP/1.1\r\nHost: x\r\n")
            .await;
        flood.push(stream);
    }
    let client = reqwest::Client::builder()
        .local_address("127.0.0.3".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    for _ in 0..5 {
        let answer = client
            .get(format!("http://{server}/livez"))
            .send()
            .await
            .expect("the other client is served");
        assert_eq!(answer.status(), 200);
    }
    let mut closed = 0;
    for stream in &mut flood {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_millis(200), stream.read(&mut byte)).await;
        if let Ok(Ok(0) | Err(_)) = read {
            closed += 1;
        }
    }
    assert_eq!(closed, 480, "all but the cap's 20 were closed at once");
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_the_limit_is_413() {
    let (server, stop) = serve(limits(Duration::from_secs(5), 64)).await;
    let body = format!(r#"{{"kind":"send","from":"{}"}}"#, "a".repeat(3 << 20));
    let answer = reqwest::Client::new()
        .post(format!("http://{server}{PREPARE}"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 413);
    let error: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(error["code"], "validation.payload_too_large");
    let _ = stop.send(());
}
