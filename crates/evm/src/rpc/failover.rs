//! Fallback nodes: a request the first node gives no answer to (refused, timed out, cut
//! off, HTTP 5xx or 429) goes to the next, in the configured order. A node that answers
//! — even with a JSON-RPC error, which another node would answer alike — is final. Each
//! request starts again from the first node, so the configured node stays the one
//! normally asked. Only reads go through here: the server never sends transactions.

use std::sync::Arc;
use std::task::{Context, Poll};

use alloy::rpc::json_rpc::{RequestPacket, ResponsePacket};
use alloy::transports::{TransportError, TransportErrorKind, TransportFut};
use tower::Service;

use super::failure::is_transient;
use super::retry::Transport;

/// Nodes tried in order.
#[derive(Debug, Clone)]
pub(crate) struct Failover<T> {
    nodes: Arc<Vec<T>>,
}

impl<T> Failover<T> {
    pub(crate) fn new(nodes: Vec<T>) -> Self {
        Self {
            nodes: Arc::new(nodes),
        }
    }
}

/// Whether a failure says nothing about the request (the node gave no usable answer —
/// no connection, a timeout, an HTTP error, a garbled body): another node may answer it.
/// A JSON-RPC error object is the node's answer.
fn unanswered(error: &TransportError) -> bool {
    error.as_error_resp().is_none() || is_transient(error)
}

impl<T: Transport + Sync> Service<RequestPacket> for Failover<T> {
    type Response = ResponsePacket;
    type Error = TransportError;
    type Future = TransportFut<'static>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: RequestPacket) -> Self::Future {
        let nodes = Arc::clone(&self.nodes);
        Box::pin(async move {
            let mut last = None;
            for (at, node) in nodes.iter().enumerate() {
                let mut node = node.clone();
                match node.call(request.clone()).await {
                    Ok(answer) => return Ok(answer),
                    Err(error) if unanswered(&error) && at + 1 < nodes.len() => {
                        tracing::debug!(%error, node = at, "node gave no answer; asking the next");
                        last = Some(error);
                    }
                    Err(error) => return Err(error),
                }
            }
            Err(last.unwrap_or_else(|| TransportErrorKind::custom_str("no node configured")))
        })
    }
}
