//! The web build's files as the server sends them: the precompressed copies the build
//! wrote (never compressed again per request), strong ETags and 304s, caching by name,
//! and each route's pre-rendered page.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use tandem_domain::network::ChainSettings;
use tandem_server::app;
use tandem_server::state::AppState;
use tandem_testkit::request::{Answer, send};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SCRIPT: &str = "/assets/index-3f2a9c.js";

/// A build as `npm run build` leaves it: pages pre-rendered per route, a hashed script
/// with its brotli and gzip copies (stand-in bytes, told apart by their text), a font
/// without copies (already compressed) and the not-found page.
struct PrerenderedBuild {
    root: tempfile::TempDir,
}

impl PrerenderedBuild {
    fn new() -> Self {
        let root = tempfile::tempdir().expect("temp dir");
        let dist = root.path().join("dist");
        std::fs::create_dir_all(dist.join("assets")).expect("assets dir");
        std::fs::create_dir_all(dist.join("evm/tx")).expect("route dir");
        let write = |path: &str, text: &str| std::fs::write(dist.join(path), text).expect("write");
        write("index.html", "<!doctype html><title>Home</title>");
        write("index.html.br", "brotli home");
        write("index.html.gz", "gzip home");
        write(
            "evm/wallet.html",
            "<!doctype html><title>Wallet</title><script>var theme=1</script><style>p{color:red}</style>",
        );
        write("not-found.html", "<!doctype html><title>Not found</title>");
        write("evm/tx/_.html", "<!doctype html><title>Transaction</title>");
        write("assets/index-3f2a9c.js", "console.log('tandem')");
        write("assets/index-3f2a9c.js.br", "brotli script");
        write("assets/index-3f2a9c.js.gz", "gzip script");
        write(
            "assets/inter-9d8e.woff2",
            "wOF2 font bytes, long enough to be worth compressing",
        );
        Self { root }
    }

    fn app(&self) -> Router {
        app::router(AppState::new(
            ChainSettings::all_builtin(),
            self.root.path().join("dist"),
        ))
    }
}

async fn get(app: &Router, uri: &str, headers: &[(header::HeaderName, &str)]) -> Answer {
    let mut request = Request::builder().method(Method::GET).uri(uri);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    send(app, request.body(Body::empty()).expect("request")).await
}

#[tokio::test]
async fn the_precompressed_copy_the_client_accepts_is_sent_as_it_is() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    // (accept-encoding, expected coding, expected body)
    let cases = [
        ("gzip, deflate, br, zstd", Some("br"), "brotli script"),
        ("gzip", Some("gzip"), "gzip script"),
        ("br;q=0, gzip;q=0.8", Some("gzip"), "gzip script"),
        ("identity", None, "console.log('tandem')"),
    ];
    for (accept, coding, body) in cases {
        let answer = get(&app, SCRIPT, &[(header::ACCEPT_ENCODING, accept)]).await;
        assert_eq!(answer.status, StatusCode::OK, "{accept}");
        assert_eq!(answer.header(header::CONTENT_ENCODING), coding, "{accept}");
        assert_eq!(answer.text(), body, "{accept}");
        assert_eq!(
            answer.header(header::VARY),
            Some("accept-encoding"),
            "{accept}"
        );
        assert_eq!(
            answer.header(header::CACHE_CONTROL),
            Some(IMMUTABLE),
            "{accept}"
        );
        let content_type = answer.header(header::CONTENT_TYPE).unwrap_or_default();
        assert!(
            content_type.starts_with("text/javascript"),
            "{accept}: {content_type}"
        );
    }
}

#[tokio::test]
async fn files_without_copies_are_not_compressed_per_request() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    let font = get(
        &app,
        "/assets/inter-9d8e.woff2",
        &[(header::ACCEPT_ENCODING, "br, gzip")],
    )
    .await;
    assert_eq!(font.status, StatusCode::OK);
    assert_eq!(font.header(header::CONTENT_ENCODING), None);
    assert_eq!(font.header(header::CONTENT_TYPE), Some("font/woff2"));
    assert_eq!(font.header(header::VARY), None);
    assert!(font.text().starts_with("wOF2"));
    // The API's answers still are compressed on the fly.
    let api = get(
        &app,
        "/api/v1/openapi.json",
        &[(header::ACCEPT_ENCODING, "br")],
    )
    .await;
    assert_eq!(api.header(header::CONTENT_ENCODING), Some("br"));
}

#[tokio::test]
async fn each_representation_has_its_own_strong_etag_and_a_match_answers_304() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    let brotli = get(&app, SCRIPT, &[(header::ACCEPT_ENCODING, "br")]).await;
    let gzip = get(&app, SCRIPT, &[(header::ACCEPT_ENCODING, "gzip")]).await;
    let tag = brotli.header(header::ETAG).expect("etag").to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"'),
        "strong, quoted: {tag}"
    );
    assert_ne!(Some(tag.as_str()), gzip.header(header::ETAG));

    let again = get(
        &app,
        SCRIPT,
        &[
            (header::ACCEPT_ENCODING, "br"),
            (header::IF_NONE_MATCH, &tag),
        ],
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header(header::ETAG), Some(tag.as_str()));
    assert_eq!(again.header(header::CACHE_CONTROL), Some(IMMUTABLE));
    // The gzip copy is another representation: the brotli tag does not validate it.
    let other = get(
        &app,
        SCRIPT,
        &[
            (header::ACCEPT_ENCODING, "gzip"),
            (header::IF_NONE_MATCH, &tag),
        ],
    )
    .await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.text(), "gzip script");

    // Pages are revalidated on every load; an unchanged one costs a 304.
    let page = get(&app, "/", &[(header::ACCEPT_ENCODING, "br")]).await;
    assert_eq!(page.header(header::CACHE_CONTROL), Some("no-cache"));
    let page_tag = page.header(header::ETAG).expect("page etag").to_owned();
    let revalidated = get(
        &app,
        "/",
        &[
            (header::ACCEPT_ENCODING, "br"),
            (header::IF_NONE_MATCH, &page_tag),
        ],
    )
    .await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn each_route_gets_its_prerendered_page_and_unknown_paths_the_not_found_page() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    // (path, the page's title)
    let cases = [
        ("/", "Home"),
        ("/evm/wallet", "Wallet"),
        ("/evm/wallet?tab=balance", "Wallet"),
        ("/evm/wallet/", "Wallet"),
        ("/no/such/screen", "Not found"),
        ("/evm", "Not found"),
        // A route with a parameter: the page standing for any last segment in its folder.
        (
            "/evm/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
            "Transaction",
        ),
        ("/evm/tx/0xabc/more", "Not found"),
        ("/_", "Not found"),
    ];
    for (uri, title) in cases {
        let answer = get(&app, uri, &[]).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(
            answer.header(header::CACHE_CONTROL),
            Some("no-cache"),
            "{uri}"
        );
        let content_type = answer.header(header::CONTENT_TYPE).unwrap_or_default();
        assert!(
            content_type.starts_with("text/html"),
            "{uri}: {content_type}"
        );
        assert!(
            answer.text().contains(&format!("<title>{title}</title>")),
            "{uri}: {}",
            answer.text()
        );
    }
    // A missing hashed file stays a 404 and never the app's page.
    let missing = get(&app, "/assets/gone-000000.js", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn head_answers_the_headers_of_get_without_a_body() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    let request = Request::head(SCRIPT)
        .header(header::ACCEPT_ENCODING, "br")
        .body(Body::empty())
        .expect("request");
    let answer = send(&app, request).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.body.is_empty());
    assert_eq!(answer.header(header::CONTENT_ENCODING), Some("br"));
    assert_eq!(
        answer.header(header::CONTENT_LENGTH),
        Some("brotli script".len().to_string().as_str())
    );
    assert!(answer.header(header::ETAG).is_some());
}

#[tokio::test]
async fn a_page_allows_exactly_its_own_inline_script_and_style_by_hash() {
    let build = PrerenderedBuild::new();
    let app = build.app();
    // What a browser computes for the page's inline elements (`sha256`, base64).
    let script = "'sha256-jYNoi4W0rjtGA6/HUYbqgWh4NY7aq2O5SUKlPppDeQg='";
    let style = "'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='";
    let page = get(&app, "/evm/wallet", &[]).await;
    let policy = page
        .header(header::CONTENT_SECURITY_POLICY)
        .unwrap_or_default()
        .to_owned();
    assert!(
        policy.contains(&format!("script-src 'self' {script}")),
        "{policy}"
    );
    assert!(
        policy.contains(&format!("style-src 'self' {style}")),
        "{policy}"
    );
    assert!(!policy.contains("unsafe"), "{policy}");
    // The revalidation keeps the policy the page needs.
    let tag = page.header(header::ETAG).expect("etag").to_owned();
    let revalidated = get(&app, "/evm/wallet", &[(header::IF_NONE_MATCH, &tag)]).await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    assert_eq!(
        revalidated.header(header::CONTENT_SECURITY_POLICY),
        Some(policy.as_str())
    );
    // Other answers keep the strict policy.
    let script_file = get(&app, SCRIPT, &[]).await;
    let strict = script_file
        .header(header::CONTENT_SECURITY_POLICY)
        .unwrap_or_default();
    assert!(
        strict.contains("script-src 'self'; style-src 'self';"),
        "{strict}"
    );
}
