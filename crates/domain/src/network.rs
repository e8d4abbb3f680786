//! Networks and their chain settings (spec §3 "Chain settings", §9).
//!
//! The facts (chain ids, endpoints, contract addresses) live in the private `catalogue` module; this
//! module holds the types, the name parsing and the rules for overriding settings
//! from a deployment's configuration.

mod catalogue;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::DomainError;

pub use catalogue::{DevnetSettings, NativeDevnetSettings};

/// Every network Tandem knows: the spec's eight plus the local EVM and native devnets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NetworkName {
    Eos,
    Telos,
    Ux,
    Wax,
    TelosTestnet,
    Jungle,
    TelosEvm,
    TelosEvmTestnet,
    /// The local anvil chain; its settings come from the devnet manifest.
    TelosEvmDevnet,
    /// The local Leap chain (devnet/native); its settings come from its manifest.
    TelosNativeDevnet,
}

impl NetworkName {
    /// All networks, in the order the API lists them.
    pub const ALL: [Self; 10] = [
        Self::Telos,
        Self::TelosEvm,
        Self::TelosTestnet,
        Self::TelosEvmTestnet,
        Self::Eos,
        Self::Wax,
        Self::Ux,
        Self::Jungle,
        Self::TelosEvmDevnet,
        Self::TelosNativeDevnet,
    ];

    /// The stable name used in URLs, configuration and the API.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Eos => "eos",
            Self::Telos => "telos",
            Self::Ux => "ux",
            Self::Wax => "wax",
            Self::TelosTestnet => "telos-testnet",
            Self::Jungle => "jungle",
            Self::TelosEvm => "telos-evm",
            Self::TelosEvmTestnet => "telos-evm-testnet",
            Self::TelosEvmDevnet => "telos-evm-devnet",
            Self::TelosNativeDevnet => "telos-native-devnet",
        }
    }

    /// The other half of the same Telos network: a native Telos chain and its EVM, whose
    /// `eosio.evm` contract links native accounts to EVM addresses. Other Antelope chains
    /// have no EVM.
    #[must_use]
    pub const fn linked(self) -> Option<Self> {
        match self {
            Self::Telos => Some(Self::TelosEvm),
            Self::TelosEvm => Some(Self::Telos),
            Self::TelosTestnet => Some(Self::TelosEvmTestnet),
            Self::TelosEvmTestnet => Some(Self::TelosTestnet),
            Self::TelosNativeDevnet => Some(Self::TelosEvmDevnet),
            Self::TelosEvmDevnet => Some(Self::TelosNativeDevnet),
            Self::Eos | Self::Ux | Self::Wax | Self::Jungle => None,
        }
    }

    /// Whether the network is an Antelope chain or an EVM chain.
    #[must_use]
    pub const fn kind(self) -> NetworkKind {
        match self {
            Self::TelosEvm | Self::TelosEvmTestnet | Self::TelosEvmDevnet => NetworkKind::Evm,
            Self::Eos
            | Self::Telos
            | Self::Ux
            | Self::Wax
            | Self::TelosTestnet
            | Self::Jungle
            | Self::TelosNativeDevnet => NetworkKind::Native,
        }
    }
}

impl fmt::Display for NetworkName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for NetworkName {
    type Err = DomainError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|network| network.as_str() == name)
            .ok_or_else(|| DomainError::InvalidNetwork(name.to_owned()))
    }
}

impl Serialize for NetworkName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for NetworkName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// The two families of chains the wallet talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum NetworkKind {
    /// An Antelope chain (Telos "zero", EOS, WAX, …).
    Native,
    /// An EVM chain (Telos EVM).
    Evm,
}

/// A chain id as the chain itself states it: Antelope chains use a 64-hex-digit id,
/// EVM chains a number. Serialised untagged: a JSON string or a JSON number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum ChainId {
    Native(String),
    Evm(u64),
}

/// An RPC endpoint split the way Antelope wallet plugins expect it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RpcEndpoint {
    /// `https` or `http`.
    pub protocol: String,
    pub host: String,
    pub port: u16,
    /// Starts with `/`; `/` when the service sits at the root.
    pub path: String,
}

impl RpcEndpoint {
    /// An HTTPS endpoint on port 443 at the root path.
    #[must_use]
    pub fn https(host: &str) -> Self {
        Self {
            protocol: "https".to_owned(),
            host: host.to_owned(),
            port: 443,
            path: "/".to_owned(),
        }
    }

    /// The endpoint as one URL, leaving out the scheme's default port.
    #[must_use]
    pub fn url(&self) -> String {
        let default_port = match self.protocol.as_str() {
            "https" => Some(443),
            "http" => Some(80),
            _ => None,
        };
        let port = if default_port == Some(self.port) {
            String::new()
        } else {
            format!(":{}", self.port)
        };
        let path = if self.path == "/" { "" } else { &self.path };
        format!("{}://{}{port}{path}", self.protocol, self.host)
    }
}

/// A token the chain settings name (system, staked, wrapped).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TokenSettings {
    pub symbol: String,
    pub name: String,
    pub decimals: u8,
    /// The token contract: an account name on Antelope, an address on EVM; `None`
    /// for the EVM chain's native currency, which has no contract.
    pub contract: Option<String>,
}

/// Colours the web app themes the network with (CSS hex colours).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ThemeColours {
    pub primary: String,
    pub secondary: String,
}

/// Everything the wallet needs to know about one network (spec §3 "Chain settings").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChainSettings {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub name: NetworkName,
    pub display_name: String,
    pub kind: NetworkKind,
    pub chain_id: ChainId,
    pub is_testnet: bool,
    pub is_devnet: bool,
    /// Whether the network shows on the network map (all but the Telos testnet).
    pub display_map: bool,
    /// The chain's own RPC: the Antelope chain API on native networks, the EVM
    /// JSON-RPC on EVM networks.
    pub rpc_endpoint: RpcEndpoint,
    /// EVM networks: JSON-RPC nodes asked, in order, when `rpc_endpoint` gives no answer.
    pub rpc_fallbacks: Vec<String>,
    /// Hyperion v2 history service.
    pub history_endpoint: Option<String>,
    /// Fee sponsor (resource provider) base URL.
    pub fuel_rpc: Option<String>,
    /// The product API (APY figures).
    pub api_endpoint: Option<String>,
    /// The EVM indexer: a Blockscout explorer (v2 REST API under `/api/v2`), or a
    /// Teloscan indexer v1 where the operator chose `primary = "teloscan"`.
    pub indexer_endpoint: Option<String>,
    pub explorer_url: Option<String>,
    pub ecosystem_url: Option<String>,
    pub bridge_url: Option<String>,
    pub token_list_url: Option<String>,
    /// Bucket of verified EVM contract metadata.
    pub trusted_contracts_bucket: Option<String>,
    /// Unstake escrow contract (EVM).
    pub escrow_address: Option<String>,
    /// Decimals of the EVM chain's smallest unit; `None` on native networks.
    pub wei_precision: Option<u8>,
    pub system_token: TokenSettings,
    pub staked_token: Option<TokenSettings>,
    pub wrapped_token: Option<TokenSettings>,
    pub theme: ThemeColours,
    /// Path of the network's logo, served by the web app (`/logos/<family>.svg`).
    pub logo: String,
    /// The other half of the same Telos network (native ↔ EVM), see [`NetworkName::linked`].
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub linked_network: Option<NetworkName>,
}

impl ChainSettings {
    /// The built-in settings of a network, or `None` for the devnet, whose settings
    /// only exist once its manifest is read (see [`ChainSettings::devnet`]).
    #[must_use]
    pub fn builtin(name: NetworkName) -> Option<Self> {
        catalogue::builtin(name)
    }

    /// The built-in settings of every spec network (all but the devnet).
    #[must_use]
    pub fn all_builtin() -> Vec<Self> {
        NetworkName::ALL
            .into_iter()
            .filter_map(Self::builtin)
            .collect()
    }

    /// The settings of the local EVM devnet, from the facts its manifest states.
    #[must_use]
    pub fn devnet(devnet: DevnetSettings) -> Self {
        catalogue::devnet(devnet)
    }

    /// The settings of the local native devnet, from the facts its manifest states.
    #[must_use]
    pub fn native_devnet(devnet: NativeDevnetSettings) -> Self {
        catalogue::native_devnet(devnet)
    }

    /// These settings with a deployment's overrides applied. Address overrides only
    /// touch tokens the network has (see [`ChainSettingsOverride::unsupported_field`]).
    #[must_use]
    pub fn with_override(mut self, overrides: &ChainSettingsOverride) -> Self {
        let replace = |slot: &mut Option<String>, value: &Option<String>| {
            if let Some(value) = value {
                *slot = Some(value.clone());
            }
        };
        if let Some(rpc) = &overrides.rpc_endpoint {
            self.rpc_endpoint = rpc.clone();
            self.rpc_fallbacks.clear();
        }
        if let Some(fallbacks) = &overrides.rpc_fallbacks {
            self.rpc_fallbacks.clone_from(fallbacks);
        }
        replace(&mut self.history_endpoint, &overrides.history_endpoint);
        replace(&mut self.fuel_rpc, &overrides.fuel_rpc);
        replace(&mut self.api_endpoint, &overrides.api_endpoint);
        replace(&mut self.indexer_endpoint, &overrides.indexer_endpoint);
        replace(&mut self.explorer_url, &overrides.explorer_url);
        replace(&mut self.ecosystem_url, &overrides.ecosystem_url);
        replace(&mut self.bridge_url, &overrides.bridge_url);
        replace(&mut self.token_list_url, &overrides.token_list_url);
        replace(
            &mut self.trusted_contracts_bucket,
            &overrides.trusted_contracts_bucket,
        );
        replace(&mut self.escrow_address, &overrides.escrow_address);
        if let Some(token) = &mut self.staked_token {
            replace(&mut token.contract, &overrides.staked_token_address);
        }
        if let Some(token) = &mut self.wrapped_token {
            replace(&mut token.contract, &overrides.wrapped_token_address);
        }
        self
    }
}

/// Settings a deployment may replace: endpoints and contract addresses. `None`
/// keeps the built-in value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChainSettingsOverride {
    pub rpc_endpoint: Option<RpcEndpoint>,
    /// Replaces the fallback nodes; a new `rpc_endpoint` without it clears them (a node
    /// of the operator's choice is not backed by public ones it did not name).
    pub rpc_fallbacks: Option<Vec<String>>,
    pub history_endpoint: Option<String>,
    pub fuel_rpc: Option<String>,
    pub api_endpoint: Option<String>,
    pub indexer_endpoint: Option<String>,
    pub explorer_url: Option<String>,
    pub ecosystem_url: Option<String>,
    pub bridge_url: Option<String>,
    pub token_list_url: Option<String>,
    pub trusted_contracts_bucket: Option<String>,
    pub escrow_address: Option<String>,
    pub staked_token_address: Option<String>,
    pub wrapped_token_address: Option<String>,
}

impl ChainSettingsOverride {
    /// The name of the first override that makes no sense for a network of this
    /// kind (EVM contract addresses on a native network), so configuration can
    /// refuse it instead of silently ignoring it.
    #[must_use]
    pub fn unsupported_field(&self, kind: NetworkKind) -> Option<&'static str> {
        if kind == NetworkKind::Evm {
            return None;
        }
        if self.rpc_fallbacks.is_some() {
            return Some("rpc_fallbacks");
        }
        [
            ("escrow_address", &self.escrow_address),
            ("staked_token_address", &self.staked_token_address),
            ("wrapped_token_address", &self.wrapped_token_address),
        ]
        .into_iter()
        .find_map(|(field, value)| value.as_ref().map(|_| field))
    }
}
