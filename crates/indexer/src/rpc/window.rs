//! Request sizes that adapt to the node: how many blocks one `eth_getLogs` covers, how
//! many calls one JSON-RPC batch carries. Public nodes refuse requests above limits
//! they rarely document (a block range, a result count, a batch length, a response
//! size) and a dedicated node has none, so the size is learnt (AIMD-like): it doubles
//! after successes until the node first refuses, then falls back to the largest size
//! that worked (or half the refused one) and creeps up by an eighth per success, never
//! again to a size the node refused. That ceiling is forgotten after a calm run, since
//! limits on results depend on how busy the blocks are: a node with limits costs one
//! refusal per calm run, and one without them is asked for the maximum within a few
//! requests.

use std::future::Future;
use std::sync::Mutex;

use crate::IndexerError;
use crate::rpc::failure::asks_for_less;

/// Successes below a ceiling before the window tries above it again.
const FORGET_CEILING_AFTER: u32 = 32;

/// One adaptive request size, shared by every request of its kind.
#[derive(Debug)]
pub(crate) struct Window {
    what: &'static str,
    initial: u64,
    max: u64,
    state: Mutex<WindowState>,
}

#[derive(Debug, Clone, Copy)]
struct WindowState {
    size: u64,
    /// The largest size accepted since the node last refused it (0: none).
    good: u64,
    /// The smallest size refused since the ceiling was last forgotten.
    ceiling: Option<u64>,
    /// Whether the node ever refused: growth is cautious from then on.
    limited: bool,
    /// Successes held below the ceiling in a row.
    calm: u32,
}

impl Window {
    /// A window starting at `initial`, never above `max` (both at least 1).
    pub(crate) fn new(what: &'static str, initial: u64, max: u64) -> Self {
        let max = max.max(1);
        let initial = initial.clamp(1, max);
        Self {
            what,
            initial,
            max,
            state: Mutex::new(WindowState {
                size: initial,
                good: 0,
                ceiling: None,
                limited: false,
                calm: 0,
            }),
        }
    }

    fn with_state<T>(&self, change: impl FnOnce(&mut WindowState) -> T) -> T {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        change(&mut state)
    }

    /// The size it started from.
    pub(crate) fn initial(&self) -> u64 {
        self.initial
    }

    /// The size to ask for now.
    pub(crate) fn size(&self) -> u64 {
        self.with_state(|state| state.size)
    }

    /// The node refused a request of `tried`.
    pub(crate) fn refused(&self, tried: u64) {
        let size = self.with_state(|state| {
            if tried <= state.good {
                // What worked before does not any more: the limit moved down.
                state.good = 0;
            }
            state.ceiling = Some(state.ceiling.map_or(tried, |ceiling| ceiling.min(tried)));
            state.limited = true;
            state.calm = 0;
            let fallback = if state.good > 0 {
                state.good
            } else {
                (tried / 2).max(1)
            };
            state.size = state.size.min(fallback);
            state.size
        });
        tracing::debug!(what = self.what, tried, now = size, "node refused the size");
    }

    /// A request of `tried` succeeded: grow, if it was a full-size one (a smaller
    /// request, such as the tail of a range, says nothing about the current size).
    pub(crate) fn accepted(&self, tried: u64) {
        let max = self.max;
        self.with_state(|state| {
            if tried < state.size {
                return;
            }
            state.good = state.good.max(tried);
            let next = if state.limited {
                state.size.saturating_add((state.size / 8).max(1))
            } else {
                state.size.saturating_mul(2)
            }
            .min(max);
            match state.ceiling {
                Some(ceiling) if next >= ceiling => {
                    state.calm += 1;
                    if state.calm >= FORGET_CEILING_AFTER {
                        state.ceiling = None;
                        state.calm = 0;
                    }
                }
                _ => state.size = next,
            }
        });
    }

    /// Runs `fetch(offset, len)` over `0..total` in pieces of the window's size, in
    /// order, and returns the pieces' results in order. A piece the node refuses as
    /// too large is retried in halves; a single item it refuses is an error.
    pub(crate) async fn cover<T, F, Fut>(
        &self,
        total: u64,
        mut fetch: F,
    ) -> Result<Vec<T>, IndexerError>
    where
        F: FnMut(u64, u64) -> Fut,
        Fut: Future<Output = Result<T, IndexerError>>,
    {
        let mut parts = Vec::new();
        let mut offset = 0;
        while offset < total {
            let len = self.size().min(total - offset);
            match fetch(offset, len).await {
                Ok(part) => {
                    self.accepted(len);
                    parts.push(part);
                    offset += len;
                }
                Err(error) if len > 1 && asks_for_less(&error) => self.refused(len),
                Err(error) => return Err(error),
            }
        }
        Ok(parts)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use alloy::transports::TransportErrorKind;

    use super::*;

    /// A node that refuses any request above `limit` items, and records what it was asked.
    struct LimitedNode {
        limit: u64,
        asked: RefCell<Vec<u64>>,
    }

    impl LimitedNode {
        fn new(limit: u64) -> Self {
            Self {
                limit,
                asked: RefCell::new(Vec::new()),
            }
        }

        async fn answer(&self, offset: u64, len: u64) -> Result<(u64, u64), IndexerError> {
            self.asked.borrow_mut().push(len);
            if len > self.limit {
                return Err(IndexerError::rpc("eth_getLogs")(
                    alloy::transports::TransportError::ErrorResp(
                        serde_json::from_value(serde_json::json!({
                            "code": -32005,
                            "message": format!("query returned more than {} results", self.limit),
                        }))
                        .unwrap_or_else(|error| panic!("payload: {error}")),
                    ),
                ));
            }
            Ok((offset, len))
        }
    }

    fn covered(parts: &[(u64, u64)]) -> u64 {
        let mut next = 0;
        for (offset, len) in parts {
            assert_eq!(*offset, next, "pieces follow each other");
            next += len;
        }
        next
    }

    #[tokio::test]
    async fn a_limited_node_is_covered_exactly_with_few_refusals() {
        let node = LimitedNode::new(700);
        let window = Window::new("blocks per eth_getLogs", 10_000, 100_000);
        let parts = window
            .cover(1_000_000, |offset, len| node.answer(offset, len))
            .await
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(covered(&parts), 1_000_000);
        let asked = node.asked.borrow();
        let refused = asked.iter().filter(|len| **len > 700).count();
        // Few requests wasted once the limit is learnt.
        assert!(refused * 20 <= asked.len(), "{refused} of {}", asked.len());
        // And the pieces stay close to the limit: few requests in all.
        assert!(asked.len() < 1_000_000 / 350, "{} requests", asked.len());
    }

    #[tokio::test]
    async fn a_node_without_limits_gets_large_requests_quickly() {
        let node = LimitedNode::new(u64::MAX);
        let window = Window::new("calls per batch", 5, 1_000);
        let parts = window
            .cover(100_000, |offset, len| node.answer(offset, len))
            .await
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(covered(&parts), 100_000);
        assert!(
            node.asked.borrow().len() < 120,
            "{:?}",
            node.asked.borrow().len()
        );
        assert_eq!(window.size(), 1_000);
    }

    #[tokio::test]
    async fn a_single_item_the_node_refuses_is_an_error() {
        let node = LimitedNode::new(0);
        let window = Window::new("blocks per eth_getLogs", 64, 64);
        let outcome = window
            .cover(10, |offset, len| node.answer(offset, len))
            .await;
        assert!(
            matches!(outcome, Err(IndexerError::Rpc { .. })),
            "{outcome:?}"
        );
        assert_eq!(*node.asked.borrow(), vec![10, 5, 2, 1]);
    }

    #[tokio::test]
    async fn other_failures_are_not_split() {
        let window = Window::new("calls per batch", 100, 100);
        let mut calls = 0;
        let outcome: Result<Vec<()>, _> = window
            .cover(1_000, |_, _| {
                calls += 1;
                async {
                    Err(IndexerError::rpc("eth_getLogs")(
                        TransportErrorKind::custom_str("Max retries exceeded: connection refused"),
                    ))
                }
            })
            .await;
        assert!(outcome.is_err());
        assert_eq!(calls, 1);
        assert_eq!(window.size(), 100);
    }

    #[test]
    fn the_ceiling_is_forgotten_after_a_calm_run() {
        let window = Window::new("blocks per eth_getLogs", 1_000, 100_000);
        window.refused(1_000);
        assert_eq!(window.size(), 500);
        for _ in 0..60 {
            let size = window.size();
            window.accepted(size);
            assert!(window.size() < 1_000 || window.with_state(|s| s.ceiling.is_none()));
        }
        let size = window.size();
        window.accepted(size);
        assert!(
            window.size() > 1_000,
            "grows past the old ceiling: {}",
            window.size()
        );
    }
}
