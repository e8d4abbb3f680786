//! The media proxy (issue 35) against real hosts on 127.0.0.1 ([`WebHost`]), one of them
//! allowed as the devnet's assets server is: a signed link is served from the server's
//! origin with the type its bytes show and a policy that runs nothing, and cached; a page
//! that is not media, a link the server did not sign and a signed link to a host that is
//! not allowed are refused, the last without a request reaching that host.

use axum::Router;
use axum::http::{Method, StatusCode, header};
use tandem_server::app;
use tandem_server::evm::{DevnetExtras, EvmOptions};
use tandem_server::media::MediaSettings;
use tandem_server::state::AppState;
use tandem_testkit::request::call;
use tandem_testkit::{PNG, WebHost};

fn proxied_app(assets: &WebHost, proxy: bool) -> (AppState, Router) {
    let options = EvmOptions {
        devnet: Some(DevnetExtras {
            assets_url: Some(assets.url("/")),
            ..DevnetExtras::default()
        }),
        ..EvmOptions::default()
    };
    let state = AppState::builder(Vec::new(), "/nonexistent/web/dist".into())
        .evm_options(options)
        .media(MediaSettings {
            proxy,
            ..MediaSettings::default()
        })
        .build();
    let router = app::router(state.clone());
    (state, router)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_media_is_served_from_our_origin_checked_and_cached() {
    let assets = WebHost::start().unwrap();
    let inside = WebHost::start().unwrap();
    let (state, app) = proxied_app(&assets, true);
    let links = state.media().links();

    let image = links.link(&assets.url("/image.png"));
    assert!(image.starts_with("/api/v1/media?src="), "{image}");
    for _ in 0..3 {
        let answer = call(&app, Method::GET, &image, None).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        assert_eq!(answer.header(header::CONTENT_TYPE), Some("image/png"));
        assert_eq!(answer.body.as_ref(), PNG);
        let policy = answer
            .header(header::CONTENT_SECURITY_POLICY)
            .unwrap_or_default();
        assert!(
            policy.contains("sandbox") && policy.contains("default-src 'none'"),
            "{policy}"
        );
    }
    assert_eq!(assets.requests(), 1, "fetched once, then from the cache");

    let page = links.link(&assets.url("/page.html"));
    let answer = call(&app, Method::GET, &page, None).await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(answer.json()["code"], "media.unsupported");

    let forged = image.replace("sig=", "sig=00");
    let answer = call(&app, Method::GET, &forged, None).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let unsigned = format!(
        "/api/v1/media?src={}&sig={}",
        "http%3A%2F%2Fexample.com%2Fa.png",
        "0".repeat(32)
    );
    assert_eq!(
        call(&app, Method::GET, &unsigned, None).await.status,
        StatusCode::NOT_FOUND
    );

    let inside_link = links.link(&inside.url("/image.png"));
    let answer = call(&app, Method::GET, &inside_link, None).await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(answer.json()["code"], "media.unavailable");
    assert!(!answer.text().contains("127.0.0.1"), "{}", answer.text());
    assert_eq!(
        inside.requests(),
        0,
        "a host that is not allowed is never asked"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_proxy_off_links_stay_and_the_route_serves_nothing() {
    let assets = WebHost::start().unwrap();
    let (state, app) = proxied_app(&assets, false);
    let url = assets.url("/image.png");
    assert_eq!(state.media().links().link(&url), url);
    let answer = call(
        &app,
        Method::GET,
        &format!("/api/v1/media?src=x&sig={}", "0".repeat(32)),
        None,
    )
    .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(assets.requests(), 0);
}
