use super::*;

/// (name, kind, chain id, is testnet, shows on the map, system token symbol, decimals)
type Expected = (
    &'static str,
    NetworkKind,
    ChainId,
    bool,
    bool,
    &'static str,
    u8,
);

fn native_id(id: &str) -> ChainId {
    ChainId::Native(id.to_owned())
}

fn spec_table() -> Vec<Expected> {
    use NetworkKind::{Evm, Native};
    vec![
        (
            "eos",
            Native,
            native_id("aca376f206b8fc25a6ed44dbdc66547c36c6c33e3a119ffbeaef943642f0e906"),
            false,
            true,
            "EOS",
            4,
        ),
        (
            "telos",
            Native,
            native_id("4667b205c6838ef70ff7988f6e8257e8be0e1284a2f59699054a018f743b1d11"),
            false,
            true,
            "TLOS",
            4,
        ),
        (
            "ux",
            Native,
            native_id("8fc6dce7942189f842170de953932b1f66693ad3788f766e777b6f9d22335c02"),
            false,
            true,
            "UTX",
            4,
        ),
        (
            "wax",
            Native,
            native_id("1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4"),
            false,
            true,
            "WAX",
            8,
        ),
        (
            "telos-testnet",
            Native,
            native_id("1eaa0824707c8c16bd25145493bf062aecddfeb56c736f6ba6397f3195f33c9f"),
            true,
            false,
            "TLOS",
            4,
        ),
        (
            "jungle",
            Native,
            native_id("73e4385a2708e6d7048834fbc1079f2fabb17b3c125b146af438971e90716c4d"),
            true,
            true,
            "EOS",
            4,
        ),
        ("telos-evm", Evm, ChainId::Evm(40), false, true, "TLOS", 18),
        (
            "telos-evm-testnet",
            Evm,
            ChainId::Evm(41),
            true,
            true,
            "TLOS",
            18,
        ),
    ]
}

#[test]
fn every_spec_network_has_its_chain_settings() {
    for (name, kind, chain_id, is_testnet, display_map, symbol, decimals) in spec_table() {
        let network: NetworkName = name.parse().expect(name);
        assert_eq!(network.as_str(), name);
        assert_eq!(network.to_string(), name);
        assert_eq!(network.kind(), kind, "{name}");
        let settings = ChainSettings::builtin(network).expect(name);
        assert_eq!(settings.name, network);
        assert_eq!(settings.kind, kind, "{name}");
        assert_eq!(settings.chain_id, chain_id, "{name}");
        assert_eq!(settings.is_testnet, is_testnet, "{name}");
        assert!(!settings.is_devnet, "{name}");
        assert_eq!(settings.display_map, display_map, "{name}");
        assert_eq!(settings.system_token.symbol, symbol, "{name}");
        assert_eq!(settings.system_token.decimals, decimals, "{name}");
    }
}

#[test]
fn all_builtin_lists_the_eight_spec_networks_without_the_devnet() {
    let names: Vec<NetworkName> = ChainSettings::all_builtin()
        .into_iter()
        .map(|settings| settings.name)
        .collect();
    assert_eq!(names.len(), 8);
    assert!(!names.contains(&NetworkName::TelosEvmDevnet));
    assert_eq!(ChainSettings::builtin(NetworkName::TelosEvmDevnet), None);
}

#[test]
fn unknown_names_fail_with_the_invalid_network_key() {
    for name in ["", "Telos", "telos ", "ethereum", "telos_evm"] {
        let error = name.parse::<NetworkName>().expect_err(name);
        assert_eq!(error, DomainError::InvalidNetwork(name.to_owned()));
        assert_eq!(error.code(), "antelope.chain.error_invalid_network");
    }
    assert_eq!(
        "telos-evm-devnet".parse::<NetworkName>(),
        Ok(NetworkName::TelosEvmDevnet)
    );
}

#[test]
fn native_system_tokens_live_on_eosio_token_and_evm_ones_have_no_contract() {
    for settings in ChainSettings::all_builtin() {
        let contract = settings.system_token.contract.as_deref();
        match settings.kind {
            NetworkKind::Native => {
                assert_eq!(contract, Some("eosio.token"), "{}", settings.name);
                assert_eq!(settings.wei_precision, None);
                assert_eq!(settings.staked_token, None);
            }
            NetworkKind::Evm => {
                assert_eq!(contract, None, "{}", settings.name);
                assert_eq!(settings.wei_precision, Some(18));
            }
        }
    }
}

#[test]
fn evm_contract_addresses_match_the_published_ones() {
    let cases = [
        (
            NetworkName::TelosEvm,
            "0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905",
            "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E",
            "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855",
        ),
        (
            NetworkName::TelosEvmTestnet,
            "0xa9991E4daA44922D00a78B6D986cDf628d46C4DD",
            "0xaE85Bf723A9e74d6c663dd226996AC1b8d075AA9",
            "0x7E9cF9fBc881652B05BB8F26298fFAB538163b6f",
        ),
    ];
    for (network, staked, wrapped, escrow) in cases {
        let settings = ChainSettings::builtin(network).expect("built in");
        let staked_token = settings.staked_token.expect("staked token");
        let wrapped_token = settings.wrapped_token.expect("wrapped token");
        assert_eq!(
            (staked_token.symbol.as_str(), staked_token.decimals),
            ("STLOS", 18)
        );
        assert_eq!(staked_token.contract.as_deref(), Some(staked));
        assert_eq!(wrapped_token.symbol, "WTLOS");
        assert_eq!(wrapped_token.contract.as_deref(), Some(wrapped));
        assert_eq!(settings.escrow_address.as_deref(), Some(escrow));
    }
}

fn devnet_facts() -> DevnetSettings {
    DevnetSettings {
        chain_id: 41,
        rpc_endpoint: RpcEndpoint {
            protocol: "http".to_owned(),
            host: "127.0.0.1".to_owned(),
            port: 8545,
            path: "/".to_owned(),
        },
        token_list_url: "http://127.0.0.1:9000/tokenlist.json".to_owned(),
        wrapped_token_address: "0x0000000000000000000000000000000000000001".to_owned(),
        staked_token_address: "0x0000000000000000000000000000000000000002".to_owned(),
        escrow_address: "0x0000000000000000000000000000000000000003".to_owned(),
    }
}

#[test]
fn devnet_settings_come_from_the_manifest_facts() {
    let settings = ChainSettings::devnet(devnet_facts());
    assert_eq!(settings.name, NetworkName::TelosEvmDevnet);
    assert_eq!(settings.chain_id, ChainId::Evm(41));
    assert!(settings.is_devnet && settings.is_testnet && settings.display_map);
    assert_eq!(settings.rpc_endpoint.url(), "http://127.0.0.1:8545");
    assert_eq!(
        settings.token_list_url.as_deref(),
        Some("http://127.0.0.1:9000/tokenlist.json")
    );
    assert_eq!(
        settings.escrow_address.as_deref(),
        Some("0x0000000000000000000000000000000000000003")
    );
    assert_eq!(
        settings
            .wrapped_token
            .and_then(|token| token.contract)
            .as_deref(),
        Some("0x0000000000000000000000000000000000000001")
    );
    assert_eq!(settings.indexer_endpoint, None);
    assert_eq!(settings.api_endpoint, None);
}

#[test]
fn overrides_replace_only_what_they_name() {
    let built_in = ChainSettings::builtin(NetworkName::TelosEvm).expect("built in");
    let overrides = ChainSettingsOverride {
        rpc_endpoint: Some(RpcEndpoint::https("rpc.example.org")),
        indexer_endpoint: Some("https://indexer.example.org".to_owned()),
        staked_token_address: Some("0x00000000000000000000000000000000000000aa".to_owned()),
        ..ChainSettingsOverride::default()
    };
    let settings = built_in.clone().with_override(&overrides);
    assert_eq!(settings.rpc_endpoint.url(), "https://rpc.example.org");
    assert_eq!(
        settings.indexer_endpoint.as_deref(),
        Some("https://indexer.example.org")
    );
    assert_eq!(
        settings
            .staked_token
            .and_then(|token| token.contract)
            .as_deref(),
        Some("0x00000000000000000000000000000000000000aa")
    );
    assert_eq!(settings.explorer_url, built_in.explorer_url);
    assert_eq!(settings.wrapped_token, built_in.wrapped_token);
    assert_eq!(
        built_in
            .clone()
            .with_override(&ChainSettingsOverride::default()),
        built_in
    );
}

#[test]
fn evm_address_overrides_are_refused_on_native_networks() {
    let overrides = ChainSettingsOverride {
        wrapped_token_address: Some("0x00000000000000000000000000000000000000aa".to_owned()),
        ..ChainSettingsOverride::default()
    };
    assert_eq!(
        overrides.unsupported_field(NetworkKind::Native),
        Some("wrapped_token_address")
    );
    assert_eq!(overrides.unsupported_field(NetworkKind::Evm), None);
    assert_eq!(
        ChainSettingsOverride::default().unsupported_field(NetworkKind::Native),
        None
    );
}

#[test]
fn rpc_endpoint_url_leaves_out_default_ports() {
    let cases = [
        ("https", "a.example", 443, "/", "https://a.example"),
        (
            "https",
            "a.example",
            8443,
            "/v1",
            "https://a.example:8443/v1",
        ),
        ("http", "127.0.0.1", 80, "/evm", "http://127.0.0.1/evm"),
        ("http", "127.0.0.1", 8545, "/", "http://127.0.0.1:8545"),
    ];
    for (protocol, host, port, path, url) in cases {
        let endpoint = RpcEndpoint {
            protocol: protocol.to_owned(),
            host: host.to_owned(),
            port,
            path: path.to_owned(),
        };
        assert_eq!(endpoint.url(), url);
    }
}

#[test]
fn settings_serialise_in_camel_case_with_typed_chain_ids() {
    let evm = serde_json::to_value(ChainSettings::builtin(NetworkName::TelosEvm)).expect("json");
    assert_eq!(evm["name"], "telos-evm");
    assert_eq!(evm["kind"], "evm");
    assert_eq!(evm["chainId"], 40);
    assert_eq!(evm["isTestnet"], false);
    assert_eq!(evm["rpcEndpoint"]["port"], 443);
    assert_eq!(evm["stakedToken"]["symbol"], "STLOS");
    assert_eq!(evm["weiPrecision"], 18);
    assert_eq!(evm["apiEndpoint"], "https://api.telos.net/v1");

    let native = serde_json::to_value(ChainSettings::builtin(NetworkName::Telos)).expect("json");
    assert_eq!(native["kind"], "native");
    assert_eq!(
        native["chainId"],
        "4667b205c6838ef70ff7988f6e8257e8be0e1284a2f59699054a018f743b1d11"
    );
    assert_eq!(native["fuelRpc"], "https://telos.greymass.com");
    assert_eq!(native["systemToken"]["contract"], "eosio.token");
}

#[test]
fn network_names_deserialise_through_the_same_parser() {
    let parsed: NetworkName = serde_json::from_str("\"jungle\"").expect("valid");
    assert_eq!(parsed, NetworkName::Jungle);
    let error = serde_json::from_str::<NetworkName>("\"mars\"").expect_err("invalid");
    assert!(
        error.to_string().contains("unknown network 'mars'"),
        "{error}"
    );
}

#[test]
fn native_devnet_settings_come_from_its_manifest_facts() {
    let rpc_endpoint = RpcEndpoint {
        protocol: "http".to_owned(),
        host: "127.0.0.1".to_owned(),
        port: 8888,
        path: "/".to_owned(),
    };
    let settings = ChainSettings::native_devnet(NativeDevnetSettings {
        chain_id: "8a34ec7df1b8cd06ff4a8abbaa7cc50300823350cadc59ab296cb00d104d2b8f".to_owned(),
        rpc_endpoint,
        history_endpoint: "http://127.0.0.1:8888".to_owned(),
        fuel_rpc: "http://127.0.0.1:8888/fuel".to_owned(),
        token_list_url: None,
        api_endpoint: None,
    });
    assert_eq!(settings.name, NetworkName::TelosNativeDevnet);
    assert_eq!(settings.kind, NetworkKind::Native);
    assert!(settings.is_devnet && settings.is_testnet);
    assert_eq!(settings.rpc_endpoint.url(), "http://127.0.0.1:8888");
    assert_eq!(
        settings.fuel_rpc.as_deref(),
        Some("http://127.0.0.1:8888/fuel")
    );
    assert_eq!(settings.system_token.symbol, "TLOS");
    assert_eq!(settings.system_token.decimals, 4);
    assert_eq!(
        "telos-native-devnet".parse::<NetworkName>(),
        Ok(NetworkName::TelosNativeDevnet)
    );
    assert_eq!(ChainSettings::builtin(NetworkName::TelosNativeDevnet), None);
}

#[test]
fn a_node_of_the_operators_choice_drops_the_public_fallbacks_unless_named() {
    let mainnet = ChainSettings::builtin(NetworkName::TelosEvm).expect("telos-evm");
    assert_eq!(
        mainnet.rpc_fallbacks,
        ["https://telos.drpc.org", "https://rpc1.us.telos.net/evm"]
    );
    assert!(
        !mainnet
            .rpc_fallbacks
            .iter()
            .any(|url| url.contains("mainnet.telos.net")),
        "mainnet.telos.net/evm answers 404"
    );
    let own_node = ChainSettingsOverride {
        rpc_endpoint: Some(RpcEndpoint::https("node.example")),
        ..ChainSettingsOverride::default()
    };
    assert!(
        mainnet
            .clone()
            .with_override(&own_node)
            .rpc_fallbacks
            .is_empty()
    );
    let with_spare = ChainSettingsOverride {
        rpc_fallbacks: Some(vec!["https://spare.example".to_owned()]),
        ..own_node
    };
    assert_eq!(
        mainnet.with_override(&with_spare).rpc_fallbacks,
        ["https://spare.example"]
    );
    let overrides = ChainSettingsOverride {
        rpc_fallbacks: Some(Vec::new()),
        ..ChainSettingsOverride::default()
    };
    assert_eq!(
        overrides.unsupported_field(NetworkKind::Native),
        Some("rpc_fallbacks")
    );
}
