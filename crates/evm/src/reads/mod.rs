//! Typed contract reads over JSON-RPC: ERC-20, ERC-165, ERC-721, ERC-1155, the Telos
//! staking contracts (STLOS, escrow, WTLOS), native balances, block heads, and
//! [`ChainReader::probe_contract`] which tells what kind of contract an address holds.
//!
//! Every read goes through a [`ChainReader`]. Single reads are one `eth_call`; reads
//! over many tokens go out as JSON-RPC batches (see [`crate::rpc::batch`]).
//!
//! ```no_run
//! # async fn example() -> Result<(), tandem_evm::EvmError> {
//! use tandem_evm::reads::ChainReader;
//! let reader = ChainReader::connect("https://rpc.telos.net")?;
//! let head = reader.block_head().await?;
//! # let _ = head; Ok(()) }
//! ```

pub mod abi;
mod catalog;
mod logs;
mod nft;
mod probe;
mod staking;
mod tokens;
mod transaction;

pub use catalog::{KnownNft, NftFacts, NftHolding};
pub use logs::{ChainLog, ChainReceipt};
pub use nft::Erc1155Holding;
pub use probe::{decode_decimals, decode_text};
pub use staking::{EscrowDeposit, EscrowPosition, StakingFacts};
pub use tokens::TokenAmount;
pub use transaction::{ChainTransaction, PendingTransaction};

use alloy::eips::BlockNumberOrTag;
use alloy::primitives::{Address, Bytes, U256};
use alloy::providers::{Provider, RootProvider};
use alloy::rpc::types::TransactionRequest;
use alloy::sol_types::SolCall;

use crate::EvmError;
use crate::rpc::batch::{self, CallParams};
use crate::rpc::{BatchRead, ReadFailure, ReadResult, RpcConfig, connect, rpc_error};

/// A block's number and time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockHead {
    /// Block number.
    pub number: u64,
    /// Block time, seconds since the epoch.
    pub timestamp: u64,
}

/// Reads chain state from one node, at the latest block or at a pinned one.
/// Cheap to clone (the HTTP client is shared).
#[derive(Debug, Clone)]
pub struct ChainReader {
    provider: RootProvider,
    block: BlockNumberOrTag,
    max_batch_size: usize,
}

impl ChainReader {
    /// A reader for the node at `url` with default timeouts and batch size.
    ///
    /// # Errors
    /// [`EvmError::InvalidRpcUrl`] for a malformed or non-HTTP URL.
    pub fn connect(url: &str) -> Result<Self, EvmError> {
        Self::connect_with(url, &RpcConfig::default())
    }

    /// A reader for the node at `url` that asks `fallbacks`, in order, when a node gives
    /// no answer (the node's JSON-RPC errors are answers).
    ///
    /// # Errors
    /// [`EvmError::InvalidRpcUrl`] for a malformed URL.
    pub fn connect_with_fallbacks(url: &str, fallbacks: &[String]) -> Result<Self, EvmError> {
        let config = RpcConfig::default();
        Ok(Self {
            provider: crate::rpc::connect_with_fallbacks(url, fallbacks, &config)?,
            block: BlockNumberOrTag::Latest,
            max_batch_size: config.max_batch_size.max(1),
        })
    }

    /// A reader for the node at `url` with the given settings.
    ///
    /// # Errors
    /// [`EvmError::InvalidRpcUrl`] for a malformed URL, [`EvmError::HttpSetup`] when
    /// the HTTP client cannot be built.
    pub fn connect_with(url: &str, config: &RpcConfig) -> Result<Self, EvmError> {
        Ok(Self {
            provider: connect(url, config)?,
            block: BlockNumberOrTag::Latest,
            max_batch_size: config.max_batch_size.max(1),
        })
    }

    /// The same reader, reading the state at block `number` (so that many reads
    /// see one consistent state, e.g. while indexing that block).
    #[must_use]
    pub fn at_block(&self, number: u64) -> Self {
        Self {
            block: BlockNumberOrTag::Number(number),
            ..self.clone()
        }
    }

    /// The underlying alloy provider, for reads this module does not wrap.
    #[must_use]
    pub fn provider(&self) -> &RootProvider {
        &self.provider
    }

    /// The newest block number the node has.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer.
    pub async fn block_number(&self) -> Result<u64, EvmError> {
        self.provider
            .get_block_number()
            .await
            .map_err(|error| rpc_error("eth_blockNumber", &error))
    }

    /// The node's gas price, in wei.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer.
    pub async fn gas_price(&self) -> Result<u128, EvmError> {
        self.provider
            .get_gas_price()
            .await
            .map_err(|error| rpc_error("eth_gasPrice", &error))
    }

    /// The gas `transaction` would use, estimated by the node from its sender.
    ///
    /// # Errors
    /// [`EvmError::NodeError`] with the node's reason (and revert data) when the
    /// transaction would fail; [`EvmError::Rpc`] when the node does not answer.
    pub async fn estimate_gas(&self, transaction: TransactionRequest) -> Result<u64, EvmError> {
        self.provider
            .estimate_gas(transaction)
            .await
            .map_err(|error| rpc_error("eth_estimateGas", &error))
    }

    /// Number and time of the block this reader reads at (the latest unless pinned).
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer or does not have the block.
    pub async fn block_head(&self) -> Result<BlockHead, EvmError> {
        let block = self
            .provider
            .get_block_by_number(self.block)
            .await
            .map_err(|error| rpc_error("eth_getBlockByNumber", &error))?
            .ok_or_else(|| EvmError::Rpc {
                method: "eth_getBlockByNumber",
                reason: format!("the node has no block {}", self.block),
            })?;
        Ok(BlockHead {
            number: block.header.number,
            timestamp: block.header.timestamp,
        })
    }

    /// Native coin (TLOS) held by `address`, in wei.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer.
    pub async fn native_balance(&self, address: Address) -> Result<U256, EvmError> {
        self.provider
            .get_balance(address)
            .block_id(self.block.into())
            .await
            .map_err(|error| rpc_error("eth_getBalance", &error))
    }

    /// Code deployed at `address`; empty for an account without code.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer.
    pub async fn code(&self, address: Address) -> Result<Bytes, EvmError> {
        self.provider
            .get_code_at(address)
            .block_id(self.block.into())
            .await
            .map_err(|error| rpc_error("eth_getCode", &error))
    }

    /// One typed `eth_call`: encodes `call`, sends it to `to`, decodes the answer
    /// strictly (a `uint8` with high bits set or a non-0/1 `bool` is an error).
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] when the call reverts or its return data does not
    /// match the ABI; [`EvmError::Rpc`] when the node does not answer.
    pub async fn call<C: SolCall>(&self, to: Address, call: &C) -> Result<C::Return, EvmError> {
        let input = Bytes::from(call.abi_encode());
        let answer: Result<Bytes, _> = self
            .provider
            .client()
            .request(
                "eth_call",
                (
                    CallParams {
                        to: &to,
                        data: &input,
                    },
                    self.block,
                ),
            )
            .await;
        let data = match answer {
            Ok(data) => data,
            Err(error) => match error.as_error_resp() {
                Some(payload) => {
                    return Err(contract_error::<C>(to, payload.message.to_string()));
                }
                None => return Err(rpc_error("eth_call", &error)),
            },
        };
        C::abi_decode_returns_validate(&data)
            .map_err(|error| contract_error::<C>(to, format!("unexpected return data: {error}")))
    }

    /// Many reads in as few JSON-RPC batches as the batch size allows; answers in
    /// the order of `reads`, each its own success or failure.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer at all.
    pub async fn read_many(&self, reads: &[BatchRead]) -> Result<Vec<ReadResult>, EvmError> {
        batch::read_many(
            &self.provider,
            reads,
            self.block.into(),
            self.max_batch_size,
        )
        .await
    }
}

/// A batched `eth_call` of `call` on `to`, for [`ChainReader::read_many`].
#[must_use]
pub fn call_read<C: SolCall>(to: Address, call: &C) -> BatchRead {
    BatchRead::Call {
        to,
        input: call.abi_encode().into(),
    }
}

/// Decodes the answer to a [`call_read`] of `C` strictly.
///
/// # Errors
/// The read's own failure, or a [`ReadFailure`] without a code when the return data
/// does not match the ABI.
pub fn decode_read<C: SolCall>(result: &ReadResult) -> Result<C::Return, ReadFailure> {
    let data = result
        .as_ref()
        .map_err(Clone::clone)?
        .data()
        .ok_or_else(|| garbage("a call answered with an amount"))?;
    C::abi_decode_returns_validate(data).map_err(|error| garbage(&error.to_string()))
}

/// The amount of a [`BatchRead::NativeBalance`] answer.
///
/// # Errors
/// The read's own failure.
pub fn decode_amount(result: &ReadResult) -> Result<U256, ReadFailure> {
    result
        .as_ref()
        .map_err(Clone::clone)?
        .amount()
        .ok_or_else(|| garbage("a balance answered with data"))
}

/// The answers of a fixed-size batch as an array.
pub(crate) fn exactly<const N: usize>(
    results: Vec<ReadResult>,
) -> Result<[ReadResult; N], EvmError> {
    results.try_into().map_err(|results: Vec<_>| EvmError::Rpc {
        method: "batch",
        reason: format!("{} answers for {N} reads", results.len()),
    })
}

fn garbage(reason: &str) -> ReadFailure {
    ReadFailure {
        code: None,
        message: format!("unexpected return data: {reason}"),
    }
}

fn contract_error<C: SolCall>(contract: Address, reason: String) -> EvmError {
    EvmError::ContractCall {
        contract,
        function: C::SIGNATURE,
        reason,
    }
}
