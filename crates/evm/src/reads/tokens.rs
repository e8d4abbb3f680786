//! ERC-20 reads (also the `name`/`symbol`/`balanceOf` shared with ERC-721), and the
//! batched balance reads the RPC fallback and the indexer use.

use alloy::primitives::{Address, U256};

use super::abi::IErc20;
use super::{ChainReader, call_read, decode_amount, decode_read};
use crate::EvmError;
use crate::rpc::{BatchRead, ReadFailure};

/// One token's balance from a batched read: the amount, or why that token alone
/// could not be read (it reverted, or is not an ERC-20).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenAmount {
    /// The token contract.
    pub token: Address,
    /// `balanceOf(owner)`, exact, in the token's smallest unit.
    pub amount: Result<U256, ReadFailure>,
}

impl ChainReader {
    /// `name()` of an ERC-20 or ERC-721 contract, decoded strictly. For a tolerant
    /// read of an unknown contract use [`probe_contract`](Self::probe_contract).
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] on a revert or malformed answer; [`EvmError::Rpc`].
    pub async fn token_name(&self, token: Address) -> Result<String, EvmError> {
        self.call(token, &IErc20::nameCall {}).await
    }

    /// `symbol()` of an ERC-20 or ERC-721 contract.
    ///
    /// # Errors
    /// As [`token_name`](Self::token_name).
    pub async fn token_symbol(&self, token: Address) -> Result<String, EvmError> {
        self.call(token, &IErc20::symbolCall {}).await
    }

    /// `decimals()` of an ERC-20 token.
    ///
    /// # Errors
    /// As [`token_name`](Self::token_name); a value above 255 is a malformed answer.
    pub async fn token_decimals(&self, token: Address) -> Result<u8, EvmError> {
        self.call(token, &IErc20::decimalsCall {}).await
    }

    /// `totalSupply()` of an ERC-20 token.
    ///
    /// # Errors
    /// As [`token_name`](Self::token_name).
    pub async fn total_supply(&self, token: Address) -> Result<U256, EvmError> {
        self.call(token, &IErc20::totalSupplyCall {}).await
    }

    /// `balanceOf(owner)` of an ERC-20 token or an ERC-721 collection (the number of
    /// NFTs held). WTLOS and STLOS shares are read this way too.
    ///
    /// # Errors
    /// As [`token_name`](Self::token_name).
    pub async fn balance_of(&self, token: Address, owner: Address) -> Result<U256, EvmError> {
        self.call(token, &IErc20::balanceOfCall { owner }).await
    }

    /// `allowance(owner, spender)` of an ERC-20 token.
    ///
    /// # Errors
    /// As [`token_name`](Self::token_name).
    pub async fn allowance(
        &self,
        token: Address,
        owner: Address,
        spender: Address,
    ) -> Result<U256, EvmError> {
        self.call(token, &IErc20::allowanceCall { owner, spender })
            .await
    }

    /// `balanceOf(owner)` of every `(token, owner)` pair, batched. Answers come in the
    /// order of `pairs`; a token that reverts fails only its own entry.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn balances_of(
        &self,
        pairs: &[(Address, Address)],
    ) -> Result<Vec<Result<U256, ReadFailure>>, EvmError> {
        let reads: Vec<BatchRead> = pairs
            .iter()
            .map(|&(token, owner)| call_read(token, &IErc20::balanceOfCall { owner }))
            .collect();
        let results = self.read_many(&reads).await?;
        Ok(results
            .iter()
            .map(decode_read::<IErc20::balanceOfCall>)
            .collect())
    }

    /// The native balance of `owner` and its balance of each of `tokens`, in one
    /// batch per [`RpcConfig::max_batch_size`](crate::rpc::RpcConfig) reads.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer or the native balance
    /// cannot be read.
    pub async fn account_balances(
        &self,
        owner: Address,
        tokens: &[Address],
    ) -> Result<(U256, Vec<TokenAmount>), EvmError> {
        let mut reads = Vec::with_capacity(tokens.len() + 1);
        reads.push(BatchRead::NativeBalance(owner));
        reads.extend(
            tokens
                .iter()
                .map(|&token| call_read(token, &IErc20::balanceOfCall { owner })),
        );
        let results = self.read_many(&reads).await?;
        let (native, token_results) = results.split_first().ok_or_else(|| EvmError::Rpc {
            method: "eth_getBalance",
            reason: "the batch came back empty".to_owned(),
        })?;
        let native = decode_amount(native).map_err(|failure| EvmError::Rpc {
            method: "eth_getBalance",
            reason: failure.to_string(),
        })?;
        let amounts = tokens
            .iter()
            .zip(token_results)
            .map(|(&token, result)| TokenAmount {
                token,
                amount: decode_read::<IErc20::balanceOfCall>(result),
            })
            .collect();
        Ok((native, amounts))
    }
}
