//! One file of the web build answered over HTTP: the brotli or gzip copy the build wrote
//! beside it when the client accepts one (so nothing static is compressed per request),
//! a strong ETag for that exact representation, and 304 when the client already has it.

use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;

/// A content coding the build writes beside each compressible file, in the server's order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    const PREFERRED: [Self; 2] = [Self::Brotli, Self::Gzip];

    fn token(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }

    /// The file-name suffix of the precompressed copy (`app.js.br`, `app.js.gz`).
    fn suffix(self) -> &'static str {
        match self {
            Self::Brotli => ".br",
            Self::Gzip => ".gz",
        }
    }

    fn copy_of(self, file: &Path) -> PathBuf {
        let mut name = file.as_os_str().to_owned();
        name.push(self.suffix());
        PathBuf::from(name)
    }
}

/// Whether `Accept-Encoding` accepts `coding` (listed, or `*`, with a q-value above 0).
fn accepts(headers: &HeaderMap, coding: Coding) -> bool {
    let mut wildcard = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|parameter| {
                let parameter = parameter.trim();
                parameter
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if name.eq_ignore_ascii_case(coding.token()) {
                return !refused;
            }
            if name == "*" {
                wildcard = !refused;
            }
        }
    }
    wildcard
}

/// The `Content-Type` of a file of the web build, by its extension.
fn content_type(file: &Path) -> &'static str {
    let extension = file
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or_default();
    match extension {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// A strong validator for one representation: its size and modification time (a deploy
/// rewrites the file, so either changes) and the coding, since each coding has other bytes.
fn entity_tag(metadata: &std::fs::Metadata, coding: Option<Coding>) -> String {
    let modified = metadata
        .modified()
        .ok()
        .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |since| since.as_nanos());
    let coding = coding.map_or("", Coding::token);
    format!("\"{:x}-{modified:x}{coding}\"", metadata.len())
}

/// Whether `If-None-Match` names `tag` (or `*`): the client's copy is current.
fn client_has(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == tag)
}

/// Answers a GET or HEAD for `file` (which exists) with `cache_control`.
pub async fn answer(
    file: &Path,
    request: &HeaderMap,
    is_head: bool,
    cache_control: &'static str,
) -> io::Result<Response> {
    let mut has_copies = false;
    let mut chosen: Option<(Coding, PathBuf, std::fs::Metadata)> = None;
    for coding in Coding::PREFERRED {
        let copy = coding.copy_of(file);
        let Ok(metadata) = tokio::fs::metadata(&copy).await else {
            continue;
        };
        if !metadata.is_file() {
            continue;
        }
        has_copies = true;
        if chosen.is_none() && accepts(request, coding) {
            chosen = Some((coding, copy, metadata));
        }
    }
    let (coding, path, metadata) = match chosen {
        Some((coding, path, metadata)) => (Some(coding), path, metadata),
        None => (None, file.to_owned(), tokio::fs::metadata(file).await?),
    };
    let tag = entity_tag(&metadata, coding);

    let mut response = if client_has(request, &tag) {
        empty(StatusCode::NOT_MODIFIED)
    } else if is_head {
        let mut response = empty(StatusCode::OK);
        response
            .headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(metadata.len()));
        response
    } else {
        let mut response = Response::new(Body::from(tokio::fs::read(&path).await?));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(file)),
        );
        response
    };
    let headers = response.headers_mut();
    if is_head {
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(file)),
        );
    }
    if let Some(coding) = coding {
        headers.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(coding.token()),
        );
    }
    if has_copies {
        // A cache between must not hand the brotli copy to a client that did not ask for it.
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if let Ok(tag) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, tag);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    Ok(response)
}

fn empty(status: StatusCode) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = status;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("")),
        );
        headers
    }

    #[test]
    fn accept_encoding_is_read_with_q_values_and_wildcards() {
        let browser = accept("gzip, deflate, br, zstd");
        assert!(accepts(&browser, Coding::Brotli));
        assert!(accepts(&browser, Coding::Gzip));
        let gzip_only = accept("gzip;q=1.0, br;q=0");
        assert!(!accepts(&gzip_only, Coding::Brotli));
        assert!(accepts(&gzip_only, Coding::Gzip));
        let anything = accept("*;q=0.5, gzip;q=0");
        assert!(accepts(&anything, Coding::Brotli));
        assert!(!accepts(&anything, Coding::Gzip));
        assert!(!accepts(&HeaderMap::new(), Coding::Brotli));
        assert!(!accepts(&accept("identity"), Coding::Gzip));
    }

    #[test]
    fn if_none_match_matches_the_tag_in_a_list_weak_or_not() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"a\", W/\"5-9br\""),
        );
        assert!(client_has(&headers, "\"5-9br\""));
        assert!(!client_has(&headers, "\"5-9gzip\""));
        assert!(!client_has(&HeaderMap::new(), "\"5-9\""));
    }

    #[test]
    fn scripts_styles_and_pages_carry_their_types() {
        assert_eq!(
            content_type(Path::new("assets/index-1a.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("evm/wallet.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("assets/inter.woff2")), "font/woff2");
        assert_eq!(content_type(Path::new("blob")), "application/octet-stream");
    }
}
