//! Spec §7: at most 5 requests in flight to a history service. A local HTTP server that
//! answers each request after a pause counts how many it holds at once while 20 lookups
//! run concurrently; and with exports' bulk reads running beside lookups, the bulk reads
//! hold at most their lane's slots while the lookups use the rest.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tandem_antelope::history::{ActionsQuery, HistoryClient, MAX_BULK_IN_FLIGHT, MAX_IN_FLIGHT};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[derive(Default)]
struct Counts {
    now: AtomicUsize,
    most: AtomicUsize,
    served: AtomicUsize,
    bulk_now: AtomicUsize,
    bulk_most: AtomicUsize,
}

async fn answer_slowly(mut socket: tokio::net::TcpStream, counts: Arc<Counts>) {
    let mut buffer = [0_u8; 4096];
    let read = socket.read(&mut buffer).await.unwrap_or(0);
    let bulk = String::from_utf8_lossy(&buffer[..read]).contains("get_actions");
    let now = counts.now.fetch_add(1, Ordering::SeqCst) + 1;
    counts.most.fetch_max(now, Ordering::SeqCst);
    if bulk {
        let bulk_now = counts.bulk_now.fetch_add(1, Ordering::SeqCst) + 1;
        counts.bulk_most.fetch_max(bulk_now, Ordering::SeqCst);
    }
    tokio::time::sleep(Duration::from_millis(80)).await;
    counts.now.fetch_sub(1, Ordering::SeqCst);
    if bulk {
        counts.bulk_now.fetch_sub(1, Ordering::SeqCst);
    }
    counts.served.fetch_add(1, Ordering::SeqCst);
    let body = if bulk {
        r#"{"total":{"value":0,"relation":"eq"},"actions":[]}"#
    } else {
        r#"{"account":"alice","creator":"eosio","timestamp":"2026-01-01T00:00:00.000","block_num":1,"trx_id":"ab"}"#
    };
    let reply = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = socket.write_all(reply.as_bytes()).await;
}

/// A slow history service on a free port: its URL and its counts.
async fn slow_service() -> (String, Arc<Counts>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let counts = Arc::new(Counts::default());
    let server_counts = Arc::clone(&counts);
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(answer_slowly(socket, Arc::clone(&server_counts)));
        }
    });
    (base, counts)
}

#[tokio::test]
async fn history_requests_are_throttled_to_five_in_flight() {
    let (base, counts) = slow_service().await;
    let client = HistoryClient::new(&base, reqwest::Client::new()).expect("client");
    let mut lookups = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let client = client.clone();
        lookups.spawn(async move { client.get_creator("alice".parse().expect("name")).await });
    }
    let answers = lookups.join_all().await;
    assert!(
        answers.iter().all(|answer| matches!(answer, Ok(Some(_)))),
        "{answers:?}"
    );
    assert_eq!(counts.served.load(Ordering::SeqCst), 20);
    let most = counts.most.load(Ordering::SeqCst);
    assert_eq!(
        most, MAX_IN_FLIGHT,
        "at most {MAX_IN_FLIGHT} at once, and that many when there is work"
    );
}

#[tokio::test]
async fn exports_hold_their_lane_and_leave_the_other_slots_to_lookups() {
    let (base, counts) = slow_service().await;
    let client = HistoryClient::new(&base, reqwest::Client::new()).expect("client");
    let mut work = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let client = client.clone();
        work.spawn(async move {
            let query = ActionsQuery::default();
            client.get_actions_in_bulk(&query).await.map(|_| ())
        });
    }
    // The lookups start once the exports fill their lane.
    tokio::time::sleep(Duration::from_millis(20)).await;
    for _ in 0..12 {
        let client = client.clone();
        work.spawn(async move {
            client
                .get_creator("alice".parse().expect("name"))
                .await
                .map(|_| ())
        });
    }
    let answers = work.join_all().await;
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    assert_eq!(
        counts.bulk_most.load(Ordering::SeqCst),
        MAX_BULK_IN_FLIGHT,
        "exports never hold more than their lane"
    );
    assert_eq!(
        counts.most.load(Ordering::SeqCst),
        MAX_IN_FLIGHT,
        "lookups used the other slots beside them"
    );
}
