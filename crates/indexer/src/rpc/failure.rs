//! What a failed node request means for the indexer: ask for less (the node refused
//! the size), use another method (the node lacks this one), read at the latest block
//! (the node keeps no state that old), or give up for now.

use alloy::transports::{TransportError, TransportErrorKind};
use tandem_evm::rpc::failure::{is_size_refusal, is_transient, names_a_size_limit};

use crate::IndexerError;

/// Whether a smaller request may succeed where this one failed: the node said the
/// request was too large, left calls of a batch unanswered (some nodes cut batches
/// short), answered with an error object it gives no reason for, or took too long.
/// For a request of one item this is just a failure.
pub(crate) fn asks_for_less(error: &IndexerError) -> bool {
    match error {
        IndexerError::Rpc { source, .. } => transport_asks_for_less(source),
        IndexerError::Read { source, .. } => {
            // A batch refused with one error object reaches a state read as calls left
            // unanswered ("missing response"), with the node's words lost on the way.
            let message = source.to_string();
            names_a_size_limit(&message)
                || message.contains("HTTP error 413")
                || message.contains("missing response")
        }
        _ => false,
    }
}

fn transport_asks_for_less(error: &TransportError) -> bool {
    if is_size_refusal(error) {
        return true;
    }
    match error {
        TransportError::ErrorResp(payload) => {
            !is_transient(error) && !is_method_missing(error) && payload.code != 3
        }
        TransportError::Transport(TransportErrorKind::MissingBatchResponse(_)) => true,
        TransportError::Transport(kind) => kind.as_http_error().map_or_else(
            || kind.to_string().contains("timed out"),
            |http| matches!(http.status, 400 | 413 | 414 | 431 | 500 | 502 | 504),
        ),
        _ => false,
    }
}

/// Whether the node does not offer the method at all.
pub(crate) fn is_method_missing(error: &TransportError) -> bool {
    match error {
        TransportError::ErrorResp(payload) => {
            let message = payload.message.to_ascii_lowercase();
            payload.code == -32601
                || message.contains("method not found")
                || message.contains("not supported")
                || message.contains("does not exist")
                || (message.contains("not available") && message.contains("method"))
        }
        _ => false,
    }
}

/// Whether a state read failed because the node no longer keeps the state of the
/// asked block (a full node prunes it; only an archive node keeps it all).
pub(crate) fn is_state_missing(error: &IndexerError) -> bool {
    match error {
        IndexerError::Read { source, .. } => names_missing_state(&source.to_string()),
        IndexerError::ReadRefused { source, .. } => names_missing_state(&source.message),
        _ => false,
    }
}

/// Whether a node's message says it has no state for the asked block.
pub(crate) fn names_missing_state(message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    [
        "missing trie node",
        "state not available",
        "historical state",
        "state is not available",
        "pruned",
        "header not found",
        "unknown block",
        "not archive",
        "state histories",
        // anvil, once it has dropped an old block's state.
        "blockoutofrange",
        "block height is",
    ]
    .iter()
    .any(|words| message.contains(words))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node_error(code: i64, message: &str) -> IndexerError {
        IndexerError::rpc("eth_getLogs")(TransportError::ErrorResp(
            serde_json::from_value(serde_json::json!({ "code": code, "message": message }))
                .unwrap_or_else(|error| panic!("payload: {error}")),
        ))
    }

    #[test]
    fn refusals_ask_for_less_and_outages_do_not() {
        assert!(asks_for_less(&node_error(
            -32005,
            "query returned more than 10000 results"
        )));
        assert!(asks_for_less(&node_error(-32603, "internal error")));
        assert!(asks_for_less(&IndexerError::rpc("batch")(
            TransportErrorKind::missing_batch_response(alloy::rpc::json_rpc::Id::Number(7))
        )));
        assert!(asks_for_less(&IndexerError::rpc("batch")(
            TransportErrorKind::http_error(413, String::new())
        )));
        assert!(!asks_for_less(&node_error(
            -32601,
            "the method eth_getLogs does not exist/is not available"
        )));
        assert!(!asks_for_less(&node_error(429, "Too Many Requests")));
        assert!(!asks_for_less(&IndexerError::rpc("batch")(
            TransportErrorKind::custom_str("Max retries exceeded: connection reset by peer")
        )));
    }

    #[test]
    fn missing_state_is_recognised_in_the_words_of_common_nodes() {
        for message in [
            "missing trie node 1a2b (path )",
            "historical state 0xabc is not available",
            "BlockOutOfRangeError: block height is 5062 but requested was 4",
            "header not found",
        ] {
            assert!(names_missing_state(message), "{message}");
        }
        assert!(!names_missing_state("execution reverted"));
    }

    #[test]
    fn missing_methods_are_recognised() {
        let IndexerError::Rpc { source, .. } = node_error(-32601, "Method not found") else {
            unreachable!()
        };
        assert!(is_method_missing(&source));
        let IndexerError::Rpc { source, .. } = node_error(-32000, "block range is too large")
        else {
            unreachable!()
        };
        assert!(!is_method_missing(&source));
    }
}
