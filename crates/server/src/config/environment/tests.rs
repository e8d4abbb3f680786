use std::path::Path;

use super::*;
use crate::config::Config;
use crate::config::tests::vars;
use crate::evm::data_source::{Primary, StartBlock};

fn load(pairs: &[(&str, &str)]) -> Result<Config, ServerError> {
    Config::load(None, &vars(pairs))
}

fn refusal(pairs: &[(&str, &str)]) -> String {
    load(pairs).expect_err("refused").to_string()
}

/// The keys the file accepts in a section, as its parser lists them when refusing one.
fn accepted_keys(section_header: &str) -> Vec<String> {
    let text = format!("{section_header}\nnot_a_key = 1\n");
    let message = Config::from_toml(Path::new("t.toml"), &text)
        .expect_err("unknown key")
        .to_string();
    // "unknown field `not_a_key`, expected `a`" or "…, expected one of `a`, `b`".
    let expected = message
        .split_once(", expected")
        .map_or("", |(_, list)| list);
    let mut keys: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect();
    keys.sort();
    keys
}

fn sorted(list: &[(&str, Kind)], extra: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = list
        .iter()
        .map(|(key, _)| (*key).to_owned())
        .chain(extra.iter().map(|key| (*key).to_owned()))
        .collect();
    keys.sort();
    keys
}

#[test]
fn the_table_holds_every_key_the_file_accepts() {
    let sections: Vec<&str> = SECTIONS.iter().map(|(name, _)| *name).collect();
    let mut top_extra = sections.clone();
    top_extra.push("networks");
    assert_eq!(accepted_keys(""), sorted(TOP_KEYS, &top_extra));
    for (section, keys) in SECTIONS {
        assert_eq!(
            accepted_keys(&format!("[{section}]")),
            sorted(keys, &[]),
            "[{section}]"
        );
    }
    assert_eq!(
        accepted_keys("[networks.telos-evm]"),
        sorted(NETWORK_KEYS, &["index"])
    );
    assert_eq!(
        accepted_keys("[networks.telos-evm.index]"),
        sorted(INDEX_KEYS, &[])
    );
}

#[test]
fn names_follow_the_one_mapping() {
    let path = |parts: &[&str]| {
        parts
            .iter()
            .map(|part| (*part).to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(variable_of(&path(&["listen"])), "TANDEM_LISTEN");
    assert_eq!(
        variable_of(&path(&["limits", "requests_per_second"])),
        "TANDEM_LIMITS__REQUESTS_PER_SECOND"
    );
    assert_eq!(
        variable_of(&path(&["networks", "telos-evm", "primary"])),
        "TANDEM_NETWORKS__TELOS_EVM__PRIMARY"
    );
    assert_eq!(
        variable_of(&path(&[
            "networks",
            "telos-evm-testnet",
            "index",
            "start_block"
        ])),
        "TANDEM_NETWORKS__TELOS_EVM_TESTNET__INDEX__START_BLOCK"
    );
    let names: std::collections::BTreeSet<String> =
        keys().iter().map(|(path, _)| variable_of(path)).collect();
    assert_eq!(names.len(), keys().len(), "no two keys share a variable");
}

#[test]
fn every_kind_of_key_is_read_from_the_environment() {
    let config = load(&[
        ("TANDEM_LISTEN", "127.0.0.1:0"),
        ("TANDEM_LOG_FORMAT", "json"),
        ("TANDEM_SHUTDOWN__DRAIN_SECONDS", "7"),
        ("TANDEM_SHUTDOWN__UNREADY_SECONDS", "2"),
        ("TANDEM_BEHIND_TLS", "true"),
        (
            "TANDEM_WALLET_CONNECT_PROJECT_ID",
            "01234567890123456789012345678901",
        ),
        ("TANDEM_PRICE_AGGREGATOR_URL", "\"\""),
        ("TANDEM_CACHE__MAX_BYTES", "1048576"),
        ("TANDEM_LIMITS__BURST", "9"),
        ("TANDEM_LIMITS__TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1"),
        ("TANDEM_MEDIA__PROXY", "false"),
        ("TANDEM_NETWORKS__TELOS_EVM__PRIMARY", "own"),
        ("TANDEM_NETWORKS__TELOS_EVM__RPC_FALLBACKS", "[]"),
        ("TANDEM_NETWORKS__TELOS_EVM__INDEX__START_BLOCK", "120"),
        ("TANDEM_NETWORKS__TELOS_EVM__INDEX__WRITE", "false"),
        ("TANDEM_NETWORKS__TELOS_EVM_TESTNET__PRIMARY", "own"),
        (
            "TANDEM_NETWORKS__TELOS_EVM_TESTNET__INDEX__START_BLOCK",
            "head",
        ),
        ("TANDEM_URL", "http://not-a-setting.example"),
    ])
    .expect("valid");
    assert_eq!(config.listen.port(), 0);
    assert_eq!(config.log_format, crate::config::LogFormat::Json);
    assert_eq!(config.shutdown.drain, std::time::Duration::from_secs(7));
    assert_eq!(config.shutdown.unready, std::time::Duration::from_secs(2));
    assert!(config.behind_tls);
    assert_eq!(
        config.wallet_connect_project_id.as_deref(),
        Some("01234567890123456789012345678901"),
        "digits stay text"
    );
    assert_eq!(config.price_aggregator_url, None, "\"\" is the empty text");
    assert_eq!(config.cache.max_bytes, 1_048_576);
    assert_eq!(config.limits.burst, 9);
    assert!(!config.media.proxy);
    let mainnet = &config.evm_sources[&NetworkName::TelosEvm];
    assert_eq!(mainnet.primary, Some(Primary::Own));
    let index = mainnet.index.clone().expect("index");
    assert_eq!(index.start_block, Some(StartBlock::Number(120)));
    assert!(!index.write);
    assert_eq!(
        config.network_overrides[&NetworkName::TelosEvm].rpc_fallbacks,
        Some(Vec::new())
    );
    let testnet = config.evm_sources[&NetworkName::TelosEvmTestnet]
        .index
        .clone()
        .expect("testnet index");
    assert_eq!(testnet.start_block, Some(StartBlock::Head));
}

#[test]
fn the_environment_wins_over_the_file_key_by_key() {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(
        file.path(),
        "[limits]\nburst = 5\nrequests_per_second = 3\n\n[networks.telos-evm]\nprimary = \"rpc\"\n",
    )
    .expect("write");
    let env = vars(&[
        ("TANDEM_LIMITS__BURST", "11"),
        ("TANDEM_NETWORKS__TELOS_EVM__PRIMARY", "own"),
    ]);
    let config = Config::load(Some(file.path()), &env).expect("valid");
    assert_eq!(config.limits.burst, 11);
    assert_eq!(
        config.limits.requests_per_second, 3,
        "the file's other keys stay"
    );
    assert_eq!(
        config.evm_sources[&NetworkName::TelosEvm].primary,
        Some(Primary::Own)
    );
}

#[test]
fn a_secret_is_read_from_the_file_a_variable_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secret = dir.path().join("store-url");
    std::fs::write(&secret, "postgres://tandem:s3cret@db/index\n").expect("write");
    let secret_path = secret.to_str().expect("utf-8 path");
    let config = load(&[
        ("TANDEM_NETWORKS__TELOS_EVM__PRIMARY", "own"),
        ("TANDEM_NETWORKS__TELOS_EVM__INDEX__STORE_FILE", secret_path),
    ])
    .expect("valid");
    let index = config.evm_sources[&NetworkName::TelosEvm]
        .index
        .clone()
        .expect("index");
    assert_eq!(
        index.store,
        Some(tandem_indexer::StoreUrl::Postgres(
            "postgres://tandem:s3cret@db/index".to_owned()
        )),
        "the line end is not part of the value"
    );

    let both = refusal(&[
        ("TANDEM_MEDIA__KEY", "a-long-enough-signing-key"),
        ("TANDEM_MEDIA__KEY_FILE", secret_path),
    ]);
    assert_eq!(
        both,
        "TANDEM_MEDIA__KEY: set TANDEM_MEDIA__KEY or TANDEM_MEDIA__KEY_FILE, not both"
    );
    let missing = load(&[("TANDEM_MEDIA__KEY_FILE", "/nonexistent/key")]).expect_err("missing");
    assert_eq!(
        missing.to_string(),
        "TANDEM_MEDIA__KEY_FILE: cannot read /nonexistent/key"
    );
    std::fs::write(&secret, "short\n").expect("write");
    assert_eq!(
        refusal(&[("TANDEM_MEDIA__KEY_FILE", secret_path)]),
        "TANDEM_MEDIA__KEY_FILE: must be at least 16 characters",
        "the refusal names the variable, not the secret"
    );
}

#[test]
fn refusals_name_the_variable() {
    let cases = [
        (
            ("TANDEM_LIMITS__BURST", "many"),
            "TANDEM_LIMITS__BURST: 'many' is not a whole number",
        ),
        (
            ("TANDEM_LIMITS__BURST", "0"),
            "TANDEM_LIMITS__BURST: must be greater than 0",
        ),
        (
            ("TANDEM_BEHIND_TLS", "yes"),
            "TANDEM_BEHIND_TLS: 'yes' is not true or false",
        ),
        (
            ("TANDEM_LOG_FORMAT", "xml"),
            "TANDEM_LOG_FORMAT: 'xml' is not \"text\" or \"json\"",
        ),
        (
            ("TANDEM_LIMITS__TRUSTED_PROXIES", "[\"10.0.0.1\""),
            "TANDEM_LIMITS__TRUSTED_PROXIES: '[\"10.0.0.1\"' is not a TOML array",
        ),
        (
            (
                "TANDEM_NETWORKS__TELOS_EVM__INDEXER_ENDPOINT",
                "teloscan.io",
            ),
            "TANDEM_NETWORKS__TELOS_EVM__INDEXER_ENDPOINT: 'teloscan.io' is not a valid http(s) URL",
        ),
        (
            (
                "TANDEM_NETWORKS__TELOS__ESCROW_ADDRESS",
                "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855",
            ),
            "TANDEM_NETWORKS__TELOS__ESCROW_ADDRESS: telos is a native network",
        ),
        (
            ("TANDEM_LIMITS__BURTS", "9"),
            "TANDEM_LIMITS__BURTS: names no setting",
        ),
        (
            ("TANDEM_NETWORKS__MARS__PRIMARY", "own"),
            "TANDEM_NETWORKS__MARS__PRIMARY: names no setting",
        ),
    ];
    for ((name, value), expected) in cases {
        let message = refusal(&[(name, value)]);
        assert!(
            message.starts_with(expected),
            "{name}={value} gave: {message}"
        );
    }
    let start = refusal(&[
        ("TANDEM_NETWORKS__TELOS_EVM__PRIMARY", "own"),
        ("TANDEM_NETWORKS__TELOS_EVM__INDEX__START_BLOCK", "genesis"),
    ]);
    assert_eq!(
        start,
        "TANDEM_NETWORKS__TELOS_EVM__INDEX__START_BLOCK: \"genesis\" is not a block number or \"head\""
    );
}

#[test]
fn a_refusal_of_a_file_key_names_the_dotted_key() {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), "[limits]\nburst = 0\n").expect("write");
    let env = vars(&[("TANDEM_LIMITS__REQUESTS_PER_SECOND", "4")]);
    let message = Config::load(Some(file.path()), &env)
        .expect_err("refused")
        .to_string();
    assert_eq!(message, "limits.burst: must be greater than 0");
}
