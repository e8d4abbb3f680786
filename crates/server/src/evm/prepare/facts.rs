//! What a prepared call needs to know about a contract: its kind (ERC-20, ERC-721,
//! ERC-1155), name, symbol and decimals. The contract resolver answers first (cached,
//! the spec's lookup order); when it has no interfaces for the address, the chain is
//! probed directly, so an indexer outage never blocks a transaction.

use alloy::primitives::Address;
use tandem_evm::lookup::ContractLookup;
use tandem_evm::source::{ContractInterface, ContractRecord};

use super::revoke::TokenKind;
use crate::error::ServiceError;
use crate::evm::EvmNetwork;

/// The facts of one token contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenFacts {
    /// Its address.
    pub address: Address,
    /// ERC-20, ERC-721 or ERC-1155.
    pub kind: TokenKind,
    /// `name()` or a listed name.
    pub name: Option<String>,
    /// `symbol()`.
    pub symbol: Option<String>,
    /// `decimals()` of an ERC-20.
    pub decimals: Option<u8>,
}

/// The kind a record declares; ERC-721 wins over ERC-1155, both over ERC-20.
#[must_use]
pub fn kind_of(interfaces: &[ContractInterface]) -> Option<TokenKind> {
    let has = |wanted: ContractInterface| interfaces.contains(&wanted);
    if has(ContractInterface::Erc721) {
        Some(TokenKind::Erc721)
    } else if has(ContractInterface::Erc1155) {
        Some(TokenKind::Erc1155)
    } else if has(ContractInterface::Erc20) {
        Some(TokenKind::Erc20)
    } else {
        None
    }
}

fn from_record(record: &ContractRecord) -> Option<TokenFacts> {
    Some(TokenFacts {
        address: record.address,
        kind: kind_of(&record.interfaces)?,
        name: record.name.clone(),
        symbol: record.symbol.clone(),
        decimals: record.decimals,
    })
}

/// The token at `address`; `Ok(None)` when it is no ERC-20/721/1155 contract.
///
/// # Errors
/// When the chain cannot be probed.
pub async fn token_facts(
    network: &EvmNetwork,
    address: Address,
) -> Result<Option<TokenFacts>, ServiceError> {
    if let ContractLookup::Found(found) = network.resolver().resolve(address, None).await
        && let Some(facts) = from_record(&found.record)
    {
        let needs_decimals = facts.kind == TokenKind::Erc20 && facts.decimals.is_none();
        if !needs_decimals {
            return Ok(Some(facts));
        }
    }
    let probed = network.reader().probe_contract(address).await?;
    Ok(probed.as_ref().and_then(from_record))
}

/// The ERC-20 token at `address` with its decimals.
///
/// # Errors
/// [`ServiceError::NotAnErc20`] naming `field` when the address holds something else;
/// when the chain cannot be read.
pub async fn erc20(
    network: &EvmNetwork,
    field: &'static str,
    address: Address,
) -> Result<(TokenFacts, u8), ServiceError> {
    let facts = token_facts(network, address).await?;
    match facts {
        Some(facts) if facts.kind == TokenKind::Erc20 => {
            let decimals = match facts.decimals {
                Some(decimals) => decimals,
                None => network.reader().token_decimals(address).await?,
            };
            Ok((facts, decimals))
        }
        _ => Err(ServiceError::NotAnErc20 { field, address }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nft_interfaces_win_over_erc20() {
        use ContractInterface::{Erc20, Erc721, Erc1155};
        assert_eq!(kind_of(&[Erc20]), Some(TokenKind::Erc20));
        assert_eq!(kind_of(&[Erc20, Erc1155]), Some(TokenKind::Erc1155));
        assert_eq!(kind_of(&[Erc1155, Erc721]), Some(TokenKind::Erc721));
        assert_eq!(kind_of(&[]), None);
    }
}
