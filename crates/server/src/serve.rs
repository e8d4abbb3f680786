//! Serving connections, with the hygiene a public server needs (issue 35): hyper with a
//! timer, so a client that sends its headers too slowly — or keeps an idle connection
//! open without sending the next request — is closed after `[limits]
//! header_timeout_seconds`; a cap on the connections one peer address may hold open
//! (and on all of them), past which a new connection is closed as it arrives; and a
//! graceful stop that lets requests in flight finish. The body and request time limits
//! are layers of the router (`app.rs`), since they concern requests, not connections.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::Service as _;

use crate::error::ServerError;
use crate::limits::Limits;

/// Serves `app` on `listener` under `limits` until `shutdown` resolves, then lets
/// in-flight requests finish for up to `drain` (`[shutdown] drain_seconds`).
///
/// # Errors
/// [`ServerError::Serve`] when the listener fails for good.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Arc<Limits>,
    drain: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.config().timeouts.header);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(limits.config().timeouts.header)
        .keep_alive_timeout(limits.config().timeouts.header);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, or a connection reset before it was
                    // accepted: pause briefly rather than spin, and go on.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let slot = match limits.connection(peer.ip()) {
            Ok(slot) => slot,
            Err(busy) => {
                metrics::counter!("tandem_connections_refused_total").increment(1);
                tracing::debug!(%peer, ?busy, "connection refused: over the cap");
                drop(stream);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            // The peer's address is what the abuse limits count clients by.
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            async move {
                Ok::<_, Infallible>(
                    router
                        .call(request)
                        .await
                        .unwrap_or_else(|never| match never {}),
                )
            }
        });
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running {drain:?} after the stop; closing them");
    }
    Ok(())
}
