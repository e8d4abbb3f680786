//! [`ModelNode`]: a [`ModelChain`] served over JSON-RPC on loopback, answering what an
//! indexer asks — `eth_chainId`, `eth_blockNumber`, `eth_getBlockByNumber` (hashes or
//! full transactions), `eth_getBlockReceipts`, `eth_getTransactionReceipt`,
//! `eth_getBlockTransactionCountByNumber`, `eth_getLogs` (range, address and topic
//! filters), `eth_getBalance`, `eth_getCode` and the ERC-20 reads of `eth_call` — with
//! the fields and sizes a real node sends (blooms, roots and signatures included), in
//! batches too. State reads answer the chain's final state whatever block they name,
//! as a node without archive state effectively does.
//!
//! Optional [`ModelLimits`] make it refuse what public nodes refuse: long log ranges,
//! answers with too many logs, long batches.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use alloy_primitives::{Address, B256, U256};
use serde_json::Value;

use super::ModelChain;
use super::json::{
    block_json, log_json, log_topics, push_hex, quantity, receipt_json, receipts_json,
};
use crate::TestkitError;
use crate::http::{HttpReply, HttpRequest, HttpServer};

/// Chain id the model answers (Telos EVM mainnet's).
pub(super) const CHAIN_ID: u64 = 40;
/// First block's time: blocks follow every half second.
pub(super) const GENESIS_TIME: u64 = 1_700_000_000;

/// What the model node refuses, like a public node.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ModelLimits {
    /// `eth_getLogs` over more blocks is refused.
    pub max_log_range: Option<u64>,
    /// `eth_getLogs` finding more logs is refused.
    pub max_log_results: Option<usize>,
    /// Batches of more calls are refused.
    pub max_batch: Option<usize>,
    /// `eth_getBlockTransactionCountByNumber` does not exist, as on some nodes.
    pub lacks_transaction_counts: bool,
}

/// The node; stops when dropped.
#[derive(Debug)]
pub struct ModelNode {
    server: HttpServer,
    calls: Arc<Mutex<HashMap<String, u64>>>,
    /// Answer bytes by method.
    answered: Arc<Mutex<HashMap<String, u64>>>,
    requests: Arc<AtomicU64>,
}

impl ModelNode {
    /// Serves `chain` on a free 127.0.0.1 port with `workers` threads.
    ///
    /// # Errors
    /// When the server cannot start.
    pub fn start(
        chain: Arc<ModelChain>,
        limits: ModelLimits,
        workers: usize,
    ) -> Result<Self, TestkitError> {
        let calls = Arc::new(Mutex::new(HashMap::new()));
        let answered = Arc::new(Mutex::new(HashMap::new()));
        let requests = Arc::new(AtomicU64::new(0));
        let (counted, sized, requested) = (
            Arc::clone(&calls),
            Arc::clone(&answered),
            Arc::clone(&requests),
        );
        let server = HttpServer::start(
            workers,
            Arc::new(move |request: HttpRequest| {
                let (chain, counted, sized, requested) = (
                    Arc::clone(&chain),
                    Arc::clone(&counted),
                    Arc::clone(&sized),
                    Arc::clone(&requested),
                );
                Box::pin(async move {
                    requested.fetch_add(1, Ordering::Relaxed);
                    answer(&chain, limits, (&counted, &sized), &request.body)
                })
            }),
        )?;
        Ok(Self {
            server,
            calls,
            answered,
            requests,
        })
    }

    /// The node's URL.
    #[must_use]
    pub fn url(&self) -> String {
        self.server.url()
    }

    /// HTTP requests answered so far.
    #[must_use]
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    /// Calls answered so far, by method (a batch counts each of its calls).
    #[must_use]
    pub fn calls(&self) -> HashMap<String, u64> {
        self.calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Bytes of the answers given so far, by method (each call's JSON-RPC envelope).
    #[must_use]
    pub fn answer_bytes(&self) -> HashMap<String, u64> {
        self.answered
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Forgets the counts.
    pub fn reset_counts(&self) {
        for counts in [&self.calls, &self.answered] {
            counts
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clear();
        }
        self.requests.store(0, Ordering::Relaxed);
    }
}

/// A JSON-RPC error: code and message.
type Failure = (i64, String);

/// Calls and answer bytes by method.
type Counters<'a> = (
    &'a Mutex<HashMap<String, u64>>,
    &'a Mutex<HashMap<String, u64>>,
);

fn answer(
    chain: &ModelChain,
    limits: ModelLimits,
    (counted, sized): Counters<'_>,
    body: &[u8],
) -> HttpReply {
    let Ok(request) = serde_json::from_slice::<Value>(body) else {
        return HttpReply::json(
            envelope(&Value::Null, Err((-32700, "parse error".into()))).into_bytes(),
        );
    };
    let calls: Vec<&Value> = match &request {
        Value::Array(calls) => calls.iter().collect(),
        single => vec![single],
    };
    if let (Value::Array(_), Some(max)) = (&request, limits.max_batch)
        && calls.len() > max
    {
        let refusal = Err((
            -32600,
            format!("batch size too large: {} > {max}", calls.len()),
        ));
        return HttpReply::json(envelope(&Value::Null, refusal).into_bytes());
    }
    {
        let mut counted = counted.lock().unwrap_or_else(PoisonError::into_inner);
        for call in &calls {
            let method = call["method"].as_str().unwrap_or("?");
            *counted.entry(method.to_owned()).or_insert(0) += 1;
        }
    }
    let answers: Vec<String> = calls
        .iter()
        .map(|call| envelope(&call["id"], dispatch(chain, limits, call)))
        .collect();
    {
        let mut sized = sized.lock().unwrap_or_else(PoisonError::into_inner);
        for (call, answer) in calls.iter().zip(&answers) {
            let method = call["method"].as_str().unwrap_or("?");
            *sized.entry(method.to_owned()).or_insert(0) += answer.len() as u64;
        }
    }
    let body = match request {
        Value::Array(_) => format!("[{}]", answers.join(",")),
        _ => answers.into_iter().next().unwrap_or_default(),
    };
    HttpReply::json(body.into_bytes())
}

fn envelope(id: &Value, result: Result<String, Failure>) -> String {
    match result {
        Ok(result) => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{result}}}"#),
        Err((code, message)) => format!(
            r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":{code},"message":{}}}}}"#,
            Value::String(message)
        ),
    }
}

fn dispatch(chain: &ModelChain, limits: ModelLimits, call: &Value) -> Result<String, Failure> {
    let params = &call["params"];
    let block_param = |index: usize| block_tag(chain, &params[index]);
    match call["method"].as_str().unwrap_or_default() {
        "eth_chainId" => Ok(quantity(CHAIN_ID)),
        "eth_blockNumber" => Ok(quantity(chain.head())),
        "eth_getBlockByNumber" => Ok(block_param(0)?.map_or_else(
            || "null".to_owned(),
            |number| block_json(chain, number, params[1].as_bool().unwrap_or(false)),
        )),
        "eth_getBlockReceipts" => Ok(block_param(0)?
            .map_or_else(|| "null".to_owned(), |number| receipts_json(chain, number))),
        "eth_getBlockTransactionCountByNumber" if limits.lacks_transaction_counts => Err((
            -32601,
            "the method eth_getBlockTransactionCountByNumber does not exist/is not available"
                .to_owned(),
        )),
        "eth_getBlockTransactionCountByNumber" => Ok(block_param(0)?.map_or_else(
            || "null".to_owned(),
            |number| quantity(chain.transactions(number).len() as u64),
        )),
        "eth_getTransactionReceipt" => {
            let hash: B256 = serde_json::from_value(params[0].clone()).map_err(invalid)?;
            Ok(chain.locate(&hash).map_or_else(
                || "null".to_owned(),
                |(number, index)| {
                    let mut out = String::new();
                    receipt_json(&mut out, chain, number, index);
                    out
                },
            ))
        }
        "eth_getLogs" => logs(chain, limits, &params[0]),
        "eth_getBalance" => {
            let account: Address = serde_json::from_value(params[0].clone()).map_err(invalid)?;
            Ok(format!("\"{:#x}\"", chain.native_balance(account)))
        }
        "eth_getCode" => {
            let account: Address = serde_json::from_value(params[0].clone()).map_err(invalid)?;
            let code = if chain.tokens().contains(&account) {
                "0x6080604052"
            } else {
                "0x"
            };
            Ok(format!("\"{code}\""))
        }
        "eth_call" => call_json(chain, &params[0]),
        other => Err((
            -32601,
            format!("the method {other} does not exist/is not available"),
        )),
    }
}

fn invalid(error: serde_json::Error) -> Failure {
    (-32602, format!("invalid params: {error}"))
}

/// A block tag: `None` above the head.
fn block_tag(chain: &ModelChain, tag: &Value) -> Result<Option<u64>, Failure> {
    let number = match tag.as_str().unwrap_or("latest") {
        "latest" | "safe" | "finalized" | "pending" => chain.head(),
        "earliest" => 0,
        hex => u64::from_str_radix(hex.trim_start_matches("0x"), 16)
            .map_err(|_| (-32602, format!("invalid block tag {hex}")))?,
    };
    Ok((number <= chain.head()).then_some(number))
}

/// `eth_getLogs` with a block range, addresses and topics per position.
fn logs(chain: &ModelChain, limits: ModelLimits, filter: &Value) -> Result<String, Failure> {
    let from = block_tag(chain, &filter["fromBlock"])?.unwrap_or(chain.head() + 1);
    let to = block_tag(chain, &filter["toBlock"])?.unwrap_or(chain.head());
    if let Some(max) = limits.max_log_range
        && to >= from
        && to - from + 1 > max
    {
        return Err((-32000, format!("exceed maximum block range: {max}")));
    }
    // Each position: any topic (null), one, or any of several.
    let mut positions: Vec<Option<Vec<B256>>> = Vec::new();
    for position in filter["topics"].as_array().into_iter().flatten() {
        positions.push(match position {
            Value::Null => None,
            one @ Value::String(_) => {
                Some(vec![serde_json::from_value(one.clone()).map_err(invalid)?])
            }
            many => Some(serde_json::from_value(many.clone()).map_err(invalid)?),
        });
    }
    let addresses: Option<Vec<Address>> = match &filter["address"] {
        Value::Null => None,
        one @ Value::String(_) => Some(vec![serde_json::from_value(one.clone()).map_err(invalid)?]),
        many => Some(serde_json::from_value(many.clone()).map_err(invalid)?),
    };
    let mut out = String::from("[");
    let mut found = 0usize;
    if from <= to {
        for number in chain.busy_in(from, to) {
            let block_hash = chain.block_hash(number);
            let mut log_index = 0;
            for (tx_index, tx) in chain.transactions(number).iter().enumerate() {
                for log in &tx.logs {
                    let topics = log_topics(log);
                    let topics_match = positions.iter().enumerate().all(|(i, wanted)| {
                        wanted.as_ref().is_none_or(|wanted| {
                            topics.get(i).is_some_and(|topic| wanted.contains(topic))
                        })
                    });
                    if topics_match
                        && addresses
                            .as_ref()
                            .is_none_or(|wanted| wanted.contains(&log.token))
                    {
                        found += 1;
                        if limits.max_log_results.is_some_and(|max| found > max) {
                            return Err((
                                -32005,
                                format!("query returned more than {} results", found - 1),
                            ));
                        }
                        if found > 1 {
                            out.push(',');
                        }
                        log_json(&mut out, tx, log, number, &block_hash, tx_index, log_index);
                    }
                    log_index += 1;
                }
            }
        }
    }
    out.push(']');
    Ok(out)
}

/// The ERC-20 reads of `eth_call`, answered from the final state.
fn call_json(chain: &ModelChain, call: &Value) -> Result<String, Failure> {
    let to: Address = serde_json::from_value(call["to"].clone()).map_err(invalid)?;
    let data = call["data"]
        .as_str()
        .or_else(|| call["input"].as_str())
        .unwrap_or("0x");
    let data = alloy_primitives::hex::decode(data).map_err(|error| (-32602, error.to_string()))?;
    if !chain.tokens().contains(&to) {
        return Ok("\"0x\"".to_owned());
    }
    let word = |index: usize| data.get(4 + index * 32..4 + (index + 1) * 32);
    let address_at = |index: usize| word(index).map(|word| Address::from_slice(&word[12..]));
    let answer = match data.get(..4) {
        Some([0x70, 0xa0, 0x82, 0x31]) => {
            let holder = address_at(0).ok_or((3, "execution reverted".to_owned()))?;
            U256::from(chain.balance(to, holder))
                .to_be_bytes::<32>()
                .to_vec()
        }
        Some([0xdd, 0x62, 0xed, 0x3e]) => U256::ZERO.to_be_bytes::<32>().to_vec(),
        Some([0x31, 0x3c, 0xe5, 0x67]) => U256::from(18u8).to_be_bytes::<32>().to_vec(),
        Some([0x18, 0x16, 0x0d, 0xdd]) => chain.supply(to).to_be_bytes::<32>().to_vec(),
        Some([0x95, 0xd8, 0x9b, 0x41] | [0x06, 0xfd, 0xde, 0x03]) => {
            let index = chain
                .tokens()
                .iter()
                .position(|token| *token == to)
                .unwrap_or(0);
            abi_string(&format!("TK{index}"))
        }
        _ => return Err((3, "execution reverted".to_owned())),
    };
    let mut out = String::new();
    push_hex(&mut out, &answer);
    Ok(out)
}

fn abi_string(text: &str) -> Vec<u8> {
    let mut out = U256::from(32u8).to_be_bytes::<32>().to_vec();
    out.extend_from_slice(&U256::from(text.len()).to_be_bytes::<32>());
    let mut padded = text.as_bytes().to_vec();
    padded.resize(text.len().div_ceil(32) * 32, 0);
    out.extend_from_slice(&padded);
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ModelSpec;
    use crate::model_chain::TRANSFER_TOPIC;

    async fn ask(url: &str, body: &Value) -> Value {
        let answer = reqwest::Client::new()
            .post(url)
            .json(body)
            .send()
            .await
            .unwrap_or_else(|error| panic!("request: {error}"));
        answer
            .json()
            .await
            .unwrap_or_else(|error| panic!("answer: {error}"))
    }

    fn word(account: Address) -> String {
        format!("{:#x}", B256::left_padding_from(account.as_slice()))
    }

    #[tokio::test]
    async fn one_accounts_transfers_are_found_by_topic_and_limits_are_kept() {
        let focus = Address::repeat_byte(0xf0);
        let chain = Arc::new(ModelChain::generate(ModelSpec {
            blocks: 50_000,
            transfers: 2_000,
            holders: 200,
            focus: Some((focus, 100)),
            ..ModelSpec::default()
        }));
        let limits = ModelLimits {
            max_log_range: Some(10_000),
            max_log_results: None,
            max_batch: Some(3),
            ..ModelLimits::default()
        };
        let node = ModelNode::start(Arc::clone(&chain), limits, 1)
            .unwrap_or_else(|error| panic!("node: {error}"));
        let mut involving = 0;
        for (position, account) in [(1, focus), (2, focus)] {
            let mut topics = vec![
                json!(format!("{TRANSFER_TOPIC:#x}")),
                Value::Null,
                Value::Null,
            ];
            topics[position] = json!(word(account));
            for from in (0..50_000u64).step_by(10_000) {
                let filter = json!({
                    "fromBlock": format!("{from:#x}"),
                    "toBlock": format!("{:#x}", from + 9_999),
                    "topics": topics,
                });
                let answer = ask(
                    &node.url(),
                    &json!({"jsonrpc": "2.0", "id": 1, "method": "eth_getLogs", "params": [filter]}),
                )
                .await;
                involving += answer["result"].as_array().map_or(0, Vec::len);
            }
        }
        assert_eq!(involving, 100, "every transfer of the account, once");

        let too_long = json!({"jsonrpc": "2.0", "id": 2, "method": "eth_getLogs",
            "params": [{"fromBlock": "0x0", "toBlock": "0x2710"}]});
        assert_eq!(ask(&node.url(), &too_long).await["error"]["code"], -32000);
        let call = json!({"jsonrpc": "2.0", "id": 3, "method": "eth_blockNumber", "params": []});
        let batch = json!([call, call, call, call]);
        assert_eq!(ask(&node.url(), &batch).await["error"]["code"], -32600);
        let head = ask(&node.url(), &call).await;
        assert_eq!(head["result"], format!("{:#x}", chain.head()));
    }
}
