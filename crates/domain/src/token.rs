//! Tokens (spec §3): identity `symbol-address-network`, 18 decimals and ERC-20 unless
//! stated otherwise.

use serde::{Deserialize, Serialize};

use crate::DomainError;
use crate::price::MarketPrice;

/// Decimals of a token that does not say (spec §9).
pub const DEFAULT_TOKEN_DECIMALS: u8 = 18;

/// The token standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenType {
    /// ERC-20, the default.
    #[default]
    Erc20,
    /// ERC-721.
    Erc721,
    /// ERC-1155.
    Erc1155,
}

/// A token on one network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Display name.
    pub name: String,
    /// Symbol, e.g. TLOS.
    pub symbol: String,
    /// Network name, e.g. `telos-evm`.
    pub network: String,
    /// Decimals of the smallest unit.
    pub decimals: u8,
    /// Contract address (EVM) or account (native); the native EVM coin uses a marker.
    pub address: String,
    /// EVM chain id, if any.
    pub chain_id: Option<u64>,
    /// Logo URL.
    pub logo: Option<String>,
    /// True for the chain's native coin.
    pub is_native: bool,
    /// True for the network's system token (TLOS, EOS, ...).
    pub is_system: bool,
    /// The standard.
    pub token_type: TokenType,
    /// The latest market price, if known.
    pub price: Option<MarketPrice>,
}

impl Token {
    /// A token with the defaults of spec §3: 18 decimals, ERC-20, no logo or price.
    #[must_use]
    pub fn new(symbol: &str, address: &str, network: &str) -> Self {
        Self {
            name: symbol.to_owned(),
            symbol: symbol.to_owned(),
            network: network.to_owned(),
            decimals: DEFAULT_TOKEN_DECIMALS,
            address: address.to_owned(),
            chain_id: None,
            logo: None,
            is_native: false,
            is_system: false,
            token_type: TokenType::default(),
            price: None,
        }
    }

    /// The token's id, `symbol-address-network`.
    #[must_use]
    pub fn id(&self) -> TokenId {
        TokenId {
            symbol: self.symbol.clone(),
            address: self.address.clone(),
            network: self.network.clone(),
        }
    }
}

/// The parts of a token id `symbol-address-network`. Symbols and addresses contain no
/// dash; the network may (`telos-evm`), so it takes the rest.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenId {
    /// Symbol.
    pub symbol: String,
    /// Address or contract account.
    pub address: String,
    /// Network name.
    pub network: String,
}

impl TokenId {
    /// Splits `symbol-address-network`.
    ///
    /// # Errors
    /// [`DomainError::InvalidTokenId`] when a part is missing or empty.
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let invalid = || DomainError::InvalidTokenId(text.to_owned());
        let mut parts = text.splitn(3, '-');
        let mut next = || parts.next().filter(|p| !p.is_empty()).ok_or_else(invalid);
        Ok(Self {
            symbol: next()?.to_owned(),
            address: next()?.to_owned(),
            network: next()?.to_owned(),
        })
    }
}

impl std::fmt::Display for TokenId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.symbol, self.address, self.network)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_id() {
        let token = Token::new(
            "WTLOS",
            "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E",
            "telos-evm",
        );
        assert_eq!(token.decimals, 18);
        assert_eq!(token.token_type, TokenType::Erc20);
        let id = token.id().to_string();
        assert_eq!(
            id,
            "WTLOS-0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E-telos-evm"
        );
        assert_eq!(TokenId::parse(&id).unwrap(), token.id());
    }

    #[test]
    fn token_id_parsing() {
        let ok = [
            ("TLOS-eosio.token-telos", ("TLOS", "eosio.token", "telos")),
            (
                "STLOS-0xabc-telos-evm-testnet",
                ("STLOS", "0xabc", "telos-evm-testnet"),
            ),
        ];
        for (text, (symbol, address, network)) in ok {
            let id = TokenId::parse(text).unwrap();
            assert_eq!(
                (id.symbol.as_str(), id.address.as_str(), id.network.as_str()),
                (symbol, address, network)
            );
        }
        for bad in [
            "",
            "TLOS",
            "TLOS-eosio.token",
            "TLOS--telos",
            "-a-b",
            "TLOS-a-",
        ] {
            assert_eq!(
                TokenId::parse(bad),
                Err(DomainError::InvalidTokenId(bad.to_owned())),
                "{bad}"
            );
        }
    }
}
