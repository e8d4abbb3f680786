//! Reads over a configured list of NFT ids. Plain JSON-RPC cannot enumerate what an
//! account owns or what a collection holds (that needs an index of transfer logs),
//! but given the ids worth checking — a devnet's seeded tokens, a curated list — the
//! owners, balances and URIs of all of them cost one or two batches.

use alloy::primitives::{Address, U256};
use tandem_domain::nft::NftStandard;

use super::abi::{IErc721, IErc1155, IErc1155Supply};
use super::{ChainReader, call_read, decode_read};
use crate::EvmError;
use crate::rpc::{BatchRead, ReadResult};

/// One NFT id worth checking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KnownNft {
    /// The collection.
    pub contract: Address,
    /// ERC-721 or ERC-1155.
    pub standard: NftStandard,
    /// The token id.
    pub token_id: U256,
}

/// An NFT an account holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NftHolding {
    /// Which NFT.
    pub nft: KnownNft,
    /// Amount held (1 for ERC-721).
    pub amount: U256,
}

/// What the chain says about one NFT id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NftFacts {
    /// Which NFT.
    pub nft: KnownNft,
    /// ERC-721 `ownerOf`; `None` for ERC-1155 or a token that does not exist (reverts).
    pub owner: Option<Address>,
    /// ERC-1155 `totalSupply(id)` where the contract has that extension.
    pub supply: Option<U256>,
    /// `tokenURI` (ERC-721) or `uri` (ERC-1155), when the contract answers it.
    pub token_uri: Option<String>,
}

impl ChainReader {
    /// Which of `nfts` `owner` holds, in one batch: `ownerOf` for ERC-721 ids,
    /// `balanceOf(owner, id)` for ERC-1155 ids. An id whose read reverts counts as
    /// not held. Holdings keep the order of `nfts`.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn nfts_held(
        &self,
        owner: Address,
        nfts: &[KnownNft],
    ) -> Result<Vec<NftHolding>, EvmError> {
        let reads: Vec<BatchRead> = nfts
            .iter()
            .map(|nft| match nft.standard {
                NftStandard::Erc721 => call_read(
                    nft.contract,
                    &IErc721::ownerOfCall {
                        tokenId: nft.token_id,
                    },
                ),
                NftStandard::Erc1155 => call_read(
                    nft.contract,
                    &IErc1155::balanceOfCall {
                        account: owner,
                        id: nft.token_id,
                    },
                ),
            })
            .collect();
        let results = self.read_many(&reads).await?;
        Ok(nfts
            .iter()
            .zip(&results)
            .filter_map(|(nft, result)| {
                let amount = match nft.standard {
                    NftStandard::Erc721 => decode_read::<IErc721::ownerOfCall>(result)
                        .ok()
                        .filter(|holder| *holder == owner)
                        .map(|_| U256::from(1_u8)),
                    NftStandard::Erc1155 => decode_read::<IErc1155::balanceOfCall>(result).ok(),
                }?;
                (!amount.is_zero()).then_some(NftHolding { nft: *nft, amount })
            })
            .collect())
    }

    /// Owner, supply and URI of each of `nfts`, in one batch (two reads per id).
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn nft_facts(&self, nfts: &[KnownNft]) -> Result<Vec<NftFacts>, EvmError> {
        let mut reads = Vec::with_capacity(nfts.len() * 2);
        for nft in nfts {
            let token_id = nft.token_id;
            match nft.standard {
                NftStandard::Erc721 => {
                    reads.push(call_read(
                        nft.contract,
                        &IErc721::ownerOfCall { tokenId: token_id },
                    ));
                    reads.push(call_read(
                        nft.contract,
                        &IErc721::tokenURICall { tokenId: token_id },
                    ));
                }
                NftStandard::Erc1155 => {
                    reads.push(call_read(
                        nft.contract,
                        &IErc1155Supply::totalSupplyCall { id: token_id },
                    ));
                    reads.push(call_read(nft.contract, &IErc1155::uriCall { id: token_id }));
                }
            }
        }
        let results = self.read_many(&reads).await?;
        Ok(nfts
            .iter()
            .zip(results.chunks(2))
            .map(|(nft, answers)| facts(*nft, answers))
            .collect())
    }
}

fn facts(nft: KnownNft, answers: &[ReadResult]) -> NftFacts {
    let (first, uri) = match answers {
        [first, uri] => (first, uri),
        _ => {
            return NftFacts {
                nft,
                owner: None,
                supply: None,
                token_uri: None,
            };
        }
    };
    match nft.standard {
        NftStandard::Erc721 => NftFacts {
            nft,
            owner: decode_read::<IErc721::ownerOfCall>(first).ok(),
            supply: None,
            token_uri: decode_read::<IErc721::tokenURICall>(uri).ok(),
        },
        NftStandard::Erc1155 => NftFacts {
            nft,
            owner: None,
            supply: decode_read::<IErc1155Supply::totalSupplyCall>(first).ok(),
            token_uri: decode_read::<IErc1155::uriCall>(uri).ok(),
        },
    }
}
