//! The whole HTTP application: API routes, the SPA, and the layers every answer
//! passes through (panic guard, security headers, the request id and its log span, the
//! time limits of a request and of its body; compression for the API).

use std::any::Any;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::api::{self, error::ApiError};
use crate::state::{AppState, Host};
use crate::{ops, security, spa};

/// The complete application, ready to serve.
pub fn router(state: AppState) -> Router {
    let policy = security::content_security_policy(
        state.networks(),
        state.client_settings().wallet_connect_project_id.is_some(),
        &security::WalletPluginNeeds::read(state.host().web_dist()),
    );
    let timeouts = state.limits().config().timeouts;
    let hsts = state.host().behind_tls();
    // The limiter guards the API; the operator's routes and the web app stay outside it.
    let limited = api::routes().layer(axum::middleware::from_fn_with_state(
        Arc::clone(state.limits_arc()),
        api::limits::rate_limit,
    ));
    // gzip or brotli as the client accepts, for the API's answers only: the web app's
    // files are compressed once by its build and sent as they are (spa.rs).
    let unmetered = api::unmetered_routes().layer(axum::middleware::from_fn_with_state(
        Arc::clone(state.limits_arc()),
        api::limits::identify,
    ));
    let routes = limited
        .merge(unmetered)
        .merge(api::ops::routes())
        .layer(CompressionLayer::new())
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(fallback)
        .with_state(state)
        .layer(Extension(ContentSecurityPolicy(policy.clone())))
        // Every request is answered in time (a streamed export sends its head in time and
        // its body within a budget of its own); a body that stops arriving fails.
        .layer(axum::middleware::from_fn_with_state(
            timeouts.request,
            answer_in_time,
        ))
        .layer(RequestBodyTimeoutLayer::new(timeouts.body));
    // A pre-rendered page sets its own policy (this one plus its inline hashes, spa.rs).
    let app = with_middleware(routes).layer(SetResponseHeaderLayer::if_not_present(
        header::CONTENT_SECURITY_POLICY,
        policy,
    ));
    if hsts {
        // Only when the operator says so: on plain http it would lock browsers out.
        app.layer(SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ))
    } else {
        app
    }
}

/// Answers 503 `request_timeout` when the handler has not answered within `limit`.
async fn answer_in_time(
    State(limit): State<std::time::Duration>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path().to_owned();
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(path, ?limit, "request not answered in time");
            ApiError::request_timeout(limit).into_response()
        }
    }
}

/// The browser features a page may use: the camera on this origin (scan to send).
const PERMISSIONS_POLICY: &str = "camera=(self), microphone=(), geolocation=(), payment=(), \
                                  usb=(), serial=(), hid=(), bluetooth=(), midi=()";

/// The server's Content-Security-Policy, for the answers that extend it (pre-rendered pages).
#[derive(Clone, Debug)]
struct ContentSecurityPolicy(HeaderValue);

/// Wraps any router in the layers every Tandem answer gets. Public so tests can
/// check the panic guard on a route that panics on purpose.
pub fn with_middleware(router: Router) -> Router {
    let security_header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    router
        .layer(CatchPanicLayer::custom(answer_panic))
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::REFERRER_POLICY, "no-referrer"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        // Popups the app opens (wallet sign-ins) keep their opener; other windows do not.
        .layer(security_header(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin-allow-popups",
        ))
        // Only the camera (scan to send, on this origin); nothing else a page could ask for.
        .layer(security_header(
            HeaderName::from_static("permissions-policy"),
            PERMISSIONS_POLICY,
        ))
        // No CORS layer, so other origins are refused.
        // So the time and status are the client's.
        .layer(axum::middleware::from_fn(ops::http::record))
        // Outermost: every answer carries its request id, and every log line its
        // handling writes (the metrics' too) is in its span.
        .layer(axum::middleware::from_fn(ops::request_id::tag))
}

fn answer_panic(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = detail, "a request handler panicked");
    ApiError::internal().into_response()
}

async fn method_not_allowed(method: Method, request: Request) -> Response {
    ApiError::method_not_allowed(method.as_str(), request.uri().path()).into_response()
}

/// Anything no route matched: a JSON 404 under `/api`, the SPA elsewhere.
async fn fallback(
    State(host): State<Arc<Host>>,
    Extension(ContentSecurityPolicy(policy)): Extension<ContentSecurityPolicy>,
    request: Request,
) -> Response {
    let path = request.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(path).into_response();
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return ApiError::method_not_allowed(request.method().as_str(), path).into_response();
    }
    spa::serve(host.web_dist(), &policy, request).await
}
