//! JSON-RPC batches: many `eth_call` / `eth_getBalance` / `eth_getCode` reads sent
//! as one JSON array per HTTP request, so the balances of a hundred tokens cost one
//! round trip. The devnet (and many Telos nodes) have no Multicall3 contract, and a
//! batch works on every node that speaks JSON-RPC 2.0.
//!
//! One read failing (a revert, a function the contract lacks) fails only that read;
//! the batch as a whole fails only when the node gives no usable answer at all.

use std::fmt;

use alloy::eips::BlockId;
use alloy::primitives::{Address, Bytes, U256};
use alloy::providers::{Provider, RootProvider};
use alloy::rpc::client::{BatchRequest, Waiter};
use alloy::transports::TransportResult;
use serde::Serialize;

use super::{describe, rpc_error};
use crate::EvmError;

/// One read in a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchRead {
    /// `eth_call` of ABI-encoded `input` on the contract `to`.
    Call {
        /// The contract.
        to: Address,
        /// Selector and arguments.
        input: Bytes,
    },
    /// `eth_getBalance`: the native coin held by an address.
    NativeBalance(Address),
    /// `eth_getCode`: the code deployed at an address (empty for an account).
    Code(Address),
}

/// The answer to one [`BatchRead`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchOutput {
    /// Return data of a call, or the code of an address.
    Data(Bytes),
    /// A native balance.
    Amount(U256),
}

impl BatchOutput {
    /// The bytes of a call or code read.
    #[must_use]
    pub fn data(&self) -> Option<&Bytes> {
        match self {
            Self::Data(bytes) => Some(bytes),
            Self::Amount(_) => None,
        }
    }

    /// The amount of a native-balance read.
    #[must_use]
    pub fn amount(&self) -> Option<U256> {
        match self {
            Self::Amount(amount) => Some(*amount),
            Self::Data(_) => None,
        }
    }
}

/// Why one read of an answered batch has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadFailure {
    /// The node's JSON-RPC error code, when it sent an error object (3 or -32000 for
    /// a revert on most nodes).
    pub code: Option<i64>,
    /// What the node said, or why its answer was unusable.
    pub message: String,
}

impl fmt::Display for ReadFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.code {
            Some(code) => write!(f, "node error {code}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReadFailure {}

/// The result of one read: its value, or why that read alone failed.
pub type ReadResult = Result<BatchOutput, ReadFailure>;

/// `eth_call` parameters in the oldest common form (`data`, not `input`), which
/// every node accepts.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CallParams<'a> {
    pub(crate) to: &'a Address,
    pub(crate) data: &'a Bytes,
}

/// A queued read waiting for its share of the batch answer.
enum Pending {
    Data(Waiter<Bytes>),
    Amount(Waiter<U256>),
}

/// Runs `reads` at `block` in batches of at most `max_batch_size`, in order; the
/// answers come back in the order of `reads`.
///
/// # Errors
/// [`EvmError::Rpc`] when a batch gets no answer (connection, timeout, HTTP error,
/// unreadable body) or when no read of a batch got a usable answer (a node that does
/// not support batches answers with one error object).
pub async fn read_many(
    provider: &RootProvider,
    reads: &[BatchRead],
    block: BlockId,
    max_batch_size: usize,
) -> Result<Vec<ReadResult>, EvmError> {
    let mut results = Vec::with_capacity(reads.len());
    for chunk in reads.chunks(max_batch_size.max(1)) {
        results.extend(read_chunk(provider, chunk, block).await?);
    }
    Ok(results)
}

async fn read_chunk(
    provider: &RootProvider,
    reads: &[BatchRead],
    block: BlockId,
) -> Result<Vec<ReadResult>, EvmError> {
    let mut batch = BatchRequest::new(provider.client());
    let mut pending = Vec::with_capacity(reads.len());
    for read in reads {
        let queued = match read {
            BatchRead::Call { to, input } => batch
                .add_call("eth_call", &(CallParams { to, data: input }, block))
                .map(Pending::Data),
            BatchRead::NativeBalance(address) => batch
                .add_call("eth_getBalance", &(address, block))
                .map(Pending::Amount),
            BatchRead::Code(address) => batch
                .add_call("eth_getCode", &(address, block))
                .map(Pending::Data),
        };
        pending.push(queued.map_err(|error| rpc_error("batch", &error))?);
    }
    batch
        .send()
        .await
        .map_err(|error| rpc_error("batch", &error))?;

    let mut results = Vec::with_capacity(pending.len());
    for waiter in pending {
        results.push(match waiter {
            Pending::Data(waiter) => settle(waiter.await, BatchOutput::Data),
            Pending::Amount(waiter) => settle(waiter.await, BatchOutput::Amount),
        });
    }
    let answered = results.iter().any(|result| match result {
        Ok(_) => true,
        Err(failure) => failure.code.is_some(),
    });
    if !answered && !results.is_empty() {
        let reason = results
            .iter()
            .find_map(|result| result.as_ref().err())
            .map_or_else(String::new, ToString::to_string);
        return Err(EvmError::Rpc {
            method: "batch",
            reason: format!("no read of the batch was answered: {reason}"),
        });
    }
    Ok(results)
}

fn settle<T>(answer: TransportResult<T>, wrap: fn(T) -> BatchOutput) -> ReadResult {
    answer.map(wrap).map_err(|error| ReadFailure {
        code: error.as_error_resp().map(|payload| payload.code),
        message: match error.as_error_resp() {
            Some(payload) => payload.message.to_string(),
            None => describe(&error),
        },
    })
}
