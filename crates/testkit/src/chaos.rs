//! [`ChaosProxy`]: a JSON-RPC proxy that behaves like a public node on a bad day, in
//! front of a real one (the devnet's anvil). It refuses `eth_getLogs` ranges and
//! batches above configured sizes, in the words real nodes use, answers HTTP 429 at
//! random, and drops connections at random — before answering, or halfway through
//! the body. And it can pace requests as a rate-limited public node does: at most so
//! many a second pass, the rest wait their turn. And it can keep no state before a block,
//! as a pruned (non-archive) node: reads of older state are refused in its words.
//!
//! The randomness is seeded and keyed by the request itself (its body and how many
//! times that body was seen before), not by arrival order, so the same seed makes the
//! same decisions for the same requests however they interleave: a failure can be
//! replayed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};

use crate::TestkitError;
use crate::http::{HttpReply, HttpRequest, HttpServer};

/// How the proxy misbehaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chaos {
    /// Seed of every random decision.
    pub seed: u64,
    /// `eth_getLogs` over more blocks than this is refused.
    pub max_log_range: Option<u64>,
    /// Batches of more calls than this are refused.
    pub max_batch: Option<usize>,
    /// Requests answered `429 Too Many Requests`, per thousand.
    pub rate_limited_per_mille: u64,
    /// Connections dropped instead of answered, per thousand.
    pub dropped_per_mille: u64,
    /// Requests passed on per second at most (a batch is one request); later ones wait.
    pub requests_per_second: Option<u32>,
    /// State reads (`eth_call`, `eth_getBalance`, `eth_getCode`, `eth_getStorageAt`,
    /// `eth_getTransactionCount`) at a numbered block below this are refused, as a node
    /// that pruned older state refuses them.
    pub state_from_block: Option<u64>,
}

impl Chaos {
    /// A proxy that only counts: everything passes, at once.
    pub const HONEST: Self = Self {
        seed: 0,
        max_log_range: None,
        max_batch: None,
        rate_limited_per_mille: 0,
        dropped_per_mille: 0,
        requests_per_second: None,
        state_from_block: None,
    };
}

/// What the proxy did, for tests to check the chaos happened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChaosStats {
    /// Requests passed on to the node.
    pub forwarded: u64,
    /// Calls passed on, by method (a batch counts each of its calls).
    pub calls: HashMap<String, u64>,
    /// `eth_getLogs` refused for their range.
    pub ranges_refused: u64,
    /// Batches refused for their length.
    pub batches_refused: u64,
    /// Requests answered 429.
    pub rate_limited: u64,
    /// Connections dropped.
    pub dropped: u64,
}

#[derive(Debug, Default)]
struct Counters {
    forwarded: AtomicU64,
    ranges_refused: AtomicU64,
    batches_refused: AtomicU64,
    rate_limited: AtomicU64,
    dropped: AtomicU64,
    calls: Mutex<HashMap<String, u64>>,
    /// Times each request body was seen, by its hash.
    seen: Mutex<HashMap<u64, u64>>,
    /// When the next request may pass, under a rate limit.
    next_slot: Mutex<Option<tokio::time::Instant>>,
}

impl Counters {
    /// Waits for this request's turn under `per_second` (turns are handed out in
    /// arrival order, one every 1/`per_second` s).
    async fn pace(&self, per_second: u32) {
        let gap = std::time::Duration::from_secs(1) / per_second.max(1);
        let turn = {
            let mut next = self
                .next_slot
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let now = tokio::time::Instant::now();
            let turn = next.map_or(now, |at| at.max(now));
            *next = Some(turn + gap);
            turn
        };
        tokio::time::sleep_until(turn).await;
    }
}

/// The proxy; stops when dropped.
#[derive(Debug)]
pub struct ChaosProxy {
    server: HttpServer,
    counters: Arc<Counters>,
}

impl ChaosProxy {
    /// A proxy in front of the JSON-RPC node at `upstream`.
    ///
    /// # Errors
    /// When the server cannot start.
    pub fn start(upstream: &str, chaos: Chaos) -> Result<Self, TestkitError> {
        let counters = Arc::new(Counters::default());
        let client = reqwest::Client::new();
        let upstream = upstream.to_owned();
        let shared = Arc::clone(&counters);
        let server = HttpServer::start(
            2,
            Arc::new(move |request: HttpRequest| {
                let (client, upstream, counters) =
                    (client.clone(), upstream.clone(), Arc::clone(&shared));
                Box::pin(async move { handle(&client, &upstream, chaos, &counters, request).await })
            }),
        )?;
        Ok(Self { server, counters })
    }

    /// The proxy's URL, to give the client instead of the node's.
    #[must_use]
    pub fn url(&self) -> String {
        self.server.url()
    }

    /// What it did so far.
    #[must_use]
    pub fn stats(&self) -> ChaosStats {
        let counters = &self.counters;
        ChaosStats {
            forwarded: counters.forwarded.load(Ordering::Relaxed),
            calls: counters
                .calls
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
            ranges_refused: counters.ranges_refused.load(Ordering::Relaxed),
            batches_refused: counters.batches_refused.load(Ordering::Relaxed),
            rate_limited: counters.rate_limited.load(Ordering::Relaxed),
            dropped: counters.dropped.load(Ordering::Relaxed),
        }
    }
}

async fn handle(
    client: &reqwest::Client,
    upstream: &str,
    chaos: Chaos,
    counters: &Counters,
    request: HttpRequest,
) -> HttpReply {
    let key = fnv1a(&request.body);
    let occurrence = {
        let mut seen = counters.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let count = seen.entry(key).or_insert(0);
        *count += 1;
        *count
    };
    let roll = splitmix64(chaos.seed ^ key ^ occurrence.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let per_mille = roll % 1000;
    if per_mille < chaos.dropped_per_mille {
        counters.dropped.fetch_add(1, Ordering::Relaxed);
        return HttpReply::Hang;
    }
    if per_mille < chaos.dropped_per_mille + chaos.rate_limited_per_mille {
        counters.rate_limited.fetch_add(1, Ordering::Relaxed);
        return HttpReply::Answer {
            status: 429,
            headers: Vec::new(),
            body: b"rate limited".to_vec(),
        };
    }
    let parsed: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
    if let Some(refusal) = refusal(&parsed, chaos, counters, roll) {
        return refusal;
    }
    let calls = match &parsed {
        Value::Array(calls) => calls.iter().collect(),
        single => vec![single],
    };
    {
        let mut by_method = counters
            .calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for call in calls {
            let method = call["method"].as_str().unwrap_or("?").to_owned();
            *by_method.entry(method).or_insert(0) += 1;
        }
    }
    if let Some(per_second) = chaos.requests_per_second {
        counters.pace(per_second).await;
    }
    counters.forwarded.fetch_add(1, Ordering::Relaxed);
    let answer = client
        .post(upstream)
        .header("content-type", "application/json")
        .body(request.body)
        .send()
        .await;
    let Ok(answer) = answer else {
        return HttpReply::Hang;
    };
    let status = answer.status().as_u16();
    let Ok(body) = answer.bytes().await else {
        return HttpReply::Hang;
    };
    // One drop in four happens after the node answered, halfway through the body.
    if (roll >> 20) % 1000 < chaos.dropped_per_mille / 4 {
        counters.dropped.fetch_add(1, Ordering::Relaxed);
        return HttpReply::CutShort(body.to_vec());
    }
    HttpReply::Answer {
        status,
        headers: Vec::new(),
        body: body.to_vec(),
    }
}

/// The refusal a public node would give `request`, if any.
fn refusal(request: &Value, chaos: Chaos, counters: &Counters, roll: u64) -> Option<HttpReply> {
    if let (Value::Array(calls), Some(max)) = (request, chaos.max_batch)
        && calls.len() > max
    {
        counters.batches_refused.fetch_add(1, Ordering::Relaxed);
        // Some nodes say it with a status, others with one error object.
        return Some(if roll.is_multiple_of(2) {
            HttpReply::Answer {
                status: 413,
                headers: Vec::new(),
                body: b"Payload Too Large".to_vec(),
            }
        } else {
            error_object(
                &Value::Null,
                -32600,
                &format!("batch size too large: {} > {max}", calls.len()),
            )
        });
    }
    if let Some(refusal) = pruned_state(request, chaos) {
        return Some(refusal);
    }
    let max = chaos.max_log_range?;
    if request["method"] != "eth_getLogs" {
        return None;
    }
    let filter = &request["params"][0];
    let span = block(&filter["toBlock"])?.checked_sub(block(&filter["fromBlock"])?)? + 1;
    if span <= max {
        return None;
    }
    counters.ranges_refused.fetch_add(1, Ordering::Relaxed);
    let (code, message) = match roll % 3 {
        0 => (-32005, "query returned more than 10000 results".to_owned()),
        1 => (-32000, "block range is too large".to_owned()),
        _ => (-32602, format!("exceed maximum block range: {max}")),
    };
    Some(error_object(&request["id"], code, &message))
}

/// A state read below `state_from_block`, refused as geth-family nodes word it.
fn pruned_state(request: &Value, chaos: Chaos) -> Option<HttpReply> {
    let oldest = chaos.state_from_block?;
    let position = match request["method"].as_str()? {
        "eth_call" | "eth_getBalance" | "eth_getCode" | "eth_getTransactionCount" => 1,
        "eth_getStorageAt" => 2,
        _ => return None,
    };
    let at = block(&request["params"][position])?;
    (at < oldest).then(|| {
        error_object(
            &request["id"],
            -32000,
            &format!("missing trie node: state at block {at} is not available (pruned)"),
        )
    })
}

fn error_object(id: &Value, code: i64, message: &str) -> HttpReply {
    let body = json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } });
    HttpReply::json(body.to_string().into_bytes())
}

fn block(tag: &Value) -> Option<u64> {
    u64::from_str_radix(tag.as_str()?.strip_prefix("0x")?, 16).ok()
}

/// FNV-1a: a stable hash of a request body (std's hasher may change between releases).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// SplitMix64: a well-mixed 64-bit value from any seed.
pub(crate) fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
