//! Shared set-up of the devnet tests: clients for a running native devnet, a signer.

#![allow(dead_code, reason = "each test module uses a part")]

use tandem_antelope::keys::PrivateKey;
use tandem_antelope::{ChainClient, HistoryClient, Transaction};
use tandem_domain::antelope::{Asset, Name};
use tandem_domain::sponsor::{Action, PermissionLevel, TransferData};
use tandem_testkit::{NativeDevnet, NativeManifest};

/// A devnet with its clients.
pub struct Devnet {
    pub devnet: NativeDevnet,
    pub chain: ChainClient,
    pub history: HistoryClient,
}

pub fn start() -> Devnet {
    let devnet = NativeDevnet::start().expect("native devnet starts");
    let http = reqwest::Client::new();
    let manifest = devnet.manifest();
    Devnet {
        chain: ChainClient::new(&manifest.rpc_url, http.clone()).expect("rpc url"),
        history: HistoryClient::new(&manifest.history_url, http).expect("history url"),
        devnet,
    }
}

impl Devnet {
    pub fn manifest(&self) -> &NativeManifest {
        self.devnet.manifest()
    }

    pub fn key(&self, account: &str, permission: &str) -> PrivateKey {
        self.manifest()
            .account(account, permission)
            .expect("account in manifest")
            .private_key
            .parse()
            .expect("WIF")
    }

    /// Signs `transaction` with each key, for this chain.
    pub fn sign(&self, transaction: &Transaction, keys: &[PrivateKey]) -> Vec<String> {
        let digest = transaction
            .signing_digest(&self.manifest().chain_id)
            .expect("digest");
        keys.iter()
            .map(|key| key.sign_digest(&digest).expect("signature").to_string())
            .collect()
    }

    pub async fn balance(&self, account: &str) -> Asset {
        let balances = self
            .chain
            .get_currency_balance(name("eosio.token"), name(account), Some("TLOS"))
            .await
            .expect("balance");
        balances
            .first()
            .copied()
            .unwrap_or_else(|| asset("0.0000 TLOS"))
    }
}

pub fn name(text: &str) -> Name {
    text.parse().expect("valid name")
}

pub fn asset(text: &str) -> Asset {
    text.parse().expect("valid asset")
}

pub fn active(actor: &str) -> PermissionLevel {
    PermissionLevel {
        actor: name(actor),
        permission: name("active"),
    }
}

/// `eosio.token::transfer` authorised by `from@active`.
pub fn transfer(from: &str, to: &str, quantity: &str, memo: &str) -> Action {
    let data = TransferData {
        from: name(from),
        to: name(to),
        quantity: asset(quantity),
        memo: memo.to_owned(),
    };
    Action {
        account: name("eosio.token"),
        name: name("transfer"),
        authorization: vec![active(from)],
        data: data.encode(),
    }
}
