//! [`BlockscoutFake`]: a Blockscout explorer built from the devnet's own chain. It reads
//! the devnet's node (blocks, receipts, logs, token calls) and answers the v2 REST routes
//! the wallet's Blockscout client reads, in the shapes of either API generation (before
//! v12.0.0, or v12.0.0's: no `items_count` echoed, `limit` refused, collection
//! instances without their `token`), paged by keyset cursors. It can lag behind the
//! chain, fail with a status, answer late, go down (close connections unanswered), drop
//! fields from every item, and lie: list a token transfer the chain never had.
//!
//! It lists no internal transactions (it reads no traces), and knows no verified
//! contracts, prices or scam flags: a devnet has none.

mod model;
mod node;
mod render;
mod routes;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use alloy_primitives::{Address, B256, U256};
use serde_json::{Value, json};

use crate::TestkitError;
use crate::http::{HttpReply, HttpRequest, HttpServer};
use model::{Kind, Model, Transfer};
use node::Node;

/// Which generation of Blockscout's REST API the fake answers like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generation {
    /// Before v12.0.0.
    V11,
    /// v12.0.0 and later.
    V12,
}

#[derive(Debug, Clone, Default)]
struct Faults {
    lag_blocks: u64,
    status: Option<u16>,
    delay: Option<Duration>,
    down: bool,
    drop_fields: Vec<String>,
    /// (account, transfer): transfers listed for the account that no block holds.
    lies: Vec<(Address, Transfer)>,
}

#[derive(Debug)]
struct Shared {
    node: Node,
    generation: Generation,
    page_size: Mutex<usize>,
    faults: Mutex<Faults>,
    model: tokio::sync::Mutex<Model>,
    metadata: Mutex<HashMap<(Address, U256), Option<Value>>>,
    requests: Mutex<Vec<String>>,
    http: reqwest::Client,
}

/// The running fake; stopped when dropped.
#[derive(Debug)]
pub struct BlockscoutFake {
    server: HttpServer,
    shared: Arc<Shared>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl BlockscoutFake {
    /// A fake reading the node at `rpc_url`, answering like `generation`, on a free
    /// 127.0.0.1 port.
    ///
    /// # Errors
    /// When the server cannot start.
    pub fn start(rpc_url: &str, generation: Generation) -> Result<Self, TestkitError> {
        let shared = Arc::new(Shared {
            node: Node::new(rpc_url),
            generation,
            page_size: Mutex::new(50),
            faults: Mutex::new(Faults::default()),
            model: tokio::sync::Mutex::new(Model::default()),
            metadata: Mutex::new(HashMap::new()),
            requests: Mutex::new(Vec::new()),
            http: reqwest::Client::new(),
        });
        let handler_shared = Arc::clone(&shared);
        let server = HttpServer::start(
            2,
            Arc::new(move |request| {
                let shared = Arc::clone(&handler_shared);
                Box::pin(async move { answer(&shared, request).await })
            }),
        )?;
        Ok(Self { server, shared })
    }

    /// `http://127.0.0.1:<port>`: the explorer's host (the API is under `/api/v2`).
    #[must_use]
    pub fn url(&self) -> String {
        self.server.url()
    }

    /// Rows per page (50 unless set; a v12 client's `items_count` wins).
    pub fn set_page_size(&self, rows: usize) {
        *lock(&self.shared.page_size) = rows.max(1);
    }

    /// Serves the chain only up to `blocks` below its head from now on (0: caught up).
    pub fn lag(&self, blocks: u64) {
        lock(&self.shared.faults).lag_blocks = blocks;
    }

    /// Answers every request with `status` (`None`: answers again).
    pub fn fail_with(&self, status: Option<u16>) {
        lock(&self.shared.faults).status = status;
    }

    /// Waits `delay` before every answer (`None`: answers at once).
    pub fn delay(&self, delay: Option<Duration>) {
        lock(&self.shared.faults).delay = delay;
    }

    /// Closes every connection unanswered (`true`) or answers again (`false`).
    pub fn set_down(&self, down: bool) {
        lock(&self.shared.faults).down = down;
    }

    /// Leaves `fields` out of every item (and object) answered.
    pub fn drop_fields(&self, fields: &[&str]) {
        lock(&self.shared.faults).drop_fields = fields.iter().map(|f| (*f).to_owned()).collect();
    }

    /// Lists for `account` an ERC-20 transfer of `amount` of `token` from `from` in
    /// `block`, in a transaction the chain never had.
    pub fn lie_transfer(
        &self,
        account: Address,
        token: Address,
        from: Address,
        block: u64,
        amount: U256,
    ) {
        let transfer = Transfer {
            tx: B256::repeat_byte(0x1e),
            block,
            time_ms: 0,
            log_index: 0,
            contract: token,
            from,
            to: account,
            kind: Kind::Erc20,
            amounts: vec![(None, amount)],
        };
        lock(&self.shared.faults).lies.push((account, transfer));
    }

    /// Every request so far, as `path?query`.
    #[must_use]
    pub fn requests(&self) -> Vec<String> {
        lock(&self.shared.requests).clone()
    }
}

fn json_reply(status: u16, body: &Value) -> HttpReply {
    HttpReply::Answer {
        status,
        headers: Vec::new(),
        body: body.to_string().into_bytes(),
    }
}

async fn answer(shared: &Shared, request: HttpRequest) -> HttpReply {
    lock(&shared.requests).push(request.path.clone());
    let faults = lock(&shared.faults).clone();
    if faults.down {
        return HttpReply::Hang;
    }
    if let Some(delay) = faults.delay {
        tokio::time::sleep(delay).await;
    }
    if let Some(status) = faults.status {
        return json_reply(status, &json!({"message": "fault injected by the test"}));
    }
    let (path, query) = request.path.split_once('?').unwrap_or((&request.path, ""));
    let query = parse_query(query);
    let mut model = shared.model.lock().await;
    if let Some(head) = shared.node.block_number().await {
        model
            .read_to(&shared.node, head.saturating_sub(faults.lag_blocks))
            .await;
    }
    let route = path.trim_start_matches("/api/v2/");
    match routes::respond(shared, &model, &faults, route, &query).await {
        Ok(mut body) => {
            for field in &faults.drop_fields {
                drop_field(&mut body, field);
            }
            json_reply(200, &body)
        }
        Err(422) => json_reply(
            422,
            &json!({"errors": [{"title": "Invalid value", "source": {"pointer": "/limit"}, "detail": "Unexpected field: limit"}]}),
        ),
        Err(status) => json_reply(status, &json!({"message": "Not found"})),
    }
}

fn parse_query(query: &str) -> BTreeMap<String, String> {
    let decode = |text: &str| {
        let text = text.replace('+', " ");
        let mut out = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%'
                && let Some(byte) = text
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(byte);
                i += 3;
                continue;
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key), decode(value))
        })
        .collect()
}

fn drop_field(value: &mut Value, field: &str) {
    match value {
        Value::Object(map) => {
            map.remove(field);
            for inner in map.values_mut() {
                drop_field(inner, field);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| drop_field(item, field)),
        _ => {}
    }
}
