//! Serves the built web app. Vite names everything under `/assets/` by content hash,
//! so those files never change and may be cached for a year; the pages and the other
//! files must be revalidated (their ETag makes that a 304) so a deploy reaches users at
//! once. The build pre-renders each route's page as `<route>.html` (`/evm/wallet` is
//! `evm/wallet.html`; a route with a parameter as `_.html` in its folder: `/evm/tx/0x…`
//! is `evm/tx/_.html`) and any other path as `not-found.html`, so the first paint needs no
//! script; a build without them answers every route with `index.html`. The build also
//! writes brotli and gzip copies beside each file, which are sent as they are
//! ([`representation`]); only the API's answers are compressed per request.

mod inline;
mod representation;

use std::path::{Path, PathBuf};

use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use percent_encoding::percent_decode_str;

use crate::security;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const ASSETS_PREFIX: &str = "/assets/";
/// The page the build renders for a path that is none of the app's routes.
const NOT_FOUND_PAGE: &str = "not-found.html";
/// The page a folder of the build holds for any last path segment in it (the build's
/// `ANY_SEGMENT`, `web/src/app/prerender/render.tsx`).
const ANY_SEGMENT_PAGE: &str = "_.html";

/// Answers a GET or HEAD for a path outside `/api`; `policy` is the server's
/// Content-Security-Policy, which a page extends by the hashes of its inline elements.
pub async fn serve(web_dist: &Path, policy: &HeaderValue, request: Request) -> Response {
    let index = web_dist.join("index.html");
    if !is_file(&index).await {
        return not_built(web_dist);
    }
    // Only the head is read, and a body is not Sync: holding it across awaits would keep this future from being Send.
    let (request, _) = request.into_parts();
    let path = request.uri.path();
    let Some(relative) = relative_path(path) else {
        return not_found();
    };
    let is_asset = path.starts_with(ASSETS_PREFIX);
    let file = if is_asset {
        // A missing hashed asset is a 404, not the app's HTML: a browser would
        // otherwise try to run index.html as a script.
        let file = web_dist.join(&relative);
        if !is_file(&file).await {
            return not_found();
        }
        file
    } else {
        page_for(web_dist, &relative, index).await
    };
    let is_head = request.method == Method::HEAD;
    let cache_control = if is_asset { IMMUTABLE } else { REVALIDATE };
    let answer = async {
        let mut response =
            representation::answer(&file, &request.headers, is_head, cache_control).await?;
        if file
            .extension()
            .is_some_and(|extension| extension == "html")
        {
            // On a 304 too: the browser keeps the headers of the revalidated answer.
            let page = tokio::fs::read_to_string(&file).await?;
            let hashes = inline::inline_hashes(&page);
            response.headers_mut().insert(
                header::CONTENT_SECURITY_POLICY,
                security::allowing_inline(policy, &hashes.scripts, &hashes.styles),
            );
        }
        Ok::<_, std::io::Error>(response)
    };
    match answer.await {
        Ok(response) => response,
        Err(error) => {
            tracing::error!(%error, file = %file.display(), "reading the web app failed");
            (StatusCode::INTERNAL_SERVER_ERROR, "cannot read the web app").into_response()
        }
    }
}

/// The file answering a path outside `/assets/`: the file itself (`/favicon.svg`), the
/// route's pre-rendered page, else the page standing for any last segment there (a route
/// with a parameter: `/evm/tx/0x…` gets `evm/tx/_.html`), else the not-found page the app
/// renders for unknown paths, else (a build without pre-rendered pages) `index.html`.
/// All are 200: the app decides.
async fn page_for(web_dist: &Path, relative: &Path, index: PathBuf) -> PathBuf {
    if relative.as_os_str().is_empty() {
        return index;
    }
    let file = web_dist.join(relative);
    if is_file(&file).await {
        return file;
    }
    let mut page = file.clone().into_os_string();
    page.push(".html");
    let page = PathBuf::from(page);
    if is_file(&page).await {
        return page;
    }
    let in_a_folder = relative
        .parent()
        .is_some_and(|folder| !folder.as_os_str().is_empty());
    if let Some(parent) = file.parent().filter(|_| in_a_folder) {
        let any = parent.join(ANY_SEGMENT_PAGE);
        if is_file(&any).await {
            return any;
        }
    }
    let not_found = web_dist.join(NOT_FOUND_PAGE);
    if is_file(&not_found).await {
        not_found
    } else {
        index
    }
}

/// The request path as a path inside the web build, or `None` when it would leave it
/// (`..`, a backslash, a NUL) or is not UTF-8 once percent-decoded.
fn relative_path(path: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let mut relative = PathBuf::new();
    for segment in decoded.split('/').filter(|segment| !segment.is_empty()) {
        if segment == "." || segment == ".." || segment.contains(['\\', '\0']) {
            return None;
        }
        relative.push(segment);
    }
    Some(relative)
}

async fn is_file(path: &Path) -> bool {
    tokio::fs::metadata(path)
        .await
        .is_ok_and(|metadata| metadata.is_file())
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found").into_response()
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
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        Html(page),
    )
        .into_response()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
