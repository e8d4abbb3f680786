//! A small HTTP/1.1 server for the test doubles that stand in front of or in place of
//! a JSON-RPC node ([`ChaosProxy`](crate::ChaosProxy), [`ModelNode`](crate::ModelNode)):
//! POST requests with a `Content-Length` body on kept-alive connections, which is what
//! JSON-RPC clients send. Hand-written rather than a framework because the doubles must
//! also misbehave on purpose — close a connection unanswered, cut a body short.
//!
//! It runs on a thread of its own with its own runtime, on a free 127.0.0.1 port, and
//! stops when dropped.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::thread::JoinHandle;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::TestkitError;

/// Largest request body accepted (a JSON-RPC batch of a few thousand calls fits).
const MAX_BODY: usize = 64 << 20;

/// One request as received.
#[derive(Debug, Clone)]
pub struct HttpRequest {
    /// Request path.
    pub path: String,
    /// Body bytes.
    pub body: Vec<u8>,
}

/// What to do with a request.
#[derive(Debug, Clone)]
pub enum HttpReply {
    /// Answer with a status, extra headers and a body.
    Answer {
        /// HTTP status.
        status: u16,
        /// Headers besides `Content-Length` and `Content-Type: application/json`.
        headers: Vec<(String, String)>,
        /// Body.
        body: Vec<u8>,
    },
    /// Close the connection without answering.
    Hang,
    /// Announce the body, send half of it, and close the connection.
    CutShort(Vec<u8>),
}

impl HttpReply {
    /// `200 OK` with a JSON body.
    #[must_use]
    pub fn json(body: Vec<u8>) -> Self {
        Self::Answer {
            status: 200,
            headers: Vec::new(),
            body,
        }
    }
}

/// A request handler.
pub type Handler =
    Arc<dyn Fn(HttpRequest) -> Pin<Box<dyn Future<Output = HttpReply> + Send>> + Send + Sync>;

/// A running server; stopped (and its thread joined) when dropped.
#[derive(Debug)]
pub struct HttpServer {
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl HttpServer {
    /// Serves `handler` on a free 127.0.0.1 port with `workers` runtime threads.
    ///
    /// # Errors
    /// When the runtime cannot be built or no port can be bound.
    pub fn start(workers: usize, handler: Handler) -> Result<Self, TestkitError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers.max(1))
            .enable_all()
            .build()?;
        // Bound here, outside any runtime, so it can be started from async tests.
        let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else {
                    return;
                };
                tokio::select! {
                    _ = stopped => {}
                    () = accept_all(listener, handler) => {}
                }
            });
            // Connections still open end with the runtime.
            runtime.shutdown_background();
        });
        Ok(Self {
            address,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// `http://127.0.0.1:<port>`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.address)
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn accept_all(listener: TcpListener, handler: Handler) {
    while let Ok((stream, _)) = listener.accept().await {
        let handler = Arc::clone(&handler);
        tokio::spawn(async move {
            let _ = serve(stream, handler).await;
        });
    }
}

/// Answers the requests of one connection until the client closes it or a reply does.
async fn serve(stream: TcpStream, handler: Handler) -> std::io::Result<()> {
    stream.set_nodelay(true)?;
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    while let Some(request) = read_request(&mut read).await? {
        match handler(request).await {
            HttpReply::Answer {
                status,
                headers,
                body,
            } => {
                let mut head = format!(
                    "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
                    reason(status),
                    body.len()
                );
                for (name, value) in headers {
                    head.push_str(&format!("{name}: {value}\r\n"));
                }
                head.push_str("\r\n");
                write.write_all(head.as_bytes()).await?;
                write.write_all(&body).await?;
            }
            HttpReply::Hang => return Ok(()),
            HttpReply::CutShort(body) => {
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                    body.len()
                );
                write.write_all(head.as_bytes()).await?;
                write.write_all(&body[..body.len() / 2]).await?;
                write.flush().await?;
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Reads one request: request line, headers, `Content-Length` body. `None` when the
/// client closed the connection.
async fn read_request<R: tokio::io::AsyncRead + Unpin>(
    read: &mut BufReader<R>,
) -> std::io::Result<Option<HttpRequest>> {
    let mut line = String::new();
    if read.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let mut length = 0usize;
    loop {
        line.clear();
        if read.read_line(&mut line).await? == 0 {
            return Ok(None);
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    if length > MAX_BODY {
        return Err(std::io::Error::other("request body too large"));
    }
    let mut body = vec![0; length];
    read.read_exact(&mut body).await?;
    Ok(Some(HttpRequest { path, body }))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Status",
    }
}
