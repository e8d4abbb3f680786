//! Serves the built web app. Vite names everything under `/assets/` by content hash,
//! so those files never change and may be cached for a year; `index.html` and the
//! other files must be revalidated so a deploy reaches users at once.

use std::path::Path;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const ASSETS_PREFIX: &str = "/assets/";

/// Answers a GET or HEAD for a path outside `/api`.
pub async fn serve(web_dist: &Path, request: Request) -> Response {
    let index = web_dist.join("index.html");
    if !index.is_file() {
        return not_built(web_dist);
    }
    let is_asset = request.uri().path().starts_with(ASSETS_PREFIX);
    let mut files = ServeDir::new(web_dist).append_index_html_on_directories(true);
    let result = if is_asset {
        // A missing hashed asset is a 404, not the app's HTML: a browser would
        // otherwise try to run index.html as a script.
        files.try_call(request).await
    } else {
        files
            .fallback(ServeFile::new(index))
            .try_call(request)
            .await
    };
    let response = match result {
        Ok(response) => response.map(Body::new),
        Err(error) => {
            tracing::error!(%error, "reading the web app failed");
            return (StatusCode::INTERNAL_SERVER_ERROR, "cannot read the web app").into_response();
        }
    };
    if response.status() == StatusCode::NOT_FOUND {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    with_cache_control(response, if is_asset { IMMUTABLE } else { REVALIDATE })
}

fn with_cache_control(mut response: Response, value: &'static str) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// The page shown when the web app has not been built into `web_dist`.
fn not_built(web_dist: &Path) -> Response {
    let page = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Tandem: web app not built</title></head><body>\
         <h1>The web app is not built</h1>\
         <p>Tandem's server is running, but it found no <code>index.html</code> in \
         <code>{}</code>.</p>\
         <p>Run the web build (<code>npm ci &amp;&amp; npm run build</code> in \
         <code>web/</code>), or point <code>TANDEM_WEB_DIST</code> at the built \
         directory, then reload.</p></body></html>\n",
        html_escape(&web_dist.display().to_string())
    );
    let response = (StatusCode::SERVICE_UNAVAILABLE, Html(page)).into_response();
    with_cache_control(response, "no-store")
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
