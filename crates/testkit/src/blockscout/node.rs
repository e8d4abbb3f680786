//! What the Blockscout fake reads from the devnet's node: plain JSON-RPC over HTTP, and
//! the few contract calls it needs encoded and decoded by hand (selectors and 32-byte
//! words), so the fake depends on nothing of the code it stands in front of.

use alloy_primitives::{Address, B256, U256};
use serde_json::{Value, json};

/// `keccak256("Transfer(address,address,uint256)")`.
pub const TRANSFER: &str = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/// `keccak256("TransferSingle(address,address,address,uint256,uint256)")`.
pub const TRANSFER_SINGLE: &str =
    "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
/// `keccak256("TransferBatch(address,address,address,uint256[],uint256[])")`.
pub const TRANSFER_BATCH: &str =
    "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";
/// `keccak256("Deposit(address,uint256)")` (WETH9-style wrapping).
pub const DEPOSIT: &str = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
/// `keccak256("Withdrawal(address,uint256)")`.
pub const WITHDRAWAL: &str = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

/// A JSON-RPC client of one node.
#[derive(Debug, Clone)]
pub struct Node {
    http: reqwest::Client,
    url: String,
}

impl Node {
    pub fn new(url: &str) -> Self {
        Self {
            http: reqwest::Client::new(),
            url: url.to_owned(),
        }
    }

    /// One call's result; `None` when the node answered an error object or nothing.
    pub async fn call(&self, method: &str, params: Value) -> Option<Value> {
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
        let answer: Value = self
            .http
            .post(&self.url)
            .json(&body)
            .send()
            .await
            .ok()?
            .json()
            .await
            .ok()?;
        answer.get("result").cloned()
    }

    pub async fn block_number(&self) -> Option<u64> {
        number(&self.call("eth_blockNumber", json!([])).await?)
    }

    pub async fn block(&self, number: u64) -> Option<Value> {
        self.call("eth_getBlockByNumber", json!([hex(number), true]))
            .await
    }

    pub async fn receipt(&self, hash: &str) -> Option<Value> {
        self.call("eth_getTransactionReceipt", json!([hash])).await
    }

    pub async fn balance(&self, address: Address, block: u64) -> Option<U256> {
        let text = self
            .call(
                "eth_getBalance",
                json!([format!("{address:#x}"), hex(block)]),
            )
            .await?;
        text.as_str()
            .and_then(|t| U256::from_str_radix(t.trim_start_matches("0x"), 16).ok())
    }

    /// `eth_call` of `selector` with `words` as arguments; the return data.
    pub async fn eth_call(
        &self,
        to: Address,
        selector: &str,
        words: &[B256],
        block: u64,
    ) -> Option<Vec<u8>> {
        let mut data = selector.to_owned();
        for word in words {
            data.push_str(format!("{word:x}").trim_start_matches("0x"));
        }
        let answer = self
            .call(
                "eth_call",
                json!([{"to": format!("{to:#x}"), "data": data}, hex(block)]),
            )
            .await?;
        bytes(answer.as_str()?)
    }

    pub async fn text_call(
        &self,
        to: Address,
        selector: &str,
        words: &[B256],
        block: u64,
    ) -> Option<String> {
        decode_string(&self.eth_call(to, selector, words, block).await?)
    }

    pub async fn uint_call(
        &self,
        to: Address,
        selector: &str,
        words: &[B256],
        block: u64,
    ) -> Option<U256> {
        let data = self.eth_call(to, selector, words, block).await?;
        (data.len() >= 32).then(|| U256::from_be_slice(&data[..32]))
    }

    /// ERC-165 `supportsInterface(id)`.
    pub async fn supports(&self, to: Address, interface: &str, block: u64) -> bool {
        let mut word = [0u8; 32];
        if let Some(id) = bytes(interface) {
            word[..id.len().min(4)].copy_from_slice(&id[..id.len().min(4)]);
        }
        self.uint_call(to, "0x01ffc9a7", &[B256::from(word)], block)
            .await
            .is_some_and(|answer| answer == U256::from(1))
    }
}

pub fn hex(number: u64) -> String {
    format!("{number:#x}")
}

pub fn number(value: &Value) -> Option<u64> {
    u64::from_str_radix(value.as_str()?.trim_start_matches("0x"), 16).ok()
}

pub fn bytes(text: &str) -> Option<Vec<u8>> {
    let hex = text.trim().trim_start_matches("0x");
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

pub fn word_of(address: Address) -> B256 {
    address.into_word()
}

pub fn word_of_u256(value: U256) -> B256 {
    B256::from(value.to_be_bytes::<32>())
}

/// An ABI-encoded `string` return value.
pub fn decode_string(data: &[u8]) -> Option<String> {
    let offset = usize::try_from(U256::from_be_slice(data.get(..32)?)).ok()?;
    let length = usize::try_from(U256::from_be_slice(data.get(offset..offset + 32)?)).ok()?;
    let text = data.get(offset + 32..offset + 32 + length)?;
    String::from_utf8(text.to_vec()).ok()
}

/// An ABI-encoded `uint256[]` at `offset` (bytes) of `data`.
pub fn decode_uints(data: &[u8], offset: usize) -> Option<Vec<U256>> {
    let length = usize::try_from(U256::from_be_slice(data.get(offset..offset + 32)?)).ok()?;
    (0..length)
        .map(|i| {
            let at = offset + 32 + i * 32;
            Some(U256::from_be_slice(data.get(at..at + 32)?))
        })
        .collect()
}
