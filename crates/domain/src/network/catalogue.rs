//! The built-in facts about each network (shared/design/third-party-apis.md, spec §9).
//! Anything not known from those sources stays `None`.

use super::{
    ChainId, ChainSettings, NetworkKind, NetworkName, RpcEndpoint, ThemeColours, TokenSettings,
};

const TELOS_API: &str = "https://api.telos.net/v1";
const TELOS_ECOSYSTEM: &str = "https://www.telos.net/ecosystem";
const TELOS_BRIDGE: &str = "https://bridge.telos.net/bridge";
const TOKEN_LIST_REPOSITORY: &str =
    "https://raw.githubusercontent.com/telosnetwork/token-list/main";
const TELOS_TOKEN: (&str, &str) = ("TLOS", "Telos");
const WEI_PRECISION: u8 = 18;
/// Precision of the WAX chain's system token (`8,WAX` on `eosio.token`).
const WAX_DECIMALS: u8 = 8;
/// Antelope system tokens all use four decimals on `eosio.token` (spec §9).
const NATIVE_SYSTEM_TOKEN_DECIMALS: u8 = 4;

/// The facts the devnet manifest states, as the devnet's chain settings need them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevnetSettings {
    pub chain_id: u64,
    pub rpc_endpoint: RpcEndpoint,
    pub token_list_url: String,
    pub wrapped_token_address: String,
    pub staked_token_address: String,
    pub escrow_address: String,
}

/// The facts the native devnet's manifest states (devnet/native/README.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeDevnetSettings {
    /// 64 hex digits.
    pub chain_id: String,
    /// The chain API.
    pub rpc_endpoint: RpcEndpoint,
    /// The Hyperion subset.
    pub history_endpoint: String,
    /// The test fee sponsor.
    pub fuel_rpc: String,
    /// Its token list (the shape of the Telos token-list repository's native lists).
    pub token_list_url: Option<String>,
    /// Its recorded product API (`apy/native`).
    pub api_endpoint: Option<String>,
}

pub(super) fn builtin(name: NetworkName) -> Option<ChainSettings> {
    let settings = match name {
        NetworkName::Telos => ChainSettings {
            history_endpoint: Some("https://mainnet.telos.net".to_owned()),
            fuel_rpc: Some("https://telos.greymass.com".to_owned()),
            explorer_url: Some("https://explorer.telos.net".to_owned()),
            bridge_url: Some(TELOS_BRIDGE.to_owned()),
            ..telos_native(NativeFacts {
                name,
                display_name: "Telos",
                chain_id: "4667b205c6838ef70ff7988f6e8257e8be0e1284a2f59699054a018f743b1d11",
                rpc_host: "mainnet.telos.net",
                theme: ("#571AFF", "#00F2FE"),
                token: TELOS_TOKEN,
                logo_family: "telos",
            })
        },
        NetworkName::TelosTestnet => ChainSettings {
            history_endpoint: Some("https://testnet.telos.net".to_owned()),
            explorer_url: Some("https://explorer-test.telos.net".to_owned()),
            ..telos_native(NativeFacts {
                name,
                display_name: "Telos Testnet",
                chain_id: "1eaa0824707c8c16bd25145493bf062aecddfeb56c736f6ba6397f3195f33c9f",
                rpc_host: "testnet.telos.net",
                theme: ("#7A5CFF", "#5FD4E8"),
                token: TELOS_TOKEN,
                logo_family: "telos",
            })
        },
        NetworkName::Eos => ChainSettings {
            history_endpoint: Some("https://eos.hyperion.eosrio.io".to_owned()),
            fuel_rpc: Some("https://eos.greymass.com".to_owned()),
            ..native(NativeFacts {
                name,
                display_name: "EOS",
                chain_id: "aca376f206b8fc25a6ed44dbdc66547c36c6c33e3a119ffbeaef943642f0e906",
                rpc_host: "eos.hyperion.eosrio.io",
                token: ("EOS", "EOS"),
                theme: ("#0B0B0F", "#6C6C7C"),
                logo_family: "eos",
            })
        },
        NetworkName::Wax => {
            let settings = native(NativeFacts {
                name,
                display_name: "WAX",
                chain_id: "1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4",
                rpc_host: "wax.eosusa.io",
                token: ("WAX", "WAX"),
                theme: ("#F78E1E", "#30323D"),
                logo_family: "wax",
            });
            ChainSettings {
                history_endpoint: Some("https://wax.eosusa.io".to_owned()),
                // The spec lists precision 4 for every system token, but the WAX chain's
                // token is `8,WAX`: with 4 every amount would be off by 10^4 and
                // transfers would be rejected by the chain. The chain wins.
                system_token: TokenSettings {
                    decimals: WAX_DECIMALS,
                    ..settings.system_token
                },
                ..settings
            }
        }
        NetworkName::Ux => ChainSettings {
            history_endpoint: Some("https://ux.eosusa.io".to_owned()),
            ..native(NativeFacts {
                name,
                display_name: "UX Network",
                chain_id: "8fc6dce7942189f842170de953932b1f66693ad3788f766e777b6f9d22335c02",
                rpc_host: "ux.eosusa.io",
                token: ("UTX", "UX Network"),
                theme: ("#2E1A6B", "#38D2F2"),
                logo_family: "ux",
            })
        },
        NetworkName::Jungle => ChainSettings {
            history_endpoint: Some("https://jungle.eosusa.news".to_owned()),
            ..native(NativeFacts {
                name,
                display_name: "Jungle Testnet",
                chain_id: "73e4385a2708e6d7048834fbc1079f2fabb17b3c125b146af438971e90716c4d",
                rpc_host: "jungle.eosusa.news",
                token: ("EOS", "EOS"),
                theme: ("#2E7D32", "#A5D6A7"),
                logo_family: "eos",
            })
        },
        NetworkName::TelosEvm => ChainSettings {
            bridge_url: Some(TELOS_BRIDGE.to_owned()),
            // The incumbent wallet's fallbacks (telos-wallet's `FALLBACK_RPC_ENDPOINTS`,
            // 2026) without `mainnet.telos.net/evm`, which answers 404 since #859.
            rpc_fallbacks: vec![
                "https://telos.drpc.org".to_owned(),
                "https://rpc1.us.telos.net/evm".to_owned(),
            ],
            ..telos_evm(EvmFacts {
                name,
                display_name: "Telos EVM",
                chain_id: 40,
                rpc_endpoint: RpcEndpoint::https("rpc.telos.net"),
                history_endpoint: Some("https://mainnet.telos.net"),
                // Blockscout v2 at the explorer's own host since Feb 2026 (telosnetwork/
                // telos-wallet #861: "Blockscout API (replaces legacy api.teloscan.io)").
                indexer_endpoint: Some("https://teloscan.io"),
                explorer_url: Some("https://teloscan.io"),
                trusted_contracts_bucket: Some("https://verified-evm-contracts.s3.amazonaws.com"),
                token_list_url: format!("{TOKEN_LIST_REPOSITORY}/telosevm.tokenlist.json"),
                contracts: EvmContracts {
                    staked: "0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905",
                    wrapped: "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                    escrow: "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855",
                },
                theme: ("#2A8DE3", "#8B3F98"),
            })
        },
        NetworkName::TelosEvmTestnet => ChainSettings {
            // dRPC's public Telos testnet node (envio's supported-networks page).
            rpc_fallbacks: vec!["https://telos-testnet.drpc.org".to_owned()],
            ..telos_evm(EvmFacts {
                name,
                display_name: "Telos EVM Testnet",
                chain_id: 41,
                rpc_endpoint: RpcEndpoint::https("rpc.testnet.telos.net"),
                history_endpoint: Some("https://testnet.telos.net"),
                // The testnet's published explorer host (chainlist, viem's `telosTestnet`),
                // read as Blockscout like mainnet's (ADR 0028).
                indexer_endpoint: Some("https://testnet.teloscan.io"),
                explorer_url: Some("https://testnet.teloscan.io"),
                trusted_contracts_bucket: Some(
                    "https://verified-evm-contracts-testnet.s3.amazonaws.com",
                ),
                token_list_url: format!("{TOKEN_LIST_REPOSITORY}/telosevm.tokenlist.json"),
                contracts: EvmContracts {
                    staked: "0xa9991E4daA44922D00a78B6D986cDf628d46C4DD",
                    wrapped: "0xaE85Bf723A9e74d6c663dd226996AC1b8d075AA9",
                    escrow: "0x7E9cF9fBc881652B05BB8F26298fFAB538163b6f",
                },
                theme: ("#5AA8EC", "#A565B0"),
            })
        },
        NetworkName::TelosEvmDevnet | NetworkName::TelosNativeDevnet => return None,
    };
    Some(settings)
}

pub(super) fn devnet(devnet: DevnetSettings) -> ChainSettings {
    let name = NetworkName::TelosEvmDevnet;
    let mut settings = telos_evm(EvmFacts {
        name,
        display_name: "Telos EVM Devnet",
        chain_id: devnet.chain_id,
        rpc_endpoint: devnet.rpc_endpoint,
        history_endpoint: None,
        indexer_endpoint: None,
        explorer_url: None,
        trusted_contracts_bucket: None,
        token_list_url: devnet.token_list_url,
        contracts: EvmContracts {
            staked: &devnet.staked_token_address,
            wrapped: &devnet.wrapped_token_address,
            escrow: &devnet.escrow_address,
        },
        theme: ("#E0912A", "#5A3E8C"),
    });
    // A local chain has no product API, ecosystem page or bridge.
    settings.api_endpoint = None;
    settings.ecosystem_url = None;
    settings.is_devnet = true;
    settings
}

pub(super) fn native_devnet(devnet: NativeDevnetSettings) -> ChainSettings {
    let mut settings = native(NativeFacts {
        name: NetworkName::TelosNativeDevnet,
        display_name: "Telos Native Devnet",
        chain_id: "",
        rpc_host: "",
        theme: ("#E0912A", "#571AFF"),
        token: TELOS_TOKEN,
        logo_family: "telos",
    });
    settings.chain_id = ChainId::Native(devnet.chain_id);
    settings.rpc_endpoint = devnet.rpc_endpoint;
    settings.history_endpoint = Some(devnet.history_endpoint);
    settings.fuel_rpc = Some(devnet.fuel_rpc);
    // A local chain has no public token list: the devnet serves its own.
    settings.token_list_url = devnet.token_list_url;
    settings.api_endpoint = devnet.api_endpoint;
    settings.is_devnet = true;
    settings
}

struct NativeFacts {
    name: NetworkName,
    display_name: &'static str,
    chain_id: &'static str,
    rpc_host: &'static str,
    /// (symbol, name) of the system token.
    token: (&'static str, &'static str),
    /// (primary, secondary) colours.
    theme: (&'static str, &'static str),
    logo_family: &'static str,
}

fn native(facts: NativeFacts) -> ChainSettings {
    let (symbol, token_name) = facts.token;
    ChainSettings {
        linked_network: facts.name.linked(),
        name: facts.name,
        display_name: facts.display_name.to_owned(),
        kind: NetworkKind::Native,
        chain_id: ChainId::Native(facts.chain_id.to_owned()),
        is_testnet: is_testnet(facts.name),
        is_devnet: false,
        display_map: facts.name != NetworkName::TelosTestnet,
        rpc_endpoint: RpcEndpoint::https(facts.rpc_host),
        rpc_fallbacks: Vec::new(),
        history_endpoint: None,
        fuel_rpc: None,
        api_endpoint: None,
        indexer_endpoint: None,
        explorer_url: None,
        ecosystem_url: None,
        bridge_url: None,
        token_list_url: Some(format!(
            "{TOKEN_LIST_REPOSITORY}/tokens.{}.json",
            facts.name
        )),
        trusted_contracts_bucket: None,
        escrow_address: None,
        wei_precision: None,
        system_token: TokenSettings {
            symbol: symbol.to_owned(),
            name: token_name.to_owned(),
            decimals: NATIVE_SYSTEM_TOKEN_DECIMALS,
            contract: Some("eosio.token".to_owned()),
        },
        staked_token: None,
        wrapped_token: None,
        theme: theme(facts.theme),
        logo: logo(facts.logo_family),
    }
}

fn telos_native(facts: NativeFacts) -> ChainSettings {
    ChainSettings {
        api_endpoint: Some(TELOS_API.to_owned()),
        ecosystem_url: Some(TELOS_ECOSYSTEM.to_owned()),
        ..native(facts)
    }
}

struct EvmContracts<'a> {
    staked: &'a str,
    wrapped: &'a str,
    escrow: &'a str,
}

struct EvmFacts<'a> {
    name: NetworkName,
    display_name: &'static str,
    chain_id: u64,
    rpc_endpoint: RpcEndpoint,
    history_endpoint: Option<&'static str>,
    indexer_endpoint: Option<&'static str>,
    explorer_url: Option<&'static str>,
    trusted_contracts_bucket: Option<&'static str>,
    token_list_url: String,
    contracts: EvmContracts<'a>,
    theme: (&'static str, &'static str),
}

fn telos_evm(facts: EvmFacts<'_>) -> ChainSettings {
    let evm_token = |(symbol, name): (&str, &str), contract: Option<&str>| TokenSettings {
        symbol: symbol.to_owned(),
        name: name.to_owned(),
        decimals: WEI_PRECISION,
        contract: contract.map(str::to_owned),
    };
    ChainSettings {
        linked_network: facts.name.linked(),
        name: facts.name,
        display_name: facts.display_name.to_owned(),
        kind: NetworkKind::Evm,
        chain_id: ChainId::Evm(facts.chain_id),
        is_testnet: is_testnet(facts.name),
        is_devnet: false,
        display_map: true,
        rpc_endpoint: facts.rpc_endpoint,
        rpc_fallbacks: Vec::new(),
        history_endpoint: facts.history_endpoint.map(str::to_owned),
        fuel_rpc: None,
        api_endpoint: Some(TELOS_API.to_owned()),
        indexer_endpoint: facts.indexer_endpoint.map(str::to_owned),
        explorer_url: facts.explorer_url.map(str::to_owned),
        ecosystem_url: Some(TELOS_ECOSYSTEM.to_owned()),
        bridge_url: None,
        token_list_url: Some(facts.token_list_url),
        trusted_contracts_bucket: facts.trusted_contracts_bucket.map(str::to_owned),
        escrow_address: Some(facts.contracts.escrow.to_owned()),
        wei_precision: Some(WEI_PRECISION),
        system_token: evm_token(TELOS_TOKEN, None),
        staked_token: Some(evm_token(
            ("STLOS", "Staked Telos"),
            Some(facts.contracts.staked),
        )),
        wrapped_token: Some(evm_token(
            ("WTLOS", "Wrapped Telos"),
            Some(facts.contracts.wrapped),
        )),
        theme: theme(facts.theme),
        logo: logo("telos"),
    }
}

fn is_testnet(name: NetworkName) -> bool {
    matches!(
        name,
        NetworkName::TelosTestnet
            | NetworkName::Jungle
            | NetworkName::TelosEvmTestnet
            | NetworkName::TelosEvmDevnet
            | NetworkName::TelosNativeDevnet
    )
}

fn theme((primary, secondary): (&str, &str)) -> ThemeColours {
    ThemeColours {
        primary: primary.to_owned(),
        secondary: secondary.to_owned(),
    }
}

fn logo(family: &str) -> String {
    format!("/logos/{family}.svg")
}
