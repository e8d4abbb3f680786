//! ERC-721 and ERC-1155 reads: owners, approvals, balances and metadata URIs.

use alloy::primitives::{Address, U256};

use super::abi::{IErc165, IErc721, IErc1155};
use super::{ChainReader, call_read, decode_read};
use crate::EvmError;
use crate::rpc::{BatchRead, ReadFailure};

/// An account's amount of one ERC-1155 id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erc1155Holding {
    /// Token id.
    pub id: U256,
    /// Amount held.
    pub amount: U256,
}

impl ChainReader {
    /// ERC-165 `supportsInterface(id)`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] when the contract does not implement it; [`EvmError::Rpc`].
    pub async fn supports_interface(
        &self,
        contract: Address,
        interface_id: [u8; 4],
    ) -> Result<bool, EvmError> {
        self.call(
            contract,
            &IErc165::supportsInterfaceCall {
                interfaceId: interface_id.into(),
            },
        )
        .await
    }

    /// ERC-721 `ownerOf(tokenId)`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] for a token that does not exist; [`EvmError::Rpc`].
    pub async fn owner_of(&self, collection: Address, token_id: U256) -> Result<Address, EvmError> {
        self.call(collection, &IErc721::ownerOfCall { tokenId: token_id })
            .await
    }

    /// ERC-721 `getApproved(tokenId)`: the one address approved for this token (zero
    /// when none).
    ///
    /// # Errors
    /// As [`owner_of`](Self::owner_of).
    pub async fn get_approved(
        &self,
        collection: Address,
        token_id: U256,
    ) -> Result<Address, EvmError> {
        self.call(collection, &IErc721::getApprovedCall { tokenId: token_id })
            .await
    }

    /// `isApprovedForAll(owner, operator)` of an ERC-721 or ERC-1155 collection (the
    /// same function in both standards).
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn is_approved_for_all(
        &self,
        collection: Address,
        owner: Address,
        operator: Address,
    ) -> Result<bool, EvmError> {
        self.call(
            collection,
            &IErc721::isApprovedForAllCall { owner, operator },
        )
        .await
    }

    /// ERC-721 `tokenURI(tokenId)`, as the contract returns it.
    ///
    /// # Errors
    /// As [`owner_of`](Self::owner_of).
    pub async fn token_uri(&self, collection: Address, token_id: U256) -> Result<String, EvmError> {
        self.call(collection, &IErc721::tokenURICall { tokenId: token_id })
            .await
    }

    /// ERC-1155 `balanceOf(account, id)`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn erc1155_balance_of(
        &self,
        collection: Address,
        account: Address,
        id: U256,
    ) -> Result<U256, EvmError> {
        self.call(collection, &IErc1155::balanceOfCall { account, id })
            .await
    }

    /// ERC-1155 `balanceOfBatch(accounts, ids)`: one amount per `(account, id)` pair,
    /// in order, in one call.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] (also when the answer's length does not match);
    /// [`EvmError::Rpc`].
    pub async fn erc1155_balance_of_batch(
        &self,
        collection: Address,
        pairs: &[(Address, U256)],
    ) -> Result<Vec<U256>, EvmError> {
        let (accounts, ids) = pairs.iter().copied().unzip();
        let amounts = self
            .call(collection, &IErc1155::balanceOfBatchCall { accounts, ids })
            .await?;
        if amounts.len() != pairs.len() {
            return Err(EvmError::ContractCall {
                contract: collection,
                function: "balanceOfBatch(address[],uint256[])",
                reason: format!("{} amounts for {} pairs", amounts.len(), pairs.len()),
            });
        }
        Ok(amounts)
    }

    /// ERC-1155 `uri(id)`, with its `{id}` placeholder left as it is.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn erc1155_uri(&self, collection: Address, id: U256) -> Result<String, EvmError> {
        self.call(collection, &IErc1155::uriCall { id }).await
    }

    /// The ids among `ids` that `owner` holds a non-zero amount of, in one call.
    ///
    /// # Errors
    /// As [`erc1155_balance_of_batch`](Self::erc1155_balance_of_batch).
    pub async fn erc1155_holdings(
        &self,
        collection: Address,
        owner: Address,
        ids: &[U256],
    ) -> Result<Vec<Erc1155Holding>, EvmError> {
        let pairs: Vec<(Address, U256)> = ids.iter().map(|&id| (owner, id)).collect();
        let amounts = self.erc1155_balance_of_batch(collection, &pairs).await?;
        Ok(ids
            .iter()
            .zip(amounts)
            .filter(|(_, amount)| !amount.is_zero())
            .map(|(&id, amount)| Erc1155Holding { id, amount })
            .collect())
    }

    /// `ownerOf` of each id, batched; a burnt or unminted id fails only its entry.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn owners_of(
        &self,
        collection: Address,
        token_ids: &[U256],
    ) -> Result<Vec<Result<Address, ReadFailure>>, EvmError> {
        let reads: Vec<BatchRead> = token_ids
            .iter()
            .map(|&token_id| call_read(collection, &IErc721::ownerOfCall { tokenId: token_id }))
            .collect();
        let results = self.read_many(&reads).await?;
        Ok(results
            .iter()
            .map(decode_read::<IErc721::ownerOfCall>)
            .collect())
    }

    /// `tokenURI` (ERC-721) or `uri` (ERC-1155) of each id, batched.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn token_uris(
        &self,
        collection: Address,
        token_ids: &[U256],
        erc1155: bool,
    ) -> Result<Vec<Result<String, ReadFailure>>, EvmError> {
        let reads: Vec<BatchRead> = token_ids
            .iter()
            .map(|&id| {
                if erc1155 {
                    call_read(collection, &IErc1155::uriCall { id })
                } else {
                    call_read(collection, &IErc721::tokenURICall { tokenId: id })
                }
            })
            .collect();
        let results = self.read_many(&reads).await?;
        Ok(results
            .iter()
            .map(|result| {
                if erc1155 {
                    decode_read::<IErc1155::uriCall>(result)
                } else {
                    decode_read::<IErc721::tokenURICall>(result)
                }
            })
            .collect())
    }
}
