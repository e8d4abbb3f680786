//! Counting this crate's upstream calls for the server's metrics
//! (`tandem_domain::upstream`): the HTTP clients record each request they send, and
//! [`ObservedTransport`] wraps the JSON-RPC transport so every node request (a batch
//! counts once) is recorded as `evm_rpc`. Recording goes through the `metrics` facade:
//! a no-op until a process installs a recorder.

use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use alloy::rpc::json_rpc::{RequestPacket, ResponsePacket};
use alloy::transports::{TransportError, TransportErrorKind, TransportFut};
use tandem_domain::upstream::{CALLS_METRIC, CallOutcome, SECONDS_METRIC};
use tower::Service;

/// Records one call to `service` that took `elapsed`.
pub(crate) fn record(service: &'static str, outcome: CallOutcome, elapsed: Duration) {
    metrics::counter!(CALLS_METRIC, "service" => service, "outcome" => outcome.label())
        .increment(1);
    metrics::histogram!(SECONDS_METRIC, "service" => service).record(elapsed.as_secs_f64());
}

/// The outcome of a request that got no answer.
pub(crate) fn outcome_of_reqwest(error: &reqwest::Error) -> CallOutcome {
    if error.is_timeout() {
        CallOutcome::Timeout
    } else {
        error.status().map_or(CallOutcome::Error, |status| {
            CallOutcome::of_status(status.as_u16())
        })
    }
}

/// A JSON-RPC transport whose requests are recorded as `evm_rpc` calls.
#[derive(Debug, Clone)]
pub struct ObservedTransport<T> {
    inner: T,
}

impl<T> ObservedTransport<T> {
    /// `inner`, observed.
    pub fn new(inner: T) -> Self {
        Self { inner }
    }
}

/// The metric's service label of a node's JSON-RPC.
const RPC_SERVICE: &str = "evm_rpc";

impl<T> Service<RequestPacket> for ObservedTransport<T>
where
    T: Service<
            RequestPacket,
            Response = ResponsePacket,
            Error = TransportError,
            Future = TransportFut<'static>,
        >,
{
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, context: &mut Context<'_>) -> Poll<Result<(), TransportError>> {
        self.inner.poll_ready(context)
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        let started = Instant::now();
        let call = self.inner.call(request);
        Box::pin(async move {
            let answer = call.await;
            let outcome = match &answer {
                Ok(_) => CallOutcome::Ok,
                Err(error) => outcome_of_transport(error),
            };
            record(RPC_SERVICE, outcome, started.elapsed());
            answer
        })
    }
}

/// A node's error object is an answer; the transport's own failures are classified.
fn outcome_of_transport(error: &TransportError) -> CallOutcome {
    match error {
        TransportError::Transport(TransportErrorKind::HttpError(http)) => {
            CallOutcome::of_status(http.status)
        }
        TransportError::Transport(TransportErrorKind::HttpErrorWithRetryAfter { .. }) => {
            CallOutcome::RateLimited
        }
        TransportError::Transport(TransportErrorKind::Custom(cause)) => cause
            .downcast_ref::<reqwest::Error>()
            .map_or(CallOutcome::Error, outcome_of_reqwest),
        TransportError::ErrorResp(_) => CallOutcome::Ok,
        _ => CallOutcome::Error,
    }
}
