//! Shared by the `evm_staking_*` and `evm_prepare_*` tests: the router over a fresh
//! seeded devnet (read over RPC, no index needed), JSON calls, and a wallet that signs
//! what the server prepared with a devnet key and sends it (the server never signs).

#![allow(dead_code, reason = "each test module uses a part")]

use std::path::PathBuf;
use std::str::FromStr;

use alloy::network::{EthereumWallet, TransactionBuilder};
use alloy::primitives::{Address, Bytes, U256};
use alloy::providers::{Provider, ProviderBuilder};
use alloy::rpc::types::TransactionRequest;
use alloy::signers::local::PrivateKeySigner;
use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::Value;
use tandem_evm::reads::ChainReader;
use tandem_server::app;
use tandem_server::state::AppState;
use tandem_testkit::EvmDevnet;

pub use crate::DEVNET;

/// A seeded devnet and the router serving it.
pub struct Harness {
    pub devnet: EvmDevnet,
    pub state: AppState,
    pub app: Router,
}

impl Harness {
    /// Starts a fresh devnet and the router over it.
    pub async fn start() -> Self {
        let (devnet, settings) = crate::start_devnet().await;
        let state = AppState::new(vec![settings], PathBuf::from("/nonexistent"));
        let app = app::router(state.clone());
        Self { devnet, state, app }
    }

    /// A named account's address.
    pub fn account(&self, name: &str) -> Address {
        self.devnet
            .manifest()
            .account(name)
            .unwrap()
            .address
            .parse()
            .unwrap()
    }

    /// A contract's address by its manifest key.
    pub fn contract(&self, key: &str) -> Address {
        self.devnet
            .manifest()
            .contract(key)
            .unwrap()
            .parse()
            .unwrap()
    }

    /// A helper contract's address (`seeded.helperContracts`).
    pub fn helper(&self, key: &str) -> Address {
        let seeded = &self.devnet.manifest().seeded;
        seeded["helperContracts"][key]
            .as_str()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// Reads straight from the chain, to check the API against.
    pub fn reader(&self) -> ChainReader {
        ChainReader::connect(self.devnet.rpc_url()).unwrap()
    }

    /// `method` on `/api/v1/evm/telos-evm-devnet/{path}`.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        call(
            &self.app,
            method,
            &format!("/api/v1/evm/{DEVNET}/{path}"),
            body,
        )
        .await
    }

    /// `POST …/transactions/prepare`.
    pub async fn prepare(&self, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, "transactions/prepare", Some(body))
            .await
    }

    /// `POST …/approvals/revoke-plan` for `owner`'s `items`.
    pub async fn revoke_plan(&self, owner: Address, items: Vec<String>) -> (StatusCode, Value) {
        let body = serde_json::json!({"owner": text(owner), "items": items});
        self.call(Method::POST, "approvals/revoke-plan", Some(body))
            .await
    }

    /// Prepares `body` and expects a transaction.
    pub async fn prepared(&self, body: Value) -> Value {
        let (status, answer) = self.prepare(body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body} → {answer}");
        answer
    }

    /// Signs a prepared transaction with `name`'s key, sends it and waits for a
    /// successful receipt.
    pub async fn sign_and_send(&self, name: &str, prepared: &Value) -> String {
        sign_and_send(&self.devnet, name, prepared).await
    }
}

/// Signs a transaction the server prepared with the devnet key of `name`, sends it
/// and waits for a successful receipt (what the user's wallet does); answers its hash.
pub async fn sign_and_send(devnet: &EvmDevnet, name: &str, prepared: &Value) -> String {
    let key = &devnet.manifest().account(name).unwrap().private_key;
    let signer = PrivateKeySigner::from_str(key).unwrap();
    assert_eq!(
        signer.address().to_checksum(None),
        prepared["from"].as_str().unwrap(),
        "prepared for another sender"
    );
    let provider = ProviderBuilder::new()
        .wallet(EthereumWallet::from(signer))
        .connect_http(devnet.rpc_url().parse().unwrap());
    let number = |field: &str| prepared[field].as_str().unwrap().parse::<u128>().unwrap();
    let request = TransactionRequest::default()
        .with_to(prepared["to"].as_str().unwrap().parse().unwrap())
        .with_input(Bytes::from_str(prepared["data"].as_str().unwrap()).unwrap())
        .with_value(U256::from_str(prepared["value"].as_str().unwrap()).unwrap())
        .with_gas_limit(u64::try_from(number("gasLimit")).unwrap())
        .with_gas_price(number("gasPrice"))
        .with_chain_id(prepared["chainId"].as_u64().unwrap());
    let receipt = provider
        .send_transaction(request)
        .await
        .expect("sent")
        .get_receipt()
        .await
        .expect("receipt");
    assert!(receipt.status(), "reverted on chain: {prepared}");
    format!("{:#x}", receipt.transaction_hash)
}

pub use crate::call;

/// Base units (decimal text) as exact whole-token text with `decimals`.
pub fn whole(base_units: &str, decimals: u8) -> String {
    let raw = U256::from_str_radix(base_units, 10).unwrap();
    tandem_domain::amount::Amount::new(raw, decimals)
        .unwrap()
        .to_plain_string()
}

/// Checksummed text of an address.
pub fn text(address: Address) -> String {
    address.to_checksum(None)
}
