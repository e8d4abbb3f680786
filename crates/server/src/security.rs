//! The Content-Security-Policy of every answer. The built web app needs only its own
//! scripts and styles (a pre-rendered page's inline style and theme script are allowed
//! by their hashes, page by page: [`allowing_inline`]), talks to this server
//! and to the served networks' RPC endpoints (the wallet's chains), and shows token
//! logos and NFT media from anywhere over https (plus the devnet's local assets
//! server). It may never be framed.
//!
//! The native wallets add exactly what they need: WharfKit's sign-in renderer adds
//! `<style>` elements in its shadow root, allowed by their hashes (computed by the web
//! build into `csp.json`: [`WalletPluginNeeds::read`]); Anchor talks to its callback
//! service; Scatter-compatible wallets try ScatterJS's relay, then answer on fixed local
//! ports.

use axum::http::HeaderValue;
use tandem_domain::network::ChainSettings;
use url::Url;

/// The policy when no network adds an origin; also the fallback should a configured
/// origin not fit in a header.
const STRICT: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                      img-src 'self' data: https:; media-src 'self' data: https:; \
                      font-src 'self'; connect-src 'self'; object-src 'none'; \
                      base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// `scheme://host[:port]` of a URL, if it is one.
fn origin(url: &str) -> Option<String> {
    let parsed = Url::parse(url).ok()?;
    let origin = parsed.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

fn push_unique(list: &mut Vec<String>, item: Option<String>) {
    match item {
        Some(item) if !list.contains(&item) => list.push(item),
        _ => {}
    }
}

/// The connection protocol's relay, RPC, telemetry and verification origins
/// (WalletConnect v2), allowed only when a project id is configured.
const WALLET_CONNECT_CONNECT: &[&str] = &[
    "wss://relay.walletconnect.com",
    "wss://relay.walletconnect.org",
    "https://rpc.walletconnect.com",
    "https://rpc.walletconnect.org",
    "https://pulse.walletconnect.org",
    "https://verify.walletconnect.com",
    "https://verify.walletconnect.org",
];
/// Its verification page, which the connection library frames.
const WALLET_CONNECT_FRAMES: &[&str] = &[
    "https://verify.walletconnect.com",
    "https://verify.walletconnect.org",
];

/// Anchor's callback service (`@greymass/buoy`): polled over https, pushed over wss.
const ANCHOR_CALLBACK: &[&str] = &["https://cb.anchor.link", "wss://cb.anchor.link"];

/// ScatterJS's relay, which Scatter-compatible wallets (Scatter, Wombat, TokenPocket) try
/// first: a device id over https, then its WebSocket.
const SCATTER_RELAY: &[&str] = &[
    "https://relay.get-scatter.com",
    "wss://relaysock.get-scatter.com",
];

/// Scatter-compatible desktop wallets (ScatterJS's socket service): five port pairs
/// from 50005, 1500 apart; the even one over TLS at `local.get-scatter.com`, the odd
/// one in the clear at 127.0.0.1. Probed with fetch, then joined over a WebSocket.
fn scatter_desktop_origins() -> Vec<String> {
    (0..5u32)
        .flat_map(|step| {
            let port = 50_005 + step * 1_500;
            [
                format!("http://127.0.0.1:{port}"),
                format!("ws://127.0.0.1:{port}"),
                format!("https://local.get-scatter.com:{}", port + 1),
                format!("wss://local.get-scatter.com:{}", port + 1),
            ]
        })
        .collect()
}

/// What the web build says its wallet sign-in adds at run time (`csp.json`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WalletPluginNeeds {
    /// `sha256-<base64>` of each `<style>` element WharfKit's renderer adds.
    #[serde(default)]
    style_hashes: Vec<String>,
}

impl WalletPluginNeeds {
    /// The build's `csp.json` in `web_dist`; none when it is missing or unreadable (the
    /// sign-in dialogs are then unstyled, never the policy widened), and hashes that are
    /// not `sha256-` plus base64 are dropped.
    #[must_use]
    pub fn read(web_dist: &std::path::Path) -> Self {
        let path = web_dist.join("csp.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Self::default();
        };
        match serde_json::from_str::<Self>(&text) {
            Ok(mut needs) => {
                needs.style_hashes.retain(|hash| is_sha256_source(hash));
                needs
            }
            Err(error) => {
                tracing::warn!(path = %path.display(), %error, "csp.json not read: wallet dialogs will be unstyled");
                Self::default()
            }
        }
    }
}

fn is_sha256_source(hash: &str) -> bool {
    hash.strip_prefix("sha256-").is_some_and(|b64| {
        b64.len() == 44
            && b64
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
    })
}

/// The policy for a server serving `networks`, with the connection protocol's
/// origins when `wallet_connect` is on and the native wallet plugins' `needs`.
#[must_use]
pub fn content_security_policy(
    networks: &[ChainSettings],
    wallet_connect: bool,
    needs: &WalletPluginNeeds,
) -> HeaderValue {
    let mut rpc = Vec::new();
    let mut local_media = Vec::new();
    for settings in networks {
        push_unique(&mut rpc, origin(&settings.rpc_endpoint.url()));
        // The devnet's token logos and NFT media come from its plain-http assets server.
        if settings.is_devnet {
            push_unique(
                &mut local_media,
                settings.token_list_url.as_deref().and_then(origin),
            );
        }
    }
    let join = |extra: &[String]| {
        extra
            .iter()
            .map(|origin| format!(" {origin}"))
            .collect::<String>()
    };
    let owned = |origins: &[&str]| {
        origins
            .iter()
            .map(|&origin| origin.to_owned())
            .collect::<Vec<_>>()
    };
    let (relay, frames) = if wallet_connect {
        (
            join(&owned(WALLET_CONNECT_CONNECT)),
            format!("; frame-src{}", join(&owned(WALLET_CONNECT_FRAMES))),
        )
    } else {
        (String::new(), String::new())
    };
    let media = join(&local_media);
    let wallets = join(
        &[
            owned(ANCHOR_CALLBACK),
            owned(SCATTER_RELAY),
            scatter_desktop_origins(),
        ]
        .concat(),
    );
    let styles: String = needs
        .style_hashes
        .iter()
        .map(|hash| format!(" '{hash}'"))
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self'; style-src 'self'{styles}; \
         img-src 'self' data: https:{media}; media-src 'self' data: https:{media}; \
         font-src 'self'; connect-src 'self'{}{wallets}{relay}; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'{frames}",
        join(&rpc)
    );
    HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(STRICT))
}

/// `policy` with `script-src` and `style-src` also allowing the inline elements whose
/// hashes are given (a pre-rendered page's own); unchanged when there are none.
#[must_use]
pub fn allowing_inline(policy: &HeaderValue, scripts: &[String], styles: &[String]) -> HeaderValue {
    let Ok(text) = policy.to_str() else {
        return policy.clone();
    };
    let directives = text
        .split("; ")
        .map(|directive| {
            let hashes = match directive.split(' ').next() {
                Some("script-src") => scripts,
                Some("style-src") => styles,
                _ => &[],
            };
            hashes.iter().fold(directive.to_owned(), |directive, hash| {
                format!("{directive} {hash}")
            })
        })
        .collect::<Vec<_>>();
    HeaderValue::from_str(&directives.join("; ")).unwrap_or_else(|_| policy.clone())
}

#[cfg(test)]
mod tests {
    use tandem_domain::network::NetworkName;

    use super::*;

    fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
        policy
            .split("; ")
            .find(|d| d.starts_with(name))
            .unwrap_or_default()
    }

    #[test]
    fn a_page_policy_adds_its_inline_hashes_to_script_and_style_sources_only() {
        let base = content_security_policy(
            &ChainSettings::all_builtin(),
            false,
            &WalletPluginNeeds::default(),
        );
        let page = allowing_inline(
            &base,
            &["'sha256-s'".to_owned()],
            &["'sha256-c'".to_owned()],
        );
        let policy = page.to_str().unwrap_or_default();
        assert_eq!(
            directive(policy, "script-src"),
            "script-src 'self' 'sha256-s'"
        );
        assert_eq!(
            directive(policy, "style-src"),
            "style-src 'self' 'sha256-c'"
        );
        assert_eq!(directive(policy, "default-src"), "default-src 'self'");
        assert!(!policy.contains("unsafe"), "{policy}");
        assert_eq!(allowing_inline(&base, &[], &[]), base);
    }

    #[test]
    fn connect_src_lists_each_rpc_origin_once() {
        let networks = ChainSettings::all_builtin();
        let header = content_security_policy(&networks, false, &WalletPluginNeeds::default());
        let policy = header.to_str().unwrap_or_default();
        let connect = directive(policy, "connect-src");
        assert!(!connect.contains("walletconnect"), "{connect}");
        assert_eq!(directive(policy, "frame-src"), "");
        assert!(connect.starts_with("connect-src 'self' "), "{connect}");
        assert!(connect.contains(" https://rpc.telos.net"), "{connect}");
        assert!(connect.contains(" https://mainnet.telos.net"), "{connect}");
        assert_eq!(connect.matches("https://mainnet.telos.net").count(), 1);
        assert_eq!(directive(policy, "script-src"), "script-src 'self'");
        assert_eq!(directive(policy, "style-src"), "style-src 'self'");
        assert_eq!(
            directive(policy, "frame-ancestors"),
            "frame-ancestors 'none'"
        );
        assert!(networks.iter().any(|n| n.name == NetworkName::TelosEvm));
    }

    #[test]
    fn the_connection_protocol_is_allowed_only_when_configured() {
        let networks = ChainSettings::all_builtin();
        let header = content_security_policy(&networks, true, &WalletPluginNeeds::default());
        let policy = header.to_str().unwrap_or_default();
        let connect = directive(policy, "connect-src");
        assert!(connect.contains(" https://rpc.telos.net"), "{connect}");
        for origin in WALLET_CONNECT_CONNECT {
            assert!(connect.contains(&format!(" {origin}")), "{connect}");
        }
        assert_eq!(
            directive(policy, "frame-src"),
            "frame-src https://verify.walletconnect.com https://verify.walletconnect.org"
        );
        assert_eq!(directive(policy, "script-src"), "script-src 'self'");
    }

    #[test]
    fn the_native_wallets_get_their_services_ports_and_renderer_styles_only() {
        let dist = std::env::temp_dir().join(format!("tandem-csp-{}", std::process::id()));
        std::fs::create_dir_all(&dist).expect("dir");
        let good = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
        std::fs::write(
            dist.join("csp.json"),
            format!(r#"{{"styleHashes": ["{good}", "sha256-x'; script-src *", "md5-abc"]}}"#),
        )
        .expect("write");
        let needs = WalletPluginNeeds::read(&dist);
        std::fs::remove_dir_all(&dist).expect("cleanup");
        let header = content_security_policy(&ChainSettings::all_builtin(), false, &needs);
        let policy = header.to_str().unwrap_or_default();
        assert_eq!(
            directive(policy, "style-src"),
            format!("style-src 'self' '{good}'")
        );
        assert_eq!(directive(policy, "script-src"), "script-src 'self'");
        let connect = directive(policy, "connect-src");
        for origin in [
            "https://cb.anchor.link",
            "wss://cb.anchor.link",
            "http://127.0.0.1:50005",
            "ws://127.0.0.1:56005",
            "https://local.get-scatter.com:50006",
            "wss://local.get-scatter.com:56006",
            "https://relay.get-scatter.com",
            "wss://relaysock.get-scatter.com",
        ] {
            assert!(
                connect.contains(&format!(" {origin}")),
                "{origin}: {connect}"
            );
        }
        assert!(
            !connect.contains("127.0.0.1:*") && !policy.contains("unsafe"),
            "{policy}"
        );
        assert_eq!(
            WalletPluginNeeds::read(std::path::Path::new("/nonexistent")),
            WalletPluginNeeds::default()
        );
    }

    #[test]
    fn origins_drop_paths_and_keep_ports() {
        assert_eq!(
            origin("http://127.0.0.1:9100/tokenlist.json").as_deref(),
            Some("http://127.0.0.1:9100")
        );
        assert_eq!(
            origin("https://rpc.telos.net/evm").as_deref(),
            Some("https://rpc.telos.net")
        );
        assert_eq!(origin("not a url"), None);
    }
}
