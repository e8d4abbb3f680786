//! [`WebHost`]: a web server a token's URI may point at, for the tests of fetches on a
//! chain's say-so. It serves metadata documents and a picture, redirects where it is told,
//! streams a body far larger than any cap, and can stay silent; it counts the requests
//! it received and the bytes of large bodies it managed to send, so a test can tell
//! "nothing was fetched" and "the reader stopped at its cap" from the server's side.
//!
//! Routes (GET, one request per connection):
//! - `/meta/{name}.json` — `{"name": "<name>", "image": "<host>/image.png"}`
//! - `/image.png` — a 1×1 PNG; `/page.html` — an HTML page (not media)
//! - `/sized.png?kb=N` — a PNG signature padded to N KiB (what a picture of that size costs)
//! - `/redirect?to=<url>` — `302` to the URL (percent-decoded)
//! - `/huge` — 50 MiB without `Content-Length`, 64 KiB at a time
//! - `/silent` — reads the request and never answers
//!
//! Like [`HttpServer`](crate::http::HttpServer) it runs on a thread and runtime of its
//! own on a free 127.0.0.1 port, and stops when dropped.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::TestkitError;

/// The size of `/huge`.
pub const HUGE_BYTES: u64 = 50 << 20;

/// A 1×1 transparent PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

#[derive(Debug, Default)]
struct Counters {
    requests: AtomicUsize,
    huge_bytes_sent: AtomicU64,
}

/// A running web host; stopped when dropped.
#[derive(Debug)]
pub struct WebHost {
    address: SocketAddr,
    counters: Arc<Counters>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl WebHost {
    /// Starts one on a free 127.0.0.1 port.
    ///
    /// # Errors
    /// When the runtime cannot be built or no port can be bound.
    pub fn start() -> Result<Self, TestkitError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()?;
        let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let counters = Arc::new(Counters::default());
        let served = Arc::clone(&counters);
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else {
                    return;
                };
                tokio::select! {
                    _ = stopped => {}
                    () = accept_all(listener, address, served) => {}
                }
            });
            runtime.shutdown_background();
        });
        Ok(Self {
            address,
            counters,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// `http://127.0.0.1:<port>` followed by `path`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Its address.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Requests received so far.
    #[must_use]
    pub fn requests(&self) -> usize {
        self.counters.requests.load(Ordering::SeqCst)
    }

    /// Bytes of `/huge` written to connections so far.
    #[must_use]
    pub fn huge_bytes_sent(&self) -> u64 {
        self.counters.huge_bytes_sent.load(Ordering::SeqCst)
    }
}

impl Drop for WebHost {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn accept_all(listener: TcpListener, address: SocketAddr, counters: Arc<Counters>) {
    while let Ok((stream, _)) = listener.accept().await {
        let counters = Arc::clone(&counters);
        tokio::spawn(async move {
            let _ = answer(stream, address, &counters).await;
        });
    }
}

async fn answer(
    stream: TcpStream,
    address: SocketAddr,
    counters: &Counters,
) -> std::io::Result<()> {
    let mut stream = BufReader::new(stream);
    let mut request_line = String::new();
    stream.read_line(&mut request_line).await?;
    loop {
        let mut header = String::new();
        if stream.read_line(&mut header).await? == 0 || header == "\r\n" {
            break;
        }
    }
    counters.requests.fetch_add(1, Ordering::SeqCst);
    let target = request_line.split(' ').nth(1).unwrap_or("/").to_owned();
    let mut stream = stream.into_inner();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    if let Some(name) = path
        .strip_prefix("/meta/")
        .and_then(|p| p.strip_suffix(".json"))
    {
        let body = format!(r#"{{"name":"{name}","image":"http://{address}/image.png"}}"#);
        return reply(&mut stream, "200 OK", "application/json", body.as_bytes()).await;
    }
    match path {
        "/image.png" => reply(&mut stream, "200 OK", "image/png", PNG).await,
        "/sized.png" => {
            let kib: usize = query
                .split('&')
                .find_map(|pair| pair.strip_prefix("kb="))
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            let mut body = PNG.to_vec();
            body.resize((kib * 1024).max(PNG.len()), 0);
            reply(&mut stream, "200 OK", "image/png", &body).await
        }
        "/page.html" => reply(&mut stream, "200 OK", "text/html", b"<html></html>").await,
        "/redirect" => {
            let to = query.strip_prefix("to=").unwrap_or_default();
            let head = format!(
                "HTTP/1.1 302 Found\r\nlocation: {}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                percent_encoding::percent_decode_str(to).decode_utf8_lossy()
            );
            stream.write_all(head.as_bytes()).await
        }
        "/huge" => {
            let head =
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n";
            stream.write_all(head.as_bytes()).await?;
            let chunk = vec![b' '; 64 * 1024];
            let mut sent = 0;
            while sent < HUGE_BYTES {
                stream.write_all(&chunk).await?;
                sent += chunk.len() as u64;
                counters
                    .huge_bytes_sent
                    .fetch_add(chunk.len() as u64, Ordering::SeqCst);
            }
            Ok(())
        }
        "/silent" => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok(())
        }
        _ => reply(&mut stream, "404 Not Found", "text/plain", b"not found").await,
    }
}

async fn reply(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await
}
