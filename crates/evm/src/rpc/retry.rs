//! Retries and a bound on requests in flight, for clients that read a public node in
//! bulk (the indexer). Off unless [`RpcConfig::retry`](super::RpcConfig) asks for it:
//! a retried request is sent again whole, which is only safe for reads.
//!
//! The transport stack is `InFlightLimit → Route → (RetryBackoffService →) HTTP`:
//! - alloy's [`RetryBackoffLayer`] resends a request that failed transiently, with the
//!   [`NodeRetryPolicy`] below deciding what is transient and how long to wait;
//! - alloy's layer judges a batch by the first error object in its answer and, when
//!   that error is not worth a retry, fails the whole batch with it. That is right for
//!   chain data (a batch of blocks with one missing is unusable) but wrong for a batch
//!   of state reads, where one reverted `eth_call` must fail only itself. So the
//!   route sends single reads and batches of chain-data reads through the retry
//!   layer, and batches that may hold per-call failures (`eth_call`, `eth_getBalance`,
//!   `eth_getCode`) and anything that is not a read straight to the node: their
//!   callers retry them whole;
//! - the in-flight limit is outermost, so a request keeps its permit while it backs
//!   off: a node that said "slow down" sees fewer requests from this client, not the
//!   same number from the others.
//!
//! Every clone of the client shares all of it (they hold `Arc`s), so one limit covers
//! everything one indexer sends.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use alloy::rpc::client::RpcClient;
use alloy::rpc::json_rpc::{RequestPacket, ResponsePacket};
use alloy::transports::layers::{RateLimitRetryPolicy, RetryBackoffLayer, RetryPolicy};
use alloy::transports::{TransportError, TransportErrorKind, TransportFut};
use tokio::sync::Semaphore;
use tower::{Layer, Service};

use super::failure::is_transient;

/// A JSON-RPC transport, as the layers here wrap one.
pub(crate) trait Transport:
    Service<
        RequestPacket,
        Response = ResponsePacket,
        Error = TransportError,
        Future = TransportFut<'static>,
    > + Clone
    + Send
    + 'static
{
}

impl<T> Transport for T where
    T: Service<
            RequestPacket,
            Response = ResponsePacket,
            Error = TransportError,
            Future = TransportFut<'static>,
        > + Clone
        + Send
        + 'static
{
}

/// How a bulk reader retries and how much it sends at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryConfig {
    /// Attempts after the first one, per request.
    pub max_retries: u32,
    /// Pause before the first retry; it doubles with every further failure the client
    /// sees in a row, up to `max_backoff`. A server's `Retry-After` (or "try again in
    /// …" message) overrides it.
    pub initial_backoff: Duration,
    /// Longest pause chosen without a hint from the server.
    pub max_backoff: Duration,
    /// HTTP requests in flight at once (a JSON-RPC batch is one request).
    pub max_in_flight: usize,
}

impl Default for RetryConfig {
    fn default() -> Self {
        Self {
            max_retries: 10,
            initial_backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(10),
            max_in_flight: 8,
        }
    }
}

/// Wraps `transport` as configured: unchanged for `None`.
pub(crate) fn client<T>(transport: T, is_local: bool, retry: Option<RetryConfig>) -> RpcClient
where
    T: Transport + Sync,
{
    let Some(retry) = retry else {
        return RpcClient::new(transport, is_local);
    };
    let transport = WithoutUrl(transport);
    let policy = NodeRetryPolicy::new(retry.initial_backoff, retry.max_backoff);
    let observed = StreakReset {
        inner: transport.clone(),
        streak: Arc::clone(&policy.streak),
    };
    // alloy adds a compute-unit budget wait on top of the backoff; with an unlimited
    // budget that wait is always zero and the policy alone decides.
    let route = Route {
        replayable: RetryBackoffLayer::new_with_policy(retry.max_retries, 0, u64::MAX, policy)
            .layer(observed),
        direct: transport,
    };
    let limited = InFlightLimit {
        inner: route,
        permits: Arc::new(Semaphore::new(retry.max_in_flight.max(1))),
    };
    RpcClient::new(limited, is_local)
}

/// Reads whose every answer is one value: an error for any of them means the request
/// failed, so a batch of them is retried whole.
const CHAIN_DATA_READS: &[&str] = &[
    "eth_chainId",
    "eth_blockNumber",
    "net_version",
    "eth_getBlockByNumber",
    "eth_getBlockByHash",
    "eth_getBlockReceipts",
    "eth_getBlockTransactionCountByNumber",
    "eth_getTransactionByHash",
    "eth_getTransactionReceipt",
    "eth_getLogs",
];

/// Reads that may fail one by one (a revert, a pruned state) yet are safe to resend.
const STATE_READS: &[&str] = &[
    "eth_call",
    "eth_getBalance",
    "eth_getCode",
    "eth_estimateGas",
];

/// Whether alloy's retry layer may handle `request` (see the module docs).
fn replayable(request: &RequestPacket) -> bool {
    match request {
        RequestPacket::Single(single) => {
            let method = single.method();
            CHAIN_DATA_READS.contains(&method) || STATE_READS.contains(&method)
        }
        RequestPacket::Batch(_) => request
            .method_names()
            .all(|method| CHAIN_DATA_READS.contains(&method)),
    }
}

/// Sends [`replayable`] requests through the retry layer, the rest straight on.
#[derive(Debug, Clone)]
struct Route<R, D> {
    replayable: R,
    direct: D,
}

impl<R: Transport, D: Transport> Service<RequestPacket> for Route<R, D> {
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // Which inner service is used is known only in `call`, which waits for it.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        if replayable(&request) {
            ready_then_call(self.replayable.clone(), request)
        } else {
            ready_then_call(self.direct.clone(), request)
        }
    }
}

fn ready_then_call<S: Transport>(mut service: S, request: RequestPacket) -> TransportFut<'static> {
    Box::pin(async move {
        std::future::poll_fn(|cx| service.poll_ready(cx)).await?;
        service.call(request).await
    })
}

/// The retry policy of bulk readers: [`is_transient`] decides, the server's hint or
/// a backoff that grows while failures keep coming decides how long to wait.
#[derive(Debug, Clone)]
pub struct NodeRetryPolicy {
    initial: Duration,
    max: Duration,
    streak: Arc<FailureStreak>,
}

/// Failed attempts in a row, over every request of one client (it is the node's mood,
/// not one request's; alloy's layer does not tell the policy which attempt it is).
/// Any answered attempt ends the streak ([`StreakReset`]).
#[derive(Debug, Default)]
struct FailureStreak {
    count: AtomicU32,
}

/// A little spread for pauses, so requests that failed together do not return together.
fn jitter() -> u32 {
    static START: OnceLock<Instant> = OnceLock::new();
    let nanos = START.get_or_init(Instant::now).elapsed().subsec_nanos();
    nanos % 256
}

impl NodeRetryPolicy {
    /// A policy starting at `initial` and never choosing more than `max` itself.
    #[must_use]
    pub fn new(initial: Duration, max: Duration) -> Self {
        Self {
            initial,
            max: max.max(initial),
            streak: Arc::default(),
        }
    }

    /// The pause before the next retry when the server gave no hint: doubling with
    /// every failure in a row, plus up to a quarter more.
    fn next_pause(&self) -> Duration {
        let failures = self.streak.count.fetch_add(1, Ordering::Relaxed);
        let pause = self
            .initial
            .saturating_mul(1 << failures.min(16))
            .min(self.max);
        pause + pause / 4 * jitter() / 256
    }
}

impl RetryPolicy for NodeRetryPolicy {
    fn should_retry(&self, error: &TransportError) -> bool {
        let retry = is_transient(error);
        if retry {
            tracing::debug!(%error, "node request failed; retrying");
        }
        retry
    }

    fn backoff_hint(&self, error: &TransportError) -> Option<Duration> {
        Some(
            RateLimitRetryPolicy::default()
                .backoff_hint(error)
                .unwrap_or_else(|| self.next_pause()),
        )
    }
}

/// Innermost: takes the URL out of a failed request's error (reqwest names it, and a
/// node's URL may carry an API key), before the retry layer words it into its own.
#[derive(Debug, Clone)]
struct WithoutUrl<S>(S);

impl<S: Transport> Service<RequestPacket> for WithoutUrl<S> {
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        let answer = self.0.call(request);
        Box::pin(async move {
            answer.await.map_err(|error| match error {
                TransportError::Transport(TransportErrorKind::Custom(cause)) => {
                    match cause.downcast::<reqwest::Error>() {
                        Ok(cause) => TransportErrorKind::custom(cause.without_url()),
                        Err(cause) => TransportError::Transport(TransportErrorKind::Custom(cause)),
                    }
                }
                other => other,
            })
        })
    }
}

/// Below the retry layer: sees every attempt, and ends the failure streak when one is
/// answered without an error.
#[derive(Debug, Clone)]
struct StreakReset<S> {
    inner: S,
    streak: Arc<FailureStreak>,
}

impl<S: Transport> Service<RequestPacket> for StreakReset<S> {
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        let streak = Arc::clone(&self.streak);
        let answer = self.inner.call(request);
        Box::pin(async move {
            let answer = answer.await;
            if answer
                .as_ref()
                .is_ok_and(|packet| packet.as_error().is_none())
            {
                streak.count.store(0, Ordering::Relaxed);
            }
            answer
        })
    }
}

/// The transport behind a shared semaphore: at most its permits in flight.
#[derive(Debug, Clone)]
struct InFlightLimit<S> {
    inner: S,
    permits: Arc<Semaphore>,
}

impl<S: Transport> Service<RequestPacket> for InFlightLimit<S> {
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // Readiness is the permit, taken in `call` so the wait is part of the request.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        let permits = Arc::clone(&self.permits);
        let inner = self.inner.clone();
        Box::pin(async move {
            let _permit = permits
                .acquire_owned()
                .await
                .map_err(TransportErrorKind::custom)?;
            ready_then_call(inner, request).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_grows_with_failures_in_a_row_and_stays_bounded() {
        let policy = NodeRetryPolicy::new(Duration::from_millis(100), Duration::from_secs(1));
        let error = TransportErrorKind::http_error(503, String::new());
        let pauses: Vec<Duration> = (0..8)
            .map(|_| policy.backoff_hint(&error).unwrap_or_default())
            .collect();
        assert!(pauses[0] >= Duration::from_millis(100) && pauses[0] < Duration::from_millis(130));
        assert!(pauses[2] >= Duration::from_millis(400), "{pauses:?}");
        assert!(
            pauses
                .iter()
                .all(|pause| *pause <= Duration::from_millis(1250)),
            "{pauses:?}"
        );
    }

    #[test]
    fn batches_that_may_fail_call_by_call_bypass_the_retry_layer() {
        let request = |method: &'static str, id: u64| {
            alloy::rpc::json_rpc::Request::new(method, alloy::rpc::json_rpc::Id::Number(id), ())
                .serialize()
                .unwrap_or_else(|error| panic!("request: {error}"))
        };
        let single = |method| RequestPacket::Single(request(method, 1));
        let batch = |methods: &[&'static str]| {
            RequestPacket::Batch(
                (0u64..)
                    .zip(methods)
                    .map(|(id, method)| request(method, id))
                    .collect(),
            )
        };
        assert!(replayable(&single("eth_getLogs")));
        assert!(replayable(&single("eth_call")));
        assert!(!replayable(&single("eth_sendRawTransaction")));
        assert!(replayable(&batch(&[
            "eth_getBlockByNumber",
            "eth_getBlockReceipts"
        ])));
        assert!(!replayable(&batch(&["eth_getBalance", "eth_getBalance"])));
        assert!(!replayable(&batch(&["eth_getBlockByNumber", "eth_call"])));
    }

    #[tokio::test]
    async fn an_answered_attempt_ends_the_streak() {
        let policy = NodeRetryPolicy::new(Duration::from_millis(100), Duration::from_secs(10));
        let error = TransportErrorKind::http_error(503, String::new());
        for _ in 0..4 {
            policy.backoff_hint(&error);
        }
        assert!(policy.backoff_hint(&error) >= Some(Duration::from_millis(1_600)));
        let answered = tower::service_fn(|_: RequestPacket| -> TransportFut<'static> {
            Box::pin(async {
                Ok(ResponsePacket::Single(alloy::rpc::json_rpc::Response {
                    id: alloy::rpc::json_rpc::Id::Number(1),
                    payload: alloy::rpc::json_rpc::ResponsePayload::Success(
                        serde_json::value::to_raw_value(&1)
                            .unwrap_or_else(|error| panic!("raw: {error}")),
                    ),
                }))
            })
        });
        let mut observed = StreakReset {
            inner: answered,
            streak: Arc::clone(&policy.streak),
        };
        let request = alloy::rpc::json_rpc::Request::new(
            "eth_chainId",
            alloy::rpc::json_rpc::Id::Number(1),
            (),
        )
        .serialize()
        .unwrap_or_else(|error| panic!("request: {error}"));
        let answer = observed.call(RequestPacket::Single(request)).await;
        assert!(answer.is_ok());
        let pause = policy.backoff_hint(&error).unwrap_or_default();
        assert!(pause < Duration::from_millis(130), "{pause:?}");
    }

    #[tokio::test]
    async fn errors_do_not_repeat_the_url() {
        // A free port nobody listens on, and a path standing for an API key.
        let port = std::net::TcpListener::bind(("127.0.0.1", 0))
            .and_then(|listener| listener.local_addr())
            .map(|address| address.port())
            .unwrap_or_else(|error| panic!("port: {error}"));
        let config = super::super::RpcConfig {
            retry: Some(RetryConfig {
                max_retries: 1,
                initial_backoff: Duration::from_millis(1),
                ..RetryConfig::default()
            }),
            ..super::super::RpcConfig::default()
        };
        let provider = super::super::connect(&format!("http://127.0.0.1:{port}/key-1234"), &config)
            .unwrap_or_else(|error| panic!("connect: {error}"));
        let error = alloy::providers::Provider::get_chain_id(&provider)
            .await
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default();
        assert!(!error.is_empty() && !error.contains("key-1234"), "{error}");
    }

    #[test]
    fn a_server_hint_wins() {
        let policy = NodeRetryPolicy::new(Duration::from_millis(100), Duration::from_secs(1));
        let error = TransportErrorKind::http_error_with_retry_after(
            429,
            String::new(),
            Some(Duration::from_secs(3)),
        );
        assert!(is_transient(&error));
        assert_eq!(policy.backoff_hint(&error), Some(Duration::from_secs(3)));
    }
}
