use super::*;

fn parse(text: &str) -> Result<Config, ServerError> {
    Config::from_toml(Path::new("tandem.toml"), text)
}

/// The environment of these variables.
pub(super) fn vars(pairs: &[(&str, &str)]) -> Environment {
    Environment::from_vars(
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned())),
    )
}

fn error_message(text: &str) -> String {
    parse(text)
        .expect_err("config should be refused")
        .to_string()
}

#[test]
fn an_empty_file_gives_the_defaults() {
    let config = parse("").expect("empty config is valid");
    assert_eq!(config.listen, SocketAddr::from(([127, 0, 0, 1], 8080)));
    assert_eq!(config.web_dist, PathBuf::from("web/dist"));
    assert_eq!(config.devnet_manifest, None);
    assert_eq!(config.log, "info");
    assert!(config.network_overrides.is_empty());
}

#[test]
fn the_example_config_is_valid() {
    let config = parse(include_str!("../../tandem.example.toml")).expect("example is valid");
    let evm = &config.network_overrides[&NetworkName::TelosEvm];
    assert_eq!(evm.indexer_endpoint.as_deref(), Some("https://teloscan.io"));
}

#[test]
fn file_values_are_read() {
    let config = parse(
        r#"
        listen = "127.0.0.1:0"
        web_dist = "/srv/tandem/web"
        devnet_manifest = "/tmp/manifest.json"
        log = "debug"

        [networks.telos-evm]
        rpc_endpoint = "http://127.0.0.1:8545"
        escrow_address = "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855"
        "#,
    )
    .expect("valid");
    assert_eq!(config.listen.port(), 0);
    assert_eq!(config.web_dist, PathBuf::from("/srv/tandem/web"));
    assert_eq!(
        config.devnet_manifest,
        Some(PathBuf::from("/tmp/manifest.json"))
    );
    assert_eq!(config.log, "debug");
    let evm = &config.network_overrides[&NetworkName::TelosEvm];
    let rpc = evm.rpc_endpoint.as_ref().expect("rpc override");
    assert_eq!((rpc.host.as_str(), rpc.port), ("127.0.0.1", 8545));
    assert_eq!(
        evm.escrow_address.as_deref(),
        Some("0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855")
    );
}

#[test]
fn refusals_name_the_field_at_fault() {
    let cases = [
        ("lisen = \"127.0.0.1:1\"", "unknown field `lisen`"),
        ("[networks.mars]", "unknown network 'mars'"),
        (
            "[networks.telos]\nrpc = \"https://a.example\"",
            "unknown field `rpc`",
        ),
        (
            "[networks.telos-evm]\nindexer_endpoint = \"api.teloscan.io\"",
            "networks.telos-evm.indexer_endpoint: 'api.teloscan.io' is not a valid http(s) URL",
        ),
        (
            "[networks.eos]\nrpc_endpoint = \"ftp://eos.example\"",
            "networks.eos.rpc_endpoint: 'ftp://eos.example'",
        ),
        (
            "[networks.telos-evm-testnet]\nescrow_address = \"0x1234\"",
            "networks.telos-evm-testnet.escrow_address: '0x1234' is not an EVM address",
        ),
        (
            "[networks.telos]\nstaked_token_address = \"0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905\"",
            "networks.telos.staked_token_address: telos is a native network",
        ),
        (
            "listen = \"localhost\"",
            "listen: 'localhost' is not an IP address and port",
        ),
        ("log = \"=!=\"", "log: '=!=' is not a valid log filter"),
        ("listen = 8080", "invalid type"),
    ];
    for (text, expected) in cases {
        let message = error_message(text);
        assert!(message.contains(expected), "{text:?} gave: {message}");
    }
}

#[test]
fn syntax_errors_name_the_file_and_line() {
    let message = error_message("listen = \"127.0.0.1:1\"\nlisen = 1\n");
    assert!(
        message.starts_with("invalid config file tandem.toml: "),
        "{message}"
    );
    assert!(message.contains("line 2"), "{message}");
}

#[test]
fn environment_overrides_the_file() {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(
        file.path(),
        "listen = \"127.0.0.1:9000\"\nweb_dist = \"from-file\"\nlog = \"warn\"\n\
         memo_required_file = \"memo-file.txt\"\nphishing_file = \"phishing-file.txt\"\n",
    )
    .expect("write config");
    let env = vars(&[
        ("TANDEM_LISTEN", "127.0.0.1:0"),
        ("TANDEM_WEB_DIST", "from-env"),
        ("TANDEM_DEVNET_MANIFEST", "manifest.json"),
        ("TANDEM_NATIVE_DEVNET_MANIFEST", "native.json"),
        ("TANDEM_DATA_DIR", "/var/lib/tandem"),
        ("TANDEM_PHISHING_FILE", "phishing-env.txt"),
    ]);
    let config = Config::load(Some(file.path()), &env).expect("valid");
    assert_eq!(
        config.memo_required_file,
        Some(PathBuf::from("memo-file.txt"))
    );
    assert_eq!(
        config.phishing_file,
        Some(PathBuf::from("phishing-env.txt"))
    );
    assert_eq!(config.listen.port(), 0);
    assert_eq!(config.web_dist, PathBuf::from("from-env"));
    assert_eq!(config.devnet_manifest, Some(PathBuf::from("manifest.json")));
    assert_eq!(
        config.native_devnet_manifest,
        Some(PathBuf::from("native.json"))
    );
    assert_eq!(config.log, "warn");
    assert_eq!(config.data_dir, PathBuf::from("/var/lib/tandem"));
}

#[test]
fn a_bad_environment_value_names_the_variable() {
    let env = vars(&[("TANDEM_LISTEN", "127.0.0.1")]);
    let message = Config::load(None, &env).expect_err("refused").to_string();
    assert!(
        message.starts_with("TANDEM_LISTEN: '127.0.0.1'"),
        "{message}"
    );

    let env = vars(&[("TANDEM_LOG", "=!=")]);
    let message = Config::load(None, &env).expect_err("refused").to_string();
    assert!(message.starts_with("TANDEM_LOG: "), "{message}");
}

#[test]
fn the_command_line_file_wins_over_tandem_config() {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), "listen = \"127.0.0.1:9001\"\n").expect("write config");
    let env = vars(&[("TANDEM_CONFIG", "/nonexistent/tandem.toml")]);
    let config = Config::load(Some(file.path()), &env).expect("cli file is used");
    assert_eq!(config.listen.port(), 9001);

    let message = Config::load(None, &env)
        .expect_err("unreadable")
        .to_string();
    assert!(
        message.starts_with("cannot read config file /nonexistent/tandem.toml"),
        "{message}"
    );
}

#[test]
fn arguments_name_the_config_file() {
    let args = |list: &[&str]| config_path_from_args(list.iter().map(|arg| (*arg).to_owned()));
    assert_eq!(args(&[]).expect("no args"), None);
    assert_eq!(
        args(&["--config", "a.toml"]).expect("valid"),
        Some(PathBuf::from("a.toml"))
    );
    assert_eq!(
        args(&["--config=b.toml"]).expect("valid"),
        Some(PathBuf::from("b.toml"))
    );
    let missing = args(&["--config"]).expect_err("needs a value").to_string();
    assert!(missing.contains("--config needs a file"), "{missing}");
    let unknown = args(&["--port", "1"]).expect_err("unknown").to_string();
    assert!(unknown.contains("unknown argument '--port'"), "{unknown}");
    assert!(unknown.contains("usage: tandem-server [--config FILE]"));
}

#[test]
fn the_price_aggregator_can_be_replaced_or_switched_off() {
    let path = Path::new("tandem.toml");
    let default = Config::from_toml(path, "").expect("empty config");
    assert_eq!(
        default.price_aggregator_url.as_deref(),
        Some(crate::config::DEFAULT_PRICE_AGGREGATOR_URL)
    );
    assert_eq!(default.data_dir, PathBuf::from(".tandem"));
    let off = Config::from_toml(path, "price_aggregator_url = \"\"\n").expect("off");
    assert_eq!(off.price_aggregator_url, None);
    let own = Config::from_toml(path, "price_aggregator_url = \"http://127.0.0.1:9/api/\"\n")
        .expect("own aggregator");
    assert_eq!(
        own.price_aggregator_url.as_deref(),
        Some("http://127.0.0.1:9/api")
    );
    let message = Config::from_toml(path, "price_aggregator_url = \"coingecko\"\n")
        .expect_err("not a URL")
        .to_string();
    assert!(
        message.starts_with("price_aggregator_url: 'coingecko'"),
        "{message}"
    );
}

#[test]
fn the_connection_protocol_project_id_is_checked_and_overridable() {
    let path = Path::new("tandem.toml");
    let id = "0123456789abcdef0123456789ABCDEF";
    assert_eq!(
        Config::from_toml(path, "")
            .expect("empty")
            .wallet_connect_project_id,
        None
    );
    let set =
        Config::from_toml(path, &format!("wallet_connect_project_id = \"{id}\"\n")).expect("set");
    assert_eq!(set.wallet_connect_project_id.as_deref(), Some(id));
    let off = Config::from_toml(path, "wallet_connect_project_id = \"\"\n").expect("empty is off");
    assert_eq!(off.wallet_connect_project_id, None);
    let message = Config::from_toml(path, "wallet_connect_project_id = \"my-secret\"\n")
        .expect_err("not an id")
        .to_string();
    assert!(
        message.starts_with(
            "wallet_connect_project_id: 'my-secret' is not a connection-protocol project id"
        ),
        "{message}"
    );
    let env = vars(&[("TANDEM_WALLET_CONNECT_PROJECT_ID", "abc")]);
    let message = Config::load(None, &env).expect_err("refused").to_string();
    assert!(
        message.starts_with("TANDEM_WALLET_CONNECT_PROJECT_ID: 'abc'"),
        "{message}"
    );
    let env = vars(&[("TANDEM_WALLET_CONNECT_PROJECT_ID", id)]);
    assert_eq!(
        Config::load(None, &env)
            .expect("valid")
            .wallet_connect_project_id
            .as_deref(),
        Some(id)
    );
}

#[test]
fn cache_and_limits_are_read_and_checked() {
    let defaults = parse("").expect("empty config is valid");
    assert_eq!(defaults.cache, CacheConfig::default());
    assert_eq!(defaults.limits, LimitsConfig::default());
    assert!(
        defaults.limits.exempt_loopback,
        "the demo and tests are not limited"
    );

    let config = parse(
        "[cache]\nmax_bytes = 1048576\n\n[limits]\nrequests_per_second = 5\nburst = 10\n\
         trusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\"]\nexempt_loopback = false\n\
         expensive_per_client = 2\nexpensive_total = 3\nipv6_prefix = 56\n\
         connections_per_client = 16\nconnections_total = 100\nheader_timeout_seconds = 4\n\
         body_timeout_seconds = 5\nrequest_timeout_seconds = 6\nexport_timeout_seconds = 7\n",
    )
    .expect("valid");
    assert_eq!(config.cache.max_bytes, 1_048_576);
    let limits = &config.limits;
    assert_eq!((limits.requests_per_second, limits.burst), (5, 10));
    assert!(!limits.exempt_loopback);
    assert_eq!(
        (limits.expensive_per_client, limits.expensive_total),
        (2, 3)
    );
    assert_eq!(limits.grouping.ipv6_prefix, 56);
    assert_eq!(
        (limits.connections_per_client, limits.connections_total),
        (16, 100)
    );
    let secs = std::time::Duration::from_secs;
    assert_eq!(
        limits.timeouts,
        crate::limits::Timeouts {
            header: secs(4),
            body: secs(5),
            request: secs(6),
            export: secs(7),
        }
    );
    let proxy = "10.1.2.3".parse().expect("ip");
    assert_eq!(
        limits
            .trusted_proxies
            .client(proxy, &["198.51.100.7"], limits.grouping),
        crate::limits::ClientIp::Address("198.51.100.7".parse().expect("ip"))
    );
    let off = parse("[limits]\nrequests_per_second = 0").expect("0 switches the rate off");
    assert_eq!(off.limits.requests_per_second, 0);

    let cases = [
        (
            "[cache]\nmax_bytes = 0",
            "cache.max_bytes: must be greater than 0",
        ),
        ("[cache]\nmax_items = 5", "unknown field `max_items`"),
        (
            "[limits]\nburst = 0",
            "limits.burst: must be greater than 0",
        ),
        (
            "[limits]\ntrusted_proxies = [\"proxy.example\"]",
            "limits.trusted_proxies: 'proxy.example' is not an IP address or CIDR range",
        ),
        ("[limits]\nexpensive_total = 0", "limits.expensive_total"),
        (
            "[limits]\nipv6_prefix = 0",
            "limits.ipv6_prefix: must be from 1 to 128",
        ),
        (
            "[limits]\nheader_timeout_seconds = 0",
            "limits.header_timeout_seconds",
        ),
        (
            "[limits]\nconnections_per_client = 0",
            "limits.connections_per_client",
        ),
    ];
    for (text, expected) in cases {
        let message = error_message(text);
        assert!(message.contains(expected), "{text:?} gave: {message}");
    }
}
